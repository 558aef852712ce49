package gate_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wardline/wardline/gate"
)

// attack is one command of issue 14 that an independent review ran through
// the documented rule sets and then through bash, and the class of
// weakness it stands for.
type attack struct {
	Command string `json:"command"`
	Class   string `json:"class"`
}

// issue14Attacks reads testdata/issue14_commands.json (shared with the
// examples' tests) and adds a 64 KiB wrapper chain.
func issue14Attacks(t *testing.T) []attack {
	t.Helper()
	raw, err := os.ReadFile("testdata/issue14_commands.json")
	require.NoError(t, err)
	var out []attack
	require.NoError(t, json.Unmarshal(raw, &out))
	out = append(out, attack{strings.Repeat("env ", (gate.MaxCommandBytes-2)/4) + "ls", "a 64 KiB wrapper chain"})
	return out
}

// callCounter is a model that counts its calls and allows everything, so
// that any proposal reaching it would be allowed.
type callCounter struct{ calls atomic.Int64 }

func (m *callCounter) Complete(_ context.Context, prompt string) (string, error) {
	m.calls.Add(1)
	_, after, _ := strings.Cut(prompt, "\nALLOW ")
	nonce, _, _ := strings.Cut(after, ":")
	return "ALLOW " + nonce + ": fine", nil
}

// Every command of the issue, under each rule set the package documents:
// none is allowed by rules, and none reaches the model where the rule set
// is meant to stop it.
func TestIssue14AttacksAreStopped(t *testing.T) {
	ruleSets := map[string][]gate.Rule{
		// The package example and the package doc: an allowlist deferring
		// to the model.
		"package example": {{Name: "diagnostics", Effect: gate.EffectDefer,
			Expr: `argv0 in ["ping", "uname", "uptime"] && !dynamic && size(redirects) == 0 && size(assigns) == 0`}},
		// ExampleNewRules: an allowlist with deny rules for clearer reasons.
		"NewRules example": {
			{Name: "read-only", Effect: gate.EffectAllow, Expr: `argv0 in ["ls", "cat", "grep", "ping"] && !dynamic && size(redirects) == 0 && size(assigns) == 0`},
			{Name: "no-etc-writes", Effect: gate.EffectDeny, Expr: `redirects.exists(f, f.startsWith("/etc/"))`},
			{Name: "no-env-tricks", Effect: gate.EffectDeny, Expr: `assigns.exists(a, a.split("=")[0] in ["PATH", "LD_PRELOAD", "BASH_ENV"])`},
		},
		// A read-only allowlist used alone, generous on purpose: it names
		// the builtins and wrappers the attacks go through, so that what
		// stops them is Split, not the list.
		"generous allowlist alone": {{Name: "read-only", Effect: gate.EffectAllow,
			Expr: `argv0 in ["ls", "cat", "echo", "printf", "test", "[", "[[", "((", "read", "mapfile", ":", "dd",
				"timeout", "nice", "stdbuf", "xargs", "watch", "env", "export", "declare", "trap", "id"]
				&& !dynamic && size(redirects) == 0 && size(assigns) == 0`}},
	}
	attacks := issue14Attacks(t)
	ctx := context.Background()
	for name, rs := range ruleSets {
		rules, err := gate.NewRules(rs...)
		require.NoError(t, err)
		model := &callCounter{}
		keeper, err := gate.NewLLM(model, "anything goes")
		require.NoError(t, err)
		g := gate.All(rules, keeper)
		for _, a := range attacks {
			d := rules.Check(ctx, gate.Proposal{Command: a.Command})
			assert.False(t, d.Allow, "%s: %s: rules allowed %q", name, a.Class, clip(a.Command))
			assert.False(t, errors.Is(d.Err, gate.ErrDeferred), "%s: %s: %q is left to the model: %s", name, a.Class, clip(a.Command), d.Reason)
			before := model.calls.Load()
			d = g.Check(ctx, gate.Proposal{Command: a.Command})
			assert.False(t, d.Allow, "%s: %s: allowed %q", name, a.Class, clip(a.Command))
			assert.Equal(t, before, model.calls.Load(), "%s: %s: %q reached the model", name, a.Class, clip(a.Command))
		}
	}
	// The rule sets are not closed to everything: plain commands they list
	// pass (or go on to the model).
	for name, cmd := range map[string]string{
		"package example":          "ping -c 1 127.0.0.1",
		"NewRules example":         "ls -la | grep go",
		"generous allowlist alone": "ls -la; echo hi; id; timeout 5 cat notes",
	} {
		rules, err := gate.NewRules(ruleSets[name]...)
		require.NoError(t, err)
		d := rules.Check(ctx, gate.Proposal{Command: cmd})
		assert.True(t, d.Allow || errors.Is(d.Err, gate.ErrDeferred), "%s refused %q: %s", name, cmd, d.Reason)
	}
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}
