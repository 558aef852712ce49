package confirm_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wardline/wardline/confirm"
	"github.com/wardline/wardline/confirm/confirmtest"
)

var (
	ctx    = context.Background()
	t0     = time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	setRed = confirm.Action{Kind: "firewall.set_mode", Params: map[string]string{"mode": "block"}}
)

// clock is a settable fake time source.
type clock struct{ now time.Time }

func (c *clock) Now() time.Time { return c.now }

func newManager(t *testing.T, opts ...confirm.Option) (*confirm.Manager, *clock) {
	t.Helper()
	c := &clock{now: t0}
	m := confirm.NewManager(nil, append([]confirm.Option{confirm.WithClock(c.Now)}, opts...)...)
	require.NoError(t, m.Err())
	return m, c
}

func TestMemoryStoreConformance(t *testing.T) {
	confirmtest.Run(t, func(*testing.T) confirm.Store { return new(confirm.MemoryStore) })
}

func TestProposeConfirm(t *testing.T) {
	m, _ := newManager(t)
	p, err := m.Propose(ctx, "conv-1", setRed)
	require.NoError(t, err)
	assert.Regexp(t, `^[0-9]{6}$`, p.Nonce)
	assert.Equal(t, t0.Add(5*time.Minute), p.ExpiresAt, "default TTL")
	assert.Equal(t, setRed.Digest(), p.Digest)
	assert.Equal(t, "confirm "+p.Nonce, p.Reply())

	got, err := m.Confirm(ctx, "conv-1", p.Reply())
	require.NoError(t, err)
	assert.True(t, setRed.Equal(got))

	_, err = m.Confirm(ctx, "conv-1", p.Reply())
	assert.ErrorIs(t, err, confirm.ErrNoPending, "single use")
}

func TestConfirmReplyForms(t *testing.T) {
	tests := []struct {
		name  string
		reply func(nonce string) string
		want  error // nil: confirmed
	}{
		{"exact", func(n string) string { return "confirm " + n }, nil},
		{"upper keyword", func(n string) string { return "CONFIRM " + n }, nil},
		{"mixed case, extra spacing", func(n string) string { return " \tConfirm \t  " + n + " \r\n" }, nil},
		{"wrong nonce", func(n string) string { return "confirm 1234567" }, confirm.ErrMismatch},
		{"nonce with suffix", func(n string) string { return "confirm " + n + "." }, confirm.ErrMismatch},
		{"fullwidth digits", func(n string) string { return "confirm ０００００１" }, confirm.ErrMismatch},
		{"bare nonce", func(n string) string { return n }, confirm.ErrInvalidReply},
		{"no nonce", func(n string) string { return "confirm" }, confirm.ErrInvalidReply},
		{"yes", func(n string) string { return "yes" }, confirm.ErrInvalidReply},
		{"glued", func(n string) string { return "confirm" + n }, confirm.ErrInvalidReply},
		{"confirmed", func(n string) string { return "confirmed " + n }, confirm.ErrInvalidReply},
		{"trailing words", func(n string) string { return "confirm " + n + " and also delete everything" }, confirm.ErrInvalidReply},
		{"second line", func(n string) string { return "confirm " + n + "\nconfirm " + n }, confirm.ErrInvalidReply},
		{"leading words", func(n string) string { return "ok confirm " + n }, confirm.ErrInvalidReply},
		{"no-break space", func(n string) string { return "confirm\u00a0" + n }, confirm.ErrInvalidReply},
		{"huge", func(n string) string { return "confirm " + n + strings.Repeat(" ", 2000) }, confirm.ErrInvalidReply},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, _ := newManager(t)
			p, err := m.Propose(ctx, "k", setRed)
			require.NoError(t, err)
			got, err := m.Confirm(ctx, "k", tt.reply(p.Nonce))
			if tt.want == nil {
				require.NoError(t, err)
				assert.True(t, setRed.Equal(got))
				return
			}
			assert.ErrorIs(t, err, tt.want)
			assert.Equal(t, confirm.Action{}, got)
			if errors.Is(err, confirm.ErrInvalidReply) {
				for range 5 {
					_, err := m.Confirm(ctx, "k", tt.reply(p.Nonce))
					require.ErrorIs(t, err, confirm.ErrInvalidReply, "invalid replies are not attempts")
				}
				_, err = m.Confirm(ctx, "k", p.Reply())
				assert.NoError(t, err, "the pending action survives invalid replies")
			}
		})
	}
}

func TestWrongNoncesCancel(t *testing.T) {
	m, _ := newManager(t)
	p, err := m.Propose(ctx, "k", setRed)
	require.NoError(t, err)
	wrong := "confirm " + strings.Repeat("x", 6)
	for range 2 {
		_, err = m.Confirm(ctx, "k", wrong)
		require.ErrorIs(t, err, confirm.ErrMismatch)
		require.NotErrorIs(t, err, confirm.ErrCancelled)
	}
	_, err = m.Confirm(ctx, "k", wrong)
	assert.ErrorIs(t, err, confirm.ErrMismatch)
	assert.ErrorIs(t, err, confirm.ErrCancelled)
	assert.ErrorIs(t, err, confirm.ErrTooManyAttempts)
	_, err = m.Confirm(ctx, "k", p.Reply())
	assert.ErrorIs(t, err, confirm.ErrNoPending, "the right nonce after cancellation runs nothing")

	m, _ = newManager(t, confirm.WithMaxAttempts(1))
	p, err = m.Propose(ctx, "k", setRed)
	require.NoError(t, err)
	_, err = m.Confirm(ctx, "k", wrong)
	assert.ErrorIs(t, err, confirm.ErrCancelled)
	_, err = m.Confirm(ctx, "k", p.Reply())
	assert.ErrorIs(t, err, confirm.ErrNoPending)
}

func TestExpiry(t *testing.T) {
	m, c := newManager(t, confirm.WithTTL(time.Minute))
	p, err := m.Propose(ctx, "k", setRed)
	require.NoError(t, err)
	c.now = t0.Add(time.Minute - time.Nanosecond)
	got, err := m.Confirm(ctx, "k", p.Reply())
	require.NoError(t, err, "just inside the TTL")
	assert.True(t, setRed.Equal(got))

	p, err = m.Propose(ctx, "k", setRed)
	require.NoError(t, err)
	c.now = p.ExpiresAt
	_, err = m.Confirm(ctx, "k", p.Reply())
	assert.ErrorIs(t, err, confirm.ErrExpired)
	_, err = m.Confirm(ctx, "k", p.Reply())
	assert.ErrorIs(t, err, confirm.ErrNoPending)
}

func TestCancel(t *testing.T) {
	m, _ := newManager(t)
	p, err := m.Propose(ctx, "k", setRed)
	require.NoError(t, err)
	_, err = m.Confirm(ctx, "k", "  Cancel\n")
	assert.ErrorIs(t, err, confirm.ErrCancelled)
	_, err = m.Confirm(ctx, "k", p.Reply())
	assert.ErrorIs(t, err, confirm.ErrNoPending)
	_, err = m.Confirm(ctx, "k", "cancel")
	assert.ErrorIs(t, err, confirm.ErrNoPending, "nothing left to cancel")

	_, err = m.Propose(ctx, "k", setRed)
	require.NoError(t, err)
	assert.ErrorIs(t, m.Cancel(ctx, "k"), confirm.ErrCancelled)
	assert.ErrorIs(t, m.Cancel(ctx, "k"), confirm.ErrNoPending)
}

func TestProposeReplacesAndBindsToAction(t *testing.T) {
	m, _ := newManager(t)
	first, err := m.Propose(ctx, "k", setRed)
	require.NoError(t, err)
	other := confirm.Action{Kind: "firewall.set_mode", Params: map[string]string{"mode": "off"}}
	second, err := m.Propose(ctx, "k", other)
	require.NoError(t, err)
	if first.Nonce != second.Nonce {
		_, err = m.Confirm(ctx, "k", first.Reply())
		assert.ErrorIs(t, err, confirm.ErrMismatch, "the replaced proposal's nonce")
	}
	got, err := m.Confirm(ctx, "k", second.Reply())
	require.NoError(t, err)
	assert.True(t, other.Equal(got), "the confirmed action is the one the nonce was issued for")
	assert.NotEqual(t, first.Digest, second.Digest)
}

func TestConversationsAreSeparate(t *testing.T) {
	m, _ := newManager(t)
	pa, err := m.Propose(ctx, "alice", setRed)
	require.NoError(t, err)
	_, err = m.Confirm(ctx, "bob", pa.Reply())
	assert.ErrorIs(t, err, confirm.ErrNoPending, "alice's nonce in bob's conversation")
	_, err = m.Confirm(ctx, "alice", pa.Reply())
	assert.NoError(t, err)
}

func TestProposeCopiesAction(t *testing.T) {
	m, _ := newManager(t)
	a := setRed.Clone()
	p, err := m.Propose(ctx, "k", a)
	require.NoError(t, err)
	a.Params["mode"] = "off"
	p.Action.Params["mode"] = "off"
	got, err := m.Confirm(ctx, "k", p.Reply())
	require.NoError(t, err)
	assert.Equal(t, "block", got.Params["mode"])
}

func TestProposeRejectsInvalidInput(t *testing.T) {
	m, _ := newManager(t)
	big := map[string]string{}
	for i := range confirm.MaxParams + 1 {
		big[strings.Repeat("k", i+1)] = "v"
	}
	tests := []struct {
		name string
		key  string
		a    confirm.Action
		want error
	}{
		{"empty key", "", setRed, confirm.ErrInvalidKey},
		{"long key", strings.Repeat("k", confirm.MaxKeyLen+1), setRed, confirm.ErrInvalidKey},
		{"zero action", "k", confirm.Action{}, confirm.ErrInvalidAction},
		{"long kind", "k", confirm.Action{Kind: strings.Repeat("x", confirm.MaxKindLen+1)}, confirm.ErrInvalidAction},
		{"invalid UTF-8", "k", confirm.Action{Kind: "x", Params: map[string]string{"a": "\xff"}}, confirm.ErrInvalidAction},
		{"empty param name", "k", confirm.Action{Kind: "x", Params: map[string]string{"": "v"}}, confirm.ErrInvalidAction},
		{"too many params", "k", confirm.Action{Kind: "x", Params: big}, confirm.ErrInvalidAction},
		{"too large", "k", confirm.Action{Kind: "x", Params: map[string]string{"a": strings.Repeat("v", confirm.MaxActionSize)}}, confirm.ErrInvalidAction},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := m.Propose(ctx, tt.key, tt.a)
			assert.ErrorIs(t, err, tt.want)
			assert.Empty(t, p.Nonce)
		})
	}
	_, err := m.Confirm(ctx, "", "confirm 123456")
	assert.ErrorIs(t, err, confirm.ErrInvalidKey)
}

func TestOptions(t *testing.T) {
	tests := []struct {
		name    string
		opts    []confirm.Option
		wantErr string
	}{
		{"defaults", nil, ""},
		{"nil option refused", []confirm.Option{nil}, "nil Option"},
		{"secret", []confirm.Option{confirm.WithSecret(testSecret)}, ""},
		{"short secret", []confirm.Option{confirm.WithSecret(testSecret[:31])}, "at least 32"},
		{"longer nonce", []confirm.Option{confirm.WithNonceLength(8)}, ""},
		{"letters", []confirm.Option{confirm.WithNonceAlphabet("ABCDEFGHJKLMNPQRSTUVWXYZ23456789"), confirm.WithNonceLength(5)}, ""},
		{"ttl", []confirm.Option{confirm.WithTTL(30 * time.Second)}, ""},
		{"ttl too short", []confirm.Option{confirm.WithTTL(time.Millisecond)}, "WithTTL(1ms)"},
		{"ttl too long", []confirm.Option{confirm.WithTTL(48 * time.Hour)}, "want 1s to 24h"},
		{"nil clock", []confirm.Option{confirm.WithClock(nil)}, "WithClock(nil)"},
		{"length too short", []confirm.Option{confirm.WithNonceLength(3)}, "WithNonceLength(3)"},
		{"length too long", []confirm.Option{confirm.WithNonceLength(65)}, "want 4 to 64"},
		{"alphabet too small", []confirm.Option{confirm.WithNonceAlphabet("0")}, "want 2 to 64"},
		{"alphabet duplicate", []confirm.Option{confirm.WithNonceAlphabet("0120")}, "appears twice"},
		{"alphabet space", []confirm.Option{confirm.WithNonceAlphabet("0 1")}, "not printable ASCII"},
		{"alphabet non-ASCII", []confirm.Option{confirm.WithNonceAlphabet("01é")}, "not printable ASCII"},
		{"attempts", []confirm.Option{confirm.WithMaxAttempts(11)}, "WithMaxAttempts(11)"},
		{"odds too high", []confirm.Option{confirm.WithNonceLength(4)}, "chance to guess"},
		{"odds at the limit", []confirm.Option{confirm.WithNonceLength(5), confirm.WithMaxAttempts(10)}, ""},
		{"odds too high with attempts", []confirm.Option{confirm.WithNonceAlphabet("01234567"), confirm.WithNonceLength(5), confirm.WithMaxAttempts(10)}, "chance to guess"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := confirm.NewManager(nil, tt.opts...)
			if tt.wantErr == "" {
				require.NoError(t, m.Err())
				p, err := m.Propose(ctx, "k", setRed)
				require.NoError(t, err)
				_, err = m.Confirm(ctx, "k", p.Reply())
				assert.NoError(t, err)
				return
			}
			require.ErrorIs(t, m.Err(), confirm.ErrInvalidOption)
			assert.ErrorContains(t, m.Err(), tt.wantErr)
			_, err := m.Propose(ctx, "k", setRed)
			assert.ErrorIs(t, err, confirm.ErrInvalidOption, "a misconfigured Manager refuses to propose")
			_, err = m.Confirm(ctx, "k", "confirm 123456")
			assert.ErrorIs(t, err, confirm.ErrInvalidOption)
		})
	}
}

func TestGuessOdds(t *testing.T) {
	assert.InDelta(t, 3e-6, confirm.NewManager(nil).GuessOdds(), 1e-12, "6 digits, 3 attempts")
	assert.InDelta(t, 3e-8, confirm.NewManager(nil, confirm.WithNonceLength(8)).GuessOdds(), 1e-14)
}

func TestNonceUsesAlphabetUniformly(t *testing.T) {
	m := confirm.NewManager(nil, confirm.WithNonceAlphabet("abcdefghij"), confirm.WithNonceLength(8))
	require.NoError(t, m.Err())
	counts := map[rune]int{}
	const n = 2000
	seen := map[string]bool{}
	for i := range n {
		p, err := m.Propose(ctx, "k", setRed)
		require.NoError(t, err, i)
		require.Regexp(t, `^[a-j]{8}$`, p.Nonce)
		seen[p.Nonce] = true
		for _, r := range p.Nonce {
			counts[r]++
		}
	}
	assert.Greater(t, len(seen), n-5, "nonces repeat far too often")
	for r, c := range counts {
		// 16 000 draws over 10 letters: 1 600 expected, σ ≈ 38.
		assert.InDelta(t, n*8/10, c, 300, "letter %c", r)
	}
}

func TestZeroManagerRefuses(t *testing.T) {
	var zero confirm.Manager
	_, err := zero.Propose(ctx, "k", setRed)
	assert.ErrorIs(t, err, confirm.ErrNoManager)
	var nilM *confirm.Manager
	_, err = nilM.Confirm(ctx, "k", "confirm 1")
	assert.ErrorIs(t, err, confirm.ErrNoManager)
	assert.ErrorIs(t, nilM.Cancel(ctx, "k"), confirm.ErrNoManager)
}

// tamperStore swaps the stored action on take, as a compromised or buggy
// shared store might.
type tamperStore struct{ confirm.MemoryStore }

func (s *tamperStore) Take(ctx context.Context, key, proof string, now time.Time, max int) (confirm.Record, error) {
	rec, err := s.MemoryStore.Take(ctx, key, proof, now, max)
	rec.Action.Params["mode"] = "off"
	return rec, err
}

// testSecret is a fixed Manager secret for stores other than MemoryStore.
var testSecret = []byte("confirm-test-secret-0123456789ab")

func TestDigestRecheckedOnTake(t *testing.T) {
	m := confirm.NewManager(&tamperStore{}, confirm.WithSecret(testSecret))
	p, err := m.Propose(ctx, "k", setRed)
	require.NoError(t, err)
	got, err := m.Confirm(ctx, "k", p.Reply())
	assert.ErrorIs(t, err, confirm.ErrCorrupt)
	assert.Equal(t, confirm.Action{}, got)
}

// failStore fails every operation.
type failStore struct{}

var errDown = errors.New("store down")

func (failStore) Put(context.Context, string, confirm.Record, time.Time) error { return errDown }
func (failStore) Take(context.Context, string, string, time.Time, int) (confirm.Record, error) {
	return confirm.Record{Action: setRed}, errDown
}
func (failStore) Delete(context.Context, string) (bool, error) { return true, errDown }

func TestSharedStoresNeedASecret(t *testing.T) {
	m := confirm.NewManager(failStore{})
	assert.ErrorIs(t, m.Err(), confirm.ErrInvalidOption)
	assert.ErrorContains(t, m.Err(), "WithSecret")
	_, err := m.Propose(ctx, "k", setRed)
	assert.ErrorIs(t, err, confirm.ErrInvalidOption)
	assert.ErrorIs(t, confirm.NewManager(failStore{}, confirm.WithSecret([]byte("short"))).Err(), confirm.ErrInvalidOption)
	assert.ErrorIs(t, confirm.NewManager(nil, nil).Err(), confirm.ErrInvalidOption, "a nil option is refused")
	assert.NoError(t, confirm.NewManager(&confirm.MemoryStore{MaxEntries: 5}).Err(), "a MemoryStore draws its own secret")

	// Two Managers over one store with different secrets cannot confirm
	// each other's proposals; with the same secret they can.
	var s confirm.MemoryStore
	a := confirm.NewManager(&s)
	b := confirm.NewManager(&s)
	p, err := a.Propose(ctx, "k", setRed)
	require.NoError(t, err)
	got, err := b.Confirm(ctx, "k", p.Reply())
	assert.ErrorIs(t, err, confirm.ErrMismatch, "b's proof of the nonce is not a's")
	assert.Equal(t, confirm.Action{}, got)
	a = confirm.NewManager(&s, confirm.WithSecret(testSecret))
	b = confirm.NewManager(&s, confirm.WithSecret(testSecret))
	p, err = a.Propose(ctx, "k", setRed)
	require.NoError(t, err)
	got, err = b.Confirm(ctx, "k", p.Reply())
	require.NoError(t, err)
	assert.True(t, setRed.Equal(got))
}

func TestStoreFailuresRunNothing(t *testing.T) {
	m := confirm.NewManager(failStore{}, confirm.WithSecret(testSecret))
	p, err := m.Propose(ctx, "k", setRed)
	assert.ErrorIs(t, err, errDown)
	assert.Empty(t, p.Nonce, "no nonce for a proposal that was not stored")
	got, err := m.Confirm(ctx, "k", "confirm 123456")
	assert.ErrorIs(t, err, errDown)
	assert.Equal(t, confirm.Action{}, got)
	_, err = m.Confirm(ctx, "k", "cancel")
	assert.ErrorIs(t, err, errDown)
	assert.NotErrorIs(t, err, confirm.ErrCancelled)
}

func TestDigest(t *testing.T) {
	a := confirm.Action{Kind: "k", Params: map[string]string{"a": "1", "b": "2"}}
	b := confirm.Action{Kind: "k", Params: map[string]string{"b": "2", "a": "1"}}
	assert.Equal(t, a.Digest(), b.Digest(), "order-independent")
	assert.Regexp(t, `^sha256:[0-9a-f]{64}$`, a.Digest())
	assert.Equal(t, confirm.Action{Kind: "k"}.Digest(), confirm.Action{Kind: "k", Params: map[string]string{}}.Digest())
	distinct := []confirm.Action{
		a,
		{Kind: "k", Params: map[string]string{"a": "12"}},
		{Kind: "k", Params: map[string]string{"a1": "2"}},
		{Kind: "k", Params: map[string]string{"a": "1", "b": "3"}},
		{Kind: "k2", Params: map[string]string{"a": "1", "b": "2"}},
		{Kind: "ka", Params: map[string]string{"": "1"}},
		{Kind: "k"},
	}
	seen := map[string]int{}
	for i, x := range distinct {
		d := x.Digest()
		if j, dup := seen[d]; dup {
			t.Errorf("actions %d and %d share digest", j, i)
		}
		seen[d] = i
	}
}

func TestMemoryStoreBoundsAndSweeps(t *testing.T) {
	s := &confirm.MemoryStore{MaxEntries: 3, Retain: time.Minute}
	m := confirm.NewManager(s, confirm.WithClock(func() time.Time { return t0 }))
	var ps []confirm.Pending
	for i := range 4 {
		p, err := m.Propose(ctx, "k"+string(rune('a'+i)), setRed)
		require.NoError(t, err)
		ps = append(ps, p)
	}
	assert.Equal(t, 3, s.Len(), "bounded")
	ok := 0
	for i, p := range ps {
		if _, err := m.Confirm(ctx, "k"+string(rune('a'+i)), p.Reply()); err == nil {
			ok++
		}
	}
	assert.Equal(t, 3, ok, "one proposal evicted, the rest confirmable")

	rec := confirm.Record{Action: setRed, Digest: setRed.Digest(), Proof: "p", ExpiresAt: t0.Add(time.Minute)}
	require.NoError(t, s.Put(ctx, "old", rec, t0))
	require.NoError(t, s.Put(ctx, "new", confirm.Record{Action: setRed, Digest: setRed.Digest(), Proof: "p", ExpiresAt: t0.Add(time.Hour)}, t0.Add(2*time.Minute)))
	assert.Equal(t, 1, s.Len(), "a record past expiry+retention is swept")
}

func TestPendingLogValueHidesNonce(t *testing.T) {
	m, _ := newManager(t)
	p, err := m.Propose(ctx, "k", setRed)
	require.NoError(t, err)
	var b strings.Builder
	slog.New(slog.NewTextHandler(&b, nil)).Info("proposed", "pending", p)
	assert.NotContains(t, b.String(), p.Nonce)
	assert.Contains(t, b.String(), "pending.kind=firewall.set_mode")
	assert.Contains(t, b.String(), p.Digest)
}

// replyOracle is an independent statement of the reply grammar: "confirm",
// ASCII-case-insensitive, spaces or tabs, a nonce without white space,
// surrounded by optional ASCII white space.
var replyOracle = regexp.MustCompile(`^[ \t\n\r\v\f]*(?i:confirm)[ \t]+([^ \t\n\r\v\f]+)[ \t\n\r\v\f]*$`)

// FuzzConfirmReply feeds replies to a pending action, with "{n}" in the
// fuzzed text (seeded from testdata/replies.jsonl) replaced by the real nonce, and checks that the action is
// returned exactly when the reply is a well-formed confirmation of that
// nonce, and never twice.
func FuzzConfirmReply(f *testing.F) {
	// testdata/replies.jsonl: one JSON string per line, a reply template.
	data, err := os.ReadFile("testdata/replies.jsonl")
	require.NoError(f, err)
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var tmpl string
		require.NoError(f, json.Unmarshal([]byte(line), &tmpl), line)
		f.Add(tmpl)
	}
	f.Fuzz(func(t *testing.T, tmpl string) {
		m, _ := newManager(t)
		p, err := m.Propose(ctx, "k", setRed)
		require.NoError(t, err)
		reply := strings.ReplaceAll(tmpl, "{n}", p.Nonce)
		got, err := m.Confirm(ctx, "k", reply)
		sub := replyOracle.FindStringSubmatch(reply)
		wantOK := len(reply) <= 1024 && sub != nil && sub[1] == p.Nonce
		if wantOK {
			require.NoError(t, err, "%q", reply)
			require.True(t, setRed.Equal(got))
			_, err = m.Confirm(ctx, "k", reply)
			require.ErrorIs(t, err, confirm.ErrNoPending, "second use")
			return
		}
		require.Error(t, err, "%q confirmed", reply)
		require.Equal(t, confirm.Action{}, got)
		switch {
		case errors.Is(err, confirm.ErrCancelled):
			require.Regexp(t, `^[ \t\n\r\v\f]*(?i:cancel)[ \t\n\r\v\f]*$`, reply)
		case errors.Is(err, confirm.ErrMismatch):
			require.NotNil(t, sub, "a mismatch must be a well-formed reply: %q", reply)
		default:
			require.ErrorIs(t, err, confirm.ErrInvalidReply)
		}
	})
}

func BenchmarkProposeConfirm(b *testing.B) {
	m := confirm.NewManager(nil)
	a := confirm.Action{Kind: "firewall.blacklist_add", Params: map[string]string{"ip": "203.0.113.7/32", "comment": "repeated scans"}}
	b.Run("memory/right-nonce", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			p, err := m.Propose(ctx, "conv", a)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := m.Confirm(ctx, "conv", p.Reply()); err != nil {
				b.Fatal(err)
			}
		}
	})
}
