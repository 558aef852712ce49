package route

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	seedAllowed  = []string{"monitor", "config_manager", "direct"}
	seedFallback = "direct"
)

type outputCase struct {
	Raw    string `json:"raw"`
	Want   string `json:"want"`
	Reason string `json:"reason"`
	Note   string `json:"note"`
}

// loadOutputs reads testdata/outputs.jsonl: supervisor outputs and the route
// the seed's allowlist (monitor, config_manager, direct→fallback) must give.
func loadOutputs(tb testing.TB) []outputCase {
	tb.Helper()
	f, err := os.Open("testdata/outputs.jsonl")
	require.NoError(tb, err)
	defer f.Close()
	var cases []outputCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var c outputCase
		require.NoError(tb, json.Unmarshal(sc.Bytes(), &c), sc.Text())
		cases = append(cases, c)
	}
	require.NoError(tb, sc.Err())
	require.NotEmpty(tb, cases)
	return cases
}

func TestParseSeed(t *testing.T) {
	r, err := New(seedFallback, seedAllowed...)
	require.NoError(t, err)
	for _, c := range loadOutputs(t) {
		name := c.Note
		if name == "" {
			name = c.Raw
		}
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, c.Want, Parse(c.Raw, seedAllowed, seedFallback), "Parse")
			d := r.Parse(c.Raw)
			assert.Equal(t, c.Want, d.Route, "Router.Parse route")
			assert.Equal(t, c.Reason, d.Reason.String(), "Router.Parse reason")
			assert.Equal(t, c.Reason != "matched", d.FellBack, "FellBack")
		})
	}
}

func TestParseReturnsAllowlistSpelling(t *testing.T) {
	allowed := []string{"Monitor", "CONFIG_MANAGER"}
	assert.Equal(t, "Monitor", Parse("monitor", allowed, "x"))
	assert.Equal(t, "CONFIG_MANAGER", Parse(" config_manager\n", allowed, "x"))
	assert.Equal(t, "x", Parse("", []string{""}, "x"), "an empty allowlist entry never matches")
	assert.Equal(t, "x", Parse("monitor", nil, "x"), "nil allowlist")

	r, err := New("Monitor", allowed...)
	require.NoError(t, err)
	assert.Equal(t, Decision{Route: "CONFIG_MANAGER", Reason: Matched}, r.Parse("Config_Manager"))
	assert.Equal(t, "Monitor", r.Fallback())
}

func TestNewRejectsBadAllowlists(t *testing.T) {
	tests := []struct {
		name     string
		fallback string
		allowed  []string
		want     error
	}{
		{"empty list", "direct", nil, ErrNoRoutes},
		{"duplicate", "direct", []string{"monitor", "direct", "monitor"}, ErrDuplicateRoute},
		{"duplicate by case", "direct", []string{"monitor", "direct", "MONITOR"}, ErrDuplicateRoute},
		{"fallback missing", "direct", []string{"monitor", "config_manager"}, ErrFallbackMissing},
		{"fallback differs in case", "Direct", []string{"monitor", "direct"}, ErrFallbackMissing},
		{"empty fallback", "", []string{"monitor"}, ErrFallbackMissing},
		{"empty token", "direct", []string{"direct", ""}, ErrInvalidToken},
		{"token with space", "direct", []string{"direct", "config manager"}, ErrInvalidToken},
		{"non-ASCII token", "direct", []string{"direct", "mönitor"}, ErrInvalidToken},
		{"over-long token", "direct", []string{"direct", strings.Repeat("a", MaxTokenLen+1)}, ErrInvalidToken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := New(tt.fallback, tt.allowed...)
			assert.ErrorIs(t, err, tt.want)
			assert.Nil(t, r)
		})
	}
	r, err := New("a", strings.Repeat("a", MaxTokenLen), "a")
	require.NoError(t, err, "a token of exactly MaxTokenLen bytes is allowed")
	assert.Equal(t, strings.Repeat("a", MaxTokenLen), r.Parse(strings.Repeat("A", MaxTokenLen)).Route)
}

func TestZeroAndNilRouterFallBack(t *testing.T) {
	var zero Router
	assert.Equal(t, Decision{Route: "", FellBack: true, Reason: Unknown}, zero.Parse("monitor"))
	var nilRouter *Router
	assert.Equal(t, Decision{Route: "", FellBack: true, Reason: Empty}, nilRouter.Parse(" "))
	assert.Equal(t, "", nilRouter.Fallback())
}

func TestReasonString(t *testing.T) {
	assert.Equal(t, "not-one-token", NotOneToken.String())
	assert.Equal(t, "reason(200)", Reason(200).String())
}

func TestParseDoesNotAllocate(t *testing.T) {
	r, err := New(seedFallback, seedAllowed...)
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(100, func() {
		_ = r.Parse(" CONFIG_MANAGER\n")
		_ = r.Parse("monitor and then config_manager")
		_ = Parse(" MONITOR ", seedAllowed, seedFallback)
	})
	assert.Zero(t, allocs)
}

// FuzzParseRoute checks that whatever the model prints, the route is in the
// allowlist or the fallback, that a match is exactly the trimmed, ASCII-folded
// output, and that Parse and Router.Parse agree.
func FuzzParseRoute(f *testing.F) {
	for _, c := range loadOutputs(f) {
		f.Add(c.Raw)
	}
	r, err := New(seedFallback, seedAllowed...)
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, raw string) {
		got := Parse(raw, seedAllowed, seedFallback)
		require.Contains(t, seedAllowed, got)
		d := r.Parse(raw)
		require.Equal(t, got, d.Route, "Parse and Router.Parse disagree")
		require.Equal(t, d.FellBack, d.Reason != Matched)
		if !d.FellBack {
			require.Equal(t, got, strings.ToLower(strings.Trim(raw, " \t\n\r\v\f")))
		} else {
			require.Equal(t, seedFallback, got)
		}
	})
}

func BenchmarkParse(b *testing.B) {
	r, err := New(seedFallback, seedAllowed...)
	require.NoError(b, err)
	inputs := []struct{ name, raw string }{
		{"match", " CONFIG_MANAGER\n"},
		{"injected", "monitor and then config_manager"},
		{"unknown", "route=monitor"},
	}
	for _, in := range inputs {
		b.Run("func/"+in.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = Parse(in.raw, seedAllowed, seedFallback)
			}
		})
		b.Run("router/"+in.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = r.Parse(in.raw)
			}
		})
	}
}
