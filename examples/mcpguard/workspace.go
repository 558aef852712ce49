package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// repoModules are the module paths whose source trees a workspace must
// not be inside: a relative -workspace given to "go run -C
// examples/mcpguard" resolves inside the repository, and the server would
// create raw/, wiki/ and .mcpguard/ among the sources.
var repoModules = []string{"github.com/wardline/wardline", "github.com/wardline/wardline/examples/mcpguard"}

// resolveWorkspace makes dir absolute (symbolic links in the part that
// exists resolved) and refuses a directory inside the wardline repository.
// It creates nothing.
func resolveWorkspace(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("-workspace: %w", err)
	}
	real := realPath(abs)
	for d := real; ; d = filepath.Dir(d) {
		if mod := modulePath(filepath.Join(d, "go.mod")); mod != "" {
			for _, m := range repoModules {
				if mod == m {
					return "", fmt.Errorf("-workspace %s resolves to %s, inside the wardline repository (%s): "+
						"the server would create raw/, wiki/ and .mcpguard/ among its sources; give a directory outside it, as an absolute path",
						dir, abs, d)
				}
			}
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return abs, nil
}

// realPath resolves the symbolic links of the longest existing prefix of
// the absolute path p and keeps the rest as it is.
func realPath(p string) string {
	rest := ""
	for d := p; ; d = filepath.Dir(d) {
		if r, err := filepath.EvalSymlinks(d); err == nil {
			return filepath.Join(r, rest)
		}
		if filepath.Dir(d) == d {
			return p
		}
		rest = filepath.Join(filepath.Base(d), rest)
	}
}

// modulePath returns the module path a go.mod file declares, or "".
func modulePath(gomod string) string {
	b, err := os.ReadFile(gomod)
	if err != nil {
		return ""
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}
