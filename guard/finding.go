package guard

import (
	"fmt"

	"github.com/wardline/wardline/guard/internal/finding"
)

// Finding is one thing a detector found in a string.
//
// Start and End are byte offsets into the string the caller passed in (not
// into its normalised form), with 0 <= Start <= End <= len(input). Rule is a
// stable dotted identifier such as "instruction.imperative" or
// "secret.github-pat"; applications may count and tune findings by it.
// Excerpt is a short, human-readable piece of the match for logs and error
// messages; for secrets it is redacted and never contains the secret itself.
type Finding struct {
	Rule    string
	Start   int
	End     int
	Excerpt string
}

// String formats the finding as "rule [start:end] excerpt".
func (f Finding) String() string {
	return fmt.Sprintf("%s [%d:%d] %q", f.Rule, f.Start, f.End, f.Excerpt)
}

// public returns the findings of an internal detector as guard's
// Findings. finding.Finding has the same fields, so each converts as a
// whole; nil stays nil.
func public(fs []finding.Finding) []Finding {
	if fs == nil {
		return nil
	}
	out := make([]Finding, len(fs))
	for i, f := range fs {
		out[i] = Finding(f)
	}
	return out
}
