//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package workspace

import (
	"errors"
	"io/fs"
	"os"
	"strings"
)

// dir is a directory opened with os.Root.
type dir struct {
	root *os.Root
}

func openTop(path string) (*dir, error) {
	r, err := os.OpenRoot(path)
	if err != nil {
		return nil, err
	}
	return &dir{root: r}, nil
}

func (d *dir) close() error { return d.root.Close() }

func (d *dir) sub(name string) (*dir, error) {
	fi, err := d.root.Lstat(name)
	if err != nil {
		return nil, classify(err, "")
	}
	if !fi.IsDir() {
		return nil, refuse(ErrSymlink, "not a directory")
	}
	r, err := d.root.OpenRoot(name)
	if err != nil {
		return nil, classify(err, "")
	}
	return &dir{root: r}, nil
}

func classify(err error, detail string) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return refuse(ErrMissing, detail)
	case errors.Is(err, fs.ErrExist):
		return refuse(ErrExists, detail)
	}
	return err
}

func infoOf(fi fs.FileInfo) info {
	return info{
		regularFile: fi.Mode().IsRegular(),
		link:        fi.Mode()&fs.ModeSymlink != 0,
		isDir:       fi.IsDir(),
		perm:        uint32(fi.Mode().Perm()),
		nlink:       1, // not known here
		size:        fi.Size(),
	}
}

// lstat checks every element of rel with Lstat: parents must be
// directories, none may be a link.
func (d *dir) lstat(rel string) (info, bool, error) {
	elems := strings.Split(rel, "/")
	for i := range elems {
		fi, err := d.root.Lstat(strings.Join(elems[:i+1], "/"))
		last := i == len(elems)-1
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return info{}, !last, refuse(ErrMissing, "")
		case err != nil:
			return info{}, false, refuse(ErrSymlink, "cannot be resolved inside the workspace")
		case fi.Mode()&fs.ModeSymlink != 0:
			return info{}, false, refuse(ErrSymlink, "")
		case !last && !fi.IsDir():
			return info{}, false, refuse(ErrMissing, "a parent is not a directory")
		case last:
			return infoOf(fi), false, nil
		}
	}
	return info{}, false, refuse(ErrMissing, "")
}

func (d *dir) openChecked(rel string, flag int) (*os.File, info, error) {
	fi, _, err := d.lstat(rel)
	if err != nil {
		return nil, info{}, err
	}
	if err := checkFile(fi, false); err != nil {
		return nil, info{}, err
	}
	before, err := d.root.Lstat(rel)
	if err != nil {
		return nil, info{}, classify(err, "")
	}
	f, err := d.root.OpenFile(rel, flag, 0)
	if err != nil {
		return nil, info{}, classify(err, "")
	}
	after, err := f.Stat()
	if err != nil || !os.SameFile(before, after) || !after.Mode().IsRegular() {
		f.Close()
		return nil, info{}, refuse(ErrSymlink, "the file changed while it was opened")
	}
	return f, infoOf(after), nil
}

func (d *dir) openFile(rel string, limit int64) (*os.File, info, error) {
	f, fi, err := d.openChecked(rel, os.O_RDONLY)
	if err == nil && limit > 0 && fi.size > limit {
		f.Close()
		return nil, info{}, refuse(ErrTooLarge, "")
	}
	return f, fi, err
}

func (d *dir) readFile(rel string, limit int64) ([]byte, error) {
	f, fi, err := d.openFile(rel, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, fi.size, limit)
}

func (d *dir) replace(rel string, data []byte) error {
	f, _, err := d.openChecked(rel, os.O_WRONLY)
	if err != nil {
		return err
	}
	err = f.Truncate(0)
	if err == nil {
		_, err = f.Write(data)
	}
	return errors.Join(err, f.Close())
}

func (d *dir) create(rel string, data []byte) error {
	elems := strings.Split(rel, "/")
	for i := 1; i < len(elems); i++ {
		sub := strings.Join(elems[:i], "/")
		if err := d.root.Mkdir(sub, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return classify(err, "")
		}
		fi, err := d.root.Lstat(sub)
		if err != nil {
			return classify(err, "")
		}
		if !fi.IsDir() {
			return refuse(ErrSymlink, "a parent is not a directory")
		}
	}
	f, err := d.root.OpenFile(rel, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return classify(err, "")
	}
	_, err = f.Write(data)
	return errors.Join(err, f.Close())
}

func (d *dir) remove(rel string) error {
	fi, _, err := d.lstat(rel)
	if err != nil {
		return err
	}
	if err := checkFile(fi, false); err != nil {
		return err
	}
	return classify(d.root.Remove(rel), "")
}

func (d *dir) countPages(limit int) (int, error) {
	n := 0
	err := fs.WalkDir(d.root.FS(), ".", func(p string, e fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return nil
		case n >= limit:
			return fs.SkipAll
		case p != "." && strings.HasPrefix(e.Name(), "."):
			if e.IsDir() {
				return fs.SkipDir
			}
		case e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".md"):
			n++
		}
		return nil
	})
	return n, err
}
