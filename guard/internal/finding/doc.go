// Package finding holds what every guard detector reports: the [Finding]
// value (a rule id, a byte span into the caller's string and a short
// excerpt), [Sort], the order the detectors return findings in, and
// [Clip] with [MaxExcerpt], the bound on an excerpt.
//
// It is the bottom of guard's internal packages beside normalize and
// imports only the standard library. guard.Finding is a struct with the
// same fields, so that its documentation stays in guard; guard's public
// functions convert what the detectors return, and Sort takes both.
package finding
