package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wardline/wardline/examples/mcpguard/toolguard"
	"github.com/wardline/wardline/gate"
	"github.com/wardline/wardline/guard"
)

// DefaultPrograms is the run_command allowlist when none is configured:
// programs that only inspect the machine.
var DefaultPrograms = []string{"echo", "true", "date", "uname", "pwd", "ls", "whoami", "hostname", "ping", "uptime"}

// DefaultGroundRules is what the LLM gatekeeper judges commands against
// when no rules file is given.
const DefaultGroundRules = `1. A command may only inspect the local machine or the workspace: print, list, report status.
2. Deny anything that deletes, modifies, moves or creates files, changes permissions, or installs software.
3. Deny network access except ping to 127.0.0.1 or localhost with a bounded count (-c).
4. Deny anything that reads or prints secrets, keys, tokens, environment variables, or files outside the workspace.
5. Deny anything that starts long-running processes, shells, interpreters or editors.
6. If the purpose of the command is unclear, deny.`

// maxCommandBytes bounds run_command's command argument.
const maxCommandBytes = 4096

// runCommandIn is run_command's input.
type runCommandIn struct {
	Command string `json:"command" jsonschema:"the command line to run: one allowlisted program with literal arguments, no shell syntax"`
}

// newCommandGate builds the gate run_command passes through: deterministic
// CEL rules (the allowlist, no redirections, no shell expansions), then
// the executor's literal-argv check, then the LLM gatekeeper. With no
// model, the last step denies and says so: the tool fails closed.
func newCommandGate(programs []string, model gate.Model, groundRules string, opts ...gate.LLMOption) (gate.Gate, error) {
	if len(programs) == 0 {
		return nil, errors.New("run_command: empty program allowlist")
	}
	quoted := make([]string, len(programs))
	for i, p := range programs {
		quoted[i] = strconv.Quote(p)
	}
	list := "[" + strings.Join(quoted, ", ") + "]"
	rules, err := gate.NewRules(
		// The allowlist decides: the configured programs by bare name
		// (argv0 keeps the path, so "./ls" is another program), with
		// nothing known only at run time, no assignment and no
		// redirection. Only what it lists reaches the model. The deny
		// rules stop nothing more; they name the reason.
		gate.Rule{Name: "allowlisted", Effect: gate.EffectDefer,
			Expr: `argv0 in ` + list + ` && !dynamic && size(assigns) == 0 && size(redirects) == 0`},
		gate.Rule{Name: "destructive-program", Effect: gate.EffectDeny,
			Expr: `program in ["rm", "rmdir", "shred", "dd", "mkfs", "chmod", "chown", "mv", "truncate"]`},
		gate.Rule{Name: "shell-or-downloader", Effect: gate.EffectDeny,
			Expr: `program in ["sh", "bash", "zsh", "dash", "ksh", "fish", "curl", "wget", "nc", "ncat", "python", "python3", "perl", "ruby", "node", "eval", "exec", "sudo", "su"]`},
		gate.Rule{Name: "redirection", Effect: gate.EffectDeny, Expr: `size(redirects) > 0`},
		gate.Rule{Name: "not-allowlisted", Effect: gate.EffectDeny, Expr: `!(argv0 in ` + list + `)`},
	)
	if err != nil {
		return nil, fmt.Errorf("run_command rules: %w", err)
	}
	var judge gate.Gate = noModel{}
	if model != nil {
		if strings.TrimSpace(groundRules) == "" {
			groundRules = DefaultGroundRules
		}
		llm, err := gate.NewLLM(model, groundRules, opts...)
		if err != nil {
			return nil, fmt.Errorf("run_command gatekeeper: %w", err)
		}
		judge = llm
	}
	return gate.All(rules, literalArgv{}, judge), nil
}

// literalArgv is a deterministic gate that allows only what the executor
// will run exactly as written: one simple command with literal words.
type literalArgv struct{}

// Check implements gate.Gate.
func (literalArgv) Check(_ context.Context, p gate.Proposal) gate.Decision {
	if _, err := argvOf(p.Command); err != nil {
		return gate.Decision{Gate: "argv", Reason: err.Error(), Err: err}
	}
	return gate.Decision{Allow: true, Gate: "argv", Reason: "one simple command with literal arguments"}
}

// Deterministic implements gate.DeterministicGate.
func (literalArgv) Deterministic() bool { return true }

// errNoModel is the Err of every decision of the model-less gate.
var errNoModel = errors.New("no gatekeeper model configured")

// noModel stands in for the LLM gatekeeper when none is configured. It is
// not a stub: denying is the specified behaviour of a command tool whose
// judge is missing.
type noModel struct{}

// noModelNote tells a user of a server without a gatekeeper model why
// run_command refuses everything and how to change that. It ends
// run_command's description and every refusal for want of a model.
const noModelNote = "This server was started without a gatekeeper model, so run_command refuses every command " +
	"(it fails closed); restart it with -model-cmd, -openai-model or -anthropic-model to have commands judged."

// Check implements gate.Gate.
func (noModel) Check(context.Context, gate.Proposal) gate.Decision {
	return gate.Decision{Gate: "llm", Err: errNoModel, Reason: "no gatekeeper model is configured. " + noModelNote}
}

// commandCheck is run_command's Before check: argument shape, then the gate.
func commandCheck(g gate.Gate) toolguard.Check {
	return toolguard.Check{Name: "gate", Func: func(ctx context.Context, c *toolguard.Call) error {
		var in runCommandIn
		if err := c.Decode(&in); err != nil {
			return err
		}
		switch {
		case strings.TrimSpace(in.Command) == "":
			return toolguard.Deny("command is empty")
		case len(in.Command) > maxCommandBytes:
			return toolguard.Deny("command is %d bytes, over the %d-byte limit", len(in.Command), maxCommandBytes)
		case !utf8.ValidString(in.Command):
			return toolguard.Deny("command is not valid UTF-8")
		}
		d := g.Check(ctx, gate.Proposal{Command: in.Command, Tool: "run_command", Args: map[string]any{"command": in.Command}})
		if !d.Allow {
			return &toolguard.Denial{Reason: d.Gate + ": " + d.Reason, Audit: auditSummary(d)}
		}
		return nil
	}}
}

// ruleNames are the names of the rules newCommandGate builds.
var ruleNames = []string{"allowlisted", "destructive-program", "shell-or-downloader", "redirection", "not-allowlisted"}

// gateErrors are the gate's failure kinds, named in audit summaries.
var gateErrors = []error{gate.ErrInvalid, gate.ErrParse, gate.ErrRule, gate.ErrNoRule, gate.ErrDeferred,
	gate.ErrModel, gate.ErrPanic, gate.ErrTimeout, gate.ErrCancelled, gate.ErrVerdict, gate.ErrConfig, errNoModel, errNotSimple}

// auditSummary describes a denial for the audit log without quoting the
// command: the gate's reasons name the offending part of the command, and
// a model's reason may quote it, so the log keeps only which gate, which
// rule or which kind of failure.
func auditSummary(d gate.Decision) string {
	for _, n := range ruleNames {
		if strings.Contains(d.Reason, strconv.Quote(n)) {
			return d.Gate + ": rule " + strconv.Quote(n)
		}
	}
	for _, e := range gateErrors {
		if errors.Is(d.Err, e) {
			return d.Gate + ": " + e.Error()
		}
	}
	return d.Gate + ": denied by the gatekeeper model"
}

// runCommand is the run_command handler. It runs only after every guard
// allowed the command; it still refuses anything but a literal argv, and
// the executor still refuses programs off its allowlist.
func runCommand(exec Executor) mcp.ToolHandlerFor[runCommandIn, any] {
	return func(ctx context.Context, _ *mcp.CallToolRequest, in runCommandIn) (*mcp.CallToolResult, any, error) {
		argv, err := argvOf(in.Command)
		if err != nil {
			return nil, nil, err
		}
		res, err := exec.Run(ctx, argv)
		if err != nil {
			return failed("command failed: "+err.Error(), res), nil, nil
		}
		status := "exit status " + strconv.Itoa(res.ExitCode)
		if res.Truncated {
			status += " (output truncated)"
		}
		if res.ExitCode != 0 {
			// A failed command is a tool error: never reported as success.
			return failed("command failed: "+status, res), nil, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{
			&mcp.TextContent{Text: status},
			&mcp.TextContent{Text: string(res.Output)},
		}}, nil, nil
	}
}

// redactOutput is run_command's After check: every secret guard.Secrets
// finds in the output is replaced by its redacted excerpt before the
// client's model sees it.
func redactOutput() toolguard.OutputCheck {
	return toolguard.OutputCheck{Name: "redact", Func: func(_ context.Context, _ *toolguard.Call, res *mcp.CallToolResult) error {
		for _, c := range res.Content {
			if t, ok := c.(*mcp.TextContent); ok {
				t.Text = guard.Redact(t.Text)
			}
		}
		return nil
	}}
}

// failed is a tool error whose first text block is msg (what the audit
// record keeps) and whose second is the program's output (which it does
// not).
func failed(msg string, res ExecResult) *mcp.CallToolResult {
	r := &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
	if len(res.Output) > 0 {
		// After checks do not run on tool errors: redact here.
		r.Content = append(r.Content, &mcp.TextContent{Text: guard.Redact(string(res.Output))})
	}
	return r
}
