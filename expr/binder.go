package expr

import (
	"math/big"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// definiteIntegral evaluates \int_lo^hi body d var exactly: a polynomial
// body (in the variable and in any others) between rational bounds, or a
// body of the antiderivative table (antideriv.go) between bounds where it
// is continuous, returning the result as a tree. Anything else has no exact
// value here: ErrUnknownFunction.
func (l *state) definiteIntegral(t *Call) (Node, error) {
	v, ok := BoundVar(t)
	if !ok || t.Fn != "int" || len(t.Args) != 4 {
		return nil, ErrUnknownFunction
	}
	lo, err := l.integralEnd(t.Args[2])
	if err != nil {
		return nil, err
	}
	hi, err := l.integralEnd(t.Args[3])
	if err != nil {
		return nil, err
	}
	if indexedBy(t.Args[0], v) {
		return nil, ErrUnknownFunction
	}
	body, v := renameBound(t, v)
	// an iterated integral: the inner ones first, each over its own
	// variable, while the outer variable is a constant to them
	if body, err = l.innerIntegrals(body); err != nil {
		return nil, err
	}
	if lo.r != nil && hi.r != nil {
		out, err := l.ratBoundsIntegral(body, v, lo.r, hi.r)
		if err == nil || err == ErrLimit || err == ErrDeadline {
			return out, err
		}
	}
	// beyond polynomials, other bounds: an antiderivative from the table
	// of antideriv.go, on an interval where the body is continuous
	return l.elementaryIntegral(body, v, lo, hi)
}

// innerIntegrals replaces each definite integral inside n by its exact
// value where definiteIntegral finds one; an integral it cannot evaluate is
// left as it is (the outer integral then has no exact value either). Only
// the deadline and size limits are errors.
func (l *state) innerIntegrals(n Node) (Node, error) {
	found := false
	Walk(n, func(m Node) bool {
		if c, ok := m.(*Call); ok && c.Fn == "int" && len(c.Args) == 4 {
			found = true
		}
		return !found
	})
	if !found {
		return n, nil
	}
	var failed error // the deadline or a size limit, which stops the walk
	var rec func(Node) Node
	rec = func(m Node) Node {
		if failed != nil {
			return m
		}
		if err := l.check(); err != nil {
			failed = err
			return m
		}
		if c, ok := m.(*Call); ok && c.Fn == "int" && len(c.Args) == 4 {
			v, err := l.definiteIntegral(c)
			switch {
			case err == ErrLimit || err == ErrDeadline:
				failed = err
			case err == nil:
				return v
			}
			return m
		}
		switch m.(type) {
		case *Neg, *Add, *Mul, *Pow:
			return mapChildren(m, rec)
		}
		return m
	}
	out := rec(n)
	if failed != nil {
		return nil, failed
	}
	return out, nil
}

// ratBoundsIntegral is the integral of a polynomial body (with factors
// free of the variable) between rational bounds.
func (l *state) ratBoundsIntegral(body Node, v string, lo, hi *big.Rat) (Node, error) {
	out, err := l.polyIntegral(body, v, lo, hi)
	if err == nil || err == ErrLimit || err == ErrDeadline {
		return out, err
	}
	// a body with factors free of the variable (\int_0^1 (8-i)\,dx,
	// \int_0^1 \sqrt{7}x\,dx): linearity, \int K·P = K·\int P for each
	// term, with \int K = K·(hi - lo)
	consts, rests := splitConstFactors(body, v)
	if consts == nil {
		return nil, err
	}
	var terms []Node
	for j := range consts {
		if rests[j] == nil {
			terms = append(terms, &Mul{Factors: []Node{consts[j], Rat(new(big.Rat).Sub(hi, lo))}})
			continue
		}
		in, err := l.polyIntegral(rests[j], v, lo, hi)
		if err != nil {
			return nil, err
		}
		terms = append(terms, &Mul{Factors: []Node{consts[j], in}})
	}
	return &Add{Terms: terms}, nil
}

// splitConstFactors writes body as a sum of terms consts[j]·rests[j],
// where consts[j] is the product of a term's factors free of v (with its
// sign) and rests[j] the product of the others (nil when there are none).
// consts is nil when no term has a factor free of v that is not a
// rational number (nothing gained over reading the whole body).
func splitConstFactors(body Node, v string) (consts, rests []Node) {
	terms := []Node{body}
	if a, ok := body.(*Add); ok {
		terms = a.Terms
	}
	gain := false
	for _, term := range terms {
		factors, neg := flatFactors(term, false, nil)
		var cs, rs []Node
		if neg {
			cs = append(cs, Int(-1))
		}
		for _, f := range factors {
			if FreeVars(f)[v] {
				rs = append(rs, f)
				continue
			}
			if _, ok := f.(*Num); !ok {
				gain = true
			}
			cs = append(cs, f)
		}
		c := Node(Int(1))
		if len(cs) > 0 {
			c = &Mul{Factors: cs}
		}
		var r Node
		if len(rs) > 0 {
			r = &Mul{Factors: rs}
		}
		consts, rests = append(consts, c), append(rests, r)
	}
	if !gain {
		return nil, nil
	}
	return consts, rests
}

// flatFactors appends the factors of a product to out, nested products
// and signs taken apart (\frac{\sqrt{7}x}{14} is \sqrt{7}, x, 14^{-1}).
func flatFactors(n Node, neg bool, out []Node) ([]Node, bool) {
	switch t := n.(type) {
	case *Neg:
		return flatFactors(t.X, !neg, out)
	case *Mul:
		for _, f := range t.Factors {
			out, neg = flatFactors(f, neg, out)
		}
		return out, neg
	}
	return append(out, n), neg
}

// polyIntegral is \int_lo^hi body dv for a body that is a polynomial (in
// v and in any other variables).
func (l *state) polyIntegral(body Node, v string, lo, hi *big.Rat) (Node, error) {
	rf, err := l.ratFunc(body)
	if err != nil {
		return nil, unknownUnlessLimit(err)
	}
	den, ok := rf.Den.constant()
	if !ok || den.Sign() == 0 {
		return nil, ErrUnknownFunction
	}
	keys := make([]string, 0, len(rf.Num.terms))
	for k := range rf.Num.terms {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var terms []Node
	for _, k := range keys {
		if err := l.check(); err != nil {
			return nil, err
		}
		m := rf.Num.monos[k]
		d := m[v]
		if d+1 > MaxPolyDegree {
			return nil, ErrLimit
		}
		// coef * (hi^(d+1) - lo^(d+1)) / ((d+1) * den)
		e := big.NewInt(int64(d + 1))
		ph := new(big.Rat).SetFrac(new(big.Int).Exp(hi.Num(), e, nil), new(big.Int).Exp(hi.Denom(), e, nil))
		pl := new(big.Rat).SetFrac(new(big.Int).Exp(lo.Num(), e, nil), new(big.Int).Exp(lo.Denom(), e, nil))
		c := new(big.Rat).Sub(ph, pl)
		c.Mul(c, rf.Num.terms[k])
		c.Quo(c, new(big.Rat).Mul(den, big.NewRat(int64(d+1), 1)))
		if err := l.fits(c); err != nil {
			return nil, err
		}
		if c.Sign() == 0 {
			continue
		}
		factors := []Node{Rat(c)}
		names := make([]string, 0, len(m))
		for name := range m {
			if name != v && m[name] != 0 {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		for _, name := range names {
			factors = append(factors, &Pow{Base: &Sym{Name: name}, Exp: Int(int64(m[name]))})
		}
		if len(factors) == 1 {
			terms = append(terms, factors[0])
		} else {
			terms = append(terms, &Mul{Factors: factors})
		}
	}
	switch len(terms) {
	case 0:
		return Int(0), nil
	case 1:
		return terms[0], nil
	}
	return &Add{Terms: terms}, nil
}

// unknownUnlessLimit keeps the limit and deadline errors and turns any
// other failure into "no value".
func unknownUnlessLimit(err error) error {
	if err == ErrLimit || err == ErrDeadline {
		return err
	}
	return ErrUnknownFunction
}

// conjugateTree returns the complex conjugate of n as a tree when n is
// built from rationals, the constants, i and field operations, integer
// powers and roots of positive rationals: then conjugation is the
// substitution of -i for i. Anything else (a root of a negative number, a
// function) is not conjugated here (ok false).
func conjugateTree(n Node) (Node, bool) {
	safe := true
	Walk(n, func(x Node) bool {
		switch t := x.(type) {
		case *Num, *Neg, *Add, *Mul:
		case *Sym:
			if !IsConst(t.Name) || t.Name == Inf {
				safe = false
			}
		case *Pow:
			e, ok := t.Exp.(*Num)
			if !ok {
				safe = false
				return false
			}
			if !e.V.IsInt() {
				b, ok := t.Base.(*Num)
				if !ok || b.V.Sign() <= 0 {
					safe = false
				}
				return false
			}
		default:
			safe = false
		}
		return safe
	})
	if !safe {
		return nil, false
	}
	return Substitute(n, I, &Neg{X: &Sym{Name: I}}), true
}

// gammaInt is Γ(n) = (n-1)! for a positive integer n (ok false otherwise).
func (l *state) gammaInt(t *Call) (*big.Rat, error) {
	if len(t.Args) != 1 {
		return nil, ErrNotScalar
	}
	n, err := l.rat(t.Args[0])
	if err != nil {
		return nil, err
	}
	if !n.IsInt() || n.Sign() <= 0 {
		if n.IsInt() {
			return nil, ErrDomain // the poles at 0, -1, -2, ...
		}
		return nil, ErrNotRational
	}
	return l.rat(&Call{Fn: "fact", Args: []Node{Rat(new(big.Rat).Sub(n, big.NewRat(1, 1)))}})
}

// maxGammaHalf bounds |n| in Γ(n + 1/2).
const maxGammaHalf = 500

// gammaHalf is Γ at a half-integer, exactly: Γ(m + 1/2) = (2m)!/(4^m m!)·√π
// for m ≥ 0 and Γ(1/2 - k) = (-4)^k k!/(2k)!·√π for k ≥ 1 (from Γ(1/2) = √π
// and Γ(x+1) = xΓ(x)). Any other argument has no value here.
func (l *state) gammaHalf(t *Call) (Node, error) {
	if len(t.Args) != 1 {
		return nil, ErrNotScalar
	}
	x, err := l.rat(t.Args[0])
	if err != nil {
		return nil, unknownUnlessLimit(err)
	}
	if x.Denom().Cmp(big.NewInt(2)) != 0 {
		return nil, ErrUnknownFunction
	}
	m := new(big.Rat).Sub(x, half) // an integer
	if !m.Num().IsInt64() || m.Num().Int64() > maxGammaHalf || m.Num().Int64() < -maxGammaHalf {
		return nil, ErrLimit
	}
	k := m.Num().Int64()
	neg := k < 0
	if neg {
		k = -k
	}
	// (2k)!/(4^k k!)
	c := new(big.Rat).SetFrac(new(big.Int).MulRange(k+1, 2*k), new(big.Int).Exp(big.NewInt(4), big.NewInt(k), nil))
	if k == 0 {
		c.SetInt64(1)
	}
	if neg {
		c.Inv(c)
		if k%2 == 1 {
			c.Neg(c)
		}
	}
	if err := l.fits(c); err != nil {
		return nil, err
	}
	return &Mul{Factors: []Node{Rat(c), &Pow{Base: &Sym{Name: Pi}, Exp: Rat(half)}}}, nil
}

// constant returns the value of a polynomial without variables.
func (p *Poly) constant() (*big.Rat, bool) {
	switch len(p.terms) {
	case 0:
		return new(big.Rat), true
	case 1:
		if c, ok := p.terms[""]; ok {
			return c, true
		}
	}
	return nil, false
}

// indexedBy reports whether n holds a symbol subscripted with the bound
// variable v (a_k, a_{ij} with v = i, y_t, \alpha_{k+1}): a sequence or a
// function of v that the engine cannot see inside a symbol's name, which
// it would take for a constant (\sum_{i=1}^3 a_{ii} was 3a_{ii}, \int_0^1
// a_x\,dx was a_x). In a subscript every letter is an index of its own
// (a_{ij} is a_{i,j}); a command is one name (\alpha).
func indexedBy(n Node, v string) bool {
	found := false
	Walk(n, func(m Node) bool {
		if s, ok := m.(*Sym); ok && SubscriptHas(s.Name, v) {
			found = true
		}
		return !found
	})
	return found
}

// SubscriptHas reports whether the subscript of the symbol name sym holds
// the variable v as an index, as RenameInSubscript reads a subscript.
func SubscriptHas(sym, v string) bool {
	_, ok := RenameInSubscript(sym, v, v)
	return ok
}

// RenameInSubscript replaces the index v where it stands in the subscript
// of a symbol's name (a_k, a_{k}, x_{k+1}, b_{2k}, and a_{ij}, a_{ii}:
// every letter of a subscript is an index of its own, a command such as
// \alpha one name), with name.
func RenameInSubscript(sym, v, name string) (string, bool) {
	i := strings.IndexByte(sym, '_')
	if i <= 0 || v == "" {
		return sym, false
	}
	base, sub := sym[:i], strings.TrimSuffix(strings.TrimPrefix(sym[i+1:], "{"), "}")
	isLetter := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
	var b strings.Builder
	found := false
	for j := 0; j < len(sub); {
		if sub[j] == '\\' {
			k := j + 1
			for k < len(sub) && isLetter(sub[k]) {
				k++
			}
			if k == j+1 {
				k++ // a control symbol
			}
			k = min(k, len(sub))
			if sub[j:k] == v {
				b.WriteString(name)
				found = true
			} else {
				b.WriteString(sub[j:k])
			}
			j = k
			continue
		}
		if len(v) == 1 && sub[j] == v[0] {
			if name != "" && (j > 0 && isLetter(sub[j-1]) || j+1 < len(sub) && isLetter(sub[j+1])) {
				// a_{ij} with i renamed: the new name is kept apart from
				// the other indices
				b.WriteString("{" + name + "}")
			} else {
				b.WriteString(name)
			}
			j++
			found = true
			continue
		}
		b.WriteByte(sub[j])
		j++
	}
	if !found {
		return sym, false
	}
	return base + "_{" + b.String() + "}", true
}

// renameBound returns the body of a binder with its variable renamed to a
// name no answer holds, so that an index spelled like a constant (the i of
// \sum_{i=1}^n i^2) is read as the variable it is inside the body.
//
// The name is fresh for this body too: in \int_0^1\int_0^1 xy\,dx\,dy
// the outer y is renamed first, and the inner x must not take the same
// name, or the body would read x·x.
func renameBound(t *Call, v string) (Node, string) {
	fresh := "#v"
	used := map[string]bool{}
	Walk(t.Args[0], func(n Node) bool {
		if s, ok := n.(*Sym); ok {
			used[s.Name] = true
		}
		return true
	})
	for i := 1; used[fresh]; i++ {
		fresh = "#v" + strconv.Itoa(i)
	}
	return Substitute(t.Args[0], v, &Sym{Name: fresh}), fresh
}

// maxSumDegree bounds the degree of a summand written in closed form.
const maxSumDegree = 60

// bernoulliTable returns B_0 ... B_maxSumDegree, computed once.
var bernoulliTable = sync.OnceValue(func() []*big.Rat { return bernoulli(maxSumDegree) })

// bernoulli returns B_0 ... B_n (with B_1 = -1/2).
func bernoulli(n int) []*big.Rat {
	b := make([]*big.Rat, n+1)
	b[0] = big.NewRat(1, 1)
	for m := 1; m <= n; m++ {
		acc := new(big.Rat)
		for k := 0; k < m; k++ {
			c := new(big.Rat).SetInt(new(big.Int).Binomial(int64(m+1), int64(k)))
			acc.Add(acc, c.Mul(c, b[k]))
		}
		b[m] = acc.Quo(acc, big.NewRat(int64(-(m+1)), 1))
	}
	return b
}

// powerSumCoeffs returns the coefficients c_j of F_d(N) = sum_{k=0}^{N-1}
// k^d = sum_j c_j N^j (Faulhaber's formula; 0^0 = 1).
func powerSumCoeffs(d int, bern []*big.Rat) []*big.Rat {
	c := make([]*big.Rat, d+2)
	for j := range c {
		c[j] = new(big.Rat)
	}
	for j := 0; j <= d; j++ {
		x := new(big.Rat).SetInt(new(big.Int).Binomial(int64(d+1), int64(j)))
		x.Mul(x, bern[j])
		x.Quo(x, big.NewRat(int64(d+1), 1))
		c[d+1-j].Add(c[d+1-j], x)
	}
	return c
}

// polySum writes sum_{v=lo}^{hi} body in closed form when the body is a
// polynomial in the index (with any other variables), lo is an integer and
// hi any expression free of the index: sum_{k=lo}^{hi} k^d = F_d(hi+1) -
// F_d(lo). This is an identity for every integer hi >= lo-1, the only
// values where the sum means anything, and two polynomials that agree on
// all of them are the same polynomial: a proof, not a probe.
func (l *state) polySum(t *Call) (Node, error) {
	v, ok := BoundVar(t)
	if !ok || t.Fn != "sum" || len(t.Args) != 4 {
		return nil, ErrUnknownFunction
	}
	if FreeVars(t.Args[2])[v] || FreeVars(t.Args[3])[v] {
		return nil, ErrUnknownFunction
	}
	lo, err := l.ratInt(t.Args[2])
	if err != nil {
		return nil, unknownUnlessLimit(err)
	}
	if indexedBy(t.Args[0], v) {
		return nil, ErrUnknownFunction
	}
	body, v := renameBound(t, v)
	rf, err := l.ratFunc(body)
	if err != nil {
		return nil, unknownUnlessLimit(err)
	}
	den, ok := rf.Den.constant()
	if !ok || den.Sign() == 0 {
		return nil, ErrUnknownFunction
	}
	keys := make([]string, 0, len(rf.Num.terms))
	for k := range rf.Num.terms {
		keys = append(keys, k)
		if rf.Num.monos[k][v] > maxSumDegree {
			return nil, ErrLimit
		}
	}
	sort.Strings(keys)
	bern := bernoulliTable()
	top := &Add{Terms: []Node{t.Args[3], Int(1)}} // hi + 1
	loR := new(big.Rat).SetInt(lo)
	var terms []Node
	for _, k := range keys {
		if err := l.check(); err != nil {
			return nil, err
		}
		m := rf.Num.monos[k]
		cs := powerSumCoeffs(m[v], bern)
		scale := new(big.Rat).Quo(rf.Num.terms[k], den)
		// F_d(hi+1) - F_d(lo)
		var poly []Node
		atLo := new(big.Rat)
		for j := len(cs) - 1; j >= 0; j-- {
			if cs[j].Sign() == 0 {
				continue
			}
			p := new(big.Rat).SetFrac(new(big.Int).Exp(loR.Num(), big.NewInt(int64(j)), nil), big.NewInt(1))
			atLo.Add(atLo, p.Mul(p, cs[j]))
			poly = append(poly, &Mul{Factors: []Node{Rat(cs[j]), &Pow{Base: top, Exp: Int(int64(j))}}})
		}
		poly = append(poly, Rat(new(big.Rat).Neg(atLo)))
		factors := []Node{Rat(scale), &Add{Terms: poly}}
		names := make([]string, 0, len(m))
		for name := range m {
			if name != v && m[name] != 0 {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		for _, name := range names {
			factors = append(factors, &Pow{Base: &Sym{Name: name}, Exp: Int(int64(m[name]))})
		}
		terms = append(terms, &Mul{Factors: factors})
	}
	if len(terms) == 0 {
		return Int(0), nil
	}
	return &Add{Terms: terms}, nil
}

// continuousAt reports (nil) that body is a rational function whose
// denominator does not vanish where v is the rational p: continuous there.
func (l *state) continuousAt(body Node, v string, p *big.Rat) error {
	rf, err := l.ratFunc(body)
	if err != nil {
		return unknownUnlessLimit(err)
	}
	dv, err := l.rat(Substitute(rf.Den.node(), v, Rat(p)))
	if err != nil || dv.Sign() == 0 {
		return ErrUnknownFunction
	}
	return nil
}

// node writes a polynomial as a tree.
func (p *Poly) node() Node {
	keys := make([]string, 0, len(p.terms))
	for k := range p.terms {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	terms := []Node{Int(0)}
	for _, k := range keys {
		f := []Node{Rat(p.terms[k])}
		m := p.monos[k]
		names := make([]string, 0, len(m))
		for name := range m {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			f = append(f, &Pow{Base: &Sym{Name: name}, Exp: Int(int64(m[name]))})
		}
		terms = append(terms, &Mul{Factors: f})
	}
	return &Add{Terms: terms}
}
