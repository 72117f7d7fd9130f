package main

import (
	"github.com/matheval/matheval/bench/asdiv"
	"github.com/spf13/cobra"
)

// newDataCheckASDivCmd builds 'data check asdiv'.
func newDataCheckASDivCmd() *cobra.Command {
	var asJSON, all bool
	c := &cobra.Command{
		Use:   "asdiv PATH",
		Short: "Load ASDiv, count items per grade and type, and check every formula against its answer",
		Long: `asdiv loads ASDiv (ASDiv.xml, a folder holding it, or a JSON Lines mirror),
counts items per grade and per solution type, evaluates each item's annotated
formula with exact rational arithmetic and compares the result with the
labelled answer. Items whose formula disagrees with the answer are listed with
the reason; items whose formula cannot be evaluated (number patterns, clock
times, text answers) are counted as unchecked.

It exits 1 when some item's answer disagrees with its formula (a correct reply
to it may be graded wrong): the released ASDiv.xml has such annotations, and
the output lists them. Unchecked items do not fail the check.`,
		Example: "  matheval data check asdiv ../shared/data/asdiv/ASDiv.xml\n" +
			"  matheval data check asdiv ../shared/data/asdiv/ASDiv.xml --all --json",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := interruptible(cmd)
			defer stop()
			rep, err := asdiv.Check(ctx, args[0])
			if err != nil {
				return err
			}
			rep.All = all
			if asJSON && !all {
				rep = rep.Findings()
			}
			return finishCheck(cmd, rep, asJSON)
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON (the items that are not ok)")
	c.Flags().BoolVar(&all, "all", false, "list unchecked items and ok items answering an intermediate value too (with --json: every item)")
	return c
}
