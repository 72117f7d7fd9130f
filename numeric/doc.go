// Package numeric holds the numerical routines the HARDMath generators and
// graders rely on: polynomial roots (companion-matrix eigenvalues polished by
// Newton steps), adaptive quadrature with an error estimate (Gauss-Kronrod
// and tanh-sinh), an adaptive Dormand-Prince ODE solver with dense output,
// blow-up detection and a Rosenbrock fallback for stiff problems, Brent root
// finding and the global extremum of a function on an interval.
//
// Every routine has an evaluation or iteration limit and checks a context so
// that a caller's deadline always ends the work. The package depends only on
// the standard library and gonum's dense linear algebra.
package numeric

import (
	"context"
	"errors"
	"fmt"
)

// ErrLimit reports that a routine spent its evaluation or iteration budget
// before reaching the requested accuracy. Results returned with it are the
// best estimate found so far.
var ErrLimit = errors.New("numeric: evaluation limit reached")

// ErrNaN reports a function value that is NaN or infinite where a finite one
// is needed.
var ErrNaN = errors.New("numeric: function returned NaN or Inf")

// checkCtx returns the context's error, wrapped so that callers can tell
// which routine was stopped.
func checkCtx(ctx context.Context, where string) error {
	if ctx == nil {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("numeric: %s stopped: %w", where, err)
	}
	return nil
}
