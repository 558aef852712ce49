package checker

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/guard"
	"golang.org/x/text/unicode/norm"
)

// stubScanner is a test double for package guard's detectors. It reports
// findings only for explicit markers, so the checker's wiring (rule
// mapping, paths, URL placement, severities, secrecy of messages) can be
// tested independently of the real detectors' judgement.
func stubScanner() *scanner {
	marker := func(m, rule string) func(string) []guard.Finding {
		return func(s string) []guard.Finding {
			var out []guard.Finding
			for off := 0; ; {
				i := strings.Index(s[off:], m)
				if i < 0 {
					return out
				}
				out = append(out, guard.Finding{Rule: rule, Start: off + i, End: off + i + len(m), Excerpt: m})
				off += i + len(m)
			}
		}
	}
	urlRE := regexp.MustCompile(`(?i)(https?|data|javascript)://?[^\s]+`)
	secretRE := regexp.MustCompile(`TESTSECRET[0-9A-Z]{8}`)
	find := func(re *regexp.Regexp, rule string, keep func(string) bool) func(string) []guard.Finding {
		return func(s string) []guard.Finding {
			var out []guard.Finding
			for _, m := range re.FindAllStringIndex(s, -1) {
				if keep == nil || keep(s[m[0]:m[1]]) {
					out = append(out, guard.Finding{Rule: rule, Start: m[0], End: m[1], Excerpt: "[redacted]"})
				}
			}
			return out
		}
	}
	instr := []func(string) []guard.Finding{
		marker("IMPERATIVE", "instruction.imperative"),
		marker("MODAL", "instruction.modal"),
		marker("INJECTION", "injection"),
	}
	exfil := []func(string) []guard.Finding{
		find(urlRE, "exfil.url", func(u string) bool {
			return strings.Contains(u, "?d=") || !strings.HasPrefix(strings.ToLower(u), "http")
		}),
		marker("SEND-ME-KEYS", "exfil.request"),
	}
	join := func(fs []func(string) []guard.Finding) func(string) []guard.Finding {
		return func(s string) []guard.Finding {
			var out []guard.Finding
			for _, f := range fs {
				out = append(out, f(s)...)
			}
			return out
		}
	}
	return &scanner{
		normalize:    func(s string) string { return strings.ToLower(norm.NFKC.String(s)) },
		instructions: join(instr),
		secrets:      find(secretRE, "secret.test-rule", nil),
		urls:         find(urlRE, "url", nil),
		exfiltration: join(exfil),
	}
}

func newStub(t testing.TB, opts ...Option) *Checker {
	t.Helper()
	c, err := New(append([]Option{withScanner(stubScanner())}, opts...)...)
	require.NoError(t, err)
	return c
}

// base returns the corpus base response as a generic value.
func base(t testing.TB) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "corpus", "base.json"))
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	return m
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

// withField returns base with one string set as the corpus README says.
func withField(t testing.TB, field, text string) []byte {
	t.Helper()
	m := base(t)
	fact := m["internet_facts"].([]any)[0].(map[string]any)
	req := m["mcp_requests"].([]any)[0].(map[string]any)
	switch field {
	case "summary":
		m["summary"] = text
	case "repo_facts":
		m["repo_facts"] = []any{text}
	case "open_questions":
		m["open_questions"] = []any{text}
	case "internet_facts.claims":
		fact["claims"] = []any{text}
	case "internet_facts.source":
		fact["source"] = text
	case "mcp_requests.purpose":
		req["purpose"] = text
	case "mcp_requests.query":
		req["query"] = text
	case "mcp_requests.mcp":
		req["mcp"] = text
	case "mcp_requests.context_refs":
		req["context_refs"] = []any{text}
	default:
		t.Fatalf("unknown field %q", field)
	}
	return mustJSON(t, m)
}

type corpusLine struct {
	ID     string `json:"id"`
	Field  string `json:"field"`
	Text   string `json:"text"`
	Raw    string `json:"raw"`
	RawB64 string `json:"raw_b64"`
	Expect string `json:"expect"`
	Rule   string `json:"rule"`
	Note   string `json:"note"`
}

// input is the bytes a raw.jsonl line stands for.
func (l corpusLine) input(t testing.TB) []byte {
	if l.RawB64 != "" {
		b, err := base64.StdEncoding.DecodeString(l.RawB64)
		require.NoError(t, err)
		return b
	}
	return []byte(l.Raw)
}

func readCorpus(t testing.TB, name string) []corpusLine {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "corpus", name))
	require.NoError(t, err)
	defer f.Close()
	var out []corpusLine
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l corpusLine
		require.NoError(t, json.Unmarshal(sc.Bytes(), &l))
		out = append(out, l)
	}
	require.NoError(t, sc.Err())
	return out
}

func rulesOf(err error) []string {
	var rej *Rejection
	if !errorsAs(err, &rej) {
		return nil
	}
	return rej.Rules()
}

func newRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed)) }
