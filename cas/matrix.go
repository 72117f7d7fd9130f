package cas

import (
	"errors"
	"strings"
)

// Mat is a dense matrix over Q. Values are immutable.
type Mat struct {
	R, C int
	a    []Q
}

// MaxDim bounds the dimensions of matrices cas computes with.
const MaxDim = 12

// NewMat builds a matrix from rows (all of the same length).
func NewMat(rows [][]Q) Mat {
	r := len(rows)
	c := 0
	if r > 0 {
		c = len(rows[0])
	}
	if r > MaxDim || c > MaxDim {
		panic(ErrLimit)
	}
	m := Mat{R: r, C: c, a: make([]Q, r*c)}
	for i, row := range rows {
		if len(row) != c {
			panic("cas: ragged matrix")
		}
		copy(m.a[i*c:], row)
	}
	return m
}

// MatInts builds a matrix of integers.
func MatInts(rows [][]int64) Mat {
	qs := make([][]Q, len(rows))
	for i, row := range rows {
		qs[i] = make([]Q, len(row))
		for j, v := range row {
			qs[i][j] = Int(v)
		}
	}
	return NewMat(qs)
}

// Identity returns the n x n identity.
func Identity(n int) Mat {
	m := Zero(n, n)
	for i := 0; i < n; i++ {
		m.a[i*n+i] = Int(1)
	}
	return m
}

// Zero returns the r x c zero matrix.
func Zero(r, c int) Mat {
	m := Mat{R: r, C: c, a: make([]Q, r*c)}
	for i := range m.a {
		m.a[i] = Int(0)
	}
	return m
}

// At returns entry (i, j).
func (m Mat) At(i, j int) Q { return m.a[i*m.C+j] }

// Rows returns a copy of the rows.
func (m Mat) Rows() [][]Q {
	out := make([][]Q, m.R)
	for i := range out {
		out[i] = append([]Q(nil), m.a[i*m.C:(i+1)*m.C]...)
	}
	return out
}

func (m Mat) clone() Mat {
	return Mat{R: m.R, C: m.C, a: append([]Q(nil), m.a...)}
}

// Mul returns m n.
func (m Mat) Mul(n Mat) Mat {
	if m.C != n.R {
		panic("cas: matrix shapes do not match")
	}
	out := Zero(m.R, n.C)
	for i := 0; i < m.R; i++ {
		for j := 0; j < n.C; j++ {
			s := Int(0)
			for k := 0; k < m.C; k++ {
				s = s.Add(m.At(i, k).Mul(n.At(k, j)))
			}
			out.a[i*n.C+j] = s
		}
	}
	return out
}

// Add returns m + n.
func (m Mat) Add(n Mat) Mat {
	out := m.clone()
	for i := range out.a {
		out.a[i] = out.a[i].Add(n.a[i])
	}
	return out
}

// Sub returns m - n.
func (m Mat) Sub(n Mat) Mat { return m.Add(n.Scale(Int(-1))) }

// Scale returns q m.
func (m Mat) Scale(q Q) Mat {
	out := m.clone()
	for i := range out.a {
		out.a[i] = out.a[i].Mul(q)
	}
	return out
}

// Transpose returns m^T.
func (m Mat) Transpose() Mat {
	out := Zero(m.C, m.R)
	for i := 0; i < m.R; i++ {
		for j := 0; j < m.C; j++ {
			out.a[j*m.R+i] = m.At(i, j)
		}
	}
	return out
}

// Equal reports m == n.
func (m Mat) Equal(n Mat) bool {
	if m.R != n.R || m.C != n.C {
		return false
	}
	for i := range m.a {
		if !m.a[i].Equal(n.a[i]) {
			return false
		}
	}
	return true
}

// Trace returns the sum of the diagonal.
func (m Mat) Trace() Q {
	s := Int(0)
	for i := 0; i < min(m.R, m.C); i++ {
		s = s.Add(m.At(i, i))
	}
	return s
}

// RowOp is one elementary row operation of an elimination, with the matrix
// after it.
type RowOp struct {
	Kind  string // "swap", "scale", "add"
	I, J  int    // rows (0-based): swap I and J; scale row I; add Factor * row J to row I
	By    Q
	After Mat
}

// TeX describes the operation: R_1 \leftrightarrow R_2, R_2 \to R_2 - 3R_1.
func (op RowOp) TeX() string {
	ri := "R_{" + itoa(op.I+1) + "}"
	rj := "R_{" + itoa(op.J+1) + "}"
	switch op.Kind {
	case "swap":
		return ri + ` \leftrightarrow ` + rj
	case "scale":
		return ri + ` \to ` + scaledRow(op.By, ri)
	}
	var sb strings.Builder
	sb.WriteString(ri + ` \to ` + ri)
	writeTerm(&sb, op.By, rj, false)
	return sb.String()
}

func scaledRow(q Q, r string) string {
	var sb strings.Builder
	writeTerm(&sb, q, r, true)
	return sb.String()
}

// RREF returns the reduced row echelon form of m, its pivot columns, the
// row operations taken (Gauss-Jordan: for each column, pick the first
// nonzero pivot at or below the current row, swap it up, scale it to 1,
// clear the rest of its column), and the invertible matrix E with E m = R.
func (m Mat) RREF() (r Mat, pivots []int, ops []RowOp, e Mat) {
	r = m.clone()
	e = Identity(m.R)
	row := 0
	for col := 0; col < m.C && row < m.R; col++ {
		p := -1
		for i := row; i < m.R; i++ {
			if !r.At(i, col).IsZero() {
				p = i
				break
			}
		}
		if p < 0 {
			continue
		}
		if p != row {
			r.swap(p, row)
			e.swap(p, row)
			ops = append(ops, RowOp{Kind: "swap", I: row, J: p, After: r.clone()})
		}
		if piv := r.At(row, col); !piv.IsOne() {
			inv := piv.Inv()
			r.scaleRow(row, inv)
			e.scaleRow(row, inv)
			ops = append(ops, RowOp{Kind: "scale", I: row, By: inv, After: r.clone()})
		}
		for i := 0; i < m.R; i++ {
			if i == row || r.At(i, col).IsZero() {
				continue
			}
			f := r.At(i, col).Neg()
			r.addRow(i, row, f)
			e.addRow(i, row, f)
			ops = append(ops, RowOp{Kind: "add", I: i, J: row, By: f, After: r.clone()})
		}
		pivots = append(pivots, col)
		row++
	}
	return r, pivots, ops, e
}

func (m Mat) swap(i, j int) {
	for k := 0; k < m.C; k++ {
		m.a[i*m.C+k], m.a[j*m.C+k] = m.a[j*m.C+k], m.a[i*m.C+k]
	}
}

func (m Mat) scaleRow(i int, q Q) {
	for k := 0; k < m.C; k++ {
		m.a[i*m.C+k] = m.a[i*m.C+k].Mul(q)
	}
}

func (m Mat) addRow(i, j int, f Q) {
	for k := 0; k < m.C; k++ {
		m.a[i*m.C+k] = m.a[i*m.C+k].Add(f.Mul(m.a[j*m.C+k]))
	}
}

// IsRREF reports whether m is in reduced row echelon form.
func (m Mat) IsRREF() bool {
	lastPivot := -1
	zeroSeen := false
	for i := 0; i < m.R; i++ {
		p := -1
		for j := 0; j < m.C; j++ {
			if !m.At(i, j).IsZero() {
				p = j
				break
			}
		}
		if p < 0 {
			zeroSeen = true
			continue
		}
		if zeroSeen || p <= lastPivot || !m.At(i, p).IsOne() {
			return false
		}
		for k := 0; k < m.R; k++ {
			if k != i && !m.At(k, p).IsZero() {
				return false
			}
		}
		lastPivot = p
	}
	return true
}

// Rank returns the rank.
func (m Mat) Rank() int {
	_, piv, _, _ := m.RREF()
	return len(piv)
}

// Det returns the determinant (Gaussian elimination over Q).
func (m Mat) Det() Q {
	if m.R != m.C {
		panic("cas: determinant of a non-square matrix")
	}
	a := m.clone()
	det := Int(1)
	for col := 0; col < m.C; col++ {
		p := -1
		for i := col; i < m.R; i++ {
			if !a.At(i, col).IsZero() {
				p = i
				break
			}
		}
		if p < 0 {
			return Int(0)
		}
		if p != col {
			a.swap(p, col)
			det = det.Neg()
		}
		piv := a.At(col, col)
		det = det.Mul(piv)
		for i := col + 1; i < m.R; i++ {
			if f := a.At(i, col); !f.IsZero() {
				a.addRow(i, col, f.Div(piv).Neg())
			}
		}
	}
	return det
}

// DetCofactor returns the determinant by cofactor expansion along the first
// row (a second, independent path for small matrices), with the 2 x 2 and
// 3 x 3 minors' values.
func (m Mat) DetCofactor() Q {
	if m.R == 1 {
		return m.At(0, 0)
	}
	s := Int(0)
	for j := 0; j < m.C; j++ {
		if m.At(0, j).IsZero() {
			continue
		}
		t := m.At(0, j).Mul(m.Minor(0, j).DetCofactor())
		if j%2 == 1 {
			t = t.Neg()
		}
		s = s.Add(t)
	}
	return s
}

// Minor returns m without row i and column j.
func (m Mat) Minor(i, j int) Mat {
	out := Mat{R: m.R - 1, C: m.C - 1}
	for r := 0; r < m.R; r++ {
		if r == i {
			continue
		}
		for c := 0; c < m.C; c++ {
			if c != j {
				out.a = append(out.a, m.At(r, c))
			}
		}
	}
	return out
}

// ErrSingular reports a matrix without an inverse.
var ErrSingular = errors.New("cas: singular matrix")

// Inverse returns m^{-1} by Gauss-Jordan elimination of [m | I], with the
// operations taken (their After matrices are the augmented matrix).
func (m Mat) Inverse() (Mat, []RowOp, error) {
	if m.R != m.C {
		return Mat{}, nil, ErrSingular
	}
	aug := Zero(m.R, 2*m.C)
	for i := 0; i < m.R; i++ {
		for j := 0; j < m.C; j++ {
			aug.a[i*aug.C+j] = m.At(i, j)
		}
		aug.a[i*aug.C+m.C+i] = Int(1)
	}
	r, piv, ops, _ := aug.RREF()
	if len(piv) < m.R || piv[m.R-1] >= m.C {
		return Mat{}, nil, ErrSingular
	}
	inv := Zero(m.R, m.C)
	for i := 0; i < m.R; i++ {
		for j := 0; j < m.C; j++ {
			inv.a[i*m.C+j] = r.At(i, m.C+j)
		}
	}
	return inv, ops, nil
}

// CharPoly returns det(x I - m) by the Faddeev-LeVerrier recursion.
func (m Mat) CharPoly() Poly {
	n := m.R
	c := make([]Q, n+1)
	c[n] = Int(1)
	mk := Zero(n, n)
	id := Identity(n)
	for k := 1; k <= n; k++ {
		mk = m.Mul(mk).Add(id.Scale(c[n-k+1]))
		c[n-k] = m.Mul(mk).Trace().Div(Int(int64(k))).Neg()
	}
	return NewPoly(c...)
}

// PolyOfMat returns p(m) (Horner's rule), to check Cayley-Hamilton.
func PolyOfMat(p Poly, m Mat) Mat {
	r := Zero(m.R, m.C)
	id := Identity(m.R)
	for i := p.Deg(); i >= 0; i-- {
		r = r.Mul(m).Add(id.Scale(p.Coef(i)))
	}
	return r
}

// NullSpace returns a basis of the null space of m (from its RREF: one
// vector per free column, with 1 in that column).
func (m Mat) NullSpace() [][]Q {
	r, piv, _, _ := m.RREF()
	isPiv := map[int]int{}
	for i, p := range piv {
		isPiv[p] = i
	}
	var out [][]Q
	for free := 0; free < m.C; free++ {
		if _, ok := isPiv[free]; ok {
			continue
		}
		v := make([]Q, m.C)
		for j := range v {
			v[j] = Int(0)
		}
		v[free] = Int(1)
		for p, i := range isPiv {
			v[p] = r.At(i, free).Neg()
		}
		out = append(out, v)
	}
	return out
}

// MulVec returns m v.
func (m Mat) MulVec(v []Q) []Q {
	out := make([]Q, m.R)
	for i := range out {
		s := Int(0)
		for j := 0; j < m.C; j++ {
			s = s.Add(m.At(i, j).Mul(v[j]))
		}
		out[i] = s
	}
	return out
}

// TeX prints m as a pmatrix.
func (m Mat) TeX() string {
	var sb strings.Builder
	sb.WriteString(`\begin{pmatrix}`)
	m.texRows(&sb)
	sb.WriteString(`\end{pmatrix}`)
	return sb.String()
}

// texRows writes m's entries, & between columns and \\ between rows.
func (m Mat) texRows(sb *strings.Builder) {
	for i := 0; i < m.R; i++ {
		if i > 0 {
			sb.WriteString(` \\ `)
		}
		for j := 0; j < m.C; j++ {
			if j > 0 {
				sb.WriteString(" & ")
			}
			sb.WriteString(m.At(i, j).TeX())
		}
	}
}

// TeXAug prints an augmented matrix with a bar before column k.
func (m Mat) TeXAug(k int) string {
	var sb strings.Builder
	sb.WriteString(`\left(\begin{array}{` + strings.Repeat("c", k) + "|" + strings.Repeat("c", m.C-k) + "}")
	m.texRows(&sb)
	sb.WriteString(`\end{array}\right)`)
	return sb.String()
}

// Py prints m for sympy: Matrix([[...], ...]).
func (m Mat) Py() string {
	var sb strings.Builder
	sb.WriteString("Matrix([")
	for i := 0; i < m.R; i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString("[")
		for j := 0; j < m.C; j++ {
			if j > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("Rational(" + m.At(i, j).Num().String() + ", " + m.At(i, j).Den().String() + ")")
		}
		sb.WriteString("]")
	}
	sb.WriteString("])")
	return sb.String()
}
