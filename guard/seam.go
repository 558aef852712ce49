package guard

import (
	"github.com/wardline/wardline/guard/internal/exfil"
	"github.com/wardline/wardline/guard/internal/instructions"
	"github.com/wardline/wardline/guard/internal/normalize"
	"github.com/wardline/wardline/internal/seam"
)

// The checker asks Exfiltration and URLs of most fields; internal/seam
// hands it both from one scan for URLs (with Normalize of the field when
// the scan computed it), and the number of URLs without their excerpts
// (all it needs of URLs). For a field that is not ASCII, which the URL
// scan and Instructions would each normalise, it also hands over one
// normalisation with offsets and the two detectors that take it.
func init() {
	seam.ExfiltrationURLCount = func(s string) ([]Finding, int, string, bool) {
		fs, n, normalized, ok := exfil.ExfiltrationURLCount(s)
		return public(fs), n, normalized, ok
	}
	seam.URLCount = exfil.URLCount
	seam.NormalizeWithOffsets = normalize.NormalizeWithOffsets
	seam.ExfiltrationURLCountNormalized = func(s, norm string, offs []int) ([]Finding, int) {
		fs, n := exfil.ExfiltrationURLCountNormalized(s, norm, offs)
		return public(fs), n
	}
	seam.InstructionsNormalized = func(s, norm string, offs []int) []Finding {
		return public(instructions.InstructionsNormalized(s, &instructions.Normalized{Norm: norm, Offs: offs}))
	}
}
