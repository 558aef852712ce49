// Package swar holds the SWAR ("SIMD within a register") helpers that
// guard and checker share: eight bytes of a string loaded into a uint64
// and tested at once, for the byte scans every detector and the strict
// JSON tokenizer make over every field.
//
// The byte tests are exact per byte on words with no byte >= 0x80 (the
// caller checks w&Msb8 first): adding a constant below 0x80 to bytes of
// at most 0x7f never carries into the next byte.
package swar

const (
	// Lsb8 has the lowest bit of every byte set; c*Lsb8 repeats the byte
	// c eight times.
	Lsb8 = 0x0101010101010101
	// Msb8 has the top bit of every byte set.
	Msb8 = 0x8080808080808080
)

// Load8 reads s[i:i+8] as a little-endian word (the compiler merges the
// byte loads into one). It panics, as slicing does, when fewer than eight
// bytes follow i.
func Load8(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// Eq8 has the top bit of each byte of w equal to c set, and no other bit.
// w must have no byte >= 0x80, and c must be below 0x80.
func Eq8(w uint64, c byte) uint64 {
	t := w ^ uint64(c)*Lsb8
	return ^((t + 0x7f*Lsb8) | t) & Msb8
}

// Ge8 has the top bit of each byte of w at or above n set, and no other
// bit. w must have no byte >= 0x80, and 0 < n <= 0x80.
func Ge8(w uint64, n byte) uint64 {
	return (w + uint64(0x80-n)*Lsb8) & Msb8
}
