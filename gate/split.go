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
	// Assigns are the environment assignments in front of the command
	// ("LD_PRELOAD=x ping" gives "LD_PRELOAD=x"), as source text.
	Assigns []string
	// Dynamic reports that some word of Argv or Redirects is only known
	// at run time.
	Dynamic bool
	// Via is "" for a part of the command line itself. For a part of a
	// literal script that a part runs, it names the nearest runner:
	// "bash -c" (any of sh, bash, dash, zsh, ksh, mksh, ash, yash with a -c
	// option) or "eval"; Text is then the text in that script, and the
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
// expansions and arithmetic, and of the literal scripts run by "sh -c"
// and eval (see [Part.Via]). Parts come in source order of their start,
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
	if shells[prog] || strings.HasSuffix(argv[0], "/") {
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
			p.Argv = append(p.Argv, s.slice(a.Pos(), a.End()))
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
	if len(dynWords) == len(p.Argv) && s.err == nil {
		s.nested(p, dynWords)
	}
}

// shells are the programs whose -c argument is a script.
var shells = map[string]bool{"sh": true, "bash": true, "dash": true, "zsh": true, "ksh": true, "mksh": true, "ash": true, "yash": true}

// nested appends the parts of the script that p runs ("bash -c 'script'",
// "eval word..."), when that script is literal. The outer part stays: this
// only ever adds parts to judge. A script that does not parse fails Split.
func (s *splitter) nested(p Part, dynWords []bool) {
	script, via := "", ""
	switch {
	case p.Program == "eval" && len(p.Argv) > 1:
		for _, d := range dynWords[1:] {
			if d {
				return // not knowable before run time; the part is Dynamic
			}
		}
		script, via = strings.Join(p.Argv[1:], " "), "eval"
	case shells[p.Program]:
		i := shellScript(p.Argv[1:])
		if i < 0 || dynWords[i+1] {
			return
		}
		script, via = p.Argv[i+1], p.Program+" -c"
	}
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
	braceOpen := false
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
			braceOpen = true
		case '}':
			if braceOpen {
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
