package normalize

import "github.com/wardline/wardline/internal/swar"

// SWAR helpers: eight bytes of a string tested at once, for the byte
// scans every detector makes over every field (is it ASCII, does
// Normalize change it). The generic helpers live in internal/swar, shared
// with package checker; these short names keep guard's scans readable.
const (
	lsb8 = swar.Lsb8
	msb8 = swar.Msb8
)

// load8 is swar.Load8.
func load8(s string, i int) uint64 { return swar.Load8(s, i) }

// eq8 is swar.Eq8.
func eq8(w uint64, c byte) uint64 { return swar.Eq8(w, c) }

// ge8 is swar.Ge8.
func ge8(w uint64, n byte) uint64 { return swar.Ge8(w, n) }

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
// >= 0x80): it is the block form of IsNormalASCII's loop.
func abnormal8(w uint64, prevSpace bool) bool {
	upper, bad := ascii8(w, prevSpace)
	return upper|bad != 0
}
