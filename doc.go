// Package wardline is a library of deterministic guardrails for LLM agents.
//
// Agents that read code and the web, run commands and write wikis can be
// talked into harm: a retrieved page says "ignore previous instructions", a
// model slips "curl ... | sh" into a fact, a token leaks into a reply, a
// markdown image carries data to an attacker's server, a "confirm" from an
// old turn runs a new action, a citation is invented. wardline stops these
// with pure, fast, deterministic Go functions that an application calls at
// its own control points. There is no daemon, no server and no global
// configuration: import a package and call it.
//
// This package holds only documentation; the work is done in its
// subpackages.
//
// # Control points
//
// An agent turn passes five points where wardline can decide:
//
//   - Pre-route: a supervisor model names the next node. [route] accepts
//     exactly one allowlisted token and falls back on anything else.
//   - Pre-tool: the agent proposes a command or a tool call. [guard]
//     validates tool inputs (IP/CIDR, one-of, bounded comments); [gate]
//     decides whether a command may run (CEL rules first, then an LLM
//     gatekeeper); [confirm] holds a side effect until the user replies
//     "confirm <nonce>" for that exact action.
//   - Post-tool: a tool returns. [guard] judges the result so that a failure
//     is never reported as success, and sanitises retrieved text before it
//     reaches a model.
//   - Pre-response: the model answers the user. [checker] validates the
//     strict-JSON, facts-only GuruResponse and blocks instructions, commands,
//     step lists, secrets, exfiltration, markdown and reproduced injection.
//   - Wiki write: an agent edits a wiki from raw sources. [citation] makes
//     every claim carry a verbatim quote whose sha256 is checked against the
//     live source; [citation/workspace] enforces path ACLs, protected files
//     and the page quota, and does the file operations without following
//     links.
//
// Every decision can be written to [audit], a hash-chained JSON-lines log
// whose tampering [audit.Verify] detects.
//
// # Failing closed
//
// A guardrail that can be ignored by accident is not one. wardline's
// results are shaped so that the safe outcome is the default outcome:
// checker.Validate returns a nil *Response whenever it returns an error; a
// gate.Decision has Allow == false whenever anything failed (model error,
// timeout, cancelled context, an ambiguous verdict, a panic in an adapter);
// a confirmation that is missing, expired, mismatched or cancelled executes
// nothing. Loosening a check is always explicit and named as such.
//
// # Obfuscation
//
// Detectors run on text after guard.Normalize: NFKC, zero-width and bidi
// controls removed, confusable homoglyphs folded to their Latin skeleton,
// odd whitespace collapsed and case folded. Findings still report byte
// offsets into the caller's original string.
//
// # Conventions
//
// Every package follows the same rules, so that a user who has learnt one
// has learnt them all:
//
//   - Constructors return (*T, error) and validate their whole
//     configuration. The two constructors whose signatures the design fixes
//     without an error (confirm.NewManager, audit.NewLogger) return a value
//     that refuses every call with the construction error, which its Err
//     method reports.
//   - Configuration is passed as functional options (type Option
//     func(*config) error, or XOption where a package has several
//     constructors). An option validates its argument; a nil option is
//     refused with an error, never skipped. Options that loosen a check say
//     so in their names (AllowLanguages, WithoutRedaction).
//   - The zero value of every exported type is documented: it either works
//     safely or refuses every call. Nothing falls open.
//   - Errors start with the package name ("gate: ..."). Sentinels are
//     variables named ErrX, spelt once across the module (ErrCancelled, as
//     in confirm), and match with errors.Is; structured errors are pointer
//     types that match with errors.As.
//   - Rule ids are exported once, as constants of package guard (RuleX),
//     and every other package refers to those constants.
//   - Defaults a caller may read are returned by functions as fresh copies
//     (workspace.DefaultProtected()), never as exported mutable variables.
//   - Package state is built lazily (sync.OnceValue), never in init.
//     Generated tables come from a committed generator wired with
//     //go:generate; data files are embedded with //go:embed.
//   - Doc comments state what a call costs in words ("linear in the
//     input", "allocates only when it finds something") and link the
//     benchmark; they quote no machine-specific numbers.
//   - Conformance suites for interfaces that users implement
//     (confirm/confirmtest) import only the standard library.
//
// # Concurrency
//
// Every exported function and every constructed value (Checker, Rules, LLM,
// Manager, Logger) is safe for concurrent use by multiple goroutines unless
// its documentation says otherwise. Package-level state is limited to
// tables and compiled patterns built once, lazily and race-free.
//
// # Performance
//
// Expensive work happens once: schemas, CEL programs, regular expressions
// and secret rules are compiled at construction or on first use and reused.
// Hot paths (Normalize on ASCII text, checker.Validate on a typical
// response, a CEL rules decision) are benchmarked in each package; run
//
//	go test -run='^$' -bench=. -benchmem ./...
//
// Only calls that may block (a model call, a confirmation store) take a
// context.Context.
//
// [route]: https://pkg.go.dev/github.com/wardline/wardline/route
// [guard]: https://pkg.go.dev/github.com/wardline/wardline/guard
// [gate]: https://pkg.go.dev/github.com/wardline/wardline/gate
// [confirm]: https://pkg.go.dev/github.com/wardline/wardline/confirm
// [checker]: https://pkg.go.dev/github.com/wardline/wardline/checker
// [citation]: https://pkg.go.dev/github.com/wardline/wardline/citation
// [citation/workspace]: https://pkg.go.dev/github.com/wardline/wardline/citation/workspace
// [audit]: https://pkg.go.dev/github.com/wardline/wardline/audit
// [audit.Verify]: https://pkg.go.dev/github.com/wardline/wardline/audit#Verify
package wardline
