package toolguard

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// maxDepth bounds the nesting of tool arguments. Real tool arguments are a
// few levels deep; a deeper document is an attack on the parsers behind us.
const maxDepth = 32

// errArgs is wrapped by every error Canonical returns.
var errArgs = errors.New("invalid tool arguments")

// Canonical returns the canonical form of a tool call's JSON arguments: one
// JSON object, keys sorted, no insignificant whitespace, HTML characters not
// escaped, numbers kept exactly as written. Absent or null arguments are the
// empty object "{}".
//
// It refuses what different JSON parsers could read differently, so that the
// guards, the audit digest and the tool handler all see one and the same
// value: a top level that is not an object, duplicate keys in any object
// (also keys that differ only in case, which encoding/json matches to the
// same struct field), invalid UTF-8, nesting deeper than 32 levels, and
// trailing data. The errors never quote argument values.
func Canonical(raw []byte) ([]byte, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return []byte("{}"), nil
	}
	if !utf8.Valid(raw) {
		return nil, fmt.Errorf("%w: not valid UTF-8", errArgs)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("%w: %s", errArgs, syntaxMessage(err))
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fmt.Errorf("%w: arguments must be a JSON object", errArgs)
	}
	v, err := decodeObject(dec, 1, "")
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%w: trailing data after the arguments object", errArgs)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("%w: %s", errArgs, syntaxMessage(err))
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// Digest returns "sha256:<hex>" of canonical arguments.
func Digest(canonical []byte) string {
	sum := sha256.Sum256(canonical)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// decodeObject reads the members of an object whose '{' was consumed.
func decodeObject(dec *json.Decoder, depth int, path string) (map[string]any, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("%w: nested deeper than %d levels", errArgs, maxDepth)
	}
	m := make(map[string]any)
	folded := make(map[string]struct{})
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("%w: %s", errArgs, syntaxMessage(err))
		}
		if d, ok := tok.(json.Delim); ok && d == '}' {
			return m, nil
		}
		key, ok := tok.(string)
		if !ok {
			return nil, fmt.Errorf("%w: object key expected", errArgs)
		}
		f := strings.ToLower(key)
		if _, dup := folded[f]; dup {
			return nil, fmt.Errorf("%w: duplicate key at %s/%s", errArgs, path, pointerEscape(key))
		}
		folded[f] = struct{}{}
		v, err := decodeValue(dec, depth, path+"/"+pointerEscape(key))
		if err != nil {
			return nil, err
		}
		m[key] = v
	}
}

// decodeValue reads one value.
func decodeValue(dec *json.Decoder, depth int, path string) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("%w: %s", errArgs, syntaxMessage(err))
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			return decodeObject(dec, depth+1, path)
		case '[':
			if depth+1 > maxDepth {
				return nil, fmt.Errorf("%w: nested deeper than %d levels", errArgs, maxDepth)
			}
			a := []any{}
			for dec.More() {
				v, err := decodeValue(dec, depth+1, fmt.Sprintf("%s/%d", path, len(a)))
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
			if _, err := dec.Token(); err != nil { // ']'
				return nil, fmt.Errorf("%w: %s", errArgs, syntaxMessage(err))
			}
			return a, nil
		}
		return nil, fmt.Errorf("%w: unexpected %q", errArgs, rune(t))
	default:
		return t, nil // string, json.Number, bool, nil
	}
}

// pointerEscape escapes a key for a JSON Pointer and bounds its length, so
// an error can name where a problem is without echoing a long value.
func pointerEscape(k string) string {
	k = strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
	if len(k) > 64 {
		cut := 64
		for cut > 0 && !utf8.RuneStart(k[cut]) {
			cut--
		}
		k = k[:cut] + "…"
	}
	return k
}

// syntaxMessage describes a decoding error without quoting input.
func syntaxMessage(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("JSON syntax error at byte %d", se.Offset)
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return "unexpected end of JSON"
	}
	return "malformed JSON"
}
