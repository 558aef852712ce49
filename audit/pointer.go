package audit

import (
	"strconv"
	"strings"
)

// pointer is a parsed JSON Pointer (RFC 6901) into a written record: either
// one of the free-text top-level fields or a path under /attrs.
type pointer struct {
	raw    string
	tokens []string // tokens[0] is the top-level field name
}

// Top-level fields that may be erased or masked. The structural fields
// (seq, prev, time, decision_id, gate, decision, alg, hash) may not: a
// record without them would not be a record.
var pointerFields = map[string]bool{
	"reason":       true,
	"verdict":      true,
	"actor":        true,
	"turn_id":      true,
	"input_digest": true,
	"attrs":        true,
}

func parsePointer(s string) (pointer, error) {
	if s == "" || s[0] != '/' {
		return pointer{}, &optionError{"JSON Pointer must start with '/'"}
	}
	parts := strings.Split(s[1:], "/")
	for i, p := range parts {
		// RFC 6901: '~' must be followed by '0' or '1'.
		for j := 0; j < len(p); j++ {
			if p[j] == '~' && (j+1 == len(p) || (p[j+1] != '0' && p[j+1] != '1')) {
				return pointer{}, &optionError{"JSON Pointer has a '~' not followed by 0 or 1"}
			}
		}
		parts[i] = strings.ReplaceAll(strings.ReplaceAll(p, "~1", "/"), "~0", "~")
	}
	if !pointerFields[parts[0]] {
		return pointer{}, &optionError{"JSON Pointer must name /reason, /verdict, /actor, /turn_id, /input_digest or a path under /attrs/"}
	}
	if parts[0] == "attrs" && len(parts) < 2 {
		return pointer{}, &optionError{"JSON Pointer may not erase or mask all of /attrs; name a path under it"}
	}
	if parts[0] != "attrs" && len(parts) != 1 {
		return pointer{}, &optionError{"JSON Pointer into a string field has no children"}
	}
	return pointer{raw: s, tokens: parts}, nil
}

// apply erases (mask == false) or masks the value at p inside attrs; it
// reports whether the value existed. Erasing an array element replaces it
// with null so that the indices of its siblings do not change.
func (p pointer) applyAttrs(attrs map[string]any, mask bool) bool {
	var parent any = attrs
	toks := p.tokens[1:]
	for i, tok := range toks {
		last := i == len(toks)-1
		switch c := parent.(type) {
		case map[string]any:
			v, ok := c[tok]
			if !ok {
				return false
			}
			if last {
				if mask {
					c[tok] = Mask
				} else {
					delete(c, tok)
				}
				return true
			}
			parent = v
		case []any:
			idx, ok := arrayIndex(tok, len(c))
			if !ok {
				return false
			}
			if last {
				if mask {
					c[idx] = Mask
				} else {
					c[idx] = nil
				}
				return true
			}
			parent = c[idx]
		default:
			return false
		}
	}
	return false
}

func arrayIndex(tok string, n int) (int, bool) {
	if tok == "" || (len(tok) > 1 && tok[0] == '0') {
		return 0, false
	}
	i, err := strconv.Atoi(tok)
	if err != nil || i < 0 || i >= n {
		return 0, false
	}
	return i, true
}
