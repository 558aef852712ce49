package audit

import (
	"bytes"
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
// A log file starts with a head line ([HeadSize] bytes) that the logger
// rewrites in place after every sync and at Close: it vouches for the last
// record made durable and says whether the log was closed there (see "Head
// and tail" in the package documentation). A new file gets its head first.
//
// An existing file is verified first, with the log id and HMAC key from
// opts. If it verifies, the logger continues from its last record. If its
// only defect is a torn last line ([ErrTruncated]: the start of a record
// whose Log call never returned nil, as a crash leaves), OpenFile cuts the
// file back to the last intact line. If the previous session did not close
// the log (a crash, a kill, or another process still writing it), OpenFile
// appends a record saying so before anything else, so the event is itself
// on the chain: Gate [GateAudit], Decision [DecisionError], and attrs
// previous_end ("not closed" or "torn"), after_seq (the last intact
// record), head_seq (the last record the head vouched for),
// unvouched_records (records after it, which verified but which nothing
// proves were the last), and for a torn tail dropped_bytes and
// torn_records (the records the tear cost: 1 when the dropped bytes are
// the start of a record, 0 when they are only NUL bytes). Any other defect
// ([ErrCut] among them) is returned as the [*VerifyError] and the file is
// left untouched: a log that may have been tampered with is not silently
// extended. A non-empty file without a head line (written by [NewLogger]
// to a file, or before heads existed) is refused too; rotate it.
//
// Verifying reads the whole file once (see BenchmarkVerify1000TypicalLines);
// rotate large logs (see "Files and durability" in the package
// documentation).
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
	// The head is rewritten in place, which a file opened with O_APPEND
	// cannot do: a second handle on the same file.
	hf, err := os.OpenFile(path, os.O_RDWR, 0)
	if err == nil {
		err = sameFile(f, hf)
	}
	if err != nil {
		_ = f.Close()
		if hf != nil {
			_ = hf.Close()
		}
		return nil, fmt.Errorf("audit: %w", err)
	}
	l, err := resume(f, hf, cfg)
	if err != nil {
		_ = f.Close()
		_ = hf.Close()
		return nil, err
	}
	// Make a newly created file's directory entry durable too.
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
	return l, nil
}

func sameFile(a, b *os.File) error {
	ai, err := a.Stat()
	if err != nil {
		return err
	}
	bi, err := b.Stat()
	if err != nil {
		return err
	}
	if !os.SameFile(ai, bi) {
		return errors.New("the log file was replaced while it was opened")
	}
	return nil
}

func resume(f, hf *os.File, cfg config) (*Logger, error) {
	v := Verifier{LogID: cfg.logID, Key: cfg.key}
	st, verr := v.scan(f)
	size, err := f.Seek(0, io.SeekEnd)
	if err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	var dropped int64
	if st.head == nil && (st.good > 0 || len(st.torn) > 0 && !isHeadLine(st.torn)) {
		// Checked before anything is cut: a stream log is not ours to repair.
		return nil, errors.New("audit: existing log has no head line (written by NewLogger, or before heads existed); rotate it instead of appending")
	}
	if verr != nil {
		if !errors.Is(verr, ErrTruncated) {
			return nil, fmt.Errorf("audit: existing log does not verify, not appending: %w", verr)
		}
		dropped = size - st.good
		if err := f.Truncate(st.good); err != nil {
			return nil, fmt.Errorf("audit: dropping torn last line: %w", err)
		}
		if err := f.Sync(); err != nil {
			return nil, fmt.Errorf("audit: dropping torn last line: %w", err)
		}
		size = st.good
	}
	l := newLogger(f, cfg, nil)
	l.file, l.headFile = f, hf
	l.prev = genesisHeaded(cfg.logID)
	if size == 0 {
		// A new log (or one whose head was torn while it was created).
		if _, err := f.Write(encodeHead(cfg.key, cfg.logID, Head{Checkpoint: Checkpoint{Hash: l.prev}, Alg: l.alg})); err != nil {
			return nil, fmt.Errorf("audit: writing the head: %w", err)
		}
		if err := f.Sync(); err != nil {
			return nil, fmt.Errorf("audit: writing the head: %w", err)
		}
		return l, nil
	}
	prevHead := *st.head
	if st.lines > 0 {
		l.seq, l.prev = st.last.Seq, st.last.Hash
	}
	// The head says "open" before anything is appended, so that records
	// after a head that says "closed" always mean tampering.
	if err := l.writeHead(false); err != nil {
		return nil, err
	}
	if err := hf.Sync(); err != nil {
		return nil, fmt.Errorf("audit: writing the head: %w", err)
	}
	if prevHead.Closed && dropped == 0 {
		return l, nil
	}
	end := "not closed"
	reason := "the previous session did not close the log (a crash, a kill, or another process still writing it)"
	attrs := map[string]any{
		"after_seq":         st.last.Seq,
		"head_seq":          prevHead.Seq,
		"unvouched_records": st.last.Seq - prevHead.Seq,
	}
	if dropped > 0 {
		end = "torn"
		reason += "; its torn last line was dropped"
		torn := 0
		if len(bytes.TrimRight(st.torn, "\x00")) > 0 {
			torn = 1
		}
		attrs["dropped_bytes"] = dropped
		attrs["torn_records"] = torn
	}
	attrs["previous_end"] = end
	if err := l.Log(context.Background(), Record{Gate: GateAudit, Decision: DecisionError, Reason: reason, Attrs: attrs}); err != nil {
		return nil, err
	}
	return l, nil
}

// writeHead rewrites the head line in place to vouch for the last record
// written (l.seq); the caller holds the lock (or owns the logger). It does
// not sync: the next fsync of the file, or Close, makes it durable, and
// until then an older head, which vouches for less, may be on disk.
func (l *Logger) writeHead(closed bool) error {
	if l.headFile == nil {
		return nil
	}
	h := Head{Checkpoint: Checkpoint{Seq: l.seq, Hash: l.prev}, Closed: closed, Alg: l.alg}
	if _, err := l.headFile.WriteAt(encodeHead(l.cfg.key, l.cfg.logID, h), 0); err != nil {
		return fmt.Errorf("audit: writing the head: %w", err)
	}
	return nil
}
