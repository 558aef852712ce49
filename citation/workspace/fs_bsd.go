//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package workspace

import "errors"

// openBeneath opens rel beneath base one element at a time with
// O_NOFOLLOW (these systems have no openat2).
func openBeneath(base int, rel string, flags int) (int, error) {
	return walk(base, rel, flags)
}

var errNoRenameat2 = errors.New("renameat2 unavailable")

func renameat2NoReplace(int, string, string) error { return errNoRenameat2 }
