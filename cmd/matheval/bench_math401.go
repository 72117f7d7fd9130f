package main

import (
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/math401"
)

func init() {
	bench.Register(math401.New())
	bench.Describe("math401", "MATH 401, 401 arithmetic expressions (Yuan et al. 2023), generated or as released")
}
