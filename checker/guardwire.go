package checker

import (
	"cmp"
	"slices"

	"github.com/wardline/wardline/guard"
	"github.com/wardline/wardline/internal/seam"
)

// guardScanner returns the detectors of package guard, with the shared
// scans guard offers the checker through internal/seam.
func guardScanner() *scanner {
	s := &scanner{
		normalize:    guard.Normalize,
		instructions: guard.Instructions,
		secrets:      secretsAndCredentials,
		urls:         guard.URLs,
		exfiltration: guard.Exfiltration,
	}
	s.exfilURLs, _ = seam.ExfiltrationURLCount.(func(string) ([]guard.Finding, int, string, bool))
	s.urlCount, _ = seam.URLCount.(func(string) int)
	s.normOffs, _ = seam.NormalizeWithOffsets.(func(string) (string, []int))
	s.exfilURLsNorm, _ = seam.ExfiltrationURLCountNormalized.(func(string, string, []int) ([]guard.Finding, int))
	s.instructionsNorm, _ = seam.InstructionsNormalized.(func(string, string, []int) []guard.Finding)
	return s
}

// secretsAndCredentials is guard.Secrets (gitleaks' rules) and
// guard.Credentials (passwords in URLs), sorted by offset.
func secretsAndCredentials(s string) []guard.Finding {
	fs := guard.Secrets(s)
	if cs := guard.Credentials(s); len(cs) > 0 {
		fs = append(fs, cs...)
		slices.SortFunc(fs, func(a, b guard.Finding) int { return cmp.Compare(a.Start, b.Start) })
	}
	return fs
}
