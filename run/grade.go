package run

import (
	"fmt"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/rundir"
)

// RegradeReport says what Regrade changed.
type RegradeReport struct {
	Results rundir.Results
	Changed int // samples whose verdict kind or score changed
}

// Regrade grades the replies of the run in dir again with the current
// grader of b and rewrites samples.jsonl and results.json. It sends no
// request: samples whose request failed keep their error verdict.
func Regrade(dir string, b bench.Benchmark) (RegradeReport, error) {
	var rep RegradeReport
	man, err := rundir.ReadManifest(dir)
	if err != nil {
		return rep, err
	}
	if man.Benchmark != b.Name() {
		return rep, fmt.Errorf("%s: a run of %q, not %q", dir, man.Benchmark, b.Name())
	}
	recs, err := rundir.ReadSamples(dir)
	if err != nil {
		return rep, err
	}
	items := make([]bench.Item, len(recs))
	for i := range recs {
		items[i] = recs[i].Item
	}
	// AMPS writes MATH's records: a MATH run of an AMPS file is fine.
	if err := bench.RefuseOtherItems(b.Name(), items, "amps"); err != nil {
		return rep, fmt.Errorf("%s: %v: its samples were not written by a %s run", dir, err, bench.DisplayName(b.Name()))
	}
	planned, stopped := len(recs), ""
	if old, err := rundir.ReadResults(dir); err == nil {
		planned, stopped = old.Planned, old.Stopped
		if planned == 0 {
			planned = len(recs)
		}
	}
	ptrs := make([]*rundir.SampleRecord, len(recs))
	for i := range recs {
		rec := &recs[i]
		ptrs[i] = rec
		if rec.Verdict.Kind == answer.Error {
			continue
		}
		v := Grade(b, rec.Item, rec.Reply, rec.FinishReason)
		if v.Kind != rec.Verdict.Kind || v.Score != rec.Verdict.Score {
			rep.Changed++
		}
		rec.Verdict = v
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
