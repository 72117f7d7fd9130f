package amps

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	mathbench "github.com/matheval/matheval/bench/math"
	"github.com/matheval/matheval/stats"
)

// The numbers of a summary are plain functions of the samples (accuracy by
// any meta key, with its bootstrap interval), so that any results model can
// call them; Summarize renders them as MATH does its subjects and levels.

// bootstrapIters and bootstrapSeed fix the intervals: a summary is reproducible.
const (
	bootstrapIters = 1000
	bootstrapSeed  = 2021
)

// Accuracy is a mean score over items with its bootstrap 95% interval.
type Accuracy struct {
	N     int     `json:"n"` // items
	Value float64 `json:"value"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

// itemScores returns each item's mean score over its samples, keyed by the
// item's meta value for key ("" for all), in first-seen order of items.
func itemScores(samples []bench.Sample, key string) map[string][]float64 {
	type acc struct {
		group      string
		sum        float64
		n          int
		firstIndex int
	}
	idx := map[string]*acc{}
	var order []string
	for _, s := range samples {
		a, ok := idx[s.Item.ID]
		if !ok {
			g := ""
			if key != "" {
				g = s.Item.Meta[key]
			}
			a = &acc{group: g}
			idx[s.Item.ID] = a
			order = append(order, s.Item.ID)
		}
		a.sum += s.Verdict.Score
		a.n++
	}
	out := map[string][]float64{}
	for _, id := range order {
		a := idx[id]
		out[a.group] = append(out[a.group], a.sum/float64(a.n))
	}
	return out
}

// AccuracyBy returns the accuracy of the samples grouped by a meta key
// (module, area, level, split), and overall under the key "".
func AccuracyBy(samples []bench.Sample, key string) map[string]Accuracy {
	out := map[string]Accuracy{}
	for g, xs := range itemScores(samples, key) {
		out[g] = accuracyOf(xs)
	}
	if all := itemScores(samples, "")[""]; len(all) > 0 {
		out[""] = accuracyOf(all)
	}
	return out
}

func accuracyOf(xs []float64) Accuracy {
	if len(xs) == 0 {
		return Accuracy{}
	}
	iv := stats.Bootstrap(xs, bootstrapIters, 0.95, bootstrapSeed)
	return Accuracy{N: len(xs), Value: iv.Value, Lo: iv.Lo, Hi: iv.Hi}
}

// AccuracyByTwo returns the accuracy grouped by two meta keys (area and
// level): the map is keyed [value of k1, value of k2].
func AccuracyByTwo(samples []bench.Sample, k1, k2 string) map[[2]string]Accuracy {
	groups := map[[2]string][]bench.Sample{}
	for _, s := range samples {
		k := [2]string{s.Item.Meta[k1], s.Item.Meta[k2]}
		groups[k] = append(groups[k], s)
	}
	out := map[[2]string]Accuracy{}
	for k, ss := range groups {
		out[k] = accuracyOf(itemScores(ss, "")[""])
	}
	return out
}

func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) }

func (a Accuracy) cell() string {
	return fmt.Sprintf("%s [%s, %s]", pct(a.Value), pct(a.Lo), pct(a.Hi))
}

func sortedKeys(m map[string]Accuracy, order func(a, b string) bool) []string {
	var ks []string
	for k := range m {
		if k != "" {
			ks = append(ks, k)
		}
	}
	sort.Slice(ks, func(i, j int) bool { return order(ks[i], ks[j]) })
	return ks
}

func areaOrder(a, b string) bool {
	rank := map[string]int{}
	for i, x := range Areas {
		rank[x] = i + 1
	}
	ra, rb := rank[a], rank[b]
	if ra == 0 {
		ra = len(Areas) + 1
	}
	if rb == 0 {
		rb = len(Areas) + 1
	}
	if ra != rb {
		return ra < rb
	}
	return a < b
}

func levelOrder(a, b string) bool {
	x, ex := strconv.Atoi(a)
	y, ey := strconv.Atoi(b)
	if ex == nil && ey == nil {
		return x < y
	}
	return a < b
}

// Summarize implements bench.Benchmark: accuracy overall, by area, by
// level, by area and level, and by module, with bootstrap 95% intervals;
// verdict diagnostics; and pass@k, maj@k and mean@k with several samples.
func (*Benchmark) Summarize(samples []bench.Sample) bench.Summary {
	m := map[string]float64{}
	var tables []bench.Table
	byArea := AccuracyBy(samples, "area")
	all := byArea[""]
	m["accuracy"], m["accuracy_lo"], m["accuracy_hi"] = all.Value, all.Lo, all.Hi

	ta := bench.Table{Name: "by_area", Title: "Accuracy (%) by area, bootstrap 95% interval", Columns: []string{"area", "items", "accuracy [95% CI]"}}
	for _, a := range sortedKeys(byArea, areaOrder) {
		m["accuracy_"+a] = byArea[a].Value
		ta.Rows = append(ta.Rows, []string{a, strconv.Itoa(byArea[a].N), byArea[a].cell()})
	}
	ta.Rows = append(ta.Rows, []string{"All", strconv.Itoa(all.N), all.cell()})
	tables = append(tables, ta)

	byLevel := AccuracyBy(samples, "level")
	levels := sortedKeys(byLevel, levelOrder)
	tl := bench.Table{Name: "by_level", Title: "Accuracy (%) by level, bootstrap 95% interval", Columns: []string{"level", "items", "accuracy [95% CI]"}}
	for _, l := range levels {
		m["accuracy_level_"+l] = byLevel[l].Value
		tl.Rows = append(tl.Rows, []string{"Level " + l, strconv.Itoa(byLevel[l].N), byLevel[l].cell()})
	}
	tables = append(tables, tl)

	cells := AccuracyByTwo(samples, "area", "level")
	tx := bench.Table{Name: "area_by_level", Title: "Accuracy (%) by area and level", Columns: []string{"area"}}
	for _, l := range levels {
		tx.Columns = append(tx.Columns, "Level "+l)
	}
	for _, a := range sortedKeys(byArea, areaOrder) {
		row := []string{a}
		for _, l := range levels {
			if c, ok := cells[[2]string{a, l}]; ok && c.N > 0 {
				row = append(row, pct(c.Value))
			} else {
				row = append(row, "-")
			}
		}
		tx.Rows = append(tx.Rows, row)
	}
	tables = append(tables, tx)

	byMod := AccuracyBy(samples, "module")
	modArea := map[string]string{}
	for _, s := range samples {
		modArea[s.Item.Meta["module"]] = s.Item.Meta["area"]
	}
	tm := bench.Table{Name: "by_module", Title: "Accuracy (%) by module, bootstrap 95% interval", Columns: []string{"area", "module", "items", "accuracy [95% CI]"}}
	for _, mod := range sortedKeys(byMod, func(a, b string) bool {
		if modArea[a] != modArea[b] {
			return areaOrder(modArea[a], modArea[b])
		}
		return a < b
	}) {
		m["accuracy_module_"+mod] = byMod[mod].Value
		tm.Rows = append(tm.Rows, []string{modArea[mod], mod, strconv.Itoa(byMod[mod].N), byMod[mod].cell()})
	}
	tables = append(tables, tm)

	if len(samples) > 0 {
		kinds := map[answer.Kind]int{}
		for _, s := range samples {
			kinds[s.Verdict.Kind]++
		}
		td := bench.Table{Name: "diagnostics", Title: "Verdicts (share of samples)", Columns: []string{"verdict", "samples", "share (%)"}}
		for _, k := range answer.Kinds {
			if n := kinds[k]; n > 0 {
				share := float64(n) / float64(len(samples))
				m[string(k)+"_rate"] = share
				td.Rows = append(td.Rows, []string{string(k), strconv.Itoa(n), pct(share)})
			}
		}
		tables = append(tables, td)
	}
	if sm := mathbench.SamplingMetrics(samples); len(sm) > 0 && sm[len(sm)-1].K > 1 {
		tk := bench.Table{Name: "sampling", Title: "Several samples per item: pass@k (unbiased), maj@k, mean@k (%)", Columns: []string{"k", "pass@k", "maj@k", "mean@k"}}
		for _, s := range sm {
			k := strconv.Itoa(s.K)
			m["pass@"+k], m["maj@"+k], m["mean@"+k] = s.Pass, s.Maj, s.Mean
			tk.Rows = append(tk.Rows, []string{k, pct(s.Pass), pct(s.Maj), pct(s.Mean)})
		}
		tables = append(tables, tk)
	}
	return bench.Summary{Metrics: m, Tables: tables}
}
