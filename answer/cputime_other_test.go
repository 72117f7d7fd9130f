//go:build !unix

package answer

import "time"

// cpuTime is not measured on this system: the cpu-s/op metric reads 0.
func cpuTime() time.Duration { return 0 }
