package hardmath

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/matheval/matheval/bench"
)

// typeLabels name the question types as the paper's tables do.
var typeLabels = map[string]string{
	"ODE": "ODE", "integral/laplace": "integral, Laplace", "integral/traditional": "integral, traditional",
	"nondimensionalization_numeric": "nondimensionalization, numeric", "nondimensionalization_symbolic": "nondimensionalization, symbolic",
	"polynomial_roots": "polynomial roots",
}

// regimeLabels name the regimes (the parts of a verdict).
var regimeLabels = map[string]string{
	"small_eps": "small ε", "intermediate_eps": "intermediate ε", "large_eps": "large ε",
	"small_x": "small x", "large_x": "large x", "epsilon": "ε",
}

// regimeRank orders regimes from small to large.
func regimeRank(r string) int {
	switch {
	case strings.HasPrefix(r, "small"):
		return 0
	case strings.HasPrefix(r, "intermediate"):
		return 1
	case strings.HasPrefix(r, "large"):
		return 2
	}
	return 3
}

// Summarize implements bench.Benchmark. The headline is accuracy with
// partial credit (the paper's: each regime of a question earns an equal
// share of its credit); accuracy with full credit (every regime right)
// comes second. Both are given by question type; the credit of each regime
// by type and regime.
func (b *Benchmark) Summarize(samples []bench.Sample) bench.Summary {
	sb := bench.NewBuilder(samples)
	score, correct := bench.Score, bench.Correct
	sb.Metric(bench.Metric{Name: "partial_credit", Label: "accuracy (partial credit)", Unit: bench.Percent, Measure: &score,
		Definition: "the mean credit per question: each regime's answer earns an equal share of the question's credit (the paper's accuracy); with several samples, the mean over them"})
	sb.Metric(bench.Metric{Name: "full_credit", Label: "accuracy (full credit)", Unit: bench.Percent, Measure: &correct,
		Definition: "the share of questions with every regime's answer right"})
	sb.Headline("partial_credit", "full_credit")
	cols := []string{"partial_credit", "full_credit"}
	if hasPaperMode(samples) {
		sb.Metric(bench.Metric{Name: "paper_mode", Label: "accuracy, paper mode", Unit: bench.Percent,
			Measure: ptr(bench.VerdictMetric(PaperMetric, 0)),
			Definition: "the mean credit as the paper's judge was told to give it: against the released answers (no quadrature), " +
				"each regime 0, 0.5 or 1 (roots: the share matched), a Laplace integral's working half credit at the rubric's checkpoint"})
		sb.Metric(bench.Metric{Name: "gap_paper_mode", Label: "gap, matheval − paper mode", Unit: bench.Percent,
			Measure:    ptr(bench.VerdictMetric(PaperGapMetric, 0)),
			Definition: "matheval's partial credit minus the paper mode's, in percentage points, with a paired interval (both come from the same replies)"})
		cols = append(cols, "paper_mode", "gap_paper_mode")
	}

	types, regimes := typeGroups(sb.Items())
	bt := sb.Breakdown("by_type", "HARDMath by question type", []string{"type"}, types, cols...)
	sb.Table(sb.BreakdownTable(bt, true))
	bp := sb.Breakdown("by_paper_type", "HARDMath by the paper's four types", []string{"paper type"}, paperTypeGroups, cols...)
	tp := sb.BreakdownTable(bp, true)
	tp.Notes = []string{paperWeightedNote(bp, cols)}
	sb.Table(tp)
	br := sb.Breakdown("by_type_regime", "HARDMath by question type and regime",
		[]string{"type", "regime"}, regimes, "partial_credit")
	t := sb.BreakdownTable(br, true)
	t.Columns[len(t.Columns)-1] = "credit % [95% CI]"
	t.Notes = []string{"credit: the share of the regime's answers judged right (within 10% of the numerical solution at the regime's point, or symbolically equal)."}
	sb.Table(t)
	return sb.Summary()
}

// typeGroups makes the groups by question type (type and subtype) and by
// type and regime, in name order.
func typeGroups(items []bench.ItemSamples) (types, regimes []bench.GroupDef) {
	type key struct{ typ, sub string }
	seen := map[key]map[string]bool{}
	var keys []key
	for _, it := range items {
		k := key{it.Item.Meta["type"], it.Item.Meta["subtype"]}
		if _, ok := seen[k]; !ok {
			seen[k] = map[string]bool{}
			keys = append(keys, k)
		}
		for _, s := range it.Samples {
			for p := range s.Verdict.Parts {
				seen[k][p] = true
			}
		}
	}
	name := func(k key) string {
		if k.sub != "" {
			return k.typ + "/" + k.sub
		}
		return k.typ
	}
	sort.Slice(keys, func(i, j int) bool { return name(keys[i]) < name(keys[j]) })
	for _, k := range keys {
		where := map[string][]string{"type": {k.typ}}
		if k.sub != "" {
			where["subtype"] = []string{k.sub}
		}
		label := typeLabels[name(k)]
		if label == "" {
			label = strings.ReplaceAll(name(k), "_", " ")
		}
		types = append(types, bench.GroupDef{Key: name(k), Label: label, Where: where})
		var rs []string
		for r := range seen[k] {
			rs = append(rs, r)
		}
		sort.Slice(rs, func(i, j int) bool {
			if a, b := regimeRank(rs[i]), regimeRank(rs[j]); a != b {
				return a < b
			}
			return rs[i] < rs[j]
		})
		for _, r := range rs {
			rl := regimeLabels[r]
			if rl == "" {
				rl = strings.ReplaceAll(r, "_", " ")
			}
			m := bench.Part(r)
			regimes = append(regimes, bench.GroupDef{Key: name(k) + "|" + r, Label: label + ", " + rl, Where: where, Measure: &m,
				Labels: []string{label, rl}})
		}
	}
	return types, regimes
}

// paperTypeGroups are the paper's four types, each pooling its question
// types (the paper's tables pool them the same way, PaperCategory).
var paperTypeGroups = []bench.GroupDef{
	{Key: "nondimensionalization", Label: "nondimensionalization", Where: map[string][]string{"type": {TypeNondimSymbolic, TypeNondimNumeric}}},
	{Key: "roots", Label: "polynomial roots", Where: map[string][]string{"type": {TypeRoots, TypeRootCorrections}}},
	{Key: "ode", Label: "ODEs", Where: map[string][]string{"type": {TypeODE}}},
	{Key: "integral", Label: "integrals", Where: map[string][]string{"type": {TypeIntegral}}},
}

// paperWeightedNote states the paper's overall figure: the four types'
// accuracies weighted 129/63/54/120 (PaperWeights), over the types the run
// has, whatever its own mix of types is.
func paperWeightedNote(bd bench.Breakdown, cols []string) string {
	var parts []string
	missing := 0
	for _, c := range cols {
		if strings.HasPrefix(c, "gap_") {
			continue
		}
		sum, wsum := 0.0, 0.0
		for _, g := range bd.Groups {
			e, ok := g.Values[c]
			if !ok || e.N == 0 || math.IsNaN(e.Value) {
				continue
			}
			sum += PaperWeights[g.Key] * e.Value
			wsum += PaperWeights[g.Key]
		}
		if wsum == 0 {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %.1f%%", noteLabels[c], 100*sum/wsum))
	}
	for _, g := range paperTypeGroups {
		found := false
		for _, h := range bd.Groups {
			found = found || h.Key == g.Key
		}
		if !found {
			missing++
		}
	}
	note := "the paper's overall accuracy weights the four types 129/63/54/120 (HARDMath-mini's counts): " + strings.Join(parts, ", ")
	if missing > 0 {
		note += fmt.Sprintf(" (over the types present: %d of the four have no items)", missing)
	}
	return note
}

// noteLabels name the metrics in paperWeightedNote.
var noteLabels = map[string]string{"partial_credit": "partial credit", "full_credit": "full credit", "paper_mode": "paper mode"}

// hasPaperMode reports whether any sample was graded in paper mode too.
func hasPaperMode(samples []bench.Sample) bool {
	for _, s := range samples {
		if _, ok := s.Verdict.Metrics[PaperMetric]; ok {
			return true
		}
	}
	return false
}

func ptr[T any](x T) *T { return &x }
