// Command quickstart shows wardline's guardrails on hostile input.
//
// First it normalises each file in testdata/hostile with guard.Normalize and
// scans it with guard's detectors (Instructions, Secrets, Exfiltration),
// printing every finding. Then it validates each model output in
// testdata/responses with checker.Validate and prints the verdict with the
// rule ids that blocked it.
//
// Run it from the repository root:
//
//	go run ./examples/quickstart
//
// or point it at other directories:
//
//	go run ./examples/quickstart -hostile path/to/texts -responses path/to/outputs
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/wardline/wardline/checker"
	"github.com/wardline/wardline/guard"
)

func main() {
	hostile := flag.String("hostile", filepath.Join("testdata", "hostile"), "directory of .txt files to scan")
	responses := flag.String("responses", filepath.Join("testdata", "responses"), "directory of model outputs (.json, .txt) to validate")
	flag.Parse()
	if err := run(os.Stdout, *hostile, *responses); err != nil {
		fmt.Fprintln(os.Stderr, "quickstart:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, hostileDir, responsesDir string) error {
	texts, err := files(hostileDir, "*.txt")
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "# guard: hostile strings")
	for _, p := range texts {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		s := string(b)
		fmt.Fprintf(w, "== %s\n", filepath.Base(p))
		fmt.Fprintf(w, "   raw:        %q\n", s)
		fmt.Fprintf(w, "   normalised: %q\n", guard.Normalize(s))
		findings := slices.Concat(guard.Instructions(s), guard.Secrets(s), guard.Exfiltration(s))
		if len(findings) == 0 {
			fmt.Fprintln(w, "   findings:   none (a plain fact)")
		}
		for _, f := range findings {
			fmt.Fprintf(w, "   finding:    %s\n", f)
		}
	}

	outputs, err := files(responsesDir, "*.json", "*.txt")
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "\n# checker: model responses")
	for _, p := range outputs {
		raw, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		resp, err := checker.Validate(raw)
		var rej *checker.Rejection
		switch {
		case err == nil:
			fmt.Fprintf(w, "%-22s allow  (%d repo facts, %d internet facts)\n",
				filepath.Base(p), len(resp.RepoFacts), len(resp.InternetFacts))
		case errors.As(err, &rej):
			fmt.Fprintf(w, "%-22s block  %v\n", filepath.Base(p), rej.Rules())
		default:
			return err
		}
	}
	return nil
}

// files lists the files in dir matching any of the patterns, sorted.
func files(dir string, patterns ...string) ([]string, error) {
	var out []string
	for _, pat := range patterns {
		m, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			return nil, err
		}
		out = append(out, m...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no %v files in %s (run from the repository root, or pass a directory)", patterns, dir)
	}
	slices.Sort(out)
	return out, nil
}
