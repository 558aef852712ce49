// Package audit writes one JSON line per guardrail decision, hash-chained so
// that tampering is detectable, with secrets redacted before anything is
// hashed, and verifies such logs.
//
// Every wardline control point (a route parsed, a response checked, a
// command gated, an action confirmed, a tool result judged, a wiki write
// verified) can record its decision with [Logger.Log]; [Verify] later
// proves the trail intact or names the first bad line and why. The package
// uses only the standard library (crypto/sha256, crypto/hmac,
// encoding/json for reading, log/slog for the bridge) and imports nothing
// else of wardline's, so an application can audit without linking the
// detectors; the redactor it is meant to be wired with is guard.Redact.
//
// # Format
//
// A log is a sequence of lines, each a canonical JSON object ending in a
// newline:
//
//	{"seq":1,"prev":"<64 hex>","time":"2026-11-22T03:00:00Z","decision_id":"…","gate":"gate.rules",
//	 "decision":"deny","reason":"…","turn_id":"…","actor":"…","input_digest":"sha256:…",
//	 "verdict":"…","latency_ns":1200,"attrs":{…},"erased":[…],"masked":[…],"alg":"sha256","hash":"<64 hex>"}
//
// (shown wrapped; a line has no whitespace). Top-level members appear in
// exactly that order, and the optional ones (reason … masked) only when not
// empty. Inside attrs, object keys are sorted by their UTF-8 bytes at every
// depth, numbers keep the form encoding/json gives them, strings escape only
// '"', '\\', control characters and U+2028/U+2029, and invalid UTF-8 becomes
// U+FFFD. So the same [Record] always produces the same bytes. Times are
// written in UTC, RFC 3339 with nanoseconds as needed.
//
// seq counts lines from 1. hash is the hex SHA-256 (or, with
// [WithHMACKey], HMAC-SHA256) of the line's bytes without the hash member,
// that is: the line up to the `,"hash":` that ends it, followed by '}'.
// prev is the previous line's hash; the first line's prev is
// [Genesis](log id). alg names the hash, so a verifier can tell a keyed log
// from a plain one and refuse a downgrade.
//
// # Attributes
//
// Record.Attrs may hold strings, booleans, integers, finite floats,
// json.Number, time.Time (RFC 3339), time.Duration (nanoseconds), errors
// (their Error text), []byte (base64), slices and maps of these, and any
// value encoding/json can marshal (which is then re-encoded canonically).
// A value JSON cannot represent (a func, a channel, a complex number, NaN,
// ±Inf, a cycle, more than 32 levels of nesting) makes Log fail with
// [ErrUnsupportedValue] naming the attribute's JSON Pointer; it is never
// silently dropped or stringified. The caller's maps are never modified.
//
// # Redaction
//
// [WithRedactor] runs a func(string) string over Reason, Verdict and every
// string value in Attrs before hashing; guard.Redact replaces every secret
// guard.Secrets finds with its redacted excerpt. Map keys and the identifier
// fields (Gate, Decision, DecisionID, TurnID, Actor, InputDigest) are not
// redacted: they are names, not data. [WithErase] and [WithMask] remove or
// replace values by JSON Pointer, like OPA's erased/masked, and each record
// lists the pointers that applied to it. For the application's ordinary
// logs, [Secret], [Redacted] and [ReplaceAttr] keep secrets out of slog
// output.
//
// # Verification and its limits
//
// [Verify] and [Verifier] check every line's form, hash, seq and prev and
// return a [*VerifyError] for the first bad line, whose Kind (errors.Is)
// says what is wrong: [ErrTruncated] (a torn last line, as a crash leaves;
// distinct from tampering, and everything before it verified),
// [ErrInvalidJSON], [ErrMalformed], [ErrTooLarge], [ErrHashMismatch],
// [ErrBrokenLink], [ErrSequence], [ErrAlgorithm] or [ErrCheckpoint].
//
// A plain SHA-256 chain shows any edit, insertion, deletion, duplication
// or reordering of lines that is followed by an intact line. It cannot show
// lines cut from the end, or a last line rewritten along with its hash,
// and someone who can rewrite the whole file can recompute every hash. Two
// measures close those gaps: an HMAC key ([WithHMACKey], [Verifier.Key])
// that the log's writer side does not hand out, and a [Checkpoint] of the
// last line ([Logger.Checkpoint]) kept elsewhere and passed as
// [Verifier.Checkpoint].
//
// # Write failures
//
// Log returns nil only after its line was written in full. If a Write (or
// a Sync) fails, Log returns the error and the logger stops: every later
// Log, Sync and Close returns an error matching both [ErrFailed] and the
// original cause. The logger never re-chains past a failed write, because
// a failed Write may have left part of a line behind; stopping means the
// log ends at most in a torn line, which Verify reports as [ErrTruncated]
// and [OpenFile] repairs (recording the repair) when the log is reopened.
// A decision is therefore never silently missing from the chain: either it
// is on it, or its Log call returned an error. Invalid records and
// attributes are refused before the writer is touched and do not stop the
// logger.
//
// # Files and durability
//
// [OpenFile] appends to a file with O_APPEND, verifies what is already
// there and continues its chain. By default it fsyncs after every record,
// so a nil Log means the record is on disk. [WithSyncEvery] and
// [WithSyncInterval] batch the fsyncs; then a crash can lose records that
// Log acknowledged since the last sync (at most a batch or an interval's
// worth), and only from the end of the file.
//
// To rotate, close the logger, keep its [Logger.Checkpoint], and open the
// next file with a log id that names it, for example
// WithLogID("svc.2 after " + cp.String()): the new file's first line then
// chains from the old file's last one, and verifying it needs that id.
//
// # slog
//
// [NewHandler] is a slog.Handler that turns records carrying a "gate"
// attribute into audit records and passes the rest to another handler,
// so an application that logs its decisions with slog gets a verifiable
// trail without a second call.
//
// # Concurrency and zero values
//
// A [Logger] is safe for concurrent use; lines are numbered in the order
// Log calls acquire the writer and each line is a single Write. Log waits
// for the writer with the caller's context. [Verifier] and the package
// functions are safe for concurrent use. The zero Logger and a nil *Logger
// refuse every call with [ErrNoLogger]; the zero [Verifier] is the default
// verifier.
//
// # Performance
//
// Copying, redacting and encoding a record happen before the writer is
// acquired, so concurrent callers encode in parallel; only hashing (one
// SHA-256 over a few hundred bytes) and the Write are serialised. On a
// shared 2-core machine a typical record (six attributes, ~560 bytes)
// takes about 4 µs and 18 allocations to io.Discard (~235k records/s),
// about 10 µs to a file fsynced every 100 records (~95k records/s); with
// an fsync per record the disk's sync latency dominates (~4.6k records/s
// there). Verify reads about 100k such lines/s. See bench_test.go.
package audit
