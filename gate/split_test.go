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
		{"quoted assignment to a declaration builtin", `export 'LD_PRELOAD=/tmp/x.so' -n "A"`, []Part{
			{Text: `export 'LD_PRELOAD=/tmp/x.so' -n "A"`, Argv: []string{"export", "'LD_PRELOAD=/tmp/x.so'", "-n", `"A"`}, Program: "export", Assigns: []string{"LD_PRELOAD=/tmp/x.so", "A"}, Dynamic: true},
		}},
		{"declaration builtin as a plain command", `\declare -x 'BASH_ENV=/tmp/x' B`, []Part{
			{Text: `\declare -x 'BASH_ENV=/tmp/x' B`, Argv: []string{"declare", "-x", "BASH_ENV=/tmp/x", "B"}, Program: "declare", Assigns: []string{"BASH_ENV=/tmp/x", "B"}},
		}},
		{"read, printf -v, mapfile and getopts targets", "read -r -a arr x y; printf -v v %s 1; mapfile -t m; getopts ab opt", []Part{
			{Text: "read -r -a arr x y", Argv: []string{"read", "-r", "-a", "arr", "x", "y"}, Program: "read", Assigns: []string{"arr", "x", "y"}},
			{Text: "printf -v v %s 1", Argv: []string{"printf", "-v", "v", "%s", "1"}, Program: "printf", Assigns: []string{"v"}},
			{Text: "mapfile -t m", Argv: []string{"mapfile", "-t", "m"}, Program: "mapfile", Assigns: []string{"m"}},
			{Text: "getopts ab opt", Argv: []string{"getopts", "ab", "opt"}, Program: "getopts", Assigns: []string{"opt", "OPTARG"}},
		}},
		{"read with no name assigns REPLY", "read", []Part{{Text: "read", Argv: []string{"read"}, Program: "read", Assigns: []string{"REPLY"}}}},
		{"declaration of a name known at run time", `export "$v"`, []Part{{Text: `export "$v"`, Argv: []string{"export", `"$v"`}, Program: "export", Assigns: []string{`"$v"`}, Dynamic: true}}},
		{"subscript a builtin evaluates", "test -v 'a[$(rm -rf ~)]'", []Part{
			{Text: "test -v 'a[$(rm -rf ~)]'", Argv: []string{"test", "-v", "a[$(rm -rf ~)]"}, Program: "test", Dynamic: true},
		}},
		{"numeric subscript is static", "test -v 'a[1]'", []Part{
			{Text: "test -v 'a[1]'", Argv: []string{"test", "-v", "a[1]"}, Program: "test"},
		}},
		{"arithmetic reading a variable", "(( x )); let y=1; [[ z -eq 1 ]]; (( 1 + 2 ))", []Part{
			{Text: "(( x ))", Argv: []string{"((", "x", "))"}, Program: "((", Dynamic: true},
			{Text: "let y=1", Argv: []string{"let", "y=1"}, Program: "let", Dynamic: true},
			{Text: "[[ z -eq 1 ]]", Argv: []string{"[[", "z -eq 1", "]]"}, Program: "[[", Dynamic: true},
			{Text: "(( 1 + 2 ))", Argv: []string{"((", "1 + 2", "))"}, Program: "(("},
		}},
		{"integer declaration", "declare -i x", []Part{
			{Text: "declare -i x", Argv: []string{"declare", "-i", "x"}, Program: "declare", Assigns: []string{"x"}, Dynamic: true},
		}},
		{"code in an assigned value", "PS4='$(rm -rf ~)' x=1 RANDOM=_", []Part{
			{Text: "PS4='$(rm -rf ~)' x=1 RANDOM=_", Assigns: []string{"PS4=$(rm -rf ~)", "x=1", "RANDOM=_"}},
		}},
		{"brace expansion across quoted members", "{'rm',-rf} ~", []Part{
			{Text: "{'rm',-rf} ~", Argv: []string{"{'rm',-rf}", "~"}, Program: "{'rm',-rf}", Dynamic: true},
		}},
		{"tilde after name=", "dd if=~root/x of=a:~", []Part{
			{Text: "dd if=~root/x of=a:~", Argv: []string{"dd", "if=~root/x", "of=a:~"}, Program: "dd", Dynamic: true},
		}},
		{"tilde inside a word is literal", "git log HEAD~1", []Part{
			{Text: "git log HEAD~1", Argv: []string{"git", "log", "HEAD~1"}, Program: "git"},
		}},
		{"for loop header", "for PATH in /tmp/x; do ls; done", []Part{
			{Text: "for PATH in /tmp/x", Program: "", Assigns: []string{"PATH"}},
			{Text: "ls", Argv: []string{"ls"}, Program: "ls"},
		}},
		{"arithmetic in a case word", "case $((_)) in *) ls;; esac", []Part{
			{Text: "case $((_)) in *) ls;; esac", Dynamic: true},
			{Text: "ls", Argv: []string{"ls"}, Program: "ls"},
		}},
		{"trap code", "trap 'rm -rf ~' EXIT; trap - INT", []Part{
			{Text: "trap 'rm -rf ~' EXIT", Argv: []string{"trap", "rm -rf ~", "EXIT"}, Program: "trap"},
			{Text: "rm -rf ~", Argv: []string{"rm", "-rf", "~"}, Program: "rm", Dynamic: true, Via: "trap"},
			{Text: "trap - INT", Argv: []string{"trap", "-", "INT"}, Program: "trap"},
		}},
		{"trap code that begins with a digit", "trap '0A' EXIT; trap 99 INT; trap 15 INT TERM", []Part{
			{Text: "trap '0A' EXIT", Argv: []string{"trap", "0A", "EXIT"}, Program: "trap"},
			{Text: "0A", Argv: []string{"0A"}, Program: "0A", Via: "trap"},
			{Text: "trap 99 INT", Argv: []string{"trap", "99", "INT"}, Program: "trap"},
			{Text: "99", Argv: []string{"99"}, Program: "99", Via: "trap"},
			{Text: "trap 15 INT TERM", Argv: []string{"trap", "15", "INT", "TERM"}, Program: "trap"},
		}},
		{"mapfile callback", "mapfile -C 'rm -rf' -c 1 a", []Part{
			{Text: "mapfile -C 'rm -rf' -c 1 a", Argv: []string{"mapfile", "-C", "rm -rf", "-c", "1", "a"}, Program: "mapfile", Assigns: []string{"a"}},
			{Text: "rm -rf", Argv: []string{"rm", "-rf"}, Program: "rm", Via: "mapfile -C"},
		}},
		{"partly dynamic eval", "eval rm -rf '$D'", []Part{
			{Text: "eval rm -rf '$D'", Argv: []string{"eval", "rm", "-rf", "$D"}, Program: "eval"},
			{Text: "rm -rf $D", Argv: []string{"rm", "-rf", "$D"}, Program: "rm", Dynamic: true, Via: "eval"},
		}},
		{"abbreviated long options", "timeout --sig KILL 5 nice --adj 5 stdbuf --out L rm x", []Part{
			{Text: "timeout --sig KILL 5 nice --adj 5 stdbuf --out L rm x", Argv: []string{"timeout", "--sig", "KILL", "5", "nice", "--adj", "5", "stdbuf", "--out", "L", "rm", "x"}, Program: "timeout"},
			{Text: "nice --adj 5 stdbuf --out L rm x", Argv: []string{"nice", "--adj", "5", "stdbuf", "--out", "L", "rm", "x"}, Program: "nice", Via: "timeout"},
			{Text: "stdbuf --out L rm x", Argv: []string{"stdbuf", "--out", "L", "rm", "x"}, Program: "stdbuf", Via: "nice"},
			{Text: "rm x", Argv: []string{"rm", "x"}, Program: "rm", Via: "stdbuf"},
		}},
		{"watch -q takes a value", "watch -q 1 rm x", []Part{
			{Text: "watch -q 1 rm x", Argv: []string{"watch", "-q", "1", "rm", "x"}, Program: "watch"},
			{Text: "rm x", Argv: []string{"rm", "x"}, Program: "rm", Via: "watch"},
		}},
		{"env -S split and read again", `env -S'-i A=1 rm' -rf x`, []Part{
			{Text: `env -S'-i A=1 rm' -rf x`, Argv: []string{"env", "-S-i A=1 rm", "-rf", "x"}, Program: "env"},
			{Text: "rm -rf x", Argv: []string{"rm", "-rf", "x"}, Program: "rm", Assigns: []string{"A=1"}, Via: "env"},
		}},
		{"env takes any word with = as an assignment", "env ./a=b rm x", []Part{
			{Text: "env ./a=b rm x", Argv: []string{"env", "./a=b", "rm", "x"}, Program: "env"},
			{Text: "rm x", Argv: []string{"rm", "x"}, Program: "rm", Assigns: []string{"./a=b"}, Via: "env"},
		}},
		{"sudo reads VAR=value between options, and -h host", "sudo A=1 -u root -h host rm x", []Part{
			{Text: "sudo A=1 -u root -h host rm x", Argv: []string{"sudo", "A=1", "-u", "root", "-h", "host", "rm", "x"}, Program: "sudo"},
			{Text: "rm x", Argv: []string{"rm", "x"}, Program: "rm", Assigns: []string{"A=1"}, Via: "sudo"},
		}},
		{"nice old-style adjustment", "nice -5 rm x", []Part{
			{Text: "nice -5 rm x", Argv: []string{"nice", "-5", "rm", "x"}, Program: "nice"},
			{Text: "rm x", Argv: []string{"rm", "x"}, Program: "rm", Via: "nice"},
		}},
		{"xargs arguments come at run time", "xargs -I{} {} -rf", []Part{
			{Text: "xargs -I{} {} -rf", Argv: []string{"xargs", "-I{}", "{}", "-rf"}, Program: "xargs"},
			{Text: "{} -rf", Argv: []string{"{}", "-rf"}, Program: "{}", Dynamic: true, Via: "xargs"},
		}},
		{"command -v runs nothing", "command -v rm", []Part{
			{Text: "command -v rm", Argv: []string{"command", "-v", "rm"}, Program: "command"},
		}},
		{"shell -o takes a word before the script", "bash -oc pipefail 'rm x'", []Part{
			{Text: "bash -oc pipefail 'rm x'", Argv: []string{"bash", "-oc", "pipefail", "rm x"}, Program: "bash"},
			{Text: "rm x", Argv: []string{"rm", "x"}, Program: "rm", Via: "bash -c"},
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
		{"too many redirections", strings.Repeat("{ ", 40) + "ls;" + strings.Repeat(" } >a >b", 40), ErrInvalid},
		{"unclosed arithmetic nested", strings.Repeat("((", 8000), ErrInvalid},
		{"process substitutions nested", strings.Repeat("<(", 8000), ErrInvalid},
		{"groups nested", strings.Repeat("{ ", 8000), ErrInvalid},
		{"brackets nested deeper than 64", "echo '" + strings.Repeat("(", 65) + "'", ErrInvalid},
		{"too many parts in scripts", "bash -c '" + strings.Repeat("a;", 600) + "' && bash -c '" + strings.Repeat("b;", 600) + "'", ErrInvalid},
		{"unparseable eval", `eval 'echo $('`, ErrParse},
		{"unparseable here-document script", "sh <<'EOF'\nrm -rf / &&\nEOF", ErrParse},
		{"scripts nested too deep", `sh -c "sh -c 'sh -c \"sh -c \\\"sh -c ls\\\"\"'"`, ErrParse},
		{"comment ending in a backslash", "ls # see \\\nrm -rf ~", ErrParse},
		{"comment ending in a backslash at the end", "ls # see \\", ErrParse},
		{"'#' after a quoted here-document delimiter", "cat <<'E'#x rm -rf ~\nE", ErrParse},
		{"word the parser takes for an assignment", "0=[ rm -rf ~", ErrParse},
		{"alias definition", "alias ls='rm -rf ~'", ErrParse},
		{"alias through a wrapper", "builtin alias ls=rm", ErrParse},
		{"alias table", "BASH_ALIASES[ls]='rm -rf ~'", ErrParse},
		{"alias table read into", "read 'BASH_ALIASES[ls]' <<< x", ErrParse},
		{"alias table as a loop variable", "for BASH_ALIASES in x; do :; done", ErrParse},
		{"unknown wrapper option", "env --frobnicate rm", ErrParse},
		{"ambiguous long option", "sudo --pre rm", ErrParse},
		{"long option with a value it does not take", "nohup --help=x rm", ErrParse},
		{"missing option value", "timeout -s", ErrParse},
		{"version-dependent arity", "xargs --max-lines 1 rm", ErrParse},
		{"unknown short option", "doas -x rm", ErrParse},
		{"env -S escape env refuses", `env -S 'rm\q'`, ErrParse},
		{"env -S expansion env refuses", `env -S 'rm $HOME'`, ErrParse},
		{"env -S unterminated quote", `env -S '"rm'`, ErrParse},
		{"env -S nested too deep", `env -S "-S '-S \"-S \\\"-S \\\\\\\"-S ls\\\\\\\"\\\"\"'"`, ErrParse},
		{"wrappers nested too deep", strings.Repeat("env ", 20) + "ls", ErrInvalid},
		{"64 KiB wrapper chain", strings.Repeat("env ", (MaxCommandBytes-2)/4) + "ls", ErrInvalid},
		{"nested scripts over the budget", strings.Repeat("eval ", (MaxCommandBytes-2)/5) + "ls", ErrInvalid},
		{"nesting too deep", strings.Repeat("time ", 2000) + "ls", ErrInvalid},
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
		"ping -c 1 127.0.0.1", "  ls\t-la  /tmp ", "grep -rn TODO src/a.go",
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
		"echo {a,b}", "! ls", "", "sudo ls", "env ls", "find . -exec ls", "xargs ls", "git log --oneline -n 5", "sort -o x y", ": noop", ". ./env", "read x", "trap ls EXIT",
	} {
		t.Run("needs parser "+cmd, func(t *testing.T) {
			_, ok := fastSplit(cmd)
			assert.False(t, ok)
		})
	}
}

// The option grammar reads long options as getopt_long does.
func TestGrammarLongOptions(t *testing.T) {
	g := newGrammar("ab:c::", "alpha/a", "beta:/b", "gamma::/c", "preserve-env::/E", "preserve-groups/P", "help", "hello:?")
	tests := []struct {
		args    []string
		want    []option
		next    int
		errPart string
	}{
		{[]string{"--alpha", "x"}, []option{{id: "a"}}, 1, ""},
		{[]string{"--al", "x"}, []option{{id: "a"}}, 1, ""},
		{[]string{"--be", "v", "x"}, []option{{id: "b", value: "v", hasValue: true}}, 2, ""},
		{[]string{"--beta=v", "x"}, []option{{id: "b", value: "v", hasValue: true}}, 1, ""},
		{[]string{"--gam", "x"}, []option{{id: "c"}}, 1, ""},
		{[]string{"--gam=v", "x"}, []option{{id: "c", value: "v", hasValue: true}}, 1, ""},
		{[]string{"--help"}, []option{{id: "help"}}, 1, ""},
		{[]string{"--pre", "x"}, nil, 0, "ambiguous"},
		{[]string{"--he", "x"}, nil, 0, "ambiguous"},
		{[]string{"--hel", "x"}, nil, 0, "ambiguous"},
		{[]string{"--hello=1"}, []option{{id: "hello", value: "1", hasValue: true}}, 1, ""},
		{[]string{"--hello", "1"}, nil, 0, "versions"},
		{[]string{"--nope"}, nil, 0, "unknown option --nope"},
		{[]string{"--alpha=1"}, nil, 0, "takes no value"},
		{[]string{"--beta"}, nil, 0, "needs a value"},
		{[]string{"-ab", "v"}, []option{{id: "a"}, {id: "b", value: "v", hasValue: true}}, 2, ""},
		{[]string{"-abv"}, []option{{id: "a"}, {id: "b", value: "v", hasValue: true}}, 1, ""},
		{[]string{"-c", "v"}, []option{{id: "c"}}, 1, ""},
		{[]string{"-cv"}, []option{{id: "c", value: "v", hasValue: true}}, 1, ""},
		{[]string{"-x"}, nil, 0, "unknown option -x"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			opts, next, operand, end, err := g.word("prog", tc.args, 0)
			assert.False(t, operand || end)
			if tc.errPart != "" {
				assert.ErrorIs(t, err, ErrParse)
				assert.ErrorContains(t, err, tc.errPart)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, opts)
			assert.Equal(t, tc.next, next)
		})
	}
	_, next, _, end, _ := g.word("prog", []string{"--", "x"}, 0)
	assert.True(t, end)
	assert.Equal(t, 1, next)
	for _, a := range []string{"-", "x", ""} {
		_, _, operand, _, err := g.word("prog", []string{a}, 0)
		assert.True(t, operand, a)
		assert.NoError(t, err)
	}
}

// env -S is split as GNU env splits it.
func TestEnvSplit(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		dyn  []bool
		err  bool
	}{
		{"rm -rf ~", []string{"rm", "-rf", "~"}, nil, false},
		{`a\_b "c d" 'e f'`, []string{"a", "b", "c d", "e f"}, nil, false},
		{`"a\_b" '\\' '\''`, []string{"a b", `\`, "'"}, nil, false},
		{`x #comment y`, []string{"x"}, nil, false},
		{`x y#z`, []string{"x", "y#z"}, nil, false},
		{`x \c y`, []string{"x"}, nil, false},
		{`a${HOME}b c`, []string{"a${HOME}b", "c"}, []bool{true, false}, false},
		{`'${HOME}'`, []string{"${HOME}"}, []bool{false}, false},
		{`"\t"`, []string{"\t"}, nil, false},
		{`'' x`, []string{"", "x"}, nil, false},
		{`x\q`, nil, nil, true},
		{`x\`, nil, nil, true},
		{`$HOME`, nil, nil, true},
		{`"x`, nil, nil, true},
		{`"\c"`, nil, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			sw, err := envSplit(tc.in)
			if tc.err {
				assert.ErrorIs(t, err, ErrParse)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, sw.argv)
			for i := range sw.args {
				want := false
				if tc.dyn != nil {
					want = tc.dyn[i]
				}
				assert.Equal(t, want, sw.args[i].dyn, "word %d", i)
			}
		})
	}
}
