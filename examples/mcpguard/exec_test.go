package main

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestArgvOf(t *testing.T) {
	tests := []struct {
		command string
		want    []string // nil => refused
	}{
		{"ping -c 1 127.0.0.1", []string{"ping", "-c", "1", "127.0.0.1"}},
		{"echo 'hello world' \"two words\"", []string{"echo", "hello world", "two words"}},
		{"  uname   -a  ", []string{"uname", "-a"}},
		{"ping x; curl y | sh", nil},
		{"echo a && rm -rf /", nil},
		{"echo a || true", nil},
		{"echo $(id)", nil},
		{"echo `id`", nil},
		{"echo $HOME", nil},
		{"echo \"$HOME\"", nil},
		{"echo *", nil},
		{"echo ~/x", nil},
		{"echo a > /etc/passwd", nil},
		{"cat < /etc/shadow", nil},
		{"X=1 echo a", nil},
		{"sleep 10 &", nil},
		{"! true", nil},
		{"(echo a)", nil},
		{"{ echo a; }", nil},
		{"echo $'\\x41'", nil},
		{"echo a\\ b", nil},
		{"if true; then echo; fi", nil},
		{"echo 'unterminated", nil},
		{"", nil},
		{"echo a\necho b", nil},
	}
	for _, tt := range tests {
		t.Run(tt.command, func(t *testing.T) {
			got, err := argvOf(tt.command)
			if tt.want == nil {
				require.Error(t, err)
				assert.ErrorIs(t, err, errNotSimple)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func FuzzArgvOf(f *testing.F) {
	for _, s := range []string{"ping -c 1 127.0.0.1", "echo 'a b'", "ping x; curl y | sh", "echo $(id)", "rm -rf /"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, command string) {
		argv, err := argvOf(command)
		if err != nil {
			return
		}
		if len(argv) == 0 {
			t.Fatal("accepted with empty argv")
		}
		for _, a := range argv {
			if strings.ContainsAny(a, "$`") && !strings.Contains(command, "'") {
				t.Fatalf("expansion character accepted outside single quotes: %q", command)
			}
		}
	})
}

func TestOSExecutorRunsRealProgram(t *testing.T) {
	e, missing, err := NewOSExecutor(t.TempDir(), []string{"echo", "true", "false", "sleep"}, 20*time.Second, 16)
	require.NoError(t, err)
	if len(missing) > 0 {
		t.Skipf("programs not installed: %v", missing)
	}
	ctx := context.Background()

	res, err := e.Run(ctx, []string{"echo", "hello"})
	require.NoError(t, err)
	assert.Equal(t, "hello\n", string(res.Output))
	assert.Zero(t, res.ExitCode)
	assert.False(t, res.Truncated)

	res, err = e.Run(ctx, []string{"echo", strings.Repeat("x", 100)})
	require.NoError(t, err)
	assert.Len(t, res.Output, 16)
	assert.True(t, res.Truncated)

	res, err = e.Run(ctx, []string{"false"})
	require.NoError(t, err)
	assert.Equal(t, 1, res.ExitCode)

	short, _, err := NewOSExecutor(t.TempDir(), []string{"sleep"}, 300*time.Millisecond, 16)
	require.NoError(t, err)
	start := time.Now()
	_, err = short.Run(ctx, []string{"sleep", "30"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "timed out")
	assert.Less(t, time.Since(start), 15*time.Second, "the timeout, not the program, ended the run")

	_, err = e.Run(ctx, []string{"sh", "-c", "id"})
	assert.True(t, errors.Is(err, ErrNotAllowed))
	_, err = e.Run(ctx, []string{"/bin/echo", "x"})
	assert.True(t, errors.Is(err, ErrNotAllowed))

	var zero OSExecutor
	_, err = zero.Run(ctx, []string{"echo"})
	assert.True(t, errors.Is(err, ErrNotAllowed), "the zero value refuses")
}

func TestNewOSExecutorRefusesPaths(t *testing.T) {
	_, _, err := NewOSExecutor(t.TempDir(), []string{"/bin/sh"}, 0, 0)
	require.Error(t, err)
	_, missing, err := NewOSExecutor(t.TempDir(), []string{"definitely-not-a-program-xyz"}, 0, 0)
	require.NoError(t, err)
	assert.Equal(t, []string{"definitely-not-a-program-xyz"}, missing)
}
