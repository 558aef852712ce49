package main

import "github.com/wardline/wardline/guard/internal/grammar/internal/ud"

// joinHyphens rewrites each sentence so that a hyphenated word is one
// token, as grammar.Tokenize cuts it: the treebank splits "refresh-token"
// into "refresh", "-", "token", but technical prose is full of such names
// (golangci-lint, pending-upgrade, good-first-issue), which read better
// whole. The joined word takes the tags and attachment of the part whose
// head lies outside it (the last part, for a compound), and words that
// depended on any part depend on it.
func joinHyphens(sents []ud.Sentence) []ud.Sentence {
	out := make([]ud.Sentence, 0, len(sents))
	for _, s := range sents {
		out = append(out, joinSentence(s))
	}
	return out
}

func joinSentence(s ud.Sentence) ud.Sentence {
	ws := s.Words
	n := len(ws)
	group := make([]int, n) // 0-based index of the first word of each word's group
	for i := range group {
		group[i] = i
	}
	for i := 0; i+2 < n; i++ {
		if ws[i+1].Form == "-" && ws[i+1].XPOS == "HYPH" && !ws[i].SpaceAfter && !ws[i+1].SpaceAfter && letter(ws[i].Form) && letter(ws[i+2].Form) {
			group[i+1], group[i+2] = group[i], group[i]
		}
	}
	// New indices (1-based) for each group start.
	newIndex := make([]int, n)
	var words []ud.Word
	for i := 0; i < n; i++ {
		if group[i] != i {
			newIndex[i] = newIndex[group[i]]
			continue
		}
		words = append(words, ud.Word{})
		newIndex[i] = len(words)
	}
	for g := 0; g < n; g++ {
		if group[g] != g {
			continue
		}
		// The group's members, its form and its outward-pointing member.
		form := ""
		rep := g
		for i := g; i < n && group[i] == g; i++ {
			form += ws[i].Form
			if h := ws[i].Head; h == 0 || group[h-1] != g {
				if ws[i].XPOS != "HYPH" {
					rep = i
				}
			}
		}
		w := ws[rep]
		w.Form = form
		if w.Head > 0 {
			w.Head = newIndex[w.Head-1]
		}
		last := g
		for i := g; i < n && group[i] == g; i++ {
			last = i
		}
		w.SpaceAfter = ws[last].SpaceAfter
		words[newIndex[g]-1] = w
	}
	s.Words = words
	return s
}

func letter(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x80) {
			return false
		}
	}
	return s != ""
}
