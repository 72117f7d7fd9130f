package hardmath

import (
	"fmt"
	"sort"
	"strings"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
)

// Summarize implements bench.Benchmark: the mean score (the paper's
// accuracy with partial credit), the share fully correct, and tables by
// question type with each regime's mean credit, and by verdict kind.
func (b *Benchmark) Summarize(samples []bench.Sample) bench.Summary {
	s := bench.Summary{Metrics: map[string]float64{}}
	if len(samples) == 0 {
		return s
	}
	type acc struct {
		n, correct int
		score      float64
		parts      map[string][2]float64 // sum, count
	}
	byType := map[string]*acc{}
	kinds := map[answer.Kind]int{}
	total, full := 0.0, 0
	for _, sm := range samples {
		t := sm.Item.Meta["type"]
		if st := sm.Item.Meta["subtype"]; st != "" {
			t += "/" + st
		}
		a := byType[t]
		if a == nil {
			a = &acc{parts: map[string][2]float64{}}
			byType[t] = a
		}
		a.n++
		a.score += sm.Verdict.Score
		total += sm.Verdict.Score
		if sm.Verdict.IsCorrect() {
			a.correct++
			full++
		}
		for k, v := range sm.Verdict.Parts {
			p := a.parts[k]
			a.parts[k] = [2]float64{p[0] + v, p[1] + 1}
		}
		kinds[sm.Verdict.Kind]++
	}
	n := float64(len(samples))
	s.Metrics["score"] = total / n
	s.Metrics["accuracy"] = float64(full) / n
	types := make([]string, 0, len(byType))
	for t := range byType {
		types = append(types, t)
	}
	sort.Strings(types)
	tab := bench.Table{Name: "by_type", Title: "HARDMath score by problem type (mean credit per regime)",
		Columns: []string{"type", "n", "score", "fully correct", "regimes"}}
	for _, t := range types {
		a := byType[t]
		s.Metrics["score/"+t] = a.score / float64(a.n)
		var ks []string
		for k := range a.parts {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		var regs []string
		for _, k := range ks {
			p := a.parts[k]
			regs = append(regs, fmt.Sprintf("%s %.3f", k, p[0]/p[1]))
		}
		tab.Rows = append(tab.Rows, []string{t, fmt.Sprint(a.n), fmt.Sprintf("%.3f", a.score/float64(a.n)),
			fmt.Sprintf("%.1f%%", 100*float64(a.correct)/float64(a.n)), strings.Join(regs, ", ")})
	}
	kt := bench.Table{Name: "by_verdict", Title: "Verdict kinds", Columns: []string{"verdict", "n"}}
	for _, k := range answer.Kinds {
		if kinds[k] > 0 {
			kt.Rows = append(kt.Rows, []string{string(k), fmt.Sprint(kinds[k])})
		}
	}
	s.Tables = []bench.Table{tab, kt}
	return s
}
