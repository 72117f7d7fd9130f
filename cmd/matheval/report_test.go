package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/report/reporttest"
)

// TestReportCompareServeCLI checks the exit codes and outputs of report,
// compare and serve's argument checks (cli runs each in a child process).
func TestReportCompareServeCLI(t *testing.T) {
	root := t.TempDir()
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	if _, err := reporttest.Write(a, reporttest.Options{Items: 21, Seed: 1, Confidence: true, Results: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := reporttest.Write(b, reporttest.Options{Items: 21, Seed: 2, PromptHash: "other"}); err != nil {
		t.Fatal(err)
	}

	code, out := cli(t, "report", a)
	if code != 0 || !strings.Contains(out, "report.html") {
		t.Fatalf("report: %d %s", code, out)
	}
	for _, f := range []string{"report.md", "report.html", "plots/breakdown_by_level.png", "plots/calibration.svg"} {
		if _, err := os.Stat(filepath.Join(a, f)); err != nil {
			t.Error(err)
		}
	}
	ab := filepath.Join(root, "ab")
	if code, out = cli(t, "report", a, b, "--out", ab); code != 0 {
		t.Fatalf("report of two runs: %d %s", code, out)
	}
	md, _ := os.ReadFile(filepath.Join(ab, "report.md"))
	if !strings.Contains(string(md), "Runs side by side") {
		t.Error("combined report lacks the side-by-side table")
	}
	if code, out = cli(t, "report", filepath.Join(root, "missing")); code != 1 || !strings.Contains(out, "no such folder") {
		t.Errorf("report of a missing dir: %d %s", code, out)
	}
	if code, _ = cli(t, "report"); code != 2 {
		t.Errorf("report without arguments: exit %d, want 2", code)
	}

	code, out = cli(t, "compare", a, b)
	if code != 0 || !strings.Contains(out, "McNemar's exact test") || !strings.Contains(out, "prompt text: p1 → other") {
		t.Errorf("compare: %d %s", code, out)
	}
	if code, out = cli(t, "compare", a, b, "--json"); code != 0 || !strings.Contains(out, `"sign_test_p"`) {
		t.Errorf("compare --json: %d %s", code, out)
	}
	if code, _ = cli(t, "compare", a); code != 2 {
		t.Errorf("compare with one run: exit %d, want 2", code)
	}
	if code, _ = cli(t, "serve", filepath.Join(root, "missing")); code != 2 {
		t.Errorf("serve of a missing folder: exit %d, want 2", code)
	}
	if code, _ = cli(t, "serve", root, "--addr", "nonsense"); code != 2 {
		t.Errorf("serve with a bad address: exit %d, want 2", code)
	}
}
