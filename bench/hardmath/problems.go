package hardmath

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/matheval/matheval/numeric"
)

// This file reads the mathematical content back out of question texts, so
// that numerical ground truths are computed from what the model is asked,
// independently of how a problem was generated.

// Term is c * x^p in a polynomial.
type Term struct {
	Coef, Pow float64
	Eps       bool // the term carries the factor epsilon
}

// EpsIntegral is I(eps) = \int_0^L dx / (eps + sum a_j x^{n_j}).
type EpsIntegral struct {
	L     float64
	Terms []Term // sorted by power
}

var (
	epsIntRe  = regexp.MustCompile(`\\int_\{?0\}?\^\{?([0-9.]+)\}?\s*\\frac\{1\}\{\\epsilon\s*\+\s*(.*?)\}\s*dx`)
	epsTermRe = regexp.MustCompile(`([0-9.]+)\s*x\^\{([0-9.]+)\}`)
)

// ParseEpsIntegral reads a "1/(epsilon + P(x))" integral question.
func ParseEpsIntegral(q string) (EpsIntegral, error) {
	m := epsIntRe.FindStringSubmatch(q)
	if m == nil {
		return EpsIntegral{}, fmt.Errorf("no integral of 1/(epsilon + P(x)) over [0, L] in the question")
	}
	L, err := strconv.ParseFloat(m[1], 64)
	if err != nil || L <= 0 {
		return EpsIntegral{}, fmt.Errorf("bad upper bound %q", m[1])
	}
	ip := EpsIntegral{L: L}
	for _, t := range epsTermRe.FindAllStringSubmatch(m[2], -1) {
		c, e1 := strconv.ParseFloat(t[1], 64)
		p, e2 := strconv.ParseFloat(t[2], 64)
		if e1 != nil || e2 != nil || c <= 0 || p <= 0 {
			return ip, fmt.Errorf("bad polynomial term %q", t[0])
		}
		ip.Terms = append(ip.Terms, Term{Coef: c, Pow: p})
	}
	if len(ip.Terms) == 0 {
		return ip, fmt.Errorf("no polynomial terms in %q", m[2])
	}
	sort.Slice(ip.Terms, func(i, j int) bool { return ip.Terms[i].Pow < ip.Terms[j].Pow })
	return ip, nil
}

// P evaluates the polynomial.
func (ip EpsIntegral) P(x float64) float64 {
	s := 0.0
	for _, t := range ip.Terms {
		s += t.Coef * math.Pow(x, t.Pow)
	}
	return s
}

// EvalPoints chooses one epsilon deep inside each regime (the released
// three-regime rows give none): small, where the width (eps/a_min)^{1/n_min}
// is 1% of the first crossover of the lowest term with another term (or of
// L); intermediate, where the width (eps/a_max)^{1/n_max} is the geometric
// mean of L and the point beyond which the top term dominates; very large,
// 100 P(L), where the integrand is nearly flat.
func (ip EpsIntegral) EvalPoints() map[string]float64 {
	lo, hi := ip.Terms[0], ip.Terms[len(ip.Terms)-1]
	xc := math.Inf(1)
	xcTop := 0.0
	for _, t := range ip.Terms {
		if t.Pow > lo.Pow {
			xc = math.Min(xc, math.Pow(lo.Coef/t.Coef, 1/(t.Pow-lo.Pow)))
		}
		if t.Pow < hi.Pow {
			xcTop = math.Max(xcTop, math.Pow(t.Coef/hi.Coef, 1/(hi.Pow-t.Pow)))
		}
	}
	ws := 0.01 * math.Min(xc, ip.L)
	wm := math.Sqrt(math.Max(xcTop, 1e-3) * ip.L)
	if wm > ip.L/10 {
		wm = ip.L / 10
	}
	return map[string]float64{
		"small_eps":        lo.Coef * math.Pow(ws, lo.Pow),
		"intermediate_eps": hi.Coef * math.Pow(wm, hi.Pow),
		"large_eps":        100 * ip.P(ip.L),
	}
}

// Numerical computes I(eps) by adaptive quadrature, splitting [0, L] at
// the integrand's half-width so the peak at 0 is resolved from the start.
func (ip EpsIntegral) Numerical(ctx context.Context, eps float64) (float64, error) {
	f := func(x float64) float64 { return 1 / (eps + ip.P(x)) }
	w := math.Pow(eps/ip.Terms[0].Coef, 1/ip.Terms[0].Pow)
	o := numeric.QuadOptions{AbsTol: 1e-300, RelTol: 1e-10}
	if w > 0 && w < ip.L {
		r1, err := numeric.Integrate(ctx, f, 0, w, o)
		if err != nil {
			return 0, err
		}
		r2, err := numeric.Integrate(ctx, f, w, ip.L, o)
		return r1.Value + r2.Value, err
	}
	r, err := numeric.Integrate(ctx, f, 0, ip.L, o)
	return r.Value, err
}

// EpsPoly is a polynomial in x some of whose terms carry epsilon, as in the
// root problems: P(x) = eps x^9 + x^4 - 1.
type EpsPoly struct{ Terms []Term }

var polyQRe = regexp.MustCompile(`P\(x\)\s*=\s*(.*?)(?:\.|\\\]|\$)`)

// ParseEpsPoly reads the polynomial of a roots or nondimensionalization
// question: terms [-] [c] [\epsilon] [x^{k} | x].
func ParseEpsPoly(q string) (EpsPoly, error) {
	m := polyQRe.FindStringSubmatch(q)
	if m == nil {
		return EpsPoly{}, fmt.Errorf("no P(x) = ... in the question")
	}
	return parsePolyTerms(m[1])
}

var termRe = regexp.MustCompile(`^([0-9.]*)\s*(\\epsilon)?\s*(x(?:\^\{?([0-9]+)\}?)?)?$`)

func parsePolyTerms(s string) (EpsPoly, error) {
	s = strings.TrimSpace(s)
	var p EpsPoly
	sign := 1.0
	var cur strings.Builder
	flush := func() error {
		t := strings.TrimSpace(cur.String())
		cur.Reset()
		if t == "" {
			return nil
		}
		m := termRe.FindStringSubmatch(t)
		if m == nil {
			return fmt.Errorf("cannot read polynomial term %q", t)
		}
		c := 1.0
		if m[1] != "" {
			v, err := strconv.ParseFloat(m[1], 64)
			if err != nil {
				return fmt.Errorf("bad coefficient %q", m[1])
			}
			c = v
		} else if m[2] == "" && m[3] == "" {
			return fmt.Errorf("empty term")
		}
		pow := 0.0
		if m[3] != "" {
			pow = 1
			if m[4] != "" {
				v, _ := strconv.Atoi(m[4])
				pow = float64(v)
			}
		}
		p.Terms = append(p.Terms, Term{Coef: sign * c, Pow: pow, Eps: m[2] != ""})
		return nil
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c == '+' || c == '-') && strings.TrimSpace(cur.String()) != "" {
			if err := flush(); err != nil {
				return p, err
			}
			sign = 1
		}
		switch c {
		case '+':
		case '-':
			sign = -sign
		default:
			cur.WriteByte(c)
		}
	}
	if err := flush(); err != nil {
		return p, err
	}
	if len(p.Terms) == 0 {
		return p, fmt.Errorf("no terms in %q", s)
	}
	return p, nil
}

// Coeffs returns the ascending coefficients at a value of epsilon.
func (p EpsPoly) Coeffs(eps float64) []float64 {
	n := 0
	for _, t := range p.Terms {
		if int(t.Pow) > n {
			n = int(t.Pow)
		}
	}
	c := make([]float64, n+1)
	for _, t := range p.Terms {
		v := t.Coef
		if t.Eps {
			v *= eps
		}
		c[int(t.Pow)] += v
	}
	return c
}

// LaplaceIntegral is I(x) = \int_a^b g(t) e^{-x f(t)} dt.
type LaplaceIntegral struct {
	A, B float64
	G, F string // LaTeX in t
	g, f *formula
}

var laplaceRe = regexp.MustCompile(`\\int_\{?([-0-9.]+)\}?\^\{?([-0-9.]+)\}?\s*(.*?)\s*e\^\{([-+])\s*x\s*\((.*)\)\}\s*\\,\s*dt`)

// ParseLaplace reads a Laplace-integral question.
func ParseLaplace(q string) (LaplaceIntegral, error) {
	m := laplaceRe.FindStringSubmatch(q)
	if m == nil {
		return LaplaceIntegral{}, fmt.Errorf("no integral of g(t) e^{-x f(t)} in the question")
	}
	a, e1 := strconv.ParseFloat(m[1], 64)
	b, e2 := strconv.ParseFloat(m[2], 64)
	if e1 != nil || e2 != nil || !(a < b) {
		return LaplaceIntegral{}, fmt.Errorf("bad bounds %q, %q", m[1], m[2])
	}
	li := LaplaceIntegral{A: a, B: b, G: strings.TrimSpace(m[3]), F: strings.TrimSpace(m[5])}
	if m[4] == "+" {
		// e^{+x h(t)} is e^{-x f(t)} with f = -h.
		li.F = "-(" + li.F + ")"
	}
	var err error
	if li.g, err = parseFormula(li.G); err != nil {
		return li, fmt.Errorf("g(t): %v", err)
	}
	if li.f, err = parseFormula(li.F); err != nil {
		return li, fmt.Errorf("f(t): %v", err)
	}
	return li, nil
}

// real1 compiles a formula in t to a real function (NaN where it fails or
// is complex).
func real1(ctx context.Context, fm *formula) (func(float64) float64, error) {
	c, err := fm.compile(ctx, []string{"t"}, evalOptions{realRoots: true})
	if err != nil {
		return nil, err
	}
	args := make([]complex128, 1)
	return func(t float64) float64 {
		args[0] = complex(t, 0)
		v, err := c(args)
		if err != nil || imag(v) != 0 {
			return math.NaN()
		}
		return real(v)
	}, nil
}

// Numerical computes I(x) by quadrature, returned as (m, s) with I = m e^s,
// so values beyond float64's range can still be compared by ratio.
func (li LaplaceIntegral) Numerical(ctx context.Context, x float64) (mant, scale float64, err error) {
	f, err := real1(ctx, li.f)
	if err != nil {
		return 0, 0, err
	}
	g, err := real1(ctx, li.g)
	if err != nil {
		return 0, 0, err
	}
	ext, err := numeric.GlobalMin(ctx, f, li.A, li.B, numeric.ExtremumOptions{Grid: 4001})
	if err != nil {
		return 0, 0, err
	}
	fmin := ext.F
	h := func(t float64) float64 { return g(t) * math.Exp(-x*(f(t)-fmin)) }
	// The integrand is a spike of width ~1/sqrt(x) or 1/x at the minimum:
	// split there so the quadrature sees it.
	o := numeric.QuadOptions{AbsTol: 1e-300, RelTol: 1e-10}
	var total float64
	pts := []float64{li.A}
	if ext.X > li.A && ext.X < li.B {
		pts = append(pts, ext.X)
	}
	pts = append(pts, li.B)
	for i := 0; i+1 < len(pts); i++ {
		r, err := numeric.Integrate(ctx, h, pts[i], pts[i+1], o)
		if err != nil {
			return 0, 0, err
		}
		total += r.Value
	}
	return total, -x * fmin, nil
}

// ODEProblem is y”' = rhs(x, y, y', y”) with y, y', y” given at x = 0.
type ODEProblem struct {
	RHS string
	Y0  [3]float64
	rhs *formula
}

var (
	odeRHSRe = regexp.MustCompile(`y'''\s*=\s*(.*?)\$\$`)
	odeICRe  = regexp.MustCompile(`y(''|'|)\(0\)\s*&?=\s*([-0-9.]+)`)
)

// ParseODE reads a third-order ODE question.
func ParseODE(q string) (ODEProblem, error) {
	m := odeRHSRe.FindStringSubmatch(q)
	if m == nil {
		return ODEProblem{}, fmt.Errorf("no $$y''' = ...$$ in the question")
	}
	p := ODEProblem{RHS: strings.TrimSpace(m[1])}
	var err error
	if p.rhs, err = parseFormula(p.RHS); err != nil {
		return p, err
	}
	got := 0
	for _, ic := range odeICRe.FindAllStringSubmatch(q, -1) {
		v, err := strconv.ParseFloat(ic[2], 64)
		if err != nil {
			return p, fmt.Errorf("bad initial value %q", ic[2])
		}
		p.Y0[len(ic[1])] = v
		got++
	}
	if got != 3 {
		return p, fmt.Errorf("found %d initial conditions, want 3", got)
	}
	return p, nil
}

// ODETrajectory is a numerical solution that may have stepped over
// integrable singularities of the coefficients (a denominator vanishing,
// where y” has a logarithmic singularity but y and y' stay finite), as the
// released numerical values do.
type ODETrajectory struct {
	Parts   []*numeric.ODESolution
	Poles   []float64 // coefficient singularities stepped over
	BlowUp  bool      // the solution itself diverges ...
	BlowUpX float64   // ... near here
}

// At returns (y, y', y”) at x.
func (t *ODETrajectory) At(x float64) ([]float64, error) {
	for _, p := range t.Parts {
		if x >= math.Min(p.X0, p.XEnd) && x <= math.Max(p.X0, p.XEnd) {
			return p.At(x)
		}
	}
	if t.BlowUp {
		return nil, fmt.Errorf("x=%g is beyond the blow-up near x=%.10g", x, t.BlowUpX)
	}
	if len(t.Parts) > 0 {
		return t.Parts[len(t.Parts)-1].At(x)
	}
	return nil, fmt.Errorf("no solution")
}

const odeBlowUp = 1e8

// Solve integrates the ODE from 0 towards xEnd, stepping over coefficient
// singularities and stopping at a blow-up of the solution.
func (p ODEProblem) Solve(ctx context.Context, xEnd float64) (*ODETrajectory, error) {
	var evalErr error
	rhs, err := p.rhs.compile(ctx, []string{"x", "y", "y'", "y''"}, evalOptions{realRoots: true})
	if err != nil {
		return nil, err
	}
	args := make([]complex128, 4)
	f := func(x float64, y, dy []float64) {
		args[0], args[1], args[2], args[3] = complex(x, 0), complex(y[0], 0), complex(y[1], 0), complex(y[2], 0)
		v, err := rhs(args)
		if err != nil && evalErr == nil {
			evalErr = err
		}
		dy[0], dy[1], dy[2] = y[1], y[2], real(v)
	}
	tr := &ODETrajectory{}
	x0, y0 := 0.0, p.Y0[:]
	for range 20 {
		sol, err := numeric.SolveODE(ctx, f, x0, y0, xEnd, numeric.ODEOptions{RelTol: 1e-10, AbsTol: 1e-12, BlowUp: odeBlowUp})
		if sol != nil {
			tr.Parts = append(tr.Parts, sol)
		}
		if evalErr != nil {
			return tr, fmt.Errorf("right-hand side: %v", evalErr)
		}
		if err != nil || !sol.BlowUp {
			return tr, err
		}
		big := 0.0
		for _, v := range sol.YEnd {
			big = math.Max(big, math.Abs(v))
		}
		if big >= odeBlowUp {
			tr.BlowUp, tr.BlowUpX = true, sol.BlowUpX
			return tr, nil
		}
		// The step size collapsed with a bounded state: a coefficient with a
		// simple pole, where y''' ~ c/(x - xp). Cross it symmetrically, as a
		// principal value: from xp - d to xp + d, y'' keeps its value (the
		// c/(x - xp) contributions cancel) and y', y follow by Taylor steps.
		xp := sol.XEnd
		d := 1e-5 * math.Max(1, math.Abs(xp))
		if xp-d <= x0 {
			d = 0.5 * (xp - x0)
		}
		s, err := sol.At(xp - d)
		if err != nil {
			return tr, err
		}
		h := 2 * d
		tr.Poles = append(tr.Poles, xp)
		x0 = xp + d
		y0 = []float64{s[0] + h*s[1] + h*h/2*s[2], s[1] + h*s[2], s[2]}
		// The part before the pole is used only up to xp - d.
		sol.XEnd = xp - d
	}
	return tr, fmt.Errorf("more than 20 coefficient singularities before x=%g", xEnd)
}
