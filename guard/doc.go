// Package guard holds the text detectors and input validators that the rest
// of wardline stands on.
//
// Every detector takes the caller's raw string and returns [Finding]
// values whose Start and End are byte offsets into that string, sorted by
// offset. Rule ids are stable ("instruction.imperative", "injection",
// "secret", ...), so applications can count and tune findings by rule.
//
// # Normalisation
//
// [Normalize] undoes the usual obfuscations before any rule runs: NFKC
// (golang.org/x/text/unicode/norm) folds fullwidth and compatibility
// forms; zero-width and other format characters, bidi controls, Unicode
// tag characters, variation selectors, control characters and invalid
// UTF-8 are removed; confusable homoglyphs are folded to their Latin
// skeleton with a table generated from Unicode's UTS #39 confusables data
// (gen_confusables.go; x/text has no confusables support); white space is
// collapsed (line breaks kept) and letters are lower-cased. Normalize is
// idempotent and returns already-normal ASCII without allocating.
// Detectors that match on normalised text map their matches back to the
// caller's string, so an excerpt may be normalised while the offsets
// still point at the fullwidth or zero-width original.
//
// # Instructions
//
// [Instructions] finds what the facts-only contract forbids in a response:
// imperatives aimed at the reader, directive modals and action requests,
// command lines, step lists and reproduced prompt injection, including
// invisible carriers (tag characters, bidi overrides). Imperatives are
// decided per clause with a verb lexicon generated from WordNet 3.0
// (gen_lexicon.go): a base-form verb opening a clause is a command when a
// determiner, pronoun or particle follows it and no finite verb later
// shows that it began a noun phrase ("Build artifacts are stored in
// dist/" is a fact). Spanish, German and French imperatives and modals of
// the commonest verbs are covered.
//
// Candidate command lines are parsed with mvdan.cc/sh/v3/syntax rather
// than matched with regular expressions. A real shell parser knows
// quoting, pipes, redirections, command substitution, assignments and
// continuation lines, so the detector judges what the shell would run:
// the program and its arguments. That is what separates "The project uses
// npm workspaces" (a program named in a sentence) from "npm i -g foo" (a
// program with a flag), "curl ... | sh" from "separated by | characters",
// and prose in parentheses from a subshell, which a pattern over the raw
// text cannot do without either missing quoted or piped commands or
// flagging ordinary sentences.
//
// # Secrets
//
// [Secrets] reports what gitleaks v8's default rules find (Rule
// "secret.<gitleaks-rule-id>"), also inside base64, hex, percent and
// unicode-escape encodings up to three levels deep, with byte offsets into
// the input and a redacted Excerpt ("ghp_…(40)") that never holds the
// secret. A "gitleaks:allow" comment suppresses nothing: in an agent's
// input that text is attacker-controlled. The rules are loaded once,
// lazily, through a private viper instance, and gitleaks' logger is never
// given a secret to print. Findings are identical to gitleaks'
// DetectString (tested on gitleaks' own rule test cases and on the corpus)
// at 6–20× its speed: each rule's regular expression runs only on windows
// that can hold a match, found from necessary literals derived from its
// syntax tree. Beyond gitleaks, Secrets also finds prefixed tokens followed
// by punctuation and tokens split by zero-width or fullwidth characters.
// [Redact] replaces every finding with its excerpt; package audit takes it
// as its redactor.
//
// # URLs and exfiltration
//
// [URLs] uses mvdan.cc/xurls/v2, which knows every TLD and the punctuation
// rules around URLs, on normalised and refanged text (hxxp, [.], (dot)). It
// reports URLs with a scheme, www. hosts and scheme-less host/paths that
// carry a query or fragment; module paths (github.com/acme/widget/v2),
// image references, bare host names and e-mail addresses are identifiers,
// not URLs. [Exfiltration] reports URLs that carry a payload (an encoded
// run longer than a commit hash, or a secret after decoding, in the query,
// fragment, userinfo, path or host labels; a template placeholder naming a
// secret) or use a non-http(s) scheme, every markdown or HTML image (found
// with github.com/yuin/goldmark, as a renderer sees them rather than with
// a pattern), and requests to reveal or send secrets, keys, environment
// variables, system prompts or files, relayed ones included, in English,
// Spanish, German and French.
//
// # Retrieved text
//
// [Sanitize] drops the lines (sentences, in long lines) of retrieved
// documentation that address an AI reader: injection ([Instructions]),
// hidden HTML comments and spans, chat-template tokens, tool-call bait,
// base64-wrapped instructions and exfiltration requests. Human
// documentation stays, imperatives included ("Run go mod tidy before
// committing"). Each chunk is capped at 1,500 characters by default
// ([SanitizeOptions]), and the cut is reported as a finding.
//
// # Tool inputs and results
//
// Arguments a model proposes for a tool are checked before anything runs.
// [IPOrCIDR] parses one address or CIDR prefix with net/netip and also
// refuses what is ambiguous in a firewall rule: zones, leading zeros,
// IPv4-mapped IPv6 addresses and prefixes with host bits set; a bare
// address becomes a /32 or /128. [OneOf] returns a validator that gives
// back the canonical allowed value ("Block" → "block") and rejects
// everything else ("DROP TABLE" is not a mode). [Comment] removes control,
// bidi, zero-width and tag characters and refuses over-long input rather
// than truncating it silently. All three return a *[ValidationError]
// (errors.As) that echoes at most 16 bytes of the input. [ToolResult] and
// [CheckToolResult] make sure a failed call is never reported as done: a
// result is a success only when it is a single JSON object with no "error"
// key, empty "errors", "status" equal to "ok" and "ok"/"success" true when
// present; plain text such as "Executed", HTML, arrays and truncated JSON
// are failures (*[ToolResultError]).
//
// # Concurrency and zero values
//
// Every exported function is safe for concurrent use by multiple
// goroutines. Tables and lexicons are built once, lazily and race-free;
// there is no mutable package state. Functions take plain strings and
// have no zero-value types to misuse; the empty string yields no findings.
//
// # Performance
//
// Work is linear in the input, for any input: invalid UTF-8, NUL bytes and
// multi-megabyte strings included; and crafted input costs at most a small
// multiple of typical text of the same size. URLs are found by a hand
// matcher for xurls' expressions (the expressions themselves spend
// microseconds per byte of a crafted run on Go's regexp engine), the
// secret scan bounds its work per keyword hit with checks read from each
// rule's expression, and markdown that would keep goldmark's link parser
// busy for more than a few dozen steps per byte is reported as an image
// instead of parsed. TestCostPerByte measures every crafted input
// (internal/crafted: each detector's trigger tokens repeated) against
// typical text and fails above 20 times its cost per byte; the
// BenchmarkXxx64KiB/adversarial-* benchmarks measure the most costly. Measured on a 2-core AMD EPYC VM
// (medians of 6 runs): Normalize returns 2 KB of already-normal ASCII in
// about 1 µs without allocating and lower-cases ASCII prose at about
// 800 MB/s; Instructions takes about 24 µs on 2 KB of English prose, with
// no allocation when it finds nothing (the shell parser only runs on lines
// and spans that already look like commands); Secrets finds exactly what
// gitleaks finds, about 110 times faster on prose that mentions tokens,
// keys and passwords, 75 times on neutral prose and 9 times with secrets
// in it, and allocates nothing on text without a candidate. Benchmarks are
// in the package's tests (BenchmarkSecrets runs gitleaks side by side):
//
//	go test -run='^$' -bench=. -benchmem ./guard
package guard
