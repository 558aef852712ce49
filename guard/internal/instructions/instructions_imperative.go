package instructions

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wardline/wardline/guard/internal/grammar"
	"github.com/wardline/wardline/guard/internal/lexicon"
	"github.com/wardline/wardline/guard/internal/normalize"
)

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
	"though", "given", "upon", "within", "under", "via", "using", "whatever", "whichever",
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
	c, n := utf8.DecodeRuneInString(d.src[o:])
	c2, _ := utf8.DecodeRuneInString(d.src[o+n:])
	return unicode.IsUpper(c) && unicode.IsLower(c2) // ("Müller", "Émile")
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

// isVerbLemma reports whether w can be a base-form verb: a verb of the
// lexicon, or a word the lexicon does not know made of a verb-forming
// prefix and a verb of it (see derivedVerb).
func isVerbLemma(w string) (lexicon.VerbInfo, bool) {
	l := lexicon.Default()
	if v, ok := l.Verbs[w]; ok {
		return v, true
	}
	return derivedVerb(l, w)
}

// derivedVerb reports whether w, a word the lexicon l does not know, is a
// verb-forming prefix before a verb of the lexicon ("reformat", "unmute",
// "auto-format"; see grammar.VerbPrefix). The derived word is only a verb:
// its base's noun readings do not carry over.
func derivedVerb(l *lexicon.Lexicon, w string) (lexicon.VerbInfo, bool) {
	if w == "" || w[0] < 'a' || w[0] > 'z' {
		return lexicon.VerbInfo{}, false
	}
	var base lexicon.VerbInfo
	ok := grammar.VerbPrefix(w, func(rest string) bool {
		v, ok := l.Verbs[rest]
		base = v
		return ok
	})
	if !ok {
		base, ok = hyphenVerb(l, w)
	}
	// The dictionary last: it is the costly check, and most words have
	// no prefix before a verb.
	if !ok || l.IsDictionaryWord(w) {
		return lexicon.VerbInfo{}, false
	}
	return lexicon.VerbInfo{VerbTag: max(base.VerbTag, 1)}, true
}

// hyphenVerb reads a hyphenated compound whose last part is a verb of the
// lexicon after a short modifier: "double-check", "force-push",
// "cherry-pick", "e-mail", "re-run" (a prefix the hyphen sets apart before
// a short verb). A particle or a noun-forming last part ("sign-in",
// "follow-up", "set-up") makes no verb.
func hyphenVerb(l *lexicon.Lexicon, w string) (lexicon.VerbInfo, bool) {
	i := strings.LastIndexByte(w, '-')
	if i <= 0 || i > 8 || i == len(w)-1 {
		return lexicon.VerbInfo{}, false
	}
	first, last := w[:i], w[i+1:]
	for j := 0; j < len(first); j++ {
		if c := first[j]; c < 'a' || c > 'z' {
			return lexicon.VerbInfo{}, false
		}
	}
	if isNumberWord(first) || ordinalWord(first) {
		return lexicon.VerbInfo{}, false // a compound noun's modifier: "third-party", "two-factor"
	}
	if !l.IsDictionaryWord(first) {
		return lexicon.VerbInfo{}, false // a package's name: "dbt-core", "kube-proxy"
	}
	if len(last) < 3 {
		return lexicon.VerbInfo{}, false
	}
	if _, particle := particles[last]; particle {
		return lexicon.VerbInfo{}, false
	}
	v, ok := l.Verbs[last]
	return v, ok
}

// imperatives finds clauses that open with an imperative verb.
func (d *detector) imperatives() {
	quoted := false
	d.afterLabel = false
	d.clauses(func(i, j int) {
		// The value after a field's label ("Collector: Parallel GC.",
		// "Linker: default ld") is a noun phrase, not a command, unless
		// its verb has an object or particle right after it ("Fix:
		// delete the cache").
		after := i > 0 && !d.toks[i].nl && strings.HasSuffix(d.toks[i-1].post(), ":") && d.labelEnds(i-1)
		defer func() { d.afterLabel, d.afterConfigKey = false, false }()
		d.afterLabel = after
		d.afterConfigKey = after && strings.ContainsAny(d.toks[i-1].w, "-_.")
		// Text after "reads:", "says:", "fails with:", "error:" is what a
		// log, a page or a program says ("Errors in the pods read: dial
		// tcp: lookup ...: i/o timeout"), not an order to the reader; it
		// runs on through the sentences that end in colons.
		if i > 0 && !d.toks[i].nl && strings.HasSuffix(d.toks[i-1].post(), ":") && (quoted || quoteIntroducer(d.toks[i-1].w)) {
			quoted = true
			return
		}
		quoted = false
		if !d.anyWord(i, j) {
			return // punctuation alone has no verb (": : :", "! ! !")
		}
		if d.reportedQuote(i, j) || d.label(i, j) || d.insideReportedQuote(i) || d.recordList(i, j) {
			return
		}
		d.imperativeClause(i, j, false)
	})
}

// anyWord reports whether one of toks[i:j] holds a word.
func (d *detector) anyWord(i, j int) bool {
	for k := i; k < j; k++ {
		if d.toks[k].w != "" {
			return true
		}
	}
	return false
}

// label reports whether the "sentence" toks[i:j] is the label of a
// field, a short noun phrase before a colon: "Heap usage: 3.1 GB",
// "Build time, median of 20 runs: 14 min", "Pool config:". A command
// before a colon has its object right after its verb ("Update the
// config: ...", "Note this: ...") and stays one.
func (d *detector) label(i, j int) bool {
	if j-i > 8 || !strings.Contains(d.toks[j-1].post(), ":") || strings.Contains(d.toks[j-1].post(), "::") {
		return false
	}
	if j-i == 1 {
		return false // one word before a colon: "Note:", "Fix:", "Update:"
	}
	if strings.ContainsAny(d.toks[j-1].post(), "'\"’”") || strings.Contains(d.toks[i].pre(), "(") {
		return false // a colon inside a quotation ("'User-Agent:'"), a cross-reference ("(See attached file: ...)")
	}
	for k := i; k < j; k++ {
		w := d.toks[k].w
		if _, ok := strongObjects[w]; ok && k > i {
			return false // "Update the config:"
		}
		if subjectPronoun(w) || auxiliaryWord(w) || w == "please" || w == "kindly" {
			return false
		}
	}
	if _, ok := particles[d.word(i+1)]; ok {
		// "Back up the database:", "Look at the logs:"; a preposition
		// before a bare noun or an identifier names the label's place
		// ("Active at peak:", "Index on customer_id:", "Key in
		// .github/workflows/test.yml:").
		switch d.word(i + 1) {
		case "up", "down", "out", "off", "away", "back", "over":
			return false
		}
		if n := d.word(i + 2); i+2 >= j || isDeterminerLike(n) || isObjectPronoun(n) {
			return false
		}
	}
	return true
}

// insideReportedQuote reports whether token i stands inside a quotation
// that reports what a program, a log or a person said: the quotation
// opened earlier on the line, after a colon, a verb of saying or a noun
// for a message ('The build error reads: "Namespace not specified.
// Specify a namespace in the module's build file."', 'Le message
// d'erreur est "... Specify a namespace ..."').
func (d *detector) insideReportedQuote(i int) bool {
	p := d.toks[i].startAt() + int(d.toks[i].wOff) // the word, after an opening mark before it
	line, q, open := d.quoteStateAt(p)
	if !open || q < 0 || q >= p {
		return false
	}
	before := strings.TrimRight(d.norm[max(line, q-48):q], " ")
	if strings.HasSuffix(before, ":") {
		return true
	}
	words := strings.Fields(before)
	for k := len(words) - 1; k >= 0 && k >= len(words)-4; k-- {
		w := strings.Trim(words[k], ",.;:'’")
		switch w {
		case "is", "was", "est", "ist", "es", "war", "était":
			continue // "the error is ...": the noun before decides ("the fix is ..." gives advice)
		}
		if quoteIntroducer(w) || reportNoun(w) {
			return true
		}
	}
	return false
}

// quoteCursor carries quoteStateAt's scan from one call to the next:
// clauses are read in order, so the scan over a line is done once, not
// once per clause (a long line of clauses would cost its square).
type quoteCursor struct {
	pos, line, q int
	open, valid  bool
}

// quoteStateAt returns the start of the line holding norm[p], and whether
// a quotation opened on that line before p is still open, with q its
// opening mark (-1 when none).
func (d *detector) quoteStateAt(p int) (line, q int, open bool) {
	c := &d.quotes
	if !c.valid || p < c.pos {
		*c = quoteCursor{pos: strings.LastIndexByte(d.norm[:p], '\n') + 1, q: -1, valid: true}
		c.line = c.pos
	}
	for k := c.pos; k < p; k++ {
		switch ch := d.norm[k]; {
		case ch == '\n':
			c.line, c.q, c.open = k+1, -1, false
		case ch == '"':
			c.open = !c.open
			if c.open {
				c.q = k
			}
		case ch < 0x80:
		case strings.HasPrefix(d.norm[k:], "“") || strings.HasPrefix(d.norm[k:], "„") || strings.HasPrefix(d.norm[k:], "«"):
			c.open, c.q = true, k
		case strings.HasPrefix(d.norm[k:], "”") || strings.HasPrefix(d.norm[k:], "»"):
			c.open = false
		}
	}
	c.pos = p
	return c.line, c.q, c.open
}

// reportNoun reports whether w names a message a program or a log gives,
// in the languages the detectors read: "error", "erreur", "Fehler",
// "mensaje", "hint".
func reportNoun(w string) bool {
	switch w {
	case "error", "errors", "message", "messages", "warning", "text", "hint", "output", "log", "reason", "prompt",
		"erreur", "fehler", "meldung", "hinweis", "mensaje", "aviso", "avertissement":
		return true
	}
	return false
}

// reportedQuote reports whether the sentence toks[i:j] opens with a
// quotation that a verb of saying after it reports: "\"Land mines,\" said
// the Kuwaiti woman", "\"Restart it,\" the README says".
func (d *detector) reportedQuote(i, j int) bool {
	if p := d.toks[i].pre(); !strings.ContainsAny(p, "\"“") {
		return false
	}
	for m := i; m < j-1 && m < i+40; m++ {
		if post := d.toks[m].post(); !strings.ContainsAny(post, "\"”") {
			continue
		}
		for k := m + 1; k < j && k <= m+4; k++ {
			switch d.toks[k].w {
			case "said", "says", "say", "asked", "asks", "replied", "replies", "added", "adds", "wrote", "writes", "noted",
				"notes", "told", "tells", "explained", "explains", "warned", "warns", "answered":
				return true
			}
		}
		return false
	}
	return false
}

// quoteIntroducer reports whether w, before a colon, introduces what
// something says or shows: a verb of saying or showing, or a noun for
// a message.
func quoteIntroducer(w string) bool {
	switch w {
	case "read", "reads", "say", "says", "said", "show", "shows", "showed", "shown", "report", "reports", "reported",
		"return", "returns", "returned", "print", "prints", "printed", "log", "logs", "logged", "output", "outputs",
		"display", "displays", "displayed", "contain", "contains", "contained", "state", "states", "stated", "with",
		"follows", "error", "errors", "message", "messages", "text", "warning", "warnings", "response", "reply":
		return true
	}
	return false
}

// imperativeClause checks the clause toks[i:j] and its coordinated
// sub-clauses; it reports and returns whether it found an imperative.
func (d *detector) imperativeClause(i, j int, inList bool) bool {
	start := i
	sub := false
	for k := i; k < j; {
		if v := d.imperativeAt(k, j, inList, sub); v > 0 {
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
			sub = true
			continue
		}
		// After a short opening phrase with no clause in it ("More to
		// the point,", "Short of that,", "Last thing,") the sentence's
		// own clause starts; after anything else the words share a
		// subject or continue a list.
		sub = k != i || !d.openingPhrase(i, next, j)
		k = next
		start = next
	}
	return false
}

// openingPhrase reports whether toks[i:next], ending in a comma, is a
// short phrase that opens the sentence before its clause ("More to the
// point,", "Short of that,", "Last thing,") and a command follows it: a
// verb and then its object or particle. The phrase has two to eight words,
// no pronoun subject, auxiliary or finite verb, and does not open with a
// determiner or number (that is a subject: "The 22 member countries of
// the league, ..."); one word before a comma is a list item or a vocative,
// which imperativeAt reads.
func (d *detector) openingPhrase(i, next, j int) bool {
	if next-i < 2 || next >= j-1 || d.phraseComma(i, j) != next || d.finiteIn(i, next) {
		return false
	}
	if w := d.toks[i].w; isDeterminerLike(w) || isNumberWord(w) || strings.ContainsAny(w, "0123456789") {
		return false
	}
	if !d.isVerb(next) {
		return false
	}
	_, strong := strongObjects[d.word(next+1)]
	_, particle := particles[d.word(next+1)]
	return strong || particle
}

// finiteIn reports whether toks[i:j] hold a word that reads as a finite
// verb: an -s or -ed form of a verb that no determiner precedes.
func (d *detector) finiteIn(i, j int) bool {
	l := lexicon.Default()
	for m := i; m < j; m++ {
		w := d.toks[m].w
		_, sForm := l.SLemma(w)
		_, edForm := l.EdLemma(w)
		if (sForm || edForm) && (m == i || !isDeterminerLike(d.toks[m-1].w)) {
			return true
		}
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
	// midSentence: the clause follows a comma or semicolon (sub may be
	// cleared below, after a leading adverbial clause).
	midSentence := sub
	// Skip list markers, openers and a leading adverbial clause.
	for guard := 0; k < j && guard < 16; guard++ {
		t := d.toks[k]
		w := t.w
		switch {
		case isListMarker(t), t.pre() == "[" && strings.HasSuffix(t.post(), "]"):
			k++ // "1.", "-", "[Interactive]"
			continue
		case numberDash(d.toks, k) && k+2 < j:
			k += 2 // "1 - Enable IMDSv2."
			continue
		case !hasLetterOrDigit(t.raw) && !normalize.IsASCII(t.raw):
			k++ // a glyph or emoji before the verb: "➤", "✅", "»" (not a prompt: "$", "#", ">")
			continue
		case strings.HasSuffix(w, "ly") && len(w) > 4 && k+1 < j && !d.isVerb(k) && d.isVerb(k+1) && lyAdverb(w):
			k++ // "Recursively copy ...", "Only output ..."; not a name ("Kelly hit ...")
			continue
		case w == "only" && k+1 < j && d.isVerb(k+1):
			k++
			continue
		case (w == "more" || w == "most" || w == "less" || w == "least") && k+1 < j && strings.HasSuffix(d.word(k+1), "ly") && d.toks[k+1].comma():
			k++ // "Most importantly, rotate the keys": the adverb is skipped below
			continue
		case strings.HasSuffix(w, "ing") && len(w) > 4 && k+2 < j && !t.comma() && d.toks[k+1].comma() && isAdverbWord(d.word(k+1)):
			// "Going forward, avoid ...", "Generally speaking, ...": a
			// participle and its adverb before the comma.
			k, sub = k+2, false
			continue
		case strings.HasSuffix(w, "ing") && len(w) > 5 && k+1 < j && isPreposition(d.word(k+1)):
			// A participle phrase before a comma ("Depending on scale, buy
			// ...", "Judging by the logs, ..."): the clause starts after it.
			if m := d.phraseComma(k, j); m > 0 {
				k, sub = m, false
				continue
			}
		case (w == "rather" && d.word(k+1) == "than" || w == "instead" && d.word(k+1) == "of") && strings.HasSuffix(d.word(k+2), "ing"):
			// "Rather than patching it, replace the library", "Instead of
			// rebuilding, restore the snapshot": the alternative before the
			// comma, then the clause.
			m := k + 2
			for m < j && m-k < 10 && !d.toks[m].comma() {
				m++
			}
			if m < j-1 && d.toks[m].comma() {
				k, sub = m+1, false
				continue
			}
		case w == "step" && k+1 < j && isStepNumber(d.toks[k+1].w):
			k += 2
			continue
		case w == "now" && d.word(k+1) == "that":
			return 0
		case (w == "should" || w == "had" || w == "were") && !midSentence && !strings.HasSuffix(d.toks[j-1].post(), "?"):
			// A condition put as an inversion: "Should the renewal fail
			// again, fall back to ...", "Had the job retried, ...". The
			// clause starts after its comma.
			if m := d.phraseCommaAny(k, j); m > 0 {
				k, sub = m, false
				continue
			}
			return 0
		case w == "do" && (d.word(k+1) == "not" || d.word(k+1) == "n't"):
			negated = true
			k += 2
			continue
		case w == "don't" || w == "dont" || w == "do" && k+1 < j && d.isVerb(k+1) && !strings.HasSuffix(d.toks[j-1].post(), "?"):
			// ("Do third-party plugins register ...?" asks.)
			negated = true
			k++
			continue
		case w == "do" && (!midSentence || coordinated) && isDeterminerLike(d.word(k+1)) && !strings.HasSuffix(d.toks[j-1].post(), "?"):
			return k + 1 // "Do your self a favor"
		case w == "have" && (!midSentence || coordinated) && isDeterminerLike(d.word(k+1)) && !isObjectPronoun(d.word(k+1)) && !strings.HasSuffix(d.toks[j-1].post(), "?"):
			return k + 1 // "Have a look at this", but not "The 22 member countries ..., have a total ..."
		case w == "have" && k+1 < j && (!midSentence || coordinated) && d.bareNounObject(k+1, j):
			return k + 1 // "Have fun in New Zealand", "Have patience with him"
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
			for m < j && m-k < 32 && !d.toks[m].comma() {
				m++
			}
			if m < j && m-k < 32 && d.toks[m].comma() {
				// A prepositional phrase inside a sentence ("blames it on
				// the US, on Israel, except themselves") leaves the
				// clause mid-sentence; a leading adverbial clause ends
				// where the sentence's own clause starts.
				// So does an aside of "as" and a participle ("Drain
				// timeouts, as described in the runbook, apply to ...").
				// Any subordinate clause between commas inside a sentence
				// is an aside too: "Warm starts, when the cache survives,
				// finish in 4 to 6 seconds".
				sub = midSentence && !coordinated && !d.toks[k-1].semi
				k = m + 1
				continue
			}
			// No comma: "If you have questions please call me", "If
			// the build fails run make clean".
			if m := d.pleaseLater(k, j); m > 0 {
				return m
			}
			if isPreposition(w) && !midSentence {
				return d.afterFrontedPhrase(k, j)
			}
			if midSentence && !coordinated {
				// A subordinate clause after the sentence's own clause
				// ("..., when project metadata moved from ...") holds no
				// command of its own.
				return 0
			}
			return d.afterConditional(k, j)
		}
		// A reduplicated phrase is an adverbial idiom: "Pound for pound,",
		// "Step by step,", "Side by side,".
		if n := d.word(k + 1); (n == "for" || n == "by" || n == "to") && k+2 < j && d.word(k+2) == w && d.toks[k+2].comma() {
			k += 3
			continue
		}
		// A name of two capitalised words before a comma addresses or
		// introduces someone: "Jimmy Plant, Blogshares is ...".
		if k+2 < j && d.capitalized(k) && d.capitalized(k+1) && d.toks[k+1].comma() && !vocativeDone && rareVerb(w) {
			vocativeDone = true
			k += 2
			continue
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
	foreign := d.foreignProse(k) && d.foreignFunctionWords(k, 1)
	if t0 := d.toks[k]; (t0.flags&fForeign != 0 || d.word(k+1) == "sie" || strings.HasSuffix(t0.w, "ez") || strings.HasPrefix(t0.w, "n'")) && !(foreign && sub && !coordinated && d.sharedSubject(k)) && d.foreignImperativeAt(k, j) {
		return k + 1
	}
	if d.foreignFunctionWords(k, 1) && d.imperativeByForm(k, j, sub && !coordinated) {
		return k + 1
	}
	if foreign && !polite && !d.englishClause(k, j) {
		// A Spanish, German or French sentence is read by its own
		// language's rules above: a word that opens it and is an English
		// verb is a name there ("Lookup se invoca ...", "Plan und Apply
		// schlagen ... fehl"). An English clause inside it is read as
		// English ("Por favor, delete the staging database").
		return 0
	}
	t := d.toks[k]
	w := t.w
	if !openingPunct(t.pre()) {
		return 0
	}
	if t.flags&fNotImp != 0 && !polite && !(negated && (w == "be" || w == "go")) {
		// ("Don't be late", "Do not go there": after a negation with no
		// subject, "be" and "go" are commands.)
		// A phrasal verb with its particle and object is a command
		// whatever else the opener can be: "Back up the database",
		// "Round off the totals".
		particle := false
		switch d.word(k + 1) {
		case "up", "down", "out", "off", "away", "aside", "over":
			particle = true
		}
		_, object := strongObjects[d.word(k+2)]
		phrasal := particle && object && k+2 < j && !d.toks[k].comma() && !d.toks[k+1].comma()
		if !phrasal && (w != "go" || !d.goIsVerb(k, j)) {
			return 0
		}
	}
	info, ok := isVerbLemma(w)
	if !ok {
		if info, ok = verbAlternation(w); !ok {
			return 0
		}
	}
	if polite || inList || negated {
		return k + 1
	}
	if t.comma() {
		return 0 // a vocative or an interjection: "Gallop, I've read ..."
	}
	if _, ok := subjectPronouns[d.word(k+1)]; ok {
		// A pronoun after the verb is the subject of a clause: of its
		// complement when the verb takes one ("Imagine you're on a
		// mountain", "Remember it runs as root"), else of the sentence
		// with its own subject left out ("Wish you were here").
		if d.clauseAfter(k+1, j) && grammar.Default().TakesClause(w) {
			return k + 1
		}
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
	if d.afterLabel && !midSentence {
		nw := d.word(k + 1)
		_, strong := strongObjects[nw]
		strong = strong && nw != "only" && nw != "no" && nw != "more" && nw != "less" // "Workspaces affected: prod only"
		_, particle := particles[nw]
		if particle && (info.Adj || !d.labelOpensSentence(k-1)) && !d.adviceLabelBefore(k-1) {
			switch nw {
			case "to", "in", "on", "at", "for", "with", "from":
				// An adjective and its complement: "Throughput at 32 cores:
				// equal to throughput at 8 cores", "pip cache: present in
				// the final image"; or a setting's value quoted inside a
				// sentence: "The deploy job gained environment: release in
				// commit 0d9a7f4".
				particle = false
			}
		}
		if !strong && !(particle && !d.afterConfigKey) || k+1 >= j {
			return 0 // (after a configuration key, "id-token: write for ...", a particle is the value's)
		}
	}
	return d.verbReading(k, j, info)
}

// labelEnds reports whether token e, which ends in a colon, ends a
// field's label: one word that is no command on its own ("Collector:",
// "Linker:"; not "Fix:", "Run:"), or a label as label reads it.
func (d *detector) labelEnds(e int) bool {
	i := e
	for i > 0 && !d.toks[i-1].endsSentence() && !d.toks[i-1].nl && e-i < 8 {
		i--
	}
	if strings.ContainsAny(d.toks[e].w, "-_.") && !strings.HasSuffix(d.toks[e].w, ".") {
		return true // a configuration key: "grants id-token: write"
	}
	if i == e {
		// One word: the value is what follows, unless the word announces
		// what to do ("Fix:", "Steps:", "Note:", "Next:").
		return !adviceLabel(d.toks[e].w)
	}
	// A label with an article or an adjective of advice announces advice
	// ("An easy win:", "The fix:", "Best option:").
	for k := i; k <= e; k++ {
		if w := d.toks[k].w; isDeterminerLike(w) || adviceLabel(w) || w == "best" || w == "better" || w == "easy" ||
			w == "quick" || w == "simplest" || w == "safest" || w == "recommended" || w == "option" || w == "win" {
			return false
		}
	}
	return d.label(i, e+1)
}

// adviceLabel reports whether w, alone before a colon, announces what the
// reader is to do: the nouns of advice and sequence that head a command.
func adviceLabel(w string) bool {
	switch w {
	case "note", "notes", "nb", "tip", "tips", "hint", "step", "steps", "fix", "fixes", "solution", "workaround",
		"remedy", "action", "actions", "todo", "next", "then", "first", "finally", "recommendation", "suggestion",
		"important", "warning", "caution", "instructions", "instruction", "usage", "example", "try", "to-do":
		return true
	}
	return false
}

// lyAdverb reports whether w, a word in "-ly", is an adverb: the treebank
// tagged it as one, or, unseen there, it is made from a word of the
// lexicon ("recursively", "happily", "possibly", "fully"). Names and
// nouns ("Kelly", "Holly", "Sally") are not.
func lyAdverb(w string) bool {
	if a, b, ok := strings.Cut(w, "/"); ok {
		return lyAdverb(a) && lyAdverb(b) // "vertically/horizontally"
	}
	if len(w) <= 4 || !strings.HasSuffix(w, "ly") {
		return false
	}
	if adv, seen := grammar.Default().Adverb(w); seen {
		return adv
	}
	l := lexicon.Default()
	n := len(w)
	var stem string
	switch {
	case strings.HasSuffix(w, "ily"):
		stem = w[:n-3] + "y" // happily
	case strings.HasSuffix(w, "lly"):
		stem = w[:n-1] // fully, and "-ally" below
		if n > 6 && l.IsDictionaryWord(w[:n-2]) || strings.HasSuffix(w, "ally") && n > 7 && l.IsDictionaryWord(w[:n-4]) {
			return true // gracefully, locally, automatically
		}
	case strings.HasSuffix(w, "bly"), strings.HasSuffix(w, "ply"), strings.HasSuffix(w, "tly") && n > 4 && w[n-4] != 'n':
		stem = w[:n-1] + "e" // possibly, simply, gently
		if l.IsDictionaryWord(w[:n-2]) {
			return true // exactly, silently
		}
	default:
		stem = w[:n-2] // recursively, quickly
	}
	return len(stem) > 3 && l.IsDictionaryWord(stem)
}

// rareVerb reports whether w is no verb, or one WordNet's sense-tagged
// corpus never saw as a verb ("jimmy"), unlike "try" or "keep".
func rareVerb(w string) bool {
	info, ok := isVerbLemma(w)
	return !ok || info.VerbTag == 0
}

// verbAlternation reads two or three verbs joined by slashes, the way
// a manual offers either action: "Copy/paste", "Start/stop/restart",
// "Mute/Unmute". It returns the first verb's entry. A part that is no
// verb ("Input/output", "TCP/IP") or a part the opener list refuses
// makes no alternation.
func verbAlternation(w string) (lexicon.VerbInfo, bool) {
	n := strings.Count(w, "/")
	if n < 1 || n > 2 || w[len(w)-1] == '/' {
		return lexicon.VerbInfo{}, false
	}
	var first lexicon.VerbInfo
	for i, rest := 0, w; rest != ""; i++ {
		part, after, _ := strings.Cut(rest, "/")
		rest = after
		if len(part) < 2 {
			return lexicon.VerbInfo{}, false
		}
		if _, refused := notImperative[part]; refused {
			return lexicon.VerbInfo{}, false
		}
		v, ok := isVerbLemma(part)
		if !ok {
			return lexicon.VerbInfo{}, false
		}
		if i == 0 {
			first = v
		}
	}
	return first, true
}

// bareNounObject reports whether token k is a singular noun without a
// determiner that ends the clause or is followed by a preposition: the
// object of an imperative "have" ("Have fun", "Have patience with him"),
// not a participle ("Have been there"), "no" or a pronoun.
func (d *detector) bareNounObject(k, j int) bool {
	w := d.toks[k].w
	if isDeterminerLike(w) || subjectPronoun(w) || isObjectPronoun(w) || auxiliaryWord(w) || strings.HasSuffix(d.toks[j-1].post(), "?") {
		return false
	}
	info, ok := isVerbLemma(w)
	if ok && info.VerbTag >= info.NounTag {
		return false
	}
	l := lexicon.Default()
	if _, ed := l.EdLemma(w); ed || !l.IsDictionaryWord(w) || pluralNoun(w) {
		return false
	}
	return k+1 == j || d.toks[k].endsSentence() || isPreposition(d.word(k+1)) || d.word(k+1) == "with" || d.word(k+1) == "and"
}

// clauseAfter reports whether a finite clause opens at the pronoun at k:
// a contracted verb ("you're", "it's") or a finite verb after it.
func (d *detector) clauseAfter(k, j int) bool {
	w := d.toks[k].w
	if i := strings.IndexByte(w, '\''); i > 0 {
		return auxiliaryWord(w[i:]) || w[i:] == "'ll" || w[i:] == "'ve" || w[i:] == "'d" || w[i:] == "'m"
	}
	if k+1 >= j {
		return false
	}
	nx := d.toks[k+1].w
	l := lexicon.Default()
	_, sForm := l.SLemma(nx)
	_, edForm := l.EdLemma(nx)
	return auxiliaryWord(nx) || sForm || edForm
}

// phraseComma returns the index after the comma that closes a short
// adverbial phrase opening at k (at most 8 words, no subject pronoun or
// auxiliary in it), or 0.
func (d *detector) phraseComma(k, j int) int {
	for m := k; m < j && m-k < 8; m++ {
		if w := d.toks[m].w; subjectPronoun(w) || auxiliaryWord(w) {
			return 0
		}
		if d.toks[m].comma() {
			return m + 1
		}
	}
	return 0
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
// The answer is kept per token: the clause readers ask about the same
// tokens many times (each sub-clause's opening words).
func (d *detector) isVerb(k int) bool {
	if k < 0 || k >= len(d.toks) {
		return false
	}
	if len(d.verbs) != len(d.toks) {
		d.verbs = append(d.verbs[:0], make([]uint8, len(d.toks))...)
	}
	switch d.verbs[k] {
	case 1:
		return true
	case 2:
		return false
	}
	_, ok := d.verbLemma(d.toks[k].w)
	d.verbs[k] = 2
	if ok {
		d.verbs[k] = 1
	}
	return ok
}

// verbReading decides between "VERB object ..." (a command) and
// "NOUN-PHRASE verb ..." (a statement) for a clause toks[k:j] whose first
// word is the verb candidate; it returns k+1 for a command, else 0. The
// structure decides (see statement): a determiner or pronoun after the
// verb makes a command; a noun phrase that the opener starts, followed by
// a finite verb it can be the subject of, makes a statement.
func (d *detector) verbReading(k, j int, info lexicon.VerbInfo) int {
	if k+1 >= j {
		// A one-word clause: a command when the word is mainly a verb,
		// but not a label ("feat:, fix: and chore: prefixes"), nor a
		// label's value that an adjective spells ("Rate limiter in
		// client: absent").
		if strings.Contains(d.toks[k].post(), ":") {
			return 0
		}
		if k > 0 && strings.HasSuffix(d.toks[k-1].post(), ":") && !d.toks[k].nl && info.Adj && !d.adviceLabelBefore(k-1) {
			return 0 // (but "Next step: clean", "Action: clear" advise)
		}
		if !info.Noun || info.VerbTag > info.NounTag {
			return k + 1
		}
		return 0
	}
	if d.namedProduct(k, j) {
		return 0 // "React 19 useActionState migration notes"
	}
	if d.labelBeforeValue(k, j) {
		return 0 // "Wait time for a connection: p99 4.2 s"
	}
	nw := d.toks[k+1].w
	if nw == "of" || nw == "'s" || strings.HasSuffix(d.toks[k].raw, "'s") {
		return 0 // "Use of the unsafe package ..."
	}
	if strings.HasSuffix(d.toks[k+1].raw, "'s") && !info.Noun && info.VerbTag > 0 && !d.toks[k].comma() && !d.capitalized(k+1) {
		// A possessive after a verb no noun spells opens its object:
		// "Enable uv's lockfile support" (a capitalised one is a name's
		// part: "React Native's issue tracker").
		return k + 1
	}
	if fl := d.toks[k].flags; fl&fProgram != 0 && fl&fProsey == 0 && (finiteVerbForm(nw) || versionNumber(nw)) {
		// A program's name before a finite verb is the sentence's
		// subject, though the name is also a verb ("Helm records that
		// status in the release secret"), and before a version it is
		// named with it ("pip 24.3.1").
		return 0
	}
	if _, ok := whWords[nw]; ok && info.NounTag > info.VerbTag {
		return 0 // "people who left town early"
	}
	// "that" before a finite verb opens a relative clause, not an object:
	// "Code that touches the cache always locks the map".
	relative := nw == "that" && k+2 < j && finiteVerbForm(d.word(k+2))
	if (nw == "a" || nw == "an" || nw == "the") && k+4 < j && d.titleName(k) {
		return 0 // a title as a name: "Keep a Changelog recommends an Unreleased section"
	}
	if _, ok := strongObjects[nw]; ok && nw != "no" && nw != "more" && nw != "less" && nw != "only" && !relative {
		return k + 1 // "Drop the table", "Clear it"
	}
	switch nw {
	case "up", "down", "out", "off", "away", "back", "over":
		// A particle and then a determiner or pronoun: a phrasal verb and
		// its object, which no noun phrase spells ("Clean up all files
		// generated by LaTeX", "Roll back the last release").
		if n2 := d.word(k + 2); k+2 < j && !d.toks[k+1].comma() && n2 != "no" && n2 != "more" && n2 != "less" && n2 != "only" {
			if _, ok := strongObjects[n2]; ok {
				return k + 1
			}
		}
	}
	// statement and declarativeClause read the same words of the clause:
	// they are cut once.
	var buf [2 * maxSubjectWords]grammar.Token
	var wbuf [2 * maxSubjectWords]string
	_, words := wordsOf(d.subjectText(k, j), buf[:], wbuf[:])
	if statement(words) || declarativeClause(words) || d.subjectBeforeAux(k, j) || d.subjectBeforeVerbS(k, j) || d.subjectBeforePast(k, j) {
		return 0
	}
	if info.VerbTag == 0 && info.NounTag >= 3 && !info.Adj {
		// Mostly a noun to WordNet and never seen as a verb ("Shell
		// completion scripts ..."): a command only with more evidence.
		if _, ok := particles[nw]; !ok {
			return 0
		}
	}
	return k + 1
}

// maxSubjectWords bounds the words of a clause that statement reads.
const maxSubjectWords = 32

// statement reports whether a clause, whose words (subjectText cut by
// wordsOf) are given, reads as a statement whose subject noun phrase
// opens with its first word (see grammar's Model.Subject): "Drop rates
// on the queue stayed low", "Cache hits account for 70% of requests".
func statement(words []string) bool {
	return grammar.Default().Statement(words)
}

// subjectText returns the text of the clause toks[k:j] that statement
// and declarativeClause read.
func (d *detector) subjectText(k, j int) string {
	// A subject and its verb stand within the first words of a clause;
	// reading no further keeps the cost per clause bounded.
	j = min(j, k+maxSubjectWords)
	a, b := d.toks[k].startAt()+int(d.toks[k].wOff), d.toks[j-1].endAt()
	text := d.norm[a:b]
	if d.offs == nil || len(d.src) == len(d.norm) {
		// The source has the same bytes up to case: read it in its own
		// case, which marks names inside the clause.
		if sa, sb := d.offAt(a), d.endAt(b); sb-sa == b-a && sb <= len(d.src) {
			text = d.src[sa:sb]
		}
	}
	return text
}

// subjectBeforeAux reports whether the clause toks[k:j] reads as a noun
// phrase that the opener starts, followed by an auxiliary or a modal:
// "Run time of ANALYZE on events is about 90 seconds", "Cluster nodes
// running the Pekko build cannot join", "Publish attempts have failed on
// every tag". A command's object is followed by no auxiliary unless a
// relative or subordinate clause holds it ("Restart pods that are stuck",
// "Stop services if they are idle") or the verb takes a clause ("Ensure
// backups are encrypted", "Check the logs are rotated"), so the
// auxiliary must come before any comma, subordinator, relative or wh-word
// and "to", at least two words after the opener, whose first word after it
// is no determiner, pronoun, particle or quantifier.
func (d *detector) subjectBeforeAux(k, j int) bool {
	if k+2 >= j {
		return false
	}
	if _, strong := strongObjects[d.word(k+1)]; strong && d.word(k+1) != "that" {
		return false
	}
	if _, particle := particles[d.word(k+1)]; particle && !(d.word(k+1) == "to" && versionLike(d.word(k+3)) && d.toPhrase(k+1, j)) { // ("Upgrade to axios 1.6.0 changes ..." reads on)
		return false
	}
	if grammar.Default().TakesAnyClause(d.toks[k].w) {
		return false
	}
	for m := k + 1; m < j && m <= k+maxSubjectWords; m++ {
		t := d.toks[m]
		w := t.w
		if m > k+1 && auxiliaryWord(w) && (w != "do" && w != "don't" || d.negatedDo(m, j)) {
			return true
		}
		if (w == "and" || w == "or") && (!d.joinsVerb(m) || d.coordinatedSubject(m, j)) {
			continue // "between matched and unmatched users", "Debug information and the symbol table are ..."
		}
		if t.comma() {
			if q := d.aside(m, j); q > 0 {
				m = q // "Hit rate logging, added in the same file, has reported ..."
				continue
			}
		}
		if q := d.parenthetical(m, j); q > 0 {
			m = q // an aside in parentheses: "Build 5.2.0 (520) was rejected ..."
			continue
		}
		if t.comma() || t.endsSentence() || w == "to" || w == "and" || w == "or" || w == "but" || w == "so" || w == "as" ||
			w == "than" || strings.ContainsAny(t.pre(), "([") || t.raw == "-" || t.raw == "—" || t.raw == "–" {
			return false // a clause or an aside of its own: "Reconnect Arthas (default port ... is 3658)"
		}
		if w == "that" || w == "which" || w == "who" {
			// A relative clause inside the subject: "Code that uses
			// multiple templates will need ...". Its verb is passed
			// over; the auxiliary after it is the sentence's. (A
			// command's object takes one too, "Delete files that are
			// older than a week", so the clause's own verb must not be
			// an auxiliary, and the auxiliary must follow it.)
			if v := d.relativeVerb(m, j); v > 0 && !auxiliaryWord(d.toks[v].w) {
				for q := v + 1; q < j && q <= v+8; q++ {
					if d.toks[q-1].comma() || d.toks[q-1].endsSentence() {
						break
					}
					if pw := d.toks[q-1].w; pw == "and" || pw == "or" || pw == "but" {
						break // the relative clause goes on: "pods that crash and are restarted"
					}
					if aw := d.toks[q].w; auxiliaryWord(aw) && (aw != "do" && aw != "don't" || d.negatedDo(q, j)) {
						return true
					}
				}
			}
			return false
		}
		if _, wh := whWords[w]; wh || w == "that" || w == "whose" || w == "whom" || t.flags&fSubord != 0 && !phrasePreposition(w) {
			return false
		}
		if subjectPronoun(w) {
			return false
		}
	}
	return false
}

// adviceLabelBefore reports whether the label that ends at token e holds
// a word that announces advice ("Next step:", "Action:").
func (d *detector) adviceLabelBefore(e int) bool {
	for i := e; i >= 0 && e-i < 4; i-- {
		if adviceLabel(d.toks[i].w) {
			return true
		}
		if i == 0 || d.toks[i-1].endsSentence() || d.toks[i-1].nl {
			break
		}
	}
	return false
}

// labelBeforeValue reports whether the clause toks[k:j] is a field's
// label: a noun phrase without a determiner after its first word, ending
// in a colon that a measurement follows ("Wait time for a connection: p99
// 4.2 s", "Upload time for the cache: 48 s per run"). A command that
// introduces what follows names it ("Run the following: ...").
func (d *detector) labelBeforeValue(k, j int) bool {
	if j >= len(d.toks) || j-k > 12 || !strings.HasSuffix(d.toks[j-1].post(), ":") || d.toks[j].nl {
		return false
	}
	if _, strong := strongObjects[d.word(k+1)]; strong {
		return false
	}
	v := d.toks[j].w
	switch v {
	case "median", "mean", "average", "avg", "max", "min", "about", "roughly", "approximately", "around", "up":
		v = d.word(j + 1) // a statistic before its number: "Pull time ...: median 78 s"
		if v == "to" {
			v = d.word(j + 2)
		}
	}
	if strings.HasPrefix(v, "p") && len(v) > 1 && v[1] >= '0' && v[1] <= '9' {
		v = v[1:] // a percentile: "p99"
	}
	return v != "" && v[0] >= '0' && v[0] <= '9'
}

// step is what subjectStep makes of a token of a subject.
type step uint8

const (
	stepRead step = iota // a word to test as the subject's verb
	stepSkip             // part of the noun phrase: go on
	stepStop             // the phrase ends without a verb: no statement
)

// subjectStep reads token *m of the noun phrase that the opener at k
// starts, for subjectBeforeVerbS and subjectBeforePast: an aside after a
// comma is passed over (*m moves to the token that closes it, recorded in
// *closed: "pull request 977, merged in June 2025, replaced ..."), as is
// a conjunction of nouns ("Cache entries for release-2.x and main share
// ..."); any other comma, a sentence's end, a bracket, "to", a
// conjunction of clauses or a subject pronoun ends the phrase.
func (d *detector) subjectStep(k, j int, m, closed *int) step {
	t, prev := d.toks[*m], d.toks[*m-1]
	if prev.comma() && *m-1 > k && *m-1 != *closed {
		if q := d.aside(*m-1, j); q > 0 {
			*m, *closed = q, q
			return stepSkip
		}
	}
	if *m > k+1 && strings.IndexByte(t.pre(), '(') >= 0 && !prev.comma() && !prev.endsSentence() {
		if q := d.parenAside(*m, j); q > 0 {
			// An aside in parentheses after the noun it describes ("Commit
			// e71ab03 (\"bump pool size\") changed ...", "Build 5521
			// (nightly) failed ..."): the phrase reads on after it. It is
			// not taken for a closed aside, which a verb follows: a gloss
			// in parentheses may go on with its noun ("Write EOF
			// (End-of-file) mark at ...").
			*m = q
			return stepSkip
		}
	}
	if prev.comma() && *m-1 != *closed || prev.endsSentence() || strings.ContainsAny(t.pre(), "([") {
		return stepStop
	}
	w := t.w
	if (w == "and" || w == "or") && (!d.joinsVerb(*m) || d.coordinatedSubject(*m, j)) {
		return stepSkip
	}
	if w == "to" && (*m > k+1 || versionLike(d.word(*m+2))) && d.toPhrase(*m, j) {
		return stepSkip // a phrase inside the noun phrase: "Write traffic to orders_lineitem averages ..."
	}
	if w == "to" || w == "and" || w == "or" || w == "but" || w == "so" || w == "as" || w == "than" || subjectPronoun(w) {
		return stepStop
	}
	return stepRead
}

// participleWord reports whether w is a participle: a dictionary -ing
// form, or an -ed form the lexicon knows.
func participleWord(w string) bool {
	if len(w) > 5 && strings.HasSuffix(w, "ing") && lexicon.Default().IsDictionaryWord(w) {
		return true
	}
	_, ed := lexicon.Default().EdLemma(w)
	return ed || grammar.Default().PastOnly(w)
}

// properName reports whether token i is written with a capital in the
// caller's text and is no day or month: a name ("Dana", "Zod").
func (d *detector) properName(i int) bool {
	t := d.toks[i]
	a := d.offAt(t.startAt() + int(t.wOff))
	if a < 0 || a >= len(d.src) || d.src[a] < 'A' || d.src[a] > 'Z' {
		return false
	}
	switch t.w {
	case "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march",
		"april", "may", "june", "july", "august", "september", "october", "november", "december", "i":
		return false
	}
	return true
}

// parenAside returns the last token of the parenthesised aside that
// token m opens, when it closes within eight tokens, before the
// sentence's end, with a word after it in toks[:j]; 0 otherwise.
func (d *detector) parenAside(m, j int) int {
	for q := m; q < j-1 && q <= m+8; q++ {
		t := d.toks[q]
		if q > m && strings.IndexByte(t.pre(), '(') >= 0 {
			return 0
		}
		if strings.IndexByte(t.post(), ')') >= 0 {
			if t.endsSentence() || t.comma() {
				return 0
			}
			return q
		}
		if t.endsSentence() {
			return 0
		}
	}
	return 0
}

// toPhrase reports whether the "to" at token m opens a prepositional
// phrase whose object is a determiner's noun phrase, a name or an
// identifier (not an infinitive), and a finite verb with its object or
// a measure follows within the subject's reach: "Write traffic to
// orders_lineitem averages 900 inserts", "Connect attempts to the
// database succeed". After a command's object such a phrase is where it
// goes ("Write traffic to the replica"), and no finite verb follows.
func (d *detector) toPhrase(m, j int) bool {
	n := d.word(m + 1)
	if m+1 >= j || !(isDeterminerLike(n) && !isObjectPronoun(n) || strings.ContainsAny(n, "_./") || identifierWord(n) && !d.isVerb(m+1) ||
		versionLike(d.word(m+2)) && !d.isVerb(m+1)) { // a product and its version: "Upgrade to axios 1.6.0 or later changes ..."
		return false
	}
	for v := m + 2; v < j && v <= m+6; v++ {
		if d.toks[v-1].comma() || d.toks[v-1].endsSentence() {
			return false
		}
		w := d.toks[v].w
		if _, ok := lexicon.Default().SLemma(w); ok && !isDeterminerLike(d.word(v-1)) {
			if nx := d.word(v + 1); v+1 < j && (isDeterminerLike(nx) || versionLike(nx) || isNumberWord(nx)) {
				return true
			}
		}
		if d.pluralVerbAt(v, false) {
			return true
		}
	}
	return false
}

// coordinatedSubject reports whether the "and" at token m joins a second
// noun phrase to a subject, which a plural verb after it shows: "Debug
// information and the symbol table are still included", "DWARF data and
// the symbol table remain". After a singular noun a plural verb agrees
// with both; a clause of its own after a command's object agrees with its
// own subject ("Restart the pod and the service is back").
func (d *detector) coordinatedSubject(m, j int) bool {
	if w := d.word(m + 1); w != "the" && w != "a" && w != "an" && w != "its" && w != "their" && w != "this" {
		return false
	}
	for q := m + 2; q < j && q <= m+6; q++ {
		t, prev := d.toks[q], d.toks[q-1]
		if prev.comma() || prev.endsSentence() || subjectPronoun(t.w) || t.w == "to" {
			return false
		}
		switch t.w {
		case "are", "were", "have", "aren't", "weren't", "haven't":
			return !strings.HasSuffix(prev.w, "s")
		}
		if auxiliaryWord(t.w) {
			return false
		}
		if info, verb := isVerbLemma(t.w); verb && !info.Noun && !info.Adj && info.VerbTag > 0 && !strings.HasSuffix(t.w, "ed") && !strings.HasSuffix(t.w, "ing") && !isDeterminerLike(prev.w) {
			return !strings.HasSuffix(prev.w, "s") // "... and the symbol table remain"
		}

	}
	return false
}

// aside returns the token that closes an aside opened after the comma at
// token m by a past participle or a relative pronoun ("logging, added in
// the same file, has ...", "Issue 5120, which asks for the key to be
// rotated, contains ..."): the token that carries the next comma, within
// twelve words and the clause; or 0.
func (d *detector) aside(m, j int) int {
	if m+2 >= j {
		return 0
	}
	w := d.toks[m+1].w
	if w == "as" && m+3 < j {
		w = d.toks[m+2].w // "as shown by observer", "as described in RFC 9110"
	}
	switch {
	case isNumberWord(w), (w == "about" || w == "roughly" || w == "around" || w == "nearly" || w == "over" || w == "under") && isNumberWord(d.word(m+2)):
		// a quantity: "Process restarts of the feed importer, about 9 per
		// day per pod, trace back to ..."
	case w == "when", w == "while", w == "if", w == "unless", w == "although", w == "though", w == "because", w == "once", w == "where", w == "which", w == "who":
		// a clause of its own: "Warm starts, when the cache survives,
		// finish in 4 to 6 seconds", "Debug builds, which skip R8, pass"
	case (w == "still" || w == "now" || w == "already" || w == "currently" || w == "recently" || w == "originally" || w == "previously") &&
		participleWord(d.word(m+2)):
		// an adverb and a participle: "Release 4.1.7, still deployed at
		// the DR site, reads ..."
	default:
		if _, ed := lexicon.Default().EdLemma(w); !ed {
			return 0
		}
	}
	for q := m + 1; q < j-1 && q <= m+12; q++ {
		if d.toks[q].endsSentence() {
			return 0
		}
		if d.toks[q].comma() {
			return q
		}
	}
	return 0
}

// subjectBeforeVerbS reports whether the clause toks[k:j] reads as a noun
// phrase that the opener starts, followed by a verb in the -s form with
// its object: "Restart cadence hides the leak", "Build output on main
// shows the error three times", "Apply output lists 23 CRDs". The -s word
// must be one no plural noun spells (the treebank saw it as a verb and
// never as a plural, or WordNet lists its lemma as a verb and not as a
// noun: "declares", "retries"), or be followed by an article, a possessive, a
// number or an object pronoun, which no plural object of a command has
// after it ("Check system logs for errors", "Rotate access keys every 90
// days" stay commands). The same bounds as subjectBeforeAux apply.
func (d *detector) subjectBeforeVerbS(k, j int) bool {
	if k+2 >= j {
		return false
	}
	if _, strong := strongObjects[d.word(k+1)]; strong && d.word(k+1) != "that" {
		return false
	}
	if _, particle := particles[d.word(k+1)]; particle && !(d.word(k+1) == "to" && versionLike(d.word(k+3)) && d.toPhrase(k+1, j)) { // ("Upgrade to axios 1.6.0 changes ..." reads on)
		return false
	}
	if w, n := d.word(k+1), d.word(k+2); !d.toks[k].comma() && !d.toks[k+1].comma() && d.objectStart(n) {
		if lemma, ok := lexicon.Default().SLemma(w); ok && d.verbOnlyS(w, lemma) {
			// An -s form no plural noun spells right after the opener is
			// its verb, so the opener is its subject: "Google recommends
			// using ...", "Order declares tags ..." (a command's object
			// would have to be that word, even after a verb that takes a
			// clause). An object must follow: after a preposition or a
			// participle the word is a noun the lexicon lacks ("Show
			// commits made since ...", "Push commits to ...").
			return true
		}
	}
	m0 := grammar.Default()
	if m0.TakesAnyClause(d.toks[k].w) {
		return false
	}
	l := lexicon.Default()
	closed := -1       // the token whose comma closed an aside
	afterPrep := false // a preposition inside the noun phrase
	for m := k + 1; m < j && m <= k+maxSubjectWords; m++ {
		switch d.subjectStep(k, j, &m, &closed) {
		case stepSkip:
			continue
		case stepStop:
			return false
		}
		t, prev := d.toks[m], d.toks[m-1]
		w := t.w
		if w == "that" || w == "which" || w == "who" {
			// A relative clause inside the subject: "code that uses them
			// conditionally checks for them first". Its verb is passed
			// over; the sentence's verb comes after it.
			if v := d.relativeVerb(m, j); v > 0 {
				return d.verbAfterRelative(v, j)
			}
		}
		if _, wh := whWords[w]; wh || w == "that" || w == "whose" || t.flags&fSubord != 0 && !phrasePreposition(w) {
			return false
		}
		if m > k+1 && (frequencyAdverb(w) || strings.HasSuffix(w, "ly") && lyAdverb(w)) && d.presentVerbAt(m+1, j) && !isDeterminerLike(prev.w) && !isPreposition(prev.w) && prev.w != "and" && prev.w != "or" && prev.w != "then" {
			// An adverb and a verb after the noun phrase: its verb, which
			// a command's object never has outside a clause of its own
			// ("Route tables in the VPC already reference 6 peerings",
			// "Watch callbacks on count never fire after mount").
			return true
		}
		if m > k+1 && d.pluralVerbAt(m, m-1 == closed) && !bareInfinitiveTaker(d.toks[k].w) {
			// A verb no noun spells, in its base form, right after the
			// noun phrase: the phrase's verb in the plural ("Connect
			// attempts to the database by IP succeed"). A command's object
			// takes one only after a verb of letting or seeing ("Watch
			// the tests fail").
			return true
		}
		if isPreposition(w) {
			afterPrep = true // (one right after the opener is no particle: those stop the reading above)
		}
		lemma, ok := l.SLemma(w)
		if _, verb := isVerbLemma(lemma); ok && verb && m-1 == closed && m > k+1 {
			// Right after an aside that describes the noun phrase, whatever
			// ends the aside ("Report RPT-17, opened by the audit team on
			// 2026-09-02, lists ...").
			return true
		}
		named := (m == k+2 || m == k+3 && !isDeterminerLike(d.word(k+1))) && numeral(prev.w) // "Line 41 appends ...", "Model version 14 renames ...": the number names the noun
		if m == k+1 || !ok || isDeterminerLike(prev.w) || isPreposition(prev.w) || isNumberWord(prev.w) && !named {
			continue // ("with 6 writes": a count's plural)
		}
		if _, verb := isVerbLemma(lemma); verb {
			n := d.word(m + 1)
			switch {
			case m == k+2 && identifierWord(prev.w) && m+1 < j && d.properName(m+1):
				// A noun and its identifier, then a verb and a name as its
				// object: "Ticket OPS-4410 names Dana Whitfield as ...".
				return true
			case m-1 == closed:
				// Right after an aside that describes the noun phrase:
				// "Merge 4c2d9e1, which reverted the cache change,
				// references issue OPS-77" (after a command's object an
				// aside ends the sentence or another clause follows).
				return true
			case m == k+2 && identifierWord(prev.w) && n == "that":
				// A noun and its identifier, then a verb of saying and its
				// clause: "Ticket INC-5512 records that ..." ("Update
				// records that the import marked" has no identifier).
				return true
			case afterPrep && (n == "back" || n == "up" || n == "down" || n == "out" || n == "off" || n == "over") && !d.toks[m].comma():
				// A phrasal verb after a noun phrase with a prepositional
				// phrase in it: "Noise between 18 and 20 kHz folds back
				// into the passband" ("Turn debug logs off" has none).
				return true
			}
		}
		if strings.HasSuffix(prev.w, "ly") && lyAdverb(prev.w) {
			return true // an adverb before it: "... conditionally checks for them"
		}
		if info, verb := isVerbLemma(lemma); (m0.Verb3Only(w) || verb && !info.Noun && info.VerbTag > 0) && (m-1 == closed || !m0.CanBeAdjective(prev.w)) {
			return true // "declares", "retries": no plural noun has the form (after an adjective it is one: "available bookmarks")
		}
		if l.Measure(prev.w) && !strings.HasSuffix(prev.w, "s") && !strings.HasSuffix(prev.w, "ing") && l.NoObject(lemma) && d.quantityAfter(m+1, j) {
			// A measure in the singular, a verb that goes without an
			// object and agrees with it, and the quantity it reaches:
			// "Log volume rises fivefold", "Write latency during the day
			// stays at 1 to 2 ms" ("Monitor latency spikes" has no
			// quantity after a noun's plural).
			return true
		}
		switch n := d.word(m + 1); {
		case n == "the" || n == "its" || n == "their" || n == "it" || n == "them":
			return true
		case n != "" && n[0] >= '0' && n[0] <= '9', versionLike(strings.TrimLeft(n, "^~<>=")) && strings.ContainsAny(n, "^~<>="):
			return true // a number or a version range: "... shows ^2.4.0 for @acme/types"
		case m+1 < j && strings.Contains(d.toks[m+1].raw, "=") && !strings.HasPrefix(d.toks[m+1].raw, "="):
			return true // a setting as its object: "... shows rows=1200 estimated"
		case named && m+1 < j && (strings.ContainsAny(d.toks[m+1].w, "._") || d.allCaps(m+1)):
			return true // an identifier as its object: "Model version 14 renames Note.body", "Hibernate 6 maps AUTO"
		case m >= k+3 && strings.ContainsAny(prev.w, "/._") && isPreposition(d.word(m-2)) &&
			(n == "twice" || n == "once" || n == "only" || strings.HasSuffix(n, "ing") && len(n) > 5 && lexicon.Default().IsDictionaryWord(n)):
			// A file named after a preposition ends the noun phrase
			// ("in connect.c"): the -s form after it is the sentence's
			// verb, which its frequency or a gerund after it shows ("Retry
			// logic in connect.c retries twice on timeout", "Drain
			// handling in src/server/lifecycle.cpp stops accepting new
			// matches"; "Delete log files only on Sundays" stays a
			// command).
			return true
		case (n == "most" || n == "all" || n == "some" || n == "many" || n == "none") && d.word(m+2) == "of":
			return true // a part of its object: "... hides most of the 502s"
		case n == "which" && m+2 < j && d.nounAt(m+2):
			return true // a question as its object: "... tracks which fields each manager owns"
		}
		return false
	}
	return false
}

// subjectBeforePast reports whether the clause toks[k:j] reads as a noun
// phrase that the opener starts, followed by a verb in the past with what
// only a finite past takes after it: an object ("Checkout returned 5xx",
// "Park rolled back the model"), a particle, a quantity ("Order rate
// peaked at 312 per second", "p99 rose to 80 ms"), or a form that is no
// participle ("rose", "grew"). A participle that modifies a command's
// object takes a prepositional phrase ("List files changed in the last
// commit", "Delete branches merged into main") and stays one. The same
// bounds as subjectBeforeAux apply.
func (d *detector) subjectBeforePast(k, j int) bool {
	if k+2 >= j {
		return false
	}
	if _, strong := strongObjects[d.word(k+1)]; strong {
		return false
	}
	if _, particle := particles[d.word(k+1)]; particle && !(d.word(k+1) == "to" && versionLike(d.word(k+3)) && d.toPhrase(k+1, j)) { // ("Upgrade to axios 1.6.0 changes ..." reads on)
		return false
	}
	m0 := grammar.Default()
	if m0.TakesClause(d.toks[k].w) || m0.TakesClause(d.toks[k].w+"s") {
		return false // "Verify backups completed at 02:00": the verb's clause
	}
	l := lexicon.Default()
	closed := -1 // the token whose comma closed an aside
	for m := k + 1; m < j && m <= k+maxSubjectWords; m++ {
		switch d.subjectStep(k, j, &m, &closed) {
		case stepSkip:
			continue
		case stepStop:
			return false
		}
		t, prev := d.toks[m], d.toks[m-1]
		w := t.w
		if w == "that" || w == "which" || w == "who" {
			// A relative clause inside the subject, then a form only a
			// finite past has: "Query latency for dashboards that use
			// this metric rose to 20 s". A command's object takes a
			// relative clause, but no past verb after it.
			return d.pastAfterRelative(m, j)
		}
		if _, wh := whWords[w]; wh || w == "that" || w == "whose" || t.flags&fSubord != 0 && !phrasePreposition(w) {
			return false
		}
		lemma, ed := l.EdLemma(w)
		past := m0.PastOnly(w)
		if n := d.word(m + 1); m == k+1 && (aspectual(lemma) || aspectual(l.Irregular[w])) && strings.HasSuffix(n, "ing") && len(n) >= 5 &&
			lexicon.Default().IsDictionaryWord(n) && !d.toks[m].comma() {
			// A verb of beginning, going on or stopping in the past before
			// a gerund, right after the opener: "Mail kept going to about
			// 18,000 invalid addresses", "Checkout stopped working" (a
			// participle before a noun is "Enable detailed logging").
			return true
		}
		if !ed && !past && m > k+2 && samePast(w) && (m-1 == closed || !strings.HasSuffix(prev.w, "s") && !isDeterminerLike(prev.w) && !isPreposition(prev.w) &&
			prev.w != "and" && prev.w != "or" && prev.w != "then" && !functionWord(prev.w) && !isAdverbWord(prev.w) && !d.toks[m-1].comma()) &&
			(d.word(m+1) == "the" || d.word(m+1) == "a" || d.word(m+1) == "an") && !d.toks[m].comma() {
			// (or after an aside that closed: "Commit 3fe0a19, merged on
			// 2026-10-01, split the job into two containers")
			// A verb whose past is its base form after a singular noun
			// phrase and before its object: a past, since the base would
			// take -s after a singular ("Sync order for the release put
			// the Deployment and the Job in the same wave").
			return true
		}
		if (ed || past) && m > k+2 && (prev.w == "both" || prev.w == "all" || prev.w == "each") && !d.toks[m-2].comma() {
			if p := d.word(m - 2); !isDeterminerLike(p) && !isPreposition(p) && !functionWord(p) {
				// A quantifier that floats after its noun phrase, before
				// the verb: "Pull requests 51 and 52 both added a
				// migration" ("Delete both added keys": a determiner).
				return true
			}
		}
		if !ed && !past || isDeterminerLike(prev.w) || isPreposition(prev.w) {
			continue
		}
		if past && m > k+1 {
			return true
		}
		if n := d.word(m + 1); ed && m > k+1 && l.Intransitive(lemma) && n != "by" && n != "into" && !d.toks[m].comma() {
			// A verb used mostly without an object has no passive, so no
			// participle of it modifies a command's object: "Unseal
			// attempts failed on all three pods", against "Delete files
			// created in 2020". An agent or a goal marks a passive all
			// the same ("branches merged into main").
			return true
		}
		if m == k+2 && identifierWord(prev.w) {
			return true // a noun and its identifier name one thing: "Request 5c1e7a0b-... failed at 10:02"
		}
		if m == k+3 && numeral(prev.w) && !isDeterminerLike(d.word(k+1)) && !isPreposition(d.word(k+1)) && m+1 < j && d.properName(m+1) {
			// A noun named by its number, then a past and a name as its
			// object: "Pull request 412 introduced Zod 3 for ..."
			// ("Revert PR 97 merged on Monday": no name after it).
			return true
		}
		if n := d.word(m + 1); ed && m > k+1 && l.Measure(prev.w) && l.NoObject(lemma) && !d.toks[m].comma() &&
			(n != "by" || isNumberWord(d.word(m+2))) && n != "into" && n != "within" && n != "inside" && n != "under" && n != "onto" {
			// A measure changes by itself: a verb that goes without an
			// object, after a noun that names a measure, is its verb
			// ("Build times doubled after the upgrade", "Queue depth
			// increased during the import"), where a participle would
			// modify a command's object ("Delete files changed after the
			// upgrade", "Compare latencies recorded before the fix"), or
			// say where it is ("List resources embedded within an
			// assembly").
			return true
		}
		n, n2 := d.word(m+1), d.word(m+2)
		if m == k+1 && m+1 < j && !t.comma() && !isDeterminerLike(n) && !isPreposition(n) && n != "to" && !isNumberWord(n) && !timeUnit(n) &&
			lexicon.Default().IsDictionaryWord(n) && !auxiliaryWord(n) {
			if _, particle := particles[n]; !particle {
				continue // a participle before its noun: "Peak allocated memory rose ..."
			}
		}
		switch {
		case n == "the" || n == "its" || n == "their" || n == "it" || n == "them":
			return true // an object: no participle takes one
		case n == "back" || n == "up" || n == "down" || n == "out" || n == "off" || n == "over":
			return true // "rolled back", "spun up"
		case strings.HasSuffix(n, "ing") && len(n) > 5 && m > k+1 && lexicon.Default().IsDictionaryWord(n):
			return true // a verb and its gerund: "Push notifications stopped reaching iOS devices"
		case (n == "at" || n == "to" || n == "by" || n == "from") && n2 != "" && !strings.Contains(n2, ":") &&
			(n2[0] >= '0' && n2[0] <= '9' || n2 == "about" || n2 == "around" || n2 == "roughly"):
			return true // a quantity, not a time: "peaked at 312", "dropped by 30%"
		case n != "" && n[0] >= '0' && n[0] <= '9' && !timeUnit(n2):
			return true // "Checkout returned 5xx"; not "changed 3 days ago"
		}
		return false
	}
	return false
}

// aspectual reports whether lemma is a verb of beginning, going on or
// stopping, which takes a gerund: "kept going", "stopped working".
func aspectual(lemma string) bool {
	switch lemma {
	case "stop", "start", "keep", "begin", "continue", "finish", "quit", "resume", "cease":
		return true
	}
	return false
}

// samePast reports whether w is one of the English verbs whose past is
// spelt as their base form.
func samePast(w string) bool {
	switch w {
	case "put", "set", "cut", "hit", "let", "shut", "spread", "cost", "split", "cast", "burst", "broadcast", "upset", "reset", "quit", "shed":
		return true
	}
	return false
}

// pastAfterRelative reports whether the relative clause that the
// pronoun at token m opens is followed, in the same clause, by a form
// only a finite past has ("rose", "grew", "took"). The relative clause's
// own verb is an -s, -ed or auxiliary form, or a base form after a
// plural ("dashboards that use this metric").
func (d *detector) pastAfterRelative(m, j int) bool {
	v := d.relativeVerb(m, j)
	if v == 0 && m+1 < j && strings.HasSuffix(d.toks[m-1].w, "s") {
		if _, ok := isVerbLemma(d.word(m + 1)); ok {
			v = m + 1
		}
	}
	if v == 0 {
		return false
	}
	m0 := grammar.Default()
	for q := v + 1; q < j && q <= v+8; q++ {
		if d.toks[q-1].comma() || d.toks[q-1].endsSentence() {
			return false
		}
		if pw := d.toks[q-1].w; pw == "and" || pw == "or" || pw == "but" {
			return false
		}
		if m0.PastOnly(d.toks[q].w) && !isDeterminerLike(d.toks[q-1].w) {
			return true
		}
	}
	return false
}

// titleName reports whether the opener at k, an article and a
// capitalised word after it name a work or a product in title case,
// followed by an -s form of a verb with its object: "Keep a Changelog
// recommends an Unreleased section", "Read the Docs hosts the manual". A
// command's capitalised object ("Open the Settings menu") has no verb of
// its own after it.
func (d *detector) titleName(k int) bool {
	if !d.capitalized(k) || !d.capitalized(k+2) || d.toks[k+1].comma() || d.toks[k+2].comma() {
		return false
	}
	if _, ok := lexicon.Default().SLemma(d.word(k + 3)); !ok || d.capitalized(k+3) {
		return false
	}
	n := d.word(k + 4)
	return isDeterminerLike(n) || n == "it" || n == "them" || n != "" && n[0] >= '0' && n[0] <= '9'
}

// quantityAfter reports whether the words from token m state a quantity
// a measure reaches: "fivefold", "by 30%", "at 1 to 2 ms", "to 20 s".
func (d *detector) quantityAfter(m, j int) bool {
	if m >= j {
		return false
	}
	w := d.word(m)
	if strings.HasSuffix(w, "fold") && len(w) > 4 {
		return true
	}
	switch w {
	case "at", "to", "by", "from": // (not "above 2 s": a threshold, "Monitor latency spikes above 2 s")
		n := d.word(m + 1)
		if n == "about" || n == "around" || n == "roughly" || n == "nearly" || n == "almost" {
			n = d.word(m + 2)
		}
		return n != "" && n[0] >= '0' && n[0] <= '9'
	}
	return false
}

// joinsVerb reports whether the conjunction at token m joins a verb, as a
// second command does ("Stop the service and restart it"), rather than a
// noun or an adjective ("between matched and unmatched users").
func (d *detector) joinsVerb(m int) bool {
	n := d.word(m + 1)
	if n == "" || auxiliaryWord(n) || subjectPronoun(n) || n == "there" || isDeterminerLike(n) {
		return true // a clause of its own: "... and there will be", "... and the build goes green"
	}
	if _, ok := isVerbLemma(n); !ok {
		return false
	}
	return !grammar.Default().CanBeAdjective(n) && !d.isNounAfterAnd(m+1)
}

// isNounAfterAnd reports whether the word at token i, after a
// conjunction, reads as a noun: a plural, or a word followed by a plural
// or by a finite verb form ("release-2.x and main share").
func (d *detector) isNounAfterAnd(i int) bool {
	if _, ok := lexicon.Default().SLemma(d.word(i + 1)); ok {
		return true
	}
	return auxiliaryWord(d.word(i + 1))
}

// phrasePreposition reports whether w is a preposition that opens a
// phrase inside a noun phrase ("Log volume at DEBUG for the pricing
// package", "Lock conflicts between autovacuum and the job"), not a
// subordinator that may open a clause ("before", "after", "until",
// "since", "once", "while").
func phrasePreposition(w string) bool {
	switch w {
	case "for", "of", "between", "among", "per", "about", "against", "via", "without", "around", "near", "during",
		"like", "toward", "towards", "behind", "beyond", "across", "along", "inside", "outside":
		return true
	}
	return isPreposition(w)
}

// identifierWord reports whether w is an identifier that names one
// thing: letters and digits mixed, as a hash, a UUID or a ticket number
// ("5c1e7a0b-2f4d-...", "c90b2d4", "srch-412"), not a count or a version.
func identifierWord(w string) bool {
	digits, letters := 0, 0
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c >= 'a' && c <= 'z':
			letters++
		case c == '-' || c == '_':
		default:
			return false
		}
	}
	return digits > 0 && letters > 0 && len(w) >= 5 && !versionLike(w)
}

// timeUnit reports whether w names a unit of time.
func timeUnit(w string) bool {
	switch strings.TrimSuffix(w, "s") {
	case "second", "sec", "minute", "min", "hour", "hr", "day", "week", "month", "year", "ms", "s", "h", "d":
		return true
	}
	return false
}

// verbAfterRelative reports whether a finite verb in -s follows the
// relative clause whose verb is toks[v], within six words and before a
// comma: "code that uses them conditionally checks for them", "code that
// touches the cache always locks the map". An adverb before it, a form no
// noun has, or an article after it marks the verb.
func (d *detector) verbAfterRelative(v, j int) bool {
	l := lexicon.Default()
	m0 := grammar.Default()
	for m := v + 1; m < j && m <= v+6; m++ {
		t, prev := d.toks[m], d.toks[m-1]
		if prev.comma() || prev.endsSentence() {
			return false
		}
		if _, ok := l.SLemma(t.w); !ok || m == v+1 {
			continue
		}
		switch {
		case strings.HasSuffix(prev.w, "ly") && lyAdverb(prev.w), frequencyAdverb(prev.w), m0.Verb3Only(t.w):
			return true
		}
		if n := d.word(m + 1); n == "the" || n == "its" || n == "their" || n == "a" || n == "an" {
			return true
		}
	}
	return false
}

// pluralVerbAt reports whether toks[m] is a verb in its base form that
// no noun or adjective spells ("succeed", "exist"), after a noun: not
// after a determiner, a preposition, "to", a modal or an auxiliary,
// where a base form is no finite verb; after a comma only when the comma
// closes an aside (afterAside: "Drain timeouts, as described in the
// runbook, apply to ...").
func (d *detector) pluralVerbAt(m int, afterAside bool) bool {
	w, prev := d.toks[m].w, d.toks[m-1].w
	if strings.HasSuffix(w, "ing") || strings.ContainsAny(w, "-_./") {
		return false
	}
	info, verb := isVerbLemma(w)
	if strings.HasSuffix(w, "ed") && !verb {
		return false // a past form; a base form that ends so ("succeed", "exceed") is read on
	}
	// (After an aside's comma the noun phrase waits for its verb, so a
	// verb that is also a noun counts: "Debug builds, which skip R8,
	// pass on the same runners".)
	if !verb || (info.Noun || info.Adj) && !(afterAside && info.VerbTag > 0) || info.VerbTag == 0 {
		return false
	}
	if _, ok := lexicon.Default().Irregular[w]; ok {
		return false // a past form that is also a base ("put", "set")
	}
	if (frequencyAdverb(prev) || strings.HasSuffix(prev, "ly") && lyAdverb(prev)) && m > 1 {
		prev = d.toks[m-2].w // ("and interactively activate")
	}
	switch prev {
	case "and", "or", "nor", "but", "then", "to":
		return false // a second command: "Enable or disable a workflow"
	}
	if isDeterminerLike(prev) || isPreposition(prev) || auxiliaryWord(prev) || subjectPronoun(prev) || isNumberWord(prev) {
		return false
	}
	// What follows a finite verb: the clause's end, a preposition, an
	// object's determiner, a number or an adverb; a noun after it makes
	// it a modifier ("the hot write path").
	_, afterPlural := lexicon.Default().SLemma(prev)
	afterPlural = afterPlural && len(prev) > 3 && !strings.HasSuffix(prev, "ss")
	if m+1 < len(d.toks) && !d.toks[m].endsSentence() && !d.toks[m].comma() && !afterPlural {
		// (After a plural noun a noun may follow as the verb's object:
		// "lower levels reduce compile and link time".)
		n := d.toks[m+1].w
		_, part := particles[n]
		if !isPreposition(n) && n != "to" && !(afterAside && part) && !isDeterminerLike(n) && !isNumberWord(n) && !(n != "" && n[0] >= '0' && n[0] <= '9') && !frequencyAdverb(n) && !(strings.HasSuffix(n, "ly") && lyAdverb(n)) {
			return false
		}
	}
	if _, ok := lexicon.Default().SLemma(prev); ok {
		return true // after a plural: "attempts ... succeed"
	}
	_, pverb := isVerbLemma(prev)
	return !pverb && (!d.toks[m-1].comma() || afterAside)
}

// bareInfinitiveTaker reports whether a verb takes an object followed by
// a bare infinitive: "let", "make", "have", "help" and the verbs of
// perception ("Watch the tests fail").
func bareInfinitiveTaker(w string) bool {
	switch w {
	case "let", "make", "have", "help", "watch", "see", "hear", "feel", "notice", "bid":
		return true
	}
	return false
}

// presentVerbAt reports whether toks[m] (m < j) is a verb in its base or
// -s form: "reference", "fires" (not a past form, which may be a
// participle: "branches already merged").
func (d *detector) presentVerbAt(m, j int) bool {
	if m >= j {
		return false
	}
	w := d.toks[m].w
	if lemma, ok := lexicon.Default().SLemma(w); ok {
		_, verb := isVerbLemma(lemma)
		return verb
	}
	if strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing") {
		return false
	}
	_, verb := isVerbLemma(w)
	return verb
}

// isAdverbWord reports whether w is an adverb that closes a short
// participle phrase before a comma: "Going forward,", "Looking ahead,".
func isAdverbWord(w string) bool {
	switch w {
	case "forward", "ahead", "back", "on", "along", "further", "so", "again":
		return true
	}
	return false
}

// functionWord reports whether w is a preposition or conjunction that
// a noun phrase follows: "of", "for", "after", "and".
func functionWord(w string) bool {
	switch w {
	case "of", "for", "to", "after", "before", "since", "until", "like", "than", "as", "and", "or", "nor", "but", "about", "around", "near", "along", "behind", "below", "above", "off", "up", "down", "out":
		return true
	}
	return false
}

// numeral reports whether w is written in digits: "41", "8.2.0".
func numeral(w string) bool {
	return w != "" && w[0] >= '0' && w[0] <= '9' && strings.Trim(w, "0123456789.,") == ""
}

// frequencyAdverb reports whether w is an adverb that stands between a
// subject and its verb: "always", "never", "also", "often", "still".
func frequencyAdverb(w string) bool {
	switch w {
	case "always", "never", "also", "often", "usually", "still", "only", "rarely", "sometimes", "now", "already", "even", "just", "seldom":
		return true
	}
	return false
}

// relativeVerb returns the index of the verb of the relative clause that
// token m ("that", "which", "who") opens, within four words, or 0: "code
// that uses them", "paths that need neither ...".
func (d *detector) relativeVerb(m, j int) int {
	l := lexicon.Default()
	for v := m + 1; v < j && v <= m+4; v++ {
		w := d.toks[v].w
		if d.toks[v-1].comma() || d.toks[v-1].endsSentence() {
			return 0
		}
		_, s := l.SLemma(w)
		_, ed := l.EdLemma(w)
		if s || ed || auxiliaryWord(w) {
			return v
		}
	}
	return 0
}

// declarativeClause reports whether the clause analysis reads a clause,
// whose words are given as for statement, as a statement whose subject
// the first word opens (see grammar's Model.DeclarativeOpening): "Code
// using the runtime.Type interface should now use package reflect",
// "Cluster managers and hosting providers should use tools ...", where
// the noun phrase is longer than the subject reader follows.
func declarativeClause(words []string) bool {
	return grammar.Default().DeclarativeOpening(words)
}

// wordsOf cuts text into the grammar's tokens and their words, in the
// caller's buffers.
func wordsOf(text string, tb []grammar.Token, wb []string) ([]grammar.Token, []string) {
	toks := grammar.Tokenize(text, tb[:0])
	words := wb[:0]
	for _, t := range toks {
		words = append(words, t.Text(text))
	}
	return toks, words
}

// timeAdverbs follow a finite verb, not a noun object.
var timeAdverbs = map[string]bool{"often": true, "rarely": true, "daily": true, "weekly": true,
	"monthly": true, "nightly": true, "again": true, "last": true, "yesterday": true,
	"today": true, "recently": true, "sometimes": true, "always": true, "never": true,
	"twice": true, "once": true, "frequently": true, "occasionally": true, "sharply": true}

func isPreposition(w string) bool {
	switch w {
	case "in", "on", "at", "under", "from", "by", "with", "inside", "within", "into", "over", "across", "through", "throughout",
		"between", "among", "amongst", "during", "via", "per", "without", "against", "toward", "towards", "beneath", "beside", "despite", "amid", "onto", "upon", "unlike":
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

// conditionals open a clause after which, with no comma, an imperative
// can follow: "If the build fails run make clean".
var conditionals = setOf("if", "when", "whenever", "once", "after", "before", "unless", "until")

// afterFrontedPhrase finds the imperative of a sentence that opens with a
// prepositional phrase and no comma: "From the 'edit' menu select
// 'paste'", "In the 7th line add the word 'into'", "Along with the burger
// try the onion rings". The phrase's noun phrase runs to the first word
// that can be a base-form verb and has its object right after it (a
// determiner, a pronoun or a quotation); a subject or an auxiliary before
// that verb makes the sentence a statement ("In the logs the worker
// prints a trace", "From 2023 on, support was dropped").
func (d *detector) afterFrontedPhrase(k, j int) int {
	for m := k + 2; m < j && m < k+12; m++ {
		t := d.toks[m]
		if t.comma() || t.endsSentence() && m+1 < j {
			return 0
		}
		w, prev := t.w, d.toks[m-1].w
		if subjectPronoun(w) || auxiliaryWord(w) || strings.HasSuffix(w, "ed") || w == "to" {
			return 0
		}
		if (w == "the" || w == "a" || w == "an") && m > k+1 && !isDeterminerLike(prev) && !isPreposition(prev) && d.toks[m-1].flags&fSubord == 0 && !d.toks[m-1].nl && !functionWord(prev) {
			// A second noun phrase after the phrase's own: the clause's
			// subject ("At 10:20 the job set a new password"); a command
			// follows the phrase with its verb ("From the edit menu
			// select Save").
			return 0
		}
		if isDeterminerLike(prev) || isPreposition(prev) || prev == "of" || prev == "and" || prev == "or" {
			continue // still inside the phrase: "from the edit menu"
		}
		info, ok := isVerbLemma(w)
		if !ok || d.capitalized(m) {
			continue
		}
		if m+1 >= j {
			return 0
		}
		nx := d.toks[m+1]
		_, strong := strongObjects[nx.w]
		quote := strings.ContainsAny(nx.pre(), "'\"“‘")
		if !strong && !quote || nx.w == "no" || nx.w == "more" || nx.w == "less" || nx.w == "only" {
			continue
		}
		if _, finite := lexicon.Default().SLemma(w); finite {
			return 0 // "In the logs the worker prints a trace": a finite verb
		}
		for n := k + 1; n < m; n++ {
			if d.capitalized(n) && !isDeterminerLike(d.toks[n-1].w) {
				return 0 // a name is the subject: "In this movie Google and Amazon create ..."
			}
		}
		for n := m + 2; n < j && n <= m+6 && !d.toks[n-1].comma(); n++ {
			w, prev := d.toks[n].w, d.toks[n-1].w
			_, finite := lexicon.Default().SLemma(w)
			if finite && !isDeterminerLike(prev) && !isPreposition(prev) || auxiliaryWord(w) {
				return 0 // "With the flag set the cache skips the lock", "with an exact hit it takes 40 s"
			}
		}
		if d.verbReading(m, j, info) > 0 {
			return m + 1
		}
		return 0
	}
	return 0
}

// afterConditional finds the imperative of a sentence that opens with a
// conditional clause and no comma ("If the build fails run make clean",
// "When the cache is stale delete the directory"); it returns the verb's
// index plus one, or 0. The conditional clause's own verb comes first:
// an auxiliary or modal, an -s or -ed form not right after a determiner,
// or a base form after a plural noun or a pronoun. The imperative is the
// first base-form verb after it that reads as a command (see
// verbReading), is not the object of a determiner, preposition, modal or
// "to", and cannot be the present tense of a subject before it (a
// plural noun or a pronoun: "If the build passes tests run again").
func (d *detector) afterConditional(k, j int) int {
	if _, ok := conditionals[d.toks[k].w]; !ok {
		return 0
	}
	if m := d.conditionalByTags(k, j); m > 0 {
		return m
	}
	l := lexicon.Default()
	v := -1
	for p := k + 2; p < j && p < k+12 && v < 0; p++ {
		if d.toks[p-1].comma() || d.toks[p-1].endsSentence() {
			return 0
		}
		w, prev := d.toks[p].w, d.toks[p-1].w
		_, sForm := l.SLemma(w)
		_, edForm := l.EdLemma(w)
		_, pron := subjectPronouns[prev]
		switch {
		case auxiliaryWord(w):
			v = p
		case (sForm || edForm) && !isDeterminerLike(prev):
			v = p
		case d.isVerb(p) && (pron || prev == "you" || pluralNoun(prev)):
			v = p
		}
	}
	if v < 0 {
		return 0
	}
	limit := v + 8
	for m := v + 1; m < j && m < limit; m++ {
		if d.toks[m-1].comma() || d.toks[m-1].endsSentence() {
			return 0
		}
		if strings.HasPrefix(d.toks[m].pre(), "(") {
			// An aside in parentheses inside the condition ("If the
			// weight is going into your heels (it throws your leg
			// forward) put ..."): read on after it.
			q := m
			for q < j && q-m < 16 && !strings.Contains(d.toks[q].post(), ")") {
				q++
			}
			if q >= j || !strings.Contains(d.toks[q].post(), ")") || d.toks[q].endsSentence() {
				return 0
			}
			limit += q - m + 1
			m = q
			continue
		}
		if w, prev := d.toks[m].w, d.toks[m-1].w; (isDeterminerLike(w) || subjectPronoun(w)) && !isPreposition(prev) && m > v+1 {
			return 0 // a subject opens the main clause: "When she was spayed the vet had ..."
		}
		info, ok := isVerbLemma(d.toks[m].w)
		if !ok {
			continue
		}
		prev := d.toks[m-1].w
		_, pron := subjectPronouns[prev]
		// (A plural noun right after a verb is its object, not the
		// subject of the next: "If you wish to pick eggs make a mop".)
		objectNoun := pluralNoun(prev) && m-2 > v && d.toks[m-2].w != "to" && d.isVerb(m-2) && d.word(m-3) == "to"
		if isDeterminerLike(prev) || isPreposition(prev) || auxiliaryWord(prev) || prev == "to" || pron || prev == "you" || pluralNoun(prev) && !objectNoun ||
			prev == "and" || prev == "or" || prev == "but" {
			continue
		}
		if _, particle := particles[d.toks[m].w]; particle || d.capitalized(m) || info.NounTag > info.VerbTag {
			continue // "... went back to", "... by Bin Laden", "... like a kitten"
		}
		// Without a comma the evidence must be strong: an object right
		// after the verb (a determiner, a pronoun, a program) or a
		// particle ("roll back the deploy").
		if m+1 >= j {
			return 0
		}
		nx := d.toks[m+1]
		_, strong := strongObjects[nx.w]
		_, particle := particles[nx.w]
		if !strong && !particle && nx.flags&fProgram == 0 {
			continue
		}
		if d.verbReading(m, j, info) > 0 {
			return m + 1
		}
		return 0
	}
	return 0
}

// conditionalByTags reads the clause toks[k:j], opened by a conditional
// with no comma after it, with the treebank-trained tagger: a word the
// tagger reads as a base-form verb (VB, which a finite clause's verb is
// not) after the conditional clause's own finite verb, with no modal,
// "to" or auxiliary before it, opens an imperative main clause: "If you
// wish to pick eggs make a spawning mop", "If the weight is going into
// your heels put the stirrups up". The verb must take an object or a
// particle, and the clause reading (verbReading) still decides. It
// returns the index after the verb, or 0.
func (d *detector) conditionalByTags(k, j int) int {
	j = min(j, k+maxSubjectWords)
	if !d.mayHoldVerb(k+1, j) {
		return 0 // what the tags could point to is never a verb: no need to tag
	}
	a, b := d.toks[k].startAt()+int(d.toks[k].wOff), d.toks[j-1].endAt()
	text := d.norm[a:b]
	var buf [2 * maxSubjectWords]grammar.Token
	var wbuf [2 * maxSubjectWords]string
	gt, words := wordsOf(text, buf[:], wbuf[:])
	m := grammar.Default()
	var tbuf [2 * maxSubjectWords]grammar.Tag
	tags := m.TagWords(words, tbuf[:0])
	finite := false
	for i := 1; i+1 < len(words); i++ {
		x := m.XPOS(tags[i])
		switch {
		case x == "VBP" || x == "VBZ" || x == "VBD" || x == "MD" || x == "VBG" && i == 1:
			finite = true // "if it fails", "when choosing a parakeet"
			continue
		case x == "VB":
		case x == "NN" && finite && nounForVerb(m, words, tags, i):
			// A verb the tagger took for a noun where no noun fits: "When
			// choosing a parakeet look for a young one", "If the build
			// fails run make clean".
		default:
			continue
		}
		if !finite {
			continue
		}
		switch m.XPOS(tags[i-1]) {
		case "NN", "NNS", "NNP", "NNPS", "PRP", "RB", "RP", "JJ", "CD", "-RRB-":
		case "VBZ", "VBD", "VBP":
			if x != "NN" {
				continue
			}
		default:
			continue // "to shave", "would like", "did take"
		}
		switch strings.ToLower(words[i-1]) {
		case "do", "does", "did", "n't", "not", "please":
			continue
		}
		if !baseNoSubject(m, words, tags, i) {
			continue // "When she goes to the zoo the elephants throw her peanuts"
		}
		switch m.XPOS(tags[i+1]) {
		case "DT", "PRP", "PRP$", "RP", "NN", "NNS", "IN", "CD":
		case "VB":
			if x != "NN" {
				continue
			}
		default:
			continue
		}
		// Back to the detector's tokens: the one that holds the verb.
		off := a + int(gt[i].Start)
		for p := k + 1; p < j; p++ {
			t := d.toks[p]
			if ws := t.startAt() + int(t.wOff); ws == off {
				info, ok := isVerbLemma(t.w)
				if !ok || d.toks[p-1].comma() || x == "NN" && d.capitalized(p) {
					return 0 // a name: "... to Acupuncture Doctor"
				}
				if d.verbReading(p, j, info) > 0 {
					return p + 1
				}
				return 0
			}
		}
		return 0
	}
	return 0
}

// mayHoldVerb reports whether a token of toks[i:j] is a verb of the
// lexicon (isVerbLemma) with no comma right before it: the only tokens
// conditionalByTags can answer with.
func (d *detector) mayHoldVerb(i, j int) bool {
	for p := max(i, 1); p < j; p++ {
		if _, ok := isVerbLemma(d.toks[p].w); ok && !d.toks[p-1].comma() {
			return true
		}
	}
	return false
}

// nounForVerb reports whether the word at i, which the tagger read as a
// singular noun, is a lower-case base-form verb standing right after the
// end of the conditional clause (a noun or its finite verb, not a
// determiner or modifier) and before what a verb takes (a preposition, a
// determiner, a pronoun, a verb as its object: "run make clean").
func nounForVerb(m *grammar.Model, words []string, tags []grammar.Tag, i int) bool {
	w := words[i]
	if w == "" || w[0] < 'a' || w[0] > 'z' {
		return false
	}
	if _, ok := isVerbLemma(w); !ok {
		return false
	}
	switch m.XPOS(tags[i-1]) {
	case "NN", "NNS", "NNP", "VBZ", "VBD", "VBP":
	default:
		return false
	}
	if subjectPronoun(strings.ToLower(words[i+1])) {
		return false // "... Acupuncture doctor I was ...": a subject follows
	}
	switch m.XPOS(tags[i+1]) {
	case "IN", "DT", "PRP", "PRP$", "VB":
		return true
	}
	return false
}

// baseNoSubject reports whether the noun phrase before the base-form
// verb at i cannot be its subject: it is the object of a preposition or a
// verb before it ("into your heels put", "to pick eggs make"), or a
// singular noun, which a base form does not agree with ("fit the bill
// ask"). "the elephants throw" can be a subject and its verb.
func baseNoSubject(m *grammar.Model, words []string, tags []grammar.Tag, i int) bool {
	p := i - 1
	head := m.XPOS(tags[p])
	if head == "PRP" {
		switch strings.ToLower(words[p]) {
		case "i", "we", "they", "you":
			return false
		}
		return true // "them", "it": an object
	}
	for p >= 0 {
		x := m.XPOS(tags[p])
		switch x {
		case "NN", "NNS", "NNP", "NNPS", "JJ", "CD", "POS":
			p--
			continue
		case "DT", "PRP$":
			p-- // a determiner opens the phrase: "the zoo the elephants"
		}
		break
	}
	if p >= 0 {
		switch x := m.XPOS(tags[p]); {
		case x == "IN", x == "TO", x == "RP", strings.HasPrefix(x, "VB"):
			return true
		}
	}
	return head == "NN" || head == "NNP" || head == "RB" || head == "RP" || head == "-RRB-" || head == "CD"
}

// subjectPronoun reports whether w is a pronoun that is a subject.
func subjectPronoun(w string) bool {
	_, ok := subjectPronouns[w]
	return ok || w == "you" || w == "it" || w == "you'll" || w == "you've" || w == "you'd" || w == "they'll" || w == "it'll"
}

// auxiliaryWord reports whether w is a form of be, have or do, or a modal.
func auxiliaryWord(w string) bool {
	switch w {
	case "is", "are", "was", "were", "be", "been", "am", "'s", "'re", "has", "have", "had", "does", "did", "do",
		"can", "could", "will", "would", "shall", "should", "may", "might", "must", "isn't", "aren't", "doesn't", "don't", "won't", "can't",
		"cannot", "wasn't", "weren't", "hasn't", "haven't", "didn't", "couldn't", "wouldn't", "shouldn't", "mustn't":
		return true
	}
	return false
}

// pluralNoun reports whether w is the plural of a noun the lexicon knows
// ("tests", "users"): such a word can be the subject of a base-form verb.
func pluralNoun(w string) bool {
	if len(w) < 3 || w[len(w)-1] != 's' || strings.HasSuffix(w, "ss") {
		return false
	}
	return lexicon.Default().IsDictionaryWord(w[:len(w)-1]) || strings.HasSuffix(w, "es") && lexicon.Default().IsDictionaryWord(w[:len(w)-2])
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

// openingPunct reports whether pre, the punctuation glued before a word,
// can stand before a clause's first word: quotes, an opening bracket,
// an inverted exclamation mark, emphasis ("'Delete ...'", "«Supprimez
// ...»", "¡Borra ...!"). A word after "-", "$", "/" or "#" is an argument
// or a name, and one after "¿" opens a question.
func openingPunct(pre string) bool {
	for _, r := range pre {
		switch r {
		case '"', '\'', '(', '*', '_', '`', '«', '“', '‘', '„', '‚', '¡', '[', '{':
		default:
			return false
		}
	}
	return true
}

// hasLetterOrDigit reports whether s holds a letter or a digit.
func hasLetterOrDigit(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// nounAt reports whether token i reads as a noun and not as a verb: a
// plural noun, or an English word that is no verb.
func (d *detector) nounAt(i int) bool {
	w := d.word(i)
	if pluralNoun(w) {
		return true
	}
	_, verb := isVerbLemma(w)
	return !verb && !auxiliaryWord(w) && lexicon.Default().IsDictionaryWord(w)
}

// negatedDo reports whether "do" or "don't" at token m is negated before a verb
// ("do not appear", "don't match"): the plural subject's auxiliary, which
// a command's object is not followed by.
func (d *detector) negatedDo(m, j int) bool {
	v := m + 1
	if d.toks[m].w == "do" {
		if d.word(m+1) != "not" {
			return false
		}
		v++
	}
	return v < j && d.isVerb(v)
}

// ordinalWord reports whether w is an English ordinal number word.
func ordinalWord(w string) bool {
	switch w {
	case "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "last", "next":
		return true
	}
	return false
}

// verbOnlyS reports whether w, an -s form of lemma, is no plural noun:
// the lemma is no noun to WordNet and the treebank never tagged w as a
// plural noun.
func (d *detector) verbOnlyS(w, lemma string) bool {
	info, verb := isVerbLemma(lemma)
	if !verb || info.Noun || info.VerbTag == 0 {
		return false
	}
	m := grammar.Default()
	// (A verb added to WordNet's for software, "backup", carries no noun
	// reading: the treebank must have seen the form as a verb.)
	return m.Verb3Only(w) || info.VerbTag >= 2 && !m.SeenPlural(w)
}

// objectStart reports whether w can open a verb's object: it is no
// preposition, "to", subordinator or past participle.
func (d *detector) objectStart(w string) bool {
	if w == "" || w == "to" || isPreposition(w) || phrasePreposition(w) {
		return false
	}
	switch w {
	case "since", "until", "before", "after", "when", "while", "if", "because", "as":
		return false
	}
	_, ed := lexicon.Default().EdLemma(w)
	return !ed
}

// phraseCommaAny returns the index after the first comma within 16 words
// of k, before the sentence ends, or 0.
func (d *detector) phraseCommaAny(k, j int) int {
	for m := k; m < j-1 && m < k+16; m++ {
		if d.toks[m].endsSentence() {
			return 0
		}
		if d.toks[m].comma() {
			return m + 1
		}
	}
	return 0
}

// parenthetical returns the token that closes an aside in parentheses
// opened at token m, after the subject's first words and holding no
// auxiliary or finite verb of its own, or 0. ("Reconnect Arthas (default
// port ... is 3658)" keeps its clause inside.)
func (d *detector) parenthetical(m, j int) int {
	if !strings.HasPrefix(d.toks[m].pre(), "(") {
		return 0
	}
	for q := m; q < j && q < m+8; q++ {
		t := d.toks[q]
		if auxiliaryWord(t.w) || t.endsSentence() && !strings.Contains(t.post(), ")") {
			return 0
		}
		if strings.Contains(t.post(), ")") {
			if q+1 >= j || t.endsSentence() {
				return 0
			}
			return q
		}
	}
	return 0
}

// labelOpensSentence reports whether the label that ends at token e is a
// label of its own, holding no finite verb, rather than a setting's name
// inside a sentence ("The deploy job gained environment: release ...").
func (d *detector) labelOpensSentence(e int) bool {
	l := lexicon.Default()
	for i := e; i >= 0 && e-i < 12; i-- {
		w := d.toks[i].w
		_, sForm := l.SLemma(w)
		_, edForm := l.EdLemma(w)
		if i < e && (auxiliaryWord(w) || edForm || sForm && !pluralNoun(w)) {
			return false
		}
		if d.toks[i].nl || i > 0 && d.toks[i-1].endsSentence() {
			break
		}
	}
	return true
}

// recordList reports whether the sentence toks[i:j] is a record of
// settings after a label, "name value" pairs between commas or
// semicolons:
// "analytics_slot, active false, restart_lsn 3A/1F000028", "rule id
// expire-tmp, Expiration 30 days, Filter empty". Every item has at most
// three words and no determiner or pronoun, and at least half of them
// hold a value no prose word spells (a number, an identifier, a
// boolean). A list of short commands holds none ("Restart nginx, flush
// caches, rotate keys").
func (d *detector) recordList(i, j int) bool {
	// A record follows its label on the line ("Bucket: acme-audit-logs;
	// rule id ...", "pg_replication_slots: analytics_slot, ..."); one that
	// announces advice ("Fix: set retries 3, timeout 30s") does not count.
	labelled := false
	for e := i - 1; e >= 0 && e >= i-8 && !d.toks[e+1].nl; e-- {
		if strings.HasSuffix(d.toks[e].post(), ":") {
			labelled = d.labelEnds(e)
			break
		}
	}
	if !labelled {
		return false
	}
	items, values, n := 0, 0, 0
	value := false
	for k := i; k < j; k++ {
		t := d.toks[k]
		w := t.w
		if isDeterminerLike(w) || subjectPronoun(w) || isObjectPronoun(w) {
			return false
		}
		n++
		if n > 3 {
			return false
		}
		switch w {
		case "true", "false", "none", "null", "empty", "on", "off", "enabled", "disabled":
			value = true
		default:
			value = value || strings.ContainsAny(w, "0123456789_-./")
		}
		if t.comma() || t.semi || k == j-1 {
			items++
			if value {
				values++
			}
			n, value = 0, false
		}
	}
	return items >= 2 && 2*values >= items
}

// allCaps reports whether token i is written in capitals in the caller's
// text, two letters or more ("AUTO", "NULL").
func (d *detector) allCaps(i int) bool {
	t := d.toks[i]
	a := d.offAt(t.startAt() + int(t.wOff))
	b := d.endAt(t.startAt() + int(t.wOff) + len(t.w))
	if a < 0 || b > len(d.src) || b-a < 2 {
		return false
	}
	for _, c := range []byte(d.src[a:b]) {
		if c >= 'a' && c <= 'z' {
			return false
		}
	}
	return true
}
