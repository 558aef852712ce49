// Code generated from guard/exfil.go, guard/exfil_request.go and guard/urls.go at commit a124baa; DO NOT EDIT.

package exfil

// The implementation before the performance work, kept as the oracle of
// TestExfilMatchesReference and FuzzExfilMatchesReference: the three files
// with comments dropped and every top-level name they declare (and every
// use of it in them) suffixed "Ref"; everything else (Normalize, Secrets,
// Redact, ...) is shared with the package.

import (
	"bytes"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/wardline/wardline/guard/internal/finding"
	"github.com/wardline/wardline/guard/internal/normalize"
	"github.com/wardline/wardline/guard/internal/secrets"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
	"golang.org/x/text/unicode/norm"
	"mvdan.cc/xurls/v2"
)

const (
	ruleExfilURLRef     = "exfil.url"
	ruleExfilRequestRef = "exfil.request"
)

// Exfiltration reports URLs that could carry data out ("exfil.url") and
// requests to reveal or send secrets, keys, environment variables, system
// prompts or sensitive files ("exfil.request") in s. Obfuscation
// (fullwidth letters, zero-width characters, homoglyphs, defanged URLs) is
// undone before matching; offsets are into s. Excerpts never hold a
// secret. Findings are sorted. Exfiltration is safe for concurrent use.
func ExfiltrationRef(s string) []finding.Finding {
	var out []finding.Finding
	for _, u := range findURLsRef(s) {
		if reason := urlPayloadRef(s, u); reason != "" {
			out = append(out, finding.Finding{Rule: ruleExfilURLRef, Start: u.start, End: u.end, Excerpt: reason})
		}
	}
	out = append(out, markdownImagesRef(s)...)
	out = append(out, exfilRequestsRef(s)...)
	if len(out) == 0 {
		return nil
	}
	found := secrets.Secrets(s)
	for i := range out {
		out[i].Excerpt = safeExcerptRef(s, out[i].Start, out[i].End, found, out[i].Excerpt)
	}
	finding.Sort(out)
	return dedupeFindingsRef(out)
}

// safeExcerpt shows s[a:b] after label, with every secret of s that
// overlaps it redacted (found on the whole of s, so that context a
// rule needs is not lost), invisible characters removed, and clipped.
func safeExcerptRef(s string, a, b int, found []finding.Finding, label string) string {
	var sb strings.Builder
	last := a
	for _, f := range found {
		fa, fb := max(f.Start, a, last), min(f.End, b)
		if fb <= fa {
			continue
		}
		sb.WriteString(s[last:fa])
		sb.WriteString(secrets.RedactExcerpt(s[fa:fb]))
		last = fb
	}
	sb.WriteString(s[last:b])
	t, _ := unhideRef(sb.String())
	t = secrets.Redact(strings.TrimSpace(t))
	if label != "" {
		t = label + ": " + t
	}
	return finding.Clip(t, finding.MaxExcerpt)
}

func dedupeFindingsRef(fs []finding.Finding) []finding.Finding {
	if len(fs) < 2 {
		return fs
	}
	out := fs[:1]
	for _, f := range fs[1:] {
		last := out[len(out)-1]
		if f.Rule == last.Rule && f.Start == last.Start && f.End == last.End {
			continue
		}
		out = append(out, f)
	}
	return out
}

// urlPayload returns why the URL u of s is an exfiltration channel, or "".
func urlPayloadRef(s string, u urlSpanRef) string {
	if u.scheme != "" && u.scheme != "http" && u.scheme != "https" {
		return "scheme " + u.scheme + ":"
	}

	end := u.end
	for end < len(s) && !strings.ContainsRune(" \t\r\n\"'<>()[]`", rune(s[end])) {
		end++
	}
	raw, _ := unhideRef(s[u.start:end])
	raw = strings.TrimRight(raw, ".,;:!?")
	if len(secrets.Secrets(raw)) > 0 {
		return "secret in URL"
	}
	if placeholderReRef().MatchString(raw) {
		return "secret placeholder in URL"
	}
	if why := dataPlaceholder(s, u.start, end); why != "" {
		return why // (a plain scan already: shared, not mirrored)
	}
	if u.scheme == "" {
		raw = "http://" + raw
	}
	pu, err := url.Parse(raw)
	if err != nil {

		if hasOpaqueRunRef(raw) {
			return "encoded payload in URL"
		}
		return ""
	}
	if pu.User != nil {
		if _, ok := pu.User.Password(); ok {
			return "password in URL"
		}
		if hasOpaqueRunRef(pu.User.Username()) {
			return "encoded payload in userinfo"
		}
	}
	for _, label := range strings.Split(pu.Hostname(), ".") {
		if hasOpaqueRunRef(label) {
			return "encoded payload in host name"
		}
	}
	for _, seg := range strings.Split(pu.EscapedPath(), "/") {
		if hasOpaqueRunRef(seg) {
			return "encoded payload in path"
		}
		if dec, err := url.PathUnescape(seg); err == nil && dec != seg && hasOpaqueRunRef(dec) {
			return "encoded payload in path"
		}
	}
	for _, part := range []struct{ what, v string }{
		{"query", pu.RawQuery}, {"fragment", pu.EscapedFragment()},
	} {
		if hasOpaqueRunRef(part.v) {
			return "encoded payload in " + part.what
		}
		if dec, err := url.QueryUnescape(part.v); err == nil && dec != part.v && hasOpaqueRunRef(dec) {
			return "encoded payload in " + part.what
		}
	}
	return ""
}

var (
	placeholderOnceRef sync.Once
	placeholderRxRef   *regexp.Regexp
)

// placeholderRe matches template placeholders ({{X}}, ${X}, $X, %X%, <X>)
// whose name refers to a secret.
func placeholderReRef() *regexp.Regexp {
	placeholderOnceRef.Do(func() {
		name := `[A-Za-z0-9_.-]*(?i:token|secret|passw|pwd|api[_-]?key|apikey|private[_-]?key|access[_-]?key|credential|cookie|session|auth|bearer|env)[A-Za-z0-9_.-]*`
		placeholderRxRef = regexp.MustCompile(`\{\{\s*\.?` + name + `\s*\}\}|\$\{\s*` + name + `\s*\}|\$` + name + `|%` + name + `%|<` + name + `>`)
	})
	return placeholderRxRef
}

// hasOpaqueRun reports whether s holds an encoded run longer than a commit
// hash: more than 40 hex digits, or more than 32 base64/base64url
// characters that look random.
func hasOpaqueRunRef(s string) bool {
	for i := 0; i < len(s); {
		if !secrets.IsB64Char(s[i]) && s[i] != '=' {
			i++
			continue
		}
		j := i
		for j < len(s) && (secrets.IsB64Char(s[j]) || s[j] == '=') {
			j++
		}
		if opaqueRunRef(s[:i], s[i:j]) {
			return true
		}
		i = j
	}
	return false
}

// opaqueRun judges one run of base64/hex characters; before is the text
// preceding it (a "sha256:" label marks a digest).
func opaqueRunRef(before, run string) bool {
	run = strings.TrimRight(run, "=")
	if len(run) <= 32 {
		return false
	}
	hex, hexish := 0, true
	for i := 0; i < len(run); i++ {
		switch c := run[i]; {
		case secrets.IsHexChar(c):
			hex++
		case c == '-':
		default:
			hexish = false
		}
	}
	if hexish {

		if hex <= 40 {
			return false
		}
		lb := strings.ToLower(before)
		for _, label := range []string{"sha1:", "sha256:", "sha384:", "sha512:", "sha256-", "sha512-", "@sha256:"} {
			if strings.HasSuffix(lb, label) {
				return false
			}
		}
		return true
	}
	if isSlugRef(run) {
		return false
	}
	var upper, lower, digit bool
	for i := 0; i < len(run); i++ {
		switch c := run[i]; {
		case 'A' <= c && c <= 'Z':
			upper = true
		case 'a' <= c && c <= 'z':
			lower = true
		case '0' <= c && c <= '9':
			digit = true
		}
	}
	if !digit || !(upper || lower) {
		return false
	}
	return secrets.ShannonEntropy(run) >= 3.5
}

// isSlug reports whether run is words joined by '-', '_' or '/' (a
// readable path or identifier) rather than an encoding.
func isSlugRef(run string) bool {
	parts := strings.FieldsFunc(run, func(r rune) bool { return r == '-' || r == '_' || r == '/' || r == '+' })
	if len(parts) < 3 {
		return false
	}
	for _, p := range parts {
		if len(p) > 14 {
			return false
		}
		digits := 0
		for i := 0; i < len(p); i++ {
			if '0' <= p[i] && p[i] <= '9' {
				digits++
			}
		}

		if digits > 0 && digits < len(p) && len(p) > 6 && !wordWithNumber(p, digits) {
			return false
		}
		if digits == len(p) && len(p) > 8 {
			return false
		}
		if p != strings.ToLower(p) && p != strings.ToUpper(p) && !(len(p) > 1 && p[1:] == strings.ToLower(p[1:])) {
			return false
		}
	}
	return true
}

// markdownImages reports every image a markdown renderer would fetch:
// inline and reference-style images and raw HTML <img> tags.
func markdownImagesRef(s string) []finding.Finding {
	if !strings.Contains(s, "!") && !strings.Contains(s, "<") && !strings.ContainsAny(s, "\uff01\uff1c") {
		return nil
	}
	src, offs := unhideRef(s)
	if !strings.Contains(src, "![") && !containsFoldRef(src, "<img") && !containsFoldRef(src, "<image") {
		return nil
	}
	b := []byte(src)
	doc := goldmark.DefaultParser().Parse(text.NewReader(b))
	var out []finding.Finding
	searchFrom := 0
	add := func(a, z int, excerpt string) {
		a, z = max(0, min(a, len(src))), max(0, min(z, len(src)))
		if z < a {
			z = a
		}
		out = append(out, finding.Finding{Rule: ruleExfilURLRef, Start: offs[a], End: normalize.EndOffset(offs, z), Excerpt: excerpt})
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Image:
			dest := string(n.Destination)

			at := searchFrom
			if seg, ok := firstSegmentRef(n); ok {
				if i := strings.LastIndex(src[:seg], "!["); i >= 0 {
					at = i
				}
			} else if i := strings.Index(src[searchFrom:], "!["); i >= 0 {
				at = searchFrom + i
			}
			end := at + 2
			if i := strings.Index(src[at:], dest); dest != "" && i >= 0 {
				end = at + i + len(dest)
				if j := strings.IndexAny(src[end:], ")]"); j >= 0 && j < 200 {
					end += j + 1
				}
			} else if j := strings.Index(src[at:], "]"); j >= 0 {
				end = at + j + 1
			}
			searchFrom = end
			add(at, end, "markdown image")
			return ast.WalkSkipChildren, nil
		case *ast.RawHTML:
			for i := 0; i < n.Segments.Len(); i++ {
				seg := n.Segments.At(i)
				if isImageTagRef(b[seg.Start:seg.Stop]) {
					add(seg.Start, seg.Stop, "HTML image")
				}
			}
		case *ast.HTMLBlock:
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				line := b[seg.Start:seg.Stop]
				for off := 0; off < len(line); {
					k := bytes.IndexByte(line[off:], '<')
					if k < 0 {
						break
					}
					tag := line[off+k:]
					if isImageTagRef(tag) {
						z := bytes.IndexByte(tag, '>')
						if z < 0 {
							z = len(tag) - 1
						}
						add(seg.Start+off+k, seg.Start+off+k+z+1, "HTML image")
					}
					off += k + 1
				}
			}
		}
		return ast.WalkContinue, nil
	})
	return out
}

// firstSegment returns the start of the first text segment under n.
func firstSegmentRef(n ast.Node) (int, bool) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			return t.Segment.Start, true
		}
		if s, ok := firstSegmentRef(c); ok {
			return s, true
		}
	}
	return 0, false
}

// isImageTag reports whether tag opens an HTML element that fetches an
// image: <img ...>, <image ...> (SVG) or <svg ...><image>.
func isImageTagRef(tag []byte) bool {
	t := bytes.ToLower(bytes.TrimSpace(tag))
	for _, name := range []string{"<img", "<image"} {
		if bytes.HasPrefix(t, []byte(name)) {
			rest := t[len(name):]
			if len(rest) == 0 || rest[0] == ' ' || rest[0] == '\t' || rest[0] == '\n' || rest[0] == '/' || rest[0] == '>' {
				return true
			}
		}
	}
	return false
}

func containsFoldRef(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), sub)
}

// wordPhrases is a set of words and word sequences, matched on the tokens of
// a sentence; pred, when set, also admits single tokens by shape.
type wordPhrasesRef struct {
	first map[string][][]string // first token -> phrases starting with it
	pred  func(tok string) bool
}

func newWordPhrasesRef(pred func(string) bool, phrases ...string) *wordPhrasesRef {
	p := &wordPhrasesRef{first: map[string][][]string{}, pred: pred}
	for _, ph := range phrases {
		ws := strings.Fields(ph)
		p.first[ws[0]] = append(p.first[ws[0]], ws)
	}
	return p
}

// find returns the byte spans of every match in toks.
func (p *wordPhrasesRef) find(toks []reqTokenRef) [][2]int {
	var out [][2]int
	for i, t := range toks {
		if p.pred != nil && p.pred(t.w) {
			out = append(out, [2]int{t.start, t.end})
			continue
		}
		phrases := p.first[t.w]
		if len(phrases) == 0 {

			if k := strings.IndexAny(t.w, "-'"); k > 0 && !strings.ContainsAny(t.w, "/.") {
				phrases = p.first[t.w[:k]]
				if len(phrases) > 0 && len(phrases[0]) == 1 {
					out = append(out, [2]int{t.start, t.end})
					continue
				}
				phrases = nil
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
				out = append(out, [2]int{t.start, toks[i+len(ph)-1].end})
				break
			}
		}
	}
	return out
}

// reqInflect returns a verb with its -s, -ed and -ing forms.
func reqInflectRef(verbs ...string) []string {
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

func reqPluralRef(nouns ...string) []string {
	var out []string
	for _, n := range nouns {
		out = append(out, n, n+"s")
	}
	return out
}

type exfilRequestSetsRef struct {
	strongVerb, weakVerb, strongObj, weakObj, cue, valueOf *wordPhrasesRef
	// verbStarts holds the first words of strongVerb, weakVerb and
	// valueOf: a sentence with none of them is no request.
	verbStarts map[string]struct{}
}

var (
	exfilReqOnceRef sync.Once
	exfilReqSetsRef exfilRequestSetsRef
)

func reqJoinRef(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// sensitivePath reports tokens naming secret-bearing files and dumps.
func sensitivePathRef(t string) bool {
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
func secretNameRef(t string) bool {
	for _, suf := range secretNameSuffixesRef {
		if len(t) > len(suf) && strings.HasSuffix(t, suf) {
			return true
		}
	}
	return false
}

var secretNameSuffixesRef = func() []string {
	var out []string
	for _, suf := range []string{"token", "key", "secret", "password", "passwd", "pwd", "credential", "credentials", "apikey"} {
		for _, sep := range []string{"_", "-"} {
			out = append(out, sep+suf, sep+suf+"s")
		}
	}
	return out
}()

func exfilRequestPhrasesRef() *exfilRequestSetsRef {
	exfilReqOnceRef.Do(func() {
		people := []string{"readers", "users", "you", "visitors", "developers", "contributors", "the reader", "the user",
			"them", "people", "everyone", "customers", "members", "followers", "viewers", "maintainers",
			"anyone", "anybody", "everybody", "whoever", "all"}
		var asks []string
		for _, f := range reqJoinRef(reqInflectRef("ask", "instruct", "request", "urge", "invite", "encourage", "want",
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
		exfilReqSetsRef = exfilRequestSetsRef{
			strongVerb: newWordPhrasesRef(nil, reqJoinRef(
				reqInflectRef("reveal", "leak", "dump", "exfiltrate", "paste", "upload", "share", "disclose", "forward",
					"email", "e-mail", "transmit", "post", "collect", "harvest", "submit", "hand over"),
				[]string{"send", "sends", "sending", "sent", "steal", "steals", "stealing", "stole", "reply with", "respond with"},

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
			weakVerb: newWordPhrasesRef(nil, reqJoinRef(
				reqInflectRef("show", "display", "print", "echo", "output", "provide", "list", "expose", "repeat", "copy",
					"confirm", "include", "return", "spell out", "read out", "type"),
				[]string{"shown", "tell", "tells", "telling", "told", "give", "gives", "given", "giving", "gave",
					"write", "writes", "writing", "wrote", "replies with", "replied with", "replying with",
					"responds with", "responded with", "responding with", "dm", "dms", "dmed", "dm'd", "dming"},

				[]string{"message", "messaged", "messaging"},
				[]string{"muestre", "muestra", "mostrar", "dame", "deme", "dé", "proporcione", "proporciona",
					"indique", "indica", "escriba", "escribe", "diga", "dime", "facilite",
					"zeigen", "zeige", "zeigt", "gib", "gebt", "geben", "gebe", "nennen", "nenne", "nennt", "schreiben",
					"schreib", "schreibt", "ausgeben",
					"montrez", "montre", "montrer", "donnez", "donne", "donner", "indiquez", "indique", "fournissez",
					"fournis", "dites", "dis", "écrivez", "affichez", "affiche"},
			)...),
			strongObj: newWordPhrasesRef(sensitivePathRef, reqJoinRef(
				reqPluralRef("environment variable", "env var", "private key", "ssh key", "deploy key", "signing key",
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
			weakObj: newWordPhrasesRef(secretNameRef, reqJoinRef(reqPluralRef("token", "api key", "api-key", "api_key", "apikey", "access key",
				"key", "password", "passphrase", "pass word", "secret", "credential", "pin", "otp", "2fa code",
				"cookie", "creds", "passwd", "security code", "verification code", "one-time code", "one-time password",
				"recovery code", "backup code", "login code", "auth code", "authentication code"),
				[]string{"contraseña", "contraseñas", "clave", "claves", "clave api", "claves api", "clave de api",
					"credencial", "credenciales", "secreto", "secretos",
					"passwort", "passwörter", "kennwort", "kennwörter", "zugangsdaten", "anmeldedaten", "schlüssel",
					"api-schlüssel", "geheimnis",
					"mot de passe", "mots de passe", "clé", "clés", "clé api", "clés api", "clé d'api", "jeton", "jetons",
					"identifiants"})...),
			cue: newWordPhrasesRef(func(t string) bool {
				at := strings.IndexByte(t, '@')
				return at > 0 && strings.Contains(t[at:], ".") || strings.HasPrefix(t, "http://") || strings.HasPrefix(t, "https://")
			}, reqJoinRef(
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
			valueOf: newWordPhrasesRef(nil, "value of", "values of", "content of", "contents of", "what's the", "what's your",
				"what is the", "what is your", "what are the", "what are your", "whats the", "whats your"),
		}
		starts := map[string]struct{}{}
		for _, p := range []*wordPhrasesRef{exfilReqSetsRef.strongVerb, exfilReqSetsRef.weakVerb, exfilReqSetsRef.valueOf} {
			for w := range p.first {
				starts[w] = struct{}{}
			}
		}
		exfilReqSetsRef.verbStarts = starts
	})
	return &exfilReqSetsRef
}

// reqToken is one word of a sentence: lower-case text and byte span.
type reqTokenRef struct {
	w          string
	start, end int
}

// appendReqTokens appends the words of a normalised sentence s to dst,
// keeping the characters of paths, identifiers and addresses inside a
// word and trimming trailing punctuation.
func appendReqTokensRef(dst []reqTokenRef, s string) []reqTokenRef {
	for i := 0; ; {
		t, next, ok := nextReqTokenRef(s, i)
		if !ok {
			return dst
		}
		dst = append(dst, t)
		i = next
	}
}

func isReqWordByteRef(c byte) bool {
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c >= 0x80 || strings.IndexByte("_-./~'@+:%$", c) >= 0
}

// nextReqToken returns the first word of s at or after i and where to
// continue; ok is false when there is none.
func nextReqTokenRef(s string, i int) (t reqTokenRef, next int, ok bool) {
	for i < len(s) {
		if !isReqWordByteRef(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isReqWordByteRef(s[j]) {
			j++
		}
		a, b := i, j
		for b > a && strings.IndexByte(".,'!?:;", s[b-1]) >= 0 {
			b--
		}
		for a < b && s[a] == '\'' {
			a++
		}
		if a < b {
			return reqTokenRef{w: s[a:b], start: a, end: b}, j, true
		}
		i = j
	}
	return reqTokenRef{}, len(s), false
}

// mayStartVerb reports whether word w could begin a match of strongVerb,
// weakVerb or valueOf (a superset of what their find accepts as a first
// token: none has a pred, and find also tries the part before a '-' or
// '\”).
func (res *exfilRequestSetsRef) mayStartVerb(w string) bool {
	if _, ok := res.verbStarts[w]; ok {
		return true
	}
	for k := 1; k < len(w); k++ {
		if w[k] == '-' || w[k] == '\'' {
			_, ok := res.verbStarts[w[:k]]
			return ok
		}
	}
	return false
}

// hasRequestVerb reports whether a word of the normalised text n could
// start a disclosure verb or a "value of" phrase. Every way
// judgeRequest answers true needs one (sentences split n only where
// words end, so their words are n's words), so text without one holds no
// request.
func hasRequestVerbRef(n string, res *exfilRequestSetsRef) bool {
	for i := 0; ; {
		t, next, ok := nextReqTokenRef(n, i)
		if !ok {
			return false
		}
		if res.mayStartVerb(t.w) {
			return true
		}
		i = next
	}
}

// exfilRequests reports sentences of s that request secrets.
func exfilRequestsRef(s string) []finding.Finding {

	n := normalize.Normalize(s)
	res := exfilRequestPhrasesRef()
	if !hasObjectHintRef(n) || !hasRequestVerbRef(n, res) {
		return nil
	}
	var out []finding.Finding
	var toks []reqTokenRef
	var offs []int
	for _, sp := range sentencesRef(n) {
		for sp[0] < sp[1] && (n[sp[0]] == ' ' || n[sp[0]] == '\n') {
			sp[0]++
		}
		for sp[1] > sp[0] && (n[sp[1]-1] == ' ' || n[sp[1]-1] == '\n') {
			sp[1]--
		}
		sent := n[sp[0]:sp[1]]
		var req bool
		req, toks = isExfilRequestBufRef(sent, res, toks[:0])
		if !req {
			continue
		}
		if offs == nil {
			_, offs = normalize.NormalizeWithOffsets(s)
		}
		a, b := offs[sp[0]], normalize.EndOffset(offs, sp[1])
		out = append(out, finding.Finding{Rule: ruleExfilRequestRef, Start: a, End: b, Excerpt: "request for secrets"})
	}
	return out
}

// maxRequestGap bounds the distance in bytes between a verb and its object.
const maxRequestGapRef = 90

// objectHints are substrings every sensitive object contains; a sentence
// with none of them is not a request for secrets.
var objectHintsRef = []string{"env", "environ", "wort", "clé", "cle", "clave", "contrase", "credencial", "secreto",
	"zugang", "anmelde", "schlüssel", "schluessel", "jeton", "identifiant", "entorno", "umgebung", "key", "token", "pass", "secret", "cred", "ssh", "id_", "/etc/", "aws",
	"prompt", "instruction", "cookie", "pin", "otp", "2fa", "config", "rc", "keychain", "pwd", "code"}

// hasObjectHint reports whether s contains one of objectHints.
func hasObjectHintRef(s string) bool {
	for _, h := range objectHintsRef {
		if strings.Contains(s, h) {
			return true
		}
	}
	return false
}

// isExfilRequestBuf reports whether sent requests secrets, tokenising into
// buf; it returns the buffer for reuse.
func isExfilRequestBufRef(sent string, res *exfilRequestSetsRef, buf []reqTokenRef) (bool, []reqTokenRef) {
	if !hasObjectHintRef(sent) {
		return false, buf
	}
	toks := appendReqTokensRef(buf, sent)
	return judgeRequestRef(sent, toks, res), toks
}

func judgeRequestRef(sent string, toks []reqTokenRef, res *exfilRequestSetsRef) bool {
	verb := false
	for _, t := range toks {
		if res.mayStartVerb(t.w) {
			verb = true
			break
		}
	}
	if !verb {
		return false
	}

	strongVerbs := res.strongVerb.find(toks)
	weakVerbs := res.weakVerb.find(toks)
	valueOf := res.valueOf.find(toks)
	if len(strongVerbs) == 0 && len(weakVerbs) == 0 && len(valueOf) == 0 {
		return false
	}
	strongObj := res.strongObj.find(toks)
	weakObj := res.weakObj.find(toks)
	if len(strongObj) == 0 && len(weakObj) == 0 {
		return false
	}
	near := func(verbs, objs [][2]int) bool {
		for _, v := range verbs {
			for _, o := range objs {
				if o[0]-v[1] <= maxRequestGapRef && v[0]-o[1] <= maxRequestGapRef && (o[0] >= v[1] || v[0] >= o[1]) {
					return true
				}
			}
		}
		return false
	}

	for _, v := range valueOf {
		for _, o := range append(append([][2]int{}, strongObj...), weakObj...) {
			if o[0] >= v[1] && o[0]-v[1] <= 40 {
				return true
			}
		}
	}
	if len(toks) > 0 && (toks[0].w == "never" || toks[0].w == "don't" || toks[0].w == "dont" ||
		len(toks) > 1 && toks[0].w == "do" && toks[1].w == "not") {
		return false
	}
	if !askCueRef(toks, res) && !namesSensitivePath(toksOf(toks)) && !(len(toks) > 0 && finiteVerb(toks[0].w) &&
		(len(res.strongVerb.find(toks[:1])) > 0 || len(res.weakVerb.find(toks[:1])) > 0)) {
		// (dropFinite, by token rather than by span)
		var kept [][2]int
		for _, v := range strongVerbs {
			for i, t := range toks {
				if t.start == v[0] {
					if !finiteVerb(t.w) && (i == 0 || !finiteSubject(toks[i-1].w)) {
						kept = append(kept, v)
					}
					break
				}
			}
		}
		strongVerbs = kept
	}
	strongVerbs, weakVerbs = foreignNegatedRef(sent, strongVerbs), foreignNegatedRef(sent, weakVerbs)
	strong := notNegatedRef(sent, strongVerbs)
	if near(strong, strongObj) {
		return true
	}
	if !askCueRef(toks, res) && !imperativeRequestRef(toks, res) {
		return false
	}
	weak := notNegatedRef(sent, weakVerbs)
	verbs := append(strong, weak...)
	return near(verbs, strongObj) || near(verbs, weakObj)
}

// sentences splits normalised text into sentence spans: at line breaks,
// and after '.', '!', '?' or ';' followed by a space or the end.
func sentencesRef(n string) [][2]int {
	var out [][2]int
	start := 0
	for i := 0; i < len(n); i++ {
		c := n[i]
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
			out = append(out, [2]int{start, end})
		}
		start = end
		if c != '\n' {
			continue
		}
		start = i + 1
	}
	if strings.TrimSpace(n[start:]) != "" {
		out = append(out, [2]int{start, len(n)})
	}
	return out
}

// foreignNegatorRef matches a German, Spanish or French negator as a
// word (a run of letters and apostrophes).
var foreignNegatorRef = regexp.MustCompile(`(?i)(?:^|[^\p{L}'])(?:nie|niemals|nicht|keinesfalls|nunca|jamás|jamais|ne|n'[\p{L}']*)(?:[^\p{L}']|$)`)

// foreignNegatedRef drops the verb matches whose clause (between commas,
// semicolons and colons) holds a German, Spanish or French negator.
func foreignNegatedRef(sent string, verbs [][2]int) [][2]int {
	var out [][2]int
	for _, v := range verbs {
		a := strings.LastIndexAny(sent[:v[0]], ",;:") + 1
		b := len(sent)
		if k := strings.IndexAny(sent[v[1]:], ",;:"); k >= 0 {
			b = v[1] + k
		}
		if !foreignNegatorRef.MatchString(sent[a:b]) {
			out = append(out, v)
		}
	}
	return out
}

// negators turn a request into a warning: "Never share your API key".
var negatorsRef = []string{"never", "not", "don't", "dont", "do not", "must not", "mustn't", "should not",
	"shouldn't", "cannot", "can't", "no one", "nobody", "avoid", "without"}

// notNegated drops verb matches preceded, within three words, by a
// negator.
func notNegatedRef(sent string, verbs [][2]int) [][2]int {
	out := verbs[:0:0]
	for _, v := range verbs {
		before := strings.Fields(sent[:v[0]+1])
		if len(before) > 3 {
			before = before[len(before)-3:]
		}
		window := " " + strings.Join(before, " ") + " "
		neg := false
		for _, n := range negatorsRef {
			if strings.Contains(window, " "+n+" ") {
				neg = true
				break
			}
		}
		if !neg {
			out = append(out, v)
		}
	}
	return out
}

// reqOpeners may precede an imperative verb: "Please print ...", "Now send ...".
var reqOpenersRef = map[string]bool{"please": true, "kindly": true, "now": true, "then": true, "first": true,
	"just": true, "also": true, "and": true, "next": true, "finally": true}

// reqDeterminers follow an imperative verb that takes an object: "Print the
// API key", "Output your .env file", "Show all tokens".
var reqDeterminersRef = map[string]bool{"the": true, "your": true, "all": true, "every": true, "any": true, "my": true,
	"our": true, "this": true, "that": true, "these": true, "those": true, "a": true, "an": true, "its": true,
	"their": true, "each": true, "me": true, "us": true, "them": true, "full": true, "entire": true, "whole": true}

// imperativeRequest reports a sentence that opens with a disclosure verb
// followed by its object ("Print the API key.", "Output the .env file."):
// an order addressed to the reader, which needs no other cue.
func imperativeRequestRef(toks []reqTokenRef, res *exfilRequestSetsRef) bool {
	i := 0
	for i < len(toks) && reqOpenersRef[toks[i].w] {
		i++
	}
	if i+1 >= len(toks) {
		return false
	}
	verb := toks[i : i+1]
	if len(res.strongVerb.find(verb)) == 0 && len(res.weakVerb.find(verb)) == 0 {
		return false
	}
	w := toks[i].w
	if strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing") {
		return false
	}

	return reqDeterminersRef[toks[i+1].w]
}

// ruleURL is the Rule of every finding URLs returns.
const ruleURLRef = "url"

var (
	urlOnceRef      sync.Once
	strictURLReRef  *regexp.Regexp
	relaxedURLReRef *regexp.Regexp
	emailIdxRef     int
)

func urlRegexpsRef() (*regexp.Regexp, *regexp.Regexp, int) {
	urlOnceRef.Do(func() {

		re, err := xurls.StrictMatchingScheme(xurls.AnyScheme + `|(?:javascript|vbscript|data|blob):`)
		if err != nil {
			re = xurls.Strict()
		}
		strictURLReRef = re
		relaxedURLReRef = xurls.Relaxed()
		emailIdxRef = relaxedURLReRef.SubexpIndex("relaxedEmail")
	})
	return strictURLReRef, relaxedURLReRef, emailIdxRef
}

// URLSpan is one URL: [start,end) in the caller's string, scheme (lower
// case, "" when scheme-less) and the matched text in matching form.
type urlSpanRef struct {
	start, end int
	scheme     string
	text       string // normalised, refanged
}

// URLs reports every URL in s as the facts-only contract defines one: any
// URL with a scheme (https://..., ftp://..., mailto:..., javascript:...,
// data:...), a www. host, defanged forms a reader still follows (hxxp://,
// example[.]com, example(dot)com) and a scheme-less host/path that carries a
// query or fragment (evil.com/x?d=...). Module paths, image references,
// bare host names and e-mail addresses are not reported. Obfuscation
// (fullwidth letters, zero-width characters, homoglyphs) is undone first.
//
// Every finding has Rule "url", offsets into s and an Excerpt holding the
// URL (redacted if it carries a secret, shortened if long). Findings are
// sorted. URLs is safe for concurrent use.
func URLsRef(s string) []finding.Finding {
	spans := findURLsRef(s)
	if len(spans) == 0 {
		return nil
	}
	out := make([]finding.Finding, 0, len(spans))
	for _, u := range spans {
		out = append(out, finding.Finding{Rule: ruleURLRef, Start: u.start, End: u.end, Excerpt: urlExcerptRef(s[u.start:u.end])})
	}
	return out
}

// urlExcerpt shows a URL in a finding: secrets redacted, invisible
// characters dropped, long URLs shortened.
func urlExcerptRef(u string) string {
	t, _ := unhideRef(u)
	return finding.Clip(secrets.Redact(t), finding.MaxExcerpt)
}

// findURLs returns the URL spans of s, sorted and non-overlapping.
func findURLsRef(s string) []urlSpanRef {
	if !mayHoldURLRef(s) || cannotHoldURLRef(s) {
		return nil
	}
	return scanURLsRef(s)
}

// scanURLs is findURLs without the prefilters.
func scanURLsRef(s string) []urlSpanRef {
	return scanURLsSkipRef(s, true)
}

// scanURLsSkip is scanURLs; skip enables the shortcut for tokens that are
// one URL (FuzzURLPrefilter checks both settings agree).
func scanURLsSkipRef(s string, skip bool) []urlSpanRef {

	n := normalize.Normalize(s)
	r, roffs := refangRef(n)
	strict, relaxed, emailSub := urlRegexpsRef()
	// xurls' expressions are large (the relaxed one spells out every TLD),
	// so they run only on the white-space-separated tokens that can hold
	// a match: a URL never contains a space.
	var strictMatches, relaxedMatches [][]int
	for i := 0; ; {
		a, b, ok := nextURLTokenRef(r, i)
		if !ok {
			break
		}
		i = b
		t := r[a:b]
		whole := false
		if strings.IndexByte(t, ':') >= 0 {
			ms := strict.FindAllStringIndex(t, -1)
			for _, m := range ms {
				strictMatches = append(strictMatches, []int{m[0] + a, m[1] + a})
			}

			whole = skip && len(ms) == 1 && ms[0][0] == 0 && ms[0][1] == len(t)
		}
		if !whole && (strings.Contains(t, "www.") || strings.IndexByte(t, '.') >= 0 && strings.ContainsAny(t, "?#")) {
			for _, m := range relaxed.FindAllStringSubmatchIndex(t, -1) {
				for k := range m {
					if m[k] >= 0 {
						m[k] += a
					}
				}
				relaxedMatches = append(relaxedMatches, m)
			}
		}
	}
	if len(strictMatches) == 0 && len(relaxedMatches) == 0 {
		return nil
	}
	_, offs := normalize.NormalizeWithOffsets(s)
	var spans []urlSpanRef
	toOrig := func(a, b int) (int, int) {
		na, nb := a, b
		if roffs != nil {
			na, nb = roffs[a], roffs[b]
		}
		return offs[na], normalize.EndOffset(offs, nb)
	}
	taken := func(a, b int) bool {
		for _, sp := range spans {
			if a < sp.end && sp.start < b {
				return true
			}
		}
		return false
	}
	for _, m := range strictMatches {
		if m[0] > 0 && isHostByteRef(r[m[0]-1]) {

			continue
		}
		text := r[m[0]:m[1]]
		scheme := text
		if i := strings.IndexByte(text, ':'); i >= 0 {
			scheme = text[:i]
		}
		a, b := toOrig(m[0], m[1])
		spans = append(spans, urlSpanRef{start: a, end: b, scheme: strings.ToLower(scheme), text: text})
	}
	for _, m := range relaxedMatches {
		if emailSub > 0 && 2*emailSub+1 < len(m) && m[2*emailSub] >= 0 {
			continue
		}
		text := r[m[0]:m[1]]
		if m[0] > 0 && (r[m[0]-1] == '@' || r[m[0]-1] == '/' || r[m[0]-1] == ':') {

			continue
		}
		if strings.Contains(text, "://") || !isSchemelessURLRef(text) {
			continue
		}
		a, b := toOrig(m[0], m[1])
		if taken(a, b) {
			continue
		}
		spans = append(spans, urlSpanRef{start: a, end: b, text: text})
	}
	sortURLSpansRef(spans)
	return spans
}

// nextURLToken returns the first span of r at or after i between spaces
// and line breaks; ok is false when there is none.
func nextURLTokenRef(r string, i int) (a, b int, ok bool) {
	isSep := func(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }
	for i < len(r) && isSep(r[i]) {
		i++
	}
	if i == len(r) {
		return 0, 0, false
	}
	j := i
	for j < len(r) && !isSep(r[j]) {
		j++
	}
	return i, j, true
}

func sortURLSpansRef(spans []urlSpanRef) {
	for i := 1; i < len(spans); i++ {
		for j := i; j > 0 && spans[j].start < spans[j-1].start; j-- {
			spans[j], spans[j-1] = spans[j-1], spans[j]
		}
	}
}

// isSchemelessURL applies the contract to a relaxed match: a www. host,
// or a host/path with a query or fragment.
func isSchemelessURLRef(text string) bool {
	if strings.HasPrefix(text, "www.") {
		return true
	}
	host, rest, _ := strings.Cut(text, "/")
	if strings.ContainsAny(host, "?#") {
		return true
	}
	return strings.ContainsAny(rest, "?#")
}

// mayHoldURL is a cheap filter: every URL needs a ':' (scheme), a '.'
// (host) or a defanged or non-ASCII spelling of one.
func mayHoldURLRef(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ':' || c == '.' || c >= utf8.RuneSelf:
			return true
		case c == '(' || c == '[':
			return true
		}
	}
	return false
}

// cannotHoldURL is an exact, allocation-free proof that s holds no URL,
// for the common case of printable ASCII text (white space included).
// There Normalize only lowers letter case and collapses white space, and
// refang only turns "[:]", "[://]", "[.]", "(dot)" and the like into ':'
// and '.', so a URL in the matching form needs, in s itself:
//
//   - for a URL with a scheme: a ':' right after a scheme character (every
//     scheme xurls and urlRegexps accept ends in a letter, '.', '-' or
//     '+') or after the '[' of a defanged "[:]";
//   - for a scheme-less URL (isSchemelessURL): "www" in any case, or a
//     '?' or '#', which neither Normalize nor refang can produce.
//
// Any other byte (non-ASCII, a control character Normalize drops and so
// may join two halves of "www") makes it answer false: the full path
// decides. FuzzURLPrefilter checks it against the full path.
func cannotHoldURLRef(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf || c == 0x7f:
			return false
		case c < ' ':
			if c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f' {
				return false
			}
		case c == '?' || c == '#':
			return false
		case c == ':':
			if i > 0 {
				if p := s[i-1]; 'a' <= p|0x20 && p|0x20 <= 'z' || p == '.' || p == '-' || p == '+' || p == '[' {
					return false
				}
			}
		case c|0x20 == 'w':
			if i+2 < len(s) && s[i+1]|0x20 == 'w' && s[i+2]|0x20 == 'w' {
				return false
			}
		}
	}
	return true
}

// defangs lists defanged spellings and what a reader turns them into;
// matching is on normalised (lower-case) text.
var defangsRef = []struct{ from, to string }{
	{"hxxps://", "https://"},
	{"hxxp://", "http://"},
	{"hxxps[:]//", "https://"},
	{"hxxp[:]//", "http://"},
	{"https[:]//", "https://"},
	{"http[:]//", "http://"},
	{"[://]", "://"},
	{"[:]", ":"},
	{"[.]", "."},
	{"(.)", "."},
	{"{.}", "."},
	{"[dot]", "."},
	{"(dot)", "."},
	{" [dot] ", "."},
	{" (dot) ", "."},
}

// refang rewrites defanged URL spellings in n. offs maps every byte of the
// result (and its end) to a byte of n; it is nil when the result is n.
func refangRef(n string) (string, []int) {
	if !strings.Contains(n, "hxxp") && !strings.ContainsAny(n, "[({") {
		return n, nil
	}
	var b strings.Builder
	offs := make([]int, 0, len(n)+1)
	for i := 0; i < len(n); {
		matched := false
		for _, d := range defangsRef {
			if strings.HasPrefix(n[i:], d.from) {
				if d.from == "[.]" || d.from == "(.)" || d.from == "{.}" {

					if i == 0 || i+len(d.from) >= len(n) || !isHostByteRef(n[i-1]) || !isHostByteRef(n[i+len(d.from)]) {
						continue
					}
				}
				if strings.Contains(d.from, "dot") && (i == 0 || i+len(d.from) >= len(n) || !isHostByteRef(n[i-1]) || !isHostByteRef(n[i+len(d.from)])) {
					continue
				}
				b.WriteString(d.to)
				for range d.to {
					offs = append(offs, i)
				}
				i += len(d.from)
				matched = true
				break
			}
		}
		if !matched {
			b.WriteByte(n[i])
			offs = append(offs, i)
			i++
		}
	}
	offs = append(offs, len(n))
	return b.String(), offs
}

func isHostByteRef(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-'
}

// unhide removes invisible characters from s and applies NFKC rune by
// rune, keeping letter case (unlike Normalize): the form in which encoded
// payloads and markdown are examined. offs maps each result byte (and the
// end) to the byte offset in s of the rune that produced it.
func unhideRef(s string) (string, []int) {
	var b strings.Builder
	b.Grow(len(s))
	offs := make([]int, 0, len(s)+1)
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != 0x7f || c == '\n' || c == '\t' || c == '\r' {
				b.WriteByte(c)
				offs = append(offs, i)
			}
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		var out string
		switch normalize.RuneKind(r) {
		case normalize.KindDrop:
		case normalize.KindNewline:
			out = "\n"
		case normalize.KindSpace:
			out = " "
		default:
			if r == utf8.RuneError && w == 1 {
				break
			}
			out = norm.NFKC.String(s[i : i+w])
		}
		b.WriteString(out)
		for range len(out) {
			offs = append(offs, i)
		}
		i += w
	}
	offs = append(offs, len(s))
	return b.String(), offs
}

// toksOf converts reference tokens for namesSensitivePath.
func toksOf(ts []reqTokenRef) []reqToken {
	out := make([]reqToken, len(ts))
	for i, t := range ts {
		out[i] = reqToken{w: t.w, start: t.start, end: t.end}
	}
	return out
}

// askCueRef is askCue over the reference tokens: a cue span whose last
// word is "that" before a word that opens no subject is a relative clause.
func askCueRef(toks []reqTokenRef, res *exfilRequestSetsRef) bool {
	for _, sp := range res.cue.find(toks) {
		for k, t := range toks {
			if t.end == sp[1] {
				if t.w == "that" && k+1 < len(toks) && !subjectStart(toks[k+1].w) {
					break
				}
				return true
			}
		}
	}
	return false
}
