package equiv

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/matheval/matheval/expr"
)

// Precisions of numeric evaluation (bits).
const (
	precLo = 160
	precHi = 320
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
		if !t.Dec {
			return nil, false
		}
		return t, true
	case *expr.Neg:
		if m, ok := t.X.(*expr.Num); ok && m.Dec {
			return &expr.Num{V: new(big.Rat).Neg(m.V), Dec: true, Places: m.Places, Trail: m.Trail}, true
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
	}
	return 0
}

// scalar compares two single values. A symbol that was not read keeps it
// from proving them equal unless they are written alike (unreadGuard).
func (c *comparer) scalar(g, x expr.Node) Result {
	return c.freshGuard(c.unreadGuard(c.scalarValues(g, x), g, x), x)
}

func (c *comparer) scalarValues(g, x expr.Node) Result {
	if c.expired() {
		c.limitHit = true
		return undec("deadline of %v reached", c.opts.Timeout)
	}
	gi, xi := infSign(g), infSign(x)
	if gi != 0 || xi != 0 {
		if gi == xi {
			return eq("identical expressions", "the same infinity")
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
			if trailing(gd) != trailing(xd) {
				// 0.25… goes on past 0.25: no terminating value
				return neq("a decimal whose digits go on (…) against the terminating %s", short(gv))
			}
			return eq("exact rational")
		}
		if gDec || xDec {
			return c.decimalPolicy(gd, xd, g, x)
		}
		return neq("different numbers: %s vs %s", short(gv), short(xv))
	}
	if gDec || xDec {
		return c.decimalPolicy(gd, xd, g, x)
	}
	fb := c.forms()
	fg, err1 := fb.Form(g)
	fx, err2 := fb.Form(x)
	if errors.Is(err1, expr.ErrLimit) || errors.Is(err2, expr.ErrLimit) {
		// too large to expand: rational functions still have an exact
		// identity test
		if r, ok := c.schwartzZippel(g, x); ok {
			return r
		}
	}
	if c.limitErr(err1) || c.limitErr(err2) {
		return undec("size or time limit reached building canonical forms")
	}
	if err1 == nil && err2 == nil {
		d, err := fb.Sub(fg, fx)
		if err == nil {
			if fb.Zero(d) {
				return eq(proofKind(fg, fx))
			}
			if r, ok := c.binderGuard(g, x); ok {
				return r
			}
			return c.refute(g, x, d)
		}
		if c.limitErr(err) {
			return undec("size or time limit reached: %v", err)
		}
	}
	if r, ok := c.binderGuard(g, x); ok {
		return r
	}
	for _, e := range []error{err1, err2} {
		if errors.Is(e, expr.ErrNotScalar) {
			return neq("not a single value")
		}
	}
	// no canonical form: the sides can still be told apart numerically
	return c.refuteNodes(g, x)
}

// proofKind names the canonical form that proved two forms equal.
func proofKind(a, b *expr.Form) string {
	f := a.Features() | b.Features()
	if f&expr.FeatVar == 0 {
		switch {
		case f&^(expr.FeatRadical|expr.FeatI|expr.FeatDen) == 0:
			return "canonical algebraic form"
		case f&(expr.FeatOpaque|expr.FeatRoot) != 0:
			return "canonical form over Q(√, i, π, e, log, roots of unity) with identical opaque terms"
		}
		return "canonical form over Q(√, i, π, e, log, roots of unity)"
	}
	switch {
	case f&(expr.FeatExp|expr.FeatLog|expr.FeatRoot|expr.FeatOpaque|expr.FeatPi) == 0 && f&expr.FeatDen == 0:
		return "canonical polynomial form"
	case f&(expr.FeatExp|expr.FeatLog|expr.FeatRoot|expr.FeatOpaque|expr.FeatPi) == 0:
		return "canonical rational-function form"
	case f&(expr.FeatRoot|expr.FeatOpaque) == 0:
		return "canonical exponential form"
	}
	return "canonical form with identical roots and opaque terms"
}

func short(r *big.Rat) string {
	s := r.RatString()
	if len(s) > 40 {
		f, _ := r.Float64()
		return fmt.Sprintf("%.6g (%d digits)", f, len(s))
	}
	return s
}

// ---- refutation ----

// refute tries to show the difference d of the forms of g and x nonzero:
// exactly for constants whose forms are canonical, numerically at the
// constants or at probe points otherwise. It never answers Equal.
func (c *comparer) refute(g, x expr.Node, d *expr.Form) Result {
	fb := c.forms()
	if !d.HasVar() {
		if c.exactNonZero(d) {
			return neq("different values (the canonical forms differ by %s)", shortForm(d))
		}
		a, err := fb.Approx(d, nil)
		if err != nil {
			if c.limitErr(err) {
				return undec("size or time limit reached evaluating the difference")
			}
			return undec("could not evaluate the difference: %v", err)
		}
		if a.NonZero() {
			return neq("different values: %s vs %s (difference %s)", c.approxText(g, nil), c.approxText(x, nil), floatText(a.V))
		}
		if a.Err.Cmp(big.NewFloat(1e-30)) > 0 {
			// the bound, not the value, is what is small: sin(10^100)
			// at 320 bits is known only to within ±1
			return undec("the difference could not be evaluated precisely enough (its error bound is %.3g)", a.Err)
		}
		return undec("the answers agree to %d bits but are not proved equal", precHi)
	}
	vars := expr.FreeVars(g)
	for k := range expr.FreeVars(x) {
		vars[k] = true
	}
	names := sortedNames(vars)
	if s := unreadName(names); s != "" {
		return undec("%s has no meaning the grader reads: it is not probed as if it were a variable", s)
	}
	evaluated := 0
	for i := 0; i < c.opts.Points; i++ {
		if c.expired() {
			c.limitHit = true
			return undec("deadline reached after %d probe points", evaluated)
		}
		env := c.point(names, i)
		a, err := fb.Approx(d, env)
		if err != nil {
			if c.limitErr(err) {
				return undec("size or time limit reached evaluating the difference")
			}
			continue
		}
		evaluated++
		if a.NonZero() {
			return neq("differ at %s: %s vs %s", fmtEnv(names, env), c.approxText(g, env), c.approxText(x, env))
		}
	}
	if evaluated == 0 {
		return undec("the difference could not be evaluated at any probe point")
	}
	return undec("the answers agree at %d probe points but are not proved equal", evaluated)
}

// exactNonZero reports whether a constant form is certainly not zero
// without numerics: one term of nonzero factors, or a combination of
// radicals of pairwise coprime bases (linearly independent over Q).
func (c *comparer) exactNonZero(d *expr.Form) bool {
	f := d.Features()
	if f&(expr.FeatOpaque|expr.FeatRoot|expr.FeatDen) != 0 {
		return false
	}
	if d.Terms() == 1 {
		return true
	}
	return f&^(expr.FeatRadical|expr.FeatI) == 0 && d.CoprimeRadicals()
}

func shortForm(f *expr.Form) string {
	s := f.String()
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// approxText prints the value of n at env (for reasons).
func (c *comparer) approxText(n expr.Node, env map[string]*big.Rat) string {
	v, err := expr.Eval(c.ctx, n, 64, env, expr.EvalOptions{Limits: c.lim})
	if err != nil {
		return "(" + err.Error() + ")"
	}
	return floatText(v)
}

func floatText(v expr.Complex) string {
	re, _ := v.Re.Float64()
	im, _ := v.Im.Float64()
	if im == 0 {
		return fmt.Sprintf("%.10g", re)
	}
	return fmt.Sprintf("%.10g%+.10gi", re, im)
}

// refuteNodes tries to tell two sides apart by evaluating each at the
// constants or at probe points, when they have no canonical form.
func (c *comparer) refuteNodes(g, x expr.Node) Result {
	vars := expr.FreeVars(g)
	for k := range expr.FreeVars(x) {
		vars[k] = true
	}
	names := sortedNames(vars)
	if s := unreadName(names); s != "" {
		return undec("%s has no meaning the grader reads: it is not probed as if it were a variable", s)
	}
	n := c.opts.Points
	if len(names) == 0 {
		n = 1
	}
	evaluated := 0
	for i := 0; i < n; i++ {
		if c.expired() {
			c.limitHit = true
			return undec("deadline reached after %d probe points", evaluated)
		}
		var env map[string]*big.Rat
		if len(names) > 0 {
			env = c.point(names, i)
		}
		ga, err1 := c.approx(g, env)
		if c.limitErr(err1) {
			return undec("gold: %v", err1)
		}
		xa, err2 := c.approx(x, env)
		if c.limitErr(err2) {
			return undec("candidate: %v", err2)
		}
		if err1 != nil || err2 != nil {
			if len(names) == 0 {
				if errors.Is(err1, expr.ErrNotScalar) || errors.Is(err2, expr.ErrNotScalar) {
					return neq("not a single value")
				}
				if errors.Is(err1, expr.ErrUnknownFunction) || errors.Is(err2, expr.ErrUnknownFunction) {
					// a limit, sum or integral the engine has no value for:
					// nothing is known of it, so nothing is refuted
					return undec("no value is known for the %s (%v)", sideOf(err1), firstErr(err1, err2))
				}
				if (err1 == nil) != (err2 == nil) {
					return neq("one side has a value, the other not (%v)", firstErr(err1, err2))
				}
			}
			continue
		}
		evaluated++
		if differ(ga, xa) {
			where := ""
			if len(names) > 0 {
				where = " at " + fmtEnv(names, env)
			}
			return neq("different values%s: %s vs %s", where, floatText(ga.v), floatText(xa.v))
		}
	}
	return undec("no canonical form, and evaluation does not separate the answers")
}

// sideOf names the side whose evaluation failed with err1 (the gold's) or
// else the candidate's.
func sideOf(err1 error) string {
	if err1 != nil {
		return "gold"
	}
	return "candidate"
}

func firstErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// an approximation of a tree's value: the 320-bit value and the change
// from 160 bits, a stand-in for its error
type approxVal struct {
	v   expr.Complex
	err *big.Float
}

func (c *comparer) approx(n expr.Node, env map[string]*big.Rat) (approxVal, error) {
	hi, err := expr.Eval(c.ctx, n, precHi, env, expr.EvalOptions{Limits: c.lim})
	if err != nil {
		return approxVal{}, err
	}
	lo, err := expr.Eval(c.ctx, n, precLo, env, expr.EvalOptions{Limits: c.lim})
	if err != nil {
		return approxVal{}, err
	}
	d := cabs(hi, lo)
	// the low-precision run's own rounding, at least
	m := cabs(hi, expr.Complex{Re: new(big.Float), Im: new(big.Float)})
	floor := new(big.Float).SetMantExp(maxF(m, big.NewFloat(1)), -(precLo - 48))
	if d.Cmp(floor) < 0 {
		d = floor
	}
	return approxVal{hi, d}, nil
}

func maxF(a, b *big.Float) *big.Float {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}

// differ reports whether two approximations are certainly different.
func differ(a, b approxVal) bool {
	d := cabs(a.v, b.v)
	tol := new(big.Float).Add(a.err, b.err)
	return d.Cmp(tol.Mul(tol, big.NewFloat(4))) > 0
}

func cabs(a, b expr.Complex) *big.Float {
	re := new(big.Float).SetPrec(precHi).Sub(a.Re, b.Re)
	im := new(big.Float).SetPrec(precHi).Sub(a.Im, b.Im)
	re.Abs(re)
	im.Abs(im)
	return re.Add(re, im)
}

// probeMagnitudes are the sizes probe points draw from: near zero, near
// one, moderate and large, none a small integer or a simple fraction
// (where answers often have kinks or special values); each point also
// gets a small random shift.
var probeMagnitudes = [][2]int64{
	{7, 10}, {13, 7}, {41, 13}, {1, 3}, {29, 11}, {113, 17}, {1, 97}, {3, 211}, {257, 3}, {601, 7},
	{5, 2}, {9, 5}, {4001, 3}, {20011, 7}, {2, 3}, {1, 19}, {13, 9}, {31, 10}, {7, 47}, {151, 4},
}

// point draws the probe point number i for the variables. The signs run
// through every pattern (variable j is negative when bit j of i is set),
// so that the first points already see each quadrant of two variables;
// under Positive every value is positive.
func (c *comparer) point(vars []string, i int) map[string]*big.Rat {
	env := map[string]*big.Rat{}
	for j, v := range vars {
		pv := probeMagnitudes[(i*7+j*3)%len(probeMagnitudes)]
		r := big.NewRat(pv[0], pv[1])
		// a small random shift keeps distinct variables apart and away from
		// coincidences
		r.Add(r, big.NewRat(int64(c.random().Intn(1000)+1), 100003))
		if !c.opts.Positive && j < 16 && (i>>j)&1 == 1 {
			r.Neg(r)
		}
		env[v] = r
	}
	return env
}

func fmtEnv(names []string, env map[string]*big.Rat) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += ", "
		}
		f, _ := env[n].Float64()
		s += fmt.Sprintf("%s=%.6g", n, f)
		if i == 3 && len(names) > 4 {
			s += ", ..."
			break
		}
	}
	return s
}

// ---- decimals ----

// decimalPolicy compares answers when one is a bare decimal and their
// exact values differ or are not both rational (see DecimalPolicy).
func (c *comparer) decimalPolicy(gd, xd *expr.Num, g, x expr.Node) Result {
	if len(expr.FreeVars(g)) > 0 || len(expr.FreeVars(x)) > 0 {
		return neq("a number against an expression with variables")
	}
	for _, n := range []expr.Node{g, x} {
		// an uninterpreted function (a residue class 2 \pmod 5, f(3)) has
		// only the stand-in value the comparison of two formulas uses: no
		// decimal rounds to it
		if _, err := expr.Eval(c.ctx, n, 64, nil, expr.EvalOptions{NoOpaque: true}); errors.Is(err, expr.ErrUnknownFunction) {
			return undec("a decimal against %s, which has no numeric value", n)
		}
	}
	fb := c.forms()
	fg, err1 := fb.Form(g)
	fx, err2 := fb.Form(x)
	if c.limitErr(err1) || c.limitErr(err2) {
		return undec("size or time limit reached")
	}
	if err1 != nil || err2 != nil {
		if r, ok := c.binderGuard(g, x); ok {
			return r
		}
		return c.refuteNodes(g, x)
	}
	d, err := fb.Sub(fg, fx)
	if err != nil {
		if c.limitErr(err) {
			return undec("size or time limit reached")
		}
		return undec("could not subtract the answers: %v", err)
	}
	if fb.Zero(d) {
		return eq(proofKind(fg, fx))
	}
	if r, ok := c.binderGuard(g, x); ok {
		return r
	}
	ad, err := fb.Approx(d, nil)
	if err != nil {
		if c.limitErr(err) {
			return undec("size or time limit reached")
		}
		if errors.Is(err, expr.ErrUnknownFunction) {
			// \zeta(3) against 1.202: no value to refute with
			return undec("no numeric value to compare (%v)", err)
		}
		return neq("the answers do not both have real values (%v)", err)
	}
	if _, real := ad.Sign(); !real && ad.NonZero() {
		if new(big.Float).Abs(ad.V.Im).Cmp(ad.Err) > 0 {
			return neq("a decimal against a complex value")
		}
	}
	diff := new(big.Float).Abs(ad.V.Re)
	if r, ok := d.Rational(); ok {
		// both values rational: the difference is exact
		diff = new(big.Float).SetPrec(precHi).SetRat(new(big.Rat).Abs(r))
		ad.Err = new(big.Float)
	}
	switch c.opts.Decimal {
	case DecimalExact:
		return neq("decimal differs from the exact value (exact policy)")
	case DecimalAbs:
		df, _ := diff.Float64()
		if df <= c.opts.AbsTol*(1+1e-9) {
			return eq("decimal policy", "within the absolute tolerance %g", c.opts.AbsTol)
		}
		return neq("differ by %.3g, more than the absolute tolerance %g", df, c.opts.AbsTol)
	case DecimalRel:
		ag, err := fb.Approx(fg, nil)
		if err != nil {
			return undec("could not evaluate the gold: %v", err)
		}
		df, _ := diff.Float64()
		af, _ := ag.V.Re.Float64()
		if df <= c.opts.RelTol*math.Abs(af)*(1+1e-9) {
			return eq("decimal policy", "within the relative tolerance %g", c.opts.RelTol)
		}
		return neq("differ by %.3g, more than the relative tolerance %g", df, c.opts.RelTol)
	}
	// DecimalRounded
	minSig := c.opts.MinSigDigits
	if gd != nil {
		// a decimal gold is exact against any terminating value: two
		// different terminating decimals are different numbers (42.1875
		// is not 42.18749). It may stand for a rounded value only against
		// an exact candidate that does not terminate (2.7778 for 25/9),
		// when it shows enough digits.
		if xd != nil {
			return neq("different decimals: %s vs %s", gd, xd)
		}
		if terminates(fx, -1) {
			return neq("the candidate is a terminating value that differs from the decimal gold %s", gd)
		}
		if sigDigits(gd) < minSig {
			return neq("different decimals: the gold %s is exact (fewer than %d significant digits)", gd, minSig)
		}
		if ok, sure := c.within(diff, ad.Err, gd.Places); !sure {
			return undec("too close to the rounding boundary to decide")
		} else if ok {
			return eq("decimal policy", "the gold %s is the exact candidate rounded to %d places", gd, gd.Places)
		}
		return neq("the exact candidate does not round to the gold %s", gd)
	}
	// a decimal candidate against an exact gold
	if terminates(fg, -1) {
		return neq("the gold is exact (a terminating decimal) and the candidate %s differs from it", xd)
	}
	if sig := sigDigits(xd); sig < minSig {
		return neq("decimal %s shows %d significant digit(s), fewer than the %d the policy needs", xd, sig, minSig)
	}
	if ok, sure := c.within(diff, ad.Err, xd.Places); !sure {
		return undec("too close to the rounding boundary to decide")
	} else if ok {
		return eq("decimal policy", "correctly rounded to %d places", xd.Places)
	}
	if xd.Trail {
		// 0.6666…: the digits shown are the value's first ones (truncated),
		// |gold - x| < one unit of the last place, on the side away from 0
		if ok, sure := c.truncated(fb, fg, xd); !sure {
			return undec("too close to a truncation boundary to decide")
		} else if ok {
			return eq("decimal policy", "the gold truncated to %d places (the digits go on)", xd.Places)
		}
	}
	return neq("%s is not the gold correctly rounded to %d places", xd, xd.Places)
}

// trailing reports whether d is a decimal written with an ellipsis.
func trailing(d *expr.Num) bool { return d != nil && d.Trail }

// truncated reports whether the decimal x is the exact value of fg cut
// after x.Places digits: 0 ≤ (g - x)·sign(x) < 10^-Places, decided on
// the numeric enclosure of g - x (sure is false when its error bound
// straddles an end).
func (c *comparer) truncated(fb *expr.FormBuilder, fg *expr.Form, x *expr.Num) (ok, sure bool) {
	fx, err := fb.Form(x)
	if err != nil {
		return false, true
	}
	d, err := fb.Sub(fg, fx)
	if err != nil {
		return false, true
	}
	a, err := fb.Approx(d, nil)
	if err != nil {
		return false, true
	}
	v := new(big.Float).Set(a.V.Re)
	if x.V.Sign() < 0 {
		v.Neg(v)
	}
	unit := new(big.Float).SetPrec(precHi).SetRat(new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(x.Places)), nil)))
	lo := new(big.Float).Sub(v, a.Err)
	hi := new(big.Float).Add(v, a.Err)
	switch {
	case lo.Sign() >= 0 && hi.Cmp(unit) < 0:
		return true, true
	case hi.Sign() < 0 || lo.Cmp(unit) >= 0:
		return false, true
	}
	return false, false
}

// within reports whether diff < half a unit of the given decimal place;
// sure is false when the error bound straddles the boundary.
func (c *comparer) within(diff, errb *big.Float, places int) (ok, sure bool) {
	unit := new(big.Float).SetPrec(precHi).SetRat(new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(places)), nil)))
	half := unit.Quo(unit, big.NewFloat(2))
	lo := new(big.Float).Sub(diff, errb)
	hi := new(big.Float).Add(diff, errb)
	switch {
	case hi.Cmp(half) < 0:
		return true, true
	case lo.Cmp(half) >= 0:
		return false, true
	}
	return false, false
}

// terminates reports whether a form is a rational with a terminating
// decimal expansion (of at most places digits when places >= 0).
func terminates(f *expr.Form, places int) bool {
	r, ok := f.Rational()
	if !ok {
		return false
	}
	d := new(big.Int).Set(r.Denom())
	k := 0
	for _, p := range []int64{2, 5} {
		n := 0
		m := new(big.Int)
		for {
			q, rem := new(big.Int).QuoRem(d, big.NewInt(p), m)
			if rem.Sign() != 0 {
				break
			}
			d = q
			n++
		}
		k = max(k, n)
	}
	if d.Cmp(big.NewInt(1)) != 0 {
		return false
	}
	return places < 0 || k <= places
}

func sigDigits(n *expr.Num) int {
	s := n.V.FloatString(n.Places)
	s = strings.TrimPrefix(s, "-")
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
