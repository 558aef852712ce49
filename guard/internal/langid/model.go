package langid

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// Model holds, for every language it knows, the cost of words and of word
// beginnings and endings: the negative log-probability of seeing them in
// that language's running text, in tenths of a nat, capped at 254.
type Model struct {
	langs   []string
	bits    []uint64 // per language: its bit in a Set
	words   table    // word hash -> row
	affixes table    // hash of "^abc" or "abc$" -> row
	unknown []byte   // per language: the cost of a word no table knows, before its affixes
	noAffix []byte   // per language: the cost of an affix the language's table lacks
}

// absentCost marks, in an affix row, a language that lacks the affix.
const absentCost = 255

// table is a static hash table with linear probing: 32-bit fingerprints
// (0 marks an empty slot) and one row of per-language costs per entry.
type table struct {
	fps  []uint32
	rows []byte // len(fps) * nLangs
	n    int    // languages per row
}

// slotOf returns the first slot of hash h in a table of n slots. FNV's
// high bits are poorly mixed for short words, so h goes through a
// finaliser first.
func slotOf(h uint64, n int) int {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	return int(h >> 32 * uint64(n) >> 32)
}
func fingerprint(h uint64) uint32 { return uint32(h) | 1 }

// row returns the costs of the entry with hash h, or nil.
func (t *table) row(h uint64) []byte {
	n := len(t.fps)
	if n == 0 {
		return nil
	}
	fp := fingerprint(h)
	for i, probes := slotOf(h, n), 0; probes < n; probes++ {
		switch t.fps[i] {
		case fp:
			return t.rows[i*t.n : (i+1)*t.n]
		case 0:
			return nil
		}
		if i++; i == n {
			i = 0
		}
	}
	return nil
}

func newTable(entries map[uint64][]byte, nLangs int) table {
	n := max(8, len(entries)+len(entries)/3+1)
	t := table{fps: make([]uint32, n), rows: make([]byte, n*nLangs), n: nLangs}
	keys := make([]uint64, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, h := range keys {
		i := slotOf(h, n)
		for t.fps[i] != 0 {
			if i++; i == n {
				i = 0
			}
		}
		t.fps[i] = fingerprint(h)
		copy(t.rows[i*nLangs:], entries[h])
	}
	return t
}

const (
	modelMagic   = "WLLANGID"
	modelVersion = 1
)

// MarshalBinary encodes the model.
func (m *Model) MarshalBinary() ([]byte, error) {
	b := []byte(modelMagic)
	b = binary.LittleEndian.AppendUint16(b, modelVersion)
	b = append(b, byte(len(m.langs)))
	for _, l := range m.langs {
		b = append(b, byte(len(l)))
		b = append(b, l...)
	}
	b = append(b, m.unknown...)
	b = append(b, m.noAffix...)
	for _, t := range []*table{&m.words, &m.affixes} {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(t.fps)))
		for _, fp := range t.fps {
			b = binary.LittleEndian.AppendUint32(b, fp)
		}
		b = append(b, t.rows...)
	}
	return b, nil
}

// UnmarshalBinary decodes a model written by MarshalBinary.
func (m *Model) UnmarshalBinary(b []byte) error {
	if len(b) < len(modelMagic)+3 || string(b[:len(modelMagic)]) != modelMagic {
		return errors.New("langid: not a model")
	}
	b = b[len(modelMagic):]
	if v := binary.LittleEndian.Uint16(b); v != modelVersion {
		return fmt.Errorf("langid: model version %d, want %d", v, modelVersion)
	}
	n := int(b[2])
	b = b[3:]
	bad := errors.New("langid: model is truncated")
	m.langs = nil
	for range n {
		if len(b) < 1 || len(b) < 1+int(b[0]) {
			return bad
		}
		m.langs = append(m.langs, string(b[1:1+int(b[0])]))
		b = b[1+int(b[0]):]
	}
	if n == 0 || len(b) < 2*n {
		return bad
	}
	m.unknown, m.noAffix = slices.Clone(b[:n]), slices.Clone(b[n:2*n])
	b = b[2*n:]
	for _, t := range []*table{&m.words, &m.affixes} {
		if len(b) < 4 {
			return bad
		}
		slots := int(binary.LittleEndian.Uint32(b))
		b = b[4:]
		if slots < 0 || len(b) < slots*(4+n) {
			return bad
		}
		t.n = n
		t.fps = make([]uint32, slots)
		for i := range slots {
			t.fps[i] = binary.LittleEndian.Uint32(b[4*i:])
		}
		b = b[4*slots:]
		t.rows = slices.Clone(b[:slots*n])
		b = b[slots*n:]
	}
	if len(b) != 0 {
		return errors.New("langid: model has trailing data")
	}
	m.setBits()
	return nil
}

// setBits computes each language's bit in a Set.
func (m *Model) setBits() {
	m.bits = make([]uint64, len(m.langs))
	for l, code := range m.langs {
		if i, ok := codeIndex[code]; ok {
			m.bits[l] = 1 << i
		}
	}
}

// Languages returns the ISO 639-1 codes of the Latin-script languages the
// model tells apart, in the model's order.
func (m *Model) Languages() []string { return slices.Clone(m.langs) }
