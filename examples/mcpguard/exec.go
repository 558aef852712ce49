package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// Executor runs one allowlisted program with literal arguments. It is what
// run_command calls once every guard has allowed the command; tests inject
// a fake to prove that denied commands never reach it.
type Executor interface {
	Run(ctx context.Context, argv []string) (ExecResult, error)
}

// ExecResult is what a finished program produced.
type ExecResult struct {
	// Output is stdout and stderr interleaved, at most the executor's limit.
	Output []byte
	// Truncated reports that output beyond the limit was discarded.
	Truncated bool
	// ExitCode is the program's exit status (0 on success).
	ExitCode int
}

// ErrNotAllowed is returned for a program outside the allowlist.
var ErrNotAllowed = errors.New("program is not on the allowlist")

// OSExecutor runs programs with os/exec: no shell, no expansion of any
// kind, an empty environment but for PATH and LANG, the workspace as the
// working directory, stdin closed, a timeout and bounded output.
//
// The zero value refuses every program (its allowlist is empty). Build one
// with [NewOSExecutor]. It is safe for concurrent use.
type OSExecutor struct {
	programs  map[string]string // name -> absolute path, resolved once
	dir       string
	timeout   time.Duration
	maxOutput int
}

// NewOSExecutor resolves each allowlisted program name (a bare name, looked
// up in PATH once, now) and returns an executor that runs them in dir.
// Names that are not installed are left out and reported in missing.
// timeout <= 0 means 10 s; maxOutput <= 0 means 64 KiB.
func NewOSExecutor(dir string, names []string, timeout time.Duration, maxOutput int) (e *OSExecutor, missing []string, err error) {
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	if maxOutput <= 0 {
		maxOutput = 64 << 10
	}
	e = &OSExecutor{programs: map[string]string{}, dir: dir, timeout: timeout, maxOutput: maxOutput}
	for _, n := range names {
		if n == "" || strings.ContainsAny(n, `/\`) {
			return nil, nil, fmt.Errorf("allowlist entry %q: must be a bare program name", n)
		}
		p, err := exec.LookPath(n)
		if err != nil {
			missing = append(missing, n)
			continue
		}
		if p, err = filepath.Abs(p); err != nil {
			missing = append(missing, n)
			continue
		}
		e.programs[n] = p
	}
	return e, missing, nil
}

// Programs returns the allowlisted program names that were found, sorted.
func (e *OSExecutor) Programs() []string {
	out := make([]string, 0, len(e.programs))
	for n := range e.programs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Run implements [Executor].
func (e *OSExecutor) Run(ctx context.Context, argv []string) (ExecResult, error) {
	if len(argv) == 0 {
		return ExecResult{}, errors.New("empty command")
	}
	path, ok := e.programs[argv[0]]
	if !ok {
		return ExecResult{}, fmt.Errorf("%w: %s", ErrNotAllowed, argv[0])
	}
	ctx, cancel := context.WithTimeout(ctx, e.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, argv[1:]...)
	cmd.Dir = e.dir
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8"}
	out := &boundedBuffer{max: e.maxOutput}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = time.Second // a child that keeps the pipes open cannot hang us
	err := cmd.Run()
	res := ExecResult{Output: out.buf.Bytes(), Truncated: out.dropped > 0}
	if ctx.Err() == context.DeadlineExceeded {
		return res, fmt.Errorf("timed out after %s", e.timeout)
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		res.ExitCode = ee.ExitCode()
		return res, nil
	}
	if err != nil {
		return res, fmt.Errorf("could not start the program: %w", err)
	}
	return res, nil
}

// boundedBuffer keeps the first max bytes written to it and counts the rest.
type boundedBuffer struct {
	buf     bytes.Buffer
	max     int
	dropped int
}

func (b *boundedBuffer) Write(p []byte) (int, error) {
	room := b.max - b.buf.Len()
	if room >= len(p) {
		b.buf.Write(p)
		return len(p), nil
	}
	if room > 0 {
		b.buf.Write(p[:room])
	}
	b.dropped += len(p) - max(room, 0)
	return len(p), nil
}

// errNotSimple is wrapped by every error from argvOf.
var errNotSimple = errors.New("not a single simple command")

// argvOf parses command with a POSIX shell parser and returns its argv if
// it is exactly one simple command whose words are plain literals: no
// operators, pipes, redirections, assignments, substitutions, expansions,
// globs or escapes. The gate already splits and judges compound commands;
// this is the executor's own, stricter reading, so that what runs is
// exactly the literal argv the gate saw.
func argvOf(command string) ([]string, error) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangPOSIX)).Parse(strings.NewReader(command), "")
	if err != nil {
		return nil, fmt.Errorf("%w: does not parse", errNotSimple)
	}
	if len(f.Stmts) != 1 {
		return nil, fmt.Errorf("%w: %d statements", errNotSimple, len(f.Stmts))
	}
	st := f.Stmts[0]
	if st.Background || st.Coprocess || st.Negated || len(st.Redirs) > 0 {
		return nil, fmt.Errorf("%w: operators or redirections", errNotSimple)
	}
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Assigns) > 0 || len(call.Args) == 0 {
		return nil, fmt.Errorf("%w: not a plain program call", errNotSimple)
	}
	argv := make([]string, 0, len(call.Args))
	for _, w := range call.Args {
		s, ok := literalWord(w)
		if !ok {
			return nil, fmt.Errorf("%w: argument %d is not a plain literal", errNotSimple, len(argv))
		}
		argv = append(argv, s)
	}
	return argv, nil
}

// literalWord returns the value of a word made only of unquoted literals
// without shell-special characters, single-quoted strings, and
// double-quoted strings without expansions or escapes.
func literalWord(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(p.Value, "\\*?[]{}~$`") {
				return "", false
			}
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", false
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if p.Dollar {
				return "", false
			}
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok || strings.ContainsAny(l.Value, "\\$`") {
					return "", false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}
