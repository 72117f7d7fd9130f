//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package rundir

import (
	"errors"
	"os"
	"syscall"
)

// TryLockFile takes an exclusive flock on f without waiting; false: another
// open file holds it (another process, or another lock in this one). It is
// the one flock loop of matheval: the run directory's lock and the shared
// cache's compaction lock both use it.
func TryLockFile(f *os.File) (bool, error) {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, syscall.EWOULDBLOCK):
			return false, nil
		case errors.Is(err, syscall.EINTR):
			continue
		}
		return false, err
	}
}

// LockFileShared takes a shared flock on f, waiting while an exclusive one
// is held (the cache's compaction holds it for seconds).
func LockFileShared(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

// UnlockFile releases f's flock (closing f releases it too).
func UnlockFile(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
