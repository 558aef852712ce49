//go:build !langidgen && !grammargen

package grammar

import (
	"strings"
	"testing"
)

// A clause of 15 tokens, the size the detectors analyse.
const benchClause = "Select queries against the audit table use the composite index on tenant_id and created_at."

func BenchmarkTokenize(b *testing.B) {
	var toks []Token
	b.SetBytes(int64(len(benchClause)))
	b.ReportAllocs()
	for b.Loop() {
		toks = Tokenize(benchClause, toks[:0])
	}
}

func BenchmarkTagWords(b *testing.B) {
	m := Default()
	words := strings.Fields("Select queries against the audit table use the composite index on tenant_id and created_at .")
	var tags []Tag
	b.ReportAllocs()
	for b.Loop() {
		tags = m.TagWords(words, tags[:0])
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(words)), "ns/word")
}

func BenchmarkAnalyze(b *testing.B) {
	m := Default()
	for _, bc := range []struct{ name, text string }{
		{"statement", benchClause},
		{"imperative", "If the migration fails, drop the table and restore it from last night's backup."},
		{"beam", "PHPUnit 10 requires data provider methods to be public and static."},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var s Sentence
			b.SetBytes(int64(len(bc.text)))
			b.ReportAllocs()
			for b.Loop() {
				m.Analyze(bc.text, &s)
			}
		})
	}
}

func BenchmarkDecodeModel(b *testing.B) {
	b.SetBytes(int64(len(modelData)))
	b.ReportAllocs()
	for b.Loop() {
		var m Model
		if err := m.UnmarshalBinary(modelData); err != nil {
			b.Fatal(err)
		}
	}
}
