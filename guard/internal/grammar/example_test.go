package grammar_test

import (
	"fmt"

	"github.com/wardline/wardline/guard/internal/grammar"
)

// The same opening word is a verb in one sentence and part of a subject in
// the other; the clause structure tells them apart.
func Example() {
	m := grammar.Default()
	var s grammar.Sentence
	for _, text := range []string{
		"Drop the table and restore it from the backup.",
		"Drop rates on the ingest queue stayed below 0.1%.",
	} {
		m.Analyze(text, &s)
		c := s.Clauses[0]
		fmt.Printf("%s: %s, verb %q\n", text, c.Mood, s.Words[c.Verb])
	}
	// Output:
	// Drop the table and restore it from the backup.: imperative, verb "Drop"
	// Drop rates on the ingest queue stayed below 0.1%.: declarative, verb "stayed"
}
