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
		Short: "Compare two runs on the same items: McNemar test, paired interval, flips",
		Long: `compare pairs two run directories item by item and prints the accuracy of
each on the shared items, the difference A-B with a 95% paired bootstrap interval,
the exact McNemar p-value, and the items that flipped each way (right only in A,
right only in B). An item counts as right when most of its samples are.

It warns when the runs differ in anything that makes them incomparable: the
benchmark, the data hash, the prompt template or its hash, the grader version,
the seed, the samples per item, or any run parameter; and when items are
missing from one run.`,
		Example: "  matheval compare runs/math-a runs/math-b\n  matheval compare runs/math-a runs/math-b --json",
		Args:    cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			a, err := report.Load(args[0])
			if err != nil {
				return err
			}
			b, err := report.Load(args[1])
			if err != nil {
				return err
			}
			c := report.Compare(a, b)
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
	c.Flags().BoolVar(&all, "all", false, "list every flipped item (default: the first 50 each way)")
	return c
}
