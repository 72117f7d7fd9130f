package amps

import (
	"math"
	"math/cmplx"
	"strings"

	"github.com/matheval/matheval/cas"
	"github.com/matheval/matheval/expr"
)

func init() {
	for _, m := range []*Module{
		{Name: "poly_gcd", Area: "algebra", Steps: true, gen: genPolyGCD,
			Description: "Greatest common divisor of two polynomials over Q (monic), by Euclid's algorithm",
			Extrapolate: "common factors of degree 3 (train: 1-2) and larger coefficients"},
		{Name: "poly_factor", Form: FormFactored, Area: "algebra", Steps: true, gen: genPolyFactor,
			Description: "Factor a polynomial over Q into irreducible factors",
			Extrapolate: "more linear and quadratic factors (degree up to 8; train: up to 5) and larger roots"},
		{Name: "poly_rational_roots", Area: "algebra", Steps: true, gen: genPolyRationalRoots,
			Description: "All rational roots of a polynomial with integer coefficients (rational root theorem)",
			Extrapolate: "more rational roots with larger numerators"},
		{Name: "poly_division", Area: "algebra", Steps: true, gen: genPolyDivision,
			Description: "Quotient of polynomial long division (the remainder is shown too)",
			Extrapolate: "higher-degree dividends and larger coefficients"},
		{Name: "poly_remainder_theorem", Area: "algebra", gen: genRemainderTheorem,
			Description: "Remainder of a polynomial divided by x - a, by the remainder theorem",
			Extrapolate: "higher degrees and larger points"},
		{Name: "poly_expand", Form: FormExpanded, Area: "algebra", Steps: true, gen: genPolyExpand,
			Description: "Expand a product of binomials",
			Extrapolate: "more factors with larger coefficients"},
		{Name: "complete_square", Form: FormCompletedSquare, Area: "algebra", Steps: true, gen: genCompleteSquare,
			Description: "Write a quadratic as a(x - h)^2 + k by completing the square",
			Extrapolate: "larger coefficients"},
		{Name: "rational_simplify", Form: FormLowestTerms, Area: "algebra", Steps: true, gen: genRationalSimplify,
			Description: "Simplify a rational expression by factoring and cancelling",
			Extrapolate: "more and larger factors"},
		{Name: "partial_fractions", Form: FormPartialFractions, Area: "algebra", Steps: true, gen: genPartialFractions,
			Description: "Partial fraction decomposition of a rational function",
			Extrapolate: "more linear factors, repeated factors and a quadratic factor"},
		{Name: "function_composition", Form: FormExpanded, Area: "algebra", gen: genComposition,
			Description: "Expand the composition f(g(x)) of two polynomials",
			Extrapolate: "higher degrees and larger coefficients"},
		{Name: "inverse_linear_fractional", Area: "algebra", Steps: true, gen: genInverseMobius,
			Description: "Inverse of f(x) = (ax + b)/(cx + d)",
			Extrapolate: "larger coefficients"},
		{Name: "inverse_power", Area: "algebra", Steps: true, gen: genInversePower,
			Description: "Inverse of f(x) = a(x - h)^n + k for odd n",
			Extrapolate: "fifth and seventh powers and larger shifts"},
		{Name: "inverse_exp_log", Area: "algebra", gen: genInverseExpLog,
			Description: "Inverse of f(x) = a e^{bx} + c or f(x) = a ln(bx) + c",
			Extrapolate: "larger coefficients"},
		{Name: "de_moivre", Form: FormRectangular, Area: "algebra", Steps: true, gen: genDeMoivre,
			Description: "Power of a complex number in polar form by De Moivre's theorem, written as a + bi",
			Extrapolate: "larger exponents and moduli"},
		{Name: "de_moivre_polar", Form: FormPolar, Area: "algebra", gen: genDeMoivrePolar,
			Description: "Power of a complex number in polar form by De Moivre's theorem, in polar form",
			Extrapolate: "larger exponents"},
		{Name: "complex_power", Form: FormRectangular, Area: "algebra", Steps: true, gen: genComplexPower,
			Description: "Integer power of a Gaussian integer, by successive multiplication",
			Extrapolate: "larger exponents and parts"},
		{Name: "complex_division", Form: FormRectangular, Area: "algebra", Steps: true, gen: genComplexDivision,
			Description: "Quotient of two complex numbers, by the conjugate of the divisor",
			Extrapolate: "larger parts"},
		{Name: "complex_modulus", Form: FormRadical, Area: "algebra", gen: genComplexModulus,
			Description: "Modulus of a product or quotient of complex numbers",
			Extrapolate: "larger parts"},
		{Name: "quadratic_complex_roots", Area: "algebra", Steps: true, gen: genQuadraticComplex,
			Description: "Complex roots of a quadratic with negative discriminant",
			Extrapolate: "larger coefficients"},
		{Name: "conic_classify", Area: "algebra", gen: genConicClassify,
			Description: "Classify a conic Ax^2 + Cy^2 + Dx + Ey + F = 0 (circle, ellipse, parabola, hyperbola)",
			Extrapolate: "larger centres and axes"},
		{Name: "conic_circle_radius", Area: "algebra", Steps: true, gen: genCircleRadius,
			Description: "Radius of a circle given in general form, by completing squares",
			Extrapolate: "larger centres and radii"},
		{Name: "conic_circle_center", Area: "algebra", Steps: true, gen: genCircleCenter,
			Description: "Centre of a circle given in general form, by completing squares",
			Extrapolate: "larger centres and radii"},
		{Name: "conic_ellipse_foci", Area: "algebra", Steps: true, gen: genEllipseFoci,
			Description: "Foci of an ellipse given in general form",
			Extrapolate: "larger axes and centres"},
		{Name: "conic_ellipse_eccentricity", Area: "algebra", gen: genEllipseEccentricity,
			Description: "Eccentricity of an ellipse given in general form",
			Extrapolate: "larger axes"},
		{Name: "conic_hyperbola_asymptotes", Area: "algebra", Steps: true, gen: genHyperbolaAsymptotes,
			Description: "Asymptotes of a hyperbola given in general form",
			Extrapolate: "larger axes and centres"},
		{Name: "conic_parabola_vertex", Area: "algebra", Steps: true, gen: genParabolaVertex,
			Description: "Vertex of the parabola y = ax^2 + bx + c",
			Extrapolate: "larger coefficients"},
		{Name: "conic_parabola_focus", Area: "algebra", Steps: true, gen: genParabolaFocus,
			Description: "Focus of the parabola y = ax^2 + bx + c",
			Extrapolate: "larger coefficients"},
		{Name: "log_equation", Area: "algebra", gen: genLogEquation,
			Description: "Solve log_b(ax + c) = n",
			Extrapolate: "larger bases and exponents"},
		{Name: "exponential_equation", Area: "algebra", Steps: true, gen: genExpEquation,
			Description: "Solve an exponential equation by writing both sides in a common base",
			Extrapolate: "larger exponents"},
		{Name: "binomial_term", Area: "algebra", Steps: true, gen: genBinomialTerm,
			Description: "Coefficient of x^k in (ax + b)^n by the binomial theorem",
			Extrapolate: "n up to 15 and larger a, b"},
		{Name: "radical_simplify", Form: FormRadical, Area: "algebra", Steps: true, gen: genRadicalSimplify,
			Description: "Simplify a square or cube root of an integer",
			Extrapolate: "larger radicands"},
		{Name: "rationalize_denominator", Form: FormRadical, Area: "algebra", Steps: true, gen: genRationalize,
			Description: "Rationalize the denominator of a/(b + c sqrt(d))",
			Extrapolate: "larger numbers"},
		{Name: "abs_value_equation", Area: "algebra", gen: genAbsEquation,
			Description: "Solve |ax + b| = c",
			Extrapolate: "larger coefficients"},
		{Name: "quadratic_inequality", Form: FormInterval, Area: "algebra", gen: genQuadraticInequality,
			Description: "Solve a quadratic inequality, answer as an interval or a union of intervals",
			Extrapolate: "larger roots and leading coefficients"},
		{Name: "geometric_series", Area: "algebra", gen: genGeometricSeries,
			Description: "Sum of the first n terms of a geometric series",
			Extrapolate: "more terms and fractional ratios"},
		{Name: "vieta_power_sum", Area: "algebra", gen: genVieta,
			Description: "Sum of the squares (or of the reciprocals) of the roots of a polynomial, by Vieta's formulas",
			Extrapolate: "higher degrees and larger coefficients"},
	} {
		register(m)
	}
}

// ---- polynomials ----

func genPolyGCD(g *G) (*Problem, error) {
	dg := int(min(g.ByLevel(1, 1, 2, 2, 2, 3), 3))
	b := g.ByLevel(2, 3, 3, 4, 5)
	common := cas.PolyInts(1)
	for i := 0; i < dg; i++ {
		common = common.Mul(monicLinear(q(g.Int(-b, b))))
	}
	A := g.randPoly(1+g.IntN(int(min(g.ByLevel(1, 1, 2, 2, 2, 3), 3))), b)
	B := g.randPoly(1+g.IntN(int(min(g.ByLevel(1, 2, 2, 2, 2, 3), 3))), b)
	P, Qp := common.Mul(A), common.Mul(B)
	if P.Deg() < Qp.Deg() {
		P, Qp = Qp, P
	}
	gcd := cas.GCD(P, Qp)
	p := &Problem{Problem: "Find the greatest common divisor of " + m("p(x) = "+ptex(P)) + " and " + m("q(x) = "+ptex(Qp)) +
		", written as a monic polynomial."}
	seq := cas.GCDSteps(P, Qp)
	for i := 2; i < len(seq); i++ {
		p.Steps = append(p.Steps, "Dividing "+m(ptex(seq[i-2]))+" by "+m(ptex(seq[i-1]))+" leaves the remainder "+m(ptex(seq[i]))+".")
	}
	last := seq[len(seq)-1]
	p.Steps = append(p.Steps, "The next remainder is zero, so the last nonzero remainder "+m(ptex(last))+
		" is a greatest common divisor; dividing by its leading coefficient makes it monic: "+m(ptex(gcd))+".")
	p.setExpr(cas.FromPoly(gcd, "x"))
	p.sym("p", ppy(P))
	p.sym("q", ppy(Qp))
	p.Check = func() error {
		// a certificate: gcd divides both, and gcd = s p + t q
		for _, f := range []cas.Poly{P, Qp} {
			if _, r := f.DivMod(gcd); !r.IsZero() {
				return errf("gcd does not divide %s", ptex(f))
			}
		}
		d, s, t := cas.ExtGCD(P, Qp)
		if !s.Mul(P).Add(t.Mul(Qp)).Equal(gcd) || !d.Equal(gcd) || !gcd.Lead().IsOne() {
			return errf("no Bezout certificate for %s", ptex(gcd))
		}
		return nil
	}
	return p, nil
}

// randFactors builds a polynomial as a product of linear factors ax + b
// and irreducible quadratics, returning it and the construction.
func (g *G) randFactors(n int, b int64, quadOK bool, maxDeg int) (cas.Poly, []cas.Poly) {
	P := cas.PolyInts(1)
	var fs []cas.Poly
	for i := 0; i < n; i++ {
		var f cas.Poly
		if quadOK && g.IntN(3) == 0 && P.Deg()+2 <= maxDeg {
			bb := g.Int(-b, b)
			c := bb*bb/4 + 1 + g.Int(0, b) // bb^2 - 4c < 0
			if g.Bool() {
				c = -(g.Int(2, b+2)) // x^2 - c with c not a square
				for isSq(-c) {
					c--
				}
				bb = 0
			}
			f = cas.PolyInts(c, bb, 1)
		} else {
			a := int64(1)
			if g.IntN(3) == 0 {
				a = g.Int(2, 3)
			}
			r := g.Int(-b, b)
			for cas.GCDInt(a, r) != 1 && r != 0 {
				r = g.Int(-b, b)
			}
			if r == 0 {
				a = 1
			}
			f = cas.PolyInts(r, a)
		}
		if P.Deg()+f.Deg() > maxDeg {
			break
		}
		fs = append(fs, f)
		P = P.Mul(f)
	}
	return P, fs
}

func isSq(n int64) bool {
	if n < 0 {
		return false
	}
	r := int64(math.Sqrt(float64(n)))
	for r*r > n {
		r--
	}
	for (r+1)*(r+1) <= n {
		r++
	}
	return r*r == n
}

func genPolyFactor(g *G) (*Problem, error) {
	n := int(g.ByLevel(2, 2, 3, 3, 4, 5))
	b := g.ByLevel(3, 4, 5, 6, 6, 8)
	lead := int64(1)
	if g.Level >= 4 && g.Bool() {
		lead = g.NZ(-3, 3)
	}
	maxDeg := 5
	if g.Split == Extrapolate {
		maxDeg = 8
	}
	P, _ := g.randFactors(n, b, g.Level >= 2, maxDeg)
	P = P.Scale(q(lead))
	fz, err := cas.FactorQ(P)
	if err != nil {
		return nil, err
	}
	p := &Problem{Problem: "Factor " + m(ptex(P)) + " completely over the rational numbers."}
	p.Echo = firstMath(p.Problem)
	rest := P
	if rr := cas.RationalRoots(P); len(rr) > 0 {
		p.Steps = append(p.Steps, "By the rational root theorem, the candidates "+m(`\pm\frac{p}{q}`)+
			" (p dividing the constant term, q the leading coefficient) that are roots are "+joinTeX(qsToExpr(rr))+".")
	}
	for _, r := range cas.RationalRoots(P) {
		f := cas.Linear(cas.FromBigInt(r.Den()), cas.FromBigInt(r.Num()).Neg())
		for {
			qq, rem := rest.DivMod(f)
			if !rem.IsZero() {
				break
			}
			p.Steps = append(p.Steps, "Dividing out the factor "+m(ptex(f))+" leaves "+m(ptex(qq))+".")
			rest = qq
		}
	}
	for _, fa := range fz.Factors {
		if fa.P.Deg() == 2 {
			a, bb, c := fa.P.Coef(2), fa.P.Coef(1), fa.P.Coef(0)
			disc := bb.Mul(bb).Sub(a.Mul(c).MulInt(4))
			p.Steps = append(p.Steps, "The quadratic factor "+m(ptex(fa.P))+" has discriminant "+m(disc.TeX())+
				", which is not the square of a rational number, so it does not factor further.")
		}
	}
	p.Answer = fz.TeX("x")
	p.Reprint = cas.ToExpr(factorExpr(fz))
	p.sym("p", ppy(P))
	p.sym("answer", py(factorExpr(fz)))
	p.Check = func() error {
		if !fz.Expand().Equal(P) {
			return errf("the factors do not multiply back to %s", ptex(P))
		}
		for _, fa := range fz.Factors {
			switch fa.P.Deg() {
			case 1:
			case 2:
				a, bb, c := fa.P.Coef(2), fa.P.Coef(1), fa.P.Coef(0)
				d := bb.Mul(bb).Sub(a.Mul(c).MulInt(4))
				if dv, ok := d.Int64(); !ok || isSq(dv) {
					return errf("quadratic factor %s is reducible", ptex(fa.P))
				}
			default:
				return errf("factor %s of degree > 2 left", ptex(fa.P))
			}
		}
		return nil
	}
	return p, nil
}

// factorExpr is a factorization as an expression (unexpanded).
func factorExpr(fz cas.Factorization) cas.Expr {
	fs := []cas.Expr{cas.N(fz.Unit)}
	for _, f := range fz.Factors {
		fs = append(fs, cas.Power(cas.FromPoly(f.P, "x"), e(int64(f.K))))
	}
	return cas.Product(fs...)
}

func genPolyRationalRoots(g *G) (*Problem, error) {
	k := int(g.ByLevel(2, 2, 3, 3, 3, 4))
	b := g.ByLevel(6, 6, 7, 7, 8, 9)
	var roots []cas.Q
	seen := map[string]bool{}
	P := cas.PolyInts(1)
	for len(roots) < k {
		num := g.Int(-b, b)
		den := int64(1)
		if g.Level >= 3 && g.IntN(3) == 0 {
			den = g.Int(2, 3)
		}
		r := qf(num, den)
		if seen[r.String()] {
			continue
		}
		seen[r.String()] = true
		roots = append(roots, r)
		P = P.Mul(cas.Linear(cas.FromBigInt(r.Den()), cas.FromBigInt(r.Num()).Neg()))
	}
	if g.Level >= 2 {
		c := g.Int(1, b)
		P = P.Mul(cas.PolyInts(c, 0, 1)) // x^2 + c: no real roots
	}
	got := cas.RationalRoots(P)
	p := &Problem{Problem: "Find all rational roots of " + m(ptex(P)+" = 0") + "."}
	a0, an := P.Primitive().Coef(0), P.Primitive().Lead()
	p.Steps = append(p.Steps, "By the rational root theorem every rational root is "+m(`\pm\frac{p}{q}`)+
		" with "+m("p")+" dividing the constant term "+m(a0.TeX())+" and "+m("q")+" dividing the leading coefficient "+m(an.TeX())+".")
	var vs []cas.Expr
	for _, r := range got {
		p.Steps = append(p.Steps, "Substituting "+m("x = "+r.TeX())+" gives "+m(P.Eval(r).TeX())+", so it is a root.")
		vs = append(vs, cas.N(r))
	}
	p.setList(vs...)
	p.sym("p", ppy(P))
	p.Check = func() error {
		if len(got) != len(roots) {
			return errf("%d rational roots found, %d built", len(got), len(roots))
		}
		var fl []float64
		for _, r := range got {
			if !seen[r.String()] || !P.Eval(r).IsZero() {
				return errf("%s is not a built root", r)
			}
			fl = append(fl, r.Float())
		}
		return checkRootsNumeric(P, fl)
	}
	return p, nil
}

func genPolyDivision(g *G) (*Problem, error) {
	b := g.ByLevel(3, 4, 5, 6, 7)
	dd := 1 + int(g.ByLevel(0, 0, 0, 1, 1))
	D := g.randPoly(dd, b)
	if g.Level <= 2 {
		D = cas.PolyInts(g.NZ(-b, b), 1) // x - a
	}
	P := g.randPoly(dd+1+g.IntN(int(g.ByLevel(2, 2, 3, 3, 3, 4))), b)
	Qt, R := P.DivMod(D)
	p := &Problem{Problem: "Find the quotient when " + m(ptex(P)) + " is divided by " + m(ptex(D)) + "."}
	cur := P
	for cur.Deg() >= D.Deg() {
		t := cas.Monomial(cur.Lead().Div(D.Lead()), cur.Deg()-D.Deg())
		next := cur.Sub(t.Mul(D))
		p.Steps = append(p.Steps, "Divide the leading term: "+m(ptex(t))+"; subtracting "+m(ptex(t)+`\cdot\left(`+ptex(D)+`\right)`)+
			" leaves "+m(ptex(next))+".")
		cur = next
	}
	p.Steps = append(p.Steps, "The degree is now below the divisor's, so the remainder is "+m(ptex(R))+".")
	p.setExpr(cas.FromPoly(Qt, "x"))
	p.sym("p", ppy(P))
	p.sym("d", ppy(D))
	p.Check = func() error {
		if !Qt.Mul(D).Add(R).Equal(P) || R.Deg() >= D.Deg() || !cur.Equal(R) {
			return errf("quotient times divisor plus remainder is not the dividend")
		}
		return nil
	}
	return p, nil
}

func genRemainderTheorem(g *G) (*Problem, error) {
	b := g.ByLevel(3, 4, 5, 6, 7)
	P := g.randPoly(int(g.ByLevel(2, 3, 3, 4, 5)), b)
	a := g.NZ(-g.ByLevel(2, 3, 4, 5, 6), g.ByLevel(2, 3, 4, 5, 6))
	r := P.Eval(q(a))
	p := &Problem{Problem: "What is the remainder when " + m(ptex(P)) + " is divided by " + m(ptex(monicLinear(q(a)))) + "?"}
	p.Steps = []string{"By the remainder theorem the remainder is " + m("p("+itoa(a)+") = "+r.TeX()) + "."}
	p.setNum(r)
	p.sym("p", ppy(P))
	p.sym("a", itoa(a))
	p.Check = func() error {
		_, rem := P.DivMod(monicLinear(q(a)))
		if !rem.Equal(cas.ConstPoly(r)) {
			return errf("long division gives remainder %s", ptex(rem))
		}
		return nil
	}
	return p, nil
}

func genPolyExpand(g *G) (*Problem, error) {
	n := int(g.ByLevel(2, 2, 3, 3, 3, 4))
	b := g.ByLevel(7, 7, 8, 8, 9)
	var fs []cas.Poly
	var parts []string
	for i := 0; i < n; i++ {
		a := int64(1)
		if g.Level >= 2 && g.IntN(2) == 0 {
			a = g.NZ(-3, 3)
		}
		f := cas.PolyInts(g.NZ(-b, b), a)
		fs = append(fs, f)
		parts = append(parts, `\left(`+ptex(f)+`\right)`)
	}
	p := &Problem{Problem: "Expand " + m(strings.Join(parts, "")) + "."}
	p.Echo = firstMath(p.Problem)
	acc := fs[0]
	for i := 1; i < n; i++ {
		acc = acc.Mul(fs[i])
		p.Steps = append(p.Steps, "Multiplying in "+m(`\left(`+ptex(fs[i])+`\right)`)+" gives "+m(ptex(acc))+".")
	}
	p.setExpr(cas.FromPoly(acc, "x"))
	p.sym("product", strings.Join(mapPy(fs), "*"))
	p.Check = func() error {
		for _, v := range []cas.Q{q(2), qf(-1, 3), q(5)} {
			prod := q(1)
			for _, f := range fs {
				prod = prod.Mul(f.Eval(v))
			}
			if !prod.Equal(acc.Eval(v)) {
				return errf("expansion differs at %s", v)
			}
		}
		return nil
	}
	return p, nil
}

func mapPy(fs []cas.Poly) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = "(" + ppy(f) + ")"
	}
	return out
}

func genCompleteSquare(g *G) (*Problem, error) {
	b := g.ByLevel(4, 6, 8, 10, 12)
	a := int64(1)
	if g.Level >= 2 {
		a = g.NZ(-g.ByLevel(1, 2, 3, 4, 5), g.ByLevel(1, 2, 3, 4, 5))
	}
	P := cas.PolyInts(g.Int(-b, b), g.NZ(-b, b), a)
	A, B, C := P.Coef(2), P.Coef(1), P.Coef(0)
	h := B.Div(A.MulInt(2)).Neg()
	k := C.Sub(B.Mul(B).Div(A.MulInt(4)))
	ans := cas.Sum(cas.Product(cas.N(A), cas.Power(cas.Sum(X, cas.N(h.Neg())), e(2))), cas.N(k))
	p := &Problem{Problem: "Complete the square: write " + m(ptex(P)) + " in the form " + m(`a\left(x - h\right)^{2} + k`) + "."}
	p.Echo = firstMath(p.Problem)
	inner := cas.FromPoly(cas.NewPoly(q(0), B.Div(A), q(1)), "x")
	if !A.IsOne() {
		// written by hand: cas would multiply the factor back in
		lead := A.TeX()
		if lead == "-1" {
			lead = "-"
		}
		p.Steps = append(p.Steps, "Factor "+m(A.TeX())+" out of the first two terms: "+
			m(lead+`\left(`+tex(inner)+`\right)`+signedQ(C))+".")
	}
	sq := cas.Power(cas.Sum(X, cas.N(h.Neg())), e(2))
	p.Steps = append(p.Steps, "Half the coefficient of "+m("x")+" inside is "+m(h.Neg().TeX())+"; its square is "+m(h.Mul(h).TeX())+
		", so "+m(tex(inner)+" = "+tex(cas.Sum(sq, cas.N(h.Mul(h).Neg()))))+".")
	prod := paren(A) + `\cdot ` + h.Mul(h).TeX()
	switch {
	case h.Mul(h).IsOne():
		prod = paren(A)
	case A.IsOne():
		prod = h.Mul(h).TeX()
	}
	p.Steps = append(p.Steps, "The constant becomes "+m(C.TeX()+" - "+prod+" = "+k.TeX())+".")
	p.setExpr(ans)
	p.sym("p", ppy(P))
	p.Check = func() error {
		got, ok := cas.ToPoly(ans, "x")
		if !ok || !got.Equal(P) {
			return errf("the completed square does not expand back")
		}
		return nil
	}
	return p, nil
}

func genRationalSimplify(g *G) (*Problem, error) {
	b := g.ByLevel(3, 4, 5, 6, 7)
	nc, na, nb := int(g.ByLevel(1, 1, 1, 2, 2)), int(g.ByLevel(1, 1, 2, 2, 2)), int(g.ByLevel(1, 1, 1, 2, 2))
	roots := g.Distinct(nc+na+nb, -b, b)
	lin := func(rs []int64) cas.Poly {
		f := cas.PolyInts(1)
		for _, r := range rs {
			a := int64(1)
			if g.IntN(4) == 0 && r != 0 && r%2 != 0 {
				a = 2 // 2x - r: root r/2, distinct from the integer roots
			}
			f = f.Mul(cas.PolyInts(-r, a))
		}
		return f
	}
	common, A, B := lin(roots[:nc]), lin(roots[nc:nc+na]), lin(roots[nc+na:])
	A = A.Scale(q(g.NZ(-3, 3)))
	Np, Dp := A.Mul(common), B.Mul(common)
	r := cas.NewRatFunc(Np, Dp)
	ans := r.Expr("x")
	p := &Problem{Problem: "Simplify " + m(`\frac{`+ptex(Np)+"}{"+ptex(Dp)+"}") + "."}
	p.Echo = firstMath(p.Problem)
	fn, _ := cas.FactorQ(Np)
	fd, _ := cas.FactorQ(Dp)
	p.Steps = []string{"Factor the numerator and the denominator: " + m(fn.TeX("x")) + " and " + m(fd.TeX("x")) + ".",
		"Their common factor is " + m(ptex(cas.GCD(Np, Dp).Primitive())) + "; cancelling it leaves " + m(tex(ans)) + "."}
	p.setExpr(ans)
	p.sym("num", ppy(Np))
	p.sym("den", ppy(Dp))
	p.Check = func() error {
		// cross-multiplication: answer num * original den = original num * answer den
		if !r.Num.Mul(Dp).Equal(Np.Mul(r.Den)) || cas.GCD(r.Num, r.Den).Deg() > 0 {
			return errf("the simplified fraction is not equal or not reduced")
		}
		if !common.Equal(cas.PolyInts(1)) && cas.GCD(Np, Dp).Deg() != common.Deg() {
			return errf("the cancelled factor is not the built one")
		}
		return nil
	}
	return p, nil
}

func genPartialFractions(g *G) (*Problem, error) {
	b := g.ByLevel(3, 3, 4, 5, 6)
	nlin := int(g.ByLevel(2, 2, 2, 3, 3, 4))
	D := cas.PolyInts(1)
	used := map[int64]bool{}
	for i := 0; i < nlin; i++ {
		r := g.Int(-b, b)
		for used[r] {
			r = g.Int(-b, b)
		}
		used[r] = true
		f := monicLinear(q(r))
		if g.Level >= 3 && i == 0 && g.Bool() {
			f = f.Pow(2)
		}
		D = D.Mul(f)
	}
	if g.Level >= 4 && g.Bool() {
		D = D.Mul(cas.PolyInts(g.Int(1, 4), 0, 1))
	}
	N := g.randPoly(g.IntN(D.Deg()), b)
	r := cas.NewRatFunc(N, D)
	if r.Den.Deg() < 2 {
		return nil, errf("degree: the fraction reduced too far")
	}
	pf, err := cas.Decompose(r)
	if err != nil {
		return nil, err
	}
	fd, _ := cas.FactorQ(r.Den)
	p := &Problem{Problem: "Find the partial fraction decomposition of " + m(tex(cas.FromRatFunc(r, "x"))) + "."}
	p.Echo = firstMath(p.Problem)
	p.Steps = []string{"The denominator factors as " + m(fd.TeX("x")) + "."}
	var terms []cas.Expr
	for _, t := range pf.Terms {
		te := cas.Quot(cas.FromPoly(t.Numer, "x"), cas.Power(cas.FromPoly(t.Factor, "x"), e(int64(t.Power))))
		terms = append(terms, te)
		p.Steps = append(p.Steps, "The term over "+m(tex(cas.Power(cas.FromPoly(t.Factor, "x"), e(int64(t.Power)))))+
			" has numerator "+m(ptex(t.Numer))+".")
	}
	ans := cas.Sum(append([]cas.Expr{cas.FromPoly(pf.Poly, "x")}, terms...)...)
	p.Answer = pf.TeX("x")
	p.Reprint = cas.ToExpr(ans)
	p.sym("f", "("+ppy(r.Num)+")/("+ppy(r.Den)+")")
	p.sym("answer", py(ans))
	p.Check = func() error {
		if !pf.Sum().Equal(r) {
			return errf("the partial fractions do not add back")
		}
		for _, x0 := range []float64{0.31, 7.7, -9.3} {
			want := r.Num.EvalFloat(x0) / r.Den.EvalFloat(x0)
			if !nearTol(at(ans, x0), want, 1e-9) {
				return errf("value at %v differs", x0)
			}
		}
		return nil
	}
	return p, nil
}

func genComposition(g *G) (*Problem, error) {
	b := g.ByLevel(3, 4, 5, 6, 7)
	f := g.randPoly(1+g.IntN(2), b)
	h := g.randPoly(1+g.IntN(int(g.ByLevel(1, 2, 2, 2, 3))), b)
	c := f.Compose(h)
	p := &Problem{Problem: "Let " + fx("f", cas.FromPoly(f, "x")) + " and " + fx("g", cas.FromPoly(h, "x")) +
		". Find " + m("f(g(x))") + " in expanded form."}
	p.Echo = strings.ReplaceAll(ptex(f), "x", `\left(`+ptex(h)+`\right)`) // f with g written in
	p.setExpr(cas.FromPoly(c, "x"))
	p.sym("f", ppy(f))
	p.sym("g", ppy(h))
	p.Check = func() error {
		for _, v := range []cas.Q{q(0), q(3), qf(-2, 5)} {
			if !f.Eval(h.Eval(v)).Equal(c.Eval(v)) {
				return errf("composition differs at %s", v)
			}
		}
		return nil
	}
	return p, nil
}

func genInverseMobius(g *G) (*Problem, error) {
	b := g.ByLevel(3, 4, 5, 7, 9)
	a, bb, c, d := g.NZ(-b, b), g.Int(-b, b), g.NZ(-b, b), g.Int(-b, b)
	if a*d-bb*c == 0 {
		return nil, errf("degenerate: ad - bc = 0")
	}
	// y (c x + d) = a x + b  ->  x (c y - a) = b - d y  ->  x = (b - d y)/(c y - a)
	num, den := cas.PolyInts(bb, -d), cas.PolyInts(-a, c)
	inv := cas.NewRatFunc(num, den)
	ans := inv.Expr("x")
	p := &Problem{Problem: "Find the inverse of " + m("f(x) = "+`\frac{`+ptex(cas.PolyInts(bb, a))+"}{"+ptex(cas.PolyInts(d, c))+"}") + "."}
	p.Steps = []string{
		"Write " + m(`y = \frac{`+ptex(cas.PolyInts(bb, a))+"}{"+ptex(cas.PolyInts(d, c))+"}") + " and multiply out: " +
			m(tex(cas.Product(cas.V("y"), cas.FromPoly(cas.PolyInts(d, c), "x")))+" = "+ptex(cas.PolyInts(bb, a))) + ".",
		"Collect the terms in " + m("x") + ": " + m(`x\left(`+tex(cas.FromPoly(cas.PolyInts(-a, c), "y"))+`\right) = `+tex(cas.FromPoly(cas.PolyInts(bb, -d), "y"))) + ".",
		"Solve for " + m("x") + " and swap the names of the variables: " + m(`f^{-1}(x) = `+tex(ans)) + ".",
	}
	p.setExpr(ans)
	p.sym("f", "("+ppy(cas.PolyInts(bb, a))+")/("+ppy(cas.PolyInts(d, c))+")")
	p.Check = func() error {
		// f(finv(x)) = (a N + b D)/(c N + d D) must be x exactly
		N, D := inv.Num, inv.Den
		top := N.Scale(q(a)).Add(D.Scale(q(bb)))
		bot := N.Scale(q(c)).Add(D.Scale(q(d)))
		if bot.IsZero() || !cas.NewRatFunc(top, bot).Equal(cas.PolyRF(cas.PolyInts(0, 1))) {
			return errf("f(f^{-1}(x)) is not x")
		}
		return nil
	}
	return p, nil
}

func genInversePower(g *G) (*Problem, error) {
	n := []int64{3, 3, 3, 5, 5, 5, 7}[min(g.Size-1, 6)]
	a := g.Pick("1", "2", "8", "1/2", "3", "27")
	av := map[string]cas.Q{"1": q(1), "2": q(2), "8": q(8), "1/2": qf(1, 2), "3": q(3), "27": q(27)}[a]
	b := g.ByLevel(3, 4, 5, 6, 8)
	h, k := g.Int(-b, b), g.Int(-b, b)
	f := cas.Sum(cas.Product(cas.N(av), cas.Power(cas.Sum(X, e(-h)), e(n))), e(k))
	inv := cas.Sum(e(h), cas.Power(cas.Product(cas.N(av.Inv()), cas.Sum(X, e(-k))), cas.F(1, n)))
	p := &Problem{Problem: "Find the inverse of " + fx("f", f) + "."}
	p.Steps = []string{
		"Solve " + m("y = "+tex(f)) + " for " + m("x") + ": first " + m(tex(cas.Power(cas.Sum(X, e(-h)), e(n)))+" = "+
			tex(cas.Product(cas.N(av.Inv()), cas.Sum(cas.V("y"), e(-k))))) + ".",
		"Take the real " + ordinal(n) + " root (" + m(itoa(n)) + " is odd, so it is one-to-one), add " + m(itoa(h)) + " and rename the variable: " + m(`f^{-1}(x) = `+tex(inv)) + ".",
	}
	if h == 0 {
		p.Steps[1] = "Take the real " + ordinal(n) + " root (" + m(itoa(n)) + " is odd, so it is one-to-one) and rename the variable: " + m(`f^{-1}(x) = `+tex(inv)) + "."
	}
	p.setExpr(inv)
	p.sym("f", py(f))
	p.Check = func() error {
		for _, v := range []float64{float64(k) + 2.5, float64(k) - 3.25, float64(k) + 0.5} {
			u := at(inv, v)
			if !nearTol(at(f, u), v, 1e-9) {
				return errf("f(f^{-1}(%v)) = %v", v, at(f, u))
			}
		}
		return nil
	}
	return p, nil
}

func ordinal(n int64) string {
	switch n {
	case 2:
		return "square"
	case 3:
		return "cube"
	}
	return itoa(n) + "th"
}

func genInverseExpLog(g *G) (*Problem, error) {
	b := g.ByLevel(3, 4, 5, 6, 8)
	a, k, c := g.Int(1, b), g.NZ(-b, b), g.Int(-b, b)
	var f, inv cas.Expr
	if g.Bool() {
		f = cas.Sum(cas.Product(e(a), cas.Call("exp", cas.Product(e(k), X))), e(c))
		inv = cas.Product(cas.F(1, k), cas.Call("ln", cas.Product(cas.F(1, a), cas.Sum(X, e(-c)))))
	} else {
		k = abs64(k)
		f = cas.Sum(cas.Product(e(a), cas.Call("ln", cas.Product(e(k), X))), e(c))
		inv = cas.Product(cas.F(1, k), cas.Call("exp", cas.Product(cas.F(1, a), cas.Sum(X, e(-c)))))
	}
	p := &Problem{Problem: "Find the inverse of " + fx("f", f) + "."}
	p.setExpr(inv)
	p.sym("f", py(f))
	p.Check = func() error {
		for _, v := range []float64{float64(c) + 0.75, float64(c) + 2.5, float64(c) + 5} {
			u := at(inv, v)
			if !nearTol(at(f, u), v, 1e-9) {
				return errf("f(f^{-1}(%v)) = %v", v, at(f, u))
			}
		}
		return nil
	}
	return p, nil
}

// shift returns v - h.
func shift(v cas.Expr, h cas.Q) cas.Expr { return cas.Sum(v, cas.N(h.Neg())) }

// paren prints a rational, parenthesised when negative.
func paren(v cas.Q) string {
	if v.Sign() < 0 {
		return `\left(` + v.TeX() + `\right)`
	}
	return v.TeX()
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

func itoa(n int64) string { return cas.Int(n).String() }

// ---- complex numbers ----

// complexTeX prints re + im i with the real part first.
func complexTeX(re, im cas.Expr) string {
	if q, ok := cas.IsNum(im); ok && q.IsZero() {
		return tex(re)
	}
	var sb strings.Builder
	first := true
	if q, ok := cas.IsNum(re); !ok || !q.IsZero() {
		sb.WriteString(tex(re))
		first = false
	}
	neg := strings.HasPrefix(tex(im), "-")
	mag := im
	if neg {
		mag = cas.Neg(im)
	}
	switch {
	case neg && first:
		sb.WriteString("-")
	case neg:
		sb.WriteString(" - ")
	case !first:
		sb.WriteString(" + ")
	}
	mt := tex(mag)
	if mt == "1" {
		mt = ""
	}
	if _, isAdd := mag.(*cas.Add); isAdd {
		mt = `\left(` + mt + `\right)`
	}
	sb.WriteString(mt + "i")
	return sb.String()
}

// setComplex sets an answer re + im i.
func (p *Problem) setComplex(re, im cas.Expr) {
	p.Answer = complexTeX(re, im)
	p.Reprint = complexNode(re, im)
	p.sym("answer", "("+py(re)+") + ("+py(im)+")*I")
}

func complexNode(re, im cas.Expr) expr.Node {
	return &expr.Add{Terms: []expr.Node{cas.ToExpr(re), &expr.Mul{Factors: []expr.Node{cas.ToExpr(im), &expr.Sym{Name: expr.I}}}}}
}

// niceAngle draws p pi / q with q in qs.
func (g *G) niceAngle(qs ...int64) cas.Q {
	d := qs[g.IntN(len(qs))]
	for {
		n := g.Int(1, 2*d-1)
		if cas.GCDInt(n, d) == 1 {
			return qf(n, d)
		}
	}
}

func qsToExpr(qs []cas.Q) []cas.Expr {
	out := make([]cas.Expr, len(qs))
	for i, v := range qs {
		out[i] = cas.N(v)
	}
	return out
}

func piTeX(a cas.Q) string { return tex(cas.Product(cas.N(a), cas.Pi)) }

func genDeMoivre(g *G) (*Problem, error) {
	r := g.Int(1, g.ByLevel(2, 2, 3, 3, 4))
	th := g.niceAngle(2, 3, 4, 6)
	n := g.Int(2, g.ByLevel(4, 6, 8, 10, 12))
	nt := th.MulInt(n)
	red := nt.Sub(nt.Div(q(2)).Floor().MulInt(2)) // in [0, 2)
	rn := cas.Power(e(r), e(n))
	cos := cas.Call("cos", cas.Product(cas.N(red), cas.Pi))
	sin := cas.Call("sin", cas.Product(cas.N(red), cas.Pi))
	re, im := cas.Product(rn, cos), cas.Product(rn, sin)
	z := `\left(\cos ` + piTeX(th) + ` + i\sin ` + piTeX(th) + `\right)`
	if r != 1 {
		z = `\left(` + itoa(r) + z + `\right)`
	}
	p := &Problem{Problem: "Write " + m(z+"^{"+itoa(n)+"}") + " in the form " + m("a + bi") + "."}
	p.Echo = firstMath(p.Problem)
	p.Steps = []string{
		"By De Moivre's theorem, " + m(`\left(r\left(\cos\theta + i\sin\theta\right)\right)^{n} = r^{n}\left(\cos n\theta + i\sin n\theta\right)`) +
			"; here " + m("r^{n} = "+tex(rn)) + " and " + m(`n\theta = `+piTeX(nt)) + ".",
		"Reducing the angle modulo " + m(`2\pi`) + " gives " + m(piTeX(red)) + ", where " + m(`\cos `+piTeX(red)+" = "+tex(cos)) +
			" and " + m(`\sin `+piTeX(red)+" = "+tex(sin)) + ".",
	}
	p.setComplex(re, im)
	p.sym("r", itoa(r))
	p.sym("theta", pyQ(th)+"*pi")
	p.sym("n", itoa(n))
	p.Check = func() error {
		w := complex(1, 0)
		base := cmplx.Rect(float64(r), th.Float()*math.Pi)
		for i := int64(0); i < n; i++ {
			w *= base
		}
		if cmplx.Abs(w-complex(val(re), val(im))) > 1e-9*math.Max(1, cmplx.Abs(w)) {
			return errf("repeated multiplication gives %v", w)
		}
		return nil
	}
	return p, nil
}

func genDeMoivrePolar(g *G) (*Problem, error) {
	r := g.Int(1, g.ByLevel(2, 2, 3, 3, 4))
	th := g.niceAngle(5, 7, 8, 9, 10, 12)
	n := g.Int(2, g.ByLevel(5, 7, 9, 11, 13))
	nt := th.MulInt(n)
	red := nt.Sub(nt.Div(q(2)).Floor().MulInt(2))
	rn := cas.Power(e(r), e(n))
	z := `\left(\cos ` + piTeX(th) + ` + i\sin ` + piTeX(th) + `\right)`
	if r != 1 {
		z = `\left(` + itoa(r) + z + `\right)`
	}
	p := &Problem{Problem: "Simplify " + m(z+"^{"+itoa(n)+"}") + ", giving the result as " + m(`r\left(\cos\theta + i\sin\theta\right)`) +
		" with " + m(`0 \le \theta < 2\pi`) + "."}
	p.Echo = firstMath(p.Problem)
	ang := piTeX(red)
	inner := `\cos ` + ang + ` + i\sin ` + ang
	if red.IsZero() {
		return nil, errf("angle: zero")
	}
	if tex(rn) == "1" {
		p.Answer = inner
	} else {
		p.Answer = tex(rn) + `\left(` + inner + `\right)`
	}
	arg := cas.ToExpr(cas.Product(cas.N(red), cas.Pi))
	p.Reprint = &expr.Mul{Factors: []expr.Node{cas.ToExpr(rn), &expr.Add{Terms: []expr.Node{
		&expr.Call{Fn: "cos", Args: []expr.Node{arg}},
		&expr.Mul{Factors: []expr.Node{&expr.Sym{Name: expr.I}, &expr.Call{Fn: "sin", Args: []expr.Node{arg}}}}}}}}
	p.sym("r", itoa(r))
	p.sym("theta", pyQ(th)+"*pi")
	p.sym("n", itoa(n))
	p.sym("answer", py(rn)+"*(cos("+pyQ(red)+"*pi) + I*sin("+pyQ(red)+"*pi))")
	p.Check = func() error {
		w := complex(1, 0)
		base := cmplx.Rect(float64(r), th.Float()*math.Pi)
		for i := int64(0); i < n; i++ {
			w *= base
		}
		want := cmplx.Rect(val(rn), red.Float()*math.Pi)
		if cmplx.Abs(w-want) > 1e-9*math.Max(1, cmplx.Abs(w)) || red.Sign() < 0 || red.Cmp(q(2)) >= 0 {
			return errf("repeated multiplication gives %v, the answer %v", w, want)
		}
		return nil
	}
	return p, nil
}

func genComplexPower(g *G) (*Problem, error) {
	b := g.ByLevel(4, 4, 5, 5, 6)
	z := cas.CInt(g.NZ(-b, b), g.NZ(-b, b))
	n := int(g.Int(2, g.ByLevel(3, 4, 5, 5, 6)))
	p := &Problem{Problem: "Compute " + m(`\left(`+z.TeX()+`\right)^{`+itoa(int64(n))+"}") + "."}
	p.Echo = firstMath(p.Problem)
	w := z
	for k := 2; k <= n; k++ {
		w = w.Mul(z)
		p.Steps = append(p.Steps, m(`\left(`+z.TeX()+`\right)^{`+itoa(int64(k))+"} = "+w.TeX())+".")
	}
	p.setComplex(cas.N(w.Re), cas.N(w.Im))
	p.sym("z", z.Py())
	p.sym("n", itoa(int64(n)))
	p.Check = func() error {
		// the binomial theorem: sum C(n,k) a^(n-k) (bi)^k
		s := cas.CInt(0, 0)
		ib := cas.CQ{Re: q(0), Im: z.Im}
		for k := 0; k <= n; k++ {
			t := cas.CQ{Re: cas.Binomial(int64(n), int64(k)).Mul(z.Re.PowInt(n - k)), Im: q(0)}.Mul(ib.Pow(k))
			s = s.Add(t)
		}
		if !s.Equal(w) {
			return errf("the binomial expansion gives %s", s.TeX())
		}
		return nil
	}
	return p, nil
}

func genComplexDivision(g *G) (*Problem, error) {
	b := g.ByLevel(3, 4, 6, 8, 10)
	z := cas.CInt(g.Int(-b, b), g.NZ(-b, b))
	w := cas.CInt(g.NZ(-b, b), g.NZ(-b, b))
	qt := z.Div(w)
	num := z.Mul(w.Conj())
	p := &Problem{Problem: "Write " + m(`\frac{`+z.TeX()+"}{"+w.TeX()+"}") + " in the form " + m("a + bi") + "."}
	p.Echo = firstMath(p.Problem)
	p.Steps = []string{
		"Multiply the numerator and the denominator by the conjugate " + m(w.Conj().TeX()) + ".",
		"The numerator becomes " + m(`\left(`+z.TeX()+`\right)\left(`+w.Conj().TeX()+`\right) = `+num.TeX()) +
			" and the denominator " + m(w.Norm().TeX()) + ".",
	}
	p.setComplex(cas.N(qt.Re), cas.N(qt.Im))
	p.sym("z", z.Py())
	p.sym("w", w.Py())
	p.Check = func() error {
		if !qt.Mul(w).Equal(z) {
			return errf("quotient times divisor is not the dividend")
		}
		return nil
	}
	return p, nil
}

func genComplexModulus(g *G) (*Problem, error) {
	b := g.ByLevel(3, 4, 6, 8, 10)
	z := cas.CInt(g.NZ(-b, b), g.NZ(-b, b))
	w := cas.CInt(g.NZ(-b, b), g.NZ(-b, b))
	var v cas.CQ
	var text string
	if g.Bool() {
		v, text = z.Mul(w), `\left(`+z.TeX()+`\right)\left(`+w.TeX()+`\right)`
	} else {
		v, text = z.Div(w), `\frac{`+z.TeX()+"}{"+w.TeX()+"}"
	}
	ans := cas.Sqrt(cas.N(v.Norm()))
	p := &Problem{Problem: "Find the modulus " + m(`\left|`+text+`\right|`) + "."}
	p.Echo = firstMath(p.Problem)
	p.setExpr(ans)
	p.sym("z", z.Py())
	p.sym("w", w.Py())
	p.sym("op", map[bool]string{true: "mul", false: "div"}[strings.HasPrefix(text, `\left(`)])
	p.Check = func() error {
		zc, wc := complex(z.Re.Float(), z.Im.Float()), complex(w.Re.Float(), w.Im.Float())
		want := cmplx.Abs(zc) * cmplx.Abs(wc)
		if !strings.HasPrefix(text, `\left(`) {
			want = cmplx.Abs(zc) / cmplx.Abs(wc)
		}
		if !near(val(ans), want) {
			return errf("|z||w| gives %v", want)
		}
		return nil
	}
	return p, nil
}

func genQuadraticComplex(g *G) (*Problem, error) {
	b := g.ByLevel(8, 9, 10, 11, 12)
	a := int64(1)
	if g.Level >= 3 {
		a = g.Int(1, 3)
	}
	bb := g.Int(-b, b)
	c := (bb*bb)/(4*a) + g.Int(1, b)
	disc := bb*bb - 4*a*c
	if disc >= 0 {
		return nil, errf("discriminant: not negative")
	}
	P := cas.PolyInts(c, bb, a)
	u := qf(-bb, 2*a)
	v := cas.Product(cas.F(1, 2*a), cas.Sqrt(e(-disc))) // imaginary part magnitude
	p := &Problem{Problem: "Find the complex solutions of " + m(ptex(P)+" = 0") + "."}
	p.Steps = []string{
		"The discriminant is " + m(paren(q(bb))+"^{2} - 4\\cdot "+itoa(a)+`\cdot `+paren(q(c))+" = "+itoa(disc)) + ", which is negative.",
		"By the quadratic formula, " + m(`x = \frac{`+itoa(-bb)+` \pm i\sqrt{`+itoa(-disc)+`}}{`+itoa(2*a)+"}") + ".",
	}
	roots := []cas.Expr{cas.N(u), v}
	p.Answer = complexTeX(roots[0], cas.Neg(v)) + ", " + complexTeX(roots[0], v)
	p.Reprint = &expr.List{Items: []expr.Node{complexNode(roots[0], cas.Neg(v)), complexNode(roots[0], v)}}
	p.sym("p", ppy(P))
	p.sym("answer", "[("+py(roots[0])+") - ("+py(v)+")*I, ("+py(roots[0])+") + ("+py(v)+")*I]")
	p.Check = func() error {
		// z = u + i v: real part a(u^2 - v^2) + b u + c, imaginary part v(2 a u + b)
		v2 := qf(-disc, 4*a*a)
		re := q(a).Mul(u.Mul(u).Sub(v2)).Add(q(bb).Mul(u)).Add(q(c))
		im := q(2 * a).Mul(u).Add(q(bb))
		if !re.IsZero() || !im.IsZero() {
			return errf("the roots do not satisfy the equation")
		}
		return nil
	}
	return p, nil
}

// ---- conics ----

// conicTeX prints A x^2 + C y^2 + D x + E y + F = 0.
func conicTeX(A, C, D, E, F cas.Q) string {
	t := cas.Sum(cas.Product(cas.N(A), cas.Power(X, e(2))), cas.Product(cas.N(C), cas.Power(Y, e(2))),
		cas.Product(cas.N(D), X), cas.Product(cas.N(E), Y), cas.N(F))
	return tex(t) + " = 0"
}

// integral scales coefficients to coprime integers.
func integral(cs ...cas.Q) []cas.Q {
	p := cas.NewPoly(cs...)
	c := p.Content()
	if c.Sign() < 0 {
		c = c.Neg()
	}
	// content of a polynomial normalises by the leading coefficient's sign; keep the first sign
	out := make([]cas.Q, len(cs))
	for i, v := range cs {
		out[i] = v.Div(c)
	}
	return out
}

type conic struct {
	kind          string
	A, C, D, E, F cas.Q
}

// standardConic draws a conic of the kind from a standard form.
func (g *G) standardConic(kind string) conic {
	b := g.ByLevel(3, 4, 5, 6, 8)
	h, k := q(g.Int(-b, b)), q(g.Int(-b, b))
	a2, b2 := q(g.Int(1, b)*g.Int(1, 3)), q(g.Int(1, b)*g.Int(1, 3))
	for kind == "ellipse" && a2.Equal(b2) {
		b2 = b2.Add(q(1))
	}
	var A, C, D, E, F cas.Q
	switch kind {
	case "circle": // (x-h)^2 + (y-k)^2 = r^2
		A, C = q(1), q(1)
		D, E = h.MulInt(-2), k.MulInt(-2)
		F = h.Mul(h).Add(k.Mul(k)).Sub(a2)
	case "ellipse", "hyperbola": // b2 (x-h)^2 +- a2 (y-k)^2 = a2 b2
		s := q(1)
		if kind == "hyperbola" {
			s = q(-1)
		}
		A, C = b2, a2.Mul(s)
		D, E = A.Mul(h).MulInt(-2), C.Mul(k).MulInt(-2)
		F = A.Mul(h.Mul(h)).Add(C.Mul(k.Mul(k))).Sub(a2.Mul(b2))
	default: // y = a(x-h)^2 + k  ->  a x^2 - 2ah x - y + a h^2 + k = 0
		a := q(g.NZ(-3, 3))
		A, C = a, q(0)
		D, E = a.Mul(h).MulInt(-2), q(-1)
		F = a.Mul(h.Mul(h)).Add(k)
	}
	cs := integral(A, C, D, E, F)
	return conic{kind, cs[0], cs[1], cs[2], cs[3], cs[4]}
}

func genConicClassify(g *G) (*Problem, error) {
	kind := g.Pick("circle", "ellipse", "parabola", "hyperbola")
	c := g.standardConic(kind)
	p := &Problem{Problem: "Classify the conic section " + m(conicTeX(c.A, c.C, c.D, c.E, c.F)) +
		" as a circle, an ellipse, a parabola or a hyperbola."}
	p.setText(kind)
	p.sym("conic", py(conicExpr(c)))
	p.Check = func() error {
		// the discriminant B^2 - 4AC of the quadratic part (B = 0 here), and
		// the completed squares' right-hand side (a nondegenerate conic)
		var got string
		ac := c.A.Mul(c.C)
		switch {
		case ac.IsZero():
			got = "parabola"
		case ac.Sign() < 0:
			got = "hyperbola"
		case c.A.Equal(c.C):
			got = "circle"
		default:
			got = "ellipse"
		}
		if got != kind {
			return errf("the discriminant says %s", got)
		}
		if !ac.IsZero() {
			rhs := c.D.Mul(c.D).Div(c.A.MulInt(4)).Add(c.E.Mul(c.E).Div(c.C.MulInt(4))).Sub(c.F)
			if rhs.IsZero() || (ac.Sign() > 0 && rhs.Sign()*c.A.Sign() < 0) {
				return errf("degenerate conic")
			}
		}
		return nil
	}
	return p, nil
}

func conicExpr(c conic) cas.Expr {
	return cas.Sum(cas.Product(cas.N(c.A), cas.Power(X, e(2))), cas.Product(cas.N(c.C), cas.Power(Y, e(2))),
		cas.Product(cas.N(c.D), X), cas.Product(cas.N(c.E), Y), cas.N(c.F))
}

// circleParts returns centre (h, k) and r^2 of a circle A x^2 + A y^2 + D x + E y + F = 0.
func circleParts(c conic) (h, k, r2 cas.Q) {
	h = c.D.Div(c.A.MulInt(2)).Neg()
	k = c.E.Div(c.A.MulInt(2)).Neg()
	r2 = h.Mul(h).Add(k.Mul(k)).Sub(c.F.Div(c.A))
	return
}

func circleSteps(c conic, h, k, r2 cas.Q) []string {
	var s []string
	if !c.A.IsOne() {
		s = append(s, "Divide by "+m(c.A.TeX())+": "+m(conicTeX(q(1), q(1), c.D.Div(c.A), c.E.Div(c.A), c.F.Div(c.A)))+".")
	}
	s = append(s, "Complete the squares: "+m(tex(cas.Sum(cas.Power(shift(X, h), e(2)), cas.Power(shift(Y, k), e(2))))+" = "+r2.TeX())+
		", so the centre is "+m(`\left(`+h.TeX()+", "+k.TeX()+`\right)`)+" and the squared radius is "+m(r2.TeX())+".")
	return s
}

func (g *G) circle() (conic, error) {
	c := g.standardConic("circle")
	if g.Level >= 3 {
		s := q(g.Int(2, 4))
		c.A, c.C, c.D, c.E, c.F = c.A.Mul(s), c.C.Mul(s), c.D.Mul(s), c.E.Mul(s), c.F.Mul(s)
	}
	return c, nil
}

func checkCircle(c conic, h, k, r2 cas.Q) error {
	// the centre and radius rebuild the equation exactly, and points on the
	// circle satisfy it numerically
	cs := integral(q(1), q(1), h.MulInt(-2), k.MulInt(-2), h.Mul(h).Add(k.Mul(k)).Sub(r2))
	gs := integral(c.A, c.C, c.D, c.E, c.F)
	for i := range cs {
		if !cs[i].Equal(gs[i]) {
			return errf("centre and radius do not rebuild the equation")
		}
	}
	r := math.Sqrt(r2.Float())
	for _, t := range []float64{0.3, 2.1, 4.4} {
		xv, yv := h.Float()+r*math.Cos(t), k.Float()+r*math.Sin(t)
		v := c.A.Float()*(xv*xv+yv*yv) + c.D.Float()*xv + c.E.Float()*yv + c.F.Float()
		if math.Abs(v) > 1e-8*math.Max(1, math.Abs(c.F.Float())+r*r*math.Abs(c.A.Float())) {
			return errf("a point of the circle is off the curve by %v", v)
		}
	}
	return nil
}

func genCircleRadius(g *G) (*Problem, error) {
	c, _ := g.circle()
	h, k, r2 := circleParts(c)
	p := &Problem{Problem: "Find the radius of the circle " + m(conicTeX(c.A, c.C, c.D, c.E, c.F)) + "."}
	p.Steps = append(circleSteps(c, h, k, r2), "The radius is "+m(`\sqrt{`+r2.TeX()+`}`)+".")
	if t := tex(cas.Sqrt(cas.N(r2))); t != `\sqrt{`+r2.TeX()+`}` {
		p.Steps[len(p.Steps)-1] = "The radius is " + m(`\sqrt{`+r2.TeX()+`} = `+t) + "."
	}
	p.setExpr(cas.Sqrt(cas.N(r2)))
	p.sym("conic", py(conicExpr(c)))
	p.Check = func() error { return checkCircle(c, h, k, r2) }
	return p, nil
}

func genCircleCenter(g *G) (*Problem, error) {
	c, _ := g.circle()
	h, k, r2 := circleParts(c)
	p := &Problem{Problem: "Find the centre of the circle " + m(conicTeX(c.A, c.C, c.D, c.E, c.F)) + "."}
	p.Steps = circleSteps(c, h, k, r2)
	p.setTuple(cas.N(h), cas.N(k))
	p.sym("conic", py(conicExpr(c)))
	p.Check = func() error { return checkCircle(c, h, k, r2) }
	return p, nil
}

// ellipseParts reads centre, semi-axes squared and the major axis direction.
func ellipseParts(c conic) (h, k, A2, B2 cas.Q, horizontal bool) {
	h = c.D.Div(c.A.MulInt(2)).Neg()
	k = c.E.Div(c.C.MulInt(2)).Neg()
	rhs := c.A.Mul(h.Mul(h)).Add(c.C.Mul(k.Mul(k))).Sub(c.F) // A(x-h)^2 + C(y-k)^2 = rhs
	A2, B2 = rhs.Div(c.A), rhs.Div(c.C)                      // (x-h)^2/A2 + (y-k)^2/B2 = 1
	horizontal = A2.Cmp(B2) > 0
	return
}

func genEllipseFoci(g *G) (*Problem, error) {
	c := g.standardConic("ellipse")
	h, k, A2, B2, hor := ellipseParts(c)
	c2 := A2.Sub(B2).Abs()
	cc := cas.Sqrt(cas.N(c2))
	p := &Problem{Problem: "Find the foci of the ellipse " + m(conicTeX(c.A, c.C, c.D, c.E, c.F)) + "."}
	p.Steps = []string{
		"Completing the squares gives " + m(overTeX(tex(cas.Power(shift(X, h), e(2))), A2.TeX())+" + "+overTeX(tex(cas.Power(shift(Y, k), e(2))), B2.TeX())+" = 1") + ".",
		"The major axis is " + map[bool]string{true: "horizontal", false: "vertical"}[hor] + " and " +
			m(`c = \sqrt{`+cas.MaxQ(A2, B2).TeX()+" - "+cas.MinQ(A2, B2).TeX()+"} = "+tex(cc)) + ".",
	}
	var f1, f2 []cas.Expr
	if hor {
		f1 = []cas.Expr{cas.Diff(cas.N(h), cc), cas.N(k)}
		f2 = []cas.Expr{cas.Sum(cas.N(h), cc), cas.N(k)}
	} else {
		f1 = []cas.Expr{cas.N(h), cas.Diff(cas.N(k), cc)}
		f2 = []cas.Expr{cas.N(h), cas.Sum(cas.N(k), cc)}
	}
	p.setPoints(f1, f2)
	p.sym("conic", py(conicExpr(c)))
	p.Check = func() error {
		a := math.Sqrt(cas.MaxQ(A2, B2).Float())
		for _, t := range []float64{0.4, 1.9, 3.7, 5.2} {
			xv := h.Float() + math.Sqrt(A2.Float())*math.Cos(t)
			yv := k.Float() + math.Sqrt(B2.Float())*math.Sin(t)
			d := math.Hypot(xv-val(f1[0]), yv-val(f1[1])) + math.Hypot(xv-val(f2[0]), yv-val(f2[1]))
			if !nearTol(d, 2*a, 1e-9) {
				return errf("focal distances sum to %v, not 2a = %v", d, 2*a)
			}
			if v := c.A.Float()*xv*xv + c.C.Float()*yv*yv + c.D.Float()*xv + c.E.Float()*yv + c.F.Float(); math.Abs(v) > 1e-6*math.Max(1, math.Abs(c.F.Float())) {
				return errf("point off the ellipse")
			}
		}
		return nil
	}
	return p, nil
}

// setPoints sets an answer of several points.
func (p *Problem) setPoints(pts ...[]cas.Expr) {
	var parts, pys []string
	var nodes []expr.Node
	for _, pt := range pts {
		var ps, pp []string
		var ns []expr.Node
		for _, v := range pt {
			ps = append(ps, tex(v))
			pp = append(pp, py(v))
			ns = append(ns, cas.ToExpr(v))
		}
		parts = append(parts, `\left(`+strings.Join(ps, ", ")+`\right)`)
		pys = append(pys, "("+strings.Join(pp, ", ")+")")
		nodes = append(nodes, &expr.Tuple{Items: ns, Open: "(", Close: ")"})
	}
	p.Answer = strings.Join(parts, ", ")
	p.Reprint = &expr.List{Items: nodes}
	p.sym("answer", "["+strings.Join(pys, ", ")+"]")
}

func genEllipseEccentricity(g *G) (*Problem, error) {
	c := g.standardConic("ellipse")
	_, _, A2, B2, _ := ellipseParts(c)
	big, small := cas.MaxQ(A2, B2), cas.MinQ(A2, B2)
	ecc := cas.Sqrt(cas.N(big.Sub(small).Div(big)))
	p := &Problem{Problem: "Find the eccentricity of the ellipse " + m(conicTeX(c.A, c.C, c.D, c.E, c.F)) + "."}
	p.setExpr(ecc)
	p.sym("conic", py(conicExpr(c)))
	p.Check = func() error {
		a, b := math.Sqrt(big.Float()), math.Sqrt(small.Float())
		if !near(val(ecc), math.Sqrt(a*a-b*b)/a) {
			return errf("c/a gives %v", math.Sqrt(a*a-b*b)/a)
		}
		return nil
	}
	return p, nil
}

func genHyperbolaAsymptotes(g *G) (*Problem, error) {
	c := g.standardConic("hyperbola")
	h := c.D.Div(c.A.MulInt(2)).Neg()
	k := c.E.Div(c.C.MulInt(2)).Neg()
	slope := cas.Sqrt(cas.N(c.A.Div(c.C).Neg())) // A (x-h)^2 + C (y-k)^2 = const with A C < 0: (y-k) = +-sqrt(-A/C)(x-h)
	l1 := cas.Sum(cas.N(k), cas.Product(slope, cas.Sum(X, cas.N(h.Neg()))))
	l2 := cas.Sum(cas.N(k), cas.Product(cas.Neg(slope), cas.Sum(X, cas.N(h.Neg()))))
	l1, l2 = cas.Expand(l1), cas.Expand(l2)
	p := &Problem{Problem: "Find the equations of the asymptotes of the hyperbola " + m(conicTeX(c.A, c.C, c.D, c.E, c.F)) + "."}
	p.Steps = []string{
		"Completing the squares, the centre is " + m(`\left(`+h.TeX()+", "+k.TeX()+`\right)`) + ".",
		"The asymptotes make the quadratic part vanish: " + m(tex(cas.Sum(cas.Product(cas.N(c.A), cas.Power(shift(X, h), e(2))), cas.Product(cas.N(c.C), cas.Power(shift(Y, k), e(2)))))+" = 0") +
			", so " + m(tex(shift(Y, k))+` = \pm `+tex(cas.Product(slope, shift(X, h)))) + ".",
	}
	p.Answer = "y = " + tex(l1) + ", y = " + tex(l2)
	mk := func(l cas.Expr) expr.Node {
		return &expr.Rel{Sides: []expr.Node{&expr.Sym{Name: "y"}, cas.ToExpr(l)}, Ops: []string{"="}}
	}
	p.Reprint = &expr.List{Items: []expr.Node{mk(l1), mk(l2)}}
	p.sym("conic", py(conicExpr(c)))
	p.sym("answer", "["+py(l1)+", "+py(l2)+"]")
	p.Check = func() error {
		// on the hyperbola far out, y approaches one of the lines
		for _, xv := range []float64{1e4 + h.Float(), -1e4 + h.Float()} {
			// solve C y^2 + E y + (A x^2 + D x + F) = 0 for y
			A, C, D, E, F := c.A.Float(), c.C.Float(), c.D.Float(), c.E.Float(), c.F.Float()
			rest := A*xv*xv + D*xv + F
			disc := E*E - 4*C*rest
			if disc < 0 {
				return errf("no point of the hyperbola at x = %v", xv)
			}
			y1 := (-E + math.Sqrt(disc)) / (2 * C)
			d := math.Min(math.Abs(y1-at(l1, xv)), math.Abs(y1-at(l2, xv)))
			if d > 1e-2 {
				return errf("the hyperbola is %v from the asymptotes at x = %v", d, xv)
			}
		}
		return nil
	}
	return p, nil
}

func (g *G) parabola() cas.Poly {
	b := g.ByLevel(4, 6, 8, 10, 12)
	a := g.NZ(-g.ByLevel(2, 3, 3, 4, 5), g.ByLevel(2, 3, 3, 4, 5))
	return cas.PolyInts(g.Int(-b, b), g.Int(-b, b), a)
}

func genParabolaVertex(g *G) (*Problem, error) {
	P := g.parabola()
	a, b := P.Coef(2), P.Coef(1)
	h := b.Div(a.MulInt(2)).Neg()
	k := P.Eval(h)
	p := &Problem{Problem: "Find the vertex of the parabola " + m("y = "+ptex(P)) + "."}
	p.Steps = []string{"The vertex is at " + m(`x = -\frac{b}{2a} = `+h.TeX()) + ".",
		"Then " + m("y = "+k.TeX()) + "."}
	p.setTuple(cas.N(h), cas.N(k))
	p.sym("p", ppy(P))
	p.Check = func() error {
		if !P.Deriv().Eval(h).IsZero() {
			return errf("the derivative is not zero at the vertex")
		}
		ctx, cancel := checkCtx()
		defer cancel()
		_ = ctx
		// the vertex is the extremum on a window around it
		for _, d := range []float64{-0.5, 0.5, -2, 2} {
			v := P.EvalFloat(h.Float() + d)
			if (a.Sign() > 0 && v < k.Float()) || (a.Sign() < 0 && v > k.Float()) {
				return errf("a point beside the vertex lies beyond it")
			}
		}
		return nil
	}
	return p, nil
}

func genParabolaFocus(g *G) (*Problem, error) {
	P := g.parabola()
	a, b := P.Coef(2), P.Coef(1)
	h := b.Div(a.MulInt(2)).Neg()
	k := P.Eval(h)
	f := k.Add(a.MulInt(4).Inv())
	dir := k.Sub(a.MulInt(4).Inv())
	p := &Problem{Problem: "Find the focus of the parabola " + m("y = "+ptex(P)) + "."}
	p.Steps = []string{
		"Completing the square, " + m(`y = `+tex(cas.Sum(cas.Product(cas.N(a), cas.Power(shift(X, h), e(2))), cas.N(k)))) + ", with vertex " +
			m(`\left(`+h.TeX()+", "+k.TeX()+`\right)`) + ".",
		"The focal distance is " + m(`\frac{1}{4a} = `+a.MulInt(4).Inv().TeX()) + ", so the focus is at height " + m(f.TeX()) + ".",
	}
	p.setTuple(cas.N(h), cas.N(f))
	p.sym("p", ppy(P))
	p.Check = func() error {
		for _, xv := range []float64{h.Float() - 1.3, h.Float() + 0.7, h.Float() + 2.9} {
			yv := P.EvalFloat(xv)
			d1 := math.Hypot(xv-h.Float(), yv-f.Float())
			d2 := math.Abs(yv - dir.Float())
			if !nearTol(d1, d2, 1e-9) {
				return errf("a point is %v from the focus and %v from the directrix", d1, d2)
			}
		}
		return nil
	}
	return p, nil
}

// ---- equations ----

func genLogEquation(g *G) (*Problem, error) {
	base := g.Int(2, g.ByLevel(3, 5, 7, 9, 12))
	n := g.Int(1, g.ByLevel(2, 3, 3, 4, 5))
	a := g.NZ(-g.ByLevel(3, 6, 9, 12, 20), g.ByLevel(3, 6, 9, 12, 20))
	c := g.Int(-g.ByLevel(5, 10, 20, 40, 80), g.ByLevel(5, 10, 20, 40, 80))
	bn := cas.FromBigInt(bigPow(base, n))
	x := bn.Sub(q(c)).Div(q(a))
	lhs := cas.Sum(cas.Product(e(a), X), e(c))
	p := &Problem{Problem: "Solve " + m(`\log_{`+itoa(base)+`}\left(`+tex(lhs)+`\right) = `+itoa(n)) + " for " + m("x") + "."}
	p.Steps = []string{"In exponential form, " + m(chain(tex(lhs), itoa(base)+sup(n), bn.TeX())) + "."}
	if c != 0 {
		p.Steps = append(p.Steps, "Then "+m(tex(cas.Product(e(a), X))+" = "+bn.Sub(q(c)).TeX())+".")
	}
	p.setNum(x)
	p.sym("base", itoa(base))
	p.sym("n", itoa(n))
	p.sym("lhs", py(lhs))
	p.Check = func() error {
		if !q(a).Mul(x).Add(q(c)).Equal(bn) {
			return errf("substitution fails")
		}
		if !nearTol(math.Log(a0(a, c, x))/math.Log(float64(base)), float64(n), 1e-9) {
			return errf("the logarithm does not evaluate to n")
		}
		return nil
	}
	return p, nil
}

func a0(a, c int64, x cas.Q) float64 { return float64(a)*x.Float() + float64(c) }

func genExpEquation(g *G) (*Problem, error) {
	t := []int64{2, 3, 5}[g.IntN(3)]
	e1, e2 := g.Int(1, g.ByLevel(2, 3, 3, 4, 4)), g.Int(1, g.ByLevel(2, 3, 3, 4, 4))
	for e1 == e2 {
		e2 = g.Int(1, 4)
	}
	b := g.ByLevel(3, 4, 5, 6, 7)
	p1, q1, p2, q2 := g.NZ(-b, b), g.Int(-b, b), g.NZ(-b, b), g.Int(-b, b)
	// t^{e1 (p1 x + q1)} = t^{e2 (p2 x + q2)}
	den := e1*p1 - e2*p2
	if den == 0 {
		return nil, errf("degenerate: no unique solution")
	}
	x := qf(e2*q2-e1*q1, den)
	B1, B2 := bigPow(t, e1), bigPow(t, e2)
	l1 := cas.Sum(cas.Product(e(p1), X), e(q1))
	l2 := cas.Sum(cas.Product(e(p2), X), e(q2))
	p := &Problem{Problem: "Solve " + m(B1.String()+"^{"+tex(l1)+"} = "+B2.String()+"^{"+tex(l2)+"}") + "."}
	p.Steps = []string{
		"Write both sides as powers of " + m(itoa(t)) + ": " + m(itoa(t)+"^{"+tex(cas.Product(e(e1), l1))+`} = `+itoa(t)+"^{"+tex(cas.Product(e(e2), l2))+`}`) + ".",
		"Equate the exponents: " + m(tex(cas.Expand(cas.Product(e(e1), l1)))+" = "+tex(cas.Expand(cas.Product(e(e2), l2)))) + ", so " + m("x = "+x.TeX()) + ".",
	}
	p.setNum(x)
	p.sym("lhs", B1.String()+"**("+py(l1)+")")
	p.sym("rhs", B2.String()+"**("+py(l2)+")")
	p.Check = func() error {
		if !q(e1).Mul(q(p1).Mul(x).Add(q(q1))).Equal(q(e2).Mul(q(p2).Mul(x).Add(q(q2)))) {
			return errf("the exponents differ at the solution")
		}
		lhs := float64(e1) * (float64(p1)*x.Float() + float64(q1)) * math.Log(float64(t))
		rhs := float64(e2) * (float64(p2)*x.Float() + float64(q2)) * math.Log(float64(t))
		if !nearTol(lhs, rhs, 1e-9) {
			return errf("the logarithms of the sides differ")
		}
		return nil
	}
	return p, nil
}

func genBinomialTerm(g *G) (*Problem, error) {
	n := g.Int(3, g.ByLevel(5, 6, 8, 9, 10))
	k := g.Int(1, n-1)
	b := g.ByLevel(2, 3, 3, 4, 5)
	a, c := g.NZ(-b, b), g.NZ(-b, b)
	coef := cas.Binomial(n, k).Mul(q(a).PowInt(int(k))).Mul(q(c).PowInt(int(n - k)))
	f := cas.PolyInts(c, a)
	p := &Problem{Problem: "Find the coefficient of " + m(tex(cas.Power(X, e(k)))) + " in the expansion of " + m(`\left(`+ptex(f)+`\right)^{`+itoa(n)+"}") + "."}
	p.Steps = []string{
		"By the binomial theorem the term in " + m(tex(cas.Power(X, e(k)))) + " is " + m(`\binom{`+itoa(n)+"}{"+itoa(k)+`}\left(`+tex(cas.Product(e(a), X))+`\right)`+sup(k)+`\left(`+itoa(c)+`\right)`+sup(n-k)) + ".",
		"Here " + andList(binomTermParts(n, k, a, c)) + ".",
	}
	p.setNum(coef)
	p.sym("f", ppy(f))
	p.sym("n", itoa(n))
	p.sym("k", itoa(k))
	p.Check = func() error {
		if !f.Pow(int(n)).Coef(int(k)).Equal(coef) {
			return errf("the full expansion has another coefficient")
		}
		return nil
	}
	return p, nil
}

func genRadicalSimplify(g *G) (*Problem, error) {
	root := int64(2)
	if g.Level >= 4 && g.Bool() {
		root = 3
	}
	s := g.Int(2, g.ByLevel(5, 7, 9, 12, 15))
	free := []int64{2, 3, 5, 6, 7, 10, 11, 13, 14, 15, 17, 19, 21, 22}[g.IntN(14)]
	N := bigPow(s, root).Int64() * free
	ans := cas.Power(e(N), cas.F(1, root))
	rootTeX := func(v int64) string {
		if root == 2 {
			return `\sqrt{` + itoa(v) + "}"
		}
		return `\sqrt[3]{` + itoa(v) + "}"
	}
	p := &Problem{Problem: "Simplify " + m(rootTeX(N)) + "."}
	p.Echo = firstMath(p.Problem)
	var fs []string
	for _, pp := range cas.FactorInt(uint64(N)) {
		t := itoa(int64(pp.P))
		if pp.K > 1 {
			t += "^{" + itoa(int64(pp.K)) + "}"
		}
		fs = append(fs, t)
	}
	p.Steps = []string{
		"Factor the radicand: " + m(itoa(N)+" = "+strings.Join(fs, ` \cdot `)) + ".",
		"The largest perfect " + ordinal(root) + " dividing it is " + m(bigPow(s, root).String()+" = "+itoa(s)+"^{"+itoa(root)+"}") +
			", so " + m(rootTeX(N)+" = "+itoa(s)+rootTeX(free)) + ".",
	}
	p.setExpr(ans)
	p.sym("n", itoa(N))
	p.sym("root", itoa(root))
	p.Check = func() error {
		if tex(ans) != itoa(s)+rootTeX(free) {
			return errf("simplified to %s, built %d%s", tex(ans), s, rootTeX(free))
		}
		if !near(math.Pow(float64(N), 1/float64(root)), val(ans)) {
			return errf("value differs")
		}
		return nil
	}
	return p, nil
}

func genRationalize(g *G) (*Problem, error) {
	b := g.ByLevel(3, 4, 6, 8, 10)
	a, bb, c := g.NZ(-b, b), g.NZ(-b, b), g.NZ(-3, 3)
	d := []int64{2, 3, 5, 6, 7, 10, 11}[g.IntN(7)]
	den := bb*bb - c*c*d
	if den == 0 {
		return nil, errf("degenerate: zero denominator")
	}
	rad := cas.Sqrt(e(d))
	denExpr := cas.Sum(e(bb), cas.Product(e(c), rad))
	conj := cas.Sum(e(bb), cas.Product(e(-c), rad))
	ans := cas.Expand(cas.Product(cas.F(a, den), conj))
	p := &Problem{Problem: "Rationalize the denominator of " + m(`\frac{`+itoa(a)+"}{"+tex(denExpr)+"}") + "."}
	p.Echo = firstMath(p.Problem)
	p.Steps = []string{
		"Multiply the numerator and the denominator by the conjugate " + m(tex(conj)) + ".",
		"The denominator becomes " + m(paren(q(bb))+"^{2} - "+tex(cas.Power(cas.Product(e(c), rad), e(2)))+" = "+itoa(den)) +
			" and the numerator " + m(tex(cas.Expand(cas.Product(e(a), conj)))) + ".",
	}
	p.setExpr(ans)
	p.sym("expr", itoa(a)+"/("+py(denExpr)+")")
	p.Check = func() error {
		if !cas.Equal(cas.Expand(cas.Product(ans, denExpr)), e(a)) {
			return errf("answer times the denominator is not the numerator")
		}
		if !near(val(ans), float64(a)/val(denExpr)) {
			return errf("value differs")
		}
		return nil
	}
	return p, nil
}

func genAbsEquation(g *G) (*Problem, error) {
	b := g.ByLevel(4, 12, 30, 80, 200)
	a, bb, c := g.NZ(-b/2, b/2), g.Int(-b, b), g.Int(1, b)
	s1, s2 := qf(c-bb, a), qf(-c-bb, a)
	if s1.Cmp(s2) > 0 {
		s1, s2 = s2, s1
	}
	lin := cas.Sum(cas.Product(e(a), X), e(bb))
	p := &Problem{Problem: "Find all solutions of " + m(`\left|`+tex(lin)+`\right| = `+itoa(c)) + "."}
	p.setList(cas.N(s1), cas.N(s2))
	p.sym("lin", py(lin))
	p.sym("c", itoa(c))
	p.Check = func() error {
		for _, s := range []cas.Q{s1, s2} {
			if !q(a).Mul(s).Add(q(bb)).Abs().Equal(q(c)) {
				return errf("%s is not a solution", s)
			}
		}
		return nil
	}
	return p, nil
}

func genQuadraticInequality(g *G) (*Problem, error) {
	b := g.ByLevel(4, 5, 6, 8, 10)
	r1, r2 := g.Int(-b, b), g.Int(-b, b)
	for r1 == r2 {
		r2 = g.Int(-b, b)
	}
	if r1 > r2 {
		r1, r2 = r2, r1
	}
	a := g.NZ(-g.ByLevel(1, 2, 3, 3, 4), g.ByLevel(1, 2, 3, 3, 4))
	P := cas.FromRoots(q(a), q(r1), q(r2))
	less := g.Bool()
	op := "<"
	if !less {
		op = ">"
	}
	between := (a > 0) == less // the solution set is the open interval between the roots
	p := &Problem{Problem: "Solve " + m(ptex(P)+" "+op+" 0") + ". Give the answer in interval notation."}
	p.Echo = firstMath(p.Problem)
	n1, n2 := cas.ToExpr(e(r1)), cas.ToExpr(e(r2))
	inf := &expr.Sym{Name: expr.Inf}
	if between {
		p.Answer = `\left(` + itoa(r1) + ", " + itoa(r2) + `\right)`
		p.Reprint = &expr.Tuple{Items: []expr.Node{n1, n2}, Open: "(", Close: ")"}
	} else {
		p.Answer = `\left(-\infty, ` + itoa(r1) + `\right) \cup \left(` + itoa(r2) + `, \infty\right)`
		p.Reprint = &expr.SetOp{Op: "cup", Args: []expr.Node{
			&expr.Tuple{Items: []expr.Node{&expr.Neg{X: inf}, n1}, Open: "(", Close: ")"},
			&expr.Tuple{Items: []expr.Node{n2, inf}, Open: "(", Close: ")"}}}
	}
	p.sym("p", ppy(P))
	p.sym("op", op)
	p.sym("answer", map[bool]string{true: "Interval.open(" + itoa(r1) + ", " + itoa(r2) + ")",
		false: "Union(Interval.open(-oo, " + itoa(r1) + "), Interval.open(" + itoa(r2) + ", oo))"}[between])
	p.Check = func() error {
		for _, xv := range []float64{float64(r1) - 0.5, (float64(r1) + float64(r2)) / 2, float64(r2) + 0.5, float64(r1), float64(r2)} {
			v := P.EvalFloat(xv)
			holds := (less && v < 0) || (!less && v > 0)
			in := xv > float64(r1) && xv < float64(r2)
			if !between {
				in = xv < float64(r1) || xv > float64(r2)
			}
			if holds != in {
				return errf("the inequality and the answer disagree at %v", xv)
			}
		}
		return nil
	}
	return p, nil
}

func genGeometricSeries(g *G) (*Problem, error) {
	a := g.NZ(-g.ByLevel(3, 5, 7, 9, 9), g.ByLevel(3, 5, 7, 9, 9))
	var r cas.Q
	if g.Level >= 3 && g.Bool() {
		r = qf(g.NZ(-3, 3), g.Int(2, 4))
	} else {
		r = q(g.NZ(-3, 3))
	}
	if r.IsOne() {
		r = q(2)
	}
	n := g.Int(3, g.ByLevel(5, 6, 7, 8, 9))
	sum := q(a).Mul(q(1).Sub(r.PowInt(int(n)))).Div(q(1).Sub(r))
	terms := []string{}
	for k := 0; k < 3; k++ {
		terms = append(terms, q(a).Mul(r.PowInt(k)).TeX())
	}
	p := &Problem{Problem: "Find the sum of the first " + m(itoa(n)) + " terms of the geometric series " + m(strings.Join(terms, ", ")+`, \ldots`) + "."}
	p.Steps = []string{"With " + m("a = "+itoa(a)) + " and " + m("r = "+r.TeX()) + ", " + m(`S_{n} = a\frac{1 - r^{n}}{1 - r} = `+sum.TeX()) + "."}
	p.setNum(sum)
	p.sym("a", itoa(a))
	p.sym("r", pyQ(r))
	p.sym("n", itoa(n))
	p.Check = func() error {
		s, t := q(0), q(a)
		for k := int64(0); k < n; k++ {
			s = s.Add(t)
			t = t.Mul(r)
		}
		if !s.Equal(sum) {
			return errf("adding the terms gives %s", s)
		}
		return nil
	}
	return p, nil
}

func genVieta(g *G) (*Problem, error) {
	d := int(g.ByLevel(2, 3, 3, 4, 4, 5))
	P := g.randPoly(d, g.ByLevel(3, 4, 5, 6, 7))
	an, a1, a2 := P.Coef(d), P.Coef(d-1), P.Coef(d-2)
	e1 := a1.Div(an).Neg()
	e2 := a2.Div(an)
	recip := g.Bool() && !P.Coef(0).IsZero()
	var ans cas.Q
	var what string
	if recip {
		// sum 1/r = e_{d-1}/e_d = -a1'/a0 with a1' the x coefficient
		ans = P.Coef(1).Div(P.Coef(0)).Neg()
		what = "the sum of the reciprocals of the roots"
	} else {
		ans = e1.Mul(e1).Sub(e2.MulInt(2))
		what = "the sum of the squares of the roots"
	}
	p := &Problem{Problem: "Let the roots of " + m(ptex(P)+" = 0") + " be " + m(indexTuple("r", d)) + ". Find " + what + "."}
	p.setNum(ans)
	p.sym("p", ppy(P))
	p.sym("what", map[bool]string{true: "recip", false: "squares"}[recip])
	p.Check = func() error {
		rs, err := polyRoots(P)
		if err != nil {
			return err
		}
		var s complex128
		for _, r := range rs {
			if recip {
				s += 1 / r
			} else {
				s += r * r
			}
		}
		if !nearTol(real(s), ans.Float(), 1e-7) || math.Abs(imag(s)) > 1e-7*math.Max(1, math.Abs(real(s))) {
			return errf("numeric roots give %v", s)
		}
		return nil
	}
	return p, nil
}

// binomTermParts are the values of the binomial coefficient and the two
// powers of a binomial term, leaving out a power 1 (nothing to compute).
func binomTermParts(n, k, a, c int64) []string {
	parts := []string{m(`\binom{` + itoa(n) + "}{" + itoa(k) + "} = " + cas.Binomial(n, k).String())}
	if k > 1 {
		parts = append(parts, m(`\left(`+itoa(a)+`\right)^{`+itoa(k)+"} = "+q(a).PowInt(int(k)).String()))
	}
	if n-k > 1 && (c != a || n-k != k) {
		parts = append(parts, m(`\left(`+itoa(c)+`\right)^{`+itoa(n-k)+"} = "+q(c).PowInt(int(n-k)).String()))
	}
	return parts
}

// signedQ writes a constant term after another term: " + 3", " - 3", or
// nothing for 0.
func signedQ(c cas.Q) string {
	switch c.Sign() {
	case 0:
		return ""
	case -1:
		return " - " + c.Abs().TeX()
	}
	return " + " + c.TeX()
}
