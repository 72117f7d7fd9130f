package rundir

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestLock (issue 30, row 1): a held directory is refused at once with one
// line naming the holder; released, it is free again and the file gone; a
// line left by a dead holder is no lock.
func TestLock(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no flock on " + runtime.GOOS + ": Lock is a no-op there (lock_other.go)")
	}
	dir := t.TempDir()
	a, err := Lock(dir, "matheval run")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Lock(dir, "matheval grade")
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), fmt.Sprintf("pid %d", os.Getpid())) ||
		!strings.Contains(err.Error(), "matheval run") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("second lock: %v", err)
	}
	if err := a.Unlock(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, LockFile)); !os.IsNotExist(err) {
		t.Errorf("lock file after Unlock: %v", err)
	}
	os.WriteFile(filepath.Join(dir, LockFile), []byte("pid 1 on gone (matheval run, since 2020-01-01T00:00:00Z)\n"), 0o644)
	b, err := Lock(dir, "matheval run")
	if err != nil {
		t.Fatalf("a stale lock file was not taken over: %v", err)
	}
	line, _ := os.ReadFile(filepath.Join(dir, LockFile))
	if !strings.HasPrefix(string(line), fmt.Sprintf("pid %d ", os.Getpid())) {
		t.Errorf("holder line %q", line)
	}
	b.Unlock()
	b.Unlock() // twice is harmless
}

// TestWriteAtomicCleansUp (issue 30, row 7): a failed write leaves neither
// the temporary file nor a changed target.
func TestWriteAtomicCleansUp(t *testing.T) {
	dir := t.TempDir()
	if err := WriteAtomic(dir, "f.json", func(w io.Writer) error { _, err := io.WriteString(w, "old\n"); return err }); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("disk full")
	err := WriteAtomic(dir, "f.json", func(w io.Writer) error {
		io.WriteString(w, strings.Repeat("x", 3<<20)) // past the buffer: on disk already
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(left) != 0 {
		t.Errorf("left %v", left)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "f.json")); string(b) != "old\n" {
		t.Errorf("target changed to %.20q", b)
	}
	os.WriteFile(filepath.Join(dir, ".samples.jsonl.tmp"), []byte("x"), 0o644)
	removed, err := RemoveStaleTemp(dir)
	if err != nil || len(removed) != 1 || removed[0] != ".samples.jsonl.tmp" {
		t.Errorf("RemoveStaleTemp: %v %v", removed, err)
	}
}
