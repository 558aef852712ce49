//go:build race

package exfil

// raceEnabled reports whether the race detector is on. Under -race the
// single-goroutine differential and timing tests sample their inputs
// (see raceSample); CI also runs this package without -race, in full.
const raceEnabled = true
