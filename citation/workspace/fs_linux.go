package workspace

import (
	"errors"
	"sync/atomic"

	"golang.org/x/sys/unix"
)

// noOpenat2 is set once openat2 turned out to be unavailable (a kernel
// before 5.6, or a seccomp filter that refuses it); from then on paths are
// walked one element at a time.
var noOpenat2 atomic.Bool

// openBeneath opens rel beneath the directory base with openat2,
// RESOLVE_BENEATH|RESOLVE_NO_SYMLINKS|RESOLVE_NO_MAGICLINKS: the kernel
// resolves the whole path in one call and fails with ELOOP on any symbolic
// link and with EXDEV on anything that would leave base. Where openat2 is
// unavailable it falls back to an O_NOFOLLOW walk (see walk).
func openBeneath(base int, rel string, flags int) (int, error) {
	if !noOpenat2.Load() {
		how := unix.OpenHow{
			Flags:   uint64(flags | unix.O_NOFOLLOW | unix.O_CLOEXEC),
			Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS,
		}
		for {
			fd, err := unix.Openat2(base, rel, &how)
			switch {
			case err == unix.EINTR:
				continue
			case errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EPERM) || errors.Is(err, unix.E2BIG):
				noOpenat2.Store(true)
			default:
				return fd, err
			}
			break
		}
	}
	return walk(base, rel, flags)
}

var errNoRenameat2 = errors.New("renameat2 unavailable")

// renameat2NoReplace renames with RENAME_NOREPLACE; it returns
// errNoRenameat2 where the kernel or the file system does not support it.
func renameat2NoReplace(fd int, from, to string) error {
	err := unix.Renameat2(fd, from, fd, to, unix.RENAME_NOREPLACE)
	if errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EINVAL) || errors.Is(err, unix.EPERM) {
		return errNoRenameat2
	}
	return err
}
