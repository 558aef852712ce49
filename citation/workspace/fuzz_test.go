package workspace

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func FuzzLogHeader(f *testing.F) {
	for _, c := range logCases(f) {
		f.Add(c.line)
	}
	f.Fuzz(func(t *testing.T, line string) {
		h, err := ParseLogHeader(line)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("error is not a SyntaxError: %v", err)
			}
			return
		}
		out, err := LogFormat{}.Format(h)
		if err != nil {
			t.Fatalf("parsed header does not format: %v", err)
		}
		if out != strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r") {
			t.Fatalf("round trip changed %q to %q", line, out)
		}
	})
}

func FuzzReplaceOnce(f *testing.F) {
	for _, c := range replaceCases(f) {
		f.Add(c.Doc, c.Old, c.New)
	}
	f.Fuzz(func(t *testing.T, doc, old, new string) {
		got, err := ReplaceOnce(doc, old, new)
		positions := 0
		for i := 0; old != "" && i+len(old) <= len(doc); i++ {
			if doc[i:i+len(old)] == old {
				positions++
			}
		}
		switch {
		case positions == 0:
			if !errors.Is(err, ErrNoMatch) || got != "" {
				t.Fatalf("want ErrNoMatch, got %q, %v", got, err)
			}
		case positions > 1:
			if !errors.Is(err, ErrMultipleMatches) || got != "" {
				t.Fatalf("want ErrMultipleMatches, got %q, %v", got, err)
			}
		default:
			i := strings.Index(doc, old)
			if err != nil || got != doc[:i]+new+doc[i+len(old):] {
				t.Fatalf("bad replace: %q, %v", got, err)
			}
		}
	})
}

func FuzzValidatePath(f *testing.F) {
	for _, p := range hostilePaths(f) {
		f.Add(p)
	}
	f.Add("wiki/page.md")
	f.Add("wiki/café.md")
	f.Fuzz(func(t *testing.T, p string) {
		if ValidatePath(p) != nil {
			return
		}
		// Whatever passes is a clean relative path with no way up or out.
		for _, el := range strings.Split(p, "/") {
			if el == "" || strings.HasPrefix(el, ".") || strings.ContainsAny(el, "\\:%\x00") {
				t.Fatalf("accepted %q", p)
			}
		}
		if filepath.IsAbs(p) || strings.HasPrefix(p, "/") {
			t.Fatalf("accepted %q", p)
		}
		if filepath.ToSlash(filepath.Clean(p)) != p {
			t.Fatalf("accepted unclean %q", p)
		}
	})
}

// FuzzWorkspaceOps runs one operation on a fuzzed path in a fresh
// workspace under t.TempDir() that holds a symbolic link out of wiki/: an
// operation either is refused or stays inside wiki/ (writes) and wiki/ or
// raw/ (reads): raw/ and the file outside are never changed and the
// protected wiki/index.md stays.
func FuzzWorkspaceOps(f *testing.F) {
	for _, p := range hostilePaths(f) {
		f.Add(uint8(0), p)
	}
	for _, p := range []string{"wiki/page.md", "wiki/new/deep.md", "raw/src.md", "wiki/out/x.md", "wiki/index.md"} {
		f.Add(uint8(1), p)
		f.Add(uint8(2), p)
		f.Add(uint8(3), p)
	}
	f.Fuzz(func(t *testing.T, op uint8, p string) {
		base := t.TempDir()
		ws := filepath.Join(base, "ws")
		for _, d := range []string{"outside", "ws/raw", "ws/wiki"} {
			if err := os.MkdirAll(filepath.Join(base, d), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		for name, body := range map[string]string{"outside/x.md": "outside\n", "ws/raw/src.md": "raw\n", "ws/wiki/page.md": "page\n", "ws/wiki/index.md": "index\n"} {
			if err := os.WriteFile(filepath.Join(base, name), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		_ = os.Symlink(filepath.Join(base, "outside"), filepath.Join(ws, "wiki", "out"))
		w, err := Open(ws)
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		switch op % 4 {
		case 0:
			b, err := w.ReadFile(p)
			if err == nil && (string(b) == "outside\n") {
				t.Fatalf("read %q returned a file outside the workspace", p)
			}
		case 1:
			_ = w.Create(p, []byte("new\n"))
		case 2:
			_ = w.WriteFile(p, []byte("new\n"))
		case 3:
			_ = w.Remove(p)
		}
		if fi, err := os.Lstat(filepath.Join(ws, "wiki", "index.md")); err != nil || !fi.Mode().IsRegular() {
			t.Fatalf("op %d on %q removed the protected wiki/index.md", op%4, p)
		}
		for name, want := range map[string]string{"outside/x.md": "outside\n", "ws/raw/src.md": "raw\n"} {
			b, err := os.ReadFile(filepath.Join(base, name))
			if err != nil || string(b) != want {
				t.Fatalf("op %d on %q changed %s", op%4, p, name)
			}
		}
		for _, d := range []string{"outside", "ws/raw"} {
			entries, _ := os.ReadDir(filepath.Join(base, d))
			if len(entries) != 1 {
				t.Fatalf("op %d on %q added to %s", op%4, p, d)
			}
		}
	})
}
