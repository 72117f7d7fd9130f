package main

import (
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/amps"
)

func init() { bench.Register(amps.New()) }
