package amps

import (
	"math"
	"strings"

	"github.com/matheval/matheval/cas"
)

// The families the first audit found missing outside trigonometry and the
// mathematics_dataset ones: limits that are not of rational functions,
// series, differential equations, multiple integrals, congruences, complex
// square roots and arguments, inclusion-exclusion, stars and bars,
// derangements, continuous distributions, lines and planes in space,
// domain and range, and logarithms.

func init() {
	for _, m := range []*Module{
		{Name: "limit_special", Area: "calculus", Steps: true, gen: genLimitSpecial,
			Description: "A limit at 0 built on sin u/u, (e^u - 1)/u, ln(1 + u)/u, tan u/u or (1 - cos u)/u^2",
			Extrapolate: "larger coefficients"},
		{Name: "limit_lhopital", Area: "calculus", Steps: true, gen: genLimitLHopital,
			Description: "A 0/0 limit (x^n - c^n)/(x^m - c^m) by L'Hopital's rule",
			Extrapolate: "higher powers"},
		{Name: "series_geometric_sum", Area: "calculus", Steps: true, gen: genSeriesGeometric,
			Description: "The sum of a convergent geometric series starting at any index",
			Extrapolate: "ratios closer to 1 and later starting indices"},
		{Name: "series_telescoping", Area: "calculus", Steps: true, gen: genSeriesTelescoping,
			Description: "The sum of the telescoping series of c/(n(n + k))",
			Extrapolate: "larger gaps k"},
		{Name: "series_radius", Area: "calculus", Steps: true, gen: genSeriesRadius,
			Description: "The radius of convergence of a power series by the ratio test",
			Extrapolate: "larger bases and powers of n"},
		{Name: "series_convergence", Area: "calculus", Steps: true, gen: genSeriesConvergence,
			Description: "Whether a series converges: p-series, geometric, comparison with a p-series, divergence test",
			Extrapolate: "larger exponents"},
		{Name: "ode_exponential", Area: "calculus", Steps: true, gen: genODEExponential,
			Description: "Solve y' = ky + b with an initial value",
			Extrapolate: "larger rates and values"},
		{Name: "ode_second_order", Area: "calculus", Steps: true, gen: genODESecond,
			Description: "Solve y'' + py' + qy = 0 with distinct integer characteristic roots and initial values",
			Extrapolate: "larger roots"},
		{Name: "double_integral", Area: "calculus", Steps: true, gen: genDoubleIntegral,
			Description: "A double integral of a polynomial over a rectangle, as an iterated integral",
			Extrapolate: "higher degrees and wider rectangles"},
		{Name: "congruence_linear", Area: "number_theory", Steps: true, gen: genCongruence,
			Description: "Solve a linear congruence ax = b (mod m), gcd(a, m) dividing b",
			Extrapolate: "larger moduli"},
		{Name: "complex_square_root", Area: "algebra", Steps: true, gen: genComplexSqrt,
			Description: "Both square roots of a Gaussian integer, in rectangular form",
			Extrapolate: "larger parts"},
		{Name: "complex_argument", Area: "algebra", Steps: true, gen: genComplexArgument,
			Description: "The principal argument of a complex number at a standard angle",
			Extrapolate: "larger moduli"},
		{Name: "derangements", Area: "statistics", Steps: true, gen: genDerangements,
			Description: "The number of permutations of n objects with no fixed point",
			Extrapolate: "more objects"},
		{Name: "stars_and_bars", Area: "statistics", Steps: true, gen: genStarsBars,
			Description: "The number of solutions of x_1 + ... + x_k = n in nonnegative or positive integers",
			Extrapolate: "more variables and larger n"},
		{Name: "inclusion_exclusion", Area: "statistics", Steps: true, gen: genInclusionExclusion,
			Description: "How many integers up to N are divisible by at least one of two or three numbers",
			Extrapolate: "larger N"},
		{Name: "normal_z_score", Area: "statistics", Steps: true, gen: genZScore,
			Description: "A z-score, or the value with a given z-score, of a normal distribution",
			Extrapolate: "larger means and deviations"},
		{Name: "uniform_continuous", Area: "statistics", Steps: true, gen: genUniformContinuous,
			Description: "A probability, mean or variance of a continuous uniform distribution",
			Extrapolate: "wider intervals"},
		{Name: "exponential_distribution", Area: "statistics", Steps: true, gen: genExponentialDist,
			Description: "P(X > t), P(a < X < b) or the median of an exponential distribution",
			Extrapolate: "larger rates and times"},
		{Name: "pdf_constant", Area: "statistics", Steps: true, gen: genPDFConstant,
			Description: "The constant that makes c x^n a density on [0, a], and its mean",
			Extrapolate: "higher powers"},
		{Name: "line_plane_intersection", Area: "geometry", Steps: true, gen: genLinePlane,
			Description: "The point where a line in space meets a plane",
			Extrapolate: "larger coordinates"},
		{Name: "point_plane_distance", Area: "geometry", Steps: true, gen: genPointPlane,
			Description: "The distance from a point to a plane in space",
			Extrapolate: "larger coordinates"},
		{Name: "domain_sqrt", Area: "algebra", Steps: true, gen: genDomainSqrt,
			Description: "The domain of the square root of a linear function, as an interval",
			Extrapolate: "larger coefficients"},
		{Name: "range_quadratic", Area: "algebra", Steps: true, gen: genRangeQuadratic,
			Description: "The range of a quadratic function, as an interval",
			Extrapolate: "larger coefficients"},
		{Name: "log_evaluate", Area: "algebra", Steps: true, gen: genLogEvaluate,
			Description: "Evaluate a sum or difference of logarithms with the product, quotient and power rules",
			Extrapolate: "more terms and larger bases"},
		{Name: "log_change_of_base", Area: "algebra", Steps: true, gen: genLogChangeOfBase,
			Description: "Evaluate log_a b where a and b are powers of one prime (change of base)",
			Extrapolate: "larger exponents"},
	} {
		register(m)
	}
}

// ---- limits ----

func genLimitSpecial(g *G) (*Problem, error) {
	b := g.ByLevel(3, 5, 7, 9, 12)
	a, c := g.NZ(-b, b), g.NZ(-b, b)
	if a == c {
		return nil, errf("limit: trivial ratio")
	}
	kind := g.IntN(5)
	ax := cas.Product(e(a), X)
	var num, den cas.Expr
	var ans cas.Q
	var rule string
	switch kind {
	case 0:
		num, den, ans = cas.Call("sin", ax), cas.Product(e(c), X), qf(a, c)
		rule = `\lim_{u \to 0}\frac{\sin u}{u} = 1`
	case 1:
		num, den, ans = cas.Diff(cas.Call("exp", ax), e(1)), cas.Product(e(c), X), qf(a, c)
		rule = `\lim_{u \to 0}\frac{e^{u} - 1}{u} = 1`
	case 2:
		if a < 0 {
			a = -a
		}
		ax = cas.Product(e(a), X)
		num, den, ans = cas.Call("ln", cas.Sum(e(1), ax)), cas.Product(e(c), X), qf(a, c)
		rule = `\lim_{u \to 0}\frac{\ln\left(1 + u\right)}{u} = 1`
	case 3:
		num, den, ans = cas.Call("tan", ax), cas.Product(e(c), X), qf(a, c)
		rule = `\lim_{u \to 0}\frac{\tan u}{u} = 1`
	default:
		num, den, ans = cas.Diff(e(1), cas.Call("cos", ax)), cas.Product(e(c), cas.Power(X, e(2))), qf(a*a, 2*c)
		rule = `\lim_{u \to 0}\frac{1 - \cos u}{u^{2}} = \frac{1}{2}`
	}
	p := &Problem{Problem: "Find " + m(`\lim_{x \to 0}\frac{`+tex(num)+"}{"+tex(den)+"}") + "."}
	u := tex(ax)
	if kind == 4 {
		p.Steps = []string{"With " + m("u = "+u) + " and " + m(rule) + ", write the quotient as " + m(qf(a*a, c).TeX()+`\cdot\frac{1 - \cos u}{u^{2}}`) + ".",
			"Its limit is " + m(chain(paren(qf(a*a, c))+`\cdot\frac{1}{2}`, ans.TeX())) + "."}
	} else {
		p.Steps = []string{"With " + m("u = "+u) + " and " + m(rule) + ", write the quotient as " + m(qf(a, c).TeX()+`\cdot\frac{`+strings.ReplaceAll(tex(num), u, "u")+"}{u}") + ".",
			"So the limit is " + m(ans.TeX()) + "."}
	}
	p.setNum(ans)
	p.sym("f", py(cas.Quot(num, den)))
	p.Check = func() error {
		// the quotient at small x approaches the answer (O(x) or O(x^2) error)
		for _, h := range []float64{1e-4, -1e-4} {
			v := at(num, h) / at(den, h)
			if !nearTol(v, ans.Float(), 1e-2) {
				return errf("at x = %v the quotient is %v", h, v)
			}
		}
		return nil
	}
	return p, nil
}

func genLimitLHopital(g *G) (*Problem, error) {
	n := g.Int(2, g.ByLevel(3, 5, 7, 9, 12))
	mm := g.Int(1, g.ByLevel(3, 5, 7, 9, 12))
	if mm == n {
		mm = n - 1
	}
	c := g.NZ(-g.ByLevel(2, 4, 6, 9, 12), g.ByLevel(2, 4, 6, 9, 12))
	cn, cm := q(c).PowInt(int(n)), q(c).PowInt(int(mm))
	num := cas.Diff(cas.Power(X, e(n)), cas.N(cn))
	den := cas.Diff(cas.Power(X, e(mm)), cas.N(cm))
	ans := qf(n, mm).Mul(q(c).PowInt(int(n - mm)))
	if n < mm {
		ans = qf(n, mm).Div(q(c).PowInt(int(mm - n)))
	}
	p := &Problem{Problem: "Find " + m(`\lim_{x \to `+itoa(c)+`}\frac{`+tex(num)+"}{"+tex(den)+"}") + "."}
	dn, dd := cas.D(num, "x"), cas.D(den, "x")
	p.Steps = []string{"At " + m("x = "+itoa(c)) + " both the numerator and the denominator are " + m("0") + ", so L'Hopital's rule applies.",
		"The derivatives are " + m(tex(dn)) + " and " + m(tex(dd)) + "; their quotient at " + m("x = "+itoa(c)) + " is " +
			m(chain(overTeX(tex(cas.Subst(dn, "x", e(c))), tex(cas.Subst(dd, "x", e(c)))), ans.TeX())) + "."}
	p.setNum(ans)
	p.sym("f", py(cas.Quot(num, den)))
	p.sym("c", itoa(c))
	p.Check = func() error {
		// factor x - c out: the quotient of the sums of c^i x^(k-1-i)
		s := func(k int64) cas.Q {
			t := q(0)
			for i := int64(0); i < k; i++ {
				t = t.Add(q(c).PowInt(int(k - 1)))
			}
			return t
		}
		if !s(n).Div(s(mm)).Equal(ans) {
			return errf("cancelling x - c gives %s", s(n).Div(s(mm)))
		}
		return nil
	}
	return p, nil
}

// ---- series ----

func genSeriesGeometric(g *G) (*Problem, error) {
	den := g.Int(2, g.ByLevel(3, 4, 6, 8, 10))
	r := qf(g.NZ(-(den-1), den-1), den)
	a := q(g.NZ(-g.ByLevel(5, 8, 10, 12, 20), g.ByLevel(5, 8, 10, 12, 20)))
	k := g.Int(0, g.ByLevel(1, 2, 3, 3, 4))
	first := a.Mul(r.PowInt(int(k)))
	ans := first.Div(q(1).Sub(r))
	term := tex(cas.Product(cas.N(a), cas.Power(cas.N(r), cas.V("n"))))
	p := &Problem{Problem: "Find " + m(`\sum_{n=`+itoa(k)+`}^{\infty} `+term) + "."}
	p.Steps = []string{"This is a geometric series with ratio " + m("r = "+r.TeX()) + ", and " + m(`\left|r\right| < 1`) + ", so it converges.",
		"Its first term (at " + m("n = "+itoa(k)) + ") is " + m(first.TeX()) + ", so the sum is " + m(chain(`\frac{`+first.TeX()+"}{1 - "+paren(r)+"}", ans.TeX())) + "."}
	p.setNum(ans)
	p.sym("a", pyQ(a))
	p.sym("r", pyQ(r))
	p.sym("k", itoa(k))
	p.Check = func() error {
		s, t := 0.0, first.Float()
		for i := 0; i < 2000; i++ {
			s += t
			t *= r.Float()
		}
		if !nearTol(s, ans.Float(), 1e-9) {
			return errf("partial sums approach %v", s)
		}
		return nil
	}
	return p, nil
}

func genSeriesTelescoping(g *G) (*Problem, error) {
	k := g.Int(1, g.ByLevel(2, 3, 5, 7, 9))
	c := g.Int(1, g.ByLevel(3, 10, 30, 80, 200))
	// c/(n(n+k)) = (c/k)(1/n - 1/(n+k)); the sum is (c/k) H_k
	h := q(0)
	var hs []string
	for i := int64(1); i <= k; i++ {
		h = h.Add(qf(1, i))
		hs = append(hs, qf(1, i).TeX())
	}
	ans := qf(c, k).Mul(h)
	nk := tex(cas.Sum(cas.V("n"), e(k)))
	ck := qf(c, k).TeX()
	if ck == "1" {
		ck = ""
	}
	p := &Problem{Problem: "Find " + m(`\sum_{n=1}^{\infty} \frac{`+itoa(c)+`}{n\left(`+nk+`\right)}`) + "."}
	p.Steps = []string{"By partial fractions, " + m(`\frac{`+itoa(c)+`}{n\left(`+nk+`\right)} = `+ck+`\left(\frac{1}{n} - \frac{1}{`+nk+`}\right)`) + ".",
		"The series telescopes: the terms " + m(`\frac{1}{n}`) + " for " + m(`n > `+itoa(k)) + " cancel, leaving " + m(ck+`\left(`+strings.Join(hs, " + ")+`\right)`) + ".",
		"So the sum is " + m(ans.TeX()) + "."}
	if k == 1 {
		p.Steps[1] = "The series telescopes: every term " + m(`\frac{1}{n}`) + " with " + m(`n > 1`) + " cancels, leaving the first term " + m(itoa(c)) + "."
	}
	p.setNum(ans)
	p.sym("c", itoa(c))
	p.sym("k", itoa(k))
	p.Check = func() error {
		s := 0.0
		const N = 200000
		for n := 1; n <= N; n++ {
			s += float64(c) / (float64(n) * float64(n+int(k)))
		}
		// the tail is about c/N
		if math.Abs(s-ans.Float()) > 2*float64(c)/N {
			return errf("partial sums approach %v", s)
		}
		return nil
	}
	return p, nil
}

func genSeriesRadius(g *G) (*Problem, error) {
	b := g.Int(1, g.ByLevel(3, 5, 7, 9, 12))
	a := g.Int(1, g.ByLevel(2, 3, 4, 5, 6))
	if cas.GCDInt(a, b) != 1 || a == b {
		return nil, errf("radius: not in lowest terms")
	}
	pw := g.Int(0, g.ByLevel(1, 2, 3, 3, 4))
	c := g.Int(-3, 3)
	R := qf(b, a)
	num := `\left(` + tex(shift(X, q(c))) + `\right)^{n}`
	if c == 0 {
		num = "x^{n}"
	}
	coef := ""
	if a > 1 {
		coef = itoa(a) + "^{n}"
	}
	dnm := ""
	if b > 1 {
		dnm = itoa(b) + "^{n}"
	}
	if pw > 0 {
		dnm += "n" + sup(pw)
	}
	term := coef + num
	if dnm != "" {
		term = `\frac{` + coef + num + "}{" + dnm + "}"
	}
	p := &Problem{Problem: "Find the radius of convergence of " + m(`\sum_{n=1}^{\infty} `+term) + "."}
	p.Steps = []string{"By the ratio test, the quotient of consecutive terms tends to " + m(overTeX(itoa(a), itoa(b))+`\left|`+tex(shift(X, q(c)))+`\right|`) +
		(map[bool]string{true: " (the powers of " + m("n") + " give a factor that tends to " + m("1") + ")", false: ""}[pw > 0]) + ".",
		"The series converges when this is below " + m("1") + ", that is for " + m(`\left|`+tex(shift(X, q(c)))+`\right| < `+R.TeX()) + "; the radius is " + m(R.TeX()) + "."}
	p.setNum(R)
	p.sym("a", itoa(a))
	p.sym("b", itoa(b))
	p.sym("pw", itoa(pw))
	p.Check = func() error {
		// the root test on the coefficients a^n/(b^n n^pw) at large n
		n := 4000.0
		root := math.Exp((n*math.Log(float64(a)) - n*math.Log(float64(b)) - float64(pw)*math.Log(n)) / n)
		if !nearTol(1/root, R.Float(), 1e-2) {
			return errf("the root test gives %v", 1/root)
		}
		return nil
	}
	return p, nil
}

func genSeriesConvergence(g *G) (*Problem, error) {
	p := &Problem{}
	var conv bool
	var term func(n float64) float64
	switch g.IntN(4) {
	case 0: // p-series
		pv := qf(g.Int(1, g.ByLevel(6, 8, 10, 12, 16)), g.Int(1, 4))
		conv = pv.Cmp(q(1)) > 0
		term = func(n float64) float64 { return math.Pow(n, -pv.Float()) }
		nt := "n^{" + pv.TeX() + "}"
		if pv.IsOne() {
			nt = "n"
		}
		p.Problem = "Does " + m(`\sum_{n=1}^{\infty} \frac{1}{`+nt+"}") + " converge or diverge?"
		p.Steps = []string{"This is a " + m("p") + "-series with " + m("p = "+pv.TeX()) + "; it converges exactly when " + m("p > 1") + "."}
		p.sym("kind", "'p'")
		p.sym("p", pyQ(pv))
	case 1: // geometric
		den := g.Int(2, g.ByLevel(5, 7, 9, 11, 13))
		r := qf(g.NZ(-2*den, 2*den), den)
		if r.Abs().IsOne() {
			return nil, errf("|r| = 1")
		}
		conv = r.Abs().Cmp(q(1)) < 0
		term = func(n float64) float64 { return math.Pow(math.Abs(r.Float()), n) }
		p.Problem = "Does " + m(`\sum_{n=0}^{\infty} \left(`+r.TeX()+`\right)^{n}`) + " converge or diverge?"
		p.Steps = []string{"This is a geometric series with ratio " + m(r.TeX()) + "; it converges exactly when " + m(`\left|r\right| < 1`) + "."}
		p.sym("kind", "'geo'")
		p.sym("p", pyQ(r))
	case 2: // comparison: n^j / (n^k + c)
		k := g.Int(1, g.ByLevel(3, 4, 5, 6, 7))
		j := g.Int(0, k)
		cc := g.Int(1, 9)
		conv = k-j > 1
		term = func(n float64) float64 { return math.Pow(n, float64(j)) / (math.Pow(n, float64(k)) + float64(cc)) }
		p.Problem = "Does " + m(`\sum_{n=1}^{\infty} \frac{`+tex(cas.Power(cas.V("n"), e(j)))+"}{"+tex(cas.Sum(cas.Power(cas.V("n"), e(k)), e(cc)))+"}") + " converge or diverge?"
		p.Steps = []string{"For large " + m("n") + " the terms behave like " + m(`\frac{1}{n`+sup(k-j)+"}") + " (limit comparison), a " + m("p") + "-series with " + m("p = "+itoa(k-j)) +
			", which " + map[bool]string{true: "converges", false: "diverges"}[conv] + "."}
		if j == k {
			p.Steps = []string{"The terms tend to " + m("1") + ", not " + m("0") + ", so the series diverges by the divergence test."}
		}
		p.sym("kind", "'cmp'")
		p.sym("p", "["+itoa(j)+", "+itoa(k)+", "+itoa(cc)+"]")
	default: // divergence test: (a n + b)/(c n + d)
		a, c := g.Int(1, 9), g.Int(1, 9)
		b, d := g.Int(0, 9), g.Int(1, 9)
		conv = false
		term = func(n float64) float64 { return (float64(a)*n + float64(b)) / (float64(c)*n + float64(d)) }
		p.Problem = "Does " + m(`\sum_{n=1}^{\infty} \frac{`+tex(cas.Sum(cas.Product(e(a), cas.V("n")), e(b)))+"}{"+tex(cas.Sum(cas.Product(e(c), cas.V("n")), e(d)))+"}") + " converge or diverge?"
		p.Steps = []string{"The terms tend to " + m(qf(a, c).TeX()) + ", not " + m("0") + ", so the series diverges by the divergence test."}
		p.sym("kind", "'div'")
		p.sym("p", "["+itoa(a)+", "+itoa(b)+", "+itoa(c)+", "+itoa(d)+"]")
	}
	p.setText(map[bool]string{true: "converges", false: "diverges"}[conv])
	p.Check = func() error {
		// a Cauchy block: the sum of |a_n| for N <= n < 2N is small for these
		// convergent families (at most about N^(1-p) with p >= 5/4, or a
		// geometric tail) and at least about ln 2 for the divergent ones
		const N = 100000
		s := 0.0
		for n := N; n < 2*N; n++ {
			s += math.Abs(term(float64(n)))
			if math.IsInf(s, 0) || math.IsNaN(s) {
				break
			}
		}
		if got := s < 0.1; got != conv {
			return errf("the block sum %v says otherwise", s)
		}
		return nil
	}
	return p, nil
}

// ---- differential equations ----

func genODEExponential(g *G) (*Problem, error) {
	k := g.NZ(-g.ByLevel(3, 4, 5, 6, 8), g.ByLevel(3, 4, 5, 6, 8))
	b := int64(0)
	if g.Level >= 2 && g.Bool() {
		b = g.NZ(-10, 10)
	}
	y0 := g.Int(-10, 10)
	eq := q(b).Div(q(k)).Neg() // the equilibrium -b/k
	cc := q(y0).Sub(eq)
	if cc.IsZero() {
		return nil, errf("constant solution")
	}
	sol := cas.Sum(cas.Product(cas.N(cc), cas.Call("exp", cas.Product(e(k), X))), cas.N(eq))
	rhs := cas.Sum(cas.Product(e(k), cas.V("y")), e(b))
	p := &Problem{Problem: "Solve " + m("y' = "+tex(rhs)) + " with " + m("y(0) = "+itoa(y0)) + "; give " + m("y") + " as a function of " + m("x") + "."}
	if b == 0 {
		p.Steps = []string{"Separating variables, " + m(`\frac{dy}{y} = `+itoa(k)+`\,dx`) + ", so " + m(tex(cas.Product(cas.V("C"), cas.Call("exp", cas.Product(e(k), X))))+" = y") + ".",
			"The initial value gives " + m("C = "+itoa(y0)) + "."}
	} else {
		p.Steps = []string{"The equilibrium is " + m("y = "+eq.TeX()) + "; " + m("u = "+tex(cas.Diff(cas.V("y"), cas.N(eq)))) + " satisfies " + m("u' = "+tex(cas.Product(e(k), cas.V("u")))) + ", so " + m("u = Ce^{"+tex(cas.Product(e(k), X))+"}") + ".",
			"The initial value gives " + m("C = "+chain(itoa(y0)+" - "+paren(eq), cc.TeX())) + "."}
	}
	p.setExpr(sol)
	p.sym("k", itoa(k))
	p.sym("b", itoa(b))
	p.sym("y0", itoa(y0))
	p.Check = func() error {
		// the solution satisfies the equation and the initial value
		res := cas.Diff(cas.D(sol, "x"), cas.Sum(cas.Product(e(k), sol), e(b)))
		if !cas.Equal(cas.Expand(res), e(0)) && math.Abs(at(res, 0.3)) > 1e-9 {
			return errf("y' - ky - b is not 0")
		}
		if !near(at(sol, 0), float64(y0)) {
			return errf("y(0) is %v", at(sol, 0))
		}
		return nil
	}
	return p, nil
}

func genODESecond(g *G) (*Problem, error) {
	rs := g.Distinct(2, -g.ByLevel(3, 4, 5, 6, 7), g.ByLevel(3, 4, 5, 6, 7))
	r1, r2 := min(rs[0], rs[1]), max(rs[0], rs[1])
	y0, y1 := g.Int(-6, 6), g.Int(-10, 10)
	// c1 + c2 = y0, r1 c1 + r2 c2 = y1
	c2 := qf(y1-r1*y0, r2-r1)
	c1 := q(y0).Sub(c2)
	pp, qq := -(r1 + r2), r1*r2
	ex := func(r int64) cas.Expr { return cas.Call("exp", cas.Product(e(r), X)) }
	sol := cas.Sum(cas.Product(cas.N(c1), ex(r1)), cas.Product(cas.N(c2), ex(r2)))
	lhs := "y''" + signedTerm(pp, "y'") + signedTerm(qq, "y")
	p := &Problem{Problem: "Solve " + m(lhs+" = 0") + " with " + m("y(0) = "+itoa(y0)) + " and " + m("y'(0) = "+itoa(y1)) + "."}
	cp := cas.PolyInts(qq, pp, 1)
	p.Steps = []string{"The characteristic equation " + m(ptexIn(cp, "r")+" = 0") + " has the roots " + m(itoa(r1)) + " and " + m(itoa(r2)) + ", so " +
		m("y = "+tex(cas.Sum(cas.Product(cas.V("c_{1}"), ex(r1)), cas.Product(cas.V("c_{2}"), ex(r2))))) + ".",
		"The initial values give " + m(`c_{1} + c_{2} = `+itoa(y0)) + " and " + m(tex(cas.Sum(cas.Product(e(r1), cas.V("c_{1}")), cas.Product(e(r2), cas.V("c_{2}"))))+" = "+itoa(y1)) +
			", so " + m(`c_{1} = `+c1.TeX()) + " and " + m(`c_{2} = `+c2.TeX()) + "."}
	p.setExpr(sol)
	p.sym("p", itoa(pp))
	p.sym("q", itoa(qq))
	p.sym("y0", itoa(y0))
	p.sym("y1", itoa(y1))
	p.Check = func() error {
		d1 := cas.D(sol, "x")
		res := cas.Sum(cas.D(d1, "x"), cas.Product(e(pp), d1), cas.Product(e(qq), sol))
		for _, x := range []float64{0.2, 0.7} {
			if math.Abs(at(res, x)) > 1e-6*math.Max(1, math.Abs(at(sol, x))) {
				return errf("the equation is not satisfied at %v", x)
			}
		}
		if !near(at(sol, 0), float64(y0)) || !near(at(d1, 0), float64(y1)) {
			return errf("initial values differ")
		}
		return nil
	}
	return p, nil
}

// ---- multiple integrals ----

func genDoubleIntegral(g *G) (*Problem, error) {
	n := int(g.ByLevel(2, 2, 3, 3, 4))
	type mono struct{ c, i, j int64 }
	var ms []mono
	var terms []cas.Expr
	for t := 0; t < n; t++ {
		mo := mono{g.NZ(-6, 6), g.Int(0, g.ByLevel(1, 2, 2, 3, 3)), g.Int(0, g.ByLevel(1, 1, 2, 2, 3))}
		ms = append(ms, mo)
		terms = append(terms, cas.Product(e(mo.c), cas.Power(X, e(mo.i)), cas.Power(Y, e(mo.j))))
	}
	f := cas.Sum(terms...)
	if cas.Equal(f, e(0)) {
		return nil, errf("zero integrand")
	}
	a := g.Int(-2, 1)
	b := a + g.Int(1, g.ByLevel(2, 2, 3, 3, 4))
	c := g.Int(-2, 1)
	d := c + g.Int(1, g.ByLevel(2, 2, 3, 3, 4))
	// inner in y, then x, monomial by monomial
	iv := func(lo, hi, k int64) cas.Q {
		return q(hi).PowInt(int(k + 1)).Sub(q(lo).PowInt(int(k + 1))).Div(q(k + 1))
	}
	P := cas.PolyInts(0)
	for _, mo := range ms {
		P = P.Add(cas.NewPoly(iv(c, d, mo.j).MulInt(mo.c)).Mul(monomial(int(mo.i))))
	}
	F := P.Integral()
	ans := F.Eval(q(b)).Sub(F.Eval(q(a)))
	p := &Problem{Problem: "Evaluate " + m(`\int_{`+itoa(a)+"}^{"+itoa(b)+`}\int_{`+itoa(c)+"}^{"+itoa(d)+`} \left(`+tex(f)+`\right)\,dy\,dx`) + "."}
	p.Steps = []string{"The inner integral in " + m("y") + " is " + m(chain(`\int_{`+itoa(c)+"}^{"+itoa(d)+`} \left(`+tex(f)+`\right)\,dy`, ptex(P))) + ".",
		"Then " + m(chain(`\int_{`+itoa(a)+"}^{"+itoa(b)+`} \left(`+ptex(P)+`\right)dx`, ans.TeX())) + "."}
	p.setNum(ans)
	p.sym("f", py(f))
	p.sym("box", "["+itoa(a)+", "+itoa(b)+", "+itoa(c)+", "+itoa(d)+"]")
	p.Check = func() error {
		// the other order (Fubini): x first, then y, on the expression
		// tree through cas's substitution
		var inner cas.Expr = e(0)
		for _, mo := range ms {
			inner = cas.Sum(inner, cas.Product(cas.N(iv(a, b, mo.i).MulInt(mo.c)), cas.Power(Y, e(mo.j))))
		}
		Q, ok := cas.ToPoly(cas.Expand(inner), "y")
		if !ok {
			return errf("the x-first inner integral is not a polynomial in y")
		}
		Fq := Q.Integral()
		if s := Fq.Eval(q(d)).Sub(Fq.Eval(q(c))); !s.Equal(ans) {
			return errf("integrating in x first gives %s", s)
		}
		return nil
	}
	return p, nil
}

// ---- number theory ----

func genCongruence(g *G) (*Problem, error) {
	mod := g.Int(5, g.ByLevel(15, 30, 60, 120, 300))
	a := g.Int(2, mod-1)
	gg := cas.GCDInt(a, mod)
	if g.Level <= 2 && gg != 1 {
		return nil, errf("level 1-2: a invertible")
	}
	b := gg * g.Int(1, mod/gg-1+1)
	b = cas.Mod(b, mod)
	a2, b2, m2 := a/gg, b/gg, mod/gg
	inv, err := cas.ModInverse(cas.Mod(a2, m2), m2)
	if err != nil || m2 < 2 || cas.Mod(a2, m2) == 1 {
		return nil, errf("no inverse, or x alone after dividing")
	}
	x := cas.Mod(inv*b2, m2)
	p := &Problem{Problem: "Find the smallest nonnegative solution of " + m(itoa(a)+`x \equiv `+itoa(b)+` \pmod{`+itoa(mod)+"}") + "."}
	if gg > 1 {
		p.Steps = append(p.Steps, "Since "+m(`\gcd(`+itoa(a)+", "+itoa(mod)+") = "+itoa(gg))+" divides "+m(itoa(b))+", divide through: "+m(itoa(a2)+`x \equiv `+itoa(b2)+` \pmod{`+itoa(m2)+"}")+".")
	}
	p.Steps = append(p.Steps, "The inverse of "+m(itoa(cas.Mod(a2, m2)))+" modulo "+m(itoa(m2))+" is "+m(itoa(inv))+", so "+m(`x \equiv `+itoa(inv)+`\cdot `+itoa(b2)+` \equiv `+itoa(x)+` \pmod{`+itoa(m2)+"}")+".")
	p.setNum(q(x))
	p.sym("a", itoa(a))
	p.sym("b", itoa(b))
	p.sym("m", itoa(mod))
	p.Check = func() error {
		for t := int64(0); t < mod; t++ {
			if cas.Mod(a*t-b, mod) == 0 {
				if t != x {
					return errf("search finds %d first", t)
				}
				return nil
			}
		}
		return errf("no solution by search")
	}
	return p, nil
}

// ---- complex numbers ----

func genComplexSqrt(g *G) (*Problem, error) {
	b := g.ByLevel(3, 8, 20, 50, 120)
	u, v := g.NZ(-b, b), g.NZ(-b, b)
	if u < 0 {
		u, v = -u, -v
	}
	re, im := u*u-v*v, 2*u*v
	z := cplxTeX(e(re), e(im))
	p := &Problem{Problem: "Find both square roots of " + m(z) + "."}
	p.Steps = []string{"Write " + m(`\left(a + bi\right)^{2} = `+z) + ": " + m(`a^{2} - b^{2} = `+itoa(re)) + " and " + m(`2ab = `+itoa(im)) + ".",
		"With " + m(`a^{2} + b^{2} = \left|`+z+`\right| = `+itoa(u*u+v*v)) + ", " + m(`a^{2} = `+itoa(u*u)) + " and " + m(`b^{2} = `+itoa(v*v)) + "; " + m("ab") + " has the sign of " + m(itoa(im)) + "."}
	r1 := cas.Sum(e(u), cas.Product(e(v), cas.V("i")))
	r2 := cas.Sum(e(-u), cas.Product(e(-v), cas.V("i")))
	p.setList(r1, r2)
	p.Answer = cplxTeX(e(u), e(v)) + ", " + cplxTeX(e(-u), e(-v))
	p.sym("z", itoa(re)+" + "+itoa(im)+"*I")
	p.Check = func() error {
		// squaring back in Gaussian integers
		sq := cas.CInt(u, v).Mul(cas.CInt(u, v))
		if !sq.Equal(cas.CInt(re, im)) {
			return errf("the square is not z")
		}
		return nil
	}
	return p, nil
}

func genComplexArgument(g *G) (*Problem, error) {
	deg := []int64{0, 30, 45, 60, 90, 120, 135, 150, 180, -30, -45, -60, -90, -120, -135, -150}[g.IntN(16)]
	r := g.Int(1, g.ByLevel(3, 10, 30, 100, 300))
	t := cas.Product(cas.N(qf(deg, 180)), cas.Pi)
	re := cas.Expand(cas.Product(e(r), cas.Call("cos", t)))
	im := cas.Expand(cas.Product(e(r), cas.Call("sin", t)))
	// scale so that both parts are integers or simple radicals: multiply by 2
	if _, ok := cas.IsNum(re); !ok || !isIntExpr(im) {
		re, im = cas.Expand(cas.Product(e(2), re)), cas.Expand(cas.Product(e(2), im))
	}
	p := &Problem{Problem: "Find the principal argument " + m(`\arg z`) + ", in " + m(`\left(-\pi, \pi\right]`) + ", of " + m("z = "+cplxTeX(re, im)) + "."}
	p.Steps = []string{"The point " + m(`\left(`+tex(re)+", "+tex(im)+`\right)`) + " has " + m(`\tan\theta = `+overTeX(tex(im), tex(re))) + " where defined, and lies " + whereTeX(deg) + ".",
		"So " + m(`\arg z = `+tex(t)) + "."}
	if deg == 0 || deg == 180 {
		p.Steps[0] = "The point " + m(`\left(`+tex(re)+", "+tex(im)+`\right)`) + " lies " + whereTeX(deg) + "."
	}
	if deg == 90 || deg == -90 {
		p.Steps[0] = "The point " + m(`\left(`+tex(re)+", "+tex(im)+`\right)`) + " lies on the imaginary axis, " + whereTeX(deg) + "."
	}
	p.setExpr(t)
	p.sym("z", py(cas.Sum(re, cas.Product(im, cas.V("I")))))
	p.Check = func() error {
		if !nearTol(math.Atan2(val(im), val(re)), val(t), 1e-9) && !(deg == 180 && math.Abs(math.Atan2(val(im), val(re))-math.Pi) < 1e-9) {
			return errf("atan2 gives %v", math.Atan2(val(im), val(re)))
		}
		return nil
	}
	return p, nil
}

func isIntExpr(v cas.Expr) bool {
	q, ok := cas.IsNum(v)
	return ok && q.IsInt()
}

func whereTeX(deg int64) string {
	switch {
	case deg == 0:
		return "on the positive real axis"
	case deg == 180:
		return "on the negative real axis"
	case deg == 90:
		return "above the origin"
	case deg == -90:
		return "below the origin"
	case deg > 0 && deg < 90:
		return "in the first quadrant"
	case deg > 90:
		return "in the second quadrant"
	case deg < -90:
		return "in the third quadrant"
	}
	return "in the fourth quadrant"
}

// ---- combinatorics ----

func genDerangements(g *G) (*Problem, error) {
	n := g.Int(3, g.ByLevel(5, 8, 12, 16, 20))
	fixed := int64(0)
	if g.Bool() {
		fixed = g.Int(1, n-2)
	}
	r := n - fixed // the objects that must all move
	// D_r = r! sum (-1)^k / k!
	dr := q(0)
	var terms []string
	for k := int64(0); k <= r; k++ {
		t := cas.Factorial(r).Div(cas.Factorial(k))
		if k%2 == 1 {
			t = t.Neg()
		}
		dr = dr.Add(t)
		terms = append(terms, t.TeX())
	}
	ans := cas.Binomial(n, fixed).Mul(dr)
	objs := [][3]string{{"letters", "addressed envelopes", "letter is in its own envelope"}, {"guests", "hats", "guest gets their own hat back"},
		{"students", "tests", "student grades their own test"}, {"players", "jerseys", "player gets their own jersey"}, {"cars", "parking spaces", "car is in its own space"}}[g.IntN(5)]
	what := "no " + objs[2]
	if fixed > 0 {
		what = "exactly " + m(itoa(fixed)) + " " + map[bool]string{true: "of them are", false: "of them is"}[fixed > 1] + " matched with their own"
	}
	p := &Problem{Problem: "The " + m(itoa(n)) + " " + objs[0] + " are matched at random with their " + m(itoa(n)) + " " + objs[1] + ", one each. In how many of the matchings is " + what + "?"}
	if fixed > 0 {
		p.Steps = append(p.Steps, "Choose the "+m(itoa(fixed))+" matched correctly in "+m(chain(`\binom{`+itoa(n)+"}{"+itoa(fixed)+"}", cas.Binomial(n, fixed).String()))+
			" ways; the other "+m(itoa(r))+" must all be wrong, a derangement.")
	}
	p.Steps = append(p.Steps, "By inclusion-exclusion the derangements of "+m(itoa(r))+" objects number "+m(`D_{`+itoa(r)+`} = `+itoa(r)+`!\sum_{k=0}^{`+itoa(r)+`}\frac{\left(-1\right)^{k}}{k!}`)+
		"; the terms "+m(`\frac{`+itoa(r)+`!}{k!}\left(-1\right)^{k}`)+" are "+m(strings.Join(terms, ", "))+", which add to "+m(dr.TeX())+".")
	if fixed > 0 {
		p.Steps = append(p.Steps, "So there are "+m(cas.Binomial(n, fixed).String()+`\cdot `+dr.TeX()+" = "+ans.TeX())+" matchings.")
	}
	p.setNum(ans)
	p.sym("n", itoa(n))
	p.sym("fixed", itoa(fixed))
	p.Check = func() error {
		if n <= 8 {
			// count the permutations with exactly that many fixed points
			perm := make([]int, n)
			for i := range perm {
				perm[i] = i
			}
			c := int64(0)
			var rec func(k int)
			rec = func(k int) {
				if k == len(perm) {
					f := int64(0)
					for i, v := range perm {
						if i == v {
							f++
						}
					}
					if f == fixed {
						c++
					}
					return
				}
				for i := k; i < len(perm); i++ {
					perm[k], perm[i] = perm[i], perm[k]
					rec(k + 1)
					perm[k], perm[i] = perm[i], perm[k]
				}
			}
			rec(0)
			if !q(c).Equal(ans) {
				return errf("enumeration counts %d", c)
			}
			return nil
		}
		// the recurrence D_n = (n - 1)(D_{n-1} + D_{n-2})
		a, b := q(1), q(0) // D_0, D_1
		for k := int64(2); k <= r; k++ {
			a, b = b, b.Add(a).MulInt(k-1)
		}
		if !b.Mul(cas.Binomial(n, fixed)).Equal(ans) {
			return errf("the recurrence gives %s", b)
		}
		return nil
	}
	return p, nil
}

func genStarsBars(g *G) (*Problem, error) {
	k := g.Int(2, g.ByLevel(3, 4, 6, 8, 10))
	n := g.Int(k, g.ByLevel(8, 20, 40, 80, 150))
	pos := g.Bool()
	var ans cas.Q
	var why string
	if pos {
		ans = cas.Binomial(n-1, k-1)
		why = "Each " + m("x_{i} \\ge 1") + ": place " + m(itoa(k-1)) + " bars in the " + m(itoa(n-1)) + " gaps between " + m(itoa(n)) + " stars, " + m(chain(`\binom{`+itoa(n-1)+"}{"+itoa(k-1)+"}", ans.String())) + " ways."
	} else {
		ans = cas.Binomial(n+k-1, k-1)
		why = "Arrange " + m(itoa(n)) + " stars and " + m(itoa(k-1)) + " bars in a row: " + m(chain(`\binom{`+itoa(n+k-1)+"}{"+itoa(k-1)+"}", ans.String())) + " ways."
	}
	word := map[bool]string{true: "positive", false: "nonnegative"}[pos]
	p := &Problem{Problem: "How many solutions in " + word + " integers does " + m(strings.Join(varList(k), " + ")+" = "+itoa(n)) + " have?"}
	p.Steps = []string{why}
	p.setNum(ans)
	p.sym("n", itoa(n))
	p.sym("k", itoa(k))
	p.sym("pos", map[bool]string{true: "1", false: "0"}[pos])
	p.Check = func() error {
		// count by dynamic programming over the variables
		lo := int64(0)
		if pos {
			lo = 1
		}
		ways := make([]cas.Q, n+1)
		ways[0] = q(1)
		for i := int64(1); i < int64(len(ways)); i++ {
			ways[i] = q(0)
		}
		for v := int64(0); v < k; v++ {
			nxt := make([]cas.Q, n+1)
			for s := int64(0); s <= n; s++ {
				nxt[s] = q(0)
				for t := lo; t <= s; t++ {
					nxt[s] = nxt[s].Add(ways[s-t])
				}
			}
			ways = nxt
		}
		if !ways[n].Equal(ans) {
			return errf("counting gives %s", ways[n])
		}
		return nil
	}
	return p, nil
}

func varList(k int64) []string {
	var out []string
	for i := int64(1); i <= k; i++ {
		out = append(out, "x_{"+itoa(i)+"}")
	}
	if k > 4 {
		out = []string{out[0], out[1], `\cdots`, out[k-1]}
	}
	return out
}

func genInclusionExclusion(g *G) (*Problem, error) {
	N := g.Int(50, g.ByLevel(100, 300, 1000, 5000, 20000))
	three := g.Level >= 3 && g.Bool()
	ds := g.Distinct(map[bool]int{true: 3, false: 2}[three], 2, g.ByLevel(7, 10, 12, 15, 20))
	count := func(d int64) int64 { return N / d }
	lcm := func(xs ...int64) int64 {
		l := int64(1)
		for _, x := range xs {
			l, _ = cas.LCMInt(l, x)
		}
		return l
	}
	var ans int64
	var parts []string
	if !three {
		a, b := ds[0], ds[1]
		l := lcm(a, b)
		ans = count(a) + count(b) - count(l)
		parts = []string{m(`\left\lfloor\frac{` + itoa(N) + "}{" + itoa(a) + `}\right\rfloor + \left\lfloor\frac{` + itoa(N) + "}{" + itoa(b) + `}\right\rfloor - \left\lfloor\frac{` + itoa(N) + "}{" + itoa(l) + `}\right\rfloor = ` +
			itoa(count(a)) + " + " + itoa(count(b)) + " - " + itoa(count(l)) + " = " + itoa(ans))}
	} else {
		a, b, c := ds[0], ds[1], ds[2]
		ans = count(a) + count(b) + count(c) - count(lcm(a, b)) - count(lcm(a, c)) - count(lcm(b, c)) + count(lcm(a, b, c))
		parts = []string{"the multiples of each: " + m(itoa(count(a))+", "+itoa(count(b))+", "+itoa(count(c))) + "; of each pair (their least common multiples " + m(itoa(lcm(a, b))+", "+itoa(lcm(a, c))+", "+itoa(lcm(b, c))) + "): " +
			m(itoa(count(lcm(a, b)))+", "+itoa(count(lcm(a, c)))+", "+itoa(count(lcm(b, c)))) + "; of all three: " + m(itoa(count(lcm(a, b, c)))),
			m(chain(itoa(count(a))+" + "+itoa(count(b))+" + "+itoa(count(c))+" - "+itoa(count(lcm(a, b)))+" - "+itoa(count(lcm(a, c)))+" - "+itoa(count(lcm(b, c)))+" + "+itoa(count(lcm(a, b, c))), itoa(ans)))}
	}
	var dl []string
	for _, d := range ds {
		dl = append(dl, m(itoa(d)))
	}
	p := &Problem{Problem: "How many integers from " + m("1") + " to " + m(itoa(N)) + " are divisible by at least one of " + andList(dl) + "?"}
	p.Steps = []string{"By inclusion-exclusion, count " + parts[0] + "."}
	if three {
		p.Steps = append(p.Steps, "Adding the singles, subtracting the pairs and adding the triple: "+parts[1]+".")
	}
	p.setNum(q(ans))
	p.sym("N", itoa(N))
	p.sym("ds", pyInts(ds))
	p.Check = func() error {
		c := int64(0)
		for i := int64(1); i <= N; i++ {
			for _, d := range ds {
				if i%d == 0 {
					c++
					break
				}
			}
		}
		if c != ans {
			return errf("counting gives %d", c)
		}
		return nil
	}
	return p, nil
}

// ---- continuous distributions ----

func genZScore(g *G) (*Problem, error) {
	mu := g.Int(-g.ByLevel(10, 50, 100, 200, 500), g.ByLevel(10, 50, 100, 200, 500))
	sd := g.Int(2, g.ByLevel(5, 10, 15, 20, 40))
	z := qf(g.Int(-12, 12), g.Pick2(1, 2, 4))
	x := q(mu).Add(z.MulInt(sd))
	p := &Problem{}
	xs := decimalOrFrac(x)
	if g.Bool() {
		p.Problem = "A normal distribution has mean " + m(itoa(mu)) + " and standard deviation " + m(itoa(sd)) + ". What is the z-score of " + m(xs) + "?"
		p.Steps = []string{m(chain(`z = \frac{x - \mu}{\sigma} = \frac{`+xs+" - "+paren(q(mu))+"}{"+itoa(sd)+"}", `\frac{`+decimalOrFrac(x.Sub(q(mu)))+"}{"+itoa(sd)+"}", decimalOrFrac(z))) + "."}
		p.Answer, p.Reprint = decimalOrFrac(z), numNode(z)
		p.sym("answer", pyQ(z))
		p.sym("ask", "'z'")
	} else {
		p.Problem = "A normal distribution has mean " + m(itoa(mu)) + " and standard deviation " + m(itoa(sd)) + ". Which value has z-score " + m(decimalOrFrac(z)) + "?"
		p.Steps = []string{m(chain(`x = \mu + z\sigma = `+itoa(mu)+" + "+paren2(decimalOrFrac(z))+`\cdot `+itoa(sd), xs)) + "."}
		p.Answer, p.Reprint = xs, numNode(x)
		p.sym("answer", pyQ(x))
		p.sym("ask", "'x'")
	}
	p.sym("mu", itoa(mu))
	p.sym("sd", itoa(sd))
	p.sym("x", pyQ(x))
	p.sym("z", pyQ(z))
	p.Check = func() error {
		if !nearTol((x.Float()-float64(mu))/float64(sd), z.Float(), 1e-12) {
			return errf("standardising gives another z")
		}
		return nil
	}
	return p, nil
}

// Pick2 returns one of the integers.
func (g *G) Pick2(xs ...int64) int64 { return xs[g.IntN(len(xs))] }

func genUniformContinuous(g *G) (*Problem, error) {
	a := g.Int(-g.ByLevel(5, 10, 20, 50, 100), g.ByLevel(5, 10, 20, 50, 100))
	b := a + g.Int(2, g.ByLevel(6, 12, 24, 60, 120))
	what := g.IntN(3)
	p := &Problem{}
	var ans cas.Q
	var evLo, evHi float64
	switch what {
	case 0:
		lo := g.Int(a, b-1)
		hi := g.Int(lo+1, b)
		evLo, evHi = float64(lo), float64(hi)
		ans = qf(hi-lo, b-a)
		p.Problem = m("X") + " is uniformly distributed on " + m(`\left[`+itoa(a)+", "+itoa(b)+`\right]`) + ". Find " + m(`P\left(`+itoa(lo)+" < X < "+itoa(hi)+`\right)`) + "."
		p.Steps = []string{"The density is " + m(`\frac{1}{`+itoa(b-a)+"}") + " on the interval, so the probability is the length ratio " + m(chain(`\frac{`+itoa(hi)+" - "+paren(q(lo))+"}{"+itoa(b-a)+"}", ans.TeX())) + "."}
		p.sym("ask", "["+itoa(lo)+", "+itoa(hi)+"]")
	case 1:
		ans = qf(a+b, 2)
		p.Problem = m("X") + " is uniformly distributed on " + m(`\left[`+itoa(a)+", "+itoa(b)+`\right]`) + ". Find " + m("E[X]") + "."
		p.Steps = []string{"The mean of a uniform distribution is the midpoint, " + m(chain(`\frac{`+itoa(a)+" + "+paren(q(b))+"}{2}", ans.TeX())) + "."}
		p.sym("ask", "'mean'")
	default:
		ans = qf((b-a)*(b-a), 12)
		p.Problem = m("X") + " is uniformly distributed on " + m(`\left[`+itoa(a)+", "+itoa(b)+`\right]`) + ". Find " + m(`\operatorname{Var}(X)`) + "."
		p.Steps = []string{"The variance of a uniform distribution on " + m("[a, b]") + " is " + m(chain(`\frac{\left(b - a\right)^{2}}{12}`, `\frac{`+itoa((b-a)*(b-a))+"}{12}", ans.TeX())) + "."}
		p.sym("ask", "'var'")
	}
	p.setNum(ans)
	p.sym("a", itoa(a))
	p.sym("b", itoa(b))
	p.Check = func() error {
		// integrate the density (over the event, times x, or times (x - mean)^2) numerically
		dens := 1 / float64(b-a)
		f := func(float64) float64 { return dens }
		lo, hi := float64(a), float64(b)
		switch what {
		case 0:
			lo, hi = evLo, evHi
		case 1:
			f = func(x float64) float64 { return x * dens }
		default:
			mid := float64(a+b) / 2
			f = func(x float64) float64 { return (x - mid) * (x - mid) * dens }
		}
		v, err := quad(f, lo, hi)
		if err != nil {
			return err
		}
		if !nearTol(v, ans.Float(), 1e-9) {
			return errf("quadrature gives %v", v)
		}
		return nil
	}
	return p, nil
}

func genExponentialDist(g *G) (*Problem, error) {
	lam := qf(g.Int(1, g.ByLevel(3, 5, 6, 8, 10)), g.Int(1, 4))
	lt := lam.TeX()
	p := &Problem{}
	var ans cas.Expr
	var check func() float64
	switch g.IntN(3) {
	case 0:
		t := g.Int(2, g.ByLevel(3, 5, 8, 10, 12))
		ans = cas.Call("exp", cas.N(lam.MulInt(t).Neg()))
		p.Problem = m("X") + " is exponentially distributed with rate " + m(`\lambda = `+lt) + ". Find " + m(`P\left(X > `+itoa(t)+`\right)`) + " exactly."
		p.Steps = []string{"The survival function is " + m(`P\left(X > t\right) = e^{-\lambda t}`) + ", so " + m(chain(`P\left(X > `+itoa(t)+`\right) = e^{-`+paren2(lt)+`\cdot `+itoa(t)+"}", tex(ans))) + "."}
		check = func() float64 { return math.Exp(-lam.Float() * float64(t)) }
		p.sym("ask", "['gt', "+itoa(t)+"]")
	case 1:
		a := g.Int(0, 4)
		b := a + g.Int(1, 4)
		ans = cas.Diff(cas.Call("exp", cas.N(lam.MulInt(a).Neg())), cas.Call("exp", cas.N(lam.MulInt(b).Neg())))
		p.Problem = m("X") + " is exponentially distributed with rate " + m(`\lambda = `+lt) + ". Find " + m(`P\left(`+itoa(a)+" < X < "+itoa(b)+`\right)`) + " exactly."
		p.Steps = []string{"With " + m(`P\left(X > t\right) = e^{-\lambda t}`) + ", the probability is " + m(`P\left(X > `+itoa(a)+`\right) - P\left(X > `+itoa(b)+`\right) = `+tex(ans)) + "."}
		check = func() float64 { return math.Exp(-lam.Float()*float64(a)) - math.Exp(-lam.Float()*float64(b)) }
		p.sym("ask", "['between', "+itoa(a)+", "+itoa(b)+"]")
	default:
		ans = cas.Product(cas.N(lam.Inv()), cas.Call("ln", e(2)))
		p.Problem = m("X") + " is exponentially distributed with rate " + m(`\lambda = `+lt) + ". Find its median exactly."
		p.Steps = []string{"The median " + m("m") + " has " + m(`e^{-\lambda m} = \frac{1}{2}`) + ", so " + m(chain(`m = \frac{\ln 2}{\lambda}`, tex(ans))) + "."}
		check = func() float64 { return math.Ln2 / lam.Float() }
		p.sym("ask", "['median']")
	}
	p.setExpr(ans)
	p.sym("lam", pyQ(lam))
	p.Check = func() error {
		if !nearTol(check(), val(ans), 1e-12) {
			return errf("the distribution function gives %v", check())
		}
		return nil
	}
	return p, nil
}

func genPDFConstant(g *G) (*Problem, error) {
	n := g.Int(0, g.ByLevel(2, 3, 5, 7, 9))
	a := g.Int(2, g.ByLevel(3, 6, 10, 15, 25))
	mean := g.Level >= 3 && g.Bool()
	c := q(n + 1).Div(q(a).PowInt(int(n + 1)))
	xn := tex(cas.Power(X, e(n)))
	dens := "c" + xn
	if n == 0 {
		dens = "c"
	}
	p := &Problem{Problem: "The function " + m("f(x) = "+dens) + " for " + m(`0 \le x \le `+itoa(a)) + " (and " + m("0") + " elsewhere) is a probability density. Find " + map[bool]string{true: "the mean of the distribution", false: m("c")}[mean] + "."}
	p.Steps = []string{"The total probability is " + m(chain(`\int_{0}^{`+itoa(a)+`}`+dens+`\,dx`, overTeX("c\\cdot "+itoa(a)+sup(n+1), itoa(n+1)))) + ", which must be " + m("1") + ", so " + m("c = "+c.TeX()) + "."}
	ans := c
	if mean {
		ans = c.Mul(q(a).PowInt(int(n + 2))).Div(q(n + 2))
		p.Steps = append(p.Steps, "The mean is "+m(chain(`\int_{0}^{`+itoa(a)+`}x f(x)\,dx`, c.TeX()+`\cdot\frac{`+itoa(a)+"^{"+itoa(n+2)+"}}{"+itoa(n+2)+"}", ans.TeX()))+".")
	}
	p.setNum(ans)
	p.sym("n", itoa(n))
	p.sym("a", itoa(a))
	p.sym("mean", map[bool]string{true: "1", false: "0"}[mean])
	p.Check = func() error {
		tot, err := quad(func(x float64) float64 { return c.Float() * math.Pow(x, float64(n)) }, 0, float64(a))
		if err != nil {
			return err
		}
		if !nearTol(tot, 1, 1e-9) {
			return errf("the density integrates to %v", tot)
		}
		if mean {
			mu, err := quad(func(x float64) float64 { return c.Float() * math.Pow(x, float64(n+1)) }, 0, float64(a))
			if err != nil {
				return err
			}
			if !nearTol(mu, ans.Float(), 1e-9) {
				return errf("the mean integrates to %v", mu)
			}
		}
		return nil
	}
	return p, nil
}

// ---- lines and planes ----

func genLinePlane(g *G) (*Problem, error) {
	b := g.ByLevel(3, 4, 5, 6, 8)
	n := [3]int64{g.Int(-b, b), g.Int(-b, b), g.Int(-b, b)}
	if n == [3]int64{} {
		return nil, errf("zero normal")
	}
	P := [3]int64{g.Int(-b, b), g.Int(-b, b), g.Int(-b, b)}
	D := [3]int64{g.Int(-b, b), g.Int(-b, b), g.Int(-b, b)}
	nd := n[0]*D[0] + n[1]*D[1] + n[2]*D[2]
	if nd == 0 {
		return nil, errf("parallel")
	}
	d := g.Int(-3*b, 3*b)
	np := n[0]*P[0] + n[1]*P[1] + n[2]*P[2]
	t := qf(d-np, nd)
	pt := make([]cas.Expr, 3)
	for i := range pt {
		pt[i] = cas.N(q(P[i]).Add(t.MulInt(D[i])))
	}
	T := cas.V("t")
	comp := func(i int) string { return tex(cas.Sum(e(P[i]), cas.Product(e(D[i]), T))) }
	plane := tex(cas.Sum(cas.Product(e(n[0]), X), cas.Product(e(n[1]), Y), cas.Product(e(n[2]), Z)))
	p := &Problem{Problem: "Where does the line " + m(`\left(x, y, z\right) = \left(`+comp(0)+", "+comp(1)+", "+comp(2)+`\right)`) + " meet the plane " + m(plane+" = "+itoa(d)) + "?"}
	subst := m(tex(cas.Sum(e(np), cas.Product(e(nd), T)))+" = "+itoa(d)) + ", so " + m("t = "+t.TeX())
	if tex(cas.Sum(e(np), cas.Product(e(nd), T)))+" = "+itoa(d) == "t = "+t.TeX() {
		subst = m("t = " + t.TeX())
	}
	p.Steps = []string{"Substituting the line into the plane: " + subst + ".",
		"At " + m("t = "+t.TeX()) + " the line is at " + m(`\left(`+tex(pt[0])+", "+tex(pt[1])+", "+tex(pt[2])+`\right)`) + "."}
	p.setTuple(pt...)
	p.sym("P", pyInts(P[:]))
	p.sym("D", pyInts(D[:]))
	p.sym("n", pyInts(n[:]))
	p.sym("d", itoa(d))
	p.Check = func() error {
		s := q(0)
		for i := range pt {
			v, _ := cas.IsNum(pt[i])
			s = s.Add(v.MulInt(n[i]))
		}
		if !s.Equal(q(d)) {
			return errf("the point is not on the plane")
		}
		return nil
	}
	return p, nil
}

func genPointPlane(g *G) (*Problem, error) {
	b := g.ByLevel(3, 4, 5, 6, 8)
	n := [3]int64{g.Int(-b, b), g.Int(-b, b), g.Int(-b, b)}
	if n == [3]int64{} {
		return nil, errf("zero normal")
	}
	P := [3]int64{g.Int(-b, b), g.Int(-b, b), g.Int(-b, b)}
	d := g.Int(-3*b, 3*b)
	num := n[0]*P[0] + n[1]*P[1] + n[2]*P[2] - d
	nn := n[0]*n[0] + n[1]*n[1] + n[2]*n[2]
	if num == 0 {
		return nil, errf("on the plane")
	}
	ans := cas.Quot(e(abs64(num)), cas.Sqrt(e(nn)))
	plane := tex(cas.Sum(cas.Product(e(n[0]), X), cas.Product(e(n[1]), Y), cas.Product(e(n[2]), Z)))
	p := &Problem{Problem: "Find the distance from the point " + m(`\left(`+itoa(P[0])+", "+itoa(P[1])+", "+itoa(P[2])+`\right)`) + " to the plane " + m(plane+" = "+itoa(d)) + "."}
	p.Steps = []string{"The distance is " + m(`\frac{\left|ax_{0} + by_{0} + cz_{0} - d\right|}{\sqrt{a^{2} + b^{2} + c^{2}}}`) + ".",
		"Here the numerator is " + m(`\left|`+itoa(num)+`\right| = `+itoa(abs64(num))) + " and the denominator " + m(`\sqrt{`+itoa(nn)+"}") + ", so the distance is " + m(tex(ans)) + "."}
	p.setExpr(ans)
	p.sym("P", pyInts(P[:]))
	p.sym("n", pyInts(n[:]))
	p.sym("d", itoa(d))
	p.Check = func() error {
		// the foot of the perpendicular, in floating point
		t := float64(d-(n[0]*P[0]+n[1]*P[1]+n[2]*P[2])) / float64(nn)
		dist := math.Abs(t) * math.Sqrt(float64(nn))
		if !nearTol(dist, val(ans), 1e-12) {
			return errf("the foot of the perpendicular gives %v", dist)
		}
		return nil
	}
	return p, nil
}

// ---- domain, range, logarithms ----

func genDomainSqrt(g *G) (*Problem, error) {
	a := g.NZ(-g.ByLevel(3, 5, 7, 9, 12), g.ByLevel(3, 5, 7, 9, 12))
	b := g.Int(-20, 20)
	lin := cas.Sum(cas.Product(e(a), X), e(b))
	bound := qf(-b, a)
	p := &Problem{Problem: "Find the domain of " + m(`f(x) = \sqrt{`+tex(lin)+"}") + ". Give it in interval notation."}
	var ans string
	if a > 0 {
		ans = `\left[` + bound.TeX() + `, \infty\right)`
	} else {
		ans = `\left(-\infty, ` + bound.TeX() + `\right]`
	}
	p.Steps = []string{"The radicand must be nonnegative: " + m(tex(lin)+` \ge 0`) + ", that is " + m(`x `+map[bool]string{true: `\ge `, false: `\le `}[a > 0]+bound.TeX()) +
		map[bool]string{true: "", false: " (dividing by a negative number reverses the inequality)"}[a > 0] + "."}
	p.Answer = ans
	p.Reprint = nil
	p.sym("f", py(lin))
	p.sym("answer", map[bool]string{true: "Interval(" + pyQ(bound) + ", oo)", false: "Interval(-oo, " + pyQ(bound) + ")"}[a > 0])
	p.Check = func() error {
		for _, dx := range []float64{-1e-6, 1e-6} {
			x := bound.Float() + dx
			in := at(lin, x) >= 0
			if in != ((dx > 0) == (a > 0)) {
				return errf("the radicand's sign near the bound disagrees")
			}
		}
		return nil
	}
	return p, nil
}

func genRangeQuadratic(g *G) (*Problem, error) {
	a := g.NZ(-g.ByLevel(2, 3, 4, 5, 6), g.ByLevel(2, 3, 4, 5, 6))
	P := cas.PolyInts(g.Int(-15, 15), g.Int(-12, 12), a)
	h := P.Coef(1).Div(P.Coef(2).MulInt(2)).Neg()
	k := P.Eval(h)
	p := &Problem{Problem: "Find the range of " + m("f(x) = "+ptex(P)) + ". Give it in interval notation."}
	var ans string
	if a > 0 {
		ans = `\left[` + k.TeX() + `, \infty\right)`
	} else {
		ans = `\left(-\infty, ` + k.TeX() + `\right]`
	}
	p.Steps = []string{"The vertex is at " + m(chain(`x = -\frac{b}{2a}`, h.TeX())) + ", where " + m("f = "+k.TeX()) + ".",
		"The parabola opens " + map[bool]string{true: "up, so that is the minimum", false: "down, so that is the maximum"}[a > 0] + ", and every value beyond it is taken."}
	p.Answer = ans
	p.sym("f", ppy(P))
	p.sym("answer", map[bool]string{true: "Interval(" + pyQ(k) + ", oo)", false: "Interval(-oo, " + pyQ(k) + ")"}[a > 0])
	p.Check = func() error {
		// the vertex is the extreme by sampling
		for _, dx := range []float64{-0.5, 0.5, -3, 3} {
			v := P.EvalFloat(h.Float() + dx)
			if (v < k.Float()) == (a > 0) {
				return errf("a sample beats the vertex")
			}
		}
		return nil
	}
	return p, nil
}

func genLogEvaluate(g *G) (*Problem, error) {
	base := g.Pick2(2, 3, 5, 10)
	if g.Level >= 3 {
		base = g.Pick2(2, 3, 4, 5, 6, 7, 10)
	}
	nt := int(g.ByLevel(2, 2, 3, 3, 4))
	// terms s_i log_b(b^{e_i} r_i) where the r_i multiply to 1
	var terms []string
	total := q(0)
	var es []int64
	var ss []int64
	for i := 0; i < nt; i++ {
		ex := g.Int(-2, g.ByLevel(3, 4, 5, 6, 6))
		s := g.Sign()
		if i == 0 {
			s = 1
		}
		es, ss = append(es, ex), append(ss, s)
		total = total.Add(q(s * ex))
	}
	// pair arguments so that they are not all powers of the base: multiply
	// the first by c and the second by c (with a minus between) or divide
	c := g.Int(2, 9)
	args := make([]cas.Q, nt)
	for i := range args {
		args[i] = q(base).PowInt(int(es[i]))
		if es[i] < 0 {
			args[i] = q(1).Div(q(base).PowInt(int(-es[i])))
		}
	}
	if nt >= 2 {
		if ss[1] < 0 {
			args[0], args[1] = args[0].MulInt(c), args[1].MulInt(c)
		} else {
			args[0], args[1] = args[0].MulInt(c), args[1].Div(q(c))
		}
	}
	for i, a := range args {
		t := `\log_{` + itoa(base) + `} ` + paren2(a.TeX())
		if a.IsInt() {
			t = `\log_{` + itoa(base) + `} ` + a.TeX()
		}
		switch {
		case i == 0:
		case ss[i] < 0:
			t = " - " + t
		default:
			t = " + " + t
		}
		terms = append(terms, t)
	}
	prod := q(1)
	for i, a := range args {
		if ss[i] < 0 {
			prod = prod.Div(a)
		} else {
			prod = prod.Mul(a)
		}
	}
	p := &Problem{Problem: "Evaluate " + m(strings.Join(terms, "")) + "."}
	p.Steps = []string{"By the product and quotient rules the sum is one logarithm: " + m(`\log_{`+itoa(base)+`} `+paren2(prod.TeX())) + ".",
		"Since " + m(chain(prod.TeX(), itoa(base)+map[bool]string{true: "", false: "^{" + total.TeX() + "}"}[total.IsOne()])) + ", the value is " + m(total.TeX()) + "."}
	p.setNum(total)
	var pys []string
	for i, a := range args {
		pys = append(pys, "("+itoa(ss[i])+", "+pyQ(a)+")")
	}
	p.sym("base", itoa(base))
	p.sym("terms", "["+strings.Join(pys, ", ")+"]")
	p.Check = func() error {
		s := 0.0
		for i, a := range args {
			s += float64(ss[i]) * math.Log(a.Float()) / math.Log(float64(base))
		}
		if !nearTol(s, total.Float(), 1e-9) {
			return errf("floating-point logarithms give %v", s)
		}
		return nil
	}
	return p, nil
}

func genLogChangeOfBase(g *G) (*Problem, error) {
	r := g.Pick2(2, 3, 5, 7)
	pmax := g.ByLevel(3, 4, 5, 6, 8)
	pw, qw := g.Int(1, pmax), g.Int(-pmax, 2*pmax)
	if pw == 1 || qw == 0 || qw == pw {
		return nil, errf("log: trivial")
	}
	base, arg := q(r).PowInt(int(pw)), q(r).PowInt(int(abs64(qw)))
	if qw < 0 {
		arg = arg.Inv()
	}
	ans := qf(qw, pw)
	p := &Problem{Problem: "Evaluate " + m(`\log_{`+base.TeX()+`} `+paren2(arg.TeX())) + "."}
	if !arg.IsInt() {
		p.Problem = "Evaluate " + m(`\log_{`+base.TeX()+`}\left(`+arg.TeX()+`\right)`) + "."
	}
	rq := itoa(r) + sup(qw)
	if qw < 0 {
		rq = itoa(r) + "^{" + itoa(qw) + "}"
	}
	pows := m(base.TeX() + " = " + itoa(r) + sup(pw))
	if qw != 1 && qw != 0 {
		pows += " and " + m(arg.TeX()+" = "+rq)
	}
	p.Steps = []string{"Write both as powers of " + m(itoa(r)) + ": " + pows + ".",
		"By the change of base, " + m(chain(`\log_{`+itoa(r)+sup(pw)+`} `+paren2(rq), overTeX(itoa(qw), itoa(pw)), ans.TeX())) + "."}
	p.setNum(ans)
	p.sym("base", pyQ(base))
	p.sym("arg", pyQ(arg))
	p.Check = func() error {
		if v := math.Log(arg.Float()) / math.Log(base.Float()); !nearTol(v, ans.Float(), 1e-12) {
			return errf("floating-point logarithms give %v", v)
		}
		return nil
	}
	return p, nil
}

// signedTerm writes " + 3y", " - y" or nothing for a coefficient 0.
func signedTerm(c int64, v string) string {
	switch {
	case c == 0:
		return ""
	case c == 1:
		return " + " + v
	case c == -1:
		return " - " + v
	case c < 0:
		return " - " + itoa(-c) + v
	}
	return " + " + itoa(c) + v
}

// cplxTeX writes a + bi with the real part first, as textbooks do.
func cplxTeX(re, im cas.Expr) string {
	r, i := tex(re), tex(im)
	if i == "0" {
		return r
	}
	neg := strings.HasPrefix(i, "-")
	i = strings.TrimPrefix(i, "-")
	if i == "1" {
		i = ""
	}
	if r == "0" {
		return map[bool]string{true: "-", false: ""}[neg] + i + "i"
	}
	return r + map[bool]string{true: " - ", false: " + "}[neg] + i + "i"
}
