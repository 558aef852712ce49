package guard

// SWAR helpers: eight bytes of a string tested at once, for the byte
// scans every detector makes over every field (is it ASCII, does
// Normalize change it). Each test is exact per byte on words with no byte
// >= 0x80 (the caller checks w&msb8 first): adding a constant below 0x80
// to bytes of at most 0x7f never carries into the next byte.
const (
	lsb8 = 0x0101010101010101
	msb8 = 0x8080808080808080
)

// load8 reads s[i:i+8] as a little-endian word (the compiler merges the
// byte loads into one).
func load8(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// eq8 has the top bit of each byte of w equal to c set, and no other bit.
// w must have no byte >= 0x80, and c must be below 0x80.
func eq8(w uint64, c byte) uint64 {
	t := w ^ uint64(c)*lsb8
	return ^((t + 0x7f*lsb8) | t) & msb8
}

// ge8 has the top bit of each byte of w at or above n set, and no other
// bit. w must have no byte >= 0x80, and 0 < n <= 0x80.
func ge8(w uint64, n byte) uint64 {
	return (w + uint64(0x80-n)*lsb8) & msb8
}

// ascii8 classifies the ASCII word w (no byte >= 0x80) for Normalize:
// upper has the top bit of each upper-case letter set (w|upper>>2 is w
// lower-cased), and bad is non-zero when w holds a byte Normalize drops or
// rewrites otherwise (a control character other than '\n', DEL) or a space
// that follows a space (prevSpace: the byte before w is a space). A word
// with bad == 0 normalises to w|upper>>2, byte for byte.
func ascii8(w uint64, prevSpace bool) (upper, bad uint64) {
	sp := eq8(w, ' ')
	ctl := ^ge8(w, 0x20) & msb8 &^ eq8(w, '\n')
	upper = ge8(w, 'A') &^ ge8(w, 'Z'+1)
	dbl := sp & (sp << 8)
	if prevSpace {
		dbl |= sp & 0x80
	}
	return upper, ctl | eq8(w, 0x7f) | dbl
}

// abnormal8 reports whether Normalize changes the ASCII word w (no byte
// >= 0x80): it is the block form of isNormalASCII's loop.
func abnormal8(w uint64, prevSpace bool) bool {
	upper, bad := ascii8(w, prevSpace)
	return upper|bad != 0
}
