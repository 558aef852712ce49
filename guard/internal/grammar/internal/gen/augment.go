package main

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wardline/wardline/guard/internal/grammar"
	"github.com/wardline/wardline/guard/internal/grammar/internal/ud"
)

// Imperatives are rare in the treebank as distributed here: the sentences
// of the ewt benchmark (most of EWT's imperatives among them) were removed
// so that the benchmark stays unseen. A tagger and parser trained on the
// rest learn that a sentence never opens with a base-form verb. augment
// restores the construction from the treebank's own trees: a base-form
// verb clause with its subject and modal removed ("you should check the
// logs" → "check the logs"), and an infinitival clause without its "to"
// ("... wants to restart the server" → "restart the server"), each as a
// sentence of its own whose root is that verb. No sentence is written by
// hand and no benchmark sentence is used.
//
// The opposite construction is rare too: a statement that opens with a
// bare noun, often one that can also be a verb ("Build failures started
// after the upgrade"), which technical prose writes all the time and the
// treebank's web text seldom does. augment adds it by dropping the
// article of a sentence-initial subject ("The build failures started ..."
// → "Build failures started ...").
func augment(sents []ud.Sentence) []grammar.Example {
	out := bareSubjects(sents)
	n := 0
	for _, s := range sents {
		kids := make([][]int, len(s.Words)+1)
		for i, w := range s.Words {
			kids[w.Head] = append(kids[w.Head], i+1)
		}
		for v := 1; v <= len(s.Words); v++ {
			w := s.Words[v-1]
			if w.XPOS != "VB" || w.UPOS != "VERB" {
				continue
			}
			a, b, ok := span(kids, v)
			if !ok {
				continue
			}
			start := -1
			switch {
			case v-1 >= 1 && strings.EqualFold(s.Words[v-2].Form, "to") && s.Words[v-2].Head == v && a == v-1:
				start = v // infinitive: drop "to"
			case onlySubjectAndModal(s.Words, kids, v, a):
				start = v // drop "you should"
			}
			if start < 0 || b-start < 1 {
				continue
			}
			// Trailing punctuation of the span is dropped; a full stop is added.
			for b > start && s.Words[b-1].UPOS == "PUNCT" {
				b--
			}
			ex := sub(s.Words, start, b, v)
			if len(ex.Words) < 2 || len(ex.Words) > 30 {
				continue
			}
			n++
			if n%2 == 0 {
				ex.Words[0] = capitalise(ex.Words[0])
			}
			if n%5 == 0 {
				ex = prepend(ex, "Please", "UH", "INTJ", "discourse")
			}
			out = append(out, ex)
		}
	}
	return out
}

// span returns the first and last 1-based index of v's subtree and
// whether the subtree is contiguous.
func span(kids [][]int, v int) (a, b int, ok bool) {
	var nodes []int
	var walk func(int)
	walk = func(x int) {
		nodes = append(nodes, x)
		for _, k := range kids[x] {
			walk(k)
		}
	}
	walk(v)
	a, b = v, v
	for _, x := range nodes {
		a, b = min(a, x), max(b, x)
	}
	return a, b, b-a+1 == len(nodes)
}

// onlySubjectAndModal reports whether the tokens of v's subtree before v
// are exactly a pronoun subject and modal auxiliaries ("you should", "we
// can", "I will").
func onlySubjectAndModal(ws []ud.Word, kids [][]int, v, a int) bool {
	if a >= v {
		return false
	}
	sawSubj, sawModal := false, false
	for i := a; i < v; i++ {
		w := ws[i-1]
		switch {
		case w.Head == v && w.Deprel == "nsubj" && w.UPOS == "PRON" && len(kids[i]) == 0:
			sawSubj = true
		case w.Head == v && w.Deprel == "aux" && w.XPOS == "MD":
			sawModal = true
		default:
			return false
		}
	}
	return sawSubj && sawModal
}

// sub returns words [start, end] (1-based, inclusive) as an example whose
// root is v and which ends in a full stop.
func sub(ws []ud.Word, start, end, v int) grammar.Example {
	ex := grammar.Example{Derived: true}
	for i := start; i <= end; i++ {
		w := ws[i-1]
		head, rel := w.Head-start+1, w.Deprel
		if i == v {
			head, rel = 0, "root"
		} else if w.Head < start || w.Head > end {
			head, rel = v-start+1, "dep"
		}
		ex.Words = append(ex.Words, w.Form)
		ex.UPOS = append(ex.UPOS, w.UPOS)
		ex.XPOS = append(ex.XPOS, w.XPOS)
		ex.Heads = append(ex.Heads, head)
		ex.Rels = append(ex.Rels, rel)
	}
	ex.Words = append(ex.Words, ".")
	ex.UPOS = append(ex.UPOS, "PUNCT")
	ex.XPOS = append(ex.XPOS, ".")
	ex.Heads = append(ex.Heads, v-start+1)
	ex.Rels = append(ex.Rels, "punct")
	return ex
}

// prepend puts a word that depends on the root before the example.
func prepend(ex grammar.Example, word, xpos, upos, rel string) grammar.Example {
	root := 0
	for i, h := range ex.Heads {
		if h == 0 {
			root = i + 2
		}
	}
	out := grammar.Example{Derived: true, Words: []string{word}, UPOS: []string{upos}, XPOS: []string{xpos}, Heads: []int{root}, Rels: []string{rel}}
	for i := range ex.Words {
		h := ex.Heads[i]
		if h > 0 {
			h++
		}
		out.Words = append(out.Words, ex.Words[i])
		out.UPOS = append(out.UPOS, ex.UPOS[i])
		out.XPOS = append(out.XPOS, ex.XPOS[i])
		out.Heads = append(out.Heads, h)
		out.Rels = append(out.Rels, ex.Rels[i])
	}
	if len(out.Words) > 1 {
		out.Words[1] = strings.ToLower(out.Words[1][:1]) + out.Words[1][1:]
	}
	return out
}

func capitalise(w string) string {
	r, n := utf8.DecodeRuneInString(w)
	return string(unicode.ToUpper(r)) + w[n:]
}

// bareSubjects returns, for every sentence that opens with an article
// whose noun belongs to the subject of the sentence's root, the sentence
// without that article.
func bareSubjects(sents []ud.Sentence) []grammar.Example {
	var out []grammar.Example
	for _, s := range sents {
		if len(s.Words) < 4 {
			continue
		}
		det := s.Words[0]
		if det.Deprel != "det" || !(strings.EqualFold(det.Form, "the") || strings.EqualFold(det.Form, "a") || strings.EqualFold(det.Form, "an")) {
			continue
		}
		// The article's noun must be, or lie inside, a subject of the root.
		x, inSubj := det.Head, false
		for steps := 0; x > 0 && steps < len(s.Words); steps++ {
			w := s.Words[x-1]
			if w.Deprel == "nsubj" || w.Deprel == "nsubj:pass" {
				inSubj = s.Words[w.Head-1].Deprel == "root"
				break
			}
			x = w.Head
		}
		if !inSubj {
			continue
		}
		ex := grammar.Example{Derived: true}
		for i, w := range s.Words[1:] {
			head := w.Head
			if head > 1 {
				head--
			} else if head == 1 {
				head = 0 // cannot happen: nothing depends on the article
			}
			form := w.Form
			if i == 0 {
				form = capitalise(form)
			}
			ex.Words = append(ex.Words, form)
			ex.UPOS = append(ex.UPOS, w.UPOS)
			ex.XPOS = append(ex.XPOS, w.XPOS)
			ex.Heads = append(ex.Heads, head)
			ex.Rels = append(ex.Rels, w.Deprel)
		}
		out = append(out, ex)
	}
	return out
}
