package guard

import (
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"
)

// Instructions reports text that tells its reader to do something, under
// the facts-only contract of wardline's DESIGN: imperatives aimed at the
// reader ("instruction.imperative"), directive modals, advice and action
// requests ("instruction.modal"), copy-pasteable command lines
// ("instruction.command"), step lists ("instruction.steps") and reproduced
// prompt injection, including invisible tag characters and bidi controls
// ("injection").
//
// s is the raw text; Instructions normalises it with the same steps as
// [Normalize] and reports byte offsets into s, so fullwidth letters,
// zero-width characters, homoglyphs, odd spacing and case do not change the
// verdict. Findings are sorted by Start, then End, then Rule; Excerpt is the
// matched text in normalised form, at most 80 bytes of valid UTF-8.
// Third-person statements of fact ("Contributors must sign the CLA", "The
// project uses npm workspaces", "Build artifacts are stored in dist/") and
// questions that ask for information produce no finding.
//
// Any input is accepted, including invalid UTF-8, NUL bytes and very long
// strings; the running time is linear in len(s).
func Instructions(s string) []Finding {
	if s == "" {
		return nil
	}
	norm, offs := normalizeWithOffsets(s)
	d := detector{norm: norm, offs: offs, src: s}
	d.toks = tokenize(norm, d.toks[:0])
	d.injection()
	d.modals()
	d.imperatives()
	d.commands()
	d.steps()
	out := append(hiddenCarriers(s), d.found...)
	slices.SortFunc(out, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End), cmp.Compare(a.Rule, b.Rule))
	})
	return slices.CompactFunc(out, func(a, b Finding) bool { return a == b })
}

// detector holds the state of one Instructions call.
type detector struct {
	src   string  // the caller's string
	norm  string  // its normalised form
	offs  []int   // normalizeWithOffsets' map from norm to src
	toks  []token // tokens of norm
	found []Finding
}

// report records a finding on norm[a:b].
func (d *detector) report(rule string, a, b int) {
	if a < 0 || b > len(d.norm) || a >= b {
		return
	}
	excerpt := strings.TrimSpace(d.norm[a:b])
	if i := strings.IndexByte(excerpt, '\n'); i >= 0 && rule != ruleSteps && rule != ruleCommand {
		excerpt = excerpt[:i]
	}
	d.found = append(d.found, Finding{
		Rule:    rule,
		Start:   d.offs[a],
		End:     endOffset(d.offs, b),
		Excerpt: clip(excerpt, maxExcerpt),
	})
}

// reportTokens records a finding covering tokens i..j-1.
func (d *detector) reportTokens(rule string, i, j int) {
	if i < 0 || j > len(d.toks) || i >= j {
		return
	}
	d.report(rule, d.toks[i].start, d.toks[j-1].end)
}

// token is one white-space separated piece of the normalised text.
type token struct {
	start, end int    // byte span in norm
	w          string // the word without surrounding punctuation
	pre, post  string // leading and trailing punctuation
	nl         bool   // a line break (or the start of text) precedes it
}

// raw returns the whole token text.
func (t token) raw(norm string) string { return norm[t.start:t.end] }

// endsSentence reports whether the token ends a sentence or clause.
func (t token) endsSentence() bool {
	return strings.ContainsAny(t.post, ".!?;:")
}

func (t token) comma() bool { return strings.Contains(t.post, ",") }

const (
	leadPunct  = "\"'([{<*_`«“‘¿¡"
	trailPunct = "\"')]}>.,;:!?*_`»”’…"
)

func tokenize(norm string, toks []token) []token {
	nl := true
	for i := 0; i < len(norm); {
		c := norm[i]
		if c == ' ' || c == '\n' {
			if c == '\n' {
				nl = true
			}
			i++
			continue
		}
		j := i
		for j < len(norm) && norm[j] != ' ' && norm[j] != '\n' {
			j++
		}
		raw := norm[i:j]
		core := strings.TrimLeft(raw, leadPunct)
		pre := raw[:len(raw)-len(core)]
		w := strings.TrimRight(core, trailPunct)
		post := core[len(w):]
		// Keep a trailing "." that belongs to a word like "./..." or "..".
		if w == "" && strings.HasPrefix(post, "..") {
			w, post = post, ""
		}
		toks = append(toks, token{start: i, end: j, w: w, pre: pre, post: post, nl: nl})
		nl = false
		i = j
	}
	return toks
}

// clauses calls f for every clause: a maximal run of tokens not broken by
// a sentence end or a line break. f returns how many tokens it consumed
// past the start (0 to move on normally).
func (d *detector) clauses(f func(i, j int)) {
	toks := d.toks
	for i := 0; i < len(toks); {
		j := i + 1
		for j < len(toks) && !toks[j-1].endsSentence() && !toks[j].nl {
			j++
		}
		f(i, j)
		i = j
	}
}

// word returns the core word of token i, or "" when out of range.
func (d *detector) word(i int) string {
	if i < 0 || i >= len(d.toks) {
		return ""
	}
	return d.toks[i].w
}

// validExcerpt is a defensive check used by tests.
func validExcerpt(s string) bool { return utf8.ValidString(s) && len(s) <= maxExcerpt }
