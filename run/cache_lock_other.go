//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package run

import "os"

// On systems without flock (as for rundir.Lock) the cache's locks are
// advisory in name only: compaction while a run appends may lose that
// run's new records from the cache (never from the run's journal).
func lockShared(*os.File) error { return nil }

func tryLockExclusive(*os.File) (bool, error) { return true, nil }
