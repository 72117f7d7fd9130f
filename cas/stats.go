package cas

import (
	"errors"
	"math/big"
	"sort"
)

// Exact statistics over Q. Logarithms are kept exact as combinations of
// logarithms of primes (LnQ), so a KL divergence or an entropy is an exact
// value such as \frac{1}{2}\ln 2 - \frac{1}{4}\ln 3.

// ErrEmpty reports a statistic of no values.
var ErrEmpty = errors.New("cas: no values")

// Mean returns the arithmetic mean.
func Mean(xs []Q) Q {
	s := Int(0)
	for _, x := range xs {
		s = s.Add(x)
	}
	return s.Div(Int(int64(len(xs))))
}

// Variance returns the population variance (ddof 0) or the sample variance
// (ddof 1).
func Variance(xs []Q, ddof int) Q {
	m := Mean(xs)
	s := Int(0)
	for _, x := range xs {
		d := x.Sub(m)
		s = s.Add(d.Mul(d))
	}
	return s.Div(Int(int64(len(xs) - ddof)))
}

// VarianceShortcut is the variance by E[X^2] - E[X]^2 (population) scaled
// for ddof: the second path for Variance.
func VarianceShortcut(xs []Q, ddof int) Q {
	n := Int(int64(len(xs)))
	s, s2 := Int(0), Int(0)
	for _, x := range xs {
		s = s.Add(x)
		s2 = s2.Add(x.Mul(x))
	}
	return s2.Sub(s.Mul(s).Div(n)).Div(Int(int64(len(xs) - ddof)))
}

// Median returns the median (the mean of the middle two for an even count).
func Median(xs []Q) Q {
	ys := append([]Q(nil), xs...)
	sort.Slice(ys, func(i, j int) bool { return ys[i].Cmp(ys[j]) < 0 })
	n := len(ys)
	if n%2 == 1 {
		return ys[n/2]
	}
	return ys[n/2-1].Add(ys[n/2]).Div(Int(2))
}

// HarmonicMean returns n / sum 1/x (every x nonzero).
func HarmonicMean(xs []Q) Q {
	s := Int(0)
	for _, x := range xs {
		s = s.Add(x.Inv())
	}
	return Int(int64(len(xs))).Div(s)
}

// GeometricMean returns the n-th root of the product of positive rationals,
// as a reduced radical.
func GeometricMean(xs []Q) Expr {
	p := Int(1)
	for _, x := range xs {
		p = p.Mul(x)
	}
	return Power(N(p), F(1, int64(len(xs))))
}

// Expectation returns sum p_i x_i.
func Expectation(xs, ps []Q) Q {
	s := Int(0)
	for i := range xs {
		s = s.Add(xs[i].Mul(ps[i]))
	}
	return s
}

// LnQ returns ln(q) for q > 0 as an exact sum of k_p ln(p) over the primes
// of q's numerator and denominator.
func LnQ(q Q) Expr {
	if q.Sign() <= 0 {
		panic("cas: logarithm of a nonpositive number")
	}
	var terms []Expr
	add := func(n *big.Int, sign int64) {
		if !n.IsUint64() {
			panic(ErrLimit)
		}
		for _, pp := range FactorInt(n.Uint64()) {
			terms = append(terms, Product(I(sign*int64(pp.K)), Call("ln", I(int64(pp.P)))))
		}
	}
	add(q.Num(), 1)
	add(q.Den(), -1)
	return Sum(terms...)
}

// KL returns the Kullback-Leibler divergence D(P || Q) = sum p ln(p/q) in
// nats, exactly; terms with p = 0 contribute 0, and q must be positive
// wherever p is.
func KL(p, q []Q) Expr {
	var terms []Expr
	for i := range p {
		if p[i].IsZero() {
			continue
		}
		terms = append(terms, Product(N(p[i]), LnQ(p[i].Div(q[i]))))
	}
	return Expand(Sum(terms...))
}

// Entropy returns the Shannon entropy -sum p ln p in nats, exactly.
func Entropy(p []Q) Expr {
	var terms []Expr
	for _, x := range p {
		if !x.IsZero() {
			terms = append(terms, Product(N(x.Neg()), LnQ(x)))
		}
	}
	return Expand(Sum(terms...))
}

// Binomial returns C(n, k) exactly (0 outside 0 <= k <= n).
func Binomial(n, k int64) Q {
	if k < 0 || k > n || n < 0 {
		return Int(0)
	}
	if n > 10000 {
		panic(ErrLimit)
	}
	return FromBigInt(new(big.Int).Binomial(n, k))
}

// Factorial returns n! exactly.
func Factorial(n int64) Q {
	if n < 0 || n > 2000 {
		panic(ErrLimit)
	}
	return FromBigInt(new(big.Int).MulRange(1, n))
}

// BinomialPMF returns P(X = k) for X ~ Binomial(n, p).
func BinomialPMF(n, k int64, p Q) Q {
	return Binomial(n, k).Mul(p.PowInt(int(k))).Mul(Int(1).Sub(p).PowInt(int(n - k)))
}
