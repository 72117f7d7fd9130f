package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/matheval/matheval/bench/minif2f"
	"github.com/spf13/cobra"
)

// newMinif2fCmd builds 'minif2f' and its subcommands.
func newMinif2fCmd() *cobra.Command {
	top := &cobra.Command{
		Use:     "minif2f",
		Short:   "miniF2F: check candidate proofs (Metamath and Lean 4 tracks)",
		Long:    "Commands for miniF2F: 'check' for the Metamath track (v1 statements against set.mm), 'lean' for the Lean 4 track (through the Lean 4 REPL).",
		Example: "  matheval minif2f check ../shared/data/minif2f/metamath/valid",
	}
	top.AddCommand(newMinif2fCheckCmd("minif2f check"), newMinif2fLeanCmd())
	return top
}

// newMinif2fCheckCmd builds the Metamath track's check; name is the command
// path it answers to (minif2f check, data check minif2f), for messages.
func newMinif2fCheckCmd(name string) *cobra.Command {
	use := "check DIR_OR_FILE..."
	if name == "data check minif2f" {
		use = "minif2f DIR_OR_FILE..."
	}
	var setmm, candidates, ksFlag string
	var verifySetMM, asJSON, quiet bool
	check := &cobra.Command{
		Use:   use,
		Short: "Check candidate proofs against miniF2F's official Metamath statements",
		Long: `check loads miniF2F Metamath statements (folders such as
../shared/data/minif2f/metamath/valid; the folder's name is the split), reads
set.mm once, and checks each candidate proof against its official statement
appended to set.mm. A candidate is Metamath text holding a $p with the
problem's label (lemmas before it are allowed). It is rejected when it
declares an axiom ($a), a constant ($c) or includes a file, when its
hypotheses, $d restrictions or conclusion differ from the official statement,
when any proof has unknown (?) steps, or when any proof fails to verify.

Candidates come from --candidates: a folder of NAME.mm files (or NAME/*.mm for
several per problem), or a JSONL file of {"name": ..., "proof": ..., "split": ...}
lines. Without --candidates the reference proofs the problem files carry are
checked. The report gives each candidate's verdict and why it failed, then
the solved count and pass@k (Chen et al.'s unbiased estimator) per split and
per source.

Exit status, as for every check: 1 when material that must hold fails (the
reference proofs the problem files carry, checked without --candidates) or
when the check could not run; 0 when it ran and the material holds (with
--candidates a rejected candidate is a verdict, not a failure); 2 for a bad
command line. Also reachable as 'matheval data check minif2f'.`,
		Example: "  matheval minif2f check ../shared/data/minif2f/metamath/valid\n" +
			"  matheval minif2f check ../shared/data/minif2f/metamath/valid --setmm /usr/share/metamath/databases/set.mm\n" +
			"  matheval minif2f check ../shared/data/minif2f/metamath/test ../shared/data/minif2f/metamath/valid \\\n" +
			"      --candidates samples.jsonl --k 1,8,32 --json",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ks, err := parseKs(ksFlag)
			if err != nil {
				return usageErrorf("%s: --k: %v", name, err)
			}
			if setmm == "" {
				setmm = minif2f.DefaultSetMM
			}
			if _, err := os.Stat(setmm); err != nil {
				return usageErrorf("%s: set.mm not found at %s (give --setmm, or apt-get install metamath-databases)", name, setmm)
			}
			problems, err := minif2f.LoadDirs(args)
			if err != nil {
				return err
			}
			for _, p := range problems {
				for _, w := range p.Warnings {
					fmt.Fprintln(cmd.ErrOrStderr(), "warning:", w)
				}
			}
			var cands []minif2f.Candidate
			if candidates != "" {
				if cands, err = minif2f.LoadCandidates(candidates); err != nil {
					return err
				}
			} else {
				cands = minif2f.References(problems)
			}
			checker, err := minif2f.NewChecker(setmm, verifySetMM)
			if err != nil {
				return err
			}
			rep := minif2f.Run(checker, problems, cands, ks)
			out := cmd.OutOrStdout()
			if asJSON {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				if err := enc.Encode(rep); err != nil {
					return err
				}
			} else {
				printMinif2f(out, rep, quiet)
			}
			if candidates == "" {
				if n := failedReferences(rep); n > 0 {
					fmt.Fprintf(cmd.ErrOrStderr(), "matheval: %s: %d reference proofs failed to verify\n", name, n)
					return errSilentFailure
				}
			}
			return nil
		},
	}
	check.Flags().StringVar(&setmm, "setmm", "", "set.mm to check against (default "+minif2f.DefaultSetMM+")")
	check.Flags().StringVar(&candidates, "candidates", "", "candidate proofs: a folder of NAME.mm / NAME/*.mm, or a JSONL file (default: the files' reference proofs)")
	check.Flags().StringVar(&ksFlag, "k", "1", "comma-separated k values for pass@k")
	check.Flags().BoolVar(&verifySetMM, "verify-setmm", false, "also verify set.mm's own proofs (slower; by default they are trusted)")
	check.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	check.Flags().BoolVarP(&quiet, "quiet", "q", false, "print the summary only, not each candidate's verdict")
	return check
}

// failedReferences counts the problems whose reference proofs were
// checked and none verified (statements unusable by a data error aside).
func failedReferences(rep *minif2f.Report) int {
	n := 0
	for _, r := range rep.Results {
		if r.DataError == "" && len(r.Verdicts) > 0 && r.Correct == 0 {
			n++
		}
	}
	return n
}

func parseKs(s string) ([]int, error) {
	var ks []int
	for _, f := range strings.Split(s, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || k < 1 {
			return nil, fmt.Errorf("%q is not a positive integer", f)
		}
		ks = append(ks, k)
	}
	sort.Ints(ks)
	return ks, nil
}

func printMinif2f(w interface{ Write([]byte) (int, error) }, rep *minif2f.Report, quiet bool) {
	if !quiet {
		for _, r := range rep.Results {
			for i, v := range r.Verdicts {
				tag := ""
				if len(r.Verdicts) > 1 {
					tag = fmt.Sprintf(" #%d", i+1)
				}
				if v.OK {
					fmt.Fprintf(w, "%s/%s%s: verified\n", r.Split, r.Name, tag)
				} else {
					fmt.Fprintf(w, "%s/%s%s: FAILED: %s\n", r.Split, r.Name, tag, v.Reason)
				}
			}
		}
		for _, u := range rep.Unmatched {
			fmt.Fprintf(w, "candidate for no loaded problem: %s\n", u)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "%d candidates checked, %.2f ms each on average\n\n", rep.Candidates, rep.MeanCheckMS)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	header := "group\tproblems\tattempted\tsolved\t"
	for _, k := range rep.Ks {
		header += fmt.Sprintf("pass@%d\t", k)
	}
	fmt.Fprintln(tw, header)
	row := func(prefix string, g minif2f.Group) {
		line := fmt.Sprintf("%s%s\t%d\t%d\t%d\t", prefix, g.Key, g.Problems, g.Attempted, g.Solved)
		for _, k := range rep.Ks {
			line += fmt.Sprintf("%.3f\t", g.PassAtK[fmt.Sprintf("pass@%d", k)])
		}
		fmt.Fprintln(tw, line)
	}
	for _, g := range rep.BySplit {
		row("split ", g)
	}
	for _, g := range rep.BySource {
		row("source ", g)
	}
	row("", rep.All)
	tw.Flush()
	if note := rep.OlderSetMMNote(); note != "" {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "note: "+note)
	}
}
