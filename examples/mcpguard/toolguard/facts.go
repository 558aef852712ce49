package toolguard

import (
	"context"
	"errors"
	"sort"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wardline/wardline/checker"
)

// FactsOnly returns an [OutputCheck] for tools that answer with a
// facts-only GuruResponse (see package checker): the result's text content
// must be one JSON object that c accepts. A nil c means the package-level
// [checker.Validate] with its strictest defaults.
//
// A rejected answer is withheld. The client receives
// [checker.ReformatPrompt]'s text, which names each problem by JSON Pointer
// and rule without repeating the rejected output (so it cannot echo a
// secret or an injected instruction back); the audit record keeps only the
// rule ids and pointers.
func FactsOnly(c *checker.Checker) OutputCheck {
	validate := checker.Validate
	if c != nil {
		validate = c.Validate
	}
	return OutputCheck{Name: "checker", Func: func(_ context.Context, _ *Call, res *mcp.CallToolResult) error {
		if _, err := validate([]byte(Text(res))); err != nil {
			return &Denial{Reason: checker.ReformatPrompt(err), Audit: violationSummary(err)}
		}
		return nil
	}}
}

// violationSummary lists "pointer rule" pairs, sorted and de-duplicated.
func violationSummary(err error) string {
	var rej *checker.Rejection
	if !errors.As(err, &rej) || len(rej.Violations) == 0 {
		return "response rejected by the checker"
	}
	seen := map[string]bool{}
	var parts []string
	for _, v := range rej.Violations {
		p := v.Path
		if p == "" {
			p = "/"
		}
		s := p + " " + v.Rule
		if !seen[s] {
			seen[s] = true
			parts = append(parts, s)
		}
	}
	sort.Strings(parts)
	return truncate("response rejected: "+strings.Join(parts, "; "), maxReason)
}
