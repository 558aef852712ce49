//go:build race

package gate

// raceEnabled reports whether the race detector is on: the cost tests,
// which measure running time, skip then.
const raceEnabled = true
