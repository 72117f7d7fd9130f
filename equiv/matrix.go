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
	case *expr.Call:
		if t.Fn == expr.Cross && len(t.Args) == 2 {
			return c.crossProduct(t.Args[0], t.Args[1])
		}
	}
	return nil, false
}

// crossProduct writes out u × v of two vectors of three entries (column or
// row matrices, or tuples) as the column (u₂v₃ − u₃v₂, u₃v₁ − u₁v₃,
// u₁v₂ − u₂v₁); anything else has no value here.
func (c *comparer) crossProduct(a, b expr.Node) (*expr.Matrix, bool) {
	u, ok1 := c.threeVector(a)
	v, ok2 := c.threeVector(b)
	if !ok1 || !ok2 {
		return nil, false
	}
	minus := func(x, y expr.Node) expr.Node {
		return &expr.Add{Terms: []expr.Node{x, &expr.Neg{X: y}}}
	}
	mul := func(x, y expr.Node) expr.Node { return &expr.Mul{Factors: []expr.Node{x, y}} }
	return &expr.Matrix{Rows: [][]expr.Node{
		{minus(mul(u[1], v[2]), mul(u[2], v[1]))},
		{minus(mul(u[2], v[0]), mul(u[0], v[2]))},
		{minus(mul(u[0], v[1]), mul(u[1], v[0]))},
	}}, true
}

// threeVector reads the three entries of a vector written as a column or
// row matrix or as a tuple.
func (c *comparer) threeVector(n expr.Node) ([]expr.Node, bool) {
	if t, ok := n.(*expr.Tuple); ok && len(t.Items) == 3 {
		return t.Items, true
	}
	m, ok := c.matrixValue(n)
	if !ok {
		return nil, false
	}
	switch {
	case len(m.Rows) == 3 && len(m.Rows[0]) == 1:
		return []expr.Node{m.Rows[0][0], m.Rows[1][0], m.Rows[2][0]}, true
	case len(m.Rows) == 1 && len(m.Rows[0]) == 3:
		return m.Rows[0], true
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

// matrixFunction rewrites det and tr of an argument that is matrix
// arithmetic (\det(2A), \det(A^{-1}), \operatorname{tr}(AB)) into the
// function of the one matrix it evaluates to, and |A| of a square matrix of
// two rows or more into det A (|A| writes the determinant; a one-cell |x|
// stays an absolute value). ok is false when n is none of these.
func (c *comparer) matrixFunction(n expr.Node) (expr.Node, bool) {
	call, ok := n.(*expr.Call)
	if !ok || len(call.Args) != 1 {
		return nil, false
	}
	arg := call.Args[0]
	switch call.Fn {
	case "det", "tr":
		if _, isM := arg.(*expr.Matrix); isM {
			return nil, false
		}
		m, ok := c.matrixValue(arg)
		if !ok {
			return nil, false
		}
		return &expr.Call{Fn: call.Fn, Args: []expr.Node{m}}, true
	case "abs":
		m, ok := c.matrixValue(arg)
		if !ok || len(m.Rows) < 2 || len(m.Rows) != len(m.Rows[0]) {
			return nil, false
		}
		return &expr.Call{Fn: "det", Args: []expr.Node{m}}, true
	}
	return nil, false
}

// hasCross reports whether n holds a cross product, which tuples of three
// may be the vectors of.
func hasCross(n expr.Node) bool {
	found := false
	expr.Walk(n, func(m expr.Node) bool {
		if c, ok := m.(*expr.Call); ok && c.Fn == expr.Cross {
			found = true
		}
		return !found
	})
	return found
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
