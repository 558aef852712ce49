package guard

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCannotHoldURL pins the prefilter on the spellings it must let
// through to the full path and on prose it may skip.
func TestCannotHoldURL(t *testing.T) {
	for _, tc := range []struct {
		in   string
		skip bool
	}{
		{"The parser reads tables and dotted keys in one pass.", true},
		{"Retrieved 2026-05-01T12:00:00Z from the archive.", true},
		{"See internal/auth/ttl.go and pkg.go.dev for details.", true},
		{"", true},
		{"see https://example.com", false},
		{"see HTTPS://example.com", false},
		{"mailto:a@b.c", false},
		{"hxxp[:]//evil.example/x", false},
		{"evil[.]com/x?d=1", false},
		{"evil.com/x#frag", false},
		{"WWW.example.com", false},
		{"ww\x00w.example.com", false},
		{"ｈｔｔｐｓ：／／ａ．ｂ", false},
		{"a+b-c.d:opaque", false},
	} {
		assert.Equal(t, tc.skip, cannotHoldURL(tc.in), "%q", tc.in)
		if tc.skip {
			assert.Empty(t, scanURLs(tc.in), "%q", tc.in)
		}
	}
}

// FuzzURLPrefilter checks that the prefilters in findURLs lose no URL:
// whenever they skip a string, the full path finds nothing in it; and that
// skipping the relaxed pass on a token that is one URL changes nothing.
func FuzzURLPrefilter(f *testing.F) {
	for _, s := range corpusTexts(f) {
		f.Add(s)
	}
	for _, s := range []string{
		"see https://example.com", "www.example.com", "evil [dot] com/x?d=1", "hxxp[:]//a[.]b/c",
		"https://a.example/x?y=1#z", "https://a.example/,evil.example/x?d=1", "ftp://x.y/z,www.q.com",
		"12:00:00Z", "a:b", "tel:+1", "Www.x.org", "x(dot)com/a#b", "mailto:x@y.z", "file:a/b#L1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if (!mayHoldURL(s) || cannotHoldURL(s)) && len(scanURLs(s)) > 0 {
			t.Fatalf("prefilter skipped a string holding a URL: %q", s)
		}
		if !reflect.DeepEqual(scanURLsSkip(s, true), scanURLsSkip(s, false)) {
			t.Fatalf("whole-token shortcut changed the result for %q", s)
		}
	})
}

// strictBoth returns the strict matches of t by hand (when t is in the
// hand-matcher's domain) and by the expression.
func strictBoth(t string) (fast, slow [][2]int, ok bool) {
	strict, _, _ := urlRegexps()
	for _, m := range strict.FindAllStringIndex(t, -1) {
		slow = append(slow, [2]int{m[0], m[1]})
	}
	if !strictFastDomain(t) {
		return nil, slow, false
	}
	return appendStrictMatches(nil, t, 0, strict), slow, true
}

// TestStrictURLFast compares the hand-written strict matcher with the
// expression on random strings made of the pieces URLs are made of.
func TestStrictURLFast(t *testing.T) {
	pieces := []string{"a", "Z", "h", "x", "0", "9", "://", ":", "//", "/", ".", "-", "+", "_", "~", "%", "!", "$",
		"&", "'", "*", ",", ";", "=", "@", "?", "#", "\\", "\"", "<", ">", "|", "^", "`", " ", "http", "HTTPS",
		"mailto", "MailTo", "data", "file", "javascript", "vbscript", "blob", "tel", "xmpp", "cid", "mid", "geo",
		"sms", "bitcoin", "magnet", "matrix", "dat", "fil", "ja", "http://", "data:", "www.", "e.com"}
	rng := rand.New(rand.NewPCG(1, 2))
	n := 200000
	if testing.Short() || raceEnabled {
		n = 20000
	}
	for range n {
		var b strings.Builder
		for k := rng.IntN(12); k >= 0; k-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		fast, slow, ok := strictBoth(s)
		if ok && !reflect.DeepEqual(fast, slow) {
			t.Fatalf("%q: hand %v, expression %v", s, fast, slow)
		}
	}
}

// FuzzStrictURLFast checks the hand-written strict matcher against the
// expression.
func FuzzStrictURLFast(f *testing.F) {
	for _, s := range []string{"https://a.example/x?y=1#z", "file:a/b#L1", "MAILTO:x@y", "ab+c.d-e://x,y.", "data:,",
		"x-http://a", "javascript:alert", "tel:+1", "a://", "http://a'", "fIlE://x/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fast, slow, ok := strictBoth(s)
		if ok && !reflect.DeepEqual(fast, slow) {
			t.Fatalf("%q: hand %v, expression %v", s, fast, slow)
		}
	})
}
