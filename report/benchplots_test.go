package report

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	mathbench "github.com/matheval/matheval/bench/math"
	"github.com/matheval/matheval/rundir"
)

// The command line fills the registry in its init; report never imports
// it, so its tests register the benchmark whose figures they check.
func init() { bench.Register(mathbench.New()) }

// TestBenchmarkPlots reports on a small MATH run (items loaded by the MATH
// loader, replies graded by its grader) and checks that the benchmark's own
// figure, accuracy by level per subject, is written and linked.
func TestBenchmarkPlots(t *testing.T) {
	b := mathbench.New()
	items, _, err := b.Load(context.Background(), filepath.Join("..", "bench", "math", "testdata", "MATH"), bench.LoadOptions{Split: "test"})
	if err != nil || len(items) < 2 {
		t.Fatalf("items %d, %v", len(items), err)
	}
	dir := filepath.Join(t.TempDir(), "math-run")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := rundir.WriteJSON(dir, rundir.ManifestFile, rundir.Manifest{Benchmark: "math", Model: "builtin:gold"}); err != nil {
		t.Fatal(err)
	}
	var lines []byte
	correct := 0
	for i, it := range items {
		reply := b.GoldReply(it)
		if i%2 == 1 {
			reply = `The answer is $\boxed{-12345}$.`
		}
		rec := rundir.SampleRecord{Sample: bench.Sample{Item: it, Reply: reply, FinishReason: "stop", Confidence: -1}}
		rec.Verdict = b.Grade(context.Background(), it, reply, "stop")
		if rec.Verdict.Kind == answer.Correct {
			correct++
		}
		j, err := jsonLine(rec)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, j...)
	}
	if correct == 0 || correct == len(items) {
		t.Fatalf("want a mix of right and wrong replies, got %d of %d right", correct, len(items))
	}
	if err := os.WriteFile(filepath.Join(dir, rundir.SamplesFile), lines, 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	// A stale figure of an earlier report must go.
	os.MkdirAll(filepath.Join(out, "plots"), 0o755)
	os.WriteFile(filepath.Join(out, "plots", "bench_old.png"), []byte("x"), 0o644)
	w, err := Write([]*Run{r}, out)
	if err != nil {
		t.Fatal(err)
	}
	stem := filepath.Join(out, "plots", "bench_"+mathbench.PlotsName)
	for _, ext := range []string{".png", ".svg"} {
		data, err := os.ReadFile(stem + ext)
		if err != nil || len(data) < 100 {
			t.Errorf("%s%s: %v (%d bytes)", stem, ext, err, len(data))
		}
	}
	if _, err := os.Stat(filepath.Join(out, "plots", "bench_old.png")); err == nil {
		t.Error("stale benchmark figure left in plots/")
	}
	md, _ := os.ReadFile(w.Markdown)
	if !bytes.Contains(md, []byte("## Benchmark figures")) || !bytes.Contains(md, []byte("(plots/bench_"+mathbench.PlotsName+".png)")) {
		t.Errorf("report.md does not link the figure:\n%s", md)
	}
	h, _ := os.ReadFile(w.HTML)
	if !bytes.Contains(h, []byte("math: accuracy by level per subject")) {
		t.Error("report.html lacks the figure")
	}
}

// TestBenchmarkPlotsNote: a benchmark whose figures cannot be drawn (no
// numeric level) gives a note, and the report is still written.
func TestBenchmarkPlotsNote(t *testing.T) {
	dir := t.TempDir()
	if err := rundir.WriteJSON(dir, rundir.ManifestFile, rundir.Manifest{Benchmark: "math", Model: "m"}); err != nil {
		t.Fatal(err)
	}
	rec := rundir.SampleRecord{Sample: bench.Sample{Item: bench.Item{ID: "a", Answer: "1", Meta: map[string]string{"subject": "algebra", "level": "?"}},
		Reply: "1", Verdict: answer.Verdict{Kind: answer.Correct, Score: 1}}}
	j, _ := jsonLine(rec)
	if err := os.WriteFile(filepath.Join(dir, rundir.SamplesFile), j, 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	w, err := Write([]*Run{r}, dir)
	if err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(w.Markdown)
	if !bytes.Contains(md, []byte("math figures not drawn")) {
		t.Errorf("no note:\n%s", md)
	}
}

func jsonLine(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	return append(b, '\n'), err
}

// A MATH run graded by the paper's scoring too has, besides by subject,
// the two scorings by subject; its first column is the same accuracy, so
// the report draws that figure once and compare lists those paired
// differences once.
func TestSecondPolicyNotRepeated(t *testing.T) {
	plain := mathbench.New()
	items, _, err := plain.Load(context.Background(), filepath.Join("..", "bench", "math", "testdata", "MATH"), bench.LoadOptions{Split: "test"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := plain.WithAlsoPolicies([]string{"hendrycks"})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "math-run")
	os.MkdirAll(dir, 0o755)
	if err := rundir.WriteJSON(dir, rundir.ManifestFile, rundir.Manifest{Benchmark: "math", Model: "m", Samples: 1}); err != nil {
		t.Fatal(err)
	}
	var lines []byte
	var samples []bench.Sample
	for i, it := range items {
		reply := b.GoldReply(it)
		if i%2 == 1 {
			reply = "The answer is " + it.Answer + "."
		}
		s := bench.Sample{Item: it, Reply: reply, Verdict: b.Grade(context.Background(), it, reply, "stop"), Confidence: -1}
		samples = append(samples, s)
		line, _ := json.Marshal(rundir.SampleRecord{Sample: s})
		lines = append(append(lines, line...), '\n')
	}
	os.WriteFile(filepath.Join(dir, rundir.SamplesFile), lines, 0o644)
	if err := rundir.WriteJSON(dir, rundir.ResultsFile, rundir.Results{Benchmark: "math", Items: len(samples),
		Samples: len(samples), Planned: len(samples), Summary: b.Summarize(samples)}); err != nil {
		t.Fatal(err)
	}
	r, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	a := Analyze(r)
	if _, ok := a.Summary.Breakdown("policy_hendrycks_by_subject"); !ok {
		t.Fatal("the summary lacks the paper's scoring by subject")
	}
	plots, err := Plots(a, "t")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, p := range plots {
		names[p.Name] = true
	}
	if !names["breakdown_by_subject"] || names["breakdown_policy_hendrycks_by_subject"] || names["breakdown_policy_hendrycks_by_level"] {
		t.Errorf("figures %v", names)
	}
	c, err := Compare(r, r)
	if err != nil {
		t.Fatal(err)
	}
	per := map[string]int{}
	for _, g := range c.Groups {
		per[g.Breakdown]++
	}
	if per["by_subject"] == 0 || per["policy_hendrycks_by_subject"] != 0 {
		t.Errorf("paired differences per breakdown %v", per)
	}
}
