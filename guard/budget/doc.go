// Package budget holds tool responses to hard token budgets: a guide()-style
// tool that assembles its answer from wiki pages, files or search results
// checks the answer against its tier's limit before returning it, and an
// answer that is too long becomes an error that says which file or section
// to prune (the seed's "hard output-token-count assertions").
//
//	b, _ := budget.New(map[string]int{"brief": 800, "standard": 4000})
//	err := b.Check("standard",
//		budget.Section{Name: "wiki/deploy.md#Rollback", Text: rollback},
//		budget.Section{Name: "wiki/faq.md", Text: faq})
//	if err != nil {
//		return err // "budget: the "standard" response is about 5120 tokens, over its hard
//		           //  limit of 4000 by 1120; prune wiki/deploy.md#Rollback (2900 tokens)"
//	}
//
// # Counting tokens
//
// [Tokens] is a documented, conservative estimate rather than a tokenizer:
// on every text of its calibration set it is at least the exact count of
// tiktoken's cl100k_base, o200k_base, p50k_base and r50k_base encodings,
// and never more than the text's length in bytes. testdata/counts.json
// records the exact counts, made with a pure-Go port of tiktoken outside
// this module (testdata/count_tokens.go says how), and
// TestTokensNeverUnderCount holds the estimate to them. A limit therefore
// errs towards refusing: a response the estimate admits is within the
// limit for those tokenizers.
//
// # Failing closed
//
// Check refuses an unknown tier, and the zero Budget has no tiers. Budget
// is immutable and safe for concurrent use; Tokens and Check allocate only
// for an error.
//
// The package imports only the standard library: a tool that uses it does
// not link package guard's detectors.
package budget
