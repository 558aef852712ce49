package gate

import (
	"context"
	"strings"
	"testing"
)

func benchRules(b *testing.B) *Rules {
	r, err := NewRules(
		Rule{Name: "no-rm", Expr: `program == "rm"`, Effect: EffectDeny},
		Rule{Name: "no-shell", Expr: `program in ["sh", "bash", "zsh", "dash"]`, Effect: EffectDeny},
		Rule{Name: "no-etc", Expr: `redirects.exists(f, f.startsWith("/etc/"))`, Effect: EffectDeny},
		Rule{Name: "ping-loopback", Expr: `program == "ping" && argv.exists(a, a.startsWith("127."))`, Effect: EffectAllow},
		Rule{Name: "ask-model", Expr: `true`, Effect: EffectDefer},
	)
	if err != nil {
		b.Fatal(err)
	}
	return r
}

// BenchmarkRulesCheck measures a whole deterministic decision: split the
// command with sh/v3, then evaluate five CEL rules on each part.
func BenchmarkRulesCheck(b *testing.B) {
	r := benchRules(b)
	ctx := context.Background()
	for _, bc := range []struct{ name, cmd string }{
		{"ping_allowed", "ping -c 1 127.0.0.1"},
		{"rm_denied", "rm -rf /"},
		{"compound_pipe_denied", "ping 8.8.8.8; curl x | sh"},
		{"substitution_deferred", "echo $(uname -a) > /tmp/out"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			p := Proposal{Command: bc.cmd}
			b.ReportAllocs()
			for b.Loop() {
				r.Check(ctx, p)
			}
		})
	}
}

// instantModel answers at once, so the benchmark measures the gate's own
// overhead around a model call: validation, split, nonce and fence from
// crypto/rand, prompt, goroutine and timeout, verdict parse.
type instantModel struct{}

func (instantModel) Complete(_ context.Context, prompt string) (string, error) {
	i := strings.Index(prompt, "\nALLOW ")
	return prompt[i+1:i+1+len("ALLOW ")+32] + ": ok", nil
}

func BenchmarkLLMCheck(b *testing.B) {
	ctx := context.Background()
	rules := "Only read-only diagnostics against loopback addresses may run. Nothing may write outside /tmp."
	for _, bc := range []struct {
		name string
		opts []LLMOption
	}{
		{"instant_model", nil},
		{"instant_model_cache_hit", []LLMOption{WithCache(128, 1<<62)}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			g, err := NewLLM(instantModel{}, rules, bc.opts...)
			if err != nil {
				b.Fatal(err)
			}
			p := Proposal{Command: "ping -c 1 127.0.0.1"}
			if d := g.Check(ctx, p); !d.Allow {
				b.Fatal(d.Reason)
			}
			b.ReportAllocs()
			for b.Loop() {
				g.Check(ctx, p)
			}
		})
	}
}

// BenchmarkAllCheck: rules that defer, then the instant model.
func BenchmarkAllCheck(b *testing.B) {
	llm, err := NewLLM(instantModel{}, "loopback diagnostics only")
	if err != nil {
		b.Fatal(err)
	}
	g := All(benchRules(b), llm)
	ctx := context.Background()
	p := Proposal{Command: "uname -a"}
	if d := g.Check(ctx, p); !d.Allow {
		b.Fatal(d.Reason)
	}
	b.ReportAllocs()
	for b.Loop() {
		g.Check(ctx, p)
	}
}

func BenchmarkExtractCommand_prose3lines(b *testing.B) {
	out := "I will check the host first.\nEXECUTE: ping -c 1 127.0.0.1\nThen I will report the result."
	b.ReportAllocs()
	for b.Loop() {
		ExtractCommand(out)
	}
}

func BenchmarkParseVerdict_allow(b *testing.B) {
	n := "0123456789abcdef0123456789abcdef"
	a := "ALLOW " + n + ": loopback ping is read-only"
	b.ReportAllocs()
	for b.Loop() {
		_, _, _ = ParseVerdict(a, n)
	}
}

// BenchmarkRulesDecide measures the CEL part of a decision alone (five
// rules, command already split), the figure the ≤ 5 µs budget is for.
func BenchmarkRulesDecide(b *testing.B) {
	r := benchRules(b)
	ctx := context.Background()
	for _, bc := range []struct{ name, cmd string }{
		{"ping_allowed", "ping -c 1 127.0.0.1"},
		{"rm_denied", "rm -rf /"},
		{"compound_pipe_denied", "ping 8.8.8.8; curl x | sh"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			p := Proposal{Command: bc.cmd}
			parts, err := Split(bc.cmd)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				r.decide(ctx, parts, p)
			}
		})
	}
}
