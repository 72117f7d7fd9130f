package amps

import (
	"testing"
)

// BenchmarkModule measures each module: one op is one verified problem
// (generation, second path, grader checks), levels 1-5 in turn.
func BenchmarkModule(b *testing.B) {
	for _, m := range Modules() {
		b.Run(m.Name, func(b *testing.B) {
			kept := 0
			for i := 0; b.Loop(); i++ {
				if _, err := Make(m, 1, Train, 1+i%5, i); err == nil {
					kept++
				}
			}
			b.ReportMetric(float64(kept)/b.Elapsed().Seconds(), "problems/s")
		})
	}
}

// BenchmarkAll draws one problem from every module per op, so the
// problems/s metric averages over modules with equal weight (the total
// time of one problem from each module).
func BenchmarkAll(b *testing.B) {
	mods := Modules()
	kept := 0
	for i := 0; b.Loop(); i++ {
		for _, m := range mods {
			if _, err := Make(m, 1, Train, 1+i%5, i); err == nil {
				kept++
			}
		}
	}
	b.ReportMetric(float64(kept)/b.Elapsed().Seconds(), "problems/s")
}
