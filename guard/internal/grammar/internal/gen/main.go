// Command gen trains the grammar package's tagger and parser on the
// Universal Dependencies English Web Treebank and writes model.bin.
//
// Usage, from guard/internal/grammar (go generate runs it):
//
//	go run ./internal/gen -treebank ../../../../shared/treebank/ud-english-ewt -o model.bin
//
// The treebank (UD English EWT, CC BY-SA 4.0) is not part of the
// repository; CI and developers have it at ../shared/treebank beside the
// clone. Only the train split is learnt from; dev and test are for
// measuring (grammar's accuracy tests).
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/wardline/wardline/guard/internal/grammar"
	"github.com/wardline/wardline/guard/internal/grammar/internal/ud"
)

func main() {
	wn := flag.String("wordnet", filepath.Join("..", "lexicon", "data"), "guard's WordNet lexicon directory (written by guard/internal/lexicon/gen_lexicon.go)")
	tb := flag.String("treebank", filepath.Join("..", "..", "..", "..", "shared", "treebank", "ud-english-ewt"), "folder holding en_ewt-train.conllu")
	out := flag.String("o", "model.bin", "output file")
	prune := flag.Float64("prune", 0.005, "drop weights below this share of the largest")
	flag.Parse()
	sents, err := ud.ReadFile(filepath.Join(*tb, "en_ewt-train.conllu"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	sents = joinHyphens(sents)
	examples := Examples(sents)
	aug := augment(sents)
	fmt.Fprintf(os.Stderr, "%d treebank sentences, %d sentences derived from them\n", len(examples), len(aug))
	tech := technical(append(examples, aug...), rand.New(rand.NewPCG(7, 7)))
	fmt.Fprintf(os.Stderr, "%d copies with technical identifiers\n", len(tech))
	examples = append(examples, aug...)
	examples = append(examples, tech...)
	verbs, err := readVerbs(*wn)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	m, err := grammar.Train(examples, grammar.TrainOptions{
		Verbs: verbs,
		Prune: *prune,
		Seed:  1,
		Logf:  func(f string, a ...any) { fmt.Fprintf(os.Stderr, f+"\n", a...) },
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	b, err := m.MarshalBinary()
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "wrote %s (%d bytes)\n", *out, len(b))
}

// Examples converts treebank sentences to training examples.
func Examples(sents []ud.Sentence) []grammar.Example {
	out := make([]grammar.Example, 0, len(sents))
	for _, s := range sents {
		ex := grammar.Example{}
		for _, w := range s.Words {
			ex.Words = append(ex.Words, w.Form)
			ex.UPOS = append(ex.UPOS, w.UPOS)
			ex.XPOS = append(ex.XPOS, w.XPOS)
			ex.Heads = append(ex.Heads, w.Head)
			ex.Rels = append(ex.Rels, w.Deprel)
		}
		out = append(out, ex)
	}
	return out
}

// readVerbs reads guard's WordNet lexicon (guard/internal/lexicon/data,
// written by guard/internal/lexicon/gen_lexicon.go): the verb lemmas of verbs.txt, lines "lemma flags
// verbTag nounTag", where flags holds n or a when the lemma is also a noun
// or an adjective and the tags count how often WordNet's sense-tagged
// corpus saw each reading; and the irregular forms of irregular.txt,
// lines "form lemma".
func readVerbs(dir string) (map[string]uint8, error) {
	b, err := os.ReadFile(filepath.Join(dir, "verbs.txt"))
	if err != nil {
		return nil, err
	}
	out := map[string]uint8{}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) != 4 {
			continue
		}
		vt, _ := strconv.Atoi(f[2])
		nt, _ := strconv.Atoi(f[3])
		var v uint8
		switch {
		case f[1] == "-":
			v = 1
		case vt > nt:
			v = 2
		default:
			v = 3
		}
		if vt >= 8 && vt > 2*nt {
			v |= 4 // mostly a verb (grammar's wnMostlyVerb)
		}
		out[f[0]] = v
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no verb lemmas found", dir)
	}
	irr, err := os.ReadFile(filepath.Join(dir, "irregular.txt"))
	if err != nil {
		return nil, err
	}
	for _, line := range strings.Split(string(irr), "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && f[0] != f[1] && !strings.HasSuffix(f[0], "s") && !strings.HasSuffix(f[0], "ing") {
			out[f[0]] |= 8 // an irregular past or participle (grammar's wnIrregular)
		}
	}
	return out, nil
}
