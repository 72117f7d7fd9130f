package main

import (
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/math401"
)

func init() { bench.Register(math401.New()) }
