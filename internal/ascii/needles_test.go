package ascii

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// containsAny is what Needles.In replaces.
func containsAny(s string, subs ...string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

func TestNeedles(t *testing.T) {
	subs := []string{"key", "token", "passw", "/etc", "2fa", "(for ", "ab", "x"}
	n := NewNeedles(subs...)
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"the api key is rotated", true},
		{"keys", true},
		{"a token", true},
		{"password:", true},
		{"read /etc/passwd", true},
		{"enable 2fa now", true},
		{"meant (for you)", true},
		{"ab", true},
		{"a b", false},
		{"tax", true}, // a one-byte needle
		{"k", false},
		{"ke", false},
		{"", false},
		{"the build took four minutes", false},
		{"(fo", false},
		{"(for", false},
		{"é key", true},
	} {
		assert.Equal(t, tc.want, n.In(tc.s), "%q", tc.s)
		assert.Equal(t, containsAny(tc.s, subs...), n.In(tc.s), "differs from strings.Contains on %q", tc.s)
	}
}

func TestNeedlesEdges(t *testing.T) {
	var zero Needles
	assert.False(t, zero.In("anything"), "zero value holds no needle")
	var nilSet *Needles
	assert.False(t, nilSet.In("anything"), "nil holds no needle")
	assert.True(t, NewNeedles("").In(""), "the empty needle is in every string")
	assert.False(t, NewNeedles().In("abc"))
	// Needles that share their first two bytes are all tried.
	n := NewNeedles("tokenizer", "token")
	assert.True(t, n.In("a token"))
	assert.True(t, n.In("tokenizer"))
	assert.False(t, n.In("toke"))
}

// FuzzNeedles checks In against strings.Contains on every needle: the
// needles are the fuzzed string's fields.
func FuzzNeedles(f *testing.F) {
	f.Add("key token (for ", "the api token")
	f.Add("a ab abc", "xxabc")
	f.Add("", "")
	f.Add("é \x00\xff", "\xff\x00é")
	f.Fuzz(func(t *testing.T, needles, s string) {
		subs := strings.Split(needles, " ")
		require.Equal(t, containsAny(s, subs...), NewNeedles(subs...).In(s), "needles %q in %q", subs, s)
	})
}

func BenchmarkNeedles(b *testing.B) {
	subs := []string{"key", "token", "secret", "passw", "credential", "env", "ssh", "rsa", "cookie", "aws", "/etc", "private",
		"otp", "2fa", "code"}
	s := "the parser in internal/toml/lexer.go reads tables, arrays of tables and dotted names in one pass; its tests cover 214 fixtures."
	n := NewNeedles(subs...)
	b.Run("needles", func(b *testing.B) {
		b.SetBytes(int64(len(s)))
		for b.Loop() {
			n.In(s)
		}
	})
	b.Run("contains", func(b *testing.B) {
		b.SetBytes(int64(len(s)))
		for b.Loop() {
			containsAny(s, subs...)
		}
	})
}
