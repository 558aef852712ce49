package citation

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/wardline/wardline/citation/internal/page"
)

// fuzzSources returns the fixture sources as a MapFS plus the fuzzer's own
// source under "fuzz.md".
func fuzzSources(t testing.TB) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	dir := filepath.Join(wikiData, "workspace", "raw")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		m[e.Name()] = &fstest.MapFile{Data: data}
	}
	return m
}

func FuzzVerify(f *testing.F) {
	base := fuzzSources(f)
	for _, p := range fixturePages(f) {
		f.Add(p.data, base["rfc-0034.md"].Data)
	}
	quote := "the quote that the fuzzer cites from its own source"
	c, err := Anchor(fstest.MapFS{"fuzz.md": {Data: []byte("x " + quote + " y")}}, Citation{Label: "f", Source: "raw/fuzz.md", Quote: quote})
	require.NoError(f, err)
	def, err := c.Format()
	require.NoError(f, err)
	f.Add([]byte("Fuzzed.[^f]\n\n"+def+"\n"), []byte("x "+quote+" y"))
	known := map[Kind]bool{}
	for _, k := range Kinds() {
		known[k] = true
	}
	f.Fuzz(func(t *testing.T, pg, source []byte) {
		src := fstest.MapFS{"fuzz.md": {Data: source}}
		for k, v := range base {
			src[k] = v
		}
		got := Verify(pg, src)
		for i, p := range got {
			if !known[p.Kind] {
				t.Fatalf("unknown kind %q", p.Kind)
			}
			if !errors.Is(p, p.Kind) {
				t.Fatalf("Problem.Is broken for %q", p.Kind)
			}
			if i > 0 && got[i-1].Line > p.Line {
				t.Fatalf("problems not sorted: %v", got)
			}
		}
		if again := Verify(pg, src); !slices.Equal(got, again) {
			t.Fatalf("not deterministic: %v then %v", got, again)
		}
		// Nothing accepted that should not be: a passing page cites, and
		// every definition's quote occurs in its source with a matching hash.
		if len(got) > 0 {
			return
		}
		_, body, _, _, _ := page.Split(pg)
		notes := parseNotes(body)
		if notes.refs == 0 {
			t.Fatalf("uncited page passed")
		}
		for _, d := range notes.defs {
			c, err := parseBody(d.label, d.text)
			if err != nil {
				t.Fatalf("malformed definition passed: %v", err)
			}
			name := strings.TrimPrefix(c.Source, "raw/")
			file, ok := src[name]
			if !ok {
				t.Fatalf("definition citing %q passed", c.Source)
			}
			q := normalizeQuote(c.Quote)
			if !strings.Contains(normalizeQuote(string(file.Data)), q) || c.Hash != QuoteHash(q) || len([]rune(q)) < DefaultMinQuote {
				t.Fatalf("unverified quote passed: %+v", c)
			}
		}
	})
}

func FuzzParseDefinition(f *testing.F) {
	for _, p := range fixturePages(f) {
		for _, l := range strings.Split(string(p.data), "\n") {
			if strings.HasPrefix(l, "[^") {
				f.Add(l)
			}
		}
	}
	f.Fuzz(func(t *testing.T, def string) {
		c, err := ParseDefinition(def)
		if err != nil {
			return
		}
		if !validLabel(c.Label) || c.Hash != QuoteHash(c.Quote) {
			return // wider labels and stale hashes parse (Verify reports them) but do not format
		}
		out, err := c.Format()
		if err != nil {
			t.Fatalf("parsed %q but cannot format %+v: %v", def, c, err)
		}
		again, err := ParseDefinition(out)
		if err != nil || again != c {
			t.Fatalf("round trip: %q -> %+v -> %q -> %+v, %v", def, c, out, again, err)
		}
	})
}
