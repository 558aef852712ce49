package grammar

import (
	"math"
	"slices"
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

// topTags is written for beamFan 3.
var _ [beamFan - 3]struct{}
var _ [3 - beamFan]struct{}

// hyp is one partial tagging, built right to left.
type hyp struct {
	score   int64
	tag     uint16
	parent  int32 // index into the previous column, -1 for the first
	h1, h2  uint16
	fin     int32 // index of the nearest finite verb to the right, -1 none
	nounGap bool
}

// beamState is the beam's part of a tagState.
type beamState struct {
	cols [][]hyp
	next []hyp
	// h1rows holds, per distinct tag h1 among a column's hypotheses (in
	// h1keys), the position's word votes plus the votes of the features
	// that read h1 alone.
	h1rows []int32
	h1keys []uint16
	// Hypotheses of a column that agree on everything the features read
	// of the tags (h1, h2 and the right context) get the same scores: ctx
	// holds each such context met at the current position and tops its
	// best classes and their scores.
	ctx  []beamCtx
	tops []beamTop
}

type beamCtx struct {
	h1, h2 uint16
	rc     rightCtx
}

type beamTop struct {
	c [beamFan]int
	v [beamFan]int32
}

// tagBeam tags words right to left with a beam and appends up to
// beamWidth complete taggings, best first, to dst. The taggings reuse the
// storage of those dst holds past its length (dst[:cap(dst)]).
func (m *Model) tagBeam(words []string, dst [][]Tag) [][]Tag {
	st := tagStates.Get().(*tagState)
	defer tagStates.Put(st)
	st.prepare(m, words)
	dst = m.beamTags(st, dst)
	st.release()
	return dst
}

// beamTags is tagBeam on the words st was prepared for.
func (m *Model) beamTags(st *tagState, dst [][]Tag) [][]Tag {
	words := st.s.words
	n := len(words)
	if n == 0 {
		return dst
	}
	bs := &st.beam
	bs.h1rows = growInt32(bs.h1rows, beamWidth*st.nt)
	for len(bs.cols) < n {
		bs.cols = append(bs.cols, nil)
	}
	prev := []hyp{{parent: -1, h1: noTag, h2: noTag, fin: -1}}
	// Scores met at earlier positions: a position whose row is that of an
	// earlier one (tagState.canon) and whose features reading the tags are
	// the same gets the same best tags. Crafted text repeats one pattern
	// of words throughout.
	var seen beamMemo
	for i := n - 1; i >= 0; i-- {
		bs.next = bs.next[:0]
		bs.h1keys = bs.h1keys[:0]
		bs.ctx, bs.tops = bs.ctx[:0], bs.tops[:0]
		allowed := m.allowedFor(st.s.info[i].amb)
		atBoundary := boundary(words[i])
		for pi, h := range prev {
			rc := rightCtx{finTag: noTag, preTag: noTag, nounGap: h.nounGap}
			if h.fin >= 0 {
				rc.finTag = tagAt(bs.cols, prev, pi, i, int(h.fin))
				rc.finDist = uint8(min(int(h.fin)-i, 7))
				if int(h.fin)-1 > i {
					rc.preTag = tagAt(bs.cols, prev, pi, i, int(h.fin)-1)
				}
			}
			j := slices.Index(bs.ctx, beamCtx{h.h1, h.h2, rc})
			if j < 0 {
				j = len(bs.ctx)
				bs.ctx = append(bs.ctx, beamCtx{h.h1, h.h2, rc})
				key := beamKey{canon: st.canon[i], h1: st.s.h1Features(i, h.h1), rest: st.s.restFeatures(i, h.h1, h.h2, rc)}
				top, ok := seen.get(&key)
				if !ok {
					top = m.beamScores(st, i, h, &key, allowed)
					seen.put(&key, top)
				}
				bs.tops = append(bs.tops, top)
			}
			top := &bs.tops[j]
			for ti, c := range top.c {
				if c < 0 {
					continue
				}
				t := uint16(c)
				nh := hyp{score: h.score + int64(top.v[ti]), tag: t, parent: int32(pi), h1: t, h2: h.h1, fin: h.fin, nounGap: h.nounGap}
				switch {
				case atBoundary:
					nh.fin, nh.nounGap = -1, false
				case m.tc.finite[t]:
					nh.fin, nh.nounGap = int32(i), false
				case h.fin >= 0 && m.tc.noun[t]:
					nh.nounGap = true
				}
				if !bs.push(nh) {
					break // the rest score no more
				}
			}
		}
		bs.cols[i] = append(bs.cols[i][:0], bs.next...)
		prev = bs.cols[i]
	}
	for hi := range bs.cols[0] {
		// Reuse the taggings dst held before it was cut.
		var tags []Tag
		if len(dst) < cap(dst) {
			tags = dst[: len(dst)+1 : cap(dst)][len(dst)]
		}
		if cap(tags) < n {
			tags = make([]Tag, n)
		}
		tags = tags[:n]
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

// beamKey is what beamScores' answer at a position depends on: the
// position whose row it reads (see tagState.canon) and the features that
// read the tags to its right. (The tags allowed come with the word, the
// same at positions of the same row.)
type beamKey struct {
	canon int32
	h1    [4]uint64
	rest  [2]uint64
}

// beamMemo remembers the last beamScores answers of one tagging, in a
// ring.
type beamMemo struct {
	keys [32]beamKey
	tops [32]beamTop
	n    int // entries written
}

func (b *beamMemo) get(k *beamKey) (beamTop, bool) {
	for j := range min(b.n, len(b.keys)) {
		// (the position first: in text that does not repeat itself no
		// two positions share a row, and the whole key is not read)
		if b.keys[j].canon == k.canon && b.keys[j] == *k {
			return b.tops[j], true
		}
	}
	return beamTop{}, false
}

func (b *beamMemo) put(k *beamKey, top beamTop) {
	j := b.n % len(b.keys)
	b.keys[j], b.tops[j] = *k, top
	b.n++
}

// beamScores scores the tags of position i after hypothesis h, whose
// features that read the tags to the right are key's, and returns the
// beamFan best allowed.
func (m *Model) beamScores(st *tagState, i int, h hyp, key *beamKey, allowed []bool) beamTop {
	bs := &st.beam
	nt := st.nt
	scores := st.all[:nt]
	k := slices.Index(bs.h1keys, h.h1)
	if k < 0 {
		k = len(bs.h1keys)
		bs.h1keys = append(bs.h1keys, h.h1)
		copy(scores, st.row(i))
		for _, f := range key.h1 {
			m.tagW.add(f, st.all)
		}
		copy(bs.h1rows[k*nt:(k+1)*nt], scores)
	}
	copy(scores, bs.h1rows[k*nt:(k+1)*nt])
	for _, f := range key.rest {
		m.tagW.add(f, st.all)
	}
	var top beamTop
	top.c = topTags(scores, allowed)
	for ti, c := range top.c {
		if c >= 0 {
			top.v[ti] = scores[c]
		}
	}
	return top
}

// topTags returns the beamFan best-scoring allowed tag classes, best
// first, and -1 where there are fewer; of equal scores the lower class
// comes first. An empty place holds the score math.MinInt32, below any
// sum of int16 votes of a position's few dozen features.
func topTags(scores []int32, allowed []bool) [beamFan]int {
	t0, t1, t2 := -1, -1, -1
	b0, b1, b2 := int32(math.MinInt32), int32(math.MinInt32), int32(math.MinInt32)
	for c, v := range scores {
		if v <= b2 || allowed != nil && !allowed[c] {
			continue
		}
		switch {
		case v > b0:
			t0, t1, t2, b0, b1, b2 = c, t0, t1, v, b0, b1
		case v > b1:
			t1, t2, b1, b2 = c, t1, v, b1
		default:
			t2, b2 = c, v
		}
	}
	return [beamFan]int{t0, t1, t2}
}

// push adds a candidate to bs.next, which it keeps sorted by score, best
// first, a candidate after those of equal score before it, and at most
// beamWidth long: the candidates a stable sort of all of them, cut to
// beamWidth, would keep. It reports whether the candidate was kept.
func (bs *beamState) push(nh hyp) bool {
	n := len(bs.next)
	if n == beamWidth && nh.score <= bs.next[n-1].score {
		return false
	}
	j := n
	for j > 0 && bs.next[j-1].score < nh.score {
		j--
	}
	if n < beamWidth {
		bs.next = append(bs.next, hyp{})
	}
	copy(bs.next[j+1:], bs.next[j:])
	bs.next[j] = nh
	return true
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

// sameTags reports whether a and b are the same tagging.
func sameTags(a, b []Tag) bool { return slices.Equal(a, b) }
