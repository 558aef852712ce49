package guard

import "testing"

// skipTimingUnderRace skips a test that measures running time: under the
// race detector it would measure the detector.
func skipTimingUnderRace(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("timing test: runs without -race (CI does both)")
	}
}
