package guard

import (
	"github.com/wardline/wardline/guard/internal/exfil"
	"github.com/wardline/wardline/internal/seam"
)

// The checker asks Exfiltration and URLs of most fields; internal/seam
// hands it both from one scan for URLs, and the number of URLs without
// their excerpts (all it needs of URLs).
func init() {
	seam.ExfiltrationURLCount = func(s string) ([]Finding, int) {
		fs, n := exfil.ExfiltrationURLCount(s)
		return public(fs), n
	}
	seam.URLCount = exfil.URLCount
}
