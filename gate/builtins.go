package gate

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bashBuiltins are the commands bash runs itself (bash 5.2, "enable -a").
var bashBuiltins = setOf(".", ":", "[", "alias", "bg", "bind", "break", "builtin", "caller", "cd",
	"command", "compgen", "complete", "compopt", "continue", "declare", "dirs", "disown", "echo",
	"enable", "eval", "exec", "exit", "export", "false", "fc", "fg", "getopts", "hash", "help",
	"history", "jobs", "kill", "let", "local", "logout", "mapfile", "popd", "printf", "pushd", "pwd",
	"read", "readarray", "readonly", "return", "set", "shift", "shopt", "source", "suspend", "test",
	"times", "trap", "true", "type", "typeset", "ulimit", "umask", "unalias", "unset", "wait")

// inertBuiltins never evaluate their arguments.
var inertBuiltins = setOf("echo", ":", "true", "false", "pwd", "help", "type", "times")

// declBuiltins declare or assign variables.
var declBuiltins = setOf("declare", "typeset", "local", "export", "readonly", "nameref")

// Special variables whose assigned value bash evaluates as an arithmetic
// expression ("RANDOM=_" evaluates the value of "_" in turn).
var arithVars = setOf("RANDOM", "SRANDOM", "OPTIND", "HISTCMD")

// Variables whose value bash reads as code or as a prompt it expands
// (backslash escapes such as "\044" are decoded first, so any backslash
// may hide a "$(").
var promptVars = setOf("PS0", "PS1", "PS2", "PS3", "PS4", "PROMPT_COMMAND")

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// script is a literal script a part runs, to be split as parts of its
// own (Via names the runner).
type script struct {
	text, via string
}

// callInfo is what a simple command's words tell beyond argv: variables
// it assigns, whether it may run code the gate cannot see, scripts it
// runs.
type callInfo struct {
	assigns []string
	dynamic bool
	opaque  bool
	scripts []script
	err     error
}

func (ci *callInfo) target(name string) {
	ci.assigns = append(ci.assigns, name)
	if !staticVarRef(name) {
		ci.dynamic, ci.opaque = true, true
	}
}

func (ci *callInfo) unknown() { ci.dynamic, ci.opaque = true, true }

// builtin reads the arguments of a bash builtin (argv[0] is its name;
// args[i].dyn says whether argv[i] is only known at run time).
func builtin(argv []string, args []arg) callInfo {
	var ci callInfo
	name := argv[0]
	if !inertBuiltins[name] {
		// A builtin may evaluate any of its arguments as an arithmetic
		// expression or a variable name with a subscript; an argument
		// known only at run time, or one carrying "$(", "`" or "${",
		// may then run code.
		for i := 1; i < len(argv); i++ {
			if args[i].dyn || hasCode(argv[i]) {
				ci.unknown()
			}
		}
	}
	switch name {
	case "read":
		readTargets(&ci, argv, args)
	case "mapfile", "readarray":
		operands := optionScan(&ci, argv, args, "d:n:O:s:tu:C:c:", func(c byte, v string, dyn bool) {
			if c == 'C' {
				ci.code(v, dyn, name+" -C")
			}
		})
		if len(operands) == 0 {
			ci.target("MAPFILE")
		}
		for _, i := range operands {
			ci.operandTarget(argv[i], args[i].dyn)
		}
	case "printf":
		if len(argv) > 1 && strings.HasPrefix(argv[1], "-v") && !args[1].dyn {
			v := argv[1][2:]
			if v == "" && len(argv) > 2 {
				v = argv[2]
				ci.operandTarget(v, args[2].dyn)
			} else if v != "" {
				ci.target(v)
			}
		}
	case "getopts":
		if len(argv) > 2 {
			ci.operandTarget(argv[2], args[2].dyn)
			ci.target("OPTARG")
		}
	case "wait":
		optionScan(&ci, argv, args, "fnp:", func(c byte, v string, dyn bool) {
			if c == 'p' {
				ci.operandTarget(v, dyn)
			}
		})
	case "trap":
		// trap [-lp] [[action] signal...]: with two or more operands the
		// first is code run when a signal arrives (or on EXIT, ERR,
		// DEBUG, RETURN).
		// The first operand resets the signals instead only when it is
		// "-" or all digits naming a signal (0 to 64: trap.def's
		// first_signal); "0A" or "99" is code bash runs.
		ops := optionScan(&ci, argv, args, "lpP", nil)
		if len(ops) >= 2 && argv[ops[0]] != "-" && (args[ops[0]].dyn || !signalNumber(argv[ops[0]])) {
			ci.code(argv[ops[0]], args[ops[0]].dyn, "trap")
		}
	case "compgen", "complete":
		optionScan(&ci, argv, args, "abcdefgjksuvDEIo:A:G:W:F:P:S:X:C:", func(c byte, v string, dyn bool) {
			if c == 'C' {
				ci.code(v, dyn, name+" -C")
			}
		})
	case "alias":
		for i := 1; i < len(argv); i++ {
			if args[i].dyn || strings.Contains(argv[i], "=") {
				ci.err = fmt.Errorf("%w: an alias definition changes how bash parses what follows it, which the gate cannot read with certainty", ErrParse)
				return ci
			}
		}
	case "source", ".", "fc", "history", "bind":
		// Runs code from a file, from the history or bound to keys: not
		// knowable from the command line.
		ci.opaque = true
	case "enable":
		for i := 1; i < len(argv); i++ {
			if strings.HasPrefix(argv[i], "-") && strings.ContainsRune(argv[i], 'f') {
				ci.unknown() // loads a shared object
			}
		}
	case "hash":
		// "hash -p /tmp/x ls": a later "ls" runs /tmp/x.
		optionScan(&ci, argv, args, "dlp:rt", func(c byte, _ string, _ bool) {
			if c == 'p' {
				ci.unknown()
			}
		})
	case "set":
		ci.err = setOptions(argv, args)
	case "shopt":
		var setOpts, on bool
		ops := optionScan(&ci, argv, args, "opqsu", func(c byte, _ string, _ bool) {
			setOpts, on = setOpts || c == 'o', on || c == 's'
		})
		for _, i := range ops {
			if setOpts && on && !args[i].dyn && readsAhead[argv[i]] {
				ci.err = errReadsAhead
			}
		}
	case "let":
		for i := 1; i < len(argv); i++ {
			if !staticArith(argv[i]) || args[i].dyn {
				ci.unknown()
			}
		}
	default:
		if declBuiltins[name] {
			declArgs(&ci, argv, args)
		}
	}
	return ci
}

// readsAhead are the shell options ("set -o NAME") that change how bash
// reads the commands after the one that sets them: keyword makes every
// NAME=value word of a command an assignment to its environment ("ls
// LD_PRELOAD=/tmp/x.so"), histexpand (with history) rewrites each later
// line with history expansion before parsing it ("!:$" runs the last word
// of the line before).
var readsAhead = setOf("keyword", "histexpand")

// errReadsAhead refuses a command that turns on a readsAhead option.
var errReadsAhead = fmt.Errorf("%w: a shell option that changes how bash reads the commands after it (keyword, histexpand) is turned on, which the gate cannot follow", ErrParse)

// setOptions reads the options of "set" (and of a shell's command line,
// which takes the same ones) and refuses those that turn on a readsAhead
// option: -k, -H, -o keyword, -o histexpand. Options stop at the first
// operand, "-" or "--".
func setOptions(argv []string, args []arg) error {
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		if args[i].dyn || a == "-" || a == "--" || len(a) < 2 || a[0] != '-' && a[0] != '+' {
			return nil // a word only known at run time is dynamic already
		}
		for j := 1; j < len(a); j++ {
			switch a[j] {
			case 'k', 'H':
				if a[0] == '-' {
					return errReadsAhead
				}
			case 'o':
				if i+1 < len(argv) {
					i++
					if a[0] == '-' && !args[i].dyn && readsAhead[argv[i]] {
						return errReadsAhead
					}
				}
			}
		}
	}
	return nil
}

// isCmdTable reports an assignment to BASH_CMDS, bash's table of the
// files command names run ("BASH_CMDS[ls]=/tmp/x" makes "ls" run /tmp/x).
func isCmdTable(assign string) bool {
	return strings.HasPrefix(assign, "BASH_CMDS")
}

// operandTarget records a variable a builtin assigns, named by an operand.
func (ci *callInfo) operandTarget(name string, dyn bool) {
	if dyn {
		ci.assigns = append(ci.assigns, name)
		ci.unknown()
		return
	}
	ci.target(name)
}

// code records a code string a builtin runs.
func (ci *callInfo) code(text string, dyn bool, via string) {
	if dyn {
		ci.unknown()
		return
	}
	ci.scripts = append(ci.scripts, script{text: text, via: via})
}

// optionScan reads a builtin's options (bash's internal_getopt: clusters,
// "--", a value attached or in the next word) and returns the indexes of
// its operands. on, if not nil, is called for each option with its value.
// An option word only known at run time makes the part opaque and ends
// the scan.
func optionScan(ci *callInfo, argv []string, args []arg, spec string, on func(c byte, v string, dyn bool)) []int {
	g := newGrammar(spec)
	i := 1
	for i < len(argv) {
		if args[i].dyn {
			ci.unknown()
			break
		}
		a := argv[i]
		if a == "--" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' || strings.HasPrefix(a, "--") {
			break
		}
		next := i + 1
		for j := 1; j < len(a); j++ {
			kind, known := g.short[a[j]]
			if !known {
				break // bash refuses the option; nothing runs
			}
			if kind == noArg {
				if on != nil {
					on(a[j], "", false)
				}
				continue
			}
			v, dyn := a[j+1:], false
			if v == "" && next < len(argv) {
				v, dyn = argv[next], args[next].dyn
				next++
			}
			if on != nil {
				on(a[j], v, dyn)
			}
			break
		}
		i = next
	}
	var ops []int
	for ; i < len(argv); i++ {
		ops = append(ops, i)
	}
	return ops
}

// readTargets records the variables "read" assigns: its operands, the
// array of -a, or REPLY.
func readTargets(ci *callInfo, argv []string, args []arg) {
	array := false
	ops := optionScan(ci, argv, args, "ersa:d:i:n:N:p:t:u:", func(c byte, v string, dyn bool) {
		if c == 'a' {
			array = true
			ci.operandTarget(v, dyn)
		}
	})
	if len(ops) == 0 && !array {
		ci.target("REPLY")
	}
	for _, i := range ops {
		ci.operandTarget(argv[i], args[i].dyn)
	}
}

// declArgs reads the operands of a declaration builtin (declare, export,
// local, readonly, typeset) written as a plain command ("\export
// 'LD_PRELOAD=x'"): NAME=value words assign, bare names are declared
// (and exported), options -i and -n make later assignments evaluate
// their values.
func declArgs(ci *callInfo, argv []string, args []arg) {
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case args[i].dyn:
			ci.assigns = append(ci.assigns, a)
			ci.unknown()
		case len(a) > 1 && (a[0] == '-' || a[0] == '+'):
			declOptions(ci, a)
		default:
			declOperand(ci, a)
		}
	}
}

// declOptions: -i (integer: every later assignment is evaluated as
// arithmetic) and -n (nameref: assignments go to the variable the value
// names, subscript evaluated) make values code.
func declOptions(ci *callInfo, opt string) {
	if strings.ContainsAny(opt[1:], "in") {
		ci.unknown()
	}
}

// declOperand records one literal operand of a declaration builtin.
func declOperand(ci *callInfo, a string) {
	if name, value, ok := splitAssignment(a); ok {
		ci.assigns = append(ci.assigns, a)
		if !staticVarRef(name) || valueIsCode(name, value) {
			ci.unknown()
		}
		return
	}
	ci.target(a)
}

// valueIsCode reports whether bash may run code when it uses a variable
// given this literal value: the value holds "$(", "`" or "${" (run by
// prompt expansion, by arithmetic on integer variables and by nameref
// subscripts), an arithmetic special variable gets anything but a plain
// number, or a prompt variable gets a backslash.
func valueIsCode(name, value string) bool {
	base, _, _ := strings.Cut(name, "[")
	base = strings.TrimSuffix(base, "+")
	return hasCode(value) ||
		arithVars[base] && !staticArith(value) ||
		promptVars[base] && strings.ContainsAny(value, "\\$`")
}

// assignInfo describes an assignment node: its text for Assigns ("NAME=value"
// with the value after quote removal when it is literal, the source text
// otherwise), whether its value is only known at run time, and whether
// bash may run code when it makes or uses it.
func (s *splitter) assignInfo(a *syntax.Assign) (text string, dyn, opaque bool) {
	if a.Name == nil {
		return "", false, false
	}
	name := a.Name.Value
	src := s.slice(a.Pos(), a.End())
	if a.Index != nil {
		// The subscript is an arithmetic expression (or, for an
		// associative array, a string); anything but a number is
		// evaluated.
		dyn = true
		opaque = arithOpaque(a.Index)
		if !opaque {
			dyn = false
		}
	}
	if a.Array != nil {
		for _, e := range a.Array.Elems {
			if e.Index != nil && arithOpaque(e.Index) {
				dyn, opaque = true, true
			}
			if e.Value != nil {
				v, d := literal(e.Value)
				dyn = dyn || d
				opaque = opaque || d && name != "" && declaredCode(name) || !d && hasCode(v)
			}
		}
		return src, dyn, opaque
	}
	if a.Value == nil {
		if a.Naked {
			return name, dyn, opaque
		}
		return src, dyn, opaque
	}
	v, d := literal(a.Value)
	if d {
		return src, true, opaque || declaredCode(name)
	}
	if a.Index != nil || a.Append {
		// Keep the source form of the left-hand side.
		lhs, _, _ := strings.Cut(src, "=")
		return lhs + "=" + v, dyn, opaque || valueIsCode(name, v)
	}
	return name + "=" + v, dyn, opaque || valueIsCode(name, v)
}

// declaredCode reports a special variable whose value, known only at run
// time, bash may evaluate as code.
func declaredCode(name string) bool {
	return arithVars[name] || promptVars[name]
}

// signalNumber reports whether s is all ASCII digits naming a signal
// number bash knows, 0 to 64, as trap's first operand must be for bash
// to read it as a signal rather than an action.
func signalNumber(s string) bool {
	if s == "" || len(s) > 4 {
		return false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n <= 64
}
