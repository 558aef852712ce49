package checker

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/guard"
)

// noopChecker is a Checker whose guard detectors find nothing: what it
// accepts depends only on the checker's own rules.
func noopChecker(t testing.TB) *Checker {
	none := func(string) []guard.Finding { return nil }
	c, err := New(withScanner(&scanner{normalize: func(s string) string { return s }, instructions: none, secrets: none, urls: none, exfiltration: none}))
	require.NoError(t, err)
	return c
}

// decodeInputs are conforming and near-conforming responses, many with
// escaped strings (json.Marshal escapes <, > and &).
func decodeInputs(t testing.TB) [][]byte {
	out := seedInputs(t)
	out = append(out, typicalResponse(t), maxResponse(t))
	out = append(out,
		[]byte(`{"role":"guru","summary":"a\u00fcb \"q\" \\ \/ \t","repo_facts":["x\u0041y","plain"],"open_questions":["why\u003f"],`+
			`"internet_facts":[{"source":"https:\/\/go.dev\/doc","retrieved_at":"2026-05-01T12:00:00Z","claims":["c1","c\u00e92"],"confidence":"low"},`+
			`{"source":"doi:10.1000/182","retrieved_at":"2026-05-01T12:00:00Z","claims":["only"],"confidence":"high"}],`+
			`"mcp_requests":[{"mcp":"docs-search","purpose":"p\ud83d\ude00","query":"q","context_refs":["file:a\/b.go#L1-L2","file:c.go#L3"]},`+
			`{"mcp":"wiki","purpose":"p2","query":"q2"}]}`),
		[]byte(`{"role":"guru","summary":"s","repo_facts":[],"open_questions":[],"internet_facts":[],"mcp_requests":[]}`),
		[]byte(`{"summary":"s","role":"guru","mcp_requests":[{"context_refs":[],"query":"q","purpose":"p","mcp":"m"}]}`),
	)
	return out
}

// The Response the checker builds (substrings of one copy of the input,
// escaped texts sharing one string, every []string carved from one
// backing array) equals what encoding/json decodes, nil and empty slices
// included.
func TestResponseMatchesEncodingJSON(t *testing.T) {
	c := noopChecker(t)
	accepted := 0
	for _, raw := range decodeInputs(t) {
		if responseMatchesJSON(t, c, raw) {
			accepted++
		}
	}
	require.Greater(t, accepted, 100)
}

func responseMatchesJSON(t *testing.T, c *Checker, raw []byte) bool {
	t.Helper()
	resp, err := c.Validate(raw)
	if err != nil {
		return false
	}
	var want Response
	require.NoError(t, json.Unmarshal(raw, &want), "%q", raw)
	require.Equal(t, &want, resp, "%q", raw)
	return true
}

// The slices of a Response are independent: appending to one never
// changes another, although they share a backing array.
func TestResponseSlicesIndependent(t *testing.T) {
	c := noopChecker(t)
	resp, err := c.Validate(typicalResponse(t))
	require.NoError(t, err)
	var before Response
	b, err := json.Marshal(resp)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &before))
	resp.RepoFacts = append(resp.RepoFacts, "x")
	resp.InternetFacts[0].Claims = append(resp.InternetFacts[0].Claims, "y")
	resp.InternetFacts[1].Claims = append(resp.InternetFacts[1].Claims, "z")
	resp.OpenQuestions = append(resp.OpenQuestions, "w?")
	resp.MCPRequests[0].ContextRefs = append(resp.MCPRequests[0].ContextRefs, "v")
	assert.Equal(t, append(before.RepoFacts, "x"), resp.RepoFacts)
	assert.Equal(t, append(before.InternetFacts[0].Claims, "y"), resp.InternetFacts[0].Claims)
	assert.Equal(t, append(before.InternetFacts[1].Claims, "z"), resp.InternetFacts[1].Claims)
	assert.Equal(t, append(before.OpenQuestions, "w?"), resp.OpenQuestions)
	assert.Equal(t, append(before.MCPRequests[0].ContextRefs, "v"), resp.MCPRequests[0].ContextRefs)
}

// FuzzResponseDecode holds the Response building to encoding/json on any
// input the checker accepts.
func FuzzResponseDecode(f *testing.F) {
	for _, s := range decodeInputs(f) {
		f.Add(s)
	}
	c := noopChecker(f)
	f.Fuzz(func(t *testing.T, raw []byte) {
		responseMatchesJSON(t, c, raw)
	})
}

// checkSourceSlow is checkSource's url.Parse path alone.
func checkSourceSlow(s string) (host string, ok bool) {
	if !strings.Contains(s, "://") {
		return "", false
	}
	u, err := url.Parse(s)
	if err != nil || strings.ContainsAny(s, " \t\r\n") || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || u.Hostname() == "" || u.User != nil {
		return "", false
	}
	return u.Hostname(), true
}

func plainURLAgrees(t *testing.T, s string) {
	t.Helper()
	host, ok := plainHTTPURL(s)
	if !ok {
		return
	}
	want, wantOK := checkSourceSlow(s)
	if !wantOK || want != host {
		t.Fatalf("plainHTTPURL(%q) = %q, but url.Parse gives %q, %v", s, host, want, wantOK)
	}
}

func TestPlainHTTPURL(t *testing.T) {
	in := []string{
		"https://go.dev", "https://go.dev/", "http://Go.Dev./x?y#z", "https://a-b.c/p/a@b:c/?q=1&r=%#f#g",
		"https://datatracker.ietf.org/doc/html/rfc6749#section-1.5", "https://toml.io/en/v1.0.0#section-3",
		"https://host?x", "https://host#x", "https:///x", "https://", "https://a b", "https://a/b c",
		"https://user@host/", "https://host:443/", "https://[::1]/", "https://host/%zz", "HTTPS://host/",
		"https://h\u00e9/", "https://h/\u00e9", "https://h/\x7f", "https://h/\t", "javascript://x", "ftp://h/",
	}
	for _, l := range readCorpus(t, "fields.jsonl") {
		in = append(in, l.Text)
	}
	n := 0
	for _, s := range in {
		plainURLAgrees(t, s)
		if _, ok := plainHTTPURL(s); ok {
			n++
		}
	}
	assert.Greater(t, n, 5)
	for _, s := range []string{"https://user@host/", "https://host:443/", "https://[::1]/", "https://host/%41", "https://a b", "https:///x", "HTTPS://host/"} {
		_, ok := plainHTTPURL(s)
		assert.False(t, ok, s)
	}
}

func FuzzPlainHTTPURL(f *testing.F) {
	for _, s := range []string{"https://go.dev/x?y#z", "http://a.b", "https://a@b", "https://a:1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { plainURLAgrees(t, s) })
}

// The context-reference check without strings.Split agrees with the
// straightforward one.
func TestValidContextRefSegments(t *testing.T) {
	slow := func(s string) bool {
		rest, ok := strings.CutPrefix(s, "file:")
		if !ok {
			return false
		}
		i := strings.LastIndex(rest, "#L")
		if i <= 0 {
			return false
		}
		path := rest[:i]
		if strings.HasPrefix(path, "/") || strings.HasSuffix(path, "/") || strings.ContainsAny(path, "\\?#% \t") {
			return false
		}
		for _, seg := range strings.Split(path, "/") {
			if seg == "" || seg == "." || seg == ".." {
				return false
			}
			for _, r := range seg {
				if r < 0x20 || r == 0x7f {
					return false
				}
			}
		}
		return true
	}
	for _, p := range []string{"a", "a/b", "a//b", "./a", "a/./b", "a/../b", "..", ".", "a/.b", "a/b..", "a\x01b", "a\x7f", "\u00e9/\u00e9", "a\xff/b"} {
		s := "file:" + p + "#L1"
		assert.Equal(t, slow(s), validContextRef(s), "%q", s)
	}
}

// quoteSlow is quote as it was written first, with strings.Fields, a
// Builder and strconv.Quote.
func quoteSlow(s string, start, end int) string {
	if start < 0 || end > len(s) || start >= end {
		return ""
	}
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(s[start:end]) {
		if utf8.RuneCountInString(w) > 24 {
			w = "…"
		}
		for _, r := range w {
			if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == utf8.RuneError {
				continue
			}
			if n == 48 {
				b.WriteString("…")
				return strconv.Quote(b.String())
			}
			b.WriteRune(r)
			n++
		}
		if n < 48 {
			b.WriteByte(' ')
			n++
		}
	}
	return strconv.Quote(strings.TrimSpace(b.String()))
}

func quoteAgrees(t *testing.T, s string, start, end int) {
	t.Helper()
	if got, want := quote(s, start, end), quoteSlow(s, start, end); got != want {
		t.Fatalf("quote(%q, %d, %d) = %s, want %s", s, start, end, got, want)
	}
}

func TestQuoteMatchesStrconv(t *testing.T) {
	texts := append(corpusTexts(t),
		"say \"hi\" it's", "a\u2028b\u00adc\u200bd", "\x00\x7f\u0085 x", "bad \xff\xfe utf8 \xc3", "\U0010ffff \U000e0001 \ufeff",
		strings.Repeat("\u00e9", 30), strings.Repeat("ab ", 40), strings.Repeat("\u2029x ", 30), " lead", "\t\n",
	)
	r := newRand(3)
	for _, s := range texts {
		quoteAgrees(t, s, 0, len(s))
		for range 3 {
			a, b := r.Intn(len(s)+1), r.Intn(len(s)+2)
			quoteAgrees(t, s, a, b)
		}
	}
}

func FuzzQuote(f *testing.F) {
	f.Add("Run the tests now", 0, 13)
	f.Add("say \"it's\" \u2028 \xff", 0, 20)
	f.Add("a\\b \x01~\x7f `|` \t$HOME", 0, 24)
	f.Fuzz(func(t *testing.T, s string, start, end int) { quoteAgrees(t, s, start, end) })
}

// atoi agrees with strconv.Atoi.
func TestAtoi(t *testing.T) {
	for _, s := range []string{"", "0", "7", "42", "-3", "+5", "-", "+", "007", "1a", "summary", "9223372036854775807",
		"9223372036854775808", "-9223372036854775808", "123456789012345678", "1234567890123456789", "\u0661"} {
		n, err := strconv.Atoi(s)
		m, ok := atoi(s)
		assert.Equal(t, err == nil, ok, s)
		if ok {
			assert.Equal(t, n, m, s)
		}
	}
}

// partition splits violations like the filtering loops it replaced.
func TestPartition(t *testing.T) {
	r := newRand(4)
	ids := []string{RuleImperative, RuleModal, RuleMarkdown, RuleSecret, RuleQuestion}
	for range 2000 {
		sev := map[string]severity{}
		for _, id := range ids {
			if k := r.Intn(3); k > 0 {
				sev[id] = severity(k)
			}
		}
		vs := make([]Violation, r.Intn(12))
		for i := range vs {
			vs[i] = Violation{Rule: ids[r.Intn(len(ids))], Path: "/repo_facts/" + strconv.Itoa(r.Intn(4)), Message: strconv.Itoa(r.Intn(3))}
		}
		var blocking, warnings []Violation
		for _, v := range vs {
			switch sev[v.Rule] {
			case block:
				blocking = append(blocking, v)
			case warn:
				warnings = append(warnings, v)
			}
		}
		nb, nw := partition(vs, sev)
		require.ElementsMatch(t, blocking, vs[:nb])
		require.ElementsMatch(t, warnings, vs[nb:nb+nw])
		if len(blocking) > 0 {
			require.Equal(t, mergeViolations(slices.Clone(blocking), nil), mergeViolations(vs[:nb], nil))
		}
		if len(warnings) > 0 {
			require.Equal(t, mergeViolations(slices.Clone(warnings), nil), mergeViolations(vs[nb:nb+nw], nil))
		}
	}
}

// TestMergeRuns checks mergeViolations on violations with runs of
// identical ones (mergeRuns) against sorting and merging them one by one.
func TestMergeRuns(t *testing.T) {
	r := newRand(11)
	paths := []string{"/summary", "/repo_facts/0", "/repo_facts/1", "/repo_facts/01", "/internet_facts/0/claims/0", "/x", ""}
	rules := []string{RuleImperative, RuleCommand, RuleSecret}
	msgs := []string{"a", "b", "a \"pat.\"", ""}
	rank := map[string]int{"summary": 0, "repo_facts": 1, "internet_facts": 2}
	for range 3000 {
		var vs []Violation
		for range 1 + r.Intn(30) {
			v := Violation{Rule: rules[r.Intn(len(rules))], Path: paths[r.Intn(len(paths))], Message: msgs[r.Intn(len(msgs))]}
			for range 1 + r.Intn(3) {
				vs = append(vs, v)
			}
		}
		want := slices.Clone(vs)
		sortViolations(want, rank)
		var merged []Violation
		for i := 0; i < len(want); {
			j := i + 1
			for j < len(want) && want[j].Rule == want[i].Rule && want[j].Path == want[i].Path {
				j++
			}
			v := want[i]
			if j-i > 1 {
				v.Message += fmt.Sprintf(" (and %d more)", j-i-1)
			}
			merged = append(merged, v)
			i = j
		}
		require.Equal(t, merged, mergeViolations(slices.Clone(vs), rank))
	}
}
