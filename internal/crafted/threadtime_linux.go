package crafted

import (
	"syscall"
	"time"
	"unsafe"
)

// threadTime returns the calling thread's CPU time
// (clock_gettime(CLOCK_THREAD_CPUTIME_ID)), or the wall clock if that
// fails.
func threadTime() time.Duration {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	if _, _, e := syscall.RawSyscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ts.Nano())
}
