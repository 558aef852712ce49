package checker

// Response is a validated GuruResponse: the facts-only answer of a read-only
// research agent. Validate returns one only when every rule passed (or was
// loosened by an option); its strings are the decoded JSON strings, not
// normalised.
//
// A Response is plain data: the checker keeps no reference to it.
type Response struct {
	// Role is always "guru".
	Role string `json:"role"`
	// Summary is one paragraph of plain facts.
	Summary string `json:"summary"`
	// RepoFacts are facts about the repository.
	RepoFacts []string `json:"repo_facts,omitempty"`
	// InternetFacts are facts retrieved from the web, each with its source.
	InternetFacts []InternetFact `json:"internet_facts,omitempty"`
	// OpenQuestions are clarification questions; each has a "?".
	OpenQuestions []string `json:"open_questions,omitempty"`
	// MCPRequests name what to ask which service.
	MCPRequests []MCPRequest `json:"mcp_requests,omitempty"`

	warnings []Violation
}

// Warnings returns the violations of rules that were downgraded with
// [WithRuleAsWarningUnsafe]: the response was accepted despite them. The
// slice is sorted like [Rejection.Violations]; it is nil when nothing was
// downgraded.
func (r *Response) Warnings() []Violation {
	if r == nil {
		return nil
	}
	return r.warnings
}

// InternetFact is a set of claims taken from one web source.
type InternetFact struct {
	// Source is an absolute http(s) URL or a provider identifier such as
	// "doi:10.1000/182".
	Source string `json:"source"`
	// RetrievedAt is an RFC 3339 date-time with a time zone.
	RetrievedAt string `json:"retrieved_at"`
	// Claims are the facts the source states.
	Claims []string `json:"claims"`
	// Confidence is "low", "medium" or "high".
	Confidence string `json:"confidence"`
}

// MCPRequest names a question for one MCP service.
type MCPRequest struct {
	// MCP is the service name, for example "docs-search".
	MCP string `json:"mcp"`
	// Purpose says what the answer would establish.
	Purpose string `json:"purpose"`
	// Query is what to ask the service.
	Query string `json:"query"`
	// ContextRefs point at repository lines: "file:<path>#L<a>[-L<b>]".
	ContextRefs []string `json:"context_refs,omitempty"`
}
