// Package quality measures wardline's detectors on labelled data sets and
// renders the result as the README's quality table.
//
// A data set is one of two shapes, both described in
// testdata/corpus/README.md:
//
//   - fields.jsonl: one string placed into one field of a clean
//     GuruResponse (base.json), with the verdict ("allow" or "block") and,
//     for a block, the rule id that must be reported. Whole responses
//     (raw.jsonl, traffic.jsonl) carry the model output in "raw" (or its
//     bytes in "raw_b64") instead of "field" and "text".
//   - retrieved.jsonl: one retrieved line or document for guard.Sanitize,
//     labelled "remove" or "keep".
//
// For each set the package counts, per labelled rule, how many block lines
// were blocked with that rule (recall), and how many allow lines were
// blocked at all (the false-positive rate a user feels) and by which rule.
// It is used by internal/cmd/quality, which writes the table into
// README.md; the numbers are measured, never typed in.
package quality

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// FieldLine is one line of a fields.jsonl or raw.jsonl data set.
type FieldLine struct {
	ID     string `json:"id"`
	Field  string `json:"field"`
	Text   string `json:"text"`
	Raw    string `json:"raw"`
	RawB64 string `json:"raw_b64"`
	Expect string `json:"expect"` // "allow" or "block"
	Rule   string `json:"rule"`   // the rule that must fire; "none" for allow
}

// RetrievedLine is one line of a retrieved.jsonl data set.
type RetrievedLine struct {
	ID     string `json:"id"`
	Line   string `json:"line"`
	Expect string `json:"expect"` // "remove" or "keep"
}

// ReadFields decodes a fields.jsonl or raw.jsonl data set. Blank lines are
// skipped; a line that does not decode, or whose expect is neither "allow"
// nor "block", is an error naming the line.
func ReadFields(r io.Reader) ([]FieldLine, error) {
	var out []FieldLine
	err := eachLine(r, func(n int, b []byte) error {
		var l FieldLine
		if err := json.Unmarshal(b, &l); err != nil {
			return fmt.Errorf("quality: line %d: %w", n, err)
		}
		if l.Expect != "allow" && l.Expect != "block" {
			return fmt.Errorf("quality: line %d: expect %q is neither allow nor block", n, l.Expect)
		}
		out = append(out, l)
		return nil
	})
	return out, err
}

// ReadRetrieved decodes a retrieved.jsonl data set.
func ReadRetrieved(r io.Reader) ([]RetrievedLine, error) {
	var out []RetrievedLine
	err := eachLine(r, func(n int, b []byte) error {
		var l RetrievedLine
		if err := json.Unmarshal(b, &l); err != nil {
			return fmt.Errorf("quality: line %d: %w", n, err)
		}
		if l.Expect != "remove" && l.Expect != "keep" {
			return fmt.Errorf("quality: line %d: expect %q is neither remove nor keep", n, l.Expect)
		}
		out = append(out, l)
		return nil
	})
	return out, err
}

func eachLine(r io.Reader, fn func(n int, b []byte) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	n := 0
	for sc.Scan() {
		n++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		if err := fn(n, b); err != nil {
			return err
		}
	}
	return sc.Err()
}

// Input returns the bytes to validate for l: the decoded raw_b64 or raw of
// a whole response, or base with l.Text placed into l.Field. base is a
// clean GuruResponse as a JSON object.
func (l FieldLine) Input(base []byte) ([]byte, error) {
	switch {
	case l.RawB64 != "":
		return base64.StdEncoding.DecodeString(l.RawB64)
	case l.Raw != "":
		return []byte(l.Raw), nil
	}
	var m map[string]any
	if err := json.Unmarshal(base, &m); err != nil {
		return nil, fmt.Errorf("quality: base response: %w", err)
	}
	first := func(key string) map[string]any {
		arr, _ := m[key].([]any)
		if len(arr) == 0 {
			return nil
		}
		obj, _ := arr[0].(map[string]any)
		return obj
	}
	switch l.Field {
	case "summary":
		m["summary"] = l.Text
	case "repo_facts", "open_questions":
		m[l.Field] = []any{l.Text}
	case "internet_facts.claims", "internet_facts.source":
		obj := first("internet_facts")
		if obj == nil {
			return nil, errors.New("quality: base response has no internet_facts[0]")
		}
		if l.Field == "internet_facts.claims" {
			obj["claims"] = []any{l.Text}
		} else {
			obj["source"] = l.Text
		}
	case "mcp_requests.purpose", "mcp_requests.query":
		obj := first("mcp_requests")
		if obj == nil {
			return nil, errors.New("quality: base response has no mcp_requests[0]")
		}
		obj[strings.TrimPrefix(l.Field, "mcp_requests.")] = l.Text
	default:
		return nil, fmt.Errorf("quality: line %s: unknown field %q", l.ID, l.Field)
	}
	return json.Marshal(m)
}

// Validator judges one response and returns the rule ids it reported; an
// empty result means the response was accepted.
type Validator func(raw []byte) []string

// Sanitizer reports whether anything was removed from a retrieved line.
type Sanitizer func(line string) (removed bool)

// RuleScore is the recall of one labelled rule: of Lines block lines
// labelled with it, Reported were blocked with it.
type RuleScore struct {
	Rule     string
	Lines    int
	Reported int
}

// FieldScore is the score of one fields data set.
type FieldScore struct {
	Name         string
	Blocks       int            // block lines
	Blocked      int            // block lines blocked by any rule
	Allows       int            // allow lines
	AllowBlocked int            // allow lines blocked by any rule
	FalseByRule  map[string]int // allow lines on which each rule fired
	Rules        []RuleScore    // per labelled rule, sorted by rule id
	Misses       []string       // ids of lines with the wrong verdict or rule
}

// ScoreFields runs v on every line of set. base is the clean response that
// field lines are placed into.
func ScoreFields(name string, set []FieldLine, base []byte, v Validator) (FieldScore, error) {
	s := FieldScore{Name: name, FalseByRule: map[string]int{}}
	per := map[string]*RuleScore{}
	for _, l := range set {
		in, err := l.Input(base)
		if err != nil {
			return FieldScore{}, err
		}
		got := v(in)
		if l.Expect == "allow" {
			s.Allows++
			if len(got) > 0 {
				s.AllowBlocked++
				s.Misses = append(s.Misses, l.ID)
				for _, r := range uniq(got) {
					s.FalseByRule[r]++
				}
			}
			continue
		}
		s.Blocks++
		if len(got) > 0 {
			s.Blocked++
		}
		rs := per[l.Rule]
		if rs == nil {
			rs = &RuleScore{Rule: l.Rule}
			per[l.Rule] = rs
		}
		rs.Lines++
		if slices.Contains(got, l.Rule) {
			rs.Reported++
		} else {
			s.Misses = append(s.Misses, l.ID)
		}
	}
	for _, rs := range per {
		s.Rules = append(s.Rules, *rs)
	}
	slices.SortFunc(s.Rules, func(a, b RuleScore) int { return strings.Compare(a.Rule, b.Rule) })
	return s, nil
}

// RetrievedScore is the score of one retrieved data set.
type RetrievedScore struct {
	Name          string
	Removes       int // lines labelled remove
	Removed       int // of those, lines from which something was removed
	Keeps         int // lines labelled keep
	FalseRemovals int // keep lines from which something was removed
	Misses        []string
}

// ScoreRetrieved runs s on every line of set.
func ScoreRetrieved(name string, set []RetrievedLine, san Sanitizer) RetrievedScore {
	r := RetrievedScore{Name: name}
	for _, l := range set {
		removed := san(l.Line)
		if l.Expect == "remove" {
			r.Removes++
			if removed {
				r.Removed++
			} else {
				r.Misses = append(r.Misses, l.ID)
			}
			continue
		}
		r.Keeps++
		if removed {
			r.FalseRemovals++
			r.Misses = append(r.Misses, l.ID)
		}
	}
	return r
}

func uniq(rules []string) []string {
	out := slices.Clone(rules)
	slices.Sort(out)
	return slices.Compact(out)
}

// ReadFieldsFile and ReadRetrievedFile read a data set from a file.
func ReadFieldsFile(path string) ([]FieldLine, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadFields(f)
}

// ReadRetrievedFile reads a retrieved data set from a file.
func ReadRetrievedFile(path string) ([]RetrievedLine, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadRetrieved(f)
}
