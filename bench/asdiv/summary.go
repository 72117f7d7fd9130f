package asdiv

import (
	"fmt"
	"math"
	"strconv"

	"github.com/matheval/matheval/bench"
)

// foldSchemes are the fold keys a run may carry, in the order the
// summary looks for them: the authors' ASDiv-W and ASDiv-A folds, then our
// own seeded per-type folds.
var foldSchemes = []struct{ key, name string }{
	{"fold", "the authors' ASDiv-W folds"},
	{"fold_a", "the authors' ASDiv-A folds"},
	{"type_fold", "the seeded per-type folds"},
}

// Summarize reports accuracy overall, by grade, by the paper's three
// categories of problem types and by problem type (the paper's Tables 5
// and 6), and, when the samples span more than one fold,
// by fold with the folds' mean and standard deviation (the paper's 5-fold
// figures).
func (b *Benchmark) Summarize(samples []bench.Sample) bench.Summary {
	sb := bench.NewBuilder(samples)
	score := bench.Score
	sb.Metric(bench.Metric{Name: "accuracy", Label: "accuracy", Unit: bench.Percent, Measure: &score,
		Definition: "the share of problems whose answer matches the annotated answer (with several samples per problem: the mean over its samples)"})
	grade := sb.Breakdown("by_grade", "Accuracy by grade", []string{"grade"},
		sb.ByMeta("grade", func(g string) string { return "grade " + g }, nil), "accuracy")
	cat := sb.Breakdown("by_category", "Accuracy by problem-type category", []string{"category"}, categoryGroups(sb), "accuracy")
	typ := sb.Breakdown("by_type", "Accuracy by problem type", []string{"type"}, sb.ByMeta("type", nil, nil), "accuracy")
	sb.Table(sb.BreakdownTable(grade, true))
	ct := sb.BreakdownTable(cat, true)
	ct.Notes = []string{CategoryNote}
	sb.Table(ct)
	sb.Table(sb.BreakdownTable(typ, true))
	for _, f := range foldSchemes {
		groups := sb.ByMeta(f.key, func(k string) string { return "fold " + k }, nil)
		if len(groups) < 2 {
			continue
		}
		bd := sb.Breakdown("by_"+f.key, "Accuracy by fold ("+f.name+")", []string{f.key}, groups, "accuracy")
		var accs []float64
		for _, g := range bd.Groups {
			accs = append(accs, g.Values["accuracy"].Value)
		}
		mean, sd := meanSD(accs)
		n := len(accs)
		sb.Add(bench.Metric{Name: "fold_mean_accuracy", Label: "mean accuracy over folds", Unit: bench.Percent,
			Estimate:   bench.Estimate{N: n, Value: mean},
			Definition: fmt.Sprintf("the mean of the %d folds' accuracies (%s; n: folds)", n, f.name)})
		sb.Add(bench.Metric{Name: "fold_sd_accuracy", Label: "standard deviation over folds", Unit: bench.Percent,
			Estimate:   bench.Estimate{N: n, Value: sd},
			Definition: fmt.Sprintf("the sample standard deviation of the %d folds' accuracies (n: folds)", n)})
		t := sb.BreakdownTable(bd, true)
		t.Shows = []string{"fold_mean_accuracy", "fold_sd_accuracy"}
		t.Rows = append(t.Rows, []string{"mean ± sd over folds", strconv.Itoa(n) + " folds",
			fmt.Sprintf("%.1f ± %.1f", 100*mean, 100*sd)})
		sb.Table(t)
		break // the first fold scheme present is the one the run used
	}
	return sb.Summary()
}

// meanSD returns the mean and the sample standard deviation of xs.
func meanSD(xs []float64) (float64, float64) {
	var sum float64
	for _, x := range xs {
		sum += x
	}
	mean := sum / float64(len(xs))
	if len(xs) < 2 {
		return mean, 0
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / float64(len(xs)-1))
}
