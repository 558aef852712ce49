package toolguard_test

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wardline/wardline/audit"
	"github.com/wardline/wardline/examples/mcpguard/toolguard"
)

var (
	benchCommandArgs = []byte(`{"command":"ping -c 1 127.0.0.1"}`)
	benchWikiArgs    = func() []byte {
		b, _ := json.Marshal(map[string]any{
			"path":    "wiki/sla.md",
			"content": "---\ntitle: SLA\nsources: [raw/rfc.md]\n---\n\n" + strings.Repeat("The SLA is 99.95% monthly.[^1] ", 130),
		})
		return b
	}()
)

func BenchmarkCanonical(b *testing.B) {
	for _, bc := range []struct {
		name string
		raw  []byte
	}{{"run_command_args_36B", benchCommandArgs}, {"wiki_page_args_4KB", benchWikiArgs}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bc.raw)))
			for b.Loop() {
				if _, err := toolguard.Canonical(bc.raw); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMiddleware measures the middleware around a handler that does
// nothing, called directly (no transport): canonicalisation, one check
// that decodes the arguments, the result, and the audit record.
func BenchmarkMiddleware(b *testing.B) {
	ok := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}
	next := func(context.Context, string, mcp.Request) (mcp.Result, error) { return ok, nil }
	decode := toolguard.Check{Name: "decode", Func: func(_ context.Context, c *toolguard.Call) error {
		var in struct {
			Command string `json:"command"`
		}
		return c.Decode(&in)
	}}
	for _, bc := range []struct {
		name string
		rec  toolguard.Recorder
	}{
		{"run_command_args_noop_recorder", toolguard.RecorderFunc(func(context.Context, toolguard.Entry) error { return nil })},
		{"run_command_args_audit_to_discard", toolguard.AuditRecorder(audit.NewLogger(io.Discard))},
	} {
		b.Run(bc.name, func(b *testing.B) {
			mw, err := toolguard.New(&toolguard.Options{Workspace: "/ws", Recorder: bc.rec,
				Tools: map[string]toolguard.Policy{"run_command": {Before: []toolguard.Check{decode}}}})
			if err != nil {
				b.Fatal(err)
			}
			h := mw(next)
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "run_command", Arguments: benchCommandArgs}}
				if _, err := h(ctx, "tools/call", req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkProtocolRoundTrip is one tools/call from a real client over
// in-memory transports, with and without the middleware, for scale.
func BenchmarkProtocolRoundTrip(b *testing.B) {
	for _, guarded := range []bool{false, true} {
		name := "unguarded"
		if guarded {
			name = "guarded_audit_to_discard"
		}
		b.Run(name, func(b *testing.B) {
			server := mcp.NewServer(&mcp.Implementation{Name: "bench", Version: "v0"}, nil)
			mcp.AddTool(server, &mcp.Tool{Name: "run_command"}, func(context.Context, *mcp.CallToolRequest, struct {
				Command string `json:"command"`
			}) (*mcp.CallToolResult, any, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
			})
			if guarded {
				mw, err := toolguard.New(&toolguard.Options{Workspace: "/ws", Recorder: toolguard.AuditRecorder(audit.NewLogger(io.Discard)),
					Tools: map[string]toolguard.Policy{"run_command": {}}})
				if err != nil {
					b.Fatal(err)
				}
				server.AddReceivingMiddleware(mw)
			}
			ctx := context.Background()
			st, ct := mcp.NewInMemoryTransports()
			ss, err := server.Connect(ctx, st, nil)
			if err != nil {
				b.Fatal(err)
			}
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, nil).Connect(ctx, ct, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer func() { _ = cs.Close(); _ = ss.Wait() }()
			params := &mcp.CallToolParams{Name: "run_command", Arguments: json.RawMessage(benchCommandArgs)}
			b.ReportAllocs()
			for b.Loop() {
				res, err := cs.CallTool(ctx, params)
				if err != nil || res.IsError {
					b.Fatal(err, res)
				}
			}
		})
	}
}
