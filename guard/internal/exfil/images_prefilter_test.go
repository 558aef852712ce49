package exfil

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/wardline/wardline/guard/internal/normalize"
	"github.com/wardline/wardline/internal/mdcost"
)

// TestImagePrefilter checks mayHoldImage against goldmark: on random
// texts made of image, link, HTML and reference-definition pieces,
// markdownImages (which skips the parse where mayHoldImage says nothing
// can be found) gives the reference's findings (which always parses),
// and wherever mayHoldImage is false the reference finds nothing.
func TestImagePrefilter(t *testing.T) {
	pieces := []string{"![", "!", "[", "]", "(", ")", "](", "![a]", "[a]: /u.png", "\n[a]: /u\n", "<", ">", "<img src=x>",
		"<IMG", "x", " ", "\n", "\n\n", "    ", "`", "**", "](http://a.example/p.png)", "[]", "![a][]", "&lt;", "！", "＜"}
	rng := rand.New(rand.NewPCG(4, 17))
	n := 20000
	if testing.Short() {
		n = 3000
	}
	skipped := false
	for range n {
		var b strings.Builder
		for range 1 + rng.IntN(24) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		src, _ := normalize.Unhide(s) // what markdownImages parses
		if mdcost.TooCostly(src) {
			continue // reported without a parse, and not by the reference
		}
		got, want := markdownImages(s), markdownImagesRef(s)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("markdownImages(%q):\n got %v\nwant %v", s, got, want)
		}
		if !mayHoldImage(src) && len(want) > 0 {
			t.Fatalf("mayHoldImage(%q) is false, goldmark finds %v", src, want)
		}
		skipped = skipped || !mayHoldImage(src) && strings.Contains(src, "![")
	}
	if !skipped {
		t.Fatal("no text exercised the skip")
	}
}
