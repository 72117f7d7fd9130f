//go:build unix

package amps

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user + system) this process has used: with
// other processes on the machine, problems per CPU second is the figure
// that does not depend on the load.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
