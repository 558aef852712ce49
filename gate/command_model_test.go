package gate

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain lets the test binary act as the CLI that CommandModel runs.
func TestMain(m *testing.M) {
	switch os.Getenv("GATE_HELPER") {
	case "":
		os.Exit(m.Run())
	case "echo-args":
		// Prints its arguments one per line, like a CLI answering its prompt.
		fmt.Print(strings.Join(os.Args[1:], "\n"))
	case "echo-stdin":
		_, _ = io.Copy(os.Stdout, os.Stdin)
	case "verdict":
		// Answers DENY with the nonce found in the prompt argument.
		n := nonceRE.FindStringSubmatch(os.Args[len(os.Args)-1])
		if n == nil {
			os.Exit(3)
		}
		fmt.Printf("DENY %s: helper says no\n", n[1])
	case "fail":
		fmt.Fprint(os.Stderr, "secret-ish diagnostics")
		os.Exit(7)
	case "sleep":
		time.Sleep(10 * time.Second)
	case "flood":
		chunk := strings.Repeat("y", 4096)
		for {
			if _, err := os.Stdout.WriteString(chunk); err != nil {
				os.Exit(0)
			}
		}
	}
	os.Exit(0)
}

func helper(mode string) *CommandModel {
	return &CommandModel{Path: os.Args[0], Env: append(os.Environ(), "GATE_HELPER="+mode)}
}

func TestCommandModel(t *testing.T) {
	ctx := context.Background()
	prompt := "rules; $(rm -rf /) `id` | sh ; 'quoted' \"x\""

	t.Run("prompt as an argument, no shell", func(t *testing.T) {
		m := helper("echo-args")
		m.Args = []string{"-p", PromptArg, "--model", "haiku"}
		out, err := m.Complete(ctx, prompt)
		require.NoError(t, err)
		assert.Equal(t, "-p\n"+prompt+"\n--model\nhaiku", out, "the prompt must arrive as one verbatim argument")
	})
	t.Run("prompt on stdin", func(t *testing.T) {
		m := helper("echo-stdin")
		m.Stdin = true
		out, err := m.Complete(ctx, prompt)
		require.NoError(t, err)
		assert.Equal(t, prompt, out)
	})
	t.Run("as the gate's model", func(t *testing.T) {
		m := helper("verdict")
		m.Args = []string{PromptArg}
		g, err := NewLLM(m, "loopback only")
		require.NoError(t, err)
		d := g.Check(ctx, Proposal{Command: "ping 8.8.8.8"})
		assert.False(t, d.Allow)
		assert.NoError(t, d.Err)
		assert.Equal(t, "model denies: helper says no", d.Reason)
	})
	t.Run("exit status", func(t *testing.T) {
		m := helper("fail")
		m.Stdin = true
		_, err := m.Complete(ctx, prompt)
		assert.ErrorIs(t, err, ErrModel)
		assert.ErrorContains(t, err, "exited with status 7")
		assert.NotContains(t, err.Error(), "secret-ish", "stderr must not leak into errors")
	})
	t.Run("timeout kills the program", func(t *testing.T) {
		m := helper("sleep")
		m.Stdin, m.Timeout = true, 50*time.Millisecond
		start := time.Now()
		_, err := m.Complete(ctx, prompt)
		assert.ErrorIs(t, err, ErrTimeout)
		assert.Less(t, time.Since(start), 5*time.Second)
	})
	t.Run("output bound", func(t *testing.T) {
		m := helper("flood")
		m.Stdin, m.MaxOutput = true, 1000
		_, err := m.Complete(ctx, prompt)
		assert.ErrorIs(t, err, ErrModel)
		assert.ErrorContains(t, err, "more than 1000 bytes")
	})
	t.Run("misconfigured", func(t *testing.T) {
		_, err := (&CommandModel{}).Complete(ctx, prompt)
		assert.ErrorIs(t, err, ErrConfig)
		var nilModel *CommandModel
		_, err = nilModel.Complete(ctx, prompt)
		assert.ErrorIs(t, err, ErrConfig)
		_, err = (&CommandModel{Path: "claude", Args: []string{"-p"}}).Complete(ctx, prompt)
		assert.ErrorIs(t, err, ErrConfig, "a prompt that reaches neither argv nor stdin must be refused")
	})
	t.Run("missing program", func(t *testing.T) {
		_, err := (&CommandModel{Path: "/nonexistent/wardline-model", Stdin: true}).Complete(ctx, prompt)
		assert.ErrorIs(t, err, ErrModel)
	})
}
