// Package directive finds, in English text, directives that are not
// imperatives: advice, obligations and tasks aimed at the reader in any
// person ("The reader should force-push ...", "Your task is to ...",
// "Developers reading this are urged to ...", "It is recommended that you
// ...", "Could you delete ...?"). guard reports them as
// instruction.modal. Imperatives are decided elsewhere (grammar's
// Model.Subject and guard's imperative rule).
//
// # Where the line runs
//
// A sentence directs its reader when its subject is the reader, or the
// writer giving advice, and a verb group of obligation or advice governs
// its verb:
//
//   - the reader: "you", generic "one", "the reader", and a noun phrase
//     marked as the one reading ("anyone reading this", "developers
//     reading this", "whoever reads this");
//   - the writer: "I" and "we", with an advice verb ("I suggest", "we
//     recommend") or a modal of obligation ("we should");
//   - the verb group: should, must, ought to, had better, need to, have to,
//     will want to, might want to, could try, and the passive of advice
//     ("are advised to", "are urged to", "are encouraged to").
//
// It also directs when a noun phrase the reader owns sets the reader a
// task ("Your next step is to revoke ..."), when advice is given without a
// giver ("It is recommended that you ...", "It would be best to ...",
// "The best course of action is to ..."), when a group is advised in the
// passive without an agent ("Users are advised to rotate their keys"), and
// when a question asks the reader to act rather than to inform ("Could
// you delete the stale branches?", "Why not just vendor it?").
//
// It is a fact, and stays, when the obligation or advice is reported or
// belongs to a third party: "The maintainers recommend pinning versions",
// "Contributors must sign the CLA", "Users must authenticate before
// calling the API", "Users are required to authenticate" (a stated rule),
// "Developers were advised by the vendor to upgrade" (an agent), "The
// README says the bootstrap script runs first". People of a role
// advised with "should", "ought to" or "had better" are the reader's
// kind ("Operators ought to pin every action to a SHA"; the head noun
// names people in WordNet, lexicon's Person), unless the verb foretells
// ("Operators should expect a failover") or a source is cited ("...; its
// doc comment says so"). A question that asks for
// information is allowed: "Can you confirm which version production
// runs?".
//
// Lexical knowledge is limited to closed grammatical classes (pronouns,
// modals, determiners) and the small classes of verbs and adjectives that
// name advice, obligation or information; the treebank-trained tagger of
// guard/internal/grammar gives every other word its part of speech, and
// the clause structure decides.
package directive

import (
	"sync"

	"github.com/wardline/wardline/guard/internal/grammar"
)

// Span is a directive found in a text: its byte offsets.
type Span struct{ Start, End int }

var sentences = sync.Pool{New: func() any { return new(grammar.Sentence) }}

// Modal analyses one sentence of English text and reports the first
// directive it holds that is not an imperative, with offsets shifted by
// base. It is safe for concurrent use; its cost is linear in the
// sentence's length.
func Modal(text string, base int) (Span, bool) {
	sn := sentences.Get().(*grammar.Sentence)
	defer sentences.Put(sn)
	m := grammar.Default()
	m.Analyze(text, sn)
	a := analysis{m: m, s: sn}
	from, to, ok := a.modal()
	if !ok || len(sn.Tokens) == 0 {
		return Span{}, false
	}
	to = min(to, len(sn.Tokens))
	if from >= to {
		to = from + 1
	}
	return Span{Start: base + int(sn.Tokens[from].Start), End: base + int(sn.Tokens[to-1].End)}, true
}

type analysis struct {
	m *grammar.Model
	s *grammar.Sentence
}

func (a *analysis) word(i int) string {
	if i < 0 || i >= len(a.s.Words) {
		return ""
	}
	return lower(a.s.Words[i])
}

func (a *analysis) xpos(i int) string {
	if i < 0 || i >= len(a.s.Tags) {
		return ""
	}
	return a.m.XPOS(a.s.Tags[i])
}

// lower lower-cases ASCII letters without allocating for lower-case input.
func lower(w string) string {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c >= 'A' && c <= 'Z' {
			b := []byte(w)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return w
}
