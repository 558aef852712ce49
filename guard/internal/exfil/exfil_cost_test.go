package exfil

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/guard/internal/normalize"
	"github.com/wardline/wardline/internal/mdcost"
)

// The exfil.request judgement reads each sentence once however many
// verbs and objects it holds (issue 17). These tests compare the
// one-pass forms with the per-verb and per-pair forms they replace.

// negationPieces are what the random sentences are made of: negators,
// verbs, objects, white space of every kind, multi-byte runes (some
// cut by a verb position) and invalid bytes.
var negationPieces = []string{
	"never", "not", "do", "don't", "must", "no", "one", "avoid", "without", "send", "share", "key", "your", "the",
	" ", " ", "  ", "\t", "\n", "\u00a0", "\u2003", "\u3000", "\u0085", "é", "über", "\u2028", "\xe2\x80", "\xff", ",",
}

func randomSentence(rng *rand.Rand) string {
	var b strings.Builder
	for range 1 + rng.IntN(12) {
		b.WriteString(negationPieces[rng.IntN(len(negationPieces))])
	}
	return b.String()
}

// randomVerbSpans returns up to n spans at increasing starts in s, at any
// byte (also inside a rune).
func randomVerbSpans(rng *rand.Rand, s string, n int) [][2]int {
	if s == "" {
		return nil
	}
	var starts []int
	for range n {
		starts = append(starts, rng.IntN(len(s)))
	}
	slices.Sort(starts)
	starts = slices.Compact(starts)
	out := make([][2]int, len(starts))
	for i, a := range starts {
		out[i] = [2]int{a, min(len(s), a+1+rng.IntN(5))}
	}
	return out
}

func checkNotNegated(t testing.TB, s string, verbs [][2]int) {
	t.Helper()
	want := notNegatedRef(s, verbs)
	got := notNegated(nil, s, verbs)
	if len(want) == 0 {
		want = nil
	}
	require.Equal(t, want, got, "%q %v", s, verbs)
}

// TestNotNegatedMatchesRef compares notNegated with the reference, which
// splits the text before each verb anew.
func TestNotNegatedMatchesRef(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 2))
	for range 50000 {
		s := randomSentence(rng)
		checkNotNegated(t, s, randomVerbSpans(rng, s, 1+rng.IntN(6)))
	}
}

// FuzzNotNegated checks notNegated against the reference.
func FuzzNotNegated(f *testing.F) {
	for _, s := range []string{"never send your key", "do not share it", "über\u00a0not send", "\xe2\x80 not\u2003x"} {
		f.Add(s, uint64(0x0102030405))
	}
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		rng := rand.New(rand.NewPCG(seed, 17))
		checkNotNegated(t, s, randomVerbSpans(rng, s, 8))
	})
}

// TestNearSpansMatchesPairs compares nearSpans with the test of every
// pair, on span sets large enough for its binary searches.
func TestNearSpansMatchesPairs(t *testing.T) {
	pairs := func(verbs, objs [][2]int) bool {
		for _, v := range verbs {
			for _, o := range objs {
				if o[0]-v[1] <= maxRequestGap && v[0]-o[1] <= maxRequestGap && (o[0] >= v[1] || v[0] >= o[1]) {
					return true
				}
			}
		}
		return false
	}
	spans := func(rng *rand.Rand, n, width int) [][2]int {
		var out [][2]int
		for p := rng.IntN(width); len(out) < n && p < 4000; p += 1 + rng.IntN(width) {
			out = append(out, [2]int{p, p + 1 + rng.IntN(30)})
		}
		return out
	}
	rng := rand.New(rand.NewPCG(17, 3))
	var near int
	for range 20000 {
		verbs, objs := spans(rng, 1+rng.IntN(20), 1+rng.IntN(400)), spans(rng, 1+rng.IntN(20), 1+rng.IntN(400))
		want := pairs(verbs, objs)
		require.Equal(t, want, nearSpans(verbs, objs), "%v %v", verbs, objs)
		if want {
			near++
		}
	}
	require.Greater(t, near, 1000)
	require.Less(t, near, 19000)
}

// TestMarkdownCostBound checks that mdcost.TooCostly lets every text of
// the test corpus (and of the public benchmark sets when
// WARDLINE_BENCHMARKS is set) that may hold an image through to the
// parser, and stops the
// shapes that make goldmark's cost grow with the square of the text.
func TestMarkdownCostBound(t *testing.T) {
	var n int
	for _, s := range equivTexts(t) {
		u, _ := normalize.Unhide(s)
		if strings.Contains(u, "![") || containsFold(u, "<im") {
			// (the parser runs only then)
			n++
			require.False(t, mdcost.TooCostly(u), "%.200q", u)
		}
	}
	require.Greater(t, n, 20)
	size := 64 << 10
	for _, s := range []string{
		strings.Repeat("![a](", size/5),
		strings.Repeat("![a](<b", size/7),
		"![x] " + strings.Repeat("[a](", size/4),
		"![x] " + strings.Repeat("[", size/2) + strings.Repeat("]", size/2),
		"![x] " + strings.Repeat("\\\\[", size/6) + strings.Repeat("]", size/2),
		"![x] " + strings.Repeat("[a", size/4) + strings.Repeat("]", size/2),
	} {
		require.True(t, mdcost.TooCostly(s), "%.40q", s)
		got := Exfiltration(s)
		require.Len(t, got, 1, "%.40q", s)
		require.Equal(t, RuleExfilURL, got[0].Rule)
		require.Contains(t, got[0].Excerpt, "too costly")
	}
}

// TestShortURLsCarryNoPayload checks URLPayload's shortcut: urlParts finds
// no payload in any URL of at most maxPlainURL bytes without "@",
// whatever its escapes, runs and parts.
func TestShortURLsCarryNoPayload(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	alpha := []string{"a", "Z", "9", "+", "/", "=", "-", "_", ".", ":", "?", "#", "&", "%", "%2F", "%41", "%zz", "é", " ", "[", "]", "\\", "x", "0", "f"}
	n := 0
	for range 300000 {
		var b strings.Builder
		for b.Len() < maxPlainURL {
			tok := alpha[r.IntN(len(alpha))]
			if r.IntN(3) == 0 {
				tok = strings.Repeat("Ab9", r.IntN(9))
			}
			if b.Len()+len(tok) > maxPlainURL {
				break
			}
			b.WriteString(tok)
		}
		raw := b.String()
		for _, scheme := range []string{"", "http", "https"} {
			n++
			require.Empty(t, urlParts(raw, scheme), "%q (scheme %q)", raw, scheme)
		}
	}
	require.Greater(t, n, 100000)
	// A longer URL with an encoded run is one.
	require.NotEmpty(t, urlParts("a.com/aGVsbG8gd29ybGQgdGhpcyBpcyBhIHRlc3Q", ""))
}

// TestTooCostlyImageCoversEveryImage checks that the finding reported
// instead of parsing covers every image the parser finds in the same text
// without the costly line: skipping the parse hides no image.
func TestTooCostlyImageCoversEveryImage(t *testing.T) {
	head := "See ![a](https://x.example/a.png) here.\n\n"
	tail := "\n\nAnd <img src=\"https://y.example/b.png\"> there, ![c](https://z.example/c.png)."
	costly := strings.Repeat("![a](", 400)
	plain := Exfiltration(head + tail)
	require.Len(t, plain, 3)
	got := Exfiltration(head + costly + tail)
	require.Len(t, got, 1)
	require.Contains(t, got[0].Excerpt, "too costly")
	for _, f := range plain {
		a, z := f.Start, f.End
		if a >= len(head) {
			a, z = a+len(costly), z+len(costly)
		}
		assert.LessOrEqual(t, got[0].Start, a, "%v", f)
		assert.GreaterOrEqual(t, got[0].End, z, "%v", f)
	}
}
