package instructions

import "strings"

// Step lists: numbered, lettered or bulleted items, "Step N:" markers, or
// ordinal sequences ("First, ... Then, ... Finally, ..."; "Erstens ...,
// zweitens ..."; "Primero ..., luego ..."; "D'abord ..., ensuite ...")
// whose items open with verbs (or, in German, end with an infinitive).
// One verb-led item is an imperative; two make a list.

// ordinals open the items of a prose sequence.
var ordinals = setOf("first", "firstly", "second", "secondly", "third", "thirdly",
	"then", "next", "finally", "lastly", "afterwards", "after that")

func (d *detector) steps() {
	toks := d.toks
	type item struct{ start, verb int }
	var items []item
	flush := func() {
		if len(items) >= 2 {
			d.reportTokens(ruleSteps, items[0].start, len(toks))
			end := items[len(items)-1].verb + 1
			// End the finding at the end of the last item's line or sentence.
			for end < len(toks) && !toks[end].nl && !toks[end-1].endsSentence() {
				end++
			}
			d.found = d.found[:len(d.found)-1]
			d.reportTokens(ruleSteps, items[0].start, end)
		}
		items = items[:0]
	}
	prevMarker := ""
	stepMarkers, firstStep := 0, -1
	bullets := d.inlineBullets()
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		marker := false
		k := i + 1
		switch {
		case t.flags&fStep != 0 && i+1 < len(toks) && isStepNumber(toks[i+1].w):
			// "Step 1:", "Step one —", "Step 2.", "Paso 1:", "Étape 1 :"
			n := toks[i+1]
			k = i + 2
			comma := false
			if n.post() == ":" || n.post() == "." || n.post() == ")" {
				marker = true
			} else if k < len(toks) && isDash(toks[k].raw) {
				marker = true
				k++
			} else if n.post() == "," {
				// "step 1, stop the sync; step 2, purge the queue": a marker
				// whose item must open with a verb ("In step 2, the parser
				// reads the header" describes a step).
				marker, comma = true, true
			}
			if marker && !comma {
				stepMarkers++
				if firstStep < 0 {
					firstStep = i
				}
			}
		case bullets && isBullet(t.raw):
			marker = true // "• Revoke the token • Reissue it"
		case numberDash(toks, i) && (t.nl || i > 0 && toks[i-1].endsSentence()):
			marker = true // "1 - Enable IMDSv2. 2 - Remove ..."
			k = i + 2
		case maybeMarker(t.raw) && isListMarker(t) && (t.nl || isInlineMarker(t, prevMarker)):
			marker = true
		case t.nl && isOrdinalOpener(t):
			marker = true
		case i > 0 && toks[i-1].endsSentence() && isOrdinalOpener(t):
			marker = true
		}
		if !marker {
			continue
		}
		prevMarker = t.w
		if k < len(toks) && d.itemOpensWithVerb(k) {
			items = append(items, item{start: i, verb: k})
		}
	}
	if len(items) < 2 && stepMarkers >= 2 {
		// Two "Step N:" markers make a list whatever their items open
		// with ("Schritt 1: Repository klonen. Schritt 2: ...").
		d.reportTokens(ruleSteps, firstStep, len(toks))
		items = items[:0]
	}
	flush()
	d.ordinalSteps()
	d.foreignOrdinalSteps()
}

// foreignOrdinals are Spanish, German and French sequence words with their
// place in a sequence: 1 opens it, 9 closes it, 5 is in the middle.
var foreignOrdinals = map[string]int{
	"erstens": 1, "zweitens": 2, "drittens": 3, "viertens": 4, "zuerst": 1, "zunächst": 1,
	"zunachst": 1, "dann": 5, "danach": 5, "anschließend": 5, "anschliessend": 5,
	"schließlich": 9, "schliesslich": 9, "zuletzt": 9, "abschließend": 9, "abschliessend": 9,
	"primero": 1, "segundo": 2, "tercero": 3, "luego": 5, "después": 5, "despues": 5,
	"finalmente": 9, "último": 9, "ultimo": 9,
	"d'abord": 1, "premièrement": 1, "premierement": 1, "deuxièmement": 2,
	"deuxiemement": 2, "troisièmement": 3, "troisiemement": 3, "ensuite": 5, "puis": 5,
	"enfin": 9, "finalement": 9,
}

// foreignOrdinalSteps finds Spanish, German and French ordinal sequences
// ("Erstens den Cache leeren, zweitens den Dienst neu starten, drittens
// die Logs prüfen"; "Primero borra la caché, luego ..., por último ...";
// "D'abord videz le cache, ensuite ..., enfin ..."): at least two
// sequence words opening clauses, one of them a first or a last, each
// followed by an imperative or an infinitive.
func (d *detector) foreignOrdinalSteps() {
	toks := d.toks
	count, start, end := 0, -1, -1
	strong := false
	var seen uint32
	for i, t := range toks {
		if t.flags&fForeignOrd == 0 || i+1 >= len(toks) {
			continue
		}
		o := i // the first word of the sequence word ("por último")
		if (t.w == "último" || t.w == "ultimo") && i > 0 && toks[i-1].w == "por" {
			o = i - 1
		} else if t.w == "último" || t.w == "ultimo" {
			continue
		}
		if !(o == 0 || toks[o].nl || toks[o-1].endsSentence() || toks[o-1].comma() || toks[o-1].semi ||
			toks[o-1].w == "und" || toks[o-1].w == "y" || toks[o-1].w == "et") {
			continue
		}
		e := i + 2 // "Primero, abrir ...": the comma after the word does not end the item
		for e < len(toks) && !toks[e].nl && !toks[e-1].endsSentence() && !toks[e-1].comma() && !toks[e-1].semi {
			e++
		}
		if !d.foreignItem(i+1, e) {
			continue
		}
		place := foreignOrdinals[t.w]
		if seen&(1<<place) != 0 {
			continue
		}
		seen |= 1 << place
		count++
		if start < 0 {
			start = o
		}
		end = e
		strong = strong || place == 1 || place == 9
	}
	if count >= 2 && strong {
		d.reportTokens(ruleSteps, start, end)
	}
}

// foreignItem reports whether the clause toks[k:e] after a sequence word
// is an instruction: an imperative, an infinitive opening it (Spanish,
// French: "borrar la caché", "vider le cache") or closing it (German:
// "den Cache leeren").
func (d *detector) foreignItem(k, e int) bool {
	if k >= e {
		return false
	}
	if d.foreignImperativeAt(k, e) {
		return true
	}
	if isInfinitive(d.toks[k].w, "ar", "er", "ir", "re") && !foreignNonVerbs[d.toks[k].w] {
		return true
	}
	if e-k >= 2 {
		last := d.toks[e-1].w
		_, finite := germanFinite[d.toks[k].w]
		if !finite && isInfinitive(last, "en", "ern", "eln") && !d.capitalized(e-1) {
			return true
		}
	}
	return false
}

// isInfinitive reports whether w (at least five letters) ends in one of
// the suffixes.
func isInfinitive(w string, suffixes ...string) bool {
	if len(w) < 5 {
		return false
	}
	for _, s := range suffixes {
		if strings.HasSuffix(w, s) {
			return true
		}
	}
	return false
}

// foreignNonVerbs end like Spanish or French infinitives but are not.
var foreignNonVerbs = map[string]bool{"notre": true, "votre": true, "entre": true, "autre": true,
	"contre": true, "premier": true, "dernier": true, "hiver": true, "lugar": true, "mujer": true,
	"hogar": true, "cualquier": true, "mayor": true, "menor": true, "mejor": true, "peor": true,
	"exterior": true, "interior": true, "anterior": true, "posterior": true, "superior": true,
	"inferior": true, "lequel": true, "quatre": true, "chiffre": true, "nombre": true, "ordre": true,
	"titre": true, "centre": true, "membre": true, "cadre": true, "filtre": true, "libre": true}

// germanFinite are finite verbs that, right after a sequence word, make
// the clause a statement ("Erstens ist der Cache leer").
var germanFinite = setOf("ist", "sind", "war", "waren", "hat", "haben", "hatte", "hatten",
	"wird", "werden", "wurde", "wurden", "kann", "können", "konnen", "muss", "müssen",
	"mussen", "soll", "sollen", "gibt", "geht", "kostet", "dauert", "läuft", "lauft", "fehlt")

// stepWords introduce numbered steps in the supported languages.
var stepWords = map[string]bool{"step": true, "paso": true, "schritt": true, "étape": true,
	"etape": true, "passo": true, "etapa": true, "stage": false}

// isBullet reports a bullet symbol that may separate items inside a line.
func isBullet(raw string) bool {
	switch raw {
	case "•", "·", "▪", "◦", "‣", "→", "►", "✓", "✔":
		return true
	}
	return false
}

// inlineBullets reports whether the text holds at least two bullet
// symbols, so that bullets inside a line separate items.
func (d *detector) inlineBullets() bool {
	n := 0
	for _, t := range d.toks {
		if len(t.raw) > 1 && t.raw[0] >= 0x80 && isBullet(t.raw) {
			n++
		}
	}
	return n >= 2
}

// ordinalSteps finds prose sequences such as "First open Xcode, then
// select the team, and finally archive the build": ordinal words opening
// clauses (after a sentence end, a comma or "and") with a verb after them.
func (d *detector) ordinalSteps() {
	toks := d.toks
	count, start, end, strongOrd := 0, -1, -1, false
	for i, t := range toks {
		if t.flags&fOrdinal == 0 || i+1 >= len(toks) {
			continue
		}
		opens := i == 0 || t.nl || toks[i-1].endsSentence() || toks[i-1].comma() || toks[i-1].w == "and"
		if !opens {
			continue
		}
		v := i + 1 // "First open ...", "First, open ..."
		if !d.isVerb(v) {
			continue
		}
		if toks[v].flags&fNotImp != 0 && toks[v].w != "go" {
			continue
		}
		count++
		if start < 0 {
			start = i
		}
		end = v + 1
		for end < len(toks) && !toks[end].nl && !toks[end-1].endsSentence() && !toks[end-1].comma() {
			end++
		}
		switch t.w {
		case "first", "firstly", "second", "secondly", "finally", "lastly":
			strongOrd = true
		}
	}
	if count >= 2 && strongOrd {
		d.reportTokens(ruleSteps, start, end)
	}
}

// isInlineMarker accepts "2." or "b)" inside a line only when it follows
// the previous marker in sequence ("1. Search the docs 2. Download ...").
func isInlineMarker(t token, prev string) bool {
	if prev == "" {
		return t.w == "1" || t.w == "a" || t.w == "i"
	}
	if len(t.w) == 1 && len(prev) == 1 {
		return t.w[0] == prev[0]+1
	}
	return t.w == successor(prev)
}

func successor(s string) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return ""
		}
		n = n*10 + int(s[i]-'0')
	}
	n++
	if n < 10 {
		return string(rune('0' + n))
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}

// maybeMarker is a cheap test before isListMarker: a lower-case word
// must end in ".", ")" or ":" to be a marker.
func maybeMarker(raw string) bool {
	if raw == "" {
		return false
	}
	if c := raw[0]; c < 'a' || c > 'z' {
		return true
	}
	switch raw[len(raw)-1] {
	case '.', ')', ':':
		return true
	}
	return false
}

func isDash(s string) bool { return s == "-" || s == "–" || s == "—" || s == ":" }

func isOrdinalOpener(t token) bool {
	ok := t.flags&fOrdinal != 0 // t.w is in ordinals
	return ok && (t.comma() || t.w == "then" || t.w == "next" || t.w == "finally")
}

// itemOpensWithVerb reports whether the list item starting at token k
// opens with a base-form verb ("Install Go", "build").
func (d *detector) itemOpensWithVerb(k int) bool {
	for k < len(d.toks) {
		if _, ok := politeOpeners[d.toks[k].w]; ok {
			k++
			continue
		}
		break
	}
	if k >= len(d.toks) {
		return false
	}
	w := d.toks[k].w
	end0 := k + 1
	for end0 < len(d.toks) && !d.toks[end0].nl && !d.toks[end0-1].endsSentence() {
		end0++
	}
	if d.foreignImperativeAt(k, end0) {
		return true // "Paso 1: instale el agente"
	}
	if _, bad := notImperative[w]; bad && w != "go" {
		return false
	}
	info, ok := isVerbLemma(w)
	if !ok {
		return false
	}
	end := k + 1
	for end < len(d.toks) && !d.toks[end].nl && !d.toks[end-1].endsSentence() && !isListMarker(d.toks[end]) {
		end++
	}
	if end == k+1 {
		return true // "1) build 2) test"
	}
	return d.verbReading(k, end, info) > 0
}

// numberDash reports whether toks[i] is a bare step number followed by a
// dash: the marker of "1 - Enable IMDSv2. 2 - Remove ...".
func numberDash(toks []token, i int) bool {
	t := toks[i]
	return i+1 < len(toks) && t.raw == t.w && isStepNumber(t.w) && isDash(toks[i+1].raw)
}
