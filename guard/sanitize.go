package guard

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/wardline/wardline/guard/internal/exfil"
	"github.com/wardline/wardline/guard/internal/finding"
	"github.com/wardline/wardline/guard/internal/inject"
	"github.com/wardline/wardline/guard/internal/instructions"
	"github.com/wardline/wardline/guard/internal/langid"
	"github.com/wardline/wardline/guard/internal/normalize"
	"github.com/wardline/wardline/guard/internal/secrets"
)

// Sanitising retrieved (RAG) text.
//
// Retrieved documentation is written for humans and keeps its
// imperatives: "Run go mod tidy before committing" and "Send your API key
// in the Authorization header" stay. What goes is text addressed to an AI
// reader, judged by who it addresses and what it asks (the analysis is
// guard/internal/inject's; see its package documentation): directives
// aimed at an assistant, agent or model, by name or by what they talk
// about (the user, replies, the prompt, tools, approvals); attempts to
// change the reader's instructions, identity, output or tool use; forged
// conversation turns and chat-template tokens; text hidden from human
// readers; tool-call bait; encoded directives; exfiltration requests and
// URLs that carry a payload; and text in a language the detectors cannot
// read. Reported or quoted discussion of injection stays.

// Rule ids of the findings Sanitize reports, besides "injection",
// "exfil.request" and "exfil.url".
const (
	// RuleInjectionHidden: text a human reader does not see (hidden by
	// CSS, in a comment, an attribute or invisible characters) that
	// carries something an AI reader could act on.
	RuleInjectionHidden = "injection.hidden"
	// RuleInjectionToolCall: bait shaped like a tool or function call.
	RuleInjectionToolCall = "injection.tool-call"
	// RuleInjectionMarker: chat-template tokens and forged turns opened
	// by them.
	RuleInjectionMarker = "injection.marker"
	// RuleInjectionAIAddressed: a directive or message aimed at an AI
	// reader.
	RuleInjectionAIAddressed = "injection.ai-addressed"
	// RuleInjectionEncoded: an encoded run that decodes to a directive,
	// or a request to decode and act.
	RuleInjectionEncoded = "injection.encoded"
	// RuleInjectionClassifier: a span the Sanitizer's Classifier flagged.
	RuleInjectionClassifier = "injection.classifier"
	// RuleSanitizeTruncated: the part of the chunk beyond its size cap.
	RuleSanitizeTruncated = "sanitize.truncated"
	// RuleSanitizeLanguage: text in a language the detectors cannot read,
	// removed so that it cannot pass unread; an application that wants to
	// quarantine the whole document counts these findings.
	RuleSanitizeLanguage = "sanitize.language"
	// RuleSanitizeUnchecked: the Classifier failed, so nothing of the
	// chunk is returned.
	RuleSanitizeUnchecked = "sanitize.unchecked"
)

// DefaultMaxChunk is the number of characters (runes) of clean text a
// Sanitizer keeps of one retrieved chunk unless WithMaxChunk says
// otherwise.
const DefaultMaxChunk = 1500

// readableLanguages are the languages the detectors read.
var readableLanguages = []string{"en", "es", "de", "fr"}

// A Classifier is a model-based injection detector an application plugs
// into a Sanitizer with WithClassifier. It is asked after the
// deterministic analysis and can only remove more: the spans it returns
// are removed too, and an error (or a span outside text) makes the
// Sanitizer return no text at all, with a RuleSanitizeUnchecked finding,
// rather than text nobody checked. It must be safe for concurrent use if
// the Sanitizer is.
type Classifier interface {
	// Classify returns the spans of text, byte offsets [Start, End) into
	// text, that carry injection. text is the retrieved chunk as given to
	// the Sanitizer. It should return when ctx is done.
	Classify(ctx context.Context, text string) ([]Span, error)
}

// Span is a byte range [Start, End) of a string.
type Span struct{ Start, End int }

// SanitizeOption configures a Sanitizer built by NewSanitizer.
type SanitizeOption func(*sanitizeConfig) error

type sanitizeConfig struct {
	maxChunk   int
	classifier Classifier
	languages  []string
}

// OptionError reports an invalid option passed to NewSanitizer.
type OptionError struct {
	Option string // the option's name, e.g. "WithMaxChunk"
	Reason string
}

// Error implements error.
func (e *OptionError) Error() string {
	return "guard: " + e.Option + ": " + e.Reason
}

// WithMaxChunk caps the clean text of each retrieved chunk at n
// characters (runes); what is cut is reported with RuleSanitizeTruncated.
// n must be positive.
func WithMaxChunk(n int) SanitizeOption {
	return func(c *sanitizeConfig) error {
		if n <= 0 {
			return &OptionError{Option: "WithMaxChunk", Reason: fmt.Sprintf("cap %d is not positive", n)}
		}
		c.maxChunk = n
		return nil
	}
}

// WithClassifier adds a model-based detector that runs after the
// deterministic analysis; see Classifier. c must not be nil.
func WithClassifier(c Classifier) SanitizeOption {
	return func(cfg *sanitizeConfig) error {
		if c == nil {
			return &OptionError{Option: "WithClassifier", Reason: "nil classifier"}
		}
		cfg.classifier = c
		return nil
	}
}

// AllowLanguages loosens the check: text in the named languages (ISO
// 639-1 codes, see the langid package's list) is let through unread
// instead of being removed with RuleSanitizeLanguage. The detectors read
// English, Spanish, German and French; an instruction in any other
// language passes them. Do not use this option unless something else
// reads those languages.
func AllowLanguages(codes ...string) SanitizeOption {
	return func(c *sanitizeConfig) error {
		if len(codes) == 0 {
			return &OptionError{Option: "AllowLanguages", Reason: "no language named"}
		}
		if _, err := langid.NewSet(codes...); err != nil {
			return &OptionError{Option: "AllowLanguages", Reason: err.Error()}
		}
		c.languages = append(c.languages, codes...)
		return nil
	}
}

// Sanitizer removes text addressed to an AI reader from retrieved
// documentation. The zero value is ready to use and is the strict
// configuration: chunks capped at DefaultMaxChunk characters, only
// English, Spanish, German and French read, no classifier. A Sanitizer is
// immutable and safe for concurrent use (a Classifier must be too).
type Sanitizer struct {
	maxChunk   int
	classifier Classifier
	an         *inject.Analyzer
}

// NewSanitizer returns a Sanitizer configured by opts. A nil or invalid
// option is an *OptionError.
func NewSanitizer(opts ...SanitizeOption) (*Sanitizer, error) {
	var cfg sanitizeConfig
	for i, o := range opts {
		if o == nil {
			return nil, &OptionError{Option: fmt.Sprintf("option %d", i), Reason: "nil option"}
		}
		if err := o(&cfg); err != nil {
			return nil, err
		}
	}
	z := &Sanitizer{maxChunk: cfg.maxChunk, classifier: cfg.classifier}
	if len(cfg.languages) > 0 {
		an, err := newAnalyzer(append(append([]string(nil), readableLanguages...), cfg.languages...))
		if err != nil {
			return nil, &OptionError{Option: "AllowLanguages", Reason: err.Error()}
		}
		z.an = an
	}
	return z, nil
}

// defaultAnalyzer reads the default languages; it is built on first use.
var defaultAnalyzer = sync.OnceValue(func() *inject.Analyzer {
	an, err := newAnalyzer(readableLanguages)
	if err != nil {
		panic("guard: default analyzer: " + err.Error()) // the default set is known to langid
	}
	return an
})

func newAnalyzer(languages []string) (*inject.Analyzer, error) {
	set, err := langid.NewSet(languages...)
	if err != nil {
		return nil, err
	}
	return inject.New(inject.Config{
		Normalize: normalize.Normalize,
		Scan:      sanitizeScan,
		Payload:   hasPayloadURL,
		Readable:  set,
	})
}

// Sanitize is (*Sanitizer).Sanitize with the strict defaults.
func Sanitize(retrieved string) (clean string, removed []Finding) {
	var z Sanitizer
	return z.Sanitize(retrieved)
}

// Sanitize is SanitizeContext with context.Background().
func (z *Sanitizer) Sanitize(retrieved string) (clean string, removed []Finding) {
	return z.SanitizeContext(context.Background(), retrieved)
}

// SanitizeContext returns retrieved without the text addressed to an AI
// reader, and a finding for each removal: its rule and its span, byte
// offsets into retrieved, sorted. A removal takes its whole line with it
// when nothing else is left on the line; an injected block
// (<INFORMATION>…</INFORMATION>, a hidden element, a comment, a forged
// turn) goes whole. Ordinary documentation, imperatives for human readers
// included, comes back unchanged, and removed is empty. The clean text is
// capped at the configured size; the cut is reported with
// RuleSanitizeTruncated.
//
// ctx is passed to the Classifier, if there is one; when the classifier
// fails or ctx is done first, clean is empty and removed ends with a
// RuleSanitizeUnchecked finding. Without a classifier nothing blocks.
//
// The deterministic analysis is linear in len(retrieved): a 3 KB page of
// documentation costs a fraction of a millisecond and allocates little
// when nothing is found; 64 KiB costs a few milliseconds, crafted
// repetition of any trigger included, and up to about 8.5 ms when every
// sentence in it differs and asks for the tagger, whose work per
// document is bounded (past the bound such sentences fail closed; see the
// package documentation's Performance section). BenchmarkSanitize and
// BenchmarkSanitize64KiB measure typical pages, crafted repetition and
// distinct sentences.
func (z *Sanitizer) SanitizeContext(ctx context.Context, retrieved string) (clean string, removed []Finding) {
	maxChunk := DefaultMaxChunk
	an := defaultAnalyzer()
	var classifier Classifier
	if z != nil {
		if z.maxChunk > 0 {
			maxChunk = z.maxChunk
		}
		if z.an != nil {
			an = z.an
		}
		classifier = z.classifier
	}
	var cuts [][2]int
	for _, r := range an.Analyze(retrieved) {
		cuts = append(cuts, [2]int{r.Start, r.End})
		removed = append(removed, Finding{Rule: ruleOf(r.Kind), Start: r.Start, End: r.End,
			Excerpt: exfil.SafeExcerpt(retrieved, r.Start, r.End, nil, "")})
	}
	if classifier != nil {
		spans, err := classify(ctx, classifier, retrieved)
		if err != nil {
			removed = append(removed, Finding{Rule: RuleSanitizeUnchecked, Start: 0, End: len(retrieved),
				Excerpt: finding.Clip("classifier failed: "+err.Error(), finding.MaxExcerpt)})
			finding.Sort(removed)
			return "", removed
		}
		for _, s := range spans {
			cuts = append(cuts, [2]int{s.Start, s.End})
			removed = append(removed, Finding{Rule: RuleInjectionClassifier, Start: s.Start, End: s.End,
				Excerpt: exfil.SafeExcerpt(retrieved, s.Start, s.End, nil, "")})
		}
	}
	clean, skipped := cutSpans(retrieved, cuts)
	if utf8.RuneCountInString(clean) > maxChunk {
		cut := 0
		for n := 0; n < maxChunk; n++ {
			_, w := utf8.DecodeRuneInString(clean[cut:])
			cut += w
		}
		// Map the cut back to retrieved for the finding: it lies in the
		// part of retrieved after the last removal before it.
		orig := origOffset(cut, skipped, len(retrieved))
		removed = append(removed, Finding{Rule: RuleSanitizeTruncated, Start: orig, End: len(retrieved),
			Excerpt: fmt.Sprintf("chunk capped at %d characters", maxChunk)})
		clean = clean[:cut]
	}
	finding.Sort(removed)
	return clean, removed
}

// classify asks c for its spans and checks them; a panic in c is an
// error.
func classify(ctx context.Context, c Classifier, text string) (spans []Span, err error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	defer func() {
		if p := recover(); p != nil {
			spans, err = nil, fmt.Errorf("guard: classifier panicked: %v", p)
		}
	}()
	spans, err = c.Classify(ctx, text)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, s := range spans {
		if s.Start < 0 || s.Start > s.End || s.End > len(text) {
			return nil, fmt.Errorf("guard: classifier returned span [%d:%d] outside %d bytes", s.Start, s.End, len(text))
		}
	}
	return spans, nil
}

func ruleOf(k inject.Kind) string {
	switch k {
	case inject.Injection:
		return RuleInjection
	case inject.AIAddressed:
		return RuleInjectionAIAddressed
	case inject.Hidden:
		return RuleInjectionHidden
	case inject.Marker:
		return RuleInjectionMarker
	case inject.ToolCall:
		return RuleInjectionToolCall
	case inject.Encoded:
		return RuleInjectionEncoded
	case inject.ExfilRequest:
		return RuleExfilRequest
	case inject.ExfilURL:
		return RuleExfilURL
	case inject.Language:
		return RuleSanitizeLanguage
	}
	return RuleInjection
}

// sanitizeScan runs the shared detectors the analysis asks for on one
// sentence: Instructions (injection phrases, and imperatives and modals
// in the four languages it reads), exfiltration requests, and URLs that
// carry a payload.
func sanitizeScan(text string, need inject.Need, dst []inject.Hit) []inject.Hit {
	if need&inject.NeedInjection != 0 {
		for _, f := range instructions.Instructions(text) {
			switch f.Rule {
			case RuleInjection:
				dst = append(dst, inject.Hit{Kind: inject.HitInjection, Start: f.Start, End: f.End})
			case RuleImperative, RuleModal:
				dst = append(dst, inject.Hit{Kind: inject.HitDirective, Start: f.Start, End: f.End})
			}
		}
	}
	if need&inject.NeedExfil != 0 {
		for _, f := range exfil.Requests(text) {
			dst = append(dst, inject.Hit{Kind: inject.HitExfilRequest, Start: f.Start, End: f.End})
		}
	}
	if need&inject.NeedURL == 0 {
		return dst
	}
	ls := 0
	for line := range strings.Lines(text) {
		if mayCarryPayload(line) {
			for _, u := range exfil.FindURLs(line) {
				if u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "javascript" &&
					u.Scheme != "vbscript" && u.Scheme != "data" {
					continue
				}
				if exfil.URLPayload(line, u) != "" {
					dst = append(dst, inject.Hit{Kind: inject.HitExfilURL, Start: ls + u.Start, End: ls + u.End})
				}
			}
		}
		ls += len(line)
	}
	return dst
}

// mayCarryPayload reports whether a line can hold a URL that exfil.URLPayload
// would flag: one needs a placeholder, userinfo, query or fragment
// character, a script or data scheme, or a run of 20 or more characters
// of an encoding alphabet. Lines with other scripts or compatibility
// forms are always looked at. It keeps the URL matcher off plain prose.
func mayCarryPayload(line string) bool {
	if strings.ContainsAny(line, "{$%<@?#=") || !normalize.IsASCII(line) {
		return true
	}
	if strings.Contains(line, "script:") || strings.Contains(line, "data:") || strings.Contains(line, "SCRIPT:") || strings.Contains(line, "DATA:") {
		return true
	}
	run := 0
	for i := 0; i < len(line); i++ {
		if secrets.IsB64Char(line[i]) {
			run++
			if run >= 20 {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// hasPayloadURL reports whether an HTML attribute value holds a URL that
// carries a payload.
func hasPayloadURL(v string) bool {
	if !mayCarryPayload(v) {
		return false
	}
	for _, u := range exfil.FindURLs(v) {
		if exfil.URLPayload(v, u) != "" {
			return true
		}
	}
	return false
}

// cutSpans returns s without the spans in cuts and the spans actually
// left out. A span takes its whole line with it when nothing else is
// left on the line, and the spaces after it when it opens the line or
// follows a space. The line ends are found once, so the cost is linear
// in len(s) however many spans there are.
func cutSpans(s string, cuts [][2]int) (string, [][2]int) {
	merged := mergeSpans(cuts)
	if merged == nil {
		return s, nil
	}
	var b strings.Builder
	b.Grow(len(s))
	var skipped [][2]int
	last := 0
	lineStart, scanned := 0, 0 // the start of the line holding s[scanned]
	nextNL := -1               // the first '\n' at or after some earlier e
	for _, c := range merged {
		a, e := max(c[0], last), c[1]
		if e <= a {
			continue
		}
		if i := strings.LastIndexByte(s[scanned:a], '\n'); i >= 0 {
			lineStart = scanned + i + 1
		}
		scanned = a
		if nextNL < e {
			if j := strings.IndexByte(s[e:], '\n'); j >= 0 {
				nextNL = e + j
			} else {
				nextNL = len(s)
			}
		}
		ls, le := max(lineStart, last), min(len(s), nextNL+1)
		switch {
		case strings.TrimSpace(s[ls:a]) == "" && strings.TrimSpace(s[e:le]) == "":
			a, e = ls, le
		case a == ls || a > 0 && (s[a-1] == ' ' || s[a-1] == '\t'):
			for e < len(s) && (s[e] == ' ' || s[e] == '\t') {
				e++
			}
		}
		b.WriteString(s[last:a])
		skipped = append(skipped, [2]int{a, e})
		last = e
	}
	b.WriteString(s[last:])
	return b.String(), skipped
}

// origOffset maps an offset in the clean text back to retrieved, given the
// spans left out.
func origOffset(cleanOff int, cuts [][2]int, n int) int {
	pos, kept := 0, 0
	for _, c := range cuts {
		if kept+(c[0]-pos) > cleanOff {
			break
		}
		kept += c[0] - pos
		pos = c[1]
	}
	return min(n, pos+(cleanOff-kept))
}

func mergeSpans(spans [][2]int) [][2]int {
	if len(spans) == 0 {
		return nil
	}
	s := append([][2]int(nil), spans...)
	slices.SortFunc(s, func(a, b [2]int) int { return cmp.Compare(a[0], b[0]) })
	out := [][2]int{s[0]}
	for _, x := range s[1:] {
		if last := &out[len(out)-1]; x[0] <= last[1] {
			last[1] = max(last[1], x[1])
		} else {
			out = append(out, x)
		}
	}
	return out
}
