package main

import (
	"fmt"
	"maps"
	"slices"

	"github.com/matheval/matheval/bench/hardmath"
	"github.com/spf13/cobra"
)

// newGradeResponsesCmd is "grade-responses": grading responses stored by
// another tool, with that tool's own grades beside ours.
func newGradeResponsesCmd() *cobra.Command {
	c := &cobra.Command{
		Use:     "grade-responses",
		Short:   "Grade model responses stored by a benchmark's authors and compare with their grades",
		Example: "  matheval grade-responses hardmath ../shared/data/hardmath/authors-responses-7c4885c.tar.gz",
		Args:    cobra.NoArgs,
	}
	c.AddCommand(newGradeResponsesHardmathCmd())
	return c
}

func newGradeResponsesHardmathCmd() *cobra.Command {
	var (
		data     []string
		asJSON   bool
		list     bool
		sample   int
		seed     uint64
		verbose  bool
		markdown bool
		exact    bool
	)
	c := &cobra.Command{
		Use:   "hardmath FILE...",
		Short: "Grade the HARDMath authors' stored responses and print agreement with their scores",
		Long: `grade-responses hardmath reads the HARDMath authors' stored model responses as
released (evaluation/results/responses/<type>/<type>_<n>shot_<model>.json, each a
JSON object of {prompt, response, score, ...} keyed by problem id): the .tar.gz
itself, an extracted folder, or single files. Each response is matched to its
item by question text (the files use two numberings), graded by matheval, and
compared with the authors' stored score (a GPT-4o judge's grade with the paper's
rubric, or sympy for nondimensionalization).

It prints agreement per type and per type, model and shots (exact: scores within
0.01; quarter: within 0.25, the judge's granularity; full: both full credit or
both not), per type and the rubric the authors' judge was given (read from its
prompt: the archive mixes the paper's rubric with earlier ones, such as half credit
within an order of magnitude), the paper-shaped table (per model and shots, matheval's accuracy beside
the mean of the authors' scores, overall weighted 129/63/54/120 by category), and
the number of disagreements (--list prints each with matheval's reason).
--sample N --seed S prints N seeded random disagreements per type instead
(those more than 0.25 apart; with --exact, all more than 0.01 apart).

The data files are found beside the first FILE (eval_HARDMath*.json, the older
436-item numbering, then HARDMath_mini.json) unless --data names them.
Traditional-integral responses of the older two-regime set, in no data file, are
graded from their question and the ground truth quoted in the judge's prompt.`,
		Example: "  matheval grade-responses hardmath ../shared/data/hardmath/authors-responses-7c4885c.tar.gz\n" +
			"  matheval grade-responses hardmath --json results/responses/ode\n" +
			"  matheval grade-responses hardmath --sample 30 --seed 1 authors-responses-7c4885c.tar.gz",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if sample < 0 {
				return usageErrorf("--sample must not be negative")
			}
			files := data
			if len(files) == 0 {
				files = hardmath.DefaultCatalogFiles(args[0])
				if len(files) == 0 {
					return fmt.Errorf("%s: no HARDMath data file beside it (eval_HARDMath*.json, HARDMath_mini.json); name them with --data", args[0])
				}
			}
			cat, err := hardmath.NewCatalog(files...)
			if err != nil {
				return err
			}
			rs, err := hardmath.ReadResponses(args)
			if err != nil {
				return err
			}
			ctx, stop := interruptible(cmd)
			defer stop()
			gs := hardmath.GradeResponses(ctx, hardmath.New(), cat, rs)
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("interrupted after %d of %d responses: %w", len(gs), len(rs), err)
			}
			if sample > 0 {
				tol := hardmath.TolQuarter
				if exact {
					tol = hardmath.TolExact
				}
				picked := hardmath.SampleDisagreements(gs, tol, sample, seed)
				switch {
				case asJSON:
					printJSON(cmd, picked)
				case markdown:
					tally := hardmath.WriteDisagreementsMarkdown(ctx, cmd.OutOrStdout(), hardmath.New(), cat, picked)
					fmt.Fprintf(cmd.OutOrStdout(), "\n## Who is right (numerical check closer, within 0.25)\n\n"+
						"| type | matheval | authors | neither | unchecked | decided with a regime against the answer key |\n|---|---|---|---|---|---|\n")
					for _, t := range slices.Sorted(maps.Keys(tally)) {
						c := tally[t]
						fmt.Fprintf(cmd.OutOrStdout(), "| %s | %d | %d | %d | %d | %d |\n", t, c.Matheval, c.Authors, c.Neither, c.Unchecked, c.ByKey)
					}
				default:
					for _, g := range picked {
						hardmath.WriteGraded(cmd.OutOrStdout(), g)
					}
				}
				return nil
			}
			rep := hardmath.NewAgreementReport(gs)
			sum, err := hardmath.ReadAuthorsSummary(args)
			if err != nil {
				return err
			}
			rep.SetAuthorsSummary(sum)
			rep.Checked = hardmath.CheckDisagreements(ctx, hardmath.New(), cat, gs, hardmath.TolQuarter)
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("interrupted during the numerical check: %w", err)
			}
			if asJSON {
				if verbose {
					rep.Disagreements = gs
				}
				printJSON(cmd, rep)
				return nil
			}
			rep.WriteText(cmd.OutOrStdout(), list)
			return nil
		},
	}
	c.Flags().StringArrayVar(&data, "data", nil, "HARDMath data file to match questions in (repeatable; default: those beside the first FILE)")
	c.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	c.Flags().BoolVar(&list, "list", false, "list every disagreement with matheval's reason")
	c.Flags().BoolVarP(&verbose, "verbose", "v", false, "with --json: every graded response, not only the disagreements")
	c.Flags().IntVar(&sample, "sample", 0, "print N seeded random disagreements per type instead of the report")
	c.Flags().Uint64Var(&seed, "seed", 1, "seed for --sample")
	c.Flags().BoolVar(&exact, "exact", false, "with --sample: draw from every disagreement (scores more than 0.01 apart), not only those more than 0.25 apart")
	c.Flags().BoolVar(&markdown, "markdown", false, "with --sample: a Markdown list with a numerical check of each response and who is right")
	return c
}
