package guard

// Stable rule ids. Every [Finding] carries one in its Rule field, and the
// other wardline packages (checker, the audit records of examples) refer
// to these constants rather than spelling the ids again, so a rule id is
// declared once in the module. Applications may count, log and tune
// findings and violations by id.
const (
	// RuleImperative: an imperative aimed at the reader ("Run the tests").
	RuleImperative = "instruction.imperative"
	// RuleModal: a directive modal, advice or an action request ("you
	// should ...", "make sure ...", "Can you delete ...?").
	RuleModal = "instruction.modal"
	// RuleCommand: a copy-pasteable command line, a shell prompt or a code
	// fence.
	RuleCommand = "instruction.command"
	// RuleSteps: a step list (numbered or bulleted items, "Step 1:",
	// ordinal sequences) whose items open with verbs.
	RuleSteps = "instruction.steps"
	// RuleInjection: reproduced prompt injection ("ignore previous
	// instructions", fake "system:" turns, invisible carriers).
	RuleInjection = "injection"
	// RuleSecret is the family of secret findings: [Secrets] reports
	// RuleSecret + "." + the gitleaks rule id ("secret.github-pat"), and
	// package checker reports RuleSecret itself.
	RuleSecret = "secret"
	// RuleURL: a URL, as [URLs] defines it; where it may appear is the
	// caller's decision.
	RuleURL = "url"
	// RuleExfilURL: a URL that carries a payload, a non-http(s) scheme or
	// a markdown image (see [Exfiltration]).
	RuleExfilURL = "exfil.url"
	// RuleExfilRequest: a request to reveal or send secrets, environment
	// variables, keys or files, also a relayed one.
	RuleExfilRequest = "exfil.request"
	// RuleLanguage: text in a language outside the set the detectors read
	// (see [Languages]). An instruction in Italian or Japanese would pass
	// rules that read English, Spanish, German and French unread; what
	// cannot be read fails closed instead.
	RuleLanguage = "language.unsupported"
)

// RuleURLCredentials is the rule of a password written into a URL's
// userinfo ("mongodb+srv://app:S3cr3tV4lue@cluster0.example.net/db"),
// a secret gitleaks' default rules do not look for. It is in the
// [RuleSecret] family.
const RuleURLCredentials = RuleSecret + ".url-credentials"
