package guard

import "github.com/wardline/wardline/guard/internal/normalize"

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
