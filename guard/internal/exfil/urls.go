package exfil

import (
	"cmp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/wardline/wardline/guard/internal/finding"
	"github.com/wardline/wardline/guard/internal/normalize"
	"github.com/wardline/wardline/guard/internal/secrets"
	"github.com/wardline/wardline/internal/swar"
)

// URL extraction.
//
// URLs are found with the grammar of mvdan.cc/xurls/v2, a maintained
// extractor whose patterns know every IANA TLD, balanced parentheses and
// trailing punctuation, rather than with a pattern of our own: its strict
// expression (any scheme, including the no-authority schemes such as
// mailto:, file: and data:) finds URLs with a scheme, its relaxed one
// scheme-less candidates. The expressions are matched by urlScanner
// (urls_match.go), which finds exactly what they find in time linear in
// the text, where Go's regexp engine spends microseconds per byte of a
// crafted text on the relaxed one. It runs on Normalize's output (fullwidth forms,
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

// URLSpan is one URL: [Start,End) in the caller's string and its scheme
// (lower case, "" when scheme-less).
type URLSpan struct {
	Start, End int
	Scheme     string
}

// URLs implements guard.URLs, which documents it.
func URLs(s string) []finding.Finding {
	var buf [4]URLSpan
	spans := appendURLs(buf[:0], s)
	if len(spans) == 0 {
		return nil
	}
	out := make([]finding.Finding, 0, len(spans))
	for _, u := range spans {
		out = append(out, finding.Finding{Rule: ruleURL, Start: u.Start, End: u.End, Excerpt: urlExcerpt(s[u.Start:u.End])})
	}
	return out
}

// urlExcerpt shows a URL in a finding: secrets redacted, invisible
// characters dropped, long URLs shortened.
func urlExcerpt(u string) string {
	return finding.Clip(secrets.Redact(normalize.UnhideText(u)), finding.MaxExcerpt)
}

// FindURLs returns the URL spans of s, sorted and non-overlapping.
func FindURLs(s string) []URLSpan {
	return appendURLs(nil, s)
}

// appendURLs appends the URL spans of s (see FindURLs) to dst.
func appendURLs(dst []URLSpan, s string) []URLSpan {
	if !mayHoldURL(s) || cannotHoldURL(s) {
		return dst
	}
	return appendScanURLs(dst, s, true, nil)
}

// scanURLs is FindURLs without the prefilters.
func scanURLs(s string) []URLSpan {
	return scanURLsSkip(s, true)
}

// scanURLsSkip is scanURLs; skip enables the shortcut for tokens that are
// one URL (FuzzURLPrefilter checks both settings agree).
func scanURLsSkip(s string, skip bool) []URLSpan {
	return appendScanURLs(nil, s, skip, nil)
}

// urlScratch holds the buffers of one URL scan, reused through
// urlScratchPool. Nothing in it outlives the scan: spans hold offsets
// into the caller's string and schemes that do not alias the buffers.
type urlScratch struct {
	nbuf, obuf []byte         // normalised text; normalised text for offsets
	offs       []int          // offsets of the normalised text
	strict     [][2]int       // strict matches
	relaxed    []relaxedMatch // relaxed matches
}

var urlScratchPool = sync.Pool{New: func() any { return new(urlScratch) }}

func (sc *urlScratch) release() {
	if cap(sc.nbuf) > maxPooledBytes || cap(sc.obuf) > maxPooledBytes {
		sc.nbuf, sc.obuf, sc.offs = nil, nil, nil
	}
	if cap(sc.strict) > 256 || cap(sc.relaxed) > 256 {
		sc.strict, sc.relaxed = nil, nil
	}
	urlScratchPool.Put(sc)
}

// appendScanURLs appends the URL spans of s to dst; skip is as for
// scanURLsSkip. nt, when not nil, holds (or is to hold) Normalize(s).
func appendScanURLs(dst []URLSpan, s string, skip bool, nt *normText) []URLSpan {
	sc := urlScratchPool.Get().(*urlScratch)
	defer sc.release()
	// Offsets are computed only once a match needs mapping back. ASCII
	// text is normalised into the scratch buffers exactly as Normalize
	// and normalize.NormalizeWithOffsets do it (normalize.ASCIIPassInto).
	var n string
	ascii, identity := normalize.ASCIIForm(s) // identity: Normalize(s) == s, byte for byte
	switch {
	case identity:
		n = s
	case ascii:
		if cap(sc.nbuf) < len(s) {
			sc.nbuf = make([]byte, len(s))
		}
		n, _ = normalize.ASCIIPassInto(s, false, sc.nbuf, nil)
	case nt != nil:
		n = nt.get(s)
	default:
		n = normalize.Normalize(s)
	}
	r, roffs := refang(n)
	tb, tablesOK := urlTablesOnce()
	// The expressions run only on the white-space-separated tokens that
	// can hold a match: a URL never contains a space.
	strictMatches, relaxedMatches := sc.strict[:0], sc.relaxed[:0]
	for i := 0; ; {
		a, b, ok := nextURLToken(r, i)
		if !ok {
			break
		}
		i = b
		t := r[a:b]
		hasColon := strings.IndexByte(t, ':') >= 0
		wantRelaxed := strings.Contains(t, "www.") || strings.IndexByte(t, '.') >= 0 && hasQueryOrFragment(t)
		if !hasColon && !wantRelaxed {
			continue
		}
		if !tablesOK {
			// Fail closed: without the grammar's tables (which
			// TestURLTables rules out) a token that may hold a URL is one.
			strictMatches = append(strictMatches, [2]int{a, b})
			continue
		}
		us := getURLScanner(tb, t)
		whole := false
		if hasColon {
			k := len(strictMatches)
			strictMatches = us.appendStrict(strictMatches, a)
			ms := strictMatches[k:]
			// One URL spanning the whole token (the common case): every
			// relaxed match in the token would overlap it and be dropped
			// (none fits inside a single refanged spelling, the only
			// place where offsets could collapse), so skip that pass.
			whole = skip && len(ms) == 1 && ms[0][0] == a && ms[0][1] == b
		}
		if !whole && wantRelaxed && mayHoldRelaxed(t) {
			relaxedMatches = us.appendRelaxed(relaxedMatches, a)
		}
		us.release()
	}
	sc.strict, sc.relaxed = strictMatches, relaxedMatches
	if len(strictMatches) == 0 && len(relaxedMatches) == 0 {
		return dst
	}
	var offs []int // nil: the identity
	switch {
	case identity:
	case ascii:
		if cap(sc.obuf) < len(s) {
			sc.obuf = make([]byte, len(s))
		}
		_, offs = normalize.ASCIIPassInto(s, true, sc.obuf, sc.offs)
		sc.offs = offs
	default:
		offs = nt.offsets(s)
	}
	first := len(dst)
	toOrig := func(a, b int) (int, int) {
		na, nb := a, b
		if roffs != nil {
			na, nb = roffs[a], roffs[b]
		}
		if offs == nil {
			return na, nb
		}
		return offs[na], normalize.EndOffset(offs, nb)
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
		dst = append(dst, URLSpan{Start: a, End: b, Scheme: ownScheme(strings.ToLower(scheme))})
	}
	// A relaxed match overlapping a URL kept already is dropped. Both
	// kinds come in increasing order of start (the mapping to s keeps
	// order), and strict spans do not overlap in r, so their ends do not
	// decrease either: the strict span to compare with is the first one
	// ending after the start, and a kept relaxed one overlaps exactly
	// when the furthest end so far lies after the start.
	strictEnd, k, relaxedEnd := len(dst), first, -1
	taken := func(a, b int) bool {
		for k < strictEnd && dst[k].End <= a {
			k++
		}
		return k < strictEnd && dst[k].Start < b || a < relaxedEnd
	}
	for _, m := range relaxedMatches {
		if m.email {
			continue
		}
		text := r[m.start:m.end]
		if m.start > 0 && (r[m.start-1] == '@' || r[m.start-1] == '/' || r[m.start-1] == ':') {
			// the host of an e-mail address or part of a longer path
			continue
		}
		if strings.Contains(text, "://") || !isSchemelessURL(text) {
			continue
		}
		a, b := toOrig(m.start, m.end)
		if taken(a, b) {
			continue
		}
		dst = append(dst, URLSpan{Start: a, End: b})
		relaxedEnd = max(relaxedEnd, b)
	}
	slices.SortStableFunc(dst[first:], func(x, y URLSpan) int { return cmp.Compare(x.Start, y.Start) })
	return dst
}

// commonSchemes are returned as constants by ownScheme.
var commonSchemes = []string{"http", "https", "ftp", "file", "mailto", "javascript", "data", "vbscript", "blob", "ws", "wss", "ssh", "git", "tel"}

// ownScheme returns scheme in memory of its own: it may be a slice of a
// pooled buffer, which is reused once the scan ends.
func ownScheme(scheme string) string {
	for _, c := range commonSchemes {
		if scheme == c {
			return c
		}
	}
	return strings.Clone(scheme)
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

// isSchemelessURL applies the contract to a relaxed match: a www. host,
// or a host/path with a query or fragment.
func isSchemelessURL(text string) bool {
	if strings.HasPrefix(text, "www.") {
		return true
	}
	host, rest, _ := strings.Cut(text, "/")
	if hasQueryOrFragment(host) {
		return true
	}
	return hasQueryOrFragment(rest)
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
		// Skip eight bytes at a time while none of them is one the
		// switch below looks at.
		for i+8 <= len(s) && !urlStop8(swar.Load8(s, i)) {
			i += 8
		}
		if i == len(s) {
			break
		}
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

// urlStop8 reports whether the word w may hold a byte cannotHoldURL
// looks at: non-ASCII, a control character (white space too: a false
// alarm costs only a byte-wise look), DEL, '?', '#', ':' or 'w' in either
// case. It never misses one (TestURLStop8).
func urlStop8(w uint64) bool {
	if w&swar.Msb8 != 0 {
		return true
	}
	return (^swar.Ge8(w, 0x20)&swar.Msb8 | swar.Eq8(w, 0x7f) | swar.Eq8(w, '?') | swar.Eq8(w, '#') | swar.Eq8(w, ':') | swar.Eq8(w|0x20*swar.Lsb8, 'w')) != 0
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

// defangFirst marks the bytes that start a spelling in defangs.
var defangFirst = func() (t [256]bool) {
	for _, d := range defangs {
		t[d.from[0]] = true
	}
	return t
}()

// defangsBy lists, per first byte, the indexes in defangs of the
// spellings that start with it, in defangs' order.
var defangsBy = func() (t [256][]uint8) {
	for i, d := range defangs {
		t[d.from[0]] = append(t[d.from[0]], uint8(i))
	}
	return t
}()

// refang rewrites defanged URL spellings in n. offs maps every byte of the
// result (and its end) to a byte of n; it is nil when the result is n.
func refang(n string) (string, []int) {
	if !strings.Contains(n, "hxxp") && !strings.ContainsAny(n, "[({") {
		return n, nil
	}
	var b strings.Builder
	b.Grow(len(n))
	offs := make([]int, 0, len(n)+1)
	for i := 0; i < len(n); {
		if !defangFirst[n[i]] {
			// No defanged spelling starts here: copy up to the next
			// byte that may start one.
			j := i + 1
			for j < len(n) && !defangFirst[n[j]] {
				j++
			}
			b.WriteString(n[i:j])
			for k := i; k < j; k++ {
				offs = append(offs, k)
			}
			i = j
			continue
		}
		matched := false
		for _, k := range defangsBy[n[i]] {
			if d := &defangs[k]; strings.HasPrefix(n[i:], d.from) {
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

// mayHoldRelaxed reports whether the relaxed expression can match in t:
// every match holds a ':' (a scheme, an IPv6 address), an '@' (an e-mail
// address), a '[' (an IPv6 host) or a domain or IPv4 address, in which a
// '.' is followed by a TLD's or an octet's first rune (an ASCII letter or
// digit, or a non-ASCII rune: a TLD in another script, or a rune folding
// onto an ASCII letter). A token such as "www." holds none of them.
// FuzzURLMatcher and TestMayHoldRelaxed check it against xurls.
func mayHoldRelaxed(t string) bool {
	for i := 0; i < len(t); i++ {
		switch c := t[i]; c {
		case ':', '@', '[':
			return true
		case '.':
			if i+1 < len(t) && (isASCIIAlnum(t[i+1]) || t[i+1] >= utf8.RuneSelf) {
				return true
			}
		}
	}
	return false
}

// normText is Normalize of a text, computed at most once for the
// detectors that run on it (the URL scan and Requests both need it for a
// text that is not ASCII, and the checker's markdown rule too), and the
// offsets of normalize.NormalizeWithOffsets when a caller gave them.
type normText struct {
	n    string
	done bool
	offs []int // nil: not given
}

// get returns Normalize(s); s is the same text on every call.
func (t *normText) get(s string) string {
	if !t.done {
		t.n, t.done = normalize.Normalize(s), true
	}
	return t.n
}

// offsets returns normalize.NormalizeWithOffsets(s)'s offsets for a text
// that is not ASCII; t may be nil.
func (t *normText) offsets(s string) []int {
	if t != nil && t.offs != nil {
		return t.offs
	}
	_, offs := normalize.NormalizeWithOffsets(s)
	return offs
}

// hasQueryOrFragment is strings.ContainsAny(s, "?#"), which on the short
// strings it is asked about (a token, a URL) decodes s rune by rune.
func hasQueryOrFragment(s string) bool {
	return strings.IndexByte(s, '?') >= 0 || strings.IndexByte(s, '#') >= 0
}

// byteSet returns the table of the bytes of chars.
func byteSet(chars string) (t [256]bool) {
	for i := 0; i < len(chars); i++ {
		t[chars[i]] = true
	}
	return t
}

// containsSet is strings.ContainsAny(s, chars) for the ASCII chars of set
// (set = byteSet(chars)): an ASCII byte is never part of another rune's
// encoding, and a byte of invalid UTF-8 is not in set.
func containsSet(s string, set *[256]bool) bool {
	for i := 0; i < len(s); i++ {
		if set[s[i]] {
			return true
		}
	}
	return false
}

func isHostByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-'
}
