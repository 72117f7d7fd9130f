package run_test

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/model"
	"github.com/matheval/matheval/model/fakeserver"
	"github.com/matheval/matheval/run"
	"github.com/matheval/matheval/rundir"
)

// Issue 30: faults that do not stop a run, one run per directory.

// everyReply checks that every sample of the run in dir has a reply and
// none failed, and that results.json counts what samples.jsonl holds.
func everyReply(t *testing.T, dir string, items int) {
	t.Helper()
	recs := checkCounts(t, dir, items, 1)
	for _, r := range recs {
		if r.Reply == "" || r.Error != "" || r.Verdict.Kind == answer.Error {
			t.Errorf("%s: verdict %s, reply %q, error %q", r.Item.ID, r.Verdict.Kind, r.Reply, r.Error)
		}
	}
}

// TestSecondRunLockedOut (row 1): while a run holds its directory, a
// second run on it fails at once with one line naming the holder and sends
// nothing; the first finishes alone, and results.json matches samples.jsonl.
func TestSecondRunLockedOut(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		srv := fakeserver.NewPipe()
		defer srv.Close()
		srv.Latency = time.Second
		b := &fakeBench{n: 20}
		dir := t.TempDir()
		done := make(chan error)
		go func() {
			_, err := run.Run(context.Background(), config(b, backend(t, "openai:fake-model", srv, b, 4), dir, 1))
			done <- err
		}()
		synctest.Wait() // the first run is waiting for its replies
		sentBefore := srv.Requests()
		t0 := time.Now()
		_, err := run.Run(context.Background(), config(b, backend(t, "openai:fake-model", srv, b, 4), dir, 1))
		if !errors.Is(err, rundir.ErrLocked) || !strings.Contains(err.Error(), "pid ") || strings.Contains(err.Error(), "\n") {
			t.Fatalf("second run: %v", err)
		}
		if time.Since(t0) != 0 || srv.Requests() != sentBefore {
			t.Errorf("the second run took %v and sent %d requests", time.Since(t0), srv.Requests()-sentBefore)
		}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		everyReply(t, dir, 20)
		if _, err := os.Stat(filepath.Join(dir, rundir.LockFile)); !os.IsNotExist(err) {
			t.Errorf("lock file left after the run: %v", err)
		}
	})
}

// TestStaleLockTakenOver (row 1): the lock file of a killed run (its line,
// no OS lock held) does not block the next run.
func TestStaleLockTakenOver(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	b := &fakeBench{n: 5}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, rundir.LockFile), []byte("pid 999999 on gone (matheval run, since 2020-01-01T00:00:00Z)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := run.Run(context.Background(), config(b, backend(t, "openai:fake-model", srv, b, 2), dir, 1)); err != nil {
		t.Fatal(err)
	}
	everyReply(t, dir, 5)
}

// TestGradeLocked (row 1): grade refuses a directory a run holds.
func TestGradeLocked(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	b := &fakeBench{n: 5}
	dir := t.TempDir()
	if _, err := run.Run(context.Background(), config(b, backend(t, "openai:fake-model", srv, b, 2), dir, 1)); err != nil {
		t.Fatal(err)
	}
	l, err := rundir.Lock(dir, "test")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := run.Regrade(context.Background(), dir, b); !errors.Is(err, rundir.ErrLocked) {
		t.Errorf("grade of a held directory: %v", err)
	}
	l.Unlock()
	if _, err := run.Regrade(context.Background(), dir, b); err != nil {
		t.Errorf("grade after the lock was released: %v", err)
	}
}

// TestMalformed200AfterGoodReplies (row 2): once the server has answered
// well, a 200 with an HTML page or a cut JSON body is a passing fault,
// retried like a 5xx: the run completes with every item a reply.
func TestMalformed200AfterGoodReplies(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		srv := fakeserver.NewPipe()
		defer srv.Close()
		var mu sync.Mutex
		rng := rand.New(rand.NewPCG(3, 4))
		srv.Fault = func(n int64, r *fakeserver.Request) fakeserver.Fault {
			mu.Lock()
			defer mu.Unlock()
			if n > 1 && rng.Float64() < 0.2 {
				return []fakeserver.Fault{fakeserver.HTMLPage, fakeserver.Malformed}[rng.IntN(2)]
			}
			return fakeserver.None
		}
		b := &fakeBench{n: 100}
		dir := t.TempDir()
		cfg := config(b, backend(t, "openai:fake-model", srv, b, 1), dir, 1)
		cfg.Concurrency = 1
		cfg.MaxRetries = 6
		rep, err := run.Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Results.Stopped != "" || srv.Faults(fakeserver.HTMLPage) == 0 {
			t.Fatalf("stopped %q after %d HTML pages", rep.Results.Stopped, srv.Faults(fakeserver.HTMLPage))
		}
		everyReply(t, dir, 100)
	})
}

// TestFaultyServerCompletes (issue 30, done when): a server answering 20%
// of requests with malformed 200s, 429 bursts and reset connections, at
// concurrency 16: the run completes in one go, every item a reply.
func TestFaultyServerCompletes(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		srv := fakeserver.NewPipe()
		defer srv.Close()
		srv.RetryAfter = "1"
		var mu sync.Mutex
		rng := rand.New(rand.NewPCG(5, 6))
		burst := 0
		srv.Fault = func(n int64, r *fakeserver.Request) fakeserver.Fault {
			mu.Lock()
			defer mu.Unlock()
			switch {
			case n <= 16:
				return fakeserver.None // the first replies are good
			case burst > 0:
				burst--
				return fakeserver.RateLimit
			}
			x := rng.Float64()
			switch {
			case x < 0.01:
				burst = 30
				return fakeserver.RateLimit
			case x < 0.08:
				return fakeserver.HTMLPage
			case x < 0.14:
				return fakeserver.Malformed
			case x < 0.20:
				return fakeserver.Drop
			}
			return fakeserver.None
		}
		srv.ModelsFault = func(n int64) fakeserver.Fault {
			if n == 1 {
				return fakeserver.Drop
			}
			return fakeserver.None
		}
		b := &fakeBench{n: 300}
		dir := t.TempDir()
		cfg := config(b, backend(t, "openai:fake-model", srv, b, 16), dir, 1)
		cfg.Concurrency = 16
		cfg.MaxRetries = 6
		rep, err := run.Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Results.Stopped != "" {
			t.Fatalf("stopped: %s", rep.Results.Stopped)
		}
		everyReply(t, dir, 300)
		for _, f := range []fakeserver.Fault{fakeserver.RateLimit, fakeserver.HTMLPage, fakeserver.Malformed, fakeserver.Drop} {
			if srv.Faults(f) == 0 {
				t.Errorf("fault %s never injected", f)
			}
		}
		t.Logf("%d requests for 300 items", srv.Requests())
	})
}

// TestProbeRetried (row 5): a connection reset or a 5xx on GET /v1/models
// is asked again before the run gives up; three in a row end it.
func TestProbeRetried(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		for _, tc := range []struct {
			fails int
			ok    bool
		}{{1, true}, {3, true}, {4, false}} {
			srv := fakeserver.NewPipe()
			srv.ModelsFault = func(n int64) fakeserver.Fault {
				switch {
				case n == 1:
					return fakeserver.Drop // a reset connection (a new one: not retried by net/http)
				case int(n) <= tc.fails:
					return fakeserver.ServerErr
				}
				return fakeserver.None
			}
			b := &fakeBench{n: 3}
			_, err := run.Run(context.Background(), config(b, backend(t, "openai:fake-model", srv, b, 1), t.TempDir(), 1))
			srv.Close()
			if (err == nil) != tc.ok || (!tc.ok && !errors.Is(err, run.ErrProbe)) {
				t.Errorf("%d failed GET /models: %v", tc.fails, err)
			}
		}
	})
}

// TestRateLimitBurstShared (row 6): 100 consecutive 429s (Retry-After: 1)
// at concurrency 16 pause every worker together: no item ends in error,
// and the burst costs one Retry-After per round of up to 16 requests (at
// least 7 rounds; a worker woken after its round's first 429 waits for the
// next, so a few more), not a retry budget spent request by request.
func TestRateLimitBurstShared(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		srv := fakeserver.NewPipe()
		defer srv.Close()
		srv.RetryAfter = "1"
		srv.Fault = func(n int64, r *fakeserver.Request) fakeserver.Fault {
			if n <= 100 {
				return fakeserver.RateLimit
			}
			return fakeserver.None
		}
		b := &fakeBench{n: 64}
		dir := t.TempDir()
		cfg := config(b, backend(t, "openai:fake-model", srv, b, 16), dir, 1)
		cfg.Concurrency = 16
		t0 := time.Now()
		if _, err := run.Run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		d := time.Since(t0)
		everyReply(t, dir, 64)
		if d < 7*time.Second || d > 14*time.Second {
			t.Errorf("the burst took %v, want 7 to 14 s (rounds of up to 16 requests paused 1 s each)", d)
		}
		t.Logf("100 consecutive 429s at concurrency 16: %v", d)
		if srv.Requests() != 164 {
			t.Errorf("%d requests, want 164", srv.Requests())
		}
	})
}

// TestMaxCostWaitsForInFlight (row 4): at concurrency 64, the requests in
// flight are held at their worst case (the token limit) but cost much less;
// the run waits for them before deciding that a request does not fit, and
// so ends within one request's worst case of the cap.
func TestMaxCostWaitsForInFlight(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		srv := fakeserver.NewPipe()
		defer srv.Close()
		srv.Latency = 100 * time.Millisecond
		b := &fakeBench{n: 3000}
		dir := t.TempDir()
		cfg := config(b, backendMax(t, srv, 100, 64), dir, 1)
		cfg.Concurrency = 64
		// 1 cent a token: a reply costs about 6 cents, its worst case $1.44.
		cfg.Prices = run.Prices{"fake-*": {Prompt: 1e4, Completion: 1e4}}
		cfg.MaxCost = 20
		rep, err := run.Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		worst := 1.5 // a prompt of under 30 bytes, plus 16, and 100 tokens, at 1 cent
		if !strings.Contains(rep.Results.Stopped, "max-cost") || rep.Results.Cost > cfg.MaxCost || rep.Results.Cost < cfg.MaxCost-worst {
			t.Fatalf("stopped %q at $%.2f of a $%g cap (want within $%g of it)", rep.Results.Stopped, rep.Results.Cost, cfg.MaxCost, worst)
		}
		t.Logf("concurrency 64: $%.4f spent of a $%g cap (%.1f%%), %d samples", rep.Results.Cost, cfg.MaxCost, 100*rep.Results.Cost/cfg.MaxCost, rep.Results.Samples)
	})
}

// logBackend is a backend whose every request makes net/http's Transport
// complain through the standard logger, as it does when a server sends
// more bytes than its Content-Length ("Unsolicited response received on
// idle HTTP channel starting with ...", net/http/transport.go, readLoop).
type logBackend struct{}

func (logBackend) Spec() string              { return "log:test" }
func (logBackend) Model() string             { return "" }
func (logBackend) Servers() int              { return 1 }
func (logBackend) MaxN() int                 { return 1 }
func (logBackend) Canonical() map[string]any { return map[string]any{"model": "log"} }
func (logBackend) Do(ctx context.Context, _ int, req model.Request) (model.Response, error) {
	log.Printf("Unsolicited response received on idle HTTP channel starting with \"x\"; err=<nil>")
	return model.Response{Choices: []model.Choice{{Reply: "The answer is 1.", FinishReason: "stop"}}}, nil
}

// TestLibraryLogToRunLog (row 9): what net/http writes to the standard
// logger during a run goes to the run's run.log, never to stderr.
func TestLibraryLogToRunLog(t *testing.T) {
	var stderr strings.Builder
	prev := log.Writer()
	log.SetOutput(&stderr)
	defer log.SetOutput(prev)
	b := &fakeBench{n: 3}
	dir := t.TempDir()
	if _, err := run.Run(context.Background(), config(b, logBackend{}, dir, 1)); err != nil {
		t.Fatal(err)
	}
	if stderr.Len() != 0 {
		t.Errorf("library lines on stderr: %q", stderr.String())
	}
	got, _ := os.ReadFile(filepath.Join(dir, run.LogFile))
	if n := strings.Count(string(got), "Unsolicited response"); n != 3 {
		t.Errorf("run.log has %d library lines, want 3:\n%s", n, got)
	}
	log.Print("after")
	if !strings.Contains(stderr.String(), "after") {
		t.Errorf("the standard logger was not given back after the run: %q", stderr.String())
	}
}

// probeLogBackend is logBackend with a server check whose GET /models
// makes net/http log a line, as the Transport does when the server's
// /v1/models body is longer than its Content-Length (readLoop logs
// "Unsolicited response received on idle HTTP channel" once the
// connection is idle again). The check happens before the run directory
// exists. With fail set the check fails with a 404, so the run stops
// before it has a directory.
type probeLogBackend struct {
	logBackend
	fail bool
}

func (probeLogBackend) ServerURL(int) string { return "http://127.0.0.1:1/v1" }
func (b probeLogBackend) ListModels(context.Context, int) (json.RawMessage, error) {
	log.Printf("Unsolicited response received on idle HTTP channel starting with \"{\\\"data\\\"\"; err=<nil>")
	if b.fail {
		return nil, &model.Error{Status: 404, Msg: "404 page not found"}
	}
	return json.RawMessage(`{"object":"list","data":[{"id":"log","object":"model"}]}`), nil
}

// TestLibraryLogBeforeRunDir (row 9): a library line logged during the
// server check, before the run directory exists, is kept and written to
// run.log once the directory is there, before the run's own lines; none
// reaches the standard logger's output (stderr).
func TestLibraryLogBeforeRunDir(t *testing.T) {
	var stderr strings.Builder
	prev := log.Writer()
	log.SetOutput(&stderr)
	defer log.SetOutput(prev)
	b := &fakeBench{n: 2}
	dir := filepath.Join(t.TempDir(), "run")
	if _, err := run.Run(context.Background(), config(b, probeLogBackend{}, dir, 1)); err != nil {
		t.Fatal(err)
	}
	if stderr.Len() != 0 {
		t.Errorf("library lines on stderr: %q", stderr.String())
	}
	got, _ := os.ReadFile(filepath.Join(dir, run.LogFile))
	lines := strings.Split(strings.TrimSpace(string(got)), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], `starting with "{\"data\""`) {
		t.Fatalf("run.log: want the server check's line first, then one per request (3 lines):\n%s", got)
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "library (net/http): ") || !strings.Contains(l, "Unsolicited response") {
			t.Errorf("run.log line %q: want the library's line, marked as the library's", l)
		}
	}
}

// TestLibraryLogRunWithoutDir (row 9): a run that stops at the server
// check has no directory and leaves none; the library's lines from the
// check come with the run's own warnings (cfg.Log), marked, and not
// through the standard logger.
func TestLibraryLogRunWithoutDir(t *testing.T) {
	var stderr strings.Builder
	prev := log.Writer()
	log.SetOutput(&stderr)
	defer log.SetOutput(prev)
	b := &fakeBench{n: 2}
	dir := filepath.Join(t.TempDir(), "run")
	var warnings strings.Builder
	cfg := config(b, probeLogBackend{fail: true}, dir, 1)
	cfg.Log = &warnings
	_, err := run.Run(context.Background(), cfg)
	if !errors.Is(err, run.ErrProbe) {
		t.Fatalf("err %v, want the server check's", err)
	}
	if stderr.Len() != 0 {
		t.Errorf("library lines through the standard logger: %q", stderr.String())
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("a run that stopped at the check left %s (%v)", dir, err)
	}
	var marked []string
	for _, l := range strings.Split(warnings.String(), "\n") {
		if strings.Contains(l, "Unsolicited response") {
			marked = append(marked, l)
		}
	}
	if len(marked) != 1 || !strings.HasPrefix(marked[0], "matheval: library (net/http): ") {
		t.Errorf("the run's warnings: want the check's library line once, marked:\n%s", warnings.String())
	}
	log.Print("after")
	if !strings.Contains(stderr.String(), "after") {
		t.Errorf("the standard logger was not given back after the run: %q", stderr.String())
	}
}

// TestStaleTempRemoved (row 7): the temporary files a killed run left are
// removed by the next run, which completes.
func TestStaleTempRemoved(t *testing.T) {
	srv := fakeserver.New()
	defer srv.Close()
	b := &fakeBench{n: 5}
	dir := t.TempDir()
	// Files this run does not write again (it writes no judge journal and
	// no report), so only the clean-up can remove them.
	for _, n := range []string{"." + rundir.JudgeJournalFile + ".tmp", ".report.html.tmp"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("half a file"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var logw strings.Builder
	cfg := config(b, backend(t, "openai:fake-model", srv, b, 2), dir, 1)
	cfg.Log = &logw
	if _, err := run.Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	if len(left) != 0 {
		t.Errorf("left: %v", left)
	}
	if !strings.Contains(logw.String(), "removed .") {
		t.Errorf("no line about the removed files: %q", logw.String())
	}
	everyReply(t, dir, 5)
}

var _ bench.Benchmark = (*fakeBench)(nil)
