package exfil

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/internal/swar"
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

// FuzzURLPrefilter checks that the prefilters in FindURLs lose no URL:
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

// TestURLStop8 checks that urlStop8 flags every word holding a byte
// cannotHoldURL's switch looks at, and cannotHoldURL against its
// byte-wise reference around the block boundary.
func TestURLStop8(t *testing.T) {
	for c := range 256 {
		b := byte(c)
		want := b >= 0x80 || b < 0x20 || b == 0x7f || b == '?' || b == '#' || b == ':' || b|0x20 == 'w'
		for pos := range 8 {
			w := uint64('a')*swar.Lsb8&^(0xff<<(8*pos)) | uint64(b)<<(8*pos)
			require.Equal(t, want, urlStop8(w), "byte %#x at %d", b, pos)
		}
	}
	base := []byte("abcdefghijklmnopqrstuvw")
	for pos := 5; pos <= 9; pos++ {
		for a := range 256 {
			for b := range 256 {
				s := append([]byte(nil), base...)
				s[pos], s[pos+1] = byte(a), byte(b)
				require.Equal(t, cannotHoldURLRef(string(s)), cannotHoldURL(string(s)), "%q", s)
			}
		}
	}
	alphabet := []byte(" \n\t\x00\x7f\x80:?#wW.[(/hxp")
	r := rand.New(rand.NewPCG(5, 6))
	var sb strings.Builder
	for range 200_000 {
		sb.Reset()
		for range r.IntN(40) {
			if r.IntN(3) == 0 {
				sb.WriteByte(alphabet[r.IntN(len(alphabet))])
			} else {
				sb.WriteByte(byte('a' + r.IntN(26)))
			}
		}
		s := sb.String()
		require.Equal(t, cannotHoldURLRef(s), cannotHoldURL(s), "%q", s)
	}
}

// The byte-set helpers answer as the strings functions they replace, on
// any bytes (invalid UTF-8 included).
func TestByteSetHelpers(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 17))
	alphabet := []byte("a.?#{$%<>()[]`'\" \t\r\n!,;:é\xff\xc3=/")
	sets := []string{"?#", "{$%<", " \t\r\n\"'<>()[]`", ".,;:!?"}
	for range 20000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		s := string(b)
		require.Equal(t, strings.ContainsAny(s, "?#"), hasQueryOrFragment(s), "%q", s)
		for _, chars := range sets {
			set := byteSet(chars)
			require.Equal(t, strings.ContainsAny(s, chars), containsSet(s, &set), "%q in %q", chars, s)
		}
		trimmed := s
		for trimmed != "" && urlTrailer[trimmed[len(trimmed)-1]] {
			trimmed = trimmed[:len(trimmed)-1]
		}
		require.Equal(t, strings.TrimRight(s, ".,;:!?"), trimmed, "%q", s)
		for i := 0; i < len(s); i++ {
			require.Equal(t, strings.ContainsRune(" \t\r\n\"'<>()[]`", rune(s[i])), urlStops[s[i]], "%q", s[i])
		}
	}
}
