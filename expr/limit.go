package expr

import (
	"errors"
	"math/big"
)

// Exact limits. A limit has a value here only when it is proved: the body
// is continuous at a rational point (substitution), or a rational function
// of the variable alone whose common factor with its denominator is
// cancelled exactly, or an elementary body whose Laurent expansion in t
// (x = a + t at a rational point a, x = ±1/t with t → 0+ at ±∞) has
// rational coefficients that are computed exactly, with every truncation
// accounted for. A limit that diverges, oscillates, differs from one side
// to the other, or merely needs a function whose expansion is not rational
// (sin at 1, ln at 2, 2^x, x^x) has no value: ErrUnknownFunction, never a
// numeric guess.

// limitPoint is where the variable of a limit goes: a rational number a
// (inf 0), or +∞ (inf 1) or −∞ (inf −1).
type limitPoint struct {
	a   *big.Rat
	inf int
}

// limitPointOf reads the point of a limit: \infty and -\infty as latex
// parses them, else an exact rational.
func (l *state) limitPointOf(n Node) (limitPoint, error) {
	switch t := n.(type) {
	case *Sym:
		if t.Name == Inf {
			return limitPoint{inf: 1}, nil
		}
	case *Neg:
		if s, ok := t.X.(*Sym); ok && s.Name == Inf {
			return limitPoint{inf: -1}, nil
		}
	}
	a, err := l.rat(n)
	if err != nil {
		return limitPoint{}, unknownUnlessLimit(err)
	}
	return limitPoint{a: a}, nil
}

// limit is lim_{v -> p} body when it is proved (see Exact limits): a body
// free of the variable is its own limit; otherwise the whole body is
// tried, then the body as a sum of constants times rests, the limit of
// each term being its constant times the limit of its rest (linearity
// holds when every rest has a limit, and each one must). The constants
// may hold anything (\lim_{x\to0}(8-i+x), \lim_{x\to0}\frac{a\sin x}{x}).
func (l *state) limit(t *Call) (Node, error) {
	v, ok := BoundVar(t)
	if !ok || t.Fn != "lim" {
		return nil, ErrUnknownFunction
	}
	if indexedBy(t.Args[0], v) {
		return nil, ErrUnknownFunction
	}
	body, v := renameBound(t, v)
	if !FreeVars(body)[v] {
		return t.Args[0], nil
	}
	pt, err := l.limitPointOf(t.Args[2])
	if err != nil {
		return nil, err
	}
	out, err := l.exactLimit(body, v, pt)
	if err == nil || err == ErrLimit || err == ErrDeadline {
		return out, err
	}
	consts, rests := splitConstFactors(body, v)
	if consts == nil {
		return nil, err
	}
	terms := make([]Node, len(consts))
	for j := range consts {
		if rests[j] == nil {
			terms[j] = consts[j]
			continue
		}
		r, err := l.exactLimit(rests[j], v, pt)
		if err != nil {
			return nil, err
		}
		terms[j] = &Mul{Factors: []Node{consts[j], r}}
	}
	return &Add{Terms: terms}, nil
}

// exactLimit is the limit of body (which holds v) at pt, as a tree free
// of v, by continuity, then as a rational function, then by series.
func (l *state) exactLimit(body Node, v string, pt limitPoint) (Node, error) {
	if pt.inf == 0 {
		err := l.continuousAt(body, v, pt.a)
		if err == nil {
			return Substitute(body, v, Rat(pt.a)), nil // (the body holds the fresh name)
		}
		if err == ErrLimit || err == ErrDeadline {
			return nil, err
		}
	}
	r, err := l.rationalLimit(body, v, pt)
	if err == nil {
		return Rat(r), nil
	}
	if err == ErrLimit || err == ErrDeadline {
		return nil, err
	}
	if n, err := l.paramRationalLimit(body, v, pt); err == nil || err == ErrLimit || err == ErrDeadline {
		return n, err
	}
	return l.seriesLimit(body, v, pt)
}

// paramRationalLimit is the limit at a rational point of a rational
// function of v and of other variables (the difference quotient
// ((x+h)^2 - x^2)/h at h → 0): with v = a + t, numerator and denominator
// are polynomials in t whose coefficients are polynomials in the others;
// the limit is the ratio of their lowest coefficients when both hold the
// same lowest power of t, 0 when the numerator's is higher, and none (a
// pole) when it is lower. It holds wherever the denominator's lowest
// coefficient is not 0: as an identity of rational functions in the other
// variables.
func (l *state) paramRationalLimit(body Node, v string, pt limitPoint) (Node, error) {
	if pt.inf != 0 {
		return nil, ErrUnknownFunction
	}
	const t = "#t"
	rf, err := l.ratFunc(Substitute(body, v, &Add{Terms: []Node{Rat(pt.a), &Sym{Name: t}}}))
	if err != nil {
		return nil, unknownUnlessLimit(err)
	}
	lowest := func(p *Poly) (int, *Poly) {
		k := -1
		for key, m := range p.monos {
			if p.terms[key].Sign() != 0 && (k < 0 || m[t] < k) {
				k = m[t]
			}
		}
		out := newPoly()
		for key, m := range p.monos {
			if m[t] != k || p.terms[key].Sign() == 0 {
				continue
			}
			nm := pmono{}
			for name, e := range m {
				if name != t {
					nm[name] = e
				}
			}
			out.terms[nm.key()] = new(big.Rat).Set(p.terms[key])
			out.monos[nm.key()] = nm
		}
		return k, out
	}
	if rf.Num.IsZero() {
		return Int(0), nil
	}
	kn, n0 := lowest(rf.Num)
	kd, d0 := lowest(rf.Den)
	switch {
	case kd < 0 || kn < kd:
		return nil, ErrUnknownFunction // no denominator left, or a pole
	case kn > kd:
		return Int(0), nil
	}
	return &Mul{Factors: []Node{n0.node(), &Pow{Base: d0.node(), Exp: Int(-1)}}}, nil
}

// rationalLimit is the limit of a rational function of v alone. At a
// rational point a both polynomials are rewritten in t = x - a (an exact
// Taylor shift); dividing both by the power of t that the denominator
// holds is the cancellation of the common factor (x-a)^k, after which the
// limit is the ratio of the constant terms, 0 when the numerator holds a
// higher power of t, and a pole (no finite limit: refused) when it holds
// a lower one. At ±∞ the degrees decide: 0 below, the ratio of the leading
// coefficients at equal degrees, divergence (refused) above.
func (l *state) rationalLimit(body Node, v string, pt limitPoint) (*big.Rat, error) {
	rf, err := l.ratFunc(body)
	if err != nil {
		return nil, unknownUnlessLimit(err)
	}
	num, ok1 := univariate(rf.Num, v)
	den, ok2 := univariate(rf.Den, v)
	if !ok1 || !ok2 || len(den) == 0 {
		return nil, ErrUnknownFunction
	}
	if len(num) == 0 {
		// zero wherever it is defined, which is all but the finitely
		// many roots of a nonzero denominator
		return new(big.Rat), nil
	}
	if pt.inf != 0 {
		dn, dd := len(num)-1, len(den)-1
		switch {
		case dn < dd:
			return new(big.Rat), nil
		case dn == dd:
			return new(big.Rat).Quo(num[dn], den[dd]), nil
		}
		return nil, ErrUnknownFunction
	}
	if num, err = l.taylorShift(num, pt.a); err != nil {
		return nil, err
	}
	if den, err = l.taylorShift(den, pt.a); err != nil {
		return nil, err
	}
	vn, vd := lowestTerm(num), lowestTerm(den)
	switch {
	case vn < vd:
		return nil, ErrUnknownFunction // a pole
	case vn > vd:
		return new(big.Rat), nil
	}
	return new(big.Rat).Quo(num[vn], den[vd]), nil
}

// univariate returns the coefficients of p by degree (p[k] of v^k; nil for
// the zero polynomial), or false when p holds another variable.
func univariate(p *Poly, v string) ([]*big.Rat, bool) {
	deg := -1
	for k, m := range p.monos {
		d := 0
		for name, e := range m {
			if e == 0 {
				continue
			}
			if name != v || e < 0 {
				return nil, false
			}
			d = e
		}
		if p.terms[k].Sign() != 0 {
			deg = max(deg, d)
		}
	}
	c := make([]*big.Rat, deg+1)
	for i := range c {
		c[i] = new(big.Rat)
	}
	for k, m := range p.monos {
		if p.terms[k].Sign() != 0 {
			c[m[v]].Set(p.terms[k])
		}
	}
	return c, true
}

// taylorShift returns the coefficients of p(a + t) in t (Horner's rule).
func (l *state) taylorShift(p []*big.Rat, a *big.Rat) ([]*big.Rat, error) {
	q := make([]*big.Rat, len(p))
	for i := range q {
		q[i] = new(big.Rat)
	}
	tmp := new(big.Rat)
	for i := len(p) - 1; i >= 0; i-- {
		if err := l.check(); err != nil {
			return nil, err
		}
		// q = q·(a + t) + p[i]: from the top, q[j] = a·q[j] + q[j-1]
		for j := len(p) - 1; j >= 0; j-- {
			q[j].Mul(q[j], a)
			if j > 0 {
				q[j].Add(q[j], q[j-1])
			}
			if err := l.fits(q[j]); err != nil {
				return nil, err
			}
		}
		q[0].Add(q[0], tmp.Set(p[i]))
	}
	return q, nil
}

// lowestTerm is the index of the first nonzero coefficient (len(p) when
// there is none).
func lowestTerm(p []*big.Rat) int {
	for i, c := range p {
		if c.Sign() != 0 {
			return i
		}
	}
	return len(p)
}

// Series. A series is the expansion of a function of t on a punctured
// neighbourhood of 0 (t > 0 only at infinity):
//
//	e^ec · (c[0] t^v + c[1] t^(v+1) + ...) + O(t^prec)
//
// c[0] is nonzero, so v is the valuation, exactly; a series with no known
// term is O(t^prec) and says nothing but that bound. Every operation
// returns the precision it can prove from its operands', so that a
// coefficient is never reported that a truncation could have changed.
// prec at or above exactPrec means exact (a polynomial, zero).
type series struct {
	v    int
	c    []*big.Rat
	prec int
	ec   *big.Rat // nil for e^0
}

const (
	exactPrec = 1 << 30
	// maxValuation bounds |v|: beyond it the caller gives up (ErrLimit).
	maxValuation = 1 << 20
	// seriesOrders are the numbers of terms kept after the leading one,
	// tried in turn while cancellation leaves a needed coefficient
	// unknown; the last is the cap.
	maxSeriesOrder = 24
)

var seriesOrders = []int{6, 12, maxSeriesOrder}

// errMoreTerms means the coefficient needed was lost to truncation: the
// computation may succeed with more terms.
var errMoreTerms = errors.New("series: more terms needed")

// val is the valuation, or the bound prec when no term is known.
func (s *series) val() int {
	if len(s.c) == 0 {
		return s.prec
	}
	return s.v
}

// known reports whether the series has a known (nonzero) leading term.
func (s *series) known() bool { return len(s.c) > 0 }

// seriesState is one series computation: the variable, what it is in t,
// the number of terms kept, and whether t is positive only.
type seriesState struct {
	l        *state
	v        string
	x        *series
	order    int
	oneSided bool
}

// seriesLimit is the limit of body at pt by its expansion, with more terms
// while the constant term is lost to cancellation, up to maxSeriesOrder.
func (l *state) seriesLimit(body Node, v string, pt limitPoint) (Node, error) {
	x := &series{v: 0, prec: exactPrec}
	switch {
	case pt.inf != 0:
		x.v, x.c = -1, []*big.Rat{big.NewRat(int64(pt.inf), 1)}
	case pt.a.Sign() == 0:
		x.v, x.c = 1, []*big.Rat{big.NewRat(1, 1)}
	default:
		x.c = []*big.Rat{new(big.Rat).Set(pt.a), big.NewRat(1, 1)}
	}
	for _, n := range seriesOrders {
		s := &seriesState{l: l, v: v, x: x, order: n, oneSided: pt.inf != 0}
		r, err := s.of(body)
		var out Node
		if err == nil {
			out, err = limitOfSeries(r)
		}
		if err != errMoreTerms {
			return out, err
		}
	}
	return nil, ErrUnknownFunction // cancellation ate every term kept
}

// limitOfSeries is the limit as t → 0 of a series: its constant term (0
// for a positive valuation); a negative valuation diverges (refused).
func limitOfSeries(r *series) (Node, error) {
	if !r.known() {
		if r.prec > 0 {
			return Int(0), nil
		}
		return nil, errMoreTerms
	}
	if r.v < 0 {
		return nil, ErrUnknownFunction
	}
	if r.v > 0 {
		return Int(0), nil
	}
	c := Rat(r.c[0])
	if r.ec == nil {
		return c, nil
	}
	var ep Node = &Sym{Name: E}
	if r.ec.Cmp(ratOne) != 0 {
		ep = &Pow{Base: ep, Exp: Rat(r.ec)}
	}
	if r.c[0].Cmp(ratOne) == 0 {
		return ep, nil
	}
	return &Mul{Factors: []Node{c, ep}}, nil
}

// constSeries is the exact constant r.
func constSeries(r *big.Rat) *series {
	if r.Sign() == 0 {
		return &series{prec: exactPrec}
	}
	return &series{c: []*big.Rat{new(big.Rat).Set(r)}, prec: exactPrec}
}

// norm strips leading zeros, drops what lies at or beyond prec, keeps at
// most order terms after the leading one (a truncation: it lowers prec),
// and checks the sizes.
func (s *seriesState) norm(r *series) (*series, error) {
	i := 0
	for i < len(r.c) && r.c[i].Sign() == 0 {
		i++
	}
	r.c = r.c[i:]
	r.v += i
	r.prec = min(r.prec, exactPrec)
	if len(r.c) > 0 {
		r.prec = min(r.prec, r.v+s.order+1)
		if n := r.prec - r.v; n < len(r.c) {
			if n <= 0 {
				r.c = nil
			} else {
				r.c = r.c[:n]
			}
		}
	}
	if len(r.c) == 0 {
		r.c, r.v, r.ec = nil, r.prec, nil
		return r, nil
	}
	if r.v > maxValuation || r.v < -maxValuation || r.prec < -maxValuation {
		return nil, ErrLimit
	}
	for _, c := range r.c {
		if err := s.l.fits(c); err != nil {
			return nil, err
		}
	}
	if r.ec != nil {
		if r.ec.Sign() == 0 {
			r.ec = nil
		} else if err := s.l.fits(r.ec); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// sameEc reports whether two scale exponents are equal (nil is 0).
func sameEc(a, b *big.Rat) bool {
	switch {
	case a == nil || b == nil:
		return (a == nil || a.Sign() == 0) && (b == nil || b.Sign() == 0)
	}
	return a.Cmp(b) == 0
}

func addEc(a, b *big.Rat) *big.Rat {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return new(big.Rat).Add(a, b)
}

// add is a + sign·b. Terms under different powers of e are not added
// (their sum has no rational coefficients): refused.
func (s *seriesState) add(a, b *series, sign int) (*series, error) {
	prec := min(a.prec, b.prec)
	switch {
	case !b.known():
		out := &series{v: a.v, c: a.c, prec: prec, ec: a.ec}
		return s.norm(out)
	case !a.known():
		out := &series{v: b.v, prec: prec, ec: b.ec}
		for _, c := range b.c {
			d := new(big.Rat).Set(c)
			if sign < 0 {
				d.Neg(d)
			}
			out.c = append(out.c, d)
		}
		return s.norm(out)
	}
	if !sameEc(a.ec, b.ec) {
		return nil, ErrUnknownFunction
	}
	lo := min(a.v, b.v)
	hi := min(prec, max(a.v+len(a.c), b.v+len(b.c)))
	out := &series{v: lo, prec: prec, ec: a.ec}
	for e := lo; e < hi; e++ {
		c := new(big.Rat)
		if i := e - a.v; i >= 0 && i < len(a.c) {
			c.Add(c, a.c[i])
		}
		if i := e - b.v; i >= 0 && i < len(b.c) {
			if sign < 0 {
				c.Sub(c, b.c[i])
			} else {
				c.Add(c, b.c[i])
			}
		}
		out.c = append(out.c, c)
	}
	return s.norm(out)
}

// mul is a·b, known to min(a.prec + val b, b.prec + val a).
func (s *seriesState) mul(a, b *series) (*series, error) {
	prec := min(a.prec+b.val(), b.prec+a.val())
	if !a.known() || !b.known() {
		return s.norm(&series{prec: prec})
	}
	v := a.v + b.v
	top := min(prec, a.v+len(a.c)+b.v+len(b.c)-1, v+s.order+1)
	out := &series{v: v, prec: prec, ec: addEc(a.ec, b.ec)}
	for e := v; e < top; e++ {
		if err := s.l.check(); err != nil {
			return nil, err
		}
		c := new(big.Rat)
		tmp := new(big.Rat)
		for i := range a.c {
			j := e - v - i
			if j < 0 {
				break
			}
			if j < len(b.c) {
				c.Add(c, tmp.Mul(a.c[i], b.c[j]))
			}
		}
		out.c = append(out.c, c)
	}
	return s.norm(out)
}

// scale is r·a for a rational r.
func (s *seriesState) scale(a *series, r *big.Rat) (*series, error) {
	return s.mul(a, constSeries(r))
}

// inv is 1/b: b = t^v·B with B(0) ≠ 0 known to relative precision n
// gives 1/B to the same relative precision, so 1/b is known to -v + n.
// A series with no known term cannot be inverted: more terms may show
// one; an exact zero never will.
func (s *seriesState) inv(b *series) (*series, error) {
	if !b.known() {
		if b.prec >= exactPrec {
			return nil, ErrUnknownFunction // division by zero
		}
		return nil, errMoreTerms
	}
	n := min(b.prec-b.v, s.order+1)
	out := &series{v: -b.v, prec: -b.v + (b.prec - b.v)}
	if b.ec != nil {
		out.ec = new(big.Rat).Neg(b.ec)
	}
	b0inv := new(big.Rat).Inv(b.c[0])
	tmp := new(big.Rat)
	for k := 0; k < n; k++ {
		if err := s.l.check(); err != nil {
			return nil, err
		}
		if k == 0 {
			out.c = append(out.c, new(big.Rat).Set(b0inv))
			continue
		}
		acc := new(big.Rat)
		for j := 1; j <= k && j < len(b.c); j++ {
			acc.Add(acc, tmp.Mul(b.c[j], out.c[k-j]))
		}
		acc.Mul(acc, b0inv)
		acc.Neg(acc)
		if err := s.l.fits(acc); err != nil {
			return nil, err
		}
		out.c = append(out.c, acc)
	}
	return s.norm(out)
}

// powInt is a^k for an integer k (|k| <= MaxPolyDegree, as ratFunc).
func (s *seriesState) powInt(a *series, k int64) (*series, error) {
	if k > MaxPolyDegree || k < -MaxPolyDegree {
		return nil, ErrLimit
	}
	if k == 0 && !a.known() {
		return nil, ErrUnknownFunction // 0^0, as ratPow
	}
	if k < 0 {
		var err error
		if a, err = s.inv(a); err != nil {
			return nil, err
		}
		k = -k
	}
	out := constSeries(ratOne)
	for ; k > 0; k >>= 1 {
		var err error
		if k&1 == 1 {
			if out, err = s.mul(out, a); err != nil {
				return nil, err
			}
		}
		if k > 1 {
			if a, err = s.mul(a, a); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// atZero checks that u is an argument that tends to 0 with rational
// coefficients: a function's Taylor series at 0 then applies to it.
func atZero(u *series) error {
	if !u.known() {
		if u.prec <= 0 {
			return errMoreTerms
		}
		return nil
	}
	if u.v <= 0 || u.ec != nil {
		// a nonzero constant term (sin at 1 has no rational expansion),
		// a divergent argument, or coefficients in e
		return ErrUnknownFunction
	}
	return nil
}

// compose is Σ_k coef(k) u^k for u tending to 0 (atZero): the terms up to
// K, and the rest O(u^(K+1)) = O(t^((K+1)·val u)), with K chosen so that
// this bound lies beyond the terms kept.
func (s *seriesState) compose(u *series, coef func(k int) *big.Rat) (*series, error) {
	if err := atZero(u); err != nil {
		return nil, err
	}
	vu := u.val()
	K := (s.order+2)/vu + 1
	sum := constSeries(coef(0))
	pw := constSeries(ratOne)
	for k := 1; k <= K; k++ {
		var err error
		if pw, err = s.mul(pw, u); err != nil {
			return nil, err
		}
		c := coef(k)
		if c.Sign() == 0 {
			continue
		}
		term, err := s.scale(pw, c)
		if err != nil {
			return nil, err
		}
		if sum, err = s.add(sum, term, 1); err != nil {
			return nil, err
		}
	}
	rest := min(int64(K+1)*int64(vu), exactPrec)
	sum.prec = min(sum.prec, int(rest))
	return s.norm(sum)
}

// Taylor coefficients at 0 with rational values.
func invFact(k int) *big.Rat {
	return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).MulRange(1, int64(k)))
}

func expCoef(k int) *big.Rat { return invFact(k) }

func sinCoef(k int) *big.Rat {
	if k%2 == 0 {
		return new(big.Rat)
	}
	c := invFact(k)
	if k%4 == 3 {
		c.Neg(c)
	}
	return c
}

func cosCoef(k int) *big.Rat {
	if k%2 == 1 {
		return new(big.Rat)
	}
	c := invFact(k)
	if k%4 == 2 {
		c.Neg(c)
	}
	return c
}

func sinhCoef(k int) *big.Rat {
	if k%2 == 0 {
		return new(big.Rat)
	}
	return invFact(k)
}

func coshCoef(k int) *big.Rat {
	if k%2 == 1 {
		return new(big.Rat)
	}
	return invFact(k)
}

// atanCoef: arctan u = Σ (-1)^j u^(2j+1)/(2j+1).
func atanCoef(k int) *big.Rat {
	if k%2 == 0 {
		return new(big.Rat)
	}
	c := big.NewRat(1, int64(k))
	if k%4 == 3 {
		c.Neg(c)
	}
	return c
}

// asinCoef: arcsin u = Σ binom(2j, j) u^(2j+1) / (4^j (2j+1)).
func asinCoef(k int) *big.Rat {
	if k%2 == 0 {
		return new(big.Rat)
	}
	j := int64(k / 2)
	c := new(big.Rat).SetInt(new(big.Int).Binomial(2*j, j))
	return c.Quo(c, new(big.Rat).SetInt(new(big.Int).Mul(new(big.Int).Lsh(big.NewInt(1), uint(2*j)), big.NewInt(2*j+1))))
}

// log1pCoef: ln(1+u) = Σ_{k>=1} (-1)^(k+1) u^k/k.
func log1pCoef(k int) *big.Rat {
	if k == 0 {
		return new(big.Rat)
	}
	c := big.NewRat(1, int64(k))
	if k%2 == 0 {
		c.Neg(c)
	}
	return c
}

// binomCoef returns the coefficients of (1+u)^r: binom(r, k).
func binomCoef(r *big.Rat) func(int) *big.Rat {
	var memo []*big.Rat
	return func(k int) *big.Rat {
		for len(memo) <= k {
			n := len(memo)
			if n == 0 {
				memo = append(memo, big.NewRat(1, 1))
				continue
			}
			c := new(big.Rat).Sub(r, big.NewRat(int64(n-1), 1))
			c.Mul(c, memo[n-1])
			c.Quo(c, big.NewRat(int64(n), 1))
			memo = append(memo, c)
		}
		return memo[k]
	}
}

// splitLead writes a known series as c0·t^v·(1 + w) and returns w (which
// tends to 0); the scale e^ec stays with the caller.
func (s *seriesState) splitLead(b *series) (*series, error) {
	u := &series{v: 0, prec: b.prec - b.v}
	inv := new(big.Rat).Inv(b.c[0])
	for i, c := range b.c {
		if i == 0 {
			continue
		}
		u.c = append(u.c, new(big.Rat).Mul(c, inv))
	}
	u.v = 1
	return s.norm(u)
}

// exp is e^u; a rational constant term c is taken out as the scale e^c,
// which stays exact.
func (s *seriesState) exp(u *series) (*series, error) {
	if u.known() && u.v == 0 && u.ec == nil {
		c := u.c[0]
		w, err := s.norm(&series{v: 1, c: u.c[1:], prec: u.prec})
		if err != nil {
			return nil, err
		}
		out, err := s.compose(w, expCoef)
		if err != nil {
			return nil, err
		}
		out.ec = addEc(out.ec, c)
		return s.norm(out)
	}
	return s.compose(u, expCoef)
}

// ln is ln u for u tending to 1 (times a power of e, whose exponent is
// added): ln of any other rational is irrational, and ln of a vanishing
// or divergent argument has no finite value.
func (s *seriesState) ln(u *series) (*series, error) {
	if !u.known() {
		if u.prec <= 0 {
			return nil, errMoreTerms
		}
		return nil, ErrUnknownFunction
	}
	if u.v != 0 || u.c[0].Cmp(ratOne) != 0 {
		return nil, ErrUnknownFunction
	}
	w, err := s.splitLead(u)
	if err != nil {
		return nil, err
	}
	out, err := s.compose(w, log1pCoef)
	if err != nil {
		return nil, err
	}
	if u.ec != nil {
		return s.add(out, constSeries(u.ec), 1)
	}
	return out, nil
}

// powRat is b^r for a rational r that is no integer: b = c0 t^v (1+w)
// with c0 > 0 and c0^r rational; a nonzero v only where t > 0 (at
// infinity: t^v > 0 and (t^v)^r = t^(v r)) and v·r an integer. Anything
// else (√x at 0, a root of a negative base, √2) is refused.
func (s *seriesState) powRat(b *series, r *big.Rat) (*series, error) {
	if !b.known() {
		if b.prec <= 0 {
			return nil, errMoreTerms
		}
		return nil, ErrUnknownFunction
	}
	if b.c[0].Sign() <= 0 || (b.v != 0 && !s.oneSided) {
		return nil, ErrUnknownFunction
	}
	vr := new(big.Rat).Mul(big.NewRat(int64(b.v), 1), r)
	if !vr.IsInt() {
		return nil, ErrUnknownFunction
	}
	if !vr.Num().IsInt64() || abs64(vr.Num().Int64()) > maxValuation {
		return nil, ErrLimit
	}
	root, err := s.l.ratPow(&Pow{Base: Rat(b.c[0]), Exp: Rat(r)})
	if err != nil {
		return nil, unknownUnlessLimit(err)
	}
	w, err := s.splitLead(b)
	if err != nil {
		return nil, err
	}
	out, err := s.compose(w, binomCoef(r))
	if err != nil {
		return nil, err
	}
	if out, err = s.scale(out, root); err != nil {
		return nil, err
	}
	// times t^(v r) (|v r| <= maxValuation: no overflow)
	out.v += int(vr.Num().Int64())
	out.prec += int(vr.Num().Int64())
	if b.ec != nil {
		out.ec = addEc(out.ec, new(big.Rat).Mul(b.ec, r))
	}
	return s.norm(out)
}

// abs is |u| = sign·u where u keeps one sign near 0: the sign of its
// leading term, which flips with t for an odd valuation unless t > 0
// (|x|/x at 0 is refused; at infinity it is 1).
func (s *seriesState) abs(u *series) (*series, error) {
	if !u.known() {
		if u.prec <= 0 {
			return nil, errMoreTerms
		}
		// tends to 0, and so does its absolute value, but no better
		// bound than u's own is known for the terms
		return &series{prec: u.prec, v: u.prec}, nil
	}
	if u.v%2 != 0 && !s.oneSided {
		if u.v > 0 {
			// the sign flips, but u tends to 0 and |u| <= C|t|^v
			return &series{v: u.v, prec: u.v}, nil
		}
		return nil, ErrUnknownFunction
	}
	if u.c[0].Sign() < 0 {
		return s.scale(u, minusOne)
	}
	return u, nil
}

// of is the series of n.
func (s *seriesState) of(n Node) (*series, error) {
	if err := s.l.check(); err != nil {
		return nil, err
	}
	switch t := n.(type) {
	case *Num:
		return constSeries(t.V), nil
	case *Sym:
		switch t.Name {
		case s.v:
			return &series{v: s.x.v, c: s.x.c, prec: s.x.prec}, nil
		case E:
			return &series{c: []*big.Rat{big.NewRat(1, 1)}, prec: exactPrec, ec: big.NewRat(1, 1)}, nil
		}
		return nil, ErrUnknownFunction // another variable, \pi, i, \infty
	case *Neg:
		a, err := s.of(t.X)
		if err != nil {
			return nil, err
		}
		return s.scale(a, minusOne)
	case *Add:
		acc := constSeries(new(big.Rat))
		for _, x := range t.Terms {
			a, err := s.of(x)
			if err != nil {
				return nil, err
			}
			if acc, err = s.add(acc, a, 1); err != nil {
				return nil, err
			}
		}
		return acc, nil
	case *Mul:
		acc := constSeries(ratOne)
		for _, x := range t.Factors {
			a, err := s.of(x)
			if err != nil {
				return nil, err
			}
			if acc, err = s.mul(acc, a); err != nil {
				return nil, err
			}
		}
		return acc, nil
	case *Pow:
		return s.pow(t)
	case *Call:
		return s.call(t)
	}
	return nil, ErrUnknownFunction
}

// pow is the series of b^e. An exponent free of the variable must be an
// exact rational; one that holds it makes b^e = exp(e·ln b), which needs b
// to tend to 1 (e^u is the case b = e, ln e = 1).
func (s *seriesState) pow(t *Pow) (*series, error) {
	b, err := s.of(t.Base)
	if err != nil {
		return nil, err
	}
	if !FreeVars(t.Exp)[s.v] {
		// (e^c for a rational c is the series of e, whose scale is
		// raised to c)
		r, err := s.l.rat(t.Exp)
		if err != nil {
			return nil, unknownUnlessLimit(err)
		}
		if r.IsInt() {
			if !r.Num().IsInt64() {
				return nil, ErrLimit
			}
			return s.powInt(b, r.Num().Int64())
		}
		return s.powRat(b, r)
	}
	ex, err := s.of(t.Exp)
	if err != nil {
		return nil, err
	}
	if sym, ok := t.Base.(*Sym); ok && sym.Name == E {
		return s.exp(ex)
	}
	lb, err := s.ln(b)
	if err != nil {
		return nil, err
	}
	p, err := s.mul(ex, lb)
	if err != nil {
		return nil, err
	}
	return s.exp(p)
}

// call is the series of a function applied to an argument: the functions
// whose Taylor coefficients at the argument's limit are rational.
func (s *seriesState) call(t *Call) (*series, error) {
	if !FreeVars(t)[s.v] {
		// a constant the exact evaluator knows (\binom{5}{2}, 3!, \sin 0);
		// others go on as functions of a constant series (\exp(1) is e)
		r, err := s.l.rat(t)
		if err == nil {
			return constSeries(r), nil
		}
		if err == ErrLimit || err == ErrDeadline {
			return nil, err
		}
	}
	if len(t.Args) != 1 {
		return nil, ErrUnknownFunction
	}
	u, err := s.of(t.Args[0])
	if err != nil {
		return nil, err
	}
	quo := func(a, b func(int) *big.Rat) (*series, error) {
		p, err := s.compose(u, a)
		if err != nil {
			return nil, err
		}
		q, err := s.compose(u, b)
		if err != nil {
			return nil, err
		}
		qi, err := s.inv(q)
		if err != nil {
			return nil, err
		}
		return s.mul(p, qi)
	}
	unit := func(k int) *big.Rat {
		if k == 0 {
			return big.NewRat(1, 1)
		}
		return new(big.Rat)
	}
	switch t.Fn {
	case "exp":
		return s.exp(u)
	case "ln":
		return s.ln(u)
	case "sqrt":
		return s.powRat(u, half)
	case "abs":
		return s.abs(u)
	case "sin":
		return s.compose(u, sinCoef)
	case "cos":
		return s.compose(u, cosCoef)
	case "tan":
		return quo(sinCoef, cosCoef)
	case "cot":
		return quo(cosCoef, sinCoef)
	case "sec":
		return quo(unit, cosCoef)
	case "csc":
		return quo(unit, sinCoef)
	case "sinh":
		return s.compose(u, sinhCoef)
	case "cosh":
		return s.compose(u, coshCoef)
	case "tanh":
		return quo(sinhCoef, coshCoef)
	case "coth":
		return quo(coshCoef, sinhCoef)
	case "sech":
		return quo(unit, coshCoef)
	case "csch":
		return quo(unit, sinhCoef)
	case "asin":
		return s.compose(u, asinCoef)
	case "atan":
		return s.compose(u, atanCoef)
	}
	// log (its base depends on a reading the state does not hold), the
	// inverse functions whose value at 0 is irrational, floor and the
	// other steps, uninterpreted functions
	return nil, ErrUnknownFunction
}
