package budget

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// encodings are tiktoken's byte-level BPE encodings whose exact counts
// testdata/counts.json records (see testdata/count_tokens.go).
var encodings = []string{"cl100k_base", "o200k_base", "p50k_base", "r50k_base"}

func calibration(t testing.TB) map[string]map[string]int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "counts.json"))
	require.NoError(t, err)
	var counts map[string]map[string]int
	require.NoError(t, json.Unmarshal(b, &counts))
	files, err := filepath.Glob(filepath.Join("testdata", "texts", "*"))
	require.NoError(t, err)
	require.Len(t, counts, len(files), "every text has its exact counts (regenerate counts.json)")
	return counts
}

// On every calibration text the estimate is at least the exact count of
// each encoding, and at most the text's length in bytes. Run with -v for
// the table of ratios.
func TestTokensNeverUnderCount(t *testing.T) {
	counts := calibration(t)
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range counts {
			if !yield(n) {
				return
			}
		}
	})
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-26s %7s %7s  %s\n", "text", "bytes", "Tokens", "Tokens / exact count per encoding")
	for _, name := range names {
		text, err := os.ReadFile(filepath.Join("testdata", "texts", name))
		require.NoError(t, err)
		est := Tokens(string(text))
		fmt.Fprintf(&b, "%-26s %7d %7d ", name, len(text), est)
		for _, enc := range encodings {
			exact, ok := counts[name][enc]
			require.True(t, ok, "%s: no %s count", name, enc)
			assert.GreaterOrEqual(t, est, exact, "%s: under-counts %s", name, enc)
			fmt.Fprintf(&b, " %s %.2f", enc[:4], float64(est)/float64(exact))
		}
		b.WriteByte('\n')
		assert.LessOrEqual(t, est, len(text))
	}
	t.Log(b.String())
}

// The estimate stays useful: on English prose, code and JSON it is within
// 2.2 times cl100k_base's count (its floor, r50k_base, already spends up
// to 1.6 times as many tokens on indented code).
func TestTokensUseful(t *testing.T) {
	counts := calibration(t)
	for _, name := range []string{"prose-readme.md", "prose-design.md", "go-contract.go.txt", "python.py.txt", "json-guru.json", "mcpguard-readme.md", "gate-rules.go.txt"} {
		text, err := os.ReadFile(filepath.Join("testdata", "texts", name))
		require.NoError(t, err)
		ratio := float64(Tokens(string(text))) / float64(counts[name]["cl100k_base"])
		assert.Less(t, ratio, 2.2, name)
	}
}

func TestTokensSmall(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want int
	}{
		{"", 0},
		{"a", 1},
		{"the", 1},
		{" the", 1},        // a space before a word is free
		{"the cat sat", 3}, // three common words
		{"getUserID", 3},   // get, User, ID
		{"HTTPServer", 5},  // HTTP (1, and 1.5 for the rare pair "tp"), Server (1, and 1 for four more letters)
		{"12345", 3},       // digit pairs
		{"a  b", 4},        // two spaces are not one before a word
		{"é", 2},           // UTF-8 bytes
		{"\xff\xfe", 2},    // invalid bytes: one each
		{"qxqxqxqx", 8},    // rare pairs, capped at one per letter
		{"pizzazz", 2},     // common pairs: one, and one for four more letters
		{"\n\n", 2},
	} {
		assert.Equal(t, tc.want, Tokens(tc.s), "%q", tc.s)
	}
}

// FuzzTokens: no panic, 0 only for "", never more than len(s), and cutting
// a text in two never makes the parts cheaper than a fifth of the whole
// (the estimate is built from runs, so it is close to additive).
func FuzzTokens(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "texts", "*"))
	require.NoError(f, err)
	for _, p := range files {
		b, err := os.ReadFile(p)
		require.NoError(f, err)
		f.Add(string(b[:min(len(b), 600)]), 100)
	}
	f.Fuzz(func(t *testing.T, s string, cut int) {
		n := Tokens(s)
		if n > len(s) || (n == 0) != (s == "") {
			t.Fatalf("Tokens(%q) = %d", s, n)
		}
		if len(s) == 0 {
			return
		}
		cut = (cut%len(s) + len(s)) % len(s)
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		if a, b := Tokens(s[:cut]), Tokens(s[cut:]); 5*(a+b) < n {
			t.Fatalf("parts %d+%d, whole %d", a, b, n)
		}
	})
}

func BenchmarkTokens(b *testing.B) {
	text, err := os.ReadFile(filepath.Join("testdata", "texts", "prose-readme.md"))
	require.NoError(b, err)
	s := string(text)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		_ = Tokens(s)
	}
}
