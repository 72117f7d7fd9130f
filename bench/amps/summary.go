package amps

import (
	"strings"

	"github.com/matheval/matheval/bench"
)

// Summarize implements bench.Benchmark as MATH does its subjects and
// levels: accuracy with its interval, by area, by level, by area and level,
// by module and, when the samples mix them, by split (interpolate against
// extrapolate); the builder adds pass@k, maj@k and mean@k when items have
// several samples.
func (*Benchmark) Summarize(samples []bench.Sample) bench.Summary {
	sb := bench.NewBuilder(samples)
	score := bench.Score
	sb.Metric(bench.Metric{Name: "accuracy", Label: "accuracy", Unit: bench.Percent, Measure: &score,
		Definition: "the share of problems whose final answer is equivalent to the generated exact answer " +
			"(with several samples per problem: the mean over its samples, i.e. mean@k over all k)"})
	area := sb.ByMeta("area", nil, areaLess)
	lvl := sb.ByMeta("level", levelLabel, bench.IntLess)
	mods := sb.ByMeta("module", nil, moduleLess(samples))
	ba := sb.Breakdown("by_area", "Accuracy by area", []string{"area"}, area, "accuracy")
	bl := sb.Breakdown("by_level", "Accuracy by level", []string{"level"}, lvl, "accuracy")
	bx := sb.Breakdown("by_area_level", "Accuracy by area and level", []string{"area", "level"}, bench.Cross(area, lvl), "accuracy")
	bm := sb.Breakdown("by_module", "Accuracy by module", []string{"module"}, mods, "accuracy")
	sb.Table(sb.BreakdownTable(ba, true))
	sb.Table(sb.BreakdownTable(bl, true))
	sb.Table(sb.Pivot(bx, "accuracy", false))
	sb.Table(sb.BreakdownTable(bm, false))
	if splits := sb.ByMeta("split", nil, nil); len(splits) > 1 {
		bs := sb.Breakdown("by_split", "Accuracy by split", []string{"split"}, splits, "accuracy")
		sb.Table(sb.BreakdownTable(bs, true))
	}
	return sb.Summary()
}

// areaLess orders areas as the catalogue does (others after, by name).
var areaLess = bench.ListedFirst(Areas, nil)

// moduleLess orders modules by area, then by name.
func moduleLess(samples []bench.Sample) func(a, b string) bool {
	areaOf := map[string]string{}
	for _, s := range samples {
		areaOf[s.Item.Meta["module"]] = s.Item.Meta["area"]
	}
	return func(a, b string) bool {
		if areaOf[a] != areaOf[b] {
			return areaLess(areaOf[a], areaOf[b])
		}
		return a < b
	}
}

func levelLabel(l string) string {
	if strings.HasPrefix(l, "Level") {
		return l
	}
	return "Level " + l
}
