package equiv

import (
	"math/big"
	"strings"

	"github.com/matheval/matheval/expr"
)

// Closed forms of polynomial sums.
//
// A sum of a polynomial, \sum_{k=a}^{s n + c} q(k, n) with integer a, s >= 1
// and c, is itself a polynomial in n for every integer n with s n + c >= a
// - 1 (Faulhaber: the sum is Q(s n + c) - Q(a - 1) for a polynomial Q of one
// degree more). So when both answers are polynomials in the one variable n
// in this sense, of degree at most D, and agree exactly at D + 1
// consecutive integers from the first n where every sum is defined, they
// agree at every integer from there on: an exact proof ("polynomial
// identity in n"), stated with its range, since the sum has no meaning at
// other n.

// maxSumProofDegree bounds the degree the proof works to: each point sums
// its terms one by one.
const maxSumProofDegree = 24

// polySum describes the answers for the proof: their degree bound in n and
// the least n from which every sum in them is a polynomial.
type polySum struct {
	n     string
	deg   int
	start *big.Int
}

// sumPolyDegree returns a bound on the degree in n of a polynomial
// expression in n, sums of polynomials among its terms; ok is false for
// anything else (a quotient by n, another variable, a function, a product).
// idx is the index of the enclosing sum, which counts like n.
func (c *comparer) sumPolyDegree(e expr.Node, ps *polySum, idx string) (int, bool) {
	switch t := e.(type) {
	case *expr.Num:
		return 0, true
	case *expr.Sym:
		if t.Name == ps.n || idx != "" && t.Name == idx {
			return 1, true
		}
		return 0, false
	case *expr.Neg:
		return c.sumPolyDegree(t.X, ps, idx)
	case *expr.Add:
		d := 0
		for _, a := range t.Terms {
			k, ok := c.sumPolyDegree(a, ps, idx)
			if !ok {
				return 0, false
			}
			d = max(d, k)
		}
		return d, true
	case *expr.Mul:
		d := 0
		for _, a := range t.Factors {
			if p, ok := a.(*expr.Pow); ok && c.isNonZeroConst(p.Base) {
				// a constant factor such as 2^{-1}
				if _, ok := c.intExponent(p.Exp, -1<<20); ok && len(expr.FreeVars(p)) == 0 {
					continue
				}
			}
			k, ok := c.sumPolyDegree(a, ps, idx)
			if !ok {
				return 0, false
			}
			d += k
		}
		return d, true
	case *expr.Pow:
		if len(expr.FreeVars(t)) == 0 && !hasBinder(t) {
			if _, err := expr.Rational(c.ctx, t, c.lim); err == nil {
				return 0, true
			}
			return 0, false
		}
		k, ok := c.intExponent(t.Exp, 0)
		if !ok {
			return 0, false
		}
		b, ok := c.sumPolyDegree(t.Base, ps, idx)
		return b * k, ok
	case *expr.Call:
		call, v, ok := isBinder(t)
		if !ok || call.Fn != "sum" || idx != "" {
			return 0, false
		}
		lo, err := expr.Rational(c.ctx, call.Args[2], c.lim)
		if err != nil || !lo.IsInt() || len(expr.FreeVars(call.Args[2])) > 0 {
			return 0, false
		}
		s, cst, ok := c.linearIn(call.Args[3], ps.n)
		if !ok || s.Sign() <= 0 {
			return 0, false
		}
		// s n + c >= a - 1  <=>  n >= ceil((a - 1 - c) / s)
		need := new(big.Int).Sub(new(big.Int).Sub(lo.Num(), big.NewInt(1)), cst)
		q, m := new(big.Int).DivMod(need, s, new(big.Int))
		if m.Sign() != 0 {
			q.Add(q, big.NewInt(1))
		}
		if ps.start == nil || q.Cmp(ps.start) > 0 {
			ps.start = q
		}
		d, ok := c.sumPolyDegree(call.Args[0], ps, v.Name)
		return d + 1, ok
	}
	return 0, false
}

func (c *comparer) isNonZeroConst(n expr.Node) bool {
	if len(expr.FreeVars(n)) > 0 {
		return false
	}
	v, err := expr.Rational(c.ctx, n, c.lim)
	return err == nil && v.Sign() != 0
}

// intExponent reads an integer exponent of at least min (and at most
// maxSumProofDegree).
func (c *comparer) intExponent(n expr.Node, min int64) (int, bool) {
	if len(expr.FreeVars(n)) > 0 {
		return 0, false
	}
	v, err := expr.Rational(c.ctx, n, c.lim)
	if err != nil || !v.IsInt() || !v.Num().IsInt64() {
		return 0, false
	}
	k := v.Num().Int64()
	if k < min || k > maxSumProofDegree {
		return 0, false
	}
	return int(k), true
}

// linearIn reads b as s n + c with integers s and c: a polynomial of
// degree at most 1 in n (so its values at n = 0, 1, 2 give s and c).
func (c *comparer) linearIn(b expr.Node, n string) (s, cst *big.Int, ok bool) {
	if hasBinder(b) {
		return nil, nil, false
	}
	if d, ok := c.sumPolyDegree(b, &polySum{n: n}, ""); !ok || d > 1 {
		return nil, nil, false
	}
	var vals [3]*big.Rat
	for i := range vals {
		v, err := expr.Rational(c.ctx, expr.Substitute(b, n, expr.Int(int64(i))), c.lim)
		if err != nil || !v.IsInt() {
			return nil, nil, false
		}
		vals[i] = v
	}
	d1 := new(big.Rat).Sub(vals[1], vals[0])
	d2 := new(big.Rat).Sub(vals[2], vals[1])
	if d1.Cmp(d2) != 0 {
		return nil, nil, false
	}
	return new(big.Int).Set(d1.Num()), new(big.Int).Set(vals[0].Num()), true
}

// proveSum tries the polynomial identity proof on two answers with sums
// over a range ending at n. ok is false when the answers are not both
// polynomials in the sense above; otherwise the result is Equal (agreement
// at D + 1 consecutive integers), NotEqual (a point where they differ) or
// Undecided (a limit).
func (c *comparer) proveSum(g, x expr.Node, rangeVars map[string]bool) (Result, bool) {
	if len(rangeVars) != 1 {
		return Result{}, false
	}
	var n string
	for v := range rangeVars {
		n = v
	}
	for _, side := range []expr.Node{g, x} {
		for v := range expr.FreeVars(side) {
			if v != n {
				return Result{}, false
			}
		}
	}
	ps := &polySum{n: n}
	dg, ok1 := c.sumPolyDegree(g, ps, "")
	dx, ok2 := c.sumPolyDegree(x, ps, "")
	if !ok1 || !ok2 || ps.start == nil {
		return Result{}, false
	}
	d := max(dg, dx)
	if d > maxSumProofDegree {
		return Result{}, false
	}
	for i := 0; i <= d; i++ {
		if c.expired() {
			c.limitHit = true
			return undec("deadline reached proving the sum's closed form"), true
		}
		at := new(big.Int).Add(ps.start, big.NewInt(int64(i)))
		val := &expr.Num{V: new(big.Rat).SetInt(at)}
		gv, err1 := expr.Rational(c.ctx, expr.Substitute(g, n, val), c.lim)
		xv, err2 := expr.Rational(c.ctx, expr.Substitute(x, n, val), c.lim)
		if c.limitErr(err1) || c.limitErr(err2) {
			return undec("size limit reached evaluating the sums"), true
		}
		if err1 != nil || err2 != nil {
			return Result{}, false
		}
		if gv.Cmp(xv) != 0 {
			return neq("differ at %s=%s (an integer: it bounds a sum): %s vs %s", n, at, short(gv), short(xv)), true
		}
	}
	last := new(big.Int).Add(ps.start, big.NewInt(int64(d)))
	return eq("polynomial identity in "+strings.TrimPrefix(n, "\\"),
		"both sides are polynomials in %s of degree at most %d for every integer %s >= %s, where the sums are defined; they agree at %s = %s..%s",
		n, d, n, ps.start, n, ps.start, last), true
}
