package main

import (
	"fmt"

	"github.com/matheval/matheval/bench/minif2f"
	"github.com/spf13/cobra"
)

// newDataPullSetMMCmd builds 'data pull setmm'.
func newDataPullSetMMCmd() *cobra.Command {
	var to, commit, url string
	c := &cobra.Command{
		Use:   "setmm --commit REF --to DIR",
		Short: "Download set.mm at a given commit (for miniF2F's Metamath track)",
		Long: `setmm downloads set.mm from the Metamath project's repository
(github.com/metamath/set.mm) at --commit (a commit hash, a tag, or a branch
such as develop) into DIR/set.mm, checks that it reads as a Metamath
database, and prints its date and SHA-256.

miniF2F's Metamath statements and reference proofs were written against a
set.mm of 2021: Debian's metamath-databases has the set.mm of 28-Dec-2020,
which lacks 24 labels that 22 of the 45 reference proofs cite (run
'matheval minif2f check DIR' to see which). Pick a commit of the set.mm
repository from when the statements were written, or later, give the
result to 'run minif2f --setmm' or 'minif2f check --setmm', and check that
no candidate cites labels it lacks. A run records the set.mm it used (date
and hash) in its manifest.`,
		Example: "  matheval data pull setmm --commit develop --to data/\n" +
			"  matheval data pull setmm --commit 4c466be79bc267142f174b251ed59f761b1f7a90 --to data/setmm-2021-09\n" +
			"  matheval minif2f check ../shared/data/minif2f/metamath/valid --setmm data/set.mm",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if to == "" || commit == "" {
				return usageErrorf("data pull setmm: --commit and --to are required")
			}
			info, err := minif2f.PullSetMM(cmd.Context(), to, commit, url, nil)
			if err != nil {
				return fmt.Errorf("data pull setmm: %v", err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s: version of %s, sha256 %s\n", info.Path, info.Date, info.SHA256)
			fmt.Fprintf(cmd.OutOrStdout(), "use it with: matheval run minif2f --track metamath --setmm %s ...\n", info.Path)
			return nil
		},
	}
	c.Flags().StringVar(&to, "to", "", "folder to write set.mm into")
	c.Flags().StringVar(&commit, "commit", "", "commit hash, tag or branch of github.com/metamath/set.mm")
	c.Flags().StringVar(&url, "url", "", "URL pattern with one %s for the commit (default "+minif2f.SetMMURL+")")
	return c
}
