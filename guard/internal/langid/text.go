package langid

import (
	"unicode"
	"unicode/utf8"
)

// A segment is a stretch of text judged as a whole: a sentence, ended by
// . ! ? ; : or a line break (or their CJK forms).
func segmentEnd(r rune) bool {
	switch r {
	case '.', '!', '?', ';', ':', '\n', '。', '！', '？', '；', '：':
		return true
	}
	return false
}

// Script is the writing system of a letter.
type Script uint8

// Scripts the identifier tells apart. Latin text is identified by its
// words; any other script names its languages well enough by itself.
const (
	NoScript Script = iota
	Latin
	Cyrillic
	Greek
	Arabic
	Hebrew
	Devanagari
	Han    // Chinese characters, also used in Japanese
	Kana   // Japanese hiragana and katakana
	Hangul // Korean
	Thai
	OtherScript
	nScripts
)

var scriptNames = [...]string{"", "Latn", "Cyrl", "Grek", "Arab", "Hebr", "Deva", "Hani", "Kana", "Hang", "Thai", "Zyyy"}

// String returns the script's ISO 15924 code.
func (s Script) String() string {
	if int(s) < len(scriptNames) {
		return scriptNames[s]
	}
	return "Zyyy"
}

// scriptOf returns the script of r, NoScript for what is not a letter.
func scriptOf(r rune) Script {
	if uint32(r) < uint32(len(smallScripts)) {
		return smallScripts[r]
	}
	return scriptOfRune(r)
}

// smallScripts is scriptOfRune of every rune of one or two bytes in
// UTF-8 (Latin, Greek, Cyrillic, Hebrew, Arabic, ...): a table instead
// of a search of Unicode's range tables per letter.
var smallScripts = func() *[0x800]Script {
	var t [0x800]Script
	for r := range rune(len(t)) {
		t[r] = scriptOfRune(r)
	}
	return &t
}()

// scriptOfRune is scriptOf without the table.
func scriptOfRune(r rune) Script {
	if r < 0x80 {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return Latin
		}
		return NoScript
	}
	if !unicode.IsLetter(r) {
		return NoScript
	}
	switch {
	case unicode.Is(unicode.Latin, r):
		return Latin
	case unicode.Is(unicode.Cyrillic, r):
		return Cyrillic
	case unicode.Is(unicode.Greek, r):
		return Greek
	case unicode.Is(unicode.Arabic, r):
		return Arabic
	case unicode.Is(unicode.Hebrew, r):
		return Hebrew
	case unicode.Is(unicode.Devanagari, r):
		return Devanagari
	case unicode.Is(unicode.Hiragana, r), unicode.Is(unicode.Katakana, r):
		return Kana
	case unicode.Is(unicode.Han, r):
		return Han
	case unicode.Is(unicode.Hangul, r):
		return Hangul
	case unicode.Is(unicode.Thai, r):
		return Thai
	}
	return OtherScript
}

// naturalWord reports whether s, a run of non-space characters already cut
// of surrounding punctuation, reads as a word of running text rather than
// an identifier: letters only (an inner apostrophe or hyphen allowed),
// no digit, underscore, slash or dot, and no capital after the first
// letter unless all are capitals of a short word.
func naturalWord(s string) bool {
	if s == "" {
		return false
	}
	upperInside := false
	letters := 0
	for i, r := range s {
		switch {
		case unicode.IsLetter(r):
			letters++
			if i > 0 && unicode.IsUpper(r) {
				upperInside = true
			}
		case (r == '\'' || r == '’' || r == '-') && i > 0 && i+utf8.RuneLen(r) < len(s):
		default:
			return false
		}
	}
	if upperInside && !allUpper(s) {
		return false // CamelCase: an identifier
	}
	return letters > 0
}

func allUpper(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) && !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// hashLower is FNV-1a of the lower-cased s.
func hashLower(s string) uint64 { return hashMore(fnvOffset, s) }

// hashByte continues an FNV-1a hash with one byte.
func hashByte(h uint64, c byte) uint64 { return (h ^ uint64(c)) * fnvPrime }

// hashMore continues an FNV-1a hash h with the lower-cased s.
func hashMore(h uint64, s string) uint64 {
	for _, r := range s {
		r = unicode.ToLower(r)
		if r < utf8.RuneSelf {
			h = (h ^ uint64(r)) * fnvPrime
			continue
		}
		var buf [4]byte
		n := utf8.EncodeRune(buf[:], r)
		for k := 0; k < n; k++ {
			h = (h ^ uint64(buf[k])) * fnvPrime
		}
	}
	return h
}

// affixHashes returns the hashes of the first and last three letters of w,
// marked so that a prefix and a suffix never hash alike; a word of three
// letters or fewer is its own affix, marked at both ends, and last3 is 0.
func affixHashes(w string) (first3, last3 uint64) {
	n := utf8.RuneCountInString(w)
	if n < 4 {
		return hashByte(hashMore(hashByte(fnvOffset, '^'), w), '$') | 1, 0
	}
	i := 0
	for k := 0; k < 3; k++ {
		_, size := utf8.DecodeRuneInString(w[i:])
		i += size
	}
	j := len(w)
	for k := 0; k < 3; k++ {
		_, size := utf8.DecodeLastRuneInString(w[:j])
		j -= size
	}
	return hashMore(hashByte(fnvOffset, '^'), w[:i]) | 1, hashByte(hashMore(fnvOffset, w[j:]), '$') | 1
}

// trimPunct returns the span of s[a:b] without leading and trailing
// characters that are neither letters nor digits.
func trimPunct(s string, a, b int) (int, int) {
	for a < b && s[a] < utf8.RuneSelf && !asciiAlnum[s[a]] {
		a++
	}
	for b > a && s[b-1] < utf8.RuneSelf && !asciiAlnum[s[b-1]] {
		b--
	}
	for a < b {
		r, n := utf8.DecodeRuneInString(s[a:b])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			break
		}
		a += n
	}
	for b > a {
		r, n := utf8.DecodeLastRuneInString(s[a:b])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			break
		}
		b -= n
	}
	return a, b
}

var asciiAlnum = func() (t [utf8.RuneSelf]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	return t
}()
