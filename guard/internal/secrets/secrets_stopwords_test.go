package secrets

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/zricethezav/gitleaks/v8/config"
)

// stopWordPairs returns, for every allowlist of the engine that has stop
// words, gitleaks' own Allowlist holding the same words (with its trie)
// and the stopWords gitleaksConfig built for it.
func stopWordPairs(t testing.TB) ([]*config.Allowlist, []*stopWords) {
	e, err := loadSecretEngine()
	require.NoError(t, err)
	require.NotEmpty(t, e.stops, "gitleaks' default rules have stop words")
	var refs []*config.Allowlist
	var ours []*stopWords
	for a, sw := range e.stops {
		ref := &config.Allowlist{StopWords: slices.Clone(a.StopWords)}
		require.NoError(t, ref.Validate())
		refs, ours = append(refs, ref), append(ours, sw)
	}
	return refs, ours
}

func TestStopWordsMatchGitleaks(t *testing.T) {
	refs, ours := stopWordPairs(t)
	for i, ref := range refs {
		var inputs []string
		for _, w := range ref.StopWords {
			inputs = append(inputs, w, strings.ToUpper(w), "xx"+w+"yy", w[:len(w)-1], w[1:])
		}
		inputs = append(inputs, "", "a", "sk_live_4eC39HqLyjWDarjtT1zdp7dc", "AKIAIOSFODNN7EXAMPLE", "ghp_"+strings.Repeat("a1", 18), "İstanbul-KEY")
		for _, in := range inputs {
			want, _ := ref.ContainsStopWord(in)
			assert.Equal(t, want, ours[i].contains(in), "allowlist %d, %q", i, in)
		}
	}
	// Every default stop word is found, in any case.
	for i, ref := range refs {
		for _, w := range ref.StopWords {
			assert.True(t, ours[i].contains(strings.ToUpper(w)), "allowlist %d, %q", i, w)
		}
	}
}

func TestStopWordsEdges(t *testing.T) {
	sw := newStopWords([]string{"Example", "x", "", "example"})
	assert.True(t, sw.contains("my-EXAMPLE-key"))
	assert.True(t, sw.contains("abx"))
	assert.False(t, sw.contains("abc"))
	assert.False(t, sw.contains(""))
	var none *stopWords
	assert.False(t, none.contains("example"), "a nil set holds no words")
}

func FuzzStopWords(f *testing.F) {
	for _, s := range []string{"example", "sk_test_EXAMPLEKEY", "\xff\xfe", "ſecret", "İ"} {
		f.Add(s)
	}
	refs, ours := stopWordPairs(f)
	f.Fuzz(func(t *testing.T, s string) {
		for i, ref := range refs {
			want, _ := ref.ContainsStopWord(s)
			if got := ours[i].contains(s); got != want {
				t.Fatalf("allowlist %d on %q: got %v, gitleaks %v", i, s, got, want)
			}
		}
	})
}
