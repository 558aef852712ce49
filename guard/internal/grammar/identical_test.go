package grammar

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wardline/wardline/guard/internal/grammar/internal/ud"
	"github.com/wardline/wardline/internal/crafted"
)

// identicalCorpus returns sentences to tag: the treebank's splits (cased
// and lower-cased; the training split only without -short), the public
// benchmarks' texts, this package's sample sentences, and every crafted
// input of issue 17 cut into pieces of 64 tokens.
func identicalCorpus(t *testing.T) [][]string {
	var out [][]string
	splits := []string{"en_ewt-test.conllu", "en_ewt-dev.conllu"}
	if !testing.Short() {
		splits = append(splits, "en_ewt-train.conllu")
	}
	for _, name := range splits {
		sents, err := ud.ReadFile(needShared(t, "treebank/ud-english-ewt/"+name))
		require.NoError(t, err)
		for _, s := range sents {
			var cased, lower []string
			for _, w := range s.Words {
				cased = append(cased, w.Form)
				lower = append(lower, strings.ToLower(w.Form))
			}
			out = append(out, cased, lower)
		}
	}
	for _, rel := range []string{"benchmarks/ewt/fields.jsonl", "benchmarks/tldr/fields.jsonl"} {
		f, err := os.Open(needShared(t, rel))
		require.NoError(t, err)
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			var l struct{ Text string }
			require.NoError(t, json.Unmarshal(sc.Bytes(), &l))
			out = append(out, tokens(l.Text))
		}
		require.NoError(t, sc.Err())
		require.NoError(t, f.Close())
	}
	for _, s := range sampleSentences(t) {
		out = append(out, tokens(s))
	}
	for _, in := range crafted.Inputs(1 << 10) {
		words := tokens(in.Text)
		for len(words) > 0 {
			k := min(len(words), 64)
			out = append(out, words[:k])
			words = words[k:]
		}
	}
	return out
}

// identicalDigest is the SHA-256 of every tagging TestTaggerIdentical
// makes, computed with the tagger before issue 17's changes; with -short,
// without the training split, it is identicalDigestShort.
const (
	identicalDigest      = "af883446fbf8709125ba0a442fe99e75fd2d2f0767faf6ca093637dd80007cd0"
	identicalDigestShort = "b2c03e55a48e1a3aac808c2bd3021d485a6291f3c3e36e0ce898cf7f0b6df592"
)

// TestTaggerIdentical checks that the tagger, its beam and Analyze give
// the tags they gave before issue 17's speed-ups: against the reference
// implementation (reference_test.go) and against a digest of the old
// output.
func TestTaggerIdentical(t *testing.T) {
	m := Default()
	h := sha256.New()
	var buf []byte
	put := func(tags []Tag) {
		buf = binary.LittleEndian.AppendUint32(buf[:0], uint32(len(tags)))
		for _, tg := range tags {
			buf = binary.LittleEndian.AppendUint16(buf, uint16(tg))
		}
		h.Write(buf)
	}
	var sn Sentence
	var tags []Tag
	var beam [][]Tag
	corpus := identicalCorpus(t)
	for _, words := range corpus {
		tags = m.TagWords(words, tags[:0])
		require.Equal(t, refTagWords(m, words), tags, "TagWords %q", words)
		put(tags)
		beam = m.tagBeam(words, beam[:0])
		require.Equal(t, refTagBeam(m, words), beam, "tagBeam %q", words)
		for _, b := range beam {
			put(b)
		}
		m.AnalyzeWords(words, &sn)
		require.Equal(t, refAnalyzeTags(m, words), sn.Tags, "Analyze %q", words)
		put(sn.Tags)
	}
	got := hex.EncodeToString(h.Sum(nil))
	t.Logf("%d sentences, digest %s", len(corpus), got)
	want := identicalDigest
	if testing.Short() {
		want = identicalDigestShort
	}
	require.Equal(t, want, got, "digest of all taggings")
}

// TestFeatureSplit checks that the features tagging sums per position
// (wordFeatures) and per hypothesis (h1Features, restFeatures) are those
// the model was trained on (tagFeatures), for every position of the
// sample sentences and a range of right contexts.
func TestFeatureSplit(t *testing.T) {
	m := Default()
	contexts := []struct {
		name   string
		h1, h2 uint16
		rc     rightCtx
	}{
		{"sentence end", noTag, noTag, rightCtx{finTag: noTag, preTag: noTag}},
		{"one tag", 3, noTag, rightCtx{finTag: noTag, preTag: noTag}},
		{"finite verb", 7, 12, rightCtx{finTag: 7, preTag: noTag, finDist: 1}},
		{"noun gap", 1, 2, rightCtx{finTag: 9, preTag: 4, finDist: 7, nounGap: true, boundary: true}},
	}
	var s sentence
	for _, text := range sampleSentences(t) {
		words := tokens(text)
		s.prepare(words, m.lex, m.finite)
		for _, c := range contexts {
			for i := range words {
				want := slices.Sorted(slices.Values(s.tagFeatures(i, c.h1, c.h2, c.rc, nil)))
				got := s.wordFeatures(i, nil)
				require.LessOrEqual(t, len(got), nWordFeatures)
				h1 := s.h1Features(i, c.h1)
				rest := s.restFeatures(i, c.h1, c.h2, c.rc)
				got = append(append(got, h1[:]...), rest[:]...)
				slices.Sort(got)
				require.Equal(t, want, got, "%s: %q word %d", c.name, text, i)
			}
		}
	}
}

func TestLowerASCII(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"run", "run"},
		{"Run", "run"},
		{"reINSTALL", "reinstall"},
		{"ÉTÉ Go", "ÉtÉ go"},
		{"x86-64", "x86-64"},
	} {
		assert.Equal(t, c.want, lowerASCII(c.in), c.in)
		assert.Equal(t, strings.Map(func(r rune) rune {
			if r >= 'A' && r <= 'Z' {
				return r + 'a' - 'A'
			}
			return r
		}, c.in), lowerASCII(c.in), c.in)
	}
}
