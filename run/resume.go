package run

import (
	"fmt"
	"path/filepath"

	"github.com/matheval/matheval/rundir"
)

// resume takes the replies of earlier invocations from the journal.
func (r *runner) resume() error {
	cfg := r.cfg
	r.recs = make([][]*rundir.SampleRecord, len(r.items))
	for i := range r.recs {
		r.recs[i] = make([]*rundir.SampleRecord, cfg.Samples)
	}
	jpath := filepath.Join(r.rep.Dir, rundir.JournalFile)
	entries, jwarns, err := loadJournal(jpath)
	if err != nil {
		return err
	}
	for _, w := range jwarns {
		r.warn(w)
	}
	where := make(map[string][2]int, len(r.items)*cfg.Samples)
	for i := range r.keys {
		for s, k := range r.keys[i] {
			where[k] = [2]int{i, s}
		}
	}
	stale := 0
	for k := range entries {
		e := &entries[k]
		pos, ok := where[e.Key]
		if !ok || r.items[pos[0]].ID != e.ID || pos[1] != e.Sample {
			stale++
			continue
		}
		if r.recs[pos[0]][pos[1]] != nil {
			continue // a reply that came twice (resent after a crash): the first wins
		}
		if r.priced {
			// Priced with the current table, so a table given on resume
			// covers the replies of earlier invocations too.
			e.Cost = r.price.Cost(e.Usage)
		}
		rec := r.record(pos[0], pos[1], e)
		r.recs[pos[0]][pos[1]] = rec
		r.spent += e.Cost
		r.rep.Resumed++
		if rec.Verdict.IsCorrect() {
			r.resumedCorrect++
		}
	}
	if stale > 0 {
		r.warn(fmt.Sprintf("%s: %d entries match no request of this run: ignored", jpath, stale))
	}
	if r.rep.Resumed > 0 {
		fmt.Fprintf(r.log, "matheval: resuming: %d of %d done\n", r.rep.Resumed, len(r.items)*cfg.Samples)
	}
	return nil
}

// plan lists the requests still to make: whole items in one request when
// the backend takes n > 1, one sample at a time otherwise.
func (r *runner) plan() {
	cfg := r.cfg
	maxN := cfg.Backend.MaxN()
	for i := range r.items {
		var missing []int
		for s := range cfg.Samples {
			if r.recs[i][s] == nil {
				missing = append(missing, s)
			}
		}
		if len(missing) == cfg.Samples && cfg.Samples > 1 && maxN > 1 {
			for s := 0; s < cfg.Samples; s += maxN {
				r.units = append(r.units, unit{item: i, sample: s, n: min(maxN, cfg.Samples-s)})
			}
			continue
		}
		for _, s := range missing {
			r.units = append(r.units, unit{item: i, sample: s, n: 1})
		}
	}
}
