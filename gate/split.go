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
// The header of a for or select loop is a part with no words that assigns
// the loop variable.
type Part struct {
	// Text is the part's source text, including its own redirections.
	Text string
	// Argv holds the words after quote removal ("r'm'" is "rm"). A word
	// whose value is only known when the shell runs (parameter, command or
	// arithmetic expansion, a glob, a brace expansion, a tilde bash
	// expands) is kept as its source text and Dynamic is set.
	Argv []string
	// Program is the base name of Argv[0] ("/usr/bin/rm" gives "rm"), or
	// "" when the part has no words (a bare assignment or redirection, a
	// loop header). When Argv[0] is dynamic ("$CMD", "{rm,-rf,/}"),
	// Program is its source text, which no program name equals.
	// Keywords that run no program give a marker: "[[" for a test clause,
	// "((" for an arithmetic command, "let", and the declaration builtins
	// ("export", "declare", ...). Rules that allow programs should match
	// Argv[0] (the rule variable argv0), which keeps the path: "./ls" is
	// not "ls".
	Program string
	// Redirects are the file targets of every redirection that applies to
	// the part, its own and those of enclosing blocks, loops and
	// conditionals ("{ a; b; } > f" gives f to both): outputs, inputs and
	// read-write (">", ">>", ">|", "&>", "&>>", "<", "<>", and ">&" to a
	// file), and the files the part writes through options of programs
	// whose options Split reads ("sort -o FILE", "find -fprint FILE").
	// Descriptor duplications ("2>&1"), here-documents and here-strings
	// are not file targets and are not listed; a command substitution
	// inside them is split into its own parts.
	Redirects []string
	// Assigns are the variables the part assigns, wherever bash assigns:
	// in front of a command ("LD_PRELOAD=x ping"), alone ("x=1"), in
	// declaration builtins ("export LD_PRELOAD=x", "declare -x
	// 'BASH_ENV=y'", "export NAME"), as targets of read, mapfile,
	// readarray, printf -v, getopts and wait -p, and as loop variables. An
	// entry is "NAME=value" with the value after quote removal, the source
	// text when the value is only known at run time, or "NAME" alone when
	// the value comes at run time (read, export NAME).
	Assigns []string
	// Dynamic reports that something in the part is only known at run
	// time: a word of Argv, a redirection target or an assigned value, or
	// a literal that bash evaluates as code (an array subscript or a
	// numeric argument of a builtin holding "$(", arithmetic that reads a
	// variable, an integer or nameref declaration), or a builtin that
	// makes a name run a file the gate cannot see ("hash -p /tmp/x ls",
	// an assignment to BASH_CMDS) or loads code ("enable -f").
	Dynamic bool
	// Via is "" for a part of the command line itself. For a command that
	// another part runs, it names the nearest runner: "bash -c" (any of sh,
	// bash, dash, zsh, ksh, mksh, ash, yash with a -c option), "bash <<" (a
	// shell reading its script from a here-document or here-string),
	// "eval", "trap", "mapfile -C", a wrapper ("sudo", "env", "xargs",
	// "timeout", "watch", ...), "find -exec", or an option of git or sort
	// ("git -c core.pager", "git rebase --exec", "git bisect run", "sort
	// --compress-program"). Text is then the text of that command, and
	// the runner's redirections are added to Redirects.
	Via string
}

var parserPool = sync.Pool{New: func() any {
	return syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(true))
}}

// Split parses command as a bash command line and returns every simple
// command in it, each of which a gate must judge on its own: the parts of
// lists (";", "&", "&&", "||"), pipelines ("|", "|&"), subshells, blocks,
// conditionals, loops and function bodies, and those nested in command
// substitutions ("$( )", backticks), process substitutions ("<( )",
// ">( )"), here-documents, redirection targets, assignments, parameter
// expansions and arithmetic, of the literal scripts run by "sh -c", eval,
// trap, mapfile -C or a shell reading a here-document, and the commands
// run by wrappers such as sudo, env, xargs and find -exec (see
// [Part.Via]). A for or select loop is a part of its own (with no words)
// that assigns its variable; so is a C-style for loop whose arithmetic
// reads a variable. Parts come in source order of their start, outer
// before inner.
//
// A statement that has redirections but contains no simple command
// ("> file", "case x in esac > file") still yields a part with no words, so
// the redirection target is judged.
//
// Split returns an error wrapping ErrParse when the command (or such a
// script, or scripts nested more than 4 deep) does not parse, or when it
// holds something bash may read differently from this parser: a comment
// ending in a backslash (which this parser continues onto the next line
// and bash does not), single quotes inside a parameter expansion in
// double quotes or a here-document body ("${x-'$(id)'}", which bash reads
// as literal characters around a substitution it runs), an alias
// definition (which changes how bash parses what follows), a shell option
// that changes how bash reads the lines after it ("set -k", "set -H",
// "shopt -os histexpand", a shell started with -k, -H or SHELLOPTS in its
// environment, an interactive shell reading its script from a
// here-document), or a wrapper option that is unknown, ambiguous or
// missing its value (see [Part.Via]). It returns ErrInvalid when the
// command is empty, longer than [MaxCommandBytes], not UTF-8, contains a
// control character other than tab and newline or an invisible format
// character (bidi controls, zero-width characters, "Trojan Source"), or
// holds more than 1000 simple commands, more than 64 redirections
// applying to one of them, wrappers nested more than 16 deep or more than
// 64 brackets ("(" or "{", quoted or not) open at once; these limits keep
// Split linear on hostile input. It is safe for concurrent
// use.
func Split(command string) ([]Part, error) {
	if err := validCommand(command); err != nil {
		return nil, err
	}
	if p, ok := fastSplit(command); ok {
		return []Part{p}, nil
	}
	parts, _, err := split(command, 0)
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

// keywords are first words the parser treats specially.
var keywords = setOf("if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "for", "select",
	"while", "until", "function", "time", "coproc", "in", "nameref", "let", "declare", "local", "export",
	"readonly", "typeset")

// fastSplit returns the single part of a command made only of plain words
// separated by blanks ("ping -c 1 127.0.0.1"), the common case, without
// running the parser. ok is false whenever the parser is needed (a
// keyword, a builtin, a shell, a wrapper); the result is then exactly what
// the parser path gives (FuzzSplitCommand checks this).
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
	if keywords[argv[0]] || bashBuiltins[argv[0]] {
		return Part{}, false
	}
	prog := path.Base(argv[0])
	if _, wrap := wrappers[prog]; wrap || shells[prog] || isOptionProgram(prog) || strings.HasSuffix(argv[0], "/") {
		return Part{}, false
	}
	return Part{Text: text, Argv: argv, Program: prog}, true
}

// maxScriptDepth bounds how deep Split follows "bash -c" and eval scripts.
const maxScriptDepth = 4

// split parses command and returns its parts and, for each, whether it
// may run code Split cannot see (a command read from a file or standard
// input, an arithmetic expression that reads a variable, a builtin
// argument that bash evaluates, a program only known at run time). The
// second result is kept for the differential tests against bash, which
// accept an unreported program only where Split said so.
func split(command string, depth int) ([]Part, []bool, error) {
	budget := MaxCommandBytes
	return splitScript(command, depth, &budget)
}

// splitScript is split for a script nested depth deep; budget is what is
// left of the bytes nested scripts may add in all (each nested script is
// parsed again, so without a bound "eval eval … ls" would cost its length
// times the nesting depth).
func splitScript(command string, depth int, budget *int) ([]Part, []bool, error) {
	if bracketDepth(command) > maxBrackets {
		// mvdan.cc/sh recurses once per level and builds an error at each
		// when the nesting does not close: refused before parsing.
		return nil, nil, fmt.Errorf("%w: the command nests brackets more than %d deep", ErrInvalid, maxBrackets)
	}
	p := parserPool.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(command), "")
	parserPool.Put(p) // safe: Parse leaves no node memory in the parser
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrParse, err)
	}
	s := splitter{src: command, stack: make([]frame, 0, 8), depth: depth, budget: budget}
	s.walk(f)
	if s.err != nil {
		return nil, nil, s.err
	}
	return s.parts, s.opaque, nil
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
	// dquoted: inside double quotes or an unquoted here-document body;
	// dqParam: inside a parameter expansion there. Neither crosses a
	// substitution.
	dquoted, dqParam bool
	part             int // a statement's own part (a loop's header), or -1
}

// Limits that keep Split linear on hostile input; going over fails with
// ErrInvalid (no agent needs more in one proposal).
const (
	maxParts     = 1000 // simple commands per command line
	maxRedirects = 64   // redirection targets applying to one part
	maxNesting   = 1000 // syntax nodes nested in one another
	maxBrackets  = 64   // "(" and "{" open at once, quoted or not
)

// bracketDepth returns how many "(" and "{" are open at once at most in
// s, read as bytes with no regard to quoting, or maxBrackets+1 once it is
// over maxBrackets. Counting quoted brackets too can only refuse more: no
// command an agent proposes nests 64 brackets, and a crafted one that does
// costs the parser one recursion level per byte.
func bracketDepth(s string) int {
	depth, most := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '{':
			if depth++; depth > most {
				if most = depth; most > maxBrackets {
					return most
				}
			}
		case ')', '}':
			if depth > 0 {
				depth--
			}
		}
	}
	return most
}

type splitter struct {
	depth  int
	budget *int // bytes nested scripts may still add
	src    string
	stack  []frame
	parts  []Part
	opaque []bool // per part: may run code Split cannot see
	err    error
}

// arg is what Split knows of one word of a simple command besides its
// value: whether it is only known at run time, and where it is in the
// source (from < 0 for a word a wrapper made, such as env -S).
type arg struct {
	dyn      bool
	from, to int
	w        *syntax.Word // nil for a word a wrapper made
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
		if len(s.stack) >= maxNesting {
			s.fail(fmt.Errorf("%w: the command nests more than %d syntax nodes deep", ErrInvalid, maxNesting))
			return false
		}
		fr := frame{node: n, part: -1}
		if top := len(s.stack) - 1; top >= 0 {
			if !s.stack[top].boundary {
				fr.inh, fr.inhDyn = s.stack[top].inh, s.stack[top].inhDyn
			}
			fr.dquoted, fr.dqParam = s.stack[top].dquoted, s.stack[top].dqParam
			if r, ok := s.stack[top].node.(*syntax.Redirect); ok && r.Hdoc != nil && n == syntax.Node(r.Hdoc) {
				fr.dquoted = true // a here-document body reads as double quotes
			}
		}
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			fr.boundary, fr.inh, fr.inhDyn = true, nil, false
			fr.dquoted, fr.dqParam = false, false
		case *syntax.DblQuoted:
			fr.dquoted = true
		case *syntax.SglQuoted:
			if fr.dqParam {
				// "${x-'$(rm -rf ~)'}": inside double quotes (and here-document
				// bodies) bash reads these single quotes as literal characters
				// and runs what they enclose; the parser reads a quoted string.
				s.fail(fmt.Errorf("%w: single quotes inside a double-quoted parameter expansion are literal to bash, though the gate's parser reads them as quotes", ErrParse))
				return false
			}
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
				fr.part = s.emit(n, fr)
				s.cover()
			} else {
				fr.compound = true
			}
		case *syntax.Comment:
			if err := s.checkComment(n); err != nil {
				s.fail(err)
				return false
			}
		case *syntax.ForClause:
			s.loopHeader(n)
		case *syntax.ArithmExp:
			if arithOpaque(n.X) {
				s.markOpaque()
			}
		case *syntax.ParamExp:
			fr.dqParam = fr.dquoted
			if paramOpaque(n) {
				s.markOpaque()
			}
		}
		s.stack = append(s.stack, fr)
		return true
	})
}

// checkComment refuses a comment that bash would not read as one. Bash
// starts a comment only at a "#" that begins a word, after a blank or an
// operator; mvdan.cc/sh also starts one inside a word after some quoted
// parts (a here-document delimiter such as <<'E'#x, where bash reads the
// delimiter "E#x" and runs what follows). And mvdan.cc/sh continues a
// comment that ends in a backslash onto the next line, which bash runs.
func (s *splitter) checkComment(c *syntax.Comment) error {
	if at := int(c.Hash.Offset()); at > 0 && at <= len(s.src) && strings.IndexByte(" \t\n;&|()<>`", s.src[at-1]) < 0 {
		return fmt.Errorf("%w: a \"#\" inside a word is not a comment to bash, though the gate's parser reads one", ErrParse)
	}
	if strings.HasSuffix(strings.TrimSuffix(c.Text, "\n"), "\\") || strings.Contains(c.Text, "\n") {
		return fmt.Errorf("%w: a comment ends in a backslash, which bash and the gate's parser read differently", ErrParse)
	}
	return nil
}

// paramOpaque reports a parameter expansion that makes bash evaluate a
// value as code: a subscript or offset that is not a number (evaluated as
// arithmetic, variables included), an indirection ("${!ref}", whose
// target may carry a subscript), or a prompt expansion ("${x@P}").
func paramOpaque(pe *syntax.ParamExp) bool {
	if pe.Index != nil && arithOpaque(pe.Index) {
		if w, ok := pe.Index.(*syntax.Word); !ok || !isAllElems(w) {
			return true
		}
	}
	if pe.Slice != nil && (arithOpaque(pe.Slice.Offset) || arithOpaque(pe.Slice.Length)) {
		return true
	}
	if pe.Excl && pe.Names == 0 && pe.Index == nil {
		return true
	}
	if pe.Exp != nil && pe.Exp.Op == syntax.OtherParamOps {
		v, ok := plainWord(pe.Exp.Word)
		return !ok || !strings.ContainsAny(v, "QEUuLaAKk") || strings.ContainsAny(v, "P")
	}
	return false
}

func isAllElems(w *syntax.Word) bool {
	v, ok := plainWord(w)
	return ok && (v == "@" || v == "*")
}

// markOpaque records that the innermost statement may run code Split
// cannot see: its part becomes dynamic and opaque. A compound statement
// (a case word, a for list) without a part gets a part with no words.
func (s *splitter) markOpaque() {
	for i := len(s.stack) - 1; i >= 0; i-- {
		fr := &s.stack[i]
		st, ok := fr.node.(*syntax.Stmt)
		if !ok {
			continue
		}
		if fr.part < 0 {
			fr.part = s.add(Part{Text: s.slice(st.Pos(), st.End()), Redirects: cloneStrings(fr.inh), Dynamic: true}, true)
			s.coverFrom(i)
			return
		}
		if fr.part < len(s.parts) {
			s.parts[fr.part].Dynamic = true
			s.opaque[fr.part] = true
		}
		return
	}
}

// loopHeader adds the part of a for or select loop's header: it assigns
// the loop variable (or evaluates arithmetic) before each iteration.
func (s *splitter) loopHeader(fc *syntax.ForClause) {
	top := len(s.stack) - 1
	if top < 0 {
		return
	}
	fr := &s.stack[top]
	p := Part{Text: s.slice(fc.Pos(), fc.Loop.End()), Redirects: cloneStrings(fr.inh), Dynamic: fr.inhDyn}
	opaque := false
	switch l := fc.Loop.(type) {
	case *syntax.WordIter:
		p.Assigns = []string{l.Name.Value}
		if isAliasTable(l.Name.Value) {
			s.fail(errAlias)
			return
		}
		if isCmdTable(l.Name.Value) {
			p.Dynamic, opaque = true, true
		}
		for _, w := range l.Items {
			if _, dyn := literal(w); dyn {
				p.Dynamic = true
			}
		}
	case *syntax.CStyleLoop:
		opaque = arithOpaque(l.Init) || arithOpaque(l.Cond) || arithOpaque(l.Post)
		if !opaque {
			return // numbers only: nothing to judge
		}
		p.Dynamic = true
	}
	fr.part = s.add(p, opaque)
	s.cover()
}

func (s *splitter) leave() {
	fr := s.stack[len(s.stack)-1]
	s.stack = s.stack[:len(s.stack)-1]
	if fr.compound && fr.own && !fr.covered && s.err == nil {
		st := fr.node.(*syntax.Stmt)
		s.add(Part{
			Text:      s.slice(st.Pos(), st.End()),
			Redirects: cloneStrings(fr.inh),
			Dynamic:   fr.inhDyn,
		}, false)
		s.cover()
	}
}

// cover marks the enclosing frames up to the nearest substitution as
// having passed their redirections on to a part. A covered frame's
// ancestors are covered already, so the walk stops there.
func (s *splitter) cover() { s.coverFrom(len(s.stack) - 1) }

func (s *splitter) coverFrom(top int) {
	for i := top; i >= 0; i-- {
		fr := &s.stack[i]
		if fr.boundary || fr.covered {
			return
		}
		fr.covered = true
	}
}

// add appends a part, failing past maxParts, and returns its index (-1
// on failure).
func (s *splitter) add(p Part, opaque bool) int {
	if s.err != nil {
		return -1
	}
	if len(s.parts) >= maxParts {
		s.fail(fmt.Errorf("%w: more than %d simple commands", ErrInvalid, maxParts))
		return -1
	}
	s.parts = append(s.parts, p)
	s.opaque = append(s.opaque, opaque)
	return len(s.parts) - 1
}

func isLeaf(c syntax.Command) bool {
	switch c.(type) {
	case nil, *syntax.CallExpr, *syntax.DeclClause, *syntax.LetClause, *syntax.TestClause, *syntax.ArithmCmd:
		return true
	}
	return false
}

func cloneStrings(v []string) []string {
	if len(v) == 0 {
		return nil
	}
	return append([]string(nil), v...)
}

// emit adds the part of a statement whose command is simple and returns
// its index.
func (s *splitter) emit(st *syntax.Stmt, fr frame) int {
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
	p.Redirects = cloneStrings(fr.inh)
	p.Dynamic = fr.inhDyn
	opaque := false
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		for _, a := range c.Assigns {
			if a.Name != nil && !isName(a.Name.Value) {
				// mvdan.cc/sh reads "0=x cmd" as an assignment; bash runs a
				// program named "0=x".
				s.fail(fmt.Errorf("%w: %q is not a variable name, so bash runs the word as a command", ErrParse, a.Name.Value))
				return -1
			}
			text, dyn, opq := s.assignInfo(a)
			p.Assigns = append(p.Assigns, text)
			p.Dynamic = p.Dynamic || dyn
			opaque = opaque || opq
		}
		words := c.Args
		if len(words) > 1 && s.timed() && isDoubleDash(words[0]) {
			// "time -- cmd", "time -p -- cmd": bash's time keyword takes
			// an unquoted "--" before the command it times.
			words = words[1:]
		}
		if len(words) > 0 {
			argv := make([]string, len(words))
			args := make([]arg, len(words))
			for i, w := range words {
				v, dyn := s.word(w)
				argv[i], args[i] = v, arg{dyn: dyn, from: int(w.Pos().Offset()), to: int(w.End().Offset()), w: w}
			}
			return s.call(p, argv, args, opaque, st, 0)
		}
	case *syntax.DeclClause:
		var ci callInfo
		p.Argv = append(p.Argv, c.Variant.Value)
		for _, a := range c.Args {
			p.Argv = append(p.Argv, s.slice(a.Pos(), a.End()))
			if a.Naked && a.Name == nil && a.Value != nil {
				// An option, a quoted assignment ("export 'A=1'"), or a word
				// only known at run time.
				v, dyn := literal(a.Value)
				switch {
				case dyn:
					ci.assigns = append(ci.assigns, s.slice(a.Pos(), a.End()))
					ci.unknown()
				case len(v) > 1 && (v[0] == '-' || v[0] == '+'):
					declOptions(&ci, v)
				default:
					declOperand(&ci, v)
				}
				continue
			}
			text, dyn, opq := s.assignInfo(a)
			ci.assigns = append(ci.assigns, text)
			ci.dynamic = ci.dynamic || dyn
			ci.opaque = ci.opaque || opq
		}
		p.Assigns = append(p.Assigns, ci.assigns...)
		p.Dynamic = p.Dynamic || ci.dynamic
		opaque = ci.opaque
	case *syntax.LetClause:
		p.Argv = append(p.Argv, "let")
		for _, e := range c.Exprs {
			p.Argv = append(p.Argv, s.slice(e.Pos(), e.End()))
			if arithOpaque(e) {
				p.Dynamic, opaque = true, true
			}
		}
	case *syntax.TestClause:
		p.Argv = []string{"[[", s.slice(c.X.Pos(), c.X.End()), "]]"}
		p.Dynamic = p.Dynamic || hasExpansion(c.X)
		if testOpaque(c.X) {
			p.Dynamic, opaque = true, true
		}
	case *syntax.ArithmCmd:
		p.Argv = []string{"((", s.slice(c.X.Pos(), c.X.End()), "))"}
		if arithOpaque(c.X) {
			p.Dynamic, opaque = true, true
		}
	}
	for _, a := range p.Assigns {
		if isAliasTable(a) {
			s.fail(errAlias)
		}
		if isCmdTable(a) {
			p.Dynamic, opaque = true, true
		}
	}
	if len(p.Argv) > 0 {
		p.Program = p.Argv[0]
	}
	return s.add(p, opaque)
}

// timed reports whether the statement being emitted is the one a time
// keyword times (its frame is not pushed yet: the top of the stack is its
// parent).
func (s *splitter) timed() bool {
	if top := len(s.stack) - 1; top >= 0 {
		_, ok := s.stack[top].node.(*syntax.TimeClause)
		return ok
	}
	return false
}

// isDoubleDash reports a word that is an unquoted "--".
func isDoubleDash(w *syntax.Word) bool {
	v, ok := plainWord(w)
	return ok && v == "--"
}

// errAlias refuses alias definitions.
var errAlias = fmt.Errorf("%w: an alias definition changes how bash parses what follows it, which the gate cannot read with certainty", ErrParse)

// isAliasTable reports an assignment to BASH_ALIASES, which defines
// aliases.
func isAliasTable(assign string) bool {
	return strings.HasPrefix(assign, "BASH_ALIASES")
}

// testOpaque reports whether bash may run code evaluating the test
// expression x: the operands of -eq, -ne, -lt, -le, -gt and -ge are
// arithmetic expressions (a quoted "a[$(rm -rf ~)]" or a variable name is
// evaluated), and -v and -R name a variable whose subscript is evaluated.
func testOpaque(x syntax.TestExpr) bool {
	opaque := false
	syntax.Walk(x, func(n syntax.Node) bool {
		if opaque {
			return false
		}
		switch n := n.(type) {
		case *syntax.BinaryTest:
			switch n.Op {
			case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
				opaque = !numberOperand(n.X) || !numberOperand(n.Y)
			}
		case *syntax.UnaryTest:
			if n.Op == syntax.TsVarSet || n.Op == syntax.TsRefVar {
				w, ok := n.X.(*syntax.Word)
				if !ok {
					opaque = true
					break
				}
				v, dyn := literal(w)
				opaque = dyn || !staticVarRef(v)
			}
		}
		return true
	})
	return opaque
}

func numberOperand(x syntax.TestExpr) bool {
	w, ok := x.(*syntax.Word)
	if !ok {
		return false
	}
	v, dyn := literal(w)
	return !dyn && staticArith(v) && strings.TrimSpace(v) != ""
}

// call adds the part of a simple command whose words are argv (args says
// which are dynamic and where they are), then what it runs: scripts and
// wrapped commands. It returns the part's index.
func (s *splitter) call(p Part, argv []string, args []arg, opaque bool, st *syntax.Stmt, wrapDepth int) int {
	p.Argv = argv
	for _, a := range args {
		p.Dynamic = p.Dynamic || a.dyn
	}
	p.Program = programOf(argv[0], args[0].dyn)
	var scripts []script
	if bashBuiltins[argv[0]] && !args[0].dyn {
		ci := builtin(argv, args)
		if ci.err != nil {
			s.fail(ci.err)
			return -1
		}
		if len(ci.assigns) > 0 {
			p.Assigns = append(cloneStrings(p.Assigns), ci.assigns...)
		}
		p.Dynamic = p.Dynamic || ci.dynamic
		opaque = opaque || ci.opaque
		scripts = ci.scripts
	}
	for _, a := range p.Assigns {
		if isAliasTable(a) {
			s.fail(errAlias)
			return -1
		}
		if isCmdTable(a) {
			p.Dynamic, opaque = true, true
		}
	}
	if args[0].dyn {
		opaque = true // the program is only known at run time
	}
	idx := s.add(p, opaque)
	if idx < 0 {
		return idx
	}
	for _, sc := range scripts {
		s.runScript(p, sc.text, sc.via)
	}
	s.nested(p, idx, argv, args, st)
	s.follow(p, idx, argv, args, st, wrapDepth)
	return idx
}

// programOf is Part.Program for a first word.
func programOf(argv0 string, dyn bool) string {
	if argv0 == "" || strings.HasSuffix(argv0, "/") || dyn {
		return argv0
	}
	return path.Base(argv0)
}

// shells are the programs whose -c argument is a script.
var shells = setOf("sh", "bash", "rbash", "dash", "zsh", "ksh", "mksh", "ash", "yash")

// nested appends the parts of the script that p runs ("bash -c 'script'",
// "eval word...", "sh <<EOF ... EOF", "bash <<< 'cmd'"). The outer part
// stays: this only ever adds parts to judge. A script that does not parse
// fails Split. A script only partly known before run time ("eval rm $x",
// "bash -c \"rm -rf $HOME\"") is split with its expansions left as
// written and makes the part opaque; a script read from a file or from
// standard input that is not a literal here-document makes it opaque.
func (s *splitter) nested(p Part, idx int, argv []string, args []arg, st *syntax.Stmt) {
	switch {
	case argv[0] == "eval" && !args[0].dyn && len(argv) > 1:
		argv, args = argv[1:], args[1:]
		if argv[0] == "--" && !args[0].dyn {
			argv, args = argv[1:], args[1:] // eval takes "--" before its words
		}
		if len(argv) > 0 {
			s.runWords(p, idx, argv, args, "eval")
		}
	case shells[p.Program] && !args[0].dyn:
		mode := shellMode(argv[1:], args[1:])
		for _, a := range p.Assigns {
			switch name, _, _ := strings.Cut(a, "="); name {
			case "SHELLOPTS", "BASHOPTS":
				mode.readsAhead = true // options the shell turns on at start
			case "BASH_ENV", "ENV":
				mode.startup = true
			}
		}
		if mode.readsAhead {
			s.fail(errReadsAhead)
			return
		}
		if mode.startup {
			s.opaque[idx] = true // runs startup files, or options only known at run time
		}
		if i := shellScript(argv[1:]); i >= 0 {
			s.runWords(p, idx, argv[i+1:i+2], args[i+1:i+2], p.Program+" -c")
			return
		}
		if !readsStdin(argv[1:]) {
			s.opaque[idx] = true // runs a script file
			return
		}
		// "sh <<EOF ... EOF" and "bash <<< 'cmd'": the shell reads its
		// script from the here-document or here-string.
		if mode.interactive {
			// An interactive shell expands history in each line it reads.
			s.fail(fmt.Errorf("%w: an interactive shell reading its script expands history in it, which the gate cannot follow", ErrParse))
			return
		}
		found := false
		for _, r := range st.Redirs {
			if body, ok := s.stdinScript(r); ok {
				s.runScript(p, body, p.Program+" <<")
				found = true
			}
		}
		if !found {
			s.opaque[idx] = true // reads its script from standard input
		}
	}
}

// runWords splits the script made of words joined with spaces (eval,
// watch, a shell's -c string). A word only known at run time is joined as
// written, with its quotes removed around the expansions ("rm -rf $HOME"),
// and makes the part opaque.
func (s *splitter) runWords(p Part, idx int, argv []string, args []arg, via string) {
	text := make([]string, len(argv))
	for i, a := range args {
		text[i] = argv[i]
		if a.dyn {
			s.opaque[idx] = true
			if a.w != nil {
				text[i] = s.approx(a.w)
			}
		}
	}
	s.runScript(p, strings.Join(text, " "), via)
}

// approx is a dynamic word's text with quotes removed and expansions left
// as written: what a script built from it looks like before run time.
func (s *splitter) approx(w *syntax.Word) string {
	var b strings.Builder
	for _, wp := range w.Parts {
		switch wp := wp.(type) {
		case *syntax.Lit:
			for i := 0; i < len(wp.Value); i++ {
				if c := wp.Value[i]; c != '\\' || i+1 >= len(wp.Value) {
					b.WriteByte(c)
				} else if i++; wp.Value[i] != '\n' {
					b.WriteByte(wp.Value[i])
				}
			}
		case *syntax.SglQuoted:
			if v, ok := ansiC(wp.Value); ok && wp.Dollar {
				b.WriteString(v)
			} else if !wp.Dollar {
				b.WriteString(wp.Value)
			} else {
				b.WriteString(s.slice(wp.Pos(), wp.End()))
			}
		case *syntax.DblQuoted:
			for _, q := range wp.Parts {
				if lit, ok := q.(*syntax.Lit); ok {
					dquotedLit(&b, lit.Value)
				} else {
					b.WriteString(s.slice(q.Pos(), q.End()))
				}
			}
		default:
			b.WriteString(s.slice(wp.Pos(), wp.End()))
		}
	}
	return b.String()
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

// shellOption reads one option word of a shell's command line and
// returns how many following words it consumes (-o and -O take an
// option name each, bash's --rcfile and --init-file a file) and whether
// it holds -c.
func shellOption(a string) (consumes int, c bool) {
	switch a {
	case "--rcfile", "--init-file":
		return 1, false
	}
	if strings.HasPrefix(a, "--") {
		return 0, false
	}
	for i := 1; i < len(a); i++ {
		switch a[i] {
		case 'o', 'O':
			consumes++
		case 'c':
			c = a[0] == '-'
		}
	}
	return consumes, c
}

// shellModes is what a shell's options say about how it reads its
// script.
type shellModes struct {
	readsAhead  bool // -k, -H, -o keyword, -o histexpand (see readsAhead)
	interactive bool // -i
	startup     bool // runs startup files (-i, -l, --login, --debugger), or an option is only known at run time
}

// shellMode reads the options of a shell's command line, up to its first
// operand, "-" or "--".
func shellMode(argv []string, args []arg) shellModes {
	var m shellModes
	for i := 0; i < len(argv); i++ {
		a := argv[i]
		switch {
		case args[i].dyn:
			m.startup = true
			return m
		case a == "--" || a == "-" || len(a) < 2 || a[0] != '-' && a[0] != '+':
			return m
		case a == "--login" || a == "--debugger":
			m.startup = true
		case strings.HasPrefix(a, "--"):
			n, _ := shellOption(a)
			i += n
		default:
			for j := 1; j < len(a); j++ {
				switch c := a[j]; c {
				case 'o', 'O':
					if i+1 < len(argv) {
						i++
						if c == 'o' && a[0] == '-' && !args[i].dyn && readsAhead[argv[i]] {
							m.readsAhead = true
						}
					}
				case 'k', 'H':
					m.readsAhead = m.readsAhead || a[0] == '-'
				case 'i', 'l':
					if a[0] == '-' {
						m.startup = true
						m.interactive = m.interactive || c == 'i'
					}
				}
			}
		}
	}
	return m
}

// readsStdin reports whether a shell with these arguments reads its
// script from standard input: only options, no -c, no script file.
func readsStdin(args []string) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--" || a == "-":
			return i+1 >= len(args)
		case len(a) > 1 && (a[0] == '-' || a[0] == '+'):
			n, c := shellOption(a)
			if c {
				return false
			}
			i += n
		default:
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
		case len(a) > 1 && (a[0] == '-' || a[0] == '+'):
			n, c := shellOption(a)
			sawC = sawC || c
			i += n
		default:
			if sawC {
				return i
			}
			return -1 // a script file, not a -c string
		}
	}
	return -1
}

// runScript splits a script that p runs and appends its parts, marked
// with via and carrying p's redirections.
func (s *splitter) runScript(p Part, script, via string) {
	if strings.TrimSpace(script) == "" || s.err != nil {
		return
	}
	if s.depth >= maxScriptDepth {
		s.fail(fmt.Errorf("%w: scripts nested more than %d deep", ErrParse, maxScriptDepth))
		return
	}
	if err := validCommand(script); err != nil {
		s.fail(fmt.Errorf("the script of %s: %w", via, err))
		return
	}
	if len(script) > *s.budget {
		s.fail(fmt.Errorf("%w: the scripts the command runs are over %d bytes in all", ErrInvalid, MaxCommandBytes))
		return
	}
	*s.budget -= len(script)
	inner, opaque, err := splitScript(script, s.depth+1, s.budget)
	if err != nil {
		if s.depth == 0 {
			err = fmt.Errorf("the script of %s: %w", via, err)
		}
		s.fail(err)
		return
	}
	for i, q := range inner {
		if q.Via == "" {
			q.Via = via
		}
		if len(q.Redirects)+len(p.Redirects) > maxRedirects {
			s.fail(fmt.Errorf("%w: more than %d redirections apply to one command", ErrInvalid, maxRedirects))
			return
		}
		if len(p.Redirects) > 0 {
			q.Redirects = append(cloneStrings(q.Redirects), p.Redirects...)
		}
		s.add(q, opaque[i])
	}
}

// follow adds the command a wrapper (sudo, env, xargs, timeout, ...) or
// find -exec runs as a part of its own, and follows it further (a wrapped
// shell's -c script, a wrapped wrapper).
func (s *splitter) follow(p Part, idx int, argv []string, args []arg, st *syntax.Stmt, depth int) {
	if s.err != nil || len(argv) < 2 || args[0].dyn {
		return
	}
	switch p.Program {
	case "find":
		s.findExec(p, idx, argv, args, st, depth)
		return
	case "sort":
		s.sortOptions(p, idx, argv, args, st, depth)
		return
	case "git":
		s.gitOptions(p, idx, argv, args, st, depth)
		return
	}
	if _, ok := wrappers[p.Program]; !ok {
		return
	}
	if depth >= maxWrapDepth {
		s.fail(fmt.Errorf("%w: wrappers nested more than %d deep", ErrInvalid, maxWrapDepth))
		return
	}
	u, err := unwrap(p.Program, argv, args)
	if err != nil {
		s.fail(err)
		return
	}
	if u.opaque {
		s.opaque[idx] = true
	}
	if u.split != nil {
		argv, args = u.split.argv, u.split.args
	}
	if u.start >= len(argv) {
		return
	}
	if u.joined {
		// watch joins its words with spaces and runs them with sh -c.
		s.runWords(p, idx, argv[u.start:], args[u.start:], p.Program)
		return
	}
	s.wrapped(p, argv[u.start:], args[u.start:], u.assigns, u.dynamic, u.marker, p.Program, st, depth+1)
}

// findExec adds the commands of find's -exec, -execdir, -ok and -okdir.
// Words holding "{}" are replaced by file names at run time.
func (s *splitter) findExec(p Part, idx int, argv []string, args []arg, st *syntax.Stmt, depth int) {
	if depth >= maxWrapDepth {
		s.fail(fmt.Errorf("%w: wrappers nested more than %d deep", ErrInvalid, maxWrapDepth))
		return
	}
	for k := 1; k < len(argv) && s.err == nil; k++ {
		if args[k].dyn {
			s.opaque[idx] = true // could be -exec
			continue
		}
		if findWrites[argv[k]] && k+1 < len(argv) {
			k++
			s.addRedirect(idx, argv[k], args[k].dyn) // -fprint FILE, -fprintf FILE FORMAT, ...
			continue
		}
		switch argv[k] {
		case "-exec", "-execdir", "-ok", "-okdir":
			j := k + 1
			for j < len(argv) && argv[j] != ";" && !(argv[j] == "+" && j > k+1 && argv[j-1] == "{}") {
				j++
			}
			if j > k+1 {
				s.wrapped(p, argv[k+1:j], args[k+1:j], nil, false, "{}", "find "+argv[k], st, depth+1)
			}
			k = j
		}
	}
}

// wrapped adds the part a wrapper runs and follows it. dynamic marks its
// words as completed at run time; words holding marker are replaced at
// run time (a program holding it is unknown).
func (s *splitter) wrapped(p Part, argv []string, args []arg, assigns []string, dynamic bool, marker, via string, st *syntax.Stmt, depth int) {
	argv = argv[:len(argv):len(argv)]
	args = args[:len(args):len(args)]
	q := Part{
		Text:      s.argsText(argv, args),
		Redirects: p.Redirects,
		Dynamic:   p.Dynamic || dynamic,
		Via:       via,
	}
	if len(p.Assigns)+len(assigns) > 0 {
		q.Assigns = append(append(make([]string, 0, len(p.Assigns)+len(assigns)), p.Assigns...), assigns...)
	}
	if marker != "" {
		var marked []arg
		for i, a := range argv {
			if strings.Contains(a, marker) {
				if marked == nil {
					marked = append([]arg(nil), args...)
				}
				marked[i].dyn = true
			}
		}
		if marked != nil {
			args = marked
		}
	}
	s.call(q, argv, args, false, st, depth)
}

// argsText is the source text of a run of words, or the words joined
// with spaces when a wrapper made them.
func (s *splitter) argsText(argv []string, args []arg) string {
	first, last := args[0], args[len(args)-1]
	if first.from < 0 || last.from < 0 || first.from > last.to || last.to > len(s.src) {
		return strings.Join(argv, " ")
	}
	return s.src[first.from:last.to]
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

// word returns w after quote removal, or its source text when it is
// dynamic.
func (s *splitter) word(w *syntax.Word) (string, bool) {
	if v, ok := plainWord(w); ok && !strings.ContainsAny(v, "*?[~{") {
		return v, false // the common case: no copy
	}
	v, dyn := literal(w)
	if dyn {
		return s.slice(w.Pos(), w.End()), true
	}
	return v, false
}
