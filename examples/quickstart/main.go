// Command quickstart shows wardline's language guardrails on a few hostile
// strings: it normalises each file in testdata/hostile with guard.Normalize
// and scans it with guard.Instructions, printing every finding.
//
// Run it from the repository root:
//
//	go run ./examples/quickstart
//
// or point it at another directory of .txt files:
//
//	go run ./examples/quickstart -dir path/to/texts
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/wardline/wardline/guard"
)

func main() {
	dir := flag.String("dir", filepath.Join("testdata", "hostile"), "directory of .txt files to scan")
	flag.Parse()
	if err := run(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "quickstart:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	paths, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return fmt.Errorf("no .txt files in %s (run from the repository root, or pass -dir)", dir)
	}
	sort.Strings(paths)
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		s := string(b)
		fmt.Printf("== %s\n", filepath.Base(p))
		fmt.Printf("   raw:        %q\n", s)
		fmt.Printf("   normalised: %q\n", guard.Normalize(s))
		findings := guard.Instructions(s)
		if len(findings) == 0 {
			fmt.Println("   findings:   none (a plain fact)")
		}
		for _, f := range findings {
			fmt.Printf("   finding:    %s\n", f)
		}
	}
	return nil
}
