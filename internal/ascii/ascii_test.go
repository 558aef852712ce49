package ascii

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEqualFold(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"Main", "main", true},
		{"CONFIRM abc123", "confirm ABC123", true},
		{"", "", true},
		{"main", "mai", false},
		{"k", "\u212a", false}, // Kelvin sign: strings.EqualFold says true
		{"s", "ſ", false},
		{"[", "{", false}, // differ by 0x20 but are not letters
		{"é", "É", false}, // non-ASCII bytes must match exactly
	} {
		assert.Equal(t, tc.want, EqualFold(tc.a, tc.b), "%q %q", tc.a, tc.b)
	}
}

func TestAppendLower(t *testing.T) {
	assert.Equal(t, "prefix:hello, world! é", string(AppendLower([]byte("prefix:"), "HeLLo, World! é")))
	assert.Empty(t, AppendLower(nil, ""))
}

// FuzzEqualFold checks both helpers against the standard library on the
// ASCII subset, where ASCII folding and Unicode folding agree, and that
// non-ASCII bytes are never folded.
func FuzzEqualFold(f *testing.F) {
	f.Add("Main", "mAIN")
	f.Add("k", "\u212a")
	f.Add("[@", "{`")
	f.Fuzz(func(t *testing.T, a, b string) {
		got := EqualFold(a, b)
		if isASCII(a) && isASCII(b) && got != strings.EqualFold(a, b) {
			t.Fatalf("EqualFold(%q, %q) = %v, strings.EqualFold says otherwise", a, b, got)
		}
		if got != (string(AppendLower(nil, a)) == string(AppendLower(nil, b))) {
			t.Fatalf("EqualFold(%q, %q) = %v disagrees with AppendLower", a, b, got)
		}
		l := AppendLower(nil, a)
		if len(l) != len(a) {
			t.Fatalf("AppendLower changed the length of %q", a)
		}
		if isASCII(a) && string(l) != strings.ToLower(a) {
			t.Fatalf("AppendLower(%q) = %q, strings.ToLower %q", a, l, strings.ToLower(a))
		}
	})
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
