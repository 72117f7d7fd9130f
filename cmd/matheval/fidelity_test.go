package main

// Tests of the paper-fidelity switches of grade, report and compare
// (issue 18): the MATH paper's own scoring beside matheval's.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/rundir"
)

// mathReplayRun runs MATH's test fixture on recorded replies: five
// problems matheval counts correct, two of which the MATH paper's scoring
// does not (2/4 for 1/2; an answer outside \boxed{}).
func mathReplayRun(t *testing.T) string {
	t.Helper()
	replies := filepath.Join(t.TempDir(), "replies.jsonl")
	lines := []string{
		`{"id":"test/algebra/1","sample":0,"reply":"So $\\boxed{2}$."}`,
		`{"id":"test/algebra/2","sample":0,"reply":"So $\\boxed{2/4}$."}`,
		`{"id":"test/algebra/10","sample":0,"reply":"The answer is 3."}`,
		`{"id":"test/precalculus/5","sample":0,"reply":"So $\\boxed{1}$."}`,
		`{"id":"test/precalculus/807","sample":0,"reply":"So $\\boxed{(3,\\frac{\\pi}{2})}$."}`,
	}
	if err := os.WriteFile(replies, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "run")
	code, out, stderr := captureRun(t, "run", "math", "--data", filepath.Join("..", "..", "bench", "math", "testdata", "MATH"),
		"--split", "test", "--model", "replay:"+replies, "--out", dir, "--progress", "off")
	if code != 0 {
		t.Fatalf("run: exit %d\n%s%s", code, out, stderr)
	}
	return dir
}

func TestGradeAlsoPolicyHendrycks(t *testing.T) {
	dir := mathReplayRun(t)
	code, out, stderr := captureRun(t, "grade", dir, "--also-policy", "hendrycks")
	if code != 0 {
		t.Fatalf("grade: exit %d\n%s%s", code, out, stderr)
	}
	for _, want := range []string{
		"accuracy, paper's scoring: 60.0% [", "gap, matheval − paper's scoring: 40.0% [",
		"Accuracy under matheval's policy and the MATH paper's scoring, by subject",
		"2 samples are correct under matheval's policy only",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("grade output lacks %q:\n%s", want, out)
		}
	}
	res, err := rundir.ReadResults(dir)
	if err != nil || res.Summary.Value("accuracy") != 1 || res.Summary.Value("accuracy_hendrycks") != 0.6 {
		t.Fatalf("results: %v %+v", err, res.Summary.Metrics)
	}
	if _, ok := res.Summary.Breakdown("policy_hendrycks_by_level"); !ok {
		t.Error("results.json lacks the paper's scoring by level")
	}
	// The choice is kept: grading again without the flag keeps it; none drops it.
	if man, _ := rundir.ReadManifest(dir); man.Extra[alsoPoliciesKey] != "hendrycks" {
		t.Errorf("manifest extra %v", man.Extra)
	}
	if code, out, _ = captureRun(t, "grade", dir); code != 0 || !strings.Contains(out, "the MATH paper's scoring") {
		t.Errorf("plain regrade dropped the paper's scoring: exit %d\n%s", code, out)
	}
	code, out, stderr = captureRun(t, "report", dir)
	md, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	for _, want := range []string{"Accuracy under matheval's policy and the MATH paper's scoring, by level",
		"accuracy, paper's scoring", "Accuracy by problem length", "Accuracy by reference solution length",
		"bench_accuracy_by_length.png"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q (exit %d %s%s)", want, code, out, stderr)
		}
	}
	if code, out, _ = captureRun(t, "grade", dir, "--also-policy", "none"); code != 0 || strings.Contains(out, "MATH paper's scoring") {
		t.Errorf("--also-policy none: exit %d\n%s", code, out)
	}
	if man, _ := rundir.ReadManifest(dir); man.Extra[alsoPoliciesKey] != "" {
		t.Errorf("manifest extra after none: %v", man.Extra)
	}
}

func TestGradeAlsoPolicyRefused(t *testing.T) {
	dir := mathReplayRun(t)
	code, _, stderr := captureRun(t, "grade", dir, "--also-policy", "nosuch")
	if code != exitUsage || !strings.Contains(stderr, `"nosuch"`) || !strings.Contains(stderr, "hendrycks") {
		t.Errorf("unknown policy: exit %d, %q", code, stderr)
	}
	m401 := filepath.Join(t.TempDir(), "m401")
	if code, out, stderr := captureRun(t, "run", "math401", "--model", "builtin:calc", "--limit", "3", "--out", m401, "--progress", "off"); code != 0 {
		t.Fatalf("run: %d %s%s", code, out, stderr)
	}
	code, _, stderr = captureRun(t, "grade", m401, "--also-policy", "hendrycks")
	if code != exitUsage || !strings.Contains(stderr, "math401 benchmark is graded by its own policy only") {
		t.Errorf("math401: exit %d, %q", code, stderr)
	}
}
