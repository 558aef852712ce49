package guard

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzSanitize checks that Sanitize never panics, reports offsets into its
// input, only removes text (never adds any), respects the chunk cap and
// keeps secrets out of excerpts.
func FuzzSanitize(f *testing.F) {
	for _, l := range readJSONL[retrievedLine](f, filepath.Join("..", "testdata", "corpus", "retrieved.jsonl")) {
		f.Add(l.Line)
	}
	f.Add("<!-- a --><span hidden>b</span>\n<|im_start|>")
	f.Add(strings.Repeat("x", 1600))
	f.Fuzz(func(t *testing.T, s string) {
		clean, removed := Sanitize(s)
		if utf8.ValidString(s) && utf8.RuneCountInString(clean) > DefaultMaxChunk {
			t.Fatalf("clean has %d runes", utf8.RuneCountInString(clean))
		}
		if len(clean) > len(s) {
			t.Fatalf("clean is longer than the input")
		}
		if len(removed) == 0 && clean != s {
			t.Fatalf("text changed without a finding")
		}
		secrets := Secrets(s)
		for _, fd := range removed {
			if fd.Start < 0 || fd.End > len(s) || fd.Start > fd.End {
				t.Fatalf("%s: offsets [%d:%d] out of bounds for %d bytes", fd.Rule, fd.Start, fd.End, len(s))
			}
			for _, sec := range secrets {
				if v := s[sec.Start:sec.End]; len(v) >= 8 && strings.Contains(fd.Excerpt, v) {
					t.Fatalf("%s: excerpt holds a secret", fd.Rule)
				}
			}
		}
		// Sanitize only deletes: clean is a subsequence of the input.
		j := 0
		for i := 0; i < len(clean); i++ {
			for j < len(s) && s[j] != clean[i] {
				j++
			}
			if j == len(s) {
				t.Fatalf("clean holds text not in the input")
			}
			j++
		}
	})
}
