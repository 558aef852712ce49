package grammar

// The tagger decodes right to left: when it reaches a sentence's first
// word it has already tagged the rest, so it knows whether a finite verb
// follows and whether a noun phrase stands between ("Drop rates on the
// queue stayed low": "stayed" is finite and "rates on the queue" can be
// its subject, so "Drop" is a noun).

// tagClasses says, per tag class, whether it is a finite verb and whether
// it is a noun, pronoun or number.
type tagClasses struct {
	finite []bool
	noun   []bool
}

func newTagClasses(xpos []string) tagClasses {
	tc := tagClasses{finite: make([]bool, len(xpos)), noun: make([]bool, len(xpos))}
	for i, x := range xpos {
		switch x {
		case "VBD", "VBZ", "VBP", "MD":
			tc.finite[i] = true
		case "NN", "NNS", "NNP", "NNPS", "PRP", "CD", "EX", "WP":
			tc.noun[i] = true
		}
	}
	return tc
}

// walkTags tags s right to left; choose picks the tag of token i given
// the two tags to its right (h1 at i+1, h2 at i+2) and the right context.
func (s *sentence) walkTags(tc *tagClasses, out []uint16, choose func(i int, h1, h2 uint16, rc rightCtx) uint16) {
	n := len(s.words)
	h1, h2 := uint16(noTag), uint16(noTag)
	fin := -1
	nounGap := false
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
		t := choose(i, h1, h2, rc)
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
