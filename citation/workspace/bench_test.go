package workspace

import (
	"os"
	"path/filepath"
	"testing"
)

func benchWorkspace(b *testing.B) *Workspace {
	dir := b.TempDir()
	for _, d := range []string{"raw", "wiki/topics"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "wiki/topics/sla.md"), []byte("x"), 0o644); err != nil {
		b.Fatal(err)
	}
	w, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { w.Close() })
	return w
}

// BenchmarkWorkspaceWriteFile replaces a 4 KiB page two directories deep.
func BenchmarkWorkspaceWriteFile(b *testing.B) {
	w := benchWorkspace(b)
	page := make([]byte, 4<<10)
	b.ReportAllocs()
	for b.Loop() {
		if err := w.WriteFile("wiki/topics/sla.md", page); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWorkspaceReadFile reads a one-byte page two directories deep.
func BenchmarkWorkspaceReadFile(b *testing.B) {
	w := benchWorkspace(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := w.ReadFile("wiki/topics/sla.md"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidatePath(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = ValidatePath("wiki/topics/service-level-agreement.md")
	}
}

func BenchmarkReplaceOnce(b *testing.B) {
	doc := ""
	for range 500 {
		doc += "A line of a wiki page about service levels.\n"
	}
	doc += "the unique line\n"
	b.ReportAllocs()
	for b.Loop() {
		_, _ = ReplaceOnce(doc, "the unique line", "the replaced line")
	}
}

func BenchmarkParseLogHeader(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_, _ = ParseLogHeader("## [2026-11-22] ingest | RFC 0034 service levels | touched: sla.md, index.md")
	}
}
