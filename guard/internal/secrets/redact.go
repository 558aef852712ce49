package secrets

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/wardline/wardline/guard/internal/finding"
)

// RedactExcerpt describes a secret without revealing it: at most its first
// four characters (fewer for short secrets, so that at most a quarter of it
// shows), an ellipsis and its length in bytes, e.g. "ghp_…(40)".
func RedactExcerpt(secret string) string {
	show := min(4, utf8.RuneCountInString(secret)/4)
	var b strings.Builder
	i := 0
	for n := 0; n < show && i < len(secret); n++ {
		r, size := utf8.DecodeRuneInString(secret[i:])
		if r < 0x20 || r == utf8.RuneError || r == 0x7f {
			break
		}
		i += size
	}
	b.WriteString(secret[:i])
	b.WriteString("…(")
	b.WriteString(strconv.Itoa(len(secret)))
	b.WriteString(")")
	return b.String()
}

// Redact implements guard.Redact, which documents it.
func Redact(s string) string {
	fs := Secrets(s)
	if cs := Credentials(s); len(cs) > 0 {
		fs = append(fs, cs...)
		finding.Sort(fs)
	}
	if len(fs) == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	last := 0
	for i := 0; i < len(fs); {
		start, end := fs[i].Start, fs[i].End
		j := i + 1
		for j < len(fs) && fs[j].Start < end {
			end = max(end, fs[j].End)
			j++
		}
		if start < last {
			start = last
		}
		b.WriteString(s[last:start])
		b.WriteString(RedactExcerpt(s[start:end]))
		last = end
		i = j
	}
	b.WriteString(s[last:])
	return b.String()
}
