package hardmath

import "context"

// SharedEvaluator evaluates a formula with the project's shared engine
// (latex.Parse, then expr at 64 bits under a 100 ms deadline): with
// realRoots, odd roots of negative numbers are real (the released ODE and
// integral answers' convention); otherwise powers take the principal
// complex branch (sympy's root(-10, 5) = 1.28+0.93i, the root answers'
// convention). It is the benchmark's default evaluator.
func SharedEvaluator(ctx context.Context, src string, vars map[string]complex128, realRoots bool) (complex128, error) {
	return evalLatex(ctx, src, vars, evalOptions{realRoots: realRoots})
}
