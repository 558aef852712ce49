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
// [Sanitize] removes from retrieved documentation what is addressed to an
// AI reader, judged by who the text addresses and what it asks (the
// analysis lives in guard/internal/inject and reads clause structure with
// the treebank-trained tagger of guard/internal/grammar): directives aimed
// at an assistant, an agent or a model, by name ("Attention Copilot:",
// "Note to the assistant:") or by what they talk about (the user of the
// conversation, the reader's replies, its instructions, tools and
// approvals); attempts to change the reader's instructions, identity,
// output or tool use; forged conversation turns and chat-template tokens;
// text hidden from human readers (CSS, comments, attributes, markdown
// comments, invisible characters); encoded directives; tool-call bait;
// exfiltration requests and URLs that carry a payload. It works on
// sentences and blocks across line breaks, and removes an injected block
// (<INFORMATION>…</INFORMATION>, a hidden element, a comment, a forged
// turn) whole. Human documentation stays, imperatives included ("Run go
// mod tidy before committing", "Send your API key in the Authorization
// header"), and so does reported or quoted discussion of injection. Text
// in a language the detectors cannot read is removed with
// RuleSanitizeLanguage rather than passed unread. Every removal is a
// [Finding] with its rule and span.
//
// A [Sanitizer] built with [NewSanitizer] configures the same analysis:
// [WithMaxChunk] bounds the clean text of each chunk (1,500 characters by
// default; the cut is reported with RuleSanitizeTruncated),
// [AllowLanguages] lets more languages through unread, and
// [WithClassifier] adds a model-based detector that can only remove more
// and whose failure returns no text at all. The zero Sanitizer is the
// strict configuration.
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
// Every exported function, and every Sanitizer, is safe for concurrent
// use by multiple goroutines. Tables, lexicons and models are built once,
// lazily and race-free; there is no mutable package state. The zero
// Sanitizer is ready to use with the strict defaults; the empty string
// yields no findings.
//
// # Performance
//
// Work is linear in the input, for any input: invalid UTF-8, NUL bytes and
// multi-megabyte strings included. Measured on a 2-core AMD EPYC VM
// (medians of 6 runs): Normalize returns 2 KB of already-normal ASCII in
// about 1 µs without allocating and lower-cases ASCII prose at about
// 800 MB/s; Instructions takes about 24 µs on 2 KB of English prose, with
// no allocation when it finds nothing (the shell parser only runs on lines
// and spans that already look like commands); Secrets finds exactly what
// gitleaks finds, about 110 times faster on prose that mentions tokens,
// keys and passwords, 75 times on neutral prose and 9 times with secrets
// in it, and allocates nothing on text without a candidate. Sanitize
// asks the tagger and the shared detectors only about sentences that hold
// a word or character their findings need, so a page of documentation
// costs a fraction of a millisecond, and no crafted repetition of any
// part's trigger costs more than a few times typical text of the same
// size (BenchmarkSanitize measures both, and
// TestSanitizeCraftedCostIsLinear holds the ratio). Benchmarks are
// in the package's tests (BenchmarkSecrets runs gitleaks side by side):
//
//	go test -run='^$' -bench=. -benchmem ./guard
package guard
