package main

import (
	"fmt"
	"os"

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
	var asJSON bool
	c := &cobra.Command{
		Use:   "grade RUNDIR",
		Short: "Grade a finished run again with the current grader, sending no request",
		Long: `grade reads the replies recorded in a run directory's samples.jsonl, grades
them again with the current grader of the run's benchmark, and rewrites
samples.jsonl and results.json (and the grader version in manifest.json).
It sends no request: samples whose request failed keep the verdict error.
A results.json written by an older matheval (schema 1) is rewritten in the
current layout.`,
		Example: "  matheval grade runs/math-openai_qwen2.5-math-7b-1a2b3c4d5e",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			if err := checkRunDir("grade", dir); err != nil {
				return err
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
			if err := printResults(cmd, dir, rep.Results, asJSON); err != nil {
				return err
			}
			if !asJSON {
				fmt.Fprintf(cmd.OutOrStdout(), "regraded: %d verdicts changed\n", rep.Changed)
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print results.json instead of the tables")
	return c
}

// checkRunDir refuses a folder that is not a run directory with one line
// and exit code 1 (input that is not there, as for a missing data file),
// the same for every command that reads run directories: grade, report,
// compare.
func checkRunDir(command, dir string) error {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("%s: %s: no such folder", command, dir)
	}
	if !rundir.IsRunDir(dir) {
		return fmt.Errorf("%s: %s is not a run directory (no %s)", command, dir, rundir.ManifestFile)
	}
	return nil
}
