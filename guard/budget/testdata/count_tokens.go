//go:build ignore

// count_tokens writes counts.json: the exact token counts of every file in
// texts/ with tiktoken's cl100k_base, o200k_base, p50k_base and r50k_base
// encodings. It needs github.com/tiktoken-go/tokenizer (a pure-Go port of
// tiktoken with embedded vocabularies), which this module does not depend
// on (16 MB of vocabulary source, and a newer go directive), so it runs in
// a scratch module:
//
//	d=$(mktemp -d) && cp count_tokens.go "$d/main.go" && (cd "$d" &&
//	  go mod init counttokens && go get github.com/tiktoken-go/tokenizer@v0.10.0 &&
//	  go run . "$OLDPWD/texts") > counts.json
//
// Run it from guard/budget/testdata after adding a text; then
// TestTokensNeverUnderCount holds Tokens to the new counts.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/tiktoken-go/tokenizer"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: count_tokens DIR")
		os.Exit(2)
	}
	encs := []tokenizer.Encoding{tokenizer.Cl100kBase, tokenizer.O200kBase, tokenizer.P50kBase, tokenizer.R50kBase}
	files, err := filepath.Glob(filepath.Join(os.Args[1], "*"))
	if err != nil {
		fail(err)
	}
	sort.Strings(files)
	out := map[string]map[string]int{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			fail(err)
		}
		m := map[string]int{}
		for _, e := range encs {
			c, err := tokenizer.Get(e)
			if err != nil {
				fail(err)
			}
			ids, _, err := c.Encode(string(b))
			if err != nil {
				fail(err)
			}
			m[string(e)] = len(ids)
		}
		out[filepath.Base(f)] = m
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "count_tokens:", err)
	os.Exit(1)
}
