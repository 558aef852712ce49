package grammar

import (
	"sync"
)

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
// position, the votes of its features that read no tag (ownFeatures,
// contextFeatures), which the greedy pass and the beam then add the tag
// history's votes to.
type tagState struct {
	s     sentence
	nt    int     // tag classes
	rows  []int32 // position i's votes at [i*nt, (i+1)*nt)
	all   []int32 // 256 scores: a table's votes index it by class unchecked
	feats []uint64
	// roles holds, per position, the spans (weights.find) of the
	// features its word's roles give the positions around it
	// (roleFeatures).
	roles []roleSpans
	// canon[i] is a position whose row is position i's, found equal by
	// prepare (i itself when none was).
	canon []int32
	out   []uint16
	beam  beamState
	words wordCache
}

// roleSpans are the spans of the votes of a word's roleFeatures.
type roleSpans [nRoles]uint32

var tagStates = sync.Pool{New: func() any { return new(tagState) }}

// wordCache remembers, for tokens of at most maxCachedWord bytes, what
// describeLex says of them, the votes of their ownFeatures, the spans of
// their roleFeatures' votes and their lexical facts for clause analysis:
// text repeats its words, and a crafted text repeats a few of them
// throughout.
// It is direct-mapped, indexed by a hash of the token, and holds the
// token's bytes, so a hit is the same token, never a collision.
type wordCache struct {
	m     *Model // the model the votes are of
	nt    int
	keys  []cachedKey
	info  []wordInfo
	votes []int32 // entry k's at [k*nt, (k+1)*nt)
	roles []roleSpans
	// lex holds an entry's lexical facts where lexOK says so: clause
	// analysis asks for them (tagState.wordLexes), tagging does not.
	lex   []wordLex
	lexOK []bool
	// none is the spans of noWord's roleFeatures: the roles of the words
	// beyond a sentence.
	none roleSpans
}

const (
	wordCacheSize = 256 // entries, a power of two
	maxCachedWord = 23  // bytes
)

type cachedKey struct {
	n uint8 // length, 0 for an empty entry
	b [maxCachedWord]byte
}

// reset empties c for model m.
func (c *wordCache) reset(m *Model) {
	c.m, c.nt = m, len(m.tags)
	if c.keys == nil {
		c.keys = make([]cachedKey, wordCacheSize)
		c.info = make([]wordInfo, wordCacheSize)
		c.roles = make([]roleSpans, wordCacheSize)
		c.lex = make([]wordLex, wordCacheSize)
		c.lexOK = make([]bool, wordCacheSize)
	}
	clear(c.keys)
	c.votes = growInt32(c.votes, wordCacheSize*c.nt)
	c.none = m.roleSpans(&noWord)
}

// roleSpans returns the spans of the votes of wi's roleFeatures.
func (m *Model) roleSpans(wi *wordInfo) roleSpans {
	var rs roleSpans
	for r, f := range roleFeatures(wi) {
		rs[r] = m.tagW.find(f)
	}
	return rs
}

// slot returns the entry for w and whether it holds w; ok is false, and
// k -1, for a token too long to cache.
func (c *wordCache) slot(w string) (k int, ok bool) {
	if len(w) == 0 || len(w) > maxCachedWord {
		return -1, false
	}
	h := uint32(2166136261)
	for i := 0; i < len(w); i++ {
		h = (h ^ uint32(w[i])) * 16777619
	}
	k = int(h>>16^h) & (wordCacheSize - 1)
	key := &c.keys[k]
	return k, int(key.n) == len(w) && string(key.b[:key.n]) == w
}

// prepare reads words and sums, per position, the votes of the features
// that read no tag.
func (st *tagState) prepare(m *Model, words []string) {
	if st.words.m != m {
		st.words.reset(m)
	}
	c := &st.words
	nt := len(m.tags)
	st.nt = nt
	if cap(st.all) < 256 {
		st.all = make([]int32, 256)
	}
	st.all = st.all[:256]
	scores := st.all[:nt]
	s := &st.s
	s.words = words
	s.info = growInfo(s.info, len(words))
	st.rows = growInt32(st.rows, len(words)*nt)
	if cap(st.roles) < len(words) {
		st.roles = make([]roleSpans, len(words))
	}
	st.roles = st.roles[:len(words)]
	for i, w := range words {
		wi, row := &s.info[i], st.rows[i*nt:(i+1)*nt]
		k, hit := c.slot(w)
		if hit {
			*wi = c.info[k]
			copy(row, c.votes[k*nt:(k+1)*nt])
			st.roles[i] = c.roles[k]
			continue
		}
		describeLex(w, m.lex, wi)
		st.feats = ownFeatures(wi, st.feats[:0])
		clear(scores)
		for _, f := range st.feats {
			m.tagW.add(f, st.all)
		}
		copy(row, scores)
		st.roles[i] = m.roleSpans(wi)
		if k >= 0 {
			c.keys[k].n = uint8(copy(c.keys[k].b[:], w))
			c.info[k] = *wi
			copy(c.votes[k*nt:(k+1)*nt], scores)
			c.roles[k] = st.roles[i]
			c.lexOK[k] = false
		}
	}
	if len(words) > 0 {
		s.info[0].flags |= wFirst
	}
	// A position whose word and neighbours, two each way, are those of
	// one of the last few positions gets that position's votes: text
	// repeats its patterns of words, and a crafted text one pattern
	// throughout. (A row is its word's votes plus the votes of its
	// context features, which read nothing else; the first position has
	// features of its own and is never shared.)
	var recent [ctxMemo]int
	nRecent := 0
	if cap(st.canon) < len(words) {
		st.canon = make([]int32, len(words))
	}
	st.canon = st.canon[:len(words)]
	for i := range words {
		row := st.rows[i*nt : (i+1)*nt]
		st.canon[i] = int32(i)
		seen := -1
		if i > 0 {
			for r := range min(nRecent, ctxMemo) {
				if p := recent[r]; sameWindow(words, p, i) {
					seen = p
					break
				}
			}
		}
		if seen >= 0 {
			copy(row, st.rows[seen*nt:(seen+1)*nt])
			st.canon[i] = st.canon[seen]
			continue
		}
		// Its context features: its neighbours' roles, looked up above,
		// and its pairFeatures.
		copy(scores, row)
		for _, nr := range neighbourRoles {
			rs := &c.none
			if j := i + nr.offset; j >= 0 && j < len(words) {
				rs = &st.roles[j]
			}
			m.tagW.addSpan(rs[nr.role], st.all)
		}
		st.feats = s.pairFeatures(i, st.feats[:0])
		for _, f := range st.feats {
			m.tagW.add(f, st.all)
		}
		copy(row, scores)
		if i > 0 {
			recent[nRecent%ctxMemo] = i
			nRecent++
		}
	}
}

// sameWindow reports whether positions p and i of words hold the same
// word with the same neighbours, two each way (a position beyond the
// sentence counts as itself only at the same distance from its end).
func sameWindow(words []string, p, i int) bool {
	for d := -2; d <= 2; d++ {
		a, b := p+d, i+d
		ina, inb := a >= 0 && a < len(words), b >= 0 && b < len(words)
		if ina != inb || ina && words[a] != words[b] {
			return false
		}
	}
	return true
}

// wordLexes appends the lexical facts of the words st was prepared for
// (Model.wordLex) to dst, from the word cache where it holds them.
func (st *tagState) wordLexes(m *Model, dst []wordLex) []wordLex {
	c := &st.words
	for i, w := range st.s.words {
		k, hit := c.slot(w)
		if hit && c.lexOK[k] {
			dst = append(dst, c.lex[k])
			continue
		}
		l := m.wordLex(w, m.lex.entry(st.s.info[i].lower))
		if hit {
			c.lex[k], c.lexOK[k] = l, true
		}
		dst = append(dst, l)
	}
	return dst
}

// tagStateFor returns a tagState from the pool prepared for words; give
// it back with putTagState.
func (m *Model) tagStateFor(words []string) *tagState {
	st := tagStates.Get().(*tagState)
	st.prepare(m, words)
	return st
}

// putTagState releases st and returns it to the pool; st may be nil.
func putTagState(st *tagState) {
	if st != nil {
		st.release()
		tagStates.Put(st)
	}
}

// ctxMemo is how many positions prepare remembers, and tagGreedy the
// choices of.
const ctxMemo = 4

// greedySeen is a tag tagGreedy chose and what decided it: the position
// whose row it read and the features that read the tags.
type greedySeen struct {
	ok    bool
	canon int32
	h1    [4]uint64
	rest  [2]uint64
	tag   uint16
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
	// A position whose row is that of one of the last few positions
	// chosen (canon) and whose features reading the tags are theirs too
	// gets the same scores, so the same tag: crafted text repeats one
	// pattern of words throughout.
	var recent [ctxMemo]greedySeen
	next := 0
	st.s.walkTags(&m.tc, st.out, func(i int, h1, h2 uint16, rc rightCtx) uint16 {
		hf, rf := st.s.h1Features(i, h1), st.s.restFeatures(i, h1, h2, rc)
		c := st.canon[i]
		for k := range recent {
			if e := &recent[k]; e.ok && e.canon == c && e.h1 == hf && e.rest == rf {
				return e.tag
			}
		}
		copy(scores, st.row(i))
		for _, f := range hf {
			m.tagW.add(f, st.all)
		}
		for _, f := range rf {
			m.tagW.add(f, st.all)
		}
		t := uint16(bestAllowed(scores, m.allowedFor(st.s.info[i].amb)))
		recent[next] = greedySeen{ok: true, canon: c, h1: hf, rest: rf, tag: t}
		next = (next + 1) % ctxMemo
		return t
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

// bestAllowed returns the best-scoring tag class among those allowed: of
// equal scores the lowest class; 0 when none is allowed.
func bestAllowed(scores []int32, allowed []bool) int {
	if allowed == nil {
		if len(scores) == 0 {
			return 0
		}
		// The best score, then its first class: two passes without
		// branches a new best would mispredict.
		bv := scores[0]
		for _, v := range scores[1:] {
			bv = max(bv, v)
		}
		for c, v := range scores {
			if v == bv {
				return c
			}
		}
		return 0
	}
	allowed = allowed[:len(scores)]
	best, bv := -1, int32(0)
	for c, v := range scores {
		if allowed[c] && (best < 0 || v > bv) {
			best, bv = c, v
		}
	}
	if best < 0 {
		best = 0
	}
	return best
}
