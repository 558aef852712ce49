// Package mdcost bounds what the markdown parser github.com/yuin/goldmark
// may cost on a text before it is parsed. goldmark's inline parser is
// linear on ordinary markdown but not on every text: link destinations
// and open brackets make some inputs cost it the square of their length.
// TooCostly tells those apart in one linear pass, so that a caller can
// fail closed instead of parsing: guard's exfiltration rule reports a
// markdown image, the checker's markdown rule reports markup.
//
// The package needs only the standard library; guard/internal/exfil and
// checker share it.
package mdcost

import "strings"

// Budget is the most TooCostly lets the estimated cost of a text of n
// bytes reach: 8 steps a byte plus 1024. The texts of the repository's
// corpora and of the public benchmark sets stay under 0.4 steps a byte
// beyond a constant of 128 (TestBudgetFitsCorpora), twenty times less; a
// line of glued "![a](" costs about n/10 steps a byte.
func Budget(n int) int {
	return 8*n + 1024
}

// TooCostly reports whether goldmark's inline parser may spend
// much more than its usual cost per byte on src. Two of its costs grow
// faster than the text: each '(' after ']' scans the link destination up
// to white space (for "<...>", up to '>'), to the end of the line when
// neither comes ("![a](![a](..."), and each ']' costs about as much as
// the number of brackets still open in its paragraph, up to about a
// thousand ("[[[...]]]"). This adds up, in one pass, the longest those
// scans can be (a '>' not preceded by a backslash always ends the "<"
// form, white space the other) and, per ']', the '[' not yet closed by
// a ']' in its paragraph (escaped ones not counted), capped at
// mdBracketCap; and compares the sum with Budget(len(src)). Ordinary
// markdown, whose links are short and whose brackets are few at a time,
// stays far below it (TestBudgetFitsCorpora).
func TooCostly(src string) bool {
	budget := Budget(len(src))
	return estimate(src, budget) > budget
}

// estimate returns the estimated cost of src (see TooCostly), or a number
// above limit as soon as the sum passes it.
func estimate(src string, limit int) int {
	cost, depth := 0, 0
	// stopAfter[k] remembers that src[from:end) holds no stop byte of
	// kind k: scans move forward, so each byte is read once per kind.
	type span struct{ from, end int }
	memo := [2]span{{-1, -1}, {-1, -1}}
	scan := func(k, from int) int {
		if m := memo[k]; from >= m.from && from <= m.end {
			return m.end
		}
		e := from
		for ; e < len(src) && src[e] != '\n'; e++ {
			c := src[e]
			if k == 0 && (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') ||
				k == 1 && c == '>' && src[e-1] != '\\' {
				break
			}
		}
		memo[k] = span{from, e}
		return e
	}
	blank := true // the current line holds only white space so far
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\n':
			if blank {
				depth = 0 // a paragraph ends
			}
			blank = true
			continue
		case c == '\\' && i+1 < len(src) && isASCIIPunct(src[i+1]):
			i++ // an escaped character ("\\[", "\\\\") opens and closes nothing
		case c == '[':
			depth++
		case c == ']':
			cost += min(depth, mdBracketCap)
			depth = max(depth-1, 0)
			if i+1 < len(src) && src[i+1] == '(' {
				p := i + 2
				for p < len(src) && (src[p] == ' ' || src[p] == '\t') {
					p++
				}
				if p < len(src) && src[p] == '<' {
					cost += scan(1, p+1) - p
				} else {
					cost += scan(0, p) - p
				}
			}
			if cost > limit {
				return cost
			}
		}
		if c != ' ' && c != '\t' && c != '\r' {
			blank = false
		}
	}
	return cost
}

func isASCIIPunct(c byte) bool {
	return '!' <= c && c <= '/' || ':' <= c && c <= '@' || '[' <= c && c <= '`' || '{' <= c && c <= '~'
}

// mdBracketCap is about the most a ']' costs goldmark (it gives up on
// link labels longer than 999 bytes).
const mdBracketCap = 1000

// HTMLBlockTag reports whether name, in lower case, is a tag name that
// opens a goldmark HTML block of type 1 (script, pre, style, textarea) or
// type 6 (goldmark's allowedBlockTags) without a '>'. checker's
// TestHTMLBlockTags holds the list to goldmark.
func HTMLBlockTag(name string) bool { return htmlBlockTags[name] }

// NumHTMLBlockTags is how many names HTMLBlockTag accepts.
func NumHTMLBlockTags() int { return len(htmlBlockTags) }

var htmlBlockTags = func() map[string]bool {
	m := map[string]bool{}
	for _, t := range strings.Fields(`script pre style textarea
		address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div
		dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe
		legend li link main menu menuitem meta nav noframes ol optgroup option p param search section summary
		table tbody td tfoot th thead title tr track ul`) {
		m[t] = true
	}
	return m
}()
