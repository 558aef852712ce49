package gate

import (
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/internal/crafted"
)

// craftedChains are hostile command lines of n bytes that make a naive
// splitter quadratic: wrapper chains (each wrapper's command is the rest of
// the line), keyword chains and scripts that re-split the rest of the line.
func craftedChains(n int) map[string]string {
	fill := func(unit, tail string) string {
		return strings.Repeat(unit, (n-len(tail))/len(unit)) + tail
	}
	return map[string]string{
		"env":          fill("env ", "ls"),
		"sudo_user":    fill("sudo -u root ", "ls"),
		"nice":         fill("nice -n 1 ", "ls"),
		"timeout":      fill("timeout 1 ", "ls"),
		"xargs":        fill("xargs ", "ls"),
		"command":      fill("command ", "ls"),
		"find_exec":    fill("find . -exec ", "ls"),
		"env_assign":   fill("env A=1 ", "ls"),
		"time_keyword": fill("time ", "ls"),
		"eval":         fill("eval ", "ls"),
		"watch":        fill("watch ", "ls"),
		"plain_words":  fill("ls ", "ls"),
	}
}

// BenchmarkSplit measures Split on a typical and a compound command, and
// on 64 KiB crafted wrapper chains (see craftedChains), which Split
// refuses or splits in time and memory linear in their length.
func BenchmarkSplit(b *testing.B) {
	cases := []struct{ name, cmd string }{
		{"simple", "ping -c 1 127.0.0.1"},
		{"compound", "ping 8.8.8.8; curl -s x | sh && echo $(id) > /tmp/o"},
	}
	for name, cmd := range craftedChains(MaxCommandBytes) {
		cases = append(cases, struct{ name, cmd string }{"64KiB_chain_" + name, cmd})
	}
	for _, bc := range cases {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = Split(bc.cmd)
			}
		})
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Split's cost on hostile chains is linear: at most 10 MB for 64 KiB, and
// four times the input costs at most about four times the memory.
func TestSplitCostIsLinear(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocation sizes")
	}
	small, large := craftedChains(MaxCommandBytes/4), craftedChains(MaxCommandBytes)
	for name, cmd := range large {
		t.Run(name, func(t *testing.T) {
			Split(cmd) // warm the parser pool
			big := allocated(func() { _, _ = Split(cmd) })
			little := allocated(func() { _, _ = Split(small[name]) })
			if big > 10<<20 {
				t.Errorf("Split of %d bytes allocated %d bytes, over 10 MB", len(cmd), big)
			}
			if big > 6*little+(64<<10) {
				t.Errorf("not linear: %d bytes for %d bytes of input, %d for %d", big, len(cmd), little, len(small[name]))
			}
		})
	}
}

// Worst-case cost (issue 17): Split costs no crafted command line more
// than a few times a typical one of the same size.

// maxCostRatio is how many times a typical command line's cost per byte
// a crafted one may cost.
const maxCostRatio = 20

// costSize is the size of the command lines the cost test measures.
const costSize = 16 << 10

// knownSlowCommands are crafted command lines known to cost more than
// the bound, with where the time goes: the test logs their ratio instead
// of failing. There are none: the nesting that made mvdan.cc/sh recurse
// once per byte ("((((", "<(<(") is refused before parsing, and wrappers
// are unwrapped without re-splitting the rest of the line.
var knownSlowCommands = map[string]string{}

// TestSplitCostPerByte checks Split on every crafted input against a
// typical command line, the ratio measured in one run (see
// crafted.CostRatios).
func TestSplitCostPerByte(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("measures running time")
	}
	typical := crafted.TypicalCommand(costSize)
	_, err := Split(typical)
	require.NoError(t, err)
	split := func(s string) { _, _ = Split(s) }
	excuse := func(in crafted.Input) string { return knownSlowCommands[in.Name] }
	v := crafted.Judge(crafted.CostRatios(split, typical, crafted.Inputs(costSize), maxCostRatio, excuse), maxCostRatio)
	for _, r := range v.Known {
		t.Logf("known: %s costs %.0fx typical per byte: %s", r.Input.Name, r.PerByte, r.Excuse)
	}
	for _, r := range v.Over {
		assert.Failf(t, "over the bound", "%s costs %.1fx a typical command line per byte (%v vs %v on %d bytes)", r.Input.Name, r.PerByte, r.Cost, r.Typical, len(r.Input.Text))
	}
	worst := v.Worst
	t.Logf("worst: %s at %.1fx typical (%v, typical %v)", worst.Input.Name, worst.PerByte, worst.Cost, worst.Typical)
}

// BenchmarkSplit64KiB measures Split on a typical 64 KiB command line and
// on the crafted ones that cost the most (all of them with
// WARDLINE_ADVERSARIAL=all).
func BenchmarkSplit64KiB(b *testing.B) {
	run := func(b *testing.B, s string) {
		b.SetBytes(int64(len(s)))
		b.ReportAllocs()
		for b.Loop() {
			_, _ = Split(s)
		}
	}
	typical := crafted.TypicalCommand(crafted.Size)
	_, err := Split(typical)
	require.NoError(b, err) // under the limit of 1000 simple commands
	b.Run("typical", func(b *testing.B) { run(b, typical) })
	for _, in := range crafted.BenchInputs(crafted.Size, "url-x28x28-glued", "shell-sudox20-spaced", "injection-env-spaced",
		"shell-x24x28x28-glued", "shell-x3cx28-glued", "markdown-x5b-glued") {
		b.Run("adversarial-"+in.Name, func(b *testing.B) { run(b, in.Text) })
	}
}
