package audit

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

const (
	algSHA256 = "sha256"
	algHMAC   = "hmac-sha256"
	// hashSuffixLen is len(`,"hash":"`) + 64 + len(`"}`).
	hashSuffixLen = 9 + 64 + 2
)

// Logger appends hash-chained audit records to a writer.
//
// A Logger is safe for concurrent use by multiple goroutines. Records are
// numbered and chained in the order their Log calls acquire the writer, and
// each is written with a single Write call, so lines never interleave.
// The expensive part of Log (copying, redacting and encoding the record)
// runs before the writer is acquired, in the caller's goroutine.
//
// The zero Logger (and a nil *Logger) refuses every call with
// [ErrNoLogger]; create loggers with [NewLogger] or [OpenFile].
type Logger struct {
	cfg    config
	redact func(string) string // nil: WithoutRedaction
	cfgErr error
	sem    chan struct{} // a mutex that a context can give up on
	w      io.Writer
	file   *os.File // owned by the logger (OpenFile), closed by Close
	// headFile is a second handle on file, without O_APPEND, through which
	// the head line is rewritten in place (OpenFile only).
	headFile *os.File
	mac      hash.Hash
	alg      string

	// Guarded by sem.
	seq      uint64
	prev     string
	buf      []byte
	unsynced int
	timer    *time.Timer
	err      error // sticky write/sync failure
	closed   bool
}

// NewLogger returns a logger that writes one line per record to w.
//
// The first line chains from [Genesis] of the log id ([WithLogID]); use
// [OpenFile] to continue an existing log file. If w or an option is
// invalid, the returned logger refuses every call with the error (wrapping
// [ErrInvalidOption]), which [Logger.Err] also reports; NewLogger never
// returns nil.
//
// The logger does not close w; Close only syncs it. Write errors are
// sticky: see "Write failures" in the package documentation.
func NewLogger(w io.Writer, opts ...Option) *Logger {
	cfg, err := buildConfig(opts)
	if err == nil && w == nil {
		err = &optionError{"NewLogger: nil writer"}
	}
	return newLogger(w, cfg, err)
}

func newLogger(w io.Writer, cfg config, cfgErr error) *Logger {
	l := &Logger{cfg: cfg, redact: cfg.redactor(), cfgErr: cfgErr, sem: make(chan struct{}, 1), w: w, alg: algSHA256}
	if len(cfg.key) > 0 {
		l.mac = hmac.New(sha256.New, cfg.key)
		l.alg = algHMAC
	}
	l.prev = Genesis(cfg.logID)
	return l
}

func (l *Logger) lock(ctx context.Context) error {
	select {
	case l.sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (l *Logger) unlock() { <-l.sem }

// usable reports the error every call returns before taking the lock.
func (l *Logger) usable() error {
	if l == nil || l.sem == nil {
		return ErrNoLogger
	}
	return l.cfgErr
}

// Log appends r to the log. It returns nil only once the line has been
// written in full (and, with [WithSyncEvery](1), synced). Otherwise it
// returns why: an invalid record or attribute ([ErrInvalidRecord],
// [ErrUnsupportedValue], [ErrTooLarge]: nothing was written and the logger
// carries on), the context's error if ctx ended while waiting for the
// writer (nothing was written), [ErrClosed], or a write or sync failure,
// after which the logger stops (see "Write failures" in the package
// documentation). A caller that gates a side effect on the decision should
// treat a Log error as a reason not to proceed.
//
// Once the writer is acquired the write itself is not interrupted by ctx.
// A nil ctx is treated as context.Background().
func (l *Logger) Log(ctx context.Context, r Record) error {
	if err := l.usable(); err != nil {
		return err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	restp := bufPool.Get().(*[]byte)
	defer func() {
		if cap(*restp) <= 64<<10 { // do not keep a huge record's buffer
			*restp = (*restp)[:0]
			bufPool.Put(restp)
		}
	}()
	rest, err := l.encodeRest((*restp)[:0], &r)
	*restp = rest
	if err != nil {
		return err
	}
	if err := l.lock(ctx); err != nil {
		return err
	}
	defer l.unlock()
	if l.closed {
		return ErrClosed
	}
	if l.err != nil {
		return l.err
	}
	return l.writeLocked(rest)
}

var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

// writeLocked chains, hashes and writes one record whose fields after prev
// are already encoded in rest (without braces).
func (l *Logger) writeLocked(rest []byte) error {
	seq := l.seq + 1
	b := l.buf[:0]
	b = append(b, `{"seq":`...)
	b = strconv.AppendUint(b, seq, 10)
	b = append(b, `,"prev":"`...)
	b = append(b, l.prev...)
	b = append(b, `",`...)
	b = append(b, rest...)
	b = append(b, `,"alg":"`...)
	b = append(b, l.alg...)
	b = append(b, `"}`...)
	var sum [sha256.Size]byte
	if l.mac != nil {
		l.mac.Reset()
		l.mac.Write(b)
		l.mac.Sum(sum[:0])
	} else {
		sum = sha256.Sum256(b)
	}
	b = b[:len(b)-1]
	b = append(b, `,"hash":"`...)
	hashAt := len(b)
	b = hex.AppendEncode(b, sum[:])
	b = append(b, "\"}\n"...)
	l.buf = b
	if len(b) > MaxLineBytes {
		return fmt.Errorf("%w: line of %d bytes exceeds %d", ErrTooLarge, len(b), MaxLineBytes)
	}
	n, err := l.w.Write(b)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	if err != nil {
		l.err = &failedError{fmt.Errorf("writing seq %d: %w", seq, err)}
		return l.err
	}
	l.seq = seq
	l.prev = string(b[hashAt : hashAt+64])
	l.unsynced++
	if l.cfg.syncEvery > 0 && l.unsynced >= l.cfg.syncEvery {
		return l.syncLocked()
	}
	if l.cfg.syncDelay > 0 && l.timer == nil {
		l.timer = time.AfterFunc(l.cfg.syncDelay, l.timerSync)
	}
	return nil
}

func (l *Logger) timerSync() {
	_ = l.lock(context.Background())
	defer l.unlock()
	l.timer = nil
	if l.closed || l.err != nil || l.unsynced == 0 {
		return
	}
	// A failure becomes sticky; the next Log or Sync reports it.
	_ = l.syncLocked()
}

func (l *Logger) syncLocked() error {
	if l.timer != nil {
		l.timer.Stop()
		l.timer = nil
	}
	if f, ok := l.w.(interface{ Flush() error }); ok {
		if err := f.Flush(); err != nil {
			l.err = &failedError{fmt.Errorf("flushing after seq %d: %w", l.seq, err)}
			return l.err
		}
	}
	if s, ok := l.w.(interface{ Sync() error }); ok {
		if err := s.Sync(); err != nil {
			l.err = &failedError{fmt.Errorf("syncing after seq %d: %w", l.seq, err)}
			return l.err
		}
	}
	l.unsynced = 0
	// The records up to l.seq are durable: the head may now vouch for
	// them.
	if err := l.writeHead(false); err != nil {
		l.err = &failedError{err}
		return l.err
	}
	return nil
}

// Sync flushes and syncs the writer (see [WithSyncEvery] for what that
// means), so that every record Log has returned nil for is durable. It
// returns the sticky error if the logger has stopped, and [ErrClosed] after
// Close.
func (l *Logger) Sync() error {
	if err := l.usable(); err != nil {
		return err
	}
	_ = l.lock(context.Background())
	defer l.unlock()
	if l.closed {
		return ErrClosed
	}
	if l.err != nil {
		return l.err
	}
	return l.syncLocked()
}

// Close syncs the log and stops the logger; later Log calls return
// [ErrClosed]. It closes the file of a logger made by [OpenFile], but not
// a writer passed to [NewLogger]. It returns the sticky error if the
// logger had stopped (the file is still closed). Calling Close again
// returns nil.
func (l *Logger) Close() error {
	if err := l.usable(); err != nil {
		return err
	}
	_ = l.lock(context.Background())
	defer l.unlock()
	if l.closed {
		return nil
	}
	l.closed = true
	var err error
	if l.err != nil {
		err = l.err
	} else {
		err = l.syncLocked()
	}
	if err == nil && l.headFile != nil {
		// The head says the log was closed at its last record.
		err = l.writeHead(true)
		if err == nil {
			err = l.headFile.Sync()
		}
	}
	if l.timer != nil {
		l.timer.Stop()
		l.timer = nil
	}
	if l.headFile != nil {
		if cerr := l.headFile.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}
	if l.file != nil {
		if cerr := l.file.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}
	return err
}

// Checkpoint returns the seq and hash of the last line written (seq 0 and
// the genesis value before the first). Store it where the log's writer
// cannot change it, and pass it to [Verifier] later to detect lines
// removed from the end.
func (l *Logger) Checkpoint() Checkpoint {
	if l.usable() != nil {
		return Checkpoint{}
	}
	_ = l.lock(context.Background())
	defer l.unlock()
	return Checkpoint{Seq: l.seq, Hash: l.prev}
}

// Err returns the error that makes the logger refuse calls: an invalid
// option, a sticky write or sync failure, or [ErrClosed]. It returns nil
// while the logger is healthy.
func (l *Logger) Err() error {
	if err := l.usable(); err != nil {
		return err
	}
	_ = l.lock(context.Background())
	defer l.unlock()
	if l.err != nil {
		return l.err
	}
	if l.closed {
		return ErrClosed
	}
	return nil
}

// encodeRest validates r, fills its defaults and appends the canonical
// encoding of every field from "time" to "masked", without braces.
func (l *Logger) encodeRest(b []byte, r *Record) ([]byte, error) {
	if strings.TrimSpace(r.Gate) == "" {
		return b, fmt.Errorf("%w: Gate is empty", ErrInvalidRecord)
	}
	if strings.TrimSpace(r.Decision) == "" {
		return b, fmt.Errorf("%w: Decision is empty", ErrInvalidRecord)
	}
	if r.Time.IsZero() {
		r.Time = l.cfg.now()
	}
	if r.DecisionID == "" {
		r.DecisionID = newUUID()
	}
	n := normalizer{redact: l.redact}
	for _, f := range []*string{&r.DecisionID, &r.Gate, &r.Decision, &r.Reason, &r.TurnID, &r.Actor, &r.InputDigest, &r.Verdict} {
		*f = n.str(*f)
	}
	var attrs map[string]any
	if len(r.Attrs) > 0 {
		t, err := n.value(r.Attrs, 1)
		if err != nil {
			return b, within(err, "attrs")
		}
		attrs = t.(map[string]any)
	}
	var erased, masked []string
	apply := func(ps []pointer, mask bool) []string {
		var hit []string
		for _, p := range ps {
			ok := false
			if p.tokens[0] == "attrs" {
				ok = attrs != nil && p.applyAttrs(attrs, mask)
			} else if s := r.field(p.tokens[0]); s != nil && *s != "" {
				ok = true
				if mask {
					*s = Mask
				} else {
					*s = ""
				}
			}
			if ok {
				hit = append(hit, p.raw)
			}
		}
		slices.Sort(hit)
		return slices.Compact(hit)
	}
	if len(l.cfg.erase)+len(l.cfg.mask) > 0 {
		erased = apply(l.cfg.erase, false)
		masked = apply(l.cfg.mask, true)
	}

	b = append(b, `"time":`...)
	b = appendString(b, r.Time.UTC().Format(time.RFC3339Nano))
	b = appendField(b, "decision_id", r.DecisionID)
	b = appendField(b, "gate", r.Gate)
	b = appendField(b, "decision", r.Decision)
	b = appendOptional(b, "reason", r.Reason)
	b = appendOptional(b, "turn_id", r.TurnID)
	b = appendOptional(b, "actor", r.Actor)
	b = appendOptional(b, "input_digest", r.InputDigest)
	b = appendOptional(b, "verdict", r.Verdict)
	if r.Latency != 0 {
		b = append(b, `,"latency_ns":`...)
		b = strconv.AppendInt(b, int64(r.Latency), 10)
	}
	if len(attrs) > 0 {
		b = append(b, `,"attrs":`...)
		b = appendValue(b, attrs)
	}
	if len(erased) > 0 {
		b = append(b, `,"erased":`...)
		b = appendStrings(b, erased, &n)
	}
	if len(masked) > 0 {
		b = append(b, `,"masked":`...)
		b = appendStrings(b, masked, &n)
	}
	if len(b) > MaxLineBytes {
		return b, fmt.Errorf("%w: record of more than %d bytes", ErrTooLarge, MaxLineBytes)
	}
	return b, nil
}

func appendField(b []byte, name, v string) []byte {
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return appendString(b, v)
}

func appendOptional(b []byte, name, v string) []byte {
	if v == "" {
		return b
	}
	return appendField(b, name, v)
}

func appendStrings(b []byte, ss []string, n *normalizer) []byte {
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, n.str(s))
	}
	return append(b, ']')
}

func newUUID() string {
	var u [16]byte
	_, _ = rand.Read(u[:]) // never fails (Go 1.24+ crashes instead)
	u[6] = u[6]&0x0f | 0x40
	u[8] = u[8]&0x3f | 0x80
	var s [36]byte
	hex.Encode(s[0:8], u[0:4])
	s[8] = '-'
	hex.Encode(s[9:13], u[4:6])
	s[13] = '-'
	hex.Encode(s[14:18], u[6:8])
	s[18] = '-'
	hex.Encode(s[19:23], u[8:10])
	s[23] = '-'
	hex.Encode(s[24:], u[10:])
	return string(s[:])
}

// field returns the top-level string field a pointer may name.
func (r *Record) field(name string) *string {
	switch name {
	case "reason":
		return &r.Reason
	case "verdict":
		return &r.Verdict
	case "actor":
		return &r.Actor
	case "turn_id":
		return &r.TurnID
	case "input_digest":
		return &r.InputDigest
	}
	return nil
}
