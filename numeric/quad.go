package numeric

import (
	"container/heap"
	"context"
	"fmt"
	"math"
)

// QuadOptions bound an adaptive quadrature. Zero fields take defaults.
type QuadOptions struct {
	AbsTol   float64 // absolute error goal (default 1e-12)
	RelTol   float64 // relative error goal (default 1e-12)
	MaxEvals int     // function evaluation limit (default 200000)
}

func (o QuadOptions) withDefaults() QuadOptions {
	if o.AbsTol <= 0 {
		o.AbsTol = 1e-12
	}
	if o.RelTol <= 0 {
		o.RelTol = 1e-12
	}
	if o.MaxEvals <= 0 {
		o.MaxEvals = 200000
	}
	return o
}

// QuadResult is an integral's value with its estimated absolute error.
type QuadResult struct {
	Value  float64
	AbsErr float64
	Evals  int
}

// Gauss-Kronrod 10/21 nodes and weights on [-1,1] (QUADPACK's qk21).
// Nodes xgk[1], xgk[3], ..., xgk[9] are the 10-point Gauss nodes.
var (
	gkX = [11]float64{
		0.995657163025808080735527280689003, 0.973906528517171720077964012084452,
		0.930157491355708226001207180059508, 0.865063366688984510732096688423493,
		0.780817726586416897063717578345042, 0.679409568299024406234327365114874,
		0.562757134668604683339000099272694, 0.433395394129247190799265943165784,
		0.294392862701460198131126603103866, 0.148874338981631210884826001129720,
		0,
	}
	gkW = [11]float64{
		0.011694638867371874278064396062192, 0.032558162307964727478818972459390,
		0.054755896574351996031381300244580, 0.075039674810919952767043140916190,
		0.093125454583697605535065465083366, 0.109387158802297641899210590325805,
		0.123491976262065851077208063265280, 0.134709217311473325928054001771707,
		0.142775938577060080797094273138717, 0.147739104901338491374841515972068,
		0.149445554002916905664936468389821,
	}
	gW = [5]float64{
		0.066671344308688137593568809893332, 0.149451349150580593145776339657697,
		0.219086362515982043995534934228163, 0.269266719309996355091226921569469,
		0.295524224714752870173892994651338,
	}
)

type segment struct {
	a, b, val, err float64
}

type segHeap []segment

func (h segHeap) Len() int           { return len(h) }
func (h segHeap) Less(i, j int) bool { return h[i].err > h[j].err }
func (h segHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *segHeap) Push(x any)        { *h = append(*h, x.(segment)) }
func (h *segHeap) Pop() any {
	old := *h
	s := old[len(old)-1]
	*h = old[:len(old)-1]
	return s
}

// gk21 applies the 21-point Kronrod rule on [a,b] and estimates its error
// with QUADPACK's heuristic, which is far less pessimistic than |K-G| for
// smooth integrands while staying safe for rough ones.
func gk21(f func(float64) float64, a, b float64) (val, err float64, bad bool) {
	c := 0.5 * (a + b)
	h := 0.5 * (b - a)
	fc := f(c)
	resK := fc * gkW[10]
	resG := 0.0
	var fv1, fv2 [10]float64
	for j := 0; j < 10; j++ {
		dx := h * gkX[j]
		f1, f2 := f(c-dx), f(c+dx)
		fv1[j], fv2[j] = f1, f2
		resK += gkW[j] * (f1 + f2)
		if j%2 == 1 {
			resG += gW[j/2] * (f1 + f2)
		}
	}
	mean := resK * 0.5
	resasc := gkW[10] * math.Abs(fc-mean)
	for j := 0; j < 10; j++ {
		resasc += gkW[j] * (math.Abs(fv1[j]-mean) + math.Abs(fv2[j]-mean))
	}
	ah := math.Abs(h)
	val = resK * h
	err = math.Abs((resK - resG) * h)
	resasc *= ah
	if resasc != 0 && err != 0 {
		err = resasc * math.Min(1, math.Pow(200*err/resasc, 1.5))
	}
	if math.IsNaN(val) || math.IsInf(val, 0) {
		bad = true
	}
	return val, err, bad
}

// Integrate computes the integral of f over [a,b] by globally adaptive
// Gauss-Kronrod 10/21 quadrature: the segment with the largest error
// estimate is bisected until the total error meets the tolerance. Infinite
// bounds are mapped to finite ones (x = a + t/(1-t) and its mirrors); the
// rule never evaluates an endpoint, so integrable endpoint singularities are
// handled by repeated bisection toward them. a > b gives the negated integral.
func Integrate(ctx context.Context, f func(float64) float64, a, b float64, o QuadOptions) (QuadResult, error) {
	o = o.withDefaults()
	if math.IsNaN(a) || math.IsNaN(b) {
		return QuadResult{}, fmt.Errorf("numeric: integration bound is NaN")
	}
	if a == b {
		return QuadResult{}, nil
	}
	if a > b {
		r, err := Integrate(ctx, f, b, a, o)
		r.Value = -r.Value
		return r, err
	}
	g := f
	ta, tb := a, b
	switch {
	case math.IsInf(a, -1) && math.IsInf(b, 1):
		// x = t/(1-t^2) on (-1,1).
		g = func(t float64) float64 {
			d := 1 - t*t
			x := t / d
			return f(x) * (1 + t*t) / (d * d)
		}
		ta, tb = -1, 1
	case math.IsInf(b, 1):
		g = func(t float64) float64 {
			d := 1 - t
			return f(a+t/d) / (d * d)
		}
		ta, tb = 0, 1
	case math.IsInf(a, -1):
		g = func(t float64) float64 {
			d := 1 - t
			return f(b-t/d) / (d * d)
		}
		ta, tb = 0, 1
	}
	return adaptGK(ctx, g, ta, tb, o)
}

func adaptGK(ctx context.Context, f func(float64) float64, a, b float64, o QuadOptions) (QuadResult, error) {
	evals := 21
	v, e, bad := gk21(f, a, b)
	if bad {
		return QuadResult{Value: v, AbsErr: math.Inf(1), Evals: evals}, fmt.Errorf("numeric: integrand not finite on [%g,%g]: %w", a, b, ErrNaN)
	}
	h := &segHeap{{a, b, v, e}}
	total, totalErr := v, e
	for {
		tol := math.Max(o.AbsTol, o.RelTol*math.Abs(total))
		if totalErr <= tol {
			break
		}
		if evals+42 > o.MaxEvals {
			return QuadResult{total, totalErr, evals}, fmt.Errorf("numeric: quadrature on [%g,%g] after %d evaluations, error %.3g: %w", a, b, evals, totalErr, ErrLimit)
		}
		if evals%(42*50) == 21 {
			if err := checkCtx(ctx, "quadrature"); err != nil {
				return QuadResult{total, totalErr, evals}, err
			}
		}
		s := heap.Pop(h).(segment)
		m := 0.5 * (s.a + s.b)
		if m <= s.a || m >= s.b {
			// The segment cannot be split any further in floating point:
			// accept what it has, the rest of the error budget is elsewhere.
			heap.Push(h, segment{s.a, s.b, s.val, 0})
			totalErr -= s.err
			continue
		}
		v1, e1, b1 := gk21(f, s.a, m)
		v2, e2, b2 := gk21(f, m, s.b)
		evals += 42
		if b1 || b2 {
			return QuadResult{total, math.Inf(1), evals}, fmt.Errorf("numeric: integrand not finite near [%g,%g]: %w", s.a, s.b, ErrNaN)
		}
		heap.Push(h, segment{s.a, m, v1, e1})
		heap.Push(h, segment{m, s.b, v2, e2})
		// Re-sum rather than update, so rounding does not accumulate.
		total, totalErr = 0, 0
		for _, x := range *h {
			total += x.val
			totalErr += x.err
		}
	}
	return QuadResult{total, totalErr, evals}, nil
}

// TanhSinh integrates f over the finite interval [a,b] with the double
// exponential rule, refining the step until two levels agree. It suits
// integrands with strong endpoint singularities (x^-0.9, log x): the nodes
// cluster doubly exponentially at the ends, and the distance to an endpoint
// is computed directly, so f is never evaluated at an endpoint itself. Nodes
// are x values, so a singularity is resolved down to the spacing of floats
// near it: fully at 0, only to about 1e-16 relative elsewhere (shift the
// variable so the singular end is 0 when that matters).
func TanhSinh(ctx context.Context, f func(float64) float64, a, b float64, o QuadOptions) (QuadResult, error) {
	o = o.withDefaults()
	if math.IsInf(a, 0) || math.IsInf(b, 0) || math.IsNaN(a) || math.IsNaN(b) {
		return QuadResult{}, fmt.Errorf("numeric: tanh-sinh needs finite bounds, got [%g,%g]", a, b)
	}
	if a == b {
		return QuadResult{}, nil
	}
	half := 0.5 * (b - a)
	const tmax = 6.5 // beyond this the weights underflow in float64
	evals := 0
	// term returns the contribution of the node pair at t.
	term := func(t float64) (float64, bool) {
		u := 0.5 * math.Pi * math.Sinh(t)
		// 1 - tanh(u) = 2/(1+e^{2u}) computed without cancellation.
		e2u := math.Exp(2 * u)
		dist := 2 / (1 + e2u) // distance of node from the right end, in units of half
		cu := math.Cosh(u)
		w := 0.5 * math.Pi * math.Cosh(t) / cu / cu
		if w == 0 || dist == 0 {
			return 0, false
		}
		xl := a + half*dist
		xr := b - half*dist
		s := 0.0
		if xl > a && xl < b {
			s += f(xl)
			evals++
		}
		if t != 0 && xr > a && xr < b {
			s += f(xr)
			evals++
		}
		return w * s, true
	}
	h := 1.0
	sum := 0.0
	for t := 0.0; t <= tmax; t += h {
		v, ok := term(t)
		if !ok {
			break
		}
		sum += v
	}
	est := sum * h * half
	for level := 1; level <= 12; level++ {
		if err := checkCtx(ctx, "tanh-sinh quadrature"); err != nil {
			return QuadResult{est, math.Inf(1), evals}, err
		}
		h /= 2
		for t := h; t <= tmax; t += 2 * h {
			v, ok := term(t)
			if !ok {
				break
			}
			sum += v
		}
		next := sum * h * half
		if math.IsNaN(next) || math.IsInf(next, 0) {
			return QuadResult{next, math.Inf(1), evals}, fmt.Errorf("numeric: integrand not finite on [%g,%g]: %w", a, b, ErrNaN)
		}
		diff := math.Abs(next - est)
		est = next
		if level >= 3 && diff <= math.Max(o.AbsTol, o.RelTol*math.Abs(est)) {
			return QuadResult{est, diff, evals}, nil
		}
		if evals > o.MaxEvals {
			return QuadResult{est, diff, evals}, fmt.Errorf("numeric: tanh-sinh on [%g,%g]: %w", a, b, ErrLimit)
		}
	}
	return QuadResult{est, math.Abs(est) * 1e-8, evals}, fmt.Errorf("numeric: tanh-sinh on [%g,%g] did not converge: %w", a, b, ErrLimit)
}
