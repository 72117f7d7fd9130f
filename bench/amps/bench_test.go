package amps

import (
	"context"
	"testing"

	"github.com/matheval/matheval/internal/testenv"
)

// Benchmarks of verified problems: one problem is drawn, checked by its
// second path, read back through the grader's parser and graded, as
// Generate does. Run with -cpu 1; problems/s is wall-clock time (it
// depends on the machine's load), problems/cpu-s is per second of this
// process's CPU time.

func report(b *testing.B, kept int, cpu0 float64) {
	b.ReportMetric(float64(kept)/b.Elapsed().Seconds(), "problems/s")
	if c := testenv.CPUTime().Seconds() - cpu0; c > 0 {
		b.ReportMetric(float64(kept)/c, "problems/cpu-s")
	}
}

// BenchmarkModule measures each module on its own, levels 1-5 in turn.
func BenchmarkModule(b *testing.B) {
	for _, m := range Modules() {
		b.Run(m.Name, func(b *testing.B) {
			kept := 0
			cpu0 := testenv.CPUTime().Seconds()
			for i := 0; b.Loop(); i++ {
				if _, err := Make(m, 1, Train, 1+i%5, i); err == nil {
					kept++
				}
			}
			report(b, kept, cpu0)
		})
	}
}

// BenchmarkAll draws one problem from every module per op, so that its
// problems/s is the rate averaged over modules with equal weight (the
// total time of one problem of each module). Train split, levels 1-5.
func BenchmarkAll(b *testing.B) {
	mods := Modules()
	kept := 0
	cpu0 := testenv.CPUTime().Seconds()
	for i := 0; b.Loop(); i++ {
		for _, m := range mods {
			if _, err := Make(m, 1, Train, 1+i%5, i); err == nil {
				kept++
			}
		}
	}
	report(b, kept, cpu0)
}

// BenchmarkAllExtrapolate is BenchmarkAll on the extrapolate split.
func BenchmarkAllExtrapolate(b *testing.B) {
	mods := Modules()
	kept := 0
	cpu0 := testenv.CPUTime().Seconds()
	for i := 0; b.Loop(); i++ {
		for _, m := range mods {
			if _, err := Make(m, 1, Extrapolate, 1+i%5, i); err == nil {
				kept++
			}
		}
	}
	report(b, kept, cpu0)
}

// BenchmarkGenerate runs Generate over every module, 10 problems each
// (levels 1-5 in turn, train split, one worker), as `gen amps` does:
// draws, band and split misses, repeats and checks together.
func BenchmarkGenerate(b *testing.B) {
	kept := 0
	cpu0 := testenv.CPUTime().Seconds()
	for i := 0; b.Loop(); i++ {
		_, st, err := Generate(context.Background(), Options{N: 10, Seed: int64(1 + i), Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		kept += st.Kept
	}
	report(b, kept, cpu0)
}
