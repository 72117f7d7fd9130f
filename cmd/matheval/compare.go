package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/matheval/matheval/report"
	"github.com/spf13/cobra"
)

// newCompareCmd builds 'compare'.
func newCompareCmd() *cobra.Command {
	var asJSON, all, byPrompt bool
	c := &cobra.Command{
		Use:   "compare RUN_A RUN_B [RUN...] | compare --by-prompt RUN_OR_FOLDER...",
		Short: "Compare two runs on the same items: paired differences, sign test, items that differ",
		Long: `compare pairs two run directories item by item. It uses one per-item quantity
throughout: the item's mean over its samples of the quantity behind run A's
headline metric (correct or not for MATH, MATH 401 and ASDiv; partial credit for
HARDMath). On the shared items it prints each run's value, the difference A-B
with a 95% paired bootstrap interval, the exact sign test on the items where the
runs differ (McNemar's exact test when every item is right or wrong), the
paired differences within each group of the benchmark's tables, and the items
each run does better.

It lists the settings in which the runs differ (model, prompt, data, grader,
samples, seed, run parameters) and warns when some change the replies or their
grading; it says when a run is partial or items are missing from one run, and
refuses two runs with no item in common (exit 1).

With more than two runs, each run after the first is compared with the first
(all pairs against A): one row per run with its value, the paired difference
A-B and its interval, the items each does better and the sign test, then each
pair's warnings and differing settings (--json: an array of comparisons).

--by-prompt picks each model's best prompt, as the MATH 401 paper does: given
runs (or folders holding runs) of one benchmark, it groups them by model and
prints, per model, every prompt's headline metric with its interval, the other
metrics of the benchmark's main table and that table's groups as columns
(MATH 401: accuracy, relative error, non-number ratio, then its Table 1
columns Euler to Hard), the best prompt marked, and its lead over the
runner-up with a paired interval and the sign test; with several models, one
row per model with its best prompt. Runs of one model must differ in their
prompt settings only (--prompt, --prompt-file, --shots, --system,
--hint-fraction): any other difference (data, seed, samples, grader,
temperature, ...) is refused with the settings named (exit 1).`,
		Example: "  matheval compare runs/math-a runs/math-b\n  matheval compare runs/math-a runs/math-b --json\n  matheval compare runs/math-a runs/math-b runs/math-c\n" +
			"  matheval compare --by-prompt runs/math401-*",
		Args: func(cmd *cobra.Command, args []string) error {
			if byPrompt {
				return cobra.MinimumNArgs(1)(cmd, args)
			}
			return cobra.MinimumNArgs(2)(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if byPrompt {
				return comparePrompts(cmd, args, asJSON)
			}
			for _, d := range args {
				if err := checkRunDir("compare", d); err != nil {
					return err
				}
			}
			a, err := report.Load(args[0])
			if err != nil {
				return err
			}
			if len(args) > 2 {
				return compareMany(cmd, a, args[1:], asJSON)
			}
			b, err := report.Load(args[1])
			if err != nil {
				return err
			}
			c, err := report.Compare(a, b)
			if err != nil {
				return fmt.Errorf("compare: %v", err)
			}
			if asJSON {
				j, err := c.JSON()
				if err != nil {
					return err
				}
				fmt.Fprintln(cmd.OutOrStdout(), string(j))
				return nil
			}
			limit := 50
			if all {
				limit = 0
			}
			for _, w := range c.Warnings {
				fmt.Fprintf(cmd.ErrOrStderr(), "matheval compare: warning: %s\n", w)
			}
			c.Warnings = nil // printed on stderr already
			fmt.Fprint(cmd.OutOrStdout(), c.Text(limit))
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print the comparison as JSON")
	c.Flags().BoolVar(&all, "all", false, "list every item that differs (default: the first 50 each way)")
	c.Flags().BoolVar(&byPrompt, "by-prompt", false, "rank each model's prompts over runs that differ only in the prompt, and mark the best")
	return c
}

// comparePrompts is 'compare --by-prompt'.
func comparePrompts(cmd *cobra.Command, args []string, asJSON bool) error {
	for _, d := range args {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			return fmt.Errorf("compare: %s: no such folder", d)
		}
	}
	dirs, err := report.Find(args...)
	if err != nil {
		return fmt.Errorf("compare: %v", err)
	}
	if len(dirs) == 0 {
		return fmt.Errorf("compare: no run directory in %s", strings.Join(args, ", "))
	}
	var runs []*report.Run
	for _, d := range dirs {
		r, err := report.Load(d)
		if err != nil {
			return err
		}
		runs = append(runs, r)
	}
	pc, err := report.ByPrompt(runs)
	if err != nil {
		return fmt.Errorf("compare --by-prompt: %v", err)
	}
	if asJSON {
		j, err := pc.JSON()
		if err != nil {
			return err
		}
		fmt.Fprintln(cmd.OutOrStdout(), string(j))
		return nil
	}
	for _, w := range pc.Warnings {
		fmt.Fprintf(cmd.ErrOrStderr(), "matheval compare: warning: %s\n", w)
	}
	for i, t := range pc.Tables() {
		if i > 0 {
			fmt.Fprintln(cmd.OutOrStdout())
		}
		report.WriteText(cmd.OutOrStdout(), t)
	}
	return nil
}

// compareMany is 'compare A B C...': every run against the first.
func compareMany(cmd *cobra.Command, a *report.Run, others []string, asJSON bool) error {
	var runs []*report.Run
	for _, d := range others {
		r, err := report.Load(d)
		if err != nil {
			return err
		}
		runs = append(runs, r)
	}
	cs, err := report.CompareAgainst(a, runs)
	if err != nil {
		return fmt.Errorf("compare: %v", err)
	}
	if asJSON {
		j, err := report.ManyJSON(cs)
		if err != nil {
			return err
		}
		fmt.Fprintln(cmd.OutOrStdout(), string(j))
		return nil
	}
	fmt.Fprint(cmd.OutOrStdout(), report.ManyText(cs))
	return nil
}
