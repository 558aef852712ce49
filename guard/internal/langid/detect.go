package langid

import (
	"fmt"
	"slices"
	"unicode"
	"unicode/utf8"
)

// maxLangs bounds the languages a model may hold (a Set is a bit mask).
const maxLangs = 48

// wordCost adds the cost of the word w, whose lower-cased hash is h, in
// every language, to cost.
func (m *Model) wordCost(w string, h uint64, cost []int32) {
	if r := m.words.row(h); r != nil {
		for l, c := range r[:len(cost)] {
			cost[l] += int32(c)
		}
		return
	}
	for l := range cost {
		cost[l] += int32(m.unknown[l])
	}
	first3, last3 := affixHashes(w)
	for _, h := range [2]uint64{first3, last3} {
		if h == 0 {
			continue
		}
		r := m.affixes.row(h)
		for l := range cost {
			c := m.noAffix[l]
			if r != nil && r[l] != absentCost {
				c = r[l]
			}
			cost[l] += int32(c)
		}
	}
}

// scriptLang names the language a run of a non-Latin script stands for.
// Han without kana is Chinese; with kana, Japanese.
func scriptLang(s Script) string {
	switch s {
	case Cyrillic:
		return "ru"
	case Greek:
		return "el"
	case Arabic:
		return "ar"
	case Hebrew:
		return "he"
	case Devanagari:
		return "hi"
	case Han:
		return "zh"
	case Kana:
		return "ja"
	case Hangul:
		return "ko"
	case Thai:
		return "th"
	}
	return "und"
}

// Result is a segment of text and the language it is written in.
type Result struct {
	Start, End int    // byte span of the segment in the text
	Lang       string // ISO 639-1 code, or "und" when undetermined
	Script     Script
	Words      int // natural words (or, in a non-Latin script, letters) judged
}

func (r Result) String() string {
	return fmt.Sprintf("%s (%s) [%d:%d]", r.Lang, r.Script, r.Start, r.End)
}

// Thresholds: the evidence a segment needs before it is judged, and the
// margin by which another language must beat every allowed one. They err
// towards "readable": a false "unsupported" rejects a good answer.
const (
	minWords      = 5  // natural words in a Latin-script segment
	minForeign    = 6  // letters of another script in a segment ...
	foreignShare  = 50 // ... that are at least this percentage of its letters
	marginPerWord = 15 // tenths of a nat per word by which the winner must lead
)

// Unsupported returns the first segment of text (a sentence, ended by . !
// ? ; : or a line break) that is written in a language outside allowed,
// and true; or false when every segment is readable. A segment is judged
// only on evidence: at least five natural words of Latin script (words
// of running text, not identifiers, paths, numbers or CamelCase names),
// or at least six letters of another script making up half its letters.
// Shorter or mixed segments count as readable, so that names, titles and
// identifiers in other scripts do not trip it.
//
// It is linear in len(text), safe for concurrent use and does not
// allocate.
func (m *Model) Unsupported(text string, allowed Set) (Result, bool) {
	var buf [maxLangs]int32
	var ok [maxLangs]bool
	cost := buf[:len(m.langs)]
	for l, bit := range m.bits {
		ok[l] = allowed.bits&bit != 0
	}
	start := 0
	for start < len(text) {
		end := start
		// spaces and other count what bounds the words of the segment and
		// its letters of other scripts (see below).
		spaces, other := 0, 0
		for end < len(text) {
			if c := text[end]; c < utf8.RuneSelf {
				end++
				if segmentEnd(rune(c)) {
					break
				}
				if asciiSpace[c] {
					spaces++
				}
				continue
			}
			r, n := utf8.DecodeRuneInString(text[end:])
			end += n
			other++
			if segmentEnd(r) {
				break
			}
		}
		if spaces+other+1 < minWords && other < minForeign {
			// Too short to judge: judge counts words between white space
			// (ASCII, or among the other runes), at most spaces+other+1 of
			// them, and letters of other scripts among the other runes.
			start = end
			continue
		}
		if res, judged := m.judge(text, start, end, cost, ok[:len(m.langs)]); judged && !allowed.Has(res.Lang) {
			return res, true
		}
		start = end
	}
	return Result{}, false
}

// judge decides the language of the segment text[a:b]; ok is false when
// the segment holds too little evidence. A Latin-script segment is given
// to a language outside allowed only when that language beats every
// allowed one by a margin; otherwise it is given to the best allowed one.
func (m *Model) judge(text string, a, b int, cost []int32, allowed []bool) (Result, bool) {
	var letters [nScripts]int
	kana := false
	// cost is read only once a word has been counted: it is cleared
	// then, so that a segment without words (crafted text makes thousands)
	// costs no clearing.
	words := 0
	// rep is the cost of the word repW, once it was met twice in a row.
	var rep [maxLangs]int32
	repW, prevW, repOK := "", "", false
	i := a
	for i < b {
		if c := text[i]; c < utf8.RuneSelf {
			if asciiSpace[c] {
				i++
				continue
			}
		} else if r, n := utf8.DecodeRuneInString(text[i:b]); unicode.IsSpace(r) || r == utf8.RuneError && n <= 1 {
			i += n
			continue
		}
		j := i
		for j < b {
			c := text[j]
			if c < utf8.RuneSelf {
				if asciiSpace[c] {
					break
				}
				if asciiLetter[c] {
					letters[Latin]++
				}
				j++
				continue
			}
			r, n := utf8.DecodeRuneInString(text[j:b])
			if unicode.IsSpace(r) {
				break
			}
			sc := scriptOf(r)
			letters[sc]++
			if sc == Kana {
				kana = true
			}
			j += n
		}
		wa, wb := trimPunct(text, i, j)
		if h, ok := latinWordHash(text[wa:wb]); ok && text[i] != '-' {
			if words == 0 {
				clear(cost)
			}
			switch w := text[wa:wb]; {
			case repOK && w == repW:
				for l, c := range rep[:len(cost)] {
					cost[l] += c
				}
			case w == prevW:
				// The word again: its cost is taken once, and added at
				// every further repeat (crafted text repeats one word
				// throughout; sums of integers do not depend on order).
				d := rep[:len(cost)]
				clear(d)
				m.wordCost(w, h, d)
				repW, repOK = w, true
				for l, c := range d {
					cost[l] += c
				}
			default:
				m.wordCost(w, h, cost)
			}
			prevW = text[wa:wb]
			words++
			if words >= minWords && settled(cost, allowed, words) {
				// An allowed language already leads every other by the
				// margin: the rest of the segment cannot change that
				// enough to matter, and is only scanned for its letters.
				if res, ok := m.finishLetters(text, j, b, a, letters, kana); ok {
					return res, true
				}
				res := Result{Script: Latin, Words: words}
				res.Start, res.End = trimPunct(text, a, b)
				best := -1
				for l, c := range cost {
					if allowed[l] && (best < 0 || c < cost[best]) {
						best = l
					}
				}
				res.Lang = m.langs[best]
				return res, true
			}
		}
		i = j
	}
	total := 0
	best := Latin
	for s := Latin; s < nScripts; s++ {
		total += letters[s]
		if s != Latin && letters[s] > letters[best] {
			best = s
		}
	}
	res := Result{Start: a, End: b, Script: Latin, Lang: "und"}
	res.Start, res.End = trimPunct(text, a, b)
	if best != Latin && letters[best] >= minForeign && 100*letters[best] >= foreignShare*total {
		if best == Han && kana {
			best = Kana
		}
		if best == Kana || best == Han && letters[Kana] > 0 {
			best = Kana
		}
		res.Script, res.Lang, res.Words = best, scriptLang(best), letters[best]
		return res, true
	}
	if words < minWords {
		return res, false
	}
	res.Words = words
	win, bestAllowed := 0, -1
	for l := range cost {
		if cost[l] < cost[win] {
			win = l
		}
		if allowed[l] && (bestAllowed < 0 || cost[l] < cost[bestAllowed]) {
			bestAllowed = l
		}
	}
	if bestAllowed >= 0 && (win == bestAllowed || int(cost[bestAllowed]-cost[win]) < marginPerWord*words) {
		res.Lang = m.langs[bestAllowed]
		return res, true
	}
	res.Lang = m.langs[win]
	return res, true
}

// isLatinWord reports whether every letter of w is Latin.
func isLatinWord(w string) bool {
	for _, r := range w {
		if unicode.IsLetter(r) && scriptOf(r) != Latin {
			return false
		}
	}
	return true
}

// settled reports whether the best allowed language leads every other
// language by one and a half times the margin per word.
func settled(cost []int32, allowed []bool, words int) bool {
	bestOK, bestOther := int32(1<<30), int32(1<<30)
	for l, c := range cost {
		if allowed[l] {
			bestOK = min(bestOK, c)
		} else {
			bestOther = min(bestOther, c)
		}
	}
	return 2*(bestOther-bestOK) >= int32(3*marginPerWord*words)
}

// finishLetters counts the letters of text[from:b] by script, to finish a
// segment [a, b) whose Latin words are settled; it reports the segment's
// language and true only when another script makes up most of it.
func (m *Model) finishLetters(text string, from, b, a int, letters [nScripts]int, kana bool) (Result, bool) {
	if letters[Latin] > 0 && isASCII(text[from:b]) {
		// The segment's words are settled and nothing of another script
		// follows: readable.
		return Result{}, false
	}
	for _, r := range text[from:b] {
		sc := scriptOf(r)
		letters[sc]++
		kana = kana || sc == Kana
	}
	res := Result{Script: Latin, Lang: "und"}
	res.Start, res.End = trimPunct(text, a, b)
	total, best := 0, Latin
	for s := Latin; s < nScripts; s++ {
		total += letters[s]
		if s != Latin && letters[s] > letters[best] {
			best = s
		}
	}
	if best != Latin && letters[best] >= minForeign && 100*letters[best] >= foreignShare*total {
		if kana {
			best = Kana
		}
		res.Script, res.Lang, res.Words = best, scriptLang(best), letters[best]
		return res, true
	}
	return res, false
}

var asciiSpace, asciiLetter = func() (sp, le [utf8.RuneSelf]bool) {
	for _, c := range " \t\n\r\v\f" {
		sp[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		le[c], le[c-'a'+'A'] = true, true
	}
	return sp, le
}()

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// latinWordHash returns the lower-cased hash of w and true when w is a
// natural word of Latin script (see naturalWord), in one pass for ASCII.
func latinWordHash(w string) (uint64, bool) {
	if w == "" {
		return 0, false
	}
	h := uint64(fnvOffset)
	upper, lower := 0, 0
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= 'a' && c <= 'z':
			lower++
		case c >= 'A' && c <= 'Z':
			if i > 0 {
				upper++
			}
			c += 'a' - 'A'
		case (c == '\'' || c == '-') && i > 0 && i < len(w)-1:
		case c >= utf8.RuneSelf:
			if isLatinWord(w) && naturalWord(w) {
				return hashLower(w), true
			}
			return 0, false
		default:
			return 0, false
		}
		h = (h ^ uint64(c)) * fnvPrime
	}
	if upper > 0 && lower > 0 {
		return 0, false // CamelCase: an identifier
	}
	return h, true
}

// Identify returns the language of text taken as one segment, and true;
// or false when it holds too little evidence (fewer than five natural
// words of Latin script and no run of another script). Between
// Latin-script languages it returns the best-scoring one.
func (m *Model) Identify(text string) (Result, bool) {
	var buf [maxLangs]int32
	var all [maxLangs]bool
	for l := range m.langs {
		all[l] = true
	}
	return m.judge(text, 0, len(text), buf[:len(m.langs)], all[:len(m.langs)])
}

// knownCost is the cost below which a word is common in a language's
// running text (about one occurrence in 22 000 words).
const knownCost = 100

// Knows reports whether w is a word of the running text of the language
// named by code: common in it, or commoner in it than in any other
// language the model knows. It is false for a language the model does not
// know. Case is ignored.
func (m *Model) Knows(code, w string) bool {
	l := slices.Index(m.langs, code)
	if l < 0 {
		return false
	}
	h, ok := latinWordHash(w)
	if !ok {
		h = hashLower(w)
	}
	r := m.words.row(h)
	return r != nil && (r[l] < knownCost || r[l] == slices.Min(r))
}
