package citation

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Path errors. Every error the path checks return wraps exactly one of these
// (see [PathError]), so callers branch with errors.Is.
var (
	// ErrHostilePath: the path text itself is refused: empty, too long,
	// absolute, "..", ".", empty elements, NUL or other control characters,
	// backslashes, colons, percent-encoding, dot-files, look-alike dots or
	// slashes, characters outside the allowed set, or not NFC.
	ErrHostilePath = errors.New("hostile path")
	// ErrOutsideArea: the path is well formed but outside what the operation
	// may touch (writes: wiki/; reads: wiki/ and raw/).
	ErrOutsideArea = errors.New("outside the allowed area")
	// ErrReadOnly: a write, create or delete under raw/.
	ErrReadOnly = errors.New("raw/ is read-only")
	// ErrSymlink: a component of the path is a symbolic link (links are
	// never followed, wherever they point), or the path escapes the
	// workspace root.
	ErrSymlink = errors.New("path goes through a symbolic link")
	// ErrProtected: deleting a protected page (overview.md, index.md,
	// log.md by default).
	ErrProtected = errors.New("protected file")
	// ErrOtherWorkspace: a pinned [Workspaces] was asked for another
	// workspace, or a workspace name is missing or not a plain name.
	ErrOtherWorkspace = errors.New("another workspace")
	// ErrExists: create on a path that exists.
	ErrExists = errors.New("already exists")
	// ErrMissing: read, write or delete of a path that does not exist or is
	// not a regular file.
	ErrMissing = errors.New("no such page")
	// ErrInvalidOp: the zero Op or an unknown one.
	ErrInvalidOp = errors.New("invalid operation")
)

// PathError reports a refused path. Err is one of the Err* values above;
// Detail says which rule fired. Error shows Path quoted with %+q (ASCII
// only, so look-alikes and control characters are visible and cannot reach
// a log raw) and cut to 120 bytes.
type PathError struct {
	Op     Op
	Path   string
	Err    error
	Detail string
}

// Error implements error.
func (e *PathError) Error() string {
	p := e.Path
	if len(p) > 120 {
		p = p[:120] + "…"
	}
	s := fmt.Sprintf("citation: %+q: %v", p, e.Err)
	if e.Op != 0 {
		s = fmt.Sprintf("citation: %s %+q: %v", e.Op, p, e.Err)
	}
	if e.Detail != "" {
		s += " (" + e.Detail + ")"
	}
	return s
}

// Unwrap returns Err.
func (e *PathError) Unwrap() error { return e.Err }

// Op is what a tool wants to do with a path. The zero Op is invalid and
// refused.
type Op int

// Operations.
const (
	OpRead   Op = iota + 1 // read a page (wiki/) or a source (raw/)
	OpCreate               // create a page that does not exist (wiki/ only)
	OpWrite                // overwrite or edit an existing page (wiki/ only)
	OpDelete               // delete an existing, unprotected page (wiki/ only)
)

// String returns the operation's name.
func (o Op) String() string {
	switch o {
	case OpRead:
		return "read"
	case OpCreate:
		return "create"
	case OpWrite:
		return "write"
	case OpDelete:
		return "delete"
	}
	return fmt.Sprintf("Op(%d)", int(o))
}

const (
	maxPath    = 1024
	maxElement = 255
)

// lookAlikes are letters (so the category check lets them through) that a
// reader or a normaliser may take for a dot, a colon or nothing at all.
var lookAlikes = []rune{
	'\u1427',                     // CANADIAN SYLLABICS FINAL MIDDLE DOT
	'\uA78F',                     // LATIN LETTER SINOLOGICAL DOT
	'\u115F', '\u1160', '\u3164', // Hangul fillers (invisible)
}

// ValidatePath checks the text of a workspace-relative, slash-separated
// path without touching a file system: it returns a *PathError wrapping
// [ErrHostilePath] for anything a tool should never pass on. Allowed are
// Unicode letters and digits, combining marks inside a name, space and
// - _ . + @ , = ( ) ' inside names, and "/" between them; the path must be
// NFC and unchanged by NFKC (so no fullwidth or compatibility dots and
// slashes), every element non-empty, not starting with "." or a
// combining mark, not ending in "." or space, at most 255 bytes, the whole at most
// 1024 bytes. "%" is refused outright (percent-encoding is reported as
// such), as are ':' (drive letters, NTFS streams) and shell metacharacters.
func ValidatePath(p string) error { return validatePath(0, p) }

func validatePath(op Op, p string) error {
	bad := func(detail string) error {
		return &PathError{Op: op, Path: p, Err: ErrHostilePath, Detail: detail}
	}
	switch {
	case p == "":
		return bad("empty")
	case len(p) > maxPath:
		return bad("too long")
	case !utf8.ValidString(p):
		return bad("not UTF-8")
	case strings.HasPrefix(p, "/"):
		return bad("absolute")
	}
	for i, r := range p {
		switch {
		case r == 0:
			return bad("NUL byte")
		case unicode.IsControl(r):
			return bad("control character")
		case r == '\\':
			return bad("backslash")
		case r == ':':
			return bad("colon (drive letter or stream)")
		case r == '%':
			if i+2 < len(p) && isHex(p[i+1]) && isHex(p[i+2]) {
				return bad("percent-encoding")
			}
			return bad("character not allowed")
		case r < utf8.RuneSelf:
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/ -_.+@,=()'", r)) {
				return bad("character not allowed")
			}
		case unicode.Is(unicode.Variation_Selector, r) || r == '\u034F':
			return bad("invisible character")
		case containsRune(lookAlikes, r) || r >= 0xA4F8 && r <= 0xA4FF: // Lisu tone letters look like . , : ;
			return bad("look-alike character")
		case !(unicode.IsLetter(r) || unicode.Is(unicode.Nd, r) || unicode.IsMark(r)):
			return bad("look-alike dot, slash or other symbol")
		}
	}
	if !norm.NFC.IsNormalString(p) {
		return bad("not NFC")
	}
	if norm.NFKC.String(p) != p {
		return bad("compatibility character (changes under NFKC)")
	}
	for _, el := range strings.Split(p, "/") {
		first, _ := utf8.DecodeRuneInString(el)
		switch {
		case el == "":
			return bad("empty element")
		case el == "." || el == "..":
			return bad("dot element")
		case strings.Trim(el, ".") == "":
			return bad("dots-only element")
		case first == '.':
			return bad("dot-file")
		case unicode.IsMark(first):
			return bad("element starts with a combining mark")
		case strings.HasSuffix(el, ".") || strings.HasSuffix(el, " ") || first == ' ':
			return bad("leading or trailing space or trailing dot")
		case len(el) > maxElement:
			return bad("element too long")
		}
	}
	return nil
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func containsRune(rs []rune, r rune) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}
