package toolguard

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// methodCallTool is the MCP method the middleware guards.
const methodCallTool = "tools/call"

// Call is what a guard sees of one tools/call request. Its arguments are
// the canonical ones (see [Canonical]); the tool handler receives exactly
// these bytes, so a guard and the handler can never read different values.
type Call struct {
	// Tool is the name of the called tool.
	Tool string
	// Workspace is [Options.Workspace].
	Workspace string
	// Session is the server session the call arrived on (nil only in tests
	// that build a Call by hand).
	Session *mcp.ServerSession

	args   []byte
	digest string
}

// Args returns a copy of the canonical arguments.
func (c *Call) Args() json.RawMessage { return append(json.RawMessage(nil), c.args...) }

// Digest returns "sha256:<hex>" of the canonical arguments: what the audit
// record holds instead of the arguments themselves.
func (c *Call) Digest() string { return c.digest }

// Decode decodes the canonical arguments into v, rejecting fields v does not
// declare. Its error names no argument value.
func (c *Call) Decode(v any) error {
	dec := json.NewDecoder(bytes.NewReader(c.args))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var ute *json.UnmarshalTypeError
		switch {
		case errors.As(err, &ute):
			return fmt.Errorf("%w: field %q has the wrong type (want %s)", errArgs, ute.Field, ute.Type)
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			// The field name is the client's text: bound it.
			name := strings.TrimPrefix(err.Error(), "json: unknown field ")
			return fmt.Errorf("%w: unknown field %s", errArgs, pointerEscape(name))
		}
		return fmt.Errorf("%w: %s", errArgs, syntaxMessage(err))
	}
	return nil
}

// NewCall builds a Call from raw arguments as a tool would receive them.
// The middleware builds Calls itself; NewCall is for testing checks on
// their own.
func NewCall(tool, workspace string, raw []byte) (*Call, error) {
	canon, err := Canonical(raw)
	if err != nil {
		return nil, err
	}
	return &Call{Tool: tool, Workspace: workspace, args: canon, digest: Digest(canon)}, nil
}

// Denial is the error a check returns to refuse a call with a reason meant
// for the client. Any other error from a check also refuses the call; its
// text is then the reason.
type Denial struct {
	// Reason says why, in one sentence, without secrets. The client sees
	// it; it may quote the arguments (the client sent them).
	Reason string
	// Audit is the reason as the audit log records it. It must not quote
	// argument values. Empty means Reason with every argument string value
	// cut out; set Audit when Reason may quote parts of an argument (a
	// gate that names the offending part of a command does).
	Audit string
}

// Error implements error.
func (d *Denial) Error() string { return d.Reason }

// Deny returns a *Denial with the formatted reason.
func Deny(format string, a ...any) error { return &Denial{Reason: fmt.Sprintf(format, a...)} }

// Check is a guard that runs before the tool handler. A non-nil error from
// Func refuses the call: the handler never runs and the client receives a
// tool error naming the check and the reason. A panic in Func refuses too.
type Check struct {
	// Name identifies the check in denials and audit records ("gate",
	// "citation", "args"...).
	Name string
	// Func decides. It must be safe for concurrent use.
	Func func(ctx context.Context, c *Call) error
}

// OutputCheck is a guard that runs on a successful tool result before the
// client sees it. A non-nil error withholds the result: the client receives
// a tool error instead (the handler did run; the audit record says
// "withheld"). OutputChecks may also edit res in place (for example to
// redact secrets). They do not run on tool errors.
type OutputCheck struct {
	// Name identifies the check in denials and audit records.
	Name string
	// Func decides. It must be safe for concurrent use.
	Func func(ctx context.Context, c *Call, res *mcp.CallToolResult) error
}

// Policy is the guard configuration of one tool.
type Policy struct {
	// Before runs in order before the handler; the first refusal wins.
	Before []Check
	// After runs in order on a successful result; the first refusal wins.
	After []OutputCheck
}

// Outcome is how a guarded call ended.
type Outcome string

// Outcomes of a guarded call.
const (
	// OutcomeOK: the handler ran and its result reached the client.
	OutcomeOK Outcome = "ok"
	// OutcomeDenied: a Before check (or the arguments' form, or a missing
	// policy) refused the call; the handler did not run.
	OutcomeDenied Outcome = "denied"
	// OutcomeWithheld: the handler ran but an After check refused its result.
	OutcomeWithheld Outcome = "withheld"
	// OutcomeToolError: the handler ran and returned a tool error.
	OutcomeToolError Outcome = "tool-error"
	// OutcomeProtocolError: the handler returned a protocol error (for
	// example an unknown tool) or panicked.
	OutcomeProtocolError Outcome = "protocol-error"
)

// Entry is the audit record of one tools/call. It never holds argument
// values: only their digest.
type Entry struct {
	// Time is when the call arrived.
	Time time.Time
	// Workspace is [Options.Workspace].
	Workspace string
	// Tool is the called tool's name.
	Tool string
	// ArgsDigest is "sha256:<hex>" of the canonical arguments, or of the raw
	// argument bytes when they could not be canonicalised.
	ArgsDigest string
	// Latency is the time from arrival to the result, excluding the audit
	// write itself.
	Latency time.Duration
	// Outcome is how the call ended.
	Outcome Outcome
	// Guard names the check that refused the call ("" when none did).
	Guard string
	// Reason is the refusal or error text ("" on success).
	Reason string
}

// Recorder receives one Entry per tools/call. It must be safe for
// concurrent use; [audit.Logger] wrapped by [AuditRecorder] is one.
type Recorder interface {
	Record(ctx context.Context, e Entry) error
}

// RecorderFunc adapts a function to [Recorder].
type RecorderFunc func(ctx context.Context, e Entry) error

// Record implements [Recorder].
func (f RecorderFunc) Record(ctx context.Context, e Entry) error { return f(ctx, e) }

// Options configures [New].
type Options struct {
	// Workspace names the workspace the server serves; it is recorded with
	// every call and given to checks. Required.
	Workspace string
	// Tools maps tool names to their guards. A tool without an entry is
	// refused (see AllowUnlistedToolsUnsafe). The map is copied by New.
	Tools map[string]Policy
	// Recorder receives the audit record of every call. Required: a
	// guardrail whose decisions are not recorded is not configured.
	Recorder Recorder
	// MaxArgBytes bounds the raw arguments of a call; larger calls are
	// refused before any parsing. Zero means 1 MiB.
	MaxArgBytes int
	// AllowUnlistedToolsUnsafe lets calls to tools without a Policy through
	// unguarded (still audited). Do not use this option unless every tool
	// the server exposes is harmless.
	AllowUnlistedToolsUnsafe bool
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// New returns a receiving middleware for an *mcp.Server
// (server.AddReceivingMiddleware). For every tools/call it
//
//  1. canonicalises the arguments ([Canonical]) and refuses ambiguous ones;
//  2. runs the tool's Before checks; a refusal becomes a tool error result
//     (IsError, the reason as text), never a protocol error, and the
//     handler does not run;
//  3. calls the handler with the canonical arguments;
//  4. runs the tool's After checks on a successful result;
//  5. records exactly one [Entry] with the Recorder.
//
// If the Recorder fails, the client receives a tool error saying so (and,
// if the handler ran, that it ran): an unaudited result is never returned
// as if all were well. Other methods pass through untouched.
//
// New refuses a nil Options, an empty Workspace, a nil Recorder and
// policies with unnamed or nil checks. The middleware is safe for
// concurrent use.
func New(o *Options) (mcp.Middleware, error) {
	if o == nil {
		return nil, errors.New("toolguard: nil Options")
	}
	if o.Workspace == "" {
		return nil, errors.New("toolguard: Options.Workspace is empty")
	}
	if o.Recorder == nil {
		return nil, errors.New("toolguard: Options.Recorder is nil: every call must be audited")
	}
	if o.MaxArgBytes < 0 {
		return nil, errors.New("toolguard: Options.MaxArgBytes is negative")
	}
	g := &guard{
		workspace: o.Workspace,
		tools:     make(map[string]Policy, len(o.Tools)),
		rec:       o.Recorder,
		maxArgs:   o.MaxArgBytes,
		unlisted:  o.AllowUnlistedToolsUnsafe,
		now:       o.Now,
	}
	if g.maxArgs == 0 {
		g.maxArgs = 1 << 20
	}
	if g.now == nil {
		g.now = time.Now
	}
	for name, p := range o.Tools {
		for i, c := range p.Before {
			if c.Name == "" || c.Func == nil {
				return nil, fmt.Errorf("toolguard: tool %q: Before[%d] has no Name or no Func", name, i)
			}
		}
		for i, c := range p.After {
			if c.Name == "" || c.Func == nil {
				return nil, fmt.Errorf("toolguard: tool %q: After[%d] has no Name or no Func", name, i)
			}
		}
		g.tools[name] = Policy{
			Before: append([]Check(nil), p.Before...),
			After:  append([]OutputCheck(nil), p.After...),
		}
	}
	return g.middleware, nil
}

type guard struct {
	workspace string
	tools     map[string]Policy
	rec       Recorder
	maxArgs   int
	unlisted  bool
	now       func() time.Time
}

func (g *guard) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if method != methodCallTool {
			return next(ctx, method, req)
		}
		return g.call(ctx, method, req, next)
	}
}

// call guards one tools/call.
func (g *guard) call(ctx context.Context, method string, req mcp.Request, next mcp.MethodHandler) (mcp.Result, error) {
	start := g.now()
	e := Entry{Time: start, Workspace: g.workspace}
	ctr, ok := req.(*mcp.CallToolRequest)
	if !ok || ctr.Params == nil {
		// Not the request type the SDK sends for tools/call: refuse loudly.
		e.Outcome, e.Reason = OutcomeProtocolError, "malformed tools/call request"
		e.ArgsDigest = Digest(nil)
		e.Latency = g.now().Sub(start)
		if err := g.rec.Record(context.WithoutCancel(ctx), e); err != nil {
			return nil, fmt.Errorf("toolguard: malformed tools/call request; audit failed: %w", err)
		}
		return nil, errors.New("toolguard: malformed tools/call request")
	}
	e.Tool = truncate(ctr.Params.Name, 128)
	res, err := g.run(ctx, method, ctr, next, &e)
	e.Latency = g.now().Sub(start)
	// The record is written even when the client has cancelled the
	// request: the handler may already have had its effect.
	if aerr := g.rec.Record(context.WithoutCancel(ctx), e); aerr != nil {
		msg := "the call was refused, and its audit record could not be written"
		if e.Outcome != OutcomeDenied {
			msg = "the tool ran, but its audit record could not be written; result withheld"
		}
		return errorResult(fmt.Sprintf("%s: %v", msg, aerr)), nil
	}
	return res, err
}

// run does everything but the audit write, filling e.
func (g *guard) run(ctx context.Context, method string, req *mcp.CallToolRequest, next mcp.MethodHandler, e *Entry) (_ mcp.Result, err error) {
	raw := req.Params.Arguments
	deny := func(guard, reason string) (mcp.Result, error) {
		e.Outcome, e.Guard, e.Reason = OutcomeDenied, guard, reason
		return errorResult(fmt.Sprintf("wardline refused %s (%s): %s", e.Tool, guard, reason)), nil
	}
	if len(raw) > g.maxArgs {
		e.ArgsDigest = Digest(raw)
		return deny("args", fmt.Sprintf("arguments are %d bytes, over the %d-byte limit", len(raw), g.maxArgs))
	}
	canon, cerr := Canonical(raw)
	if cerr != nil {
		e.ArgsDigest = Digest(raw)
		return deny("args", cerr.Error())
	}
	name := req.Params.Name
	call := &Call{Tool: name, Workspace: g.workspace, Session: req.Session, args: canon, digest: Digest(canon)}
	e.ArgsDigest = call.digest

	pol, listed := g.tools[name]
	if !listed && !g.unlisted {
		return deny("policy", "no guard policy is configured for this tool")
	}
	for _, c := range pol.Before {
		if err := safeCheck(ctx, c, call); err != nil {
			res, _ := deny(c.Name, err.Error())
			e.Reason = auditReason(err, call)
			return res, nil
		}
	}

	req.Params.Arguments = canon
	res, err := safeNext(ctx, method, req, next)
	if err != nil {
		e.Outcome, e.Reason = OutcomeProtocolError, scrub(truncate(err.Error(), maxReason), call)
		return nil, err
	}
	ctres, ok := res.(*mcp.CallToolResult)
	if !ok || ctres == nil {
		e.Outcome, e.Reason = OutcomeProtocolError, "handler returned no tool result"
		return nil, errors.New("toolguard: handler returned no tool result")
	}
	if ctres.IsError {
		e.Outcome, e.Reason = OutcomeToolError, scrub(resultText(ctres), call)
		return ctres, nil
	}
	for _, c := range pol.After {
		if err := safeOutput(ctx, c, call, ctres); err != nil {
			e.Outcome, e.Guard, e.Reason = OutcomeWithheld, c.Name, auditReason(err, call)
			return errorResult(fmt.Sprintf("wardline withheld the result of %s (%s): %s", e.Tool, c.Name, err.Error())), nil
		}
	}
	e.Outcome = OutcomeOK
	return ctres, nil
}

// auditReason is the text recorded for a refusal: a Denial's Audit text,
// or the error text with argument values cut out.
func auditReason(err error, call *Call) string {
	var d *Denial
	if errors.As(err, &d) && d.Audit != "" {
		return truncate(d.Audit, maxReason)
	}
	return scrub(truncate(err.Error(), maxReason), call)
}

// scrub replaces every argument string value of three bytes or more that
// occurs in s with "[argument]", longest first, so that a reason echoing
// an argument does not carry it into the audit log.
func scrub(s string, call *Call) string {
	if call == nil || s == "" {
		return s
	}
	var vals []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			if len(v) >= 3 {
				// The value as written, and as %q and JSON would escape it.
				q := strconv.Quote(v)
				j, _ := json.Marshal(v)
				vals = append(vals, v, q[1:len(q)-1], string(j[1:len(j)-1]))
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	var args any
	if json.Unmarshal(call.args, &args) != nil {
		return s
	}
	walk(args)
	sort.Slice(vals, func(i, j int) bool { return len(vals[i]) > len(vals[j]) })
	for _, v := range vals {
		s = strings.ReplaceAll(s, v, "[argument]")
	}
	return s
}

// safeCheck runs a Before check; a panic refuses.
func safeCheck(ctx context.Context, c Check, call *Call) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("the check panicked")
		}
	}()
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("request cancelled: %w", err)
	}
	return c.Func(ctx, call)
}

// safeOutput runs an After check; a panic withholds.
func safeOutput(ctx context.Context, c OutputCheck, call *Call, res *mcp.CallToolResult) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("the check panicked")
		}
	}()
	return c.Func(ctx, call, res)
}

// safeNext calls the handler; a panic becomes a protocol error so that the
// call is still audited.
func safeNext(ctx context.Context, method string, req mcp.Request, next mcp.MethodHandler) (res mcp.Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, errors.New("toolguard: tool handler panicked")
		}
	}()
	return next(ctx, method, req)
}

// errorResult is a tool error carrying msg as text.
func errorResult(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

// maxReason bounds the reason recorded for a tool error.
const maxReason = 512

// resultText is the first text block of a result, bounded, for the audit
// reason. Tools put their own error message first and any echoed output
// after it, so that output never lands in the audit log.
func resultText(res *mcp.CallToolResult) string {
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			return truncate(t.Text, maxReason)
		}
	}
	return "tool error without text"
}

// truncate cuts s to at most n bytes on a rune boundary, marking the cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// Text returns the text content of a result, joined by newlines: the part
// of a result an OutputCheck usually inspects.
func Text(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, t.Text)
		}
	}
	return strings.Join(parts, "\n")
}
