package audit_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"strings"
	"sync"
	"testing"
	"testing/slogtest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/audit"
)

func TestHandlerMapsRecords(t *testing.T) {
	var auditBuf, plainBuf bytes.Buffer
	al := audit.NewLogger(&auditBuf, audit.WithRedactor(func(s string) string { return strings.ReplaceAll(s, "hunter2", "[pw]") }))
	next := slog.NewJSONHandler(&plainBuf, nil)
	log := slog.New(audit.NewHandler(al, &audit.HandlerOptions{Next: next}))

	log.Info("server started", "port", 8080)
	log.With("turn_id", "t-9", "actor", "agent-1").WithGroup("req").Warn("command denied",
		"cmd", "rm -rf /", "password", "hunter2")
	// A gate at the top level, given before the group, still counts.
	log.With("gate", "gate.rules", "decision", "deny").WithGroup("req").Warn("command denied",
		"cmd", "rm -rf /", "password", "hunter2", "gate", "nested-is-not-a-gate")
	log.Info("llm judged", "gate", "gate.llm", "decision", "allow", "reason", "read-only",
		"verdict", "ALLOW", "latency", 1500*time.Millisecond, "decision_id", "d-1", "input_digest", "sha256:00",
		slog.Group("model", "name", "m1", "temp", 0.5), "at", t0, "wait", time.Second,
		"secret", audit.Secret("tok"), "nan", math.NaN(), "u", uint64(7), "ok", true)

	require.NoError(t, al.Close())
	require.NoError(t, audit.Verify(bytes.NewReader(auditBuf.Bytes())))
	ls := lines(auditBuf.Bytes())
	require.Len(t, ls, 2)

	plain := plainBuf.String()
	assert.Contains(t, plain, `"msg":"server started"`)
	assert.Contains(t, plain, `"password":"hunter2"`, "non-audit records pass to Next unchanged")
	assert.NotContains(t, plain, "llm judged", "audit records are not forwarded")
	assert.Equal(t, 2, strings.Count(plain, "\n"))

	a := decodeLine(t, ls[0])
	assert.Equal(t, "gate.rules", a["gate"])
	assert.Equal(t, "deny", a["decision"])
	assert.Equal(t, "command denied", a["reason"])
	assert.Equal(t, map[string]any{"req": map[string]any{"cmd": "rm -rf /", "password": "[pw]", "gate": "nested-is-not-a-gate"}}, a["attrs"])

	b := decodeLine(t, ls[1])
	assert.Equal(t, "gate.llm", b["gate"])
	assert.Equal(t, "read-only", b["reason"])
	assert.Equal(t, "ALLOW", b["verdict"])
	assert.Equal(t, "d-1", b["decision_id"])
	assert.Equal(t, "sha256:00", b["input_digest"])
	assert.Equal(t, json.Number("1500000000"), b["latency_ns"])
	attrs := b["attrs"].(map[string]any)
	assert.Equal(t, "llm judged", attrs["msg"], "message kept when a reason is given")
	assert.Equal(t, map[string]any{"name": "m1", "temp": json.Number("0.5")}, attrs["model"])
	assert.Equal(t, "2026-11-22T03:00:00Z", attrs["at"])
	assert.Equal(t, "1s", attrs["wait"])
	assert.Equal(t, "[REDACTED]", attrs["secret"])
	assert.Equal(t, "NaN", attrs["nan"])
	assert.Equal(t, json.Number("7"), attrs["u"])
	assert.Equal(t, true, attrs["ok"])
}

func TestHandlerNoNextDrops(t *testing.T) {
	var buf bytes.Buffer
	al := audit.NewLogger(&buf)
	h := audit.NewHandler(al, nil)
	log := slog.New(h)
	log.Debug("debug decision", "gate", "route", "decision", "allow")
	log.Info("not a decision")
	log.Info("empty gate", "gate", "")
	log.Info("non-string gate", "gate", 3)
	assert.True(t, h.Enabled(context.Background(), slog.LevelDebug-4))
	assert.Len(t, lines(buf.Bytes()), 1)
	assert.Same(t, h, h.WithGroup(""))
	assert.Same(t, h, h.WithAttrs(nil))
}

func TestHandlerLevel(t *testing.T) {
	var buf, plain bytes.Buffer
	al := audit.NewLogger(&buf)
	h := audit.NewHandler(al, &audit.HandlerOptions{Level: slog.LevelInfo,
		Next: slog.NewTextHandler(&plain, &slog.HandlerOptions{Level: slog.LevelWarn})})
	assert.False(t, h.Enabled(context.Background(), slog.LevelDebug))
	assert.True(t, h.Enabled(context.Background(), slog.LevelInfo))
	log := slog.New(h)
	log.Debug("x", "gate", "g", "decision", "allow")
	log.Info("y", "gate", "g", "decision", "allow")
	log.Info("plain info")
	assert.Len(t, lines(buf.Bytes()), 1)
	assert.Empty(t, plain.String(), "Next's own level is respected")
}

func TestHandlerErrors(t *testing.T) {
	var mu sync.Mutex
	var got []error
	w := &failAfter{n: 0}
	al := audit.NewLogger(w)
	h := audit.NewHandler(al, &audit.HandlerOptions{OnError: func(err error) {
		mu.Lock()
		got = append(got, err)
		mu.Unlock()
	}})
	log := slog.New(h)
	log.Info("x", "gate", "g", "decision", "deny")
	log.Info("missing decision", "gate", "g")
	require.Len(t, got, 2)
	assert.ErrorIs(t, got[0], errDiskFull)
	assert.ErrorIs(t, got[1], audit.ErrInvalidRecord)
	assert.ErrorIs(t, al.Err(), errDiskFull, "visible without OnError too")

	r := slog.NewRecord(t0, slog.LevelInfo, "m", 0)
	r.AddAttrs(slog.String("gate", "g"))
	err := audit.NewHandler(audit.NewLogger(&bytes.Buffer{}), nil).Handle(context.Background(), r)
	assert.ErrorIs(t, err, audit.ErrInvalidRecord, "Handle returns the error")
}

func TestSecretNeverPrinted(t *testing.T) {
	s := audit.Secret("s3cr3t-value")
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("m", "s", s, "g", slog.GroupValue(slog.Any("in", s)))
	slog.New(slog.NewTextHandler(&buf, nil)).Info("m", "s", s)
	fmt.Fprintf(&buf, "%v %+v %#v %s %q %x %d %10s", s, s, s, s, s, s, s, s)
	fmt.Fprint(&buf, s, []audit.Secret{s}, map[string]audit.Secret{"k": s}, struct{ S audit.Secret }{s})
	j, err := json.Marshal(map[string]any{"s": s, "l": []audit.Secret{s}})
	require.NoError(t, err)
	buf.Write(j)
	assert.NotContains(t, buf.String(), "s3cr3t")
	assert.Contains(t, buf.String(), "[REDACTED]")
	assert.Equal(t, "s3cr3t-value", s.Reveal())
}

func TestRedactedAndReplaceAttr(t *testing.T) {
	redact := func(s string) string { return strings.ReplaceAll(s, "hunter2", "[pw]") }
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{ReplaceAttr: audit.ReplaceAttr(redact)}))
	log.Info("login hunter2", "pw", "hunter2", "n", 3, slog.Group("g", "x", "x hunter2"))
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("tool", "out", audit.Redacted{Text: "got hunter2", Redact: redact},
		"nilredact", audit.Redacted{Text: "hunter2"})
	out := buf.String()
	assert.NotContains(t, out, "hunter2")
	assert.Contains(t, out, `"msg":"login [pw]"`)
	assert.Contains(t, out, `"g":{"x":"x [pw]"}`)
	assert.Contains(t, out, `"n":3`)
	assert.Contains(t, out, `"out":"got [pw]"`)
	assert.Contains(t, out, `"nilredact":"[REDACTED]"`)

	buf.Reset()
	slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{ReplaceAttr: audit.ReplaceAttr(nil)})).Info("m", "a", "b")
	assert.Contains(t, buf.String(), "a=[REDACTED]")
	assert.NotContains(t, buf.String(), "a=b")
}

// TestHandlerForwardingConforms runs slog's handler conformance suite over
// the records the bridge passes on: WithAttrs, WithGroup and the rest must
// reach Next exactly as if Next were used directly.
func TestHandlerForwardingConforms(t *testing.T) {
	var plain bytes.Buffer
	h := audit.NewHandler(audit.NewLogger(io.Discard), &audit.HandlerOptions{Next: slog.NewJSONHandler(&plain, nil)})
	results := func() []map[string]any {
		var ms []map[string]any
		for _, line := range bytes.Split(plain.Bytes(), []byte("\n")) {
			if len(line) == 0 {
				continue
			}
			var m map[string]any
			require.NoError(t, json.Unmarshal(line, &m))
			ms = append(ms, m)
		}
		return ms
	}
	require.NoError(t, slogtest.TestHandler(h, results))
}
