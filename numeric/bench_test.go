package numeric

import (
	"context"
	"math"
	"testing"
)

func BenchmarkPolyRootsDegree10(b *testing.B) {
	c := []float64{-1, 0, 0, 0, 1, 0, 0, 0, 0, 0.1}
	for i := 0; i < b.N; i++ {
		if _, err := PolyRoots(context.Background(), c); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkIntegratePeak(b *testing.B) {
	f := func(x float64) float64 { return 1 / (1e-3 + math.Pow(x, 8)) }
	for i := 0; i < b.N; i++ {
		if _, err := Integrate(context.Background(), f, 0, 83, QuadOptions{RelTol: 1e-10}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSolveODEBlowUp(b *testing.B) {
	f := func(x float64, y, dy []float64) { dy[0], dy[1], dy[2] = y[1], y[2], y[1]*y[1]-y[0]/(3+x*x) }
	for i := 0; i < b.N; i++ {
		if _, err := SolveODE(context.Background(), f, 0, []float64{1, 1, 1}, 50, ODEOptions{RelTol: 1e-10}); err != nil {
			b.Fatal(err)
		}
	}
}
