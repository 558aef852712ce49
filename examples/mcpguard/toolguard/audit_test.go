package toolguard_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wardline/wardline/audit"
	"github.com/wardline/wardline/examples/mcpguard/toolguard"
)

func TestAuditRecord(t *testing.T) {
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		outcome  toolguard.Outcome
		guard    string
		decision string
		gate     string
	}{
		{toolguard.OutcomeOK, "", "allow", "toolguard"},
		{toolguard.OutcomeDenied, "gate", "deny", "gate"},
		{toolguard.OutcomeWithheld, "facts", "deny", "facts"},
		{toolguard.OutcomeToolError, "", "error", "toolguard"},
		{toolguard.OutcomeProtocolError, "", "error", "toolguard"},
	}
	for _, tt := range tests {
		t.Run(string(tt.outcome), func(t *testing.T) {
			r := toolguard.AuditRecord(toolguard.Entry{Time: at, Workspace: "/ws", Tool: "run_command",
				ArgsDigest: "sha256:00", Latency: time.Millisecond, Outcome: tt.outcome, Guard: tt.guard, Reason: "why"})
			assert.Equal(t, tt.decision, r.Decision)
			assert.Equal(t, tt.gate, r.Gate)
			assert.Equal(t, at, r.Time)
			assert.Equal(t, "tool:run_command", r.Actor)
			assert.Equal(t, "sha256:00", r.InputDigest)
			assert.Equal(t, time.Millisecond, r.Latency)
			assert.Equal(t, "why", r.Reason)
			assert.Equal(t, map[string]any{"workspace": "/ws", "tool": "run_command", "outcome": string(tt.outcome)}, r.Attrs)
		})
	}
}

// TestAuditRecorderChain drives calls through the protocol into a real
// audit.Logger and verifies the written chain.
func TestAuditRecorderChain(t *testing.T) {
	var buf bytes.Buffer
	f := &fixture{}
	f.server = mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	mcp.AddTool(f.server, &mcp.Tool{Name: "echo"}, func(_ context.Context, _ *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
	})
	mw, err := toolguard.New(&toolguard.Options{
		Workspace: "/ws",
		Recorder:  toolguard.AuditRecorder(audit.NewLogger(&buf)),
		Tools: map[string]toolguard.Policy{"echo": {Before: []toolguard.Check{{Name: "echoing", Func: func(_ context.Context, c *toolguard.Call) error {
			var in echoIn
			if err := c.Decode(&in); err != nil {
				return err
			}
			if strings.HasPrefix(in.Text, "deny") {
				// A careless reason that quotes the argument: the audit
				// entry must not carry it.
				return fmt.Errorf("refusing %q", in.Text)
			}
			return nil
		}}}}},
	})
	require.NoError(t, err)
	f.server.AddReceivingMiddleware(mw)
	cs := f.connect(t)
	values := []string{"alpha-7f3a", "deny-ab12 \"quoted\"\n", "gamma-99c1"}
	for _, v := range values {
		_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": v}})
		require.NoError(t, err)
	}
	require.NoError(t, audit.Verify(bytes.NewReader(buf.Bytes())))
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	require.Len(t, lines, 3)
	for _, v := range values {
		j, _ := json.Marshal(v)
		assert.NotContains(t, buf.String(), strings.Trim(string(j), `"`))
		assert.NotContains(t, buf.String(), strings.TrimSpace(v))
	}
	assert.Contains(t, lines[1], `refusing \"[argument]\"`)
}
