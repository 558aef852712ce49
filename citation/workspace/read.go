package workspace

import (
	"bytes"
	"io"
)

// info is what the checks need to know about a file, read without
// following a link.
type info struct {
	regularFile bool   // a regular file
	link        bool   // a symbolic link
	isDir       bool   // a directory
	perm        uint32 // permission bits
	nlink       uint64 // hard links (1 where the system does not say)
	size        int64
	dev, ino    uint64 // the file's identity (0 where the system does not say)
}

// checkFile refuses what is not a regular file, and with oneLink a file
// with more than one hard link.
func checkFile(fi info, oneLink bool) error {
	switch {
	case fi.link:
		return refuse(ErrSymlink, "")
	case !fi.regularFile:
		return refuse(ErrMissing, "not a regular file")
	case oneLink && fi.nlink != 1:
		return refuse(ErrHardLink, "")
	}
	return nil
}

// fsError is a refusal found on the file system; the Workspace adds the
// operation and the path.
type fsError struct {
	err    error // one of the Err* sentinels
	detail string
}

func (e *fsError) Error() string {
	if e.detail == "" {
		return e.err.Error()
	}
	return e.err.Error() + " (" + e.detail + ")"
}

func (e *fsError) Unwrap() error { return e.err }

func refuse(err error, detail string) error { return &fsError{err: err, detail: detail} }

// existsErr is the refusal to create over what exists: a link is reported
// as one.
func existsErr(fi info) error {
	if fi.link {
		return refuse(ErrSymlink, "")
	}
	return refuse(ErrExists, "")
}

// maxDepth bounds how deep countPages descends.
const maxDepth = 64

// readLimited reads r to the end, refusing more than limit bytes (limit 0:
// no bound). size is the file's size when opened, a hint for the buffer.
func readLimited(r io.Reader, size, limit int64) ([]byte, error) {
	if limit > 0 && size > limit {
		return nil, refuse(ErrTooLarge, "")
	}
	var buf bytes.Buffer
	if size > 0 {
		buf.Grow(int(size) + 1)
	}
	lr := r
	if limit > 0 {
		lr = io.LimitReader(r, limit+1)
	}
	if _, err := buf.ReadFrom(lr); err != nil {
		return nil, err
	}
	if limit > 0 && int64(buf.Len()) > limit {
		return nil, refuse(ErrTooLarge, "the file grew while it was read")
	}
	return buf.Bytes(), nil
}
