package lexicon

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestIntransitive(t *testing.T) {
	l := Default()
	for _, tt := range []struct {
		lemma string
		want  bool
	}{
		{"fail", true},
		{"rise", true},
		{"stay", true},
		{"happen", true},
		{"create", false},
		{"delete", false},
		{"put", false},
		{"stop", false}, // "stop the service" as often as "the service stopped"
		{"kubectl", false},
		{"", false},
	} {
		assert.Equal(t, tt.want, l.Intransitive(tt.lemma), tt.lemma)
	}
}

func TestPerson(t *testing.T) {
	l := Default()
	for _, w := range []string{"developer", "operators", "contributors", "maintainers", "engineers", "customers", "users", "administrators"} {
		assert.True(t, l.Person(w), w)
	}
	for _, w := range []string{"cluster", "pipelines", "cache", "builds", "tables", "agencies", "", "s"} {
		assert.False(t, l.Person(w), w)
	}
}

func TestMeasureAndNoObject(t *testing.T) {
	l := Default()
	for _, w := range []string{"latency", "rates", "times", "depth", "volume", "frequency"} {
		assert.True(t, l.Measure(w), w)
	}
	for _, w := range []string{"files", "branch", "cluster", ""} {
		assert.False(t, l.Measure(w), w)
	}
	for _, w := range []string{"double", "increase", "improve", "drop", "rise"} {
		assert.True(t, l.NoObject(w), w)
	}
	for _, w := range []string{"record", "measure", "collect", "delete", ""} {
		assert.False(t, l.NoObject(w), w)
	}
}

func TestDictionaryWords(t *testing.T) {
	l := Default()
	for _, tt := range []struct {
		word string
		want bool
	}{
		{"retries", true},
		{"latency", true},
		{"kubectl", false},
		{"presign", false},
	} {
		assert.Equal(t, tt.want, l.IsDictionaryWord(tt.word), tt.word)
	}
}
