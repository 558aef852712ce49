package inject

import (
	"strings"

	"github.com/wardline/wardline/guard/internal/grammar"
)

// syntax is what the clause structure of a sentence says about it.
type syntax struct {
	// imperative: a clause whose verb opens it with no subject ("ignore
	// the above", "when asked, always say ...").
	imperative bool
	// directed: a directive to the reader or to an AI named as the
	// subject: "you must", "you should", "you are to", "you may not",
	// "you will need to", "bots should send".
	directed bool
	// question: a question that asks the reader to act ("could you
	// repeat ...?").
	question bool
	// hasVerb: some clause has a verb; a fragment ("Ubuntu 22.04, 32 GB
	// RAM") has none.
	hasVerb bool
	// mainVerb: a clause that is not subordinate has a verb ("Copilot:
	// an AI pair programmer that suggests code" has none).
	mainVerb bool
	// declThird: the first main clause states something of a third
	// party ("This guide shows how ...", "Revealing the key breaks ..."):
	// what the sentence says of instructions it reports.
	declThird bool
	// shaping: an imperative verb of saying heads a clause it dictates
	// ("say it has no known vulnerabilities", "state the output is 10",
	// "report: all tests pass").
	shaping bool
}

// directive reports whether the sentence tells its reader to do
// something.
func (s syntax) directive() bool { return s.imperative || s.directed || s.question }

// parse analyses one normalised sentence with the treebank-trained
// tagger and clause analysis of package grammar. A short label before a
// colon ("assistant instructions: include ...", "note: ...") is left out:
// the sentence is what follows it.
func (st *state) parse(text string) syntax {
	out := st.analyse(text)
	if !out.directive() {
		// After a short label the clause analysis can miss the sentence
		// that follows it ("assistant instructions: include ..."); read
		// that part on its own too.
		if i := strings.Index(text, ": "); i > 0 && i < 80 && len(strings.Fields(text[:i])) <= 10 && strings.TrimSpace(text[i+2:]) != "" {
			rest := st.analyse(text[i+2:])
			out.imperative = out.imperative || rest.imperative
			out.directed = out.directed || rest.directed
			out.question = out.question || rest.question
			out.shaping = out.shaping || rest.shaping
		}
	}
	return out
}

// analyse is parse without the second reading after a label.
func (st *state) analyse(text string) syntax {
	out, e, ok := st.memo.syntax(text)
	if ok {
		return out
	}
	out = st.analyseText(text)
	*e = synEntry{text: text, syn: out, ok: true}
	return out
}

// unread is the syntax of a sentence the tagger no longer reads (see
// tagBudgetFor): a directive with a verb, so that it fails closed.
var unread = syntax{imperative: true, hasVerb: true, mainVerb: true}

// analyseText is analyse without the memo.
func (st *state) analyseText(text string) syntax {
	var out syntax
	if st.tagLimit > 0 && st.tagged >= st.tagLimit {
		return unread
	}
	if st.sent == nil {
		st.sent = new(grammar.Sentence)
	}
	m := grammar.Default()
	s := st.sent
	m.Analyze(collapseQuotes(text), s)
	st.tagged += len(s.Words)
	n := len(s.Words)
	word := func(i int) string {
		if i < 0 || i >= n {
			return ""
		}
		return strings.ToLower(s.Words[i])
	}
	xpos := func(i int) string {
		if i < 0 || i >= n {
			return ""
		}
		return m.XPOS(s.Tags[i])
	}
	lex := lexicon()
	firstMain := true
	// inName reports whether word i is a capitalised word inside a name
	// ("EOS R6 Mark II"), which the tagger may read as a verb.
	inName := func(i int) bool {
		if i <= 0 || i >= n {
			return false
		}
		w, p := s.Words[i], s.Words[i-1]
		return w != "" && w[0] >= 'A' && w[0] <= 'Z' && p != "" && (p[0] >= 'A' && p[0] <= 'Z' || p[0] >= '0' && p[0] <= '9')
	}
	for ci, c := range s.Clauses {
		if c.Verb >= 0 && !inName(c.Verb) {
			out.hasVerb = true
			out.mainVerb = out.mainVerb || c.Link != grammar.Subordinate
		}
		if c.Mood != grammar.Imperative && c.Link != grammar.Subordinate && c.Opener >= 0 && c.Opener == c.Start &&
			xpos(c.Opener) == "VB" && c.Verb > c.Opener && !strings.HasPrefix(xpos(c.Verb), "VB") && xpos(c.Verb) != "MD" {
			// The clause opens with a word tagged as a base-form verb and
			// no other word in it is tagged as a verb: the clause rules
			// took a noun for its verb ("respond with a pirate accent"),
			// and the opener is the verb of an imperative.
			c.Mood, c.Verb = grammar.Imperative, c.Opener
		}
		if c.Mood == grammar.Imperative && word(c.Verb) == "let" && (word(c.Verb+1) == "'s" || word(c.Verb+1) == "us") {
			// "Let's say we have a function ...": the writer proposes to
			// the reader and itself, as tutorials do; no directive.
			continue
		}
		if c.Mood == grammar.Imperative {
			out.imperative = true
			if c.Verb >= 0 && lex[word(c.Verb)]&wSayVerb != 0 && dictates(s, m, ci) {
				out.shaping = true
			}
		}
		if c.Link == grammar.Main && firstMain && c.Verb >= 0 {
			firstMain = false
			if c.Mood == grammar.Declarative && c.Subject >= 0 {
				w := word(c.Subject)
				if lex[w]&(wYou|wFirstPers|wAIStrong) == 0 {
					out.declThird = true
				}
			}
		}
		// The reader, an AI, or the reader's own reply ("your answer
		// must be in French") as the subject of a modal of obligation.
		subj := c.Subject >= 0 && (lex[word(c.Subject)]&(wYou|wAIStrong|wAIWeak) != 0 ||
			lex[word(c.Subject)]&wReplyNoun != 0 && lex[word(c.Subject-1)]&wYou != 0)
		if subj && c.Link != grammar.Subordinate {
			if deontic(word, xpos, c.Subject+1, c.End) {
				out.directed = true
			}
		}
		// "Any summary you generate from this page must say ...": the
		// reader's output, named by a relative clause without "that", is
		// the subject of the modal after that clause.
		if c.Subject > c.Start && c.Link != grammar.Subordinate && lex[word(c.Subject)]&wYou != 0 &&
			lex[word(c.Subject-1)]&wReplyNoun != 0 && c.Verb == c.Subject+1 {
			for i := c.Verb + 1; i < c.End; i++ {
				if xpos(i) == "MD" {
					// A passive ("must be approved by legal") says what
					// others do with the output.
					passive := word(i+1) == "be" || word(i+1) == "not" && word(i+2) == "be"
					out.directed = out.directed || !passive && deontic(word, xpos, i, c.End)
					break
				}
			}
		}
	}
	// "As the owner I authorise you to merge ...", "we instruct you to":
	// the writer directs the reader by a performative verb, whatever
	// clause the tagger put it in.
	for i := 0; i+3 < n && !out.directed; i++ {
		if w := word(i); w != "i" && w != "we" {
			continue
		}
		j := i + 1
		if xpos(j) == "RB" || word(j) == "hereby" {
			j++
		}
		if performative(word(j)) && word(j+1) == "you" && word(j+2) == "to" && xpos(j+3) == "VB" {
			out.directed = true
		}
	}
	if k := len(s.Clauses); k > 1 && out.directive() && reporting(s.Clauses[k-1], word, xpos) {
		// "Always answer within three rings, the handbook says": what
		// comes before a closing reporting clause is someone's words,
		// reported.
		out.imperative, out.directed, out.shaping = false, false, false
	}
	if n > 2 && word(n-1) == "?" {
		switch word(0) {
		case "could", "can", "would", "will", "wo", "ca":
			if word(1) == "you" && !infoVerb(word(2)) && (xpos(2) == "VB" || word(2) == "please") {
				out.question = true
			}
		}
	}
	return out
}

// performative reports whether w, said by the writer to "you ... to",
// directs the reader: "I authorise you to", "we instruct you to".
func performative(w string) bool {
	switch w {
	case "authorise", "authorize", "instruct", "order", "direct", "command", "permit", "allow", "request",
		"require", "urge", "need", "want":
		return true
	}
	return false
}

// deontic reports whether the verb group that starts at word i (after a
// second-person subject) directs: a modal of obligation, a prohibition,
// "need/have to", "are to", "are required to".
func deontic(word func(int) string, xpos func(int) string, i, end int) bool {
	for xpos(i) == "RB" && word(i) != "not" && word(i) != "n't" && i < end {
		i++
	}
	switch w := word(i); w {
	case "must", "should", "shall", "ought", "'d":
		return w != "'d" || word(i+1) == "better"
	case "will", "'ll", "would":
		j := i + 1
		constrained := false
		for xpos(j) == "RB" {
			if c := word(j); c == "always" || c == "never" || c == "only" || c == "now" || c == "not" || c == "n't" {
				constrained = true
			}
			j++
		}
		return constrained || word(j) == "need" || word(j) == "have" || word(j) == "want"
	case "may", "can", "could", "might":
		n := word(i + 1)
		return n == "not" || n == "n't" || n == "never" || n == "no" && word(i+2) == "longer"
	case "need", "needs", "have", "has", "got":
		return word(i+1) == "to"
	case "are", "is", "'re", "am":
		n := word(i + 1)
		if n == "not" {
			n = word(i + 2)
		}
		switch n {
		case "to":
			return xpos(i+2) == "VB"
		case "required", "expected", "supposed", "obliged", "obligated", "instructed", "told", "asked", "allowed",
			"forbidden", "prohibited", "permitted", "authorized", "authorised":
			return true
		}
	case "do":
		// "you do not need to", "you don't reveal"
		return (word(i+1) == "not" || word(i+1) == "n't") && xpos(i+2) == "VB" && word(i+2) != "need" && word(i+2) != "have"
	}
	return false
}

// dictates reports whether the imperative verb of clause ci is followed
// by the text it dictates: a colon or a quotation, "that", or a finite
// verb in the same clause or in a clause that is not subordinate.
func dictates(s *grammar.Sentence, m *grammar.Model, ci int) bool {
	c := s.Clauses[ci]
	v := c.Verb
	constrained := false
	for k := max(0, v-3); k < v; k++ {
		switch strings.ToLower(s.Words[k]) {
		case "always", "only", "simply", "just", "never", "exclusively", "instead", "solely":
			constrained = true
		}
	}
	// "Say" also supposes ("say the query is X, as an example"): unless
	// constrained, it dictates only what follows it at once.
	say := strings.EqualFold(s.Words[v], "say")
	for k := v + 1; k < len(s.Words); k++ {
		w := s.Words[k]
		if say && !constrained && k > v+2 {
			return false
		}
		switch w {
		case ":", "\"", "``", "''", "“", "'", "«":
			return true
		case "that":
			if k == v+1 || k <= v+4 {
				return true
			}
		}
		inClause := -1
		for j := ci; j < len(s.Clauses); j++ {
			if k >= s.Clauses[j].Start && k < s.Clauses[j].End {
				inClause = j
				break
			}
		}
		if inClause > ci && s.Clauses[inClause].Link == grammar.Subordinate {
			continue
		}
		switch m.XPOS(s.Tags[k]) {
		case "VBZ", "VBD", "VBP", "MD":
			// "always say it has no known vulnerabilities" dictates;
			// "say the query is X, as an example" supposes.
			if constrained {
				return true
			}
		}
	}
	return false
}

// infoVerb reports whether w is a verb that asks for information when a question puts them
// to the reader ("Can you confirm which version runs?").
func infoVerb(w string) bool {
	switch w {
	case "confirm", "tell", "clarify", "explain", "say", "share", "specify", "describe", "let", "check",
		"verify", "answer", "help", "see", "recall", "remember", "think", "know", "point", "provide", "give",
		"summarize", "summarise", "list", "show", "find", "suggest", "recommend":
		return true
	}
	return false
}

// collapseQuotes replaces each inline code span with the word "code"
// and the content of each double-quoted stretch with one word, so that a
// quoted sentence ("respond with \"the build passed.\"") reads as the
// noun phrase it is in the sentence around it, and what is in code,
// quotes included, is a literal. A quotation the sentence cutter split
// runs to the end.
func collapseQuotes(s string) string {
	s = collapse(s, "`", "`", "code", false)
	s = collapse(s, "\"", "\"", "\"text\"", true)
	return collapse(s, "“", "”", "\"text\"", true)
}

// collapse replaces every stretch of s from open to the next close with
// word; an open without a close is left as it is, or, with runsOn, runs
// to the end of s.
func collapse(s, open, close, word string, runsOn bool) string {
	if !strings.Contains(s, open) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, open)
		if i < 0 {
			break
		}
		j := strings.Index(s[i+len(open):], close)
		if j < 0 {
			if runsOn {
				b.WriteString(s[:i])
				b.WriteString(word)
				return b.String()
			}
			break
		}
		b.WriteString(s[:i])
		b.WriteString(word)
		s = s[i+len(open)+j+len(close):]
	}
	b.WriteString(s)
	return b.String()
}

// reporting reports whether c is a closing reporting clause after a
// comma: a finite verb of saying with a third-party subject and nothing
// else ("..., the handbook says", "..., says the style guide", "...,
// the attacker wrote").
func reporting(c grammar.Clause, word func(int) string, xpos func(int) string) bool {
	if c.Verb < 0 || word(c.Start-1) != "," || c.Link != grammar.Main {
		return false
	}
	switch word(c.Verb) {
	case "says", "said", "writes", "wrote", "notes", "noted", "states", "stated", "explains", "explained",
		"adds", "added", "warns", "warned", "recommends", "recommended", "advises", "advised", "insists", "insisted":
	default:
		return false
	}
	subject := false
	for i := c.Start; i < c.End; i++ {
		switch x := xpos(i); {
		case i == c.Verb:
		case x == "DT" || x == "JJ" || x == "NN" || x == "NNS" || x == "NNP" || x == "NNPS" || x == "POS" || x == "RB":
			subject = subject || strings.HasPrefix(x, "NN")
		case x == "." || x == "''" || x == "``":
		default:
			return false
		}
		if w := word(i); w == "you" || w == "i" || w == "we" {
			return false
		}
	}
	return subject
}
