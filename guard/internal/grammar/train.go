package grammar

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"strings"
)

// Example is one treebank sentence to learn from.
type Example struct {
	Words []string
	UPOS  []string
	XPOS  []string
	Heads []int    // 0 root, else 1-based head index
	Rels  []string // dependency relations
	// Derived marks an example built from another (augment.go): it is
	// learnt from, but not counted in the lexicon's statistics.
	Derived bool
}

// TrainOptions control training; the zero value uses the defaults.
type TrainOptions struct {
	TagEpochs int     // passes over the data for the tagger (default 8)
	Prune     float64 // drop weights below this share of the largest (default 0.002)
	Lowercase float64 // share of sentences also shown lower-cased (default 0.5)
	// Verbs is what WordNet says of each verb lemma (wnVerbOnly,
	// wnVerbFirst, wnNounFirst, with wnMostlyVerb set when its
	// sense-tagged corpus saw the verb reading at least eight times and
	// more than twice as often as the others); it reaches the tagger as a
	// feature and tells clause analysis which words the treebank lacks can
	// be verbs.
	Verbs map[string]uint8
	Seed  uint64
	Logf  func(format string, args ...any)
}

func (o *TrainOptions) defaults() {
	if o.TagEpochs == 0 {
		o.TagEpochs = 8
	}
	if o.Prune == 0 {
		o.Prune = 0.002
	}
	if o.Lowercase == 0 {
		o.Lowercase = 0.5
	}
	if o.Logf == nil {
		o.Logf = func(string, ...any) {}
	}
}

// Train learns a model from examples.
func Train(examples []Example, opt TrainOptions) (*Model, error) {
	opt.defaults()
	m := &Model{}
	tagIndex := m.buildTags(examples)
	m.buildLexicon(examples, opt.Verbs)

	rng := rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x5eed))
	insts := m.instances(examples, tagIndex, opt.Lowercase, rng)
	var err error
	m.tagW, err = m.trainTagger(insts, opt, rng, "tagger")
	if err != nil {
		return nil, err
	}
	return m, nil
}

// instance is one training sentence: its words (perhaps lower-cased) and
// gold tags.
type instance struct {
	words []string
	gold  []uint16
}

// instances returns every example, and a lower-cased copy of a share of
// them, so that the model reads lower-cased text too.
func (m *Model) instances(examples []Example, tagIndex func(u, x string) uint16, lower float64, rng *rand.Rand) []instance {
	var insts []instance
	for _, ex := range examples {
		gold := make([]uint16, len(ex.Words))
		for i := range ex.Words {
			gold[i] = tagIndex(ex.UPOS[i], ex.XPOS[i])
		}
		insts = append(insts, instance{ex.Words, gold})
		if rng.Float64() < lower {
			lw := make([]string, len(ex.Words))
			for i, w := range ex.Words {
				lw[i] = strings.ToLower(w)
			}
			insts = append(insts, instance{lw, gold})
		}
	}
	return insts
}

// trainTagger trains a greedy left-to-right tagger on insts.
func (m *Model) trainTagger(insts []instance, opt TrainOptions, rng *rand.Rand, name string) (*weights, error) {
	insts = slices.Clone(insts)
	p := newPerceptron(len(m.tags))
	var s sentence
	var feats []uint64
	var out []uint16
	scores := make([]float32, len(m.tags))
	for epoch := 0; epoch < opt.TagEpochs; epoch++ {
		rng.Shuffle(len(insts), func(i, j int) { insts[i], insts[j] = insts[j], insts[i] })
		right, all := 0, 0
		for _, in := range insts {
			s.prepare(in.words, m.lex)
			out = growU16(out, len(in.words))
			s.walkTags(&m.tc, out, func(i int, h1, h2 uint16, rc rightCtx) uint16 {
				feats = s.tagFeatures(i, h1, h2, rc, feats[:0])
				clear(scores)
				p.score(feats, scores)
				guess := argmaxAllowed(scores, m.allowedFor(s.info[i].amb))
				p.tick()
				p.update(int(in.gold[i]), guess, feats)
				if guess == int(in.gold[i]) {
					right++
				}
				all++
				// Condition on the prediction, as at tagging time.
				return uint16(guess)
			})
		}
		opt.Logf("%s epoch %d: %.4f on training instances", name, epoch+1, float64(right)/float64(all))
	}
	p.average()
	return newWeights(p.export(opt.Prune))
}

// argmaxAllowed returns the best-scoring tag class the word may take.
func argmaxAllowed(scores []float32, allowed []bool) int {
	best := -1
	for i, v := range scores {
		if (allowed == nil || allowed[i]) && (best < 0 || v > scores[best]) {
			best = i
		}
	}
	if best < 0 {
		return argmax(scores)
	}
	return best
}

func argmax(scores []float32) int {
	best := 0
	for i, v := range scores {
		if v > scores[best] {
			best = i
		}
	}
	return best
}

// buildTags chooses the tag classes: every UPOS|XPOS pair seen at least
// five times; a rarer pair is folded into the commonest pair with its
// XPOS. It returns the mapping from a gold pair to its class.
func (m *Model) buildTags(examples []Example) func(upos, xpos string) uint16 {
	count := map[string]int{}
	for _, ex := range examples {
		for i := range ex.Words {
			count[ex.UPOS[i]+"|"+ex.XPOS[i]]++
		}
	}
	var kept []string
	for pair, n := range count {
		if n >= 5 {
			kept = append(kept, pair)
		}
	}
	slices.SortFunc(kept, func(a, b string) int { return cmp.Or(cmp.Compare(count[b], count[a]), strings.Compare(a, b)) })
	m.tags = kept
	m.upos, m.xpos = splitTags(kept)
	m.tc = newTagClasses(m.xpos)
	index := map[string]uint16{}
	for i, t := range kept {
		index[t] = uint16(i)
	}
	return func(upos, xpos string) uint16 {
		if i, ok := index[upos+"|"+xpos]; ok {
			return i
		}
		for i, x := range m.xpos { // commonest first
			if x == xpos {
				return uint16(i)
			}
		}
		for i, u := range m.upos {
			if u == upos {
				return uint16(i)
			}
		}
		return 0
	}
}

// buildLexicon records, for every word seen at least twice, its
// ambiguity class: the XPOS tags it took at least 5% of the time.
//
// It also marks the words that take a clausal complement without a
// complementiser ("I think [it works]", "make sure [the file is saved]"):
// those with such a complement in at least 5% of their uses and at least
// twice; and, by the same measure, those that take a finite clause as
// complement, with or without "that" ("ensure [backups are encrypted]").
func (m *Model) buildLexicon(examples []Example, verbs map[string]uint8) {
	counts := map[string]map[string]int{}
	bare := map[string]int{}
	finite := map[string]int{}
	aux := map[string]int{}
	for _, ex := range examples {
		if ex.Derived {
			continue
		}
		for i, w := range ex.Words {
			lw := strings.ToLower(w)
			if counts[lw] == nil {
				counts[lw] = map[string]int{}
			}
			counts[lw][ex.XPOS[i]]++
			if ex.UPOS[i] == "AUX" {
				aux[lw]++
			}
		}
		for _, h := range bareComplementHeads(ex) {
			bare[strings.ToLower(ex.Words[h])]++
		}
		for _, h := range finiteComplementHeads(ex) {
			finite[strings.ToLower(ex.Words[h])]++
		}
	}
	classID := map[string]uint16{}
	classTags := [][]string{nil} // class 0: unknown
	entries := map[uint64]uint32{}
	words := make([]string, 0, len(counts))
	for w := range counts {
		words = append(words, w)
	}
	slices.Sort(words) // deterministic class numbering
	for _, w := range words {
		c := counts[w]
		total := 0
		for _, n := range c {
			total += n
		}
		if total < 2 {
			continue
		}
		var tags []string
		for t, n := range c {
			if float64(n) >= 0.05*float64(total) {
				tags = append(tags, t)
			}
		}
		slices.Sort(tags)
		key := strings.Join(tags, " ")
		id, ok := classID[key]
		if !ok {
			if len(classTags) > classMask {
				continue
			}
			id = uint16(len(classTags))
			classID[key] = id
			classTags = append(classTags, tags)
		}
		if b := bare[w]; b >= 2 && float64(b) >= 0.05*float64(total) {
			id |= bareCompBit
		}
		if a := aux[w]; a >= 2 && float64(a) >= 0.2*float64(total) {
			id |= auxBit
		}
		v := uint32(id) | uint32(verbs[w]&(3|wnMostlyVerb|wnIrregular))<<wnShift
		if f := finite[w]; f >= 2 && float64(f) >= 0.05*float64(total) {
			v |= finiteCompBit
		}
		entries[hashLower(w)] = v
	}
	for w, v := range verbs {
		if h := hashLower(w); entries[h] == 0 && v&(3|wnIrregular) != 0 {
			entries[h] = uint32(v&(3|wnMostlyVerb|wnIrregular)) << wnShift
		}
	}
	if len(classTags) > classMask+1 {
		panic("grammar: too many ambiguity classes")
	}
	m.lex = newLexicon(entries)
	m.classTags = classTags
	m.buildAllowed()
	m.finite = make([]bool, len(classTags))
	m.vbClass = make([]bool, len(classTags))
	for id, tags := range classTags {
		for _, t := range tags {
			switch t {
			case "VBD", "VBZ", "VBP", "MD":
				m.finite[id] = true
			case "VB":
				m.vbClass[id] = true
			}
		}
	}
}

// bareComplementHeads returns the 0-based indices of the words of ex that
// have a clausal complement (ccomp) to their right with no mark.
func bareComplementHeads(ex Example) []int {
	if len(ex.Heads) != len(ex.Words) {
		return nil
	}
	marked := make([]bool, len(ex.Words)+1)
	for i, h := range ex.Heads {
		if ex.Rels[i] == "mark" && h > 0 {
			marked[h] = true
		}
	}
	var out []int
	for i, h := range ex.Heads {
		if h > 0 && h-1 < i && strings.HasPrefix(ex.Rels[i], "ccomp") && !marked[i+1] {
			out = append(out, h-1)
		}
		// A bare infinitive after an object: "make tests pass", "let
		// users sign in", "watch it fail".
		if h > 0 && h-1 < i && strings.HasPrefix(ex.Rels[i], "xcomp") && ex.XPOS[i] == "VB" && !marked[i+1] && hasObject(ex, h) {
			out = append(out, h-1)
		}
	}
	return out
}

// finiteComplementHeads returns the 0-based indices of the words of ex
// that have a finite clausal complement (a ccomp with a subject of its
// own) to their right, with or without "that": "ensure [the keys are
// rotated]", "remember that [backups expire]".
func finiteComplementHeads(ex Example) []int {
	if len(ex.Heads) != len(ex.Words) {
		return nil
	}
	subject := make([]bool, len(ex.Words)+1)
	for i, h := range ex.Heads {
		if h > 0 && (strings.HasPrefix(ex.Rels[i], "nsubj") || ex.Rels[i] == "expl") {
			subject[h] = true
		}
	}
	var out []int
	for i, h := range ex.Heads {
		if h > 0 && h-1 < i && strings.HasPrefix(ex.Rels[i], "ccomp") && subject[i+1] {
			out = append(out, h-1)
		}
	}
	return out
}

// hasObject reports whether the word with 1-based index h has an object
// dependent.
func hasObject(ex Example, h int) bool {
	for i, hh := range ex.Heads {
		if hh == h && ex.Rels[i] == "obj" {
			return true
		}
	}
	return false
}
