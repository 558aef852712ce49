package grammar

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Token is one word or punctuation mark of a text, as the treebank
// tokenises English: punctuation is split from words and contractions are
// split into their syntactic words ("don't" is "do" and "n't"). Hyphenated
// words, paths, identifiers, versions, URLs, flags and numbers stay whole.
//
// Start and End are byte offsets into the text given to [Tokenize].
type Token struct {
	Start, End int32
}

// Text returns the token's text in s, the string it was cut from.
func (t Token) Text(s string) string { return s[t.Start:t.End] }

const maxTokens = 1 << 20 // more than any field the detectors read

// Tokenize appends the tokens of s to dst and returns the result. It never
// fails and never allocates beyond growing dst; its cost is linear in
// len(s). Invalid UTF-8 bytes are treated as letters of a word.
func Tokenize(s string, dst []Token) []Token {
	i := 0
	for i < len(s) && len(dst) < maxTokens {
		r, n := utf8.DecodeRuneInString(s[i:])
		if isSpace(r) {
			i += n
			continue
		}
		j := i
		for j < len(s) {
			if c := s[j]; c < utf8.RuneSelf {
				if asciiSpace[c] {
					break
				}
				j++
				continue
			}
			r, n := utf8.DecodeRuneInString(s[j:])
			if isSpace(r) {
				break
			}
			j += n
		}
		dst = splitChunk(s, i, j, dst)
		i = j
	}
	return dst
}

// asciiSpace says which ASCII bytes isSpace accepts.
var asciiSpace = [utf8.RuneSelf]bool{' ': true, '\t': true, '\n': true, '\r': true, '\v': true, '\f': true}

func isSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f' || r == 0x85 || r == 0xA0 || unicode.IsSpace(r)
}

// leading punctuation split from the front of a chunk, one mark a token.
func isLeadPunct(r rune) bool {
	switch r {
	case '(', '[', '{', '"', '\'', '`', '«', '“', '‘', '¿', '¡', '*', '<', '„', '‚', '>', '#', '$', '€', '£', '~', '•', '·', '–', '—', '‹':
		return true
	}
	return false
}

// isSignLead reports the leading marks that stay glued to a following word.
func isSignLead(r rune) bool {
	switch r {
	case '#', '$', '~', '<', '>', '*':
		return true
	}
	return false
}

// trailing punctuation split from the end of a chunk.
func isTrailPunct(r rune) bool {
	switch r {
	case ')', ']', '}', '"', '\'', '`', '»', '”', '’', '.', ',', ';', ':', '!', '?', '…', '*', '>', '%', '‹', '›', '–', '—':
		return true
	}
	return false
}

// splitChunk appends the tokens of the white-space free chunk s[a:b].
func splitChunk(s string, a, b int, dst []Token) []Token {
	// Leading marks, one a token. A sign glued to a word stays with it:
	// "#482", "$HOME", "~/.ssh", "*.go", "<user>" are one token each.
	for a < b {
		r, n := utf8.DecodeRuneInString(s[a:b])
		if !isLeadPunct(r) {
			break
		}
		if isSignLead(r) && a+n < b && isWordByte(s[a+n]) {
			break
		}
		dst = append(dst, Token{int32(a), int32(a + n)})
		a += n
	}
	// Trailing marks, collected from the end and emitted after the word.
	end := b
	for end > a {
		r, n := utf8.DecodeLastRuneInString(s[a:end])
		if !isTrailPunct(r) {
			break
		}
		if r == '.' {
			// "..." is one mark; "e.g." and "U.S." keep their final dot;
			// a lone trailing dot after a word is a full stop.
			if end-a >= 3 && s[end-3:end] == "..." {
				end -= 3
				continue
			}
			if isAbbrev(s[a:end]) {
				break
			}
		}
		if r == '%' && (end-n == a || !isDigit(s[end-n-1])) {
			break
		}
		if r == '\'' || r == '’' {
			// "users'" ends in a possessive mark; "'s" is handled below.
			if end-n > a && !isLetter(s[end-n-1]) {
				end -= n
				continue
			}
		}
		end -= n
	}
	if a < end {
		dst = splitWord(s, a, end, dst)
	}
	// Emit the trailing marks; "..." stays one token.
	for end < b {
		if end+3 <= b && s[end:end+3] == "..." {
			dst = append(dst, Token{int32(end), int32(end + 3)})
			end += 3
			continue
		}
		_, n := utf8.DecodeRuneInString(s[end:b])
		dst = append(dst, Token{int32(end), int32(end + n)})
		end += n
	}
	return dst
}

// splitWord appends the syntactic words of s[a:b]: contractions and
// possessives are split off. Hyphenated words stay whole ("refresh-token",
// "golangci-lint"); the model is trained on the treebank with its
// hyphenated words joined the same way.
func splitWord(s string, a, b int, dst []Token) []Token {
	w := s[a:b]
	if !plainWord(w) {
		return append(dst, Token{int32(a), int32(b)})
	}
	return splitContraction(s, a, b, dst)
}

// splitContraction splits "n't", "'s", "'re", "'ve", "'ll", "'d", "'m"
// (with a straight or curly apostrophe) and "cannot" off a word.
func splitContraction(s string, a, b int, dst []Token) []Token {
	w := s[a:b]
	if len(w) == 6 && lowerEq(w, "cannot") {
		return append(dst, Token{int32(a), int32(a + 3)}, Token{int32(a + 3), int32(b)})
	}
	if strings.IndexByte(w, '\'') < 0 && strings.IndexByte(w, "’"[0]) < 0 {
		return append(dst, Token{int32(a), int32(b)}) // no apostrophe: most words
	}
	for _, apos := range [...]string{"'", "’"} {
		// n't
		if k := len(w) - len(apos) - 2; k > 0 && lowerEq(w[k:k+1], "n") && w[k+1:k+1+len(apos)] == apos && lowerEq(w[k+1+len(apos):], "t") {
			return append(dst, Token{int32(a), int32(a + k)}, Token{int32(a + k), int32(b)})
		}
		for _, suf := range [...]string{"s", "re", "ve", "ll", "d", "m"} {
			k := len(w) - len(suf) - len(apos)
			if k > 0 && w[k:k+len(apos)] == apos && lowerEq(w[k+len(apos):], suf) {
				return append(dst, Token{int32(a), int32(a + k)}, Token{int32(a + k), int32(b)})
			}
		}
	}
	return append(dst, Token{int32(a), int32(b)})
}

// plainWord reports whether w is made only of letters, apostrophes and
// hyphens (the words contractions and hyphen splitting apply to).
func plainWord(w string) bool {
	for _, r := range w {
		if !(unicode.IsLetter(r) || r == '\'' || r == '’' || r == '-') {
			return false
		}
	}
	return true
}

// isAbbrev reports whether w ends in a dot that belongs to it: "e.g.",
// "U.S.", "i.e." (a dot inside the word before the final one), or an
// initial ("M.").
func isAbbrev(w string) bool {
	if len(w) == 2 && w[0] >= 'A' && w[0] <= 'Z' && w[1] == '.' {
		return true // an initial: "Jennifer M. Anderson"
	}
	if len(w) < 3 || w[len(w)-1] != '.' {
		return false
	}
	inner := w[:len(w)-1]
	if indexByte(inner, '.') <= 0 || len(inner) > 6 {
		return false
	}
	for i := 0; i < len(inner); i++ {
		if !isLetter(inner[i]) && inner[i] != '.' {
			return false
		}
	}
	return true
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

func lowerEq(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= utf8.RuneSelf }
func isWordByte(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '_' || c == '-' || c == '.' || c == '/' || c == '{'
}
