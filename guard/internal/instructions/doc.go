// Package instructions finds what the facts-only contract forbids in a
// response ([Instructions]): imperatives aimed at the reader, directive
// modals and action requests, command lines, step lists and reproduced
// prompt injection, including invisible carriers. Package guard exposes
// Instructions and documents what it reports; guard's Sanitize asks it
// about the sentences of retrieved text.
//
// One detector tokenises the normalised text (guard/internal/normalize)
// and each rule reads the tokens:
//
//   - instructions_imperative.go: a clause opening with a base-form verb
//     used as a command. Whether the verb is a command or the first word of
//     a subject ("Drop rates ... stayed below 0.1%") is decided from the
//     clause's structure by the treebank-trained grammar of
//     guard/internal/grammar, over the word classes of the WordNet lexicon
//     (guard/internal/lexicon);
//   - instructions_modal.go: directive modals and advice in any person
//     (guard/internal/directive), and questions that ask for an action;
//   - instructions_command.go: candidate command lines parsed with
//     mvdan.cc/sh/v3/syntax, a real shell parser, so that the program and
//     its arguments are judged, not a pattern over the raw text (lines of
//     plain words, and pipelines and lists of them, take proven-equivalent
//     fast paths instead of the parser: plainWords and
//     instructions_plainlist.go);
//   - instructions_steps.go: step lists whose items open with verbs;
//   - instructions_injection.go and carriers.go: reproduced prompt
//     injection, hidden HTML (guard/internal/inject) and invisible
//     carriers (Unicode tag characters, bidi controls), which Normalize
//     removes but which are reported on the original text;
//   - instructions_foreign.go and instructions_lang.go: Spanish, German and
//     French imperatives and modals of the commonest verbs, with the
//     language told by guard/internal/langid;
//   - instructions_decode.go: the same rules on text a reader decodes at
//     once (HTML character references, base64, hex, percent-encoding).
//
// The package sits above normalize, lexicon and finding and the language
// packages grammar, directive, inject and langid.
package instructions
