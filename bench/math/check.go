package math

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/corpus"
)

// PaperCounts are the MATH paper's problem counts per split and subject.
var PaperCounts = map[string]map[string]int{
	"test": {"algebra": 1187, "counting_and_probability": 474, "geometry": 479, "intermediate_algebra": 903,
		"number_theory": 540, "prealgebra": 871, "precalculus": 546},
	"train": {"algebra": 1744, "counting_and_probability": 771, "geometry": 870, "intermediate_algebra": 1295,
		"number_theory": 869, "prealgebra": 1205, "precalculus": 746},
}

// MATH500Counts are MATH-500's counts per subject.
var MATH500Counts = map[string]int{"algebra": 124, "counting_and_probability": 38, "geometry": 41,
	"intermediate_algebra": 97, "number_theory": 62, "prealgebra": 82, "precalculus": 56}

// Duplicate is a problem text found in more than one item: the same text
// by corpus.DuplicateKey (letter case, white space and grouping braces
// aside), the rule data dupes and data overlap use too.
type Duplicate struct {
	IDs   []string `json:"ids"`
	Cross bool     `json:"between_splits"`
}

// GoldFailure is an item whose gold answer does not grade correct against itself.
type GoldFailure struct {
	ID      string         `json:"id"`
	Gold    string         `json:"gold"`
	Verdict answer.Verdict `json:"verdict"`
}

// DataReport is the outcome of checking a MATH dataset.
type DataReport struct {
	Path       string                    `json:"path"`
	Items      int                       `json:"items"`
	Counts     map[string]map[string]int `json:"counts"`       // split -> subject -> n
	Levels     map[string]map[string]int `json:"levels"`       // split -> level -> n
	Paper      []string                  `json:"paper_checks"` // agreement with the paper's counts
	Duplicates []Duplicate               `json:"duplicates"`
	Failures   []GoldFailure             `json:"gold_failures"`
	// NoGold are items without a gold answer (an empty \boxed{}): listed,
	// not graded, and not failures of the grader.
	NoGold []string `json:"no_gold,omitempty"`
	// SolutionMismatches are items whose reference solution, graded as a
	// reply, does not give the gold answer (answer field vs \boxed{}).
	SolutionMismatches []GoldFailure   `json:"solution_mismatches,omitempty"`
	Warnings           []bench.Warning `json:"warnings,omitempty"`
}

// CheckData loads path and checks it, stopping with ctx's error when ctx
// ends.
func CheckData(ctx context.Context, path string) (DataReport, error) {
	items, warns, err := Load(path, bench.LoadOptions{})
	if err != nil {
		return DataReport{}, err
	}
	rep := DataReport{Path: path, Items: len(items), Counts: map[string]map[string]int{},
		Levels: map[string]map[string]int{}, Warnings: warns}
	b := New()
	byProblem := map[string][]bench.Item{}
	var order []string
	for _, it := range items {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		sp := it.Meta["split"]
		if rep.Counts[sp] == nil {
			rep.Counts[sp], rep.Levels[sp] = map[string]int{}, map[string]int{}
		}
		rep.Counts[sp][it.Meta["subject"]]++
		rep.Levels[sp][it.Meta["level"]]++
		k := corpus.DuplicateKey(it.Problem) // data dupes' and data overlap's rule
		if _, ok := byProblem[k]; !ok {
			order = append(order, k)
		}
		byProblem[k] = append(byProblem[k], it)
		if strings.TrimSpace(it.Answer) == "" {
			rep.NoGold = append(rep.NoGold, it.ID)
			continue
		}
		if v := b.Grade(ctx, it, b.GoldReply(it), "stop"); !v.IsCorrect() {
			rep.Failures = append(rep.Failures, GoldFailure{ID: it.ID, Gold: it.Answer, Verdict: v})
		}
		if it.Solution != "" {
			if v := b.Grade(ctx, it, it.Solution, "stop"); !v.IsCorrect() {
				rep.SolutionMismatches = append(rep.SolutionMismatches, GoldFailure{ID: it.ID, Gold: it.Answer, Verdict: v})
			}
		}
	}
	for _, k := range order {
		its := byProblem[k]
		if len(its) < 2 {
			continue
		}
		d := Duplicate{}
		for _, it := range its {
			d.IDs = append(d.IDs, it.ID)
			if it.Meta["split"] != its[0].Meta["split"] {
				d.Cross = true
			}
		}
		rep.Duplicates = append(rep.Duplicates, d)
	}
	rep.Paper = paperChecks(rep.Counts)
	return rep, nil
}

// paperChecks compares the counts with the paper's (or MATH-500's).
func paperChecks(counts map[string]map[string]int) []string {
	var out []string
	splits := make([]string, 0, len(counts))
	for s := range counts {
		splits = append(splits, s)
	}
	sort.Strings(splits)
	for _, sp := range splits {
		c := counts[sp]
		total := 0
		for _, n := range c {
			total += n
		}
		want, name := PaperCounts[sp], "the paper's "+sp+" split"
		if total == 500 {
			want, name = MATH500Counts, "MATH-500"
		}
		if want == nil {
			continue
		}
		var diffs []string
		for _, s := range Subjects {
			if c[s] != want[s] {
				diffs = append(diffs, fmt.Sprintf("%s %d (want %d)", s, c[s], want[s]))
			}
		}
		if len(diffs) == 0 {
			out = append(out, fmt.Sprintf("%s: %d problems, every subject count equals %s", sp, total, name))
		} else {
			out = append(out, fmt.Sprintf("%s: %d problems, differs from %s: %s", sp, total, name, strings.Join(diffs, ", ")))
		}
	}
	return out
}

// Failed reports whether a gold answer failed to grade against itself.
func (r DataReport) Failed() bool { return len(r.Failures) > 0 }

// WriteText prints the report for people.
func (r DataReport) WriteText(w io.Writer) {
	fmt.Fprintf(w, "%s: %d problems\n", r.Path, r.Items)
	splits := make([]string, 0, len(r.Counts))
	for s := range r.Counts {
		splits = append(splits, s)
	}
	sort.Strings(splits)
	for _, sp := range splits {
		total := 0
		for _, n := range r.Counts[sp] {
			total += n
		}
		fmt.Fprintf(w, "\n%s: %d\n", sp, total)
		have := map[string]bool{}
		for s := range r.Counts[sp] {
			have[s] = true
		}
		for _, s := range orderedSubjects(have) {
			fmt.Fprintf(w, "  %-26s %5d\n", title(s), r.Counts[sp][s])
		}
		haveL := map[string]bool{}
		for l := range r.Levels[sp] {
			haveL[l] = true
		}
		fmt.Fprint(w, "  levels:")
		for _, l := range orderedLevels(haveL) {
			fmt.Fprintf(w, " %s:%d", l, r.Levels[sp][l])
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
	for _, p := range r.Paper {
		fmt.Fprintln(w, p)
	}
	cross := 0
	for _, d := range r.Duplicates {
		if d.Cross {
			cross++
		}
	}
	fmt.Fprintf(w, "\nduplicate problems (%s): %d (%d between splits)\n", corpus.DuplicateRule, len(r.Duplicates), cross)
	for _, d := range r.Duplicates {
		where := "within a split"
		if d.Cross {
			where = "between splits"
		}
		fmt.Fprintf(w, "  %s: %s\n", where, strings.Join(d.IDs, ", "))
	}
	fmt.Fprintf(w, "\nwarnings: %d\n", len(r.Warnings))
	for _, wn := range r.Warnings {
		fmt.Fprintf(w, "  %s\n", wn)
	}
	fmt.Fprintf(w, "\nreference solutions that do not grade to their gold answer: %d\n", len(r.SolutionMismatches))
	for i, f := range r.SolutionMismatches {
		if i == 20 {
			fmt.Fprintf(w, "  ... and %d more (--json lists all)\n", len(r.SolutionMismatches)-20)
			break
		}
		fmt.Fprintf(w, "  %s: gold %q, solution gives %q: %s (%s)\n", f.ID, f.Gold, f.Verdict.Extracted, f.Verdict.Kind, f.Verdict.Reason)
	}
	fmt.Fprintf(w, "\nitems without a gold answer (empty \\boxed{}): %d %s\n", len(r.NoGold), strings.Join(r.NoGold, ", "))
	fmt.Fprintf(w, "\ngold answers that fail against themselves: %d\n", len(r.Failures))
	for _, f := range r.Failures {
		fmt.Fprintf(w, "  %s: gold %q: %s (%s)\n", f.ID, f.Gold, f.Verdict.Kind, f.Verdict.Reason)
	}
}
