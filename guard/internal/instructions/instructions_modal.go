package instructions

import (
	"strings"

	"github.com/wardline/wardline/guard/internal/directive"
	"github.com/wardline/wardline/guard/internal/lexicon"
)

// Directive modals and advice: fixed phrases addressed to the reader
// ("you should", "make sure", "we recommend", "let's", "Asegúrese",
// "Stellen Sie sicher", "Vous devez"), and questions that ask the reader to
// do something ("Can you delete the stale branches?"). Third-person forms
// ("Users must authenticate", "The maintainers recommend ...") are facts
// and do not match: the phrases start with "you", "we", "I" or open the
// clause.

// phrase is a sequence of words; "*" matches any one word.
type phrase struct {
	words   []string
	initial bool // must open a clause (after openers), e.g. "make sure"
}

type phraseSet map[string][]phrase

func newPhraseSet(initial bool, list ...string) phraseSet {
	ps := phraseSet{}
	ps.add(initial, list...)
	return ps
}

func (ps phraseSet) add(initial bool, list ...string) {
	for _, s := range list {
		w := strings.Fields(s)
		ps[w[0]] = append(ps[w[0]], phrase{words: w, initial: initial})
	}
}

var modalPhrases = func() phraseSet {
	ps := newPhraseSet(false,
		// you + modal of obligation or advice
		"you should", "you shouldn't", "you must", "you mustn't", "you need to",
		"you need not", "you needn't", "you have to", "you've got to", "you got to",
		"you gotta", "you ought", "you'd better", "you had better", "you better",
		"you'd best", "you will need", "you'll need", "you will have to",
		"you'll have to", "you might want", "you may want", "you'll want",
		"you will want", "you might need", "you may need", "you might consider",
		"you may consider", "you could try", "you can try", "you might try",
		"you may wish", "you might wish", "you don't need", "you do not need",
		"you don't have to", "you do not have to", "you are required",
		"you're required", "you are expected", "you're expected", "you are advised",
		"you're advised", "you are encouraged", "you're encouraged", "you really should",
		"you really need", "you really must", "you definitely should",
		"you probably should", "you should definitely", "you always need",
		"you'd want", "you would want", "you would need", "you'd need",
		"u should", "u must", "u need to", "u have to",
		// we / I: advice from the writer
		"we recommend", "we suggest", "we advise", "we strongly recommend",
		"we'd recommend", "we would recommend", "we'd suggest", "we would suggest",
		"we should", "we must", "we need to", "we have to", "we ought", "we'd better",
		"we'll need to", "we will need to", "we'll have to", "we will have to",
		"i recommend", "i suggest", "i'd suggest", "i would suggest", "i advise",
		"i'd recommend", "i would recommend", "i strongly recommend", "i'd advise",
		"i would advise", "i need you", "i want you", "i'd like you", "i would like you",
		"we need you", "we want you", "we'd like you", "we would like you",
		"my recommendation is", "my advice is", "our recommendation is",
		// impersonal advice
		"it is recommended", "it's recommended", "it is advisable", "it's advisable",
		"it is best to", "it's best to", "it is a good idea", "it's a good idea",
		"it would be best", "it would be a good idea", "it is better to", "it's better to",
		"it is advised", "it's advised", "it is highly recommended", "it's highly recommended",
		"it is strongly recommended", "it's strongly recommended",
		// other directive idioms
		"don't forget", "do not forget", "never forget", "dont forget",
		"why not", "why don't you", "why dont you", "how about",
		"be sure to", "be sure that", "be certain to",
		"need you to", "would you mind", "you'll want to", "for you to",
		// Spanish
		"asegúrese", "asegúrate", "asegurese", "asegurate", "no olvide", "no olvides",
		"usted debe", "usted debería", "debes", "deberías", "tienes que", "tiene que",
		"hay que", "le recomendamos", "te recomendamos", "recomendamos", "le sugerimos",
		"te sugiero", "le sugiero", "es recomendable", "es necesario que",
		// first-person advice, as "I recommend", "I'd suggest"
		"te recomiendo", "le recomiendo", "les recomiendo", "os recomiendo", "recomiendo", "te aconsejo",
		"le aconsejo", "les aconsejo", "sugiero", "recomendaría", "sugeriría", "aconsejaría",
		// German
		"stellen sie sicher", "stelle sicher", "vergessen sie nicht", "vergiss nicht",
		"sie müssen", "sie sollten", "sie sollen", "du musst", "du solltest",
		"du sollst", "müssen sie", "sollten sie", "wir empfehlen", "ich empfehle",
		"man sollte", "man muss", "achten sie darauf", "denken sie daran",
		"ich würde empfehlen", "würde ich empfehlen", "empfehle ich", "ich rate", "ich schlage vor",
		"ich würde vorschlagen",
		// French
		"assurez-vous", "assure-toi", "n'oubliez pas", "n'oublie pas", "vous devez",
		"vous devriez", "tu dois", "tu devrais", "il faut", "il faudrait", "il faudra", "nous recommandons",
		"nous vous recommandons", "je recommande", "je vous recommande", "je suggère",
		"je vous suggère", "il est recommandé", "pensez à", "n'hésitez pas",
		"je te recommande", "je conseille", "je vous conseille", "je te conseille", "je recommanderais",
		"je suggérerais", "je vous recommanderais",
	)
	ps.add(true,
		"make sure", "make certain", "ensure that", "ensure you", "remember to",
		"try running", "try using", "try to", "try adding", "try setting",
		"try installing", "try restarting", "try updating", "try again", "try removing",
		"try deleting", "try upgrading", "try reinstalling", "try clearing",
		"try disabling", "try enabling", "try changing", "try switching",
		"consider using", "consider running", "consider adding", "consider upgrading",
		"consider switching", "consider setting", "consider enabling", "consider disabling",
		"consider removing", "consider moving", "consider pinning", "consider replacing",
		"let's", "lets", "let us", "feel free to", "be careful", "beware", "take care", "mind the",
		// A modal of obligation that opens a clause with its subject
		// dropped addresses the reader: Spanish "Debe actualizar ..."
		// (usted), "Tiene que ..."; French "Devez ...". A subject before
		// it ("El servicio debe ...") makes it a stated rule.
		"debe", "deben", "debería", "deberían", "tiene que", "tienen que",
	)
	return ps
}()

// infoVerbs ask for an answer, not an action: "Can you confirm which
// version production runs?" is allowed.
var infoVerbs = setOf(
	"confirm", "tell", "clarify", "explain", "say", "describe", "specify", "list",
	"share", "indicate", "state", "identify", "point", "recall", "remember",
	"provide", "give", "let", "summarize", "summarise", "name", "elaborate",
	"advise", "comment", "answer", "estimate", "guess", "think", "help",
)

// lookVerbs are information requests only when a question word follows
// ("Can you check whether ...").
var lookVerbs = setOf("check", "verify", "see", "find", "look", "determine", "figure", "tell", "work", "establish")

var questionWords = setOf("whether", "if", "which", "what", "how", "when", "where", "who", "why", "out")

// modals finds directive modal phrases and action requests.
func (d *detector) modals() {
	d.clauses(func(i, j int) {
		first := d.clauseBody(i, j)
		for k := i; k < j; k++ {
			if d.toks[k].flags&fModal == 0 {
				continue
			}
			if e := d.matchPhrases(modalPhrases, k, j, first); e > 0 {
				if d.modalException(k, e) {
					continue
				}
				if w := d.toks[k].w; (strings.HasPrefix(w, "deb") || w == "tiene" || w == "tienen") && strings.Contains(d.toks[j-1].post(), "?") {
					continue // a question: "¿Deben las reservas guardarse en UTC?"
				}
				d.reportTokens(ruleModal, k, e)
				return
			}
		}
		if e := d.actionRequest(first, j); e > 0 {
			d.reportTokens(ruleModal, first, e)
			return
		}
		if e := d.adviceAdverbOpening(first, j); e > 0 {
			d.reportTokens(ruleModal, first, e)
			return
		}
		d.directive(i, j)
	})
}

// adviceAdverbOpening reads a sentence that opens with an adverb of
// advice and goes on with "would" or "should" in its clause: "Ideally
// the team would migrate the two v1 callers first", "Preferably, the
// cache should be warmed before the deploy". The adverb makes what
// follows the writer's advice, whoever its subject is. It returns the
// end of the modal, or 0.
func (d *detector) adviceAdverbOpening(i, j int) int {
	switch d.word(i) {
	case "ideally", "preferably", "optimally":
	default:
		return 0
	}
	for k := i + 1; k < j && k <= i+10; k++ {
		switch d.toks[k].w {
		case "would", "should", "'d", "ought":
			return k + 1
		}
		if d.toks[k].endsSentence() {
			return 0
		}
	}
	return 0
}

// directive reports, in an English sentence toks[i:j] that shows a cue
// for one, a directive in any person that the phrases above do not hold:
// "The reader should ...", "Anyone reading this ought to ...", "Your next
// step is to ...", "The best course of action is to ...", "Users are
// advised to ..." (see guard/internal/directive, which reads the clause
// structure). The cue spares the analysis of sentences that cannot hold
// one.
func (d *detector) directive(i, j int) {
	if !d.directiveCue(i, j) || d.foreignProse(i) {
		return
	}
	// The sentence, at most 64 tokens of it, in the caller's case when
	// the normalised text has the same bytes.
	j = min(j, i+64)
	a, b := d.toks[i].startAt(), d.toks[j-1].endAt()
	text := d.norm[a:b]
	if sa, sb := d.offAt(a), d.endAt(b); sb-sa == b-a && sb <= len(d.src) {
		text = d.src[sa:sb]
	}
	if sp, ok := directive.Modal(text, 0); ok {
		d.report(ruleModal, a+sp.Start, a+sp.End)
	}
}

// directiveCue reports whether toks[i:j] holds the words a directive in
// any person needs together: the reader or the writer (or a noun phrase
// marked as the one reading) before a modal, a verb of need or advice, or
// an advice participle; a noun naming people before "should" or "ought";
// "your ... is/'s"; "it is/'s/would" before an
// adjective of advice; an evaluative adjective before "is to"; "why not",
// "let's"; a question put to "you". It spares the clause analysis of the
// sentences that cannot hold one, which are nearly all of them.
func (d *detector) directiveCue(i, j int) bool {
	near := func(k, n int, words ...string) bool {
		for m := k + 1; m < j && m <= k+n; m++ {
			for _, w := range words {
				if d.toks[m].w == w {
					return true
				}
			}
		}
		return false
	}
	// afterBe: "is"/"are" (and an adverb) right before token k.
	afterBe := func(k int) bool {
		p := k - 1
		if p > i && strings.HasSuffix(d.toks[p].w, "ly") {
			p--
		}
		return p >= i && (d.toks[p].w == "is" || d.toks[p].w == "are")
	}
	for k := i; k < j; k++ {
		switch d.toks[k].w {
		case "you", "u", "we", "i", "one", "reader", "readers", "this", "it", "these":
			if near(k, 4, "should", "must", "ought", "need", "needs", "have", "has", "had", "better", "want", "'ll",
				"will", "would", "'d", "were", "might", "may", "could", "can", "suggest", "recommend", "advise", "urge", "propose",
				"advised", "urged", "encouraged", "recommended", "required", "expected", "asked", "instructed",
				"advisable", "best", "wise", "idea", "essential", "crucial", "imperative") {
				return true
			}
		case "you'd", "you'll", "we'd", "i'd":
			return true // the modal is in the token: the grammar reads the verb group
		case "your":
			if near(k, 5, "is", "'s", "was", "will", "should", "must", "ought", "need", "needs") {
				return true
			}
		case "best", "safest", "quickest", "simplest", "easiest", "preferred", "wisest", "recommended", "right", "correct", "only",
			"better", "wiser", "safer", "smarter":
			if near(k, 6, "to") && near(k, 6, "is", "'s", "be") || k == i && near(k, 1, "to") {
				return true
			}
			if d.toks[k].w == "recommended" && afterBe(k) {
				return true // "a reinstall is recommended"
			}
		case "advised", "urged", "encouraged", "instructed", "suggested":
			if near(k, 1, "to") {
				return true
			}
			if w := d.toks[k].w; w != "urged" && w != "instructed" && afterBe(k) {
				return true // "caution is advised when ..."
			}
		case "option", "step", "approach", "idea", "move", "bet", "alternative", "recommendation", "suggestion", "choice", "course", "win",
			"trick", "key", "fix", "solution", "workaround", "secret", "remedy", "cure", "answer", "needed":
			if near(k, 4, "is", "'s", "be") || k >= i+3 && (d.toks[k-2].w == "is" || d.toks[k-3].w == "is" || d.toks[k-3].w == "be") {
				return true // "one option is to ...", "rolling back is the safest option", "... should be your first move"
			}
		case "advisable", "worth", "tried", "considered", "shouldn't", "wouldn't":
			return true
		case "should", "ought", "need", "needs":
			if near(k, 3, "be") {
				return true // a passive with no agent: "The leaked key should be rotated"
			}
			if w := d.toks[k].w; (w == "should" || w == "ought") && k > i && k <= i+5 && lexicon.Default().Person(d.toks[k-1].w) {
				return true // people of a role advised: "Operators ought to pin ..."
			}
		case "pays", "pay", "helps", "help", "sense":
			for m := k - 1; m >= i && m >= k-3; m-- {
				if d.toks[m].w == "it" {
					return true // "it pays to ...", "it might help to ...", "it makes sense to ..."
				}
			}
		case "harm":
			if k > i && d.toks[k-1].w == "no" {
				return true // "there's no harm in ..."
			}
		case "thing":
			if near(k, 2, "do") {
				return true // "the smart thing to do is to ..."
			}
		case "why", "let's", "let":
			return true
		}
	}
	return false
}

// clauseBody returns the index of the first token of the clause after
// list markers and openers.
func (d *detector) clauseBody(i, j int) int {
	for i < j {
		t := d.toks[i]
		if isListMarker(t) {
			i++
			continue
		}
		if t.flags&fOpener != 0 && t.w != "so" && t.w != "and" {
			i++
			continue
		}
		break
	}
	return i
}

// matchPhrases matches a phrase of ps starting at token k (within the
// clause ending at j, whose body starts at body); it returns the end token
// index or 0.
func (d *detector) matchPhrases(ps phraseSet, k, j, body int) int {
	cands := ps[d.toks[k].w]
	for _, p := range cands {
		if k+len(p.words) > j {
			continue
		}
		ok := true
		for m, w := range p.words[1:] {
			t := d.toks[k+1+m]
			if w != "*" && t.w != w {
				ok = false
				break
			}
			// Only the last word may carry trailing punctuation.
			if m < len(p.words)-2 && t.post() != "" && t.post() != "'" {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		if len(p.words) > 1 && d.toks[k].post() != "" {
			continue
		}
		if p.initial && !d.opensClause(k, body) {
			continue
		}
		return k + len(p.words)
	}
	return 0
}

// opensClause reports whether token k opens its clause: it is the clause
// body, or follows a comma, "and", "then" or "please".
func (d *detector) opensClause(k, body int) bool {
	if k == body {
		return true
	}
	prev := d.toks[k-1]
	if w := d.toks[k].w; w == "make" || w == "be" || w == "remember" {
		// "When you get the tank make sure ...": anywhere except after a
		// subject or an auxiliary ("tests make sure", "to make sure").
		switch prev.w {
		case "to", "they", "we", "i", "you", "will", "would", "should", "can", "could",
			"must", "might", "may", "does", "do", "did", "helps", "help", "and", "or", "also":
			return false
		}
		return !strings.HasSuffix(prev.w, "s") || strings.HasSuffix(prev.w, "ss")
	}
	if prev.comma() || strings.ContainsAny(prev.post(), ";:") {
		return true
	}
	switch prev.w {
	case "then", "please", "kindly", "just", "also", "always", "now", "first", "so", "but":
		return true
	}
	return false
}

// modalException filters phrase matches that are not directives.
func (d *detector) modalException(k, e int) bool {
	w := d.toks[k].w
	switch w {
	case "let's", "lets", "let":
		// "Let's Encrypt certificates ..." is a proper noun.
		if d.word(e) == "encrypt" {
			return true
		}
		if w == "lets" && !d.isVerb(e) {
			return true // "it lets users ..."
		}
		if w == "let" && !d.isVerb(e) {
			return true
		}
	case "how":
		// "how about" asks for a suggestion only before a verb in -ing.
		if !strings.HasSuffix(d.word(e), "ing") {
			return true
		}
	case "why":
		if d.word(k+1) == "not" && e < len(d.toks) && !d.isVerb(e) && d.word(e) != "just" {
			return true
		}
	}
	return false
}

// actionRequest matches "Can/Could/Would/Will you (please) VERB ..." where
// VERB asks for an action rather than information.
func (d *detector) actionRequest(k, j int) int {
	if k+2 >= j+1 || k+2 > len(d.toks) {
		return 0
	}
	switch d.toks[k].w {
	case "can", "could", "would", "will", "won't", "cant", "can't", "couldn't":
	default:
		return 0
	}
	if d.toks[k+1].w != "you" && d.toks[k+1].w != "u" {
		return 0
	}
	v := k + 2
	for v < j && (d.toks[v].w == "please" || d.toks[v].w == "kindly" || d.toks[v].w == "just" || d.toks[v].w == "also") {
		v++
	}
	if v >= j {
		return 0
	}
	w := d.toks[v].w
	if d.toks[k].w == "would" && w == "mind" {
		return v + 1
	}
	if _, ok := infoVerbs[w]; ok {
		return 0
	}
	if _, ok := lookVerbs[w]; ok {
		if _, q := questionWords[d.word(v+1)]; q {
			return 0
		}
		if _, q := questionWords[d.word(v+2)]; q && (d.word(v+1) == "out" || d.word(v+1) == "up") {
			return 0
		}
	}
	if _, ok := isVerbLemma(w); !ok {
		return 0
	}
	switch w {
	case "be", "have", "do", "get", "use", "access", "see", "hear", "know", "imagine":
		// "Can you be ...", "Could you have ..." are rarely requests.
		if w != "do" {
			return 0
		}
	}
	return v + 1
}
