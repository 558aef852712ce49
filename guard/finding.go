package guard

import "github.com/wardline/wardline/guard/internal/finding"

// Finding is one thing a detector found in a string.
//
// Start and End are byte offsets into the string the caller passed in (not
// into its normalised form), with 0 <= Start <= End <= len(input). Rule is a
// stable dotted identifier such as "instruction.imperative" or
// "secret.github-pat"; applications may count and tune findings by it.
// Excerpt is a short, human-readable piece of the match for logs and error
// messages; for secrets it is redacted and never contains the secret itself.
type Finding = finding.Finding
