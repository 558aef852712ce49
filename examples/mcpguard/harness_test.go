package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wardline/wardline/audit"
	"github.com/wardline/wardline/examples/mcpguard/toolguard"
)

// syncBuffer is an audit destination the test can read while the server
// writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) Bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]byte(nil), b.buf.Bytes()...)
}

// fakeExec records what reaches the executor.
type fakeExec struct {
	mu    sync.Mutex
	calls [][]string
	out   string
	code  int
}

func (f *fakeExec) Run(_ context.Context, argv []string) (ExecResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, append([]string(nil), argv...))
	return ExecResult{Output: []byte(f.out), ExitCode: f.code}, nil
}

func (f *fakeExec) ran() [][]string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([][]string(nil), f.calls...)
}

// fakeModel is a deterministic gatekeeper model: it finds the verdict
// nonce the gate asks for and answers with decide's verdict.
type fakeModel struct {
	calls  atomic.Int64
	decide func(prompt string) (allow bool, reason string)
}

var nonceRE = regexp.MustCompile(`(?m)^ALLOW (\S+): `)

func (m *fakeModel) Complete(_ context.Context, prompt string) (string, error) {
	m.calls.Add(1)
	mm := nonceRE.FindStringSubmatch(prompt)
	if mm == nil {
		return "", fmt.Errorf("fake model: no nonce in prompt")
	}
	allow, reason := true, "inspects the local machine only"
	if m.decide != nil {
		allow, reason = m.decide(prompt)
	}
	word := "DENY"
	if allow {
		word = "ALLOW"
	}
	return word + " " + mm[1] + ": " + reason + "\n", nil
}

// harness is a server over a temporary workspace with an in-memory audit
// log, a fake executor and a fake model.
type harness struct {
	ws    string
	srv   *Server
	log   *syncBuffer
	exec  *fakeExec
	model *fakeModel
}

type harnessOption func(*Config)

func withoutModel() harnessOption { return func(c *Config) { c.Model = nil } }

func newHarness(t *testing.T, opts ...harnessOption) *harness {
	t.Helper()
	h := &harness{ws: t.TempDir(), log: &syncBuffer{}, exec: &fakeExec{out: "ok\n"}, model: &fakeModel{}}
	cfg := Config{
		Workspace: h.ws,
		Audit:     audit.NewLogger(h.log),
		Model:     h.model,
		Executor:  h.exec,
	}
	for _, o := range opts {
		o(&cfg)
	}
	srv, err := NewServer(cfg)
	require.NoError(t, err)
	h.srv = srv
	t.Cleanup(func() { _ = srv.Close() })
	return h
}

// client connects a real MCP client to the server over in-memory
// transports.
func (h *harness) client(t testing.TB) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := h.srv.MCP.Connect(ctx, st, nil)
	require.NoError(t, err)
	c := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "v0"}, nil)
	cs, err := c.Connect(ctx, ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = cs.Close()
		_ = ss.Wait()
	})
	return cs
}

// call calls a tool and requires a tool result (not a protocol error).
func call(t testing.TB, cs *mcp.ClientSession, tool string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	require.NoError(t, err, "guard decisions are tool results, not protocol errors")
	return res
}

// auditLines returns the audit log's records, after checking that the
// chain verifies.
func (h *harness) auditLines(t testing.TB) []map[string]any {
	t.Helper()
	raw := h.log.Bytes()
	require.NoError(t, audit.Verify(bytes.NewReader(raw)), "audit chain must verify")
	var out []map[string]any
	for _, line := range bytes.Split(bytes.TrimSpace(raw), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var m map[string]any
		require.NoError(t, json.Unmarshal(line, &m))
		out = append(out, m)
	}
	return out
}

// assertAudited checks one record per call, each with a digest and never
// a raw argument value.
func (h *harness) assertAudited(t testing.TB, calls int, rawValues ...string) []map[string]any {
	t.Helper()
	recs := h.auditLines(t)
	assert.Len(t, recs, calls, "exactly one audit record per tools/call")
	raw := string(h.log.Bytes())
	for _, v := range rawValues {
		assert.NotContains(t, raw, v, "raw argument value in the audit log")
	}
	for _, r := range recs {
		d, _ := r["input_digest"].(string)
		assert.Regexp(t, `^sha256:[0-9a-f]{64}$`, d)
		attrs, _ := r["attrs"].(map[string]any)
		assert.Equal(t, h.ws, attrs["workspace"])
		assert.NotEmpty(t, attrs["tool"])
		assert.NotEmpty(t, r["time"])
	}
	return recs
}

// text is the joined text of a result.
func text(res *mcp.CallToolResult) string { return toolguard.Text(res) }

// contains asserts a substring, case-insensitively.
func contains(t testing.TB, s, sub string) {
	t.Helper()
	assert.Contains(t, strings.ToLower(s), strings.ToLower(sub))
}
