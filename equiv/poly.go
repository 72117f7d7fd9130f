package equiv

import "github.com/matheval/matheval/expr"

// polyEqual decides equality exactly when both sides are rational functions
// with rational coefficients (expr.PolyOf). ok is false when it does not apply.
func (c *comparer) polyEqual(g, x expr.Node, vars map[string]bool) (Result, bool) {
	return Result{}, false
}
