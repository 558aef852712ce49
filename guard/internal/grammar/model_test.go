//go:build !langidgen && !grammargen

package grammar

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tinyModel trains a model on a handful of hand-made sentences: enough to
// exercise training, encoding and decoding in milliseconds.
func tinyModel(t testing.TB) *Model {
	t.Helper()
	ex := []Example{
		{Words: []string{"The", "build", "fails", "."}, UPOS: []string{"DET", "NOUN", "VERB", "PUNCT"}, XPOS: []string{"DT", "NN", "VBZ", "."}, Heads: []int{2, 3, 0, 3}, Rels: []string{"det", "nsubj", "root", "punct"}},
		{Words: []string{"Run", "the", "tests", "."}, UPOS: []string{"VERB", "DET", "NOUN", "PUNCT"}, XPOS: []string{"VB", "DT", "NNS", "."}, Heads: []int{0, 3, 1, 1}, Rels: []string{"root", "det", "obj", "punct"}},
		{Words: []string{"I", "think", "it", "works", "."}, UPOS: []string{"PRON", "VERB", "PRON", "VERB", "PUNCT"}, XPOS: []string{"PRP", "VBP", "PRP", "VBZ", "."}, Heads: []int{2, 0, 4, 2, 2}, Rels: []string{"nsubj", "root", "nsubj", "ccomp", "punct"}},
	}
	var all []Example
	for range 10 {
		all = append(all, ex...)
	}
	m, err := Train(all, TrainOptions{TagEpochs: 3, Seed: 1, Verbs: map[string]uint8{"run": wnVerbFirst, "build": wnNounFirst}})
	require.NoError(t, err)
	return m
}

func TestTrainEncodeDecode(t *testing.T) {
	m := tinyModel(t)
	b, err := m.MarshalBinary()
	require.NoError(t, err)

	var d Model
	require.NoError(t, d.UnmarshalBinary(b))
	words := []string{"Run", "the", "build", "."}
	assert.Equal(t, m.TagWords(words, nil), d.TagWords(words, nil), "a decoded model tags as the trained one")

	b2, err := tinyModel(t).MarshalBinary()
	require.NoError(t, err)
	assert.True(t, bytes.Equal(b, b2), "training is deterministic")

	assert.True(t, d.lex.bareComp(hashLower("think")), "bare complements are learnt from the trees")
	assert.True(t, d.lex.finiteComp(hashLower("think")), "finite complements are learnt from the trees")
	assert.False(t, d.lex.finiteComp(hashLower("run")), "an object is not a clause")
	assert.Equal(t, uint8(wnVerbFirst), d.lex.wordnet(hashLower("Run")))
	assert.Equal(t, uint8(wnNone), d.lex.wordnet(hashLower("the")))
}

func TestDecodeRefusesMalformed(t *testing.T) {
	b, err := tinyModel(t).MarshalBinary()
	require.NoError(t, err)
	var m Model
	assert.Error(t, m.UnmarshalBinary(nil))
	assert.Error(t, m.UnmarshalBinary([]byte("not a model at all")))
	// Every truncation is refused, none panics.
	for n := 0; n < len(b); n += max(1, len(b)/300) {
		assert.Error(t, new(Model).UnmarshalBinary(b[:n]), "truncated at %d", n)
	}
	bad := bytes.Clone(b)
	bad[len(modelMagic)] = 99 // version
	assert.ErrorContains(t, new(Model).UnmarshalBinary(bad), "version")
}

func TestDefaultModel(t *testing.T) {
	m := Default()
	require.NotNil(t, m)
	assert.Same(t, m, Default(), "decoded once")
	assert.Greater(t, len(m.tags), 40)
	assert.LessOrEqual(t, len(modelData), 3<<20, "the embedded model stays compact")
	b, err := m.MarshalBinary()
	require.NoError(t, err)
	assert.True(t, bytes.Equal(modelData, b), "the tables' layout in memory leaves the model's binary form as it was")
}
