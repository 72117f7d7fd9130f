package expr

import (
	"context"
	"errors"
	"hash/fnv"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// Numeric evaluation in arbitrary precision over the complex numbers.

// Complex is a complex number with big.Float parts (never nil).
type Complex struct {
	Re, Im *big.Float
}

// IsReal reports whether the imaginary part is exactly zero.
func (c Complex) IsReal() bool { return c.Im.Sign() == 0 }

// String prints the number with about 20 significant digits.
func (c Complex) String() string {
	if c.IsReal() {
		return floatText(c.Re)
	}
	return floatText(c.Re) + "+" + floatText(c.Im) + "i"
}

// floatText formats x; huge or tiny magnitudes are written from the binary
// exponent, since exact decimal conversion of 2^(10^6) takes seconds.
func floatText(x *big.Float) string {
	if x.Sign() == 0 || x.IsInf() {
		return x.Text('g', 20)
	}
	mant := new(big.Float)
	e := x.MantExp(mant)
	if e > -2000 && e < 2000 {
		return x.Text('g', 20)
	}
	m, _ := mant.Float64()
	l := math.Log10(math.Abs(m)) + float64(e)*math.Log10(2)
	k := math.Floor(l)
	d := math.Pow(10, l-k)
	if m < 0 {
		d = -d
	}
	return strconv.FormatFloat(d, 'f', 6, 64) + "e" + strconv.FormatInt(int64(k), 10)
}

// ErrInfinite is returned for expressions involving \infty.
var ErrInfinite = errors.New("infinite value")

// ErrUnbound is returned for a variable with no value.
var ErrUnbound = errors.New("variable without a value")

// Branch selects which value a root (or a power with a fractional
// exponent) of a negative number takes.
type Branch int

const (
	// RealRoots (the default) takes odd roots of negative reals as real:
	// \sqrt[3]{-8} = -2 and (-8)^{2/3} = 4, the convention of school
	// mathematics and of competition answers. Even roots and irrational
	// exponents take the principal branch.
	RealRoots Branch = iota
	// Principal takes the principal complex branch everywhere, as sympy
	// and most numerical libraries do: z^w = exp(w Log z) with the
	// argument of Log in (-pi, pi], so (-8)^{1/3} = 1 + sqrt(3) i, and the
	// inverse trigonometric functions extend to complex arguments
	// (\arcsin 2 is complex instead of a domain error). On the branch cuts
	// of the inverse functions the values are SymPy's and Mathematica's
	// (\arcsin 2 = pi/2 - i acosh 2; Go's math/cmplx takes the other side).
	Principal
)

// EvalOptions are the settings of a numeric evaluation.
type EvalOptions struct {
	// Limits bound sizes; the zero value gets the defaults.
	Limits Limits
	// Branch selects real odd roots (the default) or the principal branch.
	Branch Branch
	// NaturalLog reads \log without a base as the natural logarithm
	// (sympy's and HARDMath's convention) instead of the base-10 one.
	NaturalLog bool
	// NoOpaque refuses uninterpreted functions (f(x), unknown names) with
	// ErrUnknownFunction instead of giving them pseudo-random values: a
	// caller that wants the value of a formula, not a comparison of two,
	// should set it.
	NoOpaque bool
}

// ErrUnknownFunction is returned under EvalOptions.NoOpaque for an
// application of a function the evaluator does not know.
var ErrUnknownFunction = errors.New("unknown function")

// evaluator evaluates one tree numerically at a precision with values for
// the variables.
type evaluator struct {
	Prec uint
	// Env holds the values of the variables at Prec; keys holds an exact
	// spelling of each value, so that uninterpreted functions get the same
	// value at every precision (see opaque).
	Env  map[string]Complex
	keys map[string]string
	st   *state
	opt  EvalOptions
}

// Eval evaluates n at prec bits with the given (real, exact) values of the
// variables. It stops with ErrDeadline when ctx is done.
func Eval(ctx context.Context, n Node, prec uint, env map[string]*big.Rat, opt EvalOptions) (c Complex, err error) {
	p := prec + guard
	cenv := make(map[string]Complex, len(env))
	keys := make(map[string]string, len(env))
	for k, v := range env {
		cenv[k] = Complex{nf(p).SetRat(v), nf(p)}
		keys[k] = v.RatString()
	}
	return evalWith(ctx, n, prec, cenv, keys, opt)
}

// EvalComplex is Eval with complex values of the variables (given at any
// precision; they are rounded to prec).
func EvalComplex(ctx context.Context, n Node, prec uint, env map[string]Complex, opt EvalOptions) (Complex, error) {
	p := prec + guard
	cenv := make(map[string]Complex, len(env))
	keys := make(map[string]string, len(env))
	for k, v := range env {
		re, im := nf(p), nf(p)
		if v.Re != nil {
			re.Set(v.Re)
		}
		if v.Im != nil {
			im.Set(v.Im)
		}
		cenv[k] = Complex{re, im}
		rr, _ := re.Rat(nil)
		ir, _ := im.Rat(nil)
		keys[k] = rr.RatString() + "+" + ir.RatString() + "i"
	}
	return evalWith(ctx, n, prec, cenv, keys, opt)
}

func evalWith(ctx context.Context, n Node, prec uint, env map[string]Complex, keys map[string]string, opt EvalOptions) (c Complex, err error) {
	st := newState(ctx, opt.Limits)
	st.branch = opt.Branch
	opt.Limits = st.lim
	defer func() {
		// big.Float panics on NaN-producing operations (Inf-Inf); treat as a domain error.
		if r := recover(); r != nil {
			if _, ok := r.(big.ErrNaN); ok {
				err = ErrDomain
				return
			}
			panic(r)
		}
	}()
	e := &evaluator{Prec: prec + guard, Env: env, keys: keys, st: st, opt: opt}
	v, err := e.eval(n)
	if err != nil {
		return Complex{}, err
	}
	return Complex{nf(prec).Set(v.Re), nf(prec).Set(v.Im)}, nil
}

func (e *evaluator) real(x *big.Float) Complex {
	return Complex{x, nf(e.Prec)}
}

// setC copies a value (so that no caller can change an Env entry).
func (e *evaluator) setC(v Complex) Complex {
	return Complex{nf(e.Prec).Set(v.Re), nf(e.Prec).Set(v.Im)}
}

func (e *evaluator) ratC(r *big.Rat) Complex {
	return e.real(nf(e.Prec).SetRat(r))
}

func (e *evaluator) eval(n Node) (Complex, error) {
	if err := e.st.check(); err != nil {
		return Complex{}, err
	}
	p := e.Prec
	switch t := n.(type) {
	case *Num:
		return e.ratC(t.V), nil
	case *Sym:
		// a bound index (\sum_{i=1}^{n}) shadows the constant of its name
		if v, ok := e.Env[t.Name]; ok && t.Name != Pi {
			return e.setC(v), nil
		}
		switch t.Name {
		case Pi:
			return e.real(PiFloat(p)), nil
		case E:
			v, err := expFloat(fInt(p, 1), p, e.st.lim.MaxExp)
			if err != nil {
				return Complex{}, err
			}
			return e.real(v), nil
		case I:
			return Complex{nf(p), fInt(p, 1)}, nil
		case Inf:
			return Complex{}, ErrInfinite
		}
		if v, ok := e.Env[t.Name]; ok {
			return e.setC(v), nil
		}
		return Complex{}, ErrUnbound
	case *Neg:
		v, err := e.eval(t.X)
		if err != nil {
			return v, err
		}
		return Complex{nf(p).Neg(v.Re), nf(p).Neg(v.Im)}, nil
	case *Add:
		s := Complex{nf(p), nf(p)}
		for _, x := range t.Terms {
			v, err := e.eval(x)
			if err != nil {
				return v, err
			}
			s.Re.Add(s.Re, v.Re)
			s.Im.Add(s.Im, v.Im)
		}
		return s, nil
	case *Mul:
		s := e.real(fInt(p, 1))
		for _, x := range t.Factors {
			v, err := e.eval(x)
			if err != nil {
				return v, err
			}
			s = e.mul(s, v)
			if err := e.magnitude(s); err != nil {
				return s, err
			}
		}
		return s, nil
	case *Pow:
		return e.pow(t)
	case *Call:
		return e.call(t)
	}
	return Complex{}, ErrNotScalar
}

// magnitude fails with ErrLimit when a value's binary exponent leaves the
// allowed range (big.Float would otherwise go on with huge exponents).
func (e *evaluator) magnitude(c Complex) error {
	for _, x := range []*big.Float{c.Re, c.Im} {
		if x.Sign() != 0 && x.IsInf() {
			return ErrLimit
		}
		if x.Sign() != 0 {
			ex := int64(x.MantExp(nil))
			if ex > e.st.lim.MaxExp || ex < -e.st.lim.MaxExp {
				return ErrLimit
			}
		}
	}
	return nil
}

func (e *evaluator) mul(a, b Complex) Complex {
	p := e.Prec
	if a.IsReal() && b.IsReal() {
		return e.real(nf(p).Mul(a.Re, b.Re))
	}
	re := nf(p).Sub(nf(p).Mul(a.Re, b.Re), nf(p).Mul(a.Im, b.Im))
	im := nf(p).Add(nf(p).Mul(a.Re, b.Im), nf(p).Mul(a.Im, b.Re))
	return Complex{re, im}
}

func (e *evaluator) div(a, b Complex) (Complex, error) {
	p := e.Prec
	if b.Re.Sign() == 0 && b.Im.Sign() == 0 {
		return Complex{}, ErrDomain
	}
	if b.IsReal() {
		return Complex{nf(p).Quo(a.Re, b.Re), nf(p).Quo(a.Im, b.Re)}, nil
	}
	d := nf(p).Add(nf(p).Mul(b.Re, b.Re), nf(p).Mul(b.Im, b.Im))
	re := nf(p).Add(nf(p).Mul(a.Re, b.Re), nf(p).Mul(a.Im, b.Im))
	im := nf(p).Sub(nf(p).Mul(a.Im, b.Re), nf(p).Mul(a.Re, b.Im))
	return Complex{re.Quo(re, d), im.Quo(im, d)}, nil
}

func (e *evaluator) expC(z Complex) (Complex, error) {
	p := e.Prec
	m, err := expFloat(z.Re, p, e.st.lim.MaxExp)
	if err != nil {
		return Complex{}, err
	}
	if z.IsReal() {
		return e.real(m), nil
	}
	s, c, err := sinCosFloat(z.Im, p, e.st.lim.MaxExp)
	if err != nil {
		return Complex{}, err
	}
	return Complex{nf(p).Mul(m, c), nf(p).Mul(m, s)}, nil
}

func (e *evaluator) logC(z Complex) (Complex, error) {
	p := e.Prec
	if z.IsReal() && z.Re.Sign() > 0 {
		l, err := logFloat(z.Re, p)
		if err != nil {
			return Complex{}, err
		}
		return e.real(l), nil
	}
	mod := nf(p).Sqrt(nf(p).Add(nf(p).Mul(z.Re, z.Re), nf(p).Mul(z.Im, z.Im)))
	if mod.Sign() == 0 {
		return Complex{}, ErrDomain
	}
	l, err := logFloat(mod, p)
	if err != nil {
		return Complex{}, err
	}
	return Complex{l, atan2Float(z.Im, z.Re, p)}, nil
}

func (e *evaluator) powInt(z Complex, k int64) (Complex, error) {
	neg := k < 0
	if neg {
		k = -k
	}
	res := e.real(fInt(e.Prec, 1))
	b := z
	for k > 0 {
		if k&1 == 1 {
			res = e.mul(res, b)
		}
		k >>= 1
		if k > 0 {
			b = e.mul(b, b)
		}
		if err := e.magnitude(res); err != nil {
			return res, err
		}
		if err := e.magnitude(b); err != nil {
			return res, err
		}
	}
	if neg {
		return e.div(e.real(fInt(e.Prec, 1)), res)
	}
	return res, nil
}

func (e *evaluator) pow(t *Pow) (Complex, error) {
	p := e.Prec
	// e^x
	if s, ok := t.Base.(*Sym); ok && s.Name == E {
		x, err := e.eval(t.Exp)
		if err != nil {
			return x, err
		}
		return e.expC(x)
	}
	b, err := e.eval(t.Base)
	if err != nil {
		return b, err
	}
	// exact rational exponent: integer powers by squaring, odd roots of
	// negative reals stay real (\sqrt[3]{-8} = -2).
	lim := e.st
	if q, err := lim.rat(t.Exp); err == nil {
		if err := e.expBound(b, q); err != nil {
			return Complex{}, err
		}
		if q.IsInt() && q.Num().IsInt64() {
			return e.powInt(b, q.Num().Int64())
		}
		if b.IsReal() {
			if b.Re.Sign() == 0 {
				if q.Sign() > 0 {
					return e.real(nf(p)), nil
				}
				return Complex{}, ErrDomain
			}
			den := q.Denom()
			if b.Re.Sign() < 0 && den.Bit(0) == 1 && e.st.branch == RealRoots {
				l, err := logFloat(nf(p).Neg(b.Re), p)
				if err != nil {
					return Complex{}, err
				}
				v, err := expFloat(l.Mul(l, nf(p).SetRat(q)), p, e.st.lim.MaxExp)
				if err != nil {
					return Complex{}, err
				}
				if q.Num().Bit(0) == 1 {
					v.Neg(v)
				}
				return e.real(v), nil
			}
			if b.Re.Sign() > 0 && den.Cmp(big.NewInt(2)) == 0 && q.Num().IsInt64() {
				r := nf(p).Sqrt(b.Re)
				return e.powInt(e.real(r), q.Num().Int64())
			}
		}
	} else if err == ErrLimit || err == ErrDeadline {
		return Complex{}, err
	}
	x, err := e.eval(t.Exp)
	if err != nil {
		return x, err
	}
	if b.Re.Sign() == 0 && b.Im.Sign() == 0 {
		if x.Re.Sign() > 0 {
			return e.real(nf(p)), nil
		}
		return Complex{}, ErrDomain
	}
	l, err := e.logC(b)
	if err != nil {
		return l, err
	}
	w := e.mul(l, x)
	return e.expC(w)
}

// expBound refuses powers whose magnitude would pass the exponent limit.
func (e *evaluator) expBound(b Complex, q *big.Rat) error {
	qf, _ := q.Float64()
	mag := nf(64).Abs(b.Re)
	if !b.IsReal() {
		mag.Add(mag, nf(64).Abs(b.Im))
	}
	if mag.Sign() == 0 {
		return nil
	}
	ex := float64(mag.MantExp(nil))
	if math.Abs(qf*ex) > float64(e.st.lim.MaxExp) {
		return ErrLimit
	}
	return nil
}

func (e *evaluator) realArg(t *Call, i int) (*big.Float, error) {
	if i >= len(t.Args) {
		return nil, ErrNotScalar
	}
	v, err := e.eval(t.Args[i])
	if err != nil {
		return nil, err
	}
	if !v.IsReal() {
		return nil, ErrDomain
	}
	return v.Re, nil
}

func (e *evaluator) call(t *Call) (Complex, error) {
	p := e.Prec
	switch t.Fn {
	case "fact", "fact2", "binom", "floor", "ceil", "gcd", "lcm", "mod":
		return e.integerFn(t)
	case "percent":
		v, err := e.eval(t.Args[0])
		if err != nil {
			return v, err
		}
		return e.div(v, e.real(fInt(p, 100)))
	case "deg":
		v, err := e.eval(t.Args[0])
		if err != nil {
			return v, err
		}
		v = e.mul(v, e.real(PiFloat(p)))
		return e.div(v, e.real(fInt(p, 180)))
	case "abs":
		v, err := e.eval(t.Args[0])
		if err != nil {
			return v, err
		}
		return e.real(nf(p).Sqrt(nf(p).Add(nf(p).Mul(v.Re, v.Re), nf(p).Mul(v.Im, v.Im)))), nil
	case "sqrt":
		return e.pow(&Pow{t.Args[0], &Num{V: big.NewRat(1, 2)}})
	case "exp":
		v, err := e.eval(t.Args[0])
		if err != nil {
			return v, err
		}
		return e.expC(v)
	case "ln", "log":
		return e.logFn(t)
	case "sin", "cos", "tan", "cot", "sec", "csc":
		return e.trigFn(t)
	case "sinh", "cosh", "tanh", "coth", "sech", "csch":
		return e.hyperbolicFn(t)
	case "asin", "acos", "atan", "acot", "asec", "acsc":
		return e.arcTrigFn(t)
	case "max", "min":
		var best *big.Float
		for i := range t.Args {
			x, err := e.realArg(t, i)
			if err != nil {
				return Complex{}, err
			}
			if best == nil || (t.Fn == "max") == (x.Cmp(best) > 0) {
				best = x
			}
		}
		return e.real(best), nil
	case "sum", "prod":
		return e.sumProd(t)
	case "int":
		v, err := e.st.definiteIntegral(t)
		if err != nil {
			return Complex{}, err
		}
		return e.eval(v)
	case "diff":
		v, err := e.st.derivative(t)
		if err != nil {
			return Complex{}, err
		}
		return e.eval(v)
	case "det", "tr", "arg", "zeta", "totient", "divsum", "divcount":
		// a value only where named.go proves one: never a pseudo-random
		// one, which would refute a true ζ(3) = 1.2020569…
		v, err := e.st.namedValue(t)
		if err != nil {
			return Complex{}, err
		}
		return e.eval(v)
	case "lim":
		// a limit has the value that is proved exactly (limit, limit.go);
		// otherwise it has none here, and is never evaluated at a point
		// as if its variable were free
		v, err := e.st.limit(t)
		if err != nil {
			return Complex{}, err
		}
		return e.eval(v)
	case "gamma":
		r, err := e.st.gammaInt(t)
		if err != nil {
			if err == ErrLimit || err == ErrDeadline || err == ErrDomain {
				return Complex{}, err
			}
			if h, err := e.st.gammaHalf(t); err == nil {
				return e.eval(h)
			}
			return Complex{}, ErrUnknownFunction
		}
		return e.ratC(r), nil
	case "conj":
		if len(t.Args) != 1 {
			return Complex{}, ErrNotScalar
		}
		v, err := e.eval(t.Args[0])
		if err != nil {
			return v, err
		}
		return Complex{v.Re, nf(e.Prec).Neg(v.Im)}, nil
	case "re", "im":
		if len(t.Args) != 1 {
			return Complex{}, ErrNotScalar
		}
		v, err := e.eval(t.Args[0])
		if err != nil {
			return v, err
		}
		if t.Fn == "re" {
			return e.real(v.Re), nil
		}
		return e.real(v.Im), nil
	case "sgn":
		if len(t.Args) != 1 {
			return Complex{}, ErrNotScalar
		}
		v, err := e.eval(t.Args[0])
		if err != nil {
			return v, err
		}
		if v.Im.Sign() != 0 {
			return Complex{}, ErrDomain
		}
		return e.real(fInt(e.Prec, int64(v.Re.Sign()))), nil
	case "pm":
		return Complex{}, ErrNotScalar
	}
	return e.opaque(t)
}

// integerFn evaluates the integer functions: exactly when the argument is
// rational; floor and ceil of an irrational value numerically.
func (e *evaluator) integerFn(t *Call) (Complex, error) {
	r, err := e.st.rat(t)
	if err == nil {
		return e.ratC(r), nil
	}
	if err != ErrNotRational {
		return Complex{}, err
	}
	if t.Fn != "floor" && t.Fn != "ceil" {
		return Complex{}, ErrNotRational
	}
	x, err := e.realArg(t, 0)
	if err != nil {
		return Complex{}, err
	}
	xi, acc := x.Int(nil)
	if t.Fn == "floor" && x.Sign() < 0 && acc != big.Exact {
		xi.Sub(xi, big.NewInt(1))
	}
	if t.Fn == "ceil" && x.Sign() > 0 && acc != big.Exact {
		xi.Add(xi, big.NewInt(1))
	}
	return e.real(nf(e.Prec).SetInt(xi)), nil
}

// logFn evaluates ln and log (base 10, a given base, or natural under
// EvalOptions.NaturalLog).
func (e *evaluator) logFn(t *Call) (Complex, error) {
	v, err := e.eval(t.Args[0])
	if err != nil {
		return v, err
	}
	l, err := e.logC(v)
	if err != nil || t.Fn != "log" {
		return l, err
	}
	var base Complex
	if len(t.Args) == 2 {
		base, err = e.eval(t.Args[1])
		if err != nil {
			return base, err
		}
	} else {
		base = e.real(fInt(e.Prec, 10))
		if e.opt.NaturalLog {
			return l, nil
		}
	}
	lb, err := e.logC(base)
	if err != nil {
		return lb, err
	}
	return e.div(l, lb)
}

// trigFn evaluates the six trigonometric functions (exactly at the special
// angles the exact evaluator knows).
func (e *evaluator) trigFn(t *Call) (Complex, error) {
	if r, err := e.st.rat(t); err == nil {
		return e.ratC(r), nil
	}
	v, err := e.eval(t.Args[0])
	if err != nil {
		return v, err
	}
	s, c, err := e.sinCosC(v)
	if err != nil {
		return s, err
	}
	one := e.real(fInt(e.Prec, 1))
	switch t.Fn {
	case "sin":
		return s, nil
	case "cos":
		return c, nil
	case "tan":
		return e.div(s, c)
	case "cot":
		return e.div(c, s)
	case "sec":
		return e.div(one, c)
	default:
		return e.div(one, s)
	}
}

// hyperbolicFn evaluates the six hyperbolic functions from e^x.
func (e *evaluator) hyperbolicFn(t *Call) (Complex, error) {
	p := e.Prec
	v, err := e.eval(t.Args[0])
	if err != nil {
		return v, err
	}
	a, err := e.expC(v)
	if err != nil {
		return a, err
	}
	b, err := e.div(e.real(fInt(p, 1)), a)
	if err != nil {
		return b, err
	}
	sh := Complex{nf(p).Sub(a.Re, b.Re), nf(p).Sub(a.Im, b.Im)}
	ch := Complex{nf(p).Add(a.Re, b.Re), nf(p).Add(a.Im, b.Im)}
	two := e.real(fInt(p, 2))
	switch t.Fn {
	case "sinh":
		return e.div(sh, two)
	case "cosh":
		return e.div(ch, two)
	case "tanh":
		return e.div(sh, ch)
	case "coth":
		return e.div(ch, sh)
	case "sech":
		return e.div(two, ch)
	default:
		return e.div(two, sh)
	}
}

// arcTrigFn evaluates the inverse trigonometric functions: on the reals,
// or on the principal branch under Principal.
func (e *evaluator) arcTrigFn(t *Call) (Complex, error) {
	if e.st.branch == Principal {
		if len(t.Args) != 1 {
			return Complex{}, ErrNotScalar
		}
		z, err := e.eval(t.Args[0])
		if err != nil {
			return z, err
		}
		if v, err := e.arcTrigReal(t.Fn, z); err == nil {
			return v, nil
		}
		return e.arcTrigC(t.Fn, z)
	}
	x, err := e.realArg(t, 0)
	if err != nil {
		return Complex{}, err
	}
	return e.arcTrig(t.Fn, x)
}

func (e *evaluator) sinCosC(z Complex) (Complex, Complex, error) {
	p := e.Prec
	s, c, err := sinCosFloat(z.Re, p, e.st.lim.MaxExp)
	if err != nil {
		return Complex{}, Complex{}, err
	}
	if z.IsReal() {
		return e.real(s), e.real(c), nil
	}
	a, err := expFloat(z.Im, p, e.st.lim.MaxExp)
	if err != nil {
		return Complex{}, Complex{}, err
	}
	b := nf(p).Quo(fInt(p, 1), a)
	ch := nf(p).Add(a, b)
	ch.SetMantExp(ch, -1)
	sh := nf(p).Sub(a, b)
	sh.SetMantExp(sh, -1)
	sin := Complex{nf(p).Mul(s, ch), nf(p).Mul(c, sh)}
	cos := Complex{nf(p).Mul(c, ch), nf(p).Neg(nf(p).Mul(s, sh))}
	return sin, cos, nil
}

func (e *evaluator) arcTrig(fn string, x *big.Float) (Complex, error) {
	p := e.Prec
	one := fInt(p, 1)
	switch fn {
	case "atan":
		return e.real(atanFloat(x, p)), nil
	case "acot":
		if x.Sign() == 0 {
			return e.real(nf(p).SetMantExp(PiFloat(p), -1)), nil
		}
		return e.real(atanFloat(nf(p).Quo(one, x), p)), nil
	case "asec", "acsc":
		if x.Sign() == 0 {
			return Complex{}, ErrDomain
		}
		x = nf(p).Quo(one, x)
		fn = map[string]string{"asec": "acos", "acsc": "asin"}[fn]
	}
	ax := nf(p).Abs(x)
	if ax.Cmp(one) > 0 {
		return Complex{}, ErrDomain
	}
	var as *big.Float
	if ax.Cmp(one) == 0 {
		as = nf(p).SetMantExp(PiFloat(p), -1)
		if x.Sign() < 0 {
			as.Neg(as)
		}
	} else {
		d := nf(p).Sqrt(nf(p).Sub(one, nf(p).Mul(x, x)))
		as = atanFloat(nf(p).Quo(x, d), p)
	}
	if fn == "asin" {
		return e.real(as), nil
	}
	r := nf(p).SetMantExp(PiFloat(p), -1)
	return e.real(r.Sub(r, as)), nil
}

// arcTrigReal is arcTrig for a real argument inside the real domain; it
// fails with ErrDomain otherwise.
func (e *evaluator) arcTrigReal(fn string, z Complex) (Complex, error) {
	if !z.IsReal() {
		return Complex{}, ErrDomain
	}
	return e.arcTrig(fn, z.Re)
}

// arcTrigC gives the principal values of the inverse trigonometric
// functions at a complex argument (the branch cuts of the usual
// definitions: asin z = -i Log(iz + sqrt(1-z^2)), acos z = pi/2 - asin z,
// atan z = (i/2)(Log(1-iz) - Log(1+iz)), and acot, asec, acsc of 1/z).
func (e *evaluator) arcTrigC(fn string, z Complex) (Complex, error) {
	p := e.Prec
	one := e.real(fInt(p, 1))
	switch fn {
	case "acot", "asec", "acsc":
		w, err := e.div(one, z)
		if err != nil {
			return w, err
		}
		return e.arcTrigC(map[string]string{"acot": "atan", "asec": "acos", "acsc": "asin"}[fn], w)
	}
	iz := Complex{nf(p).Neg(z.Im), nf(p).Set(z.Re)} // i*z
	switch fn {
	case "atan":
		a, err := e.logC(Complex{nf(p).Sub(one.Re, iz.Re), nf(p).Neg(iz.Im)})
		if err != nil {
			return a, err
		}
		b, err := e.logC(Complex{nf(p).Add(one.Re, iz.Re), nf(p).Set(iz.Im)})
		if err != nil {
			return b, err
		}
		d := Complex{nf(p).Sub(a.Re, b.Re), nf(p).Sub(a.Im, b.Im)}
		// (i/2) d
		return Complex{nf(p).Quo(nf(p).Neg(d.Im), fInt(p, 2)), nf(p).Quo(d.Re, fInt(p, 2))}, nil
	}
	z2 := e.mul(z, z)
	w := Complex{nf(p).Sub(one.Re, z2.Re), nf(p).Neg(z2.Im)}
	var sq Complex
	if w.Re.Sign() != 0 || w.Im.Sign() != 0 {
		l, err := e.logC(w)
		if err != nil {
			return l, err
		}
		sq, err = e.expC(Complex{nf(p).Quo(l.Re, fInt(p, 2)), nf(p).Quo(l.Im, fInt(p, 2))})
		if err != nil {
			return sq, err
		}
	} else {
		sq = Complex{nf(p), nf(p)}
	}
	l, err := e.logC(Complex{nf(p).Add(iz.Re, sq.Re), nf(p).Add(iz.Im, sq.Im)})
	if err != nil {
		return l, err
	}
	as := Complex{nf(p).Set(l.Im), nf(p).Neg(l.Re)} // -i * l
	if fn == "asin" {
		return as, nil
	}
	h := nf(p).SetMantExp(PiFloat(p), -1)
	return Complex{h.Sub(h, as.Re), nf(p).Neg(as.Im)}, nil
}

// sumProd evaluates a sum or product with integer bounds term by term
// (at most 10,000 terms); with symbolic bounds it is an opaque function.
func (e *evaluator) sumProd(t *Call) (Complex, error) {
	if len(t.Args) != 4 {
		return e.opaque(t)
	}
	if upToInfinity(t) {
		// a series has the value proved in closed form (series.go), or
		// none: never a partial sum
		v, err := e.st.infiniteSum(t)
		if err != nil {
			return Complex{}, err
		}
		return e.eval(v)
	}
	v, ok := t.Args[1].(*Sym)
	lim := e.st
	lo, err1 := lim.rat(t.Args[2])
	hi, err2 := lim.rat(t.Args[3])
	if !ok || err1 != nil || err2 != nil || !lo.IsInt() || !hi.IsInt() {
		// symbolic bounds: no value at a probe point (the index is bound,
		// and the sum of a non-integer number of terms means nothing)
		if err1 == ErrLimit || err1 == ErrDeadline {
			return Complex{}, err1
		}
		if err2 == ErrLimit || err2 == ErrDeadline {
			return Complex{}, err2
		}
		return Complex{}, ErrUnknownFunction
	}
	n := new(big.Int).Sub(hi.Num(), lo.Num())
	if !n.IsInt64() || n.Int64() > 10000 {
		return Complex{}, ErrLimit
	}
	acc := e.real(fInt(e.Prec, 0))
	if t.Fn == "prod" {
		acc = e.real(fInt(e.Prec, 1))
	}
	env := make(map[string]Complex, len(e.Env)+1)
	keys := make(map[string]string, len(e.keys)+1)
	for k, x := range e.Env {
		env[k] = x
	}
	for k, x := range e.keys {
		keys[k] = x
	}
	sub := &evaluator{Prec: e.Prec, Env: env, keys: keys, st: e.st, opt: e.opt}
	for k := lo.Num().Int64(); k <= hi.Num().Int64(); k++ {
		env[v.Name] = e.ratC(big.NewRat(k, 1))
		keys[v.Name] = strconv.FormatInt(k, 10)
		x, err := sub.eval(t.Args[0])
		if err != nil {
			return x, err
		}
		if t.Fn == "sum" {
			acc = Complex{nf(e.Prec).Add(acc.Re, x.Re), nf(e.Prec).Add(acc.Im, x.Im)}
		} else {
			acc = e.mul(acc, x)
		}
	}
	return acc, nil
}

// opaque gives an uninterpreted function a value in [1, 2) that depends
// only on its canonical key and on the values of its free variables, so
// that equal applications get equal values and different ones differ.
func (e *evaluator) opaque(t *Call) (Complex, error) {
	if e.opt.NoOpaque {
		return Complex{}, ErrUnknownFunction
	}
	h := fnv.New64a()
	h.Write([]byte(opaqueKey(t, e.st)))
	vars := FreeVars(t)
	names := make([]string, 0, len(vars))
	for k := range vars {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		v, ok := e.keys[k]
		if !ok {
			return Complex{}, ErrUnbound
		}
		h.Write([]byte(k + "=" + v + ";"))
	}
	x := h.Sum64()
	r := new(big.Rat).SetFrac(new(big.Int).SetUint64(x), new(big.Int).Lsh(big.NewInt(1), 64))
	r.Add(r, big.NewRat(1, 1))
	return e.ratC(r), nil
}

// opaqueKey names an application of an uninterpreted function for opaque:
// with constant arguments that are exact rationals it is the name and their
// values, so that f(1+1) and f(2) get the same value; otherwise it is the
// canonical key (f(x+1) and f(1+x) share it already).
func opaqueKey(t *Call, l *state) string {
	if l == nil || t.Fn == "sum" || t.Fn == "prod" || len(FreeVars(t)) > 0 {
		return Key(t)
	}
	parts := make([]string, len(t.Args))
	for i, a := range t.Args {
		v, err := l.rat(a)
		if err != nil {
			return Key(t)
		}
		parts[i] = v.RatString()
	}
	return t.Fn + "(" + strings.Join(parts, ",") + ")"
}

// rootC is the k-th root of z: real for a negative real z and an odd k
// under RealRoots (as \sqrt[3]{-8} = -2), else the principal root.
func (e *evaluator) rootC(z Complex, k int64) (Complex, error) {
	p := e.Prec
	if z.Re.Sign() == 0 && z.Im.Sign() == 0 {
		return e.real(nf(p)), nil
	}
	if k <= 0 {
		return Complex{}, ErrDomain
	}
	if z.IsReal() && (z.Re.Sign() > 0 || k%2 == 1 && e.st.branch == RealRoots) {
		l, err := logFloat(nf(p).Abs(z.Re), p)
		if err != nil {
			return Complex{}, err
		}
		v, err := expFloat(l.Quo(l, fInt(p, k)), p, e.st.lim.MaxExp)
		if err != nil {
			return Complex{}, err
		}
		if z.Re.Sign() < 0 {
			v.Neg(v)
		}
		return e.real(v), nil
	}
	l, err := e.logC(z)
	if err != nil {
		return Complex{}, err
	}
	kk := fInt(p, k)
	return e.expC(Complex{nf(p).Quo(l.Re, kk), nf(p).Quo(l.Im, kk)})
}
