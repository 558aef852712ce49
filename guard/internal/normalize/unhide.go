package normalize

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// UnhideText is the text of Unhide(s): s itself when it is ASCII without
// control characters other than tab, line feed and carriage return
// (Unhide changes nothing there), so that no copy is made.
func UnhideText(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\n' && c != '\t' && c != '\r' || c >= 0x7f {
			t, _ := Unhide(s)
			return t
		}
	}
	return s
}

// Unhide removes invisible characters from s and applies NFKC rune by
// rune, keeping letter case (unlike Normalize): the form in which encoded
// payloads and markdown are examined. offs maps each result byte (and the
// end) to the byte offset in s of the rune that produced it.
func Unhide(s string) (string, []int) {
	var b strings.Builder
	b.Grow(len(s))
	offs := make([]int, 0, len(s)+1)
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != 0x7f || c == '\n' || c == '\t' || c == '\r' {
				b.WriteByte(c)
				offs = append(offs, i)
			}
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		var out string
		switch RuneKind(r) {
		case KindDrop:
		case KindNewline:
			out = "\n"
		case KindSpace:
			out = " "
		default:
			if r == utf8.RuneError && w == 1 {
				break
			}
			out = norm.NFKC.String(s[i : i+w])
		}
		b.WriteString(out)
		for range len(out) {
			offs = append(offs, i)
		}
		i += w
	}
	offs = append(offs, len(s))
	return b.String(), offs
}
