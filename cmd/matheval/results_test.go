package main

// Tests of what the command line prints about results (issue 17): the
// benchmark's own table after a run with its intervals and the next steps,
// the flat dump behind --json, bad flag values, missing run directories,
// old results.json rewritten by grade, and compare's refusals.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/matheval/matheval/report/reporttest"
	"github.com/matheval/matheval/rundir"
)

// checkMainOutput checks what `run math401 --model builtin:calc` prints:
// the run directory first (on stderr), then MATH 401's Table 1 columns in
// percent with their intervals, the metrics named with their definitions,
// the interval method, the run directory and the commands that come next;
// no flat key: value dump.
func checkMainOutput(t *testing.T, out, stderr string) {
	t.Helper()
	if !strings.HasPrefix(stderr, "matheval: run directory: ") {
		t.Errorf("the run directory is not said first: %q", firstLine(stderr))
	}
	for _, want := range []string{
		"MATH 401 by kind of arithmetic (the paper's Table 1 columns)",
		"accuracy % [95% CI]", "relative error [95% CI]", "non-number ratio % [95% CI]",
		"accuracy:                  100.0% [100.0, 100.0]", "(the paper's RE)",
		"intervals: 95% percentile bootstrap over items",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// The Table 1 columns as rows, each with its interval.
	for _, cat := range []string{"Euler", "+-", "×", "÷", "^", "Tri", "log", "Dec", "Neg", "Irr", "Big", "Long", "Easy", "Hard"} {
		re := regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(cat) + ` .* 100\.0 \[100\.0, 100\.0\]`)
		if !re.MatchString(out) {
			t.Errorf("Table 1 lacks the %s row with its interval", cat)
		}
	}
	for _, flat := range []string{"accuracy_add_sub", "accuracy_hi", "accuracy_lo", "non_number_ratio:"} {
		if strings.Contains(out, flat) {
			t.Errorf("output still has the flat dump (%s)", flat)
		}
	}
	// The next steps call matheval as it can be called here: by name in
	// process, by its path when the test built it, "go run ./cmd/matheval"
	// under go run (TestInvocation).
	if !nextReport.MatchString(out) {
		t.Errorf("output lacks the report command of the next steps:\n%s", out)
	}
	lines := lines(out)
	if len(lines) < 2 || !nextServe.MatchString(lines[len(lines)-1]) {
		t.Errorf("the next steps do not end the output: %q", lines[len(lines)-1])
	}
}

var (
	nextReport = regexp.MustCompile(`(?m)^next: (\S*matheval|go run \./cmd/matheval) report runs/`)
	nextServe  = regexp.MustCompile(`^      (\S*matheval|go run \./cmd/matheval) serve runs`)
)

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// run --json prints results.json (schema 2) and nothing else.
func TestRunJSON(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	code, out, _ := captureRun(t, "run", "math401", "--model", "builtin:calc", "--limit", "20", "--out", dir, "--progress", "off", "--json")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	var res rundir.Results
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("--json output is not results.json: %v\n%s", err, out)
	}
	if res.Schema != rundir.SchemaVersion || res.Summary.Value("accuracy") != 1 || len(res.Summary.Breakdowns) == 0 {
		t.Errorf("results %+v", res)
	}
	if m, _ := res.Summary.Metric("accuracy"); m.Definition == "" || m.Interval == nil {
		t.Errorf("accuracy without definition or interval: %+v", m)
	}
}

// An unknown --prompt is a usage error naming the valid prompts.
func TestBadPromptName(t *testing.T) {
	code, _, stderr := captureRun(t, "run", "math401", "--model", "builtin:calc", "--prompt", "nosuch", "--out", t.TempDir())
	if code != exitUsage || !strings.Contains(stderr, `--prompt "nosuch"`) || !strings.Contains(stderr, "equation:plain") ||
		strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	code, _, stderr = captureRun(t, "run", "hardmath", "--model", "builtin:gold", "--prompt", "nosuch", "--data", "x.json")
	if code != exitUsage || !strings.Contains(stderr, "paper") {
		t.Errorf("hardmath: exit %d, stderr %q", code, stderr)
	}
}

// grade, report and compare agree on a folder that is missing or is not a
// run directory: one line naming it, exit 1.
func TestMissingRunDir(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nosuch")
	empty := t.TempDir()
	run := filepath.Join(t.TempDir(), "run")
	if _, err := reporttest.Write(run, reporttest.Options{Items: 3}); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"grade", missing}, {"report", missing}, {"compare", missing, run}, {"compare", run, missing}} {
		code, _, stderr := captureRun(t, args...)
		if code != exitFailure || !strings.Contains(stderr, args[0]+": "+missing+": no such folder") {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
	for _, cmd := range []string{"grade", "report"} {
		code, _, stderr := captureRun(t, cmd, empty)
		if code != exitFailure || !strings.Contains(stderr, "is not a run directory (no manifest.json)") {
			t.Errorf("%s of an empty folder: exit %d, stderr %q", cmd, code, stderr)
		}
	}
}

// grade rewrites a results.json of the old layout (schema 1) in the
// current one, and prints the tables.
func TestGradeRewritesOldResults(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "old")
	os.MkdirAll(dir, 0o755)
	for _, f := range []string{rundir.ManifestFile, rundir.SamplesFile, rundir.ResultsFile} {
		b, err := os.ReadFile(filepath.Join("..", "..", "rundir", "testdata", "schema1-math401", f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, f), b, 0o644)
	}
	before, _ := rundir.ReadResults(dir)
	if before.Schema != 1 {
		t.Fatalf("fixture schema %d", before.Schema)
	}
	// The report of the old run says how to rewrite it, and still has tables.
	code, out, stderr := captureRun(t, "report", dir)
	md, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	if code != 0 || !strings.Contains(string(md), "old layout (schema 1") || !strings.Contains(string(md), "MATH 401 by kind of arithmetic") {
		t.Errorf("report of an old run: exit %d %s%s\n%s", code, out, stderr, md)
	}
	code, out, stderr = captureRun(t, "grade", dir)
	if code != 0 || !strings.Contains(out, "MATH 401 by kind of arithmetic") || !strings.Contains(out, "regraded: 0 verdicts changed") {
		t.Fatalf("grade: exit %d\n%s%s", code, out, stderr)
	}
	after, err := rundir.ReadResults(dir)
	if err != nil || after.Schema != rundir.SchemaVersion || after.Summary.Legacy || after.Summary.Value("accuracy") != 1 {
		t.Errorf("after grade: %+v %v", after, err)
	}
	if _, ok := after.Summary.Breakdown("table1"); !ok {
		t.Error("rewritten results lack the Table 1 breakdown")
	}
}

// compare refuses two runs with no item in common.
func TestCompareNoSharedItems(t *testing.T) {
	a := filepath.Join(t.TempDir(), "a")
	if _, err := reporttest.Write(a, reporttest.Options{Items: 4}); err != nil {
		t.Fatal(err)
	}
	b := filepath.Join(t.TempDir(), "b")
	if code, out, stderr := captureRun(t, "run", "math401", "--model", "builtin:calc", "--limit", "4", "--out", b, "--progress", "off"); code != 0 {
		t.Fatalf("run: %d %s%s", code, out, stderr)
	}
	code, _, stderr := captureRun(t, "compare", a, b)
	if code != exitFailure || !strings.Contains(stderr, "share no item") || !strings.Contains(stderr, `"math401/`) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// data check math, data dupes and data overlap count the same duplicates
// and say what a duplicate is.
func TestDuplicatesAgree(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, probs ...string) string {
		var b strings.Builder
		for i, p := range probs {
			row := map[string]any{"problem": p, "solution": `So it is $\boxed{4}$.`, "answer": "4", "subject": "Algebra",
				"level": 1, "unique_id": "test/algebra/" + name + string(rune('0'+i)) + ".json"}
			j, _ := json.Marshal(row)
			b.Write(append(j, '\n'))
		}
		path := filepath.Join(dir, name+".jsonl")
		os.WriteFile(path, []byte(b.String()), 0o644)
		return path
	}
	// Two spellings of one problem (case, spaces, braces), and another.
	a := write("a", `Compute $x^2$ for $x=2$.`, `compute  $x^{2}$ for $x = 2$.`, `Compute $x^3$ for $x=2$.`)
	b := write("b", `COMPUTE $X^2$ FOR $X=2$.`)
	code, out, stderr := captureRun(t, "data", "check", "math", a)
	if !strings.Contains(out, "duplicate problems (the same text once letter case, white space and grouping braces are ignored): 1") {
		t.Errorf("data check math: exit %d\n%s%s", code, out, stderr)
	}
	code, out, stderr = captureRun(t, "data", "dupes", a)
	if code != 0 || !strings.Contains(out, "1 groups of exact duplicates (the same text once letter case, white space and grouping braces are ignored)") {
		t.Errorf("data dupes: exit %d\n%s%s", code, out, stderr)
	}
	code, out, stderr = captureRun(t, "data", "overlap", a, b)
	if code != 0 || !strings.Contains(out, "exact: 2 ") || !strings.Contains(out, "(exact: the same text once letter case") {
		t.Errorf("data overlap: exit %d\n%s%s", code, out, stderr)
	}
}
