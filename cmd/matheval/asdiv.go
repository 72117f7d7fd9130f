package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/bench/asdiv"
	"github.com/spf13/cobra"
)

// newDataCheckASDivCmd builds 'data check asdiv'.
func newDataCheckASDivCmd() *cobra.Command {
	var asJSON, all bool
	c := &cobra.Command{
		Use:   "asdiv PATH",
		Short: "Load ASDiv, count items per grade and type, and check every formula against its answer",
		Long: `asdiv loads ASDiv (ASDiv.xml, a folder holding it, or a JSON Lines mirror),
counts items per grade and per solution type, evaluates each item's annotated
formula with exact rational arithmetic and compares the result with the
labelled answer. Items whose formula disagrees with the answer are listed with
the reason; items whose formula cannot be evaluated (number patterns, clock
times, text answers) are counted as unchecked.

Inconsistent annotations are findings about the data and are printed, not
treated as failures: the command exits 1 only when the data cannot be loaded.`,
		Example: "  matheval data check asdiv ../shared/data/asdiv/ASDiv.xml\n" +
			"  matheval data check asdiv ../shared/data/asdiv/ASDiv.xml --all --json",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			items, warns, err := asdiv.New().Load(args[0], bench.LoadOptions{})
			if err != nil {
				return err
			}
			rep := asdiv.CheckItems(items)
			out := cmd.OutOrStdout()
			if asJSON {
				if !all {
					var keep []asdiv.CheckResult
					for _, r := range rep.Results {
						if r.Status != asdiv.StatusOK {
							keep = append(keep, r)
						}
					}
					rep.Results = keep
				}
				b, _ := json.MarshalIndent(struct {
					asdiv.Report
					Warnings []bench.Warning `json:"warnings"`
				}{rep, warns}, "", "  ")
				fmt.Fprintln(out, string(b))
				return nil
			}
			for _, w := range warns {
				fmt.Fprintln(cmd.ErrOrStderr(), "warning:", w)
			}
			fmt.Fprintf(out, "%s: %d items\n\nby grade:\n", args[0], rep.Items)
			printCounts(cmd, rep.ByGrade)
			fmt.Fprintln(out, "\nby solution type:")
			printCounts(cmd, rep.ByType)
			fmt.Fprintf(out, "\nformula check: %d ok, %d inconsistent, %d unchecked\n",
				rep.Status[asdiv.StatusOK], rep.Status[asdiv.StatusInconsistent], rep.Status[asdiv.StatusUnchecked])
			var inter []string
			for _, r := range rep.Results {
				if r.Status == asdiv.StatusOK && strings.HasPrefix(r.Reason, "answer is an intermediate value") {
					inter = append(inter, r.ID)
				}
			}
			if len(inter) > 0 {
				fmt.Fprintf(out, "  of the ok ones, %d answer an intermediate value rather than the formula's last (--all lists them)\n", len(inter))
			}
			if all {
				fmt.Fprintln(out, "\nok items answering an intermediate value:")
				if len(inter) == 0 {
					fmt.Fprintln(out, "  (none)")
				}
				for _, r := range rep.Results {
					if r.Status == asdiv.StatusOK && strings.HasPrefix(r.Reason, "answer is an intermediate value") {
						fmt.Fprintf(out, "  %s: %s\n      formula %q, answer %q\n", r.ID, r.Reason, r.Formula, r.Answer)
					}
				}
			}
			for _, st := range []string{asdiv.StatusInconsistent, asdiv.StatusUnchecked} {
				if st == asdiv.StatusUnchecked && !all {
					continue
				}
				fmt.Fprintf(out, "\n%s items:\n", st)
				if rep.Status[st] == 0 {
					fmt.Fprintln(out, "  (none)")
				}
				for _, r := range rep.Results {
					if r.Status == st {
						fmt.Fprintf(out, "  %s: %s\n      formula %q, answer %q\n", r.ID, r.Reason, r.Formula, r.Answer)
					}
				}
			}
			if !all && rep.Status[asdiv.StatusUnchecked] > 0 {
				reasons := map[string]int{}
				for _, r := range rep.Results {
					if r.Status == asdiv.StatusUnchecked {
						reasons[shortReason(r.Reason)]++
					}
				}
				fmt.Fprintln(out, "\nunchecked, by reason (--all lists them):")
				printCounts(cmd, reasons)
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	c.Flags().BoolVar(&all, "all", false, "list unchecked items too (with --json: every item)")
	return c
}

// shortReason groups unchecked reasons by their leading words.
func shortReason(s string) string {
	for i, r := range s {
		if r == ':' || r == '(' || r == '"' {
			return strings.TrimSpace(s[:i])
		}
	}
	return s
}

func printCounts(cmd *cobra.Command, m map[string]int) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(cmd.OutOrStdout(), "  %-24s %5d\n", k, m[k])
	}
}
