package secrets

// Secret scanning with gitleaks' default rules, at a fraction of its cost.
//
// The rules, keywords, entropy thresholds and allowlists are gitleaks v8's
// default configuration (github.com/zricethezav/gitleaks/v8/config), loaded
// once, lazily, through a private viper instance: gitleaks' own
// NewDetectorDefaultConfig writes viper's process-wide state, which is a data
// race when two goroutines build detectors. The decoding passes use a copy
// of gitleaks' detect/codec (secrets_codec.go), so base64, percent, hex and
// unicode-escape encodings are undone up to secretDecodeDepth levels and a
// secret found inside them is reported on the encoded span of the input.
//
// The per-finding logic (secret group, entropy, global and rule allowlists,
// the generic-rule de-duplication) mirrors gitleaks' detect.Detector for an
// in-memory fragment with IgnoreGitleaksAllow set: a "gitleaks:allow"
// comment is attacker-controlled text here and suppresses nothing. What
// differs is how the work is done: one automaton pass finds every keyword
// occurrence, which both activates rules and gives most rules their anchor
// positions (secrets_keywords.go); a rule's regexp runs only on windows that
// can hold a match, after cheap byte-level checks that a match could start
// there (secrets_regex.go); encoded segments are found by a byte scanner
// instead of a regular expression (secrets_codec.go); and a scan's buffers
// come from a pool (secrets_scratch.go), so clean text allocates nothing.
// The test suite compares both engines finding by finding, and each fast
// path with the slower one it replaces.
//
// gitleaks logs through its package-level zerolog logger
// (github.com/zricethezav/gitleaks/v8/logging.Logger), and its detector and
// decoder log secrets and decoded values at trace and debug level. guard
// never calls that code: it calls only gitleaks' configuration loader and
// allowlist matchers, which log no finding, and its copy of the decoder has
// the logging removed. So nothing guard does can print a secret, whatever
// level an application sets, and guard leaves gitleaks' logger (and
// zerolog's global level) alone.

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/spf13/viper"
	"github.com/wardline/wardline/guard/internal/finding"
	"github.com/wardline/wardline/guard/internal/normalize"
	"github.com/zricethezav/gitleaks/v8/config"
	"golang.org/x/text/unicode/norm"
)

// secretDecodeDepth is how many nested encodings (base64 of hex of ...) are
// undone before scanning stops.
const secretDecodeDepth = 3

// secretRulePrefix prefixes every secret finding's Rule.
const secretRulePrefix = "secret."

// secretRule is one gitleaks rule. Its Rule.Regex is nil: fast holds the
// expression and compiles it on first use.
type secretRule struct {
	config.Rule
	fast *fastRegexp
	// kwMask, set by anchorKeywords, has bit k set when keyword k of the
	// engine's matcher is one of fast's anchors; nil when some anchor is
	// not a keyword (or there is none).
	maskOnce sync.Once
	kwMask   []uint64
}

// anchorKeywords returns r.kwMask (see there), computing it once; kwIndex
// maps each keyword to its index in the matcher.
func (r *secretRule) anchorKeywords(kwIndex map[string]int) []uint64 {
	r.maskOnce.Do(func() {
		f := r.fast.ready()
		if len(f.anchors) == 0 {
			return
		}
		mask := make([]uint64, (len(kwIndex)+63)/64)
		for _, a := range f.anchors {
			k, ok := kwIndex[a]
			if !ok {
				return
			}
			mask[k/64] |= 1 << (k % 64)
		}
		r.kwMask = mask
	})
	return r.kwMask
}

type secretEngine struct {
	cfg   config.Config
	stops map[*config.Allowlist]*stopWords // each allowlist's stop words
	rules []*secretRule                    // sorted by RuleID
	// kw finds keywords; the loose engine shares its parent's.
	kw      *kwMatcher
	kwIndex map[string]int // lower-case keyword -> index in kw
	kwRules [][]int        // keyword index -> indexes into rules
	// loose holds, for rules that detect a prefixed token, a variant that
	// also accepts punctuation after the token (see looseDelimiter).
	loose *secretEngine
}

// gitleaksDelimiter ends most of gitleaks' token rules: the token must be
// followed by a quote, white space, ';', an escaped newline or the end.
// Prose puts a full stop, comma or bracket there ("the key sk_live_... .")
// and gitleaks then misses an unmistakable token. looseDelimiter also
// accepts a run of such punctuation when white space, a quote or the end
// follows it (so "video.ico-<hex>.png" stays a file name). Semi-generic rules (a service name near an assignment)
// keep gitleaks' delimiter: their tokens are not unmistakable.
const (
	gitleaksDelimiter = `(?:[\x60'"\s;]|\\[nr]|$)`
	looseDelimiter    = `(?:[\x60'"\s;]|[.,:!?)\]}>]+(?:[\x60'"\s]|$)|\\[nr]|$)`
	semiGenericPrefix = `[\w.-]{0,50}?`
)

var (
	secretsOnce   sync.Once
	secretsEngine *secretEngine
	secretsErr    error
)

// gitleaksConfig returns gitleaks' default configuration, parsed with a
// private viper instance, and the expression of every rule by rule id.
// The rules' Regex fields are nil: Translate would compile every
// expression (most of the first call's time), so it is given stand-ins,
// and newFastRegexp compiles each expression on first use instead.
func gitleaksConfig() (config.Config, map[string]string, map[*config.Allowlist]*stopWords, error) {
	v := viper.New()
	v.SetConfigType("toml")
	if err := v.ReadConfig(strings.NewReader(config.DefaultConfig)); err != nil {
		return config.Config{}, nil, nil, err
	}
	var vc config.ViperConfig
	if err := v.Unmarshal(&vc); err != nil {
		return config.Config{}, nil, nil, err
	}
	// Translate builds an Aho-Corasick trie of each allowlist's stop
	// words, most of its time; each allowlist gets a stand-in stop word
	// naming it instead, and the real ones are matched by stopWords.
	var saved [][]string
	stand := func(words []string) []string {
		if len(words) == 0 {
			return nil
		}
		saved = append(saved, words)
		return []string{stopStandIn + strconv.Itoa(len(saved)-1)}
	}
	for i := range vc.Rules {
		r := &vc.Rules[i]
		if r.AllowList != nil {
			r.AllowList.StopWords = stand(r.AllowList.StopWords)
		}
		for _, a := range r.Allowlists {
			a.StopWords = stand(a.StopWords)
		}
	}
	// The deprecated single-allowlist forms are still read by Translate,
	// so their stop words are stood in for too.
	//lint:ignore SA1019 Translate still reads the shim; its stop words must be stood in for
	if vc.AllowList != nil {
		vc.AllowList.StopWords = stand(vc.AllowList.StopWords) //lint:ignore SA1019 as above
	}
	for _, a := range vc.Allowlists {
		a.StopWords = stand(a.StopWords)
	}
	srcs := make(map[string]string, len(vc.Rules))
	for i := range vc.Rules {
		if r := &vc.Rules[i]; r.Regex != "" {
			srcs[r.ID] = r.Regex
			// A stand-in that compiles at once and passes Translate's
			// checks (a rule needs a regexp with its secret group).
			r.Regex = "(?:)" + strings.Repeat("()", max(r.SecretGroup, 0))
		}
	}
	cfg, err := vc.Translate()
	if err != nil {
		return config.Config{}, nil, nil, err
	}
	stops := map[*config.Allowlist]*stopWords{}
	restore := func(a *config.Allowlist) error {
		if len(a.StopWords) == 0 || stops[a] != nil {
			return nil
		}
		n, err := strconv.Atoi(strings.TrimPrefix(a.StopWords[0], stopStandIn))
		if len(a.StopWords) != 1 || !strings.HasPrefix(a.StopWords[0], stopStandIn) || err != nil || n >= len(saved) {
			return fmt.Errorf("guard: gitleaks allowlist %q: unexpected stop words", a.Description)
		}
		a.StopWords = saved[n]
		stops[a] = newStopWords(saved[n])
		return nil
	}
	for _, a := range cfg.Allowlists {
		if err := restore(a); err != nil {
			return config.Config{}, nil, nil, err
		}
	}
	for id, r := range cfg.Rules {
		r.Regex = nil // the stand-in
		cfg.Rules[id] = r
		for _, a := range r.Allowlists {
			if err := restore(a); err != nil {
				return config.Config{}, nil, nil, err
			}
		}
	}
	return cfg, srcs, stops, nil
}

// stopStandIn opens the stand-in stop word gitleaksConfig gives an
// allowlist; no secret holds a NUL byte.
const stopStandIn = "\x00wardline-stop-words-"

// stopWords is an allowlist's stop words, matched as gitleaks' Allowlist.
// ContainsStopWord matches them (a secret is allowed when its lower-case
// form contains one) without its trie: the words are indexed by their
// first two bytes, which costs microseconds to build.
type stopWords struct {
	byPair map[[2]byte][]string
	pairs  [1 << 16 / 64]uint64 // bit a<<8|b: some word starts with a, b
	short  []string             // words of one byte
}

func newStopWords(words []string) *stopWords {
	sw := &stopWords{byPair: map[[2]byte][]string{}}
	seen := map[string]bool{}
	for _, w := range words {
		w = strings.ToLower(w)
		switch {
		case seen[w]:
		case w == "":
			// gitleaks' trie does not match an empty word.
		case len(w) == 1:
			sw.short = append(sw.short, w)
		default:
			k := [2]byte{w[0], w[1]}
			sw.byPair[k] = append(sw.byPair[k], w)
			bit := uint(w[0])<<8 | uint(w[1])
			sw.pairs[bit/64] |= 1 << (bit % 64)
		}
		seen[w] = true
	}
	return sw
}

// contains reports whether the lower-case form of s contains a stop word.
func (sw *stopWords) contains(s string) bool {
	if sw == nil || s == "" {
		return false
	}
	s = strings.ToLower(s)
	for _, w := range sw.short {
		if strings.Contains(s, w) {
			return true
		}
	}
	for i := 0; i+1 < len(s); i++ {
		if bit := uint(s[i])<<8 | uint(s[i+1]); sw.pairs[bit/64]&(1<<(bit%64)) == 0 {
			continue
		}
		for _, w := range sw.byPair[[2]byte{s[i], s[i+1]}] {
			if strings.HasPrefix(s[i:], w) {
				return true
			}
		}
	}
	return false
}

// Warm builds the engine (gitleaks' rules and the tables derived from
// them), for guard.Warm.
func Warm() { _, _ = loadSecretEngine() }

// loadSecretEngine builds the engine once; every caller gets the same one.
func loadSecretEngine() (*secretEngine, error) {
	secretsOnce.Do(func() {
		cfg, srcs, stops, err := gitleaksConfig()
		if err != nil {
			secretsErr = err
			return
		}
		e := &secretEngine{cfg: cfg, stops: stops, kwIndex: map[string]int{}}
		ids := make([]string, 0, len(cfg.Rules))
		for id := range cfg.Rules {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		var kws []string
		for _, id := range ids {
			r := cfg.Rules[id]
			if srcs[id] == "" || r.SkipReport || len(r.RequiredRules) > 0 {
				// Path-only rules need a file name; composite and
				// skip-report rules are not in the default config.
				continue
			}
			if r.Path != nil && !r.Path.MatchString("") {
				continue
			}
			sr := &secretRule{Rule: r, fast: newFastRegexp(srcs[id])}
			idx := len(e.rules)
			e.rules = append(e.rules, sr)
			for _, k := range r.Keywords {
				k = strings.ToLower(k)
				ki, ok := e.kwIndex[k]
				if !ok {
					ki = len(kws)
					e.kwIndex[k] = ki
					kws = append(kws, k)
					e.kwRules = append(e.kwRules, nil)
				}
				if n := len(e.kwRules[ki]); n == 0 || e.kwRules[ki][n-1] != idx {
					e.kwRules[ki] = append(e.kwRules[ki], idx)
				}
			}
		}
		if e.kw = newKwMatcher(kws); e.kw == nil {
			secretsErr = errors.New("guard: too many secret keywords for the keyword automaton")
			return
		}
		e.loose = looseEngine(e)
		secretsEngine = e
	})
	return secretsEngine, secretsErr
}

// looseEngine builds the variant rules described at looseDelimiter.
func looseEngine(e *secretEngine) *secretEngine {
	l := &secretEngine{cfg: e.cfg, stops: e.stops, kw: e.kw, kwIndex: e.kwIndex, kwRules: make([][]int, len(e.kwRules))}
	for _, r := range e.rules {
		src := r.fast.src
		if !strings.HasSuffix(src, gitleaksDelimiter) || strings.Contains(src, semiGenericPrefix) ||
			strings.Contains(strings.ToLower(r.RuleID), "generic") {
			continue
		}
		idx := len(l.rules)
		l.rules = append(l.rules, &secretRule{Rule: r.Rule, fast: newFastRegexp(strings.TrimSuffix(src, gitleaksDelimiter) + looseDelimiter)})
		for _, k := range r.Keywords {
			ki := e.kwIndex[strings.ToLower(k)]
			if n := len(l.kwRules[ki]); n == 0 || l.kwRules[ki][n-1] != idx {
				l.kwRules[ki] = append(l.kwRules[ki], idx)
			}
		}
	}
	return l
}

// rawSecret is one finding in gitleaks' terms, before it becomes a Finding.
type rawSecret struct {
	ruleID     string
	secret     string
	match      string
	startLine  int
	start, end int // span reported to the caller
}

// Secrets implements guard.Secrets, which documents it.
func Secrets(s string) []finding.Finding {
	e, err := loadSecretEngine()
	if err != nil {
		return []finding.Finding{{Rule: secretRulePrefix + "unavailable", Start: 0, End: len(s), Excerpt: "secret rules unavailable"}}
	}
	raws := e.scanWithLoose(s)
	if unhideChanges(s) {
		// (A text normalize.Unhide leaves as it is needs no second scan.)
		u, offs := normalize.Unhide(s)
		// Also scan the text with invisible characters removed and NFKC
		// applied (a token split by a zero-width space, fullwidth letters),
		// keeping case, and map findings back to s.
		if u != s {
			for _, r := range e.scanWithLoose(u) {
				r.start, r.end = offs[r.start], normalize.EndOffset(offs, r.end)
				raws = append(raws, r)
			}
		}
	}
	if len(raws) == 0 {
		return nil
	}
	out := make([]finding.Finding, 0, len(raws))
	seen := make(map[finding.Finding]bool, len(raws))
	for _, r := range raws {
		f := finding.Finding{Rule: secretRulePrefix + r.ruleID, Start: r.start, End: r.end}
		if seen[f] {
			continue
		}
		seen[f] = true
		f.Excerpt = RedactExcerpt(s[r.start:r.end])
		out = append(out, f)
	}
	finding.Sort(out)
	return out
}

// unhideChanges reports whether normalize.Unhide(s) differs from s, without
// building it. Unhide keeps every ASCII byte that is printable (0x20-0x7e)
// or '\n', '\t', '\r', and drops the other ASCII bytes. It replaces a
// non-ASCII rune by nothing, "\n" or " " by its normalize.RuneKind, drops an invalid
// byte, and otherwise writes the rune's NFKC form: so a rune is kept as it
// is exactly when its kind is none of those and it is in NFKC on its own.
func unhideChanges(s string) bool {
	i := 0
	for i < len(s) {
		if i+8 <= len(s) {
			// A word whose bytes are all in 0x20..0x7e needs no closer
			// look: x+(0x80-0x20) per low-seven-bit byte sets the high bit
			// for bytes >= 0x20, x+1 for the byte 0x7f; a byte >= 0x80
			// shows in x.
			x := loadWord(s, i)
			h := x &^ swarHigh
			if (x|^(h+swarOnes*(0x80-0x20))|(h+swarOnes))&swarHigh == 0 {
				i += 8
				continue
			}
		}
		c := s[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 || c == 0x7f) && c != '\n' && c != '\t' && c != '\r' {
				return true
			}
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && w == 1 {
			return true
		}
		if r < rune(len(unhideKeeps)) {
			if !unhideKeeps[r] {
				return true
			}
			i += w
			continue
		}
		if !unhideKeepsRune(r, s[i:i+w]) {
			return true
		}
		i += w
	}
	return false
}

// unhideKeeps is unhideKeepsRune of every rune of two bytes in UTF-8.
var unhideKeeps = func() *[0x800]bool {
	var t [0x800]bool
	for r := rune(utf8.RuneSelf); r < rune(len(t)); r++ {
		t[r] = unhideKeepsRune(r, string(r))
	}
	return &t
}()

// unhideKeepsRune reports whether Unhide keeps the non-ASCII rune r,
// spelt rs, as it is.
func unhideKeepsRune(r rune, rs string) bool {
	switch normalize.RuneKind(r) {
	case normalize.KindDrop, normalize.KindNewline, normalize.KindSpace:
		return false
	}
	// QuickSpanString (which does not allocate) covering the rune proves
	// it normal; otherwise ask IsNormalString.
	return norm.NFKC.QuickSpanString(rs) == len(rs) || norm.NFKC.IsNormalString(rs)
}

// toLowerIsASCIILower reports whether strings.ToLower(s) equals s with
// only its ASCII letters lowered. strings.ToLower maps every rune through
// unicode.ToLower and writes U+FFFD for an invalid byte; so it does when s
// is valid UTF-8 and unicode.ToLower leaves each non-ASCII rune as it is.
func toLowerIsASCIILower(s string) bool {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && w == 1 || unicode.ToLower(r) != r {
			return false
		}
		i += w
	}
	return true
}

// scan runs every pass and returns gitleaks-equivalent findings.
func (e *secretEngine) scan(raw string) []rawSecret {
	return e.scanEngines(raw, nil)
}

// scanWithLoose returns e.scan(raw) followed by e.loose.scan(raw), sharing
// the work both do alike: lower-casing, the keyword automaton and the
// decoding passes (which do not depend on the rules).
func (e *secretEngine) scanWithLoose(raw string) []rawSecret {
	return e.scanEngines(raw, e.loose)
}

// scanEngines scans raw with e and, when loose is not nil, with loose,
// whose keywords are a subset of e's. Findings of e come first; each
// engine's findings are deduplicated on their own, as separate scans
// would.
func (e *secretEngine) scanEngines(raw string, loose *secretEngine) []rawSecret {
	sc := getSecretScratch()
	defer putSecretScratch(sc)
	var (
		findings, looseFindings []rawSecret
		segments                []*glEncodedSegment
		current                 = raw
		decoder                 = &sc.decoder
		lines                   = &sc.lines
	)
	lines.raw = raw
	for depth := 0; ; {
		ascii := asciiOnly(current)
		lower := ""
		if !ascii {
			lower = sc.lowerOf(current)
		}
		if aligned, ok := e.activeRules(sc, current, lower, ascii, loose); ok {
			if ascii {
				lower = sc.lowerOf(current)
			}
			foldRunes := !ascii && hasFoldRunes(current)
			for _, ri := range sc.active {
				r := e.rules[ri]
				for _, m := range e.ruleMatches(sc, r, current, lower, aligned, foldRunes) {
					if f, ok := e.finding(r, raw, current, m, segments, lines); ok {
						findings = append(findings, f)
					}
				}
			}
			for _, ri := range sc.looseActive {
				r := loose.rules[ri]
				for _, m := range loose.ruleMatches(sc, r, current, lower, aligned, foldRunes) {
					if f, ok := loose.finding(r, raw, current, m, segments, lines); ok {
						looseFindings = append(looseFindings, f)
					}
				}
			}
		}
		depth++
		if depth > secretDecodeDepth {
			break
		}
		if !mayBeEncoded(current) {
			break
		}
		current, segments = decoder.Decode(current, segments)
		if len(segments) == 0 {
			break
		}
	}
	findings = dedupeGeneric(findings)
	if len(looseFindings) > 0 {
		findings = append(findings, dedupeGeneric(looseFindings)...)
	}
	return findings
}

// ruleMatches returns r's regexp matches in s (r.fast.findAll). When
// aligned (see activeRules), sc.hits holds every keyword occurrence in
// lower, so when every anchor of r is a keyword, the starts of the hits of
// those keywords are exactly the positions where an anchor occurs in
// lower, which is what anchorPositionsInto would search for.
func (e *secretEngine) ruleMatches(sc *secretScratch, r *secretRule, s, lower string, aligned, foldRunes bool) [][]int {
	f := r.fast.ready()
	if f.re == nil {
		return nil
	}
	if !f.usesAnchors(foldRunes) {
		return f.fullScan(s, lower)
	}
	if mask := r.anchorKeywords(e.kwIndex); aligned && mask != nil {
		sc.occ = occFromHits(sc.occ[:0], sc.hits, mask)
	} else {
		sc.occ = sc.anchorPositions(f, lower)
	}
	return f.findAllAt(s, lower, foldRunes, sc.occ, &sc.viable)
}

// anchorPositions returns f.anchorPositionsInto(lower) in sc.occ,
// remembering the positions for the rest of the pass (sc.memo): a strict
// rule and its loose variant usually have the same anchors.
func (sc *secretScratch) anchorPositions(f *fastRegexp, lower string) []int {
	for i := range sc.nmemo {
		if m := &sc.memo[i]; sameSet(m.anchors, f.anchors) {
			return append(sc.occ[:0], m.occ...)
		}
	}
	occ := f.anchorPositionsInto(sc.occ[:0], lower)
	if sc.nmemo == len(sc.memo) {
		sc.memo = append(sc.memo, anchorMemo{})
	}
	m := &sc.memo[sc.nmemo]
	m.anchors, m.occ = f.anchors, append(m.occ[:0], occ...)
	sc.nmemo++
	return occ
}

// occFromHits appends to occ the sorted, distinct starts of the hits whose
// keyword is in mask.
func occFromHits(occ []int, hits []kwHit, mask []uint64) []int {
	sorted := true
	for _, h := range hits {
		if mask[h.kw/64]&(1<<(h.kw%64)) == 0 {
			continue
		}
		p := int(h.start)
		if n := len(occ); n > 0 && p <= occ[n-1] {
			if p == occ[n-1] {
				continue
			}
			sorted = false
		}
		occ = append(occ, p)
	}
	if !sorted {
		// Hits come in order of their end; keywords of different lengths
		// can start out of that order.
		slices.Sort(occ)
		occ = slices.Compact(occ)
	}
	return occ
}

// activeRules sets sc.active to the indexes of rules whose keywords occur
// in s, the way gitleaks' prefilter decides (on strings.ToLower(s)), in
// increasing order, and sc.looseActive likewise for loose (when not nil),
// whose keywords are a subset of e's. ok reports whether any rule is
// active. Every keyword occurrence is left in sc.hits, at its offset in
// the text matched; aligned reports whether that text is byte for byte
// the ASCII-lowered s: always on ASCII text (matched as if lowered), and
// on other text when strings.ToLower(s) equals lower, the ASCII-lowered
// s the caller passes for non-ASCII text.
func (e *secretEngine) activeRules(sc *secretScratch, s, lower string, ascii bool, loose *secretEngine) (aligned, ok bool) {
	sc.active, sc.looseActive = sc.active[:0], sc.looseActive[:0]
	sc.nmemo = 0 // a new text: the remembered anchor positions are stale
	lowered, aligned := s, true
	if !ascii {
		// strings.ToLower may map non-ASCII letters onto ASCII (U+212A
		// KELVIN SIGN to 'k') and change byte offsets: match on its
		// result, whose offsets are lower's only if it is lower.
		if toLowerIsASCIILower(s) {
			lowered = lower
		} else {
			lowered = strings.ToLower(s)
			aligned = lowered == lower
		}
	}
	seen := resetBools(&sc.seen, len(e.kw.kws))
	var found bool
	sc.hits, found = e.kw.hits(lowered, sc.hits[:0], seen, &sc.chainHits)
	if !found {
		return aligned, false
	}
	on := resetBools(&sc.on, len(e.rules))
	var looseOn []bool
	if loose != nil {
		looseOn = resetBools(&sc.looseOn, len(loose.rules))
	}
	for k, ok := range seen {
		if !ok {
			continue
		}
		for _, ri := range e.kwRules[k] {
			on[ri] = true
		}
		if loose != nil {
			for _, ri := range loose.kwRules[k] {
				looseOn[ri] = true
			}
		}
	}
	for ri, ok := range on {
		if ok {
			sc.active = append(sc.active, ri)
		}
	}
	for ri, ok := range looseOn {
		if ok {
			sc.looseActive = append(sc.looseActive, ri)
		}
	}
	return aligned, len(sc.active) > 0 || len(sc.looseActive) > 0
}

func hasFoldRunes(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return strings.ContainsRune(s, '\u212a') || strings.ContainsRune(s, '\u017f')
		}
	}
	return false
}

// finding applies gitleaks' per-match logic (detect.Detector.detectRule).
func (e *secretEngine) finding(r *secretRule, raw, current string, m []int, segments []*glEncodedSegment, lines *lineIndex) (rawSecret, bool) {
	matchText := current[m[0]:m[1]]
	secret := strings.Trim(matchText, "\n")
	lead := strings.Index(matchText, secret) // newlines trimmed in front
	if secret == "" {
		lead = 0
	}
	idx := []int{m[0], m[1]}
	currentLine := ""
	decoded := len(segments) > 0
	if decoded {
		segs := glSegmentsWithDecodedOverlap(segments, m[0], m[1])
		if len(segs) == 0 {
			return rawSecret{}, false
		}
		idx = glAdjustMatchIndex(segs, idx)
		currentLine = glCurrentLine(segs, current)
	} else {
		idx[1] = idx[0] + len(secret)
	}
	startLine, line := lineOf(raw, lines.newlines(), idx)
	if currentLine == "" {
		currentLine = line
	}
	out := rawSecret{ruleID: r.RuleID, match: secret, secret: secret, startLine: startLine}
	// Secret group, computed on the match text the way gitleaks does.
	secStart, secEnd := 0, len(secret)
	if groups := lines.allow.submatches(r, secret); len(groups) >= 4 {
		if r.SecretGroup > 0 {
			if len(groups)/2 <= r.SecretGroup {
				return rawSecret{}, false
			}
			if g := groups[2*r.SecretGroup:]; g[0] >= 0 {
				secStart, secEnd = g[0], g[1]
			} else {
				secStart, secEnd = 0, 0
			}
			out.secret = secret[secStart:secEnd]
		} else {
			for i := 2; i+1 < len(groups); i += 2 {
				if groups[i] >= 0 && groups[i+1] > groups[i] {
					secStart, secEnd = groups[i], groups[i+1]
					out.secret = secret[secStart:secEnd]
					break
				}
			}
		}
	}
	if r.Entropy != 0 && ShannonEntropy(out.secret) <= r.Entropy {
		return rawSecret{}, false
	}
	if e.findingAllowed(out, currentLine, e.cfg.Allowlists, &lines.allow) || e.findingAllowed(out, currentLine, r.Allowlists, &lines.allow) {
		return rawSecret{}, false
	}
	if decoded {
		out.start, out.end = idx[0], idx[1]
	} else {
		out.start = m[0] + lead + secStart
		out.end = m[0] + lead + secEnd
	}
	out.start = min(max(out.start, 0), len(raw))
	out.end = min(max(out.end, out.start), len(raw))
	return out, true
}

// lineOf returns gitleaks' start line number for a match and the text of
// the line(s) it spans, exactly as detect.location computes them. That
// loop visits every line; the lines it picks are found here by binary
// search, so a text with many findings on many lines costs no more than
// the findings (TestLineOfMatchesLoop).
func lineOf(raw string, newlines []int, idx []int) (int, string) {
	start, end := idx[0], idx[1]
	nls := newlines
	if len(nls) == 0 {
		nls = []int{len(raw)}
	}
	// Line k spans [nls[k-1], nls[k]) (from 0 for k = 0). The loop sets
	// the start line at the line holding start, and the end of the text
	// at the line holding start and at the line ending at or after end
	// (if end > 0), the later of the two winning.
	var startLine, startIdx, endIdx int
	ks := sort.SearchInts(nls, start+1) // first line ending after start
	lineSet := ks < len(nls)
	ke := -1
	if end > 0 {
		if k := sort.SearchInts(nls, end); k < len(nls) {
			ke = k
		}
	}
	if lineSet {
		startLine, endIdx = ks, nls[ks]
		if ks > 0 {
			startIdx = nls[ks-1]
		}
	}
	if ke >= 0 && (!lineSet || ke >= ks) {
		endIdx = nls[ke]
	}
	if !lineSet {
		startLine = len(nls)
		i := 0
		for end+i < len(raw) && end+i >= 0 {
			if c := raw[end+i]; c == '\n' || c == '\r' {
				break
			}
			i++
		}
		endIdx = end + i
	}
	if end > endIdx {
		endIdx = end
	}
	startIdx = min(max(startIdx, 0), len(raw))
	endIdx = min(max(endIdx, startIdx), len(raw))
	return startLine, raw[startIdx:endIdx]
}

// findingAllowed mirrors gitleaks' checkFindingAllowed for a fragment with
// no path and no commit. An allowlist's expressions run only when their
// answer can change the outcome (an AND allowlist with paths, which a
// fragment never matches, allows nothing whatever they say), and their
// answer on a whole line is remembered in memo, so that many findings on
// one long line read it once per allowlist.
func (e *secretEngine) findingAllowed(f rawSecret, currentLine string, allowlists []*config.Allowlist, memo *allowMemo) bool {
	for _, a := range allowlists {
		target := f.secret
		switch a.RegexTarget {
		case "match":
			target = f.match
		case "line":
			target = currentLine
		}
		regexAllowed := func() bool {
			if a.RegexTarget == "line" {
				return memo.lineAllowed(a, target)
			}
			return memo.allowed(a, target)
		}
		if a.MatchCondition == config.AllowlistMatchAnd {
			// Every check must pass; the cheap ones decide first.
			all := true
			if len(a.Commits) > 0 {
				ok, _ := a.CommitAllowed("")
				all = all && ok
			}
			if len(a.Paths) > 0 {
				all = all && a.PathAllowed("")
			}
			if all && len(a.StopWords) > 0 {
				all = all && e.stops[a].contains(f.secret)
			}
			if all && len(a.Regexes) > 0 {
				all = all && regexAllowed()
			}
			if all {
				return true
			}
			continue
		}
		if e.stops[a].contains(f.secret) || regexAllowed() {
			return true
		}
	}
	return false
}

// allowMemo remembers allowlists' answers during one scan (and rules'
// submatches, see submatches): on a line
// (identified by where it lies in the text), and on a secret or match
// (by its text: a crafted text repeats the same few secrets many times,
// and each answer costs the allowlist's expressions).
type allowMemo struct {
	lines  []allowEntry
	texts  map[allowKey]bool
	groups map[groupKey][]int // see submatches
}

type allowEntry struct {
	a    *config.Allowlist
	line string // compared by address and length: lines are slices of the text
	ok   bool
}

type allowKey struct {
	a    *config.Allowlist
	text string
}

func (m *allowMemo) lineAllowed(a *config.Allowlist, line string) bool {
	for _, e := range m.lines {
		if e.a == a && len(e.line) == len(line) && unsafe.StringData(e.line) == unsafe.StringData(line) {
			return e.ok
		}
	}
	ok := a.RegexAllowed(line)
	if len(m.lines) >= 64 {
		m.lines = m.lines[:0]
	}
	m.lines = append(m.lines, allowEntry{a, line, ok})
	return ok
}

// submatches returns r's FindStringSubmatchIndex on text, remembered for
// the scan: a crafted text repeats the same matches (a JSON array of
// identical strings matches generic-api-key at every `","`), and the
// expression's backtracking costs far more than the lookup. The returned
// slice is shared; it is only read.
func (m *allowMemo) submatches(r *secretRule, text string) []int {
	k := groupKey{r, text}
	if g, found := m.groups[k]; found {
		return g
	}
	var g []int
	if f := r.fast.ready(); f.generic != nil {
		g = f.generic.submatchIndex(text)
	} else {
		g = f.re.FindStringSubmatchIndex(text)
	}
	if m.groups == nil {
		m.groups = map[groupKey][]int{}
	}
	if len(m.groups) < maxAllowTexts {
		m.groups[k] = g
	}
	return g
}

type groupKey struct {
	r    *secretRule
	text string
}

// maxAllowTexts bounds the texts allowMemo remembers in one scan.
const maxAllowTexts = 4096

func (m *allowMemo) allowed(a *config.Allowlist, text string) bool {
	k := allowKey{a, text}
	if ok, found := m.texts[k]; found {
		return ok
	}
	ok := a.RegexAllowed(text)
	if m.texts == nil {
		m.texts = map[allowKey]bool{}
	}
	if len(m.texts) < maxAllowTexts {
		m.texts[k] = ok
	}
	return ok
}

// dedupeGeneric drops a generic-rule finding when a specific rule found a
// secret containing it on the same line (gitleaks' filter). Each generic
// finding is compared only with the specific findings of its line.
func dedupeGeneric(fs []rawSecret) []rawSecret {
	isGeneric := func(f rawSecret) bool { return strings.Contains(strings.ToLower(f.ruleID), "generic") }
	var specific map[int][]int // start line -> indexes of specific findings
	for i, f := range fs {
		if !isGeneric(f) {
			if specific == nil {
				specific = map[int][]int{}
			}
			specific[f.startLine] = append(specific[f.startLine], i)
		}
	}
	var out []rawSecret
	for _, f := range fs {
		keep := true
		if isGeneric(f) {
			for _, j := range specific[f.startLine] {
				if g := fs[j]; f.ruleID != g.ruleID && strings.Contains(g.secret, f.secret) {
					keep = false
					break
				}
			}
		}
		if keep {
			out = append(out, f)
		}
	}
	return out
}

// ShannonEntropy is gitleaks' entropy measure (bits per rune, over the
// byte length).
func ShannonEntropy(data string) float64 {
	if data == "" {
		return 0
	}
	inv := 1.0 / float64(len(data))
	var h float64
	if normalize.IsASCII(data) {
		// The same sum without a map: gitleaks sums over its map in
		// random order, so no order is more faithful than another.
		var ascii [utf8.RuneSelf]int32
		for i := 0; i < len(data); i++ {
			ascii[data[i]]++
		}
		for _, n := range ascii {
			if n > 0 {
				p := float64(n) * inv
				h -= p * math.Log2(p)
			}
		}
		return h
	}
	counts := make(map[rune]int)
	for _, c := range data {
		counts[c]++
	}
	for _, n := range counts {
		p := float64(n) * inv
		h -= p * math.Log2(p)
	}
	return h
}

// mayBeEncoded reports whether gitleaks' decoder could find an encoded
// segment in s. Its patterns (detect/codec/encodings.go) are a percent
// escape, a "U+XXXX" or "\uXXXX" escape, 32 or more hex digits, or 16 or
// more characters of [\w/+-]; text with none of these has nothing to
// decode, and skipping the decoder's regexp there gives the same result.
func mayBeEncoded(s string) bool {
	run := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if IsB64Char(c) {
			run++
			if run >= 16 {
				return true
			}
		} else {
			run = 0
		}
		switch c {
		case '%':
			if i+2 < len(s) && IsHexChar(s[i+1]) && IsHexChar(s[i+2]) {
				return true
			}
		case '+':
			if i > 0 && s[i-1] == 'U' && hexRun(s[i+1:]) >= 4 {
				return true
			}
		case 'u', 'U':
			if i > 0 && s[i-1] == '\\' && hexRun(s[i+1:]) >= 4 {
				return true
			}
		}
	}
	return false
}

// IsB64Char reports whether c is in the base64 alphabet (standard or
// URL-safe).
func IsB64Char(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '/' || c == '+' || c == '-'
}

// IsHexChar reports whether c is a hexadecimal digit.
func IsHexChar(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func hexRun(s string) int {
	n := 0
	for n < len(s) && IsHexChar(s[n]) {
		n++
	}
	return n
}
