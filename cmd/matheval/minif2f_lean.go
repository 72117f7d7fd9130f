package main

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/matheval/matheval/bench/minif2f"
	"github.com/matheval/matheval/formal/lean"
	"github.com/spf13/cobra"
)

// newMinif2fLeanCmd builds 'minif2f lean'.
func newMinif2fLeanCmd() *cobra.Command {
	var data, candidates, replCmd, project, split, ksFlag string
	var timeout, headerTimeout time.Duration
	var maxInput, maxMemory, jobs int
	var asJSON, quiet bool
	c := &cobra.Command{
		Use:   "lean",
		Short: "Check candidate proofs for miniF2F's Lean 4 track with the Lean REPL",
		Long: `lean loads miniF2F's Lean 4 statements (a JSONL file of name, split,
informal_prefix, formal_statement, goal, header), starts the Lean 4 REPL
(leanprover-community/repl) with --repl in the Lean project --project (which
must have Mathlib built), runs the header (import Mathlib ...) once, and
checks every candidate in that environment.

Candidates are a JSONL file of {"name": ..., "proof": ..., "split": ...}
lines (split optional; repeated names give several candidates). "proof" is
either the full theorem text ("theorem NAME ... := ...", lemmas and a copy
of the header's imports allowed before it) or a proof appended to the
official formal_statement: a tactic block (indented, as after ":= by"),
or text starting with "by" or ":=" that replaces the statement's ending.

A candidate is accepted only when: it restates the theorem exactly as the
official formal_statement (comments removed, white space normalised); it
uses none of the forbidden words (sorry, admit, axiom, native_decide,
notations, macros, instances, namespaces, section variables, ...); Lean
reports no error and no sorry within --timeout; "#print axioms" lists only
propext, Classical.choice and Quot.sound; and the theorem's elaborated type
(pp.all) equals the official statement's elaborated in the bare header. A
candidate that times out, crashes the REPL or exceeds --max-memory-mb is
rejected and the REPL is restarted for the next one.

The report gives each candidate's verdict and why it failed, then the
solved count and pass@k (Chen et al.'s unbiased estimator) per split and per
source, as 'matheval minif2f check' does for the Metamath track.

Exit status: 0 when the check ran (whatever the verdicts), 1 when it could
not run (the REPL cannot start, the header does not compile, bad data), 2
for a bad command line.`,
		Example: "  matheval minif2f lean --data ../shared/data/minif2f/lean4/minif2f.jsonl --candidates samples.jsonl \\\n" +
			"      --repl 'lake env ../repl/.lake/build/bin/repl' --project ~/mathlib-project --k 1,8,32\n" +
			"  matheval minif2f lean --data minif2f.jsonl --candidates samples.jsonl --repl 'lake exe repl' --project . --split test --jobs 4 --json",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ks, err := parseKs(ksFlag)
			if err != nil {
				return usageErrorf("minif2f lean: --k: %v", err)
			}
			if data == "" || candidates == "" || replCmd == "" {
				return usageErrorf("minif2f lean: --data, --candidates and --repl are required (see 'matheval minif2f lean --help')")
			}
			if split != "" && split != "valid" && split != "test" {
				return usageErrorf("minif2f lean: --split must be valid or test, not %q", split)
			}
			if info, err := os.Stat(candidates); err != nil || info.IsDir() {
				return usageErrorf("minif2f lean: --candidates %s is not a JSONL file", candidates)
			}
			if jobs < 1 {
				return usageErrorf("minif2f lean: --jobs must be at least 1")
			}
			if timeout <= 0 || headerTimeout <= 0 || maxInput <= 0 || maxMemory < 0 {
				return usageErrorf("minif2f lean: --timeout, --header-timeout and --max-input-bytes must be positive, --max-memory-mb not negative")
			}
			problems, err := minif2f.LoadLean(data)
			if err != nil {
				return err
			}
			if split != "" {
				var kept []minif2f.LeanProblem
				for _, p := range problems {
					if p.Split == split {
						kept = append(kept, p)
					}
				}
				problems = kept
				if len(problems) == 0 {
					return fmt.Errorf("minif2f lean: %s has no %s problems", data, split)
				}
			}
			cands, err := minif2f.LoadCandidates(candidates)
			if err != nil {
				return err
			}
			cfg := lean.Config{
				Command: replCmd, Dir: project, Timeout: timeout, HeaderTimeout: headerTimeout,
				MaxInput: maxInput, MaxMemoryMB: maxMemory,
			}
			var checks []minif2f.LeanCheck
			var repls []*lean.REPL
			defer func() {
				for _, r := range repls {
					r.Close()
				}
			}()
			for i := 0; i < jobs; i++ {
				repl := lean.New(cfg)
				repls = append(repls, repl)
				checker := lean.NewChecker(repl)
				// Start now, so that a REPL that cannot start is one
				// clear error rather than a verdict per candidate.
				if err := checker.Start(problems[0].Header); err != nil {
					return fmt.Errorf("minif2f lean: cannot start the Lean REPL %q in %s: %v", replCmd, project, err)
				}
				checks = append(checks, checker.Check)
			}
			rep, err := minif2f.RunLeanParallel(checks, problems, cands, ks, nil)
			if err != nil {
				return fmt.Errorf("minif2f lean: %v", err)
			}
			out := cmd.OutOrStdout()
			if asJSON {
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(rep)
			}
			printMinif2f(out, rep, quiet)
			starts := 0
			for _, r := range repls {
				starts += r.Starts()
			}
			fmt.Fprintf(out, "\nLean REPL processes started: %d (%d parallel; more means restarts after timeouts or crashes)\n", starts, jobs)
			return nil
		},
	}
	f := c.Flags()
	f.StringVar(&data, "data", "", "miniF2F Lean 4 statements (JSONL), e.g. ../shared/data/minif2f/lean4/minif2f.jsonl")
	f.StringVar(&candidates, "candidates", "", "candidate proofs: JSONL of {\"name\", \"proof\"[, \"split\"]}")
	f.StringVar(&replCmd, "repl", "", "shell command line starting the Lean REPL, run in --project (e.g. 'lake env /path/to/repl')")
	f.StringVar(&project, "project", ".", "Lean project folder with Mathlib built, where the REPL runs")
	f.StringVar(&split, "split", "", "check only this split (valid or test)")
	f.StringVar(&ksFlag, "k", "1", "comma-separated k values for pass@k")
	f.DurationVar(&timeout, "timeout", 60*time.Second, "time limit per candidate (the REPL is restarted after a timeout)")
	f.DurationVar(&headerTimeout, "header-timeout", 10*time.Minute, "time limit for running the header (import Mathlib)")
	f.IntVar(&maxInput, "max-input-bytes", 64<<10, "largest candidate accepted, in bytes")
	f.IntVar(&maxMemory, "max-memory-mb", 0, "kill and restart the REPL when its resident memory exceeds this (0: no limit)")
	f.IntVar(&jobs, "jobs", 1, "REPL processes run in parallel (each imports Mathlib: several GiB of memory each)")
	f.BoolVar(&asJSON, "json", false, "print the report as JSON")
	f.BoolVarP(&quiet, "quiet", "q", false, "print the summary only, not each candidate's verdict")

	return c
}
