//go:build ignore

// gen extracts the true and false positives that gitleaks' config generator
// validates each default rule against (cmd/generate/config/rules/*.go in the
// gitleaks module) into cases.json, for guard's secret-parity test.
//
// Many cases are generated at run time (utils.GenerateSampleSecrets with
// random secrets), so the cases cannot be read off the syntax tree alone.
// gen therefore parses every rule file with go/ast, rewrites each call to
// utils.Validate into a call that records its arguments, builds the result
// in a throw-away module and runs every exported rule constructor. Cases
// validated with file paths (utils.ValidateWithPaths) are skipped: guard
// scans strings, which have no path.
//
// Run from the repository root (needs the module proxy for gitleaks'
// generator-only dependency github.com/lucasjones/reggen):
//
//	go run guard/internal/secrets/testdata/gitleaks/gen.go
package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

const gitleaks = "github.com/zricethezav/gitleaks/v8"
const version = "v8.30.1"

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run() error {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", gitleaks).Output()
	if err != nil {
		return fmt.Errorf("locate %s: %w", gitleaks, err)
	}
	src := filepath.Join(strings.TrimSpace(string(out)), "cmd", "generate", "config", "rules")
	tmp, err := os.MkdirTemp("", "gitleaks-cases")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	rulesDir := filepath.Join(tmp, "rules")
	if err := os.MkdirAll(rulesDir, 0o755); err != nil {
		return err
	}
	files, err := filepath.Glob(filepath.Join(src, "*.go"))
	if err != nil {
		return err
	}
	var ctors []string
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "utils" && sel.Sel.Name == "Validate" {
				call.Fun = ast.NewIdent("recordCases")
			}
			return true
		})
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || !fd.Name.IsExported() || len(fd.Type.Params.List) != 0 ||
				fd.Type.Results == nil || len(fd.Type.Results.List) != 1 {
				continue
			}
			var b bytes.Buffer
			printer.Fprint(&b, fset, fd.Type.Results.List[0].Type)
			if b.String() == "*config.Rule" {
				ctors = append(ctors, fd.Name.Name)
			}
		}
		var b bytes.Buffer
		if err := printer.Fprint(&b, fset, f); err != nil {
			return err
		}
		for _, imp := range f.Imports {
			if strings.HasSuffix(imp.Path.Value, "/config/utils\"") {
				// keep the import used after the rewrite
				b.WriteString("\nvar _ = utils.Validate\n")
			}
		}
		if err := os.WriteFile(filepath.Join(rulesDir, filepath.Base(path)), b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	sort.Strings(ctors)
	record := `package rules

import "github.com/zricethezav/gitleaks/v8/config"

// Case is one rule's validation input.
type Case struct {
	Rule string   ` + "`json:\"rule\"`" + `
	TPs  []string ` + "`json:\"tps\"`" + `
	FPs  []string ` + "`json:\"fps\"`" + `
}

// Recorded holds every case seen so far.
var Recorded []Case

func recordCases(r config.Rule, tps, fps []string) *config.Rule {
	Recorded = append(Recorded, Case{Rule: r.RuleID, TPs: tps, FPs: fps})
	return &r
}
`
	if err := os.WriteFile(filepath.Join(rulesDir, "zz_record.go"), []byte(record), 0o644); err != nil {
		return err
	}
	var m strings.Builder
	m.WriteString("package main\n\nimport (\n\t\"encoding/json\"\n\t\"os\"\n\t\"sort\"\n\n\t\"gen/rules\"\n)\n\nfunc main() {\n")
	for _, c := range ctors {
		fmt.Fprintf(&m, "\trules.%s()\n", c)
	}
	m.WriteString("\tsort.SliceStable(rules.Recorded, func(i, j int) bool { return rules.Recorded[i].Rule < rules.Recorded[j].Rule })\n")
	m.WriteString("\te := json.NewEncoder(os.Stdout)\n\te.SetIndent(\"\", \" \")\n\tif err := e.Encode(rules.Recorded); err != nil {\n\t\tpanic(err)\n\t}\n}\n")
	if err := os.WriteFile(filepath.Join(tmp, "main.go"), []byte(m.String()), 0o644); err != nil {
		return err
	}
	mod := "module gen\n\ngo 1.24\n\nrequire " + gitleaks + " " + version + "\n"
	if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte(mod), 0o644); err != nil {
		return err
	}
	tidy := exec.Command("go", "mod", "tidy")
	tidy.Dir, tidy.Stderr = tmp, os.Stderr
	if err := tidy.Run(); err != nil {
		return fmt.Errorf("go mod tidy: %w", err)
	}
	runCmd := exec.Command("go", "run", ".")
	runCmd.Dir, runCmd.Stderr = tmp, os.Stderr
	cases, err := runCmd.Output()
	if err != nil {
		return fmt.Errorf("go run: %w", err)
	}
	return os.WriteFile(filepath.Join("guard", "internal", "secrets", "testdata", "gitleaks", "cases.json"), cases, 0o644)
}
