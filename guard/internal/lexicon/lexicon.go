package lexicon

import (
	"sort"
	"strconv"
	"strings"
	"sync"
)

// The English lexicon comes from WordNet 3.0 (the files under data/,
// written by gen_lexicon.go and embedded by embed.go). It is parsed once,
// on first use.

// VerbInfo is what the lexicon knows of a verb lemma.
type VerbInfo struct {
	Noun, Adj        bool // the lemma is also a noun / an adjective
	VerbTag, NounTag int  // how often SemCor tagged it as a verb / a noun
}

// Lexicon is the parsed word lists.
type Lexicon struct {
	Verbs     map[string]VerbInfo
	Irregular map[string]string // "ran" -> "run"
	yStems    map[string]string // "appl" -> "apply": verbs ending in "y" by stem
	other     []string          // sorted non-verb dictionary words
	intrans   map[string]bool   // verb lemmas used mostly without an object
	person    map[string]bool   // nouns that name people (data/person.txt)
	noObject  map[string]bool   // verbs often used without an object (data/noobject.txt)
	measure   map[string]bool   // nouns that name a measure (data/measure.txt)
}

// Default returns the lexicon, parsed on the first call.
var Default = sync.OnceValue(func() *Lexicon {
	l := &Lexicon{
		Verbs:     make(map[string]VerbInfo, 8500),
		Irregular: make(map[string]string, 2300),
	}
	for _, line := range strings.Split(lexVerbs, "\n") {
		f := strings.Fields(line)
		if len(f) != 4 {
			continue
		}
		vt, _ := strconv.Atoi(f[2])
		nt, _ := strconv.Atoi(f[3])
		l.Verbs[f[0]] = VerbInfo{
			Noun:    strings.Contains(f[1], "n"),
			Adj:     strings.Contains(f[1], "a"),
			VerbTag: vt,
			NounTag: nt,
		}
	}
	for _, line := range strings.Split(lexIrregular, "\n") {
		if form, lemma, ok := strings.Cut(line, " "); ok {
			l.Irregular[form] = lemma
		}
	}
	l.other = strings.Split(strings.TrimSuffix(lexOther, "\n"), "\n")
	l.intrans = wordList(lexIntransitive, 600)
	l.person = wordList(lexPerson, 10600)
	l.noObject = wordList(lexNoObject, 2800)
	l.measure = wordList(lexMeasure, 5400)
	for _, w := range computingVerbs {
		if _, ok := l.Verbs[w]; !ok {
			l.Verbs[w] = VerbInfo{VerbTag: 1}
		}
	}
	// yStems[x] is the verb x+"y": the -ies and -ied forms look their
	// lemma up without building (and allocating) x+"y".
	l.yStems = map[string]string{}
	for v := range l.Verbs {
		if stem, ok := strings.CutSuffix(v, "y"); ok {
			l.yStems[stem] = v
		}
	}
	return l
})

// computingVerbs are verbs of software documentation that WordNet 3.0 lacks
// and that are not a verb-forming prefix before one of its verbs (those,
// "reindex", "unmute", "deallocate", are found by the instruction
// detectors' derivedVerb).
var computingVerbs = []string{
	"unset", "lookup", "prepend", "enqueue", "rekey", "remux", "backup", "lint",
	"unzip", "untar", "gunzip", "rerun", "bootstrap", "upload", "unpin", "untag",
	"initialize", "initialise", "minify", "transpile", "containerize",
	"dockerize", "tokenize", "serialize", "decrypt", "traceroute", "whitelist",
	"blacklist", "allowlist", "denylist", "screenshot", "benchmark", "timestamp",
	"bookmark", "ssh", "grep", "email", "login", "logout", "signup", "checkout",
	"setup", "cleanup", "retag", "squash", "passthrough", "bruteforce",
	"enumerate", "geolocate", "downsample", "upsample", "transcode", "sideload",
	"refresh", "detach", "deprecate", "fork", "clone", "diff", "patch", "grep",
	"chmod", "chown", "symlink", "hardlink", "toggle",
}

// Intransitive reports whether the verb lemma is used mostly without a
// direct object ("fail", "rise", "stay", "happen"), by WordNet's
// sentence frames weighted by how often SemCor saw each sense. Such a
// verb has no passive: its past form after a noun phrase is that
// phrase's verb, not a participle modifying it.
func (l *Lexicon) Intransitive(lemma string) bool { return l.intrans[lemma] }

// wordList parses a word list of one word a line.
func wordList(list string, n int) map[string]bool {
	m := make(map[string]bool, n)
	for _, w := range strings.Split(strings.TrimSuffix(list, "\n"), "\n") {
		m[w] = true
	}
	return m
}

// inNouns reports whether w, or the singular of a plural w, is in set.
func inNouns(set map[string]bool, w string) bool {
	if set[w] {
		return true
	}
	if stem, ok := strings.CutSuffix(w, "ies"); ok && set[stem+"y"] {
		return true
	}
	if stem, ok := strings.CutSuffix(w, "es"); ok && set[stem] {
		return true
	}
	stem, ok := strings.CutSuffix(w, "s")
	return ok && set[stem]
}

// Person reports whether w (lower case), or the singular of a plural w,
// is a noun that names people in one of its two commonest WordNet senses
// ("operators", "developer", "contributors").
func (l *Lexicon) Person(w string) bool { return inNouns(l.person, w) }

// Measure reports whether w (lower case), or the singular of a plural w,
// is a noun that names a measure (an attribute, a quantity or a time) in
// one of its two commonest WordNet senses ("latency", "rates", "times").
func (l *Lexicon) Measure(w string) bool { return inNouns(l.measure, w) }

// NoObject reports whether the verb lemma is used without an object in a
// fair share of its senses ("double", "increase", "improve"; not
// "record" or "measure"), by WordNet's sentence frames weighted by
// SemCor.
func (l *Lexicon) NoObject(lemma string) bool { return l.noObject[lemma] }

// IsDictionaryWord reports whether w (lower case) is an English word: a
// word of the lexicon or one of its inflections. A verb the instruction
// detectors' derivedVerb makes ("presign", "reindex") is not one: coined
// words are what CLI subcommands are made of.
func (l *Lexicon) IsDictionaryWord(w string) bool {
	if _, ok := l.Verbs[w]; ok {
		return true
	}
	if _, ok := l.Irregular[w]; ok {
		return true
	}
	if _, ok := FunctionWords[w]; ok {
		return true
	}
	i := sort.SearchStrings(l.other, w)
	if i < len(l.other) && l.other[i] == w {
		return true
	}
	// plurals, -s, -ed and -ing forms
	if _, ok := l.SLemma(w); ok {
		return true
	}
	if _, ok := l.EdLemma(w); ok {
		return true
	}
	if strings.HasSuffix(w, "ing") && len(w) > 5 {
		stem := w[:len(w)-3]
		if _, ok := l.Verbs[stem]; ok {
			return true
		}
		if _, ok := l.Verbs[stem+"e"]; ok {
			return true
		}
	}
	if strings.HasSuffix(w, "s") {
		j := sort.SearchStrings(l.other, w[:len(w)-1])
		return j < len(l.other) && l.other[j] == w[:len(w)-1]
	}
	return false
}

// SLemma returns the verb lemma of a third-person singular form
// ("runs" -> "run", "goes" -> "go", "applies" -> "apply").
func (l *Lexicon) SLemma(w string) (string, bool) {
	if len(w) < 3 || w[len(w)-1] != 's' || strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") {
		return "", false
	}
	if lemma, ok := l.Irregular[w]; ok {
		return lemma, true
	}
	if strings.HasSuffix(w, "ies") {
		if lemma, ok := l.yStems[w[:len(w)-3]]; ok {
			return lemma, true
		}
	}
	if strings.HasSuffix(w, "es") {
		if _, ok := l.Verbs[w[:len(w)-2]]; ok {
			return w[:len(w)-2], true
		}
	}
	if _, ok := l.Verbs[w[:len(w)-1]]; ok {
		return w[:len(w)-1], true
	}
	return "", false
}

// EdLemma returns the verb lemma of a past form ("stored" -> "store",
// "ran" -> "run").
func (l *Lexicon) EdLemma(w string) (string, bool) {
	if lemma, ok := l.Irregular[w]; ok && !strings.HasSuffix(w, "ing") && !strings.HasSuffix(w, "s") {
		return lemma, true
	}
	if len(w) < 4 || !strings.HasSuffix(w, "ed") {
		return "", false
	}
	for _, cand := range [...]string{w[:len(w)-2], w[:len(w)-1]} {
		if _, ok := l.Verbs[cand]; ok {
			return cand, true
		}
	}
	if lemma, ok := l.yStems[w[:len(w)-3]]; ok { // "applied" -> "apply"
		return lemma, true
	}
	if n := len(w); n >= 5 && w[n-3] == w[n-4] { // "stopped"
		if _, ok := l.Verbs[w[:n-3]]; ok {
			return w[:n-3], true
		}
	}
	return "", false
}

// FunctionWords are closed-class English words: never a program name, a
// strong sign of prose inside a would-be command line.
var FunctionWords = wordSet(
	"a", "an", "the", "this", "that", "these", "those", "is", "are", "was", "were",
	"be", "been", "being", "am", "has", "have", "had", "does", "do", "did", "will",
	"would", "shall", "should", "can", "could", "may", "might", "must", "of", "to",
	"in", "on", "at", "by", "for", "with", "from", "into", "onto", "and", "or", "but",
	"not", "no", "it", "its", "they", "their", "them", "we", "our", "us", "you",
	"your", "he", "she", "his", "her", "i", "my", "me", "which", "who", "whom",
	"whose", "what", "when", "where", "why", "how", "if", "than", "then", "so",
	"as", "also", "only", "about", "after", "before", "because", "while", "there",
	"here", "all", "any", "each", "every", "some", "such", "both", "either",
	"neither", "other", "another", "same", "very", "just", "too", "up", "out",
)

// wordSet returns the set of words.
func wordSet(words ...string) map[string]struct{} {
	m := make(map[string]struct{}, len(words))
	for _, w := range words {
		m[w] = struct{}{}
	}
	return m
}
