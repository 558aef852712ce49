package audit

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"time"
)

// Decision values used by wardline's own gates. Record.Decision is a free
// string so that applications can add their own ("confirm", "reformat"),
// but these three are the ones tools should expect.
const (
	DecisionAllow = "allow"
	DecisionDeny  = "deny"
	DecisionError = "error"
)

// Mask is the string a masked attribute's value is replaced with (the same
// marker OPA's decision-log masking writes).
const Mask = "**REDACTED**"

// MaxLineBytes is the largest line the logger writes and the verifier reads,
// newline included. Log refuses a bigger record with [ErrTooLarge] rather
// than writing a line that no verifier would accept.
const MaxLineBytes = 1 << 20

// Record is one guardrail decision.
//
// Field names follow OPA's decision logs where they overlap (decision_id,
// an input digest rather than the raw input, a latency metric). Gate and
// Decision are required; a zero Time is replaced by the logger's clock and
// an empty DecisionID by a random UUID (version 4). The JSON names in the
// tags are the names in the written line.
//
// Every string of a record, attribute keys included, passes through the
// logger's redactor (on by default; see "Redaction" in the package
// documentation) before anything is hashed or written. Identifiers a
// redactor leaves alone (gate names, UUIDs, digests) are written as given;
// fields can also be masked or erased by pointer.
type Record struct {
	// Time is when the decision was made.
	Time time.Time `json:"time"`
	// DecisionID identifies the decision, for correlation with other logs.
	DecisionID string `json:"decision_id"`
	// Gate names the control point, e.g. "gate.rules", "checker", "confirm".
	Gate string `json:"gate"`
	// Decision is the outcome: DecisionAllow, DecisionDeny, DecisionError, ...
	Decision string `json:"decision"`
	// Reason says why, in words an operator can read.
	Reason string `json:"reason,omitempty"`
	// TurnID identifies the conversation turn the decision belongs to.
	TurnID string `json:"turn_id,omitempty"`
	// Actor is who (user, agent, tool) the decision was about.
	Actor string `json:"actor,omitempty"`
	// InputDigest is a digest of the judged input (see [DigestBytes] and
	// [DigestJSON]); logging a digest instead of the input keeps the log
	// small and free of the input's secrets while still letting an
	// operator match a decision to an input they hold.
	InputDigest string `json:"input_digest,omitempty"`
	// Verdict is the raw verdict line of a model-judged decision (for
	// example the first line of an LLM gate's answer), so that the decision
	// can be replayed and audited against the model's words.
	Verdict string `json:"verdict,omitempty"`
	// Latency is how long the decision took; written as latency_ns.
	Latency time.Duration `json:"latency_ns,omitempty"`
	// Attrs holds further facts. Values must be representable as JSON
	// (see the package documentation, "Attributes"); map keys are sorted
	// in the written line, at every depth.
	Attrs map[string]any `json:"attrs,omitempty"`
}

// Checkpoint names one line of a log by its seq and hash. A checkpoint of
// the last line, kept somewhere the log's writer cannot rewrite, lets
// [Verifier] detect the one thing a hash chain alone cannot: lines removed
// from (or rewritten at) the end.
type Checkpoint struct {
	Seq  uint64
	Hash string // 64 lowercase hex digits
}

// String formats the checkpoint as "seq:hash"; [ParseCheckpoint] reads it.
func (c Checkpoint) String() string {
	return strconv.FormatUint(c.Seq, 10) + ":" + c.Hash
}

// ParseCheckpoint parses the "seq:hash" form written by [Checkpoint.String].
func ParseCheckpoint(s string) (Checkpoint, error) {
	for i := 0; i < len(s); i++ {
		if s[i] != ':' {
			continue
		}
		seq, err := strconv.ParseUint(s[:i], 10, 64)
		if err != nil || seq == 0 || !isHex64(s[i+1:]) {
			break
		}
		return Checkpoint{Seq: seq, Hash: s[i+1:]}, nil
	}
	return Checkpoint{}, errBadCheckpoint
}

var errBadCheckpoint = &optionError{"checkpoint must be \"seq:hash\" with seq >= 1 and 64 lowercase hex digits"}

// Genesis returns the prev value of the first line of a log with the given
// id: the hex SHA-256 of a fixed prefix and the id. Two logs with different
// ids therefore never share a valid first line.
func Genesis(logID string) string {
	h := sha256.New()
	h.Write([]byte("wardline/audit/v1 genesis\x00"))
	h.Write([]byte(logID))
	return hex.EncodeToString(h.Sum(nil))
}

// DigestBytes returns "sha256:<hex>" of b, for [Record.InputDigest].
func DigestBytes(b []byte) string {
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// DigestJSON returns "sha256:<hex>" of the canonical JSON encoding of v
// (the same encoding the log uses for attributes: object keys sorted at
// every depth), so equal values digest equally however their maps were
// built. It fails with [ErrUnsupportedValue] where v is not representable
// as JSON.
func DigestJSON(v any) (string, error) {
	n := normalizer{}
	t, err := n.value(v, 0)
	if err != nil {
		return "", err
	}
	b := appendValue(nil, t)
	return DigestBytes(b), nil
}

func isHex64(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
