package expr

import (
	"math/big"
	"sync"
)

// Elementary functions on big.Float at a given precision (bits). Each works
// with guard bits and rounds at the end; arguments are reduced first so that
// the series converge in at most a few hundred terms even at 1000 bits.

const guard = 32

func nf(prec uint) *big.Float { return new(big.Float).SetPrec(prec) }

func fInt(prec uint, v int64) *big.Float { return nf(prec).SetInt64(v) }

var (
	constMu  sync.Mutex
	piCache  *big.Float
	ln2Cache *big.Float
)

// atanInv returns atan(1/x) for an integer x >= 2 (series in 1/x^2).
func atanInv(x int64, prec uint) *big.Float {
	p := prec + guard
	inv := nf(p).Quo(fInt(p, 1), fInt(p, x))
	x2 := fInt(p, x*x)
	term := nf(p).Set(inv)
	sum := nf(p).Set(inv)
	eps := nf(p).SetMantExp(fInt(p, 1), -int(p))
	for k := int64(1); ; k++ {
		term.Quo(term, x2)
		t := nf(p).Quo(term, fInt(p, 2*k+1))
		if k%2 == 1 {
			sum.Sub(sum, t)
		} else {
			sum.Add(sum, t)
		}
		if t.Cmp(eps) < 0 {
			break
		}
	}
	return sum
}

// PiFloat returns pi at prec bits (cached at the largest precision asked).
func PiFloat(prec uint) *big.Float {
	constMu.Lock()
	defer constMu.Unlock()
	if piCache == nil || piCache.Prec() < prec+guard {
		p := prec + guard + 64
		a := atanInv(5, p)
		b := atanInv(239, p)
		pi := nf(p).Mul(fInt(p, 16), a)
		pi.Sub(pi, nf(p).Mul(fInt(p, 4), b))
		piCache = pi
	}
	return nf(prec + guard).Set(piCache)
}

func ln2Float(prec uint) *big.Float {
	constMu.Lock()
	defer constMu.Unlock()
	if ln2Cache == nil || ln2Cache.Prec() < prec+guard {
		p := prec + guard + 64
		// ln 2 = 2 atanh(1/3)
		ln2Cache = nf(p).Mul(fInt(p, 2), atanhSeries(nf(p).Quo(fInt(p, 1), fInt(p, 3)), p))
	}
	return nf(prec + guard).Set(ln2Cache)
}

// atanhSeries sums t + t^3/3 + t^5/5 + ... for small |t|.
func atanhSeries(t *big.Float, p uint) *big.Float {
	t2 := nf(p).Mul(t, t)
	term := nf(p).Set(t)
	sum := nf(p).Set(t)
	for k := int64(1); k < 100000; k++ {
		term.Mul(term, t2)
		x := nf(p).Quo(term, fInt(p, 2*k+1))
		sum.Add(sum, x)
		if x.Sign() == 0 || x.MantExp(nil)-sum.MantExp(nil) < -int(p) {
			break
		}
	}
	return sum
}

// expFloat returns e^x; it fails with ErrLimit when the result's exponent
// would pass maxExp.
func expFloat(x *big.Float, prec uint, maxExp int64) (*big.Float, error) {
	p := prec + guard
	if x.Sign() == 0 {
		return fInt(p, 1), nil
	}
	xf, _ := x.Float64()
	if xf > float64(maxExp)*0.7 || xf < -float64(maxExp)*0.7 {
		return nil, ErrLimit
	}
	ln2 := ln2Float(p)
	// x = k ln2 + r
	kf := nf(p).Quo(x, ln2)
	ki, _ := kf.Int(nil)
	k := ki.Int64()
	extra := uint(0)
	if k != 0 {
		extra = uint(ki.BitLen())
	}
	pp := p + extra
	r := nf(pp).Sub(nf(pp).Set(x), nf(pp).Mul(ln2Float(pp), nf(pp).SetInt64(k)))
	// halve r 8 times, Taylor, square back
	const s = 8
	r.SetMantExp(r, -s)
	sum := fInt(pp, 1)
	term := fInt(pp, 1)
	for n := int64(1); n < 10000; n++ {
		term.Mul(term, r)
		term.Quo(term, fInt(pp, n))
		sum.Add(sum, term)
		if term.Sign() == 0 || term.MantExp(nil) < -int(pp)-2 {
			break
		}
	}
	for i := 0; i < s; i++ {
		sum.Mul(sum, sum)
	}
	sum.SetMantExp(sum, int(k))
	return nf(prec).Set(sum), nil
}

// logFloat returns ln x for x > 0.
func logFloat(x *big.Float, prec uint) (*big.Float, error) {
	if x.Sign() <= 0 {
		return nil, ErrDomain
	}
	p := prec + guard
	m := nf(p)
	e := x.MantExp(m) // x = m * 2^e, m in [0.5, 1)
	sqrtHalf := nf(p).Sqrt(nf(p).SetFloat64(0.5))
	if m.Cmp(sqrtHalf) < 0 {
		m.SetMantExp(m, 1)
		e--
	}
	// ln m = 2 atanh((m-1)/(m+1))
	t := nf(p).Quo(nf(p).Sub(m, fInt(p, 1)), nf(p).Add(m, fInt(p, 1)))
	var lm *big.Float
	if t.Sign() == 0 {
		lm = nf(p)
	} else {
		lm = nf(p).Mul(fInt(p, 2), atanhSeries(t, p))
	}
	lm.Add(lm, nf(p).Mul(ln2Float(p), fInt(p, int64(e))))
	return nf(prec).Set(lm), nil
}

// sinCosFloat returns sin x and cos x.
func sinCosFloat(x *big.Float, prec uint, maxExp int64) (*big.Float, *big.Float, error) {
	ex := x.MantExp(nil)
	if int64(ex) > maxExp/4 || ex > 4096 {
		return nil, nil, ErrLimit
	}
	extra := uint(0)
	if ex > 0 {
		extra = uint(ex)
	}
	p := prec + guard + extra
	pi := PiFloat(p)
	halfPi := nf(p).SetMantExp(pi, -1)
	q := nf(p).Quo(x, halfPi)
	// round to nearest integer
	qi, _ := nf(p).Add(q, nf(p).SetFloat64(0.5*float64(q.Sign()))).Int(nil)
	r := nf(p).Sub(x, nf(p).Mul(halfPi, nf(p).SetInt(qi)))
	// Taylor series for sin r and cos r with |r| <= pi/4
	r2 := nf(p).Mul(r, r)
	sinS := nf(p).Set(r)
	cosS := fInt(p, 1)
	term := nf(p).Set(r)
	cterm := fInt(p, 1)
	for n := int64(1); n < 10000; n++ {
		term.Mul(term, r2)
		term.Quo(term, fInt(p, (2*n)*(2*n+1)))
		term.Neg(term)
		cterm.Mul(cterm, r2)
		cterm.Quo(cterm, fInt(p, (2*n-1)*(2*n)))
		cterm.Neg(cterm)
		sinS.Add(sinS, term)
		cosS.Add(cosS, cterm)
		if (term.Sign() == 0 || term.MantExp(nil) < -int(p)-2) && (cterm.Sign() == 0 || cterm.MantExp(nil) < -int(p)-2) {
			break
		}
	}
	m := new(big.Int).Mod(qi, big.NewInt(4)).Int64()
	s, c := sinS, cosS
	switch m {
	case 1:
		s, c = cosS, nf(p).Neg(sinS)
	case 2:
		s, c = nf(p).Neg(sinS), nf(p).Neg(cosS)
	case 3:
		s, c = nf(p).Neg(cosS), sinS
	}
	return nf(prec).Set(s), nf(prec).Set(c), nil
}

// atanFloat returns atan x.
func atanFloat(x *big.Float, prec uint) *big.Float {
	p := prec + guard
	if x.Sign() == 0 {
		return nf(prec)
	}
	one := fInt(p, 1)
	ax := nf(p).Abs(x)
	if ax.Cmp(one) > 0 {
		// atan x = sign(x) pi/2 - atan(1/x)
		inv := nf(p).Quo(one, x)
		r := nf(p).SetMantExp(PiFloat(p), -1)
		if x.Sign() < 0 {
			r.Neg(r)
		}
		r.Sub(r, atanFloat(inv, p))
		return nf(prec).Set(r)
	}
	// halve the angle twice: atan x = 2 atan(x / (1 + sqrt(1+x^2)))
	y := nf(p).Set(x)
	for i := 0; i < 3; i++ {
		d := nf(p).Sqrt(nf(p).Add(one, nf(p).Mul(y, y)))
		d.Add(d, one)
		y.Quo(y, d)
	}
	y2 := nf(p).Mul(y, y)
	term := nf(p).Set(y)
	sum := nf(p).Set(y)
	for k := int64(1); k < 100000; k++ {
		term.Mul(term, y2)
		t := nf(p).Quo(term, fInt(p, 2*k+1))
		if k%2 == 1 {
			sum.Sub(sum, t)
		} else {
			sum.Add(sum, t)
		}
		if t.Sign() == 0 || t.MantExp(nil)-sum.MantExp(nil) < -int(p) {
			break
		}
	}
	sum.SetMantExp(sum, 3)
	return nf(prec).Set(sum)
}

// atan2Float returns the angle of (x, y) in (-pi, pi].
func atan2Float(y, x *big.Float, prec uint) *big.Float {
	p := prec + guard
	if x.Sign() == 0 {
		if y.Sign() == 0 {
			return nf(prec)
		}
		h := nf(p).SetMantExp(PiFloat(p), -1)
		if y.Sign() < 0 {
			h.Neg(h)
		}
		return nf(prec).Set(h)
	}
	a := atanFloat(nf(p).Quo(y, x), p)
	if x.Sign() < 0 {
		if y.Sign() >= 0 {
			a.Add(a, PiFloat(p))
		} else {
			a.Sub(a, PiFloat(p))
		}
	}
	return nf(prec).Set(a)
}
