package guard

import (
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
	"mvdan.cc/xurls/v2"
)

// URL extraction.
//
// URLs are found with mvdan.cc/xurls/v2, a maintained extractor whose
// patterns know every IANA TLD, balanced parentheses and trailing
// punctuation, rather than with a hand-written pattern: the strict
// expression (any scheme, including the no-authority schemes such as
// mailto:, file: and data:) finds URLs with a scheme, the relaxed one finds
// scheme-less candidates. It runs on Normalize's output (fullwidth forms,
// zero-width characters and homoglyphs undone) after "refanging" the
// defanged spellings a reader still follows (hxxp://, example[.]com,
// example(dot)com, [:]//), and every span is mapped back to the caller's
// string.
//
// Which scheme-less matches count as URLs follows the facts-only contract
// (DESIGN.md): a www. host, or a host/path carrying a query or fragment
// (evil.com/x?d=...). Module paths (github.com/acme/widget/v2), image
// references (ghcr.io/acme/widget:2.3.1), bare host names (pkg.go.dev) and
// e-mail addresses are identifiers, not URLs.

// ruleURL is the Rule of every finding URLs returns.
const ruleURL = "url"

var (
	urlOnce      sync.Once
	strictURLRe  *regexp.Regexp
	relaxedURLRe *regexp.Regexp
	emailIdx     int
)

func urlRegexps() (*regexp.Regexp, *regexp.Regexp, int) {
	urlOnce.Do(func() {
		// Any scheme xurls knows how to spell, plus the script and data
		// schemes it leaves out (they have no authority part).
		re, err := xurls.StrictMatchingScheme(xurls.AnyScheme + `|(?:javascript|vbscript|data|blob):`)
		if err != nil {
			re = xurls.Strict()
		}
		strictURLRe = re
		relaxedURLRe = xurls.Relaxed()
		emailIdx = relaxedURLRe.SubexpIndex("relaxedEmail")
	})
	return strictURLRe, relaxedURLRe, emailIdx
}

// urlSpan is one URL: [start,end) in the caller's string, scheme (lower
// case, "" when scheme-less) and the matched text in matching form.
type urlSpan struct {
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
func URLs(s string) []Finding {
	spans := findURLs(s)
	if len(spans) == 0 {
		return nil
	}
	out := make([]Finding, 0, len(spans))
	for _, u := range spans {
		out = append(out, Finding{Rule: ruleURL, Start: u.start, End: u.end, Excerpt: urlExcerpt(s[u.start:u.end])})
	}
	return out
}

// urlExcerpt shows a URL in a finding: secrets redacted, invisible
// characters dropped, long URLs shortened.
func urlExcerpt(u string) string {
	t, _ := unhide(u)
	return clip(Redact(t), maxExcerpt)
}

// findURLs returns the URL spans of s, sorted and non-overlapping.
func findURLs(s string) []urlSpan {
	if !mayHoldURL(s) || cannotHoldURL(s) {
		return nil
	}
	return scanURLs(s)
}

// scanURLs is findURLs without the prefilters.
func scanURLs(s string) []urlSpan {
	return scanURLsSkip(s, true)
}

// scanURLsSkip is scanURLs; skip enables the shortcut for tokens that are
// one URL (FuzzURLPrefilter checks both settings agree).
func scanURLsSkip(s string, skip bool) []urlSpan {
	// Offsets are computed only once a match needs mapping back.
	n := Normalize(s)
	r, roffs := refang(n)
	strict, relaxed, emailSub := urlRegexps()
	// xurls' expressions are large (the relaxed one spells out every TLD),
	// so they run only on the white-space-separated tokens that can hold
	// a match: a URL never contains a space.
	var strictMatches, relaxedMatches [][]int
	for i := 0; ; {
		a, b, ok := nextURLToken(r, i)
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
			// One URL spanning the whole token (the common case): every
			// relaxed match in the token would overlap it and be dropped
			// (none fits inside a single refanged spelling, the only
			// place where offsets could collapse), so skip that pass.
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
	_, offs := normalizeWithOffsets(s)
	var spans []urlSpan
	toOrig := func(a, b int) (int, int) {
		na, nb := a, b
		if roffs != nil {
			na, nb = roffs[a], roffs[b]
		}
		return offs[na], endOffset(offs, nb)
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
		if m[0] > 0 && isHostByte(r[m[0]-1]) {
			// "metadata::x": a scheme name glued to a longer word
			continue
		}
		text := r[m[0]:m[1]]
		scheme := text
		if i := strings.IndexByte(text, ':'); i >= 0 {
			scheme = text[:i]
		}
		a, b := toOrig(m[0], m[1])
		spans = append(spans, urlSpan{start: a, end: b, scheme: strings.ToLower(scheme), text: text})
	}
	for _, m := range relaxedMatches {
		if emailSub > 0 && 2*emailSub+1 < len(m) && m[2*emailSub] >= 0 {
			continue
		}
		text := r[m[0]:m[1]]
		if m[0] > 0 && (r[m[0]-1] == '@' || r[m[0]-1] == '/' || r[m[0]-1] == ':') {
			// the host of an e-mail address or part of a longer path
			continue
		}
		if strings.Contains(text, "://") || !isSchemelessURL(text) {
			continue
		}
		a, b := toOrig(m[0], m[1])
		if taken(a, b) {
			continue
		}
		spans = append(spans, urlSpan{start: a, end: b, text: text})
	}
	sortURLSpans(spans)
	return spans
}

// nextURLToken returns the first span of r at or after i between spaces
// and line breaks; ok is false when there is none.
func nextURLToken(r string, i int) (a, b int, ok bool) {
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

func sortURLSpans(spans []urlSpan) {
	for i := 1; i < len(spans); i++ {
		for j := i; j > 0 && spans[j].start < spans[j-1].start; j-- {
			spans[j], spans[j-1] = spans[j-1], spans[j]
		}
	}
}

// isSchemelessURL applies the contract to a relaxed match: a www. host,
// or a host/path with a query or fragment.
func isSchemelessURL(text string) bool {
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
func mayHoldURL(s string) bool {
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
func cannotHoldURL(s string) bool {
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
var defangs = []struct{ from, to string }{
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
func refang(n string) (string, []int) {
	if !strings.Contains(n, "hxxp") && !strings.ContainsAny(n, "[({") {
		return n, nil
	}
	var b strings.Builder
	offs := make([]int, 0, len(n)+1)
	for i := 0; i < len(n); {
		matched := false
		for _, d := range defangs {
			if strings.HasPrefix(n[i:], d.from) {
				if d.from == "[.]" || d.from == "(.)" || d.from == "{.}" {
					// only between host-name characters: "a[.]b"
					if i == 0 || i+len(d.from) >= len(n) || !isHostByte(n[i-1]) || !isHostByte(n[i+len(d.from)]) {
						continue
					}
				}
				if strings.Contains(d.from, "dot") && (i == 0 || i+len(d.from) >= len(n) || !isHostByte(n[i-1]) || !isHostByte(n[i+len(d.from)])) {
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

func isHostByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-'
}

// unhide removes invisible characters from s and applies NFKC rune by
// rune, keeping letter case (unlike Normalize): the form in which encoded
// payloads and markdown are examined. offs maps each result byte (and the
// end) to the byte offset in s of the rune that produced it.
func unhide(s string) (string, []int) {
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
		switch runeKind(r) {
		case kindDrop:
		case kindNewline:
			out = "\n"
		case kindSpace:
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
