package secrets

import (
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/internal/crafted"
)

// genericRe is gitleaks' generic-api-key expression compiled by Go's
// regexp: the reference genericMatcher is compared with.
var genericRe = regexp.MustCompile(genericAPIKeyExpr)

// genericFast returns the engine's fastRegexp for generic-api-key.
func genericFast(t testing.TB) *fastRegexp {
	e, err := loadSecretEngine()
	require.NoError(t, err)
	for _, r := range e.rules {
		if r.RuleID == "generic-api-key" {
			return r.fast.ready()
		}
	}
	require.FailNow(t, "gitleaks has no generic-api-key rule")
	return nil
}

// checkGeneric compares genericMatcher with the regexp on s: every match
// (FindAllStringIndex), the first match with its group
// (FindStringSubmatchIndex), the search from the anchor positions the
// engine gives it and the engine's own search (findAll), and the group of
// every match's text as finding computes it. It returns the number of
// matches.
func checkGeneric(t testing.TB, f *fastRegexp, s string) int {
	t.Helper()
	var m genericMatcher
	want := genericRe.FindAllStringIndex(s, -1)
	require.Equal(t, want, m.findAll(s), "findAll on %.200q", s)
	require.Equal(t, genericRe.FindStringSubmatchIndex(s), m.submatchIndex(s), "submatchIndex on %.200q", s)
	lower, fold := asciiLower(s), hasFoldRunes(s)
	if got := f.findAll(s, lower, fold); len(want) > 0 || len(got) > 0 {
		require.Equal(t, want, got, "engine findAll on %.200q", s)
	}
	if !fold {
		if got := m.findAllAt(s, f.anchorPositionsInto(nil, lower)); len(want) > 0 || len(got) > 0 {
			require.Equal(t, want, got, "findAllAt on %.200q", s)
		}
	}
	for _, loc := range want {
		text := strings.Trim(s[loc[0]:loc[1]], "\n")
		require.Equal(t, genericRe.FindStringSubmatchIndex(text), m.submatchIndex(text), "submatchIndex on match %.200q", text)
	}
	return len(want)
}

// TestGenericExpressionUnchanged fails when gitleaks' generic-api-key
// expression is no longer the one genericMatcher implements. The engine
// then falls back to Go's regexp on its own (analyze compares the
// expressions), which is exact but about a microsecond a byte on crafted
// text: update genericMatcher to the new expression (or delete it).
func TestGenericExpressionUnchanged(t *testing.T) {
	got := crafted.GitleaksExpression("generic-api-key")
	require.NotEmpty(t, got, "gitleaks no longer has a generic-api-key rule")
	require.Equal(t, genericAPIKeyExpr, got,
		"gitleaks changed generic-api-key's expression: genericMatcher (secrets_generic.go) implements the old one and is no longer used; update it")
	e, err := loadSecretEngine()
	require.NoError(t, err)
	found := false
	for _, r := range e.rules {
		if r.RuleID == "generic-api-key" {
			found = true
			assert.Equal(t, genericAPIKeyExpr, r.fast.src)
			assert.NotNil(t, r.fast.ready().generic, "the engine does not use genericMatcher for generic-api-key")
		} else {
			assert.Nil(t, r.fast.ready().generic, "rule %s", r.RuleID)
		}
	}
	assert.True(t, found)
}

// TestGenericClasses checks the matcher's character classes and keyword
// folding against the expression itself: every class of its syntax tree
// holds, beyond ASCII, only U+017F and U+212A, and each class table
// agrees with the regexp class it stands for on every ASCII byte.
func TestGenericClasses(t *testing.T) {
	tree, err := syntax.Parse(genericAPIKeyExpr, syntax.Perl)
	require.NoError(t, err)
	var walk func(*syntax.Regexp)
	classes := 0
	walk = func(re *syntax.Regexp) {
		if re.Op == syntax.OpCharClass {
			classes++
			for i := 0; i+1 < len(re.Rune); i += 2 {
				lo, hi := re.Rune[i], re.Rune[i+1]
				if hi < utf8.RuneSelf {
					continue
				}
				assert.True(t, lo == hi && (lo == '\u017f' || lo == '\u212a'), "class %s holds %U-%U", re, lo, hi)
			}
		}
		if re.Op == syntax.OpLiteral && re.Flags&syntax.FoldCase != 0 {
			for _, r := range re.Rune {
				for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
					if f >= utf8.RuneSelf {
						assert.True(t, unicode.ToLower(r) == 's' && f == '\u017f' || unicode.ToLower(r) == 'k' && f == '\u212a', "%q folds onto %U", r, f)
					}
				}
			}
		}
		for _, sub := range re.Sub {
			walk(sub)
		}
	}
	walk(tree)
	assert.Greater(t, classes, 5)
	tables := []struct {
		name  string
		class string
		bit   uint16
	}{
		{"P", `[\w.-]`, gkP}, {"G", `[ \t\w.-]`, gkG}, {"S", `[\s'"]`, gkS}, {"V", `[\x60'"\s=]`, gkV},
		{"W", `[\w.=-]`, gkW}, {"A", `[a-z0-9]`, gkA}, {"B", `[a-z0-9+/]`, gkB}, {"D", `[\x60'"\s;]`, gkD},
	}
	for _, tc := range tables {
		require.Contains(t, genericAPIKeyExpr, tc.class, tc.name)
		re := regexp.MustCompile(`^(?i)` + tc.class + `$`)
		for c := 0; c < 256; c++ {
			s := string(rune(c))
			if c >= utf8.RuneSelf {
				s = string([]byte{byte(c)})
			}
			assert.Equal(t, re.MatchString(s), gkClass[c]&tc.bit != 0, "class %s byte %#x", tc.name, c)
		}
		for _, r := range []rune{'\u017f', '\u212a'} {
			cls, size := gkRune(string(r), 0)
			assert.Equal(t, re.MatchString(string(r)), cls&tc.bit != 0, "class %s rune %U", tc.name, r)
			assert.Equal(t, utf8.RuneLen(r), size)
		}
	}
}

// genericEdgeCases exercise every item of the expression at and around
// its bounds: each keyword alternative in every case, P's 50 runes, G's
// 20, S's 3, each O alternative, V's 5, both C branches at their lengths
// and with their "=", each D alternative, and the runes (?i) folds onto
// ASCII letters.
func genericEdgeCases() map[string]string {
	val := func(n int) string { return strings.Repeat("a1B2c3D4e5", n/10+1)[:n] }
	cases := map[string]string{
		"empty":                 "",
		"key only":              "key",
		"api lower":             "api=" + val(12),
		"api title":             "Api=" + val(12),
		"api upper":             "API=" + val(12),
		"api mixed (no match)":  "aPi=" + val(12) + " apI=" + val(12),
		"access":                "ACCESS=" + val(12),
		"auth":                  "Auth: " + val(12) + "\n",
		"credential":            "credential => '" + val(20) + "'",
		"creds":                 "CREDS ?= " + val(20) + ";",
		"password":              "password := " + val(16) + "\n",
		"passwd":                "PASSWD::=" + val(16) + "`",
		"passwrd (no)":          "passwrd=" + val(16),
		"secret":                "secret,\"" + val(40) + "\"",
		"token":                 "token||" + val(30) + "\\n",
		"long s":                "\u017fecret=" + val(12) + " acce\u017f\u017f=" + val(12),
		"kelvin":                "\u212aey=" + val(12) + " \u212aEY=" + val(11) + "\u212a ",
		"kelvin in value":       "key=" + strings.Repeat("\u212a", 12) + " key=" + strings.Repeat("\u017f", 150) + " key=" + strings.Repeat("\u017f", 151) + " ",
		"wide prefix":           strings.Repeat("\u017f", 50) + "key=" + val(12) + "\n" + strings.Repeat("\u212a", 51) + "key=" + val(12),
		"prefix 50":             strings.Repeat("x", 50) + "key=" + val(12),
		"prefix 51":             strings.Repeat("x", 51) + "key=" + val(12),
		"prefix 120":            strings.Repeat("x.-_", 30) + "key=" + val(12),
		"gap 20":                "key" + strings.Repeat("_", 20) + "=" + val(12),
		"gap 21":                "key" + strings.Repeat("_", 21) + "=" + val(12),
		"gap spaces":            "key" + strings.Repeat(" ", 25) + "=" + val(12),
		"gap tabs":              "token\t\t\t\t = " + val(12),
		"space 3":               "key\n\n\n=" + val(12),
		"space 4":               "key\n\n\n\n=" + val(12),
		"quotes":                "'key'\"\" : \"" + val(12) + "\"",
		"op >":                  "key>" + val(12),
		"op =>":                 "key=>" + val(12),
		"op :=":                 "key:=" + val(12),
		"op ::=":                "key::=" + val(12),
		"op :::=":               "key:::=" + val(12),
		"op ::::=":              "key::::=" + val(12),
		"op ||":                 "key||" + val(12),
		"op |":                  "key|" + val(12),
		"op ?=":                 "key?=" + val(12),
		"op ?":                  "key?" + val(12),
		"op ,":                  "key," + val(12),
		"value 5":               "key=\"\"\"\"\"" + val(12),
		"value 6":               "key=\"\"\"\"\"\"" + val(12),
		"value eq":              "key=====" + val(12),
		"value eq 9":            "key=========" + val(9),
		"c1 9":                  "key=" + val(9),
		"c1 10":                 "key=" + val(10),
		"c1 150":                "key=" + val(150) + " ",
		"c1 151":                "key=" + val(151) + " ",
		"c1 dots":               "key=a.b-c_d=e.f-g_h ",
		"c2 11":                 "key=" + val(11) + "+",
		"c2 12 slash":           "key=" + val(11) + "/ ",
		"c2 long":               "key=" + strings.Repeat("ab+/", 100) + "\n",
		"c2 pad 0-4":            "key=ab+/ab+/ab+/ key=ab+/ab+/ab+/= key=ab+/ab+/ab+/== key=ab+/ab+/ab+/=== key=ab+/ab+/ab+/==== ",
		"c2 first not alnum":    "key=+abcdefghijklm ",
		"c2 first wide":         "key=\u017fabcdefghijklm+ ",
		"d backslash":           "key=" + val(12) + "\\n key=" + val(12) + "\\R key=" + val(12) + "\\t key=" + val(12) + "\\",
		"d semicolon":           "key=" + val(12) + ";",
		"d backtick":            "key=`" + val(12) + "`",
		"d none":                "key=" + val(12) + "!",
		"d end":                 "key=" + val(12),
		"invalid utf8":          "key=\xff" + val(12) + " \xc5key=" + val(12) + " \xe2\x84key=" + val(12) + "\xc5",
		"continuation":          "\xbfkey=" + val(12) + " \x84\xaakey=" + val(12),
		"nested":                "apikey=secret=token=" + val(12),
		"repeat glued":          strings.Repeat("key=", 80),
		"repeat spaced":         strings.Repeat("token: ", 40) + val(12),
		"json":                  `{"api_key": "` + val(24) + `", "password": "` + val(8) + `"}`,
		"env":                   "AWS_SECRET_ACCESS_KEY=" + val(40) + "\nDB_PASSWORD=" + val(16) + "\n",
		"keyword in value":      "key=" + val(5) + "token=" + val(12),
		"match then prefix":     "key=" + val(12) + " " + strings.Repeat("x", 60) + "secret=" + val(12),
		"adjacent":              "key=" + val(12) + "\"key=" + val(12) + "\"",
		"prefix over previous":  "key=" + val(12) + "'abc.def-key=" + val(12) + "'",
		"multiline":             "a\nkey\n=\n" + val(12) + "\n",
		"kelvin prefix partial": "x\xe2\x84\xaa\xe2\x84key=" + val(12),
	}
	for i, kw := range gkKeywords {
		up := strings.ToUpper(kw)
		cases["keyword "+kw] = kw + " = " + val(10+i)
		cases["keyword upper "+kw] = up + "=" + val(12)
		cases["keyword title "+kw] = strings.ToUpper(kw[:1]) + kw[1:] + ": '" + val(14) + "'"
		cases["keyword glued "+kw] = strings.Repeat(kw, 30)
		cases["keyword sep "+kw] = strings.Repeat(kw+"=", 30)
		cases["keyword colon "+kw] = strings.Repeat(kw+": ", 30)
	}
	return cases
}

// TestGenericEdgeCases compares the matcher with the regexp on the edge
// cases, each alone and cut at every byte, or every few bytes of the long
// ones (so that every item also meets the start and end of the text).
func TestGenericEdgeCases(t *testing.T) {
	f := genericFast(t)
	matched := 0
	for name, s := range genericEdgeCases() {
		t.Run(name, func(t *testing.T) {
			n := checkGeneric(t, f, s)
			matched += n
			// every cut of the short ones, of the long ones a sample
			step := 1 + len(s)/300
			for i := 0; i < len(s); i += step {
				checkGeneric(t, f, s[:i])
				checkGeneric(t, f, s[i:])
			}
		})
	}
	assert.Greater(t, matched, 100, "the edge cases should match often")
	var m genericMatcher
	// A few answers spelt out, so that a regexp change cannot make the
	// comparison vacuous.
	assert.Equal(t, [][]int{{0, 17}}, m.findAll("key=a1B2c3D4e5a1 "))
	assert.Equal(t, []int{0, 17, 4, 16}, m.submatchIndex("key=a1B2c3D4e5a1 "))
	assert.Empty(t, m.findAll("key=a1B2c3D4e!"))
}

// TestGenericParityTexts compares the matcher with the regexp on every
// text of the parity test (gitleaks' rule cases and the corpus) and on
// the crafted texts the windowed search is tested with.
func TestGenericParityTexts(t *testing.T) {
	f := genericFast(t)
	texts := append(parityInputs(t), craftedSecretTexts(t)...)
	texts = append(texts, typicalResponseText(t), maxResponseText(t), keywordProse, secretsProse, neutralProse)
	matches := 0
	for _, s := range raceSample(texts) {
		matches += checkGeneric(t, f, s)
	}
	t.Logf("%d texts, %d matches, all identical", len(texts), matches)
	assert.Greater(t, matches, 100)
}

// TestGenericCrafted compares the matcher with the regexp on every crafted
// input (internal/crafted) at a few sizes.
func TestGenericCrafted(t *testing.T) {
	f := genericFast(t)
	n := 0
	for _, size := range []int{61, 256, 1500} {
		for _, in := range raceSample(crafted.Inputs(size)) {
			checkGeneric(t, f, in.Text)
			n++
		}
	}
	t.Logf("%d crafted texts identical", n)
}

// TestGenericRandom compares the matcher with the regexp on random texts
// built from pieces of the expression: keywords in every case, the
// classes' bytes and their neighbours, the folded runes and broken UTF-8.
func TestGenericRandom(t *testing.T) {
	f := genericFast(t)
	rng := rand.New(rand.NewPCG(17, 9))
	pieces := []string{
		"key", "KEY", "api", "Api", "API", "aPI", "access", "auth", "credential", "creds", "password", "passwd",
		"secret", "token", "\u212aey", "\u017fecret", "pass", "cred",
		"=", "==", "===", ">", "=>", ":", "::", ":::", "::::=", "|", "||", "?=", "?", ",", ";",
		" ", "  ", "\t", "\n", "\r", "\f", "\v", "'", "\"", "`", "\\", "\\n", "\\r", "\\N", "\\t",
		"a", "Z", "0", "9", "_", ".", "-", "+", "/", "abcdefghij", "ABCDEFGHIJKL", "0123456789",
		"a1b2c3d4e5f6", "xx+yy/zz", "\u017f", "\u212a", "\xc5", "\xe2\x84", "\xff", "é", "ſſſ",
	}
	iters := 5000
	if testing.Short() || raceEnabled {
		iters = 500
	}
	matches := 0
	for range iters {
		var b strings.Builder
		for k := rng.IntN(40); k >= 0; k-- {
			p := pieces[rng.IntN(len(pieces))]
			if rng.IntN(8) == 0 {
				p = strings.Repeat(p, 1+rng.IntN(60))
			}
			b.WriteString(p)
		}
		matches += checkGeneric(t, f, b.String())
	}
	t.Logf("%d random texts, %d matches, all identical", iters, matches)
	assert.Greater(t, matches, iters/20)
}

// FuzzGenericAPIKey compares genericMatcher with Go's regexp on arbitrary
// text (seeds: the edge cases and testdata/fuzz/FuzzGenericAPIKey).
func FuzzGenericAPIKey(f *testing.F) {
	for _, s := range genericEdgeCases() {
		f.Add(s)
	}
	fast := genericFast(f)
	f.Fuzz(func(t *testing.T, s string) {
		checkGeneric(t, fast, s[:min(len(s), 4096)])
	})
}

// BenchmarkGenericAPIKey runs genericMatcher (matcher: scanning the text
// itself; engine: the rule's findAllAt from the anchor positions, which a
// scan takes from its keyword hits, as it does now), the engine's
// windowed search without it (windowed: findAllAt from the same
// positions with the reach checks and Go's regexp on windows, as before
// genericMatcher) and Go's regexp alone side by side on 64 KiB texts: the
// crafted inputs that were the slowest for the rule (an assignment to a
// keyword every few bytes, keywords glued), a JSON array of assignments,
// and prose that mentions the keywords.
func BenchmarkGenericAPIKey(b *testing.B) {
	inputs := []struct{ name, text string }{
		{"key-sep", crafted.Repeat("key=", crafted.Size)},
		{"access-glued", crafted.Repeat("access", crafted.Size)},
		{"bedrock-api-key-sep", crafted.Repeat("bedrock-api-key-=", crafted.Size)},
		{"token-colon", crafted.Repeat("token: ", crafted.Size)},
		{"json-assignments", crafted.Repeat(`"api_key=a1B2c3D4e5f6g7h8",`, crafted.Size)},
		{"keyword-prose", keywordProse},
		{"max-response", maxResponseText(b)},
	}
	var m genericMatcher
	engine := genericFast(b)
	windowed := newFastRegexp(genericAPIKeyExpr).ready()
	windowed.generic = nil
	for _, in := range inputs {
		lower, fold := asciiLower(in.text), hasFoldRunes(in.text)
		require.False(b, fold)
		occ := engine.anchorPositionsInto(nil, lower)
		var st viableState
		b.Run(in.name+"/matcher", func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			for b.Loop() {
				m.findAll(in.text)
			}
		})
		b.Run(in.name+"/engine", func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			for b.Loop() {
				engine.findAllAt(in.text, lower, fold, occ, &st)
			}
		})
		b.Run(in.name+"/windowed", func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			for b.Loop() {
				windowed.findAllAt(in.text, lower, fold, occ, &st)
			}
		})
		b.Run(in.name+"/regexp", func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			for b.Loop() {
				genericRe.FindAllStringIndex(in.text, -1)
			}
		})
	}
}
