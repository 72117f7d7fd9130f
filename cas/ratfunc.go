package cas

import (
	"errors"
	"math/big"
	"strings"
)

// RatFunc is a univariate rational function Num/Den in lowest terms with a
// monic denominator.
type RatFunc struct{ Num, Den Poly }

// NewRatFunc returns num/den reduced (den != 0).
func NewRatFunc(num, den Poly) RatFunc {
	if den.IsZero() {
		panic("cas: rational function with zero denominator")
	}
	if num.IsZero() {
		return RatFunc{Poly{}, ConstPoly(Int(1))}
	}
	g := GCD(num, den)
	num, _ = num.DivMod(g)
	den, _ = den.DivMod(g)
	l := den.Lead()
	return RatFunc{num.Scale(l.Inv()), den.Monic()}
}

// PolyRF returns the polynomial p as a rational function.
func PolyRF(p Poly) RatFunc { return RatFunc{p, ConstPoly(Int(1))} }

// Add returns r + s.
func (r RatFunc) Add(s RatFunc) RatFunc {
	return NewRatFunc(r.Num.Mul(s.Den).Add(s.Num.Mul(r.Den)), r.Den.Mul(s.Den))
}

// Sub returns r - s.
func (r RatFunc) Sub(s RatFunc) RatFunc {
	return NewRatFunc(r.Num.Mul(s.Den).Sub(s.Num.Mul(r.Den)), r.Den.Mul(s.Den))
}

// Mul returns r s.
func (r RatFunc) Mul(s RatFunc) RatFunc {
	return NewRatFunc(r.Num.Mul(s.Num), r.Den.Mul(s.Den))
}

// Div returns r / s (s != 0).
func (r RatFunc) Div(s RatFunc) RatFunc {
	return NewRatFunc(r.Num.Mul(s.Den), r.Den.Mul(s.Num))
}

// Deriv returns r'.
func (r RatFunc) Deriv() RatFunc {
	return NewRatFunc(r.Num.Deriv().Mul(r.Den).Sub(r.Num.Mul(r.Den.Deriv())), r.Den.Mul(r.Den))
}

// Equal reports r == s (both are in lowest terms with monic denominators).
func (r RatFunc) Equal(s RatFunc) bool { return r.Num.Equal(s.Num) && r.Den.Equal(s.Den) }

// IsPoly reports whether r is a polynomial.
func (r RatFunc) IsPoly() bool { return r.Den.Deg() == 0 }

// Eval returns r(x); ok is false at a pole.
func (r RatFunc) Eval(x Q) (Q, bool) {
	d := r.Den.Eval(x)
	if d.IsZero() {
		return Q{}, false
	}
	return r.Num.Eval(x).Div(d), true
}

// TeX prints r in the variable x: the polynomial, or \frac{num}{den}.
func (r RatFunc) TeX(x string) string {
	if r.IsPoly() {
		return r.Num.Scale(r.Den.Lead().Inv()).TeX(x)
	}
	// make the numerator and denominator integral for a textbook look
	c := r.Den.Content()
	num, den := r.Num.Scale(c.Inv()), r.Den.Scale(c.Inv())
	nc := num.Content()
	if !nc.IsInt() || nc.Sign() < 0 {
		// keep a fraction coefficient out front only when the numerator is not integral
		k := FromBigInt(nc.Den())
		num, den = num.Scale(k), den.Scale(k)
	}
	sign := ""
	if num.Lead().Sign() < 0 && num.Deg() == 0 {
		sign, num = "-", num.Neg()
	}
	return sign + `\frac{` + num.TeX(x) + "}{" + den.TeX(x) + "}"
}

// PFTerm is one term Numer / Factor^Power of a partial fraction
// decomposition; deg Numer < deg Factor.
type PFTerm struct {
	Numer  Poly
	Factor Poly // irreducible, primitive
	Power  int
}

// PartialFractions is Poly + sum of Terms.
type PartialFractions struct {
	Poly  Poly
	Terms []PFTerm
}

// ErrPoles reports a rational function whose denominator could not be factored.
var ErrPoles = errors.New("cas: denominator could not be factored")

// Decompose returns the partial fraction decomposition of r over Q: the
// polynomial part, then for each irreducible factor f^k of the denominator
// the terms c_j / f^j (j = 1..k), from Bezout's identity for the coprime
// parts and the f-adic expansion of each numerator.
func Decompose(r RatFunc) (PartialFractions, error) {
	quo, rem := r.Num.DivMod(r.Den)
	out := PartialFractions{Poly: quo}
	if rem.IsZero() {
		return out, nil
	}
	fz, err := FactorQ(r.Den)
	if err != nil {
		return out, ErrPoles
	}
	// rem/den = rem/(unit prod f_i^k_i); split over the coprime prime powers
	num := rem.Scale(fz.Unit.Inv())
	for i, fa := range fz.Factors {
		di := fa.P.Pow(fa.K)
		ei := ConstPoly(Int(1))
		for j, fb := range fz.Factors {
			if j != i {
				ei = ei.Mul(fb.P.Pow(fb.K))
			}
		}
		// s ei + t di = 1  ->  Ai = num s mod di
		_, s, _ := ExtGCD(ei, di)
		_, ai := num.Mul(s).DivMod(di)
		// f-adic expansion: ai = sum c_j f^j
		var digits []Poly
		for j := 0; j < fa.K; j++ {
			q, c := ai.DivMod(fa.P)
			digits = append(digits, c)
			ai = q
		}
		for j := fa.K - 1; j >= 0; j-- {
			// digits[j] f^j / f^k = digits[j] / f^(k-j)
			if !digits[j].IsZero() {
				out.Terms = append(out.Terms, PFTerm{Numer: digits[j], Factor: fa.P, Power: fa.K - j})
			}
		}
	}
	return out, nil
}

// Sum adds the decomposition back into one rational function.
func (pf PartialFractions) Sum() RatFunc {
	s := PolyRF(pf.Poly)
	for _, t := range pf.Terms {
		s = s.Add(NewRatFunc(t.Numer, t.Factor.Pow(t.Power)))
	}
	return s
}

// TeX prints the decomposition: 2x + \frac{3}{x - 1} - \frac{1}{\left(x + 2\right)^{2}}.
func (pf PartialFractions) TeX(x string) string {
	var sb strings.Builder
	first := true
	if !pf.Poly.IsZero() {
		sb.WriteString(pf.Poly.TeX(x))
		first = false
	}
	for _, t := range pf.Terms {
		// t = c * inner / factor^power with inner primitive (or 1) and c > 0 after the sign
		c := t.Numer.Content()
		inner := t.Numer.Scale(c.Inv())
		if c.Sign() < 0 {
			c, inner = c.Neg(), inner.Neg()
		}
		if inner.Deg() == 0 && inner.Coef(0).Sign() < 0 {
			c, inner = c.Neg(), inner.Neg()
		}
		c = writeSign(&sb, c, first)
		first = false
		isX := t.Factor.Deg() == 1 && t.Factor.Coef(0).IsZero() && t.Factor.Coef(1).IsOne()
		den := t.Factor.TeX(x)
		if t.Power > 1 {
			if !isX {
				den = `\left(` + den + `\right)`
			}
			den += `^{` + itoa(t.Power) + "}"
		}
		d := c.Den().String()
		if d != "1" {
			if t.Power == 1 && !isX {
				den = `\left(` + den + `\right)`
			}
			den = d + den
		}
		num := c.Num().String()
		if inner.Deg() > 0 {
			if num == "1" {
				num = inner.TeX(x)
			} else {
				num = num + `\left(` + inner.TeX(x) + `\right)`
			}
		}
		sb.WriteString(`\frac{` + num + "}{" + den + "}")
	}
	if first {
		return "0"
	}
	return sb.String()
}

// Expr returns r as an expression with integer coefficients in the
// numerator and the denominator, no common integer factor, and a positive
// leading coefficient in the denominator: \frac{2x - 1}{3x + 4}.
func (r RatFunc) Expr(x string) Expr {
	if r.IsPoly() {
		return FromPoly(r.Num.Scale(r.Den.Lead().Inv()), x)
	}
	l := big.NewInt(1)
	for _, p := range []Poly{r.Num, r.Den} {
		for _, c := range p.c {
			d := c.Den()
			l.Mul(l, new(big.Int).Quo(d, new(big.Int).GCD(nil, nil, l, d)))
		}
	}
	L := FromBigInt(l)
	num, den := r.Num.Scale(L), r.Den.Scale(L)
	g := new(big.Int)
	for _, p := range []Poly{num, den} {
		for _, c := range p.c {
			g.GCD(nil, nil, g, new(big.Int).Abs(c.Num()))
		}
	}
	G := FromBigInt(g).Inv()
	return Quot(FromPoly(num.Scale(G), x), FromPoly(den.Scale(G), x))
}
