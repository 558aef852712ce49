package confirm

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"time"

	"github.com/wardline/wardline/internal/ascii"
)

// Errors returned by [Manager.Confirm] (and by [Store] implementations),
// usable with errors.Is. None of them comes with an Action: nothing may run.
var (
	// ErrNoPending: there is no pending action for the conversation (never
	// proposed, already confirmed, cancelled, or dropped by the store).
	ErrNoPending = errors.New("confirm: no pending action")
	// ErrMismatch: the reply named the wrong nonce. The pending action stays
	// until too many wrong nonces have been tried.
	ErrMismatch = errors.New("confirm: wrong nonce")
	// ErrExpired: the pending action's TTL has passed; it is gone.
	ErrExpired = errors.New("confirm: pending action expired")
	// ErrCancelled: the reply was "cancel", or too many wrong nonces were
	// tried ([ErrTooManyAttempts]); the pending action is gone.
	ErrCancelled = errors.New("confirm: pending action cancelled")

	// ErrTooManyAttempts is the error for the wrong nonce that used up the
	// last attempt. It matches both ErrMismatch and ErrCancelled with
	// errors.Is.
	ErrTooManyAttempts error = tooManyAttempts{}

	// ErrInvalidReply: the reply is neither "confirm <nonce>" nor "cancel".
	// It does not count as an attempt and leaves the pending action alone.
	ErrInvalidReply = errors.New(`confirm: reply is not "confirm <nonce>" or "cancel"`)
	// ErrCorrupt: the store returned a record the Manager did not seal for
	// this conversation and nonce: its action, expiry, conversation key or
	// proof was changed (or it was sealed under another secret); nothing
	// runs.
	ErrCorrupt = errors.New("confirm: stored record does not match its seal")
	// ErrInvalidAction: Propose was given an empty kind or parameters that
	// break the limits ([MaxKindLen], [MaxParams], [MaxActionSize]).
	ErrInvalidAction = errors.New("confirm: invalid action")
	// ErrInvalidKey: the conversation key is empty or longer than
	// [MaxKeyLen].
	ErrInvalidKey = errors.New("confirm: invalid conversation key")
	// ErrInvalidOption: an option given to NewManager is invalid; the
	// Manager refuses every call. [Manager.Err] reports it.
	ErrInvalidOption = errors.New("confirm: invalid option")
	// ErrNoManager: the method was called on a nil or zero Manager.
	ErrNoManager = errors.New("confirm: Manager not created with NewManager")
)

type tooManyAttempts struct{}

func (tooManyAttempts) Error() string {
	return "confirm: wrong nonce; too many wrong nonces, pending action cancelled"
}

func (tooManyAttempts) Is(target error) bool {
	return target == ErrMismatch || target == ErrCancelled
}

// Defaults for a Manager.
const (
	DefaultTTL         = 5 * time.Minute
	DefaultNonceLength = 6
	DefaultAlphabet    = "0123456789"
	DefaultMaxAttempts = 3
	// MaxGuessOdds is the largest chance of guessing a nonce within the
	// allowed attempts, per proposal, that NewManager accepts:
	// maxAttempts / len(alphabet)^length must not exceed it.
	MaxGuessOdds = 1e-4
)

// Pending is a proposed action waiting for its confirmation.
type Pending struct {
	// Nonce is what the user must send back as "confirm <Nonce>". Show it
	// to the user; do not log it (Pending's LogValue leaves it out).
	Nonce string
	// Action is the proposed action (a copy).
	Action Action
	// Digest is Action.Digest() (unkeyed, so anyone can recompute it from
	// the action), for an audit record.
	Digest string
	// ExpiresAt is when the confirmation window closes.
	ExpiresAt time.Time
}

// Reply returns the exact reply that confirms p: "confirm " + p.Nonce.
func (p Pending) Reply() string { return "confirm " + p.Nonce }

// LogValue implements [slog.LogValuer]: the kind, digest and expiry, never
// the nonce.
func (p Pending) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("kind", p.Action.Kind),
		slog.String("digest", p.Digest),
		slog.Time("expires_at", p.ExpiresAt),
	)
}

// Option configures a [Manager]. Options are checked by NewManager; an
// invalid one makes the Manager refuse every call with an error wrapping
// [ErrInvalidOption].
type Option func(*Manager) error

// WithTTL sets how long a proposal can be confirmed: from 1 second to 24
// hours. The default is 5 minutes.
func WithTTL(d time.Duration) Option {
	return func(m *Manager) error {
		if d < time.Second || d > 24*time.Hour {
			return fmt.Errorf("WithTTL(%v): want 1s to 24h", d)
		}
		m.ttl = d
		return nil
	}
}

// WithClock makes the Manager read the time from now instead of
// time.Now, for tests. now must not be nil.
func WithClock(now func() time.Time) Option {
	return func(m *Manager) error {
		if now == nil {
			return errors.New("WithClock(nil)")
		}
		m.now = now
		return nil
	}
}

// WithNonceLength sets the number of nonce characters, from 4 to 64. The
// default is 6.
func WithNonceLength(n int) Option {
	return func(m *Manager) error {
		if n < 4 || n > 64 {
			return fmt.Errorf("WithNonceLength(%d): want 4 to 64", n)
		}
		m.length = n
		return nil
	}
}

// WithNonceAlphabet sets the characters nonces are drawn from (uniformly):
// 2 to 64 distinct printable ASCII characters, no space. The default is the
// ten digits. Nonces are compared exactly, so an alphabet with both cases
// of a letter makes users type the case shown.
func WithNonceAlphabet(alphabet string) Option {
	return func(m *Manager) error {
		if len(alphabet) < 2 || len(alphabet) > 64 {
			return fmt.Errorf("WithNonceAlphabet: want 2 to 64 characters, got %d bytes", len(alphabet))
		}
		var seen [128]bool
		for i := 0; i < len(alphabet); i++ {
			c := alphabet[i]
			if c <= ' ' || c > '~' {
				return fmt.Errorf("WithNonceAlphabet: character %d is not printable ASCII", i)
			}
			if seen[c] {
				return fmt.Errorf("WithNonceAlphabet: %q appears twice", c)
			}
			seen[c] = true
		}
		m.alphabet = alphabet
		return nil
	}
}

// MinSecretLen is the shortest secret [WithSecret] accepts.
const MinSecretLen = 32

// WithSecret sets the Manager's secret: the HMAC-SHA256 key that seals
// every pending record (its conversation key, nonce proof, expiry and
// action) and keys the nonce proofs, so that a store cannot swap, extend,
// move or forge a pending action, nor guess a nonce from its proof. It must
// be at least [MinSecretLen] bytes from a cryptographic random source, kept
// out of the store, and the same for every Manager that shares a store
// (replicas); it is copied. A Manager with a [MemoryStore] (or a nil store)
// draws its own secret from crypto/rand when none is given; with any other
// store, NewManager requires WithSecret, because such a store may be shared
// and its records must be confirmable by every replica.
func WithSecret(secret []byte) Option {
	return func(m *Manager) error {
		if len(secret) < MinSecretLen {
			return fmt.Errorf("WithSecret: %d bytes; at least %d are needed", len(secret), MinSecretLen)
		}
		m.secret = append([]byte(nil), secret...)
		return nil
	}
}

// WithMaxAttempts sets how many wrong nonces cancel a pending action, from
// 1 to 10. The default is 3.
func WithMaxAttempts(n int) Option {
	return func(m *Manager) error {
		if n < 1 || n > 10 {
			return fmt.Errorf("WithMaxAttempts(%d): want 1 to 10", n)
		}
		m.maxAttempts = n
		return nil
	}
}

// Manager proposes actions and confirms them. Create it with [NewManager].
//
// A Manager is safe for concurrent use by multiple goroutines; with a
// shared Store, Managers in several processes may serve the same
// conversations. The zero Manager (and a nil *Manager) refuses every call
// with [ErrNoManager].
type Manager struct {
	store       Store
	ttl         time.Duration
	now         func() time.Time
	length      int
	alphabet    string
	maxAttempts int
	secret      []byte // HMAC key of seals and proofs
	err         error
}

// NewManager returns a Manager that keeps pending actions in store; a nil
// store means a new in-memory [MemoryStore] with the default bounds.
//
// Defaults: nonces of 6 digits from crypto/rand, a 5-minute TTL, 3 wrong
// nonces before cancelling — a chance of 3 in 10⁶ per proposal of guessing
// within the attempts. Options can change each of them; NewManager refuses
// a combination whose guessing chance exceeds [MaxGuessOdds]. NewManager
// never fails outright: with an invalid option the Manager refuses every
// call with an error wrapping [ErrInvalidOption], which [Manager.Err] also
// returns.
func NewManager(store Store, opts ...Option) *Manager {
	if store == nil {
		store = new(MemoryStore)
	}
	m := &Manager{
		store:       store,
		ttl:         DefaultTTL,
		now:         time.Now,
		length:      DefaultNonceLength,
		alphabet:    DefaultAlphabet,
		maxAttempts: DefaultMaxAttempts,
	}
	for _, o := range opts {
		if o == nil {
			m.err = fmt.Errorf("%w: nil Option", ErrInvalidOption)
			return m
		}
		if err := o(m); err != nil {
			m.err = fmt.Errorf("%w: %v", ErrInvalidOption, err)
			return m
		}
	}
	if m.secret == nil {
		if _, memory := store.(*MemoryStore); !memory {
			m.err = fmt.Errorf("%w: a store other than MemoryStore may be shared: give every Manager that uses it the same WithSecret", ErrInvalidOption)
			return m
		}
		m.secret = make([]byte, MinSecretLen)
		if _, err := rand.Read(m.secret); err != nil {
			m.err = fmt.Errorf("%w: drawing a secret: %v", ErrInvalidOption, err)
			return m
		}
	}
	if odds := m.GuessOdds(); odds > MaxGuessOdds {
		m.err = fmt.Errorf("%w: nonce length %d over %d characters with %d attempts gives a %.2g chance to guess; at most %g allowed",
			ErrInvalidOption, m.length, len(m.alphabet), m.maxAttempts, odds, MaxGuessOdds)
	}
	return m
}

// Err returns the configuration error that makes the Manager refuse every
// call, or nil.
func (m *Manager) Err() error {
	if m == nil || m.store == nil {
		return ErrNoManager
	}
	return m.err
}

// GuessOdds returns the chance that someone who does not know the nonce
// confirms a given proposal by guessing: maxAttempts / len(alphabet)^length
// (3×10⁻⁶ with the defaults).
func (m *Manager) GuessOdds() float64 {
	if m == nil || len(m.alphabet) == 0 {
		return 1
	}
	return float64(m.maxAttempts) / math.Pow(float64(len(m.alphabet)), float64(m.length))
}

// Propose makes a the pending action for the conversation key, replacing
// any earlier one (whose nonce stops working), and returns the nonce to
// show the user. The action is copied; its digest is stored with it.
func (m *Manager) Propose(ctx context.Context, key string, a Action) (Pending, error) {
	if err := m.Err(); err != nil {
		return Pending{}, err
	}
	if err := checkKey(key); err != nil {
		return Pending{}, err
	}
	if err := a.validate(); err != nil {
		return Pending{}, err
	}
	nonce, err := m.newNonce()
	if err != nil {
		return Pending{}, err
	}
	a = a.Clone()
	now := m.now()
	p := Pending{Nonce: nonce, Action: a, Digest: a.Digest(), ExpiresAt: now.Add(m.ttl)}
	pr := m.proof(key, nonce)
	rec := Record{Action: a.Clone(), Digest: m.seal(key, pr, p.ExpiresAt, a), Proof: pr, ExpiresAt: p.ExpiresAt}
	if err := m.store.Put(ctx, key, rec, now); err != nil {
		return Pending{}, fmt.Errorf("confirm: storing pending action: %w", err)
	}
	return p, nil
}

// Confirm resolves the user's reply for the conversation key and returns
// the pending action when, and only when, the reply is "confirm <nonce>"
// with the right nonce before the TTL ran out. Each pending action is
// returned at most once, even to concurrent callers across replicas sharing
// a store.
//
// The reply is one line: the keyword "confirm" in any ASCII case, one or
// more spaces or tabs, the nonce, and nothing else but surrounding white
// space. The reply "cancel" (any ASCII case) cancels the pending action.
//
// Errors (errors.Is): [ErrNoPending], [ErrMismatch], [ErrExpired],
// [ErrCancelled] (for "cancel", and for the wrong nonce that used up the
// attempts, which also matches ErrMismatch), [ErrInvalidReply] (not counted
// as an attempt), [ErrCorrupt], or a store failure. On any error the Action
// is the zero Action and nothing may run.
func (m *Manager) Confirm(ctx context.Context, key, reply string) (Action, error) {
	if err := m.Err(); err != nil {
		return Action{}, err
	}
	if err := checkKey(key); err != nil {
		return Action{}, err
	}
	kind, nonce := parseReply(reply)
	switch kind {
	case replyCancel:
		return Action{}, m.Cancel(ctx, key)
	case replyInvalid:
		return Action{}, ErrInvalidReply
	}
	pr := m.proof(key, nonce)
	now := m.now()
	rec, err := m.store.Take(ctx, key, pr, now, m.maxAttempts)
	if err != nil {
		return Action{}, err
	}
	// The store is not trusted with the decision: the record must carry
	// this conversation's proof of this nonce and the Manager's seal over
	// the key, the proof, the expiry and the action, and must not have
	// expired.
	if !hmac.Equal([]byte(rec.Proof), []byte(pr)) || !hmac.Equal([]byte(rec.Digest), []byte(m.seal(key, pr, rec.ExpiresAt, rec.Action))) {
		return Action{}, ErrCorrupt
	}
	if !now.Before(rec.ExpiresAt) {
		return Action{}, ErrExpired
	}
	return rec.Action.Clone(), nil
}

// Cancel removes the pending action for key. It returns [ErrCancelled]
// when there was one (so that Confirm(ctx, key, "cancel") and Cancel agree)
// and [ErrNoPending] when there was none.
func (m *Manager) Cancel(ctx context.Context, key string) error {
	if err := m.Err(); err != nil {
		return err
	}
	if err := checkKey(key); err != nil {
		return err
	}
	existed, err := m.store.Delete(ctx, key)
	switch {
	case err != nil:
		return fmt.Errorf("confirm: cancelling: %w", err)
	case existed:
		return ErrCancelled
	default:
		return ErrNoPending
	}
}

func checkKey(key string) error {
	if key == "" || len(key) > MaxKeyLen {
		return fmt.Errorf("%w: want 1 to %d bytes, got %d", ErrInvalidKey, MaxKeyLen, len(key))
	}
	return nil
}

// proof binds a nonce to its conversation key under the Manager's secret;
// stores keep and compare only this. Keyed, it cannot be brute-forced back
// to the nonce by whoever reads the store.
func (m *Manager) proof(key, nonce string) string {
	var buf [256]byte
	b := append(buf[:0], "wardline/confirm nonce v2\x00"...)
	b = appendField(b, key)
	b = appendField(b, nonce)
	mac := hmac.New(sha256.New, m.secret)
	mac.Write(b)
	return hex.EncodeToString(mac.Sum(nil))
}

// sealPrefix tags the keyed digest of a pending record.
const sealPrefix = "hmac-sha256:"

// seal is the keyed digest stored as Record.Digest: HMAC-SHA256 under the
// Manager's secret over the conversation key, the nonce proof, the expiry
// (Unix nanoseconds) and the action's canonical encoding (see
// Action.Digest), each length-prefixed.
func (m *Manager) seal(key, proof string, expires time.Time, a Action) string {
	b := make([]byte, 0, 128+len(key)+len(proof)+a.encodedSize())
	b = append(b, "wardline/confirm record v2\n"...)
	b = appendField(b, key)
	b = appendField(b, proof)
	b = binary.BigEndian.AppendUint64(b, uint64(expires.UnixNano()))
	b = a.appendEncoding(b)
	mac := hmac.New(sha256.New, m.secret)
	mac.Write(b)
	return sealPrefix + hex.EncodeToString(mac.Sum(nil))
}

// newNonce draws m.length characters uniformly from m.alphabet with
// crypto/rand, by rejection sampling.
func (m *Manager) newNonce() (string, error) {
	n := len(m.alphabet)
	limit := 256 - 256%n
	out := make([]byte, 0, m.length)
	var buf [64]byte
	for len(out) < m.length {
		if _, err := rand.Read(buf[:]); err != nil {
			return "", fmt.Errorf("confirm: reading random nonce: %w", err)
		}
		for _, b := range buf {
			if int(b) < limit {
				out = append(out, m.alphabet[int(b)%n])
				if len(out) == m.length {
					break
				}
			}
		}
	}
	return string(out), nil
}

type replyKind uint8

const (
	replyInvalid replyKind = iota
	replyConfirm
	replyCancel
)

// maxReply bounds the reply length Confirm inspects.
const maxReply = 1024

// parseReply classifies a user reply and returns the nonce of a confirm
// reply.
func parseReply(reply string) (replyKind, string) {
	if len(reply) > maxReply {
		return replyInvalid, ""
	}
	s := trimSpace(reply)
	if ascii.EqualFold(s, "cancel") {
		return replyCancel, ""
	}
	const kw = "confirm"
	if len(s) <= len(kw) || !ascii.EqualFold(s[:len(kw)], kw) {
		return replyInvalid, ""
	}
	rest := s[len(kw):]
	i := 0
	for i < len(rest) && (rest[i] == ' ' || rest[i] == '\t') {
		i++
	}
	if i == 0 {
		return replyInvalid, "" // "confirmed", "confirm123"
	}
	nonce := rest[i:]
	for j := 0; j < len(nonce); j++ {
		if isSpace(nonce[j]) {
			return replyInvalid, "" // a second word, or a second line
		}
	}
	return replyConfirm, nonce
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func trimSpace(s string) string {
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}
