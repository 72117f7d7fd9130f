package main

import (
	"fmt"

	"github.com/matheval/matheval/report"
	"github.com/spf13/cobra"
)

// newReportCmd builds 'report'.
func newReportCmd() *cobra.Command {
	var out string
	c := &cobra.Command{
		Use:   "report RUNDIR...",
		Short: "Write report.md, a self-contained report.html and plots for runs",
		Long: `report reads one or several run directories and writes report.md, a
self-contained report.html (inline CSS, plots inlined, opens with no network) and
plots/ with PNG and SVG figures. It renders the benchmark's summary (results.json):
the headline metrics with their definitions, then the benchmark's tables as its
paper shows them (MATH: by subject, by level, by both; MATH 401: Table 1; ASDiv:
by grade and type; HARDMath: by type and regime), each with its figure, every
interval a 95% bootstrap over items; then extraction diagnostics (verdict kinds,
their main reasons, finish reasons), calibration when samples carry
confidences, cost and tokens, and the manifest last. A partial run says so at
the top.

With one run the report goes into the run directory unless --out is given.
With several runs and --out, one combined report with a side-by-side table is
written there; without --out each run gets its own report in its directory.`,
		Example: "  matheval report runs/math-qwen\n  matheval report runs/math-a runs/math-b --out reports/ab",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var runs []*report.Run
			for _, d := range args {
				if err := checkRunDir("report", d); err != nil {
					return err
				}
				r, err := report.Load(d)
				if err != nil {
					return err
				}
				runs = append(runs, r)
			}
			groups := [][]*report.Run{runs}
			outs := []string{out}
			if out == "" {
				groups, outs = nil, nil
				for _, r := range runs {
					groups = append(groups, []*report.Run{r})
					outs = append(outs, r.Dir)
				}
			}
			for i, g := range groups {
				w, err := report.Write(g, outs[i])
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "wrote %s, %s and %d plot files\n", w.Markdown, w.HTML, len(w.Plots))
			}
			return nil
		},
	}
	c.Flags().StringVar(&out, "out", "", "write the report into this folder (default: the run directory)")
	return c
}
