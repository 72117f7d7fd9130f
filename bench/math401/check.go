package math401

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/calc"
)

// Difference is an item whose file answer is not the query's literal value
// rounded to 4 decimals.
type Difference struct {
	ID       string `json:"id"`
	Line     string `json:"line,omitempty"`
	Group    int    `json:"group"`
	Query    string `json:"query"`
	Answer   string `json:"answer"`  // as the file gives it
	Literal  string `json:"literal"` // the query's value, rounded to 4 decimals ("" when it cannot be evaluated)
	Diff     string `json:"diff,omitempty"`
	Reason   string `json:"reason"`
	FailsAcc bool   `json:"fails_accuracy"` // |answer - literal| >= 1e-3: a perfect calculator is graded wrong
}

// OffDefinition is an item whose query is outside its group's definition.
type OffDefinition struct {
	ID     string `json:"id"`
	Line   string `json:"line,omitempty"`
	Group  int    `json:"group"`
	Query  string `json:"query"`
	Reason string `json:"reason"`
}

// CheckReport is the outcome of checking a file.
type CheckReport struct {
	Path        string       `json:"path"`
	Items       int          `json:"items"`
	PerGroup    map[int]int  `json:"per_group"`
	Differences []Difference `json:"differences"`
	// OffDefinition are items whose query does not fit its group's
	// definition (reported apart: their answers may still be right).
	OffDefinition []OffDefinition `json:"off_definition,omitempty"`
	Warnings      []bench.Warning `json:"warnings,omitempty"`
}

// Failed reports whether some answer is off by the accuracy tolerance or
// more (a gold answer that a correct reply would fail).
func (r CheckReport) Failed() bool {
	for _, d := range r.Differences {
		if d.FailsAcc {
			return true
		}
	}
	return false
}

// halfUnit is half a unit of the 4th decimal: an answer within it of the
// literal value is a correct rounding of it (either way at a tie).
var halfUnit = big.NewRat(5, 100000)
var accTol = big.NewRat(1, 1000)

var trigPi = regexp.MustCompile(`^\s*(sin|cos|tan)\((-?[0-9.]+)π\)\s*=?\s*$`)

// Check loads a file and recomputes every answer from its query. It stops
// with ctx's error when ctx is done.
func Check(ctx context.Context, path string) (CheckReport, error) {
	items, warns, err := ReadFile(path)
	if err != nil {
		return CheckReport{}, err
	}
	rep := CheckReport{Path: path, Items: len(items), PerGroup: map[int]int{}, Warnings: warns}
	for _, it := range items {
		if err := ctx.Err(); err != nil {
			return rep, fmt.Errorf("%s: check stopped at item %s: %w", path, it.ID, err)
		}
		g := Group(it)
		rep.PerGroup[g]++
		if d, ok := checkItem(ctx, it, g); ok {
			rep.Differences = append(rep.Differences, d)
		}
		if g >= 0 {
			if ok, why := Conforms(g, it.Problem); !ok {
				rep.OffDefinition = append(rep.OffDefinition, OffDefinition{ID: it.ID, Line: it.Meta["line"], Group: g, Query: it.Problem, Reason: why})
			}
		}
	}
	return rep, nil
}

func within(a, b, tol *big.Rat) bool {
	d := new(big.Rat).Sub(a, b)
	return d.Abs(d).Cmp(tol) <= 0
}

func checkItem(ctx context.Context, it bench.Item, g int) (Difference, bool) {
	d := Difference{ID: it.ID, Line: it.Meta["line"], Group: g, Query: it.Problem, Answer: it.Answer}
	ans, ok := new(big.Rat).SetString(it.Answer)
	if !ok {
		d.Reason = "the answer is not a number"
		d.FailsAcc = true
		return d, true
	}
	v, err := calc.Eval(ctx, it.Problem, calc.Options{})
	if err != nil {
		d.Reason = "the query cannot be evaluated: " + err.Error()
		d.FailsAcc = true
		return d, true
	}
	lit := v.Rat()
	if within(ans, lit, halfUnit) {
		return Difference{}, false
	}
	d.Literal = calc.FormatFixed(lit, calc.Places)
	diff := new(big.Rat).Sub(ans, lit)
	df, _ := diff.Float64()
	d.Diff = strconv.FormatFloat(df, 'g', 4, 64)
	d.FailsAcc = new(big.Rat).Abs(diff).Cmp(accTol) >= 0
	d.Reason = explain(ctx, it.Problem, ans, lit)
	return d, true
}

// explain finds why a released answer differs: the compatibility constants
// of the irrational group, or a trigonometric answer taken from the exact
// angle the query only shows rounded.
func explain(ctx context.Context, query string, ans, lit *big.Rat) string {
	// The released irrational group used π = 3.1415 and e = 2.71828; name
	// the constants that the query actually contains.
	if v, err := calc.Eval(ctx, query, calc.Options{Pi: compatPi, E: compatE}); err == nil && within(ans, v.Rat(), halfUnit) {
		var used []string
		if strings.Contains(query, "π") || strings.Contains(query, "pi") {
			used = append(used, "π = 3.1415")
		}
		if strings.Contains(strings.ReplaceAll(query, "pi", ""), "e") {
			used = append(used, "e = 2.71828")
		}
		if len(used) > 0 {
			return fmt.Sprintf("computed with %s (the true value is %s)", strings.Join(used, " and "), calc.FormatFixed(lit, calc.Places))
		}
	}
	if m := trigPi.FindStringSubmatch(query); m != nil {
		k, ok := new(big.Rat).SetString(m[2])
		if ok {
			for _, den := range []int64{3, 4, 6, 12} {
				// the nearest multiple of 1/den to the shown coefficient
				n := calc.Round(new(big.Rat).Mul(k, big.NewRat(den, 1)), 0).Num().Int64()
				exact := big.NewRat(n, den)
				if exact.Cmp(k) == 0 || !within(exact, k, big.NewRat(1, 200)) {
					continue
				}
				expr := fmt.Sprintf("%s((%s)π)", m[1], exact.RatString())
				if v, err := calc.Eval(ctx, expr, calc.Options{}); err == nil && within(ans, v.Rat(), halfUnit) {
					return fmt.Sprintf("%s of the exact angle %sπ, while the query shows %sπ rounded to 2 decimals (its value is %s)",
						m[1], exact.RatString(), m[2], calc.FormatFixed(lit, calc.Places))
				}
			}
		}
	}
	return fmt.Sprintf("the query's value is %s", calc.FormatFixed(lit, calc.Places))
}

// WriteText prints a report for people.
func (r CheckReport) WriteText(w io.Writer) {
	fmt.Fprintf(w, "%s: %d items", r.Path, r.Items)
	if r.Items == Size {
		fmt.Fprintf(w, " (1 + 16 × 25)")
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, "per group:")
	for g := -1; g < NumGroups; g++ {
		if n, ok := r.PerGroup[g]; ok {
			fmt.Fprintf(w, " %s:%d", groupLabel(g), n)
		}
	}
	fmt.Fprintln(w)
	for _, wn := range r.Warnings {
		fmt.Fprintln(w, "warning:", wn)
	}
	fails := 0
	for _, d := range r.Differences {
		if d.FailsAcc {
			fails++
		}
	}
	fmt.Fprintf(w, "%d answers differ from the query's literal value rounded to 4 decimals (%d by 1e-3 or more):\n", len(r.Differences), fails)
	for _, d := range r.Differences {
		mark := " "
		if d.FailsAcc {
			mark = "!"
		}
		where := d.ID
		if d.Line != "" {
			where = "line " + d.Line
		}
		fmt.Fprintf(w, "%s %-9s group %-2d %-22q answer %-10s literal %-10s %s\n", mark, where, d.Group, d.Query, d.Answer, d.Literal, d.Reason)
	}
	if fails > 0 {
		fmt.Fprintln(w, "! = off by 1e-3 or more: a correct reply is graded wrong on this item")
	}
	fmt.Fprintf(w, "\n%d queries outside their group's definition (their answers are checked above):\n", len(r.OffDefinition))
	for _, o := range r.OffDefinition {
		where := o.ID
		if o.Line != "" {
			where = "line " + o.Line
		}
		fmt.Fprintf(w, "  %-9s group %-2d %-22q %s\n", where, o.Group, o.Query, o.Reason)
	}
}
