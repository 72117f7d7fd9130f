package main

import (
	"fmt"
	"os"

	"github.com/matheval/matheval/bench/math401"
	"github.com/spf13/cobra"
)

// newGenMath401Cmd builds 'gen math401'.
func newGenMath401Cmd() *cobra.Command {
	var (
		seed   int64
		out    string
		compat bool
	)
	gen := &cobra.Command{
		Use:   "math401",
		Short: "Generate a fresh MATH 401 set (401 arithmetic expressions in 17 groups)",
		Long: `gen math401 writes a freshly generated MATH 401 set as JSON Lines (id, group, query,
answer): Euler's identity and 16 groups of 25 expressions following the paper's
definitions, with answers computed exactly (or to 96 digits for transcendental
values) and rounded to 4 decimals. The same seed always gives the same bytes.
--compat reproduces the released file's conventions (π = 3.1415 and e = 2.71828
in the irrational group, tangent answers from the exact angle).`,
		Example: "  matheval gen math401 --seed 1 --out math401-seed1.jsonl\n" +
			"  matheval gen math401 --seed 7 --compat > math401-compat.jsonl",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			recs, err := math401.Generate(cmd.Context(), math401.GenOptions{Seed: seed, Compat: compat})
			if err != nil {
				return err
			}
			b, err := math401.WriteJSONL(recs)
			if err != nil {
				return err
			}
			if out == "" || out == "-" {
				_, err = cmd.OutOrStdout().Write(b)
				return err
			}
			if err := os.WriteFile(out, b, 0o644); err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "wrote %d items to %s\n", len(recs), out)
			return nil
		},
	}
	gen.Flags().Int64Var(&seed, "seed", math401.DefaultSeed, "random seed")
	gen.Flags().StringVar(&out, "out", "", "output file (default: standard output)")
	gen.Flags().BoolVar(&compat, "compat", false, "reproduce the released file's conventions")
	return gen
}

// newDataCheckMath401Cmd builds 'data check math401'.
func newDataCheckMath401Cmd() *cobra.Command {
	var asJSON bool
	check := &cobra.Command{
		Use:   "math401 FILE",
		Short: "Recompute every MATH 401 answer from its query and list those that differ",
		Long: `check math401 reads the released math401.json (groups by line position) or a
generated set, evaluates every query exactly or to 96 digits, and lists each item
whose answer is not the query's literal value rounded to 4 decimals, with the
reason (π = 3.1415 or e = 2.71828 used; a tangent computed from the exact angle
while the query shows it rounded). It exits 1 when an answer is off by 1e-3 or
more, since a correct reply would then be graded wrong.`,
		Example: "  matheval data check math401 ../shared/data/math401/math401.json\n" +
			"  matheval data check math401 --json math401-seed1.jsonl",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rep, err := math401.Check(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			return finishCheck(cmd, rep, asJSON)
		},
	}
	check.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	return check
}
