package citation

import (
	"bytes"
	"sync"

	"github.com/yuin/goldmark"
	gast "github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// What goldmark tells us about a page's footnotes.
type pageNotes struct {
	defs      []noteDef
	refs      int       // resolved footnote references
	undefined []noteRef // "[^x]" with no definition
	uncited   []block   // prose blocks without a reference, and code and HTML blocks
}

// block is a block of the page body that the citation policy refuses.
type block struct {
	offset int  // byte offset of its first line in the body, -1 if unknown
	code   bool // a code or HTML block, which cannot carry a reference
}

type noteDef struct {
	label      string
	offset     int    // byte offset of the definition's text, -1 if unknown
	text       string // the definition's body, lines joined by '\n'
	paragraph  bool   // the body is exactly one paragraph
	referenced bool
}

type noteRef struct {
	label  string
	offset int
}

var notesKey = parser.NewContextKey()

// undefinedRef is the node our inline parser emits for "[^label]" that
// goldmark's footnote parser did not resolve (no such definition).
type undefinedRef struct {
	gast.BaseInline
	label  string
	offset int
}

var kindUndefinedRef = gast.NewNodeKind("CitationUndefinedRef")

func (n *undefinedRef) Kind() gast.NodeKind { return kindUndefinedRef }

func (n *undefinedRef) Dump(source []byte, level int) {
	gast.DumpHelper(n, source, level, map[string]string{"Label": n.label}, nil)
}

// undefinedRefParser runs right after goldmark's footnote parser (priority
// 101) and before the link parser (200): whatever "[^label]" the footnote
// parser left alone has no definition.
type undefinedRefParser struct{}

func (undefinedRefParser) Trigger() []byte { return []byte{'['} }

func (undefinedRefParser) Parse(parent gast.Node, block text.Reader, pc parser.Context) gast.Node {
	line, seg := block.PeekLine()
	if len(line) < 4 || line[0] != '[' || line[1] != '^' {
		return nil
	}
	end := bytes.IndexByte(line[2:], ']')
	if end <= 0 || end > 999 {
		return nil
	}
	label := line[2 : 2+end]
	if bytes.ContainsAny(label, " \t\r\n[^") {
		return nil
	}
	block.Advance(end + 3)
	return &undefinedRef{label: string(label), offset: seg.Start}
}

// collector runs before goldmark's footnote transformer (priority 999),
// which drops unreferenced definitions, and records every definition and
// reference in the parser context.
type collector struct{}

func (collector) Transform(doc *gast.Document, reader text.Reader, pc parser.Context) {
	src := reader.Source()
	notes := &pageNotes{}
	linked := map[int]bool{} // footnote indexes referenced from outside definitions
	var defIndex []int
	_ = gast.Walk(doc, func(n gast.Node, entering bool) (gast.WalkStatus, error) {
		if !entering {
			return gast.WalkContinue, nil
		}
		switch n.Kind() {
		case gast.KindParagraph, gast.KindTextBlock:
			if !cites(n) {
				notes.uncited = append(notes.uncited, block{offset: firstLine(n)})
			}
		case gast.KindCodeBlock, gast.KindFencedCodeBlock, gast.KindHTMLBlock:
			notes.uncited = append(notes.uncited, block{offset: firstLine(n), code: true})
		}
		switch n := n.(type) {
		case *extast.Footnote:
			d := noteDef{label: string(n.Ref), offset: -1}
			defIndex = append(defIndex, n.Index)
			if c := n.FirstChild(); c != nil && c.NextSibling() == nil && c.Kind() == gast.KindParagraph {
				d.paragraph = true
				lines := c.Lines()
				var b bytes.Buffer
				for i := 0; i < lines.Len(); i++ {
					s := lines.At(i)
					if i == 0 {
						d.offset = s.Start
					}
					b.Write(s.Value(src))
					b.WriteByte('\n')
				}
				d.text = b.String()
			}
			notes.defs = append(notes.defs, d)
			// References inside a definition (a quote that contains
			// "[^2]") neither cite nor make another definition referenced.
			return gast.WalkSkipChildren, nil
		case *extast.FootnoteLink:
			notes.refs++
			linked[n.Index] = true
		case *undefinedRef:
			notes.undefined = append(notes.undefined, noteRef{label: n.label, offset: n.offset})
		}
		return gast.WalkContinue, nil
	})
	for i := range notes.defs {
		notes.defs[i].referenced = defIndex[i] >= 0 && linked[defIndex[i]]
	}
	pc.Set(notesKey, notes)
}

// cites reports whether the block n holds a footnote reference (a
// resolved one, or one without a definition, which is reported as such).
func cites(n gast.Node) bool {
	found := false
	_ = gast.Walk(n, func(c gast.Node, entering bool) (gast.WalkStatus, error) {
		if entering && (c.Kind() == extast.KindFootnoteLink || c.Kind() == kindUndefinedRef) {
			found = true
			return gast.WalkStop, nil
		}
		return gast.WalkContinue, nil
	})
	return found
}

// firstLine returns the offset of a block's first line, or -1.
func firstLine(n gast.Node) int {
	if l := n.Lines(); l != nil && l.Len() > 0 {
		return l.At(0).Start
	}
	return -1
}

var markdown = sync.OnceValue(func() goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.Footnote),
		goldmark.WithParserOptions(
			parser.WithInlineParsers(util.Prioritized(undefinedRefParser{}, 102)),
			parser.WithASTTransformers(util.Prioritized(collector{}, 500)),
		),
	)
})

// parseNotes parses body (markdown without frontmatter) with goldmark and
// its footnote extension.
func parseNotes(body []byte) *pageNotes {
	pc := parser.NewContext()
	markdown().Parser().Parse(text.NewReader(body), parser.WithContext(pc))
	if n, ok := pc.Get(notesKey).(*pageNotes); ok {
		return n
	}
	return &pageNotes{}
}
