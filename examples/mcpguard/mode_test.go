package main

import (
	"context"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wardline/wardline/confirm"
)

// fakeModes records every executed mode change.
type fakeModes struct {
	mu  sync.Mutex
	set []string
}

func (f *fakeModes) SetMode(_ context.Context, mode string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.set = append(f.set, mode)
	return nil
}

func (f *fakeModes) executed() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.set...)
}

// fakeClock is a settable clock for the confirmation TTL.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

var replyRE = regexp.MustCompile(`reply "(confirm [0-9]+)"`)

func modeHarness(t *testing.T) (*harness, *fakeModes, *fakeClock) {
	t.Helper()
	fm := &fakeModes{}
	clk := &fakeClock{t: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	h := newHarness(t, func(c *Config) {
		c.Modes = fm
		c.ConfirmOptions = []confirm.Option{confirm.WithClock(clk.now), confirm.WithTTL(5 * time.Minute)}
	})
	return h, fm, clk
}

// propose calls set_mode and returns the reply the user would type.
func propose(t *testing.T, cs *mcp.ClientSession, mode string) string {
	t.Helper()
	res := call(t, cs, "set_mode", map[string]any{"mode": mode})
	require.False(t, res.IsError, text(res))
	assert.Contains(t, text(res), "Nothing has changed yet")
	m := replyRE.FindStringSubmatch(text(res))
	require.NotNil(t, m, "the result names the reply: %s", text(res))
	return m[1]
}

// wrongReply returns a reply with a different nonce of the same length.
func wrongReply(reply string) string {
	b := []byte(reply)
	last := len(b) - 1
	if b[last] == '9' {
		b[last] = '0'
	} else {
		b[last]++
	}
	return string(b)
}

func TestSetModeWithoutConfirmNeverExecutes(t *testing.T) {
	h, fm, _ := modeHarness(t)
	cs := h.client(t)
	propose(t, cs, "block")
	propose(t, cs, "monitor")
	assert.Empty(t, fm.executed(), "proposing executes nothing")
	h.assertAudited(t, 2)
}

func TestSetModeConfirmRightNonceExecutesOnce(t *testing.T) {
	h, fm, _ := modeHarness(t)
	cs := h.client(t)
	reply := propose(t, cs, "Block")

	res := call(t, cs, "confirm", map[string]any{"reply": reply})
	require.False(t, res.IsError, text(res))
	assert.Contains(t, text(res), `mode set to "block"`)
	assert.Equal(t, []string{"block"}, fm.executed())

	// Replaying the same confirmation fails and executes nothing more.
	res = call(t, cs, "confirm", map[string]any{"reply": reply})
	require.True(t, res.IsError)
	assert.Contains(t, text(res), "nothing was executed: no pending change")
	assert.Equal(t, []string{"block"}, fm.executed())

	recs := h.assertAudited(t, 3, reply)
	assert.Equal(t, []any{"allow", "allow", "error"}, []any{recs[0]["decision"], recs[1]["decision"], recs[2]["decision"]})
}

func TestSetModeWrongNonceNeverExecutes(t *testing.T) {
	h, fm, _ := modeHarness(t)
	cs := h.client(t)
	reply := propose(t, cs, "block")

	res := call(t, cs, "confirm", map[string]any{"reply": wrongReply(reply)})
	require.True(t, res.IsError)
	assert.Contains(t, text(res), "wrong nonce")
	assert.Empty(t, fm.executed())

	// The right nonce still works after one wrong attempt.
	res = call(t, cs, "confirm", map[string]any{"reply": reply})
	require.False(t, res.IsError, text(res))
	assert.Equal(t, []string{"block"}, fm.executed())
	h.assertAudited(t, 3, reply, wrongReply(reply))
}

func TestSetModeTooManyWrongNoncesCancels(t *testing.T) {
	h, fm, _ := modeHarness(t)
	cs := h.client(t)
	reply := propose(t, cs, "block")
	wrong := wrongReply(reply)
	for range 3 {
		res := call(t, cs, "confirm", map[string]any{"reply": wrong})
		require.True(t, res.IsError)
	}
	res := call(t, cs, "confirm", map[string]any{"reply": reply})
	require.True(t, res.IsError, "after too many wrong nonces the right one no longer works")
	assert.Empty(t, fm.executed())
}

func TestSetModeExpiredNeverExecutes(t *testing.T) {
	h, fm, clk := modeHarness(t)
	cs := h.client(t)
	reply := propose(t, cs, "block")
	clk.advance(5*time.Minute + time.Second)

	res := call(t, cs, "confirm", map[string]any{"reply": reply})
	require.True(t, res.IsError)
	assert.Contains(t, text(res), "expired")
	assert.Empty(t, fm.executed())
}

func TestSetModeNewProposalReplacesOld(t *testing.T) {
	h, fm, _ := modeHarness(t)
	cs := h.client(t)
	first := propose(t, cs, "block")
	second := propose(t, cs, "learning")
	if first != second {
		res := call(t, cs, "confirm", map[string]any{"reply": first})
		require.True(t, res.IsError, "the first nonce stops working")
	}
	res := call(t, cs, "confirm", map[string]any{"reply": second})
	require.False(t, res.IsError, text(res))
	assert.Equal(t, []string{"learning"}, fm.executed())
}

func TestConfirmIsBoundToTheSession(t *testing.T) {
	h, fm, _ := modeHarness(t)
	alice, mallory := h.client(t), h.client(t)
	reply := propose(t, alice, "block")

	res := call(t, mallory, "confirm", map[string]any{"reply": reply})
	require.True(t, res.IsError, "another session cannot confirm this session's change")
	assert.Contains(t, text(res), "no pending change")
	assert.Empty(t, fm.executed())

	res = call(t, alice, "confirm", map[string]any{"reply": reply})
	require.False(t, res.IsError, text(res))
	assert.Equal(t, []string{"block"}, fm.executed())
}

func TestSetModeBadArguments(t *testing.T) {
	h, fm, _ := modeHarness(t)
	cs := h.client(t)
	for _, args := range []map[string]any{
		{"mode": "DROP TABLE"},
		{"mode": "block; rm -rf /"},
		{"mode": "ｂｌｏｃｋ"},
		{"mode": ""},
		{},
	} {
		res := call(t, cs, "set_mode", args)
		require.True(t, res.IsError, "%v", args)
		assert.Contains(t, text(res), "wardline refused set_mode (args)")
	}
	for _, args := range []map[string]any{
		{"reply": ""},
		{"reply": "confirm 123456 and also set mode to off please thank you very much indeed"},
		{"reply": "confirm 123456", "mode": "off"},
	} {
		res := call(t, cs, "confirm", args)
		require.True(t, res.IsError, "%v", args)
		assert.Contains(t, text(res), "wardline refused confirm (args)")
	}
	res := call(t, cs, "confirm", map[string]any{"reply": "yes"})
	require.True(t, res.IsError)
	assert.Contains(t, text(res), `"confirm <nonce>" or "cancel"`)
	res = call(t, cs, "confirm", map[string]any{"reply": "confirm 123456"})
	require.True(t, res.IsError)
	assert.Contains(t, text(res), "no pending change")
	assert.Empty(t, fm.executed())
	h.assertAudited(t, 10, "DROP TABLE")
}

func TestSetModeCancel(t *testing.T) {
	h, fm, _ := modeHarness(t)
	cs := h.client(t)
	reply := propose(t, cs, "block")
	res := call(t, cs, "confirm", map[string]any{"reply": "cancel"})
	require.True(t, res.IsError)
	assert.Contains(t, text(res), "cancelled")
	res = call(t, cs, "confirm", map[string]any{"reply": reply})
	require.True(t, res.IsError)
	assert.Empty(t, fm.executed())
}

func TestDefaultModeSetterWritesStateFile(t *testing.T) {
	h := newHarness(t)
	cs := h.client(t)
	reply := propose(t, cs, "monitor")
	res := call(t, cs, "confirm", map[string]any{"reply": reply})
	require.False(t, res.IsError, text(res))
	b, err := h.srv.root.ReadFile(stateDir + "/mode")
	require.NoError(t, err)
	assert.Equal(t, "monitor\n", string(b))
}
