package gate

import (
	"fmt"
	"path"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// MaxCommandBytes is the longest command line the gates accept; a longer
// one is denied with ErrInvalid before it is parsed.
const MaxCommandBytes = 64 << 10

// Part is one simple command found in a command line: what one process (or
// one shell builtin) would run, with the files it would redirect to or from.
type Part struct {
	// Text is the part's source text, including its own redirections.
	Text string
	// Argv holds the words after quote removal ("r'm'" is "rm"). A word
	// whose value is only known when the shell runs (parameter, command or
	// arithmetic expansion, a glob, a brace expansion, a leading tilde) is
	// kept as its source text and Dynamic is set.
	Argv []string
	// Program is the base name of Argv[0] ("/usr/bin/rm" gives "rm"), or
	// "" when the part has no words (a bare assignment or redirection).
	// When Argv[0] is dynamic ("$CMD", "{rm,-rf,/}"), Program is its
	// source text, which no program name equals.
	// Keywords that run no program give a marker: "[[" for a test clause,
	// "((" for an arithmetic command, "let", and the declaration builtins
	// ("export", "declare", ...).
	Program string
	// Redirects are the file targets of every redirection that applies to
	// the part, its own and those of enclosing blocks, loops and
	// conditionals ("{ a; b; } > f" gives f to both): outputs, inputs and
	// read-write (">", ">>", ">|", "&>", "&>>", "<", "<>", and ">&" to a
	// file). Descriptor duplications ("2>&1"), here-documents and
	// here-strings are not file targets and are not listed; a command
	// substitution inside them is split into its own parts.
	Redirects []string
	// Assigns are the variable assignments the part makes, as source text:
	// those in front of a command ("LD_PRELOAD=x ping" gives
	// "LD_PRELOAD=x"), a bare "x=1", and those of declaration builtins
	// ("export LD_PRELOAD=x").
	Assigns []string
	// Dynamic reports that some word of Argv or Redirects is only known
	// at run time.
	Dynamic bool
	// Via is "" for a part of the command line itself. For a command that
	// another part runs, it names the nearest runner: "bash -c" (any of sh,
	// bash, dash, zsh, ksh, mksh, ash, yash with a -c option), "bash <<" (a
	// shell reading its script from a here-document or here-string),
	// "eval", a wrapper ("sudo", "env", "xargs", "timeout", ...) or
	// "find -exec". Text is then the text of that command, and the
	// runner's redirections are added to Redirects.
	Via string
}

var parserPool = sync.Pool{New: func() any {
	return syntax.NewParser(syntax.Variant(syntax.LangBash))
}}

// Split parses command as a bash command line and returns every simple
// command in it, each of which a gate must judge on its own: the parts of
// lists (";", "&", "&&", "||"), pipelines ("|", "|&"), subshells, blocks,
// conditionals, loops and function bodies, and those nested in command
// substitutions ("$( )", backticks), process substitutions ("<( )",
// ">( )"), here-documents, redirection targets, assignments, parameter
// expansions and arithmetic, of the literal scripts run by "sh -c", eval
// or a shell reading a here-document, and the commands run by wrappers
// such as sudo, env, xargs and find -exec (see [Part.Via]). Parts come in source order of their start,
// outer before inner.
//
// A statement that has redirections but contains no simple command
// ("> file", "case x in esac > file") still yields a part with no words, so
// the redirection target is judged.
//
// Split returns an error wrapping ErrParse when the command (or such a
// script, or scripts nested more than 4 deep) does not parse, and
// ErrInvalid when it is empty, longer than [MaxCommandBytes], not UTF-8,
// contains a control character other than tab and newline or an invisible
// format character (bidi controls, zero-width characters, "Trojan Source"),
// or holds more than 1000 simple commands or more than 64 redirections
// applying to one of them; these limits keep Split linear on hostile
// input. It is safe for concurrent use.
func Split(command string) ([]Part, error) {
	if err := validCommand(command); err != nil {
		return nil, err
	}
	if p, ok := fastSplit(command); ok {
		return []Part{p}, nil
	}
	parts, err := split(command, 0)
	if err != nil {
		return nil, err
	}
	if len(parts) == 0 {
		return nil, fmt.Errorf("%w: no command in the text", ErrInvalid)
	}
	return parts, nil
}

// plainByte marks the bytes that mean nothing special to bash anywhere in a
// word: letters, digits and - . / _ : @ + ,
var plainByte = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for _, c := range "-./_:@+," {
		t[c] = true
	}
	return t
}()

// notPlainFirst are first words the parser treats specially (keywords,
// declaration builtins) or that run a script Split must parse.
var notPlainFirst = map[string]bool{
	"if": true, "then": true, "else": true, "elif": true, "fi": true, "do": true, "done": true,
	"case": true, "esac": true, "for": true, "select": true, "while": true, "until": true,
	"function": true, "time": true, "coproc": true, "in": true,
	"declare": true, "local": true, "export": true, "readonly": true, "typeset": true, "nameref": true, "let": true,
	"eval": true,
}

// fastSplit returns the single part of a command made only of plain words
// separated by blanks ("ping -c 1 127.0.0.1"), the common case, without
// running the parser. ok is false whenever the parser is needed; the
// result is then exactly what the parser path gives (FuzzSplitCommand
// checks this).
func fastSplit(command string) (Part, bool) {
	text := strings.Trim(command, " \t")
	if text == "" {
		return Part{}, false
	}
	words := 1
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == ' ' || c == '\t':
			if text[i-1] != ' ' && text[i-1] != '\t' {
				words++
			}
		case !plainByte[c]:
			return Part{}, false
		}
	}
	argv := make([]string, 0, words)
	for w := range strings.FieldsFuncSeq(text, func(r rune) bool { return r == ' ' || r == '\t' }) {
		argv = append(argv, w)
	}
	if notPlainFirst[argv[0]] {
		return Part{}, false
	}
	prog := path.Base(argv[0])
	if shells[prog] || wrappers[prog].known || prog == "find" || strings.HasSuffix(argv[0], "/") {
		return Part{}, false
	}
	return Part{Text: text, Argv: argv, Program: prog}, true
}

// maxScriptDepth bounds how deep Split follows "bash -c" and eval scripts.
const maxScriptDepth = 4

func split(command string, depth int) ([]Part, error) {
	p := parserPool.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(command), "")
	parserPool.Put(p) // safe: Parse leaves no node memory in the parser
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrParse, err)
	}
	s := splitter{src: command, stack: make([]frame, 0, 8), depth: depth}
	for _, st := range f.Stmts {
		s.walk(st)
	}
	if s.err != nil {
		return nil, s.err
	}
	return s.parts, nil
}

func validCommand(command string) error {
	switch {
	case strings.TrimSpace(command) == "":
		return fmt.Errorf("%w: empty command", ErrInvalid)
	case len(command) > MaxCommandBytes:
		return fmt.Errorf("%w: command is %d bytes, over the %d-byte limit", ErrInvalid, len(command), MaxCommandBytes)
	case !utf8.ValidString(command):
		return fmt.Errorf("%w: command is not valid UTF-8", ErrInvalid)
	}
	if r, bad := hiddenRune(command, true); bad {
		return fmt.Errorf("%w: command contains control or invisible format character %U", ErrInvalid, r)
	}
	return nil
}

// hiddenRune finds a control character (other than tab, and newline when
// newlines is true) or an invisible format character (bidi controls,
// zero-width characters, soft hyphen): what makes a command read
// differently to a person, a log and a shell.
func hiddenRune(s string, newlines bool) (rune, bool) {
	for _, r := range s {
		if r == '\t' || newlines && r == '\n' {
			continue
		}
		if r < 0x20 || r == 0x7f || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029' {
			return r, true
		}
	}
	return 0, false
}

type frame struct {
	node syntax.Node
	// inh: the file targets of this statement's own redirections followed
	// by those of every enclosing statement up to the nearest substitution
	// (shared with the parent frame when the statement has none).
	inh      []string
	inhDyn   bool // some target in inh is dynamic
	own      bool // the statement has redirections of its own
	compound bool // a statement whose command is not a simple command
	covered  bool // some part inherited this frame's redirections
	boundary bool // command or process substitution: no inheritance
}

// Limits that keep Split linear on hostile input; going over fails with
// ErrInvalid (no agent needs more in one proposal).
const (
	maxParts     = 1000 // simple commands per command line
	maxRedirects = 64   // redirection targets applying to one part
)

type splitter struct {
	depth int
	src   string
	stack []frame
	parts []Part
	err   error
}

func (s *splitter) walk(root syntax.Node) {
	syntax.Walk(root, func(n syntax.Node) bool {
		if n == nil {
			s.leave()
			return true
		}
		if s.err != nil {
			return false
		}
		fr := frame{node: n}
		if top := len(s.stack) - 1; top >= 0 && !s.stack[top].boundary {
			fr.inh, fr.inhDyn = s.stack[top].inh, s.stack[top].inhDyn
		}
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			fr.boundary, fr.inh, fr.inhDyn = true, nil, false
		case *syntax.Stmt:
			own, dyn := s.targets(n.Redirs)
			if len(own) > 0 {
				if len(own)+len(fr.inh) > maxRedirects {
					s.fail(fmt.Errorf("%w: more than %d redirections apply to one command", ErrInvalid, maxRedirects))
					return false
				}
				fr.inh, fr.own = append(own, fr.inh...), true
				fr.inhDyn = fr.inhDyn || dyn
			}
			if isLeaf(n.Cmd) {
				s.emit(n, fr)
				s.cover()
			} else {
				fr.compound = true
			}
		}
		s.stack = append(s.stack, fr)
		return true
	})
}

func (s *splitter) leave() {
	fr := s.stack[len(s.stack)-1]
	s.stack = s.stack[:len(s.stack)-1]
	if fr.compound && fr.own && !fr.covered && s.err == nil {
		st := fr.node.(*syntax.Stmt)
		s.add(Part{
			Text:      s.slice(st.Pos(), st.End()),
			Redirects: append([]string(nil), fr.inh...),
			Dynamic:   fr.inhDyn,
		})
		s.cover()
	}
}

// cover marks the enclosing frames up to the nearest substitution as
// having passed their redirections on to a part. A covered frame's
// ancestors are covered already, so the walk stops there.
func (s *splitter) cover() {
	for i := len(s.stack) - 1; i >= 0; i-- {
		fr := &s.stack[i]
		if fr.boundary || fr.covered {
			return
		}
		fr.covered = true
	}
}

// add appends a part, failing past maxParts.
func (s *splitter) add(p Part) {
	if len(s.parts) >= maxParts {
		s.fail(fmt.Errorf("%w: more than %d simple commands", ErrInvalid, maxParts))
		return
	}
	s.parts = append(s.parts, p)
}

func isLeaf(c syntax.Command) bool {
	switch c.(type) {
	case nil, *syntax.CallExpr, *syntax.DeclClause, *syntax.LetClause, *syntax.TestClause, *syntax.ArithmCmd:
		return true
	}
	return false
}

func (s *splitter) emit(st *syntax.Stmt, fr frame) {
	p := Part{}
	end := st.Pos()
	if st.Cmd != nil {
		end = st.Cmd.End()
	}
	for _, r := range st.Redirs {
		if r.Word != nil && r.Word.End().Offset() > end.Offset() {
			end = r.Word.End()
		}
	}
	p.Text = s.slice(st.Pos(), end)
	if len(fr.inh) > 0 {
		p.Redirects = append([]string(nil), fr.inh...)
	}
	p.Dynamic = fr.inhDyn
	var dynWords []bool // per Argv word, for CallExpr only
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		for _, a := range c.Assigns {
			p.Assigns = append(p.Assigns, s.slice(a.Pos(), a.End()))
		}
		for _, w := range c.Args {
			v, dyn := s.word(w)
			p.Argv = append(p.Argv, v)
			p.Dynamic = p.Dynamic || dyn
			dynWords = append(dynWords, dyn)
		}
	case *syntax.DeclClause:
		p.Argv = append(p.Argv, c.Variant.Value)
		for _, a := range c.Args {
			text := s.slice(a.Pos(), a.End())
			p.Argv = append(p.Argv, text)
			if !a.Naked {
				p.Assigns = append(p.Assigns, text) // "export LD_PRELOAD=x" sets the environment too
			}
			p.Dynamic = p.Dynamic || !a.Naked && a.Value != nil && !isLiteral(a.Value) || a.Array != nil
		}
	case *syntax.LetClause:
		p.Argv = append(p.Argv, "let")
		for _, e := range c.Exprs {
			p.Argv = append(p.Argv, s.slice(e.Pos(), e.End()))
			p.Dynamic = p.Dynamic || hasExpansion(e)
		}
	case *syntax.TestClause:
		p.Argv = []string{"[[", s.slice(c.X.Pos(), c.X.End()), "]]"}
		p.Dynamic = p.Dynamic || hasExpansion(c.X)
	case *syntax.ArithmCmd:
		p.Argv = []string{"((", s.slice(c.X.Pos(), c.X.End()), "))"}
		p.Dynamic = p.Dynamic || hasExpansion(c.X)
	}
	if len(p.Argv) > 0 {
		p.Program = path.Base(p.Argv[0])
		if p.Argv[0] == "" || strings.HasSuffix(p.Argv[0], "/") || len(dynWords) > 0 && dynWords[0] {
			p.Program = p.Argv[0]
		}
	}
	s.add(p)
	if c, ok := st.Cmd.(*syntax.CallExpr); ok && len(dynWords) == len(p.Argv) && s.err == nil {
		s.nested(p, dynWords, st)
		s.unwrap(p, c.Args, dynWords, st)
	}
}

// shells are the programs whose -c argument is a script.
var shells = map[string]bool{"sh": true, "bash": true, "dash": true, "zsh": true, "ksh": true, "mksh": true, "ash": true, "yash": true}

// nested appends the parts of the script that p runs ("bash -c 'script'",
// "eval word...", "sh <<EOF ... EOF", "bash <<< 'cmd'"), when that script
// is literal. The outer part stays: this only ever adds parts to judge. A
// script that does not parse fails Split.
func (s *splitter) nested(p Part, dynWords []bool, st *syntax.Stmt) {
	switch {
	case p.Program == "eval" && len(p.Argv) > 1:
		for _, d := range dynWords[1:] {
			if d {
				return // not knowable before run time; the part is Dynamic
			}
		}
		s.runScript(p, strings.Join(p.Argv[1:], " "), "eval")
	case shells[p.Program]:
		if i := shellScript(p.Argv[1:]); i >= 0 {
			if !dynWords[i+1] {
				s.runScript(p, p.Argv[i+1], p.Program+" -c")
			}
			return
		}
		if !readsStdin(p.Argv[1:]) {
			return
		}
		// "sh <<EOF ... EOF" and "bash <<< 'cmd'": the shell reads its
		// script from the here-document or here-string.
		for _, r := range st.Redirs {
			if body, ok := s.stdinScript(r); ok {
				s.runScript(p, body, p.Program+" <<")
			}
		}
	}
}

// stdinScript returns the literal text a here-document or here-string
// feeds to standard input.
func (s *splitter) stdinScript(r *syntax.Redirect) (string, bool) {
	switch r.Op {
	case syntax.Hdoc, syntax.DashHdoc:
		if r.Hdoc == nil || r.Word == nil {
			return "", false
		}
		var b strings.Builder
		for _, wp := range r.Hdoc.Parts {
			lit, ok := wp.(*syntax.Lit)
			if !ok {
				return "", false // expanded at run time; its substitutions are parts already
			}
			b.WriteString(lit.Value)
		}
		body := b.String()
		quoted := false
		for _, wp := range r.Word.Parts {
			switch wp := wp.(type) {
			case *syntax.SglQuoted, *syntax.DblQuoted:
				quoted = true
			case *syntax.Lit:
				quoted = quoted || strings.Contains(wp.Value, "\\")
			}
		}
		if !quoted && strings.ContainsAny(body, "$`\\") {
			return "", false
		}
		return body, true
	case syntax.WordHdoc:
		v, dyn := s.word(r.Word)
		return v, !dyn
	}
	return "", false
}

// readsStdin reports whether a shell with these arguments reads its
// script from standard input: only options, no -c, no script file.
func readsStdin(args []string) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return true
		case a == "-o" || a == "+o" || a == "-O" || a == "+O":
			i++
		case len(a) > 1 && (a[0] == '-' || a[0] == '+'):
			if a[0] == '-' && !strings.HasPrefix(a, "--") && strings.ContainsRune(a, 'c') {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// runScript splits a script that p runs and appends its parts, marked
// with via and carrying p's redirections.
func (s *splitter) runScript(p Part, script, via string) {
	if strings.TrimSpace(script) == "" {
		return
	}
	if s.depth >= maxScriptDepth {
		s.fail(fmt.Errorf("%w: scripts nested more than %d deep", ErrParse, maxScriptDepth))
		return
	}
	inner, err := split(script, s.depth+1)
	if err != nil {
		if s.depth == 0 {
			err = fmt.Errorf("the script of %s: %w", via, err)
		}
		s.fail(err)
		return
	}
	for _, q := range inner {
		if q.Via == "" {
			q.Via = via
		}
		if len(q.Redirects)+len(p.Redirects) > maxRedirects {
			s.fail(fmt.Errorf("%w: more than %d redirections apply to one command", ErrInvalid, maxRedirects))
			return
		}
		q.Redirects = append(q.Redirects, p.Redirects...)
		s.add(q)
	}
}

// wrapSpec is the option grammar of a program that runs its arguments as
// a command.
type wrapSpec struct {
	known      bool
	argOpts    string   // short options that take an argument
	longArg    []string // long options that take a separate argument
	assigns    bool     // NAME=value words may precede the command
	positional int      // words between the options and the command
	script     string   // option whose argument is a script (env -S)
	joined     bool     // the remaining words are joined into a script (watch)
}

// wrappers run the command in their arguments; Split adds that command as
// a part of its own (Via names the wrapper), so "sudo rm" meets the rules
// for rm. Only parts are added: a wrapper is still a part itself.
var wrappers = map[string]wrapSpec{
	"sudo":    {known: true, argOpts: "CDghpRrtTUu", longArg: []string{"--user", "--group", "--host", "--prompt", "--chdir", "--chroot", "--role", "--type", "--command-timeout", "--other-user", "--close-from"}, assigns: true},
	"doas":    {known: true, argOpts: "uC"},
	"env":     {known: true, argOpts: "uCS", longArg: []string{"--unset", "--chdir", "--split-string"}, assigns: true, script: "S"},
	"nice":    {known: true, argOpts: "n", longArg: []string{"--adjustment"}},
	"nohup":   {known: true},
	"setsid":  {known: true},
	"command": {known: true},
	"builtin": {known: true},
	"exec":    {known: true, argOpts: "a"},
	"time":    {known: true, argOpts: "fo", longArg: []string{"--format", "--output"}},
	"timeout": {known: true, argOpts: "sk", longArg: []string{"--signal", "--kill-after"}, positional: 1},
	"stdbuf":  {known: true, argOpts: "ioe", longArg: []string{"--input", "--output", "--error"}},
	"ionice":  {known: true, argOpts: "cnp", longArg: []string{"--class", "--classdata", "--pid"}},
	"chroot":  {known: true, longArg: []string{"--userspec", "--groups"}, positional: 1},
	"xargs":   {known: true, argOpts: "adEILnPs", longArg: []string{"--arg-file", "--delimiter", "--max-lines", "--max-args", "--max-procs", "--max-chars", "--process-slot-var"}},
	"watch":   {known: true, argOpts: "n", longArg: []string{"--interval"}, joined: true},
}

// unwrap adds the command a wrapper (sudo, env, xargs, timeout, ...) or
// find -exec runs as a part of its own, and follows it further (a wrapped
// shell's -c script, a wrapped wrapper).
func (s *splitter) unwrap(p Part, words []*syntax.Word, dynWords []bool, st *syntax.Stmt) {
	if s.err != nil || len(p.Argv) < 2 {
		return
	}
	if p.Program == "find" {
		for k := 1; k < len(p.Argv); k++ {
			switch p.Argv[k] {
			case "-exec", "-execdir", "-ok", "-okdir":
				j := k + 1
				for j < len(p.Argv) && p.Argv[j] != ";" && p.Argv[j] != "+" {
					j++
				}
				if j > k+1 {
					s.wrapped(p, words[k+1:j], p.Argv[k+1:j], dynWords[k+1:j], nil, "find "+p.Argv[k], st)
				}
				k = j
			}
		}
		return
	}
	spec := wrappers[p.Program]
	if !spec.known {
		return
	}
	i, script, hasScript := 1, "", false
options:
	for i < len(p.Argv) {
		a := p.Argv[i]
		switch {
		case a == "--":
			i++
			break options
		case strings.HasPrefix(a, "--"):
			name, value, eq := strings.Cut(a, "=")
			isArg := false
			for _, l := range spec.longArg {
				isArg = isArg || l == name
			}
			if isArg && !eq && i+1 < len(p.Argv) {
				value = p.Argv[i+1]
				i++
			}
			if name == "--split-string" && spec.script != "" {
				script, hasScript = value, true
			}
			i++
		case len(a) > 1 && a[0] == '-':
			for j := 1; j < len(a); j++ {
				if strings.IndexByte(spec.argOpts, a[j]) < 0 {
					continue
				}
				value := a[j+1:]
				if value == "" && i+1 < len(p.Argv) {
					value = p.Argv[i+1]
					i++
				}
				if spec.script != "" && a[j] == spec.script[0] {
					script, hasScript = value, true
				}
				break
			}
			i++
		default:
			break options
		}
	}
	var assigns []string
	for spec.assigns && i < len(p.Argv) && isAssignment(p.Argv[i]) {
		assigns = append(assigns, p.Argv[i])
		i++
	}
	i += spec.positional
	via := p.Program
	if hasScript {
		s.runScript(p, script, via+" -"+spec.script)
	}
	if i >= len(p.Argv) {
		return
	}
	if spec.joined {
		for _, d := range dynWords[i:] {
			if d {
				return
			}
		}
		s.runScript(p, strings.Join(p.Argv[i:], " "), via)
		return
	}
	s.wrapped(p, words[i:], p.Argv[i:], dynWords[i:], assigns, via, st)
}

// wrapped adds the part a wrapper runs and follows it.
func (s *splitter) wrapped(p Part, words []*syntax.Word, argv []string, dynWords []bool, assigns []string, via string, st *syntax.Stmt) {
	q := Part{
		Text:      s.slice(words[0].Pos(), words[len(words)-1].End()),
		Argv:      append([]string(nil), argv...),
		Program:   path.Base(argv[0]),
		Redirects: p.Redirects,
		Assigns:   append(append([]string(nil), p.Assigns...), assigns...),
		Dynamic:   p.Dynamic,
		Via:       via,
	}
	if argv[0] == "" || strings.HasSuffix(argv[0], "/") || dynWords[0] {
		q.Program = argv[0]
	}
	if len(q.Assigns) == 0 {
		q.Assigns = nil
	}
	s.add(q)
	if s.err == nil {
		s.nested(q, dynWords, st)
		s.unwrap(q, words, dynWords, st)
	}
}

// isAssignment reports a NAME=value word.
func isAssignment(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	if !ok || name == "" {
		return false
	}
	for i, c := range name {
		if c != '_' && !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// shellScript returns the index in args of a shell's -c script, or -1.
func shellScript(args []string) int {
	sawC := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--" || a == "-":
			if sawC && i+1 < len(args) {
				return i + 1
			}
			return -1
		case a == "-o" || a == "+o" || a == "-O" || a == "+O":
			i++ // takes an option name
		case len(a) > 1 && (a[0] == '-' || a[0] == '+'):
			if a[0] == '-' && !strings.HasPrefix(a, "--") && strings.ContainsRune(a, 'c') {
				sawC = true
			}
		default:
			if sawC {
				return i
			}
			return -1 // a script file, not a -c string
		}
	}
	return -1
}

func (s *splitter) fail(err error) {
	if s.err == nil {
		s.err = err
	}
}

func (s *splitter) slice(from, to syntax.Pos) string {
	a, b := int(from.Offset()), int(to.Offset())
	if a < 0 || b > len(s.src) || a > b {
		if s.err == nil {
			s.err = fmt.Errorf("%w: position out of range", ErrParse)
		}
		return ""
	}
	return s.src[a:b]
}

// targets returns the file targets of redirs.
func (s *splitter) targets(redirs []*syntax.Redirect) ([]string, bool) {
	var out []string
	dyn := false
	for _, r := range redirs {
		if r.Word == nil {
			continue
		}
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			continue
		case syntax.DplIn, syntax.DplOut:
			v, d := s.word(r.Word)
			if !d && isFD(v) {
				continue
			}
			out = append(out, v)
			dyn = dyn || d
		default:
			v, d := s.word(r.Word)
			out = append(out, v)
			dyn = dyn || d
		}
	}
	return out, dyn
}

// isFD reports a descriptor duplication target: "1", "2-", "-".
func isFD(v string) bool {
	v = strings.TrimSuffix(v, "-")
	if v == "" {
		return true
	}
	_, err := strconv.Atoi(v)
	return err == nil
}

// hasExpansion reports whether n contains a parameter, command, process or
// arithmetic expansion.
func hasExpansion(n syntax.Node) bool {
	found := false
	syntax.Walk(n, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp:
			found = true
		}
		return !found
	})
	return found
}

func isLiteral(w *syntax.Word) bool {
	_, dyn := literal(w)
	return !dyn
}

// word returns w after quote removal, or its source text when it is
// dynamic.
func (s *splitter) word(w *syntax.Word) (string, bool) {
	v, dyn := literal(w)
	if dyn {
		return s.slice(w.Pos(), w.End()), true
	}
	return v, false
}

// literal performs quote removal on w. It reports dynamic when the word's
// value depends on the shell's state at run time.
func literal(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for i, wp := range w.Parts {
		switch wp := wp.(type) {
		case *syntax.Lit:
			if unquotedLit(&b, wp.Value, i == 0) {
				return "", true
			}
		case *syntax.SglQuoted:
			if wp.Dollar {
				v, ok := ansiC(wp.Value)
				if !ok {
					return "", true
				}
				b.WriteString(v)
			} else {
				b.WriteString(wp.Value)
			}
		case *syntax.DblQuoted:
			for _, q := range wp.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return "", true
				}
				dquotedLit(&b, lit.Value)
			}
		default:
			return "", true
		}
	}
	return b.String(), false
}

// unquotedLit appends the value of an unquoted literal and reports whether
// it holds an unescaped glob, brace expansion or leading tilde.
func unquotedLit(b *strings.Builder, v string, first bool) (dynamic bool) {
	braceAt := -1     // index in v of the last unescaped '{'
	braceSep := false // a ',' or ".." after it: "{a,b}" and "{1..3}" expand, "{}" does not
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c == '\\' {
			if i+1 < len(v) {
				i++
				if v[i] != '\n' {
					b.WriteByte(v[i])
				}
			} else {
				b.WriteByte(c)
			}
			continue
		}
		switch c {
		case '*', '?':
			return true
		case '[':
			if strings.IndexByte(v[i+1:], ']') >= 0 {
				return true
			}
		case '~':
			if first && i == 0 {
				return true
			}
		case '{':
			braceAt, braceSep = i, false
		case ',':
			braceSep = braceSep || braceAt >= 0
		case '.':
			braceSep = braceSep || braceAt >= 0 && i+1 < len(v) && v[i+1] == '.'
		case '}':
			if braceAt >= 0 && braceSep {
				return true
			}
		}
		b.WriteByte(c)
	}
	return false
}

// dquotedLit appends a literal found inside double quotes.
func dquotedLit(b *strings.Builder, v string) {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c == '\\' && i+1 < len(v) {
			switch v[i+1] {
			case '$', '`', '"', '\\':
				i++
				c = v[i]
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(c)
	}
}

// ansiC decodes the body of a $'...' string. It reports false for escapes
// it does not decode or a NUL, so the word counts as dynamic.
func ansiC(v string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c != '\\' || i+1 >= len(v) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := v[i]; e {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case '\\', '\'', '"', '?':
			b.WriteByte(e)
		case 'x', 'u', 'U', '0', '1', '2', '3', '4', '5', '6', '7':
			n, width, base := 0, 0, 16
			start := i + 1
			switch e {
			case 'x':
				width = 2
			case 'u':
				width = 4
			case 'U':
				width = 8
			default:
				base, width, start = 8, 3, i
			}
			j := start
			for j < len(v) && j-start < width && digit(v[j], base) >= 0 {
				n = n*base + digit(v[j], base)
				j++
			}
			if j == start || n == 0 {
				return "", false
			}
			i = j - 1
			if e == 'u' || e == 'U' {
				if !utf8.ValidRune(rune(n)) {
					return "", false
				}
				b.WriteRune(rune(n))
			} else {
				if n > 0xff {
					return "", false
				}
				b.WriteByte(byte(n))
			}
		default:
			return "", false
		}
	}
	out := b.String()
	if !utf8.ValidString(out) {
		return "", false
	}
	return out, true
}

func digit(c byte, base int) int {
	var d int
	switch {
	case c >= '0' && c <= '9':
		d = int(c - '0')
	case c >= 'a' && c <= 'f':
		d = int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		d = int(c-'A') + 10
	default:
		return -1
	}
	if d >= base {
		return -1
	}
	return d
}
