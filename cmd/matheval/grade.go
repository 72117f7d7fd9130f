package main

import (
	"fmt"

	"github.com/matheval/matheval/bench"
	runner "github.com/matheval/matheval/run"
	"github.com/matheval/matheval/rundir"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

type (
	runResults = rundir.Results
	pflagFlag  = pflag.Flag
)

// newGradeCmd builds 'grade'.
func newGradeCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "grade RUNDIR",
		Short: "Grade a finished run again with the current grader, sending no request",
		Long: `grade reads the replies recorded in a run directory's samples.jsonl, grades
them again with the current grader of the run's benchmark, and rewrites
samples.jsonl and results.json (and the grader version in manifest.json).
It sends no request: samples whose request failed keep the verdict error.`,
		Example: "  matheval grade runs/math-openai_qwen2.5-math-7b-1a2b3c4d5e",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			if !rundir.IsRunDir(dir) {
				return usageErrorf("grade: %s is not a run directory (no %s)", dir, rundir.ManifestFile)
			}
			man, err := rundir.ReadManifest(dir)
			if err != nil {
				return err
			}
			b, err := bench.Lookup(man.Benchmark)
			if err != nil {
				return err
			}
			rep, err := runner.Regrade(dir, b)
			if err != nil {
				return err
			}
			printResults(cmd.OutOrStdout(), dir, rep.Results)
			fmt.Fprintf(cmd.OutOrStdout(), "regraded: %d verdicts changed\n", rep.Changed)
			return nil
		},
	}
	return c
}
