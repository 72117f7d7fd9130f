package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench/amps"
)

// TestGenAMPS: gen amps writes every module, the same options give the
// same bytes, data check amps re-verifies the file, and builtin:gold
// scores 100% on it and on a --gen set.
func TestGenAMPS(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	for _, out := range []string{a, b} {
		if code, o := cli(t, "gen", "amps", "--modules", "all", "--n", "2", "--seed", "1", "--out", out); code != 0 || !strings.Contains(o, "kept "+strconv.Itoa(2*len(amps.Modules()))) {
			t.Fatalf("exit %d\n%s", code, o)
		}
	}
	ba, _ := os.ReadFile(a)
	bb, _ := os.ReadFile(b)
	if !bytes.Equal(ba, bb) || bytes.Count(ba, []byte("\n")) != 2*len(amps.Modules()) {
		t.Fatal("the same seed gave different files, or not every module")
	}
	if code, o := cli(t, "data", "check", "amps", a); code != 0 || !strings.Contains(o, "re-verified (100.0%)") {
		t.Fatalf("data check: exit %d\n%s", code, o)
	}
	run := filepath.Join(dir, "run")
	if code, o := cli(t, "run", "amps", "--data", a, "--model", "builtin:gold", "--out", run, "--progress", "off"); code != 0 {
		t.Fatalf("run: exit %d\n%s", code, o)
	}
	checkAllCorrect(t, run)
	genRun := filepath.Join(dir, "genrun")
	if code, o := cli(t, "run", "amps", "--gen", "n=3,modules=calculus+k12,split=extrapolate", "--seed", "4", "--model", "builtin:gold", "--out", genRun, "--progress", "off"); code != 0 {
		t.Fatalf("run --gen: exit %d\n%s", code, o)
	}
	checkAllCorrect(t, genRun)

	// a tampered answer fails the check with exit 1 and the line
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, bytes.Replace(ba, []byte(`"answer":"`), []byte(`"answer":"2+`), 1), 0o644)
	if code, o := cli(t, "data", "check", "amps", bad); code != exitFailure || !strings.Contains(o, "line 1:") {
		t.Fatalf("tampered file: exit %d\n%s", code, o)
	}
}

func TestGenAMPSListAndUsage(t *testing.T) {
	code, out := cli(t, "gen", "amps", "--list")
	if code != 0 || !strings.Contains(out, strconv.Itoa(len(amps.Modules()))+" modules") || !strings.Contains(out, "example:") || !strings.Contains(out, "[steps]") {
		t.Fatalf("--list: exit %d\n%.2000s", code, out)
	}
	for _, args := range [][]string{
		{"gen", "amps", "--n", "0"},
		{"gen", "amps", "--level", "7"},
		{"gen", "amps", "--split", "test"},
		{"gen", "amps", "--modules", "nosuch"},
		{"run", "amps", "--gen", "n=1", "--data", "x.jsonl", "--model", "builtin:gold"},
		{"run", "math401", "--gen", "n=1", "--model", "builtin:gold"},
	} {
		if code, out := cli(t, args...); code != exitUsage || strings.Count(strings.TrimSpace(out), "\n") != 0 {
			t.Errorf("%v: exit %d, output %q; want exit %d and one line", args, code, out, exitUsage)
		}
	}
	if code, out := cli(t, "data", "check", "amps", filepath.Join(t.TempDir(), "none.jsonl")); code != exitFailure || strings.Count(strings.TrimSpace(out), "\n") != 0 {
		t.Errorf("missing file: exit %d, %q", code, out)
	}
}
