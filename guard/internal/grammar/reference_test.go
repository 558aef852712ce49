package grammar

import (
	"slices"
)

// The tagger as it was before tagging read each position's word features
// once (issue 17): every hypothesis hashed and looked up all of its
// features. It is kept here, unexported and unoptimised, so that
// identical_test.go can check that the fast tagger gives the same tags.

// refAdd adds the votes of feature f to scores, probing the table the way
// the model's format defines it.
func refAdd(t *weights, f uint64, scores []int32) {
	n := t.slots()
	fp := fingerprint(f)
	for i, probes := slotOf(f, n), 0; probes < n; probes++ {
		k, span := t.slot(i)
		if k == fp {
			s, c := span>>8, span&0xFF
			for j := s; j < s+c; j++ {
				cls, w := t.pair(int(j))
				scores[cls] += int32(w)
			}
			return
		}
		if k == 0 {
			return
		}
		if i++; i == n {
			i = 0
		}
	}
}

// refBestAllowed is bestAllowed as it was: the best-scoring allowed tag
// class, the lowest of equal ones, 0 when none is allowed.
func refBestAllowed(scores []int32, allowed []bool) int {
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

// refTagWords is TagWords as it was: greedy, right to left, every feature
// of every position looked up.
func refTagWords(m *Model, words []string) []Tag {
	var s sentence
	s.prepare(words, m.lex)
	all := make([]int32, 256)
	scores := all[:len(m.tags)]
	out := make([]uint16, len(words))
	refWalkTags(&s, &m.tc, out, func(i int, feats []uint64) uint16 {
		clear(scores)
		for _, f := range feats {
			refAdd(m.tagW, f, all)
		}
		return uint16(refBestAllowed(scores, m.allowedFor(s.info[i].amb)))
	})
	tags := make([]Tag, len(out))
	for i, t := range out {
		tags[i] = Tag(t)
	}
	return tags
}

// refTagBeam is tagBeam as it was.
func refTagBeam(m *Model, words []string) [][]Tag {
	n := len(words)
	if n == 0 {
		return nil
	}
	var s sentence
	s.prepare(words, m.lex)
	all := make([]int32, 256)
	scores := all[:len(m.tags)]
	cols := make([][]hyp, n)
	var feats []uint64
	var next []hyp
	prev := []hyp{{parent: -1, h1: noTag, h2: noTag, fin: -1}}
	for i := n - 1; i >= 0; i-- {
		next = next[:0]
		for pi, h := range prev {
			rc := rightCtx{finTag: noTag, preTag: noTag, nounGap: h.nounGap}
			if h.fin >= 0 {
				rc.finTag = tagAt(cols, prev, pi, i, int(h.fin))
				rc.finDist = uint8(min(int(h.fin)-i, 7))
				if int(h.fin)-1 > i {
					rc.preTag = tagAt(cols, prev, pi, i, int(h.fin)-1)
				}
			}
			rc.boundary = i+1 < n && boundary(words[i+1])
			feats = s.tagFeatures(i, h.h1, h.h2, rc, feats[:0])
			clear(scores)
			for _, f := range feats {
				refAdd(m.tagW, f, all)
			}
			var top [beamFan]int
			for k := range top {
				top[k] = -1
			}
			allowed := m.allowedFor(s.info[i].amb)
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
				next = append(next, nh)
			}
		}
		slices.SortStableFunc(next, func(a, b hyp) int {
			switch {
			case a.score > b.score:
				return -1
			case a.score < b.score:
				return 1
			}
			return 0
		})
		if len(next) > beamWidth {
			next = next[:beamWidth]
		}
		cols[i] = slices.Clone(next)
		prev = cols[i]
	}
	var dst [][]Tag
	for hi := range cols[0] {
		tags := make([]Tag, n)
		col, idx := 0, hi
		for col < n {
			h := cols[col][idx]
			tags[col] = Tag(h.tag)
			idx = int(h.parent)
			col++
		}
		dst = append(dst, tags)
	}
	return dst
}

// refAnalyzeTags is the tagging Analyze chose before: the greedy one when
// its clauses are well formed, else the first well-formed beam tagging,
// else the greedy one.
func refAnalyzeTags(m *Model, words []string) []Tag {
	var s Sentence
	s.Words = append(s.Words, words...)
	tw := s.taggingWords()
	tags := refTagWords(m, tw)
	if wellFormed(m.clauses(&s, tags, nil)) {
		return tags
	}
	for _, alt := range refTagBeam(m, tw) {
		if wellFormed(m.clauses(&s, alt, nil)) {
			return alt
		}
	}
	return tags
}

// refWalkTags is walkTags as it was: it computes every feature of token
// i and passes them to choose.
func refWalkTags(s *sentence, tc *tagClasses, out []uint16, choose func(i int, feats []uint64) uint16) {
	n := len(s.words)
	h1, h2 := uint16(noTag), uint16(noTag)
	fin := -1
	nounGap := false
	var feats []uint64
	for i := n - 1; i >= 0; i-- {
		rc := rightCtx{finTag: noTag, preTag: noTag, finDist: 0, nounGap: nounGap}
		if fin >= 0 {
			rc.finTag = out[fin]
			rc.finDist = uint8(min(fin-i, 7))
			if fin-1 > i {
				rc.preTag = out[fin-1]
			}
		}
		rc.boundary = i+1 < n && boundary(s.words[i+1])
		feats = s.tagFeatures(i, h1, h2, rc, feats[:0])
		t := choose(i, feats)
		out[i] = t
		h2, h1 = h1, t
		switch {
		case boundary(s.words[i]):
			fin, nounGap = -1, false
		case int(t) < len(tc.finite) && tc.finite[t]:
			fin, nounGap = i, false
		case fin >= 0 && int(t) < len(tc.noun) && tc.noun[t]:
			nounGap = true
		}
	}
}
