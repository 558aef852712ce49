package guard

import (
	"testing"
)

// fastPathTexts are the texts the fast-path tests compare the fast and
// slow paths on: gitleaks' rule cases, the corpus and a few edge cases.
func fastPathTexts(t testing.TB) []string {
	return append(parityInputs(t),
		"", "\x00", "a\x7fb", "tab\there\r\nnew", "zero\u200bwidth", "ｆｕｌｌ", "\xff\xfe",
		typicalResponseText(t), maxResponseText(t), keywordProse, secretsProse, neutralProse)
}

// TestUnhideChanges checks that unhideChanges answers false only where
// unhide returns its input unchanged.
func TestUnhideChanges(t *testing.T) {
	for i, s := range fastPathTexts(t) {
		if u, _ := unhide(s); !unhideChanges(s) && u != s {
			t.Errorf("text %d: unhideChanges false, unhide changed the text", i)
		}
	}
}

// FuzzUnhideChanges is TestUnhideChanges on arbitrary input.
func FuzzUnhideChanges(f *testing.F) {
	f.Add("plain ascii text\n")
	f.Add("a\u00a0b")
	f.Fuzz(func(t *testing.T, s string) {
		if u, _ := unhide(s); !unhideChanges(s) && u != s {
			t.Fatalf("unhideChanges false, unhide changed the text")
		}
	})
}

// FuzzScanEncodings checks the one-pass encoding scanner against gitleaks'
// combined expression on arbitrary input.
func FuzzScanEncodings(f *testing.F) {
	for _, s := range []string{
		"abcU+0041 U+0042defghijklmnopqrstu", "xyzU+00zz0123456789abcdef0123456789abcdef",
		"0123456789abcdef0123456789abcdeZ", "0123456789abcdef0123456789abcdef==", "a%41b\\u0041Uu",
		"internal/auth/issuer.go", "x\\\\u0041U+0041\n", "é%41é",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !encodingsEqual(t, s) {
			t.FailNow()
		}
	})
}
