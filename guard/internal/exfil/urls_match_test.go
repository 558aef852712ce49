package exfil

import (
	"math/rand/v2"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/guard/internal/normalize"
	"mvdan.cc/xurls/v2"
)

// xurlsExprs are the expressions urlScanner stands in for: the strict one
// with any scheme (as URLs uses it) and xurls' relaxed one.
var xurlsExprs = sync.OnceValues(func() (*regexp.Regexp, *regexp.Regexp) {
	strict, err := xurls.StrictMatchingScheme(xurls.AnyScheme + `|(?:javascript|vbscript|data|blob):`)
	if err != nil {
		panic(err)
	}
	return strict, xurls.Relaxed()
})

// xurlsMatches returns what the expressions find in t: the strict
// matches, and the relaxed ones with whether relaxedEmail took part.
func xurlsMatches(t string) ([][2]int, []relaxedMatch) {
	strict, relaxed := xurlsExprs()
	var sm [][2]int
	for _, m := range strict.FindAllStringIndex(t, -1) {
		sm = append(sm, [2]int{m[0], m[1]})
	}
	email := relaxed.SubexpIndex("relaxedEmail")
	var rm []relaxedMatch
	for _, m := range relaxed.FindAllStringSubmatchIndex(t, -1) {
		rm = append(rm, relaxedMatch{m[0], m[1], m[2*email] >= 0})
	}
	return sm, rm
}

// scannerMatches returns what urlScanner finds in t.
func scannerMatches(t string) ([][2]int, []relaxedMatch) {
	tb, ok := urlTablesOnce()
	if !ok {
		panic("no URL tables")
	}
	sc := getURLScanner(tb, t)
	defer sc.release()
	return sc.appendStrict(nil, 0), sc.appendRelaxed(nil, 0)
}

// checkURLMatcher fails when the scanner and the expressions disagree on t.
func checkURLMatcher(t testing.TB, s string) {
	t.Helper()
	ws, wr := xurlsMatches(s)
	gs, gr := scannerMatches(s)
	if !reflect.DeepEqual(ws, gs) {
		t.Fatalf("strict %q: xurls %v, scanner %v", s, ws, gs)
	}
	if !reflect.DeepEqual(wr, gr) {
		t.Fatalf("relaxed %q: xurls %v, scanner %v", s, wr, gr)
	}
}

// TestURLTables checks the classes read from xurls' expression against
// the ASCII members its source spells out.
func TestURLTables(t *testing.T) {
	tb, ok := urlTablesOnce()
	require.True(t, ok)
	const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	for c := range 128 {
		assert.Equal(t, strings.IndexByte(alnum+"-._~%!$&'*+,;=:@/?#\\", byte(c)) >= 0, tb.midASCII[c], "mid %q", c)
		assert.Equal(t, strings.IndexByte(alnum+"-_~%$&+=/#", byte(c)) >= 0, tb.endASCII[c], "end %q", c)
	}
	for _, r := range []rune{'¡', 0xE000, 0x10FFFD, 'é', '世'} {
		assert.True(t, tb.isMid(r), "%U", r)
	}
	assert.False(t, tb.isMid(0xFFFD))
	assert.False(t, tb.isEnd('‧'), "punctuation may not end a path")
	assert.True(t, tb.tldASCII["com"])
	assert.True(t, tb.tldASCII["i2p"])
	assert.True(t, tb.authSchemes["https"])
	assert.True(t, tb.strictNoAuth["javascript"])
}

// urlPieces are what the random texts are made of: pieces of every
// alternative of both expressions, and runes that fold onto ASCII.
var urlPieces = []string{
	"a", "Z", "x", "0", "1", "9", "25", "255", "256", "01", "://", ":", "//", "/", ".", "-", "+", "_", "~", "%",
	"!", "$", "&", "'", "*", ",", ";", "=", "@", "?", "#", "\\", "\"", "<", ">", "|", "^", "`", " ", "\n", "(",
	")", "[", "]", "{", "}", "http", "HTTPS", "mailto", "MailTo", "data", "file", "javascript", "tel", "xmpp",
	"ftp", "git+ssh", "www.", "www", "com", ".com", "co", "uk", "org", "i2p", "example", "localhost", "xn--",
	"xn--p1ai", "XN--", "рф", "москва", "ελ", "ΕΛ", "é", "世", "\u0301", "\u212a", "\u017f", "ſk", "\ufffd",
	"\xff", "\xe2\x82", "1.2.3.4", "10.0.0.1", "::", "::1", "fe80::1", "1:2:3:4:5:6:7:8", "a:b:c:d:e:f:0:1",
	"[::1]", "[", "]", "1:2:3:4:5:6:1.2.3.4", "ab12", "beef:", "user@", "a.b@c", "%2f", "\uE000", "\u2027",
}

// randomURLText joins n random pieces.
func randomURLText(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(urlPieces[rng.IntN(len(urlPieces))])
	}
	return b.String()
}

// TestURLMatcherMatchesXurls compares urlScanner with xurls' expressions
// on random texts and on the test corpus (and the public benchmark sets
// when WARDLINE_BENCHMARKS is set): on every distinct white-space
// separated token of its texts, as given and as URLs scans them
// (normalised and refanged), and, with WARDLINE_BENCHMARKS set, on the
// whole texts.
func TestURLMatcherMatchesXurls(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 1))
	n := 20000
	if testing.Short() || raceEnabled {
		n = 2000
	}
	for range n {
		checkURLMatcher(t, randomURLText(rng, 1+rng.IntN(14)))
	}
	texts := equivTexts(t)
	seen := map[string]bool{}
	for _, s := range texts {
		r, _ := refang(normalize.Normalize(s))
		for _, tok := range append(strings.Fields(s), strings.Fields(r)...) {
			if !seen[tok] {
				seen[tok] = true
			}
		}
	}
	toks := make([]string, 0, len(seen))
	for tok := range seen {
		toks = append(toks, tok)
	}
	slices.Sort(toks)
	for _, tok := range raceSample(toks) {
		if strings.ContainsAny(tok, ".:@[") {
			checkURLMatcher(t, tok)
		} else if gs, gr := scannerMatches(tok); len(gs)+len(gr) > 0 {
			t.Fatalf("%q has no '.', ':', '@' or '[' but the scanner found %v %v", tok, gs, gr)
		}
	}
	if os.Getenv("WARDLINE_BENCHMARKS") != "" {
		for _, s := range texts {
			checkURLMatcher(t, s)
		}
	}
}

// FuzzURLMatcher checks urlScanner against xurls' expressions.
func FuzzURLMatcher(f *testing.F) {
	for _, s := range []string{
		"https://a.example/x?y=1#z", "www.a.www.a.", "x@y.co.uk", "[::1]:8080/a(b)", "1.2.3.4/x", "xn--p1ai.рф",
		"WWW.EXAMPLE.ſE/path", "git+ssh://h/(a(b)c)", "mailto:a@b", "fe80::1:2.3.4.5", "a.b.c.d.e.f.g.com-x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// xurls' relaxed expression is slow on long text (the reason for
		// the scanner), which would slow the fuzzer down.
		checkURLMatcher(t, s[:min(len(s), 256)])
		checkMayHoldRelaxed(t, s[:min(len(s), 256)])
	})
}

// checkMayHoldRelaxed fails when mayHoldRelaxed rules out a text in which
// xurls' relaxed expression matches.
func checkMayHoldRelaxed(t testing.TB, s string) {
	t.Helper()
	if mayHoldRelaxed(s) {
		return
	}
	if _, rm := xurlsMatches(s); len(rm) > 0 {
		t.Fatalf("mayHoldRelaxed(%q) is false, xurls' relaxed expression finds %v", s, rm)
	}
}

// TestMayHoldRelaxed checks mayHoldRelaxed against xurls on random tokens
// made of URL pieces, and on the near misses it is for.
func TestMayHoldRelaxed(t *testing.T) {
	pieces := []string{"www", ".", "a", "com", "1", "-", "_", "%", "+", "/", "?", "#", "é", "рф", "K", "ſ", ":", "@", "[", "]",
		"xn--", "..", "(", ")", "'", "!", "~", "=", "&", "\xff", "0", "co", "uk", "localhost", "ff", "::"}
	texts := []string{"www.", "www.www.", "a.", ".com", "x.-", "a..", "1.", "www.(a)", "e.g.", "www._a", "a.%41"}
	r := rand.New(rand.NewPCG(26, 1))
	for range 30000 {
		var b strings.Builder
		for range 1 + r.IntN(6) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	ruledOut := 0
	for _, s := range texts {
		if !mayHoldRelaxed(s) {
			ruledOut++
		}
		checkMayHoldRelaxed(t, s)
	}
	require.Greater(t, ruledOut, 1000)
}
