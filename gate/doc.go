// Package gate will decide whether a proposed command may run: deterministic
// CEL rules first, then a pluggable LLM gatekeeper that sees only the rules
// and the command and fails closed on every error.
//
// The package is being built; it exports nothing yet.
package gate
