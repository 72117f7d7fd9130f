package numeric

import (
	"context"
	"fmt"
	"math"
)

// Brent finds a root of f in [a,b], where f(a) and f(b) have opposite signs
// (or one is zero), by Brent's method: inverse quadratic interpolation or
// secant steps, falling back to bisection whenever they do not shrink the
// bracket fast enough. It stops when the bracket is narrower than tol
// (default 1e-14 relative) or after maxIter iterations (default 200).
func Brent(ctx context.Context, f func(float64) float64, a, b, tol float64, maxIter int) (float64, error) {
	if maxIter <= 0 {
		maxIter = 200
	}
	fa, fb := f(a), f(b)
	if math.IsNaN(fa) || math.IsNaN(fb) {
		return math.NaN(), fmt.Errorf("numeric: Brent on [%g,%g]: %w", a, b, ErrNaN)
	}
	if fa == 0 {
		return a, nil
	}
	if fb == 0 {
		return b, nil
	}
	if (fa > 0) == (fb > 0) {
		return math.NaN(), fmt.Errorf("numeric: Brent: f(%g)=%g and f(%g)=%g do not bracket a root", a, fa, b, fb)
	}
	c, fc := a, fa
	d := b - a
	e := d
	for it := 0; it < maxIter; it++ {
		if it%32 == 31 {
			if err := checkCtx(ctx, "Brent root finding"); err != nil {
				return b, err
			}
		}
		if (fb > 0) == (fc > 0) {
			c, fc = a, fa
			d = b - a
			e = d
		}
		if math.Abs(fc) < math.Abs(fb) {
			a, b, c = b, c, b
			fa, fb, fc = fb, fc, fb
		}
		tol1 := 2*2.2e-16*math.Abs(b) + 0.5*math.Max(tol, 0)
		if tol <= 0 {
			tol1 = 2*2.2e-16*math.Abs(b) + 0.5e-14*math.Max(1, math.Abs(b))
		}
		xm := 0.5 * (c - b)
		if math.Abs(xm) <= tol1 || fb == 0 {
			return b, nil
		}
		if math.Abs(e) >= tol1 && math.Abs(fa) > math.Abs(fb) {
			var p, q float64
			s := fb / fa
			if a == c {
				p = 2 * xm * s
				q = 1 - s
			} else {
				q0 := fa / fc
				r := fb / fc
				p = s * (2*xm*q0*(q0-r) - (b-a)*(r-1))
				q = (q0 - 1) * (r - 1) * (s - 1)
			}
			if p > 0 {
				q = -q
			}
			p = math.Abs(p)
			if 2*p < math.Min(3*xm*q-math.Abs(tol1*q), math.Abs(e*q)) {
				e = d
				d = p / q
			} else {
				d, e = xm, xm
			}
		} else {
			d, e = xm, xm
		}
		a, fa = b, fb
		if math.Abs(d) > tol1 {
			b += d
		} else if xm > 0 {
			b += tol1
		} else {
			b -= tol1
		}
		fb = f(b)
		if math.IsNaN(fb) {
			return b, fmt.Errorf("numeric: Brent: f(%g) is NaN: %w", b, ErrNaN)
		}
	}
	return b, fmt.Errorf("numeric: Brent on [%g,%g]: %w", a, c, ErrLimit)
}
