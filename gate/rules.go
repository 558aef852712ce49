package gate

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"cel.dev/cel-go/cel"
	celast "cel.dev/cel-go/common/ast"
	"cel.dev/cel-go/common/cost"
	"cel.dev/cel-go/common/types"
	"cel.dev/cel-go/common/types/ref"
	"cel.dev/cel-go/ext"
	"cel.dev/cel-go/interpreter"
)

// Effect is what a [Rule] does when its expression is true. The zero
// Effect is invalid: [NewRules] refuses a rule that does not say.
type Effect uint8

const (
	// EffectAllow: this gate allows the part the rule matched (unless a
	// deny rule also matches).
	EffectAllow Effect = iota + 1
	// EffectDeny: the whole proposal is denied. A deny wins over every
	// allow.
	EffectDeny
	// EffectDefer: this gate has no verdict on the part; a later gate in
	// [All] must decide. Used alone, a deferring Rules gate denies.
	EffectDefer
)

// String returns "allow", "deny", "defer" or "invalid".
func (e Effect) String() string {
	switch e {
	case EffectAllow:
		return "allow"
	case EffectDeny:
		return "deny"
	case EffectDefer:
		return "defer"
	}
	return "invalid"
}

// Rule is one deterministic rule: a CEL expression of type bool over the
// variables listed in the package documentation, and the effect it has when
// true.
type Rule struct {
	// Name identifies the rule in Decision.Reason; required and unique.
	Name string
	// Expr is a CEL expression that must type-check to bool.
	Expr string
	// Effect is Allow, Deny or Defer; the zero value is refused.
	Effect Effect
}

// DefaultCostLimit is the CEL runtime cost limit per rule evaluation when
// [WithCostLimit] is not given (Kubernetes uses the same per-expression
// limit). A comparison costs about 1 plus the string length / 10; a
// comprehension over argv costs its body per element.
const DefaultCostLimit = 1_000_000

// RulesOption configures [CompileRules]. An option given an invalid value,
// and a nil option, make CompileRules return an error wrapping ErrConfig.
type RulesOption func(*rulesConfig) error

type rulesConfig struct {
	name      string
	costLimit uint64
}

// WithRulesName sets what Decision.Gate says (default "rules").
func WithRulesName(name string) RulesOption {
	return func(c *rulesConfig) error {
		if strings.TrimSpace(name) == "" {
			return fmt.Errorf("%w: WithRulesName: empty name", ErrConfig)
		}
		c.name = name
		return nil
	}
}

// WithCostLimit bounds the CEL runtime cost of one rule evaluation
// (default [DefaultCostLimit]); going over denies with ErrRule. limit must
// be positive.
func WithCostLimit(limit uint64) RulesOption {
	return func(c *rulesConfig) error {
		if limit == 0 {
			return fmt.Errorf("%w: WithCostLimit(0): the limit must be positive", ErrConfig)
		}
		c.costLimit = limit
		return nil
	}
}

// Rules is a deterministic gate of CEL rules. Each simple command of the
// proposal (see [Split]) is judged on its own:
//
//  1. every Deny rule is evaluated on every part; if one is true the
//     proposal is denied, naming the rule and the part;
//  2. each part then needs an Allow rule that is true (the part is
//     allowed) or, failing that, a Defer rule that is true (the part is
//     deferred); a part that no rule matches denies with ErrNoRule;
//  3. if every part is allowed the gate allows; if some part is deferred
//     the gate returns Allow == false with ErrDeferred, which [All] reads
//     as "ask the next gate" and which denies when Rules is used alone.
//
// Any evaluation error (a runtime type error, a missing key in args, the
// cost limit, a done context) denies with ErrRule, ErrTimeout or
// ErrCancelled. Rules are compiled and type-checked once, in [NewRules];
// Check only evaluates.
//
// A Rules is safe for concurrent use. The zero Rules (and a nil *Rules)
// denies every proposal with ErrConfig.
type Rules struct {
	name                 string
	deny, allow, deferTo []compiledRule
}

type compiledRule struct {
	name string
	prg  cel.Program
	// loops: the expression has a comprehension, the only place where
	// cel-go checks for interruption; other rules are bounded by the cost
	// limit alone and skip the per-evaluation context plumbing.
	loops bool
	// tracked: the static estimate may exceed the cost limit, so the cost
	// is tracked at run time.
	tracked bool
}

// boundsEstimator gives CEL's static cost estimator the bounds Check
// enforces: command, program, tool and every list element are at most
// MaxCommandBytes long, and a list has at most MaxCommandBytes/2+1
// elements. args is unbounded (nil: unknown size).
type boundsEstimator struct{}

func (boundsEstimator) EstimateSize(n cost.AstNode) *cost.SizeEstimate {
	path := n.Path()
	if len(path) == 0 {
		return nil
	}
	var est cost.SizeEstimate
	switch {
	case len(path) == 1 && (path[0] == "command" || path[0] == "program" || path[0] == "argv0" || path[0] == "tool" || path[0] == "via"):
		est = cost.RangedSizeEstimate(0, MaxCommandBytes)
	case len(path) == 1 && (path[0] == "argv" || path[0] == "redirects" || path[0] == "assigns"):
		est = cost.RangedSizeEstimate(0, MaxCommandBytes/2+1)
	case len(path) == 2 && (path[0] == "argv" || path[0] == "redirects" || path[0] == "assigns"):
		est = cost.RangedSizeEstimate(0, MaxCommandBytes)
	default:
		return nil
	}
	return &est
}

func (boundsEstimator) EstimateCallCost(string, string, *cost.AstNode, []cost.AstNode) *cost.CallEstimate {
	return nil
}

// NewRules compiles and type-checks rules with the default configuration:
// it is CompileRules(rules) without options, the short form the design
// fixes. It returns an error wrapping ErrConfig if there are no rules, a
// rule has no name, a duplicate name, no effect, or an expression that
// does not compile or is not of type bool.
func NewRules(rules ...Rule) (*Rules, error) {
	return CompileRules(rules)
}

// celEnv declares every variable a rule may use. Check binds all of them
// on every evaluation: an unbound variable would be an evaluation error that
// cel-go's "||" and "&&" can absorb (error || true is true).
func celEnv() (*cel.Env, error) {
	return cel.NewEnv(
		cel.Variable("command", cel.StringType),
		cel.Variable("argv", cel.ListType(cel.StringType)),
		cel.Variable("program", cel.StringType),
		cel.Variable("argv0", cel.StringType),
		cel.Variable("redirects", cel.ListType(cel.StringType)),
		cel.Variable("assigns", cel.ListType(cel.StringType)),
		cel.Variable("dynamic", cel.BoolType),
		cel.Variable("via", cel.StringType),
		cel.Variable("tool", cel.StringType),
		cel.Variable("args", cel.MapType(cel.StringType, cel.DynType)),
		ext.Strings(),
	)
}

// CompileRules compiles and type-checks rules once, configured by opts
// ([WithRulesName], [WithCostLimit]). It returns an error wrapping
// ErrConfig for the reasons [NewRules] gives and for an invalid or nil
// option.
func CompileRules(rules []Rule, opts ...RulesOption) (*Rules, error) {
	c := rulesConfig{name: "rules", costLimit: DefaultCostLimit}
	for _, o := range opts {
		if o == nil {
			return nil, fmt.Errorf("%w: CompileRules: nil option", ErrConfig)
		}
		if err := o(&c); err != nil {
			return nil, err
		}
	}
	if len(rules) == 0 {
		return nil, fmt.Errorf("%w: NewRules needs at least one rule", ErrConfig)
	}
	env, err := celEnv()
	if err != nil {
		return nil, fmt.Errorf("%w: CEL environment: %v", ErrConfig, err)
	}
	r := &Rules{name: c.name}
	seen := make(map[string]bool, len(rules))
	for i, rule := range rules {
		switch {
		case strings.TrimSpace(rule.Name) == "":
			return nil, fmt.Errorf("%w: rule %d has no name", ErrConfig, i)
		case seen[rule.Name]:
			return nil, fmt.Errorf("%w: rule name %q is used twice", ErrConfig, rule.Name)
		case rule.Effect != EffectAllow && rule.Effect != EffectDeny && rule.Effect != EffectDefer:
			return nil, fmt.Errorf("%w: rule %q has no effect (want EffectAllow, EffectDeny or EffectDefer)", ErrConfig, rule.Name)
		}
		seen[rule.Name] = true
		ast, iss := env.Compile(rule.Expr)
		if iss.Err() != nil {
			return nil, fmt.Errorf("%w: rule %q: %v", ErrConfig, rule.Name, iss.Err())
		}
		if !ast.OutputType().IsExactType(cel.BoolType) {
			return nil, fmt.Errorf("%w: rule %q has type %s, want bool", ErrConfig, rule.Name, ast.OutputType())
		}
		loops, usesArgs := false, false
		celast.PreOrderVisit(ast.NativeRep().Expr(), celast.NewExprVisitor(func(e celast.Expr) {
			loops = loops || e.Kind() == celast.ComprehensionKind
			usesArgs = usesArgs || e.Kind() == celast.IdentKind && e.AsIdent() == "args"
		}))
		// A rule whose worst case over the bounded inputs (a command of at
		// most MaxCommandBytes) fits the limit cannot exceed it, and runs
		// without the per-evaluation cost tracker. Any other rule (nested
		// loops, anything over args, whose size Check does not bound) is
		// tracked and stopped at the limit.
		popts := []cel.ProgramOption{cel.InterruptCheckFrequency(16), cel.EvalOptions(cel.OptOptimize)}
		est, err := env.EstimateCost(ast, boundsEstimator{})
		tracked := err != nil || est.Max > c.costLimit || usesArgs
		if tracked {
			popts = append(popts, cel.CostLimit(c.costLimit))
		}
		prg, err := env.Program(ast, popts...)
		if err != nil {
			return nil, fmt.Errorf("%w: rule %q: %v", ErrConfig, rule.Name, err)
		}
		cr := compiledRule{name: rule.Name, prg: prg, loops: loops, tracked: tracked}
		switch rule.Effect {
		case EffectDeny:
			r.deny = append(r.deny, cr)
		case EffectAllow:
			r.allow = append(r.allow, cr)
		case EffectDefer:
			r.deferTo = append(r.deferTo, cr)
		}
	}
	return r, nil
}

// Deterministic reports true: rules depend only on the proposal.
func (r *Rules) Deterministic() bool { return true }

// activation binds every declared variable for one part.
type activation struct {
	command, program, argv0, tool, dynamic, via ref.Val
	argv, redirects, assigns, args              ref.Val
}

func (a *activation) ResolveName(name string) (any, bool) {
	switch name {
	case "command":
		return a.command, true
	case "argv":
		return a.argv, true
	case "program":
		return a.program, true
	case "argv0":
		return a.argv0, true
	case "redirects":
		return a.redirects, true
	case "assigns":
		return a.assigns, true
	case "dynamic":
		return a.dynamic, true
	case "via":
		return a.via, true
	case "tool":
		return a.tool, true
	case "args":
		return a.args, true
	}
	return nil, false
}

func (a *activation) Parent() interpreter.Activation { return nil }

var emptyArgs = map[string]any{}

// Check judges p; see [Rules] for the order of evaluation.
func (r *Rules) Check(ctx context.Context, p Proposal) Decision {
	if r == nil || r.name == "" {
		return deny("rules", ErrConfig, "Rules is not initialised; use NewRules")
	}
	if err := ctx.Err(); err != nil {
		return ctxDecision(r.name, err)
	}
	var parts []Part
	switch {
	case p.Command != "":
		var err error
		if parts, err = Split(p.Command); err != nil {
			return failed(r.name, err)
		}
	case p.Tool != "":
		parts = []Part{{}}
	default:
		return deny(r.name, ErrInvalid, "empty proposal: no command and no tool")
	}
	if err := validTool(p.Tool); err != nil {
		return failed(r.name, err)
	}
	return r.decide(ctx, parts, p)
}

// decide evaluates the rules on parts already split from p.Command.
func (r *Rules) decide(ctx context.Context, parts []Part, p Proposal) Decision {
	args := p.Args
	if args == nil {
		args = emptyArgs
	}
	adapter := types.DefaultTypeAdapter
	shared := activation{
		tool: types.String(p.Tool),
		args: types.NewStringInterfaceMap(adapter, args),
	}
	acts := make([]activation, len(parts))
	for i, part := range parts {
		a := shared
		a.command = types.String(part.Text)
		a.program = types.String(part.Program)
		a.argv0 = types.String("")
		if len(part.Argv) > 0 {
			a.argv0 = types.String(part.Argv[0])
		}
		a.dynamic = types.Bool(part.Dynamic)
		a.via = types.String(part.Via)
		a.argv = types.NewStringList(adapter, part.Argv)
		a.redirects = types.NewStringList(adapter, part.Redirects)
		a.assigns = types.NewStringList(adapter, part.Assigns)
		acts[i] = a
	}
	// Deny rules first, on every part: deny wins.
	for i := range acts {
		for _, rule := range r.deny {
			hit, d, ok := r.eval(ctx, rule, &acts[i], parts[i])
			if !ok {
				return d
			}
			if hit {
				return Decision{Gate: r.name, Reason: fmt.Sprintf("deny rule %q matched %s", rule.name, partLabel(parts[i]))}
			}
		}
	}
	var allowed, deferred []string
	for i := range acts {
		matched := ""
		for _, rule := range r.allow {
			hit, d, ok := r.eval(ctx, rule, &acts[i], parts[i])
			if !ok {
				return d
			}
			if hit {
				matched = rule.name
				break
			}
		}
		if matched != "" {
			allowed = append(allowed, fmt.Sprintf("allow rule %q matched %s", matched, partLabel(parts[i])))
			continue
		}
		for _, rule := range r.deferTo {
			hit, d, ok := r.eval(ctx, rule, &acts[i], parts[i])
			if !ok {
				return d
			}
			if hit {
				matched = rule.name
				break
			}
		}
		if matched == "" {
			return deny(r.name, ErrNoRule, "no allow or defer rule matched %s", partLabel(parts[i]))
		}
		deferred = append(deferred, fmt.Sprintf("defer rule %q matched %s", matched, partLabel(parts[i])))
	}
	if len(deferred) > 0 {
		return deny(r.name, ErrDeferred, "%s", strings.Join(deferred, "; "))
	}
	return Decision{Allow: true, Gate: r.name, Reason: strings.Join(allowed, "; ")}
}

// eval runs one rule. ok is false when evaluation failed; d is then the
// denying Decision.
func (r *Rules) eval(ctx context.Context, rule compiledRule, a *activation, part Part) (hit bool, d Decision, ok bool) {
	var (
		out ref.Val
		err error
	)
	if rule.loops && ctx.Done() != nil {
		out, _, err = rule.prg.ContextEval(ctx, a)
	} else {
		out, _, err = rule.prg.Eval(a)
	}
	if err != nil {
		switch {
		case errors.Is(err, context.DeadlineExceeded):
			return false, deny(r.name, ErrTimeout, "rule %q interrupted: deadline exceeded", rule.name), false
		case errors.Is(err, context.Canceled):
			return false, deny(r.name, ErrCancelled, "rule %q interrupted: context cancelled", rule.name), false
		}
		return false, deny(r.name, ErrRule, "rule %q failed on %s: %v", rule.name, partLabel(part), err), false
	}
	b, isBool := out.(types.Bool)
	if !isBool {
		return false, deny(r.name, ErrRule, "rule %q returned %s, not bool", rule.name, out.Type()), false
	}
	return bool(b), Decision{}, true
}

// partLabel names a part in a reason.
func partLabel(p Part) string {
	if p.Text == "" {
		return "the tool call"
	}
	const max = 160
	text := p.Text
	if len(text) > max {
		cut := max
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
		text = text[:cut] + "..."
	}
	if p.Via != "" {
		return fmt.Sprintf("%q (run by %s)", text, p.Via)
	}
	return fmt.Sprintf("%q", text)
}

// failed wraps an error from Split into a Decision.
func failed(gate string, err error) Decision {
	return Decision{Gate: gate, Reason: err.Error(), Err: err}
}
