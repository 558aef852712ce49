package instructions

import (
	"cmp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/wardline/wardline/guard/internal/finding"
	"github.com/wardline/wardline/guard/internal/lexicon"
	"github.com/wardline/wardline/guard/internal/normalize"
)

// The rules of instruction findings, guard's RuleImperative, RuleModal,
// RuleCommand, RuleSteps and RuleInjection.
const (
	ruleImperative = "instruction.imperative"
	ruleModal      = "instruction.modal"
	ruleCommand    = "instruction.command"
	ruleSteps      = "instruction.steps"
	ruleInjection  = "injection"
)

// Instructions implements guard.Instructions, which documents it.
func Instructions(s string) []finding.Finding {
	return instructions(s, 0, nil)
}

// Normalized is normalize.NormalizeWithOffsets of a text, computed by a
// caller that needs it for other detectors too.
type Normalized struct {
	Norm string
	Offs []int
}

// InstructionsNormalized is Instructions(s) given n, which must be
// normalize.NormalizeWithOffsets(s): a text that is not ASCII is then not
// normalised again. It reads n and does not keep it.
func InstructionsNormalized(s string, n *Normalized) []finding.Finding {
	return instructions(s, 0, n)
}

// instructions is Instructions on text that depth layers of encoding
// were taken off (see decodedFindings); pre, when not nil, is
// normalize.NormalizeWithOffsets(s).
func instructions(s string, depth int, pre *Normalized) []finding.Finding {
	if s == "" {
		return nil
	}
	d := detectorPool.Get().(*detector)
	defer d.release()
	d.src = s
	ascii, simple := lowerInto(s, d)
	if simple {
		// Only case changes (lowerOnly): norm[i] comes from s[i], so
		// offsets are the identity and need no table (d.offs stays nil).
		d.norm = unsafe.String(unsafe.SliceData(d.nbuf), len(s))
	} else if ascii {
		// Reuse the pooled buffers; norm aliases d.nbuf, so findings copy
		// their excerpts.
		d.norm, d.offs = normalize.ASCIIPassInto(s, true, d.nbuf[:0], d.obuf[:0])
		d.nbuf, d.obuf = unsafe.Slice(unsafe.StringData(d.norm), len(d.norm)), d.offs
		if d.norm == "" {
			d.nbuf = d.nbuf[:0]
		}
	} else if pre != nil {
		d.norm, d.offs = pre.Norm, pre.Offs
	} else {
		d.norm, d.offs = normalize.NormalizeWithOffsets(s)
	}
	d.noPipe = strings.IndexByte(d.norm, '|') < 0
	d.noSudo = !strings.Contains(d.norm, "sudo")
	d.toks = tokenize(d.norm, d.toks[:0])
	d.injection()
	d.modals()
	d.imperatives()
	d.commands()
	d.steps()
	d.letterSpaced()
	d.dropCommandImperatives()
	var out []finding.Finding
	if !ascii {
		out = hiddenCarriers(s)
	}
	out = append(out, hiddenHTML(s)...)
	out = append(out, d.found...)
	for i := range out {
		out[i].Excerpt = strings.Clone(out[i].Excerpt)
	}
	if depth < maxDecodeDepth && mayHoldEncoding(s) {
		out = append(out, decodedFindings(s, depth)...)
	}
	slices.SortFunc(out, func(a, b finding.Finding) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End), cmp.Compare(a.Rule, b.Rule))
	})
	return slices.CompactFunc(out, func(a, b finding.Finding) bool { return a == b })
}

// letterSpaced re-runs the language rules with letter-spaced words joined
// ("i g n o r e previous instructions"): runs of three or more
// single-letter tokens become one word.
func (d *detector) letterSpaced() {
	run, found := 0, false
	for i := range d.toks {
		if len(d.toks[i].raw) == 1 && isSingleLetter(d.toks[i].raw) && !(run > 0 && d.toks[i].nl) {
			run++
			if run >= 3 {
				found = true
				break
			}
			continue
		}
		run = 0
	}
	if !found {
		return
	}
	var b strings.Builder
	offs := make([]int, 0, len(d.norm)+1)
	emit := func(from, to int) {
		b.WriteString(d.norm[from:to])
		for i := from; i < to; i++ {
			offs = append(offs, d.offAt(i))
		}
	}
	pos := 0
	for i := 0; i < len(d.toks); {
		j := i
		for j < len(d.toks) && isSingleLetter(d.toks[j].raw) && !(j > i && d.toks[j].nl) {
			j++
		}
		if j-i < 3 {
			i = max(j, i+1)
			continue
		}
		emit(pos, d.toks[i].startAt())
		for k := i; k < j; k++ {
			if k > i && d.wideGap(k) {
				// A wider gap between the letters is a gap between words:
				// "i g n o r e   a l l" is "ignore all".
				emit(d.toks[k-1].endAt(), d.toks[k].startAt())
			}
			emit(d.toks[k].startAt(), d.toks[k].endAt())
		}
		pos = d.toks[j-1].endAt()
		i = j
	}
	emit(pos, len(d.norm))
	offs = append(offs, len(d.src))
	d2 := detector{src: d.src, norm: b.String(), offs: offs}
	d2.toks = tokenize(d2.norm, nil)
	d2.injection()
	d2.modals()
	d2.imperatives()
	d.found = append(d.found, d2.found...)
}

// wideGap reports whether the caller's text has two or more white-space
// characters between token k-1 and token k (Normalize may have folded
// them into one).
func (d *detector) wideGap(k int) bool {
	a, b := d.endAt(d.toks[k-1].endAt()), d.offAt(d.toks[k].startAt())
	if a < 0 || b > len(d.src) || b-a < 2 {
		return false
	}
	return strings.TrimSpace(d.src[a:b]) == ""
}

func isSingleLetter(raw string) bool {
	return len(raw) == 1 && raw[0] >= 'a' && raw[0] <= 'z'
}

// offAt maps a byte offset in norm to the caller's string.
func (d *detector) offAt(i int) int {
	if d.offs == nil {
		return i
	}
	return d.offs[i]
}

// endAt maps an exclusive end in norm to the caller's string.
func (d *detector) endAt(b int) int {
	if d.offs == nil {
		return b
	}
	return normalize.EndOffset(d.offs, b)
}

// lowerInto is normalize.IsASCII(s) and lowerOnly(s) in one pass; when both hold,
// it has written the lower-cased s to d.nbuf[:len(s)].
func lowerInto(s string, d *detector) (ascii, simple bool) {
	if cap(d.nbuf) < len(s) {
		d.nbuf = make([]byte, len(s))
	}
	b := d.nbuf[:len(s)]
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf:
			return false, false
		case c <= ' ':
			// lowerOnly: a single space (the byte before is not one) or "\n";
			// other white space and controls change under Normalize.
			if c == ' ' && (i == 0 || s[i-1] != ' ') || c == '\n' {
				break
			}
			return normalize.IsASCII(s[i:]), false
		case c == 0x7F:
			return normalize.IsASCII(s[i:]), false
		case c-'A' < 26:
			c += 'a' - 'A'
		}
		b[i] = c
	}
	return true, true
}

var detectorPool = sync.Pool{New: func() any { return new(detector) }}

// release clears d and returns it to the pool; very large buffers are
// dropped rather than kept alive.
func (d *detector) release() {
	if cap(d.toks) > 1<<16 || cap(d.obuf) > 1<<20 {
		return
	}
	// Drop references into the caller's text. Only tokenize writes d.toks,
	// always from index 0, so the tokens past len(d.toks) were cleared by an
	// earlier release (or never written).
	clear(d.toks)
	*d = detector{toks: d.toks[:0], bounds: d.bounds[:0], found: d.found[:0], nbuf: d.nbuf[:0], obuf: d.obuf[:0], verbs: d.verbs[:0], tests: d.tests[:0]}
	detectorPool.Put(d)
}

// dropCommandImperatives removes imperative findings that start where a
// command finding starts: "curl -fsSL ... | sh" is a command line, not an
// English imperative of the verb "curl".
func (d *detector) dropCommandImperatives() {
	cmds := map[int]bool{}
	for _, f := range d.found {
		if f.Rule == ruleCommand {
			cmds[f.Start] = true
		}
	}
	if len(cmds) == 0 {
		return
	}
	d.found = slices.DeleteFunc(d.found, func(f finding.Finding) bool { return f.Rule == ruleImperative && cmds[f.Start] })
}

// detector holds the state of one Instructions call.
type detector struct {
	src        string  // the caller's string
	norm       string  // its normalised form
	offs       []int   // normalize.NormalizeWithOffsets' map from norm to src
	toks       []token // tokens of norm
	bounds     []int   // clause starts, then len(toks)
	boundsDone bool
	found      []finding.Finding
	nbuf       []byte // pooled buffer behind norm for ASCII input
	// noPipe and noSudo say that norm holds no "|" and no "sudo".
	noPipe, noSudo bool
	obuf           []int // pooled buffer behind offs for ASCII input
	// The sentence tokens [sentFrom, sentTo) are in, when sentKnown: its
	// language once langKnown, and whether it holds two English function
	// words (see sentenceBounds and sentenceLang).
	sentFrom, sentTo     int
	sentKnown, langKnown bool
	sentEnglish          bool
	// sentForeign counts (up to 2) the sentence's function words of
	// Spanish, German and French, and sentYou says whether it addresses
	// the reader in one of them (see foreignFunctionWords, sharedSubject).
	sentForeign int
	sentYou     bool
	lang        string
	// afterLabel: the sentence imperatives is reading is the value after
	// a field's label (see imperatives).
	afterLabel     bool
	afterConfigKey bool // the label is a configuration key ("id-token:")
	// inlineParsed is the bytes of inline command spans the shell parser
	// has read (see judgeInline).
	inlineParsed int
	// quotes carries the scan for open quotations (see quoteStateAt).
	quotes quoteCursor
	// verbs remembers isVerb per token: 0 not asked, 1 yes, 2 no.
	verbs []uint8
	// tests remembers cliWord and chainStop per token (see tokenTest).
	tests []uint8
	// cliLast is cliWord's answer for the word it last read, verbLast
	// verbLemma's.
	cliLast  wordAnswer
	verbLast verbAnswer
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
	d.found = append(d.found, finding.Finding{
		Rule:    rule,
		Start:   d.offAt(a),
		End:     d.endAt(b),
		Excerpt: finding.Clip(excerpt, finding.MaxExcerpt),
	})
}

// reportTokens records a finding covering tokens i..j-1.
func (d *detector) reportTokens(rule string, i, j int) {
	if i < 0 || j > len(d.toks) || i >= j {
		return
	}
	last := d.toks[j-1]
	end := last.endAt()
	if last.w != "" {
		end = last.startAt() + int(last.wOff) + len(last.w)
	}
	first := d.toks[i]
	start := first.startAt()
	if first.w != "" {
		start += int(first.wOff)
	}
	d.report(rule, start, end)
}

// token is one white-space separated piece of the normalised text.
type token struct {
	w        string // the word without surrounding punctuation
	raw      string // the whole token
	start    int32  // byte offset of raw in norm
	wOff     int32  // offset of w within raw
	flags    uint32 // wordFlags of w
	nl       bool   // a line break (or the start of text) precedes it
	sent     bool   // post holds one of .!?;:
	hasComma bool   // post holds a comma
	semi     bool   // post holds ";" or ")"
}

// pre and post return the punctuation before and after the word.
func (t token) pre() string  { return t.raw[:t.wOff] }
func (t token) post() string { return t.raw[int(t.wOff)+len(t.w):] }

// startAt and endAt return the byte span of the token in norm.
func (t token) startAt() int { return int(t.start) }
func (t token) endAt() int   { return int(t.start) + len(t.raw) }

// endsSentence reports whether the token ends a sentence or clause.
func (t token) endsSentence() bool { return t.sent }

func (t token) comma() bool { return t.hasComma }

const (
	leadPunct  = "\"'([{<*_`«“‘¿¡"
	trailPunct = "\"')]}>.,;:!?*_`»”’…"
)

// Word flags: one map lookup per token tells each detector whether the
// word can start something it looks for.
const (
	fOverride   uint32 = 1 << iota // an override verb ("ignore", "disregard")
	fRole                          // first word of a role/injection phrase
	fModal                         // first word of a modal phrase
	fProgram                       // a known program
	fForeign                       // a Spanish, German or French command word or opener
	fTarget                        // what an override targets ("instructions", "rules")
	fOrdinal                       // an ordinal that may open a step ("first", "then")
	fStep                          // a step word ("step", "paso", "schritt")
	fOpener                        // an opener before an imperative ("please", "then")
	fSubord                        // a subordinator ("if", "when", "to")
	fNotImp                        // a word that opens declaratives, not commands
	fForeignOrd                    // a Spanish, German or French sequence word ("erstens", "luego")
	fFunction                      // in functionWords
	fSubcommand                    // in subcommands
	fEntity                        // in cliEntities
	fProsey                        // in proseyPrograms
	fForeignFn                     // in foreignFunctions
	fYou                           // in secondPerson
)

var wordFlagTable = sync.OnceValue(func() map[string]uint32 {
	m := map[string]uint32{}
	mark(m, overrideVerbs, fOverride)
	mark(m, rolePhrases, fRole)
	mark(m, modalPhrases, fModal)
	mark(m, knownPrograms, fProgram)
	for _, set := range []map[string]struct{}{spanishImperatives, germanDuImperatives, frenchImperatives, foreignOpeners} {
		mark(m, set, fForeign)
	}
	mark(m, overrideTargets, fTarget)
	mark(m, foreignFunctions, fForeignFn)
	mark(m, secondPerson, fYou)
	mark(m, ordinals, fOrdinal)
	mark(m, foreignOrdinals, fForeignOrd)
	for w, ok := range stepWords {
		if ok {
			m[w] |= fStep
		}
	}
	mark(m, openers, fOpener)
	mark(m, subordinators, fSubord)
	mark(m, notImperative, fNotImp)
	m["no"] |= fForeign
	m["ne"] |= fForeign
	mark(m, lexicon.FunctionWords, fFunction)
	mark(m, subcommands, fSubcommand)
	mark(m, cliEntities, fEntity)
	mark(m, proseyPrograms, fProsey)
	return m
})

// mark sets flag on every word of set in m.
func mark[V any](m map[string]uint32, set map[string]V, flag uint32) {
	for w := range set {
		m[w] |= flag
	}
}

// flagHash is an open-addressing hash table over wordFlagTable with a
// cheap FNV-1a hash: flagsOf runs once per token, and a Go map lookup
// there was a fifth of Instructions' time.
type flagHash struct {
	maxLen int // the longest key: longer words are not looked up
	keys   []string
	flags  []uint32
	mask   uint32
}

func fnv32(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

var wordFlags = sync.OnceValue(func() *flagHash {
	m := wordFlagTable()
	size := uint32(1)
	for size < uint32(4*len(m)) {
		size <<= 1
	}
	fh := &flagHash{keys: make([]string, size), flags: make([]uint32, size), mask: size - 1}
	for w, f := range m {
		i := fnv32(w) & fh.mask
		for fh.keys[i] != "" {
			i = (i + 1) & fh.mask
		}
		fh.keys[i], fh.flags[i] = w, f
		fh.maxLen = max(fh.maxLen, len(w))
	}
	return fh
})

func flagsOf(w string) uint32 {
	return wordFlags().lookup(w)
}

// lookup returns the flags of w (0 for a word not in the table).
func (fh *flagHash) lookup(w string) uint32 {
	if w == "" || len(w) > fh.maxLen {
		return 0
	}
	for i := fnv32(w) & fh.mask; ; i = (i + 1) & fh.mask {
		switch fh.keys[i] {
		case w:
			return fh.flags[i]
		case "":
			return 0
		}
	}
}

func isWordByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }

// isAbbreviation reports whether w followed by "." is an abbreviation
// rather than the end of a sentence.
func isAbbreviation(w string) bool {
	switch w {
	case "mr", "mrs", "ms", "dr", "prof", "gen", "col", "capt", "lt", "sgt", "st", "jr",
		"sr", "mt", "ft", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept",
		"oct", "nov", "dec", "vs", "v", "etc", "inc", "ltd", "co", "corp", "no", "fig",
		"approx", "dept", "est", "gov", "sen", "rep", "rev", "ave", "blvd":
		return true
	}
	// Initialisms: "u.s", "d.c", "f.o.b", "e.g", "i.e", and single letters.
	if len(w) == 1 {
		return w[0] >= 'a' && w[0] <= 'z'
	}
	if len(w) >= 3 && len(w) <= 7 {
		for i := 0; i < len(w); i++ {
			if i%2 == 1 && w[i] != '.' || i%2 == 0 && (w[i] < 'a' || w[i] > 'z') {
				return false
			}
		}
		return true
	}
	return false
}

// trimLead and trimTrail strip leadPunct and trailPunct; they are
// hand-written because strings.TrimLeft with a non-ASCII cutset is slow.
func trimLead(s string) string {
	for len(s) > 0 {
		c := s[0]
		if c < utf8.RuneSelf {
			if !punctLead[c] {
				return s
			}
			s = s[1:]
			continue
		}
		r, n := utf8.DecodeRuneInString(s)
		if !strings.ContainsRune(leadPunct, r) {
			return s
		}
		s = s[n:]
	}
	return s
}

func trimTrail(s string) string {
	for len(s) > 0 {
		c := s[len(s)-1]
		if c < utf8.RuneSelf {
			if !punctTrail[c] {
				return s
			}
			s = s[:len(s)-1]
			continue
		}
		r, n := utf8.DecodeLastRuneInString(s)
		if !strings.ContainsRune(trailPunct, r) {
			return s
		}
		s = s[:len(s)-n]
	}
	return s
}

var punctLead, punctTrail = func() (l, t [utf8.RuneSelf]bool) {
	for i := 0; i < len(leadPunct); i++ {
		if leadPunct[i] < utf8.RuneSelf {
			l[leadPunct[i]] = true
		}
	}
	for i := 0; i < len(trailPunct); i++ {
		if trailPunct[i] < utf8.RuneSelf {
			t[trailPunct[i]] = true
		}
	}
	return l, t
}()

func tokenize(norm string, toks []token) []token {
	if toks == nil {
		toks = make([]token, 0, len(norm)/5+1)
	}
	fh := wordFlags()
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
		core, w, pre, post := raw, raw, "", ""
		if c0, c1 := raw[0], raw[len(raw)-1]; !isWordByte(c0) || !isWordByte(c1) {
			core = trimLead(raw)
			pre = raw[:len(raw)-len(core)]
			w = trimTrail(core)
			post = core[len(w):]
		}
		// Keep a trailing "." that belongs to a word like "./..." or "..".
		if w == "" && strings.HasPrefix(post, "..") {
			w, post = post, ""
		}
		sent, comma, semi := false, false, false
		for k := 0; k < len(post); k++ {
			switch post[k] {
			case '.', '!', '?', ':':
				sent = true
			case ';':
				sent, semi = true, true
			case ')':
				semi = true
			case ',':
				comma = true
			}
		}
		if sent && post == "." && isAbbreviation(w) {
			sent = false // "Mr. Bush", "Oct. 31", "F.O.B. Reserve"
		}
		toks = append(toks, token{w: w, raw: raw, start: int32(i), wOff: int32(len(pre)), flags: fh.lookup(w), nl: nl, sent: sent, hasComma: comma, semi: semi})
		nl = false
		i = j
	}
	return toks
}

// clauses calls f for every clause: a maximal run of tokens not broken by
// a sentence end or a line break. f returns how many tokens it consumed
// past the start (0 to move on normally).
func (d *detector) clauses(f func(i, j int)) {
	if !d.boundsDone {
		d.boundsDone = true
		toks := d.toks
		d.bounds = d.bounds[:0]
		for i := 0; i < len(toks); {
			j := i + 1
			for j < len(toks) && !toks[j-1].endsSentence() && !toks[j].nl {
				j++
			}
			d.bounds = append(d.bounds, i)
			i = j
		}
		d.bounds = append(d.bounds, len(toks))
	}
	for c := 0; c+1 < len(d.bounds); c++ {
		f(d.bounds[c], d.bounds[c+1])
	}
}

// word returns the core word of token i, or "" when out of range.
func (d *detector) word(i int) string {
	if i < 0 || i >= len(d.toks) {
		return ""
	}
	return d.toks[i].w
}

// Warm builds the lexicon and the word-flag table, for guard.Warm.
func Warm() { lexicon.Default(); wordFlags() }

// setOf returns the set of words.
func setOf(words ...string) map[string]struct{} {
	m := make(map[string]struct{}, len(words))
	for _, w := range words {
		m[w] = struct{}{}
	}
	return m
}
