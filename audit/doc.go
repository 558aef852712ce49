// Package audit will write one JSON line per guardrail decision, hash-chained
// so that tampering is detectable, with secrets redacted before hashing.
//
// The package is being built; it exports nothing yet.
package audit
