package cas

import (
	"errors"
	"math/big"
	"sort"
	"strings"
)

// Factor is an irreducible factor over Q and its multiplicity.
type Factor struct {
	P Poly // primitive, integer coefficients, positive leading coefficient
	K int
}

// Factorization is p = Unit * prod Factors[i].P^Factors[i].K.
type Factorization struct {
	Unit    Q
	Factors []Factor
}

// ErrFactorDegree reports a square-free part with a factor of degree >= 6
// left after removing every linear and quadratic factor: such a part may
// split into two cubics, which Factor does not search for. Factorization is
// complete for every polynomial whose irreducible factors have degree <= 2
// plus at most one of degree 3 to 5 per square-free part.
var ErrFactorDegree = errors.New("cas: factorization incomplete (a factor of degree >= 6 without linear or quadratic factors)")

// maxCoefBits bounds the integer coefficients Factor searches divisors of.
const maxCoefBits = 62

// FactorQ factors p over Q into irreducible factors: square-free
// decomposition (Yun), then for each square-free part its rational roots
// (candidates p/q from the divisors of the constant and leading
// coefficients) and its quadratic factors (a complete search over integer
// quadratics a x^2 + b x + c with a | lead, c | constant and
// a + b + c | P(1)). Factors are sorted by degree, then coefficients.
func FactorQ(p Poly) (Factorization, error) {
	if p.IsZero() {
		return Factorization{}, errors.New("cas: factoring the zero polynomial")
	}
	unit := p.Lead()
	if p.Deg() == 0 {
		return Factorization{Unit: unit}, nil
	}
	var out []Factor
	for i, s := range SquareFree(p) {
		if s.Deg() <= 0 {
			continue
		}
		fs, err := factorSquareFree(s.Primitive())
		if err != nil {
			return Factorization{}, err
		}
		for _, f := range fs {
			out = append(out, Factor{P: f, K: i + 1})
		}
	}
	// unit: p = unit * prod f^k with f primitive; fix the rational constant
	prod := ConstPoly(Int(1))
	for _, f := range out {
		prod = prod.Mul(f.P.Pow(f.K))
	}
	unit = p.Lead().Div(prod.Lead())
	sortFactors(out)
	return Factorization{Unit: unit, Factors: out}, nil
}

func sortFactors(fs []Factor) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i].P, fs[j].P
		if a.Deg() != b.Deg() {
			return a.Deg() < b.Deg()
		}
		for k := a.Deg(); k >= 0; k-- {
			if c := a.Coef(k).Cmp(b.Coef(k)); c != 0 {
				// x - 1 before x + 2: sort linear factors by their root
				if a.Deg() == 1 {
					ra := a.Coef(0).Neg().Div(a.Coef(1))
					rb := b.Coef(0).Neg().Div(b.Coef(1))
					return ra.Cmp(rb) < 0
				}
				return c < 0
			}
		}
		return fs[i].K < fs[j].K
	})
}

// Expand multiplies the factorization back out.
func (f Factorization) Expand() Poly {
	p := ConstPoly(f.Unit)
	for _, fa := range f.Factors {
		p = p.Mul(fa.P.Pow(fa.K))
	}
	return p
}

// TeX prints the factorization: -2(x - 1)^{2}(x^{2} + 1).
func (f Factorization) TeX(x string) string {
	var sb strings.Builder
	unit := f.Unit
	only := len(f.Factors) == 1 && f.Factors[0].K == 1
	switch {
	case len(f.Factors) == 0:
		return unit.TeX()
	case unit.IsOne():
	case unit.Equal(Int(-1)):
		sb.WriteString("-")
	default:
		sb.WriteString(unit.TeX())
	}
	for _, fa := range f.Factors {
		paren := !(only && unit.IsOne()) || fa.K > 1
		if fa.P.Deg() == 1 && fa.P.Coef(0).IsZero() && fa.P.Coef(1).IsOne() {
			paren = false // x, not (x)
		}
		if paren {
			sb.WriteString(`\left(` + fa.P.TeX(x) + `\right)`)
		} else {
			sb.WriteString(fa.P.TeX(x))
		}
		if fa.K > 1 {
			sb.WriteString("^{" + itoa(fa.K) + "}")
		}
	}
	return sb.String()
}

// factorSquareFree factors a primitive square-free polynomial with integer
// coefficients and positive leading coefficient into primitive irreducibles.
func factorSquareFree(p Poly) ([]Poly, error) {
	var out []Poly
	for _, r := range RationalRoots(p) {
		// r = a/b -> factor b x - a
		f := Linear(FromBigInt(r.Den()), FromBigInt(r.Num()).Neg())
		out = append(out, f)
		p, _ = p.DivMod(f)
	}
	p = p.Primitive()
	for p.Deg() >= 4 {
		q, ok, err := quadraticFactor(p)
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		out = append(out, q)
		p, _ = p.DivMod(q)
		p = p.Primitive()
	}
	if p.Deg() >= 6 {
		return nil, ErrFactorDegree
	}
	if p.Deg() >= 1 {
		out = append(out, p)
	}
	return out, nil
}

// intCoeffs returns p's coefficients as int64 when they are integers that
// fit below maxCoefBits.
func intCoeffs(p Poly) ([]int64, bool) {
	c := make([]int64, p.Deg()+1)
	for i := range c {
		v, ok := p.Coef(i).Int64()
		if !ok || abs64u(v) >= 1<<maxCoefBits {
			return nil, false
		}
		c[i] = v
	}
	return c, true
}

// RationalRoots returns the distinct rational roots of p, ascending.
func RationalRoots(p Poly) []Q {
	if p.Deg() <= 0 {
		return nil
	}
	p = p.Primitive()
	var roots []Q
	if p.Coef(0).IsZero() {
		roots = append(roots, Int(0))
		for p.Coef(0).IsZero() {
			p, _ = p.DivMod(Monomial(Int(1), 1))
		}
	}
	if p.Deg() == 0 {
		return roots
	}
	c, ok := intCoeffs(p)
	if !ok {
		return roots // coefficients too large to search: only what was found
	}
	a0, an := abs64u(c[0]), abs64u(c[len(c)-1])
	p1 := p.Eval(Int(1))
	pm1 := p.Eval(Int(-1))
	fc := make([]float64, len(c))
	for i, v := range c {
		fc[i] = float64(v)
	}
	for _, num := range Divisors(a0) {
		for _, den := range Divisors(an) {
			if gcd64(num, den) != 1 {
				continue
			}
			for _, s := range []int64{1, -1} {
				n, d := s*int64(num), int64(den)
				// a root n/d makes d - n divide P(1) and d + n divide P(-1)
				if !divides(d-n, p1) || !divides(d+n, pm1) {
					continue
				}
				if !maybeRoot(fc, float64(n)/float64(d)) {
					continue
				}
				r := Frac(n, d)
				if p.Eval(r).IsZero() {
					roots = append(roots, r)
				}
			}
		}
	}
	sort.Slice(roots, func(i, j int) bool { return roots[i].Cmp(roots[j]) < 0 })
	return roots
}

// maybeRoot is a floating-point filter: false only when p(r) is certainly
// not 0 (its value exceeds any rounding error by far). A true root always
// passes; the exact test decides.
func maybeRoot(c []float64, r float64) bool {
	v, scale := 0.0, 0.0
	ar := r
	if ar < 0 {
		ar = -ar
	}
	for i := len(c) - 1; i >= 0; i-- {
		v = v*r + c[i]
		a := c[i]
		if a < 0 {
			a = -a
		}
		scale = scale*ar + a
	}
	if v < 0 {
		v = -v
	}
	return v <= 1e-9*scale
}

// divides reports whether the integer k divides the integer value v (k = 0
// divides only 0); v is a Q known to be an integer.
func divides(k int64, v Q) bool {
	if v.IsZero() {
		return true
	}
	if k == 0 {
		return false
	}
	return new(big.Int).Rem(v.Num(), big.NewInt(k)).Sign() == 0
}

// quadraticFactor searches for a factor a x^2 + b x + c with integer
// coefficients of the primitive integer polynomial p (no rational roots):
// a divides the leading coefficient, c the constant term, a + b + c divides
// P(1) and a - b + c divides P(-1).
func quadraticFactor(p Poly) (Poly, bool, error) {
	c, ok := intCoeffs(p)
	if !ok {
		return Poly{}, false, ErrLimit
	}
	a0, an := abs64u(c[0]), abs64u(c[len(c)-1])
	p1, pm1 := p.Eval(Int(1)), p.Eval(Int(-1))
	v1, ok1 := p1.Int64()
	vm1, ok2 := pm1.Int64()
	if !ok1 || !ok2 || v1 == 0 || vm1 == 0 {
		return Poly{}, false, ErrLimit
	}
	d1 := Divisors(abs64u(v1))
	p2, p3 := p.Eval(Int(2)), p.Eval(Int(3))
	tried := 0
	for _, a := range Divisors(an) {
		for _, cu := range Divisors(a0) {
			for _, cs := range []int64{1, -1} {
				cc := cs * int64(cu)
				for _, du := range d1 {
					for _, ds := range []int64{1, -1} {
						b := ds*int64(du) - int64(a) - cc
						if !divides(int64(a)-b+cc, pm1) {
							continue
						}
						tried++
						if tried > 200000 {
							return Poly{}, false, ErrLimit
						}
						// a factor's values divide p's values (p has no integer roots, so these are nonzero)
						if !divides(4*int64(a)+2*b+cc, p2) || !divides(9*int64(a)+3*b+cc, p3) {
							continue
						}
						// (a reducible candidate has rational roots, which p has not: it never divides)
						q := PolyInts(cc, b, int64(a))
						if _, r := p.DivMod(q); r.IsZero() {
							return q, true, nil
						}
					}
				}
			}
		}
	}
	return Poly{}, false, nil
}
