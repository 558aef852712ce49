package secrets

import (
	"strings"

	"github.com/wardline/wardline/guard/internal/finding"
	"github.com/wardline/wardline/guard/internal/lexicon"
)

// ruleURLCredentials is guard.RuleURLCredentials.
const ruleURLCredentials = "secret.url-credentials"

// Credentials implements guard.Credentials, which documents it.
func Credentials(s string) []finding.Finding {
	var out []finding.Finding
	for off := 0; ; {
		i := strings.Index(s[off:], "://")
		if i < 0 {
			return out
		}
		i += off
		off = i + 3
		// The scheme before "://": letters, digits, "+", "-", ".".
		a := i
		for a > 0 && schemeByte(s[a-1]) {
			a--
		}
		if a == i {
			continue
		}
		// The authority: up to the first '/', '?', '#' or white space.
		end := off
		for end < len(s) && !strings.ContainsRune("/?# \t\r\n\"'<>`", rune(s[end])) {
			end++
		}
		at := strings.LastIndexByte(s[off:end], '@')
		if at < 0 {
			continue
		}
		user := s[off : off+at]
		c := strings.IndexByte(user, ':')
		if c < 0 {
			continue
		}
		pass := user[c+1:]
		if !passwordLike(pass) {
			continue
		}
		start := off + c + 1
		out = append(out, finding.Finding{Rule: ruleURLCredentials, Start: start, End: start + len(pass), Excerpt: RedactExcerpt(pass)})
		off = end
	}
}

func schemeByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'
}

// passwordLike reports whether p reads as a real password rather than a
// placeholder.
func passwordLike(p string) bool {
	if len(p) < 8 || strings.ContainsAny(p, "${}<>%") {
		return false
	}
	var lower, upper, digit, other bool
	mask := true
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c >= 'a' && c <= 'z':
			lower = true
		case c >= 'A' && c <= 'Z':
			upper = true
		case c >= '0' && c <= '9':
			digit = true
		default:
			other = true
		}
		if p[i] != '*' && p[i] != 'x' && p[i] != 'X' && p[i] != '.' {
			mask = false
		}
	}
	if mask {
		return false
	}
	classes := 0
	for _, b := range [...]bool{lower, upper, digit, other} {
		if b {
			classes++
		}
	}
	if classes < 2 {
		return false
	}
	// An English word with a digit or two ("password1", "Secret123") is a
	// documentation placeholder more often than a key.
	word := strings.ToLower(strings.TrimRight(p, "0123456789!"))
	return !lexicon.Default().IsDictionaryWord(word)
}
