package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/matheval/matheval/bench/hardmath"
	"github.com/spf13/cobra"
)

// newGenHardmathCmd builds 'gen hardmath'.
func newGenHardmathCmd() *cobra.Command {
	var (
		seed   int64
		n      int
		types  string
		out    string
		compat bool
	)
	gen := &cobra.Command{
		Use:   "hardmath",
		Short: "Generate HARDMath problems of the paper's types, each validated numerically",
		Long: `gen hardmath draws fresh HARDMath problems with the formulas of Fan et al. 2024
(appendix A.2): nondimensionalization (symbolic and numeric), polynomial roots for
small and large epsilon, root corrections to order 1 and 2, third-order nonlinear
ODEs, integrals of 1/(epsilon + P(x)) and Laplace integrals. Each problem carries its
question, a step-by-step LaTeX solution, the answer per regime, the evaluation points
and the numerical values there, and is kept only when every regime's answer is
within 10% of the numerical ground truth. The output is a JSON object in the schema
of the released HARDMath files. The same seed and options always give the same bytes.
--types takes "all" or a comma list of: ` + strings.Join(hardmath.AllGenTypes, ", ") + `.
--compat follows the released data's conventions where they differ from the paper.`,
		Example: "  matheval gen hardmath --seed 1 --n 50 --types all --out hardmath-seed1.json\n" +
			"  matheval gen hardmath --seed 2 --n 10 --types roots,laplace",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if n <= 0 || n > 100000 {
				return usageErrorf("--n must be between 1 and 100000, got %d", n)
			}
			ts, err := hardmath.ParseGenTypes(types)
			if err != nil {
				return usageErrorf("%v", err)
			}
			ctx, stop := interruptible(cmd)
			defer stop()
			set, err := hardmath.Generate(ctx, hardmath.GenOptions{Seed: seed, N: n, Types: ts, Compat: compat})
			if err != nil {
				return err
			}
			b, err := hardmath.WriteJSON(set.Rows)
			if err != nil {
				return err
			}
			if out == "" || out == "-" {
				_, err = cmd.OutOrStdout().Write(b)
			} else {
				err = os.WriteFile(out, b, 0o644)
			}
			if err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "wrote %d problems%s\n", len(set.Rows), map[bool]string{true: " to " + out, false: ""}[out != "" && out != "-"])
			for _, t := range ts {
				fmt.Fprintf(cmd.ErrOrStderr(), "  %-17s kept %4d of %4d candidates\n", t, set.Tried[t]-set.Rejected[t], set.Tried[t])
			}
			return nil
		},
	}
	gen.Flags().Int64Var(&seed, "seed", 1, "random seed")
	gen.Flags().IntVar(&n, "n", 50, "number of problems, spread evenly over the types")
	gen.Flags().StringVar(&types, "types", "all", "problem types: all, or a comma list")
	gen.Flags().StringVar(&out, "out", "", "output file (default: standard output)")
	gen.Flags().BoolVar(&compat, "compat", false, "follow the released data's conventions where they differ from the paper")
	return gen
}

// newDataCheckHardmathCmd builds 'data check hardmath'.
func newDataCheckHardmathCmd() *cobra.Command {
	var (
		asJSON  bool
		verbose bool
		perItem time.Duration
		plotDir string
		plotMax int
	)
	check := &cobra.Command{
		Use:   "hardmath FILE",
		Short: "Recompute HARDMath answers numerically and list those more than 10% off",
		Long: `check hardmath reads a HARDMath JSON file (released or generated; a folder means
its HARDMath_mini.json), reports exact duplicate rows, and compares every reference
answer with a value computed from the question alone: epsilon from the coefficients
(nondimensionalization), companion-matrix roots at each regime's epsilon, the ODE
solved numerically at the evaluation points, and quadrature for both integral
families. It lists every answer more than 10% off (among them the released
intermediate-epsilon integral answers, which use the wrong exponent) and says why
a check was skipped (a singular ODE coefficient, a value outside float64). It exits
1 when some answer is off. --plot DIR also draws, for ODE and integral problems, the
answer formulas against the numerical solution over the range (the paper's Figure 5).`,
		Example: "  matheval data check hardmath ../shared/data/hardmath/HARDMath_mini.json\n" +
			"  matheval data check hardmath --json hardmath-seed1.json\n" +
			"  matheval data check hardmath --plot plots --plot-max 5 hardmath-seed1.json",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if perItem <= 0 {
				return usageErrorf("--timeout must be positive")
			}
			if plotMax < 0 {
				return usageErrorf("--plot-max must not be negative")
			}
			ctx, stop := interruptible(cmd)
			defer stop()
			rep, err := hardmath.Check(ctx, args[0], hardmath.CheckOptions{PerItem: perItem})
			if err != nil {
				return err
			}
			rep.Verbose = verbose
			if plotDir != "" {
				if err := os.MkdirAll(plotDir, 0o755); err != nil {
					return err
				}
				files, skipped, err := hardmath.PlotFile(ctx, args[0], plotDir, plotMax)
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "wrote %d plot files to %s\n", len(files), plotDir)
				for _, s := range skipped {
					fmt.Fprintf(cmd.ErrOrStderr(), "  no plot for %s\n", s)
				}
			}
			return finishCheck(cmd, rep, asJSON)
		},
	}
	check.Flags().BoolVar(&asJSON, "json", false, "print every check as JSON")
	check.Flags().BoolVarP(&verbose, "verbose", "v", false, "also list the duplicate rows and the checks that were skipped, with the reason")
	check.Flags().DurationVar(&perItem, "timeout", 10*time.Second, "deadline per row")
	check.Flags().StringVar(&plotDir, "plot", "", "also draw the answer formulas against the numerical solution (PNG and SVG) into this folder")
	check.Flags().IntVar(&plotMax, "plot-max", 20, "draw at most this many problems (0: all)")
	return check
}
