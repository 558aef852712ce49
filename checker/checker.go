package checker

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/wardline/wardline/guard"
)

// Checker validates responses against a contract: the GuruResponse, or
// the application's own (see [WithContract]). Build one with [New] and
// reuse it: New compiles the schema once, and a Checker is safe for
// concurrent use by multiple goroutines.
//
// The zero Checker (and a nil *Checker) is usable and behaves like the
// package-level [Validate]: the strictest, default configuration.
type Checker struct {
	cfg  config
	con  *contract
	scan *scanner
}

// Violation is one broken rule. Rule is a stable dotted id (see [Rules]),
// Path a JSON Pointer to the offending value ("/repo_facts/2"; "" for the
// whole input), Message a short explanation that never contains a secret.
type Violation struct {
	Rule    string
	Path    string
	Message string
}

// String formats the violation as "rule at path: message".
func (v Violation) String() string {
	p := v.Path
	if p == "" {
		p = "/"
	}
	return v.Rule + " at " + p + ": " + v.Message
}

// Rejection is the error Validate returns for a blocked response; get it
// with errors.As. Violations is never empty and is sorted by path (document
// order), then rule id, then message.
type Rejection struct {
	Violations []Violation

	con *contract // the contract checked, for ReformatPrompt; nil: the GuruResponse
}

// maxErrorViolations bounds how many violations Error spells out.
const maxErrorViolations = 10

// Error lists the violations on one line (the first ten, then a count).
func (r *Rejection) Error() string {
	var b strings.Builder
	b.WriteString("checker: response rejected: ")
	for i, v := range r.Violations {
		if i > 0 {
			b.WriteString("; ")
		}
		if i == maxErrorViolations {
			fmt.Fprintf(&b, "and %d more", len(r.Violations)-i)
			break
		}
		b.WriteString(v.String())
	}
	return b.String()
}

// Rules returns the distinct rule ids of the violations, sorted.
func (r *Rejection) Rules() []string {
	var ids []string
	for _, v := range r.Violations {
		ids = append(ids, v.Rule)
	}
	sortStrings(ids)
	return slices.Compact(ids)
}

// errNoDetectors is returned by New when a detector set (only tests can
// supply one) lacks a detector: the checker refuses to run without all of
// them.
var errNoDetectors = errors.New("checker: a guard text detector is missing")

// ErrCustomContract is returned by [Checker.Validate], whose result is a
// GuruResponse, when the Checker was built [WithContract] another
// contract: use [Checker.ValidateInto].
var ErrCustomContract = errors.New("checker: this Checker checks a custom contract; Validate returns only GuruResponses (use ValidateInto)")

// New builds a Checker. With no options it is the strictest configuration
// of the GuruResponse contract: default limits, every rule blocking, any
// source domain and any service name. It compiles the schema and, with
// the guard detectors (the default), has them build their tables
// ([guard.Warm]: tens of milliseconds the first time in a process,
// nothing after), so that the first Validate costs what later ones do.
// Call it once and reuse the result.
func New(opts ...Option) (*Checker, error) {
	cfg := config{limits: defaultLimits}
	for i, o := range opts {
		if o == nil {
			return nil, fmt.Errorf("%w: option %d is nil", ErrInvalidOption, i)
		}
		if err := o(&cfg); err != nil {
			return nil, err
		}
	}
	scan := cfg.scan
	if scan == nil {
		scan = guardScanner()
	}
	if !scan.complete() {
		return nil, errNoDetectors
	}
	if cfg.scan == nil {
		guard.Warm()
	}
	var con *contract
	var err error
	if cfg.contract == nil {
		con, err = guruContract(cfg.limits)
	} else {
		con, err = customContract(&cfg)
	}
	if err != nil {
		return nil, err
	}
	if len(cfg.domains) > 0 && !con.has[SourceURL] {
		return nil, fmt.Errorf("%w: WithAllowedDomains conflicts with WithContract: the policy has no SourceURL field", ErrInvalidOption)
	}
	if len(cfg.services) > 0 && !con.has[Service] {
		return nil, fmt.Errorf("%w: WithAllowedServices conflicts with WithContract: the policy has no Service field", ErrInvalidOption)
	}
	return &Checker{cfg: cfg, con: con, scan: scan}, nil
}

var defaultChecker = sync.OnceValues(func() (*Checker, error) { return New() })

// Validate checks raw model output with the default Checker (built on first
// use). It returns a nil Response whenever it returns an error; a blocked
// response yields a *[Rejection].
func Validate(raw []byte) (*Response, error) {
	c, err := defaultChecker()
	if err != nil {
		return nil, err
	}
	return c.Validate(raw)
}

// scratch is per-call working memory, pooled so that a typical call
// allocates little.
type scratch struct {
	parse  parseBufs
	fields []field
	vs     []Violation
	path   []seg
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// Validate checks raw model output: size, strict JSON, schema, then the
// facts-only rules on every string. It returns a nil Response whenever it
// returns an error; a blocked response yields a *[Rejection] listing every
// violation found. A Checker built [WithContract] a custom contract
// returns [ErrCustomContract]: use [Checker.ValidateInto].
func (c *Checker) Validate(raw []byte) (*Response, error) {
	c, err := c.orDefault()
	if err != nil {
		return nil, err
	}
	if c.con.custom {
		return nil, ErrCustomContract
	}
	resp, _, err := c.run(raw)
	return resp, err
}

// ValidateInto checks raw model output against the Checker's contract as
// [Checker.Validate] does and, when it passes, decodes it into v, which
// must be a non-nil pointer, with encoding/json. It works for every
// contract: the GuruResponse (v may be a *[Response]) and custom ones.
//
// v is written only when the response passes and decodes: on any error it
// is left as it was. The error is a *[Rejection] for a blocked response,
// or an error starting with "checker: decode" when the validated JSON does
// not fit v's Go type (a mismatch between v and the schema). warnings are
// the violations of rules downgraded with [WithRuleAsWarningUnsafe]; nil
// without that option.
//
// Decoding costs what encoding/json costs on top of the validation; the
// custom contract's schema is evaluated by the JSON Schema engine on every
// call (see BenchmarkValidateContract).
func (c *Checker) ValidateInto(raw []byte, v any) (warnings []Violation, err error) {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() || rv.Kind() != reflect.Pointer || rv.IsNil() {
		return nil, fmt.Errorf("checker: ValidateInto needs a non-nil pointer, got %T", v)
	}
	c, err = c.orDefault()
	if err != nil {
		return nil, err
	}
	resp, warnings, err := c.run(raw)
	if err != nil {
		return nil, err
	}
	if p, ok := v.(*Response); ok && resp != nil {
		*p = *resp
		return warnings, nil
	}
	// Decode into a fresh value so that v is untouched on a decode error.
	fresh := reflect.New(rv.Type().Elem())
	if err := json.Unmarshal(raw, fresh.Interface()); err != nil {
		return nil, fmt.Errorf("checker: decode into %T: %w", v, err)
	}
	rv.Elem().Set(fresh.Elem())
	return warnings, nil
}

// orDefault returns c, or the default Checker for a zero or nil one.
func (c *Checker) orDefault() (*Checker, error) {
	if c == nil || c.con == nil {
		return defaultChecker()
	}
	return c, nil
}

// run validates raw against c's contract. For the GuruResponse it also
// builds the Response (custom contracts: nil). It returns the warnings of
// downgraded rules, or a nil Response and an error.
func (c *Checker) run(raw []byte) (*Response, []Violation, error) {
	lim := c.cfg.limits
	if len(raw) > lim.MaxBytes {
		return nil, nil, c.reject([]Violation{{
			Rule:    RuleJSONSyntax,
			Message: fmt.Sprintf("the output is %d bytes; the limit is %d", len(raw), lim.MaxBytes),
		}})
	}
	st := scratchPool.Get().(*scratch)
	defer func() {
		clear(st.parse.nodes) // drop string references before pooling
		clear(st.fields)
		clear(st.vs)
		st.vs = st.vs[:0]
		scratchPool.Put(st)
	}()

	src := string(raw)
	nodes, serr := parseWith(src, lim.MaxDepth, &st.parse)
	if serr != nil {
		return nil, nil, c.reject([]Violation{{
			Rule:    RuleJSONSyntax,
			Path:    serr.path,
			Message: fmt.Sprintf("%s (at byte %d)", serr.msg, serr.off),
		}})
	}
	var resp *Response
	var schemaVs []Violation
	if c.con.custom {
		schemaVs = c.schemaViolations(nodes, 0)
		st.fields = c.con.collect(nodes, 0, st.path[:0], -1, st.fields[:0])
	} else {
		d := decoder{nodes: nodes, limits: lim, fields: st.fields[:0], dateTime: c.con.dateTime}
		var ok bool
		resp, ok = d.decodeResponse(0)
		st.fields = d.fields
		if !ok {
			schemaVs = c.schemaViolations(nodes, 0)
			// Report the content rules too, on every string of the tree,
			// so the model learns everything that is wrong in one round
			// trip.
			st.fields = c.con.collect(nodes, 0, st.path[:0], -1, st.fields[:0])
		}
	}

	vs := c.contentRules(src, nodes, st.fields, st.vs[:0])
	st.vs = vs
	if len(schemaVs) > 0 {
		for _, v := range vs {
			if c.cfg.severity[v.Rule] == block {
				schemaVs = append(schemaVs, v)
			}
		}
		return nil, nil, c.reject(schemaVs)
	}
	if len(vs) == 0 {
		return resp, nil, nil
	}
	nb, nw := partition(vs, c.cfg.severity)
	if nb > 0 {
		return nil, nil, c.reject(vs[:nb])
	}
	var warnings []Violation
	if nw > 0 {
		warnings = mergeViolations(vs[nb:nb+nw], c.con.keyRank)
		if resp != nil {
			resp.warnings = warnings
		}
	}
	return resp, warnings, nil
}

// reject builds the Rejection for vs (sorted and merged; vs may be pooled
// memory, the Rejection holds a copy).
func (c *Checker) reject(vs []Violation) *Rejection {
	r := &Rejection{Violations: mergeViolations(vs, c.con.keyRank)}
	if c.con.custom {
		r.con = c.con
	}
	return r
}

// partition reorders the (pooled) violations in place: the nb blocking
// ones first, then the nw warnings, then those of rules that are off. The
// order within each part does not matter, as mergeViolations sorts by
// path, rule and message, the whole of a violation.
func partition(vs []Violation, sev map[string]severity) (nb, nw int) {
	for i, v := range vs {
		switch sev[v.Rule] {
		case block:
			vs[i], vs[nb+nw] = vs[nb+nw], vs[i]
			vs[nb+nw], vs[nb] = vs[nb], vs[nb+nw]
			nb++
		case warn:
			vs[i], vs[nb+nw] = vs[nb+nw], vs[i]
			nw++
		}
	}
	return nb, nw
}

// enabled reports whether any of the rules is not switched off.
func (c *Checker) enabled(ids ...string) bool {
	for _, id := range ids {
		if c.cfg.severity[id] != off {
			return true
		}
	}
	return false
}

// contentRules runs the facts-only rules on every field, each as its
// kind says, and appends the violations to vs.
func (c *Checker) contentRules(src string, nodes []node, fields []field, vs []Violation) []Violation {
	s := c.scan
	runInstr := c.enabled(RuleImperative, RuleModal, RuleCommand, RuleSteps, RuleInjection)
	runSecrets := c.enabled(RuleSecret)
	runURLs := c.enabled(RuleExfilURL)
	runExfil := c.enabled(RuleExfilURL, RuleExfilRequest)
	runMD := c.enabled(RuleMarkdown)
	runLang := c.enabled(RuleLanguage)

	// Secrets: the whole input once (a secret split across two fields, or
	// spanning JSON punctuation, is still a secret in the output), then
	// every string whose decoded text differs from its bytes in the input.
	// When the input holds a secret, no message quotes any text at all.
	quoteOK := true
	if runSecrets {
		for _, fd := range s.secrets(src) {
			quoteOK = false
			path := ""
			for k := range fields {
				if f := &fields[k]; int32(fd.Start) >= f.start && int32(fd.Start) < f.end {
					path = f.path(nodes)
					break
				}
			}
			vs = append(vs, Violation{Rule: RuleSecret, Path: path, Message: fmt.Sprintf("a secret (gitleaks rule %s)", secretID(fd.Rule))})
		}
	}
	urlMsg := "" // the message of a misplaced URL, built once
	for k := range fields {
		f := &fields[k]
		as := f.kindOf()
		kr := kindRules[as]
		hasSecret := !quoteOK
		// The field's JSON Pointer, built once: a field may hold many
		// findings (one per URL of a crafted run).
		fieldPath := ""
		pathOf := func() string {
			if fieldPath == "" {
				fieldPath = f.path(nodes)
			}
			return fieldPath
		}
		// A string without escapes is a slice of the input the whole-input
		// scan above has read already; only decoded strings differ from
		// their bytes in the input (a secret spelled with \u escapes).
		if runSecrets && f.escaped() {
			for _, fd := range s.secrets(f.text) {
				hasSecret = true
				vs = append(vs, Violation{Rule: RuleSecret, Path: pathOf(), Message: fmt.Sprintf("a secret (gitleaks rule %s)", secretID(fd.Rule))})
			}
		}
		// A well-formed context reference ("file:<relative path>#L1-L20")
		// is a repository pointer, not a file: URL.
		fieldExfil := runExfil && !(as == ContextRef && validContextRef(f.text))
		fieldInstr := runInstr && kr.instr != instrNone
		// A field both detectors read is normalised once for the two.
		var sh sharedNorm
		if fieldExfil && fieldInstr {
			sh = s.shareNorm(f.text)
		}
		sc := s.exfilAndURLs(f.text, fieldExfil, runURLs && !kr.urls, &sh)
		for _, fd := range sc.exfil {
			rule := fd.Rule
			if rule != RuleExfilRequest {
				rule = RuleExfilURL
				hasSecret = true // a payload URL may carry data: quote nothing from this field
			}
			vs = append(vs, Violation{Rule: rule, Path: pathOf(), Message: ruleDesc(rule)})
		}
		if sc.urls > 0 && urlMsg == "" {
			urlMsg = "a URL in a field where URLs are not allowed (" + c.con.urlNote + ")"
		}
		for range sc.urls {
			hasSecret = true
			vs = append(vs, Violation{Rule: RuleExfilURL, Path: pathOf(), Message: urlMsg})
		}
		if fieldInstr {
			lastMsg := "" // the last quoted message, for a repeated finding ("pat. pat. ...")
			for _, fd := range s.instructionsOf(f.text, &sh) {
				rule := fd.Rule
				if _, known := rules[rule]; !known && !strings.HasPrefix(rule, "instruction.") {
					rule = RuleInjection
				}
				if kr.instr == instrStrict && rule != RuleCommand && rule != RuleInjection {
					continue
				}
				if kr.instr == instrQuery && (rule == RuleImperative || rule == RuleModal) {
					// A query is addressed to the service it names, not to
					// the reader: "SELECT user_email FROM ...", "List the
					// open PRs touching auth/", "histogram_quantile(...)".
					continue
				}
				if kr.instr == instrQuery && rule == RuleCommand && !shellSyntax(f.text[fd.Start:fd.End]) {
					// A search query: "service=checkout status=5xx since
					// 2026-02-01" has the shape of a command line and is not
					// one; only shell syntax makes it one.
					continue
				}
				msg := ruleDesc(rule)
				if !hasSecret {
					var buf [128 + quoteBuf]byte
					if m, ok := appendQuote(append(append(buf[:0], msg...), ": "...), f.text, fd.Start, fd.End); ok {
						if string(m) != lastMsg {
							lastMsg = string(m)
						}
						msg = lastMsg
					}
				}
				vs = append(vs, Violation{Rule: rule, Path: pathOf(), Message: msg})
			}
		}
		if runLang && kr.language {
			if _, lang, bad := c.cfg.langs.Unreadable(f.text); bad {
				vs = append(vs, Violation{Rule: RuleLanguage, Path: pathOf(), Message: fmt.Sprintf("a sentence in a language the checker does not read (%s); write every field in English (or a language the application allows)", lang)})
			}
		}
		if runMD && kr.markdown {
			suspect, plain := mdScan(f.text)
			reason := ""
			if suspect {
				reason = markdownChecked(f.text)
			}
			if reason == "" && !plain {
				// Fullwidth asterisks, zero-width joiners and the like
				// hide markup that Normalize restores.
				reason = markdownReason(s.normalized(f.text, &sc))
			}
			if reason != "" {
				vs = append(vs, Violation{Rule: RuleMarkdown, Path: pathOf(), Message: reason + "; every field is one paragraph of plain text"})
			}
		}
		vs = c.fieldRules(f, as, nodes, vs)
	}
	return vs
}

func ruleDesc(rule string) string {
	if info, ok := rules[rule]; ok {
		return info.desc
	}
	return "a facts-only rule"
}

// secretID returns the gitleaks rule id of a "secret.<id>" finding rule,
// or "unknown".
func secretID(rule string) string {
	if id, ok := strings.CutPrefix(rule, "secret."); ok && id != "" && len(id) <= 64 {
		return id
	}
	return "unknown"
}

// quote renders a short excerpt of s[start:end] for a message: at most 48
// characters, control and format characters removed, and any word longer
// than 24 characters elided so that nothing key-shaped is ever quoted. It
// returns "" when the span is empty or out of range.
func quote(s string, start, end int) string {
	var buf [quoteBuf]byte
	q, ok := appendQuote(buf[:0], s, start, end)
	if !ok {
		return ""
	}
	return string(q)
}

// quoteBuf holds any excerpt appendQuote writes: 48 characters of up to 4
// bytes, each escaped to at most 10 bytes (\U0010ffff), separators, the
// ellipsis and the quotes.
const quoteBuf = 48*10 + 64

// appendQuote appends what quote returns to dst (false: nothing to quote),
// allocating nothing when dst has room: the excerpt is assembled on the
// stack and then quoted exactly as strconv.Quote would.
func appendQuote(dst []byte, s string, start, end int) ([]byte, bool) {
	if start < 0 || end > len(s) || start >= end {
		return dst, false
	}
	var buf [48*4 + 64]byte
	b := buf[:0]
	n := 0
	for w := range strings.FieldsSeq(s[start:end]) {
		if utf8.RuneCountInString(w) > 24 {
			w = "…"
		}
		for _, r := range w {
			if r < utf8.RuneSelf {
				// ASCII: a control character is below ' ' or DEL; no
				// format character (Cf) is ASCII.
				if r < ' ' || r == 0x7f {
					continue
				}
			} else if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == utf8.RuneError {
				continue
			}
			if n == 48 {
				b = append(b, "…"...)
				return appendQuoted(dst, b), true
			}
			b = utf8.AppendRune(b, r)
			n++
		}
		if n < 48 {
			b = append(b, ' ')
			n++
		}
	}
	return appendQuoted(dst, bytes.TrimSpace(b)), true
}

// appendQuoted appends strconv.Quote(string(b)) for valid UTF-8 b without
// converting b to a string: Quote escapes rune by rune, exactly as
// QuoteRune does between its single quotes except for the two quote
// characters themselves.
func appendQuoted(dst, b []byte) []byte {
	dst = append(dst, '"')
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		switch {
		case r == '"':
			dst = append(dst, '\\', '"')
		case r == '\'':
			dst = append(dst, '\'')
		case ' ' <= r && r < 0x7f && r != '\\':
			dst = append(dst, byte(r)) // printable ASCII quotes as itself
		default:
			mark := len(dst)
			dst = strconv.AppendQuoteRune(dst, r)
			dst = append(dst[:mark], dst[mark+1:len(dst)-1]...)
		}
	}
	return append(dst, '"')
}

// mergeViolations sorts vs (property names ranked by rank, see
// comparePointers) and merges violations of the same rule at the same
// path into one (the first message, with a count of the others).
func mergeViolations(vs []Violation, rank map[string]int) []Violation {
	if runs := identicalRuns(vs); runs > 0 {
		return mergeRuns(vs, runs, rank)
	}
	sortViolations(vs, rank)
	out := make([]Violation, 0, len(vs))
	for i := 0; i < len(vs); {
		j := i + 1
		for j < len(vs) && vs[j].Rule == vs[i].Rule && vs[j].Path == vs[i].Path {
			j++
		}
		v := vs[i]
		if j-i > 1 {
			v.Message += fmt.Sprintf(" (and %d more)", j-i-1)
		}
		out = append(out, v)
		i = j
	}
	return out
}

// identicalRuns returns how many runs of identical violations vs holds
// when some run holds more than one (a finding repeated in one field,
// "pat. pat. ..."), and 0 otherwise.
func identicalRuns(vs []Violation) int {
	runs := 0
	for i := range vs {
		if i == 0 || vs[i] != vs[i-1] {
			runs++
		}
	}
	if runs == len(vs) {
		return 0
	}
	return runs
}

// mergeRuns is mergeViolations for vs of runs runs of identical
// violations: each run is sorted as one violation with its count. A
// stable sort keeps a run's violations together (nothing that compares
// equal to them stood between them), so the groups, their first
// violations and their sizes are those mergeViolations finds.
func mergeRuns(vs []Violation, runs int, rank map[string]int) []Violation {
	type run struct {
		v Violation
		n int
	}
	rs := make([]run, 0, runs)
	for i, v := range vs {
		if i > 0 && v == vs[i-1] {
			rs[len(rs)-1].n++
			continue
		}
		rs = append(rs, run{v, 1})
	}
	slices.SortStableFunc(rs, func(a, b run) int { return compareViolations(a.v, b.v, rank) })
	out := make([]Violation, 0, len(rs))
	for i := 0; i < len(rs); {
		n := rs[i].n
		j := i + 1
		for j < len(rs) && rs[j].v.Rule == rs[i].v.Rule && rs[j].v.Path == rs[i].v.Path {
			n += rs[j].n
			j++
		}
		v := rs[i].v
		if n > 1 {
			v.Message += fmt.Sprintf(" (and %d more)", n-1)
		}
		out = append(out, v)
		i = j
	}
	return out
}

// sortViolations orders violations by path in the order of the schema
// (array indices compared as numbers), then rule id, then message.
func sortViolations(vs []Violation, rank map[string]int) {
	slices.SortStableFunc(vs, func(a, b Violation) int { return compareViolations(a, b, rank) })
}

// compareViolations is sortViolations' order.
func compareViolations(a, b Violation, rank map[string]int) int {
	if c := comparePointers(a.Path, b.Path, rank); c != 0 {
		return c
	}
	return cmp.Or(strings.Compare(a.Rule, b.Rule), strings.Compare(a.Message, b.Message))
}

// comparePointers orders JSON Pointers segment by segment: array indices
// as numbers, property names by their rank (the order in which the schema
// lists them; names it does not list come after, in byte order).
func comparePointers(a, b string, rank map[string]int) int {
	for a != "" && b != "" {
		var sa, sb string
		sa, a = nextSeg(a)
		sb, b = nextSeg(b)
		if sa == sb {
			continue
		}
		na, oka := atoi(sa)
		nb, okb := atoi(sb)
		if oka && okb {
			return cmp.Compare(na, nb)
		}
		return cmp.Or(cmp.Compare(keyRank(rank, sa), keyRank(rank, sb)), strings.Compare(sa, sb))
	}
	return cmp.Compare(len(a), len(b))
}

func keyRank(rank map[string]int, k string) int {
	if r, ok := rank[k]; ok {
		return r
	}
	return len(rank) + 1
}

// atoi is strconv.Atoi without the error value, which allocates: sorting
// violations compares many key segments ("summary") that are not numbers.
func atoi(s string) (int, bool) {
	d := s
	if len(d) > 0 && (d[0] == '+' || d[0] == '-') {
		d = d[1:]
	}
	if len(d) == 0 || len(d) > 18 {
		if len(d) == 0 {
			return 0, false
		}
		n, err := strconv.Atoi(s) // may overflow: let strconv decide
		return n, err == nil
	}
	n := 0
	for i := 0; i < len(d); i++ {
		c := d[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if s[0] == '-' {
		n = -n
	}
	return n, true
}

func nextSeg(p string) (seg, rest string) {
	p = strings.TrimPrefix(p, "/")
	if i := strings.IndexByte(p, '/'); i >= 0 {
		return p[:i], p[i:]
	}
	return p, ""
}

func sortStrings(s []string) { slices.Sort(s) }

// plainASCII reports whether s is printable ASCII plus tab and newlines:
// normalising such text only folds case and collapses spaces, which can
// remove markup but never create it.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0x7f {
			return false
		}
	}
	return true
}
