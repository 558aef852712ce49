package guard

import (
	"github.com/wardline/wardline/guard/internal/exfil"
	"github.com/wardline/wardline/guard/internal/instructions"
	"github.com/wardline/wardline/guard/internal/normalize"
	"github.com/wardline/wardline/guard/internal/secrets"
)

// The public detectors. Each is a thin front over the package under
// guard/internal that implements it (see the package documentation).

// Normalize returns the matching form of s: the text every wardline
// detector looks at, with the usual obfuscations undone.
//
// In order, Normalize
//
//   - applies NFKC (golang.org/x/text/unicode/norm), so fullwidth and other
//     compatibility forms ("Ｒｕｎ", "ﬁle", "①") become their plain letters;
//   - removes invisible characters: format characters (general category Cf:
//     zero-width space and joiners, soft hyphen, word joiner, byte-order
//     mark, bidi embedding/override/isolate controls, Unicode tag
//     characters), variation selectors, the combining grapheme joiner,
//     Hangul fillers, other control characters and invalid UTF-8 bytes;
//   - folds confusable homoglyphs to their Latin skeleton with the Latin
//     subset of Unicode's UTS #39 confusables data (Cyrillic "о" becomes
//     "o", Greek "Α" becomes "a", "ɡ" becomes "g"); ASCII itself is never
//     rewritten by this step, so "m", "0" and "1" stay as they are;
//   - lower-cases every letter (simple Unicode lower-casing, which, unlike
//     x/text's case folding, is idempotent for Cherokee);
//   - turns every line break (CR, CRLF, NEL, U+2028, U+2029, VT, FF) into
//     "\n" and every run of other white space (tab, no-break and
//     ideographic spaces, ...) into a single " ". Line breaks are kept
//     because step lists and command lines are line-oriented.
//
// The result is valid UTF-8 and Normalize is idempotent:
// Normalize(Normalize(s)) == Normalize(s). Text that is already in
// matching form (for example lower-case ASCII with single spaces) is
// returned as is without allocating; other ASCII text costs one
// allocation, the result. Invisible carriers are removed here but not
// lost: [Instructions] reports Unicode tag characters and bidi controls
// in the original string as "injection" findings.
//
// Normalize is for matching, not for display: its output is not meant to
// be shown to a user in place of s.
func Normalize(s string) string { return normalize.Normalize(s) }

// Secrets reports every secret in s that gitleaks' default rules find,
// also inside base64, percent, hex and unicode-escape encodings (up to three
// nested levels; such a finding spans the encoded text). Rule is
// "secret.<gitleaks rule id>", for example "secret.github-pat"; Start and End
// are byte offsets of the secret (for a decoded secret, of its encoded form)
// in s; Excerpt is redacted (see [Redact]) and never holds the secret.
// Findings are sorted by Start, then End, then Rule.
//
// Beyond gitleaks, Secrets also finds a prefixed token (ghp_, sk_live_,
// xoxb-, ...) followed by punctuation, where gitleaks' rules insist on a
// quote or white space, and scans the text with invisible characters
// removed and NFKC applied (letter case kept), so that a token split by a
// zero-width space or spelled in fullwidth letters is found on its span
// in s.
//
// The first call loads gitleaks' rules (tens of milliseconds); later calls
// reuse them. Secrets is safe for concurrent use. If the rules cannot be
// loaded, which would be a bug in the gitleaks version linked, Secrets
// reports a single finding with Rule "secret.unavailable" spanning s, so
// that a caller treating any finding as a block fails closed.
func Secrets(s string) []Finding { return public(secrets.Secrets(s)) }

// Credentials reports passwords written into the userinfo of URLs
// ("scheme://user:password@host"), under [RuleURLCredentials]. A
// placeholder is not a password: a template or variable ("${DB_PASS}",
// "{{password}}", "<password>"), a mask ("****", "xxxx"), an English word
// ("password", "secret") or anything shorter than eight characters or
// written in a single class of characters. Excerpts are redacted, as
// [Secrets]' are.
//
// Findings are sorted by offset; the running time is linear in len(s).
// It is separate from Secrets, whose findings are gitleaks' exactly; the
// checker runs both.
func Credentials(s string) []Finding { return public(secrets.Credentials(s)) }

// Redact returns s with every secret that [Secrets] or [Credentials]
// finds replaced by its redacted excerpt (the first few characters, "…"
// and the length, e.g. "ghp_…(40)"). Overlapping findings are merged into
// one redaction. Text without secrets is returned unchanged. Redact is
// safe for concurrent use; audit uses it to keep secrets out of logs.
func Redact(s string) string { return secrets.Redact(s) }

// URLs reports every URL in s as the facts-only contract defines one: any
// URL with a scheme (https://..., ftp://..., mailto:..., javascript:...,
// data:...), a www. host, defanged forms a reader still follows (hxxp://,
// example[.]com, example(dot)com) and a scheme-less host/path that carries a
// query or fragment (evil.com/x?d=...). Module paths, image references,
// bare host names and e-mail addresses are not reported. Obfuscation
// (fullwidth letters, zero-width characters, homoglyphs) is undone first.
//
// Every finding has Rule "url", offsets into s and an Excerpt holding the
// URL (redacted if it carries a secret, shortened if long). Findings are
// sorted. URLs is safe for concurrent use.
func URLs(s string) []Finding { return public(exfil.URLs(s)) }

// Exfiltration reports URLs that could carry data out ("exfil.url") and
// requests to reveal or send secrets, keys, environment variables, system
// prompts or sensitive files ("exfil.request") in s. Obfuscation
// (fullwidth letters, zero-width characters, homoglyphs, defanged URLs) is
// undone before matching; offsets are into s. Excerpts never hold a
// secret. Findings are sorted. Exfiltration is safe for concurrent use.
func Exfiltration(s string) []Finding { return public(exfil.Exfiltration(s)) }

// Instructions reports text that tells its reader to do something, under
// the facts-only contract of wardline's DESIGN: imperatives aimed at the
// reader ("instruction.imperative"), directive modals, advice and action
// requests ("instruction.modal"), copy-pasteable command lines
// ("instruction.command"), step lists ("instruction.steps") and reproduced
// prompt injection, including invisible tag characters and bidi controls
// ("injection").
//
// s is the raw text; Instructions normalises it with the same steps as
// [Normalize] and reports byte offsets into s, so fullwidth letters,
// zero-width characters, homoglyphs, odd spacing and case do not change the
// verdict. Findings are sorted by Start, then End, then Rule; Excerpt is the
// matched text in normalised form, at most 80 bytes of valid UTF-8.
// Third-person statements of fact ("Contributors must sign the CLA", "The
// project uses npm workspaces", "Build artifacts are stored in dist/") and
// questions that ask for information produce no finding.
//
// Any input is accepted, including invalid UTF-8, NUL bytes and very long
// strings; the running time is linear in len(s).
func Instructions(s string) []Finding { return public(instructions.Instructions(s)) }
