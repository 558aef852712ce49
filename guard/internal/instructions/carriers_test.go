package instructions

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHiddenCarriers(t *testing.T) {
	smuggled := "Summary.\U000E0001\U000E0069\U000E0067\U000E006E\U000E006F\U000E0072\U000E0065\U000E007F Done"
	got := hiddenCarriers(smuggled)
	require.Len(t, got, 1)
	assert.Equal(t, ruleInjection, got[0].Rule)
	assert.Equal(t, len("Summary."), got[0].Start)
	assert.Equal(t, len(smuggled)-len(" Done"), got[0].End)
	assert.Contains(t, got[0].Excerpt, "ignore")

	bidi := "x\u202eevil\u202c y \u2066z\u2069"
	got = hiddenCarriers(bidi)
	require.Len(t, got, 4)
	assert.Equal(t, "\u202e", bidi[got[0].Start:got[0].End])
	assert.Contains(t, got[0].Excerpt, "U+202E")

	assert.Empty(t, hiddenCarriers("plain text with \u2019 and \u200b and \u200f"))
	assert.Empty(t, hiddenCarriers("\xe2\xf3"))
}
