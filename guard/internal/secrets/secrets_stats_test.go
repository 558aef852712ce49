package secrets

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFastRegexpCoverage checks that nearly every gitleaks rule gets a
// windowed search (the rest are scanned in full, which is correct but slow).
func TestFastRegexpCoverage(t *testing.T) {
	e, err := loadSecretEngine()
	require.NoError(t, err)
	var windowed, seq int
	for _, r := range e.rules {
		if r.fast.ready().tail != nil {
			windowed++
		} else {
			t.Logf("full scan (gated by keywords): %s", r.RuleID)
		}
		if r.fast.ready().seq != nil {
			seq++
		}
	}
	t.Logf("%d rules: %d windowed, %d with a literal/class sequence check", len(e.rules), windowed, seq)
	assert.GreaterOrEqual(t, windowed, len(e.rules)-5)
	for _, r := range e.rules {
		if r.RuleID == "generic-api-key" {
			assert.NotNil(t, r.fast.ready().generic, "generic-api-key dominates the run time and needs its own matcher")
		}
	}
}
