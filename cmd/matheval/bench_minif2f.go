package main

import (
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/minif2f"
)

func init() { bench.Register(minif2f.New(minif2f.Options{})) }
