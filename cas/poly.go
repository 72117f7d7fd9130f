package cas

import (
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// Poly is a univariate polynomial over Q: c[i] is the coefficient of x^i.
// The zero polynomial has no coefficients; otherwise the leading one is
// nonzero. Values are immutable.
type Poly struct{ c []Q }

// MaxDegree bounds the degree of every polynomial a cas routine builds.
const MaxDegree = 512

// NewPoly builds a polynomial from coefficients, lowest degree first.
func NewPoly(c ...Q) Poly {
	cc := append([]Q(nil), c...)
	return Poly{trim(cc)}
}

// PolyInts builds a polynomial from integer coefficients, lowest degree first.
func PolyInts(c ...int64) Poly {
	cc := make([]Q, len(c))
	for i, v := range c {
		cc[i] = Int(v)
	}
	return Poly{trim(cc)}
}

// Monomial returns a x^k.
func Monomial(a Q, k int) Poly {
	if a.IsZero() {
		return Poly{}
	}
	c := make([]Q, k+1)
	for i := range c {
		c[i] = Int(0)
	}
	c[k] = a
	return Poly{c}
}

// ConstPoly returns the constant polynomial a.
func ConstPoly(a Q) Poly { return Monomial(a, 0) }

// Linear returns a x + b.
func Linear(a, b Q) Poly { return NewPoly(b, a) }

// FromRoots returns lead * (x - r1)(x - r2)...
func FromRoots(lead Q, roots ...Q) Poly {
	p := ConstPoly(lead)
	for _, r := range roots {
		p = p.Mul(Linear(Int(1), r.Neg()))
	}
	return p
}

func trim(c []Q) []Q {
	n := len(c)
	for n > 0 && c[n-1].IsZero() {
		n--
	}
	if len(c) > MaxDegree+1 && n > MaxDegree+1 {
		panic(ErrLimit)
	}
	return c[:n]
}

// Deg returns the degree; -1 for the zero polynomial.
func (p Poly) Deg() int { return len(p.c) - 1 }

// IsZero reports p == 0.
func (p Poly) IsZero() bool { return len(p.c) == 0 }

// Coef returns the coefficient of x^i.
func (p Poly) Coef(i int) Q {
	if i < 0 || i >= len(p.c) {
		return Int(0)
	}
	return p.c[i]
}

// Coeffs returns a copy of the coefficients, lowest degree first.
func (p Poly) Coeffs() []Q { return append([]Q(nil), p.c...) }

// Lead returns the leading coefficient (0 for the zero polynomial).
func (p Poly) Lead() Q { return p.Coef(p.Deg()) }

// Add returns p + q.
func (p Poly) Add(q Poly) Poly {
	n := max(len(p.c), len(q.c))
	c := make([]Q, n)
	for i := range c {
		c[i] = p.Coef(i).Add(q.Coef(i))
	}
	return Poly{trim(c)}
}

// Neg returns -p.
func (p Poly) Neg() Poly {
	c := make([]Q, len(p.c))
	for i, v := range p.c {
		c[i] = v.Neg()
	}
	return Poly{c}
}

// Sub returns p - q.
func (p Poly) Sub(q Poly) Poly { return p.Add(q.Neg()) }

// Scale returns a p.
func (p Poly) Scale(a Q) Poly {
	if a.IsZero() {
		return Poly{}
	}
	c := make([]Q, len(p.c))
	for i, v := range p.c {
		c[i] = v.Mul(a)
	}
	return Poly{c}
}

// Mul returns p q.
func (p Poly) Mul(q Poly) Poly {
	if p.IsZero() || q.IsZero() {
		return Poly{}
	}
	if p.Deg()+q.Deg() > MaxDegree {
		panic(ErrLimit)
	}
	c := make([]Q, len(p.c)+len(q.c)-1)
	for i := range c {
		c[i] = Int(0)
	}
	for i, a := range p.c {
		if a.IsZero() {
			continue
		}
		for j, b := range q.c {
			if !b.IsZero() {
				c[i+j] = c[i+j].Add(a.Mul(b))
			}
		}
	}
	return Poly{trim(c)}
}

// Pow returns p^k, k >= 0.
func (p Poly) Pow(k int) Poly {
	if k*max(p.Deg(), 0) > MaxDegree {
		panic(ErrLimit)
	}
	r := ConstPoly(Int(1))
	for ; k > 0; k-- {
		r = r.Mul(p)
	}
	return r
}

// DivMod returns the quotient and remainder of p by q (q != 0).
func (p Poly) DivMod(q Poly) (quo, rem Poly) {
	if q.IsZero() {
		panic("cas: polynomial division by zero")
	}
	if p.Deg() < q.Deg() {
		return Poly{}, p
	}
	r := append([]Q(nil), p.c...)
	qc := make([]Q, p.Deg()-q.Deg()+1)
	lc := q.Lead().Inv()
	for i := p.Deg() - q.Deg(); i >= 0; i-- {
		t := r[i+q.Deg()].Mul(lc)
		qc[i] = t
		if t.IsZero() {
			continue
		}
		for j, b := range q.c {
			r[i+j] = r[i+j].Sub(t.Mul(b))
		}
	}
	return Poly{trim(qc)}, Poly{trim(r[:q.Deg()])}
}

// Equal reports p == q.
func (p Poly) Equal(q Poly) bool {
	if len(p.c) != len(q.c) {
		return false
	}
	for i := range p.c {
		if !p.c[i].Equal(q.c[i]) {
			return false
		}
	}
	return true
}

// Monic returns p divided by its leading coefficient (0 stays 0).
func (p Poly) Monic() Poly {
	if p.IsZero() {
		return p
	}
	return p.Scale(p.Lead().Inv())
}

// Eval returns p(x) by Horner's rule.
func (p Poly) Eval(x Q) Q {
	r := Int(0)
	for i := len(p.c) - 1; i >= 0; i-- {
		r = r.Mul(x).Add(p.c[i])
	}
	return r
}

// EvalFloat returns p(x) in floating point.
func (p Poly) EvalFloat(x float64) float64 {
	r := 0.0
	for i := len(p.c) - 1; i >= 0; i-- {
		r = r*x + p.c[i].Float()
	}
	return r
}

// Deriv returns p'.
func (p Poly) Deriv() Poly {
	if len(p.c) <= 1 {
		return Poly{}
	}
	c := make([]Q, len(p.c)-1)
	for i := 1; i < len(p.c); i++ {
		c[i-1] = p.c[i].MulInt(int64(i))
	}
	return Poly{trim(c)}
}

// Integral returns the antiderivative of p with constant term 0.
func (p Poly) Integral() Poly {
	if p.IsZero() {
		return p
	}
	c := make([]Q, len(p.c)+1)
	c[0] = Int(0)
	for i, v := range p.c {
		c[i+1] = v.Div(Int(int64(i + 1)))
	}
	return Poly{trim(c)}
}

// Compose returns p(q(x)).
func (p Poly) Compose(q Poly) Poly {
	r := Poly{}
	for i := len(p.c) - 1; i >= 0; i-- {
		r = r.Mul(q).Add(ConstPoly(p.c[i]))
	}
	return r
}

// GCD returns the monic greatest common divisor (0 when both are 0). It
// runs Euclid's algorithm on primitive parts (a primitive remainder
// sequence), so that coefficients stay small.
func GCD(p, q Poly) Poly {
	p, q = p.Primitive(), q.Primitive()
	for !q.IsZero() {
		_, r := p.DivMod(q)
		p, q = q, r.Primitive()
	}
	return p.Monic()
}

// GCDSteps returns the remainder sequence of Euclid's algorithm: p, q, r1,
// r2, ..., ending with the last nonzero remainder (not made monic).
func GCDSteps(p, q Poly) []Poly {
	seq := []Poly{p, q}
	for !q.IsZero() {
		_, r := p.DivMod(q)
		if r.IsZero() {
			break
		}
		seq = append(seq, r)
		p, q = q, r
	}
	return seq
}

// ExtGCD returns g = gcd(p, q) (monic) and s, t with s p + t q = g.
func ExtGCD(p, q Poly) (g, s, t Poly) {
	r0, r1 := p, q
	s0, s1 := ConstPoly(Int(1)), Poly{}
	t0, t1 := Poly{}, ConstPoly(Int(1))
	for !r1.IsZero() {
		quo, rem := r0.DivMod(r1)
		r0, r1 = r1, rem
		s0, s1 = s1, s0.Sub(quo.Mul(s1))
		t0, t1 = t1, t0.Sub(quo.Mul(t1))
	}
	if r0.IsZero() {
		return r0, s0, t0
	}
	l := r0.Lead().Inv()
	return r0.Scale(l), s0.Scale(l), t0.Scale(l)
}

// Content returns the positive rational c with p/c primitive with integer
// coefficients (gcd of numerators over lcm of denominators), with the sign
// of the leading coefficient so that p/c has a positive leading coefficient.
func (p Poly) Content() Q {
	if p.IsZero() {
		return Int(1)
	}
	if c, ok := p.content64(); ok {
		return c
	}
	g := new(big.Int)
	l := big.NewInt(1)
	for _, v := range p.c {
		if v.IsZero() {
			continue
		}
		g.GCD(nil, nil, g, new(big.Int).Abs(v.Num()))
		d := v.Den()
		l.Mul(l, new(big.Int).Quo(d, new(big.Int).GCD(nil, nil, l, d)))
	}
	c := FromBig(new(big.Rat).SetFrac(g, l))
	if p.Lead().Sign() < 0 {
		c = c.Neg()
	}
	return c
}

// content64 is Content when every coefficient is small: gcd of numerators
// and lcm of denominators in int64.
func (p Poly) content64() (Q, bool) {
	var g, l uint64 = 0, 1
	for _, v := range p.c {
		n, d, ok := v.small()
		if !ok || n == math.MinInt64 {
			return Q{}, false
		}
		if n == 0 {
			continue
		}
		g = gcd64(g, abs64u(n))
		hi, lo := bits.Mul64(l/gcd64(l, uint64(d)), uint64(d))
		if hi != 0 || lo > math.MaxInt64 {
			return Q{}, false
		}
		l = lo
	}
	c := Frac(int64(g), int64(l))
	if p.Lead().Sign() < 0 {
		c = c.Neg()
	}
	return c, true
}

// Primitive returns p divided by its content: integer coefficients with gcd
// 1 and a positive leading coefficient.
func (p Poly) Primitive() Poly {
	if p.IsZero() {
		return p
	}
	return p.Scale(p.Content().Inv())
}

// SquareFree returns Yun's square-free decomposition of p: factors f[i]
// (monic, pairwise coprime, square-free) with p = lead(p) * prod f[i]^(i+1).
// Trailing factors equal to 1 are dropped.
func SquareFree(p Poly) []Poly {
	if p.Deg() <= 0 {
		return nil
	}
	p = p.Monic()
	dp := p.Deriv()
	a := GCD(p, dp)
	b, _ := p.DivMod(a)
	c, _ := dp.DivMod(a)
	var out []Poly
	for b.Deg() > 0 {
		d := c.Sub(b.Deriv())
		g := GCD(b, d)
		out = append(out, g)
		b, _ = b.DivMod(g)
		c, _ = d.DivMod(g)
	}
	n := len(out)
	for n > 0 && out[n-1].Deg() == 0 {
		n--
	}
	return out[:n]
}

// String prints p in plain text in the variable x (for sympy and messages):
// 3*x**2 - 1/2*x + 1 uses "**" when pyPow is true, "^" otherwise.
func (p Poly) plain(x string, pyPow bool) string {
	if p.IsZero() {
		return "0"
	}
	pw := "^"
	if pyPow {
		pw = "**"
	}
	var sb strings.Builder
	first := true
	for i := p.Deg(); i >= 0; i-- {
		a := p.c[i]
		if a.IsZero() {
			continue
		}
		a = writeSign(&sb, a, first)
		first = false
		switch {
		case i == 0:
			sb.WriteString("(" + a.String() + ")")
		default:
			if !a.IsOne() {
				sb.WriteString("(" + a.String() + ")*")
			}
			sb.WriteString(x)
			if i > 1 {
				sb.WriteString(pw)
				sb.WriteString(itoa(i))
			}
		}
	}
	return sb.String()
}

// Py prints p for Python/sympy in the variable x.
func (p Poly) Py(x string) string { return p.plain(x, true) }

// TeX prints p in LaTeX in the variable x, highest degree first:
// 3x^{2}-\frac{1}{2}x+1.
func (p Poly) TeX(x string) string {
	if p.IsZero() {
		return "0"
	}
	var sb strings.Builder
	first := true
	for i := p.Deg(); i >= 0; i-- {
		a := p.c[i]
		if a.IsZero() {
			continue
		}
		writeTerm(&sb, a, monoTeX(x, i), first)
		first = false
	}
	return sb.String()
}

func monoTeX(x string, i int) string {
	switch i {
	case 0:
		return ""
	case 1:
		return x
	}
	return x + "^{" + itoa(i) + "}"
}

// writeTerm writes coefficient a times the factor text f (empty for a
// constant), with the sign joined to what precedes.
func writeTerm(sb *strings.Builder, a Q, f string, first bool) {
	a = writeSign(sb, a, first)
	switch {
	case f == "":
		sb.WriteString(a.TeX())
	case a.IsOne():
		sb.WriteString(f)
	default:
		sb.WriteString(a.TeX())
		sb.WriteString(f)
	}
}

// writeSign writes the sign joining a term of coefficient a to what
// precedes ("-" first, " - " or " + " after) and returns |a|.
func writeSign(sb *strings.Builder, a Q, first bool) Q {
	if a.Sign() < 0 {
		if first {
			sb.WriteString("-")
		} else {
			sb.WriteString(" - ")
		}
		return a.Neg()
	}
	if !first {
		sb.WriteString(" + ")
	}
	return a
}

func itoa(i int) string { return strconv.Itoa(i) }
