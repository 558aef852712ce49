package guard

import (
	"fmt"
	"strings"
	"sync"

	"github.com/wardline/wardline/guard/internal/finding"
	"github.com/wardline/wardline/guard/internal/langid"
	"github.com/wardline/wardline/guard/internal/normalize"
	"golang.org/x/text/unicode/norm"
)

// defaultLanguageCodes are the languages the detectors read.
var defaultLanguageCodes = []string{"en", "es", "de", "fr"}

// Languages is a set of languages, by ISO 639-1 code, that text is allowed
// to be written in. The zero value is the default set: the languages the
// detectors read (English, Spanish, German, French). A Languages is a
// value and safe for concurrent use.
type Languages struct {
	set langid.Set
	ok  bool // set was given; false: the default
}

// DefaultLanguages returns the languages the detectors read: en, es, de,
// fr.
func DefaultLanguages() Languages { return defaultLanguages() }

// defaultLanguages is built once: the zero Languages reads it on every
// call to Unreadable.
var defaultLanguages = sync.OnceValue(func() Languages {
	s, err := langid.NewSet(defaultLanguageCodes...)
	if err != nil {
		panic(err) // the codes above are the package's own
	}
	return Languages{set: s, ok: true}
})

// NewLanguages returns the default set widened by codes. Widening it lets
// text through that the detectors do not read: an instruction in an added
// language is not recognised as one. An unknown code is an error naming
// it; [KnownLanguages] lists the codes.
func NewLanguages(codes ...string) (Languages, error) {
	s, err := langid.NewSet(append(defaultLanguageCodes, codes...)...)
	if err != nil {
		return Languages{}, fmt.Errorf("guard: %w", err)
	}
	return Languages{set: s, ok: true}, nil
}

// KnownLanguages returns every code [NewLanguages] accepts: twenty
// Latin-script languages the identifier tells apart by their words, and
// languages named by their script (ru, el, ar, he, hi, zh, ja, ko, th).
func KnownLanguages() []string { return langid.Known() }

// Codes returns the set's language codes.
func (l Languages) Codes() []string {
	if !l.ok {
		l = DefaultLanguages()
	}
	return l.set.Codes()
}

// Unreadable reports the first sentence of s written in a language outside
// l: a finding with Rule [RuleLanguage] and the sentence's span in s, and
// the language's ISO 639-1 code. It reports nothing for text that holds
// too little evidence to judge: names, titles, identifiers and short
// strings in other scripts inside English text ("the string 設定を保存しました
// for the save toast"), and sentences of fewer than five natural words.
//
// Fullwidth and other compatibility forms are read as the letters they
// stand for (NFKC). It is linear in len(s) and allocates only for the
// finding, or for non-ASCII text that NFKC changes.
func (l Languages) Unreadable(s string) (Finding, string, bool) {
	if s == "" {
		return Finding{}, "", false
	}
	if !l.ok {
		l = DefaultLanguages()
	}
	// The identifier reads scripts, so the text is not folded to Latin
	// look-alikes as Normalize folds it; fullwidth and other compatibility
	// forms are undone (NFKC), and then the whole text is the span.
	a, b, lang, bad := 0, 0, "", false
	if res, ok := langid.Default().Unsupported(s, l.set); ok {
		a, b, lang, bad = res.Start, res.End, res.Lang, true
	} else if !normalize.StableNFKC(s) { // (NFKC leaves ASCII and such text as it is)
		if k := norm.NFKC.String(s); k != s {
			if res, ok := langid.Default().Unsupported(k, l.set); ok {
				a, b, lang, bad = 0, len(s), res.Lang, true
			}
		}
	}
	if !bad {
		return Finding{}, "", false
	}
	return Finding{Rule: RuleLanguage, Start: a, End: b, Excerpt: strings.Clone(finding.Clip(strings.TrimSpace(normalize.Normalize(s[a:b])), finding.MaxExcerpt))}, lang, true
}
