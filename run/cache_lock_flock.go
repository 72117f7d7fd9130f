//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package run

import (
	"errors"
	"os"
	"syscall"
)

// lockShared takes a shared flock on f, waiting while a compaction holds
// the exclusive one (a compaction takes seconds).
func lockShared(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}

// tryLockExclusive takes the exclusive flock on f without waiting; false:
// a run holds the file.
func tryLockExclusive(f *os.File) (bool, error) {
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
