package gate

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Programs an allowlist may well name (they read, search and sort) that
// run a command or write a file through their own options. Split reads
// those options with each program's option table: the command they run
// is a part of its own (Via names the option), a file they write is one
// of the part's Redirects, and an option whose effect the gate cannot
// know makes the part dynamic.

// isOptionProgram reports the programs whose options Split reads
// (besides the wrappers).
func isOptionProgram(prog string) bool {
	return prog == "find" || prog == "sort" || prog == "git"
}

// sortGrammar is GNU sort's (coreutils 9): getopt_long with in-order
// operands ("-" option string), so options are read up to "--" wherever
// they are.
var sortGrammar = newGrammar("bcCdfghik:mMno:rRsS:t:T:uVy:z",
	"ignore-leading-blanks/b", "check::", "compress-program:", "debug", "dictionary-order/d",
	"ignore-case/f", "files0-from:", "general-numeric-sort/g", "ignore-nonprinting/i", "key:/k",
	"merge/m", "month-sort/M", "numeric-sort/n", "human-numeric-sort/h", "version-sort/V",
	"random-sort/R", "random-source:", "sort:", "output:/o", "reverse/r", "stable/s",
	"batch-size:", "buffer-size:/S", "field-separator:/t", "temporary-directory:/T", "unique/u",
	"zero-terminated/z", "parallel:", "help", "version")

// sortOptions adds what sort's options do: --compress-program runs a
// program (with no arguments, or -d), -o/--output writes a file. An
// option sort does not know refuses the command, as for wrappers.
func (s *splitter) sortOptions(p Part, idx int, argv []string, args []arg, st *syntax.Stmt, depth int) {
	for i := 1; i < len(argv) && s.err == nil; {
		if args[i].dyn {
			s.opaque[idx] = true // could be an option
			i++
			continue
		}
		opts, next, operand, end, err := sortGrammar.word("sort", argv, i)
		switch {
		case err != nil:
			s.fail(err)
			return
		case end:
			return
		case operand:
			i++
			continue
		}
		valueDyn := next == i+2 && args[i+1].dyn
		for _, o := range opts {
			switch o.id {
			case "compress-program":
				s.wrapped(p, []string{o.value}, []arg{{dyn: valueDyn, from: -1}}, nil, false, "", "sort --compress-program", st, depth+1)
			case "o":
				s.addRedirect(idx, o.value, valueDyn)
			}
		}
		i = next
	}
}

// findWrites are find's actions that write the file named by their
// first argument.
var findWrites = setOf("-fprint", "-fprint0", "-fls", "-fprintf")

// addRedirect adds a file a program writes through an option to the
// Redirects of part idx.
func (s *splitter) addRedirect(idx int, file string, dyn bool) {
	q := &s.parts[idx]
	if len(q.Redirects) >= maxRedirects {
		s.fail(fmt.Errorf("%w: more than %d redirections apply to one command", ErrInvalid, maxRedirects))
		return
	}
	q.Redirects = append(cloneStrings(q.Redirects), file)
	q.Dynamic = q.Dynamic || dyn
}

// gitFlags are git's own options that take no value (git.c,
// handle_options; git does not abbreviate them).
var gitFlags = setOf("-p", "--paginate", "-P", "--no-pager", "--no-replace-objects", "--no-lazy-fetch",
	"--no-optional-locks", "--no-advice", "--bare", "--literal-pathspecs", "--glob-pathspecs",
	"--noglob-pathspecs", "--icase-pathspecs", "--html-path", "--man-path", "--info-path",
	"-v", "--version", "-h", "--help", "--exec-path")

// gitValued are git's own options that take a value, attached with "="
// or in the next word (-C and -c only in the next word).
var gitValued = setOf("-C", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--attr-source", "--list-cmds")

// gitShellKeys are configuration keys whose value git runs as a shell
// command (pager, editor, ssh, external diff, filters, drivers, hooks);
// "*" stands for a subsection. With "-c KEY=VALUE" the value is split
// as a script and its parts added (Via "git -c KEY").
var gitShellKeys = setOf("core.pager", "pager.*", "core.editor", "sequence.editor", "core.sshcommand",
	"core.fsmonitor", "diff.external", "diff.*.command", "diff.*.textconv", "filter.*.clean",
	"filter.*.smudge", "filter.*.process", "merge.*.driver", "difftool.*.cmd", "mergetool.*.cmd",
	"interactive.difffilter", "uploadpack.packobjectshook", "core.alternaterefscommand",
	"tar.*.command", "trailer.*.command", "trailer.*.cmd", "browser.*.cmd", "man.*.cmd",
	"sendemail.sendmailcmd")

// gitInertKeys are configuration keys (or whole sections, "color.*")
// whose value names no program, file or repository git acts on. Any key
// neither here nor in gitShellKeys makes the part dynamic: git's
// configuration has many ways to run a program (gpg.program,
// core.hooksPath, credential.helper, alias.x=-c..., include.path,
// protocol.ext.allow, url.X.insteadOf, ...).
var gitInertKeys = setOf("color.*", "column.*", "advice.*", "i18n.*", "user.name", "user.email",
	"core.quotepath", "core.autocrlf", "core.safecrlf", "core.eol", "core.filemode", "core.ignorecase",
	"core.abbrev", "core.whitespace", "core.commentchar", "core.precomposeunicode", "init.defaultbranch",
	"log.date", "log.decorate", "log.abbrevcommit", "log.follow", "log.mailmap", "diff.renames",
	"diff.renamelimit", "diff.noprefix", "diff.mnemonicprefix", "diff.algorithm", "diff.colormoved",
	"diff.context", "diff.interhunkcontext", "diff.relative", "diff.statgraphwidth", "diff.indentheuristic",
	"status.short", "status.branch", "status.showuntrackedfiles", "status.relativepaths", "grep.linenumber",
	"grep.column", "grep.patterntype", "grep.extendedregexp", "grep.fullname", "merge.conflictstyle",
	"branch.sort", "tag.sort", "commit.verbose", "push.default", "fetch.prune", "pull.ff", "blame.date",
	"protocol.version", "format.pretty")

// gitKeyPattern is a configuration key as the tables above spell it:
// section and name in lower case, any subsection as "*".
func gitKeyPattern(key string) (pattern, section string) {
	first, last := strings.IndexByte(key, '.'), strings.LastIndexByte(key, '.')
	if first <= 0 || last == len(key)-1 {
		return "", ""
	}
	section = strings.ToLower(key[:first])
	name := strings.ToLower(key[last+1:])
	if first == last {
		return section + "." + name, section
	}
	return section + ".*." + name, section
}

// isGitBool reports a value git reads as a boolean (pager.<cmd> and
// core.fsmonitor then name no program).
func isGitBool(v string) bool {
	switch strings.ToLower(v) {
	case "", "true", "false", "yes", "no", "on", "off", "1", "0":
		return true
	}
	return false
}

// gitConfigValue judges one "KEY=VALUE" git configuration given on the
// command line (-c, clone -c/--config): a shell command becomes parts of
// its own; an inert key nothing; any other key makes part idx dynamic.
func (s *splitter) gitConfigValue(p Part, idx int, kv string, dyn bool) {
	key, value, _ := strings.Cut(kv, "=")
	pattern, section := gitKeyPattern(key)
	switch {
	case dyn:
		s.markDynamic(idx)
	case (pattern == "pager.*" || pattern == "core.fsmonitor") && isGitBool(value):
		// on or off: git's own pager or daemon
	case gitShellKeys[pattern]:
		s.runScript(p, value, "git -c "+key)
	case gitInertKeys[pattern] || gitInertKeys[section+".*"]:
	case section == "alias" && strings.HasPrefix(value, "!"):
		s.runScript(p, value[1:], "git -c "+key)
	default:
		s.markDynamic(idx)
	}
}

// markDynamic marks part idx dynamic and as running code Split cannot
// see.
func (s *splitter) markDynamic(idx int) {
	s.parts[idx].Dynamic = true
	s.opaque[idx] = true
}

// gitRiskySubcommands run programs or scripts that their configuration,
// not their words, names (difftool, mergetool, help's viewers, daemons,
// remote helpers), or whole scripts (filter-branch): the part is
// dynamic.
var gitRiskySubcommands = setOf("difftool", "mergetool", "filter-branch", "send-email", "daemon", "instaweb",
	"web--browse", "help", "credential", "credential-cache", "credential-store", "remote-ext", "remote-fd",
	"hook", "upload-pack", "receive-pack", "upload-archive", "shell", "http-backend", "p4", "svn",
	"cvsimport", "cvsserver", "cvsexportcommit", "archimport", "quiltimport")

// gitOption is an option of a git subcommand whose value is a command
// git runs through the shell, or a configuration for the new repository.
type gitOption struct {
	long   string
	short  byte // 0 for none
	config bool // the value is KEY=VALUE configuration (clone -c)
}

// gitSubOptions are, by subcommand, its options that run a command or
// set configuration, and (valued) its short options that take a value,
// which end a cluster of short options ("-eOK" is -e OK). git
// abbreviates long options to any unique prefix, so any prefix of these
// names counts.
var gitSubOptions = map[string]struct {
	opts   []gitOption
	valued string
}{
	"clone":      {[]gitOption{{"upload-pack", 'u', false}, {"config", 'c', true}}, "objbcj"},
	"fetch":      {[]gitOption{{"upload-pack", 0, false}}, "jo"},
	"pull":       {[]gitOption{{"upload-pack", 0, false}}, "jsXo"},
	"ls-remote":  {[]gitOption{{"upload-pack", 0, false}}, "o"},
	"fetch-pack": {[]gitOption{{"upload-pack", 0, false}, {"exec", 0, false}}, ""},
	"archive":    {[]gitOption{{"exec", 0, false}}, "o"},
	"push":       {[]gitOption{{"receive-pack", 0, false}, {"exec", 0, false}}, "o"},
	"send-pack":  {[]gitOption{{"receive-pack", 0, false}, {"exec", 0, false}}, ""},
	"rebase":     {[]gitOption{{"exec", 'x', false}}, "sXSC"},
	"grep":       {[]gitOption{{"open-files-in-pager", 'O', false}}, "ABCefm"},
}

// gitOptions adds what git runs that its words show: its own options
// (-c KEY=VALUE, --config-env, --exec-path=DIR, which runs git-SUB from
// DIR), then per subcommand: config writes, command options (fetch
// --upload-pack=CMD, rebase -x CMD, grep -O CMD, ...), "bisect run CMD"
// and "submodule foreach CMD". What git runs from configuration files
// and hooks already on disk is not in the command and not reported.
func (s *splitter) gitOptions(p Part, idx int, argv []string, args []arg, st *syntax.Stmt, depth int) {
	i := 1
	for ; i < len(argv) && s.err == nil; i++ {
		a := argv[i]
		if args[i].dyn {
			s.markDynamic(idx)
			return
		}
		name, _, attached := strings.Cut(a, "=")
		switch {
		case a == "-c":
			if i+1 < len(argv) {
				i++
				s.gitConfigValue(p, idx, argv[i], args[i].dyn)
			}
		case name == "--config-env" || strings.HasPrefix(a, "--exec-path="):
			s.markDynamic(idx) // a value from the environment; git-SUB from another directory
			if name == "--config-env" && !attached {
				i++
			}
		case gitFlags[a]:
		case gitValued[name]:
			if !attached {
				i++
			}
		case strings.HasPrefix(a, "-"):
			s.markDynamic(idx) // not an option git knows: a newer one, or none
			return
		default:
			s.gitSubcommand(p, idx, argv[i:], args[i:], st, depth)
			return
		}
	}
}

func (s *splitter) gitSubcommand(p Part, idx int, argv []string, args []arg, st *syntax.Stmt, depth int) {
	sub := argv[0]
	switch {
	case gitRiskySubcommands[sub]:
		s.markDynamic(idx)
		return
	case sub == "config":
		s.gitConfig(idx, argv, args)
		return
	case (sub == "init" || sub == "clone") && hasLongOption(argv, args, "template"):
		s.markDynamic(idx) // hooks from a template directory
	case sub == "bisect" && len(argv) > 2 && argv[1] == "run" && !args[1].dyn:
		s.wrapped(p, argv[2:], args[2:], nil, false, "", "git bisect run", st, depth+1)
		return
	case sub == "submodule":
		for k := 1; k < len(argv); k++ {
			if args[k].dyn {
				s.markDynamic(idx)
				return
			}
			if argv[k] == "foreach" {
				k++
				for k < len(argv) && !args[k].dyn && strings.HasPrefix(argv[k], "-") && argv[k] != "--" {
					k++ // --recursive, --quiet
				}
				if k < len(argv) && argv[k] == "--" {
					k++
				}
				if k < len(argv) {
					s.runWords(p, idx, argv[k:], args[k:], "git submodule foreach")
				}
				return
			}
		}
	}
	table := gitSubOptions[sub]
	for k := 1; k < len(argv) && s.err == nil; k++ {
		if args[k].dyn {
			s.markDynamic(idx)
			continue
		}
		if argv[k] == "--" {
			return
		}
		o, value, found, vdyn, consumed := gitSubOption(table.opts, table.valued, argv, args, k)
		k += consumed
		switch {
		case !found:
		case vdyn:
			s.markDynamic(idx)
		case o.config:
			s.gitConfigValue(p, idx, value, false)
		case value == "":
			s.markDynamic(idx) // grep -O with no value: the configured pager
		default:
			s.runScript(p, value, "git "+sub+" --"+o.long)
		}
	}
}

// gitSubOption reads argv[k] against a subcommand's options: found
// reports one of opts, value is its value, consumed how many more words
// it took. grep's -O and --open-files-in-pager take their value attached
// only.
func gitSubOption(opts []gitOption, valued string, argv []string, args []arg, k int) (o gitOption, value string, found, dyn bool, consumed int) {
	a := argv[k]
	next := func(o gitOption) (gitOption, string, bool, bool, int) {
		if o.long == "open-files-in-pager" || k+1 >= len(argv) {
			return o, "", true, false, 0
		}
		return o, argv[k+1], true, args[k+1].dyn, 1
	}
	switch {
	case len(a) < 2 || a[0] != '-':
		return
	case a[1] != '-':
		// A cluster of short options: a value-taking one ends it.
		for j := 1; j < len(a); j++ {
			for _, o := range opts {
				if o.short == a[j] {
					if rest := a[j+1:]; rest != "" {
						return o, rest, true, false, 0
					}
					return next(o)
				}
			}
			if strings.IndexByte(valued, a[j]) >= 0 {
				return
			}
		}
		return
	}
	name, v, attached := strings.Cut(a[2:], "=")
	for _, o := range opts {
		if name == "" || !strings.HasPrefix(o.long, name) {
			continue
		}
		if attached {
			return o, v, true, false, 0
		}
		return next(o)
	}
	return
}

// hasLongOption reports a word that is, or abbreviates, --name.
func hasLongOption(argv []string, args []arg, name string) bool {
	for k := 1; k < len(argv); k++ {
		if args[k].dyn {
			return true
		}
		if argv[k] == "--" {
			return false
		}
		if n, _, _ := strings.Cut(argv[k], "="); len(n) > 2 && strings.HasPrefix(n, "--") && strings.HasPrefix(name, n[2:]) {
			return true
		}
	}
	return false
}

// gitConfig judges "git config": a write of a key that is not inert
// (its value takes effect in later git commands, this proposal's or
// another's), an edit (runs the editor) or a section rename makes the
// part dynamic; reads and removals are plain.
func (s *splitter) gitConfig(idx int, argv []string, args []arg) {
	var ops []string
	write, read := false, false
	for k := 1; k < len(argv); k++ {
		a := argv[k]
		if args[k].dyn {
			s.markDynamic(idx)
			return
		}
		switch {
		case a == "--":
			ops = append(ops, argv[k+1:]...)
			k = len(argv)
		case a == "-e" || a == "--edit" || a == "--rename-section":
			s.markDynamic(idx)
			return
		case a == "--add" || a == "--replace-all" || a == "--append":
			write = true
		case a == "-f" || a == "--file" || a == "--blob" || a == "--type" || a == "--default" || a == "--comment" || a == "--value":
			k++
		case strings.HasPrefix(a, "--get") || a == "-l" || a == "--list" || strings.HasPrefix(a, "--unset") || a == "--remove-section":
			read = true
		case strings.HasPrefix(a, "-") && len(a) > 1:
		default:
			ops = append(ops, a)
		}
	}
	var key string
	switch {
	case read || len(ops) == 0:
		return
	case ops[0] == "edit" || ops[0] == "rename-section":
		s.markDynamic(idx)
		return
	case ops[0] == "set" && len(ops) >= 3:
		key = ops[1]
	case len(ops) >= 2 && (write || !isGitConfigVerb(ops[0])):
		key = ops[0]
	default:
		return // a read, or a subcommand that writes no value
	}
	pattern, section := gitKeyPattern(key)
	if !gitInertKeys[pattern] && !gitInertKeys[section+".*"] {
		s.markDynamic(idx)
	}
}

// isGitConfigVerb reports a subcommand of "git config" (git 2.46 and
// later) that writes no value.
func isGitConfigVerb(w string) bool {
	switch w {
	case "get", "list", "unset", "remove-section", "get-color", "get-colorbool":
		return true
	}
	return false
}
