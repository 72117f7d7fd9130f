package mutation_test

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/matheval/matheval/grader/mutation"
)

// TestSurface: every gold answer we hold, rendered in the notations models
// emit (Unicode, upright constants, plain replies, markdown, other math
// delimiters, other spacing), is graded Equal; every meaning-changing
// mutant rendered the same ways is graded Not Equal (issue 28, item 5). By
// default each gold is rendered in a seeded sample of styles (two answer
// styles, one reply style, one mutant); MATHEVAL_MUTATION_FULL=1 renders
// every gold and every answer mutant in every style.
//
// On a grader that drops or guesses what it does not read this test fails:
// its failures are the list in FINDINGS.md ("Round 3").
func TestSurface(t *testing.T) {
	t.Parallel()
	golds := suiteGolds(t)
	gen := mutation.Generator{Reprint: reprint}
	full := fullSweep()
	base, _ := basePairs(golds)
	per, st := generate(golds, func(i int, g mutation.Gold, st *mutation.Stats) []mutation.Pair {
		return gen.Surface(g, base[i], full, st)
	})
	tl, mutants, rewrites := gradeFamilies(t, "surface", golds, per, st)
	if !testing.Short() && (mutants < 10000 || rewrites < 10000) {
		t.Errorf("only %d rendered mutants and %d renderings of golds; the family promises 10,000 of each", mutants, rewrites)
	}
	// The targets of issue 28, held in CI: 0 false Equal and at least 99%
	// of the renderings Equal (99.99% of 34,262 on the tree that closed the
	// round-3 grader work; 91.18% when the family landed).
	assertFamilies(t, tl, 99, 99, nil)
}

// gradeFamilies grades the pairs of every gold, logs the table of counts
// per family (with the renderings or constructs skipped), writes the
// failures under MATHEVAL_MUTATION_OUT/<name>_*.jsonl, and returns the
// tally with the numbers of meaning-changing and meaning-keeping pairs.
func gradeFamilies(t *testing.T, name string, golds []suiteGold, per [][]mutation.Pair, st *mutation.Stats) (suiteTally, int, int) {
	var jobs []suiteJob
	for i := range golds {
		for _, p := range per[i] {
			jobs = append(jobs, suiteJob{&golds[i], p})
		}
	}
	tl := tallyJobs(jobs, gradeJobs(jobs))
	table, mutants, _ := tl.table(st, len(golds), len(jobs))
	var skip strings.Builder
	fams := map[string]bool{}
	for k := range st.NotApplicable {
		fams[k] = true
	}
	for k := range st.Dropped {
		fams[k] = true
	}
	if len(fams) > 0 {
		fmt.Fprintf(&skip, "skipped per family (not applicable: nothing to render or the construct does not apply; dropped: not made faithfully, the oracle could not confirm):\n")
		for _, k := range slices.Sorted(maps.Keys(fams)) {
			fmt.Fprintf(&skip, "  %-34s not applicable %7d  dropped %7d\n", k, st.NotApplicable[k], st.Dropped[k])
		}
	}
	t.Log("\n" + table + skip.String())
	rewrites := 0
	for _, fs := range tl.fams {
		if fs.expect == mutation.MustEqual {
			rewrites += fs.pairs
		}
	}
	if dir := os.Getenv("MATHEVAL_MUTATION_OUT"); dir != "" {
		for _, fs := range [][]failure{tl.falseEq, tl.rewriteMiss} {
			for i := range fs {
				fs[i].Engine = engineCompare(fs[i].Gold, fs[i].Extracted).Outcome.String()
			}
		}
		writeJSONL(t, filepath.Join(dir, name+"_false_equal.jsonl"), tl.falseEq)
		writeJSONL(t, filepath.Join(dir, name+"_not_equal.jsonl"), tl.rewriteMiss)
	}
	return tl, mutants, rewrites
}

// assertFamilies fails on every false Equal and when fewer than minRate
// percent of the meaning-keeping pairs are Equal, listing up to ten
// examples of each failing family.
// strictRound3 says whether the round-3 families assert the issue's
// targets (0 false Equal, the minimum Equal rate) or, by default, the
// ratchet: no family may have more false Equals than the baseline
// measured when the families landed, nor the rewrites a lower Equal rate.
// The baseline is the open work of issue 28, listed in FINDINGS.md; each
// fix lowers it (lower the numbers below with it), a regression fails CI.
func strictRound3() bool { return os.Getenv("MATHEVAL_MUTATION_STRICT") == "1" }

// assertFamilies checks the false Equals per family against ceiling (nil:
// none allowed) and the meaning-keeping pairs' Equal rate against
// minRate, or against the targets under MATHEVAL_MUTATION_STRICT=1.
func assertFamilies(t *testing.T, tl suiteTally, minRate, target float64, ceiling map[string]int) {
	t.Helper()
	if strictRound3() || fullSweep() { // the baseline is of the default sample
		minRate, ceiling = target, nil
	}
	byFam := map[string][]failure{}
	for _, f := range tl.falseEq {
		byFam[f.Family] = append(byFam[f.Family], f)
	}
	for _, fam := range slices.Sorted(maps.Keys(byFam)) {
		fs := byFam[fam]
		if n, ok := ceiling[fam]; ok && len(fs) <= n {
			t.Logf("[%s] %d false Equal (baseline %d; the target is 0: issue 28)", fam, len(fs), n)
			continue
		}
		var b strings.Builder
		for i, f := range fs {
			if i == 10 {
				fmt.Fprintf(&b, "\n    ... and %d more", len(fs)-10)
				break
			}
			fmt.Fprintf(&b, "\n    %s %s: gold %q, candidate %q (%s), extracted %q: %s", f.Bench, f.ID, f.Gold, f.Cand, f.Note, f.Extracted, f.Reason)
		}
		t.Errorf("[%s] %d false Equal:%s", fam, len(fs), b.String())
	}
	rewrites, equal := 0, 0
	for _, fs := range tl.fams {
		if fs.expect == mutation.MustEqual {
			rewrites += fs.pairs
			equal += fs.equal
		}
	}
	rate := 100 * float64(equal) / float64(max(rewrites, 1))
	if rate >= minRate {
		if rate < target {
			t.Logf("meaning-keeping pairs Equal %.2f%% (floor %.2f%%; the target is %.0f%%: issue 28)", rate, minRate, target)
		}
		return
	}
	miss := map[string][]failure{}
	for _, f := range tl.rewriteMiss {
		miss[f.Family] = append(miss[f.Family], f)
	}
	var b strings.Builder
	for _, fam := range slices.Sorted(maps.Keys(miss)) {
		fs := miss[fam]
		fmt.Fprintf(&b, "\n  [%s] %d not Equal:", fam, len(fs))
		for i, f := range fs {
			if i == 10 {
				fmt.Fprintf(&b, "\n    ... and %d more", len(fs)-10)
				break
			}
			fmt.Fprintf(&b, "\n    %s %s: gold %q, candidate %q: %s (%s)", f.Bench, f.ID, f.Gold, f.Cand, f.Verdict, f.Reason)
		}
	}
	t.Errorf("meaning-keeping pairs Equal %.2f%% (%d of %d), want at least %.0f%%:%s", rate, equal, rewrites, minRate, b.String())
}
