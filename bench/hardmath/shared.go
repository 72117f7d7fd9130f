package hardmath

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
)

// SharedEvaluator evaluates a formula with the project's shared engine
// (latex.Parse, then expr.Eval at 64 bits under a 100 ms deadline). It takes
// odd roots of negative numbers as real, which is the released ODE and
// integral answers' convention; it cannot give the principal complex branch
// the root answers need (sympy's root(-10, 5) = 1.28+0.93i), so the
// default evaluator uses it for real-valued formulas only, with the
// package's own (latexeval.go) for the rest and as a fallback; a test checks
// the two agree on every real-valued reference formula of HARDMath-mini.
func SharedEvaluator(src string, vars map[string]complex128, realRoots bool) (complex128, error) {
	if !realRoots {
		return 0, fmt.Errorf("the shared engine has no principal-branch mode")
	}
	n, err := latex.Parse(src)
	if err != nil {
		return 0, err
	}
	env := map[string]*big.Rat{}
	for v := range expr.FreeVars(n) {
		val, ok := vars[v]
		if !ok {
			val, ok = vars[strings.TrimPrefix(v, `\`)]
		}
		if !ok {
			return 0, fmt.Errorf("unknown variable %q", v)
		}
		if imag(val) != 0 {
			return 0, fmt.Errorf("complex value for %s", v)
		}
		r := new(big.Rat)
		if r.SetFloat64(real(val)) == nil {
			return 0, fmt.Errorf("value of %s not finite", v)
		}
		env[v] = r
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	c, err := expr.Eval(ctx, n, 64, env, expr.EvalOptions{})
	if err != nil {
		return 0, err
	}
	re, _ := c.Re.Float64()
	im, _ := c.Im.Float64()
	return complex(re, im), nil
}
