package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"iter"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// maxDepth bounds the nesting of attribute values (and so also catches
// cyclic maps and slices, which would otherwise recurse forever).
const maxDepth = 32

// normalizer turns attribute values into a canonical tree made only of
// nil, bool, string, json.Number, []any and map[string]any, with valid
// UTF-8 everywhere and the redactor already applied to every string, map
// keys included.
type normalizer struct {
	redact func(string) string
}

func (n *normalizer) str(s string) string {
	s = validUTF8(s)
	if n.redact != nil {
		s = validUTF8(n.redact(s))
	}
	return s
}

// validUTF8 replaces every byte that is not part of a valid UTF-8 sequence
// with U+FFFD, byte by byte, as encoding/json does (strings.ToValidUTF8
// would fold a run into one).
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// unsupportedError is ErrUnsupportedValue with the JSON Pointer of the
// value. The pointer is collected while the recursion unwinds (in reverse),
// so that the happy path pays nothing for it.
type unsupportedError struct {
	rev []string // pointer tokens, innermost first
	msg string
}

func (e *unsupportedError) Error() string {
	var b strings.Builder
	b.WriteString(ErrUnsupportedValue.Error())
	b.WriteString(": at ")
	if len(e.rev) == 0 {
		b.WriteString("/")
	}
	for i := len(e.rev) - 1; i >= 0; i-- {
		b.WriteString("/")
		b.WriteString(escapePointer(e.rev[i]))
	}
	b.WriteString(": ")
	b.WriteString(e.msg)
	return b.String()
}

func (e *unsupportedError) Unwrap() error { return ErrUnsupportedValue }

func unsupported(format string, args ...any) error {
	return &unsupportedError{msg: fmt.Sprintf(format, args...)}
}

// within adds a pointer token to an error from a nested value.
func within(err error, token string) error {
	if u, ok := err.(*unsupportedError); ok {
		u.rev = append(u.rev, token)
	}
	return err
}

// value normalizes v. Errors name the JSON Pointer of the bad value (keys
// are program-chosen names; values never appear in errors).
func (n *normalizer) value(v any, depth int) (any, error) {
	if depth > maxDepth {
		return nil, unsupported("nested deeper than %d levels (or a cycle)", maxDepth)
	}
	switch x := v.(type) {
	case nil:
		return nil, nil
	case string:
		return n.str(x), nil
	case bool:
		return x, nil
	case int:
		return json.Number(strconv.FormatInt(int64(x), 10)), nil
	case int8:
		return json.Number(strconv.FormatInt(int64(x), 10)), nil
	case int16:
		return json.Number(strconv.FormatInt(int64(x), 10)), nil
	case int32:
		return json.Number(strconv.FormatInt(int64(x), 10)), nil
	case int64:
		return json.Number(strconv.FormatInt(x, 10)), nil
	case uint:
		return json.Number(strconv.FormatUint(uint64(x), 10)), nil
	case uint8:
		return json.Number(strconv.FormatUint(uint64(x), 10)), nil
	case uint16:
		return json.Number(strconv.FormatUint(uint64(x), 10)), nil
	case uint32:
		return json.Number(strconv.FormatUint(uint64(x), 10)), nil
	case uint64:
		return json.Number(strconv.FormatUint(x, 10)), nil
	case float32:
		return floatNumber(float64(x), 32)
	case float64:
		return floatNumber(x, 64)
	case json.Number:
		if !validNumber(string(x)) {
			return nil, unsupported("json.Number is not a JSON number")
		}
		return x, nil
	case time.Time:
		return x.Format(time.RFC3339Nano), nil
	case time.Duration:
		return json.Number(strconv.FormatInt(int64(x), 10)), nil
	case error:
		return n.str(x.Error()), nil
	case json.RawMessage:
		return n.decode(x, depth)
	case []byte:
		// Like encoding/json: base64. Redaction runs over the base64 text.
		b, _ := json.Marshal(x)
		var s string
		_ = json.Unmarshal(b, &s)
		return n.str(s), nil
	case []string:
		out := make([]any, len(x))
		for i, s := range x {
			out[i] = n.str(s)
		}
		return out, nil
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			t, err := n.value(e, depth+1)
			if err != nil {
				return nil, within(err, strconv.Itoa(i))
			}
			out[i] = t
		}
		return out, nil
	case map[string]string:
		out := make(map[string]any, len(x))
		collided := false
		for k, s := range x {
			k2 := n.str(k)
			if _, dup := out[k2]; dup {
				collided = true
				break
			}
			out[k2] = n.str(s)
		}
		if collided {
			return n.keysApart(len(x), maps.Keys(x), func(k string) (any, error) { return n.str(x[k]), nil })
		}
		return out, nil
	case map[string]any:
		out := make(map[string]any, len(x))
		collided := false
		for k, e := range x {
			k2 := n.str(k)
			if _, dup := out[k2]; dup {
				collided = true
				break
			}
			t, err := n.value(e, depth+1)
			if err != nil {
				return nil, within(err, k2)
			}
			out[k2] = t
		}
		if collided {
			return n.keysApart(len(x), maps.Keys(x), func(k string) (any, error) { return n.value(x[k], depth+1) })
		}
		return out, nil
	default:
		b, err := marshalRecover(x)
		if err != nil {
			return nil, unsupported("%T: %s", x, errClass(err))
		}
		return n.decode(b, depth)
	}
}

// keysApart builds a map whose keys became equal after UTF-8 repair or
// redaction (two secrets redact to the same excerpt): keys are taken in
// the order of the original keys and a repeated one gets "#2", "#3", ...,
// so the record keeps every value and its bytes do not depend on map
// iteration order.
func (n *normalizer) keysApart(size int, keys iter.Seq[string], val func(k string) (any, error)) (any, error) {
	sorted := slices.Sorted(keys)
	out := make(map[string]any, size)
	for _, k := range sorted {
		k2 := n.str(k)
		for i := 2; ; i++ {
			if _, dup := out[k2]; !dup {
				break
			}
			k2 = n.str(k) + "#" + strconv.Itoa(i)
		}
		t, err := val(k)
		if err != nil {
			return nil, within(err, k2)
		}
		out[k2] = t
	}
	return out, nil
}

// errClass describes a json.Marshal error without its message, which for
// some error types can quote the value.
func errClass(err error) string {
	switch err.(type) {
	case *json.UnsupportedTypeError:
		return "unsupported type"
	case *json.UnsupportedValueError:
		return "unsupported value (NaN, Inf or a cycle)"
	case *json.MarshalerError:
		return "its MarshalJSON failed"
	default:
		return "cannot be encoded"
	}
}

func marshalRecover(v any) (b []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, err = nil, &json.MarshalerError{Err: fmt.Errorf("panic")}
		}
	}()
	return json.Marshal(v)
}

func (n *normalizer) decode(b []byte, depth int) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, unsupported("invalid JSON")
	}
	if d.More() {
		return nil, unsupported("invalid JSON")
	}
	return n.value(v, depth)
}

func floatNumber(f float64, bits int) (any, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil, unsupported("NaN or infinite float")
	}
	// The formatting encoding/json uses (ES6 number to string).
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21)) {
		format = 'e'
	}
	b := strconv.AppendFloat(nil, f, format, -1, bits)
	if format == 'e' {
		// clean up e-09 to e-9
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return json.Number(b), nil
}

func validNumber(s string) bool {
	if s == "" || !(s[0] == '-' || '0' <= s[0] && s[0] <= '9') {
		return false
	}
	return json.Valid([]byte(s))
}

// appendValue appends the canonical encoding of a normalized tree: no
// insignificant whitespace, object keys sorted by their UTF-8 bytes.
func appendValue(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case bool:
		if x {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	case string:
		return appendString(b, x)
	case json.Number:
		return append(b, x...)
	case []any:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendValue(b, e)
		}
		return append(b, ']')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, k)
			b = append(b, ':')
			b = appendValue(b, x[k])
		}
		return append(b, '}')
	default:
		// Unreachable for normalized trees; encode as null rather than panic.
		return append(b, "null"...)
	}
}

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string: '"' and '\\' escaped, \b \f \n
// \r \t in short form, and every other character that could change how a
// line reads without being seen escaped as \uXXXX (a surrogate pair above
// U+FFFF): C0 controls, DEL, C1 controls, U+2028 and U+2029, and every
// format character (Unicode category Cf: bidi controls such as U+202E and
// U+2066, zero-width characters, the soft hyphen, tag characters). Invalid
// UTF-8 becomes U+FFFD. Nothing else is escaped.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != 0x7f {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = appendEscape(b, rune(c))
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, "\uFFFD"...)
			i++
			start = i
			continue
		}
		if hiddenRune(r) {
			b = append(b, s[start:i]...)
			if r > 0xFFFF {
				r1, r2 := utf16.EncodeRune(r)
				b = appendEscape(appendEscape(b, r1), r2)
			} else {
				b = appendEscape(b, r)
			}
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// hiddenRune reports the non-ASCII characters appendString escapes: C1
// controls, line and paragraph separators, and format characters.
func hiddenRune(r rune) bool {
	return r < 0xA0 || r == 0x2028 || r == 0x2029 || unicode.Is(unicode.Cf, r)
}

func appendEscape(b []byte, r rune) []byte {
	return append(b, '\\', 'u', hexDigits[r>>12&0xF], hexDigits[r>>8&0xF], hexDigits[r>>4&0xF], hexDigits[r&0xF])
}

// escapePointer escapes a key for use as a JSON Pointer token (RFC 6901).
func escapePointer(k string) string {
	if !strings.ContainsAny(k, "~/") {
		return k
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
}
