package main

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wardline/wardline/citation"
)

const rfcSource = `# RFC 0034: Service levels

The public API is measured every calendar month.
For the paid tier, the SLA is 99.95% monthly, excluding announced maintenance windows.
Credits are issued automatically when the SLA is missed.
`

// footnote formats a citation definition with the citation package.
func footnote(t *testing.T, label, source, quote string) string {
	t.Helper()
	def, err := citation.Citation{Label: label, Source: source, Locator: "s.1", Quote: quote}.Format()
	require.NoError(t, err)
	return def
}

// page builds a wiki page with frontmatter and one cited claim.
func page(t *testing.T, frontmatter, quote string) string {
	t.Helper()
	return frontmatter + "The paid tier promises 99.95% monthly availability.[^1]\n\n" +
		footnote(t, "1", "raw/rfc-0034.md", quote) + "\n"
}

const goodFrontmatter = "---\ntitle: Service levels\nsources:\n  - raw/rfc-0034.md\n---\n\n"

func wikiHarness(t *testing.T) *harness {
	t.Helper()
	h := newHarness(t)
	require.NoError(t, os.WriteFile(filepath.Join(h.ws, "raw", "rfc-0034.md"), []byte(rfcSource), 0o644))
	return h
}

// wikiFiles lists every file under wiki/ (relative paths).
func wikiFiles(t *testing.T, ws string) []string {
	t.Helper()
	var out []string
	require.NoError(t, filepath.WalkDir(filepath.Join(ws, "wiki"), func(p string, d os.DirEntry, err error) error {
		require.NoError(t, err)
		if !d.IsDir() {
			rel, _ := filepath.Rel(ws, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	}))
	return out
}

func TestWriteWikiPageCorrectPageLands(t *testing.T) {
	h := wikiHarness(t)
	cs := h.client(t)
	content := page(t, goodFrontmatter, "the SLA is 99.95% monthly")

	res := call(t, cs, "write_wiki_page", map[string]any{"path": "wiki/sla.md", "content": content})
	require.False(t, res.IsError, text(res))
	assert.Contains(t, text(res), "created wiki/sla.md")
	got, err := os.ReadFile(filepath.Join(h.ws, "wiki", "sla.md"))
	require.NoError(t, err)
	assert.Equal(t, content, string(got), "the committed page is byte for byte the checked one")
	assert.Equal(t, []string{"wiki/sla.md"}, wikiFiles(t, h.ws))

	// Replacing it goes through the same checks.
	res = call(t, cs, "write_wiki_page", map[string]any{"path": "wiki/sla.md", "content": content + "\n"})
	require.False(t, res.IsError, text(res))
	assert.Contains(t, text(res), "replaced wiki/sla.md")

	staging, err := os.ReadDir(filepath.Join(h.ws, stateDir, "staging"))
	require.NoError(t, err)
	assert.Empty(t, staging, "no staged file is left behind")
	recs := h.assertAudited(t, 2, content)
	assert.Equal(t, "allow", recs[0]["decision"])
}

func TestWriteWikiPageRejectedWritesNothing(t *testing.T) {
	tests := []struct {
		name    string
		path    string
		content func(t *testing.T) string
		reason  string
	}{
		{"fabricated quote", "wiki/sla.md", func(t *testing.T) string {
			return page(t, goodFrontmatter, "the SLA is 99.999% every single month")
		}, "quote-not-found"},
		{"stitched quote", "wiki/sla.md", func(t *testing.T) string {
			return page(t, goodFrontmatter, "the SLA is 99.95% monthly ... Credits are issued automatically")
		}, "stitched"},
		{"edited hash", "wiki/sla.md", func(t *testing.T) string {
			good := page(t, goodFrontmatter, "the SLA is 99.95% monthly")
			i := strings.Index(good, "sha256:") + len("sha256:")
			b := []byte(good)
			if b[i] == '0' {
				b[i] = '1'
			} else {
				b[i] = '0'
			}
			return string(b)
		}, "hash-mismatch"},
		{"missing source", "wiki/sla.md", func(t *testing.T) string {
			return "---\ntitle: x\nsources: [raw/nope.md]\n---\n\nClaim.[^1]\n\n" + footnote(t, "1", "raw/nope.md", "a quote that is long enough to count") + "\n"
		}, "missing-source"},
		{"uncited page", "wiki/sla.md", func(t *testing.T) string {
			return goodFrontmatter + "The SLA is excellent.\n"
		}, "uncited"},
		{"missing frontmatter field", "wiki/sla.md", func(t *testing.T) string {
			return page(t, "---\ntitle: Service levels\n---\n\n", "the SLA is 99.95% monthly")
		}, "sources"},
		{"no frontmatter", "wiki/sla.md", func(t *testing.T) string {
			return page(t, "", "the SLA is 99.95% monthly")
		}, "no frontmatter"},
		{"traversal", "wiki/../raw/rfc-0034.md", goodPage, "hostile"},
		{"traversal out of workspace", "../../etc/passwd.md", goodPage, "hostile"},
		{"absolute path", "/etc/cron.d/x.md", goodPage, "hostile"},
		{"raw is read-only", "raw/new.md", goodPage, "read-only"},
		{"outside wiki", "notes/x.md", goodPage, "outside"},
		{"backslash", `wiki\..\raw\x.md`, goodPage, "hostile"},
		{"percent-encoded dots", "wiki/%2e%2e/raw/x.md", goodPage, "hostile"},
		{"fullwidth dots", "wiki/．．/raw/x.md", goodPage, "hostile"},
		{"NUL byte", "wiki/a\x00.md", goodPage, "hostile"},
		{"not markdown", "wiki/sla.sh", goodPage, ".md"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := wikiHarness(t)
			cs := h.client(t)
			content := tt.content(t)
			res := call(t, cs, "write_wiki_page", map[string]any{"path": tt.path, "content": content})
			require.True(t, res.IsError, "must be refused: %s", text(res))
			contains(t, text(res), "wardline refused write_wiki_page")
			contains(t, text(res), tt.reason)
			assert.Empty(t, wikiFiles(t, h.ws), "nothing is written to wiki/")
			src, err := os.ReadFile(filepath.Join(h.ws, "raw", "rfc-0034.md"))
			require.NoError(t, err)
			assert.Equal(t, rfcSource, string(src), "raw/ is untouched")
			recs := h.assertAudited(t, 1, content)
			assert.Equal(t, "deny", recs[0]["decision"])
		})
	}
}

func goodPage(t *testing.T) string { return page(t, goodFrontmatter, "the SLA is 99.95% monthly") }

func TestWriteWikiPageSymlinkEscapeRefused(t *testing.T) {
	h := wikiHarness(t)
	outside := t.TempDir()
	require.NoError(t, os.Symlink(outside, filepath.Join(h.ws, "wiki", "out")))
	require.NoError(t, os.Symlink(filepath.Join(h.ws, "raw"), filepath.Join(h.ws, "wiki", "toraw")))
	cs := h.client(t)
	for _, p := range []string{"wiki/out/x.md", "wiki/toraw/x.md"} {
		res := call(t, cs, "write_wiki_page", map[string]any{"path": p, "content": goodPage(t)})
		require.True(t, res.IsError, p)
		contains(t, text(res), "symbolic link")
	}
	entries, err := os.ReadDir(outside)
	require.NoError(t, err)
	assert.Empty(t, entries)
	_, err = os.Stat(filepath.Join(h.ws, "raw", "x.md"))
	assert.True(t, os.IsNotExist(err))
}

func TestWriteWikiPageQuota(t *testing.T) {
	h := newHarness(t, func(c *Config) { c.MaxPages = 1 })
	require.NoError(t, os.WriteFile(filepath.Join(h.ws, "raw", "rfc-0034.md"), []byte(rfcSource), 0o644))
	cs := h.client(t)
	res := call(t, cs, "write_wiki_page", map[string]any{"path": "wiki/a.md", "content": goodPage(t)})
	require.False(t, res.IsError, text(res))
	res = call(t, cs, "write_wiki_page", map[string]any{"path": "wiki/b.md", "content": goodPage(t)})
	require.True(t, res.IsError)
	contains(t, text(res), "quota")
	assert.Equal(t, []string{"wiki/a.md"}, wikiFiles(t, h.ws))
}

// TestWriteWikiPageHostilePathsOverProtocol sends every path of the shared
// hostile-path fixture (testdata/wiki/hostile-paths.txt in the core
// module) through write_wiki_page: each is refused and nothing is written
// anywhere in the workspace.
func TestWriteWikiPageHostilePathsOverProtocol(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "..", "testdata", "wiki", "hostile-paths.txt"))
	require.NoError(t, err)
	defer f.Close()
	var paths []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := strconv.Unquote(line)
		require.NoError(t, err, line)
		paths = append(paths, p)
	}
	require.NoError(t, sc.Err())
	require.GreaterOrEqual(t, len(paths), 40)

	h := wikiHarness(t)
	cs := h.client(t)
	content := goodPage(t)
	for _, p := range paths {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "write_wiki_page",
			Arguments: map[string]any{"path": p, "content": content}})
		require.NoError(t, err, "%q", p)
		assert.True(t, res.IsError, "%q must be refused: %s", p, text(res))
	}
	assert.Empty(t, wikiFiles(t, h.ws))
	var files []string
	require.NoError(t, filepath.WalkDir(h.ws, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return err
	}))
	for _, f := range files {
		rel, _ := filepath.Rel(h.ws, f)
		assert.True(t, rel == filepath.Join("raw", "rfc-0034.md"), "unexpected file %s", rel)
	}
	h.assertAudited(t, len(paths))
}
