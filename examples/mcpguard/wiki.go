package main

import (
	"context"
	"errors"
	"os"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wardline/wardline/citation"
	"github.com/wardline/wardline/citation/workspace"
	"github.com/wardline/wardline/examples/mcpguard/toolguard"
)

// DefaultMaxPages is the wiki page quota when none is configured.
const DefaultMaxPages = 500

// maxPageBytes bounds a page write.
const maxPageBytes = 256 << 10

// wikiIn is write_wiki_page's input.
type wikiIn struct {
	Path    string `json:"path" jsonschema:"page path relative to the workspace, under wiki/ and ending in .md, e.g. wiki/sla.md"`
	Content string `json:"content" jsonschema:"the whole page: YAML frontmatter with title and sources, then markdown whose every footnote quotes a raw/ source verbatim with its sha256 anchor"`
}

// wiki enforces the guardian's write rules with packages citation and
// citation/workspace: the path ACL (wiki/ only, nothing hostile, no
// symlinks or hard links), the page quota (counted by the workspace), the
// page template, and verbatim, hash-anchored quotes from raw/ in every
// paragraph.
type wiki struct {
	ws       *workspace.Workspace
	root     *os.Root // the workspace, for staging
	verifier *citation.Verifier
	template workspace.Template
}

// check runs every rule on a proposed write and returns the operation it
// would be (create or overwrite).
func (w *wiki) check(p string, content []byte) (workspace.Op, error) {
	if !strings.HasSuffix(p, ".md") {
		return 0, toolguard.Deny("a wiki page path must end in .md")
	}
	if len(content) > maxPageBytes {
		return 0, toolguard.Deny("page is %d bytes, over the %d-byte limit", len(content), maxPageBytes)
	}
	op := workspace.OpWrite
	if err := w.ws.Check(workspace.OpWrite, p); err != nil {
		if !errors.Is(err, workspace.ErrMissing) {
			return 0, err
		}
		op = workspace.OpCreate
		if err := w.ws.Check(workspace.OpCreate, p); err != nil {
			return 0, err // the path first, then the page quota
		}
	}
	if err := w.template.Check(content); err != nil {
		return 0, err
	}
	name := strings.TrimPrefix(p, workspace.WikiDir+"/")
	if err := citation.Join(w.verifier.Verify(name, content, w.ws.Sources())); err != nil {
		return 0, err
	}
	return op, nil
}

// beforeCheck is write_wiki_page's Before check: every rule, before the
// handler runs.
func (w *wiki) beforeCheck() toolguard.Check {
	return toolguard.Check{Name: "citation", Func: func(_ context.Context, c *toolguard.Call) error {
		var in wikiIn
		if err := c.Decode(&in); err != nil {
			return err
		}
		_, err := w.check(in.Path, []byte(in.Content))
		return err
	}}
}

// handler stages the page, checks the staged bytes again, and commits
// them through the workspace (which decides the path once more, on
// descriptors).
func (w *wiki) handler() mcp.ToolHandlerFor[wikiIn, any] {
	return func(_ context.Context, _ *mcp.CallToolRequest, in wikiIn) (*mcp.CallToolResult, any, error) {
		var op workspace.Op
		err := staged(w.root, []byte(in.Content), func(b []byte) error {
			var err error
			if op, err = w.check(in.Path, b); err != nil {
				return err
			}
			if op == workspace.OpCreate {
				return w.ws.Create(in.Path, b)
			}
			return w.ws.WriteFile(in.Path, b)
		})
		if err != nil {
			return nil, nil, err
		}
		verb := "created"
		if op == workspace.OpWrite {
			verb = "replaced"
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: verb + " " + in.Path + "; every citation verified against raw/"}}}, nil, nil
	}
}
