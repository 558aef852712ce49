package redisstore_test

import (
	"os/exec"
	"syscall"
)

// dieWithParent makes the kernel kill redis-server if the test binary dies
// (a panic or a timeout) before TestMain can stop it.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
