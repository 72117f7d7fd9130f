package main

import (
	"fmt"
	"io"
	"os"
	"strings"

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

// alsoGrader is a benchmark that can grade replies under other policies
// too, beside its own (MATH: the paper's own scoring).
type alsoGrader interface {
	AlsoPolicies() []string
	WithAlsoPolicies(names []string) (bench.Benchmark, error)
}

// alsoPoliciesKey records in manifest.json's extra the other policies a run
// was last graded by, so that a later 'grade' without --also-policy keeps
// them.
const alsoPoliciesKey = "also_policies"

// newGradeCmd builds 'grade'.
func newGradeCmd() *cobra.Command {
	var asJSON bool
	var also string
	c := &cobra.Command{
		Use:   "grade RUNDIR",
		Short: "Grade a finished run again with the current grader, sending no request",
		Long: `grade reads the replies recorded in a run directory's samples.jsonl, grades
them again with the current grader of the run's benchmark, and rewrites
samples.jsonl and results.json (and the grader version in manifest.json).
It sends no request: samples whose request failed keep the verdict error.
A results.json written by an older matheval (schema 1) is rewritten in the
current layout.

--also-policy NAME grades every reply under another policy too, beside the
benchmark's own, and puts its accuracy, the gap between the two (with a
paired interval) and both by subject and by level into results.json, the
tables printed here and the report. MATH offers "hendrycks": the MATH paper's
own scoring (last \boxed{}, the paper's string normalisation, no symbolic
equivalence), so a score can be put beside a paper that used it; HARDMath
offers "paper": the paper's judge rubric against the released answers, with
credit 0, 0.5 or 1 per regime. The choice
is kept in manifest.json: a later 'grade' without the flag grades the same
way; --also-policy none drops it.`,
		Example: "  matheval grade runs/math-openai_qwen2.5-math-7b-1a2b3c4d5e\n" +
			"  matheval grade runs/math-openai_qwen2.5-math-7b-1a2b3c4d5e --also-policy hendrycks",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			if err := checkRunDir("grade", dir); err != nil {
				return err
			}
			man, err := rundir.ReadManifest(dir)
			if err != nil {
				return err
			}
			b, err := lookupRunBench(man)
			if err != nil {
				return err
			}
			if b, err = configureAsRun(b, man.Params); err != nil {
				return fmt.Errorf("grade %s: the run's %s options: %v", dir, man.Benchmark, err)
			}
			if c, ok := b.(io.Closer); ok {
				defer c.Close() // the benchmark's verifier sessions
			}
			ctx, stop := interruptible(cmd)
			defer stop()
			if r, ok := b.(bench.Readier); ok {
				if err := r.Ready(ctx); err != nil {
					return fmt.Errorf("grade %s: cannot check with the run's options: %v", dir, err)
				}
			}
			names := man.Extra[alsoPoliciesKey]
			if cmd.Flags().Changed("also-policy") {
				names = also
				if names == "none" {
					names = ""
				}
			}
			if names != "" {
				ag, ok := b.(alsoGrader)
				if !ok {
					return usageErrorf("grade: --also-policy: the %s benchmark is graded by its own policy only", b.Name())
				}
				if b, err = ag.WithAlsoPolicies(strings.Split(names, ",")); err != nil {
					return usageErrorf("grade: --also-policy: %v", err)
				}
			}
			rep, err := runner.Regrade(ctx, dir, b)
			if err != nil {
				return err
			}
			if names != man.Extra[alsoPoliciesKey] {
				if man, err = rundir.ReadManifest(dir); err != nil { // as Regrade rewrote it
					return err
				}
				if man.Extra == nil {
					man.Extra = map[string]string{}
				}
				if names == "" {
					delete(man.Extra, alsoPoliciesKey)
				} else {
					man.Extra[alsoPoliciesKey] = names
				}
				if err := rundir.WriteJSON(dir, rundir.ManifestFile, man); err != nil {
					return err
				}
			}
			if err := printResults(cmd, dir, rep.Results, asJSON); err != nil {
				return err
			}
			if !asJSON {
				for _, l := range runner.Headline(rep.Results, rep.Failed) {
					fmt.Fprintln(cmd.OutOrStdout(), l)
				}
			}
			if !asJSON {
				fmt.Fprintf(cmd.OutOrStdout(), "regraded: %d verdicts changed\n", rep.Changed)
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print results.json instead of the tables")
	c.Flags().StringVar(&also, "also-policy", "", "also grade by these policies, comma-separated (math: hendrycks, the MATH paper's scoring; hardmath: paper, the paper's judge rubric; none: drop)")
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
