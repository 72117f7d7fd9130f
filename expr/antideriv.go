package expr

import (
	"math/big"
)

// Definite integrals beyond polynomials. \int_lo^hi f dv is F(hi) - F(lo)
// for an antiderivative F of f, provided f is continuous on the closed
// interval between the bounds (or F extends continuously to an endpoint
// where f is improperly integrable, as for \int_0^1 x^{-1/2}dx). The body is
// expanded into terms c·P(v)·k(v): c free of v, P a polynomial in v with
// rational coefficients and k at most one kernel from a small table whose
// antiderivatives are classical and whose domains are checked exactly:
//
//	e^{av+b}, c^{av+b}, \exp   P·E·Σ (-1)^j P^{(j)}/λ^{j+1}  (λ = a or a·ln c)
//	\sin(av+b), \cos(av+b)      P by parts, as many times as P has degree
//	\sin^2, \cos^2              (1 ∓ \cos 2u)/2
//	(av+b)^r, r not in N        constant P; r = -1 gives \ln|av+b|
//	1/(αv²+βv+γ), disc < 0      an arctangent
//	(αv²+βv+γ)^{-1/2}, α < 0    an arcsine
//	\ln(av+b)                   constant P, or P·\ln v
//
// The value is returned as a tree (F(hi) - F(lo)) for the canonical-form
// builder to prove or refute: \sin\pi is exactly 0 there, \ln e is 1.
// Anything else — a kernel outside the table, a pole or a branch point
// inside the interval, a bound the domain check cannot decide exactly —
// has no value here (ErrUnknownFunction), never a numeric guess.

// maxIntTerms bounds the terms of an integrand after expansion.
const maxIntTerms = 64

// maxIntDegree bounds the degree of a polynomial factor of an integrand.
const maxIntDegree = 40

// end is a bound of an integral: a rational, or ±∞ (inf = ±1), or neither
// (an exact expression such as π: node only).
type end struct {
	node Node
	r    *big.Rat
	inf  int
	// lo ≤ the bound ≤ hi, proved (see enclose); nil when unknown
	lo, hi *big.Rat
}

// intTerm is c·P(v)·k(v) (k nil: no kernel).
type intTerm struct {
	coef   Node
	poly   []*big.Rat
	kernel Node
}

// antiderivative is F for one kernel with its domain: entire kernels are
// continuous on the whole real line (any bounds free of the variable);
// the others need rational bounds and ok to hold on the interval [a, b]
// (a ≤ b, either possibly infinite). atInf gives F's limit at +∞ (s = 1)
// or -∞ (s = -1) when it is known.
type antiderivative struct {
	F      Node
	entire bool
	ok     func(a, b end) bool
	atInf  func(s int) (Node, bool)
}

// elementaryIntegral is \int_lo^hi body dv by the table above.
func (l *state) elementaryIntegral(body Node, v string, lo, hi end) (Node, error) {
	terms, err := l.integrandTerms(body, v)
	if err != nil {
		return nil, err
	}
	a, b := lo, hi
	if lessEnd(hi, lo) {
		a, b = hi, lo
	}
	var out []Node
	for _, t := range terms {
		ad, err := l.antideriv(t, v)
		if err != nil {
			return nil, err
		}
		for _, e := range []end{a, b} {
			if e.inf != 0 || (e.r != nil) || (!ad.entire && e.lo != nil) {
				continue
			}
			// an exact bound that is no rational (π, a variable): only
			// for kernels continuous on the whole line, and a bound
			// holding i only for a polynomial
			if !ad.entire || (t.kernel != nil && holdsSym(e.node, I)) {
				return nil, ErrUnknownFunction
			}
		}
		if ad.ok != nil && !ad.ok(a, b) {
			return nil, ErrUnknownFunction
		}
		at := func(e end) (Node, error) {
			if e.inf != 0 {
				if ad.atInf == nil {
					return nil, ErrUnknownFunction
				}
				x, ok := ad.atInf(e.inf)
				if !ok {
					return nil, ErrUnknownFunction
				}
				return x, nil
			}
			return Substitute(ad.F, v, e.node), nil
		}
		fh, err := at(hi)
		if err != nil {
			return nil, err
		}
		fl, err := at(lo)
		if err != nil {
			return nil, err
		}
		out = append(out, &Mul{Factors: []Node{t.coef, &Add{Terms: []Node{fh, &Neg{X: fl}}}}})
	}
	if len(out) == 0 {
		return Int(0), nil
	}
	return &Add{Terms: out}, nil
}

// holdsSym reports whether n holds the symbol name.
func holdsSym(n Node, name string) bool {
	found := false
	Walk(n, func(x Node) bool {
		if s, ok := x.(*Sym); ok && s.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// integralEnd reads a bound.
func (l *state) integralEnd(n Node) (end, error) {
	switch t := n.(type) {
	case *Sym:
		if t.Name == Inf {
			return end{node: n, inf: 1}, nil
		}
	case *Neg:
		if s, ok := t.X.(*Sym); ok && s.Name == Inf {
			return end{node: n, inf: -1}, nil
		}
	}
	if holdsSym(n, Inf) {
		return end{}, ErrUnknownFunction
	}
	r, err := l.rat(n)
	if err == ErrLimit || err == ErrDeadline {
		return end{}, err
	}
	if err != nil {
		r = nil
	}
	e := end{node: n, r: r}
	if r != nil {
		e.lo, e.hi = r, r
	} else if lo, hi, ok := l.enclose(n, 0); ok {
		e.lo, e.hi = lo, hi
	}
	return e, nil
}

// Proved enclosures of π and e (from their decimal expansions: 3.14159
// 26535 89793 23846... and 2.71828 18284 59045 23536...).
var (
	piLo = big.NewRat(314159265358979, 100000000000000)
	piHi = big.NewRat(314159265358980, 100000000000000)
	eLo  = big.NewRat(271828182845904, 100000000000000)
	eHi  = big.NewRat(271828182845905, 100000000000000)
)

// enclose returns rationals lo ≤ n ≤ hi for a real constant built from
// rationals, π and e with +, -, ·, integer powers and square roots: an
// interval computation on exact rationals, so the bounds are proved (a
// domain check on them is a proof, not a probe).
func (l *state) enclose(n Node, depth int) (lo, hi *big.Rat, ok bool) {
	if depth > 32 || l.check() != nil {
		return nil, nil, false
	}
	switch t := n.(type) {
	case *Num:
		return t.V, t.V, true
	case *Sym:
		switch t.Name {
		case Pi:
			return piLo, piHi, true
		case E:
			return eLo, eHi, true
		}
	case *Neg:
		a, b, ok := l.enclose(t.X, depth+1)
		if !ok {
			return nil, nil, false
		}
		return new(big.Rat).Neg(b), new(big.Rat).Neg(a), true
	case *Add:
		lo, hi = new(big.Rat), new(big.Rat)
		for _, x := range t.Terms {
			a, b, ok := l.enclose(x, depth+1)
			if !ok {
				return nil, nil, false
			}
			lo.Add(lo, a)
			hi.Add(hi, b)
		}
		return lo, hi, true
	case *Mul:
		lo, hi = big.NewRat(1, 1), big.NewRat(1, 1)
		for _, x := range t.Factors {
			a, b, ok := l.enclose(x, depth+1)
			if !ok {
				return nil, nil, false
			}
			lo, hi = mulInterval(lo, hi, a, b)
			if l.fits(lo) != nil || l.fits(hi) != nil {
				return nil, nil, false
			}
		}
		return lo, hi, true
	case *Pow:
		a, b, ok := l.enclose(t.Base, depth+1)
		if !ok {
			return nil, nil, false
		}
		k, isNum := t.Exp.(*Num)
		if !isNum {
			return nil, nil, false
		}
		switch {
		case k.V.IsInt() && k.V.Num().IsInt64() && k.V.Num().Int64() >= -16 && k.V.Num().Int64() <= 16:
			m := k.V.Num().Int64()
			if m < 0 {
				if a.Sign() <= 0 && b.Sign() >= 0 {
					return nil, nil, false // 0 inside: no bound on the inverse
				}
				a, b = new(big.Rat).Inv(b), new(big.Rat).Inv(a)
				m = -m
			}
			lo, hi = big.NewRat(1, 1), big.NewRat(1, 1)
			for range m {
				lo, hi = mulInterval(lo, hi, a, b)
				if l.fits(lo) != nil || l.fits(hi) != nil {
					return nil, nil, false
				}
			}
			return lo, hi, true
		case k.V.Cmp(big.NewRat(1, 2)) == 0 && a.Sign() >= 0:
			return sqrtBelow(a), sqrtAbove(b), true
		}
	}
	return nil, nil, false
}

func mulInterval(a, b, c, d *big.Rat) (lo, hi *big.Rat) {
	ps := []*big.Rat{new(big.Rat).Mul(a, c), new(big.Rat).Mul(a, d), new(big.Rat).Mul(b, c), new(big.Rat).Mul(b, d)}
	lo, hi = ps[0], ps[0]
	for _, p := range ps[1:] {
		if p.Cmp(lo) < 0 {
			lo = p
		}
		if p.Cmp(hi) > 0 {
			hi = p
		}
	}
	return lo, hi
}

var sqrtScale = new(big.Int).Exp(big.NewInt(10), big.NewInt(20), nil)

// sqrtBelow and sqrtAbove bound √r (r ≥ 0) by rationals with denominator
// 10^20: floor(√(r·10^40))/10^20 ≤ √r ≤ that + 10^-20.
func sqrtBelow(r *big.Rat) *big.Rat {
	s2 := new(big.Int).Mul(sqrtScale, sqrtScale)
	n := new(big.Int).Mul(r.Num(), s2)
	n.Quo(n, r.Denom())
	return new(big.Rat).SetFrac(n.Sqrt(n), sqrtScale)
}

func sqrtAbove(r *big.Rat) *big.Rat {
	s := sqrtBelow(r)
	return s.Add(s, new(big.Rat).SetFrac(big.NewInt(1), sqrtScale))
}

// lessEnd reports x < y for two bounds it can order (rationals and
// infinities); anything else compares as not less.
func lessEnd(x, y end) bool {
	if x.inf != 0 || y.inf != 0 {
		return x.inf != y.inf && (x.inf == -1 || y.inf == 1)
	}
	if x.r != nil && y.r != nil {
		return x.r.Cmp(y.r) < 0
	}
	return false
}

// integrandTerms expands body into terms c·P·k.
func (l *state) integrandTerms(body Node, v string) ([]intTerm, error) {
	prods, err := l.expandProducts(body, v)
	if err != nil {
		return nil, err
	}
	var out []intTerm
	for _, pr := range prods {
		t := intTerm{poly: []*big.Rat{big.NewRat(1, 1)}}
		var coef, kernels []Node
		if pr.neg {
			coef = append(coef, Int(-1))
		}
		for _, f := range pr.factors {
			if err := l.check(); err != nil {
				return nil, err
			}
			if !FreeVars(f)[v] {
				coef = append(coef, f)
				continue
			}
			if p, ok := l.univariatePoly(f, v); ok {
				q, err := l.polyMul(t.poly, p)
				if err != nil {
					return nil, err
				}
				t.poly = q
				continue
			}
			kernels = append(kernels, normalizeKernel(f))
		}
		t.coef = Int(1)
		if len(coef) > 0 {
			t.coef = &Mul{Factors: coef}
		}
		switch len(kernels) {
		case 0:
		case 1:
			t.kernel = kernels[0]
		case 2:
			ts, ok := l.productToSum(t, kernels[0], kernels[1], v)
			if !ok {
				return nil, ErrUnknownFunction // two kernels: outside the table
			}
			out = append(out, ts...)
			continue
		default:
			return nil, ErrUnknownFunction
		}
		if pw, ok := t.kernel.(*Pow); ok {
			if x, ok := pw.Base.(*Sym); ok && x.Name == v {
				if r, ok := pw.Exp.(*Num); ok {
					if _, isConst := polyConst(t.poly); !isConst {
						// P·v^r is Σ c_k v^{k+r}: one power of v per term
						// (an identity wherever v^r is defined)
						for k, c := range t.poly {
							if c.Sign() == 0 {
								continue
							}
							e := new(big.Rat).Add(r.V, big.NewRat(int64(k), 1))
							nt := intTerm{coef: t.coef, poly: []*big.Rat{new(big.Rat).Set(c)}, kernel: &Pow{Base: x, Exp: Rat(e)}}
							if e.IsInt() && e.Sign() >= 0 {
								nt.poly = make([]*big.Rat, e.Num().Int64()+1)
								for i := range nt.poly {
									nt.poly[i] = new(big.Rat)
								}
								nt.poly[len(nt.poly)-1].Set(c)
								nt.kernel = nil
							}
							out = append(out, nt)
						}
						continue
					}
				}
			}
		}
		out = append(out, t)
	}
	return out, nil
}

// productToSum writes P·f(A)·g(B) for two of sin, cos as a sum of single
// trigonometric kernels: sin A cos B = (sin(A+B) + sin(A-B))/2, sin A sin B
// = (cos(A-B) - cos(A+B))/2, cos A cos B = (cos(A-B) + cos(A+B))/2. A
// combined argument free of the variable is a constant factor.
func (l *state) productToSum(t intTerm, f, g Node, v string) ([]intTerm, bool) {
	fc, ok1 := f.(*Call)
	gc, ok2 := g.(*Call)
	if !ok1 || !ok2 || len(fc.Args) != 1 || len(gc.Args) != 1 {
		return nil, false
	}
	trig := func(fn string) bool { return fn == "sin" || fn == "cos" }
	if !trig(fc.Fn) || !trig(gc.Fn) {
		return nil, false
	}
	if fc.Fn == "cos" && gc.Fn == "sin" {
		fc, gc = gc, fc
	}
	A, B := fc.Args[0], gc.Args[0]
	sum := &Add{Terms: []Node{A, B}}
	diff := &Add{Terms: []Node{A, &Neg{X: B}}}
	type part struct {
		sign int64
		fn   string
		arg  Node
	}
	var parts []part
	switch {
	case fc.Fn == "sin" && gc.Fn == "cos":
		parts = []part{{1, "sin", sum}, {1, "sin", diff}}
	case fc.Fn == "sin":
		parts = []part{{1, "cos", diff}, {-1, "cos", sum}}
	default:
		parts = []part{{1, "cos", diff}, {1, "cos", sum}}
	}
	var out []intTerm
	for _, p := range parts {
		k := Node(&Call{Fn: p.fn, Args: []Node{p.arg}})
		nt := intTerm{coef: &Mul{Factors: []Node{t.coef, Rat(big.NewRat(p.sign, 2))}}, poly: t.poly, kernel: k}
		a, b, ok := l.linearSplit(p.arg, v)
		if !ok {
			return nil, false
		}
		if a.Sign() == 0 {
			// A - B free of the variable (sin x cos x: sin 0 = 0)
			nt.coef = &Mul{Factors: []Node{nt.coef, &Call{Fn: p.fn, Args: []Node{b}}}}
			nt.kernel = nil
		}
		out = append(out, nt)
	}
	return out, true
}

type product struct {
	neg     bool
	factors []Node
}

// expandProducts writes n as a sum of products, distributing a product
// over a sum that holds the variable (e^x(1 + x) is e^x + x e^x).
func (l *state) expandProducts(n Node, v string) ([]product, error) {
	if err := l.check(); err != nil {
		return nil, err
	}
	if _, ok := n.(*Add); ok && FreeVars(n)[v] {
		if _, poly := l.univariatePoly(n, v); poly {
			// a polynomial factor stays whole: (x+1)(x+2)…(x+9)e^x is P·e^x,
			// not 2^9 products
			return []product{{factors: []Node{n}}}, nil
		}
	}
	switch t := n.(type) {
	case *Neg:
		ps, err := l.expandProducts(t.X, v)
		for i := range ps {
			ps[i].neg = !ps[i].neg
		}
		return ps, err
	case *Add:
		if !FreeVars(t)[v] {
			break
		}
		var out []product
		for _, x := range t.Terms {
			ps, err := l.expandProducts(x, v)
			if err != nil {
				return nil, err
			}
			out = append(out, ps...)
			if len(out) > maxIntTerms {
				return nil, ErrUnknownFunction
			}
		}
		return out, nil
	case *Mul:
		out := []product{{}}
		for _, f := range t.Factors {
			ps, err := l.expandProducts(f, v)
			if err != nil {
				return nil, err
			}
			if len(out)*len(ps) > maxIntTerms {
				return nil, ErrUnknownFunction
			}
			var next []product
			for _, a := range out {
				for _, b := range ps {
					fs := append(append([]Node(nil), a.factors...), b.factors...)
					next = append(next, product{neg: a.neg != b.neg, factors: fs})
				}
			}
			out = next
		}
		return out, nil
	}
	return []product{{factors: []Node{n}}}, nil
}

// univariatePoly reads f as a polynomial in v with rational coefficients.
func (l *state) univariatePoly(f Node, v string) ([]*big.Rat, bool) {
	rf, err := l.ratFunc(f)
	if err != nil {
		return nil, false
	}
	den, ok := rf.Den.constant()
	if !ok || den.Sign() == 0 {
		return nil, false
	}
	c, ok := univariate(rf.Num, v)
	if !ok || len(c) > maxIntDegree+1 {
		return nil, false
	}
	for _, x := range c {
		x.Quo(x, den)
	}
	if len(c) == 0 {
		c = []*big.Rat{new(big.Rat)}
	}
	return c, true
}

func (l *state) polyMul(p, q []*big.Rat) ([]*big.Rat, error) {
	if len(p)+len(q)-1 > maxIntDegree+1 {
		return nil, ErrUnknownFunction
	}
	out := make([]*big.Rat, len(p)+len(q)-1)
	for i := range out {
		out[i] = new(big.Rat)
	}
	tmp := new(big.Rat)
	for i, a := range p {
		for j, b := range q {
			out[i+j].Add(out[i+j], tmp.Mul(a, b))
			if err := l.fits(out[i+j]); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// normalizeKernel writes \exp u as e^u, \sqrt{Q} as Q^{1/2} and an integer
// power of a power as one power ((Q^{1/2})^{-1} is Q^{-1/2}; an integer
// outer exponent makes this an identity wherever the inner power is
// defined).
func normalizeKernel(f Node) Node {
	switch t := f.(type) {
	case *Call:
		if len(t.Args) == 1 {
			switch t.Fn {
			case "exp":
				return &Pow{Base: &Sym{Name: E}, Exp: t.Args[0]}
			case "sqrt":
				return &Pow{Base: t.Args[0], Exp: Rat(big.NewRat(1, 2))}
			}
		}
	case *Pow:
		k, ok := t.Exp.(*Num)
		if !ok {
			return f
		}
		in := normalizeKernel(t.Base)
		if ip, ok := in.(*Pow); ok && k.V.IsInt() {
			if r, ok := ip.Exp.(*Num); ok {
				return &Pow{Base: ip.Base, Exp: Rat(new(big.Rat).Mul(r.V, k.V))}
			}
			return &Pow{Base: ip.Base, Exp: &Mul{Factors: []Node{Rat(k.V), ip.Exp}}}
		}
		if in != t.Base {
			return &Pow{Base: in, Exp: t.Exp}
		}
	}
	return f
}

// linearIn reads u as a·v + b with a rational and nonzero and b free of v
// (b rational too when wantRat).
func (l *state) linearIn(u Node, v string, wantRat bool) (a *big.Rat, b Node, br *big.Rat, ok bool) {
	a, b, ok = l.linearSplit(u, v)
	if !ok || a.Sign() == 0 {
		return nil, nil, nil, false
	}
	if wantRat {
		r, err := l.rat(b)
		if err != nil {
			return nil, nil, nil, false
		}
		br = r
	}
	return a, b, br, true
}

// linearSplit reads u as a·v + b with a rational (possibly zero) and b free
// of v.
func (l *state) linearSplit(u Node, v string) (a *big.Rat, b Node, ok bool) {
	var bs []Node
	a = new(big.Rat)
	var rec func(n Node, k *big.Rat) bool
	rec = func(n Node, k *big.Rat) bool {
		if !FreeVars(n)[v] {
			bs = append(bs, &Mul{Factors: []Node{Rat(k), n}})
			return true
		}
		switch t := n.(type) {
		case *Sym:
			a.Add(a, k)
			return true
		case *Neg:
			return rec(t.X, new(big.Rat).Neg(k))
		case *Add:
			for _, x := range t.Terms {
				if !rec(x, k) {
					return false
				}
			}
			return true
		case *Mul:
			kk := new(big.Rat).Set(k)
			var dep Node
			for _, f := range t.Factors {
				if FreeVars(f)[v] {
					if dep != nil {
						return false
					}
					dep = f
					continue
				}
				r, err := l.rat(f)
				if err != nil {
					return false
				}
				kk.Mul(kk, r)
			}
			return dep != nil && rec(dep, kk)
		}
		return false
	}
	if !rec(u, big.NewRat(1, 1)) {
		return nil, nil, false
	}
	b = Int(0)
	if len(bs) > 0 {
		b = &Add{Terms: bs}
	}
	return a, b, true
}

// polyNode writes P(v) as a tree.
func polyNode(p []*big.Rat, v string) Node {
	terms := []Node{Int(0)}
	for k, c := range p {
		if c.Sign() == 0 {
			continue
		}
		switch k {
		case 0: // never v^0: at v = 0 that is 0^0
			terms = append(terms, Rat(c))
		case 1:
			terms = append(terms, &Mul{Factors: []Node{Rat(c), &Sym{Name: v}}})
		default:
			terms = append(terms, &Mul{Factors: []Node{Rat(c), &Pow{Base: &Sym{Name: v}, Exp: Int(int64(k))}}})
		}
	}
	return &Add{Terms: terms}
}

func derivPoly(p []*big.Rat) []*big.Rat {
	if len(p) <= 1 {
		return nil
	}
	out := make([]*big.Rat, len(p)-1)
	for k := 1; k < len(p); k++ {
		out[k-1] = new(big.Rat).Mul(p[k], big.NewRat(int64(k), 1))
	}
	return out
}

func integPoly(p []*big.Rat) []*big.Rat {
	out := make([]*big.Rat, len(p)+1)
	out[0] = new(big.Rat)
	for k, c := range p {
		out[k+1] = new(big.Rat).Quo(c, big.NewRat(int64(k+1), 1))
	}
	return out
}

func polyIsZero(p []*big.Rat) bool {
	for _, c := range p {
		if c.Sign() != 0 {
			return false
		}
	}
	return true
}

func polyConst(p []*big.Rat) (*big.Rat, bool) {
	for k := 1; k < len(p); k++ {
		if p[k].Sign() != 0 {
			return nil, false
		}
	}
	if len(p) == 0 {
		return new(big.Rat), true
	}
	return p[0], true
}

func ratPow(r *big.Rat, k int) *big.Rat {
	out := big.NewRat(1, 1)
	for range k {
		out.Mul(out, r)
	}
	return out
}

// antideriv finds F for one term's P·k.
func (l *state) antideriv(t intTerm, v string) (antiderivative, error) {
	x := &Sym{Name: v}
	if polyIsZero(t.poly) {
		return antiderivative{F: Int(0), entire: true, atInf: func(int) (Node, bool) { return Int(0), true }}, nil
	}
	if t.kernel == nil {
		return antiderivative{F: polyNode(integPoly(t.poly), v), entire: true}, nil
	}
	switch k := t.kernel.(type) {
	case *Pow:
		if base, ok := k.Base.(*Sym); ok && base.Name == E {
			// e^{av+b}
			a, _, _, ok := l.linearIn(k.Exp, v, false)
			if !ok {
				break
			}
			return l.expPoly(t.poly, k, Rat(a), a.Sign(), v)
		}
		if !FreeVars(k.Base)[v] && FreeVars(k.Exp)[v] {
			// c^{av+b}, c a positive rational other than 1
			c, err := l.rat(k.Base)
			if err != nil || c.Sign() <= 0 || c.Cmp(big.NewRat(1, 1)) == 0 {
				break
			}
			a, _, _, ok := l.linearIn(k.Exp, v, false)
			if !ok {
				break
			}
			lam := &Mul{Factors: []Node{Rat(a), &Call{Fn: "ln", Args: []Node{Rat(c)}}}}
			s := a.Sign()
			if c.Cmp(big.NewRat(1, 1)) < 0 {
				s = -s
			}
			return l.expPoly(t.poly, k, lam, s, v)
		}
		r, isNum := k.Exp.(*Num)
		if !isNum {
			break
		}
		if s, ok := k.Base.(*Call); ok && len(s.Args) == 1 && (s.Fn == "sin" || s.Fn == "cos") && r.V.Cmp(big.NewRat(2, 1)) == 0 {
			// sin²u = (1 - cos 2u)/2, cos²u = (1 + cos 2u)/2
			a, b, _, ok := l.linearIn(s.Args[0], v, false)
			if !ok {
				break
			}
			sign := int64(-1)
			if s.Fn == "cos" {
				sign = 1
			}
			half := make([]*big.Rat, len(t.poly))
			for i, c := range t.poly {
				half[i] = new(big.Rat).Quo(c, big.NewRat(2, 1))
			}
			u2 := &Add{Terms: []Node{&Mul{Factors: []Node{Rat(new(big.Rat).Mul(a, big.NewRat(2, 1))), x}}, &Mul{Factors: []Node{Int(2), b}}}}
			trig := l.trigPoly(half, "cos", u2, new(big.Rat).Mul(a, big.NewRat(2, 1)), v)
			return antiderivative{F: &Add{Terms: []Node{polyNode(integPoly(half), v), &Mul{Factors: []Node{Int(sign), trig}}}}, entire: true}, nil
		}
		c0, constP := polyConst(t.poly)
		if !constP {
			break
		}
		if ad, ok := l.quadraticKernel(k.Base, r.V, c0, v); ok {
			return ad, nil
		}
		a, _, b, ok := l.linearIn(k.Base, v, true)
		if !ok || (r.V.IsInt() && r.V.Sign() >= 0) {
			break
		}
		return l.linearPower(k.Base, a, b, r.V, c0, v), nil
	case *Call:
		if len(k.Args) != 1 {
			break
		}
		switch k.Fn {
		case "sin", "cos":
			a, _, _, ok := l.linearIn(k.Args[0], v, false)
			if !ok {
				break
			}
			return antiderivative{F: l.trigPoly(t.poly, k.Fn, k.Args[0], a, v), entire: true}, nil
		case "ln":
			return l.lnKernel(t.poly, k.Args[0], v)
		}
	}
	return antiderivative{}, ErrUnknownFunction
}

// expPoly: ∫P·E dv = E·Σ_j (-1)^j P^{(j)}/λ^{j+1}, E = B^{av+b} with
// (ln E)' = λ. F → 0 at the infinity where the exponent → -∞ (s is the
// sign of λ).
func (l *state) expPoly(p []*big.Rat, k Node, lam Node, s int, v string) (antiderivative, error) {
	var terms []Node
	d := p
	for j := 0; !polyIsZero(d); j++ {
		if err := l.check(); err != nil {
			return antiderivative{}, err
		}
		sign := Int(1)
		if j%2 == 1 {
			sign = Int(-1)
		}
		terms = append(terms, &Mul{Factors: []Node{sign, polyNode(d, v), &Pow{Base: lam, Exp: Int(int64(-(j + 1)))}}})
		d = derivPoly(d)
	}
	F := &Mul{Factors: []Node{k, &Add{Terms: terms}}}
	return antiderivative{F: F, entire: true, atInf: func(inf int) (Node, bool) {
		if inf*s < 0 {
			return Int(0), true
		}
		return nil, false
	}}, nil
}

// trigPoly: ∫P·cos u and ∫P·sin u (u = av+b) by parts.
func (l *state) trigPoly(p []*big.Rat, fn string, u Node, a *big.Rat, v string) Node {
	S := &Call{Fn: "sin", Args: []Node{u}}
	C := &Call{Fn: "cos", Args: []Node{u}}
	var terms []Node
	d := p
	for j := 0; !polyIsZero(d); j++ {
		// the j-th derivative's term: ∫P cos = Σ (-1)^m [P^{(2m)} S/a^{2m+1}
		// + P^{(2m+1)} C/a^{2m+2}]; ∫P sin = Σ (-1)^m [-P^{(2m)} C/a^{2m+1}
		// + P^{(2m+1)} S/a^{2m+2}]
		m := j / 2
		sign := int64(1)
		if m%2 == 1 {
			sign = -1
		}
		var f Node
		switch {
		case fn == "cos" && j%2 == 0:
			f = S
		case fn == "cos":
			f = C
		case j%2 == 0:
			f, sign = C, -sign
		default:
			f = S
		}
		scale := new(big.Rat).Inv(ratPow(a, j+1))
		scale.Mul(scale, big.NewRat(sign, 1))
		terms = append(terms, &Mul{Factors: []Node{Rat(scale), polyNode(d, v), f}})
		d = derivPoly(d)
	}
	return &Add{Terms: terms}
}

// linRange bounds the range of a·v + b over the interval between the
// bounds x and y (in either order): a linear function's range there lies
// between its values at the enclosures' ends, with inf marking an infinite
// end.
func linRange(a, b *big.Rat, x, y end) (lo, hi end) {
	var pts []end
	for _, e := range []end{x, y} {
		if e.inf != 0 {
			pts = append(pts, end{inf: e.inf * a.Sign()})
			continue
		}
		for _, r := range []*big.Rat{e.lo, e.hi} {
			v := new(big.Rat).Mul(a, r)
			pts = append(pts, end{r: v.Add(v, b)})
		}
	}
	lo, hi = pts[0], pts[0]
	for _, p := range pts[1:] {
		if lessEnd(p, lo) {
			lo = p
		}
		if lessEnd(hi, p) {
			hi = p
		}
	}
	return lo, hi
}

func (e end) sign() int {
	if e.inf != 0 {
		return e.inf
	}
	return e.r.Sign()
}

// linearPower: ∫c·L^r with L = av + b: L^{r+1}/(a(r+1)), or ln|L|/a.
func (l *state) linearPower(L Node, a, b, r, c *big.Rat, v string) antiderivative {
	intR := r.IsInt()
	if r.Cmp(big.NewRat(-1, 1)) == 0 {
		return antiderivative{
			ok: func(x, y end) bool {
				lo, hi := linRange(a, b, x, y)
				return x.inf == 0 && y.inf == 0 && (lo.sign() > 0 || hi.sign() < 0)
			},
			F: &Mul{Factors: []Node{Rat(new(big.Rat).Quo(c, a)), &Call{Fn: "ln", Args: []Node{&Call{Fn: "abs", Args: []Node{L}}}}}},
		}
	}
	r1 := new(big.Rat).Add(r, big.NewRat(1, 1))
	k := new(big.Rat).Quo(c, new(big.Rat).Mul(a, r1))
	ad := antiderivative{F: &Mul{Factors: []Node{Rat(k), &Pow{Base: L, Exp: Rat(r1)}}}}
	ad.ok = func(x, y end) bool {
		lo, hi := linRange(a, b, x, y)
		if (x.inf != 0 || y.inf != 0) && r1.Sign() >= 0 {
			return false // diverges at the infinite end
		}
		switch {
		case intR: // a pole at L = 0
			return lo.sign() > 0 || hi.sign() < 0
		case r1.Sign() > 0: // integrable at L = 0, undefined below it
			return lo.sign() >= 0
		}
		return lo.sign() > 0
	}
	ad.atInf = func(int) (Node, bool) { return Int(0), r1.Sign() < 0 }
	return ad
}

// quadraticKernel: c/(αv²+βv+γ) with a negative discriminant (an
// arctangent), or c·(αv²+βv+γ)^{-1/2} with α < 0 (an arcsine).
func (l *state) quadraticKernel(Q Node, r, c *big.Rat, v string) (antiderivative, bool) {
	p, ok := l.univariatePoly(Q, v)
	if !ok || len(p) != 3 || p[2].Sign() == 0 {
		return antiderivative{}, false
	}
	al, be, ga := p[2], p[1], p[0]
	disc := new(big.Rat).Mul(be, be)
	disc.Sub(disc, new(big.Rat).Mul(big.NewRat(4, 1), new(big.Rat).Mul(al, ga)))
	x := &Sym{Name: v}
	lin := &Add{Terms: []Node{&Mul{Factors: []Node{Rat(new(big.Rat).Mul(big.NewRat(2, 1), al)), x}}, Rat(be)}} // 2αv + β
	switch {
	case r.Cmp(big.NewRat(-1, 1)) == 0 && disc.Sign() < 0:
		// 2/√D · atan((2αv+β)/√D), D = -disc (α > 0 or α < 0 alike)
		D := new(big.Rat).Neg(disc)
		rootD := &Pow{Base: Rat(D), Exp: Rat(big.NewRat(1, 2))}
		F := &Mul{Factors: []Node{Rat(new(big.Rat).Mul(c, big.NewRat(2, 1))), &Pow{Base: rootD, Exp: Int(-1)},
			&Call{Fn: "atan", Args: []Node{&Mul{Factors: []Node{lin, &Pow{Base: rootD, Exp: Int(-1)}}}}}}}
		return antiderivative{F: F, entire: true, atInf: func(s int) (Node, bool) {
			// atan → ±π/2 as 2αv+β → ±∞
			dir := s * al.Sign()
			return &Mul{Factors: []Node{Rat(new(big.Rat).Mul(c, big.NewRat(int64(dir), 1))), &Sym{Name: Pi}, &Pow{Base: rootD, Exp: Int(-1)}}}, true
		}}, true
	case r.Cmp(big.NewRat(-1, 2)) == 0 && al.Sign() < 0 && disc.Sign() > 0:
		// (1/√(-α)) asin((-2αv-β)/√disc), on [roots]
		rootA := &Pow{Base: Rat(new(big.Rat).Neg(al)), Exp: Rat(big.NewRat(1, 2))}
		rootDisc := &Pow{Base: Rat(disc), Exp: Rat(big.NewRat(1, 2))}
		F := &Mul{Factors: []Node{Rat(c), &Pow{Base: rootA, Exp: Int(-1)},
			&Call{Fn: "asin", Args: []Node{&Mul{Factors: []Node{Int(-1), lin, &Pow{Base: rootDisc, Exp: Int(-1)}}}}}}}
		in := func(e end) bool {
			// Q ≥ 0 on the enclosure: (2αx+β)² ≤ disc at both its ends
			// (a convex function of x is largest at an end)
			for _, x := range []*big.Rat{e.lo, e.hi} {
				w := new(big.Rat).Mul(big.NewRat(2, 1), al)
				w.Mul(w, x)
				w.Add(w, be)
				if new(big.Rat).Mul(w, w).Cmp(disc) > 0 {
					return false
				}
			}
			return true
		}
		return antiderivative{F: F, ok: func(x, y end) bool {
			return x.inf == 0 && y.inf == 0 && in(x) && in(y)
		}}, true
	}
	return antiderivative{}, false
}

// lnKernel: ∫c·ln(av+b) = c((av+b)ln(av+b) - (av+b))/a, and ∫P·ln v =
// Σ c_k (v^{k+1} ln v/(k+1) - v^{k+1}/(k+1)²); both on L > 0.
func (l *state) lnKernel(p []*big.Rat, u Node, v string) (antiderivative, error) {
	a, _, b, ok := l.linearIn(u, v, true)
	if !ok {
		return antiderivative{}, ErrUnknownFunction
	}
	pos := func(x, y end) bool {
		lo, _ := linRange(a, b, x, y)
		return x.inf == 0 && y.inf == 0 && lo.sign() > 0
	}
	ln := &Call{Fn: "ln", Args: []Node{u}}
	if c, ok := polyConst(p); ok {
		F := &Mul{Factors: []Node{Rat(new(big.Rat).Quo(c, a)), &Add{Terms: []Node{&Mul{Factors: []Node{u, ln}}, &Neg{X: u}}}}}
		return antiderivative{F: F, ok: pos}, nil
	}
	if a.Cmp(big.NewRat(1, 1)) != 0 || b.Sign() != 0 {
		return antiderivative{}, ErrUnknownFunction
	}
	x := &Sym{Name: v}
	var terms []Node
	for k, c := range p {
		if c.Sign() == 0 {
			continue
		}
		k1 := big.NewRat(int64(k+1), 1)
		pw := &Pow{Base: x, Exp: Int(int64(k + 1))}
		terms = append(terms,
			&Mul{Factors: []Node{Rat(new(big.Rat).Quo(c, k1)), pw, ln}},
			&Mul{Factors: []Node{Rat(new(big.Rat).Neg(new(big.Rat).Quo(c, new(big.Rat).Mul(k1, k1)))), pw}})
	}
	return antiderivative{F: &Add{Terms: terms}, ok: pos}, nil
}
