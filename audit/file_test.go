package audit_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/audit"
)

func logN(t *testing.T, l *audit.Logger, from, n int) {
	t.Helper()
	for i := from; i < from+n; i++ {
		require.NoError(t, l.Log(context.Background(), sampleRecord(i)))
	}
}

func verifyFile(t *testing.T, path string, v audit.Verifier) (audit.Checkpoint, error) {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	return v.Verify(f)
}

func TestOpenFileResumes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	l, err := audit.OpenFile(path, audit.WithLogID("svc"))
	require.NoError(t, err)
	logN(t, l, 0, 3)
	require.NoError(t, l.Close())

	if runtime.GOOS != "windows" {
		fi, err := os.Stat(path)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	}

	l, err = audit.OpenFile(path, audit.WithLogID("svc"))
	require.NoError(t, err)
	assert.Equal(t, uint64(3), l.Checkpoint().Seq, "resumed from the last line")
	logN(t, l, 3, 2)
	cp := l.Checkpoint()
	require.NoError(t, l.Close())

	got, err := verifyFile(t, path, audit.Verifier{LogID: "svc", Checkpoint: &cp})
	require.NoError(t, err)
	assert.Equal(t, uint64(5), got.Seq)
}

func TestOpenFileRepairsTornTail(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	key := []byte("0123456789abcdef0123456789abcdef")
	l, err := audit.OpenFile(path, audit.WithHMACKey(key))
	require.NoError(t, err)
	logN(t, l, 0, 4)
	require.NoError(t, l.Close())

	// A crash in the middle of the fifth write.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	_, err = f.WriteString(`{"seq":5,"prev":"abc`)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	_, err = verifyFile(t, path, audit.Verifier{Key: key})
	require.ErrorIs(t, err, audit.ErrTruncated)

	l, err = audit.OpenFile(path, audit.WithHMACKey(key))
	require.NoError(t, err)
	logN(t, l, 4, 1)
	require.NoError(t, l.Close())

	cp, err := verifyFile(t, path, audit.Verifier{Key: key})
	require.NoError(t, err)
	assert.Equal(t, uint64(6), cp.Seq)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	ls := lines(data)
	require.Len(t, ls, 6)
	repair := decodeLine(t, ls[4])
	assert.Equal(t, audit.GateAudit, repair["gate"])
	assert.Equal(t, audit.DecisionError, repair["decision"])
	assert.EqualValues(t, "20", repair["attrs"].(map[string]any)["dropped_bytes"].(interface{ String() string }).String())
	assert.NotContains(t, string(data), `"prev":"abc`)
}

func TestOpenFileRefusesTamperedLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	l, err := audit.OpenFile(path)
	require.NoError(t, err)
	logN(t, l, 0, 3)
	require.NoError(t, l.Close())
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	tampered := []byte(strings.Replace(string(data), `"decision":"deny"`, `"decision":"allow"`, 1))
	require.NoError(t, os.WriteFile(path, tampered, 0o600))

	_, err = audit.OpenFile(path)
	require.ErrorIs(t, err, audit.ErrHashMismatch)
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, tampered, after, "a suspicious log is left as it is")

	// The wrong key or log id is refused the same way.
	require.NoError(t, os.WriteFile(path, data, 0o600))
	_, err = audit.OpenFile(path, audit.WithHMACKey([]byte("0123456789abcdef")))
	assert.ErrorIs(t, err, audit.ErrAlgorithm)
	_, err = audit.OpenFile(path, audit.WithLogID("other"))
	assert.ErrorIs(t, err, audit.ErrBrokenLink)
}

func TestOpenFileBatchedSync(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.log")
	l, err := audit.OpenFile(path, audit.WithSyncEvery(64))
	require.NoError(t, err)
	logN(t, l, 0, 100)
	require.NoError(t, l.Sync())
	cp := l.Checkpoint()
	// What was synced is readable by another reader before Close.
	got, err := verifyFile(t, path, audit.Verifier{Checkpoint: &cp})
	require.NoError(t, err)
	assert.Equal(t, uint64(100), got.Seq)
	require.NoError(t, l.Close())
}

func TestOpenFileErrors(t *testing.T) {
	_, err := audit.OpenFile(filepath.Join(t.TempDir(), "missing-dir", "audit.log"))
	assert.ErrorIs(t, err, os.ErrNotExist)
}

// TestRotationChainsFiles: the documented rotation scheme links a new file
// to the old file's last line through the log id.
func TestRotationChainsFiles(t *testing.T) {
	dir := t.TempDir()
	l, err := audit.OpenFile(filepath.Join(dir, "1.log"), audit.WithLogID("svc.1"))
	require.NoError(t, err)
	logN(t, l, 0, 3)
	cp := l.Checkpoint()
	require.NoError(t, l.Close())

	next := "svc.2 after " + cp.String()
	l, err = audit.OpenFile(filepath.Join(dir, "2.log"), audit.WithLogID(next))
	require.NoError(t, err)
	logN(t, l, 3, 2)
	require.NoError(t, l.Close())

	_, err = verifyFile(t, filepath.Join(dir, "2.log"), audit.Verifier{LogID: next})
	require.NoError(t, err)
	other := audit.Checkpoint{Seq: cp.Seq, Hash: strings.Repeat("0", 64)}
	_, err = verifyFile(t, filepath.Join(dir, "2.log"), audit.Verifier{LogID: "svc.2 after " + other.String()})
	assert.ErrorIs(t, err, audit.ErrBrokenLink, "a different predecessor does not link")
}
