package expr

import (
	"context"
	"math"
)

// Evaluate computes n numerically to about digits significant decimal
// digits, giving up with ErrDeadline when ctx is done. It is the entry
// point of a calculator: latex.Parse then Evaluate.
func Evaluate(ctx context.Context, n Node, digits int) (Complex, error) {
	if digits < 1 {
		digits = 1
	}
	if digits > 1000 {
		digits = 1000
	}
	prec := uint(math.Ceil(float64(digits)*math.Log2(10))) + 16
	return Eval(ctx, n, prec, nil, EvalOptions{})
}

// Float64 returns the real part of c as a float64 (±Inf beyond range).
func (c Complex) Float64() float64 {
	f, _ := c.Re.Float64()
	return f
}

// Canonical returns a canonical LaTeX form of a scalar expression: the
// reduced fraction of a rational, the simplified radical form of an
// algebraic number, the expanded polynomial (or quotient of polynomials)
// of a rational function, else the tree with sorted operands.
func Canonical(ctx context.Context, n Node, lim Limits) string {
	if r, err := Rational(ctx, n, lim); err == nil {
		return (&Num{V: r}).String()
	}
	if a, err := Algebraic(ctx, n, lim); err == nil {
		return a.String()
	}
	if f, err := RationalFunction(ctx, n, lim); err == nil {
		return f.String()
	}
	return Key(n)
}
