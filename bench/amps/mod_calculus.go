package amps

import (
	"math"
	"strings"

	"github.com/matheval/matheval/cas"
	"github.com/matheval/matheval/expr"
)

func init() {
	for _, m := range []*Module{
		{Name: "derivative_polynomial", Area: "calculus", Steps: true, gen: genDerivPoly,
			Description: "Derivative of a polynomial, term by term",
			Extrapolate: "higher degrees and larger coefficients"},
		{Name: "derivative_product", Area: "calculus", Steps: true, gen: genDerivProduct,
			Description: "Derivative of a product of elementary functions (product rule)",
			Extrapolate: "higher-degree polynomial factors and larger constants"},
		{Name: "derivative_quotient", Area: "calculus", Steps: true, gen: genDerivQuotient,
			Description: "Derivative of a quotient (quotient rule)",
			Extrapolate: "higher-degree numerators and denominators"},
		{Name: "derivative_chain", Area: "calculus", Steps: true, gen: genDerivChain,
			Description: "Derivative of a composition (chain rule)",
			Extrapolate: "three nested functions and higher-degree inner polynomials"},
		{Name: "derivative_second", Area: "calculus", gen: genDerivSecond,
			Description: "Second derivative of an elementary function",
			Extrapolate: "larger constants and polynomial degrees"},
		{Name: "derivative_at_point", Area: "calculus", Steps: true, gen: genDerivAtPoint,
			Description: "Exact value of the derivative of a rational function at a point",
			Extrapolate: "higher degrees and points farther out"},
		{Name: "tangent_line", Area: "calculus", Steps: true, gen: genTangentLine,
			Description: "Equation of the tangent line to a polynomial curve at a point",
			Extrapolate: "higher degrees and larger points"},
		{Name: "partial_derivative", Area: "calculus", gen: genPartial,
			Description: "Partial derivative of a function of several variables",
			Extrapolate: "more terms and higher powers"},
		{Name: "mixed_partial", Area: "calculus", gen: genMixedPartial,
			Description: "Mixed second partial derivative of a function of two variables",
			Extrapolate: "more terms and higher powers"},
		{Name: "gradient", Area: "calculus", Steps: true, gen: genGradient,
			Description: "Gradient of a function of x, y and z",
			Extrapolate: "more terms and higher powers"},
		{Name: "divergence", Area: "calculus", Steps: true, gen: genDivergence,
			Description: "Divergence of a vector field in three dimensions",
			Extrapolate: "more terms per component"},
		{Name: "curl", Area: "calculus", Steps: true, gen: genCurl,
			Description: "Curl of a vector field in three dimensions",
			Extrapolate: "more terms per component"},
		{Name: "laplacian", Area: "calculus", Steps: true, gen: genLaplacian,
			Description: "Laplacian of a function of x, y and z",
			Extrapolate: "more terms and higher powers"},
		{Name: "jacobian", Area: "calculus", Steps: true, gen: genJacobian,
			Description: "Jacobian matrix of a map from R^n to R^n (n = 2, 3)",
			Extrapolate: "three variables always and more terms"},
		{Name: "jacobian_determinant", Area: "calculus", Steps: true, gen: genJacobianDet,
			Description: "Jacobian determinant of a polynomial map of the plane",
			Extrapolate: "higher degrees"},
		{Name: "hessian", Area: "calculus", gen: genHessian,
			Description: "Hessian matrix of a function of two or three variables",
			Extrapolate: "three variables and more terms"},
		{Name: "directional_derivative", Area: "calculus", Steps: true, gen: genDirectional,
			Description: "Directional derivative of a polynomial at a point along a unit vector",
			Extrapolate: "higher degrees and larger points"},
		{Name: "integral_polynomial", Area: "calculus", Steps: true, gen: genIntPoly,
			Description: "Antiderivative F of a polynomial with F(0) = 0 (power rule)",
			Extrapolate: "higher degrees and fractional coefficients"},
		{Name: "integral_definite_polynomial", Area: "calculus", Steps: true, gen: genIntDefPoly,
			Description: "Definite integral of a polynomial",
			Extrapolate: "higher degrees and wider intervals"},
		{Name: "integral_rational", Area: "calculus", Steps: true, gen: genIntRational,
			Description: "Definite integral of a rational function by partial fractions (logarithms and arctangents)",
			Extrapolate: "more factors in the denominator and wider intervals"},
		{Name: "integral_parts_exp", Area: "calculus", Steps: true, gen: genIntPartsExp,
			Description: "Antiderivative F of P(x) e^{ax} with F(0) = 0 (integration by parts)",
			Extrapolate: "higher-degree polynomials"},
		{Name: "integral_parts_trig", Area: "calculus", Steps: true, gen: genIntPartsTrig,
			Description: "Antiderivative F of P(x) sin(ax) or P(x) cos(ax) with F(0) = 0 (integration by parts)",
			Extrapolate: "higher-degree polynomials"},
		{Name: "integral_exp_trig", Area: "calculus", gen: genIntExpTrig,
			Description: "Antiderivative F of e^{ax} sin(bx) or e^{ax} cos(bx) with F(0) = 0",
			Extrapolate: "larger a and b"},
		{Name: "integral_substitution", Area: "calculus", Steps: true, gen: genIntSubst,
			Description: "Antiderivative F with F(0) = 0 by the substitution u = g(x)",
			Extrapolate: "inner polynomials of higher degree"},
		{Name: "arclength", Area: "calculus", Steps: true, gen: genArclength,
			Description: "Arclength of a curve y = f(x) on an interval, exactly",
			Extrapolate: "higher powers and longer intervals"},
		{Name: "area_between_curves", Area: "calculus", Steps: true, gen: genAreaBetween,
			Description: "Area enclosed between two polynomial curves",
			Extrapolate: "cubic differences with three crossings and larger roots"},
		{Name: "volume_revolution", Area: "calculus", Steps: true, gen: genVolumeRevolution,
			Description: "Volume of the solid of revolution about the x-axis (disk method)",
			Extrapolate: "higher-degree polynomials and wider intervals"},
		{Name: "limit_rational", Area: "calculus", Steps: true, gen: genLimitRational,
			Description: "Limit of a rational function at a removable singularity",
			Extrapolate: "higher degrees"},
		{Name: "limit_infinity", Area: "calculus", gen: genLimitInfinity,
			Description: "Limit of a rational function as x goes to infinity",
			Extrapolate: "higher degrees and larger coefficients"},
		{Name: "critical_points", Area: "calculus", Steps: true, gen: genCriticalPoints,
			Description: "Critical points of a cubic polynomial",
			Extrapolate: "larger and fractional critical points"},
		{Name: "local_maximum", Area: "calculus", gen: genLocalMax,
			Description: "Local maximum value of a cubic polynomial",
			Extrapolate: "larger critical points"},
		{Name: "taylor_coefficient", Area: "calculus", gen: genTaylor,
			Description: "A coefficient of the Maclaurin series of P(x) e^{ax} or P(x) sin(ax)",
			Extrapolate: "higher orders and larger a"},
		{Name: "average_value", Area: "calculus", gen: genAverageValue,
			Description: "Average value of a polynomial on an interval",
			Extrapolate: "higher degrees and wider intervals"},
	} {
		register(m)
	}
}

// elem draws a simple elementary function of x: the building blocks of the
// derivative exercises.
func (g *G) elem(kind string) cas.Expr {
	b := g.ByLevel(2, 3, 4, 5, 6)
	k := g.NZ(-b, b)
	switch kind {
	case "poly":
		return cas.FromPoly(g.randPoly(1+g.IntN(int(min(g.ByLevel(1, 2, 2, 3, 3), 5))), b), "x")
	case "sin":
		return cas.Call("sin", cas.Product(e(abs64(k)), X))
	case "cos":
		return cas.Call("cos", cas.Product(e(abs64(k)), X))
	case "exp":
		return cas.Call("exp", cas.Product(e(k), X))
	case "ln":
		return cas.Call("ln", cas.Sum(cas.Power(X, e(2)), e(g.Int(1, b))))
	case "sqrt":
		return cas.Sqrt(cas.Sum(cas.Product(e(abs64(k)), X), e(g.Int(1, b))))
	case "atan":
		return cas.Call("arctan", cas.Product(e(abs64(k)), X))
	}
	return cas.Power(X, e(g.Int(2, 3+b)))
}

// setSteps adds "f'(x) = ..." style derivative steps.
func derivTeX(name string, v cas.Expr) string { return m(name + " = " + tex(v)) }

func genDerivPoly(g *G) (*Problem, error) {
	P := g.randPoly(int(g.ByLevel(2, 3, 4, 5, 5, 7)), g.ByLevel(4, 6, 8, 9, 10))
	f := cas.FromPoly(P, "x")
	df := cas.D(f, "x")
	p := &Problem{Problem: "Differentiate " + fx("f", f) + "."}
	var parts []string
	for i := P.Deg(); i >= 1; i-- {
		if c := P.Coef(i); !c.IsZero() {
			t := cas.Product(cas.N(c), cas.Power(X, e(int64(i))))
			parts = append(parts, m(`\frac{d}{dx}\left(`+tex(t)+`\right) = `+tex(cas.D(t, "x"))))
		}
	}
	p.Steps = []string{"Differentiate term by term with the power rule: " + strings.Join(parts, ", ") + "; the constant term contributes 0."}
	p.setExpr(df)
	p.sym("f", py(f))
	p.Check = func() error {
		got, ok := cas.ToPoly(df, "x")
		if !ok || !got.Equal(P.Deriv()) {
			return errf("the rule-based derivative differs from the coefficient formula")
		}
		return checkDerivNumeric(f, df, "x", "x")
	}
	return p, nil
}

func (g *G) twoKinds() (string, string) {
	kinds := []string{"sin", "cos", "exp", "ln", "sqrt", "atan", "pow"}
	a := "poly"
	if g.Level >= 3 && g.IntN(3) == 0 {
		a = kinds[g.IntN(len(kinds))]
	}
	bk := kinds[g.IntN(len(kinds))]
	for bk == a {
		bk = kinds[g.IntN(len(kinds))]
	}
	return a, bk
}

func genDerivProduct(g *G) (*Problem, error) {
	ka, kb := g.twoKinds()
	f, h := g.elem(ka), g.elem(kb)
	df, dh := cas.D(f, "x"), cas.D(h, "x")
	prod := cas.Product(f, h)
	ans := cas.Sum(cas.Product(df, h), cas.Product(f, dh))
	p := &Problem{Problem: "Find the derivative of " + m("f(x) = "+tex(prod)) + "."}
	p.Steps = []string{
		"Write " + m("f = u v") + " with " + derivTeX("u", f) + " and " + derivTeX("v", h) + "; then " + derivTeX("u'", df) + " and " + derivTeX("v'", dh) + ".",
		"By the product rule, " + m("f' = u'v + uv' = "+tex(ans)) + ".",
	}
	p.setExpr(ans)
	p.sym("f", py(prod))
	p.Check = func() error {
		if err := sameExpr(ans, cas.D(prod, "x"), "x"); err != nil {
			return err
		}
		return checkDerivNumeric(prod, ans, "x", "x")
	}
	return p, nil
}

func genDerivQuotient(g *G) (*Problem, error) {
	ka, kb := g.twoKinds()
	f := g.elem(ka)
	h := cas.FromPoly(g.randPoly(1+g.IntN(2), g.ByLevel(2, 3, 4, 5, 6)), "x")
	if g.Bool() {
		f, h = g.elem(kb), cas.FromPoly(g.randPoly(1+g.IntN(2), 3), "x")
	}
	if _, ok := cas.ToPoly(h, "x"); !ok {
		return nil, errf("denominator: not a polynomial")
	}
	df, dh := cas.D(f, "x"), cas.D(h, "x")
	num := cas.Diff(cas.Product(df, h), cas.Product(f, dh))
	if _, ok := cas.ToPoly(num, "x"); ok {
		num = cas.Expand(num)
	}
	ans := cas.Quot(num, cas.Power(h, e(2)))
	quo := cas.Quot(f, h)
	if _, ok := cas.ToPoly(num, "x"); !ok {
		ans = cas.D(quo, "x")
	}
	p := &Problem{Problem: "Find the derivative of " + m("f(x) = "+`\frac{`+tex(f)+"}{"+tex(h)+"}") + "."}
	p.Steps = []string{
		"Write " + m(`f = \frac{u}{v}`) + " with " + derivTeX("u", f) + " and " + derivTeX("v", h) + "; then " + derivTeX("u'", df) + " and " + derivTeX("v'", dh) + ".",
		"By the quotient rule, " + m(`f' = \frac{u'v - uv'}{v^{2}}`) + ", with numerator " + m(tex(num)) + "; so " + m("f'(x) = "+tex(ans)) + ".",
	}
	p.setExpr(ans)
	p.sym("f", py(quo))
	p.Check = func() error {
		if err := sameExpr(ans, cas.D(quo, "x"), "x"); err != nil {
			return err
		}
		return checkDerivNumeric(quo, ans, "x", "x")
	}
	return p, nil
}

func genDerivChain(g *G) (*Problem, error) {
	inner := cas.FromPoly(g.randPoly(1+g.IntN(int(min(g.ByLevel(1, 2, 2, 2, 3), 3))), g.ByLevel(2, 3, 4, 5, 6)), "x")
	if g.Split == Extrapolate && g.Bool() {
		inner = cas.Call("sin", inner) // a third level of nesting
	}
	outer := []string{"sin", "cos", "exp", "pow", "sqrt", "atan", "ln"}[g.IntN(7)]
	var f, dOuter cas.Expr
	u := cas.V("u")
	switch outer {
	case "pow":
		n := g.Int(2, g.ByLevel(3, 4, 5, 6, 7))
		f, dOuter = cas.Power(inner, e(n)), cas.Product(e(n), cas.Power(u, e(n-1)))
		if _, ok := inner.(*cas.Add); !ok {
			// A monomial inside: (2x)^2 is 4x^{2}, derivative_polynomial's
			// problem, with no composition left.
			return nil, errf("trivial: the power of a monomial is a monomial")
		}
	case "sqrt":
		inner = cas.Sum(cas.Power(inner, e(2)), e(g.Int(1, 5))) // positive inside
		f, dOuter = cas.Sqrt(inner), cas.Product(cas.F(1, 2), cas.Power(u, cas.F(-1, 2)))
	case "atan":
		f, dOuter = cas.Call("arctan", inner), cas.Power(cas.Sum(e(1), cas.Power(u, e(2))), e(-1))
	case "ln":
		inner = cas.Sum(cas.Power(inner, e(2)), e(g.Int(1, 5)))
		f, dOuter = cas.Call("ln", inner), cas.Power(u, e(-1))
	default:
		f = cas.Call(outer, inner)
		dOuter = cas.D(cas.Call(outer, u), "u")
	}
	di := cas.D(inner, "x")
	ans := cas.Product(cas.Subst(dOuter, "u", inner), di)
	p := &Problem{Problem: "Differentiate " + fx("f", f) + "."}
	p.Steps = []string{
		"Let " + m("u = "+tex(inner)) + ", so " + m(`\frac{du}{dx} = `+tex(di)) + " and the outer derivative is " + m(tex(dOuter)) + ".",
		"By the chain rule, " + m(`f'(x) = `+tex(ans)) + ".",
	}
	p.setExpr(ans)
	p.sym("f", py(f))
	p.Check = func() error {
		if err := sameExpr(ans, cas.D(f, "x"), "x"); err != nil {
			return err
		}
		return checkDerivNumeric(f, ans, "x", "x")
	}
	return p, nil
}

func genDerivSecond(g *G) (*Problem, error) {
	ka, kb := g.twoKinds()
	f := cas.Product(g.elem(ka), g.elem(kb))
	d2 := cas.D(cas.D(f, "x"), "x")
	p := &Problem{Problem: "Find the second derivative of " + fx("f", f) + "."}
	p.setExpr(d2)
	p.sym("f", py(f))
	p.Check = func() error {
		for _, x0 := range []float64{0.37, 1.13, 0.71} {
			h := 1e-4
			num := (at(f, x0+h) - 2*at(f, x0) + at(f, x0-h)) / (h * h)
			if !nearTol(at(d2, x0), num, 1e-4) {
				return errf("second differences give %v, the answer %v at %v", num, at(d2, x0), x0)
			}
		}
		return nil
	}
	return p, nil
}

func genDerivAtPoint(g *G) (*Problem, error) {
	b := g.ByLevel(3, 4, 5, 6, 7)
	N := g.randPoly(1+g.IntN(int(g.ByLevel(1, 2, 2, 3, 3))), b)
	D := g.randPoly(1+g.IntN(2), b)
	a := g.Int(-b, b)
	if D.Eval(q(a)).IsZero() {
		return nil, errf("pole: at the point")
	}
	f := cas.Quot(cas.FromPoly(N, "x"), cas.FromPoly(D, "x"))
	df := cas.D(f, "x")
	val := cas.Subst(df, "x", e(a))
	v, ok := cas.IsNum(val)
	if !ok {
		return nil, errf("value: not rational")
	}
	p := &Problem{Problem: "Let " + m("f(x) = "+`\frac{`+ptex(N)+"}{"+ptex(D)+"}") + ". Find " + m("f'("+itoa(a)+")") + "."}
	p.Steps = []string{
		"By the quotient rule, " + m(`f'(x) = \frac{`+tex(cas.Expand(cas.Diff(cas.Product(cas.FromPoly(N.Deriv(), "x"), cas.FromPoly(D, "x")), cas.Product(cas.FromPoly(N, "x"), cas.FromPoly(D.Deriv(), "x")))))+`}{\left(`+ptex(D)+`\right)^{2}}`) + ".",
		"At " + m("x = "+itoa(a)) + " the numerator is " + m(N.Deriv().Eval(q(a)).Mul(D.Eval(q(a))).Sub(N.Eval(q(a)).Mul(D.Deriv().Eval(q(a)))).TeX()) +
			" and the denominator " + m(D.Eval(q(a)).Mul(D.Eval(q(a))).TeX()) + ".",
	}
	p.setNum(v)
	p.sym("f", py(f))
	p.sym("a", itoa(a))
	p.Check = func() error {
		r := cas.NewRatFunc(N, D).Deriv()
		w, ok := r.Eval(q(a))
		if !ok || !w.Equal(v) {
			return errf("the rational-function derivative gives another value")
		}
		return nil
	}
	return p, nil
}

func genTangentLine(g *G) (*Problem, error) {
	b := g.ByLevel(3, 4, 5, 6, 7)
	P := g.randPoly(int(g.ByLevel(2, 2, 3, 3, 4, 5)), b)
	a := g.Int(-b/2-1, b/2+1)
	slope := P.Deriv().Eval(q(a))
	y0 := P.Eval(q(a))
	icpt := y0.Sub(slope.MulInt(a))
	line := cas.Sum(cas.Product(cas.N(slope), X), cas.N(icpt))
	p := &Problem{Problem: "Find the equation of the tangent line to " + m("y = "+ptex(P)) + " at " + m("x = "+itoa(a)) + "."}
	p.Steps = []string{
		"The point of tangency is " + m(`\left(`+itoa(a)+", "+y0.TeX()+`\right)`) + ".",
		"The slope is " + m("y'("+itoa(a)+") = "+slope.TeX()) + ", from " + m("y' = "+ptex(P.Deriv())) + ".",
		pointSlope(slope, q(a), y0, line),
	}
	p.setEquation(cas.V("y"), line)
	p.sym("f", ppy(P))
	p.sym("a", itoa(a))
	p.Check = func() error {
		// the line touches the curve: P - line has a double root at a
		diff := P.Sub(cas.NewPoly(icpt, slope))
		sq := monicLinear(q(a)).Pow(2)
		if _, r := diff.DivMod(sq); !r.IsZero() {
			return errf("the line is not tangent at x = %d", a)
		}
		return nil
	}
	return p, nil
}

// multiTerm draws a term of a function of the variables.
func (g *G) multiTerm(vars []string) cas.Expr {
	b := g.ByLevel(2, 3, 4, 5, 6)
	c := g.NZ(-b, b)
	vs := make([]cas.Expr, len(vars))
	for i, v := range vars {
		vs[i] = cas.V(v)
	}
	pick := func() cas.Expr { return vs[g.IntN(len(vs))] }
	switch g.IntN(6) {
	case 0, 1: // monomial
		f := []cas.Expr{e(c)}
		for i := 0; i < 1+g.IntN(3); i++ {
			f = append(f, cas.Power(pick(), e(g.Int(1, min(g.ByLevel(2, 3, 3, 4, 4), 5)))))
		}
		return cas.Product(f...)
	case 2:
		return cas.Product(e(c), cas.Call(g.Pick("sin", "cos"), cas.Product(pick(), pick())))
	case 3:
		return cas.Product(e(c), cas.Call("exp", cas.Product(e(g.NZ(-2, 2)), pick(), pick())))
	case 4:
		return cas.Product(e(c), pick(), cas.Call("ln", cas.Sum(cas.Power(pick(), e(2)), e(1))))
	}
	return cas.Product(e(c), cas.Sqrt(cas.Sum(cas.Power(pick(), e(2)), cas.Power(pick(), e(2)), e(1))))
}

func (g *G) multiFunc(vars []string, n int) cas.Expr {
	ts := make([]cas.Expr, n)
	for i := range ts {
		ts[i] = g.multiTerm(vars)
	}
	return cas.Sum(ts...)
}

// smoothFunc draws a function of the variables from monomials and
// sin, cos and exp of products: the pool of the second-derivative
// exercises, where logarithms and square roots would make answers of pages.
func (g *G) smoothFunc(vars []string, n int) cas.Expr {
	ts := make([]cas.Expr, n)
	for i := range ts {
		for {
			t := g.multiTerm(vars)
			if !strings.Contains(t.Key(), "ln(") && !strings.Contains(t.Key(), "1/2") {
				ts[i] = t
				break
			}
		}
	}
	return cas.Sum(ts...)
}

func nTerms(g *G) int { return int(min(g.ByLevel(2, 2, 3, 3, 3, 4), 5)) }

var xyz = []string{"x", "y", "z"}

func genPartial(g *G) (*Problem, error) {
	vars := xyz[:2+g.IntN(2)]
	f := g.multiFunc(vars, nTerms(g))
	v := vars[g.IntN(len(vars))]
	d := cas.D(f, v)
	if q, ok := cas.IsNum(d); ok && q.IsZero() {
		return nil, errf("trivial: the function does not depend on %s", v)
	}
	p := &Problem{Problem: "Find " + m(`\frac{\partial f}{\partial `+v+"}") + " for " + m("f("+strings.Join(vars, ", ")+") = "+tex(f)) + "."}
	p.setExpr(d)
	p.sym("f", py(f))
	p.sym("v", v)
	p.Check = func() error { return checkDerivNumeric(f, d, v, "x", "y", "z") }
	return p, nil
}

func genMixedPartial(g *G) (*Problem, error) {
	f := g.smoothFunc([]string{"x", "y"}, nTerms(g))
	dxy := cas.D(cas.D(f, "x"), "y")
	if q, ok := cas.IsNum(dxy); ok && q.IsZero() {
		return nil, errf("trivial: zero mixed partial")
	}
	p := &Problem{Problem: "Find " + m(`\frac{\partial^{2} f}{\partial x\,\partial y}`) + " for " + m("f(x, y) = "+tex(f)) + "."}
	p.setExpr(dxy)
	p.sym("f", py(f))
	p.Check = func() error {
		// Clairaut: the other order gives the same function; and differences of f_x
		if err := sameExpr(dxy, cas.D(cas.D(f, "y"), "x"), "x", "y"); err != nil {
			return err
		}
		return checkDerivNumeric(cas.D(f, "x"), dxy, "y", "x", "y")
	}
	return p, nil
}

func genGradient(g *G) (*Problem, error) {
	f := g.multiFunc(xyz, nTerms(g))
	var comps []cas.Expr
	p := &Problem{Problem: "Find the gradient of " + m("f(x, y, z) = "+tex(f)) + "."}
	for _, v := range xyz {
		d := cas.D(f, v)
		comps = append(comps, d)
		p.Steps = append(p.Steps, m(`\frac{\partial f}{\partial `+v+"} = "+tex(d))+".")
	}
	p.setTuple(comps...)
	p.sym("f", py(f))
	p.Check = func() error {
		for i, v := range xyz {
			if err := checkDerivNumeric(f, comps[i], v, "x", "y", "z"); err != nil {
				return err
			}
		}
		return nil
	}
	return p, nil
}

func (g *G) field() []cas.Expr {
	n := int(min(g.ByLevel(1, 1, 2, 2, 2, 3), 4))
	return []cas.Expr{g.multiFunc(xyz, n), g.multiFunc(xyz, n), g.multiFunc(xyz, n)}
}

func fieldTeX(F []cas.Expr) string {
	return m(`\mathbf{F}(x, y, z) = \left(` + tex(F[0]) + ", " + tex(F[1]) + ", " + tex(F[2]) + `\right)`)
}

func genDivergence(g *G) (*Problem, error) {
	F := g.field()
	var parts []cas.Expr
	p := &Problem{Problem: "Find the divergence of " + fieldTeX(F) + "."}
	for i, v := range xyz {
		d := cas.D(F[i], v)
		parts = append(parts, d)
		p.Steps = append(p.Steps, m(`\frac{\partial F_{`+itoa(int64(i+1))+`}}{\partial `+v+"} = "+tex(d))+".")
	}
	div := cas.Sum(parts...)
	p.setExpr(div)
	p.sym("F", "["+py(F[0])+", "+py(F[1])+", "+py(F[2])+"]")
	p.Check = func() error {
		env := map[string]float64{"x": 0.61, "y": 1.27, "z": 0.43}
		s := 0.0
		for i, v := range xyz {
			s += numDeriv(F[i], v, env)
		}
		if !nearTol(s, cas.Eval(div, env), 1e-5) {
			return errf("differences give %v", s)
		}
		return nil
	}
	return p, nil
}

func genCurl(g *G) (*Problem, error) {
	F := g.field()
	d := func(i int, v string) cas.Expr { return cas.D(F[i], v) }
	c := []cas.Expr{cas.Diff(d(2, "y"), d(1, "z")), cas.Diff(d(0, "z"), d(2, "x")), cas.Diff(d(1, "x"), d(0, "y"))}
	p := &Problem{Problem: "Find the curl of " + fieldTeX(F) + "."}
	names := [][4]string{{"3", "y", "2", "z"}, {"1", "z", "3", "x"}, {"2", "x", "1", "y"}}
	for i, nm := range names {
		p.Steps = append(p.Steps, "Component "+itoa(int64(i+1))+": "+m(`\frac{\partial F_{`+nm[0]+`}}{\partial `+nm[1]+`} - \frac{\partial F_{`+nm[2]+`}}{\partial `+nm[3]+`} = `+tex(c[i]))+".")
	}
	p.setTuple(c...)
	p.sym("F", "["+py(F[0])+", "+py(F[1])+", "+py(F[2])+"]")
	p.Check = func() error {
		env := map[string]float64{"x": 0.61, "y": 1.27, "z": 0.43}
		nd := func(i int, v string) float64 { return numDeriv(F[i], v, env) }
		want := []float64{nd(2, "y") - nd(1, "z"), nd(0, "z") - nd(2, "x"), nd(1, "x") - nd(0, "y")}
		for i := range c {
			if !nearTol(cas.Eval(c[i], env), want[i], 1e-5) {
				return errf("component %d: differences give %v", i+1, want[i])
			}
		}
		return nil
	}
	return p, nil
}

func genLaplacian(g *G) (*Problem, error) {
	f := g.smoothFunc(xyz, nTerms(g))
	var parts []cas.Expr
	p := &Problem{Problem: "Find the Laplacian of " + m("f(x, y, z) = "+tex(f)) + "."}
	for _, v := range xyz {
		d2 := cas.D(cas.D(f, v), v)
		parts = append(parts, d2)
		p.Steps = append(p.Steps, m(`\frac{\partial^{2} f}{\partial `+v+"^{2}} = "+tex(d2))+".")
	}
	lap := cas.Sum(parts...)
	p.setExpr(lap)
	p.sym("f", py(f))
	p.Check = func() error {
		// div grad f, computed as a divergence of the gradient, and second differences
		var grad []cas.Expr
		for _, v := range xyz {
			grad = append(grad, cas.D(f, v))
		}
		env := map[string]float64{"x": 0.61, "y": 1.27, "z": 0.43}
		s := 0.0
		for i, v := range xyz {
			s += numDeriv(grad[i], v, env)
		}
		if !nearTol(s, cas.Eval(lap, env), 1e-5) {
			return errf("div grad f gives %v", s)
		}
		return nil
	}
	return p, nil
}

func genJacobian(g *G) (*Problem, error) {
	n := 2
	if g.Level >= 3 || g.Split == Extrapolate {
		n = 3
	}
	vars := xyz[:n]
	fs := make([]cas.Expr, n)
	for i := range fs {
		fs[i] = g.multiFunc(vars, int(min(g.ByLevel(1, 1, 2, 2, 2, 3), 3)))
	}
	rows := make([][]cas.Expr, n)
	names := []string{"u", "v", "w"}
	var comps []string
	for i := range fs {
		comps = append(comps, names[i]+" = "+tex(fs[i]))
	}
	p := &Problem{Problem: "Find the Jacobian matrix of the map " + m(strings.Join(comps, `,\; `)) + " with respect to " + m(strings.Join(vars, ", ")) + "."}
	for i := range fs {
		rows[i] = make([]cas.Expr, n)
		var ds []string
		for j, v := range vars {
			rows[i][j] = cas.D(fs[i], v)
			ds = append(ds, m(`\frac{\partial `+names[i]+`}{\partial `+v+"} = "+tex(rows[i][j])))
		}
		p.Steps = append(p.Steps, "Row "+itoa(int64(i+1))+": "+strings.Join(ds, ", ")+".")
	}
	p.setMatrix(rows)
	var pys []string
	for _, f := range fs {
		pys = append(pys, py(f))
	}
	p.sym("F", "["+strings.Join(pys, ", ")+"]")
	p.sym("vars", strings.Join(vars, " "))
	p.Check = func() error {
		for i := range fs {
			for j, v := range vars {
				if err := checkDerivNumeric(fs[i], rows[i][j], v, "x", "y", "z"); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return p, nil
}

func genJacobianDet(g *G) (*Problem, error) {
	b := g.ByLevel(2, 3, 3, 4, 5)
	deg := g.ByLevel(2, 2, 2, 3, 3)
	mk := func() cas.Expr {
		var ts []cas.Expr
		for i := 0; i < 2+g.IntN(2); i++ {
			ts = append(ts, cas.Product(e(g.NZ(-b, b)), cas.Power(X, e(g.Int(0, deg))), cas.Power(Y, e(g.Int(0, deg)))))
		}
		return cas.Sum(ts...)
	}
	u, v := mk(), mk()
	ux, uy, vx, vy := cas.D(u, "x"), cas.D(u, "y"), cas.D(v, "x"), cas.D(v, "y")
	det := cas.Expand(cas.Diff(cas.Product(ux, vy), cas.Product(uy, vx)))
	if q, ok := cas.IsNum(det); ok && q.IsZero() {
		return nil, errf("trivial: zero determinant")
	}
	p := &Problem{Problem: "Find the Jacobian determinant " + m(`\frac{\partial(u, v)}{\partial(x, y)}`) + " of " + m("u = "+tex(u)) + ", " + m("v = "+tex(v)) + "."}
	p.Steps = []string{
		"The partial derivatives are " + m("u_{x} = "+tex(ux)) + ", " + m("u_{y} = "+tex(uy)) + ", " + m("v_{x} = "+tex(vx)) + " and " + m("v_{y} = "+tex(vy)) + ".",
		"The determinant is " + m("u_{x}v_{y} - u_{y}v_{x} = "+tex(det)) + ".",
	}
	p.setExpr(det)
	p.sym("u", py(u))
	p.sym("v", py(v))
	p.Check = func() error {
		env := map[string]float64{"x": 0.83, "y": 1.19}
		j := numDeriv(u, "x", env)*numDeriv(v, "y", env) - numDeriv(u, "y", env)*numDeriv(v, "x", env)
		if !nearTol(j, cas.Eval(det, env), 1e-5) {
			return errf("numeric Jacobian determinant %v", j)
		}
		return nil
	}
	return p, nil
}

func genHessian(g *G) (*Problem, error) {
	n := 2
	if g.Level >= 4 || g.Split == Extrapolate {
		n = 3
	}
	vars := xyz[:n]
	f := g.smoothFunc(vars, nTerms(g))
	rows := make([][]cas.Expr, n)
	for i, a := range vars {
		rows[i] = make([]cas.Expr, n)
		for j, b := range vars {
			rows[i][j] = cas.D(cas.D(f, a), b)
		}
	}
	p := &Problem{Problem: "Find the Hessian matrix of " + m("f("+strings.Join(vars, ", ")+") = "+tex(f)) + "."}
	p.setMatrix(rows)
	p.sym("f", py(f))
	p.sym("vars", strings.Join(vars, " "))
	p.Check = func() error {
		for i, a := range vars {
			for j, b := range vars {
				if err := checkDerivNumeric(cas.D(f, a), rows[i][j], b, "x", "y", "z"); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return p, nil
}

var pythagorean = [][3]int64{{3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {7, 24, 25}, {20, 21, 29}, {1, 0, 1}, {0, 1, 1}}

func genDirectional(g *G) (*Problem, error) {
	b := g.ByLevel(2, 3, 4, 5, 6)
	var ts []cas.Expr
	for i := 0; i < 2+g.IntN(2); i++ {
		ts = append(ts, cas.Product(e(g.NZ(-b, b)), cas.Power(X, e(g.Int(0, 3))), cas.Power(Y, e(g.Int(0, 3)))))
	}
	f := cas.Sum(ts...)
	px, py0 := g.Int(-b, b), g.Int(-b, b)
	t := pythagorean[g.IntN(5)]
	ux, uy := qf(g.Sign()*t[0], t[2]), qf(g.Sign()*t[1], t[2])
	fx0 := cas.Subst(cas.Subst(cas.D(f, "x"), "x", e(px)), "y", e(py0))
	fy0 := cas.Subst(cas.Subst(cas.D(f, "y"), "x", e(px)), "y", e(py0))
	gx, ok1 := cas.IsNum(fx0)
	gy, ok2 := cas.IsNum(fy0)
	if !ok1 || !ok2 {
		return nil, errf("value: not rational")
	}
	ans := gx.Mul(ux).Add(gy.Mul(uy))
	p := &Problem{Problem: "Find the directional derivative of " + m("f(x, y) = "+tex(f)) + " at " + m(`\left(`+itoa(px)+", "+itoa(py0)+`\right)`) +
		" in the direction of the unit vector " + m(`\left(`+ux.TeX()+", "+uy.TeX()+`\right)`) + "."}
	p.Steps = []string{
		"The gradient at the point is " + m(`\left(`+gx.TeX()+", "+gy.TeX()+`\right)`) + ", from " + m("f_{x} = "+tex(cas.D(f, "x"))) + " and " + m("f_{y} = "+tex(cas.D(f, "y"))) + ".",
		"Its dot product with the direction is " + m(gx.TeX()+`\cdot `+paren(ux)+" + "+paren(gy)+`\cdot `+paren(uy)+" = "+ans.TeX()) + ".",
	}
	p.setNum(ans)
	p.sym("f", py(f))
	p.sym("point", "["+itoa(px)+", "+itoa(py0)+"]")
	p.sym("u", "["+pyQ(ux)+", "+pyQ(uy)+"]")
	p.Check = func() error {
		h := 1e-6
		env := func(s float64) map[string]float64 {
			return map[string]float64{"x": float64(px) + s*ux.Float(), "y": float64(py0) + s*uy.Float()}
		}
		num := (cas.Eval(f, env(h)) - cas.Eval(f, env(-h))) / (2 * h)
		if !nearTol(num, ans.Float(), 1e-5) {
			return errf("differences along the direction give %v", num)
		}
		return nil
	}
	return p, nil
}

// ---- integrals ----

func genIntPoly(g *G) (*Problem, error) {
	P := g.randPoly(int(g.ByLevel(1, 2, 3, 4, 5, 7)), g.ByLevel(4, 6, 8, 9, 10))
	if g.Split == Extrapolate {
		P = P.Scale(qf(1, g.Int(2, 5)))
	}
	f := cas.FromPoly(P, "x")
	F, err := cas.Integrate(f, "x")
	if err != nil {
		return nil, err
	}
	p := &Problem{Problem: "Find the antiderivative " + m("F") + " of " + fx("f", f) + " with " + m("F(0) = 0") + "."}
	var parts []string
	for i := P.Deg(); i >= 0; i-- {
		if c := P.Coef(i); !c.IsZero() {
			t := cas.Product(cas.N(c), cas.Power(X, e(int64(i))))
			it, _ := cas.Integrate(t, "x")
			parts = append(parts, m(`\int `+tex(t)+`\,dx = `+tex(it)))
		}
	}
	p.Steps = []string{"Integrate term by term with the power rule: " + strings.Join(parts, ", ") + "; the constant is 0 because " + m("F(0) = 0") + "."}
	p.setExpr(F)
	p.sym("f", py(f))
	p.Check = func() error {
		got, ok := cas.ToPoly(F, "x")
		if !ok || !got.Equal(P.Integral()) || !got.Deriv().Equal(P) {
			return errf("the antiderivative does not differentiate back")
		}
		return nil
	}
	return p, nil
}

func genIntDefPoly(g *G) (*Problem, error) {
	P := g.randPoly(int(g.ByLevel(1, 2, 2, 3, 4, 5)), g.ByLevel(4, 5, 6, 8, 9))
	a := g.Int(-g.ByLevel(2, 3, 3, 4, 5), g.ByLevel(1, 2, 2, 3, 3))
	b := a + g.Int(1, g.ByLevel(2, 3, 4, 4, 5))
	F := P.Integral()
	v := F.Eval(q(b)).Sub(F.Eval(q(a)))
	p := &Problem{Problem: "Evaluate " + m(`\int_{`+itoa(a)+"}^{"+itoa(b)+`} \left(`+ptex(P)+`\right)\,dx`) + "."}
	p.Steps = []string{
		"An antiderivative is " + m("F(x) = "+ptex(F)) + ".",
		m("F("+itoa(b)+") = "+F.Eval(q(b)).TeX()) + " and " + m("F("+itoa(a)+") = "+F.Eval(q(a)).TeX()) + ", so the integral is " + m(v.TeX()) + ".",
	}
	p.setNum(v)
	p.sym("f", ppy(P))
	p.sym("a", itoa(a))
	p.sym("b", itoa(b))
	p.Check = func() error { return checkIntegral(P.EvalFloat, float64(a), float64(b), cas.N(v)) }
	return p, nil
}

func genIntRational(g *G) (*Problem, error) {
	var f cas.Expr
	var lo, hi int64
	switch g.IntN(3) {
	case 0: // (px + q)/((x - r1)(x - r2)) on an interval right of both roots
		r1, r2 := g.Int(-4, 3), g.Int(-4, 3)
		for r2 == r1 {
			r2 = g.Int(-4, 3)
		}
		num := g.randPoly(g.IntN(2), g.ByLevel(3, 4, 5, 6, 7))
		den := monicLinear(q(r1)).Mul(monicLinear(q(r2)))
		if g.Level >= 4 {
			den = den.Mul(monicLinear(q(g.Int(-6, -5))))
		}
		f = cas.NewRatFunc(num, den).Expr("x")
		lo = max(r1, r2) + g.Int(1, 3)
		hi = lo + g.Int(1, g.ByLevel(2, 3, 4, 5, 6))
	case 1: // (px + q)/(x^2 + k^2) on [0, k] or [-k, k]
		k := g.Int(1, g.ByLevel(2, 3, 4, 5, 6))
		pp, qq := g.Int(-4, 4), g.NZ(-4, 4)
		f = cas.Quot(cas.Sum(cas.Product(e(pp), X), e(qq)), cas.Sum(cas.Power(X, e(2)), e(k*k)))
		lo, hi = 0, k
		if g.Bool() {
			lo = -k
		}
	default: // polynomial part plus a simple pole
		r := g.Int(-5, -1)
		num := g.randPoly(2, g.ByLevel(2, 3, 4, 5, 6))
		f = cas.NewRatFunc(num, monicLinear(q(r))).Expr("x")
		lo = g.Int(0, 2)
		hi = lo + g.Int(1, 4)
	}
	F, err := cas.Integrate(f, "x")
	if err != nil {
		return nil, err
	}
	v := cas.Diff(cas.Subst(F, "x", e(hi)), cas.Subst(F, "x", e(lo)))
	v = cas.Expand(v)
	if hasFnOtherThanLn(v) {
		return nil, errf("value: not in closed form")
	}
	p := &Problem{Problem: "Evaluate " + m(`\int_{`+itoa(lo)+"}^{"+itoa(hi)+`} `+tex(f)+`\,dx`) + "."}
	rf, _ := cas.ToRatFunc(f, "x")
	if pf, err := cas.Decompose(rf); err == nil && len(pf.Terms) > 0 {
		p.Steps = append(p.Steps, "By partial fractions, the integrand is "+m(pf.TeX("x"))+".")
	}
	p.Steps = append(p.Steps, "An antiderivative is "+m("F(x) = "+tex(F))+".",
		"So the integral is "+m("F("+itoa(hi)+") - F("+itoa(lo)+") = "+tex(v))+".")
	p.setExpr(v)
	p.sym("f", py(f))
	p.sym("a", itoa(lo))
	p.sym("b", itoa(hi))
	p.Check = func() error {
		if err := sameExpr(cas.D(F, "x"), f, "x"); err != nil {
			return err
		}
		return checkIntegral(func(x float64) float64 { return at(f, x) }, float64(lo), float64(hi), v)
	}
	return p, nil
}

func hasFnOtherThanLn(e cas.Expr) bool {
	bad := false
	var walk func(cas.Expr)
	walk = func(x cas.Expr) {
		switch t := x.(type) {
		case *cas.Fn:
			if t.Name != "ln" {
				bad = true
			}
			walk(t.Arg)
		case *cas.Add:
			for _, u := range t.Terms {
				walk(u)
			}
		case *cas.Mul:
			for _, u := range t.Factors {
				walk(u)
			}
		case *cas.Pow:
			walk(t.Base)
			walk(t.Exp)
		}
	}
	walk(e)
	return bad
}

// antiZero returns F - F(0) for an antiderivative F.
func antiZero(F cas.Expr) cas.Expr {
	return cas.Expand(cas.Diff(F, cas.Subst(F, "x", e(0))))
}

func checkAnti(F, f cas.Expr) error {
	if z, ok := cas.IsNum(cas.Subst(F, "x", e(0))); !ok || !z.IsZero() {
		if v := cas.Eval(F, map[string]float64{"x": 0}); math.Abs(v) > 1e-12 {
			return errf("F(0) = %v, not 0", v)
		}
	}
	if cas.Equal(cas.D(F, "x"), f) {
		return nil
	}
	return sameExpr(cas.D(F, "x"), f, "x")
}

func genIntPartsExp(g *G) (*Problem, error) {
	P := g.randPoly(int(g.ByLevel(1, 1, 2, 2, 3, 4)), g.ByLevel(2, 3, 4, 5, 6))
	a := g.NZ(-g.ByLevel(2, 2, 3, 3, 4), g.ByLevel(2, 2, 3, 3, 4))
	ex := cas.Call("exp", cas.Product(e(a), X))
	f := cas.Product(cas.FromPoly(P, "x"), ex)
	F0, err := cas.Integrate(f, "x")
	if err != nil {
		return nil, err
	}
	F := antiZero(F0)
	p := &Problem{Problem: "Find the antiderivative " + m("F") + " of " + fx("f", f) + " with " + m("F(0) = 0") + "."}
	p.Steps = append(p.Steps, "Integrate by parts repeatedly with "+m("u")+" the polynomial and "+m("dv = "+tex(ex)+`\,dx`)+
		" (the tabular method): each derivative "+m("u^{(k)}")+" contributes "+m(`\left(-1\right)^{k}\frac{u^{(k)}}{`+paren(q(a))+`^{k+1}}`+tex(ex))+".")
	d := P
	sign := q(1)
	var terms []cas.Expr
	for k := 0; !d.IsZero(); k++ {
		t := cas.Product(cas.N(sign.Div(q(a).PowInt(k+1))), cas.FromPoly(d, "x"))
		terms = append(terms, t)
		p.Steps = append(p.Steps, m("u^{("+itoa(int64(k))+")} = "+ptex(d))+" gives the term "+m(tex(cas.Product(t, ex)))+".")
		d = d.Deriv()
		sign = sign.Neg()
	}
	sum := cas.Product(ex, cas.Expand(cas.Sum(terms...)))
	p.Steps = append(p.Steps, "Together "+m(tex(sum))+"; its value at "+m("x = 0")+" is "+m(tex(cas.Subst(sum, "x", e(0))))+", which is subtracted so that "+m("F(0) = 0")+".")
	F1 := F
	p.Check = func() error {
		if err := sameExpr(antiZero(sum), F1, "x"); err != nil {
			return errf("the tabular sum differs from Integrate: %v", err)
		}
		return checkAnti(F1, f)
	}
	p.setExpr(F)
	p.sym("f", py(f))
	return p, nil
}

func genIntPartsTrig(g *G) (*Problem, error) {
	P := g.randPoly(int(g.ByLevel(1, 1, 2, 2, 3, 3)), g.ByLevel(2, 3, 4, 5, 6))
	a := g.Int(1, g.ByLevel(2, 2, 3, 4, 5))
	fn := g.Pick("sin", "cos")
	tr := cas.Call(fn, cas.Product(e(a), X))
	f := cas.Product(cas.FromPoly(P, "x"), tr)
	F0, err := cas.Integrate(f, "x")
	if err != nil {
		return nil, err
	}
	F := antiZero(F0)
	p := &Problem{Problem: "Find the antiderivative " + m("F") + " of " + fx("f", f) + " with " + m("F(0) = 0") + "."}
	// tabular method: antiderivatives of the trigonometric factor, alternating signs
	anti := []cas.Expr{tr}
	for k := 0; k <= P.Deg()+1; k++ {
		nxt, err := cas.Integrate(anti[len(anti)-1], "x")
		if err != nil {
			return nil, err
		}
		anti = append(anti, nxt)
	}
	d := P
	var terms []cas.Expr
	sign := int64(1)
	for k := 0; !d.IsZero(); k++ {
		t := cas.Product(e(sign), cas.FromPoly(d, "x"), anti[k+1])
		terms = append(terms, t)
		p.Steps = append(p.Steps, "By parts (tabular method), "+m("u^{("+itoa(int64(k))+")} = "+ptex(d))+" times the "+ordinalN(k+1)+" antiderivative "+
			m(tex(anti[k+1]))+" gives the term "+m(tex(t))+".")
		d = d.Deriv()
		sign = -sign
	}
	sum := cas.Sum(terms...)
	p.Steps = append(p.Steps, "Adding the terms, an antiderivative is "+m(tex(sum))+".")
	c0 := cas.Subst(sum, "x", e(0))
	if cas.Equal(c0, e(0)) {
		p.Steps = append(p.Steps, "It is already "+m("0")+" at "+m("x = 0")+", so it is "+m("F")+".")
	} else {
		p.Steps = append(p.Steps, "Its value at "+m("x = 0")+" is "+m(tex(c0))+"; subtracting it gives "+m("F(x) = "+tex(F))+".")
	}
	p.Check = func() error {
		if err := sameExpr(antiZero(sum), F, "x"); err != nil {
			return errf("the tabular sum differs from Integrate: %v", err)
		}
		return checkAnti(F, f)
	}
	p.setExpr(F)
	p.sym("f", py(f))
	return p, nil
}

func genIntExpTrig(g *G) (*Problem, error) {
	a := g.NZ(-g.ByLevel(3, 6, 12, 25, 50), g.ByLevel(3, 6, 12, 25, 50))
	b := g.Int(1, g.ByLevel(3, 6, 12, 25, 50))
	f := cas.Product(cas.Call("exp", cas.Product(e(a), X)), cas.Call(g.Pick("sin", "cos"), cas.Product(e(b), X)))
	F0, err := cas.Integrate(f, "x")
	if err != nil {
		return nil, err
	}
	F := antiZero(F0)
	p := &Problem{Problem: "Find the antiderivative " + m("F") + " of " + fx("f", f) + " with " + m("F(0) = 0") + "."}
	// Integrating by parts twice returns the integral itself:
	// int e^{ax} sin(bx) = e^{ax}(a sin(bx) - b cos(bx))/(a^2 + b^2),
	// int e^{ax} cos(bx) = e^{ax}(a cos(bx) + b sin(bx))/(a^2 + b^2).
	sinB, cosB := cas.Call("sin", cas.Product(e(b), X)), cas.Call("cos", cas.Product(e(b), X))
	inner := cas.Sum(cas.Product(e(a), sinB), cas.Product(e(-b), cosB))
	if strings.Contains(tex(f), `\cos`) {
		inner = cas.Sum(cas.Product(e(a), cosB), cas.Product(e(b), sinB))
	}
	p.Steps = []string{"Integrating by parts twice gives back the integral, so " +
		m(`\int f(x)\,dx = \frac{1}{`+itoa(a*a+b*b)+`} `+tex(cas.Call("exp", cas.Product(e(a), X)))+`\left(`+tex(inner)+`\right) + C`) + ".",
		"Then " + m("F(0) = 0") + " fixes " + m("C") + ": " + m("F(x) = "+tex(F)) + "."}
	p.setExpr(F)
	p.sym("f", py(f))
	p.Check = func() error { return checkAnti(F, f) }
	return p, nil
}

func genIntSubst(g *G) (*Problem, error) {
	inner := g.randPoly(int(g.ByLevel(2, 2, 2, 3, 3, 4)), g.ByLevel(2, 3, 3, 4, 5))
	gx := cas.FromPoly(inner, "x")
	dg := cas.FromPoly(inner.Deriv(), "x")
	c := qf(g.NZ(-3, 3), g.Int(1, 2))
	var outerOf, anti func(cas.Expr) cas.Expr
	switch g.IntN(4) {
	case 0:
		outerOf, anti = func(u cas.Expr) cas.Expr { return cas.Call("exp", u) }, func(u cas.Expr) cas.Expr { return cas.Call("exp", u) }
	case 1:
		outerOf, anti = func(u cas.Expr) cas.Expr { return cas.Call("sin", u) }, func(u cas.Expr) cas.Expr { return cas.Neg(cas.Call("cos", u)) }
	case 2:
		outerOf, anti = func(u cas.Expr) cas.Expr { return cas.Call("cos", u) }, func(u cas.Expr) cas.Expr { return cas.Call("sin", u) }
	default:
		n := g.Int(2, 5)
		outerOf = func(u cas.Expr) cas.Expr { return cas.Power(u, e(n)) }
		anti = func(u cas.Expr) cas.Expr { return cas.Product(cas.F(1, n+1), cas.Power(u, e(n+1))) }
	}
	outer, outerU := outerOf(gx), outerOf(cas.V("u"))
	f := cas.Product(cas.N(c), cas.Expand(dg), outer)
	F := cas.Diff(cas.Product(cas.N(c), anti(gx)), cas.Product(cas.N(c), anti(cas.Subst(gx, "x", e(0)))))
	p := &Problem{Problem: "Find the antiderivative " + m("F") + " of " + fx("f", f) + " with " + m("F(0) = 0") + "."}
	p.Steps = []string{
		"Substitute " + m("u = "+tex(gx)) + ", so " + m(`du = \left(`+tex(cas.Expand(dg))+`\right)dx`) + " and the integrand is " + m(tex(cas.Product(cas.N(c), outerU))+`\,du`) + ".",
		"Integrating in " + m("u") + " gives " + m(tex(cas.Product(cas.N(c), anti(cas.V("u"))))) + "; back in " + m("x") + " and with " + m("F(0) = 0") + ", " + m("F(x) = "+tex(F)) + ".",
	}
	p.setExpr(F)
	p.sym("f", py(f))
	p.Check = func() error {
		G, err := cas.Integrate(f, "x")
		if err != nil {
			return err
		}
		if err := sameExpr(antiZero(G), F, "x"); err != nil {
			return errf("Integrate gives another antiderivative: %v", err)
		}
		return checkAnti(F, f)
	}
	return p, nil
}

func genArclength(g *G) (*Problem, error) {
	var y cas.Expr
	var lo, hi int64
	var ans cas.Expr
	var key string // the step that turns the integrand into something integrable
	switch g.IntN(3) {
	case 0: // y' = u - 1/(4u), u = alpha x^m: 1 + y'^2 = (u + 1/(4u))^2
		mm := g.Int(1, g.ByLevel(2, 2, 3, 3, 4))
		alpha := []cas.Q{qf(1, 2), q(1), qf(1, 4), q(2)}[g.IntN(4)]
		beta := alpha.MulInt(4).Inv()
		u := cas.Product(cas.N(alpha), cas.Power(X, e(mm)))
		v := cas.Product(cas.N(beta), cas.Power(X, e(-mm)))
		Y, err := cas.Integrate(cas.Diff(u, v), "x")
		if err != nil {
			return nil, err
		}
		y = Y
		if mm == 1 { // the integral of 1/x is ln|x|; on x > 0 write ln x
			y = cas.Sum(cas.Product(cas.N(alpha.Mul(qf(1, 2))), cas.Power(X, e(2))), cas.Product(cas.N(beta.Neg()), cas.Call("ln", X)))
		}
		lo = g.Int(1, 2)
		hi = lo + g.Int(1, g.ByLevel(1, 2, 2, 3, 4))
		S, err := cas.Integrate(cas.Sum(u, v), "x")
		if err != nil {
			return nil, err
		}
		ans = cas.Expand(cas.Diff(subAbs(S, hi), subAbs(S, lo)))
		key = "This is a perfect square: " + m(`1 + y'^{2} = \left(`+tex(cas.Sum(u, v))+`\right)^{2}`) + ", so the integrand is " + m(tex(cas.Sum(u, v))) +
			", with antiderivative " + m(tex(S)) + "; from " + m(itoa(lo)) + " to " + m(itoa(hi)) + " it gives " + m(tex(ans)) + "."
	case 1: // y = (2/3) k^{-2}... : y' = sqrt(c x) gives 1 + c x, a square at both ends
		c := g.Int(1, g.ByLevel(2, 3, 4, 5, 6))
		y = cas.Product(cas.F(2, 3), cas.Sqrt(e(c)), cas.Power(X, cas.F(3, 2)))
		// 1 + c x = s^2 at both ends
		s1 := g.Int(1, 3)
		s2 := s1 + g.Int(1, g.ByLevel(1, 2, 2, 3, 4))
		for (s1*s1-1)%c != 0 || (s2*s2-1)%c != 0 {
			s1, s2 = s1+1, s2+1
			if s2 > 60 {
				return nil, errf("endpoints: none found")
			}
		}
		lo, hi = (s1*s1-1)/c, (s2*s2-1)/c
		// integral of sqrt(1 + c x) = 2/(3c) (1 + c x)^{3/2}
		ans = cas.N(qf(2, 3*c).Mul(q(s2*s2*s2 - s1*s1*s1)))
		k := tex(cas.Sum(e(1), cas.Product(e(c), X)))
		key = "An antiderivative of " + m(`\sqrt{`+k+"}") + " is " + m(overTeX("2", itoa(3*c))+`\left(`+k+`\right)^{\frac{3}{2}}`) + "; at the ends " + m(k) + " is " +
			m(itoa(s1*s1)) + " and " + m(itoa(s2*s2)) + ", so the length is " + m(chain(overTeX("2", itoa(3*c))+`\left(`+itoa(s2)+"^{3} - "+itoa(s1)+`^{3}\right)`, tex(ans))) + "."
	default: // a line y = m x + b: length (hi - lo) sqrt(1 + m^2)
		mm := g.Int(-g.ByLevel(2, 3, 4, 5, 6), g.ByLevel(2, 3, 4, 5, 6))
		y = cas.Sum(cas.Product(e(mm), X), e(g.Int(-5, 5)))
		lo = g.Int(-3, 2)
		hi = lo + g.Int(1, 5)
		ans = cas.Product(e(hi-lo), cas.Sqrt(e(1+mm*mm)))
		key = "The integrand is the constant " + m(tex(cas.Sqrt(e(1+mm*mm)))) + ", so the length is " + m(`\left(`+itoa(hi)+" - "+paren(q(lo))+`\right)`+tex(cas.Sqrt(e(1+mm*mm)))+" = "+tex(ans)) + "."
	}
	dy := cas.D(y, "x")
	p := &Problem{Problem: "Find the arclength of the curve " + m("y = "+tex(y)) + " from " + m("x = "+itoa(lo)) + " to " + m("x = "+itoa(hi)) + "."}
	p.Steps = []string{
		"The derivative is " + m("y' = "+tex(dy)) + ", so " + m("1 + y'^{2} = "+tex(cas.Expand(cas.Sum(e(1), cas.Power(dy, e(2)))))) + ".",
		"The arclength is " + m(`\int_{`+itoa(lo)+"}^{"+itoa(hi)+`}\sqrt{1 + y'^{2}}\,dx`) + ".",
		key,
	}
	p.setExpr(ans)
	p.sym("y", py(y))
	p.sym("a", itoa(lo))
	p.sym("b", itoa(hi))
	p.Check = func() error {
		return checkIntegral(func(x float64) float64 { d := at(dy, x); return math.Sqrt(1 + d*d) }, float64(lo), float64(hi), ans)
	}
	return p, nil
}

// subAbs substitutes x = v (v > 0) and drops |.| around positive numbers.
func subAbs(F cas.Expr, v int64) cas.Expr { return cas.Subst(F, "x", e(v)) }

func genAreaBetween(g *G) (*Problem, error) {
	b := g.ByLevel(3, 4, 5, 6, 7)
	nr := 2
	if g.Level >= 4 && g.Bool() || g.Split == Extrapolate && g.Bool() {
		nr = 3
	}
	rs := g.Distinct(nr, -b, b)
	k := q(g.NZ(-2, 2))
	rq := make([]cas.Q, nr)
	for i, r := range rs {
		rq[i] = q(r)
	}
	diff := cas.FromRoots(k, rq...)                   // f - h
	h := g.randPoly(int(g.ByLevel(1, 1, 2, 2, 2)), b) // the lower-degree curve
	f := h.Add(diff)
	sortI(rs)
	area := q(0)
	F := diff.Integral()
	var pieces []string
	for i := 0; i+1 < len(rs); i++ {
		v := F.Eval(q(rs[i+1])).Sub(F.Eval(q(rs[i])))
		pieces = append(pieces, m(`\left|\int_{`+itoa(rs[i])+"}^{"+itoa(rs[i+1])+`}\left(f - g\right)dx\right| = \left|F(`+itoa(rs[i+1])+") - F("+itoa(rs[i])+`)\right| = \left|`+
			F.Eval(q(rs[i+1])).TeX()+" - "+paren(F.Eval(q(rs[i])))+`\right| = `+v.Abs().TeX()))
		area = area.Add(v.Abs())
	}
	p := &Problem{Problem: "Find the area of the region enclosed by " + m("y = "+ptex(f)) + " and " + m("y = "+ptex(h)) + "."}
	var xs []cas.Expr
	for _, r := range rs {
		xs = append(xs, e(r))
	}
	p.Steps = []string{
		"The curves meet where " + m(ptex(f.Sub(h))+" = 0") + ", at " + joinTeX(xs) + ".",
		"An antiderivative of " + m("f - g = "+ptex(diff)) + " is " + m("F(x) = "+ptex(F)) + ".",
		"The area is the absolute integral between consecutive crossings: " + strings.Join(pieces, "; ") + ".",
	}
	if len(pieces) > 1 {
		var ps []string
		for i := 0; i+1 < len(rs); i++ {
			ps = append(ps, F.Eval(q(rs[i+1])).Sub(F.Eval(q(rs[i]))).Abs().TeX())
		}
		p.Steps = append(p.Steps, "Adding the pieces, "+m(strings.Join(ps, " + ")+" = "+area.TeX())+".")
	}
	p.setNum(area)
	p.sym("f", ppy(f))
	p.sym("g", ppy(h))
	p.Check = func() error {
		return checkIntegral(func(x float64) float64 { return math.Abs(diff.EvalFloat(x)) }, float64(rs[0]), float64(rs[len(rs)-1]), cas.N(area))
	}
	return p, nil
}

func ordinalN(k int) string {
	switch k {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return itoa(int64(k)) + "th"
}

func sortI(a []int64) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

func genVolumeRevolution(g *G) (*Problem, error) {
	P := g.randPoly(int(g.ByLevel(1, 1, 1, 2, 2)), g.ByLevel(2, 3, 4, 4, 5))
	lo := g.Int(0, 2)
	hi := lo + g.Int(1, g.ByLevel(2, 2, 3, 3, 4))
	sq := P.Mul(P)
	F := sq.Integral()
	v := F.Eval(q(hi)).Sub(F.Eval(q(lo)))
	ans := cas.Product(cas.N(v), cas.Pi)
	p := &Problem{Problem: "The region under " + m("y = "+ptex(P)) + " from " + m("x = "+itoa(lo)) + " to " + m("x = "+itoa(hi)) +
		" is revolved about the " + m("x") + "-axis. Find the volume of the solid."}
	p.Steps = []string{
		"By the disk method, " + m(`V = \pi\int_{`+itoa(lo)+"}^{"+itoa(hi)+`}\left(`+ptex(sq)+`\right)dx`) + ".",
		"An antiderivative of the integrand is " + m(ptex(F)) + ", so " + m("V = "+tex(ans)) + ".",
	}
	p.setExpr(ans)
	p.sym("f", ppy(P))
	p.sym("a", itoa(lo))
	p.sym("b", itoa(hi))
	p.Check = func() error {
		return checkIntegral(func(x float64) float64 { y := P.EvalFloat(x); return math.Pi * y * y }, float64(lo), float64(hi), ans)
	}
	return p, nil
}

func genLimitRational(g *G) (*Problem, error) {
	b := g.ByLevel(3, 4, 5, 6, 7)
	a := g.Int(-b, b)
	A := g.randPoly(1+g.IntN(int(g.ByLevel(1, 1, 2, 2, 2))), b)
	B := g.randPoly(1+g.IntN(int(g.ByLevel(1, 1, 1, 2, 2))), b)
	if B.Eval(q(a)).IsZero() {
		return nil, errf("pole: the limit is infinite")
	}
	lin := monicLinear(q(a))
	N, D := A.Mul(lin), B.Mul(lin)
	lim := A.Eval(q(a)).Div(B.Eval(q(a)))
	p := &Problem{Problem: "Find " + m(`\lim_{x \to `+itoa(a)+`} \frac{`+ptex(N)+"}{"+ptex(D)+"}") + "."}
	p.Steps = []string{
		"Both the numerator and the denominator vanish at " + m("x = "+itoa(a)) + ", so both contain the factor " + m(ptex(lin)) + ".",
		"Dividing it out leaves " + m(`\frac{`+ptex(A)+"}{"+ptex(B)+"}") + ", which at " + m("x = "+itoa(a)) + " equals " + m(lim.TeX()) + ".",
	}
	p.setNum(lim)
	p.sym("f", "("+ppy(N)+")/("+ppy(D)+")")
	p.sym("a", itoa(a))
	p.Check = func() error {
		for _, h := range []float64{1e-7, -1e-7} {
			x0 := float64(a) + h
			if !nearTol(N.EvalFloat(x0)/D.EvalFloat(x0), lim.Float(), 1e-5) {
				return errf("values near %d differ from the limit", a)
			}
		}
		return nil
	}
	return p, nil
}

func genLimitInfinity(g *G) (*Problem, error) {
	d := int(g.ByLevel(1, 2, 2, 3, 3, 4))
	b := g.ByLevel(4, 6, 8, 9, 10)
	N := g.randPoly(d-g.IntN(2), b)
	D := g.randPoly(d, b)
	lim := q(0)
	if N.Deg() == D.Deg() {
		lim = N.Lead().Div(D.Lead())
	}
	p := &Problem{Problem: "Find " + m(`\lim_{x \to \infty} \frac{`+ptex(N)+"}{"+ptex(D)+"}") + "."}
	p.setNum(lim)
	p.sym("f", "("+ppy(N)+")/("+ppy(D)+")")
	p.Check = func() error {
		x0 := 1e7
		if !nearTol(N.EvalFloat(x0)/D.EvalFloat(x0), lim.Float(), 1e-5) {
			return errf("the value at 1e7 is %v", N.EvalFloat(x0)/D.EvalFloat(x0))
		}
		return nil
	}
	return p, nil
}

// cubicWithCritical builds k(x^3 - 3/2 (r1 + r2) x^2 + 3 r1 r2 x) + c,
// whose derivative is 3k (x - r1)(x - r2).
func (g *G) cubicWithCritical() (cas.Poly, cas.Q, cas.Q) {
	b := g.ByLevel(3, 4, 5, 6, 7)
	r1, r2 := q(g.Int(-b, b)), q(g.Int(-b, b))
	if g.Split == Extrapolate && g.Bool() {
		r1 = qf(g.Int(-b, b), 2)
	}
	for r1.Equal(r2) {
		r2 = r2.Add(q(1))
	}
	if r1.Cmp(r2) > 0 {
		r1, r2 = r2, r1
	}
	k := q(g.NZ(-2, 2))
	d := cas.FromRoots(k.MulInt(3), r1, r2)
	P := d.Integral().Add(cas.ConstPoly(q(g.Int(-9, 9))))
	return P, r1, r2
}

func genCriticalPoints(g *G) (*Problem, error) {
	P, r1, r2 := g.cubicWithCritical()
	dp := P.Deriv()
	p := &Problem{Problem: "Find the critical points of " + m("f(x) = "+ptex(P)) + "."}
	p.Steps = []string{
		m("f'(x) = "+ptex(dp)) + ".",
		"It factors as " + m(func() string { f, _ := cas.FactorQ(dp); return f.TeX("x") }()) + ", so " + m("f'(x) = 0") + " at " + m("x = "+r1.TeX()) + " and " + m("x = "+r2.TeX()) + ".",
	}
	p.setList(cas.N(r1), cas.N(r2))
	p.sym("f", ppy(P))
	p.Check = func() error {
		if !dp.Eval(r1).IsZero() || !dp.Eval(r2).IsZero() {
			return errf("f' is not zero at the critical points")
		}
		return checkRootsNumeric(dp, []float64{r1.Float(), r2.Float()})
	}
	return p, nil
}

func genLocalMax(g *G) (*Problem, error) {
	P, r1, r2 := g.cubicWithCritical()
	xm := r1
	if P.Deriv().Deriv().Eval(r1).Sign() > 0 {
		xm = r2
	}
	v := P.Eval(xm)
	p := &Problem{Problem: "Find the local maximum value of " + m("f(x) = "+ptex(P)) + "."}
	p.setNum(v)
	p.sym("f", ppy(P))
	p.Check = func() error {
		if P.Deriv().Deriv().Eval(xm).Sign() >= 0 {
			return errf("f'' is not negative at the maximum")
		}
		for _, h := range []float64{-0.1, 0.1, -0.01, 0.01} {
			if P.EvalFloat(xm.Float()+h) > v.Float() {
				return errf("a nearby value exceeds the maximum")
			}
		}
		return nil
	}
	return p, nil
}

func genTaylor(g *G) (*Problem, error) {
	P := g.randPoly(g.IntN(3), 3)
	a := g.NZ(-g.ByLevel(2, 2, 3, 3, 4), g.ByLevel(2, 2, 3, 3, 4))
	fn := g.Pick("exp", "sin", "cos")
	f := cas.Product(cas.FromPoly(P, "x"), cas.Call(fn, cas.Product(e(a), X)))
	k := int(g.Int(2, g.ByLevel(3, 4, 5, 6, 7)))
	// series of the function part: coefficients s_j of x^j
	s := func(j int) cas.Q {
		aj := q(a).PowInt(j).Div(cas.Factorial(int64(j)))
		switch fn {
		case "exp":
			return aj
		case "sin":
			if j%2 == 0 {
				return q(0)
			}
			if (j/2)%2 == 1 {
				return aj.Neg()
			}
			return aj
		}
		if j%2 == 1 {
			return q(0)
		}
		if (j/2)%2 == 1 {
			return aj.Neg()
		}
		return aj
	}
	c := q(0)
	for i := 0; i <= P.Deg() && i <= k; i++ {
		c = c.Add(P.Coef(i).Mul(s(k - i)))
	}
	p := &Problem{Problem: "Find the coefficient of " + m("x^{"+itoa(int64(k))+"}") + " in the Maclaurin series of " + fx("f", f) + "."}
	p.setNum(c)
	p.sym("f", py(f))
	p.sym("k", itoa(int64(k)))
	p.Check = func() error {
		d := f
		for i := 0; i < k; i++ {
			d = cas.D(d, "x")
		}
		v, ok := cas.IsNum(cas.Subst(d, "x", e(0)))
		if !ok || !v.Div(cas.Factorial(int64(k))).Equal(c) {
			return errf("the k-th derivative at 0 over k! differs")
		}
		return nil
	}
	return p, nil
}

func genAverageValue(g *G) (*Problem, error) {
	P := g.randPoly(int(g.ByLevel(1, 2, 2, 3, 3, 4)), g.ByLevel(3, 4, 5, 6, 7))
	lo := g.Int(-3, 2)
	hi := lo + g.Int(1, g.ByLevel(2, 3, 4, 4, 5))
	F := P.Integral()
	v := F.Eval(q(hi)).Sub(F.Eval(q(lo))).Div(q(hi - lo))
	p := &Problem{Problem: "Find the average value of " + m("f(x) = "+ptex(P)) + " on " + m(`\left[`+itoa(lo)+", "+itoa(hi)+`\right]`) + "."}
	p.setNum(v)
	p.sym("f", ppy(P))
	p.sym("a", itoa(lo))
	p.sym("b", itoa(hi))
	p.Check = func() error {
		return checkIntegral(P.EvalFloat, float64(lo), float64(hi), cas.N(v.MulInt(hi-lo)))
	}
	return p, nil
}

var _ = expr.Pi

// pointSlope is the step from the point-slope form y - y0 = m(x - a) to
// y = mx + b (a horizontal line needs no expanding).
func pointSlope(slope, a, y0 cas.Q, line cas.Expr) string {
	if slope.IsZero() {
		return "The tangent is horizontal: " + m("y = "+y0.TeX()) + "."
	}
	k := slope.TeX()
	switch k {
	case "1":
		k = ""
	case "-1":
		k = "-"
	}
	dx := "x"
	if !a.IsZero() {
		dx = `\left(` + tex(shift(X, a)) + `\right)`
	}
	lhs := "y"
	if !y0.IsZero() {
		lhs = tex(shift(cas.V("y"), y0))
	}
	return "In point-slope form " + m(lhs+" = "+k+dx) + "; solving for " + m("y") + " gives " + m("y = "+tex(line)) + "."
}
