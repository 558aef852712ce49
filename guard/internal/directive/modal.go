package directive

import (
	"strings"

	"github.com/wardline/wardline/guard/internal/grammar"
	"github.com/wardline/wardline/guard/internal/lexicon"
)

// lexPerson reports whether w names people (lexicon's Person).
func lexPerson(w string) bool { return lexicon.Default().Person(w) }

// Word classes the modal rules read. They are closed grammatical classes
// (pronouns, modals) or the small classes of verbs and adjectives that name
// advice or information; the clause around them decides.
var (
	// obligation or advice modals: on their own they direct ("you should").
	deontic = set("should", "must", "ought", "shall")
	// softer modals that direct only with a following verb of need or wish
	// ("you'll want to", "you might need to", "you could try").
	softModal = set("will", "'ll", "would", "'d", "might", "may", "could", "can")
	needVerb  = set("need", "needs", "have", "has", "want", "wish", "got", "gotta")
	tryVerb   = set("try", "consider")
	// the writer's advice verbs ("I suggest", "we recommend").
	adviceVerb = set("suggest", "recommend", "advise", "propose", "urge", "encourage")
	// passive advice given to the subject ("X are advised to").
	advisedPart = set("advised", "urged", "encouraged", "recommended", "asked", "requested", "instructed", "told")
	// passive obligation, a directive only when the reader is the subject
	// ("you are required to"; "users are required to" is a stated rule).
	// participles of advice that stand alone after "is": "X is
	// recommended".
	recommendPart = set("recommended", "advised", "encouraged", "suggested", "advisable")
	requiredPart  = set("required", "expected", "supposed", "obliged", "obligated")
	// impersonal advice ("it is recommended", "it would be best").
	adviceAdj = set("recommended", "advisable", "advised", "best", "better", "wise", "preferable", "idea", "essential", "imperative", "crucial")
	// verbs that ask for information: a question with them asks, not
	// directs ("Can you confirm which version runs?").
	infoVerb = set("confirm", "tell", "clarify", "explain", "say", "share", "specify", "describe", "let", "check", "verify", "answer", "help", "see", "recall", "remember", "think", "know", "point", "provide", "give")
	// the reader as a subject.
	readerNoun = set("reader", "readers")
	// adjectives that rank courses of action ("the best course of action
	// is to ...", "the recommended fix is to ...").
	evaluative = set("best", "safest", "quickest", "simplest", "easiest", "fastest", "recommended", "preferred", "right", "correct", "wisest", "smartest", "only",
		"smart", "sensible", "wise", "prudent")
	// verbs of thought, speech and feeling: "I would expect ...", "I'd say
	// ..." report a stance, not a course of action.
	stanceVerb = set("think", "expect", "guess", "say", "imagine", "assume", "suppose", "like", "love", "hate",
		"argue", "agree", "disagree", "note", "add", "bet", "wager", "doubt", "hope", "wish", "want", "be", "have")
	// nouns that name a course of action offered as advice.
	adviceNoun = set("option", "step", "approach", "idea", "move", "bet", "alternative", "recommendation", "suggestion", "course", "remedy", "choice", "win")
	// nouns that name the means to an end: "the trick is to ...", "the fix
	// is to ...". ("The goal is to ..." names an end, not a means.)
	meansNoun = set("trick", "key", "fix", "solution", "workaround", "secret", "remedy", "cure", "answer")
	// nouns of advice that offer one choice among others: after "one",
	// "another" or "an", a gerund complement names the course of action.
	choiceNoun = set("option", "alternative", "idea", "choice", "remedy", "suggestion", "recommendation", "win")
)

func set(ws ...string) map[string]struct{} {
	m := make(map[string]struct{}, len(ws))
	for _, w := range ws {
		m[w] = struct{}{}
	}
	return m
}

func in(m map[string]struct{}, w string) bool { _, ok := m[w]; return ok }

// readerMark returns the index after a marker that makes the noun phrase
// ending at i the one reading ("anyone reading this", "developers reading
// this answer", "whoever reads this", "those who read this"), or 0.
func (a *analysis) readerMark(i int) int {
	k := i + 1
	if a.word(k) == "who" || a.word(k) == "that" {
		k++
	}
	switch a.word(k) {
	case "reading", "reads", "read":
	default:
		return 0
	}
	k++
	switch a.word(k) {
	case "this", "these", "it":
		k++
	case "the", "our", "my":
		k++
		for k < len(a.s.Words) && k < i+8 && (a.xpos(k) == "NN" || a.xpos(k) == "NNS" || a.xpos(k) == "JJ") {
			k++
		}
	default:
		return 0
	}
	// "this answer", "this page": the thing read.
	for k < len(a.s.Words) && (a.xpos(k) == "NN" || a.xpos(k) == "NNS") && k < i+8 && !verbGroupWord(a.word(k)) {
		k++
	}
	return k
}

// verbGroupWord reports a word that opens a verb group: a modal or an
// auxiliary.
func verbGroupWord(w string) bool {
	return in(deontic, w) || in(softModal, w) || in(needVerb, w) || w == "is" || w == "are" || w == "'re" || w == "was" || w == "were" || w == "had" || w == "'d"
}

// adviceTask reports whether tokens from i read "(adjectives) noun of
// advice (is|would be|could be|might be) to VB": "one option is to
// disable the cache", "a good next step would be to rotate the keys". The
// nouns of advice name a course of action (option, step, approach, idea,
// move, bet, alternative, recommendation, suggestion); "the goal of the
// migration is to reduce latency" names none.
func (a *analysis) adviceTask(i int) bool {
	indefinite := a.word(i-1) != "the"
	k := i
	for k < len(a.s.Words) && k < i+4 && (a.xpos(k) == "JJ" || a.xpos(k) == "JJS" || a.xpos(k) == "JJR" || a.word(k) == "next" || a.word(k) == "first") {
		k++
	}
	if !in(adviceNoun, a.word(k)) {
		return false
	}
	noun := k
	k++
	if a.word(k) == "here" || a.word(k) == "there" {
		k++ // "a quick win here is bumping ..."
	}
	switch a.word(k) {
	case "is", "'s":
		k++
	case "would", "could", "might", "may", "will":
		if a.word(k+1) != "be" {
			return false
		}
		k += 2
	default:
		return false
	}
	if a.word(k) == "to" {
		return a.verbAt(k + 1)
	}
	// "one option is deleting the folder": a gerund and its object after
	// an option offered (an indefinite noun of choice; "one step is
	// copying the assets" describes a pipeline).
	return indefinite && in(choiceNoun, a.word(noun)) && a.gerund(a.word(k)) && a.objectAfter(k+1)
}

// optionEnds reports whether an option offered ends at token k: the
// clause ends, or a condition or "too" follows ("... is an option if the
// port is blocked"); "is an option in the settings page" names a feature.
func (a *analysis) optionEnds(k int) bool {
	switch a.word(k) {
	case "", ".", "!", ";", ",", "if", "when", "here", "too", "though":
		return true
	}
	return false
}

// objectAfter reports whether token i opens what a verb takes: a
// determiner, a possessive, a particle or a noun ("deleting the folder",
// "rolling back to v1.8").
func (a *analysis) objectAfter(i int) bool {
	switch a.xpos(i) {
	case "DT", "PRP$", "RP", "NN", "NNS", "NNP", "CD":
		return true
	}
	switch a.word(i) {
	case "back", "up", "down", "out", "off", "over", "away":
		return true // a particle the tagger read as an adverb
	}
	return false
}

// gerund reports whether w is the -ing form of a verb ("rolling",
// "rotating", "pinning"), whatever the tagger made of it.
func (a *analysis) gerund(w string) bool {
	if i := strings.LastIndexByte(w, '-'); i > 0 {
		w = w[i+1:] // "double-checking"
	}
	if len(w) < 6 || !strings.HasSuffix(w, "ing") {
		return false
	}
	stem := w[:len(w)-3]
	n := len(stem)
	return a.m.CanBeVerb(stem) || a.m.CanBeVerb(stem+"e") || n > 2 && stem[n-1] == stem[n-2] && a.m.CanBeVerb(stem[:n-1])
}

// gerundAdvice reports whether the gerund subject before i is followed by
// "is" (or "would be") and an adjective of advice or an evaluative noun
// phrase: "rotating the key is advisable", "rolling back is the safest
// option", "upgrading would be a good idea".
func (a *analysis) gerundAdvice(i int) bool {
	for k := i; k < len(a.s.Words) && k < i+8; k++ {
		switch a.word(k) {
		case "is", "'s", "would", "might", "could", "should":
			if a.word(k) != "is" && a.word(k) != "'s" {
				if a.word(k+1) != "be" {
					return false
				}
				k++
			}
			for m := k + 1; m < len(a.s.Words) && m < k+5; m++ {
				w := a.word(m)
				if in(adviceAdj, w) && !a.attributed(m+1) || in(evaluative, w) && in(adviceNoun, a.word(m+1)) || w == "worth" {
					return true
				}
				if w == "your" && (in(adviceNoun, a.word(m+1)) || in(adviceNoun, a.word(m+2))) {
					return true // "upgrading should be your first move"
				}
				if (w == "an" || w == "one" || w == "another") && in(choiceNoun, a.word(m+1)) && a.optionEnds(m+2) {
					return true // "disabling the firewall temporarily is an option"
				}
				if a.xpos(m) != "DT" && a.xpos(m) != "RB" && a.xpos(m) != "JJ" && a.xpos(m) != "JJS" {
					break
				}
			}
			return false
		}
	}
	return false
}

// evaluativeTask reports whether tokens from i read "(best|safest|...)
// (noun ...) is to VB": advice given as the best course of action ("The
// best course of action is to roll back", "The recommended fix is to pin
// the version").
func (a *analysis) evaluativeTask(i int) bool {
	if !in(evaluative, a.word(i)) {
		return false
	}
	for k := i + 1; k < i+6 && k < len(a.s.Words); k++ {
		switch a.word(k) {
		case "is", "'s", "would", "will":
			if a.word(k) == "would" || a.word(k) == "will" {
				if a.word(k+1) != "be" {
					return false
				}
				k++
			}
			// "... is to roll back", "the safest route is rolling back to
			// v1.8"
			return a.word(k+1) == "to" && a.verbAt(k+2) || a.gerund(a.word(k+1)) && (a.objectAfter(k+2) || a.xpos(k+2) == "IN")
		case "of", "for":
			continue // "the best course of action", "the safest option for you"
		case "to":
			if a.word(k-1) == "thing" && a.word(k+1) == "do" {
				k++ // "the smart thing to do is to ..."
				continue
			}
		}
		switch a.xpos(k) {
		case "NN", "NNS", "JJ", "IN", "PRP", "DT":
		default:
			return false
		}
	}
	return false
}

// addressee reports whether token i is a subject that is the reader or
// the advising writer: you, we, generic one, the reader.
func (a *analysis) addressee(i int) bool {
	switch a.word(i) {
	case "you", "u", "ya", "we", "one", "y'all", "yall":
		return true
	}
	return in(readerNoun, a.word(i)) && (a.word(i-1) == "the" || a.word(i-1) == "each" || a.word(i-1) == "every" || i == a.clauseStart(i))
}

// modal finds a directive that is not an imperative and returns the span
// of tokens it covers.
func (a *analysis) modal() (from, to int, ok bool) {
	n := len(a.s.Words)
	question := n > 0 && a.s.Words[n-1] == "?"
	last := n // the sentence without its closing punctuation
	if last > 0 && (a.word(last-1) == "." || a.word(last-1) == "!" || a.word(last-1) == "?") {
		last--
	}
	end := func(i int) int { // the end of the clause that holds token i
		for _, c := range a.s.Clauses {
			if i >= c.Start && i < c.End {
				return c.End
			}
		}
		return n
	}
	for i := 0; i < n; i++ {
		w := a.word(i)
		switch {
		case (w == "let" && (a.word(i+1) == "'s" || a.word(i+1) == "us")) && a.verbAt(i+2) && !a.finiteAfter(i+3) && !titled(a.s.Words[i+2]):
			return i, end(i), true // "let's drop the unused indexes"
		case w == "why" && (a.word(i+1) == "not" || a.word(i+1) == "do" && a.word(i+2) == "n't" && a.addressee(i+3)):
			return i, end(i), true // "why not just vendor it?", "why don't you ..."
		case w == "how" && a.word(i+1) == "about" && a.xpos(i+2) == "VBG":
			return i, end(i), true
		case w == "it" && i == a.sentenceStart() && a.impersonalAdvice(i+1):
			return i, end(i), true // "it is recommended that you ..."
		case w == "it" && i == a.sentenceStart() && a.benefitAdvice(i+1):
			return i, end(i), true // "it pays to cache ...", "it might help to bump ..."
		case w == "worth" && a.onlyAdverbsBefore(i) && (a.xpos(i+1) == "VBG" || a.gerund(a.word(i+1))):
			return i, end(i), true // "(Definitely) worth turning on query logging": "it's" left out
		case w == "there" && i == a.sentenceStart() && (a.word(i+1) == "is" || a.word(i+1) == "'s") &&
			a.word(i+2) == "no" && a.word(i+3) == "harm" && a.word(i+4) == "in" && a.xpos(i+5) == "VBG":
			return i, end(i), true // "there's no harm in restarting the kubelet"
		case w == "your" && a.possessiveTask(i+1):
			return i, end(i), true // "your next step is to ..."
		case w == "your" && a.readersOwn(i+1):
			return i, end(i), true // "your team should enable MFA delete"
		case !question && i == a.sentenceStart() && a.personAdviceAt(i):
			return i, end(i), true // "Operators ought to pin every action to a SHA"
		case w == "the" && i == a.clauseStart(i) && a.evaluativeTask(i+1):
			return i, end(i), true // "the best course of action is to ..."
		case w == "the" && i == a.clauseStart(i) && in(meansNoun, a.word(i+1)) && a.possessiveTask(i+2) && a.word(i+2) != "was":
			return i, last, true // "the trick is to clear the cache first"
		case i == a.sentenceStart() && (w == "best" || w == "better" || w == "wiser" || w == "safer" || w == "smarter") &&
			a.word(i+1) == "to" && a.verbAt(i+2) && a.word(i+2) != "be" && a.word(i+2) != "have":
			// "Best to avoid the v1 endpoint": "it is" left out ("Better
			// to be safe than sorry" is a saying).
			return i, last, true
		case w == "all" && i == a.clauseStart(i) && a.neededTask(i+1):
			return i, last, true // "all that's needed is to restart the pod"
		case (w == "the" || w == "what") && i == a.clauseStart(i) && a.readerTask(i+1):
			return i, end(i), true // "the next step for the reader is to ..."
		case (w == "a" || w == "an" || w == "one" || w == "another" || w == "the") && i == a.clauseStart(i) && a.adviceTask(i+1):
			return i, end(i), true // "one option is to ...", "a good next step would be to ..."
		case i == a.sentenceStart() && (a.xpos(i) == "VBG" || a.gerund(w)) && a.gerundAdvice(i+1):
			return i, end(i), true // "rotating the key is advisable", "rolling back is the safest option"
		case w == "if" && a.word(i+1) == "i" && a.word(i+2) == "were" && a.word(i+3) == "you":
			return i, end(i + 4), true // "if I were you, I'd roll back"
		case question && w == "have" && a.addressee(i+1) && (a.word(i+2) == "tried" || a.word(i+2) == "considered") && a.xpos(i+3) == "VBG":
			return i, end(i), true // "have you tried restarting the pods?"
		case question && in(deontic, w) && a.word(i+1) == "n't" && a.addressee(i+2):
			return i, end(i), true // "shouldn't you rotate the key?"
		}
		if k := a.readerMark(i); k > 0 {
			// "anyone reading this ought to ...", "developers reading
			// this are urged to ..."
			if v, ok := a.directedVerbGroup(k - 1); ok {
				return i, end(v), true
			}
			if in(advisedPart, a.word(k+1)) || in(requiredPart, a.word(k+1)) {
				switch a.word(k) {
				case "is", "are", "'re", "be":
					if a.word(k+2) == "to" {
						return i, end(k), true
					}
				}
			}
		}
		if question && in(softModal, w) && a.addressee(i+1) && a.actionRequest(i+2) {
			return i, end(i), true // "could you delete ...?"
		}
		if a.isSubject(i) {
			if k, ok := a.directedVerbGroup(i); ok {
				return i, end(k), true
			}
		}
		if in(advisedPart, w) || in(requiredPart, w) {
			if k, ok := a.passiveAdvice(i); ok {
				return k, end(i), true
			}
		}
		if !question && (w == "should" || w == "ought" || w == "need" || w == "needs") {
			if k, ok := a.passiveDirective(i); ok {
				return k, end(i), true
			}
		}
	}
	return 0, 0, false
}

// personAdviceAt reports whether the sentence opening at i reads "(the,
// all, our) (modifiers) PEOPLE should|ought to|had better VERB": advice
// to people of a role, which the reader is or manages ("Operators ought
// to pin every third-party action", "All developers should rotate their
// tokens"). The head noun names people (lexicon's Person: "operators",
// "contributors"; not "builds"). "must" and "have to" state a rule
// ("Contributors must sign the CLA") and a perfect ("should have paged")
// or passive ("should be rotated", read by passiveDirective) is no such
// advice.
func (a *analysis) personAdviceAt(i int) bool {
	_, ok := a.personAdvice(i)
	return ok
}

// personAdvice is personAdviceAt, with the index of the verb.
func (a *analysis) personAdvice(i int) (int, bool) {
	k := i
	switch a.word(k) {
	case "the", "all", "our", "any", "every", "each":
		k++
	}
	head := -1
	for ; k < len(a.s.Words) && k < i+5; k++ {
		x := a.xpos(k)
		if x != "NN" && x != "NNS" && x != "NNP" && x != "NNPS" && x != "JJ" || verbGroupWord(a.word(k)) {
			break // (the tagger may take "ought" for a noun)
		}
		head = k
	}
	if head < 0 || !lexPerson(a.word(head)) {
		return 0, false
	}
	for k < len(a.s.Words) && a.xpos(k) == "RB" && a.word(k) != "n't" && a.word(k) != "not" {
		k++
	}
	switch a.word(k) {
	case "should":
		k++
	case "ought":
		if a.word(k+1) != "to" {
			return 0, false
		}
		k += 2
	case "had", "'d":
		if a.word(k+1) != "better" {
			return 0, false
		}
		k += 2
	default:
		return 0, false
	}
	if v := a.word(k); v == "be" || v == "have" || v == "'ve" || in(stanceVerb, v) || in(perceptionVerb, v) || !a.baseAfterModal(k) {
		return 0, false // ("Operators should expect a failover of about 30 seconds": what they will meet)
	}
	if a.attributed(k) || a.saysSo(k) {
		return 0, false // a rule reported: "Callers should check the error; its doc comment says so"
	}
	return k, true
}

// perceptionVerb are verbs of meeting or noticing: "X should see",
// "X should notice", "X should experience" foretell, not advise.
var perceptionVerb = set("see", "notice", "observe", "experience", "encounter", "receive", "get", "find", "hear", "anticipate", "feel", "face")

// saysSo reports whether the sentence after token k cites a source for
// what it says: "... its doc comment says so", "..., the docs say".
func (a *analysis) saysSo(k int) bool {
	for ; k+1 < len(a.s.Words); k++ {
		switch a.word(k) {
		case "says", "say", "said", "states", "stated", "notes", "documents", "documented":
			return true
		}
	}
	return false
}

// passiveDirective reports whether the modal at i ("should", "ought to",
// "need(s) to") opens a passive with no agent in the sentence's main
// clause: "The leaked key should be rotated immediately", "The stale
// branches need to be deleted". With no one named to act, the reader is
// told what to do to the thing. A stated rule ("must be rotated"), an
// agent or a source ("by the proxy", "per the runbook"), a contrast with
// what happened ("..., but the retry never fired"), a subordinate or
// reported clause ("because the config should be loaded", "the changelog
// says the flag should be removed") and a past ("should have been") stay
// facts. It returns the subject's index.
func (a *analysis) passiveDirective(i int) (int, bool) {
	k := i + 1
	if a.word(i) != "should" {
		if a.word(k) != "to" {
			return 0, false
		}
		k++
	}
	for a.xpos(k) == "RB" {
		k++
	}
	// (After "be" a past form is the participle the tagger missed:
	// "needs to be bumped/VBD".)
	if a.word(k) != "be" || !participleTag(a.xpos(k+1)) && !participleTag(a.xpos(k+2)) {
		return 0, false
	}
	subj := i - 1
	for subj >= 0 && a.xpos(subj) == "RB" {
		subj--
	}
	if subj < 0 {
		return 0, false
	}
	switch a.xpos(subj) {
	case "NN", "NNS", "NNP", "NNPS":
	case "PRP", "DT":
		switch a.word(subj) {
		case "it", "they", "this", "these", "those", "that":
		default:
			return 0, false
		}
	default:
		return 0, false
	}
	start := a.clauseStart(i)
	for _, c := range a.s.Clauses {
		if i >= c.Start && i < c.End && c.Link != grammar.Main {
			return 0, false
		}
	}
	if a.word(i) != "should" && start > a.sentenceStart() {
		// A necessity under a condition states how a thing works: "When a
		// function references a field, the whole object needs to be sent
		// to the cluster".
		return 0, false
	}
	for m := start; m < subj; m++ {
		switch a.xpos(m) {
		case "VBZ", "VBD", "VBP", "MD":
			if titled(a.s.Words[m]) && m > start {
				continue // a name inside the subject: "The Go toolchain needs to be bumped"
			}
			return 0, false // a reported clause: "the changelog says the flag should be removed"
		}
	}
	if a.attributed(0) {
		return 0, false
	}
	for m := 0; m < len(a.s.Words); m++ {
		switch a.word(m) {
		case "but", "although", "though", "yet", "whereas":
			return 0, false
		}
	}
	return subj, true
}

// clauseEnds reports whether the clause ends at token k, or goes on with
// a preposition of time or condition, not an agent: "... is recommended.",
// "... is recommended before upgrading", not "... recommended by the
// vendor".
func (a *analysis) clauseEnds(k int) bool {
	switch w := a.word(k); w {
	case "", ".", "!", ";", "before", "after", "when", "if", "for", "until", "here", "now", "first":
		return true
	}
	return false
}

// attributed reports whether the sentence from token k names whose word
// it reports: "by the vendor", "per CONTRIBUTING.md", "according to the
// changelog".
func (a *analysis) attributed(k int) bool {
	for ; k < len(a.s.Words); k++ {
		switch a.word(k) {
		case "by", "per":
			return true
		case "according":
			if a.word(k+1) == "to" {
				return true
			}
		}
	}
	return false
}

// sentenceStart returns the first token after openers and quotes.
func (a *analysis) sentenceStart() int {
	i := 0
	for i < len(a.s.Words) && (a.xpos(i) == "``" || a.xpos(i) == "''" || a.xpos(i) == "-LRB-" || a.word(i) == "so" || a.word(i) == "also" || a.word(i) == "then" || a.word(i) == "however" || a.word(i) == ",") {
		i++
	}
	return i
}

// titled reports whether w is capitalised: a name ("Let's Encrypt"), not a
// proposed verb ("let's drop").
func titled(w string) bool { return w != "" && w[0] >= 'A' && w[0] <= 'Z' }

// clauseStart returns the first token of the clause that holds token i.
func (a *analysis) clauseStart(i int) int {
	for _, c := range a.s.Clauses {
		if i >= c.Start && i < c.End {
			return c.Start
		}
	}
	return 0
}

// adviceAdverbs rate a course of action: before "you would" they make
// it advice.
var adviceAdverbs = set("ideally", "preferably", "optimally", "advisably", "sensibly", "wisely")

// adviceAdverbBefore reports whether the clause of the subject at i opens
// with an adverb of advice: "Ideally, you'd ...", "Preferably you would
// ...".
func (a *analysis) adviceAdverbBefore(i int) bool {
	j := i - 1
	if a.word(j) == "," {
		j--
	}
	return j >= 0 && in(adviceAdverbs, a.word(j)) && (j == a.sentenceStart() || a.word(j-1) == ",")
}

// isSubject reports whether token i is a noun or pronoun that can be a
// subject: not after a preposition or a verb that would make it an object.
func (a *analysis) isSubject(i int) bool {
	if !a.addressee(i) && !(a.word(i) == "i" && a.xpos(i) == "PRP") {
		return false
	}
	switch a.xpos(i - 1) {
	case "IN", "TO":
		// "... for you to": not a subject, except after a subordinator
		// ("if you should ...", "that you must ...").
		return a.word(i-1) == "if" || a.word(i-1) == "that" || a.word(i-1) == "because"
	case "VB", "VBD", "VBZ", "VBP", "VBG", "VBN":
		// After a verb "you" is an object ("tells you"), unless a modal
		// follows: then it opens a complement clause ("The README says
		// you should run ...").
		return in(deontic, a.word(i+1)) || in(softModal, a.word(i+1))
	}
	return true
}

// directedVerbGroup reports whether the verb group after the subject at i
// directs: a modal of obligation, a soft modal with a verb of need, wish
// or trial, need/have/want + to, "had better", or, for the writer ("I",
// "we"), an advice verb. It returns the index of the verb group's last
// word.
func (a *analysis) directedVerbGroup(i int) (int, bool) {
	writer := a.word(i) == "i" || a.word(i) == "we"
	k := i + 1
	// Adverbs inside the verb group: "you really should", "we strongly recommend".
	skip := func() {
		for k < len(a.s.Words) && (a.xpos(k) == "RB" || a.word(k) == "n't") {
			k++
		}
	}
	skip()
	w := a.word(k)
	switch {
	case in(deontic, w):
		return k, true
	case writer && (w == "would" || w == "'d") && in(adviceVerb, a.word(k+1)):
		return k + 1, true // "I'd suggest moving ..."
	case a.word(i) == "i" && (i == a.sentenceStart() || a.word(i-1) == ",") && (w == "would" || w == "'d") && a.baseAfterModal(k+1) && !in(stanceVerb, a.word(k+1)):
		return k + 1, true // "I would rotate the key", "I'd roll back": what the writer would do, offered to the reader
	case (w == "would" || w == "'d") && a.word(i) == "you" && a.adviceAdverbBefore(i) && a.verbAt(k+1):
		return k + 1, true // "Ideally, you'd rerun the test": what the reader would best do
	case w == "'d" || w == "had":
		if a.word(k+1) == "better" || a.word(k+1) == "best" {
			return k + 1, true
		}
	case w == "better":
		return k, a.verbAt(k + 1)
	case writer && in(adviceVerb, w):
		return k, true
	case in(softModal, w):
		k++
		skip()
		v := a.word(k)
		if in(needVerb, v) && a.word(k+1) == "to" || in(tryVerb, v) && !writer {
			return k, true
		}
		if writer && in(adviceVerb, v) {
			return k, true
		}
	case in(needVerb, w) && a.word(k+1) == "to" && a.verbAt(k+2) && !(writer && (w == "want" || a.word(i) == "i")):
		// not the writer's own wish or need: "I want to take a cruise",
		// "I need to check with Mr. Lay"; "we need to" advises.
		// "you need to regenerate", "we have to drop"; not "we need to
		// know" (a statement of the writer's own need is still advice).
		return k + 1, true
	case (w == "'ve" || w == "have") && a.word(k+1) == "got" && a.word(k+2) == "to":
		return k + 2, true
	case writer && w == "need" && a.addressee(k+1) && a.word(k+2) == "to":
		return k + 2, true // "I need you to ..."
	}
	return 0, false
}

// verbAt reports whether token i is a verb (by tag) or a word that can
// only be read as one here.
// baseAfterModal reports whether the word at i, right after a modal, is
// its base-form verb: the tagger says so, or the word can be a verb and
// the tagger reads it as a singular noun ("I'd pin docker/login-action
// to ..." has "pin" before an identifier it took for a compound).
func (a *analysis) baseAfterModal(i int) bool {
	if a.verbAt(i) {
		return true
	}
	return a.xpos(i) == "NN" && grammar.Default().CanBeVerb(a.word(i))
}

func (a *analysis) verbAt(i int) bool {
	switch a.xpos(i) {
	case "VB", "VBP":
		return true
	}
	return false
}

// impersonalAdvice reports whether tokens from i read "is/'s/would be
// (adverbs) recommended/best/a good idea ... (that|to)".
// readersOwn reports whether tokens from i read "(adjectives) noun(s)
// should|must|ought to|need(s) to VB": the reader's own people or
// things directed through the reader ("your team should enable ...",
// "your on-call engineers need to rotate ...").
func (a *analysis) readersOwn(i int) bool {
	k := i
	for k < len(a.s.Words) && k < i+4 && (a.xpos(k) == "JJ" || a.xpos(k) == "NN" || a.xpos(k) == "NNS" || a.xpos(k) == "NNP") {
		k++
	}
	if k == i {
		return false
	}
	for a.xpos(k) == "RB" {
		k++
	}
	switch w := a.word(k); {
	case w == "should" || w == "must":
		k++
	case w == "ought" || w == "need" || w == "needs":
		if a.word(k+1) != "to" {
			return false
		}
		k += 2
	default:
		return false
	}
	for a.xpos(k) == "RB" {
		k++
	}
	return a.verbAt(k) && a.word(k) != "be" && a.word(k) != "have"
}

// benefitAdvice reports whether tokens from i read "(modal) (adverb)
// pays|helps|makes sense to VB", impersonal advice whose predicate is a
// verb of benefit: "it pays to cache ...", "it might help to bump ...",
// "it makes sense to enable ...".
func (a *analysis) benefitAdvice(i int) bool {
	if in(softModal, a.word(i)) {
		i++
	}
	for a.xpos(i) == "RB" {
		i++
	}
	switch a.word(i) {
	case "pays", "pay", "helps", "help":
		i++
	case "makes", "make":
		if a.word(i+1) != "sense" {
			return false
		}
		i += 2
	default:
		return false
	}
	return a.word(i) == "to" && a.verbAt(i+1)
}

// onlyAdverbsBefore reports whether every token of the sentence before i
// is an adverb: "Definitely worth ...".
func (a *analysis) onlyAdverbsBefore(i int) bool {
	for k := a.sentenceStart(); k < i; k++ {
		if a.xpos(k) != "RB" {
			return false
		}
	}
	return true
}

func (a *analysis) impersonalAdvice(i int) bool {
	switch a.word(i) {
	case "is", "'s", "was":
		i++
	case "would", "'d", "will", "might", "may", "could":
		if a.word(i+1) != "be" {
			return false
		}
		i += 2
	default:
		return false
	}
	for (a.xpos(i) == "RB" || a.xpos(i) == "DT" || a.xpos(i) == "JJ" && !in(adviceAdj, a.word(i))) && a.word(i) != "worth" {
		i++
	}
	if a.word(i) == "worth" {
		return a.xpos(i+1) == "VBG" // "it might be worth running ..."
	}
	if !in(adviceAdj, a.word(i)) {
		return false
	}
	nx := a.word(i + 1)
	return nx == "to" || nx == "that" || nx == "if" || a.addressee(i+1)
}

// readerTask reports whether tokens from i read "(noun ...) for
// <reader> is/'s to VB", a task set for the reader named in a
// prepositional phrase: "the next step for the reader is to reset ...",
// "what remains for you is to merge ...".
func (a *analysis) readerTask(i int) bool {
	for f := i; f < i+6 && f < len(a.s.Words); f++ {
		if a.word(f) != "for" {
			continue
		}
		r := f + 1
		if a.word(r) == "the" {
			r++
		}
		if !a.addressee(r) || a.word(r) == "we" || a.word(r) == "one" {
			return false
		}
		return a.possessiveTask(r + 1)
	}
	return false
}

// possessiveTask reports whether tokens from i read "(adjectives) noun
// is/'s to VB": the reader's task.
func (a *analysis) possessiveTask(i int) bool {
	for k := i; k < i+4 && k < len(a.s.Words); k++ {
		if a.word(k) == "is" || a.word(k) == "'s" || a.word(k) == "was" || a.word(k) == "will" && a.word(k+1) == "be" {
			if a.word(k) == "will" {
				k++
			}
			return a.word(k+1) == "to" && a.verbAt(k+2)
		}
	}
	return false
}

// neededTask reports whether tokens from i, after "all", read "(that)
// ('s|is) needed is (to) VB" or "(that) you need (to do) is (to) VB": a
// pseudo-cleft that hands the reader the one thing to do.
func (a *analysis) neededTask(i int) bool {
	k := i
	if a.word(k) == "that" {
		k++
	}
	switch {
	case (a.word(k) == "'s" || a.word(k) == "is") && (a.word(k+1) == "needed" || a.word(k+1) == "required" || a.word(k+1) == "left"):
		k += 2
	case a.addressee(k) && (a.word(k+1) == "need" || a.word(k+1) == "have"):
		k += 2
		if a.word(k) == "to" && a.word(k+1) == "do" {
			k += 2
		}
	default:
		return false
	}
	if a.word(k) != "is" {
		return false
	}
	k++
	if a.word(k) == "to" {
		k++
	}
	return a.verbAt(k)
}

// passiveAdvice reports whether the participle at i is passive advice to
// a subject before it ("developers are advised to stop"): be + participle
// + to + verb, with no agent ("by the vendor") that makes it reported.
// It returns the subject's index.
func (a *analysis) passiveAdvice(i int) (int, bool) {
	b := i - 1
	for b >= 0 && a.xpos(b) == "RB" {
		b--
	}
	switch a.word(b) {
	case "is", "are", "'re", "am", "'m", "be":
	default:
		return 0, false
	}
	k := i + 1
	if a.word(k) != "to" || !a.verbAt(k+1) {
		// "A reinstall of the driver is recommended (before upgrading)":
		// the advice itself, with no agent ("by the vendor") to report it.
		if !in(recommendPart, a.word(i)) || !a.clauseEnds(k) || a.attributed(k) {
			return 0, false
		}
	}
	subj := b - 1
	for subj >= 0 && a.xpos(subj) == "RB" {
		subj--
	}
	if subj < 0 {
		return 0, false
	}
	if in(requiredPart, a.word(i)) && !a.addressee(subj) {
		return 0, false // "users are required to authenticate": a stated rule
	}
	switch a.xpos(subj) {
	case "PRP", "NN", "NNS", "NNP", "NNPS":
		return subj, true
	}
	return 0, false
}

// actionRequest reports whether the verb at i, in a question put to the
// reader, asks for an action rather than information.
func (a *analysis) actionRequest(i int) bool {
	for a.xpos(i) == "RB" {
		i++
	}
	w := a.word(i)
	if w == "mind" {
		return true // "would you mind ..."
	}
	if !a.verbAt(i) && a.xpos(i) != "VBN" {
		return false
	}
	return !in(infoVerb, w)
}

// finiteAfter reports whether a finite verb follows within the next few
// words with no linker before it: "Let's Encrypt certificates are issued"
// names a product; "let's drop the indexes" proposes.
func (a *analysis) finiteAfter(i int) bool {
	for k := i; k < i+4 && k < len(a.s.Words); k++ {
		switch a.xpos(k) {
		case "VBZ", "VBD", "MD":
			return true
		case "VBP":
			return a.word(k) == "are" || a.word(k) == "'re"
		case "IN", "TO", "CC", "WDT", ",", ".", ":":
			return false
		}
	}
	return false
}

// participleTag reports whether x, after "be", tags a past participle.
func participleTag(x string) bool { return x == "VBN" || x == "VBD" }
