package main

import (
	"github.com/matheval/matheval/bench"
	mathbench "github.com/matheval/matheval/bench/math"
)

func init() { bench.Register(mathbench.New()) }
