// Package gate decides whether a command or tool call that an LLM agent
// proposes may run. Deterministic CEL rules judge every simple command in
// the proposal first; a pluggable model gatekeeper that sees only the
// ground rules and the command can judge what the rules leave open; every
// failure on the way denies.
//
// Lead with an allowlist: name the programs that may run, as bare names
// ("argv0", the program as written, so "./ping" is not "ping"), with no
// expansion, redirection or assignment, and let nothing else through. What
// it lists may still go to a model for a second opinion:
//
//	rules, _ := gate.NewRules(gate.Rule{
//		Name:   "diagnostics",
//		Expr:   `argv0 in ["ping", "uname", "uptime"] && !dynamic && size(redirects) == 0 && size(assigns) == 0`,
//		Effect: gate.EffectDefer, // listed: the model decides; anything else: denied here
//	})
//	model, _ := gate.NewAnthropicMessages("claude-haiku-4-5", gate.WithAPIKey(key))
//	keeper, _ := gate.NewLLM(model, groundRules, gate.WithCache(1024, time.Hour))
//	g := gate.All(rules, keeper)
//
//	cmd, ok := gate.ExtractCommand(agentOutput) // exactly one "EXECUTE: <command>" line
//	if !ok {
//		return tellAgent("propose exactly one EXECUTE: line")
//	}
//	d := g.Check(ctx, gate.Proposal{Command: cmd})
//	if !d.Allow {
//		return tellAgent(d.Reason) // the command did not run
//	}
//	return run(cmd)
//
// # Contract: fail closed
//
// A [Gate] returns a [Decision], never an error: Decision.Allow is true
// only when a gate positively allowed the proposal and nothing failed. A
// model error, a timeout, a cancelled context, an empty or ambiguous answer,
// a panic inside a model adapter, a rule that fails to evaluate, a command
// that does not parse, a missing rules text, a zero-value gate: each gives
// Allow == false, a Reason that names the cause, and an Err that matches
// one of the sentinel errors with errors.Is (ErrModel, ErrTimeout,
// ErrCancelled, ErrVerdict, ErrParse, ErrRule, ErrNoRule, ErrDeferred,
// ErrInvalid, ErrPanic, ErrConfig). A deny that is a decision (a deny rule
// matched, the model said DENY) has a nil Err. Decision.Gate names the gate
// that decided.
//
// # Compound commands
//
// [Split] parses the command with mvdan.cc/sh/v3/syntax, a complete
// POSIX/bash parser (the one behind shfmt), in bash mode. Hand-written
// splitting on ";" or "|" misses what an attacker would use first: "$( )"
// and backticks, process substitution, here-documents whose body runs
// substitutions, redirections to /etc, functions, loops, quoting that turns
// "r'm'" into rm. Split returns every simple command wherever it occurs,
// with its argv after quote removal, the base name of its program, every
// file it redirects to (including redirections inherited from an enclosing
// block), the variables it assigns, and whether anything in it is only
// known at run time. The literal script of "bash -c '...'" (and the other
// shells' -c), of eval, trap, mapfile -C and compgen -C, and of a
// here-document or here-string fed to a shell ("sh <<EOF") is parsed too,
// and its simple commands are added as parts of their own (Part.Via names
// the runner), so a rule that denies rm also denies "sh -c 'rm -rf /'". A
// command that does not parse, here or in such a script, is denied
// (ErrParse).
//
// Where the parser and bash might read a command differently, Split
// refuses it (ErrParse) rather than guess: a comment ending in a
// backslash, a "#" inside a word that the parser takes for a comment, a
// word the parser takes for an assignment and bash for a program ("0=x"),
// single quotes inside a parameter expansion in double quotes or a
// here-document ("${x-'$(id)'}": literal characters to bash, which runs
// the substitution between them), an alias definition, a shell option
// that changes how bash reads the lines after it (keyword: "set -k; ls
// LD_PRELOAD=/tmp/x.so" gives ls an environment; histexpand: "!:$" runs
// a word of the line before). Code hidden in literals that bash evaluates
// makes the part dynamic: array subscripts and numeric arguments of
// builtins ("test -v 'a[$(rm -rf ~)]'", "printf %d …", "read", "shift"),
// arithmetic that reads a variable ("(( x ))", "let", "[[ x -eq 1 ]]",
// "a[i]=1"), values of integer and nameref variables and of prompts,
// brace expansion (also across quoted members, "{'rm',-rf}"), a glob
// (also a bracket expression whose member is quoted, "['-']exec", which
// bash matches against file names), a locale string ($"…", translated and
// then expanded), and a tilde bash expands ("~/x", "dd if=~root/x"). So
// do builtins that make a name run a file the gate cannot see ("hash -p
// /tmp/x ls", an assignment to BASH_CMDS) or load code ("enable -f"). Split is tested against the real bash: the
// differential tests (FuzzBashDiff, FuzzBashDiffTokens, linux and root
// only) run each candidate command under bash in a sandbox and check that
// every program bash executes is a part of Split's answer.
//
// Wrappers that run their arguments as a command (sudo, doas, env, nice,
// nohup, setsid, command, builtin, exec, time, timeout, stdbuf, ionice,
// chroot, xargs, watch, and find -exec) are parts themselves, and the
// command they run, found by reading their options with each program's
// own option table (GNU long options abbreviated to a unique prefix, as
// getopt_long reads them; env -S strings split as env splits them), is
// added as a part of its own: "sudo -u root rm -rf /" meets the rules for
// rm. An option a table does not know, an ambiguous abbreviation or a
// missing value refuses the command (ErrParse): the gate does not guess
// what the wrapper would run.
//
// Some programs an allowlist may well name run a command or write a file
// through their own options, and Split reads those too. git: the value
// of "-c KEY=VALUE" for a key git runs as a command (core.pager,
// core.editor, core.sshCommand, core.fsmonitor, pager.*, diff.external,
// filter and merge drivers, "!" aliases, ...), and the commands of
// fetch, pull, clone and ls-remote --upload-pack, push --receive-pack,
// archive --exec, rebase -x, grep -O, "bisect run" and "submodule
// foreach" (long options abbreviated as git allows) are parts of their
// own; any other configuration key given on the command line or written
// with "git config" (a value a later git command acts on), --config-env,
// --exec-path=DIR, a git option it does not know and the subcommands
// that run configured tools (difftool, mergetool, help, filter-branch,
// send-email, daemon, ...) make the part dynamic. sort:
// --compress-program is a part of its own, -o FILE a Redirect; find:
// -fprint, -fprint0, -fls and -fprintf files are Redirects. What git runs
// from configuration and hooks already on disk (the repository's, the
// user's, another repository named with -C or --git-dir) is not in the
// command and is not reported. Other programs that run commands are
// parts with their own program name only: an allowlist denies them
// unless it names them; a deny-list must name them.
//
// # Rules
//
// [NewRules] takes rules written in CEL (cel.dev/cel-go, the canonical
// path of cel-go since v0.32): a small expression language without side
// effects or unbounded loops, with a type checker and a cost model,
// designed for exactly this kind of policy (Kubernetes admission, Envoy,
// Google Cloud IAM). Rules are compiled and type-checked once; an
// expression that does not compile or is not of type bool is an error at
// construction, not a surprise at run time. [CompileRules] does the same
// with options ([WithRulesName], [WithCostLimit]). Each rule is evaluated
// once per simple command, with these variables, all of them always bound:
//
//	command    string        the simple command's source text
//	argv       list(string)  its words after quote removal
//	argv0      string        the program as written, path included ("./ls", "/usr/bin/ls", "ls"); "" for none
//	program    string        base name of argv[0] ("/bin/rm" -> "rm"); "" for none
//	redirects  list(string)  file targets of its redirections
//	assigns    list(string)  variables it assigns: "NAME=value" ("LD_PRELOAD=x cmd", "export 'A=1'"),
//	                         or "NAME" when the value comes at run time ("read NAME", "export NAME")
//	dynamic    bool          something is only known at run time ($x, $(..), globs, ~, code in literals)
//	via        string        "" or the runner of a nested script ("bash -c", "bash <<", "eval", "sudo")
//	tool       string        Proposal.Tool
//	args       map(string, dyn)  Proposal.Args
//
// plus the cel-go string extensions. A tool call without a command is
// evaluated once with an empty command, argv, program, redirects and
// assigns. Every variable is bound on every evaluation because cel-go's
// "||" and "&&" absorb errors: with an unbound variable, "unbound || true"
// is true.
//
// Deny rules are evaluated first on every part; one match denies the whole
// proposal, whatever any allow rule says. Then each part needs an allow
// rule (the part is allowed) or a defer rule (the part is deferred to the
// next gate); a part that no rule matches denies (ErrNoRule), so a rule set
// is an allowlist unless it says otherwise with a catch-all defer rule.
// Mind that program is a base name and that argv, assigns and dynamic are
// there to be checked: "LD_PRELOAD=/tmp/x.so ping" is program "ping". To
// match an assignment by name, split it: assigns.exists(a,
// a.split("=")[0] in ["PATH", "LD_PRELOAD", "BASH_ENV"]).
//
// # Allowlists, not deny-lists
//
// Write rules as an allowlist of bare program names, and require the rest
// of the part to be plain:
//
//	argv0 in ["ls", "cat", "grep"] && !dynamic && size(redirects) == 0 && size(assigns) == 0
//
// argv0, not program: "./ls" and "/tmp/x/ls" have the base name "ls" but
// run whatever file is there; a bare name is looked up on PATH, which the
// proposal cannot change without an assignment the rule refuses. !dynamic:
// a program or argument known only at run time can be anything. And the
// list must hold no program that runs other programs or code.
//
// A deny-list (program in ["rm", "sh"]) is porous by nature: the
// harm it names can be reached through any of the many programs that run
// code or other programs, and through options of ordinary tools. Among
// them: shells and interpreters (sh, bash, dash, zsh, ksh, fish, busybox,
// python, perl, ruby, node, deno, php, lua, tclsh, Rscript, awk and gawk
// with system(), sed with its e command, bc with !, expect, gdb); programs
// that run a command they are given (env, sudo, doas, su, runuser,
// pkexec, nohup, setsid, nice, ionice, chrt, taskset, timeout, stdbuf,
// flock, script -c, watch, xargs, parallel, find -exec, ssh host command,
// nsenter, unshare, chroot, systemd-run, at, crontab, make, strace,
// ltrace, valgrind, docker and kubectl exec, npm/npx/yarn scripts, pip
// install, source and "."); and options that make a harmless-looking tool
// run one (git -c core.sshCommand=… / core.pager=… / alias.x='!…' /
// --upload-pack=…, tar --to-command= / --checkpoint-action=exec= / -I,
// rsync -e, ssh -o ProxyCommand=…, zip -TT, sort --compress-program=,
// less and man with LESSOPEN or !, vim -c '!…', tcpdump -z, openssl
// engines, curl -K / wget -e with a config, LD_PRELOAD, BASH_ENV, ENV and
// PATH in the environment). No list of these is complete; an allowlist
// does not need one.
//
// An evaluation error denies (ErrRule). Evaluation is bounded by a cost
// limit ([WithCostLimit], default [DefaultCostLimit]); a rule whose
// static worst case over the bounded inputs fits the limit runs without the
// run-time tracker, any other is tracked and stopped at the limit. Rules
// with comprehensions stop when the context is done.
//
// # The model gate
//
// [NewLLM] wraps a [Model]. The prompt holds only the ground rules and the
// proposal, fenced between two lines carrying a random boundary drawn for
// each call, and asks for a first line "ALLOW <nonce>: <reason>" or
// "DENY <nonce>: <reason>" with a second per-call random nonce. A command
// that contains "ALLOW: ok", or that closes the fence and writes a verdict,
// cannot know the nonce. [ParseVerdict] is exact: anything else denies. An
// empty rules text is a construction error, so a missing rules file cannot
// open the gate. Each call has a timeout ([WithTimeout], default 30 s); the
// model runs on its own goroutine so that one that ignores its context
// cannot hold the gate. [WithCache] keeps verdicts for identical proposals
// (keyed by a SHA-256 of the rules and the exact proposal, bounded in size
// and age) so a repeated command does not pay seconds of model time twice.
//
// Adapters for real models use only the standard library: [CommandModel]
// runs a CLI such as `claude -p <prompt>` without a shell; [OpenAIChat]
// speaks the chat-completions wire format (OpenAI, llama.cpp, Ollama,
// vLLM); [AnthropicMessages] the Messages API. API keys come from options
// and never appear in errors, fmt or slog output, and never go to another
// origin: a redirect off the API's scheme, host and port is refused.
//
// # Composition: allow, defer, deny
//
// [All] runs deterministic gates (those reporting
// [DeterministicGate.Deterministic]) before the others and requires every
// gate to allow. The three outcomes mean:
//
//   - allow: this gate allows. All still asks the later gates, so a rule
//     allow never skips the model placed after it.
//   - deny: All stops; no later gate runs (a rule deny costs no model
//     call). The Decision is the denying gate's own.
//   - defer: this gate has no verdict (a Rules gate returns Allow == false
//     with ErrDeferred); a later gate must allow. Used alone, or last,
//     deferring denies.
//
// To let known-safe commands skip the model, give them their own gate
// rather than an allow rule in front of the model, for example a Rules
// allowlist used alone, with All(rules, llm) for everything else.
//
// # Zero values and concurrency
//
// The zero (and nil) [Rules], [LLM], [OpenAIChat] and [AnthropicMessages],
// and a [CommandModel] without a Path, refuse: checks deny with ErrConfig,
// models return ErrConfig. The zero [Decision] denies. All gates and
// adapters are safe for concurrent use by multiple goroutines.
//
// # Performance
//
// Compile once, evaluate many: build gates at start-up and share them.
// A plain command ("ping -c 1 127.0.0.1") is split without the parser; a
// compound one needs the sh/v3 parser, which costs an order of magnitude
// more and stays linear in the length of the command, hostile ones
// included (wrapper chains, nested scripts and nesting are bounded). A
// rules decision costs a fraction of a microsecond per rule evaluated on
// each part; the model gate adds a few microseconds around the model call
// (randomness, prompt, goroutine, timeout, verdict parsing), and a cached
// verdict less than that. BenchmarkSplit, BenchmarkRulesCheck,
// BenchmarkRulesDecide, BenchmarkLLMCheck and BenchmarkAllCheck measure
// these; run
//
//	go test -run='^$' -bench=. -benchmem ./gate
//
// The package does not import any other wardline package.
package gate
