package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/answers"
	"github.com/matheval/matheval/rundir"
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

// taskDefinitionParam is the manifest parameter holding the text of a task
// file's definition, by which 'grade' reads a task-file run back.
const taskDefinitionParam = "task-definition"

// lookupRunBench is the benchmark of a recorded run: a registered one, or
// the task definition its manifest holds.
func lookupRunBench(man rundir.Manifest) (bench.Benchmark, error) {
	b, err := bench.Lookup(man.Benchmark)
	if err == nil {
		return b, nil
	}
	if def, ok := man.Params[taskDefinitionParam].(string); ok && def != "" {
		return answers.FromDefinition(def)
	}
	return nil, err
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

// cacheFileName is the request cache's file in the runs folder.
const cacheFileName = "requests-cache.jsonl"

// cachePath is the request cache of this run: --cache, or the file beside
// the run directory (in its parent: runs/ unless --out says otherwise); ""
// with --no-cache.
func (f *runFlags) cachePath() string {
	switch {
	case f.noCache:
		return ""
	case f.cacheFile != "":
		return f.cacheFile
	case f.out != "":
		return filepath.Join(filepath.Dir(filepath.Clean(f.out)), cacheFileName)
	}
	return filepath.Join("runs", cacheFileName)
}
