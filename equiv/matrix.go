package equiv

import "github.com/matheval/matheval/expr"

// matrixValue evaluates sums, scalar multiples and products of matrices
// into one matrix of entry expressions. ok is false when n has no matrix.
func matrixValue(n expr.Node) (*expr.Matrix, bool) {
	switch t := n.(type) {
	case *expr.Matrix:
		return t, true
	case *expr.Neg:
		m, ok := matrixValue(t.X)
		if !ok {
			return nil, false
		}
		return mapEntries(m, func(e expr.Node) expr.Node { return &expr.Neg{X: e} }), true
	case *expr.Add:
		var acc *expr.Matrix
		for _, term := range t.Terms {
			m, ok := matrixValue(term)
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
			m, ok := matrixValue(f)
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
	}
	return nil, false
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
