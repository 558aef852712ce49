package gate

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// maxWrapDepth bounds how many wrappers Split follows in one command
// ("sudo env nice …"); deeper nesting is refused, which keeps the cost of
// a hostile chain ("env env env … ls") linear.
const maxWrapDepth = 16

// wrapper is a program that runs the command in its arguments.
type wrapper struct {
	g grammar
	// positional words between the options and the command (timeout's
	// duration, chroot's new root).
	positional int
}

// wrappers run the command in their arguments; Split adds that command
// as a part of its own (Via names the wrapper), so "sudo rm" meets the
// rules for rm. Their option tables are those of the current releases
// (GNU coreutils, findutils, util-linux, procps-ng, sudo 1.9, OpenDoas,
// bash's builtins); an option a table does not know, an ambiguous
// abbreviation or a missing value refuses the command (ErrParse).
var wrappers = map[string]wrapper{
	"sudo": {g: newGrammar("Aa:BbC:c:D:Eeg:Hh::iKklNnPp:R:r:SsT:t:U:u:Vv",
		"askpass/A", "auth-type:/a", "background/b", "bell/B", "close-from:/C", "login-class:/c",
		"chdir:/D", "preserve-env::/E", "edit/e", "group:/g", "set-home/H", "help/h", "host:/host",
		"login/i", "remove-timestamp/K", "reset-timestamp/k", "list/l", "non-interactive/n",
		"no-update/N", "preserve-groups/P", "prompt:/p", "chroot:/R", "role:/r", "stdin/S",
		"shell/s", "type:/t", "command-timeout:/T", "other-user:/U", "user:/u", "version/V",
		"validate/v")},
	"doas": {g: newGrammar("a:C:Lnsu:")},
	"env": {g: newGrammar("+C:iS:u:v0a:",
		"ignore-environment/i", "null/0", "unset:/u", "chdir:/C", "default-signal::",
		"ignore-signal::", "block-signal::", "list-signal-handling", "debug/v", "split-string:/S",
		"argv0:/a", "help", "version")},
	"nice":    {g: newGrammar("n:", "adjustment:/n", "help", "version")},
	"nohup":   {g: newGrammar("", "help", "version")},
	"setsid":  {g: newGrammar("Vhcfw", "ctty/c", "fork/f", "wait/w", "help/h", "version/V")},
	"command": {g: newGrammar("pvV")},
	"builtin": {g: newGrammar("")},
	"exec":    {g: newGrammar("cla:")},
	"time": {g: newGrammar("af:o:pqvVh", "append/a", "format:/f", "output:/o", "portability/p",
		"quiet/q", "verbose/v", "help/h", "version/V")},
	"timeout": {g: newGrammar("fk:ps:v", "foreground/f", "kill-after:/k", "preserve-status/p",
		"signal:/s", "verbose/v", "help", "version"), positional: 1},
	"stdbuf": {g: newGrammar("i:o:e:", "input:/i", "output:/o", "error:/e", "help", "version")},
	"ionice": {g: newGrammar("n:c:p:P:u:tVh", "classdata:/n", "class:/c", "pid:/p", "pgid:/P",
		"uid:/u", "ignore/t", "help/h", "version/V")},
	"chroot": {g: newGrammar("", "groups:", "userspec:", "skip-chdir", "help", "version"), positional: 1},
	"xargs": {g: newGrammar("0a:E:e::i::I:l::L:n:oprs:txP:d:",
		"null/0", "arg-file:/a", "delimiter:/d", "eof::/e", "replace::/i", "max-lines:?",
		"max-args:/n", "open-tty/o", "interactive/p", "no-run-if-empty/r", "max-chars:/s",
		"verbose/t", "show-limits", "exit/x", "max-procs:/P", "process-slot-var:", "version",
		"help")},
	"watch": {g: newGrammar("bCced::fghq:n:prs:twvx",
		"color/c", "no-color/C", "differences::/d", "help/h", "interval:/n", "beep/b",
		"errexit/e", "follow/f", "chgexit/g", "equexit:/q", "exec/x", "precise/p",
		"no-rerun/r", "shotsdir:/s", "no-title/t", "no-wrap/w", "version/v")},
}

// unwrapped is what a wrapper runs.
type unwrapped struct {
	start   int      // index in argv of the command it runs; len(argv) for none
	assigns []string // environment it sets for the command
	dynamic bool     // the command's words are completed at run time (xargs, sudo -s with "$")
	marker  string   // a word the wrapper replaces at run time (xargs -I)
	joined  bool     // the words are joined into a script for sh -c (watch without -x)
	opaque  bool     // it runs something its words do not show (sudo -e, sudo -s alone)
	split   *splitWords
}

// splitWords are the words a wrapper's argv became (env -S).
type splitWords struct {
	argv []string
	args []arg
}

// unwrap reads the options of the wrapper prog in argv and returns what
// it runs. An error refuses the proposal.
func unwrap(prog string, argv []string, args []arg) (unwrapped, error) {
	return unwrapSplit(prog, argv, args, 0)
}

// maxEnvSplits bounds how many env -S strings are split in one command.
const maxEnvSplits = 4

func unwrapSplit(prog string, argv []string, args []arg, splits int) (unwrapped, error) {
	w := wrappers[prog]
	u := unwrapped{start: len(argv)}
	var seen []string // ids of the options given
	i, ended := 1, false
	for i < len(argv) && !ended {
		if args[i].dyn {
			// An option or the command, only known at run time: the
			// command starts here and its program is unknown.
			u.start = i
			return u, nil
		}
		a := argv[i]
		switch {
		case prog == "nice" && isNiceAdjustment(a):
			i++ // the old form "nice -5", "nice --5"
			continue
		case prog == "env" && a == "-":
			i++ // "-" is -i
			ended = true
			continue
		case prog == "sudo" && !strings.HasPrefix(a, "-") && isSudoEnv(a):
			u.assigns = append(u.assigns, a) // sudo reads VAR=value between its options
			i++
			continue
		}
		opts, next, operand, end, err := w.g.word(prog, argv, i)
		switch {
		case err != nil:
			return u, err
		case operand:
			ended = true
			continue
		case end:
			i, ended = next, true
			continue
		}
		for _, o := range opts {
			seen = append(seen, o.id)
			switch {
			case prog == "env" && o.id == "S":
				if next == i+2 && args[i+1].dyn {
					u.start = i + 1 // the split string is only known at run time
					return u, nil
				}
				if splits >= maxEnvSplits {
					return u, errOption("env", "-S nested more than %d deep", maxEnvSplits)
				}
				return envSplitThen(argv, args, next, o.value, u.assigns, splits+1)
			case prog == "sudo" && o.id == "h" && !o.hasValue && a == "-h":
				// "-h host": sudo reads a following word that is not an
				// option or VAR=value as the remote host.
				if next < len(argv) && !args[next].dyn && !strings.HasPrefix(argv[next], "-") && !isSudoEnv(argv[next]) {
					next++
				}
			case prog == "command" && (o.id == "v" || o.id == "V"):
				return unwrapped{start: len(argv)}, nil // describes, runs nothing
			case prog == "xargs" && (o.id == "i" || o.id == "I"):
				u.marker = "{}"
				if o.hasValue && o.value != "" {
					u.marker = o.value
				}
			}
		}
		i = next
	}
	given := func(id string) bool {
		for _, s := range seen {
			if s == id {
				return true
			}
		}
		return false
	}
	if prog == "env" || prog == "sudo" && !(i > 0 && argv[i-1] == "--") {
		for i < len(argv) && !args[i].dyn && (prog == "env" && strings.Contains(argv[i], "=") || prog == "sudo" && isSudoEnv(argv[i])) {
			u.assigns = append(u.assigns, argv[i])
			i++
		}
	}
	u.start = min(i+w.positional, len(argv))
	switch prog {
	case "xargs":
		u.dynamic = true // arguments come from standard input
	case "watch":
		u.joined = !given("x")
	case "sudo":
		switch {
		case given("e"):
			u.start, u.opaque = len(argv), true // sudoedit runs the editor the environment names
		case (given("s") || given("i")) && u.start >= len(argv):
			u.opaque = true // an interactive shell reading standard input
		case given("s") || given("i"):
			// The command goes to the shell with every character but
			// letters, digits, "_", "-" and "$" escaped: "$" expands.
			for k := u.start; k < len(argv); k++ {
				u.dynamic = u.dynamic || strings.Contains(argv[k], "$")
			}
		}
	case "doas":
		u.opaque = given("s")
	case "chroot":
		u.opaque = u.start >= len(argv) // runs $SHELL -i
	}
	return u, nil
}

// envSplitThen splits the value of env -S and reads the words again, with
// the words after the option, as env's options, assignments and command.
func envSplitThen(argv []string, args []arg, next int, value string, assigns []string, splits int) (unwrapped, error) {
	sw, err := envSplit(value)
	if err != nil {
		return unwrapped{}, err
	}
	nargv := make([]string, 0, 1+len(sw.argv)+len(argv)-next)
	nargv = append(append(append(nargv, argv[0]), sw.argv...), argv[next:]...)
	nargs := make([]arg, 0, len(nargv))
	nargs = append(append(append(nargs, args[0]), sw.args...), args[next:]...)
	sub, err := unwrapSplit("env", nargv, nargs, splits)
	if err != nil {
		return sub, err
	}
	if sub.split == nil {
		sub.split = &splitWords{argv: nargv, args: nargs}
	}
	sub.assigns = append(assigns, sub.assigns...)
	return sub, nil
}

// isNiceAdjustment reports nice's old-style adjustment option: "-N",
// "--N", "-+N".
func isNiceAdjustment(a string) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	k := 1
	if a[1] == '-' || a[1] == '+' {
		k = 2
	}
	return k < len(a) && a[k] >= '0' && a[k] <= '9'
}

// isSudoEnv reports a word sudo reads as an environment assignment: it
// holds "=" and starts with neither "/" nor "=".
func isSudoEnv(w string) bool {
	return w != "" && w[0] != '/' && w[0] != '=' && strings.Contains(w, "=")
}

// envSplit splits the string of "env -S" as GNU env does: blanks separate
// words outside quotes; single quotes keep everything but \\ and \';
// double quotes and bare text decode \" \# \$ \' \\ \f \n \r \t \v, and
// \_ (a separator outside double quotes, a space inside); "#" at the start
// of a word ends the string, and so does \c outside double quotes.
// "${NAME}" is the value of an environment variable, known only at run
// time: the word that holds it is dynamic. Anything env itself refuses is
// refused.
func envSplit(s string) (splitWords, error) {
	var (
		out         splitWords
		cur         strings.Builder
		inWord, dyn bool
		sq, dq      bool
		from        = -1
		errS        = func(msg string) (splitWords, error) { return splitWords{}, errOption("env", "-S string: %s", msg) }
		flush       = func() {
			if inWord {
				out.argv = append(out.argv, cur.String())
				out.args = append(out.args, arg{dyn: dyn, from: from, to: from})
			}
			cur.Reset()
			inWord, dyn = false, false
		}
	)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'' && !dq:
			sq, inWord = !sq, true
			continue
		case c == '"' && !sq:
			dq, inWord = !dq, true
			continue
		case strings.IndexByte(" \t\n\v\f\r", c) >= 0 && !sq && !dq:
			flush()
			continue
		case c == '#' && !inWord && !sq && !dq:
			flush()
			return out, nil
		case c == '\\' && (!sq || i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == '\'')):
			if i+1 >= len(s) {
				return errS("backslash at the end")
			}
			i++
			switch e := s[i]; e {
			case '"', '#', '$', '\'', '\\':
				c = e
			case '_':
				if !dq {
					flush()
					continue
				}
				c = ' '
			case 'c':
				if dq {
					return errS(`\c in double quotes`)
				}
				flush()
				return out, nil
			case 'f':
				c = '\f'
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'v':
				c = '\v'
			default:
				return errS(fmt.Sprintf(`invalid escape \%c`, e))
			}
		case c == '$' && !sq:
			end := strings.IndexByte(s[i:], '}')
			if !strings.HasPrefix(s[i:], "${") || end < 0 || !isName(s[i+2:i+end]) {
				return errS("only ${NAME} expansion is supported")
			}
			cur.WriteString(s[i : i+end+1])
			inWord, dyn = true, true
			i += end
			continue
		}
		cur.WriteByte(c)
		inWord = true
	}
	if sq || dq {
		return errS("unterminated quote")
	}
	flush()
	if !utf8.ValidString(strings.Join(out.argv, "")) {
		return errS("not valid UTF-8")
	}
	return out, nil
}
