package gate

import (
	"fmt"
	"strings"
)

// argKind is how an option takes its value, as in getopt_long.
type argKind uint8

const (
	noArg  argKind = iota
	reqArg         // attached ("-uroot", "--user=root") or the next word
	optArg         // attached only ("-hhost", "--preserve-env=LIST")
	// verArg: the option takes a value, but whether it is required or
	// optional differs between versions of the program (xargs
	// --max-lines), so a value in the next word cannot be read with
	// certainty and is refused; an attached value is read.
	verArg
)

// longOpt is one long option of a program.
type longOpt struct {
	name string
	kind argKind
	id   string // the short option it stands for, or its own name
}

// grammar is a program's option syntax: getopt_long with a "+" option
// string (options stop at the first operand, as every program here is
// built), its long options, and whether long options may be abbreviated
// (GNU getopt_long: a unique prefix, or prefixes that all name the same
// option).
type grammar struct {
	short map[byte]argKind
	long  []longOpt
}

// newGrammar builds a grammar from a getopt option string ("a:b::c") and
// long options written "name", "name:" (required value) or "name::"
// (optional value), each optionally followed by "/x" naming its short
// option, or "name:?" for a value whose arity differs between versions.
func newGrammar(shortOpts string, long ...string) grammar {
	g := grammar{short: map[byte]argKind{}}
	for i := 0; i < len(shortOpts); i++ {
		c, kind := shortOpts[i], noArg
		if i+1 < len(shortOpts) && shortOpts[i+1] == ':' {
			kind, i = reqArg, i+1
			if i+1 < len(shortOpts) && shortOpts[i+1] == ':' {
				kind, i = optArg, i+1
			}
		}
		g.short[c] = kind
	}
	for _, spec := range long {
		spec, id, hasID := strings.Cut(spec, "/")
		o := longOpt{name: spec}
		switch {
		case strings.HasSuffix(spec, ":?"):
			o.name, o.kind = strings.TrimSuffix(spec, ":?"), verArg
		case strings.HasSuffix(spec, "::"):
			o.name, o.kind = strings.TrimSuffix(spec, "::"), optArg
		case strings.HasSuffix(spec, ":"):
			o.name, o.kind = strings.TrimSuffix(spec, ":"), reqArg
		}
		o.id = o.name
		if hasID {
			o.id = id
		}
		g.long = append(g.long, o)
	}
	return g
}

// option is one option read from the command line.
type option struct {
	id       string // the short option letter, or the long option's id
	value    string
	hasValue bool
}

// errOption is what an option the gate cannot read with certainty fails
// with: unknown, ambiguous, missing its value, given a value it does not
// take. The wrapper would either refuse it or run something the gate did
// not see; either way the proposal is refused rather than guessed.
func errOption(prog, format string, args ...any) error {
	return fmt.Errorf("%w: %s: %s; a command whose options cannot be read with certainty is refused", ErrParse, prog, fmt.Sprintf(format, args...))
}

// word reads the options in args[i]. It returns operand == true when
// args[i] is not an option (an operand, or "-"), and end == true when it
// is "--" (next is then i+1). Otherwise opts holds the options the word
// carries and next is the index after it (and after a value taken from
// the following word).
func (g grammar) word(prog string, args []string, i int) (opts []option, next int, operand, end bool, err error) {
	a := args[i]
	switch {
	case a == "--":
		return nil, i + 1, false, true, nil
	case len(a) < 2 || a[0] != '-':
		return nil, i, true, false, nil
	case strings.HasPrefix(a, "--"):
		o, next, err := g.longOption(prog, args, i)
		if err != nil {
			return nil, i, false, false, err
		}
		return []option{o}, next, false, false, nil
	}
	next = i + 1
	for j := 1; j < len(a); j++ {
		c := a[j]
		kind, ok := g.short[c]
		if !ok {
			return nil, i, false, false, errOption(prog, "unknown option -%c", c)
		}
		o := option{id: string(c)}
		switch kind {
		case reqArg:
			switch {
			case j+1 < len(a):
				o.value, o.hasValue = a[j+1:], true
			case next < len(args):
				o.value, o.hasValue = args[next], true
				next++
			default:
				return nil, i, false, false, errOption(prog, "option -%c needs a value", c)
			}
			return append(opts, o), next, false, false, nil
		case optArg, verArg:
			if j+1 < len(a) {
				o.value, o.hasValue = a[j+1:], true
			}
			return append(opts, o), next, false, false, nil
		}
		opts = append(opts, o)
	}
	return opts, next, false, false, nil
}

// longOption reads the long option args[i] ("--name", "--name=value"),
// resolving an abbreviation as getopt_long does: an exact name wins; else
// the one option whose name starts with the prefix; several candidates
// are ambiguous unless they all stand for the same option with the same
// arity.
func (g grammar) longOption(prog string, args []string, i int) (option, int, error) {
	name, value, hasValue := strings.Cut(args[i][2:], "=")
	var found *longOpt
	ambiguous := false
	for k := range g.long {
		l := &g.long[k]
		if l.name == name {
			found, ambiguous = l, false
			break
		}
		if !strings.HasPrefix(l.name, name) || name == "" {
			continue
		}
		if found != nil && (found.id != l.id || found.kind != l.kind) {
			ambiguous = true
		}
		if found == nil {
			found = l
		}
	}
	switch {
	case found == nil:
		return option{}, i, errOption(prog, "unknown option --%s", name)
	case ambiguous:
		return option{}, i, errOption(prog, "option --%s is ambiguous", name)
	}
	o := option{id: found.id, value: value, hasValue: hasValue}
	next := i + 1
	switch found.kind {
	case noArg:
		if hasValue {
			return option{}, i, errOption(prog, "option --%s takes no value", found.name)
		}
	case reqArg:
		if !hasValue {
			if next >= len(args) {
				return option{}, i, errOption(prog, "option --%s needs a value", found.name)
			}
			o.value, o.hasValue = args[next], true
			next++
		}
	case verArg:
		if !hasValue {
			return option{}, i, errOption(prog, "option --%s takes its value in the next word in some versions and not in others; write --%s=VALUE", found.name, found.name)
		}
	}
	return o, next, nil
}
