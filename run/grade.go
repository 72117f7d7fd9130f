package run

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/rundir"
)

// LogFile is the run's log in its directory: what went wrong inside
// matheval during the run (a grader's stack), for a bug report.
const LogFile = "run.log"

// runLog appends to DIR/run.log, created on the first write.
type runLog struct {
	path string
	mu   sync.Mutex
}

func (l *runLog) Write(p []byte) (int, error) {
	if l == nil {
		return len(p), nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	f, err := os.OpenFile(l.path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	return f.Write(p)
}

// Grade grades s.Reply with b and sets s.Verdict and s.Confidence (from
// the logprobs, for benchmarks that have one; -1 otherwise). It is the
// runner's grading boundary: a panic of the benchmark's grader or
// confidence is recovered here, and one that answer.Grade recovered below
// it comes back in the verdict; either way the sample gets
// answer.InternalError's verdict (error, "internal error: ...": a bug of
// ours is neither a wrong answer nor the model's missing one) and the stack
// goes to log, the run's log, with the item and sample it hit. It reports
// whether the grader failed so.
func Grade(ctx context.Context, b bench.Benchmark, s *bench.Sample, log io.Writer) (internal bool) {
	s.Confidence = -1
	defer func() {
		if p := recover(); p != nil {
			s.Verdict = answer.Recovered(p).Verdict()
			s.Confidence = -1
		}
		e := s.Verdict.Internal()
		if e == nil {
			return
		}
		internal = true
		if log != nil {
			fmt.Fprintf(log, "%s grading item %s sample %d: %v\n%s\n", time.Now().UTC().Format(time.RFC3339), s.Item.ID, s.Index, e, e.Stack)
		}
	}()
	s.Verdict = b.Grade(ctx, s.Item, s.Reply, s.FinishReason)
	if c, ok := b.(bench.Confidencer); ok && s.Verdict.Kind != answer.Error {
		s.Confidence = c.Confidence(*s)
	}
	return false
}

// RegradeReport says what Regrade changed.
type RegradeReport struct {
	Results rundir.Results
	Changed int // samples whose verdict kind or score changed
	Failed  int // samples whose request failed (not regraded)
}

// Regrade grades the replies of the run in dir again with the current
// grader of b and rewrites samples.jsonl and results.json. It sends no
// request: samples whose request failed keep their error verdict. A grader
// panic is logged to the run's log, as in a run.
func Regrade(ctx context.Context, dir string, b bench.Benchmark) (RegradeReport, error) {
	var rep RegradeReport
	man, err := rundir.ReadManifest(dir)
	if err != nil {
		return rep, err
	}
	if man.Benchmark != b.Name() {
		return rep, fmt.Errorf("%s: a run of %q, not %q", dir, man.Benchmark, b.Name())
	}
	// No run may write the directory while it is graded again.
	lock, err := rundir.Lock(dir, "matheval grade")
	if err != nil {
		return rep, err
	}
	defer lock.Unlock()
	if err := removeStale(dir, io.Discard); err != nil {
		return rep, err
	}
	recs, err := rundir.ReadSamples(dir)
	if err != nil {
		return rep, err
	}
	items := make([]bench.Item, len(recs))
	for i := range recs {
		items[i] = recs[i].Item
	}
	// A benchmark's shape says which other benchmarks' items it reads
	// (MATH reads AMPS's: bench.Shape.Reads).
	if err := bench.RefuseOtherItems(b.Name(), items); err != nil {
		return rep, fmt.Errorf("%s: %v: its samples were not written by a %s run", dir, err, bench.DisplayName(b.Name()))
	}
	planned, stopped := len(recs), ""
	if old, err := rundir.ReadResults(dir); err == nil {
		planned, stopped = old.Planned, old.Stopped
		if planned == 0 {
			planned = len(recs)
		}
	}
	log := &runLog{path: dir + string(os.PathSeparator) + LogFile}
	ptrs := make([]*rundir.SampleRecord, len(recs))
	for i := range recs {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		rec := &recs[i]
		ptrs[i] = rec
		if rec.Error != "" || rec.Verdict.Kind == answer.Error && rec.Reply == "" {
			rep.Failed++
			continue // no reply to grade
		}
		old := rec.Verdict
		Grade(ctx, b, &rec.Sample, log)
		if rec.Verdict.Kind != old.Kind || rec.Verdict.Score != old.Score {
			rep.Changed++
		}
	}
	rep.Results, err = writeOutputs(dir, b, man.Model, ptrs, planned, stopped)
	if err != nil {
		return rep, err
	}
	man.GraderVersion = graderVersion(b)
	if man.Extra == nil {
		man.Extra = map[string]string{}
	}
	man.Extra["regraded"] = time.Now().UTC().Format(time.RFC3339)
	return rep, rundir.WriteJSON(dir, rundir.ManifestFile, man)
}
