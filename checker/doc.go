// Package checker will enforce the GuruResponse contract: strict JSON, an
// embedded JSON Schema, the facts-only field rules built on package guard,
// a deterministic list of violations with stable rule ids, and a reformat
// prompt to send back to the model. See DESIGN.md, "The facts-only contract".
//
// The package is being built; it exports nothing yet.
package checker
