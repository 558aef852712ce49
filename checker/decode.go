package checker

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
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
	fOther // any other string (only when the schema failed); ptr holds its path
)

// field is one string of the response that the content rules read.
type field struct {
	text       string
	start, end int32 // raw byte span, quotes included
	kind       fieldKind
	i, j       int32
	ptr        string // JSON Pointer of an fOther string
}

// urlAllowed reports whether URLs may appear in the field.
func (f *field) urlAllowed() bool {
	return f.kind != fSummary && f.kind != fRepoFact && f.kind != fQuestion
}

// escaped reports whether the field's decoded text differs from its bytes
// in the input: decoding an escape always shortens the text, so equal
// lengths mean the string had none.
func (f *field) escaped() bool {
	return int(f.end-f.start-2) != len(f.text)
}

// prose reports whether the field is free text, which the markdown rule
// reads; sources, service names and context references have formats of
// their own.
func (f *field) prose() bool {
	return f.kind != fSource && f.kind != fMCP && f.kind != fContextRef
}

// path renders the field's JSON Pointer.
func (f *field) path() string {
	if f.kind == fOther {
		return f.ptr
	}
	i, j := strconv.Itoa(int(f.i)), strconv.Itoa(int(f.j))
	switch f.kind {
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

type decoder struct {
	nodes  []node
	limits Limits
	fields []field
	// strs is the one backing array every []string of the Response is
	// carved from (see countTexts).
	strs []string
}

func (d *decoder) text(n int32, max int, k fieldKind, i, j int) (string, bool) {
	nd := &d.nodes[n]
	if nd.kind != nString || !charsIn(nd.str, 1, max) {
		return "", false
	}
	d.fields = append(d.fields, field{text: nd.str, start: nd.start, end: nd.end, kind: k, i: int32(i), j: int32(j)})
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
				ok = mn.kind == nString && validDateTime(mn.str)
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
					d.fields = append(d.fields, field{text: mn.str, start: mn.start, end: mn.end, kind: fMCP, i: int32(i)})
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

// validDateTime mirrors the date-time format check of
// santhosh-tekuri/jsonschema/v6 (RFC 3339 section 5.6, leap seconds only
// at 23:59 UTC).
func validDateTime(s string) bool {
	if len(s) < 20 || s[10] != 't' && s[10] != 'T' {
		return false
	}
	if _, err := time.Parse("2006-01-02", s[:10]); err != nil {
		return false
	}
	t := s[11:]
	if len(t) < 9 || t[2] != ':' || t[5] != ':' {
		return false
	}
	// t[2] and t[5] are colons, so these slices are exactly the tokens
	// strings.SplitN(t[:8], ":", 3) yields whenever all three parse.
	var hms [3]int
	for k, tok := range [3]string{t[0:2], t[3:5], t[6:8]} {
		v, err := strconv.Atoi(tok)
		if err != nil || v < 0 {
			return false
		}
		hms[k] = v
	}
	h, m, sec := hms[0], hms[1], hms[2]
	if h > 23 || m > 59 || sec > 60 {
		return false
	}
	t = t[8:]
	if rem, ok := strings.CutPrefix(t, "."); ok {
		n := 0
		for n < len(rem) && rem[n] >= '0' && rem[n] <= '9' {
			n++
		}
		if n == 0 {
			return false
		}
		t = rem[n:]
	}
	if t != "z" && t != "Z" {
		if len(t) != 6 {
			return false
		}
		var sign int
		switch t[0] {
		case '+':
			sign = -1
		case '-':
			sign = +1
		default:
			return false
		}
		t = t[1:]
		if t[2] != ':' {
			return false
		}
		zh, err1 := strconv.Atoi(t[:2])
		zm, err2 := strconv.Atoi(t[3:])
		if err1 != nil || err2 != nil || zh < 0 || zm < 0 || zh > 23 || zm > 59 {
			return false
		}
		hm := (h*60 + m) + sign*(zh*60+zm)
		if hm < 0 {
			hm += 24 * 60
		}
		h, m = hm/60, hm%60
	}
	return sec < 60 || h == 23 && m == 59
}

// allStrings lists every string of a tree that failed the schema, keys of
// unknown properties included, so that the content rules can still report
// on it: a rejection then names everything that is wrong at once. Strings
// at the places the schema defines keep their field kind.
//
// An unknown property's name may itself be a secret, so it never appears in
// a path: the name and everything below it are reported at the pointer of
// the object that holds it (opaque).
func allStrings(nodes []node, n int32, path []string, opaque *string, out []field) []field {
	nd := &nodes[n]
	switch nd.kind {
	case nString:
		if opaque != nil {
			return append(out, field{text: nd.str, start: nd.start, end: nd.end, kind: fOther, ptr: *opaque})
		}
		out = append(out, classify(path, nd))
	case nObject, nArray:
		i := 0
		for c := nd.first; c >= 0; c = nodes[c].next {
			seg, childOpaque := strconv.Itoa(i), opaque
			if nd.kind == nObject {
				seg = nodes[c].key
				if childOpaque == nil && !knownKey(path, seg) {
					p := pointerOf(path)
					childOpaque = &p
				}
				if childOpaque != nil {
					out = append(out, field{text: seg, start: nodes[c].start, end: nodes[c].start, kind: fOther, ptr: *childOpaque})
				}
			}
			out = allStrings(nodes, c, append(path, seg), childOpaque, out)
			i++
		}
	}
	return out
}

// knownKey reports whether key is a property the schema defines for the
// object at path.
func knownKey(path []string, key string) bool {
	switch len(path) {
	case 0:
		return key == "role" || key == "summary" || key == "repo_facts" || key == "internet_facts" || key == "open_questions" || key == "mcp_requests"
	case 2:
		switch path[0] {
		case "internet_facts":
			return key == "source" || key == "retrieved_at" || key == "claims" || key == "confidence"
		case "mcp_requests":
			return key == "mcp" || key == "purpose" || key == "query" || key == "context_refs"
		}
	}
	return false
}

// classify gives a string at path its field kind.
func classify(path []string, nd *node) field {
	f := field{text: nd.str, start: nd.start, end: nd.end, kind: fOther, ptr: pointerOf(path)}
	idx := func(s string) (int32, bool) {
		n, err := strconv.Atoi(s)
		return int32(n), err == nil && n >= 0
	}
	switch {
	case len(path) == 1 && path[0] == "summary":
		f.kind = fSummary
	case len(path) == 2 && (path[0] == "repo_facts" || path[0] == "open_questions"):
		if i, ok := idx(path[1]); ok {
			f.kind, f.i = fRepoFact, i
			if path[0] == "open_questions" {
				f.kind = fQuestion
			}
		}
	case len(path) == 3 && path[0] == "internet_facts" && path[2] == "source":
		if i, ok := idx(path[1]); ok {
			f.kind, f.i = fSource, i
		}
	case len(path) == 4 && path[0] == "internet_facts" && path[2] == "claims":
		i, ok1 := idx(path[1])
		j, ok2 := idx(path[3])
		if ok1 && ok2 {
			f.kind, f.i, f.j = fClaim, i, j
		}
	case len(path) == 3 && path[0] == "mcp_requests":
		if i, ok := idx(path[1]); ok {
			switch path[2] {
			case "mcp":
				f.kind, f.i = fMCP, i
			case "purpose":
				f.kind, f.i = fPurpose, i
			case "query":
				f.kind, f.i = fQuery, i
			}
		}
	case len(path) == 4 && path[0] == "mcp_requests" && path[2] == "context_refs":
		i, ok1 := idx(path[1])
		j, ok2 := idx(path[3])
		if ok1 && ok2 {
			f.kind, f.i, f.j = fContextRef, i, j
		}
	}
	return f
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

// schemaViolations validates the tree with the compiled schema and maps its
// errors to violations. If the schema engine finds nothing (the mirror
// disagreed with it, which the tests rule out), it still reports one
// violation: the checker fails closed.
func schemaViolations(sch *jsonschema.Schema, nodes []node, root int32) []Violation {
	err := sch.Validate(toAny(nodes, root))
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
		out = append(out, Violation{Rule: RuleSchema, Path: pointerOf(e.InstanceLocation), Message: schemaMessage(e.ErrorKind)})
	}
	walk(ve)
	if len(out) == 0 {
		out = append(out, Violation{Rule: RuleSchema, Message: "the object does not match the schema"})
	}
	return out
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
