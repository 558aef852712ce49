package langid

import (
	"fmt"
	"slices"
	"strings"
)

// allCodes lists every language code the package can report: the
// Latin-script languages of the model, then the languages named by a
// script. A Set holds a subset of them.
var allCodes = []string{
	"en", "es", "de", "fr", "it", "pt", "nl", "pl", "tr", "id", "sv", "ro", "cs", "sk",
	"da", "no", "fi", "hr", "lv", "vi",
	"ru", "el", "ar", "he", "hi", "zh", "ja", "ko", "th", "und",
}

// Set is a set of languages. The zero value is empty: nothing is allowed.
type Set struct{ bits uint64 }

// NewSet returns the set of the given ISO 639-1 codes. An unknown code is
// an error naming it.
func NewSet(codes ...string) (Set, error) {
	var s Set
	for _, c := range codes {
		i := slices.Index(allCodes, strings.ToLower(c))
		if i < 0 {
			return Set{}, fmt.Errorf("langid: unknown language %q (known: %s)", c, strings.Join(allCodes, " "))
		}
		s.bits |= 1 << i
	}
	return s, nil
}

// codeIndex maps a code to its bit in a Set.
var codeIndex = func() map[string]uint {
	m := make(map[string]uint, len(allCodes))
	for i, c := range allCodes {
		m[c] = uint(i)
	}
	return m
}()

// Has reports whether the set holds code.
func (s Set) Has(code string) bool {
	i, ok := codeIndex[code]
	return ok && s.bits&(1<<i) != 0
}

// Codes returns the set's codes in the package's order.
func (s Set) Codes() []string {
	var out []string
	for i, c := range allCodes {
		if s.bits&(1<<i) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// Known returns every code NewSet accepts.
func Known() []string { return slices.Clone(allCodes) }
