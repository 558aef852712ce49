// Package page splits a wiki page into its YAML frontmatter and its
// markdown body, the one piece of page syntax that both citation (which
// verifies the body) and citation/workspace (whose template check reads the
// frontmatter) need.
package page

import "bytes"

// Split separates a leading YAML frontmatter block ("---" line, YAML, "---"
// or "..." line) from the markdown body. found is false when the page does
// not open with "---"; closed is false when it opens but never closes (then
// body is the whole page). bodyOffset is where body starts in p.
func Split(p []byte) (fm, body []byte, bodyOffset int, found, closed bool) {
	first, rest := cutLine(p)
	if string(bytes.TrimSuffix(first, []byte("\r"))) != "---" {
		return nil, p, 0, false, false
	}
	off := len(p) - len(rest)
	start := off
	for len(rest) > 0 {
		line, next := cutLine(rest)
		l := string(bytes.TrimRight(line, " \t\r"))
		if l == "---" || l == "..." {
			end := len(p) - len(next)
			return p[start:off], p[end:], end, true, true
		}
		off += len(rest) - len(next)
		rest = next
	}
	return nil, p, 0, true, false
}

func cutLine(b []byte) (line, rest []byte) {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return b[:i], b[i+1:]
	}
	return b, nil
}
