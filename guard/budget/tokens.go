package budget

import (
	"unicode"
	"unicode/utf8"
)

//go:generate go run gen_bigrams.go

// Tokens returns a conservative estimate of the number of tokens s costs a
// language model: on every text of the calibration set (testdata/texts:
// English, German, Spanish, French, Russian, Chinese, Japanese and nine
// other languages' prose, Go, Python, JSON, YAML, SQL, HTML, logs, URLs,
// hashes, base64, random strings, emoji) it is at least the count of each
// of tiktoken's byte-level BPE encodings cl100k_base, o200k_base,
// p50k_base and r50k_base (TestTokensNeverUnderCount), and it is never more
// than len(s), which no byte-level BPE tokenizer exceeds.
//
// It is an estimate, not a tokenizer: no maintained pure-Go tokenizer with
// an embedded vocabulary is light enough for this module (the one on the
// module proxy ships 16 MB of vocabulary source and requires a newer Go).
// The estimate errs high. It is held above r50k_base (GPT-2's encoding,
// the least efficient of the four: it spends a token on each space of
// indentation and several on a word of Cyrillic), so on English prose
// and code it is about one and a half to two times cl100k_base's count,
// and on scripts such as Chinese, Hindi or Arabic up to several times
// o200k_base's: a budget in tokens is enforced with that much room to
// spare. Tokenizers of other models differ (Claude's is not public); for
// them the estimate is as good as its margin over r50k_base, at least 3%
// on every calibration text.
//
// How it counts, in short: text is cut into runs the way BPE
// pre-tokenizers cut it. An ASCII letter run is split at case changes
// (getUserID: get, User, ID) and each part costs one token, one more per
// four letters after the first, and one and a half per letter pair that
// is rare in English (random strings, identifiers and foreign words break
// into many tokens), at most one per letter; in text whose letters are
// more than 1% non-ASCII (accented Latin, other scripts) letter runs cost
// a quarter more. A run of digits costs one token per two digits; a space
// before a word is free; other spaces and tabs, newlines and ASCII
// punctuation cost one each; every other character costs one token per
// UTF-8 byte. The total is rounded up and capped at len(s).
//
// Tokens is linear in len(s) and allocates nothing (BenchmarkTokens). It
// is safe for concurrent use.
func Tokens(s string) int {
	// Costs are counted in quarter tokens.
	letters, other := 0, 0
	nLetters, nForeign := 0, 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case isASCIILetter(c):
			j := i + 1
			for j < len(s) && isASCIILetter(s[j]) {
				j++
			}
			letters += letterRunCost(s[i:j])
			nLetters += j - i
			i = j
		case c >= '0' && c <= '9':
			j := i + 1
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			other += 4 * ((j - i + 1) / 2)
			i = j
		case c == ' ' || c == '\t':
			j := i + 1
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
			// One space or tab before a word joins the word's token.
			if !(j == i+1 && j < len(s) && !isSpace(s[j])) {
				other += 4 * (j - i)
			}
			i = j
		case c < utf8.RuneSelf:
			other += 4 // newline, punctuation, control character
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			other += 4 * size // invalid bytes: one each (size 1)
			if size > 1 && unicode.IsLetter(r) {
				nLetters++
				nForeign++
			}
			i += size
		}
	}
	if nForeign*100 >= nLetters && nForeign > 0 {
		letters += letters / 4
	}
	n := (letters + other + 3) / 4
	return min(n, len(s))
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// letterRunCost is the cost, in quarter tokens, of a run of ASCII letters:
// the sum over its parts split at case changes (HTTPServer: HTTP, Server;
// getUserID: get, User, ID).
func letterRunCost(run string) int {
	cost := 0
	for i := 0; i < len(run); {
		j := i + 1
		if isUpper(run[i]) {
			for j < len(run) && isUpper(run[j]) {
				j++
			}
			switch {
			case j < len(run) && j-i > 1:
				j-- // HTTPServer: the last capital starts the next part
			case j < len(run):
				for j < len(run) && !isUpper(run[j]) {
					j++
				} // Server
			}
		} else {
			for j < len(run) && !isUpper(run[j]) {
				j++
			}
		}
		cost += partCost(run[i:j])
		i = j
	}
	return cost
}

// partCost is the cost, in quarter tokens, of one part of a letter run:
// one token, one per four letters after the first, one and a half per
// rare letter pair, and at most one per letter.
func partCost(p string) int {
	rare := 0
	for k := 0; k+1 < len(p); k++ {
		a, b := p[k]|0x20-'a', p[k+1]|0x20-'a'
		if commonPairs[a]>>b&1 == 0 {
			rare++
		}
	}
	return min(4*len(p), 4+4*((len(p)-1)/4)+6*rare)
}
