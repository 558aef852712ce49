package inject

import (
	"bytes"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// htmlResult is what the HTML pass finds in a text.
type htmlResult struct {
	tags     []span    // markup of known elements, comments and doctypes: masked before judging
	carriers []carrier // hidden text, comments, attributes, URLs, scripts
	hidden   []span    // the cut spans of hidden elements and scripts: masked before judging
	unknown  []tagPos  // tags of elements HTML does not define (<INFORMATION>, <system>)
	wrappers []wrapper // pairs of unknown tags and what they enclose
	breaks   []span    // tags of block elements, which end a paragraph where they stand
}

// tagPos is a tag of an element HTML does not define.
type tagPos struct {
	span
	name    string
	closing bool // a closing tag
}

// wrapper is an open and a close tag of the same unknown element, and
// everything between them.
type wrapper struct {
	span
	name string
}

// maxOpen bounds the element stack; deeper nesting is read as text.
const maxOpen = 256

type openElem struct {
	name   string
	start  int
	hidden bool // the element hides its content
	script bool // <script>, <style>, <template>: not rendered as text
	text   []string
}

// scanHTML reads s with the HTML tokenizer of golang.org/x/net/html and
// returns its markup, the carriers of text a reader does not see, and the
// tags of elements HTML does not define. Code spans and fences, which a
// markdown renderer shows literally, must already be blanked out of s.
// It is linear in len(s).
func scanHTML(s string) htmlResult {
	var r htmlResult
	z := html.NewTokenizer(strings.NewReader(s))
	z.SetMaxBuf(0)
	var stack []openElem
	hiddenDepth := 0 // open elements on the stack that hide their content
	pos := 0
	closeTo := func(i, end int) {
		for j := len(stack) - 1; j >= i; j-- {
			e := stack[j]
			if e.hidden || e.script {
				kind := carrierHidden
				if e.script && !e.hidden {
					kind = carrierScript
				}
				cut := span{e.start, end}
				r.hidden = append(r.hidden, cut)
				if hiddenDepth == 1 || !e.hidden {
					r.carriers = append(r.carriers, carrier{kind: kind, cut: cut, text: strings.Join(e.text, " ")})
				}
				if e.hidden {
					hiddenDepth--
				}
			}
		}
		stack = stack[:i]
	}
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		raw := z.Raw()
		a, e := pos, pos+len(raw)
		pos = e
		switch tt {
		case html.TextToken:
			if len(stack) > 0 && (hiddenDepth > 0 || stack[len(stack)-1].script) {
				// Attribute the text to the outermost element that hides it.
				for i := range stack {
					if stack[i].hidden || stack[i].script {
						stack[i].text = append(stack[i].text, string(z.Text()))
						break
					}
				}
			}
		case html.CommentToken:
			r.tags = append(r.tags, span{a, e})
			if hiddenDepth == 0 {
				r.carriers = append(r.carriers, carrier{kind: carrierComment, cut: span{a, e}, text: string(z.Text())})
			}
		case html.DoctypeToken:
			r.tags = append(r.tags, span{a, e})
		case html.StartTagToken, html.SelfClosingTagToken:
			name, hasAttr := z.TagName()
			at := element(name)
			if at == 0 {
				r.unknown = append(r.unknown, tagPos{span: span{a, e}, name: string(name)})
				continue
			}
			r.tags = append(r.tags, span{a, e})
			if blockElement(at) {
				r.breaks = append(r.breaks, span{a, e})
			}
			el := openElem{name: at.String(), start: a}
			switch at {
			case atom.Script, atom.Style, atom.Template:
				el.script = true
				el.hidden = at == atom.Template
			}
			if hasAttr {
				el.hidden = readAttrs(z, &r, at, span{a, e}, hiddenDepth > 0) || el.hidden
			}
			if tt == html.SelfClosingTagToken || voidElement(at) {
				continue
			}
			if len(stack) >= maxOpen {
				continue
			}
			if el.hidden {
				hiddenDepth++
			}
			stack = append(stack, el)
		case html.EndTagToken:
			name, _ := z.TagName()
			at := element(name)
			if at == 0 {
				r.unknown = append(r.unknown, tagPos{span: span{a, e}, name: string(name), closing: true})
				continue
			}
			r.tags = append(r.tags, span{a, e})
			if blockElement(at) {
				r.breaks = append(r.breaks, span{a, e})
			}
			for i := len(stack) - 1; i >= 0; i-- {
				if stack[i].name == at.String() {
					closeTo(i, e)
					break
				}
			}
		}
	}
	// Elements still open hide the rest of the text, as a browser would.
	closeTo(0, len(s))
	r.wrappers = pairUnknown(r.unknown)
	return r
}

// pairUnknown pairs each closing unknown tag with the nearest open tag of
// the same name before it.
func pairUnknown(tags []tagPos) []wrapper {
	var out []wrapper
	var open []tagPos
	for _, t := range tags {
		if !t.closing {
			if len(open) < maxOpen {
				open = append(open, t)
			}
			continue
		}
		for i := len(open) - 1; i >= 0; i-- {
			if strings.EqualFold(open[i].name, t.name) {
				out = append(out, wrapper{span: span{open[i].start, t.end}, name: strings.ToLower(t.name)})
				open = open[:i]
				break
			}
		}
	}
	return out
}

// readAttrs reads the attributes of the current start tag: it records
// attribute carriers (text a reader sees only on hover or not at all, and
// URLs) and reports whether the element hides its content.
func readAttrs(z *html.Tokenizer, r *htmlResult, at atom.Atom, tag span, inHidden bool) bool {
	hidden := false
	var style, bg string
	hiddenInput := false
	var value string
	for more := true; more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		key := string(k)
		switch {
		case key == "hidden":
			hidden = true
		case key == "style":
			style = string(v)
		case key == "class":
			hidden = hidden || hidingClass(v)
		case key == "type" && at == atom.Input && bytes.EqualFold(v, []byte("hidden")):
			hiddenInput = true
		case key == "value" && at == atom.Input:
			value = string(v)
		case key == "bgcolor":
			bg = string(v)
		case urlAttr(key):
			if len(v) > 0 {
				r.carriers = append(r.carriers, carrier{kind: carrierURL, cut: tag, text: string(v)})
			}
		case textAttr(key, at):
			if !inHidden && bytes.IndexByte(bytes.TrimSpace(v), ' ') > 0 {
				r.carriers = append(r.carriers, carrier{kind: carrierAttribute, cut: tag, text: string(v)})
			}
		}
	}
	if hiddenInput && strings.TrimSpace(value) != "" {
		r.carriers = append(r.carriers, carrier{kind: carrierHidden, cut: tag, text: value})
	} else if value != "" && strings.Contains(strings.TrimSpace(value), " ") && !inHidden {
		r.carriers = append(r.carriers, carrier{kind: carrierAttribute, cut: tag, text: value})
	}
	return hidden || hidingStyle(style, bg)
}

// blockElement reports whether a is an element a browser lays out as a
// block of its own (or, for an SVG's title and desc, keeps apart from
// the text around it): its tags end the paragraph before them, so that
// "<p>Revenue by quarter</p><p>AI image describers: state ...</p>" is
// two paragraphs, not one sentence.
func blockElement(a atom.Atom) bool {
	switch a {
	case atom.P, atom.Div, atom.Br, atom.Li, atom.Ul, atom.Ol, atom.Td, atom.Th, atom.Tr, atom.Table, atom.H1, atom.H2,
		atom.H3, atom.H4, atom.H5, atom.H6, atom.Title, atom.Desc, atom.Section, atom.Article, atom.Header, atom.Footer,
		atom.Blockquote, atom.Pre, atom.Dd, atom.Dt, atom.Hr, atom.Caption, atom.Figcaption, atom.Aside, atom.Nav:
		return true
	}
	return false
}

func urlAttr(k string) bool {
	switch k {
	case "href", "src", "srcset", "action", "formaction", "poster", "background", "cite", "data", "xlink:href", "ping", "longdesc":
		return true
	}
	return false
}

func textAttr(k string, at atom.Atom) bool {
	switch k {
	case "alt", "title", "aria-label", "aria-description", "aria-roledescription", "placeholder", "summary", "label", "abbr":
		return true
	case "content":
		return at == atom.Meta
	}
	return strings.HasPrefix(k, "data-")
}

func voidElement(a atom.Atom) bool {
	switch a {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img, atom.Input, atom.Link,
		atom.Meta, atom.Source, atom.Track, atom.Wbr, atom.Param, atom.Keygen:
		return true
	}
	return false
}

// hidingClass reports whether a class attribute names a class that
// frameworks use to hide text from sighted readers.
func hidingClass(v []byte) bool {
	for _, c := range strings.Fields(strings.ToLower(string(v))) {
		switch c {
		case "sr-only", "sr-only-focusable", "visually-hidden", "visuallyhidden", "screen-reader-text",
			"screen-reader-only", "hidden", "d-none", "invisible", "is-hidden", "hide", "offscreen",
			"off-screen", "a11y-hidden", "u-hidden", "element-invisible", "hidden-visually", "sr-text",
			"hide-text", "text-hide":
			return true
		}
	}
	return false
}

// hidingStyle reports whether an inline style hides the element's text:
// display:none, visibility:hidden, near-zero opacity, a font of a pixel
// or less, white or transparent text (unless the style also sets another
// background), a position far off screen, a zero clip, or a box of zero
// size that hides its overflow. bgAttr is a legacy bgcolor attribute.
func hidingStyle(style, bgAttr string) bool {
	if style == "" {
		return false
	}
	style = strings.ToLower(style)
	var color, bg string
	positioned, overflowHidden, tinyBox := false, false, false
	for decl := range strings.SplitSeq(style, ";") {
		prop, val, ok := strings.Cut(decl, ":")
		if !ok {
			continue
		}
		prop = strings.TrimSpace(prop)
		val = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(val), "!important"))
		switch prop {
		case "display":
			if val == "none" {
				return true
			}
		case "visibility":
			if val == "hidden" || val == "collapse" {
				return true
			}
		case "opacity":
			if f, ok := number(val); ok && f <= 0.1 {
				return true
			}
		case "font-size":
			if tinyLength(val, 1) {
				return true
			}
		case "color":
			color = val
		case "background", "background-color":
			bg = val
		case "position":
			positioned = val == "absolute" || val == "fixed"
		case "left", "top", "right", "bottom", "margin-left", "margin-top":
			if positioned && farOff(val) {
				return true
			}
		case "text-indent":
			if farOff(val) {
				return true
			}
		case "clip":
			if strings.HasPrefix(val, "rect(0") || strings.HasPrefix(val, "rect(1px") {
				return true
			}
		case "clip-path":
			if strings.HasPrefix(val, "inset(50%") || strings.HasPrefix(val, "inset(100%") || val == "circle(0)" {
				return true
			}
		case "width", "height", "max-height", "max-width":
			tinyBox = tinyBox || tinyLength(val, 1)
		case "overflow":
			overflowHidden = val == "hidden" || val == "clip"
		case "transform":
			if strings.Contains(val, "scale(0)") || strings.Contains(val, "scale(0,") {
				return true
			}
		}
	}
	if tinyBox && overflowHidden {
		return true
	}
	if color != "" {
		if transparent(color) {
			return true
		}
		if bg == "" {
			bg = bgAttr
		}
		if bg == "" && white(color) || bg != "" && sameColor(color, bg) {
			return true
		}
	}
	return false
}

// number parses a CSS number or percentage as a fraction.
func number(v string) (float64, bool) {
	pct := strings.HasSuffix(v, "%")
	f, err := strconv.ParseFloat(strings.TrimSuffix(v, "%"), 64)
	if err != nil {
		return 0, false
	}
	if pct {
		f /= 100
	}
	return f, true
}

// tinyLength reports whether a CSS length is at most px pixels (or the
// same in pt, a tenth of an em, a tenth of a percent).
func tinyLength(v string, px float64) bool {
	for _, u := range []struct {
		unit string
		max  float64
	}{{"px", px}, {"pt", px}, {"em", 0.1}, {"rem", 0.1}, {"%", 10}, {"vw", 0.1}, {"vh", 0.1}} {
		if n, ok := strings.CutSuffix(v, u.unit); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(n), 64)
			return err == nil && f <= u.max
		}
	}
	f, err := strconv.ParseFloat(v, 64)
	return err == nil && f == 0
}

// farOff reports whether a CSS offset moves content off screen: minus
// 500 pixels or more, or minus 100% or more.
func farOff(v string) bool {
	if !strings.HasPrefix(v, "-") {
		return false
	}
	for _, u := range []struct {
		unit string
		min  float64
	}{{"px", 500}, {"pt", 400}, {"em", 30}, {"rem", 30}, {"%", 100}, {"vw", 100}, {"vh", 100}, {"in", 5}, {"cm", 13}} {
		if n, ok := strings.CutSuffix(v[1:], u.unit); ok {
			f, err := strconv.ParseFloat(n, 64)
			return err == nil && f >= u.min
		}
	}
	return false
}

func transparent(c string) bool {
	c = strings.ReplaceAll(c, " ", "")
	if c == "transparent" {
		return true
	}
	for _, p := range []string{"rgba(", "hsla("} {
		if strings.HasPrefix(c, p) && strings.HasSuffix(c, ")") {
			parts := strings.Split(c[len(p):len(c)-1], ",")
			if f, ok := number(parts[len(parts)-1]); ok && f <= 0.1 {
				return true
			}
		}
	}
	// rgb(255 255 255 / 0) and #rrggbbaa with a near-zero alpha.
	if i := strings.IndexByte(c, '/'); i > 0 && strings.HasSuffix(c, ")") {
		if f, ok := number(c[i+1 : len(c)-1]); ok && f <= 0.1 {
			return true
		}
	}
	if len(c) == 9 && c[0] == '#' {
		if a, err := strconv.ParseUint(c[7:], 16, 8); err == nil && a <= 25 {
			return true
		}
	}
	return false
}

func white(c string) bool {
	c = strings.ReplaceAll(c, " ", "")
	switch c {
	case "white", "#fff", "#ffffff", "#fefefe", "#fffffe", "rgb(255,255,255)", "snow", "ghostwhite", "#fffffa":
		return true
	}
	return strings.HasPrefix(c, "rgb(255,255,255") || strings.HasPrefix(c, "rgba(255,255,255") || strings.HasPrefix(c, "hsl(0,0%,100%")
}

func sameColor(a, b string) bool {
	a, b = strings.ReplaceAll(a, " ", ""), strings.ReplaceAll(b, " ", "")
	if a == b {
		return true
	}
	return white(a) && white(b)
}

// element returns the atom of an element HTML, SVG or MathML defines,
// or 0 for any other name ("information", "system", "user"): the atom
// table also holds attribute names and keywords, so it is filtered by
// the list of elements.
func element(name []byte) atom.Atom {
	a := atom.Lookup(name)
	if a == 0 || !elements()[a] {
		return 0
	}
	return a
}

var elements = sync.OnceValue(func() map[atom.Atom]bool {
	m := map[atom.Atom]bool{}
	for _, n := range strings.Fields(`a abbr address area article aside audio b base bdi bdo blockquote body br button
		canvas caption cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset
		figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label
		legend li link main map mark menu meta meter nav noscript object ol optgroup option output p param picture
		pre progress q rp rt ruby s samp script search section select slot small source span strong style sub
		summary sup table tbody td template textarea tfoot th thead time title tr track u ul var video wbr center
		font big tt strike marquee frame frameset noframes acronym applet basefont blink nobr xmp listing plaintext
		keygen image svg math path g rect circle line polygon polyline ellipse defs use symbol tspan foreignObject desc text
		mi mo mn ms mtext mrow`) {
		if a := atom.Lookup([]byte(n)); a != 0 {
			m[a] = true
		}
	}
	return m
})

// HiddenHTML returns the spans of s that HTML hides from a reader: the
// elements whose style, class or attributes hide them (display:none,
// visibility:hidden, white or transparent text, off-screen positions,
// tiny fonts, near-zero opacity, sr-only, hidden, aria-hidden) and
// scripts. A response that reproduces such an element carries text meant
// for a machine. It is linear in len(s); text without a '<' costs one
// byte scan.
func HiddenHTML(s string) []Removal {
	if strings.IndexByte(s, '<') < 0 {
		return nil
	}
	r := scanHTML(s)
	out := make([]Removal, 0, len(r.hidden))
	for _, h := range r.hidden {
		out = append(out, Removal{Kind: Hidden, Start: h.start, End: h.end})
	}
	return out
}
