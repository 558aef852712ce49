package quality

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const testBase = `{"role":"guru","summary":"s","repo_facts":["a"],
 "internet_facts":[{"source":"https://x.example","retrieved_at":"2026-01-01T00:00:00Z","claims":["c"],"confidence":"high"}],
 "open_questions":["q?"],"mcp_requests":[{"mcp":"m","purpose":"p","query":"q","context_refs":[]}]}`

func TestInputPlacesTextInField(t *testing.T) {
	cases := []struct {
		field string
		get   func(m map[string]any) any
	}{
		{"summary", func(m map[string]any) any { return m["summary"] }},
		{"repo_facts", func(m map[string]any) any { return m["repo_facts"].([]any)[0] }},
		{"open_questions", func(m map[string]any) any { return m["open_questions"].([]any)[0] }},
		{"internet_facts.claims", func(m map[string]any) any {
			return m["internet_facts"].([]any)[0].(map[string]any)["claims"].([]any)[0]
		}},
		{"internet_facts.source", func(m map[string]any) any {
			return m["internet_facts"].([]any)[0].(map[string]any)["source"]
		}},
		{"mcp_requests.purpose", func(m map[string]any) any {
			return m["mcp_requests"].([]any)[0].(map[string]any)["purpose"]
		}},
		{"mcp_requests.query", func(m map[string]any) any {
			return m["mcp_requests"].([]any)[0].(map[string]any)["query"]
		}},
	}
	for _, c := range cases {
		t.Run(c.field, func(t *testing.T) {
			in, err := FieldLine{ID: "x", Field: c.field, Text: "PLACED"}.Input([]byte(testBase))
			require.NoError(t, err)
			var m map[string]any
			require.NoError(t, json.Unmarshal(in, &m))
			assert.Equal(t, "PLACED", c.get(m))
			assert.Equal(t, "guru", m["role"], "the rest of the response is kept")
		})
	}
}

func TestInputWholeResponses(t *testing.T) {
	in, err := FieldLine{Raw: `{"a":1}`}.Input(nil)
	require.NoError(t, err)
	assert.Equal(t, `{"a":1}`, string(in))

	in, err = FieldLine{Raw: "ignored", RawB64: "/w=="}.Input(nil)
	require.NoError(t, err)
	assert.Equal(t, []byte{0xff}, in, "raw_b64 wins: it carries bytes raw cannot")

	_, err = FieldLine{ID: "x", Field: "nope", Text: "t"}.Input([]byte(testBase))
	assert.ErrorContains(t, err, "unknown field")
	_, err = FieldLine{Field: "mcp_requests.query", Text: "t"}.Input([]byte(`{"mcp_requests":[]}`))
	assert.Error(t, err)
}

func TestReadFieldsRefusesBadLines(t *testing.T) {
	got, err := ReadFields(strings.NewReader("\n{\"id\":\"a\",\"expect\":\"allow\"}\n\n{\"id\":\"b\",\"expect\":\"block\",\"rule\":\"secret\"}\n"))
	require.NoError(t, err)
	require.Len(t, got, 2)
	assert.Equal(t, "secret", got[1].Rule)

	_, err = ReadFields(strings.NewReader(`{"id":"a","expect":"maybe"}`))
	assert.ErrorContains(t, err, "line 1")
	_, err = ReadFields(strings.NewReader("{}\n{"))
	assert.ErrorContains(t, err, "line 1", "expect is required")
	_, err = ReadRetrieved(strings.NewReader(`{"line":"x","expect":"allow"}`))
	assert.Error(t, err)
}

func TestScoreFieldsCounts(t *testing.T) {
	set := []FieldLine{
		{ID: "a1", Field: "summary", Text: "clean", Expect: "allow", Rule: "none"},
		{ID: "a2", Field: "summary", Text: "looks bad", Expect: "allow", Rule: "none"},
		{ID: "b1", Field: "summary", Text: "bad", Expect: "block", Rule: "x"},
		{ID: "b2", Field: "summary", Text: "other", Expect: "block", Rule: "x"},
		{ID: "b3", Field: "summary", Text: "bad", Expect: "block", Rule: "y"},
	}
	// The fake validator blocks texts containing "bad" with rule x, and
	// "other" with rule z (blocked, but not with the labelled rule).
	v := func(raw []byte) []string {
		var m map[string]any
		require.NoError(t, json.Unmarshal(raw, &m))
		s := m["summary"].(string)
		switch {
		case strings.Contains(s, "bad"):
			return []string{"x", "x"}
		case s == "other":
			return []string{"z"}
		}
		return nil
	}
	s, err := ScoreFields("t", set, []byte(testBase), v)
	require.NoError(t, err)
	assert.Equal(t, 2, s.Allows)
	assert.Equal(t, 1, s.AllowBlocked)
	assert.Equal(t, map[string]int{"x": 1}, s.FalseByRule, "a rule reported twice on one line counts once")
	assert.Equal(t, 3, s.Blocks)
	assert.Equal(t, 3, s.Blocked)
	assert.Equal(t, []RuleScore{{"x", 2, 1}, {"y", 1, 0}}, s.Rules)
	assert.Equal(t, []string{"a2", "b2", "b3"}, s.Misses)
}

func TestScoreRetrieved(t *testing.T) {
	set := []RetrievedLine{{"r1", "inject", "remove"}, {"r2", "fine", "remove"}, {"k1", "fine", "keep"}, {"k2", "inject", "keep"}}
	s := ScoreRetrieved("t", set, func(l string) bool { return l == "inject" })
	assert.Equal(t, RetrievedScore{Name: "t", Removes: 2, Removed: 1, Keeps: 2, FalseRemovals: 1, Misses: []string{"r2", "k2"}}, s)
}

func TestRenderAndSplice(t *testing.T) {
	var b strings.Builder
	require.NoError(t, Render(&b, Report{
		Date: "2026-11-25", Commit: "abc",
		Fields: []FieldScore{{Name: "dev", Blocks: 4, Blocked: 3, Allows: 10, AllowBlocked: 1,
			FalseByRule: map[string]int{"z": 1}, Rules: []RuleScore{{"x", 4, 2}}}},
		Retrieved: []RetrievedScore{{Name: "docs", Removes: 2, Removed: 2, Keeps: 0}},
		Sources:   map[string]string{"dev": "hand-written"},
	}))
	out := b.String()
	assert.Contains(t, out, "2026-11-25")
	assert.Contains(t, out, "| dev (hand-written) | 0.900 (9/10) | 0.750 (3/4) | 0.500 (2/4) |")
	assert.Contains(t, out, "| `x` | 0.500 (2/4) |\n| `z` | – |\n", "recall table")
	assert.Contains(t, out, "| `x` | 0.000 (0/10) |\n| `z` | 0.100 (1/10) |\n", "false-positive table")
	assert.Contains(t, out, "| docs | 1.000 (2/2) | – |")

	doc := "intro\n<!-- b -->\nold\n<!-- e -->\ntail\n"
	got, err := Splice(doc, "<!-- b -->", "<!-- e -->", "new\n")
	require.NoError(t, err)
	assert.Equal(t, "intro\n<!-- b -->\nnew\n<!-- e -->\ntail\n", got)
	for _, bad := range []string{"no markers", "<!-- e --> <!-- b -->", "<!-- b --><!-- b --><!-- e -->"} {
		_, err := Splice(bad, "<!-- b -->", "<!-- e -->", "x")
		assert.Error(t, err, bad)
	}
}

func FuzzSplice(f *testing.F) {
	f.Add("a<!-- b -->x<!-- e -->c", "y")
	f.Add("<!-- e --><!-- b -->", "")
	f.Fuzz(func(t *testing.T, doc, body string) {
		got, err := Splice(doc, "<!-- b -->", "<!-- e -->", body)
		if err != nil {
			return
		}
		// Everything outside the markers is kept; the body is between them.
		i := strings.Index(doc, "<!-- b -->")
		j := strings.Index(doc, "<!-- e -->")
		assert.True(t, strings.HasPrefix(got, doc[:i+len("<!-- b -->")]))
		assert.True(t, strings.HasSuffix(got, doc[j:]))
		assert.Contains(t, got, body)
	})
}

func FuzzReadFields(f *testing.F) {
	f.Add(`{"id":"a","field":"summary","text":"t","expect":"allow","rule":"none"}`)
	f.Add(`{"raw_b64":"!!","expect":"block"}`)
	f.Fuzz(func(t *testing.T, s string) {
		lines, err := ReadFields(strings.NewReader(s))
		if err != nil {
			return
		}
		for _, l := range lines {
			assert.Contains(t, []string{"allow", "block"}, l.Expect)
			_, _ = l.Input([]byte(testBase)) // never panics
		}
	})
}
