// Package confirmtest checks a [confirm.Store] implementation against the
// Store contract, the way testing/slogtest checks a slog.Handler.
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
package confirmtest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wardline/wardline/confirm"
)

// Racers is the number of goroutines in the concurrency subtests.
const Racers = 1000

// t0 is the fixed instant the suite's clock starts at.
var t0 = time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)

func record(kind, proof string, expires time.Time) confirm.Record {
	a := confirm.Action{Kind: kind, Params: map[string]string{"mode": "block", "ip": "203.0.113.7/32"}}
	return confirm.Record{Action: a, Digest: a.Digest(), Proof: proof, ExpiresAt: expires}
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
			require.NoError(t, s.Put(ctx, key, rec, t0))
			got, err := s.Take(ctx, key, "p1", t0.Add(time.Second), 3)
			require.NoError(t, err)
			assert.True(t, rec.Action.Equal(got.Action), "action round trip: %+v", got.Action)
			assert.Equal(t, rec.Digest, got.Digest)
			assert.Equal(t, rec.Proof, got.Proof)
			assert.True(t, rec.ExpiresAt.Equal(got.ExpiresAt), "ExpiresAt %v != %v", got.ExpiresAt, rec.ExpiresAt)
			_, err = s.Take(ctx, key, "p1", t0.Add(2*time.Second), 3)
			assert.ErrorIs(t, err, confirm.ErrNoPending, "second take of the same record")
		}},
		{"NoPending", func(t *testing.T, s confirm.Store, key string) {
			_, err := s.Take(ctx, key, "p1", t0, 3)
			assert.ErrorIs(t, err, confirm.ErrNoPending)
		}},
		{"PutReplaces", func(t *testing.T, s confirm.Store, key string) {
			require.NoError(t, s.Put(ctx, key, record("old", "p-old", t0.Add(time.Minute)), t0))
			_, err := s.Take(ctx, key, "wrong", t0, 2)
			require.ErrorIs(t, err, confirm.ErrMismatch)
			require.NoError(t, s.Put(ctx, key, record("new", "p-new", t0.Add(time.Minute)), t0))
			_, err = s.Take(ctx, key, "p-old", t0, 2)
			assert.ErrorIs(t, err, confirm.ErrMismatch, "the replaced record's proof no longer works")
			assert.NotErrorIs(t, err, confirm.ErrCancelled, "Put resets the attempt count")
			got, err := s.Take(ctx, key, "p-new", t0, 2)
			require.NoError(t, err)
			assert.Equal(t, "new", got.Action.Kind)
		}},
		{"Expired", func(t *testing.T, s confirm.Store, key string) {
			exp := t0.Add(time.Minute)
			require.NoError(t, s.Put(ctx, key, record("k", "p1", exp), t0))
			_, err := s.Take(ctx, key, "p1", exp, 3)
			assert.ErrorIs(t, err, confirm.ErrExpired, "expiry is inclusive of ExpiresAt")
			_, err = s.Take(ctx, key, "p1", exp.Add(-time.Second), 3)
			assert.ErrorIs(t, err, confirm.ErrNoPending, "an expired record is removed")
		}},
		{"ExpiredWrongProof", func(t *testing.T, s confirm.Store, key string) {
			exp := t0.Add(time.Minute)
			require.NoError(t, s.Put(ctx, key, record("k", "p1", exp), t0))
			_, err := s.Take(ctx, key, "wrong", exp.Add(30*time.Second), 3)
			assert.ErrorIs(t, err, confirm.ErrExpired, "expiry is checked before the proof")
		}},
		{"AttemptsExhausted", func(t *testing.T, s confirm.Store, key string) {
			require.NoError(t, s.Put(ctx, key, record("k", "p1", t0.Add(time.Minute)), t0))
			for i := 1; i < 3; i++ {
				_, err := s.Take(ctx, key, fmt.Sprintf("wrong%d", i), t0, 3)
				require.ErrorIs(t, err, confirm.ErrMismatch)
				require.NotErrorIs(t, err, confirm.ErrCancelled, "attempt %d", i)
			}
			_, err := s.Take(ctx, key, "wrong3", t0, 3)
			assert.ErrorIs(t, err, confirm.ErrMismatch)
			assert.ErrorIs(t, err, confirm.ErrCancelled, "the third wrong proof cancels")
			_, err = s.Take(ctx, key, "p1", t0, 3)
			assert.ErrorIs(t, err, confirm.ErrNoPending, "the right proof after cancellation")
		}},
		{"MaxAttemptsBelowOne", func(t *testing.T, s confirm.Store, key string) {
			require.NoError(t, s.Put(ctx, key, record("k", "p1", t0.Add(time.Minute)), t0))
			_, err := s.Take(ctx, key, "wrong", t0, 0)
			assert.ErrorIs(t, err, confirm.ErrCancelled)
		}},
		{"KeysIsolated", func(t *testing.T, s confirm.Store, key string) {
			other := key + "/other"
			require.NoError(t, s.Put(ctx, key, record("mine", "p1", t0.Add(time.Minute)), t0))
			require.NoError(t, s.Put(ctx, other, record("theirs", "p2", t0.Add(time.Minute)), t0))
			_, err := s.Take(ctx, key, "p2", t0, 3)
			assert.ErrorIs(t, err, confirm.ErrMismatch, "another key's proof")
			for range 3 {
				_, _ = s.Take(ctx, key, "wrong", t0, 3)
			}
			got, err := s.Take(ctx, other, "p2", t0, 3)
			require.NoError(t, err, "wrong attempts on one key do not touch another")
			assert.Equal(t, "theirs", got.Action.Kind)
		}},
		{"Delete", func(t *testing.T, s confirm.Store, key string) {
			existed, err := s.Delete(ctx, key)
			require.NoError(t, err)
			assert.False(t, existed)
			require.NoError(t, s.Put(ctx, key, record("k", "p1", t0.Add(time.Minute)), t0))
			existed, err = s.Delete(ctx, key)
			require.NoError(t, err)
			assert.True(t, existed)
			_, err = s.Take(ctx, key, "p1", t0, 3)
			assert.ErrorIs(t, err, confirm.ErrNoPending)
		}},
		{"DeleteResetsAttempts", func(t *testing.T, s confirm.Store, key string) {
			require.NoError(t, s.Put(ctx, key, record("k", "p1", t0.Add(time.Minute)), t0))
			_, _ = s.Take(ctx, key, "wrong", t0, 2)
			_, err := s.Delete(ctx, key)
			require.NoError(t, err)
			require.NoError(t, s.Put(ctx, key, record("k", "p1", t0.Add(time.Minute)), t0))
			_, err = s.Take(ctx, key, "wrong", t0, 2)
			assert.NotErrorIs(t, err, confirm.ErrCancelled)
		}},
		{"CopiesParams", func(t *testing.T, s confirm.Store, key string) {
			rec := record("k", "p1", t0.Add(time.Minute))
			require.NoError(t, s.Put(ctx, key, rec, t0))
			rec.Action.Params["mode"] = "off"
			got, err := s.Take(ctx, key, "p1", t0, 3)
			require.NoError(t, err)
			assert.Equal(t, "block", got.Action.Params["mode"], "mutating the caller's map after Put")
		}},
		{"EmptyParams", func(t *testing.T, s confirm.Store, key string) {
			a := confirm.Action{Kind: "ping"}
			require.NoError(t, s.Put(ctx, key, confirm.Record{Action: a, Digest: a.Digest(), Proof: "p", ExpiresAt: t0.Add(time.Minute)}, t0))
			got, err := s.Take(ctx, key, "p", t0, 3)
			require.NoError(t, err)
			assert.Empty(t, got.Action.Params)
			assert.Equal(t, a.Digest(), got.Action.Digest())
		}},
		{"UnicodeKeyAndParams", func(t *testing.T, s confirm.Store, key string) {
			k := key + "/ключ {x}"
			a := confirm.Action{Kind: "firewall.comment", Params: map[string]string{"comment": "検査 \"quoted\" \\ ok", "": ""}}
			require.NoError(t, s.Put(ctx, k, confirm.Record{Action: a, Digest: a.Digest(), Proof: "p", ExpiresAt: t0.Add(time.Minute)}, t0))
			got, err := s.Take(ctx, k, "p", t0, 3)
			require.NoError(t, err)
			assert.True(t, a.Equal(got.Action), "%+v", got.Action)
		}},
		{"CanceledContext", func(t *testing.T, s confirm.Store, key string) {
			require.NoError(t, s.Put(ctx, key, record("k", "p1", t0.Add(time.Minute)), t0))
			cctx, cancel := context.WithCancel(ctx)
			cancel()
			_, err := s.Take(cctx, key, "p1", t0, 3)
			require.Error(t, err, "a canceled context")
			got, err := s.Take(ctx, key, "p1", t0, 3)
			if err == nil {
				assert.Equal(t, "k", got.Action.Kind)
			} else {
				assert.ErrorIs(t, err, confirm.ErrNoPending)
			}
		}},
		{"ConcurrentTakeRightProof", func(t *testing.T, s confirm.Store, key string) {
			require.NoError(t, s.Put(ctx, key, record("k", "p1", t0.Add(time.Minute)), t0))
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
			assert.EqualValues(t, 1, wins.Load(), "exactly one take wins")
			assert.EqualValues(t, Racers-1, noPending.Load())
			assert.Zero(t, other.Load())
		}},
		{"ConcurrentWrongProofs", func(t *testing.T, s confirm.Store, key string) {
			require.NoError(t, s.Put(ctx, key, record("k", "p1", t0.Add(time.Minute)), t0))
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
			assert.EqualValues(t, 2, mismatch.Load(), "two plain mismatches")
			assert.EqualValues(t, 1, cancelled.Load(), "exactly one cancellation")
			assert.EqualValues(t, Racers-3, noPending.Load())
		}},
		{"ManagerConcurrentConfirm", func(t *testing.T, s confirm.Store, key string) {
			now := t0
			m := confirm.NewManager(s, confirm.WithClock(func() time.Time { return now }))
			require.NoError(t, m.Err())
			p, err := m.Propose(ctx, key, confirm.Action{Kind: "firewall.set_mode", Params: map[string]string{"mode": "block"}})
			require.NoError(t, err)
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
			assert.EqualValues(t, 1, wins.Load(), "exactly one confirmation runs the action")
			assert.True(t, p.Action.Equal(got))
		}},
		{"ManagerRoundTrip", func(t *testing.T, s confirm.Store, key string) {
			now := t0
			m := confirm.NewManager(s, confirm.WithClock(func() time.Time { return now }))
			a := confirm.Action{Kind: "firewall.blacklist_add", Params: map[string]string{"ip": "203.0.113.7/32", "comment": "scans"}}
			p, err := m.Propose(ctx, key, a)
			require.NoError(t, err)
			_, err = m.Confirm(ctx, key, "confirm 0")
			require.ErrorIs(t, err, confirm.ErrMismatch)
			got, err := m.Confirm(ctx, key, "  CONFIRM \t"+p.Nonce+"\n")
			require.NoError(t, err)
			assert.True(t, a.Equal(got))

			p, err = m.Propose(ctx, key, a)
			require.NoError(t, err)
			now = p.ExpiresAt
			_, err = m.Confirm(ctx, key, p.Reply())
			assert.ErrorIs(t, err, confirm.ErrExpired)
		}},
	}
	for _, st := range subtests {
		t.Run(st.name, func(t *testing.T) {
			s := newStore(t)
			require.NotNil(t, s)
			st.fn(t, s, "confirmtest/"+st.name)
		})
	}
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
