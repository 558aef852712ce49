package audit

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// RedactCommon is the redactor every [Logger] applies unless built with
// [WithoutRedaction]. It is cheap (one pass over the string, no regular
// expressions, no allocation when nothing is found) and catches the common
// credential shapes:
//
//   - tokens with a well-known prefix: AWS access key ids (AKIA, ASIA, ...),
//     GitHub (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_), GitLab (glpat-),
//     Slack (xoxb-, xoxp-, xapp-, ...), OpenAI and Anthropic (sk-), Stripe
//     (sk_live_, rk_live_, ...), Google (AIza, ya29.), npm (npm_), PyPI
//     (pypi-), Hugging Face (hf_), SendGrid (SG.), DigitalOcean (dop_v1_),
//     Shopify (shpat_, ...);
//   - the value after a credential-looking key: password=, secret:, token
//     =, api_key, access_key, private_key, client_secret, credential(s),
//     Authorization:, and after "Bearer " and "Basic ";
//   - PEM private key blocks;
//   - the password in a URL's user information (scheme://user:pass@host);
//   - random-looking runs: 24 or more characters of [A-Za-z0-9+/_-] (and
//     '=' padding) with at least two digits, one in twelve characters or
//     more, that change between upper case, lower case and digits at two in five
//     adjacent pairs or more,
//     as random keys and base64 do and words, identifiers and paths do not.
//     Runs of hexadecimal digits and dashes only (digests, UUIDs) are kept,
//     so that input digests and decision ids stay readable.
//
// A secret is replaced by at most its first four characters (none when it
// is shorter than 16), "…" and its length in bytes, e.g. "AKIA…(20)", as
// guard.Redact writes. RedactCommon is a floor, not gitleaks: wire
// guard.Redact with [WithRedactor] to redact everything guard.Secrets finds
// (it runs before RedactCommon). It is safe for concurrent use.
func RedactCommon(s string) string {
	var b []byte // nil until the first redaction
	last := 0
	emit := func(start, end int) {
		if end <= start || start < last {
			return
		}
		if b == nil {
			b = make([]byte, 0, len(s))
		}
		b = append(b, s[last:start]...)
		b = appendExcerpt(b, s[start:end])
		last = end
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '-' && strings.HasPrefix(s[i:], "-----BEGIN"):
			if end := pemEnd(s, i); end > i {
				emit(i, end)
				i = end
				continue
			}
		case c == ':' && strings.HasPrefix(s[i:], "://"):
			if start, end := userinfoPassword(s, i+3); end > start {
				emit(start, end)
				i = end
				continue
			}
		case c == '=' || c == ':':
			if start, end := keyedValue(s, i); end > start {
				emit(start, end)
				i = end
				continue
			}
		case c == ' ' && i >= 6:
			if start, end := schemeValue(s, i); end > start {
				emit(start, end)
				i = end
				continue
			}
		}
		if tokenByte(c) && (i == 0 || !tokenByte(s[i-1])) {
			end := i
			for end < len(s) && tokenByte(s[end]) {
				end++
			}
			pad := end // base64 padding belongs to the run
			for pad < len(s) && s[pad] == '=' && pad-end < 2 {
				pad++
			}
			if pad > end && (pad == len(s) || !tokenByte(s[pad]) && s[pad] != '=') {
				end = pad
			}
			if end-i < minPrefixed {
				// Too short for any shape RedactCommon knows.
			} else if at := prefixedAt(s[i:end]); at >= 0 {
				emit(i+at, end)
			} else if secretRun(s[i:end]) {
				emit(i, end)
			}
			i = end
			continue
		}
		i++
	}
	if b == nil {
		return s
	}
	return string(append(b, s[last:]...))
}

// appendExcerpt appends the redacted form of secret.
func appendExcerpt(b []byte, secret string) []byte {
	show := 0
	if len(secret) >= 16 {
		show = 4
	}
	n := 0
	for i := 0; n < show && i < len(secret); n++ {
		r, size := utf8.DecodeRuneInString(secret[i:])
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			break
		}
		b = append(b, secret[i:i+size]...)
		i += size
	}
	b = append(b, "…("...)
	b = strconv.AppendInt(b, int64(len(secret)), 10)
	return append(b, ')')
}

// tokenByte reports the characters of keys, base64 and identifiers ('='
// only as padding, see RedactCommon).
func tokenByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '_' || c == '-' || c == '+' || c == '/'
}

// prefixes are well-known token prefixes; a run that starts with one and
// has at least 12 more token characters is a secret.
var prefixes = []string{
	"AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AROA", "AIPA", "ANPA", "ANVA", "APKA",
	"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "glptt-", "gldt-",
	"xoxb-", "xoxp-", "xoxa-", "xoxo-", "xoxr-", "xoxs-", "xapp-", "xoxe-",
	"sk-", "sk_live_", "sk_test_", "rk_live_", "rk_test_", "pk_live_", "whsec_",
	"AIza", "ya29.", "npm_", "pypi-", "hf_", "SG.", "dop_v1_", "doo_v1_", "dor_v1_",
	"shpat_", "shpca_", "shppa_", "shpss_", "glsa_", "glc_", "lin_api_", "xkeysib-",
}

// minPrefixed is the shortest prefixed token: the shortest prefix ("sk-")
// and 12 more characters.
const minPrefixed = 3 + 12

// prefixIndex lists the prefixes by their first byte, so that a run is
// compared only with the prefixes it could start with.
var prefixIndex = sync.OnceValue(func() *[256][]string {
	var idx [256][]string
	for _, p := range prefixes {
		idx[p[0]] = append(idx[p[0]], p)
	}
	return &idx
})

// prefixedAt returns where, in a run of token characters, a token with a
// well-known prefix starts (at the start of the run or after a '-', '_',
// '/' or '+'), or -1.
func prefixedAt(run string) int {
	idx := prefixIndex()
	for i := 0; len(run)-i >= minPrefixed; i++ {
		if i > 0 && !strings.ContainsRune("-_/+", rune(run[i-1])) {
			continue
		}
		for _, p := range idx[run[i]] {
			if len(run)-i >= len(p)+12 && strings.HasPrefix(run[i:], p) {
				return i
			}
		}
	}
	return -1
}

// secretRun decides a maximal run of token characters.
func secretRun(run string) bool {
	if len(run) < 24 {
		return false
	}
	body := strings.TrimRight(run, "=")
	if len(body) < 24 {
		return false
	}
	var letters, digits, hex, transitions, pairs int
	prev := byte(0) // class of the previous alphanumeric character
	for i := 0; i < len(body); i++ {
		c := body[i]
		var class byte
		switch {
		case 'a' <= c && c <= 'z':
			class, letters = 'l', letters+1
		case 'A' <= c && c <= 'Z':
			class, letters = 'u', letters+1
		case '0' <= c && c <= '9':
			class, digits = 'd', digits+1
		}
		if class != 0 && (c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			hex++
		}
		if class == 0 {
			if c != '-' {
				hex = -len(body) // not hex-and-dashes only
			}
			prev = 0
			continue
		}
		if prev != 0 {
			pairs++
			if prev != class {
				transitions++
			}
		}
		prev = class
	}
	switch {
	case letters == 0 || digits < 2 || digits*12 < len(body):
		return false // words, identifiers and paths rarely carry digits
	case hex == letters+digits && !mixedCase(body):
		return false // a digest or a UUID
	}
	return pairs > 0 && transitions*10 >= pairs*4
}

func mixedCase(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return 'a' <= r && r <= 'z' }) &&
		strings.ContainsFunc(s, func(r rune) bool { return 'A' <= r && r <= 'Z' })
}

// pemEnd returns the end of a PEM private key block starting at i, or i.
func pemEnd(s string, i int) int {
	line := s[i:]
	if nl := strings.IndexAny(line, "\r\n"); nl >= 0 {
		line = line[:nl]
	}
	if !strings.Contains(line, "PRIVATE KEY") {
		return i
	}
	if e := strings.Index(s[i+10:], "-----END"); e >= 0 {
		end := i + 10 + e + len("-----END")
		if c := strings.Index(s[end:], "-----"); c >= 0 {
			return end + c + 5
		}
		return len(s)
	}
	return len(s)
}

// userinfoPassword returns the password span of "user:pass@" at i.
func userinfoPassword(s string, i int) (int, int) {
	for j := i; j < len(s) && j < i+256; j++ {
		switch c := s[j]; {
		case c == ':':
			k := j + 1
			for k < len(s) && s[k] != '@' && s[k] != '/' && s[k] > ' ' {
				k++
			}
			if k < len(s) && s[k] == '@' && k > j+1 {
				return j + 1, k
			}
			return 0, 0
		case c == '@' || c == '/' || c <= ' ':
			return 0, 0
		}
	}
	return 0, 0
}

// credentialKeys are what a key that names a credential contains (in
// lower case, '-' and '_' removed).
var credentialKeys = []string{"password", "passwd", "pwd", "secret", "token", "apikey", "accesskey",
	"privatekey", "credential", "authorization", "sessionid", "cookie", "signature"}

// keyedValue returns the span of the value after the delimiter at i (an
// '=' or ':') when the key before it names a credential.
func keyedValue(s string, i int) (int, int) {
	// The key: identifier characters (and quotes) just before i.
	k := i
	for k > 0 && (s[k-1] == '"' || s[k-1] == '\'' || s[k-1] == ' ') && i-k < 2 {
		k--
	}
	end := k
	for k > 0 && (tokenByte(s[k-1]) || s[k-1] == '.') && s[k-1] != '/' && s[k-1] != '=' && end-k < 64 {
		k--
	}
	if end-k < 3 || !credentialKey(s[k:end]) {
		return 0, 0
	}
	// The value: after spaces and an opening quote, up to a quote, white
	// space or a separator.
	v := i + 1
	for v < len(s) && (s[v] == ' ' || s[v] == '"' || s[v] == '\'' || s[v] == '=') {
		v++
	}
	e := v
	for e < len(s) && s[e] > ' ' && s[e] != '"' && s[e] != '\'' && s[e] != ',' && s[e] != ';' && s[e] != '&' && s[e] != '}' && s[e] != ')' {
		e++
	}
	if strings.Contains(s[v:e], "…(") {
		return 0, 0 // already a redacted excerpt
	}
	if e-v < 6 || strings.EqualFold(s[v:e], "bearer") || strings.EqualFold(s[v:e], "basic") {
		if e-v >= 5 && e < len(s) && s[e] == ' ' { // "Authorization: Bearer <token>"
			return schemeValue(s, e)
		}
		return 0, 0
	}
	return v, e
}

func credentialKey(key string) bool {
	var buf [64]byte
	n := 0
	for i := 0; i < len(key) && n < len(buf); i++ {
		c := key[i]
		switch {
		case c == '_' || c == '-' || c == '.' || c == '"' || c == '\'':
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		buf[n] = c
		n++
	}
	k := string(buf[:n])
	for _, w := range credentialKeys {
		if strings.Contains(k, w) {
			return true
		}
	}
	return false
}

// schemeValue returns the span of the credential after "Bearer " or
// "Basic " ending at the space at i.
func schemeValue(s string, i int) (int, int) {
	var scheme string
	switch {
	case i >= 6 && strings.EqualFold(s[i-6:i], "bearer"):
		scheme = s[i-6 : i]
	case i >= 5 && strings.EqualFold(s[i-5:i], "basic"):
		scheme = s[i-5 : i]
	default:
		return 0, 0
	}
	if start := i - len(scheme); start > 0 && tokenByte(s[start-1]) {
		return 0, 0 // part of a longer word
	}
	v := i + 1
	e := v
	for e < len(s) && (tokenByte(s[e]) || s[e] == '.' || s[e] == '~') {
		e++
	}
	if e-v < 8 {
		return 0, 0
	}
	return v, e
}
