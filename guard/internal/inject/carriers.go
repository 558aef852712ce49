package inject

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// span is a byte range [start, end) of the analysed text.
type span struct{ start, end int }

func (s span) contains(a, b int) bool { return a >= s.start && b <= s.end }
func (s span) overlaps(a, b int) bool { return a < s.end && b > s.start }

// lineEnd returns the offset of the line break that ends the line
// starting at s[ls], or len(s).
func lineEnd(s string, ls int) int {
	if i := strings.IndexByte(s[ls:], '\n'); i >= 0 {
		return ls + i
	}
	return len(s)
}

// within reports whether [a, b) lies inside one of spans, which are
// sorted and do not overlap. It costs a binary search.
func within(spans []span, a, b int) bool {
	k := sort.Search(len(spans), func(i int) bool { return spans[i].end > a })
	return k < len(spans) && spans[k].contains(a, b)
}

// touches reports whether [a, b) overlaps one of spans, which are sorted
// and do not overlap.
func touches(spans []span, a, b int) bool {
	k := sort.Search(len(spans), func(i int) bool { return spans[i].end > a })
	return k < len(spans) && spans[k].overlaps(a, b)
}

// carrierKind is where a carrier hides its text.
type carrierKind uint8

const (
	carrierComment   carrierKind = iota + 1 // <!-- ... -->, [//]: # (...)
	carrierAttribute                        // alt, title, aria-label, ... of an element
	carrierHidden                           // the text of an element styled invisible
	carrierURL                              // a URL attribute (src, href, ...): judged for payloads only
	carrierScript                           // the text of <script>, <style>, <template>
)

// carrier is text that a reader of the rendered page does not see as
// running text: cut is the span removed when the text is judged
// injected, text what is judged.
type carrier struct {
	kind carrierKind
	cut  span
	text string
}

// findCode returns the fenced code blocks and inline code spans of s in
// order. Inline code spans are matched within a line, a run of n
// backticks closing at the next run of exactly n; the matching is
// linear in the number of runs.
func findCode(s string) (fences, inline []span) {
	if !strings.ContainsAny(s, "`~") {
		return nil, nil
	}
	var runs []span // backtick runs of the current line
	inFence, fenceStart, fenceChar, fenceLen := false, 0, byte(0), 0
	for ls := 0; ls < len(s); {
		le := lineEnd(s, ls)
		line := s[ls:le]
		t := strings.TrimLeft(line, " ")
		indent := len(line) - len(t)
		if c, n := fenceOpen(t); indent < 4 && n >= 3 {
			switch {
			case !inFence:
				inFence, fenceStart, fenceChar, fenceLen = true, ls, c, n
			case c == fenceChar && n >= fenceLen && strings.TrimSpace(t[n:]) == "":
				fences = append(fences, span{fenceStart, min(len(s), le+1)})
				inFence = false
			}
		} else if !inFence && strings.IndexByte(line, '`') >= 0 {
			if n := strings.Count(line, "`"); cap(runs) < n {
				runs = make([]span, 0, n)
			}
			runs = backtickRuns(s, ls, le, runs[:0])
			inline = matchRuns(runs, inline)
		}
		ls = le + 1
	}
	if inFence {
		fences = append(fences, span{fenceStart, len(s)})
	}
	return fences, inline
}

// indentedCode returns the indented code blocks of s: runs of lines
// indented by four spaces or a tab that follow a blank line, outside
// fences.
func indentedCode(s string, fences []span) []span {
	if !strings.Contains(s, "\n    ") && !strings.Contains(s, "\n\t") && !strings.HasPrefix(s, "    ") && !strings.HasPrefix(s, "\t") {
		return nil
	}
	var out []span
	prevBlank, in := true, false
	for ls := 0; ls < len(s); {
		le := lineEnd(s, ls)
		line := s[ls:le]
		blankLine := strings.TrimSpace(line) == ""
		code := !blankLine && (strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t")) && (prevBlank || in)
		if within(fences, ls, le) {
			code = false
		}
		switch {
		case code && in:
			out[len(out)-1].end = min(len(s), le+1)
		case code:
			out = append(out, span{ls, min(len(s), le+1)})
		}
		in = code || in && blankLine
		prevBlank = blankLine
		ls = le + 1
	}
	return out
}

// fenceOpen returns the fence character and the length of the run of it
// that opens t, or 0 when t does not open with ``` or ~~~.
func fenceOpen(t string) (byte, int) {
	if t == "" || (t[0] != '`' && t[0] != '~') {
		return 0, 0
	}
	n := 0
	for n < len(t) && t[n] == t[0] {
		n++
	}
	return t[0], n
}

func backtickRuns(s string, a, b int, dst []span) []span {
	for i := a; i < b; {
		if s[i] != '`' {
			i++
			continue
		}
		j := i
		for j < b && s[j] == '`' {
			j++
		}
		dst = append(dst, span{i, j})
		i = j
	}
	return dst
}

// matchRuns pairs each backtick run with the next run of the same length
// and appends the code spans between them (delimiters included) to dst.
func matchRuns(runs []span, dst []span) []span {
	// next[i] is the index of the next run with the same length as run i;
	// runs longer than 15 backticks close nothing.
	next := make([]int, len(runs))
	var last [16]int
	for k := range last {
		last[k] = -1
	}
	for i := len(runs) - 1; i >= 0; i-- {
		n := runs[i].end - runs[i].start
		if n >= len(last) {
			next[i] = -1
			continue
		}
		next[i], last[n] = last[n], i
	}
	for i := 0; i < len(runs); {
		j := next[i]
		if j < 0 {
			i++
			continue
		}
		dst = append(dst, span{runs[i].start, runs[j].end})
		i = j + 1
	}
	return dst
}

// mdComments finds link reference definitions, the lines a markdown
// renderer shows nothing of ("[//]: # (a comment)", `[x]: <> "note"`,
// "[1]: https://example.org "title""), and returns their titles as
// comment carriers cutting the whole line.
func mdComments(s string, dst []carrier) []carrier {
	if !strings.Contains(s, "]:") {
		return dst
	}
	for ls := 0; ls < len(s); {
		le := lineEnd(s, ls)
		t := strings.TrimLeft(s[ls:le], " ")
		if len(s[ls:le])-len(t) < 4 && strings.HasPrefix(t, "[") {
			if title, ok := refTitle(t); ok {
				dst = append(dst, carrier{kind: carrierComment, cut: span{ls, min(len(s), le+1)}, text: title})
			}
		}
		ls = le + 1
	}
	return dst
}

// refTitle parses "[label]: destination title" and returns the title
// (in quotes or parentheses), or the destination when it is "#" or "<>"
// and the rest of the line is free text.
func refTitle(t string) (string, bool) {
	close := strings.Index(t, "]:")
	if close < 1 || strings.ContainsAny(t[1:close], "[]") {
		return "", false
	}
	rest := strings.TrimLeft(t[close+2:], " \t")
	// The destination: <...> or a run without spaces.
	dest := ""
	if strings.HasPrefix(rest, "<") {
		e := strings.IndexByte(rest, '>')
		if e < 0 {
			return "", false
		}
		dest, rest = rest[:e+1], rest[e+1:]
	} else {
		e := strings.IndexAny(rest, " \t")
		if e < 0 {
			e = len(rest)
		}
		dest, rest = rest[:e], rest[e:]
	}
	if dest == "" {
		return "", false
	}
	rest = strings.TrimSpace(rest)
	if len(rest) >= 2 {
		switch o, c := rest[0], rest[len(rest)-1]; {
		case o == '"' && c == '"', o == '\'' && c == '\'', o == '(' && c == ')':
			return rest[1 : len(rest)-1], true
		}
	}
	if (dest == "#" || dest == "<>") && rest != "" {
		return rest, true
	}
	return "", false
}

// invisibleRuns returns the spans of s made of characters a reader does
// not see and that carry or reorder text: Unicode tag characters
// (U+E0000–U+E007F, "ASCII smuggling"), bidi embedding, override and
// isolate controls (U+202A–U+202E, U+2066–U+2069), and runs of four or
// more zero-width characters (a binary code in the gaps between
// letters). A single zero-width character inside a word is left to
// normalisation, which removes it before judging.
func invisibleRuns(s string, dst []span) []span {
	if isASCII(s) {
		return dst
	}
	zwStart, zwCount := -1, 0
	flushZW := func(end int) {
		if zwCount >= 4 {
			dst = append(dst, span{zwStart, end})
		}
		zwStart, zwCount = -1, 0
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case zeroWidth(r):
			if zwStart < 0 {
				zwStart = i
			}
			zwCount++
		case r >= 0xE0000 && r <= 0xE007F, r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
			flushZW(i)
			j := i + n
			for j < len(s) {
				r2, n2 := utf8.DecodeRuneInString(s[j:])
				if !(r2 >= 0xE0000 && r2 <= 0xE007F || r2 >= 0x202A && r2 <= 0x202E || r2 >= 0x2066 && r2 <= 0x2069) {
					break
				}
				j += n2
			}
			if k := len(dst) - 1; k >= 0 && dst[k].end == i {
				dst[k].end = j
			} else {
				dst = append(dst, span{i, j})
			}
			i = j
			continue
		default:
			flushZW(i)
		}
		i += n
	}
	flushZW(len(s))
	return dst
}

func zeroWidth(r rune) bool {
	switch r {
	case 0x200B, 0x200C, 0x200D, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF, 0x180E, 0x034F:
		return true
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// blank overwrites b[a:e] with spaces, keeping line breaks, so that
// offsets into the masked text stay offsets into the original.
func blank(b []byte, a, e int) {
	for i := a; i < e && i < len(b); i++ {
		if b[i] != '\n' {
			b[i] = ' '
		}
	}
}
