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
