//go:build !unix

package amps

import "time"

// cpuTime is not measured on this system: the problems/cpu-s metric reads 0.
func cpuTime() time.Duration { return 0 }
