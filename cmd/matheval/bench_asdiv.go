package main

import (
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/asdiv"
)

func init() { bench.Register(asdiv.New()) }
