//go:build !linux

package redisstore_test

import "os/exec"

// dieWithParent has no portable equivalent outside Linux; TestMain stops
// the server on a normal exit.
func dieWithParent(*exec.Cmd) {}
