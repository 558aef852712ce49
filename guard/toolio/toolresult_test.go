package toolio

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestToolResult(t *testing.T) {
	tests := []struct {
		name, raw string
		ok        bool
		msg       string // success message, or the failure's Reason
		detail    string
	}{
		{"status ok", `{"status":"ok"}`, true, "ok", ""},
		{"status OK with message", `{"status":"OK","message":"mode set to block"}`, true, "mode set to block", ""},
		{"object without status", `{"id":17,"mode":"block"}`, true, "ok", ""},
		{"ok true", `{"ok":true,"success":true}`, true, "ok", ""},
		{"empty errors", `{"status":"ok","errors":[]}`, true, "ok", ""},
		{"null errors", `{"errors":null}`, true, "ok", ""},
		{"message cleaned", `{"message":"done\u202e\n now"}`, true, "done now", ""},
		{"surrounding space", " {\"status\":\"ok\"}\n", true, "ok", ""},

		{"error key", `{"error":"invalid ip"}`, false, "error", "invalid ip"},
		{"error key with ok status", `{"status":"ok","error":"quota exceeded"}`, false, "error", "quota exceeded"},
		{"error null still fails", `{"error":null,"status":"ok"}`, false, "error", ""},
		{"error false still fails", `{"error":false}`, false, "error", "false"},
		{"Error in other case", `{"Error":{"code":7,"message":"denied"}}`, false, "error", "denied"},
		{"errors list", `{"data":null,"errors":[{"message":"forbidden"}]}`, false, "errors", "forbidden"},
		{"status failed", `{"status":"failed","reason":"timeout"}`, false, "status", "failed"},
		{"status not a string", `{"status":200}`, false, "status", "200"},
		{"status okay is not ok", `{"status":"okay"}`, false, "status", "okay"},
		{"ok false", `{"ok":false}`, false, "flag", ""},
		{"success string", `{"success":"true"}`, false, "flag", ""},
		{"duplicate key", `{"status":"error","status":"ok"}`, false, "duplicate-key", ""},
		{"duplicate key by case", `{"status":"ok","STATUS":"error"}`, false, "duplicate-key", ""},
		{"plain text", `Executed`, false, "not-json", ""},
		{"html error page", `<html><body>502 Bad Gateway</body></html>`, false, "not-json", ""},
		{"truncated", `{"status":"ok"`, false, "not-json", ""},
		{"trailing data", `{"status":"ok"} {"error":"x"}`, false, "not-json", ""},
		{"trailing garbage", `{"status":"ok"}x`, false, "not-json", ""},
		{"array", `[{"status":"ok"}]`, false, "not-object", ""},
		{"string", `"ok"`, false, "not-object", ""},
		{"true", `true`, false, "not-object", ""},
		{"null", `null`, false, "not-object", ""},
		{"empty", ``, false, "empty", ""},
		{"blank", " \n", false, "empty", ""},
		{"invalid UTF-8", "{\"status\":\"ok\xff\"}", false, "not-json", ""},
		{"too large", `{"pad":"` + strings.Repeat("a", MaxToolResult) + `"}`, false, "too-large", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ok, msg := ToolResult(tt.raw)
			assert.Equal(t, tt.ok, ok)
			m, err := CheckToolResult(tt.raw)
			if tt.ok {
				require.NoError(t, err)
				assert.Equal(t, tt.msg, msg)
				assert.Equal(t, tt.msg, m)
				return
			}
			var te *ToolResultError
			require.ErrorAs(t, err, &te)
			assert.Empty(t, m)
			assert.Equal(t, tt.msg, te.Reason)
			assert.Equal(t, tt.detail, te.Detail)
			assert.Equal(t, te.Error(), msg)
			assert.NotContains(t, strings.ToLower(msg), "executed")
		})
	}
}

func TestToolResultDetailIsBounded(t *testing.T) {
	long := strings.Repeat("x", 5000)
	_, msg := ToolResult(`{"error":"` + long + "\u202e" + `"}`)
	assert.Less(t, utf8.RuneCountInString(msg), maxToolDetail+60)
	assert.NotContains(t, msg, "\u202e")
	assert.Contains(t, msg, "…")
}

// FuzzToolResult checks that ToolResult never reports success for input that
// an independent decoding does not see as one JSON object without an error
// key and with status "ok" when present.
func FuzzToolResult(f *testing.F) {
	for _, s := range []string{`{"status":"ok"}`, `{"error":"x"}`, `Executed`, `{"status":"ok"} x`,
		`{"a":1,"A":2}`, `[1]`, `{"errors":[]}`, `{"Status":"OK","message":"m"}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		ok, msg := ToolResult(raw)
		require.NotEmpty(t, msg)
		if !ok {
			_, err := CheckToolResult(raw)
			var te *ToolResultError
			require.ErrorAs(t, err, &te)
			return
		}
		var obj map[string]any
		require.NoError(t, json.Unmarshal([]byte(raw), &obj), "success must be a JSON object")
		require.NotNil(t, obj)
		for k, v := range obj {
			switch strings.ToLower(k) {
			case "error":
				t.Fatalf("success with an error key %q", k)
			case "status":
				s, isStr := v.(string)
				require.True(t, isStr && strings.EqualFold(s, "ok"), "status %v", v)
			}
		}
		require.True(t, utf8.ValidString(msg))
	})
}

func BenchmarkToolResult(b *testing.B) {
	inputs := []struct{ name, raw string }{
		{"ok", `{"status":"ok","message":"mode set to block","id":42}`},
		{"error", `{"error":{"code":400,"message":"invalid ip"}}`},
		{"text", `Executed successfully`},
	}
	for _, in := range inputs {
		b.Run(in.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ToolResult(in.raw)
			}
		})
	}
}
