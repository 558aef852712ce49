//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package workspace

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"strings"

	"golang.org/x/sys/unix"
)

// dir is an open directory descriptor that every path is resolved beneath.
// Paths given to its methods have passed ValidatePath (no "..", no empty or
// dot elements, no absolute paths); the methods refuse those anyway.
type dir struct {
	fd int
}

// openTop opens the directory the application names (its path may go
// through links the application chose).
func openTop(path string) (*dir, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return &dir{fd: fd}, nil
}

func (d *dir) close() error { return unix.Close(d.fd) }

// sub opens the directory name (one element) beneath d without following a
// link.
func (d *dir) sub(name string) (*dir, error) {
	fd, err := openBeneath(d.fd, name, unix.O_RDONLY|unix.O_DIRECTORY)
	if err != nil {
		return nil, classify(err, "")
	}
	return &dir{fd: fd}, nil
}

// classify turns an errno from resolving a path into a refusal; other
// errors are returned as they are.
func classify(err error, detail string) error {
	switch {
	case errors.Is(err, unix.ELOOP), errors.Is(err, unix.EXDEV):
		return refuse(ErrSymlink, detail)
	case errors.Is(err, unix.ENOENT):
		return refuse(ErrMissing, detail)
	case errors.Is(err, unix.ENOTDIR):
		return refuse(ErrMissing, "a parent is not a directory")
	case errors.Is(err, unix.EEXIST):
		return refuse(ErrExists, detail)
	case errors.Is(err, unix.EISDIR), errors.Is(err, unix.ENXIO):
		return refuse(ErrMissing, "not a regular file")
	}
	return err
}

// walk opens rel (slash-separated, relative) beneath base one element at a
// time, each with O_NOFOLLOW, so that a link anywhere on the path fails
// with ELOOP (or ENOTDIR) instead of being followed. Intermediate elements
// must be directories. The last element is opened with flags.
func walk(base int, rel string, flags int) (int, error) {
	fd := base
	elems := strings.Split(rel, "/")
	for i, el := range elems {
		if el == "" || el == "." || el == ".." {
			if fd != base {
				unix.Close(fd)
			}
			return -1, unix.EXDEV
		}
		f := unix.O_RDONLY | unix.O_DIRECTORY
		if i == len(elems)-1 {
			f = flags
		}
		next, err := openat(fd, el, f|unix.O_NOFOLLOW|unix.O_CLOEXEC)
		if fd != base {
			unix.Close(fd)
		}
		if err != nil {
			return -1, err
		}
		fd = next
	}
	return fd, nil
}

// openat retries on EINTR.
func openat(fd int, name string, flags int) (int, error) {
	for {
		n, err := unix.Openat(fd, name, flags, 0)
		if err != unix.EINTR {
			return n, err
		}
	}
}

// parent opens the directory that holds rel's last element and returns it
// with that element's name. With mkdir, missing directories are created
// (mode 0755, each opened without following links right after). The
// returned dir is d itself when rel has one element; release it with
// d.release.
func (d *dir) parent(rel string, mkdir bool) (*dir, string, error) {
	i := strings.LastIndexByte(rel, '/')
	if i < 0 {
		return d, rel, nil
	}
	prel, leaf := rel[:i], rel[i+1:]
	if !mkdir {
		fd, err := openBeneath(d.fd, prel, unix.O_RDONLY|unix.O_DIRECTORY)
		if err != nil {
			return nil, "", d.explain(prel, err)
		}
		return &dir{fd: fd}, leaf, nil
	}
	fd := d.fd
	for el := range strings.SplitSeq(prel, "/") {
		if el == "" || el == "." || el == ".." {
			d.releaseFD(fd)
			return nil, "", refuse(ErrHostilePath, "dot element")
		}
		next, err := openat(fd, el, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC)
		if errors.Is(err, unix.ENOENT) {
			if err := unix.Mkdirat(fd, el, 0o755); err != nil && !errors.Is(err, unix.EEXIST) {
				d.releaseFD(fd)
				return nil, "", classify(err, "")
			}
			next, err = openat(fd, el, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC)
		}
		if err != nil {
			err = (&dir{fd: fd}).explain(el, err)
		}
		d.releaseFD(fd)
		if err != nil {
			return nil, "", err
		}
		fd = next
	}
	return &dir{fd: fd}, leaf, nil
}

// explain classifies the failure err of opening the directory rel beneath
// d. Opening a link with O_DIRECTORY|O_NOFOLLOW fails with ENOTDIR on
// some systems, so the elements are looked at (without following links)
// to tell a link from a file. Only the error path pays for this.
func (d *dir) explain(rel string, err error) error {
	if !errors.Is(err, unix.ENOTDIR) {
		return classify(err, "")
	}
	fd := d.fd
	defer func() { d.releaseFD(fd) }()
	for el := range strings.SplitSeq(rel, "/") {
		fi, serr := lstatAt(fd, el)
		switch {
		case serr != nil:
			return classify(err, "")
		case fi.link:
			return refuse(ErrSymlink, "")
		case fi.regularFile || !fi.isDir:
			return refuse(ErrMissing, "a parent is not a directory")
		}
		next, oerr := openat(fd, el, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC)
		if oerr != nil {
			return classify(err, "")
		}
		d.releaseFD(fd)
		fd = next
	}
	return classify(err, "")
}

func (d *dir) releaseFD(fd int) {
	if fd != d.fd {
		unix.Close(fd)
	}
}

func (d *dir) release(p *dir) {
	if p != nil && p != d {
		p.close()
	}
}

func infoOf(st *unix.Stat_t) info {
	return info{
		regularFile: uint32(st.Mode)&unix.S_IFMT == unix.S_IFREG,
		link:        uint32(st.Mode)&unix.S_IFMT == unix.S_IFLNK,
		isDir:       uint32(st.Mode)&unix.S_IFMT == unix.S_IFDIR,
		perm:        uint32(st.Mode) & 0o777,
		nlink:       uint64(st.Nlink),
		size:        st.Size,
		dev:         uint64(st.Dev),
		ino:         uint64(st.Ino),
	}
}

func lstatAt(fd int, name string) (info, error) {
	var st unix.Stat_t
	if err := unix.Fstatat(fd, name, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		return info{}, err
	}
	return infoOf(&st), nil
}

func fstat(fd int) (info, error) {
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return info{}, err
	}
	return infoOf(&st), nil
}

// lstat returns what rel is, without following a link anywhere on the
// path. missingParent reports that a parent directory does not exist (a
// create would make it).
func (d *dir) lstat(rel string) (fi info, missingParent bool, err error) {
	p, leaf, err := d.parent(rel, false)
	if err != nil {
		var fe *fsError
		if errors.As(err, &fe) && fe.err == ErrMissing && fe.detail == "" {
			return info{}, true, err
		}
		return info{}, false, err
	}
	defer d.release(p)
	fi, err = lstatAt(p.fd, leaf)
	if err != nil {
		return info{}, false, classify(err, "")
	}
	return fi, false, nil
}

// afterOpenHook, set only by tests, runs between opening a file and
// checking it: the window an attacker races.
var afterOpenHook func(rel string)

// openFile opens rel for reading without following links and without
// blocking on a FIFO, and checks the open file: a regular file with one
// link, at most limit bytes. The descriptor is in blocking mode.
func (d *dir) openFile(rel string, limit int64) (*os.File, info, error) {
	fd, err := openBeneath(d.fd, rel, unix.O_RDONLY|unix.O_NONBLOCK|unix.O_NOCTTY)
	if err != nil {
		return nil, info{}, classify(err, "")
	}
	if afterOpenHook != nil {
		afterOpenHook(rel)
	}
	fi, err := fstat(fd)
	if err == nil {
		err = checkFile(fi, true)
	}
	if err == nil {
		// One link when checked is not enough: a second link that existed
		// when the file was opened ("wiki/page.md" made a hard link to a
		// source) can be removed before fstat, which then counts one. The
		// path must still name the file that was opened.
		err = d.stillNames(rel, fi)
	}
	if err == nil && limit > 0 && fi.size > limit {
		err = refuse(ErrTooLarge, "")
	}
	if err == nil {
		err = unix.SetNonblock(fd, false)
	}
	if err != nil {
		unix.Close(fd)
		return nil, info{}, err
	}
	return os.NewFile(uintptr(fd), rel), fi, nil
}

// stillNames refuses unless rel, read again without following links,
// names the file fi describes.
func (d *dir) stillNames(rel string, fi info) error {
	now, _, err := d.lstat(rel)
	if err != nil {
		return err
	}
	if now.dev != fi.dev || now.ino != fi.ino || now.nlink != 1 {
		return refuse(ErrHardLink, "replaced while it was opened")
	}
	return nil
}

// readFile reads rel (see openFile), at most limit bytes.
func (d *dir) readFile(rel string, limit int64) ([]byte, error) {
	f, fi, err := d.openFile(rel, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, fi.size, limit)
}

// writeTemp writes data to a new, uniquely named dot-file in p (the
// workspace's path rules refuse dot-files, so no tool can name it) and
// returns its name.
func writeTemp(p *dir, data []byte, mode uint32) (string, error) {
	var rnd [8]byte
	_, _ = rand.Read(rnd[:])
	name := ".wardline-" + hex.EncodeToString(rnd[:]) + ".tmp"
	fd, err := unix.Openat(p.fd, name, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, mode)
	if err != nil {
		return "", err
	}
	for b := data; len(b) > 0; {
		n, err := unix.Write(fd, b)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			unix.Close(fd)
			_ = unix.Unlinkat(p.fd, name, 0)
			return "", err
		}
		b = b[n:]
	}
	if err := unix.Close(fd); err != nil {
		_ = unix.Unlinkat(p.fd, name, 0)
		return "", err
	}
	return name, nil
}

// replace overwrites the existing regular file rel with data: it writes a
// temporary file in the same directory and renames it over rel, so the old
// inode is never written (a page that became a hard link to a raw/ source,
// or a link, is replaced, not written through) and readers see the old or
// the new page, never a mix.
func (d *dir) replace(rel string, data []byte) error {
	p, leaf, err := d.parent(rel, false)
	if err != nil {
		return err
	}
	defer d.release(p)
	fi, err := lstatAt(p.fd, leaf)
	if err != nil {
		return classify(err, "")
	}
	if err := checkFile(fi, true); err != nil {
		return err
	}
	tmp, err := writeTemp(p, data, fi.perm)
	if err != nil {
		return err
	}
	if err := unix.Renameat(p.fd, tmp, p.fd, leaf); err != nil {
		_ = unix.Unlinkat(p.fd, tmp, 0)
		return classify(err, "")
	}
	return nil
}

// create writes data to rel, which must not exist, making missing parent
// directories. The page appears whole or not at all.
func (d *dir) create(rel string, data []byte) error {
	p, leaf, err := d.parent(rel, true)
	if err != nil {
		return err
	}
	defer d.release(p)
	if fi, err := lstatAt(p.fd, leaf); err == nil {
		return existsErr(fi)
	} else if !errors.Is(err, unix.ENOENT) {
		return classify(err, "")
	}
	tmp, err := writeTemp(p, data, 0o644)
	if err != nil {
		return err
	}
	if err := renameNoReplace(p.fd, tmp, leaf); err != nil {
		_ = unix.Unlinkat(p.fd, tmp, 0)
		return classify(err, "")
	}
	return nil
}

// renameNoReplace moves tmp to name in the directory fd unless name exists
// (as anything, a dangling link included).
func renameNoReplace(fd int, tmp, name string) error {
	if err := renameat2NoReplace(fd, tmp, name); !errors.Is(err, errNoRenameat2) {
		return err
	}
	if err := unix.Linkat(fd, tmp, fd, name, 0); err != nil {
		return err
	}
	return unix.Unlinkat(fd, tmp, 0)
}

// remove deletes the regular file rel. unlinkat removes a directory entry
// and never follows a link, so a path swapped for a link between the check
// and the call loses only the link.
func (d *dir) remove(rel string) error {
	p, leaf, err := d.parent(rel, false)
	if err != nil {
		return err
	}
	defer d.release(p)
	fi, err := lstatAt(p.fd, leaf)
	if err != nil {
		return classify(err, "")
	}
	if err := checkFile(fi, false); err != nil {
		return err
	}
	return classify(unix.Unlinkat(p.fd, leaf, 0), "")
}

// countPages counts the regular files named *.md (dot-files excluded) in d
// and the directories beneath it, without following links, up to limit
// (it stops counting there).
func (d *dir) countPages(limit int) (int, error) {
	n := 0
	var visit func(fd, depth int) error
	visit = func(fd, depth int) error {
		if depth > maxDepth {
			return refuse(ErrMissing, "directories nested too deep")
		}
		// A new open file description: a dup would share (and move) the
		// directory offset of fd.
		own, err := openat(fd, ".", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC)
		if err != nil {
			return err
		}
		f := os.NewFile(uintptr(own), "wiki")
		entries, err := f.ReadDir(-1)
		f.Close()
		if err != nil {
			return err
		}
		for _, e := range entries {
			name := e.Name()
			switch {
			case n >= limit:
				return nil
			case strings.HasPrefix(name, "."):
			case e.Type()&fs.ModeType == fs.ModeDir:
				sub, err := openat(fd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC)
				if err != nil {
					continue // replaced meanwhile; links are not pages
				}
				err = visit(sub, depth+1)
				unix.Close(sub)
				if err != nil {
					return err
				}
			case e.Type().IsRegular() && strings.HasSuffix(name, ".md"):
				n++
			}
		}
		return nil
	}
	err := visit(d.fd, 0)
	return n, err
}
