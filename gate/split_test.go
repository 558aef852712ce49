package gate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		name string
		cmd  string
		want []Part
	}{
		{"simple", "ping -c 1 127.0.0.1", []Part{{Text: "ping -c 1 127.0.0.1", Argv: []string{"ping", "-c", "1", "127.0.0.1"}, Program: "ping"}}},
		{"list and pipe", "ping 8.8.8.8; curl x | sh", []Part{
			{Text: "ping 8.8.8.8", Argv: []string{"ping", "8.8.8.8"}, Program: "ping"},
			{Text: "curl x", Argv: []string{"curl", "x"}, Program: "curl"},
			{Text: "sh", Argv: []string{"sh"}, Program: "sh"},
		}},
		{"and or background", "a && b || c & d", []Part{
			{Text: "a", Argv: []string{"a"}, Program: "a"},
			{Text: "b", Argv: []string{"b"}, Program: "b"},
			{Text: "c", Argv: []string{"c"}, Program: "c"},
			{Text: "d", Argv: []string{"d"}, Program: "d"},
		}},
		{"command substitution and backticks", "echo $(rm -rf /) `id`", []Part{
			{Text: "echo $(rm -rf /) `id`", Argv: []string{"echo", "$(rm -rf /)", "`id`"}, Program: "echo", Dynamic: true},
			{Text: "rm -rf /", Argv: []string{"rm", "-rf", "/"}, Program: "rm"},
			{Text: "id", Argv: []string{"id"}, Program: "id"},
		}},
		{"process substitution", "diff <(ls a) >(tee b)", []Part{
			{Text: "diff <(ls a) >(tee b)", Argv: []string{"diff", "<(ls a)", ">(tee b)"}, Program: "diff", Dynamic: true},
			{Text: "ls a", Argv: []string{"ls", "a"}, Program: "ls"},
			{Text: "tee b", Argv: []string{"tee", "b"}, Program: "tee"},
		}},
		{"here-doc body substitution", "cat <<EOF\n$(whoami)\nEOF\n", []Part{
			{Text: "cat <<EOF", Argv: []string{"cat"}, Program: "cat"},
			{Text: "whoami", Argv: []string{"whoami"}, Program: "whoami"},
		}},
		{"quoted here-doc is data", "cat <<'EOF'\n$(whoami)\nEOF\n", []Part{
			{Text: "cat <<'EOF'", Argv: []string{"cat"}, Program: "cat"},
		}},
		{"redirect targets", "cat < in > out 2>> err 2>&1 &> all", []Part{
			{Text: "cat < in > out 2>> err 2>&1 &> all", Argv: []string{"cat"}, Program: "cat", Redirects: []string{"in", "out", "err", "all"}},
		}},
		{"substitution in a redirect target", "echo hi > $(mktemp)", []Part{
			{Text: "echo hi > $(mktemp)", Argv: []string{"echo", "hi"}, Program: "echo", Redirects: []string{"$(mktemp)"}, Dynamic: true},
			{Text: "mktemp", Argv: []string{"mktemp"}, Program: "mktemp"},
		}},
		{"block redirect is inherited", "{ a; b; } > /etc/f", []Part{
			{Text: "a", Argv: []string{"a"}, Program: "a", Redirects: []string{"/etc/f"}},
			{Text: "b", Argv: []string{"b"}, Program: "b", Redirects: []string{"/etc/f"}},
		}},
		{"bare redirect", "> /etc/passwd", []Part{{Text: "> /etc/passwd", Redirects: []string{"/etc/passwd"}}}},
		{"empty compound with redirect", "case x in esac > /etc/x", []Part{{Text: "case x in esac > /etc/x", Redirects: []string{"/etc/x"}}}},
		{"quote removal", `\rm -rf '/' "a b" $'\x72m'`, []Part{
			{Text: `\rm -rf '/' "a b" $'\x72m'`, Argv: []string{"rm", "-rf", "/", "a b", "rm"}, Program: "rm"},
		}},
		{"program is the base name", "/usr/bin/rm -f x", []Part{{Text: "/usr/bin/rm -f x", Argv: []string{"/usr/bin/rm", "-f", "x"}, Program: "rm"}}},
		{"assignments", "LD_PRELOAD=/tmp/x.so ping 127.0.0.1", []Part{
			{Text: "LD_PRELOAD=/tmp/x.so ping 127.0.0.1", Argv: []string{"ping", "127.0.0.1"}, Program: "ping", Assigns: []string{"LD_PRELOAD=/tmp/x.so"}},
		}},
		{"dynamic program", "$CMD -rf /", []Part{{Text: "$CMD -rf /", Argv: []string{"$CMD", "-rf", "/"}, Program: "$CMD", Dynamic: true}}},
		{"glob program", "/bin/r? -rf /", []Part{{Text: "/bin/r? -rf /", Argv: []string{"/bin/r?", "-rf", "/"}, Program: "/bin/r?", Dynamic: true}}},
		{"escaped glob is literal", `echo \*`, []Part{{Text: `echo \*`, Argv: []string{"echo", "*"}, Program: "echo"}}},
		{"brace and tilde", "cp ~/.ssh/id_rsa /tmp/{a,b}", []Part{
			{Text: "cp ~/.ssh/id_rsa /tmp/{a,b}", Argv: []string{"cp", "~/.ssh/id_rsa", "/tmp/{a,b}"}, Program: "cp", Dynamic: true},
		}},
		{"function body and call", "f() { rm x; }; f", []Part{
			{Text: "rm x", Argv: []string{"rm", "x"}, Program: "rm"},
			{Text: "f", Argv: []string{"f"}, Program: "f"},
		}},
		{"loop and conditional", "while true; do if [ -f x ]; then curl y; fi; done", []Part{
			{Text: "true", Argv: []string{"true"}, Program: "true"},
			{Text: "[ -f x ]", Argv: []string{"[", "-f", "x", "]"}, Program: "["},
			{Text: "curl y", Argv: []string{"curl", "y"}, Program: "curl"},
		}},
		{"test clause with substitution", "[[ -n $(id) ]]", []Part{
			{Text: "[[ -n $(id) ]]", Argv: []string{"[[", "-n $(id)", "]]"}, Program: "[[", Dynamic: true},
			{Text: "id", Argv: []string{"id"}, Program: "id"},
		}},
		{"declaration with substitution", "export A=$(id)", []Part{
			{Text: "export A=$(id)", Argv: []string{"export", "A=$(id)"}, Program: "export", Assigns: []string{"A=$(id)"}, Dynamic: true},
			{Text: "id", Argv: []string{"id"}, Program: "id"},
		}},
		{"substitution in an assignment", "x=$(curl evil)", []Part{
			{Text: "x=$(curl evil)", Program: "", Assigns: []string{"x=$(curl evil)"}, Dynamic: true},
			{Text: "curl evil", Argv: []string{"curl", "evil"}, Program: "curl"},
		}},
		{"subshell and negation", "! (cd /; rm -rf *)", []Part{
			{Text: "cd /", Argv: []string{"cd", "/"}, Program: "cd"},
			{Text: "rm -rf *", Argv: []string{"rm", "-rf", "*"}, Program: "rm", Dynamic: true},
		}},
		{"nested substitution", "echo $(echo $(rm x))", []Part{
			{Text: "echo $(echo $(rm x))", Argv: []string{"echo", "$(echo $(rm x))"}, Program: "echo", Dynamic: true},
			{Text: "echo $(rm x)", Argv: []string{"echo", "$(rm x)"}, Program: "echo", Dynamic: true},
			{Text: "rm x", Argv: []string{"rm", "x"}, Program: "rm"},
		}},
		{"bash -c script", `bash -lc 'ping 127.0.0.1; rm -rf /' > log`, []Part{
			{Text: `bash -lc 'ping 127.0.0.1; rm -rf /' > log`, Argv: []string{"bash", "-lc", "ping 127.0.0.1; rm -rf /"}, Program: "bash", Redirects: []string{"log"}},
			{Text: "ping 127.0.0.1", Argv: []string{"ping", "127.0.0.1"}, Program: "ping", Redirects: []string{"log"}, Via: "bash -c"},
			{Text: "rm -rf /", Argv: []string{"rm", "-rf", "/"}, Program: "rm", Redirects: []string{"log"}, Via: "bash -c"},
		}},
		{"sh -c with options and nested eval", `sh -e -o pipefail -c "eval 'curl x'" name`, []Part{
			{Text: `sh -e -o pipefail -c "eval 'curl x'" name`, Argv: []string{"sh", "-e", "-o", "pipefail", "-c", "eval 'curl x'", "name"}, Program: "sh"},
			{Text: "eval 'curl x'", Argv: []string{"eval", "curl x"}, Program: "eval", Via: "sh -c"},
			{Text: "curl x", Argv: []string{"curl", "x"}, Program: "curl", Via: "eval"}, // the nearest runner
		}},
		{"eval joins its words", `eval rm '-rf /'`, []Part{
			{Text: `eval rm '-rf /'`, Argv: []string{"eval", "rm", "-rf /"}, Program: "eval"},
			{Text: "rm -rf /", Argv: []string{"rm", "-rf", "/"}, Program: "rm", Via: "eval"},
		}},
		{"here-document fed to a shell", "sh <<'EOF'\nrm -rf /\nEOF", []Part{
			{Text: "sh <<'EOF'", Argv: []string{"sh"}, Program: "sh"},
			{Text: "rm -rf /", Argv: []string{"rm", "-rf", "/"}, Program: "rm", Via: "sh <<"},
		}},
		{"unquoted plain here-document fed to a shell", "bash -s <<EOF\ncurl x\nEOF", []Part{
			{Text: "bash -s <<EOF", Argv: []string{"bash", "-s"}, Program: "bash"},
			{Text: "curl x", Argv: []string{"curl", "x"}, Program: "curl", Via: "bash <<"},
		}},
		{"here-string fed to a shell", `bash <<< 'rm -rf /'`, []Part{
			{Text: `bash <<< 'rm -rf /'`, Argv: []string{"bash"}, Program: "bash"},
			{Text: "rm -rf /", Argv: []string{"rm", "-rf", "/"}, Program: "rm", Via: "bash <<"},
		}},
		{"here-document with expansions is not followed", "sh <<EOF\n$(id)\nEOF", []Part{
			{Text: "sh <<EOF", Argv: []string{"sh"}, Program: "sh"},
			{Text: "id", Argv: []string{"id"}, Program: "id"},
		}},
		{"here-document to a script file is data", "bash run.sh <<'EOF'\nrm -rf /\nEOF", []Part{
			{Text: "bash run.sh <<'EOF'", Argv: []string{"bash", "run.sh"}, Program: "bash"},
		}},
		{"wrapper with options and assignments", "sudo -u root FOO=1 rm -rf / > log", []Part{
			{Text: "sudo -u root FOO=1 rm -rf / > log", Argv: []string{"sudo", "-u", "root", "FOO=1", "rm", "-rf", "/"}, Program: "sudo", Redirects: []string{"log"}},
			{Text: "rm -rf /", Argv: []string{"rm", "-rf", "/"}, Program: "rm", Redirects: []string{"log"}, Assigns: []string{"FOO=1"}, Via: "sudo"},
		}},
		{"timeout skips its duration", "timeout -k 1 5 ping 127.0.0.1", []Part{
			{Text: "timeout -k 1 5 ping 127.0.0.1", Argv: []string{"timeout", "-k", "1", "5", "ping", "127.0.0.1"}, Program: "timeout"},
			{Text: "ping 127.0.0.1", Argv: []string{"ping", "127.0.0.1"}, Program: "ping", Via: "timeout"},
		}},
		{"find -exec", `find . -name x -exec rm {} \; -print`, []Part{
			{Text: `find . -name x -exec rm {} \; -print`, Argv: []string{"find", ".", "-name", "x", "-exec", "rm", "{}", ";", "-print"}, Program: "find"},
			{Text: "rm {}", Argv: []string{"rm", "{}"}, Program: "rm", Dynamic: true, Via: "find -exec"}, // {} is a file name
		}},
		{"wrapped wrapper running a script", `sudo env bash -c 'id'`, []Part{
			{Text: `sudo env bash -c 'id'`, Argv: []string{"sudo", "env", "bash", "-c", "id"}, Program: "sudo"},
			{Text: `env bash -c 'id'`, Argv: []string{"env", "bash", "-c", "id"}, Program: "env", Via: "sudo"},
			{Text: `bash -c 'id'`, Argv: []string{"bash", "-c", "id"}, Program: "bash", Via: "env"},
			{Text: "id", Argv: []string{"id"}, Program: "id", Via: "bash -c"},
		}},
		{"wrapper without a command", "env -i", []Part{
			{Text: "env -i", Argv: []string{"env", "-i"}, Program: "env"},
		}},
		{"shell running a file is not a script", "bash ./deploy.sh -c", []Part{
			{Text: "bash ./deploy.sh -c", Argv: []string{"bash", "./deploy.sh", "-c"}, Program: "bash"},
		}},
		{"dynamic script is split as written", `bash -c "rm -rf $D"`, []Part{
			{Text: `bash -c "rm -rf $D"`, Argv: []string{"bash", "-c", `"rm -rf $D"`}, Program: "bash", Dynamic: true},
			{Text: "rm -rf $D", Argv: []string{"rm", "-rf", "$D"}, Program: "rm", Dynamic: true, Via: "bash -c"},
		}},
		{"substitution in parameter default", "echo ${X:-$(rm y)}", []Part{
			{Text: "echo ${X:-$(rm y)}", Argv: []string{"echo", "${X:-$(rm y)}"}, Program: "echo", Dynamic: true},
			{Text: "rm y", Argv: []string{"rm", "y"}, Program: "rm"},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Split(tc.cmd)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestSplitRefuses(t *testing.T) {
	tests := []struct {
		name, cmd string
		want      error
	}{
		{"unterminated quote", "echo 'x", ErrParse},
		{"dangling operator", "a &&", ErrParse},
		{"unclosed substitution", "echo $(rm", ErrParse},
		{"unclosed subshell", "(rm -rf /", ErrParse},
		{"empty", "", ErrInvalid},
		{"blank", " \n\t", ErrInvalid},
		{"only a comment", "# rm -rf /", ErrInvalid},
		{"NUL byte", "ls\x00rm", ErrInvalid},
		{"carriage return", "ls\rrm -rf /", ErrInvalid},
		{"escape sequence", "ls \x1b[2K", ErrInvalid},
		{"bidi override", "echo \u202egnp.exe", ErrInvalid},
		{"zero-width space in the program", "r\u200bm -rf /", ErrInvalid},
		{"line separator", "ls\u2028rm", ErrInvalid},
		{"invalid UTF-8", "ls \xff", ErrInvalid},
		{"too long", "echo " + strings.Repeat("a", MaxCommandBytes), ErrInvalid},
		{"unparseable bash -c script", `bash -c 'rm -rf / &&'`, ErrParse},
		{"too many simple commands", "echo " + strings.Repeat("a|", 20000) + "b", ErrInvalid},
		{"too many nested substitutions", strings.Repeat("$(", 2000) + "ls" + strings.Repeat(")", 2000), ErrInvalid},
		{"too many redirections", strings.Repeat("{ ", 100) + "ls;" + strings.Repeat(" } >a", 100), ErrInvalid},
		{"too many parts in scripts", "bash -c '" + strings.Repeat("a;", 600) + "' && bash -c '" + strings.Repeat("b;", 600) + "'", ErrInvalid},
		{"unparseable eval", `eval 'echo $('`, ErrParse},
		{"unparseable here-document script", "sh <<'EOF'\nrm -rf / &&\nEOF", ErrParse},
		{"scripts nested too deep", `sh -c "sh -c 'sh -c \"sh -c \\\"sh -c ls\\\"\"'"`, ErrParse},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parts, err := Split(tc.cmd)
			assert.ErrorIs(t, err, tc.want)
			assert.Nil(t, parts)
		})
	}
}

func TestFastSplitAgreesWithParser(t *testing.T) {
	for _, cmd := range []string{
		"ping -c 1 127.0.0.1", "  ls\t-la  /tmp ", "git log --oneline -n 5",
		"/usr/bin/id -u", "curl -s https://example.com/a,b:c@d+e", "a", "x.y_z-1",
	} {
		t.Run(cmd, func(t *testing.T) {
			fast, ok := fastSplit(cmd)
			require.True(t, ok)
			slow, _, err := split(cmd, 0)
			require.NoError(t, err)
			assert.Equal(t, slow, []Part{fast})
		})
	}
	for _, cmd := range []string{
		"FOO=1 ls", "ls *", "ls ~", "ls #x", "ls; id", "ls | sh", "ls > f", "echo $x", "echo 'a'",
		`echo \x`, "time ls", "if", "export A", "eval ls", "bash -c ls", "sh", "/bin/", "%1", "ls\nid",
		"echo {a,b}", "! ls", "", "sudo ls", "env ls", "find . -exec ls", "xargs ls", ": noop", ". ./env", "read x", "trap ls EXIT",
	} {
		t.Run("needs parser "+cmd, func(t *testing.T) {
			_, ok := fastSplit(cmd)
			assert.False(t, ok)
		})
	}
}
