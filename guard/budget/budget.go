package budget

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Errors of this package; match them with errors.Is.
var (
	// ErrConfig: New was given no tiers, a tier without a name, with an
	// invisible or over-long name, or with a limit below 1.
	ErrConfig = errors.New("budget: invalid configuration")
	// ErrUnknownTier: Check was asked about a tier the Budget does not
	// have (also every tier of the zero Budget). The response is refused.
	ErrUnknownTier = errors.New("budget: unknown tier")
)

// Section is one part of a tool response, named by where its text comes
// from, so that an over-budget error can say what to prune.
type Section struct {
	// Name says where the text comes from: a file, a file and heading
	// ("wiki/deploy.md#Rollback"), a query. Empty names are reported as
	// "section N".
	Name string
	// Text is the section's text as the response carries it.
	Text string
}

// SectionCost is one section's share of a response.
type SectionCost struct {
	Name   string
	Tokens int
}

// Error is the error Check returns for a response over its tier's limit;
// get it with errors.As.
type Error struct {
	// Tier is the tier checked and Limit its hard limit, in tokens.
	Tier  string
	Limit int
	// Tokens is the response's estimated size ([Tokens] of each section,
	// summed).
	Tokens int
	// Sections are every section's cost, largest first (then by name).
	Sections []SectionCost
}

// maxNamed bounds how many sections Error names.
const maxNamed = 3

// Error says by how much the response is over and which sections to
// prune: the largest ones, as many as it takes to cover the excess (at
// most three are named).
func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "budget: the %q response is about %d tokens, over its hard limit of %d by %d; prune ",
		e.Tier, e.Tokens, e.Limit, e.Tokens-e.Limit)
	covered := 0
	for i, s := range e.Sections {
		if i > 0 {
			b.WriteString(", ")
		}
		if i == maxNamed {
			fmt.Fprintf(&b, "and %d more sections", len(e.Sections)-i)
			break
		}
		fmt.Fprintf(&b, "%s (%d tokens)", s.Name, s.Tokens)
		covered += s.Tokens
		if covered >= e.Tokens-e.Limit {
			break
		}
	}
	return b.String()
}

// Budget is a set of hard token limits, one per tier ("brief",
// "standard", "full"), for the responses of a tool. Build one with [New];
// it is immutable and safe for concurrent use. The zero Budget has no
// tiers and refuses every response with ErrUnknownTier.
type Budget struct {
	limits map[string]int
}

// maxTierName bounds a tier's name in bytes.
const maxTierName = 64

// New builds a Budget from tier names and their limits in tokens (as
// [Tokens] counts them). It refuses (ErrConfig) an empty map, an empty,
// over-long or non-printable tier name, and a limit below 1. The map is
// copied.
func New(tiers map[string]int) (*Budget, error) {
	if len(tiers) == 0 {
		return nil, fmt.Errorf("%w: no tiers", ErrConfig)
	}
	b := &Budget{limits: make(map[string]int, len(tiers))}
	for name, limit := range tiers {
		if !printable(name) {
			return nil, fmt.Errorf("%w: tier name %q is empty, longer than %d bytes or not printable", ErrConfig, name, maxTierName)
		}
		if limit < 1 {
			return nil, fmt.Errorf("%w: tier %q has limit %d; a limit is at least 1", ErrConfig, name, limit)
		}
		b.limits[name] = limit
	}
	return b, nil
}

func printable(s string) bool {
	if s == "" || len(s) > maxTierName || !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r < ' ' || r == 0x7f || r >= 0x80 && r < 0xa0 || r == '\u200b' || r >= '\u202a' && r <= '\u202e' || r >= '\u2066' && r <= '\u2069' || r == '\ufeff' {
			return false
		}
	}
	return true
}

// Limit returns the tier's limit, and false for a tier the Budget does
// not have.
func (b *Budget) Limit(tier string) (int, bool) {
	if b == nil {
		return 0, false
	}
	l, ok := b.limits[tier]
	return l, ok
}

// Check reports whether a response made of sections stays within the
// tier's hard limit: nil when it does, a *[Error] naming the sections to
// prune when it does not, and an error wrapping ErrUnknownTier for a tier
// the Budget does not have. Any non-nil error means the response must not
// be returned as it is. The cost is linear in the sections' length; it
// allocates only for an error.
func (b *Budget) Check(tier string, sections ...Section) error {
	limit, ok := b.Limit(tier)
	if !ok {
		return fmt.Errorf("%w %q", ErrUnknownTier, tier)
	}
	total := 0
	for _, s := range sections {
		total += Tokens(s.Text)
	}
	if total <= limit {
		return nil
	}
	e := &Error{Tier: tier, Limit: limit, Tokens: total, Sections: make([]SectionCost, len(sections))}
	for i, s := range sections {
		name := s.Name
		if name == "" {
			name = fmt.Sprintf("section %d", i+1)
		}
		e.Sections[i] = SectionCost{Name: name, Tokens: Tokens(s.Text)}
	}
	slices.SortStableFunc(e.Sections, func(a, b SectionCost) int {
		return cmp.Or(cmp.Compare(b.Tokens, a.Tokens), strings.Compare(a.Name, b.Name))
	})
	return e
}
