package audit_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wardline/wardline/audit"
)

var update = flag.Bool("update", false, "rewrite testdata/*.jsonl golden logs")

// goldenKey is the HMAC key of testdata/hmac.jsonl (a test key, not a secret).
var goldenKey = []byte("wardline-audit-golden-test-key!!")

// goldens are the committed logs: they pin the line format (the same
// records must always produce the same bytes and hashes) and seed the fuzz
// targets.
var goldens = []struct {
	file    string
	opts    []audit.Option
	edit    func([]byte) []byte
	kind    error // what Verify (default verifier) says
	fileLog bool  // written by OpenFile (with a head line)
}{
	{"valid.jsonl", nil, nil, nil, false},
	{"hmac.jsonl", []audit.Option{audit.WithHMACKey(goldenKey)}, nil, audit.ErrAlgorithm, false},
	{"torn.jsonl", nil, func(b []byte) []byte { return b[:len(b)-30] }, audit.ErrTruncated, false},
	{"tampered.jsonl", nil, func(b []byte) []byte {
		return []byte(strings.Replace(string(b), `"decision":"deny"`, `"decision":"allow"`, 1))
	}, audit.ErrHashMismatch, false},
	{"redacted.jsonl", []audit.Option{audit.WithErase("/attrs/tags/0"), audit.WithMask("/reason", "/attrs/inner/a")}, nil, nil, false},
	{"file.jsonl", nil, nil, nil, true},
	{"file-hmac.jsonl", []audit.Option{audit.WithHMACKey(goldenKey)}, nil, audit.ErrAlgorithm, true},
	{"file-cut.jsonl", nil, func(b []byte) []byte { ls := lines(b); return join(ls[:len(ls)-2]) }, audit.ErrCut, true},
}

func TestGoldenLogs(t *testing.T) {
	for _, g := range goldens {
		t.Run(g.file, func(t *testing.T) {
			log, _ := writeLog(t, 6, g.opts...)
			if g.fileLog {
				log, _ = writeFileLog(t, 6, g.opts...)
			}
			if g.edit != nil {
				log = g.edit(log)
			}
			path := filepath.Join("testdata", g.file)
			if *update {
				require.NoError(t, os.WriteFile(path, log, 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(log), "line format changed; run go test -run TestGoldenLogs -update only if that is intended")
			err = audit.Verify(bytes.NewReader(want))
			if g.kind == nil {
				assert.NoError(t, err)
			} else {
				assert.ErrorIs(t, err, g.kind)
			}
		})
	}
	for _, name := range []string{"hmac.jsonl", "file-hmac.jsonl"} {
		hm, err := os.ReadFile(filepath.Join("testdata", name))
		require.NoError(t, err)
		_, err = (&audit.Verifier{Key: goldenKey}).Verify(bytes.NewReader(hm))
		assert.NoError(t, err, name)
	}
}

var sentinels = []error{audit.ErrTruncated, audit.ErrCut, audit.ErrInvalidJSON, audit.ErrMalformed, audit.ErrTooLarge,
	audit.ErrHashMismatch, audit.ErrBrokenLink, audit.ErrSequence, audit.ErrAlgorithm, audit.ErrCheckpoint}

// FuzzVerify: Verify never panics, every failure is a VerifyError with a
// known kind and a line number, and whatever it accepts is a newline-
// terminated sequence of exactly cp.Seq lines that also verifies against
// its own checkpoint.
func FuzzVerify(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.jsonl"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no seeds in testdata: %v", err)
	}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		if ls := lines(b); len(ls) > 0 {
			f.Add([]byte(ls[0] + "\n"))
		}
	}
	f.Add([]byte(""))
	f.Add([]byte("\n"))
	f.Add([]byte(`{"seq":1}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, v := range []audit.Verifier{{}, {Key: goldenKey}} {
			cp, err := v.Verify(bytes.NewReader(data))
			if err == nil {
				if len(data) > 0 && data[len(data)-1] != '\n' {
					t.Fatalf("accepted a log without a final newline")
				}
				got := uint64(bytes.Count(data, []byte("\n")))
				if bytes.HasPrefix(data, []byte(`{"head":`)) {
					got-- // the head line
				}
				if got != cp.Seq {
					t.Fatalf("accepted %d lines but checkpoint is seq %d", got, cp.Seq)
				}
				v.Checkpoint = &cp
				if _, err := v.Verify(bytes.NewReader(data)); err != nil {
					t.Fatalf("does not verify against its own checkpoint: %v", err)
				}
				continue
			}
			var ve *audit.VerifyError
			if !errors.As(err, &ve) {
				t.Fatalf("not a VerifyError: %v", err)
			}
			if ve.Line < 1 {
				t.Fatalf("line %d", ve.Line)
			}
			known := false
			for _, s := range sentinels {
				known = known || errors.Is(err, s)
			}
			if !known {
				t.Fatalf("unknown kind: %v", err)
			}
		}
	})
}

// FuzzLogRoundTrip: any strings in any field log successfully, verify, and
// read back as written (invalid UTF-8 repaired to U+FFFD).
func FuzzLogRoundTrip(f *testing.F) {
	f.Add("deny", "why \"quoted\"\n", "key", "value\u2028\x00\xff")
	f.Add("allow", "", "", "")
	f.Add("a", "<script>&", "a/b~c", "\t\r\b\f")
	f.Fuzz(func(t *testing.T, decision, reason, key, value string) {
		if strings.TrimSpace(decision) == "" {
			decision = "x" + decision
		}
		var buf bytes.Buffer
		l := audit.NewLogger(&buf, audit.WithoutRedaction()) // the encoding, not the redactor
		r := audit.Record{Time: t0, DecisionID: "d", Gate: "g", Decision: decision, Reason: reason,
			Attrs: map[string]any{key: value, "nested": map[string]any{key: []any{value}}}}
		if err := l.Log(context.Background(), r); err != nil {
			if errors.Is(err, audit.ErrTooLarge) {
				return
			}
			t.Fatalf("Log: %v", err)
		}
		if err := audit.Verify(bytes.NewReader(buf.Bytes())); err != nil {
			t.Fatalf("Verify: %v", err)
		}
		var got struct {
			Decision string         `json:"decision"`
			Reason   string         `json:"reason"`
			Attrs    map[string]any `json:"attrs"`
		}
		if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
			t.Fatalf("line is not JSON: %v", err)
		}
		fix := func(s string) string { return string([]rune(s)) } // per invalid byte, U+FFFD
		if got.Decision != fix(decision) || got.Reason != fix(reason) {
			t.Fatalf("fields changed")
		}
		if got.Attrs[fix(key)] != fix(value) {
			t.Fatalf("attr changed")
		}
		if bytes.Count(buf.Bytes(), []byte("\n")) != 1 || !utf8.Valid(buf.Bytes()) {
			t.Fatalf("not one valid UTF-8 line")
		}
	})
}

// FuzzRedactCommon: RedactCommon never panics, keeps valid UTF-8 valid,
// changes nothing where it finds nothing, and never lets a planted key of
// a common shape through when white space separates it from the fuzzed
// text around it.
func FuzzRedactCommon(f *testing.F) {
	f.Add("before", "after", uint8(0))
	f.Add("password=", "&x=1", uint8(1))
	f.Add("Authorization: Bearer", "", uint8(2))
	f.Add("-----BEGIN PRIVATE KEY-----", "-----END PRIVATE KEY-----", uint8(3))
	f.Add("sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", "8d1c6a5e-55a4-4b7e-9f1e-3b8a2f0c9d11", uint8(4))
	f.Fuzz(func(t *testing.T, before, after string, pick uint8) {
		plain := before + " " + after
		out := audit.RedactCommon(plain)
		if utf8.ValidString(plain) && !utf8.ValidString(out) {
			t.Fatalf("invalid UTF-8 out of valid input")
		}
		if !strings.Contains(out, "…(") && out != plain {
			t.Fatalf("changed text without redacting anything")
		}
		key := commonSecrets[int(pick)%len(commonSecrets)]
		planted := audit.RedactCommon(before + " " + key + " " + after)
		if strings.Contains(planted, key[4:]) {
			t.Fatalf("a %q key survived", key[:4])
		}
	})
}
