package langid

import (
	"cmp"
	"errors"
	"math"
	"slices"
	"strings"
	"unicode"
)

// Corpus is the running text of one language to learn from: one sentence
// a string.
type Corpus struct {
	Lang      string // ISO 639-1
	Sentences []string
}

// TrainOptions controls training; the zero value uses the defaults.
type TrainOptions struct {
	Vocabulary int // most frequent words kept per language (default 2500)
}

// scale turns nats into the model's cost units.
const scale = 10

func costOf(p float64) byte {
	c := math.Round(-math.Log(p) * scale)
	return byte(min(max(c, 0), 254))
}

// Words returns the natural words of a sentence, lower-cased, as the
// detector reads them.
func Words(s string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(s, unicode.IsSpace) {
		a, b := trimPunct(f, 0, len(f))
		if w := f[a:b]; f[0] != '-' && isLatinWord(w) && naturalWord(w) {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

// Train learns a model from corpora of Latin-script languages.
func Train(corpora []Corpus, opt TrainOptions) (*Model, error) {
	if opt.Vocabulary == 0 {
		opt.Vocabulary = 2500
	}
	if len(corpora) == 0 || len(corpora) > maxLangs {
		return nil, errors.New("langid: need between 1 and 48 languages")
	}
	nl := len(corpora)
	m := &Model{unknown: make([]byte, nl), noAffix: make([]byte, nl)}
	type stats struct {
		counts   map[string]int
		total    int
		vocab    map[string]bool
		oovShare float64
		affix    map[string]int // over words outside the vocabulary
		affixN   int
	}
	st := make([]stats, nl)
	for l, c := range corpora {
		if !slices.Contains(allCodes, c.Lang) {
			return nil, errors.New("langid: unknown language " + c.Lang)
		}
		m.langs = append(m.langs, c.Lang)
		s := &st[l]
		s.counts = map[string]int{}
		for _, sent := range c.Sentences {
			for _, w := range Words(sent) {
				s.counts[w]++
				s.total++
			}
		}
		if s.total == 0 {
			return nil, errors.New("langid: no words for " + c.Lang)
		}
		words := make([]string, 0, len(s.counts))
		for w, n := range s.counts {
			if n >= 2 {
				words = append(words, w)
			}
		}
		slices.SortFunc(words, func(a, b string) int { return cmp.Or(cmp.Compare(s.counts[b], s.counts[a]), strings.Compare(a, b)) })
		if len(words) > opt.Vocabulary {
			words = words[:opt.Vocabulary]
		}
		s.vocab = map[string]bool{}
		inVocab := 0
		for _, w := range words {
			s.vocab[w] = true
			inVocab += s.counts[w]
		}
		s.oovShare = math.Max(float64(s.total-inVocab), 1) / float64(s.total)
		s.affix = map[string]int{}
		for w, n := range s.counts {
			if s.vocab[w] {
				continue
			}
			f, l3 := affixes(w)
			s.affix[f] += n
			s.affixN += n
			if l3 != "" {
				s.affix[l3] += n
				s.affixN += n
			}
		}
		m.unknown[l] = costOf(s.oovShare)
		m.noAffix[l] = costOf(0.5 / float64(s.affixN+len(s.affix)+1))
	}
	affixCost := func(l int, a string) byte {
		s := &st[l]
		if n, ok := s.affix[a]; ok {
			return costOf((float64(n) + 0.5) / (float64(s.affixN) + 0.5*float64(len(s.affix)) + 1))
		}
		return m.noAffix[l]
	}
	// Words: every vocabulary word of every language, with its cost in
	// each; a language without the word pays for an unknown word and its
	// affixes, as at detection time.
	union := map[string]bool{}
	for l := range st {
		for w := range st[l].vocab {
			union[w] = true
		}
	}
	words := map[uint64][]byte{}
	for w := range union {
		row := make([]byte, nl)
		f, l3 := affixes(w)
		for l := range st {
			s := &st[l]
			if s.vocab[w] {
				row[l] = costOf((float64(s.counts[w]) + 0.5) / (float64(s.total) + 0.5*float64(len(s.vocab))))
				continue
			}
			c := int(m.unknown[l]) + int(affixCost(l, f))
			if l3 != "" {
				c += int(affixCost(l, l3))
			}
			row[l] = byte(min(c, 254))
		}
		words[hashLower(w)] = row
	}
	// Affixes seen at least twice in some language.
	affixSet := map[string]bool{}
	for l := range st {
		for a, n := range st[l].affix {
			if n >= 2 {
				affixSet[a] = true
			}
		}
	}
	affixRows := map[uint64][]byte{}
	for a := range affixSet {
		row := make([]byte, nl)
		for l := range st {
			if _, ok := st[l].affix[a]; ok {
				row[l] = affixCost(l, a)
			} else {
				row[l] = absentCost
			}
		}
		affixRows[hashLower(a)|1] = row
	}
	m.words = newTable(words, nl)
	m.affixes = newTable(affixRows, nl)
	m.setBits()
	return m, nil
}

// affixes returns the marked first and last three letters of a word, as
// affixHashes hashes them; a word of three letters or fewer is its own
// affix and last is empty.
func affixes(w string) (first, last string) {
	r := []rune(w)
	if len(r) < 4 {
		return "^" + w + "$", ""
	}
	return "^" + string(r[:3]), string(r[len(r)-3:]) + "$"
}
