package grammar

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// The model's tables are static hash tables with linear probing: a slot
// holds a 32-bit fingerprint of the key (its low half, never 0; 0 marks
// an empty slot) and the slot to start at comes from the key's high half,
// so the two are independent. A key that is not in a table matches a
// fingerprint with a probability of about one in a billion per lookup.

// slotOf returns the first slot for hash h in a table of n slots.
func slotOf(h uint64, n int) int { return int(h >> 32 * uint64(n) >> 32) }

// fingerprint returns the non-zero 32-bit fingerprint of h.
func fingerprint(h uint64) uint32 { return uint32(h) | 1 }

// tableSlots is the number of slots for n keys: a load factor of 3/4.
func tableSlots(n int) int { return max(8, n+n/3+1) }

// lexicon maps the hash of a lower-cased word to what the treebank and
// WordNet say of it: its ambiguity class (the set of tags the word took),
// whether it takes a bare clausal complement or is an auxiliary, and its
// WordNet verb reading (see the bit layout below).
type lexicon struct {
	fps  []uint32
	vals []uint32
	// The table's slot function takes the high half of an FNV hash, which
	// short words share: every two-letter word starts in one run of about
	// a thousand occupied slots, and a word absent from the table walks
	// all of it. byFP and runLen, built on load and not stored, answer a
	// lookup in a few probes with exactly the linear probe's result (see
	// value).
	byFP   []lexRef // the used slots by fingerprint, open addressing, a power of two long
	runLen []uint32 // per slot, the number of occupied slots from it to the next empty one
}

// lexRef is one used slot of a lexicon: its fingerprint (0: an empty
// entry of byFP) and index.
type lexRef struct{ fp, slot uint32 }

const (
	bareCompBit = 0x8000
	auxBit      = 0x4000
	classMask   = 0x3FFF
	// finiteCompBit marks a word that takes a finite clausal complement
	// (bit 20, above the WordNet bits).
	finiteCompBit = 1 << 20
	// wnShift: bits 16-17 hold what WordNet says of the word as a verb
	// (wnVerbOnly, wnVerbFirst, wnNounFirst; 0: not a WordNet verb).
	wnShift = 16
)

// WordNet verb readings of a word.
const (
	wnNone      = 0
	wnVerbOnly  = 1 // a verb and nothing else
	wnVerbFirst = 2 // a verb and a noun or adjective, seen more often as a verb
	wnNounFirst = 3 // a verb and a noun or adjective, seen at least as often as a noun
	// wnMostlyVerb is set beside the reading when the verb reading
	// dominates WordNet's sense-tagged corpus ("rise": 16 verb, 6 noun).
	wnMostlyVerb = 4
	// wnIrregular marks an irregular past or participle form of a verb
	// ("rose", "grew", "built"), from WordNet's exception list.
	wnIrregular = 8
)

// lexEntry is what the lexicon holds of one word, in the bit layout
// above; 0 for a word it does not know.
type lexEntry uint32

// entry returns what the lexicon holds of the word with hash h: one
// lookup for all of it.
func (l *lexicon) entry(h uint64) lexEntry { return lexEntry(l.value(h)) }

// class returns the word's ambiguity class, 0 if unknown.
func (e lexEntry) class() uint16 { return uint16(e) & classMask }

// wordnet returns what WordNet says of the word as a verb.
func (e lexEntry) wordnet() uint8 { return uint8(e >> wnShift & 3) }

// aux reports whether the word was seen as an auxiliary.
func (e lexEntry) aux() bool { return e&auxBit != 0 }

// bareComp reports whether the word takes a bare clausal complement.
func (e lexEntry) bareComp() bool { return e&bareCompBit != 0 }

// class returns the ambiguity class of the word with hash h, 0 if unknown.
func (l *lexicon) class(h uint64) uint16 { return l.entry(h).class() }

// wordnet returns what WordNet says of the word with hash h as a verb.
func (l *lexicon) wordnet(h uint64) uint8 { return l.entry(h).wordnet() }

// mostlyVerb reports whether WordNet's sense-tagged corpus saw the word
// with hash h as a verb far more often than as anything else.
func (l *lexicon) mostlyVerb(h uint64) bool { return l.value(h)>>wnShift&wnMostlyVerb != 0 }

// irregular reports whether the word with hash h is an irregular past or
// participle form of a verb.
func (l *lexicon) irregular(h uint64) bool { return l.value(h)>>wnShift&wnIrregular != 0 }

// bareComp reports whether the word with hash h takes a bare clausal
// complement.
func (l *lexicon) bareComp(h uint64) bool { return l.entry(h).bareComp() }

// finiteComp reports whether the word with hash h takes a finite clausal
// complement ("ensure [backups are encrypted]").
func (l *lexicon) finiteComp(h uint64) bool { return l.value(h)&finiteCompBit != 0 }

// value returns what the lexicon holds of the word with hash h: the value
// of the first slot holding h's fingerprint in the run of occupied slots
// that starts at h's slot, 0 if none does.
func (l *lexicon) value(h uint64) uint32 {
	n := len(l.fps)
	if n == 0 {
		return 0
	}
	fp := fingerprint(h)
	i := slotOf(h, n)
	switch l.fps[i] {
	case fp:
		return l.vals[i]
	case 0:
		return 0
	}
	if l.byFP != nil {
		// The linear probe's answer, without the walk: of the slots that
		// hold fp, the nearest one at or after i within i's run.
		run := int(l.runLen[i])
		best := run
		mask := len(l.byFP) - 1
		for j := fpSlot(fp, mask); ; j = (j + 1) & mask {
			r := l.byFP[j]
			if r.fp == 0 {
				break
			}
			if r.fp == fp {
				d := int(r.slot) - i
				if d < 0 {
					d += n
				}
				best = min(best, d)
			}
		}
		if best == run {
			return 0
		}
		if i += best; i >= n {
			i -= n
		}
		return l.vals[i]
	}
	for probes := 0; probes < n; probes++ {
		switch l.fps[i] {
		case fp:
			return l.vals[i]
		case 0:
			return 0
		}
		if i++; i == n {
			i = 0
		}
	}
	return 0
}

func newLexicon(m map[uint64]uint32) *lexicon {
	n := tableSlots(len(m))
	l := &lexicon{fps: make([]uint32, n), vals: make([]uint32, n)}
	for _, h := range sortedKeys(m) {
		i := slotOf(h, n)
		for l.fps[i] != 0 {
			if i++; i == n {
				i = 0
			}
		}
		l.fps[i], l.vals[i] = fingerprint(h), m[h]
	}
	l.index()
	return l
}

// fpSlot returns the first slot of fingerprint fp in byFP (mask + 1
// slots): fp's bits mixed, so that similar fingerprints spread.
func fpSlot(fp uint32, mask int) int { return int((fp*0x9E3779B1)>>7) & mask }

// index builds byFP and runLen from fps.
func (l *lexicon) index() {
	n := len(l.fps)
	used := 0
	for _, f := range l.fps {
		if f != 0 {
			used++
		}
	}
	size := 8
	for size < 2*used {
		size *= 2
	}
	mask := size - 1
	l.byFP = make([]lexRef, size)
	for i, f := range l.fps {
		if f == 0 {
			continue
		}
		j := fpSlot(f, mask)
		for l.byFP[j].fp != 0 {
			j = (j + 1) & mask
		}
		l.byFP[j] = lexRef{fp: f, slot: uint32(i)}
	}
	l.runLen = make([]uint32, n)
	empty := slices.Index(l.fps, 0)
	if empty < 0 {
		for i := range l.runLen {
			l.runLen[i] = uint32(n) // no empty slot: a probe sees every slot
		}
		return
	}
	// Backwards from an empty slot, around the table once.
	run := uint32(0)
	for k := 1; k < n; k++ {
		i := (empty - k + n) % n
		if l.fps[i] == 0 {
			run = 0
		} else {
			run++
		}
		l.runLen[i] = run
	}
}

// sortedKeys returns the keys of m in increasing order, so that tables are
// built the same way every time.
func sortedKeys[V any](m map[uint64]V) []uint64 {
	keys := make([]uint64, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// weights is a sparse, quantised weight table: for each feature hash, the
// classes it votes for and by how much.
type weights struct {
	fps  []uint32
	span []uint32 // first pair << 8 | number of pairs
	cls  []uint8  // pairs: class ...
	w    []int16  // ... and weight

	// slotW holds fps and span side by side (fingerprint | span<<32),
	// built on load and not stored: a lookup that finds its feature reads
	// one cache line of the table instead of two. The span of a feature
	// with one pair holds the pair itself (see inlinePair), so that the
	// lookup reads nothing more, and pairs holds the pairs of the others,
	// class and weight side by side (cls | uint16(w)<<16): one read each.
	slotW []uint64
	pairs []uint32
	// has marks the fingerprints (their high bits, see hasBit) of the
	// features in the table: a feature whose bit is clear is not there,
	// which a probe of the table learns only at an empty slot, after a
	// few slots (about nine at the table's load) and branches.
	has []uint64
}

// hasBits is the log2 of the bits of weights.has.
const hasBits = 20

func hasBit(fp uint32) uint32 { return fp >> (32 - hasBits) }

// inlinePair is the span of a feature whose one pair is (cls, w): the
// pair in place of its index, with the count 1.
func inlinePair(cls uint8, w int16) uint32 { return uint32(cls)<<8 | uint32(uint16(w))<<16 | 1 }

// index builds slotW from fps and span.
func (t *weights) index() {
	t.pairs = make([]uint32, len(t.cls))
	for j, c := range t.cls {
		t.pairs[j] = uint32(c) | uint32(uint16(t.w[j]))<<16
	}
	t.slotW = make([]uint64, len(t.fps))
	t.has = make([]uint64, 1<<hasBits/64)
	for i, fp := range t.fps {
		if fp != 0 {
			b := hasBit(fp)
			t.has[b/64] |= 1 << (b % 64)
		}
		sp := t.span[i]
		if sp&0xFF == 1 {
			sp = inlinePair(t.cls[sp>>8], t.w[sp>>8])
		}
		t.slotW[i] = uint64(fp) | uint64(sp)<<32
	}
}

// add adds the votes of feature f to scores, which must have room for 256
// classes (so that indexing by a class needs no bounds check).
func (t *weights) add(f uint64, scores []int32) {
	slots := t.slotW
	n := len(slots)
	fp := fingerprint(f)
	if b := hasBit(fp); t.has[b/64]&(1<<(b%64)) == 0 {
		return
	}
	for i, probes := slotOf(f, n), 0; probes < n; probes++ {
		e := slots[i]
		if k := uint32(e); k == fp {
			t.addSpan(uint32(e>>32), scores)
			return
		} else if k == 0 {
			return
		}
		if i++; i == n {
			i = 0
		}
	}
}

// find returns the span of feature f's votes (first pair << 8 | number
// of pairs, or inlinePair), 0 for a feature that has none: add is
// addSpan(find(f)).
func (t *weights) find(f uint64) uint32 {
	slots := t.slotW
	n := len(slots)
	fp := fingerprint(f)
	if b := hasBit(fp); t.has[b/64]&(1<<(b%64)) == 0 {
		return 0
	}
	for i, probes := slotOf(f, n), 0; probes < n; probes++ {
		e := slots[i]
		if k := uint32(e); k == fp {
			return uint32(e >> 32)
		} else if k == 0 {
			return 0
		}
		if i++; i == n {
			i = 0
		}
	}
	return 0
}

// addSpan adds the votes of span (see find) to scores, which must have
// room for 256 classes.
func (t *weights) addSpan(span uint32, scores []int32) {
	sc := (*[256]int32)(scores[:256])
	s, c := span>>8, span&0xFF
	if c == 1 {
		sc[uint8(s)] += int32(int16(span >> 16))
		return
	}
	for _, p := range t.pairs[s : s+c] {
		sc[uint8(p)] += int32(int16(p >> 16))
	}
}

// slots returns the number of slots of t.
func (t *weights) slots() int { return len(t.fps) }

// slot returns the fingerprint and span of slot i.
func (t *weights) slot(i int) (fp, span uint32) { return t.fps[i], t.span[i] }

// pair returns the class and weight of vote j.
func (t *weights) pair(j int) (cls uint8, w int16) { return t.cls[j], t.w[j] }

// sparseRow is one feature's votes before they are packed into a table.
type sparseRow struct {
	cls []uint8
	w   []int16
}

func newWeights(rows map[uint64]sparseRow) (*weights, error) {
	n := tableSlots(len(rows))
	t := &weights{fps: make([]uint32, n), span: make([]uint32, n)}
	for _, f := range sortedKeys(rows) {
		r := rows[f]
		if len(r.cls) > 255 || len(t.cls)+len(r.cls) >= 1<<24 {
			return nil, fmt.Errorf("grammar: weight table too large")
		}
		i := slotOf(f, n)
		for t.fps[i] != 0 {
			if i++; i == n {
				i = 0
			}
		}
		t.fps[i] = fingerprint(f)
		t.span[i] = uint32(len(t.cls))<<8 | uint32(len(r.cls))
		t.cls = append(t.cls, r.cls...)
		t.w = append(t.w, r.w...)
	}
	t.index()
	return t, nil
}

// Model is a trained tagger (and parser): its label sets, lexicon and
// weights.
type Model struct {
	tags    []string // "UPOS|XPOS" for each tag class
	upos    []string
	xpos    []string
	finite  []bool // per ambiguity class: can be a finite verb (VBD, VBZ, VBP, MD)
	vbClass []bool // per ambiguity class: can be a base-form verb (VB)
	// classTags lists, per ambiguity class, the Penn tags its words take;
	// allowed says, per ambiguity class and tag class, whether a word of
	// the class may take the tag: any open-class tag, and the closed-class
	// tags the treebank gave its words (a tag dictionary: an unknown word
	// is never tagged "to" or "the").
	classTags [][]string
	allowed   [][]bool
	lex       *lexicon
	tc        tagClasses
	tagW      *weights // the tagger (right to left)
}

const modelMagic = "WLGRAMMR"
const modelVersion = 5

// encoder and decoder write and read the model's binary form.
type encoder struct{ b []byte }

func (e *encoder) u8(v uint8)   { e.b = append(e.b, v) }
func (e *encoder) u16(v uint16) { e.b = binary.LittleEndian.AppendUint16(e.b, v) }
func (e *encoder) u32(v uint32) { e.b = binary.LittleEndian.AppendUint32(e.b, v) }
func (e *encoder) str(s string) { e.u8(uint8(len(s))); e.b = append(e.b, s...) }
func (e *encoder) strs(ss []string) {
	e.u16(uint16(len(ss)))
	for _, s := range ss {
		e.str(s)
	}
}

type decoder struct {
	b   []byte
	err error
}

func (d *decoder) need(n int) bool {
	if d.err != nil {
		return false
	}
	if len(d.b) < n {
		d.err = errors.New("grammar: model data is truncated")
		return false
	}
	return true
}
func (d *decoder) u8() uint8 {
	if !d.need(1) {
		return 0
	}
	v := d.b[0]
	d.b = d.b[1:]
	return v
}
func (d *decoder) u16() uint16 {
	if !d.need(2) {
		return 0
	}
	v := binary.LittleEndian.Uint16(d.b)
	d.b = d.b[2:]
	return v
}
func (d *decoder) u32() uint32 {
	if !d.need(4) {
		return 0
	}
	v := binary.LittleEndian.Uint32(d.b)
	d.b = d.b[4:]
	return v
}
func (d *decoder) str() string {
	n := int(d.u8())
	if !d.need(n) {
		return ""
	}
	s := string(d.b[:n])
	d.b = d.b[n:]
	return s
}
func (d *decoder) strs() []string {
	n := int(d.u16())
	out := make([]string, 0, n)
	for i := 0; i < n && d.err == nil; i++ {
		out = append(out, d.str())
	}
	return out
}

func (e *encoder) weights(t *weights) {
	e.u32(uint32(len(t.fps)))
	for i, fp := range t.fps {
		e.u32(fp)
		e.u32(t.span[i])
	}
	e.u32(uint32(len(t.cls)))
	e.b = append(e.b, t.cls...)
	for _, w := range t.w {
		e.u16(uint16(w))
	}
}

func (d *decoder) weights() *weights {
	n := int(d.u32())
	if d.err != nil || n == 0 || !d.need(n*8) {
		d.fail("weight table")
		return nil
	}
	t := &weights{fps: make([]uint32, n), span: make([]uint32, n)}
	for i := range n {
		t.fps[i] = d.u32()
		t.span[i] = d.u32()
	}
	m := int(d.u32())
	if !d.need(m * 3) {
		d.fail("weight pairs")
		return nil
	}
	t.cls = append([]uint8(nil), d.b[:m]...)
	d.b = d.b[m:]
	t.w = make([]int16, m)
	for i := range m {
		t.w[i] = int16(d.u16())
	}
	for i := range n {
		if int(t.span[i]>>8)+int(t.span[i]&0xFF) > m {
			d.fail("weight table span")
			return nil
		}
	}
	t.index()
	return t
}

func (d *decoder) fail(what string) {
	if d.err == nil {
		d.err = fmt.Errorf("grammar: model %s is malformed", what)
	}
}

// MarshalBinary encodes the model.
func (m *Model) MarshalBinary() ([]byte, error) {
	e := &encoder{}
	e.b = append(e.b, modelMagic...)
	e.u16(modelVersion)
	e.strs(m.tags)
	e.u16(uint16(len(m.classTags)))
	for _, ts := range m.classTags {
		e.strs(ts)
	}
	e.u16(uint16(len(m.finite)))
	for i, f := range m.finite {
		var b uint8
		if f {
			b |= 1
		}
		if m.vbClass[i] {
			b |= 2
		}
		e.u8(b)
	}
	e.u32(uint32(len(m.lex.fps)))
	for i, fp := range m.lex.fps {
		e.u32(fp)
		e.u32(m.lex.vals[i])
	}
	e.weights(m.tagW)
	return e.b, nil
}

// UnmarshalBinary decodes a model written by MarshalBinary.
func (m *Model) UnmarshalBinary(b []byte) error {
	if len(b) < len(modelMagic)+2 || string(b[:len(modelMagic)]) != modelMagic {
		return errors.New("grammar: not a model")
	}
	d := &decoder{b: b[len(modelMagic):]}
	if v := d.u16(); v != modelVersion {
		return fmt.Errorf("grammar: model version %d, want %d", v, modelVersion)
	}
	m.tags = d.strs()
	m.upos, m.xpos = splitTags(m.tags)
	m.tc = newTagClasses(m.xpos)
	nc := int(d.u16())
	m.classTags = make([][]string, 0, nc)
	for i := 0; i < nc && d.err == nil; i++ {
		m.classTags = append(m.classTags, d.strs())
	}
	nf := int(d.u16())
	m.finite = make([]bool, nf)
	m.vbClass = make([]bool, nf)
	for i := range nf {
		b := d.u8()
		m.finite[i] = b&1 != 0
		m.vbClass[i] = b&2 != 0
	}
	n := int(d.u32())
	if d.err == nil && !d.need(n*8) {
		return errors.New("grammar: model lexicon is malformed")
	}
	m.lex = &lexicon{fps: make([]uint32, n), vals: make([]uint32, n)}
	for i := range n {
		m.lex.fps[i] = d.u32()
		m.lex.vals[i] = d.u32()
	}
	m.lex.index()
	m.tagW = d.weights()
	if d.err != nil {
		return d.err
	}
	if m.tagW == nil || len(m.tags) == 0 || len(m.tags) > 255 {
		return errors.New("grammar: model has no tagger")
	}
	m.buildAllowed()
	return nil
}

func splitTags(tags []string) (upos, xpos []string) {
	for _, t := range tags {
		u, x := t, t
		for i := 0; i < len(t); i++ {
			if t[i] == '|' {
				u, x = t[:i], t[i+1:]
				break
			}
		}
		upos = append(upos, u)
		xpos = append(xpos, x)
	}
	return upos, xpos
}

// openTag reports whether a Penn tag is of an open class: one an unknown
// word may take.
func openTag(x string) bool {
	switch x {
	case "NN", "NNS", "NNP", "NNPS", "JJ", "JJR", "JJS", "RB", "VB", "VBD", "VBG", "VBN", "VBP", "VBZ",
		"CD", "FW", "ADD", "GW", "AFX", "SYM", "NFP", "LS":
		return true
	}
	return false
}

// buildAllowed fills m.allowed from m.classTags.
func (m *Model) buildAllowed() {
	m.allowed = make([][]bool, len(m.classTags))
	for c, ts := range m.classTags {
		row := make([]bool, len(m.tags))
		for t, x := range m.xpos {
			row[t] = openTag(x) || slices.Contains(ts, x)
		}
		m.allowed[c] = row
	}
}

// allowedFor returns the tag classes a word of ambiguity class c may
// take, or nil for any. Only unknown words (class 0) are constrained, to
// open-class tags: a known word's rarer tags fall under the lexicon's 5%
// threshold and must stay possible.
func (m *Model) allowedFor(c uint16) []bool {
	if c == 0 && len(m.allowed) > 0 {
		return m.allowed[0]
	}
	return nil
}
