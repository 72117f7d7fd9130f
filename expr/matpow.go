package expr

import (
	"context"
	"math/big"
)

// maxMatrixPower bounds the exponent of a rational matrix power (computed
// by squaring: at most 2·log2 of it products).
const maxMatrixPower = 1 << 10

// MatrixPower is M^k for a square matrix whose entries are all rational:
// M^0 the identity, M^k by squaring, M^{-k} the k-th power of the inverse
// by Gauss-Jordan elimination over the rationals. It fails with
// ErrNotRational when an entry is not a rational number, ErrDomain for the
// inverse of a singular matrix, and ErrLimit past the bounds; every
// intermediate value is size-checked and the deadline is held.
func MatrixPower(ctx context.Context, m *Matrix, k int64, lim Limits) (*Matrix, error) {
	l := newState(ctx, lim)
	n := len(m.Rows)
	if n == 0 || n != len(m.Rows[0]) || n > maxDetRational {
		return nil, ErrLimit
	}
	a := make([][]*big.Rat, n)
	for i, r := range m.Rows {
		if len(r) != n {
			return nil, ErrNotScalar
		}
		a[i] = make([]*big.Rat, n)
		for j, c := range r {
			v, err := l.rat(c)
			if err != nil {
				return nil, err
			}
			a[i][j] = v
		}
	}
	if k < 0 {
		inv, err := l.ratInverse(a)
		if err != nil {
			return nil, err
		}
		a, k = inv, -k
	}
	if k > maxMatrixPower {
		return nil, ErrLimit
	}
	out := ratIdentity(n)
	for sq := a; k > 0; k >>= 1 {
		var err error
		if k&1 == 1 {
			if out, err = l.ratMatMul(out, sq); err != nil {
				return nil, err
			}
		}
		if k > 1 {
			if sq, err = l.ratMatMul(sq, sq); err != nil {
				return nil, err
			}
		}
	}
	res := &Matrix{}
	for _, r := range out {
		row := make([]Node, len(r))
		for j, v := range r {
			row[j] = &Num{V: v}
		}
		res.Rows = append(res.Rows, row)
	}
	return res, nil
}

func ratIdentity(n int) [][]*big.Rat {
	a := make([][]*big.Rat, n)
	for i := range a {
		a[i] = make([]*big.Rat, n)
		for j := range a[i] {
			a[i][j] = new(big.Rat)
		}
		a[i][i].SetInt64(1)
	}
	return a
}

func (l *state) ratMatMul(a, b [][]*big.Rat) ([][]*big.Rat, error) {
	out := make([][]*big.Rat, len(a))
	for i := range a {
		if err := l.check(); err != nil {
			return nil, err
		}
		out[i] = make([]*big.Rat, len(b[0]))
		for j := range out[i] {
			s := new(big.Rat)
			for k := range b {
				s.Add(s, new(big.Rat).Mul(a[i][k], b[k][j]))
			}
			if err := l.fits(s); err != nil {
				return nil, err
			}
			out[i][j] = s
		}
	}
	return out, nil
}

// ratInverse is Gauss-Jordan elimination of [a | I] over the rationals,
// with the pivot search of the determinant (pivotRow); ErrDomain for a
// singular matrix.
func (l *state) ratInverse(a [][]*big.Rat) ([][]*big.Rat, error) {
	n := len(a)
	w := make([][]*big.Rat, n)
	for i := range a {
		w[i] = make([]*big.Rat, 2*n)
		for j := 0; j < n; j++ {
			w[i][j] = new(big.Rat).Set(a[i][j])
			w[i][n+j] = new(big.Rat)
		}
		w[i][n+i].SetInt64(1)
	}
	for col := 0; col < n; col++ {
		p := pivotRow(w, col)
		if p < 0 {
			return nil, ErrDomain
		}
		w[p], w[col] = w[col], w[p]
		inv := new(big.Rat).Inv(w[col][col])
		for j := range w[col] {
			w[col][j].Mul(w[col][j], inv)
		}
		for r := 0; r < n; r++ {
			if r == col || w[r][col].Sign() == 0 {
				continue
			}
			if err := l.check(); err != nil {
				return nil, err
			}
			f := new(big.Rat).Set(w[r][col])
			for j := range w[r] {
				w[r][j].Sub(w[r][j], new(big.Rat).Mul(f, w[col][j]))
				if err := l.fits(w[r][j]); err != nil {
					return nil, err
				}
			}
		}
	}
	out := make([][]*big.Rat, n)
	for i := range w {
		out[i] = w[i][n:]
	}
	return out, nil
}

// pivotRow is the first row at or below col whose entry in column col is
// nonzero, or -1.
func pivotRow(a [][]*big.Rat, col int) int {
	for r := col; r < len(a); r++ {
		if a[r][col].Sign() != 0 {
			return r
		}
	}
	return -1
}
