package equiv

import (
	"errors"

	"github.com/matheval/matheval/expr"
)

// polyEqual decides equality exactly when both sides are rational functions
// with rational coefficients. ok is false when it does not apply (then
// numeric probing decides).
func (c *comparer) polyEqual(g, x expr.Node, vars map[string]bool) (Result, bool) {
	gr, err := expr.RationalFunction(c.ctx, g, c.lim)
	if err != nil {
		if errors.Is(err, expr.ErrDeadline) {
			c.limitHit = true
			return undec("deadline reached expanding polynomials"), true
		}
		return Result{}, false
	}
	xr, err := expr.RationalFunction(c.ctx, x, c.lim)
	if err != nil {
		if errors.Is(err, expr.ErrDeadline) {
			c.limitHit = true
			return undec("deadline reached expanding polynomials"), true
		}
		return Result{}, false
	}
	same, err := expr.SameRationalFunction(c.ctx, gr, xr, c.lim)
	if err != nil {
		return Result{}, false
	}
	if same {
		return eq("equal as rational functions (canonical form %s)", gr), true
	}
	return neq("different rational functions: %s vs %s", gr, xr), true
}
