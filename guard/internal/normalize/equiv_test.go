package normalize

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// checkEquiv holds normalize on s, with and without offsets, to the
// reference passes (ref_test.go).
func checkEquiv(t *testing.T, s string) {
	t.Helper()
	want, wantOffs := refNormalize(s, true)
	got, gotOffs := normalize(s, true)
	if got != want || !slices.Equal(gotOffs, wantOffs) {
		t.Fatalf("normalize(%+q) = %+q %v, the reference %+q %v", s, got, gotOffs, want, wantOffs)
	}
	if plain, _ := normalize(s, false); plain != want {
		t.Fatalf("normalize(%+q) without offsets = %+q, the reference %+q", s, plain, want)
	}
}

// TestSmallFolds checks every two-byte rune alone and in the company
// that makes NFKC compose, decompose or reorder around it.
func TestSmallFolds(t *testing.T) {
	for r := rune(utf8.RuneSelf); r < smallRunes; r++ {
		c := string(r)
		for _, s := range []string{c, "A" + c, c + "\u0301", "e" + c + "x", "E" + c + "\u0323\u0301", " " + c + " ", c + c, "\u0435" + c} {
			checkEquiv(t, s)
		}
	}
}

// TestNoASCIISecondPart checks what pass's changed flag rests on: no
// canonical composition has an ASCII character as its second part, so an
// ASCII character never composes with what precedes it.
func TestNoASCIISecondPart(t *testing.T) {
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		d := norm.NFD.String(string(r))
		for i, c := range d {
			if i > 0 && c < utf8.RuneSelf {
				t.Fatalf("U+%04X decomposes to %+q, with an ASCII character after the first", r, d)
			}
		}
	}
}

// equivAlphabet are pieces that exercise every path of a pass: ASCII
// that Normalize rewrites, combining marks, characters NFKC composes,
// decomposes or reorders, confusables, invisible characters, spaces and
// line breaks of every kind, Hangul, and invalid bytes.
var equivAlphabet = []string{
	"a", "E", "w", "W", " ", "  ", "\t", "\r", "\n", "\r\n", "\x01", "\x7f", ".", "é", "e\u0301", "E\u0301",
	"\u0301", "\u0323", "\u030a", "\u0338", "<", "=", "\u0435", "\u0415", "\u0440", "\u0444", "\u03b1", "\u0391",
	"ﬁ", "Ｒ", "①", "\u200b", "\u00ad", "\u00a0", "\u3000", "\u2028", "\u0085", "\ufe0f", "\u034f", "ǅ", "\u0345",
	"\u1100", "\u1161", "\u11a8", "가", "\u0b47", "\u0b3e", "\u13a0", "\uab70", "ẘ", "ß", "İ", "\u212b", "\xff", "\xe2\x80",
	"日", "\U0001d400", "\U000e0041", "\u202e", "Å", "ω", "\u0344",
}

func TestNormalizeEquivRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 27))
	n := 200000
	if testing.Short() {
		n = 20000
	}
	var b strings.Builder
	for range n {
		b.Reset()
		for range 1 + rng.IntN(8) {
			b.WriteString(equivAlphabet[rng.IntN(len(equivAlphabet))])
		}
		checkEquiv(t, b.String())
	}
}

func FuzzNormalizeEquiv(f *testing.F) {
	for _, s := range equivAlphabet {
		f.Add(s + "x" + s)
	}
	f.Add("é. é. рф. ")
	f.Fuzz(func(t *testing.T, s string) { checkEquiv(t, s) })
}

// TestSmallStable checks StableNFKC against NFKC itself: on every rune
// of two bytes alone, after "e", and in every pair with a rune the table
// marks and with combining marks, a text StableNFKC accepts is one NFKC
// leaves as it is.
func TestSmallStable(t *testing.T) {
	var marked []string
	for r := rune(utf8.RuneSelf); r < smallRunes; r++ {
		if smallStable[r] {
			marked = append(marked, string(r))
		}
	}
	if len(marked) < 1000 {
		t.Fatalf("only %d runes marked stable", len(marked))
	}
	check := func(s string) {
		if StableNFKC(s) && !norm.NFKC.IsNormalString(s) {
			t.Fatalf("StableNFKC(%+q) but NFKC changes it to %+q", s, norm.NFKC.String(s))
		}
	}
	others := []string{"e", "A", " ", ".", "\u0301", "\u0323", "\u0345", "\u1161", "\u11a8", "ᄀ"}
	for r := rune(utf8.RuneSelf); r < smallRunes; r++ {
		c := string(r)
		check(c)
		for _, o := range others {
			check(o + c)
			check(c + o)
		}
		for _, m := range marked[:200] {
			check(m + c)
			check(c + m)
		}
	}
	for _, s := range []string{"é. é. ", "рф. рф.", "pф", "Ïñtërnâtiônàlizætiøn", "\xc3", "\xc3(", "\xe2\x80\x8b"} {
		check(s)
	}
	if !StableNFKC("é. рф. ωß") || StableNFKC("e\u0301") || StableNFKC("\xc3") || StableNFKC("日") {
		t.Fatal("StableNFKC's answers on plain cases changed")
	}
}
