package minif2f

import (
	"fmt"
	"sort"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
)

// The figures of a run are computed by plain functions over ProblemResult
// (ResultsFromSamples, Ks, Summarise), so that any results model can
// render them; Summarize only turns them into the benchmark's tables.

// ResultsFromSamples groups graded samples by problem, in the order the
// problems first appear. A sample's verdict counts as verified only when
// it is correct; a problem is a data error when its item says so.
func ResultsFromSamples(samples []bench.Sample) []ProblemResult {
	index := map[string]int{}
	var out []ProblemResult
	for _, s := range samples {
		it := s.Item
		i, ok := index[it.ID]
		if !ok {
			i = len(out)
			index[it.ID] = i
			name := it.Meta["name"]
			if name == "" {
				name = it.ID
			}
			r := ProblemResult{Name: name, Split: it.Meta["split"], Source: it.Meta["source"], Level: it.Meta["level"]}
			if msg, ok := it.Extra["data_error"].(string); ok {
				r.DataError = msg
			}
			out = append(out, r)
		}
		r := &out[i]
		if s.Verdict.Metrics["data_error"] == 1 && r.DataError == "" {
			r.DataError = s.Verdict.Reason
		}
		v := Verdict{OK: s.Verdict.Kind == answer.Correct, Reason: s.Verdict.Reason}
		if v.OK {
			v.Steps = int(s.Verdict.Metrics["proof_length"])
			r.Correct++
		}
		r.Verdicts = append(r.Verdicts, v)
	}
	return out
}

// Ks picks the k of pass@k for n samples per problem: 1, the paper's 8
// when there are at least 8, and n itself.
func Ks(n int) []int {
	ks := []int{1}
	if n >= 8 {
		ks = append(ks, 8)
	}
	if n > 1 && n != 8 {
		ks = append(ks, n)
	}
	return ks
}

// Breakdown is a run's figures: over all problems, by split, by source
// (the paper's Table 1 rows) and by source and MATH level.
type Breakdown struct {
	Ks       []int   `json:"ks"`
	All      Group   `json:"all"`
	BySplit  []Group `json:"by_split"`
	BySource []Group `json:"by_source"`
	ByLevel  []Group `json:"by_level,omitempty"` // keys "math-algebra/3"
}

// Summarise computes the breakdown of results for the given k.
func Summarise(results []ProblemResult, ks []int) Breakdown {
	b := Breakdown{Ks: ks, All: summarise("all", results, ks)}
	b.BySplit = groupBy(results, ks, func(r ProblemResult) string { return r.Split })
	b.BySource = groupBy(results, ks, func(r ProblemResult) string { return r.Source })
	order := map[string]int{}
	for i, s := range Sources {
		order[s] = i
	}
	sort.SliceStable(b.BySource, func(i, j int) bool { return order[b.BySource[i].Key] < order[b.BySource[j].Key] })
	var leveled []ProblemResult
	for _, r := range results {
		if r.Level != "" {
			leveled = append(leveled, r)
		}
	}
	if len(leveled) > 0 {
		b.ByLevel = groupBy(leveled, ks, func(r ProblemResult) string { return r.Source + "/" + r.Level })
	}
	return b
}

// minSamples is the fewest samples any usable problem has.
func minSamples(results []ProblemResult) int {
	n := 0
	for _, r := range results {
		if r.DataError != "" {
			continue
		}
		if n == 0 || len(r.Verdicts) < n {
			n = len(r.Verdicts)
		}
	}
	return n
}

// Summarize computes pass@k (Chen et al.'s unbiased estimator over each
// problem's samples) per split, per source and per MATH level, the mean
// length of the accepted proofs, and the data errors.
func (b *Bench) Summarize(samples []bench.Sample) bench.Summary {
	results := ResultsFromSamples(samples)
	ks := Ks(minSamples(results))
	bd := Summarise(results, ks)
	sum := bench.Summary{Metrics: map[string]float64{}}
	for _, k := range ks {
		name := fmt.Sprintf("pass@%d", k)
		sum.Metrics[name] = bd.All.PassAtK[name]
	}
	sum.Metrics["problems"] = float64(bd.All.Problems)
	sum.Metrics["solved"] = float64(bd.All.Solved)
	sum.Metrics["data_errors"] = float64(bd.All.DataErrors)
	sum.Metrics["accepted_proofs"] = float64(bd.All.Accepted)
	if bd.All.Accepted > 0 {
		sum.Metrics["mean_proof_length"] = bd.All.MeanProofLength
	}
	track := ""
	if len(samples) > 0 {
		track = samples[0].Item.Meta["track"]
	}
	unit := map[string]string{TrackMetamath: "proof steps", TrackHOL: "tactics", TrackLean: "lines"}[track]
	columns := []string{"problems", "data errors", "solved"}
	for _, k := range ks {
		columns = append(columns, fmt.Sprintf("pass@%d", k))
	}
	columns = append(columns, "accepted proofs", "mean length ("+unit+")")
	row := func(label string, g Group) []string {
		r := []string{label, fmt.Sprint(g.Problems), fmt.Sprint(g.DataErrors), fmt.Sprint(g.Solved)}
		for _, k := range ks {
			r = append(r, fmt.Sprintf("%.1f%%", 100*g.PassAtK[fmt.Sprintf("pass@%d", k)]))
		}
		length := "-"
		if g.Accepted > 0 {
			length = fmt.Sprintf("%.1f", g.MeanProofLength)
		}
		return append(r, fmt.Sprint(g.Accepted), length)
	}
	split := bench.Table{Name: "by_split", Title: "miniF2F " + track + ": pass@k by split", Columns: append([]string{"split"}, columns...)}
	for _, g := range bd.BySplit {
		split.Rows = append(split.Rows, row(g.Key, g))
	}
	split.Rows = append(split.Rows, row("all", bd.All))
	source := bench.Table{Name: "by_source", Title: "miniF2F " + track + ": pass@k by source", Columns: append([]string{"source"}, columns...)}
	for _, g := range bd.BySource {
		source.Rows = append(source.Rows, row(SourceLabel(g.Key), g))
	}
	sum.Tables = []bench.Table{split, source}
	if len(bd.ByLevel) > 0 {
		level := bench.Table{Name: "by_level", Title: "miniF2F " + track + ": MATH-derived problems by level", Columns: append([]string{"source, level"}, columns...)}
		for _, g := range bd.ByLevel {
			src, lv, _ := cutLast(g.Key, "/")
			level.Rows = append(level.Rows, row(fmt.Sprintf("%s, Level %s", SourceLabel(src), lv), g))
		}
		sum.Tables = append(sum.Tables, level)
	}
	var errs [][]string
	for _, r := range results {
		if r.DataError != "" {
			errs = append(errs, []string{r.Split + "/" + r.Name, r.DataError})
		}
	}
	if len(errs) > 0 {
		sum.Tables = append(sum.Tables, bench.Table{Name: "data_errors", Title: "Statements that cannot be proved as given (left out of pass@k)",
			Columns: []string{"problem", "why"}, Rows: errs})
	}
	return sum
}

func cutLast(s, sep string) (string, string, bool) {
	for i := len(s) - len(sep); i >= 0; i-- {
		if s[i:i+len(sep)] == sep {
			return s[:i], s[i+len(sep):], true
		}
	}
	return s, "", false
}
