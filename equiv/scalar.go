package equiv

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/matheval/matheval/expr"
)

// Precisions of the two-precision test (bits).
const (
	precLo = 160
	precHi = 320
	// shrink: a difference that is a rounding artefact falls by at least
	// 2^shrink from precLo to precHi (a true zero falls by about 2^160).
	shrink = 80
)

func (c *comparer) limitErr(err error) bool {
	if errors.Is(err, expr.ErrLimit) || errors.Is(err, expr.ErrDeadline) {
		c.limitHit = true
		return true
	}
	return false
}

// decimalLit returns the literal when n is a bare decimal (possibly negated).
func decimalLit(n expr.Node) (*expr.Num, bool) {
	switch t := n.(type) {
	case *expr.Num:
		return t, t.Dec
	case *expr.Neg:
		if m, ok := t.X.(*expr.Num); ok && m.Dec {
			return &expr.Num{V: new(big.Rat).Neg(m.V), Dec: true, Places: m.Places}, true
		}
	}
	return nil, false
}

func infSign(n expr.Node) int {
	switch t := n.(type) {
	case *expr.Sym:
		if t.Name == expr.Inf {
			return 1
		}
	case *expr.Neg:
		return -infSign(t.X)
	case *expr.Call:
		if t.Fn == "pm" {
			return 0
		}
	}
	return 0
}

// scalar compares two single values.
func (c *comparer) scalar(g, x expr.Node) Result {
	if c.expired() {
		c.limitHit = true
		return undec("deadline of %v reached", c.opts.Timeout)
	}
	gi, xi := infSign(g), infSign(x)
	if gi != 0 || xi != 0 {
		if gi == xi {
			return eq("same infinity")
		}
		return neq("infinity against a finite value or the opposite infinity")
	}
	gv, gerr := expr.Rational(c.ctx, g, c.lim)
	xv, xerr := expr.Rational(c.ctx, x, c.lim)
	if c.limitErr(gerr) || c.limitErr(xerr) {
		return undec("size limit reached evaluating exactly")
	}
	gd, gDec := decimalLit(g)
	xd, xDec := decimalLit(x)
	if gerr == nil && xerr == nil {
		if gv.Cmp(xv) == 0 {
			return eq("equal as rationals")
		}
		if gDec || xDec {
			return c.decimalPolicy(gd, xd, gDec, xDec, g, x, gv, xv)
		}
		return neq("different numbers: %s vs %s", short(gv), short(xv))
	}
	vars := expr.FreeVars(g)
	for k := range expr.FreeVars(x) {
		vars[k] = true
	}
	if len(vars) == 0 {
		if gDec || xDec {
			return c.decimalPolicy(gd, xd, gDec, xDec, g, x, gv, xv)
		}
		if ga, err := expr.Algebraic(c.ctx, g, c.lim); err == nil {
			if xa, err := expr.Algebraic(c.ctx, x, c.lim); err == nil {
				if ga.Equal(xa) {
					return eq("equal as algebraic numbers (%s)", ga)
				}
				return neq("different algebraic numbers: %s vs %s", ga, xa)
			} else if c.limitErr(err) {
				return undec("size limit reached: %v", err)
			}
		} else if c.limitErr(err) {
			return undec("size limit reached: %v", err)
		}
		return c.numericConst(g, x)
	}
	if gDec || xDec {
		return neq("a number against an expression in %v", sortedNames(vars))
	}
	if r, ok := c.polyEqual(g, x, vars); ok {
		return r
	}
	return c.probe(g, x, vars)
}

func short(r *big.Rat) string {
	s := r.RatString()
	if len(s) > 40 {
		f, _ := r.Float64()
		return fmt.Sprintf("%.6g (%d digits)", f, len(s))
	}
	return s
}

// decimalPolicy compares a bare decimal with another value that is not
// exactly equal to it.
func (c *comparer) decimalPolicy(gd, xd *expr.Num, gDec, xDec bool, g, x expr.Node, gv, xv *big.Rat) Result {
	// the value to compare against, at high precision
	val := func(n expr.Node, r *big.Rat) (*big.Float, error) {
		if r != nil {
			return new(big.Float).SetPrec(precHi).SetRat(r), nil
		}
		v, err := expr.Eval(c.ctx, n, precHi, nil, expr.EvalOptions{Limits: c.lim})
		if err != nil {
			return nil, err
		}
		if !v.IsReal() {
			return nil, fmt.Errorf("complex value")
		}
		return v.Re, nil
	}
	a, err := val(g, gv)
	if err != nil {
		if c.limitErr(err) {
			return undec("limit reached: %v", err)
		}
		return neq("gold does not evaluate to a real number (%v)", err)
	}
	b, err := val(x, xv)
	if err != nil {
		if c.limitErr(err) {
			return undec("limit reached: %v", err)
		}
		return neq("candidate does not evaluate to a real number (%v)", err)
	}
	diff := new(big.Float).Sub(a, b)
	diff.Abs(diff)
	df, _ := diff.Float64()
	switch c.opts.Decimal {
	case DecimalExact:
		return neq("decimal differs from the exact value (exact policy)")
	case DecimalAbs:
		if df <= c.opts.AbsTol*(1+1e-9) {
			return eq("within absolute tolerance %g", c.opts.AbsTol)
		}
		return neq("differ by %.3g, more than the absolute tolerance %g", df, c.opts.AbsTol)
	case DecimalRel:
		af, _ := a.Float64()
		if df <= c.opts.RelTol*math.Abs(af)*(1+1e-9) {
			return eq("within relative tolerance %g", c.opts.RelTol)
		}
		return neq("differ by %.3g, more than the relative tolerance %g", df, c.opts.RelTol)
	}
	// rounded: the decimal with fewer places must be the other value rounded
	// or truncated to its places
	var d *expr.Num
	switch {
	case gDec && xDec:
		d = gd
		if xd.Places < gd.Places {
			d = xd
		}
	case gDec:
		d = gd
	default:
		d = xd
	}
	if sig := sigDigits(d); sig < c.opts.MinSigDigits {
		return neq("decimal %s shows %d significant digit(s), fewer than %d", d, sig, c.opts.MinSigDigits)
	}
	unit := new(big.Float).SetPrec(precHi).SetRat(new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d.Places)), nil)))
	halfUnit := new(big.Float).SetPrec(precHi).Quo(unit, big.NewFloat(2))
	if gDec && xDec && gd.Places == xd.Places {
		return neq("different decimals: %s vs %s", gd, xd)
	}
	// correctly rounded (ties either way)
	if diff.Cmp(halfUnit) <= 0 {
		return eq("decimal agrees to its %d places", d.Places)
	}
	// or truncated: the decimal lies between 0 and the other value, less than one unit off
	dv := new(big.Float).SetPrec(precHi).SetRat(d.V)
	other := a // the value the candidate's decimal approximates
	// truncation is accepted from a candidate only, against a more precise value
	morePrecise := xDec && (!gDec || gd.Places > xd.Places)
	if d == xd && xDec && morePrecise && diff.Cmp(unit) < 0 && dv.Sign()*other.Sign() >= 0 && new(big.Float).Abs(dv).Cmp(new(big.Float).Abs(other)) < 0 {
		return eq("decimal is the value truncated to %d places", d.Places)
	}
	return neq("differ by %.3g at %d decimal places", df, d.Places)
}

func sigDigits(n *expr.Num) int {
	s := n.V.FloatString(n.Places)
	k := 0
	started := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch < '0' || ch > '9' {
			continue
		}
		if ch != '0' {
			started = true
		}
		if started {
			k++
		}
	}
	return k
}

// twoPrec evaluates n at both precisions.
func (c *comparer) twoPrec(n expr.Node, env map[string]*big.Rat) (lo, hi expr.Complex, err error) {
	lo, err = expr.Eval(c.ctx, n, precLo, env, expr.EvalOptions{Limits: c.lim})
	if err != nil {
		return
	}
	hi, err = expr.Eval(c.ctx, n, precHi, env, expr.EvalOptions{Limits: c.lim})
	return
}

func cabs(a, b expr.Complex, prec uint) *big.Float {
	re := new(big.Float).SetPrec(prec).Sub(a.Re, b.Re)
	im := new(big.Float).SetPrec(prec).Sub(a.Im, b.Im)
	re.Abs(re)
	im.Abs(im)
	return re.Add(re, im)
}

// sameValue applies the two-precision rule to values of two sides.
func sameValue(alo, ahi, blo, bhi expr.Complex) bool {
	d1 := cabs(alo, blo, precLo)
	d2 := cabs(ahi, bhi, precHi)
	if d2.Sign() == 0 {
		return true
	}
	if d1.Sign() == 0 {
		return false
	}
	lim := new(big.Float).SetMantExp(d1, -shrink)
	return d2.Cmp(lim) <= 0
}

// isZeroVal: the value vanishes by the same rule.
func isZeroVal(lo, hi expr.Complex) bool {
	z := expr.Complex{Re: new(big.Float), Im: new(big.Float)}
	return sameValue(lo, hi, z, z)
}

func (c *comparer) numericConst(g, x expr.Node) Result {
	glo, ghi, err := c.twoPrec(g, nil)
	if err != nil {
		return c.evalFail("gold", err)
	}
	xlo, xhi, err := c.twoPrec(x, nil)
	if err != nil {
		return c.evalFail("candidate", err)
	}
	if sameValue(glo, ghi, xlo, xhi) {
		return eq("numerically equal at %d bits", precHi)
	}
	return neq("different values: %s vs %s", glo.String(), xlo.String())
}

func (c *comparer) evalFail(side string, err error) Result {
	if c.limitErr(err) {
		return undec("%s: %v", side, err)
	}
	if errors.Is(err, expr.ErrNotScalar) {
		return neq("%s is not a single value", side)
	}
	return neq("%s does not evaluate (%v)", side, err)
}

// point draws random values for the variables: positive in (0.2, 3) when
// positive, else in (-3, 3) avoiding 0.
func (c *comparer) point(vars []string, positive bool) map[string]*big.Rat {
	env := map[string]*big.Rat{}
	for _, v := range vars {
		den := int64(c.random().Intn(89) + 11)
		num := int64(c.random().Intn(int(den)*28/10)) + den/5 + 1
		if !positive && c.random().Intn(2) == 0 {
			num = -num
		}
		env[v] = big.NewRat(num, den)
	}
	return env
}

// probe compares expressions with variables at random points.
func (c *comparer) probe(g, x expr.Node, vars map[string]bool) Result {
	names := sortedNames(vars)
	agree, fails := 0, 0
	need := c.opts.Points
	for attempt := 0; attempt < 4*need && agree < need; attempt++ {
		if c.expired() {
			c.limitHit = true
			return undec("deadline reached after %d agreeing points", agree)
		}
		env := c.point(names, c.positivePoint(attempt, 2*need))
		glo, ghi, err1 := c.twoPrec(g, env)
		if err1 != nil && c.limitErr(err1) {
			return undec("gold: %v", err1)
		}
		xlo, xhi, err2 := c.twoPrec(x, env)
		if err2 != nil && c.limitErr(err2) {
			return undec("candidate: %v", err2)
		}
		if err1 != nil || err2 != nil {
			if errors.Is(err1, expr.ErrNotScalar) || errors.Is(err2, expr.ErrNotScalar) {
				return neq("not a single value")
			}
			fails++
			continue
		}
		if !sameValue(glo, ghi, xlo, xhi) {
			return neq("differ at %s: %s vs %s", fmtEnv(names, env), glo.String(), xlo.String())
		}
		agree++
	}
	if agree >= need {
		return eq("numerically equal at %d random points", agree)
	}
	return undec("only %d of the random points could be evaluated", agree)
}

func fmtEnv(names []string, env map[string]*big.Rat) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += ", "
		}
		s += n + "=" + env[n].RatString()
		if i == 3 && len(names) > 4 {
			s += ", ..."
			break
		}
	}
	return s
}
