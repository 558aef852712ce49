package secrets

import (
	"sort"
	"strings"
	"testing"
)

// FuzzSecrets checks Secrets' contract on arbitrary input (no panic,
// offsets in bounds, sorted, excerpts redacted) and that its engine finds
// exactly what gitleaks finds.
func FuzzSecrets(f *testing.F) {
	for _, c := range loadGitleaksCases(f) {
		if len(c.TPs) > 0 {
			f.Add(c.TPs[0])
		}
		if len(c.FPs) > 0 {
			f.Add(c.FPs[0])
		}
	}
	for _, s := range corpusTexts(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !encodingsEqual(t, s) {
			t.FailNow()
		}
		fs := Secrets(s)
		if !sort.SliceIsSorted(fs, func(i, j int) bool {
			if fs[i].Start != fs[j].Start {
				return fs[i].Start < fs[j].Start
			}
			return fs[i].End < fs[j].End
		}) {
			t.Fatalf("findings not sorted")
		}
		for _, fd := range fs {
			if fd.Start < 0 || fd.End > len(s) || fd.Start > fd.End {
				t.Fatalf("%s: offsets [%d:%d] out of bounds for %d bytes", fd.Rule, fd.Start, fd.End, len(s))
			}
			if !strings.HasPrefix(fd.Rule, "secret.") {
				t.Fatalf("rule %q lacks the secret. prefix", fd.Rule)
			}
			if secret := s[fd.Start:fd.End]; len(secret) >= 8 && strings.Contains(fd.Excerpt, secret) {
				t.Fatalf("%s: excerpt holds the secret", fd.Rule)
			}
		}
		if r := Redact(s); len(fs) > 0 {
			for _, fd := range fs {
				if secret := s[fd.Start:fd.End]; len(secret) >= 12 && strings.Contains(r, secret) && !strings.Contains(s[:fd.Start]+s[fd.End:], secret) {
					t.Fatalf("%s: Redact kept the secret", fd.Rule)
				}
			}
		}
		want, got := gitleaksKeys(t, s), wardlineKeys(t, s)
		if len(want) != len(got) {
			t.Fatalf("gitleaks found %d, wardline %d", len(want), len(got))
		}
		for i := range want {
			if want[i] != got[i] {
				t.Fatalf("finding %d: gitleaks %s, wardline %s", i, describeKey(want[i]), describeKey(got[i]))
			}
		}
	})
}
