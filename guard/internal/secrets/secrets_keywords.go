package secrets

// The keyword prefilter behind [Secrets]: gitleaks runs a rule only when
// one of its keywords occurs in the lower-cased text. kwMatcher finds every
// occurrence of every keyword in one pass with a deterministic Aho-Corasick
// automaton (a full transition table over byte classes, so each input byte
// costs two table loads), and records the occurrences: a rule whose
// regexp anchors (secrets_regex.go) are all keywords then gets its anchor
// positions from them instead of searching the text again.

// kwHit is one keyword occurrence: the keyword's index and its start.
type kwHit struct {
	start int32
	kw    uint16
}

// kwOutBit marks, in a transition, a target state where a keyword ends.
const kwOutBit = 1 << 31

type kwMatcher struct {
	kws   []string
	class [256]uint8 // byte -> class; ASCII upper case as lower case
	ncls  int
	// maxLen is the longest keyword's length.
	maxLen int
	// delta maps row+class to the next row | kwOutBit, a row being a
	// state's number times ncls: the next step then needs no multiply.
	delta []uint32
	// outs[outStart[s]:outStart[s+1]] are the keywords ending in state s,
	// its own and those of its suffix states.
	outStart []int32
	outs     []uint16
}

// newKwMatcher builds the automaton for kws (lower case). It returns nil
// if the automaton would not fit its 15-bit state numbers, and then the
// caller must not use it.
func newKwMatcher(kws []string) *kwMatcher {
	m := &kwMatcher{kws: kws}
	for _, k := range kws {
		m.maxLen = max(m.maxLen, len(k))
	}
	// Byte classes: one per byte used by a keyword, 0 for the rest.
	ncls := 1
	for _, k := range kws {
		for i := 0; i < len(k); i++ {
			if c := k[i]; m.class[c] == 0 {
				if ncls == 256 {
					return nil
				}
				m.class[c] = uint8(ncls)
				ncls++
			}
		}
	}
	for c := 'A'; c <= 'Z'; c++ {
		// The text is matched as if ASCII-lowered; keywords are lower case.
		m.class[c] = m.class[c+'a'-'A']
	}
	m.ncls = ncls
	// Trie.
	type node struct {
		next map[uint8]int32
		out  []uint16
	}
	nodes := []node{{next: map[uint8]int32{}}}
	for ki, k := range kws {
		s := int32(0)
		for i := 0; i < len(k); i++ {
			c := m.class[k[i]]
			n, ok := nodes[s].next[c]
			if !ok {
				n = int32(len(nodes))
				nodes = append(nodes, node{next: map[uint8]int32{}})
				nodes[s].next[c] = n
			}
			s = n
		}
		nodes[s].out = append(nodes[s].out, uint16(ki))
	}
	if len(nodes) >= 1<<16 || len(nodes)*ncls >= kwOutBit || len(kws) > 1<<16 {
		return nil
	}
	// Breadth-first: failure links and the full transition table.
	fail := make([]int32, len(nodes))
	delta := make([]uint16, len(nodes)*ncls)
	order := make([]int32, 0, len(nodes))
	for c := 0; c < ncls; c++ {
		if n, ok := nodes[0].next[uint8(c)]; ok {
			delta[c] = uint16(n)
			order = append(order, n)
		}
	}
	for q := 0; q < len(order); q++ {
		s := order[q]
		nodes[s].out = append(nodes[s].out, nodes[fail[s]].out...)
		for c := 0; c < ncls; c++ {
			if n, ok := nodes[s].next[uint8(c)]; ok {
				fail[n] = int32(delta[int(fail[s])*ncls+c])
				delta[int(s)*ncls+c] = uint16(n)
				order = append(order, n)
			} else {
				delta[int(s)*ncls+c] = delta[int(fail[s])*ncls+c]
			}
		}
	}
	m.outStart = make([]int32, len(nodes)+1)
	for s := range nodes {
		m.outStart[s] = int32(len(m.outs))
		m.outs = append(m.outs, nodes[s].out...)
	}
	m.outStart[len(nodes)] = int32(len(m.outs))
	m.delta = make([]uint32, len(delta))
	for i, t := range delta {
		m.delta[i] = uint32(t) * uint32(ncls)
		if len(nodes[t].out) > 0 {
			m.delta[i] |= kwOutBit
		}
	}
	return m
}

// kwChains is how many automaton runs hits interleaves: each step of a run
// waits for the table load of the previous one, so independent runs over
// separate stretches of the text overlap their latencies.
const kwChains = 4

// hits appends to hits every keyword occurrence in text, matched as if
// ASCII-lowered, in order of their end; seen[k] is set for every keyword
// k found. It returns the extended hits and whether any keyword occurred.
// tmp holds buffers for the runs after the first (nil: one run only).
//
// A long text is cut into kwChains stretches scanned side by side. The
// run for a stretch starting at b starts in the root state at b-w, w being
// the longest keyword's length less one, and reports only keywords ending
// at or after b: a keyword ending at e >= b starts at or after e-w >= b-w,
// and the automaton started in its root state at a position reports every
// keyword occurrence that starts there or later. Keywords ending before b
// are the previous run's. So the runs together report each occurrence once.
func (m *kwMatcher) hits(text string, hits []kwHit, seen []bool, tmp *[kwChains - 1][]kwHit) ([]kwHit, bool) {
	n := len(text)
	w := m.maxLen - 1
	q := n / kwChains
	if tmp == nil || q < 2*w+64 {
		_, hits = m.run(text, 0, 0, n, hits, seen)
		return hits, len(hits) > 0
	}
	delta, class := m.delta, &m.class
	var st [kwChains]uint32
	for k := 1; k < kwChains; k++ {
		// Warm-up: occurrences ending before k*q belong to run k-1.
		st[k], _ = m.run(text, 0, k*q-w, k*q, nil, nil)
		tmp[k-1] = tmp[k-1][:0]
	}
	t1, t2, t3 := text[q:2*q], text[2*q:3*q], text[3*q:4*q]
	t0 := text[:q]
	s0, s1, s2, s3 := st[0], st[1], st[2], st[3]
	for i := 0; i < q; i++ {
		s0 = delta[s0+uint32(class[t0[i]])]
		s1 = delta[s1+uint32(class[t1[i]])]
		s2 = delta[s2+uint32(class[t2[i]])]
		s3 = delta[s3+uint32(class[t3[i]])]
		if (s0|s1|s2|s3)&kwOutBit == 0 {
			continue
		}
		if s0&kwOutBit != 0 {
			s0 &^= kwOutBit
			hits = m.report(s0, i, hits, seen)
		}
		if s1&kwOutBit != 0 {
			s1 &^= kwOutBit
			tmp[0] = m.report(s1, q+i, tmp[0], seen)
		}
		if s2&kwOutBit != 0 {
			s2 &^= kwOutBit
			tmp[1] = m.report(s2, 2*q+i, tmp[1], seen)
		}
		if s3&kwOutBit != 0 {
			s3 &^= kwOutBit
			tmp[2] = m.report(s3, 3*q+i, tmp[2], seen)
		}
	}
	_, tmp[2] = m.run(text, s3, 4*q, n, tmp[2], seen)
	for k := range tmp {
		hits = append(hits, tmp[k]...)
	}
	return hits, len(hits) > 0
}

// run advances the automaton from row s over text[from:to], appending
// the keywords that end there to hits (when seen is not nil), and returns
// the final row.
func (m *kwMatcher) run(text string, s uint32, from, to int, hits []kwHit, seen []bool) (uint32, []kwHit) {
	delta, class := m.delta, &m.class
	for i := from; i < to; i++ {
		s = delta[s+uint32(class[text[i]])]
		if s&kwOutBit == 0 {
			continue
		}
		s &^= kwOutBit
		if seen != nil {
			hits = m.report(s, i, hits, seen)
		}
	}
	return s, hits
}

// report appends the keywords ending at i in the state of row.
func (m *kwMatcher) report(row uint32, i int, hits []kwHit, seen []bool) []kwHit {
	s := row / uint32(m.ncls)
	for _, k := range m.outs[m.outStart[s]:m.outStart[s+1]] {
		seen[k] = true
		hits = append(hits, kwHit{start: int32(i + 1 - len(m.kws[k])), kw: k})
	}
	return hits
}
