package gate

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// roleCatalog is a research agent's tools: local file tools and two MCP
// services.
func roleCatalog() []Tool {
	return []Tool{
		{Name: "read_file", Access: AccessRead},
		{Name: "grep", Access: AccessRead},
		{Name: "write_file", Access: AccessWrite},
		{Name: "apply_patch", Access: AccessWrite},
		{Name: "docs_search", Service: "docs", Access: AccessRead},
		{Name: "wiki_write", Service: "wiki", Access: AccessWrite},
		{Name: "wiki_read", Service: "wiki", Access: AccessRead},
	}
}

func newRole(t testing.TB, r Role) *RoleGate {
	t.Helper()
	g, err := NewRoleGate(r, roleCatalog()...)
	require.NoError(t, err)
	return g
}

func TestRoleGateDecisions(t *testing.T) {
	guru := newRole(t, Role{Name: "guru", Tools: []string{"*"}, ReadOnly: true, Services: []string{"docs"}})
	dev := newRole(t, Role{Name: "dev", Tools: []string{"read_file", "write_file", "wiki_write"}, Services: []string{"wiki"}, Commands: true})
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		g     *RoleGate
		p     Proposal
		allow bool
		err   error
	}{
		{"guru reads", guru, Proposal{Tool: "read_file"}, true, nil},
		{"guru searches docs", guru, Proposal{Tool: "docs_search", Args: map[string]any{"q": "x"}}, true, nil},
		{"guru may not write", guru, Proposal{Tool: "write_file"}, false, nil},
		{"guru may not patch", guru, Proposal{Tool: "apply_patch"}, false, nil},
		{"guru may not use wiki service", guru, Proposal{Tool: "wiki_read"}, false, nil},
		{"guru may not run commands", guru, Proposal{Command: "ls"}, false, nil},
		{"unknown tool", guru, Proposal{Tool: "delete_branch"}, false, ErrNoRule},
		{"case matters", guru, Proposal{Tool: "Read_file"}, false, ErrNoRule},
		{"invisible character", guru, Proposal{Tool: "read\u200b_file"}, false, ErrInvalid},
		{"empty", guru, Proposal{}, false, ErrInvalid},
		{"dev writes", dev, Proposal{Tool: "write_file"}, true, nil},
		{"dev writes wiki", dev, Proposal{Tool: "wiki_write"}, true, nil},
		{"dev not listed", dev, Proposal{Tool: "grep"}, false, nil},
		{"dev service not allowed", dev, Proposal{Tool: "docs_search"}, false, nil},
		{"dev commands", dev, Proposal{Command: "go test ./..."}, true, nil},
	} {
		d := tc.g.Check(ctx, tc.p)
		assert.Equal(t, tc.allow, d.Allow, tc.name)
		assert.NotEmpty(t, d.Reason, tc.name)
		assert.Equal(t, "role:"+map[*RoleGate]string{guru: "guru", dev: "dev"}[tc.g], d.Gate, tc.name)
		if tc.err == nil {
			assert.NoError(t, d.Err, tc.name)
		} else {
			assert.ErrorIs(t, d.Err, tc.err, tc.name)
		}
	}
	d := guru.Check(ctx, Proposal{Tool: "write_file"})
	assert.Equal(t, `role:guru is read-only and "write_file" is a write tool`, d.Reason)
}

func TestRoleGateFailsClosed(t *testing.T) {
	var zero RoleGate
	var nilGate *RoleGate
	for _, g := range []*RoleGate{&zero, nilGate} {
		d := g.Check(context.Background(), Proposal{Tool: "read_file"})
		assert.False(t, d.Allow)
		assert.ErrorIs(t, d.Err, ErrConfig)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	d := newRole(t, Role{Name: "guru", Tools: []string{"read_file"}}).Check(ctx, Proposal{Tool: "read_file"})
	assert.False(t, d.Allow)
	assert.ErrorIs(t, d.Err, ErrCancelled)

	// A role gate in All denies before a later gate is asked.
	asked := false
	later := gateFunc(func(context.Context, Proposal) Decision { asked = true; return Decision{Allow: true, Gate: "later"} })
	d = All(later, newRole(t, Role{Name: "guru", Tools: []string{"*"}, ReadOnly: true})).Check(context.Background(), Proposal{Tool: "write_file"})
	assert.False(t, d.Allow)
	assert.Equal(t, "role:guru", d.Gate)
	assert.False(t, asked, "the role gate is deterministic and runs first")
}

// gateFunc adapts a function to Gate (not deterministic).
type gateFunc func(context.Context, Proposal) Decision

func (f gateFunc) Check(ctx context.Context, p Proposal) Decision { return f(ctx, p) }

func TestNewRoleGateRefuses(t *testing.T) {
	cat := roleCatalog()
	for name, tc := range map[string]struct {
		role Role
		cat  []Tool
	}{
		"no name":              {Role{Tools: []string{"grep"}}, cat},
		"name with space":      {Role{Name: "a b", Tools: []string{"grep"}}, cat},
		"permits nothing":      {Role{Name: "r"}, cat},
		"unknown tool":         {Role{Name: "r", Tools: []string{"rm"}}, cat},
		"star and more":        {Role{Name: "r", Tools: []string{"*", "grep"}}, cat},
		"read-only write tool": {Role{Name: "r", Tools: []string{"write_file"}, ReadOnly: true}, cat},
		"service not allowed":  {Role{Name: "r", Tools: []string{"docs_search"}}, cat},
		"unknown service":      {Role{Name: "r", Tools: []string{"grep"}, Services: []string{"mail"}}, cat},
		"read-only commands":   {Role{Name: "r", Commands: true, ReadOnly: true}, cat},
		"no access":            {Role{Name: "r", Tools: []string{"x"}}, []Tool{{Name: "x"}}},
		"bad access":           {Role{Name: "r", Tools: []string{"x"}}, []Tool{{Name: "x", Access: 9}}},
		"tool twice":           {Role{Name: "r", Tools: []string{"x"}}, []Tool{{Name: "x", Access: AccessRead}, {Name: "x", Access: AccessWrite}}},
		"unnamed tool":         {Role{Name: "r", Tools: []string{"x"}}, []Tool{{Name: "x", Access: AccessRead}, {Access: AccessRead}}},
		"hidden char in tool":  {Role{Name: "r", Tools: []string{"*"}}, []Tool{{Name: "x\u200b", Access: AccessRead}}},
		"bad service name":     {Role{Name: "r", Tools: []string{"*"}}, []Tool{{Name: "x", Service: "a b", Access: AccessRead}}},
	} {
		g, err := NewRoleGate(tc.role, tc.cat...)
		assert.Nil(t, g, name)
		assert.ErrorIs(t, err, ErrConfig, name)
	}
}

// Roles and catalogues are plain data: they load from JSON.
func TestRoleFromJSON(t *testing.T) {
	var cfg struct {
		Role    Role   `json:"role"`
		Catalog []Tool `json:"catalog"`
	}
	require.NoError(t, json.Unmarshal([]byte(`{"role":{"name":"guru","tools":["*"],"read_only":true},
		"catalog":[{"name":"read_file","access":"read"},{"name":"write_file","access":"write"}]}`), &cfg))
	g, err := NewRoleGate(cfg.Role, cfg.Catalog...)
	require.NoError(t, err)
	assert.True(t, g.Check(context.Background(), Proposal{Tool: "read_file"}).Allow)
	assert.False(t, g.Check(context.Background(), Proposal{Tool: "write_file"}).Allow)

	var a Access
	assert.Error(t, json.Unmarshal([]byte(`"Write"`), &a))
	assert.Error(t, json.Unmarshal([]byte(`"admin"`), &a))
	b, err := json.Marshal(cfg.Catalog)
	require.NoError(t, err)
	assert.JSONEq(t, `[{"name":"read_file","access":"read"},{"name":"write_file","access":"write"}]`, string(b))
	_, err = json.Marshal(Tool{Name: "x"})
	assert.Error(t, err, "a zero Access does not marshal")
}

// FuzzRoleGate checks arbitrary proposals against a read-only role: Check
// never panics, allows only catalogue read tools of allowed services, and
// allows no command.
func FuzzRoleGate(f *testing.F) {
	for _, s := range []string{"read_file", "write_file", "docs_search", "wiki_read", "", "Read_file", "read_file\x00", "*"} {
		f.Add(s, "")
	}
	f.Add("", "rm -rf /")
	f.Add("grep", "grep x")
	g := newRole(f, Role{Name: "guru", Tools: []string{"*"}, ReadOnly: true, Services: []string{"docs"}})
	cat := map[string]Tool{}
	for _, t := range roleCatalog() {
		cat[t.Name] = t
	}
	f.Fuzz(func(t *testing.T, tool, command string) {
		d := g.Check(context.Background(), Proposal{Tool: tool, Command: command})
		if !d.Allow {
			if d.Reason == "" {
				t.Fatal("a denial without a reason")
			}
			return
		}
		c, ok := cat[tool]
		if !ok || c.Access != AccessRead || c.Service != "" && c.Service != "docs" {
			t.Fatalf("allowed %q", tool)
		}
		if d.Err != nil || errors.Is(d.Err, ErrNoRule) {
			t.Fatal("Allow with an error")
		}
	})
}

func BenchmarkRoleGate(b *testing.B) {
	g := newRole(b, Role{Name: "guru", Tools: []string{"*"}, ReadOnly: true, Services: []string{"docs"}})
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		p    Proposal
	}{{"allow", Proposal{Tool: "docs_search"}}, {"deny-write", Proposal{Tool: "write_file"}}, {"unknown", Proposal{Tool: "delete_branch"}}} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = g.Check(ctx, tc.p)
			}
		})
	}
}
