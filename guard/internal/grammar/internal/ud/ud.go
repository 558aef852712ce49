// Package ud reads Universal Dependencies treebanks in CoNLL-U format.
//
// It keeps what the grammar package learns from: each sentence's text and
// its syntactic words with their form, lemma, universal and language-specific
// part of speech, morphological features, head and relation. Multiword
// token lines ("1-2 don't") and empty nodes ("8.1") are skipped: the words
// they stand for are listed on their own lines.
package ud

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Word is one syntactic word of a sentence.
type Word struct {
	Form   string
	Lemma  string
	UPOS   string
	XPOS   string
	Feats  string // "Mood=Imp|VerbForm=Fin" or "_"
	Head   int    // 0 for the root, else the 1-based index of the head
	Deprel string
	// SpaceAfter is false when the MISC column says SpaceAfter=No.
	SpaceAfter bool
}

// HasFeat reports whether w carries the feature, e.g. "Mood=Imp".
func (w Word) HasFeat(f string) bool {
	for _, x := range strings.Split(w.Feats, "|") {
		if x == f {
			return true
		}
	}
	return false
}

// Sentence is one sentence of a treebank.
type Sentence struct {
	ID    string
	Text  string
	Words []Word
}

// Read decodes every sentence of r.
func Read(r io.Reader) ([]Sentence, error) {
	var out []Sentence
	var cur Sentence
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	n := 0
	flush := func() {
		if len(cur.Words) > 0 {
			out = append(out, cur)
		}
		cur = Sentence{}
	}
	for sc.Scan() {
		n++
		line := sc.Text()
		switch {
		case line == "":
			flush()
			continue
		case strings.HasPrefix(line, "# sent_id = "):
			cur.ID = strings.TrimPrefix(line, "# sent_id = ")
			continue
		case strings.HasPrefix(line, "# text = "):
			cur.Text = strings.TrimPrefix(line, "# text = ")
			continue
		case strings.HasPrefix(line, "#"):
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 10 {
			return nil, fmt.Errorf("ud: line %d: %d columns, want 10", n, len(cols))
		}
		if strings.ContainsAny(cols[0], "-.") {
			continue // multiword token or empty node
		}
		head, err := strconv.Atoi(cols[6])
		if err != nil {
			return nil, fmt.Errorf("ud: line %d: head %q: %w", n, cols[6], err)
		}
		cur.Words = append(cur.Words, Word{
			Form: cols[1], Lemma: cols[2], UPOS: cols[3], XPOS: cols[4], Feats: cols[5],
			Head: head, Deprel: cols[7], SpaceAfter: !strings.Contains(cols[9], "SpaceAfter=No"),
		})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	flush()
	return out, nil
}

// ReadFile decodes a CoNLL-U file.
func ReadFile(path string) ([]Sentence, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f)
}
