package audit

import (
	"bufio"
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"strings"
	"time"
)

// Verify reads a log written by a [Logger] with the default options (no
// HMAC key, empty log id) and returns nil when the chain is intact: every
// line is a well-formed record, its hash matches its content, its seq is
// one more than the line before (starting at 1) and its prev is the hash
// of the line before (the first line's is [Genesis]("")). An empty log is
// intact.
//
// Otherwise it returns a [*VerifyError] for the first bad line. A final
// line without a newline (a torn write) is reported as [ErrTruncated], and
// every line before it has verified. Errors reading r are returned as they
// are, wrapped.
//
// A hash chain alone cannot show that lines were removed from the end of
// the log, or that the last line was rewritten together with its hash; use
// [Verifier] with a [Checkpoint] (and an HMAC key) for that.
func Verify(r io.Reader) error {
	var v Verifier
	_, err := v.Verify(r)
	return err
}

// Verifier verifies logs written with non-default options, or against a
// checkpoint. The zero Verifier is what [Verify] uses. A Verifier is safe
// for concurrent use as long as its fields are not changed.
type Verifier struct {
	// LogID is the id given to [WithLogID]; the first line must chain
	// from Genesis(LogID).
	LogID string
	// Key is the key given to [WithHMACKey]. With a key, every line must be
	// HMAC-SHA256 under it; without one, every line must be plain SHA-256
	// (a keyed log then fails with [ErrAlgorithm]).
	Key []byte
	// Checkpoint, if not nil, must name a line of the log: the log must
	// contain a line with that seq and that hash, else [ErrCheckpoint].
	// Lines after it are allowed (the log kept growing).
	Checkpoint *Checkpoint
}

// Verify verifies the log read from r as [Verify] does, with the
// verifier's settings. It returns the checkpoint of the last line that
// verified (seq 0 and the genesis value if none did), also when it
// returns an error.
func (v *Verifier) Verify(r io.Reader) (Checkpoint, error) {
	st, err := v.scan(r)
	return st.last, err
}

// scanState is what a scan learned about the intact prefix of a log.
type scanState struct {
	last  Checkpoint // last intact line
	lines int        // intact lines
	good  int64      // bytes of the intact prefix
}

// wireLine is the written form of a record, minus its hash.
type wireLine struct {
	Seq         *uint64         `json:"seq"`
	Prev        string          `json:"prev"`
	Time        string          `json:"time"`
	DecisionID  string          `json:"decision_id"`
	Gate        string          `json:"gate"`
	Decision    string          `json:"decision"`
	Reason      string          `json:"reason"`
	TurnID      string          `json:"turn_id"`
	Actor       string          `json:"actor"`
	InputDigest string          `json:"input_digest"`
	Verdict     string          `json:"verdict"`
	LatencyNS   int64           `json:"latency_ns"`
	Attrs       json.RawMessage `json:"attrs"`
	Erased      []string        `json:"erased"`
	Masked      []string        `json:"masked"`
	Alg         string          `json:"alg"`
}

const hashKey = `,"hash":"`

func (v *Verifier) scan(r io.Reader) (scanState, error) {
	var st scanState
	var vv Verifier
	if v != nil {
		vv = *v
	}
	var mac hash.Hash
	wantAlg := algSHA256
	if len(vv.Key) > 0 {
		mac = hmac.New(sha256.New, vv.Key)
		wantAlg = algHMAC
	}
	prev := Genesis(vv.LogID)
	st.last.Hash = prev
	if cp := vv.Checkpoint; cp != nil && cp.Seq == 0 && cp.Hash != prev {
		return st, &VerifyError{Line: 1, Kind: ErrCheckpoint, Detail: "checkpoint of seq 0 is not the genesis of the log id"}
	}
	br := bufio.NewReaderSize(r, 64<<10)
	var long, body []byte
	lineNo := 0
	fail := func(seq uint64, kind error, format string, args ...any) (scanState, error) {
		return st, &VerifyError{Line: lineNo, Seq: seq, Kind: kind, Detail: fmt.Sprintf(format, args...)}
	}
	for {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			long = append(long[:0], line...)
			for errors.Is(err, bufio.ErrBufferFull) && len(long) <= MaxLineBytes {
				line, err = br.ReadSlice('\n')
				long = append(long, line...)
			}
			line = long
		}
		if len(line) == 0 && err == io.EOF {
			break
		}
		lineNo++
		if len(line) > MaxLineBytes {
			return fail(0, ErrTooLarge, "line longer than %d bytes", MaxLineBytes)
		}
		if err != nil && err != io.EOF {
			return st, fmt.Errorf("audit: reading line %d: %w", lineNo, err)
		}
		if line[len(line)-1] != '\n' {
			return fail(0, ErrTruncated, "%d bytes after the last newline", len(line))
		}
		content := line[:len(line)-1]
		n := len(content)
		if n < hashSuffixLen+2 || !bytes.HasSuffix(content, []byte(`"}`)) ||
			string(content[n-hashSuffixLen:n-hashSuffixLen+len(hashKey)]) != hashKey ||
			!isHex64(string(content[n-66:n-2])) {
			if !json.Valid(content) {
				return fail(0, ErrInvalidJSON, "line is not a JSON object")
			}
			return fail(0, ErrMalformed, "line does not end with its hash")
		}
		got := string(content[n-66 : n-2])
		body = append(append(body[:0], content[:n-hashSuffixLen]...), '}')
		var w wireLine
		d := json.NewDecoder(bytes.NewReader(body))
		d.DisallowUnknownFields()
		if err := d.Decode(&w); err != nil || d.More() {
			if !json.Valid(content) {
				return fail(0, ErrInvalidJSON, "line is not a JSON object")
			}
			return fail(0, ErrMalformed, "fields do not form a record (unknown, duplicated hash or wrong type)")
		}
		if w.Seq == nil {
			return fail(0, ErrMalformed, "missing seq")
		}
		seq := *w.Seq
		if what := w.problem(); what != "" {
			return fail(seq, ErrMalformed, "%s", what)
		}
		if w.Alg != wantAlg {
			if w.Alg == algHMAC {
				return fail(seq, ErrAlgorithm, "line is HMAC-keyed; verifying needs the key")
			}
			return fail(seq, ErrAlgorithm, "line is %s, verifier expects %s", w.Alg, wantAlg)
		}
		var sum [sha256.Size]byte
		if mac != nil {
			mac.Reset()
			mac.Write(body)
			mac.Sum(sum[:0])
		} else {
			sum = sha256.Sum256(body)
		}
		var want [64]byte
		hex.Encode(want[:], sum[:])
		if !hmac.Equal(want[:], []byte(got)) {
			return fail(seq, ErrHashMismatch, "content does not match its hash")
		}
		badSeq, badLink := seq != st.last.Seq+1, w.Prev != prev
		if badSeq || badLink {
			// Report every chain problem of the line: a deleted line is
			// both a sequence gap and a broken link.
			e := &VerifyError{Line: lineNo, Seq: seq}
			var details []string
			if badSeq {
				e.Kind = ErrSequence
				details = append(details, fmt.Sprintf("seq %d follows seq %d", seq, st.last.Seq))
			}
			if badLink {
				if e.Kind == nil {
					e.Kind = ErrBrokenLink
				} else {
					e.Also = []error{ErrBrokenLink}
				}
				if st.lines == 0 {
					details = append(details, "first line does not chain from the genesis of the log id")
				} else {
					details = append(details, fmt.Sprintf("prev is not the hash of seq %d", st.last.Seq))
				}
			}
			e.Detail = strings.Join(details, "; ")
			return st, e
		}
		if cp := vv.Checkpoint; cp != nil && cp.Seq == seq && cp.Hash != got {
			return fail(seq, ErrCheckpoint, "hash of seq %d differs from the checkpoint", seq)
		}
		prev = got
		st.last = Checkpoint{Seq: seq, Hash: got}
		st.lines++
		st.good += int64(len(line))
	}
	if cp := vv.Checkpoint; cp != nil && st.last.Seq < cp.Seq {
		lineNo++
		return fail(0, ErrCheckpoint, "log ends at seq %d, checkpoint is seq %d", st.last.Seq, cp.Seq)
	}
	return st, nil
}

// problem returns what makes a decoded line not a record, or "".
func (w *wireLine) problem() string {
	switch {
	case *w.Seq == 0:
		return "seq is 0"
	case !isHex64(w.Prev):
		return "prev is not 64 lowercase hex digits"
	case w.Gate == "":
		return "missing gate"
	case w.Decision == "":
		return "missing decision"
	case w.DecisionID == "":
		return "missing decision_id"
	case w.Alg != algSHA256 && w.Alg != algHMAC:
		return "unknown alg"
	case len(w.Attrs) > 0 && w.Attrs[0] != '{':
		return "attrs is not an object"
	}
	if _, err := time.Parse(time.RFC3339Nano, w.Time); err != nil {
		return "time is not RFC 3339"
	}
	return ""
}
