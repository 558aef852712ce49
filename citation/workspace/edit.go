package workspace

import (
	"errors"
	"fmt"
	"strings"
)

// Replace errors, matched with errors.Is on the *ReplaceError ReplaceOnce
// returns.
var (
	// ErrNoMatch: old does not occur in the document (or is empty).
	ErrNoMatch = errors.New("workspace: text to replace not found")
	// ErrMultipleMatches: old occurs more than once, counting overlapping
	// occurrences, so the edit is ambiguous.
	ErrMultipleMatches = errors.New("workspace: text to replace occurs more than once")
)

// ReplaceError reports why [ReplaceOnce] refused an edit.
type ReplaceError struct {
	Err   error // ErrNoMatch or ErrMultipleMatches
	Count int   // occurrences found (0, or 2 and more; counting stops at 100)
}

// Error implements error.
func (e *ReplaceError) Error() string {
	if e.Err == ErrMultipleMatches {
		return fmt.Sprintf("%v (%d occurrences; include more context to make it unique)", e.Err, e.Count)
	}
	return e.Err.Error()
}

// Unwrap returns Err.
func (e *ReplaceError) Unwrap() error { return e.Err }

// ReplaceOnce replaces the single occurrence of old in doc with new, the way
// a safe str_replace tool must: it returns a *ReplaceError wrapping
// [ErrNoMatch] when old is empty or absent and [ErrMultipleMatches] when old
// occurs more than once, overlapping occurrences included ("aa" occurs
// twice in "aaa"). On error the returned string is empty. Matching is exact
// bytes: no normalisation.
func ReplaceOnce(doc, old, new string) (string, error) {
	if old == "" {
		return "", &ReplaceError{Err: ErrNoMatch}
	}
	i := strings.Index(doc, old)
	if i < 0 {
		return "", &ReplaceError{Err: ErrNoMatch}
	}
	if j := strings.Index(doc[i+1:], old); j >= 0 {
		n := 2
		for k := i + 1 + j + 1; n < 100 && k <= len(doc); n++ {
			m := strings.Index(doc[k:], old)
			if m < 0 {
				break
			}
			k += m + 1
		}
		return "", &ReplaceError{Err: ErrMultipleMatches, Count: n}
	}
	return doc[:i] + new + doc[i+len(old):], nil
}
