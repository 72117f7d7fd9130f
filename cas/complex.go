package cas

import "strings"

// CQ is a Gaussian rational a + b i.
type CQ struct{ Re, Im Q }

// CInt returns a + b i for integers.
func CInt(a, b int64) CQ { return CQ{Int(a), Int(b)} }

// Add returns z + w.
func (z CQ) Add(w CQ) CQ { return CQ{z.Re.Add(w.Re), z.Im.Add(w.Im)} }

// Sub returns z - w.
func (z CQ) Sub(w CQ) CQ { return CQ{z.Re.Sub(w.Re), z.Im.Sub(w.Im)} }

// Mul returns z w.
func (z CQ) Mul(w CQ) CQ {
	return CQ{z.Re.Mul(w.Re).Sub(z.Im.Mul(w.Im)), z.Re.Mul(w.Im).Add(z.Im.Mul(w.Re))}
}

// Conj returns the conjugate.
func (z CQ) Conj() CQ { return CQ{z.Re, z.Im.Neg()} }

// Norm returns |z|^2.
func (z CQ) Norm() Q { return z.Re.Mul(z.Re).Add(z.Im.Mul(z.Im)) }

// Div returns z / w (w != 0).
func (z CQ) Div(w CQ) CQ {
	n := w.Norm()
	p := z.Mul(w.Conj())
	return CQ{p.Re.Div(n), p.Im.Div(n)}
}

// Pow returns z^k for k >= 0 by repeated squaring.
func (z CQ) Pow(k int) CQ { return powSquaring(CInt(1, 0), z, k) }

// IsZero reports z == 0.
func (z CQ) IsZero() bool { return z.Re.IsZero() && z.Im.IsZero() }

// Equal reports z == w.
func (z CQ) Equal(w CQ) bool { return z.Re.Equal(w.Re) && z.Im.Equal(w.Im) }

// Expr returns z as an expression a + b i.
func (z CQ) Expr() Expr { return Sum(N(z.Re), Product(N(z.Im), ImagUnit)) }

// TeX prints z: 3 - 2i, \frac{1}{2} + \frac{3}{2}i, -i, 0.
func (z CQ) TeX() string {
	if z.Im.IsZero() {
		return z.Re.TeX()
	}
	var sb strings.Builder
	first := true
	if !z.Re.IsZero() {
		sb.WriteString(z.Re.TeX())
		first = false
	}
	writeTerm(&sb, z.Im, "i", first)
	return sb.String()
}

// Py prints z for sympy.
func (z CQ) Py() string { return "((" + z.Re.String() + ") + (" + z.Im.String() + ")*I)" }
