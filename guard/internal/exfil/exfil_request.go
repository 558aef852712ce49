package exfil

import (
	"cmp"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/wardline/wardline/guard/internal/finding"
	"github.com/wardline/wardline/guard/internal/lexicon"
	"github.com/wardline/wardline/guard/internal/normalize"
)

// Requests to reveal or send secrets ("exfil.request").
//
// The detector works sentence by sentence on Normalize's output, so that
// fullwidth, zero-width and homoglyph spellings read as plain words. A
// sentence is a request when
//
//   - a disclosure verb in any inflection (reveal, leak, dump, paste, send,
//     upload, share, disclose, forward, e-mail, post, ...) and a sensitive
//     object (environment variables, .env, ~/.ssh, id_rsa, /etc/passwd,
//     ~/.aws/credentials, a private, SSH or deploy key, the system prompt,
//     .git/config, ...) occur close together; or
//   - any disclosure verb, including weak ones (show, print, tell, give,
//     provide, output, reply with, ...), meets any secret-like object
//     (token, API key, password, secret, credential, an upper-case name
//     such as OPENAI_API_KEY) in a sentence addressed to a reader: "your",
//     "me", "here", "can you", "please", "in the next message", "would
//     help", "ask(s) that", "to <e-mail address>"; or
//   - it asks for a value or contents outright: "the value of
//     GITHUB_TOKEN", "the contents of ~/.ssh/id_rsa".
//
// Plain facts about secrets stay allowed: "The CI reads its token from the
// GITHUB_TOKEN secret", "The client sends the token in the Authorization
// header" (a weak object with no reader cue), "Which environment variables
// does the deploy script read?".

// wordPhrases is a set of words and word sequences, matched on the tokens of
// a sentence; pred, when set, also admits single tokens by shape.
type wordPhrases struct {
	first map[string][][]string // first token -> phrases starting with it
	pred  func(tok string) bool
	bit   uint8 // this set's bit in reqToken.lex
}

func newWordPhrases(pred func(string) bool, phrases ...string) *wordPhrases {
	p := &wordPhrases{first: map[string][][]string{}, pred: pred}
	for _, ph := range phrases {
		ws := strings.Fields(ph)
		p.first[ws[0]] = append(p.first[ws[0]], ws)
	}
	return p
}

// find appends the byte spans of every match in toks to dst.
func (p *wordPhrases) find(dst [][2]int, toks []reqToken) [][2]int {
	for i := range toks {
		if end, ok := p.matchAt(toks, i); ok {
			dst = append(dst, [2]int{toks[i].start, end})
		}
	}
	return dst
}

// any reports whether find would find a match in toks.
func (p *wordPhrases) any(toks []reqToken) bool {
	for i := range toks {
		if _, ok := p.matchAt(toks, i); ok {
			return true
		}
	}
	return false
}

// matchAt reports whether a match starts at toks[i] and where it ends.
func (p *wordPhrases) matchAt(toks []reqToken, i int) (end int, ok bool) {
	t := toks[i]
	if p.pred != nil && p.pred(t.w) {
		return t.end, true
	}
	if t.lex&p.bit == 0 {
		// Neither t.w nor its part before a '-' or '\'' starts a
		// phrase of p (see lexMask), so the lookups below find nothing.
		return 0, false
	}
	phrases := p.first[t.w]
	if len(phrases) == 0 {
		// "envoyez-nous", "schick's": try the word before the hyphen
		if k := strings.IndexAny(t.w, "-'"); k > 0 && !strings.ContainsAny(t.w, "/.") {
			if phrases := p.first[t.w[:k]]; len(phrases) > 0 && len(phrases[0]) == 1 {
				return t.end, true
			}
			return 0, false
		}
	}
	for _, ph := range phrases {
		if i+len(ph) > len(toks) {
			continue
		}
		ok := true
		for k := 1; k < len(ph); k++ {
			if toks[i+k].w != ph[k] {
				ok = false
				break
			}
		}
		if ok {
			return toks[i+len(ph)-1].end, true
		}
	}
	return 0, false
}

// reqInflect returns a verb with its -s, -ed and -ing forms.
func reqInflect(verbs ...string) []string {
	var out []string
	for _, v := range verbs {
		head, tail, _ := strings.Cut(v, " ")
		if tail != "" {
			tail = " " + tail
		}
		forms := []string{head}
		switch {
		case strings.HasSuffix(head, "e"):
			forms = append(forms, head+"s", head+"d", head[:len(head)-1]+"ing")
		case strings.HasSuffix(head, "y") && !strings.ContainsRune("aeiou", rune(head[len(head)-2])):
			forms = append(forms, head[:len(head)-1]+"ies", head[:len(head)-1]+"ied", head+"ing")
		case strings.HasSuffix(head, "sh") || strings.HasSuffix(head, "o"):
			forms = append(forms, head+"es", head+"ed", head+"ing")
		case head == "submit" || head == "transmit" || head == "output":
			forms = append(forms, head+"s", head+"ted", head+"ting")
		default:
			forms = append(forms, head+"s", head+"ed", head+"ing")
		}
		for _, f := range forms {
			out = append(out, f+tail)
		}
	}
	return out
}

func reqPlural(nouns ...string) []string {
	var out []string
	for _, n := range nouns {
		out = append(out, n, n+"s")
	}
	return out
}

type exfilRequestSets struct {
	strongVerb, weakVerb, strongObj, weakObj, cue, valueOf *wordPhrases
	// firstLex maps every word that starts a phrase of one of the sets to
	// the sets' bits.
	firstLex lexTable
}

// The bits of the phrase sets in reqToken.lex.
const (
	lexStrongVerb uint8 = 1 << iota
	lexWeakVerb
	lexValueOf
	lexStrongObj
	lexWeakObj
	lexCue
	// lexAnyVerb are the sets one of which every request needs.
	lexAnyVerb = lexStrongVerb | lexWeakVerb | lexValueOf
)

// lexTable is a hash set of words with a byte of bits each: open
// addressing with linear probing over a power-of-two table at most a
// quarter full, keyed by wordHash, which costs O(1) per word.
type lexTable struct {
	words []string
	bits  []uint8
}

func (t *lexTable) slot(w string) int {
	mask := len(t.words) - 1
	i := int(wordHash(w)) & mask
	for t.words[i] != "" && t.words[i] != w {
		i = (i + 1) & mask
	}
	return i
}

// add ors bits into the entry of w, growing the table as needed.
func (t *lexTable) add(w string, bits uint8) {
	if w == "" {
		return
	}
	if len(t.words) == 0 || 4*(t.count()+1) > len(t.words) {
		old := *t
		size := max(64, 2*len(old.words))
		*t = lexTable{words: make([]string, size), bits: make([]uint8, size)}
		for i, ow := range old.words {
			if ow != "" {
				t.add(ow, old.bits[i])
			}
		}
	}
	i := t.slot(w)
	t.words[i] = w
	t.bits[i] |= bits
}

func (t *lexTable) count() int {
	n := 0
	for _, w := range t.words {
		if w != "" {
			n++
		}
	}
	return n
}

// get returns the bits of w, 0 when w is absent.
func (t *lexTable) get(w string) uint8 {
	if len(t.words) == 0 {
		return 0
	}
	return t.bits[t.slot(w)]
}

// wordHash hashes a word's length, first three and last two bytes: O(1)
// per word, and words that differ only inside are rare enough in the
// sets for the filter to stay selective.
func wordHash(w string) uint64 {
	n := len(w)
	if n == 0 {
		return 0
	}
	x := uint64(n) | uint64(w[0])<<8 | uint64(w[n-1])<<16
	if n > 1 {
		x |= uint64(w[1])<<24 | uint64(w[n-2])<<32
	}
	if n > 2 {
		x |= uint64(w[2]) << 40
	}
	x *= 0x9e3779b97f4a7c15
	return x ^ x>>29
}

// lexMask returns the bits of the sets with a phrase starting with w or,
// when w holds a hyphen or apostrophe after its first byte, with the part
// before the first one: a superset of the sets whose matchAt can match at
// a token w (matchAt tries the part before the first hyphen or apostrophe
// only when there is one at an index above 0, which is then this one).
func (res *exfilRequestSets) lexMask(w string) uint8 {
	m := res.firstLex.get(w)
	for k := 1; k < len(w); k++ {
		if w[k] == '-' || w[k] == '\'' {
			m |= res.firstLex.get(w[:k])
			break
		}
	}
	return m
}

var (
	exfilReqOnce sync.Once
	exfilReqSets exfilRequestSets
)

func reqJoin(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// sensitivePath reports tokens naming secret-bearing files and dumps.
func sensitivePath(t string) bool {
	// Every suffix and test below needs a '_', '.' or '/' in t, except
	// "kubeconfig" and "printenv": skip the list for plain words.
	if strings.IndexByte(t, '_') < 0 && strings.IndexByte(t, '.') < 0 && strings.IndexByte(t, '/') < 0 {
		return strings.HasSuffix(t, "kubeconfig") || t == "printenv"
	}
	for _, suffix := range []string{"id_rsa", "id_ed25519", "id_ecdsa", "id_dsa", "/etc/passwd", "/etc/shadow",
		".aws/credentials", ".env", ".git/config", ".npmrc", ".netrc", ".pgpass", "kubeconfig", ".kube/config",
		"/proc/self/environ", ".git-credentials", ".docker/config.json", ".pypirc"} {
		if strings.HasSuffix(t, suffix) {
			return true
		}
	}
	return strings.Contains(t, ".ssh") || t == "printenv" || t == "process.env" || t == "os.environ" || strings.HasPrefix(t, ".env.")
}

// secretName reports identifiers that name a secret: OPENAI_API_KEY,
// db-password, github_token.
func secretName(t string) bool {
	// Every suffix is a '_' or '-' and a word without either, so t ends
	// with one exactly when the part after its last '_' or '-' is that
	// word; len(t) > len(suffix) means the separator is not t[0].
	k := len(t) - 1
	for k >= 0 && t[k] != '_' && t[k] != '-' {
		k--
	}
	if k < 1 {
		return false
	}
	_, ok := secretNameWords[t[k+1:]]
	return ok
}

// secretNameWords are the words of secretNameSuffixes.
var secretNameWords = func() map[string]struct{} {
	m := map[string]struct{}{}
	for _, suf := range secretNameSuffixes {
		m[suf[1:]] = struct{}{}
	}
	return m
}()

var secretNameSuffixes = func() []string {
	var out []string
	for _, suf := range []string{"token", "key", "secret", "password", "passwd", "pwd", "credential", "credentials", "apikey"} {
		for _, sep := range []string{"_", "-"} {
			out = append(out, sep+suf, sep+suf+"s")
		}
	}
	return out
}()

func exfilRequestPhrases() *exfilRequestSets {
	exfilReqOnce.Do(func() {
		people := []string{"readers", "users", "you", "visitors", "developers", "contributors", "the reader", "the user",
			"them", "people", "everyone", "customers", "members", "followers", "viewers", "maintainers",
			"anyone", "anybody", "everybody", "whoever", "all"}
		var asks []string
		for _, f := range reqJoin(reqInflect("ask", "instruct", "request", "urge", "invite", "encourage", "want",
			"direct", "remind", "prompt"), []string{"tell", "tells", "told", "telling"}) {
			for _, o := range append([]string{"that", "for"}, people...) {
				asks = append(asks, f+" "+o)
			}
		}
		var channels []string
		for _, det := range []string{"the", "your", "this", "a"} {
			for _, next := range []string{"", "next "} {
				for _, ch := range []string{"message", "reply", "response", "answer", "chat", "output", "comment"} {
					channels = append(channels, "in "+det+" "+next+ch)
				}
			}
		}
		exfilReqSets = exfilRequestSets{
			strongVerb: newWordPhrases(nil, reqJoin(
				reqInflect("reveal", "leak", "dump", "exfiltrate", "paste", "upload", "share", "disclose", "forward",
					"email", "e-mail", "transmit", "post", "collect", "harvest", "submit", "hand over"),
				[]string{"send", "sends", "sending", "sent", "steal", "steals", "stealing", "stole", "reply with", "respond with"},
				// Spanish, German and French: the common imperative and
				// infinitive forms of send, share, reveal, paste, upload.
				[]string{"envíe", "envía", "envíen", "enviar", "envíanos", "envíame", "mande", "manda", "mandar",
					"comparta", "comparte", "compartan", "compartir", "revele", "revela", "revelar", "pegue", "pega",
					"pegar", "suba", "sube", "subir", "reenvíe", "reenvía", "publique", "publica", "publicar", "publiquen",
					"schicken", "schick", "schickt", "schicke", "senden", "sende", "sendet", "teilen", "teile", "teilt",
					"verraten", "verrate", "verratet", "übermitteln", "übermittle", "übermittelt", "hochladen",
					"einfügen", "posten", "poste", "postet", "weiterleiten",
					"envoyez", "envoie", "envoyer", "envoyez-nous", "envoyez-moi", "envoie-moi", "partagez", "partage",
					"partager", "révélez", "révèle", "révéler", "collez", "colle", "coller", "transmettez", "transmets",
					"transmettre", "publiez", "publie", "téléversez"},
			)...),
			weakVerb: newWordPhrases(nil, reqJoin(
				reqInflect("show", "display", "print", "echo", "output", "provide", "list", "expose", "repeat", "copy",
					"confirm", "include", "return", "spell out", "read out", "type"),
				[]string{"shown", "tell", "tells", "telling", "told", "give", "gives", "given", "giving", "gave",
					"write", "writes", "writing", "wrote", "replies with", "replied with", "replying with",
					"responds with", "responded with", "responding with", "dm", "dms", "dmed", "dm'd", "dming"},
				// "messages" is far more often the noun than the verb
				[]string{"message", "messaged", "messaging"},
				[]string{"muestre", "muestra", "mostrar", "dame", "deme", "dé", "proporcione", "proporciona",
					"indique", "indica", "escriba", "escribe", "diga", "dime", "facilite",
					"zeigen", "zeige", "zeigt", "gib", "gebt", "geben", "gebe", "nennen", "nenne", "nennt", "schreiben",
					"schreib", "schreibt", "ausgeben",
					"montrez", "montre", "montrer", "donnez", "donne", "donner", "indiquez", "indique", "fournissez",
					"fournis", "dites", "dis", "écrivez", "affichez", "affiche"},
			)...),
			strongObj: newWordPhrases(sensitivePath, reqJoin(
				reqPlural("environment variable", "env var", "private key", "ssh key", "deploy key", "signing key",
					"secret key", "master key", "system prompt", "credentials file", "credential file", "session cookie"),
				[]string{"environment", "environ", "keychain", "cookies", "all secrets", "all the secrets", "every secret",
					"your instructions", "your prompt",
					"variables de entorno", "variable de entorno", "clave privada", "claves privadas",
					"umgebungsvariablen", "privaten schlüssel", "private schlüssel", "privater schlüssel",
					"variables d'environnement", "clé privée", "clés privées"},
				func() []string {
					var out []string
					for _, det := range []string{"your", "the"} {
						for _, adj := range []string{"initial", "original", "hidden", "system", "previous"} {
							out = append(out, det+" "+adj+" prompt", det+" "+adj+" instructions")
						}
					}
					return out
				}(),
			)...),
			weakObj: newWordPhrases(secretName, reqJoin(reqPlural("token", "api key", "api-key", "api_key", "apikey", "access key",
				"key", "password", "passphrase", "pass word", "secret", "credential", "pin", "otp", "2fa code",
				"cookie", "creds", "passwd", "security code", "verification code", "one-time code", "one-time password",
				"recovery code", "backup code", "login code", "auth code", "authentication code"),
				[]string{"contraseña", "contraseñas", "clave", "claves", "clave api", "claves api", "clave de api",
					"credencial", "credenciales", "secreto", "secretos",
					"passwort", "passwörter", "kennwort", "kennwörter", "zugangsdaten", "anmeldedaten", "schlüssel",
					"api-schlüssel", "geheimnis",
					"mot de passe", "mots de passe", "clé", "clés", "clé api", "clés api", "clé d'api", "jeton", "jetons",
					"identifiants"})...),
			cue: newWordPhrases(func(t string) bool {
				at := strings.IndexByte(t, '@')
				return at > 0 && strings.Contains(t[at:], ".") || strings.HasPrefix(t, "http://") || strings.HasPrefix(t, "https://")
			}, reqJoin(
				[]string{"your", "you", "me", "us", "here", "please", "pls", "kindly", "readers", "can you", "could you",
					"would you", "will you", "reply with", "respond with", "to verify", "to confirm", "for verification",
					"su", "sus", "tu", "tus", "nos", "aquí", "por favor", "usted",
					"ihr", "ihre", "ihren", "ihrem", "dein", "deine", "deinen", "uns", "mir", "hier", "bitte",
					"votre", "vos", "ton", "ta", "tes", "nous", "moi", "ici", "svp"},
				channels, asks,
				func() []string {
					var out []string
					for _, v := range []string{"help", "unblock", "allow", "let", "speed"} {
						out = append(out, "would "+v)
					}
					return out
				}(),
			)...),
			valueOf: newWordPhrases(nil, "value of", "values of", "content of", "contents of", "what's the", "what's your",
				"what is the", "what is your", "what are the", "what are your", "whats the", "whats your"),
		}
		res := &exfilReqSets
		for _, p := range []struct {
			p   *wordPhrases
			bit uint8
		}{
			{res.strongVerb, lexStrongVerb}, {res.weakVerb, lexWeakVerb}, {res.valueOf, lexValueOf},
			{res.strongObj, lexStrongObj}, {res.weakObj, lexWeakObj}, {res.cue, lexCue},
		} {
			p.p.bit = p.bit
			for w := range p.p.first {
				res.firstLex.add(w, p.bit)
			}
		}
	})
	return &exfilReqSets
}

// reqToken is one word of a sentence: lower-case text, byte span and the
// phrase sets that may have a phrase starting with it (lexMask).
type reqToken struct {
	w          string
	start, end int
	lex        uint8
}

// appendReqTokens appends the words of a normalised sentence s to dst,
// keeping the characters of paths, identifiers and addresses inside a
// word and trimming trailing punctuation (and leading apostrophes), with
// each word's lexMask.
func appendReqTokens(dst []reqToken, s string, res *exfilRequestSets) []reqToken {
	for i := 0; i < len(s); {
		if !reqWordByte[s[i]] {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && reqWordByte[s[j]] {
			j++
		}
		a, b := i, j
		for b > a && reqTrimByte[s[b-1]] {
			b--
		}
		for a < b && s[a] == '\'' {
			a++
		}
		if a < b {
			w := s[a:b]
			dst = append(dst, reqToken{w: w, start: a, end: b, lex: res.lexMask(w)})
		}
		i = j
	}
	return dst
}

// reqWordByte marks the bytes of a word: letters, digits, non-ASCII and
// the characters of paths, identifiers and addresses ("_-./~'@+:%$").
var reqWordByte = func() (t [256]bool) {
	for c := range 256 {
		t[c] = 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c >= 0x80 || strings.IndexByte("_-./~'@+:%$", byte(c)) >= 0
	}
	return t
}()

// reqTrimByte marks the punctuation trimmed from the end of a word.
var reqTrimByte = [256]bool{'.': true, ',': true, '\'': true, '!': true, '?': true, ':': true, ';': true}

// reqScratch holds the buffers of one Requests call, reused through
// reqScratchPool so that text holding no request costs no allocation.
// Nothing in it outlives the call: findings carry offsets into the
// caller's string and a constant excerpt.
type reqScratch struct {
	nbuf  []byte     // the normalised text, for ASCII input
	sents [][2]int   // sentence spans
	toks  []reqToken // the words of one sentence
}

var reqScratchPool = sync.Pool{New: func() any { return new(reqScratch) }}

// maxPooledBytes bounds the buffers a pooled scratch keeps.
const maxPooledBytes = 64 << 10

func (sc *reqScratch) release() {
	if cap(sc.nbuf) > maxPooledBytes {
		sc.nbuf = nil
	}
	if cap(sc.toks) > maxPooledBytes/32 {
		sc.toks = nil
	}
	if cap(sc.sents) > maxPooledBytes/16 {
		sc.sents = nil
	}
	reqScratchPool.Put(sc)
}

// normalize returns Normalize(s). ASCII text that Normalize rewrites is
// normalised into sc.nbuf (exactly as Normalize does, with the same
// normalize.ASCIIPassInto) instead of a new string; the result is valid only until
// sc is released.
func (sc *reqScratch) normalize(s string, nt *normText) string {
	ascii, normal := normalize.ASCIIForm(s)
	if !ascii && nt != nil {
		return nt.get(s)
	}
	if normal || !ascii {
		return normalize.Normalize(s)
	}
	if cap(sc.nbuf) < len(s) {
		sc.nbuf = make([]byte, len(s))
	}
	n, _ := normalize.ASCIIPassInto(s, false, sc.nbuf, nil)
	return n
}

// Requests reports sentences of s that request secrets.
//
// Each sentence is judged only when it holds an object hint
// (hasObjectHint) and a word that may start a disclosure verb or a
// "value of" phrase (lexAnyVerb in its lexMask): every way judgeRequest answers true
// needs both, so the checks lose nothing. They are made per sentence, in
// one pass over the text, with the cheap byte-level hint scan first.
func Requests(s string) []finding.Finding {
	return requests(s, nil)
}

// requests is Requests; nt, when not nil, holds (or is to hold)
// Normalize(s).
func requests(s string, nt *normText) []finding.Finding {
	sc := reqScratchPool.Get().(*reqScratch)
	defer sc.release()
	// Offsets are computed only once a sentence needs mapping back.
	n := sc.normalize(s, nt)
	res := exfilRequestPhrases()
	var out []finding.Finding
	var offs []int
	sc.sents = appendSentences(sc.sents[:0], n)
	for _, sp := range sc.sents {
		for sp[0] < sp[1] && (n[sp[0]] == ' ' || n[sp[0]] == '\n') {
			sp[0]++
		}
		for sp[1] > sp[0] && (n[sp[1]-1] == ' ' || n[sp[1]-1] == '\n') {
			sp[1]--
		}
		sent := n[sp[0]:sp[1]]
		var req bool
		req, sc.toks = isExfilRequestBuf(sent, res, sc.toks[:0])
		if !req {
			continue
		}
		if offs == nil {
			offs = nt.offsets(s)
		}
		a, b := offs[sp[0]], normalize.EndOffset(offs, sp[1])
		out = append(out, finding.Finding{Rule: RuleExfilRequest, Start: a, End: b, Excerpt: "request for secrets"})
	}
	return out
}

// maxRequestGap bounds the distance in bytes between a verb and its object.
const maxRequestGap = 90

// objectHints are substrings every sensitive object contains; a sentence
// with none of them is not a request for secrets.
var objectHints = []string{"env", "environ", "wort", "clé", "cle", "clave", "contrase", "credencial", "secreto",
	"zugang", "anmelde", "schlüssel", "schluessel", "jeton", "identifiant", "entorno", "umgebung", "key", "token", "pass", "secret", "cred", "ssh", "id_", "/etc/", "aws",
	"prompt", "instruction", "cookie", "pin", "otp", "2fa", "config", "rc", "keychain", "pwd", "code"}

// hintsByFirst lists objectHints by their first byte.
var hintsByFirst = func() (t [256][]string) {
	for _, h := range objectHints {
		t[h[0]] = append(t[h[0]], h)
	}
	return t
}()

// hasObjectHint reports whether s contains one of objectHints, in one
// pass: at every byte, only the hints starting with that byte are tried.
func hasObjectHint(s string) bool {
	for i := 0; i < len(s); i++ {
		for _, h := range hintsByFirst[s[i]] {
			if strings.HasPrefix(s[i:], h) {
				return true
			}
		}
	}
	return false
}

// isExfilRequestBuf reports whether sent requests secrets, tokenising into
// buf; it returns the buffer for reuse.
func isExfilRequestBuf(sent string, res *exfilRequestSets, buf []reqToken) (bool, []reqToken) {
	toks := appendReqTokens(buf, sent, res)
	return judgeRequest(sent, toks, res), toks
}

// anyVerb reports whether a word of toks may start a match of strongVerb,
// weakVerb or valueOf.
func anyVerb(toks []reqToken) bool {
	for _, t := range toks {
		if t.lex&lexAnyVerb != 0 {
			return true
		}
	}
	return false
}

// spanBuf is the stack capacity for the matches of one lexicon in one
// sentence; more spill to the heap.
const spanBuf = 8

func judgeRequest(sent string, toks []reqToken, res *exfilRequestSets) bool {
	if !anyVerb(toks) {
		// Every way to a request below needs a match of strongVerb,
		// weakVerb or valueOf (none has a pred), which starts at a word
		// whose lexMask has their bit.
		return false
	}
	// Every way to a request needs a disclosure verb or a "value of"
	// phrase; find them before the objects, whose shape predicates cost
	// more per word.
	var bufSV, bufWV, bufVO, bufSO, bufWO [spanBuf][2]int
	strongVerbs := res.strongVerb.find(bufSV[:0], toks)
	weakVerbs := res.weakVerb.find(bufWV[:0], toks)
	valueOf := res.valueOf.find(bufVO[:0], toks)
	if len(strongVerbs) == 0 && len(weakVerbs) == 0 && len(valueOf) == 0 {
		return false
	}
	// Every object contains one of objectHints: a sentence without one
	// requests nothing. The byte scan comes after the verb phrases
	// because prose about keys and tokens passes it far more often than
	// it holds a disclosure verb.
	if !hasObjectHint(sent) {
		return false
	}
	strongObj := res.strongObj.find(bufSO[:0], toks)
	weakObj := dropKeyModifiers(res.weakObj.find(bufWO[:0], toks), toks, sent)
	if len(strongObj) == 0 && len(weakObj) == 0 {
		return false
	}
	// "the value of X", "the contents of ~/.ssh/id_rsa", "what is your password":
	// asked for when the phrase opens the sentence, follows a disclosure
	// verb, or stands in a question or a sentence put to the reader; not
	// the object of a statement ("The image contains the value of the
	// build argument SENTRY_AUTH_TOKEN").
	cue := askCue(toks, res)
	asked := strings.HasSuffix(strings.TrimSpace(sent), "?") || cue
	for _, v := range valueOf {
		if !asked && !valueAsked(toks, v, strongVerbs, weakVerbs) {
			continue
		}
		for _, objs := range [2][][2]int{strongObj, weakObj} {
			// the nearest object starting after v (objects come in order)
			if i := firstStartAtOrAfter(objs, v[1]); i < len(objs) && objs[i][0]-v[1] <= 40 {
				return true
			}
		}
	}
	if len(toks) > 0 && (toks[0].w == "never" || toks[0].w == "don't" || toks[0].w == "dont" ||
		len(toks) > 1 && toks[0].w == "do" && toks[1].w == "not") {
		return false // a warning: "Never share your API key in issues."
	}
	if !cue && !namesSensitivePath(toks) && !opensWithVerb(toks, res) {
		// Without a cue that relays a request ("asks readers to", "tell
		// me"), a disclosure verb in a finite form states what a thing
		// does or did: "Axios versions 0.8.1 through 1.5.1 reveal the
		// XSRF-TOKEN", "The attacker posted the token". (A secret file
		// sent somewhere stays one: "The helper dumps /etc/passwd and
		// posts it to a pastebin". A sentence that opens with its verb
		// has no subject to state it of: a tool call's purpose,
		// "Collects all environment variables and sends them to ...",
		// says what the call is to do.)
		strongVerbs = dropFinite(strongVerbs, toks)
	}
	strongVerbs, weakVerbs = dropForeignNegated(sent, strongVerbs), dropForeignNegated(sent, weakVerbs)
	var bufS, bufW [spanBuf][2]int
	strong := notNegated(bufS[:0], sent, strongVerbs)
	if nearSpans(strong, strongObj) {
		return true
	}
	if !cue && !imperativeRequest(toks, res) {
		return false
	}
	weak := notNegated(bufW[:0], sent, weakVerbs)
	// the verbs are strong and weak together; strong with strongObj is
	// known to be false
	return nearSpans(weak, strongObj) || nearSpans(strong, weakObj) || nearSpans(weak, weakObj)
}

// dropKeyModifiers removes from objs a bare "key" that modifies the
// plural noun after it ("the key points of the article", "key findings"):
// an adjective, not a secret. Nouns that hold keys ("key pairs", "key
// files") keep it.
//
// A "key" that names a header with no address to send it to is the
// header's name, as in an API's documentation ("Send an Idempotency-Key
// header to avoid duplicate refunds"); with one it stays ("send the
// X-Api-Key header to https://...").
func dropKeyModifiers(objs [][2]int, toks []reqToken, sent string) [][2]int {
	out := objs[:0]
	i := 0
	for _, o := range objs {
		for i < len(toks) && toks[i].start < o[0] {
			i++
		}
		if i+1 < len(toks) && toks[i].start == o[0] && toks[i].end == o[1] && toks[i].w == "key" && keyModifies(toks[i+1].w) {
			continue
		}
		if i+1 < len(toks) && toks[i].end == o[1] && (toks[i+1].w == "header" || toks[i+1].w == "headers") && !strings.ContainsAny(sent, "@/") {
			continue
		}
		out = append(out, o)
	}
	return out
}

// keyModifies reports whether w is a plural noun that "key" can qualify
// as an adjective: an English plural that is not something holding keys.
func keyModifies(w string) bool {
	switch w {
	case "pairs", "files", "rings", "stores", "chains", "ids", "vaults":
		return false
	}
	if len(w) < 4 || w[len(w)-1] != 's' || strings.HasSuffix(w, "ss") {
		return false
	}
	l := lexicon.Default()
	return l.IsDictionaryWord(w[:len(w)-1]) || l.IsDictionaryWord(strings.TrimSuffix(w, "es"))
}

// valueAsked reports whether the "value of" phrase at v is asked for:
// it follows a disclosure verb, a modal or a verb of need ("should
// append the contents of", "needs the contents of"), or no finite verb
// stands before it ("The value of X, please"). After any other finite
// verb it is the object of a statement: "The image contains the value of
// the build argument".
func valueAsked(toks []reqToken, v [2]int, verbs ...[][2]int) bool {
	for _, vs := range verbs {
		for _, vb := range vs {
			if vb[1] <= v[0] {
				return true
			}
		}
	}
	l := lexicon.Default()
	described := false
	for _, t := range toks {
		if t.start >= v[0] {
			break
		}
		switch t.w {
		case "should", "must", "need", "needs", "needed", "require", "requires", "want", "wants",
			"would", "could", "can", "will", "please", "ought":
			return true
		}
		if _, ok := l.SLemma(t.w); ok {
			described = true
		} else if _, ok := l.EdLemma(t.w); ok {
			described = true
		} else if _, ok := l.Irregular[t.w]; ok {
			described = true
		}
	}
	return !described
}

// nearSpans reports whether a verb and an object are at most
// maxRequestGap bytes apart and do not overlap.
func nearSpans(verbs, objs [][2]int) bool {
	if len(verbs)*len(objs) <= 64 {
		for _, v := range verbs {
			for _, o := range objs {
				if o[0]-v[1] <= maxRequestGap && v[0]-o[1] <= maxRequestGap && (o[0] >= v[1] || v[0] >= o[1]) {
					return true
				}
			}
		}
		return false
	}
	// Spans are not empty, so a pair that does not overlap has the object
	// wholly after the verb (then only o[0]-v[1] can exceed the gap) or
	// wholly before it (then only v[0]-o[1] can). It suffices to look, for
	// each verb, at the first object starting at or after its end and at
	// the last object end at or before its start: a binary search each,
	// in the starts (objects come in order of start) and the sorted ends.
	ends := make([]int, len(objs))
	for i, o := range objs {
		ends[i] = o[1]
	}
	slices.Sort(ends)
	for _, v := range verbs {
		if i := firstStartAtOrAfter(objs, v[1]); i < len(objs) && objs[i][0]-v[1] <= maxRequestGap {
			return true
		}
		if i, found := slices.BinarySearch(ends, v[0]); found || i > 0 && v[0]-ends[i-1] <= maxRequestGap {
			return true
		}
	}
	return false
}

// firstStartAtOrAfter returns the index of the first span in spans
// (sorted by start) that starts at or after p, or len(spans).
func firstStartAtOrAfter(spans [][2]int, p int) int {
	i, _ := slices.BinarySearchFunc(spans, p, func(sp [2]int, p int) int { return cmp.Compare(sp[0], p) })
	return i
}

// appendSentences appends the sentence spans of normalised text n to dst:
// it splits at line breaks, and after '.', '!', '?' or ';' followed by a
// space or the end.
func appendSentences(dst [][2]int, n string) [][2]int {
	start := 0
	for i := 0; i < len(n); i++ {
		c := n[i]
		if !sentenceByte[c] {
			continue
		}
		end := -1
		switch c {
		case '\n':
			end = i
		case '.', '!', '?', ';':
			if i+1 == len(n) || n[i+1] == ' ' || n[i+1] == '\n' {
				end = i + 1
			}
		}
		if end < 0 {
			continue
		}
		if strings.TrimSpace(n[start:end]) != "" {
			dst = append(dst, [2]int{start, end})
		}
		start = end
		if c != '\n' {
			continue
		}
		start = i + 1
	}
	if strings.TrimSpace(n[start:]) != "" {
		dst = append(dst, [2]int{start, len(n)})
	}
	return dst
}

// sentenceByte marks the bytes that may end a sentence.
var sentenceByte = [256]bool{'\n': true, '.': true, '!': true, '?': true, ';': true}

// dropForeignNegated removes from verbs those whose clause (up to a
// comma, a semicolon or a colon each way) holds a German, Spanish or
// French negator, which may stand after the verb: "Geben Sie Ihr Passwort
// niemals per E-Mail weiter", "Ne communiquez jamais votre mot de passe".
// (English negators stand before the verb: notNegated.) One pass over
// sent finds the clauses and which of them are negated, whatever the
// number of verbs. It reuses verbs' array.
func dropForeignNegated(sent string, verbs [][2]int) [][2]int {
	if len(verbs) == 0 {
		return verbs
	}
	var sepBuf [16]int
	var negBuf [17]bool
	seps, neg := sepBuf[:0], negBuf[:1] // neg[c]: clause c (after c separators) is negated
	for i := 0; i < len(sent); {
		c := sent[i]
		if c == ',' || c == ';' || c == ':' {
			seps = append(seps, i)
			neg = append(neg, false)
			i++
			continue
		}
		r, n := rune(c), 1
		if c >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(sent[i:])
		}
		if !unicode.IsLetter(r) && r != '\'' {
			i += n
			continue
		}
		j := i + n
		for j < len(sent) {
			r2, n2 := rune(sent[j]), 1
			if sent[j] >= utf8.RuneSelf {
				r2, n2 = utf8.DecodeRuneInString(sent[j:])
			}
			if !unicode.IsLetter(r2) && r2 != '\'' {
				break
			}
			j += n2
		}
		if foreignNegator(sent[i:j]) {
			neg[len(neg)-1] = true
		}
		i = j
	}
	out := verbs[:0]
	for _, v := range verbs {
		c0, c1 := sort.SearchInts(seps, v[0]), sort.SearchInts(seps, v[1])
		negated := false
		for c := c0; c <= c1 && c < len(neg); c++ {
			negated = negated || neg[c]
		}
		if !negated {
			out = append(out, v)
		}
	}
	return out
}

// foreignNegator reports whether w, a word of letters and apostrophes, is
// a German, Spanish or French negator: nie, niemals, nicht, keinesfalls,
// nunca, jamás, jamais, ne, or an n'-elided verb ("n'envoyez").
func foreignNegator(w string) bool {
	if len(w) >= 2 && (w[0] == 'n' || w[0] == 'N') && w[1] == '\'' {
		return true
	}
	switch strings.ToLower(w) {
	case "nie", "niemals", "nicht", "keinesfalls", "nunca", "jamás", "jamais", "ne":
		return true
	}
	return false
}

// negators turn a request into a warning: "Never share your API key".
var negators = []string{"never", "not", "don't", "dont", "do not", "must not", "mustn't", "should not",
	"shouldn't", "cannot", "can't", "no one", "nobody", "avoid", "without"}

// negatorWords is negators split into words (each has one or two).
var negatorWords = func() (out [][]string) {
	for _, n := range negators {
		out = append(out, strings.Fields(n))
	}
	return out
}()

// notNegated appends to dst the verb matches not preceded, within three
// words, by a negator: the white-space separated fields of
// sent[:v[0]+1] (which end with the verb's first byte), last three
// only, must not hold a negator as whole consecutive fields.
//
// The verbs come in order of start, so one pass over sent serves them
// all, where splitting each prefix would read sent once per verb. The
// fields of sent[:c] are those of sent read up to c, except that a cut
// inside a multi-byte rune leaves bytes that decode as U+FFFD, not a
// space: the fields then are those read before that rune, and its bytes
// up to c extend the field open there or start one.
func notNegated(dst [][2]int, sent string, verbs [][2]int) [][2]int {
	cur := fieldsSoFar{open: -1} // fields before the rune at i
	prev, prevI := cur, 0        // before the rune before it, at prevI
	vi := 0
	resolve := func(i int) {
		for ; vi < len(verbs) && verbs[vi][0]+1 <= i; vi++ {
			c := verbs[vi][0] + 1
			fs := cur
			if c < i {
				fs = prev
				if fs.open < 0 {
					fs.open = prevI
				}
			}
			var f [3]string
			if k := fs.last(&f, sent, c); !negatedFields(f[:k]) {
				dst = append(dst, verbs[vi])
			}
		}
	}
	for i, r := range sent {
		resolve(i)
		if vi == len(verbs) {
			return dst
		}
		prev, prevI = cur, i
		cur.step(i, unicode.IsSpace(r))
	}
	resolve(len(sent))
	return dst
}

// fieldsSoFar holds the fields (as strings.Fields splits) of a text read
// up to some position: the last three closed ones and the start of the
// open one (-1 if none).
type fieldsSoFar struct {
	closed [3][2]int
	n      int
	open   int
}

// step reads the rune at i.
func (f *fieldsSoFar) step(i int, space bool) {
	switch {
	case space && f.open >= 0:
		if f.n == len(f.closed) {
			f.closed[0], f.closed[1] = f.closed[1], f.closed[2]
			f.n--
		}
		f.closed[f.n] = [2]int{f.open, i}
		f.n++
		f.open = -1
	case !space && f.open < 0:
		f.open = i
	}
}

// last stores in out the last three or fewer fields of s[:c] (the open
// field ends at c) and returns how many there are.
func (f *fieldsSoFar) last(out *[3]string, s string, c int) int {
	var all [4]string
	k := 0
	for _, sp := range f.closed[:f.n] {
		all[k] = s[sp[0]:sp[1]]
		k++
	}
	if f.open >= 0 {
		all[k] = s[f.open:c]
		k++
	}
	return copy(out[:], all[max(0, k-3):k])
}

// negatedFields reports whether a negator occurs in fields as whole
// consecutive fields: the same as searching " "+negator+" " in the fields
// joined and padded with single spaces, since no field holds a space.
func negatedFields(fields []string) bool {
	for _, ws := range negatorWords {
		for i := 0; i+len(ws) <= len(fields); i++ {
			match := true
			for j, w := range ws {
				if fields[i+j] != w {
					match = false
					break
				}
			}
			if match {
				return true
			}
		}
	}
	return false
}

// reqOpeners may precede an imperative verb: "Please print ...", "Now send ...".
var reqOpeners = map[string]bool{"please": true, "kindly": true, "now": true, "then": true, "first": true,
	"just": true, "also": true, "and": true, "next": true, "finally": true}

// reqDeterminers follow an imperative verb that takes an object: "Print the
// API key", "Output your .env file", "Show all tokens".
var reqDeterminers = map[string]bool{"the": true, "your": true, "all": true, "every": true, "any": true, "my": true,
	"our": true, "this": true, "that": true, "these": true, "those": true, "a": true, "an": true, "its": true,
	"their": true, "each": true, "me": true, "us": true, "them": true, "full": true, "entire": true, "whole": true}

// imperativeRequest reports a sentence that opens with a disclosure verb
// followed by its object ("Print the API key.", "Output the .env file."):
// an order addressed to the reader, which needs no other cue.
func imperativeRequest(toks []reqToken, res *exfilRequestSets) bool {
	i := 0
	for i < len(toks) && reqOpeners[toks[i].w] {
		i++
	}
	if i+1 >= len(toks) {
		return false
	}
	verb := toks[i : i+1]
	if !res.strongVerb.any(verb) && !res.weakVerb.any(verb) {
		return false
	}
	w := toks[i].w
	if strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing") {
		return false // "Prints the key", "Printed ..." describe, they do not order
	}
	// A determiner must follow: "Output tokens are billed ..." is a noun
	// phrase, not an order.
	return reqDeterminers[toks[i+1].w]
}

// dropFinite removes from verbs the spans whose verb is finite: an -s or
// -ed form, or a base form right after a word that can end a noun phrase
// (a plural subject: "versions ... 1.5.1 reveal the token"). A base form
// that opens the sentence, follows "to", a modal, "please", "you" or a
// conjunction stays: an order or a request.
func dropFinite(verbs [][2]int, toks []reqToken) [][2]int {
	out := verbs[:0]
	k := 0
	for _, v := range verbs {
		for k < len(toks) && toks[k].start < v[0] {
			k++ // the token the span starts at (spans come in order)
		}
		if k >= len(toks) || finiteVerb(toks[k].w) || k > 0 && finiteSubject(toks[k-1].w) {
			continue
		}
		out = append(out, v)
	}
	return out
}

// finiteVerb reports whether w is an English disclosure verb's -s or -ed
// form ("reveals", "posted", "sent"), which states, not orders.
func finiteVerb(w string) bool {
	switch w {
	case "sent", "stole":
		return true
	}
	return len(w) > 4 && (strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"))
}

// finiteSubject reports whether w, right before a base-form verb, ends a
// plural subject: a number, a version or a plural noun, not "to", a
// modal, a pronoun that addresses the reader or a conjunction.
func finiteSubject(w string) bool {
	switch w {
	case "to", "please", "you", "we", "i", "and", "or", "then", "also", "just", "can", "could", "will", "would",
		"should", "must", "may", "might", "shall", "do", "don't", "never", "always", "now", "first", "then,":
		return false
	}
	if w == "" {
		return false
	}
	if c := w[0]; c >= '0' && c <= '9' {
		return true
	}
	return strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && len(w) > 3
}

// namesSensitivePath reports whether a token names a secret-bearing file.
func namesSensitivePath(toks []reqToken) bool {
	for _, t := range toks {
		if sensitivePath(t.w) {
			return true
		}
	}
	return false
}

// opensWithVerb reports whether the sentence opens with a disclosure or
// gathering verb in its -s form: a subject-less description of what a
// call is to do ("Collects all environment variables and sends them to
// ...").
func opensWithVerb(toks []reqToken, res *exfilRequestSets) bool {
	if len(toks) == 0 || !finiteVerb(toks[0].w) {
		return false
	}
	_, ok := res.strongVerb.matchAt(toks, 0)
	if !ok {
		_, ok = res.weakVerb.matchAt(toks, 0)
	}
	return ok
}

// askCue reports whether toks hold a cue that relays a request ("asks
// readers to", "requests that you"), not the noun "requests" before a
// relative clause ("repeated requests that carry the same key").
func askCue(toks []reqToken, res *exfilRequestSets) bool {
	for i := range toks {
		end, ok := res.cue.matchAt(toks, i)
		if !ok {
			continue
		}
		k := i
		for k < len(toks) && toks[k].end < end {
			k++
		}
		if toks[k].w == "that" && k+1 < len(toks) && !subjectStart(toks[k+1].w) {
			continue
		}
		return true
	}
	return false
}

// subjectStart reports whether w can open the subject of a clause after
// "that": a pronoun, a determiner or a noun of people.
func subjectStart(w string) bool {
	switch w {
	case "you", "we", "they", "he", "she", "it", "i", "the", "a", "an", "your", "our", "their", "this", "these",
		"those", "all", "every", "each", "any", "users", "readers", "visitors", "everyone", "anyone", "developers":
		return true
	}
	return false
}
