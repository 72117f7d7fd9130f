package hardmath

import (
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

	types, regimes := typeGroups(sb.Items())
	bt := sb.Breakdown("by_type", "HARDMath by question type", []string{"type"}, types, "partial_credit", "full_credit")
	sb.Table(sb.BreakdownTable(bt, true))
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
