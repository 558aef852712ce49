package citation

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
)

var benchWords = strings.Fields(`the service level agreement availability window maintenance
region failover payments vault cluster token rotation incident severity response minutes
monthly rolling measured balancer approvals secondary primary replica schedule announced
target credits customers contract support engineering database backup restore latency
percentile budget error release rollout canary feature flag owner review quarterly`)

// benchCorpus builds nSources sources of size bytes each from a fixed seed,
// and a page of about pageSize bytes citing nNotes sentences spread over
// them. fabricate makes every quote one that does not occur.
func benchCorpus(tb testing.TB, nSources, size, pageSize, nNotes int, fabricate bool) ([]byte, fstest.MapFS) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	// A vocabulary of 2,000 pseudo-words with English-like letter
	// frequencies, plus the domain words above.
	const letters = "eeeeeeeeeeeettttttttaaaaaaaaoooooooiiiiiiinnnnnnnsssssshhhhhhrrrrrrddddllllcccuuummwwffggyyppbbvkjxqz"
	vocab := slices.Clone(benchWords)
	for len(vocab) < 2000 {
		w := make([]byte, 2+rng.IntN(8))
		for i := range w {
			w[i] = letters[rng.IntN(len(letters))]
		}
		vocab = append(vocab, string(w))
	}
	src := fstest.MapFS{}
	var sentences [][2]string // source, sentence
	for s := 0; s < nSources; s++ {
		var b strings.Builder
		for b.Len() < size {
			n := 8 + rng.IntN(12)
			var sent []string
			for i := 0; i < n; i++ {
				sent = append(sent, vocab[rng.IntN(len(vocab))])
			}
			line := strings.Join(sent, " ") + "."
			if rng.IntN(3) == 0 {
				line = strings.Replace(line, " ", "\n", 1) // quotes must match across line breaks
			}
			b.WriteString(line)
			b.WriteString(" ")
			if rng.IntN(5) == 0 {
				b.WriteString("\n\n")
			}
			if rng.IntN(200) == 0 {
				sentences = append(sentences, [2]string{fmt.Sprintf("raw/src-%d.md", s), line})
			}
		}
		src[fmt.Sprintf("src-%d.md", s)] = &fstest.MapFile{Data: []byte(b.String())}
	}
	require.GreaterOrEqual(tb, len(sentences), nNotes)
	var body, defs strings.Builder
	body.WriteString("---\ntitle: Benchmark\nsources: [raw/src-0.md]\n---\n\n# Benchmark page\n\n")
	for i := 0; i < nNotes; i++ {
		pick := sentences[i*len(sentences)/nNotes]
		quote := pick[1]
		c := Citation{Label: fmt.Sprint(i + 1), Source: pick[0], Locator: "p." + fmt.Sprint(i), Quote: quote}
		if fabricate {
			c.Quote = strings.Replace(normalizeQuote(quote), " ", " certainly ", 1)
			c.Hash = QuoteHash(c.Quote)
		} else {
			var err error
			c, err = Anchor(src, c)
			require.NoError(tb, err)
		}
		def, err := c.Format()
		require.NoError(tb, err)
		defs.WriteString(def + "\n")
	}
	for i := 0; body.Len()+defs.Len() < pageSize; i++ {
		fmt.Fprintf(&body, "Paragraph %d states a fact about the %s and the %s.", i, benchWords[i%len(benchWords)], benchWords[(i*7)%len(benchWords)])
		fmt.Fprintf(&body, "[^%d]", i%nNotes+1) // every paragraph cites (the policy is per paragraph)
		body.WriteString("\n\n")
	}
	return []byte(body.String() + "\n" + defs.String()), src
}

func BenchmarkVerify(b *testing.B) {
	for _, bc := range []struct {
		name      string
		fabricate bool
	}{
		{"page=20KB/footnotes=30/sources=4x256KB/verbatim", false},
		{"page=20KB/footnotes=30/sources=4x256KB/fabricated", true},
	} {
		b.Run(bc.name, func(b *testing.B) {
			page, src := benchCorpus(b, 4, 256<<10, 20<<10, 30, bc.fabricate)
			want := 0
			if bc.fabricate {
				want = 30
			}
			require.Len(b, Verify(page, src), want)
			b.SetBytes(int64(len(page)))
			b.ReportAllocs()
			for b.Loop() {
				Verify(page, src)
			}
		})
	}
}

func BenchmarkQuoteHash(b *testing.B) {
	q := "The SLA is 99.95% monthly, measured at the load balancer\nover a rolling thirty-day window."
	b.ReportAllocs()
	for b.Loop() {
		QuoteHash(q)
	}
}
