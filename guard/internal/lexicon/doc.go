// Package lexicon is the English word list the guard detectors consult:
// the verb lemmas of WordNet 3.0 with their noun and adjective readings
// and how often WordNet's sense-tagged corpus saw each reading, the
// irregular verb forms, the other dictionary words, and the closed-class
// function words.
//
// [Default] parses the lists once, on first use. [Lexicon.IsDictionaryWord]
// tells an English word (or an inflection of one) from a coined one such
// as a program or subcommand name, and [Lexicon.SLemma] and
// [Lexicon.EdLemma] map third-person and past forms to their lemma. The
// instruction detectors read verbs with it; the credential and
// exfiltration-request checks ask it whether a word is English.
//
// The lists are plain text files under data/, generated from the WordNet
// database by gen_lexicon.go (the go:generate line in embed.go; data/NOTICE
// holds WordNet's licence) and compiled in with //go:embed, so the package
// needs no files at run time and no dependency beyond the standard library.
package lexicon
