package numeric

import (
	"context"
	"fmt"
	"math"
)

// ExtremumOptions tune a global extremum search.
type ExtremumOptions struct {
	// Deriv is f' when the caller has it (e.g. from a symbolic derivative);
	// critical points are then the roots of f' found by Brent's method in
	// every grid cell where f' changes sign. Without it, every grid local
	// minimum is refined by golden-section search.
	Deriv func(float64) float64
	Grid  int // sample points (default 2001)
}

// Extremum is a point of an interval where f takes its extreme value.
type Extremum struct {
	X, F     float64
	Endpoint bool // the extremum is at a or b
	// Critical lists the interior critical points found (x values).
	Critical []float64
}

// GlobalMin returns the global minimum of f on [a,b]: f is sampled on a
// grid, candidate minima (critical points or refined grid minima) are
// located to near machine precision, and the best of them and the endpoints
// wins. A minimum narrower than the grid spacing can be missed; callers that
// know f' should pass it.
func GlobalMin(ctx context.Context, f func(float64) float64, a, b float64, o ExtremumOptions) (Extremum, error) {
	if !(a < b) || math.IsInf(a, 0) || math.IsInf(b, 0) {
		return Extremum{}, fmt.Errorf("numeric: extremum needs a finite interval a<b, got [%g,%g]", a, b)
	}
	n := o.Grid
	if n < 3 {
		n = 2001
	}
	if n > 1000000 {
		n = 1000000
	}
	xs := make([]float64, n)
	fs := make([]float64, n)
	for i := range xs {
		xs[i] = a + (b-a)*float64(i)/float64(n-1)
		fs[i] = f(xs[i])
		if i%4096 == 0 {
			if err := checkCtx(ctx, "extremum search"); err != nil {
				return Extremum{}, err
			}
		}
	}
	best := Extremum{X: a, F: fs[0], Endpoint: true}
	if fs[n-1] < best.F {
		best = Extremum{X: b, F: fs[n-1], Endpoint: true}
	}
	consider := func(x float64) {
		if !(x > a && x < b) {
			return
		}
		best.Critical = append(best.Critical, x)
		if v := f(x); v < best.F || (v == best.F && best.Endpoint) {
			best.X, best.F, best.Endpoint = x, v, false
		}
	}
	if o.Deriv != nil {
		prev := o.Deriv(xs[0])
		for i := 1; i < n; i++ {
			cur := o.Deriv(xs[i])
			if cur == 0 {
				consider(xs[i])
			} else if prev != 0 && (prev > 0) != (cur > 0) {
				if r, err := Brent(ctx, o.Deriv, xs[i-1], xs[i], 0, 200); err == nil {
					consider(r)
				} else if ctx != nil && ctx.Err() != nil {
					return best, err
				}
			}
			prev = cur
		}
		return best, nil
	}
	for i := 1; i < n-1; i++ {
		if fs[i] <= fs[i-1] && fs[i] <= fs[i+1] {
			consider(golden(f, xs[i-1], xs[i+1], 200))
		}
	}
	return best, nil
}

// GlobalMax is GlobalMin of -f; the returned F is f's maximum.
func GlobalMax(ctx context.Context, f func(float64) float64, a, b float64, o ExtremumOptions) (Extremum, error) {
	g := func(x float64) float64 { return -f(x) }
	var d func(float64) float64
	if o.Deriv != nil {
		d = func(x float64) float64 { return -o.Deriv(x) }
	}
	e, err := GlobalMin(ctx, g, a, b, ExtremumOptions{Deriv: d, Grid: o.Grid})
	e.F = -e.F
	return e, err
}

// golden minimises f on [a,b] by golden-section search.
func golden(f func(float64) float64, a, b float64, maxIter int) float64 {
	const r = 0.6180339887498949
	c := b - r*(b-a)
	d := a + r*(b-a)
	fc, fd := f(c), f(d)
	for i := 0; i < maxIter && math.Abs(b-a) > 1e-15*math.Max(1, math.Abs(a)+math.Abs(b)); i++ {
		if fc < fd {
			b, d, fd = d, c, fc
			c = b - r*(b-a)
			fc = f(c)
		} else {
			a, c, fc = c, d, fd
			d = a + r*(b-a)
			fd = f(d)
		}
	}
	return 0.5 * (a + b)
}
