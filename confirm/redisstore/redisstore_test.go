package redisstore_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wardline/wardline/confirm"
	"github.com/wardline/wardline/confirm/confirmtest"
	"github.com/wardline/wardline/confirm/redisstore"
)

// requireEnv turns a missing redis-server into a failure (CI sets it).
const requireEnv = "WARDLINE_REQUIRE_REDIS"

// server is one redis-server for the whole package, started on first use on
// a free loopback port with a temporary directory, and stopped by TestMain.
var server struct {
	once sync.Once
	addr string
	err  error
	skip string
	cmd  *exec.Cmd
	dir  string
}

func TestMain(m *testing.M) {
	code := m.Run()
	if server.cmd != nil && server.cmd.Process != nil {
		_ = server.cmd.Process.Kill()
		_ = server.cmd.Wait()
	}
	if server.dir != "" {
		_ = os.RemoveAll(server.dir)
	}
	os.Exit(code)
}

func startServer() {
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		server.skip = "redis-server not found in PATH: install the Debian package redis-server to run the Redis store tests (" +
			requireEnv + "=1 turns this skip into a failure)"
		return
	}
	server.dir, server.err = os.MkdirTemp("", "wardline-redis-")
	if server.err != nil {
		return
	}
	for try := 0; try < 5; try++ {
		port, err := freePort()
		if err != nil {
			server.err = err
			return
		}
		addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
		cmd := exec.Command(bin,
			"--bind", "127.0.0.1", "--port", strconv.Itoa(port),
			"--dir", server.dir, "--save", "", "--appendonly", "no",
			"--protected-mode", "yes", "--daemonize", "no", "--loglevel", "warning")
		cmd.Stdout, cmd.Stderr = nil, nil
		dieWithParent(cmd)
		if err := cmd.Start(); err != nil {
			server.err = fmt.Errorf("starting redis-server: %w", err)
			return
		}
		if waitReady(addr, 5*time.Second) {
			server.addr, server.cmd = addr, cmd
			return
		}
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}
	server.err = errors.New("redis-server did not become ready on a loopback port")
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func waitReady(addr string, within time.Duration) bool {
	rdb := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1})
	defer rdb.Close()
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		err := rdb.Ping(ctx).Err()
		cancel()
		if err == nil {
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}

// client returns a client of the package's redis-server, skipping (or, with
// WARDLINE_REQUIRE_REDIS=1, failing) when there is no redis-server.
func client(t testing.TB) *redis.Client {
	t.Helper()
	server.once.Do(startServer)
	if server.skip != "" {
		if os.Getenv(requireEnv) == "1" {
			t.Fatal(server.skip)
		}
		t.Skip(server.skip)
	}
	require.NoError(t, server.err)
	rdb := redis.NewClient(&redis.Options{Addr: server.addr, PoolSize: 64})
	t.Cleanup(func() { _ = rdb.Close() })
	return rdb
}

var prefixes atomic.Int64

// newStore returns a store with a prefix no other test uses.
func newStore(t testing.TB, retain time.Duration) (*redisstore.Store, *redis.Client, string) {
	rdb := client(t)
	prefix := fmt.Sprintf("test%d:", prefixes.Add(1))
	s, err := redisstore.New(rdb, &redisstore.Options{Prefix: prefix, Retain: retain})
	require.NoError(t, err)
	return s, rdb, prefix
}

// secret is the Managers' shared secret in these tests (a test value;
// replicas in production read theirs from a secret store).
var secret = []byte("redisstore-test-secret-012345678")

func TestConformance(t *testing.T) {
	confirmtest.Run(t, func(t *testing.T) confirm.Store {
		s, _, _ := newStore(t, 0)
		return s
	})
}

// Two Managers sharing one Redis play two replicas.
func TestReplicasShareProposals(t *testing.T) {
	s, _, _ := newStore(t, 0)
	ctx := context.Background()
	a := confirm.NewManager(s, confirm.WithSecret(secret))
	b := confirm.NewManager(s, confirm.WithSecret(secret))
	act := confirm.Action{Kind: "firewall.set_mode", Params: map[string]string{"mode": "block"}}
	p, err := a.Propose(ctx, "conv", act)
	require.NoError(t, err)
	_, err = b.Confirm(ctx, "conv", "confirm nope")
	require.ErrorIs(t, err, confirm.ErrMismatch)
	got, err := b.Confirm(ctx, "conv", p.Reply())
	require.NoError(t, err)
	assert.True(t, act.Equal(got))
	_, err = a.Confirm(ctx, "conv", p.Reply())
	assert.ErrorIs(t, err, confirm.ErrNoPending)
}

// A replica with another secret cannot confirm, and a store swapping the
// action in Redis itself is caught.
func TestReplicasNeedTheSameSecret(t *testing.T) {
	s, rdb, prefix := newStore(t, 0)
	ctx := context.Background()
	a := confirm.NewManager(s, confirm.WithSecret(secret))
	other := confirm.NewManager(s, confirm.WithSecret([]byte("another-secret-another-secret-!!")))
	require.ErrorIs(t, confirm.NewManager(s).Err(), confirm.ErrInvalidOption, "a shared store needs WithSecret")
	act := confirm.Action{Kind: "firewall.set_mode", Params: map[string]string{"mode": "block"}}
	p, err := a.Propose(ctx, "conv", act)
	require.NoError(t, err)
	got, err := other.Confirm(ctx, "conv", p.Reply())
	require.Error(t, err)
	assert.Equal(t, confirm.Action{}, got)

	p, err = a.Propose(ctx, "conv2", act)
	require.NoError(t, err)
	v, err := rdb.Get(ctx, prefix+"{conv2}").Result()
	require.NoError(t, err)
	swapped := strings.Replace(v, `"mode":"block"`, `"mode":"off"`, 1)
	require.NotEqual(t, v, swapped)
	require.NoError(t, rdb.Set(ctx, prefix+"{conv2}", swapped, time.Minute).Err())
	got, err = a.Confirm(ctx, "conv2", p.Reply())
	assert.ErrorIs(t, err, confirm.ErrCorrupt, "an action swapped inside Redis")
	assert.Equal(t, confirm.Action{}, got)
}

func TestKeysCarryTTLAndNoNonce(t *testing.T) {
	s, rdb, prefix := newStore(t, time.Second)
	ctx := context.Background()
	m := confirm.NewManager(s, confirm.WithSecret(secret), confirm.WithTTL(2*time.Second))
	p, err := m.Propose(ctx, "conv", confirm.Action{Kind: "k"})
	require.NoError(t, err)
	recKey := prefix + "{conv}"
	ttl, err := rdb.PTTL(ctx, recKey).Result()
	require.NoError(t, err)
	assert.Greater(t, ttl, 2*time.Second, "TTL plus retention")
	assert.LessOrEqual(t, ttl, 3*time.Second)
	v, err := rdb.Get(ctx, recKey).Result()
	require.NoError(t, err)
	assert.NotContains(t, v, `"`+p.Nonce+`"`, "the nonce itself is not stored")

	_, err = m.Confirm(ctx, "conv", "confirm wrong")
	require.ErrorIs(t, err, confirm.ErrMismatch)
	attTTL, err := rdb.PTTL(ctx, recKey+":attempts").Result()
	require.NoError(t, err)
	assert.Greater(t, attTTL, time.Duration(0), "the attempt counter expires with the record")
}

func TestExpiresInRedis(t *testing.T) {
	s, rdb, prefix := newStore(t, time.Millisecond)
	ctx := context.Background()
	now := time.Now()
	a := confirm.Action{Kind: "k"}
	require.NoError(t, s.Put(ctx, "conv", confirm.Record{Action: a, Digest: a.Digest(), Proof: "p", ExpiresAt: now.Add(50 * time.Millisecond)}, now))
	require.Eventually(t, func() bool {
		n, err := rdb.Exists(ctx, prefix+"{conv}").Result()
		return err == nil && n == 0
	}, 3*time.Second, 20*time.Millisecond, "Redis drops the key after TTL plus retention")
	_, err := s.Take(ctx, "conv", "p", time.Now(), 3)
	assert.ErrorIs(t, err, confirm.ErrNoPending)
}

func TestForeignValueIsAnErrorNotAnAction(t *testing.T) {
	s, rdb, prefix := newStore(t, 0)
	ctx := context.Background()
	require.NoError(t, rdb.Set(ctx, prefix+"{conv}", "not json", time.Minute).Err())
	got, err := s.Take(ctx, "conv", "p", time.Now(), 3)
	require.Error(t, err)
	assert.Equal(t, confirm.Record{}, got)
}

func TestNewValidates(t *testing.T) {
	_, err := redisstore.New(nil, nil)
	assert.Error(t, err)
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1"})
	defer rdb.Close()
	_, err = redisstore.New(rdb, &redisstore.Options{Prefix: "a{b"})
	assert.ErrorContains(t, err, "brace")
	_, err = redisstore.New(rdb, &redisstore.Options{Retain: -time.Second})
	assert.ErrorContains(t, err, "Retain")
	s, err := redisstore.New(rdb, nil)
	require.NoError(t, err)
	assert.NotNil(t, s)

	var zero redisstore.Store
	_, err = zero.Take(context.Background(), "k", "p", time.Now(), 3)
	assert.ErrorIs(t, err, redisstore.ErrNoClient)
	assert.ErrorIs(t, zero.Put(context.Background(), "k", confirm.Record{}, time.Now()), redisstore.ErrNoClient)
	_, err = zero.Delete(context.Background(), "k")
	assert.ErrorIs(t, err, redisstore.ErrNoClient)
}

func TestServerDownRunsNothing(t *testing.T) {
	port, err := freePort()
	require.NoError(t, err)
	rdb := redis.NewClient(&redis.Options{Addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), MaxRetries: -1, DialTimeout: 200 * time.Millisecond})
	defer rdb.Close()
	s, err := redisstore.New(rdb, nil)
	require.NoError(t, err)
	m := confirm.NewManager(s, confirm.WithSecret(secret))
	p, err := m.Propose(context.Background(), "conv", confirm.Action{Kind: "k"})
	assert.Error(t, err)
	assert.Empty(t, p.Nonce)
	got, err := m.Confirm(context.Background(), "conv", "confirm 123456")
	assert.Error(t, err)
	assert.Equal(t, confirm.Action{}, got)
}

func BenchmarkProposeConfirm(b *testing.B) {
	s, _, _ := newStore(b, 0)
	m := confirm.NewManager(s, confirm.WithSecret(secret))
	ctx := context.Background()
	a := confirm.Action{Kind: "firewall.blacklist_add", Params: map[string]string{"ip": "203.0.113.7/32", "comment": "repeated scans"}}
	b.Run("redis/right-nonce", func(b *testing.B) {
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
