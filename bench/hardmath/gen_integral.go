package hardmath

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/matheval/matheval/numeric"
)

// genEpsIntegral draws I(eps) = \int_0^L dx/(eps + P(x)) (paper A.2): the
// integral is height 1/eps times width; for small eps the width is where
// the lowest-degree term reaches eps, for intermediate eps where the
// highest-degree term does, and for very large eps it is L. Each regime's
// formula must be within 10% of quadrature at a point inside the regime.
func genEpsIntegral(ctx context.Context, rng *rand.Rand, o GenOptions) (Row, error) {
	nt := 1 + rng.IntN(4)
	powsSet := map[int]bool{}
	for len(powsSet) < nt {
		powsSet[4+rng.IntN(16)] = true
	}
	var pows []int
	for p := range powsSet {
		pows = append(pows, p)
	}
	sort.Ints(pows)
	ip := EpsIntegral{L: float64(5 + rng.IntN(95))}
	var pl []string
	for _, p := range pows {
		c := float64(1 + rng.IntN(20))
		ip.Terms = append(ip.Terms, Term{Coef: c, Pow: float64(p)})
		pl = append(pl, fmt.Sprintf("%.1f x^{%.1f}", c, float64(p)))
	}
	lo, hi := ip.Terms[0], ip.Terms[len(ip.Terms)-1]
	cs, es := math.Pow(lo.Coef, -1/lo.Pow), 1-1/lo.Pow
	cm, em := math.Pow(hi.Coef, -1/hi.Pow), 1-1/hi.Pow
	digits := 6
	if o.Compat {
		digits = 4
	}
	f := func(c, e float64) string {
		return fmt.Sprintf(`\frac{%s}{\epsilon^{%s}}`, sig(c, digits), sig(e, digits))
	}
	forms := []string{f(cs, es), f(cm, em), fmt.Sprintf(`\frac{%g}{\epsilon}`, ip.L)}
	q := fmt.Sprintf(`Consider the integral $I(\epsilon) = \int_0^{%.2f} \frac{1}{\epsilon + %s} dx$. Develop analytical formulas that approximate $I(\epsilon)$ for different regimes of $\epsilon$.`, ip.L, strings.Join(pl, " + "))
	pts := ip.EvalPoints()
	names := []string{"small_eps", "intermediate_eps", "large_eps"}
	vals := map[string][2]float64{}
	for i, n := range names {
		eps := pts[n]
		// Quadrature directly on the drawn polynomial, at the regime's point.
		g := func(x float64) float64 {
			s := eps
			for _, t := range ip.Terms {
				s += t.Coef * math.Pow(x, t.Pow)
			}
			return 1 / s
		}
		w := math.Min(ip.L, math.Pow(eps/lo.Coef, 1/lo.Pow))
		r1, err := numeric.Integrate(ctx, g, 0, w, numeric.QuadOptions{AbsTol: 1e-300, RelTol: 1e-10})
		if err != nil {
			return Row{}, err
		}
		num := r1.Value
		if w < ip.L {
			r2, err := numeric.Integrate(ctx, g, w, ip.L, numeric.QuadOptions{AbsTol: 1e-300, RelTol: 1e-10})
			if err != nil {
				return Row{}, err
			}
			num += r2.Value
		}
		v, err := evalLatex(ctx, forms[i], map[string]complex128{"epsilon": complex(eps, 0)}, evalOptions{})
		if err != nil {
			return Row{}, err
		}
		if !relClose(real(v), num, Tolerance) {
			return Row{}, fmt.Errorf("%s answer %.4g vs quadrature %.4g at eps=%g", n, real(v), num, eps)
		}
		vals[n] = [2]float64{real(v), num}
	}
	sol := fmt.Sprintf(`
    The integral is of the form $I(\epsilon) = \int_0^{%g} \frac{1}{\epsilon + P(x)} dx$ where $P(x)$ is a polynomial. Thus, its value can be estimated as the product between a height and a width.
    Since the integrand is maximized at $x = 0$, the height can be set to $\frac{1}{\epsilon}$.

    For small $\epsilon$, we define the width as the point where the integrand becomes half of its maximum height, that is where $P(x) = \epsilon$.
    Applying dominant balance with the term of $P(x)$ of smallest degree, the width is approximately $\left( \frac{\epsilon}{%g} \right)^{1/%g}$.
    Therefore, the analytical approximation of the integral for small $\epsilon$ is $\boxed{I(\epsilon) = %s}$.

    For an intermediate regime where $\epsilon$ is large, the width is set by the term of largest degree: it is approximately $\left( \frac{\epsilon}{%g} \right)^{1/%g}$.
    Therefore, the analytical approximation of the integral for large $\epsilon$ is $\boxed{I(\epsilon) = %s}$.

    If the width of the integral exceeds the range of integration, we consider one more regime for very large $\epsilon$.
    The width is then just the range of integration, so in this regime, the integral can be approximated as $\frac{L}{\epsilon}$.
    Therefore, the analytical approximation of the integral for very large $\epsilon$ is $\boxed{I(\epsilon) = %s}$.

    Altogether, the solutions at small, large, and very large $\epsilon$ are $\boxed{%s, %s, %s}$.
    `, ip.L, lo.Coef, lo.Pow, forms[0], hi.Coef, hi.Pow, forms[1], forms[2], forms[0], forms[1], forms[2])
	return Row{Question: q, Solution: sol, QuestionType: strp(TypeIntegral), AnswerType: "list",
		AnswerVal:      strings.Join(forms, ", "),
		SmallEvalPoint: ptrF(pts["small_eps"]), SmallAnalytical: ptrS(pyFloat(vals["small_eps"][0])), SmallNumerical: ptrS(pyFloat(vals["small_eps"][1])),
		LargeEvalPoint: ptrF(pts["large_eps"]), LargeAnalytical: ptrS(pyFloat(vals["large_eps"][0])), LargeNumerical: ptrS(pyFloat(vals["large_eps"][1])),
	}, nil
}

// lterm is c * basis(t) with its derivatives known in closed form.
type lterm struct {
	c    float64
	kind int // 0: t^k, 1: sin t, 2: cos t, 3: atan t
	k    int
}

func (t lterm) f(x float64) (v, d1, d2 float64) {
	switch t.kind {
	case 0:
		k := float64(t.k)
		v = math.Pow(x, k)
		d1 = k * math.Pow(x, k-1)
		if t.k >= 2 {
			d2 = k * (k - 1) * math.Pow(x, k-2)
		}
	case 1:
		v, d1, d2 = math.Sin(x), math.Cos(x), -math.Sin(x)
	case 2:
		v, d1, d2 = math.Cos(x), -math.Sin(x), -math.Cos(x)
	default:
		v, d1, d2 = math.Atan(x), 1/(1+x*x), -2*x/((1+x*x)*(1+x*x))
	}
	return t.c * v, t.c * d1, t.c * d2
}

func (t lterm) latex() string {
	switch t.kind {
	case 0:
		if t.k == 1 {
			return "t"
		}
		return fmt.Sprintf("t^{%d}", t.k)
	case 1:
		return `\sin{\left(t \right)}`
	case 2:
		return `\cos{\left(t \right)}`
	}
	return `\operatorname{atan}{\left(t \right)}`
}

type lsum []lterm

func (s lsum) eval(x float64) (v, d1, d2 float64) {
	for _, t := range s {
		a, b, c := t.f(x)
		v, d1, d2 = v+a, d1+b, d2+c
	}
	return
}

func (s lsum) latex() string {
	var b strings.Builder
	for i, t := range s {
		a := math.Abs(t.c)
		body := fmt.Sprintf("%.1f %s", a, t.latex())
		if t.kind == 0 && t.k == 0 {
			body = fmt.Sprintf("%.1f", a)
		}
		b.WriteString(signed(i == 0, t.c < 0, body))
	}
	return b.String()
}

func randLsum(rng *rand.Rand, n int) lsum {
	var s lsum
	used := map[[2]int]bool{}
	for len(s) < n {
		t := lterm{kind: rng.IntN(4), c: float64(1+rng.IntN(30)) / 10 * float64(1-2*rng.IntN(2))}
		if t.kind == 0 {
			t.k = 1 + rng.IntN(5)
		}
		if used[[2]int{t.kind, t.k}] {
			continue
		}
		used[[2]int{t.kind, t.k}] = true
		s = append(s, t)
	}
	return s
}

// genLaplace draws I(x) = \int_a^b g(t) e^{-x f(t)} dt and applies Laplace's
// method at the minima of f (paper A.2): an interior minimum gives
// g(t0) e^{-x f(t0)} sqrt(2 pi/(x f”(t0))), an endpoint minimum with
// f' != 0 gives g e^{-x f}/(x |f'|); a symmetric double well gives two equal
// minima whose contributions add. The critical points come from the
// closed-form derivative.
func genLaplace(ctx context.Context, rng *rand.Rand, o GenOptions) (Row, error) {
	var f lsum
	var a, b float64
	twoMinima := rng.IntN(5) == 0
	if twoMinima {
		c2 := -float64(5+rng.IntN(26)) / 10
		c4 := float64(5+rng.IntN(26)) / 10
		f = lsum{{c: c4, kind: 0, k: 4}, {c: c2, kind: 0, k: 2}}
		tm := math.Sqrt(-c2 / (2 * c4))
		b = math.Ceil(10*tm*(1.3+rng.Float64())) / 10
		a = -b
	} else {
		f = randLsum(rng, 1+rng.IntN(3))
		a = float64(rng.IntN(20)-10) / 10
		b = a + float64(3+rng.IntN(12))/10
		if b > 1 {
			b = 1
		}
		if b-a < 0.3 {
			return Row{}, fmt.Errorf("interval too short")
		}
	}
	g := randLsum(rng, 1+rng.IntN(3))
	fv := func(t float64) float64 { v, _, _ := f.eval(t); return v }
	fd := func(t float64) float64 { _, d, _ := f.eval(t); return d }
	ext, err := numeric.GlobalMin(ctx, fv, a, b, numeric.ExtremumOptions{Deriv: fd, Grid: 2001})
	if err != nil {
		return Row{}, err
	}
	// All points sharing the minimum value (a symmetric well has two).
	var mins []float64
	for _, c := range append(ext.Critical, a, b) {
		if math.Abs(fv(c)-ext.F) <= 1e-9*math.Max(1, math.Abs(ext.F)) {
			dup := false
			for _, m := range mins {
				dup = dup || math.Abs(m-c) < 1e-7
			}
			if !dup {
				mins = append(mins, c)
			}
		}
	}
	var amp, ampAbs, xe float64
	var power string
	var how []string
	interior := false
	for _, t0 := range mins {
		gv, _, _ := g.eval(t0)
		_, d1, d2 := f.eval(t0)
		if math.Abs(gv) < 1e-3 {
			return Row{}, fmt.Errorf("g vanishes at the minimum")
		}
		if t0 > a && t0 < b {
			if d2 <= 1e-6 {
				return Row{}, fmt.Errorf("degenerate minimum")
			}
			interior = true
			amp += gv * math.Sqrt(2*math.Pi/d2)
			ampAbs += math.Abs(gv * math.Sqrt(2*math.Pi/d2))
			xe = math.Max(xe, 400/(d2*(b-a)*(b-a)))
			how = append(how, fmt.Sprintf("an interior minimum at $t_0 = %s$ with $f''(t_0) = %s$, contributing $g(t_0) \\sqrt{\\frac{2\\pi}{x f''(t_0)}} e^{-x f(t_0)}$", sig(t0, 6), sig(d2, 6)))
		} else {
			if math.Abs(d1) < 1e-6 {
				return Row{}, fmt.Errorf("flat endpoint minimum")
			}
			amp += gv / math.Abs(d1)
			ampAbs += math.Abs(gv / math.Abs(d1))
			xe = math.Max(xe, 50/(math.Abs(d1)*(b-a)))
			how = append(how, fmt.Sprintf("an endpoint minimum at $t_0 = %s$ with $f'(t_0) = %s$, contributing $\\frac{g(t_0)}{x |f'(t_0)|} e^{-x f(t_0)}$", sig(t0, 6), sig(d1, 6)))
		}
	}
	if len(mins) == 0 {
		return Row{}, fmt.Errorf("no minimum found")
	}
	if interior && len(mins) > 1 {
		for _, t0 := range mins {
			if !(t0 > a && t0 < b) {
				return Row{}, fmt.Errorf("mixed interior and endpoint minima")
			}
		}
	}
	if math.Abs(amp) < 0.01*ampAbs {
		// The leading terms cancel (odd g in a symmetric well): the answer
		// would need the next order.
		return Row{}, fmt.Errorf("leading-order contributions cancel")
	}
	power = "x"
	if interior {
		power = `\sqrt{x}`
	}
	K := -ext.F
	if math.Abs(K*xe) > 600 {
		return Row{}, fmt.Errorf("e^{%g x} overflows at x=%g", K, xe)
	}
	ans := fmt.Sprintf(`\frac{%s e^{%s x}}{%s}`, sig(amp, 10), sig(K, 10), power)
	q := fmt.Sprintf(`Consider the integral \par \begin{equation} I(x) = \int_{%.1f}^{%.1f} (%s) e^{- x (%s)} \, dt \end{equation} \par Develop an analytical formula for $I(x)$ that is accurate as $x \to \infty$.`, a, b, g.latex(), f.latex())
	// Numerical truth by quadrature, scaled by e^{x f_min}, split at the minima.
	h := func(t float64) float64 {
		gv, _, _ := g.eval(t)
		return gv * math.Exp(-xe*(fv(t)-ext.F))
	}
	pts := append([]float64{a}, mins...)
	pts = append(pts, b)
	sort.Float64s(pts)
	num := 0.0
	for i := 0; i+1 < len(pts); i++ {
		if pts[i+1] <= pts[i] {
			continue
		}
		r, err := numeric.Integrate(ctx, h, pts[i], pts[i+1], numeric.QuadOptions{AbsTol: 1e-300, RelTol: 1e-10})
		if err != nil {
			return Row{}, err
		}
		num += r.Value
	}
	num *= math.Exp(xe * K)
	v, err := evalLatex(ctx, ans, map[string]complex128{"x": complex(xe, 0)}, evalOptions{realRoots: true})
	if err != nil {
		return Row{}, err
	}
	if num == 0 || !relClose(real(v), num, Tolerance) {
		return Row{}, fmt.Errorf("Laplace answer %.4g vs quadrature %.4g at x=%g", real(v), num, xe)
	}
	sol := fmt.Sprintf(`The integral is of the form \begin{equation} I(x) = \int_{a}^{b} g(t) e^{- x f(t)} \, dt \end{equation} \par where $a=%.1f$, $b=%.1f$, $g(t) = %s$, and $f(t) = %s$. This means we can use Laplace's method to develop an analytical approximation in the limit that $x \to \infty$. \par `+
		`In this limit, the integral is dominated by the integrand near the minimum of $f(t)$ within the bounds. The critical points of $f$ are the zeros of $f'(t)$ in $(a, b)$; comparing $f$ there and at the bounds, its minimum value is $f_{min} = %s$, attained at %s. \par `+
		`Expanding the integrand to leading order around each such point and extending the range of the resulting integral to infinity, we find \par \begin{equation} \boxed{I(x) \approx %s} \end{equation}`,
		a, b, g.latex(), f.latex(), sig(ext.F, 10), strings.Join(how, "; and "), ans)
	return Row{Question: q, Solution: sol, QuestionType: strp(TypeIntegral), AnswerType: "math_expression",
		AnswerVal:      `\boxed{I(x) \approx ` + ans + `}`,
		LargeEvalPoint: ptrF(xe), LargeAnalytical: ptrS(pyFloat(real(v))), LargeNumerical: ptrS(pyFloat(num)),
	}, nil
}
