package gate

import (
	"context"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNewRulesRefuses(t *testing.T) {
	tests := []struct {
		name  string
		rules []Rule
		msg   string
	}{
		{"no rules", nil, "at least one rule"},
		{"no name", []Rule{{Expr: "true", Effect: EffectAllow}}, "no name"},
		{"duplicate name", []Rule{{Name: "a", Expr: "true", Effect: EffectAllow}, {Name: "a", Expr: "false", Effect: EffectDeny}}, "used twice"},
		{"zero effect", []Rule{{Name: "a", Expr: "true"}}, "no effect"},
		{"unknown effect", []Rule{{Name: "a", Expr: "true", Effect: Effect(9)}}, "no effect"},
		{"syntax error", []Rule{{Name: "a", Expr: `program ==`, Effect: EffectDeny}}, `rule "a"`},
		{"undeclared variable", []Rule{{Name: "a", Expr: `user == "root"`, Effect: EffectDeny}}, "undeclared reference"},
		{"not bool", []Rule{{Name: "a", Expr: `program`, Effect: EffectDeny}}, "want bool"},
		{"dyn is not bool", []Rule{{Name: "a", Expr: `args.force`, Effect: EffectDeny}}, "want bool"},
		{"type error", []Rule{{Name: "a", Expr: `argv == "rm"`, Effect: EffectDeny}}, "no matching overload"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := NewRules(tc.rules...)
			assert.Nil(t, r)
			assert.ErrorIs(t, err, ErrConfig)
			assert.ErrorContains(t, err, tc.msg)
		})
	}
}

func TestCompileRulesOptions(t *testing.T) {
	rule := Rule{Name: "a", Expr: "true", Effect: EffectAllow}
	for _, tc := range []struct {
		name string
		opts []RulesOption
		msg  string
	}{
		{"nil option", []RulesOption{nil}, "nil option"},
		{"blank name", []RulesOption{WithRulesName(" ")}, "empty name"},
		{"zero cost limit", []RulesOption{WithCostLimit(0)}, "must be positive"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := CompileRules([]Rule{rule}, tc.opts...)
			assert.Nil(t, r)
			assert.ErrorIs(t, err, ErrConfig)
			assert.ErrorContains(t, err, tc.msg)
		})
	}
	r, err := CompileRules([]Rule{rule}, WithRulesName("policy"), WithCostLimit(10))
	require.NoError(t, err)
	assert.Equal(t, "policy", r.Check(context.Background(), Proposal{Command: "ls"}).Gate)
}

func TestRulesVariablesAndPrecedence(t *testing.T) {
	ctx := context.Background()
	r, err := CompileRules([]Rule{
		{Name: "allow-everything", Expr: `true`, Effect: EffectAllow}, // listed first; deny must still win
		{Name: "no-rm", Expr: `program == "rm"`, Effect: EffectDeny},
		{Name: "no-etc-writes", Expr: `redirects.exists(f, f.startsWith("/etc/"))`, Effect: EffectDeny},
		{Name: "no-preload", Expr: `assigns.exists(a, a.startsWith("LD_"))`, Effect: EffectDeny},
		{Name: "no-dynamic-program", Expr: `dynamic && !(program in ["echo", "ls"])`, Effect: EffectDeny},
		{Name: "no-force-push", Expr: `tool == "git" && "force" in args && args.force == true`, Effect: EffectDeny},
		{Name: "no-remote-shell", Expr: `command.matches("curl .*") && argv.size() > 3`, Effect: EffectDeny},
	}, WithRulesName("policy"))
	require.NoError(t, err)
	tests := []struct {
		name, cmd string
		tool      string
		args      map[string]any
		rule      string // "" when allowed
	}{
		{"plain", "ls -la", "", nil, ""},
		{"rm by path", "/bin/rm -rf /", "", nil, "no-rm"},
		{"rm escaped", `\r'm' -rf /`, "", nil, "no-rm"},
		{"rm via ANSI-C", `$'\x72\x6d' -rf /`, "", nil, "no-rm"},
		{"rm in substitution", "echo $(rm -rf /)", "", nil, "no-rm"},
		{"rm in here-doc", "cat <<EOF\n$(rm -rf /)\nEOF", "", nil, "no-rm"},
		{"rm in function body", "f(){ rm -rf /; }", "", nil, "no-rm"},
		{"block writes /etc", "{ echo a; } > /etc/cron.d/x", "", nil, "no-etc-writes"},
		{"env preload", "LD_PRELOAD=/tmp/e.so ls", "", nil, "no-preload"},
		{"exported preload", "export LD_PRELOAD=/tmp/e.so; ls", "", nil, "no-preload"},
		{"declared preload", "declare -x LD_PRELOAD=/tmp/e.so", "", nil, "no-preload"},
		{"dynamic program", "$(echo rm) -rf /", "", nil, "no-dynamic-program"},
		{"rm in bash -c", `bash -c "cd /tmp && rm -rf /"`, "", nil, "no-rm"},
		{"rm in eval", `eval "r""m" -rf /`, "", nil, "no-rm"},
		{"dynamic echo is fine", "echo $HOME", "", nil, ""},
		{"tool args", "", "git", map[string]any{"force": true, "branch": "main"}, "no-force-push"},
		{"tool args without key", "", "git", map[string]any{"branch": "main"}, ""},
		{"command is the part's text", "curl a b c; ls", "", nil, "no-remote-shell"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := r.Check(ctx, Proposal{Command: tc.cmd, Tool: tc.tool, Args: tc.args})
			assert.Equal(t, "policy", d.Gate)
			if tc.rule == "" {
				assert.True(t, d.Allow, d.Reason)
				return
			}
			assert.False(t, d.Allow)
			assert.NoError(t, d.Err, "a rule deny is a decision, not a failure")
			assert.Contains(t, d.Reason, `deny rule "`+tc.rule+`"`)
		})
	}
}

// Every declared variable is bound even for a tool call with no command, so
// an "||" cannot swallow an unbound-variable error and turn a deny into
// something else.
func TestRulesBindEveryVariable(t *testing.T) {
	r, err := NewRules(
		Rule{Name: "deny-unless-known", Expr: `!(program == "ls" || size(argv) > 0 || size(redirects) > 0 || size(assigns) > 0 || dynamic || via != "" || command != "" || tool == "safe")`, Effect: EffectDeny},
		Rule{Name: "rest", Expr: `true`, Effect: EffectAllow},
	)
	require.NoError(t, err)
	d := r.Check(context.Background(), Proposal{Tool: "other"})
	assert.False(t, d.Allow)
	assert.NoError(t, d.Err)
	assert.Contains(t, d.Reason, "deny-unless-known")

	d = r.Check(context.Background(), Proposal{Tool: "safe"})
	assert.True(t, d.Allow, d.Reason)
}

func TestRulesContextInterruptsEvaluation(t *testing.T) {
	r, err := CompileRules([]Rule{{Name: "slow", Expr: `argv.all(a, argv.all(b, argv.all(c, a + b + c != "")))`, Effect: EffectAllow}},
		WithCostLimit(1<<62))
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start := time.Now()
	d := r.Check(ctx, Proposal{Command: "echo" + strings.Repeat(" x", 2000)})
	assert.Less(t, time.Since(start), 5*time.Second)
	assert.False(t, d.Allow)
	assert.ErrorIs(t, d.Err, ErrTimeout)
	assert.Contains(t, d.Reason, `rule "slow" interrupted`)
}

func TestRulesUnrepresentableArgsDeny(t *testing.T) {
	r, err := NewRules(Rule{Name: "n", Expr: `args.n == 1`, Effect: EffectAllow})
	require.NoError(t, err)
	d := r.Check(context.Background(), Proposal{Tool: "t", Args: map[string]any{"n": struct{ X chan int }{}}})
	assert.False(t, d.Allow)
	assert.ErrorIs(t, d.Err, ErrRule)
}

func TestEffectString(t *testing.T) {
	assert.Equal(t, "allow", EffectAllow.String())
	assert.Equal(t, "deny", EffectDeny.String())
	assert.Equal(t, "defer", EffectDefer.String())
	assert.Equal(t, "invalid", Effect(0).String())
}

// Rules whose worst case over bounded inputs fits the cost limit skip the
// run-time tracker; the rest are tracked.
func TestRulesCostTracking(t *testing.T) {
	tests := []struct {
		expr    string
		tracked bool
	}{
		{`program == "rm"`, false},
		{`program == "ping" && argv.exists(a, a.startsWith("127."))`, false},
		{`redirects.exists(f, f.startsWith("/etc/"))`, false},
		{`argv.all(a, argv.all(b, a.size() + b.size() > 0))`, true},
		{`args.host == "127.0.0.1"`, true},
		{`"force" in args`, true},
	}
	for _, tc := range tests {
		t.Run(tc.expr, func(t *testing.T) {
			r, err := NewRules(Rule{Name: "r", Expr: tc.expr, Effect: EffectAllow})
			require.NoError(t, err)
			assert.Equal(t, tc.tracked, r.allow[0].tracked)
		})
	}
}

func TestRulesReasonNamesThePart(t *testing.T) {
	r, err := NewRules(Rule{Name: "no-rm", Expr: `program == "rm"`, Effect: EffectDeny}, Rule{Name: "rest", Expr: `true`, Effect: EffectAllow})
	require.NoError(t, err)
	d := r.Check(context.Background(), Proposal{Command: `sh -c 'rm -rf /'`})
	assert.Equal(t, `deny rule "no-rm" matched "rm -rf /" (run by sh -c)`, d.Reason)

	long := "rm " + strings.Repeat("é", 200)
	d = r.Check(context.Background(), Proposal{Command: long})
	assert.Less(t, len(d.Reason), 220, "part text is clipped in reasons")
	assert.True(t, utf8.ValidString(d.Reason))
	assert.Contains(t, d.Reason, `..."`)
}

// Ways to hide "rm" from a naive string check. Each must be denied by a
// one-line deny rule, or by the allowlist when the program cannot be known
// before run time.
func TestRulesSeeThroughShellObfuscation(t *testing.T) {
	denylist, err := NewRules(
		Rule{Name: "no-rm", Expr: `program == "rm"`, Effect: EffectDeny},
		Rule{Name: "rest", Expr: `true`, Effect: EffectAllow},
	)
	require.NoError(t, err)
	allowlist, err := NewRules(Rule{Name: "read-only", Expr: `!dynamic && size(redirects) == 0 && size(assigns) == 0 && program in ["ls", "cat", "echo"]`, Effect: EffectAllow})
	require.NoError(t, err)
	ctx := context.Background()
	for _, cmd := range []string{
		`rm -rf /`, `\rm -rf /`, `r\m -rf /`, `"rm" -rf /`, `'r'm -rf /`, `r""m -rf /`,
		`$'\x72\x6d' -rf /`, `$'\162\155' -rf /`, `/bin/rm -rf /`, `./../../bin/rm -rf /`,
		"r\\\nm -rf /", "ls\nrm -rf /", `ls; rm -rf /`, `ls && rm -rf /`, `ls || rm -rf /`,
		`ls | rm -rf /`, `ls & rm -rf /`, `ls $(rm -rf /)`, "ls `rm -rf /`", `ls <(rm -rf /)`,
		`cat <<EOF` + "\n$(rm -rf /)\nEOF", `{ rm -rf /; }`, `(rm -rf /)`, `if true; then rm -rf /; fi`,
		`for f in x; do rm -rf /; done`, `f() { rm -rf /; }; f`, `! rm -rf /`, `time rm -rf /`,
		`echo ${x:-$(rm -rf /)}`, `x=$(rm -rf /)`, `[[ $(rm -rf /) ]]`, `(( $(rm -rf /) ))`,
		`bash -c 'rm -rf /'`, `sh -xec "rm -rf /"`, `eval 'rm -rf /'`, `eval r''m -rf /`,
		`bash -c "bash -c 'rm -rf /'"`, `coproc rm -rf /`, "sh <<'X'\nrm -rf /\nX", `bash <<< "rm -rf /"`,
		`sudo rm -rf /`, `sudo -u root -- rm -rf /`, `sudo -Eu root rm -rf /`, `doas rm -rf /`,
		`env -i PATH=/bin rm -rf /`, `env -S 'rm -rf /'`, `nice -n 19 rm -rf /`, `nohup rm -rf / &`,
		`timeout -s KILL 5 rm -rf /`, `command rm -rf /`, `exec rm -rf /`, `/usr/bin/time -o t rm -rf /`,
		`xargs -I{} rm -rf {} < list`, `find / -exec rm -rf {} \;`, `find / -execdir rm {} +`,
		`sudo env nice -n 5 bash -c 'rm -rf /'`, `stdbuf -oL rm -rf /`, `setsid rm -rf /`,
		`chroot / rm -rf /`, `watch -n 1 rm -rf /tmp/x`, `ionice -c 3 rm -rf /`,
	} {
		t.Run(cmd, func(t *testing.T) {
			d := denylist.Check(ctx, Proposal{Command: cmd})
			assert.False(t, d.Allow, "denylist let through %q", cmd)
			assert.Contains(t, d.Reason, `"no-rm"`)
		})
	}
	for _, cmd := range []string{
		`$CMD -rf /`, `$(echo rm) -rf /`, "`echo rm` -rf /", `{rm,-rf,/}`, `/bin/r? -rf /`,
		`/bin/r[m] -rf /`, `x=rm; $x -rf /`, `IFS=,; y=rm,-rf,/; $y`, `~/rm -rf /`,
		`command rm -rf /`, `sudo rm -rf /`, `env rm -rf /`, `xargs rm < list`, `find / -delete`,
		`echo $(rm -rf /)`, `cat > /etc/passwd`, `LS_COLORS=x rm`,
	} {
		t.Run("allowlist "+cmd, func(t *testing.T) {
			d := allowlist.Check(ctx, Proposal{Command: cmd})
			assert.False(t, d.Allow, "allowlist let through %q", cmd)
		})
	}
}
