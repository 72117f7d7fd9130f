package equiv_test

import (
	"fmt"
	"math/big"
	"strings"
	"testing"
)

// pmatrix writes a matrix of rationals as a pmatrix literal.
func pmatrix(a [][]*big.Rat) string {
	var rows []string
	for _, r := range a {
		var cells []string
		for _, v := range r {
			if v.IsInt() {
				cells = append(cells, v.Num().String())
			} else {
				cells = append(cells, fmt.Sprintf(`\frac{%s}{%s}`, v.Num(), v.Denom()))
			}
		}
		rows = append(rows, strings.Join(cells, "&"))
	}
	return `\begin{pmatrix}` + strings.Join(rows, `\\`) + `\end{pmatrix}`
}

// cofactorInverse is the inverse by the adjugate, det⁻¹·adj(M), for a 2×2
// or 3×3 matrix: another method than the grader's Gauss-Jordan.
func cofactorInverse(e []int, n int) ([][]*big.Rat, bool) {
	at := func(i, j int) int64 { return int64(e[i*n+j]) }
	minor := func(i, j int) int64 {
		if n == 2 {
			return at(1-i, 1-j)
		}
		var r, c []int
		for k := 0; k < 3; k++ {
			if k != i {
				r = append(r, k)
			}
			if k != j {
				c = append(c, k)
			}
		}
		return at(r[0], c[0])*at(r[1], c[1]) - at(r[0], c[1])*at(r[1], c[0])
	}
	var det int64
	for j := 0; j < n; j++ {
		s := int64(1 - 2*(j%2))
		det += s * at(0, j) * minor(0, j)
	}
	if det == 0 {
		return nil, false
	}
	out := make([][]*big.Rat, n)
	for i := range out {
		out[i] = make([]*big.Rat, n)
		for j := range out[i] {
			s := int64(1 - 2*((i+j)%2))
			out[i][j] = big.NewRat(s*minor(j, i), det) // the adjugate is the transposed cofactors
		}
	}
	return out, true
}

// TestMatrixPowerProperty: over a sample of integer 2×2 and 3×3 matrices,
// M^{-1} written on a literal is Equal to the inverse computed by
// cofactors and never to it with one entry changed; M^3 is Equal to the
// product M M M written out and never to M^2; a singular M^{-1} is never
// Equal to anything.
func TestMatrixPowerProperty(t *testing.T) {
	inv, pow, singular := 0, 0, 0
	for seed := 0; seed < 80; seed++ {
		n := 2 + seed%2
		e := make([]int, n*n)
		x := seed*104729 + 7
		for i := range e {
			x = (x*1103515245 + 12345) & 0x7fffffff
			e[i] = x%7 - 3
		}
		a := make([][]*big.Rat, n)
		for i := range a {
			a[i] = make([]*big.Rat, n)
			for j := range a[i] {
				a[i][j] = big.NewRat(int64(e[i*n+j]), 1)
			}
		}
		m := pmatrix(a)
		if b, ok := cofactorInverse(e, n); ok {
			wantEqual(t, []pair{{pmatrix(b), m + `^{-1}`}})
			b[seed%n][0].Add(b[seed%n][0], big.NewRat(1, 1))
			wantNotEqual(t, []pair{{pmatrix(b), m + `^{-1}`}})
			inv++
		} else {
			wantNotEqual(t, []pair{{m, m + `^{-1}`}, {pmatrix(a), m + `^{-1}`}})
			singular++
		}
		wantEqual(t, []pair{{m + m + m, m + `^3`}, {m + `^{3}`, m + `^2` + m}})
		// M^3 is never Equal to M^2 where the two differ (checked here)
		sq, cube := ratProduct(a, a), ratProduct(ratProduct(a, a), a)
		if pmatrix(sq) != pmatrix(cube) {
			wantNotEqual(t, []pair{{pmatrix(sq), m + `^3`}, {pmatrix(cube), m + `^2`}})
		}
		wantEqual(t, []pair{{pmatrix(cube), m + `^3`}})
		pow++
	}
	if inv < 40 || pow != 80 {
		t.Fatalf("checked %d inverses, %d powers, %d singular", inv, pow, singular)
	}
	t.Logf("%d inverses, %d singular, %d powers", inv, singular, pow)
}

func TestMatrixPowers(t *testing.T) {
	wantEqual(t, []pair{
		{`\begin{pmatrix}-2&1\\1.5&-0.5\end{pmatrix}`, `\begin{pmatrix}1&2\\3&4\end{pmatrix}^{-1}`},
		{`\begin{pmatrix}1&0\\0&1\end{pmatrix}`, `\begin{pmatrix}1&2\\3&4\end{pmatrix}^{0}`},
		{`\begin{pmatrix}1&2a\\0&1\end{pmatrix}`, `\begin{pmatrix}1&a\\0&1\end{pmatrix}^{2}`},
		{`\begin{pmatrix}1&100\\0&1\end{pmatrix}`, `\begin{pmatrix}1&1\\0&1\end{pmatrix}^{100}`},
	})
	wantNotEqual(t, []pair{
		{`\begin{pmatrix}1&0\\0&1\end{pmatrix}`, `\begin{pmatrix}1&1\\1&1\end{pmatrix}^{-1}`},
		{`\begin{pmatrix}1&3a\\0&1\end{pmatrix}`, `\begin{pmatrix}1&a\\0&1\end{pmatrix}^{2}`},
		{`\begin{pmatrix}1&2\\3&4\end{pmatrix}`, `\begin{pmatrix}1&2\\3&4\end{pmatrix}^{1/2}`},
		{`\begin{pmatrix}1&2&3\\4&5&6\end{pmatrix}`, `\begin{pmatrix}1&2&3\\4&5&6\end{pmatrix}^{2}`},
		{`\begin{pmatrix}1&-a\\0&1\end{pmatrix}`, `\begin{pmatrix}1&a\\0&1\end{pmatrix}^{n}`},
	})
}

func ratProduct(a, b [][]*big.Rat) [][]*big.Rat {
	out := make([][]*big.Rat, len(a))
	for i := range a {
		out[i] = make([]*big.Rat, len(b[0]))
		for j := range out[i] {
			out[i][j] = new(big.Rat)
			for k := range b {
				out[i][j].Add(out[i][j], new(big.Rat).Mul(a[i][k], b[k][j]))
			}
		}
	}
	return out
}

// TestSymbolicMatrixInverse: a matrix with symbolic entries has an inverse
// here only where its determinant is a nonzero rational; then the
// adjugate gives it exactly.
func TestSymbolicMatrixInverse(t *testing.T) {
	wantEqual(t, []pair{
		{`\begin{pmatrix}1&-a\\0&1\end{pmatrix}`, `\begin{pmatrix}1&a\\0&1\end{pmatrix}^{-1}`},
		{`\begin{pmatrix}1&-a&ab\\0&1&-b\\0&0&1\end{pmatrix}`, `\begin{pmatrix}1&a&0\\0&1&b\\0&0&1\end{pmatrix}^{-1}`},
		{`\begin{pmatrix}1&2a\\0&1\end{pmatrix}`, `\begin{pmatrix}1&-a\\0&1\end{pmatrix}^{-2}`},
		{`\begin{pmatrix}-a-1&a\\a&1-a\end{pmatrix}`, `\begin{pmatrix}a-1&a\\a&a+1\end{pmatrix}^{-1}`}, // det -1
	})
	wantNotEqual(t, []pair{
		{`\begin{pmatrix}1&-a&-ab\\0&1&-b\\0&0&1\end{pmatrix}`, `\begin{pmatrix}1&a&0\\0&1&b\\0&0&1\end{pmatrix}^{-1}`},
		{`\begin{pmatrix}1&a\\0&1\end{pmatrix}`, `\begin{pmatrix}1&a\\0&1\end{pmatrix}^{-1}`},
		// det a^2-1 may vanish: no inverse is compared
		{`\frac{1}{a^2-1}\begin{pmatrix}a&-1\\-1&a\end{pmatrix}`, `\begin{pmatrix}a&1\\1&a\end{pmatrix}^{-1}`},
	})
}
