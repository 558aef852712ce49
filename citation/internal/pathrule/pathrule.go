// Package pathrule holds the text rules for workspace-relative paths that
// both citation (page and source names) and citation/workspace (every file
// operation) apply, so that the two packages refuse exactly the same names
// without importing each other.
package pathrule

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Limits on a path and on one of its elements, in bytes.
const (
	MaxPath    = 1024
	MaxElement = 255
)

// lookAlikes are letters (so the category check lets them through) that a
// reader or a normaliser may take for a dot, a colon or nothing at all.
var lookAlikes = []rune{
	'\u1427',                     // CANADIAN SYLLABICS FINAL MIDDLE DOT
	'\uA78F',                     // LATIN LETTER SINOLOGICAL DOT
	'\u115F', '\u1160', '\u3164', // Hangul fillers (invisible)
}

// Check returns "" when p is an acceptable slash-separated relative path and
// otherwise a short phrase saying which rule refused it. Allowed are Unicode
// letters and digits, combining marks inside a name, space and
// - _ . + @ , = ( ) ' inside names, and "/" between them; the path must be
// NFC and unchanged by NFKC, every element non-empty, not "." or "..", not
// starting with "." or a combining mark, not ending in "." or space, at most
// MaxElement bytes, the whole at most MaxPath bytes.
func Check(p string) string {
	switch {
	case p == "":
		return "empty"
	case len(p) > MaxPath:
		return "too long"
	case !utf8.ValidString(p):
		return "not UTF-8"
	case strings.HasPrefix(p, "/"):
		return "absolute"
	}
	for i, r := range p {
		switch {
		case r == 0:
			return "NUL byte"
		case unicode.IsControl(r):
			return "control character"
		case r == '\\':
			return "backslash"
		case r == ':':
			return "colon (drive letter or stream)"
		case r == '%':
			if i+2 < len(p) && isHex(p[i+1]) && isHex(p[i+2]) {
				return "percent-encoding"
			}
			return "character not allowed"
		case r < utf8.RuneSelf:
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/ -_.+@,=()'", r)) {
				return "character not allowed"
			}
		case unicode.Is(unicode.Variation_Selector, r) || r == '\u034F':
			return "invisible character"
		case containsRune(lookAlikes, r) || r >= 0xA4F8 && r <= 0xA4FF: // Lisu tone letters look like . , : ;
			return "look-alike character"
		case !(unicode.IsLetter(r) || unicode.Is(unicode.Nd, r) || unicode.IsMark(r)):
			return "look-alike dot, slash or other symbol"
		}
	}
	if !norm.NFC.IsNormalString(p) {
		return "not NFC"
	}
	if norm.NFKC.String(p) != p {
		return "compatibility character (changes under NFKC)"
	}
	for el := range strings.SplitSeq(p, "/") {
		first, _ := utf8.DecodeRuneInString(el)
		switch {
		case el == "":
			return "empty element"
		case el == "." || el == "..":
			return "dot element"
		case strings.Trim(el, ".") == "":
			return "dots-only element"
		case first == '.':
			return "dot-file"
		case unicode.IsMark(first):
			return "element starts with a combining mark"
		case strings.HasSuffix(el, ".") || strings.HasSuffix(el, " ") || first == ' ':
			return "leading or trailing space or trailing dot"
		case len(el) > MaxElement:
			return "element too long"
		}
	}
	return ""
}

// SameName reports whether two names that passed Check denote the same
// file on a case-insensitive, normalising file system: equal after NFC and
// Unicode simple case folding.
func SameName(a, b string) bool {
	return strings.EqualFold(norm.NFC.String(a), norm.NFC.String(b))
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func containsRune(rs []rune, r rune) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}
