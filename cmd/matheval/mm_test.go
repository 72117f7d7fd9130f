package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/internal/testenv"
)

// TestMMCLIChild runs the command line in MATHEVAL_MM_CLI_ARGS (child
// process of mmCLI; cobra keeps flag values between runs in one process).
func TestMMCLIChild(t *testing.T) {
	raw := os.Getenv("MATHEVAL_MM_CLI_ARGS")
	if raw == "" {
		t.Skip("child process of the mm command-line tests only")
	}
	var args []string
	if err := json.Unmarshal([]byte(raw), &args); err != nil {
		t.Fatal(err)
	}
	os.Exit(run(args))
}

func mmCLI(t *testing.T, args ...string) (int, string) {
	t.Helper()
	raw, _ := json.Marshal(args)
	cmd := exec.Command(os.Args[0], "-test.run=^TestMMCLIChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), "MATHEVAL_MM_CLI_ARGS="+string(raw))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), out.String()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, out.String()
}

func TestMMVerifyCLI(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.mm")
	bad := filepath.Join(dir, "bad.mm")
	inc := filepath.Join(dir, "inc.mm")
	head := "$c |- wff $. $v p $. wp $f wff p $. ${ h $e |- p $. id $a |- p $. $}\n"
	os.WriteFile(good, []byte(head+"th $p wff p $= wp $.\n"), 0o644)
	os.WriteFile(bad, []byte(head+"\nth $p wff p $= wp wp $.\n"), 0o644)
	os.WriteFile(inc, []byte(head+"th $p wff p $= ? $.\n"), 0o644)
	if code, out := mmCLI(t, "mm", "verify", "--jobs", "2", good); code != 0 || !strings.Contains(out, "1 verified") {
		t.Fatalf("good: %d %s", code, out)
	}
	if code, out := mmCLI(t, "mm", "verify", bad); code != 1 || !strings.Contains(out, "bad.mm:3: th: proof leaves 2 entries") {
		t.Fatalf("bad: %d %s", code, out)
	}
	if code, out := mmCLI(t, "mm", "verify", inc); code != 1 || !strings.Contains(out, "incomplete") {
		t.Fatalf("incomplete: %d %s", code, out)
	}
	if code, _ := mmCLI(t, "mm", "verify", "--allow-incomplete", inc); code != 0 {
		t.Fatalf("--allow-incomplete: %d", code)
	}
	if code, _ := mmCLI(t, "mm", "verify", "--jobs", "-1", good); code != 2 {
		t.Fatalf("bad --jobs: %d", code)
	}
	if code, _ := mmCLI(t, "mm", "verify"); code != 2 {
		t.Fatalf("no file: %d", code)
	}
}

func TestMinif2fCheckCLI(t *testing.T) {
	valid := testenv.Shared(t, "data", "minif2f", "metamath", "valid")
	const setmm = "/usr/share/metamath/databases/set.mm"
	if _, err := os.Stat(setmm); err != nil {
		t.Skip("Debian set.mm absent")
	}
	code, out := mmCLI(t, "minif2f", "check", valid, "--setmm", setmm, "--k", "1")
	if code != 0 || strings.Count(out, ": verified") != 23 || strings.Count(out, "FAILED") != 22 {
		t.Fatalf("%d\n%s", code, out)
	}
	if code, _ := mmCLI(t, "minif2f", "check", valid, "--k", "0"); code != 2 {
		t.Fatalf("bad --k: %d", code)
	}
}
