package audit

import (
	"errors"
	"fmt"
)

// Kinds of verification failure. A [*VerifyError] wraps one of them (or,
// for a line that is both out of sequence and unlinked, ErrSequence and
// ErrBrokenLink), so callers test the kind with errors.Is and read the line
// with errors.As.
var (
	// ErrTruncated: the last line has no terminating newline and is what a
	// crash in the middle of a write leaves behind: the start of the next
	// record (or NUL bytes), after every record the log's head vouches for.
	// Every line before it verified. [OpenFile] drops such a tail and
	// records that it did. A torn line that is not the start of the next
	// record is [ErrCut].
	ErrTruncated = errors.New("audit: truncated last line")
	// ErrCut: the end of the log was altered, not torn by a crash: records
	// the head line vouches for are missing, the head is missing from a log
	// whose first record chains from one, records follow a head that says
	// the log was closed, or the last line without a newline is not the
	// start of the next record. See "Head and tail" in the package
	// documentation for what this proves in each mode.
	ErrCut = errors.New("audit: end of log cut or altered")
	// ErrInvalidJSON: a line is not a JSON object (or is empty).
	ErrInvalidJSON = errors.New("audit: invalid JSON")
	// ErrMalformed: a line is JSON but not an audit record: a required field
	// is missing or has the wrong form, a field is unknown, or the hash is
	// not the last member.
	ErrMalformed = errors.New("audit: malformed record")
	// ErrTooLarge: a line (or a record being logged) exceeds [MaxLineBytes].
	ErrTooLarge = errors.New("audit: record too large")
	// ErrHashMismatch: a line's hash does not match its content.
	ErrHashMismatch = errors.New("audit: hash mismatch")
	// ErrBrokenLink: a line's prev is not the hash of the line before it (or,
	// on the first line, not the genesis value of the log id).
	ErrBrokenLink = errors.New("audit: broken chain link")
	// ErrSequence: a line's seq is not one more than the previous line's
	// (a gap, a repeat, a reordering, or a first line whose seq is not 1).
	ErrSequence = errors.New("audit: sequence gap or repeat")
	// ErrAlgorithm: a line's alg is not the one the verifier expects: an
	// HMAC-keyed log verified without the key, or a plain SHA-256 line where
	// the verifier holds a key (a downgrade).
	ErrAlgorithm = errors.New("audit: unexpected hash algorithm")
	// ErrCheckpoint: the log does not contain the line named by
	// [Verifier.Checkpoint] with that hash (lines were removed from the end,
	// or the last line was rewritten).
	ErrCheckpoint = errors.New("audit: checkpoint not matched")
)

// Errors returned by [Logger] methods.
var (
	// ErrInvalidRecord: a [Record] lacks a required field (Gate, Decision).
	ErrInvalidRecord = errors.New("audit: invalid record")
	// ErrUnsupportedValue: an attribute cannot be represented in JSON
	// (a func, a channel, a complex number, NaN or ±Inf, a cycle, nesting
	// deeper than the limit). The record is not written.
	ErrUnsupportedValue = errors.New("audit: attribute value not representable as JSON")
	// ErrInvalidOption: an [Option] was given a bad value. Because
	// [NewLogger] cannot return an error, the logger it returns refuses
	// every Log with this error.
	ErrInvalidOption = errors.New("audit: invalid option")
	// ErrFailed: an earlier write or sync failed, so the logger stopped. The
	// error returned by later calls wraps both ErrFailed and the original
	// cause. See "Write failures" in the package documentation.
	ErrFailed = errors.New("audit: logger stopped after a write failure")
	// ErrClosed: the logger was closed.
	ErrClosed = errors.New("audit: logger closed")
	// ErrNoLogger: the method was called on a nil or zero Logger, which
	// refuses every call; create loggers with [NewLogger] or [OpenFile].
	ErrNoLogger = errors.New("audit: logger not created with NewLogger or OpenFile")
)

// VerifyError reports the first bad line of a log.
//
// Kind is one of the sentinel errors above (ErrTruncated, ErrHashMismatch,
// ...), so errors.Is(err, audit.ErrTruncated) works. When a line breaks
// the chain in two ways at once (a deleted or reordered line is both a
// sequence gap and a broken link), Kind is the first (ErrSequence) and
// Also holds the other; errors.Is matches both.
// Detail describes the problem with structural facts only (sequence numbers,
// byte counts, field names); it never quotes record content, so it is safe
// to log.
type VerifyError struct {
	// Line is the 1-based line number of the first bad line; for
	// ErrCheckpoint raised at the end of the log, the line after the last.
	Line int
	// Seq is the seq field of that line when it could be read, else 0.
	Seq uint64
	// Kind is the sentinel naming what is wrong.
	Kind error
	// Also lists further kinds that apply to the same line (at most
	// ErrBrokenLink after ErrSequence).
	Also []error
	// Detail is a short secret-free explanation.
	Detail string
}

// Error formats the error as "audit: line N: kind: detail".
func (e *VerifyError) Error() string {
	if e.Detail == "" {
		return fmt.Sprintf("audit: line %d: %s", e.Line, kindText(e.Kind))
	}
	return fmt.Sprintf("audit: line %d: %s: %s", e.Line, kindText(e.Kind), e.Detail)
}

// Unwrap returns Kind and the kinds in Also.
func (e *VerifyError) Unwrap() []error {
	return append([]error{e.Kind}, e.Also...)
}

func kindText(k error) string {
	if k == nil {
		return "unknown"
	}
	s := k.Error()
	const p = "audit: "
	if len(s) > len(p) && s[:len(p)] == p {
		return s[len(p):]
	}
	return s
}

// failedError is the sticky error returned after a write failure: it
// matches both ErrFailed and the original cause.
type failedError struct{ cause error }

func (e *failedError) Error() string { return ErrFailed.Error() + ": " + e.cause.Error() }
func (e *failedError) Unwrap() []error {
	return []error{ErrFailed, e.cause}
}
