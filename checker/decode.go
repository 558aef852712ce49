package checker

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// This file turns the node tree into a Response. decodeResponse is a
// hand-written mirror of schema.json with the configured limits: it accepts
// exactly what the compiled schema accepts (a differential test and the
// fuzz target hold it to that). When it finds any mismatch, the compiled
// JSON Schema validates the tree and its errors become the violations, so
// the schema stays the single source of the reported reasons while a
// conforming response costs no schema-engine allocations.

type fieldKind uint8

// Where a string sits in a GuruResponse (the fast path), or fNode for a
// string found by walking the tree (custom contracts, and GuruResponses
// that failed the schema).
const (
	fSummary fieldKind = iota
	fRepoFact
	fSource
	fClaim
	fQuestion
	fMCP
	fPurpose
	fQuery
	fContextRef
	fNode // i holds the node whose JSON Pointer is the string's path
)

// guruKinds is DefaultPolicy for the fast path's locations (a test holds
// the two together).
var guruKinds = [...]Kind{
	fSummary: Prose, fRepoFact: Prose, fSource: SourceURL, fClaim: ProseWithURLs,
	fQuestion: Question, fMCP: Service, fPurpose: ProseWithURLs, fQuery: Query, fContextRef: ContextRef,
}

// field is one string of the response that the content rules read.
type field struct {
	text       string
	start, end int32 // raw byte span, quotes included
	loc        fieldKind
	as         Kind // which rules read it
	i, j       int32
}

// kindOf returns the kind the rules read the field as: its own, except
// that an Identifier with whitespace in it is not one and reads as Prose.
func (f *field) kindOf() Kind {
	if f.as == Identifier && strings.IndexFunc(f.text, unicode.IsSpace) >= 0 {
		return Prose
	}
	return f.as
}

// escaped reports whether the field's decoded text differs from its bytes
// in the input: decoding an escape always shortens the text, so equal
// lengths mean the string had none.
func (f *field) escaped() bool {
	return int(f.end-f.start-2) != len(f.text)
}

// path renders the field's JSON Pointer.
func (f *field) path(nodes []node) string {
	if f.loc == fNode {
		return nodePointer(nodes, f.i)
	}
	i, j := strconv.Itoa(int(f.i)), strconv.Itoa(int(f.j))
	switch f.loc {
	case fSummary:
		return "/summary"
	case fRepoFact:
		return "/repo_facts/" + i
	case fSource:
		return "/internet_facts/" + i + "/source"
	case fClaim:
		return "/internet_facts/" + i + "/claims/" + j
	case fQuestion:
		return "/open_questions/" + i
	case fMCP:
		return "/mcp_requests/" + i + "/mcp"
	case fPurpose:
		return "/mcp_requests/" + i + "/purpose"
	case fQuery:
		return "/mcp_requests/" + i + "/query"
	default:
		return "/mcp_requests/" + i + "/context_refs/" + j
	}
}

// nodePointer renders the JSON Pointer of node n from the parent links.
func nodePointer(nodes []node, n int32) string {
	var segs []string
	for n > 0 && nodes[n].parent >= 0 {
		p := nodes[n].parent
		if nodes[p].kind == nObject {
			segs = append(segs, escapePointer(nodes[n].key))
		} else {
			i := 0
			for c := nodes[p].first; c >= 0 && c != n; c = nodes[c].next {
				i++
			}
			segs = append(segs, strconv.Itoa(i))
		}
		n = p
	}
	slices.Reverse(segs)
	if len(segs) == 0 {
		return ""
	}
	return "/" + strings.Join(segs, "/")
}

type decoder struct {
	nodes  []node
	limits Limits
	fields []field
	// dateTime is the schema's own format check for retrieved_at (see
	// guruContract), so the mirror cannot disagree with the schema on it.
	dateTime func(any) error
	// strs is the one backing array every []string of the Response is
	// carved from (see countTexts).
	strs []string
}

func (d *decoder) text(n int32, max int, k fieldKind, i, j int) (string, bool) {
	nd := &d.nodes[n]
	if nd.kind != nString || !charsIn(nd.str, 1, max) {
		return "", false
	}
	d.fields = append(d.fields, field{text: nd.str, start: nd.start, end: nd.end, loc: k, as: guruKinds[k], i: int32(i), j: int32(j)})
	return nd.str, true
}

// charsIn reports whether s has between lo and hi code points.
func charsIn(s string, lo, hi int) bool {
	if len(s) < lo {
		return false
	}
	if len(s) <= hi {
		return true
	}
	n := utf8.RuneCountInString(s)
	return n >= lo && n <= hi
}

// texts decodes an array of strings into the next part of d.strs. The
// result's capacity ends where it does, so appending to one slice of the
// Response never writes into another.
func (d *decoder) texts(n int32, k fieldKind, i int) ([]string, bool) {
	nd := &d.nodes[n]
	if nd.kind != nArray || int(nd.count) > d.limits.MaxItems {
		return nil, false
	}
	if nd.count == 0 {
		return []string{}, true // non-nil, as for a non-empty array; no allocation
	}
	base := len(d.strs)
	j := 0
	for c := nd.first; c >= 0; c = d.nodes[c].next {
		var s string
		var ok bool
		if k == fRepoFact || k == fQuestion {
			s, ok = d.text(c, d.limits.MaxItemChars, k, j, 0)
		} else {
			s, ok = d.text(c, d.limits.MaxItemChars, k, i, j)
		}
		if !ok {
			return nil, false
		}
		// countTexts sized d.strs for every string array of the response,
		// so this append does not reallocate (and if it did, earlier
		// slices would keep their own, equally correct, backing array).
		d.strs = append(d.strs, s)
		j++
	}
	return d.strs[base:len(d.strs):len(d.strs)], true
}

// countTexts counts the strings in the arrays of the root object that
// become []string fields of the Response: repo_facts, open_questions,
// internet_facts[].claims and mcp_requests[].context_refs. Arrays over
// the item limit do not count (decoding fails on them anyway), so the
// total stays bounded by the limits.
func (d *decoder) countTexts(root int32) int {
	items := func(n int32) int {
		if nd := &d.nodes[n]; nd.kind == nArray && int(nd.count) <= d.limits.MaxItems {
			return int(nd.count)
		}
		return 0
	}
	total := 0
	for c := d.nodes[root].first; c >= 0; c = d.nodes[c].next {
		nd := &d.nodes[c]
		switch nd.key {
		case "repo_facts", "open_questions":
			total += items(c)
		case "internet_facts", "mcp_requests":
			if items(c) == 0 {
				continue
			}
			inner := "claims"
			if nd.key == "mcp_requests" {
				inner = "context_refs"
			}
			for o := nd.first; o >= 0; o = d.nodes[o].next {
				if d.nodes[o].kind != nObject {
					continue
				}
				for m := d.nodes[o].first; m >= 0; m = d.nodes[m].next {
					if d.nodes[m].key == inner {
						total += items(m)
					}
				}
			}
		}
	}
	return total
}

// decodeResponse builds the Response from the root object, or reports false
// when the tree does not match the schema.
func (d *decoder) decodeResponse(root int32) (*Response, bool) {
	if n := d.countTexts(root); n > 0 {
		d.strs = make([]string, 0, n)
	}
	r := &Response{}
	var seenRole, seenSummary bool
	ok := true
	for c := d.nodes[root].first; c >= 0 && ok; c = d.nodes[c].next {
		nd := &d.nodes[c]
		switch nd.key {
		case "role":
			seenRole = nd.kind == nString && nd.str == "guru"
			ok = seenRole
			r.Role = nd.str
		case "summary":
			r.Summary, seenSummary = d.text(c, d.limits.MaxSummaryChars, fSummary, 0, 0)
			ok = seenSummary
		case "repo_facts":
			r.RepoFacts, ok = d.texts(c, fRepoFact, 0)
		case "open_questions":
			r.OpenQuestions, ok = d.texts(c, fQuestion, 0)
		case "internet_facts":
			r.InternetFacts, ok = d.internetFacts(c)
		case "mcp_requests":
			r.MCPRequests, ok = d.mcpRequests(c)
		default:
			ok = false
		}
	}
	if !ok || !seenRole || !seenSummary {
		return nil, false
	}
	return r, true
}

func (d *decoder) internetFacts(n int32) ([]InternetFact, bool) {
	nd := &d.nodes[n]
	if nd.kind != nArray || int(nd.count) > d.limits.MaxItems {
		return nil, false
	}
	out := make([]InternetFact, nd.count)
	i := 0
	for c := nd.first; c >= 0; c = d.nodes[c].next {
		o := &d.nodes[c]
		if o.kind != nObject {
			return nil, false
		}
		f := &out[i]
		var seen [4]bool
		for m := o.first; m >= 0; m = d.nodes[m].next {
			mn := &d.nodes[m]
			ok := false
			switch mn.key {
			case "source":
				f.Source, ok = d.text(m, d.limits.MaxItemChars, fSource, i, 0)
				seen[0] = ok
			case "retrieved_at":
				ok = mn.kind == nString && d.dateTime(mn.str) == nil
				f.RetrievedAt, seen[1] = mn.str, ok
			case "claims":
				f.Claims, ok = d.texts(m, fClaim, i)
				ok = ok && len(f.Claims) >= 1
				seen[2] = ok
			case "confidence":
				ok = mn.kind == nString && (mn.str == "low" || mn.str == "medium" || mn.str == "high")
				f.Confidence, seen[3] = mn.str, ok
			}
			if !ok {
				return nil, false
			}
		}
		if seen != [4]bool{true, true, true, true} {
			return nil, false
		}
		i++
	}
	return out, true
}

func (d *decoder) mcpRequests(n int32) ([]MCPRequest, bool) {
	nd := &d.nodes[n]
	if nd.kind != nArray || int(nd.count) > d.limits.MaxItems {
		return nil, false
	}
	out := make([]MCPRequest, nd.count)
	i := 0
	for c := nd.first; c >= 0; c = d.nodes[c].next {
		o := &d.nodes[c]
		if o.kind != nObject {
			return nil, false
		}
		q := &out[i]
		var seen [3]bool
		for m := o.first; m >= 0; m = d.nodes[m].next {
			mn := &d.nodes[m]
			ok := false
			switch mn.key {
			case "mcp":
				ok = mn.kind == nString && validServiceName(mn.str)
				if ok {
					d.fields = append(d.fields, field{text: mn.str, start: mn.start, end: mn.end, loc: fMCP, as: guruKinds[fMCP], i: int32(i)})
				}
				q.MCP, seen[0] = mn.str, ok
			case "purpose":
				q.Purpose, ok = d.text(m, d.limits.MaxItemChars, fPurpose, i, 0)
				seen[1] = ok
			case "query":
				q.Query, ok = d.text(m, d.limits.MaxItemChars, fQuery, i, 0)
				seen[2] = ok
			case "context_refs":
				q.ContextRefs, ok = d.texts(m, fContextRef, i)
			}
			if !ok {
				return nil, false
			}
		}
		if seen != [3]bool{true, true, true} {
			return nil, false
		}
		i++
	}
	return out, true
}

// collect lists every string of the tree below node n, property names
// the contract does not declare included, each with the kind the policy
// gives its path (Prose where no pattern matches), so that the content
// rules read every string there is. path holds n's segments.
//
// A property name the contract does not declare may itself be a secret,
// so unless it is a short lower-case word it never appears in a path: the
// name and everything below it are reported at the pointer of the object
// that holds it (at; -1 while no such name is on the path).
func (ct *contract) collect(nodes []node, n int32, path []seg, at int32, out []field) []field {
	nd := &nodes[n]
	switch nd.kind {
	case nString:
		ptr := n
		if at >= 0 {
			ptr = at
		}
		out = append(out, field{text: nd.str, start: nd.start, end: nd.end, loc: fNode, as: ct.kindAt(path), i: ptr})
	case nObject:
		for c := nd.first; c >= 0; c = nodes[c].next {
			key, childAt := nodes[c].key, at
			if !ct.known[key] {
				if childAt < 0 && !safeName(key) {
					childAt = n
				}
				ptr := n
				if at >= 0 {
					ptr = at
				}
				// start == end: the name counts as escaped, so it is
				// scanned for secrets on its own.
				out = append(out, field{text: key, start: nodes[c].start, end: nodes[c].start, loc: fNode, as: Prose, i: ptr})
			}
			out = ct.collect(nodes, c, append(path, seg{key: key, isKey: true}), childAt, out)
		}
	case nArray:
		i := 0
		for c := nd.first; c >= 0; c = nodes[c].next {
			out = ct.collect(nodes, c, append(path, seg{index: i}), at, out)
			i++
		}
	}
	return out
}

// toAny converts a node to the value model the schema engine validates.
func toAny(nodes []node, n int32) any {
	nd := &nodes[n]
	switch nd.kind {
	case nObject:
		m := make(map[string]any, nd.count)
		for c := nd.first; c >= 0; c = nodes[c].next {
			m[nodes[c].key] = toAny(nodes, c)
		}
		return m
	case nArray:
		a := make([]any, 0, nd.count)
		for c := nd.first; c >= 0; c = nodes[c].next {
			a = append(a, toAny(nodes, c))
		}
		return a
	case nString:
		return nd.str
	case nNumber:
		return json.Number(nd.str)
	case nTrue:
		return true
	case nFalse:
		return false
	default:
		return nil
	}
}

// schemaViolations validates the tree with the contract's compiled schema
// and maps its errors to violations; nil when the tree conforms. If the
// schema engine finds nothing where the GuruResponse mirror found a
// problem (which the tests rule out), it still reports one violation: the
// checker fails closed.
func (c *Checker) schemaViolations(nodes []node, root int32) []Violation {
	err := c.con.schema.Validate(toAny(nodes, root))
	if err == nil && c.con.custom {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []Violation{{Rule: RuleSchema, Path: "", Message: "the object does not match the schema"}}
	}
	var out []Violation
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		out = append(out, Violation{Rule: RuleSchema, Path: c.con.safePointer(e.InstanceLocation), Message: schemaMessage(e.ErrorKind)})
	}
	walk(ve)
	if len(out) == 0 {
		out = append(out, Violation{Rule: RuleSchema, Message: "the object does not match the schema"})
	}
	return out
}

// safePointer renders a schema error's instance location, cut before the
// first property name that the contract does not declare and that is not
// a short lower-case word (it might be a secret; see collect).
func (ct *contract) safePointer(loc []string) string {
	for i, s := range loc {
		if !ct.known[s] && !safeName(s) && arrayIndex(s) < 0 {
			return pointerOf(loc[:i])
		}
	}
	return pointerOf(loc)
}

func pointerOf(loc []string) string {
	var b strings.Builder
	for _, s := range loc {
		b.WriteByte('/')
		b.WriteString(escapePointer(s))
	}
	return b.String()
}

// schemaMessage describes a schema error without quoting the instance: only
// schema-side values (limits, allowed values, property names of the
// schema) appear, and unknown property names only when they are short
// lower-case words.
func schemaMessage(k jsonschema.ErrorKind) string {
	switch k := k.(type) {
	case *kind.Type:
		return fmt.Sprintf("wrong type: got %s, want %s", k.Got, strings.Join(k.Want, " or "))
	case *kind.Required:
		return fmt.Sprintf("missing required property %s", quoteList(k.Missing))
	case *kind.AdditionalProperties:
		names := make([]string, 0, len(k.Properties))
		for _, p := range k.Properties {
			if safeName(p) {
				names = append(names, strconv.Quote(p))
			} else {
				names = append(names, "(a property name not shown)")
			}
		}
		return "unknown property " + strings.Join(names, ", ")
	case *kind.Const:
		return fmt.Sprintf("the value must be %s", jsonText(k.Want))
	case *kind.Enum:
		vals := make([]string, len(k.Want))
		for i, w := range k.Want {
			vals[i] = jsonText(w)
		}
		return "the value must be one of " + strings.Join(vals, ", ")
	case *kind.MaxLength:
		return fmt.Sprintf("the string has %d characters; the limit is %d", k.Got, k.Want)
	case *kind.MinLength:
		return fmt.Sprintf("the string has %d characters; at least %d are required", k.Got, k.Want)
	case *kind.MaxItems:
		return fmt.Sprintf("the array has %d items; the limit is %d", k.Got, k.Want)
	case *kind.MinItems:
		return fmt.Sprintf("the array has %d items; at least %d are required", k.Got, k.Want)
	case *kind.Format:
		if k.Want == "date-time" {
			return "the value is not an RFC 3339 date-time with a time zone (2026-05-01T12:00:00Z)"
		}
		return "the value is not a valid " + k.Want
	case *kind.Pattern:
		return "the value does not match the pattern " + k.Want
	case *kind.FalseSchema:
		return "the value is not allowed here"
	default:
		return "the value does not match the schema (" + strings.Join(k.KeywordPath(), "/") + ")"
	}
}

func quoteList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, ", ")
}

func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "(a value)"
	}
	return string(b)
}

// safeName reports whether an unknown property name may be quoted in a
// message: a short lower-case word (never something shaped like a key).
func safeName(s string) bool {
	if len(s) == 0 || len(s) > 20 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c == '_') {
			return false
		}
	}
	return true
}
