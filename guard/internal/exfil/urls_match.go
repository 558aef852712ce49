package exfil

import (
	"math/bits"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/xurls/v2"

	"github.com/wardline/wardline/guard/internal/normalize"
	"github.com/wardline/wardline/guard/internal/secrets"
	"github.com/wardline/wardline/internal/ascii"
)

// The URL expressions by hand, in linear time.
//
// URLs uses two of xurls' expressions: the strict one with any scheme
// (xurls.StrictMatchingScheme(xurls.AnyScheme + "|(?:javascript|vbscript|data|blob):"))
// and the relaxed one (xurls.Relaxed). Go's regexp runs them on its NFA,
// whose cost per byte grows with the number of states alive: the relaxed
// expression spells out every TLD, so a crafted run such as "www.a.www.a."
// costs microseconds per byte. urlScanner finds exactly what
// FindAllStringSubmatchIndex(t, -1) finds with either expression (the
// bounds of every match and, for the relaxed one, whether its relaxedEmail
// group took part), reading each byte a bounded number of times.
//
// Both expressions are leftmost-longest alternations. FindAll takes the
// leftmost position where any alternative matches, the longest match
// there, and searches again from its end. The scanner does the same, with
// the longest match at a position computed from tables filled by one
// backward pass over the text (urlScanner.pl, urlScanner.dom) and from
// runs remembered while the search moves forward (runMemo):
//
//   - pathCont, the path grammar both share, (?:[mid]*(?:wellParen|
//     wellBrack|wellBrace|[end]))+: pl[p] is the end of the longest match
//     at p. A path is a sequence of items (a mid rune, or a bracket group
//     nested at most two deep) whose last item is an end rune or a group;
//     items are determined rune by rune, so pl[p] is the longer of the
//     item at p (if it may end a path) and pl at the item's end.
//   - the strict scheme: a letter-led run of [a-zA-Z.+-] followed by "://",
//     or one of the schemes without authority followed by ':'. Every
//     position in a run shares the run's end, remembered once.
//   - the relaxed alternatives: a known scheme (xurls.Schemes,
//     SchemesUnofficial with "://", SchemesNoAuthority with ':') and a
//     path; a web URL, host (domain, [IPv6] or \b-delimited IPv4), port and
//     optional path; an e-mail address (local part, '@', domain); a bare
//     IPv6 address. A domain is labels ([\pL\pM\pN] at both ends, '-'
//     inside) each followed by '.', then a TLD: dom[i] is the furthest end
//     of a domain starting at i, from the chain of labels to its right
//     (dom at a label start is the best TLD end after any dot the chain of
//     valid labels reaches). IPv4 and IPv6 addresses are at most 45 bytes
//     long and are matched by enumerating their few possible ends.
//
// Only the longest host end of a domain can be followed by a port or a
// path: any shorter end lies inside the longer host, before a label,
// dot or TLD character, never before ':' or '/'. Case-insensitive parts
// ((?i) on schemes and TLDs) compare runes by their simple case-folding
// orbit, as Go's regexp does (so U+212A KELVIN SIGN matches 'k' and U+017F
// LONG S matches 's'), and \b is Go's ASCII word boundary.
//
// TestURLMatcherMatchesXurls and FuzzURLMatcher compare the scanner with
// the expressions on the corpus and on random and fuzzed text.

// urlTables are the character classes and word lists of the matchers.
type urlTables struct {
	// midASCII and endASCII are the ASCII members of xurls' midIChar and
	// endIChar classes; midUni and endUni their other members, as sorted
	// lo, hi pairs.
	midASCII, endASCII [128]bool
	midUni, endUni     []rune
	// tldASCII holds the ASCII TLDs and pseudo-TLDs (matched with \b
	// after them), lower case; tldTrie every TLD, by folded rune.
	tldASCII map[string]bool
	maxTLD   int
	// tldPairs[n][a] has bit b set when an ASCII TLD of n bytes starts
	// with the alphanumerics of index a and b (alnumIndex): a cheap
	// filter before the map.
	tldPairs [][36]uint64
	tldTrie  foldTrie
	// authSchemes (with "://") and noAuthSchemes (with ':') are the
	// relaxed expression's known schemes; strictNoAuth the strict
	// expression's schemes without authority. All lower case.
	authSchemes, noAuthSchemes, strictNoAuth map[string]bool
	maxScheme                                int
}

// urlTablesOnce builds the tables from xurls: its exported scheme and TLD
// lists, and the path classes read from its strict expression (the only
// classes in it that hold the private-use area: midIChar with '?',
// endIChar without). ok is false if they cannot be found, which
// TestURLTables rules out for the xurls version linked; the URL scan then
// reports every token that could hold a URL as one (see appendScanURLs).
var urlTablesOnce = sync.OnceValues(func() (*urlTables, bool) {
	tb := &urlTables{tldASCII: map[string]bool{}, authSchemes: map[string]bool{}, noAuthSchemes: map[string]bool{}, strictNoAuth: map[string]bool{}}
	re, err := syntax.Parse(xurls.Strict().String(), syntax.Perl)
	if err != nil {
		return tb, false
	}
	var mid, end []rune
	var walk func(r *syntax.Regexp)
	walk = func(r *syntax.Regexp) {
		if r.Op == syntax.OpCharClass && inClass(r.Rune, 0xE000) {
			if inClass(r.Rune, '?') {
				mid = r.Rune
			} else {
				end = r.Rune
			}
		}
		for _, s := range r.Sub {
			walk(s)
		}
	}
	walk(re)
	if mid == nil || end == nil {
		return tb, false
	}
	tb.midUni, tb.endUni = splitClass(mid, &tb.midASCII), splitClass(end, &tb.endASCII)
	tlds := slices.Concat(xurls.TLDs, xurls.PseudoTLDs)
	for _, tld := range tlds {
		ascii := normalize.IsASCII(tld)
		if ascii {
			tb.tldASCII[tld] = true
			tb.maxTLD = max(tb.maxTLD, len(tld))
		}
		tb.tldTrie.add(tld, ascii)
	}
	tb.tldPairs = make([][36]uint64, tb.maxTLD+1)
	for tld := range tb.tldASCII {
		if len(tld) >= 2 {
			tb.tldPairs[len(tld)][alnumIndex(tld[0])] |= 1 << alnumIndex(tld[1])
		}
	}
	for _, s := range slices.Concat(xurls.Schemes, xurls.SchemesUnofficial) {
		tb.authSchemes[strings.ToLower(s)] = true
		tb.maxScheme = max(tb.maxScheme, len(s))
	}
	for _, s := range xurls.SchemesNoAuthority {
		tb.noAuthSchemes[strings.ToLower(s)] = true
		tb.strictNoAuth[strings.ToLower(s)] = true
		tb.maxScheme = max(tb.maxScheme, len(s))
	}
	for _, s := range []string{"javascript", "vbscript", "data", "blob"} {
		tb.strictNoAuth[s] = true
	}
	return tb, true
})

// inClass reports whether r is in the class given as sorted lo, hi pairs.
func inClass(class []rune, r rune) bool {
	i, _ := slices.BinarySearch(class, r)
	// class[i] >= r: r is in the pair that i opens or closes.
	if i < len(class) && class[i] == r {
		return true
	}
	return i%2 == 1
}

// splitClass records the ASCII members of class in ascii and returns the
// pairs of its other members.
func splitClass(class []rune, ascii *[128]bool) []rune {
	var rest []rune
	for i := 0; i+1 < len(class); i += 2 {
		lo, hi := class[i], class[i+1]
		for r := lo; r <= hi && r < utf8.RuneSelf; r++ {
			ascii[r] = true
		}
		if hi >= utf8.RuneSelf {
			rest = append(rest, max(lo, utf8.RuneSelf), hi)
		}
	}
	return rest
}

func (tb *urlTables) isMid(r rune) bool {
	if r < utf8.RuneSelf {
		return tb.midASCII[r]
	}
	return inClass(tb.midUni, r)
}

func (tb *urlTables) isEnd(r rune) bool {
	if r < utf8.RuneSelf {
		return tb.endASCII[r]
	}
	return inClass(tb.endUni, r)
}

// foldTrie holds words by their runes' case-folding orbits (foldKey).
type foldTrie struct {
	next  map[uint64]int32 // node<<21 | foldKey(rune) -> child node
	nodes []foldNode
}

// foldNode flags the words ending at a node: an ASCII word (matched with
// \b after it) or another.
type foldNode struct{ ascii, other bool }

func (ft *foldTrie) add(w string, ascii bool) {
	if ft.next == nil {
		ft.next = map[uint64]int32{}
		ft.nodes = []foldNode{{}}
	}
	n := int32(0)
	for _, r := range w {
		k := uint64(n)<<21 | uint64(foldKey(r))
		c, ok := ft.next[k]
		if !ok {
			c = int32(len(ft.nodes))
			ft.nodes = append(ft.nodes, foldNode{})
			ft.next[k] = c
		}
		n = c
	}
	if ascii {
		ft.nodes[n].ascii = true
	} else {
		ft.nodes[n].other = true
	}
}

// foldKey returns the smallest rune of r's simple case-folding orbit: two
// runes match under (?i) exactly when their keys are equal.
func foldKey(r rune) rune {
	if r < utf8.RuneSelf {
		if 'a' <= r && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		m = min(m, f)
	}
	return m
}

// The two non-ASCII runes whose case-folding orbit holds an ASCII letter.
const (
	kelvinSign = '\u212a' // 'k'
	longS      = '\u017f' // 's'
)

// foldASCIILetter returns the lower-case ASCII letter r matches under
// (?i), or 0.
func foldASCIILetter(r rune) byte {
	switch {
	case 'a' <= r && r <= 'z':
		return byte(r)
	case 'A' <= r && r <= 'Z':
		return byte(r) + 'a' - 'A'
	case r == kelvinSign:
		return 'k'
	case r == longS:
		return 's'
	}
	return 0
}

// wordBoundary reports whether \b holds at i in t.
func wordBoundary(t string, i int) bool {
	before := i > 0 && isReWordByte(t[i-1])
	after := i < len(t) && isReWordByte(t[i])
	return before != after
}

// isLMN reports whether r is in [\p{L}\p{M}\p{N}], the characters of a
// domain label.
func isLMN(r rune) bool {
	if r < utf8.RuneSelf {
		return isASCIIAlnum(byte(r))
	}
	return unicode.In(r, unicode.L, unicode.M, unicode.N)
}

// runeAt decodes the rune at i the way Go's regexp steps through text: an
// invalid byte is U+FFFD of width 1.
func runeAt(t string, i int) (rune, int) {
	if c := t[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(t[i:])
}

// urlScanner matches the URL expressions in one text t.
type urlScanner struct {
	tb *urlTables
	t  string
	// pl and dom (see the comment at the top of the file) are filled on
	// first use; bounds holds the rune boundaries of non-ASCII text for
	// the backward passes.
	pl, dom []int32
	plOK    bool
	domOK   bool
	ascii   bool
	bounds  []int32
	// Runs remembered while the search moves forward.
	anyRun, letterRun, nameRun, localRun runMemo
}

var urlScannerPool = sync.Pool{New: func() any { return new(urlScanner) }}

func getURLScanner(tb *urlTables, t string) *urlScanner {
	sc := urlScannerPool.Get().(*urlScanner)
	sc.tb, sc.t = tb, t
	sc.plOK, sc.domOK, sc.ascii = false, false, normalize.IsASCII(t)
	sc.bounds = sc.bounds[:0]
	sc.anyRun, sc.letterRun, sc.nameRun, sc.localRun = runMemo{}, runMemo{}, runMemo{}, runMemo{}
	return sc
}

func (sc *urlScanner) release() {
	sc.t = ""
	if cap(sc.pl) > maxPooledBytes || cap(sc.dom) > maxPooledBytes || cap(sc.bounds) > maxPooledBytes {
		sc.pl, sc.dom, sc.bounds = nil, nil, nil
	}
	urlScannerPool.Put(sc)
}

// A runClass is a class of runes: its ASCII members, and whether it
// holds the two runes that fold onto ASCII letters (U+017F, U+212A).
type runClass struct {
	ascii [utf8.RuneSelf]bool
	fold  bool
}

func newRunClass(members string, fold bool) *runClass {
	c := &runClass{fold: fold}
	for i := 0; i < len(members); i++ {
		c.ascii[members[i]] = true
	}
	return c
}

func (c *runClass) has(r rune) bool {
	if r < utf8.RuneSelf {
		return c.ascii[r]
	}
	return c.fold && (r == kelvinSign || r == longS)
}

const asciiLetters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

// The runs the matchers remember: a scheme's letters (under (?i)), the
// strict expression's any-scheme run [a-zA-Z.+-], a known scheme's name
// (letters, digits, '+', '-', '.') and an e-mail address's local part.
var (
	letterClass    = newRunClass(asciiLetters, true)
	anySchemeClass = newRunClass(asciiLetters+".-+", true)
	nameClass      = newRunClass(asciiLetters+"0123456789.-+", true)
	localClass     = newRunClass(asciiLetters+"0123456789._%+-", false)
)

// run returns the end of the run of class runes that contains i,
// remembering it in m: the search moves forward, so every position of a
// run is answered from one scan.
func (sc *urlScanner) run(m *runMemo, i int, class *runClass) int {
	if i >= m.start && i < m.end {
		return m.end
	}
	return sc.scanRun(m, i, class)
}

func (sc *urlScanner) scanRun(m *runMemo, i int, class *runClass) int {
	t := sc.t
	j := i
	for j < len(t) {
		if c := t[j]; c < utf8.RuneSelf {
			if !class.ascii[c] {
				break
			}
			j++
			continue
		}
		r, w := utf8.DecodeRuneInString(t[j:])
		if !class.has(r) {
			break
		}
		j += w
	}
	*m = runMemo{i, j}
	return j
}

// backward calls f for every rune boundary of t from the last to the
// first.
func (sc *urlScanner) backward(f func(p int)) {
	if sc.ascii {
		for p := len(sc.t) - 1; p >= 0; p-- {
			f(p)
		}
		return
	}
	if len(sc.bounds) == 0 {
		for i := 0; i < len(sc.t); {
			sc.bounds = append(sc.bounds, int32(i))
			_, w := runeAt(sc.t, i)
			i += w
		}
	}
	for k := len(sc.bounds) - 1; k >= 0; k-- {
		f(int(sc.bounds[k]))
	}
}

func resizeInt32(b []int32, n int) []int32 {
	if cap(b) < n {
		return make([]int32, n)
	}
	return b[:n]
}

// pathEnd returns the end of the longest pathCont match at p, or -1.
func (sc *urlScanner) pathEnd(p int) int {
	if p >= len(sc.t) {
		return -1
	}
	if !sc.plOK {
		sc.fillPath()
	}
	return int(sc.pl[p])
}

func (sc *urlScanner) fillPath() {
	t, tb := sc.t, sc.tb
	sc.pl = resizeInt32(sc.pl, len(t)+1)
	pl := sc.pl
	pl[len(t)] = -1
	sc.backward(func(p int) {
		r, w := runeAt(t, p)
		q, endable := p+w, false
		switch {
		case tb.isMid(r):
			endable = tb.isEnd(r)
		case r == '(' || r == '[' || r == '{':
			if q = sc.groupEnd(p); q < 0 {
				pl[p] = -1
				return
			}
			endable = true
		default:
			pl[p] = -1
			return
		}
		best := int32(-1)
		if endable {
			best = int32(q)
		}
		pl[p] = max(best, pl[q])
	})
	sc.plOK = true
}

// groupEnd returns the end of the well-balanced group (xurls' wellParen,
// wellBrack or wellBrace) opening at p, or -1: the bracket, mid runes or
// inner groups of mid runes in the same brackets, and the closing bracket.
// Each opener is scanned once, and a scan passes over an inner group only
// when that group closes where the inner opener's own scan ends, so the
// scans of all openers read each byte at most twice.
func (sc *urlScanner) groupEnd(p int) int {
	t, tb := sc.t, sc.tb
	open := t[p]
	closer := byte(')')
	switch open {
	case '[':
		closer = ']'
	case '{':
		closer = '}'
	}
	midRun := func(i int) int {
		for i < len(t) {
			r, w := runeAt(t, i)
			if !tb.isMid(r) {
				break
			}
			i += w
		}
		return i
	}
	for i := p + 1; ; {
		i = midRun(i)
		switch {
		case i >= len(t):
			return -1
		case t[i] == closer:
			return i + 1
		case t[i] == open:
			j := midRun(i + 1)
			if j >= len(t) || t[j] != closer {
				return -1
			}
			i = j + 1
		default:
			return -1
		}
	}
}

// strictAt returns the end of the longest strict match at i, or -1.
func (sc *urlScanner) strictAt(i int) int {
	t := sc.t
	if c := t[i]; c < utf8.RuneSelf {
		if !letterClass.ascii[c] {
			return -1
		}
	} else if r, _ := utf8.DecodeRuneInString(t[i:]); !letterClass.has(r) {
		return -1
	}
	best := -1
	// (?i)[a-zA-Z][a-zA-Z.\-+]*://
	if e := sc.run(&sc.anyRun, i, anySchemeClass); strings.HasPrefix(t[e:], "://") {
		best = sc.pathEnd(e + 3)
	}
	// (?i)(?:bitcoin|...|blob): the letters up to ':' name the scheme.
	if e := sc.run(&sc.letterRun, i, letterClass); e < len(t) && t[e] == ':' {
		var buf [64]byte
		if n, ok := foldedName(&buf, t[i:e], sc.tb.maxScheme); ok && sc.tb.strictNoAuth[string(buf[:n])] {
			best = max(best, sc.pathEnd(e+1))
		}
	}
	return best
}

// foldedName writes s (made of nameClass runes) into buf as the
// lower-case ASCII name it matches under (?i) and returns its length; ok
// is false when it is longer than maxLen bytes. (Callers index maps with
// string(buf[:n]), which does not allocate.)
func foldedName(buf *[64]byte, s string, maxLen int) (n int, ok bool) {
	if len(s) > 3*maxLen {
		return 0, false
	}
	for _, r := range s {
		c := byte(r)
		if l := foldASCIILetter(r); l != 0 {
			c = l
		}
		if n == len(buf) || n == maxLen {
			return 0, false
		}
		buf[n] = c
		n++
	}
	return n, true
}

// appendStrict appends the matches of the strict expression in t, shifted
// by base, to dst.
func (sc *urlScanner) appendStrict(dst [][2]int, base int) [][2]int {
	t := sc.t
	for pos := 0; pos < len(t); {
		found := false
		for i := pos; i < len(t); {
			if c := t[i]; c < utf8.RuneSelf && !letterClass.ascii[c] {
				i++
				continue
			}
			if e := sc.strictAt(i); e > i {
				dst = append(dst, [2]int{i + base, e + base})
				pos, found = e, true
				break
			}
			_, w := runeAt(t, i)
			i += w
		}
		if !found {
			break
		}
	}
	return dst
}

// relaxedMatch is one match of the relaxed expression: its bounds and
// whether the relaxedEmail group took part.
type relaxedMatch struct {
	start, end int
	email      bool
}

// appendRelaxed appends the matches of the relaxed expression in t,
// shifted by base, to dst.
func (sc *urlScanner) appendRelaxed(dst []relaxedMatch, base int) []relaxedMatch {
	t := sc.t
	for pos := 0; pos < len(t); {
		found := false
		for i := pos; i < len(t); {
			if c := t[i]; c < utf8.RuneSelf && !relaxedStart[c] {
				i++
				continue
			}
			if e, email := sc.relaxedAt(i); e > i {
				dst = append(dst, relaxedMatch{i + base, e + base, email})
				pos, found = e, true
				break
			}
			_, w := runeAt(t, i)
			i += w
		}
		if !found {
			break
		}
	}
	return dst
}

// relaxedStart marks the ASCII bytes a relaxed match can start with:
// letters and digits (schemes, hosts, e-mail, IPv6), the other e-mail
// local-part characters, ':' (IPv6) and '[' (an IPv6 host).
var relaxedStart = func() (t [128]bool) {
	for c := range 128 {
		t[c] = isASCIIAlnum(byte(c)) || strings.IndexByte("._%+-:[", byte(c)) >= 0
	}
	return t
}()

func isLocalByte(c byte) bool {
	return isASCIIAlnum(c) || c == '.' || c == '_' || c == '%' || c == '+' || c == '-'
}

// relaxedAt returns the end of the longest relaxed match at i (or -1) and
// whether it is an e-mail address.
func (sc *urlScanner) relaxedAt(i int) (int, bool) {
	t, tb := sc.t, sc.tb
	c := t[i]
	r := rune(c)
	if c >= utf8.RuneSelf {
		r, _ = utf8.DecodeRuneInString(t[i:])
	} else if !relaxedStart[c] {
		return -1, false
	}
	best, email := -1, false
	// A known scheme and a path.
	if nameClass.has(r) {
		if e := sc.run(&sc.nameRun, i, nameClass); e < len(t) && t[e] == ':' {
			var buf [64]byte
			if n, ok := foldedName(&buf, t[i:e], tb.maxScheme); ok {
				if tb.authSchemes[string(buf[:n])] && strings.HasPrefix(t[e:], "://") {
					best = max(best, sc.pathEnd(e+3))
				}
				if tb.noAuthSchemes[string(buf[:n])] {
					best = max(best, sc.pathEnd(e+1))
				}
			}
		}
	}
	// A web URL: host, port, path.
	if isLMN(r) {
		if h := sc.domainEnd(i); h > i {
			best = max(best, sc.hostRest(h))
		}
	}
	if isDigit(c) && (i == 0 || !isReWordByte(t[i-1])) {
		// \bipv4\b: at most one end is followed by a non-word byte.
		ipv4Ends(t, i, func(e int) {
			if e == len(t) || !isReWordByte(t[e]) {
				best = max(best, sc.hostRest(e))
			}
		})
	}
	if c == '[' {
		if h := ipv6HostEnd(t, i); h > 0 {
			best = max(best, sc.hostRest(h))
		}
	}
	// An e-mail address.
	if isLocalByte(c) {
		if at := sc.run(&sc.localRun, i, localClass); at+1 < len(t) && t[at] == '@' {
			if e := sc.domainEnd(at + 1); e > best {
				best, email = e, true
			}
		}
	}
	// A bare IPv6 address.
	if secrets.IsHexChar(c) || c == ':' {
		if ends := ipv6Ends(t, i); ends != 0 {
			if e := i + 63 - bits.LeadingZeros64(ends); e > best {
				best, email = e, false
			}
		}
	}
	return best, email
}

// hostRest returns the end of a web URL whose host ends at h: an optional
// port, then an optional '/' and path.
func (sc *urlScanner) hostRest(h int) int {
	t := sc.t
	e := h
	if e < len(t) && t[e] == ':' {
		j := e + 1
		for j < len(t) && isDigit(t[j]) {
			j++
		}
		if j > e+1 {
			e = j
		}
	}
	if e < len(t) && t[e] == '/' {
		return max(e+1, sc.pathEnd(e+1))
	}
	return e
}

// domainEnd returns the end of the longest domain at i, or -1.
func (sc *urlScanner) domainEnd(i int) int {
	if i >= len(sc.t) {
		return -1
	}
	if !sc.domOK {
		sc.fillDomains()
	}
	return int(sc.dom[i])
}

// fillDomains computes dom (see the comment at the top of the file) in
// one backward pass. Going left through a segment between dots, it knows
// whether every rune so far is a label rune, whether the rune before the
// dot is a letter, mark or number, and the best end reachable from the
// dot: the TLD right after it or a domain continuing after it.
func (sc *urlScanner) fillDomains() {
	t := sc.t
	sc.dom = resizeInt32(sc.dom, len(t)+1)
	dom := sc.dom
	dom[len(t)] = -1
	var (
		segBest    = int32(-1) // best end from the dot ending this segment; -1 if none
		good       bool        // runes from here to that dot are label runes
		lastLMN    bool        // the rune before that dot is [\pL\pM\pN]
		beforeDot  bool        // the next rune (going left) is the one before the dot
		haveDotEnd bool
	)
	sc.backward(func(p int) {
		r, _ := runeAt(t, p)
		switch {
		case r == '.':
			segBest = max(int32(sc.tldEnd(p+1)), dom[p+1])
			dom[p] = -1
			good, beforeDot, haveDotEnd = true, true, true
		case r == '-' || isLMN(r):
			lmn := r != '-'
			if beforeDot {
				lastLMN, beforeDot = lmn, false
			}
			if lmn && good && haveDotEnd && lastLMN {
				dom[p] = segBest
			} else {
				dom[p] = -1
			}
		default:
			good, beforeDot = false, false
			dom[p] = -1
		}
	})
	sc.domOK = true
}

// tldEnd returns the end of the longest TLD at q (right after a dot), or
// -1: an ASCII TLD or pseudo-TLD followed by \b, xn-- and a punycode run,
// or a TLD in another script, all compared case-insensitively.
func (sc *urlScanner) tldEnd(q int) int {
	t, tb := sc.t, sc.tb
	if q >= len(t) {
		return -1
	}
	if t[q] < utf8.RuneSelf {
		// An ASCII TLD is letters and digits followed by \b: it ends
		// where the run of them ends. Punycode continues over '-'.
		j := q
		for j < len(t) && isASCIIAlnum(t[j]) {
			j++
		}
		k := j
		if j-q == 2 && t[q]|0x20 == 'x' && t[q+1]|0x20 == 'n' && strings.HasPrefix(t[j:], "--") {
			for k = j + 2; k < len(t) && (isASCIIAlnum(t[k]) || t[k] == '-'); k++ {
			}
		}
		if k == len(t) || t[k] < utf8.RuneSelf {
			best := -1
			if n := j - q; n >= 2 && n <= tb.maxTLD && (j == len(t) || !isReWordByte(t[j])) &&
				tb.tldPairs[n][alnumIndex(t[q])]&(1<<alnumIndex(t[q+1])) != 0 {
				var buf [32]byte
				if tb.tldASCII[string(ascii.AppendLower(buf[:0], t[q:j]))] {
					best = j
				}
			}
			if k > j+2 {
				best = max(best, k)
			}
			return best
		}
		// A rune folding onto an ASCII letter may continue the word.
	}
	return sc.tldEndFold(q)
}

// alnumIndex numbers the ASCII letters (either case) and digits 0-35.
func alnumIndex(c byte) int {
	if isDigit(c) {
		return 26 + int(c-'0')
	}
	return int(c|0x20) - 'a'
}

// tldEndFold is tldEnd for text with non-ASCII runes right after q: a
// walk through the TLD trie by folded runes, and punycode with the runes
// that fold onto its letters.
func (sc *urlScanner) tldEndFold(q int) int {
	t, ft := sc.t, &sc.tb.tldTrie
	best := -1
	n := int32(0)
	for i := q; i < len(t); {
		r, w := runeAt(t, i)
		c, ok := ft.next[uint64(n)<<21|uint64(foldKey(r))]
		if !ok {
			break
		}
		n, i = c, i+w
		if nd := ft.nodes[n]; nd.other || nd.ascii && wordBoundary(t, i) {
			best = max(best, i)
		}
	}
	// (?i)xn--[a-z0-9-]+
	i := q
	for k := 0; k < 4; k++ {
		if i >= len(t) {
			return best
		}
		r, w := runeAt(t, i)
		if want := "xn--"[k]; r != rune(want) && foldASCIILetter(r) != want {
			return best
		}
		i += w
	}
	start := i
	for i < len(t) {
		r, w := runeAt(t, i)
		if foldASCIILetter(r) == 0 && !('0' <= r && r <= '9') && r != '-' {
			break
		}
		i += w
	}
	if i > start {
		best = max(best, i)
	}
	return best
}

// ipv4Ends calls f with the end of every match of xurls' ipv4Addr at p
// (four octets 0-255 without leading zeros, separated by dots): the first
// three octets are whole digit runs, the last any prefix of its run that
// is an octet.
func ipv4Ends(t string, p int, f func(int)) {
	i := p
	for range 3 {
		l := digitRun(t, i, 4)
		if l == 0 || l > 3 || !isOctet(t[i:i+l]) || i+l >= len(t) || t[i+l] != '.' {
			return
		}
		i += l + 1
	}
	l := digitRun(t, i, 3)
	for k := 1; k <= l; k++ {
		if isOctet(t[i : i+k]) {
			f(i + k)
		}
	}
}

// digitRun returns the number of ASCII digits at i, counting at most n.
func digitRun(t string, i, n int) int {
	k := 0
	for k < n && i+k < len(t) && isDigit(t[i+k]) {
		k++
	}
	return k
}

// isOctet matches 25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9] on the
// digits o.
func isOctet(o string) bool {
	switch len(o) {
	case 1:
		return true
	case 2:
		return o[0] != '0'
	case 3:
		return o[0] == '1' || o[0] == '2' && (o[1] < '5' || o[1] == '5' && o[2] <= '5')
	}
	return false
}

// hexRun4 returns the number of hex digits at i, counting at most 5 (one
// more than a group of an IPv6 address holds).
func hexRun4(t string, i int) int {
	k := 0
	for k < 5 && i+k < len(t) && secrets.IsHexChar(t[i+k]) {
		k++
	}
	return k
}

// ipv6Ends returns the ends of the matches of xurls' ipv6AddrMinusEmpty at
// p, as a set of offsets from p (bit k: a match ends at p+k; no match is
// 64 bytes long). The expression lists, for each count k of leading
// "h4:" groups, what may follow (h4 is one to four hex digits): seven
// groups then h4 or ':'; six then an IPv4 address, ":h4" or ':'; one to
// five then (:h4){0,5-k}:ipv4, (:h4){1,7-k} or ':'; none then ':' and
// (:h4){0,5}:ipv4 or (:h4){1,7}. A group followed by ':' is a whole hex
// run, so the leading groups are found in one pass.
func ipv6Ends(t string, p int) uint64 {
	var ends uint64
	add := func(e int) {
		if e-p < 64 {
			ends |= 1 << (e - p)
		}
	}
	addHex := func(q int) { // h4 at q: every prefix of the hex run
		for l := 1; l <= min(4, hexRun4(t, q)); l++ {
			add(q + l)
		}
	}
	colon := func(q int) bool { return q < len(t) && t[q] == ':' }
	// tail matches (:h4){0,maxA}:ipv4 | (:h4){1,maxA+2} at q.
	tail := func(q, maxA int) {
		for j := 0; j <= maxA+1 && colon(q); j++ {
			if j <= maxA {
				ipv4Ends(t, q+1, add)
			}
			addHex(q + 1)
			l := hexRun4(t, q+1)
			if l == 0 || l > 4 {
				return
			}
			q += 1 + l
		}
	}
	var starts [8]int
	starts[0] = p
	groups := 0
	for groups < 7 {
		q := starts[groups]
		l := hexRun4(t, q)
		if l == 0 || l > 4 || !colon(q+l) {
			break
		}
		groups++
		starts[groups] = q + l + 1
	}
	for k := 0; k <= groups; k++ {
		q := starts[k]
		switch {
		case k == 7:
			addHex(q)
			if colon(q) {
				add(q + 1)
			}
		case k == 6:
			ipv4Ends(t, q, add)
			if colon(q) {
				add(q + 1)
				addHex(q + 1)
			}
		case k >= 1:
			tail(q, 5-k)
			if colon(q) {
				add(q + 1)
			}
		default:
			if colon(q) {
				tail(q+1, 5)
			}
		}
	}
	return ends
}

// ipv6HostEnd returns the end of "[" ipv6Addr "]" at p, or -1 (ipv6Addr is
// ipv6AddrMinusEmpty or "::").
func ipv6HostEnd(t string, p int) int {
	if strings.HasPrefix(t[p:], "[::]") {
		return p + 4
	}
	for ends := ipv6Ends(t, p+1); ends != 0; ends &= ends - 1 {
		if e := p + 1 + bits.TrailingZeros64(ends); e < len(t) && t[e] == ']' {
			return e + 1
		}
	}
	return -1
}
