package expr

import (
	"math/big"
)

// Named functions with exact values where their argument allows one: the
// determinant and trace of a matrix literal, the argument of a complex
// number with rational parts, the Riemann zeta function at 0 and at even
// positive integers, and the number-theoretic functions φ (Euler's
// totient), σ (the sum of divisors) and τ (the number of divisors) at
// positive integers. Each value is a tree (formed, evaluated or made
// rational by the caller, as derivative's is); an argument outside the
// rule has no value (ErrUnknownFunction), never a guess: ζ(3) is undecided
// against 1.202, and det of a symbol is an uninterpreted application.
//
// The latex parser makes these calls: \det and vmatrix give "det",
// \operatorname{tr} gives "tr", \arg "arg", and a Greek letter applied to a
// parenthesis \zeta(2), \varphi(10), \sigma(6), \tau(6) gives "zeta",
// "totient", "divsum" and "divcount".

// maxDetSymbolic bounds the size of a matrix with symbolic entries whose
// determinant is expanded (n! terms); a rational matrix is eliminated
// exactly up to maxDetRational.
const (
	maxDetSymbolic = 4
	maxDetRational = 20
)

// maxDivisorArg bounds the integers factored by trial division.
var maxDivisorArg = big.NewInt(1_000_000_000_000)

// IsNamedFunction reports whether fn is one of the functions of this file.
func IsNamedFunction(fn string) bool {
	switch fn {
	case "det", "tr", "arg", "zeta", "totient", "divsum", "divcount":
		return true
	}
	return false
}

// namedValue returns the value of t as a tree, or ErrUnknownFunction when
// its argument has none by the rules above.
func (l *state) namedValue(t *Call) (Node, error) {
	if !IsNamedFunction(t.Fn) || len(t.Args) != 1 {
		return nil, ErrUnknownFunction
	}
	if err := l.check(); err != nil {
		return nil, err
	}
	switch t.Fn {
	case "det", "tr":
		m, ok := t.Args[0].(*Matrix)
		if !ok || len(m.Rows) == 0 || len(m.Rows) != len(m.Rows[0]) {
			return nil, ErrUnknownFunction
		}
		for _, r := range m.Rows {
			if len(r) != len(m.Rows) {
				return nil, ErrUnknownFunction
			}
		}
		if t.Fn == "tr" {
			terms := make([]Node, len(m.Rows))
			for i := range m.Rows {
				terms[i] = m.Rows[i][i]
			}
			return &Add{Terms: terms}, nil
		}
		if len(m.Rows) == 1 {
			// |x| written as a one-cell vmatrix is as often an absolute
			// value as a determinant
			return nil, ErrUnknownFunction
		}
		return l.determinant(m)
	case "arg":
		return l.argument(t.Args[0])
	case "zeta":
		s, err := l.rat(t.Args[0])
		if err != nil || !s.IsInt() {
			return nil, unknownUnlessLimit(err)
		}
		k := s.Num().Int64()
		switch {
		case !s.Num().IsInt64():
			return nil, ErrUnknownFunction
		case k == 0:
			return Rat(big.NewRat(-1, 2)), nil
		case k == 1:
			return nil, ErrDomain // the pole
		case k > 1 && k%2 == 0 && k <= maxSumDegree:
			return &Mul{Factors: []Node{Rat(zetaEven(int(k / 2))), &Pow{Base: &Sym{Name: Pi}, Exp: Int(k)}}}, nil
		}
		return nil, ErrUnknownFunction
	default:
		n, err := l.rat(t.Args[0])
		if err != nil || !n.IsInt() || n.Sign() <= 0 || n.Num().Cmp(maxDivisorArg) > 0 {
			return nil, unknownUnlessLimit(err)
		}
		v, err := l.divisorFunction(t.Fn, n.Num().Int64())
		if err != nil {
			return nil, err
		}
		return &Num{V: new(big.Rat).SetInt64(v)}, nil
	}
}

// determinant is exact Gaussian elimination over the rationals when every
// entry is rational, and the Leibniz expansion (a tree of n! products)
// when some entry is symbolic and n is small.
func (l *state) determinant(m *Matrix) (Node, error) {
	n := len(m.Rows)
	a := make([][]*big.Rat, n)
	rational := true
	for i, r := range m.Rows {
		a[i] = make([]*big.Rat, n)
		for j, c := range r {
			v, err := l.rat(c)
			if err == ErrLimit || err == ErrDeadline {
				return nil, err
			}
			if err != nil {
				rational = false
				break
			}
			a[i][j] = v
		}
		if !rational {
			break
		}
	}
	if rational {
		if n > maxDetRational {
			return nil, ErrLimit
		}
		d, err := l.ratDeterminant(a)
		if err != nil {
			return nil, err
		}
		return Rat(d), nil
	}
	if n > maxDetSymbolic {
		return nil, ErrLimit
	}
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	var terms []Node
	// Heap's algorithm visits every permutation once; each swap flips the
	// sign
	sign := 1
	c := make([]int, n)
	emit := func() {
		f := make([]Node, 0, n+1)
		if sign < 0 {
			f = append(f, Int(-1))
		}
		for i := 0; i < n; i++ {
			f = append(f, m.Rows[i][perm[i]])
		}
		terms = append(terms, &Mul{Factors: f})
	}
	emit()
	for i := 0; i < n; {
		if c[i] < i {
			if i%2 == 0 {
				perm[0], perm[i] = perm[i], perm[0]
			} else {
				perm[c[i]], perm[i] = perm[i], perm[c[i]]
			}
			sign = -sign
			emit()
			c[i]++
			i = 0
		} else {
			c[i] = 0
			i++
		}
	}
	return &Add{Terms: terms}, nil
}

// ratDeterminant eliminates a (which it overwrites) with partial pivoting
// on the first nonzero entry; every intermediate value is size-checked.
func (l *state) ratDeterminant(a [][]*big.Rat) (*big.Rat, error) {
	n := len(a)
	det := big.NewRat(1, 1)
	for col := 0; col < n; col++ {
		p := pivotRow(a, col)
		if p < 0 {
			return new(big.Rat), nil
		}
		if p != col {
			a[p], a[col] = a[col], a[p]
			det.Neg(det)
		}
		det.Mul(det, a[col][col])
		if err := l.fits(det); err != nil {
			return nil, err
		}
		for r := col + 1; r < n; r++ {
			if a[r][col].Sign() == 0 {
				continue
			}
			if err := l.check(); err != nil {
				return nil, err
			}
			f := new(big.Rat).Quo(a[r][col], a[col][col])
			for k := col; k < n; k++ {
				a[r][k] = new(big.Rat).Sub(a[r][k], new(big.Rat).Mul(f, a[col][k]))
				if err := l.fits(a[r][k]); err != nil {
					return nil, err
				}
			}
		}
	}
	return det, nil
}

// argument is the principal argument in (-π, π] of a complex number whose
// real and imaginary parts are rational: atan(b/a), shifted by ±π in the
// left half-plane, and ±π/2 on the imaginary axis. arg 0 has no value.
func (l *state) argument(z Node) (Node, error) {
	budget := 256
	g, err := l.gaussian(z, &budget)
	if err != nil {
		return nil, unknownUnlessLimit(err)
	}
	a, b := g[0], g[1]
	half := &Mul{Factors: []Node{Rat(big.NewRat(1, 2)), &Sym{Name: Pi}}}
	switch {
	case a.Sign() == 0 && b.Sign() == 0:
		return nil, ErrDomain
	case a.Sign() == 0 && b.Sign() > 0:
		return half, nil
	case a.Sign() == 0:
		return &Neg{X: half}, nil
	}
	at := &Call{Fn: "atan", Args: []Node{Rat(new(big.Rat).Quo(b, a))}}
	switch {
	case a.Sign() > 0:
		return at, nil
	case b.Sign() >= 0:
		return &Add{Terms: []Node{at, &Sym{Name: Pi}}}, nil
	}
	return &Add{Terms: []Node{at, &Neg{X: &Sym{Name: Pi}}}}, nil
}

// gaussian reads n exactly as a + b·i with a, b rational: numbers, i, sums,
// products, and integer powers (a quotient is a power -1). Anything else
// (a variable, a root, a function) is ErrNotRational.
func (l *state) gaussian(n Node, budget *int) ([2]*big.Rat, error) {
	var zero [2]*big.Rat
	if err := l.check(); err != nil {
		return zero, err
	}
	*budget--
	if *budget < 0 {
		return zero, ErrLimit
	}
	mul := func(x, y [2]*big.Rat) ([2]*big.Rat, error) {
		re := new(big.Rat).Sub(new(big.Rat).Mul(x[0], y[0]), new(big.Rat).Mul(x[1], y[1]))
		im := new(big.Rat).Add(new(big.Rat).Mul(x[0], y[1]), new(big.Rat).Mul(x[1], y[0]))
		if err := l.fits(re); err != nil {
			return zero, err
		}
		return [2]*big.Rat{re, im}, l.fits(im)
	}
	switch t := n.(type) {
	case *Num:
		return [2]*big.Rat{new(big.Rat).Set(t.V), new(big.Rat)}, nil
	case *Sym:
		if t.Name == I {
			return [2]*big.Rat{new(big.Rat), big.NewRat(1, 1)}, nil
		}
	case *Neg:
		x, err := l.gaussian(t.X, budget)
		if err != nil {
			return zero, err
		}
		return [2]*big.Rat{x[0].Neg(x[0]), x[1].Neg(x[1])}, nil
	case *Add:
		acc := [2]*big.Rat{new(big.Rat), new(big.Rat)}
		for _, term := range t.Terms {
			x, err := l.gaussian(term, budget)
			if err != nil {
				return zero, err
			}
			acc[0].Add(acc[0], x[0])
			acc[1].Add(acc[1], x[1])
		}
		return acc, nil
	case *Mul:
		acc := [2]*big.Rat{big.NewRat(1, 1), new(big.Rat)}
		for _, f := range t.Factors {
			x, err := l.gaussian(f, budget)
			if err != nil {
				return zero, err
			}
			if acc, err = mul(acc, x); err != nil {
				return zero, err
			}
		}
		return acc, nil
	case *Pow:
		e, ok := t.Exp.(*Num)
		if !ok || !e.V.IsInt() || !e.V.Num().IsInt64() {
			if ng, isNeg := t.Exp.(*Neg); isNeg {
				if e2, ok2 := ng.X.(*Num); ok2 {
					return l.gaussian(&Pow{Base: t.Base, Exp: &Num{V: new(big.Rat).Neg(e2.V)}}, budget)
				}
			}
			break
		}
		k := e.V.Num().Int64()
		if k > 64 || k < -64 {
			return zero, ErrLimit
		}
		x, err := l.gaussian(t.Base, budget)
		if err != nil {
			return zero, err
		}
		if k < 0 {
			// 1/(a+bi) = (a-bi)/(a²+b²)
			d := new(big.Rat).Add(new(big.Rat).Mul(x[0], x[0]), new(big.Rat).Mul(x[1], x[1]))
			if d.Sign() == 0 {
				return zero, ErrDomain
			}
			x = [2]*big.Rat{new(big.Rat).Quo(x[0], d), new(big.Rat).Neg(new(big.Rat).Quo(x[1], d))}
			k = -k
		}
		acc := [2]*big.Rat{big.NewRat(1, 1), new(big.Rat)}
		for ; k > 0; k-- {
			if acc, err = mul(acc, x); err != nil {
				return zero, err
			}
		}
		return acc, nil
	}
	return zero, ErrNotRational
}

// zetaEven returns q with ζ(2k) = q·π^{2k}: ζ(2k) = (-1)^{k+1} B_{2k}
// (2π)^{2k} / (2 (2k)!).
func zetaEven(k int) *big.Rat {
	B := bernoulliTable()[2*k]
	q := new(big.Rat).Mul(B, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(2), big.NewInt(int64(2*k)), nil)))
	q.Quo(q, new(big.Rat).SetInt(new(big.Int).Mul(big.NewInt(2), new(big.Int).MulRange(1, int64(2*k)))))
	if k%2 == 0 {
		q.Neg(q)
	}
	return q
}

// divisorFunction returns φ(n), σ(n) or τ(n) from the factorisation of n
// by trial division (n ≤ 10^12, so divisors up to 10^6).
func (l *state) divisorFunction(fn string, n int64) (int64, error) {
	phi, sigma, tau := int64(1), int64(1), int64(1)
	m := n
	for p := int64(2); p*p <= m; p++ {
		if p%4096 == 0 {
			if err := l.check(); err != nil {
				return 0, err
			}
		}
		if m%p != 0 {
			continue
		}
		e, pk, sum := int64(0), int64(1), int64(1)
		for m%p == 0 {
			m /= p
			e++
			pk *= p
			sum += pk
		}
		phi *= pk / p * (p - 1)
		sigma *= sum
		tau *= e + 1
	}
	if m > 1 {
		phi *= m - 1
		sigma *= m + 1
		tau *= 2
	}
	switch fn {
	case "totient":
		return phi, nil
	case "divsum":
		return sigma, nil
	}
	return tau, nil
}
