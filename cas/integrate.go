package cas

import "errors"

// ErrNotIntegrable reports an integrand outside the class Integrate handles.
var ErrNotIntegrable = errors.New("cas: integrand outside the supported class")

// Integrate returns an antiderivative of e with respect to x for the class
// of integrands below (and sums and constant multiples of them):
//
//   - polynomials;
//   - rational functions whose denominators factor over Q into linear
//     factors (any power) and irreducible quadratics (power 1): partial
//     fractions, then ln|ax+b|, powers, ln(q) and arctan of the completed
//     square;
//   - P(x) exp(ax+b), P(x) sin(ax+b), P(x) cos(ax+b) with P a polynomial:
//     integration by parts until P is exhausted;
//   - exp(ax) sin(bx) and exp(ax) cos(bx);
//   - f(g(x)) g'(x) times a constant, for f among exp, sin, cos, powers u^n
//     (n != -1) and 1/u, with g a polynomial: the substitution u = g(x).
//
// The constant of integration is 0 as the formulas give it.
func Integrate(e Expr, x string) (Expr, error) {
	if !Has(e, x) {
		return Product(e, V(x)), nil
	}
	if a, ok := e.(*Add); ok {
		parts := make([]Expr, len(a.Terms))
		for i, t := range a.Terms {
			p, err := Integrate(t, x)
			if err != nil {
				return nil, err
			}
			parts[i] = p
		}
		return Sum(parts...), nil
	}
	c, rest := splitCoef(e)
	if !c.IsOne() {
		r, err := Integrate(rest, x)
		if err != nil {
			return nil, err
		}
		return Scale(c, r), nil
	}
	if p, ok := ToPoly(e, x); ok {
		return FromPoly(p.Integral(), x), nil
	}
	if r, err := ToRatFunc(e, x); err == nil {
		return IntegrateRational(r, x)
	}
	if f, ok := integrateByParts(e, x); ok {
		return f, nil
	}
	if f, ok := integrateExpTrig(e, x); ok {
		return f, nil
	}
	if f, ok := integrateSubst(e, x); ok {
		return f, nil
	}
	// a sum hidden in a product: expand and try term by term
	if ex := Expand(e); ex.Key() != e.Key() {
		if _, ok := ex.(*Add); ok {
			return Integrate(ex, x)
		}
	}
	return nil, ErrNotIntegrable
}

// linearArg returns a, b when u = a x + b with a != 0.
func linearArg(u Expr, x string) (a, b Q, ok bool) {
	p, ok := ToPoly(u, x)
	if !ok || p.Deg() != 1 {
		return Q{}, Q{}, false
	}
	return p.Coef(1), p.Coef(0), true
}

// IntegrateRational integrates a rational function of x (see Integrate).
func IntegrateRational(r RatFunc, x string) (Expr, error) {
	pf, err := Decompose(r)
	if err != nil {
		return nil, ErrNotIntegrable
	}
	parts := []Expr{FromPoly(pf.Poly.Integral(), x)}
	X := V(x)
	for _, t := range pf.Terms {
		f := t.Factor
		switch f.Deg() {
		case 1:
			a := f.Coef(1)
			c := t.Numer.Coef(0)
			lin := FromPoly(f, x)
			if t.Power == 1 { // c/(ax+b) -> c/a ln|ax+b|
				parts = append(parts, Product(N(c.Div(a)), Call("ln", Call("abs", lin))))
			} else { // c (ax+b)^(-k) -> c/(a(1-k)) (ax+b)^(1-k)
				k := int64(t.Power)
				parts = append(parts, Product(N(c.Div(a.MulInt(1-k))), Power(lin, I(1-k))))
			}
		case 2:
			if t.Power != 1 {
				return nil, ErrNotIntegrable
			}
			a, b, cc := f.Coef(2), f.Coef(1), f.Coef(0)
			B, C := t.Numer.Coef(1), t.Numer.Coef(0)
			q := FromPoly(f, x)
			// (Bx + C)/q = B/(2a) q'/q + (C - B b/(2a))/q
			k1 := B.Div(a.MulInt(2))
			k2 := C.Sub(k1.Mul(b))
			if !k1.IsZero() {
				parts = append(parts, Product(N(k1), Call("ln", q)))
			}
			if !k2.IsZero() {
				// 1/q = 1/(a((x + b/2a)^2 + d)), d = (4ac - b^2)/(4a^2) > 0
				disc := a.Mul(cc).MulInt(4).Sub(b.Mul(b))
				if disc.Sign() <= 0 {
					return nil, ErrNotIntegrable
				}
				sd := Sqrt(N(disc))
				// integral = 2/sqrt(disc) arctan((2ax + b)/sqrt(disc))
				arg := Quot(Sum(Product(N(a.MulInt(2)), X), N(b)), sd)
				parts = append(parts, Product(N(k2.MulInt(2)), Power(sd, I(-1)), Call("arctan", arg)))
			}
		default:
			return nil, ErrNotIntegrable
		}
	}
	return Sum(parts...), nil
}

// integrateByParts handles P(x) exp(ax+b), P(x) sin(ax+b), P(x) cos(ax+b).
func integrateByParts(e Expr, x string) (Expr, bool) {
	m, ok := e.(*Mul)
	var fs []Expr
	if ok {
		fs = m.Factors
	} else {
		fs = []Expr{e}
	}
	var fn *Fn
	var polyParts []Expr
	for _, f := range fs {
		if g, ok := f.(*Fn); ok && fn == nil && (g.Name == "exp" || g.Name == "sin" || g.Name == "cos") {
			fn = g
			continue
		}
		polyParts = append(polyParts, f)
	}
	if fn == nil {
		return nil, false
	}
	a, _, ok := linearArg(fn.Arg, x)
	if !ok {
		return nil, false
	}
	P, ok := ToPoly(Product(polyParts...), x)
	if !ok {
		return nil, false
	}
	if P.Deg() > 24 {
		return nil, false
	}
	u := fn.Arg
	switch fn.Name {
	case "exp":
		// e^u sum_k (-1)^k P^(k) / a^(k+1)
		var terms []Expr
		d := P
		sign := Int(1)
		for k := 0; !d.IsZero(); k++ {
			terms = append(terms, Product(N(sign.Div(a.PowInt(k+1))), FromPoly(d, x)))
			d = d.Deriv()
			sign = sign.Neg()
		}
		return Product(Call("exp", u), Sum(terms...)), true
	default:
		return parts(P, fn.Name, u, a, x), true
	}
}

// parts integrates P(x) sin(u) or P(x) cos(u), u = a x + b, recursively:
// int P sin = -P cos/a + (1/a) int P' cos; int P cos = P sin/a - (1/a) int P' sin.
func parts(P Poly, fn string, u Expr, a Q, x string) Expr {
	if P.IsZero() {
		return I(0)
	}
	ia := a.Inv()
	if fn == "sin" {
		return Sum(Product(N(ia.Neg()), FromPoly(P, x), Call("cos", u)),
			Product(N(ia), parts(P.Deriv(), "cos", u, a, x)))
	}
	return Sum(Product(N(ia), FromPoly(P, x), Call("sin", u)),
		Product(N(ia.Neg()), parts(P.Deriv(), "sin", u, a, x)))
}

// integrateExpTrig handles exp(ax+b) sin(cx+d) and exp(ax+b) cos(cx+d).
func integrateExpTrig(e Expr, x string) (Expr, bool) {
	m, ok := e.(*Mul)
	if !ok || len(m.Factors) != 2 {
		return nil, false
	}
	var ex, tr *Fn
	for _, f := range m.Factors {
		g, ok := f.(*Fn)
		if !ok {
			return nil, false
		}
		switch g.Name {
		case "exp":
			ex = g
		case "sin", "cos":
			tr = g
		}
	}
	if ex == nil || tr == nil {
		return nil, false
	}
	a, _, ok1 := linearArg(ex.Arg, x)
	b, _, ok2 := linearArg(tr.Arg, x)
	if !ok1 || !ok2 {
		return nil, false
	}
	den := a.Mul(a).Add(b.Mul(b)).Inv()
	s, c := Call("sin", tr.Arg), Call("cos", tr.Arg)
	var inner Expr
	if tr.Name == "sin" { // e^{ax}(a sin bx - b cos bx)/(a^2+b^2)
		inner = Sum(Product(N(a.Mul(den)), s), Product(N(b.Mul(den).Neg()), c))
	} else { // e^{ax}(a cos bx + b sin bx)/(a^2+b^2)
		inner = Sum(Product(N(a.Mul(den)), c), Product(N(b.Mul(den)), s))
	}
	return Product(ex, inner), true
}

// integrateSubst handles c f(g(x)) g'(x) with g a polynomial of degree >= 1.
func integrateSubst(e Expr, x string) (Expr, bool) {
	m, ok := e.(*Mul)
	if !ok {
		return nil, false
	}
	for i, f := range m.Factors {
		var g Expr
		var anti func(u Expr) Expr
		switch t := f.(type) {
		case *Fn:
			g = t.Arg
			switch t.Name {
			case "exp":
				anti = func(u Expr) Expr { return Call("exp", u) }
			case "sin":
				anti = func(u Expr) Expr { return Neg(Call("cos", u)) }
			case "cos":
				anti = func(u Expr) Expr { return Call("sin", u) }
			default:
				continue
			}
		case *Pow:
			n, ok := IsNum(t.Exp)
			if !ok {
				continue
			}
			g = t.Base
			if n.Equal(Int(-1)) {
				anti = func(u Expr) Expr { return Call("ln", Call("abs", u)) }
			} else {
				n1 := n.Add(Int(1))
				anti = func(u Expr) Expr { return Product(N(n1.Inv()), Power(u, N(n1))) }
			}
		default:
			continue
		}
		gp, ok := ToPoly(g, x)
		if !ok || gp.Deg() < 1 {
			continue
		}
		others := make([]Expr, 0, len(m.Factors)-1)
		others = append(others, m.Factors[:i]...)
		others = append(others, m.Factors[i+1:]...)
		rest, ok := ToPoly(Product(others...), x)
		if !ok {
			continue
		}
		dg := gp.Deriv()
		q, r := rest.DivMod(dg)
		if !r.IsZero() || q.Deg() != 0 {
			continue
		}
		return Product(N(q.Coef(0)), anti(g)), true
	}
	return nil, false
}
