package audit_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/audit"
)

// rehash recomputes a line's own hash after an edit, as a forger without
// the HMAC key would: plain SHA-256 over the line without its hash.
func rehash(line string) string {
	const suffix = 9 + 64 + 2
	if len(line) < suffix {
		return line
	}
	body := line[:len(line)-suffix] + "}"
	sum := sha256.Sum256([]byte(body))
	return line[:len(line)-suffix] + `,"hash":"` + hex.EncodeToString(sum[:]) + `"}`
}

func join(ls []string) []byte {
	if len(ls) == 0 {
		return nil
	}
	return []byte(strings.Join(ls, "\n") + "\n")
}

func TestVerifyIntact(t *testing.T) {
	for _, n := range []int{0, 1, 2, 50} {
		log, cp := writeLog(t, n)
		require.NoError(t, audit.Verify(bytes.NewReader(log)), n)
		got, err := (&audit.Verifier{Checkpoint: &cp}).Verify(bytes.NewReader(log))
		require.NoError(t, err)
		assert.Equal(t, cp, got)
	}
	// A checkpoint taken earlier still matches a log that kept growing.
	log, _ := writeLog(t, 10)
	ls := lines(log)
	m := decodeLine(t, ls[3])
	early := audit.Checkpoint{Seq: 4, Hash: m["hash"].(string)}
	_, err := (&audit.Verifier{Checkpoint: &early}).Verify(bytes.NewReader(log))
	assert.NoError(t, err)
}

func TestVerifyDefects(t *testing.T) {
	log, _ := writeLog(t, 5)
	ls := lines(log)
	edit := func(i int, f func(string) string) []byte {
		c := append([]string(nil), ls...)
		c[i] = f(c[i])
		return join(c)
	}
	tests := []struct {
		name string
		log  []byte
		kind error
		line int
		also error // a second kind the same line has
	}{
		{"byte flipped in reason", edit(2, func(s string) string { return strings.Replace(s, "reason number", "reason numbeR", 1) }), audit.ErrHashMismatch, 3, nil},
		{"decision edited, own hash recomputed", edit(1, func(s string) string {
			return rehash(strings.Replace(s, `"decision":"deny"`, `"decision":"allow"`, 1))
		}), audit.ErrBrokenLink, 3, nil},
		{"line deleted", join(append(append([]string(nil), ls[:2]...), ls[3:]...)), audit.ErrSequence, 3, audit.ErrBrokenLink},
		{"first line deleted", join(ls[1:]), audit.ErrSequence, 1, audit.ErrBrokenLink},
		{"lines swapped", join([]string{ls[0], ls[2], ls[1], ls[3], ls[4]}), audit.ErrSequence, 2, audit.ErrBrokenLink},
		{"line duplicated", join([]string{ls[0], ls[1], ls[1], ls[2]}), audit.ErrSequence, 3, audit.ErrBrokenLink},
		{"last line duplicated", join(append(append([]string(nil), ls...), ls[4])), audit.ErrSequence, 6, audit.ErrBrokenLink},
		{"torn last line", log[:len(log)-7], audit.ErrTruncated, 5, nil},
		{"newline missing at end", log[:len(log)-1], audit.ErrTruncated, 5, nil},
		{"garbage line", edit(1, func(string) string { return "not json" }), audit.ErrInvalidJSON, 2, nil},
		{"empty line", edit(1, func(string) string { return "" }), audit.ErrInvalidJSON, 2, nil},
		{"torn line in the middle", edit(1, func(s string) string { return s[:40] }), audit.ErrInvalidJSON, 2, nil},
		{"CRLF", edit(0, func(s string) string { return s + "\r" }), audit.ErrMalformed, 1, nil},
		{"hash not last", edit(0, func(s string) string { return s[:len(s)-1] + `,"x":1}` }), audit.ErrMalformed, 1, nil},
		{"unknown field, rehashed", edit(0, func(s string) string { return rehash(strings.Replace(s, `{"seq"`, `{"zz":1,"seq"`, 1)) }), audit.ErrMalformed, 1, nil},
		{"hash duplicated inside", edit(0, func(s string) string { return rehash(strings.Replace(s, `{"seq"`, `{"hash":"x","seq"`, 1)) }), audit.ErrMalformed, 1, nil},
		{"missing gate, rehashed", edit(0, func(s string) string { return rehash(strings.Replace(s, `"gate":"route",`, ``, 1)) }), audit.ErrMalformed, 1, nil},
		{"seq 0, rehashed", edit(0, func(s string) string { return rehash(strings.Replace(s, `"seq":1,`, `"seq":0,`, 1)) }), audit.ErrMalformed, 1, nil},
		{"bad time, rehashed", edit(0, func(s string) string { return rehash(strings.Replace(s, `"time":"2026`, `"time":"x2026`, 1)) }), audit.ErrMalformed, 1, nil},
		{"unknown alg, rehashed", edit(0, func(s string) string { return rehash(strings.Replace(s, `"alg":"sha256"`, `"alg":"md5"`, 1)) }), audit.ErrMalformed, 1, nil},
		{"upper-case hash", edit(0, func(s string) string { return s[:len(s)-66] + strings.ToUpper(s[len(s)-66:len(s)-2]) + `"}` }), audit.ErrMalformed, 1, nil},
		{"first prev replaced, rehashed", edit(0, func(s string) string {
			return rehash(strings.Replace(s, audit.Genesis(""), strings.Repeat("0", 64), 1))
		}), audit.ErrBrokenLink, 1, nil},
		{"too long", append([]byte(strings.Repeat("x", audit.MaxLineBytes+1)), '\n'), audit.ErrTooLarge, 1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := audit.Verify(bytes.NewReader(tt.log))
			require.ErrorIs(t, err, tt.kind)
			var ve *audit.VerifyError
			require.ErrorAs(t, err, &ve)
			assert.Equal(t, tt.line, ve.Line)
			assert.Equal(t, tt.kind, ve.Kind)
			if tt.also != nil {
				assert.ErrorIs(t, err, tt.also)
			}
			assert.Contains(t, err.Error(), "line ")
			for _, other := range []error{audit.ErrTruncated, audit.ErrHashMismatch, audit.ErrBrokenLink, audit.ErrSequence, audit.ErrInvalidJSON, audit.ErrMalformed} {
				if other != tt.kind && other != tt.also {
					assert.NotErrorIs(t, err, other)
				}
			}
		})
	}
}

func TestVerifyTruncatedPrefixVerifies(t *testing.T) {
	log, _ := writeLog(t, 6)
	ls := lines(log)
	for cut := len(log) - 1; cut > len(log)-len(ls[5])-1; cut-- {
		cp, err := (&audit.Verifier{}).Verify(bytes.NewReader(log[:cut]))
		require.ErrorIs(t, err, audit.ErrTruncated)
		assert.Equal(t, uint64(5), cp.Seq, "everything before the torn line verified")
	}
}

func TestVerifyCheckpoint(t *testing.T) {
	log, cp := writeLog(t, 5)
	ls := lines(log)
	v := audit.Verifier{Checkpoint: &cp}

	// The tail cut at a line boundary: the chain alone cannot see it...
	short := join(ls[:4])
	require.NoError(t, audit.Verify(bytes.NewReader(short)))
	// ...the checkpoint does.
	_, err := v.Verify(bytes.NewReader(short))
	var ve *audit.VerifyError
	require.ErrorAs(t, err, &ve)
	assert.ErrorIs(t, err, audit.ErrCheckpoint)
	assert.Equal(t, 5, ve.Line)

	// The last line rewritten with its own hash: same.
	c := append([]string(nil), ls...)
	c[4] = rehash(strings.Replace(c[4], `"decision":"deny"`, `"decision":"allow"`, 1))
	forged := join(c)
	require.NoError(t, audit.Verify(bytes.NewReader(forged)))
	_, err = v.Verify(bytes.NewReader(forged))
	assert.ErrorIs(t, err, audit.ErrCheckpoint)

	_, err = v.Verify(bytes.NewReader(nil))
	assert.ErrorIs(t, err, audit.ErrCheckpoint, "empty log does not reach a checkpoint")
}

type failingReader struct{ n int }

func (r *failingReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, errors.New("disk on fire")
	}
	k := min(r.n, len(p))
	for i := range k {
		p[i] = ' '
	}
	r.n -= k
	return k, nil
}

func TestVerifyReadError(t *testing.T) {
	err := audit.Verify(&failingReader{n: 10})
	require.Error(t, err)
	var ve *audit.VerifyError
	assert.False(t, errors.As(err, &ve), "a read error is not a verdict about the log")
	assert.Contains(t, err.Error(), "disk on fire")
	assert.NotErrorIs(t, err, io.EOF)
}

func TestVerifyErrorText(t *testing.T) {
	e := &audit.VerifyError{Line: 3, Seq: 3, Kind: audit.ErrHashMismatch, Detail: "content does not match its hash"}
	assert.Equal(t, "audit: line 3: hash mismatch: content does not match its hash", e.Error())
	assert.Equal(t, "audit: line 1: truncated last line", (&audit.VerifyError{Line: 1, Kind: audit.ErrTruncated}).Error())
}
