package equiv

import (
	"errors"
	"math/big"

	"github.com/matheval/matheval/expr"
)

// matrixValue evaluates sums, scalar multiples and products of matrices
// into one matrix of entry expressions. ok is false when n has no matrix.
func (c *comparer) matrixValue(n expr.Node) (*expr.Matrix, bool) {
	switch t := n.(type) {
	case *expr.Matrix:
		return t, true
	case *expr.Neg:
		m, ok := c.matrixValue(t.X)
		if !ok {
			return nil, false
		}
		return mapEntries(m, func(e expr.Node) expr.Node { return &expr.Neg{X: e} }), true
	case *expr.Add:
		var acc *expr.Matrix
		for _, term := range t.Terms {
			m, ok := c.matrixValue(term)
			if !ok {
				return nil, false
			}
			if acc == nil {
				acc = m
				continue
			}
			if len(acc.Rows) != len(m.Rows) || len(acc.Rows[0]) != len(m.Rows[0]) {
				return nil, false
			}
			out := &expr.Matrix{}
			for i := range acc.Rows {
				row := make([]expr.Node, len(acc.Rows[i]))
				for j := range row {
					row[j] = &expr.Add{Terms: []expr.Node{acc.Rows[i][j], m.Rows[i][j]}}
				}
				out.Rows = append(out.Rows, row)
			}
			acc = out
		}
		return acc, acc != nil
	case *expr.Mul:
		var acc *expr.Matrix
		var scalars []expr.Node
		for _, f := range t.Factors {
			m, ok := c.matrixValue(f)
			if !ok {
				if !expr.IsScalar(f) || hasMatrix(f) {
					return nil, false
				}
				scalars = append(scalars, f)
				continue
			}
			if acc == nil {
				acc = m
				continue
			}
			// matrix product
			if len(acc.Rows[0]) != len(m.Rows) {
				return nil, false
			}
			out := &expr.Matrix{}
			for i := range acc.Rows {
				row := make([]expr.Node, len(m.Rows[0]))
				for j := range row {
					sum := &expr.Add{}
					for k := range m.Rows {
						sum.Terms = append(sum.Terms, &expr.Mul{Factors: []expr.Node{acc.Rows[i][k], m.Rows[k][j]}})
					}
					row[j] = sum
				}
				out.Rows = append(out.Rows, row)
			}
			acc = out
		}
		if acc == nil {
			return nil, false
		}
		if len(scalars) > 0 {
			acc = mapEntries(acc, func(e expr.Node) expr.Node {
				return &expr.Mul{Factors: append(append([]expr.Node{}, scalars...), e)}
			})
		}
		return acc, true
	case *expr.Pow:
		return c.matrixPower(t)
	}
	return nil, false
}

// maxMatrixPowerDim and maxMatrixPowerSymbolic bound a power of a matrix
// with symbolic entries, written out as a tree of products that grows with
// the exponent.
const (
	maxMatrixPowerDim      = 6
	maxMatrixPowerSymbolic = 8
)

// matrixPower reads M^n for a square matrix M and an integer n. With
// rational entries it is exact (expr.MatrixPower: M^0 the identity, powers
// by squaring, M^{-n} through the exact inverse; a singular inverse has no
// value). With symbolic entries M^n is the product written out, and
// M^{-n} needs the adjugate inverse (symbolicInverse).
func (c *comparer) matrixPower(p *expr.Pow) (*expr.Matrix, bool) {
	m, ok := c.matrixValue(p.Base)
	if !ok || len(m.Rows) != len(m.Rows[0]) || len(m.Rows) > maxMatrixPowerDim {
		return nil, false
	}
	e, err := expr.Rational(c.ctx, p.Exp, c.lim)
	if err != nil || !e.IsInt() || !e.Num().IsInt64() {
		return nil, false
	}
	k := e.Num().Int64()
	r, err := expr.MatrixPower(c.ctx, m, k, c.lim)
	if err == nil {
		return r, true
	}
	if !errors.Is(err, expr.ErrNotRational) && !errors.Is(err, expr.ErrNotAlgebraic) && !errors.Is(err, expr.ErrNotScalar) {
		return nil, false
	}
	if k < 0 {
		inv, ok := c.symbolicInverse(m)
		if !ok {
			return nil, false
		}
		m, k = inv, -k
	}
	if k > maxMatrixPowerSymbolic {
		return nil, false
	}
	if k == 0 {
		id := &expr.Matrix{}
		for i := range m.Rows {
			row := make([]expr.Node, len(m.Rows))
			for j := range row {
				row[j] = expr.Int(0)
			}
			row[i] = expr.Int(1)
			id.Rows = append(id.Rows, row)
		}
		return id, true
	}
	acc := m
	for i := int64(1); i < k; i++ {
		acc, _ = c.matrixValue(&expr.Mul{Factors: []expr.Node{acc, m}})
	}
	return acc, true
}

// symbolicInverse is the inverse of a 2×2 or 3×3 matrix with symbolic
// entries by its adjugate, adj(M)/det M, only where det M is a nonzero
// rational (\begin{pmatrix}1&a\\0&1\end{pmatrix}^{-1}): a symbolic
// determinant may vanish, and then there is no inverse to compare.
func (c *comparer) symbolicInverse(m *expr.Matrix) (*expr.Matrix, bool) {
	n := len(m.Rows)
	if n != 2 && n != 3 {
		return nil, false
	}
	at := func(i, j int) expr.Node { return m.Rows[i][j] }
	minor := func(i, j int) expr.Node {
		if n == 2 {
			return at(1-i, 1-j)
		}
		var r, k []int
		for x := 0; x < 3; x++ {
			if x != i {
				r = append(r, x)
			}
			if x != j {
				k = append(k, x)
			}
		}
		return &expr.Add{Terms: []expr.Node{
			&expr.Mul{Factors: []expr.Node{at(r[0], k[0]), at(r[1], k[1])}},
			&expr.Neg{X: &expr.Mul{Factors: []expr.Node{at(r[0], k[1]), at(r[1], k[0])}}},
		}}
	}
	cof := func(i, j int) expr.Node {
		if (i+j)%2 == 1 {
			return &expr.Neg{X: minor(i, j)}
		}
		return minor(i, j)
	}
	det := &expr.Add{}
	for j := 0; j < n; j++ {
		det.Terms = append(det.Terms, &expr.Mul{Factors: []expr.Node{at(0, j), cof(0, j)}})
	}
	d, err := expr.RationalFunction(c.ctx, det, c.lim)
	if err != nil {
		return nil, false
	}
	dv, coef, ok := d.Linear()
	if !ok || len(coef) > 0 || dv.Sign() == 0 {
		return nil, false
	}
	inv := expr.Rat(new(big.Rat).Inv(dv))
	out := &expr.Matrix{}
	for i := 0; i < n; i++ {
		row := make([]expr.Node, n)
		for j := range row {
			row[j] = &expr.Mul{Factors: []expr.Node{inv, cof(j, i)}} // adj is the transposed cofactors
		}
		out.Rows = append(out.Rows, row)
	}
	return out, true
}

func hasMatrix(n expr.Node) bool {
	found := false
	expr.Walk(n, func(m expr.Node) bool {
		if _, ok := m.(*expr.Matrix); ok {
			found = true
		}
		return !found
	})
	return found
}

func mapEntries(m *expr.Matrix, f func(expr.Node) expr.Node) *expr.Matrix {
	out := &expr.Matrix{}
	for _, r := range m.Rows {
		row := make([]expr.Node, len(r))
		for j, e := range r {
			row[j] = f(e)
		}
		out.Rows = append(out.Rows, row)
	}
	return out
}
