package guard

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestDataRedteam measures the data-side rules on testdata/redteam, a set
// written fresh to judge generalisation (never tuned line by line): recall
// per rule on fields.jsonl and probes.jsonl, allow lines flagged, and
// Sanitize on retrieved.jsonl and probes_retrieved.jsonl.
func TestDataRedteam(t *testing.T) {
	dir := filepath.Join("..", "testdata", "redteam")
	rules := []string{"secret", "exfil.url", "exfil.request"}
	for _, name := range []string{"fields.jsonl", "probes.jsonl"} {
		lines := readJSONL[fieldsLine](t, filepath.Join(dir, name))
		hit, total := map[string]int{}, map[string]int{}
		allow, fp := 0, 0
		for _, l := range lines {
			got := dataRules(l.Field, l.Text)
			if l.Expect == "allow" {
				allow++
				for _, r := range rules {
					if got[r] {
						fp++
						t.Logf("%s: allow line %s flagged %s", name, l.ID, r)
						break
					}
				}
				continue
			}
			for _, r := range rules {
				if l.Rule == r {
					total[r]++
					if got[r] {
						hit[r]++
					} else {
						t.Logf("%s: missed %s %s", name, l.ID, r)
					}
				}
			}
		}
		for _, r := range rules {
			if total[r] > 0 {
				t.Logf("%s %-14s %3d/%-3d recall %.3f", name, r, hit[r], total[r], float64(hit[r])/float64(total[r]))
			}
		}
		if allow > 0 {
			t.Logf("%s allow lines flagged by data rules: %d/%d", name, fp, allow)
		}
		if name == "fields.jsonl" {
			for _, r := range rules {
				assert.GreaterOrEqual(t, float64(hit[r])/float64(max(total[r], 1)), 0.9, "%s recall", r)
			}
			assert.LessOrEqual(t, float64(fp)/float64(max(allow, 1)), 0.02)
		}
	}
	for _, name := range []string{"retrieved.jsonl", "probes_retrieved.jsonl"} {
		lines := readJSONL[retrievedLine](t, filepath.Join(dir, name))
		var remove, removed, keep, altered int
		for _, l := range lines {
			clean, fs := Sanitize(l.Line)
			if l.Expect == "remove" {
				remove++
				if len(fs) > 0 && clean != l.Line {
					removed++
				} else {
					t.Logf("%s: missed %s", name, l.ID)
				}
			} else {
				keep++
				if len(fs) > 0 || clean != l.Line {
					altered++
					t.Logf("%s: altered %s %v", name, l.ID, rulesOf(fs))
				}
			}
		}
		t.Logf("%s Sanitize: removed %d/%d, keep lines altered %d/%d", name, removed, remove, altered, keep)
	}
}
