package citation

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind is the stable id of a citation problem. Kind implements error so that
// errors.Is(err, KindQuoteNotFound) matches any [Problem] of that kind.
type Kind string

// The kinds of [Problem] Verify reports. Every kind blocks a write; the kind
// says why, so that a tool can tell the agent what to fix.
const (
	// KindMissingSource: the cited source is not a readable file in the
	// sources (or is not under the source prefix, "raw/").
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
)

// Kinds lists every Kind, in a stable order.
var Kinds = []Kind{
	KindMissingSource, KindQuoteNotFound, KindHashMismatch, KindSourceDrifted,
	KindTooShort, KindStitched, KindUnreferencedDefinition, KindUndefinedReference,
	KindDuplicateDefinition, KindMalformedDefinition, KindUncitedPage,
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

// DefaultStructural lists the pages exempt from needing a citation: entries
// ending in "/" exempt a directory, others one page. Paths are relative to
// the wiki directory.
var DefaultStructural = []string{"overview.md", "index.md", "log.md", "archives/"}

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
// the defaults: 20-rune minimum, "raw/" source prefix, DefaultStructural.
// A nil *Verifier behaves like the zero value. A Verifier is immutable
// after [New] and safe for concurrent use.
type Verifier struct {
	minQuote   int
	prefix     string
	structural []string
	custom     bool // structural was set by an option (may be empty)
}

// Option configures a [Verifier]; a bad option makes [New] fail.
type Option func(*Verifier) error

// New returns a Verifier with the defaults changed by opts.
func New(opts ...Option) (*Verifier, error) {
	v := &Verifier{}
	for _, o := range opts {
		if o == nil {
			continue
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
		if !ok || !fs.ValidPath(d) || d == "." {
			return fmt.Errorf("citation: WithSourcePrefix(%q): want a relative directory ending in '/'", prefix)
		}
		v.prefix = prefix
		return nil
	}
}

// WithStructural replaces the list of structural pages, which need no
// citation. Each entry is a page path relative to the wiki directory
// ("index.md") or a directory ending in "/" ("archives/"). No entries means
// every page needs a citation.
func WithStructural(entries ...string) Option {
	return func(v *Verifier) error {
		for _, e := range entries {
			if !fs.ValidPath(strings.TrimSuffix(e, "/")) || e == "" || e == "/" {
				return fmt.Errorf("citation: WithStructural: %q is not a relative path", e)
			}
		}
		v.structural = slices.Clone(entries)
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

// IsStructural reports whether the page at name (relative to the wiki
// directory, e.g. "index.md" or "archives/2025.md") is exempt from needing a
// citation. Comparison is case-insensitive, as on the file systems that
// matter.
func (v *Verifier) IsStructural(name string) bool {
	if v == nil {
		v = &defaultVerifier
	}
	list := DefaultStructural
	if v.custom {
		list = v.structural
	}
	for _, e := range list {
		if dir, ok := strings.CutSuffix(e, "/"); ok {
			if len(name) > len(dir) && strings.EqualFold(name[:len(dir)+1], dir+"/") {
				return true
			}
		} else if strings.EqualFold(name, e) {
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
// reference is defined; and the page cites at least once. An empty result
// means the page passes. Problems are sorted by line, label and kind.
//
// Use an fs.FS that cannot escape its directory, such as os.Root.FS() or
// [Workspace.Sources]; os.DirFS follows symbolic links out of raw/.
func Verify(page []byte, sources fs.FS) []Problem {
	return defaultVerifier.verify(page, sources, false)
}

// Verify verifies page like the package-level [Verify]. name is the page's
// path relative to the wiki directory; structural pages (see
// [Verifier.IsStructural]) need no citation, but any footnotes they have
// are still verified.
func (v *Verifier) Verify(name string, page []byte, sources fs.FS) []Problem {
	if v == nil {
		v = &defaultVerifier
	}
	return v.verify(page, sources, v.IsStructural(name))
}

// source is one cited file, read and normalised once per call.
type source struct {
	norm   string
	digest string
	err    string // why it is missing; "" when readable
}

func (v *Verifier) verify(page []byte, sources fs.FS, structural bool) []Problem {
	_, body, off, _, _ := splitFrontmatter(page)
	notes := parseNotes(body)
	lineOf := func(o int) int {
		if o < 0 {
			return 0
		}
		return 1 + bytes.Count(page[:min(off+o, len(page))], []byte{'\n'})
	}
	var out []Problem
	if notes.refs == 0 && !structural {
		out = append(out, Problem{Kind: KindUncitedPage, Line: 1,
			Detail: "a body page needs at least one footnote citation"})
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
	slices.SortStableFunc(out, func(a, b Problem) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Label, b.Label), cmp.Compare(a.Kind, b.Kind))
	})
	return out
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

func (v *Verifier) load(sources fs.FS, name string) *source {
	rel, ok := strings.CutPrefix(name, v.sourcePrefix())
	if !ok {
		return &source{err: "sources must be cited under " + v.sourcePrefix()}
	}
	if !fs.ValidPath(rel) || rel == "." || strings.ContainsAny(rel, "\\\x00") {
		return &source{err: "not a valid source path"}
	}
	if sources == nil {
		return &source{err: "no sources to read from"}
	}
	data, err := fs.ReadFile(sources, rel)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return &source{err: "no such source"}
		}
		return &source{err: "source cannot be read"}
	}
	return &source{norm: normalizeQuote(string(data)), digest: hashBytes(data)}
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

// findVerbatim reports whether q occurs in src at token boundaries: a quote
// that starts (ends) with a letter or digit must not start (end) inside a
// word or number of the source, so "99.9" does not match "99.95".
func findVerbatim(src, q string) bool {
	if q == "" {
		return false
	}
	first, _ := utf8.DecodeRuneInString(q)
	last, _ := utf8.DecodeLastRuneInString(q)
	for off, n := 0, 0; off <= len(src)-len(q) && n < maxCandidates; n++ {
		i := strings.Index(src[off:], q)
		if i < 0 {
			return false
		}
		i += off
		before, _ := utf8.DecodeLastRuneInString(src[:i])
		after, _ := utf8.DecodeRuneInString(src[i+len(q):])
		if !(wordRune(first) && i > 0 && wordRune(before)) &&
			!(wordRune(last) && i+len(q) < len(src) && wordRune(after)) {
			return true
		}
		off = i + 1
	}
	return false
}

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
