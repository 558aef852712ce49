package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wardline/wardline/audit"
	"github.com/wardline/wardline/gate"
)

func withRole(name string) harnessOption { return func(c *Config) { c.Role = name } }

// Every tool of this server writes, so a guru session is refused each of
// them by the role check, before the arguments are read, before any other
// guard and before the gatekeeper model: nothing runs, nothing is written,
// every refusal is audited with the role as the refusing check.
func TestGuruRoleRefusesWriteToolsFirst(t *testing.T) {
	h := newHarness(t, withRole("guru"))
	require.NoError(t, os.WriteFile(filepath.Join(h.ws, "raw", "rfc-0034.md"), []byte(rfcSource), 0o644))
	cs := h.client(t)
	for _, tc := range []struct {
		tool string
		args map[string]any
	}{
		{"run_command", map[string]any{"command": "echo hi"}},
		{"run_command", map[string]any{"command": "rm -rf /"}}, // would be a rule denial for an operator
		{"write_wiki_page", map[string]any{"path": "wiki/sla.md", "content": page(t, goodFrontmatter, "the SLA is 99.95% monthly")}},
		{"write_wiki_page", map[string]any{"bogus": 1}}, // malformed arguments: the role refuses first
		{"set_mode", map[string]any{"mode": "block"}},
		{"confirm", map[string]any{"reply": "confirm 123456"}},
	} {
		res := call(t, cs, tc.tool, tc.args)
		require.True(t, res.IsError, tc.tool)
		assert.Contains(t, text(res), "wardline refused "+tc.tool+" (role): role:guru is read-only and \""+tc.tool+"\" is a write tool")
	}
	assert.Empty(t, h.exec.ran(), "no command reached the executor")
	assert.Zero(t, h.model.calls.Load(), "the gatekeeper model was never asked")
	assert.Empty(t, wikiFiles(t, h.ws), "no page was written")
	_, err := os.Stat(filepath.Join(h.ws, stateDir, "mode"))
	assert.True(t, os.IsNotExist(err), "no mode was set")
	for _, r := range h.assertAudited(t, 6) {
		assert.Equal(t, "deny", r["decision"])
		assert.Equal(t, "role", r["gate"])
	}
}

// The operator role changes nothing: the other guards decide.
func TestOperatorRoleLetsGuardsDecide(t *testing.T) {
	h := newHarness(t, withRole("operator"))
	cs := h.client(t)
	res := call(t, cs, "run_command", map[string]any{"command": "echo hi"})
	require.False(t, res.IsError, text(res))
	res = call(t, cs, "run_command", map[string]any{"command": "rm -rf /"})
	require.True(t, res.IsError)
	assert.Contains(t, text(res), "(gate)")
}

func TestRoles(t *testing.T) {
	_, err := NewServer(Config{Workspace: t.TempDir(), Audit: audit.NewLogger(io.Discard), Role: "admin"})
	assert.ErrorContains(t, err, `unknown role "admin"`)
	_, err = parseFlags([]string{"-workspace", "w", "-role", "admin"}, io.Discard)
	assert.ErrorContains(t, err, `unknown role "admin"`)

	// Every tool the server registers is in the catalogue (a tool missing
	// from it would be refused for every role), and the catalogue has no
	// tool the server lacks.
	h := newHarness(t)
	tools, err := h.client(t).ListTools(context.Background(), nil)
	require.NoError(t, err)
	var served, declared []string
	for _, tool := range tools.Tools {
		served = append(served, tool.Name)
	}
	for _, tool := range toolCatalog {
		declared = append(declared, tool.Name)
	}
	assert.ElementsMatch(t, served, declared)

	g, err := newRoleGate("")
	require.NoError(t, err)
	assert.True(t, g.Check(context.Background(), gate.Proposal{Tool: "write_wiki_page"}).Allow, "the default role is the operator")
}
