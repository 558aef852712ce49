package budget_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/wardline/wardline/guard/budget"
)

// A guide tool answers from wiki sections, with a hard limit per tier. The
// brief tier is too small for this answer: the error names the section to
// prune.
func Example() {
	b, err := budget.New(map[string]int{"brief": 200, "standard": 4000})
	if err != nil {
		fmt.Println(err)
		return
	}
	rollback := strings.Repeat("A rollback restores the previous release and its configuration. ", 20)
	faq := "The deploy job runs after the tests pass."
	sections := []budget.Section{
		{Name: "wiki/faq.md", Text: faq},
		{Name: "wiki/deploy.md#Rollback", Text: rollback},
	}
	fmt.Println(b.Check("standard", sections...))

	err = b.Check("brief", sections...)
	var over *budget.Error
	if errors.As(err, &over) {
		fmt.Println(over.Sections[0].Name, over.Tokens > over.Limit)
		fmt.Println(err)
	}
	fmt.Println(b.Check("huge", sections...))
	// Output:
	// <nil>
	// wiki/deploy.md#Rollback true
	// budget: the "brief" response is about 353 tokens, over its hard limit of 200 by 153; prune wiki/deploy.md#Rollback (341 tokens)
	// budget: unknown tier "huge"
}
