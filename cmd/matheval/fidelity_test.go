package main

// Tests of the paper-fidelity switches of grade, report and compare
// (issue 18): the MATH paper's own scoring beside matheval's.

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/math401"
	"github.com/matheval/matheval/model/fakeserver"
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

// promptServer is a fake OpenAI server whose model answers MATH 401's
// seeded items (seed 1) right when answers(prompt, item index) says so,
// and with no number otherwise.
func promptServer(t *testing.T, answers func(prompt string, item int) bool) *fakeserver.Server {
	t.Helper()
	items, _, err := math401.New().Load(context.Background(), "", bench.LoadOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	srv := fakeserver.New()
	t.Cleanup(srv.Close)
	reply := func(key string) string {
		text, _, _ := strings.Cut(key, "#")
		text = strings.TrimSpace(text)
		best := -1
		for i, it := range items { // the longest query the prompt ends with
			if q := strings.TrimSpace(it.Problem); strings.HasSuffix(text, q) && (best < 0 || len(q) > len(strings.TrimSpace(items[best].Problem))) {
				best = i
			}
		}
		if best >= 0 && answers(text, best) {
			return "The result is " + items[best].Answer + "."
		}
		return "I cannot tell."
	}
	srv.Configure(func(s *fakeserver.Server) { s.Reply = reply })
	return srv
}

// compare --by-prompt ranks each model's prompts and marks the best, with
// MATH 401's metrics and Table 1 columns, then the best prompt per model;
// it refuses runs of one model that differ in more than the prompt.
func TestCompareByPrompt(t *testing.T) {
	// model-a: every "Calculate:" prompt right, half the "$" ones;
	// model-b: every "$" prompt right, no "Calculate:" one.
	a := promptServer(t, func(p string, i int) bool {
		return strings.HasPrefix(p, "Calculate:") || strings.HasPrefix(p, "$") && i%2 == 0
	})
	b := promptServer(t, func(p string, i int) bool { return strings.HasPrefix(p, "$") })
	root := t.TempDir()
	run := func(srv *fakeserver.Server, model, prompt string, extra ...string) string {
		t.Helper()
		dir := filepath.Join(root, model+"-"+prompt+strings.Join(extra, ""))
		args := append([]string{"run", "math401", "--model", "openai:" + model, "--base-url", srv.BaseURL(),
			"--prompt", prompt, "--limit", "20", "--out", dir, "--progress", "off"}, extra...)
		if code, out, stderr := captureRun(t, args...); code != 0 {
			t.Fatalf("run %s %s: exit %d\n%s%s", model, prompt, code, out, stderr)
		}
		return dir
	}
	run(a, "model-a", "calculate")
	run(a, "model-a", "dollar:math") // the released text after "$": the fake finds the item by it
	run(a, "model-a", "none")
	run(b, "model-b", "calculate")
	run(b, "model-b", "dollar:math")
	code, out, stderr := captureRun(t, "compare", "--by-prompt", root)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
	row := func(prefix string) string {
		t.Helper()
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), prefix) {
				return l
			}
		}
		t.Fatalf("no row %q in\n%s", prefix, out)
		return ""
	}
	for _, want := range []string{"openai:model-a: accuracy by prompt (best marked)", "openai:model-b: accuracy by prompt",
		"Best prompt per model (accuracy)", "relative error [95% CI]", "non-number ratio % [95% CI]",
		"Columns Euler to Hard: MATH 401 by kind of arithmetic", "Best: calculate, ahead of dollar:math by +50.0 points"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// model-a's table: calculate first and marked, 100%; dollar 50%; none 0%.
	if r := row("calculate "); !strings.Contains(r, "100.0 [100.0, 100.0]") || !strings.HasSuffix(strings.TrimSpace(r), "✓") {
		t.Errorf("calculate row %q", r)
	}
	if r := row("none "); !strings.Contains(r, "0.0 [0.0, 0.0]") || strings.Contains(r, "✓") {
		t.Errorf("none row %q", r)
	}
	if r := row("openai:model-b "); !strings.Contains(r, " dollar:math ") || !strings.Contains(r, "100.0 [100.0, 100.0]") {
		t.Errorf("best of model-b %q", r)
	}
	// The Table 1 columns (Euler to Hard) are in the header.
	for _, col := range []string{"Euler", "+-", "Easy", "Hard"} {
		if !strings.Contains(row("prompt "), col) {
			t.Errorf("header lacks %s", col)
		}
	}
	code, js, _ := captureRun(t, "compare", "--by-prompt", "--json", root)
	var got struct {
		Models []struct {
			Model   string
			Prompts []struct {
				Prompt string
				Best   bool
			}
		}
	}
	if err := json.Unmarshal([]byte(js), &got); code != 0 || err != nil || len(got.Models) != 2 ||
		got.Models[0].Prompts[0].Prompt != "calculate" || !got.Models[0].Prompts[0].Best || got.Models[1].Prompts[0].Prompt != "dollar:math" {
		t.Errorf("--json: exit %d %v %+v", code, err, got)
	}

	// A run of model-a that also changes the temperature is refused, the
	// setting named.
	run(a, "model-a", "equation", "--temperature", "0.7")
	code, _, stderr = captureRun(t, "compare", "--by-prompt", root)
	if code != exitFailure || !strings.Contains(stderr, "differ in more than the prompt") || !strings.Contains(stderr, "temperature") {
		t.Errorf("settings other than the prompt: exit %d, %q", code, stderr)
	}
	// Runs of two benchmarks are refused.
	other := filepath.Join(root, "m")
	mathReplay := mathReplayRun(t)
	os.Rename(mathReplay, other)
	code, _, stderr = captureRun(t, "compare", "--by-prompt", filepath.Join(root, "model-a-calculate"), other)
	if code != exitFailure || !strings.Contains(stderr, "within one benchmark") {
		t.Errorf("two benchmarks: exit %d, %q", code, stderr)
	}
	// Without --by-prompt, compare still takes two runs or more.
	if code, _, _ := captureRun(t, "compare", root); code != exitUsage {
		t.Errorf("compare with one argument: exit %d", code)
	}
}

// A replay file keyed by MATH-500's own ids (test/precalculus/807.json, as
// other tools write them) answers the items, whose ids drop the ".json";
// a file that answers none of the items stops the run before any request
// with one line naming an id from each side, and leaves no run directory.
func TestReplayKeyedByFileNames(t *testing.T) {
	replies := filepath.Join(t.TempDir(), "replies.jsonl")
	lines := []string{
		`{"id":"test/algebra/1.json","sample":0,"reply":"So $\\boxed{2}$."}`,
		`{"id":"test/precalculus/807.json","sample":0,"reply":"So $\\boxed{(3,\\frac{\\pi}{2})}$."}`,
	}
	os.WriteFile(replies, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	data := filepath.Join("..", "..", "bench", "math", "testdata", "MATH")
	dir := filepath.Join(t.TempDir(), "run")
	code, out, stderr := captureRun(t, "run", "math", "--data", data, "--split", "test", "--model", "replay:"+replies,
		"--out", dir, "--progress", "off", "--json")
	if code != 1 { // the fixture's three other items have no reply: verdict error
		t.Fatalf("run: exit %d\n%s%s", code, out, stderr)
	}
	res, err := rundir.ReadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	if res.Counts["correct"] != 2 {
		t.Errorf("verdicts %v: the two replies keyed by file name were not read", res.Counts)
	}
	other := filepath.Join(t.TempDir(), "other.jsonl")
	os.WriteFile(other, []byte(`{"id":"gsm8k/0","sample":0,"reply":"5"}`+"\n"), 0o644)
	dir2 := filepath.Join(t.TempDir(), "run2")
	code, out, stderr = captureRun(t, "run", "math", "--data", data, "--split", "test", "--model", "replay:"+other,
		"--out", dir2, "--progress", "off")
	if code == 0 || !strings.Contains(stderr, "answers none of the run's") || !strings.Contains(stderr, `"gsm8k/0"`) ||
		len(strings.Split(strings.TrimSpace(stderr), "\n")) != 1 {
		t.Errorf("replay matching no item: exit %d\nstdout %s\nstderr %s", code, out, stderr)
	}
	if !strings.HasPrefix(stderr, "matheval: run: replay ") {
		t.Errorf("replay matching no item: want the line to say what is wrong after \"run: \" (not \"run: run configuration: \"): %s", stderr)
	}
	if _, err := os.Stat(dir2); err == nil {
		t.Error("a run that could not start left its directory")
	}
}
