// Package langid tells which language a piece of text is written in, so
// that text the detectors cannot read fails closed instead of passing as
// clean.
//
// guard's instruction detectors read English, Spanish, German and French.
// An instruction in Italian or Japanese passes them unread; the checker
// therefore rejects text in a language outside the set it reads
// (language.unsupported) unless the application widens the set. This
// package makes that call.
//
// # How it decides
//
// [Model.Unsupported] cuts a text into segments (sentences, ended by . ! ?
// ; : or a line break) and judges each on evidence only:
//
//   - A segment whose letters are mostly of a script other than Latin
//     (Cyrillic, Greek, Arabic, Hebrew, Devanagari, Han, kana, Hangul,
//     Thai), with at least six of them, is in the language that script
//     names; Han with kana is Japanese.
//   - A Latin-script segment is judged on its natural words: words of
//     running text, not identifiers, paths, flags, numbers or CamelCase
//     names. With fewer than five it is not judged. Each word costs, in
//     each language the model knows, the negative log-probability of the
//     word in that language's running text, or, for a word the language's
//     vocabulary lacks, that of an unknown word with its first and last
//     three letters. The segment goes to a language outside the allowed
//     set only when that language beats every allowed one by a margin per
//     word; otherwise it is readable.
//
// Errors are meant to fall on the readable side: a false "unsupported"
// rejects a good answer. Names, titles and single words in other scripts
// inside English text, short fragments and mixed segments are readable.
//
// # Data
//
// The model (model.bin, about 1.6 MB) is learnt by internal/gen from the
// running text of Universal Dependencies treebanks in twenty Latin-script
// languages; SOURCES.md lists them with their commits and licences (CC
// BY-SA; treebanks under non-commercial licences were left out). It is
// decoded once, on first use.
//
// # Accuracy and cost
//
// The package's tests measure it on held-out sentences of every language
// and on the project's English corpora and fail below their floors; run
// them with -v to see the numbers. Unsupported is linear in the text,
// allocates nothing and is safe for concurrent use; BenchmarkUnsupported
// measures it.
package langid
