package citation_test

import (
	"fmt"
	"testing/fstest"

	"github.com/wardline/wardline/citation"
)

func ExampleQuoteHash() {
	a := citation.QuoteHash("the SLA is 99.95%\n   monthly")
	b := citation.QuoteHash("  the SLA is 99.95% monthly ")
	c := citation.QuoteHash("the SLA is 99.9% monthly")
	fmt.Println(a)
	fmt.Println(a == b, a == c)
	// Output:
	// sha256:0476b3b054933c4799ee57d1e295db659c647b95e9103dabca9729a16df7e3d9
	// true false
}

func ExampleVerify() {
	sources := fstest.MapFS{ // the workspace's raw/ directory
		"rfc-0034.md": {Data: []byte("## Availability\n\nThe SLA is 99.95% monthly, measured at\nthe load balancer.\n")},
	}
	// A write tool anchors the agent's quote; Anchor refuses fabrications.
	c, err := citation.Anchor(sources, citation.Citation{
		Label: "1", Source: "raw/rfc-0034.md", Locator: "§Availability",
		Quote: "The SLA is 99.95% monthly, measured at the load balancer",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	def, _ := c.Format()
	page := "---\ntitle: SLA\nsources: [raw/rfc-0034.md]\n---\nAvailability is 99.95%.[^1]\n\n" + def + "\n"
	fmt.Println(len(citation.Verify([]byte(page), sources)), "problems")

	// The same page after the agent "improves" the number.
	fabricated := citation.Citation{Label: "1", Source: "raw/rfc-0034.md",
		Quote: "The SLA is 99.99% monthly, measured at the load balancer"}
	def, _ = fabricated.Format()
	page = "Availability is 99.99%.[^1]\n\n" + def + "\n"
	for _, p := range citation.Verify([]byte(page), sources) {
		fmt.Println(p.Kind, p.Line)
	}
	// Output:
	// 0 problems
	// quote-not-found 3
}

func ExampleCitation_Format() {
	c := citation.Citation{Label: "1", Source: "raw/rfc-0034.md", Locator: "p.3", Quote: "the SLA is 99.95% monthly"}
	s, err := c.Format()
	fmt.Println(s, err)
	back, _ := citation.ParseDefinition(s)
	fmt.Println(back.Source, back.Locator, back.Quote)
	// Output:
	// [^1]: raw/rfc-0034.md, p.3 — "the SLA is 99.95% monthly" (sha256:0476b3b054933c4799ee57d1e295db659c647b95e9103dabca9729a16df7e3d9) <nil>
	// raw/rfc-0034.md p.3 the SLA is 99.95% monthly
}

func ExampleVerifier_Verify() {
	v, err := citation.New(citation.WithMinQuote(25), citation.WithStructural("index.md"))
	if err != nil {
		fmt.Println(err)
		return
	}
	index := []byte("# Index\n\n- [Service levels](sla.md)\n")
	// The application regenerates its index itself: a structural page.
	fmt.Println(len(v.VerifyStructural("index.md", index, nil)), "problems for the index")
	// The agent writes a page; its path decides nothing.
	for _, p := range v.Verify("index.md", index, nil) {
		fmt.Println(p)
	}
	for _, p := range v.VerifyStructural("archives/../index.md", index, nil) {
		fmt.Println(p)
	}
	// Output:
	// 0 problems for the index
	// citation: line 1: uncited-page: a body page needs at least one footnote citation
	// citation: line 1: invalid-name: the page name is not a valid path: dot element
	// citation: line 1: uncited-page: a body page needs at least one footnote citation
}

// The citation policy is per paragraph: one citation does not cover the
// paragraph beside it.
func ExampleVerify_paragraphs() {
	sources := fstest.MapFS{"rfc.md": {Data: []byte("Severity 1 incidents receive a first response within fifteen minutes.\n")}}
	c, _ := citation.Anchor(sources, citation.Citation{Label: "1", Source: "raw/rfc.md",
		Quote: "Severity 1 incidents receive a first response within fifteen minutes"})
	def, _ := c.Format()
	page := "Sev 1 is answered fast.[^1]\n\nSev 2 waits a day.\n\n" + def + "\n"
	for _, p := range citation.Verify([]byte(page), sources) {
		fmt.Println(p)
	}
	// Output:
	// citation: line 3: uncited-paragraph: every paragraph and list item of a body page needs a footnote citation
}
