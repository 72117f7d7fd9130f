//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package rundir

import "os"

// On systems without flock (Windows, Plan 9, WebAssembly) the lock is
// advisory only in name: Lock always succeeds and two processes on one
// run directory are not kept apart there. A portable lock would need
// LockFileEx on Windows; matheval's runs are made on Linux and macOS.
func tryLock(*os.File) (bool, error) { return true, nil }

func unlock(*os.File) {}
