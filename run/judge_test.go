package run_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/model"
	"github.com/matheval/matheval/model/fakeserver"
	"github.com/matheval/matheval/run"
	"github.com/matheval/matheval/rundir"
)

// judgedBench is fakeBench with a judge rubric: items of part 2 have none.
type judgedBench struct{ *fakeBench }

func (b judgedBench) JudgePrompt(it bench.Item, reply string) (bench.Prompt, bool) {
	if it.Meta["part"] == "2" {
		return bench.Prompt{}, false
	}
	text := "JUDGE " + it.ID + " REPLY " + reply
	return bench.Prompt{Messages: []bench.Message{{Role: "user", Content: text}}, Text: text}, true
}

var scoreLine = regexp.MustCompile(`SCORE: ([0-9.]+)\s*$`)

func (b judgedBench) ParseJudge(it bench.Item, reply string) (float64, string, error) {
	m := scoreLine.FindStringSubmatch(reply)
	if m == nil {
		return 0, "", fmt.Errorf("no score line")
	}
	v, err := strconv.ParseFloat(m[1], 64)
	return v, strings.TrimSpace(strings.TrimSuffix(reply, m[0])), err
}

var judgeItem = regexp.MustCompile(`^JUDGE fake/(\d+) `)

// judgeScore is the score the fake judge gives item i; item 4 gets a reply
// without a score.
func judgeScore(i int) float64 { return float64(i%4) / 4 }

func judgeReply(key string) string {
	m := judgeItem.FindStringSubmatch(key)
	if m == nil {
		return "not a judge prompt"
	}
	i, _ := strconv.Atoi(m[1])
	if i == 4 {
		return "I cannot grade this."
	}
	return fmt.Sprintf("Item %d checked.\nSCORE: %g", i, judgeScore(i))
}

func judgeBackend(t *testing.T, srv *fakeserver.Server) model.Backend {
	t.Helper()
	be, err := model.New("openai:judge-model", model.Options{BaseURLs: []string{srv.BaseURL()}, Concurrency: 2})
	if err != nil {
		t.Fatal(err)
	}
	return be
}

// checkJudged checks the stored judge records and the judge metrics of the
// run in dir, with n items of fakeBench answered by builtin:gold.
func checkJudged(t *testing.T, dir string, n int) {
	t.Helper()
	recs := checkCounts(t, dir, n, 1)
	sum, judged := 0.0, 0
	for i, rec := range recs {
		switch {
		case i%3 == 2: // group 2: no rubric, not judged
			if rec.JudgeReply != "" || rec.JudgeScore != nil || rec.JudgeReason != "" {
				t.Errorf("%s: judged without a rubric: %+v", rec.Item.ID, rec)
			}
		case i == 4:
			if rec.JudgeScore != nil || rec.JudgeReply != "I cannot grade this." || !strings.Contains(rec.JudgeReason, "no score line") {
				t.Errorf("%s: unreadable judge reply stored as %v %q %q", rec.Item.ID, rec.JudgeScore, rec.JudgeReply, rec.JudgeReason)
			}
		default:
			if rec.JudgeScore == nil || *rec.JudgeScore != judgeScore(i) || rec.JudgeReason != fmt.Sprintf("Item %d checked.", i) {
				t.Errorf("%s: judge score %v reason %q, want %g", rec.Item.ID, rec.JudgeScore, rec.JudgeReason, judgeScore(i))
				continue
			}
			sum += judgeScore(i)
			judged++
		}
		if !rec.Verdict.IsCorrect() {
			t.Errorf("%s: the verdict changed: %+v", rec.Item.ID, rec.Verdict)
		}
	}
	res, err := rundir.ReadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	js, _ := res.Summary.Metric("judge_score")
	if res.Summary.Value("accuracy") != 1 || js.N != judged || math.Abs(js.Value-sum/float64(judged)) > 1e-12 {
		t.Errorf("metrics %+v, want accuracy 1, judge_score over %d samples %g", res.Summary.Metrics, judged, sum/float64(judged))
	}
}

func TestJudgeScoresStoredAndResumed(t *testing.T) {
	const n = 10
	srv := fakeserver.New()
	defer srv.Close()
	srv.Reply = judgeReply
	// The first two judge requests fail with a retryable error: the run's
	// retry policy covers the judge too.
	srv.Fault = func(k int64, r *fakeserver.Request) fakeserver.Fault {
		if k <= 2 {
			return fakeserver.ServerErr
		}
		return fakeserver.None
	}
	fb := &fakeBench{n: n}
	dir := t.TempDir()
	cfg := config(fb, backend(t, "builtin:gold", nil, fb, 1), dir, 1)
	cfg.Bench = judgedBench{fb}
	cfg.Judge = judgeBackend(t, srv)
	rep, err := run.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// 10 items, 3 of group 2 without a rubric: 7 judged, plus 2 retries.
	if srv.Requests() != 9 || rep.JudgeRequests != 9 {
		t.Fatalf("judge requests %d (report %d), want 9", srv.Requests(), rep.JudgeRequests)
	}
	checkJudged(t, dir, n)
	man, _ := rundir.ReadManifest(dir)
	if man.Extra["judge"] != "openai:judge-model" {
		t.Errorf("manifest extra %v", man.Extra)
	}

	// Again: everything comes from the journals, nothing is sent.
	rep, err = run.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if srv.Requests() != 9 || rep.JudgeRequests != 0 || rep.Resumed != n {
		t.Fatalf("resume sent %d judge requests (total %d), resumed %d", rep.JudgeRequests, srv.Requests(), rep.Resumed)
	}
	checkJudged(t, dir, n)

	// Regrading keeps the judge's records and metrics.
	if _, err := run.Regrade(context.Background(), dir, judgedBench{fb}); err != nil {
		t.Fatal(err)
	}
	checkJudged(t, dir, n)
}

// A run made without the judge is judged when run again with --judge,
// without asking the model again; a judge request that failed for good is
// recorded as such and is the only one sent on the next invocation.
func TestJudgeAddedLaterAndFailedRetried(t *testing.T) {
	const n = 10
	srv := fakeserver.New()
	defer srv.Close()
	srv.Reply = judgeReply
	srv.Fault = func(k int64, r *fakeserver.Request) fakeserver.Fault {
		if strings.HasPrefix(r.Text(), "JUDGE fake/3 ") {
			return fakeserver.BadRequest // not retryable
		}
		return fakeserver.None
	}
	fb := &fakeBench{n: n}
	dir := t.TempDir()
	cfg := config(fb, backend(t, "builtin:gold", nil, fb, 1), dir, 1)
	cfg.Bench = judgedBench{fb}
	if _, err := run.Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	res, _ := rundir.ReadResults(dir)
	if _, ok := res.Summary.Metric("judge_score"); ok || srv.Requests() != 0 {
		t.Fatalf("judged without a judge: %v", res.Summary.Metrics)
	}

	cfg.Judge = judgeBackend(t, srv)
	rep, err := run.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Requests != 0 || rep.Dir != dir || srv.Requests() != 7 {
		t.Fatalf("model requests %d, judge requests %d", rep.Requests, srv.Requests())
	}
	recs, _ := rundir.ReadSamples(dir)
	if r := recs[3]; r.JudgeScore != nil || !strings.Contains(r.JudgeReason, "judge request failed after 1 attempt(s)") {
		t.Errorf("failed judge request stored as %v %q", r.JudgeScore, r.JudgeReason)
	}

	srv.Fault = nil
	rep, err = run.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.JudgeRequests != 1 || srv.Requests() != 8 {
		t.Fatalf("third invocation sent %d judge requests, want only the failed one", rep.JudgeRequests)
	}
	checkJudged(t, dir, n)
	// Every judge reply once in the journal, the failed request not at all.
	b, err := os.ReadFile(filepath.Join(dir, rundir.JudgeJournalFile))
	if err != nil || strings.Count(string(b), "\n") != 7 {
		t.Errorf("judge journal: %d lines, %v", strings.Count(string(b), "\n"), err)
	}
}

// A benchmark without a rubric: the judge is ignored with a warning.
func TestJudgeWithoutRubric(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	fb := &fakeBench{n: 3}
	cfg := config(fb, backend(t, "builtin:gold", nil, fb, 1), t.TempDir(), 1)
	cfg.Judge = judgeBackend(t, srv)
	rep, err := run.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if srv.Requests() != 0 || len(rep.Warnings) == 0 || !strings.Contains(rep.Warnings[len(rep.Warnings)-1], "no judge rubric") {
		t.Errorf("requests %d, warnings %v", srv.Requests(), rep.Warnings)
	}
}

// TestJudgeUnusableStops (issue 17): a judge whose replies never carry a
// usable score is stopped after three, and the report says why.
func TestJudgeUnusableStops(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	srv.Reply = func(string) string { return "I think the reply is fine." } // no SCORE line
	fb := &fakeBench{n: 60}
	cfg := config(fb, backend(t, "builtin:gold", nil, fb, 1), t.TempDir(), 1)
	cfg.Bench = judgedBench{fb}
	cfg.Judge = judgeBackend(t, srv)
	cfg.Concurrency = 1
	rep, err := run.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.JudgeStopped, "the judge's replies are unusable: the first 3 had no usable score") ||
		!strings.Contains(rep.JudgeStopped, "no score line") || srv.Requests() != 3 {
		t.Fatalf("judge stopped %q after %d requests", rep.JudgeStopped, srv.Requests())
	}
}

// TestJudgeFatalStops: a judge server that refuses the key stops judging
// at the first request, with the reason.
func TestJudgeFatalStops(t *testing.T) {
	srv := fakeserver.NewDialect(fakeserver.LlamaCpp)
	defer srv.Close()
	srv.APIKey = "sk-judge"
	fb := &fakeBench{n: 30}
	cfg := config(fb, backend(t, "builtin:gold", nil, fb, 1), t.TempDir(), 1)
	cfg.Bench = judgedBench{fb}
	cfg.Judge = judgeBackend(t, srv)
	cfg.Concurrency = 1
	rep, err := run.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.JudgeStopped, "HTTP 401") || srv.Requests() != 1 {
		t.Fatalf("judge stopped %q after %d requests", rep.JudgeStopped, srv.Requests())
	}
}
