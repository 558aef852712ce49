package secrets

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// Viability of an anchor occurrence: checks that bound the work per
// keyword hit.
//
// findAllAt runs cheap checks on every anchor occurrence and the rule's
// regexp only on windows around the occurrences that pass. On crafted
// text every byte can be an occurrence ("eyJrIjoi" or "key=" repeated to
// 64 KiB) and, when the checks pass, the tail searches and merged windows
// cost Go's NFA hundreds of steps per byte. Two facts about a match
// through an occurrence at p are read from the expression and cost O(1)
// per occurrence (amortised) to check:
//
//   - The empty-width assertions right before the anchor item hold at p:
//     most token rules start with \b ("\b(eyJrIjoi..."), which an
//     occurrence inside a longer word fails.
//   - When every match ends with gitleaks' delimiter (a quote, white
//     space, ';', an escaped newline, or the end of the text), the match
//     holds a delimiter byte between p and the furthest the rest of the
//     expression can reach from p, or reaches the end of the text. That
//     reach adds the longest match of each bounded item, and for an
//     unbounded item ([a-z0-9+/]{11,}, .*?) the end of the run, from
//     there, of the bytes it can match: wherever such an item starts, at
//     or before the bound so far, it ends at or before that run's end. The
//     runs are remembered per item, and bounds only grow with p, so each
//     byte is read about once per item.
//
// Two more checks follow literals past the anchor:
//
//   - A run of an ASCII class followed by literals that start outside
//     the class ends where the class's run does (walkHolds): "ey" then
//     [a-zA-Z0-9]{17,} then ".ey" for jwt, whose run of letters and digits
//     in "eyeyey..." reaches the end of the text without a dot.
//   - After an unbounded item (curl's ".*?"), the first literal set that
//     every match holds, with what the items after it allow there, must
//     occur somewhere after the occurrence (secondaryCheck): "-H" or
//     "--header" followed by an optional '=' or blanks and a quote.
//
// An occurrence that fails a check cannot be part of a match: dropping it
// changes no result (TestFastRegexpEquivalence, FuzzSecretsCrafted).

// anchorFilter holds the checks for the occurrences of some anchor
// literals: those of one branch of the expression.
type anchorFilter struct {
	lits []string
	// before is the assertion right before the anchor item; back, when
	// a literal or a class run comes first, the items before it (see
	// backHolds).
	before syntax.EmptyOp
	back   []backStep
	// reach models the items from the anchor item to the end; delim is
	// set when the last one is gitleaks' delimiter (or the loose one).
	reach []reachItem
	delim bool
	// need is a run every match holds from the anchor on (see
	// requiredRun); needSlot numbers its memo.
	need     *runNeed
	needSlot int
	// walk follows the items after the anchor while each is a run of an
	// ASCII class followed by literals none of which starts with a byte
	// of the class: such a run must end where the class does (see
	// walkHolds). walkFold marks literals compared case-insensitively.
	walk     []walkStep
	walkFold bool
	// seq and quick, for a branch of a top-level alternation, are its
	// sequence checks (see seqCheck; single expressions keep theirs in
	// fastRegexp); seqFold as for fastRegexp.
	seq     []seqItem
	quick   []seqQuick
	seqFold bool
}

// walkStep is a class repeated min to max times (max < 0: unbounded)
// followed by one of lits; slot numbers its run memo.
type walkStep struct {
	class    *[256]bool
	min, max int
	lits     []string
	slot     int
}

// reachItem is one item of a reach model: a bounded item adds fixed
// bytes, an unbounded one extends to the end of the run of class bytes
// (slot numbers its run memo), a sequence or an alternation combines
// its parts.
type reachItem struct {
	fixed int
	// fixedASCII is fixed on ASCII text, where every rune is one byte
	// (maxLen counts a case-folded or non-ASCII rune as up to 4 bytes)
	fixedASCII int
	class      *[256]bool
	slot       int
	seq        []reachItem
	alt        []reachItem
}

// newAnchorFilter derives the checks for the branch whose items
// (flattenConcat) have their anchor at index best; slots counts the run
// memos allocated so far.
func newAnchorFilter(lits []string, items []*syntax.Regexp, best int, slots *int) anchorFilter {
	af := anchorFilter{lits: lits}
	for i := best - 1; i >= 0; i-- {
		op, ok := emptyOpOf(items[i])
		if !ok {
			af.back = backSteps(items[:i+1], slots)
			break
		}
		af.before |= op
	}
	af.reach = reachModel(items[best:], slots)
	af.delim = isDelimiter(items[len(items)-1])
	if cls, n := requiredRun(&syntax.Regexp{Op: syntax.OpConcat, Sub: items[best:]}); n >= 8 {
		af.need, af.needSlot = &runNeed{class: cls, n: n}, *slots
		*slots++
	}
	if info := analyzeLits(items[best]); !info.exact {
		return af // the anchor item may go on after its literal
	}
	for k := best + 1; k+1 < len(items); k += 2 {
		cls, nonASCII, lo, hi, ok := classRepeat(items[k])
		if !ok || nonASCII {
			break
		}
		info := analyzeLits(items[k+1])
		if !info.ok || !info.exact || info.hasEmpty() || startsInClass(info.set, cls) {
			break
		}
		af.walk = append(af.walk, walkStep{class: cls, min: lo, max: hi, lits: info.set, slot: *slots})
		af.walkFold = af.walkFold || info.fold
		*slots++
	}
	return af
}

// startsInClass reports whether a literal of lits starts with a byte of
// cls.
func startsInClass(lits []string, cls *[256]bool) bool {
	for _, l := range lits {
		if cls[l[0]] {
			return true
		}
	}
	return false
}

// walkHolds follows af.walk from the anchor literal at p in lower: a
// run of an ASCII class followed by a literal that starts with a byte
// outside the class must end where the run of class bytes ends (every
// byte before that end is in the class, so no literal starts there), and
// its length must be within the repetition's bounds. It answers true
// (may match) when the path forks: several anchor literals or several
// literals of different lengths fit.
func (st *viableState) walkHolds(af *anchorFilter, lower string, p int) bool {
	pos := -1
	for _, l := range af.lits {
		if strings.HasPrefix(lower[p:], l) {
			if pos >= 0 && pos != p+len(l) {
				return true
			}
			pos = p + len(l)
		}
	}
	if pos < 0 {
		return true
	}
	for i := range af.walk {
		w := &af.walk[i]
		m := &st.runs[w.slot]
		if pos < m.start || pos > m.end {
			e := pos
			for e < len(lower) && w.class[lower[e]] {
				e++
			}
			*m = runMemo{pos, e}
		}
		e := m.end
		if n := e - pos; n < w.min || w.max >= 0 && n > w.max {
			return false
		}
		next := -1
		for _, l := range w.lits {
			if strings.HasPrefix(lower[e:], l) {
				if next >= 0 && next != e+len(l) {
					return true
				}
				next = e + len(l)
			}
		}
		if next < 0 {
			return false
		}
		pos = next
	}
	return true
}

// emptyOpOf returns the condition of an empty-width item, ok false when
// re consumes text (or is an assertion this file does not check).
func emptyOpOf(re *syntax.Regexp) (syntax.EmptyOp, bool) {
	switch re.Op {
	case syntax.OpEmptyMatch:
		return 0, true
	case syntax.OpWordBoundary:
		return syntax.EmptyWordBoundary, true
	case syntax.OpNoWordBoundary:
		return syntax.EmptyNoWordBoundary, true
	case syntax.OpBeginText:
		return syntax.EmptyBeginText, true
	}
	return 0, false
}

// delimiterForms are the parsed forms of the delimiters a match can end
// with.
var delimiterForms = func() map[string]bool {
	out := map[string]bool{}
	// (as the rule's flags leave them: with and without (?i))
	for _, d := range []string{gitleaksDelimiter, looseDelimiter, "(?i)" + gitleaksDelimiter, "(?i)" + looseDelimiter} {
		if re, err := syntax.Parse(d, syntax.Perl); err == nil {
			out[re.String()] = true
		}
	}
	return out
}()

func isDelimiter(re *syntax.Regexp) bool {
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	return delimiterForms[re.String()]
}

// delimiterByte marks the bytes one of which a match ending with a
// delimiter holds, unless it ends at the end of the text: the quote,
// backtick, white space and ';' of gitleaks' delimiter, and the backslash
// of an escaped "\n" or "\r". The loose delimiter's run of punctuation
// is followed, within the match, by a quote or white space too, unless
// at the end of the text.
var delimiterByte = func() (t [256]bool) {
	for _, c := range []byte("`'\"\t\n\f\r ;\\") {
		t[c] = true
	}
	return t
}()

func reachModel(items []*syntax.Regexp, slots *int) []reachItem {
	out := make([]reachItem, 0, len(items))
	for _, it := range items {
		r := reachItemOf(it, slots)
		if n := len(out); n > 0 && isFixed(out[n-1]) && isFixed(r) {
			// consecutive bounded items add up once, at build time
			out[n-1].fixed += r.fixed
			out[n-1].fixedASCII += r.fixedASCII
			continue
		}
		out = append(out, r)
	}
	return out
}

func isFixed(r reachItem) bool { return r.class == nil && r.seq == nil && r.alt == nil }

func reachItemOf(re *syntax.Regexp, slots *int) reachItem {
	if m := maxLen(re); m >= 0 {
		return reachItem{fixed: m, fixedASCII: maxRunes(re)}
	}
	switch re.Op {
	case syntax.OpCapture:
		return reachItemOf(re.Sub[0], slots)
	case syntax.OpConcat:
		return reachItem{seq: reachModel(re.Sub, slots)}
	case syntax.OpAlternate:
		alt := make([]reachItem, 0, len(re.Sub))
		for _, sub := range re.Sub {
			alt = append(alt, reachItemOf(sub, slots))
		}
		return reachItem{alt: alt}
	}
	var cls [256]bool
	matchBytes(re, &cls)
	it := reachItem{class: &cls, slot: *slots}
	*slots++
	return it
}

// matchBytes adds to cls every byte that a string re matches may hold,
// ASCII letters also in lower case (the checks read the lowered text). It
// over-approximates: a non-ASCII rune adds every byte from 0x80, and so
// does a case-folded ASCII letter (U+212A and U+017F fold onto 'k', 's').
func matchBytes(re *syntax.Regexp, cls *[256]bool) {
	var addRune func(r rune, fold bool)
	addRune = func(r rune, fold bool) {
		if r >= utf8.RuneSelf {
			for c := utf8.RuneSelf; c < 256; c++ {
				cls[c] = true
			}
			return
		}
		c := byte(r)
		cls[c] = true
		if 'A' <= c && c <= 'Z' {
			cls[c+'a'-'A'] = true
		}
		if fold && ('a' <= c|0x20 && c|0x20 <= 'z') {
			cls[c|0x20], cls[c&^0x20] = true, true
			addRune(utf8.RuneSelf, false)
		}
	}
	switch re.Op {
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			addRune(r, re.Flags&syntax.FoldCase != 0)
		}
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1] && r < utf8.RuneSelf; r++ {
				addRune(r, false)
			}
			if re.Rune[i+1] >= utf8.RuneSelf {
				addRune(utf8.RuneSelf, false)
			}
		}
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		for c := range 256 {
			if c != '\n' || re.Op == syntax.OpAnyChar {
				cls[c] = true
			}
		}
	default:
		for _, sub := range re.Sub {
			matchBytes(sub, cls)
		}
	}
}

// viableState holds what the checks remember while they move forward
// through the occurrences of one scan.
type viableState struct {
	ascii         bool      // the text is ASCII (reachItem.fixedASCII holds)
	runs          []runMemo // by reachItem.slot
	buf           [16]runMemo
	lastSecond    int     // secondaryCheck.last of the text; -2 until needed
	delimFrom, at int     // [delimFrom, at) holds no delimiter byte
	need          needRun // the quick checks' last run (see quickCheck)
}

// initViableState readies st for a rule with slots run memos, in st.buf
// when they fit (a scan allocates nothing for its checks then).
func initViableState(st *viableState, slots int) {
	if slots <= len(st.buf) {
		st.runs = st.buf[:slots]
	} else {
		st.runs = make([]runMemo, slots)
	}
	for i := range st.runs {
		st.runs[i] = runMemo{-1, -1}
	}
	st.delimFrom, st.at = -1, -1
	st.lastSecond = -2
	st.need = needRun{}
}

// viable reports whether some filter whose literal occurs at p in lower
// lets p through (see the comment at the top of the file; foldRunes
// reports whether the text holds a rune that folds onto an ASCII
// letter, which the literal comparisons of walkHolds would miss), and
// returns
// a bound on where a match through p ends: the furthest reach of the
// filters that let it through, or -1 when one of them has no reach model.
func (f *fastRegexp) viable(s, lower string, p int, foldRunes bool, st *viableState) (bool, int) {
	ok, end := false, -1
	for i := range f.filters {
		af := &f.filters[i]
		if len(f.filters) > 1 && !hasAnyPrefix(lower[p:], af.lits) {
			continue
		}
		if af.before != 0 && !emptyOpHolds(af.before, s, p) {
			continue
		}
		if len(af.back) > 0 && !st.backHolds(af.back, s, lower, p, foldRunes) {
			continue
		}
		if len(af.walk) > 0 && !(af.walkFold && foldRunes) && !st.walkHolds(af, lower, p) {
			continue
		}
		// The cheap checks first: the quick sequence check, the
		// secondary literal (one pass over the text, on the first
		// occurrence that gets this far), the reach (amortised), and
		// only then the sequence check.
		seqOK := af.seq != nil && !(af.seqFold && foldRunes)
		if seqOK && !quickCheck(af.quick, lower, p, &st.need) {
			continue
		}
		if c := f.second; c != nil && !(c.fold && foldRunes) {
			if st.lastSecond == -2 {
				st.lastSecond = c.last(lower)
			}
			if st.lastSecond <= p {
				continue
			}
		}
		e := st.reachEnd(af.reach, lower, p)
		if af.delim && e < len(lower) && st.nextDelimiter(lower, p) >= e {
			continue
		}
		if af.need != nil && st.nextRun(af, lower, p)+af.need.n > e {
			continue
		}
		if seqOK && !seqCheck(af.seq, lower, p) {
			continue
		}
		if !ok || end >= 0 && e >= 0 {
			end = max(end, e)
		} else {
			end = -1
		}
		if e < 0 {
			end = -1
		}
		ok = true
	}
	return ok, end
}

func hasAnyPrefix(s string, lits []string) bool {
	for _, l := range lits {
		if strings.HasPrefix(s, l) {
			return true
		}
	}
	return false
}

// emptyOpHolds reports whether the assertions op hold at p in s.
func emptyOpHolds(op syntax.EmptyOp, s string, p int) bool {
	var before, after rune = -1, -1
	if p > 0 {
		before = rune(s[p-1]) // only whether it is an ASCII word byte matters
	}
	if p < len(s) {
		after = rune(s[p])
	}
	return syntax.EmptyOpContext(before, after)&op == op
}

// reachEnd returns a bound on where a match whose items are modelled by
// items, starting at p, ends.
func (st *viableState) reachEnd(items []reachItem, lower string, p int) int {
	b := p
	for i := range items {
		b = st.itemEnd(&items[i], lower, b)
	}
	return b
}

func (st *viableState) itemEnd(it *reachItem, lower string, b int) int {
	switch {
	case it.class != nil:
		m := &st.runs[it.slot]
		if b >= len(lower) {
			return b
		}
		if b < m.start || b > m.end {
			e := b
			for e < len(lower) && it.class[lower[e]] {
				e++
			}
			*m = runMemo{b, e}
		}
		return m.end
	case it.seq != nil:
		return st.reachEnd(it.seq, lower, b)
	case it.alt != nil:
		e := b
		for i := range it.alt {
			e = max(e, st.itemEnd(&it.alt[i], lower, b))
		}
		return e
	}
	if st.ascii {
		return b + it.fixedASCII
	}
	return b + it.fixed
}

// nextDelimiter returns the position of the first delimiter byte at or
// after p in lower, or len(lower).
func (st *viableState) nextDelimiter(lower string, p int) int {
	if p >= st.delimFrom && p <= st.at {
		return st.at
	}
	e := p
	for e < len(lower) && !delimiterByte[lower[e]] {
		e++
	}
	st.delimFrom, st.at = p, e
	return e
}

// secondaryCheck is a literal set every match holds after an unbounded
// item past the anchor, with checks (see quickCheck, seqCheck) of what
// follows it.
type secondaryCheck struct {
	lits  []string
	seq   []seqItem
	quick []seqQuick
	fold  bool
	// pair holds, for every literal, its first two bytes as
	// uint16(l[0])<<8|l[1]; pairs is false when a literal is shorter
	// than two bytes (then only the first byte is tested, in first).
	pair  [1 << 16 / 64]uint64
	pairs bool
	first [256]bool
}

// newSecondaryCheck derives the check from the items of a branch whose
// anchor is at index best, or returns nil.
func newSecondaryCheck(items []*syntax.Regexp, best int) *secondaryCheck {
	// The most selective literal set (as the anchor is chosen) spelt by
	// one to three consecutive items after the first unbounded one: the
	// parser splits "-H|--header" into "-" and "H|-header".
	first := -1
	for k := best + 1; k < len(items); k++ {
		if maxLen(items[k]) < 0 {
			first = k + 1
			break
		}
	}
	if first < 0 {
		return nil
	}
	var bestInfo litInfo
	bestEnd, bestScore := -1, 0
	for k := first; k < len(items); k++ {
		for j := k + 1; j <= min(len(items), k+3); j++ {
			info := analyzeLits(&syntax.Regexp{Op: syntax.OpConcat, Sub: items[k:j]})
			if !info.ok || !info.exact || info.hasEmpty() {
				break
			}
			if score := info.minLen()*100 - len(info.set); bestEnd < 0 || score > bestScore {
				bestInfo, bestEnd, bestScore = info, j, score
			}
		}
		if maxLen(items[k]) < 0 {
			break // keep to the stretch every match holds right after
		}
	}
	if bestEnd < 0 {
		return nil
	}
	rest, fold, _ := seqItems(items[bestEnd:])
	seq := append([]seqItem{{lits: bestInfo.set, exact: true}}, rest...)
	setFirstBytes(seq)
	c := &secondaryCheck{lits: bestInfo.set, seq: seq, quick: buildQuick(seq), fold: fold || bestInfo.fold, pairs: true}
	for _, l := range c.lits {
		c.first[l[0]] = true
		if len(l) < 2 {
			c.pairs = false
			continue
		}
		k := uint16(l[0])<<8 | uint16(l[1])
		c.pair[k/64] |= 1 << (k % 64)
	}
	return c
}

// mayStart reports whether a literal of c may start at i in lower: its
// first byte is there, and its second after it (hasAnyPrefix decides).
// The literals often start with a space or a tab ("[ \t\n\r](?:-H|--header)"):
// the second byte spares hasAnyPrefix at every space of the text.
func (c *secondaryCheck) mayStart(lower string, i int) bool {
	if !c.first[lower[i]] {
		return false
	}
	if !c.pairs {
		return true
	}
	if i+1 >= len(lower) {
		return false
	}
	k := uint16(lower[i])<<8 | uint16(lower[i+1])
	return c.pair[k/64]&(1<<(k%64)) != 0
}

// last returns the last position in lower where a literal of c occurs
// and the checks pass, or -1: one backward pass, the literals tried
// where their first byte is.
func (c *secondaryCheck) last(lower string) int {
	for i := len(lower) - 1; i >= 0; i-- {
		if !c.mayStart(lower, i) || !hasAnyPrefix(lower[i:], c.lits) {
			continue
		}
		if quickCheck(c.quick, lower, i, nil) && seqCheck(c.seq, lower, i) {
			return i
		}
	}
	return -1
}

// anchoredFrom returns the expression of items anchored at the start of
// the text, when every match starts with the anchor item (best) and what
// comes before it is \b or nothing (viable checks \b at the occurrence:
// at the start of a text whose first byte is a word byte, \b holds too);
// otherwise nil.
func anchoredFrom(items []*syntax.Regexp, best int) *regexp.Regexp {
	for _, it := range items[:best] {
		if it.Op != syntax.OpWordBoundary && it.Op != syntax.OpEmptyMatch {
			return nil
		}
	}
	if best > 0 && items[best-1].Op == syntax.OpWordBoundary {
		// \b holds at the start of the window only before a word byte:
		// every match of the anchor item must start with one.
		info := analyzeLits(items[best])
		if !info.ok {
			return nil
		}
		for _, l := range info.set {
			if l == "" || !isReWordByte(l[0]) {
				return nil
			}
		}
	}
	subs := append([]*syntax.Regexp{{Op: syntax.OpBeginText}}, items[best:]...)
	re, err := regexp.Compile((&syntax.Regexp{Op: syntax.OpConcat, Sub: subs}).String())
	if err != nil {
		return nil
	}
	return re
}

// findAllAnchored is findAllAt for an expression whose matches start at
// an anchor occurrence (f.anchored is set). FindAll takes the leftmost
// position where a match starts, the match an anchored search finds
// there, and searches again from its end; so the occurrences are tried
// in order, each with the anchored expression on the text up to the
// bound viable gives (or the end), skipping those inside a match. Go's
// regexp matches such short anchored texts without its NFA. A match that
// reaches the end of a cut text (where $ or \b saw a false end) falls
// back to the full scan.
func (f *fastRegexp) findAllAnchored(s, lower string, foldRunes bool, occ []int, viable func(int) (bool, int)) [][]int {
	var out [][]int
	pos := 0
	for _, p := range occ {
		if p < pos {
			continue
		}
		ok, end := viable(p) // (the sequence checks included)
		if !ok {
			continue
		}
		w := s[p:]
		if end >= 0 && end+1 < len(w)+p {
			w = s[p : end+1]
		}
		m := f.anchored.FindStringIndex(w)
		if m == nil {
			continue
		}
		if m[1] == len(w) && p+len(w) < len(s) {
			return f.fullScan(s, lower)
		}
		out = append(out, []int{p, p + m[1]})
		pos = p + m[1]
	}
	return out
}

// backStep is one item before the anchor item, read backwards from it: a
// literal (one string, lower case), empty-width assertions, or a run of
// an ASCII class repeated at least min times (which ends the steps: where
// it starts is not known).
type backStep struct {
	lit    string
	fold   bool
	op     syntax.EmptyOp
	class  *[256]bool
	min    int
	slot   int
	isOp   bool
	isLit  bool
	isTail bool
}

// backSteps models items (those before the anchor item, last first) as
// far as it can.
func backSteps(items []*syntax.Regexp, slots *int) []backStep {
	var out []backStep
	for i := len(items) - 1; i >= 0; i-- {
		it := items[i]
		if op, ok := emptyOpOf(it); ok {
			out = append(out, backStep{op: op, isOp: true})
			continue
		}
		if info := analyzeLits(it); info.ok && info.exact && len(info.set) == 1 && info.set[0] != "" {
			out = append(out, backStep{lit: info.set[0], fold: info.fold, isLit: true})
			continue
		}
		if cls, nonASCII, lo, _, ok := classRepeat(it); ok && !nonASCII && lo > 0 {
			out = append(out, backStep{class: cls, min: lo, slot: *slots, isTail: true})
			*slots++
		}
		break
	}
	return out
}

// backHolds reports whether the items before the anchor item can match
// right before p: literals are compared backwards (in lower; a literal
// compared case-insensitively is skipped when the text holds a rune that
// folds onto an ASCII letter), assertions checked where they apply, and
// a class run must be at least its minimum long. The runs are remembered
// (the run ending at p-1 is the maximal run containing it).
func (st *viableState) backHolds(steps []backStep, s, lower string, p int, foldRunes bool) bool {
	q := p
	for i := range steps {
		b := &steps[i]
		switch {
		case b.isOp:
			if !emptyOpHolds(b.op, s, q) {
				return false
			}
		case b.isLit:
			if b.fold && foldRunes {
				return true
			}
			if q < len(b.lit) || lower[q-len(b.lit):q] != b.lit {
				return false
			}
			q -= len(b.lit)
		case b.isTail:
			if q == 0 || !b.class[lower[q-1]] {
				return b.min == 0
			}
			m := &st.runs[b.slot]
			if q-1 < m.start || q-1 >= m.end {
				a, e := q-1, q-1
				for a > 0 && b.class[lower[a-1]] {
					a--
				}
				for e < len(lower) && b.class[lower[e]] {
					e++
				}
				*m = runMemo{a, e}
			}
			return q-m.start >= b.min
		}
	}
	return true
}

// runNeed is a run of n bytes of class that every match holds.
type runNeed struct {
	class *[256]bool
	n     int
}

// fullScan is f.re.FindAllStringIndex(s, -1) (found by f.generic when
// set), skipped (nil) when lower holds no run f.must says every match
// holds: sourcegraph's expression, which has no anchor, needs 40 hex
// digits in a row.
func (f *fastRegexp) fullScan(s, lower string) [][]int {
	if f.generic != nil {
		return f.generic.findAll(s)
	}
	if f.must != nil {
		run, found := 0, false
		for i := 0; i < len(lower) && !found; i++ {
			if f.must.class[lower[i]] {
				run++
				found = run >= f.must.n
			} else {
				run = 0
			}
		}
		if !found {
			return nil
		}
	}
	return f.re.FindAllStringIndex(s, -1)
}

// requiredRun returns a class and a length such that every match of re
// holds that many bytes of the class in a row (n is 0 when nothing is
// known), the class as matchBytes gives it (on the ASCII-lowered text):
// a repetition of one character class at least its minimum, the longest
// of a sequence's items, and over an alternation the union of the
// branches' classes and the least of their lengths.
func requiredRun(re *syntax.Regexp) (*[256]bool, int) {
	switch re.Op {
	case syntax.OpCapture:
		return requiredRun(re.Sub[0])
	case syntax.OpLiteral:
		var cls [256]bool
		matchBytes(re, &cls)
		return &cls, len(re.Rune)
	case syntax.OpCharClass, syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		var cls [256]bool
		matchBytes(re, &cls)
		return &cls, 1
	case syntax.OpPlus, syntax.OpRepeat:
		lo := 1
		if re.Op == syntax.OpRepeat {
			lo = re.Min
		}
		sub := re.Sub[0]
		for sub.Op == syntax.OpCapture {
			sub = sub.Sub[0]
		}
		switch sub.Op {
		case syntax.OpCharClass, syntax.OpAnyCharNotNL, syntax.OpAnyChar:
			var cls [256]bool
			matchBytes(sub, &cls)
			return &cls, lo
		}
		if lo >= 1 {
			return requiredRun(sub)
		}
	case syntax.OpConcat:
		var best *[256]bool
		n := 0
		for _, sub := range re.Sub {
			if c, k := requiredRun(sub); k > n {
				best, n = c, k
			}
		}
		return best, n
	case syntax.OpAlternate:
		var cls [256]bool
		n := -1
		for _, sub := range re.Sub {
			c, k := requiredRun(sub)
			if k == 0 {
				return nil, 0
			}
			for i, in := range c {
				cls[i] = cls[i] || in
			}
			if n < 0 || k < n {
				n = k
			}
		}
		return &cls, max(n, 0)
	}
	return nil, 0
}

// nextRun returns the first position at or after p where af.need.n bytes
// of its class follow, or len(lower): the answer for p holds for every
// later p up to it, which the memo remembers (start: where the scan that
// found it began, end: the answer).
func (st *viableState) nextRun(af *anchorFilter, lower string, p int) int {
	m := &st.runs[af.needSlot]
	if p >= m.start && p <= m.end {
		return m.end
	}
	n, run := af.need.n, 0
	x := len(lower)
	for i := p; i < len(lower); i++ {
		if !af.need.class[lower[i]] {
			run = 0
			continue
		}
		if run++; run >= n {
			x = i - n + 1
			break
		}
	}
	*m = runMemo{p, x}
	return x
}

// maxRunes is maxLen counted in runes: on ASCII text, in bytes.
func maxRunes(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpLiteral:
		return len(re.Rune)
	case syntax.OpCharClass, syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		if re.Op == syntax.OpCharClass && len(re.Rune) == 0 {
			return 0
		}
		return 1
	case syntax.OpCapture, syntax.OpQuest:
		return maxRunes(re.Sub[0])
	case syntax.OpStar, syntax.OpPlus:
		if maxRunes(re.Sub[0]) == 0 {
			return 0
		}
		return -1
	case syntax.OpRepeat:
		m := maxRunes(re.Sub[0])
		if m == 0 {
			return 0
		}
		if m < 0 || re.Max < 0 {
			return -1
		}
		return m * re.Max
	case syntax.OpConcat, syntax.OpAlternate:
		n := 0
		for _, sub := range re.Sub {
			m := maxRunes(sub)
			if m < 0 {
				return -1
			}
			if re.Op == syntax.OpConcat {
				n += m
			} else {
				n = max(n, m)
			}
		}
		return n
	}
	return maxLen(re) // empty-width items: 0
}
