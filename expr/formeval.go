package expr

import (
	"math/big"
)

// Numeric evaluation of forms. A form's difference has its cancellations
// done exactly, so evaluating it shows differences (1/3000! against
// 1/3001!) that evaluating the two sides apart would lose; the error
// bound below decides when a value is certainly not zero.

// Precisions of form evaluation (bits): the value is taken at evalHi; the
// run at evalLo checks that it is stable.
const (
	evalLo = 160
	evalHi = 320
	// errBits: a term evaluated at p bits is trusted to p - errBits bits
	// (dozens of roundings in a long product lose a few bits each)
	errBits = 48
)

// Approx is a numeric value with an error bound: the exact value lies
// within Err of V (in the sum of the absolute errors of both parts).
type Approx struct {
	V   Complex
	Err *big.Float
}

// NonZero reports whether the value is certainly not zero.
func (a Approx) NonZero() bool {
	m := new(big.Float).Abs(a.V.Re)
	m.Add(m, new(big.Float).Abs(a.V.Im))
	return m.Cmp(new(big.Float).Mul(a.Err, big.NewFloat(4))) > 0
}

// Sign returns the sign of a value that is certainly real and nonzero
// (ok is false otherwise).
func (a Approx) Sign() (int, bool) {
	if new(big.Float).Abs(a.V.Im).Cmp(a.Err) > 0 {
		return 0, false
	}
	if new(big.Float).Abs(a.V.Re).Cmp(new(big.Float).Mul(a.Err, big.NewFloat(4))) <= 0 {
		return 0, false
	}
	return a.V.Re.Sign(), true
}

type formEval struct {
	b     *FormBuilder
	e     *evaluator
	cache map[*atom]Complex
	prec  uint
}

func (b *FormBuilder) newEval(prec uint, env map[string]*big.Rat) *formEval {
	p := prec + guard
	cenv := make(map[string]Complex, len(env))
	keys := make(map[string]string, len(env))
	for k, v := range env {
		cenv[k] = Complex{nf(p).SetRat(v), nf(p)}
		keys[k] = v.RatString()
	}
	opt := EvalOptions{Limits: b.st.lim, Branch: b.opt.Branch, NaturalLog: b.opt.NaturalLog}
	e := &evaluator{Prec: p, Env: cenv, keys: keys, st: b.st, opt: opt}
	return &formEval{b: b, e: e, cache: map[*atom]Complex{}, prec: p}
}

// Approx evaluates a form (numerator and denominator) at the point env.
// err is ErrDomain when the denominator is not certainly nonzero there.
func (b *FormBuilder) Approx(f *Form, env map[string]*big.Rat) (a Approx, err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(big.ErrNaN); ok {
				a, err = Approx{}, ErrDomain
				return
			}
			panic(r)
		}
	}()
	num, err := b.approxSum(f.num, env)
	if err != nil {
		return Approx{}, err
	}
	if f.den == nil {
		return num, nil
	}
	den, err := b.approxSum(f.den, env)
	if err != nil {
		return Approx{}, err
	}
	if !den.NonZero() {
		return Approx{}, ErrDomain
	}
	fe := b.newEval(evalHi, nil)
	q, err := fe.e.div(num.V, den.V)
	if err != nil {
		return Approx{}, err
	}
	// relative errors add
	dm := cabsF(den.V)
	rel := new(big.Float).Quo(num.Err, maxF(cabsF(num.V), num.Err))
	rel.Add(rel, new(big.Float).Quo(den.Err, dm))
	e := new(big.Float).Mul(rel, maxF(cabsF(q), new(big.Float).Quo(num.Err, dm)))
	return Approx{q, e}, nil
}

func cabsF(c Complex) *big.Float {
	m := new(big.Float).Abs(c.Re)
	return m.Add(m, new(big.Float).Abs(c.Im))
}

func maxF(a, b *big.Float) *big.Float {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}

// approxSum evaluates a sum at two precisions and bounds its error.
func (b *FormBuilder) approxSum(s *sum, env map[string]*big.Rat) (Approx, error) {
	hiE := b.newEval(evalHi, env)
	vHi, scale, err := hiE.sum(s)
	if err != nil {
		return Approx{}, err
	}
	loE := b.newEval(evalLo, env)
	vLo, _, err := loE.sum(s)
	if err != nil {
		return Approx{}, err
	}
	e := new(big.Float).SetMantExp(scale, -(evalHi - errBits))
	// an unstable evaluation (the low precision far off) widens the bound
	lowBound := new(big.Float).SetMantExp(scale, -(evalLo - errBits))
	d := cabsF(Complex{new(big.Float).Sub(vHi.Re, vLo.Re), new(big.Float).Sub(vHi.Im, vLo.Im)})
	if d.Cmp(lowBound) > 0 {
		e = d.Mul(d, big.NewFloat(4))
	}
	return Approx{vHi, e}, nil
}

// sum returns the value of s and the sum of the magnitudes of its terms.
func (fe *formEval) sum(s *sum) (Complex, *big.Float, error) {
	p := fe.prec
	acc := Complex{nf(p), nf(p)}
	scale := nf(p)
	for _, t := range s.ts {
		v, err := fe.mono(t.m)
		if err != nil {
			return Complex{}, nil, err
		}
		v = fe.e.mul(v, fe.e.ratC(t.c))
		acc.Re.Add(acc.Re, v.Re)
		acc.Im.Add(acc.Im, v.Im)
		scale.Add(scale, cabsF(v))
	}
	return acc, scale, nil
}

func (fe *formEval) form(f *Form) (Complex, error) {
	n, _, err := fe.sum(f.num)
	if err != nil || f.den == nil {
		return n, err
	}
	d, _, err := fe.sum(f.den)
	if err != nil {
		return d, err
	}
	return fe.e.div(n, d)
}

func (fe *formEval) mono(m *mono) (Complex, error) {
	e := fe.e
	p := fe.prec
	v := e.real(fInt(p, 1))
	for _, f := range m.fs {
		a, err := fe.atom(f.a)
		if err != nil {
			return Complex{}, err
		}
		var w Complex
		if f.e.isInt() {
			w, err = e.powInt(a, f.e.n)
		} else {
			w, err = fe.fracPow(a, f.e)
		}
		if err != nil {
			return Complex{}, err
		}
		v = e.mul(v, w)
		if err := e.magnitude(v); err != nil {
			return Complex{}, err
		}
	}
	if m.i {
		v = Complex{nf(p).Neg(v.Im), nf(p).Set(v.Re)}
	}
	if !m.rou.isZero() {
		ang := nf(p).Mul(PiFloat(p), nf(p).SetRat(m.rou.rat()))
		s, c, err := sinCosFloat(ang, p, e.st.lim.MaxExp)
		if err != nil {
			return Complex{}, err
		}
		v = e.mul(v, Complex{c, s})
	}
	if m.exp != nil {
		x, err := fe.form(m.exp)
		if err != nil {
			return Complex{}, err
		}
		ex, err := e.expC(x)
		if err != nil {
			return Complex{}, err
		}
		v = e.mul(v, ex)
	}
	return v, e.st.check()
}

// fracPow is a^q on the principal branch (a variable to a half-integer
// power, \pi and radicals to fractional powers).
func (fe *formEval) fracPow(a Complex, q frac) (Complex, error) {
	e := fe.e
	p := fe.prec
	if a.Re.Sign() == 0 && a.Im.Sign() == 0 {
		if q.n > 0 {
			return e.real(nf(p)), nil
		}
		return Complex{}, ErrDomain
	}
	l, err := e.logC(a)
	if err != nil {
		return Complex{}, err
	}
	r := nf(p).SetRat(q.rat())
	return e.expC(Complex{nf(p).Mul(l.Re, r), nf(p).Mul(l.Im, r)})
}

func (fe *formEval) atom(a *atom) (Complex, error) {
	if v, ok := fe.cache[a]; ok {
		return v, nil
	}
	e := fe.e
	p := fe.prec
	var v Complex
	var err error
	switch a.kind {
	case atVar, atOpaque, atAbs:
		v, err = e.eval(a.node)
	case atPi:
		v = e.real(PiFloat(p))
	case atLog:
		var l *big.Float
		l, err = logFloat(nf(p).SetInt(a.b), p)
		v = e.real(l)
	case atRad:
		v = e.real(nf(p).SetInt(a.b))
	case atLn:
		var x Complex
		if x, err = fe.form(a.arg); err == nil {
			v, err = e.logC(x)
		}
	case atRoot:
		var x Complex
		if x, err = fe.form(a.arg); err == nil {
			v, err = e.rootC(x, a.k)
		}
	}
	if err != nil {
		return Complex{}, err
	}
	fe.cache[a] = v
	return v, nil
}

// sign returns the sign of a real constant form (ok is false when it is
// not certainly real and nonzero).
func (b *FormBuilder) sign(f *Form) (int, bool, error) {
	if r, ok := f.Rational(); ok {
		return r.Sign(), r.Sign() != 0, nil
	}
	a, err := b.Approx(f, nil)
	if err != nil {
		if err == ErrLimit || err == ErrDeadline {
			return 0, false, err
		}
		return 0, false, nil
	}
	s, ok := a.Sign()
	return s, ok, nil
}

// realValue returns the value of a real constant form at evalHi bits, when
// it is certainly real and its error is below 2^-100 relative.
func (b *FormBuilder) realValue(f *Form) (*big.Float, bool, error) {
	a, err := b.Approx(f, nil)
	if err != nil {
		if err == ErrLimit || err == ErrDeadline {
			return nil, false, err
		}
		return nil, false, nil
	}
	if new(big.Float).Abs(a.V.Im).Cmp(a.Err) > 0 {
		return nil, false, nil
	}
	lim := new(big.Float).SetMantExp(maxF(new(big.Float).Abs(a.V.Re), big.NewFloat(1)), -100)
	if a.Err.Cmp(lim) > 0 {
		return nil, false, nil
	}
	return a.V.Re, true, nil
}

// Sign returns the sign of a real constant form: exactly for a rational,
// else from Approx (ok is false when the form is not certainly real and
// nonzero).
func (b *FormBuilder) Sign(f *Form) (int, bool, error) { return b.sign(f) }
