package grammar

import "sync"

// Tag is a part-of-speech class of the model: a universal tag (UPOS) and
// a Penn Treebank tag (XPOS) together.
type Tag uint16

// UPOS returns the universal part of speech of t ("VERB", "NOUN", ...).
func (m *Model) UPOS(t Tag) string {
	if int(t) >= len(m.upos) {
		return "X"
	}
	return m.upos[t]
}

// XPOS returns the Penn Treebank tag of t ("VB", "VBZ", "NN", ...).
func (m *Model) XPOS(t Tag) string {
	if int(t) >= len(m.xpos) {
		return "X"
	}
	return m.xpos[t]
}

// tagState is the scratch space of one tagging: the sentence and, per
// position, the votes of its word features (wordFeatures), which the
// greedy pass and the beam then add the tag history's votes to.
type tagState struct {
	s     sentence
	nt    int     // tag classes
	rows  []int32 // position i's word votes at [i*nt, (i+1)*nt)
	all   []int32 // 256 scores: a table's votes index it by class unchecked
	feats []uint64
	out   []uint16
	beam  beamState
}

var tagStates = sync.Pool{New: func() any { return new(tagState) }}

// prepare reads words and sums the votes of every position's word
// features.
func (st *tagState) prepare(m *Model, words []string) {
	st.s.prepare(words, m.lex, m.finite)
	nt := len(m.tags)
	st.nt = nt
	if cap(st.all) < 256 {
		st.all = make([]int32, 256)
	}
	st.all = st.all[:256]
	st.rows = growInt32(st.rows, len(words)*nt)
	scores := st.all[:nt]
	for i := range words {
		st.feats = st.s.wordFeatures(i, st.feats[:0])
		clear(scores)
		for _, f := range st.feats {
			m.tagW.add(f, st.all)
		}
		copy(st.rows[i*nt:(i+1)*nt], scores)
	}
}

// release drops the references to the caller's words.
func (st *tagState) release() { st.s.words = nil }

// row returns the votes of position i's word features.
func (st *tagState) row(i int) []int32 { return st.rows[i*st.nt : (i+1)*st.nt] }

// TagWords appends the tag of every word to dst and returns it. words are
// tokens as [Tokenize] cuts them, in their original case or lower-cased.
// It is safe for concurrent use and allocates only to grow dst.
func (m *Model) TagWords(words []string, dst []Tag) []Tag {
	st := tagStates.Get().(*tagState)
	defer tagStates.Put(st)
	st.prepare(m, words)
	dst = m.tagGreedy(st, dst)
	st.release()
	return dst
}

// tagGreedy is TagWords on the words st was prepared for.
func (m *Model) tagGreedy(st *tagState, dst []Tag) []Tag {
	scores := st.all[:st.nt]
	st.out = growU16(st.out, len(st.s.words))
	st.s.walkTags(&m.tc, st.out, func(i int, h1, h2 uint16, rc rightCtx) uint16 {
		copy(scores, st.row(i))
		for _, f := range st.s.h1Features(i, h1) {
			m.tagW.add(f, st.all)
		}
		for _, f := range st.s.restFeatures(i, h1, h2, rc) {
			m.tagW.add(f, st.all)
		}
		return uint16(bestAllowed(scores, m.allowedFor(st.s.info[i].amb)))
	})
	for _, t := range st.out {
		dst = append(dst, Tag(t))
	}
	return dst
}

func growU16(b []uint16, n int) []uint16 {
	if cap(b) < n {
		return make([]uint16, n)
	}
	return b[:n]
}

// bestAllowed returns the best-scoring tag class among those allowed.
func bestAllowed(scores []int32, allowed []bool) int {
	best := -1
	for c, v := range scores {
		if (allowed == nil || allowed[c]) && (best < 0 || v > scores[best]) {
			best = c
		}
	}
	if best < 0 {
		best = 0
	}
	return best
}
