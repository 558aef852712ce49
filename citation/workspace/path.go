package workspace

import (
	"errors"
	"fmt"
	"strings"

	"github.com/wardline/wardline/citation/internal/pathrule"
)

// Path errors. Every error the path checks and the file operations return
// for a refused path wraps exactly one of these (see [PathError]), so
// callers branch with errors.Is.
var (
	// ErrHostilePath: the path text itself is refused: empty, too long,
	// absolute, "..", ".", empty elements, NUL or other control characters,
	// backslashes, colons, percent-encoding, dot-files, look-alike dots or
	// slashes, characters outside the allowed set, or not NFC.
	ErrHostilePath = errors.New("workspace: hostile path")
	// ErrOutsideArea: the path is well formed but outside what the operation
	// may touch (writes: wiki/; reads: wiki/ and raw/).
	ErrOutsideArea = errors.New("workspace: outside the allowed area")
	// ErrReadOnly: a write, create or delete under raw/.
	ErrReadOnly = errors.New("workspace: raw/ is read-only")
	// ErrSymlink: a component of the path is a symbolic link (links are
	// never followed, wherever they point), also when one appeared between
	// a check and the operation.
	ErrSymlink = errors.New("workspace: path goes through a symbolic link")
	// ErrHardLink: the file has more than one hard link, so it may be the
	// same file as one outside the area (a page linked to a raw/ source, or
	// to a file outside the workspace). Reads and writes refuse it.
	ErrHardLink = errors.New("workspace: file has more than one hard link")
	// ErrTooLarge: a read of a file larger than the workspace's limit
	// ([WithMaxFileBytes]).
	ErrTooLarge = errors.New("workspace: file too large")
	// ErrProtected: deleting a protected page (overview.md, index.md,
	// log.md by default).
	ErrProtected = errors.New("workspace: protected file")
	// ErrOtherWorkspace: a pinned [Workspaces] was asked for another
	// workspace, or a workspace name is missing or not a plain name.
	ErrOtherWorkspace = errors.New("workspace: another workspace")
	// ErrExists: create on a path that exists.
	ErrExists = errors.New("workspace: already exists")
	// ErrMissing: read, write or delete of a path that does not exist or is
	// not a regular file, or a parent that is not a directory.
	ErrMissing = errors.New("workspace: no such page")
	// ErrInvalidOp: the zero Op or an unknown one.
	ErrInvalidOp = errors.New("workspace: invalid operation")
	// ErrQuota: a create would exceed the page quota ([WithMaxPages]).
	ErrQuota = errors.New("workspace: page quota reached")
	// ErrClosed: the workspace was closed, or is the zero Workspace.
	ErrClosed = errors.New("workspace: workspace closed")
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
	kind := "unknown"
	if e.Err != nil {
		kind = strings.TrimPrefix(e.Err.Error(), "workspace: ")
	}
	s := fmt.Sprintf("workspace: %+q: %s", p, kind)
	if e.Op != 0 {
		s = fmt.Sprintf("workspace: %s %+q: %s", e.Op, p, kind)
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

// ValidatePath checks the text of a workspace-relative, slash-separated
// path without touching a file system: it returns a *PathError wrapping
// [ErrHostilePath] for anything a tool should never pass on. Allowed are
// Unicode letters and digits, combining marks inside a name, space and
// - _ . + @ , = ( ) ' inside names, and "/" between them; the path must be
// NFC and unchanged by NFKC (so no fullwidth or compatibility dots and
// slashes), every element non-empty, not starting with "." or a
// combining mark, not ending in "." or space, at most 255 bytes, the whole
// at most 1024 bytes. "%" is refused outright (percent-encoding is reported
// as such), as are ':' (drive letters, NTFS streams) and shell
// metacharacters. Package citation applies the same rules to page and
// source names.
func ValidatePath(p string) error { return validatePath(0, p) }

func validatePath(op Op, p string) error {
	if d := pathrule.Check(p); d != "" {
		return &PathError{Op: op, Path: p, Err: ErrHostilePath, Detail: d}
	}
	return nil
}
