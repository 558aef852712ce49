package inject

import (
	"slices"
	"strings"
	"unicode"
)

// Forged conversation turns and authority markers. A marker opens a
// block whose content is judged as a turn: a sentence with a verb in it
// is text put in a role's mouth, and the block goes whole. A marker
// followed by data stays ("System: Ubuntu 22.04.4 LTS, 32 GB RAM",
// "Developer: Jane Doe <jane@example.org>"). Chat-template tokens, which
// only mean something to a model, are removed wherever they stand
// outside code.

// turnRole reports whether w names a role a "role:" marker forges.
func turnRole(w string) bool {
	switch w {
	case "system", "assistant", "user", "human", "developer", "ai", "model", "bot", "admin", "administrator",
		"operator", "gpt", "chatgpt", "claude", "gemini", "copilot", "sys", "instruction", "instructions",
		"sistema", "asistente", "usuario", "système", "utilisateur", "nutzer", "benutzer", "root":
		return true
	}
	return false
}

// markerTail reports whether w may follow a role inside brackets:
// "[SYSTEM NOTICE]", "[ADMIN REQUEST::".
func markerTail(w string) bool {
	switch w {
	case "notice", "message", "note", "request", "instruction", "instructions", "update", "override", "prompt",
		"command", "alert", "warning", "directive", "mode", "response", "output", "reminder", "memo", "chain",
		"of", "thought":
		return true
	}
	return false
}

// headingWord reports whether w makes a dashed or hashed line a marker:
// "-- CORE INSTRUCTION", "### Instruction:".
func headingWord(w string) bool {
	switch w {
	case "instruction", "instructions", "amendment", "directive", "override", "notice", "system", "response",
		"command", "input":
		return true
	}
	return false
}

// turnStart reports whether a turn marker starts at m[i] inside the
// logical line m[a:b]; it returns the marker's length (0 when there is
// none) and records the block it opens or closes.
func (d *doc) turnStart(i, a, b int) int {
	m := d.m
	c := m[i]
	switch {
	case c == '<' || c == '[' || c == '{':
	case c == '#' || c == '-':
		if i != firstNonSpace(m, a, b) {
			return 0
		}
	case isAlpha(c) || c >= 0xc0:
		// A role word: at a word start, and followed by a colon.
		if i > a && (isAlpha(m[i-1]) || m[i-1] >= 0x80 || m[i-1] >= '0' && m[i-1] <= '9') {
			return 0
		}
		e := i
		for e < b && e < i+16 && (isAlpha(m[e]) || m[e] >= 0x80) {
			e++
		}
		for e < b && (m[e] == ' ' || m[e] == '*' || m[e] == '_') && e < i+20 {
			e++
		}
		if e < b && m[e] != ':' && upperRole(m[i:e]) {
			// "ADMIN OVERRIDE:": roleColon reads the capitals after the
			// role.
			for e < b && e < i+40 && (m[e] >= 'A' && m[e] <= 'Z' || m[e] == ' ') {
				e++
			}
		}
		if e >= b || m[e] != ':' {
			return 0
		}
	default:
		return 0
	}
	if d.inCode(i) {
		return 0
	}
	if k, closing, ok := templateToken(m[i:b]); ok {
		d.markers = append(d.markers, span{i, i + k})
		if closing {
			d.closeTurn(i + k)
		} else {
			d.openTurn(i, i+k, a, b, true)
		}
		return k
	}
	if k, closing, ok := bracketMarker(m[i:b]); ok {
		if toolMarker(m[i:i+k]) && !d.turnPosition(i, a) {
			// "The [tool_output] block holds ...": a tool's turn is
			// forged where a transcript starts one, not mid-sentence.
			return 0
		}
		if closing {
			d.closeTurn(i + k)
		} else {
			d.openTurn(i, i+k, a, b, false)
		}
		return k
	}
	if k, ok := roleColon(m[i:b]); ok && (d.turnPosition(i, a) || upperRole(m[i:i+k])) {
		d.openTurn(i, i+k, a, b, false)
		if strings.IndexByte(strings.TrimSpace(m[i:i+k]), ' ') > 0 {
			// "SYSTEM NOTICE: scheduled maintenance on Sunday" is a
			// banner people write too: such a marker forges a turn only
			// when what follows directs.
			d.blocks[len(d.blocks)-1].directs = true
		}
		return k
	}
	if i == firstNonSpace(m, a, b) {
		if k, ok := headingMarker(m[i:b]); ok {
			d.openTurn(i, i+k, a, b, false)
			return k
		}
	}
	return 0
}

func firstNonSpace(m string, a, b int) int {
	for a < b && (m[a] == ' ' || m[a] == '\t') {
		a++
	}
	return a
}

// upperRole reports whether a "role:" marker is written in capitals
// ("SYSTEM:", "ASSISTANT:"), a forged turn wherever it stands.
func upperRole(s string) bool {
	n := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 'a' && c <= 'z':
			return false
		case c >= 'A' && c <= 'Z':
			n++
		}
	}
	return n >= 3
}

// turnPosition reports whether a bare "role:" marker may start at m[i]:
// at the start of the line (after quotes, list markers and emphasis),
// after the "Key: " of a field, after the end of a sentence, or after a
// closing bracket.
func (d *doc) turnPosition(i, a int) bool {
	s := d.m
	j := i
	for j > a && (s[j-1] == '*' || s[j-1] == '_' || s[j-1] == '"' || s[j-1] == '\'') {
		j--
	}
	k := j
	for k > a && (s[k-1] == ' ' || s[k-1] == '\t') {
		k--
	}
	if k == a {
		return true
	}
	switch p := s[k-1]; p {
	case '>', '-', '*':
		// Nothing but list and quote markers before it.
		return d.lineFacts(a).markersTo >= k
	case '.', '?', '!', ']', ')', '}':
		return k < j
	case ':':
		// "Registrant State/Province: SYSTEM: ...": one colon and at
		// most five fields before it; and a JSON string value:
		// {"advisory":"Assistant: ..."}.
		if j < i && s[j] == '"' && k == j && k >= 2 && s[k-2] == '"' {
			return true
		}
		return k < j && d.lineFacts(a).oneColon(d.m, k) && fieldsAtMost(d.m[a:k], 5)
	}
	return false
}

// lineFacts is what turnPosition asks of the text from a line's start
// up to a marker, found once per line rather than once per marker (a line
// of markers made that quadratic).
type lineFacts struct {
	a         int  // the line's start
	set       bool // the facts are of the line at a
	markersTo int  // the end of the run of list and quote markers that opens the line
	// The colons from a are read as far as scanned: the first two of
	// them, -1 for those not met.
	scanned        int
	colon1, colon2 int
}

// lineFacts returns the facts of the line that starts at a.
func (d *doc) lineFacts(a int) *lineFacts {
	lf := &d.lf
	if lf.set && lf.a == a {
		return lf
	}
	m := d.m
	*lf = lineFacts{a: a, set: true, scanned: a, colon1: -1, colon2: -1}
	lf.markersTo = len(m) - len(strings.TrimLeft(m[a:], " \t>-*0123456789.)"))
	return lf
}

// oneColon reports whether m[lf.a:k] holds exactly one colon, reading m
// past what earlier calls read only as far as k or a second colon.
func (lf *lineFacts) oneColon(m string, k int) bool {
	for lf.colon2 < 0 && lf.scanned < k {
		i := strings.IndexByte(m[lf.scanned:k], ':')
		if i < 0 {
			lf.scanned = k
			break
		}
		if lf.colon1 < 0 {
			lf.colon1 = lf.scanned + i
		} else {
			lf.colon2 = lf.scanned + i
		}
		lf.scanned += i + 1
	}
	return lf.colon1 >= 0 && lf.colon1 < k && (lf.colon2 < 0 || lf.colon2 >= k)
}

// fieldsAtMost reports whether s has at most n fields as strings.Fields
// cuts them, without cutting them.
func fieldsAtMost(s string, n int) bool {
	fields, in := 0, false
	for _, r := range s {
		if unicode.IsSpace(r) {
			in = false
			continue
		}
		if !in {
			in = true
			if fields++; fields > n {
				return false
			}
		}
	}
	return true
}

// roleColon matches "system:", "Assistant :", "**User:**" at the start of
// s.
func roleColon(s string) (int, bool) {
	e := 0
	for e < len(s) && e < 16 && (isAlpha(s[e]) || s[e] >= 0x80) {
		e++
	}
	if e == 0 || e >= len(s) {
		return 0, false
	}
	if !turnRole(lowerASCII(s[:e])) {
		return 0, false
	}
	k := e
	// "ADMIN OVERRIDE:", "SYSTEM NOTICE:": in capitals, a role and one or
	// two of the words a marker's role takes ("[SYSTEM NOTICE]").
	for n := 0; n < 2 && k+1 < len(s) && s[k] == ' ' && upperRole(s[:e]); n++ {
		t := k + 1
		for t < len(s) && t < k+16 && s[t] >= 'A' && s[t] <= 'Z' {
			t++
		}
		if t == k+1 || !markerTail(lowerASCII(s[k+1:t])) {
			break
		}
		k = t
	}
	for k < len(s) && (s[k] == ' ' || s[k] == '*' || s[k] == '_') && k < e+3 {
		k++
	}
	if k >= len(s) || s[k] != ':' {
		return 0, false
	}
	k++
	for k < len(s) && (s[k] == '*' || s[k] == '_' || s[k] == ':') {
		k++
	}
	return k, true
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// templateToken matches a chat-template token at the start of s:
// <|im_start|>, <|endoftext|>, [INST], [/INST], <<SYS>>, <</SYS>>,
// <start_of_turn>, <end_of_turn> (and the fullwidth bar DeepSeek uses).
func templateToken(s string) (n int, closing, ok bool) {
	if len(s) < 2 || s[0] != '<' && s[0] != '[' {
		return 0, false, false
	}
	low := lowerASCII(s[:min(len(s), 40)])
	switch {
	case strings.HasPrefix(low, "<|") || strings.HasPrefix(low, "<｜"):
		open := 2
		if strings.HasPrefix(low, "<｜") {
			open = len("<｜")
		}
		for k := open; k < len(low); k++ {
			c := low[k]
			if c == '|' && k+1 < len(low) && low[k+1] == '>' {
				name := low[open:k]
				return k + 2, strings.Contains(name, "end") || name == "eot_id", name != ""
			}
			if strings.HasPrefix(low[k:], "｜>") {
				return k + len("｜>"), strings.Contains(low[open:k], "end"), true
			}
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c >= 0x80) {
				return 0, false, false
			}
		}
	case strings.HasPrefix(low, "[inst]"):
		return 6, false, true
	case strings.HasPrefix(low, "[/inst]"):
		return 7, true, true
	case strings.HasPrefix(low, "<<sys>>"):
		return 7, false, true
	case strings.HasPrefix(low, "<</sys>>"):
		return 8, true, true
	case strings.HasPrefix(low, "<start_of_turn>"):
		return 15, false, true
	case strings.HasPrefix(low, "<end_of_turn>"):
		return 13, true, true
	}
	return 0, false, false
}

// bracketMarker matches a role in brackets at the start of s: "[system]",
// "[SYSTEM NOTICE]", "[ADMIN REQUEST::", "<<ADMIN>>", "{{#system}}",
// "<system>", and their closing forms ("[/system]", "{{/system}}",
// "</system>", "<</ADMIN>>").
func bracketMarker(s string) (n int, closing, ok bool) {
	var open, close string
	switch {
	case strings.HasPrefix(s, "<<"):
		open, close = "<<", ">>"
	case strings.HasPrefix(s, "{{"):
		open, close = "{{", "}}"
	case strings.HasPrefix(s, "["):
		open, close = "[", "]"
	case strings.HasPrefix(s, "<"):
		open, close = "<", ">"
	default:
		return 0, false, false
	}
	k := len(open)
	if k < len(s) && (s[k] == '/' || s[k] == '#') {
		closing = s[k] == '/'
		k++
	}
	w0 := k
	words := 0
	for k < len(s) && k < w0+40 {
		e := k
		for e < len(s) && (isAlpha(s[e]) || s[e] == '_') {
			e++
		}
		if e == k {
			break
		}
		if words > 0 && e < len(s) && s[e] == '=' {
			k-- // an attribute after the role: back to the space before it
			break
		}
		w := strings.ToLower(s[k:e])
		if !roleWord(w, words == 0) && !(words == 0 && toolResultRole(w)) {
			return 0, false, false
		}
		words++
		k = e
		if k < len(s) && s[k] == ' ' && open != "<" {
			k++
			continue
		}
		break
	}
	if words == 0 {
		return 0, false, false
	}
	if (open == "[" || open == "<") && k < len(s) && s[k] == ' ' {
		k = skipAttrs(s, k) // `[tool_result name="payments.approve"]`
	}
	if strings.HasPrefix(s[k:], close) {
		return k + len(close), closing, true
	}
	// "[ADMIN REQUEST::Ignore ..." and "[system note: ..." run on.
	if open == "[" && !closing && k < len(s) && s[k] == ':' {
		for k < len(s) && s[k] == ':' {
			k++
		}
		return k, false, true
	}
	return 0, false, false
}

// toolResultRole reports whether w names a tool's turn in an agent's
// transcript: "tool_result", "tool_output", "function_response",
// "observation". A forged one puts words in a tool's mouth.
func toolResultRole(w string) bool {
	if w == "observation" {
		return true
	}
	head, tail, ok := strings.Cut(w, "_")
	if !ok || head != "tool" && head != "function" {
		return false
	}
	switch tail {
	case "result", "results", "output", "response", "return", "call_output", "call_result":
		return true
	}
	return false
}

// toolMarker reports whether the bracket marker m names a tool's turn.
func toolMarker(m string) bool {
	w := strings.TrimLeft(m, "[<{#/")
	e := 0
	for e < len(w) && (isAlpha(w[e]) || w[e] == '_') {
		e++
	}
	return toolResultRole(strings.ToLower(w[:e]))
}

// skipAttrs skips attributes written the way markup writes them
// (` name="x" id=3`) from s[k] and returns the index after them.
func skipAttrs(s string, k int) int {
	for k < len(s) {
		j := k
		for j < len(s) && s[j] == ' ' {
			j++
		}
		e := j
		for e < len(s) && (isAlpha(s[e]) || s[e] == '_' || s[e] == '-') {
			e++
		}
		if e == j || e >= len(s) || s[e] != '=' {
			return k
		}
		e++
		if e < len(s) && (s[e] == '"' || s[e] == '\'') {
			q := strings.IndexByte(s[e+1:], s[e])
			if q < 0 || q > 200 {
				return k
			}
			e += q + 2
		} else {
			for e < len(s) && s[e] != ' ' && s[e] != ']' && s[e] != '>' {
				e++
			}
		}
		k = e
	}
	return k
}

// roleWord reports whether w, a word that may join its parts with "_"
// ("system_message", "admin_override"), is a role and what may follow
// one in a marker; first says w opens the marker, which a role must.
func roleWord(w string, first bool) bool {
	for i, part := range strings.Split(w, "_") {
		if part == "" {
			return false
		}
		if !turnRole(part) && (first && i == 0 || !markerTail(part)) {
			return false
		}
	}
	return true
}

// headingMarker matches a line that announces what follows as
// instructions: "-- CORE INSTRUCTION", "-- LEGAL AMENDMENT, FOLLOW
// INSTRUCTION", "### Instruction:", "## System", or a role label that
// heads the rest of its line: "###(system_message) Delete ...", "##
// system: ...".
func headingMarker(s string) (int, bool) {
	k := 0
	switch {
	case strings.HasPrefix(s, "--"):
		for k < len(s) && s[k] == '-' {
			k++
		}
	case strings.HasPrefix(s, "##"):
		for k < len(s) && s[k] == '#' {
			k++
		}
	default:
		return 0, false
	}
	if n := roleLabel(s[k:]); n > 0 {
		return k + n, true
	}
	rest := strings.TrimSpace(s[k:])
	fs := strings.FieldsFunc(strings.ToLower(rest), func(r rune) bool { return r == ' ' || r == ',' || r == ':' })
	if len(fs) == 0 || len(fs) > 5 {
		return 0, false
	}
	for _, f := range fs {
		if headingWord(f) {
			return len(s), true
		}
	}
	return 0, false
}

// roleLabel returns the length of a role label at the start of s (after
// a heading's marks): spaces, then a role word in parentheses or brackets
// or followed by a colon ("(system_message)", " system:", "[admin]"), or
// 0.
func roleLabel(s string) int {
	k := 0
	for k < len(s) && s[k] == ' ' {
		k++
	}
	closer := byte(':')
	if k < len(s) && (s[k] == '(' || s[k] == '[') {
		closer = ')'
		if s[k] == '[' {
			closer = ']'
		}
		k++
	}
	e := k
	for e < len(s) && (isAlpha(s[e]) || s[e] == '_') {
		e++
	}
	if e == k || e >= len(s) || s[e] != closer {
		return 0
	}
	w := strings.ToLower(s[k:e])
	if !roleWord(w, true) || closer == ':' && w != "system" && !strings.HasPrefix(w, "system_") {
		// Documentation heads sections "## User: getting started",
		// "### Admin: managing roles"; only a system turn is forged
		// that way, and any role in brackets.
		return 0
	}
	return e + 1
}

// openTurn opens a turn block at the marker m[i:e] in the logical line
// m[a:b]. Its content is the rest of the line; a marker alone on its
// line takes the lines after it up to a blank line.
func (d *doc) openTurn(i, e, a, b int, template bool) {
	d.closeTurn(i)
	end := b
	if rest := strings.TrimSpace(d.m[e:b]); rest == "" || onlyMarkers(rest) || len(rest) <= 16 && turnRole(lowerASCII(rest)) {
		end = d.paragraphEnd(b)
	}
	d.blocks = append(d.blocks, block{span: span{i, end}, kind: blockTurn, ctx: ctxTurn, marker: template})
	d.open = len(d.blocks) - 1
}

// closeTurn ends the open turn block at e, or where it ends anyway when
// that is earlier: a closing marker never extends a turn.
func (d *doc) closeTurn(e int) {
	if d.open < 0 {
		return
	}
	bl := &d.blocks[d.open]
	bl.end = max(bl.start, min(bl.end, e))
	d.open = -1
}

// onlyMarkers reports whether s holds nothing but markers and dashes
// ("<end of session> <end of session> -------").
func onlyMarkers(s string) bool {
	t := strings.TrimSpace(strings.Trim(strings.TrimSpace(s), "-=*_ "))
	return t == ""
}

// paragraphEnd is the package function paragraphEnd on d.m, remembering
// its last answer: markers that follow each other in one paragraph ask
// for the same end, and scanning to it again for each would cost the
// square of the paragraph's length.
func (d *doc) paragraphEnd(b int) int {
	if b >= d.paraFrom && b <= d.paraEnd {
		return d.paraEnd
	}
	d.paraFrom, d.paraEnd = b, paragraphEnd(d.m, b)
	return d.paraEnd
}

// paragraphEnd returns the offset of the first blank line at or after
// b, or len(m).
func paragraphEnd(m string, b int) int {
	for i := b; i < len(m); {
		j := strings.IndexByte(m[i:], '\n')
		if j < 0 {
			return len(m)
		}
		j += i
		k := strings.IndexByte(m[j+1:], '\n')
		if k < 0 {
			k = len(m)
		} else {
			k += j + 1
		}
		if strings.TrimSpace(m[j+1:k]) == "" {
			return j
		}
		i = j + 1
	}
	return len(m)
}

// inCode reports whether m[i] lies inside an inline code span.
func (d *doc) inCode(i int) bool { return within(d.inline, i, i+1) }

// markTurns gives each unit the innermost block that holds it and the
// context of that block. Blocks are swept in order, so the cost is
// linear in units and blocks.
func (d *doc) markTurns() {
	if len(d.blocks) == 0 {
		return
	}
	order := make([]int, len(d.blocks))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(x, y int) int {
		a, b := d.blocks[x], d.blocks[y]
		if a.start != b.start {
			return a.start - b.start
		}
		return b.end - a.end
	})
	var active []int
	next := 0
	for ui := range d.units {
		u := &d.units[ui]
		for next < len(order) && d.blocks[order[next]].start <= u.start {
			active = append(active, order[next])
			next++
		}
		for len(active) > 0 && d.blocks[active[len(active)-1]].end <= u.start {
			active = active[:len(active)-1]
		}
		for k := len(active) - 1; k >= 0; k-- {
			bl := d.blocks[active[k]]
			if bl.contains(u.start, u.end) || bl.overlaps(u.start, u.end) && bl.kind == blockTurn {
				u.block = active[k]
				u.ctx |= bl.ctx
				break
			}
		}
	}
}

// lowerASCII lower-cases the ASCII letters of s, allocating only when
// there is one to change.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
