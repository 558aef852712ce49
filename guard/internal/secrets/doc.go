// Package secrets finds secrets in text: what gitleaks v8's default rules
// find ([Secrets]), passwords written into URLs ([Credentials]), and the
// redaction of both ([Redact], [RedactExcerpt]). Package guard exposes
// Secrets, Credentials and Redact and documents what they report.
//
// The rules, keywords, entropy thresholds and allowlists are gitleaks'
// (github.com/zricethezav/gitleaks/v8/config), loaded once, lazily,
// through a private github.com/spf13/viper instance, because gitleaks' own
// loader writes viper's process-wide state. Findings are gitleaks'
// exactly; the work is done differently, so that clean text costs little
// and allocates nothing:
//
//   - secrets_keywords.go: one pass of a deterministic Aho-Corasick
//     automaton finds every keyword occurrence, which activates rules and
//     gives most rules their anchor positions;
//   - secrets_regex.go: a rule's regexp runs only on windows that can hold
//     a match, found from necessary literals read from its syntax tree
//     (regexp/syntax);
//   - secrets_reach.go: checks read from each expression bound the work per
//     keyword occurrence on crafted text;
//   - secrets_generic.go: generic-api-key, the rule most text activates,
//     is matched by a hand-written matcher for its one expression instead
//     of Go's regexp: the same matches and group, in linear time (Go's
//     NFA spends about a microsecond a byte on "key=key=key=…"); if
//     gitleaks changes the expression, the engine falls back to the
//     regexp and a test says so;
//   - secrets_codec.go: gitleaks' detect/codec (MIT), copied with a
//     hand-written scanner for encoded segments and its logging of decoded
//     values removed, decodes base64, hex, percent and unicode-escape
//     segments up to three levels deep;
//   - secrets_scratch.go: a scan's buffers come from a pool.
//
// Beyond gitleaks, Secrets also scans the text as normalize.Unhide leaves
// it, so a token split by invisible characters or spelled in fullwidth
// letters is found. gitleaks' zerolog logger is never given a secret:
// only its configuration loader and allowlist matchers are called.
//
// The tests compare the engine with gitleaks' own detector finding by
// finding on gitleaks' rule test cases (testdata/gitleaks, extracted by
// testdata/gitleaks/gen.go) and on the shared corpus, and every fast path
// with the slower one it replaces.
//
// The package sits above normalize, lexicon and finding; the exfiltration
// checks import it to find secrets in URL payloads.
package secrets
