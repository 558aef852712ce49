// Command customcontract shows checker with an application's own response
// contract: an on-call assistant that answers with its own JSON shape
// (answer.schema.json), not the GuruResponse.
//
// The setup is the schema and a policy that says what each string is;
// everything else (strict JSON, the facts-only rules, rule ids, JSON
// Pointer paths, ReformatPrompt) works as for the GuruResponse. The fake
// model first answers with an order and a command; the program sends
// checker.ReformatPrompt back, and the second answer passes.
//
//	go run ./examples/customcontract
package main

import (
	_ "embed"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/wardline/wardline/checker"
)

//go:embed answer.schema.json
var answerSchema []byte

// newChecker is all the setup a custom contract needs.
func newChecker() (*checker.Checker, error) {
	return checker.New(checker.WithContract(answerSchema, checker.Policy{
		"/answer":             checker.Prose,
		"/evidence/*/text":    checker.Prose,
		"/evidence/*/service": checker.Identifier,
		"/evidence/*/source":  checker.SourceURL,
		"/next_queries/*":     checker.Query,
	}))
}

// Answer is the Go form of answer.schema.json.
type Answer struct {
	Answer   string `json:"answer"`
	Evidence []struct {
		Text    string `json:"text"`
		Service string `json:"service"`
		Source  string `json:"source,omitempty"`
	} `json:"evidence"`
	NextQueries []string `json:"next_queries,omitempty"`
}

// fakeModel answers like a model that needs one correction: the first
// answer gives orders and a command, the one after a ReformatPrompt
// states facts.
func fakeModel(prompt string) string {
	if strings.Contains(prompt, "was rejected by the response checker") {
		return `{"answer":"The checkout service returned HTTP 502 for 4% of requests after the 09:05 deploy of version 2.14.0.",
		  "evidence":[{"text":"The error rate rose from 0.1% to 4% within five minutes of the deploy.","service":"checkout",
		    "source":"https://status.example.com/incidents/4411"}],
		  "next_queries":["envoy upstream connect error 502 after a deploy"]}`
	}
	return `{"answer":"Roll back the deploy now.",
	  "evidence":[{"text":"The fix is to run kubectl rollout undo deployment/checkout -n prod.","service":"checkout"}]}`
}

func run(w io.Writer) error {
	c, err := newChecker()
	if err != nil {
		return err
	}
	prompt := "Why is checkout failing?"
	for attempt := 1; attempt <= 2; attempt++ {
		var a Answer
		_, err := c.ValidateInto([]byte(fakeModel(prompt)), &a)
		var rej *checker.Rejection
		if errors.As(err, &rej) {
			fmt.Fprintf(w, "attempt %d: rejected\n", attempt)
			for _, v := range rej.Violations {
				fmt.Fprintf(w, "  %s at %s\n", v.Rule, v.Path)
			}
			prompt += "\n\n" + checker.ReformatPrompt(err)
			continue
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "attempt %d: accepted\n  answer: %s\n  evidence: %s (%s)\n", attempt, a.Answer, a.Evidence[0].Text, a.Evidence[0].Source)
		return nil
	}
	return errors.New("the model never conformed")
}

func main() {
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}
