package audit_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/audit"
)

// TestConcurrentLog: 100 goroutines log 1 000 records each into one logger;
// the result is one intact chain of 100 000 lines holding every record
// exactly once, and each goroutine's records appear in its own order.
func TestConcurrentLog(t *testing.T) {
	const workers, each = 100, 1000
	var buf bytes.Buffer
	l := audit.NewLogger(&buf, audit.WithRedactor(func(s string) string { return s }))
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				err := l.Log(context.Background(), audit.Record{
					Time:       t0,
					DecisionID: fmt.Sprintf("w%d-%d", w, i),
					Gate:       "gate.rules",
					Decision:   audit.DecisionAllow,
					Attrs:      map[string]any{"w": w, "i": i},
				})
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	cp := l.Checkpoint()
	require.NoError(t, l.Close())
	assert.Equal(t, uint64(workers*each), cp.Seq)

	got, err := (&audit.Verifier{Checkpoint: &cp}).Verify(bytes.NewReader(buf.Bytes()))
	require.NoError(t, err)
	assert.Equal(t, cp, got)

	ls := lines(buf.Bytes())
	require.Len(t, ls, workers*each)
	next := make([]int, workers)
	for n, line := range ls {
		// attrs keys are sorted: {"i":I,"w":W}
		at := strings.Index(line, `"attrs":{"i":`)
		if at < 0 {
			t.Fatalf("line %d: no attrs", n+1)
		}
		var i, w int
		if _, err := fmt.Sscanf(line[at:], `"attrs":{"i":%d,"w":%d}`, &i, &w); err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
		if next[w] != i {
			t.Fatalf("line %d: worker %d record %d, want %d (out of order)", n+1, w, i, next[w])
		}
		next[w]++
	}
	for w := range workers {
		assert.Equal(t, each, next[w])
	}
}

// failAfter accepts the first n writes, then fails every write; with
// partial set, the failing write first writes half its bytes (a torn
// line, as a full disk leaves).
type failAfter struct {
	bytes.Buffer
	n       int
	partial bool
}

var errDiskFull = errors.New("no space left on device")

func (f *failAfter) Write(p []byte) (int, error) {
	if f.n == 0 {
		if f.partial {
			f.Buffer.Write(p[:len(p)/2])
			f.partial = false
			return len(p) / 2, errDiskFull
		}
		return 0, errDiskFull
	}
	f.n--
	return f.Buffer.Write(p)
}

// shortWriter reports a short write without an error (a broken io.Writer).
type shortWriter struct{ bytes.Buffer }

func (s *shortWriter) Write(p []byte) (int, error) {
	s.Buffer.Write(p[:len(p)-1])
	return len(p) - 1, nil
}

// TestWriterFailsHalfway: Log returns the write error; the logger then
// stops (every later call returns an error matching ErrFailed and the
// cause), so the log holds an intact chain of exactly the records Log
// accepted, at most followed by a torn line, and never a gap.
func TestWriterFailsHalfway(t *testing.T) {
	for _, partial := range []bool{false, true} {
		t.Run(fmt.Sprintf("partial=%v", partial), func(t *testing.T) {
			w := &failAfter{n: 5, partial: partial}
			l := audit.NewLogger(w)
			var accepted int
			for i := range 10 {
				err := l.Log(context.Background(), sampleRecord(i))
				if i < 5 {
					require.NoError(t, err)
					accepted++
					continue
				}
				require.Error(t, err, "record %d", i)
				assert.ErrorIs(t, err, errDiskFull)
				assert.ErrorIs(t, err, audit.ErrFailed)
			}
			assert.Equal(t, 5, accepted)
			assert.ErrorIs(t, l.Err(), audit.ErrFailed)
			assert.ErrorIs(t, l.Sync(), errDiskFull)
			assert.ErrorIs(t, l.Close(), audit.ErrFailed)
			assert.Equal(t, uint64(5), l.Checkpoint().Seq, "failed records are not on the chain")

			cp, err := (&audit.Verifier{}).Verify(bytes.NewReader(w.Bytes()))
			assert.Equal(t, uint64(5), cp.Seq)
			if partial {
				assert.ErrorIs(t, err, audit.ErrTruncated, "a torn write reads as a torn tail, not tampering")
			} else {
				assert.NoError(t, err)
			}
		})
	}
	t.Run("short write without error", func(t *testing.T) {
		w := &shortWriter{}
		l := audit.NewLogger(w)
		err := l.Log(context.Background(), base())
		assert.ErrorIs(t, err, io.ErrShortWrite)
		assert.ErrorIs(t, l.Log(context.Background(), base()), audit.ErrFailed)
	})
}

type failingSync struct {
	bytes.Buffer
}

func (failingSync) Sync() error { return errors.New("fsync: input/output error") }

func TestSyncFailureStops(t *testing.T) {
	w := &failingSync{}
	l := audit.NewLogger(w, audit.WithSyncEvery(1))
	err := l.Log(context.Background(), base())
	require.ErrorIs(t, err, audit.ErrFailed)
	assert.ErrorIs(t, l.Log(context.Background(), base()), audit.ErrFailed)
	assert.Len(t, lines(w.Bytes()), 1, "the line was written but is not durable; the logger stops")
}
