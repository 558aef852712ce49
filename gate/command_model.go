package gate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// PromptArg is the argument of [CommandModel.Args] that is replaced by the
// prompt.
const PromptArg = "{prompt}"

// DefaultMaxOutput bounds what [CommandModel] reads from the program's
// standard output when MaxOutput is zero.
const DefaultMaxOutput = 64 << 10

// CommandModel is a [Model] that runs a command-line program once per
// prompt and returns its standard output, for CLIs such as
// `claude -p <prompt> --model haiku`:
//
//	m := &gate.CommandModel{Path: "claude", Args: []string{"-p", gate.PromptArg, "--model", "haiku"}}
//
// The program runs directly (os/exec, no shell), so nothing in the prompt
// is interpreted by a shell. Standard error is discarded; errors name the
// program and its exit status, never its output.
//
// The zero CommandModel has no Path, and its Complete returns an error
// wrapping ErrConfig. A CommandModel is safe for concurrent use; do not
// change its fields while it is in use.
type CommandModel struct {
	// Path is the program: a path, or a name looked up in PATH.
	Path string
	// Args are the program's arguments. Every argument equal to PromptArg
	// is replaced by the prompt (Linux caps one argument at 128 KiB; use
	// Stdin for longer rules).
	Args []string
	// Stdin, when true, writes the prompt to the program's standard input
	// (otherwise standard input is empty). Either Stdin must be true or
	// Args must hold PromptArg.
	Stdin bool
	// Timeout bounds one run; zero means DefaultTimeout. The program is
	// killed when it (or ctx) expires.
	Timeout time.Duration
	// MaxOutput bounds the bytes read from standard output; more is an
	// error. Zero means DefaultMaxOutput.
	MaxOutput int
	// Env is the program's environment; nil means the current process's.
	Env []string
	// Dir is the working directory; empty means the current one.
	Dir string
}

// Complete runs the program with the prompt.
func (m *CommandModel) Complete(ctx context.Context, prompt string) (string, error) {
	if m == nil || m.Path == "" {
		return "", fmt.Errorf("%w: CommandModel has no Path", ErrConfig)
	}
	args := make([]string, len(m.Args))
	placed := false
	for i, a := range m.Args {
		if a == PromptArg {
			a, placed = prompt, true
		}
		args[i] = a
	}
	if !placed && !m.Stdin {
		return "", fmt.Errorf("%w: CommandModel: no %s argument and Stdin is false, the prompt would not reach the program", ErrConfig, PromptArg)
	}
	timeout := m.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	limit := m.MaxOutput
	if limit <= 0 {
		limit = DefaultMaxOutput
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, m.Path, args...)
	cmd.Env, cmd.Dir = m.Env, m.Dir
	cmd.WaitDelay = time.Second
	if m.Stdin {
		cmd.Stdin = strings.NewReader(prompt)
	}
	out := &limitedBuffer{limit: limit}
	cmd.Stdout = out
	name := filepath.Base(m.Path)
	err := cmd.Run()
	switch {
	case ctx.Err() != nil && errors.Is(ctx.Err(), context.DeadlineExceeded):
		return "", fmt.Errorf("%w: %s ran longer than %v", ErrTimeout, name, timeout)
	case ctx.Err() != nil:
		return "", fmt.Errorf("%w: %s: %w", ErrModel, name, ctx.Err())
	case out.over:
		return "", fmt.Errorf("%w: %s wrote more than %d bytes", ErrModel, name, limit)
	case err != nil:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return "", fmt.Errorf("%w: %s exited with status %d", ErrModel, name, ee.ExitCode())
		}
		return "", fmt.Errorf("%w: %s: %v", ErrModel, name, err)
	}
	return out.buf.String(), nil
}

var errOutputLimit = errors.New("output limit reached")

// limitedBuffer keeps the first limit bytes and remembers that there was
// more.
type limitedBuffer struct {
	buf   bytes.Buffer
	limit int
	over  bool
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.limit - b.buf.Len(); len(p) > room {
		b.buf.Write(p[:max(room, 0)])
		b.over = true
		return 0, errOutputLimit // stops the copy; the program gets EPIPE
	}
	return b.buf.Write(p)
}
