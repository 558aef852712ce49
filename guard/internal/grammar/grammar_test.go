package grammar

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func tokens(s string) []string {
	var out []string
	for _, t := range Tokenize(s, nil) {
		out = append(out, t.Text(s))
	}
	return out
}

func TestTokenize(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"   ", nil},
		{"Run the tests.", []string{"Run", "the", "tests", "."}},
		{"Don't merge; it isn't ready!", []string{"Do", "n't", "merge", ";", "it", "is", "n't", "ready", "!"}},
		{"We can't, they won’t.", []string{"We", "ca", "n't", ",", "they", "wo", "n’t", "."}},
		{"It cannot fail", []string{"It", "can", "not", "fail"}},
		{"the users' keys and Go's runtime", []string{"the", "users", "'", "keys", "and", "Go", "'s", "runtime"}},
		{"a set-up step", []string{"a", "set-up", "step"}},
		{"config/flags.yaml, v1.2.3 and x86-64 stay whole.", []string{"config/flags.yaml", ",", "v1.2.3", "and", "x86-64", "stay", "whole", "."}},
		{"Run make -j4 --keep-going (see docs).", []string{"Run", "make", "-j4", "--keep-going", "(", "see", "docs", ")", "."}},
		{"below 0.1%.", []string{"below", "0.1", "%", "."}},
		{"e.g. U.S. and Jennifer M. Anderson.", []string{"e.g.", "U.S.", "and", "Jennifer", "M.", "Anderson", "."}},
		{"$HOME and $5 and #482", []string{"$HOME", "and", "$5", "and", "#482"}},
		{"wait...", []string{"wait", "..."}},
		{"«quoted» “words”", []string{"«", "quoted", "»", "“", "words", "”"}},
		{"https://example.com/a?b=c.", []string{"https://example.com/a?b=c", "."}},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			assert.Equal(t, c.want, tokens(c.in))
		})
	}
}

func TestTokenizeOffsets(t *testing.T) {
	for _, s := range sampleSentences(t) {
		toks := Tokenize(s, nil)
		prev := int32(0)
		for _, tk := range toks {
			require.True(t, tk.Start >= prev && tk.Start < tk.End && int(tk.End) <= len(s), "%q: %v", s, tk)
			assert.NotContains(t, tk.Text(s), " ")
			prev = tk.End
		}
	}
}

func sampleSentences(t testing.TB) []string {
	f, err := os.Open("testdata/sentences.txt")
	require.NoError(t, err)
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, out)
	return out
}

// moodOf returns the mood of the first clause that has one.
func moodOf(t *testing.T, s string) Mood {
	t.Helper()
	var sn Sentence
	Default().Analyze(s, &sn)
	for _, c := range sn.Clauses {
		if c.Mood != NoMood {
			return c.Mood
		}
	}
	return NoMood
}

// hasImperative reports whether any clause of s is an imperative.
func hasImperative(s string) bool {
	var sn Sentence
	Default().Analyze(s, &sn)
	for _, c := range sn.Clauses {
		if c.Mood == Imperative {
			return true
		}
	}
	return false
}

func TestImperatives(t *testing.T) {
	for _, s := range []string{
		"Run the tests before committing.",
		"Delete the stale branches.",
		"Please install Go 1.22.",
		"If it fails, delete the cache.",
		"To fix the flaky test, pin the random seed in conftest.py.",
		"Drop the table and restore it from the backup.",
		"Select the rows you want to keep.",
		"Commit the changes and push them to main.",
		"Don't merge the pull request until CI is green.",
		"Make sure the file is saved.",
		"Back up the database first.",
		"Create an archive from files.",
		"List services that have crashed",
		"Display the currently enabled module.",
		"Rotate the webhook secret before the next release.",
		"Once the migration finishes, restart the API pods.",
		"If anyone has questions please let me know.",
	} {
		assert.True(t, hasImperative(s), "want an imperative in %q", s)
	}
}

func TestStatements(t *testing.T) {
	for _, s := range []string{
		"Select queries against the audit table use the composite index.",
		"Drop rates on the ingest queue stayed below 0.1%.",
		"Commit 9e4b7c1 introduced refresh-token reuse detection.",
		"Kill switches live in config/flags.yaml.",
		"Build failures on arm64 started after the runner image moved to Ubuntu 24.04.",
		"Spring Boot 3.0 requires Java 17 or later.",
		"Angular 17 requires TypeScript 5.2 or newer.",
		"reports/tasks.py schedules send_report with countdown values.",
		"Build tags in internal/transport/h2c.go exclude the h2c server from release builds.",
		"Renovate has an open pull request bumping the image.",
		"release-plz opens a pull request that updates versions.",
		"Other workflows in the repository, such as docs.yml, declare their permissions explicitly.",
		"Timeouts per attempt are 10 seconds, set in clients/base.py, so a retried call can take minutes.",
		"The project uses npm workspaces.",
		"Contributors must sign the CLA.",
		"Last June, the initiative failed.",
		"Release notes for v2.4.0 mention the removal of the legacy exporter.",
	} {
		assert.False(t, hasImperative(s), "want no imperative in %q", s)
	}
}

func TestQuestions(t *testing.T) {
	for _, s := range []string{
		"Can you confirm which Postgres version production runs?",
		"Does the cron job run in UTC?",
		"Is the retry budget shared between the two clients?",
		"Do the integration tests run against a real Postgres?",
	} {
		assert.Equal(t, Interrogative, moodOf(t, s), s)
		assert.False(t, hasImperative(s), s)
	}
}

func TestClausesStructure(t *testing.T) {
	var sn Sentence
	Default().Analyze("If it fails, delete the cache and restart the worker.", &sn)
	require.Len(t, sn.Clauses, 3)
	assert.Equal(t, Subordinate, sn.Clauses[0].Link)
	assert.Equal(t, Main, sn.Clauses[1].Link)
	assert.Equal(t, Imperative, sn.Clauses[1].Mood)
	assert.Equal(t, "delete", sn.Words[sn.Clauses[1].Verb])
	assert.Equal(t, Coordinate, sn.Clauses[2].Link)
	assert.Equal(t, Imperative, sn.Clauses[2].Mood, "a conjunct without a subject shares the mood before it")

	Default().Analyze("Drop rates on the ingest queue stayed below 0.1%.", &sn)
	require.NotEmpty(t, sn.Clauses)
	c := sn.Clauses[0]
	assert.Equal(t, Declarative, c.Mood)
	assert.Equal(t, "stayed", sn.Words[c.Verb])
	assert.Equal(t, "queue", sn.Words[c.Subject])
}

func TestSentenceReuse(t *testing.T) {
	var sn Sentence
	m := Default()
	m.Analyze("Delete the stale branches.", &sn)
	first := append([]Clause(nil), sn.Clauses...)
	m.Analyze("The build requires Go 1.22 and a C compiler on every runner in the pool.", &sn)
	m.Analyze("Delete the stale branches.", &sn)
	assert.Equal(t, first, sn.Clauses, "an analysis does not depend on what the Sentence held before")
	assert.Len(t, sn.Words, 5)
	assert.Len(t, sn.Tags, 5)
}

func TestEmptyAndOdd(t *testing.T) {
	var sn Sentence
	for _, s := range []string{"", " ", ".", "?", "!!!", "--", "a", "\x00\xff", strings.Repeat("x", 10000)} {
		Default().Analyze(s, &sn)
		assert.Len(t, sn.Tags, len(sn.Words), "%q", s)
		for _, c := range sn.Clauses {
			assert.True(t, c.Start >= 0 && c.Start < c.End && c.End <= len(sn.Words), "%q: %+v", s, c)
		}
	}
}

func TestTagNames(t *testing.T) {
	m := Default()
	tags := m.TagWords([]string{"The", "server", "returns", "an", "error", "."}, nil)
	require.Len(t, tags, 6)
	got := make([]string, len(tags))
	for i, tg := range tags {
		got[i] = m.XPOS(tg)
	}
	assert.Equal(t, []string{"DT", "NN", "VBZ", "DT", "NN", "."}, got)
	assert.Equal(t, "NOUN", m.UPOS(tags[1]))
	assert.Equal(t, "VERB", m.UPOS(tags[2]))
	assert.Equal(t, "X", m.UPOS(Tag(60000)), "an unknown tag reads as X")
	assert.Equal(t, "X", m.XPOS(Tag(60000)))
}

// TestSplitContractionApostrophe checks splitContraction's shortcut for
// words without an apostrophe against the splitting it skips.
func TestSplitContractionApostrophe(t *testing.T) {
	ref := func(w string) []Token {
		if len(w) == 6 && lowerEq(w, "cannot") {
			return []Token{{0, 3}, {3, 6}}
		}
		for _, apos := range [...]string{"'", "’"} {
			if k := len(w) - len(apos) - 2; k > 0 && lowerEq(w[k:k+1], "n") && w[k+1:k+1+len(apos)] == apos && lowerEq(w[k+1+len(apos):], "t") {
				return []Token{{0, int32(k)}, {int32(k), int32(len(w))}}
			}
			for _, suf := range [...]string{"s", "re", "ve", "ll", "d", "m"} {
				k := len(w) - len(suf) - len(apos)
				if k > 0 && w[k:k+len(apos)] == apos && lowerEq(w[k+len(apos):], suf) {
					return []Token{{0, int32(k)}, {int32(k), int32(len(w))}}
				}
			}
		}
		return []Token{{0, int32(len(w))}}
	}
	words := []string{"don't", "DON'T", "don’t", "it's", "they’re", "we've", "I'll", "she'd", "I'm", "cannot", "Cannot",
		"can't", "won’t", "dont", "its", "nt", "n't", "'s", "’s", "rock'n'roll", "o'clock", "ad-hoc", "naïve", "’", "'", "x’y"}
	for _, s := range sampleSentences(t) {
		words = append(words, strings.Fields(s)...)
	}
	for _, w := range words {
		assert.Equal(t, ref(w), splitContraction(w, 0, len(w), nil), "%q", w)
	}
}

// TestASCIISpace checks the table Tokenize reads ASCII white space from
// against isSpace.
func TestASCIISpace(t *testing.T) {
	for c := range rune(0x80) {
		assert.Equal(t, isSpace(c), asciiSpace[c], "%q", c)
	}
}
