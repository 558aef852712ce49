package citation

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wardline/wardline/citation/internal/page"
	"github.com/wardline/wardline/citation/internal/pathrule"
)

// Kind is the stable id of a citation problem. Kind implements error so that
// errors.Is(err, KindQuoteNotFound) matches any [Problem] of that kind.
type Kind string

// The kinds of [Problem] Verify reports. Every kind blocks a write; the kind
// says why, so that a tool can tell the agent what to fix.
const (
	// KindMissingSource: the cited source is not a readable regular file in
	// the sources, is larger than the limit ([WithMaxSourceBytes]), or is
	// not under the source prefix ("raw/").
	KindMissingSource Kind = "missing-source"
	// KindQuoteNotFound: the quote does not occur in the source, not even
	// as long fragments, and nothing shows that the source has changed.
	KindQuoteNotFound Kind = "quote-not-found"
	// KindHashMismatch: the anchor's hash is not QuoteHash(quote); the quote
	// or its hash was edited after anchoring.
	KindHashMismatch Kind = "hash-mismatch"
	// KindSourceDrifted: the quote and its hash agree and the definition
	// records the source's digest at anchoring time, the source's bytes no
	// longer have that digest, and the quote no longer occurs in it. The
	// source changed under the page; the page is never re-anchored silently.
	KindSourceDrifted Kind = "source-drifted"
	// KindTooShort: the normalised quote has fewer runes than the minimum
	// (default 20); a short quote proves nothing.
	KindTooShort Kind = "too-short"
	// KindStitched: the quote does not occur as one run but is covered by
	// 2 to 16 fragments of at least 10 runes that each do (after splitting
	// at any ellipsis, "..." or "…").
	KindStitched Kind = "stitched"
	// KindUnreferencedDefinition: a definition no "[^label]" refers to.
	KindUnreferencedDefinition Kind = "unreferenced-definition"
	// KindUndefinedReference: a "[^label]" with no definition.
	KindUndefinedReference Kind = "undefined-reference"
	// KindDuplicateDefinition: a second definition for a label already
	// defined; only the first counts.
	KindDuplicateDefinition Kind = "duplicate-definition"
	// KindMalformedDefinition: a definition that does not follow the
	// grammar in the package documentation.
	KindMalformedDefinition Kind = "malformed-definition"
	// KindUncitedPage: a body page without a single footnote citation.
	KindUncitedPage Kind = "uncited-page"
	// KindUncitedParagraph: on a body page that cites, a paragraph or list
	// item without a footnote reference, or a code or HTML block (which
	// cannot carry one). See "Citation policy" in the package
	// documentation.
	KindUncitedParagraph Kind = "uncited-paragraph"
	// KindInvalidName: the page name given to [Verifier.Verify] or
	// [Verifier.VerifyStructural] is not a valid wiki-relative path.
	KindInvalidName Kind = "invalid-name"
)

// Kinds returns every Kind, in a stable order. Each call returns a new
// slice.
func Kinds() []Kind {
	return []Kind{
		KindMissingSource, KindQuoteNotFound, KindHashMismatch, KindSourceDrifted,
		KindTooShort, KindStitched, KindUnreferencedDefinition, KindUndefinedReference,
		KindDuplicateDefinition, KindMalformedDefinition, KindUncitedPage,
		KindUncitedParagraph, KindInvalidName,
	}
}

// Error implements error, so that errors.Is(problem, KindStitched) works.
func (k Kind) Error() string { return string(k) }

// Problem is one reason a page fails verification. Problem is an error:
// errors.Is(p, KindStitched) tests its kind and errors.As(err, &p) recovers
// it from an error made by [Join]. Problems never quote page or source text.
type Problem struct {
	Kind   Kind
	Label  string // footnote label; empty for page-level problems
	Source string // the cited source as written; empty if none
	Line   int    // 1-based line in the page; 0 if unknown
	Detail string // one sentence for a human or an agent
}

// Error implements error: the line, the footnote, the kind and the detail.
func (p Problem) Error() string {
	var b strings.Builder
	b.WriteString("citation: ")
	if p.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", p.Line)
	}
	if p.Label != "" {
		fmt.Fprintf(&b, "[^%s] ", p.Label)
	}
	if p.Source != "" {
		b.WriteString(p.Source)
		b.WriteString(": ")
	}
	b.WriteString(string(p.Kind))
	if p.Detail != "" {
		b.WriteString(": ")
		b.WriteString(p.Detail)
	}
	return b.String()
}

// Is reports whether target is p's Kind.
func (p Problem) Is(target error) bool {
	k, ok := target.(Kind)
	return ok && k == p.Kind
}

// Join returns nil for no problems and otherwise one error wrapping them
// all, for tools that return a single error. errors.Is and errors.As see
// every Problem in it.
func Join(problems []Problem) error {
	if len(problems) == 0 {
		return nil
	}
	errs := make([]error, len(problems))
	for i, p := range problems {
		errs[i] = p
	}
	return errors.Join(errs...)
}

// DefaultMinQuote is the minimum quote length in runes (after normalisation).
const DefaultMinQuote = 20

// DefaultSourcePrefix is the prefix every cited source must carry; Verify
// strips it before opening the file in sources.
const DefaultSourcePrefix = "raw/"

// DefaultMaxSourceBytes bounds how much of a source Verify reads; a larger
// source is reported as missing.
const DefaultMaxSourceBytes = 16 << 20

// DefaultStructural returns the pages [Verifier.VerifyStructural] exempts
// from needing a citation when [WithStructural] is not given: overview.md,
// index.md and log.md, relative to the wiki directory. Each call returns a
// new slice.
func DefaultStructural() []string { return []string{"overview.md", "index.md", "log.md"} }

// stitchMinFragment is the shortest fragment (in runes) that counts towards
// a stitched quote; shorter common words prove nothing. A quote that needs
// more than stitchMaxPieces fragments is reported as not found; the bound
// keeps the check's cost at a few scans of the source.
const (
	stitchMinFragment = 10
	stitchMaxPieces   = 16
)

// maxCandidates bounds how many occurrences of a quote findVerbatim
// inspects for token boundaries, so that repetitive sources cannot make a
// call quadratic.
const maxCandidates = 1000

// Verifier verifies wiki pages. Its zero value is ready to use and applies
// the defaults: 20-rune minimum, "raw/" source prefix, [DefaultStructural],
// [DefaultMaxSourceBytes]. A nil *Verifier behaves like the zero value. A
// Verifier is immutable after [New] and safe for concurrent use.
type Verifier struct {
	minQuote   int
	prefix     string
	maxSource  int64
	structural []string
	custom     bool // structural was set by an option (may be empty)
}

// Option configures a [Verifier]; a bad or nil option makes [New] fail.
type Option func(*Verifier) error

// New returns a Verifier with the defaults changed by opts.
func New(opts ...Option) (*Verifier, error) {
	v := &Verifier{}
	for _, o := range opts {
		if o == nil {
			return nil, errors.New("citation: nil Option")
		}
		if err := o(v); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// WithMinQuote sets the minimum quote length in runes. n must be at least
// 1; values below DefaultMinQuote loosen the check and accept quotes that
// may prove nothing.
func WithMinQuote(n int) Option {
	return func(v *Verifier) error {
		if n < 1 {
			return fmt.Errorf("citation: WithMinQuote(%d): minimum must be at least 1", n)
		}
		v.minQuote = n
		return nil
	}
}

// WithSourcePrefix sets the prefix cited sources must carry (default
// "raw/"). It must be a valid slash-separated directory path ending in "/".
func WithSourcePrefix(prefix string) Option {
	return func(v *Verifier) error {
		d, ok := strings.CutSuffix(prefix, "/")
		if !ok || pathrule.Check(d) != "" {
			return fmt.Errorf("citation: WithSourcePrefix(%q): want a relative directory ending in '/'", prefix)
		}
		v.prefix = prefix
		return nil
	}
}

// WithMaxSourceBytes bounds how many bytes of a source Verify and Anchor
// read (default [DefaultMaxSourceBytes]); a larger source is reported as
// [KindMissingSource]. n must be at least 1.
func WithMaxSourceBytes(n int64) Option {
	return func(v *Verifier) error {
		if n < 1 {
			return fmt.Errorf("citation: WithMaxSourceBytes(%d): the limit must be at least 1", n)
		}
		v.maxSource = n
		return nil
	}
}

// WithStructural replaces [DefaultStructural]: the pages, relative to the
// wiki directory, that [Verifier.VerifyStructural] exempts from needing a
// citation. Each entry names one page ("index.md"); directories are not
// accepted, because an agent that chooses a page's path could then choose
// the exemption. No entries means every page needs a citation.
func WithStructural(pages ...string) Option {
	return func(v *Verifier) error {
		for _, e := range pages {
			if d := pathrule.Check(e); d != "" {
				return fmt.Errorf("citation: WithStructural: %+q is not a page path: %s", e, d)
			}
		}
		v.structural = slices.Clone(pages)
		v.custom = true
		return nil
	}
}

func (v *Verifier) min() int {
	if v.minQuote > 0 {
		return v.minQuote
	}
	return DefaultMinQuote
}

func (v *Verifier) sourcePrefix() string {
	if v.prefix != "" {
		return v.prefix
	}
	return DefaultSourcePrefix
}

func (v *Verifier) sourceLimit() int64 {
	if v.maxSource > 0 {
		return v.maxSource
	}
	return DefaultMaxSourceBytes
}

// IsStructural reports whether name (relative to the wiki directory, e.g.
// "index.md") is one of the verifier's structural pages. The name must be
// a valid path ("archives/../index.md" is not) and equal to an entry,
// ignoring case and normalisation form as case-insensitive file systems
// do.
func (v *Verifier) IsStructural(name string) bool {
	if v == nil {
		v = &defaultVerifier
	}
	if pathrule.Check(name) != "" {
		return false
	}
	list := v.structural
	if !v.custom {
		list = DefaultStructural()
	}
	for _, e := range list {
		if pathrule.SameName(name, e) {
			return true
		}
	}
	return false
}

var defaultVerifier Verifier

// Verify verifies page as a body page with the default [Verifier]: every
// footnote definition follows the grammar, is referenced, names a source in
// sources (after stripping "raw/"), carries a quote of at least 20 runes
// that occurs verbatim in that source and whose hash matches; every
// reference is defined; and every paragraph cites (see "Citation policy" in
// the package documentation). An empty result means the page passes.
// Problems are sorted by line, label and kind.
//
// Use an fs.FS that cannot escape its directory and does not block, such as
// workspace.Workspace.Sources; os.DirFS follows symbolic links out of raw/,
// and an fs.FS without Stat may block opening a FIFO.
func Verify(page []byte, sources fs.FS) []Problem {
	return defaultVerifier.verify(page, sources, false)
}

// Verify verifies page, named name relative to the wiki directory, as a
// body page, like the package-level [Verify]. A name that is not a valid
// path adds a [KindInvalidName] problem. Whatever the name, the page needs
// its citations: the exemption of structural pages is only granted by
// [Verifier.VerifyStructural], which the application calls for pages it
// maintains itself.
func (v *Verifier) Verify(name string, page []byte, sources fs.FS) []Problem {
	if v == nil {
		v = &defaultVerifier
	}
	return v.named(name, page, sources, false)
}

// VerifyStructural verifies a page the application itself treats as
// structural (an index, a log, an overview it maintains): if name is one of
// the verifier's structural pages ([Verifier.IsStructural]) the page needs
// no citation, but any footnotes it has are verified; any other name is
// verified as a body page. Call it only where the application, not the
// agent, decided that the page is structural: a write tool that passes the
// path the agent chose lets the agent choose the exemption.
func (v *Verifier) VerifyStructural(name string, page []byte, sources fs.FS) []Problem {
	if v == nil {
		v = &defaultVerifier
	}
	return v.named(name, page, sources, v.IsStructural(name))
}

func (v *Verifier) named(name string, page []byte, sources fs.FS, structural bool) []Problem {
	out := v.verify(page, sources, structural)
	if d := pathrule.Check(name); d != "" {
		out = append(out, Problem{Kind: KindInvalidName, Line: 1, Detail: "the page name is not a valid path: " + d})
		sortProblems(out)
	}
	return out
}

// source is one cited file, read and normalised once per call.
type source struct {
	norm   string
	digest string
	err    string // why it is missing; "" when readable
}

func (v *Verifier) verify(pg []byte, sources fs.FS, structural bool) []Problem {
	_, body, off, _, _ := page.Split(pg)
	notes := parseNotes(body)
	lineOf := func(o int) int {
		if o < 0 {
			return 0
		}
		return 1 + bytes.Count(pg[:min(off+o, len(pg))], []byte{'\n'})
	}
	var out []Problem
	switch {
	case structural:
	case notes.refs == 0:
		out = append(out, Problem{Kind: KindUncitedPage, Line: 1,
			Detail: "a body page needs at least one footnote citation"})
	default:
		for _, b := range notes.uncited {
			p := Problem{Kind: KindUncitedParagraph, Line: max(lineOf(b.offset), 1),
				Detail: "every paragraph and list item of a body page needs a footnote citation"}
			if b.code {
				p.Detail = "a code or HTML block cannot carry a citation; a body page holds cited prose"
			}
			out = append(out, p)
		}
	}
	for _, r := range notes.undefined {
		out = append(out, Problem{Kind: KindUndefinedReference, Label: r.label, Line: lineOf(r.offset),
			Detail: "no definition for this reference"})
	}
	cache := map[string]*source{}
	seen := map[string]bool{}
	for _, d := range notes.defs {
		line := lineOf(d.offset)
		if line == 0 {
			line = lineOf(bytes.Index(body, []byte("[^"+d.label+"]:")))
		}
		if seen[d.label] {
			out = append(out, Problem{Kind: KindDuplicateDefinition, Label: d.label, Line: line,
				Detail: "label already defined; only the first definition counts"})
			continue
		}
		seen[d.label] = true
		if !d.referenced {
			out = append(out, Problem{Kind: KindUnreferencedDefinition, Label: d.label, Line: line,
				Detail: "no reference points to this definition"})
		}
		if !d.paragraph {
			out = append(out, Problem{Kind: KindMalformedDefinition, Label: d.label, Line: line,
				Detail: "a definition is one paragraph in the documented grammar"})
			continue
		}
		c, err := parseBody(d.label, d.text)
		if err != nil {
			var se *SyntaxError
			detail := err.Error()
			if errors.As(err, &se) {
				detail = se.Reason
			}
			out = append(out, Problem{Kind: KindMalformedDefinition, Label: d.label, Line: line, Detail: detail})
			continue
		}
		if p, bad := v.check(c, sources, cache); bad {
			p.Line = line
			out = append(out, p)
		}
	}
	sortProblems(out)
	return out
}

func sortProblems(out []Problem) {
	slices.SortStableFunc(out, func(a, b Problem) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Label, b.Label), cmp.Compare(a.Kind, b.Kind))
	})
}

// check classifies one parsed citation; see "Telling problems apart" in the
// package documentation for the order.
func (v *Verifier) check(c Citation, sources fs.FS, cache map[string]*source) (Problem, bool) {
	p := Problem{Label: c.Label, Source: c.Source}
	src := cache[c.Source]
	if src == nil {
		src = v.load(sources, c.Source)
		cache[c.Source] = src
	}
	if src.err != "" {
		p.Kind, p.Detail = KindMissingSource, src.err
		return p, true
	}
	q := normalizeQuote(c.Quote)
	if n := utf8.RuneCountInString(q); n < v.min() {
		p.Kind, p.Detail = KindTooShort, fmt.Sprintf("quote has %d characters; at least %d are needed", n, v.min())
		return p, true
	}
	if c.Hash != hashOf(q) {
		p.Kind, p.Detail = KindHashMismatch, "the anchor is not the hash of the quote; the quote or the hash was edited"
		return p, true
	}
	if findVerbatim(src.norm, q) {
		return p, false
	}
	switch {
	case c.SourceHash != "" && c.SourceHash != src.digest:
		p.Kind, p.Detail = KindSourceDrifted, "the source changed since the quote was anchored and no longer contains it"
	case stitched(src.norm, q):
		p.Kind, p.Detail = KindStitched, "the quote occurs only as separate fragments of the source"
	default:
		p.Kind, p.Detail = KindQuoteNotFound, "the quote does not occur verbatim in the source"
	}
	return p, true
}

// load reads one source: its name must pass the path rules after the
// prefix; it must be a regular file (checked with Stat before it is
// opened, where sources implements fs.StatFS, so that a FIFO is never
// opened, and again on the open file) of at most the size limit.
func (v *Verifier) load(sources fs.FS, name string) *source {
	rel, ok := strings.CutPrefix(name, v.sourcePrefix())
	if !ok {
		return &source{err: "sources must be cited under " + v.sourcePrefix()}
	}
	if !fs.ValidPath(rel) || pathrule.Check(rel) != "" {
		return &source{err: "not a valid source path"}
	}
	if sources == nil {
		return &source{err: "no sources to read from"}
	}
	data, err := readSource(sources, rel, v.sourceLimit())
	if err != "" {
		return &source{err: err}
	}
	return &source{norm: normalizeQuote(string(data)), digest: hashBytes(data)}
}

func readSource(sources fs.FS, rel string, limit int64) ([]byte, string) {
	missing := func(err error) string {
		if errors.Is(err, fs.ErrNotExist) {
			return "no such source"
		}
		return "source cannot be read"
	}
	if sfs, ok := sources.(fs.StatFS); ok {
		fi, err := sfs.Stat(rel)
		if err != nil {
			return nil, missing(err)
		}
		if !fi.Mode().IsRegular() {
			return nil, "the source is not a regular file"
		}
		if fi.Size() > limit {
			return nil, "the source is larger than the limit"
		}
	}
	f, err := sources.Open(rel)
	if err != nil {
		return nil, missing(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, missing(err)
	}
	if !fi.Mode().IsRegular() {
		return nil, "the source is not a regular file"
	}
	if fi.Size() > limit {
		return nil, "the source is larger than the limit"
	}
	var buf bytes.Buffer
	buf.Grow(int(min(fi.Size(), limit)) + bytes.MinRead) // one allocation when the size is right
	if _, err := buf.ReadFrom(io.LimitReader(f, limit+1)); err != nil {
		return nil, "source cannot be read"
	}
	data := buf.Bytes()
	if int64(len(data)) > limit {
		return nil, "the source is larger than the limit"
	}
	return data, ""
}

// Anchor checks quote against the cited source with the default Verifier
// and returns the citation with Hash and SourceHash filled in; see
// [Verifier.Anchor].
func Anchor(sources fs.FS, c Citation) (Citation, error) {
	return defaultVerifier.Anchor(sources, c)
}

// Anchor is what a write tool calls to turn an agent's (source, locator,
// quote) into a definition: it refuses, with a [Problem] as the error, a
// missing source, a short quote, and a quote that does not occur verbatim;
// otherwise it returns c with Hash = QuoteHash(Quote) and SourceHash = the
// digest of the source's current bytes. Format the result to write it.
func (v *Verifier) Anchor(sources fs.FS, c Citation) (Citation, error) {
	if v == nil {
		v = &defaultVerifier
	}
	c.Hash = QuoteHash(c.Quote)
	c.SourceHash = ""
	src := v.load(sources, c.Source)
	if p, bad := v.check(c, sources, map[string]*source{c.Source: src}); bad {
		return Citation{}, p
	}
	c.SourceHash = src.digest
	return c, nil
}

// findVerbatim reports whether q occurs in src on token boundaries: a quote
// must neither start nor end inside a word or a number of the source (see
// joins), so "99.9" does not match "99.95", "5%" does not match the tail of
// "1.5%" and "2.3 billion" does not match the tail of "-2.3 billion".
func findVerbatim(src, q string) bool {
	if q == "" {
		return false
	}
	for off, n := 0, 0; off <= len(src)-len(q) && n < maxCandidates; n++ {
		i := strings.Index(src[off:], q)
		if i < 0 {
			return false
		}
		i += off
		if !joins(src[:i], q) && !joins(q, src[i+len(q):]) {
			return true
		}
		off = i + 1
	}
	return false
}

// joins reports whether the text left ends and the text right starts in
// the middle of one word or number, so that a quote may not be cut there.
// With l1 the last rune of left and l2 the one before it, r1 the first
// rune of right and r2 the one after it:
//
//   - l1 and r1 are both letters, digits or marks (one word: "99.9|5");
//   - l1 is a digit and r1 a decimal or group separator (. , ' ’ _) followed
//     by a digit r2 ("99|.95");
//   - l1 is such a separator after a digit l2, and r1 a digit ("1.|5%");
//   - l1 is a sign (- + − ±) and r1 a digit, or a separator and a digit
//     ("-|2.3 billion", "-|.5").
func joins(left, right string) bool {
	l1, n1 := utf8.DecodeLastRuneInString(left)
	r1, m1 := utf8.DecodeRuneInString(right)
	if n1 == 0 || m1 == 0 {
		return false
	}
	l2, _ := utf8.DecodeLastRuneInString(left[:len(left)-n1])
	r2, _ := utf8.DecodeRuneInString(right[m1:])
	switch {
	case wordRune(l1) && wordRune(r1):
		return true
	case unicode.IsDigit(l1) && separator(r1) && unicode.IsDigit(r2):
		return true
	case separator(l1) && unicode.IsDigit(l2) && unicode.IsDigit(r1):
		return true
	case sign(l1) && (unicode.IsDigit(r1) || separator(r1) && unicode.IsDigit(r2)):
		return true
	}
	return false
}

// separator reports decimal and digit-group separators.
func separator(r rune) bool {
	return r == '.' || r == ',' || r == '\'' || r == '’' || r == '_'
}

// sign reports signs that make a number negative or positive.
func sign(r rune) bool { return r == '-' || r == '+' || r == '−' || r == '±' }

func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) }

// ellipses split a quote into the pieces it claims to join.
var ellipses = strings.NewReplacer("[...]", "\x00", "[…]", "\x00", "...", "\x00", "…", "\x00")

// stitched reports whether q, which does not occur whole in src, is covered
// by at least two fragments of src, each at least stitchMinFragment runes,
// taking the longest fragment first (which gives the fewest fragments).
func stitched(src, q string) bool {
	pieces := 0
	for _, part := range strings.Split(ellipses.Replace(q), "\x00") {
		part = strings.TrimSpace(part)
		for part != "" {
			n := longestPrefixIn(src, part)
			piece := strings.TrimSpace(part[:n])
			if utf8.RuneCountInString(piece) < stitchMinFragment {
				return false
			}
			if pieces++; pieces > stitchMaxPieces {
				return false
			}
			part = strings.TrimSpace(part[n:])
		}
	}
	return pieces >= 2
}

// longestPrefixIn returns the byte length of the longest prefix of s (cut at
// a rune boundary) that occurs in src. Occurrence is monotone in the prefix
// length, so a binary search over rune boundaries finds it.
func longestPrefixIn(src, s string) int {
	bounds := make([]int, 0, len(s)+1)
	for i := range s {
		bounds = append(bounds, i)
	}
	bounds = append(bounds, len(s))
	lo, hi := 0, len(bounds)-1 // bounds[lo] always occurs (the empty prefix)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if strings.Contains(src, s[:bounds[mid]]) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return bounds[lo]
}
