//go:build !langidgen && !grammargen

package inject

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// refTurnPosition is turnPosition as it was before it kept its facts per
// line: the reference for TestTurnPositionPerLine.
func refTurnPosition(s string, i, a int) bool {
	j := i
	for j > a && (s[j-1] == '*' || s[j-1] == '_' || s[j-1] == '"' || s[j-1] == '\'') {
		j--
	}
	k := j
	for k > a && (s[k-1] == ' ' || s[k-1] == '\t') {
		k--
	}
	if k == a {
		return true
	}
	switch p := s[k-1]; p {
	case '>', '-', '*':
		return strings.TrimLeft(s[a:k], " \t>-*0123456789.)") == ""
	case '.', '?', '!', ']', ')', '}':
		return k < j
	case ':':
		if j < i && s[j] == '"' && k == j && k >= 2 && s[k-2] == '"' {
			return true // a JSON string value (the rule is not about cost)
		}
		return k < j && strings.Count(s[a:k], ":") == 1 && len(strings.Fields(s[a:k])) <= 5
	}
	return false
}

// TestTurnPositionPerLine checks turnPosition against the reference on
// random lines of markers, colons, fields and spaces, asked in order along
// each line and out of order.
func TestTurnPositionPerLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"system", ":", " ", "  ", "- ", "> ", "*", "\"", "1.", "state", "\t", "\u00a0", "é", "\n", ")"}
	for range 3000 {
		var b strings.Builder
		for range rng.IntN(30) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		m := b.String()
		if m == "" {
			continue
		}
		d := &doc{m: m}
		a := rng.IntN(len(m))
		check := func(i int) {
			if got, want := d.turnPosition(i, a), refTurnPosition(m, i, a); got != want {
				t.Fatalf("turnPosition(%q, %d, %d) = %v, want %v", m, i, a, got, want)
			}
		}
		for i := a; i < len(m); i++ {
			check(i)
		}
		for range 10 {
			check(a + rng.IntN(len(m)-a))
		}
	}
}

// TestTurnPositionLinear: a line of many role markers is read once, not
// once per marker.
func TestTurnPositionLinear(t *testing.T) {
	m := "Registrant: " + strings.Repeat("system: ", 1<<15)
	d := &doc{m: m}
	n := 0
	for i := 0; i < len(m); i++ {
		if d.turnPosition(i, 0) {
			n++
		}
	}
	if want := 0; n == want {
		t.Fatalf("no position found")
	}
}
