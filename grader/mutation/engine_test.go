package mutation_test

import (
	"time"

	"github.com/matheval/matheval/equiv"
	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/grader/mutation"
	"github.com/matheval/matheval/latex"
)

// The engine calls of the suite and the differential test, in one place so
// that a change of the engine's signatures touches one file.

// engineCompare is the engine's verdict with its default (MATH) options, and
// a deadline that a loaded machine does not reach on ordinary pairs.
func engineCompare(gold, cand string) equiv.Result {
	return equiv.Compare(gold, cand, equiv.Options{Timeout: 500 * time.Millisecond})
}

// engineExact decides a case with the engine's exact evaluation, when it
// applies: ok is false when neither exact form is available.
func engineExact(c mutation.Case) (equal, ok bool) {
	g, err1 := latex.Parse(c.Gold)
	x, err2 := latex.Parse(c.Cand)
	if err1 != nil || err2 != nil {
		return false, false
	}
	lim := func() *expr.Limits { return &expr.Limits{Deadline: time.Now().Add(200 * time.Millisecond)} }
	if a, err := expr.Algebraic(g, lim()); err == nil {
		if b, err := expr.Algebraic(x, lim()); err == nil {
			return a.Equal(b), true
		}
	}
	if a, err := expr.RationalFunction(g, lim()); err == nil {
		if b, err := expr.RationalFunction(x, lim()); err == nil {
			same, err := expr.SameRationalFunction(a, b, lim())
			if err == nil {
				return same, true
			}
		}
	}
	return false, false
}
