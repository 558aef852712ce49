package checker

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wardline/wardline/internal/swar"
)

// This file holds the strict JSON tokenizer: one pass over the input that
// checks RFC 8259 grammar plus the rules of the contract (exactly one
// object, nothing around it, no duplicate keys at any depth — also keys
// that differ only in case, which encoding/json would merge — valid UTF-8,
// no BOM, no lone surrogate escapes, bounded nesting) and builds a flat
// tree of nodes. Strings without escapes are substrings of one copy of the
// input; escaped string values are decoded back to back into one buffer
// that becomes a single string at the end, so the decoded texts of a
// response cost at most one allocation more than the input copy.

type nodeKind uint8

const (
	nObject nodeKind = iota + 1
	nArray
	nString
	nNumber
	nTrue
	nFalse
	nNull
)

// node is one JSON value. Children form a linked list (first, next) in
// document order; indices point into document.nodes.
type node struct {
	str    string // decoded string, or the number's text
	key    string // member name when the parent is an object
	start  int32  // raw byte offset of the value (a string's opening quote)
	end    int32  // raw byte offset just after the value
	first  int32  // first child, or -1
	next   int32  // next sibling, or -1
	count  int32  // number of children
	parent int32  // parent, or -1 for the root
	kind   nodeKind
}

// syntaxError is a strict-JSON failure: a byte offset, a JSON Pointer to
// the value being read, and a message that never quotes the input.
type syntaxError struct {
	off  int
	path string
	msg  string
}

// smallObject is the member count up to which duplicate keys are found by
// comparing with every earlier key; larger objects use a map, so the check
// stays linear.
const smallObject = 16

type jsonParser struct {
	src      string
	pos      int
	nodes    []node
	maxDepth int
	err      *syntaxError
	scratch  []byte // an escaped key being decoded
	esc      []byte // the decoded escaped string values, back to back
	pend     []escRef
	segs     [hardMaxDepth + 2]pathSeg
}

// escRef ties a string node to its decoded text in jsonParser.esc until
// the parse ends.
type escRef struct {
	node       int32
	start, end int32
}

// parseBufs is the reusable working memory of parse; its contents are
// discarded on every call.
type parseBufs struct {
	nodes []node
	esc   []byte
	pend  []escRef
}

type pathSeg struct {
	key   string
	index int
	isKey bool
}

// parse tokenizes src, which must be exactly one JSON object. nodes is a
// reusable slab (its contents are discarded).
func parse(src string, maxDepth int, nodes []node) ([]node, *syntaxError) {
	b := parseBufs{nodes: nodes}
	return parseWith(src, maxDepth, &b)
}

// parseWith is parse with all of its working memory reused from b (and
// handed back in b).
func parseWith(src string, maxDepth int, b *parseBufs) ([]node, *syntaxError) {
	p := jsonParser{src: src, maxDepth: maxDepth, nodes: b.nodes[:0], esc: b.esc[:0], pend: b.pend[:0]}
	defer func() { b.nodes, b.esc, b.pend = p.nodes, p.esc[:0], p.pend[:0] }()
	if strings.HasPrefix(src, "\uFEFF") {
		return p.nodes, &syntaxError{off: 0, msg: "the output starts with a byte order mark"}
	}
	p.ws()
	switch {
	case p.pos >= len(src):
		p.fail(0, "the output is empty")
	case strings.HasPrefix(src[p.pos:], "```") || strings.HasPrefix(src[p.pos:], "~~~"):
		p.fail(0, "a code fence surrounds the JSON object")
	case src[p.pos] == '[':
		p.fail(0, "the top-level value is an array, not an object")
	case src[p.pos] != '{':
		p.fail(0, "text precedes the JSON object")
	default:
		p.value(0)
		if p.err == nil {
			p.ws()
			if p.pos < len(src) {
				if src[p.pos] == '{' || src[p.pos] == '[' {
					p.failAt(p.pos, "a second JSON value follows the object")
				} else {
					p.failAt(p.pos, "text follows the JSON object")
				}
			}
		}
	}
	if p.err == nil && len(p.pend) > 0 {
		// One string for every escaped value; each node takes its part.
		all := string(p.esc)
		for _, e := range p.pend {
			p.nodes[e.node].str = all[e.start:e.end]
		}
	}
	return p.nodes, p.err
}

func (p *jsonParser) fail(depth int, msg string) {
	p.failAt(p.pos, msg)
	p.err.path = p.pointer(depth)
}

func (p *jsonParser) failAt(off int, msg string) {
	if p.err == nil {
		p.err = &syntaxError{off: off, msg: msg}
	}
}

// pointer renders the JSON Pointer of the value at depth.
func (p *jsonParser) pointer(depth int) string {
	var b strings.Builder
	for d := 1; d <= depth && d < len(p.segs); d++ {
		b.WriteByte('/')
		if s := p.segs[d]; s.isKey {
			b.WriteString(escapePointer(s.key))
		} else {
			b.WriteString(strconv.Itoa(s.index))
		}
	}
	return b.String()
}

func (p *jsonParser) ws() {
	s, i := p.src, p.pos
	for i < len(s) {
		if c := s[i]; c > ' ' || c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			break
		}
		i++
	}
	p.pos = i
}

func (p *jsonParser) add(n node) int32 {
	p.nodes = append(p.nodes, n)
	return int32(len(p.nodes) - 1)
}

// value reads one value whose container is at depth (the root's container
// is depth 0) and returns its node index, or -1 after an error.
func (p *jsonParser) value(depth int) int32 {
	p.ws()
	if p.pos >= len(p.src) {
		p.fail(depth, "the output ends inside the JSON object")
		return -1
	}
	start := p.pos
	switch c := p.src[p.pos]; {
	case c == '{' || c == '[':
		return p.container(depth + 1)
	case c == '"':
		escStart := len(p.esc)
		s, ok := p.str(depth, false)
		if !ok {
			return -1
		}
		idx := p.add(node{kind: nString, str: s, start: int32(start), end: int32(p.pos), first: -1, next: -1, parent: -1})
		if len(p.esc) > escStart {
			// The decoded text is in p.esc; parse sets str at the end.
			p.pend = append(p.pend, escRef{node: idx, start: int32(escStart), end: int32(len(p.esc))})
		}
		return idx
	case c == '-' || c >= '0' && c <= '9':
		if !p.number(depth) {
			return -1
		}
		return p.add(node{kind: nNumber, str: p.src[start:p.pos], start: int32(start), end: int32(p.pos), first: -1, next: -1, parent: -1})
	default:
		for _, lit := range [...]struct {
			text string
			kind nodeKind
		}{{"true", nTrue}, {"false", nFalse}, {"null", nNull}} {
			if strings.HasPrefix(p.src[p.pos:], lit.text) {
				p.pos += len(lit.text)
				return p.add(node{kind: lit.kind, start: int32(start), end: int32(p.pos), first: -1, next: -1, parent: -1})
			}
		}
		rest := p.src[p.pos:]
		switch {
		case strings.HasPrefix(rest, "NaN") || strings.HasPrefix(rest, "Infinity"):
			p.fail(depth, "NaN and Infinity are not JSON")
		case strings.HasPrefix(rest, "//") || strings.HasPrefix(rest, "/*"):
			p.fail(depth, "comments are not JSON")
		case c == '\'':
			p.fail(depth, "strings must use double quotes")
		case c == ']' || c == '}':
			p.fail(depth, "a value is missing (trailing comma?)")
		default:
			p.fail(depth, "invalid character where a value is expected")
		}
		return -1
	}
}

// container reads an object or array at depth.
func (p *jsonParser) container(depth int) int32 {
	open := p.src[p.pos]
	if depth > p.maxDepth {
		p.fail(depth-1, fmt.Sprintf("nesting is deeper than %d levels", p.maxDepth))
		return -1
	}
	kind, closer := nObject, byte('}')
	if open == '[' {
		kind, closer = nArray, ']'
	}
	idx := p.add(node{kind: kind, start: int32(p.pos), first: -1, next: -1, parent: -1})
	p.pos++
	p.ws()
	if p.pos < len(p.src) && p.src[p.pos] == closer {
		p.pos++
		p.nodes[idx].end = int32(p.pos)
		return idx
	}
	last := int32(-1)
	var keys map[string]struct{} // folded keys of a large object
	for n := 0; ; n++ {
		p.ws()
		var key string
		if kind == nObject {
			if p.pos >= len(p.src) {
				p.fail(depth-1, "the output ends inside the JSON object")
				return -1
			}
			switch p.src[p.pos] {
			case '"':
			case '}':
				p.fail(depth, "trailing comma in an object")
				return -1
			case '/':
				p.fail(depth, "comments are not JSON")
				return -1
			default:
				p.fail(depth, "an object key must be a double-quoted string")
				return -1
			}
			var ok bool
			keyStart := p.pos
			if key, ok = p.str(depth, true); !ok {
				return -1
			}
			p.segs[depth] = pathSeg{key: key, isKey: true}
			if n < smallObject {
				for c := p.nodes[idx].first; c >= 0; c = p.nodes[c].next {
					if strings.EqualFold(p.nodes[c].key, key) {
						p.failAt(keyStart, "duplicate key (keys must differ also when compared case-insensitively)")
						p.err.path = p.pointer(depth)
						return -1
					}
				}
			} else {
				if keys == nil {
					keys = make(map[string]struct{}, 2*smallObject)
					for c := p.nodes[idx].first; c >= 0; c = p.nodes[c].next {
						keys[foldKey(p.nodes[c].key)] = struct{}{}
					}
				}
				f := foldKey(key)
				if _, dup := keys[f]; dup {
					p.failAt(keyStart, "duplicate key (keys must differ also when compared case-insensitively)")
					p.err.path = p.pointer(depth)
					return -1
				}
				keys[f] = struct{}{}
			}
			p.ws()
			if p.pos >= len(p.src) || p.src[p.pos] != ':' {
				p.fail(depth, "a ':' must follow an object key")
				return -1
			}
			p.pos++
		} else {
			p.segs[depth] = pathSeg{index: n}
			if p.pos < len(p.src) && p.src[p.pos] == ']' {
				p.fail(depth, "trailing comma in an array")
				return -1
			}
		}
		child := p.value(depth)
		if child < 0 {
			return -1
		}
		cn := &p.nodes[child]
		cn.key, cn.parent = key, idx
		if last < 0 {
			p.nodes[idx].first = child
		} else {
			p.nodes[last].next = child
		}
		last = child
		p.nodes[idx].count++
		p.ws()
		if p.pos >= len(p.src) {
			p.fail(depth-1, "the output ends inside the JSON object")
			return -1
		}
		switch c := p.src[p.pos]; {
		case c == ',':
			p.pos++
		case c == closer:
			p.pos++
			p.nodes[idx].end = int32(p.pos)
			return idx
		case c == '/':
			p.fail(depth, "comments are not JSON")
			return -1
		default:
			if kind == nObject {
				p.fail(depth, "expected ',' or '}' after an object member")
			} else {
				p.fail(depth, "expected ',' or ']' after an array element")
			}
			return -1
		}
	}
}

// str reads a string starting at the opening quote. Unescaped strings are
// substrings of the input. An escaped key is decoded into a new string; an
// escaped value is decoded onto the end of p.esc and str returns "" (the
// caller records where its text is).
func (p *jsonParser) str(depth int, isKey bool) (string, bool) {
	start := p.pos + 1
	for i := start; i < len(p.src); {
		i = skipPlain(p.src, i)
		if i >= len(p.src) {
			break
		}
		c := p.src[i]
		switch {
		case c == '"':
			p.pos = i + 1
			return p.src[start:i], true
		case c == '\\':
			if isKey {
				b, ok := p.strSlow(append(p.scratch[:0], p.src[start:i]...), i, depth)
				p.scratch = b[:0]
				if !ok {
					return "", false
				}
				return string(b), true
			}
			mark := len(p.esc)
			b, ok := p.strSlow(append(p.esc, p.src[start:i]...), i, depth)
			p.esc = b
			if !ok {
				p.esc = p.esc[:mark]
			}
			return "", ok
		case c < 0x20:
			p.pos = i
			p.fail(depth, "a control character (such as a raw newline) appears inside a string")
			return "", false
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRuneInString(p.src[i:])
			if r == utf8.RuneError && size == 1 {
				p.pos = i
				p.fail(depth, "invalid UTF-8")
				return "", false
			}
			i += size
		}
	}
	p.pos = len(p.src)
	p.fail(depth, "a string is not terminated")
	return "", false
}

// skipPlain returns the index of the first byte at or after i that
// strStop marks, or len(s).
func skipPlain(s string, i int) int {
	for i+8 <= len(s) && !strStop8(swar.Load8(s, i)) {
		i += 8
	}
	for i < len(s) && !strStop[s[i]] {
		i++
	}
	return i
}

// strSlow decodes the rest of a string from its first escape at i,
// appending to b, and returns the grown b.
func (p *jsonParser) strSlow(b []byte, i, depth int) ([]byte, bool) {
	for i < len(p.src) {
		c := p.src[i]
		switch {
		case c == '"':
			p.pos = i + 1
			return b, true
		case c == '\\':
			if i+1 >= len(p.src) {
				p.pos = len(p.src)
				p.fail(depth, "a string is not terminated")
				return b, false
			}
			e := p.src[i+1]
			i += 2
			switch e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r, ok := hex4(p.src, i)
				if !ok {
					p.pos = i - 2
					p.fail(depth, `invalid \u escape`)
					return b, false
				}
				i += 4
				switch {
				case r >= 0xDC00 && r <= 0xDFFF:
					p.pos = i - 6
					p.fail(depth, `a \u escape encodes a lone surrogate`)
					return b, false
				case r >= 0xD800 && r <= 0xDBFF:
					lo, ok := rune(0), false
					if i+1 < len(p.src) && p.src[i] == '\\' && p.src[i+1] == 'u' {
						lo, ok = hex4(p.src, i+2)
					}
					if !ok || lo < 0xDC00 || lo > 0xDFFF {
						p.pos = i - 6
						p.fail(depth, `a \u escape encodes a lone surrogate`)
						return b, false
					}
					i += 6
					r = 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00)
				}
				b = utf8.AppendRune(b, r)
			default:
				p.pos = i - 2
				p.fail(depth, "invalid escape sequence in a string")
				return b, false
			}
		case c < 0x20:
			p.pos = i
			p.fail(depth, "a control character (such as a raw newline) appears inside a string")
			return b, false
		case c < utf8.RuneSelf:
			b = append(b, c)
			i++
		default:
			r, size := utf8.DecodeRuneInString(p.src[i:])
			if r == utf8.RuneError && size == 1 {
				p.pos = i
				p.fail(depth, "invalid UTF-8")
				return b, false
			}
			b = append(b, p.src[i:i+size]...)
			i += size
		}
	}
	p.pos = len(p.src)
	p.fail(depth, "a string is not terminated")
	return b, false
}

// strStop marks the bytes str must look at: the closing quote, a
// backslash, control characters and the lead and continuation bytes of
// multi-byte UTF-8 (validated rune by rune). Every other byte is printable
// ASCII and simply belongs to the string.
var strStop = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	for c := utf8.RuneSelf; c < 0x100; c++ {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// strStop8 reports whether any byte of w is one strStop marks. With no
// byte >= 0x80 (the w term), (x - n*swar.Lsb8) &^ x has a byte's top bit set
// for some byte exactly when some byte of x is below n; the quote and
// backslash tests are that with n = 1 on w with the byte XORed out.
func strStop8(w uint64) bool {
	q := w ^ ('"' * swar.Lsb8)
	b := w ^ ('\\' * swar.Lsb8)
	return ((w-0x20*swar.Lsb8)&^w|(q-swar.Lsb8)&^q|(b-swar.Lsb8)&^b|w)&swar.Msb8 != 0
}

func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(s[i : i+4]) {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// number checks the RFC 8259 number grammar.
func (p *jsonParser) number(depth int) bool {
	s, i := p.src, p.pos
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
		if i < len(s) && s[i] >= '0' && s[i] <= '9' {
			p.pos = i
			p.fail(depth, "a number has a leading zero")
			return false
		}
	case digits() == 0:
		p.pos = i
		if strings.HasPrefix(s[i:], "Infinity") {
			p.fail(depth, "NaN and Infinity are not JSON")
		} else {
			p.fail(depth, "invalid number")
		}
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			p.pos = i
			p.fail(depth, "invalid number")
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			p.pos = i
			p.fail(depth, "invalid number")
			return false
		}
	}
	p.pos = i
	return true
}

// foldKey maps s to a canonical case-folded form: two keys are equal under
// strings.EqualFold exactly when their foldKey values are equal.
func foldKey(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		b.WriteRune(minFold(r))
	}
	return b.String()
}

// minFold returns the smallest rune in r's simple case-folding orbit.
func minFold(r rune) rune {
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f < m {
			m = f
		}
	}
	return m
}

// escapePointer escapes one JSON Pointer reference token (RFC 6901).
func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}
