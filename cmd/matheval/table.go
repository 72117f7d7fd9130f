package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/matheval/matheval/report"
	"github.com/spf13/cobra"
)

// newTableCmd builds 'table'.
func newTableCmd() *cobra.Command {
	var format, breakdown string
	c := &cobra.Command{
		Use:   "table RUN_OR_DIR... [--format text|markdown|latex|csv]",
		Short: "Tables for papers: model x benchmark (or x breakdown for one benchmark), with intervals",
		Long: `table reads run directories (or folders holding them) and prints one table of
their headline metrics with 95% intervals: a row per model (named by the model,
not by the run's hash) and a column per benchmark, with the macro average (the
unweighted mean over benchmarks; its interval a normal approximation from the
benchmarks' own). When every run is of one benchmark, the columns are the groups
of one of its breakdowns instead (--breakdown NAME, default its first: MATH's
by_subject, SVAMP's by_Type, ...), after the overall value. Several runs of one
model on one benchmark: the latest is shown, and a note says so.

--format markdown, latex (a tabular, the interval in \scriptsize) or csv (three
columns per benchmark: the value, the interval's low and high end, in percent
for shares) show the same numbers as the text table.`,
		Example: "  matheval table runs\n  matheval table runs/gsm8k-* runs/aime-* --format latex\n" +
			"  matheval table runs/math-* --breakdown by_level --format markdown",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			switch format {
			case report.FormatText, report.FormatMarkdown, report.FormatLaTeX, report.FormatCSV:
			default:
				return usageErrorf("table: --format %q: want text, markdown, latex or csv", format)
			}
			for _, d := range args {
				if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
					return fmt.Errorf("table: %s: no such folder", d)
				}
			}
			dirs, err := report.Find(args...)
			if err != nil {
				return fmt.Errorf("table: %v", err)
			}
			if len(dirs) == 0 {
				return fmt.Errorf("table: no run directory in %s", strings.Join(args, ", "))
			}
			var runs []*report.Run
			benches := map[string]bool{}
			for _, d := range dirs {
				r, err := report.Load(d)
				if err != nil {
					return err
				}
				runs = append(runs, r)
				benches[r.Manifest.Benchmark] = true
			}
			g := report.ModelBenchmarkGrid(runs)
			if len(benches) == 1 {
				if g, err = report.BreakdownGrid(runs, breakdown); err != nil {
					if breakdown != "" {
						return fmt.Errorf("table: %v", err)
					}
					g = report.ModelBenchmarkGrid(runs) // a benchmark without breakdowns
				}
			} else if breakdown != "" {
				return usageErrorf("table: --breakdown is for runs of one benchmark")
			}
			return g.Render(cmd.OutOrStdout(), format)
		},
	}
	c.Flags().StringVar(&format, "format", report.FormatText, "text, markdown, latex or csv")
	c.Flags().StringVar(&breakdown, "breakdown", "", "runs of one benchmark: the breakdown whose groups are the columns (by_subject, by_level, ...)")
	return c
}
