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
// # Secrets, exfiltration and retrieved text
//
// The data-side detectors live in this package too and follow the same
// conventions: findings with original offsets, stable rule ids, never the
// secret itself in an error, a finding or a log. Secret scanning uses
// gitleaks' rules; exfiltration checks look for URLs that carry data,
// markdown images and requests to reveal or send secrets; Sanitize removes
// text addressed to an AI reader from retrieved documents while keeping
// human documentation. Each detector's own documentation states its
// rules.
//
// # Tool inputs and results
//
// Validators for tool inputs (addresses and networks, one-of choices,
// bounded comments) and parsers for tool results (so that a failure is
// never reported as success) are also part of guard; they return typed
// errors usable with errors.Is and errors.As.
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
// multi-megabyte strings included. Normalize on ASCII prose runs at
// hundreds of MB/s; Instructions on 2 KB of English prose takes tens of
// microseconds, and the shell parser only runs on lines and spans that
// already look like commands. Benchmarks are in the package's tests:
//
//	go test -run='^$' -bench=. -benchmem ./guard
package guard
