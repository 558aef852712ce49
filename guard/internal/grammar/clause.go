package grammar

import (
	"bytes"
	"encoding/binary"
	"strings"
)

// Mood is the kind of a clause, decided from its structure.
type Mood uint8

// The moods.
const (
	// NoMood: a fragment without a verb, or a dependent clause.
	NoMood Mood = iota
	// Imperative: a base-form verb opens the clause and nothing before it
	// is its subject ("Delete the cache", "Please run the tests", "If it
	// fails, delete the cache", "Don't merge yet").
	Imperative
	// Declarative: the clause's verb has a subject before it ("Build
	// artifacts are stored in dist/", "Drop rates stayed low").
	Declarative
	// Interrogative: the clause opens with an auxiliary or modal and its
	// subject follows ("Can you confirm which version runs?"), or the
	// sentence ends with a question mark.
	Interrogative
)

func (m Mood) String() string {
	switch m {
	case Imperative:
		return "imperative"
	case Declarative:
		return "declarative"
	case Interrogative:
		return "interrogative"
	}
	return "none"
}

// Link is how a clause attaches to what comes before it.
type Link uint8

// The links.
const (
	// Main: the clause opens the sentence, or follows punctuation.
	Main Link = iota
	// Coordinate: the clause follows a coordinating conjunction ("and
	// restore it"); without a subject of its own it shares the previous
	// clause's.
	Coordinate
	// Subordinate: the clause opens with a subordinating conjunction, a
	// relative or wh-word, or an infinitive marker ("if it fails", "that
	// have crashed", "to fix the test"). It is never an imperative.
	Subordinate
)

// Clause is one clause of a tagged sentence. Indices are token positions;
// -1 means none.
type Clause struct {
	Start, End int  // the clause's tokens are [Start, End)
	Link       Link // how it attaches to the clause before it
	// Opener is the first token that is not an interjection, adverb,
	// conjunction, list marker, subordinator or punctuation: the word an
	// imperative opens with.
	Opener int
	// Verb is the first verb or modal of the clause.
	Verb int
	// Subject is the last noun or pronoun before Verb that can be its
	// subject; for a question, the first one after an opening auxiliary.
	Subject int
	Mood    Mood
	// fragment: the clause has no verb and is read as an imperative of
	// its opener.
	fragment bool
}

// tokenKind is what clause analysis needs to know of one tagged token.
type tokenKind struct {
	xpos, upos string
	canFinite  bool // the word can be a finite verb: the treebank saw it as one or as a base form, or it is a verb's -s or -ed form
	lexFinite  bool // the treebank saw the word itself as a finite verb
	canBase    bool // the treebank or WordNet saw the word as a base-form verb
	bareComp   bool // the word takes a clausal complement without "that"
	aux        bool // the treebank saw the word as an auxiliary
}

// Sentence is the analysis of one sentence: its tokens, their text, their
// tags and its clauses. Reuse a Sentence across calls: its slices are
// kept and grown, so that analysing allocates little once they are large
// enough. A Sentence must not be used by two goroutines at once.
type Sentence struct {
	Tokens  []Token  // offsets into the text given to Analyze
	Words   []string // the tokens' text
	Tags    []Tag
	Clauses []Clause

	kinds   []tokenKind
	tagging []string
	beam    [][]Tag
	alt     []Clause
	// words' lexical facts, which do not depend on the tagging: computed
	// once per sentence (lexDone), read by every tagging's clauses.
	lex     []wordLex
	lexDone bool
	// last is the tagging of the words last tagged into s, which the next
	// analysis reuses when it tags the same words.
	last lastTagging
}

// lastTagging remembers the words a Sentence last tagged and their
// taggings: a detector often analyses a sentence twice, as written and
// normalised, and the two differ at most in case, which the tagger reads
// only where taggingWords leaves it, so both often tag the same words.
// The taggings are functions of the model and the words alone.
type lastTagging struct {
	m      *Model
	key    []byte // the words, each as its length (uvarint) and bytes
	next   []byte // scratch for the key of the words being tagged
	greedy []Tag  // the greedy tagging
	beamOK bool   // Sentence.beam holds the beam's taggings of the words
	lexOK  bool   // Sentence.lex holds the words' lexical facts
}

// same reports whether words are the words last tagged by m, and makes
// them the words last tagged.
func (l *lastTagging) same(m *Model, words []string) bool {
	l.next = l.next[:0]
	for _, w := range words {
		l.next = binary.AppendUvarint(l.next, uint64(len(w)))
		l.next = append(l.next, w...)
	}
	if l.m == m && bytes.Equal(l.key, l.next) {
		return true
	}
	l.m, l.beamOK, l.lexOK = m, false, false
	l.key, l.next = l.next, l.key
	return false
}

// wordLex is what clause analysis needs to know of one word whatever its
// tag: the parts of tokenKind that come from the lexicon and the word's
// form.
type wordLex struct {
	canBase, lexFinite, inflected, bareComp, aux bool
}

func (s *Sentence) reset() {
	clear(s.Words) // drop references into the previous text
	s.Tokens, s.Words, s.Tags, s.Clauses = s.Tokens[:0], s.Words[:0], s.Tags[:0], s.Clauses[:0]
	s.lexDone = false
}

// wordLexes fills s.lex for s.Words, once per sentence. What it says of
// a word does not depend on the case of its ASCII letters: the lexicon is
// read lower-cased, and so are the words the verb forms are read from.
func (m *Model) wordLexes(s *Sentence) []wordLex {
	if s.lexDone && len(s.lex) == len(s.Words) {
		return s.lex
	}
	if cap(s.lex) < len(s.Words) {
		s.lex = make([]wordLex, len(s.Words))
	}
	s.lex = s.lex[:len(s.Words)]
	for i, w := range s.Words {
		s.lex[i] = m.wordLex(w, m.lex.entry(hashLower(w)))
	}
	s.lexDone = true
	return s.lex
}

// wordLex returns the lexical facts of word w, whose lexicon entry is e.
func (m *Model) wordLex(w string, e lexEntry) wordLex {
	c := e.class()
	return wordLex{
		canBase:   int(c) < len(m.vbClass) && m.vbClass[c] || e.wordnet() != wnNone || m.prefixedVerb(w),
		lexFinite: int(c) < len(m.finite) && m.finite[c],
		inflected: m.inflectedVerb(w),
		bareComp:  e.bareComp(),
		aux:       e.aux(),
	}
}

// Analyze cuts text into tokens ([Tokenize]) and analyses them as one
// sentence into s: tags, then clauses and their moods. text should hold
// one sentence; a longer text is analysed as one long sentence. It is
// safe for concurrent use with other Sentences; its cost is linear in
// len(text).
func (m *Model) Analyze(text string, s *Sentence) {
	s.reset()
	s.Tokens = Tokenize(text, s.Tokens)
	for _, t := range s.Tokens {
		s.Words = append(s.Words, t.Text(text))
	}
	m.analyze(s)
}

// AnalyzeWords analyses words, already cut as [Tokenize] cuts them, as one
// sentence into s. s.Tokens is left empty.
func (m *Model) AnalyzeWords(words []string, s *Sentence) {
	s.reset()
	s.Words = append(s.Words, words...)
	m.analyze(s)
}

// analyze tags s.Words and splits them into clauses. When the greedy
// tagging leaves a main clause without a verb, the sentence is tagged
// again with a beam (beam.go) and the best tagging whose main clauses all
// have a verb is used; when there is none, the greedy one stays.
func (m *Model) analyze(s *Sentence) {
	tw := s.taggingWords()
	// The greedy pass and the beam share the words' votes (tag.go); the
	// words are read only when neither tagging is remembered.
	var st *tagState
	defer func() { putTagState(st) }()
	if s.last.same(m, tw) {
		s.Tags = append(s.Tags, s.last.greedy...)
		// The words are the last ones but for the case of those
		// taggingWords lower-cases, which their lexical facts do not
		// read (see wordLexes): s.lex holds them.
		s.lexDone = s.last.lexOK
	} else {
		st = m.tagStateFor(tw)
		s.Tags = m.tagGreedy(st, s.Tags)
		s.last.greedy = append(s.last.greedy[:0], s.Tags...)
		// The tagging words' lexical facts, from the word cache, are
		// those of the words (see wordLexes).
		s.lex, s.lexDone = st.wordLexes(m, s.lex[:0]), true
	}
	s.Clauses = m.clauses(s, s.Tags, s.Clauses)
	s.last.lexOK = s.lexDone && len(s.lex) == len(s.Words)
	if wellFormed(s.Clauses) {
		return
	}
	if !s.last.beamOK {
		if st == nil {
			st = m.tagStateFor(tw)
		}
		s.beam = m.beamTags(st, s.beam[:0])
		s.last.beamOK = true
	}
	for _, tags := range s.beam {
		if sameTags(tags, s.Tags) {
			continue // the greedy tagging, not well formed
		}
		s.alt = m.clauses(s, tags, s.alt[:0])
		if wellFormed(s.alt) {
			s.Tags = append(s.Tags[:0], tags...)
			s.Clauses = append(s.Clauses[:0], s.alt...)
			return
		}
	}
}

// Clauses splits a tagged sentence into clauses and decides each one's
// mood from its structure; it appends them to dst. words and tags are a
// sentence as [Tokenize] cut it and [Model.TagWords] tagged it. Most
// callers want [Model.Analyze], which also repairs a tagging that leaves
// the sentence without a verb.
//
// The rules, in the vocabulary of the treebank's tags:
//
//   - A clause ends at punctuation that separates clauses (, ; : ( ) and
//     dashes), and a new one begins at a subordinating conjunction, a
//     relative or wh-word, an infinitive "to", and a coordinating
//     conjunction followed by a verb or a new subject.
//   - A main clause whose opener is a base-form verb, or "do not" before
//     one, is an imperative, unless a later verb in the same clause would
//     be left without a subject: in "Drop rates on the queue stayed low"
//     the opener is followed by a bare noun and "stayed" needs a subject,
//     so "Drop rates on the queue" is its subject and the clause is a
//     statement. A verb that takes a bare clausal complement ("make sure
//     the file is saved") licenses that later verb, and a determiner,
//     pronoun or particle right after the opener ("Select the rows you
//     want", "Back up the database") shows the opener is a verb.
//   - A main clause with no verb at all that opens the sentence with a word
//     that can be a base-form verb and goes on into a noun phrase ("List
//     services that have crashed") is read as an imperative: a clause
//     needs a verb, and the opener is the only candidate.
//   - After a clause with a verb of its own, a verb-first stretch is an
//     imperative only when its verb takes an object or particle at once
//     ("..., so delete it."); otherwise it is a participle or an
//     apposition ("..., set in config.py, ...").
//   - A coordinated clause without its own subject shares the mood of the
//     clause before it ("they are cheap and get the work done" is a
//     statement; "lock the screen and disable the indicator" a command).
//   - A clause whose verb has a noun or pronoun before it is declarative;
//     one that opens with an auxiliary or modal followed by its subject, or
//     ends a sentence with "?", is interrogative.
//   - "please" right before a verb makes an imperative wherever it stands.
func (m *Model) Clauses(words []string, tags []Tag, dst []Clause) []Clause {
	s := Sentence{Words: words}
	return m.clauses(&s, tags, dst)
}

func (m *Model) clauses(s *Sentence, tags []Tag, dst []Clause) []Clause {
	words := s.Words
	n := min(len(words), len(tags))
	if n == 0 {
		return dst
	}
	if cap(s.kinds) < n {
		s.kinds = make([]tokenKind, n)
	}
	kinds := s.kinds[:n]
	lex := m.wordLexes(s)
	for i := 0; i < n; i++ {
		k, l := &kinds[i], &lex[i]
		k.xpos, k.upos = m.XPOS(tags[i]), m.UPOS(tags[i])
		k.canBase = l.canBase
		// A base-form verb is also a present-tense one ("they exclude"),
		// and a verb's -s and -ed forms are finite ("rises", "dropped").
		k.lexFinite = l.lexFinite
		k.canFinite = k.lexFinite || k.canBase || isFiniteTag(k.xpos) || l.inflected
		k.bareComp = l.bareComp
		k.aux = l.aux || k.upos == "AUX"
	}
	question := words[n-1] == "?"
	first := len(dst)
	// What the clauses so far allow, kept as the sentence is read so that
	// the analysis stays linear: whether every one of them can introduce an
	// imperative (each is subordinate, verbless or an imperative), and
	// whether one is a main clause without a verb (a dangling subject).
	introduces, dangling := true, false
	start, link := 0, Main
	for i := 0; i <= n; i++ {
		next, nextLink, cut := i, Main, i == n
		if !cut {
			switch {
			case clauseBoundary(words[i]):
				cut, next, nextLink = true, i+1, Main
			case i > start && opensSubordinate(kinds, i):
				cut, nextLink = true, Subordinate
			case i > start && kinds[i].xpos == "CC" && i+1 < n && opensCoordinate(kinds[i+1]):
				cut, nextLink = true, Coordinate
			}
		}
		if !cut {
			continue
		}
		if i > start {
			if opensSubordinate(kinds, start) {
				link = Subordinate
			} else if link == Main && kinds[start].xpos == "CC" && len(dst) > first {
				link = Coordinate // ", and love the fact ..."
			}
			c := analyse(kinds, words, start, i, link, question)
			later := len(dst) > first
			if c.Mood == NoMood && c.Link == Main && later && introduces && c.Opener >= 0 && c.Verb == c.Opener &&
				c.Subject < 0 && kinds[c.Opener].xpos == "VBP" && kinds[c.Opener].canBase {
				// A present-tense verb needs a subject; with none before it
				// and only adverbials or subordinate clauses ahead, the
				// tagger's VBP is a base form: "In your reply, recommend
				// that ...". (Not at the start of a text, which may go on
				// from a sentence cut before it: "... and we\nwant to".)
				c.Mood = Imperative
			}
			if c.Mood == Imperative && c.Link == Main && later && !introduces {
				// After a clause with a verb of its own, a verb-first
				// stretch is a participle or an apposition ("..., set in
				// config.py,"), unless its verb takes an object or particle
				// at once ("..., so delete it and rebuild").
				if c.fragment || !takesObjectAtOnce(kinds, c.Opener, c.End) {
					c.Mood, c.fragment = NoMood, false
				}
			}
			if c.Mood == Imperative && c.Link == Main && dangling {
				// "Other workflows in the repository, such as docs.yml,
				// declare their permissions": an earlier clause without a
				// verb is this verb's subject.
				c.Mood, c.fragment = Declarative, false
			}
			if c.Mood == Imperative && later && question {
				// In a question only the opening clause can command.
				c.Mood, c.fragment = NoMood, false
			}
			if c.fragment && later && !(introduces && leadIn(dst[first:])) {
				// Only a sentence's first clause is read as a verbless
				// imperative; later ones are list items and appositions.
				// (After an adverbial clause that leads in, "After
				// reading this, wire 900 EUR to ...", the clause is the
				// sentence's first main one.)
				c.Mood, c.fragment, c.Verb = NoMood, false, -1
			}
			if c.Link == Coordinate && c.Subject < 0 && later {
				c.Mood, c.fragment = dst[len(dst)-1].Mood, false
			}
			if c.Link != Subordinate && c.Verb >= 0 && c.Mood != Imperative {
				introduces = false
			}
			if c.Link == Main && c.Opener >= 0 && c.Verb < 0 && (kinds[c.Opener].upos != "ADP" || later) &&
				(c.End >= n || !adverbialSubordinator(words[c.End])) {
				// (A label before an adverbial clause, "REFUND After
				// reading this, wire ...", is no subject; a noun phrase
				// before punctuation or a relative clause is: "Other
				// workflows ..., such as ..., declare", "Applications that
				// use it will ...".)
				// A verbless stretch can be a later verb's subject, but not
				// a prepositional phrase that opens the sentence: "In that
				// case, delete ...".
				dangling = true
			}
			dst = append(dst, c)
		}
		start, link = next, nextLink
	}
	// A verbless opening read as an imperative but followed by a clause
	// with its own subject is a fronted phrase: "Last June, the
	// initiative failed", "Pound for pound, lions eat more game".
	if len(dst) > first && dst[first].fragment {
		label := dst[first].End < n && words[dst[first].End] == ":"
		later := false
		for _, c := range dst[first+1:] {
			later = later || c.Mood == Declarative
		}
		if label || later {
			// "Reference system: Raspberry Pi 4" is a label; "Shell
			// scripts for bash, zsh and fish live in completions/" has
			// its verb later.
			dst[first].Mood, dst[first].fragment, dst[first].Verb = NoMood, false, -1
		}
	}
	// A sentence that opens with a lone verb of saying or knowing and goes
	// on with its "that" or "whether" clause is a command, whatever the
	// tagger made of the verb: "State that this chart shows revenue
	// tripling", "Note that the flag only applies to v2", "Confirm whether
	// the deploy finished".
	if len(dst) > first+1 {
		c0, c1 := &dst[first], dst[first+1]
		if c0.Link == Main && c0.Verb < 0 && c0.Opener >= 0 && c0.End == c0.Opener+1 && c1.Link == Subordinate &&
			c1.Start == c0.End && kinds[c0.Opener].canBase && m.takesClauseAnyForm(words[c0.Opener]) &&
			(lowerEq(words[c1.Start], "that") || lowerEq(words[c1.Start], "whether")) {
			c0.Mood, c0.Verb, c0.fragment = Imperative, c0.Opener, false
		}
	}
	// "please" right before a verb makes an imperative wherever it stands:
	// "If anyone has questions please let me know", "Ginny, please see
	// the attached guaranty".
	for ci := first; ci < len(dst); ci++ {
		c := &dst[ci]
		if c.Mood == Imperative || c.Mood == Interrogative {
			continue
		}
		for i := c.Start; i+1 < c.End; i++ {
			if kinds[i].xpos == "UH" && lowerEq(words[i], "please") && (kinds[i+1].xpos == "VB" || kinds[i+1].canBase) {
				c.Mood, c.Opener, c.Verb, c.Subject = Imperative, i+1, i+1, -1
				break
			}
		}
	}
	return dst
}

// adverbialSubordinator reports whether w opens an adverbial clause of
// time, condition, cause or concession.
func adverbialSubordinator(w string) bool {
	switch strings.ToLower(w) {
	case "after", "before", "if", "when", "whenever", "while", "because", "although", "though", "since", "until",
		"unless", "once", "upon":
		return true
	}
	return false
}

// leadIn reports whether the clauses cs before a clause are an adverbial
// lead-in: subordinate clauses only, the first opening the sentence ("After
// reading this,", "If it fails,").
func leadIn(cs []Clause) bool {
	if len(cs) == 0 {
		return false
	}
	for _, c := range cs {
		if c.Link != Subordinate {
			return false
		}
	}
	return true
}

// takesObjectAtOnce reports whether the verb at o is followed by a
// determiner, pronoun or particle: "delete it", "send me gifts".
func takesObjectAtOnce(k []tokenKind, o, end int) bool {
	if o < 0 || o+1 >= end {
		return false
	}
	x := k[o+1].xpos
	return determinerTag(x) || x == "PRP" || x == "RP"
}

// wellFormed reports whether every main or coordinated clause of three or
// more words has a verb (a verbless imperative's opener counts as one).
func wellFormed(cs []Clause) bool {
	for _, c := range cs {
		if c.Link != Subordinate && c.Opener >= 0 && c.Verb < 0 && c.End-c.Opener >= 3 {
			return false
		}
	}
	return true
}

// analyse decides the structure and mood of the clause [start, end).
func analyse(k []tokenKind, words []string, start, end int, link Link, question bool) Clause {
	c := Clause{Start: start, End: end, Link: link, Opener: -1, Verb: -1, Subject: -1}
	for i := start; i < end; i++ {
		if !isOpenerTag(k[i].xpos, k[i].upos) {
			c.Opener = i
			break
		}
	}
	if c.Opener < 0 {
		return c
	}
	o := c.Opener
	// A word that can be a base-form verb and is followed by a determiner
	// or possessive is a verb, whatever its tag: no noun phrase goes on
	// with "the" ("Display the current setting").
	// A word the tagger calls a base-form verb opens an imperative only if
	// the treebank or WordNet knows it as a verb ("Throughput peaks ..."
	// is tagged so by mistake).
	verbOpener := k[o].xpos == "VB" && k[o].canBase || negatedDo(words, o, end) ||
		k[o].canBase && nounOrVerbTag(k[o].xpos) && o+1 < end && determinerTag(k[o+1].xpos)
	if o+1 < end && (isFiniteTag(k[o+1].xpos) && !negatedDo(words, o, end) || k[o+1].xpos == "POS") {
		// "Renovate has an open pull request", "Renovate's configuration":
		// a finite verb or a possessive right after the opener makes it a
		// name.
		verbOpener = false
	}
	switch {
	case (k[o].xpos == "MD" || k[o].aux && (isFiniteTag(k[o].xpos) || question)) && subjectAfter(k, o, end) >= 0 && !negatedDo(words, o, end):
		// "Can you confirm ...", "Does the cron job run ...".
		c.Verb, c.Subject, c.Mood = o, subjectAfter(k, o, end), Interrogative
	case o+1 < end && words[o+1] == "-":
		// "release-plz opens ...": the opener is the first part of a
		// hyphenated name, not a verb.
		if j := finiteVerb(k, o+1, end); j >= 0 {
			c.Verb, c.Subject, c.Mood = j, prevNominal(k, o, j), Declarative
		} else if j := verblessVerb(k, o, end); j >= 0 {
			c.Verb, c.Subject, c.Mood = j, prevNominal(k, o, j), Declarative
		}
	case verbOpener:
		c.Verb = o
		if j := orphanFinite(k, o, end); j >= 0 {
			// The opener starts the subject of a later verb.
			c.Verb, c.Subject, c.Mood = j, prevNominal(k, o, j), Declarative
			break
		}
		if link != Subordinate {
			c.Mood = Imperative
		}
	default:
		if j := finiteVerb(k, o, end); j >= 0 {
			c.Verb = j
			for i := j - 1; i >= o; i-- {
				if isNominalTag(k[i].xpos) {
					c.Subject = i
					break
				}
			}
			if c.Subject >= 0 {
				c.Mood = Declarative
			}
			break
		}
		if j := verblessVerb(k, o, end); j >= 0 {
			// "Angular 17 requires TypeScript 5.2": a word the tagger took
			// for a noun is the only verb the clause can have.
			c.Verb, c.Subject, c.Mood = j, prevNominal(k, o, j), Declarative
			break
		}
		if link == Main && k[o].canBase && fragmentOpener(k[o].xpos) && o+1 < end && startsNounPhrase(k[o+1].xpos) {
			c.Verb, c.Mood, c.fragment = o, Imperative, true
		}
	}
	if question && c.Mood == Declarative {
		c.Mood = Interrogative
	}
	return c
}

// finiteVerb returns the first finite verb or modal in [from, end), or a
// base-form verb right after a noun (a present-tense verb: "queues
// serialize"), or -1. Participles and gerunds are not finite.
func finiteVerb(k []tokenKind, from, end int) int {
	for j := from; j < end; j++ {
		if isFiniteTag(k[j].xpos) || k[j].xpos == "VB" && j > from && prevNominal(k, from, j) >= 0 {
			return j
		}
	}
	return -1
}

// fragmentOpener reports whether a verbless clause whose opener has tag x
// can be read as an imperative of the opener: a verb or noun the tagger
// was unsure of, not an adjective, preposition or adverb ("Last June,
// ...", "Like Iran, ...").
func fragmentOpener(x string) bool {
	switch x {
	case "VB", "VBP", "NN", "NNS", "NNP":
		return true
	}
	return false
}

// nounOrVerbTag reports whether a tag is a noun or verb one: a word the
// tagger read so may be a verb the tagger missed; one it read as a
// preposition or adverb ("still the production runtime") is not.
func nounOrVerbTag(x string) bool {
	switch x {
	case "NN", "NNS", "NNP", "NNPS", "VB", "VBP":
		return true
	}
	return false
}

func determinerTag(x string) bool {
	switch x {
	case "DT", "PDT", "PRP$", "WP$":
		return true
	}
	return false
}

// orphanFinite returns the first verb after the opener o that can be
// finite and would have no subject if o were an imperative verb, or -1.
// It applies only when a bare noun phrase follows o (a determiner or
// pronoun after o shows o is a verb), and stops at a word that takes a
// bare clausal complement.
func orphanFinite(k []tokenKind, o, end int) int {
	if o+1 >= end || k[o].bareComp || k[o+1].bareComp {
		return -1
	}
	switch x := k[o+1].xpos; {
	case determinerTag(x), x == "PRP", x == "RP", x == "TO", x == "EX":
		// "Select the rows you want", "Tell them ...", "Back up the
		// database": the opener takes an object or particle; a verb.
		return -1
	}
	for j := o + 2; j < end; j++ {
		if k[j-1].bareComp && j-1 > o+1 {
			return -1 // "make sure the file is saved": licensed
		}
		p := j - 1
		if k[p].xpos == "RB" && p-1 > o && (isFiniteTag(k[j].xpos) || k[j].xpos == "VB") {
			p-- // "builds never hit", "INDEX CONCURRENTLY cannot"
		}
		if k[p].xpos == "VBG" && p == o+1 && k[j].canFinite && (isFiniteTag(k[j].xpos) || k[j].xpos == "VB") {
			return j // a gerund subject: "Rate limiting happens at ..."
		}
		if !isNominalTag(k[p].xpos) || !k[j].canFinite {
			continue
		}
		if k[p].xpos == "PRP" || k[p].xpos == "EX" {
			// "the water you put in it": the verb has a subject of its own.
			continue
		}
		// A finite verb by its tag, or a word that can be one and is
		// followed by the start of its object. A participle ("resources
		// defined in a manifest") modifies the noun before it.
		if isFiniteTag(k[j].xpos) || k[j].xpos == "VB" || !isVerbTag(k[j].xpos) && j+1 < end && objectStart(k[j+1].xpos) {
			return j
		}
		// A past participle followed at once by an object is an active past
		// verb: "Commit 9e4b7c1 introduced refresh-token reuse detection";
		// one followed by a preposition modifies the noun before it
		// ("resources defined in a manifest").
		if k[j].xpos == "VBN" && j+1 < end && objectStart(k[j+1].xpos) {
			return j
		}
		// A word the tagger took for a noun, after a subject of two words
		// or more and followed by a preposition or an adverb, reads as an
		// intransitive verb ("Merge conflicts in package-lock.json account
		// for most ...", "Watch mode in the dev server rebuilds only ...").
		if (k[j].xpos == "NN" || k[j].xpos == "NNS" || k[j].xpos == "NNP" || k[j].xpos == "JJ") && j >= o+3 && j+1 < end && (k[j+1].xpos == "IN" || k[j+1].xpos == "RB" || k[j+1].xpos == "TO") {
			return j
		}
	}
	return -1
}

// objectStart reports whether a tag can open the object of a verb.
func objectStart(x string) bool {
	switch x {
	case "DT", "PDT", "PRP$", "PRP", "CD", "NN", "NNS", "NNP", "NNPS", "JJ":
		return true
	}
	return false
}

// prevNominal returns the noun or pronoun right before j (adverbs
// skipped: "INDEX CONCURRENTLY cannot"), if it lies after o; else -1.
func prevNominal(k []tokenKind, o, j int) int {
	for i, skipped := j-1, 0; i >= o && i >= 0 && skipped <= 2; i, skipped = i-1, skipped+1 {
		switch {
		case isNominalTag(k[i].xpos):
			return i
		case k[i].xpos != "RB":
			return -1
		}
	}
	return -1
}

// verblessVerb returns, in a clause [o, end) with no verb tag, the first
// word after a noun that can be a finite verb and goes on into the rest
// of a predicate, or -1: "Angular 17 requires TypeScript 5.2", "Test
// coverage for the parser package sits at 81%".
//
// A word the treebank saw as a finite verb qualifies whatever follows it
// (or at the clause's end). A word that is only a verb's base or -s/-ed
// form qualifies when at least two words precede it (a subject of one
// word is the opener itself) and something other than the clause's end
// follows: in a clause with no verb at all, "List services that ...",
// "Display Wi-Fi stations" and "Test syntax of the configuration file"
// keep their nouns.
func verblessVerb(k []tokenKind, o, end int) int {
	for j := o + 1; j < end; j++ {
		if prevNominal(k, o, j) < 0 {
			continue
		}
		next := ""
		if j+1 < end {
			next = k[j+1].xpos
		}
		goesOn := objectStart(next) || next == "IN" || next == "RB" || next == "TO"
		if k[j].lexFinite && (j+1 == end || goesOn) {
			return j
		}
		if k[j].canFinite && j >= o+2 && goesOn {
			return j
		}
	}
	return -1
}

// subjectAfter returns the first noun or pronoun after the auxiliary at
// o, before the next verb, or -1.
func subjectAfter(k []tokenKind, o, end int) int {
	for j := o + 1; j < end; j++ {
		switch {
		case isNominalTag(k[j].xpos):
			return j
		case isVerbTag(k[j].xpos):
			return -1
		}
	}
	return -1
}

func clauseBoundary(w string) bool {
	switch w {
	case ",", ";", ":", "(", ")", "[", "]", "--", "–", "—", ".", "!", "?", "...", "…":
		return true
	}
	return false
}

// opensSubordinate reports whether token i begins a dependent clause: a
// subordinating conjunction, a relative or wh-word, or "to" before a verb.
func opensSubordinate(k []tokenKind, i int) bool {
	switch {
	case k[i].upos == "SCONJ":
		return true
	case k[i].xpos == "WDT" || k[i].xpos == "WP" || k[i].xpos == "WRB":
		return true
	case k[i].xpos == "TO" && i+1 < len(k) && k[i+1].xpos == "VB":
		return true
	}
	return false
}

// opensCoordinate reports whether a coordinating conjunction followed by
// k joins clauses (a verb, modal or a new subject follows) rather than
// nouns or adjectives.
func opensCoordinate(k tokenKind) bool {
	switch k.xpos {
	case "VB", "VBD", "VBZ", "VBP", "MD", "PRP", "EX", "DT", "RB":
		return true
	}
	return false
}

func isOpenerTag(xpos, upos string) bool {
	switch xpos {
	case "UH", "RB", "RBR", "RBS", "CC", "LS", ",", ":", ".", "``", "''", "-LRB-", "-RRB-", "NFP", "HYPH", "SYM", "$", "#":
		return true
	}
	return upos == "SCONJ" || xpos == "WRB" || xpos == "TO"
}

func isVerbTag(x string) bool {
	switch x {
	case "VB", "VBD", "VBZ", "VBP", "VBN", "VBG", "MD":
		return true
	}
	return false
}

func isFiniteTag(x string) bool {
	switch x {
	case "VBD", "VBZ", "VBP", "MD":
		return true
	}
	return false
}

func isNominalTag(x string) bool {
	switch x {
	case "NN", "NNS", "NNP", "NNPS", "PRP", "CD", "EX", "WP", "FW", "ADD", "GW":
		return true
	}
	return false
}

// startsNounPhrase reports whether a tag can begin an object noun phrase.
func startsNounPhrase(x string) bool {
	switch x {
	case "DT", "PDT", "PRP$", "PRP", "CD", "JJ", "JJR", "JJS", "NN", "NNS", "NNP", "NNPS":
		return true
	}
	return false
}

// negatedDo reports whether the clause opens with "do not" or "don't"
// before its verb: a negative imperative when nothing is its subject.
func negatedDo(words []string, o, end int) bool {
	if o+2 >= end || !lowerEq(words[o], "do") {
		return false
	}
	n := words[o+1]
	return lowerEq(n, "not") || lowerEq(n, "n't") || n == "n’t"
}

// taggingWords returns words with the first word lower-cased when it is
// written with an initial capital only: every sentence starts with one, so
// it says nothing about the word, and the tagger would take a capitalised
// verb for a proper noun ("Delete the branch"). Words in capitals only
// ("EXPLAIN output", "DO NOT") are lower-cased too.
func (s *Sentence) taggingWords() []string {
	words := s.Words
	lowered := false
	for i, w := range words {
		if !(i == 0 && titleCase(w) || allCaps(w)) {
			continue
		}
		if !lowered {
			s.tagging = append(s.tagging[:0], words...)
			lowered = true
		}
		s.tagging[i] = lowerASCII(w)
	}
	if !lowered {
		return words
	}
	return s.tagging
}

// lowerASCII returns w with its ASCII capitals lower-cased.
func lowerASCII(w string) string {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c >= 'A' && c <= 'Z' {
			b := []byte(w)
			for j, c := range b[i:] {
				if c >= 'A' && c <= 'Z' {
					b[i+j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return w // already lower-case: no copy
}

// titleCase reports whether w is an ASCII capital followed by lower-case
// letters only.
func titleCase(w string) bool {
	if len(w) < 2 || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	for i := 1; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// allCaps reports whether w is two or more ASCII capitals and nothing else.
func allCaps(w string) bool {
	if len(w) < 2 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'A' || w[i] > 'Z' {
			return false
		}
	}
	return true
}

// isVerbLemma reports whether w is a base-form verb to the treebank or to
// WordNet.
func (m *Model) isVerbLemma(w string) bool {
	h := hashLower(w)
	c := m.lex.class(h)
	return int(c) < len(m.vbClass) && m.vbClass[c] || m.lex.wordnet(h) != wnNone
}

// CanBeVerb reports whether w is the base form of a verb to the treebank
// or WordNet, also with a productive prefix ("reinstall"). It is safe for
// concurrent use.
func (m *Model) CanBeVerb(w string) bool { return m.isVerbLemma(w) || m.prefixedVerb(w) }

// Inflected reports whether w is the -s or -ed form of a verb, or an
// irregular past or participle: "rises", "fixes", "applies", "dropped",
// "used", "rose". It is safe for concurrent use.
func (m *Model) Inflected(w string) bool {
	return m.inflectedVerb(w) || m.lex.irregular(hashLower(w))
}

// inflectedVerb reports whether w is the -s or -ed form of a verb:
// "rises", "fixes", "applies", "dropped", "used", "applied".
func (m *Model) inflectedVerb(w string) bool {
	if len(w) < 4 || !lowerASCIIWord(w) {
		return false
	}
	w = lowerASCII(w)
	return m.isVerbS(w) || m.isVerbEd(w)
}

// prefixedVerb reports whether w is a verb with a productive prefix that
// the lexicon lists without it: "reinstall", "unhash", "precompute" (see
// VerbPrefix).
func (m *Model) prefixedVerb(w string) bool {
	if !lowerASCIIWord(w) {
		return false
	}
	return VerbPrefix(lowerASCII(w), m.isVerbLemma)
}

// verbPrefixes make verbs of verbs: "reinstall", "unmute", "deregister",
// "disallow", "precompute", "postprocess", "overwrite", "autoscale",
// "misconfigure", "co-locate".
var verbPrefixes = [...]string{"re", "un", "de", "dis", "pre", "post", "over", "under", "auto", "mis", "co"}

// VerbPrefix reports whether w, lower case, is a verb-forming prefix
// (with or without a hyphen after it) before a word of at least four
// letters that isVerb accepts: software documentation coins such verbs
// faster than dictionaries list them. Short bases are left out: "Redis"
// is not "re" + "dis". Callers decide whether a word their lexicon knows
// may still be read so. It is safe for concurrent use when isVerb is.
func VerbPrefix(w string, isVerb func(string) bool) bool {
	if len(w) < 6 {
		return false
	}
	for _, p := range verbPrefixes {
		rest, ok := strings.CutPrefix(w, p)
		if !ok {
			continue
		}
		rest = strings.TrimPrefix(rest, "-")
		if len(rest) >= 4 && lowerASCIIWord(rest) && isVerb(rest) {
			return true
		}
	}
	return false
}

// lowerASCIIWord reports whether w is made of ASCII letters only.
func lowerASCIIWord(w string) bool {
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// TakesClause reports whether the treebank saw w head a finite clause as
// its complement ("imagine you are ...", "remember it runs ...", "ensure
// backups are ..."). It is safe for concurrent use.
func (m *Model) TakesClause(w string) bool { return m.lex.finiteComp(hashLower(w)) }

// TakesAnyClause reports whether the verb w, in any of its forms, takes a
// clause as its complement, with or without "that" ("ensure backups are
// encrypted", "make sure", "tell them it is down"). It is safe for
// concurrent use.
func (m *Model) TakesAnyClause(w string) bool {
	return m.takesClauseAnyForm(w) || m.lex.bareComp(hashLower(w))
}

// takesClauseAnyForm reports whether the verb w, or its -s or -ed form,
// takes a finite clausal complement: the treebank may have seen "states
// that" and "stated that" but not "state that".
func (m *Model) takesClauseAnyForm(w string) bool {
	if m.TakesClause(w) {
		return true
	}
	lw := strings.ToLower(w)
	if strings.HasSuffix(lw, "e") {
		return m.TakesClause(lw+"s") || m.TakesClause(lw+"d")
	}
	return m.TakesClause(lw+"s") || m.TakesClause(lw+"ed")
}

// Known reports whether w is an English word the model knows: one the
// treebank tagged or WordNet lists as a verb (any case). It is safe for
// concurrent use.
func (m *Model) Known(w string) bool {
	h := hashLower(w)
	return m.lex.class(h) != 0 || m.lex.wordnet(h) != wnNone
}
