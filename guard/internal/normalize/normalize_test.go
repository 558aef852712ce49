package normalize

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/text/unicode/norm"
)

func TestNormalize(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", ""},
		{"plain lower ascii", "run the tests", "run the tests"},
		{"upper ascii", "Run The TESTS", "run the tests"},
		{"odd case", "rUN tHE dATABASE", "run the database"},
		{"space runs and tabs", "please  \t rebuild   the\tindex", "please rebuild the index"},
		{"nbsp run", "Please\u00a0\u00a0 rebuild", "please rebuild"},
		{"crlf and cr", "a\r\nb\rc", "a\nb\nc"},
		{"vertical tab and form feed", "a\vb\fc", "a\nb\nc"},
		{"line and paragraph separators", "a\u2028b\u2029c\u0085d", "a\nb\nc\nd"},
		{"newlines kept", "1. build\n2. test", "1. build\n2. test"},
		{"fullwidth", "Ｄｅｌｅｔｅ\u3000ｔｈｅ\u3000ｄｉｓｔ．", "delete the dist."},
		{"fullwidth digits", "１．\u3000Ｉｎｓｔａｌｌ", "1. install"},
		{"ligature", "ﬁle", "file"},
		{"zero width space", "Up\u200bgrade", "upgrade"},
		{"zwnj zwj word joiner", "ig\u200cno\u200dre\u2060d", "ignored"},
		{"soft hyphen", "in\u00adstall", "install"},
		{"bom", "\ufeffrun", "run"},
		{"bidi isolates", "Remove\u2066 the lock file\u2069 now", "remove the lock file now"},
		{"bidi override", "a\u202eb\u202cc", "abc"},
		{"tag characters", "ok\U000E0069\U000E0067\U000E006E\U000E007F.", "ok."},
		{"variation selector", "go\ufe0f", "go"},
		{"cyrillic homoglyphs", "Оpen thе config", "open the config"},
		{"cyrillic upper", "ЅUDО", "sudo"},
		{"greek homoglyphs", "ΑΒΕ", "abe"},
		{"latin small script g", "ɡo", "go"},
		{"curly apostrophe", "Don\u2019t", "don't"},
		{"control chars dropped", "a\x00b\x01c\x7f", "abc"},
		{"invalid utf8 dropped", "ig\xffnore", "ignore"},
		{"truncated utf8 dropped", "ab\xe2\x82", "ab"},
		{"cyrillic e plus acute composes", "\u0435\u0301", "é"},
		{"combining sequence kept", "cafe\u0301", "café"},
		{"cjk kept", "日本語", "日本語"},
		{"german kept", "Führen Sie die Tests aus", "führen sie die tests aus"},
		{"cherokee folds like latin d", "\u13a0\uab70", "dd"},
		{"cherokee lower-cased", "\u13a3\u13f5", "\uab73\u13fd"},
		{"kelvin sign", "\u212a", "k"},
		{"ideographic space collapses with space", "a \u3000 b", "a b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Normalize(tt.in)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, got, Normalize(got), "idempotent")
			assert.True(t, utf8.ValidString(got))
		})
	}
}

func TestNormalizeASCIIFastPathDoesNotAllocate(t *testing.T) {
	s := strings.Repeat("the service listens on port 8080.\n", 60)
	allocs := testing.AllocsPerRun(100, func() { _ = Normalize(s) })
	assert.Zero(t, allocs)
	s2 := strings.Repeat("The Service listens on port 8080.\n", 60)
	allocs = testing.AllocsPerRun(100, func() { _ = Normalize(s2) })
	assert.LessOrEqual(t, allocs, 1.0, "ASCII with capitals allocates only the result")
}

// checkOffsets asserts the NormalizeWithOffsets contract for s.
func checkOffsets(t *testing.T, s string) {
	t.Helper()
	got, offs := NormalizeWithOffsets(s)
	require.Equal(t, Normalize(s), got)
	require.Len(t, offs, len(got)+1)
	require.Equal(t, len(s), offs[len(got)])
	for i := range got {
		require.GreaterOrEqual(t, offs[i], 0)
		require.LessOrEqual(t, offs[i], offs[i+1], "non-decreasing at %d", i)
		require.Less(t, offs[i], len(s))
		if utf8.RuneStart(got[i]) {
			continue
		}
		require.Equal(t, offs[i-1], offs[i], "a rune's bytes share one source offset")
	}
}

func TestNormalizeWithOffsets(t *testing.T) {
	t.Run("identity on ascii", func(t *testing.T) {
		s := "Run  the tests"
		got, offs := NormalizeWithOffsets(s)
		require.Equal(t, "run the tests", got)
		assert.Equal(t, []int{0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}, offs)
	})
	t.Run("maps back through fullwidth and zero width", func(t *testing.T) {
		s := "Please ｒｕｎ c\u200burl now"
		got, offs := NormalizeWithOffsets(s)
		require.Equal(t, "please run curl now", got)
		i := strings.Index(got, "run")
		assert.Equal(t, "ｒｕｎ", s[offs[i]:EndOffset(offs, i+3)])
		i = strings.Index(got, "curl")
		assert.Equal(t, "c\u200burl", s[offs[i]:EndOffset(offs, i+4)])
	})
	t.Run("expansion maps to the source rune", func(t *testing.T) {
		s := "xﬁy"
		got, offs := NormalizeWithOffsets(s)
		require.Equal(t, "xfiy", got)
		assert.Equal(t, []int{0, 1, 1, 4, 5}, offs)
		assert.Equal(t, "ﬁ", s[offs[1]:EndOffset(offs, 2)])
	})
	for _, s := range []string{
		"", "a", "Ａ", "\u0435\u0301x", "a\r\nb", "é\r\nä", "\xff\xfe", "ǅ", "ﷺ", "a\u0308\u0301b",
		strings.Repeat("\u0301", 100), "Ｉｇｎｏｒｅ\u3000ｐｒｅｖｉｏｕｓ", "\U000E0041\U000E0042",
	} {
		t.Run(strings.ToValidUTF8(s, "?"), func(t *testing.T) { checkOffsets(t, s) })
	}
}

// TestFoldTableClosed checks, over every code point, that the per-rune
// fold Normalize applies after NFKC is idempotent and NFKC-stable, so that
// one pass is a fixed point for almost all text.
func TestFoldTableClosed(t *testing.T) {
	for r := rune(0x80); r <= unicode.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		s := string(r)
		if !norm.NFKC.IsNormalString(s) {
			continue
		}
		once := Normalize(s)
		if twice := Normalize(once); twice != once {
			t.Fatalf("U+%04X: Normalize not idempotent: %q then %q", r, once, twice)
		}
	}
	for i := 1; i < len(confusableFrom); i++ {
		require.Less(t, confusableFrom[i-1], confusableFrom[i], "table sorted")
	}
	assert.NotEmpty(t, confusablesVersion)
}

func TestNormalizeLargeInputLinear(t *testing.T) {
	skipTimingUnderRace(t)
	if testing.Short() {
		t.Skip("large input")
	}
	unit := "Ｒｕｎ thе tests\u200b and\u00a0then ｄｅｐｌｏｙ. "
	small := strings.Repeat(unit, (1<<20)/len(unit))
	big := strings.Repeat(unit, (10<<20)/len(unit))
	measure := func(s string) time.Duration {
		start := time.Now()
		out, offs := NormalizeWithOffsets(s)
		d := time.Since(start)
		require.Len(t, offs, len(out)+1)
		return d
	}
	measure(small) // warm up
	d1, d10 := measure(small), measure(big)
	t.Logf("1 MiB: %v, 10 MiB: %v", d1, d10)
	assert.Less(t, d10, 30*d1+time.Second, "10x input should take about 10x time")

	marks := "a" + strings.Repeat("\u0301", (10<<20)/2)
	start := time.Now()
	out := Normalize(marks)
	assert.True(t, utf8.ValidString(out))
	assert.Less(t, time.Since(start), 20*time.Second)
}

func FuzzNormalize(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "hostile", "*.txt"))
	seeds2, _ := filepath.Glob(filepath.Join("..", "testdata", "hostile", "*.txt"))
	for _, p := range append(seeds, seeds2...) {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	for _, s := range []string{"", "Run", "Ｉｇｎｏｒｅ", "\u0435\u0301", "a\r\n\tb", "\xff", "\u13a0", "ǅ\u0345"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, offs := NormalizeWithOffsets(s)
		if !utf8.ValidString(got) {
			t.Fatalf("invalid UTF-8 out: %q", got)
		}
		if again := Normalize(got); again != got {
			t.Fatalf("not idempotent: %q -> %q -> %q", s, got, again)
		}
		if Normalize(s) != got {
			t.Fatalf("Normalize and NormalizeWithOffsets disagree on %q", s)
		}
		for _, r := range got {
			if unicode.Is(unicode.Cf, r) || (unicode.Is(unicode.Cc, r) && r != '\n') {
				t.Fatalf("format or control character U+%04X in output of %q", r, s)
			}
		}
		if len(offs) != len(got)+1 || offs[len(got)] != len(s) {
			t.Fatalf("offsets length/end wrong for %q", s)
		}
		for i := range got {
			if offs[i] < 0 || offs[i] >= len(s) || offs[i] > offs[i+1] {
				t.Fatalf("bad offset %d at %d for %q", offs[i], i, s)
			}
		}
	})
}

var (
	benchASCIILower = strings.Repeat("the service listens on port 8080 and reads config.yaml at start-up; logs are written to /var/log/widget. ", 20)[:2048]
	benchASCIIProse = strings.Repeat("The service listens on port 8080 and reads config.yaml at start-up. Logs are written to /var/log/widget. ", 20)[:2048]
	benchNonASCII   = strings.Repeat("Ｒｕｎ thе tеsts\u200b — Führen Sie die Tests aus; 日本語のテキスト. ", 40)[:2048]
)

func BenchmarkNormalize(b *testing.B) {
	for _, bc := range []struct{ name, in string }{
		{"ascii-normal-2KB", benchASCIILower},
		{"ascii-prose-2KB", benchASCIIProse},
		{"non-ascii-2KB", benchNonASCII},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bc.in)))
			for b.Loop() {
				_ = Normalize(bc.in)
			}
		})
	}
}

func BenchmarkNormalizeWithOffsets(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchASCIIProse)))
	for b.Loop() {
		_, _ = NormalizeWithOffsets(benchASCIIProse)
	}
}
