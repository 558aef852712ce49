package ascii

import "strings"

// Needles is a fixed set of substrings looked for together: In reports
// whether s holds any of them, as a loop of strings.Contains would, in
// one pass over s. Each needle's first two bytes are kept in a table of
// the 65,536 byte pairs, so that a position whose pair starts none of
// them costs one lookup; strings.Contains per needle costs a pass per
// needle, and a short candidate check wherever its first byte (a common
// letter, often) occurs.
//
// Build one with NewNeedles when the package initialises; a Needles is
// read-only after that and safe for concurrent use. The zero value holds
// no needle.
type Needles struct {
	pairs  [1 << 16 / 64]uint64 // the first two bytes of a needle
	multi  []string             // the needles of two bytes or more
	single []byte               // needles of one byte
	empty  bool                 // "" is a needle: every s holds it
}

// NewNeedles returns the set of subs.
func NewNeedles(subs ...string) *Needles {
	n := new(Needles)
	for _, s := range subs {
		switch len(s) {
		case 0:
			n.empty = true
		case 1:
			n.single = append(n.single, s[0])
		default:
			p := uint16(s[0])<<8 | uint16(s[1])
			n.pairs[p/64] |= 1 << (p % 64)
			n.multi = append(n.multi, s)
		}
	}
	return n
}

// In reports whether s holds one of the needles.
func (n *Needles) In(s string) bool {
	if n == nil {
		return false
	}
	if n.empty {
		return true
	}
	for _, c := range n.single {
		if strings.IndexByte(s, c) >= 0 {
			return true
		}
	}
	if len(n.multi) == 0 {
		return false
	}
	pairs := &n.pairs
	for i := 1; i < len(s); i++ {
		p := uint16(s[i-1])<<8 | uint16(s[i])
		if pairs[p>>6]&(1<<(p&63)) == 0 {
			continue
		}
		for _, x := range n.multi {
			if x[0] == s[i-1] && x[1] == s[i] && strings.HasPrefix(s[i+1:], x[2:]) {
				return true
			}
		}
	}
	return false
}
