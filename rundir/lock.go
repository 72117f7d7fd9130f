package rundir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// LockFile is the lock of a run directory: the process that runs or grades
// the run holds it, so that two processes never write one directory at
// once (both would send the same requests and the last one to finish
// would win results.json). It holds one line naming its holder.
const LockFile = "lock"

// ErrLocked is returned (wrapped, with the holder) by Lock when another
// process holds the directory.
var ErrLocked = errors.New("run directory in use")

// A DirLock is a held lock on a run directory.
type DirLock struct {
	f    *os.File
	path string
}

// Lock takes the lock of dir for what (the command, for the holder line)
// without waiting: when another process holds it, the error wraps
// ErrLocked and names that process. The lock is the operating system's
// (flock on Unix): it dies with its process, so a lock left by a killed
// run is free and is taken over at once; the file it leaves holds only the
// dead holder's line, which is replaced.
func Lock(dir, what string) (*DirLock, error) {
	path := filepath.Join(dir, LockFile)
	for range 10 {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		held, err := TryLockFile(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if !held {
			b := make([]byte, 512)
			n, _ := f.ReadAt(b, 0)
			f.Close()
			holder := strings.TrimSpace(string(b[:n]))
			if holder == "" {
				holder = "another process"
			}
			return nil, fmt.Errorf("%w: %s is held by %s; wait for it to end, or use another --out", ErrLocked, dir, holder)
		}
		// The holder before us may have removed the file between our
		// open and our lock: then we hold a lock on a file nobody else
		// will open. Lock the file that is at the path now.
		fi, err1 := f.Stat()
		pi, err2 := os.Stat(path)
		if err1 != nil || err2 != nil || !os.SameFile(fi, pi) {
			UnlockFile(f)
			f.Close()
			continue
		}
		host, _ := os.Hostname()
		line := fmt.Sprintf("pid %d on %s (%s, since %s)\n", os.Getpid(), host, what, time.Now().UTC().Format(time.RFC3339))
		if err := f.Truncate(0); err == nil {
			f.WriteAt([]byte(line), 0)
		}
		return &DirLock{f: f, path: path}, nil
	}
	return nil, fmt.Errorf("%s: the lock file keeps changing under us", path)
}

// Unlock removes the lock file and releases the lock (in this order, so
// that a process waiting on the old file sees it gone and opens the path
// again). It is safe to call on nil and more than once.
func (l *DirLock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := os.Remove(l.path)
	UnlockFile(l.f)
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	return err
}
