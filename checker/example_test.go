package checker_test

import (
	"errors"
	"fmt"

	"github.com/wardline/wardline/checker"
)

func ExampleValidate() {
	output := []byte(`{"role":"guru",
	  "summary":"The repository contains a Go library that reads TOML configuration files.",
	  "repo_facts":["The module declares Go 1.24 in go.mod."],
	  "internet_facts":[{"source":"https://toml.io/en/v1.0.0","retrieved_at":"2026-05-01T12:00:00Z",
	    "claims":["TOML 1.0.0 was released in January 2021."],"confidence":"high"}]}`)

	resp, err := checker.Validate(output)
	if err != nil {
		fmt.Println("rejected:", err)
		return
	}
	fmt.Println(resp.Summary)
	fmt.Println(resp.InternetFacts[0].Source, resp.InternetFacts[0].Confidence)
	// Output:
	// The repository contains a Go library that reads TOML configuration files.
	// https://toml.io/en/v1.0.0 high
}

func ExampleRejection() {
	output := []byte(`{"role":"guru",
	  "summary":"The library is **stable** and reads TOML files.",
	  "repo_facts":["The changelog is at https://example.com/changelog."],
	  "open_questions":["The parser targets TOML 1.0."]}`)

	resp, err := checker.Validate(output)
	var rej *checker.Rejection
	if errors.As(err, &rej) {
		fmt.Println("response:", resp)
		for _, v := range rej.Violations {
			fmt.Printf("%s at %s\n", v.Rule, v.Path)
		}
		fmt.Println(rej.Rules())
	}
	// Output:
	// response: <nil>
	// format.markdown at /summary
	// exfil.url at /repo_facts/0
	// question.form at /open_questions/0
	// [exfil.url format.markdown question.form]
}

func ExampleWithRuleAsWarningUnsafe() {
	// This application renders summaries as markdown itself and accepts
	// formatting there: it downgrades one rule to a warning. Everything
	// else stays blocking.
	c, err := checker.New(checker.WithRuleAsWarningUnsafe(checker.RuleMarkdown))
	if err != nil {
		fmt.Println(err)
		return
	}
	resp, err := c.Validate([]byte(`{"role":"guru","summary":"The library is **stable** and reads TOML files."}`))
	if err != nil {
		fmt.Println("rejected:", err)
		return
	}
	for _, w := range resp.Warnings() {
		fmt.Println("warning:", w.Rule, "at", w.Path)
	}
	// Output:
	// warning: format.markdown at /summary
}

func ExampleReformatPrompt() {
	_, err := checker.Validate([]byte("Sure! Here is the JSON: {}"))
	fmt.Println(checker.ReformatPrompt(err)[:58])
	// Output:
	// Your previous answer was rejected by the response checker.
}

// An on-call agent answers with its own JSON shape: an answer and the
// evidence for it. The application brings the schema and says what each
// string is; strict JSON, the facts-only rules, rule ids, paths and
// ReformatPrompt work as for the GuruResponse.
func ExampleWithContract() {
	schema := []byte(`{"type":"object","additionalProperties":false,"required":["answer"],
	  "properties":{"answer":{"type":"string","maxLength":800},
	    "evidence":{"type":"array","maxItems":10,"items":{"type":"object","additionalProperties":false,
	      "required":["text"],"properties":{"text":{"type":"string"},"url":{"type":"string"}}}}}}`)
	c, err := checker.New(checker.WithContract(schema, checker.Policy{
		"/answer":          checker.Prose,
		"/evidence/*/text": checker.Prose,
		"/evidence/*/url":  checker.SourceURL,
	}))
	if err != nil {
		fmt.Println(err)
		return
	}

	var answer struct {
		Answer   string `json:"answer"`
		Evidence []struct {
			Text string `json:"text"`
			URL  string `json:"url"`
		} `json:"evidence"`
	}
	_, err = c.ValidateInto([]byte(`{"answer":"The 09:05 deploy raised the checkout error rate to 4%.",
	  "evidence":[{"text":"The error rate rose within five minutes of the deploy.","url":"https://status.example.com/i/4411"}]}`), &answer)
	fmt.Println(err, answer.Evidence[0].URL)

	_, err = c.ValidateInto([]byte(`{"answer":"Roll back the deploy.",
	  "evidence":[{"text":"You should run kubectl rollout undo deploy/checkout.","url":"javascript:alert(1)"}]}`), &answer)
	var rej *checker.Rejection
	if errors.As(err, &rej) {
		for _, v := range rej.Violations {
			fmt.Println(v.Rule, v.Path)
		}
	}
	// Output:
	// <nil> https://status.example.com/i/4411
	// instruction.imperative /answer
	// instruction.command /evidence/0/text
	// instruction.modal /evidence/0/text
	// exfil.url /evidence/0/url
	// source.url /evidence/0/url
}
