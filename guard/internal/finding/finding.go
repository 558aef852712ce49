package finding

import (
	"fmt"
	"sort"
	"unicode/utf8"
)

// Finding is one thing a detector found in a string.
//
// Start and End are byte offsets into the string the caller passed in (not
// into its normalised form), with 0 <= Start <= End <= len(input). Rule is a
// stable dotted identifier such as "instruction.imperative" or
// "secret.github-pat"; applications may count and tune findings by it.
// Excerpt is a short, human-readable piece of the match for logs and error
// messages; for secrets it is redacted and never contains the secret itself.
type Finding struct {
	Rule    string
	Start   int
	End     int
	Excerpt string
}

// String formats the finding as "rule [start:end] excerpt".
func (f Finding) String() string {
	return fmt.Sprintf("%s [%d:%d] %q", f.Rule, f.Start, f.End, f.Excerpt)
}

// MaxExcerpt bounds Finding.Excerpt in bytes.
const MaxExcerpt = 80

// Clip shortens s to at most n bytes without splitting a rune, marking a
// cut with "…".
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// Sort sorts fs by start, then end, then rule. It takes guard's public
// Finding too, a struct with the same fields.
func Sort[F ~struct {
	Rule    string
	Start   int
	End     int
	Excerpt string
}](fs []F) {
	sort.Slice(fs, func(i, j int) bool {
		a, b := Finding(fs[i]), Finding(fs[j])
		if a.Start != b.Start {
			return a.Start < b.Start
		}
		if a.End != b.End {
			return a.End < b.End
		}
		return a.Rule < b.Rule
	})
}
