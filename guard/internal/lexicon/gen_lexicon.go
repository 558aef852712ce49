//go:build ignore

// gen_lexicon writes data/verbs.txt, data/irregular.txt, data/other.txt,
// data/intransitive.txt, data/noobject.txt, data/person.txt and
// data/measure.txt, the English word lists of package lexicon
// (embedded by embed.go), from the WordNet 3.0 database files
// (index.verb, index.noun, index.adj, index.adv, verb.exc, data.verb,
// data.noun and cntlist.rev). WordNet 3.0 is © 2006
// Princeton University under the WordNet 3.0 licence, which permits use,
// copying and redistribution with its copyright notice (reproduced in the
// data/NOTICE). On Debian the files come from the wordnet-base package:
//
//	apt-get download wordnet-base && dpkg-deb -x wordnet-base_*.deb wn
//	WORDNET_DIR=$PWD/wn/usr/share/wordnet go generate ./guard/internal/lexicon
//
// Only single lower-case alphabetic lemmas are kept. For each verb the
// table records whether the lemma is also a noun or an adjective and how
// often WordNet's sense-tagged corpus (SemCor) saw it as a verb and as a
// noun, which lets the detector prefer the commoner reading.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
)

type entry struct {
	verb, noun, adj, adv bool
	verbTag, nounTag     int
}

func main() {
	dir := flag.String("dir", "/usr/share/wordnet", "WordNet dict directory")
	out := flag.String("out", "data", "output directory for verbs.txt, irregular.txt and other.txt")
	flag.Parse()
	words := map[string]*entry{}
	get := func(w string) *entry {
		e := words[w]
		if e == nil {
			e = &entry{}
			words[w] = e
		}
		return e
	}
	for _, pos := range []string{"verb", "noun", "adj", "adv"} {
		f, err := os.Open(filepath.Join(*dir, "index."+pos))
		if err != nil {
			log.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if line == "" || line[0] == ' ' {
				continue
			}
			fs := strings.Fields(line)
			if len(fs) < 6 || !alpha(fs[0]) {
				continue
			}
			// lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt ...
			pcnt, _ := strconv.Atoi(fs[3])
			tag := 0
			if i := 4 + pcnt + 1; i < len(fs) {
				tag, _ = strconv.Atoi(fs[i])
			}
			e := get(fs[0])
			switch pos {
			case "verb":
				e.verb, e.verbTag = true, tag
			case "noun":
				e.noun, e.nounTag = true, tag
			case "adj":
				e.adj = true
			case "adv":
				e.adv = true
			}
		}
		f.Close()
	}
	irregular := map[string]string{}
	if raw, err := os.ReadFile(filepath.Join(*dir, "verb.exc")); err == nil {
		for _, line := range strings.Split(string(raw), "\n") {
			fs := strings.Fields(line)
			if len(fs) >= 2 && alpha(fs[0]) && alpha(fs[1]) {
				irregular[fs[0]] = fs[1]
			}
		}
	} else {
		log.Fatal(err)
	}

	var verbs, others []string
	for w, e := range words {
		if e.verb {
			verbs = append(verbs, w)
		} else {
			others = append(others, w)
		}
	}
	sort.Strings(verbs)
	sort.Strings(others)
	forms := make([]string, 0, len(irregular))
	for f := range irregular {
		forms = append(forms, f)
	}
	sort.Strings(forms)

	// Three text files, embedded by embed.go.
	var verbBuf, irrBuf, otherBuf bytes.Buffer
	for _, w := range verbs {
		e := words[w]
		fl := ""
		if e.noun {
			fl += "n"
		}
		if e.adj {
			fl += "a"
		}
		if fl == "" {
			fl = "-"
		}
		fmt.Fprintf(&verbBuf, "%s %s %d %d\n", w, fl, e.verbTag, e.nounTag)
	}
	for _, f := range forms {
		fmt.Fprintf(&irrBuf, "%s %s\n", f, irregular[f])
	}
	for _, w := range others {
		otherBuf.WriteString(w)
		otherBuf.WriteByte('\n')
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		log.Fatal(err)
	}
	var intrBuf, noObjBuf bytes.Buffer
	intr, noObj := intransitives(*dir)
	for _, w := range verbs {
		if intr[w] {
			intrBuf.WriteString(w)
			intrBuf.WriteByte('\n')
		}
		if noObj[w] {
			noObjBuf.WriteString(w)
			noObjBuf.WriteByte('\n')
		}
	}
	var personBuf, measureBuf bytes.Buffer
	for _, w := range nounsFiled(*dir, "18") {
		personBuf.WriteString(w)
		personBuf.WriteByte('\n')
	}
	for _, w := range nounsFiled(*dir, "07", "23", "28") {
		measureBuf.WriteString(w)
		measureBuf.WriteByte('\n')
	}
	for name, b := range map[string]*bytes.Buffer{"verbs.txt": &verbBuf, "irregular.txt": &irrBuf, "other.txt": &otherBuf,
		"intransitive.txt": &intrBuf, "noobject.txt": &noObjBuf, "person.txt": &personBuf, "measure.txt": &measureBuf} {
		if err := os.WriteFile(filepath.Join(*out, name), b.Bytes(), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	log.Printf("%d verbs, %d irregular forms, %d other words", len(verbs), len(forms), len(others))
}

// Persons and measures. WordNet files each noun sense under a
// lexicographer file: noun.person (number 18) holds the senses that name
// people; noun.attribute (07), noun.quantity (23) and noun.time (28)
// those that name a measure. nounsFiled returns the lemmas one of whose
// two commonest senses (index.noun lists them by frequency) is filed
// under one of files: persons are "developer", "operator", "contributor",
// not "cluster" or "pipeline"; measures "latency", "rate", "time",
// "volume", "depth", not "file" or "branch". The detectors read a person
// noun as a subject that can be advised ("Operators ought to pin ..."),
// and a measure noun before a verb's past as that verb's subject
// ("Build times doubled", against "Delete files changed in 2020").
func nounsFiled(dir string, files ...string) []string {
	data, err := os.ReadFile(filepath.Join(dir, "data.noun"))
	if err != nil {
		log.Fatal(err)
	}
	lexFile := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == ' ' {
			continue
		}
		if fs := strings.Fields(line); len(fs) > 2 {
			lexFile[fs[0]] = fs[1]
		}
	}
	index, err := os.ReadFile(filepath.Join(dir, "index.noun"))
	if err != nil {
		log.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(string(index), "\n") {
		if line == "" || line[0] == ' ' {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) < 6 || !alpha(fs[0]) {
			continue
		}
		// lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt offsets...
		n, _ := strconv.Atoi(fs[2])
		if n <= 0 || n > len(fs) {
			continue
		}
		offs := fs[len(fs)-n:]
		for _, o := range offs[:min(2, len(offs))] {
			if slices.Contains(files, lexFile[o]) {
				out = append(out, fs[0])
				break
			}
		}
	}
	sort.Strings(out)
	return out
}

// Transitivity. WordNet gives each verb sense its sentence frames
// (data.verb) and SemCor how often each sense was seen (cntlist.rev).
// A lemma is intransitive when the senses whose frames take a direct
// object ("Somebody ----s something", frames 5, 8-11, 14-21, 24, 25, 30
// and 31) carry less than a quarter of its weight, each sense weighing
// its count plus one half, and the senses with frames but no object
// weigh at least 2: "fail", "rise", "stay", "happen", not "stop" or
// "create". Such a verb has no passive, so its past form after a noun
// phrase is the phrase's verb, not a participle modifying it ("Unseal
// attempts failed on ...", against "files created in 2020").
// A lemma goes without an object (noobject.txt) when the senses with a
// frame that has none carry at least 15% of its weight, whether or not
// they have one with an object too: "double", "increase", "improve",
// "drop", not "record", "measure" or "collect".
var objectFrames = map[int]bool{5: true, 8: true, 9: true, 10: true, 11: true, 14: true, 15: true,
	16: true, 17: true, 18: true, 19: true, 20: true, 21: true, 24: true, 25: true, 30: true, 31: true}

// clauseFrames take a clause ("Somebody ----s that CLAUSE"): neither
// transitive nor intransitive for this purpose.
var clauseFrames = map[int]bool{26: true}

func intransitives(dir string) (intransitive, noObject map[string]bool) {
	counts := map[string]float64{}
	raw, err := os.ReadFile(filepath.Join(dir, "cntlist.rev"))
	if err != nil {
		log.Fatal(err)
	}
	for _, line := range strings.Split(string(raw), "\n") {
		// sense_key sense_number tag_cnt
		if fs := strings.Fields(line); len(fs) == 3 {
			n, _ := strconv.Atoi(fs[2])
			counts[fs[0]] = float64(n)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "data.verb"))
	if err != nil {
		log.Fatal(err)
	}
	trans, intrans := map[string]float64{}, map[string]float64{}
	// canIntrans and total weigh, per lemma, the senses with a frame
	// without an object (whether or not they have one with an object)
	// and all its senses: NoObject's share.
	canIntrans, total := map[string]float64{}, map[string]float64{}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == ' ' {
			continue // the licence header
		}
		body, _, _ := strings.Cut(line, "|")
		fs := strings.Fields(body)
		// offset lex_filenum ss_type w_cnt (word lex_id)... p_cnt ptr... f_cnt (+ f_num w_num)...
		if len(fs) < 4 {
			continue
		}
		lexFile := fs[1]
		wcnt, _ := strconv.ParseInt(fs[3], 16, 32)
		type word struct {
			lemma string
			lexID int64
		}
		var ws []word
		i := 4
		for n := int64(0); n < wcnt && i+1 < len(fs); n++ {
			id, _ := strconv.ParseInt(fs[i+1], 16, 32)
			ws = append(ws, word{strings.ToLower(fs[i]), id})
			i += 2
		}
		if i >= len(fs) {
			continue
		}
		pcnt, _ := strconv.Atoi(fs[i])
		i += 1 + 4*pcnt
		if i >= len(fs) {
			continue
		}
		fcnt, _ := strconv.Atoi(fs[i])
		i++
		type frame struct {
			num  int
			word int64
		}
		var frames []frame
		for n := 0; n < fcnt && i+2 < len(fs); n++ {
			num, _ := strconv.Atoi(fs[i+1])
			w, _ := strconv.ParseInt(fs[i+2], 16, 32)
			frames = append(frames, frame{num, w})
			i += 3
		}
		for k, w := range ws {
			obj, other := false, false
			for _, f := range frames {
				if f.word != 0 && f.word != int64(k+1) {
					continue
				}
				switch {
				case objectFrames[f.num]:
					obj = true
				case !clauseFrames[f.num]:
					other = true
				}
			}
			key := fmt.Sprintf("%s%%2:%s:%02d::", w.lemma, lexFile, w.lexID)
			weight := counts[key] + 0.5
			total[w.lemma] += weight
			if other {
				canIntrans[w.lemma] += weight
			}
			switch {
			case obj:
				trans[w.lemma] += weight
			case other:
				intrans[w.lemma] += weight
			}
		}
	}
	out, noObj := map[string]bool{}, map[string]bool{}
	for w, in := range intrans {
		if t := trans[w]; in >= 2 && t < (t+in)/4 {
			out[w] = true
		}
	}
	for w, c := range canIntrans {
		if t := total[w]; t >= 1 && c >= 0.15*t {
			noObj[w] = true
		}
	}
	return out, noObj
}

func alpha(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}
