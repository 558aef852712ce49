//go:build !langidgen && !grammargen

package grammar

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wardline/wardline/guard/internal/grammar/internal/ud"
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

// BenchmarkTagCorpus tags the treebank's dev split (the sample sentences
// when the shared folder is missing): many different sentences, so that
// the weight table is read as in a long text, not from a warm cache.
func BenchmarkTagCorpus(b *testing.B) {
	var sents [][]string
	if p := filepath.Join(shared, "treebank/ud-english-ewt/en_ewt-dev.conllu"); fileExists(p) {
		ss, err := ud.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		for _, s := range ss {
			var words []string
			for _, w := range s.Words {
				words = append(words, w.Form)
			}
			sents = append(sents, words)
		}
	} else {
		for _, s := range sampleSentences(b) {
			sents = append(sents, strings.Fields(s))
		}
	}
	n := 0
	for _, s := range sents {
		n += len(s)
	}
	m := Default()
	b.Run("greedy", func(b *testing.B) {
		var tags []Tag
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range sents {
				tags = m.TagWords(s, tags[:0])
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/word")
	})
	b.Run("analyze", func(b *testing.B) {
		var sn Sentence
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range sents {
				m.AnalyzeWords(s, &sn)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/word")
	})
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
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
