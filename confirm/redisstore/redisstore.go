// Package redisstore is a [confirm.Store] on Redis, for agents that run
// several replicas: a proposal made by one replica can be confirmed through
// any other, and still only once.
//
// It lives in its own module (github.com/wardline/wardline/confirm/redisstore)
// so that the core wardline module does not depend on a Redis client. It uses
// github.com/redis/go-redis/v9, the maintained official client, and works with
// a single server, Sentinel or Cluster through [redis.UniversalClient].
//
//	rdb := redis.NewClient(&redis.Options{Addr: "localhost:6379"})
//	store, err := redisstore.New(rdb, nil)
//	if err != nil { ... }
//	m := confirm.NewManager(store, confirm.WithSecret(secret)) // the same secret on every replica
//
// # Data and atomicity
//
// A pending action is one string key, "<prefix>{<conversation key>}", set
// with SET … PX on propose (together with deleting the attempt counter, in a
// MULTI/EXEC transaction). Its value is JSON holding the action, the
// Manager's seal of the record (an HMAC under the Manager's secret, which
// Redis never sees), the nonce proof (an HMAC, never the nonce) and the
// expiry. Whoever can write to Redis can delete or withhold a pending
// action, but cannot swap it, extend it, move it to another conversation or
// forge one: the Manager checks the seal when it takes the record
// (confirm.ErrCorrupt). Take runs one
// Lua script, atomic on the server: it checks expiry, compares the proof and
// deletes the key on success, or counts the wrong attempt with INCR on
// "<prefix>{<conversation key>}:attempts" and deletes both keys when the
// attempts are used up. Both keys share a hash tag, so the script works on
// Redis Cluster.
//
// Expiry is decided by the Manager's clock, passed in by the Manager; the
// key's PX is only garbage collection: the TTL plus Options.Retain, so that a
// late confirmation is reported as expired rather than as missing.
//
// # Concurrency and zero values
//
// A Store is safe for concurrent use by multiple goroutines and processes.
// The zero Store is not usable: every method returns [ErrNoClient]; create
// one with [New]. The package passes the confirm/confirmtest conformance
// suite against a real redis-server.
package redisstore

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/wardline/wardline/confirm"
)

// Defaults for Options fields left zero.
const (
	DefaultPrefix = "wardline:confirm:"
	DefaultRetain = 5 * time.Minute
)

// ErrNoClient is returned by every method of a Store not created with New.
var ErrNoClient = errors.New("redisstore: Store not created with New")

// Options configure a Store. A nil *Options means all defaults.
type Options struct {
	// Prefix starts every key the store writes (default "wardline:confirm:").
	// It must not contain '{' or '}', which would break the hash tag.
	Prefix string
	// Retain is how long a record is kept after it expires, so that a late
	// confirmation is reported as confirm.ErrExpired (default 5 minutes;
	// at least 1 millisecond).
	Retain time.Duration
}

// Store implements [confirm.Store] on Redis.
type Store struct {
	rdb    redis.UniversalClient
	prefix string
	retain time.Duration
}

var _ confirm.Store = (*Store)(nil)

// New returns a Store that uses rdb. It does not contact the server.
func New(rdb redis.UniversalClient, opts *Options) (*Store, error) {
	if rdb == nil {
		return nil, errors.New("redisstore: nil client")
	}
	s := &Store{rdb: rdb, prefix: DefaultPrefix, retain: DefaultRetain}
	if opts != nil {
		if opts.Prefix != "" {
			s.prefix = opts.Prefix
		}
		if opts.Retain != 0 {
			s.retain = opts.Retain
		}
	}
	if strings.ContainsAny(s.prefix, "{}") {
		return nil, fmt.Errorf("redisstore: prefix %q contains a brace", s.prefix)
	}
	if s.retain < time.Millisecond {
		return nil, fmt.Errorf("redisstore: Retain %v is below 1ms", s.retain)
	}
	return s, nil
}

func (s *Store) keys(key string) (rec, attempts string) {
	rec = s.prefix + "{" + key + "}"
	return rec, rec + ":attempts"
}

// stored is the JSON value of a record key.
type stored struct {
	V       int               `json:"v"`
	Kind    string            `json:"kind"`
	Params  map[string]string `json:"params,omitempty"`
	Digest  string            `json:"digest"`
	Proof   string            `json:"proof"`
	ExpUS   int64             `json:"exp_us"`  // ExpiresAt in Unix microseconds, for the script
	Expires string            `json:"expires"` // ExpiresAt, RFC 3339 with nanoseconds
}

// Put implements [confirm.Store]: SET … PX in a transaction that also resets
// the attempt counter.
func (s *Store) Put(ctx context.Context, key string, rec confirm.Record, now time.Time) error {
	if s == nil || s.rdb == nil {
		return ErrNoClient
	}
	v, err := json.Marshal(stored{
		V:       1,
		Kind:    rec.Action.Kind,
		Params:  rec.Action.Params,
		Digest:  rec.Digest,
		Proof:   rec.Proof,
		ExpUS:   rec.ExpiresAt.UnixMicro(),
		Expires: rec.ExpiresAt.Format(time.RFC3339Nano),
	})
	if err != nil {
		return fmt.Errorf("redisstore: encoding record: %w", err)
	}
	px := rec.ExpiresAt.Sub(now) + s.retain
	if px < time.Millisecond {
		px = time.Millisecond
	}
	recKey, attKey := s.keys(key)
	_, err = s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Del(ctx, attKey)
		p.Set(ctx, recKey, v, px)
		return nil
	})
	if err != nil {
		return fmt.Errorf("redisstore: put: %w", err)
	}
	return nil
}

//go:embed take.lua
var takeSrc string

var takeScript = redis.NewScript(takeSrc)

// Result codes of take.lua.
const (
	codeNoPending = 0
	codeExpired   = 1
	codeTaken     = 2
	codeCancelled = 3
	codeMismatch  = 4
)

// Take implements [confirm.Store] with one atomic Lua script.
func (s *Store) Take(ctx context.Context, key, proof string, now time.Time, maxAttempts int) (confirm.Record, error) {
	if s == nil || s.rdb == nil {
		return confirm.Record{}, ErrNoClient
	}
	recKey, attKey := s.keys(key)
	res, err := takeScript.Run(ctx, s.rdb, []string{recKey, attKey}, proof, now.UnixMicro(), max(maxAttempts, 1)).Slice()
	if err != nil {
		return confirm.Record{}, fmt.Errorf("redisstore: take: %w", err)
	}
	if len(res) == 0 {
		return confirm.Record{}, errors.New("redisstore: take: empty script result")
	}
	code, _ := res[0].(int64)
	switch code {
	case codeNoPending:
		return confirm.Record{}, confirm.ErrNoPending
	case codeExpired:
		return confirm.Record{}, confirm.ErrExpired
	case codeCancelled:
		return confirm.Record{}, confirm.ErrTooManyAttempts
	case codeMismatch:
		return confirm.Record{}, confirm.ErrMismatch
	case codeTaken:
	default:
		return confirm.Record{}, fmt.Errorf("redisstore: take: unknown script result %d", code)
	}
	raw, ok := res[1].(string)
	if len(res) != 2 || !ok {
		return confirm.Record{}, errors.New("redisstore: take: malformed script result")
	}
	var st stored
	if err := json.Unmarshal([]byte(raw), &st); err != nil || st.V != 1 {
		return confirm.Record{}, fmt.Errorf("redisstore: take: undecodable record (%v)", err)
	}
	exp, err := time.Parse(time.RFC3339Nano, st.Expires)
	if err != nil {
		return confirm.Record{}, fmt.Errorf("redisstore: take: undecodable expiry: %w", err)
	}
	return confirm.Record{
		Action:    confirm.Action{Kind: st.Kind, Params: st.Params},
		Digest:    st.Digest,
		Proof:     st.Proof,
		ExpiresAt: exp,
	}, nil
}

// Delete implements [confirm.Store].
func (s *Store) Delete(ctx context.Context, key string) (bool, error) {
	if s == nil || s.rdb == nil {
		return false, ErrNoClient
	}
	recKey, attKey := s.keys(key)
	var n *redis.IntCmd
	_, err := s.rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		n = p.Del(ctx, recKey)
		p.Del(ctx, attKey)
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("redisstore: delete: %w", err)
	}
	return n.Val() > 0, nil
}
