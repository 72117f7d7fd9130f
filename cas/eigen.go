package cas

import "errors"

// ErrEigen reports eigenvalues outside what Eigenvalues solves: the
// characteristic polynomial has an irreducible factor of degree above 2.
var ErrEigen = errors.New("cas: eigenvalues are not rational or quadratic irrationals")

// Eigenvalues returns the eigenvalues of a square matrix, with
// multiplicity, when its characteristic polynomial factors over Q into
// linear and quadratic factors: the rational roots, and for each quadratic
// factor a x^2 + b x + c the two roots (-b -+ sqrt(b^2 - 4ac))/(2a), real
// radicals or complex (with ImagUnit). Rational eigenvalues come first,
// ascending, then the quadratic pairs.
func Eigenvalues(m Mat) ([]Expr, error) {
	if m.R != m.C {
		return nil, errors.New("cas: eigenvalues of a non-square matrix")
	}
	fz, err := FactorQ(m.CharPoly())
	if err != nil {
		return nil, err
	}
	var rat, quad []Expr
	for _, f := range fz.Factors {
		switch f.P.Deg() {
		case 1:
			r := f.P.Coef(0).Neg().Div(f.P.Coef(1))
			for k := 0; k < f.K; k++ {
				rat = append(rat, N(r))
			}
		case 2:
			r1, r2 := QuadraticRoots(f.P)
			for k := 0; k < f.K; k++ {
				quad = append(quad, r1, r2)
			}
		default:
			return nil, ErrEigen
		}
	}
	return append(rat, quad...), nil
}

// QuadraticRoots returns the roots of a x^2 + b x + c (a != 0), the
// smaller real one first; complex roots as -b/2a -+ (sqrt(4ac - b^2)/2a) i.
func QuadraticRoots(p Poly) (Expr, Expr) {
	a, b, c := p.Coef(2), p.Coef(1), p.Coef(0)
	mid := b.Neg().Div(a.MulInt(2))
	disc := b.Mul(b).Sub(a.Mul(c).MulInt(4))
	half := Int(1).Div(a.MulInt(2)).Abs()
	if disc.Sign() >= 0 {
		rad := Product(N(half), Sqrt(N(disc)))
		return Diff(N(mid), rad), Sum(N(mid), rad)
	}
	im := Product(N(half), Sqrt(N(disc.Neg())), ImagUnit)
	return Diff(N(mid), im), Sum(N(mid), im)
}
