package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/internal/testenv"
)

func TestMMVerifyCLI(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.mm")
	bad := filepath.Join(dir, "bad.mm")
	inc := filepath.Join(dir, "inc.mm")
	head := "$c |- wff $. $v p $. wp $f wff p $. ${ h $e |- p $. id $a |- p $. $}\n"
	os.WriteFile(good, []byte(head+"th $p wff p $= wp $.\n"), 0o644)
	os.WriteFile(bad, []byte(head+"\nth $p wff p $= wp wp $.\n"), 0o644)
	os.WriteFile(inc, []byte(head+"th $p wff p $= ? $.\n"), 0o644)
	if code, out := cli(t, "mm", "verify", "--jobs", "2", good); code != 0 || !strings.Contains(out, "1 verified") {
		t.Fatalf("good: %d %s", code, out)
	}
	if code, out := cli(t, "mm", "verify", bad); code != 1 || !strings.Contains(out, "bad.mm:3: th: proof leaves 2 entries") {
		t.Fatalf("bad: %d %s", code, out)
	}
	if code, out := cli(t, "mm", "verify", inc); code != 1 || !strings.Contains(out, "incomplete") {
		t.Fatalf("incomplete: %d %s", code, out)
	}
	if code, _ := cli(t, "mm", "verify", "--allow-incomplete", inc); code != 0 {
		t.Fatalf("--allow-incomplete: %d", code)
	}
	if code, _ := cli(t, "mm", "verify", "--jobs", "-1", good); code != 2 {
		t.Fatalf("bad --jobs: %d", code)
	}
	if code, _ := cli(t, "mm", "verify"); code != 2 {
		t.Fatalf("no file: %d", code)
	}
	// Issue 30, row 11: the limits are flags, and their errors name them.
	if code, out := cli(t, "mm", "verify", "--max-token", "2", good); code != 1 || !strings.Contains(out, "good.mm:1:") || !strings.Contains(out, "--max-token raises it") {
		t.Fatalf("--max-token 2: %d %s", code, out)
	}
	if code, out := cli(t, "mm", "verify", "--max-bytes", "10", good); code != 1 || !strings.Contains(out, "--max-bytes raises it") {
		t.Fatalf("--max-bytes 10: %d %s", code, out)
	}
	if code, _ := cli(t, "mm", "verify", "--max-bytes", "0", good); code != 2 {
		t.Fatalf("--max-bytes 0: %d", code)
	}
}

func TestMinif2fCheckCLI(t *testing.T) {
	valid := testenv.Shared(t, "data", "minif2f", "metamath", "valid")
	const setmm = "/usr/share/metamath/databases/set.mm"
	if _, err := os.Stat(setmm); err != nil {
		t.Skip("Debian set.mm absent")
	}
	// The reference proofs are material that must hold: 22 of them fail
	// against Debian's older set.mm, so the check exits 1 (one rule for
	// every check), under either name.
	for _, args := range [][]string{{"minif2f", "check"}, {"data", "check", "minif2f"}} {
		code, out := cli(t, append(args, valid, "--setmm", setmm, "--k", "1")...)
		if code != 1 || strings.Count(out, ": verified") != 23 || strings.Count(out, "FAILED") != 22 {
			t.Fatalf("%v: %d\n%s", args, code, out)
		}
	}
	if code, _ := cli(t, "minif2f", "check", valid, "--k", "0"); code != 2 {
		t.Fatalf("bad --k: %d", code)
	}
}
