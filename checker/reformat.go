package checker

import (
	"errors"
	"strings"
)

// maxPromptProblems bounds how many violations ReformatPrompt lists.
const maxPromptProblems = 12

// ReformatPrompt turns a Validate or ValidateInto error into a short
// message to send back to the model, asking for a conforming answer. It
// names each problem by JSON Pointer and rule, with a fixed description of
// the rule, and shows the shape the contract expects (for a custom
// contract, an outline generated from its schema and policy): it never
// repeats text from the rejected output, so it cannot echo a secret or an
// injected instruction back into the conversation. For nil it returns "".
func ReformatPrompt(err error) string {
	if err == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("Your previous answer was rejected by the response checker.\n")
	var rej *Rejection
	hasRej := errors.As(err, &rej)
	if hasRej && len(rej.Violations) > 0 {
		b.WriteString("Problems:\n")
		for i, v := range rej.Violations {
			if i == maxPromptProblems {
				b.WriteString("- (more problems not listed)\n")
				break
			}
			p := v.Path
			if p == "" {
				p = "(whole answer)"
			}
			b.WriteString("- ")
			b.WriteString(p)
			b.WriteString(": ")
			b.WriteString(v.Rule)
			b.WriteString(": ")
			b.WriteString(ruleDesc(v.Rule))
			b.WriteString("\n")
		}
	}
	if hasRej && rej.con != nil && rej.con.custom {
		b.WriteString("Answer again with exactly one JSON object and nothing before or after it (no prose, no code fence), of this shape:\n")
		b.WriteString(rej.con.shape)
		b.WriteString("\nEvery string is plain text stating facts: no instructions to the reader, no advice, no commands or step lists, no markdown or HTML, no secrets; ")
		b.WriteString(rej.con.urlNote)
		b.WriteString(".")
		return b.String()
	}
	b.WriteString(`Answer again with exactly one JSON object and nothing before or after it (no prose, no code fence), of this shape:
{"role":"guru","summary":"...","repo_facts":["..."],"internet_facts":[{"source":"https://...","retrieved_at":"2026-05-01T12:00:00Z","claims":["..."],"confidence":"low|medium|high"}],"open_questions":["...?"],"mcp_requests":[{"mcp":"service-name","purpose":"...","query":"...","context_refs":["file:path#L1-L20"]}]}
Every string is one paragraph of plain text stating facts: no instructions to the reader, no advice, no commands or step lists, no markdown or HTML, no secrets. URLs belong only in internet_facts source and claims and in mcp_requests.`)
	return b.String()
}
