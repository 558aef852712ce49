package quality

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// Report is everything one run of the quality command measured.
type Report struct {
	Date      string // YYYY-MM-DD
	Commit    string // the commit measured, as git describes it
	Fields    []FieldScore
	Retrieved []RetrievedScore
	Sources   map[string]string // set name -> where it comes from
}

// Render writes r as markdown: one table of verdicts per response set,
// one of recall per rule and set, one of false positives per rule, and one
// for Sanitize.
func Render(w io.Writer, r Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Measured on %s at commit `%s` by `go generate ./internal/quality` (see internal/cmd/quality).\n\n", r.Date, r.Commit)

	b.WriteString("**Responses** (`checker.Validate`, default contract): a clean line must be accepted; a violating line must be blocked, and blocked with its labelled rule.\n\n")
	b.WriteString("| set | clean accepted | violations blocked | … with the labelled rule |\n|---|---|---|---|\n")
	for _, s := range r.Fields {
		labelled := 0
		for _, rs := range s.Rules {
			labelled += rs.Reported
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", setName(r, s.Name),
			ratio(s.Allows-s.AllowBlocked, s.Allows), ratio(s.Blocked, s.Blocks), ratio(labelled, s.Blocks))
	}

	// Recall per rule: rows are rules, columns the sets that label them.
	var rules []string
	for _, s := range r.Fields {
		for _, rs := range s.Rules {
			rules = append(rules, rs.Rule)
		}
		for rule := range s.FalseByRule {
			rules = append(rules, rule)
		}
	}
	rules = uniq(rules)
	b.WriteString("\n**Recall per rule**: of the lines labelled with a rule, the share on which it was reported.\n\n")
	writeRuleTable(&b, r.Fields, rules, func(s FieldScore, rule string) string {
		i := slices.IndexFunc(s.Rules, func(rs RuleScore) bool { return rs.Rule == rule })
		if i < 0 {
			return "–"
		}
		return ratio(s.Rules[i].Reported, s.Rules[i].Lines)
	})
	b.WriteString("\n**False positives per rule**: of the clean lines, the share the rule blocked.\n\n")
	writeRuleTable(&b, r.Fields, rules, func(s FieldScore, rule string) string {
		return ratio(s.FalseByRule[rule], s.Allows)
	})

	if len(r.Retrieved) > 0 {
		b.WriteString("\n**Retrieved text** (`guard.Sanitize`): an injected line or document must lose its injection; a clean one must come back unchanged.\n\n")
		b.WriteString("| set | injections removed | clean text altered |\n|---|---|---|\n")
		for _, s := range r.Retrieved {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", setName(r, s.Name), ratio(s.Removed, s.Removes), ratio(s.FalseRemovals, s.Keeps))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeRuleTable writes one row per rule and one column per set.
func writeRuleTable(b *strings.Builder, sets []FieldScore, rules []string, cell func(FieldScore, string) string) {
	b.WriteString("| rule |")
	for _, s := range sets {
		fmt.Fprintf(b, " %s |", s.Name)
	}
	b.WriteString("\n|---|")
	for range sets {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	for _, rule := range rules {
		fmt.Fprintf(b, "| `%s` |", rule)
		for _, s := range sets {
			fmt.Fprintf(b, " %s |", cell(s, rule))
		}
		b.WriteString("\n")
	}
}

func setName(r Report, name string) string {
	if src, ok := r.Sources[name]; ok && src != "" {
		return name + " (" + src + ")"
	}
	return name
}

// ratio formats n/d as "0.973 (146/150)", or "–" when d is zero.
func ratio(n, d int) string {
	if d == 0 {
		return "–"
	}
	return fmt.Sprintf("%.3f (%d/%d)", float64(n)/float64(d), n, d)
}

// Splice replaces the text between the begin and end marker lines of doc
// with body and returns the result. Both markers must occur once, in order.
func Splice(doc, begin, end, body string) (string, error) {
	i := strings.Index(doc, begin)
	j := strings.Index(doc, end)
	if i < 0 || j < 0 || j < i || strings.Count(doc, begin) != 1 || strings.Count(doc, end) != 1 {
		return "", fmt.Errorf("quality: markers %q and %q must each occur once, in order", begin, end)
	}
	head := doc[:i+len(begin)]
	return head + "\n" + body + doc[j:], nil
}
