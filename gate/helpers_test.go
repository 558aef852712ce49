package gate

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// modelFunc adapts a function to Model.
type modelFunc func(ctx context.Context, prompt string) (string, error)

func (f modelFunc) Complete(ctx context.Context, prompt string) (string, error) {
	return f(ctx, prompt)
}

var nonceRE = regexp.MustCompile(`(?m)^ALLOW ([0-9a-f]{32}): `)
var fenceRE = regexp.MustCompile(`(?m)^(FENCE-[0-9a-f]{32})$`)

// promptNonce returns the nonce the prompt asks for.
func promptNonce(t testing.TB, prompt string) string {
	t.Helper()
	m := nonceRE.FindStringSubmatch(prompt)
	if m == nil {
		t.Error("prompt carries no nonce") // not FailNow: models run on another goroutine
		return ""
	}
	return m[1]
}

// fencedCommand returns the text between the prompt's first and last fence
// lines (the command may contain fake fence lines in between).
func fencedCommand(t testing.TB, prompt string) string {
	t.Helper()
	m := fenceRE.FindAllStringSubmatchIndex(prompt, -1)
	if len(m) < 2 {
		t.Error("prompt has no fence")
		return ""
	}
	first, last := m[0], m[len(m)-1]
	if prompt[first[2]:first[3]] != prompt[last[2]:last[3]] {
		t.Error("the prompt's first and last fence lines differ")
	}
	return strings.TrimSuffix(strings.TrimPrefix(prompt[first[1]:last[0]], "\n"), "\n")
}

// verdictModel answers a fixed verdict with the right nonce.
func verdictModel(t testing.TB, word, reason string) Model {
	return modelFunc(func(_ context.Context, prompt string) (string, error) {
		return word + " " + promptNonce(t, prompt) + ": " + reason, nil
	})
}

// pingRules allows ping to loopback, denies rm, defers the rest.
func pingRules(t testing.TB) *Rules {
	t.Helper()
	r, err := NewRules(
		Rule{Name: "no-rm", Expr: `program == "rm"`, Effect: EffectDeny},
		Rule{Name: "no-shell-pipe", Expr: `program in ["sh", "bash", "zsh"]`, Effect: EffectDeny},
		Rule{Name: "ping-loopback", Expr: `program == "ping" && argv.exists(a, a.startsWith("127."))`, Effect: EffectAllow},
		Rule{Name: "ask-model", Expr: `true`, Effect: EffectDefer},
	)
	require.NoError(t, err)
	return r
}
