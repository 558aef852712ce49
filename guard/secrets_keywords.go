package guard

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
const kwOutBit = 1 << 15

type kwMatcher struct {
	kws   []string
	class [256]uint8 // byte -> class; ASCII upper case as lower case
	ncls  int
	delta []uint16 // state*ncls + class -> next state | kwOutBit
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
	if len(nodes) >= kwOutBit || len(kws) > 1<<16 {
		return nil
	}
	// Breadth-first: failure links and the full transition table.
	fail := make([]int32, len(nodes))
	m.delta = make([]uint16, len(nodes)*ncls)
	order := make([]int32, 0, len(nodes))
	for c := 0; c < ncls; c++ {
		if n, ok := nodes[0].next[uint8(c)]; ok {
			m.delta[c] = uint16(n)
			order = append(order, n)
		}
	}
	for q := 0; q < len(order); q++ {
		s := order[q]
		nodes[s].out = append(nodes[s].out, nodes[fail[s]].out...)
		for c := 0; c < ncls; c++ {
			if n, ok := nodes[s].next[uint8(c)]; ok {
				fail[n] = int32(m.delta[int(fail[s])*ncls+c] &^ kwOutBit)
				m.delta[int(s)*ncls+c] = uint16(n)
				order = append(order, n)
			} else {
				m.delta[int(s)*ncls+c] = m.delta[int(fail[s])*ncls+c] &^ kwOutBit
			}
		}
	}
	m.outStart = make([]int32, len(nodes)+1)
	for s := range nodes {
		m.outStart[s] = int32(len(m.outs))
		m.outs = append(m.outs, nodes[s].out...)
	}
	m.outStart[len(nodes)] = int32(len(m.outs))
	for i, t := range m.delta {
		if len(nodes[t].out) > 0 {
			m.delta[i] = t | kwOutBit
		}
	}
	return m
}

// hits appends to hits every keyword occurrence in text, matched as if
// ASCII-lowered, in order of their end; seen[k] is set for every keyword
// k found. It returns the extended hits and whether any keyword occurred.
func (m *kwMatcher) hits(text string, hits []kwHit, seen []bool) ([]kwHit, bool) {
	found := false
	s := uint16(0)
	ncls := m.ncls
	delta, class := m.delta, &m.class
	for i := 0; i < len(text); i++ {
		s = delta[int(s)*ncls+int(class[text[i]])]
		if s&kwOutBit == 0 {
			continue
		}
		s &^= kwOutBit
		found = true
		for _, k := range m.outs[m.outStart[s]:m.outStart[s+1]] {
			seen[k] = true
			hits = append(hits, kwHit{start: int32(i + 1 - len(m.kws[k])), kw: k})
		}
	}
	return hits, found
}
