//go:build ignore

// gen_lexicon writes data/verbs.txt, data/irregular.txt and
// data/other.txt, the English word lists of package lexicon (embedded by
// embed.go), from the WordNet 3.0 database files (index.verb,
// index.noun, index.adj, index.adv, verb.exc). WordNet 3.0 is © 2006
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
	for name, b := range map[string]*bytes.Buffer{"verbs.txt": &verbBuf, "irregular.txt": &irrBuf, "other.txt": &otherBuf} {
		if err := os.WriteFile(filepath.Join(*out, name), b.Bytes(), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	log.Printf("%d verbs, %d irregular forms, %d other words", len(verbs), len(forms), len(others))
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
