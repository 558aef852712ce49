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

// TestImagePrefilterHTML is TestImagePrefilter on texts of '<' openers
// without a '>' in every position a block may start: after line breaks,
// indentation and list markers, and inside text, so that mayHoldImage's
// reading of HTML blocks (mayOpenHTMLBlock) is held to goldmark.
func TestImagePrefilterHTML(t *testing.T) {
	pieces := []string{"<img ", "<IMG", "<image", "<div", "<DIV ", "<divx", "<div-x", "<h1", "<p", "<pre", "<script", "<Script",
		"<textarea", "<!--", "<!x", "<?", "</", "</x", "<", "< ", "<1", "- ", "* ", "+ ", "1. ", "2) ", "  ", "    ", "\t", "\n",
		"\r\n", "\r", "# ", "| ", "text ", "x", "![a](b)", "![", "]", "src=x", "\n\n", ">", "`"}
	rng := rand.New(rand.NewPCG(27, 4))
	n := 40000
	if testing.Short() {
		n = 5000
	}
	skipped := 0
	for range n {
		var b strings.Builder
		for range 1 + rng.IntN(10) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		src, _ := normalize.Unhide(s)
		if mdcost.TooCostly(src) {
			continue
		}
		want := markdownImagesRef(s)
		if got := markdownImages(s); !reflect.DeepEqual(got, want) {
			t.Fatalf("markdownImages(%q):\n got %v\nwant %v", s, got, want)
		}
		if !mayHoldImage(src) {
			if len(want) > 0 {
				t.Fatalf("mayHoldImage(%q) is false, goldmark finds %v", src, want)
			}
			if strings.Contains(src, "<") {
				skipped++
			}
		}
	}
	if skipped < n/20 {
		t.Fatalf("only %d texts with a '<' skipped the parse", skipped)
	}
}
