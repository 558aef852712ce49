// Package audit writes one JSON line per guardrail decision, hash-chained so
// that tampering is detectable, with secrets redacted (by default) before
// anything is hashed, and verifies such logs.
//
// Every wardline control point (a route parsed, a response checked, a
// command gated, an action confirmed, a tool result judged, a wiki write
// verified) can record its decision with [Logger.Log]; [Verify] later
// proves the trail intact or names the first bad line and why. The package
// uses only the standard library (crypto/sha256, crypto/hmac,
// encoding/json for reading, log/slog for the bridge) and imports nothing
// else of wardline's, so an application can audit without linking the
// detectors (and gitleaks); see "Redaction" for how guard.Redact is wired
// in.
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
// depth, and numbers keep the form encoding/json gives them. Strings escape
// '"', '\\' and every character that could change how a line reads without
// being seen: C0 and C1 controls, DEL, U+2028/U+2029 and every format
// character (bidi controls such as U+202E and U+2066, zero-width
// characters, the soft hyphen, tag characters) as \uXXXX; nothing else is
// escaped, and invalid UTF-8 becomes U+FFFD. So the same [Record] always
// produces the same bytes, and a line shown in a terminal or an editor
// shows what it holds. Times are written in UTC, RFC 3339 with nanoseconds
// as needed. A log file written by [OpenFile] starts with a head line (see
// "Head and tail").
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
// Redaction is on by default. Every string that reaches the log passes the
// logger's redactor before the record is hashed: the record's eight string
// fields (Gate, Decision, DecisionID, Reason, TurnID, Actor, InputDigest,
// Verdict), attribute keys and values at every depth, error texts, the
// base64 of []byte values, and the erased and masked pointer lists.
//
// The redactor is two layers. [RedactCommon], built in, is cheap and
// catches the common credential shapes (well-known token prefixes,
// credential-named keys, Bearer and Basic credentials, PEM private keys,
// URL passwords, random-looking base64 runs) while keeping digests and
// UUIDs. It is a floor: on gitleaks' own rule test cases it removes about
// four secrets in five (TestGitleaksSecretsNeverReachDisk reports the
// count). The application adds the gitleaks-grade layer with
// [WithRedactor](guard.Redact), which runs first and redacts everything
// guard.Secrets finds, also inside encodings; with it, the test plants one
// case of every gitleaks rule in all sixteen places a record can carry a
// string and finds none of the secrets in the file. audit does not import
// guard, so that an application that audits without the detectors does
// not link gitleaks; only checker imports guard.
//
// [WithoutRedaction] is the explicit, named opt-out; it cannot be combined
// with WithRedactor. Two keys that redact to the same text are kept apart
// with "#2", "#3" in the order of the original keys. [WithErase] and
// [WithMask] remove or replace values by JSON Pointer, like OPA's
// erased/masked, and each record lists the pointers that applied to it.
// For the application's ordinary logs, [Secret], [Redacted] and
// [ReplaceAttr] keep secrets out of slog output.
//
// # Verification and its limits
//
// [Verify] and [Verifier] check every line's form, hash, seq and prev and
// return a [*VerifyError] for the first bad line, whose Kind (errors.Is)
// says what is wrong: [ErrTruncated] (a torn last line, as a crash leaves;
// everything before it verified), [ErrCut] (the end of the log was altered),
// [ErrInvalidJSON], [ErrMalformed], [ErrTooLarge], [ErrHashMismatch],
// [ErrBrokenLink], [ErrSequence], [ErrAlgorithm] (for example an HMAC log
// checked without its key: the log needs the key, it is not tampered) or
// [ErrCheckpoint]. [Verifier.Inspect] also reports the head and a torn
// tail, for tools that print a verdict.
//
// # Head and tail
//
// A hash chain cannot show lines cut from its end. A log file written by
// [OpenFile] therefore starts with a head line of fixed size ([HeadSize])
// that the logger rewrites in place: after every fsync it vouches for the
// last durable record (its seq and hash), and Close marks it closed. The
// head is authenticated like the records (SHA-256, or HMAC-SHA256 under
// the key) and bound to the log id, and the first record of such a log
// chains from a genesis value of its own, so the head cannot be stripped
// off. The head is written after the fsync that made its records durable,
// so a crash can leave it behind the records (never ahead of them).
//
// Verify then tells a crash from a cut without a checkpoint kept
// elsewhere:
//
//   - A crash leaves every record the head vouches for, possibly more, and
//     at most a torn last line that is the start of the next record (its
//     seq and prev as the logger writes them) or NUL bytes: [ErrTruncated].
//     [OpenFile] drops the torn line and writes a record saying how many
//     bytes and records the tear cost and that the session was not closed.
//   - A cut leaves fewer records than the head vouches for, or a record
//     with another hash at the head's seq, or a torn line that is not the
//     start of the next record, or anything after a head that says closed,
//     or a first record that chains from a head that is gone: [ErrCut].
//     OpenFile refuses to continue such a log.
//
// What each mode proves, to someone who verifies with the right settings:
//
//   - Plain SHA-256 chain, stream log ([NewLogger]): the lines were not
//     changed, inserted, removed, duplicated or reordered by someone who
//     did not recompute the hashes after them. It proves nothing against
//     someone who can rewrite the file (they can recompute every hash), and
//     nothing about lines cut from the end, or a last line rewritten with
//     its hash.
//   - Plain SHA-256 chain, file log (OpenFile): the same, and lines cut
//     from the end are seen unless whoever cut them also rewrote the head
//     (which needs no key). It tells an honest crash from a truncation
//     by a tool or a person who does not know the format; it does not
//     resist a deliberate forger.
//   - HMAC-SHA256 (WithHMACKey), file log: every line and the head were
//     written by a holder of the key, in this order, with nothing inserted,
//     changed or removed up to the record the head vouches for; a head that
//     says closed proves the logger closed the log there. Someone without
//     the key cannot cut records the head vouches for, forge a head, or
//     make a cut look like a crash. Not proven: records after the head's
//     seq (those written since the last fsync whose head update had not
//     reached the disk; with the default fsync per record, at most the
//     last record) may be cut unseen; the whole file may be rolled back to
//     an older copy, head and all, or deleted or emptied; and a holder of
//     the key (the process that logs) can write anything. The HMAC stream
//     log proves the same as the plain one, for forgers without the key.
//   - A [Checkpoint] of the last record, kept where the log's writer
//     cannot change it and passed as [Verifier.Checkpoint], closes the
//     remaining gaps: it proves the log still contains that record, so
//     nothing up to it was cut or rolled back.
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
// SHA-256 over a few hundred bytes) and the Write are serialised. The
// built-in redactor is one pass over each string without regular
// expressions and allocates only when it redacts; guard.Redact, when
// wired, costs what guard.Secrets costs and dominates Log. A file logger
// adds one positioned write of the head per fsync. With an fsync per
// record the disk's sync latency dominates; batching syncs
// ([WithSyncEvery]) trades durability for throughput. Verify reads the log
// once, in time linear in its size. BenchmarkLogDiscardTypical,
// BenchmarkLogFileTypicalFsyncEvery100 and BenchmarkVerify1000TypicalLines
// in bench_test.go measure them.
package audit
