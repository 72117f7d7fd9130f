package expr

import (
	"context"
	"math/big"
)

// Infinite sums \sum_{n=a}^{\infty} f(n) with a an integer, in closed form
// where a classical identity gives it exactly:
//
//   - P(n)·r^n, P a polynomial and r a rational with |r| < 1:
//     Σ_{m≥0} m^d r^m = Σ_j S(d,j) j! r^j/(1-r)^{j+1} (Stirling numbers of
//     the second kind), after the shift n = m + a;
//   - c/n^{2k}: ζ(2k) = (-1)^{k+1} B_{2k} (2π)^{2k} / (2 (2k)!), less the
//     terms below a;
//   - a rational function N/D with deg N ≤ deg D - 2 whose denominator has
//     simple rational roots all congruent modulo 1: partial fractions
//     telescope, leaving finitely many terms.
//
// Anything else (a divergent series, Σ 1/n³, Σ 1/(n 2^n)) has no value here:
// ErrUnknownFunction, never a partial sum.

// maxSeriesDegree bounds the degree of P and of D.
const maxSeriesDegree = 24

// maxSeriesRoots bounds the divisors tried for a rational root.
const maxSeriesRootSearch = 1 << 16

// InfiniteSum returns the closed form of the series t = \sum_{v=lo}^\infty
// body (see above), or an error when it has none here.
func InfiniteSum(ctx context.Context, t *Call, lim Limits) (Node, error) {
	return newState(ctx, lim).infiniteSum(t)
}

// infiniteSum is \sum_{v=lo}^{\infty} body for t = sum(body, v, lo, ∞).
func (l *state) infiniteSum(t *Call) (Node, error) {
	if !upToInfinity(t) {
		return nil, ErrUnknownFunction
	}
	body, v, a, err := l.summationRange(t, "sum")
	if err != nil {
		return nil, err
	}
	// the products of one ratio r are summed together first (Σ 1/n -
	// 1/(n+1) converges only as a whole), each product alone otherwise
	groups, err := l.ratioGroups(body, v)
	if err != nil {
		return nil, err
	}
	sumOf := func(r *big.Rat, rest []Node) (Node, error) {
		if r.Cmp(big.NewRat(1, 1)) != 0 {
			return l.geometricSum(rest, r, a, v)
		}
		return l.rationalSeries(rest, a, v)
	}
	var out []Node
	for _, g := range groups {
		s, err := sumOf(g.r, []Node{&Add{Terms: g.prods}})
		if err == ErrLimit || err == ErrDeadline {
			return nil, err
		}
		if err == nil {
			out = append(out, s)
			continue
		}
		// the group as a whole is no rational function (a coefficient
		// such as √2): each product on its own, all of which converge
		for _, pt := range g.parts {
			s, err := sumOf(g.r, []Node{pt[1]})
			if err != nil {
				return nil, err
			}
			out = append(out, &Mul{Factors: []Node{pt[0], s}})
		}
	}
	if len(out) == 0 {
		return Int(0), nil
	}
	return &Add{Terms: out}, nil
}

// summationRange reads t = fn(body, v, a, hi) whose lower bound a is an
// integer (|a| ≤ 2^20) and returns the body with its index renamed
// (renameBound), the index and a.
func (l *state) summationRange(t *Call, fn string) (Node, string, int64, error) {
	v, ok := BoundVar(t)
	if !ok || t.Fn != fn || len(t.Args) != 4 {
		return nil, "", 0, ErrUnknownFunction
	}
	a, err := l.ratInt(t.Args[2])
	if err != nil {
		return nil, "", 0, unknownUnlessLimit(err)
	}
	if !a.IsInt64() || a.Int64() > 1<<20 || a.Int64() < -(1<<20) {
		return nil, "", 0, ErrLimit
	}
	if indexedBy(t.Args[0], v) {
		return nil, "", 0, ErrUnknownFunction
	}
	body, v := renameBound(t, v)
	return body, v, a.Int64(), nil
}

// ratioGroup holds the products of a summand that share one geometric
// ratio r: each is coef·r^v·rest, kept whole in prods and as {coef, rest}
// in parts.
type ratioGroup struct {
	r     *big.Rat
	prods []Node
	parts [][2]Node
}

// ratioGroups expands body into products and groups them by ratio, in the
// order the ratios first appear.
func (l *state) ratioGroups(body Node, v string) ([]*ratioGroup, error) {
	prods, err := l.expandProducts(body, v)
	if err != nil {
		return nil, err
	}
	var groups []*ratioGroup
	byRatio := map[string]*ratioGroup{}
	for _, pr := range prods {
		r := big.NewRat(1, 1)
		coef := []Node{}
		var rest []Node
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
			if c, q, ok := l.geometricFactor(normalizeKernel(f), v); ok {
				coef = append(coef, c)
				r.Mul(r, q)
				if err := l.fits(r); err != nil {
					return nil, err
				}
				continue
			}
			rest = append(rest, f)
		}
		g := byRatio[r.RatString()]
		if g == nil {
			g = &ratioGroup{r: r}
			byRatio[r.RatString()] = g
			groups = append(groups, g)
		}
		c := &Mul{Factors: append(coef, Int(1))}
		g.prods = append(g.prods, &Mul{Factors: append([]Node{c}, rest...)})
		g.parts = append(g.parts, [2]Node{c, &Mul{Factors: append(rest, Int(1))}})
	}
	return groups, nil
}

// upToInfinity reports whether t is a sum whose upper bound is ∞.
func upToInfinity(t *Call) bool {
	if t.Fn != "sum" || len(t.Args) != 4 {
		return false
	}
	s, ok := t.Args[3].(*Sym)
	return ok && s.Name == Inf
}

// geometricFactor reads f as c·r^n: B^{αn+β} with B a rational, α an
// integer (c = B^β).
func (l *state) geometricFactor(f Node, v string) (Node, *big.Rat, bool) {
	p, ok := f.(*Pow)
	if !ok || FreeVars(p.Base)[v] {
		return nil, nil, false
	}
	B, err := l.rat(p.Base)
	if err != nil || B.Sign() == 0 {
		return nil, nil, false
	}
	al, be, ok := l.linearSplit(p.Exp, v)
	if !ok || !al.IsInt() || al.Sign() == 0 || !al.Num().IsInt64() || al.Num().Int64() > 64 || al.Num().Int64() < -64 {
		return nil, nil, false
	}
	k := al.Num().Int64()
	r := ratPow(B, int(max(k, -k)))
	if k < 0 {
		r.Inv(r)
	}
	return &Pow{Base: p.Base, Exp: be}, r, true
}

// geometricSum is Σ_{n=a}^∞ P(n) r^n for the polynomial P = Π rest.
func (l *state) geometricSum(rest []Node, r *big.Rat, a int64, v string) (Node, error) {
	if new(big.Rat).Abs(r).Cmp(big.NewRat(1, 1)) >= 0 {
		return nil, ErrUnknownFunction // diverges (or oscillates)
	}
	P := []*big.Rat{big.NewRat(1, 1)}
	for _, f := range rest {
		p, ok := l.univariatePoly(f, v)
		if !ok {
			return nil, ErrUnknownFunction
		}
		q, err := l.polyMul(P, p)
		if err != nil {
			return nil, err
		}
		P = q
	}
	if len(P) > maxSeriesDegree+1 {
		return nil, ErrLimit
	}
	// Σ_{n≥a} P(n) r^n = r^a Σ_{m≥0} P(m+a) r^m
	Q, err := l.taylorShift(P, big.NewRat(a, 1))
	if err != nil {
		return nil, err
	}
	one := big.NewRat(1, 1)
	inv1r := new(big.Rat).Inv(new(big.Rat).Sub(one, r)) // 1/(1-r)
	total := new(big.Rat)
	for d, c := range Q {
		if c.Sign() == 0 {
			continue
		}
		// Σ_{m≥0} m^d r^m = Σ_j S(d,j) j! r^j/(1-r)^{j+1}
		S := stirling2Row(d)
		acc := new(big.Rat)
		fact := big.NewInt(1)
		for j := 0; j <= d; j++ {
			if j > 0 {
				fact.Mul(fact, big.NewInt(int64(j)))
			}
			if S[j].Sign() == 0 {
				continue
			}
			term := new(big.Rat).SetInt(new(big.Int).Mul(S[j], fact))
			term.Mul(term, ratPow(r, j))
			term.Mul(term, ratPow(inv1r, j+1))
			acc.Add(acc, term)
		}
		total.Add(total, acc.Mul(acc, c))
		if err := l.fits(total); err != nil {
			return nil, err
		}
	}
	ra := ratPow(r, int(max(a, -a)))
	if a < 0 {
		ra.Inv(ra)
	}
	return Rat(total.Mul(total, ra)), nil
}

// stirling2Row returns S(d, 0..d), Stirling numbers of the second kind.
func stirling2Row(d int) []*big.Int {
	row := []*big.Int{big.NewInt(1)} // S(0,0) = 1
	for n := 1; n <= d; n++ {
		next := make([]*big.Int, n+1)
		for k := 0; k <= n; k++ {
			x := new(big.Int)
			if k < n {
				x.Mul(big.NewInt(int64(k)), row[k]) // k·S(n-1,k)
			}
			if k > 0 {
				x.Add(x, row[k-1]) // + S(n-1,k-1)
			}
			next[k] = x
		}
		row = next
	}
	return row
}

// rationalSeries is Σ_{n=a}^∞ N(n)/D(n) for the rational function Π rest.
func (l *state) rationalSeries(rest []Node, a int64, v string) (Node, error) {
	if len(rest) == 0 {
		return nil, ErrUnknownFunction // a constant or a polynomial: diverges
	}
	rf, err := l.ratFunc(&Mul{Factors: rest})
	if err != nil {
		return nil, unknownUnlessLimit(err)
	}
	N, ok1 := univariate(rf.Num, v)
	D, ok2 := univariate(rf.Den, v)
	if !ok1 || !ok2 || len(D) > maxSeriesDegree+1 || len(N) > maxSeriesDegree+1 {
		return nil, ErrUnknownFunction
	}
	if len(N) == 0 {
		return Int(0), nil
	}
	if len(N) > len(D)-2 {
		return nil, ErrUnknownFunction // deg N > deg D - 2: diverges
	}
	if z, ok, err := l.zetaSeries(N, D, a); ok || err != nil {
		return z, err
	}
	return l.telescope(N, D, a)
}

// zetaSeries: N/D = c/n^{2k}·(D a monomial, N a constant) is c(ζ(2k) -
// Σ_{n=1}^{a-1} n^{-2k}) for a ≥ 1.
func (l *state) zetaSeries(N, D []*big.Rat, a int64) (Node, bool, error) {
	s := len(D) - 1
	for i := 0; i < s; i++ {
		if D[i].Sign() != 0 {
			return nil, false, nil
		}
	}
	j := lowestTerm(N) // N = c·n^j alone
	if j >= len(N) || j != len(N)-1 {
		return nil, false, nil
	}
	s -= j
	if s%2 != 0 || s < 2 || a < 1 || s > maxSumDegree {
		return nil, false, nil
	}
	if a > 10000 {
		return nil, true, ErrLimit
	}
	c := new(big.Rat).Quo(N[j], D[len(D)-1])
	k := s / 2
	q := zetaEven(k) // ζ(2k) = q·π^{2k}
	head := new(big.Rat)
	for n := int64(1); n < a; n++ {
		if err := l.check(); err != nil {
			return nil, true, err
		}
		head.Add(head, new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(n), big.NewInt(int64(s)), nil)))
		if err := l.fits(head); err != nil {
			return nil, true, err
		}
	}
	z := &Add{Terms: []Node{&Mul{Factors: []Node{Rat(q), &Pow{Base: &Sym{Name: Pi}, Exp: Int(int64(2 * k))}}}, Rat(head.Neg(head))}}
	return &Mul{Factors: []Node{Rat(c), z}}, true, nil
}

// telescope sums N/D over n ≥ a when D has deg D simple rational roots ρ_i,
// pairwise differing by integers, none an integer ≥ a. With A_i = N(ρ_i)/
// D'(ρ_i) (so Σ A_i = 0, as deg N ≤ deg D - 2) and d_i = ρ_0 - ρ_i:
// Σ_{n≥a} A_i/(n-ρ_i) - A_i/(n-ρ_0) = -A_i Σ_{n=a}^{a+d_i-1} 1/(n-ρ_0) for
// d_i ≥ 0 and A_i Σ_{n=a+d_i}^{a-1} 1/(n-ρ_0) for d_i < 0.
func (l *state) telescope(N, D []*big.Rat, a int64) (Node, error) {
	roots, err := l.rationalRoots(D)
	if err != nil {
		return nil, err
	}
	if len(roots) != len(D)-1 {
		return nil, ErrUnknownFunction // not split into simple rational roots
	}
	for _, r := range roots {
		if r.IsInt() && r.Num().IsInt64() && r.Num().Int64() >= a || r.IsInt() && !r.Num().IsInt64() && r.Sign() > 0 {
			return nil, ErrUnknownFunction // a pole inside the range
		}
	}
	dD := derivPoly(D)
	rho0 := roots[0]
	total := new(big.Rat)
	for _, r := range roots {
		if err := l.check(); err != nil {
			return nil, err
		}
		d := new(big.Rat).Sub(rho0, r)
		if !d.IsInt() || !d.Num().IsInt64() || d.Num().Int64() > 100000 || d.Num().Int64() < -100000 {
			return nil, ErrUnknownFunction
		}
		A := new(big.Rat).Quo(polyAt(N, r), polyAt(dD, r))
		di := d.Num().Int64()
		part := new(big.Rat)
		if di >= 0 {
			for n := a; n <= a+di-1; n++ {
				part.Sub(part, new(big.Rat).Inv(new(big.Rat).Sub(big.NewRat(n, 1), rho0)))
			}
		} else {
			for n := a + di; n <= a-1; n++ {
				part.Add(part, new(big.Rat).Inv(new(big.Rat).Sub(big.NewRat(n, 1), rho0)))
			}
		}
		total.Add(total, part.Mul(part, A))
		if err := l.fits(total); err != nil {
			return nil, err
		}
	}
	return Rat(total), nil
}

func polyAt(p []*big.Rat, x *big.Rat) *big.Rat {
	acc := new(big.Rat)
	for i := len(p) - 1; i >= 0; i-- {
		acc.Mul(acc, x)
		acc.Add(acc, p[i])
	}
	return acc
}

// rationalRoots returns the distinct rational roots of p (rational root
// theorem on p scaled to integer coefficients), each divided out once; a
// repeated root is found once, so a caller comparing the count with the
// degree sees it.
func (l *state) rationalRoots(p []*big.Rat) ([]*big.Rat, error) {
	// integer coefficients
	lcm := big.NewInt(1)
	for _, c := range p {
		g := new(big.Int).GCD(nil, nil, lcm, c.Denom())
		lcm.Mul(lcm, new(big.Int).Quo(c.Denom(), g))
	}
	q := make([]*big.Int, len(p))
	for i, c := range p {
		q[i] = new(big.Int).Mul(c.Num(), new(big.Int).Quo(lcm, c.Denom()))
	}
	var roots []*big.Rat
	cur := append([]*big.Rat(nil), p...)
	// the root 0
	for len(cur) > 1 && cur[0].Sign() == 0 {
		if len(roots) > 0 && roots[len(roots)-1].Sign() == 0 {
			return roots, nil // a repeated root
		}
		roots = append(roots, new(big.Rat))
		cur = cur[1:]
	}
	if len(cur) <= 1 {
		return roots, nil
	}
	lo := 0
	for q[lo].Sign() == 0 {
		lo++
	}
	c0, cn := new(big.Int).Abs(q[lo]), new(big.Int).Abs(q[len(q)-1])
	ps, err := l.divisors(c0)
	if err != nil {
		return nil, err
	}
	qs, err := l.divisors(cn)
	if err != nil {
		return nil, err
	}
	if len(ps)*len(qs) > maxSeriesRootSearch {
		return nil, ErrUnknownFunction
	}
	seen := map[string]bool{}
	for _, pn := range ps {
		for _, qd := range qs {
			for _, sgn := range []int64{1, -1} {
				if err := l.check(); err != nil {
					return nil, err
				}
				r := new(big.Rat).SetFrac(new(big.Int).Mul(pn, big.NewInt(sgn)), qd)
				if seen[r.RatString()] {
					continue
				}
				seen[r.RatString()] = true
				if polyAt(cur, r).Sign() == 0 {
					roots = append(roots, r)
					cur = deflate(cur, r)
					if polyAt(cur, r).Sign() == 0 {
						return roots, nil // repeated: the count falls short
					}
				}
			}
		}
	}
	return roots, nil
}

// deflate divides p by (x - r), r a root (synthetic division).
func deflate(p []*big.Rat, r *big.Rat) []*big.Rat {
	n := len(p) - 1
	out := make([]*big.Rat, n)
	acc := new(big.Rat)
	for i := n; i >= 1; i-- {
		acc = new(big.Rat).Add(new(big.Rat).Mul(acc, r), p[i])
		out[i-1] = acc
	}
	return out
}

// divisors lists the positive divisors of n (n > 0), refusing n whose
// search would exceed maxSeriesRootSearch trial divisions.
func (l *state) divisors(n *big.Int) ([]*big.Int, error) {
	if n.Sign() == 0 || !n.IsInt64() {
		return nil, ErrUnknownFunction
	}
	m := n.Int64()
	var small, large []*big.Int
	for d := int64(1); d*d <= m; d++ {
		if d > maxSeriesRootSearch {
			return nil, ErrUnknownFunction
		}
		if d&1023 == 0 {
			if err := l.check(); err != nil {
				return nil, err
			}
		}
		if m%d == 0 {
			small = append(small, big.NewInt(d))
			if d*d != m {
				large = append([]*big.Int{big.NewInt(m / d)}, large...)
			}
		}
	}
	return append(small, large...), nil
}

// Finite sums with a symbolic upper bound, \sum_{v=a}^{N} body (a an
// integer, N free of v), in closed form where the body is P(v)·r^v with r
// a rational other than 1, or a telescoping rational function (as above).
// Each closed form F(N) satisfies F(a-1) = 0 and F(N) - F(N-1) = body(N),
// so it equals the sum at every integer N ≥ a-1, the only values where the
// sum means anything; two expressions equal as functions agree there, so a
// proof by canonical forms stays a proof.

// finiteSum is the closed form of sum(body, v, a, N).
func (l *state) finiteSum(t *Call) (Node, error) {
	if v0, ok := BoundVar(t); ok && (FreeVars(t.Args[3])[v0] || holdsSym(t.Args[3], Inf)) {
		return nil, ErrUnknownFunction // an upper bound holding the index, or ∞
	}
	body, v, a, err := l.summationRange(t, "sum")
	if err != nil {
		return nil, err
	}
	N := t.Args[3]
	groups, err := l.ratioGroups(body, v)
	if err != nil {
		return nil, err
	}
	var out []Node
	for _, g := range groups {
		sum := &Add{Terms: g.prods}
		var s Node
		if g.r.Cmp(big.NewRat(1, 1)) != 0 {
			s, err = l.geometricFinite(sum, g.r, a, N, v)
		} else {
			s, err = l.rationalFinite(sum, a, N, v)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return Int(0), nil
	}
	return &Add{Terms: out}, nil
}

// geometricFinite: Σ_{k=a}^{N} P(k) r^k = F(N+1) - F(a), F(k) = r^k Q(k)
// with r Q(k+1) - Q(k) = P(k), solved for Q from its top coefficient down:
// q_i (r - 1) + r Σ_{j>i} C(j,i) q_j = p_i.
func (l *state) geometricFinite(g Node, r *big.Rat, a int64, N Node, v string) (Node, error) {
	if r.Sign() == 0 {
		return nil, ErrUnknownFunction
	}
	P, ok := l.univariatePoly(g, v)
	if !ok || len(P) > maxSeriesDegree+1 {
		return nil, ErrUnknownFunction
	}
	d := len(P) - 1
	q := make([]*big.Rat, d+1)
	rm1 := new(big.Rat).Sub(r, big.NewRat(1, 1))
	for i := d; i >= 0; i-- {
		acc := new(big.Rat).Set(P[i])
		for j := i + 1; j <= d; j++ {
			c := new(big.Rat).SetInt(new(big.Int).Binomial(int64(j), int64(i)))
			c.Mul(c, q[j])
			acc.Sub(acc, c.Mul(c, r))
		}
		q[i] = acc.Quo(acc, rm1)
		if err := l.fits(q[i]); err != nil {
			return nil, err
		}
	}
	F := func(k Node) Node {
		return &Mul{Factors: []Node{&Pow{Base: Rat(r), Exp: k}, Substitute(polyNode(q, v), v, k)}}
	}
	top := &Add{Terms: []Node{N, Int(1)}}
	return &Add{Terms: []Node{F(top), &Neg{X: F(Int(a))}}}, nil
}

// rationalFinite: a polynomial body by Faulhaber (polySum), a rational one
// by telescoping: Σ_{n=a}^{N} A_i/(n-ρ_i) = Σ_i A_i (T_i + tail_i(N)) with
// T_i the constant of telescope and tail_i(N) = Σ_{j=1}^{d_i} 1/(N+j-ρ_0)
// for d_i > 0, -Σ_{j=d_i+1}^{0} 1/(N+j-ρ_0) for d_i < 0.
func (l *state) rationalFinite(g Node, a int64, N Node, v string) (Node, error) {
	if _, ok := l.univariatePoly(g, v); ok {
		return l.polySum(&Call{Fn: "sum", Args: []Node{g, &Sym{Name: v}, Int(a), N}})
	}
	rf, err := l.ratFunc(g)
	if err != nil {
		return nil, unknownUnlessLimit(err)
	}
	Nn, ok1 := univariate(rf.Num, v)
	D, ok2 := univariate(rf.Den, v)
	if !ok1 || !ok2 || len(D) > maxSeriesDegree+1 || len(Nn) > maxSeriesDegree+1 {
		return nil, ErrUnknownFunction
	}
	if len(Nn) == 0 {
		return Int(0), nil
	}
	if len(Nn) > len(D)-2 {
		return nil, ErrUnknownFunction
	}
	constPart, err := l.telescope(Nn, D, a)
	if err != nil {
		return nil, err
	}
	roots, err := l.rationalRoots(D)
	if err != nil {
		return nil, err
	}
	dD := derivPoly(D)
	rho0 := roots[0]
	terms := []Node{constPart}
	for _, r := range roots {
		d := new(big.Rat).Sub(rho0, r)
		di := d.Num().Int64() // an integer, checked by telescope
		if di > 1000 || di < -1000 {
			return nil, ErrLimit
		}
		A := new(big.Rat).Quo(polyAt(Nn, r), polyAt(dD, r))
		inv := func(j int64) Node {
			c := new(big.Rat).Sub(big.NewRat(j, 1), rho0)
			return &Pow{Base: &Add{Terms: []Node{N, Rat(c)}}, Exp: Int(-1)}
		}
		if di > 0 {
			for j := int64(1); j <= di; j++ {
				terms = append(terms, &Mul{Factors: []Node{Rat(A), inv(j)}})
			}
		} else {
			for j := di + 1; j <= 0; j++ {
				terms = append(terms, &Mul{Factors: []Node{Rat(new(big.Rat).Neg(A)), inv(j)}})
			}
		}
	}
	return &Add{Terms: terms}, nil
}

// finiteProd is the closed form of \prod_{v=a}^{N} body for a body that is
// a product of factors free of v (C gives C^{N-a+1}) and integer powers of
// monic linear factors v + b, b an integer with a + b ≥ 1 (which give
// ((N+b)!/(a+b-1)!)^e): \prod_{k=1}^n k is n!. Like finiteSum it holds at
// every integer N ≥ a-1.
func (l *state) finiteProd(t *Call) (Node, error) {
	if v0, ok := BoundVar(t); ok && (FreeVars(t.Args[3])[v0] || holdsSym(t.Args[3], Inf)) {
		return nil, ErrUnknownFunction // an upper bound holding the index, or ∞
	}
	body, v, a, err := l.summationRange(t, "prod")
	if err != nil {
		return nil, err
	}
	N := t.Args[3]
	factors, neg := flatFactors(body, false, nil)
	if neg {
		factors = append(factors, Int(-1))
	}
	count := &Add{Terms: []Node{N, Int(1 - a)}} // N - a + 1 factors
	var out []Node
	for _, f := range factors {
		if err := l.check(); err != nil {
			return nil, err
		}
		if !FreeVars(f)[v] {
			out = append(out, &Pow{Base: f, Exp: count})
			continue
		}
		base, e := f, int64(1)
		if p, ok := f.(*Pow); ok {
			k, isNum := p.Exp.(*Num)
			if !isNum || !k.V.IsInt() || !k.V.Num().IsInt64() {
				return nil, ErrUnknownFunction
			}
			base, e = p.Base, k.V.Num().Int64()
		}
		c, b, br, ok := l.linearIn(base, v, true)
		if !ok || c.Cmp(big.NewRat(1, 1)) != 0 || !br.IsInt() || !br.Num().IsInt64() {
			return nil, ErrUnknownFunction
		}
		bi := br.Num().Int64()
		if a+bi < 1 {
			return nil, ErrUnknownFunction // a zero or negative factor in the range
		}
		_ = b
		low := a + bi - 1
		if low > 10000 {
			return nil, ErrLimit
		}
		fN := &Call{Fn: "fact", Args: []Node{&Add{Terms: []Node{N, Int(bi)}}}}
		fa := new(big.Int).MulRange(1, low)
		if low == 0 {
			fa.SetInt64(1)
		}
		q := &Mul{Factors: []Node{fN, Rat(new(big.Rat).SetFrac(big.NewInt(1), fa))}}
		out = append(out, &Pow{Base: q, Exp: Int(e)})
	}
	return &Mul{Factors: append(out, Int(1))}, nil
}
