package checker

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ruleScore counts, for one labelled rule, how many lines there were and on
// how many the checker reported that rule id.
type ruleScore struct{ lines, reported int }

// TestCorpus measures the default checker on the dev corpus
// (testdata/corpus, see its README) and enforces the quality floors:
// fields.jsonl block recall >= 0.95 with at most 3% of allow lines blocked;
// raw.jsonl every block blocked and no allow blocked; every rule reported on
// at least 0.90 of its lines. Run with -v for the per-rule table.
func TestCorpus(t *testing.T) {
	c, err := New()
	require.NoError(t, err)
	_, err = c.Validate(mustJSON(t, base(t)))
	require.NoError(t, err, "base.json must be allowed")

	perRule := map[string]*ruleScore{}
	type tally struct{ blocks, blocked, allows, allowBlocked int }
	var misses []string
	run := func(l corpusLine, in []byte, tl *tally) {
		resp, err := c.Validate(in)
		require.Equal(t, err == nil, resp != nil, l.ID)
		got := rulesOf(err)
		if l.Expect == "allow" {
			tl.allows++
			if err != nil {
				tl.allowBlocked++
				misses = append(misses, fmt.Sprintf("%s allow blocked by %v", l.ID, got))
			}
			return
		}
		tl.blocks++
		if err != nil {
			tl.blocked++
		}
		s := perRule[l.Rule]
		if s == nil {
			s = &ruleScore{}
			perRule[l.Rule] = s
		}
		s.lines++
		if slices.Contains(got, l.Rule) {
			s.reported++
		} else {
			misses = append(misses, fmt.Sprintf("%s want %s, got %v", l.ID, l.Rule, got))
		}
	}
	var fields, raw tally
	for _, l := range readCorpus(t, "fields.jsonl") {
		run(l, withField(t, l.Field, l.Text), &fields)
	}
	for _, l := range readCorpus(t, "raw.jsonl") {
		run(l, l.input(t), &raw)
	}

	var b strings.Builder
	fmt.Fprintf(&b, "\n%-24s %6s %9s %7s\n", "rule", "lines", "reported", "recall")
	ids := make([]string, 0, len(perRule))
	for id := range perRule {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		s := perRule[id]
		fmt.Fprintf(&b, "%-24s %6d %9d %7.3f\n", id, s.lines, s.reported, float64(s.reported)/float64(s.lines))
	}
	fmt.Fprintf(&b, "fields.jsonl: block recall %d/%d = %.3f, allow lines blocked %d/%d = %.3f\n",
		fields.blocked, fields.blocks, ratio(fields.blocked, fields.blocks), fields.allowBlocked, fields.allows, ratio(fields.allowBlocked, fields.allows))
	fmt.Fprintf(&b, "raw.jsonl:    block recall %d/%d = %.3f, allow lines blocked %d/%d\n",
		raw.blocked, raw.blocks, ratio(raw.blocked, raw.blocks), raw.allowBlocked, raw.allows)
	for _, m := range misses {
		fmt.Fprintf(&b, "  miss: %s\n", m)
	}
	t.Log(b.String())

	assert.GreaterOrEqual(t, ratio(fields.blocked, fields.blocks), 0.95, "fields.jsonl block recall")
	assert.LessOrEqual(t, ratio(fields.allowBlocked, fields.allows), 0.03, "fields.jsonl allow lines blocked")
	assert.Equal(t, raw.blocks, raw.blocked, "raw.jsonl: every block blocked")
	assert.Zero(t, raw.allowBlocked, "raw.jsonl: no allow blocked")
	for _, id := range ids {
		s := perRule[id]
		assert.GreaterOrEqual(t, ratio(s.reported, s.lines), 0.90, "rule %s", id)
	}
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// TestCorpusMessagesHoldNoSecrets: for every corpus line that carries a
// secret or a payload, no long token of the line appears in the error, any
// violation message or the reformat prompt.
func TestCorpusMessagesHoldNoSecrets(t *testing.T) {
	c, err := New()
	require.NoError(t, err)
	for _, l := range readCorpus(t, "fields.jsonl") {
		if l.Rule != RuleSecret && l.Rule != RuleExfilURL && l.Rule != RuleExfilRequest {
			continue
		}
		_, err := c.Validate(withField(t, l.Field, l.Text))
		require.Error(t, err, l.ID)
		out := err.Error() + "\n" + ReformatPrompt(err)
		for _, tok := range strings.FieldsFunc(l.Text, func(r rune) bool { return r == ' ' || r == '"' || r == '\'' || r == '=' || r == '\n' }) {
			if len(tok) >= 16 {
				assert.NotContains(t, out, tok, "%s leaks a token", l.ID)
			}
		}
	}
}
