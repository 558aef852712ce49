package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wardline/wardline/audit"
	"github.com/wardline/wardline/citation"
	"github.com/wardline/wardline/citation/workspace"
	"github.com/wardline/wardline/confirm"
	"github.com/wardline/wardline/examples/mcpguard/toolguard"
	"github.com/wardline/wardline/gate"
)

// Config configures [NewServer]. Workspace and Audit are required; every
// other field has a documented default.
type Config struct {
	// Workspace is the directory the server serves: raw/ holds the
	// immutable sources, wiki/ the pages, .mcpguard/ the server's state.
	Workspace string
	// Audit receives one hash-chained record per tools/call.
	Audit *audit.Logger

	// Model is the LLM gatekeeper for run_command. Nil: run_command denies
	// every command, saying that no model is configured.
	Model gate.Model
	// GroundRules is the text the gatekeeper judges against; empty means
	// DefaultGroundRules.
	GroundRules string
	// LLMOptions configure the gatekeeper (timeout, verdict cache).
	LLMOptions []gate.LLMOption
	// Programs is run_command's allowlist; nil means DefaultPrograms.
	Programs []string
	// Executor runs allowed commands; nil means an OSExecutor over
	// Programs in Workspace with a 10 s timeout and 64 KiB of output.
	Executor Executor

	// MaxPages is the wiki page quota; zero means DefaultMaxPages.
	MaxPages int

	// Role names the role the server serves (see roles): "operator" may
	// call every tool, "guru" is read-only and may call none of this
	// server's tools, which all write. Empty means DefaultRole. The role
	// check runs before every other guard.
	Role string

	// Modes applies confirmed mode changes; nil means the file
	// .mcpguard/mode in the workspace.
	Modes ModeSetter
	// ConfirmOptions configure the confirmation manager (TTL, clock,
	// nonce length, attempts); nil means confirm's defaults.
	ConfirmOptions []confirm.Option
	// ConfirmDir is where set_mode writes the confirmation code for a
	// client without MCP elicitation, for the user to read (see oob.go). It
	// must be a directory the agent cannot read; one inside the workspace is
	// refused. Empty: such clients cannot propose changes.
	ConfirmDir string
}

// Server is the MCP server with its tools behind toolguard. Close releases
// the workspace handle.
type Server struct {
	// MCP is the SDK server; connect it to a transport with Run or Connect.
	MCP   *mcp.Server
	root  *os.Root
	wiki  *wiki
	modes *modes
}

// confirmDir returns the confirmation directory in use ("" for none).
func (s *Server) confirmDir() string { return s.modes.dir }

// Close releases the workspace.
func (s *Server) Close() error { return errors.Join(s.wiki.ws.Close(), s.root.Close()) }

// NewServer builds the server: the tools, their guard policies, and the
// audit recorder.
func NewServer(cfg Config) (*Server, error) {
	if cfg.Workspace == "" {
		return nil, errors.New("mcpguard: no workspace")
	}
	if cfg.Audit == nil {
		return nil, errors.New("mcpguard: no audit logger")
	}
	ws, err := filepath.Abs(cfg.Workspace)
	if err != nil {
		return nil, fmt.Errorf("mcpguard: workspace: %w", err)
	}
	root, err := os.OpenRoot(ws)
	if err != nil {
		return nil, fmt.Errorf("mcpguard: workspace: %w", err)
	}
	s := &Server{root: root}
	ok := false
	defer func() {
		if !ok {
			_ = root.Close()
		}
	}()
	for _, d := range []string{workspace.WikiDir, workspace.RawDir} {
		if err := root.MkdirAll(d, 0o755); err != nil {
			return nil, fmt.Errorf("mcpguard: workspace: %w", err)
		}
	}
	maxPages := cfg.MaxPages
	if maxPages == 0 {
		maxPages = DefaultMaxPages
	}
	cws, err := workspace.Open(ws, workspace.WithMaxPages(maxPages))
	if err != nil {
		return nil, fmt.Errorf("mcpguard: %w", err)
	}
	defer func() {
		if !ok {
			_ = cws.Close()
		}
	}()
	verifier, err := citation.New()
	if err != nil {
		return nil, fmt.Errorf("mcpguard: %w", err)
	}
	s.wiki = &wiki{ws: cws, root: root, verifier: verifier}

	programs := cfg.Programs
	if programs == nil {
		programs = DefaultPrograms
	}
	exec := cfg.Executor
	if exec == nil {
		e, _, err := NewOSExecutor(ws, programs, 10*time.Second, 64<<10)
		if err != nil {
			return nil, fmt.Errorf("mcpguard: %w", err)
		}
		exec = e
	}
	role, err := newRoleGate(cfg.Role)
	if err != nil {
		return nil, fmt.Errorf("mcpguard: %w", err)
	}
	cmdGate, err := newCommandGate(programs, cfg.Model, cfg.GroundRules, cfg.LLMOptions...)
	if err != nil {
		return nil, fmt.Errorf("mcpguard: %w", err)
	}

	setter := cfg.Modes
	if setter == nil {
		setter = fileModes{root: root}
	}
	confirmDir, err := checkConfirmDir(cfg.ConfirmDir, ws)
	if err != nil {
		return nil, fmt.Errorf("mcpguard: %w", err)
	}
	modes, err := newModes(setter, confirmDir, cfg.ConfirmOptions...)
	if err != nil {
		return nil, fmt.Errorf("mcpguard: %w", err)
	}
	s.modes = modes

	s.MCP = mcp.NewServer(&mcp.Implementation{Name: "mcpguard", Title: "wardline MCP guard example", Version: "v0.1.0"},
		&mcp.ServerOptions{Instructions: instructions})

	runDesc := "Run one allowlisted program with literal arguments in the workspace (no shell). " +
		"Every command is checked by deterministic rules and an independent gatekeeper model before it runs."
	if cfg.Model == nil {
		runDesc += " " + noModelNote
	}
	mcp.AddTool(s.MCP, &mcp.Tool{Name: "run_command", Description: runDesc}, runCommand(exec))
	mcp.AddTool(s.MCP, &mcp.Tool{
		Name: "write_wiki_page",
		Description: "Create or replace a wiki page under wiki/. The page needs YAML frontmatter (title, sources) " +
			"and every claim a footnote quoting a raw/ source verbatim with its sha256 anchor; the quotes are checked " +
			"against the live sources before anything is written.",
	}, s.wiki.handler())
	mcp.AddTool(s.MCP, &mcp.Tool{
		Name: "set_mode",
		Description: "Propose changing the firewall mode (monitor, block, learning). Nothing changes until the user " +
			"confirms with a code that only the user is shown, outside this conversation.",
	}, modes.setMode())
	mcp.AddTool(s.MCP, &mcp.Tool{
		Name:        "confirm",
		Description: "Apply the pending change of this session with the reply the user typed, \"confirm <code>\" (or \"cancel\" it).",
	}, modes.confirm())

	mw, err := toolguard.New(&toolguard.Options{
		Workspace: ws,
		Recorder:  toolguard.AuditRecorder(cfg.Audit),
		Tools: map[string]toolguard.Policy{
			"run_command":     {Before: []toolguard.Check{roleCheck(role), commandCheck(cmdGate)}, After: []toolguard.OutputCheck{redactOutput()}},
			"write_wiki_page": {Before: []toolguard.Check{roleCheck(role), s.wiki.beforeCheck()}},
			"set_mode":        {Before: []toolguard.Check{roleCheck(role), modes.setModeCheck()}},
			"confirm":         {Before: []toolguard.Check{roleCheck(role), modes.confirmCheck()}},
		},
	})
	if err != nil {
		return nil, fmt.Errorf("mcpguard: %w", err)
	}
	s.MCP.AddReceivingMiddleware(mw)
	ok = true
	return s, nil
}

// instructions tell the client's model how the tools behave.
const instructions = `Tools on this server are guarded by wardline. A refused call returns a tool error that says which check refused it and why; do not retry the same call. run_command runs one allowlisted program without a shell. set_mode only proposes a change; the user is shown its confirmation code outside this conversation. Call confirm only with what the user actually typed.`
