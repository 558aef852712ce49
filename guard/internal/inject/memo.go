package inject

import "hash/maphash"

// Text repeats its sentences (a footer on every page, a boilerplate line
// in every entry), and crafted text repeats one sentence throughout. The
// two pure steps that cost the most per sentence, Config.Scan and the
// clause analysis, remember their answers for the sentences met in one
// Analyze call, so that a repeated sentence costs a lookup: a small
// direct-mapped table per step, indexed by a hash of the text and holding
// the text itself, so that a hit is the same text and the same answer,
// never a collision's.

const memoSlots = 32 // entries per table, a power of two

var memoSeed = maphash.MakeSeed()

func memoSlot(s string, salt uint8) int {
	return int(maphash.String(memoSeed, s)+uint64(salt)) & (memoSlots - 1)
}

// scanEntry is a remembered Scan: its sentence and need, and its hits at
// memo.hits[from:to].
type scanEntry struct {
	text     string
	need     Need
	from, to int32
	ok       bool
}

// synEntry is a remembered clause analysis of a sentence.
type synEntry struct {
	text string
	syn  syntax
	ok   bool
}

type memo struct {
	scans [memoSlots]scanEntry
	syns  [memoSlots]synEntry
	hits  []Hit
}

// reset forgets everything, dropping the references to the texts.
func (m *memo) reset() {
	clear(m.scans[:])
	clear(m.syns[:])
	m.hits = m.hits[:0]
}

// scan appends to dst what scan finds in text for need, asking scan only
// for a text and need it has not remembered.
func (m *memo) scan(scan func(string, Need, []Hit) []Hit, text string, need Need, dst []Hit) []Hit {
	e := &m.scans[memoSlot(text, uint8(need))]
	if e.ok && e.need == need && e.text == text {
		return append(dst, m.hits[e.from:e.to]...)
	}
	n := len(dst)
	dst = scan(text, need, dst)
	from := len(m.hits)
	m.hits = append(m.hits, dst[n:]...)
	*e = scanEntry{text: text, need: need, from: int32(from), to: int32(len(m.hits)), ok: true}
	return dst
}

// syntax returns the remembered analysis of text, if any, and the entry
// to fill otherwise.
func (m *memo) syntax(text string) (syntax, *synEntry, bool) {
	e := &m.syns[memoSlot(text, 0)]
	if e.ok && e.text == text {
		return e.syn, e, true
	}
	return syntax{}, e, false
}
