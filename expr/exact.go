package expr

import (
	"context"
	"errors"
	"math/big"
)

// Errors of computations. ErrLimit and ErrDeadline mean "gave up" (the
// caller must not conclude anything); ErrNotRational means the exact path
// does not apply and numeric evaluation should be tried.
var (
	ErrLimit       = errors.New("size limit exceeded")
	ErrDeadline    = errors.New("deadline exceeded or cancelled")
	ErrNotRational = errors.New("not a rational number")
	ErrDomain      = errors.New("outside the domain (division by zero, ...)")
	ErrNotScalar   = errors.New("not a scalar expression")
)

// Limits are the size settings of a computation. The zero value gets the
// defaults below. Limits hold settings only: the state of one computation
// (its context, its step counter) lives in the computation, so one Limits
// value can serve any number of computations at once.
type Limits struct {
	// MaxBits bounds the size of any exact integer (numerator, denominator).
	MaxBits int
	// MaxFactorial bounds n in n! and in binomials.
	MaxFactorial int64
	// MaxExp bounds |log2| of any numeric magnitude.
	MaxExp int64
}

// Default limits: 2006! has about 19,000 bits, so 1/2004! and 1/2006! stay
// exact; 2^{10^9} does not.
const (
	DefaultMaxBits      = 1 << 16
	DefaultMaxFactorial = 5000
	DefaultMaxExp       = 1 << 22
)

// withDefaults returns l with every zero setting replaced by its default.
func (l Limits) withDefaults() Limits {
	if l.MaxBits <= 0 {
		l.MaxBits = DefaultMaxBits
	}
	if l.MaxFactorial <= 0 {
		l.MaxFactorial = DefaultMaxFactorial
	}
	if l.MaxExp <= 0 {
		l.MaxExp = DefaultMaxExp
	}
	return l
}

// state is one computation: its limits, its context and its step counter.
type state struct {
	lim   Limits
	ctx   context.Context
	steps int
	// branch selects how roots of negative numbers are taken (Eval only).
	branch Branch
}

func newState(ctx context.Context, lim Limits) *state {
	if ctx == nil {
		ctx = context.Background()
	}
	return &state{lim: lim.withDefaults(), ctx: ctx}
}

// check is called at every node: it polls the context every few calls.
// A done context (deadline passed or cancelled) gives ErrDeadline.
func (l *state) check() error {
	l.steps++
	if l.steps&15 == 0 && l.ctx.Err() != nil {
		return ErrDeadline
	}
	return nil
}

func (l *state) fits(r *big.Rat) error {
	if r.Num().BitLen() > l.lim.MaxBits || r.Denom().BitLen() > l.lim.MaxBits {
		return ErrLimit
	}
	return nil
}

var (
	minusOne = big.NewRat(-1, 1)
	half     = big.NewRat(1, 2)
	ratOne   = big.NewRat(1, 1)
)

// Rational evaluates n exactly as a rational number. It returns
// ErrNotRational for anything irrational or symbolic (pi, sqrt 2, x).
func Rational(ctx context.Context, n Node, lim Limits) (*big.Rat, error) {
	return newState(ctx, lim).rat(n)
}

func (l *state) rat(n Node) (*big.Rat, error) {
	if err := l.check(); err != nil {
		return nil, err
	}
	switch t := n.(type) {
	case *Num:
		return t.V, nil
	case *Neg:
		v, err := l.rat(t.X)
		if err != nil {
			return nil, err
		}
		return new(big.Rat).Neg(v), nil
	case *Add:
		s := new(big.Rat)
		for _, x := range t.Terms {
			v, err := l.rat(x)
			if err != nil {
				return nil, err
			}
			s.Add(s, v)
			if err := l.fits(s); err != nil {
				return nil, err
			}
		}
		return s, nil
	case *Mul:
		p := big.NewRat(1, 1)
		var firstErr error
		for _, x := range t.Factors {
			v, err := l.rat(x)
			if err != nil {
				// keep looking: a later factor may hit a limit, which wins
				if firstErr == nil || err != ErrNotRational {
					firstErr = err
				}
				continue
			}
			if firstErr != nil {
				continue
			}
			p.Mul(p, v)
			if err := l.fits(p); err != nil {
				return nil, err
			}
		}
		if firstErr != nil {
			return nil, firstErr
		}
		return p, nil
	case *Pow:
		return l.ratPow(t)
	case *Call:
		return l.ratCall(t)
	case *Sym:
		return nil, ErrNotRational
	}
	return nil, ErrNotScalar
}

func (l *state) ratPow(t *Pow) (*big.Rat, error) {
	e, err := l.rat(t.Exp)
	if err != nil {
		return nil, err
	}
	b, err := l.rat(t.Base)
	if err != nil {
		return nil, err
	}
	if b.Sign() == 0 {
		if e.Sign() <= 0 {
			return nil, ErrDomain
		}
		return new(big.Rat), nil
	}
	if b.Cmp(ratOne) == 0 {
		return big.NewRat(1, 1), nil
	}
	if b.Cmp(minusOne) == 0 && e.IsInt() {
		if e.Num().Bit(0) == 0 {
			return big.NewRat(1, 1), nil
		}
		return big.NewRat(-1, 1), nil
	}
	// root part: e = p/q with q > 1 needs exact q-th roots
	q := e.Denom()
	if !q.IsInt64() || q.Int64() > 64 {
		return nil, ErrNotRational
	}
	root := b
	if q.Int64() > 1 {
		if b.Sign() < 0 {
			if q.Bit(0) == 0 {
				return nil, ErrNotRational
			}
		}
		rn, ok1 := intRoot(new(big.Int).Abs(b.Num()), int(q.Int64()))
		rd, ok2 := intRoot(b.Denom(), int(q.Int64()))
		if !ok1 || !ok2 {
			return nil, ErrNotRational
		}
		root = new(big.Rat).SetFrac(rn, rd)
		if b.Sign() < 0 {
			root.Neg(root)
		}
	}
	p := e.Num()
	bits := int64(max(root.Num().BitLen(), root.Denom().BitLen()))
	// compare |p| with MaxBits/bits rather than |p|*bits with MaxBits: the
	// product overflows int64 for an exponent near 2^63 (2^{100^9_^9}
	// passed the check that way and hung in big.Int.Exp)
	if !p.IsInt64() || new(big.Int).Abs(p).Cmp(big.NewInt(int64(l.lim.MaxBits)/max(bits, 1))) > 0 {
		return nil, ErrLimit
	}
	k := p.Int64()
	num := new(big.Int).Exp(root.Num(), big.NewInt(abs64(k)), nil)
	den := new(big.Int).Exp(root.Denom(), big.NewInt(abs64(k)), nil)
	if k < 0 {
		num, den = den, num
	}
	return new(big.Rat).SetFrac(num, den), nil
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// intRoot returns the exact n-th root of x >= 0 when there is one.
func intRoot(x *big.Int, n int) (*big.Int, bool) {
	if x.Sign() == 0 {
		return new(big.Int), true
	}
	if n == 2 {
		r := new(big.Int).Sqrt(x)
		return r, new(big.Int).Mul(r, r).Cmp(x) == 0
	}
	// Newton on integers from a float guess, then fix by +-1.
	bl := x.BitLen()
	guess := new(big.Int).Lsh(big.NewInt(1), uint(bl/n+1))
	nn := big.NewInt(int64(n))
	n1 := big.NewInt(int64(n - 1))
	r := guess
	for i := 0; i < 200; i++ {
		// r' = ((n-1) r + x / r^(n-1)) / n
		rp := new(big.Int).Exp(r, n1, nil)
		if rp.Sign() == 0 {
			break
		}
		t := new(big.Int).Quo(x, rp)
		t.Add(t, new(big.Int).Mul(n1, r))
		t.Quo(t, nn)
		if t.Cmp(r) >= 0 {
			break
		}
		r = t
	}
	for d := -1; d <= 1; d++ {
		c := new(big.Int).Add(r, big.NewInt(int64(d)))
		if c.Sign() < 0 {
			continue
		}
		if new(big.Int).Exp(c, nn, nil).Cmp(x) == 0 {
			return c, true
		}
	}
	return nil, false
}

func (l *state) ratInt(n Node) (*big.Int, error) {
	v, err := l.rat(n)
	if err != nil {
		return nil, err
	}
	if !v.IsInt() {
		return nil, ErrNotRational
	}
	return v.Num(), nil
}

func (l *state) ratCall(t *Call) (*big.Rat, error) {
	switch t.Fn {
	case "fact":
		if len(t.Args) != 1 {
			return nil, ErrNotScalar
		}
		n, err := l.ratInt(t.Args[0])
		if err != nil {
			return nil, err
		}
		if n.Sign() < 0 {
			return nil, ErrDomain
		}
		if !n.IsInt64() || n.Int64() > l.lim.MaxFactorial {
			return nil, ErrLimit
		}
		return new(big.Rat).SetInt(new(big.Int).MulRange(1, n.Int64())), nil
	case "fact2":
		// the double factorial n!! = n (n-2) (n-4) ..., 0!! = (-1)!! = 1
		if len(t.Args) != 1 {
			return nil, ErrNotScalar
		}
		n, err := l.ratInt(t.Args[0])
		if err != nil {
			return nil, err
		}
		if n.Cmp(big.NewInt(-1)) < 0 {
			return nil, ErrDomain
		}
		if !n.IsInt64() || n.Int64() > 2*l.lim.MaxFactorial {
			return nil, ErrLimit
		}
		acc := big.NewInt(1)
		for k := n.Int64(); k > 1; k -= 2 {
			acc.Mul(acc, big.NewInt(k))
			if k&255 == 0 {
				if err := l.check(); err != nil {
					return nil, err
				}
			}
		}
		return new(big.Rat).SetInt(acc), nil
	case "binom":
		if len(t.Args) != 2 {
			return nil, ErrNotScalar
		}
		n, err := l.ratInt(t.Args[0])
		if err != nil {
			return nil, err
		}
		k, err := l.ratInt(t.Args[1])
		if err != nil {
			return nil, err
		}
		if !n.IsInt64() || !k.IsInt64() {
			return nil, ErrLimit
		}
		if n.Sign() < 0 || k.Sign() < 0 || k.Cmp(n) > 0 {
			return new(big.Rat), nil
		}
		// the work is min(k, n-k) products of numbers below n, and the
		// value has at most min(k, n-k)·bits(n) bits: \binom{33840}{1} is
		// 33840, within any limit, though n is past MaxFactorial
		m := min(k.Int64(), n.Int64()-k.Int64())
		if n.Int64() > l.lim.MaxFactorial*4 && (m > l.lim.MaxFactorial*4 || m*int64(n.BitLen()) > int64(l.lim.MaxBits)) {
			return nil, ErrLimit
		}
		r := new(big.Rat).SetInt(new(big.Int).Binomial(n.Int64(), k.Int64()))
		if err := l.fits(r); err != nil {
			return nil, err
		}
		return r, nil
	case "abs", "floor", "ceil", "percent":
		if len(t.Args) != 1 {
			return nil, ErrNotScalar
		}
		v, err := l.rat(t.Args[0])
		if err != nil {
			return nil, err
		}
		switch t.Fn {
		case "abs":
			return new(big.Rat).Abs(v), nil
		case "percent":
			return new(big.Rat).Quo(v, big.NewRat(100, 1)), nil
		case "floor":
			return new(big.Rat).SetInt(floorRat(v)), nil
		default:
			f := floorRat(v)
			if !v.IsInt() {
				f.Add(f, big.NewInt(1))
			}
			return new(big.Rat).SetInt(f), nil
		}
	case "sin", "cos", "tan":
		return l.ratTrig(t)
	case "log", "ln":
		return l.ratLog(t)
	case "exp":
		v, err := l.rat(t.Args[0])
		if err != nil {
			return nil, err
		}
		if v.Sign() == 0 {
			return big.NewRat(1, 1), nil
		}
		return nil, ErrNotRational
	case "gcd", "lcm", "max", "min":
		return l.ratMulti(t)
	case "sum", "prod":
		return l.ratSum(t)
	case "int":
		v, err := l.definiteIntegral(t)
		if err != nil {
			return nil, err
		}
		return l.rat(v)
	case "sgn", "re", "im":
		if len(t.Args) != 1 {
			return nil, ErrNotScalar
		}
		x, err := l.rat(t.Args[0])
		if err != nil {
			return nil, err
		}
		switch t.Fn {
		case "sgn":
			return big.NewRat(int64(x.Sign()), 1), nil
		case "im":
			return new(big.Rat), nil // a rational is real
		}
		return x, nil
	case "diff":
		v, err := l.derivative(t)
		if err != nil {
			return nil, err
		}
		return l.rat(v)
	case "det", "tr", "arg", "zeta", "totient", "divsum", "divcount":
		v, err := l.namedValue(t)
		if err != nil {
			return nil, err
		}
		return l.rat(v)
	case "lim":
		v, err := l.limit(t)
		if err != nil {
			return nil, err
		}
		return l.rat(v)
	case "gamma":
		return l.gammaInt(t)
	case "conj":
		if len(t.Args) != 1 {
			return nil, ErrNotScalar
		}
		// a rational is real: its own conjugate
		return l.rat(t.Args[0])
	case "mod":
		if len(t.Args) != 2 {
			return nil, ErrNotScalar
		}
		a, err := l.ratInt(t.Args[0])
		if err != nil {
			return nil, err
		}
		m, err := l.ratInt(t.Args[1])
		if err != nil {
			return nil, err
		}
		if m.Sign() == 0 {
			return nil, ErrDomain
		}
		return new(big.Rat).SetInt(new(big.Int).Mod(a, new(big.Int).Abs(m))), nil
	}
	return nil, ErrNotRational
}

func floorRat(v *big.Rat) *big.Int {
	q, m := new(big.Int).DivMod(v.Num(), v.Denom(), new(big.Int))
	_ = m
	return q // DivMod is Euclidean: floor for positive denominators
}

func (l *state) ratMulti(t *Call) (*big.Rat, error) {
	if len(t.Args) == 0 {
		return nil, ErrNotScalar
	}
	vals := make([]*big.Rat, len(t.Args))
	for i, a := range t.Args {
		v, err := l.rat(a)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	acc := new(big.Rat).Set(vals[0])
	for _, v := range vals[1:] {
		switch t.Fn {
		case "max":
			if v.Cmp(acc) > 0 {
				acc.Set(v)
			}
		case "min":
			if v.Cmp(acc) < 0 {
				acc.Set(v)
			}
		case "gcd", "lcm":
			if !acc.IsInt() || !v.IsInt() {
				return nil, ErrNotRational
			}
			a, b := new(big.Int).Abs(acc.Num()), new(big.Int).Abs(v.Num())
			g := new(big.Int).GCD(nil, nil, a, b)
			if t.Fn == "gcd" {
				acc.SetInt(g)
			} else if g.Sign() == 0 {
				acc.SetInt64(0)
			} else {
				acc.SetInt(new(big.Int).Mul(new(big.Int).Quo(a, g), b))
				if err := l.fits(acc); err != nil {
					return nil, err
				}
			}
		}
	}
	return acc, nil
}

// piMultiple returns q when n is q*pi for a rational q.
func (l *state) piMultiple(n Node) (*big.Rat, bool) {
	switch t := n.(type) {
	case *Sym:
		if t.Name == Pi {
			return big.NewRat(1, 1), true
		}
	case *Neg:
		q, ok := l.piMultiple(t.X)
		if ok {
			return new(big.Rat).Neg(q), true
		}
	case *Num:
		if t.V.Sign() == 0 {
			return new(big.Rat), true
		}
	case *Mul:
		q := big.NewRat(1, 1)
		seen := false
		for _, f := range t.Factors {
			if s, ok := f.(*Sym); ok && s.Name == Pi && !seen {
				seen = true
				continue
			}
			v, err := l.rat(f)
			if err != nil {
				return nil, false
			}
			q.Mul(q, v)
		}
		if seen {
			return q, true
		}
	}
	return nil, false
}

// ratTrig gives the rational special values of sin, cos, tan at rational
// multiples of pi (and at degrees); anything else is left to numerics.
func (l *state) ratTrig(t *Call) (*big.Rat, error) {
	if len(t.Args) != 1 {
		return nil, ErrNotScalar
	}
	arg := t.Args[0]
	var q *big.Rat
	if d, ok := arg.(*Call); ok && d.Fn == "deg" && len(d.Args) == 1 {
		v, err := l.rat(d.Args[0])
		if err != nil {
			return nil, ErrNotRational
		}
		q = new(big.Rat).Quo(v, big.NewRat(180, 1))
	} else if v, ok := l.piMultiple(arg); ok {
		q = v
	} else {
		return nil, ErrNotRational
	}
	// reduce q modulo 2
	twoQ := new(big.Rat).Quo(q, big.NewRat(2, 1))
	fl := floorRat(twoQ)
	r := new(big.Rat).Sub(q, new(big.Rat).Mul(new(big.Rat).SetInt(fl), big.NewRat(2, 1)))
	// r in [0,2): angle r*pi; sin is rational at multiples of 1/6 and 1/2
	four := new(big.Rat).Mul(r, big.NewRat(4, 1))
	if t.Fn == "tan" && four.IsInt() && four.Num().Bit(0) == 1 {
		if k4 := four.Num().Int64(); k4 == 1 || k4 == 5 {
			return big.NewRat(1, 1), nil
		}
		return big.NewRat(-1, 1), nil
	}
	six := new(big.Rat).Mul(r, big.NewRat(6, 1))
	if !six.IsInt() {
		return nil, ErrNotRational
	}
	k := six.Num().Int64()                                   // angle = k*30 degrees
	sinTab := []int64{0, 1, 0, 2, 0, 1, 0, -1, 0, -2, 0, -1} // in halves; 0 marks irrational where k odd multiple of 30 except 30,150,...
	cosTab := []int64{2, 0, 1, 0, -1, 0, -2, 0, -1, 0, 1, 0}
	sinRat := map[int64]bool{0: true, 1: true, 3: true, 5: true, 6: true, 7: true, 9: true, 11: true}
	cosRat := map[int64]bool{0: true, 2: true, 3: true, 4: true, 6: true, 8: true, 9: true, 10: true}
	switch t.Fn {
	case "sin":
		if !sinRat[k] {
			return nil, ErrNotRational
		}
		return big.NewRat(sinTab[k], 2), nil
	case "cos":
		if !cosRat[k] {
			return nil, ErrNotRational
		}
		return big.NewRat(cosTab[k], 2), nil
	default:
		switch k {
		case 0, 6:
			return new(big.Rat), nil
		case 3, 9:
			return nil, ErrDomain
		}
		if k%3 == 0 {
			return nil, ErrDomain
		}
		// tan 45, 135, ... are not multiples of 30 degrees; handled below
		return nil, ErrNotRational
	}
}

// ratLog gives log_b(x) when x is an integer power of b (log_2 8 = 3).
func (l *state) ratLog(t *Call) (*big.Rat, error) {
	if len(t.Args) == 0 {
		return nil, ErrNotScalar
	}
	var base *big.Rat
	if t.Fn == "log" && len(t.Args) == 2 {
		b, err := l.rat(t.Args[1])
		if err != nil {
			return nil, err
		}
		base = b
	} else if t.Fn == "log" {
		base = big.NewRat(10, 1)
	}
	if base == nil { // ln: only ln 1 and ln e^q are rational
		if s, ok := t.Args[0].(*Sym); ok && s.Name == E {
			return big.NewRat(1, 1), nil
		}
		if p, ok := t.Args[0].(*Pow); ok {
			if s, ok := p.Base.(*Sym); ok && s.Name == E {
				return l.rat(p.Exp)
			}
		}
	}
	x, err := l.rat(t.Args[0])
	if err != nil {
		return nil, err
	}
	if x.Sign() <= 0 {
		return nil, ErrDomain
	}
	if x.Cmp(ratOne) == 0 {
		return new(big.Rat), nil
	}
	if base == nil || base.Sign() <= 0 || base.Cmp(ratOne) == 0 {
		return nil, ErrNotRational
	}
	// find k with base^k = x, k integer, or base = c^a, x = c^b (log_4 8 = 3/2)
	c, a := perfectPowerRat(base)
	_, xb := perfectPowerRatBase(x, c)
	if xb == nil {
		return nil, ErrNotRational
	}
	return new(big.Rat).Quo(xb, new(big.Rat).SetInt64(int64(a))), nil
}

// perfectPowerRat writes r = c^a with a maximal (a <= 64).
func perfectPowerRat(r *big.Rat) (*big.Rat, int) {
	for a := 64; a >= 2; a-- {
		n, ok1 := intRoot(new(big.Int).Abs(r.Num()), a)
		d, ok2 := intRoot(r.Denom(), a)
		if ok1 && ok2 && r.Sign() > 0 {
			return new(big.Rat).SetFrac(n, d), a
		}
	}
	return r, 1
}

// perfectPowerRatBase returns k with c^k = x (k integer, possibly negative).
func perfectPowerRatBase(x, c *big.Rat) (*big.Rat, *big.Rat) {
	if c.Cmp(ratOne) == 0 || c.Sign() <= 0 {
		return nil, nil
	}
	inv := false
	cc := c
	if c.Cmp(ratOne) < 0 {
		cc = new(big.Rat).Inv(c)
		inv = true
	}
	xx := x
	sign := int64(1)
	if x.Cmp(ratOne) < 0 {
		xx = new(big.Rat).Inv(x)
		sign = -1
	}
	p := big.NewRat(1, 1)
	for k := int64(0); k <= 4096; k++ {
		switch p.Cmp(xx) {
		case 0:
			kk := k * sign
			if inv {
				kk = -kk
			}
			return c, big.NewRat(kk, 1)
		case 1:
			return nil, nil
		}
		p.Mul(p, cc)
	}
	return nil, nil
}

// ratSum evaluates a sum or product with integer bounds exactly, by
// substituting each value of the index (at most 10,000 terms).
func (l *state) ratSum(t *Call) (*big.Rat, error) {
	if len(t.Args) != 4 {
		return nil, ErrNotRational
	}
	if upToInfinity(t) {
		c, err := l.infiniteSum(t)
		if err != nil {
			return nil, err
		}
		return l.rat(c)
	}
	v, ok := t.Args[1].(*Sym)
	if !ok {
		return nil, ErrNotRational
	}
	lo, err := l.ratInt(t.Args[2])
	if err != nil {
		return nil, err
	}
	hi, err := l.ratInt(t.Args[3])
	if err != nil {
		return nil, err
	}
	n := new(big.Int).Sub(hi, lo)
	if !n.IsInt64() || n.Int64() > 10000 || !lo.IsInt64() {
		// too many terms to add one by one: a polynomial summand still
		// has its closed form
		if c, err := l.polySum(t); err == nil {
			return l.rat(c)
		}
		return nil, ErrLimit
	}
	acc := new(big.Rat)
	if t.Fn == "prod" {
		acc.SetInt64(1)
	}
	for k := lo.Int64(); k <= hi.Int64(); k++ {
		x, err := l.rat(Substitute(t.Args[0], v.Name, Int(k)))
		if err != nil {
			return nil, err
		}
		if t.Fn == "sum" {
			acc.Add(acc, x)
		} else {
			acc.Mul(acc, x)
		}
		if err := l.fits(acc); err != nil {
			return nil, err
		}
	}
	return acc, nil
}

// Substitute returns n with every free occurrence of the symbol name
// replaced by val (the tree is copied where it changes).
func Substitute(n Node, name string, val Node) Node {
	switch t := n.(type) {
	case *Sym:
		if t.Name == name {
			return val
		}
		return t
	case *Neg:
		return &Neg{X: Substitute(t.X, name, val)}
	case *Add:
		return &Add{Terms: substAll(t.Terms, name, val)}
	case *Mul:
		return &Mul{Factors: substAll(t.Factors, name, val)}
	case *Pow:
		return &Pow{Base: Substitute(t.Base, name, val), Exp: Substitute(t.Exp, name, val)}
	case *Call:
		if v, ok := BoundVar(t); ok && v == name {
			// the name is bound inside: only the bounds see the value
			args := append([]Node{t.Args[0], t.Args[1]}, substAll(t.Args[2:], name, val)...)
			return &Call{Fn: t.Fn, Args: args}
		}
		return &Call{Fn: t.Fn, Args: substAll(t.Args, name, val)}
	}
	return n
}

func substAll(ns []Node, name string, val Node) []Node {
	out := make([]Node, len(ns))
	for i, x := range ns {
		out[i] = Substitute(x, name, val)
	}
	return out
}
