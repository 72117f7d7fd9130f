package calc

import (
	"errors"
	"math/big"
)

// prec is the working precision in bits. MATH 401 answers are rounded to 4
// decimals, so 320 bits (about 96 decimal digits) leaves a wide margin even
// after range reduction of angles like 10π and repeated squaring in exp.
const prec = 320

// maxSeriesTerms bounds every series loop, so a pathological argument can
// never make a computation run away; the arguments calc accepts converge far
// sooner (exp after range reduction, atanh of |t| <= 1/3, sin/cos of |x| <= π).
const maxSeriesTerms = 2000

var errNoConverge = errors.New("calc: series did not converge")

func newF() *big.Float { return new(big.Float).SetPrec(prec) }

func fInt(n int64) *big.Float { return newF().SetInt64(n) }

// epsilon is 2^-(prec+8): a term below it no longer changes the sum.
func small(x *big.Float) bool {
	if x.Sign() == 0 {
		return true
	}
	return x.MantExp(nil) < -(prec + 8)
}

// atanInv returns atan(1/n) by its Taylor series (n >= 2 converges fast).
func atanInv(n int64) (*big.Float, error) {
	x := newF().Quo(fInt(1), fInt(n)) // 1/n
	n2 := fInt(n * n)
	sum := newF().Set(x)
	pow := newF().Set(x)
	for k := int64(1); k < maxSeriesTerms; k++ {
		pow.Quo(pow, n2)
		term := newF().Quo(pow, fInt(2*k+1))
		if k%2 == 1 {
			sum.Sub(sum, term)
		} else {
			sum.Add(sum, term)
		}
		if small(term) {
			return sum, nil
		}
	}
	return nil, errNoConverge
}

var (
	piCache  *big.Float
	ln2Cache *big.Float
)

func init() {
	// Machin's formula: π = 16 atan(1/5) - 4 atan(1/239). Computed once.
	a, err1 := atanInv(5)
	b, err2 := atanInv(239)
	if err1 != nil || err2 != nil {
		panic("calc: cannot compute pi") // cannot happen: the series converge
	}
	piCache = newF().Sub(newF().Mul(fInt(16), a), newF().Mul(fInt(4), b))
	third := newF().Quo(fInt(1), fInt(3))
	l, err := atanh(third)
	if err != nil {
		panic("calc: cannot compute ln 2")
	}
	ln2Cache = l.Mul(l, fInt(2)) // ln 2 = 2 atanh(1/3)
}

// Pi returns π to the working precision.
func Pi() *big.Float { return newF().Set(piCache) }

// atanh returns atanh(t) = t + t^3/3 + t^5/5 + ... for |t| <= 1/3.
func atanh(t *big.Float) (*big.Float, error) {
	sum := newF().Set(t)
	pow := newF().Set(t)
	t2 := newF().Mul(t, t)
	for k := int64(1); k < maxSeriesTerms; k++ {
		pow.Mul(pow, t2)
		term := newF().Quo(pow, fInt(2*k+1))
		sum.Add(sum, term)
		if small(term) {
			return sum, nil
		}
	}
	return nil, errNoConverge
}

// bigLn returns ln x for x > 0: with x = m·2^e and m in [0.5, 1),
// ln x = e·ln 2 + 2 atanh((m-1)/(m+1)), and |(m-1)/(m+1)| <= 1/3.
func bigLn(x *big.Float) (*big.Float, error) {
	if x.Sign() <= 0 {
		return nil, errors.New("calc: logarithm of a non-positive number")
	}
	m := newF()
	e := x.MantExp(m)
	t := newF().Quo(newF().Sub(m, fInt(1)), newF().Add(m, fInt(1)))
	a, err := atanh(t)
	if err != nil {
		return nil, err
	}
	a.Mul(a, fInt(2))
	return a.Add(a, newF().Mul(fInt(int64(e)), ln2Cache)), nil
}

// maxExpArg bounds exp's argument: e^10000 has 4,343 digits, far beyond any
// arithmetic problem, and keeps the squaring loop short.
const maxExpArg = 10000

// bigExp returns e^x: halve x until it is below 2^-10, sum the Taylor series,
// then square back. The squarings cost a few bits, covered by the guard bits.
func bigExp(x *big.Float) (*big.Float, error) {
	if x.Sign() == 0 {
		return fInt(1), nil
	}
	if newF().Abs(x).Cmp(fInt(maxExpArg)) > 0 {
		return nil, errors.New("calc: exponent too large")
	}
	k := x.MantExp(nil) + 10
	if k < 0 {
		k = 0
	}
	r := newF().SetMantExp(x, -k)
	sum := fInt(1)
	term := fInt(1)
	done := false
	for n := int64(1); n < maxSeriesTerms; n++ {
		term.Mul(term, r)
		term.Quo(term, fInt(n))
		sum.Add(sum, term)
		if small(term) {
			done = true
			break
		}
	}
	if !done {
		return nil, errNoConverge
	}
	for i := 0; i < k; i++ {
		sum.Mul(sum, sum)
	}
	return sum, nil
}

// maxTrigArg bounds the argument of sin/cos/tan (in radians); beyond it the
// range reduction would need more precision than calc carries.
const maxTrigArg = 1e6

// reduce returns x - 2πk with the result in [-π, π].
func reduce(x *big.Float) (*big.Float, error) {
	if newF().Abs(x).Cmp(newF().SetFloat64(maxTrigArg)) > 0 {
		return nil, errors.New("calc: trigonometric argument too large")
	}
	twoPi := newF().Mul(piCache, fInt(2))
	q := newF().Quo(x, twoPi)
	// round q to the nearest integer
	q.Add(q, newF().SetFloat64(0.5))
	k, _ := q.Int(nil)
	if q.Sign() < 0 && !q.IsInt() {
		k.Sub(k, big.NewInt(1)) // Int truncates toward zero; we want floor
	}
	r := newF().Sub(x, newF().Mul(twoPi, newF().SetInt(k)))
	return r, nil
}

// sinCos returns sin x and cos x by their Taylor series after reduction.
func sinCos(x *big.Float) (*big.Float, *big.Float, error) {
	r, err := reduce(x)
	if err != nil {
		return nil, nil, err
	}
	r2 := newF().Mul(r, r)
	sin := newF().Set(r)
	cos := fInt(1)
	st := newF().Set(r) // r^(2n+1)/(2n+1)!
	ct := fInt(1)       // r^(2n)/(2n)!
	for n := int64(1); n < maxSeriesTerms; n++ {
		ct.Mul(ct, r2)
		ct.Quo(ct, fInt((2*n-1)*(2*n)))
		st.Mul(st, r2)
		st.Quo(st, fInt((2*n)*(2*n+1)))
		if n%2 == 1 {
			cos.Sub(cos, ct)
			sin.Sub(sin, st)
		} else {
			cos.Add(cos, ct)
			sin.Add(sin, st)
		}
		if small(ct) && small(st) {
			return sin, cos, nil
		}
	}
	return nil, nil, errNoConverge
}
