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
	"strconv"
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

// Report is what [Verifier.Inspect] learned about a log.
type Report struct {
	// Last is the last record that verified (seq 0 and the genesis value
	// if none did).
	Last Checkpoint
	// Records is the number of records that verified.
	Records int
	// Head is the log's head line, nil for a log without one (written by
	// [NewLogger]). Head.Closed says whether the logger closed the log.
	Head *Head
	// TornBytes is the length of a torn last line (the error is then
	// [ErrTruncated]), 0 otherwise.
	TornBytes int64
}

// Inspect verifies the log read from r as [Verifier.Verify] does and
// reports what it found, also when it returns an error: the intact records,
// the head, and a torn last line. A tool that prints a verdict uses it to
// tell a log that was closed from one that is still open or crashed.
func (v *Verifier) Inspect(r io.Reader) (Report, error) {
	st, err := v.scan(r)
	rep := Report{Last: st.last, Records: st.lines, Head: st.head}
	if errors.Is(err, ErrTruncated) {
		rep.TornBytes = st.tornN
	}
	return rep, err
}

// scanState is what a scan learned about the intact prefix of a log.
type scanState struct {
	last  Checkpoint // last intact record
	lines int        // intact records
	good  int64      // bytes of the intact prefix (head included)
	head  *Head      // the head line, if the log has one
	torn  []byte     // the start of a torn last line (at most 128 bytes)
	tornN int64      // its length
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
	br := bufio.NewReaderSize(r, 64<<10)
	if first, _ := br.Peek(len(`{"head":`)); isHeadLine(first) {
		prev = genesisHeaded(vv.LogID)
		st.last.Hash = prev
	}
	if cp := vv.Checkpoint; cp != nil && cp.Seq == 0 && cp.Hash != prev {
		return st, &VerifyError{Line: 1, Kind: ErrCheckpoint, Detail: "checkpoint of seq 0 is not the genesis of the log id"}
	}
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
			st.torn, st.tornN = bytes.Clone(line[:min(len(line), 128)]), int64(len(line))
			if err := vv.checkEnd(&st, lineNo); err != nil {
				return st, err
			}
			if lineNo == 1 && isHeadLine(line) {
				return fail(0, ErrTruncated, "the log's head line is torn (%d bytes): the log was being created", len(line))
			}
			if !tornRecord(line, st.last, prev) {
				return fail(0, ErrCut, "the last line (%d bytes, no newline) is not the start of record %d: not what a torn write leaves", len(line), st.last.Seq+1)
			}
			return fail(0, ErrTruncated, "%d bytes after the last newline", len(line))
		}
		if lineNo == 1 && isHeadLine(line) {
			h, bad := parseHead(line, vv.Key, vv.LogID)
			if bad != nil {
				return fail(0, bad.kind, "%s", bad.detail)
			}
			st.head = &h
			st.good += int64(len(line))
			if h.Seq == 0 && h.Hash != prev {
				return fail(0, ErrCut, "the head vouches for no record but does not name the genesis of the log id")
			}
			continue
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
				switch {
				case st.lines == 0 && st.head == nil && w.Prev == genesisHeaded(vv.LogID):
					e.Kind, e.Also = ErrCut, nil
					details = []string{"the log's head line is missing: the first record chains from a head"}
				case st.lines == 0:
					details = append(details, "first line does not chain from the genesis of the log id")
				default:
					details = append(details, fmt.Sprintf("prev is not the hash of seq %d", st.last.Seq))
				}
			}
			e.Detail = strings.Join(details, "; ")
			return st, e
		}
		if cp := vv.Checkpoint; cp != nil && cp.Seq == seq && cp.Hash != got {
			return fail(seq, ErrCheckpoint, "hash of seq %d differs from the checkpoint", seq)
		}
		if h := st.head; h != nil && h.Seq == seq && h.Hash != got {
			return fail(seq, ErrCut, "hash of seq %d differs from the one the head vouches for", seq)
		}
		prev = got
		st.last = Checkpoint{Seq: seq, Hash: got}
		st.lines++
		st.good += int64(len(line))
	}
	if err := vv.checkEnd(&st, lineNo+1); err != nil {
		return st, err
	}
	return st, nil
}

// checkEnd checks where the intact records end against the head and the
// checkpoint: a head or a checkpoint that names a record beyond the last
// one means records were removed from the end; a head that says the log
// was closed must be followed by nothing.
func (vv *Verifier) checkEnd(st *scanState, lineNo int) error {
	fail := func(kind error, format string, args ...any) error {
		return &VerifyError{Line: lineNo, Kind: kind, Detail: fmt.Sprintf(format, args...)}
	}
	if h := st.head; h != nil {
		switch {
		case st.last.Seq < h.Seq:
			return fail(ErrCut, "log ends at seq %d, its head vouches for seq %d: records were removed from the end", st.last.Seq, h.Seq)
		case h.Closed && (st.last.Seq > h.Seq || st.tornN > 0):
			return fail(ErrCut, "the head says the log was closed at seq %d, but more follows", h.Seq)
		}
	}
	if cp := vv.Checkpoint; cp != nil && st.last.Seq < cp.Seq {
		return fail(ErrCheckpoint, "log ends at seq %d, checkpoint is seq %d", st.last.Seq, cp.Seq)
	}
	return nil
}

// tornRecord reports whether line, the last line of a log without its
// newline, is what a write torn by a crash leaves after the intact record
// last: the start of the next record (seq, prev, time, as the logger writes
// them), possibly followed by NUL bytes (some file systems extend a file
// before its data reaches the disk), or NUL bytes alone.
func tornRecord(line []byte, last Checkpoint, prev string) bool {
	frag := bytes.TrimRight(line, "\x00")
	want := []byte(`{"seq":` + strconv.FormatUint(last.Seq+1, 10) + `,"prev":"` + prev + `","time":"`)
	if len(frag) <= len(want) {
		return bytes.Equal(frag, want[:len(frag)])
	}
	return bytes.HasPrefix(frag, want)
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
