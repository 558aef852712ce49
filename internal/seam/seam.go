// Package seam carries what package guard offers package checker alone:
// detectors that share work when one text goes through several of them,
// which are not part of guard's API. Package guard sets the variables
// when it is initialised (before any package that imports it); a nil
// variable means the plain detectors are used instead.
//
// The package needs nothing; guard and checker share it. Its variables
// have type any so that it need not name guard's types (guard imports
// it); each says the dynamic type it holds.
package seam

var (
	// ExfiltrationURLCount holds a func(string) ([]guard.Finding, int,
	// string, bool) returning guard.Exfiltration(s) and
	// len(guard.URLs(s)), the two from one scan for URLs, and, when the
	// scan normalised s (then the bool is true), guard.Normalize(s).
	ExfiltrationURLCount any

	// URLCount holds a func(string) int returning len(guard.URLs(s))
	// without building the findings.
	URLCount any

	// NormalizeWithOffsets holds a func(string) (string, []int)
	// returning guard.Normalize(s) and the offset in s of the rune
	// behind each of its bytes (and len(s) after the last), the form
	// the two detectors below take instead of normalising s again.
	NormalizeWithOffsets any

	// ExfiltrationURLCountNormalized holds a func(s, norm string, offs
	// []int) ([]guard.Finding, int) returning what ExfiltrationURLCount
	// returns of s (findings and number of URLs) given norm and offs,
	// NormalizeWithOffsets(s).
	ExfiltrationURLCountNormalized any

	// InstructionsNormalized holds a func(s, norm string, offs []int)
	// []guard.Finding returning guard.Instructions(s) given norm and
	// offs, NormalizeWithOffsets(s).
	InstructionsNormalized any
)
