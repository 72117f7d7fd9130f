package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/answers"
)

// printBenchList prints every registered benchmark with its one line
// (run --list).
func printBenchList(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, name := range bench.Names() {
		b, _ := bench.Lookup(name)
		fmt.Fprintf(tw, "%s\t%s\n", name, bench.Description(b))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nA task file of your own: matheval run task.yaml (see the README's \"Answer benchmarks\").")
}

// isTaskFile says whether run's argument names a task file rather than a
// registered benchmark.
func isTaskFile(arg string) bool {
	return strings.HasSuffix(arg, ".yaml") || strings.HasSuffix(arg, ".yml")
}

// lookupBench is the benchmark a run's argument names: a registered
// benchmark or preset, or a task file (YAML) defining an answer benchmark.
func lookupBench(arg string) (bench.Benchmark, error) {
	if !isTaskFile(arg) {
		return bench.Lookup(arg)
	}
	t, err := answers.LoadTaskFile(arg)
	if err != nil {
		return nil, err
	}
	return answers.FromTask(t)
}
