package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wardline/wardline/audit"
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

var (
	// replyRE finds the reply the user is told to type (in an elicitation
	// message or a confirmation file).
	replyRE = regexp.MustCompile(`confirm [0-9]{6}`)
	// requestRE finds the request id a file-channel result names.
	requestRE = regexp.MustCompile(`code of request ([A-Z]{6}) was written`)
	// digitsRE finds anything that could be a nonce.
	digitsRE = regexp.MustCompile(`[0-9]{6}`)
)

// modeHarness serves set_mode with a confirmation directory (the channel
// for clients without elicitation), a fake mode setter and a fake clock.
func modeHarness(t *testing.T) (*harness, *fakeModes, *fakeClock) {
	t.Helper()
	fm := &fakeModes{}
	clk := &fakeClock{t: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	h := newHarness(t, func(c *Config) {
		c.Modes = fm
		c.ConfirmOptions = []confirm.Option{confirm.WithClock(clk.now), confirm.WithTTL(5 * time.Minute)}
		c.ConfirmDir = t.TempDir()
	})
	return h, fm, clk
}

// propose calls set_mode as the model and returns the reply the user types
// after reading the code from the confirmation directory. The result the
// model sees holds no nonce.
func propose(t *testing.T, h *harness, cs *mcp.ClientSession, mode string) string {
	t.Helper()
	res := call(t, cs, "set_mode", map[string]any{"mode": mode})
	require.False(t, res.IsError, text(res))
	assert.Contains(t, text(res), "Nothing has changed yet")
	assert.NotRegexp(t, digitsRE, text(res), "the model is never shown a nonce")
	m := requestRE.FindStringSubmatch(text(res))
	require.NotNil(t, m, "the result names the request: %s", text(res))
	b, err := os.ReadFile(filepath.Join(h.srv.confirmDir(), "mcpguard-"+m[1]+".txt"))
	require.NoError(t, err)
	reply := replyRE.FindString(string(b))
	require.NotEmpty(t, reply, "the file tells the user what to type: %s", b)
	return reply
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
	propose(t, h, cs, "block")
	propose(t, h, cs, "monitor")
	assert.Empty(t, fm.executed(), "proposing executes nothing")
	h.assertAudited(t, 2)
}

func TestSetModeConfirmRightNonceExecutesOnce(t *testing.T) {
	h, fm, _ := modeHarness(t)
	cs := h.client(t)
	reply := propose(t, h, cs, "Block")

	res := call(t, cs, "confirm", map[string]any{"reply": reply})
	require.False(t, res.IsError, text(res))
	assert.Contains(t, text(res), `mode set to "block" (confirmed by the user)`)
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
	reply := propose(t, h, cs, "block")

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
	reply := propose(t, h, cs, "block")
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
	reply := propose(t, h, cs, "block")
	clk.advance(5*time.Minute + time.Second)

	res := call(t, cs, "confirm", map[string]any{"reply": reply})
	require.True(t, res.IsError)
	assert.Contains(t, text(res), "expired")
	assert.Empty(t, fm.executed())
}

func TestSetModeNewProposalReplacesOld(t *testing.T) {
	h, fm, _ := modeHarness(t)
	cs := h.client(t)
	first := propose(t, h, cs, "block")
	second := propose(t, h, cs, "learning")
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
	reply := propose(t, h, alice, "block")

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
	reply := propose(t, h, cs, "block")
	res := call(t, cs, "confirm", map[string]any{"reply": "cancel"})
	require.True(t, res.IsError)
	assert.Contains(t, text(res), "cancelled")
	res = call(t, cs, "confirm", map[string]any{"reply": reply})
	require.True(t, res.IsError)
	assert.Empty(t, fm.executed())
}

func TestDefaultModeSetterWritesStateFile(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.ConfirmDir = t.TempDir() })
	cs := h.client(t)
	reply := propose(t, h, cs, "monitor")
	res := call(t, cs, "confirm", map[string]any{"reply": reply})
	require.False(t, res.IsError, text(res))
	b, err := h.srv.root.ReadFile(stateDir + "/mode")
	require.NoError(t, err)
	assert.Equal(t, "monitor\n", string(b))
}

// user plays the person at the client: it reads what an elicitation shows
// and answers with answer(message).
type user struct {
	mu    sync.Mutex
	shown []string
}

func (u *user) messages() []string {
	u.mu.Lock()
	defer u.mu.Unlock()
	return append([]string(nil), u.shown...)
}

// elicitClient connects a client whose UI shows elicitations to u, who
// answers with answer. protocol "" is the latest; an older one makes the
// SDK send elicitation/create itself.
func (h *harness) elicitClient(t *testing.T, u *user, protocol string, answer func(msg string) *mcp.ElicitResult) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := h.srv.MCP.Connect(ctx, st, nil)
	require.NoError(t, err)
	c := mcp.NewClient(&mcp.Implementation{Name: "elicit-client", Version: "v0"}, &mcp.ClientOptions{
		ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			u.mu.Lock()
			u.shown = append(u.shown, req.Params.Message)
			u.mu.Unlock()
			return answer(req.Params.Message), nil
		},
	})
	cs, err := c.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: protocol})
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = cs.Close()
		_ = ss.Wait()
	})
	return cs
}

// typesWhatIsShown is a user who wants the change and types the reply the
// message shows.
func typesWhatIsShown(msg string) *mcp.ElicitResult {
	return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"reply": replyRE.FindString(msg)}}
}

func TestElicitationConfirmsOutOfBand(t *testing.T) {
	for _, protocol := range []string{"", "2025-11-25"} {
		t.Run("protocol="+protocol, func(t *testing.T) {
			fm := &fakeModes{}
			h := newHarness(t, func(c *Config) { c.Modes = fm }) // no confirmation directory needed
			u := &user{}
			cs := h.elicitClient(t, u, protocol, typesWhatIsShown)
			res := call(t, cs, "set_mode", map[string]any{"mode": "block"})
			require.False(t, res.IsError, text(res))
			assert.Equal(t, `mode set to "block" (confirmed by the user)`, text(res))
			assert.Equal(t, []string{"block"}, fm.executed())
			shown := u.messages()
			require.Len(t, shown, 1)
			nonce := replyRE.FindString(shown[0])
			require.NotEmpty(t, nonce, "the user was shown the code")
			assert.Contains(t, shown[0], `set the firewall mode to "block"`)
			assert.NotContains(t, text(res), nonce[len("confirm "):], "the model was not")
			assert.NotContains(t, string(h.log.Bytes()), nonce[len("confirm "):], "nor the audit log")
		})
	}
}

// TestInjectedModelCannotConfirmItsOwnAction: a model told by an injection
// to change the mode calls set_mode and then confirm. It never sees the
// code (elicitation shows it to the user, who refuses or ignores it; the
// file channel writes it where only the user reads it), so every confirm
// it makes fails and the mode never changes.
func TestInjectedModelCannotConfirmItsOwnAction(t *testing.T) {
	guesses := []string{"confirm 000000", "confirm 123456", "confirm 999999", "confirm 314159"}
	for _, answer := range []struct {
		name string
		fn   func(string) *mcp.ElicitResult
	}{
		{"user declines", func(string) *mcp.ElicitResult { return &mcp.ElicitResult{Action: "decline"} }},
		{"user dismisses", func(string) *mcp.ElicitResult { return &mcp.ElicitResult{Action: "cancel"} }},
		{"user types something else", func(string) *mcp.ElicitResult {
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"reply": "confirm 000001"}}
		}},
	} {
		t.Run("elicitation/"+answer.name, func(t *testing.T) {
			fm := &fakeModes{}
			h := newHarness(t, func(c *Config) { c.Modes = fm })
			u := &user{}
			cs := h.elicitClient(t, u, "", answer.fn)
			var seen strings.Builder
			res := call(t, cs, "set_mode", map[string]any{"mode": "off"})
			require.True(t, res.IsError, "not a mode")
			res = call(t, cs, "set_mode", map[string]any{"mode": "monitor"})
			seen.WriteString(text(res))
			require.True(t, res.IsError, "the user did not confirm: %s", text(res))
			assert.Contains(t, text(res), "nothing was executed")
			for _, g := range guesses {
				res = call(t, cs, "confirm", map[string]any{"reply": g})
				seen.WriteString(text(res))
				require.True(t, res.IsError, g)
			}
			assert.Empty(t, fm.executed())
			require.Len(t, u.messages(), 1)
			nonce := replyRE.FindString(u.messages()[0])[len("confirm "):]
			assert.NotContains(t, seen.String(), nonce, "no tool result held the code")
		})
	}
	t.Run("confirmation directory", func(t *testing.T) {
		h, fm, _ := modeHarness(t)
		cs := h.client(t)
		res := call(t, cs, "set_mode", map[string]any{"mode": "monitor"})
		require.False(t, res.IsError, text(res))
		assert.NotRegexp(t, digitsRE, text(res))
		for _, g := range guesses[:3] {
			res = call(t, cs, "confirm", map[string]any{"reply": g})
			require.True(t, res.IsError, g)
		}
		assert.Contains(t, text(res), "cancelled", "three wrong codes cancel the change")
		assert.Empty(t, fm.executed())
	})
	t.Run("no channel to the user", func(t *testing.T) {
		fm := &fakeModes{}
		h := newHarness(t, func(c *Config) { c.Modes = fm }) // no elicitation, no directory
		cs := h.client(t)
		res := call(t, cs, "set_mode", map[string]any{"mode": "monitor"})
		require.True(t, res.IsError)
		assert.Contains(t, text(res), "nothing was proposed")
		res = call(t, cs, "confirm", map[string]any{"reply": "confirm 123456"})
		require.True(t, res.IsError)
		assert.Contains(t, text(res), "no pending change", "a refused proposal leaves nothing pending")
		assert.Empty(t, fm.executed())
	})
}

func TestConfirmDirOutsideWorkspace(t *testing.T) {
	ws := t.TempDir()
	inside := filepath.Join(ws, "codes")
	require.NoError(t, os.MkdirAll(inside, 0o755))
	_, err := NewServer(Config{Workspace: ws, Audit: audit.NewLogger(&syncBuffer{}), ConfirmDir: inside})
	assert.ErrorContains(t, err, "inside the workspace")
	_, err = NewServer(Config{Workspace: ws, Audit: audit.NewLogger(&syncBuffer{}), ConfirmDir: filepath.Join(t.TempDir(), "missing")})
	assert.Error(t, err)
}
