//go:build race

package normalize

// raceEnabled reports whether the race detector is on. Under -race the
// timing tests skip (see skipTimingUnderRace); CI also runs this package
// without -race, in full.
const raceEnabled = true
