package main

import "github.com/spf13/cobra"

// Parent commands shared by several benchmarks. Package-level variables are
// initialised before any init function runs, so every file's init can add
// its subcommands to them.
var (
	genCmd = &cobra.Command{
		Use:   "gen",
		Short: "Generate fresh seeded variants of a benchmark",
		Long:  "gen writes a freshly generated, seeded and deterministic set of problems for a benchmark.",
		Example: "  matheval gen math401 --seed 1 --out math401.jsonl\n" +
			"  matheval gen hardmath --seed 1 --n 50 --types all --out hardmath.json",
	}
	dataCmd = &cobra.Command{
		Use:     "data",
		Short:   "Check, analyse and fetch benchmark data files",
		Long:    "data holds the commands that work on dataset files: checking them, measuring their diversity, finding duplicates and overlap, and fetching them.",
		Example: "  matheval data check math ../shared/data/math/MATH\n  matheval data diversity --bench asdiv ASDiv.xml",
	}
	dataCheckCmd = &cobra.Command{
		Use:     "check",
		Short:   "Load a dataset, check every gold answer and report counts and problems",
		Long:    "check loads a benchmark's dataset, grades or recomputes every gold answer, and reports counts and every item that fails. It exits 1 when a gold answer fails.",
		Example: "  matheval data check math401 math401.json\n  matheval data check asdiv ASDiv.xml",
	}
)

func init() {
	dataCmd.AddCommand(dataCheckCmd)
	addCommand(genCmd)
	addCommand(dataCmd)
}
