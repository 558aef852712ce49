package audit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// GateAudit is the Gate of the records the package writes about the log
// itself (see [OpenFile]).
const GateAudit = "audit"

// OpenFile opens (or creates, mode 0600) the log file at path for
// appending and returns a logger that continues its chain.
//
// An existing file is verified first, with the log id and HMAC key from
// opts. If it verifies, the logger continues from its last line. If its
// only defect is a truncated last line ([ErrTruncated]: a write torn by a
// crash, which no Log call ever returned nil for), OpenFile cuts the file
// back to the last intact line and appends a record saying so (Gate
// [GateAudit], Decision [DecisionError], attrs dropped_bytes and
// after_seq), so the repair is itself on the chain. Any other defect is
// returned as the [*VerifyError] and the file is left untouched: a log that
// may have been tampered with is not silently extended.
//
// Verifying reads the whole file once (about 60 MB/s, see
// BenchmarkVerify1000TypicalLines); rotate large logs (see "Files and durability" in the
// package documentation).
//
// The file is opened with O_APPEND and, unless [WithSyncEvery] says
// otherwise, fsynced after every record. Only one logger (in one process)
// may append to a file at a time; OpenFile does not lock it. Close closes
// the file.
func OpenFile(path string, opts ...Option) (*Logger, error) {
	cfg, err := buildConfig(opts)
	if err != nil {
		return nil, err
	}
	if !cfg.syncEveryS {
		cfg.syncEvery = 1
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	l, err := resume(f, cfg)
	if err != nil {
		_ = f.Close()
		return nil, err
	}
	// Make a newly created file's directory entry durable too.
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
	return l, nil
}

func resume(f *os.File, cfg config) (*Logger, error) {
	v := Verifier{LogID: cfg.logID, Key: cfg.key}
	st, verr := v.scan(f)
	var dropped int64
	if verr != nil {
		if !errors.Is(verr, ErrTruncated) {
			return nil, fmt.Errorf("audit: existing log does not verify, not appending: %w", verr)
		}
		size, err := f.Seek(0, io.SeekEnd)
		if err != nil {
			return nil, fmt.Errorf("audit: %w", err)
		}
		dropped = size - st.good
		if err := f.Truncate(st.good); err != nil {
			return nil, fmt.Errorf("audit: dropping truncated last line: %w", err)
		}
		if err := f.Sync(); err != nil {
			return nil, fmt.Errorf("audit: dropping truncated last line: %w", err)
		}
	}
	l := newLogger(f, cfg, nil)
	l.file = f
	if st.lines > 0 {
		l.seq = st.last.Seq
		l.prev = st.last.Hash
	}
	if dropped > 0 {
		err := l.Log(context.Background(), Record{
			Gate:     GateAudit,
			Decision: DecisionError,
			Reason:   "reopened log ended in a truncated line (a torn write); it was dropped",
			Attrs:    map[string]any{"dropped_bytes": dropped, "after_seq": st.last.Seq},
		})
		if err != nil {
			return nil, err
		}
	}
	return l, nil
}
