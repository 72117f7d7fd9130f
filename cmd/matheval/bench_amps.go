package main

import (
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/amps"
)

func init() {
	bench.Register(amps.New())
	bench.Describe("amps", "AMPS-style generated exercises (Hendrycks et al. 2021): 151 modules over seven areas, levels 1-5 (--gen)")
}
