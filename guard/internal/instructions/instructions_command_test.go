package instructions

import (
	"encoding/json"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/wardline/wardline/guard/internal/normalize"
	"mvdan.cc/sh/v3/syntax"
)

// plainTexts returns candidate command texts: every line of the repository's
// test data (and of the public benchmarks when WARDLINE_BENCHMARKS is set),
// normalised, with each of its word-boundary suffixes, and random strings
// over an alphabet that mixes plain bytes with shell syntax.
func plainTexts(t *testing.T) []string {
	t.Helper()
	var out []string
	add := func(root string) {
		_ = filepath.WalkDir(root, func(path string, de fs.DirEntry, err error) error {
			if err != nil || de.IsDir() {
				return nil
			}
			b, err := os.ReadFile(path)
			if err != nil || len(b) > 8<<20 {
				return nil
			}
			text := string(b)
			if strings.HasSuffix(path, ".json") || strings.HasSuffix(path, ".jsonl") {
				text = jsonStrings(text)
			}
			for line := range strings.SplitSeq(normalize.Normalize(text), "\n") {
				if len(line) > maxCommandLine {
					continue
				}
				out = append(out, line)
				for i := 0; i < len(line) && i < 400; i++ {
					if line[i] == ' ' {
						out = append(out, line[i+1:])
					}
				}
			}
			return nil
		})
	}
	add(filepath.Join("..", "..", "..", "testdata"))
	if dir := os.Getenv("WARDLINE_BENCHMARKS"); dir != "" {
		add(dir)
	}
	r := rand.New(rand.NewPCG(1, 2))
	alpha := "abcdefxyz019 ....,,__--++//::@@%%^^##==  \t\n;|&<>()$`'\"\\*?!~[]{}"
	words := []string{"if", "for", "in", "time", "let", "export", "declare", "function", "sudo", "doas", "git", "-rf", "a=b", "x+=1", "#c", "--flag", "./run.sh", "go", "the"}
	for range 200000 {
		var b strings.Builder
		for range r.IntN(6) + 1 {
			if r.IntN(3) == 0 {
				b.WriteString(words[r.IntN(len(words))])
			} else {
				for range r.IntN(6) + 1 {
					b.WriteByte(alpha[r.IntN(len(alpha))])
				}
			}
			if r.IntN(4) != 0 {
				b.WriteByte(' ')
			}
		}
		out = append(out, b.String())
	}
	return out
}

// TestPlainWordsMatchParser checks the claim behind plainWords: whenever it
// accepts a text, the shell parser reads that text as one simple command
// whose arguments are exactly those words, so judgeArgs over the words
// collects the same evidence as parsing and judgeStmt.
func TestPlainWordsMatchParser(t *testing.T) {
	accepted := 0
	for _, text := range plainTexts(t) {
		var buf [maxPlainWords]string
		words, ok := plainWords(text, &buf)
		if !ok {
			continue
		}
		accepted++
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(false)).Parse(strings.NewReader(text), "")
		if len(words) == 0 {
			if err != nil || len(f.Stmts) != 0 {
				t.Fatalf("%q: no words, but the parser found statements (err %v)", text, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: plain words %q, but the parser fails: %v", text, words, err)
		}
		if len(f.Stmts) != 1 || len(f.Stmts[0].Redirs) != 0 || f.Stmts[0].Negated || f.Stmts[0].Background {
			t.Fatalf("%q: plain words, but the parse is not one simple statement", text)
		}
		call, isCall := f.Stmts[0].Cmd.(*syntax.CallExpr)
		if !isCall || len(call.Assigns) != 0 || len(call.Args) != len(words) {
			t.Fatalf("%q: plain words %q, but the parse is %#v", text, words, f.Stmts[0].Cmd)
		}
		for i, w := range call.Args {
			if len(w.Parts) != 1 || w.Lit() != words[i] {
				t.Fatalf("%q: word %d is %q, the parser has %#v", text, i, words[i], w.Parts)
			}
		}
		var fast, slow evidence
		judgeArgs(callArgs{plain: words}, nil, text, &fast)
		ok = parseEvidence(text, &slow)
		fast.count()
		slow.count()
		if !ok || !reflect.DeepEqual(fast, slow) {
			t.Fatalf("%q: evidence differs:\nfast %+v\nslow %+v", text, fast, slow)
		}
	}
	if accepted < 1000 {
		t.Fatalf("only %d texts took the fast path", accepted)
	}
	t.Logf("%d texts took the plain-words path", accepted)
}

// TestJudgeCommandFastPath compares judgeCommand with and without the
// plain-words fast path on the same texts.
func TestJudgeCommandFastPath(t *testing.T) {
	for _, text := range plainTexts(t) {
		var buf [maxPlainWords]string
		if _, ok := plainWords(text, &buf); !ok {
			continue // the same code path either way
		}
		for _, mode := range [][2]bool{{false, false}, {true, false}, {false, true}} {
			if got, want := judgeCommand(text, mode[0], mode[1]), judgeCommandParsed(text, mode[0], mode[1]); got != want {
				t.Fatalf("judgeCommand(%q, %v, %v) = %v, the parser says %v", text, mode[0], mode[1], got, want)
			}
		}
	}
}

// judgeCommandParsed is judgeCommand without the plain-words fast path.
func judgeCommandParsed(text string, prompt, inline bool) bool {
	if len(text) > maxCommandLine {
		return false
	}
	var ev evidence
	if !parseEvidence(text, &ev) {
		return false
	}
	return decideCommand(&ev, prompt, inline)
}

// jsonStrings returns the string values of a JSON or JSON Lines text, one
// per line (values that hold line breaks keep them).
func jsonStrings(text string) string {
	var b strings.Builder
	dec := json.NewDecoder(strings.NewReader(text))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if s, ok := tok.(string); ok {
			b.WriteString(s)
			b.WriteByte('\n')
		}
	}
	return b.String()
}
