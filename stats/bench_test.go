package stats

import "testing"

// BenchmarkBootstrap5000 is one MATH-sized interval: 5,000 items, 2,000 resamples.
func BenchmarkBootstrap5000(b *testing.B) {
	xs := make([]float64, 5000)
	for i := range xs {
		if i%3 == 0 {
			xs[i] = 1
		}
	}
	for b.Loop() {
		Bootstrap(xs, 2000, 0.95, 1)
	}
}

func BenchmarkAUROC5000(b *testing.B) {
	s := make([]float64, 5000)
	p := make([]bool, 5000)
	for i := range s {
		s[i] = float64((i*7919)%1000) / 1000
		p[i] = i%3 == 0
	}
	for b.Loop() {
		AUROC(s, p)
	}
}
