package workspace

import (
	"io/fs"
	"time"

	"github.com/wardline/wardline/citation/internal/pathrule"
)

// Sources returns raw/ as an fs.FS for citation's Verify and Anchor. It
// serves regular files only (no directories, links, FIFOs or devices),
// each with one hard link and at most the workspace's read limit, opened
// beneath raw/ without following links and without blocking; names must
// pass [ValidatePath]. It implements fs.StatFS. The zero Workspace returns
// nil, which Verify reports as missing sources.
func (w *Workspace) Sources() fs.FS {
	if w == nil {
		return nil
	}
	w.rlock()
	defer w.runlock()
	if w.raw == nil {
		return nil
	}
	return sourcesFS{w}
}

type sourcesFS struct{ w *Workspace }

func (s sourcesFS) check(op, name string) error {
	if !fs.ValidPath(name) || pathrule.Check(name) != "" {
		return &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	return nil
}

// Open implements fs.FS.
func (s sourcesFS) Open(name string) (fs.File, error) {
	if err := s.check("open", name); err != nil {
		return nil, err
	}
	s.w.rlock()
	defer s.w.runlock()
	if s.w.raw == nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: ErrClosed}
	}
	f, _, err := s.w.raw.openFile(name, s.w.maxFile)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fsErr(err)}
	}
	return f, nil
}

// Stat implements fs.StatFS, without following a link.
func (s sourcesFS) Stat(name string) (fs.FileInfo, error) {
	if err := s.check("stat", name); err != nil {
		return nil, err
	}
	s.w.rlock()
	defer s.w.runlock()
	if s.w.raw == nil {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: ErrClosed}
	}
	fi, _, err := s.w.raw.lstat(name)
	if err == nil {
		err = checkFile(fi, true)
	}
	if err != nil {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fsErr(err)}
	}
	return fileInfo{name: name, fi: fi}, nil
}

// fsErr makes a missing file match fs.ErrNotExist, as fs.FS users expect.
func fsErr(err error) error {
	if fe, ok := err.(*fsError); ok && fe.err == ErrMissing && fe.detail == "" {
		return fs.ErrNotExist
	}
	return err
}

type fileInfo struct {
	name string
	fi   info
}

func (f fileInfo) Name() string       { return f.name[lastSlash(f.name)+1:] }
func (f fileInfo) Size() int64        { return f.fi.size }
func (f fileInfo) Mode() fs.FileMode  { return fs.FileMode(f.fi.perm) }
func (f fileInfo) ModTime() time.Time { return time.Time{} }
func (f fileInfo) IsDir() bool        { return false }
func (f fileInfo) Sys() any           { return nil }

func lastSlash(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '/' {
			return i
		}
	}
	return -1
}
