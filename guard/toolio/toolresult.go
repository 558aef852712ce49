package toolio

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/wardline/wardline/internal/ascii"
)

// MaxToolResult is the largest tool result, in bytes, that [ToolResult] and
// [CheckToolResult] inspect; a larger one is a failure.
const MaxToolResult = 1 << 20

// maxToolDetail bounds the tool-supplied text a result message repeats.
const maxToolDetail = 200

// ToolResultError explains why a tool result is not a success. Use errors.As
// to get it from [CheckToolResult].
type ToolResultError struct {
	// Reason is a stable identifier for what was wrong: "empty", "too-large",
	// "not-json", "not-object", "duplicate-key", "error", "errors", "status"
	// or "flag".
	Reason string
	// Detail is the tool's own message for the failure when it gave one (the
	// value of "error", "status", ...), cleaned like [Comment] and cut to 200
	// characters; empty otherwise. It comes from the tool: treat it as data.
	Detail string
}

// Error returns a sentence for logs and for the user, such as
// `tool result reports an error: "invalid ip"`.
func (e *ToolResultError) Error() string {
	var what string
	switch e.Reason {
	case "empty":
		what = "tool result is empty"
	case "too-large":
		what = fmt.Sprintf("tool result is larger than %d bytes", MaxToolResult)
	case "not-json":
		what = "tool result is not valid JSON"
	case "not-object":
		what = "tool result is not a JSON object"
	case "duplicate-key":
		what = "tool result has a duplicate key"
	case "error":
		what = "tool result reports an error"
	case "errors":
		what = "tool result reports errors"
	case "status":
		what = `tool result status is not "ok"`
	case "flag":
		what = "tool result reports ok or success as not true"
	default:
		what = "tool result is not a success (" + e.Reason + ")"
	}
	if e.Detail != "" {
		return what + ": " + fmt.Sprintf("%q", e.Detail)
	}
	return what
}

// ToolResult judges a tool's raw result so that an agent never reports a
// failed call as done: ok is true only when [CheckToolResult] finds a
// success. msg is then the tool's "message" (cleaned and cut like
// [ToolResultError.Detail]) or "ok"; on failure it is the reason, from
// [ToolResultError.Error].
func ToolResult(raw string) (ok bool, msg string) {
	msg, err := CheckToolResult(raw)
	if err != nil {
		return false, err.Error()
	}
	return true, msg
}

// CheckToolResult returns the tool's message (or "ok") when raw is a success
// and a *[ToolResultError] otherwise.
//
// A success is exactly one JSON object (valid UTF-8, nothing after it, no
// top-level key twice, keys compared without regard to ASCII case) in which:
//   - there is no "error" key, whatever its value — even null or false;
//   - "errors", if present, is null or empty ([] or {});
//   - "status", if present, is the string "ok" (any ASCII case);
//   - "ok" and "success", if present, are true.
//
// Everything else — plain text such as "Executed", HTML error pages, an
// array, a number, a truncated object — is a failure. Keys are matched
// without regard to ASCII case, so "Error" counts as "error".
func CheckToolResult(raw string) (string, error) {
	fail := func(reason, detail string) (string, error) {
		return "", &ToolResultError{Reason: reason, Detail: detail}
	}
	switch {
	case strings.Trim(raw, " \t\r\n") == "":
		return fail("empty", "")
	case len(raw) > MaxToolResult:
		return fail("too-large", "")
	case !utf8.ValidString(raw):
		return fail("not-json", "")
	}
	dec := json.NewDecoder(strings.NewReader(raw))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return fail("not-json", "")
	}
	if d, isDelim := tok.(json.Delim); !isDelim || d != '{' {
		if !json.Valid([]byte(raw)) {
			return fail("not-json", "")
		}
		return fail("not-object", "")
	}
	fields := make(map[string]json.RawMessage)
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return fail("not-json", "")
		}
		key, _ := kt.(string)
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return fail("not-json", "")
		}
		folded := strings.ToLower(key)
		if !isASCII(key) {
			folded = key
		}
		if _, dup := fields[folded]; dup {
			return fail("duplicate-key", "")
		}
		fields[folded] = val
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return fail("not-json", "")
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return fail("not-json", "")
	}

	if v, ok := fields["error"]; ok {
		return fail("error", toolFailureDetail(v))
	}
	if v, ok := fields["errors"]; ok && !isEmptyJSON(v) {
		return fail("errors", toolFailureDetail(v))
	}
	if v, ok := fields["status"]; ok {
		var s string
		if json.Unmarshal(v, &s) != nil || !ascii.EqualFold(s, "ok") {
			return fail("status", toolFailureDetail(v))
		}
	}
	for _, k := range [...]string{"ok", "success"} {
		if v, ok := fields[k]; ok && !bytes.Equal(bytes.TrimSpace(v), []byte("true")) {
			return fail("flag", "")
		}
	}
	if v, ok := fields["message"]; ok {
		var s string
		if json.Unmarshal(v, &s) == nil {
			if m, _ := cleanText(s, maxToolDetail); m != "" {
				return m, nil
			}
		}
	}
	return "ok", nil
}

// emptyJSON reports whether v is null, [] or {}.
func isEmptyJSON(v json.RawMessage) bool {
	var x any
	if json.Unmarshal(v, &x) != nil {
		return false
	}
	switch x := x.(type) {
	case nil:
		return true
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

// detail extracts the human part of a failure value: a string as is, the
// "message" of an object, the first element of an array, else the compact
// JSON; cleaned and cut to maxToolDetail characters.
func toolFailureDetail(v json.RawMessage) string {
	var x any
	if json.Unmarshal(v, &x) != nil {
		return ""
	}
	for range 4 {
		next, ok := toolFailureInner(x)
		if !ok {
			break
		}
		x = next
	}
	var s string
	switch y := x.(type) {
	case nil:
		return ""
	case string:
		s = y
	default:
		b, err := json.Marshal(y)
		if err != nil {
			return ""
		}
		s = string(b)
	}
	out, fits := cleanText(s, maxToolDetail)
	if r := []rune(out); !fits && len(r) > 0 {
		out = string(r[:len(r)-1]) + "…"
	}
	return out
}

// inner returns the part of a failure value that carries its message.
func toolFailureInner(x any) (any, bool) {
	switch y := x.(type) {
	case []any:
		if len(y) > 0 {
			return y[0], true
		}
	case map[string]any:
		for _, k := range [...]string{"message", "msg", "detail", "error"} {
			if m, ok := y[k]; ok {
				return m, true
			}
		}
	}
	return nil, false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
