package run_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/equiv"
	"github.com/matheval/matheval/run"
	"github.com/matheval/matheval/rundir"
)

// panicBench is fakeBench with a bug of ours injected at each layer of
// grading, one item each: in answer's extraction (fake/1) and comparison
// (fake/2), which answer.Grade recovers; in the benchmark's own Grade
// (fake/3) and Confidence (fake/4), which run.Grade recovers. Item fake/5
// gets the verdict of a failed request (error, not a bug); failedOnly
// gives every item that verdict.
type panicBench struct {
	*fakeBench
	failedOnly bool
}

func (b panicBench) Grade(ctx context.Context, it bench.Item, reply, finish string) answer.Verdict {
	if b.failedOnly {
		it.ID = "fake/5"
	}
	switch it.ID {
	case "fake/1":
		p := answer.MATH
		p.ExtractionFor = func(string) answer.Extraction { panic("boom in extraction") }
		return answer.Grade(p, it.Answer, reply, finish)
	case "fake/2":
		p := answer.MATH
		p.Compare = func(context.Context, string, string, equiv.Options) answer.Verdict { panic("boom in comparison") }
		return answer.Grade(p, it.Answer, reply, finish)
	case "fake/3":
		var m map[string]int
		m["boom"]++ // a nil-map write: a real bug's panic
	case "fake/5":
		return answer.Grade(answer.MATH, it.Answer, reply, "error")
	}
	return b.fakeBench.Grade(context.Background(), it, reply, finish)
}

func (b panicBench) Confidence(s bench.Sample) float64 {
	if s.Item.ID == "fake/4" {
		panic("boom in confidence")
	}
	return 0.5
}

// TestGraderPanicIsInternalError (issue 19, item 4): a panic at any layer
// of grading is the verdict error with the reason "internal error: <value>"
// (not undecided, not no answer), whether answer.Grade or run.Grade caught
// it; the other samples are graded; the stack is in the run's log with the
// item it hit, and the run warns once. A failed request's verdict is no
// grader failure: no warning, nothing in the log. Regrade does the same.
func TestGraderPanicIsInternalError(t *testing.T) {
	fb := &fakeBench{n: 7}
	dir := t.TempDir()
	var log strings.Builder
	cfg := config(fb, backend(t, "builtin:gold", nil, fb, 1), dir, 1)
	cfg.Bench = panicBench{fakeBench: fb}
	cfg.Log = &log
	rep, err := run.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{ // item -> what its panic said
		"fake/1": "boom in extraction",
		"fake/2": "boom in comparison",
		"fake/3": "assignment to entry in nil map",
		"fake/4": "boom in confidence",
	}
	check := func(what string) {
		t.Helper()
		recs, err := rundir.ReadSamples(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			v := r.Verdict
			switch value, bad := want[r.Item.ID]; {
			case bad:
				if v.Kind != answer.Error || v.Reason != "internal error: "+value || r.Confidence != -1 {
					t.Errorf("%s: %s: verdict %s %q, confidence %v", what, r.Item.ID, v.Kind, v.Reason, r.Confidence)
				}
			case r.Item.ID == "fake/5":
				if v.Kind != answer.Error || strings.Contains(v.Reason, "internal") {
					t.Errorf("%s: %s: verdict %s %q, want the failed request's", what, r.Item.ID, v.Kind, v.Reason)
				}
			case v.Kind != answer.Correct || r.Confidence != 0.5:
				t.Errorf("%s: %s: verdict %s, confidence %v", what, r.Item.ID, v.Kind, r.Confidence)
			}
		}
		b, err := os.ReadFile(filepath.Join(dir, run.LogFile))
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		for id, value := range want {
			if !strings.Contains(string(b), "grading item "+id+" sample 0: internal error: "+value+"\n") {
				t.Errorf("%s: run.log has no stack for %s (%s)", what, id, value)
			}
		}
		if strings.Count(string(b), "goroutine ") < len(want) || !strings.Contains(string(b), "grade_test.go") {
			t.Errorf("%s: run.log lacks the stacks:\n%s", what, b)
		}
		if strings.Contains(string(b), "fake/5") {
			t.Errorf("%s: run.log names the failed request:\n%s", what, b)
		}
	}
	check("run")
	if rep.Failed != 0 || strings.Count(log.String(), "the grader failed") != 1 {
		t.Errorf("failed %d, log %q", rep.Failed, log.String())
	}
	os.Remove(filepath.Join(dir, run.LogFile))
	rr, err := run.Regrade(context.Background(), dir, panicBench{fakeBench: fb})
	if err != nil {
		t.Fatal(err)
	}
	if rr.Results.Counts[answer.Error] != 5 {
		t.Errorf("regrade counts %v", rr.Results.Counts)
	}
	check("regrade")

	// Only failed requests' verdicts: no grader failure to report.
	dir = t.TempDir()
	log.Reset()
	cfg = config(fb, backend(t, "builtin:gold", nil, fb, 1), dir, 1)
	cfg.Bench = panicBench{fakeBench: fb, failedOnly: true}
	cfg.Log = &log
	if _, err := run.Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(log.String(), "grader failed") {
		t.Errorf("a failed request's verdict reported as a grader failure: %q", log.String())
	}
	if _, err := os.Stat(filepath.Join(dir, run.LogFile)); !os.IsNotExist(err) {
		t.Errorf("run.log written with no grader failure: %v", err)
	}
}
