package asdiv

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/matheval/matheval/bench"
)

// Report is the outcome of checking a whole dataset (matheval data check
// asdiv). Inconsistent annotations are findings about the data that make
// the check fail: a correct reply to such an item may be graded wrong.
type Report struct {
	Path     string          `json:"path"`
	Items    int             `json:"items"`
	ByGrade  map[string]int  `json:"by_grade"`
	ByType   map[string]int  `json:"by_type"`
	Status   map[string]int  `json:"status"`
	Results  []CheckResult   `json:"results"` // every item, in load order (see Findings)
	Warnings []bench.Warning `json:"warnings"`
	// Categories counts, per category of the paper, the types and problems
	// the data holds; Quirks are facts of the release a user citing it
	// should know (see quirks).
	Categories []CategoryCount `json:"categories"`
	Quirks     []string        `json:"quirks"`
	// All makes WriteText list the unchecked items and the ok ones that
	// answer an intermediate value too, not only the inconsistent ones.
	All bool `json:"-"`
}

// Check loads ASDiv from path (as Load does) and checks every item's
// formula against its answer. It stops with ctx's error when ctx is done.
func Check(ctx context.Context, path string) (Report, error) {
	items, warns, err := New().Load(ctx, path, bench.LoadOptions{})
	if err != nil {
		return Report{}, err
	}
	rep, err := CheckItems(ctx, items)
	rep.Path, rep.Warnings = path, warns
	if err != nil {
		return rep, fmt.Errorf("%s: %w", path, err)
	}
	return rep, nil
}

// CheckItems checks every item and counts them per grade and type.
func CheckItems(ctx context.Context, items []bench.Item) (Report, error) {
	r := Report{Items: len(items), ByGrade: map[string]int{}, ByType: map[string]int{}, Status: map[string]int{}}
	for _, it := range items {
		if err := ctx.Err(); err != nil {
			return r, fmt.Errorf("check stopped at item %s: %w", it.ID, err)
		}
		formula, _ := it.Extra["formula"].(string)
		c := CheckFormula(ctx, formula, it.Answer)
		if err := ctx.Err(); err != nil {
			return r, fmt.Errorf("check stopped at item %s: %w", it.ID, err)
		}
		r.ByGrade[it.Meta["grade"]]++
		r.ByType[it.Meta["type"]]++
		c.ID = it.ID
		r.Status[c.Status]++
		r.Results = append(r.Results, c)
	}
	r.Categories = countCategories(r.ByType)
	r.Quirks = quirks(items)
	return r, nil
}

// CategoryCount is one of the paper's three categories as the data fills it.
type CategoryCount struct {
	Category   string `json:"category"`
	Types      int    `json:"types"`       // types of the category present in the data
	PaperTypes int    `json:"paper_types"` // the paper's count
	Problems   int    `json:"problems"`
}

func countCategories(byType map[string]int) []CategoryCount {
	var out []CategoryCount
	for _, c := range categoryOrder {
		cc := CategoryCount{Category: c, PaperTypes: PaperCategoryCounts[c]}
		for _, t := range typesOf(c) {
			if n := byType[t]; n > 0 {
				cc.Types++
				cc.Problems += n
			}
		}
		out = append(out, cc)
	}
	return out
}

// rareType is the number of problems under which a type is too small for
// its accuracy to mean anything, and is named among the quirks.
const rareType = 5

// quirks lists the release's oddities that change how its tables read:
// UnitTrans is both a solution type (of a few problems) and an attribute
// of the Solution-Type element (of many more, whose type is another one),
// and some types hold too few problems for a per-type accuracy.
func quirks(items []bench.Item) []string {
	asType, asAttr := 0, 0
	byType := map[string]int{}
	for _, it := range items {
		byType[it.Meta["type"]]++
		if it.Meta["type"] == "UnitTrans" {
			asType++
		}
		if _, ok := it.Extra["unit_trans"]; ok {
			asAttr++
		}
	}
	var out []string
	if asType > 0 || asAttr > 0 {
		out = append(out, fmt.Sprintf("UnitTrans is the solution type of %d problems and an attribute of the Solution-Type element (a unit conversion inside the solution) of %d problems; the by-type table counts only the %d", asType, asAttr, asType))
	}
	var rare []string
	for _, t := range slices.Sorted(maps.Keys(byType)) {
		if n := byType[t]; n < rareType {
			rare = append(rare, fmt.Sprintf("%s (%d)", t, n))
		}
	}
	if len(rare) > 0 {
		out = append(out, fmt.Sprintf("types with fewer than %d problems, whose accuracy is noise: %s", rareType, strings.Join(rare, ", ")))
	}
	return out
}

// Failed reports whether some item's gold answer disagrees with its formula.
func (r Report) Failed() bool { return r.Status[StatusInconsistent] > 0 }

// Findings returns r with only the results that are not ok.
func (r Report) Findings() Report {
	var keep []CheckResult
	for _, c := range r.Results {
		if c.Status != StatusOK {
			keep = append(keep, c)
		}
	}
	r.Results = keep
	return r
}

// WriteText prints the counts per grade and solution type, the formula
// check's counts, and the inconsistent items with the reason; with All, the
// ok items that answer an intermediate value and the unchecked items too
// (otherwise the unchecked ones counted by reason).
func (r Report) WriteText(w io.Writer) {
	fmt.Fprintf(w, "%s: %d items\n", r.Path, r.Items)
	for _, wn := range r.Warnings {
		fmt.Fprintln(w, "warning:", wn)
	}
	fmt.Fprintln(w, "\nby grade:")
	writeCounts(w, r.ByGrade)
	fmt.Fprintln(w, "\nby solution type:")
	writeCounts(w, r.ByType)
	if len(r.Categories) > 0 {
		fmt.Fprintln(w, "\nby the paper's categories (types in the data / the paper's, problems):")
		for _, c := range r.Categories {
			fmt.Fprintf(w, "  %-40s %2d / %2d types  %5d problems\n", c.Category, c.Types, c.PaperTypes, c.Problems)
		}
	}
	if len(r.Quirks) > 0 {
		fmt.Fprintln(w, "\nquirks of the release:")
		for _, q := range r.Quirks {
			fmt.Fprintln(w, "  "+q)
		}
	}
	fmt.Fprintf(w, "\nformula check: %d ok, %d inconsistent, %d unchecked\n",
		r.Status[StatusOK], r.Status[StatusInconsistent], r.Status[StatusUnchecked])
	intermediate := r.list(func(c CheckResult) bool { return c.Status == StatusOK && c.Intermediate })
	if len(intermediate) > 0 {
		fmt.Fprintf(w, "  of the ok ones, %d answer an intermediate value rather than the formula's last (--all lists them)\n", len(intermediate))
	}
	if r.All {
		writeResults(w, "ok items answering an intermediate value", intermediate)
	}
	writeResults(w, StatusInconsistent+" items", r.list(func(c CheckResult) bool { return c.Status == StatusInconsistent }))
	unchecked := r.list(func(c CheckResult) bool { return c.Status == StatusUnchecked })
	if r.All {
		writeResults(w, StatusUnchecked+" items", unchecked)
	} else if len(unchecked) > 0 {
		reasons := map[string]int{}
		for _, c := range unchecked {
			reasons[shortReason(c.Reason)]++
		}
		fmt.Fprintln(w, "\nunchecked, by reason (--all lists them):")
		writeCounts(w, reasons)
	}
}

func (r Report) list(keep func(CheckResult) bool) []CheckResult {
	var out []CheckResult
	for _, c := range r.Results {
		if keep(c) {
			out = append(out, c)
		}
	}
	return out
}

func writeResults(w io.Writer, title string, rs []CheckResult) {
	fmt.Fprintf(w, "\n%s:\n", title)
	if len(rs) == 0 {
		fmt.Fprintln(w, "  (none)")
	}
	for _, c := range rs {
		fmt.Fprintf(w, "  %s: %s\n      formula %q, answer %q\n", c.ID, c.Reason, c.Formula, c.Answer)
	}
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

func writeCounts(w io.Writer, m map[string]int) {
	for _, k := range slices.Sorted(maps.Keys(m)) {
		fmt.Fprintf(w, "  %-24s %5d\n", k, m[k])
	}
}
