package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/rundir"
)

// TestRunDirLocked (issue 30, row 1): while another process holds a run
// directory, run and grade on it exit 1 at once with one line naming the
// holder; released, both work.
func TestRunDirLocked(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	l, err := rundir.Lock(dir, "matheval run")
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"run", "math401", "--model", "builtin:gold", "--limit", "3", "--out", dir, "--progress", "off"}
	code, out := cli(t, args...)
	if code != exitFailure || !strings.Contains(out, "is held by pid") || strings.Count(strings.TrimSpace(out), "\n") > 1 {
		t.Fatalf("locked run: exit %d\n%s", code, out)
	}
	l.Unlock()
	if code, out := cli(t, args...); code != 0 {
		t.Fatalf("run: exit %d\n%s", code, out)
	}
	l, err = rundir.Lock(dir, "matheval run")
	if err != nil {
		t.Fatal(err)
	}
	if code, out := cli(t, "grade", dir); code != exitFailure || !strings.Contains(out, "is held by pid") {
		t.Fatalf("locked grade: exit %d\n%s", code, out)
	}
	l.Unlock()
	if code, out := cli(t, "grade", dir); code != 0 {
		t.Fatalf("grade: exit %d\n%s", code, out)
	}
}
