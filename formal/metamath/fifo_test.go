//go:build unix

package metamath

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestFIFORefused (issue 30, row 10): a named pipe given directly or
// through "$[ f.mm $]" is refused with one error before it is opened (an
// open of a pipe blocks until a writer comes: this test would hang).
func TestFIFORefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "f.mm")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	res := VerifyFile(fifo, Options{})
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Msg, "not a regular file (a named pipe)") {
		t.Fatalf("direct: %v", res.Errors)
	}
	main := filepath.Join(dir, "i.mm")
	if err := os.WriteFile(main, []byte("$[ f.mm $]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res = VerifyFile(main, Options{})
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Msg, "not a regular file (a named pipe)") {
		t.Fatalf("included: %v", res.Errors)
	}
	if _, res := Load(main, Options{SkipProofs: true}); len(res.Errors) != 1 {
		t.Fatalf("Load: %v", res.Errors)
	}
}
