package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// want is the walkthrough's full output: every attempt and its verdict.
const want = `
create wiki/sla.md (verbatim quotes):        allowed
anchor a fabricated quote:                   REFUSED (quote-not-found)
create wiki/credits.md (fabricated quote):   REFUSED (quote-not-found)
create wiki/always.md (stitched quote):      REFUSED (stitched)
create wiki/uncited.md (no citation):        REFUSED (uncited-page)
create wiki/half.md (one uncited paragraph): REFUSED (uncited-paragraph)
create wiki/notitle.md (no frontmatter):     REFUSED: workspace: template: page has no frontmatter (it must open with a "---" line)
create wiki/pricing.md:                      allowed
lint wiki/pricing.md:                        allowed
lint wiki/pricing.md after raw/ changed:     REFUSED (source-drifted)
create "wiki/../raw/rfc-0034.md":            REFUSED: workspace: create "wiki/../raw/rfc-0034.md": hostile path (dot element)
create "wiki/%2e%2e/raw/rfc-0034.md":        REFUSED: workspace: create "wiki/%2e%2e/raw/rfc-0034.md": hostile path (percent-encoding)
create "wiki/\uff0e\uff0e/x.md":             REFUSED: workspace: create "wiki/\uff0e\uff0e/x.md": hostile path (look-alike dot, slash or other symbol)
create "/etc/passwd":                        REFUSED: workspace: create "/etc/passwd": hostile path (absolute)
create "raw/rfc-0034.md":                    REFUSED: workspace: create "raw/rfc-0034.md": raw/ is read-only
create "wiki/tmp/x.md" (symlink out):        REFUSED: workspace: create "wiki/tmp/x.md": path goes through a symbolic link
delete wiki/index.md:                        REFUSED: workspace: delete "wiki/index.md": protected file
delete wiki/LOG.md:                          REFUSED: workspace: delete "wiki/LOG.md": protected file
delete wiki/pricing.md:                      allowed
edit wiki/sla.md: replace [^sla]:            REFUSED: workspace: text to replace occurs more than once (2 occurrences; include more context to make it unique)
edit wiki/sla.md: replace the claim:         allowed
create wiki/sla-copy.md (quota 5):           allowed
create wiki/sla-copy2.md (quota 5):          REFUSED: workspace: create "wiki/sla-copy2.md": page quota reached (wiki/ holds 5 of 5 pages)
append log entry:                            allowed
append log entry without touched list:       REFUSED: workspace: malformed log header: want "<op> | <title> | touched: …"
`

func TestRun(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(&out))
	assert.Equal(t, strings.TrimPrefix(want, "\n"), out.String())
}

// TestPathBeforeQuota: the walkthrough's workspace is full when the
// hostile paths are tried; each is refused for its path, not the quota.
func TestPathBeforeQuota(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(&out))
	n := 0
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, `create "`) {
			n++
			assert.NotContains(t, line, "quota", line)
			assert.Regexp(t, `hostile path|read-only|symbolic link`, line)
		}
	}
	assert.Equal(t, 6, n, "six hostile paths")
}

func TestVerdicts(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(&out))
	allowed := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		what, verdict, ok := strings.Cut(line, ": ")
		require.True(t, ok, line)
		allowed[what] = strings.TrimSpace(verdict) == "allowed"
	}
	// The safety-relevant verdicts, independent of wording.
	assert.True(t, allowed["create wiki/sla.md (verbatim quotes)"])
	assert.False(t, allowed["create wiki/credits.md (fabricated quote)"])
	assert.False(t, allowed["lint wiki/pricing.md after raw/ changed"])
	assert.False(t, allowed["create wiki/half.md (one uncited paragraph)"])
	assert.False(t, allowed[`create "wiki/../raw/rfc-0034.md"`])
	assert.False(t, allowed["delete wiki/index.md"])
}
