package grammar

import (
	"slices"
	"sync"
)

// When the greedy tagging of a sentence breaks a rule of clause structure
// (see [Model.wellFormed]), the sentence is tagged again with a small beam
// and the best-scoring tagging that keeps the rules wins. "Angular 17
// requires TypeScript 5.2": greedy tagging takes "requires" for a plural
// noun, which leaves the sentence without a verb; the beam holds the
// reading with "requires" as a verb, which has one.

const (
	beamWidth = 8 // hypotheses kept per position
	beamFan   = 3 // tags tried per hypothesis and position
)

// hyp is one partial tagging, built right to left.
type hyp struct {
	score   int64
	tag     uint16
	parent  int32 // index into the previous column, -1 for the first
	h1, h2  uint16
	fin     int32 // index of the nearest finite verb to the right, -1 none
	nounGap bool
}

type beamState struct {
	s      sentence
	cols   [][]hyp
	feats  []uint64
	scores []int32
	next   []hyp
}

var beamStates = sync.Pool{New: func() any { return new(beamState) }}

// tagBeam tags words right to left with a beam and appends up to
// beamWidth complete taggings, best first, to dst.
func (m *Model) tagBeam(words []string, dst [][]Tag) [][]Tag {
	n := len(words)
	if n == 0 {
		return dst
	}
	bs := beamStates.Get().(*beamState)
	defer beamStates.Put(bs)
	bs.s.prepare(words, m.lex, m.finite)
	defer func() { bs.s.words = nil }()
	if cap(bs.scores) < 256 {
		bs.scores = make([]int32, 256)
	}
	all := bs.scores[:256]
	scores := all[:len(m.tags)]

	for len(bs.cols) < n {
		bs.cols = append(bs.cols, nil)
	}
	prev := []hyp{{parent: -1, h1: noTag, h2: noTag, fin: -1}}
	for i := n - 1; i >= 0; i-- {
		bs.next = bs.next[:0]
		for pi, h := range prev {
			rc := rightCtx{finTag: noTag, preTag: noTag, nounGap: h.nounGap}
			if h.fin >= 0 {
				rc.finTag = tagAt(bs.cols, prev, pi, i, int(h.fin))
				rc.finDist = uint8(min(int(h.fin)-i, 7))
				if int(h.fin)-1 > i {
					rc.preTag = tagAt(bs.cols, prev, pi, i, int(h.fin)-1)
				}
			}
			rc.boundary = i+1 < n && boundary(words[i+1])
			bs.feats = bs.s.tagFeatures(i, h.h1, h.h2, rc, bs.feats[:0])
			clear(scores)
			for _, f := range bs.feats {
				m.tagW.add(f, all)
			}
			// The beamFan best tags.
			var top [beamFan]int
			for k := range top {
				top[k] = -1
			}
			allowed := m.allowedFor(bs.s.info[i].amb)
			for c, v := range scores {
				if allowed != nil && !allowed[c] {
					continue
				}
				for k := range top {
					if top[k] < 0 || v > scores[top[k]] {
						copy(top[k+1:], top[k:len(top)-1])
						top[k] = c
						break
					}
				}
			}
			for _, c := range top {
				if c < 0 {
					continue
				}
				t := uint16(c)
				nh := hyp{score: h.score + int64(scores[c]), tag: t, parent: int32(pi), h1: t, h2: h.h1, fin: h.fin, nounGap: h.nounGap}
				switch {
				case boundary(words[i]):
					nh.fin, nh.nounGap = -1, false
				case m.tc.finite[t]:
					nh.fin, nh.nounGap = int32(i), false
				case h.fin >= 0 && m.tc.noun[t]:
					nh.nounGap = true
				}
				bs.next = append(bs.next, nh)
			}
		}
		slices.SortStableFunc(bs.next, func(a, b hyp) int {
			switch {
			case a.score > b.score:
				return -1
			case a.score < b.score:
				return 1
			}
			return 0
		})
		if len(bs.next) > beamWidth {
			bs.next = bs.next[:beamWidth]
		}
		bs.cols[i] = append(bs.cols[i][:0], bs.next...)
		prev = bs.cols[i]
	}
	for hi := range bs.cols[0] {
		tags := make([]Tag, n)
		col, idx := 0, hi
		for col < n {
			h := bs.cols[col][idx]
			tags[col] = Tag(h.tag)
			idx = int(h.parent)
			col++
		}
		dst = append(dst, tags)
	}
	return dst
}

// tagAt returns the tag at position j (> i) of hypothesis pi of the
// column for position i+1.
func tagAt(cols [][]hyp, prev []hyp, pi, i, j int) uint16 {
	col, idx := i+1, pi
	h := prev[idx]
	for col < j {
		idx = int(h.parent)
		col++
		h = cols[col][idx]
	}
	return h.tag
}
