package secrets

import (
	"math/bits"
	"regexp"
	"regexp/syntax"
	"sort"
	"strings"
	"sync"
	"testing"

	ahocorasick "github.com/BobuSumisu/aho-corasick"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/guard/internal/finding"
	"github.com/wardline/wardline/guard/internal/normalize"
)

// fastPathTexts are the texts the fast-path tests compare the fast and
// slow paths on: gitleaks' rule cases, the corpus and a few edge cases.
func fastPathTexts(t testing.TB) []string {
	return append(parityInputs(t),
		"", "\x00", "a\x7fb", "tab\there\r\nnew", "zero\u200bwidth", "ｆｕｌｌ", "\xff\xfe",
		typicalResponseText(t), maxResponseText(t), keywordProse, secretsProse, neutralProse)
}

// checkUnhideChanges checks unhideChanges against normalize.Unhide, and
// toLowerIsASCIILower against strings.ToLower.
func checkUnhideChanges(t *testing.T, s string) {
	if u, _ := normalize.Unhide(s); unhideChanges(s) != (u != s) {
		t.Fatalf("unhideChanges(%q) = %v, unhide changes it: %v", s, unhideChanges(s), u != s)
	}
	if toLowerIsASCIILower(s) && strings.ToLower(s) != asciiLower(s) {
		t.Fatalf("toLowerIsASCIILower(%q) true, strings.ToLower differs", s)
	}
}

// TestUnhideChanges checks that unhideChanges answers false exactly where
// normalize.Unhide returns its input unchanged.
func TestUnhideChanges(t *testing.T) {
	for _, s := range append(fastPathTexts(t), "caf\u00e9 \u2014 \u2019s", "\u00a0", "\u200b", "\u0085", "\ufb01", "e\u0301", "\u212a", "\ufffd", "\xe2\x80") {
		checkUnhideChanges(t, s)
	}
}

// FuzzUnhideChanges is TestUnhideChanges on arbitrary input.
func FuzzUnhideChanges(f *testing.F) {
	f.Add("plain ascii text\n")
	f.Add("a\u00a0b")
	f.Add("caf\u00e9 \u2014 \u2019s \u0130")
	f.Fuzz(checkUnhideChanges)
}

// FuzzScanEncodings checks the one-pass encoding scanner against gitleaks'
// combined expression on arbitrary input.
func FuzzScanEncodings(f *testing.F) {
	for _, s := range []string{
		"abcU+0041 U+0042defghijklmnopqrstu", "xyzU+00zz0123456789abcdef0123456789abcdef",
		"0123456789abcdef0123456789abcdeZ", "0123456789abcdef0123456789abcdef==", "a%41b\\u0041Uu",
		"internal/auth/issuer.go", "x\\\\u0041U+0041\n", "é%41é",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !encodingsEqual(t, s) {
			t.FailNow()
		}
	})
}

// naiveKwHits lists every occurrence of every keyword in lower, sorted by
// start then keyword.
func naiveKwHits(lower string, kws []string) []kwHit {
	var out []kwHit
	for k, kw := range kws {
		for off := 0; off < len(lower); {
			i := strings.Index(lower[off:], kw)
			if i < 0 {
				break
			}
			out = append(out, kwHit{start: int32(off + i), kw: uint16(k)})
			off += i + 1
		}
	}
	sortHits(out)
	return out
}

func sortHits(h []kwHit) {
	sort.Slice(h, func(i, j int) bool {
		if h[i].start != h[j].start {
			return h[i].start < h[j].start
		}
		return h[i].kw < h[j].kw
	})
}

// checkKwMatcher compares the keyword automaton with a search per keyword
// and with the aho-corasick library the engine used before, on s lowered
// the way gitleaks lowers it.
func checkKwMatcher(t *testing.T, e *secretEngine, trie *ahocorasick.Trie, s string) {
	norm := strings.ToLower(s)
	seen := make([]bool, len(e.kw.kws))
	got, found := e.kw.hits(norm, nil, seen, new([kwChains - 1][]kwHit))
	sortHits(got)
	want := naiveKwHits(norm, e.kw.kws)
	if len(want) == 0 {
		want = nil
	}
	if len(got) == 0 {
		got = nil
	}
	require.Equal(t, want, got)
	require.Equal(t, len(want) > 0, found)
	libSeen := make([]bool, len(e.kw.kws))
	for _, m := range trie.MatchString(norm) {
		libSeen[m.Pattern()] = true
	}
	require.Equal(t, libSeen, seen)
	if normalize.IsASCII(s) {
		// The automaton folds ASCII case itself.
		got2, _ := e.kw.hits(s, nil, make([]bool, len(e.kw.kws)), nil)
		sortHits(got2)
		if len(got2) == 0 {
			got2 = nil
		}
		require.Equal(t, want, got2)
	}
}

// TestKwMatcher checks the keyword automaton on every fast-path text.
func TestKwMatcher(t *testing.T) {
	e, err := loadSecretEngine()
	require.NoError(t, err)
	trie := ahocorasick.NewTrieBuilder().AddStrings(e.kw.kws).Build()
	for _, s := range append(fastPathTexts(t), "SK_LIVE ghp_ Password PASSWD aKiA hvs. s. \u212aey") {
		checkKwMatcher(t, e, trie, s)
	}
}

// FuzzKwMatcher is TestKwMatcher on arbitrary input.
func FuzzKwMatcher(f *testing.F) {
	f.Add("api_key=x token secret-password passwd apikey access_key")
	f.Add("xoxb-1 ghp_ AKIA sk_live_ -----BEGIN")
	e, err := loadSecretEngine()
	require.NoError(f, err)
	trie := ahocorasick.NewTrieBuilder().AddStrings(e.kw.kws).Build()
	f.Fuzz(func(t *testing.T, s string) {
		checkKwMatcher(t, e, trie, s)
		// Long enough for hits to interleave runs (a keyword may then
		// straddle a stretch boundary).
		checkKwMatcher(t, e, trie, strings.Repeat(s, 1+1500/(len(s)+1)))
	})
}

// TestAnchorsFromKeywords checks, for every rule whose anchors are all
// keywords, that the anchor positions taken from the keyword hits equal
// those anchorPositionsInto searches for, on every ASCII fast-path text.
func TestAnchorsFromKeywords(t *testing.T) {
	e, err := loadSecretEngine()
	require.NoError(t, err)
	texts := raceSample(fastPathTexts(t))
	masked := 0
	for _, r := range append(append([]*secretRule{}, e.rules...), e.loose.rules...) {
		mask := r.anchorKeywords(e.kwIndex)
		if mask == nil {
			continue
		}
		masked++
		for i, s := range texts {
			if !normalize.IsASCII(s) && strings.ToLower(s) != asciiLower(s) {
				continue // not aligned: ruleMatches searches anchors itself
			}
			hits, _ := e.kw.hits(strings.ToLower(s), nil, make([]bool, len(e.kw.kws)), new([kwChains - 1][]kwHit))
			got := occFromHits(nil, hits, mask)
			want := r.fast.anchorPositionsInto(nil, asciiLower(s))
			if len(want) == 0 {
				assert.Empty(t, got, "rule %s text %d", r.RuleID, i)
				continue
			}
			assert.Equal(t, want, got, "rule %s text %d", r.RuleID, i)
		}
	}
	assert.Greater(t, masked, 100)
}

// TestKwMatcherBoundaries puts keywords across every boundary between the
// stretches hits scans side by side.
func TestKwMatcherBoundaries(t *testing.T) {
	e, err := loadSecretEngine()
	require.NoError(t, err)
	trie := ahocorasick.NewTrieBuilder().AddStrings(e.kw.kws).Build()
	long := ""
	for _, k := range e.kw.kws {
		if len(k) > len(long) {
			long = k
		}
	}
	for _, n := range []int{1000, 1001, 1002, 1003, 4096} {
		q := n / kwChains
		for _, kw := range []string{"password", "s.", long} {
			for d := -len(kw) - 2; d <= 2; d++ {
				b := []byte(strings.Repeat("x", n))
				for k := 1; k < kwChains; k++ {
					copy(b[k*q+d:], kw)
				}
				checkKwMatcher(t, e, trie, string(b))
			}
		}
	}
}

// seqCheckRef is seqCheck as it was before classStep: every class item
// stepped position by position through seqStep.
func seqCheckRef(seq []seqItem, lower string, p int) bool {
	var in posSet
	in.add(0)
	_, giveUp, ok := seqRunRef(seq, lower, p, &in)
	return giveUp || ok
}

func seqRunRef(items []seqItem, lower string, p int, in *posSet) (posSet, bool, bool) {
	var bufs [2]posSet
	bufs[0] = *in
	cur := &bufs[0]
	for k, it := range items {
		next := &bufs[(k+1)%2]
		*next = posSet{}
		for w := 0; w < cur.hi; w++ {
			for word := cur.w[w]; word != 0; {
				b := bits.TrailingZeros64(word)
				word &^= 1 << b
				q := w*64 + b
				if it.end {
					if q == len(lower)-p {
						next.add(q)
					}
					continue
				}
				if it.alt != nil {
					for _, br := range it.alt {
						var one posSet
						one.add(q)
						out, giveUp, ok := seqRunRef(br, lower, p, &one)
						if giveUp {
							return *next, true, true
						}
						if ok {
							next.union(&out)
						}
					}
					continue
				}
				if seqStep(it, lower, p, q, next) {
					return *next, true, true
				}
			}
		}
		if next.empty() {
			return *next, false, false
		}
		if it.lits != nil && !it.exact {
			return *next, true, true
		}
		cur = next
	}
	return *cur, false, true
}

// checkSeq compares seqCheck with seqCheckRef at every position of lower
// for every rule with a sequence check: seqCheck may give up ("may
// match") where the reference did not, never the other way round.
// It also checks that seqCheck holds wherever the rule's tail matches
// (where the windowed search needs it to).
func checkSeq(t *testing.T, rules []*secretRule, s string) {
	lower := asciiLower(s)
	for _, r := range rules {
		f := r.fast.ready()
		if f.seq == nil || f.seqFold && hasFoldRunes(s) {
			continue // findAllAt does not use the check there
		}
		first := f.seq[0].first
		var memo needRun // carried across positions, as a scan does
		for p := 0; p < len(lower); p++ {
			if first != nil && !first[lower[p]] {
				continue
			}
			got := seqCheck(f.seq, lower, p)
			ref := seqCheckRef(f.seq, lower, p)
			if ref && !got {
				t.Fatalf("rule %s position %d: seqCheck false, reference true", r.RuleID, p)
			}
			quick := quickCheck(f.quick, lower, p, &memo)
			if quick != quickCheck(f.quick, lower, p, nil) {
				t.Fatalf("rule %s position %d: quickCheck differs with and without its run memo", r.RuleID, p)
			}
			if ref && !quick {
				t.Fatalf("rule %s position %d: quickCheck false, reference true", r.RuleID, p)
			}
			got = got && quick
			if tail := endTail(t, f); !got && tail != nil && tail.MatchString(s[p:]) {
				t.Fatalf("rule %s position %d: seqCheck or quickCheck false where the tail matches", r.RuleID, p)
			}
		}
	}
}

var endTails sync.Map // *fastRegexp -> *regexp.Regexp (nil when none)

// endTail returns f's tail expression as the windowed search builds it
// (the anchor item and everything after it, anchored) but with the end of
// the text still asserted, which seqCheck models: a match ending at $ in
// s[p:] ends at the end of s. Every match through p passes it.
func endTail(t *testing.T, f *fastRegexp) *regexp.Regexp {
	if v, ok := endTails.Load(f); ok {
		return v.(*regexp.Regexp)
	}
	var re *regexp.Regexp
	if tree, err := syntax.Parse(f.re.String(), syntax.Perl); err == nil && tree.Op != syntax.OpAlternate {
		if items, best := anchorItem(tree); best >= 0 {
			var keep func(*syntax.Regexp) *syntax.Regexp
			keep = func(x *syntax.Regexp) *syntax.Regexp {
				if x.Op == syntax.OpEndText {
					return x
				}
				c := *x
				if len(x.Sub) > 0 {
					c.Sub = make([]*syntax.Regexp, len(x.Sub))
					for i, sub := range x.Sub {
						c.Sub[i] = keep(sub)
					}
				}
				return relaxOne(&c)
			}
			var subs []*syntax.Regexp
			for _, it := range items[best:] {
				subs = append(subs, keep(it))
			}
			re = regexp.MustCompile(`^(?:` + (&syntax.Regexp{Op: syntax.OpConcat, Sub: subs}).String() + `)`)
		}
	}
	endTails.Store(f, re)
	return re
}

// relaxOne replaces x, when it is an empty-width assertion other than the
// end of the text, by an empty match (relax, without recursion).
func relaxOne(x *syntax.Regexp) *syntax.Regexp {
	switch x.Op {
	case syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return &syntax.Regexp{Op: syntax.OpEmptyMatch}
	}
	return x
}

// TestSeqCheckShared checks seqCheck against the position-by-position
// reference on every fast-path text.
func TestSeqCheckShared(t *testing.T) {
	e, err := loadSecretEngine()
	require.NoError(t, err)
	rules := append(append([]*secretRule{}, e.rules...), e.loose.rules...)
	for _, s := range raceSample(fastPathTexts(t)) {
		checkSeq(t, rules, s)
	}
}

// FuzzSeqCheck is TestSeqCheckShared on arbitrary input.
func FuzzSeqCheck(f *testing.F) {
	f.Add("api_key = \"9f8Kq2mZ7vLp4Rt1Wn3Yb6Hd\"")
	f.Add("hvs.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa s.0123456789abcdefABCDEFGH")
	f.Add("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnop")
	e, err := loadSecretEngine()
	require.NoError(f, err)
	rules := append(append([]*secretRule{}, e.rules...), e.loose.rules...)
	f.Fuzz(func(t *testing.T, s string) {
		checkSeq(t, rules, s)
	})
}

// unhideChangesRef is unhideChanges on ASCII text, a byte at a time.
func unhideChangesRef(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 || c >= 0x7f) && c != '\n' && c != '\t' && c != '\r' {
			return true
		}
	}
	return false
}

// checkWordAtATime compares the eight-bytes-at-a-time helpers with their
// byte-at-a-time definitions, at every alignment of s.
func checkWordAtATime(t *testing.T, s string) {
	sc := getSecretScratch()
	defer putSecretScratch(sc)
	for i := 0; i <= len(s) && i < 9; i++ {
		x := s[i:]
		if asciiOnly(x) != normalize.IsASCII(x) {
			t.Fatalf("asciiOnly(%q) wrong", x)
		}
		if normalize.IsASCII(x) && unhideChanges(x) != unhideChangesRef(x) {
			t.Fatalf("unhideChanges(%q) wrong", x)
		}
		if got := sc.lowerOf(x); got != asciiLower(x) {
			t.Fatalf("lowerOf(%q) = %q", x, got)
		}
	}
}

func TestWordAtATime(t *testing.T) {
	var all []byte
	for c := 0; c < 256; c++ {
		all = append(all, byte(c))
	}
	texts := append(fastPathTexts(t), string(all), "ABCDEFGHIJKLMNOPQRSTUVWXYZ@[`{", "\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f")
	for _, s := range texts {
		checkWordAtATime(t, s)
	}
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 16; pos++ {
			b := []byte("abcdefghABCDEFGH")
			b[pos] = byte(c)
			checkWordAtATime(t, string(b))
		}
	}
}

func FuzzWordAtATime(f *testing.F) {
	f.Add("Hello, World!\n\x01\x7f\x80\xff")
	f.Fuzz(checkWordAtATime)
}

// TestSecretsConcurrentScratch runs Secrets from several goroutines at
// once (they share the scratch pool) and compares with sequential runs.
func TestSecretsConcurrentScratch(t *testing.T) {
	texts := []string{typicalResponseText(t), secretsProse, keywordProse, "token: ghp_" + "k3Jd8sLq2ZxW9mNp4RtY7vBc1HfGe6AoUi5T.", "caf\u00e9 \u212aey api_key = \"9f8Kq2mZ7vLp4Rt1Wn3Yb6Hd\""}
	want := make([][]finding.Finding, len(texts))
	for i, s := range texts {
		want[i] = Secrets(s)
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := 0; round < 5; round++ {
				for i, s := range texts {
					if got := Secrets(s); !assert.Equal(t, want[i], got, "text %d", i) {
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}
