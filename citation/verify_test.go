package citation

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/wardline/wardline/citation/internal/page"
)

const wikiData = "../testdata/wiki"

// fixtureSources is the raw/ directory of the fixture workspace.
func fixtureSources(t testing.TB) fs.FS {
	t.Helper()
	root, err := os.OpenRoot(filepath.Join(wikiData, "workspace", "raw"))
	require.NoError(t, err)
	t.Cleanup(func() { root.Close() })
	return root.FS()
}

type fixturePage struct {
	name       string
	data       []byte
	expect     []Kind
	structural bool // the application verifies it as a structural page
}

func fixturePages(t testing.TB) []fixturePage {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(wikiData, "pages", "*.md"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var out []fixturePage
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		fm, _, _, found, closed := page.Split(data)
		require.True(t, found && closed, f)
		var meta struct {
			Expect     []Kind `yaml:"expect"`
			Structural bool   `yaml:"structural"`
		}
		require.NoError(t, yaml.Unmarshal(fm, &meta), f)
		out = append(out, fixturePage{name: filepath.Base(f), data: data, expect: meta.Expect, structural: meta.Structural})
	}
	return out
}

func kinds(ps []Problem) []Kind {
	out := []Kind{}
	for _, p := range ps {
		out = append(out, p.Kind)
	}
	return out
}

func TestVerifyFixtures(t *testing.T) {
	src := fixtureSources(t)
	var v Verifier
	for _, p := range fixturePages(t) {
		t.Run(p.name, func(t *testing.T) {
			want := p.expect
			if want == nil {
				want = []Kind{}
			}
			got := v.Verify(p.name, p.data, src)
			if p.structural {
				got = v.VerifyStructural(p.name, p.data, src)
			}
			assert.Equal(t, want, kinds(got), "%v", got)
			for _, pr := range got {
				assert.Positive(t, pr.Line, "problem %v has no line", pr)
			}
		})
	}
}

func TestStructuralIsTheApplicationsChoice(t *testing.T) {
	src := fixtureSources(t)
	index, err := os.ReadFile(filepath.Join(wikiData, "pages", "index.md"))
	require.NoError(t, err)
	body := []Kind{KindUncitedPage}
	assert.Equal(t, body, kinds(Verify(index, src)))
	var v Verifier
	// Verify never exempts, whatever the name.
	for _, name := range []string{"index.md", "archives/2025-q1.md", "log.md", "INDEX.md"} {
		assert.Equal(t, body, kinds(v.Verify(name, index, src)), name)
	}
	// VerifyStructural exempts only the configured pages, by exact name.
	assert.Empty(t, v.VerifyStructural("index.md", index, src))
	assert.Empty(t, v.VerifyStructural("Index.md", index, src), "case-insensitive file systems")
	for _, name := range []string{"archives/2025-q1.md", "archives.md", "sub/index.md", "index.md.bak"} {
		assert.Equal(t, body, kinds(v.VerifyStructural(name, index, src)), name)
	}
	// Names are validated in every entry point: "archives/../x.md" is not a
	// way into an exemption.
	for _, name := range []string{"archives/../index.md", "../index.md", "/index.md", "index.md\x00", "./index.md", "ｉndex.md", ""} {
		got := kinds(v.VerifyStructural(name, index, src))
		assert.Contains(t, got, KindInvalidName, "%q", name)
		assert.Contains(t, got, KindUncitedPage, "%q is not exempt", name)
		assert.Contains(t, kinds(v.Verify(name, index, src)), KindInvalidName, "%q", name)
		assert.False(t, v.IsStructural(name), "%q", name)
	}
	good, err := os.ReadFile(filepath.Join(wikiData, "pages", "good.md"))
	require.NoError(t, err)
	assert.Empty(t, Verify(good, src))
	assert.Empty(t, v.VerifyStructural("index.md", good, src), "a structural page's footnotes are still verified and may pass")
	fabricated, err := os.ReadFile(filepath.Join(wikiData, "pages", "fabricated.md"))
	require.NoError(t, err)
	assert.Equal(t, []Kind{KindQuoteNotFound}, kinds(v.VerifyStructural("index.md", fabricated, src)))
}

func TestCitationPolicyPerParagraph(t *testing.T) {
	src := fstest.MapFS{"rfc.md": {Data: []byte("Severity 1 incidents receive a first response within fifteen minutes.\n")}}
	def := mustDef(t, mustAnchor(t, src, Citation{Label: "1", Source: "raw/rfc.md",
		Quote: "Severity 1 incidents receive a first response within fifteen minutes"}))
	tests := []struct {
		name string
		body string
		want []Kind
	}{
		{"one cited paragraph", "Sev 1 is fast.[^1]\n", nil},
		{"two sentences, one cited", "Sev 1 is fast.[^1] Sev 2 is slow.\n", nil},
		{"uncited paragraph beside a cited one", "Sev 1 is fast.[^1]\n\nSev 2 is slow.\n", []Kind{KindUncitedParagraph}},
		{"uncited list item", "Sev 1 is fast.[^1]\n\n- Sev 2 is slow.\n- Sev 1 is fast.[^1]\n", []Kind{KindUncitedParagraph}},
		{"uncited block quote", "Sev 1 is fast.[^1]\n\n> Sev 2 is slow.\n", []Kind{KindUncitedParagraph}},
		{"headings are titles", "# Support\n\n## Severity 1\n\nSev 1 is fast.[^1]\n", nil},
		{"a code block cannot cite", "Sev 1 is fast.[^1]\n\n```\nSev 2 is slow.\n```\n", []Kind{KindUncitedParagraph}},
		{"an indented code block cannot cite", "Sev 1 is fast.[^1]\n\n    Sev 2 is slow.\n", []Kind{KindUncitedParagraph}},
		{"an HTML block cannot cite", "Sev 1 is fast.[^1]\n\n<div>Sev 2 is slow.</div>\n", []Kind{KindUncitedParagraph}},
		{"no citation at all", "Sev 2 is slow.\n\nSev 3 too.\n", []Kind{KindUncitedPage, KindUnreferencedDefinition}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Verify([]byte("---\ntitle: x\n---\n"+tt.body+"\n"+def+"\n"), src)
			want := tt.want
			if want == nil {
				want = []Kind{}
			}
			assert.Equal(t, want, kinds(got), "%v", got)
			for _, p := range got {
				assert.Positive(t, p.Line)
			}
		})
	}
	// Structural pages have no paragraph policy.
	var v Verifier
	assert.Empty(t, v.VerifyStructural("index.md", []byte("# Index\n\n- [a](a.md)\n\n```\nx\n```\n"), src))
}

func TestQuoteNumberBoundaries(t *testing.T) {
	src := "During the outage, 1.5% of requests failed with a timeout error. " +
		"The quarter closed at -2.3 billion dollars. Then 12,500 customers asked. " +
		"Version 2.3.1 shipped with a 99.95% target. Range 10-20 items were late."
	tests := []struct {
		q    string
		want bool
	}{
		{"1.5% of requests failed with a timeout error", true},
		{"5% of requests failed with a timeout error", false},
		{".5% of requests failed with a timeout error", false},
		{"-2.3 billion dollars", true},
		{"2.3 billion dollars", false},
		{"The quarter closed at -2.3 billion", true},
		{"The quarter closed at -2", false},
		{"Then 12,500 customers asked", true},
		{"Then 12", false},
		{"Then 12,", false},
		{"500 customers asked", false},
		{"Version 2.3", false},
		{"Version 2.3.1 shipped", true},
		{"with a 99.95% target", true},
		{"with a 99.9", false},
		{"20 items were late", false},
		{"Range 10-20 items", true},
		{"outage, 1.5%", true},
		{"requests failed", true},
		{"equests failed", false},
	}
	norm := normalizeQuote(src)
	for _, tt := range tests {
		assert.Equal(t, tt.want, findVerbatim(norm, normalizeQuote(tt.q)), "%q", tt.q)
	}
}

func TestSourcesAreBounded(t *testing.T) {
	quote := "Severity 1 incidents receive a first response within fifteen minutes"
	data := []byte(quote + ".\n")
	def := mustDef(t, Citation{Label: "1", Source: "raw/rfc.md", Quote: quote})
	page := []byte("Sev 1 is fast.[^1]\n\n" + def + "\n")
	assert.Empty(t, Verify(page, fstest.MapFS{"rfc.md": {Data: data}}))
	v, err := New(WithMaxSourceBytes(int64(len(data) - 1)))
	require.NoError(t, err)
	got := v.Verify("p.md", page, fstest.MapFS{"rfc.md": {Data: data}})
	require.Equal(t, []Kind{KindMissingSource}, kinds(got))
	assert.Contains(t, got[0].Detail, "larger than the limit")
	// Not a regular file: a directory, a FIFO (never opened).
	got = Verify(page, fstest.MapFS{"rfc.md": {Mode: fs.ModeDir}})
	assert.Equal(t, []Kind{KindMissingSource}, kinds(got))
	got = Verify(page, fstest.MapFS{"rfc.md": {Mode: fs.ModeNamedPipe}})
	assert.Equal(t, []Kind{KindMissingSource}, kinds(got))
	_, err = New(WithMaxSourceBytes(0))
	assert.Error(t, err)
	_, err = New(nil)
	assert.Error(t, err, "a nil option is refused")
}

func mustAnchor(t *testing.T, src fs.FS, c Citation) Citation {
	t.Helper()
	a, err := Anchor(src, c)
	require.NoError(t, err)
	return a
}

func TestVerifyDriftEvidence(t *testing.T) {
	// The same quote and source, three histories.
	quote := "The standard plan costs 10 euros per seat per month, billed yearly."
	v1 := []byte("# Pricing\n\nThe standard plan costs 10 euros per seat per month, billed yearly.\n")
	v2 := []byte("# Pricing\n\nThe standard plan costs 12 euros per seat per month, billed yearly.\n")
	anchored, err := Anchor(fstest.MapFS{"pricing.md": {Data: v1}}, Citation{Label: "1", Source: "raw/pricing.md", Quote: quote})
	require.NoError(t, err)
	require.Equal(t, hashBytes(v1), anchored.SourceHash)
	def, err := anchored.Format()
	require.NoError(t, err)
	page := []byte("The plan is cheap.[^1]\n\n" + def + "\n")

	assert.Empty(t, Verify(page, fstest.MapFS{"pricing.md": {Data: v1}}), "unchanged source")
	assert.Equal(t, []Kind{KindSourceDrifted}, kinds(Verify(page, fstest.MapFS{"pricing.md": {Data: v2}})), "edited source")

	// Without the source digest there is no evidence of a change.
	anchored.SourceHash = ""
	def, err = anchored.Format()
	require.NoError(t, err)
	page = []byte("The plan is cheap.[^1]\n\n" + def + "\n")
	assert.Equal(t, []Kind{KindQuoteNotFound}, kinds(Verify(page, fstest.MapFS{"pricing.md": {Data: v2}})))

	// A drifted source with a hash-mismatched quote is a hash mismatch first.
	bad := strings.Replace(def, "10 euros", "11 euros", 1)
	page = []byte("The plan is cheap.[^1]\n\n" + bad + "\n")
	assert.Equal(t, []Kind{KindHashMismatch}, kinds(Verify(page, fstest.MapFS{"pricing.md": {Data: v2}})))
}

func TestAnchorRefusesWhatVerifyWouldReject(t *testing.T) {
	src := fixtureSources(t)
	tests := []struct {
		name string
		c    Citation
		want Kind
	}{
		{"fabricated", Citation{Label: "1", Source: "raw/rfc-0034.md", Quote: "The SLA is 100% every single month."}, KindQuoteNotFound},
		{"short", Citation{Label: "1", Source: "raw/rfc-0034.md", Quote: "99.95% monthly"}, KindTooShort},
		{"missing", Citation{Label: "1", Source: "raw/none.md", Quote: "The SLA is 99.95% monthly"}, KindMissingSource},
		{"outside raw", Citation{Label: "1", Source: "wiki/index.md", Quote: "The SLA is 99.95% monthly"}, KindMissingSource},
		{"stitched", Citation{Label: "1", Source: "raw/rfc-0034.md", Quote: "The SLA is 99.95% monthly … at any hour of any day."}, KindStitched},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Anchor(src, tt.c)
			require.Error(t, err)
			assert.ErrorIs(t, err, tt.want)
			var p Problem
			require.ErrorAs(t, err, &p)
			assert.Equal(t, tt.want, p.Kind)
		})
	}
	c, err := Anchor(src, Citation{Label: "sla", Source: "raw/rfc-0034.md", Locator: "p.1",
		Quote: "The SLA is 99.95% monthly,\nmeasured at the load balancer"})
	require.NoError(t, err)
	assert.Equal(t, QuoteHash("The SLA is 99.95% monthly, measured at the load balancer"), c.Hash)
	assert.True(t, isHash(c.SourceHash))
}

func TestVerifierOptions(t *testing.T) {
	src := fstest.MapFS{"a.md": {Data: []byte("short facts: ninety nine")}, "docs/b.md": {Data: []byte("the sky was a deep blue that evening")}}
	short := mustDef(t, Citation{Label: "1", Source: "raw/a.md", Quote: "ninety nine"})
	page := []byte("Fact.[^1]\n\n" + short + "\n")
	assert.Equal(t, []Kind{KindTooShort}, kinds(Verify(page, src)))

	v, err := New(WithMinQuote(5))
	require.NoError(t, err)
	assert.Empty(t, v.Verify("p.md", page, src))

	v, err = New(WithSourcePrefix("sources/"))
	require.NoError(t, err)
	def := mustDef(t, Citation{Label: "1", Source: "sources/docs/b.md", Quote: "the sky was a deep blue that evening"})
	assert.Empty(t, v.Verify("p.md", []byte("Fact.[^1]\n\n"+def+"\n"), src))
	assert.Equal(t, []Kind{KindMissingSource}, kinds(Verify([]byte("Fact.[^1]\n\n"+def+"\n"), src)))

	v, err = New(WithStructural("home.md", "drafts/toc.md"))
	require.NoError(t, err)
	assert.True(t, v.IsStructural("home.md"))
	assert.True(t, v.IsStructural("Drafts/TOC.md"))
	assert.False(t, v.IsStructural("drafts/x.md"))
	assert.False(t, v.IsStructural("index.md"))

	v, err = New(WithStructural())
	require.NoError(t, err)
	assert.False(t, v.IsStructural("index.md"))

	for _, bad := range []Option{WithMinQuote(0), WithSourcePrefix("raw"), WithSourcePrefix("/abs/"), WithSourcePrefix("../x/"), WithStructural("../x.md"), WithStructural(""), WithStructural("archives/")} {
		_, err := New(bad)
		assert.Error(t, err)
	}
	var nilV *Verifier
	assert.Equal(t, []Kind{KindUncitedPage}, kinds(nilV.Verify("x.md", []byte("no notes"), src)))
}

func mustDef(t *testing.T, c Citation) string {
	t.Helper()
	s, err := c.Format()
	require.NoError(t, err)
	return s
}

func TestVerifyNilSourcesAndOddInput(t *testing.T) {
	def := mustDef(t, Citation{Label: "1", Source: "raw/a.md", Quote: "a quote that is long enough to count"})
	ps := Verify([]byte("x[^1]\n\n"+def+"\n"), nil)
	assert.Equal(t, []Kind{KindMissingSource}, kinds(ps))
	for _, page := range []string{"", "---", "---\ntitle: x\n", "[^", "[^]: x", "[^1]:", "[^1]:\n\n    para\n\n    para2\n\nx[^1]", "\xff\xfe[^1]"} {
		assert.NotPanics(t, func() { Verify([]byte(page), nil) })
	}
	ps = Verify([]byte("x[^1]\n\n[^1]:\n"), nil)
	assert.Equal(t, []Kind{KindMalformedDefinition}, kinds(ps))
	assert.Equal(t, 3, ps[0].Line)
}

func TestProblemErrors(t *testing.T) {
	p := Problem{Kind: KindStitched, Label: "2", Source: "raw/a.md", Line: 7, Detail: "fragments"}
	assert.Equal(t, "citation: line 7: [^2] raw/a.md: stitched: fragments", p.Error())
	err := Join([]Problem{{Kind: KindUncitedPage}, p})
	assert.ErrorIs(t, err, KindStitched)
	assert.ErrorIs(t, err, KindUncitedPage)
	assert.NotErrorIs(t, err, KindHashMismatch)
	var got Problem
	require.True(t, errors.As(err, &got))
	assert.NoError(t, Join(nil))
	assert.Len(t, Kinds(), 13)
	ks := Kinds()
	ks[0] = "changed"
	assert.Equal(t, KindMissingSource, Kinds()[0], "Kinds returns a copy")
}

func TestVerifyConcurrent(t *testing.T) {
	src := fixtureSources(t)
	pages := fixturePages(t)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, p := range pages {
				Verify(p.data, src)
			}
		}()
	}
	wg.Wait()
}

func TestVerifyReferencesInsideDefinitionsDoNotCount(t *testing.T) {
	src := fstest.MapFS{"a.md": {Data: []byte("the quote that mentions [^2] in the source text itself")}}
	def1 := mustDef(t, Citation{Label: "1", Source: "raw/a.md", Quote: "the quote that mentions [^2] in the source text"})
	def2 := mustDef(t, Citation{Label: "2", Source: "raw/a.md", Quote: "mentions [^2] in the source text itself"})
	// Only [^1] is cited by the body; [^2] is "referenced" only from inside
	// definition 1's quote.
	got := Verify([]byte("Claim.[^1]\n\n"+def1+"\n"+def2+"\n"), src)
	assert.Equal(t, []Kind{KindUnreferencedDefinition}, kinds(got))
	assert.Equal(t, "2", got[0].Label)
	// A page whose only references live inside definitions cites nothing.
	got = Verify([]byte("No claim.\n\n"+def1+"\n"+def2+"\n"), src)
	assert.Contains(t, kinds(got), KindUncitedPage)
}

func TestVerifyBoundsPathologicalInput(t *testing.T) {
	// A repetitive source and a quote whose every occurrence sits inside a
	// longer word: the candidate bound keeps this linear.
	src := fstest.MapFS{"a.md": {Data: []byte(strings.Repeat("a", 1<<20))}}
	def := mustDef(t, Citation{Label: "1", Source: "raw/a.md", Quote: strings.Repeat("a", 4000)})
	got := Verify([]byte("x[^1]\n\n"+def+"\n"), src)
	assert.Equal(t, []Kind{KindQuoteNotFound}, kinds(got))

	// A collage of more than 16 source fragments is not "stitched" (and the
	// piece bound keeps the check cheap).
	words := strings.Fields("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango")
	var source, quote strings.Builder
	for i, w := range words {
		fmt.Fprintf(&source, "fragment %s number %d. ", w, i)
		fmt.Fprintf(&quote, "fragment %s number %d ", w, i)
	}
	src = fstest.MapFS{"b.md": {Data: []byte(source.String())}}
	def = mustDef(t, Citation{Label: "1", Source: "raw/b.md", Quote: quote.String()})
	assert.Equal(t, []Kind{KindQuoteNotFound}, kinds(Verify([]byte("x[^1]\n\n"+def+"\n"), src)))
	def = mustDef(t, Citation{Label: "1", Source: "raw/b.md", Quote: "fragment alpha number 0 fragment bravo number 1"})
	assert.Equal(t, []Kind{KindStitched}, kinds(Verify([]byte("x[^1]\n\n"+def+"\n"), src)))
}
