package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A relative -workspace under "go run -C examples/mcpguard" lands inside
// the repository: the server refuses it and creates nothing.
func TestRunRefusesWorkspaceInsideRepository(t *testing.T) {
	for _, ws := range []string{"my-workspace", "./nested/ws", "../../testdata/mcpguard-ws", "."} {
		err := run(context.Background(), []string{"-workspace", ws}, io.Discard)
		require.Error(t, err, ws)
		assert.Contains(t, err.Error(), "inside the wardline repository", ws)
		if ws != "." {
			_, statErr := os.Stat(ws)
			assert.True(t, os.IsNotExist(statErr), "%s must not be created", ws)
		}
	}
}

// A symbolic link outside the repository that points into it is refused
// too; a directory outside is accepted as an absolute path.
func TestResolveWorkspace(t *testing.T) {
	outside := t.TempDir()
	got, err := resolveWorkspace(outside)
	require.NoError(t, err)
	assert.Equal(t, outside, got)

	here, err := os.Getwd()
	require.NoError(t, err)
	link := filepath.Join(t.TempDir(), "link")
	require.NoError(t, os.Symlink(here, link))
	_, err = resolveWorkspace(filepath.Join(link, "ws", "deeper"))
	assert.ErrorContains(t, err, "inside the wardline repository")

	assert.Equal(t, "github.com/wardline/wardline/examples/mcpguard", modulePath("go.mod"))
	assert.Empty(t, modulePath(filepath.Join(outside, "go.mod")))
}
