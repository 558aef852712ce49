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

// tagState is the scratch space of one tagging call.
type tagState struct {
	s      sentence
	feats  []uint64
	scores []int32
	out    []uint16
}

var tagStates = sync.Pool{New: func() any { return new(tagState) }}

// TagWords appends the tag of every word to dst and returns it. words are
// tokens as [Tokenize] cuts them, in their original case or lower-cased.
// It is safe for concurrent use and allocates only to grow dst.
func (m *Model) TagWords(words []string, dst []Tag) []Tag {
	st := tagStates.Get().(*tagState)
	defer tagStates.Put(st)
	if cap(st.scores) < 256 {
		st.scores = make([]int32, 256)
	}
	all := st.scores[:256]
	scores := all[:len(m.tags)]
	st.s.prepare(words, m.lex, m.finite)
	st.out = growU16(st.out, len(words))
	st.feats = st.s.walkTags(&m.tc, st.out, st.feats, func(i int, feats []uint64) uint16 {
		clear(scores)
		for _, f := range feats {
			m.tagW.add(f, all)
		}
		return uint16(bestAllowed(scores, m.allowedFor(st.s.info[i].amb)))
	})
	for _, t := range st.out {
		dst = append(dst, Tag(t))
	}
	st.s.words = nil
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
