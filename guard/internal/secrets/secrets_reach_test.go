package secrets

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/internal/crafted"
)

// The checks of secrets_reach.go drop anchor occurrences; dropping one
// that a match goes through would lose a finding. These tests compare the
// windowed search with the full scan on the texts those checks are for:
// keywords repeated glued and separated, and gitleaks' own true
// positives embedded among such repetitions, on one line and several.

// craftedSecretTexts returns, for every rule, short texts that mix its
// true positives with repetitions of its keywords.
func craftedSecretTexts(t testing.TB) []string {
	rng := rand.New(rand.NewPCG(17, 6))
	var out []string
	seps := []string{"", " ", "=", ": ", "\n", "\"", "-", "_", "\\n", "."}
	cases := loadGitleaksCases(t)
	e, err := loadSecretEngine()
	require.NoError(t, err)
	keywords := map[string][]string{}
	for _, r := range e.rules {
		keywords[r.RuleID] = r.Keywords
	}
	for _, kw := range crafted.SecretKeywords() {
		for _, sep := range seps {
			out = append(out, crafted.Repeat(kw+sep, 160))
		}
	}
	for _, c := range cases {
		for k, tp := range c.TPs {
			if k == 3 {
				break
			}
			kw := "key"
			if kws := keywords[c.Rule]; len(kws) > 0 {
				kw = kws[rng.IntN(len(kws))]
			}
			sep := seps[rng.IntN(len(seps))]
			pad := crafted.Repeat(kw+sep, 20+rng.IntN(100))
			variants := []string{pad + tp, tp + pad, pad + tp + pad, tp + sep + tp, pad + "\n" + tp + "\n" + pad}
			rng.Shuffle(len(variants), func(i, j int) { variants[i], variants[j] = variants[j], variants[i] })
			out = append(out, variants[:2]...)
			// the match across lines: a line break (escaped or not) at
			// the first space, and at a random place
			for _, cut := range []int{strings.IndexByte(tp, ' ') + 1, rng.IntN(len(tp) + 1)} {
				out = append(out, tp[:cut]+"\\\n"+tp[cut:]+sep+pad, pad+tp[:cut]+"\n"+tp[cut:],
					tp[:cut]+" \\\n# "+pad+" \\\n#  "+tp[cut:])
			}
		}
	}
	return out
}

// checkFastRegexp compares findAll with FindAllStringIndex on s for every
// rule gitleaks would run on it (of the strict and loose engines).
func checkFastRegexp(t testing.TB, e *secretEngine, s string) {
	lower := strings.ToLower(s)
	for _, eng := range []*secretEngine{e, e.loose} {
		for _, r := range eng.rules {
			if !anyKeyword(lower, r.Keywords) {
				continue
			}
			f := r.fast.ready()
			want := f.re.FindAllStringIndex(s, -1)
			got := f.findAll(s, asciiLower(s), hasFoldRunes(s))
			if len(want) == 0 && len(got) == 0 {
				continue
			}
			require.Equal(t, want, got, "rule %s on %.120q", r.RuleID, s)
		}
	}
}

// TestFastRegexpCrafted compares the windowed search with the full scan
// on crafted texts (see craftedSecretTexts).
func TestFastRegexpCrafted(t *testing.T) {
	e, err := loadSecretEngine()
	require.NoError(t, err)
	for _, s := range raceSample(craftedSecretTexts(t)) {
		checkFastRegexp(t, e, s)
	}
}

// FuzzFastRegexp compares the windowed search with the full scan.
func FuzzFastRegexp(f *testing.F) {
	for _, s := range []string{
		"curl -X POST \\\n -H 'Authorization: Basic YXBpOmtleS1hN2Mz' https://x", "key=key=key=abcdefghijklmnop ",
		"#curl -X POST \\\n#  https://api.example.net/v3/messages \\\n#  -H 'Authorization: Basic YXBpOmtleS1hN2MzNDJ3MzNhNWQxLTU2M2U3MjlwLTZhYjI3YzYzNzM0Ng==' \\\n#  -F to='joe@example.com'",
		"eyJrIjoieyJrIjoi", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
		"glpat-glpat-glpat-aaaaaaaaaaaaaaaaaaaa ", "mailchimp: 0123456789abcdef0123456789abcdef-us12",
	} {
		f.Add(s)
	}
	e, err := loadSecretEngine()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkFastRegexp(t, e, s[:min(len(s), 2048)])
	})
}

// TestSecondaryMayStart checks that secondaryCheck.mayStart lets through
// every position where one of its literals starts.
func TestSecondaryMayStart(t *testing.T) {
	e, err := loadSecretEngine()
	require.NoError(t, err)
	texts := craftedSecretTexts(t)
	checked := 0
	for _, eng := range []*secretEngine{e, e.loose} {
		for _, r := range eng.rules {
			c := r.fast.ready().second
			if c == nil {
				continue
			}
			checked++
			lits := strings.Join(c.lits, "|")
			for _, s := range append(texts[:min(len(texts), 200):min(len(texts), 200)], lits, " "+lits+" ", "\t"+lits) {
				lower := asciiLower(s)
				for i := range len(lower) {
					if hasAnyPrefix(lower[i:], c.lits) {
						require.True(t, c.mayStart(lower, i), "rule %s at %d of %.80q", r.RuleID, i, s)
					}
				}
			}
		}
	}
	require.NotZero(t, checked)
}
