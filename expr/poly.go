package expr

import (
	"context"
	"errors"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// Multivariate polynomials with rational coefficients, in a canonical
// (expanded, sorted) form, and rational functions as pairs of them.

// ErrNotPoly means the expression is not a rational function of its
// variables with rational coefficients (it has \pi, \sqrt{x}, \sin ...).
var ErrNotPoly = errors.New("not a rational function")

// Monomial exponents per variable; the key is a canonical string.
type pmono map[string]int

func (m pmono) key() string {
	names := make([]string, 0, len(m))
	for v, e := range m {
		if e != 0 {
			names = append(names, v)
		}
	}
	sort.Strings(names)
	var b strings.Builder
	for _, v := range names {
		b.WriteString(v)
		b.WriteByte('^')
		b.WriteString(strconv.Itoa(m[v]))
		b.WriteByte(';')
	}
	return b.String()
}

// Poly is a polynomial: monomial key -> coefficient (never zero).
type Poly struct {
	terms map[string]*big.Rat
	monos map[string]pmono
}

// Polynomial size limits.
const (
	MaxPolyTerms  = 2000
	MaxPolyDegree = 200
)

func newPoly() *Poly { return &Poly{terms: map[string]*big.Rat{}, monos: map[string]pmono{}} }

func constPoly(r *big.Rat) *Poly {
	p := newPoly()
	if r.Sign() != 0 {
		p.terms[""] = new(big.Rat).Set(r)
		p.monos[""] = pmono{}
	}
	return p
}

func varPoly(v string) *Poly {
	p := newPoly()
	m := pmono{v: 1}
	p.terms[m.key()] = big.NewRat(1, 1)
	p.monos[m.key()] = m
	return p
}

// IsZero reports whether p is the zero polynomial.
func (p *Poly) IsZero() bool { return len(p.terms) == 0 }

func (p *Poly) add(q *Poly, sign int) *Poly {
	out := newPoly()
	for k, c := range p.terms {
		out.terms[k] = new(big.Rat).Set(c)
		out.monos[k] = p.monos[k]
	}
	for k, c := range q.terms {
		d := new(big.Rat).Set(c)
		if sign < 0 {
			d.Neg(d)
		}
		if e, ok := out.terms[k]; ok {
			e.Add(e, d)
			if e.Sign() == 0 {
				delete(out.terms, k)
				delete(out.monos, k)
			}
		} else {
			out.terms[k] = d
			out.monos[k] = q.monos[k]
		}
	}
	return out
}

func (p *Poly) mul(q *Poly, lim *state) (*Poly, error) {
	if len(p.terms)*len(q.terms) > MaxPolyTerms*4 {
		return nil, ErrLimit
	}
	out := newPoly()
	for k1, c1 := range p.terms {
		m1 := p.monos[k1]
		for k2, c2 := range q.terms {
			m2 := q.monos[k2]
			m := pmono{}
			for v, e := range m1 {
				m[v] += e
			}
			for v, e := range m2 {
				m[v] += e
				if m[v] > MaxPolyDegree {
					return nil, ErrLimit
				}
			}
			k := m.key()
			c := new(big.Rat).Mul(c1, c2)
			if e, ok := out.terms[k]; ok {
				e.Add(e, c)
				if e.Sign() == 0 {
					delete(out.terms, k)
					delete(out.monos, k)
				}
			} else if c.Sign() != 0 {
				out.terms[k] = c
				out.monos[k] = m
			}
		}
		if err := lim.check(); err != nil {
			return nil, err
		}
	}
	if len(out.terms) > MaxPolyTerms {
		return nil, ErrLimit
	}
	for _, c := range out.terms {
		if err := lim.fits(c); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Equal reports whether two polynomials are identical.
func (p *Poly) Equal(q *Poly) bool {
	if len(p.terms) != len(q.terms) {
		return false
	}
	for k, c := range p.terms {
		d, ok := q.terms[k]
		if !ok || c.Cmp(d) != 0 {
			return false
		}
	}
	return true
}

// String prints the polynomial in canonical order (LaTeX).
func (p *Poly) String() string {
	if len(p.terms) == 0 {
		return "0"
	}
	keys := make([]string, 0, len(p.terms))
	for k := range p.terms {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for i, k := range keys {
		c := p.terms[k]
		m := p.monos[k]
		neg := c.Sign() < 0
		a := new(big.Rat).Abs(c)
		if i > 0 {
			if neg {
				b.WriteString(" - ")
			} else {
				b.WriteString(" + ")
			}
		} else if neg {
			b.WriteString("-")
		}
		names := make([]string, 0, len(m))
		for v := range m {
			names = append(names, v)
		}
		sort.Strings(names)
		if a.Cmp(ratOne) != 0 || len(names) == 0 {
			b.WriteString((&Num{V: a}).String())
		}
		for _, v := range names {
			b.WriteString(v)
			if m[v] != 1 {
				b.WriteString("^{" + strconv.Itoa(m[v]) + "}")
			}
		}
	}
	return b.String()
}

// RatFunc is a quotient of polynomials.
type RatFunc struct{ Num, Den *Poly }

// String prints the rational function.
func (r RatFunc) String() string {
	if len(r.Den.terms) == 1 {
		if c, ok := r.Den.terms[""]; ok && c.Cmp(ratOne) == 0 {
			return r.Num.String()
		}
	}
	return "\\frac{" + r.Num.String() + "}{" + r.Den.String() + "}"
}

// RationalFunction converts n to a rational function of its variables.
func RationalFunction(ctx context.Context, n Node, lim Limits) (RatFunc, error) {
	return newState(ctx, lim).ratFunc(n)
}

func (l *state) ratFunc(n Node) (RatFunc, error) {
	one := constPoly(big.NewRat(1, 1))
	if err := l.check(); err != nil {
		return RatFunc{}, err
	}
	switch t := n.(type) {
	case *Num:
		return RatFunc{constPoly(t.V), one}, nil
	case *Sym:
		if IsConst(t.Name) {
			return RatFunc{}, ErrNotPoly
		}
		return RatFunc{varPoly(t.Name), one}, nil
	case *Neg:
		r, err := l.ratFunc(t.X)
		if err != nil {
			return r, err
		}
		return RatFunc{newPoly().add(r.Num, -1), r.Den}, nil
	case *Add:
		acc := RatFunc{newPoly(), one}
		for _, x := range t.Terms {
			r, err := l.ratFunc(x)
			if err != nil {
				return r, err
			}
			// a/b + c/d = (ad + cb)/bd, sharing equal denominators
			if acc.Den.Equal(r.Den) {
				acc = RatFunc{acc.Num.add(r.Num, 1), acc.Den}
				continue
			}
			ad, err := acc.Num.mul(r.Den, l)
			if err != nil {
				return RatFunc{}, err
			}
			cb, err := r.Num.mul(acc.Den, l)
			if err != nil {
				return RatFunc{}, err
			}
			bd, err := acc.Den.mul(r.Den, l)
			if err != nil {
				return RatFunc{}, err
			}
			acc = RatFunc{ad.add(cb, 1), bd}
		}
		return acc, nil
	case *Mul:
		acc := RatFunc{one, one}
		for _, x := range t.Factors {
			r, err := l.ratFunc(x)
			if err != nil {
				return r, err
			}
			nn, err := acc.Num.mul(r.Num, l)
			if err != nil {
				return RatFunc{}, err
			}
			dd, err := acc.Den.mul(r.Den, l)
			if err != nil {
				return RatFunc{}, err
			}
			acc = RatFunc{nn, dd}
		}
		return acc, nil
	case *Pow:
		e, err := l.rat(t.Exp)
		if err != nil || !e.IsInt() || !e.Num().IsInt64() {
			if err == ErrLimit || err == ErrDeadline {
				return RatFunc{}, err
			}
			return RatFunc{}, ErrNotPoly
		}
		k := e.Num().Int64()
		if k > MaxPolyDegree || k < -MaxPolyDegree {
			return RatFunc{}, ErrLimit
		}
		b, err := l.ratFunc(t.Base)
		if err != nil {
			return b, err
		}
		if k < 0 {
			if b.Num.IsZero() {
				return RatFunc{}, ErrDomain
			}
			b = RatFunc{b.Den, b.Num}
			k = -k
		}
		acc := RatFunc{one, one}
		for i := int64(0); i < k; i++ {
			nn, err := acc.Num.mul(b.Num, l)
			if err != nil {
				return RatFunc{}, err
			}
			dd, err := acc.Den.mul(b.Den, l)
			if err != nil {
				return RatFunc{}, err
			}
			acc = RatFunc{nn, dd}
		}
		return acc, nil
	}
	// other nodes: exact constants are fine (\binom{5}{2}, 3!)
	if v, err := l.rat(n); err == nil {
		return RatFunc{constPoly(v), one}, nil
	} else if err == ErrLimit || err == ErrDeadline {
		return RatFunc{}, err
	}
	return RatFunc{}, ErrNotPoly
}

// SameRationalFunction reports whether a and b are equal as rational
// functions (by cross-multiplying their canonical polynomials).
func SameRationalFunction(ctx context.Context, a, b RatFunc, lim Limits) (bool, error) {
	st := newState(ctx, lim)
	l, err := a.Num.mul(b.Den, st)
	if err != nil {
		return false, err
	}
	r, err := b.Num.mul(a.Den, st)
	if err != nil {
		return false, err
	}
	return l.Equal(r), nil
}

// Linear returns r as c + Σ coef[v]·v when r is affine in its variables: a
// polynomial of total degree at most one over a nonzero constant
// denominator (so (2x+4)/2 is 2 + x, while x·y, x^2 and 1/x are not). The
// linear systems of word problems (ASDiv's algebra items) are read this way.
func (r RatFunc) Linear() (c *big.Rat, coef map[string]*big.Rat, ok bool) {
	if r.Num == nil || r.Den == nil || len(r.Den.terms) != 1 {
		return nil, nil, false
	}
	den, isConst := r.Den.terms[""]
	if !isConst || den.Sign() == 0 {
		return nil, nil, false
	}
	c, coef = new(big.Rat), map[string]*big.Rat{}
	for k, a := range r.Num.terms {
		v := new(big.Rat).Quo(a, den)
		m := r.Num.monos[k]
		if k == "" {
			c = v
			continue
		}
		if len(m) != 1 {
			return nil, nil, false
		}
		for name, e := range m {
			if e != 1 {
				return nil, nil, false
			}
			coef[name] = v
		}
	}
	return c, coef, true
}
