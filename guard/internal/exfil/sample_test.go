package exfil

// raceStride is how many inputs a differential test skips per input it
// checks under -race. Those tests run in one goroutine, so the race
// detector finds nothing in them and only multiplies their cost (20-25x
// here); CI runs them on every input in a separate run without -race.
const raceStride = 8

// raceSample returns xs, or every raceStride-th element of xs when the race
// detector is on.
func raceSample[T any](xs []T) []T {
	if !raceEnabled {
		return xs
	}
	out := make([]T, 0, len(xs)/raceStride+1)
	for i := 0; i < len(xs); i += raceStride {
		out = append(out, xs[i])
	}
	return out
}
