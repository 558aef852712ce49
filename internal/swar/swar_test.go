package swar

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoad8(t *testing.T) {
	s := "\x01\x02\x03\x04\x05\x06\x07\x08\x09"
	assert.Equal(t, binary.LittleEndian.Uint64([]byte(s[1:9])), Load8(s, 1))
	assert.Panics(t, func() { _ = Load8(s, 2) })
}

// Eq8 and Ge8 agree with a byte-wise reference for every ASCII byte value
// at every position, next to random ASCII neighbours.
func TestEq8Ge8(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for pos := range 8 {
		for b := range 0x80 {
			var word [8]byte
			for i := range word {
				word[i] = byte(r.IntN(0x80))
			}
			word[pos] = byte(b)
			w := binary.LittleEndian.Uint64(word[:])
			for _, c := range []byte{0, 1, ' ', '"', '\\', 'A', 'Z', 0x7f} {
				var eq, ge uint64
				for i, x := range word {
					if x == c {
						eq |= 0x80 << (8 * i)
					}
					if c > 0 && x >= c {
						ge |= 0x80 << (8 * i)
					}
				}
				require.Equal(t, eq, Eq8(w, c), "Eq8(%x, %#x)", w, c)
				if c > 0 {
					require.Equal(t, ge, Ge8(w, c), "Ge8(%x, %#x)", w, c)
				}
			}
		}
	}
	assert.Zero(t, Ge8(0x7f*Lsb8, 0x80), "no ASCII byte is at or above 0x80")
}
