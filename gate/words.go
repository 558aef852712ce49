package gate

import (
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// literal performs quote removal on w. It reports dynamic when the word's
// value depends on the shell's state at run time: an expansion of any
// kind, a glob, a brace expansion (also one whose members are quoted:
// "{'rm',-rf}"), or a tilde that bash expands (at the start of the word,
// and after "=" or ":", where bash expands it in assignments and in
// arguments that look like assignments: "dd if=~root/x").
func literal(w *syntax.Word) (string, bool) {
	var (
		b  strings.Builder
		br patterns
	)
	for i, wp := range w.Parts {
		switch wp := wp.(type) {
		case *syntax.Lit:
			if unquotedLit(&b, wp.Value, i == 0, &br) {
				return "", true
			}
		case *syntax.SglQuoted:
			v := wp.Value
			if wp.Dollar {
				var ok bool
				if v, ok = ansiC(wp.Value); !ok {
					return "", true
				}
			}
			if br.quotedClose(v) {
				return "", true
			}
			b.WriteString(v)
		case *syntax.DblQuoted:
			if wp.Dollar {
				// $"..." is translated with the message catalog of the
				// locale, and the translation is expanded.
				return "", true
			}
			for _, q := range wp.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok || br.quotedClose(lit.Value) {
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

// patterns tracks, across the parts of one word, the unquoted characters
// that make bash expand it as a pattern.
//
// Brace expansion: whether an unquoted "{" has been seen and an unquoted
// "," or ".." after it: bash brace-expands "{a,b}" and "{1..3}" whatever
// is quoted in between ("{'rm',-rf}" is two words), but not "{}" or
// "{a}".
//
// Bracket globs: whether an unquoted "[" has been seen. Bash reads
// "l['s']" and "['-']exec" as patterns with a bracket expression whose
// member is quoted ("['-']exec" is "-exec" where a file of that name
// exists), so a "]" anywhere after it, quoted or not, makes the word a
// pattern.
//
// The tracking over-approximates (nesting is not followed), which only
// ever marks more words dynamic.
type patterns struct {
	open, sep bool
	bracket   bool
}

// quotedClose reports whether the quoted text v, following an unquoted
// "[" in the same word, may close a bracket expression.
func (br *patterns) quotedClose(v string) bool {
	return br.bracket && strings.IndexByte(v, ']') >= 0
}

// unquotedLit appends the value of an unquoted literal and reports whether
// it holds an unescaped glob, brace expansion or expanded tilde. first is
// true for the word's first part.
func unquotedLit(b *strings.Builder, v string, first bool, br *patterns) (dynamic bool) {
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
			br.bracket = true
		case ']':
			if br.bracket {
				return true
			}
		case '~':
			// Bash expands a tilde at the start of a word, and after "=" or
			// ":" in a word that is (or looks like) an assignment. Looking
			// at what precedes it in the value, quoted or not, errs towards
			// dynamic.
			if first && i == 0 || b.Len() > 0 && isTildeLead(b.String()[b.Len()-1]) {
				return true
			}
		case '{':
			br.open = true
		case ',':
			br.sep = br.sep || br.open
		case '.':
			br.sep = br.sep || br.open && i+1 < len(v) && v[i+1] == '.'
		case '}':
			if br.open && br.sep {
				return true
			}
		}
		b.WriteByte(c)
	}
	return false
}

func isTildeLead(c byte) bool { return c == '=' || c == ':' }

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

// hasCode reports whether a literal string holds text that bash runs when
// it evaluates the string again: a command substitution ("$(", a
// backquote) or a parameter expansion ("${", which may hold one). Bash
// evaluates again the array subscripts in variable names passed to
// builtins ("read 'a[$(rm -rf ~)]'"), the numeric arguments of builtins
// ("printf %d 'a[$(…)]'", "shift", "ulimit", "[ … -eq … ]"), the values
// of integer and nameref variables, and prompt strings.
func hasCode(s string) bool {
	return strings.Contains(s, "$(") || strings.Contains(s, "${") || strings.IndexByte(s, '`') >= 0
}

// isNumber reports a numeric operand of an arithmetic expression: bash
// reads a word that starts with a digit as a number ("10", "0x1f",
// "2#101") and any other word as a variable whose value it evaluates
// again.
func isNumber(s string) bool {
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

// arithOpaque reports whether evaluating the arithmetic expression x may
// run code: any operand other than a number literal, that is a variable
// name (bash evaluates its value as an expression in turn, so "(( _ ))"
// after ": 'a[$(rm -rf ~)]'" runs rm), an expansion or a quoted string.
func arithOpaque(x syntax.ArithmExpr) bool {
	if x == nil {
		return false
	}
	opaque := false
	syntax.Walk(x, func(n syntax.Node) bool {
		if opaque {
			return false
		}
		if w, ok := n.(*syntax.Word); ok {
			v, plain := plainWord(w)
			opaque = !plain || !isNumber(v)
			return false
		}
		return true
	})
	return opaque
}

// plainWord returns the text of a word made of one unquoted literal
// without backslashes.
func plainWord(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok || strings.IndexByte(lit.Value, '\\') >= 0 {
		return "", false
	}
	return lit.Value, true
}

// staticArith reports whether bash evaluating s as an arithmetic
// expression sees only numbers and operators: no variable names (which it
// would evaluate again), quotes or expansions.
func staticArith(s string) bool {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("0123456789 \t\n+-*/%<>=!&|^~?:(),", s[i]) < 0 {
			return false
		}
	}
	return true
}

// isName reports a shell variable name.
func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '_' && !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// staticVarRef reports a variable name bash can resolve without
// evaluating anything: "x", or "x[N]" with a numeric subscript.
// Anything else ("a[i]", "a[$(rm -rf ~)]", "m[key]") makes bash evaluate
// the subscript, which may run code.
func staticVarRef(s string) bool {
	name, sub, hasSub := strings.Cut(s, "[")
	if !hasSub {
		return isName(s)
	}
	sub, ok := strings.CutSuffix(sub, "]")
	return ok && isName(name) && (sub == "@" || sub == "*" || staticArith(sub) && strings.TrimSpace(sub) != "")
}

// splitAssignment splits a NAME=value or NAME[sub]=value or NAME+=value
// word as bash reads it in a declaration builtin's arguments. ok is false
// when the word is not an assignment.
func splitAssignment(w string) (name, value string, ok bool) {
	lhs, value, ok := strings.Cut(w, "=")
	if !ok {
		return "", "", false
	}
	lhs = strings.TrimSuffix(lhs, "+")
	base, _, _ := strings.Cut(lhs, "[")
	if !isName(base) {
		return "", "", false
	}
	return lhs, value, true
}
