package crafted

import (
	"os"
	"runtime"
	"strings"
	"time"
)

// Ratio is the cost of one crafted input relative to typical text.
type Ratio struct {
	Input Input
	// Cost and Typical are the least time a call took on the input and on
	// the typical text.
	Cost, Typical time.Duration
	// PerByte is Cost per byte of the input over Typical per byte of the
	// typical text.
	PerByte float64
	// Excuse, for an input above the limit, is why it may be (see
	// CostRatios); it is then not measured again.
	Excuse string
}

// CostRatios measures f on every input and on typical, in one run, and
// returns how much more each input costs per byte. Time is the calling
// thread's CPU time where the platform has it (Linux), so that other
// processes on a busy machine count for little; each figure is the least
// of several calls, the typical text is measured again between inputs,
// and an input that comes out above limit is measured again, longer,
// against a typical measured right next to it (up to three rounds, the
// lowest ratio kept), before it is reported as such; unless excuse (when not nil) gives a reason for it to be, which
// the Ratio then carries. f is called once on typical first, to build
// what it builds on first use.
func CostRatios(f func(string), typical string, inputs []Input, limit float64, excuse func(Input) string) []Ratio {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	f(typical)
	least := func(s string, n int) time.Duration {
		best := time.Duration(1<<63 - 1)
		for range n {
			t0 := threadTime()
			f(s)
			best = min(best, threadTime()-t0)
		}
		return max(best, 1)
	}
	typ := least(typical, 5)
	out := make([]Ratio, 0, len(inputs))
	for i, in := range inputs {
		if i%32 == 31 {
			typ = min(typ, least(typical, 2))
		}
		r := Ratio{Input: in, Cost: least(in.Text, 2), Typical: typ} // (two calls: the first may build what the input is the first to need)
		r.PerByte = perByte(r, typical)
		if r.PerByte > limit && excuse != nil {
			r.Excuse = excuse(in)
		}
		for round := 0; round < 3 && r.PerByte > limit && r.Excuse == ""; round++ {
			// Again, alternating with the typical text, so that both
			// see the same machine; up to three rounds, keeping the
			// lowest ratio, so that a burst of load on a busy machine
			// does not read as a slow input (a slow input stays slow in
			// every round).
			again := r
			again.Cost, again.Typical = least(in.Text, 1), least(typical, 1)
			for range 6 {
				again.Typical = min(again.Typical, least(typical, 1))
				again.Cost = min(again.Cost, least(in.Text, 1))
			}
			if again.PerByte = perByte(again, typical); again.PerByte < r.PerByte {
				r = again
			}
		}
		out = append(out, r)
	}
	return out
}

func perByte(r Ratio, typical string) float64 {
	return float64(r.Cost) / float64(max(1, len(r.Input.Text))) / (float64(r.Typical) / float64(max(1, len(typical))))
}

// BenchInputs returns the inputs of size bytes whose names are given, in
// that order, for the benchmarks' adversarial-* cases: the ones that cost
// the most before issue 17. With WARDLINE_ADVERSARIAL=all in the
// environment it returns every input instead (a long run: each is its own
// benchmark).
func BenchInputs(size int, names ...string) []Input {
	all := Inputs(size)
	if strings.EqualFold(os.Getenv("WARDLINE_ADVERSARIAL"), "all") {
		return all
	}
	byName := make(map[string]Input, len(all))
	for _, in := range all {
		byName[in.Name] = in
	}
	out := make([]Input, 0, len(names))
	for _, n := range names {
		if in, ok := byName[n]; ok {
			out = append(out, in)
		}
	}
	return out
}

// Verdict is CostRatios' answer sorted against its limit.
type Verdict struct {
	// Over are the inputs above the limit with no excuse; Known those
	// above it with one.
	Over, Known []Ratio
	// Worst is the costliest input without an excuse (above the limit
	// or not).
	Worst Ratio
}

// Judge sorts rs, as CostRatios returns them for limit, into a Verdict.
func Judge(rs []Ratio, limit float64) Verdict {
	var v Verdict
	for _, r := range rs {
		if r.Excuse == "" && r.PerByte > v.Worst.PerByte {
			v.Worst = r
		}
		switch {
		case r.PerByte <= limit:
		case r.Excuse != "":
			v.Known = append(v.Known, r)
		default:
			v.Over = append(v.Over, r)
		}
	}
	return v
}

// Growth returns how many times more f costs on unit repeated to large
// bytes than on unit repeated to small bytes, each the least of several
// calls in thread CPU time (see CostRatios). Work that grows with the
// text gives about large/small; work that grows with its square gives
// that squared.
func Growth(f func(string), unit string, small, large int) float64 {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	s, l := Repeat(unit, small), Repeat(unit, large)
	f(s)
	cost := func(x string) time.Duration {
		best := time.Duration(1<<63 - 1)
		for range 5 {
			t0 := threadTime()
			f(x)
			best = min(best, threadTime()-t0)
		}
		return max(best, 1)
	}
	cs, cl := cost(s), cost(l)
	for range 2 { // alternate, so that both see the same machine
		cs, cl = min(cs, cost(s)), min(cl, cost(l))
	}
	return float64(cl) / float64(cs)
}
