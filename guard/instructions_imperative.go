package guard

import "strings"

// Imperatives: a clause that opens, after optional openers ("please",
// "now", "first", "then", a list marker, an "if ..., " clause), with a
// base-form verb used as a command. The verb comes from the WordNet
// lexicon; whether it is a command or the first word of a noun phrase
// ("Build artifacts are stored in dist/", "Test coverage is 81%") is
// decided from what follows it: a determiner, an object pronoun or a verb
// particle marks a command; a finite verb later in the clause marks a noun
// phrase that is the subject of a statement.

// openers may precede an imperative verb at the start of a clause.
var openers = setOf(
	"please", "kindly", "pls", "plz", "now", "first", "firstly", "second", "secondly",
	"third", "thirdly", "next", "then", "finally", "lastly", "also", "just", "simply",
	"afterwards", "afterward", "additionally", "alternatively", "instead", "otherwise",
	"again", "always", "never", "maybe", "perhaps", "so", "and", "or", "but",
	"immediately", "quickly", "carefully", "ok", "okay", "therefore", "thus",
	"hence", "subsequently", "meanwhile", "later", "ever", "even", "really",
	"definitely", "actually", "seriously", "absolutely", "certainly", "however",
	"anyway", "besides", "hey", "oh", "well", "attached", "enclosed", "guys",
)

// politeOpeners make a following verb a command whatever comes after it.
var politeOpeners = setOf("please", "kindly", "pls", "plz", "never", "always")

// subordinators open an adverbial clause that ends at a comma
// ("If it fails, delete the cache").
var subordinators = setOf(
	"if", "when", "whenever", "before", "after", "once", "to", "unless", "until",
	"while", "as", "for", "on", "in", "with", "without", "during", "by", "since",
	"where", "wherever", "like", "from", "at", "otherwise", "because", "although",
	"though", "given", "upon", "within", "under", "via", "using",
)

// strongObjects follow an imperative verb directly: determiners, object
// pronouns and quantifiers.
var strongObjects = setOf(
	"the", "a", "an", "this", "that", "these", "those", "your", "my", "our",
	"his", "its", "their", "all", "any", "every", "each", "some", "both",
	"another", "it", "them", "me", "us", "him", "yourself", "yourselves",
	"everything", "something", "anything", "nothing", "one", "whatever",
	"whichever", "no", "more", "less", "only", "what", "how", "whether",
	"why", "where", "which", "who", "her", "sure", "certain",
)

// particles follow phrasal or prepositional verbs ("Go ahead", "Log in",
// "Upgrade to v2"); they are weaker evidence than a determiner.
var particles = setOf(
	"up", "down", "out", "off", "in", "into", "on", "onto", "over", "back", "away",
	"ahead", "around", "through", "to", "with", "for", "from", "at", "about", "by",
	"via", "as", "against", "across", "along", "together", "apart", "aside",
)

// finiteWords are finite verbs and auxiliaries: after a would-be imperative
// verb they show that the clause is a statement with a noun-phrase subject.
var finiteWords = setOf(
	"is", "are", "was", "were", "am", "has", "have", "had", "does", "do", "did",
	"will", "would", "can", "could", "shall", "should", "may", "might", "must",
	"isn't", "aren't", "wasn't", "weren't", "hasn't", "haven't", "hadn't",
	"doesn't", "don't", "didn't", "won't", "wouldn't", "can't", "cannot",
	"couldn't", "shouldn't", "mustn't", "needs", "remains", "remain", "seems",
	"seem", "becomes", "become", "'s", "'re",
)

// clauseStops end the part of a clause in which a finite verb counts.
var clauseStops = setOf(
	"that", "which", "who", "whom", "whose", "when", "where", "while", "if",
	"because", "since", "until", "unless", "once", "before", "after", "so",
	"but", "whether", "what", "how", "why", "than", "though",
	"although", "as", "to", "until", "whenever", "where", "like",
)

// whWords after a verb candidate introduce a clause.
var whWords = setOf("who", "which", "what", "how", "why", "where", "whether", "when")

// subjectPronouns after a verb candidate show it is not a verb.
var subjectPronouns = setOf("i", "i'm", "i've", "i'd", "i'll", "we", "we're", "we've",
	"he", "she", "they", "they're", "it's", "he's", "she's", "there's", "you're", "we'll")

// capitalized reports whether token k starts with an upper-case ASCII
// letter in the original text while the next letter is lower case (a
// proper noun, not an all-caps word).
func (d *detector) capitalized(k int) bool {
	t := d.toks[k]
	o := d.offAt(t.startAt())
	if o+1 >= len(d.src) {
		return false
	}
	c, c2 := d.src[o], d.src[o+1]
	return c >= 'A' && c <= 'Z' && c2 >= 'a' && c2 <= 'z'
}

// notImperative are verbs that open declaratives far more often than
// commands at the start of a sentence.
var notImperative = setOf(
	"thank", "thanks", "hope", "guess", "wish", "bet", "mean", "like",
	"love", "hate", "agree", "think", "believe", "suppose", "reckon", "need",
	"want", "am", "be", "been", "being", "seem", "appear", "dear", "hello", "hi", "die",
	"welcome", "sorry", "yes", "no", "well", "even", "still", "further",
	"better", "best", "right", "left", "due", "lots", "plus", "minus", "per",
	"yeah", "ok", "okay", "will", "can", "may", "must", "might", "shall",
	"should", "would", "could", "ought", "do", "does", "did", "have", "has",
	"had", "go", "pretty", "quite", "rather", "mine", "less", "more", "most",
	"much", "many", "few", "several", "total", "average", "overall", "said",
	"like", "man", "last", "past", "next", "second", "while", "since", "round",
	"near", "down", "up", "out", "off", "over", "under", "through", "about",
	"above", "below", "inside", "outside", "back", "forward", "thus", "still",
	"only", "all", "both", "each", "either", "neither", "whatever", "whoever",
)

// isVerbLemma reports whether w can be a base-form verb.
func isVerbLemma(w string) (verbInfo, bool) {
	v, ok := lex().verbs[w]
	return v, ok
}

// imperatives finds clauses that open with an imperative verb.
func (d *detector) imperatives() {
	d.clauses(func(i, j int) {
		d.imperativeClause(i, j, false)
	})
}

// imperativeClause checks the clause toks[i:j] and its coordinated
// sub-clauses; it reports and returns whether it found an imperative.
func (d *detector) imperativeClause(i, j int, inList bool) bool {
	start := i
	for k := i; k < j; {
		if v := d.imperativeAt(k, j, inList, k > i); v > 0 {
			d.reportTokens(ruleImperative, start, j)
			return true
		}
		// Move to the next sub-clause: after a comma or semicolon followed
		// by a coordinator, or after "and"/"then" that follows a clause.
		next := -1
		for m := k; m < j-1; m++ {
			t := d.toks[m]
			if t.comma() || t.semi {
				next = m + 1
				break
			}
		}
		if next < 0 {
			break
		}
		// A clause coordinated by "and", "or" or "but" shares the subject
		// of the clause before it ("They sell X, and retail projects"),
		// unless "then" or "so" follows.
		if w := d.word(next); (w == "and" || w == "or" || w == "but") && d.word(next+1) != "then" && d.word(next+1) != "so" {
			k = next + 1
			for k < j && !d.toks[k-1].comma() && !d.toks[k-1].semi {
				k++
			}
			start = k
			continue
		}
		k = next
		start = next
	}
	return false
}

// imperativeAt decides whether the (sub-)clause toks[k:j] opens with an
// imperative verb; it returns the index of the verb plus one, or 0.
func (d *detector) imperativeAt(k, j int, inList, sub bool) int {
	polite := false
	negated := false     // "don't", "never", "always"
	coordinated := false // after "so", "then", "and"
	vocativeDone := false
	// Skip list markers, openers and a leading adverbial clause.
	for guard := 0; k < j && guard < 16; guard++ {
		t := d.toks[k]
		w := t.w
		switch {
		case isListMarker(t), t.pre() == "[" && strings.HasSuffix(t.post(), "]"):
			k++ // "1.", "-", "[Interactive]"
			continue
		case strings.HasSuffix(w, "ly") && len(w) > 4 && k+1 < j && !d.isVerb(k) && d.isVerb(k+1):
			k++ // "Recursively copy ...", "Only output ..."
			continue
		case w == "only" && k+1 < j && d.isVerb(k+1):
			k++
			continue
		case w == "step" && k+1 < j && isStepNumber(d.toks[k+1].w):
			k += 2
			continue
		case w == "now" && d.word(k+1) == "that":
			return 0
		case w == "do" && (d.word(k+1) == "not" || d.word(k+1) == "n't"):
			negated = true
			k += 2
			continue
		case w == "don't" || w == "dont" || w == "do" && k+1 < j && d.isVerb(k+1):
			negated = true
			k++
			continue
		case w == "do" && isDeterminerLike(d.word(k+1)) && !strings.HasSuffix(d.toks[j-1].post(), "?"):
			return k + 1 // "Do your self a favor"
		case w == "have" && isDeterminerLike(d.word(k+1)) && !isObjectPronoun(d.word(k+1)) && !strings.HasSuffix(d.toks[j-1].post(), "?"):
			return k + 1 // "Have a look at this"
		case (w == "think") && (d.word(k+1) == "of" || d.word(k+1) == "about" || d.word(k+1) == "twice"):
			return k + 1
		case w == "let's":
			return 0 // the modal rule reports "let's"
		}
		if t.flags&fOpener != 0 {
			if w == "never" || w == "always" {
				negated = true
			} else if _, ok := politeOpeners[w]; ok {
				polite = true
			}
			if w == "so" || w == "then" {
				coordinated = true
			}
			k++
			continue
		}
		if t.flags&fSubord != 0 {
			// Skip to after the comma that ends the adverbial clause.
			m := k
			for m < j && m-k < 14 && !d.toks[m].comma() {
				m++
			}
			if m < j && m-k < 14 && d.toks[m].comma() {
				k = m + 1
				sub = false
				continue
			}
			// No comma: "If you have questions please call me".
			return d.pleaseLater(k, j)
		}
		// A vocative or a sentence adverb ("Sam, please confirm",
		// "Hey guys, take Monday off", "However, ...").
		if t.comma() && k+1 < j && !d.isVerb(k) && !vocativeDone && !d.toks[k+1].comma() {
			vocativeDone = true
			k++
			continue
		}
		break
	}
	if k >= j {
		return 0
	}
	if t0 := d.toks[k]; (t0.flags&fForeign != 0 || d.word(k+1) == "sie" || strings.HasSuffix(t0.w, "ez") || strings.HasPrefix(t0.w, "n'")) && d.foreignImperativeAt(k, j) {
		return k + 1
	}
	t := d.toks[k]
	w := t.w
	if t.pre() != "" && t.pre() != "(" && !strings.HasPrefix(t.pre(), "\"") && !strings.HasPrefix(t.pre(), "*") {
		return 0
	}
	if t.flags&fNotImp != 0 && !polite {
		if w != "go" || !d.goIsVerb(k, j) {
			return 0
		}
	}
	info, ok := isVerbLemma(w)
	if !ok {
		return 0
	}
	if polite || inList || negated {
		return k + 1
	}
	if t.comma() {
		return 0 // a vocative or an interjection: "Gallop, I've read ..."
	}
	if _, ok := subjectPronouns[d.word(k+1)]; ok {
		return 0
	}
	if sub && d.capitalized(k) {
		return 0 // a proper noun after a clause: "..., Google risks ..."
	}
	if sub && !coordinated {
		// After a comma in mid-sentence a verb usually shares the
		// sentence's subject ("I now use a service, stop every few hours")
		// or a word is a list item ("lint, test and build").
		return 0
	}
	if nx := d.word(k + 1); info.nounTag > info.verbTag {
		if v, ok := isVerbLemma(nx); ok && v.verbTag > v.nounTag && !isDeterminerLike(nx) {
			return 0 // "People love to buy ..."
		}
	}
	return d.verbReading(k, j, info)
}

// goIsVerb tells "Go ahead and tag" from "Go 1.24 is the minimum".
func (d *detector) goIsVerb(k, j int) bool {
	next := d.word(k + 1)
	if k+1 >= j {
		return false
	}
	_, strong := strongObjects[next]
	_, part := particles[next]
	switch next {
	case "ahead", "get", "and", "next", "there", "here", "home", "somewhere", "elsewhere", "straight", "see":
		return true
	}
	return strong || part || isNumberWord(next) && !strings.ContainsAny(next, ".0123456789") || d.isVerb(k+1) && next != "is"
}

// isVerb reports whether token k is a base-form verb.
func (d *detector) isVerb(k int) bool {
	_, ok := isVerbLemma(d.word(k))
	return ok
}

// verbReading decides between "VERB object ..." (a command) and
// "NOUN-PHRASE verb ..." (a statement) for a clause toks[k:j] whose first
// word is the verb candidate; it returns k+1 for a command, else 0.
func (d *detector) verbReading(k, j int, info verbInfo) int {
	l := lex()
	if k+1 >= j {
		// A one-word clause: a command when the word is mainly a verb,
		// but not a label ("feat:, fix: and chore: prefixes").
		if strings.Contains(d.toks[k].post(), ":") {
			return 0
		}
		if !info.noun || info.verbTag > info.nounTag {
			return k + 1
		}
		return 0
	}
	if d.namedProduct(k, j) {
		return 0 // "React 19 useActionState migration notes"
	}
	next := d.toks[k+1]
	nw := next.w
	if nw == "of" || nw == "'s" || strings.HasSuffix(d.toks[k].raw, "'s") {
		return 0 // "Use of the unsafe package ..."
	}
	if _, ok := finiteWords[nw]; ok {
		return 0 // "Build is green", "Test needs ..."
	}
	if _, ok := whWords[nw]; ok && info.nounTag > info.verbTag {
		return 0 // "people who left town early"
	}
	if _, ok := strongObjects[nw]; ok {
		if nw == "no" || nw == "more" || nw == "less" || nw == "only" {
			if d.finiteLater(k+2, j) {
				return 0
			}
		}
		return k + 1
	}
	if _, ok := l.sLemma(nw); ok && !info.noun {
		// "Tighten screws", "Show logs": a plural object ("Setup takes
		// about 5 minutes" is caught by finiteLater).
		if !d.finiteLater(k+1, j) {
			return k + 1
		}
	}
	if _, ok := particles[nw]; ok {
		if d.finiteLater(k+2, j) {
			return 0 // "Access to the API is restricted"
		}
		return k + 1
	}
	if _, ok := l.edLemma(nw); ok && len(nw) > 3 {
		// "Build failed.", "Run took 3 s" versus "List cached packages".
		if nn := d.word(k + 2); k+2 >= j || isDeterminerLike(nn) || isNumberWord(nn) || nn == "to" {
			return 0
		}
	}
	if strings.HasSuffix(nw, "ly") && len(nw) > 4 {
		if d.finiteLater(k+2, j) {
			return 0
		}
		return k + 1 // "Tighten securely"
	}
	// Ambiguous: "Install Go 1.24", "Run make build" versus "Update
	// frequency is daily", "Clean builds take 4 minutes".
	if d.finiteLater(k+1, j) {
		return 0
	}
	if !info.noun && !info.adj {
		return k + 1
	}
	if info.verbTag == 0 && info.nounTag >= 3 {
		// Mostly a noun ("Shell completion scripts ..."): only with more
		// evidence.
		return 0
	}
	return k + 1
}

// finiteLater reports whether toks[a:j] holds a finite verb before a
// subordinating word: the sign of a subject noun phrase.
func (d *detector) finiteLater(a, j int) bool {
	verbAt := a - 1
	l := lex()
	pluralPP := false // a plural noun followed by a preposition was seen
	for m := a; m < j && m < a+10; m++ {
		t := d.toks[m]
		w := t.w
		if strings.HasPrefix(t.pre(), "(") {
			return false // a parenthesis: "(sponge filters are the best)"
		}
		if _, ok := clauseStops[w]; ok {
			// "to" after a plural noun is a preposition: "Delete requests
			// to the users endpoint return 204".
			// Inside a prepositional phrase after a plural noun, "to"
			// ends a range: "Upgrade paths from 3.x to 5.x require ...".
			if !(w == "to" && m > a && (pluralPP || strings.HasSuffix(d.toks[m-1].w, "s")) && !d.isVerb(m+1)) {
				return false
			}
		}
		if w == "and" || w == "or" {
			// "and don't go outside", "and have a bite": a coordinated
			// command, not the verb of a subject.
			nx := d.word(m + 1)
			if nx == "don't" || nx == "never" || nx == "please" || nx == "then" {
				return false
			}
			if _, ok := finiteWords[nx]; ok && (nx == "have" || nx == "do" || nx == "be") {
				return false
			}
		}
		if _, ok := finiteWords[w]; ok {
			if m > 0 && (d.toks[m-1].w == "and" || d.toks[m-1].w == "or") && (w == "have" || w == "do") {
				continue
			}
			return true
		}
		if strings.HasSuffix(w, "n't") {
			return true
		}
		if m == 0 {
			continue
		}
		if m-1 == verbAt && m == a && d.isVerb(verbAt) {
			// Right after the verb an -s word is usually a plural object
			// ("Show logs in real time"); it is a verb only before a
			// word that cannot follow a noun object ("Rick looks like").
			if lemma, ok := l.sLemma(w); ok {
				if v := l.verbs[lemma]; v.verbTag > v.nounTag {
					switch d.word(m + 1) {
					case "like", "that", "this", "the", "a", "an", "as", "if", "about":
						return true
					}
				}
			}
			continue
		}
		if d.toks[m-1].comma() && m-1 >= a {
			// A comma ends the scan unless it separates list items
			// ("for bash, zsh and fish live in ...").
			if d.word(m+1) != "and" && d.word(m+1) != "or" && !t.comma() {
				return false
			}
		}
		prev := d.toks[m-1].w
		nx := d.word(m + 1)
		_, follows := finiteFollowers(nx)
		last := m+1 >= j
		if (isPreposition(w) || w == "for" || w == "to" || w == "of") && m-1 >= a && strings.HasSuffix(prev, "s") && !strings.HasSuffix(prev, "ss") {
			pluralPP = true // "Scan results from Trivy show ...", "Release notes for 4.2.0 mention ..."
		}
		// A base-form verb after a plural noun and its prepositional
		// phrase: "Set operations in the SQL layer use hash joins".
		if pluralPP && m > a && !isDeterminerLike(prev) && !isPreposition(prev) && prev != "to" && prev != "and" && prev != "or" && prev != "for" && prev != "of" {
			if v, ok := l.verbs[w]; ok && v.verbTag > 0 && !isDeterminerLike(w) && nx != "" && nx != "and" && nx != "or" && !isPreposition(nx) {
				return true
			}
		}
		if m > a && !isDeterminerLike(prev) && !isPreposition(prev) && prev != "and" && prev != "or" {
			// An -s verb after a singular noun, before a preposition, an
			// adverb, a determiner or a number: "Cache invalidation happens
			// on every write", "Lock contention rises sharply".
			if lemma, ok := l.sLemma(w); ok && !strings.HasSuffix(prev, "s") {
				// At the end of the clause the -s word must be mainly a
				// verb: "Lock contention rises." but "Check error logs."
				if v := l.verbs[lemma]; v.verbTag > v.nounTag && (isPreposition(nx) || strings.HasSuffix(nx, "ly") || isDeterminerLike(nx) || isNumberWord(nx) || nx == "to" || timeAdverbs[nx] || last && (!v.noun || v.verbTag >= 8 && v.verbTag > 2*v.nounTag)) {
					return true
				}
			}
			// A change of quantity or a past event: "Build times dropped
			// from 14 to 9", "Build times dropped last month".
			if _, ok := l.edLemma(w); ok && (nx == "from" && isNumberWord(d.word(m+2)) || timeAdverbs[nx] || strings.HasSuffix(nx, "ly") && len(nx) > 4) {
				return true
			}
		}
		// "Clean builds take 4 minutes", "Delete requests return 204": a
		// base-form verb right after a plural noun.
		// ... or after "X and Y" ("scripts for bash, zsh and fish live in").
		afterAnd := m >= 2 && d.toks[m-2].w == "and"
		if strings.HasSuffix(prev, "s") && !strings.HasSuffix(prev, "ss") && !isNumberWord(d.word(m-2)) || afterAnd {
			// Causatives take an object and a bare verb: "Make tests pass".
			causative := causatives[d.toks[verbAt].w] && m == a+1
			if v, ok := l.verbs[w]; ok && v.verbTag > 0 && !isDeterminerLike(w) && !causative && (follows || isPreposition(nx) || !afterAnd && !isVerbOnlyObject(nx)) {
				return true
			}
		}
		// "Run time averages 3 s", "Log output goes to stderr", but not
		// "Continue two blocks to Hubbard".
		if lemma, ok := l.sLemma(w); ok && !isNumberWord(prev) {
			if v := l.verbs[lemma]; v.verbTag > 0 && follows {
				return true
			}
		}
		// "Build times dropped.", "Release 1.8.0 ignored the proxy",
		// "Founder Paul Galvin came up with ...".
		if _, ok := l.edLemma(w); ok && (last || isDeterminerLike(nx) || isNumberWord(nx) || nx == "to") {
			return true
		}
		if _, ok := l.irregular[w]; ok && !isDeterminerLike(prev) && !strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "ing") && !strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "en") && !strings.HasSuffix(w, "n") {
			return true
		}
	}
	return false
}

// finiteFollowers are words that commonly follow a finite verb in a
// statement and rarely follow a plural noun object.
func finiteFollowers(w string) (struct{}, bool) {
	switch w {
	case "the", "a", "an", "to", "about", "only", "that", "automatically",
		"every", "all", "no", "more", "less",
		"it", "them", "its", "their", "his", "her", "our", "well", "fine":
		return struct{}{}, true
	}
	if isNumberWord(w) {
		return struct{}{}, true
	}
	return struct{}{}, false
}

// causatives take an object and a bare infinitive ("make tests pass").
var causatives = map[string]bool{"make": true, "let": true, "help": true, "have": true,
	"see": true, "watch": true, "hear": true, "get": true, "bid": true}

// isVerbOnlyObject reports words after which a base form is still an
// object list rather than a verb ("and", "or", end of clause).
func isVerbOnlyObject(nx string) bool {
	return nx == "" || nx == "and" || nx == "or"
}

// timeAdverbs follow a finite verb, not a noun object.
var timeAdverbs = map[string]bool{"often": true, "rarely": true, "daily": true, "weekly": true,
	"monthly": true, "nightly": true, "again": true, "last": true, "yesterday": true,
	"today": true, "recently": true, "sometimes": true, "always": true, "never": true,
	"twice": true, "once": true, "frequently": true, "occasionally": true, "sharply": true}

func isPreposition(w string) bool {
	switch w {
	case "in", "on", "at", "under", "from", "by", "with", "inside", "within", "into", "over", "across", "through", "throughout":
		return true
	}
	return false
}

func isObjectPronoun(w string) bool {
	switch w {
	case "it", "them", "me", "us", "him", "her", "you":
		return true
	}
	return false
}

// pleaseLater finds "please" + verb later in a clause that opened with a
// subordinate clause without a comma ("If you have questions please call
// me"); it returns the verb index plus one, or 0.
func (d *detector) pleaseLater(k, j int) int {
	for m := k; m+1 < j && m < k+20; m++ {
		if w := d.toks[m].w; (w == "please" || w == "kindly") && d.isVerb(m+1) {
			return m + 2
		}
	}
	return 0
}

func isDeterminerLike(w string) bool {
	_, ok := strongObjects[w]
	return ok
}

func isNumberWord(w string) bool {
	if w == "" {
		return false
	}
	c := w[0]
	if c >= '0' && c <= '9' || c == '$' || c == '~' {
		return true
	}
	switch w {
	case "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "several", "many", "few", "about", "around":
		return true
	}
	return false
}

// isListMarker reports whether t is a list marker: "1.", "2)", "a)", "-",
// "*", "•", "(3)".
func isListMarker(t token) bool {
	if t.raw == "" {
		return false
	}
	c := t.raw[0]
	if c >= 'a' && c <= 'z' {
		// Only "a)" or a spelled-out or roman number with "." ")" ":".
		last := t.raw[len(t.raw)-1]
		if last != '.' && last != ')' && last != ':' || len(t.w) > 5 {
			return false
		}
	} else if c < 0x80 && c != '(' && c != '-' && c != '*' && c != '+' && c != '>' && (c < '0' || c > '9') {
		return false
	}
	switch t.raw {
	case "-", "*", "•", "+", "–", "—", "·", "‣", "◦", "▪", "→", ">":
		return true
	}
	if t.w == "" {
		return false
	}
	if t.post() != "." && t.post() != ")" && t.post() != ":" && !(t.pre() == "(" && t.post() == ")") {
		return false
	}
	if isStepNumber(t.w) {
		return true
	}
	return len(t.w) == 1 && t.w[0] >= 'a' && t.w[0] <= 'h' && t.post() == ")"
}

// isStepNumber reports whether w is a step number: digits or a spelled-out
// ordinal or cardinal up to ten.
func isStepNumber(w string) bool {
	if w == "" {
		return false
	}
	if len(w) <= 3 {
		digits := true
		for i := 0; i < len(w); i++ {
			if w[i] < '0' || w[i] > '9' {
				digits = false
			}
		}
		if digits {
			return true
		}
	}
	switch w {
	case "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
		"i", "ii", "iii", "iv", "v", "vi":
		return true
	}
	return false
}

// namedProduct reports whether the verb candidate at k names a product in
// a terse noun phrase or query: a version number follows it ("React 19
// useActionState migration notes", "Deno 2 npm compatibility") and the
// word after the number is not a plural or unit ("Use 2 spaces"), a
// particle, an adverb or a determiner ("Bump 1.4 to 1.5"). A product
// name without a version ("Run PHP interactively") stays a verb: tldr's
// step descriptions are full of those.
func (d *detector) namedProduct(k, j int) bool {
	if k+2 >= j || !isVersion(d.toks[k+1].w) || d.toks[k+1].raw != d.toks[k+1].w {
		return false
	}
	for m := k + 1; m < j; m++ {
		if isDeterminerLike(d.toks[m].w) {
			return false
		}
	}
	w2 := d.toks[k+2].w
	if _, ok := particles[w2]; ok || isPreposition(w2) || strings.HasSuffix(w2, "s") || strings.HasSuffix(w2, "ly") || timeAdverbs[w2] || isNumberWord(w2) || len(w2) <= 2 {
		return false
	}
	switch w2 {
	case "now", "here", "there", "instead", "first", "next", "later", "and", "or", "then", "percent":
		return false
	}
	return true
}

// isVersion reports a version number: "19", "3.12", "v2", "2.x".
func isVersion(w string) bool {
	w = strings.TrimPrefix(w, "v")
	if w == "" || w[0] < '0' || w[0] > '9' || len(w) > 12 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; !(c >= '0' && c <= '9' || c == '.' || c == 'x') {
			return false
		}
	}
	return true
}
