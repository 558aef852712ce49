//go:build race

package audit_test

// raceEnabled: under the race detector the single-goroutine mutation test
// runs a sample (the full 2×10 000 runs without -race); the concurrency
// test always runs in full.
const raceEnabled = true
