//go:build race

package langid

const raceEnabled = true
