package checker

import (
	"cmp"
	"slices"

	"github.com/wardline/wardline/guard"
)

// guardScanner returns the detectors of package guard.
func guardScanner() *scanner {
	return &scanner{
		normalize:    guard.Normalize,
		instructions: guard.Instructions,
		secrets:      secretsAndCredentials,
		urls:         guard.URLs,
		exfiltration: guard.Exfiltration,
	}
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
