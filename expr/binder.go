package expr

import (
	"math/big"
	"sort"
)

// definiteIntegral evaluates \int_lo^hi body d var exactly when the body is
// a polynomial (in the variable and in any others) and the bounds are exact
// rationals, returning the result as a tree (a polynomial in the other
// variables). Anything else has no exact value here: ErrUnknownFunction.
func (l *state) definiteIntegral(t *Call) (Node, error) {
	v, ok := BoundVar(t)
	if !ok || t.Fn != "int" || len(t.Args) != 4 {
		return nil, ErrUnknownFunction
	}
	lo, err := l.rat(t.Args[2])
	if err != nil {
		return nil, unknownUnlessLimit(err)
	}
	hi, err := l.rat(t.Args[3])
	if err != nil {
		return nil, unknownUnlessLimit(err)
	}
	rf, err := l.ratFunc(t.Args[0])
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
