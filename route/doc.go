// Package route will parse a supervisor model's routing output strictly
// against an allowlist of node names, falling back on anything else.
//
// The package is being built; it exports nothing yet.
package route
