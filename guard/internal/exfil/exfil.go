package exfil

import (
	"bytes"
	"net/url"
	"regexp"
	"strings"
	"sync"

	"github.com/wardline/wardline/guard/internal/finding"
	"github.com/wardline/wardline/guard/internal/normalize"
	"github.com/wardline/wardline/guard/internal/secrets"
	"github.com/wardline/wardline/internal/mdcost"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// Exfiltration detection.
//
// An agent leaks data by writing it somewhere a third party reads: into a
// URL it emits (a link the user clicks, an image the renderer fetches
// without asking), or by getting someone to hand it over. Exfiltration
// reports both, following the facts-only contract in DESIGN.md:
//
//   - "exfil.url": a URL (as [URLs] defines it) that carries a payload, a
//     URL with any scheme other than http and https (javascript:, data:,
//     file:, ...), and any image a markdown renderer would fetch. Images are
//     found by parsing with github.com/yuin/goldmark, the CommonMark parser
//     wardline uses elsewhere, not with a regular expression, so that
//     inline images, reference-style images (![x][ref]) and raw HTML <img>
//     tags are all seen exactly as a renderer sees them, and an image
//     inside a code span is not.
//   - "exfil.request": text asking for secrets, keys, tokens, passwords,
//     environment variables, system prompts or sensitive files (~/.ssh,
//     .env, /etc/passwd, ~/.aws/credentials) to be revealed, printed, sent
//     or uploaded, including a request relayed in the third person ("the
//     maintainers ask that the deploy key be sent to ...").
//
// A URL carries a payload when its userinfo, host labels, path, query or
// fragment hold an encoded run longer than a commit hash (more than 40 hex
// digits, or more than 32 base64 characters that look random: letters and
// digits, high entropy, not a hyphenated slug), when a secret appears in it
// after decoding (gitleaks' rules via [secrets.Secrets], which undoes
// base64, percent and hex encodings), when the userinfo holds a password,
// or when it holds a template placeholder naming a secret
// (?t={{GITHUB_TOKEN}}, ${API_KEY}), or a placeholder in its query for
// data that whoever renders it is to fill in: any placeholder in an
// image's source (![](https://x.example/p.gif?u={user_email}),
// ?q=[INSERT_USER_LAST_MESSAGE_HERE]), and one naming the user's or the
// conversation's data in any URL. A 40-hex commit SHA, a UUID and a labelled digest
// (sha256:...) are identifiers, not payloads.

// The rules of exfiltration findings: guard.RuleExfilURL and
// guard.RuleExfilRequest.
const (
	RuleExfilURL     = "exfil.url"
	RuleExfilRequest = "exfil.request"
)

// Exfiltration implements guard.Exfiltration, which documents it.
func Exfiltration(s string) []finding.Finding {
	out, _, _, _ := ExfiltrationURLCount(s)
	return out
}

// ExfiltrationURLCount returns Exfiltration(s) and len(URLs(s)) from one
// scan for URLs: the checker asks both of most fields, and the scan is
// the costly part of each (URLs' excerpts are not built either). When
// the scans normalised s (a text that is not ASCII: the URL scan and
// Requests share one normalisation), it also returns Normalize(s) and
// true, for the checker's markdown rule.
func ExfiltrationURLCount(s string) (out []finding.Finding, urls int, normalized string, ok bool) {
	var nt normText
	out, urls = exfiltrationURLCount(s, &nt)
	return out, urls, nt.n, nt.done
}

// ExfiltrationURLCountNormalized is ExfiltrationURLCount(s) given norm
// and offs, normalize.NormalizeWithOffsets(s), which a caller has
// computed for other detectors too: the scans then do not normalise s
// again. It reads offs and does not keep it.
func ExfiltrationURLCountNormalized(s, norm string, offs []int) (out []finding.Finding, urls int) {
	nt := normText{n: norm, done: true, offs: offs}
	return exfiltrationURLCount(s, &nt)
}

// exfiltrationURLCount is ExfiltrationURLCount sharing nt.
func exfiltrationURLCount(s string, nt *normText) (out []finding.Finding, urls int) {
	if !mayHoldURL(s) || cannotHoldURL(s) {
		return exfiltration(s, nil, nt), 0
	}
	sp := spanPool.Get().(*[]URLSpan)
	spans := appendScanURLs((*sp)[:0], s, true, nt)
	out, urls = exfiltration(s, spans, nt), len(spans)
	putSpans(sp, spans)
	return out, urls
}

// URLCount returns len(URLs(s)) without building the findings' excerpts.
func URLCount(s string) int {
	if !mayHoldURL(s) || cannotHoldURL(s) {
		return 0
	}
	sp := spanPool.Get().(*[]URLSpan)
	spans := appendScanURLs((*sp)[:0], s, true, nil)
	putSpans(sp, spans)
	return len(spans)
}

// spanPool holds span buffers for the scans whose spans do not outlive
// the call: a text of many URLs grew a fresh slice on every call.
var spanPool = sync.Pool{New: func() any { return new([]URLSpan) }}

// putSpans returns spans (grown from *sp) to spanPool, unless it grew
// large.
func putSpans(sp *[]URLSpan, spans []URLSpan) {
	if cap(spans) > 4096 {
		return
	}
	*sp = spans[:0]
	spanPool.Put(sp)
}

// exfiltration is Exfiltration on s whose URL spans are spans; nt holds
// (or is to hold) Normalize(s).
func exfiltration(s string, spans []URLSpan, nt *normText) []finding.Finding {
	var out []finding.Finding
	for _, u := range spans {
		if reason := URLPayload(s, u); reason != "" {
			out = append(out, finding.Finding{Rule: RuleExfilURL, Start: u.Start, End: u.End, Excerpt: reason})
		}
	}
	out = append(out, markdownImages(s)...)
	out = append(out, requests(s, nt)...)
	if len(out) == 0 {
		return nil
	}
	found := secrets.Secrets(s)
	for i := range out {
		out[i].Excerpt = SafeExcerpt(s, out[i].Start, out[i].End, found, out[i].Excerpt)
	}
	finding.Sort(out)
	return dedupeFindings(out)
}

// Warm builds the URL tables, the request phrases and the
// placeholder expression, for guard.Warm.
func Warm() { _, _ = urlTablesOnce(); exfilRequestPhrases(); placeholderRe() }

// SafeExcerpt shows s[a:b] after label, with every secret of s that
// overlaps it redacted (found on the whole of s, so that context a
// rule needs is not lost), invisible characters removed, and clipped.
func SafeExcerpt(s string, a, b int, found []finding.Finding, label string) string {
	t := s[a:b] // copied only when a finding is redacted in it
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
	if last > a {
		sb.WriteString(s[last:b])
		t = sb.String()
	}
	t = secrets.Redact(strings.TrimSpace(normalize.UnhideText(t)))
	if label != "" {
		t = label + ": " + t
	}
	return finding.Clip(t, finding.MaxExcerpt)
}

func dedupeFindings(fs []finding.Finding) []finding.Finding {
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

// URLPayload's byte sets (tables: strings.ContainsRune, TrimRight and
// ContainsAny with these ASCII sets cost a rune decoding per byte of a
// short string): where the URL is extended to, the punctuation trimmed
// from its end, and the first bytes of placeholderRe's alternatives.
var (
	urlStops           = byteSet(" \t\r\n\"'<>()[]`")
	urlTrailer         = byteSet(".,;:!?")
	placeholderOpeners = byteSet("{$%<")
)

// URLPayload returns why the URL u of s is an exfiltration channel, or "".
func URLPayload(s string, u URLSpan) string {
	if u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https" {
		return "scheme " + u.Scheme + ":"
	}
	// Look at the URL in its case-preserving, de-obfuscated form, extended
	// over characters xurls stops at but a template or payload may use.
	end := u.End
	for end < len(s) && !urlStops[s[end]] {
		end++
	}
	raw := normalize.UnhideText(s[u.Start:end])
	for raw != "" && urlTrailer[raw[len(raw)-1]] { // strings.TrimRight(raw, ".,;:!?")
		raw = raw[:len(raw)-1]
	}
	if len(secrets.Secrets(raw)) > 0 {
		return "secret in URL"
	}
	// Every alternative of placeholderRe starts with '{', '$', '%' or
	// '<': without one of them it cannot match.
	if containsSet(raw, &placeholderOpeners) && placeholderRe().MatchString(raw) {
		return "secret placeholder in URL"
	}
	if why := dataPlaceholder(s, u.Start, end); why != "" {
		return why
	}
	if len(raw) <= maxPlainURL && strings.IndexByte(raw, '@') < 0 {
		// Too short to hold an encoded run of more than 32 characters
		// (escaping a path or fragment lengthens a run by at most two),
		// and no userinfo: urlParts finds no payload
		// (TestShortURLsCarryNoPayload).
		return ""
	}
	return urlParts(raw, u.Scheme)
}

// urlParts is URLPayload's look at the parts of the URL raw (its scheme,
// "" for none): userinfo, host labels, path segments, query and fragment.
func urlParts(raw, scheme string) string {
	if scheme == "" {
		raw = "http://" + raw
	}
	pu, err := url.Parse(raw)
	if err != nil {
		// Not parseable as a URL: judge the whole text.
		if hasOpaqueRun(raw) {
			return "encoded payload in URL"
		}
		return ""
	}
	if pu.User != nil {
		if _, ok := pu.User.Password(); ok {
			return "password in URL"
		}
		if hasOpaqueRun(pu.User.Username()) {
			return "encoded payload in userinfo"
		}
	}
	for label := range strings.SplitSeq(pu.Hostname(), ".") {
		if hasOpaqueRun(label) {
			return "encoded payload in host name"
		}
	}
	for seg := range strings.SplitSeq(pu.EscapedPath(), "/") {
		if hasOpaqueRun(seg) {
			return "encoded payload in path"
		}
		if dec, err := url.PathUnescape(seg); err == nil && dec != seg && hasOpaqueRun(dec) {
			return "encoded payload in path"
		}
	}
	for _, part := range []struct{ what, v string }{
		{"query", pu.RawQuery}, {"fragment", pu.EscapedFragment()},
	} {
		if hasOpaqueRun(part.v) {
			return "encoded payload in " + part.what
		}
		if dec, err := url.QueryUnescape(part.v); err == nil && dec != part.v && hasOpaqueRun(dec) {
			return "encoded payload in " + part.what
		}
	}
	return ""
}

// dataPlaceholder reports a template placeholder in the query or
// fragment of the URL at s[start:end] that asks whoever renders the URL
// to fill in data: "?u={user_email}", "?q=[INSERT_USER_LAST_MESSAGE_HERE]",
// "?doc=[full text of the user's other open documents]". A URL that a
// renderer fetches by itself (a markdown image's or an <img> tag's
// source) sends any placeholder it is given, so there every placeholder
// counts; elsewhere only one that names the user, the conversation or
// personal data does ("/users/{user_id}/orders" in a path, or
// "?page={page}" in an API's documentation, is a template for the
// developer who reads it).
func dataPlaceholder(s string, start, end int) string {
	q := strings.IndexAny(s[start:end], "?#")
	if q < 0 {
		return ""
	}
	image := imageSource(s, start)
	for i := start + q + 1; i < end || i < len(s) && i == end && (s[i] == '[' || s[i] == '<'); i++ {
		c := s[i]
		if c != '{' && c != '[' && c != '<' && c != '$' && c != '%' {
			continue
		}
		if i > start+q+1 && s[i-1] != '=' && s[i-1] != '&' && s[i-1] != '?' && s[i-1] != '{' && s[i-1] != '#' {
			continue // inside a value, not a whole value: "?v=a{b"
		}
		name, ok := placeholderName(s[i:])
		if !ok {
			continue
		}
		if image || personalData(name) {
			return "data placeholder in URL"
		}
		i += len(name)
	}
	return ""
}

// placeholderName returns the name inside the placeholder that opens p
// ("{user_email}", "{{name}}", "${name}", "[full text of ...]",
// "<EMAIL>", "%NAME%"): letters, digits, spaces and "_.-'" up to the
// closing bracket, within 80 bytes and one line.
func placeholderName(p string) (string, bool) {
	open := p[0]
	k := 1
	if (open == '{' || open == '$') && len(p) > 1 && p[1] == '{' {
		k = 2
	}
	var closer byte
	switch open {
	case '{', '$':
		closer = '}'
		if open == '$' && k == 1 {
			return "", false // "$NAME" is judged by placeholderRe
		}
	case '[':
		closer = ']'
	case '<':
		closer = '>'
	case '%':
		closer = '%'
	}
	for j := k; j < len(p) && j < k+80; j++ {
		c := p[j]
		switch {
		case c == closer:
			if j == k {
				return "", false
			}
			return p[k:j], true
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' || c == ' ' || c == '\'':
		default:
			return "", false
		}
	}
	return "", false
}

// personalData reports whether a placeholder's name asks for the user's
// data or the conversation: "user_email", "INSERT_USER_LAST_MESSAGE_HERE",
// "full text of the user's other open documents", "card_number".
func personalData(name string) bool {
	n := strings.ToLower(name)
	for _, w := range [...]string{"user", "email", "e-mail", "phone", "address", "passport", "ssn", "card", "cvv", "iban",
		"birth", "password", "conversation", "chat", "message", "history", "summary", "prompt", "contact", "location",
		"insert", "full text", "full_name", "fullname"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// imageSource reports whether the URL that starts at s[start] is an
// image's source: a markdown image's destination ("![alt](" before it,
// on its line) or an <img> tag's src attribute.
func imageSource(s string, start int) bool {
	a := max(0, start-300)
	before := s[a:start]
	if nl := strings.LastIndexByte(before, '\n'); nl >= 0 {
		before = before[nl+1:]
	}
	before = strings.TrimRight(before, " <")
	switch {
	case strings.HasSuffix(before, "]("):
		return strings.Contains(before, "![")
	case strings.HasSuffix(before, "src=\"") || strings.HasSuffix(before, "src='") || strings.HasSuffix(before, "src="):
		return containsFold(before, "<img")
	}
	return false
}

// maxPlainURL is the length up to which a URL without "@" is known to
// carry no payload once it holds no secret and no placeholder (see
// URLPayload): an opaque run is longer than 32 characters.
const maxPlainURL = 24

var (
	placeholderOnce sync.Once
	placeholderRx   *regexp.Regexp
)

// placeholderRe matches template placeholders ({{X}}, ${X}, $X, %X%, <X>)
// whose name refers to a secret.
func placeholderRe() *regexp.Regexp {
	placeholderOnce.Do(func() {
		name := `[A-Za-z0-9_.-]*(?i:token|secret|passw|pwd|api[_-]?key|apikey|private[_-]?key|access[_-]?key|credential|cookie|session|auth|bearer|env)[A-Za-z0-9_.-]*`
		placeholderRx = regexp.MustCompile(`\{\{\s*\.?` + name + `\s*\}\}|\$\{\s*` + name + `\s*\}|\$` + name + `|%` + name + `%|<` + name + `>`)
	})
	return placeholderRx
}

// hasOpaqueRun reports whether s holds an encoded run longer than a commit
// hash: more than 40 hex digits, or more than 32 base64/base64url
// characters that look random.
func hasOpaqueRun(s string) bool {
	for i := 0; i < len(s); {
		if !secrets.IsB64Char(s[i]) && s[i] != '=' {
			i++
			continue
		}
		j := i
		for j < len(s) && (secrets.IsB64Char(s[j]) || s[j] == '=') {
			j++
		}
		if opaqueRun(s[:i], s[i:j]) {
			return true
		}
		i = j
	}
	return false
}

// opaqueRun judges one run of base64/hex characters; before is the text
// preceding it (a "sha256:" label marks a digest).
func opaqueRun(before, run string) bool {
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
		// Hex, possibly with UUID-style hyphens: count the digits.
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
	if isSlug(run) {
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
func isSlug(run string) bool {
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
		// words, short numbers and version-like parts only; a word may
		// end in one or two digits ("collector1", "html5")
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

// wordWithNumber reports whether p, which holds digits digits, is letters
// followed by one or two digits: "collector1", "html5", "utf16".
func wordWithNumber(p string, digits int) bool {
	if digits > 2 {
		return false
	}
	for i := 0; i < len(p)-digits; i++ {
		if c := p[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// markdownImages reports every image a markdown renderer would fetch:
// inline and reference-style images and raw HTML <img> tags.
func markdownImages(s string) []finding.Finding {
	// The fullwidth '！' and '＜' are searched as their UTF-8 bytes, which
	// no other rune's encoding contains (their lead byte is no
	// continuation byte): the same as ContainsAny, without decoding s.
	if !strings.Contains(s, "!") && !strings.Contains(s, "<") && !strings.Contains(s, "\uff01") && !strings.Contains(s, "\uff1c") {
		return nil
	}
	src, offs := normalize.Unhide(s)
	if !strings.Contains(src, "![") && !containsFold(src, "<img") && !containsFold(src, "<image") {
		return nil
	}
	var out []finding.Finding
	if mdcost.TooCostly(src) {
		// Fail closed on text crafted to keep the parser busy: it holds
		// an image opener, so report one rather than parse it, from the
		// first opener to the end of the text, where every image the
		// parser could have found lies.
		a := strings.Index(src, "![")
		if i := indexFold(src, "<im"); a < 0 || i >= 0 && i < a {
			a = i
		}
		a = max(a, 0)
		z := len(src)
		return []finding.Finding{{Rule: RuleExfilURL, Start: offs[a], End: normalize.EndOffset(offs, z), Excerpt: "markdown image (markup too costly to parse)"}}
	}
	if !mayHoldImage(src) {
		return nil
	}
	b := []byte(src)
	doc := goldmark.DefaultParser().Parse(text.NewReader(b))
	searchFrom := 0
	add := func(a, z int, excerpt string) {
		a, z = max(0, min(a, len(src))), max(0, min(z, len(src)))
		if z < a {
			z = a
		}
		out = append(out, finding.Finding{Rule: RuleExfilURL, Start: offs[a], End: normalize.EndOffset(offs, z), Excerpt: excerpt})
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Image:
			dest := string(n.Destination)
			// Locate the image's "![" in the source: at or before its alt
			// text when it has one, else the next one not yet used.
			at := searchFrom
			if seg, ok := firstSegment(n); ok {
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
				if isImageTag(b[seg.Start:seg.Stop]) {
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
					if isImageTag(tag) {
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

// mayHoldImage reports whether goldmark could find an image or HTML in
// src: an image node is made only where a "](" and then a ')' close the
// label a "![" opened, or where its label names a reference definition
// ("]:" anywhere), and raw HTML and HTML blocks start at a "<". Raw HTML (tags,
// comments, processing instructions, declarations, CDATA) and an HTML
// block of type 7 end at a '>'; without one, only an HTML block of types
// 1 to 6 can open (mayOpenHTMLBlock). Without any of these, the parse
// would find nothing, so it is not run ("![ ![ ![ ...", "<img <img ...").
func mayHoldImage(src string) bool {
	if lt := strings.IndexByte(src, '<'); lt >= 0 && (strings.IndexByte(src, '>') >= 0 || mayOpenHTMLBlock(src, lt)) {
		return true
	}
	// An image's label closes at "](" with a ')' after it (an inline
	// image ends at one), or names a reference definition, "]:".
	i := strings.Index(src, "![")
	if i < 0 {
		return false
	}
	rest := src[i+2:]
	if strings.Contains(src, "]:") {
		return true
	}
	j := strings.Index(rest, "](")
	return j >= 0 && strings.IndexByte(rest[j+2:], ')') >= 0
}

// mayOpenHTMLBlock reports whether a '<' of src, the first at src[lt],
// may open an HTML block of types 1 to 6 (CommonMark 4.6): one that
// starts its line, after nothing but indentation and the markers of list
// items (no block quote: src holds no '>'), and is followed by '!', '?',
// '/' or the name of a tag mdcost.HTMLBlockTag accepts. A '<' after any other
// character on its line is inside a paragraph's text.
// Only the first '<' of a line can: another has that '<' before it. Each
// line is read once, so the time is linear in len(src).
func mayOpenHTMLBlock(src string, lt int) bool {
	lineStart := strings.LastIndexAny(src[:lt], "\n\r") + 1
	for i := lt; ; {
		if strings.Trim(src[lineStart:i], " \t-*+.)0123456789") == "" && htmlBlockOpener(src[i+1:]) {
			return true
		}
		// The first '<' of the next line that holds one.
		nl := strings.IndexAny(src[i:], "\n\r")
		if nl < 0 {
			return false
		}
		lineStart = i + nl + 1
		k := strings.IndexByte(src[lineStart:], '<')
		if k < 0 {
			return false
		}
		i = lineStart + k
		if j := strings.LastIndexAny(src[lineStart:i], "\n\r"); j >= 0 {
			lineStart += j + 1
		}
	}
}

// htmlBlockOpener reports whether s, what follows a '<' at the start of a
// block, opens an HTML block of types 1 to 6: '!', '?' or '/' (types 2
// to 5, and a closing tag of type 6), or a tag name mdcost.HTMLBlockTag accepts
// (types 1 and 6) in any case, whatever follows it.
func htmlBlockOpener(s string) bool {
	if s == "" {
		return false
	}
	switch c := s[0]; {
	case c == '!' || c == '?' || c == '/':
		return true
	case !('a' <= c|0x20 && c|0x20 <= 'z'):
		return false
	}
	j := 0
	for j < len(s) && j <= 16 && ('a' <= s[j]|0x20 && s[j]|0x20 <= 'z' || '0' <= s[j] && s[j] <= '9') {
		j++
	}
	return mdcost.HTMLBlockTag(strings.ToLower(s[:j]))
}

// firstSegment returns the start of the first text segment under n.
func firstSegment(n ast.Node) (int, bool) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			return t.Segment.Start, true
		}
		if s, ok := firstSegment(c); ok {
			return s, true
		}
	}
	return 0, false
}

// isImageTag reports whether tag opens an HTML element that fetches an
// image: <img ...>, <image ...> (SVG) or <svg ...><image>.
func isImageTag(tag []byte) bool {
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

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), sub)
}

// indexFold returns the index of the first instance of the lower-case
// ASCII sub in s, ignoring ASCII case, or -1.
func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}
