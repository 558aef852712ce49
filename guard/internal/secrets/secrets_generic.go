package secrets

import (
	"strings"
	"unicode/utf8"
)

// This file holds genericMatcher, a hand-written matcher for gitleaks'
// generic-api-key expression (genericAPIKeyExpr) that finds exactly what
// Go's regexp finds with it, in time linear in the text.
//
// Go's regexp runs that expression, some 550 instructions once its counted
// repetitions are spelt out, in its NFA: every byte costs a step of every
// live thread, up to a few hundred of them where a keyword is followed by
// an assignment and a long run of word characters (about a microsecond a
// byte on "key=key=key=…"). The expression has a shape that needs no
// automaton:
//
//	P  [\w.-]{0,50}?            lazy, before the keyword
//	K  access|auth|(?-i:[Aa]pi|API)|credential|creds|key|passw(?:or)?d|secret|token
//	G  [ \t\w.-]{0,20}          greedy
//	S  [\s'"]{0,3}              greedy
//	O  =|>|:{1,3}=|\|\||:|=>|\?=|,
//	V  [\x60'"\s=]{0,5}         greedy
//	C  ([\w.=-]{10,150}|[a-z0-9][a-z0-9+/]{11,}={0,3})   group 1
//	D  [\x60'"\s;]|\\[nr]|$
//
// all under (?i), which adds U+017F LONG S and U+212A KELVIN SIGN to every
// class holding letters (\w folds onto them) and lets the keywords' s and
// k match them.
//
// Leftmost-first semantics pick, among the matches starting at the
// leftmost possible position, the first in the order a backtracking
// search tries them: fewest P runes, keyword alternatives in order, most G
// runes, most S bytes, O alternatives in order, most V bytes, C's first
// branch before its second, D's alternatives in order. Whether the rest of
// the expression can match from a position depends only on the text from
// there on (it has no look-behind: no \b, no ^), so the match is built one
// item at a time, taking at each the first choice from which the rest can
// still match. Those "can the rest match here" questions are answered from
// small per-position memos:
//
//   - C then D is decided by runs: no D byte is in C's classes, so the
//     first branch matches only a whole run of [\w.=-] of 10 to 150 runes
//     followed by D, and the second only a whole run of [a-z0-9+/] (at
//     least 12 runes, the first in [a-z0-9]) followed by at most three
//     "=" and D. Run ends are remembered, so a text that repeats an
//     assignment every few bytes reads each run once.
//   - V, O, S and G each try a bounded number of choices (6, 8, 4 and 21)
//     of the next item; the answers for V, O, S and C are cached by
//     position. Before G's choices, a short scan checks that a byte that
//     can start O follows the keyword within 23 runes of G and S bytes
//     (neither class holds one), which rejects most keywords in prose.
//   - The keywords are mutually exclusive (no two match at one position),
//     and the leftmost start is found from the first keyword occurrence
//     the rest can follow: a match's start is the earliest position from
//     which at most 50 runes of [\w.-] reach its keyword, and that
//     earliest position only grows with the keyword's position, so it is
//     found by walking back at most 50 runes from the first viable
//     keyword, never before the end of the previous match.
//
// Tests compare it with the regexp on every parity and crafted text, on
// edge cases of each item and by fuzzing (FuzzGenericAPIKey), and fail if
// gitleaks' expression ever differs from genericAPIKeyExpr (the engine
// then runs the regexp, see analyze).

// genericAPIKeyExpr is gitleaks' generic-api-key expression, the one
// genericMatcher implements.
const genericAPIKeyExpr = `(?i)[\w.-]{0,50}?(?:access|auth|(?-i:[Aa]pi|API)|credential|creds|key|passw(?:or)?d|secret|token)(?:[ \t\w.-]{0,20})[\s'"]{0,3}(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)[\x60'"\s=]{0,5}([\w.=-]{10,150}|[a-z0-9][a-z0-9+/]{11,}={0,3})(?:[\x60'"\s;]|\\[nr]|$)`

// Bounds of the expression's counted repetitions.
const (
	gkPreMax   = 50  // P
	gkGapMax   = 20  // G
	gkSpaceMax = 3   // S
	gkValMax   = 5   // V
	gkC1Min    = 10  // C, first branch
	gkC1Max    = 150 // C, first branch
	gkC2Min    = 12  // C, second branch: [a-z0-9] then {11,}
	gkPadMax   = 3   // C, second branch: ={0,3}
	gkColonMax = 3   // O: :{1,3}=
)

// Character classes of the expression, as bits of gkClass (ASCII bytes)
// and gkWide (U+017F and U+212A).
const (
	gkP uint16 = 1 << iota // [\w.-]
	gkG                    // [ \t\w.-]
	gkS                    // [\s'"]
	gkV                    // [\x60'"\s=]
	gkW                    // [\w.=-]
	gkA                    // [a-z0-9]
	gkB                    // [a-z0-9+/]
	gkD                    // [\x60'"\s;]
	gkK                    // a byte that can start a keyword
	gkO                    // a byte that can start O
)

// gkWide is the classes U+017F LONG S and U+212A KELVIN SIGN belong to:
// those holding ASCII letters, which (?i) folds onto them.
const gkWide = gkP | gkG | gkW | gkA | gkB

var gkClass = func() (t [256]uint16) {
	for c := 0; c < utf8.RuneSelf; c++ {
		b := byte(c)
		letter := 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
		digit := '0' <= b && b <= '9'
		space := b == '\t' || b == '\n' || b == '\f' || b == '\r' || b == ' ' // \s
		word := letter || digit || b == '_'
		if word || b == '.' || b == '-' {
			t[c] |= gkP | gkG | gkW
		}
		if b == ' ' || b == '\t' {
			t[c] |= gkG
		}
		if space || b == '\'' || b == '"' {
			t[c] |= gkS | gkV | gkD
		}
		if b == '`' {
			t[c] |= gkV | gkD
		}
		if b == '=' {
			t[c] |= gkV | gkW
		}
		if b == ';' {
			t[c] |= gkD
		}
		if letter || digit {
			t[c] |= gkA | gkB
		}
		if b == '+' || b == '/' {
			t[c] |= gkB
		}
		if strings.IndexByte("=>:|?,", b) >= 0 {
			t[c] |= gkO
		}
	}
	for _, w := range gkKeywords {
		t[w[0]] |= gkK
		t[w[0]&^0x20] |= gkK
	}
	t[0xC5] |= gkK // U+017F LONG S: 'ſecret'
	t[0xE2] |= gkK // U+212A KELVIN SIGN: 'Key'
	return t
}()

// gkRune returns the classes of the rune at s[i] and its length in bytes.
// A rune in none of the classes is given length 1: no caller steps past
// one.
func gkRune(s string, i int) (uint16, int) {
	c := s[i]
	if c < utf8.RuneSelf {
		return gkClass[c], 1
	}
	if c == 0xC5 && i+1 < len(s) && s[i+1] == 0xBF {
		return gkWide, 2
	}
	if c == 0xE2 && i+2 < len(s) && s[i+1] == 0x84 && s[i+2] == 0xAA {
		return gkWide, 3
	}
	return 0, 1
}

// gkKeywords are the keyword alternatives in the expression's order
// (passw(?:or)?d is greedy: "password" before "passwd"); every letter
// compares case-insensitively, except in "api" (see gkKeywordAt).
var gkKeywords = [...]string{"access", "auth", "api", "credential", "creds", "key", "password", "passwd", "secret", "token"}

// gkByFirst lists, for each byte, the keyword alternatives whose first
// rune can start with it, in the expression's order.
var gkByFirst = func() (t [256][]uint8) {
	for kw, w := range gkKeywords {
		c := w[0]
		t[c] = append(t[c], uint8(kw))
		t[c&^0x20] = append(t[c&^0x20], uint8(kw))
		switch c {
		case 's':
			t[0xC5] = append(t[0xC5], uint8(kw)) // U+017F LONG S
		case 'k':
			t[0xE2] = append(t[0xE2], uint8(kw)) // U+212A KELVIN SIGN
		}
	}
	return t
}()

// gkKeywordAt returns the end of keyword alternative kw at s[i], or -1.
func gkKeywordAt(s string, i, kw int) int {
	w := gkKeywords[kw]
	if w == "api" {
		// (?-i:[Aa]pi|API)
		if i+3 <= len(s) {
			if t := s[i : i+3]; t == "api" || t == "Api" || t == "API" {
				return i + 3
			}
		}
		return -1
	}
	for k := 0; k < len(w); k++ {
		if i >= len(s) {
			return -1
		}
		// (w is lower case: c|0x20 is w[k] only for w[k] and its upper
		// case)
		if c := s[i]; c|0x20 == w[k] {
			i++
			continue
		}
		switch {
		case w[k] == 's' && i+1 < len(s) && s[i] == 0xC5 && s[i+1] == 0xBF:
			i += 2
		case w[k] == 'k' && i+2 < len(s) && s[i] == 0xE2 && s[i+1] == 0x84 && s[i+2] == 0xAA:
			i += 3
		default:
			return -1
		}
	}
	return i
}

// genericMatcher finds the matches of genericAPIKeyExpr; it holds no state
// (a search keeps its own, see gkSearch), so one serves every goroutine.
type genericMatcher struct{}

// findAll returns exactly regexp.MustCompile(genericAPIKeyExpr)
// .FindAllStringIndex(s, -1).
func (genericMatcher) findAll(s string) [][]int {
	var g gkSearch
	g.s = s
	return g.all(nil, false)
}

// findAllAt is findAll given occ, sorted positions among which are all
// those where a keyword alternative matches in s (more do no harm): the
// occurrences of the keywords in the ASCII-lowered text, when s holds no
// rune that folds onto an ASCII letter.
func (genericMatcher) findAllAt(s string, occ []int) [][]int {
	if len(occ) == 0 {
		return nil
	}
	var g gkSearch
	g.s = s
	return g.all(occ, true)
}

// submatchIndex returns exactly regexp.MustCompile(genericAPIKeyExpr)
// .FindStringSubmatchIndex(s): the first match and its group 1.
func (genericMatcher) submatchIndex(s string) []int {
	var g gkSearch
	g.s = s
	k, kw := g.next(nil, false, 0)
	if k < 0 {
		return nil
	}
	m := g.build(0, k, kw)
	return m[:]
}

// gkSearch is the state of one search of one text: memos of which items
// can match from which positions.
type gkSearch struct {
	s string
	// memo caches, for a ring of positions, whether S, O, V and C (each
	// with everything after it) can match there: for item (gkItemS ...)
	// bit 2*item says known, bit 2*item+1 the answer; tag is the
	// position plus one (zero: empty).
	memo [256]struct {
		tag  int
		bits uint8
	}
	// runs remember the ends of runs of [\w.=-] and [a-z0-9+/] measured
	// so far (see runEnd).
	runW, runB [2]gkRun
	// oi is the first candidate of occ (see all) not yet tried.
	oi int
}

// A gkRun is a run of a class: s[from:end] are all in it (wide: some
// multi-byte runes among them), s[end] is not, or end is len(s).
type gkRun struct {
	from, end int
	wide, ok  bool
}

// Items whose answers gkSearch caches.
const (
	gkItemS = iota
	gkItemO
	gkItemV
	gkItemC
)

// cached returns the cached answer for item at i, if any.
func (g *gkSearch) cached(item, i int) (val, known bool) {
	e := &g.memo[i&255]
	if e.tag != i+1 {
		return false, false
	}
	b := e.bits >> (2 * item)
	return b&2 != 0, b&1 != 0
}

func (g *gkSearch) remember(item, i int, val bool) bool {
	e := &g.memo[i&255]
	if e.tag != i+1 {
		e.tag, e.bits = i+1, 0
	}
	b := uint8(1)
	if val {
		b = 3
	}
	e.bits |= b << (2 * item)
	return val
}

// all returns every match from the start of the text, candidates being
// occ (when useOcc) or found by scanning.
func (g *gkSearch) all(occ []int, useOcc bool) [][]int {
	var out [][]int
	pos := 0
	for pos <= len(g.s) {
		k, kw := g.next(occ, useOcc, pos)
		if k < 0 {
			break
		}
		m := g.build(pos, k, kw)
		out = append(out, []int{m[0], m[1]})
		// Matches are never empty: the next search starts past this one.
		pos = m[1]
	}
	return out
}

// next returns the first position k >= pos where a keyword alternative
// (kw) matches and the rest of the expression can follow it, or -1.
func (g *gkSearch) next(occ []int, useOcc bool, pos int) (int, int) {
	s := g.s
	if useOcc {
		for ; g.oi < len(occ); g.oi++ {
			if k := occ[g.oi]; k >= pos {
				if kw := g.viableKeyword(k); kw >= 0 {
					return k, kw
				}
			}
		}
		return -1, -1
	}
	for k := pos; k < len(s); k++ {
		if gkClass[s[k]]&gkK == 0 {
			continue
		}
		if kw := g.viableKeyword(k); kw >= 0 {
			return k, kw
		}
	}
	return -1, -1
}

// viableKeyword returns the first keyword alternative that matches at k
// and that the rest of the expression can follow, or -1.
func (g *gkSearch) viableKeyword(k int) int {
	for _, kw := range gkByFirst[g.s[k]] {
		if j := gkKeywordAt(g.s, k, int(kw)); j >= 0 && g.reachesO(j) && g.pickG(j) >= 0 {
			return int(kw)
		}
	}
	return -1
}

// reachesO reports whether a byte that can start O follows j after at
// most 23 runes of [ \t\w.-] or [\s'"], as it does in every match (G and
// S hold none of O's bytes): a short scan that rejects most keywords in
// prose before pickG tries its positions.
func (g *gkSearch) reachesO(j int) bool {
	s := g.s
	for n := 0; j < len(s); n++ {
		if gkClass[s[j]]&gkO != 0 {
			return true
		}
		cls, size := gkRune(s, j)
		if n == gkGapMax+gkSpaceMax || cls&(gkG|gkS) == 0 {
			return false
		}
		j += size
	}
	return false
}

// build returns the match whose keyword is alternative kw at k, the
// first viable keyword at or after pos: its start, end and group 1.
func (g *gkSearch) build(pos, k, kw int) [4]int {
	s := g.s
	// P: the earliest start from which at most 50 runes of [\w.-] reach
	// k (the lazy P then stops at k, the first viable keyword).
	start := k
	for n := 0; n < gkPreMax && start > pos; n++ {
		size := gkRuneBefore(s, start, pos)
		if size == 0 {
			break
		}
		start -= size
	}
	x := g.pickG(gkKeywordAt(s, k, kw))
	y := g.pickS(x)
	z := g.pickO(y)
	w := g.pickV(z)
	e, d := g.capture(w)
	return [4]int{start, d, w, e}
}

// gkRuneBefore returns the length of the rune of [\w.-] that ends at
// s[i], lying at or after pos, or 0 if there is none. (U+017F and U+212A
// are whole there: their first bytes are never continuation bytes, so
// forward decoding reads them the same way.)
func gkRuneBefore(s string, i, pos int) int {
	c := s[i-1]
	switch {
	case c < utf8.RuneSelf:
		if gkClass[c]&gkP != 0 {
			return 1
		}
	case c == 0xBF && i-2 >= pos && s[i-2] == 0xC5:
		return 2
	case c == 0xAA && i-3 >= pos && s[i-3] == 0xE2 && s[i-2] == 0x84:
		return 3
	}
	return 0
}

// pickG returns where S starts after the most runes of [ \t\w.-] (at most
// 20) from j from which the rest can match, or -1.
func (g *gkSearch) pickG(j int) int {
	s := g.s
	// Inside the run, S or O can start on no rune but a space or a tab:
	// those positions (in order) and the run's end are the candidates.
	var inside [gkGapMax]int
	n := 0
	i := j
	for m := 0; m < gkGapMax && i < len(s); m++ {
		cls, size := gkRune(s, i)
		if cls&gkG == 0 {
			break
		}
		if c := s[i]; c == ' ' || c == '\t' {
			inside[n] = i
			n++
		}
		i += size
	}
	if g.okS(i) {
		return i
	}
	for n--; n >= 0; n-- {
		if g.okS(inside[n]) {
			return inside[n]
		}
	}
	return -1
}

func (g *gkSearch) okS(x int) bool {
	if v, ok := g.cached(gkItemS, x); ok {
		return v
	}
	return g.remember(gkItemS, x, g.pickS(x) >= 0)
}

// pickS returns where O starts after the most bytes of [\s'"] (at most 3)
// from x from which the rest can match, or -1.
func (g *gkSearch) pickS(x int) int {
	s := g.s
	n := 0
	for n < gkSpaceMax && x+n < len(s) && gkClass[s[x+n]]&gkS != 0 {
		n++
	}
	for ; n >= 0; n-- {
		if g.okO(x + n) {
			return x + n
		}
	}
	return -1
}

func (g *gkSearch) okO(y int) bool {
	if v, ok := g.cached(gkItemO, y); ok {
		return v
	}
	return g.remember(gkItemO, y, g.pickO(y) >= 0)
}

// pickO returns where V starts after the first alternative of O at y
// from which the rest can match, or -1.
func (g *gkSearch) pickO(y int) int {
	s := g.s
	if y >= len(s) {
		return -1
	}
	at := func(i int, c byte) bool { return i < len(s) && s[i] == c }
	switch s[y] {
	case '=':
		// "=" comes before "=>"
		if g.okV(y + 1) {
			return y + 1
		}
		if at(y+1, '>') && g.okV(y+2) {
			return y + 2
		}
	case '>':
		if g.okV(y + 1) {
			return y + 1
		}
	case ':':
		// ":{1,3}=" (greedy) comes before ":"
		for n := gkColonMax; n >= 1; n-- {
			if y+n < len(s) && s[y+n] == '=' && colons(s[y:y+n]) && g.okV(y+n+1) {
				return y + n + 1
			}
		}
		if g.okV(y + 1) {
			return y + 1
		}
	case '|':
		if at(y+1, '|') && g.okV(y+2) {
			return y + 2
		}
	case '?':
		if at(y+1, '=') && g.okV(y+2) {
			return y + 2
		}
	case ',':
		if g.okV(y + 1) {
			return y + 1
		}
	}
	return -1
}

func colons(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != ':' {
			return false
		}
	}
	return true
}

func (g *gkSearch) okV(z int) bool {
	if v, ok := g.cached(gkItemV, z); ok {
		return v
	}
	return g.remember(gkItemV, z, g.pickV(z) >= 0)
}

// pickV returns where C starts after the most bytes of [\x60'"\s=] (at
// most 5) from z from which the rest can match, or -1.
func (g *gkSearch) pickV(z int) int {
	s := g.s
	n := 0
	for n < gkValMax && z+n < len(s) && gkClass[s[z+n]]&gkV != 0 {
		n++
	}
	for ; n >= 0; n-- {
		if g.okC(z + n) {
			return z + n
		}
	}
	return -1
}

func (g *gkSearch) okC(w int) bool {
	if v, ok := g.cached(gkItemC, w); ok {
		return v
	}
	_, d := g.capture(w)
	return g.remember(gkItemC, w, d >= 0)
}

// capture returns the end of group 1 starting at w and the end of the D
// after it, or -1, -1 when C and D cannot match there.
func (g *gkSearch) capture(w int) (int, int) {
	s := g.s
	if w >= len(s) {
		return -1, -1
	}
	// [\w.=-]{10,150}: a whole run (D holds none of its bytes).
	if end, wide := g.runEnd(&g.runW, gkW, w); g.runesIn(w, end, wide, gkC1Min, gkC1Max) {
		if d := g.delimiter(end); d >= 0 {
			return end, d
		}
	}
	// [a-z0-9][a-z0-9+/]{11,}={0,3}: a whole run, all its "=".
	cls, size := gkRune(s, w)
	if cls&gkA == 0 {
		return -1, -1
	}
	end, wide := g.runEnd(&g.runB, gkB, w+size)
	if !g.runesIn(w+size, end, wide, gkC2Min-1, -1) {
		return -1, -1
	}
	pad := 0
	for end+pad < len(s) && s[end+pad] == '=' {
		pad++
		if pad > gkPadMax {
			return -1, -1
		}
	}
	if d := g.delimiter(end + pad); d >= 0 {
		return end + pad, d
	}
	return -1, -1
}

// delimiter returns the end of D at e, or -1.
func (g *gkSearch) delimiter(e int) int {
	s := g.s
	if e == len(s) {
		return e
	}
	if gkClass[s[e]]&gkD != 0 {
		return e + 1
	}
	if s[e] == '\\' && e+1 < len(s) {
		if c := s[e+1] | 0x20; c == 'n' || c == 'r' {
			return e + 2
		}
	}
	return -1
}

// runesIn reports whether s[from:end] holds between lo and hi runes (no
// upper bound when hi < 0); without multi-byte runes (wide false) it
// holds end-from.
func (g *gkSearch) runesIn(from, end int, wide bool, lo, hi int) bool {
	n := end - from
	if wide {
		// Runes here are 1 to 3 bytes long.
		switch {
		case n < lo || hi >= 0 && (n+2)/3 > hi:
			return false
		case n >= 3*lo && (hi < 0 || n <= hi):
			return true
		}
		n = utf8.RuneCountInString(g.s[from:end])
	}
	return n >= lo && (hi < 0 || n <= hi)
}

// runEnd returns the end of the run of class cls starting at i, and
// whether it may hold multi-byte runes. It remembers two runs of the
// class: the one reaching furthest (slots[0]) and the last measured
// (slots[1]); a position inside either is answered at once, and a scan
// that reaches the start of one joins it. Positions asked about move
// forward with the keywords, never far back, so the text is read about
// once.
func (g *gkSearch) runEnd(slots *[2]gkRun, cls uint16, i int) (int, bool) {
	for k := range slots {
		if r := &slots[k]; r.ok && r.from <= i && i <= r.end {
			return r.end, r.wide
		}
	}
	// A scan that reaches the start of a remembered run joins it.
	s := g.s
	limit, join := len(s), -1
	for k := range slots {
		if r := &slots[k]; r.ok && r.from > i && r.from < limit {
			limit, join = r.from, k
		}
	}
	j, wide := i, false
	for j < len(s) {
		if j == limit {
			r := &slots[join]
			r.from, r.wide = i, r.wide || wide
			return r.end, r.wide
		}
		c, size := gkRune(s, j)
		if c&cls == 0 {
			break
		}
		wide = wide || size > 1
		j += size
	}
	run := gkRun{from: i, end: j, wide: wide, ok: true}
	if !slots[0].ok || run.end >= slots[0].end {
		slots[1], slots[0] = slots[0], run
	} else {
		slots[1] = run
	}
	return j, wide
}
