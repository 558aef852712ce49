package toolguard_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wardline/wardline/examples/mcpguard/toolguard"
)

// memRecorder keeps entries in memory.
type memRecorder struct {
	mu      sync.Mutex
	entries []toolguard.Entry
	fail    error
}

func (m *memRecorder) Record(_ context.Context, e toolguard.Entry) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return m.fail
	}
	m.entries = append(m.entries, e)
	return nil
}

func (m *memRecorder) all() []toolguard.Entry {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]toolguard.Entry(nil), m.entries...)
}

type echoIn struct {
	Text string `json:"text"`
}

// fixture is a server with a few test tools behind the middleware.
type fixture struct {
	rec      *memRecorder
	ran      atomic.Int64
	lastArgs atomic.Value // string
	server   *mcp.Server
}

func newFixture(t *testing.T, tools map[string]toolguard.Policy, unlisted bool) *fixture {
	t.Helper()
	f := &fixture{rec: &memRecorder{}}
	f.server = mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	mcp.AddTool(f.server, &mcp.Tool{Name: "echo", Description: "echo"},
		func(_ context.Context, req *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, any, error) {
			f.ran.Add(1)
			f.lastArgs.Store(string(req.Params.Arguments))
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
		})
	mcp.AddTool(f.server, &mcp.Tool{Name: "fail", Description: "always fails"},
		func(_ context.Context, _ *mcp.CallToolRequest, _ echoIn) (*mcp.CallToolResult, any, error) {
			f.ran.Add(1)
			return nil, nil, errors.New("disk full")
		})
	mcp.AddTool(f.server, &mcp.Tool{Name: "boom", Description: "panics"},
		func(_ context.Context, _ *mcp.CallToolRequest, _ echoIn) (*mcp.CallToolResult, any, error) {
			f.ran.Add(1)
			panic("boom")
		})
	mw, err := toolguard.New(&toolguard.Options{
		Workspace:                "/ws",
		Tools:                    tools,
		Recorder:                 f.rec,
		AllowUnlistedToolsUnsafe: unlisted,
	})
	require.NoError(t, err)
	f.server.AddReceivingMiddleware(mw)
	return f
}

func (f *fixture) connect(t *testing.T) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := f.server.Connect(ctx, st, nil)
	require.NoError(t, err)
	client := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v0"}, nil)
	cs, err := client.Connect(ctx, ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = cs.Close()
		_ = ss.Wait()
	})
	return cs
}

func text(res *mcp.CallToolResult) string { return toolguard.Text(res) }

func denyIfContains(word string) toolguard.Check {
	return toolguard.Check{Name: "words", Func: func(_ context.Context, c *toolguard.Call) error {
		var in echoIn
		if err := c.Decode(&in); err != nil {
			return err
		}
		if strings.Contains(in.Text, word) {
			return toolguard.Deny("the text mentions a forbidden word")
		}
		return nil
	}}
}

func TestMiddlewareOverProtocol(t *testing.T) {
	const secretArg = "hello-raw-value-7d1f"
	tests := []struct {
		name        string
		tool        string
		args        any
		wantErr     bool // tool error (IsError)
		wantText    string
		wantRan     int64
		wantOutcome toolguard.Outcome
		wantGuard   string
	}{
		{name: "allowed", tool: "echo", args: map[string]any{"text": secretArg},
			wantText: secretArg, wantRan: 1, wantOutcome: toolguard.OutcomeOK},
		{name: "denied before handler", tool: "echo", args: map[string]any{"text": "rm " + secretArg},
			wantErr: true, wantText: "wardline refused echo (words): the text mentions a forbidden word",
			wantOutcome: toolguard.OutcomeDenied, wantGuard: "words"},
		{name: "unknown field refused by Decode", tool: "echo", args: map[string]any{"text": "x", "extra": secretArg},
			wantErr: true, wantText: "unknown field", wantOutcome: toolguard.OutcomeDenied, wantGuard: "words"},
		{name: "duplicate key", tool: "echo", args: json.RawMessage(`{"text":"ok","text":"rm -rf /"}`),
			wantErr: true, wantText: "duplicate key at /text", wantOutcome: toolguard.OutcomeDenied, wantGuard: "args"},
		{name: "case-folded duplicate key", tool: "echo", args: json.RawMessage(`{"text":"ok","TEXT":"rm -rf /"}`),
			wantErr: true, wantText: "duplicate key", wantOutcome: toolguard.OutcomeDenied, wantGuard: "args"},
		{name: "arguments not an object", tool: "echo", args: json.RawMessage(`["rm"]`),
			wantErr: true, wantText: "must be a JSON object", wantOutcome: toolguard.OutcomeDenied, wantGuard: "args"},
		{name: "unlisted tool", tool: "unlisted", args: map[string]any{"text": secretArg},
			wantErr: true, wantText: "no guard policy", wantOutcome: toolguard.OutcomeDenied, wantGuard: "policy"},
		{name: "output withheld", tool: "echo", args: map[string]any{"text": "token " + secretArg},
			wantErr: true, wantText: "wardline withheld the result of echo (no-tokens)", wantRan: 1,
			wantOutcome: toolguard.OutcomeWithheld, wantGuard: "no-tokens"},
		{name: "tool error passes through", tool: "fail", args: map[string]any{"text": secretArg},
			wantErr: true, wantText: "disk full", wantRan: 1, wantOutcome: toolguard.OutcomeToolError},
		{name: "panicking check refuses", tool: "boom", args: map[string]any{"text": "x"},
			wantErr: true, wantText: "the check panicked", wantOutcome: toolguard.OutcomeDenied, wantGuard: "panics"},
	}
	tools := map[string]toolguard.Policy{
		"echo": {
			Before: []toolguard.Check{denyIfContains("rm")},
			After: []toolguard.OutputCheck{{Name: "no-tokens", Func: func(_ context.Context, _ *toolguard.Call, res *mcp.CallToolResult) error {
				if strings.Contains(toolguard.Text(res), "token") {
					return toolguard.Deny("the output mentions a token")
				}
				return nil
			}}},
		},
		"fail": {},
		"boom": {Before: []toolguard.Check{{Name: "panics", Func: func(context.Context, *toolguard.Call) error { panic("x") }}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, tools, false)
			cs := f.connect(t)
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tt.tool, Arguments: tt.args})
			require.NoError(t, err, "a guard decision must be a tool result, not a protocol error")
			assert.Equal(t, tt.wantErr, res.IsError)
			assert.Contains(t, text(res), tt.wantText)
			assert.Equal(t, tt.wantRan, f.ran.Load(), "handler runs")
			entries := f.rec.all()
			require.Len(t, entries, 1, "exactly one audit entry per call")
			e := entries[0]
			assert.Equal(t, tt.wantOutcome, e.Outcome)
			assert.Equal(t, tt.wantGuard, e.Guard)
			assert.Equal(t, tt.tool, e.Tool)
			assert.Equal(t, "/ws", e.Workspace)
			assert.True(t, strings.HasPrefix(e.ArgsDigest, "sha256:") && len(e.ArgsDigest) == 71, e.ArgsDigest)
			assert.False(t, e.Time.IsZero())
			assert.GreaterOrEqual(t, e.Latency, time.Duration(0))
			b, err := json.Marshal(e)
			require.NoError(t, err)
			assert.NotContains(t, string(b), secretArg, "no raw argument value in the audit entry")
		})
	}
}

func TestHandlerSeesCanonicalArguments(t *testing.T) {
	f := newFixture(t, map[string]toolguard.Policy{"echo": {}}, false)
	cs := f.connect(t)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{
		Name:      "echo",
		Arguments: json.RawMessage(`{ "text" : "a<b>&c" }`),
	})
	require.NoError(t, err)
	require.False(t, res.IsError, text(res))
	assert.Equal(t, `{"text":"a<b>&c"}`, f.lastArgs.Load())
	e := f.rec.all()[0]
	assert.Equal(t, toolguard.Digest([]byte(`{"text":"a<b>&c"}`)), e.ArgsDigest)
}

func TestUnlistedToolsUnsafe(t *testing.T) {
	f := newFixture(t, nil, true)
	cs := f.connect(t)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": "hi"}})
	require.NoError(t, err)
	assert.False(t, res.IsError)
	assert.Equal(t, "hi", text(res))

	// An unknown tool is still a protocol error from the SDK, and audited.
	_, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "nope", Arguments: map[string]any{}})
	require.Error(t, err)
	entries := f.rec.all()
	require.Len(t, entries, 2)
	assert.Equal(t, toolguard.OutcomeOK, entries[0].Outcome)
	assert.Equal(t, toolguard.OutcomeProtocolError, entries[1].Outcome)
	assert.Contains(t, entries[1].Reason, "unknown tool")
}

func TestHandlerPanicIsAudited(t *testing.T) {
	f := newFixture(t, map[string]toolguard.Policy{"boom": {}}, false)
	cs := f.connect(t)
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "boom", Arguments: map[string]any{"text": "x"}})
	require.Error(t, err)
	entries := f.rec.all()
	require.Len(t, entries, 1)
	assert.Equal(t, toolguard.OutcomeProtocolError, entries[0].Outcome)
	assert.Equal(t, int64(1), f.ran.Load())
}

func TestRecorderFailureIsNeverSilent(t *testing.T) {
	f := newFixture(t, map[string]toolguard.Policy{"echo": {Before: []toolguard.Check{denyIfContains("rm")}}}, false)
	f.rec.fail = errors.New("disk on fire")
	cs := f.connect(t)

	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": "hi"}})
	require.NoError(t, err)
	assert.True(t, res.IsError)
	assert.Contains(t, text(res), "the tool ran, but its audit record could not be written; result withheld: disk on fire")
	assert.NotContains(t, text(res), "hi")

	res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": "rm"}})
	require.NoError(t, err)
	assert.True(t, res.IsError)
	assert.Contains(t, text(res), "the call was refused, and its audit record could not be written")
}

func TestOtherMethodsPassThrough(t *testing.T) {
	f := newFixture(t, nil, false)
	cs := f.connect(t)
	lt, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	assert.Len(t, lt.Tools, 3)
	assert.Empty(t, f.rec.all(), "only tools/call is audited")
}

func TestNewRefusesIncompleteOptions(t *testing.T) {
	rec := &memRecorder{}
	ok := func(context.Context, *toolguard.Call) error { return nil }
	tests := []struct {
		name string
		o    *toolguard.Options
		want string
	}{
		{"nil", nil, "nil Options"},
		{"no workspace", &toolguard.Options{Recorder: rec}, "Workspace is empty"},
		{"no recorder", &toolguard.Options{Workspace: "w"}, "Recorder is nil"},
		{"negative limit", &toolguard.Options{Workspace: "w", Recorder: rec, MaxArgBytes: -1}, "negative"},
		{"unnamed check", &toolguard.Options{Workspace: "w", Recorder: rec,
			Tools: map[string]toolguard.Policy{"t": {Before: []toolguard.Check{{Func: ok}}}}}, "Before[0]"},
		{"nil output check", &toolguard.Options{Workspace: "w", Recorder: rec,
			Tools: map[string]toolguard.Policy{"t": {After: []toolguard.OutputCheck{{Name: "x"}}}}}, "After[0]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mw, err := toolguard.New(tt.o)
			require.Error(t, err)
			assert.Nil(t, mw)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestMaxArgBytes(t *testing.T) {
	f := &fixture{rec: &memRecorder{}}
	f.server = mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	mcp.AddTool(f.server, &mcp.Tool{Name: "echo"}, func(_ context.Context, _ *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, any, error) {
		f.ran.Add(1)
		return nil, nil, nil
	})
	mw, err := toolguard.New(&toolguard.Options{Workspace: "w", Recorder: f.rec, MaxArgBytes: 64,
		Tools: map[string]toolguard.Policy{"echo": {}}})
	require.NoError(t, err)
	f.server.AddReceivingMiddleware(mw)
	cs := f.connect(t)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": strings.Repeat("a", 100)}})
	require.NoError(t, err)
	assert.True(t, res.IsError)
	assert.Contains(t, text(res), "over the 64-byte limit")
	assert.Zero(t, f.ran.Load())
}

// TestCancelledCallIsStillAudited: a client that gives up mid-call does
// not keep the call out of the audit log.
func TestCancelledCallIsStillAudited(t *testing.T) {
	rec := &memRecorder{}
	started := make(chan struct{})
	release := make(chan struct{})
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v0"}, nil)
	mcp.AddTool(server, &mcp.Tool{Name: "slow"}, func(ctx context.Context, _ *mcp.CallToolRequest, _ echoIn) (*mcp.CallToolResult, any, error) {
		close(started)
		<-release
		select { // the SDK cancels the handler's context when the client cancels
		case <-ctx.Done():
		case <-time.After(5 * time.Second):
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil, nil
	})
	ctxRec := toolguard.RecorderFunc(func(ctx context.Context, e toolguard.Entry) error {
		if err := ctx.Err(); err != nil {
			return err // what a context-respecting logger would do
		}
		return rec.Record(ctx, e)
	})
	mw, err := toolguard.New(&toolguard.Options{Workspace: "/ws", Recorder: ctxRec, Tools: map[string]toolguard.Policy{"slow": {}}})
	require.NoError(t, err)
	server.AddReceivingMiddleware(mw)
	f := &fixture{rec: rec, server: server}
	cs := f.connect(t)

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "slow", Arguments: map[string]any{"text": "x"}})
		done <- err
	}()
	<-started
	cancel()
	require.Error(t, <-done)
	close(release)
	require.Eventually(t, func() bool { return len(rec.all()) == 1 }, 10*time.Second, 10*time.Millisecond,
		"the call is audited although the client cancelled")
}
