package guard

import (
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
	lower               []byte
	decoder             glDecoder
	lines               lineIndex
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
	clear(sc.lower)
	sc.lower = sc.lower[:0]
	sc.decoder.reset()
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
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	sc.lower = b
	return unsafe.String(unsafe.SliceData(b), len(b))
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
	raw  string
	nl   []int
	done bool
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
