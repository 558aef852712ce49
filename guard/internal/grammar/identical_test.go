package grammar

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
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

// TestTaggerIdenticalRandom checks the tagger, its beam and Analyze
// against the reference implementation on random text: words drawn from
// the sample sentences and from shapes the treebank rarely shows (paths,
// flags, numbers, shouting, non-ASCII letters, punctuation runs), in
// random case and order, so that sentences are new and their tags often
// leave a clause without a verb (the beam's case).
func TestTaggerIdenticalRandom(t *testing.T) {
	m := Default()
	var pool []string
	for _, s := range sampleSentences(t) {
		pool = append(pool, tokens(s)...)
	}
	pool = append(pool, "./run.sh", "--force", "-rf", "~/x", "1.2.3", "42", "RUN", "Ünïcödé", "naïve", "日本",
		"x_y", "a.b.c", "@user", "--", ";", "!", "?", "(", ")", ",", ".", ":", "\"", "'s", "n't", "", "ÉTÉ")
	rng := rand.New(rand.NewPCG(17, 26))
	n := 3000
	if testing.Short() {
		n = 500
	}
	var sn Sentence
	for range n {
		words := make([]string, 1+rng.IntN(40))
		for i := range words {
			w := pool[rng.IntN(len(pool))]
			switch rng.IntN(6) {
			case 0:
				w = strings.ToUpper(w)
			case 1:
				w = strings.ToLower(w)
			}
			words[i] = w
		}
		require.Equal(t, refTagWords(m, words), m.TagWords(words, nil), "TagWords %q", words)
		require.Equal(t, refTagBeam(m, words), m.tagBeam(words, nil), "tagBeam %q", words)
		m.AnalyzeWords(words, &sn)
		require.Equal(t, refAnalyzeTags(m, words), sn.Tags, "Analyze %q", words)
	}
}

// TestBestAllowed checks bestAllowed against the reference on random
// scores with many ties, with and without a set of allowed classes
// (empty ones included).
func TestBestAllowed(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 7))
	for range 20000 {
		scores := make([]int32, rng.IntN(90))
		for i := range scores {
			scores[i] = int32(rng.IntN(7) - 3)
		}
		var allowed []bool
		if rng.IntN(2) == 0 {
			allowed = make([]bool, len(scores))
			for i := range allowed {
				allowed[i] = rng.IntN(4) == 0
			}
		}
		require.Equal(t, refBestAllowed(scores, allowed), bestAllowed(scores, allowed), "%v %v", scores, allowed)
	}
}

// TestFeatureSplit checks that the features tagging sums per token
// (ownFeatures), per position (contextFeatures) and per hypothesis
// (h1Features, restFeatures) are those
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
		s.prepare(words, m.lex)
		for _, c := range contexts {
			for i := range words {
				want := slices.Sorted(slices.Values(s.tagFeatures(i, c.h1, c.h2, c.rc, nil)))
				got := s.contextFeatures(i, ownFeatures(&s.info[i], nil))
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

// TestWordCache checks that tokens that share an entry of the word cache,
// tokens too long for it, and a change of model leave the tags as the
// reference gives them.
func TestWordCache(t *testing.T) {
	m := Default()
	var c wordCache
	c.reset(m)
	// Two different tokens of one entry.
	a, _ := c.slot("Run")
	var b string
	for i := 0; b == ""; i++ {
		w := "w" + strconv.Itoa(i)
		if k, _ := c.slot(w); k == a {
			b = w
		}
	}
	long := strings.Repeat("x", maxCachedWord+1)
	k, ok := c.slot(long)
	assert.Equal(t, -1, k)
	assert.False(t, ok)
	for _, tc := range []struct {
		name  string
		words []string
	}{
		{"shared entry", []string{"Run", b, "Run", "the", b, "tests", "."}},
		{"shared entry, other order", []string{b, "Run", b, "."}},
		{"long token", []string{"Set", long, "to", long, "."}},
		{"case", []string{"RUN", "Run", "run", "."}},
		{"empty token", []string{"", "run", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for range 2 { // the second time from the cache
				assert.Equal(t, refTagWords(m, tc.words), m.TagWords(tc.words, nil))
				assert.Equal(t, refTagBeam(m, tc.words), m.tagBeam(tc.words, nil))
			}
		})
	}
	t.Run("model change", func(t *testing.T) {
		tiny := tinyModel(t)
		words := []string{"Run", "the", "build", "."}
		for _, mm := range []*Model{m, tiny, m, tiny} {
			assert.Equal(t, refTagWords(mm, words), mm.TagWords(words, nil))
		}
	})
}

// FuzzTagIdentical checks that the tagger and its beam give the reference
// implementation's tags on any text.
func FuzzTagIdentical(f *testing.F) {
	addSeeds(f)
	m := Default()
	f.Fuzz(func(t *testing.T, s string) {
		words := tokens(s)
		if len(words) > 200 {
			words = words[:200]
		}
		require.Equal(t, refTagWords(m, words), m.TagWords(words, []Tag{}))
		require.Equal(t, refTagBeam(m, words), m.tagBeam(words, nil))
	})
}

// TestTagConcurrent tags the sample sentences from several goroutines at
// once (the scratch space and word cache come from a pool) and checks
// every result against the tags of one goroutine alone.
func TestTagConcurrent(t *testing.T) {
	m := Default()
	var sents [][]string
	for _, s := range sampleSentences(t) {
		sents = append(sents, tokens(s))
	}
	want := make([][]Tag, len(sents))
	for i, words := range sents {
		want[i] = refAnalyzeTags(m, words)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			var sn Sentence
			for r := range 20 {
				for k := range sents {
					i := (k + g*7 + r) % len(sents) // each goroutine in its own order
					m.AnalyzeWords(sents[i], &sn)
					assert.Equal(t, want[i], sn.Tags, "%q", sents[i])
				}
			}
		})
	}
	wg.Wait()
}

// TestAnalyzeRemembered analyses sentences twice and more in a row on one
// Sentence, as written, with the first word capitalised and in capitals
// (taggingWords lower-cases both, so the taggings are remembered ones),
// and lower-cased, and checks tags, clauses and the lexical facts they
// read against a fresh Sentence's;
// a change of model between two analyses of the same words must not
// reuse the other model's taggings.
func TestAnalyzeRemembered(t *testing.T) {
	m := Default()
	var sents [][]string
	for _, s := range sampleSentences(t) {
		sents = append(sents, tokens(s))
	}
	// Sentences whose greedy tagging leaves a clause without a verb, so
	// that the beam's taggings are remembered too, and random ones, which
	// often do.
	sents = append(sents, tokens("Angular 17 requires TypeScript 5.2."), tokens("Drop rates on the queue stayed low."),
		tokens("requires TypeScript 5.2 and go"), nil)
	var pool []string
	for _, s := range sents {
		pool = append(pool, s...)
	}
	rng := rand.New(rand.NewPCG(17, 27))
	for range 200 {
		words := make([]string, 1+rng.IntN(20))
		for i := range words {
			words[i] = pool[rng.IntN(len(pool))]
		}
		sents = append(sents, words)
	}
	variants := func(words []string) [][]string {
		title := slices.Clone(words)
		upper := slices.Clone(words)
		lower := slices.Clone(words)
		for i, w := range words {
			lower[i] = strings.ToLower(w)
			upper[i] = strings.ToUpper(w)
			if i == 0 && w != "" {
				title[i] = strings.ToUpper(w[:1]) + w[1:]
			}
		}
		return [][]string{words, words, title, upper, title, lower, lower, words}
	}
	var all, beamed [][]string
	for _, words := range sents {
		for _, v := range variants(words) {
			all = append(all, v)
			if !wellFormed(m.clauses(&Sentence{Words: v}, m.TagWords(v, nil), nil)) {
				beamed = append(beamed, v)
			}
		}
	}
	// The sentences that need the beam one after another, so that one's
	// remembered beam would be taken for the next one's.
	require.Greater(t, len(beamed), 10)
	all = append(all, beamed...)
	var sn Sentence
	for _, v := range all {
		var fresh Sentence
		m.AnalyzeWords(v, &fresh)
		m.AnalyzeWords(v, &sn)
		require.True(t, slices.Equal(fresh.Tags, sn.Tags), "%q: %v, fresh %v", v, sn.Tags, fresh.Tags)
		require.True(t, slices.Equal(fresh.Clauses, sn.Clauses), "%q: %v, fresh %v", v, sn.Clauses, fresh.Clauses)
		require.True(t, slices.Equal(refAnalyzeTags(m, v), sn.Tags), "%q", v)
		// The lexical facts clause analysis read, from the word cache or
		// remembered, are the words' own.
		if sn.lexDone {
			own := Sentence{Words: v}
			require.True(t, slices.Equal(m.wordLexes(&own), sn.lex), "%q", v)
		}
	}
	tiny := tinyModel(t)
	words := []string{"Run", "the", "build", "."}
	for _, mm := range []*Model{m, tiny, tiny, m, m} {
		mm.AnalyzeWords(words, &sn)
		require.Equal(t, refAnalyzeTags(mm, words), sn.Tags)
	}
}

// TestWordLexCase checks what Analyze relies on when it reuses a
// sentence's lexical facts for the same words in another case: a word's
// facts are those of the word with its ASCII letters lower-cased.
func TestWordLexCase(t *testing.T) {
	m := Default()
	words := []string{"reinstall", "Reinstall", "REINSTALL", "applies", "Applied", "RISES", "rose", "Make", "ensure",
		"Do", "CAN", "Ünïcödé", "ÉTÉ", "x_y", "Re-Run"}
	for _, s := range sampleSentences(t) {
		words = append(words, tokens(s)...)
	}
	var a, b Sentence
	for _, w := range words {
		a.Words, b.Words = []string{w}, []string{lowerASCII(w)}
		a.lexDone, b.lexDone = false, false
		assert.Equal(t, m.wordLexes(&b), m.wordLexes(&a), "%q", w)
	}
}
