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
// when that path does not exist (failing it instead when
// MATHEVAL_REQUIRE_SHARED=1). MATHEVAL_SHARED overrides the location.
func Shared(t testing.TB, elem ...string) string {
	t.Helper()
	base := os.Getenv("MATHEVAL_SHARED")
	if base == "" {
		base = filepath.Join(filepath.Dir(RepoRoot(t)), "shared")
	}
	p := filepath.Join(append([]string{base}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("MATHEVAL_REQUIRE_SHARED") == "1" {
			// CI sets this when ../shared exists: a test that would skip
			// there has lost its data, and a silent skip would hide it.
			t.Fatalf("shared material not available: %s (MATHEVAL_REQUIRE_SHARED=1)", p)
		}
		t.Skipf("shared material not available: %s", p)
	}
	return p
}

// Tool returns path when it exists (an installed program or data file a
// test uses as an oracle, such as Debian's set.mm or chromium), and
// otherwise skips the test with the hint saying how to install it - or
// fails it when MATHEVAL_REQUIRE_TOOLS=1, which .ci/run sets once it has
// installed every package the tests use.
func Tool(t testing.TB, path, hint string) string {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("MATHEVAL_REQUIRE_TOOLS") == "1" {
			t.Fatalf("%s absent (%s; MATHEVAL_REQUIRE_TOOLS=1)", path, hint)
		}
		t.Skipf("%s absent (%s)", path, hint)
	}
	return path
}
