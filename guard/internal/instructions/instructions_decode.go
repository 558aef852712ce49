package instructions

import (
	"encoding/base64"
	"encoding/hex"
	"html"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wardline/wardline/guard/internal/finding"
	"github.com/wardline/wardline/guard/internal/normalize"
)

// Decoding before judging. An instruction, command or injection written
// as HTML entities ("rm &#45;rf &#47;"), or wrapped in base64, hex or
// percent-encoding, is text a reader (or a model) decodes at once; the
// rules judge the decoded text too. Findings in HTML-entity text map back
// to the entities they came from; a finding inside an encoded run covers
// the whole run, and its excerpt shows the decoded text.

// maxDecodeDepth bounds how many layers of encoding are undone.
const maxDecodeDepth = 2

// minEncodedRun is the shortest base64 or hex run that is decoded: a
// shorter one holds too few characters to be a sentence.
const minEncodedRun = 16

// decodedFindings runs the rules on the decoded forms of s: the whole
// text with its HTML entities decoded, and every base64, hex or
// percent-encoded run that decodes to text.
func decodedFindings(s string, depth int) []finding.Finding {
	var out []finding.Finding
	if dec, offs, ok := unescapeEntities(s); ok {
		for _, f := range instructions(dec, depth+1, nil) {
			f.Start, f.End = offs[f.Start], normalize.EndOffset(offs, f.End)
			out = append(out, f)
		}
	}
	forEachEncodedRun(s, func(a, b int, text string) {
		for _, f := range instructions(text, depth+1, nil) {
			out = append(out, finding.Finding{Rule: f.Rule, Start: a, End: b, Excerpt: f.Excerpt})
		}
	})
	return out
}

// mayHoldEncoding is a cheap test before decodedFindings: an entity needs
// "&" and ";" (or "&#"), percent-encoding "%", and base64 or hex a run of
// minEncodedRun letters and digits.
func mayHoldEncoding(s string) bool {
	if i := strings.IndexByte(s, '&'); i >= 0 && (strings.IndexByte(s[i:], ';') >= 0 || strings.Contains(s[i:], "&#")) {
		return true
	}
	if strings.IndexByte(s, '%') >= 0 {
		return true
	}
	run := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; isAlnum(c) || c == '+' || c == '/' || c == '=' || c == '-' || c == '_' {
			if run++; run >= minEncodedRun {
				return true
			}
			continue
		}
		run = 0
	}
	return false
}

// unescapeEntities decodes the HTML character references of s ("&#45;",
// "&#x2F;", "&amp;", "&lt;"). It returns the decoded text, for each of
// its byte offsets (and its end) the offset in s it came from, and
// whether anything was decoded.
func unescapeEntities(s string) (string, []int, bool) {
	if !strings.Contains(s, "&") {
		return "", nil, false
	}
	var b strings.Builder
	var offs []int
	changed := false
	for i := 0; i < len(s); {
		if s[i] == '&' {
			if n := entityLen(s[i:]); n > 0 {
				if dec := html.UnescapeString(s[i : i+n]); dec != s[i:i+n] {
					if !changed {
						b.Grow(len(s))
						offs = make([]int, 0, len(s)+1)
						b.WriteString(s[:i])
						for k := range i {
							offs = append(offs, k)
						}
						changed = true
					}
					b.WriteString(dec)
					for range len(dec) {
						offs = append(offs, i)
					}
					i += n
					continue
				}
			}
		}
		if changed {
			b.WriteByte(s[i])
			offs = append(offs, i)
		}
		i++
	}
	if !changed {
		return "", nil, false
	}
	offs = append(offs, len(s))
	return b.String(), offs, true
}

// entityLen returns the length of the character reference s opens with:
// "&name;", "&#digits" or "&#xhex", each with an optional ";" after a
// numeric one; or 0.
func entityLen(s string) int {
	if len(s) < 3 || s[0] != '&' {
		return 0
	}
	i := 1
	if s[i] == '#' {
		i++
		hexRef := i < len(s) && (s[i] == 'x' || s[i] == 'X')
		if hexRef {
			i++
		}
		start := i
		for i < len(s) && i-start < 8 && (s[i] >= '0' && s[i] <= '9' || hexRef && isHexDigit(s[i])) {
			i++
		}
		if i == start {
			return 0
		}
		if i < len(s) && s[i] == ';' {
			i++
		}
		return i
	}
	for i < len(s) && i < 32 && isAlnum(s[i]) {
		i++
	}
	if i == 1 || i >= len(s) || s[i] != ';' {
		return 0
	}
	return i + 1
}

// forEachEncodedRun calls fn with the span of every whitespace-separated
// run of s (quotes and sentence punctuation around it left out) that is
// base64, hex or percent-encoded text, and the text it decodes to.
func forEachEncodedRun(s string, fn func(a, b int, text string)) {
	for i := 0; i < len(s); {
		for i < len(s) && isSpaceByte(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !isSpaceByte(s[j]) {
			j++
		}
		a, b := i, j
		for a < b && strings.IndexByte("\"'`([{<:", s[a]) >= 0 {
			a++
		}
		for b > a && strings.IndexByte("\"'`)]}>.,;:!?", s[b-1]) >= 0 && !(s[b-1] == '=' || s[b-1] == '.' && b-a < 2) {
			b--
		}
		if b-a >= 6 {
			if text, ok := decodeRun(s[a:b]); ok {
				fn(a, b, text)
			}
		}
		i = j
	}
}

// maxDecodedRun bounds the base64 and hex runs that are decoded: a
// sentence is shorter, and the work per run stays bounded.
const maxDecodedRun = 4096

// decodeRun decodes a run written in percent-encoding (at least three
// escapes), hex, or base64 (standard or URL alphabet, padded or not), and
// reports whether it decodes to text. It allocates only for a run that
// does.
func decodeRun(run string) (string, bool) {
	if strings.Count(run, "%") >= 3 {
		if dec, err := url.PathUnescape(run); err == nil && dec != run && isText(dec) {
			return dec, true
		}
		return "", false
	}
	if len(run) < minEncodedRun || len(run) > maxDecodedRun {
		return "", false
	}
	var buf [maxDecodedRun]byte
	if len(run)%2 == 0 && allHex(run) {
		n, err := hex.Decode(buf[:], []byte(run))
		if err == nil && isText(string(buf[:n])) {
			return string(buf[:n]), true
		}
		return "", false
	}
	std, urlSafe := base64Alphabet(run)
	if !std && !urlSafe {
		return "", false
	}
	var src [maxDecodedRun]byte
	copy(src[:], run)
	encs := []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding}
	if urlSafe {
		encs = []*base64.Encoding{base64.URLEncoding, base64.RawURLEncoding}
	}
	for _, enc := range encs {
		if n, err := enc.Decode(buf[:], src[:len(run)]); err == nil {
			if isText(string(buf[:n])) {
				return string(buf[:n]), true
			}
			return "", false
		}
	}
	return "", false
}

// base64Alphabet reports whether run is written in base64's standard
// alphabet (with "+" and "/") or its URL alphabet (with "-" and "_"),
// padding allowed at the end.
func base64Alphabet(run string) (std, urlSafe bool) {
	std, urlSafe = true, true
	pad := false
	for i := 0; i < len(run); i++ {
		c := run[i]
		switch {
		case c == '=':
			pad = true
			continue
		case pad:
			return false, false // data after padding
		case isAlnum(c):
		case c == '+' || c == '/':
			urlSafe = false
		case c == '-' || c == '_':
			std = false
		default:
			return false, false
		}
	}
	return std, urlSafe
}

// isText reports whether b reads as a phrase of natural text: valid
// UTF-8, at least two words, and letters and spaces making up most of it.
// Random bytes (a key, a hash) fail it.
func isText(s string) bool {
	if len(s) < 8 || !utf8.ValidString(s) {
		return false
	}
	letters, spaces, other := 0, 0, 0
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			letters++
		case r == ' ':
			spaces++
		case unicode.IsDigit(r) || unicode.IsPunct(r) || unicode.IsSymbol(r):
		default:
			other++ // control characters, invalid or private-use runes
		}
	}
	total := utf8.RuneCountInString(s)
	return spaces >= 1 && other == 0 && 4*(letters+spaces) >= 3*total
}

func allHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isHexDigit(s[i]) {
			return false
		}
	}
	return true
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}
