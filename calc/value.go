package calc

import (
	"errors"
	"math/big"
)

// Value is the result of an evaluation: exact as a rational when every step
// was rational (integers, decimals, + - × ÷ and integer powers), otherwise a
// high-precision float. Im is the imaginary part (non-nil only for complex
// intermediate values such as e^(iπ)).
type Value struct {
	Exact *big.Rat   // nil when the value is not known exactly
	Re    *big.Float // always set
	Im    *big.Float // nil for real values
}

func exactVal(r *big.Rat) Value {
	return Value{Exact: r, Re: newF().SetRat(r)}
}

func floatVal(re, im *big.Float) Value {
	return Value{Re: re, Im: im}
}

// IsReal reports whether v has no imaginary part.
func (v Value) IsReal() bool { return v.Im == nil || v.Im.Sign() == 0 }

// Rat returns v's real part as a rational: exactly when known exactly,
// else the binary float's exact rational value.
func (v Value) Rat() *big.Rat {
	if v.Exact != nil {
		return new(big.Rat).Set(v.Exact)
	}
	r, _ := v.Re.Rat(nil)
	if r == nil { // infinities cannot arise (all operations are guarded)
		return new(big.Rat)
	}
	return r
}

func (v Value) im() *big.Float {
	if v.Im == nil {
		return newF()
	}
	return v.Im
}

// Limits on exact arithmetic, so a hostile query cannot exhaust memory.
const (
	maxRatBits = 1 << 16 // numerator or denominator bits of an exact value
	maxIntPow  = 1 << 12 // largest exact integer exponent
)

var errTooBig = errors.New("calc: number too large")

func checkRat(r *big.Rat) error {
	if r.Num().BitLen() > maxRatBits || r.Denom().BitLen() > maxRatBits {
		return errTooBig
	}
	return nil
}

func add(a, b Value, neg bool) (Value, error) {
	if a.Exact != nil && b.Exact != nil {
		r := new(big.Rat)
		if neg {
			r.Sub(a.Exact, b.Exact)
		} else {
			r.Add(a.Exact, b.Exact)
		}
		return exactVal(r), checkRat(r)
	}
	re, im := newF(), newF()
	if neg {
		re.Sub(a.Re, b.Re)
		im.Sub(a.im(), b.im())
	} else {
		re.Add(a.Re, b.Re)
		im.Add(a.im(), b.im())
	}
	return floatVal(re, im), nil
}

func mul(a, b Value) (Value, error) {
	if a.Exact != nil && b.Exact != nil {
		r := new(big.Rat).Mul(a.Exact, b.Exact)
		return exactVal(r), checkRat(r)
	}
	// (a+bi)(c+di) = (ac-bd) + (ad+bc)i
	ai, bi := a.im(), b.im()
	re := newF().Sub(newF().Mul(a.Re, b.Re), newF().Mul(ai, bi))
	im := newF().Add(newF().Mul(a.Re, bi), newF().Mul(ai, b.Re))
	return floatVal(re, im), nil
}

var errDivZero = errors.New("calc: division by zero")

func div(a, b Value) (Value, error) {
	if b.Exact != nil {
		if b.Exact.Sign() == 0 {
			return Value{}, errDivZero
		}
		if a.Exact != nil {
			r := new(big.Rat).Quo(a.Exact, b.Exact)
			return exactVal(r), checkRat(r)
		}
	}
	bi := b.im()
	den := newF().Add(newF().Mul(b.Re, b.Re), newF().Mul(bi, bi))
	if den.Sign() == 0 {
		return Value{}, errDivZero
	}
	ai := a.im()
	// (a+bi)/(c+di) = ((ac+bd) + (bc-ad)i) / (c²+d²)
	re := newF().Add(newF().Mul(a.Re, b.Re), newF().Mul(ai, bi))
	im := newF().Sub(newF().Mul(ai, b.Re), newF().Mul(a.Re, bi))
	return floatVal(re.Quo(re, den), im.Quo(im, den)), nil
}

func neg(a Value) Value {
	if a.Exact != nil {
		return exactVal(new(big.Rat).Neg(a.Exact))
	}
	var im *big.Float
	if a.Im != nil {
		im = newF().Neg(a.Im)
	}
	return floatVal(newF().Neg(a.Re), im)
}

// pow computes a^b: exactly for a rational base and an integer exponent,
// as exp(b·ln a) for a positive real base, and through the complex
// exponential when the base is e (Euler's identity).
func pow(a, b Value, baseIsE bool) (Value, error) {
	if a.Exact != nil && b.Exact != nil && b.Exact.IsInt() {
		n := b.Exact.Num()
		if n.CmpAbs(big.NewInt(maxIntPow)) > 0 {
			return Value{}, errTooBig
		}
		k := n.Int64()
		if a.Exact.Sign() == 0 && k < 0 {
			return Value{}, errDivZero
		}
		// bound the result size before computing it
		bits := a.Exact.Num().BitLen() + a.Exact.Denom().BitLen()
		if int64(bits)*abs64(k) > maxRatBits {
			return Value{}, errTooBig
		}
		kk := big.NewInt(abs64(k))
		num := new(big.Int).Exp(a.Exact.Num(), kk, nil)
		den := new(big.Int).Exp(a.Exact.Denom(), kk, nil)
		r := new(big.Rat).SetFrac(num, den)
		if k < 0 {
			r.Inv(r)
		}
		return exactVal(r), nil
	}
	if !b.IsReal() || baseIsE {
		// e^z = e^Re z (cos Im z + i sin Im z); other complex powers are not needed.
		if !baseIsE {
			if !a.IsReal() || a.Re.Sign() <= 0 {
				return Value{}, errors.New("calc: complex power of a non-positive or complex base")
			}
			l, err := bigLn(a.Re)
			if err != nil {
				return Value{}, err
			}
			b2, err := mul(b, floatVal(l, nil))
			if err != nil {
				return Value{}, err
			}
			return cexp(b2)
		}
		return cexp(b)
	}
	if !a.IsReal() {
		return Value{}, errors.New("calc: power of a complex number")
	}
	switch a.Re.Sign() {
	case 0:
		if b.Re.Sign() > 0 {
			return exactVal(new(big.Rat)), nil
		}
		return Value{}, errDivZero
	case -1:
		return Value{}, errors.New("calc: non-integer power of a negative number")
	}
	l, err := bigLn(a.Re)
	if err != nil {
		return Value{}, err
	}
	e, err := bigExp(l.Mul(l, b.Re))
	if err != nil {
		return Value{}, err
	}
	return floatVal(e, nil), nil
}

func cexp(z Value) (Value, error) {
	m, err := bigExp(z.Re)
	if err != nil {
		return Value{}, err
	}
	if z.IsReal() {
		return floatVal(m, nil), nil
	}
	s, c, err := sinCos(z.Im)
	if err != nil {
		return Value{}, err
	}
	return floatVal(c.Mul(c, m), s.Mul(s, m)), nil
}

func abs64(k int64) int64 {
	if k < 0 {
		return -k
	}
	return k
}
