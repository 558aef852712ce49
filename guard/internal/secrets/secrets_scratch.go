package secrets

import (
	"encoding/binary"
	"sync"
	"unsafe"
)

// secretScratch holds the buffers one scan needs, reused through a pool so
// that scanning clean text allocates nothing. Nothing a scan returns
// points into it.
type secretScratch struct {
	hits                []kwHit
	chainHits           [kwChains - 1][]kwHit
	seen, on, looseOn   []bool
	active, looseActive []int
	occ                 []int
	memo                []anchorMemo // anchor positions found in this pass
	nmemo               int
	lower               []byte
	decoder             glDecoder
	lines               lineIndex
	viable              viableState // the anchor checks' memos (secrets_reach.go)
}

var secretScratchPool = sync.Pool{New: func() any { return new(secretScratch) }}

// maxPooledText bounds the text size whose buffers go back to the pool, so
// that one huge input does not pin its buffers for the process's life.
const maxPooledText = 1 << 20

func getSecretScratch() *secretScratch {
	return secretScratchPool.Get().(*secretScratch)
}

// putSecretScratch forgets the scan's text (the lowered copy is zeroed,
// references into the input are dropped) and returns sc to the pool.
func putSecretScratch(sc *secretScratch) {
	if cap(sc.lower) > maxPooledText || cap(sc.hits) > maxPooledText/8 || cap(sc.occ) > maxPooledText/8 {
		return
	}
	for _, m := range sc.memo {
		if cap(m.occ) > maxPooledText/8 {
			return
		}
	}
	for _, h := range sc.chainHits {
		if cap(h) > maxPooledText/8 {
			return
		}
	}
	clear(sc.lower)
	sc.lower = sc.lower[:0]
	sc.decoder.reset()
	sc.nmemo = 0
	sc.lines = lineIndex{nl: sc.lines.nl[:0]}
	secretScratchPool.Put(sc)
}

// lowerOf returns s with ASCII letters lowered (asciiLower), in sc's
// buffer: valid until the next call.
func (sc *secretScratch) lowerOf(s string) string {
	if len(s) == 0 {
		return ""
	}
	b := append(sc.lower[:0], s...)
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		binary.LittleEndian.PutUint64(b[i:], x|upperMask(x)>>2)
	}
	for ; i < len(b); i++ {
		if c := b[i]; 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	sc.lower = b
	return unsafe.String(unsafe.SliceData(b), len(b))
}

const (
	swarOnes = 0x0101010101010101
	swarHigh = 0x8080808080808080
)

// upperMask returns 0x80 in each byte of x that is an ASCII upper-case
// letter, 0 elsewhere. Each byte's low seven bits h are added to 0x80-'A'
// and to 0x80-'Z'-1 without carries between bytes (both sums stay below
// 0x100); the high bit of the first is set when h >= 'A', of the second
// when h > 'Z'; bytes with their own high bit set are not ASCII.
func upperMask(x uint64) uint64 {
	h := x &^ swarHigh
	geA := h + swarOnes*(0x80-'A')
	gtZ := h + swarOnes*(0x80-'Z'-1)
	return geA &^ gtZ &^ x & swarHigh
}

// asciiOnly reports whether s holds ASCII bytes only (normalize.IsASCII, eight
// bytes at a time).
func asciiOnly(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if loadWord(s, i)&swarHigh != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// loadWord returns s[i:i+8] as a little-endian word.
func loadWord(s string, i int) uint64 {
	return binary.LittleEndian.Uint64(unsafe.Slice(unsafe.StringData(s[i:]), 8))
}

// anchorMemo is one entry of secretScratch.memo: the positions of a set of
// anchors in the text of the current pass.
type anchorMemo struct {
	anchors []string
	occ     []int
}

// resetBools returns *p resized to n and all false.
func resetBools(p *[]bool, n int) []bool {
	if cap(*p) < n {
		*p = make([]bool, n)
	} else {
		*p = (*p)[:n]
		clear(*p)
	}
	return *p
}

// lineIndex lists the offsets of raw's newlines, computed on first use.
type lineIndex struct {
	raw   string
	nl    []int
	done  bool
	allow allowMemo // allowlist answers on lines of raw (see findingAllowed)
}

func (l *lineIndex) newlines() []int {
	if !l.done {
		for i := 0; i < len(l.raw); i++ {
			if l.raw[i] == '\n' {
				l.nl = append(l.nl, i)
			}
		}
		l.done = true
	}
	return l.nl
}
