package main

import (
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/hardmath"
)

func init() {
	bench.Register(hardmath.New())
	bench.Describe("hardmath", "HARDMath, applied-mathematics problems with approximate answers (Fan et al. 2024), by type and regime")
}
