package budget

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNewRefuses(t *testing.T) {
	for name, tiers := range map[string]map[string]int{
		"none":         nil,
		"empty name":   {"": 10},
		"zero limit":   {"brief": 0},
		"negative":     {"brief": -5},
		"control char": {"bri\nef": 10},
		"bidi":         {"brief\u202e": 10},
		"too long":     {strings.Repeat("t", maxTierName+1): 10},
	} {
		b, err := New(tiers)
		assert.Nil(t, b, name)
		assert.ErrorIs(t, err, ErrConfig, name)
	}
}

func TestCheck(t *testing.T) {
	tiers := map[string]int{"brief": 150, "standard": 1000}
	b, err := New(tiers)
	require.NoError(t, err)
	tiers["brief"] = 1 // New copied the map
	l, ok := b.Limit("brief")
	assert.True(t, ok)
	assert.Equal(t, 150, l)

	big := strings.Repeat("The deploy job restores the previous release. ", 10)   // about 120 tokens
	mid := strings.Repeat("Rollbacks keep the configuration of the release. ", 5) // about 70
	small := "The tests run first."
	require.NoError(t, b.Check("standard", Section{"a.md", big}, Section{"b.md", mid}, Section{"c.md", small}))
	require.NoError(t, b.Check("brief", Section{"c.md", small}))

	err = b.Check("brief", Section{"c.md", small}, Section{"a.md", big}, Section{"", mid})
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "brief", e.Tier)
	assert.Equal(t, 150, e.Limit)
	assert.Equal(t, Tokens(small)+Tokens(big)+Tokens(mid), e.Tokens)
	assert.Equal(t, []SectionCost{{"a.md", Tokens(big)}, {"section 3", Tokens(mid)}, {"c.md", Tokens(small)}}, e.Sections)
	// The largest section covers the excess, so only it is named.
	assert.Contains(t, err.Error(), "prune a.md (")
	assert.NotContains(t, err.Error(), "section 3")

	// When no one section covers the excess, the next ones are named too,
	// at most three.
	many := []Section{{"1", big}, {"2", big}, {"3", big}, {"4", big}, {"5", big}}
	err = b.Check("brief", many...)
	assert.Contains(t, err.Error(), "prune 1 (")
	assert.Contains(t, err.Error(), ", 3 (")
	assert.Contains(t, err.Error(), "and 2 more sections")
}

func TestCheckFailsClosed(t *testing.T) {
	b, err := New(map[string]int{"brief": 50})
	require.NoError(t, err)
	err = b.Check("Brief", Section{"a", "x"})
	assert.ErrorIs(t, err, ErrUnknownTier)
	var zero Budget
	var nilBudget *Budget
	for _, z := range []*Budget{&zero, nilBudget} {
		err := z.Check("brief", Section{"a", "x"})
		assert.True(t, errors.Is(err, ErrUnknownTier))
		_, ok := z.Limit("brief")
		assert.False(t, ok)
	}
}

func BenchmarkCheck(b *testing.B) {
	bud, err := New(map[string]int{"standard": 4000})
	require.NoError(b, err)
	text := strings.Repeat("A rollback restores the previous release and its configuration. ", 40)
	secs := []Section{{"wiki/deploy.md", text}, {"wiki/faq.md", text}}
	b.ReportAllocs()
	for b.Loop() {
		_ = bud.Check("standard", secs...)
	}
}
