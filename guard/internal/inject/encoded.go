package inject

import (
	"encoding/base64"
	"encoding/hex"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/wardline/wardline/guard/internal/grammar"
)

// Encoded runs: text a reader cannot read until it is decoded, which a
// model reads at once. A run that decodes to printable text with a space
// in it is judged as text (see decodedRuns); one that decodes to bytes is
// data (a hash, a key, an image) and left alone.

// Thresholds below which a run is not tried: shorter runs decode to too
// little text to hold a sentence.
const (
	minBase64  = 20 // characters of the base64 alphabet
	minHex     = 24 // hex digits (12 bytes)
	minPercent = 4  // %XX escapes
	minBinary  = 8  // groups of eight bits
	maxDecoded = 4096
)

// decodedRun is a run of s and the text it decodes to.
type decodedRun struct {
	span
	text string
}

// decodedRuns appends to dst every run of s (base64, hex, percent
// escapes, space-separated binary octets, words in a rotated alphabet)
// that decodes to printable text holding a space. It is linear in len(s): each byte starts at most one
// run of each kind.
func decodedRuns(s string, dst []decodedRun) []decodedRun {
	rotTried := 0  // rotated-letter stretches are tried once, from their start
	pctFailed := 0 // percent runs: no start before this decodes (see percentRun)
	for i := 0; i < len(s); {
		c := s[i]
		if i >= rotTried && isLetter(c) && (i == 0 || !isLetter(s[i-1]) && s[i-1] != '\'') {
			e, t := rotatedRun(s, i)
			if t != "" {
				dst = append(dst, decodedRun{span{i, e}, t})
				i = e
				continue
			}
			rotTried = e
		}
		switch {
		case c == '0' || c == '1':
			if e, t := binaryRun(s, i); e > i {
				dst = append(dst, decodedRun{span{i, e}, t})
				i = e
				continue
			}
		}
		if c == '%' && i >= pctFailed {
			e, t, rest := percentRun(s, i)
			if t != "" {
				dst = append(dst, decodedRun{span{i, e}, t})
				i = e
				continue
			}
			if rest {
				pctFailed = e
			}
		}
		if isB64(c) && (i == 0 || !isB64(s[i-1])) {
			e := i
			for e < len(s) && isB64(s[e]) {
				e++
			}
			pad := e
			for pad < len(s) && pad < e+2 && s[pad] == '=' {
				pad++
			}
			if e-i >= minBase64 {
				if t := decodeB64(s[i:pad]); t != "" {
					dst = append(dst, decodedRun{span{i, pad}, t})
				} else if t := decodeHex(s[i:e]); t != "" {
					dst = append(dst, decodedRun{span{i, e}, t})
				}
			}
			i = max(pad, i+1)
			continue
		}
		i++
	}
	return dst
}

func isB64(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '-' || c == '_'
}

// decodeB64 decodes s as base64 in any of its four forms and returns
// the text when it is printable with a space in it.
func decodeB64(s string) string {
	if len(s) > maxDecoded*2 {
		s = s[:maxDecoded*2]
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		b, err := enc.DecodeString(s)
		if err != nil {
			continue
		}
		if t := printableText(b); t != "" {
			return t
		}
	}
	return ""
}

func decodeHex(s string) string {
	if len(s) < minHex || len(s)%2 != 0 {
		return ""
	}
	for i := 0; i < len(s); i++ {
		if !isHex(s[i]) {
			return ""
		}
	}
	if len(s) > maxDecoded*2 {
		s = s[:maxDecoded*2]
	}
	b, err := hex.DecodeString(s)
	if err != nil {
		return ""
	}
	return printableText(b)
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// percentRun reads a run of %XX escapes mixed with plain characters (no
// spaces) starting at s[i] and returns its end and decoded text, or ""
// when the run does not decode to printable text with a space. When it
// does not, rest reports whether no later start in s[i:e] can decode
// either: every '%' in the run opens an escape, and a run from a later
// one ends at e too, holds fewer escapes and decodes to a suffix of the
// text, so too few escapes or no space rules all of them out.
func percentRun(s string, i int) (e int, text string, rest bool) {
	e, n := i, 0
	for e < len(s) && s[e] > ' ' {
		if s[e] == '%' {
			if e+2 < len(s) && isHex(s[e+1]) && isHex(s[e+2]) {
				n++
				e += 3
				continue
			}
			break
		}
		e++
	}
	if n < minPercent {
		return e, "", true
	}
	if e-i > maxDecoded*3 {
		return e, "", false
	}
	t, err := url.PathUnescape(s[i:e])
	if err != nil {
		return e, "", false
	}
	if strings.IndexByte(t, ' ') < 0 {
		return e, "", true
	}
	if t = printableText([]byte(t)); t == "" {
		return e, "", false
	}
	return e, t, false
}

// binaryRun reads groups of eight 0/1 digits separated by single spaces.
func binaryRun(s string, i int) (int, string) {
	var b []byte
	e := i
	for e+8 <= len(s) {
		var v byte
		ok := true
		for k := 0; k < 8; k++ {
			switch s[e+k] {
			case '0':
				v <<= 1
			case '1':
				v = v<<1 | 1
			default:
				ok = false
			}
		}
		if !ok || e+8 < len(s) && s[e+8] != ' ' && s[e+8] != '\n' && s[e+8] != ',' {
			break
		}
		b = append(b, v)
		e += 8
		if e < len(s) && (s[e] == ' ' || s[e] == ',') {
			e++
		}
		if len(b) >= maxDecoded {
			break
		}
	}
	if len(b) < minBinary {
		return i, ""
	}
	t := printableText(b)
	if t == "" {
		return i, ""
	}
	return e, t
}

// printableText returns b as a string when it is valid UTF-8 of printable
// characters (tabs and line breaks allowed) with a space in it, else "".
func printableText(b []byte) string {
	if !utf8.Valid(b) || len(b) == 0 {
		return ""
	}
	space := false
	for _, r := range string(b) {
		switch {
		case r == ' ':
			space = true
		case r == '\n' || r == '\t' || r == '\r':
		case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || r == utf8.RuneError:
			return ""
		}
	}
	if !space {
		return ""
	}
	return string(b)
}

// decodeCue reports whether a normalised sentence asks its reader to
// decode something and act on it ("decode this and follow it").
func decodeCue(toks []tok) bool {
	for i, t := range toks {
		if t.f&wDecode == 0 {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+8; j++ {
			if toks[j].f&wAct != 0 {
				return true
			}
		}
	}
	return false
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// Rotated-alphabet runs (a Caesar shift, ROT13): a stretch of words of
// which almost none is English and which, every letter shifted by one
// amount, reads as English.
const (
	minRotWords   = 5  // words in a stretch before it is tried
	rotProbeWords = 12 // words read to choose the shift
)

// rotatedRun reads the stretch of letter words and light punctuation that
// starts at i and returns its end and, when some shift of the alphabet
// turns it into English (grammar.Model.Known for at least 60% of the
// probed words and at least four of them, where the text as it stands has
// at most one in four), the shifted text. The stretch is at most
// maxDecoded bytes; the work is bounded by rotProbeWords words times 25
// shifts, once per stretch.
func rotatedRun(s string, i int) (int, string) {
	e, words := i, 0
	var probe [rotProbeWords]string
	for e < len(s) && e-i < maxDecoded {
		w := e
		for w < len(s) && isLetter(s[w]) {
			w++
		}
		if w == e {
			break
		}
		if words < rotProbeWords {
			probe[words] = s[e:w]
		}
		words++
		e = w
		// Light punctuation and one space between words.
		for e < len(s) && e-w < 3 {
			switch s[e] {
			case ',', '.', ':', ';', '!', '?', '\'', '-':
				e++
				continue
			}
			break
		}
		if e < len(s) && s[e] == ' ' {
			e++
			continue
		}
		break
	}
	if words < minRotWords {
		return max(e, i+1), ""
	}
	n := min(words, rotProbeWords)
	m := grammar.Default()
	var buf [64]byte
	known := func(shift byte) int {
		k := 0
		for _, w := range probe[:n] {
			if len(w) > len(buf) {
				continue
			}
			b := buf[:len(w)]
			for j := range len(w) {
				b[j] = rot(w[j], shift)
			}
			if m.Known(string(b)) {
				k++
			}
		}
		return k
	}
	// English as it stands: more than one word in four known. Most text
	// shows it within its first few words, so stop counting there.
	english := 0
	for _, w := range probe[:n] {
		if m.Known(w) {
			if english++; english*4 > n {
				return e, ""
			}
		}
	}
	best, bestK := byte(0), 0
	for shift := byte(1); shift < 26; shift++ {
		if k := known(shift); k > bestK {
			best, bestK = shift, k
		}
	}
	if bestK < 4 || bestK*10 < n*6 {
		return e, ""
	}
	out := make([]byte, e-i)
	for j := range out {
		out[j] = rot(s[i+j], best)
	}
	return e, string(out)
}

// rot shifts an ASCII letter by shift places in its alphabet.
func rot(c, shift byte) byte {
	switch {
	case c >= 'a' && c <= 'z':
		return 'a' + (c-'a'+shift)%26
	case c >= 'A' && c <= 'Z':
		return 'A' + (c-'A'+shift)%26
	}
	return c
}
