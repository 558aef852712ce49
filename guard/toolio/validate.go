package toolio

import (
	"fmt"
	"net/netip"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wardline/wardline/internal/ascii"
)

// ValidationError is the error every tool-input validator returns ([IPOrCIDR],
// [OneOf], [Comment]); use errors.As to get it.
//
// Input is what the error echoes of the rejected value, never the value
// itself when that is long: inputs of up to 16 bytes are shown whole, longer
// ones as their first 4 characters, "…" and their length, and control and
// bidi characters are escaped by %q quoting. A key or password pasted into a
// tool argument therefore does not end up whole in a log.
type ValidationError struct {
	// Validator names the validator: "IPOrCIDR", "OneOf" or "Comment".
	Validator string
	// Input is the redacted excerpt of the rejected value described above.
	Input string
	// Reason says what was wrong, in words meant for a log or for the model
	// that produced the value ("octet out of range 0-255").
	Reason string
}

// Error returns "toolio: <validator>: <quoted input>: <reason>".
func (e *ValidationError) Error() string {
	return fmt.Sprintf("toolio: %s: %q: %s", e.Validator, e.Input, e.Reason)
}

// maxEcho is the longest input a ValidationError echoes whole.
const maxEcho = 16

// echo returns the excerpt of s that a ValidationError may show.
func validationExcerpt(s string) string {
	if len(s) <= maxEcho {
		return s
	}
	head, n := s, 0
	for i := range s {
		if n == 4 {
			head = s[:i]
			break
		}
		n++
	}
	return fmt.Sprintf("%s…(%d bytes)", strings.ToValidUTF8(head, "\uFFFD"), len(s))
}

func newValidationError(validator, input, reason string) *ValidationError {
	return &ValidationError{Validator: validator, Input: validationExcerpt(input), Reason: reason}
}

// maxIPLen bounds the input IPOrCIDR inspects: the longest IPv6 prefix in
// text ("ffff:…:255.255.255.255/128") is well under it.
const maxIPLen = 64

// IPOrCIDR parses a single IPv4 or IPv6 address or CIDR prefix, as a tool
// argument such as a firewall blacklist entry, and returns it as a prefix: a
// bare address becomes a /32 (IPv4) or /128 (IPv6) prefix.
//
// Surrounding ASCII white space is trimmed; everything else must be exact. It
// refuses what [net/netip] refuses (999.999.999.999, 1.2.3, hex or octal
// forms) and, because they are ambiguous or surprising in a firewall rule:
// zones ("fe80::1%eth0"), IPv4 octets or prefix lengths with leading zeros
// ("010.0.0.1", which some parsers read as octal, "/08"), IPv4-mapped IPv6
// addresses ("::ffff:10.0.0.1": write the IPv4 address), and prefixes with
// host bits set ("10.0.0.1/8": the error names the masked prefix). A wide
// prefix such as 0.0.0.0/0 is valid; callers that must not block the world
// check Bits themselves.
//
// Errors are *[ValidationError].
func IPOrCIDR(s string) (netip.Prefix, error) {
	const name = "IPOrCIDR"
	t := strings.Trim(s, " \t\r\n")
	switch {
	case t == "":
		return netip.Prefix{}, newValidationError(name, s, "empty")
	case len(t) > maxIPLen:
		return netip.Prefix{}, newValidationError(name, s, "too long for an IP address or CIDR prefix")
	case strings.Contains(t, "%"):
		return netip.Prefix{}, newValidationError(name, s, "zone identifiers are not allowed")
	}
	addrText, bitsText, hasBits := strings.Cut(t, "/")
	if reason := checkIPv4Text(addrText); reason != "" {
		return netip.Prefix{}, newValidationError(name, s, reason)
	}
	addr, err := netip.ParseAddr(addrText)
	if err != nil {
		return netip.Prefix{}, newValidationError(name, s, "not an IP address or CIDR prefix")
	}
	if addr.Is4In6() {
		return netip.Prefix{}, newValidationError(name, s, "IPv4-mapped IPv6 address: write the IPv4 address")
	}
	if !hasBits {
		return netip.PrefixFrom(addr, addr.BitLen()), nil
	}
	if bitsText == "" || len(bitsText) > 3 || strings.Trim(bitsText, "0123456789") != "" {
		return netip.Prefix{}, newValidationError(name, s, "prefix length must be a decimal number")
	}
	if len(bitsText) > 1 && bitsText[0] == '0' {
		return netip.Prefix{}, newValidationError(name, s, "prefix length has a leading zero")
	}
	bits := 0
	for _, c := range bitsText {
		bits = bits*10 + int(c-'0')
	}
	if bits > addr.BitLen() {
		return netip.Prefix{}, newValidationError(name, s, fmt.Sprintf("prefix length out of range 0-%d", addr.BitLen()))
	}
	p := netip.PrefixFrom(addr, bits)
	if m := p.Masked(); m != p {
		return netip.Prefix{}, newValidationError(name, s, "host bits set: did you mean "+m.String()+"?")
	}
	return p, nil
}

// checkIPv4Text explains why a dotted-decimal IPv4 text is wrong, or returns
// "" when it is not dotted decimal at all or has no problem netip would not
// also catch.
func checkIPv4Text(a string) string {
	if !strings.Contains(a, ".") || strings.Trim(a, "0123456789.") != "" {
		return ""
	}
	for rest := a; rest != ""; {
		var f string
		f, rest, _ = strings.Cut(rest, ".")
		if len(f) > 1 && f[0] == '0' {
			return "IPv4 octet has a leading zero (octal or decimal?)"
		}
		if len(f) > 3 || (len(f) == 3 && f > "255") {
			return "IPv4 octet out of range 0-255"
		}
	}
	return ""
}

// OneOf returns a validator that accepts exactly one of the allowed values
// and returns it as spelled in allowed: the input, trimmed of ASCII white
// space, must equal an allowed value without regard to ASCII case ("Block"
// gives "block"). Anything else — "DROP TABLE", "block; rm -rf /", a
// fullwidth or homoglyph spelling — is a *[ValidationError] whose Reason
// lists the allowed values.
//
// Allowed values that are empty never match. With no allowed values, the
// validator rejects every input. The validator is safe for concurrent use.
func OneOf(allowed ...string) func(string) (string, error) {
	vals := make([]string, 0, len(allowed))
	for _, a := range allowed {
		if a != "" {
			vals = append(vals, a)
		}
	}
	reason := "no allowed values"
	if len(vals) > 0 {
		reason = "not one of " + quoteList(vals)
	}
	return func(s string) (string, error) {
		t := strings.Trim(s, " \t\r\n")
		for _, v := range vals {
			if ascii.EqualFold(t, v) {
				return v, nil
			}
		}
		return "", newValidationError("OneOf", s, reason)
	}
}

func quoteList(vals []string) string {
	var b strings.Builder
	for i, v := range vals {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q", v)
	}
	return b.String()
}

// Comment cleans a free-text tool argument, such as the comment on a
// firewall rule, and bounds its length.
//
// It removes control characters (C0, C1, DEL) and format characters
// (Unicode category Cf: bidi embeddings, overrides and isolates, zero-width
// characters, soft hyphens, Unicode tag characters), replaces invalid UTF-8
// with nothing, turns every run of white space (including newlines and tabs)
// into one space and trims the ends. It then returns a *[ValidationError] if
// the result has more than max characters (runes); it does not truncate
// silently. A max below 1 rejects every comment. An input that is empty
// after cleaning is returned as "" without error.
func Comment(s string, max int) (string, error) {
	if max < 1 {
		return "", newValidationError("Comment", s, "maximum length must be at least 1")
	}
	out, fits := cleanText(s, max)
	if !fits {
		return "", newValidationError("Comment", s, fmt.Sprintf("longer than %d characters", max))
	}
	return out, nil
}

// cleanText applies Comment's cleaning and returns at most max runes of the
// result, reporting whether the whole cleaned text fitted.
func cleanText(s string, max int) (string, bool) {
	var b strings.Builder
	b.Grow(min(len(s), 4*max+4))
	runes := 0
	pendingSpace := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case unicode.IsSpace(r):
			pendingSpace = runes > 0
			continue
		case r == utf8.RuneError, unicode.IsControl(r), unicode.Is(unicode.Cf, r),
			unicode.Is(unicode.Co, r), isNoncharacter(r):
			continue
		}
		need := 1
		if pendingSpace {
			need = 2
		}
		if runes+need > max {
			return b.String(), false
		}
		if pendingSpace {
			b.WriteByte(' ')
			runes++
			pendingSpace = false
		}
		b.WriteRune(r)
		runes++
	}
	return b.String(), true
}

func isNoncharacter(r rune) bool {
	return (r >= 0xFDD0 && r <= 0xFDEF) || r&0xFFFE == 0xFFFE
}
