package main

import (
	"fmt"
	"strings"

	mathbench "github.com/matheval/matheval/bench/math"
	"github.com/spf13/cobra"
)

// newDataCheckMathCmd builds 'data check math'.
func newDataCheckMathCmd() *cobra.Command {
	var asJSON bool
	check := &cobra.Command{
		Use:   "math PATH",
		Short: "Check a MATH dataset: counts, duplicates and every gold answer",
		Long: `check math loads a MATH dataset in any form matheval reads (the original
MATH/{train,test}/<subject>/<n>.json tree or one split folder, JSON Lines such as
MATH-500, Parquet), and reports the counts per split, subject and level against
the paper's (or MATH-500's), the problems found more than once within or between
splits, every odd record (a level "Level ?", "\boxed 2" without braces, an empty
\boxed{}), the reference solutions whose last answer differs from the gold one,
and every gold answer that does not grade correct against itself. It exits 1
when a gold answer fails.`,
		Example: "  matheval data check math ../shared/data/math/MATH\n" +
			"  matheval data check math ../shared/data/math500/test.jsonl --json",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := interruptible(cmd)
			defer stop()
			rep, err := mathbench.CheckData(ctx, args[0])
			if err != nil {
				return err
			}
			return finishCheck(cmd, rep, asJSON)
		},
	}
	check.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	return check
}

// newDataPullMathCmd builds 'data pull math'.
func newDataPullMathCmd() *cobra.Command {
	var to, url, url500 string
	var with500 bool
	pull := &cobra.Command{
		Use:   "math --to DIR",
		Short: "Download MATH (and optionally MATH-500) from its public home",
		Long: `pull math downloads the MATH release of Hendrycks et al. (` + mathbench.DefaultURL + `),
a tar of MATH/{train,test}/<subject>/<n>.json, and unpacks it into DIR/MATH.
--math500 also fetches MATH-500 (PRM800K's test subset) from
` + mathbench.MATH500URL + `
into DIR/math500/test.jsonl. --url and --math500-url point at mirrors.`,
		Example: "  matheval data pull math --to data/\n" +
			"  matheval data pull math --to data/ --math500\n" +
			"  matheval data pull math --to data/ --url http://mirror.example/MATH.tar",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if strings.TrimSpace(to) == "" {
				return usageErrorf("data pull math: --to DIR is required")
			}
			ctx, stop := interruptible(cmd)
			defer stop()
			res, err := mathbench.Pull(ctx, to, mathbench.PullOptions{URL: url, MATH500URL: url500, With500: with500})
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %d files under %s\n", res.Files, res.Root)
			if res.MATH500 != "" {
				fmt.Fprintf(cmd.OutOrStdout(), "wrote %s\n", res.MATH500)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "check it with: matheval data check math %s\n", res.Root)
			return nil
		},
	}
	pull.Flags().StringVar(&to, "to", "", "folder to unpack into (DIR/MATH)")
	pull.Flags().StringVar(&url, "url", "", "URL of the MATH tar (default "+mathbench.DefaultURL+")")
	pull.Flags().BoolVar(&with500, "math500", false, "also fetch MATH-500 into DIR/math500/test.jsonl")
	pull.Flags().StringVar(&url500, "math500-url", "", "URL of MATH-500 (default "+mathbench.MATH500URL+")")
	return pull
}
