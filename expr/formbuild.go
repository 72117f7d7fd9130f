package expr

import (
	"context"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// FormOptions are the settings of a FormBuilder.
type FormOptions struct {
	// Limits bound sizes; the zero value gets the defaults.
	Limits Limits
	// Positive takes every variable to be a positive real, which makes
	// (x y)^{1/2} = x^{1/2} y^{1/2}, \ln(xy) = \ln x + \ln y and |x| = x
	// identities. Without it variables are real numbers of either sign.
	Positive bool
	// Branch must match the evaluation the forms stand for (see Branch).
	Branch Branch
	// NaturalLog reads \log without a base as ln (see EvalOptions).
	NaturalLog bool
}

// FormBuilder computes canonical forms of trees under one context and one
// set of limits. Forms from one builder share their atoms, so they can be
// compared and combined; a builder is not safe for concurrent use.
type FormBuilder struct {
	st    *state
	opt   FormOptions
	atoms map[string]*atom
	depth int
	// factors caches the factorisation of radicands and log arguments
	factors map[string][]primePow
	special map[string]*Form // lazily built table of inverse-trig values
}

// NewFormBuilder returns a builder that stops with ErrDeadline when ctx is
// done.
func NewFormBuilder(ctx context.Context, opt FormOptions) *FormBuilder {
	st := newState(ctx, opt.Limits)
	st.branch = opt.Branch
	return &FormBuilder{st: st, opt: opt, atoms: map[string]*atom{}, factors: map[string][]primePow{}}
}

// Form returns the canonical form of n.
func (b *FormBuilder) Form(n Node) (f *Form, err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(big.ErrNaN); ok {
				f, err = nil, ErrDomain
				return
			}
			panic(r)
		}
	}()
	return b.form(n)
}

// Sub returns a - b.
func (b *FormBuilder) Sub(x, y *Form) (*Form, error) {
	ny, err := b.scale(y, big.NewRat(-1, 1))
	if err != nil {
		return nil, err
	}
	return b.add(x, ny)
}

// Equal reports whether two forms are the same (which proves their values
// equal wherever both are defined).
func (b *FormBuilder) Equal(x, y *Form) (bool, error) {
	if x.Key() == y.Key() {
		return true, nil
	}
	d, err := b.Sub(x, y)
	if err != nil {
		return false, err
	}
	return b.Zero(d), nil
}

// Zero reports whether a form is shown to be zero: it has no terms, or
// its roots of unity cancel in their cyclotomic field (cyclotomicZero).
func (b *FormBuilder) Zero(f *Form) bool {
	return f.IsZero() || cyclotomicZero(f.num)
}

func (b *FormBuilder) constForm(r *big.Rat) *Form { return &Form{num: constSum(r)} }

func (b *FormBuilder) monoForm(c *big.Rat, m *mono) *Form {
	s := newSum()
	s.addTerm(c, m)
	return &Form{num: s}
}

// ---- atoms ----

func (b *FormBuilder) intern(a *atom) *atom {
	if old, ok := b.atoms[a.key]; ok {
		return old
	}
	b.atoms[a.key] = a
	return a
}

func (b *FormBuilder) atomForm(a *atom, e frac) *Form {
	m := &mono{fs: []factor{{b.intern(a), e}}}
	m.computeKey()
	return b.monoForm(big.NewRat(1, 1), m)
}

func (b *FormBuilder) varAtom(s *Sym) *atom {
	return b.intern(&atom{kind: atVar, key: "v:" + s.Name, node: s, hasVar: true})
}

var piAtomKey = "pi"

func (b *FormBuilder) piAtom() *atom { return b.intern(&atom{kind: atPi, key: piAtomKey}) }

func (b *FormBuilder) logAtom(base *big.Int) *atom {
	return b.intern(&atom{kind: atLog, key: "ln:" + base.String(), b: base})
}

func (b *FormBuilder) radAtom(base *big.Int) *atom {
	return b.intern(&atom{kind: atRad, key: "r:" + base.String(), b: base})
}

func (b *FormBuilder) rootAtom(arg *Form, k int64) *atom {
	return b.intern(&atom{kind: atRoot, key: "root" + strconv.FormatInt(k, 10) + "(" + arg.Key() + ")", k: k, arg: arg, hasVar: arg.HasVar()})
}

func (b *FormBuilder) lnAtom(arg *Form) *atom {
	return b.intern(&atom{kind: atLn, key: "ln(" + arg.Key() + ")", arg: arg, hasVar: arg.HasVar()})
}

func (b *FormBuilder) opaqueAtom(key string, node Node, hasVar bool) *atom {
	return b.intern(&atom{kind: atOpaque, key: "f:" + key, node: node, hasVar: hasVar})
}

// ---- sums ----

func (b *FormBuilder) sumAdd(x, y *sum, sign int) (*sum, error) {
	out := x.copy()
	for _, t := range y.ts {
		c := t.c
		if sign < 0 {
			c = new(big.Rat).Neg(c)
		}
		out.addTerm(c, t.m)
	}
	if len(out.ts) > MaxFormTerms {
		return nil, ErrLimit
	}
	return out, b.st.check()
}

func (b *FormBuilder) sumScale(x *sum, r *big.Rat) *sum {
	out := newSum()
	if r.Sign() == 0 {
		return out
	}
	for _, t := range x.ts {
		out.addTerm(new(big.Rat).Mul(t.c, r), t.m)
	}
	return out
}

func (b *FormBuilder) sumMul(x, y *sum) (*sum, error) {
	if len(x.ts)*len(y.ts) > MaxFormTerms*4 {
		return nil, ErrLimit
	}
	out := newSum()
	for _, t1 := range x.ts {
		for _, t2 := range y.ts {
			if err := b.st.check(); err != nil {
				return nil, err
			}
			c := new(big.Rat).Mul(t1.c, t2.c)
			if err := b.st.fits(c); err != nil {
				return nil, err
			}
			if err := b.addProduct(out, c, t1.m, t2.m); err != nil {
				return nil, err
			}
		}
		if len(out.ts) > MaxFormTerms {
			return nil, ErrLimit
		}
	}
	return out, nil
}

// addProduct adds c * m1 * m2 to out.
func (b *FormBuilder) addProduct(out *sum, c *big.Rat, m1, m2 *mono) error {
	if err := b.enter(); err != nil {
		return err
	}
	defer b.leave()
	cf, m, extra, err := b.monoMul(m1, m2)
	if err != nil {
		return err
	}
	c = new(big.Rat).Mul(c, cf)
	if extra == nil {
		out.addTerm(c, m)
		return nil
	}
	for _, t := range extra.ts {
		if err := b.addProduct(out, new(big.Rat).Mul(c, t.c), m, t.m); err != nil {
			return err
		}
	}
	return nil
}

// ---- monomials ----

// monoMul multiplies two monomials: the result is cf * m * extra, extra a
// sum (nil for 1) that comes from reductions (a root to its index, a root
// of unity with a value in radicals).
func (b *FormBuilder) monoMul(x, y *mono) (*big.Rat, *mono, *sum, error) {
	cf := big.NewRat(1, 1)
	if x.isOne() {
		return cf, y, nil, nil
	}
	if y.isOne() {
		return cf, x, nil, nil
	}
	m := &mono{}
	var extra *sum
	// merge the sorted factor lists
	i, j := 0, 0
	for i < len(x.fs) || j < len(y.fs) {
		var f factor
		switch {
		case j >= len(y.fs) || i < len(x.fs) && x.fs[i].a.key < y.fs[j].a.key:
			f = x.fs[i]
			i++
		case i >= len(x.fs) || y.fs[j].a.key < x.fs[i].a.key:
			f = y.fs[j]
			j++
		default:
			e, err := x.fs[i].e.add(y.fs[j].e)
			if err != nil {
				return nil, nil, nil, err
			}
			f = factor{x.fs[i].a, e}
			i++
			j++
		}
		keep, err := b.normFactor(&f, cf, &extra)
		if err != nil {
			return nil, nil, nil, err
		}
		if keep {
			m.fs = append(m.fs, f)
		}
	}
	m.i = x.i != y.i
	if x.i && y.i {
		cf.Neg(cf)
	}
	rou, err := x.rou.add(y.rou)
	if err != nil {
		return nil, nil, nil, err
	}
	m.rou = rou
	more, err := b.normRou(m, cf)
	if err != nil {
		return nil, nil, nil, err
	}
	if more != nil {
		if extra == nil {
			extra = more
		} else if extra, err = b.sumMul(extra, more); err != nil {
			return nil, nil, nil, err
		}
	}
	m.exp = x.exp
	if y.exp != nil {
		if m.exp == nil {
			m.exp = y.exp
		} else {
			p, err := b.add(x.exp, y.exp)
			if err != nil {
				return nil, nil, nil, err
			}
			m.exp = p
			if p.IsZero() {
				m.exp = nil
			}
		}
	}
	m.computeKey()
	return cf, m, extra, nil
}

// normFactor brings one factor's exponent into its canonical range,
// moving whole powers into cf or extra. It reports whether the factor
// stays.
func (b *FormBuilder) normFactor(f *factor, cf *big.Rat, extra **sum) (bool, error) {
	if f.e.isZero() {
		return false, nil
	}
	if abs64(f.e.n) > maxFormExp*f.e.d {
		return false, ErrLimit
	}
	switch f.a.kind {
	case atRad:
		k := f.e.floor()
		if k != 0 {
			p := new(big.Int).Exp(f.a.b, big.NewInt(abs64(k)), nil)
			if p.BitLen() > b.st.lim.MaxBits {
				return false, ErrLimit
			}
			if k > 0 {
				cf.Mul(cf, new(big.Rat).SetInt(p))
			} else {
				cf.Quo(cf, new(big.Rat).SetInt(p))
			}
			f.e = frac{f.e.n - k*f.e.d, f.e.d}
		}
		return !f.e.isZero(), nil
	case atAbs:
		// |A|^2 = A^2 for a real A
		if f.e.n >= 2 && f.e.isInt() && f.a.arg.den == nil && realForm(f.a.arg) {
			q := f.e.n / 2
			pw, err := b.sumPow(f.a.arg.num, 2*q)
			if err != nil {
				return false, err
			}
			if *extra == nil {
				*extra = pw
			} else if *extra, err = b.sumMul(*extra, pw); err != nil {
				return false, err
			}
			f.e = frac{f.e.n % 2, 1}
		}
		return !f.e.isZero(), nil
	case atRoot:
		if f.e.n >= f.a.k && f.a.arg.den == nil {
			q := f.e.n / f.a.k
			pw, err := b.sumPow(f.a.arg.num, q)
			if err != nil {
				return false, err
			}
			if *extra == nil {
				*extra = pw
			} else if *extra, err = b.sumMul(*extra, pw); err != nil {
				return false, err
			}
			f.e = frac{f.e.n % f.a.k, 1}
		}
		return !f.e.isZero(), nil
	}
	return true, nil
}

func (b *FormBuilder) sumPow(s *sum, k int64) (*sum, error) {
	if k > maxFormExp {
		return nil, ErrLimit
	}
	return powSquaring(constSum(big.NewRat(1, 1)), s, k, b.sumMul)
}

// powSquaring returns one*base^k, k >= 0, by repeated squaring with mul,
// stopping at mul's first error: sums' and forms' exponentiation.
func powSquaring[T any](one, base T, k int64, mul func(x, y T) (T, error)) (T, error) {
	acc := one
	for k > 0 {
		var err error
		if k&1 == 1 {
			if acc, err = mul(acc, base); err != nil {
				var zero T
				return zero, err
			}
		}
		k >>= 1
		if k > 0 {
			if base, err = mul(base, base); err != nil {
				var zero T
				return zero, err
			}
		}
	}
	return acc, nil
}

// monoInv returns 1/m as cf * m' * extra.
func (b *FormBuilder) monoInv(m *mono) (*big.Rat, *mono, *sum, error) {
	cf := big.NewRat(1, 1)
	out := &mono{i: m.i, rou: frac{-m.rou.n, max(m.rou.d, 1)}}
	if m.i {
		cf.Neg(cf) // 1/i = -i
	}
	extra, err := b.normRou(out, cf)
	if err != nil {
		return nil, nil, nil, err
	}
	for _, f := range m.fs {
		g := factor{f.a, frac{-f.e.n, f.e.d}}
		keep, err := b.normFactor(&g, cf, &extra)
		if err != nil {
			return nil, nil, nil, err
		}
		if keep {
			out.fs = append(out.fs, g)
		}
	}
	if m.exp != nil {
		p, err := b.scale(m.exp, big.NewRat(-1, 1))
		if err != nil {
			return nil, nil, nil, err
		}
		out.exp = p
	}
	out.computeKey()
	return cf, out, extra, nil
}

// ---- forms ----

func (b *FormBuilder) scale(f *Form, r *big.Rat) (*Form, error) {
	return &Form{num: b.sumScale(f.num, r), den: f.den}, nil
}

func (b *FormBuilder) add(x, y *Form) (*Form, error) {
	if x.den == nil && y.den == nil {
		s, err := b.sumAdd(x.num, y.num, 1)
		if err != nil {
			return nil, err
		}
		return &Form{num: s}, nil
	}
	if x.den != nil && y.den != nil && x.den.key() == y.den.key() {
		s, err := b.sumAdd(x.num, y.num, 1)
		if err != nil {
			return nil, err
		}
		return b.normalize(&Form{num: s, den: x.den})
	}
	xd, yd := x.den, y.den
	one := constSum(big.NewRat(1, 1))
	if xd == nil {
		xd = one
	}
	if yd == nil {
		yd = one
	}
	a, err := b.sumMul(x.num, yd)
	if err != nil {
		return nil, err
	}
	c, err := b.sumMul(y.num, xd)
	if err != nil {
		return nil, err
	}
	n, err := b.sumAdd(a, c, 1)
	if err != nil {
		return nil, err
	}
	d, err := b.sumMul(xd, yd)
	if err != nil {
		return nil, err
	}
	return b.normalize(&Form{num: n, den: d})
}

func (b *FormBuilder) mul(x, y *Form) (*Form, error) {
	n, err := b.sumMul(x.num, y.num)
	if err != nil {
		return nil, err
	}
	var d *sum
	switch {
	case x.den == nil:
		d = y.den
	case y.den == nil:
		d = x.den
	default:
		if d, err = b.sumMul(x.den, y.den); err != nil {
			return nil, err
		}
	}
	return b.normalize(&Form{num: n, den: d})
}

func (b *FormBuilder) inv(x *Form) (*Form, error) {
	if x.num.isZero() {
		return nil, ErrDomain
	}
	d := x.den
	if d == nil {
		d = constSum(big.NewRat(1, 1))
	}
	return b.normalize(&Form{num: d, den: x.num})
}

func (b *FormBuilder) powInt(x *Form, k int64) (*Form, error) {
	if k < 0 {
		ix, err := b.inv(x)
		if err != nil {
			return nil, err
		}
		return b.powInt(ix, -k)
	}
	if k > maxFormExp {
		return nil, ErrLimit
	}
	return powSquaring(b.constForm(big.NewRat(1, 1)), x, k, b.mul)
}

// normalize absorbs a one-term denominator into the numerator (as negative
// exponents) and scales a longer one to a leading coefficient of 1.
func (b *FormBuilder) normalize(f *Form) (*Form, error) {
	if err := b.enter(); err != nil {
		return nil, err
	}
	defer b.leave()
	if f.den == nil {
		return f, nil
	}
	if f.num.isZero() {
		return &Form{num: f.num}, nil
	}
	if f.den.isZero() {
		return nil, ErrDomain
	}
	if len(f.den.ts) == 1 {
		var t *term
		for _, x := range f.den.ts {
			t = x
		}
		// rationalise roots of polynomials first: 1/\sqrt{x+1} is
		// \sqrt{x+1}/(x+1), never a negative power of the root
		var rf []factor
		for _, fc := range t.m.fs {
			if fc.a.kind == atRoot && fc.a.arg.den == nil && fc.e.n > 0 {
				rf = append(rf, factor{fc.a, frac{fc.a.k - fc.e.n%fc.a.k, 1}})
			}
		}
		if len(rf) > 0 {
			m := &mono{fs: rf}
			m.computeKey()
			ms := newSum()
			ms.addTerm(big.NewRat(1, 1), m)
			n, err := b.sumMul(f.num, ms)
			if err != nil {
				return nil, err
			}
			d, err := b.sumMul(f.den, ms)
			if err != nil {
				return nil, err
			}
			return b.normalize(&Form{num: n, den: d})
		}
		cf, m, extra, err := b.monoInv(t.m)
		if err != nil {
			return nil, err
		}
		r := new(big.Rat).Quo(cf, t.c)
		mul := newSum()
		if extra == nil {
			mul.addTerm(r, m)
		} else {
			for _, e := range extra.ts {
				if err := b.addProduct(mul, new(big.Rat).Mul(r, e.c), m, e.m); err != nil {
					return nil, err
				}
			}
		}
		n, err := b.sumMul(f.num, mul)
		if err != nil {
			return nil, err
		}
		return &Form{num: n}, nil
	}
	ks := f.den.keys()
	lead := f.den.ts[ks[0]].c
	if lead.Cmp(ratOne) != 0 {
		r := new(big.Rat).Inv(lead)
		return &Form{num: b.sumScale(f.num, r), den: b.sumScale(f.den, r)}, nil
	}
	return f, nil
}

// ---- exponentials ----

// expForm returns the form of e^p: rational multiples of ln b leave the
// exponential as powers of b, rational multiples of i\pi as roots of unity.
func (b *FormBuilder) expForm(p *Form) (*Form, error) {
	if err := b.enter(); err != nil {
		return nil, err
	}
	defer b.leave()
	if p.IsZero() {
		return b.constForm(big.NewRat(1, 1)), nil
	}
	out := b.constForm(big.NewRat(1, 1))
	if p.den != nil {
		m := &mono{exp: p}
		m.computeKey()
		return b.monoForm(big.NewRat(1, 1), m), nil
	}
	rest := newSum()
	rou := new(big.Rat)
	for _, t := range p.num.ts {
		m := t.m
		switch {
		case len(m.fs) == 1 && !m.i && m.exp == nil && m.fs[0].a.kind == atLog && m.fs[0].e == (frac{1, 1}):
			// e^{c ln b} = b^c
			pw, err := b.ratPow(new(big.Rat).SetInt(m.fs[0].a.b), t.c)
			if err != nil {
				return nil, err
			}
			if out, err = b.mul(out, pw); err != nil {
				return nil, err
			}
		case len(m.fs) == 1 && m.i && m.exp == nil && m.fs[0].a.kind == atPi && m.fs[0].e == (frac{1, 1}):
			rou.Add(rou, t.c)
		default:
			rest.addTerm(t.c, m)
		}
	}
	if rou.Sign() != 0 {
		u, err := b.rootOfUnity(rou)
		if err != nil {
			return nil, err
		}
		if out, err = b.mul(out, u); err != nil {
			return nil, err
		}
	}
	if !rest.isZero() {
		m := &mono{exp: &Form{num: rest}}
		m.computeKey()
		return b.mul(out, b.monoForm(big.NewRat(1, 1), m))
	}
	return out, nil
}

// rootOfUnity returns e^{i \pi q} (see normRou).
func (b *FormBuilder) rootOfUnity(q *big.Rat) (*Form, error) {
	// reduce q modulo 2 into [0, 2)
	two := big.NewRat(2, 1)
	k := floorRat(new(big.Rat).Quo(q, two))
	r := new(big.Rat).Sub(q, new(big.Rat).Mul(new(big.Rat).SetInt(k), two))
	if !r.Num().IsInt64() || !r.Denom().IsInt64() {
		return nil, ErrLimit
	}
	e, err := mkFrac(r.Num().Int64(), r.Denom().Int64())
	if err != nil {
		return nil, err
	}
	m := &mono{rou: e}
	cf := big.NewRat(1, 1)
	extra, err := b.normRou(m, cf)
	if err != nil {
		return nil, err
	}
	if extra != nil {
		return &Form{num: b.sumScale(extra, cf)}, nil
	}
	m.computeKey()
	return b.monoForm(cf, m), nil
}

// normRou brings the root of unity of m into its canonical range: i is
// folded into it, q is taken modulo 1 into (-1/2, 1/2] with the sign going
// into cf, and a root with 12q an integer leaves m as its value in
// radicals (returned as extra).
func (b *FormBuilder) normRou(m *mono, cf *big.Rat) (*sum, error) {
	if m.rou.isZero() {
		m.rou = frac{0, 1}
		return nil, nil
	}
	var err error
	if m.i {
		if m.rou, err = m.rou.add(frac{1, 2}); err != nil {
			return nil, err
		}
		m.i = false
	}
	// n = ceil(q - 1/2): q - n lies in (-1/2, 1/2]
	t, err := m.rou.add(frac{-1, 2})
	if err != nil {
		return nil, err
	}
	n := -frac{-t.n, t.d}.floor()
	if m.rou, err = m.rou.add(frac{-n, 1}); err != nil {
		return nil, err
	}
	if n%2 != 0 {
		cf.Neg(cf)
	}
	if m.rou.isZero() {
		m.rou = frac{0, 1}
		return nil, nil
	}
	if 12%m.rou.d != 0 {
		return nil, nil
	}
	k := m.rou.n * (12 / m.rou.d) // q = k * 15 degrees, k in -5..6
	m.rou = frac{0, 1}
	c, err := b.sinCos15(k + 6)
	if err != nil {
		return nil, err
	}
	sn, err := b.sinCos15(k)
	if err != nil {
		return nil, err
	}
	si, err := b.mul(sn, b.iForm())
	if err != nil {
		return nil, err
	}
	v, err := b.add(c, si)
	if err != nil {
		return nil, err
	}
	return v.num, nil
}

func (b *FormBuilder) iForm() *Form {
	m := &mono{i: true}
	m.computeKey()
	return b.monoForm(big.NewRat(1, 1), m)
}

// sinCos15 returns sin(k * 15 degrees) in radicals.
func (b *FormBuilder) sinCos15(k int64) (*Form, error) {
	k = ((k % 24) + 24) % 24
	sign := int64(1)
	if k >= 12 {
		k -= 12
		sign = -1
	}
	if k > 6 {
		k = 12 - k
	}
	var f *Form
	var err error
	switch k {
	case 0:
		f = b.constForm(new(big.Rat))
	case 1, 5: // (sqrt6 -+ sqrt2)/4
		s6, e1 := b.ratPow(big.NewRat(6, 1), big.NewRat(1, 2))
		s2, e2 := b.ratPow(big.NewRat(2, 1), big.NewRat(1, 2))
		if e1 != nil || e2 != nil {
			return nil, ErrLimit
		}
		if k == 1 {
			s2, _ = b.scale(s2, big.NewRat(-1, 1))
		}
		if f, err = b.add(s6, s2); err != nil {
			return nil, err
		}
		f, _ = b.scale(f, big.NewRat(1, 4))
	case 2:
		f = b.constForm(big.NewRat(1, 2))
	case 3:
		if f, err = b.ratPow(big.NewRat(1, 2), big.NewRat(1, 2)); err != nil {
			return nil, err
		}
	case 4:
		if f, err = b.ratPow(big.NewRat(3, 4), big.NewRat(1, 2)); err != nil {
			return nil, err
		}
	case 6:
		f = b.constForm(big.NewRat(1, 1))
	}
	return b.scale(f, big.NewRat(sign, 1))
}

// ---- powers of rationals ----

type primePow struct {
	p *big.Int
	e int64
}

// factorize splits a positive integer into prime powers by trial division
// up to trialLimit; a cofactor left over is kept whole (a prime, or a
// product of large primes: forms with it may then miss an equality, never
// claim a false one).
// ratFactors returns the prime powers of |r|: the numerator's with their
// exponents, the denominator's with their exponents negated (a fresh slice:
// factorize's results are cached and shared).
func (b *FormBuilder) ratFactors(r *big.Rat) ([]primePow, error) {
	a := new(big.Rat).Abs(r)
	var out []primePow
	for _, part := range []struct {
		n    *big.Int
		sign int64
	}{{a.Num(), 1}, {a.Denom(), -1}} {
		if part.n.Cmp(big.NewInt(1)) == 0 {
			continue
		}
		fs, err := b.factorize(part.n)
		if err != nil {
			return nil, err
		}
		for _, pp := range fs {
			pp.e *= part.sign
			out = append(out, pp)
		}
	}
	return out, nil
}

func (b *FormBuilder) factorize(n *big.Int) ([]primePow, error) {
	k := n.String()
	if f, ok := b.factors[k]; ok {
		return f, nil
	}
	if n.BitLen() > b.st.lim.MaxBits {
		return nil, ErrLimit
	}
	var out []primePow
	x := new(big.Int).Set(n)
	if x.IsUint64() {
		v := x.Uint64()
		for p := uint64(2); p < trialLimit && p*p <= v; p++ {
			if v%p == 0 {
				e := int64(0)
				for v%p == 0 {
					v /= p
					e++
				}
				out = append(out, primePow{new(big.Int).SetUint64(p), e})
			}
			if p > 2 {
				p++
			}
		}
		if v > 1 {
			out = append(out, primePow{new(big.Int).SetUint64(v), 1})
		}
	} else {
		m := new(big.Int)
		for p := int64(2); p < trialLimit; p++ {
			pp := big.NewInt(p)
			e := int64(0)
			for {
				q, r := new(big.Int).QuoRem(x, pp, m)
				if r.Sign() != 0 {
					break
				}
				x = q
				e++
			}
			if e > 0 {
				out = append(out, primePow{pp, e})
			}
			if p > 2 {
				p++
			}
			if p%64 == 0 {
				if err := b.st.check(); err != nil {
					return nil, err
				}
			}
		}
		if x.Cmp(big.NewInt(1)) > 0 {
			// a perfect power keeps its exponent: 10^{40}+... stays whole
			base, e := perfectPowerInt(x)
			out = append(out, primePow{base, e})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].p.Cmp(out[j].p) < 0 })
	b.factors[k] = out
	return out, nil
}

const trialLimit = 10000

// perfectPowerInt writes x = r^e with e maximal (up to 64).
func perfectPowerInt(x *big.Int) (*big.Int, int64) {
	for e := 64; e >= 2; e-- {
		if r, ok := intRoot(x, e); ok {
			return r, int64(e)
		}
	}
	return x, 1
}

// ratPow returns the form of r^q for a rational r and a rational q (real
// odd roots of negative numbers under RealRoots).
func (b *FormBuilder) ratPow(r, q *big.Rat) (*Form, error) {
	if q.IsInt() {
		if !q.Num().IsInt64() {
			return nil, ErrLimit
		}
		k := q.Num().Int64()
		if r.Sign() == 0 {
			if k <= 0 {
				return nil, ErrDomain
			}
			return b.constForm(new(big.Rat)), nil
		}
		bits := int64(max(r.Num().BitLen(), r.Denom().BitLen()))
		if abs64(k) > int64(b.st.lim.MaxBits)/max(bits, 1) {
			return nil, ErrLimit
		}
		num := new(big.Int).Exp(r.Num(), big.NewInt(abs64(k)), nil)
		den := new(big.Int).Exp(r.Denom(), big.NewInt(abs64(k)), nil)
		if k < 0 {
			num, den = den, num
		}
		if den.Sign() < 0 {
			num.Neg(num)
			den.Neg(den)
		}
		return b.constForm(new(big.Rat).SetFrac(num, den)), nil
	}
	if r.Sign() == 0 {
		if q.Sign() <= 0 {
			return nil, ErrDomain
		}
		return b.constForm(new(big.Rat)), nil
	}
	if !q.Num().IsInt64() || !q.Denom().IsInt64() || q.Denom().Int64() > 1<<20 {
		return nil, ErrLimit
	}
	qf, err := mkFrac(q.Num().Int64(), q.Denom().Int64())
	if err != nil {
		return nil, err
	}
	out := b.constForm(big.NewRat(1, 1))
	if r.Sign() < 0 {
		if qf.d%2 == 1 && b.opt.Branch == RealRoots {
			if qf.n%2 != 0 {
				out = b.constForm(big.NewRat(-1, 1))
			}
		} else {
			// principal branch: (-1)^q = e^{i pi q}
			if out, err = b.rootOfUnity(q); err != nil {
				return nil, err
			}
		}
	}
	fs, err := b.ratFactors(r)
	if err != nil {
		return nil, err
	}
	for _, pp := range fs {
		e, err := qf.mul(frac{pp.e, 1})
		if err != nil {
			return nil, err
		}
		var f *Form
		cf := big.NewRat(1, 1)
		fac := factor{b.radAtom(pp.p), e}
		var extra *sum
		keep, err := b.normFactor(&fac, cf, &extra)
		if err != nil {
			return nil, err
		}
		if keep {
			m := &mono{fs: []factor{fac}}
			m.computeKey()
			f = b.monoForm(cf, m)
		} else {
			f = b.constForm(cf)
		}
		if out, err = b.mul(out, f); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// lnRat returns the form of ln r for a rational r != 0 (ln of a negative
// number is ln|r| + i pi, the principal value).
func (b *FormBuilder) lnRat(r *big.Rat) (*Form, error) {
	if r.Sign() == 0 {
		return nil, ErrDomain
	}
	out := b.constForm(new(big.Rat))
	fs, err := b.ratFactors(r)
	if err != nil {
		return nil, err
	}
	for _, pp := range fs {
		f := b.atomForm(b.logAtom(pp.p), frac{1, 1})
		f, _ = b.scale(f, big.NewRat(pp.e, 1))
		if out, err = b.add(out, f); err != nil {
			return nil, err
		}
	}
	if r.Sign() < 0 {
		ipi, err := b.mul(b.iForm(), b.atomForm(b.piAtom(), frac{1, 1}))
		if err != nil {
			return nil, err
		}
		return b.add(out, ipi)
	}
	return out, nil
}

// ---- trees to forms ----

func (b *FormBuilder) form(n Node) (*Form, error) {
	if err := b.st.check(); err != nil {
		return nil, err
	}
	b.depth++
	defer func() { b.depth-- }()
	if b.depth > maxFormDepth*8 {
		return nil, ErrLimit
	}
	switch t := n.(type) {
	case *Num:
		return b.constForm(t.V), nil
	case *Sym:
		switch t.Name {
		case Pi:
			return b.atomForm(b.piAtom(), frac{1, 1}), nil
		case E:
			return b.expForm(b.constForm(big.NewRat(1, 1)))
		case I:
			return b.iForm(), nil
		case Inf:
			return nil, ErrForm
		}
		return b.atomForm(b.varAtom(t), frac{1, 1}), nil
	case *Neg:
		x, err := b.form(t.X)
		if err != nil {
			return nil, err
		}
		return b.scale(x, big.NewRat(-1, 1))
	case *Add:
		acc := b.constForm(new(big.Rat))
		for _, x := range t.Terms {
			f, err := b.form(x)
			if err != nil {
				return nil, err
			}
			if acc, err = b.add(acc, f); err != nil {
				return nil, err
			}
		}
		return acc, nil
	case *Mul:
		acc := b.constForm(big.NewRat(1, 1))
		for _, x := range t.Factors {
			f, err := b.form(x)
			if err != nil {
				return nil, err
			}
			if acc, err = b.mul(acc, f); err != nil {
				return nil, err
			}
		}
		return acc, nil
	case *Pow:
		return b.pow(t)
	case *Call:
		return b.call(t)
	case *Text:
		return nil, ErrForm
	}
	return nil, ErrNotScalar
}

func (b *FormBuilder) pow(t *Pow) (*Form, error) {
	if s, ok := t.Base.(*Sym); ok && s.Name == E {
		x, err := b.form(t.Exp)
		if err != nil {
			return nil, err
		}
		return b.expForm(x)
	}
	ex, err := b.form(t.Exp)
	if err != nil {
		return nil, err
	}
	if q, ok := ex.Rational(); ok && q.Denom().Cmp(big.NewInt(2)) == 0 {
		// (P^{2m})^{p/2} = |P|^{mp} for a real P: \sqrt{(y-5)^2} = |y-5|
		if in, ok := t.Base.(*Pow); ok {
			if n, err := b.st.rat(in.Exp); err == nil && n.IsInt() && n.Num().IsInt64() && n.Num().Int64()%2 == 0 && n.Sign() > 0 {
				pf, err := b.form(in.Base)
				if err != nil {
					return nil, err
				}
				if realForm(pf) {
					a, err := b.abs(&Call{Fn: "abs", Args: []Node{in.Base}}, pf)
					if err != nil {
						return nil, err
					}
					k := new(big.Rat).Mul(q, big.NewRat(n.Num().Int64(), 1))
					return b.powRat(a, k)
				}
			}
		}
	}
	base, err := b.form(t.Base)
	if err != nil {
		return nil, err
	}
	if q, ok := ex.Rational(); ok {
		return b.powRat(base, q)
	}
	// a symbolic or irrational exponent: b^x = e^{x ln b}
	l, err := b.ln(base)
	if err != nil {
		return nil, err
	}
	p, err := b.mul(ex, l)
	if err != nil {
		return nil, err
	}
	return b.expForm(p)
}

// enter guards the recursions of the builder (powers, absolute values,
// normalisation, products with reductions): past a depth they give
// ErrLimit, never a stack overflow.
func (b *FormBuilder) enter() error {
	b.depth++
	if b.depth > maxFormDepth*8 {
		return ErrLimit
	}
	return nil
}

func (b *FormBuilder) leave() { b.depth-- }

// powRat returns base^q for a rational q.
func (b *FormBuilder) powRat(base *Form, q *big.Rat) (*Form, error) {
	if err := b.enter(); err != nil {
		return nil, err
	}
	defer b.leave()
	if f, ok, err := b.unitPow(base, q); ok || err != nil {
		return f, err
	}
	if q.IsInt() {
		if !q.Num().IsInt64() {
			return nil, ErrLimit
		}
		k := q.Num().Int64()
		if r, ok := base.Rational(); ok {
			return b.ratPow(r, q)
		}
		if k == 0 {
			return b.constForm(big.NewRat(1, 1)), nil
		}
		return b.powInt(base, k)
	}
	if r, ok := base.Rational(); ok {
		return b.ratPow(r, q)
	}
	if !q.Num().IsInt64() || !q.Denom().IsInt64() {
		return nil, ErrLimit
	}
	if q.Denom().Int64() > 64 || abs64(q.Num().Int64()) > maxFormExp {
		// x^{0.8889}: e^{q ln x}, the principal value, which is also the
		// evaluator's for an even root index; an odd one would be real
		// for a negative x, which this form does not say
		if q.Denom().Bit(0) == 1 && !b.opt.Positive && b.opt.Branch == RealRoots {
			return nil, ErrLimit
		}
		l, err := b.ln(base)
		if err != nil {
			return nil, err
		}
		p, err := b.scale(l, q)
		if err != nil {
			return nil, err
		}
		return b.expForm(p)
	}
	p, k := q.Num().Int64(), q.Denom().Int64()
	// a product of positive factors distributes the power
	if f, ok, err := b.positivePow(base, q); err != nil || ok {
		return f, err
	}
	// a variable to a half-integer power
	if k == 2 && base.den == nil && len(base.num.ts) == 1 {
		for _, t := range base.num.ts {
			if t.c.Cmp(ratOne) == 0 && len(t.m.fs) == 1 && !t.m.i && t.m.exp == nil && t.m.fs[0].a.kind == atVar && t.m.fs[0].e == (frac{1, 1}) {
				return b.atomForm(t.m.fs[0].a, frac{p, 2}), nil
			}
		}
	}
	if k == 2 {
		// \sqrt{a + b\sqrt{c}} = \sqrt{x} \pm \sqrt{y} when it denests
		if f, ok, err := b.denest(base); err != nil || ok {
			if err != nil {
				return nil, err
			}
			return b.powInt(f, p)
		}
		// the square root of a square of reals: \sqrt{x^2} = |x|
		if f, ok, err := b.sqrtOfSquare(base); err != nil || ok {
			if err != nil {
				return nil, err
			}
			return b.powInt(f, p)
		}
	}
	a := b.rootAtom(base, k)
	m := &mono{fs: []factor{{a, frac{1, 1}}}}
	m.computeKey()
	root := b.monoForm(big.NewRat(1, 1), m)
	return b.powInt(root, p)
}

// unitPow gives a power of a rational times i or a root of unity, c
// e^{i π θ}, by its argument: (c e^{i π θ})^q = |c|^q e^{i π θ q} with θ
// taken in (-1, 1] (the sign of c is e^{i π}), which is the principal value
// for any rational q and the exact one for an integer q, however large
// (i^{2023} = -i, \sqrt{i} = e^{i π/4}).
func (b *FormBuilder) unitPow(base *Form, q *big.Rat) (*Form, bool, error) {
	if base.den != nil || len(base.num.ts) != 1 {
		return nil, false, nil
	}
	var t *term
	for _, x := range base.num.ts {
		t = x
	}
	if len(t.m.fs) != 0 || t.m.exp != nil || (!t.m.i && t.m.rou.isZero()) {
		return nil, false, nil
	}
	theta := new(big.Rat)
	if !t.m.rou.isZero() {
		theta = t.m.rou.rat()
	}
	if t.m.i {
		theta.Add(theta, big.NewRat(1, 2))
	}
	if t.c.Sign() < 0 {
		theta.Add(theta, big.NewRat(1, 1))
	}
	// into (-1, 1]
	for theta.Cmp(big.NewRat(1, 1)) > 0 {
		theta.Sub(theta, big.NewRat(2, 1))
	}
	for theta.Cmp(big.NewRat(-1, 1)) <= 0 {
		theta.Add(theta, big.NewRat(2, 1))
	}
	w, err := b.rootOfUnity(theta.Mul(theta, q))
	if err != nil {
		return nil, true, err
	}
	mod := new(big.Rat).Abs(t.c)
	if mod.Cmp(ratOne) == 0 {
		return w, true, nil
	}
	m, err := b.ratPow(mod, q)
	if err != nil {
		return nil, true, err
	}
	f, err := b.mul(m, w)
	return f, true, err
}

// denest writes \sqrt{a + b m} (a, b rational, m a product of square
// roots of integers, so that m^2 = c is rational) as \sqrt{x} + sgn(b)
// \sqrt{y} when x, y = (a \pm \sqrt{a^2 - b^2 c})/2 are rational and not
// negative: (\sqrt{x} + \sqrt{y})^2 = x + y + 2\sqrt{xy} = a + |b| m. It
// applies only to a positive radicand (a > 0 and a^2 >= b^2 c).
func (b *FormBuilder) denest(base *Form) (*Form, bool, error) {
	if base.den != nil || len(base.num.ts) != 2 {
		return nil, false, nil
	}
	var a, bc *big.Rat
	var m *mono
	for _, t := range base.num.ts {
		if t.m.isOne() {
			a = t.c
			continue
		}
		bc, m = t.c, t.m
	}
	if a == nil || m == nil || a.Sign() <= 0 || m.i || !m.rou.isZero() || m.exp != nil {
		return nil, false, nil
	}
	c := big.NewRat(1, 1)
	for _, f := range m.fs {
		if f.a.kind != atRad || f.e != (frac{1, 2}) {
			return nil, false, nil
		}
		c.Mul(c, new(big.Rat).SetInt(f.a.b))
	}
	d := new(big.Rat).Mul(a, a)
	d.Sub(d, new(big.Rat).Mul(new(big.Rat).Mul(bc, bc), c))
	if d.Sign() < 0 {
		return nil, false, nil
	}
	rn, ok1 := intRoot(d.Num(), 2)
	rd, ok2 := intRoot(d.Denom(), 2)
	if !ok1 || !ok2 {
		return nil, false, nil
	}
	r := new(big.Rat).SetFrac(rn, rd)
	x := new(big.Rat).Quo(new(big.Rat).Add(a, r), big.NewRat(2, 1))
	y := new(big.Rat).Quo(new(big.Rat).Sub(a, r), big.NewRat(2, 1))
	if y.Sign() < 0 {
		return nil, false, nil
	}
	sx, err := b.ratPow(x, big.NewRat(1, 2))
	if err != nil {
		return nil, false, err
	}
	sy, err := b.ratPow(y, big.NewRat(1, 2))
	if err != nil {
		return nil, false, err
	}
	if bc.Sign() < 0 {
		sy, _ = b.scale(sy, big.NewRat(-1, 1))
	}
	out, err := b.add(sx, sy)
	if err != nil {
		return nil, false, err
	}
	return out, true, nil
}

// positivePow distributes a rational power over a one-term form whose
// factors are all positive reals. ok is false when it does not apply.
func (b *FormBuilder) positivePow(base *Form, q *big.Rat) (*Form, bool, error) {
	if err := b.enter(); err != nil {
		return nil, false, err
	}
	defer b.leave()
	if base.den != nil || len(base.num.ts) != 1 {
		return nil, false, nil
	}
	var t *term
	for _, x := range base.num.ts {
		t = x
	}
	if t.c.Sign() <= 0 || t.m.i || !t.m.rou.isZero() {
		return nil, false, nil
	}
	qf, err := mkFrac(q.Num().Int64(), q.Denom().Int64())
	if err != nil {
		return nil, false, err
	}
	var fs []factor
	rest := &mono{} // factors of unknown sign: the power of their product
	for _, f := range t.m.fs {
		e, err := f.e.mul(qf)
		if err != nil {
			return nil, false, err
		}
		switch f.a.kind {
		case atPi, atRad:
		case atVar:
			if !b.opt.Positive {
				rest.fs = append(rest.fs, f)
				continue
			}
		case atLog:
			if !e.isInt() {
				rest.fs = append(rest.fs, f)
				continue
			}
		default:
			rest.fs = append(rest.fs, f)
			continue
		}
		fs = append(fs, factor{f.a, e})
	}
	if len(rest.fs) > 0 {
		// (P R)^q = P^q R^q for P > 0: \sqrt{35x} = \sqrt{35}\sqrt{x}
		expPositive := t.m.exp != nil && t.m.exp.Features()&(FeatI|FeatExp|FeatOpaque|FeatRoot|FeatLog) == 0
		if len(fs) == 0 && t.c.Cmp(ratOne) == 0 && !expPositive {
			return nil, false, nil // nothing positive to take out
		}
		if t.m.exp != nil && !expPositive {
			rest.exp = t.m.exp
		}
		rest.computeKey()
		// the positive part, to the power q (it has no other factor, so
		// this recursion ends)
		pm := &mono{}
		for _, f := range t.m.fs {
			positive := true
			for _, r := range rest.fs {
				if r.a == f.a {
					positive = false
				}
			}
			if positive {
				pm.fs = append(pm.fs, f)
			}
		}
		if expPositive {
			pm.exp = t.m.exp
		}
		pm.computeKey()
		pp, ok, err := b.positivePow(b.monoForm(t.c, pm), q)
		if err != nil || !ok {
			return nil, false, err
		}
		rp, err := b.powRat(b.monoForm(big.NewRat(1, 1), rest), q)
		if err != nil {
			return nil, false, err
		}
		out, err := b.mul(pp, rp)
		return out, err == nil, err
	}
	var exp *Form
	if t.m.exp != nil {
		// e^{P} is positive for a real P
		if t.m.exp.Features()&(FeatI|FeatExp|FeatOpaque|FeatRoot|FeatLog) != 0 {
			return nil, false, nil
		}
		if exp, err = b.scale(t.m.exp, q); err != nil {
			return nil, false, err
		}
	}
	out, err := b.ratPow(t.c, q)
	if err != nil {
		return nil, false, err
	}
	for _, f := range fs {
		cf := big.NewRat(1, 1)
		var extra *sum
		keep, err := b.normFactor(&f, cf, &extra)
		if err != nil {
			return nil, false, err
		}
		g := b.constForm(cf)
		if keep {
			m := &mono{fs: []factor{f}}
			m.computeKey()
			g = b.monoForm(cf, m)
		}
		if out, err = b.mul(out, g); err != nil {
			return nil, false, err
		}
	}
	if exp != nil {
		e, err := b.expForm(exp)
		if err != nil {
			return nil, false, err
		}
		if out, err = b.mul(out, e); err != nil {
			return nil, false, err
		}
	}
	return out, true, nil
}

// ln returns the form of the natural logarithm of x.
func (b *FormBuilder) ln(x *Form) (*Form, error) {
	if err := b.enter(); err != nil {
		return nil, err
	}
	defer b.leave()
	if r, ok := x.Rational(); ok {
		return b.lnRat(r)
	}
	if x.den == nil && len(x.num.ts) == 1 {
		var t *term
		for _, y := range x.num.ts {
			t = y
		}
		if t.c.Sign() > 0 && !t.m.i {
			// ln of a product of positive factors is the sum of their logs
			out, err := b.lnRat(t.c)
			if err != nil {
				return nil, err
			}
			ok := true
			for _, f := range t.m.fs {
				var g *Form
				switch f.a.kind {
				case atRad:
					g = b.atomForm(b.logAtom(f.a.b), frac{1, 1})
				case atPi:
					g = b.atomForm(b.lnAtom(b.atomForm(f.a, frac{1, 1})), frac{1, 1})
				case atVar:
					if !b.opt.Positive {
						ok = false
						break
					}
					g = b.atomForm(b.lnAtom(b.atomForm(f.a, frac{1, 1})), frac{1, 1})
				default:
					ok = false
				}
				if !ok {
					break
				}
				if g, err = b.scale(g, f.e.rat()); err != nil {
					return nil, err
				}
				if out, err = b.add(out, g); err != nil {
					return nil, err
				}
			}
			if ok && t.m.exp != nil {
				// ln e^{P} = P for a real P
				if t.m.exp.Features()&(FeatI|FeatExp|FeatOpaque|FeatRoot|FeatLog) != 0 {
					ok = false
				} else if out, err = b.add(out, t.m.exp); err != nil {
					return nil, err
				}
			}
			if ok {
				return out, nil
			}
		}
	}
	return b.atomForm(b.lnAtom(x), frac{1, 1}), nil
}

func (b *FormBuilder) call(t *Call) (*Form, error) {
	// exact integer functions and special values first
	switch t.Fn {
	case "fact", "fact2", "gcd", "lcm", "mod", "floor", "ceil", "binom":
		r, err := b.st.rat(t)
		if err == nil {
			return b.constForm(r), nil
		}
		if err == ErrLimit || err == ErrDeadline || err == ErrDomain {
			return nil, err
		}
	case "pm":
		return nil, ErrNotScalar
	case "det", "tr", "arg", "zeta", "totient", "divsum", "divcount":
		// before the arguments are formed (a matrix has no form): the
		// value's tree (named.go), or an uninterpreted application
		v, err := b.st.namedValue(t)
		if err == nil {
			return b.form(v)
		}
		if err == ErrLimit || err == ErrDeadline || err == ErrDomain {
			return nil, err
		}
	case "diff":
		// the derivative tree (deriv.go), formed like any other
		v, err := b.st.derivative(t)
		if err == nil {
			return b.form(v)
		}
		if err == ErrLimit || err == ErrDeadline {
			return nil, err
		}
	case "lim", "int", "sum":
		// before the arguments are formed: a point at infinity has no
		// form, but the limit there (or the integral or the series to it)
		// may have a value
		if t.Fn == "sum" && !upToInfinity(t) {
			break
		}
		var v Node
		var err error
		switch t.Fn {
		case "lim":
			v, err = b.st.limit(t)
		case "int":
			v, err = b.st.definiteIntegral(t)
		default:
			v, err = b.st.infiniteSum(t)
		}
		if err == nil {
			return b.form(v)
		}
		if err == ErrLimit || err == ErrDeadline {
			return nil, err
		}
	}
	args := make([]*Form, len(t.Args))
	for i, a := range t.Args {
		if _, bound := BoundVar(t); bound && i < 2 {
			continue // the body and the bound variable are keyed whole
		}
		f, err := b.form(a)
		if err != nil {
			return nil, err
		}
		args[i] = f
	}
	one := func() error {
		if len(args) != 1 {
			return ErrNotScalar
		}
		return nil
	}
	switch t.Fn {
	case "sqrt":
		if err := one(); err != nil {
			return nil, err
		}
		return b.powRat(args[0], big.NewRat(1, 2))
	case "exp":
		if err := one(); err != nil {
			return nil, err
		}
		return b.expForm(args[0])
	case "ln":
		if err := one(); err != nil {
			return nil, err
		}
		return b.ln(args[0])
	case "log":
		if len(args) == 0 || len(args) > 2 {
			return nil, ErrNotScalar
		}
		l, err := b.ln(args[0])
		if err != nil {
			return nil, err
		}
		var lb *Form
		switch {
		case len(args) == 2:
			if lb, err = b.ln(args[1]); err != nil {
				return nil, err
			}
		case b.opt.NaturalLog:
			return l, nil
		default:
			if lb, err = b.lnRat(big.NewRat(10, 1)); err != nil {
				return nil, err
			}
		}
		il, err := b.inv(lb)
		if err != nil {
			return nil, err
		}
		return b.mul(l, il)
	case "percent":
		if err := one(); err != nil {
			return nil, err
		}
		return b.scale(args[0], big.NewRat(1, 100))
	case "deg":
		if err := one(); err != nil {
			return nil, err
		}
		pi := b.atomForm(b.piAtom(), frac{1, 1})
		d, err := b.mul(args[0], pi)
		if err != nil {
			return nil, err
		}
		return b.scale(d, big.NewRat(1, 180))
	case "sin", "cos", "tan", "cot", "sec", "csc", "sinh", "cosh", "tanh", "coth", "sech", "csch":
		if err := one(); err != nil {
			return nil, err
		}
		return b.trig(t.Fn, args[0])
	case "asin", "acos", "atan", "acot", "asec", "acsc":
		if err := one(); err != nil {
			return nil, err
		}
		if f, ok := b.arcSpecial(t.Fn, args[0]); ok {
			return f, nil
		}
	case "abs":
		if err := one(); err != nil {
			return nil, err
		}
		return b.abs(t, args[0])
	case "binom":
		if len(args) == 2 {
			if k, ok := args[1].Rational(); ok && k.IsInt() && k.Sign() >= 0 && k.Num().IsInt64() && k.Num().Int64() <= 60 {
				// n(n-1)...(n-k+1)/k! for a symbolic n
				acc := b.constForm(big.NewRat(1, 1))
				for j := int64(0); j < k.Num().Int64(); j++ {
					f, err := b.add(args[0], b.constForm(big.NewRat(-j, 1)))
					if err != nil {
						return nil, err
					}
					if acc, err = b.mul(acc, f); err != nil {
						return nil, err
					}
				}
				fk := new(big.Int).MulRange(1, max(k.Num().Int64(), 1))
				return b.scale(acc, new(big.Rat).SetFrac(big.NewInt(1), fk))
			}
		}
	case "floor", "ceil", "max", "min":
		if f, ok, err := b.realFn(t.Fn, args); err != nil || ok {
			return f, err
		}
		if (t.Fn == "max" || t.Fn == "min") && len(args) == 2 {
			// max(a, b) = (a + b + |a - b|)/2, min(a, b) = (a + b - |a - b|)/2
			// for reals: one canonical form for both spellings
			return b.maxMin(t, args[0], args[1])
		}
	case "sum", "prod":
		if f, ok, err := b.sumProd(t); err != nil || ok {
			return f, err
		}
	case "gamma":
		r, err := b.st.gammaInt(t)
		if err == nil {
			return b.constForm(r), nil
		}
		if err == ErrLimit || err == ErrDeadline || err == ErrDomain {
			return nil, err
		}
		if h, err := b.st.gammaHalf(t); err == nil {
			return b.form(h)
		} else if err == ErrLimit || err == ErrDeadline {
			return nil, err
		}
		if len(t.Args) == 1 {
			if _, err := b.st.rat(t.Args[0]); err != nil {
				// Γ(x) is (x-1)! by the definition of the factorial beyond
				// the integers: one form for Γ(n+1) and n!
				return b.form(&Call{Fn: "fact", Args: []Node{&Add{Terms: []Node{t.Args[0], Int(-1)}}}})
			}
		}
	case "conj":
		if len(t.Args) == 1 {
			if in, ok := t.Args[0].(*Call); ok && in.Fn == "conj" && len(in.Args) == 1 {
				// conjugation is an involution: \overline{\overline{z}} = z
				return b.form(in.Args[0])
			}
			if c, ok := conjugateTree(t.Args[0]); ok {
				return b.form(c)
			}
			if args[0] != nil {
				if r, ok := args[0].Rational(); ok {
					return b.constForm(r), nil
				}
			}
		}
	case "re", "im":
		// Re z = (z + \bar z)/2, Im z = (z - \bar z)/(2i) for z whose
		// conjugate is known (conjugateTree: constants only, never a
		// variable, which may be complex)
		if len(t.Args) == 1 {
			if c, ok := conjugateTree(t.Args[0]); ok {
				if t.Fn == "re" {
					return b.form(&Mul{Factors: []Node{Rat(half), &Add{Terms: []Node{t.Args[0], c}}}})
				}
				return b.form(&Mul{Factors: []Node{Rat(half), &Pow{Base: &Sym{Name: I}, Exp: Int(-1)}, &Add{Terms: []Node{t.Args[0], &Neg{X: c}}}}})
			}
		}
	case "sgn":
		if len(args) == 1 && args[0] != nil {
			if r, ok := args[0].Rational(); ok {
				return b.constForm(big.NewRat(int64(r.Sign()), 1)), nil
			}
		}
	case "modclass":
		// a residue class: 8 (mod 5) is 3 (mod 5)
		if len(args) == 2 {
			a, ok1 := args[0].Rational()
			m, ok2 := args[1].Rational()
			if ok1 && ok2 && a.IsInt() && m.IsInt() && m.Sign() != 0 {
				r := new(big.Int).Mod(a.Num(), new(big.Int).Abs(m.Num()))
				args[0] = b.constForm(new(big.Rat).SetInt(r))
				args[1] = b.constForm(new(big.Rat).Abs(m))
			}
		}
	}
	return b.opaque(t, args), nil
}

// maxMin writes max(a, b) and min(a, b) with an absolute value.
func (b *FormBuilder) maxMin(t *Call, x, y *Form) (*Form, error) {
	d, err := b.Sub(x, y)
	if err != nil {
		return nil, err
	}
	ad, err := b.abs(&Call{Fn: "abs", Args: []Node{&Add{Terms: []Node{t.Args[0], &Neg{X: t.Args[1]}}}}}, d)
	if err != nil {
		return nil, err
	}
	sum, err := b.add(x, y)
	if err != nil {
		return nil, err
	}
	if t.Fn == "min" {
		if ad, err = b.scale(ad, big.NewRat(-1, 1)); err != nil {
			return nil, err
		}
	}
	out, err := b.add(sum, ad)
	if err != nil {
		return nil, err
	}
	return b.scale(out, big.NewRat(1, 2))
}

// sqrtOfSquare returns |m| for base = m^2, m one term of variables with
// even powers, \pi and radicals, times a positive rational square.
func (b *FormBuilder) sqrtOfSquare(base *Form) (*Form, bool, error) {
	if base.den != nil || len(base.num.ts) != 1 {
		return nil, false, nil
	}
	var t *term
	for _, x := range base.num.ts {
		t = x
	}
	if t.c.Sign() <= 0 || t.m.i || !t.m.rou.isZero() || t.m.exp != nil {
		return nil, false, nil
	}
	hasVar := false
	var fs []factor
	for _, f := range t.m.fs {
		if f.a.kind != atVar && f.a.kind != atPi && f.a.kind != atRad {
			return nil, false, nil
		}
		if f.a.kind == atVar {
			if !f.e.isInt() || f.e.n%2 != 0 {
				return nil, false, nil
			}
			hasVar = true
		}
		e, err := f.e.mul(frac{1, 2})
		if err != nil {
			return nil, false, err
		}
		fs = append(fs, factor{f.a, e})
	}
	if !hasVar {
		return nil, false, nil
	}
	c, err := b.ratPow(t.c, big.NewRat(1, 2))
	if err != nil {
		return nil, false, err
	}
	// m = the variables to half their powers; |m| keeps only the odd ones
	// under the absolute value
	out := c
	for _, f := range fs {
		cf := big.NewRat(1, 1)
		var extra *sum
		g := f
		keep, err := b.normFactor(&g, cf, &extra)
		if err != nil {
			return nil, false, err
		}
		part := b.constForm(cf)
		if keep {
			m := &mono{fs: []factor{g}}
			m.computeKey()
			part = b.monoForm(cf, m)
		}
		if f.a.kind == atVar && f.e.n%2 != 0 {
			node := &Pow{Base: f.a.node, Exp: Int(f.e.n)}
			if part, err = b.abs(&Call{Fn: "abs", Args: []Node{node}}, part); err != nil {
				return nil, false, err
			}
		}
		if out, err = b.mul(out, part); err != nil {
			return nil, false, err
		}
	}
	return out, true, nil
}

// opaque makes an atom of an application the form does not look into.
func (b *FormBuilder) opaque(t *Call, args []*Form) *Form {
	keys := make([]string, len(args))
	hasVar := false
	for i, a := range args {
		if a == nil {
			keys[i] = Key(t.Args[i])
			continue
		}
		keys[i] = a.Key()
		if a.HasVar() {
			hasVar = true
		}
	}
	if t.Fn == "max" || t.Fn == "min" || t.Fn == "gcd" || t.Fn == "lcm" {
		sort.Strings(keys)
	}
	if _, bound := BoundVar(t); bound {
		// a binder is keyed with its bound variable named by depth:
		// \sum_{k=1}^n k and \sum_{i=1}^n i are one atom
		hasVar = len(FreeVars(t)) > 0
		return b.atomForm(b.opaqueAtom(Key(AlphaNormal(t)), t, hasVar), frac{1, 1})
	}
	return b.atomForm(b.opaqueAtom(t.Fn+"("+strings.Join(keys, ",")+")", t, hasVar), frac{1, 1})
}

// trig writes the trigonometric and hyperbolic functions with exponentials.
func (b *FormBuilder) trig(fn string, a *Form) (*Form, error) {
	hyper := strings.HasSuffix(fn, "h")
	arg := a
	var err error
	if !hyper {
		if arg, err = b.mul(a, b.iForm()); err != nil {
			return nil, err
		}
	}
	ep, err := b.expForm(arg)
	if err != nil {
		return nil, err
	}
	neg, err := b.scale(arg, big.NewRat(-1, 1))
	if err != nil {
		return nil, err
	}
	em, err := b.expForm(neg)
	if err != nil {
		return nil, err
	}
	// s = (e^{u} - e^{-u})/2, c = (e^{u} + e^{-u})/2 with u = ia or a
	d, err := b.Sub(ep, em)
	if err != nil {
		return nil, err
	}
	s, _ := b.scale(d, big.NewRat(1, 2))
	sm, err := b.add(ep, em)
	if err != nil {
		return nil, err
	}
	c, _ := b.scale(sm, big.NewRat(1, 2))
	if !hyper {
		// sin a = (e^{ia} - e^{-ia})/(2i)
		if s, err = b.mul(s, b.iForm()); err != nil {
			return nil, err
		}
		s, _ = b.scale(s, big.NewRat(-1, 1))
	}
	name := strings.TrimSuffix(fn, "h")
	switch name {
	case "sin":
		return s, nil
	case "cos":
		return c, nil
	case "tan":
		ic, err := b.inv(c)
		if err != nil {
			return nil, err
		}
		return b.mul(s, ic)
	case "cot":
		is, err := b.inv(s)
		if err != nil {
			return nil, err
		}
		return b.mul(c, is)
	case "sec":
		return b.inv(c)
	default: // csc
		return b.inv(s)
	}
}

// arcSpecial gives the inverse trigonometric functions at the values of
// the sines, cosines and tangents of multiples of 30 and 45 degrees.
func (b *FormBuilder) arcSpecial(fn string, a *Form) (*Form, bool) {
	if a.HasVar() {
		return nil, false
	}
	if b.special == nil {
		b.special = map[string]*Form{}
		pi := b.atomForm(b.piAtom(), frac{1, 1})
		add := func(fn string, val *Form, q *big.Rat) {
			if val == nil {
				return
			}
			f, _ := b.scale(pi, q)
			b.special[fn+":"+val.Key()] = f
		}
		// angles k*15 degrees for k = -6..12: sin, cos, tan values
		for k := int64(-6); k <= 12; k++ {
			q := big.NewRat(k, 12)
			s, err1 := b.sinCos15(k)
			c, err2 := b.sinCos15(k + 6)
			if err1 != nil || err2 != nil {
				continue
			}
			if k >= -6 && k <= 6 && k%2 == 0 || k%3 == 0 && k >= -6 && k <= 6 {
				add("asin", s, q)
			}
			if k >= 0 && k <= 12 && (k%2 == 0 || k%3 == 0) {
				add("acos", c, q)
			}
			if k > -6 && k < 6 && (k%2 == 0 || k%3 == 0) {
				if ic, err := b.inv(c); err == nil {
					if tn, err := b.mul(s, ic); err == nil {
						add("atan", tn, q)
					}
				}
			}
		}
	}
	switch fn {
	case "acot", "asec", "acsc":
		// the evaluator's definitions: acot x = atan(1/x), asec x =
		// acos(1/x), acsc x = asin(1/x)
		if a.IsZero() {
			return nil, false
		}
		ia, err := b.inv(a)
		if err != nil {
			return nil, false
		}
		a = ia
		fn = map[string]string{"acot": "atan", "asec": "acos", "acsc": "asin"}[fn]
	}
	f, ok := b.special[fn+":"+a.Key()]
	return f, ok
}

// abs gives |a|: exact for constants, the identity for positive monomials
// under Positive, split over the factors of a monomial (|2x^3 y| =
// 2x^2|x||y|), else an atom of a normalised argument (|2-x| = |x-2|,
// |2x - 4| = 2|x-2|). Variables are real, so |A|^2 = A^2 for a real A.
func (b *FormBuilder) abs(t *Call, a *Form) (*Form, error) {
	if err := b.enter(); err != nil {
		return nil, err
	}
	defer b.leave()
	if r, ok := a.Rational(); ok {
		return b.constForm(new(big.Rat).Abs(r)), nil
	}
	if !a.HasVar() && a.Features()&FeatI != 0 && t != nil && len(t.Args) == 1 {
		// |3+4i| = 5: the square root of z times its conjugate, where
		// that product is a rational number
		if c, ok := conjugateTree(t.Args[0]); ok {
			if cf, err := b.form(c); err == nil {
				if p, err := b.mul(a, cf); err == nil {
					if r, ok := p.Rational(); ok && r.Sign() >= 0 {
						return b.ratPow(r, big.NewRat(1, 2))
					}
				}
			}
		}
	}
	if !a.HasVar() {
		if s, ok, err := b.sign(a); err != nil {
			return nil, err
		} else if ok {
			return b.scale(a, big.NewRat(int64(s), 1))
		}
	}
	if f, ok := b.positiveMono(a); ok {
		return f, nil
	}
	if a.den == nil && nonNegative(a.num) {
		return a, nil // |x^2 + 1| = x^2 + 1
	}
	if a.den != nil {
		// |N/D| = |N|/|D|
		n, err := b.abs(t, &Form{num: a.num})
		if err != nil {
			return nil, err
		}
		d, err := b.abs(t, &Form{num: a.den})
		if err != nil {
			return nil, err
		}
		id, err := b.inv(d)
		if err != nil {
			return nil, err
		}
		return b.mul(n, id)
	}
	if len(a.num.ts) == 1 && realForm(a) {
		var tm *term
		for _, x := range a.num.ts {
			tm = x
		}
		out := b.constForm(new(big.Rat).Abs(tm.c))
		rest := &mono{}
		for _, f := range tm.m.fs {
			switch {
			case f.a.kind == atPi || f.a.kind == atRad || f.a.kind == atLog:
				out, _ = b.mul(out, b.atomForm(f.a, f.e))
			case f.a.kind == atVar && f.e.isInt():
				xf := b.atomForm(f.a, frac{1, 1})
				even := f.e.n - f.e.n%2
				pw, err := b.powInt(xf, even)
				if err != nil {
					return nil, err
				}
				if f.e.n%2 != 0 {
					ax := b.atomForm(b.absAtom(xf, &Call{Fn: "abs", Args: []Node{f.a.node}}), frac{1, 1})
					if f.e.n < 0 {
						if ax, err = b.inv(ax); err != nil {
							return nil, err
						}
					}
					if pw, err = b.mul(pw, ax); err != nil {
						return nil, err
					}
				}
				var err2 error
				if out, err2 = b.mul(out, pw); err2 != nil {
					return nil, err2
				}
			default:
				rest.fs = append(rest.fs, f)
			}
		}
		if tm.m.exp != nil {
			// e^{P} with a real P is positive
			out, _ = b.mul(out, b.monoForm(big.NewRat(1, 1), &mono{exp: tm.m.exp, key: (&mono{exp: tm.m.exp}).keyed()}))
		}
		if len(rest.fs) > 0 {
			rest.computeKey()
			inner := b.monoForm(big.NewRat(1, 1), rest)
			at := b.atomForm(b.absAtom(inner, &Call{Fn: "abs", Args: []Node{formNode(inner, t.Args[0], tm.c)}}), frac{1, 1})
			return b.mul(out, at)
		}
		return out, nil
	}
	// content and sign out: |c A| = |c| |A|, A with leading coefficient 1
	ks := a.num.keys()
	lead := new(big.Rat).Set(a.num.ts[ks[0]].c)
	norm := b.sumScale(a.num, new(big.Rat).Inv(lead))
	inner := &Form{num: norm}
	at := b.atomForm(b.absAtom(inner, &Call{Fn: "abs", Args: []Node{formNode(inner, t.Args[0], lead)}}), frac{1, 1})
	return b.scale(at, new(big.Rat).Abs(lead))
}

// nonNegative reports whether every term of s is a positive coefficient
// times even powers of variables and positive constants (so s >= 0 for
// real variables).
func nonNegative(s *sum) bool {
	for _, t := range s.ts {
		if t.c.Sign() <= 0 || t.m.i || !t.m.rou.isZero() || t.m.exp != nil {
			return false
		}
		for _, f := range t.m.fs {
			switch f.a.kind {
			case atPi, atRad, atLog:
			case atVar:
				if !f.e.isInt() || f.e.n%2 != 0 {
					return false
				}
			default:
				return false
			}
		}
	}
	return len(s.ts) > 0
}

// realForm reports whether a form is real for real variables: no i, no
// root of unity or exponential (which may be complex), no root or
// logarithm (\sqrt{x} and \ln x are imaginary or complex for x < 0).
// Opaque applications (|x|, f(x), \lfloor x \rfloor) are taken to be real.
func realForm(f *Form) bool {
	return f.Features()&(FeatI|FeatExp|FeatRoot|FeatLog) == 0
}

// absAtom is the atom |inner|, with node a tree to evaluate it.
func (b *FormBuilder) absAtom(inner *Form, node Node) *atom {
	return b.intern(&atom{kind: atAbs, key: "abs(" + inner.Key() + ")", arg: inner, node: node, hasVar: inner.HasVar()})
}

// formNode returns a tree whose value is the form inner = orig / lead.
func formNode(inner *Form, orig Node, lead *big.Rat) Node {
	return &Mul{Factors: []Node{orig, &Num{V: new(big.Rat).Inv(lead)}}}
}

// positiveMono returns a itself when it is one term of positive factors
// (under Positive, or without variables).
func (b *FormBuilder) positiveMono(a *Form) (*Form, bool) {
	if a.den != nil || len(a.num.ts) != 1 {
		return nil, false
	}
	for _, t := range a.num.ts {
		if t.c.Sign() <= 0 || t.m.i || t.m.exp != nil {
			return nil, false
		}
		for _, f := range t.m.fs {
			switch f.a.kind {
			case atPi, atRad, atLog:
			case atVar:
				if !b.opt.Positive {
					return nil, false
				}
			default:
				return nil, false
			}
		}
	}
	return a, true
}

// realFn evaluates floor, ceil, max and min of constants.
func (b *FormBuilder) realFn(fn string, args []*Form) (*Form, bool, error) {
	for _, a := range args {
		if a.HasVar() {
			return nil, false, nil
		}
	}
	switch fn {
	case "floor", "ceil":
		if len(args) != 1 {
			return nil, false, ErrNotScalar
		}
		v, ok, err := b.realValue(args[0])
		if err != nil || !ok {
			return nil, false, err
		}
		fl, acc := v.Int(nil)
		if v.Sign() < 0 && acc != big.Exact {
			fl.Sub(fl, big.NewInt(1))
		}
		// the value must be clearly away from an integer
		fr := new(big.Float).Sub(v, new(big.Float).SetInt(fl))
		eps := new(big.Float).SetMantExp(big.NewFloat(1), -64)
		if fr.Cmp(eps) < 0 || new(big.Float).Sub(big.NewFloat(1), fr).Cmp(eps) < 0 {
			return nil, false, nil
		}
		if fn == "ceil" {
			fl.Add(fl, big.NewInt(1))
		}
		return b.constForm(new(big.Rat).SetInt(fl)), true, nil
	default:
		if len(args) == 0 {
			return nil, false, ErrNotScalar
		}
		best := args[0]
		for _, a := range args[1:] {
			d, err := b.Sub(a, best)
			if err != nil {
				return nil, false, err
			}
			if d.IsZero() {
				continue
			}
			s, ok, err := b.sign(d)
			if err != nil || !ok {
				return nil, false, err
			}
			if fn == "max" && s > 0 || fn == "min" && s < 0 {
				best = a
			}
		}
		return best, true, nil
	}
}

// sumProd expands a sum or product with integer bounds over a body with
// variables.
func (b *FormBuilder) sumProd(t *Call) (*Form, bool, error) {
	if len(t.Args) != 4 {
		return nil, false, nil
	}
	v, ok := t.Args[1].(*Sym)
	if !ok {
		return nil, false, nil
	}
	lo, err1 := b.st.ratInt(t.Args[2])
	hi, err2 := b.st.ratInt(t.Args[3])
	closed := func() (*Form, bool, error) {
		// a polynomial summand in closed form (Faulhaber), also with a
		// symbolic upper bound: \sum_{k=1}^n k is n(n+1)/2
		n, err := b.st.polySum(t)
		if err == ErrLimit || err == ErrDeadline {
			return nil, false, err
		}
		if err != nil {
			// a geometric or telescoping summand, a product of constants
			// and linear factors (series.go)
			if t.Fn == "sum" {
				n, err = b.st.finiteSum(t)
			} else {
				n, err = b.st.finiteProd(t)
			}
			if err == ErrLimit || err == ErrDeadline {
				return nil, false, err
			}
		}
		if err != nil {
			return nil, false, nil
		}
		f, err := b.form(n)
		return f, err == nil, err
	}
	if err1 != nil || err2 != nil {
		return closed()
	}
	n := new(big.Int).Sub(hi, lo)
	if !n.IsInt64() || n.Int64() > 200 || !lo.IsInt64() {
		return closed()
	}
	acc := b.constForm(new(big.Rat))
	if t.Fn == "prod" {
		acc = b.constForm(big.NewRat(1, 1))
	}
	for k := lo.Int64(); k <= hi.Int64(); k++ {
		f, err := b.form(Substitute(t.Args[0], v.Name, Int(k)))
		if err != nil {
			return nil, false, err
		}
		if t.Fn == "sum" {
			acc, err = b.add(acc, f)
		} else {
			acc, err = b.mul(acc, f)
		}
		if err != nil {
			return nil, false, err
		}
	}
	return acc, true, nil
}

// Proportional reports whether x = k y for a constant form k (one without
// variables), and returns k. A false ok proves nothing unless both forms
// are canonical (polynomials in the variables over Q(√, i)).
func (b *FormBuilder) Proportional(x, y *Form) (k *Form, ok bool, err error) {
	if y.IsZero() || x.IsZero() {
		return nil, false, nil
	}
	one := constSum(big.NewRat(1, 1))
	xd, yd := x.den, y.den
	if xd == nil {
		xd = one
	}
	if yd == nil {
		yd = one
	}
	p, err := b.sumMul(x.num, yd)
	if err != nil {
		return nil, false, err
	}
	q, err := b.sumMul(y.num, xd)
	if err != nil {
		return nil, false, err
	}
	pg, qg := splitVar(p), splitVar(q)
	if len(pg) != len(qg) {
		return nil, false, nil
	}
	var m0 string
	first := true
	for m := range pg {
		if _, ok := qg[m]; !ok {
			return nil, false, nil
		}
		if first || m < m0 {
			m0, first = m, false
		}
	}
	for m := range pg {
		if m == m0 {
			continue
		}
		l, err := b.sumMul(pg[m], qg[m0])
		if err != nil {
			return nil, false, err
		}
		r, err := b.sumMul(pg[m0], qg[m])
		if err != nil {
			return nil, false, err
		}
		d, err := b.sumAdd(l, r, -1)
		if err != nil {
			return nil, false, err
		}
		if !d.isZero() {
			return nil, false, nil
		}
	}
	k, err = b.normalize(&Form{num: pg[m0], den: qg[m0]})
	if err != nil {
		return nil, false, err
	}
	return k, true, nil
}

// splitVar groups the terms of s by the part of their monomial that
// depends on variables; each group is a sum of constant terms.
func splitVar(s *sum) map[string]*sum {
	out := map[string]*sum{}
	for _, t := range s.ts {
		cm := &mono{i: t.m.i, rou: t.m.rou}
		vm := &mono{}
		for _, f := range t.m.fs {
			if f.a.hasVar {
				vm.fs = append(vm.fs, f)
			} else {
				cm.fs = append(cm.fs, f)
			}
		}
		if t.m.exp != nil {
			if t.m.exp.HasVar() {
				vm.exp = t.m.exp
			} else {
				cm.exp = t.m.exp
			}
		}
		cm.computeKey()
		vm.computeKey()
		g, ok := out[vm.key]
		if !ok {
			g = newSum()
			out[vm.key] = g
		}
		g.addTerm(t.c, cm)
	}
	return out
}
