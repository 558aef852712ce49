package checker

import (
	"errors"
	"fmt"
	"strings"

	"github.com/wardline/wardline/guard"
)

// ErrInvalidOption is wrapped by every error [New] returns for a bad or
// conflicting option; test with errors.Is.
var ErrInvalidOption = errors.New("checker: invalid option")

// Limits bound the size of a response. A zero field means the default.
// MaxBytes and MaxDepth apply to every contract; the others are the
// GuruResponse's (a custom contract states its own in its schema, see
// [WithContract]).
type Limits struct {
	// MaxBytes bounds the whole input; larger input is refused before it is
	// parsed (rule json.syntax). Default 64 KiB, at most 16 MiB.
	MaxBytes int
	// MaxDepth bounds the nesting of arrays and objects (rule
	// json.syntax). Default 8, between 4 (the depth of a valid response)
	// and 64.
	MaxDepth int
	// MaxSummaryChars bounds the summary, in characters (code points).
	// Default 2000.
	MaxSummaryChars int
	// MaxItemChars bounds every other string, in characters. Default 500.
	MaxItemChars int
	// MaxItems bounds every array. Default 50.
	MaxItems int
}

// defaultLimits are the limits of a Checker built without [WithLimits].
var defaultLimits = Limits{
	MaxBytes:        64 << 10,
	MaxDepth:        8,
	MaxSummaryChars: 2000,
	MaxItemChars:    500,
	MaxItems:        50,
}

// DefaultLimits returns the limits a Checker uses unless [WithLimits]
// changes them.
func DefaultLimits() Limits { return defaultLimits }

const (
	hardMaxBytes = 16 << 20
	hardMaxDepth = 64
	hardMaxChars = 1 << 20
	hardMaxItems = 10000
)

type severity uint8

const (
	block severity = iota
	warn
	off
)

// config is what options build; the zero config plus defaultLimits is the
// strictest.
type config struct {
	limits   Limits
	domains  []string        // lower-case; empty: any domain
	services map[string]bool // empty: any service
	severity map[string]severity
	setBy    map[string]string // rule id -> option that changed it, for conflict errors
	scan     *scanner          // nil: package guard
	langs    guard.Languages   // the zero value: guard's default set
	contract *contractSpec     // nil: the GuruResponse
	// guruLimits names the WithLimits fields that only the GuruResponse
	// has, when they were set (they conflict with WithContract).
	guruLimits []string
}

// Option configures a [Checker]. Options are applied in order by [New];
// an option that cannot be applied makes New fail.
type Option func(*config) error

// WithLimits replaces the default limits; zero fields keep their default.
// Raising a limit loosens the checker; values outside the documented ranges
// are errors.
func WithLimits(l Limits) Option {
	return func(c *config) error {
		set := func(dst *int, v, lo, hi int, name string) error {
			switch {
			case v == 0:
				return nil
			case v < lo || v > hi:
				return fmt.Errorf("%w: WithLimits: %s = %d, want %d..%d", ErrInvalidOption, name, v, lo, hi)
			}
			*dst = v
			return nil
		}
		for _, f := range []struct {
			v    int
			name string
		}{{l.MaxSummaryChars, "MaxSummaryChars"}, {l.MaxItemChars, "MaxItemChars"}, {l.MaxItems, "MaxItems"}} {
			if f.v != 0 {
				c.guruLimits = append(c.guruLimits, f.name)
			}
		}
		return errors.Join(
			set(&c.limits.MaxBytes, l.MaxBytes, 64, hardMaxBytes, "MaxBytes"),
			set(&c.limits.MaxDepth, l.MaxDepth, 4, hardMaxDepth, "MaxDepth"),
			set(&c.limits.MaxSummaryChars, l.MaxSummaryChars, 1, hardMaxChars, "MaxSummaryChars"),
			set(&c.limits.MaxItemChars, l.MaxItemChars, 1, hardMaxChars, "MaxItemChars"),
			set(&c.limits.MaxItems, l.MaxItems, 1, hardMaxItems, "MaxItems"),
		)
	}
}

// AllowLanguages widens the languages fields may be written in beyond
// the ones the detectors read (English, Spanish, German, French), by
// ISO 639-1 code (see guard.KnownLanguages). This loosens the checker: an
// instruction, command or injection written in an added language is not
// recognised as one, because no rule reads that language. Without it, a
// sentence in any other language is rejected with [RuleLanguage]. Calling
// it again adds codes; an unknown code is an error.
func AllowLanguages(codes ...string) Option {
	return func(c *config) error {
		if len(codes) == 0 {
			return fmt.Errorf("%w: AllowLanguages: no languages", ErrInvalidOption)
		}
		l, err := guard.NewLanguages(append(c.langs.Codes(), codes...)...)
		if err != nil {
			return fmt.Errorf("%w: AllowLanguages: %w", ErrInvalidOption, err)
		}
		c.langs = l
		return nil
	}
}

// WithAllowedDomains restricts the URLs of [SourceURL] fields
// (internet_facts[].source) to the given hosts and their subdomains
// ("go.dev" admits "pkg.go.dev"). Without this option any host is
// accepted; calling it again adds domains. Provider identifiers (such as
// "doi:...") are not affected.
func WithAllowedDomains(domains ...string) Option {
	return func(c *config) error {
		if len(domains) == 0 {
			return fmt.Errorf("%w: WithAllowedDomains: no domains", ErrInvalidOption)
		}
		for _, d := range domains {
			d = strings.ToLower(strings.TrimSuffix(d, "."))
			if !validHost(d) {
				return fmt.Errorf("%w: WithAllowedDomains: %q is not a host name", ErrInvalidOption, d)
			}
			c.domains = append(c.domains, d)
		}
		return nil
	}
}

// WithAllowedServices restricts [Service] fields (mcp_requests[].mcp) to
// the given service names (exact match). Without this option any
// well-formed name is accepted; calling it again adds names.
func WithAllowedServices(names ...string) Option {
	return func(c *config) error {
		if len(names) == 0 {
			return fmt.Errorf("%w: WithAllowedServices: no services", ErrInvalidOption)
		}
		if c.services == nil {
			c.services = make(map[string]bool)
		}
		for _, n := range names {
			if !validServiceName(n) {
				return fmt.Errorf("%w: WithAllowedServices: %q is not a service name", ErrInvalidOption, n)
			}
			c.services[n] = true
		}
		return nil
	}
}

// WithoutRuleUnsafe disables the rule with the given id: its violations are
// neither reported nor blocking. This LOOSENS the checker; do not use it
// unless you know what you are doing and have another control for what the
// rule catches. The strict-JSON and schema rules cannot be disabled.
func WithoutRuleUnsafe(rule string) Option {
	return setSeverity(rule, off, "WithoutRuleUnsafe")
}

// WithRuleAsWarningUnsafe downgrades the rule with the given id: its
// violations no longer block the response but are returned by
// [Response.Warnings]. This LOOSENS the checker; do not use it unless you
// know what you are doing. The strict-JSON and schema rules cannot be
// downgraded.
func WithRuleAsWarningUnsafe(rule string) Option {
	return setSeverity(rule, warn, "WithRuleAsWarningUnsafe")
}

func setSeverity(rule string, s severity, name string) Option {
	return func(c *config) error {
		info, ok := rules[rule]
		if !ok {
			return fmt.Errorf("%w: %s(%q): no such rule (see checker.Rules)", ErrInvalidOption, name, rule)
		}
		if !info.loosening {
			return fmt.Errorf("%w: %s(%q): this rule cannot be loosened", ErrInvalidOption, name, rule)
		}
		if prev, ok := c.setBy[rule]; ok && prev != name {
			return fmt.Errorf("%w: %s(%q) conflicts with %s(%q)", ErrInvalidOption, name, rule, prev, rule)
		}
		if c.severity == nil {
			c.severity = make(map[string]severity)
			c.setBy = make(map[string]string)
		}
		c.severity[rule] = s
		c.setBy[rule] = name
		return nil
	}
}

// validHost reports whether s is a plausible DNS host name (letters, digits,
// hyphens, dots; at least one dot; labels 1..63).
func validHost(s string) bool {
	if len(s) == 0 || len(s) > 253 || !strings.Contains(s, ".") {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if len(label) == 0 || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for i := 0; i < len(label); i++ {
			b := label[i]
			if !(b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '-') {
				return false
			}
		}
	}
	return true
}

// validServiceName mirrors the schema's pattern for mcp_requests[].mcp.
func validServiceName(s string) bool {
	if len(s) == 0 || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		alnum := b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
		if !alnum && (i == 0 || b != '.' && b != '_' && b != '-') {
			return false
		}
	}
	return true
}
