package instructions

import "strings"

// maxPlainCmds is how many simple commands of the plain-list fast path
// judgeCommand keeps in a stack array; a longer list's grow onto the
// heap (a few allocations, where the parser makes about ten a command).
const maxPlainCmds = 32

// Operators that join a simple command of a plain list to the one before
// it.
const (
	opNone byte = iota // the first command of a statement (after ";" or at the start)
	opPipe             // "|"
	opAnd              // "&&"
	opOr               // "||"
)

// plainCmd is one simple command of a plain list: words[from:to] of its
// plainList, its source text (the words and the spaces between them) and
// the operator before it.
type plainCmd struct {
	from, to int
	text     string
	op       byte
}

// plainList is a command line split by splitPlainList. Its slices grow
// from the caller's (judgeCommand's are on its stack).
type plainList struct {
	words []string
	cmds  []plainCmd
	n     int // commands in cmds
}

// splitPlainList splits text into simple commands of plain words joined
// by "|", "&&", "||" and ";", when the shell parser would read it so: it
// extends plainWords (whose argument covers each simple command) to
// pipelines and lists, and returns false (the caller parses) for anything
// else. Why this is sound, from mvdan.cc/sh/v3/syntax (as for plainWords):
//
//   - Each command's words are plainWords' words: bytes of plainByte,
//     letters and digits, separated by spaces; '#' only inside a word (at
//     a word's start, even right after an operator, it opens a comment);
//     '=' not in a command's first word (an assignment); a first word that
//     is not shellReserved (a keyword or declaration builtin).
//   - The operators are '|', '&' and ';' bytes, which end a literal in
//     advanceLitNone whether or not a space separates them from a word.
//     The lexer (regOps) reads "||", "|", "&&" and ";", and other tokens
//     ("|&", "&", ";;", ";&", "&>", "&|", ...) only when the byte after
//     one of those four is '|', '&' or ';', which is refused.
//   - Every operator follows a command, and each of "|", "&&" and "||" is
//     followed by one (";" may end the text): an empty command is a syntax
//     error, which the parser reports (and judgeCommand then returns false),
//     and so is a text of plain bytes with no command at all; for these
//     splitPlainList returns bad, and judgeCommand does not parse what
//     would fail ("x|x|...|x|" built a node per command first).
//
// The parser then builds one Stmt per ";"-separated statement, in order;
// in each, pipelines joined by "&&" and "||" as left-associative
// BinaryCmds (getStmt), each pipeline simple commands joined by "|" as
// left-associative BinaryCmds (gotStmtPipe), each simple command a
// CallExpr of one *syntax.Lit word per word, no redirections, no
// negation, no background. judgePlainList walks that tree as judgeStmt
// does. TestPlainListMatchesParser checks this against the parser.
func splitPlainList(text string, words []string, cmds []plainCmd) (pl plainList, ok, bad bool) {
	pl = plainList{words: words[:0], cmds: cmds[:0]}
	nw, nc := 0, 0
	inCmd := false   // the current command has a word
	needCmd := false // an operator other than ";" waits for its command
	var op byte      // the operator before the next command
	cmdStart, cmdEnd := 0, 0
	closeCmd := func() {
		pl.cmds[nc-1].to = nw
		pl.cmds[nc-1].text = text[cmdStart:cmdEnd]
		inCmd = false
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == ' ':
			i++
			continue
		case c == '|' || c == '&' || c == ';':
			empty := !inCmd
			if inCmd {
				closeCmd()
			}
			n := 1
			switch {
			case c == '|' && i+1 < len(text) && text[i+1] == '|':
				op, n = opOr, 2
			case c == '|':
				op = opPipe
			case c == '&' && i+1 < len(text) && text[i+1] == '&':
				op, n = opAnd, 2
			case c == '&':
				return plainList{}, false, false // a background job
			default:
				op = opNone
			}
			i += n
			if i < len(text) && (text[i] == '|' || text[i] == '&' || text[i] == ';') {
				return plainList{}, false, false // another token: "|&", ";;", "&&&"
			}
			if empty {
				// "|", "||", "&&" or ";" with no command before it, unless
				// what follows may make another token of it ("|>").
				return plainList{}, false, i >= len(text) || text[i] == ' ' || plainWordByte(text[i])
			}
			needCmd = op != opNone
			continue
		case c == '#':
			return plainList{}, false, false // a comment
		}
		j := i
		for ; j < len(text); j++ {
			c := text[j]
			if c == ' ' || c == '|' || c == '&' || c == ';' {
				break
			}
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || plainByte[c]) {
				return plainList{}, false, false
			}
			if c == '=' && !inCmd {
				return plainList{}, false, false // an assignment
			}
		}
		if !inCmd {
			if shellReserved(text[i:j]) {
				return plainList{}, false, false
			}
			pl.cmds = append(pl.cmds, plainCmd{from: nw, op: op})
			nc++
			inCmd, needCmd = true, false
			cmdStart = i
		}
		pl.words = append(pl.words, text[i:j])
		nw++
		cmdEnd = j
		i = j
	}
	if needCmd || nc == 0 {
		return plainList{}, false, true // "a |" at the end, or no command
	}
	if inCmd {
		closeCmd()
	}
	pl.n = nc
	return pl, true, false
}

// plainWordByte reports whether c may be part of a plain word.
func plainWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || plainByte[c]
}

// judgePlainList collects the evidence of a plain list as parseEvidence
// and judgeStmt do from the parser's tree (see splitPlainList): each
// statement at depth 0, in order.
func judgePlainList(pl *plainList, ev *evidence) {
	cmds := pl.cmds[:pl.n]
	for len(cmds) > 0 {
		end := 1
		for end < len(cmds) && cmds[end].op != opNone {
			end++
		}
		stmt := cmds[:end]
		// The pipelines of the statement: starts of the commands that
		// follow "&&" or "||" (and 0).
		var buf [maxPlainCmds]int
		starts := buf[:0]
		for k, c := range stmt {
			if k == 0 || c.op == opAnd || c.op == opOr {
				starts = append(starts, k)
			}
		}
		judgePlainAndOr(pl, stmt, starts, len(starts)-1, ev, 0)
		cmds = cmds[end:]
	}
}

// judgePlainAndOr is judgeStmt on the statement of the pipelines
// starting at starts[0..m] of stmt, which the parser joins left to right
// with "&&" and "||".
func judgePlainAndOr(pl *plainList, stmt []plainCmd, starts []int, m int, ev *evidence, depth int) {
	if depth > 8 {
		return
	}
	pipe := func(m int) []plainCmd {
		if m+1 < len(starts) {
			return stmt[starts[m]:starts[m+1]]
		}
		return stmt[starts[m]:]
	}
	if m == 0 {
		p := pipe(0)
		judgePlainPipe(pl, p, len(p)-1, ev, depth)
		return
	}
	judgePlainAndOr(pl, stmt, starts, m-1, ev, depth+1)
	ev.redirect = true
	ev.strong = true // && and ||
	sub := evidence{maySubst: ev.maySubst}
	p := pipe(m)
	judgePlainPipe(pl, p, len(p)-1, &sub, depth+1)
	ev.strong = ev.strong || sub.strong
	ev.subst = ev.subst || sub.subst
	ev.sudo = ev.sudo || sub.sudo
}

// judgePlainPipe is judgeStmt on the pipeline of commands p[0..k], which
// the parser joins left to right with "|".
func judgePlainPipe(pl *plainList, p []plainCmd, k int, ev *evidence, depth int) {
	if depth > 8 {
		return
	}
	if k == 0 {
		judgePlainCall(pl, p[0], ev)
		return
	}
	judgePlainPipe(pl, p, k-1, ev, depth+1)
	ev.redirect = true
	ev.strong = true
	y := pl.words[p[k].from:p[k].to]
	prog := strings.TrimPrefix(y[0], "sudo")
	if prog == "" && len(y) > 1 {
		prog = y[1]
	}
	if pipesIntoShell(prog) {
		ev.pipeToShell = true
	}
	sub := evidence{maySubst: ev.maySubst}
	if depth+1 <= 8 {
		judgePlainCall(pl, p[k], &sub)
	}
	ev.strong = ev.strong || sub.strong
	ev.subst = ev.subst || sub.subst
	ev.sudo = ev.sudo || sub.sudo
}

// judgePlainCall is judgeCall on a simple command of plain words.
func judgePlainCall(pl *plainList, c plainCmd, ev *evidence) {
	judgeArgs(callArgs{plain: pl.words[c.from:c.to]}, nil, c.text, ev)
}
