package mdcost

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// corpusTexts returns every string of the repository's test data (and of
// the public benchmark sets when WARDLINE_BENCHMARKS names them): each
// line, each JSON string value, and the string values of JSON documents
// held in strings (whole responses), the texts the detectors are given.
func corpusTexts(t *testing.T) []string {
	t.Helper()
	var out []string
	var collect func(v any)
	collect = func(v any) {
		switch v := v.(type) {
		case string:
			var doc any
			if strings.HasPrefix(v, "{") && json.Unmarshal([]byte(v), &doc) == nil {
				collect(doc)
				return
			}
			out = append(out, v)
		case []any:
			for _, e := range v {
				collect(e)
			}
		case map[string]any:
			for _, e := range v {
				collect(e)
			}
		}
	}
	roots := []string{filepath.Join("..", "..", "testdata")}
	if dir := os.Getenv("WARDLINE_BENCHMARKS"); dir != "" {
		roots = append(roots, dir)
	}
	for _, root := range roots {
		require.NoError(t, filepath.Walk(root, func(path string, info os.FileInfo, err error) error {
			if err != nil || info.IsDir() || info.Size() > 8<<20 {
				return err
			}
			raw, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			text := string(raw)
			switch {
			case strings.HasSuffix(path, ".jsonl"):
				for line := range strings.SplitSeq(text, "\n") {
					var v any
					if json.Unmarshal([]byte(line), &v) == nil {
						collect(v)
					}
				}
			case strings.HasSuffix(path, ".json"):
				var v any
				if json.Unmarshal(raw, &v) == nil {
					collect(v)
				}
			default:
				out = append(out, strings.Split(text, "\n\n")...)
			}
			return nil
		}))
	}
	return out
}

// TestBudgetFitsCorpora checks the margin Budget's doc claims: on every
// corpus text the estimate stays under half a step a byte plus 128, far
// below the budget.
func TestBudgetFitsCorpora(t *testing.T) {
	texts := corpusTexts(t)
	require.Greater(t, len(texts), 1000)
	for _, s := range texts {
		if strings.HasPrefix(s, "{") && strings.Contains(s, "\":") {
			continue // JSON text, whose arrays keep brackets open: not a field
		}
		c := estimate(s, 1<<62)
		require.LessOrEqual(t, c, len(s)/2+128, "%.200q", s)
		require.False(t, TooCostly(s), "%.200q", s)
	}
}

// TestTooCostly checks the shapes that make goldmark's cost grow with the
// square of the text, at a field's size and at 64 KiB, and ordinary
// markdown of the same sizes.
func TestTooCostly(t *testing.T) {
	for _, s := range []string{strings.Repeat("![a](", 98), strings.Repeat("[a](", 122), strings.Repeat("](http://a.", 44)} {
		assert.True(t, TooCostly(s), "a field of %.40q", s) // the crafted fields of BenchmarkValidate
	}
	for _, size := range []int{4000, 64 << 10} {
		for _, s := range []string{
			strings.Repeat("![a](", size/5),
			strings.Repeat("![a](<b", size/7),
			"![x] " + strings.Repeat("[a](", size/4),
			"![x] " + strings.Repeat("[", size/2) + strings.Repeat("]", size/2),
			"![x] " + strings.Repeat("\\\\[", size/6) + strings.Repeat("]", size/2),
			"![x] " + strings.Repeat("[a", size/4) + strings.Repeat("]", size/2),
		} {
			assert.True(t, TooCostly(s), "%d: %.40q", size, s)
		}
		for _, s := range []string{
			strings.Repeat("See [the docs](https://example.com/docs/a?b=c) and ![badge](https://ci.example.com/b.svg). ", size/90+1),
			strings.Repeat("[a](b) ", size/7+1),
			strings.Repeat("x", size),
			strings.Repeat("[", size),
		} {
			assert.False(t, TooCostly(s), "%d: %.40q", size, s)
		}
	}
	assert.False(t, TooCostly(""))
}
