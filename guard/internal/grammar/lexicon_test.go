package grammar

import (
	"math/rand/v2"
	"testing"
)

// probeValue is the lexicon lookup as a plain linear probe: the
// reference that value's index must match.
func probeValue(l *lexicon, h uint64) uint32 {
	n := len(l.fps)
	fp := fingerprint(h)
	for i, probes := slotOf(h, n), 0; probes < n; probes++ {
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

// TestLexiconIndexExact checks that the lexicon's index answers every
// lookup as the linear probe does: for words, for random hashes, and for
// hashes that share a stored fingerprint but start elsewhere (the case
// where the probe's answer depends on where the run ends).
func TestLexiconIndexExact(t *testing.T) {
	l := Default().lex
	rng := rand.New(rand.NewPCG(1, 2))
	check := func(h uint64) {
		t.Helper()
		if got, want := l.value(h), probeValue(l, h); got != want {
			t.Fatalf("value(%#x) = %#x, linear probe %#x", h, got, want)
		}
	}
	for _, w := range []string{"the", "run", "rm", "sg", "xn", "ez", "a", "qwzx", "assistant", "é", ""} {
		check(hashLower(w))
	}
	for range 200000 {
		check(rng.Uint64())
	}
	for _, fp := range l.fps {
		if fp == 0 {
			continue
		}
		for range 4 {
			// fingerprint keeps the low half (with bit 0 set).
			check(rng.Uint64()&^0xFFFFFFFF | uint64(fp))
			check(rng.Uint64()&^0xFFFFFFFF | uint64(fp&^1))
		}
	}
	// Small tables: full, one empty slot, fingerprints repeated.
	for _, keys := range [][]uint64{{1 << 32, 2 << 32, 3 << 32}, {5, 5<<32 | 5, 9<<32 | 4, 1<<63 | 5}} {
		m := map[uint64]uint32{}
		for i, k := range keys {
			m[k] = uint32(i + 1)
		}
		s := newLexicon(m)
		for _, k := range keys {
			if got, want := s.value(k), probeValue(s, k); got != want {
				t.Fatalf("small table: value(%#x) = %d, want %d", k, got, want)
			}
		}
		for range 10000 {
			h := rng.Uint64()
			if rng.IntN(2) == 0 {
				h = h&^0xFFFFFFFF | keys[rng.IntN(len(keys))]&0xFFFFFFFF
			}
			if got, want := s.value(h), probeValue(s, h); got != want {
				t.Fatalf("small table: value(%#x) = %d, want %d", h, got, want)
			}
		}
		full := &lexicon{fps: []uint32{3, 5, 7}, vals: []uint32{1, 2, 3}}
		full.index()
		for range 1000 {
			h := rng.Uint64()&^0xFFFFFFFF | uint64(rng.IntN(9))
			if got, want := full.value(h), probeValue(full, h); got != want {
				t.Fatalf("full table: value(%#x) = %d, want %d", h, got, want)
			}
		}
	}
}
