package expr

import (
	"math"
	"time"
)

// Evaluate computes n numerically to about digits significant decimal
// digits, giving up after timeout (0 means one second). It is the entry
// point of a calculator: latex.Parse then Evaluate.
func Evaluate(n Node, digits int, timeout time.Duration) (Complex, error) {
	if digits < 1 {
		digits = 1
	}
	if digits > 1000 {
		digits = 1000
	}
	if timeout <= 0 {
		timeout = time.Second
	}
	prec := uint(math.Ceil(float64(digits)*math.Log2(10))) + 16
	return Eval(n, prec, nil, &Limits{Deadline: time.Now().Add(timeout)})
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
func Canonical(n Node, lim *Limits) string {
	if lim == nil {
		lim = &Limits{}
	}
	if r, err := Rational(n, lim); err == nil {
		return (&Num{V: r}).String()
	}
	if a, err := Algebraic(n, lim); err == nil {
		return a.String()
	}
	if f, err := RationalFunction(n, lim); err == nil {
		return f.String()
	}
	return Key(n)
}
