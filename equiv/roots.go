package equiv

import (
	"math/big"

	"github.com/matheval/matheval/expr"
)

// Exact real roots of polynomials with rational coefficients, for solving
// inequalities in one variable: rational roots (by the rational root
// theorem), then a remaining quadratic by its formula, and a remaining
// factor of higher degree only when a Sturm sequence shows it has no real
// root. Anything else is not solved (the caller answers Undecided).

const (
	maxRootDegree  = 24
	maxDivisorBits = 62
	maxCandidates  = 4096
)

// realRoots returns the distinct real roots of p (coefficients lowest
// degree first) as exact trees. ok is false when they cannot all be found.
func realRoots(p []*big.Rat) ([]expr.Node, bool) {
	p = trimPoly(p)
	if len(p) <= 1 {
		return nil, true // a constant: no roots (or zero: everywhere, handled by the caller)
	}
	if len(p)-1 > maxRootDegree {
		return nil, false
	}
	var roots []expr.Node
	// x^k factor
	if p[0].Sign() == 0 {
		roots = append(roots, expr.Int(0))
		for len(p) > 1 && p[0].Sign() == 0 {
			p = p[1:]
		}
	}
	ip := integerPoly(p)
	cands, ok := rationalCandidates(ip)
	if !ok {
		return nil, false
	}
	for _, r := range cands {
		if len(p) <= 1 {
			break
		}
		if evalPoly(p, r).Sign() != 0 {
			continue
		}
		roots = append(roots, &expr.Num{V: r})
		for len(p) > 1 && evalPoly(p, r).Sign() == 0 {
			p = deflate(p, r)
		}
	}
	switch deg := len(p) - 1; {
	case deg <= 0:
	case deg == 1:
		r := new(big.Rat).Quo(new(big.Rat).Neg(p[0]), p[1])
		roots = append(roots, &expr.Num{V: r})
	case deg == 2:
		a, b, c := p[2], p[1], p[0]
		disc := new(big.Rat).Mul(b, b)
		disc.Sub(disc, new(big.Rat).Mul(big.NewRat(4, 1), new(big.Rat).Mul(a, c)))
		switch disc.Sign() {
		case 0:
			roots = append(roots, &expr.Num{V: new(big.Rat).Quo(new(big.Rat).Neg(b), new(big.Rat).Mul(big.NewRat(2, 1), a))})
		case 1:
			for _, s := range []int64{-1, 1} {
				sq := &expr.Pow{Base: &expr.Num{V: disc}, Exp: &expr.Num{V: big.NewRat(1, 2)}}
				var term expr.Node = sq
				if s < 0 {
					term = &expr.Neg{X: sq}
				}
				roots = append(roots, &expr.Mul{Factors: []expr.Node{
					&expr.Add{Terms: []expr.Node{&expr.Num{V: new(big.Rat).Neg(b)}, term}},
					&expr.Num{V: new(big.Rat).Inv(new(big.Rat).Mul(big.NewRat(2, 1), a))},
				}})
			}
		}
	default:
		if sturmCount(p) != 0 {
			return nil, false
		}
	}
	return roots, true
}

func trimPoly(p []*big.Rat) []*big.Rat {
	for len(p) > 0 && p[len(p)-1].Sign() == 0 {
		p = p[:len(p)-1]
	}
	return p
}

// integerPoly scales p to integer coefficients.
func integerPoly(p []*big.Rat) []*big.Int {
	l := big.NewInt(1)
	for _, c := range p {
		d := c.Denom()
		g := new(big.Int).GCD(nil, nil, l, d)
		l.Mul(l, new(big.Int).Quo(d, g))
	}
	out := make([]*big.Int, len(p))
	for i, c := range p {
		v := new(big.Rat).Mul(c, new(big.Rat).SetInt(l))
		out[i] = new(big.Int).Set(v.Num())
	}
	return out
}

// rationalCandidates lists ±a/b with a dividing the constant term and b the
// leading coefficient (both nonzero).
func rationalCandidates(p []*big.Int) ([]*big.Rat, bool) {
	c0 := new(big.Int).Abs(p[0])
	cn := new(big.Int).Abs(p[len(p)-1])
	if c0.BitLen() > maxDivisorBits || cn.BitLen() > maxDivisorBits {
		return nil, false
	}
	da, ok1 := divisors(c0.Uint64())
	db, ok2 := divisors(cn.Uint64())
	if !ok1 || !ok2 || len(da)*len(db) > maxCandidates {
		return nil, false
	}
	seen := map[string]bool{}
	var out []*big.Rat
	for _, a := range da {
		for _, b := range db {
			for _, s := range []int64{1, -1} {
				r := new(big.Rat).SetFrac(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
				if s < 0 {
					r.Neg(r)
				}
				if k := r.RatString(); !seen[k] {
					seen[k] = true
					out = append(out, r)
				}
			}
		}
	}
	return out, true
}

// divisors of n (n >= 1) by trial division up to 10^6.
func divisors(n uint64) ([]uint64, bool) {
	if n == 0 {
		return nil, false
	}
	var small, large []uint64
	for d := uint64(1); d*d <= n; d++ {
		if d > 1000000 {
			return nil, false
		}
		if n%d == 0 {
			small = append(small, d)
			if d*d != n {
				large = append(large, n/d)
			}
		}
	}
	for i := len(large) - 1; i >= 0; i-- {
		small = append(small, large[i])
	}
	return small, true
}

func evalPoly(p []*big.Rat, x *big.Rat) *big.Rat {
	acc := new(big.Rat)
	for i := len(p) - 1; i >= 0; i-- {
		acc.Mul(acc, x)
		acc.Add(acc, p[i])
	}
	return acc
}

// deflate divides p by (x - r) (r a root).
func deflate(p []*big.Rat, r *big.Rat) []*big.Rat {
	n := len(p) - 1
	out := make([]*big.Rat, n)
	acc := new(big.Rat)
	for i := n; i >= 1; i-- {
		acc = new(big.Rat).Add(new(big.Rat).Mul(acc, r), p[i])
		out[i-1] = acc
	}
	return out
}

// sturmCount returns the number of distinct real roots of p.
func sturmCount(p []*big.Rat) int {
	seq := [][]*big.Rat{p, derivative(p)}
	for len(seq) < 64 {
		a, b := seq[len(seq)-2], seq[len(seq)-1]
		if len(trimPoly(b)) == 0 {
			break
		}
		r := polyRem(a, b)
		for i := range r {
			r[i] = new(big.Rat).Neg(r[i])
		}
		r = trimPoly(r)
		if len(r) == 0 {
			break
		}
		seq = append(seq, r)
	}
	changes := func(atPlus bool) int {
		k, prev := 0, 0
		for _, q := range seq {
			q = trimPoly(q)
			if len(q) == 0 {
				continue
			}
			s := q[len(q)-1].Sign()
			if !atPlus && (len(q)-1)%2 == 1 {
				s = -s
			}
			if prev != 0 && s != prev {
				k++
			}
			prev = s
		}
		return k
	}
	return changes(false) - changes(true)
}

func derivative(p []*big.Rat) []*big.Rat {
	if len(p) <= 1 {
		return nil
	}
	out := make([]*big.Rat, len(p)-1)
	for i := 1; i < len(p); i++ {
		out[i-1] = new(big.Rat).Mul(p[i], big.NewRat(int64(i), 1))
	}
	return out
}

// polyRem returns the remainder of a divided by b.
func polyRem(a, b []*big.Rat) []*big.Rat {
	r := make([]*big.Rat, len(a))
	for i := range a {
		r[i] = new(big.Rat).Set(a[i])
	}
	b = trimPoly(b)
	lb := b[len(b)-1]
	for {
		r = trimPoly(r)
		if len(r) < len(b) {
			return r
		}
		f := new(big.Rat).Quo(r[len(r)-1], lb)
		shift := len(r) - len(b)
		for i := range b {
			r[i+shift] = new(big.Rat).Sub(r[i+shift], new(big.Rat).Mul(f, b[i]))
		}
		r[len(r)-1] = new(big.Rat)
	}
}
