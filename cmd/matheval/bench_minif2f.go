package main

import (
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/minif2f"
)

func init() {
	bench.Register(minif2f.New(minif2f.Options{}))
	bench.Describe("minif2f", "miniF2F formal Olympiad statements (Zheng et al. 2021): Metamath, HOL Light or Lean 4 proofs")
}
