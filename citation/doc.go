// Package citation will enforce wiki write rules: every footnote carries a
// verbatim quote whose sha256 is checked against the live raw source, plus
// path ACLs, protected files, exactly-one-match replace and log linkage.
//
// The package is being built; it exports nothing yet.
package citation
