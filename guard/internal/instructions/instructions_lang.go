package instructions

import (
	"strings"

	"github.com/wardline/wardline/guard/internal/grammar"
	"github.com/wardline/wardline/guard/internal/langid"
)

// The command rules read English: a word that is not an English word can
// be a program's subcommand ("simctl", "assembleRelease"), and a line
// without English function words can be a command line. In a sentence
// written in another language the detectors read (Spanish, German,
// French) every word is "not English", so these readings hold only with
// shell syntax as evidence.

// sentenceLang returns the language of the sentence that holds token i,
// as langid identifies it, or "" when it holds too little evidence. The
// answer for the last sentence asked about is kept, so asking for every
// token of a sentence costs one identification.
func (d *detector) sentenceLang(i int) string {
	a, b := d.sentenceBounds(i)
	if d.langKnown {
		return d.lang
	}
	d.langKnown, d.lang = true, ""
	if res, ok := langid.Default().Identify(d.norm[d.toks[a].startAt():d.toks[b-1].endAt()]); ok {
		d.lang = res.Lang
	}
	return d.lang
}

// sentenceBounds returns the tokens [a, b) of the sentence that holds
// token i: from after the last token that ends a sentence or line, to the
// next one. A sentence is cut at 64 tokens each way from the token that
// first asked for it, and the bounds are kept for every token inside
// them, so that a run of tokens without an end costs a bounded amount of
// work per token however long it is.
func (d *detector) sentenceBounds(i int) (int, int) {
	if d.sentKnown && d.sentFrom <= i && i < d.sentTo {
		return d.sentFrom, d.sentTo
	}
	a := i
	for a > 0 && i-a < 64 && !d.toks[a-1].endsSentence() && !d.toks[a].nl {
		a--
	}
	b := i + 1
	for b < len(d.toks) && b-i < 64 && !d.toks[b-1].endsSentence() && !d.toks[b].nl {
		b++
	}
	english := 0
	for k := a; k < b && english < 2; k++ {
		if d.toks[k].flags&fFunction != 0 {
			english++
		}
	}
	foreign, you := 0, false
	for k := a; k < b; k++ {
		fl := d.toks[k].flags
		if fl&fForeignFn != 0 && foreign < 2 {
			foreign++
		}
		you = you || fl&fYou != 0
	}
	d.sentFrom, d.sentTo, d.sentKnown, d.langKnown, d.sentEnglish = a, b, true, false, english >= 2
	d.sentForeign, d.sentYou = foreign, you
	return a, b
}

// englishSentence reports whether the sentence that holds token i is
// English: it has two English function words, or the language identifier
// says so. English enough that a word another language uses as a command
// ("Lee", "Martinez") is read as an English name.
func (d *detector) englishSentence(i int) bool {
	if d.sentenceBounds(i); d.sentEnglish {
		return true
	}
	return d.sentenceLang(i) == "en"
}

// foreignProse reports whether token i stands in a sentence written in
// Spanish, German or French, the other languages the detectors read. (A
// line that langid gives to a language outside that set is left to the
// checker's language rule, and to the English reading here: a command
// line of invented words can look like any language.)
func (d *detector) foreignProse(i int) bool {
	d.sentenceBounds(i)
	// Two English function words make a sentence English enough, and most
	// sentences are decided here, without the identifier; but German
	// shares "in", "an" and "so" with English, so two function words of
	// those languages send the sentence to the identifier all the same.
	// Without one, the identifier's answer is not trusted ("npm install
	// lodash@4.17.21 resolves the advisory": one English function word and
	// many identifiers).
	switch {
	case d.sentForeign == 0, d.sentEnglish && d.sentForeign < 2:
		return false
	case d.sentForeign >= 2 && !d.sentEnglish:
		return true // "Le gabarit billing/templates/invoice_list.html affiche ..."
	}
	switch d.sentenceLang(i) {
	case "es", "de", "fr":
		return true
	}
	return false
}

// shellSyntax reports whether text holds syntax only a shell gives
// meaning to: a flag, a pipe, a redirection, a substitution or sudo.
func shellSyntax(text string) bool {
	if strings.HasPrefix(text, "-") || strings.ContainsAny(text, "|>`$") {
		return true
	}
	for i := strings.Index(text, " -"); i >= 0; {
		// A flag; a negative number is none ("MaxDeliver -1").
		if i+2 < len(text) && (text[i+2] < '0' || text[i+2] > '9') {
			return true
		}
		k := strings.Index(text[i+2:], " -")
		if k < 0 {
			break
		}
		i += 2 + k
	}
	return strings.Contains(text, "sudo ")
}

// finiteAfter reports whether the word after token i is the -s or -ed
// form of a verb that is not a subcommand: the sign that token i is the
// subject of a sentence ("reports/tasks.py schedules send_report", "bin/setup
// installs the hooks") rather than a program with its arguments.
func (d *detector) finiteAfter(i int) bool {
	if i+1 >= len(d.toks) || d.toks[i].endsSentence() || d.toks[i].comma() {
		return false
	}
	nx := d.toks[i+1]
	if nx.pre() != "" || !isLowerWord(nx.w) {
		return false
	}
	if nx.flags&fSubcommand != 0 { // in subcommands
		return false
	}
	return grammar.Default().Inflected(nx.w)
}

// productCased reports whether token i, not a path, is written as a name
// in the caller's text: with a capital after a lower-case letter
// ("MySQL", "PostgreSQL", "GitHub"), or capitalised inside a sentence
// ("the Java client 3.6"). In a sentence that is a product's name rather
// than a program typed at a prompt. (Some programs are spelt so,
// "VBoxManage": callers weigh it with the sentence around it.)
func (d *detector) productCased(i int) bool {
	t := d.toks[i]
	a := d.offAt(t.startAt() + int(t.wOff))
	b := d.endAt(t.startAt() + int(t.wOff) + len(t.w))
	if a < 0 || b > len(d.src) || a >= b {
		return false
	}
	if strings.IndexByte(t.w, '/') >= 0 {
		return false // a path: "path/to/ShooterGameServer"
	}
	lower := false
	for _, c := range []byte(d.src[a:b]) {
		switch {
		case c >= 'a' && c <= 'z':
			lower = true
		case c >= 'A' && c <= 'Z' && lower:
			return true
		}
	}
	// A capital inside a sentence: "the Java client 3.6", "results from
	// Trivy show ...". (At a sentence's start every word has one.)
	c := d.src[a]
	return c >= 'A' && c <= 'Z' && i > 0 && !d.toks[i].nl && !d.toks[i-1].endsSentence() && !isListMarker(d.toks[i-1])
}

func isLowerWord(w string) bool {
	if w == "" {
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// englishClause reports whether the language identifier reads the clause
// toks[k:j] as English.
func (d *detector) englishClause(k, j int) bool {
	if k >= j {
		return false
	}
	english := false
	for m := k; m < j && !english; m++ {
		english = d.toks[m].flags&fFunction != 0
	}
	if !english {
		return false // (the identifier is asked only when an English word could make it English)
	}
	res, ok := langid.Default().Identify(d.norm[d.toks[k].startAt():d.toks[j-1].endAt()])
	return ok && res.Lang == "en"
}

// foreignFunctions are function words of Spanish, German and French that
// English text does not use: a sentence the identifier gives to one of
// those languages must hold one before the English reading of its words
// is set aside ("Delete personal repo on GitHub" has none).
var foreignFunctions = setOf(
	// Spanish
	"de", "la", "el", "los", "las", "del", "al", "se", "que", "con", "para", "por", "una", "unos", "unas", "es", "está",
	"están", "son", "sobre", "desde", "cada", "y", "pero", "porque", "cuando", "como", "más", "muy", "también", "sin",
	"entre", "hasta", "hay", "fue", "ser", "sus", "su", "este", "esta", "estos", "estas", "ese", "esa", "donde", "todos",
	// French
	"le", "les", "des", "du", "et", "est", "sont", "dans", "pour", "avec", "ne", "pas", "qui", "sur", "une", "au", "aux",
	"sans", "sous", "mais", "donc", "quand", "comme", "très", "aussi", "déjà", "encore", "lors", "lorsque", "leur",
	"leurs", "cette", "ces", "ce", "dont", "où", "été", "être", "peut", "doit", "tous", "toutes", "depuis", "avant", "après",
	// German
	"der", "die", "das", "und", "ist", "sind", "mit", "von", "für", "nicht", "ein", "eine", "dem", "den", "seit",
	"auf", "im", "zu", "wird", "wurde", "nach", "bei", "aus", "über", "unter", "wenn", "weil", "dass", "oder", "aber",
	"auch", "noch", "nur", "laut", "bis", "durch", "ohne", "gegen", "zwischen", "kein", "keine", "wir", "ich", "sich",
	"werden", "hat", "haben", "kann", "muss", "soll", "diese", "dieser", "dieses", "jede", "jeder", "alle", "sehr", "schon",
)

// foreignFunctionWords reports whether the sentence that holds token i has
// at least n words of foreignFunctions.
// (n is at most 2.)
func (d *detector) foreignFunctionWords(i, n int) bool {
	d.sentenceBounds(i)
	return d.sentForeign >= n
}

// foreignCopula reports whether w is a Spanish, German or French form of
// "be" or "become", which after a name makes a sentence ("task_acks_late
// ist global aktiviert") as "is" does in English.
func foreignCopula(w string) bool {
	switch w {
	case "es", "está", "son", "están", "era", "fue", "ist", "sind", "war", "wird", "werden", "est", "sont", "était", "étaient":
		return true
	}
	return false
}

// secondPerson are the Spanish, German and French words that address the
// reader.
var secondPerson = setOf(
	"tu", "tú", "te", "ti", "tus", "usted", "ustedes",
	"ton", "ta", "tes", "vous", "votre", "vos",
	"du", "dein", "deine", "deinen", "dich", "dir", "ihr", "euch",
)

// sharedSubject reports whether a verb form at token k, opening a clause
// after a comma in a Spanish, German or French sentence, shares the
// sentence's subject ("Elle part de l'image ..., installe gcc et ..."),
// as in English: it is no vous-form, which only a command or "vous" has,
// and nothing in the sentence addresses the reader ("Tu cuenta ha sido
// comprometida, sigue este enlace" is a command).
func (d *detector) sharedSubject(k int) bool {
	if strings.HasSuffix(d.toks[k].w, "ez") {
		return false
	}
	d.sentenceBounds(k)
	return !d.sentYou
}
