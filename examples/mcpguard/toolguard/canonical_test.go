package toolguard_test

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wardline/wardline/examples/mcpguard/toolguard"
)

func TestCanonical(t *testing.T) {
	tests := []struct {
		name, in, want, wantErr string
	}{
		{"sorted compact", `{ "b": 1, "a": [true, null, "x"] }`, `{"a":[true,null,"x"],"b":1}`, ""},
		{"numbers as written", `{"n":[1.50,1e3,-0]}`, `{"n":[1.50,1e3,-0]}`, ""},
		{"html not escaped", `{"s":"\u003ca\u003e&"}`, `{"s":"<a>&"}`, ""},
		{"nested objects sorted", `{"o":{"z":1,"y":{"b":2,"a":1}}}`, `{"o":{"y":{"a":1,"b":2},"z":1}}`, ""},
		{"empty", ``, `{}`, ""},
		{"null", ` null `, `{}`, ""},
		{"duplicate", `{"a":1,"a":2}`, "", "duplicate key at /a"},
		{"duplicate nested", `{"o":{"k":1,"K":2}}`, "", "duplicate key at /o/K"},
		{"duplicate in array element", `{"l":[{"x":1,"x":1}]}`, "", "duplicate key at /l/0/x"},
		{"array top", `[1]`, "", "must be a JSON object"},
		{"string top", `"x"`, "", "must be a JSON object"},
		{"trailing", `{"a":1} {"b":2}`, "", "trailing data"},
		{"truncated", `{"a":`, "", "unexpected end"},
		{"syntax", `{"a" 1}`, "", "syntax error"},
		{"invalid utf8", "{\"a\":\"\xff\"}", "", "not valid UTF-8"},
		{"too deep", `{"a":` + repeat("[", 40) + repeat("]", 40) + `}`, "", "nested deeper"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := toolguard.Canonical([]byte(tt.in))
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				assert.Nil(t, got)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(got))
		})
	}
}

func TestCanonicalErrorsDoNotEchoValues(t *testing.T) {
	for _, in := range []string{`{"k":"sk-secret-value","k":"sk-secret-value"}`, `{"k":"sk-secret-value"`, `["sk-secret-value"]`} {
		_, err := toolguard.Canonical([]byte(in))
		require.Error(t, err)
		assert.NotContains(t, err.Error(), "sk-secret-value")
	}
}

func TestDigestIsOverCanonicalForm(t *testing.T) {
	a, err := toolguard.Canonical([]byte(`{"b":2,"a":1}`))
	require.NoError(t, err)
	b, err := toolguard.Canonical([]byte("{\n  \"a\": 1,\n  \"b\": 2\n}"))
	require.NoError(t, err)
	assert.Equal(t, toolguard.Digest(a), toolguard.Digest(b))
	assert.Equal(t, "sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a", toolguard.Digest([]byte("{}")))
}

func repeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}

// FuzzCanonical: never panics; accepted input canonicalises to valid JSON
// that is its own canonical form.
func FuzzCanonical(f *testing.F) {
	fh, err := os.Open("testdata/args.txt")
	require.NoError(f, err)
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		f.Add([]byte(sc.Text()))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		got, err := toolguard.Canonical(raw)
		if err != nil {
			if got != nil {
				t.Fatalf("non-nil output with error")
			}
			return
		}
		if !json.Valid(got) {
			t.Fatalf("invalid JSON output %q", got)
		}
		again, err := toolguard.Canonical(got)
		if err != nil {
			t.Fatalf("canonical output refused: %v", err)
		}
		if string(again) != string(got) {
			t.Fatalf("not idempotent: %q -> %q", got, again)
		}
	})
}

func TestNewCallAndDecode(t *testing.T) {
	c, err := toolguard.NewCall("run_command", "/ws", []byte(`{"command": "ls", "n": 2}`))
	require.NoError(t, err)
	assert.Equal(t, `{"command":"ls","n":2}`, string(c.Args()))
	assert.Equal(t, toolguard.Digest(c.Args()), c.Digest())

	var ok struct {
		Command string `json:"command"`
		N       int    `json:"n"`
	}
	require.NoError(t, c.Decode(&ok))
	assert.Equal(t, "ls", ok.Command)

	var wrongType struct {
		Command int `json:"command"`
		N       int `json:"n"`
	}
	err = c.Decode(&wrongType)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `field "command" has the wrong type`)
	assert.NotContains(t, err.Error(), "ls")

	var unknown struct {
		Command string `json:"command"`
	}
	err = c.Decode(&unknown)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "unknown field")

	_, err = toolguard.NewCall("t", "/ws", []byte(`{"a":1,"a":2}`))
	assert.Error(t, err)
}
