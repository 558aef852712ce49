package route

import (
	"errors"
	"fmt"

	"github.com/wardline/wardline/internal/ascii"
)

// MaxTokenLen is the longest route token a [Router] accepts, in bytes.
// Supervisor node names are short identifiers; anything longer is refused by
// [New] and, as model output, falls back without being inspected further.
const MaxTokenLen = 64

// Parse returns the allowed token that raw, trimmed of ASCII white space,
// equals without regard to ASCII case, or fallback when there is none.
//
// The token is returned as spelled in allowed. Empty entries in allowed never
// match. Parse cannot report a bad allowlist; use [New] to have the allowlist
// and fallback checked once, and [Router.Parse] to learn why an output fell
// back.
func Parse(raw string, allowed []string, fallback string) string {
	s := trimSpace(raw)
	if s == "" {
		return fallback
	}
	for _, tok := range allowed {
		if tok != "" && ascii.EqualFold(s, tok) {
			return tok
		}
	}
	return fallback
}

// Reason says why [Router.Parse] chose the route it chose.
type Reason uint8

// Reasons reported in a [Decision]. Every reason except Matched means the
// router fell back.
const (
	// Matched: the output was exactly one allowed token.
	Matched Reason = iota
	// Empty: the output was empty or only white space.
	Empty
	// NotASCII: the output contains a byte outside printable ASCII, such as
	// a fullwidth or homoglyph letter, a control character or invalid UTF-8.
	NotASCII
	// NotOneToken: the output has white space inside it ("monitor and then
	// config_manager").
	NotOneToken
	// TooLong: the output is longer than [MaxTokenLen] bytes.
	TooLong
	// Unknown: the output is a single word that is not in the allowlist
	// ("unknown", "route=monitor", "monitor.", "\"monitor\"").
	Unknown
)

var reasonNames = [...]string{
	Matched:     "matched",
	Empty:       "empty",
	NotASCII:    "not-ascii",
	NotOneToken: "not-one-token",
	TooLong:     "too-long",
	Unknown:     "unknown",
}

// String returns a stable lower-case name for the reason, such as "unknown".
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("reason(%d)", uint8(r))
}

// Decision is the outcome of [Router.Parse].
type Decision struct {
	// Route is the chosen node: the matched token as spelled in the
	// allowlist, or the fallback.
	Route string
	// FellBack reports whether Route is the fallback because the output did
	// not match. It is false when the output named the fallback token itself.
	FellBack bool
	// Reason says why; it is Matched exactly when FellBack is false.
	Reason Reason
}

// Errors returned by [New], usable with errors.Is.
var (
	ErrNoRoutes        = errors.New("route: empty allowlist")
	ErrDuplicateRoute  = errors.New("route: duplicate token in allowlist")
	ErrInvalidToken    = errors.New("route: invalid token")
	ErrFallbackMissing = errors.New("route: fallback is not in the allowlist")
)

// Router parses supervisor output against an allowlist fixed at construction.
//
// A Router is immutable and safe for concurrent use by multiple goroutines.
// The zero Router has no routes: it falls back to "" for every input, with
// Reason Unknown for a well-formed token.
type Router struct {
	fallback string
	byFold   map[string]string // lower-case token -> token as spelled
}

// New returns a Router for the allowed tokens with the given fallback.
//
// It returns an error wrapping [ErrNoRoutes] for an empty list,
// [ErrInvalidToken] for a token that is empty, longer than [MaxTokenLen] or
// not printable ASCII without spaces (such a token could never match),
// [ErrDuplicateRoute] for two tokens equal without regard to ASCII case, and
// [ErrFallbackMissing] when fallback is not one of the tokens exactly as
// spelled.
func New(fallback string, allowed ...string) (*Router, error) {
	if len(allowed) == 0 {
		return nil, ErrNoRoutes
	}
	r := &Router{fallback: fallback, byFold: make(map[string]string, len(allowed))}
	var buf [MaxTokenLen]byte
	for i, tok := range allowed {
		if !validToken(tok) {
			return nil, fmt.Errorf("%w: token %d (%d bytes): want 1 to %d printable ASCII characters without spaces",
				ErrInvalidToken, i, len(tok), MaxTokenLen)
		}
		low := string(ascii.AppendLower(buf[:0], tok))
		if prev, dup := r.byFold[low]; dup {
			return nil, fmt.Errorf("%w: %q and %q", ErrDuplicateRoute, prev, tok)
		}
		r.byFold[low] = tok
	}
	if r.byFold[string(ascii.AppendLower(buf[:0], fallback))] != fallback || fallback == "" {
		return nil, fmt.Errorf("%w: %.64q", ErrFallbackMissing, fallback)
	}
	return r, nil
}

// Fallback returns the node the Router falls back to.
func (r *Router) Fallback() string {
	if r == nil {
		return ""
	}
	return r.fallback
}

// Parse chooses the route for the supervisor output raw and says why. It
// applies the same rule as the package-level [Parse].
func (r *Router) Parse(raw string) Decision {
	var fallback string
	if r != nil {
		fallback = r.fallback
	}
	fell := func(why Reason) Decision { return Decision{Route: fallback, FellBack: true, Reason: why} }
	s := trimSpace(raw)
	switch {
	case s == "":
		return fell(Empty)
	case len(s) > MaxTokenLen:
		return fell(TooLong)
	}
	var buf [MaxTokenLen]byte
	b := buf[:0]
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			space = true
		case c < 0x20 || c > 0x7e:
			return fell(NotASCII)
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	if space {
		return fell(NotOneToken)
	}
	if r != nil {
		if tok, ok := r.byFold[string(b)]; ok {
			return Decision{Route: tok, Reason: Matched}
		}
	}
	return fell(Unknown)
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func trimSpace(s string) string {
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

func validToken(tok string) bool {
	if tok == "" || len(tok) > MaxTokenLen {
		return false
	}
	for i := 0; i < len(tok); i++ {
		if tok[i] <= ' ' || tok[i] > 0x7e {
			return false
		}
	}
	return true
}
