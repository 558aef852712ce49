//go:build !langidgen && !grammargen

package langid

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func tinyModel(t testing.TB) *Model {
	t.Helper()
	m, err := Train([]Corpus{
		{Lang: "en", Sentences: []string{"the cat sat on the mat", "the dog ate the bone", "the cat ate the fish"}},
		{Lang: "it", Sentences: []string{"il gatto mangia il pesce", "il cane mangia l'osso", "il gatto dorme sul tappeto"}},
	}, TrainOptions{})
	require.NoError(t, err)
	return m
}

func TestTrainEncodeDecode(t *testing.T) {
	m := tinyModel(t)
	b, err := m.MarshalBinary()
	require.NoError(t, err)
	var d Model
	require.NoError(t, d.UnmarshalBinary(b))
	assert.Equal(t, []string{"en", "it"}, d.Languages())
	b2, err := tinyModel(t).MarshalBinary()
	require.NoError(t, err)
	assert.True(t, bytes.Equal(b, b2), "training is deterministic")

	en, _ := NewSet("en")
	res, bad := d.Unsupported("il gatto mangia il pesce sul tappeto", en)
	assert.True(t, bad)
	assert.Equal(t, "it", res.Lang)
	_, bad = d.Unsupported("the cat ate the fish on the mat", en)
	assert.False(t, bad)

	_, err = Train(nil, TrainOptions{})
	assert.Error(t, err)
	_, err = Train([]Corpus{{Lang: "xx", Sentences: []string{"a b"}}}, TrainOptions{})
	assert.Error(t, err)
}

func TestDecodeRefusesMalformed(t *testing.T) {
	b, err := tinyModel(t).MarshalBinary()
	require.NoError(t, err)
	for n := 0; n < len(b); n++ {
		assert.Error(t, new(Model).UnmarshalBinary(b[:n]), "truncated at %d", n)
	}
	assert.Error(t, new(Model).UnmarshalBinary(append(bytes.Clone(b), 0)), "trailing data")
}

func TestDefaultModel(t *testing.T) {
	assert.Same(t, Default(), Default())
	assert.LessOrEqual(t, len(modelData), 3<<20)
}
