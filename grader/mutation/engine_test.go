package mutation_test

import (
	"context"
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
	return equiv.Compare(context.Background(), gold, cand, equiv.Options{Timeout: 500 * time.Millisecond})
}

// engineExact decides a case with the engine's exact evaluation, when it
// applies: ok is false when neither exact form is available.
func engineExact(c mutation.Case) (equal, ok bool) {
	g, err1 := latex.Parse(c.Gold)
	x, err2 := latex.Parse(c.Cand)
	if err1 != nil || err2 != nil {
		return false, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
	defer cancel()
	if a, err := expr.Algebraic(ctx, g, expr.Limits{}); err == nil {
		if b, err := expr.Algebraic(ctx, x, expr.Limits{}); err == nil {
			return a.Equal(b), true
		}
	}
	if a, err := expr.RationalFunction(ctx, g, expr.Limits{}); err == nil {
		if b, err := expr.RationalFunction(ctx, x, expr.Limits{}); err == nil {
			same, err := expr.SameRationalFunction(ctx, a, b, expr.Limits{})
			if err == nil {
				return same, true
			}
		}
	}
	return false, false
}
