package grammar

import (
	"strings"
	"sync"
)

// A clause that opens with a word that can be a base-form verb has two
// readings. In one the word is the verb of a command ("Drop the table",
// "Check logs for errors"); in the other it opens the subject of a finite
// verb that comes later ("Drop rates on the queue stayed low", "Cache hits
// account for 70% of requests"). [Model.Subject] decides between them
// from the structure of the clause, with a small grammar of the English
// subject noun phrase over the word classes the treebank (and WordNet, for
// verbs) gives each word:
//
//	clause  = NP adverb* finite ...
//	NP      = word (modifier | "and" name)* postmod*
//	postmod = preposition NP' | participle complement*
//	NP'     = determiner? modifier*
//
// where a modifier is a noun, adjective, number, name or identifier. The
// statement reading needs a finite verb that the noun phrase can be the
// subject of:
//
//   - an auxiliary or modal ("is", "has", "can", "won't");
//   - an -s form after a singular or mass head ("Seed data for the tests
//     lives in ...");
//   - a base form after a plural or coordinated head ("Kill switches live
//     in ...", "Rebuild and Get both touch ...");
//   - a past form that cannot be read as a participle modifying the head:
//     one that takes an object ("Commit 9e4b7c1 introduced reuse
//     detection"), follows a postmodifier ("Log lines from botocore
//     disappeared"), ends the clause, or has a past form distinct from its
//     participle ("grew", "took").
//
// Evidence against the statement reading wins ties, because the command
// reading is the one that must not be missed:
//
//   - a determiner, pronoun or subordinator right after the opener marks
//     the opener as a verb ("Select the rows", "Restart services that
//     fail");
//   - a word right after the opener that is mostly a noun is its object
//     even when it could be an -s verb ("Check logs in the pod": "log" is
//     mostly a noun; "Build fails on arm64": "fail" is only a verb);
//   - a verb whose complement can be a bare clause (the treebank's
//     "make", "let", "remember") reads "Make tests pass" as a command;
//   - an opener that is only a verb (in the treebank and WordNet) and
//     takes a finite clause as complement in the treebank ("ensure",
//     "remember", "confirm") reads "Ensure backups are encrypted" as a
//     command with its clause;
//   - an opener that can only be a verb (WordNet knows no noun or
//     adjective reading) needs a finite verb that shows itself at once:
//     a base form followed by its object ("Select queries ... use the
//     index"), not one followed by a preposition ("Compare files line by
//     line").

// cat is a set of word classes.
type cat uint32

const (
	catNoun       cat = 1 << iota // NN, NNP, and names, identifiers, numbers as heads
	catPlural                     // NNS, NNPS
	catAdj                        // JJ, JJR, JJS
	catAdv                        // RB, RBR, RBS
	catBase                       // VB
	catPres3                      // VBZ
	catPres                       // VBP
	catPast                       // VBD
	catPart                       // VBN
	catGer                        // VBG
	catAux                        // MD and the auxiliaries be, have, do
	catDet                        // DT, PDT, PRP$, WP$
	catPrep                       // IN, TO
	catPron                       // PRP, EX
	catNum                        // CD
	catConj                       // CC
	catWh                         // WDT, WP, WRB
	catPartcl                     // RP
	catPos                        // POS
	catPunct                      // punctuation that ends a noun phrase
	catQuote                      // quotes and backticks: transparent
	catName                       // capitalised inside the clause, or an identifier
	catSoftPlural                 // an -s form read as a plural noun unless the tagger reads a verb (see cats)
)

const catNominal = catNoun | catPlural | catAdj | catNum | catName

// subordinators open a clause of their own; a finite verb after one is
// not the verb of the subject before it.
func subordinator(w string) bool {
	switch w {
	case "that", "which", "who", "whom", "whose", "when", "where", "while", "if", "because", "then",
		"although", "though", "unless", "whether", "so", "until", "once", "whenever", "wherever":
		return true
	}
	return false
}

// floating words stand between a subject and its verb without ending the
// noun phrase: "Rebuild and Get both touch ...", "... currently number 14".
func floating(w string) bool {
	switch w {
	case "both", "all", "each", "also", "still", "now", "only", "mostly", "often", "usually",
		"currently", "already", "never", "always", "sometimes", "rarely", "typically", "generally":
		return true
	}
	return false
}

// temporal nouns are tagged NN but stand where adverbs do: "Show files
// modified today".
func temporal(w string) bool {
	switch w {
	case "today", "yesterday", "tomorrow", "tonight", "now", "daily", "weekly", "monthly", "nightly", "hourly":
		return true
	}
	return false
}

// cats returns the word classes words[i] can belong to.
func (m *Model) cats(words []string, i int) cat {
	w := words[i]
	if w == "" {
		return catPunct
	}
	switch w {
	case "%", "&":
		if w == "&" {
			return catConj
		}
		return catNoun
	case "\"", "'", "`", "“", "”", "‘", "’", "«", "»":
		return catQuote
	case "n't", "not":
		return catAux
	}
	if temporal(strings.ToLower(w)) {
		return catAdv
	}
	if !hasLetterOrDigit(w) {
		switch w {
		case ",", ";", ":", "(", ")", "[", "]", "!", "?", ".", "...", "…", "—", "–", "--":
			return catPunct
		}
		return catNoun // a symbol inside a name or glob: "id_ed25519*", "C++"
	}
	h := hashLower(w)
	v := m.lex.value(h)
	var c cat
	if cl := uint16(v) & classMask; cl != 0 && int(cl) < len(m.classTags) {
		for _, t := range m.classTags[cl] {
			c |= tagCat(t)
		}
	}
	if v&auxBit != 0 {
		c |= catAux
	}
	lw := strings.ToLower(w)
	wn := uint8(v >> wnShift & 3)
	if wn != wnNone {
		c |= catBase | catPres
		if wn != wnVerbOnly {
			c |= catNoun | catAdj
		}
	}
	if m.isVerbS(lw) {
		// "logs", "sends", "commits": also plural nouns in technical text.
		// Past a noun modifier, a word the treebank saw often enough to
		// give it a class, but never as an -s verb, is a plural noun:
		// "Output scan results ...", "Check Python files ..."; right
		// after the opener it can be a verb ("Copy copies ..."), and so
		// it is where the tagger, reading the words around it, sees a
		// verb ("... store shows up as ...", "Store atomically stores
		// val"): Subject asks it.
		if tb := c & (catNoun | catPlural | catPres3); i >= 2 && tb == catPlural && uint16(v)&classMask != 0 && m.modifier(words[i-1]) {
			c |= catPlural | catSoftPlural
		} else {
			c |= catPres3 | catPlural
		}
	}
	if m.isVerbEd(lw) || m.lex.irregular(h) {
		c |= catPast | catPart
	}
	if numeric(w) {
		c |= catNum
	} else if identifierLike(w) {
		c |= catName
	}
	if i > 0 && titleCase(w) && !allCaps(w) {
		c |= catName
	}
	if c == 0 {
		// An unknown word: its shape.
		switch {
		case strings.HasSuffix(lw, "ly") && len(lw) > 4:
			c = catAdv
		case strings.HasSuffix(lw, "ing"):
			c = catGer | catNoun | catAdj
		case strings.HasSuffix(lw, "ed"):
			c = catPart | catAdj
		case strings.HasSuffix(lw, "s") && !strings.HasSuffix(lw, "ss"):
			c = catPlural
		default:
			c = catNoun | catAdj
		}
	}
	return c
}

// modifier reports whether w can modify a following noun as a noun or a
// name does ("scan results", "Python files", "HTTP requests"): not an
// adverb ("atomically stores").
func (m *Model) modifier(w string) bool {
	if titleCase(w) || identifierLike(w) {
		return true // a name: "Go files", "HTTP requests"
	}
	if tb := m.treebankCats(w); tb != 0 {
		return tb&(catNoun|catName) != 0 && tb&catAdv == 0
	}
	return identifierLike(w) || titleCase(w) || !strings.HasSuffix(strings.ToLower(w), "ly")
}

// CanBeAdjective reports whether the treebank tagged w as an adjective,
// or, unseen there, w has a participle's or an adjective's ending. It is
// safe for concurrent use.
func (m *Model) CanBeAdjective(w string) bool {
	if tb := m.treebankCats(w); tb != 0 {
		return tb&catAdj != 0
	}
	lw := strings.ToLower(w)
	for _, suf := range [...]string{"ing", "ed", "able", "ible", "ful", "less", "ous", "ive", "al", "ic"} {
		if strings.HasSuffix(lw, suf) && len(lw) > len(suf)+2 {
			return true
		}
	}
	return false
}

// PastOnly reports whether the treebank tagged w as a past form and never
// as a participle ("rose", "grew", "went"). It is safe for concurrent use.
func (m *Model) PastOnly(w string) bool {
	p := subjectParser{m: m}
	return p.pastOnly(w)
}

// SeenPlural reports whether the treebank tagged w as a plural noun
// ("logs", "lists"). It is safe for concurrent use.
func (m *Model) SeenPlural(w string) bool {
	return m.treebankCats(w)&catPlural != 0
}

// Verb3Only reports whether the treebank tagged w as a verb in the third
// person singular ("hides", "declares", "stays") and never as a plural
// noun ("logs", "lists", "changes"). It is safe for concurrent use.
func (m *Model) Verb3Only(w string) bool {
	tb := m.treebankCats(w)
	return tb&catPres3 != 0 && tb&catPlural == 0
}

// Adverb reports whether the treebank tagged w as an adverb, and whether
// it saw w at all (seen is false for a word it has not seen twice). It is
// safe for concurrent use.
func (m *Model) Adverb(w string) (adverb, seen bool) {
	tb := m.treebankCats(w)
	return tb&catAdv != 0, tb != 0
}

// treebankCats returns the classes the treebank gave w (at least one in
// twenty of its occurrences), or 0 for a word it has not seen twice.
func (m *Model) treebankCats(w string) cat {
	var c cat
	if cl := uint16(m.lex.value(hashLower(w))) & classMask; cl != 0 && int(cl) < len(m.classTags) {
		for _, t := range m.classTags[cl] {
			c |= tagCat(t)
		}
	}
	return c
}

// tagCat maps a Penn tag to its class.
func tagCat(t string) cat {
	switch t {
	case "NN", "NNP":
		return catNoun
	case "NNS", "NNPS":
		return catPlural
	case "JJ", "JJR", "JJS":
		return catAdj
	case "RB", "RBR", "RBS":
		return catAdv
	case "VB":
		return catBase
	case "VBZ":
		return catPres3
	case "VBP":
		return catPres
	case "VBD":
		return catPast
	case "VBN":
		return catPart
	case "VBG":
		return catGer
	case "MD":
		return catAux
	case "DT", "PDT", "PRP$", "WP$":
		return catDet
	case "IN", "TO":
		return catPrep
	case "PRP", "EX":
		return catPron
	case "CD":
		return catNum
	case "CC":
		return catConj
	case "WDT", "WP", "WRB":
		return catWh
	case "RP":
		return catPartcl
	case "POS":
		return catPos
	case ",", ":", "-LRB-", "-RRB-", ".", "HYPH", "NFP":
		return catPunct
	case "``", "''":
		return catQuote
	}
	return 0
}

// isVerbS reports whether w is the -s form of a verb ("rises", "fixes",
// "applies").
func (m *Model) isVerbS(w string) bool {
	n := len(w)
	if n < 4 || !lowerASCIIWord(w) {
		return false
	}
	switch {
	case strings.HasSuffix(w, "ies"):
		return m.isVerbLemma(w[:n-3] + "y")
	case strings.HasSuffix(w, "es") && m.isVerbLemma(w[:n-2]):
		return true
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
		return m.isVerbLemma(w[:n-1])
	}
	return false
}

// isVerbEd reports whether w is the -ed form of a verb ("dropped",
// "used", "applied").
func (m *Model) isVerbEd(w string) bool {
	n := len(w)
	if n < 4 || !lowerASCIIWord(w) {
		return false
	}
	switch {
	case strings.HasSuffix(w, "ied"):
		return m.isVerbLemma(w[:n-3] + "y")
	case strings.HasSuffix(w, "ed"):
		return m.isVerbLemma(w[:n-2]) || m.isVerbLemma(w[:n-1]) ||
			n > 4 && w[n-3] == w[n-4] && m.isVerbLemma(w[:n-3])
	}
	return false
}

// verbStem returns the base form of an -s verb form, or w.
func verbStem(w string) string {
	n := len(w)
	switch {
	case strings.HasSuffix(w, "ies") && n > 4:
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "sses"),
		strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "zes"), strings.HasSuffix(w, "oes"):
		return w[:n-2]
	case strings.HasSuffix(w, "s") && n > 3:
		return w[:n-1]
	}
	return w
}

// verbOnly reports whether w can only be a verb: WordNet knows no noun or
// adjective reading and the treebank never tagged it as one.
func (m *Model) verbOnly(w string, c cat) bool {
	if tb := m.treebankCats(w); tb != 0 {
		return tb&(catNoun|catPlural|catAdj) == 0 && tb&(catBase|catPres) != 0
	}
	return m.lex.wordnet(hashLower(w)) == wnVerbOnly
}

func hasLetterOrDigit(w string) bool {
	for _, r := range w {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r > 0x7F {
			return true
		}
	}
	return false
}

// numeric reports whether w is a number: digits with separators ("204",
// "9,000", "0.1", "2s" is not one).
func numeric(w string) bool {
	digit := false
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c >= '0' && c <= '9':
			digit = true
		case c == ',' || c == '.' || c == '-' || c == '+':
		default:
			return false
		}
	}
	return digit
}

// identifierLike reports a word that is a name in code rather than
// English: it holds a digit, an underscore, a dot, a slash or a capital
// after a lower-case letter ("9e4b7c1", "email_log", "config/flags.yaml",
// "useActionState").
func identifierLike(w string) bool {
	lower := false
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= '0' && c <= '9', c == '_', c == '/', c == '.' && i > 0 && i < len(w)-1:
			return true
		case c >= 'a' && c <= 'z':
			lower = true
		case c >= 'A' && c <= 'Z' && lower:
			return true
		}
	}
	return false
}

// subjectParser reads one clause; see [Model.Subject].
type subjectParser struct {
	m     *Model
	words []string
	cs    []cat
	// alt is a word inside a prepositional phrase that could be the
	// finite verb (-1: none); it is the verb when the clause has no other.
	alt                  int
	head                 int // the head of the subject noun phrase
	headPlural, headColl bool
	tags                 []Tag // the tagger's reading, filled on first use
}

// xpos returns the tagger's tag of word i.
func (p *subjectParser) xpos(i int) string {
	if p.tags == nil {
		p.tags = p.m.TagWords(p.words, make([]Tag, 0, len(p.words)))
	}
	if i < 0 || i >= len(p.tags) {
		return ""
	}
	return p.m.XPOS(p.tags[i])
}

func (p *subjectParser) cat(i int) cat {
	if i < 0 || i >= len(p.cs) {
		return 0
	}
	return p.cs[i]
}

func (p *subjectParser) word(i int) string {
	if i < 0 || i >= len(p.words) {
		return ""
	}
	return p.words[i]
}

func (p *subjectParser) lower(i int) string {
	if i < 0 || i >= len(p.words) {
		return ""
	}
	return strings.ToLower(p.words[i])
}

// Subject reports whether words, a clause whose first word can be a
// base-form verb, read as a statement whose subject noun phrase the first
// word opens, and returns the index of its finite verb. words are cut as
// [Tokenize] cuts them, in their original case (capitals inside the clause
// mark names). See the grammar at the top of subject.go.
//
// It is linear in len(words), allocates only for clauses longer than 64
// words, and is safe for concurrent use.
func (m *Model) Subject(words []string) (verb int, ok bool) {
	if len(words) < 2 {
		return 0, false
	}
	var buf [64]cat
	cs := buf[:0]
	if len(words) > len(buf) {
		cs = make([]cat, 0, len(words))
	}
	soft := false
	for i := range words {
		c := m.cats(words, i)
		soft = soft || c&catSoftPlural != 0
		cs = append(cs, c)
	}
	if soft {
		var buf [64]Tag
		tags := m.TagWords(words, buf[:0])
		for i, c := range cs {
			if c&catSoftPlural != 0 && m.XPOS(tags[i]) != "NNS" {
				cs[i] |= catPres3
			}
		}
	}
	p := subjectParser{m: m, words: words, cs: cs, alt: -1}
	return p.parse()
}

func (p *subjectParser) parse() (int, bool) {
	n := len(p.words)
	opener := p.lower(0)
	c0 := p.cat(0)
	onlyVerb := p.m.verbOnly(opener, c0)
	bare := p.m.lex.bareComp(hashLower(opener))
	// An opener that is only a verb and takes a finite clause as its
	// complement ("ensure", "remember", "confirm") reads "Ensure backups
	// are encrypted" as a command with its clause, not as a subject
	// "ensure backups"; one that can be a noun or adjective, in the
	// treebank or WordNet ("read replicas", "mean latency"), keeps the
	// statement reading.
	clauseVerb := onlyVerb && p.m.lex.wordnet(hashLower(opener)) == wnVerbOnly && p.m.lex.finiteComp(hashLower(opener))
	// A plural opener is a plural head: "People love to ...", "Police
	// say ..." (a word that is also singular counts when it is an
	// irregular plural, not an -s form).
	head, plural, coord, post := 0, c0&catPlural != 0 && (c0&catNoun == 0 || !strings.HasSuffix(opener, "s")), false, false
	i := 1
	// A determiner, pronoun, particle or subordinator right after the
	// opener shows it is a verb.
	if c := p.cat(1); c&(catDet|catPron|catWh) != 0 && c&catNominal == 0 || subordinator(p.lower(1)) {
		return 0, false
	}
	for i < n {
		p.head, p.headPlural, p.headColl = head, plural, coord
		w := p.lower(i)
		c := p.cat(i)
		switch {
		case c&catQuote != 0:
			i++
			continue
		case c&catPunct != 0:
			return p.fallback()
		case w == "'s" && p.cat(i+1)&(catNoun|catPlural|catName) != 0 && p.cat(i+1)&(catDet|catPart|catGer|catAdj) == 0:
			i++ // a possessive before its noun: "Follow Katrina's path"
			continue
		case c&catAux != 0 && c&catNominal == 0 || w == "n't",
			// A modal that is also a noun ("can", "will", "must") before a
			// base-form verb: "Query performance can be affected ...",
			// "Code that ... will need to be updated".
			c&catAux != 0 && modalWord(w) && p.cat(i+1)&catBase != 0 && p.lower(i+1) != "can":
			if clauseVerb {
				// "Ensure backups are encrypted": the clause after a verb
				// that takes one, not its subject.
				return p.fallback()
			}
			if i >= 2 && p.lower(i-1) == "do" && coordinator(p.lower(i-2)) {
				// A second predicate, negated: "Stay under the table and
				// don't go outside" ("do" is no noun after "and").
				return p.fallback()
			}
			return i, true
		case w == "then" && p.cat(i+1)&(catPast|catPres3) != 0 && p.cat(i+1)&catNominal == 0:
			i++ // an adverb before a finite verb: "Power producers then turned ..."
			continue
		case subordinator(w) || c&catWh != 0 && c&catNominal == 0:
			return p.fallback()
		case c&catPos != 0 || w == "'s":
			i++ // "the previous day's partition"
			continue
		case w == "and" || w == "or" || w == "&":
			if post || i+1 >= n || p.cat(i+1)&(catNominal) == 0 || p.cat(i+1)&catDet != 0 {
				return p.fallback()
			}
			if p.cat(i+1)&catBase != 0 && p.cat(i+2)&(catDet|catPron) != 0 && p.cat(i+2)&catNominal == 0 && !floating(p.lower(i+2)) {
				return p.fallback() // a second command: "... and take another right"
			}
			if p.cat(i+1)&catBase != 0 && p.m.verbOnly(p.lower(i+1), p.cat(i+1)) && p.word(i+1) == p.lower(i+1) {
				return p.fallback() // a second verb, which no noun spells: "Send instant messages and get email alerts" (not a name: "Rebuild and Get both touch ...", "GET requests")
			}
			coord = true
			i += 2 // the word after "and" joins the noun phrase: "dependency and map files"
			if !post {
				head, plural = i-1, true
			}
			continue
		case floating(w) && i > 1:
			i++
			continue
		}
		if c&catPrep != 0 || w == "than" {
			if j := p.phrase(i + 1); j > i+1 {
				post = true
				i = j
				continue
			}
			if c&catNominal == 0 {
				return p.fallback() // "to" before a verb, or a stranded preposition
			}
		}
		if v, ok := p.finite(i, head, plural, coord, post, onlyVerb, bare); ok {
			return v, true
		}
		switch {
		case c&catGer != 0 && i == 1:
			head = i // a gerund as a noun: "Type checking is done by mypy"
			i++
		case c&(catPart|catGer) != 0 && i > 1 && c&(catNoun|catPlural|catName) == 0:
			post = true // a participle modifying the head: "jobs started after midnight"
			i++
		case (c&catAdj != 0 && c&(catNoun|catPlural|catName|catNum) == 0 || p.lower(i+1) == "than") && i > 1 && p.cat(i-1)&(catNoun|catPlural|catName) != 0:
			post = true // an adjective after its noun: "intervals shorter than one second"
			i++
		case c&catNominal != 0:
			if !post {
				head = i
				plural = c&catPlural != 0 && c&catNoun == 0 || c&catPlural != 0 && strings.HasSuffix(w, "s")
			}
			i++
		case c&catAdv != 0:
			i++
		default:
			return p.fallback()
		}
	}
	return p.fallback()
}

// coordinator reports whether w joins two phrases or clauses.
func coordinator(w string) bool { return w == "and" || w == "or" || w == "but" }

// modalWord reports whether w is a modal auxiliary.
func modalWord(w string) bool {
	switch w {
	case "can", "could", "will", "would", "shall", "should", "may", "might", "must":
		return true
	}
	return false
}

// fallback returns the verb candidate found inside a prepositional phrase
// when the clause has no finite verb outside one: a clause needs a verb,
// and "Push notifications on iOS use APNs ..." has no other.
func (p *subjectParser) fallback() (int, bool) {
	if p.alt >= 0 && (p.head > 0 || p.headPlural || p.headColl) {
		return p.alt, true
	}
	return 0, false
}

// agrees reports whether word i can be a finite verb agreeing with the
// head of the noun phrase being read.
func (p *subjectParser) agrees(i int) bool {
	c := p.cat(i)
	w := p.lower(i)
	switch {
	case c&catPres3 != 0 && strings.HasSuffix(w, "s"):
		return !p.headPlural && !p.headColl
	case c&catPres != 0:
		return p.headPlural || p.headColl
	}
	return c&catPast != 0 && (p.pastOnly(w) || p.m.lex.irregular(hashLower(w)) && !strings.HasSuffix(w, "n"))
}

// phrase reads the noun phrase of a prepositional phrase from i: an
// optional determiner and the modifiers after it. It returns where it
// ends (i when there is none). A word that can be a finite verb agreeing
// with the subject's head ends the phrase when what follows it is
// something a verb takes at once ("Select queries against the audit table
// use the index"); when an object follows instead, it is remembered as
// the verb to fall back on (see fallback).
func (p *subjectParser) phrase(i int) int {
	n := len(p.words)
	if i < n && p.cat(i)&catDet != 0 {
		i++
	}
	start := i
	prevNoun := false
	for i < n {
		c := p.cat(i)
		w := p.lower(i)
		if c&catQuote != 0 || c&catPos != 0 || w == "'s" {
			i++
			continue
		}
		if (w == "and" || w == "or" || w == ",") && i > start && i+1 < n && p.cat(i+1)&catNominal != 0 && p.cat(i+1)&catDet == 0 {
			i++ // "from botocore and urllib3"
			prevNoun = false
			continue
		}
		if subordinator(w) || c&catPrep != 0 && c&catNominal == 0 {
			break
		}
		verbal := c&(catPres|catPres3|catPast) != 0
		if prevNoun && c&catPast != 0 && (p.m.isVerbEd(w) || p.m.lex.irregular(hashLower(w))) {
			if p.takesAtOnce(i + 1) {
				break // "from botocore and urllib3 disappeared after ..."
			}
			if p.alt < 0 && p.objectNext(i+1) {
				p.alt = i // "shorter than one second caused write amplification"
			}
		}
		if prevNoun && verbal && p.agrees(i) && !p.endsAt(i+1) {
			if p.takesAtOnce(i + 1) {
				break
			}
			if p.alt < 0 && p.objectNext(i+1) {
				p.alt = i // "Push notifications on iOS use APNs ..."
			}
		}
		if prevNoun && verbal && p.endsAt(i+1) && p.verbal(i) {
			break // "... on the accounts table rose."
		}
		if c&catNominal == 0 {
			// A verb or participle used as a modifier or head inside the
			// phrase: "the ingest queue", "in generated files", "the
			// hardware refresh slipped"; an adverb before a noun modifies
			// it as an adjective would: "on the nightly export job".
			adverbial := c&catAdv != 0 && i+1 < n && p.cat(i+1)&(catNoun|catPlural|catAdj) != 0
			if !adverbial && (c&(catBase|catPart|catGer) == 0 || i+1 >= n || p.cat(i+1)&(catNominal|catPres|catPres3|catPast|catAux) == 0) {
				break
			}
		}
		// An adjective alone after the preposition, with no determiner,
		// stands for a noun when a verb and its determiner follow:
		// "Merge commits on main trigger the release pipeline".
		prevNoun = c&(catNoun|catPlural|catName|catNum|catBase) != 0 ||
			i == start && (start == 0 || p.cat(start-1)&catDet == 0) && c&catAdj != 0 && article(p.lower(i+2))
		i++
	}
	if i == start && start > 0 && p.cat(start-1)&catDet != 0 {
		return start - 1 // a determiner alone: "than that"
	}
	return i
}

func article(w string) bool { return w == "the" || w == "a" || w == "an" }

// endsAt reports whether the clause ends at word i.
func (p *subjectParser) endsAt(i int) bool {
	return i >= len(p.words) || p.cat(i)&catPunct != 0
}

// verbal reports whether word i, at the end of a clause, is a verb rather
// than a noun: the treebank sees it as a finite verb and not as a plural
// noun, or it is a past form.
func (p *subjectParser) verbal(i int) bool {
	w := p.lower(i)
	if p.m.isVerbEd(w) || p.pastOnly(w) {
		return true
	}
	switch p.xpos(i) {
	case "VBZ", "VBP", "VBD":
		return true // the tagger reads a verb in context
	}
	tb := p.m.treebankCats(w)
	return tb&(catPres3|catPres|catPast) != 0 && tb&(catPlural|catNoun) == 0
}

// takesAtOnce reports whether word i is something a verb takes right
// after it: a determiner, pronoun, number, preposition, adverb, "to", or
// the end of the clause.
func (p *subjectParser) takesAtOnce(i int) bool {
	if i >= len(p.words) {
		return true
	}
	c := p.cat(i)
	w := p.lower(i)
	return c&(catDet|catPron|catNum|catPrep|catPunct|catWh) != 0 || c&catAdv != 0 && c&(catNoun|catPlural) == 0 ||
		w == "to" || floating(w) || subordinator(w)
}

// objectNext reports whether word i opens an object noun phrase: a
// determiner, pronoun, number, or a noun that is not also an adverb.
func (p *subjectParser) objectNext(i int) bool {
	if i >= len(p.words) {
		return false
	}
	c := p.cat(i)
	if c&(catDet|catPron|catNum) != 0 {
		return true
	}
	if c&catBase != 0 && c&catNominal == 0 && p.cat(i+1)&(catNoun|catPlural|catName) != 0 {
		return true // a verb as a modifier: "write amplification"
	}
	return c&(catNoun|catPlural|catName|catAdj) != 0 && c&catPrep == 0 && !temporal(p.lower(i))
}

// finite decides whether word i is the finite verb of the noun phrase
// before it (head is its head word, plural its number, coord whether it
// is coordinated, post whether a postmodifier follows the head).
func (p *subjectParser) finite(i, head int, plural, coord, post, onlyVerb, bare bool) (int, bool) {
	c := p.cat(i)
	w := p.lower(i)
	if c&(catPres3|catPres|catPast|catBase) == 0 || c&catDet != 0 {
		return 0, false
	}
	if i > 0 && p.cat(i-1)&(catDet|catPrep) != 0 && p.cat(i-1)&catNominal == 0 && !floating(p.lower(i-1)) {
		return 0, false // "the peaks", "at peaks"
	}
	// Adverbs stand between a subject and its verb: "Bush successfully
	// makes ...".
	prev := i - 1
	for prev > 0 && (floating(p.lower(prev)) || p.cat(prev)&catAdv != 0 && p.cat(prev)&catNominal == 0) {
		prev--
	}
	// A version after a name: "Spring Boot 3.0 requires", "Go 1.24 added".
	// A number after a name is a label when the verb after it shows
	// itself: "Issue 812 reports that ...", but "Use 2 spaces for ...".
	version := prev >= 1 && p.cat(prev)&catNum != 0 && (prev == 1 || p.cat(prev-1)&(catNoun|catName) != 0) &&
		(strings.Contains(p.lower(prev), ".") || p.cat(i+1)&(catDet|catPron) != 0 || p.lower(i+1) == "that")
	if i > 1 && !post && p.cat(prev)&(catNoun|catPlural|catName) == 0 && !version {
		return 0, false // after an adjective or a number: "multiple texts", "10 lines"
	}
	next := i + 1
	atOnce := p.takesAtOnce(next)
	object := p.objectNext(next)
	switch {
	case c&catPres3 != 0 && !plural && !coord && strings.HasSuffix(w, "s"):
		if i == 1 {
			// The opener alone is the subject ("Decode accepts a
			// *Config", "Write writes to the file", "Equal reports whether
			// ...") when what follows shows the -s word is a verb: its
			// object (a determiner, a pronoun, a name from code), a
			// "whether" clause, or the opener's own verb ("Copy copies");
			// or the tagger reads a verb. "Check logs in the pod": "logs"
			// is the object.
			// A possessor ("returns r's width") is an object too, and an
			// -s word the treebank only saw as a verb ("performs") is one.
			nx := p.lower(next)
			objectMark := p.cat(next)&(catDet|catPron) != 0 && p.cat(next)&catNominal == 0 && !subordinator(nx) && !floating(nx) ||
				nx == "whether" || identifierLike(p.word(next)) && !numeric(p.word(next)) || p.lower(next+1) == "'s"
			ownVerb := verbStem(w) == p.lower(0) || strings.TrimSuffix(w, "s") == p.lower(0)
			return i, objectMark || ownVerb || atOnce && p.xpos(i) == "VBZ" || p.verbal(i)
		}
		// A better verb right after: "Kill switches live in ..." (not a
		// particle: "... shows up as ...").
		if nc := p.cat(next); nc&(catPres|catPres3|catPast|catAux) != 0 && nc&(catDet|catPartcl|catPrep) == 0 && p.takesAtOnce(next+1) {
			return 0, false
		}
		if p.endsAt(next) {
			// "Queue depth grows." but "Check error logs.": a verb to the
			// tagger, or the -s form of a verb that is nothing else.
			stem := hashLower(verbStem(w))
			return i, p.verbal(i) || p.m.lex.wordnet(stem) == wnVerbOnly || p.m.lex.mostlyVerb(stem)
		}
		if onlyVerb && !p.verbal(i) && p.xpos(i) != "VBZ" {
			// After an opener that is only a verb, an -s word that reads
			// as a plural noun, to the treebank and to the tagger in
			// context, is part of the object: "Get six separate pieces of
			// paper", "Add only silk plants as ...".
			return 0, false
		}
		return i, atOnce || object
	case c&(catPres|catBase) != 0 && (plural || coord) && !p.m.isVerbEd(w):
		if bare && !post && i == head+1 {
			return 0, false // "Make tests pass", "Remember users need ..."
		}
		if p.idiom(next) {
			return 0, false // "Compare files line by line"
		}
		if p.endsAt(next) {
			return i, p.verbal(i) // "Create new Sails project"
		}
		return i, atOnce || object
	case c&catPast != 0:
		if p.pastOnly(w) {
			return i, true
		}
		if i == 1 {
			// The opener alone is the subject: "Build failed on arm64",
			// "Run took 3 s"; but "List installed binary crates", where the
			// participle modifies a noun. A verb that takes a clause,
			// followed by the clause's subject, is finite: "Police said
			// Bernard confessed ...".
			clause := p.m.lex.finiteComp(hashLower(w)) && p.cat(next)&(catName|catPron) != 0
			return i, !onlyVerb && (atOnce || clause || next >= len(p.words))
		}
		if object && p.cat(next)&catPlural == 0 || p.cat(next)&(catDet|catPron|catNum) != 0 {
			return i, true // "introduced refresh-token reuse detection"
		}
		if post && !bare {
			return i, true // "Log lines from botocore disappeared"
		}
		if next >= len(p.words) && !onlyVerb {
			return i, true // "Build times dropped"
		}
		if p.quantityChange(next) {
			return i, true // "Build times dropped from 14 to 9 minutes"
		}
		if p.xpos(i) == "VBD" && atOnce {
			return i, true // the tagger reads a past tense: "Build times dropped from 14 to 9"
		}
	}
	return 0, false
}

// quantityChange reports whether word i opens a change of quantity, "from
// N", "to N" or "by N", which follows a finite verb of change rather than
// a participle ("Build times dropped from 14 to 9 minutes").
func (p *subjectParser) quantityChange(i int) bool {
	switch p.lower(i) {
	case "from", "to", "by":
		return p.cat(i+1)&catNum != 0
	}
	return false
}

// idiom reports whether words[i-1:i+2] is an adverbial "X by X", "X to
// X" or "X after X" after the word at i-1 ("line by line", "side by
// side"), which makes the word at i-1 a noun.
func (p *subjectParser) idiom(i int) bool {
	if i+1 >= len(p.words) || p.cat(i)&catPrep == 0 {
		return false
	}
	return p.lower(i-1) == p.lower(i+1)
}

// pastOnly reports whether w is a past form that is not also a
// participle to the treebank ("grew", "took", "began").
func (p *subjectParser) pastOnly(w string) bool {
	cl := uint16(p.m.lex.value(hashLower(w))) & classMask
	if cl == 0 || int(cl) >= len(p.m.classTags) {
		return false
	}
	past, part := false, false
	for _, t := range p.m.classTags[cl] {
		switch t {
		case "VBD":
			past = true
		case "VBN":
			part = true
		}
	}
	return past && !part
}

// Statement reports whether words, a clause whose first word can be a
// base-form verb, read as a statement. It asks [Model.Subject] for the
// structural reading and checks it against the tagger, which weighs the
// words around each word:
//
//   - a statement whose finite verb the tagger reads as a noun, in a
//     clause whose opener it reads as a verb, is a command ("Look in the
//     pet stores for food": "stores" is a noun there);
//   - a clause with no statement reading by the grammar is a statement
//     when the tagger reads its opener as a noun or name and the first
//     verb after it as finite, before any punctuation, relative pronoun
//     or other verb ("Jack Welch is the CEO", "Bush demoted Clarke").
//
// It is safe for concurrent use.
func (m *Model) Statement(words []string) bool {
	if len(words) < 2 {
		return false
	}
	v, ok := m.Subject(words)
	var buf [64]Tag
	if ok {
		// The tagger is asked only when a check below can use it: an -s
		// verb after a word that can be an adjective, or a verb with a
		// word after it past the third.
		adjPlural := v >= 2 && endsInS(words[v]) && m.cats(words, v-1)&catAdj != 0
		if !adjPlural && (v < 3 || v+1 >= len(words)) {
			return true // "Decrypt decrypts ciphertext with priv."
		}
		tags := m.TagWords(words[:min(len(words), v+3)], buf[:0])
		// A verb the tagger reads as a plural noun right after a word it
		// reads as an adjective is that adjective's noun: "Download
		// English subtitles for a video", "Use big dots instead of ...".
		if adjPlural && m.XPOS(tags[v-1]) == "JJ" && m.XPOS(tags[v]) == "NNS" && m.XPOS(tags[0]) == "VB" {
			return false
		}
		if v < 3 || v+1 >= len(words) {
			return true
		}
		// A verb the tagger reads as a noun before a singular noun that
		// ends the phrase is the first half of a compound ("... of an API
		// Management service instance", "... in the user default
		// session"): no statement.
		end := v+2 >= len(tags) || closesPhrase(m.XPOS(tags[v+2]))
		compound := nounTag(m.XPOS(tags[v])) && m.XPOS(tags[v+1]) == "NN" && end
		// A word the treebank saw as a present-tense verb keeps its verb
		// reading: "Flag names in the CLI use kebab-case".
		return !compound || m.treebankCats(strings.ToLower(words[v]))&catPres != 0
	}
	tags := m.TagWords(words, buf[:0])
	first := m.XPOS(tags[0])
	if ok {
		return true
	}
	switch first {
	case "NN", "NNS", "NNP", "NNPS":
	default:
		return false
	}
	for i := 1; i < len(tags); i++ {
		x := m.XPOS(tags[i])
		switch {
		case x == "VBD" && i+1 < len(tags) && startsNounPhrase(m.XPOS(tags[i+1])) && !determinerTag(m.XPOS(tags[i+1])) &&
			m.XPOS(tags[i+1]) != "NNP" && m.XPOS(tags[i+1]) != "NNPS":
			// (a participle modifies a common noun; before a name the
			// past form is the verb: "Bush demoted Dick Clarke")
			return false // a participle modifying a noun: "List installed crates"
		case isFiniteTag(x):
			return m.finiteForm(strings.ToLower(words[i]), x)
		case x == "CC" && (i+1 == len(tags) || !startsNounPhrase(m.XPOS(tags[i+1]))):
			return false // coordinated verbs: "Start cleaning and start looking"
		case isVerbTag(x), x == "WDT", x == "WP", x == "WP$", x == "PRP", x == "EX":
			return false
		case isOpenerTag(x, m.UPOS(tags[i])) && x != "CC" && x != "RB" && x != "``" && x != "''":
			return false
		}
	}
	return false
}

// finiteForm reports whether w, tagged x (a finite verb tag) by the
// tagger, is a form the treebank or the lexicon knows as that verb form,
// so that a tagging error ("repositories/VBZ") is no evidence.
func (m *Model) finiteForm(w, x string) bool {
	tb := m.treebankCats(w)
	switch x {
	case "MD":
		return tb&catAux != 0
	case "VBZ":
		return tb&(catPres3|catAux) != 0 || m.isVerbS(w)
	case "VBD":
		return tb&(catPast|catAux) != 0 || m.isVerbEd(w)
	case "VBP":
		return tb&(catPres|catAux) != 0 || m.isVerbLemma(w)
	}
	return false
}

func nounTag(x string) bool { return x == "NN" || x == "NNS" }

// endsInS reports whether w ends in "s" or "S".
func endsInS(w string) bool { return w != "" && (w[len(w)-1] == 's' || w[len(w)-1] == 'S') }

// closesPhrase reports whether a tag ends a noun phrase: punctuation or a
// preposition.
func closesPhrase(x string) bool {
	switch x {
	case ".", ",", ":", "IN", "TO", "-RRB-":
		return true
	}
	return false
}

// sentences are Sentences for DeclarativeOpening.
var sentences = sync.Pool{New: func() any { return new(Sentence) }}

// DeclarativeOpening reports whether words, a clause whose first word can
// be a base-form verb, read as a statement by the clause analysis: the
// clause that opens with that word is declarative, its subject stands at
// or after the first word and its verb is a modal or a verb in the -s or
// past form ("Code using the runtime.Type interface should now use ...",
// "INSERT with an ON CONFLICT clause behaves similarly"). A past form
// right before a noun without a determiner is a participle modifying it
// ("List installed crates"), and no statement. It is safe for concurrent
// use.
func (m *Model) DeclarativeOpening(words []string) bool {
	if len(words) < 3 {
		return false
	}
	s := sentences.Get().(*Sentence)
	defer sentences.Put(s)
	m.AnalyzeWords(words, s)
	defer s.reset()
	if len(s.Clauses) == 0 || s.Clauses[0].Start != 0 {
		return false
	}
	c := s.Clauses[0] // the clause the first word opens
	if c.Opener == 1 && m.XPOS(s.Tags[0]) == "RB" && c.Link == Main && c.Mood == Declarative && c.Subject > 1 && c.Verb > c.Subject {
		// An adverb before a fronted phrase, then the clause's subject
		// and verb: "Long before the outage the cache had been warm".
		return true
	}
	if c.Link != Main || c.Mood != Declarative || c.Subject < 0 || c.Opener != 0 || c.Verb <= c.Subject {
		return false
	}
	for i := 1; i < c.Subject; i++ {
		if t := m.XPOS(s.Tags[i]); t == "WDT" || t == "WP" || t == "WP$" || t == "WRB" {
			return false // the subject of a relative clause: "Display packages whose support is ..."
		}
	}
	x := m.XPOS(s.Tags[c.Verb])
	if !m.finiteForm(strings.ToLower(words[c.Verb]), x) {
		return false // "List repositories/VBZ with ...": a plural the tagger took for a verb
	}
	if x != "MD" && m.XPOS(s.Tags[0]) == "VB" {
		// The tagger reads the first word as a verb: only a modal,
		// which no command's object holds, outweighs it ("Cluster
		// managers ... should use"); "Decide volunteering is not your
		// thing" stays a command.
		return false
	}
	switch x {
	case "MD", "VBZ":
		return true
	case "VBD":
		if c.Verb+1 < len(s.Tags) {
			switch m.XPOS(s.Tags[c.Verb+1]) {
			case "NN", "NNS", "JJ", "NNP", "NNPS", "VBG", "CC":
				return false // "List installed crates", "List installed and used versions"
			}
		}
		return true
	}
	return false
}
