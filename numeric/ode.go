package numeric

import (
	"context"
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"
)

// ODEFunc computes dy = f(x, y) for a first-order system. It must not keep y
// or dy after returning.
type ODEFunc func(x float64, y, dy []float64)

// ODEOptions bound an ODE solve. Zero fields take defaults.
type ODEOptions struct {
	RelTol   float64 // relative tolerance (default 1e-9)
	AbsTol   float64 // absolute tolerance (default 1e-12)
	MaxSteps int     // accepted+rejected step limit (default 200000)
	// BlowUp is the solution norm beyond which the solution is declared to
	// diverge (default 1e12).
	BlowUp float64
	// NoStiffSwitch disables the switch to the Rosenbrock method when the
	// Dormand-Prince steps are found to be limited by stability.
	NoStiffSwitch bool
}

func (o ODEOptions) withDefaults() ODEOptions {
	if o.RelTol <= 0 {
		o.RelTol = 1e-9
	}
	if o.AbsTol <= 0 {
		o.AbsTol = 1e-12
	}
	if o.MaxSteps <= 0 {
		o.MaxSteps = 200000
	}
	if o.BlowUp <= 0 {
		o.BlowUp = 1e12
	}
	return o
}

// segment kinds of the dense output.
const (
	segDopri = iota
	segHermite
)

type odeSeg struct {
	kind   int
	x0, h  float64
	rc     [5][]float64 // Dormand-Prince continuous-output coefficients
	y0, y1 []float64    // Hermite end values
	f0, f1 []float64    // Hermite end slopes
}

// ODESolution is an ODE solve's result with dense output over [X0, XEnd].
type ODESolution struct {
	X0, XEnd float64 // XEnd is where integration stopped (x1, or near a blow-up)
	Y0, YEnd []float64
	// BlowUp is set when the solution diverged before the requested end;
	// BlowUpX then estimates where (from the last steps' growth rate).
	BlowUp  bool
	BlowUpX float64
	// Stiff is set when the solver switched to the Rosenbrock method, at StiffX.
	Stiff  bool
	StiffX float64
	Steps  int
	Evals  int
	segs   []odeSeg
}

// At returns the solution at x (dense output), or an error outside the
// solved range.
func (s *ODESolution) At(x float64) ([]float64, error) {
	lo, hi := math.Min(s.X0, s.XEnd), math.Max(s.X0, s.XEnd)
	if x < lo || x > hi || math.IsNaN(x) {
		if s.BlowUp {
			return nil, fmt.Errorf("numeric: x=%g is beyond the blow-up near x=%.10g", x, s.BlowUpX)
		}
		return nil, fmt.Errorf("numeric: x=%g outside the solved range [%g,%g]", x, lo, hi)
	}
	if len(s.segs) == 0 {
		return append([]float64(nil), s.Y0...), nil
	}
	dir := 1.0
	if s.XEnd < s.X0 {
		dir = -1
	}
	// Segments are in integration order; find the first whose end passes x.
	i := sort.Search(len(s.segs), func(i int) bool {
		sg := s.segs[i]
		return dir*(sg.x0+sg.h) >= dir*x
	})
	if i == len(s.segs) {
		i = len(s.segs) - 1
	}
	sg := s.segs[i]
	th := (x - sg.x0) / sg.h
	out := make([]float64, len(s.Y0))
	switch sg.kind {
	case segDopri:
		th1 := 1 - th
		for k := range out {
			out[k] = sg.rc[0][k] + th*(sg.rc[1][k]+th1*(sg.rc[2][k]+th*(sg.rc[3][k]+th1*sg.rc[4][k])))
		}
	default:
		// Cubic Hermite interpolation from the end values and slopes.
		h00 := (1 + 2*th) * (1 - th) * (1 - th)
		h10 := th * (1 - th) * (1 - th)
		h01 := th * th * (3 - 2*th)
		h11 := th * th * (th - 1)
		for k := range out {
			out[k] = h00*sg.y0[k] + h10*sg.h*sg.f0[k] + h01*sg.y1[k] + h11*sg.h*sg.f1[k]
		}
	}
	return out, nil
}

// Dormand-Prince 5(4) coefficients.
const (
	dpC2, dpC3, dpC4, dpC5 = 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9
	dpA21                  = 1.0 / 5
	dpA31, dpA32           = 3.0 / 40, 9.0 / 40
	dpA41, dpA42, dpA43    = 44.0 / 45, -56.0 / 15, 32.0 / 9
	dpA51, dpA52, dpA53    = 19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561
	dpA54                  = -212.0 / 729
	dpA61, dpA62, dpA63    = 9017.0 / 3168, -355.0 / 33, 46732.0 / 5247
	dpA64, dpA65           = 49.0 / 176, -5103.0 / 18656
	dpA71, dpA73, dpA74    = 35.0 / 384, 500.0 / 1113, 125.0 / 192
	dpA75, dpA76           = -2187.0 / 6784, 11.0 / 84
	dpE1, dpE3, dpE4       = 71.0 / 57600, -71.0 / 16695, 71.0 / 1920
	dpE5, dpE6, dpE7       = -17253.0 / 339200, 22.0 / 525, -1.0 / 40
	dpD1, dpD3             = -12715105075.0 / 11282082432, 87487479700.0 / 32700410799
	dpD4, dpD5             = -10690763975.0 / 1880347072, 701980252875.0 / 199316789632
	dpD6, dpD7             = -1453857185.0 / 822651844, 69997945.0 / 29380423
)

// SolveODE integrates y' = f(x, y) from (x0, y0) to x1 (either direction)
// with the adaptive Dormand-Prince 5(4) method and its 4th-order dense
// output. It stops early, with BlowUp set and no error, when the solution's
// norm passes opts.BlowUp or the step size collapses (a movable singularity);
// it switches to a linearly implicit Rosenbrock method when Hairer's
// stiffness test fires repeatedly. The step limit and ctx bound the work.
func SolveODE(ctx context.Context, f ODEFunc, x0 float64, y0 []float64, x1 float64, o ODEOptions) (*ODESolution, error) {
	o = o.withDefaults()
	n := len(y0)
	if n == 0 {
		return nil, fmt.Errorf("numeric: empty initial state")
	}
	for _, v := range y0 {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("numeric: initial state %v: %w", y0, ErrNaN)
		}
	}
	sol := &ODESolution{X0: x0, XEnd: x0, Y0: append([]float64(nil), y0...), YEnd: append([]float64(nil), y0...)}
	if x0 == x1 {
		return sol, nil
	}
	dir := 1.0
	if x1 < x0 {
		dir = -1
	}
	y := append([]float64(nil), y0...)
	d := newDopri(n)
	k1 := d.k[0]
	x := x0
	f(x, y, k1)
	sol.Evals++
	if !finite(k1) {
		return sol, fmt.Errorf("numeric: derivative not finite at x=%g: %w", x, ErrNaN)
	}
	h := dir * initialStep(x1-x0, y, k1, o)
	facOld := 1e-4
	stiffCount := 0
	var lastR []float64 // (x, y_i/dy_i) of the dominant component, for blow-up location
	var lastRX []float64
	for {
		if sol.Steps >= o.MaxSteps {
			return sol, fmt.Errorf("numeric: ODE solve stopped at x=%g after %d steps: %w", x, sol.Steps, ErrLimit)
		}
		if sol.Steps%256 == 0 {
			if err := checkCtx(ctx, "ODE solve"); err != nil {
				return sol, err
			}
		}
		if dir*(x+h-x1) > 0 {
			h = x1 - x
		}
		if math.Abs(h) <= 1e-14*math.Max(1, math.Abs(x)) {
			// The step size collapsed: the solution is singular here.
			markBlowUp(sol, x, lastRX, lastR)
			return sol, nil
		}
		sol.Steps++
		errNorm := d.step(f, x, y, h, o)
		sol.Evals += 6
		if math.IsNaN(errNorm) || math.IsInf(errNorm, 0) || !finite(d.ynew) || !finite(d.k[6]) {
			// Overflow inside the step: shrink hard and retry.
			h *= 0.1
			continue
		}
		if errNorm > 1 {
			fac11 := math.Pow(errNorm, 0.2-0.04*0.75)
			h /= math.Min(1.0/0.2, fac11/0.9)
			continue
		}
		// Accepted: store the dense output before moving on.
		sol.segs = append(sol.segs, d.segment(x, h, y))
		if d.stiff(h, y) {
			stiffCount++
		} else if stiffCount > 0 {
			stiffCount--
		}
		x += h
		copy(y, d.ynew)
		copy(k1, d.k[6])
		sol.XEnd = x
		copy(sol.YEnd, y)
		// Track y_i/y_i' of the dominant component; it tends to zero
		// linearly at a power-law singularity.
		im := argmaxAbs(y)
		if k1[im] != 0 {
			lastRX = append(lastRX, x)
			lastR = append(lastR, y[im]/k1[im])
			if len(lastR) > 2 {
				lastRX, lastR = lastRX[1:], lastR[1:]
			}
		}
		if norm(y) > o.BlowUp {
			markBlowUp(sol, x, lastRX, lastR)
			return sol, nil
		}
		if x == x1 || dir*(x-x1) >= 0 {
			sol.XEnd = x1
			return sol, nil
		}
		if stiffCount >= 50 && !o.NoStiffSwitch {
			sol.Stiff, sol.StiffX = true, x
			return sol, rosenbrock(ctx, f, sol, x, y, x1, math.Abs(h), o)
		}
		// Lund-stabilised step size control (Hairer's dopri5).
		fac11 := math.Pow(errNorm, 0.2-0.04*0.75)
		fac := fac11 / math.Pow(facOld, 0.04)
		fac = math.Max(1.0/10, math.Min(1.0/0.2, fac/0.9))
		facOld = math.Max(errNorm, 1e-4)
		h /= fac
	}
}

// dopri holds the stages of one Dormand-Prince step: k[0] is f(x, y), the
// last stage of the step before (first same as last), k[6] f at the new
// point; ysti is the sixth stage's point, for the stiffness test.
type dopri struct {
	k              [7][]float64
	yt, ynew, ysti []float64
}

func newDopri(n int) *dopri {
	d := &dopri{yt: mk(n), ynew: mk(n), ysti: mk(n)}
	for j := range d.k {
		d.k[j] = mk(n)
	}
	return d
}

// step tries a step of size h from (x, y): it computes the stages and
// ynew, and returns the error estimate's scaled RMS norm (accept at <= 1).
func (d *dopri) step(f ODEFunc, x float64, y []float64, h float64, o ODEOptions) float64 {
	k1, k2, k3, k4, k5, k6, k7 := d.k[0], d.k[1], d.k[2], d.k[3], d.k[4], d.k[5], d.k[6]
	yt, ysti, ynew := d.yt, d.ysti, d.ynew
	for i := range yt {
		yt[i] = y[i] + h*dpA21*k1[i]
	}
	f(x+dpC2*h, yt, k2)
	for i := range yt {
		yt[i] = y[i] + h*(dpA31*k1[i]+dpA32*k2[i])
	}
	f(x+dpC3*h, yt, k3)
	for i := range yt {
		yt[i] = y[i] + h*(dpA41*k1[i]+dpA42*k2[i]+dpA43*k3[i])
	}
	f(x+dpC4*h, yt, k4)
	for i := range yt {
		yt[i] = y[i] + h*(dpA51*k1[i]+dpA52*k2[i]+dpA53*k3[i]+dpA54*k4[i])
	}
	f(x+dpC5*h, yt, k5)
	for i := range ysti {
		ysti[i] = y[i] + h*(dpA61*k1[i]+dpA62*k2[i]+dpA63*k3[i]+dpA64*k4[i]+dpA65*k5[i])
	}
	f(x+h, ysti, k6)
	for i := range ynew {
		ynew[i] = y[i] + h*(dpA71*k1[i]+dpA73*k3[i]+dpA74*k4[i]+dpA75*k5[i]+dpA76*k6[i])
	}
	f(x+h, ynew, k7)
	errNorm := 0.0
	for i := range ynew {
		e := h * (dpE1*k1[i] + dpE3*k3[i] + dpE4*k4[i] + dpE5*k5[i] + dpE6*k6[i] + dpE7*k7[i])
		sc := o.AbsTol + o.RelTol*math.Max(math.Abs(y[i]), math.Abs(ynew[i]))
		errNorm += (e / sc) * (e / sc)
	}
	return math.Sqrt(errNorm / float64(len(y)))
}

// segment is the dense output of the accepted step of size h from (x, y).
func (d *dopri) segment(x, h float64, y []float64) odeSeg {
	k1, k3, k4, k5, k6, k7 := d.k[0], d.k[2], d.k[3], d.k[4], d.k[5], d.k[6]
	n := len(y)
	sg := odeSeg{kind: segDopri, x0: x, h: h}
	for j := range sg.rc {
		sg.rc[j] = mk(n)
	}
	for i := 0; i < n; i++ {
		dy := d.ynew[i] - y[i]
		bspl := h*k1[i] - dy
		sg.rc[0][i] = y[i]
		sg.rc[1][i] = dy
		sg.rc[2][i] = bspl
		sg.rc[3][i] = dy - h*k7[i] - bspl
		sg.rc[4][i] = h * (dpD1*k1[i] + dpD3*k3[i] + dpD4*k4[i] + dpD5*k5[i] + dpD6*k6[i] + dpD7*k7[i])
	}
	return sg
}

// stiff is Hairer's stiffness test on the accepted step of size h from y:
// h*|lambda| near the stability boundary.
func (d *dopri) stiff(h float64, y []float64) bool {
	n := len(y)
	k6, k7 := d.k[5], d.k[6]
	num, den := 0.0, 0.0
	for i := 0; i < n; i++ {
		num += (k7[i] - k6[i]) * (k7[i] - k6[i])
		den += (d.ynew[i] - d.ysti[i]) * (d.ynew[i] - d.ysti[i])
	}
	// The controller keeps h|lambda| near 1.3 rather than at the
	// stability limit (3.3) at tight tolerances, so the test uses 1;
	// steps where the solution itself changes fast (a blow-up) do not count.
	change := 0.0
	for i := 0; i < n; i++ {
		change = math.Max(change, math.Abs(d.ynew[i]-y[i]))
	}
	smooth := change <= 0.01*math.Max(1, norm(y))
	return den > 0 && smooth && h*h*num > den
}

// markBlowUp records a blow-up at x, refining its location by extrapolating
// y/y' of the dominant component linearly to zero, as for y ~ C (x*-x)^p.
func markBlowUp(sol *ODESolution, x float64, rx, r []float64) {
	sol.BlowUp = true
	sol.BlowUpX = x
	if len(r) == 2 && r[1] != r[0] {
		xs := rx[1] - r[1]*(rx[1]-rx[0])/(r[1]-r[0])
		// Accept only an estimate ahead of x and close to it.
		if !math.IsNaN(xs) && (xs-x)*(x-sol.X0) >= 0 && math.Abs(xs-x) <= 0.1*math.Max(1e-12, math.Abs(x-sol.X0)) {
			sol.BlowUpX = xs
		}
	}
}

func initialStep(span float64, y, dy []float64, o ODEOptions) float64 {
	d0, d1 := 0.0, 0.0
	for i := range y {
		sc := o.AbsTol + o.RelTol*math.Abs(y[i])
		d0 += (y[i] / sc) * (y[i] / sc)
		d1 += (dy[i] / sc) * (dy[i] / sc)
	}
	h := 1e-6
	if d0 > 1e-10 && d1 > 1e-10 {
		h = 0.01 * math.Sqrt(d0/d1)
	}
	return math.Min(h, math.Abs(span))
}

// rosenbrock continues a solve with the L-stable two-stage Rosenbrock method
// ROS2 (Verwer et al. 1999), Jacobian by finite differences, step size from
// the embedded first-order solution, and Hermite dense output. Being second
// order, it works to a relative tolerance of at least 1e-6.
func rosenbrock(ctx context.Context, f ODEFunc, sol *ODESolution, x float64, y0 []float64, x1, h float64, o ODEOptions) error {
	n := len(y0)
	dir := 1.0
	if x1 < x {
		dir = -1
	}
	gamma := 1 + 1/math.Sqrt2
	// ROS2 is second order: tolerances tighter than 1e-6 would cost ~1/sqrt(tol)
	// steps, so the fallback works to at most 1e-6 (relative) accuracy.
	o.RelTol = math.Max(o.RelTol, 1e-6)
	o.AbsTol = math.Max(o.AbsTol, 1e-9)
	// The method is applied to the autonomous system z = (y, x), z' = (f, 1):
	// a Rosenbrock method needs df/dx in its Jacobian, or it loses its order
	// on non-autonomous stiff problems.
	m := n + 1
	g := func(z, dz []float64) {
		f(z[n], z[:n], dz[:n])
		dz[n] = 1
	}
	z := append(append([]float64(nil), y0...), x)
	fz, ft, k1, k2, znew, fnew := mk(m), mk(m), mk(m), mk(m), mk(m), mk(m)
	jac := mat.NewDense(m, m, nil)
	g(z, fz)
	sol.Evals++
	h *= dir
	for {
		x = z[n]
		if sol.Steps >= o.MaxSteps {
			return fmt.Errorf("numeric: stiff ODE solve stopped at x=%g after %d steps: %w", x, sol.Steps, ErrLimit)
		}
		if sol.Steps%64 == 0 {
			if err := checkCtx(ctx, "stiff ODE solve"); err != nil {
				return err
			}
		}
		if dir*(x+h-x1) > 0 {
			h = x1 - x
		}
		if math.Abs(h) <= 1e-14*math.Max(1, math.Abs(x)) {
			markBlowUp(sol, x, nil, nil)
			return nil
		}
		sol.Steps++
		// Finite-difference Jacobian.
		for j := 0; j < m; j++ {
			d := 1e-8 * math.Max(1, math.Abs(z[j]))
			old := z[j]
			z[j] = old + d
			g(z, ft)
			z[j] = old
			for i := 0; i < m; i++ {
				jac.Set(i, j, (ft[i]-fz[i])/d)
			}
		}
		sol.Evals += m
		w := mat.NewDense(m, m, nil)
		for i := 0; i < m; i++ {
			for j := 0; j < m; j++ {
				v := -gamma * h * jac.At(i, j)
				if i == j {
					v++
				}
				w.Set(i, j, v)
			}
		}
		var lu mat.LU
		lu.Factorize(w)
		s1 := mat.NewVecDense(m, nil)
		if err := lu.SolveVecTo(s1, false, mat.NewVecDense(m, append([]float64(nil), fz...))); err != nil {
			h *= 0.5
			continue
		}
		for i := 0; i < m; i++ {
			k1[i] = s1.AtVec(i)
			znew[i] = z[i] + h*k1[i]
		}
		g(znew, ft)
		for i := 0; i < m; i++ {
			ft[i] -= 2 * k1[i]
		}
		s2 := mat.NewVecDense(m, nil)
		if err := lu.SolveVecTo(s2, false, mat.NewVecDense(m, ft)); err != nil {
			h *= 0.5
			continue
		}
		errNorm := 0.0
		for i := 0; i < m; i++ {
			k2[i] = s2.AtVec(i)
			znew[i] = z[i] + h*(1.5*k1[i]+0.5*k2[i])
			if i < n {
				e := 0.5 * h * (k1[i] + k2[i])
				sc := o.AbsTol + o.RelTol*math.Max(math.Abs(z[i]), math.Abs(znew[i]))
				errNorm += (e / sc) * (e / sc)
			}
		}
		znew[n] = x + h // exact for the clock variable
		sol.Evals++
		errNorm = math.Sqrt(errNorm / float64(n))
		if math.IsNaN(errNorm) || !finite(znew) {
			h *= 0.1
			continue
		}
		fac := 0.9 / math.Sqrt(math.Max(errNorm, 1e-10))
		fac = math.Max(0.2, math.Min(5, fac))
		if errNorm > 1 {
			h *= fac
			continue
		}
		g(znew, fnew)
		sol.Evals++
		sol.segs = append(sol.segs, odeSeg{kind: segHermite, x0: x, h: h,
			y0: append([]float64(nil), z[:n]...), y1: append([]float64(nil), znew[:n]...),
			f0: append([]float64(nil), fz[:n]...), f1: append([]float64(nil), fnew[:n]...)})
		copy(z, znew)
		copy(fz, fnew)
		sol.XEnd = z[n]
		copy(sol.YEnd, z[:n])
		if norm(z[:n]) > o.BlowUp {
			markBlowUp(sol, z[n], nil, nil)
			return nil
		}
		if dir*(z[n]-x1) >= 0 {
			sol.XEnd = x1
			return nil
		}
		h *= fac
	}
}

func mk(n int) []float64 { return make([]float64, n) }

func finite(v []float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

func norm(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s = math.Max(s, math.Abs(x))
	}
	return s
}

func argmaxAbs(v []float64) int {
	im := 0
	for i := range v {
		if math.Abs(v[i]) > math.Abs(v[im]) {
			im = i
		}
	}
	return im
}
