package main

import (
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/asdiv"
)

func init() {
	bench.Register(asdiv.New())
	bench.Describe("asdiv", "ASDiv, 2,305 diverse English math word problems (Miao et al. 2020), by grade and problem type")
}
