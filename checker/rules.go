package checker

import "github.com/wardline/wardline/guard"

// Stable rule ids. A [Violation] carries one of these in its Rule field;
// applications may count, log and tune violations by id (see
// [WithoutRuleUnsafe] and [WithRuleAsWarningUnsafe]). The ids of rules
// that package guard detects are guard's constants (guard.RuleImperative
// and so on), declared once in the module; the constants here refer to
// them. Only the checker's own rules (strict JSON, schema, markdown and
// the field rules) are spelt here.
const (
	// RuleJSONSyntax: the input is not exactly one strict JSON object
	// (prose or code fences around it, trailing data, duplicate keys,
	// invalid UTF-8, a byte order mark, comments, trailing commas, NaN,
	// nesting deeper than the limit, or more bytes than the size limit,
	// which is checked before parsing).
	RuleJSONSyntax = "json.syntax"
	// RuleSchema: the object does not match the contract's JSON Schema
	// (the GuruResponse's is [Schema]; see [WithContract]).
	RuleSchema = "schema"

	// RuleImperative: an imperative aimed at the reader ("Run the tests").
	RuleImperative = guard.RuleImperative
	// RuleModal: a directive modal, advice or an action request ("you
	// should ...", "make sure ...", "Can you delete ...?").
	RuleModal = guard.RuleModal
	// RuleCommand: a copy-pasteable command line, a shell prompt or a code
	// fence.
	RuleCommand = guard.RuleCommand
	// RuleSteps: a step list (numbered or bulleted items, "Step 1:",
	// ordinal sequences) whose items open with verbs.
	RuleSteps = guard.RuleSteps
	// RuleInjection: reproduced prompt injection ("ignore previous
	// instructions", fake "system:" turns, invisible carriers).
	RuleInjection = guard.RuleInjection
	// RuleSecret: a secret (gitleaks rules and more); the gitleaks rule id is
	// named in the message, the secret never is.
	RuleSecret = guard.RuleSecret
	// RuleExfilURL: a URL in a field whose [Kind] admits none (in a
	// GuruResponse: outside internet_facts[].source, internet_facts[].claims
	// and mcp_requests[]), or anywhere a URL that carries a payload, a
	// non-http(s) scheme or a markdown image.
	RuleExfilURL = guard.RuleExfilURL
	// RuleExfilRequest: a request to reveal or send secrets, environment
	// variables, keys or files (also a relayed one).
	RuleExfilRequest = guard.RuleExfilRequest
	// RuleMarkdown: a field that a markdown renderer would format
	// (headings, lists, emphasis, links, code, tables, HTML ...).
	RuleMarkdown = "format.markdown"

	// RuleSourceURL: a [SourceURL] field (internet_facts[].source) is
	// neither an absolute http(s) URL nor a provider identifier such as
	// "doi:10.1000/182" or "docs-search".
	RuleSourceURL = "source.url"
	// RuleSourceDomain: a [SourceURL] field names a host outside the
	// configured allowed domains (see [WithAllowedDomains]).
	RuleSourceDomain = "source.domain"
	// RuleMCPService: a [Service] field (mcp_requests[].mcp) is not a
	// service name, or not one of the configured services (see
	// [WithAllowedServices]).
	RuleMCPService = "mcp.service"
	// RuleContextRef: a [ContextRef] field (mcp_requests[].context_refs[])
	// is not of the form "file:<relative path>#L<a>" or
	// "file:<relative path>#L<a>-L<b>".
	RuleContextRef = "mcp.context_ref"
	// RuleQuestion: a [Question] field (open_questions[]) is not a
	// question (it has no question mark).
	RuleQuestion = "question.form"
	// RuleLanguage: a field holds a sentence in a language the detectors
	// do not read (they read English, Spanish, German and French); an
	// instruction in it would pass them unread. See [AllowLanguages].
	RuleLanguage = guard.RuleLanguage
)

// ruleInfo describes one rule: a short, content-free description used in
// messages and in [ReformatPrompt], and whether options may loosen it.
type ruleInfo struct {
	desc      string
	loosening bool // may be disabled or downgraded by an option
}

var rules = map[string]ruleInfo{
	RuleJSONSyntax:   {"the output is not exactly one strict JSON object within the size and nesting limits", false},
	RuleSchema:       {"the object does not match the response schema", false},
	RuleImperative:   {"an imperative aimed at the reader; state the fact instead", true},
	RuleModal:        {"advice, a directive modal or an action request; state the fact instead", true},
	RuleCommand:      {"a command line; name the tool as a noun instead of reproducing the command", true},
	RuleSteps:        {"a list of steps; state facts instead", true},
	RuleInjection:    {"reproduced prompt-injection text; describe it instead of copying it", true},
	RuleSecret:       {"a secret value; name the secret instead of including it", true},
	RuleExfilURL:     {"a URL where none is allowed, or a URL that carries data, a non-http scheme or an image", true},
	RuleExfilRequest: {"a request to reveal or send secrets, keys, environment variables or files", true},
	RuleMarkdown:     {"markdown or HTML; every field is one paragraph of plain text", true},
	RuleSourceURL:    {"the source is not an http(s) URL or a provider identifier", true},
	RuleSourceDomain: {"the source is not on an allowed domain", true},
	RuleMCPService:   {"the service is not one of the configured MCP services", true},
	RuleContextRef:   {`the context reference is not of the form "file:<path>#L<a>-L<b>"`, true},
	RuleQuestion:     {`an open question must be a question (with a "?")`, true},
	RuleLanguage:     {"text in a language the checker does not read; write every field in English (or a language the application allows)", true},
}

// Rules returns every rule id the checker reports, sorted.
func Rules() []string {
	ids := make([]string, 0, len(rules))
	for id := range rules {
		ids = append(ids, id)
	}
	sortStrings(ids)
	return ids
}
