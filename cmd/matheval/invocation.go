package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// invocation is how the commands matheval prints (the next steps after a
// run) should call it so that they work as typed: "matheval" when that
// name on PATH is this binary, the `go run ./cmd/matheval` form when this
// binary was built by `go run` (the README's first command: nothing is
// installed, and the binary is deleted on exit), else the path it was
// started by.
func invocation(arg0, exe string, lookPath func(string) (string, error)) string {
	if isGoRunBinary(exe) {
		return "go run ./cmd/matheval"
	}
	if p, err := lookPath("matheval"); err == nil && samePath(p, exe) {
		return "matheval"
	}
	if arg0 == "" {
		return "matheval"
	}
	if abs, err := filepath.Abs(arg0); err == nil && strings.ContainsRune(arg0, filepath.Separator) {
		return abs
	}
	return arg0
}

// isGoRunBinary reports whether exe is a binary `go run` built: it lives in
// a go-build directory under the temporary directory (the toolchain's
// work directory, $TMPDIR/go-build*/.../exe/NAME).
func isGoRunBinary(exe string) bool {
	dir := filepath.ToSlash(filepath.Dir(exe))
	return strings.Contains(dir, "/go-build") && strings.HasSuffix(dir, "/exe")
}

func samePath(a, b string) bool {
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	if err1 != nil || err2 != nil {
		return a == b
	}
	return ra == rb
}

// thisInvocation is invocation for the running process.
func thisInvocation() string {
	exe, _ := os.Executable()
	return invocation(os.Args[0], exe, exec.LookPath)
}
