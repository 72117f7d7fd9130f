package amps

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestSympyDifferential recomputes generated answers with sympy
// (testdata/sympy_check.py): 50 problems of every module, levels 1-5, or 10
// per module with -short. The acceptance run is 200 per module:
// AMPS_SYMPY_N=200 go test -run TestSympyDifferential -timeout 60m ./bench/amps
// (about 30,000 recomputations; minutes of CPU, more than go test's default
// timeout on a loaded machine). AMPS_SYMPY_MODULES picks modules. It needs python3 with sympy (Debian: python3-sympy): where
// they are absent it is skipped, saying so, or fails when
// MATHEVAL_REQUIRE_TOOLS=1 (.ci/run sets it once it has installed the test
// oracles).
func TestSympyDifferential(t *testing.T) {
	missing := func(format string, a ...any) {
		t.Helper()
		if os.Getenv("MATHEVAL_REQUIRE_TOOLS") == "1" {
			t.Fatalf(format+" (MATHEVAL_REQUIRE_TOOLS=1)", a...)
		}
		t.Skipf(format, a...)
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		missing("python3 not found: the sympy differential test needs python3 and sympy (apt-get install python3-sympy)")
	}
	if out, err := exec.Command(py, "-c", "import sympy").CombinedOutput(); err != nil {
		missing("sympy not importable (%v: %s): the differential test needs python3-sympy", err, bytes.TrimSpace(out))
	}
	// The shared sample's train and interpolate problems (20 per module
	// by default), unless AMPS_SYMPY_N or AMPS_SYMPY_MODULES ask for a
	// sample of their own.
	n := 0
	if s := os.Getenv("AMPS_SYMPY_N"); s != "" {
		fmt.Sscan(s, &n)
	}
	mods := Modules()
	if s := os.Getenv("AMPS_SYMPY_MODULES"); s != "" {
		mods, err = Select([]string{s})
		if err != nil {
			t.Fatal(err)
		}
		n = max(n, 20)
	}
	var recs []Record
	if n == 0 {
		tr, _ := sample(t, Train)
		in, _ := sample(t, Interpolate)
		recs = append(append(recs, tr...), in...)
	} else if recs, _, err = Generate(context.Background(), Options{Modules: mods, N: n, Seed: 11, KeepSympy: true}); err != nil {
		t.Fatal(err)
	}
	// one file per worker, so that the python processes share the cores
	workers := max(1, runtime.GOMAXPROCS(0))
	if dump := os.Getenv("AMPS_SYMPY_DUMP"); dump != "" {
		workers = 1 // write one file for a run by hand, and stop
	}
	dir := t.TempDir()
	var files []string
	bufs := make([]bytes.Buffer, workers)
	for i, r := range recs {
		b, err := json.Marshal(map[string]any{"module": r.Module, "id": r.UniqueID, "data": r.Sympy})
		if err != nil {
			t.Fatal(err)
		}
		bufs[i%workers].Write(append(b, '\n'))
	}
	for i := range bufs {
		f := filepath.Join(dir, fmt.Sprintf("part%d.jsonl", i))
		if err := os.WriteFile(f, bufs[i].Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if dump := os.Getenv("AMPS_SYMPY_DUMP"); dump != "" {
		if err := os.WriteFile(dump, bufs[0].Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Skipf("wrote %s; run: python3 testdata/sympy_check.py %s", dump, dump)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Minute)
	defer cancel()
	outs := make([][]byte, len(files))
	errs := make([]error, len(files))
	var wg sync.WaitGroup
	for i, f := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i], errs[i] = exec.CommandContext(ctx, py, filepath.Join("testdata", "sympy_check.py"), f).CombinedOutput()
		}()
	}
	wg.Wait()
	for i := range files {
		if errs[i] != nil {
			t.Errorf("sympy disagrees (%v):\n%s", errs[i], tail(string(outs[i]), 6000))
		} else {
			t.Logf("%s", strings.TrimSpace(lastLine(string(outs[i]))))
		}
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}
