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

// Summarize reports, over the problems whose statement is usable:
// "proved" (pass@1: the share of samples with a verified proof, averaged
// over problems) and the mean length of the accepted proofs, overall, by
// split, by source (the paper's rows) and by source and MATH level; with
// several samples per problem, pass@k (Chen et al.'s unbiased estimator;
// k = 1, 8 and the number of samples) by split and source; and the list of
// data errors, which every figure leaves out.
func (b *Bench) Summarize(samples []bench.Sample) bench.Summary {
	var usable []bench.Sample
	for _, s := range samples {
		if !isDataError(s) {
			usable = append(usable, s)
		}
	}
	results := ResultsFromSamples(samples)
	track := ""
	if len(samples) > 0 {
		track = samples[0].Item.Meta["track"]
	}
	unit := map[string]string{TrackMetamath: "proof steps", TrackHOL: "tactics", TrackLean: "lines"}[track]
	sb := bench.NewBuilder(usable).NoMajority() // proofs are checked one by one, not voted on
	proved := bench.Correct
	sb.Metric(bench.Metric{Name: "proved", Label: "proved (pass@1)", Unit: bench.Percent, Measure: &proved,
		Definition: "the share of a problem's samples whose proof the verifier accepted, averaged over the problems with a usable statement: pass@1"})
	length := bench.Measure{Of: "metric:proof_length"}
	sb.Metric(bench.Metric{Name: "proof_length", Label: "proof length (" + unit + ")", Unit: bench.Number, Measure: &length,
		Definition: "the mean length of a problem's accepted proofs (" + unit + "), averaged over the problems with an accepted proof"})
	sb.Headline("proved", "proof_length")
	all := Summarise(results, nil)
	sb.Add(bench.Metric{Name: "data_errors", Label: "data errors", Unit: bench.Number,
		Estimate:   bench.Estimate{N: all.All.Problems + all.All.DataErrors, Value: float64(all.All.DataErrors)},
		Definition: "statements that cannot be proved as given (they do not parse or type-check, are not closed, or are false), left out of every other figure"})
	bySplit := sb.Breakdown("by_split", "miniF2F "+track+": proved by split", []string{"split"}, sb.ByMeta("split", nil, splitLess), "proved", "proof_length")
	sb.Table(sb.BreakdownTable(bySplit, true))
	order := map[string]int{}
	for i, src := range Sources {
		order[src] = i
	}
	sources := sb.ByMeta("source", SourceLabel, func(x, y string) bool { return order[x] < order[y] })
	bySource := sb.Breakdown("by_source", "miniF2F "+track+": proved by source", []string{"source"}, sources, "proved", "proof_length")
	sb.Table(sb.BreakdownTable(bySource, true))
	levels := sb.ByMeta("level", func(l string) string { return "Level " + l }, nil)
	if len(levels) > 0 {
		var mathSources []bench.GroupDef
		for _, g := range sources {
			if g.Key == SourceMATHAlgebra || g.Key == SourceMATHNumberTheory {
				mathSources = append(mathSources, g)
			}
		}
		byLevel := sb.Breakdown("by_level", "miniF2F "+track+": MATH-derived problems by level", []string{"source", "level"},
			bench.Cross(mathSources, levels), "proved", "proof_length")
		sb.Table(sb.BreakdownTable(byLevel, false))
	}
	usableResults := ResultsFromSamples(usable)
	if n := minSamples(usableResults); n > 1 {
		sb.Table(passAtKTable(track, usableResults, Ks(n)))
	}
	var errs [][]string
	for _, r := range results {
		if r.DataError != "" {
			errs = append(errs, []string{r.Split + "/" + r.Name, r.DataError})
		}
	}
	if len(errs) > 0 {
		sb.Table(bench.Table{Name: "data_errors", Title: "Statements that cannot be proved as given (left out of every figure)",
			Columns: []string{"problem", "why"}, Rows: errs, Shows: []string{"data_errors"}})
		sb.Note(fmt.Sprintf("%d of %d statements are data errors (listed in their table) and are left out of every figure.",
			len(errs), len(results)))
	}
	return sb.Summary()
}

// passAtKTable shows pass@k by split and by source: the paper's figures
// for several samples per problem.
func passAtKTable(track string, results []ProblemResult, ks []int) bench.Table {
	bd := Summarise(results, ks)
	t := bench.Table{Name: "pass_at_k", Title: "miniF2F " + track + ": pass@k by split and source", Main: true,
		Columns: []string{"group", "problems", "solved"},
		Notes:   []string{"pass@k: the chance that at least one of k samples of a problem is proved (the unbiased estimator of Chen et al. 2021 over each problem's samples), averaged over the group's problems; solved: problems with at least one accepted proof."}}
	for _, k := range ks {
		t.Columns = append(t.Columns, fmt.Sprintf("pass@%d %%", k))
	}
	row := func(label string, g Group) {
		r := []string{label, fmt.Sprint(g.Problems), fmt.Sprint(g.Solved)}
		for _, k := range ks {
			r = append(r, fmt.Sprintf("%.1f", 100*g.PassAtK[fmt.Sprintf("pass@%d", k)]))
		}
		t.Rows = append(t.Rows, r)
	}
	for _, g := range bd.BySplit {
		row("split "+g.Key, g)
	}
	for _, g := range bd.BySource {
		row(SourceLabel(g.Key), g)
	}
	row("all", bd.All)
	return t
}

// isDataError reports whether a sample's item is a statement that cannot
// be proved as given.
func isDataError(s bench.Sample) bool {
	if _, ok := s.Item.Extra["data_error"].(string); ok {
		return true
	}
	return s.Verdict.Metrics["data_error"] == 1
}

// splitLess puts valid before test, as the paper's tables do.
func splitLess(x, y string) bool {
	rank := func(s string) int {
		switch s {
		case "valid":
			return 0
		case "test":
			return 1
		}
		return 2
	}
	if rank(x) != rank(y) {
		return rank(x) < rank(y)
	}
	return x < y
}

func cutLast(s, sep string) (string, string, bool) {
	for i := len(s) - len(sep); i >= 0; i-- {
		if s[i:i+len(sep)] == sep {
			return s[:i], s[i+len(sep):], true
		}
	}
	return s, "", false
}
