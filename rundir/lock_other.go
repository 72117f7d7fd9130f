//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package rundir

import "os"

// On systems without flock (Windows, Plan 9, WebAssembly) the locks are
// advisory only in name: TryLockFile always succeeds, so two processes on
// one run directory are not kept apart there, and compacting the shared
// cache while a run appends may lose that run's new records from the cache
// (never from the run's journal). A portable lock would need LockFileEx on
// Windows; matheval's runs are made on Linux and macOS.
func TryLockFile(*os.File) (bool, error) { return true, nil }

// LockFileShared is a no-op where flock is missing (see TryLockFile).
func LockFileShared(*os.File) error { return nil }

// UnlockFile is a no-op where flock is missing.
func UnlockFile(*os.File) {}
