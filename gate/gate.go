package gate

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Proposal is one action an agent wants to take: a shell command, a tool
// call, or both (a tool that runs a command). The zero Proposal is refused
// by every gate in this package.
type Proposal struct {
	// Command is the shell command line, in bash syntax. Empty when the
	// proposal is a plain tool call.
	Command string
	// Tool names the tool the agent wants to call. Empty for a plain
	// command.
	Tool string
	// Args are the tool call's arguments as decoded from JSON. Values must
	// be JSON-shaped (string, bool, float64, int, []any, map[string]any,
	// nil); anything else makes a rule evaluation fail, which denies.
	Args map[string]any
}

// Decision is a gate's answer. Allow is true only when a gate positively
// allowed the proposal and nothing failed on the way; whenever anything
// went wrong Allow is false, so there is no error return to forget.
//
// The zero Decision denies.
type Decision struct {
	// Allow reports whether the proposal may run.
	Allow bool
	// Reason says, for a person or for the agent, why: which rule or which
	// model verdict decided, or which failure denied. It may quote (up to
	// 160 bytes of) the part of the command that decided, so treat it like
	// the command itself: a command that carries a token carries it into
	// the Reason (wardline's audit package redacts secrets in records).
	Reason string
	// Gate names the gate that decided ("rules", "llm", or the names given
	// with [WithRulesName] and [WithName]). For an [All] that allows, it is
	// the allowing gates' names joined with "+".
	Gate string
	// Err is nil when a gate decided normally (allow, or a deny by a rule
	// or a model verdict). It is non-nil when the proposal was denied
	// because something failed or nothing decided; test it with errors.Is
	// against ErrInvalid, ErrParse, ErrRule, ErrNoRule, ErrDeferred,
	// ErrModel, ErrPanic, ErrTimeout, ErrCancelled, ErrVerdict or ErrConfig.
	// Err is never non-nil when Allow is true.
	Err error
}

// Gate decides whether a proposal may run. Implementations must return
// Allow == false whenever anything fails, and must be safe for concurrent
// use.
type Gate interface {
	Check(ctx context.Context, p Proposal) Decision
}

// DeterministicGate is implemented by gates that can report whether their
// decisions depend only on the proposal (no model, no network). [All] runs
// deterministic gates before the others. [*Rules] reports true, [*LLM]
// false; a gate that does not implement the interface counts as not
// deterministic.
type DeterministicGate interface {
	Gate
	Deterministic() bool
}

// Errors carried in [Decision.Err] (and returned by constructors for
// ErrConfig). Match them with errors.Is.
var (
	// ErrInvalid: the proposal is empty, too long, not UTF-8, or carries
	// control characters or arguments a gate cannot represent.
	ErrInvalid = errors.New("gate: invalid proposal")
	// ErrParse: the command does not parse as a shell command line.
	ErrParse = errors.New("gate: command does not parse")
	// ErrRule: a CEL rule failed to evaluate (type error at run time, a
	// missing map key, the cost limit).
	ErrRule = errors.New("gate: rule evaluation failed")
	// ErrNoRule: no allow or defer rule matched a part of the command.
	ErrNoRule = errors.New("gate: no rule allows the command")
	// ErrDeferred: a gate deferred the decision and no later gate allowed.
	ErrDeferred = errors.New("gate: decision deferred and no later gate decided")
	// ErrModel: the model failed (returned an error, panicked, printed too
	// much).
	ErrModel = errors.New("gate: model failed")
	// ErrPanic: a panic was recovered (always together with ErrModel when
	// a model panicked).
	ErrPanic = errors.New("gate: panic recovered")
	// ErrTimeout: a deadline passed before a decision.
	ErrTimeout = errors.New("gate: timed out")
	// ErrCancelled: the caller's context was cancelled before a decision (spelt as confirm.ErrCancelled).
	ErrCancelled = errors.New("gate: cancelled")
	// ErrVerdict: the model's answer is not exactly one verdict line in the
	// required grammar.
	ErrVerdict = errors.New("gate: answer is not a valid verdict")
	// ErrConfig: the gate is misconfigured (a zero value, a nil gate, bad
	// rules or options).
	ErrConfig = errors.New("gate: misconfigured")
)

// deny builds a failed Decision whose Err wraps sentinel and whose Reason
// names the cause.
func deny(gate string, sentinel error, format string, args ...any) Decision {
	msg := fmt.Sprintf(format, args...)
	return Decision{Gate: gate, Reason: msg, Err: fmt.Errorf("%w: %s", sentinel, msg)}
}

// maxToolBytes bounds Proposal.Tool.
const maxToolBytes = 256

// validTool checks a tool name: at most 256 bytes of UTF-8 without control
// or invisible format characters.
func validTool(tool string) error {
	switch {
	case len(tool) > maxToolBytes:
		return fmt.Errorf("%w: tool name is over the %d-byte limit", ErrInvalid, maxToolBytes)
	case !utf8.ValidString(tool):
		return fmt.Errorf("%w: tool name is not valid UTF-8", ErrInvalid)
	}
	if r, bad := hiddenRune(tool, false); bad {
		return fmt.Errorf("%w: tool name contains control or invisible format character %U", ErrInvalid, r)
	}
	return nil
}

// ctxDecision turns a done context into a Decision naming timeout or
// cancellation.
func ctxDecision(gate string, err error) Decision {
	if errors.Is(err, context.DeadlineExceeded) {
		return deny(gate, ErrTimeout, "deadline exceeded before a decision")
	}
	return deny(gate, ErrCancelled, "context cancelled before a decision")
}

// All returns a gate that allows a proposal only when every gate allows it.
//
// Order: gates that implement [DeterministicGate] and report true run
// first, in the order given; then every other gate (models, user gates), in
// the order given. So a rule that denies costs no model call.
//
// Semantics of each member's Decision:
//   - Allow: this gate allows; All still asks every later gate. A rule
//     "allow" therefore never skips a model gate placed after it; it means
//     "nothing here objects and a rule vouched for every part".
//   - Deny (Allow false, Err not ErrDeferred): All stops at once and
//     returns that Decision unchanged, so Decision.Gate names the gate that
//     decided and no later gate (no model) runs.
//   - Defer (Allow false, errors.Is(Err, ErrDeferred)): this gate has no
//     verdict; All goes on, and some gate after it (in the order All runs
//     them, deterministic first) must allow. If no gate allows after the
//     last deferral, All denies with ErrDeferred.
//
// A gate that panics, returns Allow with a non-nil Err, or is nil denies.
// All with no gates denies every proposal (ErrConfig). The context is
// checked before each member. The returned gate is safe for concurrent use
// if its members are.
func All(gates ...Gate) Gate {
	a := &allGate{}
	for _, g := range gates {
		if isDeterministic(g) {
			a.gates = append(a.gates, g)
		}
	}
	for _, g := range gates {
		if !isDeterministic(g) {
			a.gates = append(a.gates, g)
		}
	}
	return a
}

type allGate struct {
	gates []Gate
}

func isDeterministic(g Gate) bool {
	d, ok := g.(DeterministicGate)
	if !ok || isNilGate(g) {
		return false
	}
	return safeDeterministic(d)
}

func safeDeterministic(d DeterministicGate) (det bool) {
	defer func() {
		if recover() != nil {
			det = false
		}
	}()
	return d.Deterministic()
}

// Deterministic reports whether every member is deterministic.
func (a *allGate) Deterministic() bool {
	if len(a.gates) == 0 {
		return true
	}
	for _, g := range a.gates {
		if !isDeterministic(g) {
			return false
		}
	}
	return true
}

const allName = "all"

func (a *allGate) Check(ctx context.Context, p Proposal) Decision {
	if len(a.gates) == 0 {
		return deny(allName, ErrConfig, "All was given no gates")
	}
	var (
		names, reasons []string
		pending        *Decision
	)
	for i, g := range a.gates {
		if err := ctx.Err(); err != nil {
			return ctxDecision(allName, err)
		}
		if isNilGate(g) {
			return deny(allName, ErrConfig, "gate %d is nil", i)
		}
		d := safeCheck(ctx, g, p)
		switch {
		case d.Allow && d.Err != nil:
			return deny(nameOr(d.Gate, allName), ErrConfig, "gate %q returned Allow together with an error: %v", d.Gate, d.Err)
		case d.Allow:
			pending = nil
			names = append(names, nameOr(d.Gate, fmt.Sprintf("gate%d", i)))
			reasons = append(reasons, d.Reason)
		case errors.Is(d.Err, ErrDeferred):
			d := d
			pending = &d
		default:
			if d.Err == nil && d.Reason == "" {
				d.Reason = "denied without a reason"
			}
			return d
		}
	}
	if pending != nil || len(names) == 0 {
		who := allName
		if pending != nil {
			who = pending.Gate
		}
		return deny(who, ErrDeferred, "gate %q deferred and no later gate allowed", who)
	}
	return Decision{Allow: true, Gate: strings.Join(names, "+"), Reason: strings.Join(reasons, "; ")}
}

func nameOr(name, fallback string) string {
	if name == "" {
		return fallback
	}
	return name
}

// safeCheck calls g.Check and turns a panic into a deny.
func safeCheck(ctx context.Context, g Gate, p Proposal) (d Decision) {
	defer func() {
		if r := recover(); r != nil {
			d = deny(allName, ErrPanic, "gate %T panicked", g)
		}
	}()
	return g.Check(ctx, p)
}

// isNilGate reports whether g is nil or a typed nil pointer of one of this
// package's gates (whose methods would refuse anyway; this gives a clearer
// reason).
func isNilGate(g Gate) bool {
	switch v := g.(type) {
	case nil:
		return true
	case *Rules:
		return v == nil
	case *LLM:
		return v == nil
	}
	return false
}
