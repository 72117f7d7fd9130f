package cas

import "errors"

// Exact plane and solid geometry with radicals.

// ErrTriangle reports sides that do not make a nondegenerate triangle.
var ErrTriangle = errors.New("cas: the sides do not make a triangle")

// triangle16 returns 16 A^2 = (a+b+c)(-a+b+c)(a-b+c)(a+b-c) for sides a, b, c.
func triangle16(a, b, c Q) (Q, error) {
	v := a.Add(b).Add(c).Mul(b.Add(c).Sub(a)).Mul(a.Add(c).Sub(b)).Mul(a.Add(b).Sub(c))
	if v.Sign() <= 0 || a.Sign() <= 0 || b.Sign() <= 0 || c.Sign() <= 0 {
		return Q{}, ErrTriangle
	}
	return v, nil
}

// HeronArea returns the area of the triangle with sides a, b, c, exactly
// (Heron's formula, as a reduced radical).
func HeronArea(a, b, c Q) (Expr, error) {
	v, err := triangle16(a, b, c)
	if err != nil {
		return nil, err
	}
	return Product(F(1, 4), Sqrt(N(v))), nil
}

// Inradius returns the radius of the inscribed circle: the area over the
// semiperimeter.
func Inradius(a, b, c Q) (Expr, error) {
	A, err := HeronArea(a, b, c)
	if err != nil {
		return nil, err
	}
	return Quot(A, N(a.Add(b).Add(c).Div(Int(2)))), nil
}

// Circumradius returns the radius of the circumscribed circle: abc/(4A).
func Circumradius(a, b, c Q) (Expr, error) {
	A, err := HeronArea(a, b, c)
	if err != nil {
		return nil, err
	}
	return Quot(N(a.Mul(b).Mul(c)), Product(I(4), A)), nil
}

// Distance returns the Euclidean distance of two points of the same
// dimension, exactly.
func Distance(p, q []Q) Expr {
	s := Int(0)
	for i := range p {
		d := p[i].Sub(q[i])
		s = s.Add(d.Mul(d))
	}
	return Sqrt(N(s))
}

// ShoelaceArea returns the area of a simple polygon given by its vertices
// in order (the absolute value of the shoelace sum over 2).
func ShoelaceArea(xs, ys []Q) Q {
	s := Int(0)
	n := len(xs)
	for i := 0; i < n; i++ {
		j := (i + 1) % n
		s = s.Add(xs[i].Mul(ys[j])).Sub(xs[j].Mul(ys[i]))
	}
	return s.Abs().Div(Int(2))
}
