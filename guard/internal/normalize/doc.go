// Package normalize computes the matching form of text, the string every
// guard detector looks at, and the byte-level helpers the detectors use to
// map findings on it back to the caller's string.
//
// [Normalize] applies NFKC, removes invisible and control characters and
// invalid UTF-8, folds confusable homoglyphs to their Latin skeleton,
// lower-cases, and collapses white space (line breaks kept); guard.Normalize
// documents the steps and is the public entry point. [NormalizeWithOffsets]
// also returns, for every output byte, the offset of the source rune that
// produced it, and [EndOffset] maps an exclusive end back to the source.
// [IsASCII], [IsNormalASCII], [ASCIIForm] and [ASCIIPassInto] are the fast
// paths for ASCII text, tested eight bytes at a time (swar.go, over
// internal/swar): already-normal ASCII is returned without allocating.
//
// NFKC comes from golang.org/x/text/unicode/norm, the maintained
// implementation of Unicode normalisation. x/text has no support for UTS
// #39 confusables, so the homoglyph table (confusables_table.go) is
// generated from Unicode's confusables data by gen_confusables.go, which
// normalize.go's generate directive reruns (see confusables.go for the
// data's source and licence).
//
// The package sits at the bottom of guard's internal packages: it imports
// only the standard library, x/text and internal/swar.
package normalize
