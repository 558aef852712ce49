//go:build !race

package gate

// raceEnabled reports whether the race detector is on.
const raceEnabled = false
