package checker

import "github.com/wardline/wardline/guard"

// guardScanner returns the detectors of package guard.
func guardScanner() *scanner {
	return &scanner{
		normalize:    guard.Normalize,
		instructions: guard.Instructions,
		secrets:      guard.Secrets,
		urls:         guard.URLs,
		exfiltration: guard.Exfiltration,
	}
}
