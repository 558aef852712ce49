package citation

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestQuoteHash(t *testing.T) {
	want := QuoteHash("the SLA is 99.95% monthly")
	assert.Regexp(t, `^sha256:[0-9a-f]{64}$`, want)
	// Documented normalisation: NFC, white space runs, trimming.
	for _, same := range []string{
		"  the SLA is 99.95% monthly\n",
		"the  SLA\tis\n99.95%\r\nmonthly",
		"the\u00a0SLA is 99.95% monthly",
		"the SLA\u2003is 99.95% monthly",
	} {
		assert.Equal(t, want, QuoteHash(same), "%q", same)
	}
	assert.Equal(t, QuoteHash("café au lait"), QuoteHash("cafe\u0301 au lait"))
	// Nothing else is folded.
	for _, diff := range []string{"The SLA is 99.95% monthly", "the SLA is 99.95 % monthly", "the SLA is 99.95% monthly.", "the SLA is 99,95% monthly", "the SLA is ９９.95% monthly", "the SLA is\u200b 99.95% monthly"} {
		assert.NotEqual(t, want, QuoteHash(diff), "%q", diff)
	}
	// Known answer: sha256 of the normalised bytes.
	assert.Equal(t, "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", QuoteHash(" \n\t "))
}

func TestDefinitionRoundTrip(t *testing.T) {
	c := Citation{Label: "1", Source: "raw/rfc-0034.md", Locator: "p.3", Quote: "the SLA is 99.95% monthly"}
	s, err := c.Format()
	require.NoError(t, err)
	assert.Equal(t, `[^1]: raw/rfc-0034.md, p.3 — "the SLA is 99.95% monthly" (`+QuoteHash(c.Quote)+`)`, s)
	got, err := ParseDefinition(s)
	require.NoError(t, err)
	c.Hash = QuoteHash(c.Quote)
	assert.Equal(t, c, got)

	c = Citation{Label: "note-2", Source: "raw/a/b.md", Quote: `he said "no" — twice (really)`, SourceHash: QuoteHash("x")}
	s, err = c.Format()
	require.NoError(t, err)
	got, err = ParseDefinition(s)
	require.NoError(t, err)
	assert.Equal(t, c.Quote, got.Quote)
	assert.Equal(t, c.SourceHash, got.SourceHash)
	assert.Empty(t, got.Locator)

	got, err = ParseDefinition("[^x]: raw/a.md, §2.1, para 4 -- \"quote\" (" + QuoteHash("quote") + ")")
	require.NoError(t, err)
	assert.Equal(t, "§2.1, para 4", got.Locator)
}

func TestDefinitionRejects(t *testing.T) {
	h := QuoteHash("q")
	for _, bad := range []string{
		``, `raw/a.md — "q" (` + h + `)`, `[^1] raw/a.md — "q" (` + h + `)`,
		`[^1]: raw/a.md — "q"`, `[^1]: raw/a.md — "q" (sha256:abc)`, `[^1]: raw/a.md — "q" (` + strings.ToUpper(h) + `)`,
		`[^1]: raw/a.md "q" (` + h + `)`, `[^1]: raw/a.md — q (` + h + `)`, `[^1]: raw/a.md — "" (` + h + `)`,
		`[^1]: — "q" (` + h + `)`, `[^1]: raw/a.md, — "q" (` + h + `)`, `[^1]: raw/a.md, p"3 — "q" (` + h + `)`,
		`[^1]: raw/a.md — "q"(` + h + `)`, `[^1]: raw/a.md — "q" (` + h + `; ` + h + `)`, `[^1]: raw/a.md — “q” (` + h + `)`,
		`[^1]: raw/a.md — "q" (` + h + `) trailing`, `[^a b]: raw/a.md — "q" (` + h + `)`,
	} {
		_, err := ParseDefinition(bad)
		assert.ErrorIs(t, err, ErrSyntax, "%q", bad)
	}
	for _, bad := range []Citation{
		{}, {Label: "a b", Source: "raw/a.md", Quote: "q"}, {Label: "1", Source: "raw/a b.md", Quote: "q"},
		{Label: "1", Source: "raw/a.md", Quote: "  "}, {Label: "1", Source: "raw/a.md", Quote: "q", Hash: h + "0"},
		{Label: "1", Source: "raw/a.md", Quote: "q", Locator: "p—3"}, {Label: "1", Source: "raw/a.md", Quote: "q", SourceHash: "md5:x"},
		{Label: "1", Source: "raw/a.md", Quote: "other", Hash: h},
	} {
		_, err := bad.Format()
		assert.ErrorIs(t, err, ErrSyntax, "%+v", bad)
	}
}
