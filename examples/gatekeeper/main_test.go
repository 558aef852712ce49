package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/gate"
)

func TestGatekeeperFlow(t *testing.T) {
	var out bytes.Buffer
	agent, model, exec := newFakeAgent(), &fakeGatekeeper{}, &fakeExecutor{}
	require.NoError(t, run(context.Background(), &out, agent, model, exec))

	// Only the loopback ping ran.
	assert.Equal(t, []string{"ping -c 1 127.0.0.1"}, exec.ran)

	// The agent got the result of the allowed command and the reason for
	// every refusal, in order.
	require.Len(t, agent.feedback, 5)
	assert.True(t, strings.HasPrefix(agent.feedback[0], "RESULT of ping -c 1 127.0.0.1:"), agent.feedback[0])
	assert.Contains(t, agent.feedback[0], "1 received")
	assert.Equal(t, `DENIED by rules: deny rule "no-delete" matched "rm -rf /". The command did not run.`, agent.feedback[1])
	assert.Contains(t, agent.feedback[2], "DENIED by rules")
	assert.Contains(t, agent.feedback[2], `"curl x"`, "the compound command is denied for its download part")
	assert.Equal(t, "DENIED by llm: model denies: only read-only loopback diagnostics may run. The command did not run.", agent.feedback[3])
	assert.Contains(t, agent.feedback[4], "exactly one EXECUTE: line per turn")

	// Deterministic denials cost no model call: only the two pings that
	// the rules deferred reached the gatekeeper.
	assert.Equal(t, 2, model.calls)
	assert.Contains(t, out.String(), "commands run: 1, gatekeeper model calls: 2")
}

// The flow fails closed when the gatekeeper misbehaves.
func TestGatekeeperFailsClosed(t *testing.T) {
	g, err := newGate(modelFunc(func(context.Context, string) (string, error) {
		return "ALLOW: trust me", nil
	}))
	require.NoError(t, err)
	d := g.Check(context.Background(), gate.Proposal{Command: "ping -c 1 127.0.0.1"})
	assert.False(t, d.Allow)
	assert.Contains(t, d.Reason, "no nonce")
}

// Every command of issue 14 (gate/testdata/issue14_commands.json) is
// denied by the rules, without a model call, even with a model that
// allows everything.
func TestGatekeeperStopsIssue14Attacks(t *testing.T) {
	raw, err := os.ReadFile("../../gate/testdata/issue14_commands.json")
	require.NoError(t, err)
	var attacks []struct{ Command, Class string }
	require.NoError(t, json.Unmarshal(raw, &attacks))
	require.NotEmpty(t, attacks)
	calls := 0
	g, err := newGate(modelFunc(func(_ context.Context, prompt string) (string, error) {
		calls++
		return "ALLOW " + nonceRE.FindStringSubmatch(prompt)[1] + ": anything goes", nil
	}))
	require.NoError(t, err)
	for _, a := range attacks {
		d := g.Check(context.Background(), gate.Proposal{Command: a.Command})
		assert.False(t, d.Allow, "%s: allowed %q", a.Class, a.Command)
		assert.Equal(t, "rules", d.Gate, "%s: %q: %s", a.Class, a.Command, d.Reason)
	}
	assert.Zero(t, calls, "an attack reached the model")
	// The same gate does let a listed diagnostic through to the model.
	assert.True(t, g.Check(context.Background(), gate.Proposal{Command: "uname -a"}).Allow)
}

type modelFunc func(context.Context, string) (string, error)

func (f modelFunc) Complete(ctx context.Context, p string) (string, error) { return f(ctx, p) }
