package normalize

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// isNormalASCIIRef is IsNormalASCII one byte at a time, the reference the
// eight-byte form is checked against.
func isNormalASCIIRef(s string) bool {
	prevSpace := false
	for i := 0; i < len(s); i++ {
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

func asciiFormRef(s string) (ascii, normal bool) {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false, false
		}
	}
	return true, isNormalASCIIRef(s)
}

func checkSWAR(t *testing.T, s string) {
	t.Helper()
	require.Equal(t, isNormalASCIIRef(s), IsNormalASCII(s), "IsNormalASCII(%q)", s)
	a, n := ASCIIForm(s)
	ra, rn := asciiFormRef(s)
	require.Equal(t, [2]bool{ra, rn}, [2]bool{a, n}, "ASCIIForm(%q)", s)
}

// TestSWARPairs puts every pair of byte values side by side at every
// position around the first eight-byte boundary, in lower-case text.
func TestSWARPairs(t *testing.T) {
	base := []byte("abcdefghijklmnop")
	for pos := 5; pos <= 9; pos++ {
		for a := range 256 {
			for b := range 256 {
				s := append([]byte(nil), base...)
				s[pos], s[pos+1] = byte(a), byte(b)
				checkSWAR(t, string(s))
			}
		}
	}
}

// TestSWARRandom compares both scans with their byte-wise references on
// random text drawn mostly from the bytes the tests single out.
func TestSWARRandom(t *testing.T) {
	alphabet := []byte(" \n\t\r\x00\x1f\x7f\x80\xff@AZ[`az{~!0 ")
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for range 200_000 {
		b.Reset()
		for range r.IntN(40) {
			if r.IntN(3) == 0 {
				b.WriteByte(alphabet[r.IntN(len(alphabet))])
			} else {
				b.WriteByte(byte('a' + r.IntN(26)))
			}
		}
		checkSWAR(t, b.String())
	}
}

func TestSWARHelpers(t *testing.T) {
	for c := range 128 {
		w := uint64(c) * lsb8
		assert.Equal(t, c == ' ', eq8(w, ' ') == msb8, "eq8 %#x", c)
		assert.Equal(t, c >= 'A', ge8(w, 'A') == msb8, "ge8 %#x", c)
	}
}

// asciiPassRef is ASCIIPassInto one byte at a time, the reference its
// eight-byte path is checked against.
func asciiPassRef(s string) (string, []int) {
	var buf []byte
	var offs []int
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch ASCIIClass[c] {
		case ACPlain:
		case acUpper:
			c += 'a' - 'A'
		case acSpace:
			if len(buf) > 0 && buf[len(buf)-1] == ' ' {
				continue
			}
			c = ' '
		case acNewline:
			if c == '\r' && i+1 < len(s) && s[i+1] == '\n' {
				continue
			}
			c = '\n'
		default:
			continue
		}
		buf = append(buf, c)
		offs = append(offs, i)
	}
	return string(buf), append(offs, len(s))
}

func checkASCIIPass(t *testing.T, s string) {
	t.Helper()
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return // ASCIIPassInto takes ASCII only
		}
	}
	want, wantOffs := asciiPassRef(s)
	got, offs := ASCIIPassInto(s, true, nil, nil)
	require.Equal(t, want, got, "ASCIIPassInto(%q)", s)
	require.Equal(t, wantOffs, offs, "ASCIIPassInto(%q) offsets", s)
	got, _ = ASCIIPassInto(s, false, make([]byte, 0, 64), nil)
	require.Equal(t, want, got, "ASCIIPassInto(%q) without offsets", s)
}

func TestASCIIPassPairs(t *testing.T) {
	base := []byte("abcdefgh ijklmnopqrst")
	for pos := 6; pos <= 9; pos++ {
		for a := range 128 {
			for b := range 128 {
				s := append([]byte(nil), base...)
				s[pos], s[pos+1] = byte(a), byte(b)
				checkASCIIPass(t, string(s))
			}
		}
	}
}

func TestASCIIPassRandom(t *testing.T) {
	alphabet := []byte(" \n\t\r\v\f\x00\x1f\x7f@AZ[`az{~!0  ")
	r := rand.New(rand.NewPCG(3, 4))
	var b strings.Builder
	for range 100_000 {
		b.Reset()
		for range r.IntN(48) {
			if r.IntN(3) == 0 {
				b.WriteByte(alphabet[r.IntN(len(alphabet))])
			} else {
				b.WriteByte(byte('A' + r.IntN(58)))
			}
		}
		checkASCIIPass(t, b.String())
	}
}
