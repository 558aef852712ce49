package checker

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// seedInputs returns every corpus response as fuzz seeds.
func seedInputs(t testing.TB) [][]byte {
	var out [][]byte
	for _, l := range readCorpus(t, "raw.jsonl") {
		out = append(out, l.input(t))
	}
	for _, l := range readCorpus(t, "fields.jsonl") {
		out = append(out, withField(t, l.Field, l.Text))
	}
	return out
}

// mirrorAgrees checks the hand-written schema mirror against the compiled
// JSON Schema on one input that passed strict JSON.
func mirrorAgrees(t *testing.T, c *Checker, raw []byte) {
	nodes, serr := parse(string(raw), c.cfg.limits.MaxDepth, nil)
	if serr != nil {
		return
	}
	d := decoder{nodes: nodes, limits: c.cfg.limits, dateTime: c.con.dateTime}
	_, mirrorOK := d.decodeResponse(0)
	schemaErr := c.con.schema.Validate(toAny(nodes, 0))
	if mirrorOK != (schemaErr == nil) {
		t.Fatalf("schema mirror says %v, JSON Schema says %v, for %q", mirrorOK, schemaErr, raw)
	}
}

// FuzzSchemaMirror holds the fast path to the compiled schema: for any
// strict-JSON input the hand-written mirror accepts exactly what the JSON
// Schema accepts, with default and with small limits.
func FuzzSchemaMirror(f *testing.F) {
	for _, s := range seedInputs(f) {
		f.Add(s)
	}
	f.Add([]byte(`{"role":"guru","summary":"x","internet_facts":[{"source":"s","retrieved_at":"2026-12-31T23:59:60Z","claims":["c"],"confidence":"low"}]}`))
	f.Add([]byte(`{"role":"guru","summary":"x","internet_facts":[{"source":"s","retrieved_at":"2026-02-30T10:00:00+01:00","claims":["c"],"confidence":"low"}]}`))
	def := newStub(f)
	small := newStub(f, WithLimits(Limits{MaxItems: 2, MaxItemChars: 8, MaxSummaryChars: 5, MaxDepth: 5}))
	f.Fuzz(func(t *testing.T, raw []byte) {
		mirrorAgrees(t, def, raw)
		mirrorAgrees(t, small, raw)
	})
}

func TestSchemaMirrorDateTimes(t *testing.T) {
	c := newStub(t)
	for _, dt := range []string{
		"2026-05-01T12:00:00Z", "2026-05-01t12:00:00z", "2026-05-01T12:00:00.123456+02:00",
		"2026-05-01T12:00:00-23:59", "2026-12-31T23:59:60Z", "2026-12-31T22:59:60-01:00",
		"2026-12-31T12:59:60Z", "2026-02-29T12:00:00Z", "2024-02-29T12:00:00Z",
		"2026-05-01 12:00:00", "2026-05-01T12:00:00", "2026-05-01T24:00:00Z", "2026-05-01T12:00:00.Z",
		"2026-05-01T12:00:00+0200", "2026-05-01T+1:00:00Z", "2026-05-01T12:00:00+24:00", "2026-5-01T12:00:00Z",
		"2026-05-01T12:00:00+02:60", "2026-05-01T12:00:00Z ", "2026-05-01T12:00:00.5.5Z",
	} {
		m := base(t)
		m["internet_facts"].([]any)[0].(map[string]any)["retrieved_at"] = dt
		raw, err := json.Marshal(m)
		require.NoError(t, err)
		mirrorAgrees(t, c, raw)
	}
}

// FuzzValidate feeds arbitrary bytes to the default checker: it never
// panics, never returns a Response together with an error, never accepts
// input in which guard.Secrets finds a secret, and always explains a
// rejection.
func FuzzValidate(f *testing.F) {
	for _, s := range seedInputs(f) {
		f.Add(s)
	}
	f.Add([]byte(`{"role":"guru","summary":"x"}`))
	f.Add([]byte(strings.Repeat("[", 100)))
	c, err := New()
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, raw []byte) {
		resp, err := c.Validate(raw)
		if err != nil {
			if resp != nil {
				t.Fatal("a Response together with an error")
			}
			var rej *Rejection
			if !errors.As(err, &rej) || len(rej.Violations) == 0 {
				t.Fatalf("error is not a non-empty Rejection: %v", err)
			}
			return
		}
		if resp == nil {
			t.Fatal("nil Response without an error")
		}
		if fs := c.scan.secrets(string(raw)); len(fs) > 0 {
			t.Fatalf("accepted input containing a secret (%s)", fs[0].Rule)
		}
	})
}

// TestSchemaMirrorRandom compares mirror and schema on random documents
// built from the schema's own vocabulary: right and wrong types, missing
// and unknown keys, strings and arrays at and over the limits.
func TestSchemaMirrorRandom(t *testing.T) {
	c := newStub(t, WithLimits(Limits{MaxItems: 3, MaxItemChars: 6, MaxSummaryChars: 8}))
	rng := newRand(1)
	str := func() any {
		switch rng.Intn(9) {
		case 0:
			return ""
		case 1:
			return strings.Repeat("é", 6)
		case 2:
			return strings.Repeat("a", 7)
		case 3:
			return strings.Repeat("b", 9)
		case 4:
			return "guru"
		case 5:
			return []string{"low", "medium", "high", "HIGH"}[rng.Intn(4)]
		case 6:
			return []string{"2026-05-01T12:00:00Z", "2026-05-01T12:00:00", "x"}[rng.Intn(3)]
		case 7:
			return []string{"docs-search", "a b", "-x", "svc.v2_x"}[rng.Intn(4)]
		default:
			return "ok"
		}
	}
	var value func(depth int) any
	keys := []string{"role", "summary", "repo_facts", "internet_facts", "open_questions", "mcp_requests",
		"source", "retrieved_at", "claims", "confidence", "mcp", "purpose", "query", "context_refs", "other"}
	value = func(depth int) any {
		k := rng.Intn(10)
		if depth > 3 && k < 6 {
			k = 6 + rng.Intn(4)
		}
		switch k {
		case 0, 1, 2:
			n := rng.Intn(5)
			a := make([]any, n)
			for i := range a {
				a[i] = value(depth + 1)
			}
			return a
		case 3, 4, 5:
			m := map[string]any{}
			for n := rng.Intn(6); n > 0; n-- {
				m[keys[rng.Intn(len(keys))]] = value(depth + 1)
			}
			return m
		case 6, 7:
			return str()
		case 8:
			return []any{1, true, nil}[rng.Intn(3)]
		default:
			return str()
		}
	}
	for i := 0; i < 10000; i++ {
		m := map[string]any{"role": "guru", "summary": "ok"}
		for n := rng.Intn(5); n > 0; n-- {
			k := keys[rng.Intn(6)]
			if rng.Intn(4) == 0 {
				m[k] = value(1)
				continue
			}
			switch k {
			case "internet_facts":
				var facts []any
				for j := rng.Intn(4); j > 0; j-- {
					f := map[string]any{"source": str(), "retrieved_at": str(), "claims": []any{str()}, "confidence": str()}
					if rng.Intn(3) == 0 {
						delete(f, keys[6+rng.Intn(4)])
					}
					facts = append(facts, f)
				}
				m[k] = facts
			case "mcp_requests":
				var reqs []any
				for j := rng.Intn(4); j > 0; j-- {
					r := map[string]any{"mcp": str(), "purpose": str(), "query": str()}
					if rng.Intn(2) == 0 {
						r["context_refs"] = []any{str(), str()}
					}
					reqs = append(reqs, r)
				}
				m[k] = reqs
			default:
				m[k] = value(1)
			}
		}
		if rng.Intn(10) == 0 {
			delete(m, "role")
		}
		raw, err := json.Marshal(m)
		require.NoError(t, err)
		mirrorAgrees(t, c, raw)
	}
}
