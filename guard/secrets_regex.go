package guard

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
	// byFirst indexes anchors by first byte when there are several, so
	// that one pass over the text finds them all.
	byFirst *[256][]string
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
	if tree.Op == syntax.OpAlternate {
		f.alternate(tree)
		return
	}
	f.anchors, f.fold, f.pre, f.tail, f.tailMax = analyzeBranch(tree)
	if f.tail != nil {
		f.seq, f.seqFold = buildSeq(tree)
	}
}

// alternate handles a top-level alternation: each branch needs its own
// anchor; anchors are united, pre is the largest, tails are alternated.
func (f *fastRegexp) alternate(tree *syntax.Regexp) *fastRegexp {
	var tails []*syntax.Regexp
	pre, tailMax := 0, 0
	var anchors []string
	fold := false
	for _, br := range tree.Sub {
		a, fo, p, tail, tm := analyzeBranchTree(br)
		if len(a) == 0 || p < 0 || tail == nil {
			return f
		}
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
	items := flattenConcat(tree, nil)
	best, bestScore, bestPre := -1, 0, -1
	var bestSet []string
	bestFold := false
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
		return f.re.FindAllStringIndex(s, -1)
	}
	var occ []int
	if buf != nil {
		occ = f.anchorPositionsInto((*buf)[:0], lower)
		*buf = occ
	} else {
		occ = f.anchorPositionsInto(nil, lower)
	}
	return f.findAllAt(s, lower, foldRunes, occ)
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
func (f *fastRegexp) findAllAt(s, lower string, foldRunes bool, occ []int) [][]int {
	if len(occ) == 0 {
		return nil
	}
	if f.tail == nil {
		return f.re.FindAllStringIndex(s, -1)
	}
	n := len(s)
	var out [][]int
	wa, wb := -1, -1
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
		if f.seq != nil && !(f.seqFold && foldRunes) && !seqCheck(f.seq, lower, p) {
			continue
		}
		rest := s[p:]
		if f.tailMax >= 0 && f.tailMax+1 < len(rest) {
			rest = rest[:f.tailMax+1]
		}
		loc := f.tail.FindStringIndex(rest)
		if loc == nil {
			continue
		}
		a, b := max(0, p-f.pre-1), min(n, p+loc[1]+1)
		if wa >= 0 && a <= wb {
			wb = max(wb, b)
			continue
		}
		if !flush() {
			return f.re.FindAllStringIndex(s, -1)
		}
		wa, wb = a, b
	}
	if !flush() {
		return f.re.FindAllStringIndex(s, -1)
	}
	return out
}

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
		return nil, false
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
		case syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
			syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpEmptyMatch:
			continue
		}
		if cls, nonASCII, lo, hi, ok := classRepeat(it); ok {
			seq = append(seq, seqItem{class: cls, nonASCII: nonASCII, min: lo, max: hi})
			continue
		}
		info := analyzeLits(it)
		if info.ok && info.exact && !info.hasEmpty() {
			fold = fold || info.fold
			seq = append(seq, seqItem{lits: info.set, exact: true})
			continue
		}
		inner := it
		for inner.Op == syntax.OpCapture {
			inner = inner.Sub[0]
		}
		if inner.Op == syntax.OpAlternate {
			var alt [][]seqItem
			for _, br := range inner.Sub {
				bs, f, ok := seqItems(flattenConcat(br, nil))
				if !ok || len(bs) == 0 {
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

// seqRun advances the position set through items. It returns the final
// set, whether it gave up (answer "may match"), and whether any path
// survived.
func seqRun(items []seqItem, lower string, p int, in *posSet) (posSet, bool, bool) {
	var bufs [2]posSet
	bufs[0] = *in
	cur := &bufs[0]
	for k, it := range items {
		next := &bufs[(k+1)%2]
		*next = posSet{}
		for w := 0; w < cur.hi; w++ {
			for word := cur.w[w]; word != 0; {
				b := bits.TrailingZeros64(word)
				word &^= 1 << b
				if giveUp := seqStep(it, lower, p, w*64+b, next); giveUp {
					return *next, true, true
				}
			}
		}
		if next.empty() {
			return *next, false, false
		}
		if it.lits != nil && !it.exact {
			return *next, true, true
		}
		cur = next
	}
	return *cur, false, true
}

// seqStep adds to next every position item it can reach from q (relative
// to p); it returns true to give up.
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
	case it.alt != nil:
		for _, br := range it.alt {
			var one posSet
			one.add(q)
			out, giveUp, ok := seqRun(br, lower, p, &one)
			if giveUp {
				return true
			}
			if ok {
				next.union(&out)
			}
		}
	default:
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
