package grammar

import (
	"unicode"
	"unicode/utf8"
)

// Features are 64-bit hashes of a template id and the values it combines.
// Training (train.go) and tagging share this file, so a model always sees
// the features it was trained on.

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// mix combines two hashes (a 64-bit finaliser, as in splitmix64).
func mix(a, b uint64) uint64 {
	x := a ^ (b + 0x9e3779b97f4a7c15 + a<<6 + a>>2)
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// hashLower is FNV-1a of the lower-cased s.
func hashLower(s string) uint64 {
	h := uint64(fnvOffset)
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			h = (h ^ uint64(c)) * fnvPrime
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		r = unicode.ToLower(r)
		var buf [4]byte
		m := utf8.EncodeRune(buf[:], r)
		for k := 0; k < m; k++ {
			h = (h ^ uint64(buf[k])) * fnvPrime
		}
		i += n
	}
	return h
}

// Word flags: the shape of a token, independent of its letters' case
// where the text was lower-cased.
const (
	wTitle    uint16 = 1 << iota // first letter upper case, then lower
	wUpper                       // all letters upper case, more than one
	wDigit                       // holds a digit
	wNumber                      // a number: digits with , . : / - only
	wHyphen                      // holds a hyphen
	wPath                        // holds / or \ between characters, or starts with ./ ~/ /
	wIdent                       // holds _ or a dot between letters (identifiers, files, hosts)
	wPunct                       // no letter or digit at all
	wFlag                        // starts with - followed by a letter (a command-line flag)
	wNonASCII                    // holds a non-ASCII letter
	wAt                          // holds @ (e-mail, handle)
	wFirst                       // the first token of the sentence
)

// wordInfo is what features read of one token.
type wordInfo struct {
	lower, suf1, suf2, suf3, pre1, pre2, shape uint64
	amb                                        uint16 // ambiguity class from the lexicon, 0 unknown
	flags                                      uint16
	wn                                         uint8 // WordNet's verb reading (wnVerbOnly, ...), 0 none
}

// describe fills wi for the token text w.
func describe(w string, wi *wordInfo) {
	*wi = wordInfo{lower: hashLower(w)}
	// Affixes over runes, lower-cased.
	n := utf8.RuneCountInString(w)
	wi.suf1 = hashLower(lastRunes(w, 1))
	if n >= 2 {
		wi.suf2 = hashLower(lastRunes(w, 2))
	}
	if n >= 3 {
		wi.suf3 = hashLower(lastRunes(w, 3))
	}
	wi.pre1 = hashLower(firstRunes(w, 1))
	if n >= 2 {
		wi.pre2 = hashLower(firstRunes(w, 2))
	}
	// Shape: X x d and other characters, runs longer than two collapsed.
	h := uint64(fnvOffset)
	var last rune
	run := 0
	letters, uppers, digits, others := 0, 0, 0, 0
	firstUpper := false
	for i, r := range w {
		var c rune
		switch {
		case unicode.IsUpper(r):
			c = 'X'
			uppers++
			letters++
			if i == 0 {
				firstUpper = true
			}
		case unicode.IsLetter(r):
			c = 'x'
			letters++
			if r >= utf8.RuneSelf {
				wi.flags |= wNonASCII
			}
		case unicode.IsDigit(r):
			c = 'd'
			digits++
		default:
			c = r
			others++
			switch r {
			case '-':
				wi.flags |= wHyphen
			case '@':
				wi.flags |= wAt
			}
		}
		if c == last {
			run++
			if run >= 2 {
				continue
			}
		} else {
			run = 0
		}
		last = c
		h = (h ^ uint64(c)) * fnvPrime
	}
	wi.shape = h
	if letters > 0 && firstUpper && uppers == 1 {
		wi.flags |= wTitle
	}
	if uppers > 1 && uppers == letters {
		wi.flags |= wUpper
	}
	if digits > 0 {
		wi.flags |= wDigit
		if letters == 0 && numberish(w) {
			wi.flags |= wNumber
		}
	}
	if letters == 0 && digits == 0 {
		wi.flags |= wPunct
	}
	if len(w) > 1 && w[0] == '-' && (isLetter(w[1]) || len(w) > 2 && w[1] == '-' && isLetter(w[2])) {
		wi.flags |= wFlag
	}
	if pathLike(w) {
		wi.flags |= wPath
	}
	if identLike(w) {
		wi.flags |= wIdent
	}
}

func numberish(w string) bool {
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !(isDigit(c) || c == ',' || c == '.' || c == ':' || c == '/' || c == '-' || c == '+') {
			return false
		}
	}
	return true
}

func pathLike(w string) bool {
	if len(w) > 1 && (w[0] == '/' || w[0] == '~' && w[1] == '/' || w[0] == '.' && w[1] == '/') {
		return true
	}
	for i := 1; i+1 < len(w); i++ {
		if (w[i] == '/' || w[i] == '\\') && w[i-1] != ' ' {
			return true
		}
	}
	return false
}

func identLike(w string) bool {
	for i := 1; i+1 < len(w); i++ {
		if w[i] == '_' || w[i] == '.' && isLetter(w[i-1]) && isLetter(w[i+1]) || w[i] == ':' && w[i+1] == ':' {
			return true
		}
	}
	return len(w) > 1 && w[0] == '_'
}

func lastRunes(s string, n int) string {
	i := len(s)
	for k := 0; k < n && i > 0; k++ {
		_, size := utf8.DecodeLastRuneInString(s[:i])
		i -= size
	}
	return s[i:]
}

func firstRunes(s string, n int) string {
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i]
}

// Template ids for tagger features.
const (
	tBias uint64 = iota + 1
	tWord
	tSuf1
	tSuf2
	tSuf3
	tPre1
	tShape
	tFlags
	tAmb
	tP1
	tP1P2
	tP1Word
	tP1Amb
	tWordM1
	tAmbM1
	tWordM2
	tWordP1
	tSuf3P1
	tAmbP1
	tWordP2
	tAmbAmbM1
	tWordWordP1
	tFirstWord
	tFirstAmb
	tFinLaterAmb
	tFirstH1
	tAmbM2M1
)

// boundary reports whether a token ends a clause for the look-ahead
// features: a comma, semicolon, colon, dash, bracket or sentence mark.
func boundary(w string) bool {
	switch w {
	case ",", ";", ":", "(", ")", "-", "--", "–", "—", ".", "!", "?", "[", "]":
		return true
	}
	return false
}

// sentence holds the per-token information features read.
type sentence struct {
	words []string
	info  []wordInfo
}

// prepare fills s for words using the lexicon lex.
func (s *sentence) prepare(words []string, lex *lexicon) {
	s.words = words
	s.info = growInfo(s.info, len(words))
	for i, w := range words {
		describeLex(w, lex, &s.info[i])
	}
	if len(words) > 0 {
		s.info[0].flags |= wFirst
	}
}

// describeLex is describe, and what the lexicon lex says of w.
func describeLex(w string, lex *lexicon, wi *wordInfo) {
	describe(w, wi)
	e := lex.entry(wi.lower)
	wi.amb, wi.wn = e.class(), e.wordnet()
}

func growInfo(b []wordInfo, n int) []wordInfo {
	if cap(b) < n {
		return make([]wordInfo, n)
	}
	return b[:n]
}

func growInt32(b []int32, n int) []int32 {
	if cap(b) < n {
		return make([]int32, n)
	}
	return b[:n]
}

// noTag stands for the tag after the last token (and before the first).
const noTag = 0xFFFF

// rightCtx summarises the tags already predicted to the right of a token
// (the tagger runs right to left): the nearest finite verb before a clause
// boundary, the tag just before it, and whether a noun or pronoun stands
// between the token and that verb.
type rightCtx struct {
	finTag   uint16 // tag of the nearest finite verb to the right; noTag if none
	preTag   uint16 // tag of the token just before it, when that is not i itself
	finDist  uint8  // distance to it, capped
	nounGap  bool   // a noun, pronoun or number between i and it
	boundary bool   // a clause boundary directly to the right
}

// noWord stands for the neighbours of the sentence's first and last words.
var noWord wordInfo

// neighbours returns what the features read of token i's neighbours: the
// words one before and one and two after it (noWord beyond the sentence),
// and the lower-cased hash and ambiguity class of the word two before it
// (0 and 0xFFFF at the start).
func (s *sentence) neighbours(i int) (m1, n1, n2 *wordInfo, m2lower, m2amb uint64) {
	m1, n1, n2 = &noWord, &noWord, &noWord
	if i > 0 {
		m1 = &s.info[i-1]
	}
	m2lower, m2amb = 0, 0xFFFF
	if i > 1 {
		m2lower, m2amb = s.info[i-2].lower, uint64(s.info[i-2].amb)
	}
	if i+1 < len(s.info) {
		n1 = &s.info[i+1]
	}
	if i+2 < len(s.info) {
		n2 = &s.info[i+2]
	}
	return
}

// tagFeatures appends the features of token i, given the two tags already
// predicted to its right (h1 at i+1, h2 at i+2) and the right context rc.
func (s *sentence) tagFeatures(i int, h1, h2 uint16, rc rightCtx, dst []uint64) []uint64 {
	wi := &s.info[i]
	m1, n1, n2, m2lower, m2amb := s.neighbours(i)
	H1, H2 := uint64(h1), uint64(h2)
	amb := uint64(wi.amb)
	fin := uint64(rc.finTag)<<24 | uint64(rc.finDist)<<16 | uint64(rc.preTag)
	gap := uint64(0)
	if rc.nounGap {
		gap = 1
	}
	first := uint64(0)
	if i == 0 {
		first = 1
	}
	dst = append(dst,
		mix(tBias, 0),
		mix(tWord, wi.lower),
		mix(tSuf2, wi.suf2),
		mix(tSuf3, wi.suf3),
		mix(tPre1, wi.pre1),
		mix(tShape, wi.shape),
		mix(tFlags, uint64(wi.flags&^wFirst)),
		mix(tAmb, amb<<8|uint64(wi.wn)),
		mix(tP1P2, H1<<16|H2),
		mix(tP1Amb, H1<<16|amb),
		mix(mix(tP1Word, H1), wi.lower),
		mix(tWordM1, m1.lower),
		mix(tAmbM1, uint64(m1.amb)),
		mix(tWordP1, n1.lower),
		mix(tSuf3P1, n1.suf3),
		mix(tAmbP1, uint64(n1.amb)<<16|uint64(n2.amb)),
		mix(tAmbAmbM1, amb<<16|uint64(m1.amb)),
		mix(tFinLaterAmb, fin<<16^amb<<1^gap),
		mix(tFirstH1, first<<40|H1<<24|amb<<8|uint64(wi.wn)),
		mix(tP1, H1),
		mix(tSuf1, wi.suf1),
		mix(tWordP2, n2.lower),
		mix(mix(tWordWordP1, wi.lower), n1.lower),
		mix(tWordM2, m2lower),
		mix(tAmbM2M1, m2amb<<32|uint64(m1.amb)<<16|amb),
	)
	if i == 0 {
		dst = append(dst, mix(tFirstWord, wi.lower), mix(tFirstAmb, amb))
	}
	return dst
}

// Tagging splits tagFeatures: the features that read only the token
// (ownFeatures), whose votes a token's every occurrence shares; those that
// also read its neighbours (contextFeatures), whose votes a position sums
// once, and of which those that read one neighbour alone are looked up
// once per token (roleFeatures); and those that read the tags already
// predicted to the right (h1Features, restFeatures), which each
// hypothesis of the beam adds to that sum. Together they are the features of tagFeatures; the votes are
// integers, so the order they are summed in does not change a score.

// ownFeatures appends the features of a token that read only wi.
func ownFeatures(wi *wordInfo, dst []uint64) []uint64 {
	amb := uint64(wi.amb)
	return append(dst,
		mix(tBias, 0),
		mix(tWord, wi.lower),
		mix(tSuf2, wi.suf2),
		mix(tSuf3, wi.suf3),
		mix(tPre1, wi.pre1),
		mix(tShape, wi.shape),
		mix(tFlags, uint64(wi.flags&^wFirst)),
		mix(tAmb, amb<<8|uint64(wi.wn)),
		mix(tSuf1, wi.suf1),
	)
}

// contextFeatures appends the features of token i that read its
// neighbours or its position, and no tag: those that read one neighbour's
// word alone (the neighbours' roleFeatures, see neighbourRoles) and
// pairFeatures.
func (s *sentence) contextFeatures(i int, dst []uint64) []uint64 {
	for _, nr := range neighbourRoles {
		nb := &noWord
		if j := i + nr.offset; j >= 0 && j < len(s.info) {
			nb = &s.info[j]
		}
		dst = append(dst, roleFeatures(nb)[nr.role])
	}
	return s.pairFeatures(i, dst)
}

// The features of a position that read one neighbour's word alone are
// the roles that word plays for the positions around it: tagging looks
// them up once per word (tagState.prepare) and sums their votes at each
// position that reads them.
const (
	roleWordM1 = iota // the word before (tWordM1)
	roleAmbM1         // the ambiguity class of the word before (tAmbM1)
	roleWordM2        // the word two before (tWordM2)
	roleWordP1        // the word after (tWordP1)
	roleSuf3P1        // the suffix of the word after (tSuf3P1)
	roleWordP2        // the word two after (tWordP2)
	nRoles
)

// neighbourRoles lists, per role, the position of the word that plays it
// relative to the position whose feature it is.
var neighbourRoles = [nRoles]struct{ offset, role int }{
	{-1, roleWordM1}, {-1, roleAmbM1}, {-2, roleWordM2}, {+1, roleWordP1}, {+1, roleSuf3P1}, {+2, roleWordP2},
}

// roleFeatures returns the features of the positions around a word that
// read it alone, by role; noWord plays the roles beyond the sentence.
func roleFeatures(wi *wordInfo) [nRoles]uint64 {
	return [nRoles]uint64{
		roleWordM1: mix(tWordM1, wi.lower),
		roleAmbM1:  mix(tAmbM1, uint64(wi.amb)),
		roleWordM2: mix(tWordM2, wi.lower),
		roleWordP1: mix(tWordP1, wi.lower),
		roleSuf3P1: mix(tSuf3P1, wi.suf3),
		roleWordP2: mix(tWordP2, wi.lower),
	}
}

// pairFeatures appends the features of token i that read its neighbours
// or its position, and no tag, other than those of its neighbours'
// roles: those that read two words, or the position.
func (s *sentence) pairFeatures(i int, dst []uint64) []uint64 {
	wi := &s.info[i]
	m1, n1, n2, _, m2amb := s.neighbours(i)
	amb := uint64(wi.amb)
	dst = append(dst,
		mix(tAmbP1, uint64(n1.amb)<<16|uint64(n2.amb)),
		mix(tAmbAmbM1, amb<<16|uint64(m1.amb)),
		mix(mix(tWordWordP1, wi.lower), n1.lower),
		mix(tAmbM2M1, m2amb<<32|uint64(m1.amb)<<16|amb),
	)
	if i == 0 {
		dst = append(dst, mix(tFirstWord, wi.lower), mix(tFirstAmb, amb))
	}
	return dst
}

// h1Features returns the features of token i that read the tag h1 at
// i+1 and nothing else to the right: the hypotheses of the beam that
// share h1 share them.
func (s *sentence) h1Features(i int, h1 uint16) [4]uint64 {
	wi := &s.info[i]
	H1, amb := uint64(h1), uint64(wi.amb)
	first := uint64(0)
	if i == 0 {
		first = 1
	}
	return [4]uint64{
		mix(tP1Amb, H1<<16|amb),
		mix(mix(tP1Word, H1), wi.lower),
		mix(tFirstH1, first<<40|H1<<24|amb<<8|uint64(wi.wn)),
		mix(tP1, H1),
	}
}

// restFeatures returns the features of token i that read the tag h2 at
// i+2 or the right context rc.
func (s *sentence) restFeatures(i int, h1, h2 uint16, rc rightCtx) [2]uint64 {
	H1, H2, amb := uint64(h1), uint64(h2), uint64(s.info[i].amb)
	fin := uint64(rc.finTag)<<24 | uint64(rc.finDist)<<16 | uint64(rc.preTag)
	gap := uint64(0)
	if rc.nounGap {
		gap = 1
	}
	return [2]uint64{
		mix(tP1P2, H1<<16|H2),
		mix(tFinLaterAmb, fin<<16^amb<<1^gap),
	}
}
