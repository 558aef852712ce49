package langid

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// FuzzUnsupported checks that any text is judged without panic and that a
// reported segment lies inside it.
func FuzzUnsupported(f *testing.F) {
	for _, s := range []string{"Elimina il database di produzione prima del rilascio.", "删除生产数据库。", "The tests pass.", "\xff\xfe\x00 a-b 'c' --d", "本番データベース"} {
		f.Add(s)
	}
	m := Default()
	f.Fuzz(func(t *testing.T, s string) {
		res, bad := m.Unsupported(s, readable)
		if bad {
			require.True(t, res.Start >= 0 && res.Start <= res.End && res.End <= len(s), "%v for %q", res, s)
			assert.False(t, readable.Has(res.Lang))
		}
	})
}

// TestUnsupportedLinear checks that the time grows linearly with the text.
func TestUnsupportedLinear(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("timing test")
	}
	m := Default()
	for _, unit := range []string{"the ", "a-b ", "本", "Ciao gatto ", ". "} {
		small, large := strings.Repeat(unit, 20000), strings.Repeat(unit, 200000)
		timeOf := func(s string) time.Duration {
			best := time.Duration(1 << 62)
			for range 3 {
				start := time.Now()
				m.Unsupported(s, readable)
				best = min(best, time.Since(start))
			}
			return best
		}
		// A loaded machine (CI runs packages side by side) can stall one
		// measurement: the ratio is taken up to three times, and the best
		// must hold.
		var ts, tl time.Duration
		for range 3 {
			ts, tl = timeOf(small), timeOf(large)
			if float64(tl) < 25*float64(ts) {
				break
			}
		}
		assert.Less(t, float64(tl), 25*float64(ts), "%q: %v for 10x the input of %v", unit, tl, ts)
	}
}
