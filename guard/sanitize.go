package guard

import (
	"encoding/base64"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
)

// Sanitising retrieved (RAG) text.
//
// Retrieved documentation is written for humans, and keeps its imperatives:
// "Run go mod tidy before committing" is a doc line to keep. What goes is
// text addressed to an AI reader: instruction overrides and fake
// conversation turns (the "injection" detection [Instructions] performs),
// hidden text (HTML comments carrying instructions, elements styled
// invisible), chat-template tokens, tool-call bait ("call the function
// delete_branch with name=main", a JSON tool call, an "EXECUTE:" line),
// text that addresses an AI reader ("Note to the language model: ..."),
// base64-wrapped instructions, exfiltration requests and URLs that carry a
// payload. Sanitize works line by line, and sentence by sentence inside
// long lines, so that one injected sentence does not take a paragraph of
// documentation with it.

// Rules of the findings Sanitize reports, besides "injection",
// "exfil.request" and "exfil.url".
const (
	ruleHidden      = "injection.hidden"
	ruleToolCall    = "injection.tool-call"
	ruleMarker      = "injection.marker"
	ruleAIAddressed = "injection.ai-addressed"
	ruleEncoded     = "injection.encoded"
	ruleTruncated   = "sanitize.truncated"
)

// DefaultMaxChunk is the number of characters (runes) Sanitize keeps of a
// retrieved chunk when no other limit is configured.
const DefaultMaxChunk = 1500

// longLine is the length in bytes above which a line is judged sentence
// by sentence rather than as a whole.
const longLine = 240

// SanitizeOptions configures a [Sanitizer]. The zero value (or a nil
// pointer) selects the defaults.
type SanitizeOptions struct {
	// MaxChunk is the number of characters (runes) of clean text kept per
	// call; the rest is cut and reported with Rule "sanitize.truncated".
	// Zero means DefaultMaxChunk; negative values are refused.
	MaxChunk int
}

// OptionError reports an invalid option value.
type OptionError struct {
	Option string
	Value  int
}

// Error implements error.
func (e *OptionError) Error() string {
	return fmt.Sprintf("guard: invalid %s %d", e.Option, e.Value)
}

// Sanitizer removes injected text from retrieved documentation. The zero
// value is ready to use with the defaults (chunks capped at
// DefaultMaxChunk characters). A Sanitizer is immutable and safe for
// concurrent use.
type Sanitizer struct {
	maxChunk int
}

// NewSanitizer returns a Sanitizer configured by opts (nil for defaults).
// A negative MaxChunk is an *OptionError.
func NewSanitizer(opts *SanitizeOptions) (*Sanitizer, error) {
	z := &Sanitizer{}
	if opts != nil {
		if opts.MaxChunk < 0 {
			return nil, &OptionError{Option: "MaxChunk", Value: opts.MaxChunk}
		}
		z.maxChunk = opts.MaxChunk
	}
	return z, nil
}

// Sanitize is [Sanitizer.Sanitize] with the default options.
func Sanitize(retrieved string) (clean string, removed []Finding) {
	var z Sanitizer
	return z.Sanitize(retrieved)
}

// Sanitize returns retrieved without the lines (or, inside long lines, the
// sentences and hidden HTML) that carry injection, and a finding for each
// removal with offsets into retrieved. Ordinary documentation, including
// instructions meant for humans, is returned unchanged. The clean text is
// capped at the configured number of characters; a cut is reported with
// Rule "sanitize.truncated". removed is sorted and empty when nothing was
// removed.
func (z *Sanitizer) Sanitize(retrieved string) (clean string, removed []Finding) {
	maxChunk := DefaultMaxChunk
	if z != nil && z.maxChunk > 0 {
		maxChunk = z.maxChunk
	}
	// cut marks bytes of retrieved to drop.
	var cuts [][2]int
	drop := func(rule string, a, b int) {
		cuts = append(cuts, [2]int{a, b})
		removed = append(removed, Finding{Rule: rule, Start: a, End: b, Excerpt: safeExcerpt(retrieved, a, b, nil, rule)})
	}
	hidden := hiddenHTML(retrieved)
	for _, h := range hidden {
		drop(h.rule, h.start, h.end)
	}
	// The detectors that need context run once over the whole text (with
	// hidden parts blanked out); each unit then looks up what overlaps it.
	masked := maskSpans(retrieved, 0, len(retrieved), hidden)
	hits := wholeTextHits(masked)
	for _, u := range sanitizeUnits(retrieved) {
		text := masked[u[0]:u[1]]
		if strings.TrimSpace(text) == "" {
			continue
		}
		rule := ""
		for _, h := range hits {
			if h.end <= u[0] || h.start >= u[1] {
				continue
			}
			if h.rule == ruleInjection && roleLabelData(text) {
				continue
			}
			rule = h.rule
			break
		}
		if rule == "" {
			rule = judgeLocal(text, 0)
		}
		if rule != "" {
			drop(rule, u[0], u[1])
		}
	}
	var b strings.Builder
	b.Grow(len(retrieved))
	merged := mergeSpans(cuts)
	var skipped [][2]int // the spans actually left out, whole lines included
	last := 0
	for _, c := range merged {
		a, e := c[0], c[1]
		// Take a whole line with it when nothing else is left on the line.
		ls := strings.LastIndexByte(retrieved[:a], '\n') + 1
		le := len(retrieved)
		if i := strings.IndexByte(retrieved[e:], '\n'); i >= 0 {
			le = e + i + 1
		}
		if a >= last && strings.TrimSpace(retrieved[max(ls, last):a]) == "" && strings.TrimSpace(retrieved[e:le]) == "" {
			a, e = max(ls, last), le
		}
		if a < last {
			a = last
		}
		b.WriteString(retrieved[last:a])
		if e > a {
			skipped = append(skipped, [2]int{a, e})
		}
		last = max(last, e)
	}
	b.WriteString(retrieved[last:])
	clean = b.String()
	if merged == nil {
		clean = retrieved
	}
	if utf8.RuneCountInString(clean) > maxChunk {
		cut := 0
		for n := 0; n < maxChunk; n++ {
			_, w := utf8.DecodeRuneInString(clean[cut:])
			cut += w
		}
		// Map the cut back to retrieved for the finding: it lies in the
		// part of retrieved after the last removal before it.
		orig := origOffset(cut, skipped, len(retrieved))
		removed = append(removed, Finding{Rule: ruleTruncated, Start: orig, End: len(retrieved),
			Excerpt: fmt.Sprintf("chunk capped at %d characters", maxChunk)})
		clean = clean[:cut]
	}
	sortFindings(removed)
	return clean, removed
}

// origOffset maps an offset in the clean text back to retrieved, given the
// merged cut spans.
func origOffset(cleanOff int, cuts [][2]int, n int) int {
	pos, kept := 0, 0
	for _, c := range cuts {
		if kept+(c[0]-pos) > cleanOff {
			break
		}
		kept += c[0] - pos
		pos = c[1]
	}
	return min(n, pos+(cleanOff-kept))
}

func mergeSpans(spans [][2]int) [][2]int {
	if len(spans) == 0 {
		return nil
	}
	s := append([][2]int(nil), spans...)
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j][0] < s[j-1][0]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	out := [][2]int{s[0]}
	for _, x := range s[1:] {
		if last := &out[len(out)-1]; x[0] <= last[1] {
			last[1] = max(last[1], x[1])
		} else {
			out = append(out, x)
		}
	}
	return out
}

// maskSpans returns s[a:b] with the parts covered by hidden spans
// replaced by spaces.
func maskSpans(s string, a, b int, hidden []hiddenSpan) string {
	text := s[a:b]
	for _, h := range hidden {
		if h.end <= a || h.start >= b {
			continue
		}
		ha, hb := max(h.start, a)-a, min(h.end, b)-a
		text = text[:ha] + strings.Repeat(" ", hb-ha) + text[hb:]
	}
	return text
}

// sanitizeUnits splits s into lines, and long lines into sentences.
func sanitizeUnits(s string) [][2]int {
	var out [][2]int
	for start := 0; start < len(s); {
		end := len(s)
		if i := strings.IndexByte(s[start:], '\n'); i >= 0 {
			end = start + i
		}
		if end-start <= longLine {
			out = append(out, [2]int{start, end})
		} else {
			out = append(out, rawSentences(s, start, end)...)
		}
		start = end + 1
	}
	return out
}

// rawSentences splits s[a:b] after '.', '!' or '?' followed by a space.
func rawSentences(s string, a, b int) [][2]int {
	var out [][2]int
	start := a
	for i := a; i < b; i++ {
		if c := s[i]; (c == '.' || c == '!' || c == '?') && i+1 < b && s[i+1] == ' ' {
			out = append(out, [2]int{start, i + 1})
			start = i + 1
		}
	}
	if start < b {
		out = append(out, [2]int{start, b})
	}
	return out
}

type hiddenSpan struct {
	rule       string
	start, end int
}

var (
	sanitizeOnce sync.Once
	sanitizeRe   struct {
		comment, hiddenElem, marker, toolJSON, toolLine, toolCall, toolArgs, decodeFollow, b64 *regexp.Regexp
		aiAddress                                                                              gatedRegexps
	}
)

func sanitizeRes() {
	sanitizeOnce.Do(func() {
		r := &sanitizeRe
		r.comment = regexp.MustCompile(`(?s)<!--.*?(?:-->|$)`)
		r.hiddenElem = regexp.MustCompile(`(?is)<([a-z][a-z0-9]*)\b[^>]*(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?:px|em|pt|%)?\s*[;"']|opacity\s*:\s*0(?:\.0*)?\s*[;"']|\shidden(?:\s|>|=|/))[^>]*>.*?(?:</[a-z][a-z0-9]*\s*>|$)`)
		// Chat-template tokens and fake authority markers that only mean
		// something to a model.
		r.marker = regexp.MustCompile(`<\|[a-z_]+\|>|\[/?inst\]|<</?sys>>|(?m:^)\s*#{2,}\s*(?:instruction|system|response)s?\s*:|</?(?:system|document|context|instructions?|user|assistant)>|` +
			`\[\s*(?:admin|system|developer|root|operator)\s+(?:request|override|message|instruction|command|note)s?\s*::?|` +
			`(?m:^)\s*-{2,}\s*(?:[a-z]+\s+){0,2}(?:instruction|amendment|directive|override)s?\b`)
		r.toolJSON = regexp.MustCompile(`"(?:tool|tool_name|function|name|action|recipient)"\s*:\s*"[^"]*"\s*,\s*"(?:arguments|args|parameters|params|input|action_input)"\s*:`)
		r.toolLine = regexp.MustCompile(`(?m)^\s*(?:execute|exec|tool_call|function_call|action_input|action)\s*:\s*\S`)
		r.toolCall = regexp.MustCompile(`\b(?:call|calls|calling|invoke|invokes|invoking|trigger|triggers|use|run)\s+(?:the\s+)?(?:(?:function|tool|action)\s+[a-z0-9_.-]+|[a-z0-9_.-]+\s+(?:tool|function|action))\b`)
		r.toolArgs = regexp.MustCompile(`\bwith\s+(?:[a-z_]+\s*=|the\s+contents|arguments?|parameters?|args)|\b[a-z0-9]+_[a-z0-9_]+\b|\(\s*[a-z_]+\s*=`)
		r.aiAddress = compileGated(aiAddressParts())
		r.decodeFollow = regexp.MustCompile(`\bdecode\b.{0,30}\b(?:follow|execute|run|obey|do|apply)\b`)
		r.b64 = regexp.MustCompile(`[A-Za-z0-9+/_-]{20,}={0,2}`)
	})
}

// aiMachine names machine readers of a text: AI assistants, language
// models, agents, crawlers, and the same in German, Spanish and French.
const aiMachine = `(?:ais?|llms?|large language models?|language models?|assistants?|agents?|chatbots?|bots?|models?|gpts?|` +
	`automated\s+(?:[a-z]+\s+)?(?:software|systems?|tools?|readers?|screeners?|reviewers?)|screening\s+systems?|analysis\s+software|scanners?|crawlers?|` +
	`ki|ki-(?:assistent|agent|modell|system)\pL*|sprachmodell\pL*|ia|asistentes?\s+de\s+ia|modelos?\s+de\s+(?:lenguaje|ia)|` +
	`assistants?\s+(?:ia|d'ia)|modèles?\s+de\s+langage|intelligences?\s+artificielles?|künstliche\s+intelligenz)`

// aiVocative names the machine readers a line may address by name,
// followed by a colon or comma ("AI agents:", "KI-Assistenten:", "LLMs,");
// bare "agents:" or "models:" are ordinary headings and stay.
const aiVocative = `(?:ais?|llms?|(?:ai|llm)\s+(?:assistants?|agents?|models?|systems?|tools?|readers?)|language\s+models?|chatbots?|` +
	`ki-(?:assistent|agent|modell|system)\pL*|sprachmodell\pL*|asistentes?\s+de\s+ia|modelos?\s+de\s+(?:lenguaje|ia)|` +
	`assistants?\s+(?:ia|d'ia)|modèles?\s+de\s+langage)`

// aiAddressParts returns the alternatives of the rule that finds text
// addressed to a machine reader ("Note to AI assistants", "If you are an
// LLM", "AI agents reading this page"), each with the literals one of
// which every match of it contains.
func aiAddressParts() []gatedPart {
	machine, vocative := aiMachine, aiVocative
	ing := []string{"read", "process", "pars", "summari", "index", "crawl", "scann", "ingest", "answering"}
	// Literals of the names in aiMachine and aiVocative: one of them is
	// in every match of either.
	machineLits := []string{"ai", "llm", "model", "assistant", "agent", "bot", "gpt", "automated", "screening",
		"analysis", "scanner", "crawler", "ki", "ia", "sprachmodell", "modelo", "modèle", "intelligence", "künstliche"}
	vocativeLits := []string{"ai", "llm", "model", "chatbot", "ki-", "sprachmodell", "asistente", "modelo", "assistant", "modèle"}
	return []gatedPart{
		{[]string{"note", "message", "instruction", "reminder", "notice", "profile", "metadata"}, machineLits,
			`(?:note|message|instructions?|reminder|notice|profile|metadata)\s+(?:to|for)\s+(?:the\s+|any\s+|all\s+)?` + machine + `\b`},
		{[]string{"you"}, []string{"ai", "llm", "model", "assistant", "agent", "bot", "automated"},
			`\bif\s+you\s+are\s+(?:an?\s+)?(?:ai|llm|large language model|language model|assistant|agent|bot|chatbot|automated)\b`},
		{[]string{"ai", "llm"}, []string{"assistant", "agent", "model", "crawler", "system", "tool"},
			`\b(?:ai|llm)\s+(?:assistants?|agents?|models?|crawlers?|systems?|tools?)\b(?:\s+\w+){0,2}\s*(?:reading|processing|summari[sz]ing|parsing|crawling|indexing|that\s+read|:|must|should)`},
		{[]string{","}, []string{"assistant", "ai", "model", "agent", "chatbot", "claude", "gpt", "gemini", "copilot"},
			`(?m:^)\s*(?:assistant|ai|model|agent|chatbot|claude|chatgpt|gpt|gemini|copilot)\s*,`},
		{[]string{"visible", "readable", "meant", "intended"}, nil,
			`\b(?:visible|readable|meant|intended)\s+(?:only\s+)?(?:to|for)\s+(?:the\s+)?` + machine + `\b|\binvisible\s+to\s+humans\b`},
		{[]string{"user"}, []string{"asks"}, `\b(?:if|when|whenever)\s+(?:the\s+)?user\s+asks\b`},
		{[]string{":", ","}, vocativeLits,
			`(?m:^)\s*(?:dear\s+|hey\s+|attention\s+|to\s+)?(?:the\s+|all\s+|any\s+)?` + vocative + `\s*[:,]`},
		{ing, machineLits,
			`\b` + machine + `\s+(?:reading|processing|parsing|summari[sz]ing|indexing|crawling|scanning|ingesting|that\s+reads?|who\s+reads?)\s+(?:this|these|the\s+(?:page|document|text|file|content))\b`},
		{ing, []string{"this"},
			`\bwhen\s+(?:you\s+are\s+)?(?:summari[sz]ing|processing|reading|answering\s+about|indexing)\s+this\s+(?:page|document|file|text|repository|article|site)`},
	}
}

// A gatedPart is one alternative of a rule's expression and two sets of
// literals: every match of it contains one of need and, when also is not
// nil, one of also.
type gatedPart struct {
	need, also []string
	expr       string
}

// gatedRegexps matches what the alternation of its parts matches, but
// runs a part only on text that holds one of the part's literals. Small
// expressions also let Go's regexp use its backtracker on short lines
// instead of stepping one large NFA over every byte: on the Sanitize
// benchmark this rule went from two thirds of the time to a few percent.
type gatedRegexps []gatedRegexp

type gatedRegexp struct {
	need, also []string
	re         *regexp.Regexp
}

func compileGated(parts []gatedPart) gatedRegexps {
	out := make(gatedRegexps, len(parts))
	for i, p := range parts {
		out[i] = gatedRegexp{need: p.need, also: p.also, re: regexp.MustCompile(p.expr)}
	}
	return out
}

// MatchString reports whether any part matches s.
func (g gatedRegexps) MatchString(s string) bool {
	for _, p := range g {
		if containsAnyOf(s, p.need) && (p.also == nil || containsAnyOf(s, p.also)) && p.re.MatchString(s) {
			return true
		}
	}
	return false
}

func containsAnyOf(s string, lits []string) bool {
	for _, l := range lits {
		if strings.Contains(s, l) {
			return true
		}
	}
	return false
}

// hiddenHTML finds HTML comments carrying anything an AI reader could act
// on, and elements styled to be invisible (always: hidden text has no
// place in documentation an agent reads).
func hiddenHTML(s string) []hiddenSpan {
	if !strings.Contains(s, "<") && !strings.ContainsRune(s, '\uff1c') {
		return nil
	}
	sanitizeRes()
	u, offs := unhide(s)
	var out []hiddenSpan
	for _, m := range sanitizeRe.hiddenElem.FindAllStringIndex(u, -1) {
		out = append(out, hiddenSpan{ruleHidden, offs[m[0]], endOffset(offs, m[1])})
	}
	for _, m := range sanitizeRe.comment.FindAllStringIndex(u, -1) {
		body := strings.TrimSuffix(strings.TrimPrefix(u[m[0]:m[1]], "<!--"), "-->")
		if judgeRetrieved(body, 0) != "" || commentActs(body) {
			out = append(out, hiddenSpan{ruleHidden, offs[m[0]], endOffset(offs, m[1])})
		}
	}
	return out
}

// commentActs reports whether a comment body addresses a reader with an
// action: a command line or a request aimed at an agent. TODO-style notes
// for authors stay.
func commentActs(body string) bool {
	n := Normalize(body)
	return strings.Contains(n, "| sh") || strings.Contains(n, "| bash") || strings.Contains(n, "curl ") ||
		strings.Contains(n, "wget ") || sanitizeRe.aiAddress.MatchString(n) ||
		strings.Contains(n, "assistant") || strings.Contains(n, "agent") || strings.Contains(n, " ai ") || strings.HasPrefix(strings.TrimSpace(n), "ai ")
}

// judgeRetrieved returns the rule of the first reason to drop a unit of
// retrieved text, or "".
func judgeRetrieved(text string, depth int) string {
	for _, h := range wholeTextHits(text) {
		if h.rule != ruleInjection || !roleLabelData(text) {
			return h.rule
		}
	}
	return judgeLocal(text, depth)
}

// wholeTextHits runs the detectors that need more than one line of
// context over text: Instructions' injection findings, exfiltration
// requests and URLs carrying a payload (or a script or data scheme).
func wholeTextHits(text string) []hiddenSpan {
	var hits []hiddenSpan
	for _, f := range Instructions(text) {
		if f.Rule == ruleInjection {
			rule := ruleInjection
			if _, encoded := decodeRun(text[f.Start:f.End]); encoded {
				rule = ruleEncoded // found in the decoded text of an encoded run
			}
			hits = append(hits, hiddenSpan{rule, f.Start, f.End})
		}
	}
	for _, f := range exfilRequests(text) {
		hits = append(hits, hiddenSpan{ruleExfilRequest, f.Start, f.End})
	}
	for _, u := range findURLs(text) {
		if u.scheme != "" && u.scheme != "http" && u.scheme != "https" && u.scheme != "javascript" &&
			u.scheme != "vbscript" && u.scheme != "data" {
			continue
		}
		if urlPayload(text, u) != "" {
			hits = append(hits, hiddenSpan{ruleExfilURL, u.start, u.end})
		}
	}
	return hits
}

// judgeLocal applies the line-local checks: markers, tool-call bait, AI
// addressing and encoded instructions.
func judgeLocal(text string, depth int) string {
	sanitizeRes()
	n := Normalize(text)
	// Each expression runs only when the text holds a byte sequence every
	// one of its matches needs.
	if strings.ContainsAny(n, "<[") || strings.Contains(n, "##") || strings.Contains(n, "--") {
		if sanitizeRe.marker.MatchString(n) {
			return ruleMarker
		}
	}
	if strings.Contains(n, "\"") && strings.Contains(n, ":") && sanitizeRe.toolJSON.MatchString(n) ||
		strings.Contains(n, ":") && sanitizeRe.toolLine.MatchString(n) ||
		(strings.Contains(n, "tool") || strings.Contains(n, "function") || strings.Contains(n, "action")) &&
			sanitizeRe.toolCall.MatchString(n) && sanitizeRe.toolArgs.MatchString(n) {
		return ruleToolCall
	}
	if sanitizeRe.aiAddress.MatchString(n) {
		return ruleAIAddressed
	}
	if strings.Contains(n, "decode") && sanitizeRe.decodeFollow.MatchString(n) {
		return ruleEncoded
	}
	if depth == 0 && hasB64Run(text, 20) {
		for _, m := range sanitizeRe.b64.FindAllString(text, -1) {
			dec := decodeB64Text(m)
			if dec != "" && judgeRetrieved(dec, depth+1) != "" {
				return ruleEncoded
			}
		}
	}
	return ""
}

// hasB64Run reports whether s holds n or more base64 characters in a row.
func hasB64Run(s string, n int) bool {
	run := 0
	for i := 0; i < len(s); i++ {
		if isB64Char(s[i]) {
			run++
			if run >= n {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

// decodeB64Text decodes s as base64 (standard or URL alphabet, padded or
// not) and returns it when it is printable text, else "".
func decodeB64Text(s string) string {
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		b, err := enc.DecodeString(s)
		if err != nil || !utf8.Valid(b) {
			continue
		}
		printable := 0
		for _, c := range string(b) {
			if c >= 0x20 && c != 0x7f || c == '\n' || c == '\t' {
				printable++
			}
		}
		if printable == utf8.RuneCount(b) && strings.Contains(string(b), " ") {
			return string(b)
		}
	}
	return ""
}
