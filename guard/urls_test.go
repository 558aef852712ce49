package guard

import (
	"reflect"
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
