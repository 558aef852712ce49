package checker

import (
	"net/url"
	"strconv"
	"strings"
)

// fieldRules applies the rules that depend on a string's kind.
func (c *Checker) fieldRules(f *field, as Kind, nodes []node, vs []Violation) []Violation {
	switch as {
	case SourceURL:
		if rule, msg := c.checkSource(f.text); rule != "" {
			vs = append(vs, Violation{Rule: rule, Path: f.path(nodes), Message: msg})
		}
	case Service:
		switch {
		case !validServiceName(f.text):
			vs = append(vs, Violation{Rule: RuleMCPService, Path: f.path(nodes), Message: "the value is not a service name (letters, digits, '.', '_' and '-', at most 64)"})
		case len(c.cfg.services) > 0 && !c.cfg.services[f.text]:
			vs = append(vs, Violation{Rule: RuleMCPService, Path: f.path(nodes), Message: "the service is not one of the configured MCP services"})
		}
	case ContextRef:
		if !validContextRef(f.text) {
			vs = append(vs, Violation{Rule: RuleContextRef, Path: f.path(nodes), Message: ruleDesc(RuleContextRef)})
		}
	case Question:
		if !isQuestion(f.text) {
			vs = append(vs, Violation{Rule: RuleQuestion, Path: f.path(nodes), Message: ruleDesc(RuleQuestion)})
		}
	}
	return vs
}

// checkSource accepts an absolute http(s) URL with a host and no user
// information, or a provider identifier: "<provider>:<id>" such as
// "doi:10.1000/182" or "arxiv:2401.00001", or a bare provider name such as
// "docs-search" (the service-name syntax). With allowed domains configured, a URL's host must be
// one of them or a subdomain.
func (c *Checker) checkSource(s string) (rule, msg string) {
	if host, ok := plainHTTPURL(s); ok {
		// What url.Parse would have accepted with this host (see
		// plainHTTPURL), without its allocations.
		if len(c.cfg.domains) > 0 && !c.domainAllowed(strings.ToLower(strings.TrimSuffix(host, "."))) {
			return RuleSourceDomain, "the source host is not on an allowed domain"
		}
		return "", ""
	}
	if i := strings.Index(s, "://"); i >= 0 {
		u, err := url.Parse(s)
		switch {
		case err != nil || strings.ContainsAny(s, " \t\r\n"):
			return RuleSourceURL, "the source is not a well-formed URL"
		case u.Scheme != "http" && u.Scheme != "https":
			return RuleSourceURL, "the source URL's scheme is not http or https"
		case u.Host == "" || u.Hostname() == "":
			return RuleSourceURL, "the source URL has no host"
		case u.User != nil:
			return RuleSourceURL, "the source URL carries user information"
		}
		if len(c.cfg.domains) > 0 && !c.domainAllowed(strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))) {
			return RuleSourceDomain, "the source host is not on an allowed domain"
		}
		return "", ""
	}
	if validProviderID(s) || validServiceName(s) && !strings.Contains(s, "..") {
		return "", ""
	}
	return RuleSourceURL, ruleDesc(RuleSourceURL)
}

// plainHTTPURL recognises, without allocating, the common source URL that
// checkSource's url.Parse path accepts: "http://" or "https://" (lower
// case), a non-empty host of ASCII letters, digits, dots and hyphens, and
// then only printable ASCII other than space and '%'. It returns the host
// and true only when url.Parse(s) succeeds with scheme http or https, no
// user information and u.Hostname() == host, and s has no whitespace, so
// checkSource decides exactly as on its url.Parse path:
//   - Parse cuts the fragment at the first '#' and the query at the first
//     '?', and the authority after "//" ends at the first '/': the host is
//     s up to the first of '/', '?' or '#'.
//   - With no '@' there is no user information; with no ':' and no '['
//     there is no port or IP literal, so Hostname() is the host; letters,
//     digits, '.' and '-' never make the host unescaping fail.
//   - The path and fragment are unescaped, which fails only on a bad '%'
//     sequence, and the query is kept raw; control bytes (the only other
//     reason Parse fails) are excluded.
//
// Anything else returns false and takes the url.Parse path.
// TestPlainHTTPURL and FuzzPlainHTTPURL hold it to url.Parse.
func plainHTTPURL(s string) (host string, ok bool) {
	var rest string
	switch {
	case strings.HasPrefix(s, "https://"):
		rest = s[len("https://"):]
	case strings.HasPrefix(s, "http://"):
		rest = s[len("http://"):]
	default:
		return "", false
	}
	i := 0
	for ; i < len(rest); i++ {
		b := rest[i]
		if b == '/' || b == '?' || b == '#' {
			break
		}
		if !(b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '.' || b == '-') {
			return "", false
		}
	}
	if i == 0 {
		return "", false
	}
	for k := i; k < len(rest); k++ {
		if b := rest[k]; b <= ' ' || b >= 0x7f || b == '%' {
			return "", false
		}
	}
	return rest[:i], true
}

func (c *Checker) domainAllowed(host string) bool {
	for _, d := range c.cfg.domains {
		if host == d || strings.HasSuffix(host, "."+d) {
			return true
		}
	}
	return false
}

// blockedSchemes are never provider identifiers.
var blockedSchemes = map[string]bool{
	"javascript": true, "data": true, "file": true, "vbscript": true, "blob": true,
	"ftp": true, "http": true, "https": true, "mailto": true, "ws": true, "wss": true,
}

// validProviderID accepts "<provider>:<id>": a lower-case provider name
// (letters, digits, hyphens; up to 32) and an id of letters, digits and
// ". _ / - :" with no whitespace, query, fragment or percent-encoding.
func validProviderID(s string) bool {
	name, id, ok := strings.Cut(s, ":")
	if !ok || len(name) == 0 || len(name) > 32 || blockedSchemes[name] || len(id) == 0 || strings.HasPrefix(id, "/") {
		return false
	}
	for i := 0; i < len(name); i++ {
		b := name[i]
		if !(b >= 'a' && b <= 'z' || b >= '0' && b <= '9' && i > 0 || b == '-' && i > 0) {
			return false
		}
	}
	for i := 0; i < len(id); i++ {
		b := id[i]
		if !(b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || strings.IndexByte("._/-:", b) >= 0) {
			return false
		}
	}
	return true
}

// validContextRef accepts "file:<path>#L<a>" and "file:<path>#L<a>-L<b>"
// with 1 <= a <= b, and a relative, clean path: no leading "/", no "."
// or ".." segments, no backslashes, spaces, control characters, "?" or "#".
func validContextRef(s string) bool {
	rest, ok := strings.CutPrefix(s, "file:")
	if !ok {
		return false
	}
	i := strings.LastIndex(rest, "#L")
	if i <= 0 {
		return false
	}
	path, lines := rest[:i], rest[i+2:]
	if strings.HasPrefix(path, "/") || strings.HasSuffix(path, "/") || strings.ContainsAny(path, "\\?#% \t") {
		return false
	}
	for rest := path; ; {
		seg, more, found := strings.Cut(rest, "/")
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
		if !found {
			break
		}
		rest = more
	}
	// Control characters are ASCII: a byte below 0x20 or 0x7f is always a
	// whole code point, never part of a multi-byte one.
	for i := 0; i < len(path); i++ {
		if b := path[i]; b < 0x20 || b == 0x7f {
			return false
		}
	}
	a, b, ranged := strings.Cut(lines, "-L")
	na, ok := lineNumber(a)
	if !ok {
		return false
	}
	if ranged {
		nb, ok := lineNumber(b)
		return ok && nb >= na
	}
	return true
}

func lineNumber(s string) (int, bool) {
	if len(s) == 0 || len(s) > 9 || s[0] == '0' {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 1
}

// isQuestion reports whether s asks something: it has a question mark
// (ASCII, fullwidth, Arabic or Greek) with some text before it. A trailing
// remark after the question ("Is v1 supported? The docs disagree.") is
// allowed; a statement without any question mark is not a question.
func isQuestion(s string) bool {
	for _, q := range []string{"?", "\uFF1F", "\u061F", "\u037E"} {
		if i := strings.Index(s, q); i >= 0 && strings.TrimSpace(s[:i]) != "" {
			return true
		}
	}
	return false
}
