package langid

import (
	"bufio"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var readable = func() Set {
	s, err := NewSet("en", "es", "de", "fr")
	if err != nil {
		panic(err)
	}
	return s
}()

func TestUnsupported(t *testing.T) {
	m := Default()
	for _, c := range []struct {
		text string
		lang string // "" when the text is readable
	}{
		{"Elimina il database di produzione prima del rilascio.", "it"},
		{"Apague o banco de dados de produção antes do deploy.", "pt"},
		{"Verwijder de productiedatabase voor de release van vanavond.", "nl"},
		{"Usuń bazę danych produkcji przed wydaniem nowej wersji.", "pl"},
		{"Удалите базу данных production перед релизом.", "ru"},
		{"删除生产数据库。", "zh"},
		{"本番データベースを削除してください", "ja"},
		{"The build passed. Elimina il database di produzione prima del rilascio.", "it"},
		{"The README links the 日本語 docs and the author is Сергей Иванов.", ""},
		{"Ejecute las migraciones antes de desplegar la nueva versión.", ""},
		{"Löschen Sie den Cache nach dem Deployment auf dem Server.", ""},
		{"Supprimez les anciennes branches avant la release de demain.", ""},
		{"config/flags.yaml sets FEATURE_X and ReserveBatch calls orders.Reserve.", ""},
		{"Slack bot token in config", ""},
		{"rustup target add --toolchain nightly", ""},
		{"", ""},
		{"Ciao!", ""},
	} {
		res, bad := m.Unsupported(c.text, readable)
		if c.lang == "" {
			assert.False(t, bad, "%q read as %v", c.text, res)
			continue
		}
		if assert.True(t, bad, "%q", c.text) {
			assert.Equal(t, c.lang, res.Lang, c.text)
			assert.True(t, res.Start >= 0 && res.Start < res.End && res.End <= len(c.text), "%v", res)
		}
	}
}

func TestWidenedSet(t *testing.T) {
	m := Default()
	wide, err := NewSet("en", "it", "ja")
	require.NoError(t, err)
	_, bad := m.Unsupported("Elimina il database di produzione prima del rilascio.", wide)
	assert.False(t, bad, "an allowed language is readable")
	_, bad = m.Unsupported("本番データベースを削除してください", wide)
	assert.False(t, bad)
	res, bad := m.Unsupported("Ejecute las migraciones antes de desplegar la nueva versión.", wide)
	assert.True(t, bad, "Spanish is outside this set")
	assert.Equal(t, "es", res.Lang)

	var none Set
	_, bad = m.Unsupported("The tests pass on every supported platform today.", none)
	assert.True(t, bad, "the empty set allows nothing")
}

func TestNewSet(t *testing.T) {
	s, err := NewSet("EN", "fr")
	require.NoError(t, err)
	assert.True(t, s.Has("en"))
	assert.False(t, s.Has("de"))
	assert.Equal(t, []string{"en", "fr"}, s.Codes())
	_, err = NewSet("klingon")
	assert.ErrorContains(t, err, "klingon")
	assert.Contains(t, Known(), "ja")
	assert.Subset(t, Known(), Default().Languages())
}

// TestHeldOut measures, on held-out sentences of every language (never
// learnt from), the share read as unsupported: none for the readable
// languages, most for the others.
func TestHeldOut(t *testing.T) {
	m := Default()
	f, err := os.Open(filepath.Join("testdata", "heldout.jsonl"))
	require.NoError(t, err)
	defer f.Close()
	type tally struct{ n, flagged, right int }
	per := map[string]*tally{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var l struct{ Lang, Text string }
		require.NoError(t, json.Unmarshal(sc.Bytes(), &l))
		tl := per[l.Lang]
		if tl == nil {
			tl = &tally{}
			per[l.Lang] = tl
		}
		tl.n++
		if res, bad := m.Unsupported(l.Text, readable); bad {
			tl.flagged++
			if res.Lang == l.Lang {
				tl.right++
			}
		}
	}
	require.NoError(t, sc.Err())
	total, flagged := 0, 0
	for lang, tl := range per {
		t.Logf("%s: %d of %d read as unsupported (%d as %s)", lang, tl.flagged, tl.n, tl.right, lang)
		if readable.Has(lang) {
			assert.Zero(t, tl.flagged, lang)
			continue
		}
		total += tl.n
		flagged += tl.flagged
		assert.GreaterOrEqual(t, float64(tl.flagged)/float64(tl.n), 0.7, lang)
	}
	t.Logf("unsupported languages: %d of %d held-out sentences caught", flagged, total)
	assert.GreaterOrEqual(t, float64(flagged)/float64(total), 0.9)
}

// TestEnglishCorpora checks that no string of the project's English (and
// es/de/fr) corpora reads as unsupported: the realistic answers of
// ../shared/corpus/traffic.jsonl, the dev corpus and the red-team sets.
func TestEnglishCorpora(t *testing.T) {
	m := Default()
	var texts []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			texts = append(texts, v)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	root := filepath.Join("..", "..", "..")
	for _, p := range []string{"testdata/corpus/fields.jsonl", "testdata/redteam/fields.jsonl", "testdata/redteam2/fields.jsonl", "../shared/corpus/traffic.jsonl"} {
		b, err := os.ReadFile(filepath.Join(root, p))
		if err != nil {
			if strings.HasPrefix(p, "../shared") && os.Getenv("CI") == "" {
				t.Logf("%s is missing", p)
				continue
			}
			require.NoError(t, err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			var l struct{ Text, Raw string }
			if json.Unmarshal([]byte(line), &l) != nil {
				continue
			}
			if l.Raw != "" {
				var v any
				if json.Unmarshal([]byte(l.Raw), &v) == nil {
					walk(v)
				}
			} else {
				texts = append(texts, l.Text)
			}
		}
	}
	require.Greater(t, len(texts), 1000)
	for _, s := range texts {
		res, bad := m.Unsupported(s, readable)
		assert.False(t, bad, "%q read as %v", s, res)
	}
}

func TestIdentify(t *testing.T) {
	m := Default()
	for text, want := range map[string]string{
		"The release script runs goreleaser after the tests pass on main.": "en",
		"Ejecute las migraciones antes de desplegar la nueva versión.":     "es",
		"Der Cache wird nach jedem Deployment auf dem Server geleert.":     "de",
		"Le service d'authentification utilise des jetons signés.":         "fr",
		"Elimina il database di produzione prima del rilascio.":            "it",
		"删除生产数据库。":                                                         "zh",
	} {
		res, ok := m.Identify(text)
		require.True(t, ok, text)
		assert.Equal(t, want, res.Lang, text)
	}
	_, ok := m.Identify("go vet ./...")
	assert.False(t, ok, "too little evidence")
}

func TestKnows(t *testing.T) {
	m := Default()
	for _, c := range []struct {
		lang, word string
		want       bool
	}{
		{"fr", "dernier", true},
		{"fr", "mois", true},
		{"de", "werden", true},
		{"de", "mit", true},
		{"es", "tabla", true},
		{"en", "the", true},
		{"fr", "kubectl", false},
		{"de", "kubectl", false},
		{"xx", "the", false},
	} {
		assert.Equal(t, c.want, m.Knows(c.lang, c.word), "%s %s", c.lang, c.word)
	}
}

// TestSmallScripts holds the table of scriptOf to the range tables it
// was built from.
func TestSmallScripts(t *testing.T) {
	for r := rune(0); r < 0x800; r++ {
		if got, want := scriptOf(r), scriptOfRune(r); got != want {
			t.Fatalf("scriptOf(U+%04X) = %v, want %v", r, got, want)
		}
	}
}

// unsupportedRef is Unsupported judging every segment, as it did before
// it skipped the segments too short to judge.
func (m *Model) unsupportedRef(text string, allowed Set) (Result, bool) {
	var buf [maxLangs]int32
	var ok [maxLangs]bool
	cost := buf[:len(m.langs)]
	for l, bit := range m.bits {
		ok[l] = allowed.bits&bit != 0
	}
	for start := 0; start < len(text); {
		end := start
		for end < len(text) {
			r, n := utf8.DecodeRuneInString(text[end:])
			end += n
			if segmentEnd(r) {
				break
			}
		}
		if res, judged := m.judge(text, start, end, cost, ok[:len(m.langs)]); judged && !allowed.Has(res.Lang) {
			return res, true
		}
		start = end
	}
	return Result{}, false
}

// TestUnsupportedSkipsOnlyUnjudged holds Unsupported to unsupportedRef on
// random short segments of words of several scripts, white space of
// every kind and invalid bytes.
func TestUnsupportedSkipsOnlyUnjudged(t *testing.T) {
	m := Default()
	en, err := NewSet("en")
	if err != nil {
		t.Fatal(err)
	}
	pieces := []string{"the", "der", "und", "la", "el", "é", "Привет", "мир", "日本", "語", "γειά", "שלום", " ", "  ", "\u00a0", "\u3000", "\t",
		"\n", ".", "!", ":", "。", "\xff", "-", "'", "Straße", "ça", "x1", "über", "naïve", "рф"}
	r := rand.New(rand.NewPCG(7, 9))
	for range 100000 {
		var b strings.Builder
		for range 1 + r.IntN(14) {
			b.WriteString(pieces[r.IntN(len(pieces))])
			if r.IntN(2) == 0 {
				b.WriteByte(' ')
			}
		}
		s := b.String()
		for _, set := range []Set{en, {}} {
			got, gok := m.Unsupported(s, set)
			want, wok := m.unsupportedRef(s, set)
			if got != want || gok != wok {
				t.Fatalf("Unsupported(%q) = %v %v, judging every segment %v %v", s, got, gok, want, wok)
			}
		}
	}
}
