package instructions

import "strings"

// maxPlainCmds bounds the simple commands of the plain-list fast path (a
// stack array); longer lists go to the parser.
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

// plainList is a command line split by splitPlainList.
type plainList struct {
	words [maxPlainWords]string
	cmds  [maxPlainCmds]plainCmd
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
//     error, which the parser reports (and judgeCommand then returns false).
//
// The parser then builds one Stmt per ";"-separated statement, in order;
// in each, pipelines joined by "&&" and "||" as left-associative
// BinaryCmds (getStmt), each pipeline simple commands joined by "|" as
// left-associative BinaryCmds (gotStmtPipe), each simple command a
// CallExpr of one *syntax.Lit word per word, no redirections, no
// negation, no background. judgePlainList walks that tree as judgeStmt
// does. TestPlainListMatchesParser checks this against the parser.
func splitPlainList(text string, pl *plainList) bool {
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
			if !inCmd {
				return false // an empty command
			}
			closeCmd()
			n := 1
			switch {
			case c == '|' && i+1 < len(text) && text[i+1] == '|':
				op, n = opOr, 2
			case c == '|':
				op = opPipe
			case c == '&' && i+1 < len(text) && text[i+1] == '&':
				op, n = opAnd, 2
			case c == '&':
				return false // a background job
			default:
				op = opNone
			}
			i += n
			if i < len(text) && (text[i] == '|' || text[i] == '&' || text[i] == ';') {
				return false // another token: "|&", ";;", "&&&"
			}
			needCmd = op != opNone
			continue
		case c == '#':
			return false // a comment
		}
		j := i
		for ; j < len(text); j++ {
			c := text[j]
			if c == ' ' || c == '|' || c == '&' || c == ';' {
				break
			}
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || plainByte[c]) {
				return false
			}
			if c == '=' && !inCmd {
				return false // an assignment
			}
		}
		if nw == maxPlainWords {
			return false
		}
		if !inCmd {
			if nc == maxPlainCmds || shellReserved(text[i:j]) {
				return false
			}
			pl.cmds[nc] = plainCmd{from: nw, op: op}
			nc++
			inCmd, needCmd = true, false
			cmdStart = i
		}
		pl.words[nw] = text[i:j]
		nw++
		cmdEnd = j
		i = j
	}
	if needCmd || nc == 0 {
		return false
	}
	if inCmd {
		closeCmd()
	}
	pl.n = nc
	return true
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
		var starts [maxPlainCmds]int
		np := 0
		for k, c := range stmt {
			if k == 0 || c.op == opAnd || c.op == opOr {
				starts[np] = k
				np++
			}
		}
		judgePlainAndOr(pl, stmt, starts[:np], np-1, ev, 0)
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
