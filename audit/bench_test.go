package audit_test

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"testing"
	"time"

	"github.com/wardline/wardline/audit"
)

func minimalRecord() audit.Record {
	return audit.Record{Time: t0, DecisionID: "d-1", Gate: "gate.rules", Decision: audit.DecisionDeny}
}

// typicalRecord is a gate decision with a reason, ids, a digest and six
// attributes, one of them nested: about 560 bytes as a line.
func typicalRecord() audit.Record {
	return audit.Record{
		Time: t0, DecisionID: "8d1c6a5e-55a4-4b7e-9f1e-3b8a2f0c9d11", Gate: "gate.rules",
		Decision: audit.DecisionDeny, Reason: "rm outside the workspace is not allowed",
		TurnID: "turn-42", Actor: "agent:planner",
		InputDigest: "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
		Latency:     1200 * time.Microsecond,
		Attrs: map[string]any{
			"tool": "shell", "rule": "no_rm_outside_workspace", "parts": 2, "compound": true,
			"args": map[string]any{"cwd": "/work/repo", "argv": []string{"rm", "-rf", "/tmp/x"}},
			"env":  "ci",
		},
	}
}

func reportRate(b *testing.B) {
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "records/s")
}

func benchLog(b *testing.B, w io.Writer, r audit.Record, opts ...audit.Option) {
	l := audit.NewLogger(w, opts...)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if err := l.Log(ctx, r); err != nil {
			b.Fatal(err)
		}
	}
	reportRate(b)
	if err := l.Close(); err != nil {
		b.Fatal(err)
	}
}

func BenchmarkLogDiscardMinimal(b *testing.B) { benchLog(b, io.Discard, minimalRecord()) }

func BenchmarkLogDiscardTypical(b *testing.B) { benchLog(b, io.Discard, typicalRecord()) }

func BenchmarkLogDiscardTypicalHMAC(b *testing.B) {
	benchLog(b, io.Discard, typicalRecord(), audit.WithHMACKey([]byte("0123456789abcdef0123456789abcdef")))
}

func BenchmarkLogDiscardTypicalRedactMask(b *testing.B) {
	benchLog(b, io.Discard, typicalRecord(),
		audit.WithRedactor(func(s string) string { return s }), audit.WithMask("/attrs/args/cwd"))
}

// BenchmarkLogDiscardTypicalParallel: GOMAXPROCS goroutines share one
// logger; encoding runs in parallel, hashing and writing are serialised.
func BenchmarkLogDiscardTypicalParallel(b *testing.B) {
	l := audit.NewLogger(io.Discard)
	r := typicalRecord()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		ctx := context.Background()
		for pb.Next() {
			if err := l.Log(ctx, r); err != nil {
				b.Error(err)
				return
			}
		}
	})
	reportRate(b)
}

func benchFile(b *testing.B, every int) {
	path := filepath.Join(b.TempDir(), "audit.log")
	l, err := audit.OpenFile(path, audit.WithSyncEvery(every))
	if err != nil {
		b.Fatal(err)
	}
	r := typicalRecord()
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if err := l.Log(ctx, r); err != nil {
			b.Fatal(err)
		}
	}
	if err := l.Close(); err != nil {
		b.Fatal(err)
	}
	reportRate(b)
}

// BenchmarkLogFileTypicalFsyncEvery100: O_APPEND file, one fsync per 100
// records (and at Close).
func BenchmarkLogFileTypicalFsyncEvery100(b *testing.B) { benchFile(b, 100) }

// BenchmarkLogFileTypicalFsyncEach: O_APPEND file, one fsync per record
// (OpenFile's default).
func BenchmarkLogFileTypicalFsyncEach(b *testing.B) { benchFile(b, 1) }

// BenchmarkVerify1000TypicalLines verifies a log of 1 000 typical lines;
// records/s counts lines.
func BenchmarkVerify1000TypicalLines(b *testing.B) {
	var buf bytes.Buffer
	l := audit.NewLogger(&buf)
	for range 1000 {
		if err := l.Log(context.Background(), typicalRecord()); err != nil {
			b.Fatal(err)
		}
	}
	log := buf.Bytes()
	b.SetBytes(int64(len(log)))
	b.ReportAllocs()
	for b.Loop() {
		if err := audit.Verify(bytes.NewReader(log)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)*1000/b.Elapsed().Seconds(), "records/s")
}

// BenchmarkRedactCommon runs the built-in redactor over a typical reason
// without a secret and over one with a token in it.
func BenchmarkRedactCommon(b *testing.B) {
	for _, bc := range []struct{ name, s string }{
		{"clean=60B", "rm outside the workspace is not allowed by rule no_rm_outside"},
		{"token=60B", "push refused: token=ghp_Qm9kZXJuIHNlY3JldCB0b2tlbjEyMzQ1Njc4 x"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				audit.RedactCommon(bc.s)
			}
		})
	}
}
