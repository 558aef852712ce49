// Command gen trains the language identifier of package langid and writes
// model.bin, and a held-out sample of sentences for its tests.
//
// Usage, from guard/internal/langid:
//
//	go run -tags langidgen ./internal/gen -data DIR -o model.bin -heldout testdata/heldout.jsonl
//
// DIR holds one file per language, <code>.txt, one sentence a line: the
// "# text =" lines of the Universal Dependencies treebanks listed in
// SOURCES.md (fetch a treebank from github.com/UniversalDependencies and
// run: grep -h '^# text = ' *.conllu | cut -c10- > DIR/<code>.txt). Every
// tenth sentence is held out: never learnt from, and sampled into the
// tests' held-out file.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/wardline/wardline/guard/internal/langid"
)

// langs are the Latin-script languages the model tells apart.
var langs = []string{"en", "es", "de", "fr", "it", "pt", "nl", "pl", "tr", "id", "sv", "ro", "cs", "sk", "da", "no", "fi", "hr", "lv", "vi"}

func main() {
	data := flag.String("data", "", "folder of <code>.txt files, one sentence a line")
	out := flag.String("o", "model.bin", "model output")
	held := flag.String("heldout", "testdata/heldout.jsonl", "held-out sample output")
	perLang := flag.Int("sample", 40, "held-out sentences per language written to -heldout")
	flag.Parse()
	if err := run(*data, *out, *held, *perLang); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(data, out, held string, perLang int) error {
	var corpora []langid.Corpus
	hf, err := os.Create(held)
	if err != nil {
		return err
	}
	defer hf.Close()
	enc := json.NewEncoder(hf)
	enc.SetEscapeHTML(false)
	for _, l := range langs {
		sents, err := readLines(filepath.Join(data, l+".txt"))
		if err != nil {
			return err
		}
		var train []string
		written := 0
		for i, s := range sents {
			if i%10 == 9 {
				if written < perLang && len(langid.Words(s)) >= 6 {
					if err := enc.Encode(map[string]string{"lang": l, "text": s}); err != nil {
						return err
					}
					written++
				}
				continue
			}
			train = append(train, s)
		}
		fmt.Fprintf(os.Stderr, "%s: %d sentences, %d learnt from\n", l, len(sents), len(train))
		corpora = append(corpora, langid.Corpus{Lang: l, Sentences: train})
	}
	m, err := langid.Train(corpora, langid.TrainOptions{})
	if err != nil {
		return err
	}
	b, err := m.MarshalBinary()
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "wrote %s (%d bytes)\n", out, len(b))
	return os.WriteFile(out, b, 0o644)
}

func readLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		if s := strings.TrimSpace(sc.Text()); s != "" {
			out = append(out, s)
		}
	}
	return out, sc.Err()
}
