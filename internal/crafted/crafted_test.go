package crafted

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestInputs(t *testing.T) {
	in := Inputs(1 << 10)
	require.Greater(t, len(in), 1000)
	seen := map[string]bool{}
	for _, x := range in {
		require.False(t, seen[x.Name], "duplicate name %s", x.Name)
		seen[x.Name] = true
		assert.Regexp(t, `^[a-z]+-[A-Za-z0-9._x-]+-(glued|spaced|sep[A-Za-z0-9._x-]+)$`, x.Name)
		assert.LessOrEqual(t, len(x.Text), max(1<<10, len(x.Unit)), x.Name)
		assert.True(t, strings.HasPrefix(x.Text, x.Unit), x.Name)
	}
	assert.True(t, seen["url-www.a.-glued"])
	assert.True(t, seen["secret-key-sepx3d"])
}

func TestSecretKeywords(t *testing.T) {
	kws := SecretKeywords()
	require.Greater(t, len(kws), 200)
	assert.Contains(t, kws, "ghp_")
	assert.Contains(t, kws, "key")
}

func TestTypical(t *testing.T) {
	for _, n := range []int{100, 1 << 10, Size} {
		s := Typical(n)
		assert.LessOrEqual(t, len(s), n)
		assert.Greater(t, len(s), n-200)
		c := TypicalCommand(n)
		assert.LessOrEqual(t, len(c), n)
	}
}

func TestGitleaksExpression(t *testing.T) {
	re, err := regexp.Compile(GitleaksExpression("generic-api-key"))
	require.NoError(t, err)
	assert.True(t, re.MatchString(`api_key = "Xy7Qp2Lm9Zr4Tb8W"`))
	assert.Empty(t, GitleaksExpression("no-such-rule"))
}

func TestCostRatios(t *testing.T) {
	in := Inputs(1<<10, Category{Name: "x", Tokens: []string{"ab"}, Seps: []string{""}})
	rs := CostRatios(func(s string) { _ = strings.Count(s, "a") }, Typical(1<<10), in, 1e9, nil)
	require.Len(t, rs, 1)
	assert.Positive(t, rs[0].PerByte)
	assert.Positive(t, rs[0].Typical)
}

func TestGrowth(t *testing.T) {
	linear := func(s string) { _ = strings.Count(s, "a") }
	square := func(s string) {
		for i := range len(s) {
			_ = strings.Count(s[i:], "a")
		}
	}
	g1 := Growth(linear, "ab ", 1<<10, 16<<10)
	g2 := Growth(square, "ab ", 1<<10, 16<<10)
	assert.Less(t, g1, 64.0, "linear work grows about 16x")
	assert.Greater(t, g2, 64.0, "quadratic work grows about 256x")
}

func TestGitleaksKeywords(t *testing.T) {
	kws := GitleaksKeywords("generic-api-key")
	require.Contains(t, kws, "token")
	assert.Nil(t, GitleaksKeywords("no-such-rule"))
}

func TestJudge(t *testing.T) {
	rs := []Ratio{
		{Input: Input{Name: "a"}, PerByte: 3},
		{Input: Input{Name: "b"}, PerByte: 25},
		{Input: Input{Name: "c"}, PerByte: 40, Excuse: "known"},
		{Input: Input{Name: "d"}, PerByte: 12},
	}
	v := Judge(rs, 20)
	require.Len(t, v.Over, 1)
	assert.Equal(t, "b", v.Over[0].Input.Name)
	require.Len(t, v.Known, 1)
	assert.Equal(t, "c", v.Known[0].Input.Name)
	assert.Equal(t, "b", v.Worst.Input.Name, "the worst without an excuse")
}

func TestDistinct(t *testing.T) {
	for _, in := range Distinct(Size) {
		assert.LessOrEqual(t, len(in.Text), Size, in.Name)
		assert.Greater(t, len(in.Text), Size-1000, in.Name)
		sentences := regexp.MustCompile(`\.\s`).Split(in.Text, -1)
		seen := map[string]bool{}
		dup := 0
		for _, s := range sentences {
			s = strings.TrimSpace(s)
			if seen[s] {
				dup++
			}
			seen[s] = true
		}
		assert.Less(t, dup, len(sentences)/10+2, "%s: sentences repeat", in.Name)
	}
	assert.Equal(t, Distinct(4096), Distinct(4096), "deterministic")
}
