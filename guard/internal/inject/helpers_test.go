//go:build !langidgen && !grammargen

package inject

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wardline/wardline/guard/internal/langid"
)

// testAnalyzer returns an Analyzer reading en, es, de and fr that
// normalises by lower-casing and takes its Scan hits from scan (nil for
// none).
func testAnalyzer(t testing.TB, scan func(string, Need, []Hit) []Hit) *Analyzer {
	t.Helper()
	set, err := langid.NewSet("en", "es", "de", "fr")
	require.NoError(t, err)
	a, err := New(Config{Normalize: strings.ToLower, Scan: scan, Readable: set})
	require.NoError(t, err)
	return a
}
