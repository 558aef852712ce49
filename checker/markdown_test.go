package checker

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/internal/crafted"
	"github.com/wardline/wardline/internal/mdcost"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"golang.org/x/text/unicode/norm"
)

func TestMarkdownReason(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" = plain text
	}{
		// plain text, including look-alikes of markdown
		{"The worker pool starts 2*3 workers per node.", ""},
		{"2*3 and 4*5 are products.", ""},
		{"The linter checks **/*.go but skips vendor/**.", ""},
		{"Files matching *.pb.go and *_test.go are excluded.", ""},
		{"The package initialiser is __init__ in widget/__init__.py.", ""},
		{"snake_case keys such as max_retry_count are used.", ""},
		{"The app reads GITHUB_TOKEN and DB_PASSWORD.", ""},
		{"The cache type is Map<string, Entry> in src/cache.ts.", ""},
		{"Parsers return Option<String> or Vec<u8>.", ""},
		{"The tag pattern ^v[0-9]+\\.[0-9]+$ is enforced.", ""},
		{"Is issue #42 the flaky one?", ""},
		{"Cost is given in $ per hour; a < b and c > d.", ""},
		{"The API is at https://api.acme-tools.dev/v2.", ""},
		{"[INST] looks like a tag but is text.", ""},
		{"Citations [1] and [2] and the class [0-9]+ are text; so is a[i] (an index).", ""},
		{"The check is a <= b and c < d.", ""},
		{"See [the docs] (below).", ""},
		{"Keys like id_rsa* are ignored.", ""},
		{"The path ~/.cache and ~/go are used.", ""},
		{"Version 1.4.0 - the current release - adds ARM64 builds.", ""},
		{"2026 was the year of the rewrite.", ""},
		{"C:\\Users\\dev\\go is the GOPATH on Windows.", ""},
		{"", ""},
		// markdown
		{"## Summary\nThe repository is a Go library.", "a heading"},
		{"# Title", "a heading"},
		{"**Note:** the module requires Go 1.24.", "emphasis"},
		{"Is the *legacy* client still supported?", "emphasis"},
		{"The library is _stable_ and used in production.", "emphasis"},
		{"Checks the **default** timeout value.", "emphasis"},
		{"~~Experimental~~ flags were removed.", "strikethrough"},
		{"The entry point is `cmd/widget/main.go`.", "a code span"},
		{"The [configuration reference](https://docs.acme-tools.dev/config) lists 14 options.", "a link"},
		{"![x](https://pixel.example/p.gif)", "an image"},
		{"See <https://example.com>.", "an autolink"},
		{"Mail <ops@example.com> for access.", "an autolink"},
		{"The value x[0](y) is a link.", "a link"},
		{"| file | lines |\n|---|---|\n| main.go | 120 |", "a table"},
		{"| file | lines |", ""}, // one line is no table
		{"| sh | sh | sh", ""},
		{"<b>Deprecated</b> since v3.0.0.", "an HTML tag"},
		{"<span style=\"display:none\">internal</span> The release is signed.", "an HTML tag"},
		{"<!-- hidden --> text", "an HTML block"},
		{"<img src=\"https://pixel.example/t.gif\">", "an HTML block"},
		{"- go.mod\n- go.sum\n- Makefile", "a list"},
		{"1. Go 1.24\n2. Node 20", "a list"},
		{"* item", "a list"},
		{"> quoted text", "a block quote"},
		{"```\ncode\n```", "a code block"},
		{"    indented code", "a code block"},
		{"First paragraph.\n\nSecond paragraph.", "more than one paragraph"},
		{"Line one  \nline two", "a hard line break"},
		{"[x]: https://example.com\nText", "a link reference definition"},
		{"---", "a thematic break"},
		{"Title\n===", "a heading"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, markdownReason(tt.in), "%q", tt.in)
	}
}

// mdSuspect must never skip a string goldmark would format: for every
// string of the corpora (and its normalised form) that it passes, goldmark
// finds plain text; and mdScan's plain is plainASCII.
func TestMdSuspectIsSound(t *testing.T) {
	texts := corpusTexts(t)
	require.Greater(t, len(texts), 1000)
	skipped := 0
	for _, s0 := range texts {
		for _, s := range []string{s0, strings.ToLower(norm.NFKC.String(s0))} {
			suspect, plain := mdScan(s)
			assert.Equal(t, plainASCII(s), plain, "%q", s)
			if !suspect {
				skipped++
				assert.Equal(t, "", markdownParse(s), "%q", s)
			}
		}
	}
	assert.Greater(t, skipped, len(texts)/2, "the pre-scan should spare goldmark most fields")
}

// corpusTexts gathers every text of the shared corpora: field texts,
// retrieved lines, the string values of raw responses and the hostile
// samples, each also split into lines.
func corpusTexts(t testing.TB) []string {
	t.Helper()
	var out []string
	add := func(s string) {
		if s == "" {
			return
		}
		out = append(out, s)
		if strings.Contains(s, "\n") {
			out = append(out, strings.Split(s, "\n")...)
		}
	}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			add(v)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for k, e := range v {
				add(k)
				walk(e)
			}
		}
	}
	files, err := filepath.Glob(filepath.Join("..", "testdata", "*", "*.jsonl"))
	require.NoError(t, err)
	for _, name := range files {
		b, err := os.ReadFile(name)
		require.NoError(t, err)
		for _, line := range strings.Split(string(b), "\n") {
			var m map[string]any
			if json.Unmarshal([]byte(line), &m) != nil {
				continue
			}
			for _, k := range []string{"text", "line"} {
				if s, ok := m[k].(string); ok {
					add(s)
				}
			}
			if raw, ok := m["raw"].(string); ok {
				add(raw)
				var v any
				if json.Unmarshal([]byte(raw), &v) == nil {
					walk(v)
				}
			}
		}
	}
	for _, pat := range []string{"hostile/*.txt", "responses/*.json", "responses/*.txt"} {
		files, err := filepath.Glob(filepath.Join("..", "testdata", pat))
		require.NoError(t, err)
		for _, name := range files {
			b, err := os.ReadFile(name)
			require.NoError(t, err)
			add(string(b))
			var v any
			if json.Unmarshal(b, &v) == nil {
				walk(v)
			}
		}
	}
	return out
}

func TestMarkdownCorpus(t *testing.T) {
	normalize := func(s string) string { return strings.ToLower(norm.NFKC.String(s)) }
	for _, l := range readCorpus(t, "fields.jsonl") {
		got := markdownReason(l.Text)
		if got == "" {
			got = markdownReason(normalize(l.Text))
		}
		switch {
		case l.Rule == RuleMarkdown:
			assert.NotEmpty(t, got, "%s %q", l.ID, l.Text)
		case l.Expect == "allow":
			assert.Empty(t, got, "%s %q", l.ID, l.Text)
		}
	}
}

func FuzzMarkdownReason(f *testing.F) {
	for _, s := range []string{"**a**", "2*3", "__init__", "`x`", "- a\n- b", "Option<String>", "<b>x</b>",
		"a < b", "< b", "x <", "<a", "a <b> c", "<1@x.io>", "<https://x.io>", "[1] and [0-9]+", "[a](b)", "[a]: /u", "see [a] [b]",
		"![a](b)", "[a][b]", "[a]\n\n[a]: /u", "[a] (b)", "[a] : b", "[a\\](b)", "x[0](y)", "[[a]](b)", "[a]:",
		"| a | b |", "|a|b|", "| sh | sh", "|---|---|", "| a |\n|---|", "a | b\n--|--",
		"1. 1. 1. x", "1) a", "   3. x", "1.", "12. [a]: /u",
		"<img <img <img ", "<add key=: <add key=", "<div x", "<!-- x", "<script", "   <p x", "a <div x", "<a href=x", "<?x", "</x",
		"~/ ~/ ~/", "~/~/~/", "~.~", "![a]( ![a]( ", "![a](![a](![a](", "[a](b", "[a](b)", "x](y) [z", "_pub: _pub: ", "*: *: ", "_ _ _", " ___", "__init__", "* a", "*a* b", "~a~/", "/~a~", "~~a~~", "~a~", " ~a ~b", "~~~\nx", "   ~~~", "a ~b~", "~ a~", "x ~é~", "~\u00a0~", "~,~ a",
		"[^1]: [^1]: ", "[^1]: [^1]:", "[a]: /u [b]", "[a]: /u \"t\"", "[a]: <x> y", "[a]: <x>", "[a\\]: b]: /u", "  [a]: (b)",
		"[a]: b(c", "[a]: b)c [a]", "[a]:  /u  'x' [a]", "[a]:/u", "[a]:\t<b\\>c> [a]", "x [a]: /u [a]", "[a]: [b]: [c](d)"} {
		f.Add(s)
	}
	for _, s := range corpusTexts(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if orderedListLine(s) {
			if r := markdownParse(s); r != "a list" {
				t.Fatalf("orderedListLine(%q) is true, goldmark finds %q", s, r)
			}
		}
		suspect, plain := mdScan(s)
		if plain != plainASCII(s) {
			t.Fatalf("mdScan(%q) plain = %v", s, plain)
		}
		if suspect != mdSuspect(s) {
			t.Fatalf("mdScan and mdSuspect disagree on %q", s)
		}
		if suspect {
			return
		}
		if r := markdownParse(s); r != "" {
			t.Fatalf("pre-scan skipped markdown %q: %s", s, r)
		}
		if sparedTriggers(s) {
			if r := markdownChecked(s); r != "" {
				t.Fatalf("pre-scan skipped %q, which the markdown rule reports: %s", s, r)
			}
		}
	})
}

// sparedTriggers reports whether s holds a byte that mdScan took for
// suspect before delimCloser, delimFollowsSafe and linkCloser's ')': a
// '*', '_' or '~' not after a letter or digit, or a '[' with "](" or
// "]:" after it.
func sparedTriggers(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '*', '_', '~':
			if i == 0 || !precededByWord(s, i) {
				return true
			}
		case '[':
			return strings.Contains(s[i+1:], "](") || strings.Contains(s[i+1:], "]:")
		}
	}
	return false
}

// TestDelimSuspectIsSound checks the emphasis, strikethrough, fence and
// thematic-break side of mdScan on random strings of '*', '_' and '~',
// white space, letters and punctuation: a string it passes holds nothing
// goldmark formats.
func TestDelimSuspectIsSound(t *testing.T) {
	pieces := []string{"~", "~~", "~~~", " ", "  ", "   ", "\t", "\n", "a", "word", "/", ".", ",", "é", "\u00a0", "\u3000", "*", "_", "-", "(", ")",
		":", ";", "?", "@", "#", "=", "+", "%", "^", "'", "\"", "1", "~/", "/~", "\u201c", "&", "\\", "$", "|", "{", "}",
		"**", "***", "__", "___", "_pub: ", "*a*", "_a_", "* ", "_ ", "a_b", "a*b", "`", "[", "]",
		"](", "![a](", "[a](", "[a]", "]:", "![", "!", "((", "))", "[a]: /u", "<b>", "<"}
	r := rand.New(rand.NewPCG(27, 17))
	passed := 0
	for range 300000 {
		var b strings.Builder
		for range 1 + r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if suspect, _ := mdScan(s); suspect {
			continue
		}
		passed++
		if reason := markdownChecked(s); reason != "" {
			t.Fatalf("mdScan passes %q, the markdown rule finds %s", s, reason)
		}
	}
	require.Greater(t, passed, 1000)
}

// mdStop8 never misses a byte that mdClass marks.
func TestMdStop8(t *testing.T) {
	check := func(w uint64) {
		want := false
		for k := 0; k < 8; k++ {
			want = want || mdClass[byte(w>>(8*k))] != 0
		}
		if want && !mdStop8(w) {
			t.Fatalf("mdStop8(%#016x) misses a marked byte", w)
		}
	}
	r := newRand(2)
	for range 200000 {
		check(r.Uint64())
		var w uint64
		for k := 0; k < 8; k++ {
			c := uint64(0x20 + r.Intn(0x5f))
			if r.Intn(8) == 0 {
				c = uint64(r.Intn(256))
			}
			w |= c << (8 * k)
		}
		check(w)
	}
	falseAlarms := 0
	// every pair of adjacent byte values, where a borrow could spill over
	for c := 0; c < 256; c++ {
		for d := 0; d < 256; d++ {
			for _, k := range []int{0, 3, 6} {
				check(0x6161616161616161&^(0xffff<<(8*k)) | uint64(c)<<(8*k) | uint64(d)<<(8*k+8))
			}
		}
	}
	for c := 0; c < 256; c++ {
		for k := 0; k < 8; k++ {
			w := 0x6161616161616161&^(0xff<<(8*k)) | uint64(c)<<(8*k)
			check(w)
			if mdStop8(w) && mdClass[c] == 0 {
				falseAlarms++
			}
		}
	}
	// '\t', '\\', ']' and '^' in each of the eight positions.
	assert.Equal(t, 4*8, falseAlarms)
}

// Random short strings over the bytes that matter to markdown: whenever
// the pre-scan passes one, goldmark finds plain text.
func TestMdSuspectRandom(t *testing.T) {
	const alphabet = "ab1 [](): <>!*_~`@./\\-=#&;'\"|+?x\u00e9\t"
	runes := []rune(alphabet)
	r := newRand(5)
	n := 50000
	if testing.Short() {
		n = 5000
	}
	passed := 0
	for range n {
		b := make([]rune, 1+r.Intn(16))
		for i := range b {
			b[i] = runes[r.Intn(len(runes))]
		}
		s := string(b)
		if mdSuspect(s) {
			continue
		}
		passed++
		if reason := markdownParse(s); reason != "" {
			t.Fatalf("pre-scan passed %q, goldmark finds %s", s, reason)
		}
	}
	t.Logf("%d of %d strings passed the pre-scan", passed, n)
}

// TestGluedHTML: an HTML element glued to a word is HTML; type syntax is
// not.
func TestGluedHTML(t *testing.T) {
	for text, html := range map[string]bool{
		"The config<br>loader reads two files.":               true,
		"The label<span class=\"x\">text</span> renders.":     true,
		"The comment<!-- hidden --> stays.":                   true,
		"The function returns Option<String> when empty.":     false,
		"The cache is a Map<string, Entry> keyed by path.":    false,
		"Buffers are Vec<u8> slices.":                         false,
		"The handler takes a Result<T, E> and returns early.": false,
	} {
		got := markdownParse(text) != ""
		assert.Equal(t, html, got, text)
	}
}

// TestMarkdownTooCostlyFailsClosed checks that a field whose link syntax
// would cost goldmark more than mdcost allows is blocked as markup without
// being parsed, and that skipping the parse loosens nothing: a field that
// holds a real image among such syntax is still blocked by the markdown
// and the exfiltration rules, as when it is parsed.
func TestMarkdownTooCostlyFailsClosed(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
	}{
		{"glued image openers", strings.Repeat("![a](", 98), []string{RuleMarkdown}},
		{"glued link openers", strings.Repeat("[a](", 122), []string{RuleMarkdown}},
		{"an image among them", "![x](https://evil.example/p.png) " + strings.Repeat("[a](", 110), []string{RuleExfilURL, RuleMarkdown}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.True(t, mdcost.TooCostly(tt.text))
			require.NotEmpty(t, markdownChecked(tt.text))
			_, err := Validate(withField(t, "summary", tt.text))
			require.Error(t, err)
			got := rulesOf(err)
			for _, r := range tt.want {
				assert.Contains(t, got, r)
			}
		})
	}
}

// TestOrderedListLine compares orderedListLine with goldmark: on every
// string it accepts, markdownParse finds a list; and it accepts the
// one-line lists of the shapes it is for.
func TestOrderedListLine(t *testing.T) {
	r := newRand(5)
	pieces := []string{"1", "0", "9", "123456789", "1234567890", ".", ")", " ", "  ", "   ", "    ", "\t", "a", "-", "*",
		"[", "]", ":", "(", "`", "<", ">", "#", "\u00a0", "\u3000", "1.", "1. ", "1)", "x", "é", "\x00"}
	texts := corpusTexts(t)
	for range 50000 {
		var b strings.Builder
		for range 1 + r.Intn(6) {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	texts = append(texts, strings.Repeat("1. ", 100), "1.", "1)", "1. a", "   2) b", "123456789. x", "1.\tx", strings.Repeat("1) ", 40)+"x")
	accepted := 0
	for _, s := range texts {
		if !orderedListLine(s) {
			continue
		}
		accepted++
		require.Equal(t, "a list", markdownParse(s), "%q", s)
	}
	require.Greater(t, accepted, 1000)
	for _, s := range []string{"1234567890. x", "1.x", "\t1. x", "    1. x", "1. [a]: /u", "1. a\n2. b", "a 1. b", ". x", "1 x"} {
		require.False(t, orderedListLine(s), "%q", s)
	}
}

// TestBlockQuoteFirst checks blockQuoteFirst against goldmark: every text
// it accepts parses as "a block quote", and it accepts many.
func TestBlockQuoteFirst(t *testing.T) {
	r := newRand(6)
	pieces := []string{">", "> ", ">>", " ", "  ", "   ", "    ", "\t", "\n", "\r\n", "a", "-", "*", "1.", "#", "`", "```", "<div>",
		"]", ":", "(", ")", "|", "---", "===", "\u00a0", "é", "\x00", "[", "x *y*", "<", "a |b|\n|-|-|"}
	texts := corpusTexts(t)
	for range 50000 {
		var b strings.Builder
		for range 1 + r.Intn(6) {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	texts = append(texts, strings.Repeat("> ", 200), strings.Repeat(">>", 100), ">", "   > a", "> a\n\nb", "> # h\n- x")
	accepted := 0
	for _, s := range texts {
		if !blockQuoteFirst(s) {
			continue
		}
		accepted++
		require.Equal(t, "a block quote", markdownParse(s), "%q", s)
	}
	require.Greater(t, accepted, 1000)
	for _, s := range []string{"    > x", "\t> x", "> [a]: /u", "a > b", "", " ", "x\n> y"} {
		require.False(t, blockQuoteFirst(s), "%q", s)
	}
}

// TestCodeSpanFirst checks codeSpanFirst against goldmark: every text it
// accepts parses as "a code span", and it accepts many.
func TestCodeSpanFirst(t *testing.T) {
	r := newRand(7)
	pieces := []string{"`", "``", "```", "````", " ", "  ", "a", "\\", "\\`", "*", "_", "**", "~~", "[", "]", "(", ")", "![", "<", ">",
		"<b>", "&amp;", "#", "-", "1.", "|", "\n", "\t", "é", "\x00", "x_y", "http://a.b", "<http://a.b>"}
	texts := corpusTexts(t)
	for range 60000 {
		var b strings.Builder
		b.WriteString(pieces[r.Intn(4)]) // a run of backticks first, mostly
		for range 1 + r.Intn(7) {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	texts = append(texts, strings.Repeat("` ", 200), strings.Repeat("``` ", 100), "`a`", "``a`b``", "```a```", "`` ` ``")
	accepted := 0
	for _, s := range texts {
		if !codeSpanFirst(s) {
			continue
		}
		accepted++
		require.Equal(t, "a code span", markdownParse(s), "%q", s)
	}
	require.Greater(t, accepted, 1000)
	for _, s := range []string{"``` a", "`a``", "a `b`", " `a`", "`a\nb`", "\\`a`", ""} {
		require.False(t, codeSpanFirst(s), "%q", s)
	}
}

// TestHTMLBlockTags checks htmlBlockStart's tag names against goldmark: a
// line that opens with '<' and one of them (no '>' anywhere) parses as an
// HTML block, and with any other HTML element's name as plain text.
func TestHTMLBlockTags(t *testing.T) {
	elements := strings.Fields(`a abbr acronym address applet area article aside audio b base basefont bdi bdo bgsound big
		blink blockquote body br button canvas caption center cite code col colgroup content data datalist dd del details
		dfn dialog dir div dl dt em embed fieldset figcaption figure font footer form frame frameset h1 h2 h3 h4 h5 h6
		head header hgroup hr html i iframe image img input ins kbd keygen label legend li link main map mark marquee
		menu menuitem meta meter nav nobr noembed noframes noscript object ol optgroup option output p param picture
		plaintext portal pre progress q rb rp rt rtc ruby s samp script search section select shadow slot small source
		spacer span strike strong style sub summary sup svg table tbody td template textarea tfoot th thead time title
		tr track tt u ul var video wbr xmp add key math`)
	blocks := 0
	for _, name := range elements {
		for _, tag := range []string{name, strings.ToUpper(name)} {
			for _, s := range []string{"<" + tag, "<" + tag + " x y", "  <" + tag + " x"} {
				want := markdownParse(s)
				block := want == "an HTML block"
				require.Equal(t, block, htmlBlockStart(s, strings.IndexByte(s, '<')), "%q: goldmark says %q", s, want)
				if !block {
					require.Equal(t, "", want, "%q", s)
				}
			}
		}
		if mdcost.HTMLBlockTag(name) {
			blocks++
		}
	}
	require.Equal(t, mdcost.NumHTMLBlockTags(), blocks, "every listed tag is an HTML element above")
}

// TestMdSuspectTags compares mdScan with goldmark on random lines of tag
// pieces, with and without '>'.
func TestMdSuspectTags(t *testing.T) {
	r := newRand(6)
	pieces := []string{"<", "<", "img", "div", "script", "p", "a", "add key=", " ", "  ", "!", "?", "/", "-", "--", "x",
		"\t", "DIV", "Pre", ">", "=", "\"", "'", "h1", "![CDATA[", "<!--", "1", "_", "é"}
	skipped := 0
	for range 60000 {
		var b strings.Builder
		for range 1 + r.Intn(8) {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		s := b.String()
		if mdSuspect(s) {
			continue
		}
		skipped++
		require.Equal(t, "", markdownParse(s), "%q", s)
	}
	require.Greater(t, skipped, 5000)
}

// TestSparedStillTooCostly checks that a string whose only markdown
// suspects are delimiters or a "](" that mdScan finds format nothing is
// still reported when it is too costly to parse, as before mdScan looked
// closer at them.
func TestSparedStillTooCostly(t *testing.T) {
	deep := strings.Repeat("[", 3000) + strings.Repeat("]", 3000)
	for _, tail := range []string{" ~/ ~/", " _pub: _pub:", " *: *:", " ![a]( ![a]("} {
		s := deep + tail
		require.True(t, mdcost.TooCostly(s), "%q", tail)
		suspect, _ := mdScan(s)
		require.True(t, suspect, "%q", tail)
		require.Equal(t, "markup too costly to parse", markdownChecked(s), "%q", tail)
	}
	suspect, _ := mdScan(deep)
	require.False(t, suspect, "brackets alone were never suspect")
}

// TestMdScanLinear checks that mdScan stays linear on long runs of what
// its refinements read ahead for: eight times the text costs about eight
// times as much (quadratic work would cost sixty-four).
func TestMdScanLinear(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("measures running time")
	}
	scan := func(s string) { _, _ = mdScan(s) }
	for _, unit := range []string{"*", "_", "~", "**a", " _", "~/", "[a](", "[", "](", " *: "} {
		if g := crafted.Growth(scan, unit, 4<<10, 32<<10); g > 24 {
			t.Errorf("mdScan on %q: 8x the text costs %.1fx", unit, g)
		}
	}
}

// TestMayDefine checks the pre-scan's reading of a link reference
// definition against goldmark's: where mayDefine says no, goldmark
// defines nothing (it may say yes where goldmark does not: a title that
// never closes, a blank label).
func TestMayDefine(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"[a]: /u", true},
		{"   [a]: /u", true},
		{"[a]: /u \"title\"", true},
		{"[a]: /u 'title'", true},
		{"[a]: /u (title)", true},
		{"[a]: <x y>", true},
		{"[a\\]]: /u", true},   // an escaped ']' inside the label
		{"[a]: /u\"t\"", true}, // the quotes end the destination, not a title
		{"[a]: /u\"t\" x", false},
		{"[a]: /u more words", false},
		{"[^1]: [^1]: [^1]: ", false},
		{"[^1]: [^1]:", true}, // a destination "[^1]:" and nothing after it
		{"[a]:", false},       // no destination
		{"[a]: ", false},      // no destination
		{"[a]: <x", false},    // "<" never closed
		{"[a]: b)c", false},   // an unbalanced ')' ends the destination
		{"[a [b]: /u", false}, // an unescaped '[' in the label
		{"[a] : /u", false},   // ':' must follow the label
		{"x [a]: /u", false},  // not at the start of the line
		{"[a]", false},
		{"", false},
	} {
		assert.Equal(t, tc.want, mayDefine(tc.s), "%q", tc.s)
		if !tc.want {
			pc := parser.NewContext()
			mdParser().Parse(text.NewReader([]byte(tc.s)), parser.WithContext(pc))
			assert.Empty(t, pc.References(), "goldmark defines a link in %q", tc.s)
		}
	}
}
