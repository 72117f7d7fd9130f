package main

import (
	"github.com/matheval/matheval/bench"
	mathbench "github.com/matheval/matheval/bench/math"
)

func init() {
	bench.Register(mathbench.New())
	bench.Describe("math", "MATH, 12,500 competition problems (Hendrycks et al. 2021), by subject and level; also MATH-500")
}
