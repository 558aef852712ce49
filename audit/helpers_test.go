package audit_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/audit"
)

var t0 = time.Date(2026, 11, 22, 3, 0, 0, 0, time.UTC)

// sampleRecord returns the i-th record of a deterministic, varied log.
func sampleRecord(i int) audit.Record {
	decisions := []string{audit.DecisionAllow, audit.DecisionDeny, audit.DecisionError}
	gates := []string{"route", "checker", "gate.rules", "gate.llm", "confirm", "citation"}
	r := audit.Record{
		Time:       t0.Add(time.Duration(i) * time.Second),
		DecisionID: fmt.Sprintf("d-%04d", i),
		Gate:       gates[i%len(gates)],
		Decision:   decisions[i%len(decisions)],
		Reason:     fmt.Sprintf("reason number %d", i),
		TurnID:     fmt.Sprintf("t-%d", i/3),
		Attrs: map[string]any{
			"n":     i,
			"ok":    i%2 == 0,
			"tags":  []string{"a", "b"},
			"inner": map[string]any{"z": 1.5, "a": "x"},
		},
	}
	if r.Gate == "gate.llm" {
		r.Verdict = "DENY destructive"
		r.Latency = time.Duration(i) * time.Millisecond
	}
	return r
}

// writeLog logs n sample records and returns the log and its checkpoint.
func writeLog(t testing.TB, n int, opts ...audit.Option) ([]byte, audit.Checkpoint) {
	t.Helper()
	var buf bytes.Buffer
	l := audit.NewLogger(&buf, opts...)
	for i := range n {
		require.NoError(t, l.Log(context.Background(), sampleRecord(i)))
	}
	cp := l.Checkpoint()
	require.NoError(t, l.Close())
	return buf.Bytes(), cp
}

// lines splits a log into its lines (without newlines).
func lines(b []byte) []string {
	s := strings.TrimSuffix(string(b), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// decodeLine decodes one line into a generic map.
func decodeLine(t testing.TB, line string) map[string]any {
	t.Helper()
	var m map[string]any
	d := json.NewDecoder(strings.NewReader(line))
	d.UseNumber()
	require.NoError(t, d.Decode(&m))
	return m
}
