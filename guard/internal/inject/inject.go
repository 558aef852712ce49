package inject

import (
	"errors"
	"slices"
	"sync"

	"github.com/wardline/wardline/guard/internal/grammar"
	"github.com/wardline/wardline/guard/internal/langid"
)

// Kind says why a span of retrieved text is removed.
type Kind uint8

// The kinds of removal. guard reports each under its own rule id.
const (
	// Injection: the text tries to change the reader's instructions,
	// identity or output (an override, a role reassignment, a forged
	// conversation turn, a reset notice).
	Injection Kind = iota + 1
	// AIAddressed: a directive or message aimed at an AI reader.
	AIAddressed
	// Hidden: text a human reader of the page does not see (hidden by
	// CSS or attributes, invisible characters) that carries prose.
	Hidden
	// Marker: chat-template tokens that only mean something to a model.
	Marker
	// ToolCall: bait shaped like a tool or function call.
	ToolCall
	// Encoded: a base64, hex, percent or binary run that decodes to a
	// directive, or a request to decode and act.
	Encoded
	// ExfilRequest: a request, issued to the reader, to reveal or send
	// secrets (found by the Scan callback).
	ExfilRequest
	// ExfilURL: a URL that carries a payload (found by the Scan
	// callback).
	ExfilURL
	// Language: text in a language the detectors cannot read.
	Language
)

var kindNames = [...]string{"", "injection", "ai-addressed", "hidden", "marker", "tool-call", "encoded",
	"exfil-request", "exfil-url", "language"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Removal is a span of the analysed text to remove and why. Start and
// End are byte offsets, 0 <= Start <= End <= len(text).
type Removal struct {
	Kind       Kind
	Start, End int
}

// HitKind is what a detector outside the package found.
type HitKind uint8

// The hits a Scan callback reports.
const (
	// HitInjection: reproduced prompt injection (an override phrase, a
	// role reassignment, a chat-template token). The analysis keeps it
	// only where the text issues it rather than reports or quotes it.
	HitInjection HitKind = iota + 1
	// HitDirective: an imperative or directive modal, in any language
	// the detectors read.
	HitDirective
	// HitExfilRequest: a request to reveal or send secrets. The analysis
	// keeps it only where it is issued to the reader.
	HitExfilRequest
	// HitExfilURL: a URL that carries a payload; always removed.
	HitExfilURL
)

// Need says which of the shared detectors a sentence needs: a Scan
// callback may skip the others.
type Need uint8

// The detectors a Scan callback runs.
const (
	// NeedInjection: injection phrases and, for sentences in Spanish,
	// German or French, directives (HitInjection, HitDirective).
	NeedInjection Need = 1 << iota
	// NeedExfil: requests to reveal or send secrets (HitExfilRequest).
	NeedExfil
	// NeedURL: URLs that carry a payload (HitExfilURL).
	NeedURL
)

// Hit is one finding of a Scan callback, with byte offsets into the text
// it was given.
type Hit struct {
	Kind       HitKind
	Start, End int
}

// Config is what an Analyzer needs from the detectors outside the
// package.
type Config struct {
	// Normalize folds obfuscation out of a sentence before it is judged:
	// compatibility forms, invisible characters, homoglyphs, spacing and
	// case. It must return lower-case text. Required.
	Normalize func(string) string
	// Scan appends to dst what the shared detectors find in one
	// sentence: injection phrases, directives, exfiltration requests and
	// URLs that carry a payload, with offsets into the sentence. need
	// says which detectors the sentence needs, from the words and
	// characters each one's findings require; the analysis does not ask
	// for a sentence that needs none. It must be a function of its
	// sentence and need alone: the analysis asks once for a sentence
	// that repeats and reuses the answer. Optional: without it only the
	// package's own analysis runs.
	Scan func(sentence string, need Need, dst []Hit) []Hit
	// Payload reports whether a URL taken from an HTML attribute (src,
	// href, ...) carries a payload. Optional.
	Payload func(url string) bool
	// Readable is the set of languages the detectors read; text in any
	// other language is removed as Language. The zero Set reads none, so
	// a caller names the set explicitly.
	Readable langid.Set
}

// ErrNoNormalize is returned by New when Config.Normalize is nil.
var ErrNoNormalize = errors.New("inject: Config.Normalize is required")

// Analyzer finds the spans of retrieved text to remove. It is immutable
// and safe for concurrent use.
type Analyzer struct {
	cfg  Config
	lang *langid.Model
}

// New returns an Analyzer for cfg.
func New(cfg Config) (*Analyzer, error) {
	if cfg.Normalize == nil {
		return nil, ErrNoNormalize
	}
	return &Analyzer{cfg: cfg, lang: langid.Default()}, nil
}

// maxDepth bounds how deep carriers nest: a comment inside decoded base64
// inside an attribute is judged; the carriers inside that are not
// unpacked further.
const maxDepth = 2

// Analyze returns the spans of text to remove, sorted by Start; a span
// that lies inside another is left out. Its cost is linear in len(text):
// every pass over the text is a single scan, sentences are cut to a
// bounded length before the tagger sees them, and carriers are unpacked
// at most maxDepth levels deep.
func (a *Analyzer) Analyze(text string) []Removal {
	st := statePool.Get().(*state)
	defer st.release()
	st.tagLimit, st.tagged = tagBudgetFor(len(text)), 0
	out := a.analyze(st, text, 0, ctxNone)
	return tidy(out)
}

// analyze is Analyze on one document at one carrier depth, with every
// sentence starting in context ctx.
func (a *Analyzer) analyze(st *state, text string, depth int, ctx ctxFlags) []Removal {
	if text == "" {
		return nil
	}
	d := &doc{a: a, st: st, text: text, depth: depth, base: ctx}
	d.run()
	return d.out
}

// tidy sorts removals and drops those that lie inside another.
func tidy(rs []Removal) []Removal {
	if len(rs) == 0 {
		return nil
	}
	slices.SortFunc(rs, func(x, y Removal) int {
		if x.Start != y.Start {
			return x.Start - y.Start
		}
		return y.End - x.End // the wider first
	})
	out := rs[:1]
	for _, r := range rs[1:] {
		last := out[len(out)-1]
		if r.Start >= last.Start && r.End <= last.End {
			continue
		}
		out = append(out, r)
	}
	return out
}

// state is scratch space reused across calls.
type state struct {
	toks []tok
	uq   []tok
	sent *grammar.Sentence
	memo memo
	// tagLimit is how many words the tagger may read for the document
	// (see tagBudgetFor; 0 for no limit), tagged how many it has read;
	// past the limit, a sentence is read as a directive without the
	// tagger.
	tagLimit, tagged int
}

// tagBudgetFor is how many words the tagger reads, at most, for a
// document of n bytes, in inject's clause analysis and in the
// instruction detectors of the Scan callback on sentences that name an
// AI reader: 3,072 and one for every 32 bytes, 5,120 at the 64 KiB
// limit. The retrieved lines of the development sets, joined into 64 KiB
// documents, need about 4,600 when clean and up to 6,100 with their
// injections (every line a hard case, so that a real page is far less
// dense); only the clean lines that name an AI, joined, need 8,000.
// Text whose every sentence is a forged turn or an address to an AI
// reader (crafted.Distinct) needs 12,000 to 18,000. What the budget does
// not cover fails closed: the sentence is taken for a directive, which
// removes it wherever a directive would.
func tagBudgetFor(n int) int { return 3072 + n/32 }

var statePool = sync.Pool{New: func() any { return new(state) }}

func (st *state) release() {
	st.tagLimit, st.tagged = 0, 0
	clear(st.toks)
	st.toks = st.toks[:0]
	st.memo.reset()
	statePool.Put(st)
}
