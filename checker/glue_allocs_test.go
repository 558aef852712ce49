//go:build !race

package checker

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The checker's own work on a conforming response allocates a handful of
// times however many fields it has: the copy of the input, the Response,
// one backing array for all of its []string, InternetFacts and
// MCPRequests; and two allocations per retrieved_at, in the schema
// library's date-time check (boxing the string, splitting the time). The
// guard detectors are stubbed out here; their cost is theirs.
func TestGlueAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	c := noopChecker(t)
	for name, raw := range map[string][]byte{"typical": typicalResponse(t), "max": maxResponse(t)} {
		resp, err := c.Validate(raw)
		require.NoError(t, err)
		n := testing.AllocsPerRun(50, func() { _, _ = c.Validate(raw) })
		require.LessOrEqual(t, n, 6.0+2*float64(len(resp.InternetFacts)), name)
	}
}
