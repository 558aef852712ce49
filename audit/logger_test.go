package audit_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/audit"
)

// logOne logs r with opts and returns the single line written.
func logOne(t *testing.T, r audit.Record, opts ...audit.Option) (string, error) {
	t.Helper()
	var buf bytes.Buffer
	l := audit.NewLogger(&buf, opts...)
	err := l.Log(context.Background(), r)
	if err != nil {
		require.Zero(t, buf.Len(), "a refused record must write nothing")
		return "", err
	}
	require.NoError(t, audit.Verify(bytes.NewReader(buf.Bytes())))
	return strings.TrimSuffix(buf.String(), "\n"), nil
}

func base() audit.Record {
	return audit.Record{Time: t0, DecisionID: "d", Gate: "g", Decision: audit.DecisionAllow}
}

func withAttrs(a map[string]any) audit.Record {
	r := base()
	r.Attrs = a
	return r
}

type point struct {
	Y int `json:"y"`
	X int `json:"x"`
}

type unsortedMarshaler struct{}

func (unsortedMarshaler) MarshalJSON() ([]byte, error) {
	return []byte(`{ "b" : 1, "a" : [ 2 , 3 ] }`), nil
}

type panicMarshaler struct{}

func (panicMarshaler) MarshalJSON() ([]byte, error) { panic("boom") }

func TestAttrsCanonical(t *testing.T) {
	tests := []struct {
		name  string
		attrs map[string]any
		want  string // the attrs member as written
	}{
		{"sorted keys at every depth", map[string]any{"b": 1, "a": map[string]any{"d": 1, "c": 2}},
			`"attrs":{"a":{"c":2,"d":1},"b":1}`},
		{"integers", map[string]any{"i": -7, "u": uint64(math.MaxUint64), "i8": int8(-8)},
			`"attrs":{"i":-7,"i8":-8,"u":18446744073709551615}`},
		{"floats like encoding/json", map[string]any{"a": 1.5, "b": 1e21, "c": 1e-7, "d": float32(0.1), "e": 3.0},
			`"attrs":{"a":1.5,"b":1e+21,"c":1e-7,"d":0.1,"e":3}`},
		{"strings escaped minimally", map[string]any{"s": "a\"b\\c\n\t\x01<>&\u2028é"},
			`"attrs":{"s":"a\"b\\c\n\t\u0001<>&\u2028é"}`},
		{"invalid UTF-8 repaired", map[string]any{"s": "a\xffb", "k\xfe": 1}, `"attrs":{"k�":1,"s":"a�b"}`},
		{"time and duration", map[string]any{"t": t0, "d": 1500 * time.Millisecond},
			`"attrs":{"d":1500000000,"t":"2026-11-22T03:00:00Z"}`},
		{"error as text", map[string]any{"err": errors.New("disk full")}, `"attrs":{"err":"disk full"}`},
		{"struct via encoding/json, keys sorted", map[string]any{"p": point{Y: 2, X: 1}}, `"attrs":{"p":{"x":1,"y":2}}`},
		{"marshaler output re-canonicalised", map[string]any{"m": unsortedMarshaler{}}, `"attrs":{"m":{"a":[2,3],"b":1}}`},
		{"raw message", map[string]any{"r": json.RawMessage(`{"z": 1, "a": null}`)}, `"attrs":{"r":{"a":null,"z":1}}`},
		{"bytes as base64", map[string]any{"b": []byte("hi")}, `"attrs":{"b":"aGk="}`},
		{"nil and bool and slices", map[string]any{"n": nil, "t": true, "l": []any{1, "x", []string{"y"}}},
			`"attrs":{"l":[1,"x",["y"]],"n":null,"t":true}`},
		{"json.Number kept", map[string]any{"n": json.Number("12.50")}, `"attrs":{"n":12.50}`},
		{"map[string]string", map[string]any{"h": map[string]string{"b": "2", "a": "1"}}, `"attrs":{"h":{"a":"1","b":"2"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line, err := logOne(t, withAttrs(tt.attrs))
			require.NoError(t, err)
			assert.Contains(t, line, tt.want)
		})
	}
}

func TestAttrsUnsupported(t *testing.T) {
	cyc := map[string]any{}
	cyc["self"] = cyc
	deep := map[string]any{}
	cur := deep
	for range 40 {
		next := map[string]any{}
		cur["d"] = next
		cur = next
	}
	tests := []struct {
		name  string
		attrs map[string]any
		path  string
	}{
		{"func", map[string]any{"f": func() {}}, "/attrs/f"},
		{"chan", map[string]any{"c": make(chan int)}, "/attrs/c"},
		{"complex", map[string]any{"c": complex(1, 2)}, "/attrs/c"},
		{"NaN", map[string]any{"x": math.NaN()}, "/attrs/x"},
		{"+Inf nested", map[string]any{"a": []any{1, math.Inf(1)}}, "/attrs/a/1"},
		{"NaN in struct", map[string]any{"s": struct{ F float64 }{math.NaN()}}, "/attrs/s"},
		{"cycle", cyc, "/attrs/self"},
		{"too deep", deep, "/attrs/d/d/d"},
		{"invalid json.Number", map[string]any{"n": json.Number("1x")}, "/attrs/n"},
		{"invalid raw message", map[string]any{"r": json.RawMessage(`{`)}, "/attrs/r"},
		{"panicking marshaler", map[string]any{"p": panicMarshaler{}}, "/attrs/p"},
		{"key with slash escaped in path", map[string]any{"a/b": func() {}}, "/attrs/a~1b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := logOne(t, withAttrs(tt.attrs))
			require.ErrorIs(t, err, audit.ErrUnsupportedValue)
			assert.Contains(t, err.Error(), tt.path)
		})
	}
}

func TestSameRecordSameBytes(t *testing.T) {
	a := map[string]any{}
	b := map[string]any{}
	keys := []string{"k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8"}
	for i, k := range keys {
		a[k] = map[string]any{"v": i, "w": []any{k}}
	}
	for i := len(keys) - 1; i >= 0; i-- {
		b[keys[i]] = map[string]any{"w": []any{keys[i]}, "v": i}
	}
	la, err := logOne(t, withAttrs(a))
	require.NoError(t, err)
	lb, err := logOne(t, withAttrs(b))
	require.NoError(t, err)
	assert.Equal(t, la, lb)
}

func TestCallerMapNotModified(t *testing.T) {
	attrs := map[string]any{"secret": "s3cr3t", "keep": map[string]any{"x": "y"}}
	r := withAttrs(attrs)
	_, err := logOne(t, r, audit.WithErase("/attrs/secret"), audit.WithMask("/attrs/keep/x"),
		audit.WithRedactor(strings.ToUpper))
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"secret": "s3cr3t", "keep": map[string]any{"x": "y"}}, attrs)
}

func TestRecordFields(t *testing.T) {
	r := audit.Record{
		Time: time.Date(2026, 1, 2, 3, 4, 5, 600, time.FixedZone("X", 3600)), DecisionID: "id-1",
		Gate: "gate.llm", Decision: audit.DecisionDeny, Reason: "why", TurnID: "t", Actor: "a",
		InputDigest: audit.DigestBytes(nil), Verdict: "DENY x", Latency: 42,
	}
	line, err := logOne(t, r)
	require.NoError(t, err)
	m := decodeLine(t, line)
	assert.Equal(t, "2026-01-02T02:04:05.0000006Z", m["time"], "time in UTC")
	assert.Equal(t, "id-1", m["decision_id"])
	assert.Equal(t, "gate.llm", m["gate"])
	assert.Equal(t, "deny", m["decision"])
	assert.Equal(t, "why", m["reason"])
	assert.Equal(t, "t", m["turn_id"])
	assert.Equal(t, "a", m["actor"])
	assert.Equal(t, "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", m["input_digest"])
	assert.Equal(t, "DENY x", m["verdict"])
	assert.Equal(t, json.Number("42"), m["latency_ns"])
	assert.Equal(t, json.Number("1"), m["seq"])
	assert.Equal(t, audit.Genesis(""), m["prev"])
	assert.Equal(t, "sha256", m["alg"])
	// Fixed member order; optional members omitted when empty.
	order := []string{`"seq"`, `"prev"`, `"time"`, `"decision_id"`, `"gate"`, `"decision"`, `"reason"`,
		`"turn_id"`, `"actor"`, `"input_digest"`, `"verdict"`, `"latency_ns"`, `"alg"`, `"hash"`}
	last := -1
	for _, k := range order {
		i := strings.Index(line, k)
		require.Greater(t, i, last, k)
		last = i
	}
	minimal, err := logOne(t, base())
	require.NoError(t, err)
	for _, k := range []string{"reason", "turn_id", "actor", "input_digest", "verdict", "latency_ns", "attrs", "erased", "masked"} {
		assert.NotContains(t, minimal, `"`+k+`"`)
	}
}

func TestRecordDefaults(t *testing.T) {
	var buf bytes.Buffer
	l := audit.NewLogger(&buf, audit.WithClock(func() time.Time { return t0 }))
	require.NoError(t, l.Log(context.Background(), audit.Record{Gate: "g", Decision: "allow"}))
	require.NoError(t, l.Log(context.Background(), audit.Record{Gate: "g", Decision: "allow"}))
	ls := lines(buf.Bytes())
	require.Len(t, ls, 2)
	a, b := decodeLine(t, ls[0]), decodeLine(t, ls[1])
	assert.Equal(t, "2026-11-22T03:00:00Z", a["time"])
	assert.Regexp(t, `^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`, a["decision_id"])
	assert.NotEqual(t, a["decision_id"], b["decision_id"])
}

func TestInvalidRecord(t *testing.T) {
	for _, r := range []audit.Record{
		{Decision: "allow"},
		{Gate: "g"},
		{Gate: "  ", Decision: "allow"},
	} {
		_, err := logOne(t, r)
		assert.ErrorIs(t, err, audit.ErrInvalidRecord)
	}
	// A refused record does not stop the logger.
	var buf bytes.Buffer
	l := audit.NewLogger(&buf)
	require.Error(t, l.Log(context.Background(), audit.Record{Gate: "g"}))
	require.Error(t, l.Log(context.Background(), withAttrs(map[string]any{"f": func() {}})))
	require.NoError(t, l.Log(context.Background(), base()))
	assert.NoError(t, l.Err())
	assert.NoError(t, audit.Verify(&buf))
}

func TestTooLarge(t *testing.T) {
	_, err := logOne(t, withAttrs(map[string]any{"big": strings.Repeat("x", audit.MaxLineBytes)}))
	assert.ErrorIs(t, err, audit.ErrTooLarge)
	// Just under the limit is written and verifies.
	r := base()
	line, err := logOne(t, r)
	require.NoError(t, err)
	r.Reason = strings.Repeat("y", audit.MaxLineBytes-len(line)-len(`,"reason":""`)-1)
	_, err = logOne(t, r)
	require.NoError(t, err)
	r.Reason += "y"
	_, err = logOne(t, r)
	assert.ErrorIs(t, err, audit.ErrTooLarge)
}

func TestOptionsInvalid(t *testing.T) {
	tests := []struct {
		name string
		opts []audit.Option
	}{
		{"short key", []audit.Option{audit.WithHMACKey([]byte("short"))}},
		{"nil redactor", []audit.Option{audit.WithRedactor(nil)}},
		{"nil clock", []audit.Option{audit.WithClock(nil)}},
		{"nil option", []audit.Option{nil}},
		{"pointer without slash", []audit.Option{audit.WithErase("attrs/x")}},
		{"pointer to structural field", []audit.Option{audit.WithMask("/decision")}},
		{"pointer to all attrs", []audit.Option{audit.WithErase("/attrs")}},
		{"pointer below a string field", []audit.Option{audit.WithErase("/reason/x")}},
		{"bad tilde", []audit.Option{audit.WithMask("/attrs/a~2")}},
		{"erase and mask same pointer", []audit.Option{audit.WithErase("/attrs/x"), audit.WithMask("/attrs/x")}},
		{"negative sync count", []audit.Option{audit.WithSyncEvery(-1)}},
		{"negative sync interval", []audit.Option{audit.WithSyncInterval(-time.Second)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			l := audit.NewLogger(&buf, tt.opts...)
			require.NotNil(t, l)
			assert.ErrorIs(t, l.Err(), audit.ErrInvalidOption)
			assert.ErrorIs(t, l.Log(context.Background(), base()), audit.ErrInvalidOption)
			assert.ErrorIs(t, l.Sync(), audit.ErrInvalidOption)
			assert.Zero(t, buf.Len())
			_, err := audit.OpenFile(t.TempDir()+"/log", tt.opts...)
			assert.ErrorIs(t, err, audit.ErrInvalidOption)
		})
	}
	l := audit.NewLogger(nil)
	assert.ErrorIs(t, l.Log(context.Background(), base()), audit.ErrInvalidOption)
}

func TestZeroAndNilLogger(t *testing.T) {
	var zero audit.Logger
	var nilL *audit.Logger
	for _, l := range []*audit.Logger{&zero, nilL} {
		assert.ErrorIs(t, l.Log(context.Background(), base()), audit.ErrNoLogger)
		assert.ErrorIs(t, l.Sync(), audit.ErrNoLogger)
		assert.ErrorIs(t, l.Close(), audit.ErrNoLogger)
		assert.ErrorIs(t, l.Err(), audit.ErrNoLogger)
		assert.Equal(t, audit.Checkpoint{}, l.Checkpoint())
	}
}

func TestClosed(t *testing.T) {
	var buf bytes.Buffer
	l := audit.NewLogger(&buf)
	require.NoError(t, l.Log(context.Background(), base()))
	require.NoError(t, l.Close())
	assert.NoError(t, l.Close(), "second Close")
	assert.ErrorIs(t, l.Log(context.Background(), base()), audit.ErrClosed)
	assert.ErrorIs(t, l.Sync(), audit.ErrClosed)
	assert.ErrorIs(t, l.Err(), audit.ErrClosed)
	assert.Len(t, lines(buf.Bytes()), 1)
}

// blockingWriter blocks every Write until release is closed.
type blockingWriter struct {
	started chan struct{}
	release chan struct{}
	bytes.Buffer
}

func (w *blockingWriter) Write(p []byte) (int, error) {
	w.started <- struct{}{}
	<-w.release
	return w.Buffer.Write(p)
}

func TestContextWhileWaitingForWriter(t *testing.T) {
	w := &blockingWriter{started: make(chan struct{}, 1), release: make(chan struct{})}
	l := audit.NewLogger(w)
	done := make(chan error)
	go func() { done <- l.Log(context.Background(), base()) }()
	<-w.started // the first Log holds the writer
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	err := l.Log(ctx, base())
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	close(w.release)
	require.NoError(t, <-done)
	assert.Len(t, lines(w.Bytes()), 1, "the cancelled record was not written")
	require.NoError(t, l.Log(context.Background(), base()))
	assert.NoError(t, audit.Verify(bytes.NewReader(w.Bytes())))

	cancelled, cancel2 := context.WithCancel(context.Background())
	cancel2()
	assert.ErrorIs(t, l.Log(cancelled, base()), context.Canceled)
}

func TestRedactor(t *testing.T) {
	redact := func(s string) string { return strings.ReplaceAll(s, "hunter2", "[pw]") }
	r := base()
	r.Reason = "password hunter2 rejected"
	r.Verdict = "DENY hunter2"
	r.Actor = "actor-hunter2"
	r.TurnID = "turn-hunter2"
	r.Attrs = map[string]any{
		"s":           "hunter2",
		"key-hunter2": 1,
		"nested":      map[string]any{"list": []any{"x hunter2", map[string]string{"k": "hunter2!"}}},
		"strs":        []string{"hunter2"},
		"err":         errors.New("bad hunter2"),
		"struct":      struct{ P string }{"hunter2"},
	}
	line, err := logOne(t, r, audit.WithRedactor(redact))
	require.NoError(t, err)
	assert.NotContains(t, line, "hunter2", "every string passes the redactor, keys and identifiers included")
	assert.Contains(t, line, `"actor":"actor-[pw]"`)
	assert.Contains(t, line, `"turn_id":"turn-[pw]"`)
	assert.Contains(t, line, `"key-[pw]":1`)
	assert.Contains(t, line, `"reason":"password [pw] rejected"`)
	assert.Contains(t, line, `"verdict":"DENY [pw]"`)
	assert.Contains(t, line, `"nested":{"list":["x [pw]",{"k":"[pw]!"}]}`)
	assert.Contains(t, line, `"struct":{"P":"[pw]"}`)
}

func TestEraseMask(t *testing.T) {
	tests := []struct {
		name         string
		opts         []audit.Option
		want         []string
		absent       []string
		erased, mask string
	}{
		{
			name:   "erase nested key and array element",
			opts:   []audit.Option{audit.WithErase("/attrs/req/body", "/attrs/list/1", "/attrs/missing", "/attrs/list/9")},
			want:   []string{`"attrs":{"a~b":1,"list":["a",null,"c"],"req":{"h":"v"}}`, `"erased":["/attrs/list/1","/attrs/req/body"]`},
			absent: []string{`"masked"`, "secret-body"},
		},
		{
			name:   "mask string fields and objects",
			opts:   []audit.Option{audit.WithMask("/reason", "/turn_id", "/attrs/req")},
			want:   []string{`"reason":"**REDACTED**"`, `"attrs":{"a~b":1,"list":["a","b","c"],"req":"**REDACTED**"}`, `"masked":["/attrs/req","/reason"]`},
			absent: []string{`"erased"`, "secret-body", `"turn_id"`},
		},
		{
			name: "escaped pointer tokens",
			opts: []audit.Option{audit.WithErase("/attrs/a~0b")},
			want: []string{`"erased":["/attrs/a~0b"]`},
		},
		{
			name: "erase reason",
			opts: []audit.Option{audit.WithErase("/reason")},
			want: []string{`"erased":["/reason"]`}, absent: []string{`"reason"`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := base()
			r.Reason = "because"
			r.Attrs = map[string]any{
				"req":  map[string]any{"body": "secret-body", "h": "v"},
				"list": []string{"a", "b", "c"},
				"a~b":  1,
			}
			line, err := logOne(t, r, tt.opts...)
			require.NoError(t, err)
			for _, w := range tt.want {
				assert.Contains(t, line, w)
			}
			for _, a := range tt.absent {
				assert.NotContains(t, line, a)
			}
		})
	}
}

func TestHMACChain(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	log, cp := writeLog(t, 5, audit.WithHMACKey(key), audit.WithLogID("prod"))
	assert.Contains(t, string(log), `"alg":"hmac-sha256"`)
	_, err := (&audit.Verifier{LogID: "prod", Key: key}).Verify(bytes.NewReader(log))
	require.NoError(t, err)
	got, err := (&audit.Verifier{LogID: "prod", Key: key, Checkpoint: &cp}).Verify(bytes.NewReader(log))
	require.NoError(t, err)
	assert.Equal(t, cp, got)
	assert.Equal(t, uint64(5), cp.Seq)

	_, err = (&audit.Verifier{LogID: "prod"}).Verify(bytes.NewReader(log))
	assert.ErrorIs(t, err, audit.ErrAlgorithm, "keyed log without the key")
	_, err = (&audit.Verifier{LogID: "prod", Key: []byte("another key of 32 bytes........")}).Verify(bytes.NewReader(log))
	assert.ErrorIs(t, err, audit.ErrHashMismatch, "wrong key")
	plain, _ := writeLog(t, 2, audit.WithLogID("prod"))
	_, err = (&audit.Verifier{LogID: "prod", Key: key}).Verify(bytes.NewReader(plain))
	assert.ErrorIs(t, err, audit.ErrAlgorithm, "downgrade to plain sha256")
	_, err = (&audit.Verifier{LogID: "dev", Key: key}).Verify(bytes.NewReader(log))
	assert.ErrorIs(t, err, audit.ErrBrokenLink, "other log id")
}

func TestCheckpointString(t *testing.T) {
	_, cp := writeLog(t, 3)
	got, err := audit.ParseCheckpoint(cp.String())
	require.NoError(t, err)
	assert.Equal(t, cp, got)
	for _, bad := range []string{"", "3", "3:", "0:" + cp.Hash, "x:" + cp.Hash, "3:" + strings.ToUpper(cp.Hash), "3:" + cp.Hash + "0"} {
		_, err := audit.ParseCheckpoint(bad)
		assert.ErrorIs(t, err, audit.ErrInvalidOption, bad)
	}
}

func TestDigestJSON(t *testing.T) {
	a, err := audit.DigestJSON(map[string]any{"b": 1, "a": []any{"x"}})
	require.NoError(t, err)
	b, err := audit.DigestJSON(map[string]any{"a": []string{"x"}, "b": 1})
	require.NoError(t, err)
	assert.Equal(t, a, b)
	assert.Equal(t, audit.DigestBytes([]byte(`{"a":["x"],"b":1}`)), a)
	_, err = audit.DigestJSON(map[string]any{"f": math.NaN()})
	assert.ErrorIs(t, err, audit.ErrUnsupportedValue)
}

// syncCounter counts Sync calls.
type syncCounter struct {
	bytes.Buffer
	syncs int
}

func (s *syncCounter) Sync() error { s.syncs++; return nil }

func TestSyncEvery(t *testing.T) {
	w := &syncCounter{}
	l := audit.NewLogger(w, audit.WithSyncEvery(3))
	for range 7 {
		require.NoError(t, l.Log(context.Background(), base()))
	}
	assert.Equal(t, 2, w.syncs)
	require.NoError(t, l.Sync())
	assert.Equal(t, 3, w.syncs)
	require.NoError(t, l.Close())
	assert.Equal(t, 4, w.syncs)

	w2 := &syncCounter{}
	l2 := audit.NewLogger(w2)
	for range 5 {
		require.NoError(t, l2.Log(context.Background(), base()))
	}
	assert.Zero(t, w2.syncs, "NewLogger does not sync on its own by default")
}

type lockedSyncCounter struct {
	mu    chan struct{}
	syncs int
}

func (s *lockedSyncCounter) Write(p []byte) (int, error) { return len(p), nil }
func (s *lockedSyncCounter) Sync() error {
	s.mu <- struct{}{}
	s.syncs++
	<-s.mu
	return nil
}
func (s *lockedSyncCounter) count() int {
	s.mu <- struct{}{}
	defer func() { <-s.mu }()
	return s.syncs
}

func TestSyncInterval(t *testing.T) {
	w := &lockedSyncCounter{mu: make(chan struct{}, 1)}
	l := audit.NewLogger(w, audit.WithSyncEvery(1000), audit.WithSyncInterval(5*time.Millisecond))
	require.NoError(t, l.Log(context.Background(), base()))
	require.Eventually(t, func() bool { return w.count() == 1 }, 5*time.Second, time.Millisecond)
	time.Sleep(20 * time.Millisecond)
	assert.Equal(t, 1, w.count(), "no timer without unsynced records")
	require.NoError(t, l.Log(context.Background(), base()))
	require.NoError(t, l.Close())
	assert.Equal(t, 2, w.count())
}

func TestNilContext(t *testing.T) {
	var buf bytes.Buffer
	l := audit.NewLogger(&buf)
	//lint:ignore SA1012 a nil context must not panic
	require.NoError(t, l.Log(nil, base()))
	r := slog.NewRecord(t0, slog.LevelInfo, "m", 0)
	r.AddAttrs(slog.String("gate", "g"), slog.String("decision", "allow"))
	//lint:ignore SA1012 a nil context must not panic
	require.NoError(t, audit.NewHandler(l, nil).Handle(nil, r))
	assert.NoError(t, audit.Verify(&buf))
}
