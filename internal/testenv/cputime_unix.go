//go:build unix

package testenv

import (
	"syscall"
	"time"
)

// CPUTime is the CPU time (user + system) this process has used. With
// other processes on the machine, work per CPU second is the figure that
// does not depend on the load; benchmarks report it beside wall-clock rates.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
