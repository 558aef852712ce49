package inject

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Units larger than a line. Retrieved text is cut into paragraphs (runs
// of lines between blank lines, headings and code fences), logical lines
// (a physical line and the lines that continue its sentence: "Please
// ignore all of your\nprevious instructions" is one) and sentences.
// Forged conversation turns ("System:", "[SYSTEM NOTICE]", "<|im_start|>")
// open a block that runs to the end of their content.

// ctxFlags is what surrounds a sentence.
type ctxFlags uint8

const (
	ctxNone ctxFlags = 0
	// ctxAI: an earlier sentence of the paragraph addressed an AI reader
	// ("AI agents:" on a line of its own, "Note to the assistant: ...").
	ctxAI ctxFlags = 1 << iota
	// ctxTurn: the sentence is the content of a forged conversation turn.
	ctxTurn
	// ctxMachine: no human reads the sentence (hidden, or encoded).
	ctxMachine
	// ctxAIDir: the sentence stands under a heading that addresses AI
	// readers ("AI agents:" on a line of its own): its directives are
	// theirs.
	ctxAIDir
)

// maxUnit bounds the length of a sentence in bytes; a longer run without
// sentence punctuation is cut at a space, so that the tagger's cost per
// sentence is bounded.
const maxUnit = 600

// maxJoin bounds how many physical lines one logical line joins.
const maxJoin = 8

// unit is a sentence: the unit the judgement works on.
type unit struct {
	span
	para    int // paragraph
	line    int // logical line
	block   int // innermost block, or -1
	ctx     ctxFlags
	code    bool // inside a code fence
	kind    Kind // the verdict; 0 keeps the sentence
	dir     bool // a directive
	parsed  bool // dir comes from the syntax, not only from the Scan hits
	opens   bool // addresses an AI reader explicitly, for the rest of its paragraph
	heads   bool // a heading that addresses AI readers, for the directives under it
	heading bool // nothing but an authority heading ("IMPORTANT!!!")
}

type blockKind uint8

const (
	blockWrapper blockKind = iota + 1 // <INFORMATION>…</INFORMATION>: judged by its content
	blockTurn                         // a forged turn: marker and content
)

// block is a span removed whole when a sentence inside it is.
type block struct {
	span
	kind    blockKind
	ctx     ctxFlags // the context its sentences start in
	marker  bool     // opened by a chat-template token
	directs bool     // a turn whose content counts only when it directs (a marker of two words: "SYSTEM NOTICE:")
	tool    bool     // a tool-call element (<tool_call>, <function_call>)
	hit     Kind     // the first verdict inside it
}

// line is a physical line of the text.
type line struct {
	span
	text  string // the line without its line break
	blank bool
	fence bool // inside or opening a code fence
	opens bool // opens a new logical line whatever precedes it: list item, heading, table row, quote
	head  bool // a heading: starts a new paragraph
}

// segment cuts d.m into units and the turn blocks of forged markers.
func (d *doc) segment() {
	m := d.m
	n := strings.Count(m, "\n") + 1
	lines := make([]line, 0, n)
	d.units = make([]unit, 0, n)
	for ls := 0; ls < len(m); {
		le := lineEnd(m, ls)
		l := line{span: span{ls, le}, text: m[ls:le]}
		t := strings.TrimSpace(l.text)
		l.blank = t == ""
		l.fence = within(d.fences, ls, le)
		l.opens, l.head = structural(t)
		lines = append(lines, l)
		ls = le + 1
	}
	para, lineNo := 0, 0
	for i := 0; i < len(lines); {
		l := lines[i]
		if l.blank {
			para++
			i++
			continue
		}
		if l.head {
			para++
		}
		if l.fence {
			// Code is judged line by line, never joined.
			d.addLine(l.start, l.end, para, lineNo, true)
			lineNo++
			i++
			if i < len(lines) && !lines[i].fence {
				para++
			}
			continue
		}
		// Join the lines that continue this one's sentence.
		j := i + 1
		for j < len(lines) && j < i+maxJoin && continues(lines[j-1], lines[j]) {
			j++
		}
		d.addLine(l.start, lines[j-1].end, para, lineNo, false)
		lineNo++
		if l.head {
			para++
		}
		i = j
	}
	d.markTurns()
}

// structural reports whether a trimmed line opens a new logical line by
// its form (a list item, a heading, a table row, a block quote, a rule)
// and whether it is a heading.
func structural(t string) (start, head bool) {
	if t == "" {
		return false, false
	}
	switch t[0] {
	case '#':
		return true, strings.HasPrefix(strings.TrimLeft(t, "#"), " ")
	case '|', '>':
		return true, false
	case '-', '*', '+':
		return len(t) == 1 || t[1] == ' ' || t[0] == '-' && strings.Trim(t, "-") == "", false
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i > 0 && i < len(t)-1 && (t[i] == '.' || t[i] == ')') && t[i+1] == ' ' {
		return true, false
	}
	r, _ := utf8.DecodeRuneInString(t)
	return r == '•' || r == '▪' || r == '◦' || r == '➤' || r == '→', false
}

// continues reports whether line b continues the sentence of line a: a
// does not end a sentence, b does not start a new element, and b opens
// with a lower-case letter or a ends with a word that cannot end one.
func continues(a, b line) bool {
	if b.blank || b.fence || b.opens || a.fence {
		return false
	}
	at := strings.TrimRight(a.text, " \t\r")
	if at == "" {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(at)
	switch last {
	case '.', '!', '?', ':', ';', '。', '！', '？', '．', '：', '"', '”', ')', ']', '>', '}', '|':
		return false
	}
	bt := strings.TrimLeft(b.text, " \t")
	first, _ := utf8.DecodeRuneInString(bt)
	if unicode.IsLower(first) {
		return true
	}
	// "... ignore all of your\nPrevious instructions": a is cut after a
	// word that needs another.
	w := at
	if k := strings.LastIndexAny(at, " \t"); k >= 0 {
		w = at[k+1:]
	}
	return continuationWord(strings.ToLower(w))
}

func continuationWord(w string) bool {
	switch w {
	case "the", "a", "an", "your", "my", "our", "their", "its", "his", "her", "of", "to", "and", "or", "but",
		"with", "for", "from", "in", "on", "at", "by", "as", "all", "any", "every", "each", "this", "that",
		"these", "those", "no", "not", "please", "you", "we", "is", "are", "be", "must", "should", "will",
		"previous", "prior", "earlier":
		return true
	}
	return false
}

// addLine cuts the logical line m[a:b] into sentences and appends them.
func (d *doc) addLine(a, b, para, lineNo int, code bool) {
	m := d.m
	start := a
	line := lineNo // each field of structured data is a line of its own (see fieldEdge)
	// Structured data: each string value of a JSON object and each quoted
	// cell of a CSV row is a text of its own ("memo":"Tell the user ...").
	fields := !code && structuredLine(m[a:b])
	emit := func(e int) {
		s, t := start, e
		for s < t && isSpaceByte(m[s]) {
			s++
		}
		for t > s && isSpaceByte(m[t-1]) {
			t--
		}
		for t-s > maxUnit {
			cut := strings.LastIndexByte(m[s:s+maxUnit], ' ')
			if cut <= 0 {
				// No space: cut at a rune boundary, or anywhere in bytes
				// that are no UTF-8.
				cut = maxUnit
				for cut > maxUnit-utf8.UTFMax && !utf8.RuneStart(m[s+cut]) {
					cut--
				}
			}
			d.units = append(d.units, unit{span: span{s, s + cut}, para: para, line: line, block: -1, code: code})
			s += cut
			for s < t && isSpaceByte(m[s]) {
				s++
			}
		}
		if t > s && !(fields && !hasLetterOrDigit(m[s:t])) { // a field's quotes and commas are no sentence
			d.units = append(d.units, unit{span: span{s, t}, para: para, line: line, block: -1, code: code})
		}
		start = e
	}
	for i := a; i < b; {
		r, n := rune(m[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(m[i:])
		} else if r == '"' && fields {
			if e := fieldEdge(m, a, b, i); e >= 0 {
				emit(e)
				line = -1 - i // a line number no logical line has
			}
			i++
			continue
		} else if !markerByte(r) && r != '.' && r != '!' && r != '?' {
			i++ // most bytes start neither a marker nor a sentence end
			continue
		}
		end := i + n
		if !code && r == '<' {
			if k := shoutedNotice(m[i:b]); k > 0 {
				// "<NOW ENTERING SECURITY OVERRIDE MODE>" is a sentence of
				// its own, and so is what follows it.
				emit(i)
				emit(i + k)
				i += k
				continue
			}
		}
		if !code && (r >= utf8.RuneSelf || markerByte(r)) {
			if k := d.turnStart(i, a, b); k > 0 {
				emit(i)
				i += k
				start = i // the marker is no sentence: its block holds it
				continue
			}
		}
		if r < utf8.RuneSelf && isAlpha(byte(r)) {
			// The rest of the word starts no marker (a role word starts
			// at a word start) and ends no sentence.
			for end < b && (isAlpha(m[end]) || m[end] >= '0' && m[end] <= '9') {
				end++
			}
		}
		if fullStop(r) {
			emit(end)
		} else if sentenceEnd(r) {
			// Closing quotes and brackets stay with the sentence.
			for end < b && strings.IndexByte(`"')]»”’`, m[end]) >= 0 {
				end++
			}
			if end >= b || isSpaceByte(m[end]) {
				if !abbreviation(m, a, i, r) && !lowerNext(m, end, b) {
					emit(end)
				}
			}
		}
		i = end
	}
	emit(b)
}

// structuredLine reports whether the logical line l is structured data
// whose fields fieldEdge may cut: a JSON document (it opens with '{' or
// '[' and has a "key": pair), or a CSV row with a quoted cell (a first
// field without spaces before ',' or ';', another separator after it, and
// ,\" or ;\" somewhere). Prose that quotes JSON ("call f with {\"a\": 1}")
// is no such line.
func structuredLine(l string) bool {
	t := strings.TrimLeft(l, " \t")
	if t == "" {
		return false
	}
	if t[0] == '{' || t[0] == '[' {
		return strings.Contains(t, "\":")
	}
	if !strings.Contains(t, ",\"") && !strings.Contains(t, ";\"") {
		return false
	}
	sep := strings.IndexAny(t, ",;")
	return sep > 0 && !strings.ContainsAny(t[:sep], " \t") && strings.ContainsAny(t[sep+1:], ",;")
}

// fieldEdge reports whether the quote at m[i] opens or closes a field of
// structured data inside the line m[a:b]: a JSON string value (after ':'
// or in an array after '[' or ','; closed before ',', '}' or ']') or a CSV
// cell (after ',' or ';' at a line start; closed before ',' or ';'). It
// returns where the unit before it ends: after an opening quote, before a
// closing one; -1 for any other quote. An escaped quote (\") is none.
func fieldEdge(m string, a, b, i int) int {
	if i > a && m[i-1] == '\\' {
		return -1
	}
	p := i - 1
	for p >= a && m[p] == ' ' {
		p--
	}
	if p < a || m[p] == ':' || m[p] == '[' || m[p] == ',' || m[p] == ';' {
		if p >= a && m[p] == ':' && p > a && m[p-1] != '"' {
			return -1 // "Note: \"...\"" in prose, not a JSON key
		}
		return i + 1
	}
	nx := i + 1
	for nx < b && m[nx] == ' ' {
		nx++
	}
	if nx >= b || m[nx] == ',' || m[nx] == '}' || m[nx] == ']' || m[nx] == ';' {
		return i
	}
	return -1
}

// shoutedNotice returns the length of an angle-bracketed notice at the
// start of s: two or more words in capitals and nothing else ("<NOW
// ENTERING DEVELOPER MODE>", "<SYSTEM MODE>"), which no markup language
// writes (an element's attributes have values or are single known names),
// or 0.
func shoutedNotice(s string) int {
	words, letters := 0, 0
	inWord := false
	for i := 1; i < len(s) && i < 80; i++ {
		c := s[i]
		switch {
		case c == '>':
			if words >= 2 && letters >= 8 {
				return i + 1
			}
			return 0
		case c >= 'A' && c <= 'Z':
			letters++
			if !inWord {
				words++
			}
			inWord = true
		case c == ' ' || c == '_':
			inWord = false
		case c >= '0' && c <= '9' || c == '!' || c == ':':
		default:
			return 0
		}
	}
	return 0
}

// markerByte reports whether an ASCII byte can start a turn marker:
// brackets, '#', '-' and letters (turnStart decides).
func markerByte(c rune) bool {
	return c == '<' || c == '[' || c == '{' || c == '#' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// fullStop reports whether r ends a sentence without a space after it,
// as the ideographic and fullwidth stops do.
func fullStop(r rune) bool {
	switch r {
	case '。', '！', '？', '．':
		return true
	}
	return false
}

func sentenceEnd(r rune) bool {
	switch r {
	case '.', '!', '?', '。', '！', '？', '．', '…':
		return true
	}
	return false
}

// abbreviation reports whether the '.' at m[i] ends an abbreviation, an
// initial or a number rather than a sentence.
func abbreviation(m string, a, i int, r rune) bool {
	if r != '.' {
		return false
	}
	j := i
	for j > a && (m[j-1] >= 'a' && m[j-1] <= 'z' || m[j-1] >= 'A' && m[j-1] <= 'Z') {
		j--
	}
	w := strings.ToLower(m[j:i])
	if len(w) == 1 {
		return true
	}
	switch w {
	case "e.g", "i.e", "etc", "vs", "dr", "mr", "mrs", "ms", "no", "fig", "cf", "approx", "inc", "ltd", "jr", "sr", "st", "eg", "ie":
		return true
	}
	return j > a && m[j-1] == '.'
}

// lowerNext reports whether the next word after m[e] starts with a
// lower-case letter, so that the '.' before it does not end a sentence
// ("see the docs. for details" is one, an abbreviation the list misses).
func lowerNext(m string, e, b int) bool {
	for e < b && isSpaceByte(m[e]) {
		e++
	}
	if e >= b {
		return false
	}
	r, _ := utf8.DecodeRuneInString(m[e:])
	return unicode.IsLower(r)
}

// hasLetterOrDigit reports whether s holds a letter or a digit.
func hasLetterOrDigit(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}
