package expr

import (
	"math/big"
	"strings"
	"sync"
)

// Cyclotomic reduction: the zero test of a difference of forms that holds
// roots of unity.
//
// A form keeps a root of unity e^{i pi q} whose 12q is not an integer as an
// atom, so the linear relations between those roots are invisible to it:
// cos 72° + cos 144° = -1/2 is 1 + w + w^2 + w^3 + w^4 = 0 for w = e^{2i
// pi/5}, and cos 36° = (1+√5)/4 ties the root to a square root (√5 is a
// Gauss sum of fifth roots of unity). cyclotomicZero decides such a sum
// exactly: it writes every term's roots of unity, i, and the square roots
// of primes that lie in the same cyclotomic field Q(ζ_N) as one
// polynomial in ζ_N = e^{2i pi/N}, groups the terms by what is left of
// their monomials, and reduces each group's polynomial modulo the
// cyclotomic polynomial Φ_N, whose residues 1, ζ, …, ζ^{φ(N)-1} are a basis
// of the field. The sum is zero when every group reduces to zero. That is
// a proof whatever the other factors are; a group that does not reduce to
// zero proves nothing (the factors left may still be related), so the
// answer is then only "not shown zero".

// maxCycloOrder bounds N: Φ_N and the products below stay small.
const maxCycloOrder = 240

// cyclotomicZero reports whether s is shown zero by cyclotomic reduction.
func cyclotomicZero(s *sum) bool {
	n := int64(1)
	roots := false
	for _, t := range s.ts {
		if !t.m.rou.isZero() {
			roots = true
			n = lcm64(n, 2*t.m.rou.d)
		}
		if t.m.i {
			n = lcm64(n, 4)
		}
		if n > maxCycloOrder {
			return false
		}
	}
	if !roots {
		return false // the forms of the multiquadratic numbers are canonical already
	}
	groups := map[string][]*big.Rat{}
	for _, t := range s.ts {
		p := make([]*big.Rat, n)
		p[0] = new(big.Rat).Set(t.c)
		var rest strings.Builder
		shift := int64(0)
		if !t.m.rou.isZero() {
			// e^{i pi a/d} = ζ_N^{a N/(2d)}
			shift += t.m.rou.n * (n / (2 * t.m.rou.d))
		}
		if t.m.i {
			shift += n / 4
		}
		p = cycloShift(p, shift)
		for _, f := range t.m.fs {
			if f.a.kind == atRad && f.e == (frac{1, 2}) {
				if g := gaussRoot(f.a.b, n); g != nil {
					p = cycloMul(p, g)
					continue
				}
			}
			rest.WriteString(f.a.key)
			rest.WriteByte('^')
			rest.WriteString(f.e.String())
			rest.WriteByte(';')
		}
		if t.m.exp != nil {
			rest.WriteString("E[" + t.m.exp.Key() + "]")
		}
		k := rest.String()
		if q, ok := groups[k]; ok {
			for j := range q {
				if p[j] != nil {
					if q[j] == nil {
						q[j] = new(big.Rat)
					}
					q[j].Add(q[j], p[j])
				}
			}
		} else {
			groups[k] = p
		}
	}
	phi := cyclotomicPoly(n)
	for _, p := range groups {
		if !reducesToZero(p, phi) {
			return false
		}
	}
	return true
}

func lcm64(a, b int64) int64 { return a / gcd64(a, b) * b }

// cycloShift multiplies p (coefficients of ζ^0 … ζ^{N-1}, nil for zero) by
// ζ^k.
func cycloShift(p []*big.Rat, k int64) []*big.Rat {
	n := int64(len(p))
	k = ((k % n) + n) % n
	if k == 0 {
		return p
	}
	out := make([]*big.Rat, n)
	for j, c := range p {
		out[(int64(j)+k)%n] = c
	}
	return out
}

// cycloMul multiplies two polynomials in ζ_N (exponents modulo N).
func cycloMul(p, q []*big.Rat) []*big.Rat {
	n := len(p)
	out := make([]*big.Rat, n)
	for a, x := range p {
		if x == nil || x.Sign() == 0 {
			continue
		}
		for b, y := range q {
			if y == nil || y.Sign() == 0 {
				continue
			}
			j := (a + b) % n
			if out[j] == nil {
				out[j] = new(big.Rat)
			}
			out[j].Add(out[j], new(big.Rat).Mul(x, y))
		}
	}
	return out
}

// gaussRoot returns √p as a polynomial in ζ_N when it lies in Q(ζ_N), or
// nil. For an odd prime p the Gauss sum g = Σ_{a=1}^{p-1} (a/p) ζ_p^a is √p
// when p ≡ 1 (mod 4) and i√p when p ≡ 3 (mod 4) (Gauss's determination of
// its sign, with ζ_p = e^{2i pi/p}); √2 = ζ_8 + ζ_8^{-1}.
func gaussRoot(b *big.Int, n int64) []*big.Rat {
	if !b.IsInt64() {
		return nil
	}
	p := b.Int64()
	out := make([]*big.Rat, n)
	one := big.NewRat(1, 1)
	if p == 2 {
		if n%8 != 0 {
			return nil
		}
		out[n/8] = one
		out[n-n/8] = new(big.Rat).Set(one)
		return out
	}
	if p > n || n%p != 0 || !b.ProbablyPrime(8) || (p%4 == 3 && n%4 != 0) {
		return nil
	}
	for a := int64(1); a < p; a++ {
		c := big.NewRat(int64(legendre(a, p)), 1)
		out[a*(n/p)] = c
	}
	if p%4 == 3 {
		out = cycloShift(out, -n/4) // √p = -i g = ζ^{-N/4} g
	}
	return out
}

// legendre is the Legendre symbol (a/p) for an odd prime p not dividing a:
// Euler's criterion a^{(p-1)/2} mod p.
func legendre(a, p int64) int {
	r := new(big.Int).Exp(big.NewInt(a), big.NewInt((p-1)/2), big.NewInt(p)).Int64()
	if r == 1 {
		return 1
	}
	return -1
}

// cyclotomicPoly returns the integer coefficients of Φ_n, lowest first:
// x^n - 1 divided by Φ_d for every proper divisor d of n.
func cyclotomicPoly(n int64) []int64 {
	if p, ok := cycloCache.Load(n); ok {
		return p.([]int64)
	}
	p := make([]int64, n+1)
	p[0], p[n] = -1, 1
	for d := int64(1); d < n; d++ {
		if n%d == 0 {
			p = polyDivExact(p, cyclotomicPoly(d))
		}
	}
	cycloCache.Store(n, p)
	return p
}

var cycloCache sync.Map // n -> Φ_n

// polyDivExact divides p by the monic q exactly (q divides p).
func polyDivExact(p, q []int64) []int64 {
	r := append([]int64(nil), p...)
	dq := len(q) - 1
	out := make([]int64, len(p)-dq)
	for i := len(r) - 1; i >= dq; i-- {
		c := r[i]
		out[i-dq] = c
		for j := 0; j <= dq; j++ {
			r[i-dq+j] -= c * q[j]
		}
	}
	return out
}

// reducesToZero reports whether p (degree < N) is divisible by the monic
// Φ_N: its remainder is zero.
func reducesToZero(p []*big.Rat, phi []int64) bool {
	r := make([]*big.Rat, len(p))
	for j, c := range p {
		if c == nil {
			r[j] = new(big.Rat)
		} else {
			r[j] = new(big.Rat).Set(c)
		}
	}
	dp := len(phi) - 1
	tmp := new(big.Rat)
	for i := len(r) - 1; i >= dp; i-- {
		c := r[i]
		if c.Sign() == 0 {
			continue
		}
		c = new(big.Rat).Set(c)
		for j := 0; j <= dp; j++ {
			if phi[j] != 0 {
				tmp.SetInt64(phi[j])
				tmp.Mul(tmp, c)
				r[i-dp+j].Sub(r[i-dp+j], tmp)
			}
		}
	}
	for _, c := range r[:min(dp, len(r))] {
		if c.Sign() != 0 {
			return false
		}
	}
	return true
}
