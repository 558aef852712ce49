package citation_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing/fstest"

	"github.com/wardline/wardline/citation"
)

func ExampleQuoteHash() {
	a := citation.QuoteHash("the SLA is 99.95%\n   monthly")
	b := citation.QuoteHash("  the SLA is 99.95% monthly ")
	c := citation.QuoteHash("the SLA is 99.9% monthly")
	fmt.Println(a)
	fmt.Println(a == b, a == c)
	// Output:
	// sha256:0476b3b054933c4799ee57d1e295db659c647b95e9103dabca9729a16df7e3d9
	// true false
}

func ExampleVerify() {
	sources := fstest.MapFS{ // the workspace's raw/ directory
		"rfc-0034.md": {Data: []byte("## Availability\n\nThe SLA is 99.95% monthly, measured at\nthe load balancer.\n")},
	}
	// A write tool anchors the agent's quote; Anchor refuses fabrications.
	c, err := citation.Anchor(sources, citation.Citation{
		Label: "1", Source: "raw/rfc-0034.md", Locator: "§Availability",
		Quote: "The SLA is 99.95% monthly, measured at the load balancer",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	def, _ := c.Format()
	page := "---\ntitle: SLA\nsources: [raw/rfc-0034.md]\n---\nAvailability is 99.95%.[^1]\n\n" + def + "\n"
	fmt.Println(len(citation.Verify([]byte(page), sources)), "problems")

	// The same page after the agent "improves" the number.
	fabricated := citation.Citation{Label: "1", Source: "raw/rfc-0034.md",
		Quote: "The SLA is 99.99% monthly, measured at the load balancer"}
	def, _ = fabricated.Format()
	page = "Availability is 99.99%.[^1]\n\n" + def + "\n"
	for _, p := range citation.Verify([]byte(page), sources) {
		fmt.Println(p.Kind, p.Line)
	}
	// Output:
	// 0 problems
	// quote-not-found 3
}

func ExampleCitation_Format() {
	c := citation.Citation{Label: "1", Source: "raw/rfc-0034.md", Locator: "p.3", Quote: "the SLA is 99.95% monthly"}
	s, err := c.Format()
	fmt.Println(s, err)
	back, _ := citation.ParseDefinition(s)
	fmt.Println(back.Source, back.Locator, back.Quote)
	// Output:
	// [^1]: raw/rfc-0034.md, p.3 — "the SLA is 99.95% monthly" (sha256:0476b3b054933c4799ee57d1e295db659c647b95e9103dabca9729a16df7e3d9) <nil>
	// raw/rfc-0034.md p.3 the SLA is 99.95% monthly
}

func ExampleReplaceOnce() {
	doc := "The SLA is 99.9%.\nSee [^1] and [^1].\n"
	out, err := citation.ReplaceOnce(doc, "99.9%", "99.95%")
	fmt.Printf("%q %v\n", out, err)
	_, err = citation.ReplaceOnce(doc, "[^1]", "[^2]")
	fmt.Println(errors.Is(err, citation.ErrMultipleMatches), err)
	_, err = citation.ReplaceOnce(doc, "100%", "x")
	fmt.Println(errors.Is(err, citation.ErrNoMatch))
	// Output:
	// "The SLA is 99.95%.\nSee [^1] and [^1].\n" <nil>
	// true citation: text to replace occurs more than once (2 occurrences; include more context to make it unique)
	// true
}

func ExampleParseLogHeader() {
	h, err := citation.ParseLogHeader("## [2026-11-22] ingest | RFC 0034 service levels | touched: sla.md, index.md")
	fmt.Println(h.Date.Format("Jan 2 2006"), h.Op, h.Title, h.Touched, err)
	_, err = citation.ParseLogHeader("## [2026-02-30] ingest | RFC | touched: sla.md")
	fmt.Println(err)
	// Output:
	// Nov 22 2026 ingest RFC 0034 service levels [sla.md index.md] <nil>
	// citation: malformed log header: date is not a real YYYY-MM-DD day
}

func ExampleWorkspace_Check() {
	dir, _ := os.MkdirTemp("", "workspace")
	defer os.RemoveAll(dir)
	os.MkdirAll(filepath.Join(dir, "raw"), 0o755)
	os.MkdirAll(filepath.Join(dir, "wiki"), 0o755)
	os.WriteFile(filepath.Join(dir, "wiki", "index.md"), []byte("# Index\n"), 0o644)

	ws, err := citation.OpenWorkspace(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ws.Close()
	fmt.Println(ws.Check(citation.OpCreate, "wiki/sla.md"))
	fmt.Println(ws.Check(citation.OpCreate, "wiki/../raw/rfc.md"))
	fmt.Println(ws.Check(citation.OpCreate, "raw/rfc.md"))
	fmt.Println(ws.Check(citation.OpDelete, "wiki/index.md"))
	// Output:
	// <nil>
	// citation: create "wiki/../raw/rfc.md": hostile path (dot element)
	// citation: create "raw/rfc.md": raw/ is read-only
	// citation: delete "wiki/index.md": protected file
}

func ExampleCheckTemplate() {
	err := citation.CheckTemplate([]byte("---\ntitle: SLA\n---\nBody.\n"))
	fmt.Println(err)
	fmt.Println(citation.CheckQuota(500, 500))
	// Output:
	// citation: template: missing or empty required fields: sources
	// citation: page quota: workspace has 500 of 500 pages
}

func ExampleVerifier_Verify() {
	v, err := citation.New(citation.WithMinQuote(25), citation.WithStructural("index.md", "archives/"))
	if err != nil {
		fmt.Println(err)
		return
	}
	page := []byte("# Index\n\n- [Service levels](sla.md)\n")
	fmt.Println(len(v.Verify("index.md", page, nil)), "problems for index.md")
	for _, p := range v.Verify("sla.md", page, nil) {
		fmt.Println(p)
	}
	// Output:
	// 0 problems for index.md
	// citation: line 1: uncited-page: a body page needs at least one footnote citation
}

func ExampleWorkspaces_Open() {
	dir, _ := os.MkdirTemp("", "workspaces")
	defer os.RemoveAll(dir)
	for _, ws := range []string{"acme", "globex"} {
		os.MkdirAll(filepath.Join(dir, ws, "raw"), 0o755)
		os.MkdirAll(filepath.Join(dir, ws, "wiki"), 0o755)
	}
	pinned, err := citation.OpenWorkspaces(dir, "acme")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer pinned.Close()
	ws, err := pinned.Open("")
	fmt.Println(ws.Name(), err)
	ws.Close()
	_, err = pinned.Open("globex")
	fmt.Println(errors.Is(err, citation.ErrOtherWorkspace), err)
	// Output:
	// acme <nil>
	// true citation: "globex": another workspace (this guardian is pinned to one workspace)
}
