//go:build unix

package realserver_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/matheval/matheval/internal/testenv"
	"github.com/matheval/matheval/jsonl"
	"github.com/matheval/matheval/rundir"
)

var (
	buildOnce sync.Once
	buildBin  string
	buildErr  error
)

// TestMain removes the matheval binary built for the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if buildBin != "" {
		os.RemoveAll(filepath.Dir(buildBin))
	}
	os.Exit(code)
}

// matheval builds the command once per test process (only tests that found
// a server binary ask for it).
func matheval(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "matheval-bin-")
		if err != nil {
			buildErr = err
			return
		}
		buildBin = filepath.Join(dir, "matheval")
		cmd := exec.Command("go", "build", "-o", buildBin, "./cmd/matheval")
		cmd.Dir = testenv.RepoRoot(t)
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build ./cmd/matheval: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return buildBin
}

// result is one matheval run.
type result struct {
	code           int
	stdout, stderr string
	dir            string // the run directory (--out)
}

// runMatheval runs `matheval run math` on the items with args added, in a
// fresh folder (its own request cache).
func runMatheval(t *testing.T, items string, args ...string) result {
	t.Helper()
	work := t.TempDir()
	r := result{dir: filepath.Join(work, "run")}
	all := append([]string{"run", "math", "--data", items, "--out", r.dir, "--progress", "off"}, args...)
	cmd := exec.CommandContext(t.Context(), matheval(t), all...)
	cmd.Dir = work
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		r.code = ee.ExitCode()
	case err != nil:
		t.Fatalf("matheval %v: %v", all, err)
	}
	r.stdout, r.stderr = out.String(), errb.String()
	return r
}

// samples reads the run's samples.jsonl.
func (r result) samples(t *testing.T) []rundir.SampleRecord {
	t.Helper()
	recs, err := jsonl.ReadFile[rundir.SampleRecord](filepath.Join(r.dir, "samples.jsonl"))
	if err != nil {
		t.Fatalf("%v\nstderr:\n%s", err, r.stderr)
	}
	return recs
}

func (r result) String() string {
	return fmt.Sprintf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
}

// mathItems writes MATH items asking for 1+1 and 1+2, whose golds are 2
// and 3: the tiny model answers \boxed{2} to everything, so the first is
// correct and the second wrong.
func mathItems(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	for i, gold := range []int{2, 3} {
		row, _ := json.Marshal(map[string]string{"problem": fmt.Sprintf("What is 1+%d?", i+1),
			"solution": fmt.Sprintf(`$1+%d=\boxed{%d}$`, i+1, gold), "type": "Algebra", "level": "Level 1",
			"unique_id": fmt.Sprintf("test/algebra/%d.json", i)})
		b.Write(append(row, '\n'))
	}
	p := filepath.Join(t.TempDir(), "items.jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
