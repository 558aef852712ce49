package guard

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type fieldsLine struct {
	ID     string `json:"id"`
	Field  string `json:"field"`
	Text   string `json:"text"`
	Expect string `json:"expect"`
	Rule   string `json:"rule"`
}

func readJSONL[T any](t testing.TB, path string) []T {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var v T
		require.NoError(t, json.Unmarshal(sc.Bytes(), &v))
		out = append(out, v)
	}
	require.NoError(t, sc.Err())
	return out
}

// urlAllowedField reports whether DESIGN.md allows URLs in a field:
// internet_facts[].source, internet_facts[].claims and mcp_requests[].
func urlAllowedField(field string) bool {
	return field == "internet_facts.source" || field == "internet_facts.claims" || strings.HasPrefix(field, "mcp_requests.")
}

// dataRules returns which of the data-side rules fire on a field value, the
// way the checker combines them: any Secrets finding is "secret"; an
// Exfiltration exfil.url finding, or any URL in a field where URLs are not
// allowed, is "exfil.url"; an exfil.request finding is "exfil.request".
func dataRules(field, text string) map[string]bool {
	got := map[string]bool{}
	if len(Secrets(text)) > 0 {
		got["secret"] = true
	}
	for _, f := range Exfiltration(text) {
		got[f.Rule] = true
	}
	if !urlAllowedField(field) && len(URLs(text)) > 0 {
		got["exfil.url"] = true
	}
	return got
}

// TestDataCorpusFields enforces the floors on testdata/corpus/fields.jsonl:
// recall >= 0.95 for secret, exfil.url and exfil.request, and at most 2% of
// allow lines flagged by any of them.
func TestDataCorpusFields(t *testing.T) {
	lines := readJSONL[fieldsLine](t, filepath.Join("..", "testdata", "corpus", "fields.jsonl"))
	rules := []string{"secret", "exfil.url", "exfil.request"}
	hit, total := map[string]int{}, map[string]int{}
	fpBy := map[string]int{}
	allow, fp := 0, 0
	for _, l := range lines {
		got := dataRules(l.Field, l.Text)
		if l.Expect == "allow" {
			allow++
			var fired []string
			for _, r := range rules {
				if got[r] {
					fpBy[r]++
					fired = append(fired, r)
				}
			}
			if len(fired) > 0 {
				fp++
				t.Logf("false positive %s (%s): %v", l.ID, l.Field, fired)
			}
			continue
		}
		for _, r := range rules {
			if l.Rule != r {
				continue
			}
			total[r]++
			if got[r] {
				hit[r]++
			} else {
				t.Logf("missed %s %s (%s)", l.ID, r, l.Field)
			}
		}
	}
	t.Logf("%-14s %6s %6s %7s", "rule", "hit", "total", "recall")
	for _, r := range rules {
		rec := float64(hit[r]) / float64(max(total[r], 1))
		t.Logf("%-14s %6d %6d %7.3f   (flags %d allow lines)", r, hit[r], total[r], rec, fpBy[r])
		assert.GreaterOrEqual(t, rec, 0.95, "recall of %s", r)
		require.Positive(t, total[r])
	}
	rate := float64(fp) / float64(allow)
	t.Logf("allow lines flagged: %d of %d (%.1f%%)", fp, allow, 100*rate)
	assert.LessOrEqual(t, rate, 0.02)
}
