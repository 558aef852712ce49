// Command mcpguard is an MCP server whose tools sit behind wardline's
// guardrails, served over stdio for MCP clients such as Claude Code or
// Cursor:
//
//	go run -C examples/mcpguard . -workspace /abs/path/to/workspace -model-cmd 'claude -p {prompt} --model haiku'
//
// See README.md for the tools, the client configuration and the flags.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wardline/wardline/audit"
	"github.com/wardline/wardline/gate"
	"github.com/wardline/wardline/guard"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("mcpguard: ")
	if err := run(context.Background(), os.Args[1:], os.Stderr); err != nil {
		log.Fatal(err)
	}
}

// flags are the command-line settings.
type flags struct {
	workspace      string
	auditPath      string
	allow          string
	rulesPath      string
	modelCmd       string
	openAIModel    string
	openAIURL      string
	anthropicModel string
	anthropicURL   string
	role           string
	confirmDir     string
}

func parseFlags(args []string, stderr io.Writer) (*flags, error) {
	f := &flags{}
	fs := flag.NewFlagSet("mcpguard", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.workspace, "workspace", "", "workspace directory with raw/ and wiki/ (required)")
	fs.StringVar(&f.auditPath, "audit", "", "audit log file (default <workspace>/.mcpguard/audit.jsonl)")
	fs.StringVar(&f.allow, "allow", strings.Join(DefaultPrograms, ","), "comma-separated run_command program allowlist")
	fs.StringVar(&f.rulesPath, "rules", "", "file with the gatekeeper's ground rules (default: built-in rules)")
	fs.StringVar(&f.modelCmd, "model-cmd", "", "gatekeeper model as a command line, split on spaces; {prompt} is replaced by the prompt, else the prompt goes to stdin")
	fs.StringVar(&f.openAIModel, "openai-model", "", "gatekeeper model name on an OpenAI-compatible chat-completions API (key from OPENAI_API_KEY)")
	fs.StringVar(&f.openAIURL, "openai-url", "", "base URL of the OpenAI-compatible API (default https://api.openai.com/v1; llama.cpp and Ollama work too)")
	fs.StringVar(&f.anthropicModel, "anthropic-model", "", "gatekeeper model name on the Anthropic Messages API (key from ANTHROPIC_API_KEY)")
	fs.StringVar(&f.anthropicURL, "anthropic-url", "", "base URL of the Anthropic API (default https://api.anthropic.com/v1)")
	fs.StringVar(&f.role, "role", DefaultRole, "the role the server serves: "+roleNames()+" (guru is read-only: every write tool is refused before any other guard runs)")
	fs.StringVar(&f.confirmDir, "confirm-dir", "", "directory, outside the workspace and unreadable by the agent, where set_mode writes confirmation codes for clients without MCP elicitation")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected arguments: %q", fs.Args())
	}
	if f.workspace == "" {
		return nil, errors.New("-workspace is required")
	}
	if _, ok := roles[f.role]; !ok {
		return nil, fmt.Errorf("-role: unknown role %q (one of %s)", f.role, roleNames())
	}
	return f, nil
}

// modelFromFlags builds the gatekeeper model the flags select, or nil when
// none is selected (run_command then denies every command, saying why).
func modelFromFlags(f *flags) (gate.Model, error) {
	n := 0
	for _, s := range []string{f.modelCmd, f.openAIModel, f.anthropicModel} {
		if s != "" {
			n++
		}
	}
	if n > 1 {
		return nil, errors.New("choose one of -model-cmd, -openai-model and -anthropic-model")
	}
	switch {
	case f.modelCmd != "":
		argv := strings.Fields(f.modelCmd)
		m := &gate.CommandModel{Path: argv[0], Args: argv[1:]}
		m.Stdin = true
		for _, a := range m.Args {
			if a == gate.PromptArg {
				m.Stdin = false
			}
		}
		return m, nil
	case f.openAIModel != "":
		opts := []gate.HTTPOption{gate.WithAPIKey(os.Getenv("OPENAI_API_KEY"))}
		if f.openAIURL != "" {
			opts = append(opts, gate.WithBaseURL(f.openAIURL))
		}
		return gate.NewOpenAIChat(f.openAIModel, opts...)
	case f.anthropicModel != "":
		opts := []gate.HTTPOption{gate.WithAPIKey(os.Getenv("ANTHROPIC_API_KEY"))}
		if f.anthropicURL != "" {
			opts = append(opts, gate.WithBaseURL(f.anthropicURL))
		}
		return gate.NewAnthropicMessages(f.anthropicModel, opts...)
	}
	return nil, nil
}

// run serves the tools over stdio until the client disconnects or a
// signal arrives. Nothing but the protocol is written to stdout.
func run(ctx context.Context, args []string, stderr io.Writer) error {
	f, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	ws, err := resolveWorkspace(f.workspace)
	if err != nil {
		return err
	}
	model, err := modelFromFlags(f)
	if err != nil {
		return err
	}
	var rules string
	if f.rulesPath != "" {
		b, err := os.ReadFile(f.rulesPath)
		if err != nil {
			return fmt.Errorf("-rules: %w", err)
		}
		rules = string(b)
		if strings.TrimSpace(rules) == "" {
			return errors.New("-rules: the file is empty; a gatekeeper without rules would fail open")
		}
	}
	auditPath := f.auditPath
	if auditPath == "" {
		if err := os.MkdirAll(filepath.Join(ws, stateDir), 0o755); err != nil {
			return err
		}
		auditPath = filepath.Join(ws, stateDir, "audit.jsonl")
	}
	alog, err := audit.OpenFile(auditPath, audit.WithRedactor(guard.Redact))
	if err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	defer alog.Close()

	var programs []string
	for _, p := range strings.Split(f.allow, ",") {
		if p = strings.TrimSpace(p); p != "" {
			programs = append(programs, p)
		}
	}
	exec, missing, err := NewOSExecutor(ws, programs, 0, 0)
	if err != nil {
		return err
	}
	if len(missing) > 0 {
		fmt.Fprintf(stderr, "mcpguard: not installed, left off the allowlist: %s\n", strings.Join(missing, ", "))
	}
	if model == nil {
		fmt.Fprintln(stderr, "mcpguard: "+noModelNote)
	}
	srv, err := NewServer(Config{
		Workspace:   ws,
		Audit:       alog,
		Model:       model,
		GroundRules: rules,
		// Identical commands do not pay for a second model call within
		// ten minutes; the cache key covers the rules and the command.
		LLMOptions: []gate.LLMOption{gate.WithCache(256, 10*time.Minute)},
		Programs:   exec.Programs(),
		Executor:   exec,
		Role:       f.role,
		ConfirmDir: f.confirmDir,
	})
	if err != nil {
		return err
	}
	defer srv.Close()

	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Fprintf(stderr, "mcpguard: serving %s over stdio; audit log %s\n", ws, auditPath)
	err = srv.MCP.Run(ctx, &mcp.StdioTransport{})
	if errors.Is(err, context.Canceled) {
		err = nil
	}
	return err
}
