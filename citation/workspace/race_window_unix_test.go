//go:build unix

package workspace

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLinkRemovedAfterOpen plays the race TestLinkSwapRace found under
// load, deterministically: wiki/page.md is a hard link to a raw/ source
// when ReadFile opens it, and between the open and the check the link is
// replaced by a fresh page (as a concurrent WriteFile does), so the source
// has one link again when it is checked. ReadFile must not return the
// source.
func TestLinkRemovedAfterOpen(t *testing.T) {
	dir, _, _ := newTestWorkspace(t)
	w, err := Open(dir)
	require.NoError(t, err)
	defer w.Close()
	page := filepath.Join(dir, "wiki", "page.md")
	_ = os.Remove(page)
	require.NoError(t, os.Link(filepath.Join(dir, "raw", "rfc-0034.md"), page))
	afterOpenHook = func(string) {
		afterOpenHook = nil
		require.NoError(t, os.Remove(page))
		require.NoError(t, os.WriteFile(page, []byte("a fresh page\n"), 0o644))
	}
	t.Cleanup(func() { afterOpenHook = nil })
	b, err := w.ReadFile("wiki/page.md")
	assert.ErrorIs(t, err, ErrHardLink)
	assert.NotContains(t, string(b), "99.95%")
	// Read again, the fresh page is what the path names.
	b, err = w.ReadFile("wiki/page.md")
	require.NoError(t, err)
	assert.Equal(t, "a fresh page\n", string(b))
}
