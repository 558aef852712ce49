package gate_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wardline/wardline/gate"
)

// briefAllowlist is the allowlist an application is expected to write: read-only
// programs by bare name, nothing dynamic, no redirection, no assignment.
// It is generous on purpose (git, find and sort are in it), and it names
// the builtins the findings below go through, so that what stops each
// attack is Split, not the list.
const briefAllowlist = `argv0 in ["ls", "cat", "grep", "git", "echo", "printf", "head", "wc", "find", "sort",
	":", "true", "test", "[", "set", "shopt", "hash", "enable", "eval", "time", "type", "cd"]
	&& !dynamic && size(redirects) == 0 && size(assigns) == 0`

// redteamFinding is a command for which bash ran a program that Split did
// not report, or reported as a part the allowlist above admits. Each was
// checked against bash 5.2 before it was fixed.
type redteamFinding struct {
	name string
	cmd  string
	// want checks Split's answer: refused, or the part that shows the
	// harm.
	want func(t *testing.T, parts []gate.Part, err error)
}

// refused wants Split to refuse the command with ErrParse.
func refused(t *testing.T, parts []gate.Part, err error) {
	t.Helper()
	assert.ErrorIs(t, err, gate.ErrParse)
	assert.Nil(t, parts)
}

// dynamicPart wants a part whose first word is argv0 to be dynamic.
func dynamicPart(argv0 string) func(*testing.T, []gate.Part, error) {
	return func(t *testing.T, parts []gate.Part, err error) {
		t.Helper()
		require.NoError(t, err)
		i := slices.IndexFunc(parts, func(p gate.Part) bool { return len(p.Argv) > 0 && p.Argv[0] == argv0 })
		require.GreaterOrEqual(t, i, 0, "no part runs %q: %+v", argv0, parts)
		assert.True(t, parts[i].Dynamic, "part %+v is not dynamic", parts[i])
	}
}

// writes wants the part whose first word is argv0 to list file among its
// Redirects.
func writes(argv0, file string) func(*testing.T, []gate.Part, error) {
	return func(t *testing.T, parts []gate.Part, err error) {
		t.Helper()
		require.NoError(t, err)
		i := slices.IndexFunc(parts, func(p gate.Part) bool { return len(p.Argv) > 0 && p.Argv[0] == argv0 })
		require.GreaterOrEqual(t, i, 0, "no part runs %q: %+v", argv0, parts)
		assert.Contains(t, parts[i].Redirects, file, "%+v", parts[i])
	}
}

// runsPart wants a part whose argv is argv, run by via.
func runsPart(via string, argv ...string) func(*testing.T, []gate.Part, error) {
	return func(t *testing.T, parts []gate.Part, err error) {
		t.Helper()
		require.NoError(t, err)
		i := slices.IndexFunc(parts, func(p gate.Part) bool { return slices.Equal(p.Argv, argv) && p.Via == via })
		assert.GreaterOrEqual(t, i, 0, "no part runs %q via %q: %+v", argv, via, parts)
	}
}

var redteamFindings = []redteamFinding{
	// A bracket expression whose member is quoted is still a glob: bash
	// matches "['-']exec" against the files in the working directory, so
	// find gets "-exec" (a file sort -o has just made) and runs pwn.
	{"bracket glob with a quoted member", "sort -o -exec /dev/null; find . -maxdepth 0 ['-']exec pwn ';'", dynamicPart("find")},
	{"bracket glob with a double-quoted member", `cat /etc/sh["a"]dow`, dynamicPart("cat")},
	{"bracket glob closed by an ANSI-C quote", `cat x[$'\x5d'`, dynamicPart("cat")},
	{"bracket glob in a wrapped program", `command r["m"] x`, dynamicPart(`r["m"]`)},

	// "--" before the command: Split reported the program "--", which a
	// deny-list naming pwn does not match.
	{"eval takes --", "eval -- pwn", runsPart("eval", "pwn")},
	{"eval through a wrapper", "command eval -- pwn x", runsPart("eval", "pwn", "x")},
	{"time takes --", "time -- pwn", runsPart("", "pwn")},
	{"time -p takes --", "time -p -- pwn", runsPart("", "pwn")},

	// Inside double quotes and unquoted here-document bodies, bash reads
	// single quotes in "${x-word}" as literal characters and runs the
	// substitution between them; the parser read a quoted string, so
	// Split reported cat alone, not dynamic.
	{"single quotes in a here-document's parameter expansion", "cat <<EOF\n${x-'$(pwn)'}\nEOF", refused},
	{"single quotes in a double-quoted parameter expansion", `echo "${x:-'$(pwn)'}"`, refused},
	{"ANSI-C quotes in a double-quoted parameter expansion", `echo "${x=$'$(pwn)'}"`, refused},

	// Options that change how bash reads the lines after the one that
	// sets them: with history expansion on, "!:$" runs the last word of
	// the line before (": pwn" passes any allowlist naming ":"); with
	// keyword, "ls LD_PRELOAD=/tmp/x.so" is an assignment to ls's
	// environment that Split reported as an argument.
	{"set turns on history expansion", "set -o history -H\n: pwn\n!:$", refused},
	{"set -o histexpand", "set -o history -o histexpand\n: pwn\n!:$", refused},
	{"shopt -o turns on history expansion", "shopt -os history histexpand\n: pwn\n!:$", refused},
	{"set -k makes arguments assignments", "set -k; git GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_0=!pwn x", refused},
	{"set -o keyword in a cluster", "set -euo keyword; ls LD_PRELOAD=/tmp/x.so", refused},
	{"a shell started with -k", "bash -k -c 'ls LD_PRELOAD=/tmp/x.so'", refused},
	{"a shell started with SHELLOPTS", "env SHELLOPTS=keyword bash -c 'ls LD_PRELOAD=/tmp/x.so'", refused},
	{"an interactive shell reading a here-string expands history", "bash -i <<< $': pwn\n!:$'", refused},

	// What a name runs: after "hash -p /tmp/x/pwn ls", "ls" runs pwn;
	// BASH_CMDS is the same table; "enable -f" loads a shared object.
	{"hash -p makes a name run another file", "hash -p /tmp/x/pwn ls; ls", dynamicPart("hash")},
	{"hash -p in a cluster", "hash -rp /tmp/x/pwn ls; ls", dynamicPart("hash")},
	{"BASH_CMDS through read", "read 'BASH_CMDS[ls]' <<< /tmp/x/pwn; ls", dynamicPart("read")},
	{"BASH_CMDS as a loop variable", "for BASH_CMDS in /tmp/x/pwn; do :; done; 0", func(t *testing.T, parts []gate.Part, err error) {
		require.NoError(t, err)
		require.NotEmpty(t, parts)
		assert.True(t, parts[0].Dynamic, "%+v", parts[0])
	}},
	{"enable -f loads code", "enable -f /tmp/x.so ls", dynamicPart("enable")},

	// Options of programs an allowlist names that run a command: git
	// runs configuration given with -c (pager, fsmonitor, ssh, aliases
	// with "!"), subcommand options (--upload-pack, rebase -x, grep -O,
	// abbreviated as git allows), "bisect run" and "submodule foreach";
	// sort runs --compress-program. Split reported one harmless-looking
	// part for each.
	{"git -c alias with !", "git -c alias.x='!pwn' x", runsPart("git -c alias.x", "pwn")},
	{"git -c core.pager", "git -c core.pager=pwn -p log", runsPart("git -c core.pager", "pwn")},
	{"git -c core.fsmonitor", "git -c core.fsmonitor=pwn status", runsPart("git -c core.fsmonitor", "pwn")},
	{"git -c core.sshCommand", "git -c core.sshCommand='pwn -x' fetch ssh://x/y", runsPart("git -c core.sshCommand", "pwn", "-x")},
	{"git -c alias holding options", "git -c 'alias.x=-c core.fsmonitor=pwn status' x", dynamicPart("git")},
	{"git -c core.hooksPath", "git -c core.hooksPath=/tmp/x commit -m x", dynamicPart("git")},
	{"git -c protocol.ext.allow", "git -c protocol.ext.allow=always ls-remote 'ext::pwn %S'", dynamicPart("git")},
	{"git -c credential.helper", "git -c credential.helper=/tmp/x/pwn fetch", dynamicPart("git")},
	{"git --config-env", "git --config-env=core.pager=EVIL -p log", dynamicPart("git")},
	{"git --exec-path", "git --exec-path=/tmp/x pwn", dynamicPart("git")},
	{"git config writes a command for later", "git config core.fsmonitor pwn; git status", dynamicPart("git")},
	{"git config --global alias", "git config --global alias.st '!pwn'", dynamicPart("git")},
	{"git config set", "git config set --global core.pager pwn", dynamicPart("git")},
	{"git config --edit", "git config --edit", dynamicPart("git")},
	{"git fetch --upload-pack abbreviated", "git fetch --upload-p=pwn /tmp/r", runsPart("git fetch --upload-pack", "pwn")},
	{"git clone -u", "git clone -u pwn /tmp/r /tmp/s", runsPart("git clone --upload-pack", "pwn")},
	{"git clone -c", "git clone -c core.fsmonitor=pwn /tmp/r /tmp/s", runsPart("git -c core.fsmonitor", "pwn")},
	{"git clone --template", "git clone --templ=/tmp/hooks /tmp/r /tmp/s", dynamicPart("git")},
	{"git ls-remote --upload-pack", "git ls-remote --upload-pack pwn /tmp/r", runsPart("git ls-remote --upload-pack", "pwn")},
	{"git archive --exec", "git archive --remote=/tmp/r --exec=pwn HEAD", runsPart("git archive --exec", "pwn")},
	{"git push --receive-pack", "git push --receive-pack='pwn' /tmp/r", runsPart("git push --receive-pack", "pwn")},
	{"git rebase -x in a cluster", "git rebase -ix pwn HEAD~3", runsPart("git rebase --exec", "pwn")},
	{"git grep -O", "git grep -Opwn x", runsPart("git grep --open-files-in-pager", "pwn")},
	{"git bisect run", "git bisect run pwn", runsPart("git bisect run", "pwn")},
	{"git submodule foreach", "git submodule foreach --recursive 'pwn'", runsPart("git submodule foreach", "pwn")},
	{"git difftool", "git difftool HEAD", dynamicPart("git")},
	{"sort --compress-program", "sort --compress-program=pwn -S 1 big.txt", runsPart("sort --compress-program", "pwn")},
	{"sort --compress abbreviated", "sort big.txt --compress=pwn", runsPart("sort --compress-program", "pwn")},

	// Options that write a file: with a here-string (no file target, so
	// size(redirects) was 0) sort -o wrote ~/.bashrc; find -fprintf any
	// file with any text.
	{"sort -o", "sort -o /home/u/.bashrc <<< 'pwn'", writes("sort", "/home/u/.bashrc")},
	{"sort -o attached after an operand", "sort in.txt -o/home/u/.bashrc", writes("sort", "/home/u/.bashrc")},
	{"sort --output abbreviated", "sort --out /home/u/.bashrc in.txt", writes("sort", "/home/u/.bashrc")},
	{"find -fprintf", `find . -maxdepth 0 -fprintf /home/u/.bashrc 'pwn\n'`, writes("find", "/home/u/.bashrc")},
	{"find -fprint", "find /etc -fprint /home/u/.ssh/authorized_keys", writes("find", "/home/u/.ssh/authorized_keys")},

	// $"..." is looked up in the message catalog of TEXTDOMAIN, and the
	// translation is expanded as if double-quoted.
	{"a locale string", `echo $"ls"`, dynamicPart("echo")},
}

func TestRedteamFindings(t *testing.T) {
	rules, err := gate.NewRules(gate.Rule{Name: "read-only", Effect: gate.EffectAllow, Expr: briefAllowlist})
	require.NoError(t, err)
	ctx := context.Background()
	for _, f := range redteamFindings {
		t.Run(f.name, func(t *testing.T) {
			parts, err := gate.Split(f.cmd)
			f.want(t, parts, err)
			d := rules.Check(ctx, gate.Proposal{Command: f.cmd})
			assert.False(t, d.Allow, "the allowlist admits %q: %s", f.cmd, d.Reason)
			assert.False(t, err == nil && errors.Is(d.Err, gate.ErrParse), "Check refused what Split accepted")
		})
	}
	// The allowlist is not closed: plain uses of what it names pass.
	for _, cmd := range []string{
		"ls -la | grep go | sort | head -n 3", "git log --oneline -5", "find . -name '*.go'",
		"echo '[x]' \"a]\"", "test -f go.mod", "cat <<'EOF'\n${x-'$(pwn)'}\nEOF", "[ -d .git ]", "set -euo pipefail; ls", "hash -r", "eval ls",
		"git -c core.pager=cat log -3", "git -c color.ui=never status", "git config --get user.name", "git config user.name bob",
		"git -C sub diff --stat", "git rebase -i HEAD~3", "git grep -n -e TODO", "sort -k2 -t, -u data.csv", "sort -rn in.txt",
		"find . -name x -print",
	} {
		d := rules.Check(ctx, gate.Proposal{Command: cmd})
		assert.True(t, d.Allow, "the allowlist refuses %q: %s", cmd, d.Reason)
	}
	// Neighbours of the refused forms that bash and the parser read alike
	// still split.
	for _, cmd := range []string{
		`echo ${x-'$(pwn)'}`, `echo "${x-"'a'"}"`, "cat <<EOF\n'$HOME'\nEOF", `echo "'$x'"`,
	} {
		_, err := gate.Split(cmd)
		assert.NoError(t, err, "%q", cmd)
	}
}
