package guard

import (
	"github.com/wardline/wardline/guard/internal/exfil"
	"github.com/wardline/wardline/internal/seam"
)

// The checker asks Exfiltration and URLs of most fields; internal/seam
// hands it both from one scan for URLs (with Normalize of the field when
// the scan computed it), and the number of URLs without their excerpts
// (all it needs of URLs).
func init() {
	seam.ExfiltrationURLCount = func(s string) ([]Finding, int, string, bool) {
		fs, n, normalized, ok := exfil.ExfiltrationURLCount(s)
		return public(fs), n, normalized, ok
	}
	seam.URLCount = exfil.URLCount
}
