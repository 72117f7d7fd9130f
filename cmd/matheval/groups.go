package main

import "github.com/spf13/cobra"

// The group commands: each holds the subcommands of several benchmarks.
// A new benchmark's subcommand is one line in its group's constructor.

// newGenCmd builds 'gen' and its subcommands.
func newGenCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "gen",
		Short: "Generate fresh seeded variants of a benchmark",
		Long:  "gen writes a freshly generated, seeded and deterministic set of problems for a benchmark.",
		Example: "  matheval gen math401 --seed 1 --out math401.jsonl\n" +
			"  matheval gen hardmath --seed 1 --n 50 --types all --out hardmath.json",
	}
	c.AddCommand(newGenMath401Cmd(), newGenHardmathCmd(), newGenAMPSCmd())
	return c
}

// newDataCmd builds 'data' and its subcommands.
func newDataCmd() *cobra.Command {
	c := &cobra.Command{
		Use:     "data",
		Short:   "Check, analyse and fetch benchmark data files",
		Long:    "data holds the commands that work on dataset files: checking them, measuring their diversity, finding duplicates and overlap, and fetching them.",
		Example: "  matheval data check math ../shared/data/math/MATH\n  matheval data diversity --bench asdiv ASDiv.xml",
	}
	c.AddCommand(newDataCheckCmd(), newDataPullCmd(), newDataDiversityCmd(), newDataDupesCmd(), newDataOverlapCmd())
	return c
}

// newDataCheckCmd builds 'data check' and its subcommands.
func newDataCheckCmd() *cobra.Command {
	c := &cobra.Command{
		Use:     "check",
		Short:   "Load a dataset, check every gold answer and report counts and problems",
		Long:    "check loads a benchmark's dataset, grades or recomputes every gold answer (or verifies every reference proof), and reports counts and every item that fails. Every check follows one rule: it exits 1 when material that must hold fails (a gold answer, a released answer, a reference proof) or when it cannot run, 0 otherwise, 2 for a bad command line.",
		Example: "  matheval data check math401 math401.json\n  matheval data check asdiv ASDiv.xml",
	}
	c.AddCommand(newDataCheckMathCmd(), newDataCheckMath401Cmd(), newDataCheckHardmathCmd(), newDataCheckASDivCmd(), newDataCheckAMPSCmd(),
		newMinif2fCheckCmd("data check minif2f"))
	return c
}

// newDataPullCmd builds 'data pull' and its subcommands: datasets fetched
// from their public homes.
func newDataPullCmd() *cobra.Command {
	c := &cobra.Command{
		Use:     "pull",
		Short:   "Fetch a benchmark's data from its public home",
		Long:    "pull downloads a benchmark's dataset from where its authors publish it, when the machine has network access.",
		Example: "  matheval data pull math --to data/",
	}
	c.AddCommand(newDataPullMathCmd(), newDataPullSetMMCmd())
	return c
}
