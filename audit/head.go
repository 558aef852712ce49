package audit

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strconv"
)

// HeadSize is the size in bytes of the head line that starts a log file
// written by [OpenFile], newline included. The logger rewrites the head in
// place (see "Head and tail" in the package documentation).
const HeadSize = 256

// headTag is the value of the head line's "head" member.
const headTag = "wardline/audit/v1"

// Head is what a log file's head line vouches for: the last record the
// logger had made durable (Seq 0 before the first), and whether it closed
// the log there.
type Head struct {
	Checkpoint
	// Closed is true when the logger closed the log at Checkpoint (its Close
	// returned); false while it is open, and after a crash.
	Closed bool
	// Alg is the algorithm of the head's mac: "sha256" or "hmac-sha256".
	Alg string
}

// genesisHeaded is the prev of the first record of a log with a head: a
// value different from Genesis(logID), so that stripping the head off a
// file leaves a first line that no longer chains.
func genesisHeaded(logID string) string {
	h := sha256.New()
	h.Write([]byte("wardline/audit/v1 genesis+head\x00"))
	h.Write([]byte(logID))
	return hex.EncodeToString(h.Sum(nil))
}

// headBody writes the head line's members before the mac.
func headBody(b []byte, h Head) []byte {
	b = append(b, `{"head":"`+headTag+`","seq":`...)
	b = strconv.AppendUint(b, h.Seq, 10)
	b = append(b, `,"hash":"`...)
	b = append(b, h.Hash...)
	b = append(b, `","closed":`...)
	b = strconv.AppendBool(b, h.Closed)
	b = append(b, `,"alg":"`...)
	b = append(b, h.Alg...)
	return append(b, '"')
}

// headMAC authenticates a head line's body for one log id: HMAC-SHA256
// under key, or SHA-256 without one.
func headMAC(key []byte, logID string, body []byte) string {
	prefix := "wardline/audit/v1 head\x00" + logID + "\x00"
	var sum []byte
	if len(key) > 0 {
		m := hmac.New(sha256.New, key)
		m.Write([]byte(prefix))
		m.Write(body)
		sum = m.Sum(nil)
	} else {
		s := sha256.New()
		s.Write([]byte(prefix))
		s.Write(body)
		sum = s.Sum(nil)
	}
	return hex.EncodeToString(sum)
}

// encodeHead returns the head line: HeadSize bytes, padded with spaces
// before the newline.
func encodeHead(key []byte, logID string, h Head) []byte {
	b := make([]byte, 0, HeadSize)
	b = headBody(b, h)
	mac := headMAC(key, logID, b)
	b = append(b, `,"mac":"`...)
	b = append(b, mac...)
	b = append(b, `"}`...)
	for len(b) < HeadSize-1 {
		b = append(b, ' ')
	}
	return append(b, '\n')
}

// isHeadLine reports whether a line (or the start of one) is a head line.
func isHeadLine(b []byte) bool {
	const p = `{"head":`
	if len(b) < len(p) {
		return len(b) > 0 && bytes.HasPrefix([]byte(p), b)
	}
	return bytes.HasPrefix(b, []byte(p))
}

// headProblem is why a head line is refused: a Verify error kind and a
// secret-free detail.
type headProblem struct {
	kind   error
	detail string
}

// parseHead reads a complete head line (newline included) and checks its
// form and mac.
func parseHead(line []byte, key []byte, logID string) (Head, *headProblem) {
	if len(line) != HeadSize {
		return Head{}, &headProblem{ErrMalformed, "head line is not " + strconv.Itoa(HeadSize) + " bytes"}
	}
	content := bytes.TrimRight(line[:len(line)-1], " ")
	var w struct {
		Head   string  `json:"head"`
		Seq    *uint64 `json:"seq"`
		Hash   string  `json:"hash"`
		Closed bool    `json:"closed"`
		Alg    string  `json:"alg"`
		MAC    string  `json:"mac"`
	}
	d := json.NewDecoder(bytes.NewReader(content))
	d.DisallowUnknownFields()
	if err := d.Decode(&w); err != nil || d.More() || w.Head != headTag || w.Seq == nil ||
		!isHex64(w.Hash) || !isHex64(w.MAC) || (w.Alg != algSHA256 && w.Alg != algHMAC) {
		return Head{}, &headProblem{ErrMalformed, "head line does not have the head's fields"}
	}
	h := Head{Checkpoint: Checkpoint{Seq: *w.Seq, Hash: w.Hash}, Closed: w.Closed, Alg: w.Alg}
	body := headBody(nil, h)
	if !bytes.HasPrefix(content, body) || string(content[len(body):]) != `,"mac":"`+w.MAC+`"}` {
		return Head{}, &headProblem{ErrMalformed, "head line is not in canonical form"}
	}
	wantAlg := algSHA256
	if len(key) > 0 {
		wantAlg = algHMAC
	}
	if h.Alg != wantAlg {
		if h.Alg == algHMAC {
			return Head{}, &headProblem{ErrAlgorithm, "log is HMAC-keyed; verifying needs the key"}
		}
		return Head{}, &headProblem{ErrAlgorithm, "head is " + h.Alg + ", verifier expects " + wantAlg}
	}
	if !hmac.Equal([]byte(headMAC(key, logID, body)), []byte(w.MAC)) {
		return Head{}, &headProblem{ErrHashMismatch, "head line does not match its mac"}
	}
	return h, nil
}
