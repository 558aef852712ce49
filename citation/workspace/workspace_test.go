package workspace

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostilePaths reads testdata/wiki/hostile-paths.txt.
func hostilePaths(t testing.TB) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(wikiData, "hostile-paths.txt"))
	require.NoError(t, err)
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := strconv.Unquote(line)
		require.NoError(t, err, line)
		out = append(out, p)
	}
	require.NoError(t, sc.Err())
	return out
}

// newWorkspace builds a temporary workspace:
//
//	outside/secret.md            (outside the workspace)
//	ws/raw/rfc-0034.md
//	ws/wiki/page.md, index.md, log.md, sub/deep.md
//	symbolic links planted by the attacker (the test):
//	ws/wiki/abs-link -> <outside>       ws/wiki/up-link -> ../..
//	ws/wiki/raw-link -> ../raw          ws/wiki/file-link.md -> ../raw/rfc-0034.md
//	ws/wiki/self -> .                   ws/wiki/dangling.md -> <outside>/new.md
//	ws/wiki/sub/inner -> ../../..       ws/raw/out-link.md -> <outside>/secret.md
//	ws/wiki/secret-link.md -> <outside>/secret.md
func newTestWorkspace(t *testing.T) (dir, outside string, links []string) {
	t.Helper()
	base := t.TempDir()
	dir = filepath.Join(base, "ws")
	outside = filepath.Join(base, "outside")
	for _, d := range []string{outside, filepath.Join(dir, "raw"), filepath.Join(dir, "wiki", "sub")} {
		require.NoError(t, os.MkdirAll(d, 0o755))
	}
	files := map[string]string{
		filepath.Join(outside, "secret.md"):          "outside secret\n",
		filepath.Join(dir, "raw", "rfc-0034.md"):     "The SLA is 99.95% monthly.\n",
		filepath.Join(dir, "wiki", "page.md"):        "page\n",
		filepath.Join(dir, "wiki", "index.md"):       "index\n",
		filepath.Join(dir, "wiki", "log.md"):         "log\n",
		filepath.Join(dir, "wiki", "sub", "deep.md"): "deep\n",
		filepath.Join(dir, "wiki", "overview.md"):    "overview\n",
	}
	for p, c := range files {
		require.NoError(t, os.WriteFile(p, []byte(c), 0o644))
	}
	symlinks := []struct{ at, to string }{
		{"wiki/abs-link", outside},
		{"wiki/up-link", "../.."},
		{"wiki/raw-link", "../raw"},
		{"wiki/file-link.md", "../raw/rfc-0034.md"},
		{"wiki/self", "."},
		{"wiki/dangling.md", filepath.Join(outside, "new.md")},
		{"wiki/sub/inner", "../../.."},
		{"raw/out-link.md", filepath.Join(outside, "secret.md")},
		{"wiki/secret-link.md", filepath.Join(outside, "secret.md")},
	}
	for _, s := range symlinks {
		if err := os.Symlink(s.to, filepath.Join(dir, filepath.FromSlash(s.at))); err != nil {
			t.Skipf("symbolic links unavailable: %v", err)
		}
	}
	links = []string{
		"wiki/abs-link/secret.md", "wiki/abs-link/new.md", "wiki/abs-link",
		"wiki/up-link/outside/secret.md", "wiki/up-link/ws/raw/rfc-0034.md",
		"wiki/raw-link/rfc-0034.md", "wiki/raw-link/new.md",
		"wiki/file-link.md", "wiki/self/page.md", "wiki/self/new.md",
		"wiki/dangling.md", "wiki/sub/inner/outside/secret.md", "wiki/sub/inner/new.md",
		"raw/out-link.md", "wiki/secret-link.md",
	}
	return dir, outside, links
}

func TestWorkspaceRefusesHostilePaths(t *testing.T) {
	dir, outside, links := newTestWorkspace(t)
	w, err := Open(dir)
	require.NoError(t, err)
	defer w.Close()

	hostile := append(hostilePaths(t), links...)
	require.GreaterOrEqual(t, len(hostile), 40)
	for _, p := range hostile {
		for _, op := range []Op{OpRead, OpCreate, OpWrite, OpDelete} {
			err := w.Check(op, p)
			require.Error(t, err, "%s %q was allowed", op, p)
			var pe *PathError
			require.ErrorAs(t, err, &pe, "%s %q", op, p)
			assert.NotEqual(t, "", pe.Err.Error())
			assert.NotContains(t, err.Error(), "\x00")
		}
		// The operations themselves refuse too, and nothing leaks out.
		_, err := w.ReadFile(p)
		assert.Error(t, err, "read %q", p)
		assert.Error(t, w.Create(p, []byte("pwned")), "create %q", p)
		assert.Error(t, w.WriteFile(p, []byte("pwned")), "write %q", p)
		assert.Error(t, w.Remove(p), "remove %q", p)
	}
	secret, err := os.ReadFile(filepath.Join(outside, "secret.md"))
	require.NoError(t, err)
	assert.Equal(t, "outside secret\n", string(secret))
	_, err = os.Stat(filepath.Join(outside, "new.md"))
	assert.ErrorIs(t, err, fs.ErrNotExist, "a write escaped through a symbolic link")
	raw, err := os.ReadFile(filepath.Join(dir, "raw", "rfc-0034.md"))
	require.NoError(t, err)
	assert.Equal(t, "The SLA is 99.95% monthly.\n", string(raw))
}

func TestWorkspaceReasons(t *testing.T) {
	dir, _, _ := newTestWorkspace(t)
	w, err := Open(dir)
	require.NoError(t, err)
	defer w.Close()
	tests := []struct {
		op   Op
		path string
		want error // nil: allowed
	}{
		{OpRead, "raw/rfc-0034.md", nil},
		{OpRead, "wiki/page.md", nil},
		{OpRead, "wiki/sub/deep.md", nil},
		{OpCreate, "wiki/new.md", nil},
		{OpCreate, "wiki/new/dir/page.md", nil},
		{OpCreate, "wiki/café.md", nil},
		{OpWrite, "wiki/page.md", nil},
		{OpWrite, "wiki/index.md", nil},
		{OpDelete, "wiki/page.md", nil},
		{OpWrite, "raw/rfc-0034.md", ErrReadOnly},
		{OpCreate, "raw/new.md", ErrReadOnly},
		{OpDelete, "raw/rfc-0034.md", ErrReadOnly},
		{OpCreate, "README.md", ErrOutsideArea},
		{OpRead, "wiki", ErrOutsideArea},
		{OpCreate, "wiki/page.md", ErrExists},
		{OpWrite, "wiki/nope.md", ErrMissing},
		{OpRead, "wiki/sub", ErrMissing},
		{OpCreate, "wiki/page.md/child.md", ErrMissing},
		{OpDelete, "wiki/index.md", ErrProtected},
		{OpDelete, "wiki/log.md", ErrProtected},
		{OpDelete, "wiki/overview.md", ErrProtected},
		{OpDelete, "wiki/INDEX.md", ErrProtected},
		{OpDelete, "wiki/Log.MD", ErrProtected},
		{OpCreate, "wiki/../raw/x.md", ErrHostilePath},
		{OpCreate, "wiki/%2e%2e/x.md", ErrHostilePath},
		{OpCreate, "wiki/raw-link/x.md", ErrSymlink},
		{OpWrite, "wiki/file-link.md", ErrSymlink},
		{OpCreate, "wiki/dangling.md", ErrSymlink},
		{0, "wiki/page.md", ErrInvalidOp},
		{Op(9), "wiki/page.md", ErrInvalidOp},
	}
	for _, tt := range tests {
		t.Run(tt.op.String()+" "+tt.path, func(t *testing.T) {
			err := w.Check(tt.op, tt.path)
			if tt.want == nil {
				assert.NoError(t, err)
				return
			}
			assert.ErrorIs(t, err, tt.want)
		})
	}
}

func TestWorkspaceOperations(t *testing.T) {
	dir, _, _ := newTestWorkspace(t)
	w, err := Open(dir, WithProtected("page.md"))
	require.NoError(t, err)
	defer w.Close()
	assert.Equal(t, "ws", w.Name())
	w2, err := Open(dir + string(filepath.Separator))
	require.NoError(t, err)
	assert.Equal(t, "ws", w2.Name())
	require.NoError(t, w2.Close())

	require.NoError(t, w.Create("wiki/topics/sla.md", []byte("sla\n")))
	got, err := w.ReadFile("wiki/topics/sla.md")
	require.NoError(t, err)
	assert.Equal(t, "sla\n", string(got))
	assert.ErrorIs(t, w.Create("wiki/topics/sla.md", nil), ErrExists)
	require.NoError(t, w.WriteFile("wiki/topics/sla.md", []byte("v2\n")))
	got, err = os.ReadFile(filepath.Join(dir, "wiki", "topics", "sla.md"))
	require.NoError(t, err)
	assert.Equal(t, "v2\n", string(got))
	require.NoError(t, w.Remove("wiki/topics/sla.md"))
	assert.ErrorIs(t, w.Remove("wiki/page.md"), ErrProtected)
	require.NoError(t, w.Remove("wiki/index.md"), "WithProtected replaced the defaults")

	src, err := fs.ReadFile(w.Sources(), "rfc-0034.md")
	require.NoError(t, err)
	assert.Contains(t, string(src), "99.95%")
	_, err = fs.ReadFile(w.Sources(), "out-link.md")
	assert.Error(t, err, "Sources must not follow links out of raw/")

	_, err = Open(dir, WithProtected("../x"))
	assert.ErrorIs(t, err, ErrHostilePath)
}

func TestZeroWorkspaceRefuses(t *testing.T) {
	var w Workspace
	assert.Error(t, w.Check(OpRead, "wiki/page.md"))
	assert.Error(t, w.Create("wiki/page.md", nil))
	assert.Nil(t, w.Sources())
	assert.NoError(t, w.Close())
	var nilW *Workspace
	assert.Error(t, nilW.Check(OpCreate, "wiki/x.md"))
	assert.True(t, nilW.IsProtected("wiki/index.md"))
	var s Workspaces
	_, err := s.Open("ws")
	assert.ErrorIs(t, err, ErrOtherWorkspace)
}

func TestOpenWorkspaceRefusesLinkedAreas(t *testing.T) {
	base := t.TempDir()
	outside := filepath.Join(base, "outside")
	ws := filepath.Join(base, "ws")
	require.NoError(t, os.MkdirAll(outside, 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(ws, "raw"), 0o755))
	if err := os.Symlink(outside, filepath.Join(ws, "wiki")); err != nil {
		t.Skipf("symbolic links unavailable: %v", err)
	}
	_, err := Open(ws)
	assert.Error(t, err)
	_, err = Open(filepath.Join(base, "missing"))
	assert.Error(t, err)
}

func TestWorkspacesPinned(t *testing.T) {
	dir, _, _ := newTestWorkspace(t)
	parent := filepath.Dir(dir)
	require.NoError(t, os.MkdirAll(filepath.Join(parent, "other", "raw"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(parent, "other", "wiki"), 0o755))
	require.NoError(t, os.Symlink("ws", filepath.Join(parent, "alias")))

	pinned, err := OpenWorkspaces(parent, "ws")
	require.NoError(t, err)
	defer pinned.Close()
	for _, name := range []string{"", "ws"} {
		w, err := pinned.Open(name)
		require.NoError(t, err, name)
		assert.Equal(t, "ws", w.Name())
		require.NoError(t, w.Close())
	}
	for _, name := range []string{"other", "alias", "WS", "ws/", "../ws", "ws/wiki", parent, filepath.Join(parent, "ws"), "outside"} {
		_, err := pinned.Open(name)
		assert.ErrorIs(t, err, ErrOtherWorkspace, name)
	}

	free, err := OpenWorkspaces(parent, "")
	require.NoError(t, err)
	defer free.Close()
	w, err := free.Open("other")
	require.NoError(t, err)
	assert.Equal(t, "other", w.Name())
	require.NoError(t, w.Close())
	for _, name := range []string{"", "..", "../ws", "ws/wiki", "nope", "outside"} {
		_, err := free.Open(name)
		assert.Error(t, err, name)
	}
	_, err = free.Open("alias")
	assert.ErrorIs(t, err, ErrSymlink)
	_, err = OpenWorkspaces(parent, "../x")
	assert.ErrorIs(t, err, ErrOtherWorkspace)
}

func TestValidatePathAllows(t *testing.T) {
	for _, p := range []string{"wiki/page.md", "wiki/topics/sla-2026_v2.md", "wiki/café.md", "wiki/日本語.md",
		"wiki/a b.md", "wiki/notes (draft).md", "raw/rfc-0034.md", "wiki/a..b.md"} {
		assert.NoError(t, ValidatePath(p), p)
	}
	assert.ErrorIs(t, ValidatePath("wiki/100%.md"), ErrHostilePath)
	assert.ErrorIs(t, ValidatePath("wiki/..md"), ErrHostilePath)
	err := ValidatePath("wiki/%2e%2e/x")
	var pe *PathError
	require.True(t, errors.As(err, &pe))
	assert.Equal(t, "percent-encoding", pe.Detail)
}

func TestHardLinksAreRefused(t *testing.T) {
	dir, outside, _ := newTestWorkspace(t)
	w, err := Open(dir)
	require.NoError(t, err)
	defer w.Close()
	// A page hard-linked to a raw/ source, and one to a file outside.
	require.NoError(t, os.Link(filepath.Join(dir, "raw", "rfc-0034.md"), filepath.Join(dir, "wiki", "hard-raw.md")))
	require.NoError(t, os.Link(filepath.Join(outside, "secret.md"), filepath.Join(dir, "wiki", "hard-out.md")))
	for _, p := range []string{"wiki/hard-raw.md", "wiki/hard-out.md"} {
		assert.ErrorIs(t, w.Check(OpWrite, p), ErrHardLink, p)
		assert.ErrorIs(t, w.WriteFile(p, []byte("pwned")), ErrHardLink, p)
		_, err := w.ReadFile(p)
		assert.ErrorIs(t, err, ErrHardLink, p)
	}
	// raw/rfc-0034.md now has two links: Sources refuses it too.
	_, err = fs.ReadFile(w.Sources(), "rfc-0034.md")
	assert.ErrorIs(t, err, ErrHardLink)
	// Deleting the wiki/ link leaves the source alone.
	require.NoError(t, w.Remove("wiki/hard-raw.md"))
	raw, err := os.ReadFile(filepath.Join(dir, "raw", "rfc-0034.md"))
	require.NoError(t, err)
	assert.Equal(t, "The SLA is 99.95% monthly.\n", string(raw))
	src, err := fs.ReadFile(w.Sources(), "rfc-0034.md")
	require.NoError(t, err, "one link again")
	assert.Equal(t, raw, src)
}

func TestSpecialFilesNeverBlock(t *testing.T) {
	dir, _, _ := newTestWorkspace(t)
	for _, p := range []string{"raw/fifo.md", "wiki/fifo.md"} {
		if err := mkfifo(filepath.Join(dir, filepath.FromSlash(p))); err != nil {
			t.Skipf("no FIFOs here: %v", err)
		}
	}
	w, err := Open(dir)
	require.NoError(t, err)
	defer w.Close()
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, err := fs.ReadFile(w.Sources(), "fifo.md")
		assert.ErrorIs(t, err, ErrMissing)
		_, err = fs.Stat(w.Sources(), "fifo.md")
		assert.ErrorIs(t, err, ErrMissing)
		for _, p := range []string{"raw/fifo.md", "wiki/fifo.md"} {
			_, err = w.ReadFile(p)
			assert.ErrorIs(t, err, ErrMissing, p)
			assert.ErrorIs(t, w.Check(OpRead, p), ErrMissing, p)
		}
		assert.ErrorIs(t, w.WriteFile("wiki/fifo.md", []byte("x")), ErrMissing)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("reading a FIFO blocked")
	}
}

func TestReadLimit(t *testing.T) {
	dir, _, _ := newTestWorkspace(t)
	w, err := Open(dir, WithMaxFileBytes(10))
	require.NoError(t, err)
	defer w.Close()
	_, err = w.ReadFile("raw/rfc-0034.md")
	assert.ErrorIs(t, err, ErrTooLarge)
	_, err = fs.ReadFile(w.Sources(), "rfc-0034.md")
	assert.ErrorIs(t, err, ErrTooLarge)
	b, err := w.ReadFile("wiki/page.md")
	require.NoError(t, err)
	assert.Equal(t, "page\n", string(b))
}

func TestQuota(t *testing.T) {
	dir, _, _ := newTestWorkspace(t)
	// page, index, log, overview and sub/deep: five pages.
	w, err := Open(dir, WithMaxPages(6))
	require.NoError(t, err)
	defer w.Close()
	require.NoError(t, w.Check(OpCreate, "wiki/a.md"))
	require.NoError(t, w.Create("wiki/a.md", []byte("a\n")))
	err = w.Create("wiki/b.md", []byte("b\n"))
	assert.ErrorIs(t, err, ErrQuota)
	assert.ErrorIs(t, w.Check(OpCreate, "wiki/b.md"), ErrQuota)
	assert.EqualError(t, err, `workspace: create "wiki/b.md": page quota reached (wiki/ holds 6 of 6 pages)`)
	// Path rules come first: a hostile path is reported as such.
	assert.ErrorIs(t, w.Create("wiki/../raw/x.md", nil), ErrHostilePath)
	assert.ErrorIs(t, w.Create("raw/x.md", nil), ErrReadOnly)
	require.NoError(t, w.Remove("wiki/a.md"))
	assert.NoError(t, w.Create("wiki/b.md", []byte("b\n")))

	for _, bad := range []Option{WithMaxPages(0), WithMaxFileBytes(0), nil} {
		_, err := Open(dir, bad)
		assert.Error(t, err)
	}
}

func TestClosedWorkspaceRefuses(t *testing.T) {
	dir, _, _ := newTestWorkspace(t)
	w, err := Open(dir)
	require.NoError(t, err)
	src := w.Sources()
	require.NoError(t, w.Close())
	require.NoError(t, w.Close())
	assert.ErrorIs(t, w.Check(OpRead, "wiki/page.md"), ErrClosed)
	_, err = w.ReadFile("wiki/page.md")
	assert.ErrorIs(t, err, ErrClosed)
	assert.ErrorIs(t, w.WriteFile("wiki/page.md", nil), ErrClosed)
	_, err = fs.ReadFile(src, "rfc-0034.md")
	assert.ErrorIs(t, err, ErrClosed)
	assert.Nil(t, w.Sources())
}

func TestWriteFileReplacesAtomically(t *testing.T) {
	dir, _, _ := newTestWorkspace(t)
	w, err := Open(dir)
	require.NoError(t, err)
	defer w.Close()
	p := filepath.Join(dir, "wiki", "page.md")
	require.NoError(t, os.Chmod(p, 0o600))
	before, err := os.Stat(p)
	require.NoError(t, err)
	require.NoError(t, w.WriteFile("wiki/page.md", []byte("v2\n")))
	after, err := os.Stat(p)
	require.NoError(t, err)
	assert.False(t, os.SameFile(before, after), "a new inode, renamed over the page")
	assert.Equal(t, fs.FileMode(0o600), after.Mode().Perm(), "the mode is kept")
	entries, err := os.ReadDir(filepath.Join(dir, "wiki"))
	require.NoError(t, err)
	for _, e := range entries {
		assert.False(t, strings.HasPrefix(e.Name(), ".wardline-"), "temporary file left behind: %s", e.Name())
	}
}
