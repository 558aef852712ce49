package workspace_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/wardline/wardline/citation/workspace"
)

func ExampleWorkspace_Check() {
	dir, _ := os.MkdirTemp("", "workspace")
	defer os.RemoveAll(dir)
	os.MkdirAll(filepath.Join(dir, "raw"), 0o755)
	os.MkdirAll(filepath.Join(dir, "wiki"), 0o755)
	os.WriteFile(filepath.Join(dir, "wiki", "index.md"), []byte("# Index\n"), 0o644)

	ws, err := workspace.Open(dir, workspace.WithMaxPages(1))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ws.Close()
	fmt.Println(ws.Check(workspace.OpRead, "wiki/index.md"))
	fmt.Println(ws.Check(workspace.OpCreate, "wiki/../raw/rfc.md"))
	fmt.Println(ws.Check(workspace.OpCreate, "raw/rfc.md"))
	fmt.Println(ws.Check(workspace.OpDelete, "wiki/index.md"))
	fmt.Println(ws.Check(workspace.OpCreate, "wiki/sla.md"))
	// Output:
	// <nil>
	// workspace: create "wiki/../raw/rfc.md": hostile path (dot element)
	// workspace: create "raw/rfc.md": raw/ is read-only
	// workspace: delete "wiki/index.md": protected file
	// workspace: create "wiki/sla.md": page quota reached (wiki/ holds 1 of 1 pages)
}

func ExampleCheckTemplate() {
	err := workspace.CheckTemplate([]byte("---\ntitle: SLA\n---\nBody.\n"))
	fmt.Println(err)
	// Output:
	// workspace: template: missing or empty required fields: sources
}

func ExampleReplaceOnce() {
	doc := "The SLA is 99.9%.\nThe SLA is measured monthly.\n"
	_, err := workspace.ReplaceOnce(doc, "The SLA is", "The availability target is")
	fmt.Println(err)
	out, err := workspace.ReplaceOnce(doc, "99.9%", "99.95%")
	fmt.Print(out)
	fmt.Println(err)
	// Output:
	// workspace: text to replace occurs more than once (2 occurrences; include more context to make it unique)
	// The SLA is 99.95%.
	// The SLA is measured monthly.
	// <nil>
}

func ExampleParseLogHeader() {
	h, err := workspace.ParseLogHeader("## [2026-11-22] ingest | RFC 0034 service levels | touched: sla.md, index.md")
	fmt.Println(h.Date.Format("Jan 2 2006"), h.Op, h.Title, h.Touched, err)
	_, err = workspace.ParseLogHeader("## [2026-02-30] ingest | RFC | touched: sla.md")
	fmt.Println(err)
	// Output:
	// Nov 22 2026 ingest RFC 0034 service levels [sla.md index.md] <nil>
	// workspace: malformed log header: date is not a real YYYY-MM-DD day
}

func ExampleWorkspaces_Open() {
	dir, _ := os.MkdirTemp("", "workspaces")
	defer os.RemoveAll(dir)
	for _, ws := range []string{"acme", "globex"} {
		os.MkdirAll(filepath.Join(dir, ws, "raw"), 0o755)
		os.MkdirAll(filepath.Join(dir, ws, "wiki"), 0o755)
	}
	pinned, err := workspace.OpenWorkspaces(dir, "acme")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer pinned.Close()
	ws, err := pinned.Open("")
	fmt.Println(ws.Name(), err)
	ws.Close()
	_, err = pinned.Open("globex")
	fmt.Println(errors.Is(err, workspace.ErrOtherWorkspace), err)
	// Output:
	// acme <nil>
	// true workspace: "globex": another workspace (this guardian is pinned to one workspace)
}
