package cas

import (
	"sort"
	"strings"
)

// Expr is an expression of elementary functions in canonical form. Values
// are built only by the constructors (N, V, Sum, Product, Power, Call, ...),
// which simplify as they build: sums collect like terms, products collect
// powers of equal bases, numeric radicals are reduced (\sqrt{12} = 2\sqrt{3},
// integer base and exponent in (0, 1)), and a few identities of the
// elementary functions are applied (exp(ln u) = u, sin(-u) = -sin(u), the
// sine and cosine of rational multiples of pi with denominators 1, 2, 3, 4
// and 6). Two expressions with the same Key are equal; the converse holds
// after Expand for polynomial and exponential-polynomial forms.
type Expr interface {
	// Key is the canonical key: equal keys mean equal expressions.
	Key() string
	isExpr()
}

// Num is a rational constant.
type Num struct{ V Q }

// Var is a variable (x, y, z, t, u, ...).
type Var struct{ Name string }

// Const is a named constant: pi.
type Const struct{ Name string }

// Add is a sum of at least two terms in canonical order.
type Add struct {
	Terms []Expr
	key   string // computed on first use (nodes are not shared between goroutines)
}

// Mul is a product of at least two factors; a numeric coefficient, when
// not 1, is the first factor.
type Mul struct {
	Factors []Expr
	key     string
	rest    Expr // the product without its coefficient, made on first use
}

// Pow is Base^Exp, Exp not 0 or 1.
type Pow struct {
	Base, Exp Expr
	key       string
	raw       bool // made by Product to be simplified again
}

// Fn is a named elementary function of one argument: sin, cos, tan, sec,
// exp, ln, arcsin, arccos, arctan, sinh, cosh, tanh, abs.
type Fn struct {
	Name string
	Arg  Expr
	key  string
}

func (*Num) isExpr()   {}
func (*Var) isExpr()   {}
func (*Const) isExpr() {}
func (*Add) isExpr()   {}
func (*Mul) isExpr()   {}
func (*Pow) isExpr()   {}
func (*Fn) isExpr()    {}

// Key implements Expr.
func (n *Num) Key() string { return n.V.String() }

// Key implements Expr.
func (v *Var) Key() string { return v.Name }

// Key implements Expr.
func (c *Const) Key() string { return "#" + c.Name }

// Key implements Expr.
func (a *Add) Key() string {
	if a.key == "" {
		a.key = listKey("+(", a.Terms)
	}
	return a.key
}

// Key implements Expr.
func (m *Mul) Key() string {
	if m.key == "" {
		m.key = listKey("*(", m.Factors)
	}
	return m.key
}

// Key implements Expr.
func (p *Pow) Key() string {
	if p.key == "" {
		p.key = "^(" + p.Base.Key() + "," + p.Exp.Key() + ")"
	}
	return p.key
}

// Key implements Expr.
func (f *Fn) Key() string {
	if f.key == "" {
		f.key = f.Name + "(" + f.Arg.Key() + ")"
	}
	return f.key
}

func listKey(open string, xs []Expr) string {
	var sb strings.Builder
	sb.WriteString(open)
	for i, x := range xs {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(x.Key())
	}
	sb.WriteByte(')')
	return sb.String()
}

// Pi is the constant pi.
var Pi Expr = &Const{Name: "pi"}

// ImagUnit is the imaginary unit i. Products do not reduce i^2: it is for
// printing values built as a + b i, not for computing with them (see CQ).
var ImagUnit Expr = &Const{Name: "i"}

// N returns the rational constant q.
func N(q Q) Expr { return &Num{V: q} }

// I returns the integer constant v.
func I(v int64) Expr { return &Num{V: Int(v)} }

// F returns the constant n/d.
func F(n, d int64) Expr { return &Num{V: Frac(n, d)} }

// V returns the variable name.
func V(name string) Expr { return &Var{Name: name} }

// IsNum returns the value of a numeric constant.
func IsNum(e Expr) (Q, bool) {
	if n, ok := e.(*Num); ok {
		return n.V, true
	}
	return Q{}, false
}

func isZero(e Expr) bool { q, ok := IsNum(e); return ok && q.IsZero() }
func isOne(e Expr) bool  { q, ok := IsNum(e); return ok && q.IsOne() }

// Neg returns -e.
func Neg(e Expr) Expr { return Product(I(-1), e) }

// Diff returns a - b.
func Diff(a, b Expr) Expr { return Sum(a, Neg(b)) }

// Quot returns a / b.
func Quot(a, b Expr) Expr { return Product(a, Power(b, I(-1))) }

// Sqrt returns the principal square root of e.
func Sqrt(e Expr) Expr { return Power(e, F(1, 2)) }

// Scale returns q e.
func Scale(q Q, e Expr) Expr { return Product(N(q), e) }

// splitCoef splits e into a rational coefficient and the rest (nil for 1).
func splitCoef(e Expr) (Q, Expr) {
	switch t := e.(type) {
	case *Num:
		return t.V, nil
	case *Mul:
		if c, ok := IsNum(t.Factors[0]); ok {
			if len(t.Factors) == 2 {
				return c, t.Factors[1]
			}
			if t.rest == nil {
				t.rest = mulRaw(t.Factors[1:])
			}
			return c, t.rest
		}
	}
	return Int(1), e
}

func mulRaw(fs []Expr) Expr { return &Mul{Factors: fs} }

// withCoef returns c * rest for rest from splitCoef.
func withCoef(c Q, rest Expr) Expr {
	if rest == nil {
		return N(c)
	}
	if c.IsZero() {
		return I(0)
	}
	if c.IsOne() {
		return rest
	}
	if m, ok := rest.(*Mul); ok {
		return mulRaw(append([]Expr{N(c)}, m.Factors...))
	}
	return mulRaw([]Expr{N(c), rest})
}

// Sum returns the simplified sum of terms.
func Sum(terms ...Expr) Expr {
	konst := Int(0)
	type acc struct {
		c    Q
		rest Expr
	}
	idx := map[string]int{}
	var list []acc
	var add func(e Expr)
	add = func(e Expr) {
		if a, ok := e.(*Add); ok {
			for _, t := range a.Terms {
				add(t)
			}
			return
		}
		c, rest := splitCoef(e)
		if rest == nil {
			konst = konst.Add(c)
			return
		}
		if a, ok := rest.(*Add); ok && !c.IsOne() {
			// a constant multiple of a sum inside a sum is distributed:
			// x - (y - z) is x - y + z
			for _, t := range a.Terms {
				add(Product(N(c), t))
			}
			return
		}
		k := rest.Key()
		if i, ok := idx[k]; ok {
			list[i].c = list[i].c.Add(c)
			return
		}
		idx[k] = len(list)
		list = append(list, acc{c, rest})
	}
	for _, t := range terms {
		add(t)
	}
	var out []Expr
	for _, a := range list {
		if !a.c.IsZero() {
			out = append(out, withCoef(a.c, a.rest))
		}
	}
	sortTerms(out)
	if !konst.IsZero() {
		out = append(out, N(konst))
	}
	switch len(out) {
	case 0:
		return I(0)
	case 1:
		return out[0]
	}
	return &Add{Terms: out}
}

// degree is the total degree of a term in its variables (numeric exponents
// of variable factors), used to print polynomials highest degree first.
func degree(e Expr) Q {
	_, rest := splitCoef(e)
	switch t := rest.(type) {
	case *Var:
		return Int(1)
	case *Pow:
		if _, ok := t.Base.(*Var); ok {
			if q, ok := IsNum(t.Exp); ok {
				return q
			}
		}
	case *Mul:
		d := Int(0)
		for _, f := range t.Factors {
			d = d.Add(degree(f))
		}
		return d
	}
	return Int(0)
}

func sortTerms(ts []Expr) {
	type kd struct {
		d    Q
		fn   bool
		k    string
		item Expr
	}
	ks := make([]kd, len(ts))
	for i, t := range ts {
		_, rest := splitCoef(t)
		ks[i] = kd{degree(t), hasFn(rest), rest.Key(), t}
	}
	sort.SliceStable(ks, func(i, j int) bool {
		if c := ks[i].d.Cmp(ks[j].d); c != 0 {
			return c > 0
		}
		if ks[i].fn != ks[j].fn {
			return ks[i].fn // transcendental terms before pure powers of the same degree
		}
		return ks[i].k < ks[j].k
	})
	for i := range ks {
		ts[i] = ks[i].item
	}
}

func hasFn(e Expr) bool {
	found := false
	walk(e, func(x Expr) {
		if _, ok := x.(*Fn); ok {
			found = true
		}
	})
	return found
}

func walk(e Expr, f func(Expr)) {
	f(e)
	switch t := e.(type) {
	case *Add:
		for _, x := range t.Terms {
			walk(x, f)
		}
	case *Mul:
		for _, x := range t.Factors {
			walk(x, f)
		}
	case *Pow:
		walk(t.Base, f)
		walk(t.Exp, f)
	case *Fn:
		walk(t.Arg, f)
	}
}

// Has reports whether e depends on the variable name.
func Has(e Expr, name string) bool {
	found := false
	walk(e, func(x Expr) {
		if v, ok := x.(*Var); ok && v.Name == name {
			found = true
		}
	})
	return found
}

// splitPow splits a factor into base and exponent.
func splitPow(e Expr) (Expr, Expr) {
	if p, ok := e.(*Pow); ok {
		return p.Base, p.Exp
	}
	return e, I(1)
}

// Product returns the simplified product of factors.
func Product(factors ...Expr) Expr {
	coef := Int(1)
	var flat []Expr
	var add func(e Expr)
	add = func(e Expr) {
		switch t := e.(type) {
		case *Num:
			coef = coef.Mul(t.V)
		case *Mul:
			for _, f := range t.Factors {
				add(f)
			}
		default:
			flat = append(flat, e)
		}
	}
	for _, f := range factors {
		add(f)
	}
	if coef.IsZero() {
		return I(0)
	}
	// collect powers of equal bases, then numeric radicals of equal
	// exponent, until nothing changes (a reduced radical may meet another)
	for round := 0; round < 8; round++ {
		changed := false
		type group struct {
			base Expr
			exps []Expr
		}
		idx := map[string]int{}
		var gs []group
		for _, f := range flat {
			b, e := splitPow(f)
			k := b.Key()
			if i, ok := idx[k]; ok {
				gs[i].exps = append(gs[i].exps, e)
				changed = true
				continue
			}
			idx[k] = len(gs)
			gs = append(gs, group{b, []Expr{e}})
		}
		// numeric radicals n^(p/q) with the same exponent multiply their bases
		radIdx := map[string]int{}
		var next []Expr
		for _, g := range gs {
			var e Expr
			if len(g.exps) == 1 {
				e = g.exps[0]
			} else {
				e = Sum(g.exps...)
			}
			if bn, ok := IsNum(g.base); ok && bn.Sign() > 0 {
				if en, ok := IsNum(e); ok && !en.IsInt() {
					k := en.String()
					if i, ok := radIdx[k]; ok {
						pb, _ := splitPow(next[i])
						prev, _ := IsNum(pb)
						next[i] = &Pow{Base: N(prev.Mul(bn)), Exp: e, raw: true} // simplified below
						changed = true
						continue
					}
					radIdx[k] = len(next)
				}
			}
			if len(g.exps) == 1 {
				next = append(next, powOrSelf(g.base, e, g.exps[0]))
			} else {
				next = append(next, Power(g.base, e))
			}
		}
		flat = flat[:0]
		for _, f := range next {
			if p, ok := f.(*Pow); ok && p.raw {
				f = Power(p.Base, p.Exp)
				changed = true
			}
			switch t := f.(type) {
			case *Num:
				coef = coef.Mul(t.V)
				if t.V.IsZero() {
					return I(0)
				}
			case *Mul:
				for _, x := range t.Factors {
					if q, ok := IsNum(x); ok {
						coef = coef.Mul(q)
					} else {
						flat = append(flat, x)
					}
				}
				changed = true
			default:
				flat = append(flat, f)
			}
		}
		if !changed {
			break
		}
	}
	sortFactors2(flat)
	if len(flat) == 0 {
		return N(coef)
	}
	if coef.IsOne() && len(flat) == 1 {
		return flat[0]
	}
	if !coef.IsOne() {
		flat = append([]Expr{N(coef)}, flat...)
	}
	return mulRaw(flat)
}

// powOrSelf rebuilds base^e only when needed (a single factor keeps its node).
func powOrSelf(base, e, orig Expr) Expr {
	if isOne(orig) {
		return base
	}
	return &Pow{Base: base, Exp: e}
}

// factorRank orders the factors of a product for printing: numeric
// radicals, then variables and their powers, then constants, then
// functions, then sums.
func factorRank(e Expr) int {
	b, _ := splitPow(e)
	switch b.(type) {
	case *Num:
		return 0
	case *Const:
		return 1
	case *Var:
		return 2
	case *Fn:
		return 4
	case *Add:
		return 5
	}
	return 6
}

func sortFactors2(fs []Expr) {
	sort.SliceStable(fs, func(i, j int) bool {
		ri, rj := factorRank(fs[i]), factorRank(fs[j])
		if ri != rj {
			return ri < rj
		}
		return fs[i].Key() < fs[j].Key()
	})
}

// Power returns the simplified power b^e.
func Power(b, e Expr) Expr {
	en, eNum := IsNum(e)
	if eNum {
		if en.IsZero() {
			return I(1)
		}
		if en.IsOne() {
			return b
		}
	}
	switch t := b.(type) {
	case *Num:
		if t.V.IsOne() {
			return I(1)
		}
		if eNum {
			return numPow(t.V, en)
		}
	case *Pow:
		if eNum {
			if bn, ok := IsNum(t.Base); ok && bn.Sign() > 0 {
				if ten, ok := IsNum(t.Exp); ok {
					return numPow(bn, ten.Mul(en))
				}
			}
			if en.IsInt() {
				return Power(t.Base, Product(t.Exp, e))
			}
		}
	case *Mul:
		if eNum && en.IsInt() {
			fs := make([]Expr, len(t.Factors))
			for i, f := range t.Factors {
				fs[i] = Power(f, e)
			}
			return Product(fs...)
		}
		if eNum {
			if c, rest := splitCoef(t); c.Sign() > 0 && !c.IsOne() {
				return Product(numPow(c, en), Power(rest, e))
			}
		}
	case *Fn:
		if t.Name == "exp" && eNum && en.IsInt() {
			return Call("exp", Product(t.Arg, e))
		}
	}
	if isZero(b) {
		return I(0)
	}
	return &Pow{Base: b, Exp: e}
}

// numPow is q^e for rationals: exact for integer e; for e = k + f (0 < f <
// 1) and q > 0 the radical is reduced: q^k times an integer base n^f with
// every perfect power pulled out (denominators are rationalised). A
// negative base with an odd root keeps its sign outside; with an even root
// the power stays unevaluated.
func numPow(q, e Q) Expr {
	if e.IsInt() {
		k, ok := e.Int64()
		if !ok || k > 4096 || k < -4096 {
			panic(ErrLimit)
		}
		if q.IsZero() {
			if k < 0 {
				panic("cas: 0 to a negative power")
			}
			return I(0)
		}
		return N(q.PowInt(int(k)))
	}
	if q.IsZero() {
		return I(0)
	}
	den, ok := e.DenInt64()
	if !ok || den > 64 {
		panic(ErrLimit)
	}
	if q.Sign() < 0 {
		if den%2 == 1 {
			num, _ := e.NumInt64()
			s := I(1)
			if num%2 != 0 {
				s = I(-1)
			}
			return Product(s, numPow(q.Neg(), e))
		}
		return &Pow{Base: N(q), Exp: N(e)}
	}
	k := e.Floor()
	f := e.Sub(k)
	kk, _ := k.Int64()
	coef := q.PowInt(int(kk))
	// q^f = (n/d)^(p/m) = (n^p d^(m-p))^(1/m) / d
	p, _ := f.NumInt64()
	m := den
	n, d := FromBigInt(q.Num()), FromBigInt(q.Den())
	base := n.PowInt(int(p)).Mul(d.PowInt(int(m - p)))
	coef = coef.Div(d)
	// pull out perfect m-th powers from base (an integer)
	out, in := perfectPowerSplit(base, int(m))
	coef = coef.Mul(out)
	if in.IsOne() {
		return N(coef)
	}
	// reduce the root index: 4^(1/4) -> 2^(1/2)
	rb, rm := in, m
	for _, pr := range []int64{2, 3, 5, 7} {
		for rm%pr == 0 {
			if r, ok := exactRoot(rb, int(pr)); ok {
				rb, rm = r, rm/pr
			} else {
				break
			}
		}
	}
	rad := &Pow{Base: N(rb), Exp: F(1, rm)}
	if coef.IsOne() {
		return rad
	}
	return mulRaw([]Expr{N(coef), rad})
}

// perfectPowerSplit writes the positive integer n as out^m * in with in free
// of m-th powers (trial division by primes up to a bound, then a check
// that the rest is not itself an m-th power).
func perfectPowerSplit(n Q, m int) (out, in Q) {
	v, ok := n.Int64()
	if !ok || v <= 0 {
		panic(ErrLimit)
	}
	o, r := int64(1), int64(1)
	for _, pp := range FactorInt(uint64(v)) {
		k := pp.K / m
		for i := 0; i < k; i++ {
			o *= int64(pp.P)
		}
		for i := 0; i < pp.K%m; i++ {
			r *= int64(pp.P)
		}
	}
	return Int(o), Int(r)
}

func exactRoot(n Q, k int) (Q, bool) {
	v, ok := n.Int64()
	if !ok || v <= 0 {
		return Q{}, false
	}
	out, in := perfectPowerSplit(n, k)
	_ = v
	return out, in.IsOne()
}

// Call applies a named function, with its simplifications.
func Call(name string, arg Expr) Expr {
	c, rest := splitCoef(arg)
	switch name {
	case "exp":
		if isZero(arg) {
			return I(1)
		}
		if f, ok := arg.(*Fn); ok && f.Name == "ln" {
			return f.Arg
		}
	case "ln":
		if isOne(arg) {
			return I(0)
		}
		if f, ok := arg.(*Fn); ok && f.Name == "exp" {
			return f.Arg
		}
		// ln of a positive rational: a combination of logarithms of primes
		if q, ok := IsNum(arg); ok && q.Sign() > 0 {
			if n, ok := q.Int64(); !ok || !IsPrime(uint64(n)) {
				return LnQ(q)
			}
		}
	case "sin", "tan", "arcsin", "arctan", "sinh", "tanh":
		if isZero(arg) {
			return I(0)
		}
		if c.Sign() < 0 {
			return Neg(Call(name, withCoef(c.Neg(), rest)))
		}
		if v, ok := trigValue(name, arg); ok {
			return v
		}
		if name == "arctan" {
			switch arg.Key() { // arctan 1, sqrt(3), sqrt(3)/3
			case "1":
				return Product(F(1, 4), Pi)
			case Sqrt(I(3)).Key():
				return Product(F(1, 3), Pi)
			case Product(F(1, 3), Sqrt(I(3))).Key():
				return Product(F(1, 6), Pi)
			}
		}
	case "cos", "sec", "cosh":
		if isZero(arg) {
			return I(1)
		}
		if c.Sign() < 0 {
			return Call(name, withCoef(c.Neg(), rest))
		}
		if v, ok := trigValue(name, arg); ok {
			return v
		}
	case "abs":
		if q, ok := IsNum(arg); ok {
			return N(q.Abs())
		}
	}
	return &Fn{Name: name, Arg: arg}
}

// PiMultiple returns q when e is q pi.
func PiMultiple(e Expr) (Q, bool) {
	if e == Pi {
		return Int(1), true
	}
	if isZero(e) {
		return Int(0), true
	}
	c, rest := splitCoef(e)
	if rest != nil && rest.Key() == Pi.Key() {
		return c, true
	}
	return Q{}, false
}

// trigValue gives sin, cos, tan and sec at rational multiples of pi with
// denominator 1, 2, 3, 4 or 6.
func trigValue(name string, arg Expr) (Expr, bool) {
	q, ok := PiMultiple(arg)
	if !ok || (name != "sin" && name != "cos" && name != "tan" && name != "sec") {
		return nil, false
	}
	d, ok := q.DenInt64()
	if !ok || (d != 1 && d != 2 && d != 3 && d != 4 && d != 6) {
		return nil, false
	}
	// reduce to [0, 2): angle in twelfths of pi
	twelfths := q.MulInt(12)
	t, _ := twelfths.Int64()
	t = Mod(t, 24)
	s, c := sinCos12(t)
	switch name {
	case "sin":
		return s, true
	case "cos":
		return c, true
	case "tan":
		if isZero(c) {
			return nil, false
		}
		return Quot(s, c), true
	default:
		if isZero(c) {
			return nil, false
		}
		return Quot(I(1), c), true
	}
}

// sinCos12 returns sin and cos of t pi / 12 for t a multiple of 2 or 3.
func sinCos12(t int64) (Expr, Expr) {
	// first quadrant values at 0, 2, 3, 4, 6 twelfths
	val := func(k int64) Expr { // sin(k pi/12), k in 0..6
		switch k {
		case 0:
			return I(0)
		case 2:
			return F(1, 2)
		case 3:
			return Quot(Sqrt(I(2)), I(2))
		case 4:
			return Quot(Sqrt(I(3)), I(2))
		case 6:
			return I(1)
		}
		return nil
	}
	sinv := func(t int64) Expr {
		t = Mod(t, 24)
		sign := int64(1)
		if t >= 12 {
			sign, t = -1, t-12
		}
		if t > 6 {
			t = 12 - t
		}
		return Product(I(sign), val(t))
	}
	return sinv(t), sinv(t + 6)
}
