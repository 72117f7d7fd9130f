package main

import (
	"fmt"

	"github.com/matheval/matheval/report"
	"github.com/spf13/cobra"
)

// newCompareCmd builds 'compare'.
func newCompareCmd() *cobra.Command {
	var asJSON, all bool
	c := &cobra.Command{
		Use:   "compare RUN_A RUN_B",
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
refuses two runs with no item in common (exit 1).`,
		Example: "  matheval compare runs/math-a runs/math-b\n  matheval compare runs/math-a runs/math-b --json",
		Args:    cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, d := range args {
				if err := checkRunDir("compare", d); err != nil {
					return err
				}
			}
			a, err := report.Load(args[0])
			if err != nil {
				return err
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
	return c
}
