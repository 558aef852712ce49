package secrets

import (
	"math/bits"
	"regexp"
	"regexp/syntax"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// This file holds the windowed regular-expression search behind [Secrets].
//
// gitleaks runs every keyword-activated rule's regexp over the whole input.
// Go's regexp engine costs roughly the same per byte wherever it scans, so a
// rule such as generic-api-key, whose leading [\w.-]{0,50}? keeps dozens of
// threads alive at every position, dominates the run time on prose that only
// mentions "token" or "password". fastRegexp finds exactly the same matches
// as (*regexp.Regexp).FindAllStringIndex while running the full regexp only
// on short windows that can hold a match:
//
//  1. The regexp's syntax tree is flattened into a top-level concatenation.
//     For each item a set of necessary literals is derived (every string the
//     item matches starts with one of them; literal case is folded), and the
//     item with the most selective set whose preceding items have a bounded
//     byte length ("pre") becomes the anchor.
//  2. Every occurrence p of an anchor literal (searched in an ASCII-lowered
//     copy) is checked with the "tail" regexp: the anchor item and everything
//     after it, with every empty-width assertion (^ $ \b \B \A \z) replaced by
//     an empty match, compiled leftmost-longest and anchored at p. Removing
//     assertions only admits more strings, so any real match through p passes
//     the check, and the longest tail match bounds where such a match can end.
//  3. Surviving occurrences give windows [p-pre-1, tailEnd+1); overlapping
//     windows are merged and the original regexp runs on each window.
//
// A match found in a window equals the match the full scan finds at the same
// start as long as its evaluation never looks past the window: every real
// match starts after the window's first byte and ends before its last, so a
// window match that starts at the window's first byte (where ^ and \b see a
// fake text start) or ends at its last byte (where $ and \b see a fake end)
// is the only possible divergence. When that happens, when the input holds a
// rune whose case folds onto an ASCII anchor letter (U+212A KELVIN SIGN,
// U+017F LONG S), or when no anchor can be derived, the rule falls back to
// the full scan. The test suite checks the equivalence directly against
// FindAllStringIndex on gitleaks' own rule test cases and by fuzzing.
//
// generic-api-key itself no longer goes through the windows: its
// expression is matched by genericMatcher (secrets_generic.go), exactly and
// in linear time, given the anchor positions or scanning the text itself.

// maxLitSet bounds the literal sets built while analysing a regexp.
const maxLitSet = 64

type fastRegexp struct {
	// src is the expression; re is compiled from it by ready, unless
	// given. re stays nil if src does not compile (TestSecretRulesCompile
	// checks that every rule does).
	src string
	re  *regexp.Regexp
	// once guards the analysis (analyze), done on the first findAll: a
	// process pays only for the rules its inputs' keywords activate, which
	// keeps the first Secrets call short. The fields below are set by it.
	once sync.Once
	// anchors are lower-case literals; every match contains one of them at
	// the start of the anchor item. Empty when no anchor could be derived.
	anchors []string
	// fold is set when a case-folded literal contributed to anchors, so
	// that inputs holding non-ASCII runes folding onto ASCII fall back.
	fold bool
	// pre is the largest number of bytes a match can span before its
	// anchor, or -1 when unbounded (then anchors only gate the full scan).
	pre int
	// tail is the relaxed, anchored, leftmost-longest regexp from the anchor
	// item to the end; nil when windows cannot be used.
	tail *regexp.Regexp
	// tailMax bounds the tail's match length in bytes, or -1 if unbounded.
	tailMax int
	// seq is a cheap necessary check run before tail (see seqCheck); nil
	// when the tail does not start with items it understands.
	seq []seqItem
	// seqFold is set when seq holds case-folded literals.
	seqFold bool
	// quick is a cheaper necessary check run before seq (see quickCheck);
	// nil when seq does not have the shape it needs.
	quick []seqQuick
	// byFirst indexes anchors by first byte when there are several, so
	// that one pass over the text finds them all.
	byFirst *[256][]string
	// filters are the checks every occurrence of an anchor must pass
	// (secrets_reach.go), one per branch; slots counts their run memos.
	filters []anchorFilter
	slots   int
	// second, when not nil, is checked after the filters (see
	// secondaryCheck).
	second *secondaryCheck
	// must, when not nil, is a run every match holds (see requiredRun):
	// a text without one needs no full scan.
	must *runNeed
	// preASCII is pre on ASCII text (in runes; see maxRunes).
	preASCII int
	// anchored, when not nil, is the expression anchored at the text's
	// start without its leading \b, for expressions whose matches start
	// at an anchor occurrence (see findAllAnchored).
	anchored *regexp.Regexp
	// generic, when not nil, finds the matches instead of re, tail and
	// the windows: src is gitleaks' generic-api-key expression, which it
	// implements exactly (secrets_generic.go).
	generic *genericMatcher
}

// newFastRegexp returns a matcher for the expression src, compiled and
// analysed on first use (see ready): gitleaks' 221 rules take tens of
// milliseconds to compile, and an input activates few of them. It never
// fails: a regexp that cannot be analysed is scanned in full, exactly like
// regexp.FindAllStringIndex.
func newFastRegexp(src string) *fastRegexp {
	return &fastRegexp{src: src, pre: -1, tailMax: -1}
}

// ready compiles and analyses f once and returns it.
func (f *fastRegexp) ready() *fastRegexp {
	f.once.Do(f.analyze)
	return f
}

// analyze compiles f.src and derives anchors, tail and sequence check.
func (f *fastRegexp) analyze() {
	f.analyzeRe()
	if f.re != nil && f.src == genericAPIKeyExpr {
		f.generic = &genericMatcher{}
	}
	if len(f.anchors) > 1 {
		f.byFirst = new([256][]string)
		for _, a := range f.anchors {
			if a == "" {
				f.byFirst = nil
				break
			}
			f.byFirst[a[0]] = append(f.byFirst[a[0]], a)
		}
	}
}

func (f *fastRegexp) analyzeRe() {
	re, err := regexp.Compile(f.src)
	if err != nil {
		return
	}
	f.re = re
	tree, err := syntax.Parse(f.re.String(), syntax.Perl)
	if err != nil {
		return
	}
	if minLen(tree) == 0 {
		// Empty matches follow extra rules in FindAll; keep the full scan.
		return
	}
	if cls, n := requiredRun(tree); n >= 8 {
		f.must = &runNeed{class: cls, n: n}
	}
	if tree.Op == syntax.OpAlternate {
		f.alternate(tree)
		return
	}
	f.anchors, f.fold, f.pre, f.tail, f.tailMax = analyzeBranch(tree)
	f.preASCII = f.pre
	if items, best := anchorItem(tree); best >= 0 && len(f.anchors) > 0 {
		f.preASCII = preRunes(items[:best], f.pre)
		f.filters = []anchorFilter{newAnchorFilter(f.anchors, items, best, &f.slots)}
		f.second = newSecondaryCheck(items, best)
		f.anchored = anchoredFrom(items, best)
	}
	if f.tail != nil {
		f.seq, f.seqFold = buildSeq(tree)
		f.quick = buildQuick(f.seq)
	}
	if len(f.filters) == 1 {
		// viable runs the sequence checks, before the costlier reach
		af := &f.filters[0]
		af.seq, af.quick, af.seqFold = f.seq, f.quick, f.seqFold
	}
}

// alternate handles a top-level alternation: each branch needs its own
// anchor; anchors are united, pre is the largest, tails are alternated.
func (f *fastRegexp) alternate(tree *syntax.Regexp) *fastRegexp {
	var tails []*syntax.Regexp
	pre, tailMax, preASCII := 0, 0, 0
	var anchors []string
	var filters []anchorFilter
	slots := 0
	fold := false
	for _, br := range tree.Sub {
		a, fo, p, tail, tm := analyzeBranchTree(br)
		if len(a) == 0 || p < 0 || tail == nil {
			return f
		}
		items, best := anchorItem(br)
		preASCII = max(preASCII, preRunes(items[:best], p))
		af := newAnchorFilter(a, items, best, &slots)
		if af.seq, af.seqFold = buildSeq(br); af.seq != nil {
			af.quick = buildQuick(af.seq)
		}
		filters = append(filters, af)
		anchors = append(anchors, a...)
		fold = fold || fo
		pre = max(pre, p)
		if tm < 0 || tailMax < 0 {
			tailMax = -1
		} else {
			tailMax = max(tailMax, tm)
		}
		tails = append(tails, tail)
	}
	re, err := regexp.Compile((&syntax.Regexp{Op: syntax.OpConcat, Sub: []*syntax.Regexp{
		{Op: syntax.OpBeginText}, {Op: syntax.OpAlternate, Sub: tails}}}).String())
	if err != nil {
		return f
	}
	re.Longest()
	f.anchors, f.fold, f.pre, f.tail, f.tailMax = dedupe(anchors), fold, pre, re, tailMax
	f.filters, f.slots, f.preASCII = filters, slots, preASCII
	return f
}

// analyzeBranch derives the anchor, pre bound and compiled tail of tree.
func analyzeBranch(tree *syntax.Regexp) ([]string, bool, int, *regexp.Regexp, int) {
	anchors, fold, pre, tail, tailMax := analyzeBranchTree(tree)
	if tail == nil {
		return anchors, fold, pre, nil, -1
	}
	re, err := regexp.Compile((&syntax.Regexp{Op: syntax.OpConcat, Sub: []*syntax.Regexp{{Op: syntax.OpBeginText}, tail}}).String())
	if err != nil {
		return anchors, fold, pre, nil, -1
	}
	re.Longest()
	return anchors, fold, pre, re, tailMax
}

// analyzeBranchTree returns the anchor literals, whether case folding
// produced them, the pre bound (-1 if unbounded) and the relaxed tail
// expression (nil if none).
func analyzeBranchTree(tree *syntax.Regexp) ([]string, bool, int, *syntax.Regexp, int) {
	items, best, bestSet, bestFold, bestPre := pickAnchor(tree)
	if best < 0 {
		return nil, false, -1, nil, -1
	}
	if bestPre < 0 {
		return bestSet, bestFold, -1, nil, -1
	}
	tailItems := make([]*syntax.Regexp, 0, len(items)-best)
	tailMax := 0
	for _, it := range items[best:] {
		tailItems = append(tailItems, relax(it))
		if ml := maxLen(it); ml < 0 || tailMax < 0 {
			tailMax = -1
		} else {
			tailMax += ml
		}
	}
	return bestSet, bestFold, bestPre, &syntax.Regexp{Op: syntax.OpConcat, Sub: tailItems}, tailMax
}

// anchorItem returns the items of tree (flattenConcat) and the index of
// its anchor item, or -1.
func anchorItem(tree *syntax.Regexp) ([]*syntax.Regexp, int) {
	items, best, _, _, _ := pickAnchor(tree)
	return items, best
}

// pickAnchor flattens tree and picks its anchor item (see
// analyzeBranchTree): its index (-1 if none), literal set, whether case
// folding produced it, and the pre bound (-1 if unbounded).
func pickAnchor(tree *syntax.Regexp) (items []*syntax.Regexp, best int, bestSet []string, bestFold bool, bestPre int) {
	items = flattenConcat(tree, nil)
	best, bestPre = -1, -1
	bestScore := 0
	pre := 0
	for i, it := range items {
		info := analyzeLits(it)
		if info.ok && !info.hasEmpty() {
			score := info.minLen()*100 - len(info.set)
			// Prefer anchors whose position is bounded from the start.
			if pre >= 0 {
				score += 1 << 20
			}
			if best < 0 || score > bestScore {
				best, bestScore, bestSet, bestFold, bestPre = i, score, info.set, info.fold, pre
			}
		}
		ml := maxLen(it)
		if pre >= 0 {
			if ml < 0 {
				pre = -1
			} else {
				pre += ml
			}
		}
	}
	return items, best, bestSet, bestFold, bestPre
}

// findAll returns exactly re.FindAllStringIndex(s, -1). lower is s with
// ASCII letters lowered (same length); foldRunes reports whether s holds a
// rune that case-folds onto an ASCII letter.
func (f *fastRegexp) findAll(s, lower string, foldRunes bool) [][]int {
	return f.findAllBuf(s, lower, foldRunes, nil)
}

// findAllBuf is findAll keeping its anchor positions in *buf (when not
// nil) for the next call to reuse.
func (f *fastRegexp) findAllBuf(s, lower string, foldRunes bool, buf *[]int) [][]int {
	f.ready()
	if f.re == nil {
		return nil
	}
	if !f.usesAnchors(foldRunes) {
		return f.fullScan(s, lower)
	}
	var occ []int
	if buf != nil {
		occ = f.anchorPositionsInto((*buf)[:0], lower)
		*buf = occ
	} else {
		occ = f.anchorPositionsInto(nil, lower)
	}
	return f.findAllAt(s, lower, foldRunes, occ, nil)
}

// usesAnchors reports whether findAllAt can be used (f must be ready and
// compiled): whether f has anchors that hold on text where foldRunes is as
// given. When false, only the full scan is exact.
func (f *fastRegexp) usesAnchors(foldRunes bool) bool {
	return len(f.anchors) > 0 && !(f.fold && foldRunes)
}

// findAllAt is findAll given occ, the sorted, distinct positions of every
// anchor of f in lower (anchorPositionsInto). f must be ready and
// compiled, and usesAnchors(foldRunes) must hold.
func (f *fastRegexp) findAllAt(s, lower string, foldRunes bool, occ []int, st *viableState) [][]int {
	if len(occ) == 0 {
		return nil
	}
	if f.generic != nil {
		return f.generic.findAllAt(s, occ)
	}
	if st == nil {
		st = new(viableState)
	}
	if len(f.filters) > 0 {
		initViableState(st, f.slots)
		// viable lets no occurrence at or after the secondary literal's
		// last position through, whichever filter it tries (see
		// viable): where occurrences are dense (a keyword repeated,
		// "curl curl ..."), that position is found first, once, and
		// the occurrences after it are not tried one by one. (Where
		// they are sparse, viable finds it only if an occurrence gets
		// that far.)
		if c := f.second; c != nil && !(c.fold && foldRunes) && len(occ)*denseOccurrences >= len(lower) {
			st.lastSecond = c.last(lower)
			occ = occ[:sort.SearchInts(occ, st.lastSecond)]
			if len(occ) == 0 {
				return nil
			}
		}
	}
	ascii := asciiOnly(s)
	st.ascii = ascii
	pre := f.pre
	if ascii {
		pre = f.preASCII
	}
	// viable reports whether an occurrence may be part of a match, and a
	// bound on the match's end (-1 if unknown).
	viable := func(p int) (bool, int) {
		if len(f.filters) == 0 {
			return true, -1
		}
		return f.viable(s, lower, p, foldRunes, st)
	}
	if f.tail == nil {
		// Without windows the full scan runs, unless no occurrence can
		// be part of a match.
		for _, p := range occ {
			if ok, _ := viable(p); ok {
				return f.fullScan(s, lower)
			}
		}
		return nil
	}
	if f.anchored != nil && !(f.seqFold && foldRunes) {
		return f.findAllAnchored(s, lower, foldRunes, occ, viable)
	}
	n := len(s)
	var out [][]int
	wa, wb := -1, -1
	unbounded := 0 // tail searches with no length bound so far
	flush := func() bool {
		if wa < 0 {
			return true
		}
		for _, m := range f.re.FindAllStringIndex(s[wa:wb], -1) {
			if (wa > 0 && m[0] == 0) || (wb < n && m[1] == wb-wa) || m[0] == m[1] {
				return false
			}
			out = append(out, []int{m[0] + wa, m[1] + wa})
		}
		return true
	}
	for _, p := range occ {
		ok, end := viable(p) // (the sequence checks included, see analyzeRe)
		if !ok {
			continue
		}
		var b int
		if end >= 0 {
			// A match through p ends by end: the window reaches past it
			// without a tail search (which costs the NFA up to the
			// tail's whole length at every occurrence).
			b = min(n, end+1)
		} else {
			rest := s[p:]
			if f.tailMax >= 0 && f.tailMax+1 < len(rest) {
				rest = rest[:f.tailMax+1]
			} else if f.tailMax < 0 {
				// An unbounded tail search reads up to the rest of the
				// text; many of them (a long run of "eyJ" for jwt) cost
				// more than the one full scan, which finds the same
				// matches.
				if unbounded++; unbounded > maxUnboundedTails {
					return f.fullScan(s, lower)
				}
			}
			loc := f.tail.FindStringIndex(rest)
			if loc == nil {
				continue
			}
			b = min(n, p+loc[1]+1)
		}
		a := max(0, p-pre-1)
		if wa >= 0 && a <= wb {
			wb = max(wb, b)
			continue
		}
		if !flush() {
			return f.fullScan(s, lower)
		}
		wa, wb = a, b
	}
	if !flush() {
		return f.fullScan(s, lower)
	}
	return out
}

// denseOccurrences: occurrences of anchors are dense when there is one
// every denseOccurrences bytes or more (see findAllAt).
const denseOccurrences = 16

// maxUnboundedTails is how many tail searches without a length bound
// findAllAt runs on one text before it runs the full scan instead.
const maxUnboundedTails = 32

// anchorPositionsInto returns the sorted, distinct positions of every
// anchor of f in lower, appended to occ[:0]: with several anchors, in one
// pass over lower.
func (f *fastRegexp) anchorPositionsInto(occ []int, lower string) []int {
	if f.byFirst == nil {
		return anchorPositionsInto(occ, lower, f.anchors)
	}
	occ = occ[:0]
	for i := 0; i < len(lower); i++ {
		for _, a := range f.byFirst[lower[i]] {
			if strings.HasPrefix(lower[i:], a) {
				occ = append(occ, i)
				break
			}
		}
	}
	return occ
}

// anchorPositionsInto returns the sorted, distinct positions of every literal
// in lower, appended to occ[:0].
func anchorPositionsInto(occ []int, lower string, lits []string) []int {
	occ = occ[:0]
	for _, lit := range lits {
		for off := 0; off < len(lower); {
			i := strings.Index(lower[off:], lit)
			if i < 0 {
				break
			}
			occ = append(occ, off+i)
			off += i + 1
		}
	}
	if len(lits) > 1 && len(occ) > 1 {
		sort.Ints(occ)
		j := 1
		for i := 1; i < len(occ); i++ {
			if occ[i] != occ[j-1] {
				occ[j] = occ[i]
				j++
			}
		}
		occ = occ[:j]
	}
	return occ
}

// flattenConcat lists the sequential items of re, looking through
// concatenations and capture groups (which do not move positions).
func flattenConcat(re *syntax.Regexp, out []*syntax.Regexp) []*syntax.Regexp {
	switch re.Op {
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			out = flattenConcat(sub, out)
		}
		return out
	case syntax.OpCapture:
		if re.Sub[0].Op == syntax.OpConcat || re.Sub[0].Op == syntax.OpCapture {
			return flattenConcat(re.Sub[0], out)
		}
	}
	return append(out, re)
}

// relax returns a copy of re in which every empty-width assertion matches
// the empty string, so that the result matches a superset of strings and
// does not depend on the text around it.
func relax(re *syntax.Regexp) *syntax.Regexp {
	switch re.Op {
	case syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return &syntax.Regexp{Op: syntax.OpEmptyMatch}
	}
	c := *re
	if len(re.Sub) > 0 {
		c.Sub = make([]*syntax.Regexp, len(re.Sub))
		for i, s := range re.Sub {
			c.Sub[i] = relax(s)
		}
	}
	return &c
}

// maxLen returns the largest number of bytes re can match, or -1.
func maxLen(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
		syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpNoMatch:
		return 0
	case syntax.OpLiteral:
		n := 0
		for _, r := range re.Rune {
			if re.Flags&syntax.FoldCase != 0 {
				n += utf8.UTFMax
			} else {
				n += utf8.RuneLen(r)
			}
		}
		return n
	case syntax.OpCharClass:
		if len(re.Rune) == 0 {
			return 0
		}
		return runeLenMax(re.Rune[len(re.Rune)-1])
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		return utf8.UTFMax
	case syntax.OpCapture:
		return maxLen(re.Sub[0])
	case syntax.OpQuest:
		return maxLen(re.Sub[0])
	case syntax.OpStar, syntax.OpPlus:
		if maxLen(re.Sub[0]) == 0 {
			return 0
		}
		return -1
	case syntax.OpRepeat:
		m := maxLen(re.Sub[0])
		if m == 0 {
			return 0
		}
		if m < 0 || re.Max < 0 {
			return -1
		}
		return m * re.Max
	case syntax.OpConcat:
		n := 0
		for _, s := range re.Sub {
			m := maxLen(s)
			if m < 0 {
				return -1
			}
			n += m
		}
		return n
	case syntax.OpAlternate:
		n := 0
		for _, s := range re.Sub {
			m := maxLen(s)
			if m < 0 {
				return -1
			}
			n = max(n, m)
		}
		return n
	}
	return -1
}

func runeLenMax(r rune) int {
	if r > utf8.MaxRune {
		r = utf8.MaxRune
	}
	if n := utf8.RuneLen(r); n > 0 {
		return n
	}
	return utf8.UTFMax
}

// minLen returns the smallest number of bytes re can match (a lower bound).
func minLen(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpLiteral:
		return len(re.Rune)
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return 1
	case syntax.OpCapture:
		return minLen(re.Sub[0])
	case syntax.OpPlus:
		return minLen(re.Sub[0])
	case syntax.OpRepeat:
		return re.Min * minLen(re.Sub[0])
	case syntax.OpConcat:
		n := 0
		for _, s := range re.Sub {
			n += minLen(s)
		}
		return n
	case syntax.OpAlternate:
		n := -1
		for _, s := range re.Sub {
			if m := minLen(s); n < 0 || m < n {
				n = m
			}
		}
		return max(n, 0)
	}
	return 0
}

// litInfo is a set of lower-case literals: when exact, the set of every
// string the expression matches; otherwise every match starts with one.
type litInfo struct {
	ok, exact, fold bool
	set             []string
}

func (l litInfo) hasEmpty() bool {
	for _, s := range l.set {
		if s == "" {
			return true
		}
	}
	return false
}

func (l litInfo) minLen() int {
	n := -1
	for _, s := range l.set {
		if n < 0 || len(s) < n {
			n = len(s)
		}
	}
	return n
}

func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

func analyzeLits(re *syntax.Regexp) litInfo {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
		syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return litInfo{ok: true, exact: true, set: []string{""}}
	case syntax.OpLiteral:
		fold := re.Flags&syntax.FoldCase != 0
		s := string(re.Rune)
		if fold {
			for _, r := range re.Rune {
				if r >= utf8.RuneSelf {
					return litInfo{}
				}
			}
		}
		return litInfo{ok: true, exact: true, fold: fold, set: []string{asciiLower(s)}}
	case syntax.OpCharClass:
		var set []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				if len(set) >= 16 {
					return litInfo{}
				}
				set = append(set, asciiLower(string(r)))
			}
		}
		return litInfo{ok: true, exact: true, set: dedupe(set)}
	case syntax.OpCapture:
		return analyzeLits(re.Sub[0])
	case syntax.OpQuest:
		in := analyzeLits(re.Sub[0])
		if !in.ok || !in.exact {
			return litInfo{}
		}
		in.set = dedupe(append(append([]string{}, in.set...), ""))
		return in
	case syntax.OpRepeat, syntax.OpPlus:
		if re.Op == syntax.OpRepeat && re.Min < 1 {
			return litInfo{}
		}
		in := analyzeLits(re.Sub[0])
		if !in.ok {
			return litInfo{}
		}
		if re.Op == syntax.OpRepeat && re.Min == 1 && re.Max == 1 {
			return in
		}
		if re.Op == syntax.OpRepeat && in.exact && re.Max >= re.Min && re.Max <= 4 && len(in.set) == 1 {
			// a{1,3}: every count spelled out
			var set []string
			for n := re.Min; n <= re.Max; n++ {
				set = append(set, strings.Repeat(in.set[0], n))
			}
			in.set = set
			return in
		}
		in.exact = false
		return in
	case syntax.OpAlternate:
		out := litInfo{ok: true, exact: true}
		for _, s := range re.Sub {
			in := analyzeLits(s)
			if !in.ok {
				return litInfo{}
			}
			out.exact = out.exact && in.exact
			out.fold = out.fold || in.fold
			out.set = append(out.set, in.set...)
			if len(out.set) > maxLitSet {
				return litInfo{}
			}
		}
		out.set = dedupe(out.set)
		return out
	case syntax.OpConcat:
		cur := litInfo{ok: true, exact: true, set: []string{""}}
		for _, s := range re.Sub {
			in := analyzeLits(s)
			if !in.ok {
				cur.exact = false
				return cur
			}
			if len(cur.set)*len(in.set) > maxLitSet {
				cur.exact = false
				return cur
			}
			var prod []string
			for _, a := range cur.set {
				for _, b := range in.set {
					prod = append(prod, a+b)
				}
			}
			cur.set = dedupe(prod)
			cur.fold = cur.fold || in.fold
			if !in.exact {
				cur.exact = false
				return cur
			}
		}
		return cur
	}
	return litInfo{}
}

func dedupe(set []string) []string {
	seen := make(map[string]bool, len(set))
	out := set[:0:0]
	for _, s := range set {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// A seqItem is one item of the tail in a form that seqCheck can step
// through without a regexp engine: a run of a character class with
// repetition bounds, a set of literals, or an alternation of sequences.
type seqItem struct {
	class    *[256]bool // class item: ASCII members
	nonASCII bool       // the class also holds non-ASCII runes
	min, max int        // class repetition bounds; max < 0: unbounded
	lits     []string   // literal item (lower-case)
	first    *[256]bool // first bytes of lits
	exact    bool       // lits are whole matches (else only prefixes)
	optional bool       // lits include "" (the item may match nothing)
	end      bool       // the end of the text ($ without (?m), \z)
	alt      [][]seqItem
}

// buildSeq converts the anchor item and the items after it, as far as it
// can, into seqItems. The first item is the anchor's literal set.
func buildSeq(tree *syntax.Regexp) ([]seqItem, bool) {
	items := flattenConcat(tree, nil)
	anchors, _, _, _, _ := analyzeBranchTree(tree)
	start := -1
	for i, it := range items {
		if info := analyzeLits(it); info.ok && sameSet(info.set, anchors) {
			start = i
			break
		}
	}
	if start < 0 {
		return nil, false
	}
	first := analyzeLits(items[start])
	if !first.exact {
		// An anchor item that is not a plain literal set, such as an
		// alternation of literal-led branches (hvs\.[\w-]{90,120}|s\.…):
		// model it and what follows as items; the anchor item matches at
		// the anchor position, so the sequence still starts there.
		seq, f, _ := seqItems(items[start:])
		if len(seq) < 1 || seq[0].class != nil {
			return nil, false
		}
		setFirstBytes(seq)
		return seq, first.fold || f
	}
	fold := first.fold
	seq := []seqItem{{lits: first.set, exact: true}}
	rest, f, _ := seqItems(items[start+1:])
	seq = append(seq, rest...)
	if len(seq) < 2 {
		return nil, false
	}
	setFirstBytes(seq)
	return seq, fold || f
}

// setFirstBytes fills the first-byte tables of literal items.
func setFirstBytes(seq []seqItem) {
	for i := range seq {
		if seq[i].lits != nil {
			var t [256]bool
			for _, l := range seq[i].lits {
				if l != "" {
					t[l[0]] = true
				}
			}
			seq[i].first = &t
		}
		for _, br := range seq[i].alt {
			setFirstBytes(br)
		}
	}
}

// seqItems converts items until the first one it cannot model; complete
// reports whether every item was converted.
func seqItems(items []*syntax.Regexp) (seq []seqItem, fold, complete bool) {
	for _, it := range items {
		switch it.Op {
		case syntax.OpEndText:
			// Matches only at the end of the text: modelled exactly, so
			// that a match ending with gitleaks' delimiter
			// (?:[\x60'"\s;]|\\[nr]|$) needs a delimiter byte or the end.
			seq = append(seq, seqItem{end: true})
			continue
		case syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
			syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpEmptyMatch:
			continue
		}
		info := analyzeLits(it)
		if cls, nonASCII, lo, hi, ok := classRepeat(it); ok && !(info.ok && info.exact && len(info.set) == 1 && lo == 1 && hi == 1) {
			seq = append(seq, seqItem{class: cls, nonASCII: nonASCII, min: lo, max: hi})
			continue
		}
		if hasEndText(it) {
			// analyzeLits reads $ as "", which would lose it
			info = litInfo{}
		}
		if info.ok && info.exact {
			// (an optional literal, "(?:sdk\.initialize)?", may match
			// nothing)
			fold = fold || info.fold
			seq = append(seq, seqItem{lits: info.set, exact: true, optional: info.hasEmpty()})
			continue
		}
		inner := it
		for inner.Op == syntax.OpCapture {
			inner = inner.Sub[0]
		}
		if inner.Op == syntax.OpAlternate {
			var alt [][]seqItem
			for _, br := range inner.Sub {
				// (a branch of only empty-width items matches nothing:
				// an empty sequence, which leaves the positions as they are)
				bs, f, ok := seqItems(flattenConcat(br, nil))
				if !ok {
					alt = nil
					break
				}
				fold = fold || f
				alt = append(alt, bs)
			}
			if alt != nil {
				seq = append(seq, seqItem{alt: alt})
				continue
			}
		}
		if info.ok && !info.hasEmpty() {
			// A prefix set still checks where the item starts.
			fold = fold || info.fold
			seq = append(seq, seqItem{lits: info.set})
		}
		return seq, fold, false
	}
	return seq, fold, true
}

// hasEndText reports whether re holds an end-of-text assertion.
func hasEndText(re *syntax.Regexp) bool {
	if re.Op == syntax.OpEndText {
		return true
	}
	for _, sub := range re.Sub {
		if hasEndText(sub) {
			return true
		}
	}
	return false
}

// preRunes is the pre bound of items (those before the anchor) on ASCII
// text: pre itself when unbounded.
func preRunes(items []*syntax.Regexp, pre int) int {
	if pre < 0 {
		return pre
	}
	n := 0
	for _, it := range items {
		m := maxRunes(it)
		if m < 0 {
			return pre
		}
		n += m
	}
	return n
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// classRepeat recognises a character class, alone or under a repetition
// operator, looking through captures. The table holds the class's ASCII
// members; nonASCII reports whether it also holds other runes (seqCheck
// then gives up on meeting a non-ASCII byte, since it counts bytes).
func classRepeat(re *syntax.Regexp) (*[256]bool, bool, int, int, bool) {
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	lo, hi := 1, 1
	inner := re
	switch re.Op {
	case syntax.OpStar:
		lo, hi, inner = 0, -1, re.Sub[0]
	case syntax.OpPlus:
		lo, hi, inner = 1, -1, re.Sub[0]
	case syntax.OpQuest:
		lo, hi, inner = 0, 1, re.Sub[0]
	case syntax.OpRepeat:
		lo, hi, inner = re.Min, re.Max, re.Sub[0]
	}
	for inner.Op == syntax.OpCapture {
		inner = inner.Sub[0]
	}
	var cls [256]bool
	nonASCII := false
	switch inner.Op {
	case syntax.OpCharClass:
		for i := 0; i+1 < len(inner.Rune); i += 2 {
			for r := inner.Rune[i]; r <= inner.Rune[i+1]; r++ {
				if r >= utf8.RuneSelf {
					nonASCII = true
					break
				}
				cls[r] = true
			}
		}
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		for c := range utf8.RuneSelf {
			cls[c] = c != '\n' || inner.Op == syntax.OpAnyChar
		}
		nonASCII = true
	case syntax.OpLiteral:
		if len(inner.Rune) != 1 || inner.Rune[0] >= utf8.RuneSelf {
			return nil, false, 0, 0, false
		}
		r0 := inner.Rune[0]
		cls[r0] = true
		if inner.Flags&syntax.FoldCase != 0 {
			for r := unicode.SimpleFold(r0); r != r0; r = unicode.SimpleFold(r) {
				if r >= utf8.RuneSelf {
					nonASCII = true
				} else {
					cls[r] = true
				}
			}
		}
	default:
		return nil, false, 0, 0, false
	}
	// The check runs on ASCII-lowered text: admit lower-case letters for
	// any upper-case letter the class holds.
	for c := 'A'; c <= 'Z'; c++ {
		if cls[c] {
			cls[c+'a'-'A'] = true
		}
	}
	return &cls, nonASCII, lo, hi, true
}

// seqWindow bounds how far past the anchor seqCheck follows a match; a
// path that would go further makes it give up and answer "may match".
const seqWindow = 1024

// posSet is a set of positions p+0 .. p+seqWindow-1; hi bounds the words
// in use.
type posSet struct {
	w  [seqWindow / 64]uint64
	hi int
}

func (s *posSet) add(i int) bool {
	if i < 0 || i >= seqWindow {
		return false
	}
	s.w[i/64] |= 1 << (i % 64)
	s.hi = max(s.hi, i/64+1)
	return true
}

func (s *posSet) empty() bool {
	for _, w := range s.w[:s.hi] {
		if w != 0 {
			return false
		}
	}
	return true
}

// addRange adds lo..hi (inclusive); false if a position is out of range.
func (s *posSet) addRange(lo, hi int) bool {
	if lo < 0 || hi >= seqWindow {
		return false
	}
	for w := lo / 64; w <= hi/64; w++ {
		a, b := max(lo, w*64)-w*64, min(hi, w*64+63)-w*64
		s.w[w] |= (^uint64(0) >> (63 - b)) &^ (1<<a - 1)
	}
	s.hi = max(s.hi, hi/64+1)
	return true
}

// last returns the largest position in s, or -1.
func (s *posSet) last() int {
	for w := s.hi - 1; w >= 0; w-- {
		if s.w[w] != 0 {
			return w*64 + 63 - bits.LeadingZeros64(s.w[w])
		}
	}
	return -1
}

// reset empties s.
func (s *posSet) reset() {
	clear(s.w[:s.hi])
	s.hi = 0
}

func (s *posSet) union(o *posSet) {
	for i := 0; i < o.hi; i++ {
		s.w[i] |= o.w[i]
	}
	s.hi = max(s.hi, o.hi)
}

// seqCheck reports whether the items of seq can match one after another
// starting at p in lower (ASCII-lowered text). Empty-width assertions are
// ignored and letters compare case-insensitively, so the answer is true at
// every position where the real tail matches: it only filters.
func seqCheck(seq []seqItem, lower string, p int) bool {
	var in posSet
	in.add(0)
	_, giveUp, ok := seqRun(seq, lower, p, &in)
	return giveUp || ok
}

// seqRun advances the position set in through items. It returns the final
// set, whether it gave up (answer "may match"), and whether any path
// survived. The sets' operations cost in proportion to the words in use,
// which are few: positions are offsets from the anchor.
func seqRun(items []seqItem, lower string, p int, in *posSet) (_ posSet, giveUp, ok bool) {
	var bufs [2]posSet
	cur := in
	for k, it := range items {
		next := &bufs[k%2]
		next.reset()
		switch {
		case it.class != nil:
			if classStep(it, lower, p, cur, next) {
				return posSet{}, true, true
			}
		case it.end:
			if e := len(lower) - p; e >= 0 && e < seqWindow && cur.w[e/64]&(1<<(e%64)) != 0 {
				next.add(e)
			}
		case it.alt != nil:
			// Each branch runs once from the whole set: the sets are
			// unions, so this is the union of the runs from each
			// position.
			for _, br := range it.alt {
				brOut, giveUp, ok := seqRun(br, lower, p, cur)
				if giveUp {
					return posSet{}, true, true
				}
				if ok {
					next.union(&brOut)
				}
			}
		default:
			for w := 0; w < cur.hi; w++ {
				for word := cur.w[w]; word != 0; {
					b := bits.TrailingZeros64(word)
					word &^= 1 << b
					if giveUp := seqStep(it, lower, p, w*64+b, next); giveUp {
						return posSet{}, true, true
					}
				}
			}
		}
		if next.empty() {
			return posSet{}, false, false
		}
		if it.lits != nil && !it.exact {
			return posSet{}, true, true
		}
		cur = next
	}
	return *cur, false, true
}

// classStep adds to next every position the class item it reaches from a
// position in cur (relative to p); it returns true to give up. It is the
// per-position class case of seqStep with the runs shared: a run of class
// bytes from q ends where the run from any later q' < that end ends, so
// the text is read once, and each position adds one range.
//
// From q the item reaches q+min .. q+min(max, r), r being the length of
// the class run starting at q. The scan frontier e only grows: bytes
// [q, e) are in the class, and either e is the end of the text, the byte
// at e is not in the class, or e is the scan limit, last(cur)+max, beyond
// which no position's range reaches. Reaching seqWindow, or a non-ASCII
// byte when the class holds non-ASCII runes (which it counts in bytes),
// gives up, as seqStep does: giving up answers "may match" and is always
// sound.
func classStep(it seqItem, lower string, p int, cur, next *posSet) bool {
	limit := seqWindow
	if it.max >= 0 {
		limit = min(limit, cur.last()+it.max)
	}
	e := -1
	for w := 0; w < cur.hi; w++ {
		for word := cur.w[w]; word != 0; {
			b := bits.TrailingZeros64(word)
			word &^= 1 << b
			q := w*64 + b
			if q >= e {
				// A new run (the byte at e, if q == e, is not in the class
				// or is at the limit: the loop stops at once).
				e = q
				for e < limit && p+e < len(lower) {
					c := lower[p+e]
					if c >= utf8.RuneSelf && it.nonASCII {
						return true
					}
					if !it.class[c] {
						break
					}
					e++
				}
				if e >= seqWindow {
					return true
				}
			}
			r := e - q
			if it.max >= 0 {
				r = min(r, it.max)
			}
			if r >= it.min && !next.addRange(q+it.min, q+r) {
				return true
			}
		}
	}
	return false
}

// seqStep adds to next every position the class or literal item it can
// reach from q (relative to p); it returns true to give up. (seqRun steps
// class items with classStep and alternations itself.)
func seqStep(it seqItem, lower string, p, q int, next *posSet) bool {
	at := p + q
	switch {
	case it.class != nil:
		r := 0
		for at+r < len(lower) && (it.max < 0 || r < it.max) {
			c := lower[at+r]
			if c >= utf8.RuneSelf && it.nonASCII {
				return true
			}
			if !it.class[c] {
				break
			}
			r++
		}
		for n := it.min; n <= r; n++ {
			if !next.add(q + n) {
				return true
			}
		}
	default:
		if it.optional && !next.add(q) {
			return true
		}
		if at >= len(lower) || !it.first[lower[at]] {
			return false
		}
		for _, lit := range it.lits {
			if strings.HasPrefix(lower[at:], lit) {
				if !next.add(q + len(lit)) {
					return true
				}
			}
		}
	}
	return false
}

// A seqQuick is a necessary condition for a sequence check that reads a
// few bytes and keeps no position sets: one of lits at p, then stages.
// Each stage is a gap of at most reach bytes from gap (the optional class
// items that follow, united), then the first item that consumes a byte:
// either a literal set, after which the next stage starts (or, after the
// last stage, the check holds), or a run of at least needMin bytes of need
// (class items, or an alternation of class-led branches: see leadRun),
// which ends the check.
type seqQuick struct {
	lits   []string
	first  *[256]bool
	stages []quickStage
}

type quickStage struct {
	gap     [256]bool
	reach   int // seqWindow when unbounded
	need    *[256]bool
	needMin int      // for a run
	lits    []string // for a literal set (need holds their first bytes)
}

// buildQuick derives the quick checks of seq: one when seq starts with a
// literal set, one per branch when it starts with an alternation of
// literal-led branches; nil when some path has no byte-consuming item
// after its literals within the items modelled.
func buildQuick(seq []seqItem) []seqQuick {
	if len(seq) == 0 {
		return nil
	}
	if seq[0].alt != nil {
		var out []seqQuick
		for _, br := range seq[0].alt {
			q, ok := quickOf(br)
			if !ok {
				return nil
			}
			out = append(out, q)
		}
		return out
	}
	if q, ok := quickOf(seq); ok {
		return []seqQuick{q}
	}
	return nil
}

func quickOf(seq []seqItem) (seqQuick, bool) {
	if len(seq) < 2 || !exactLits(seq[0]) {
		return seqQuick{}, false
	}
	q := seqQuick{lits: seq[0].lits, first: seq[0].first}
	rest := seq[1:]
	for len(rest) > 0 {
		st := quickStage{}
		i := 0
		for ; i < len(rest) && rest[i].class != nil && rest[i].min == 0; i++ {
			it := rest[i]
			for c, in := range it.class {
				st.gap[c] = st.gap[c] || in
			}
			if it.max < 0 || st.reach+it.max >= seqWindow {
				st.reach = seqWindow
			} else {
				st.reach += it.max
			}
		}
		if i == len(rest) {
			break // only optional items left: the previous stage ends it
		}
		if exactLits(rest[i]) {
			st.lits, st.need = rest[i].lits, rest[i].first
			q.stages = append(q.stages, st)
			rest = rest[i+1:]
			continue
		}
		tbl, n, ok := leadRun(rest[i:])
		if ok && n > 0 {
			st.need, st.needMin = tbl, n
			q.stages = append(q.stages, st)
		}
		break
	}
	return q, len(q.stages) > 0
}

// exactLits reports whether it is a literal set every match of the item
// is one of, none of them empty.
func exactLits(it seqItem) bool {
	if it.lits == nil || !it.exact || it.first == nil {
		return false
	}
	for _, l := range it.lits {
		if l == "" {
			return false
		}
	}
	return true
}

// leadRun returns a byte table and a length n such that every match of
// items starts with n bytes of the table: the union of the leading class
// items and the sum of their minimums; for a leading literal set, its
// first bytes and 1; for a leading alternation, the union over its
// branches and the smallest of their lengths. ok is false when the table
// is unknown (a class holding non-ASCII runes is fine: quickCheck answers
// "may match" on any non-ASCII byte).
func leadRun(items []seqItem) (*[256]bool, int, bool) {
	var t [256]bool
	n := 0
	for _, it := range items {
		if it.class == nil {
			if n > 0 {
				break
			}
			switch {
			case it.lits != nil && it.first != nil && !hasEmptyLit(it.lits):
				return it.first, 1, true
			case it.alt != nil:
				best := -1
				for _, br := range it.alt {
					bt, bn, ok := leadRun(br)
					if !ok {
						return nil, 0, false
					}
					for c, in := range bt {
						t[c] = t[c] || in
					}
					if best < 0 || bn < best {
						best = bn
					}
				}
				return &t, best, true
			}
			return nil, 0, false
		}
		for c, in := range it.class {
			t[c] = t[c] || in
		}
		n += it.min
	}
	return &t, n, true
}

func hasEmptyLit(lits []string) bool {
	for _, l := range lits {
		if l == "" {
			return true
		}
	}
	return false
}

// quickCheck reports whether one of the checks in qs may hold at p in
// lower (ASCII-lowered text); true when qs is empty. A match of the
// sequence has one of the literals at p; then, stage by stage, every byte
// before the stage's first consuming item is consumed by an optional class
// item, so is in gap, and there are at most reach of them; and that item
// starts right there (a literal of the set, or a run of needMin bytes of
// need). The scan walks the bytes: a byte that can start the item answers
// "may match" (or, for a literal, continues with the next stage after
// it), a byte outside gap ends the search. A non-ASCII byte answers "may
// match": classes may hold multi-byte runes, which the tables do not
// describe.
//
// memo (may be nil) remembers the last run of a need table it measured,
// so that hits every few bytes inside one long run ("sg.sg.sg.…") read
// the run once rather than needMin bytes each.
func quickCheck(qs []seqQuick, lower string, p int, memo *needRun) bool {
	if len(qs) == 0 {
		return true
	}
	if p >= len(lower) {
		return false
	}
	for i := range qs {
		q := &qs[i]
		if !q.first[lower[p]] {
			continue
		}
		c0 := lower[p]
		for _, lit := range q.lits {
			// The first byte, checked inline, rules out most literals.
			if lit[0] == c0 && strings.HasPrefix(lower[p:], lit) && q.stage(lower, p+len(lit), 0, memo) {
				return true
			}
		}
	}
	return false
}

// stage runs stage si of q from j.
func (q *seqQuick) stage(lower string, j, si int, memo *needRun) bool {
	if si == len(q.stages) {
		return true
	}
	st := &q.stages[si]
	for k := 0; j+k < len(lower); k++ {
		c := lower[j+k]
		if c >= utf8.RuneSelf || k >= seqWindow {
			return true
		}
		if st.need[c] {
			if st.lits == nil {
				if memo.minRun(st.need, st.needMin, lower, j+k) {
					return true
				}
			} else {
				for _, lit := range st.lits {
					if lit[0] == c && strings.HasPrefix(lower[j+k:], lit) && q.stage(lower, j+k+len(lit), si+1, memo) {
						return true
					}
				}
			}
		}
		if k == st.reach || !st.gap[c] {
			return false
		}
	}
	return false
}

// needRun is the last run of a need table's bytes measured in a text:
// lower[from:end] are all in need, and end is len(lower), a byte outside
// need, or a non-ASCII byte (nonASCII).
type needRun struct {
	need      *[256]bool
	lower     string
	from, end int
	nonASCII  bool
}

// minRun is minRun through the memo m: a position inside the run m holds
// is answered from it, any other measures a new run from i (nil m: no
// memo).
func (m *needRun) minRun(need *[256]bool, n int, lower string, i int) bool {
	if m == nil {
		return minRun(need, n, lower, i)
	}
	if m.need != need || m.lower != lower || i < m.from || i > m.end {
		end := i
		for end < len(lower) && lower[end] < utf8.RuneSelf && need[lower[end]] {
			end++
		}
		*m = needRun{need: need, lower: lower, from: i, end: end, nonASCII: end < len(lower) && lower[end] >= utf8.RuneSelf}
	}
	return m.end-i >= n || m.nonASCII
}

// minRun reports whether lower[i:] starts with n bytes of need (or a
// non-ASCII byte before that).
func minRun(need *[256]bool, n int, lower string, i int) bool {
	for k := 0; k < n; k++ {
		if i+k >= len(lower) {
			return false
		}
		c := lower[i+k]
		if c >= utf8.RuneSelf {
			return true
		}
		if !need[c] {
			return false
		}
	}
	return true
}
