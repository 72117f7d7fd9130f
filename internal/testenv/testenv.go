// Package testenv helps tests find optional material: the read-only
// ../shared folder beside the repository (real benchmark data and peer test
// suites). Tests that need it call Shared and are skipped when it is absent,
// so the suite passes on a clean clone anywhere.
package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

// RepoRoot returns the repository root (the folder holding go.mod).
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("testenv: go.mod not found above the test's folder")
		}
		dir = parent
	}
}

// Shared returns the path of ../shared joined with elem, skipping the test
// when that path does not exist. MATHEVAL_SHARED overrides the location.
func Shared(t testing.TB, elem ...string) string {
	t.Helper()
	base := os.Getenv("MATHEVAL_SHARED")
	if base == "" {
		base = filepath.Join(filepath.Dir(RepoRoot(t)), "shared")
	}
	p := filepath.Join(append([]string{base}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("shared material not available: %s", p)
	}
	return p
}
