package run_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/run"
	"github.com/matheval/matheval/rundir"
)

// panicBench is fakeBench whose grader panics on item fake/2 and whose
// confidence panics on item fake/4: bugs of ours, at the grading boundary.
type panicBench struct{ *fakeBench }

func (b panicBench) Grade(it bench.Item, reply, finish string) answer.Verdict {
	if it.ID == "fake/2" {
		var m map[string]int
		m["boom"]++ // a nil-map write: a real bug's panic
	}
	return b.fakeBench.Grade(it, reply, finish)
}

func (b panicBench) Confidence(s bench.Sample) float64 {
	if s.Item.ID == "fake/4" {
		panic("confidence bug")
	}
	return 0.5
}

// TestGraderPanicIsInternalError (issue 19, item 4): run.Grade is the one
// recover of the runner; a panic there is the verdict error with the
// reason "internal error" (not undecided, not no answer), the other
// samples are graded, and the stack is in the run's log. Regrade does the same.
func TestGraderPanicIsInternalError(t *testing.T) {
	fb := &fakeBench{n: 6}
	dir := t.TempDir()
	var log strings.Builder
	cfg := config(fb, backend(t, "builtin:gold", nil, fb, 1), dir, 1)
	cfg.Bench = panicBench{fb}
	cfg.Log = &log
	rep, err := run.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string) {
		recs, err := rundir.ReadSamples(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			bad := r.Item.ID == "fake/2" || r.Item.ID == "fake/4"
			switch {
			case bad && (r.Verdict.Kind != answer.Error || r.Verdict.Reason != "internal error" || r.Confidence != -1):
				t.Errorf("%s: %s: verdict %s %q, confidence %v", what, r.Item.ID, r.Verdict.Kind, r.Verdict.Reason, r.Confidence)
			case !bad && (r.Verdict.Kind != answer.Correct || r.Confidence != 0.5):
				t.Errorf("%s: %s: verdict %s, confidence %v", what, r.Item.ID, r.Verdict.Kind, r.Confidence)
			}
		}
		b, err := os.ReadFile(filepath.Join(dir, run.LogFile))
		if err != nil || !strings.Contains(string(b), "grading item fake/2 sample 0: panic: assignment to entry in nil map") ||
			!strings.Contains(string(b), "confidence bug") || !strings.Contains(string(b), "goroutine") {
			t.Errorf("%s: run.log: %v\n%s", what, err, b)
		}
	}
	check("run")
	if rep.Failed != 0 || !strings.Contains(log.String(), "the grader failed (internal error) on item fake/") {
		t.Errorf("failed %d, log %q", rep.Failed, log.String())
	}
	os.Remove(filepath.Join(dir, run.LogFile))
	rr, err := run.Regrade(context.Background(), dir, panicBench{fb})
	if err != nil {
		t.Fatal(err)
	}
	if rr.Results.Counts[answer.Error] != 2 {
		t.Errorf("regrade counts %v", rr.Results.Counts)
	}
	check("regrade")
}
