package run_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/model"
	_ "github.com/matheval/matheval/model/calcmodel" // builtin:calc
	"github.com/matheval/matheval/model/fakeserver"
	"github.com/matheval/matheval/run"
	"github.com/matheval/matheval/rundir"
)

func backend(t testing.TB, spec string, srv *fakeserver.Server, b *fakeBench, conc int) model.Backend {
	t.Helper()
	seed := int64(100)
	o := model.Options{Bench: b, Concurrency: conc, Params: model.Params{Seed: &seed}}
	if srv != nil {
		o.BaseURLs = []string{srv.BaseURL()}
		o.Transport = srv.Transport()
	}
	be, err := model.New(spec, o)
	if err != nil {
		t.Fatal(err)
	}
	return be
}

func config(b *fakeBench, be model.Backend, dir string, samples int) run.Config {
	return run.Config{Bench: b, Backend: be, Dir: dir, Samples: samples, Concurrency: 4,
		MaxRetries: 3, Timeout: 2 * time.Second, BackoffBase: time.Millisecond, BackoffMax: 10 * time.Millisecond,
		ProgressMode: run.ProgressOff}
}

// checkCounts checks that every planned sample is there, once, in order,
// and the counts add up.
func checkCounts(t *testing.T, dir string, items, samples int) []rundir.SampleRecord {
	t.Helper()
	res, err := rundir.ReadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, n := range res.Counts {
		total += n
	}
	if total != items*samples || res.Samples != items*samples || res.Planned != items*samples || res.Items != items {
		t.Fatalf("counts %v add up to %d; samples %d planned %d items %d; want %d x %d", res.Counts, total, res.Samples, res.Planned, res.Items, items, samples)
	}
	recs, err := rundir.ReadSamples(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != items*samples {
		t.Fatalf("%d sample records, want %d", len(recs), items*samples)
	}
	for k, r := range recs {
		if wantID, wantS := "fake/"+itoa(k/samples), k%samples; r.Item.ID != wantID || r.Index != wantS {
			t.Fatalf("record %d is %s/%d, want %s/%d (stable order)", k, r.Item.ID, r.Index, wantID, wantS)
		}
	}
	return recs
}

func itoa(i int) string { return strconv.Itoa(i) }

func TestGoldScores100(t *testing.T) {
	b := &fakeBench{n: 30}
	dir := t.TempDir()
	rep, err := run.Run(context.Background(), config(b, backend(t, "builtin:gold", nil, b, 1), dir, 2))
	if err != nil {
		t.Fatal(err)
	}
	if acc := rep.Results.Summary.Value("accuracy"); acc != 1 || rep.Results.Counts[answer.Correct] != 60 {
		t.Fatalf("builtin:gold: accuracy %v counts %v", acc, rep.Results.Counts)
	}
	checkCounts(t, dir, 30, 2)
	man, err := rundir.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if man.Model != "builtin:gold" || man.Benchmark != "fake" || man.DataHash == "" || man.PromptHash == "" ||
		man.GraderVersion == "" || man.End == "" || man.Extra["status"] != "complete" || man.Items != 30 || man.Samples != 2 {
		t.Fatalf("manifest: %+v", man)
	}
}

func TestCalcDeclineIsNoAnswer(t *testing.T) {
	b := &fakeBench{n: 3}
	rep, err := run.Run(context.Background(), config(b, backend(t, "builtin:calc", nil, b, 1), t.TempDir(), 1))
	if err != nil {
		t.Fatal(err)
	}
	// The placeholder calculator (or the real one: "Problem 0" is no expression) declines.
	if rep.Results.Counts[answer.NoAnswer] != 3 || rep.Results.Counts[answer.Error] != 0 {
		t.Fatalf("declines: counts %v", rep.Results.Counts)
	}
}

func TestOpenAIRunNHonouredOrNot(t *testing.T) {
	var results [2][]rundir.SampleRecord
	for k, honour := range []bool{true, false} {
		srv := fakeserver.New()
		srv.HonourN = honour
		b := &fakeBench{n: 40}
		dir := t.TempDir()
		rep, err := run.Run(context.Background(), config(b, backend(t, "openai:fake-model", srv, b, 4), dir, 3))
		srv.Close()
		if err != nil {
			t.Fatal(err)
		}
		want := int64(40)
		if !honour {
			want = 40 + 40*2 // one n=3 request per item, then two single ones
		}
		if srv.Requests() != want {
			t.Errorf("honour n %v: %d requests, want %d", honour, srv.Requests(), want)
		}
		results[k] = checkCounts(t, dir, 40, 3)
		man, _ := rundir.ReadManifest(dir)
		if !strings.Contains(string(man.ServerModels), "fake-model") {
			t.Errorf("manifest lacks the server's models: %s", man.ServerModels)
		}
		if rep.Results.Usage.CompletionTokens == 0 {
			t.Error("no usage recorded")
		}
	}
	for i := range results[0] {
		a, b := results[0][i], results[1][i]
		if a.Reply != b.Reply || a.Verdict.Kind != b.Verdict.Kind || a.Reply == "" {
			t.Fatalf("sample %s/%d: n honoured %q, ignored %q", a.Item.ID, a.Index, a.Reply, b.Reply)
		}
	}
}

// TestMixedFaults: 20% of requests fail in mixed ways; every sample ends
// with a reply or the verdict error, and the counts add up.
func TestMixedFaults(t *testing.T) {
	synctest.Test(t, testMixedFaults)
}

func testMixedFaults(t *testing.T) {
	srv := fakeserver.NewPipe()
	defer srv.Close()
	srv.SlowFor = time.Second
	var mu sync.Mutex
	rng := rand.New(rand.NewPCG(1, 2))
	faults := []fakeserver.Fault{fakeserver.RateLimit, fakeserver.ServerErr, fakeserver.Slow, fakeserver.Drop, fakeserver.Malformed, fakeserver.Truncated}
	srv.Fault = func(n int64, r *fakeserver.Request) fakeserver.Fault {
		switch {
		case strings.HasPrefix(r.Key(0), "Problem 7#"):
			return fakeserver.ServerErr // always: ends in error after the retries
		case strings.HasPrefix(r.Key(0), "Problem 8#"):
			return fakeserver.BadRequest // not retried
		}
		mu.Lock()
		defer mu.Unlock()
		if rng.Float64() < 0.2 {
			return faults[rng.IntN(len(faults))]
		}
		return fakeserver.None
	}
	b := &fakeBench{n: 150}
	dir := t.TempDir()
	cfg := config(b, backend(t, "openai:fake-model", srv, b, 16), dir, 2)
	cfg.Timeout = 150 * time.Millisecond
	cfg.MaxRetries = 2
	if _, err := run.Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	recs := checkCounts(t, dir, 150, 2)
	errs := 0
	for _, r := range recs {
		if r.Verdict.Kind == answer.Error {
			errs++
			if r.Reply != "" || r.Error == "" {
				t.Errorf("%s/%d: error verdict with reply %q, error %q", r.Item.ID, r.Index, r.Reply, r.Error)
			}
			continue
		}
		if r.Reply == "" || r.Error != "" {
			t.Errorf("%s/%d: verdict %s with reply %q and error %q", r.Item.ID, r.Index, r.Verdict.Kind, r.Reply, r.Error)
		}
		if want := fakeserver.DefaultReply(r.Item.Problem + "#" + itoa(100+r.Index)); r.Reply != want {
			t.Errorf("%s/%d: reply %q, want %q", r.Item.ID, r.Index, r.Reply, want)
		}
	}
	for _, r := range recs[14:18] { // items 7 and 8
		if r.Verdict.Kind != answer.Error {
			t.Errorf("%s/%d: verdict %s, want error", r.Item.ID, r.Index, r.Verdict.Kind)
		}
	}
	for f := fakeserver.RateLimit; f <= fakeserver.Truncated; f++ {
		if srv.Faults(f) == 0 {
			t.Errorf("fault %s never injected", f)
		}
	}
	t.Logf("%d requests, %d error verdicts", srv.Requests(), errs)
}

// TestRetryAfterHonoured: a 429's Retry-After is waited before the retry
// (in a synctest bubble: the clock is the bubble's, the wait is exact).
func TestRetryAfterHonoured(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		srv := fakeserver.NewPipe()
		defer srv.Close()
		srv.RetryAfter = "1"
		srv.Fault = func(n int64, r *fakeserver.Request) fakeserver.Fault {
			if n == 1 {
				return fakeserver.RateLimit
			}
			return fakeserver.None
		}
		b := &fakeBench{n: 1}
		t0 := time.Now()
		rep, err := run.Run(context.Background(), config(b, backend(t, "openai:fake-model", srv, b, 1), t.TempDir(), 1))
		if err != nil {
			t.Fatal(err)
		}
		if d := time.Since(t0); d < time.Second || d > time.Second+10*time.Millisecond {
			t.Errorf("retried after %v, want the server's Retry-After of 1 s", d)
		}
		if rep.Results.Counts[answer.Error] != 0 || srv.Requests() != 2 {
			t.Errorf("counts %v, %d requests", rep.Results.Counts, srv.Requests())
		}
	})
}

// TestRetryAfterMS: the OpenAI API's retry-after-ms (250 ms) is obeyed
// before its Retry-After (60 s).
func TestRetryAfterMS(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		srv := fakeserver.NewPipe()
		defer srv.Close()
		srv.Dialect, srv.RetryAfterMS = fakeserver.OpenAI, "250"
		srv.Fault = func(n int64, r *fakeserver.Request) fakeserver.Fault {
			if n == 1 {
				return fakeserver.RateLimitMS
			}
			return fakeserver.None
		}
		b := &fakeBench{n: 1}
		cfg := config(b, backend(t, "openai:fake-model", srv, b, 1), t.TempDir(), 1)
		t0 := time.Now()
		if _, err := run.Run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		if d := time.Since(t0); d != 250*time.Millisecond {
			t.Errorf("retried after %v, want 250ms", d)
		}
	})
}

func TestRequestsPerMinute(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		srv := fakeserver.NewPipe()
		defer srv.Close()
		b := &fakeBench{n: 60}
		cfg := config(b, backend(t, "openai:fake-model", srv, b, 8), t.TempDir(), 1)
		cfg.RPM = 3000 // 50/s, a burst of 50: the last 10 of 60 requests wait 0.2 s
		t0 := time.Now()
		if _, err := run.Run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		if d := time.Since(t0); d < 180*time.Millisecond || d > 220*time.Millisecond {
			t.Errorf("60 requests at 50/s with a burst of 50 took %v, want 0.2 s", d)
		}
	})
}

// backendMax is backend with a token limit (needed by --max-cost).
func backendMax(t testing.TB, srv *fakeserver.Server, maxTokens, conc int) model.Backend {
	t.Helper()
	seed := int64(100)
	be, err := model.New("openai:fake-model", model.Options{BaseURLs: []string{srv.BaseURL()}, Transport: srv.Transport(),
		Concurrency: conc, Params: model.Params{Seed: &seed, MaxTokens: maxTokens}})
	if err != nil {
		t.Fatal(err)
	}
	return be
}

func TestBudgetsStopAndResume(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	srv.Record = true
	b := &fakeBench{n: 50}
	dir := t.TempDir()
	cfg := config(b, backendMax(t, srv, 10, 2), dir, 1)
	cfg.MaxRequests = 20
	rep, err := run.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Results.Stopped, "max-requests") || rep.Results.Samples != 20 || srv.Requests() != 20 {
		t.Fatalf("--max-requests 20: stopped %q, %d samples, %d requests", rep.Results.Stopped, rep.Results.Samples, srv.Requests())
	}
	if rep.Continue != "Run the same command again to continue." {
		t.Errorf("--max-requests (a cap per invocation): continue %q, want the same command again", rep.Continue)
	}
	// A crash in mid-write leaves a torn last line: it must be tolerated.
	f, _ := os.OpenFile(filepath.Join(dir, rundir.JournalFile), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"key":"abc","id":"fake/4`)
	f.Close()

	// A cost budget, on the price table: 1 cent a token. A reply costs 6
	// cents (2 prompt and 4 completion tokens); the worst case reserved for
	// each request in flight is its prompt's bytes and the 10-token limit.
	var log strings.Builder
	cfg.MaxRequests = 0
	cfg.Prices = run.Prices{"fake-*": {Prompt: 1e4, Completion: 1e4}}
	cfg.MaxCost = 2.5 // the 20 journaled replies ($1.20) are priced too; all 50 would cost $3
	cfg.Log = &log
	rep, err = run.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Results.Stopped, "max-cost") || rep.Resumed != 20 || rep.Results.Samples <= 20 || rep.Results.Samples >= 50 {
		t.Fatalf("--max-cost: stopped %q, resumed %d, %d samples", rep.Results.Stopped, rep.Resumed, rep.Results.Samples)
	}
	if !strings.Contains(rep.Continue, "with a higher --max-cost") {
		t.Errorf("--max-cost (a cap over all invocations): continue %q, want a higher cap", rep.Continue)
	}
	if rep.Results.Cost > cfg.MaxCost {
		t.Fatalf("cost %v over the budget %v: requests in flight were not budgeted", rep.Results.Cost, cfg.MaxCost)
	}
	if !strings.Contains(log.String(), "resuming: 20 of 50 done") {
		t.Errorf("no resume line in %q", log.String())
	}
	cfg.MaxCost = 0
	rep, err = run.Run(context.Background(), cfg)
	if err != nil || rep.Results.Stopped != "" {
		t.Fatalf("final run: %v, stopped %q", err, rep.Results.Stopped)
	}
	checkCounts(t, dir, 50, 1)
	seen := map[string]bool{}
	for _, l := range srv.Log() {
		if seen[l.Key] {
			t.Errorf("request %s sent twice", l.Key)
		}
		seen[l.Key] = true
	}
	if rep.Results.CostPerCorrect <= 0 && rep.Results.Counts[answer.Correct] > 0 {
		t.Error("no cost per correct answer")
	}
	// Same directory, other configuration: refused.
	cfg.Samples = 2
	if _, err := run.Run(context.Background(), cfg); !errors.Is(err, run.ErrConfig) || !strings.Contains(err.Error(), "another configuration") {
		t.Fatalf("reusing a directory for another configuration: %v", err)
	}
}

// TestMaxCostNeeds: --max-cost needs a price table, a price for the model
// and a token limit (without one a reply's cost has no bound).
func TestMaxCostNeeds(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	b := &fakeBench{n: 1}
	for name, cfg := range map[string]run.Config{
		"no prices":    config(b, backendMax(t, srv, 10, 1), t.TempDir(), 1),
		"no price":     config(b, backendMax(t, srv, 10, 1), t.TempDir(), 1),
		"no max token": config(b, backend(t, "openai:fake-model", srv, b, 1), t.TempDir(), 1),
	} {
		cfg.MaxCost = 1
		if name != "no prices" {
			cfg.Prices = run.Prices{"other": {Prompt: 1}}
		}
		if name == "no max token" {
			cfg.Prices = run.Prices{"fake-model": {Prompt: 1}}
		}
		if _, err := run.Run(context.Background(), cfg); !errors.Is(err, run.ErrConfig) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if srv.Requests() != 0 {
		t.Errorf("%d requests sent", srv.Requests())
	}
}

func TestRegrade(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	srv.Fault = func(n int64, r *fakeserver.Request) fakeserver.Fault {
		if strings.HasPrefix(r.Key(0), "Problem 3#") {
			return fakeserver.BadRequest
		}
		return fakeserver.None
	}
	b := &fakeBench{n: 30}
	dir := t.TempDir()
	rep, err := run.Run(context.Background(), config(b, backend(t, "openai:fake-model", srv, b, 2), dir, 1))
	if err != nil {
		t.Fatal(err)
	}
	sent := srv.Requests()
	b2 := &fakeBench{n: 30, offByOne: true}
	rr, err := run.Regrade(context.Background(), dir, b2)
	if err != nil {
		t.Fatal(err)
	}
	if srv.Requests() != sent {
		t.Fatal("regrade sent requests")
	}
	if rr.Changed == 0 || reflect.DeepEqual(rr.Results.Counts, rep.Results.Counts) {
		t.Fatalf("regrade with another grader changed nothing: %v", rr.Results.Counts)
	}
	if rr.Results.Counts[answer.Error] != 1 {
		t.Fatalf("error verdict not kept: %v", rr.Results.Counts)
	}
	// Regrading with the original grader restores the original results.
	rr, err = run.Regrade(context.Background(), dir, b)
	if err != nil || !reflect.DeepEqual(rr.Results.Counts, rep.Results.Counts) {
		t.Fatalf("regrade back: %v %v, want %v", err, rr.Results.Counts, rep.Results.Counts)
	}
}

func TestDefaultDirIsStable(t *testing.T) {
	b := &fakeBench{n: 5}
	root := t.TempDir()
	cfg := config(b, backend(t, "builtin:gold", nil, b, 1), "", 1)
	cfg.Root = root
	r1, err := run.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := run.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if r1.Dir != r2.Dir || !strings.HasPrefix(filepath.Base(r1.Dir), "fake-builtin_gold-") || r2.Resumed != 5 {
		t.Fatalf("dirs %s, %s; resumed %d", r1.Dir, r2.Dir, r2.Resumed)
	}
}

// TestWorkStealing: with a slow and a fast server, the fast one takes most
// of the work, and both are used.
func TestWorkStealing(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slow, fast := fakeserver.NewPipe(), fakeserver.NewPipe()
		defer slow.Close()
		defer fast.Close()
		slow.Latency = 20 * time.Millisecond
		fast.Latency = time.Millisecond
		b := &fakeBench{n: 120}
		be, err := model.New("openai:fake-model", model.Options{BaseURLs: []string{slow.BaseURL(), fast.BaseURL()},
			Transport: fakeserver.Router(slow, fast), Concurrency: 2})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		cfg := config(b, be, dir, 1)
		cfg.Concurrency = 2
		if _, err := run.Run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		checkCounts(t, dir, 120, 1)
		if slow.Requests() == 0 || fast.Requests() < 3*slow.Requests() {
			t.Fatalf("slow server %d requests, fast %d", slow.Requests(), fast.Requests())
		}
	})
}

// TestInterrupt: cancelling the context (Ctrl-C) abandons the requests in
// flight, writes partial results, and the same run continues afterwards.
func TestInterrupt(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		srv := fakeserver.NewPipe()
		defer srv.Close()
		srv.Latency = 20 * time.Millisecond
		b := &fakeBench{n: 40}
		dir := t.TempDir()
		cfg := config(b, backend(t, "openai:fake-model", srv, b, 4), dir, 1)
		ctx, cancel := context.WithTimeout(context.Background(), 70*time.Millisecond)
		defer cancel()
		rep, err := run.Run(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		// 4 in flight, 20 ms each: 12 replies in the first 60 ms, the next 4 abandoned at 70 ms.
		if rep.Results.Stopped != "interrupted" || rep.Results.Samples != 12 || rep.Results.Counts[answer.Error] != 0 {
			t.Fatalf("interrupted run: stopped %q, %d samples, counts %v", rep.Results.Stopped, rep.Results.Samples, rep.Results.Counts)
		}
		if man, _ := rundir.ReadManifest(dir); man.Extra["status"] != "stopped: interrupted" {
			t.Fatalf("manifest status %q", man.Extra["status"])
		}
		rep, err = run.Run(context.Background(), cfg)
		if err != nil || rep.Results.Stopped != "" {
			t.Fatalf("resumed: %v %q", err, rep.Results.Stopped)
		}
		checkCounts(t, dir, 40, 1)
	})
}

func TestSystemPromptNeverDropped(t *testing.T) {
	b := &fakeBench{n: 2} // its template ignores PromptOptions.System
	dir := t.TempDir()
	cfg := config(b, backend(t, "builtin:gold", nil, b, 1), dir, 1)
	cfg.Prompt.System = "Answer briefly."
	rep, err := run.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	recs := checkCounts(t, dir, 2, 1)
	if m := recs[0].Prompt.Messages; len(m) != 2 || m[0].Role != "system" || m[0].Content != "Answer briefly." {
		t.Fatalf("messages %+v", m)
	}
	if len(rep.Warnings) != 1 {
		t.Fatalf("warnings %q", rep.Warnings)
	}
}

// TestDeadServerAvoided: with one of two servers failing every request,
// retries go to the healthy one and no sample ends in error.
func TestDeadServerAvoided(t *testing.T) {
	dead, good := fakeserver.New(), fakeserver.New()
	defer dead.Close()
	defer good.Close()
	dead.Fault = func(int64, *fakeserver.Request) fakeserver.Fault { return fakeserver.ServerErr }
	b := &fakeBench{n: 100}
	be, err := model.New("openai:fake-model", model.Options{BaseURLs: []string{dead.BaseURL(), good.BaseURL()}, Concurrency: 4})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cfg := config(b, be, dir, 1)
	cfg.MaxRetries = 2
	rep, err := run.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	checkCounts(t, dir, 100, 1)
	if rep.Results.Counts[answer.Error] != 0 || good.Requests() != 100 {
		t.Fatalf("counts %v; dead server %d requests, good %d", rep.Results.Counts, dead.Requests(), good.Requests())
	}
	t.Logf("dead server got %d requests, good %d", dead.Requests(), good.Requests())
}
