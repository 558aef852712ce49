package citation

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// hashPrefix is the algorithm tag every anchor starts with.
const hashPrefix = "sha256:"

// QuoteHash returns "sha256:" followed by the lowercase hex SHA-256 of the
// quote after the package's normalisation: Unicode NFC, every run of white
// space (unicode.IsSpace) replaced by one ASCII space, leading and trailing
// space removed. Nothing else is changed (no case folding, no punctuation or
// quote-mark folding), so two quotes with the same hash say the same thing.
func QuoteHash(quote string) string {
	return hashOf(normalizeQuote(quote))
}

func hashOf(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hashPrefix + hex.EncodeToString(sum[:])
}

func hashBytes(b []byte) string {
	sum := sha256.Sum256(b)
	return hashPrefix + hex.EncodeToString(sum[:])
}

// normalizeQuote applies the documented normalisation: NFC, white-space runs
// collapsed to one space, trimmed. Sources are normalised with the same
// function so that a quote matches across line breaks.
func normalizeQuote(s string) string {
	s = norm.NFC.String(s)
	b := make([]byte, 0, len(s))
	space := false // a space is pending
	run := -1      // start of the pending run of non-space bytes, or -1
	flush := func(end int) {
		if run < 0 {
			return
		}
		if space && len(b) > 0 {
			b = append(b, ' ')
		}
		b = append(b, s[run:end]...)
		space, run = false, -1
	}
	for i := 0; i < len(s); {
		c := s[i]
		size := 1
		isSpace := false
		if c < utf8.RuneSelf {
			isSpace = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
		} else {
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			isSpace = r != utf8.RuneError && unicode.IsSpace(r)
		}
		if isSpace {
			flush(i)
			space = true
		} else if run < 0 {
			run = i
		}
		i += size
	}
	flush(len(s))
	return string(b)
}

// isHash reports whether s is "sha256:" followed by exactly 64 lowercase hex
// digits.
func isHash(s string) bool {
	if len(s) != len(hashPrefix)+64 || !strings.HasPrefix(s, hashPrefix) {
		return false
	}
	for _, c := range s[len(hashPrefix):] {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
