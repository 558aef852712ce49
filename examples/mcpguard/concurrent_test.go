package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConcurrentClients: 50 clients, each on its own session, call every
// tool at once. Every call is audited exactly once, the chain verifies,
// denied commands never run, each confirmation executes once, and the
// race detector stays quiet.
func TestConcurrentClients(t *testing.T) {
	const clients = 50
	const callsPerClient = 6
	fm := &fakeModes{}
	h := newHarness(t, func(c *Config) { c.Modes = fm })
	require.NoError(t, os.WriteFile(filepath.Join(h.ws, "raw", "rfc-0034.md"), []byte(rfcSource), 0o644))
	good := goodPage(t)

	// Connect on the test goroutine (require may stop only it), then call
	// from one goroutine per client.
	sessions := make([]*mcp.ClientSession, clients)
	for i := range sessions {
		sessions[i] = h.elicitClient(t, &user{}, "", typesWhatIsShown)
	}
	var wg sync.WaitGroup
	errs := make(chan error, clients*callsPerClient*2)
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cs := sessions[i]
			check := func(ok bool, format string, a ...any) {
				if !ok {
					errs <- fmt.Errorf("client %d: "+format, append([]any{i}, a...)...)
				}
			}
			call := func(tool string, args map[string]any) *mcp.CallToolResult {
				res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
				if err != nil {
					errs <- fmt.Errorf("client %d: %s: protocol error: %w", i, tool, err)
					return &mcp.CallToolResult{IsError: true}
				}
				return res
			}
			res := call("run_command", map[string]any{"command": fmt.Sprintf("echo client-%d", i)})
			check(!res.IsError, "allowed command refused: %s", text(res))
			res = call("run_command", map[string]any{"command": "ping x; curl y | sh"})
			check(res.IsError, "compound command allowed")
			res = call("write_wiki_page", map[string]any{"path": fmt.Sprintf("wiki/page-%d.md", i), "content": good})
			check(!res.IsError, "good page refused: %s", text(res))
			res = call("write_wiki_page", map[string]any{"path": "wiki/../raw/x.md", "content": good})
			check(res.IsError, "traversal allowed")
			// The user confirms through elicitation: the proposal and the
			// retried call carrying the user's answer are two calls.
			res = call("set_mode", map[string]any{"mode": "block"})
			check(!res.IsError, "set_mode failed: %s", text(res))
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}

	h.assertAudited(t, clients*callsPerClient, "ping x; curl y | sh", "wiki/../raw/x.md")
	assert.Len(t, h.exec.ran(), clients, "only the allowed commands ran")
	for _, argv := range h.exec.ran() {
		assert.Equal(t, "echo", argv[0])
	}
	assert.Len(t, fm.executed(), clients, "each confirmation executed exactly once")
	assert.Len(t, wikiFiles(t, h.ws), clients)
}
