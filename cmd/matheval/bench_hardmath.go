package main

import (
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/hardmath"
)

func init() { bench.Register(hardmath.New()) }
