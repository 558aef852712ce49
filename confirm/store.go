package confirm

import (
	"context"
	"crypto/subtle"
	"sync"
	"time"
)

// Record is what a [Store] keeps for one pending action.
type Record struct {
	// Action is the pending action.
	Action Action
	// Digest is the Manager's seal of the record: HMAC-SHA256 under the
	// Manager's secret ([WithSecret]) over the conversation key, Proof,
	// ExpiresAt and the action's canonical encoding, as "hmac-sha256:<hex>".
	// The Manager re-checks it when the record is taken, so a store that
	// returns a different action, a later expiry, another conversation's
	// record or one it made up is caught ([ErrCorrupt]). Stores keep it as
	// an opaque string.
	Digest string
	// Proof is the hex HMAC-SHA256, under the Manager's secret, of the
	// nonce bound to the conversation key. The nonce itself is never
	// stored, and the proof cannot be turned back into it without the
	// secret.
	Proof string
	// ExpiresAt is the instant from which the record can no longer be
	// confirmed.
	ExpiresAt time.Time
}

// Store keeps at most one pending [Record] per conversation key, with
// atomic take-once semantics. The Manager does not trust a store with the
// action: records are sealed with the Manager's secret and checked when
// taken. It does trust it with availability and with take-once (a store
// that returns a record twice can make a confirmed action run twice if the
// same reply arrives twice). Implementations must be safe for concurrent
// use, including from several processes when the store is shared, and must
// not read a clock of their own for the decisions below: the Manager passes
// now, so that its clock ([WithClock]) governs expiry.
//
// The package confirm/confirmtest checks an implementation against this
// contract; run it in the implementation's tests.
type Store interface {
	// Put stores rec under key, replacing any earlier record for key and
	// resetting its count of wrong attempts. The store may discard the
	// record some time after rec.ExpiresAt (it should keep it for a while
	// so that a late confirmation is reported as expired rather than as
	// missing).
	Put(ctx context.Context, key string, rec Record, now time.Time) error

	// Take atomically resolves one confirmation attempt for key, as one
	// indivisible step even against concurrent Takes of the same key:
	//   - no record: ErrNoPending;
	//   - now is not before rec.ExpiresAt: the record is removed, ErrExpired;
	//   - proof equals rec.Proof (compared in constant time where the store
	//     compares in Go): the record is removed and returned, exactly once;
	//   - otherwise the key's count of wrong attempts goes up by one; when it
	//     reaches maxAttempts (values below 1 count as 1) the record is
	//     removed and the error is ErrTooManyAttempts, else ErrMismatch.
	// Any other error (a network failure) must leave the caller without the
	// record.
	Take(ctx context.Context, key, proof string, now time.Time, maxAttempts int) (Record, error)

	// Delete removes the record for key, if any, and reports whether there
	// was one.
	Delete(ctx context.Context, key string) (bool, error)
}

// Defaults for a [MemoryStore] whose fields are zero.
const (
	DefaultMaxEntries = 10_000
	DefaultRetain     = 5 * time.Minute
)

// sweepEvery is how often (in the callers' time) Put sweeps out records
// past their retention even when the store is not full.
const sweepEvery = time.Minute

// MemoryStore is the in-memory [Store] that NewManager(nil) uses: bounded,
// with expired records swept out. It is right for a single process; agents
// that run several replicas need a shared store such as
// github.com/wardline/wardline/confirm/redisstore.
//
// The zero MemoryStore is ready to use with the defaults. Set the fields
// before first use and do not copy a MemoryStore after that. It is safe for
// concurrent use by multiple goroutines.
type MemoryStore struct {
	// MaxEntries bounds the number of records (0 means DefaultMaxEntries).
	// When a Put finds the store full after sweeping, it evicts the record
	// that expires first: that conversation's confirmation then fails with
	// ErrNoPending, and nothing runs.
	MaxEntries int
	// Retain is how long an expired record is kept so that a late
	// confirmation is reported as ErrExpired (0 means DefaultRetain).
	Retain time.Duration

	mu        sync.Mutex
	recs      map[string]*memEntry
	lastSweep time.Time
}

type memEntry struct {
	rec      Record
	attempts int
}

// Put implements [Store].
func (s *MemoryStore) Put(ctx context.Context, key string, rec Record, now time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.recs == nil {
		s.recs = make(map[string]*memEntry)
	}
	max := s.MaxEntries
	if max <= 0 {
		max = DefaultMaxEntries
	}
	if _, replacing := s.recs[key]; !replacing && len(s.recs) >= max || now.Sub(s.lastSweep) >= sweepEvery {
		s.sweep(now)
	}
	if _, replacing := s.recs[key]; !replacing && len(s.recs) >= max {
		s.evictFirstExpiring()
	}
	rec.Action = rec.Action.Clone()
	s.recs[key] = &memEntry{rec: rec}
	return nil
}

// sweep drops records whose retention has passed. Callers hold s.mu.
func (s *MemoryStore) sweep(now time.Time) {
	retain := s.Retain
	if retain <= 0 {
		retain = DefaultRetain
	}
	for k, e := range s.recs {
		if !now.Before(e.rec.ExpiresAt.Add(retain)) {
			delete(s.recs, k)
		}
	}
	s.lastSweep = now
}

// evictFirstExpiring drops the record that expires first. Callers hold s.mu.
func (s *MemoryStore) evictFirstExpiring() {
	var victim string
	var first time.Time
	found := false
	for k, e := range s.recs {
		if !found || e.rec.ExpiresAt.Before(first) {
			victim, first, found = k, e.rec.ExpiresAt, true
		}
	}
	if found {
		delete(s.recs, victim)
	}
}

// Take implements [Store].
func (s *MemoryStore) Take(ctx context.Context, key, proof string, now time.Time, maxAttempts int) (Record, error) {
	if err := ctx.Err(); err != nil {
		return Record{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.recs[key]
	if !ok {
		return Record{}, ErrNoPending
	}
	if !now.Before(e.rec.ExpiresAt) {
		delete(s.recs, key)
		return Record{}, ErrExpired
	}
	if subtle.ConstantTimeCompare([]byte(proof), []byte(e.rec.Proof)) == 1 {
		delete(s.recs, key)
		rec := e.rec
		rec.Action = rec.Action.Clone()
		return rec, nil
	}
	e.attempts++
	if e.attempts >= max(maxAttempts, 1) {
		delete(s.recs, key)
		return Record{}, ErrTooManyAttempts
	}
	return Record{}, ErrMismatch
}

// Delete implements [Store].
func (s *MemoryStore) Delete(ctx context.Context, key string) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.recs[key]
	delete(s.recs, key)
	return ok, nil
}

// Len returns the number of records held, expired ones not yet swept
// included.
func (s *MemoryStore) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.recs)
}
