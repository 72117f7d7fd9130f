package main

import (
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/answers"
)

// The generic answer benchmark and its presets (bench/answers/tasks/*.yaml):
// adding a preset is adding its task file there.
func init() {
	bench.Register(answers.NewGeneric())
	presets, err := answers.Presets()
	if err != nil {
		panic(err) // the embedded task files are checked by the package's tests
	}
	for _, p := range presets {
		bench.Register(p)
		// No data or item test: answer benchmarks read any fields.
		bench.RegisterShape(bench.Shape{Name: p.Name(), Display: p.Task().Title})
	}
}
