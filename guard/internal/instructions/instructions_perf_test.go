package instructions

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/wardline/wardline/guard/internal/lexicon"
	"github.com/wardline/wardline/guard/internal/normalize"
)

// TestLowerIntoMatches checks lowerInto against normalize.IsASCII, lowerOnly and
// strings.ToLower.
func TestLowerIntoMatches(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	alpha := "aZ9 .\n\t\r\v\f\x00\x7f\x80é  |sudoSUDO"
	var d detector
	for range 100000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteByte(alpha[r.IntN(len(alpha))])
		}
		s := b.String()
		ascii, simple := lowerInto(s, &d)
		if ascii != normalize.IsASCII(s) || simple != (normalize.IsASCII(s) && lowerOnly(s)) {
			t.Fatalf("lowerInto(%q) = %v, %v", s, ascii, simple)
		}
		if simple && string(d.nbuf[:len(s)]) != strings.ToLower(s) {
			t.Fatalf("lowerInto(%q) wrote %q", s, d.nbuf[:len(s)])
		}

	}
}

// TestWordFlagSets checks that the word-flag bits that stand for set
// membership agree with the sets.
func TestWordFlagSets(t *testing.T) {
	sets := []struct {
		name string
		set  map[string]struct{}
		flag uint32
	}{
		{"functionWords", lexicon.FunctionWords, fFunction},
		{"subcommands", subcommands, fSubcommand},
		{"cliEntities", cliEntities, fEntity},
		{"proseyPrograms", proseyPrograms, fProsey},
		{"knownPrograms", knownPrograms, fProgram},
	}
	var all []string
	for _, s := range sets {
		for w := range s.set {
			all = append(all, w)
		}
	}
	for w := range ordinals {
		all = append(all, w)
	}
	all = append(all, "", "x", "gitx", "the1")
	for _, w := range all {
		f := flagsOf(w)
		for _, s := range sets {
			_, in := s.set[w]
			if in != (f&s.flag != 0) {
				t.Errorf("%q: in %s = %v, flag = %v", w, s.name, in, f&s.flag != 0)
			}
		}
		_, in := ordinals[w]
		if in != (f&fOrdinal != 0) {
			t.Errorf("%q: in ordinals = %v, flag = %v", w, in, f&fOrdinal != 0)
		}
	}
}

// lowerOnly, the reference lowerInto is tested against, reports whether
// Normalize changes the ASCII string s only by lower-casing it: printable
// characters, single spaces and "\n". Unlike isNormalASCIIRef it admits
// upper case.
func lowerOnly(s string) bool {
	prevSpace := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' {
			if prevSpace {
				return false
			}
			prevSpace = true
			continue
		}
		prevSpace = false
		if c < ' ' && c != '\n' || c == 0x7F {
			return false
		}
	}
	return true
}

// TestArgScanMatchesContainsAny checks argScan against
// strings.ContainsAny on ranges whose starts mostly grow, as
// inlineCommands asks, and sometimes fall back.
func TestArgScanMatchesContainsAny(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	alpha := "ab -/|.x  curl"
	for range 2000 {
		var b strings.Builder
		for range r.IntN(200) {
			b.WriteByte(alpha[r.IntN(len(alpha))])
		}
		text := b.String()
		var m argScan
		a := 0
		for range 50 {
			switch r.IntN(5) {
			case 0:
				a = r.IntN(len(text) + 1)
			default:
				a = min(len(text), a+r.IntN(8))
			}
			z := a + r.IntN(len(text)-a+1)
			if got, want := m.has(text, a, z), strings.ContainsAny(text[a:z], argChars); got != want {
				t.Fatalf("has(%q, %d, %d) = %v, want %v", text, a, z, got, want)
			}
		}
	}
}

// TestHasDashOrDigit checks hasDashOrDigit against strings.ContainsAny.
func TestHasDashOrDigit(t *testing.T) {
	for _, w := range []string{"", "a", "-", "a-b", "s3", "ec2", "simctl", "x9", "é", "\xff", "/", "9"} {
		if got, want := hasDashOrDigit(w), strings.ContainsAny(w, "-0123456789"); got != want {
			t.Errorf("hasDashOrDigit(%q) = %v, want %v", w, got, want)
		}
	}
}
