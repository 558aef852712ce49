package exfil

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/guard/internal/finding"
)

// Test texts and helpers the URL and exfiltration tests share (the
// secret tests keep their own copies of corpusTexts and testGitHubPAT).

// testGitHubPAT is a throwaway value in gitleaks' GitHub PAT shape (not a
// live credential).
var testGitHubPAT = "ghp_" + "k3Jd8sLq2ZxW9mNp4RtY7vBc1HfGe6AoUi5T"

// corpusTexts returns every text of the shared dev corpus.
func corpusTexts(t testing.TB) []string {
	var out []string
	for _, name := range []string{"fields.jsonl", "retrieved.jsonl", "raw.jsonl"} {
		f, err := os.Open(filepath.Join("..", "..", "..", "testdata", "corpus", name))
		require.NoError(t, err)
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			var row map[string]any
			require.NoError(t, json.Unmarshal(sc.Bytes(), &row))
			for _, k := range []string{"text", "line", "raw"} {
				if s, ok := row[k].(string); ok {
					out = append(out, s)
				}
			}
		}
		require.NoError(t, f.Close())
	}
	return out
}

// rulesOf returns the distinct rules of fs, sorted.
func rulesOf(fs []finding.Finding) []string {
	var out []string
	for _, f := range fs {
		if !slices.Contains(out, f.Rule) {
			out = append(out, f.Rule)
		}
	}
	slices.Sort(out)
	return out
}
