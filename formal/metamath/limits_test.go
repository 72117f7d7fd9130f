package metamath

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTokenLimit (issue 30, row 11): a token over the limit is one error
// naming the file, the line and the flag that raises it; raised, the same
// file reads (its error is then the spec's, not the limit's).
func TestTokenLimit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "long.mm")
	long := "$c " + strings.Repeat("x", DefaultMaxToken+1) + " $.\n"
	if err := os.WriteFile(path, []byte("$( a comment $)\n"+long), 0o644); err != nil {
		t.Fatal(err)
	}
	res := VerifyFile(path, Options{})
	if len(res.Errors) != 1 || res.Errors[0].Line != 2 || !strings.Contains(res.Errors[0].Msg, "over the limit of 65536 bytes for one token (--max-token raises it)") {
		t.Fatalf("errors %v", res.Errors)
	}
	if res := VerifyFile(path, Options{MaxToken: DefaultMaxToken + 1}); !res.OK() {
		t.Fatalf("raised limit: %v", res.Errors)
	}
	if res := VerifyText("t.mm", []byte("$c ab $.\n"), Options{MaxToken: 1}); len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Msg, "a token of 2 bytes") {
		t.Fatalf("text: %v", res.Errors)
	}
}

// TestTotalSizeDefault (issue 30, row 11): the default bound on the bytes
// read is far below a gigabyte (a 1 GB file used to be read whole), and its
// message names the flag that raises it. The file is sparse: nothing is
// written or read.
func TestTotalSizeDefault(t *testing.T) {
	if DefaultMaxBytes > 512<<20 {
		t.Fatalf("DefaultMaxBytes %d", DefaultMaxBytes)
	}
	path := filepath.Join(t.TempDir(), "huge.mm")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(DefaultMaxBytes + 1); err != nil {
		t.Skipf("no sparse file: %v", err)
	}
	f.Close()
	res := VerifyFile(path, Options{})
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Msg, "--max-bytes raises it") {
		t.Fatalf("errors %v", res.Errors)
	}
}
