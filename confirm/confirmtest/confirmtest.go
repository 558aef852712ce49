// Package confirmtest checks a [confirm.Store] implementation against the
// Store contract, the way testing/slogtest checks a slog.Handler. It
// imports only the standard library (and confirm).
//
// Call [Run] from the implementation's tests with a function that returns a
// fresh, empty store for each subtest:
//
//	func TestConformance(t *testing.T) {
//		confirmtest.Run(t, func(t *testing.T) confirm.Store { return newStore(t) })
//	}
//
// The suite covers take-once, replacement, expiry, wrong-nonce counting and
// cancellation, key isolation, Delete, defensive copies, and two races: 1 000
// goroutines taking the same record with the right proof, and 1 000
// goroutines confirming the same pending action through a [confirm.Manager]
// with the right nonce. Exactly one may win each race; run it with -race.
// Stores are given explicit instants (2030-01-01 and after), never the wall
// clock, so a store that reads its own clock for expiry fails.
//
// The Hostile subtests wrap the store in one that behaves as a compromised
// shared store would (it swaps the pending action, extends its expiry,
// hands out another conversation's record, returns a record whatever the
// proof, replays an old one, or forges one) and check that a Manager over
// it never runs anything but the action the user confirmed.
package confirmtest

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/wardline/wardline/confirm"
)

// Racers is the number of goroutines in the concurrency subtests.
const Racers = 1000

// t0 is the fixed instant the suite's clock starts at.
var t0 = time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)

// secret is the Managers' secret in the suite (a test value).
var secret = []byte("confirmtest-manager-secret-32byt")

func record(kind, proof string, expires time.Time) confirm.Record {
	a := confirm.Action{Kind: kind, Params: map[string]string{"mode": "block", "ip": "203.0.113.7/32"}}
	return confirm.Record{Action: a, Digest: a.Digest(), Proof: proof, ExpiresAt: expires}
}

// Checks.

func fatalIf(t *testing.T, err error, what string) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func wantErr(t *testing.T, err, target error, what string) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Errorf("%s: got error %v, want %v", what, err, target)
	}
}

func wantNotErr(t *testing.T, err, target error, what string) {
	t.Helper()
	if errors.Is(err, target) {
		t.Errorf("%s: got error %v, which must not be %v", what, err, target)
	}
}

func check(t *testing.T, ok bool, format string, args ...any) {
	t.Helper()
	if !ok {
		t.Errorf(format, args...)
	}
}

// Run runs the conformance suite as subtests of t. newStore must return an
// empty store that no other subtest uses (or one whose keys do not collide:
// the suite uses keys that start with the subtest's name).
func Run(t *testing.T, newStore func(t *testing.T) confirm.Store) {
	t.Helper()
	ctx := context.Background()
	subtests := []struct {
		name string
		fn   func(t *testing.T, s confirm.Store, key string)
	}{
		{"TakeOnce", func(t *testing.T, s confirm.Store, key string) {
			rec := record("firewall.set_mode", "p1", t0.Add(time.Minute))
			fatalIf(t, s.Put(ctx, key, rec, t0), "Put")
			got, err := s.Take(ctx, key, "p1", t0.Add(time.Second), 3)
			fatalIf(t, err, "Take with the right proof")
			check(t, rec.Action.Equal(got.Action), "action round trip: %+v", got.Action)
			check(t, rec.Digest == got.Digest, "digest round trip: %q", got.Digest)
			check(t, rec.Proof == got.Proof, "proof round trip: %q", got.Proof)
			check(t, rec.ExpiresAt.Equal(got.ExpiresAt), "ExpiresAt %v != %v", got.ExpiresAt, rec.ExpiresAt)
			_, err = s.Take(ctx, key, "p1", t0.Add(2*time.Second), 3)
			wantErr(t, err, confirm.ErrNoPending, "second take of the same record")
		}},
		{"NoPending", func(t *testing.T, s confirm.Store, key string) {
			_, err := s.Take(ctx, key, "p1", t0, 3)
			wantErr(t, err, confirm.ErrNoPending, "Take without Put")
		}},
		{"PutReplaces", func(t *testing.T, s confirm.Store, key string) {
			fatalIf(t, s.Put(ctx, key, record("old", "p-old", t0.Add(time.Minute)), t0), "Put")
			_, err := s.Take(ctx, key, "wrong", t0, 2)
			wantErr(t, err, confirm.ErrMismatch, "wrong proof")
			fatalIf(t, s.Put(ctx, key, record("new", "p-new", t0.Add(time.Minute)), t0), "Put again")
			_, err = s.Take(ctx, key, "p-old", t0, 2)
			wantErr(t, err, confirm.ErrMismatch, "the replaced record's proof no longer works")
			wantNotErr(t, err, confirm.ErrCancelled, "Put resets the attempt count")
			got, err := s.Take(ctx, key, "p-new", t0, 2)
			fatalIf(t, err, "Take the new record")
			check(t, got.Action.Kind == "new", "took %q, want the new record", got.Action.Kind)
		}},
		{"Expired", func(t *testing.T, s confirm.Store, key string) {
			exp := t0.Add(time.Minute)
			fatalIf(t, s.Put(ctx, key, record("k", "p1", exp), t0), "Put")
			_, err := s.Take(ctx, key, "p1", exp, 3)
			wantErr(t, err, confirm.ErrExpired, "expiry is inclusive of ExpiresAt")
			_, err = s.Take(ctx, key, "p1", exp.Add(-time.Second), 3)
			wantErr(t, err, confirm.ErrNoPending, "an expired record is removed")
		}},
		{"ExpiredWrongProof", func(t *testing.T, s confirm.Store, key string) {
			exp := t0.Add(time.Minute)
			fatalIf(t, s.Put(ctx, key, record("k", "p1", exp), t0), "Put")
			_, err := s.Take(ctx, key, "wrong", exp.Add(30*time.Second), 3)
			wantErr(t, err, confirm.ErrExpired, "expiry is checked before the proof")
		}},
		{"AttemptsExhausted", func(t *testing.T, s confirm.Store, key string) {
			fatalIf(t, s.Put(ctx, key, record("k", "p1", t0.Add(time.Minute)), t0), "Put")
			for i := 1; i < 3; i++ {
				_, err := s.Take(ctx, key, fmt.Sprintf("wrong%d", i), t0, 3)
				wantErr(t, err, confirm.ErrMismatch, fmt.Sprintf("wrong proof %d", i))
				wantNotErr(t, err, confirm.ErrCancelled, fmt.Sprintf("wrong proof %d", i))
			}
			_, err := s.Take(ctx, key, "wrong3", t0, 3)
			wantErr(t, err, confirm.ErrMismatch, "third wrong proof")
			wantErr(t, err, confirm.ErrCancelled, "the third wrong proof cancels")
			_, err = s.Take(ctx, key, "p1", t0, 3)
			wantErr(t, err, confirm.ErrNoPending, "the right proof after cancellation")
		}},
		{"MaxAttemptsBelowOne", func(t *testing.T, s confirm.Store, key string) {
			fatalIf(t, s.Put(ctx, key, record("k", "p1", t0.Add(time.Minute)), t0), "Put")
			_, err := s.Take(ctx, key, "wrong", t0, 0)
			wantErr(t, err, confirm.ErrCancelled, "maxAttempts 0 counts as 1")
		}},
		{"KeysIsolated", func(t *testing.T, s confirm.Store, key string) {
			other := key + "/other"
			fatalIf(t, s.Put(ctx, key, record("mine", "p1", t0.Add(time.Minute)), t0), "Put")
			fatalIf(t, s.Put(ctx, other, record("theirs", "p2", t0.Add(time.Minute)), t0), "Put other")
			_, err := s.Take(ctx, key, "p2", t0, 3)
			wantErr(t, err, confirm.ErrMismatch, "another key's proof")
			for range 3 {
				_, _ = s.Take(ctx, key, "wrong", t0, 3)
			}
			got, err := s.Take(ctx, other, "p2", t0, 3)
			fatalIf(t, err, "wrong attempts on one key do not touch another")
			check(t, got.Action.Kind == "theirs", "took %q from the other key", got.Action.Kind)
		}},
		{"Delete", func(t *testing.T, s confirm.Store, key string) {
			existed, err := s.Delete(ctx, key)
			fatalIf(t, err, "Delete")
			check(t, !existed, "Delete of nothing reported a record")
			fatalIf(t, s.Put(ctx, key, record("k", "p1", t0.Add(time.Minute)), t0), "Put")
			existed, err = s.Delete(ctx, key)
			fatalIf(t, err, "Delete")
			check(t, existed, "Delete did not report the record")
			_, err = s.Take(ctx, key, "p1", t0, 3)
			wantErr(t, err, confirm.ErrNoPending, "Take after Delete")
		}},
		{"DeleteResetsAttempts", func(t *testing.T, s confirm.Store, key string) {
			fatalIf(t, s.Put(ctx, key, record("k", "p1", t0.Add(time.Minute)), t0), "Put")
			_, _ = s.Take(ctx, key, "wrong", t0, 2)
			_, err := s.Delete(ctx, key)
			fatalIf(t, err, "Delete")
			fatalIf(t, s.Put(ctx, key, record("k", "p1", t0.Add(time.Minute)), t0), "Put again")
			_, err = s.Take(ctx, key, "wrong", t0, 2)
			wantNotErr(t, err, confirm.ErrCancelled, "a new record after Delete starts with no attempts")
		}},
		{"CopiesParams", func(t *testing.T, s confirm.Store, key string) {
			rec := record("k", "p1", t0.Add(time.Minute))
			fatalIf(t, s.Put(ctx, key, rec, t0), "Put")
			rec.Action.Params["mode"] = "off"
			got, err := s.Take(ctx, key, "p1", t0, 3)
			fatalIf(t, err, "Take")
			check(t, got.Action.Params["mode"] == "block", "mutating the caller's map after Put changed the record: %q", got.Action.Params["mode"])
		}},
		{"EmptyParams", func(t *testing.T, s confirm.Store, key string) {
			a := confirm.Action{Kind: "ping"}
			fatalIf(t, s.Put(ctx, key, confirm.Record{Action: a, Digest: a.Digest(), Proof: "p", ExpiresAt: t0.Add(time.Minute)}, t0), "Put")
			got, err := s.Take(ctx, key, "p", t0, 3)
			fatalIf(t, err, "Take")
			check(t, len(got.Action.Params) == 0, "params appeared: %v", got.Action.Params)
			check(t, a.Digest() == got.Action.Digest(), "digest changed")
		}},
		{"UnicodeKeyAndParams", func(t *testing.T, s confirm.Store, key string) {
			k := key + "/ключ {x}"
			a := confirm.Action{Kind: "firewall.comment", Params: map[string]string{"comment": "検査 \"quoted\" \\ ok", "": ""}}
			fatalIf(t, s.Put(ctx, k, confirm.Record{Action: a, Digest: a.Digest(), Proof: "p", ExpiresAt: t0.Add(time.Minute)}, t0), "Put")
			got, err := s.Take(ctx, k, "p", t0, 3)
			fatalIf(t, err, "Take")
			check(t, a.Equal(got.Action), "round trip changed the action: %+v", got.Action)
		}},
		{"CanceledContext", func(t *testing.T, s confirm.Store, key string) {
			fatalIf(t, s.Put(ctx, key, record("k", "p1", t0.Add(time.Minute)), t0), "Put")
			cctx, cancel := context.WithCancel(ctx)
			cancel()
			_, err := s.Take(cctx, key, "p1", t0, 3)
			check(t, err != nil, "Take with a canceled context succeeded")
			got, err := s.Take(ctx, key, "p1", t0, 3)
			if err == nil {
				check(t, got.Action.Kind == "k", "took %q", got.Action.Kind)
			} else {
				wantErr(t, err, confirm.ErrNoPending, "Take after a canceled Take")
			}
		}},
		{"ConcurrentTakeRightProof", func(t *testing.T, s confirm.Store, key string) {
			fatalIf(t, s.Put(ctx, key, record("k", "p1", t0.Add(time.Minute)), t0), "Put")
			var wins, noPending, other atomic.Int64
			race(func() {
				_, err := s.Take(ctx, key, "p1", t0, 3)
				switch {
				case err == nil:
					wins.Add(1)
				case errors.Is(err, confirm.ErrNoPending):
					noPending.Add(1)
				default:
					other.Add(1)
				}
			})
			check(t, wins.Load() == 1, "%d takes won; exactly one must", wins.Load())
			check(t, noPending.Load() == Racers-1, "%d takes found nothing pending; want %d", noPending.Load(), Racers-1)
			check(t, other.Load() == 0, "%d takes failed otherwise", other.Load())
		}},
		{"ConcurrentWrongProofs", func(t *testing.T, s confirm.Store, key string) {
			fatalIf(t, s.Put(ctx, key, record("k", "p1", t0.Add(time.Minute)), t0), "Put")
			var mismatch, cancelled, noPending atomic.Int64
			race(func() {
				_, err := s.Take(ctx, key, "wrong", t0, 3)
				switch {
				case errors.Is(err, confirm.ErrCancelled):
					cancelled.Add(1)
				case errors.Is(err, confirm.ErrMismatch):
					mismatch.Add(1)
				case errors.Is(err, confirm.ErrNoPending):
					noPending.Add(1)
				}
			})
			check(t, mismatch.Load() == 2, "%d plain mismatches; want 2", mismatch.Load())
			check(t, cancelled.Load() == 1, "%d cancellations; want exactly 1", cancelled.Load())
			check(t, noPending.Load() == Racers-3, "%d found nothing pending; want %d", noPending.Load(), Racers-3)
		}},
		{"ManagerConcurrentConfirm", func(t *testing.T, s confirm.Store, key string) {
			now := t0
			m := confirm.NewManager(s, confirm.WithSecret(secret), confirm.WithClock(func() time.Time { return now }))
			fatalIf(t, m.Err(), "NewManager")
			p, err := m.Propose(ctx, key, confirm.Action{Kind: "firewall.set_mode", Params: map[string]string{"mode": "block"}})
			fatalIf(t, err, "Propose")
			var wins atomic.Int64
			var got confirm.Action
			var mu sync.Mutex
			race(func() {
				a, err := m.Confirm(ctx, key, p.Reply())
				if err == nil {
					wins.Add(1)
					mu.Lock()
					got = a
					mu.Unlock()
				} else if !errors.Is(err, confirm.ErrNoPending) {
					t.Errorf("unexpected error: %v", err)
				}
			})
			check(t, wins.Load() == 1, "%d confirmations ran the action; exactly one must", wins.Load())
			check(t, p.Action.Equal(got), "confirmed %+v, proposed %+v", got, p.Action)
		}},
		{"ManagerRoundTrip", func(t *testing.T, s confirm.Store, key string) {
			now := t0
			m := confirm.NewManager(s, confirm.WithSecret(secret), confirm.WithClock(func() time.Time { return now }))
			a := confirm.Action{Kind: "firewall.blacklist_add", Params: map[string]string{"ip": "203.0.113.7/32", "comment": "scans"}}
			p, err := m.Propose(ctx, key, a)
			fatalIf(t, err, "Propose")
			_, err = m.Confirm(ctx, key, "confirm 0")
			wantErr(t, err, confirm.ErrMismatch, "a wrong nonce")
			got, err := m.Confirm(ctx, key, "  CONFIRM \t"+p.Nonce+"\n")
			fatalIf(t, err, "Confirm with the right nonce")
			check(t, a.Equal(got), "confirmed %+v, proposed %+v", got, a)

			p, err = m.Propose(ctx, key, a)
			fatalIf(t, err, "Propose again")
			now = p.ExpiresAt
			_, err = m.Confirm(ctx, key, p.Reply())
			wantErr(t, err, confirm.ErrExpired, "Confirm at ExpiresAt")
		}},
	}
	for _, st := range subtests {
		t.Run(st.name, func(t *testing.T) {
			s := newStore(t)
			if s == nil {
				t.Fatal("newStore returned nil")
			}
			st.fn(t, s, "confirmtest/"+st.name)
		})
	}
	t.Run("Hostile", func(t *testing.T) { runHostile(t, newStore) })
}

// race runs fn in Racers goroutines released at once and waits for them.
func race(fn func()) {
	var start, done sync.WaitGroup
	start.Add(1)
	for range Racers {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			fn()
		}()
	}
	start.Done()
	done.Wait()
}

// hostile is a compromised shared store in front of the store under test:
// it keeps every record the Manager stores and can tamper with what it
// stores and what it hands back. Its tamper functions see the records it
// saw.
type hostile struct {
	confirm.Store
	mu      sync.Mutex
	seen    map[string][]confirm.Record // every record Put under a key, in order
	onPut   func(key string, rec confirm.Record) (string, confirm.Record)
	onTake  func(h *hostile, key, proof string) (string, string)
	onTaken func(h *hostile, key string, rec confirm.Record) confirm.Record
}

func (h *hostile) Put(ctx context.Context, key string, rec confirm.Record, now time.Time) error {
	h.mu.Lock()
	if h.seen == nil {
		h.seen = map[string][]confirm.Record{}
	}
	h.seen[key] = append(h.seen[key], cloneRecord(rec))
	h.mu.Unlock()
	if h.onPut != nil {
		key, rec = h.onPut(key, cloneRecord(rec))
	}
	return h.Store.Put(ctx, key, rec, now)
}

func (h *hostile) Take(ctx context.Context, key, proof string, now time.Time, maxAttempts int) (confirm.Record, error) {
	if h.onTake != nil {
		key, proof = h.onTake(h, key, proof)
	}
	rec, err := h.Store.Take(ctx, key, proof, now, maxAttempts)
	if err == nil && h.onTaken != nil {
		rec = h.onTaken(h, key, rec)
	}
	return rec, err
}

// last returns the last record Put under key.
func (h *hostile) last(key string) confirm.Record {
	h.mu.Lock()
	defer h.mu.Unlock()
	recs := h.seen[key]
	if len(recs) == 0 {
		return confirm.Record{}
	}
	return cloneRecord(recs[len(recs)-1])
}

func cloneRecord(r confirm.Record) confirm.Record {
	r.Action = r.Action.Clone()
	return r
}

// runHostile checks that a Manager over a hostile store runs nothing but
// the action the user confirmed, for the conversation it was proposed in,
// before it expired, once per proposal.
func runHostile(t *testing.T, newStore func(t *testing.T) confirm.Store) {
	ctx := context.Background()
	setBlock := confirm.Action{Kind: "firewall.set_mode", Params: map[string]string{"mode": "block"}}
	setOff := confirm.Action{Kind: "firewall.set_mode", Params: map[string]string{"mode": "off"}}
	cases := []struct {
		name string
		// run proposes and confirms through m over h and returns what
		// Confirm returned; want is the error it must match.
		run  func(t *testing.T, m *confirm.Manager, h *hostile, now *time.Time, key string) (confirm.Action, error)
		want error
	}{
		{"SwapsAction", func(t *testing.T, m *confirm.Manager, h *hostile, _ *time.Time, key string) (confirm.Action, error) {
			// The store replaces the action and recomputes the public digest.
			h.onPut = func(k string, rec confirm.Record) (string, confirm.Record) {
				rec.Action = setOff.Clone()
				rec.Digest = setOff.Digest()
				return k, rec
			}
			p, err := m.Propose(ctx, key, setBlock)
			fatalIf(t, err, "Propose")
			return m.Confirm(ctx, key, p.Reply())
		}, confirm.ErrCorrupt},
		{"SwapsActionKeepingSeal", func(t *testing.T, m *confirm.Manager, h *hostile, _ *time.Time, key string) (confirm.Action, error) {
			h.onTaken = func(_ *hostile, _ string, rec confirm.Record) confirm.Record {
				rec.Action.Params["mode"] = "off"
				return rec
			}
			p, err := m.Propose(ctx, key, setBlock)
			fatalIf(t, err, "Propose")
			return m.Confirm(ctx, key, p.Reply())
		}, confirm.ErrCorrupt},
		{"ExtendsExpiry", func(t *testing.T, m *confirm.Manager, h *hostile, now *time.Time, key string) (confirm.Action, error) {
			h.onPut = func(k string, rec confirm.Record) (string, confirm.Record) {
				rec.ExpiresAt = rec.ExpiresAt.Add(24 * time.Hour)
				return k, rec
			}
			p, err := m.Propose(ctx, key, setBlock)
			fatalIf(t, err, "Propose")
			*now = p.ExpiresAt.Add(time.Minute)
			return m.Confirm(ctx, key, p.Reply())
		}, confirm.ErrCorrupt},
		{"IgnoresExpiry", func(t *testing.T, m *confirm.Manager, h *hostile, now *time.Time, key string) (confirm.Action, error) {
			// The store hands the record out as if time stood still.
			h.Store = frozen{h.Store}
			p, err := m.Propose(ctx, key, setBlock)
			fatalIf(t, err, "Propose")
			*now = p.ExpiresAt.Add(time.Minute)
			return m.Confirm(ctx, key, p.Reply())
		}, confirm.ErrExpired},
		{"IgnoresProof", func(t *testing.T, m *confirm.Manager, h *hostile, _ *time.Time, key string) (confirm.Action, error) {
			// Whatever nonce arrives, the store takes with the right proof.
			h.onTake = func(h *hostile, k, _ string) (string, string) { return k, h.last(k).Proof }
			_, err := m.Propose(ctx, key, setBlock)
			fatalIf(t, err, "Propose")
			return m.Confirm(ctx, key, "confirm 000000")
		}, confirm.ErrCorrupt},
		{"OtherConversation", func(t *testing.T, m *confirm.Manager, h *hostile, _ *time.Time, key string) (confirm.Action, error) {
			// Mallory's conversation is given Alice's pending record.
			alice, mallory := key+"/alice", key+"/mallory"
			h.onTake = func(h *hostile, k, proof string) (string, string) {
				if k == mallory {
					return alice, h.last(alice).Proof
				}
				return k, proof
			}
			p, err := m.Propose(ctx, alice, setOff)
			fatalIf(t, err, "Propose")
			_, err = m.Propose(ctx, mallory, setBlock)
			fatalIf(t, err, "Propose")
			return m.Confirm(ctx, mallory, p.Reply())
		}, confirm.ErrCorrupt},
		{"ReplaysOldRecord", func(t *testing.T, m *confirm.Manager, h *hostile, _ *time.Time, key string) (confirm.Action, error) {
			// The user proposed "off", then replaced it with "block"; the
			// store puts the old record back under the new proof.
			_, err := m.Propose(ctx, key, setOff)
			fatalIf(t, err, "Propose")
			old := h.last(key)
			h.onPut = func(k string, rec confirm.Record) (string, confirm.Record) {
				old.Proof = rec.Proof
				return k, old
			}
			p, err := m.Propose(ctx, key, setBlock)
			fatalIf(t, err, "Propose")
			return m.Confirm(ctx, key, p.Reply())
		}, confirm.ErrCorrupt},
		{"ForgesRecord", func(t *testing.T, m *confirm.Manager, h *hostile, _ *time.Time, key string) (confirm.Action, error) {
			// A record the Manager never sealed, with a made-up digest.
			rec := confirm.Record{Action: setOff, Digest: "hmac-sha256:" + setOff.Digest()[len("sha256:"):], Proof: "p", ExpiresAt: t0.Add(time.Hour)}
			fatalIf(t, h.Store.Put(ctx, key, rec, t0), "Put")
			h.onTake = func(_ *hostile, k, _ string) (string, string) { return k, "p" }
			return m.Confirm(ctx, key, "confirm 123456")
		}, confirm.ErrCorrupt},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newStore(t)
			if s == nil {
				t.Fatal("newStore returned nil")
			}
			h := &hostile{Store: s}
			now := t0
			m := confirm.NewManager(h, confirm.WithSecret(secret), confirm.WithClock(func() time.Time { return now }))
			fatalIf(t, m.Err(), "NewManager")
			got, err := c.run(t, m, h, &now, "confirmtest/Hostile/"+c.name)
			wantErr(t, err, c.want, "Confirm through a hostile store")
			check(t, got.Kind == "" && len(got.Params) == 0, "Confirm returned an action to run: %+v", got)
		})
	}
	// Sanity: the same hostile wrapper without tampering lets the right
	// confirmation through, so the cases above fail for their tampering.
	t.Run("Honest", func(t *testing.T) {
		h := &hostile{Store: newStore(t)}
		m := confirm.NewManager(h, confirm.WithSecret(secret), confirm.WithClock(func() time.Time { return t0 }))
		p, err := m.Propose(ctx, "confirmtest/Hostile/Honest", setBlock)
		fatalIf(t, err, "Propose")
		got, err := m.Confirm(ctx, "confirmtest/Hostile/Honest", p.Reply())
		fatalIf(t, err, "Confirm")
		check(t, got.Kind == setBlock.Kind && maps.Equal(got.Params, setBlock.Params), "confirmed %+v", got)
	})
}

// frozen passes every Take the instant the record was put at, as a store
// that ignores expiry would.
type frozen struct{ confirm.Store }

func (f frozen) Take(ctx context.Context, key, proof string, _ time.Time, maxAttempts int) (confirm.Record, error) {
	return f.Store.Take(ctx, key, proof, t0, maxAttempts)
}
