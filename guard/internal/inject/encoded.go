package inject

import (
	"encoding/base64"
	"encoding/hex"
	"net/url"
	"unicode/utf8"
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
// escapes, space-separated binary octets) that decodes to printable text
// holding a space. It is linear in len(s): each byte starts at most one
// run of each kind.
func decodedRuns(s string, dst []decodedRun) []decodedRun {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '0' || c == '1':
			if e, t := binaryRun(s, i); e > i {
				dst = append(dst, decodedRun{span{i, e}, t})
				i = e
				continue
			}
		}
		if c == '%' {
			if e, t := percentRun(s, i); e > i {
				dst = append(dst, decodedRun{span{i, e}, t})
				i = e
				continue
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
// spaces) starting at s[i] and returns its end and decoded text.
func percentRun(s string, i int) (int, string) {
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
	if n < minPercent || e-i > maxDecoded*3 {
		return i, ""
	}
	t, err := url.PathUnescape(s[i:e])
	if err != nil {
		return i, ""
	}
	if t = printableText([]byte(t)); t == "" {
		return i, ""
	}
	return e, t
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
