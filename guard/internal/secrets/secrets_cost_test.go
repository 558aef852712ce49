package secrets

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The per-finding work of Secrets does not grow with the number of lines
// or findings (issue 17). These tests compare the forms that find a
// finding's line and drop duplicated generic findings with the loops
// they replace.

// lineOfLoop is lineOf as it was: gitleaks' detect.location loop.
func lineOfLoop(raw string, newlines []int, idx []int) (int, string) {
	start, end := idx[0], idx[1]
	nls := newlines
	if len(nls) == 0 {
		nls = []int{len(raw)}
	}
	var startLine, startIdx, endIdx, last, prev int
	lineSet := false
	for lineNum, nl := range nls {
		last = lineNum
		if prev <= start && start < nl {
			lineSet = true
			startLine, startIdx, endIdx = lineNum, prev, nl
		}
		if prev < end && end <= nl {
			endIdx = nl
		}
		prev = nl
	}
	if !lineSet {
		startLine = last + 1
		i := 0
		for end+i < len(raw) && end+i >= 0 {
			if c := raw[end+i]; c == '\n' || c == '\r' {
				break
			}
			i++
		}
		endIdx = end + i
	}
	if end > endIdx {
		endIdx = end
	}
	startIdx = min(max(startIdx, 0), len(raw))
	endIdx = min(max(endIdx, startIdx), len(raw))
	return startLine, raw[startIdx:endIdx]
}

// TestLineOfMatchesLoop compares lineOf with the loop on random texts and
// spans, empty ones and ones at line breaks included.
func TestLineOfMatchesLoop(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 4))
	for range 100000 {
		var b strings.Builder
		for range rng.IntN(30) {
			b.WriteByte("ab\n\r"[rng.IntN(4)])
		}
		raw := b.String()
		var lines lineIndex
		lines.raw = raw
		a := rng.IntN(len(raw) + 1)
		z := min(len(raw), a+rng.IntN(6))
		idx := []int{a, z}
		wl, wt := lineOfLoop(raw, lines.newlines(), idx)
		gl, gt := lineOf(raw, lines.newlines(), idx)
		require.Equal(t, wl, gl, "%q %v", raw, idx)
		require.Equal(t, wt, gt, "%q %v", raw, idx)
	}
}

// dedupeGenericPairs is dedupeGeneric as it was: every pair compared.
func dedupeGenericPairs(fs []rawSecret) []rawSecret {
	var out []rawSecret
	for _, f := range fs {
		keep := true
		if strings.Contains(strings.ToLower(f.ruleID), "generic") {
			for _, g := range fs {
				if f.startLine == g.startLine && f.ruleID != g.ruleID &&
					strings.Contains(g.secret, f.secret) &&
					!strings.Contains(strings.ToLower(g.ruleID), "generic") {
					keep = false
					break
				}
			}
		}
		if keep {
			out = append(out, f)
		}
	}
	return out
}

// TestDedupeGenericMatchesPairs compares dedupeGeneric with the test of
// every pair.
func TestDedupeGenericMatchesPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 5))
	ids := []string{"generic-api-key", "Generic-x", "github-pat", "aws-access-token"}
	secrets := []string{"abc", "abcdef", "bcd", "xyz", "abcxyz"}
	for range 20000 {
		var fs []rawSecret
		for range rng.IntN(8) {
			fs = append(fs, rawSecret{ruleID: ids[rng.IntN(len(ids))], secret: secrets[rng.IntN(len(secrets))], startLine: rng.IntN(3)})
		}
		require.Equal(t, dedupeGenericPairs(fs), dedupeGeneric(fs), "%v", fs)
	}
}

// TestEncodingPrecedence checks the precedences spelt out in glEncodings:
// gitleaks sets each to the number of encodings from it to the end.
func TestEncodingPrecedence(t *testing.T) {
	for i, e := range glEncodings {
		require.Equal(t, len(glEncodings)-i, e.precedence, "%s", e.kind)
	}
	for c := range 256 {
		require.Equal(t, '\x08' < c && c < '\x7f', glPrintableByte(byte(c)), "%#x", c)
	}
}
