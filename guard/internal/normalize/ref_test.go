package normalize

import (
	"unicode"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/unicode/norm"
)

// The normalisation passes as they were before the fast paths for
// NFKC-stable regions and small runes (issue 17): the reference the
// equivalence tests hold normalize to.

// normalizer accumulates one normalisation pass.
type refNormalizer struct {
	buf      []byte
	offs     []int // source offset per output byte; nil when not wanted
	wantOffs bool
}

func (n *refNormalizer) lastIsSpace() bool {
	return len(n.buf) > 0 && n.buf[len(n.buf)-1] == ' '
}

func (n *refNormalizer) emitByte(c byte, src int) {
	n.buf = append(n.buf, c)
	if n.wantOffs {
		n.offs = append(n.offs, src)
	}
}

func (n *refNormalizer) emitString(t string, src int) {
	n.buf = append(n.buf, t...)
	if n.wantOffs {
		for range len(t) {
			n.offs = append(n.offs, src)
		}
	}
}

func (n *refNormalizer) emitRune(r rune, src int) {
	if r < utf8.RuneSelf {
		n.emitByte(byte(r), src)
		return
	}
	k := len(n.buf)
	n.buf = utf8.AppendRune(n.buf, r)
	if n.wantOffs {
		for range len(n.buf) - k {
			n.offs = append(n.offs, src)
		}
	}
}

// asciiByte handles one ASCII byte; crlf reports whether it is a CR
// directly followed by LF (the pair becomes one "\n").
func (n *refNormalizer) asciiByte(c byte, src int, crlf bool) {
	switch {
	case c == '\n' || c == '\v' || c == '\f':
		n.emitByte('\n', src)
	case c == '\r':
		if !crlf {
			n.emitByte('\n', src)
		}
	case c == ' ' || c == '\t':
		if !n.lastIsSpace() {
			n.emitByte(' ', src)
		}
	case c < ' ' || c == 0x7F:
		// other control characters are dropped
	case 'A' <= c && c <= 'Z':
		n.emitByte(c+'a'-'A', src)
	default:
		n.emitByte(c, src)
	}
}

// foldRune handles one rune of NFKC output.
func (n *refNormalizer) foldRune(r rune, src int) {
	if r < utf8.RuneSelf {
		n.asciiByte(byte(r), src, false)
		return
	}
	switch kind := refRuneKind(r); kind {
	case KindDrop:
		return
	case KindNewline:
		n.emitByte('\n', src)
		return
	case KindSpace:
		if !n.lastIsSpace() {
			n.emitByte(' ', src)
		}
		return
	}
	lr := unicode.ToLower(r)
	if lr < utf8.RuneSelf {
		n.emitByte(byte(lr), src)
		return
	}
	if t, ok := confusable(lr); ok {
		n.emitString(t, src)
		return
	}
	n.emitRune(lr, src)
}

// refRuneKind is RuneKind as it was.
func refRuneKind(r rune) int {
	switch r {
	case 0x85, 0x2028, 0x2029:
		return KindNewline
	case 0x034F, // combining grapheme joiner
		0x115F, 0x1160, 0x3164, 0xFFA0, // Hangul fillers
		0x17B4, 0x17B5: // Khmer inherent vowels (invisible)
		return KindDrop
	}
	switch {
	case 0xFE00 <= r && r <= 0xFE0F, 0xE0100 <= r && r <= 0xE01EF, 0x180B <= r && r <= 0x180F:
		return KindDrop // variation selectors
	case unicode.IsSpace(r) || unicode.Is(unicode.Zs, r):
		return KindSpace
	case unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Cc, r):
		return KindDrop
	case r == utf8.RuneError:
		return kindKeep
	}
	return kindKeep
}

// refNormalize is normalize as it was: it runs normalisation passes until the text is stable. One pass
// suffices for almost all text; a second is needed when removing or
// folding a character lets NFKC compose across the gap (Cyrillic "е" +
// U+0301 folds to "e" + U+0301, which composes to "é").
func refNormalize(s string, wantOffs bool) (string, []int) {
	if IsASCII(s) {
		return asciiPass(s, wantOffs)
	}
	if !utf8.ValidString(s) {
		// Invalid bytes are dropped before NFKC sees them (x/text's
		// iterator is only specified for valid UTF-8).
		clean, cmap := refDropInvalid(s)
		out, offs := refNormalize(clean, wantOffs)
		for i, o := range offs {
			offs[i] = cmap[o]
		}
		return out, offs
	}
	out, offs := refPass(s, wantOffs)
	for range 4 {
		if IsASCII(out) || norm.NFKC.IsNormalString(out) {
			break
		}
		next, offs2 := refPass(out, wantOffs)
		if next == out {
			break
		}
		if wantOffs {
			for i, o := range offs2 {
				offs2[i] = offs[o]
			}
			offs = offs2
		}
		out = next
	}
	return out, offs
}

// refDropInvalid removes invalid UTF-8 bytes from s; cmap maps each byte of
// the result, and its end, to its offset in s.
func refDropInvalid(s string) (string, []int) {
	b := make([]byte, 0, len(s))
	cmap := make([]int, 0, len(s)+1)
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && w == 1 {
			i++
			continue
		}
		b = append(b, s[i:i+w]...)
		for k := 0; k < w; k++ {
			cmap = append(cmap, i)
		}
		i += w
	}
	cmap = append(cmap, len(s))
	return string(b), cmap
}

// refPass is pass as it was: one normalisation pass over s.
func refPass(s string, wantOffs bool) (string, []int) {
	n := refNormalizer{buf: make([]byte, 0, len(s)), wantOffs: wantOffs}
	if wantOffs {
		n.offs = make([]int, 0, len(s)+1)
	}
	var it *norm.Iter // allocated on the first non-ASCII region
	var starts []int
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf && (i+1 == len(s) || s[i+1] < utf8.RuneSelf) {
			n.asciiByte(c, i, c == '\r' && i+1 < len(s) && s[i+1] == '\n')
			i++
			continue
		}
		// A non-ASCII region, starting at the ASCII character (if any) that
		// a combining mark may attach to. It ends before an ASCII character
		// that is followed by ASCII or the end: there NFKC cannot compose
		// across.
		j := i + 1
		for j < len(s) && !(s[j] < utf8.RuneSelf && (j+1 == len(s) || s[j+1] < utf8.RuneSelf)) {
			j++
		}
		region := s[i:j]
		if it == nil {
			it = new(norm.Iter)
		}
		it.InitString(norm.NFKC, region)
		for !it.Done() {
			segStart := it.Pos()
			seg := it.Next()
			segEnd := it.Pos()
			// Source rune starts of this segment, to map outputs one to one
			// when the rune counts agree.
			starts = starts[:0]
			for k := segStart; k < segEnd; {
				_, w := utf8.DecodeRuneInString(region[k:])
				starts = append(starts, i+k)
				k += w
			}
			oneToOne := utf8.RuneCount(seg) == len(starts)
			for k, ri := 0, 0; k < len(seg); ri++ {
				r, w := utf8.DecodeRune(seg[k:])
				src := i + segStart
				if oneToOne {
					src = starts[ri]
				}
				if r == utf8.RuneError && w == 1 {
					// invalid UTF-8 is dropped
				} else if r == '\r' && src+1 < len(s) && s[src+1] == '\n' {
					// CRLF: the LF emits the newline
				} else {
					n.foldRune(r, src)
				}
				k += w
			}
		}
		i = j
	}
	if wantOffs {
		n.offs = append(n.offs, len(s))
	}
	if len(n.buf) == 0 {
		return "", n.offs
	}
	// n.buf is never written again: hand it over without copying.
	return unsafe.String(&n.buf[0], len(n.buf)), n.offs
}
