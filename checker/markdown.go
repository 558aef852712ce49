package checker

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/wardline/wardline/internal/mdcost"
	"github.com/wardline/wardline/internal/swar"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// The markdown rule: a field must parse as one paragraph of plain text.
// Fields are parsed with goldmark (CommonMark plus the GFM table and
// strikethrough extensions; no linkify, so a bare URL stays text) only when
// a cheap scan finds a character that could start markdown. Renderer
// constructs that are really plain-text idioms are not formatting:
// intraword or punctuation-led emphasis delimiters (2*3, snake_case, globs
// such as **/*.md and vendor/**), double-underscore identifiers
// (__init__) and an HTML-looking tag glued to a word (Option<String>).

var mdParser = sync.OnceValue(func() parser.Parser {
	return goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough)).Parser()
})

// markdownReason returns what makes s render as more than plain text, or ""
// when it is plain. It never quotes s.
func markdownReason(s string) string {
	if !mdSuspect(s) {
		return ""
	}
	return markdownChecked(s)
}

// markdownChecked is markdownReason without the pre-scan: markdownParse,
// unless mdcost finds that s would cost goldmark more than a few steps a
// byte (glued link openers such as "![a](![a](..."). Then s fails closed
// as markup; no text of the corpora comes near (mdcost's
// TestBudgetFitsCorpora), and a field that holds real markup among such
// syntax is blocked as before (TestMarkdownTooCostlyFailsClosed).
func markdownChecked(s string) string {
	if mdcost.TooCostly(s) {
		return "markup too costly to parse"
	}
	if orderedListLine(s) {
		return "a list"
	}
	if blockQuoteFirst(s) {
		return "a block quote"
	}
	if codeSpanFirst(s) {
		return "a code span"
	}
	return markdownParse(s)
}

// codeSpanFirst reports whether s is one line that opens with a code span:
// a run of n backticks at its start and, later, another run of exactly n
// (CommonMark 6.1). The line is then one paragraph (no block opens with a
// backtick but a fence, and a fence's info string holds no backtick), the
// span is its first inline node, and markdownParse reports "a code span"
// whatever follows; goldmark would first build every node of the line
// (fields of "` " repeated: a code span every four bytes).
// TestCodeSpanFirst compares it with goldmark.
func codeSpanFirst(s string) bool {
	if s == "" || s[0] != '`' || strings.ContainsAny(s, "\n\r") {
		return false
	}
	n := 0
	for n < len(s) && s[n] == '`' {
		n++
	}
	for i := n; i < len(s); {
		if s[i] != '`' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] == '`' {
			j++
		}
		if j-i == n {
			return true
		}
		i = j
	}
	return false
}

// blockQuoteFirst reports whether s opens with a block quote marker (up
// to three spaces and '>', CommonMark 5.1) and holds no '[', which a link
// reference definition, the one thing markdownParse reports before the
// first block, needs: markdownParse then reports "a block quote" whatever
// follows, and goldmark nests a quote in the quote for every further '>'
// ("> > > ..."), at a cost per level. TestBlockQuoteFirst compares it
// with goldmark.
func blockQuoteFirst(s string) bool {
	i := 0
	for i < 3 && i < len(s) && s[i] == ' ' {
		i++
	}
	return i < len(s) && s[i] == '>' && strings.IndexByte(s, '[') < 0
}

// orderedListLine reports whether s is one line that opens an ordered
// list, which markdownParse reports as "a list" whatever follows the
// marker: up to three spaces, one to nine digits, '.' or ')', then a
// space, a tab or the end (CommonMark 5.2; a tab before the digits would
// make an indented code block). A '[' could open a link reference
// definition inside the item, which markdownParse reports first: s holds
// none. goldmark nests a list in the item for every further marker
// ("1. 1. 1. ..."), at a cost per level; the answer is known without it.
// TestOrderedListLine compares it with goldmark.
func orderedListLine(s string) bool {
	if strings.ContainsAny(s, "\n\r[") {
		return false
	}
	i := 0
	for i < 3 && i < len(s) && s[i] == ' ' {
		i++
	}
	d := i
	for i < len(s) && i-d < 10 && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	if n := i - d; n < 1 || n > 9 || i == len(s) || s[i] != '.' && s[i] != ')' {
		return false
	}
	i++
	return i == len(s) || s[i] == ' ' || s[i] == '\t'
}

// markdownParse runs goldmark on s and returns what makes it render as
// more than plain text, or "".
func markdownParse(s string) string {
	src := []byte(s)
	pc := parser.NewContext()
	doc := mdParser().Parse(text.NewReader(src), parser.WithContext(pc))
	if len(pc.References()) > 0 {
		return "a link reference definition"
	}
	first := doc.FirstChild()
	if first == nil {
		return ""
	}
	if first.NextSibling() != nil || first.Kind() != ast.KindParagraph {
		b := first
		if b.Kind() == ast.KindParagraph {
			b = first.NextSibling()
		}
		return blockName(b)
	}
	reason := ""
	_ = ast.Walk(first, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || n == first {
			return ast.WalkContinue, nil
		}
		switch n.Kind() {
		case ast.KindText:
			if n.(*ast.Text).HardLineBreak() {
				reason = "a hard line break"
			}
		case ast.KindString:
		case ast.KindEmphasis, east.KindStrikethrough:
			if delimitsWords(n, src) {
				if n.Kind() == east.KindStrikethrough {
					reason = "strikethrough"
				} else {
					reason = "emphasis"
				}
			}
		case ast.KindRawHTML:
			if segs := n.(*ast.RawHTML).Segments; segs.Len() > 0 {
				seg := segs.At(0)
				if start := seg.Start; start > 0 && isWordByte(src, start) && !htmlElement(src[seg.Start:seg.Stop]) {
					return ast.WalkSkipChildren, nil // Option<String>
				}
			}
			reason = "an HTML tag"
		case ast.KindCodeSpan:
			reason = "a code span"
		case ast.KindLink:
			reason = "a link"
		case ast.KindImage:
			reason = "an image"
		case ast.KindAutoLink:
			reason = "an autolink"
		default:
			reason = "inline markup"
		}
		if reason != "" {
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	return reason
}

func blockName(n ast.Node) string {
	switch n.Kind() {
	case ast.KindHeading:
		return "a heading"
	case ast.KindList, ast.KindListItem:
		return "a list"
	case ast.KindBlockquote:
		return "a block quote"
	case ast.KindCodeBlock, ast.KindFencedCodeBlock:
		return "a code block"
	case ast.KindHTMLBlock:
		return "an HTML block"
	case ast.KindThematicBreak:
		return "a thematic break"
	case east.KindTable:
		return "a table"
	case ast.KindParagraph:
		return "more than one paragraph"
	default:
		return "block markup"
	}
}

// isWordByte reports whether the rune ending just before src[i] is a letter
// or digit.
func isWordByte(src []byte, i int) bool {
	r, _ := utf8.DecodeLastRune(src[:i])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// delimitsWords decides whether an emphasis or strikethrough node formats
// words: its opening delimiter follows a non-word character, its content
// opens with a letter, digit or quote, and its closing delimiter is not
// followed by a word character. __identifier__ is a dunder name.
func delimitsWords(n ast.Node, src []byte) bool {
	start, end := -1, -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			if start < 0 {
				start = t.Segment.Start
			}
			end = t.Segment.Stop
		}
		return ast.WalkContinue, nil
	})
	if start <= 0 || end < start || end > len(src) {
		return true // no text to judge by: treat as markup
	}
	delim := src[start-1]
	open := start
	for open > 0 && src[open-1] == delim {
		open--
	}
	if open > 0 && isWordByte(src, open) {
		return false // intraword: 2*3 and 4*5
	}
	first, _ := utf8.DecodeRune(src[start:])
	if !unicode.IsLetter(first) && !unicode.IsDigit(first) && !strings.ContainsRune("\"'(\u201c\u2018", first) {
		return false // glob or path: **/*.go
	}
	close := end
	for close < len(src) && src[close] == delim {
		close++
	}
	if close < len(src) {
		if r, _ := utf8.DecodeRune(src[close:]); unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	if delim == '_' && start-open >= 2 && isIdent(src[start:end]) {
		return false // __init__
	}
	return true
}

func isIdent(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	for _, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// mdSuspect is the cheap pre-scan: false means s cannot parse as anything
// but one plain paragraph, so markdownReason would return "" without
// running goldmark. It is sound for goldmark v1.8 as mdParser configures
// it (CommonMark, GFM tables and strikethrough; no linkify, no
// typographer), because every construct markdownReason reports needs one
// of the bytes mdScan looks for:
//
//   - Blocks other than a paragraph open only at the start of a line, and
//     without '\n' or '\r' s has one line (goldmark splits lines at '\n';
//     '\r' is suspect as CommonMark also ends lines there). At its start,
//     after up to three spaces, they need: a fourth space or a tab
//     (indented code, CommonMark 4.4), or a block parser's trigger byte:
//     '#' (ATX heading), '>' (block quote), '-' '+' '*' (bullet list,
//     thematic break), '_' (thematic break), '=' (setext underline), a
//     run of digits then '.' or ')' (ordered list; goldmark's list
//     trigger bytes are '-' '+' '*' and the digits), '`' '~' (fenced code),
//     '<' (HTML block, below). Setext headings, GFM tables (goldmark's
//     table extension is a paragraph transformer that looks for a
//     delimiter row only in a paragraph of two lines or more: a '|'
//     opening the one line starts nothing), "more than one paragraph"
//     and hard line breaks (CommonMark 6.7) need a second line; a link
//     reference definition is below.
//   - Inline nodes other than text come only from goldmark's inline
//     parsers, which run only at their trigger bytes: '`' (code span),
//     '<' (autolink, raw HTML), '[' '!' ']' (link, image; '!' and ']' do
//     nothing without a '['), '*' '_' (emphasis), '~' (strikethrough).
//     Backslash escapes and entity references stay text.
//   - '<' starts raw HTML (CommonMark 6.6) only before a letter, '/', '!'
//     or '?'; an autolink (6.5) only before a scheme (a letter) or an
//     e-mail local part (letters, digits, .!#$%&'*+/=?^_`{|}~-); an HTML
//     block (4.6) only before a tag name, '/', '!' or '?'. So '<' before a
//     space, a tab or the end of s starts nothing ("a < b"). Raw HTML and
//     autolinks also end at a '>' (goldmark's tag expressions, and its
//     comment, processing-instruction, declaration and CDATA forms, read
//     up to "-->", "?>", ">" or "]]>"), and so does an HTML block of type
//     7; in a string without '>' only an HTML block of types 1 to 6 can
//     open, at the start of the line (at most three spaces before it:
//     one line here) and before '!', '?', '/' or the name of a tag of
//     types 1 and 6 (htmlBlockTag). Any other '<' is suspect.
//   - '[' becomes a link or image (6.3) only at a ']' directly followed
//     by '(' (an inline link) or whose label names a link reference
//     definition, and a definition (4.7) is a label directly followed by
//     ':'. goldmark resolves labels only against the definitions of the
//     same parse (a fresh parser.Context; no footnote or task-list
//     extension), so a '[' with neither "](" nor "]:" after it stays text
//     ("[INST]", "[0-9]+", "[1]"); and an inline link ends at a ')', so
//     "](" without a ')' after it closes none ("![a]( ![a]( ...").
//   - An emphasis or strikethrough node reports only when delimitsWords
//     says it formats words, which is never when the character before its
//     opening delimiter run is a letter or digit (intraword: 2*3,
//     snake_case, a~b). Such a run can open only when the next character
//     is neither space nor punctuation (CommonMark 6.2, left-flanking),
//     so the node's first text follows the run directly and delimitsWords
//     sees that letter or digit. Hence '*', '_' and '~' are suspect only
//     when not preceded by a letter or digit (the same test, isWordByte).
//     Emphasis and strikethrough also need a closing run of the same
//     character, which is right-flanking: not after white space; and a
//     node that a run opens holds first the text after the run, which
//     delimitsWords refuses when it starts with punctuation no inline
//     parser triggers on. So a '*', '_' or '~' is suspect only when a
//     later one like it follows a byte other than ASCII white space
//     (delimCloser) and its run is followed by neither white space nor
//     such punctuation (delimFollowsSafe); or when it opens a fence
//     ("~~~") or, alone on the line with spaces, a thematic break
//     ("___"; '*' at the start of the line is suspect as a list marker).
//     A string that these refinements alone spare (or the ')' one for
//     links, below) stays suspect when mdcost finds it too costly, which
//     markdownChecked reports as markup whatever goldmark would find.
//   - Everything else is text: a byte mdClass leaves at 0 triggers no
//     parser.
//
// TestMdSuspectIsSound compares it with goldmark on the corpora and
// FuzzMarkdownReason on arbitrary strings.
func mdSuspect(s string) bool {
	suspect, _ := mdScan(s)
	return suspect
}

// mdClass sorts bytes for mdScan: mdAlways is suspect anywhere, mdDelim
// (emphasis and strikethrough delimiters) when not preceded by a letter or
// digit, mdLT ('<') when not followed by a space, a tab or the end, and
// mdBracket ('[') when "]:", or "](" and then a ')', follows (linkCloser); mdNotPlain is not printable
// ASCII, tab or a line ending.
var mdClass = func() (t [256]uint8) {
	for c := 0; c < 0x20; c++ {
		t[c] = mdNotPlain
	}
	for c := 0x7f; c < 0x100; c++ {
		t[c] = mdNotPlain
	}
	t['\t'] = 0
	for _, c := range []byte("`\n\r") {
		t[c] = mdAlways
	}
	t['<'], t['['] = mdLT, mdBracket
	for _, c := range []byte("*_") {
		t[c] = mdDelim
	}
	t['~'] = mdTilde
	return t
}()

const (
	mdAlways = 1 + iota
	mdDelim
	mdLT
	mdBracket
	mdNotPlain
	mdTilde
)

// mdState is what mdScan carries from byte to byte.
type mdState struct {
	// gt is 1 when s holds a '>', 2 when it does not, 0 until a '<'
	// asks.
	gt    uint8
	plain bool
	// noLink: a '[' was seen and linkCloser found no close after it (nor, then,
	// any later '[').
	noLink bool
	// defs is 1 when s may open with a link reference definition
	// (mayDefine), 2 when it cannot, 0 until a '[' asks.
	defs uint8
	// spared: a delimiter or a "](" that mdScan took for suspect before
	// delimCloser, delimFollowsSafe and linkCloser's ')' was found to
	// format nothing (see mdScan's end).
	spared bool
	// runEnd is the end of the last delimiter run delimFollowsSafe read,
	// runSafe its answer.
	runEnd  int
	runSafe bool
	// closer holds, for '*', '_' and '~', the index of the last one that
	// may close emphasis or a strikethrough, -1 when there is none, 0
	// until delimCloser asks.
	closer [3]int
}

// mdScan is mdSuspect and plainASCII in one pass over s.
func mdScan(s string) (suspect, plain bool) {
	st := mdState{plain: true}
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if !mdStop8(swar.Load8(s, i)) {
			continue // eight bytes of class 0
		}
		for k := i; k < i+8; k++ {
			if mdByte(s, k, &st) {
				return true, st.plain && plainASCII(s[k+1:])
			}
		}
	}
	for ; i < len(s); i++ {
		if mdByte(s, i, &st) {
			return true, st.plain && plainASCII(s[i+1:])
		}
	}
	// A string that only the refinements for delimiters and link
	// destinations spared is still suspect when markdownChecked would
	// report it as too costly to parse, as it did before them.
	return blockStart(s) || st.spared && mdcost.TooCostly(s), st.plain
}

// blockStart reports whether s opens with what may start a block other
// than a paragraph: after at most three spaces, white space, '#', '>',
// '-', '+', '*' or '=', or digits and then '.' or ')'.
func blockStart(s string) bool {
	t := s
	for k := 0; k < 3 && len(t) > 0 && t[0] == ' '; k++ {
		t = t[1:]
	}
	if len(t) == 0 {
		return false
	}
	switch t[0] {
	case ' ', '\t', '#', '>', '-', '+', '*', '=':
		return true
	}
	k := 0
	for k < len(t) && k < 10 && t[k] >= '0' && t[k] <= '9' {
		k++
	}
	return k > 0 && k < len(t) && (t[k] == '.' || t[k] == ')')
}

// mdByte classifies s[i] for mdScan: it reports whether the byte makes s
// suspect and clears st.plain at a byte plainASCII rejects.
func mdByte(s string, i int, st *mdState) bool {
	switch mdClass[s[i]] {
	case mdNotPlain:
		st.plain = false
	case mdAlways:
		return true
	case mdDelim, mdTilde:
		if i > 0 && precededByWord(s, i) {
			return false // intraword: 2*3, snake_case, a~b
		}
		switch {
		case s[i] == '_' && strings.TrimLeft(s[:i], " ") == "" && strings.Trim(s, "_ \t") == "":
			return true // a thematic break ("___", "_ _ _"); '*' opens one, or a list, where blockStart looks
		case s[i] == '~' && i <= 3 && strings.TrimLeft(s[:i], " ") == "" && strings.HasPrefix(s[i:], "~~~"):
			return true // a fence: "~~~" after at most three spaces
		case !st.delimFollowsSafe(s, i) && st.delimCloser(s, i+1):
			return true
		}
		st.spared = true
		return false
	case mdLT:
		if i+1 >= len(s) || s[i+1] == ' ' || s[i+1] == '\t' {
			return false
		}
		if st.gt == 0 {
			st.gt = 2
			if strings.IndexByte(s, '>') >= 0 {
				st.gt = 1
			}
		}
		return st.gt == 1 || htmlBlockStart(s, i)
	case mdBracket:
		if st.noLink {
			return false
		}
		if st.defs == 0 {
			st.defs = 2
			if mayDefine(s) {
				st.defs = 1
			}
		}
		switch linkCloser(s[i+1:], st.defs == 1) {
		case linkMay:
			return true
		case linkOpenDest:
			st.spared = true // no link ("![a]( ![a]( ..."), but see mdScan
		}
		if st.defs == 2 && strings.Contains(s[i+1:], "]:") {
			st.spared = true // no definition to refer to, but see mdScan
		}
		st.noLink = true
	}
	return false
}

// delimFollowsSafe reports whether the run of s[i] ('*', '_' or '~')
// through s[i] is followed by the end of s or by a byte in delimSafe:
// white space (then the run cannot open) or ASCII punctuation that no
// inline parser of mdParser triggers on and that delimitsWords does not
// take for the start of words ("~/~/", "_: _:"). Emphasis or a
// strikethrough that the run opens then holds first a text that starts
// with that byte, and delimitsWords refuses it.
// Every byte of a run has the answer of its first, which st keeps, so
// that a long run ("*****...") is read once.
func (st *mdState) delimFollowsSafe(s string, i int) bool {
	if i < st.runEnd {
		return st.runSafe
	}
	c, j := s[i], i
	for j < len(s) && s[j] == c {
		j++
	}
	st.runEnd, st.runSafe = j, j == len(s) || delimSafe[s[j]]
	return st.runSafe
}

var delimSafe = byteSet(" \t\n\r/.,;:-+=%^#?@)")

// byteSet returns the table of the bytes of chars.
func byteSet(chars string) (t [256]bool) {
	for i := 0; i < len(chars); i++ {
		t[chars[i]] = true
	}
	return t
}

// delimCloser reports whether s[i:] (i > 0) may hold a delimiter like
// s[i-1] ('*', '_' or '~') that closes emphasis or a strikethrough: one
// after a byte other than ASCII white space (a closing delimiter run is
// right-flanking, and a character before it that is not ASCII is taken
// to be no space). Without one, the delimiter opens nothing ("~/ ~/",
// "_pub: _pub:"), as a node needs an opener and a closer. The last such
// delimiter of s is found once per scan.
func (st *mdState) delimCloser(s string, i int) bool {
	c := s[i-1]
	d := strings.IndexByte("*_~", c)
	if st.closer[d] == 0 {
		st.closer[d] = -1
		for k := len(s) - 1; k > 0; k-- {
			if s[k] != c {
				continue
			}
			switch s[k-1] {
			case ' ', '\t', '\n', '\r', '\f', '\v':
				continue
			}
			st.closer[d] = k
			break
		}
	}
	return st.closer[d] >= i
}

// htmlBlockStart reports whether the '<' at s[i] may open an HTML block
// without a '>' in s (types 1 to 6 of goldmark's html_block.go): at the
// start of the line (s[:i] at most three spaces; mdScan has found no line
// break before i) and before '!' (types 2, 4, 5), '?' (type 3), '/' (a
// closing tag of type 6) or a tag name that type 1 or 6 lists.
func htmlBlockStart(s string, i int) bool {
	if i > 3 || strings.TrimLeft(s[:i], " ") != "" {
		return false
	}
	switch c := s[i+1]; {
	case c == '!' || c == '?' || c == '/':
		return true
	case !('a' <= c|0x20 && c|0x20 <= 'z'):
		return false
	}
	j := i + 1 // the tag name: s[i+1:j]
	for j < len(s) && (isAlnumByte(s[j]) || s[j] == '-') {
		j++
	}
	var buf [16]byte
	if j-i-1 > len(buf) {
		return false // longer than any tag listed
	}
	name := buf[:0]
	for _, c := range []byte(s[i+1 : j]) {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		name = append(name, c)
	}
	return mdcost.HTMLBlockTag(string(name))
}

func isAlnumByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// linkCloser reports whether s may close a link or image a '[' before it
// opened (linkMay): s holds "]:" and the text defines links (defs: a
// reference definition, which any reference link needs) or "](" with a
// ')' after it (an inline link ends at one); or holds "](" and no ')'
// after it (linkOpenDest: an inline link's destination that nothing
// closes, no link); or neither (linkNo).
func linkCloser(s string, defs bool) int {
	if defs && strings.Contains(s, "]:") {
		return linkMay
	}
	j := strings.Index(s, "](")
	switch {
	case j < 0:
		return linkNo
	case strings.IndexByte(s[j+2:], ')') >= 0:
		return linkMay
	}
	return linkOpenDest
}

// mayDefine reports whether s, read as one line (mdScan reports a line
// ending before it matters), may open with a link reference definition
// as goldmark v1.8 parses one (parser/link_ref.go): after white space, a
// '[' and a label that its first unescaped ']' closes (an unescaped '['
// before it ends the search: FindClosure without nesting), then ':',
// white space, a destination (a run up to white space or an unbalanced
// ')', or "<...>"; never empty) and then nothing but white space, or
// white space and a title's opening '"', '\” or '('. In one line
// nothing else can define a link, so without a definition a '[' that no
// "](" follows stays text: "[^1]: [^1]: ..." (a destination "[^1]:" and
// more text after it) defines nothing and is not parsed.
func mayDefine(s string) bool {
	t := strings.TrimLeft(s, " \t")
	if t == "" || t[0] != '[' {
		return false
	}
	k := 1
	for ; k < len(t); k++ {
		c := t[k]
		if c == '\\' && k+1 < len(t) && isASCIIPunct(t[k+1]) {
			k++
			continue
		}
		if c == '[' {
			return false
		}
		if c == ']' {
			break
		}
	}
	if k+1 >= len(t) || t[k+1] != ':' {
		return false
	}
	rest := strings.TrimLeft(t[k+2:], " \t")
	e := destinationEnd(rest)
	if e <= 0 {
		return false // no destination
	}
	after := rest[e:]
	trimmed := strings.TrimLeft(after, " \t")
	if trimmed == "" {
		return true
	}
	c := trimmed[0]
	return (c == '"' || c == '\'' || c == '(') && len(trimmed) < len(after)
}

// destinationEnd returns where goldmark's parseLinkDestination stops
// reading a link destination at the start of s: after the '>' that
// closes "<...>", or at white space or a ')' that no '(' opened; 0 or
// less when there is none.
func destinationEnd(s string) int {
	if s == "" {
		return 0
	}
	if s[0] == '<' {
		for i := 1; i < len(s); i++ {
			switch {
			case s[i] == '\\' && i+1 < len(s) && isASCIIPunct(s[i+1]):
				i++
			case s[i] == '>':
				return i + 1
			}
		}
		return -1
	}
	opened := 0
	i := 0
	for i < len(s) {
		c := s[i]
		if c == '\\' && i+1 < len(s) && isASCIIPunct(s[i+1]) {
			i += 2
			continue
		} else if c == '(' {
			opened++
		} else if c == ')' {
			if opened--; opened < 0 {
				break
			}
		} else if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' {
			break
		}
		i++
	}
	return i
}

// linkCloser's answers.
const (
	linkNo = iota
	linkMay
	linkOpenDest
)

// mdStop8 reports whether a word may hold a byte mdClass marks: a byte
// below 0x20 (tab too: a false alarm costs only a byte-wise look), at or
// above 0x7e ('~', DEL, non-ASCII), in '['..'`' (also '\\', ']' and '^'),
// '<' or '*'. It never misses one (TestMdStop8); see strStop8 for the
// arithmetic. between is the "m < byte < n" test of the bit-twiddling
// hacks, exact for existence on bytes below 0x80.
func mdStop8(w uint64) bool {
	const low7 = 0x7f * swar.Lsb8
	x := w & low7
	less := (w - 0x20*swar.Lsb8) &^ w
	more := (w + (0x7f-0x7d)*swar.Lsb8) | w
	between := ((0x7f+0x61)*swar.Lsb8 - x) &^ w & (x + (0x7f-0x5a)*swar.Lsb8) // 0x5a < byte < 0x61
	lt := w ^ ('<' * swar.Lsb8)
	st := w ^ ('*' * swar.Lsb8)
	return (less|more|between|(lt-swar.Lsb8)&^lt|(st-swar.Lsb8)&^st)&swar.Msb8 != 0
}

// precededByWord reports whether the rune ending just before s[i] is a
// letter or digit (the same test delimitsWords applies).
func precededByWord(s string, i int) bool {
	c := s[i-1]
	if c < utf8.RuneSelf {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// htmlElement reports whether tag, a raw HTML tag as goldmark found it,
// is HTML rather than type syntax glued to a word ("Option<String>",
// "Map<string, Entry>"): a comment, a closing tag, a tag with attributes,
// or an element of HTML written in lower case ("config<br>loader",
// "x<span>").
func htmlElement(tag []byte) bool {
	t := string(tag)
	if strings.HasPrefix(t, "<!--") || strings.HasPrefix(t, "</") {
		return true
	}
	name := strings.TrimPrefix(t, "<")
	end := strings.IndexAny(name, " \t\n/>")
	if end < 0 {
		return false
	}
	if rest := strings.TrimSpace(name[end:]); strings.Contains(rest, "=") {
		return true // attributes
	}
	_, ok := htmlElements[name[:end]]
	return ok
}

// htmlElements are the element names of HTML that text can carry.
var htmlElements = func() map[string]struct{} {
	m := map[string]struct{}{}
	for _, e := range strings.Fields(`a abbr address area article aside audio b base bdi bdo blockquote body br
		button canvas caption center cite code col colgroup data datalist dd del details dfn dialog div dl dt em
		embed fieldset figcaption figure font footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html i
		iframe img input ins kbd label legend li link main map mark marquee menu meta meter nav noscript object ol
		optgroup option output p param picture pre progress q rp rt ruby s samp script section select slot small
		source span strike strong style sub summary sup svg table tbody td template textarea tfoot th thead time
		title tr track tt u ul var video wbr xmp`) {
		m[e] = struct{}{}
	}
	return m
}()

// isASCIIPunct reports whether c is ASCII punctuation, which a backslash
// escapes (goldmark's util.IsPunct).
func isASCIIPunct(c byte) bool {
	return '!' <= c && c <= '/' || ':' <= c && c <= '@' || '[' <= c && c <= '`' || '{' <= c && c <= '~'
}
