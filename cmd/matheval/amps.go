package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/matheval/matheval/bench/amps"
	"github.com/spf13/cobra"
)

// newGenAMPSCmd builds 'gen amps'.
func newGenAMPSCmd() *cobra.Command {
	var (
		modules   []string
		n         int
		seed      int64
		level     int
		split     string
		out       string
		list      bool
		asJSON    bool
		noRepeats bool
	)
	gen := &cobra.Command{
		Use:   "amps",
		Short: "Generate MATH-style exercises with exact answers from the AMPS-like module library",
		Long: `gen amps draws exercises from a library of seeded modules (algebra, calculus,
statistics, geometry, linear algebra, number theory, K-12) with answers computed by
matheval's exact CAS and, for the modules marked [steps], step-by-step solutions whose
steps are the computation's intermediate results. Every problem is kept only when a
second, independent check agrees (differentiating an antiderivative, substituting
roots, multiplying back, numerical evaluation, brute force) and the grader accepts its
boxed answer; the rest are dropped and counted. The output is JSON Lines in MATH's
record shape (problem, solution ending in \boxed{answer}, level, type = module) plus
answer, module, area, split, seed, index and unique_id. The same options always give
the same bytes.

--modules takes all, area names or module names (comma-separated). --n is the number
of problems per module; without --level the levels 1-5 are used in turn. Splits:
train and interpolate come from the same distributions and never share a problem;
extrapolate draws at larger sizes (bigger numbers, higher degrees, larger matrices,
longer compositions: --list says what for each module). --list prints the catalogue.

Problems are written as they are generated (memory does not grow with the output:
repeats are found through 16-byte hashes of the texts), into a temporary file beside
--out that is renamed when the generation is complete. A level whose distinct
problems run out keeps repeats (counted in the summary) so that every module writes
--n; with --no-repeats the level is closed instead and the module's other levels take
its turns, so a module whose levels all run out writes fewer than --n (also counted).`,
		Example: "  matheval gen amps --modules all --n 50 --seed 1 --out amps-seed1.jsonl\n" +
			"  matheval gen amps --modules calculus,poly_gcd --n 200 --level 5 --split extrapolate --out hard.jsonl\n" +
			"  matheval gen amps --list",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if list {
				cat := amps.Catalogue(seed)
				if asJSON {
					return amps.WriteCatalogueJSON(cmd.OutOrStdout(), cat)
				}
				amps.WriteCatalogue(cmd.OutOrStdout(), cat)
				return nil
			}
			if n < 1 || n > 1000000 {
				return usageErrorf("gen amps: --n %d: want 1 to 1000000 problems per module", n)
			}
			if level < 0 || level > 5 {
				return usageErrorf("gen amps: --level %d: want 1-5", level)
			}
			mods, err := amps.Select(modules)
			if err != nil {
				return usageErrorf("gen amps: %v", err)
			}
			switch split {
			case amps.Train, amps.Interpolate, amps.Extrapolate:
			default:
				return usageErrorf("gen amps: --split %q: want train, interpolate or extrapolate", split)
			}
			if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
				// The live heap is small (spools, hash sets): collecting
				// when it has grown 4x instead of 2x saves a fifth of the
				// CPU time (BenchmarkGenerate, GOGC=400 against 100); the
				// soft limit collects sooner once the hash set of a
				// generation of millions is large.
				debug.SetGCPercent(400)
				debug.SetMemoryLimit(384 << 20)
			}
			opts := amps.Options{Modules: mods, N: n, Seed: seed, Level: level, Split: split, NoRepeats: noRepeats}
			var st amps.Stats
			if out == "" || out == "-" {
				bw := bufio.NewWriterSize(cmd.OutOrStdout(), 1<<20)
				if st, err = amps.GenerateTo(cmd.Context(), bw, "", opts); err != nil {
					return err
				}
				if err := bw.Flush(); err != nil {
					return err
				}
			} else {
				// Written as generated into a temporary file beside the
				// output (whose directory also holds the modules' spools),
				// renamed when complete: a failed run leaves no partial file.
				dir := filepath.Dir(out)
				f, err := os.CreateTemp(dir, "."+filepath.Base(out)+".*.tmp")
				if err != nil {
					return err
				}
				tmp := f.Name()
				bw := bufio.NewWriterSize(f, 1<<20)
				st, err = amps.GenerateTo(cmd.Context(), bw, dir, opts)
				if err == nil {
					err = bw.Flush()
				}
				if cerr := f.Close(); err == nil {
					err = cerr
				}
				if err == nil {
					err = os.Chmod(tmp, 0o644)
				}
				if err == nil {
					err = os.Rename(tmp, out)
				}
				if err != nil {
					os.Remove(tmp)
					return err
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", out)
			}
			st.WriteText(cmd.ErrOrStderr())
			return nil
		},
	}
	f := gen.Flags()
	f.StringSliceVar(&modules, "modules", []string{"all"}, "modules: all, area names or module names")
	f.IntVar(&n, "n", 50, "problems per module")
	f.Int64Var(&seed, "seed", 1, "random seed")
	f.IntVar(&level, "level", 0, "difficulty 1-5 (default: levels 1-5 in turn)")
	f.StringVar(&split, "split", amps.Train, "split: train, interpolate or extrapolate")
	f.StringVar(&out, "out", "", "output file (default: standard output)")
	f.BoolVar(&list, "list", false, "print the module catalogue (area, description, extrapolation, one example) and exit")
	f.BoolVar(&asJSON, "json", false, "with --list: print the catalogue as JSON")
	f.BoolVar(&noRepeats, "no-repeats", false, "never keep a problem twice: a level whose problems run out is closed (the others take its turns), so a module may write fewer than --n")
	return gen
}

// newDataCheckAMPSCmd builds 'data check amps'.
func newDataCheckAMPSCmd() *cobra.Command {
	var asJSON bool
	check := &cobra.Command{
		Use:   "amps FILE",
		Short: "Regenerate and re-verify every problem of a file 'gen amps' wrote",
		Long: `check amps reads a JSON Lines file written by 'gen amps' and re-verifies every record:
it must regenerate from its module, seed, split, level and index to the same problem,
solution and answer (which runs the module's second path and the grader checks
again), and its answer must grade correct against its own solution and the gold
reply. It also runs the form lint over every problem and solution (a fraction over 1,
an exponent or coefficient 1 written out, an empty group, "a" before a vowel, an = in
the prose, a sign after a sign, a step that restates the previous one, ...). It lists
every record that fails and every lint finding, with its line, and exits 1 when there
is one.`,
		Example: "  matheval data check amps amps-seed1.jsonl\n  matheval data check amps --json amps-seed1.jsonl",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rep, err := amps.Check(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			return finishCheck(cmd, rep, asJSON)
		},
	}
	check.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	return check
}
