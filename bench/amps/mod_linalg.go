package amps

import (
	"strings"

	"github.com/matheval/matheval/cas"
)

func init() {
	for _, m := range []*Module{
		{Name: "determinant", Area: "linear_algebra", Steps: true, gen: genDeterminant,
			Description: "Determinant of a square matrix by row reduction",
			Extrapolate: "matrices up to 7 x 7 with larger entries"},
		{Name: "matrix_inverse", Area: "linear_algebra", Steps: true, gen: genInverse,
			Description: "Inverse of a matrix by Gauss-Jordan elimination",
			Extrapolate: "4 x 4 to 6 x 6 matrices and larger entries"},
		{Name: "rref", Area: "linear_algebra", Steps: true, gen: genRREF,
			Description: "Reduced row echelon form of a matrix",
			Extrapolate: "larger matrices and entries"},
		{Name: "matrix_rank", Area: "linear_algebra", gen: genRank,
			Description: "Rank of a matrix",
			Extrapolate: "larger matrices"},
		{Name: "characteristic_polynomial", Area: "linear_algebra", Steps: true, gen: genCharPoly,
			Description: "Characteristic polynomial det(xI - A) of a square matrix",
			Extrapolate: "4 x 4 to 6 x 6 matrices"},
		{Name: "eigenvalues_rational", Area: "linear_algebra", Steps: true, gen: genEigenRational,
			Description: "Eigenvalues of a matrix with rational eigenvalues (with multiplicity)",
			Extrapolate: "4 x 4 to 6 x 6 matrices and larger eigenvalues"},
		{Name: "eigenvalues_quadratic", Area: "linear_algebra", Steps: true, gen: genEigenQuadratic,
			Description: "Eigenvalues of a 2 x 2 matrix, exactly (quadratic irrationals)",
			Extrapolate: "larger entries"},
		{Name: "eigenvector", Area: "linear_algebra", Steps: true, gen: genEigenvector,
			Description: "Eigenvector of a matrix for a given eigenvalue, normalised to last component 1",
			Extrapolate: "3 x 3 matrices and larger entries"},
		{Name: "matrix_product", Form: FormNumeral, Area: "linear_algebra", gen: genMatProduct,
			Description: "Product of two matrices",
			Extrapolate: "larger matrices and entries"},
		{Name: "linear_system", Area: "linear_algebra", Steps: true, gen: genLinearSystem,
			Description: "Unique solution of a linear system by elimination",
			Extrapolate: "four to six unknowns"},
		{Name: "nullity", Area: "linear_algebra", gen: genNullity,
			Description: "Dimension of the null space of a matrix",
			Extrapolate: "larger matrices"},
		{Name: "cross_product", Area: "linear_algebra", gen: genCross,
			Description: "Cross product of two vectors in space",
			Extrapolate: "larger entries"},
		{Name: "vector_projection", Area: "linear_algebra", Steps: true, gen: genProjection,
			Description: "Projection of one vector onto another",
			Extrapolate: "four-dimensional vectors and larger entries"},
		{Name: "vector_angle_cosine", Area: "linear_algebra", gen: genVectorCosine,
			Description: "Cosine of the angle between two vectors, exactly",
			Extrapolate: "larger entries"},
	} {
		register(m)
	}
}

func (g *G) randMat(r, c int, b int64) cas.Mat {
	rows := make([][]int64, r)
	for i := range rows {
		rows[i] = make([]int64, c)
		for j := range rows[i] {
			rows[i][j] = g.Int(-b, b)
		}
	}
	return cas.MatInts(rows)
}

func (g *G) dim(lo int) int {
	return int(min(g.ByLevel(int64(lo), int64(lo), int64(lo+1), int64(lo+1), int64(lo+1), int64(lo+2)), 6))
}

func genDeterminant(g *G) (*Problem, error) {
	n := g.dim(2)
	if g.Level >= 5 {
		n++
	}
	A := g.randMat(n, n, g.ByLevel(3, 4, 5, 6, 7))
	det := A.Det()
	p := &Problem{Problem: "Find the determinant of " + m(A.TeX()) + "."}
	// elimination steps with the running factor
	a := A
	factor := q(1)
	swaps := 0
	var pivots []string
	for col := 0; col < n; col++ {
		piv := -1
		for i := col; i < n; i++ {
			if !a.At(i, col).IsZero() {
				piv = i
				break
			}
		}
		if piv < 0 {
			p.Steps = append(p.Steps, "Column "+itoa(int64(col+1))+" has no pivot, so the determinant is "+m("0")+".")
			break
		}
		rows := a.Rows()
		swap := ""
		if piv != col {
			rows[piv], rows[col] = rows[col], rows[piv]
			factor = factor.Neg()
			swaps++
			swap = "Swapping rows " + itoa(int64(col+1)) + " and " + itoa(int64(piv+1)) + " (which changes the sign) and e"
		}
		changed := false
		for i := col + 1; i < n; i++ {
			f := rows[i][col].Div(rows[col][col])
			changed = changed || !f.IsZero()
			for j := range rows[i] {
				rows[i][j] = rows[i][j].Sub(f.Mul(rows[col][j]))
			}
		}
		a = cas.NewMat(rows)
		factor = factor.Mul(a.At(col, col))
		pivots = append(pivots, paren(a.At(col, col)))
		// the last column has nothing below its pivot, and a column with
		// zeros below it needs no step, unless rows were swapped
		if changed || swap != "" {
			if swap == "" {
				swap = "E"
			}
			p.Steps = append(p.Steps, swap+"liminating below the pivot "+m(a.At(col, col).TeX())+" in column "+itoa(int64(col+1))+" gives "+m(a.TeX())+".")
		}
	}
	if !factor.Equal(det) && !det.IsZero() {
		return nil, errf("steps: elimination factor %s differs", factor)
	}
	if !det.IsZero() {
		// a pivot 1 changes nothing in the product and is left out
		var shown []string
		for _, pv := range pivots {
			if pv != "1" {
				shown = append(shown, pv)
			}
		}
		if len(shown) == 0 {
			shown = []string{"1"}
		}
		prod := strings.Join(shown, `\cdot `)
		if swaps%2 == 1 {
			prod = `-` + `\left(` + prod + `\right)`
		}
		p.Steps = append(p.Steps, "The matrix is now triangular, so the determinant is the product of its diagonal"+
			map[bool]string{true: ", with one sign change per row swap", false: ""}[swaps > 0]+": "+m(chain(prod, det.TeX()))+".")
	}
	p.setNum(det)
	p.sym("A", A.Py())
	p.Check = func() error {
		if !A.DetCofactor().Equal(det) {
			return errf("cofactor expansion gives %s", A.DetCofactor())
		}
		return nil
	}
	return p, nil
}

// unimodular builds an integer matrix with determinant 1 (a product of
// elementary integer row operations), so that its inverse is integral.
func (g *G) unimodular(n int, steps int) cas.Mat {
	rows := cas.Identity(n).Rows()
	for k := 0; k < steps; k++ {
		i, j := g.IntN(n), g.IntN(n)
		if i == j {
			continue
		}
		f := q(g.NZ(-2, 2))
		for c := range rows[i] {
			rows[i][c] = rows[i][c].Add(f.Mul(rows[j][c]))
		}
	}
	return cas.NewMat(rows)
}

func genInverse(g *G) (*Problem, error) {
	n := g.dim(2)
	var A cas.Mat
	if g.Bool() {
		A = g.unimodular(n, 2*n+g.IntN(3))
	} else {
		A = g.randMat(n, n, g.ByLevel(3, 4, 5, 6, 7))
	}
	inv, ops, err := A.Inverse()
	if err != nil {
		return nil, errf("singular: %v", err)
	}
	p := &Problem{Problem: "Find the inverse of " + m(A.TeX()) + "."}
	p.Steps = append(p.Steps, "Row reduce the augmented matrix "+m(`\left[A \mid I\right]`)+".")
	for _, op := range ops {
		p.Steps = append(p.Steps, m(op.TeX())+": "+m(op.After.TeXAug(n))+".")
	}
	p.Steps = append(p.Steps, "The right half is the inverse.")
	p.setMat(inv)
	p.sym("A", A.Py())
	p.Check = func() error {
		if !A.Mul(inv).Equal(cas.Identity(n)) || !inv.Mul(A).Equal(cas.Identity(n)) {
			return errf("A times the inverse is not the identity")
		}
		return nil
	}
	return p, nil
}

func genRREF(g *G) (*Problem, error) {
	r := g.dim(2)
	c := r + g.IntN(2)
	A := g.randMat(r, c, g.ByLevel(3, 4, 5, 6, 7))
	if g.Level >= 3 && g.Bool() && r >= 2 {
		// make the rows dependent sometimes
		rows := A.Rows()
		f := q(g.NZ(-2, 2))
		for j := range rows[r-1] {
			rows[r-1][j] = rows[0][j].Mul(f)
		}
		A = cas.NewMat(rows)
	}
	R, _, ops, E := A.RREF()
	p := &Problem{Problem: "Find the reduced row echelon form of " + m(A.TeX()) + "."}
	for _, op := range ops {
		p.Steps = append(p.Steps, m(op.TeX())+": "+m(op.After.TeX())+".")
	}
	p.setMat(R)
	p.sym("A", A.Py())
	p.Check = func() error {
		if !E.Mul(A).Equal(R) || !R.IsRREF() || E.Det().IsZero() {
			return errf("R is not E A for an invertible E, or not reduced")
		}
		return nil
	}
	return p, nil
}

func genRank(g *G) (*Problem, error) {
	r := g.dim(3)
	c := r + g.IntN(2)
	rank := 1 + g.IntN(r)
	// a product of an r x rank and a rank x c matrix has rank <= rank
	B := g.randMat(r, rank, 3)
	C := g.randMat(rank, c, 3)
	A := B.Mul(C)
	got := A.Rank()
	p := &Problem{Problem: "Find the rank of " + m(A.TeX()) + "."}
	p.setNum(q(int64(got)))
	p.sym("A", A.Py())
	p.Check = func() error {
		if A.Transpose().Rank() != got || got > rank {
			return errf("the transpose has rank %d", A.Transpose().Rank())
		}
		return nil
	}
	return p, nil
}

// charPolyExpr prints det(xI - A) as a polynomial in x.
func genCharPoly(g *G) (*Problem, error) {
	n := g.dim(2)
	A := g.randMat(n, n, g.ByLevel(3, 4, 5, 5, 6))
	cp := A.CharPoly()
	p := &Problem{Problem: "Find the characteristic polynomial " + m(`\det\left(xI - A\right)`) + " of " + m("A = "+A.TeX()) + "."}
	p.Steps = []string{"The coefficient of " + m("x"+sup(int64(n-1))) + " is minus the trace, " + m(A.Trace().Neg().TeX()) +
		", and the constant term is " + m(`\left(-1\right)^{`+itoa(int64(n))+`}\det A = `+cp.Coef(0).TeX()) + "."}
	if n == 3 {
		// the sum of the principal 2 x 2 minors
		s := q(0)
		for i := 0; i < 3; i++ {
			s = s.Add(A.Minor(i, i).Det())
		}
		p.Steps = append(p.Steps, "The coefficient of "+m("x")+" is the sum of the principal "+m(`2\times 2`)+" minors, "+m(s.TeX())+".")
	}
	p.setExpr(cas.FromPoly(cp, "x"))
	p.sym("A", A.Py())
	p.Check = func() error {
		if !cas.PolyOfMat(cp, A).Equal(cas.Zero(n, n)) {
			return errf("Cayley-Hamilton fails")
		}
		// det(v I - A) at a few integers
		for _, v := range []int64{-2, 1, 3} {
			M := cas.Identity(n).Scale(q(v)).Sub(A)
			if !M.DetCofactor().Equal(cp.Eval(q(v))) {
				return errf("det(%dI - A) differs", v)
			}
		}
		return nil
	}
	return p, nil
}

func genEigenRational(g *G) (*Problem, error) {
	n := g.dim(2)
	b := g.ByLevel(3, 4, 5, 6, 7)
	// A = P D P^{-1} with P unimodular (integer inverse): integer A
	P := g.unimodular(n, n+g.IntN(3))
	Pinv, _, err := P.Inverse()
	if err != nil {
		return nil, err
	}
	D := cas.Zero(n, n).Rows()
	var lam []cas.Q
	for i := 0; i < n; i++ {
		l := q(g.Int(-b, b))
		if i > 0 && g.IntN(4) == 0 {
			l = lam[0] // a repeated eigenvalue
		}
		D[i][i] = l
		lam = append(lam, l)
	}
	A := P.Mul(cas.NewMat(D)).Mul(Pinv)
	if isDiagonal(A) {
		return nil, errf("trivial: the matrix is diagonal")
	}
	cp := A.CharPoly()
	fz, err := cas.FactorQ(cp)
	if err != nil {
		return nil, err
	}
	vals, err := cas.Eigenvalues(A)
	if err != nil {
		return nil, err
	}
	var sorted []cas.Q
	for _, v := range vals {
		r, ok := cas.IsNum(v)
		if !ok {
			return nil, errf("eigenvalue: %s is not rational", tex(v))
		}
		sorted = append(sorted, r)
	}
	p := &Problem{Problem: "Find all eigenvalues of " + m(A.TeX()) + ", listed with multiplicity."}
	p.Steps = []string{
		"The characteristic polynomial is " + m(`\det\left(xI - A\right) = `+ptex(cp)) + ".",
		"It factors as " + m(fz.TeX("x")) + ".",
	}
	p.setList(vals...)
	p.sym("A", A.Py())
	p.Check = func() error {
		sum, prod := q(0), q(1)
		for _, r := range sorted {
			M := A.Sub(cas.Identity(n).Scale(r))
			if !M.DetCofactor().IsZero() {
				return errf("det(A - %s I) is not 0", r)
			}
			sum, prod = sum.Add(r), prod.Mul(r)
		}
		if !sum.Equal(A.Trace()) || !prod.Equal(A.Det()) || len(sorted) != n {
			return errf("the eigenvalues do not add to the trace or multiply to the determinant")
		}
		return nil
	}
	return p, nil
}

func genEigenQuadratic(g *G) (*Problem, error) {
	b := g.ByLevel(3, 4, 5, 6, 8)
	// off-diagonal entries of the same sign make the discriminant (a - d)^2 + 4bc positive
	s := g.Sign()
	A := cas.MatInts([][]int64{{g.Int(-b, b), s * g.Int(1, b)}, {s * g.Int(1, b), g.Int(-b, b)}})
	tr, det := A.Trace(), A.Det()
	disc := tr.Mul(tr).Sub(det.MulInt(4))
	dv, _ := disc.Int64()
	if disc.Sign() <= 0 || isSq(dv) {
		return nil, errf("discriminant: not a positive non-square")
	}
	l1, l2 := cas.QuadraticRoots(A.CharPoly())
	p := &Problem{Problem: "Find the eigenvalues of " + m(A.TeX()) + "."}
	p.Steps = []string{
		"The characteristic polynomial of a " + m(`2\times 2`) + " matrix is " + m(`x^{2} - \left(\operatorname{tr} A\right)x + \det A`) + "; here " +
			m(`\operatorname{tr} A = `+tr.TeX()) + " and " + m(`\det A = `+det.TeX()) + ", so it is " + m(ptex(A.CharPoly())) + ".",
		"Its discriminant is " + m(disc.TeX()) + ", so " + m(`x = \frac{`+tr.TeX()+` \pm \sqrt{`+disc.TeX()+`}}{2}`) + ".",
	}
	p.setList(l1, l2)
	p.sym("A", A.Py())
	p.Check = func() error {
		cp := cas.FromPoly(A.CharPoly(), "x")
		for _, l := range []cas.Expr{l1, l2} {
			if !cas.Equal(cas.Expand(cas.Subst(cp, "x", l)), e(0)) {
				return errf("%s is not a root of the characteristic polynomial", tex(l))
			}
		}
		return checkRootsNumeric(A.CharPoly(), []float64{val(l1), val(l2)})
	}
	return p, nil
}

func genEigenvector(g *G) (*Problem, error) {
	n := 2
	if g.Level >= 4 || g.Split == Extrapolate {
		n = 3
	}
	b := g.ByLevel(3, 3, 4, 5, 6)
	P := g.unimodular(n, n+1+g.IntN(2))
	Pinv, _, _ := P.Inverse()
	D := cas.Zero(n, n).Rows()
	ls := g.Distinct(n, -b, b)
	for i := range ls {
		D[i][i] = q(ls[i])
	}
	A := P.Mul(cas.NewMat(D)).Mul(Pinv)
	if isDiagonal(A) {
		return nil, errf("trivial: the matrix is diagonal")
	}
	k := g.IntN(n)
	lam := q(ls[k])
	ns := A.Sub(cas.Identity(n).Scale(lam)).NullSpace()
	if len(ns) != 1 {
		return nil, errf("eigenspace: dimension %d", len(ns))
	}
	v := ns[0]
	last := v[n-1]
	if last.IsZero() {
		return nil, errf("normalisation: last component is 0")
	}
	vs := make([]cas.Expr, n)
	for i := range v {
		v[i] = v[i].Div(last)
		vs[i] = cas.N(v[i])
	}
	p := &Problem{Problem: "Find the eigenvector of " + m(A.TeX()) + " for the eigenvalue " + m(lam.TeX()) + ", scaled so that its last component is " + m("1") + ". Give it as " + m(`\left(`+indexTuple("v", n)+`\right)`) + "."}
	M := A.Sub(cas.Identity(n).Scale(lam))
	R, _, _, _ := M.RREF()
	p.Steps = []string{
		"Row reduce " + m(minusScalarI("A", lam)) + " to " + m(R.TeX()) + "; its null space is spanned by one vector.",
		"Setting the last component to " + m("1") + " and solving gives " + m(`\left(`+joinPlain(vs)+`\right)`) + ".",
	}
	p.setTuple(vs...)
	p.sym("A", A.Py())
	p.sym("lam", pyQ(lam))
	p.Check = func() error {
		Av := A.MulVec(v)
		for i := range v {
			if !Av[i].Equal(v[i].Mul(lam)) {
				return errf("A v is not lambda v")
			}
		}
		return nil
	}
	return p, nil
}

func isDiagonal(a cas.Mat) bool {
	for i := 0; i < a.R; i++ {
		for j := 0; j < a.C; j++ {
			if i != j && !a.At(i, j).IsZero() {
				return false
			}
		}
	}
	return true
}

func joinPlain(es []cas.Expr) string {
	s := make([]string, len(es))
	for i, v := range es {
		s[i] = tex(v)
	}
	return strings.Join(s, ", ")
}

func genMatProduct(g *G) (*Problem, error) {
	r, k, c := g.dim(2), g.dim(2), g.dim(2)
	if g.Bool() {
		k++
	}
	b := g.ByLevel(3, 4, 5, 6, 8)
	A, B := g.randMat(r, k, b), g.randMat(k, c, b)
	AB := A.Mul(B)
	p := &Problem{Problem: "Compute " + m(A.TeX()+B.TeX()) + "."}
	p.Echo = firstMath(p.Problem)
	p.setMat(AB)
	p.sym("A", A.Py())
	p.sym("B", B.Py())
	p.Check = func() error {
		// (AB)^T = B^T A^T, computed column by column with matrix-vector products
		Bt, At := B.Transpose(), A.Transpose()
		if !Bt.Mul(At).Equal(AB.Transpose()) {
			return errf("B^T A^T is not (AB)^T")
		}
		return nil
	}
	return p, nil
}

func genLinearSystem(g *G) (*Problem, error) {
	n := g.dim(2)
	if g.Level >= 2 {
		n = max(n, 3)
	}
	b := g.ByLevel(3, 4, 5, 5, 6)
	A := g.randMat(n, n, b)
	if A.Det().IsZero() {
		return nil, errf("singular: no unique solution")
	}
	sol := make([]cas.Q, n)
	for i := range sol {
		sol[i] = q(g.Int(-b, b))
	}
	if g.Level >= 4 && g.Bool() {
		sol[0] = qf(g.Int(-9, 9), 2)
	}
	rhs := A.MulVec(sol)
	names := []string{"x", "y", "z", "w", "v", "u"}
	var eqs []string
	for i := 0; i < n; i++ {
		var ts []cas.Expr
		for j := 0; j < n; j++ {
			ts = append(ts, cas.Product(cas.N(A.At(i, j)), cas.V(names[j])))
		}
		eqs = append(eqs, tex(cas.Sum(ts...))+" = "+rhs[i].TeX())
	}
	p := &Problem{Problem: "Solve the system " + m(`\begin{cases}`+strings.Join(eqs, ` \\ `)+`\end{cases}`) + " for " + m(`\left(`+strings.Join(names[:n], ", ")+`\right)`) + "."}
	aug := make([][]cas.Q, n)
	for i := range aug {
		aug[i] = append(A.Rows()[i], rhs[i])
	}
	R, _, ops, _ := cas.NewMat(aug).RREF()
	for _, op := range ops {
		p.Steps = append(p.Steps, m(op.TeX())+": "+m(op.After.TeXAug(n))+".")
	}
	var vs []cas.Expr
	for i := 0; i < n; i++ {
		vs = append(vs, cas.N(R.At(i, n)))
	}
	p.setTuple(vs...)
	p.sym("A", A.Py())
	p.sym("b", pyQs(rhs))
	p.Check = func() error {
		for i := 0; i < n; i++ {
			if !R.At(i, n).Equal(sol[i]) {
				return errf("elimination gives another solution")
			}
		}
		got := A.MulVec(sol)
		for i := range got {
			if !got[i].Equal(rhs[i]) {
				return errf("the solution does not satisfy equation %d", i+1)
			}
		}
		return nil
	}
	return p, nil
}

func genNullity(g *G) (*Problem, error) {
	r := g.dim(3)
	c := r + g.IntN(3)
	rank := 1 + g.IntN(r)
	A := g.randMat(r, rank, 3).Mul(g.randMat(rank, c, 3))
	nul := len(A.NullSpace())
	p := &Problem{Problem: "Find the dimension of the null space of " + m(A.TeX()) + "."}
	p.setNum(q(int64(nul)))
	p.sym("A", A.Py())
	p.Check = func() error {
		if A.Rank()+nul != c {
			return errf("rank plus nullity is not the number of columns")
		}
		for _, v := range A.NullSpace() {
			for _, x := range A.MulVec(v) {
				if !x.IsZero() {
					return errf("a basis vector is not in the null space")
				}
			}
		}
		return nil
	}
	return p, nil
}

func (g *G) vec(n int, b int64) []int64 {
	v := make([]int64, n)
	for i := range v {
		v[i] = g.Int(-b, b)
	}
	return v
}

func vecTeX(v []int64) string { return `\left(` + listTeX(v) + `\right)` }

func dot(a, b []int64) int64 {
	s := int64(0)
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func genCross(g *G) (*Problem, error) {
	b := g.ByLevel(3, 5, 6, 8, 10)
	u, v := g.vec(3, b), g.vec(3, b)
	w := []int64{u[1]*v[2] - u[2]*v[1], u[2]*v[0] - u[0]*v[2], u[0]*v[1] - u[1]*v[0]}
	p := &Problem{Problem: "Find the cross product " + m(vecTeX(u)+` \times `+vecTeX(v)) + "."}
	p.setTuple(e(w[0]), e(w[1]), e(w[2]))
	p.sym("u", pyInts(u))
	p.sym("v", pyInts(v))
	p.Check = func() error {
		// orthogonal to both, and |w|^2 = |u|^2 |v|^2 - (u.v)^2 (Lagrange's identity)
		if dot(w, u) != 0 || dot(w, v) != 0 || dot(w, w) != dot(u, u)*dot(v, v)-dot(u, v)*dot(u, v) {
			return errf("the cross product fails orthogonality or Lagrange's identity")
		}
		return nil
	}
	return p, nil
}

func genProjection(g *G) (*Problem, error) {
	n := 2 + g.IntN(2)
	if g.Split == Extrapolate {
		n = 4
	}
	b := g.ByLevel(3, 4, 5, 6, 8)
	u, v := g.vec(n, b), g.vec(n, b)
	vv := dot(v, v)
	if vv == 0 {
		return nil, errf("zero: projection onto the zero vector")
	}
	f := qf(dot(u, v), vv)
	proj := make([]cas.Expr, n)
	pq := make([]cas.Q, n)
	for i := range v {
		pq[i] = f.MulInt(v[i])
		proj[i] = cas.N(pq[i])
	}
	p := &Problem{Problem: "Find the projection of " + m(`\mathbf{u} = `+vecTeX(u)) + " onto " + m(`\mathbf{v} = `+vecTeX(v)) + "."}
	p.Steps = []string{
		m(`\mathbf{u}\cdot\mathbf{v} = `+itoa(dot(u, v))) + " and " + m(`\mathbf{v}\cdot\mathbf{v} = `+itoa(vv)) + ".",
		"The projection is " + m(tex(cas.Product(cas.N(qf(dot(u, v), vv)), cas.V(`\mathbf{v}`)))) + ".",
	}
	p.setTuple(proj...)
	p.sym("u", pyInts(u))
	p.sym("v", pyInts(v))
	p.Check = func() error {
		// u - proj is orthogonal to v
		s := q(0)
		for i := range u {
			s = s.Add(q(u[i]).Sub(pq[i]).MulInt(v[i]))
		}
		if !s.IsZero() {
			return errf("u minus the projection is not orthogonal to v")
		}
		return nil
	}
	return p, nil
}

func genVectorCosine(g *G) (*Problem, error) {
	n := 2 + g.IntN(2)
	b := g.ByLevel(3, 4, 5, 6, 8)
	u, v := g.vec(n, b), g.vec(n, b)
	if dot(u, u) == 0 || dot(v, v) == 0 {
		return nil, errf("zero: a zero vector")
	}
	c := cas.Quot(e(dot(u, v)), cas.Sqrt(e(dot(u, u)*dot(v, v))))
	p := &Problem{Problem: "Find the cosine of the angle between " + m(vecTeX(u)) + " and " + m(vecTeX(v)) + "."}
	p.setExpr(c)
	p.sym("u", pyInts(u))
	p.sym("v", pyInts(v))
	p.Check = func() error {
		// the law of cosines on the triangle u, v, u - v
		w := make([]int64, n)
		for i := range w {
			w[i] = u[i] - v[i]
		}
		lhs := float64(dot(w, w))
		rhs := float64(dot(u, u)+dot(v, v)) - 2*val(c)*sqrtF(float64(dot(u, u)))*sqrtF(float64(dot(v, v)))
		if !nearTol(lhs, rhs, 1e-9) {
			return errf("the law of cosines gives %v, not %v", rhs, lhs)
		}
		return nil
	}
	return p, nil
}

// minusScalarI writes A - lam I as a textbook does: A - I, A + 2I,
// A - \frac{1}{2}I.
func minusScalarI(a string, lam cas.Q) string {
	op := " - "
	if lam.Sign() < 0 {
		op = " + "
	}
	c := lam.Abs().TeX()
	if c == "1" {
		c = ""
	}
	if lam.IsZero() {
		return a
	}
	return a + op + c + "I"
}
