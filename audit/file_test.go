package audit_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
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

// crashedCopy logs n records to a file logger and copies the file as it is
// before Close: what a crash after the n-th Log leaves on disk (every Log
// was fsynced; the head is not closed). The logger is then closed.
func crashedCopy(t *testing.T, n int, opts ...audit.Option) (path string, cp audit.Checkpoint) {
	t.Helper()
	dir := t.TempDir()
	l, err := audit.OpenFile(filepath.Join(dir, "live.log"), opts...)
	require.NoError(t, err)
	logN(t, l, 0, n)
	cp = l.Checkpoint()
	data, err := os.ReadFile(filepath.Join(dir, "live.log"))
	require.NoError(t, err)
	require.NoError(t, l.Close())
	path = filepath.Join(dir, "crashed.log")
	require.NoError(t, os.WriteFile(path, data, 0o600))
	return path, cp
}

func appendBytes(t *testing.T, path, s string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	_, err = f.WriteString(s)
	require.NoError(t, err)
	require.NoError(t, f.Close())
}

func TestOpenFileRepairsTornTail(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	for _, tt := range []struct {
		name      string
		fragment  func(cp audit.Checkpoint) string
		tornRecs  string
		tornBytes int
	}{
		{"start of the next record", func(cp audit.Checkpoint) string {
			return `{"seq":5,"prev":"` + cp.Hash + `","time":"2026-11`
		}, "1", 98},
		{"a few bytes of it", func(audit.Checkpoint) string { return `{"se` }, "1", 4},
		{"NUL bytes", func(audit.Checkpoint) string { return strings.Repeat("\x00", 300) }, "0", 300},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path, cp := crashedCopy(t, 4, audit.WithHMACKey(key))
			appendBytes(t, path, tt.fragment(cp))
			f, err := os.Open(path)
			require.NoError(t, err)
			rep, err := (&audit.Verifier{Key: key}).Inspect(f)
			f.Close()
			require.ErrorIs(t, err, audit.ErrTruncated, "a crash, not a cut")
			assert.EqualValues(t, tt.tornBytes, rep.TornBytes)
			require.NotNil(t, rep.Head)
			assert.False(t, rep.Head.Closed)
			assert.Equal(t, cp, rep.Last)

			l, err := audit.OpenFile(path, audit.WithHMACKey(key))
			require.NoError(t, err)
			logN(t, l, 4, 1)
			require.NoError(t, l.Close())

			got, err := verifyFile(t, path, audit.Verifier{Key: key})
			require.NoError(t, err)
			assert.Equal(t, uint64(6), got.Seq)
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			ls := lines(data)
			require.Len(t, ls, 7, "head, four records, the repair record, one more")
			repair := decodeLine(t, ls[5])
			assert.Equal(t, audit.GateAudit, repair["gate"])
			assert.Equal(t, audit.DecisionError, repair["decision"])
			attrs := repair["attrs"].(map[string]any)
			num := func(k string) string { return attrs[k].(interface{ String() string }).String() }
			assert.Equal(t, "torn", attrs["previous_end"])
			assert.Equal(t, strconv.Itoa(tt.tornBytes), num("dropped_bytes"))
			assert.Equal(t, tt.tornRecs, num("torn_records"), "the records the tear cost")
			assert.Equal(t, "4", num("after_seq"))
			assert.Equal(t, "4", num("head_seq"))
			assert.Equal(t, "0", num("unvouched_records"))
		})
	}
}

func TestOpenFileNoticesUnclosedLog(t *testing.T) {
	path, _ := crashedCopy(t, 3)
	l, err := audit.OpenFile(path)
	require.NoError(t, err)
	require.NoError(t, l.Close())
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	ls := lines(data)
	require.Len(t, ls, 5)
	notice := decodeLine(t, ls[4])
	assert.Equal(t, audit.GateAudit, notice["gate"])
	assert.Equal(t, "not closed", notice["attrs"].(map[string]any)["previous_end"])
	assert.NotContains(t, notice["attrs"], "dropped_bytes")

	// A cleanly closed log is continued without a notice.
	l, err = audit.OpenFile(path)
	require.NoError(t, err)
	assert.Equal(t, uint64(4), l.Checkpoint().Seq)
	require.NoError(t, l.Close())
	data, err = os.ReadFile(path)
	require.NoError(t, err)
	assert.Len(t, lines(data), 5)
}

// TestHeadTellsCutFromCrash: lines removed from the end of a file log, with
// or without a torn line left behind, are ErrCut, never ErrTruncated, and
// OpenFile refuses to continue such a log.
func TestHeadTellsCutFromCrash(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	for _, keyed := range []bool{false, true} {
		t.Run(fmt.Sprintf("keyed=%v", keyed), func(t *testing.T) {
			var opts []audit.Option
			var v audit.Verifier
			if keyed {
				opts, v.Key = []audit.Option{audit.WithHMACKey(key)}, key
			}
			for _, closed := range []bool{true, false} {
				dir := t.TempDir()
				path := filepath.Join(dir, "audit.log")
				if closed {
					l, err := audit.OpenFile(path, opts...)
					require.NoError(t, err)
					logN(t, l, 0, 6)
					require.NoError(t, l.Close())
				} else {
					path, _ = crashedCopy(t, 6, opts...)
				}
				data, err := os.ReadFile(path)
				require.NoError(t, err)
				ls := lines(data)
				// With an fsync per record, the head vouches for every record
				// but the last one whose head write may not have reached the
				// disk; the crashed copy vouches for all six.
				for cut := 1; cut <= 3; cut++ {
					kept := join(ls[:len(ls)-cut])
					for _, tail := range []string{"", ls[len(ls)-cut][:30]} {
						mutated := append(bytes.Clone(kept), tail...)
						_, err := v.Verify(bytes.NewReader(mutated))
						require.ErrorIs(t, err, audit.ErrCut, "closed=%v cut %d lines, tail %q", closed, cut, tail)
						require.NotErrorIs(t, err, audit.ErrTruncated)
						p := filepath.Join(dir, fmt.Sprintf("cut-%d-%d.log", cut, len(tail)))
						require.NoError(t, os.WriteFile(p, mutated, 0o600))
						_, err = audit.OpenFile(p, opts...)
						require.ErrorIs(t, err, audit.ErrCut)
					}
				}
				// Records appended after a close, or the head stripped off.
				if closed {
					_, err := v.Verify(bytes.NewReader(append(bytes.Clone(data), data[audit.HeadSize:audit.HeadSize+20]...)))
					assert.ErrorIs(t, err, audit.ErrCut)
				}
				_, err = v.Verify(bytes.NewReader(data[audit.HeadSize:]))
				assert.ErrorIs(t, err, audit.ErrCut, "head stripped")
			}
		})
	}
}

// TestHeadLimits documents what the head cannot show: in a plain SHA-256
// log, someone who rewrites the head along with the cut goes unseen; with
// an HMAC key they cannot write a head that verifies.
func TestHeadLimits(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	for _, keyed := range []bool{false, true} {
		var opts []audit.Option
		var v audit.Verifier
		if keyed {
			opts, v.Key = []audit.Option{audit.WithHMACKey(key)}, key
		}
		path := filepath.Join(t.TempDir(), "audit.log")
		l, err := audit.OpenFile(path, opts...)
		require.NoError(t, err)
		logN(t, l, 0, 4)
		require.NoError(t, l.Close())
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		ls := lines(data)
		// The attacker cuts two records and writes the head a logger closed
		// at seq 2 would have written, with a key of their own.
		last := decodeLine(t, ls[2])
		forged := forgeHead(t, 2, last["hash"].(string), []byte("attacker-key-attacker-key!"), keyed)
		cut := append(forged, []byte(join(ls[1:3]))...)
		_, err = v.Verify(bytes.NewReader(cut))
		if keyed {
			assert.ErrorIs(t, err, audit.ErrHashMismatch, "an HMAC head cannot be forged without the key")
		} else {
			assert.NoError(t, err, "a plain SHA-256 head proves nothing to someone who can rewrite the file")
		}
	}
}

// forgeHead writes a closed head for (seq, hash) as the documented format
// says, with a mac computed by the attacker: under their own key when the
// log is keyed, plain SHA-256 otherwise.
func forgeHead(t *testing.T, seq int, hash string, attackerKey []byte, keyed bool) []byte {
	t.Helper()
	head := audit.Head{Checkpoint: audit.Checkpoint{Seq: uint64(seq), Hash: hash}, Closed: true, Alg: "sha256"}
	if !keyed {
		return audit.EncodeHeadForTest(head, nil, "")
	}
	head.Alg = "hmac-sha256"
	return audit.EncodeHeadForTest(head, attackerKey, "")
}
