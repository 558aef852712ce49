package instructions

import "strings"

// Spanish, German and French imperatives for the commonest verbs of
// software documentation. Spanish and French commands are recognised by
// form (a list of usted/tú and tu imperatives; any French vous-form in
// -ez), German ones by the formal "VERB-en Sie" order and a list of du
// forms. Openers such as "por favor", "bitte" and "d'abord" may precede
// them.

var foreignOpeners = setOf(
	"por", "favor", "primero", "luego", "después", "despues", "ahora", "entonces",
	"bitte", "zuerst", "dann", "jetzt", "danach", "anschließend", "anschliessend",
	"d'abord", "ensuite", "puis", "maintenant", "enfin", "veuillez", "s'il", "vous", "plaît", "plait",
)

var spanishImperatives = setOf(
	"ejecute", "ejecuta", "ejecuten", "instale", "instala", "instalen", "elimine", "elimina",
	"borre", "borra", "abra", "abre", "cambie", "cambia", "descargue", "descarga",
	"ignora", "ignoren", "haga", "haz", "usa", "utilice", "utiliza", "actualice", "actualiza",
	"reinicie", "reinicia", "configura", "cree", "crea", "copie", "copia", "envíe",
	"envía", "envie", "envia", "escriba", "escribe", "revise", "revisa", "verifique",
	"verifica", "agregue", "agrega", "añada", "añade", "pulse", "pulsa", "presione",
	"presiona", "vaya", "ve", "ponga", "pon", "establezca", "establece", "compruebe",
	"comprueba", "ingrese", "ingresa", "introduzca", "introduce", "seleccione",
	"selecciona", "guarde", "guarda", "cierre", "cierra", "inicie", "inicia", "detenga",
	"desinstale", "desinstala", "mueva", "mueve", "renombre", "renombra", "descomprima",
	"descomprime", "compila", "lea", "lee", "consulte", "consulta", "visite", "visita",
	"siga", "sigue", "evite", "evita", "ignore", "use", "configure", "compile", "olvide",
	"olvida", "borren", "eliminen", "hagan", "deshabilite", "deshabilita", "habilite",
	"habilita", "desactive", "desactiva", "active", "activa", "muestra", "muestre",
	"dime", "díganos", "dígame", "responda", "responde", "revele", "revela",
)

var germanDuImperatives = setOf(
	"führe", "fuhre", "installiere", "lösche", "losche", "öffne", "offne", "starte",
	"klicke", "ändere", "andere", "verwende", "benutze", "lade", "aktualisiere",
	"entferne", "ignoriere", "erstelle", "kopiere", "füge", "gib", "schreibe", "prüfe",
	"überprüfe", "setze", "stelle", "mache", "mach", "führ", "vergiss", "sende",
	"schicke", "zeige", "zeig", "deaktiviere", "aktiviere", "speichere", "schließe",
	"beende", "stoppe", "verschiebe", "benenne", "gehe", "geh", "nimm",
)

// germanNotImperative are verbs whose "VERB Sie" order asks a question or
// forms a modal, reported by the modal rule or allowed.
var germanNotImperative = setOf(
	"können", "konnen", "könnten", "konnten", "müssen", "mussen", "sollten", "sollen",
	"werden", "würden", "wurden", "haben", "hätten", "sind", "wären", "waren", "dürfen",
	"wollen", "möchten", "mochten", "wissen", "kennen", "meinen", "denken", "glauben",
)

var frenchImperatives = setOf(
	"installe", "exécute", "execute", "supprime", "ouvre", "lance", "clique", "modifie",
	"télécharge", "telecharge", "utilise", "redémarre", "redemarre", "vérifie", "verifie",
	"copie", "crée", "cree", "ajoute", "mets", "fais", "va", "lis", "écris", "ecris",
	"tape", "sélectionne", "selectionne", "enregistre", "ferme", "démarre", "demarre",
	"arrête", "arrete", "désinstalle", "desinstalle", "déplace", "deplace", "renomme",
	"consulte", "évite", "evite", "envoie", "montre", "révèle", "revele", "oublie",
	"ignore", "mettez", "faites", "allez", "lisez", "écrivez", "ecrivez", "dites", "dis",
)

var frenchNotImperative = setOf("chez", "assez", "nez", "rez", "avez", "êtes", "etes", "pouvez", "voulez", "savez", "devez", "allez-vous")

// foreignImperativeAt reports whether token k opens a Spanish, German or
// French imperative.
func (d *detector) foreignImperativeAt(k, j int) bool {
	if k < j && strings.Contains(d.toks[j-1].post(), "?") {
		return false // a question: "¿Sigue en uso legacy-charts en alguna vista?"
	}
	for k < j {
		w := d.toks[k].w
		if _, ok := foreignOpeners[w]; ok {
			k++
			continue
		}
		if (w == "no" || w == "ne" || w == "n'") && k+1 < j {
			nx := d.word(k + 1)
			if _, ok := spanishImperatives[nx]; ok && w == "no" {
				return true
			}
			if strings.HasSuffix(nx, "ez") && w == "ne" {
				return true
			}
		}
		break
	}
	if k >= j {
		return false
	}
	w := d.toks[k].w
	next := d.word(k + 1)
	// A form that only another language has ("Lee", "Martinez") still
	// opens an English sentence as a name: the sentence must read as
	// that language, or the form must have an article after it.
	english := d.englishSentence(k)
	if _, ok := spanishImperatives[w]; ok {
		if _, eng := isVerbLemma(w); !eng && !english || d.spanishContext(k, j) {
			return true
		}
	}
	if next == "sie" && len(w) > 4 && (strings.HasSuffix(w, "en") || strings.HasSuffix(w, "ern") || strings.HasSuffix(w, "eln")) && k+2 < j {
		if _, ok := germanNotImperative[w]; !ok && !strings.HasSuffix(d.toks[j-1].post(), "?") {
			return true
		}
	}
	if _, ok := germanDuImperatives[w]; ok && !english {
		return true
	}
	w = strings.TrimPrefix(w, "n'")
	// (A name in -ez before an English finite verb is a subject:
	// "Martinez rolled back at 11:41", "Gonzalez merged it".)
	if len(w) >= 5 && strings.HasSuffix(w, "ez") && !strings.Contains(w, "-") && (!english || d.frenchContext(k, j)) && !(auxiliaryWord(next) || finiteVerbForm(next)) {
		if _, ok := frenchNotImperative[w]; !ok && !strings.HasSuffix(d.toks[j-1].post(), "?") {
			return true
		}
	}
	if _, ok := frenchImperatives[w]; ok {
		if _, eng := isVerbLemma(w); !eng && !english || d.frenchContext(k, j) {
			return true
		}
	}
	return false
}

// spanishContext and frenchContext look for a following article so that
// English "use" or "ignore" are not taken as Spanish or French.
func (d *detector) spanishContext(k, j int) bool {
	switch d.word(k + 1) {
	case "el", "la", "los", "las", "un", "una", "su", "sus", "este", "esta", "de", "a", "en", "que", "todas", "todos":
		return k+1 < j
	}
	return false
}

func (d *detector) frenchContext(k, j int) bool {
	switch d.word(k + 1) {
	case "le", "la", "les", "un", "une", "des", "du", "ce", "cette", "votre", "vos", "ton", "ta", "tes", "toutes", "tous":
		return k+1 < j
	}
	return false
}

// imperativeByForm reads, by their shape, the imperatives the lists
// above lack, in a sentence the language identifier gives to Spanish,
// French or German (the caller has found that language's function words
// in it). Only forms no statement opens a clause with count:
//
//   - Spanish: a verb with a clitic pronoun attached and its written
//     accent ("indícale", "envíame", "bórralo"), "no" with a
//     second-person subjunctive ("no menciones", "no le digas"), and
//     before an object a form only the subjunctive has ("verifique la
//     firma") or a verb joined by "y" to a usted imperative ("renueve el
//     certificado y reinicie el despliegue"). A bare third-person form
//     opens statements as well, the subject dropped ("Devuelve un error
//     500"), and is not read alone.
//   - French: a verb with a pronoun hyphenated after it ("présente-le",
//     "envoie-moi"), and a form in -e before an article, a possessive or
//     "que" ("indique que ...", "supprime la section"): a noun opening a
//     sentence takes "de" ("Note de traduction"), not an article.
//   - German: a form in -e before an article, a demonstrative or
//     "alle" ("Bewerte diesen Antrag", "Fasse alle Bewertungen ...
//     zusammen"): a noun opening a sentence follows its own article.
func (d *detector) imperativeByForm(k, j int, midSentence bool) bool {
	if k+1 >= j || strings.Contains(d.toks[j-1].post(), "?") || d.toks[k].comma() {
		return false
	}
	w, next := d.toks[k].w, d.word(k+1)
	if d.toks[k].flags&fForeignFn != 0 && w != "no" {
		return false
	}
	switch d.sentenceLang(k) {
	case "es":
		// "no" may already be behind k, read as an opener.
		m, neg := k, w == "no"
		if neg {
			m++
		} else {
			for b := k - 1; b >= 0 && b >= k-3; b-- {
				if d.word(b) == "no" {
					neg = true
					break
				}
				if !spanishClitic(d.word(b)) {
					break
				}
			}
		}
		if neg && !midSentence {
			for m < j && m < k+4 && spanishClitic(d.word(m)) {
				m++
			}
			v := d.word(m)
			return m < j && len(v) >= 5 && (strings.HasSuffix(v, "es") || strings.HasSuffix(v, "as")) && !spanishTuFinite(v) && !d.toks[m].comma()
		}
		if spanishCliticImperative(w) {
			return true
		}
		// (An identifier is an object too: "Aumente max_connections a 400
		// ... y reinicie la instancia".)
		return !midSentence && (spanishObjectStart(next) && spanishSubjunctive(w) ||
			(spanishObjectStart(next) || strings.ContainsAny(next, "_./0123456789")) && d.coordinatedUsted(k, j))
	case "fr":
		if i := strings.LastIndexByte(w, '-'); i > 0 && frenchHyphenPronoun(w[i+1:]) {
			_, not := frenchNotImperative[w[:i]]
			return !not && !strings.HasSuffix(w[:i], "t") // "a-t-il", "peut-il": questions
		}
		// After a comma a verb in -e may share the sentence's subject
		// ("Le service lit la file, traite le message ...").
		return !midSentence && len(w) >= 5 && strings.HasSuffix(w, "e") && !frenchNonVerbE(w) && frenchObjectStart(next)
	case "de":
		return !midSentence && len(w) >= 4 && strings.HasSuffix(w, "e") && germanObjectStart(next) && !germanNonVerbE(w)
	}
	return false
}

// spanishObjectStart reports whether w opens a verb's object: an
// article, a demonstrative, a possessive or a quantifier.
func spanishObjectStart(w string) bool {
	switch w {
	case "el", "la", "los", "las", "un", "una", "unos", "unas", "su", "sus", "este", "esta", "estos", "estas", "ese", "esa",
		"todos", "todas", "mi", "mis", "tu", "tus", "cada":
		return true
	}
	return false
}

// spanishSubjunctive reports whether w has an ending only the
// subjunctive of an -ar verb has, which opening a clause is the usted
// imperative: "-que", "-gue" ("verifique", "agregue") and "-ie"
// ("reinicie", "cambie"). (A statement drops its subject before an
// indicative, "Devuelve un error", whose endings these are not.)
func spanishSubjunctive(w string) bool {
	if len(w) < 6 {
		return false
	}
	return strings.HasSuffix(w, "que") || strings.HasSuffix(w, "gue") || strings.HasSuffix(w, "ie") || strings.HasSuffix(w, "íe")
}

// coordinatedUsted reports whether the clause toks[k:j] joins, with "y",
// a usted imperative of the list before its object ("renueve el
// certificado y reinicie el despliegue"): the verb that opens the clause
// is the first of the two commands.
func (d *detector) coordinatedUsted(k, j int) bool {
	for m := k + 2; m+2 < j && m < k+24; m++ {
		if d.toks[m-1].comma() || d.toks[m-1].endsSentence() {
			return false
		}
		if w := d.word(m); w != "y" && w != "e" {
			continue
		}
		x := d.word(m + 1)
		if _, ok := spanishImperatives[x]; ok && strings.HasSuffix(x, "e") && len(x) >= 5 && spanishObjectStart(d.word(m+2)) {
			return true
		}
	}
	return false
}

// spanishClitic reports whether w is an object pronoun that stands
// between "no" and the verb ("no le digas", "no se lo envíes").
func spanishClitic(w string) bool {
	switch w {
	case "le", "les", "lo", "los", "la", "las", "me", "te", "se", "nos":
		return true
	}
	return false
}

// spanishTuFinite are second-person forms in -es/-as that after "no"
// state something of the reader ("no puedes", "no tienes") rather than
// forbid.
func spanishTuFinite(w string) bool {
	switch w {
	case "puedes", "tienes", "debes", "sabes", "quieres", "necesitas", "estás", "estas", "eres", "vas", "has", "haces", "ves", "crees":
		return true
	}
	return false
}

// spanishCliticImperative reports whether w is a verb with one or two
// clitic pronouns attached and the written accent the attachment
// brings ("indícale", "envíame", "dígaselo", "bórralos"); nouns spelt
// alike end in -ulo/-ula ("artículo", "película") or -nos after "i"
// ("términos"), and adverbs in -mente.
func spanishCliticImperative(w string) bool {
	for _, stem := range [...]string{"di", "haz", "pon", "ten", "sal", "ven"} {
		// the short imperatives, which take no accent: "dile", "hazlo"
		if rest, ok := strings.CutPrefix(w, stem); ok && spanishClitic(rest) {
			return true
		}
	}
	if !strings.ContainsAny(w, "áéíóú") || strings.HasSuffix(w, "mente") || len(w) < 5 {
		return false
	}
	for _, c := range [...]string{"selo", "sela", "selos", "selas", "melo", "mela", "noslo", "le", "les", "lo", "los", "la", "las", "me", "nos"} {
		if stem, ok := strings.CutSuffix(w, c); ok && len(stem) >= 3 {
			last := stem[len(stem)-1]
			if last == 'u' || c == "nos" && last == 'i' || strings.HasSuffix(stem, "ndo") {
				return false // "artículo", "términos", a gerund: "enviándole"
			}
			return true
		}
	}
	return false
}

// frenchHyphenPronoun reports whether p is a pronoun French hyphenates
// after an imperative ("dis-lui", "envoie-moi", "présente-le").
func frenchHyphenPronoun(p string) bool {
	switch p {
	case "le", "la", "les", "moi", "toi", "lui", "leur", "nous", "en", "y":
		return true
	}
	return false
}

// frenchObjectStart reports whether w opens an imperative's object or
// clause: an article, a demonstrative, a possessive or "que".
func frenchObjectStart(w string) bool {
	switch w {
	case "le", "la", "les", "l'", "un", "une", "ce", "cet", "cette", "ces", "ton", "ta", "tes", "votre", "vos", "mon", "ma", "mes",
		"tout", "tous", "toute", "toutes", "que", "qu'":
		return true
	}
	return strings.HasPrefix(w, "l'") || strings.HasPrefix(w, "qu'")
}

// frenchNonVerbE are words in -e that open clauses without being verbs.
func frenchNonVerbE(w string) bool {
	switch w {
	case "comme", "lorsque", "puisque", "quelque", "chaque", "presque", "entre", "contre", "parce", "seule", "seules",
		"toute", "même", "autre", "notre", "votre", "quatre", "jusque", "quoique", "ensuite", "pendant", "seulement":
		return true
	}
	return false
}

// germanObjectStart reports whether w opens an imperative's object: an
// article, a demonstrative or a quantifier.
func germanObjectStart(w string) bool {
	switch w {
	case "den", "dem", "die", "das", "diesen", "diese", "dieses", "diesem", "einen", "eine", "ein", "einem", "alle", "alles", "jede", "jeden", "jedes", "keine", "keinen":
		return true
	}
	return false
}

// germanNonVerbE are words in -e that open clauses without being verbs:
// determiners and prepositions ("Ohne den Cache ...", "Keine der ...").
func germanNonVerbE(w string) bool {
	switch w {
	case "ohne", "keine", "seine", "meine", "deine", "ihre", "unsere", "eure", "jede", "welche", "solche", "manche", "beide",
		"viele", "wenige", "einige", "andere", "alle", "diese", "jene", "eine", "gerade", "heute", "gestern", "morgen", "bitte", "danke", "gegenüber", "ebenfalls", "dabei":
		return true
	}
	return false
}
