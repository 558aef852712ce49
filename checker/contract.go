package checker

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Kind says what a string of a response is, and so which rules read it.
// A [Policy] assigns a Kind to every JSON Pointer pattern of a contract.
// The zero Kind is not a kind: [New] refuses a policy that uses it.
//
// Every kind is scanned for secrets and for exfiltration (URLs that carry
// a payload, non-http(s) schemes, markdown images, requests for secrets);
// the kinds differ in what else applies:
//
//	kind           instructions   URLs      markdown   field rule
//	Prose          all            refused   checked    -
//	ProseWithURLs  all            allowed   checked    -
//	Question       all            refused   checked    question.form
//	Query          all            allowed   checked    -
//	SourceURL      all            allowed   -          source.url, source.domain
//	Identifier     commands and   refused   -          (whitespace: checked as Prose)
//	               injection
//	Service        commands and   allowed   -          mcp.service
//	               injection
//	ContextRef     all            allowed   -          mcp.context_ref
//	FreeText       -              allowed   -          -
//
// "instructions: all" means every instruction.* rule and injection.
type Kind uint8

const (
	// Prose is a paragraph of facts: the whole facts-only contract
	// applies and URLs are refused (exfil.url). A GuruResponse's summary,
	// repo_facts[] and, as [Question], open_questions[]. Strings that no
	// pattern of a policy covers are checked as Prose.
	Prose Kind = iota + 1
	// ProseWithURLs is [Prose] that may cite plain http(s) URLs:
	// internet_facts[].claims[] and mcp_requests[].purpose.
	ProseWithURLs
	// Question is [Prose] that must ask something: it needs a question
	// mark (rule question.form). open_questions[].
	Question
	// Query is a search query or a question for a service, checked like
	// [ProseWithURLs]: a query must not carry commands, injection or data
	// either. Imperatives and directive modals are not looked for: a
	// query speaks to the service it is sent to ("SELECT ... FROM",
	// "list the open PRs touching auth/"), not to the reader.
	// mcp_requests[].query.
	Query
	// SourceURL is an absolute http(s) URL without user information, or a
	// provider identifier ("doi:10.1000/182", "docs-search") (rule
	// source.url); with [WithAllowedDomains], the URL's host must be on an
	// allowed domain (source.domain). internet_facts[].source.
	SourceURL
	// Identifier is a name, key, id or path chosen by the application's
	// vocabulary ("PROJ-123", "src/main.go"). Commands and injection are
	// looked for, imperatives are not (a tool named "install" is not an
	// order), URLs are refused. An Identifier that contains whitespace is
	// not an identifier: it is checked as [Prose].
	Identifier
	// Service is the name of a service to ask ("docs-search"): letters,
	// digits, '.', '_' and '-', at most 64 bytes, and with
	// [WithAllowedServices] one of the configured names (rule mcp.service).
	// Checked otherwise as an [Identifier]. mcp_requests[].mcp.
	Service
	// ContextRef points at repository lines: "file:<relative
	// path>#L<a>" or "file:<relative path>#L<a>-L<b>" (rule
	// mcp.context_ref). mcp_requests[].context_refs[].
	ContextRef
	// FreeText is only scanned for secrets and exfiltration: no
	// instruction, injection or markdown rule reads it. It LOOSENS the
	// contract; use it for strings that are data rather than an answer
	// (a quoted log line, a title the application shows verbatim), or
	// that the schema pins to fixed values (the GuruResponse's role,
	// confidence and retrieved_at).
	FreeText

	maxKind = FreeText
)

var kindNames = [...]string{
	Prose: "Prose", ProseWithURLs: "ProseWithURLs", Question: "Question", Query: "Query",
	SourceURL: "SourceURL", Identifier: "Identifier", Service: "Service", ContextRef: "ContextRef",
	FreeText: "FreeText",
}

// String returns the kind's Go name ("Prose"), or "Kind(n)" for a value
// that is not a kind.
func (k Kind) String() string {
	if k >= 1 && k <= maxKind {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// instruction rule sets a kind reads.
const (
	instrNone   = iota
	instrStrict // commands and injection only
	instrAll    // every instruction.* rule and injection
	instrQuery  // no imperatives or modals; commands only with shell syntax
)

// kindRule is what the content rules do with a string of one kind.
type kindRule struct {
	instr    uint8
	urls     bool // plain URLs allowed (payload URLs never are)
	markdown bool
	language bool // written in a language the detectors read (rule language.unsupported)
}

var kindRules = [maxKind + 1]kindRule{
	Prose:         {instr: instrAll, markdown: true, language: true},
	ProseWithURLs: {instr: instrAll, urls: true, markdown: true, language: true},
	Question:      {instr: instrAll, markdown: true, language: true},
	Query:         {instr: instrQuery, urls: true, markdown: true, language: true},
	SourceURL:     {instr: instrAll, urls: true},
	Identifier:    {instr: instrStrict},
	Service:       {instr: instrStrict, urls: true},
	ContextRef:    {instr: instrAll, urls: true},
	FreeText:      {instr: instrNone, urls: true},
}

// Policy says what the strings of a contract are: it maps JSON Pointer
// patterns (RFC 6901, "~0" for '~' and "~1" for '/') to a [Kind]. A
// segment "*" matches any one array index or property name, so
// "/items/*/text" covers the text of every element of items. When several
// patterns match a string, the most specific wins: segments are compared
// from the left and a literal beats "*" ("/items/0/text" beats
// "/items/*/text"). A string that no pattern matches is checked as
// [Prose], the strictest kind, so nothing passes unscanned.
type Policy map[string]Kind

// DefaultPolicy returns the GuruResponse's policy, a fresh copy on each
// call: the built-in contract is [Schema] with this policy, and
// New(WithContract(Schema(), DefaultPolicy())) checks exactly what New()
// does (only Validate's result type differs).
func DefaultPolicy() Policy {
	return Policy{
		"/role":                          FreeText,
		"/summary":                       Prose,
		"/repo_facts/*":                  Prose,
		"/internet_facts/*/source":       SourceURL,
		"/internet_facts/*/retrieved_at": FreeText,
		"/internet_facts/*/claims/*":     ProseWithURLs,
		"/internet_facts/*/confidence":   FreeText,
		"/open_questions/*":              Question,
		"/mcp_requests/*/mcp":            Service,
		"/mcp_requests/*/purpose":        ProseWithURLs,
		"/mcp_requests/*/query":          Query,
		"/mcp_requests/*/context_refs/*": ContextRef,
	}
}

// contractSpec is what WithContract records; New compiles it.
type contractSpec struct {
	schema []byte
	policy Policy
}

// WithContract replaces the GuruResponse with the application's own
// response contract: a JSON Schema (draft 2020-12 unless it says
// otherwise in "$schema"; every "$ref" must point inside the document, as
// the compiler loads no URLs) and a [Policy] that says what each string
// is. Everything else works as for the GuruResponse: strict JSON, the
// MaxBytes and MaxDepth limits, the facts-only rules chosen by each
// string's [Kind], rule ids, JSON Pointer paths, [ReformatPrompt] (which
// shows the model an outline of the schema), and the loosening options.
//
// New refuses, with an error that wraps [ErrInvalidOption]: a schema that
// is not JSON, does not compile or does not describe an object; a
// pattern that is not a JSON Pointer, that no value the schema allows can
// match, or that points only at values the schema never allows to be
// strings; a Kind that is not one; and [WithLimits] fields that only the
// GuruResponse has (MaxSummaryChars, MaxItemChars, MaxItems: put
// maxLength and maxItems in the schema instead). [WithAllowedDomains] and
// [WithAllowedServices] need a [SourceURL] and a [Service] field.
//
// A Checker with a custom contract validates with [Checker.ValidateInto];
// its Validate, which returns a GuruResponse, refuses with
// [ErrCustomContract]. Strings no pattern covers, including property
// names the schema does not declare, are checked as [Prose].
func WithContract(schema []byte, p Policy) Option {
	return func(c *config) error {
		if c.contract != nil {
			return fmt.Errorf("%w: WithContract given twice", ErrInvalidOption)
		}
		if len(bytes.TrimSpace(schema)) == 0 {
			return fmt.Errorf("%w: WithContract: the schema is empty", ErrInvalidOption)
		}
		c.contract = &contractSpec{schema: bytes.Clone(schema), policy: maps.Clone(p)}
		return nil
	}
}

// contract is a compiled response contract: the built-in GuruResponse or
// one given with WithContract.
type contract struct {
	custom   bool
	schema   *jsonschema.Schema
	patterns []pattern // most specific first (see Policy)
	maxLen   int       // the longest pattern, in segments
	known    map[string]bool
	keyRank  map[string]int // property names in schema order, for sorting paths
	has      [maxKind + 1]bool
	shape    string // the outline ReformatPrompt shows
	// dateTime is the compiled schema's check of the GuruResponse's
	// retrieved_at format (nil for custom contracts).
	dateTime func(any) error
	urlNote  string // where URLs may go, for messages and ReformatPrompt
}

// pattern is one compiled Policy entry.
type pattern struct {
	src  string
	segs []pseg
	kind Kind
}

// pseg is one segment of a pattern: "*", or a literal (num >= 0 when it is
// also a canonical array index).
type pseg struct {
	lit  string
	num  int
	wild bool
}

// compilePattern parses a JSON Pointer pattern.
func compilePattern(src string, k Kind) (pattern, error) {
	p := pattern{src: src, kind: k}
	if k < 1 || k > maxKind {
		return p, fmt.Errorf("pattern %q: %v is not a Kind", src, k)
	}
	if !strings.HasPrefix(src, "/") {
		return p, fmt.Errorf("pattern %q: a JSON Pointer starts with '/' (the root is an object, not a string)", src)
	}
	for _, raw := range strings.Split(src[1:], "/") {
		if raw == "*" {
			p.segs = append(p.segs, pseg{wild: true, num: -1})
			continue
		}
		lit, ok := unescapePointer(raw)
		if !ok {
			return p, fmt.Errorf("pattern %q: '~' must be followed by 0 or 1", src)
		}
		p.segs = append(p.segs, pseg{lit: lit, num: arrayIndex(lit)})
	}
	if len(p.segs) > hardMaxDepth {
		return p, fmt.Errorf("pattern %q: deeper than %d levels", src, hardMaxDepth)
	}
	return p, nil
}

// unescapePointer decodes one RFC 6901 reference token.
func unescapePointer(s string) (string, bool) {
	if !strings.Contains(s, "~") {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '~' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 >= len(s) || s[i+1] != '0' && s[i+1] != '1' {
			return "", false
		}
		b.WriteByte("~/"[s[i+1]-'0'])
		i++
	}
	return b.String(), true
}

// arrayIndex returns the array index a pointer segment spells ("0", "12";
// no sign, no leading zero), or -1.
func arrayIndex(s string) int {
	if s == "" || len(s) > 9 || len(s) > 1 && s[0] == '0' {
		return -1
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return -1
		}
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// moreSpecific orders patterns of the same length: at the first segment
// where one is literal and the other "*", the literal one comes first.
func moreSpecific(a, b pattern) int {
	if len(a.segs) != len(b.segs) {
		return len(a.segs) - len(b.segs)
	}
	for i := range a.segs {
		if a.segs[i].wild != b.segs[i].wild {
			if a.segs[i].wild {
				return 1
			}
			return -1
		}
	}
	return strings.Compare(a.src, b.src)
}

// seg is one step of a value's path while the tree is walked: a property
// name, or an array index.
type seg struct {
	key   string
	index int
	isKey bool
}

// kindAt returns the kind of the string at path: the first (most
// specific) matching pattern's, or Prose.
func (ct *contract) kindAt(path []seg) Kind {
	if len(path) > ct.maxLen {
		return Prose
	}
	for i := range ct.patterns {
		if p := &ct.patterns[i]; len(p.segs) == len(path) && p.matches(path) {
			return p.kind
		}
	}
	return Prose
}

func (p *pattern) matches(path []seg) bool {
	for i, s := range p.segs {
		switch {
		case s.wild:
		case path[i].isKey:
			if path[i].key != s.lit {
				return false
			}
		default:
			if path[i].index != s.num {
				return false
			}
		}
	}
	return true
}

// compileContract builds a contract from a schema document (already
// compiled into sch) and a policy.
func compileContract(doc []byte, sch *jsonschema.Schema, p Policy, custom bool) (*contract, error) {
	ct := &contract{custom: custom, schema: sch, known: map[string]bool{}}
	if root := expand(sch); !anyAllows(root, "object") {
		return nil, fmt.Errorf("the schema does not allow an object at the top level")
	}
	for _, src := range slices.Sorted(maps.Keys(p)) {
		pt, err := compilePattern(src, p[src])
		if err != nil {
			return nil, err
		}
		switch reach(sch, pt.segs) {
		case reachNone:
			return nil, fmt.Errorf("pattern %q matches no value the schema allows", src)
		case reachNotString:
			return nil, fmt.Errorf("pattern %q points only at values the schema never allows to be strings", src)
		}
		ct.patterns = append(ct.patterns, pt)
		ct.maxLen = max(ct.maxLen, len(pt.segs))
		ct.has[pt.kind] = true
		for _, s := range pt.segs {
			if !s.wild {
				ct.known[s.lit] = true
			}
		}
	}
	slices.SortFunc(ct.patterns, moreSpecific)
	propertyNames(sch, ct.known, map[*jsonschema.Schema]bool{})
	ct.keyRank = schemaKeyOrder(doc)
	if custom {
		ct.shape = outline(ct, sch)
		ct.urlNote = urlNote(ct)
	}
	return ct, nil
}

// urlNote says, for messages, where the contract admits URLs.
func urlNote(ct *contract) string {
	var where []string
	for _, p := range ct.patterns {
		if kindRules[p.kind].urls && p.kind != FreeText {
			where = append(where, p.src)
		}
	}
	slices.Sort(where)
	if len(where) == 0 {
		return "this response format admits no URLs"
	}
	return "only " + strings.Join(where, ", ") + " may hold URLs"
}

// reachability of a pattern in a schema.
const (
	reachString    = iota // some value at the pattern may be a string
	reachNone             // no value the schema allows is at the pattern
	reachNotString        // values may be there, but never strings
)

// reach follows a pattern through the schema. It errs towards
// reachString: where the schema does not constrain a value, anything may
// be there.
func reach(root *jsonschema.Schema, segs []pseg) int {
	cur, open := schemasAt(root, segs)
	switch {
	case open:
		return reachString
	case len(cur) == 0:
		return reachNone
	case anyAllows(cur, "string"):
		return reachString
	}
	return reachNotString
}

// schemasAt returns the schemas that may describe a value at the pattern,
// or open when somewhere on the way the schema does not constrain it.
func schemasAt(root *jsonschema.Schema, segs []pseg) (cur []*jsonschema.Schema, open bool) {
	cur = expand(root)
	for _, s := range segs {
		var next []*jsonschema.Schema
		for _, sch := range cur {
			subs, open := children(sch, s)
			if open {
				return nil, true
			}
			next = append(next, subs...)
		}
		if len(next) == 0 {
			return nil, false
		}
		cur = expandAll(next)
	}
	return cur, false
}

// expand returns sch and every schema that applies to the same value
// through $ref, $dynamicRef, allOf, anyOf, oneOf, then and else.
func expand(sch *jsonschema.Schema) []*jsonschema.Schema {
	return expandAll([]*jsonschema.Schema{sch})
}

func expandAll(in []*jsonschema.Schema) []*jsonschema.Schema {
	seen := map[*jsonschema.Schema]bool{}
	var out []*jsonschema.Schema
	var add func(s *jsonschema.Schema)
	add = func(s *jsonschema.Schema) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		out = append(out, s)
		add(s.Ref)
		add(s.RecursiveRef)
		if s.DynamicRef != nil {
			add(s.DynamicRef.Ref)
		}
		for _, list := range [][]*jsonschema.Schema{s.AllOf, s.AnyOf, s.OneOf} {
			for _, c := range list {
				add(c)
			}
		}
		add(s.Then)
		add(s.Else)
	}
	for _, s := range in {
		add(s)
	}
	return out
}

// wrapper reports whether sch only refers to other schemas ($ref, allOf,
// anyOf, ...) without constraining the type or the members of a value
// itself: the schemas it refers to, which expand lists beside it, decide.
func wrapper(sch *jsonschema.Schema) bool {
	combines := sch.Ref != nil || sch.RecursiveRef != nil || sch.DynamicRef != nil ||
		len(sch.AllOf) > 0 || len(sch.AnyOf) > 0 || len(sch.OneOf) > 0
	own := sch.Bool != nil || sch.Types != nil || sch.Const != nil || sch.Enum != nil ||
		len(sch.Properties) > 0 || len(sch.PatternProperties) > 0 || sch.AdditionalProperties != nil ||
		sch.Items != nil || sch.Items2020 != nil || len(sch.PrefixItems) > 0
	return combines && !own
}

// allows reports whether sch on its own may accept a value of JSON type
// typ ("object", "array", "string"). A wrapper allows nothing on its own.
func allows(sch *jsonschema.Schema, typ string) bool {
	if sch.Bool != nil {
		return *sch.Bool
	}
	if wrapper(sch) {
		return false
	}
	if sch.Const != nil && jsonType(*sch.Const) != typ {
		return false
	}
	if sch.Enum != nil && !slices.ContainsFunc(sch.Enum.Values, func(v any) bool { return jsonType(v) == typ }) {
		return false
	}
	return sch.Types == nil || sch.Types.IsEmpty() || slices.Contains(sch.Types.ToStrings(), typ)
}

// anyAllows reports whether one of the schemas allows typ. Without
// evaluating allOf and anyOf exactly, this errs towards allowing: New
// refuses only a pattern that certainly cannot match.
func anyAllows(list []*jsonschema.Schema, typ string) bool {
	return slices.ContainsFunc(list, func(s *jsonschema.Schema) bool { return allows(s, typ) })
}

func jsonType(v any) string {
	switch v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	default:
		return "other"
	}
}

// children returns the schemas for the child at segment s of a value that
// sch describes. open means the schema does not constrain that child.
func children(sch *jsonschema.Schema, s pseg) (subs []*jsonschema.Schema, open bool) {
	if sch.Bool != nil {
		return nil, *sch.Bool
	}
	if allows(sch, "object") {
		matched := false
		for name, p := range sch.Properties {
			if s.wild || name == s.lit {
				subs, matched = append(subs, p), true
			}
		}
		for re, p := range sch.PatternProperties {
			if s.wild || re.MatchString(s.lit) {
				subs, matched = append(subs, p), true
			}
		}
		if !matched || s.wild {
			switch ap := sch.AdditionalProperties.(type) {
			case nil:
				if sch.UnevaluatedProperties == nil {
					return nil, true
				}
				subs = append(subs, sch.UnevaluatedProperties)
			case bool:
				if ap {
					return nil, true
				}
			case *jsonschema.Schema:
				subs = append(subs, ap)
			}
		}
	}
	if (s.wild || s.num >= 0) && allows(sch, "array") {
		n := len(subs)
		if s.wild {
			subs = append(subs, sch.PrefixItems...)
		} else if s.num < len(sch.PrefixItems) {
			subs = append(subs, sch.PrefixItems[s.num])
		}
		if sch.Items2020 != nil {
			subs = append(subs, sch.Items2020)
		}
		switch it := sch.Items.(type) {
		case *jsonschema.Schema:
			subs = append(subs, it)
		case []*jsonschema.Schema:
			if s.wild {
				subs = append(subs, it...)
			} else if s.num < len(it) {
				subs = append(subs, it[s.num])
			}
			if ai, ok := sch.AdditionalItems.(*jsonschema.Schema); ok {
				subs = append(subs, ai)
			}
		}
		if len(subs) == n && sch.Items == nil && sch.Items2020 == nil && len(sch.PrefixItems) == 0 {
			return nil, true
		}
	}
	return subs, false
}

// propertyNames adds every property name the schema declares to known.
func propertyNames(sch *jsonschema.Schema, known map[string]bool, seen map[*jsonschema.Schema]bool) {
	if sch == nil || seen[sch] {
		return
	}
	seen[sch] = true
	for name, p := range sch.Properties {
		known[name] = true
		propertyNames(p, known, seen)
	}
	for _, p := range sch.PatternProperties {
		propertyNames(p, known, seen)
	}
	if ap, ok := sch.AdditionalProperties.(*jsonschema.Schema); ok {
		propertyNames(ap, known, seen)
	}
	if it, ok := sch.Items.(*jsonschema.Schema); ok {
		propertyNames(it, known, seen)
	}
	if it, ok := sch.Items.([]*jsonschema.Schema); ok {
		for _, s := range it {
			propertyNames(s, known, seen)
		}
	}
	if ai, ok := sch.AdditionalItems.(*jsonschema.Schema); ok {
		propertyNames(ai, known, seen)
	}
	for _, list := range [][]*jsonschema.Schema{sch.AllOf, sch.AnyOf, sch.OneOf, sch.PrefixItems} {
		for _, s := range list {
			propertyNames(s, known, seen)
		}
	}
	for _, s := range []*jsonschema.Schema{sch.Ref, sch.RecursiveRef, sch.Then, sch.Else, sch.If, sch.Not,
		sch.Items2020, sch.UnevaluatedProperties, sch.UnevaluatedItems, sch.Contains} {
		propertyNames(s, known, seen)
	}
	if sch.DynamicRef != nil {
		propertyNames(sch.DynamicRef.Ref, known, seen)
	}
	for _, s := range sch.DependentSchemas {
		propertyNames(s, known, seen)
	}
}

// schemaKeyOrder ranks the property names of a schema document in the
// order they first appear as members of a "properties" object, so that
// violations sort in the order the schema lists its fields. It reads the
// document with the checker's own parser, which keeps member order.
func schemaKeyOrder(doc []byte) map[string]int {
	nodes, err := parse(string(doc), hardMaxDepth, nil)
	rank := map[string]int{}
	if err != nil {
		return rank
	}
	for i := range nodes {
		if nodes[i].key != "properties" || nodes[i].kind != nObject {
			continue
		}
		for c := nodes[i].first; c >= 0; c = nodes[c].next {
			if _, ok := rank[nodes[c].key]; !ok {
				rank[nodes[c].key] = len(rank) + 1
			}
		}
	}
	return rank
}

// maxOutline bounds the outline of a custom schema shown to the model.
const maxOutline = 1200

// outline renders a one-line example of the shape the schema describes,
// with each string's kind as its placeholder, for ReformatPrompt.
func outline(ct *contract, sch *jsonschema.Schema) string {
	var b strings.Builder
	writeOutline(&b, ct, sch, nil, 0)
	if b.Len() > maxOutline {
		return b.String()[:maxOutline] + " …"
	}
	return b.String()
}

func writeOutline(b *strings.Builder, ct *contract, sch *jsonschema.Schema, path []seg, depth int) {
	if depth > 8 || b.Len() > maxOutline {
		b.WriteString("…")
		return
	}
	list := expand(sch)
	var obj, arr *jsonschema.Schema
	for _, s := range list {
		if s.Const != nil {
			b.WriteString(jsonText(*s.Const))
			return
		}
		if s.Enum != nil {
			vals := make([]string, len(s.Enum.Values))
			for i, v := range s.Enum.Values {
				vals[i] = fmt.Sprint(v)
			}
			b.WriteString(strconv.Quote(strings.Join(vals, "|")))
			return
		}
		if obj == nil && len(s.Properties) > 0 {
			obj = s
		}
		if arr == nil && (s.Items2020 != nil || s.Items != nil || len(s.PrefixItems) > 0) {
			arr = s
		}
	}
	if obj == nil && anyType(list, "object") {
		// A map: show one member, named by what it holds.
		b.WriteByte('{')
		for _, s := range list {
			if ap, ok := s.AdditionalProperties.(*jsonschema.Schema); ok {
				b.WriteString(`"name":`)
				writeOutline(b, ct, ap, append(path, seg{key: "name", isKey: true}), depth+1)
				break
			}
		}
		b.WriteByte('}')
		return
	}
	switch {
	case obj != nil:
		names := slices.Collect(maps.Keys(obj.Properties))
		slices.SortFunc(names, func(a, c string) int {
			ra, rc := ct.keyRank[a], ct.keyRank[c]
			if ra != rc {
				return ra - rc
			}
			return strings.Compare(a, c)
		})
		b.WriteByte('{')
		for i, name := range names {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Quote(name))
			b.WriteByte(':')
			writeOutline(b, ct, obj.Properties[name], append(path, seg{key: name, isKey: true}), depth+1)
		}
		b.WriteByte('}')
	case arr != nil:
		item := arr.Items2020
		if item == nil && len(arr.PrefixItems) > 0 {
			item = arr.PrefixItems[0]
		}
		if it, ok := arr.Items.(*jsonschema.Schema); ok && item == nil {
			item = it
		}
		b.WriteByte('[')
		if item != nil {
			writeOutline(b, ct, item, append(path, seg{index: 0}), depth+1)
		}
		b.WriteByte(']')
	case anyType(list, "string"):
		b.WriteString(placeholder(ct.kindAt(path), list))
	case anyType(list, "integer"), anyType(list, "number"):
		b.WriteString("0")
	case anyType(list, "boolean"):
		b.WriteString("true")
	case anyType(list, "null"):
		b.WriteString("null")
	default:
		b.WriteString("…")
	}
}

// anyType reports whether one of the schemas names typ in "type".
func anyType(list []*jsonschema.Schema, typ string) bool {
	for _, s := range list {
		if s.Types != nil && slices.Contains(s.Types.ToStrings(), typ) {
			return true
		}
	}
	return false
}

// placeholder is the outline's text for a string of kind k.
func placeholder(k Kind, list []*jsonschema.Schema) string {
	for _, s := range list {
		if s.Format != nil && s.Format.Name == "date-time" {
			return `"2026-05-01T12:00:00Z"`
		}
	}
	switch k {
	case Question:
		return `"...?"`
	case SourceURL:
		return `"https://..."`
	case Identifier:
		return `"id"`
	case Service:
		return `"service-name"`
	case ContextRef:
		return `"file:path#L1-L20"`
	default:
		return `"..."`
	}
}

// shellSyntax reports whether text holds syntax only a shell gives
// meaning to: a flag, a pipe, a redirection, a substitution or sudo. A
// search query ([Query]) is a command only with it.
func shellSyntax(text string) bool {
	return strings.Contains(text, " -") || strings.HasPrefix(text, "-") || strings.ContainsAny(text, "|>`$") ||
		strings.Contains(text, "sudo ")
}
