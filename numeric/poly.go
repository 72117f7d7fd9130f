package numeric

import (
	"context"
	"fmt"
	"math"
	"math/cmplx"
	"sort"

	"gonum.org/v1/gonum/mat"
)

// PolyRoots returns the complex roots of the polynomial
// c[0] + c[1] x + ... + c[n] x^n. Leading zero coefficients are dropped;
// zero roots (trailing zero low coefficients) are returned exactly. The roots
// are the eigenvalues of the companion matrix, each then polished by at most
// a few Newton steps on the original polynomial (kept only when the residual
// decreases), which restores accuracy lost to balancing for clustered or
// badly scaled coefficients. Roots are sorted by real part, then imaginary.
func PolyRoots(ctx context.Context, c []float64) ([]complex128, error) {
	for _, v := range c {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("numeric: polynomial coefficient %v: %w", v, ErrNaN)
		}
	}
	n := len(c) - 1
	for n >= 0 && c[n] == 0 {
		n--
	}
	if n < 0 {
		return nil, fmt.Errorf("numeric: the zero polynomial has no finite set of roots")
	}
	if n > 200 {
		return nil, fmt.Errorf("numeric: degree %d exceeds the limit of 200", n)
	}
	var roots []complex128
	lo := 0
	for lo < n && c[lo] == 0 {
		roots = append(roots, 0)
		lo++
	}
	p := c[lo : n+1] // p[0] != 0, p[len-1] != 0
	m := len(p) - 1
	if m == 0 {
		return roots, nil
	}
	if err := checkCtx(ctx, "polynomial roots"); err != nil {
		return nil, err
	}
	// Companion matrix of the monic polynomial: ones on the subdiagonal, the
	// negated normalised coefficients in the last column.
	comp := mat.NewDense(m, m, nil)
	for i := 1; i < m; i++ {
		comp.Set(i, i-1, 1)
	}
	for i := 0; i < m; i++ {
		comp.Set(i, m-1, -p[i]/p[m])
	}
	var eig mat.Eigen
	if ok := eig.Factorize(comp, mat.EigenNone); !ok {
		return nil, fmt.Errorf("numeric: eigenvalue iteration did not converge for degree %d", m)
	}
	vals := eig.Values(nil)
	for _, z := range vals {
		roots = append(roots, polishRoot(p, z))
	}
	SortComplex(roots)
	return roots, nil
}

// polishRoot takes up to 8 Newton steps from z, accepting a step only if it
// lowers |p(z)|, so that polishing can never make a root worse.
func polishRoot(p []float64, z complex128) complex128 {
	best := z
	bestRes := cmplx.Abs(EvalPoly(p, z))
	for k := 0; k < 8 && bestRes > 0; k++ {
		v, d := evalPolyDeriv(p, best)
		if d == 0 {
			break
		}
		next := best - v/d
		r := cmplx.Abs(EvalPoly(p, next))
		if !(r < bestRes) {
			break
		}
		best, bestRes = next, r
	}
	return best
}

// EvalPoly evaluates c[0] + c[1] z + ... by Horner's rule.
func EvalPoly(c []float64, z complex128) complex128 {
	var v complex128
	for i := len(c) - 1; i >= 0; i-- {
		v = v*z + complex(c[i], 0)
	}
	return v
}

func evalPolyDeriv(c []float64, z complex128) (v, d complex128) {
	for i := len(c) - 1; i >= 0; i-- {
		d = d*z + v
		v = v*z + complex(c[i], 0)
	}
	return v, d
}

// SortComplex sorts by real part, then by imaginary part, treating parts
// that agree to 1e-9 (relative) as equal so that conjugate pairs stay together.
func SortComplex(z []complex128) {
	sort.SliceStable(z, func(i, j int) bool {
		a, b := z[i], z[j]
		if !closeTo(real(a), real(b)) {
			return real(a) < real(b)
		}
		return imag(a) < imag(b)
	})
}

func closeTo(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}
