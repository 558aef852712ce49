package instructions

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/guard/internal/finding"
)

// Test texts and helpers the instruction tests share (guard's tests keep
// their own copies).

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

// typicalFields returns every string value (not object keys) of
// testdata/responses/typical.json.
func typicalFields(tb testing.TB) []string {
	tb.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "responses", "typical.json"))
	require.NoError(tb, err)
	var doc any
	require.NoError(tb, json.Unmarshal(raw, &doc))
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, v)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			keys := slices.Sorted(maps.Keys(v))
			for _, k := range keys {
				walk(v[k])
			}
		}
	}
	walk(doc)
	return out
}

// validExcerpt reports whether an excerpt is valid UTF-8 within the bound.
func validExcerpt(s string) bool { return utf8.ValidString(s) && len(s) <= finding.MaxExcerpt }
