package rundir

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// tempName is the temporary file that WriteAtomic writes dir/name to.
func tempName(dir, name string) string { return filepath.Join(dir, "."+name+".tmp") }

// WriteAtomic writes dir/name through write, to a temporary file renamed
// over it only when every write succeeded, so that a reader never sees a
// half-written file. On any failure (write's, the disk's, the rename's)
// the temporary file is removed: a full disk must not be made fuller.
func WriteAtomic(dir, name string, write func(w io.Writer) error) (err error) {
	tmp := tempName(dir, name)
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	w := bufio.NewWriterSize(f, 1<<20)
	if err := write(w); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, name))
}

// RemoveStaleTemp removes the temporary files that WriteAtomic left in dir
// when its process was killed mid-write (the files it writes are all
// rewritten whole, so nothing in them is lost). It must be called only by
// the holder of dir's lock, so that no live writer's file is removed. It
// returns the names it removed.
func RemoveStaleTemp(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var removed []string
	var errs []error
	for _, e := range ents {
		n := e.Name()
		if !e.Type().IsRegular() || !strings.HasPrefix(n, ".") || !strings.HasSuffix(n, ".tmp") {
			continue
		}
		if err := os.Remove(filepath.Join(dir, n)); err != nil {
			errs = append(errs, err)
			continue
		}
		removed = append(removed, n)
	}
	return removed, errors.Join(errs...)
}
