package main

import (
	"fmt"
	"time"

	"github.com/matheval/matheval/formal/metamath"
	"github.com/spf13/cobra"
)

// newMMCmd builds 'mm' and its subcommands.
func newMMCmd() *cobra.Command {
	mm := &cobra.Command{
		Use:   "mm",
		Short: "Metamath tools: verify databases",
		Long:  "Commands for Metamath databases (.mm files).",
		Example: "  matheval mm verify /usr/share/metamath/databases/set.mm\n" +
			"  matheval mm verify --jobs 4 set.mm",
	}
	var jobs, maxToken int
	var maxBytes int64
	var allowIncomplete, quiet bool
	verify := &cobra.Command{
		Use:   "verify FILE.mm",
		Short: "Verify every proof of a Metamath database",
		Long: `verify reads a Metamath database with its $[ $] inclusions (resolved relative to
the including file), checks every statement against the Metamath specification and
verifies every proof, normal or compressed, including disjoint-variable
restrictions. Each error is printed as FILE:LINE: LABEL: message.

Only regular files are read (a named pipe or a device, given or included, is an
error), at most --max-bytes in all and --max-token for one token: a hostile file
cannot hang the command or exhaust memory; raise them for a larger database.

Proofs with unknown steps ("?") are listed as incomplete: they are never counted
as proved, and they make the command fail unless --allow-incomplete is given.

Exit status: 0 when every proof verifies, 1 otherwise, 2 for a bad command line.`,
		Example: "  matheval mm verify /usr/share/metamath/databases/set.mm\n" +
			"  matheval mm verify --jobs 2 demo0.mm\n" +
			"  matheval mm verify --allow-incomplete work-in-progress.mm",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if jobs < 0 {
				return usageErrorf("mm verify: --jobs must be >= 0, got %d", jobs)
			}
			if maxBytes <= 0 || maxToken <= 0 {
				return usageErrorf("mm verify: --max-bytes and --max-token must be > 0")
			}
			start := time.Now()
			res := metamath.VerifyFile(args[0], metamath.Options{Jobs: jobs, MaxBytes: maxBytes, MaxToken: maxToken})
			out := cmd.OutOrStdout()
			errOut := cmd.ErrOrStderr()
			for _, e := range res.Errors {
				fmt.Fprintln(errOut, e.Error())
			}
			for _, l := range res.Incomplete {
				fmt.Fprintf(errOut, "%s: %s: proof is incomplete (has ? steps)\n", args[0], l)
			}
			if !quiet {
				fmt.Fprintf(out, "%s: %d statements, %d $a, %d $p: %d verified, %d incomplete, %d errors (%.2fs)\n",
					args[0], len(res.DB.Stmts), res.Axioms, res.Theorems, res.Verified, len(res.Incomplete),
					len(res.Errors), time.Since(start).Seconds())
			}
			if len(res.Errors) > 0 || (len(res.Incomplete) > 0 && !allowIncomplete) {
				return errSilentFailure
			}
			return nil
		},
	}
	verify.Flags().IntVar(&jobs, "jobs", 0, "proof-verifying goroutines (0 = number of CPUs; 1 = read, then verify)")
	verify.Flags().Int64Var(&maxBytes, "max-bytes", metamath.DefaultMaxBytes, "most bytes read, inclusions included")
	verify.Flags().IntVar(&maxToken, "max-token", metamath.DefaultMaxToken, "most bytes of one token (label or math symbol)")
	verify.Flags().BoolVar(&allowIncomplete, "allow-incomplete", false, "exit 0 even when some proofs have ? steps")
	verify.Flags().BoolVarP(&quiet, "quiet", "q", false, "print errors only, no summary")
	mm.AddCommand(verify)
	return mm
}
