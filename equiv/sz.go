package equiv

import (
	"errors"
	"math"
	"math/big"

	"github.com/matheval/matheval/expr"
)

// Schwartz-Zippel identity testing, for two rational functions whose
// canonical forms are too large to expand ((a+b+c+d+e)^{20} against its
// expansion). Write g = N_g/D_g and x = N_x/D_x; they are equal exactly
// when P = N_g D_x - N_x D_g is the zero polynomial, and P has total degree
// at most d, computed from the trees. Both sides are evaluated exactly (on
// math/big rationals) at k points whose coordinates are drawn uniformly
// and independently from S = {1, ..., 2^32}. If P is not zero, the
// Schwartz-Zippel lemma bounds the chance that it vanishes at one random
// point by d/|S|, so the chance that it vanishes at all k points by
// (d/2^32)^k. The test answers Equal only when that bound is below 2^-100,
// and says the bound in its reason; a point where the sides differ proves
// NotEqual outright. (A point where a denominator vanishes is drawn again:
// that happens with chance at most deg(D)/|S| per point.) The points come
// from the comparison's seed, so verdicts are reproducible.

const (
	szBits      = 32  // |S| = 2^32
	szErrorBits = 100 // answer Equal only with error probability below 2^-100
	szMaxDegree = 1 << 20
	szMaxPoints = 64
)

// ratTree reports whether n is built from numbers, variables, + - * / and
// integer powers only, and returns the degree bounds of its numerator and
// denominator.
func ratTree(c *comparer, n expr.Node) (num, den int64, ok bool) {
	switch t := n.(type) {
	case *expr.Num:
		return 0, 0, true
	case *expr.Sym:
		if expr.IsConst(t.Name) {
			return 0, 0, false
		}
		return 1, 0, true
	case *expr.Neg:
		return ratTree(c, t.X)
	case *expr.Add:
		// a/b + c/d = (a d + c b)/(b d)
		var nn, dd int64
		for i, term := range t.Terms {
			a, b, ok := ratTree(c, term)
			if !ok {
				return 0, 0, false
			}
			if i == 0 {
				nn, dd = a, b
				continue
			}
			nn = max(nn+b, a+dd)
			dd += b
		}
		return nn, dd, nn <= szMaxDegree && dd <= szMaxDegree
	case *expr.Mul:
		var nn, dd int64
		for _, f := range t.Factors {
			a, b, ok := ratTree(c, f)
			if !ok {
				return 0, 0, false
			}
			nn, dd = nn+a, dd+b
		}
		return nn, dd, nn <= szMaxDegree && dd <= szMaxDegree
	case *expr.Pow:
		k, err := expr.Rational(c.ctx, t.Exp, c.lim)
		if err != nil || !k.IsInt() || !k.Num().IsInt64() {
			return 0, 0, false
		}
		a, b, ok := ratTree(c, t.Base)
		if !ok {
			return 0, 0, false
		}
		e := k.Num().Int64()
		if e < 0 {
			a, b, e = b, a, -e
		}
		if e > szMaxDegree || a*e > szMaxDegree || b*e > szMaxDegree {
			return 0, 0, false
		}
		return a * e, b * e, true
	}
	return 0, 0, false
}

// schwartzZippel tests g = x for two rational-function trees. ok is false
// when the test does not apply or cannot finish.
func (c *comparer) schwartzZippel(g, x expr.Node) (Result, bool) {
	ng, dg, ok1 := ratTree(c, g)
	nx, dx, ok2 := ratTree(c, x)
	if !ok1 || !ok2 {
		return Result{}, false
	}
	d := max(ng+dx, nx+dg, 1)
	// k points with (d/2^32)^k <= 2^-100
	perPoint := szBits - math.Log2(float64(d))
	if perPoint < 1 {
		return Result{}, false
	}
	k := int(math.Ceil(szErrorBits / perPoint))
	if k > szMaxPoints {
		return Result{}, false
	}
	vars := expr.FreeVars(g)
	for v := range expr.FreeVars(x) {
		vars[v] = true
	}
	names := sortedNames(vars)
	agree, tries := 0, 0
	for agree < k {
		if tries++; tries > 2*k+8 {
			return Result{}, false
		}
		if c.expired() {
			c.limitHit = true
			return undec("deadline reached in the identity test"), true
		}
		gv, xv := g, x
		env := map[string]*big.Rat{}
		for _, v := range names {
			r := new(big.Rat).SetInt64(int64(c.random().Uint32()) + 1)
			env[v] = r
			gv = expr.Substitute(gv, v, &expr.Num{V: r})
			xv = expr.Substitute(xv, v, &expr.Num{V: r})
		}
		a, err1 := expr.Rational(c.ctx, gv, c.lim)
		b, err2 := expr.Rational(c.ctx, xv, c.lim)
		if errors.Is(err1, expr.ErrDomain) || errors.Is(err2, expr.ErrDomain) {
			continue // a denominator vanished: draw again
		}
		if err1 != nil || err2 != nil {
			return Result{}, false
		}
		if a.Cmp(b) != 0 {
			return neq("differ at %s (exact evaluation)", fmtEnv(names, env)), true
		}
		agree++
	}
	bound := float64(k) * perPoint
	return eq("Schwartz-Zippel identity test", "equal at %d random exact points; degree <= %d, error probability <= 2^-%.0f", k, d, bound), true
}
