package equiv

import (
	"errors"
	"math/big"

	"github.com/matheval/matheval/expr"
)

// Sets of reals: intervals, finite sets, unions, intersections and
// differences of them, \mathbb{R}, and the solution sets of inequalities in
// one variable. A set is its sorted breakpoints (exact, as canonical
// forms) and whether each cell - the open gap before, between and after
// them, and each breakpoint itself - belongs to it. Two sets compare on the
// common refinement of their breakpoints, which needs the breakpoints
// ordered exactly: equal forms, or a difference certainly of one sign.

var (
	errNotSet = errors.New("not a set of reals")
	errUnsure = errors.New("could not order the ends of the sets")
	// errClosedInf: [6, \infty] holds no real number at its closed end;
	// an interval of the extended reals, or a slip, but never [6, \infty)
	errClosedInf = errors.New("a closed bracket at an infinite end")
)

type endpt struct {
	node expr.Node
	form *expr.Form
	val  *big.Float
}

type realSet struct {
	pts []*endpt
	in  []bool // 2*len(pts)+1 cells: gap, point, gap, point, ..., gap
}

func fullSet(v bool) realSet { return realSet{in: []bool{v}} }

// endpoint reads a finite interval end.
func (c *comparer) endpoint(n expr.Node) (*endpt, error) {
	if len(expr.FreeVars(n)) > 0 || c.hasOpenBinder(n, n) {
		// (a sum to infinity has no value the engine computes to order)
		return nil, errNotSet
	}
	fb := c.forms()
	f, err := fb.Form(n)
	if err != nil {
		if c.limitErr(err) {
			return nil, err
		}
		return nil, errNotSet
	}
	a, err := fb.Approx(f, nil)
	if err != nil {
		if c.limitErr(err) {
			return nil, err
		}
		return nil, errNotSet
	}
	if new(big.Float).Abs(a.V.Im).Cmp(a.Err) > 0 {
		return nil, errNotSet // not real
	}
	return &endpt{node: n, form: f, val: a.V.Re}, nil
}

// order compares two ends exactly: -1, 0, 1, or errUnsure.
func (c *comparer) order(a, b *endpt) (int, error) {
	if a == b || a.form.Key() == b.form.Key() {
		return 0, nil
	}
	fb := c.forms()
	d, err := fb.Sub(a.form, b.form)
	if err != nil {
		return 0, err
	}
	if d.IsZero() {
		return 0, nil
	}
	s, ok, err := fb.Sign(d)
	if err != nil {
		c.limitErr(err)
		return 0, err
	}
	if !ok {
		return 0, errUnsure
	}
	return s, nil
}

// interval builds the set between lo and hi (nil for an infinite end).
func (c *comparer) interval(lo, hi *endpt, loClosed, hiClosed bool) (realSet, error) {
	switch {
	case lo == nil && hi == nil:
		return fullSet(true), nil
	case lo == nil:
		return realSet{pts: []*endpt{hi}, in: []bool{true, hiClosed, false}}, nil
	case hi == nil:
		return realSet{pts: []*endpt{lo}, in: []bool{false, loClosed, true}}, nil
	}
	o, err := c.order(lo, hi)
	if err != nil {
		return realSet{}, err
	}
	switch {
	case o > 0:
		return fullSet(false), nil
	case o == 0:
		if loClosed && hiClosed {
			return realSet{pts: []*endpt{lo}, in: []bool{false, true, false}}, nil
		}
		return fullSet(false), nil
	}
	return realSet{pts: []*endpt{lo, hi}, in: []bool{false, loClosed, true, hiClosed, false}}, nil
}

// refine merges the breakpoints of a and b and returns each set's
// membership on the cells of the merged list.
func (c *comparer) refine(a, b realSet) ([]*endpt, []bool, []bool, error) {
	var pts []*endpt
	// which breakpoint of a and b each merged point is (-1 none)
	var ia, ib []int
	i, j := 0, 0
	for i < len(a.pts) || j < len(b.pts) {
		switch {
		case j >= len(b.pts):
			pts, ia, ib = append(pts, a.pts[i]), append(ia, i), append(ib, -1)
			i++
		case i >= len(a.pts):
			pts, ia, ib = append(pts, b.pts[j]), append(ia, -1), append(ib, j)
			j++
		default:
			o, err := c.order(a.pts[i], b.pts[j])
			if err != nil {
				return nil, nil, nil, err
			}
			switch {
			case o < 0:
				pts, ia, ib = append(pts, a.pts[i]), append(ia, i), append(ib, -1)
				i++
			case o > 0:
				pts, ia, ib = append(pts, b.pts[j]), append(ia, -1), append(ib, j)
				j++
			default:
				pts, ia, ib = append(pts, a.pts[i]), append(ia, i), append(ib, j)
				i++
				j++
			}
		}
	}
	cells := func(s realSet, idx []int) []bool {
		out := make([]bool, 2*len(pts)+1)
		seen := 0 // breakpoints of s passed so far
		for k := range pts {
			out[2*k] = s.in[2*seen] // the gap before merged point k lies in gap "seen" of s
			if idx[k] >= 0 {
				out[2*k+1] = s.in[2*idx[k]+1]
				seen = idx[k] + 1
			} else {
				out[2*k+1] = s.in[2*seen]
			}
		}
		out[2*len(pts)] = s.in[2*len(s.pts)]
		return out
	}
	return pts, cells(a, ia), cells(b, ib), nil
}

// combine applies a boolean operation cell by cell.
func (c *comparer) combine(a, b realSet, op func(x, y bool) bool) (realSet, error) {
	pts, ca, cb, err := c.refine(a, b)
	if err != nil {
		return realSet{}, err
	}
	in := make([]bool, len(ca))
	for k := range in {
		in[k] = op(ca[k], cb[k])
	}
	return realSet{pts: pts, in: in}, nil
}

func (c *comparer) sameSet(a, b realSet) (bool, error) {
	_, ca, cb, err := c.refine(a, b)
	if err != nil {
		return false, err
	}
	for k := range ca {
		if ca[k] != cb[k] {
			return false, nil
		}
	}
	return true, nil
}

// isSetOfReals reports whether n is written as a set of reals: an
// interval, a union or other set operation, \mathbb{R}, an inequality or
// inequation in one variable, a membership, or a list of inequalities in
// one variable joined by "or" or "and".
func isSetOfReals(n expr.Node) bool {
	switch t := n.(type) {
	case *expr.List:
		return inequalityList(t) != ""
	case *expr.SetOp:
		return true
	case *expr.Tuple:
		return isInterval(t)
	case *expr.Rel:
		k := relKind(t)
		if k == "membership" {
			return isSimpleVar(t.Sides[0])
		}
		return (k == "inequality" || k == "inequation") && len(expr.FreeVars(t)) == 1
	}
	return isReals(n)
}

// inequalityList returns how a list of inequalities in one variable is
// joined ("or", "and", or "," when only commas separate them), or "" when
// the list is not one.
func inequalityList(l *expr.List) string {
	if len(l.Items) < 2 || len(l.Seps) != len(l.Items)-1 {
		return ""
	}
	var v string
	for _, it := range l.Items {
		r, ok := it.(*expr.Rel)
		if !ok {
			return ""
		}
		if k := relKind(r); k != "inequality" && k != "inequation" {
			return ""
		}
		vars := expr.FreeVars(r)
		if len(vars) != 1 {
			return ""
		}
		for k := range vars {
			if v != "" && k != v {
				return ""
			}
			v = k
		}
	}
	join := ","
	for _, s := range l.Seps {
		switch {
		case s == ";":
			return ""
		case s != ",":
			if join != "," && join != s {
				return "" // "and" and "or" mixed
			}
			join = s
		}
	}
	return join
}

// maybeSetOfReals: answers that are sets of reals when the other side is
// one: an open pair (a, b) and a finite set.
func maybeSetOfReals(n expr.Node) bool {
	switch t := n.(type) {
	case *expr.Tuple:
		return len(t.Items) == 2 && t.Open == "(" && t.Close == ")"
	case *expr.Set:
		return true
	}
	return false
}

// openInterval reports whether (a, b) can be the open interval: a < b.
func (c *comparer) openInterval(t *expr.Tuple) bool {
	lo, err1 := c.endpoint(t.Items[0])
	hi, err2 := c.endpoint(t.Items[1])
	if err1 != nil || err2 != nil {
		return false
	}
	o, err := c.order(lo, hi)
	return err == nil && o < 0
}

// cmpRealSets compares answers where a side is written as a set of reals.
func (c *comparer) cmpRealSets(g, x expr.Node, depth int) (Result, bool) {
	r, ok := c.cmpSetsOfReals(g, x, depth)
	return c.unreadGuard(r, g, x), ok
}

func (c *comparer) cmpSetsOfReals(g, x expr.Node, depth int) (Result, bool) {
	gs, xs := isSetOfReals(g), isSetOfReals(x)
	if !gs && !xs {
		return Result{}, false
	}
	if !(gs || maybeSetOfReals(g)) || !(xs || maybeSetOfReals(x)) {
		// two relations of another kind go to cmpRel
		if _, ok := g.(*expr.Rel); ok {
			if _, ok := x.(*expr.Rel); ok {
				return Result{}, false
			}
		}
		if _, ok := g.(*expr.SetOp); ok {
			if _, ok := x.(*expr.SetOp); ok {
				return Result{}, false
			}
		}
		return neq("gold is %s, candidate %s", article(g), article(x)), true
	}
	// (a, b) with a >= b is a pair, never the empty interval
	for _, n := range []expr.Node{g, x} {
		if t, ok := n.(*expr.Tuple); ok && !isSetOfReals(n) && maybeSetOfReals(n) && !c.openInterval(t) {
			return neq("gold is %s, candidate %s (a pair is not an interval)", article(g), article(x)), true
		}
	}
	a, err1 := c.realSet(g, depth)
	b, err2 := c.realSet(x, depth)
	if errors.Is(err1, errClosedInf) != errors.Is(err2, errClosedInf) {
		return neq("%s: the %s is no set of reals", errClosedInf, map[bool]string{true: "gold", false: "candidate"}[errors.Is(err1, errClosedInf)]), true
	}
	if errors.Is(err1, errClosedInf) {
		return undec("%s on both sides", errClosedInf), true
	}
	for _, err := range []error{err1, err2} {
		if err != nil && !errors.Is(err, errNotSet) {
			if c.limitErr(err) {
				return undec("size or time limit reached comparing sets"), true
			}
			return undec("could not compare the sets exactly: %v", err), true
		}
	}
	if err1 != nil || err2 != nil {
		// symbolic ends or relations the solver does not take: compare
		// as written
		_, gRel := g.(*expr.Rel)
		_, xRel := x.(*expr.Rel)
		if gRel && xRel {
			return Result{}, false
		}
		if _, ok := g.(*expr.SetOp); ok {
			return c.cmpSetOps(g.(*expr.SetOp), x, depth), true
		}
		if gt, ok := g.(*expr.Tuple); ok {
			if xt, ok := x.(*expr.Tuple); ok {
				return c.cmpTuple(gt, xt, depth), true
			}
		}
		if gRel || xRel {
			return undec("could not solve the inequality exactly"), true
		}
		return neq("gold is %s, candidate %s", article(g), article(x)), true
	}
	same, err := c.sameSet(a, b)
	if err != nil {
		if c.limitErr(err) {
			return undec("size or time limit reached comparing sets"), true
		}
		return undec("could not compare the sets exactly: %v", err), true
	}
	if same {
		if len(expr.FreeVars(g)) > 0 && !setBuilder(g) && !setBuilder(x) {
			// the variable of a set written as an inequality is bound,
			// but against a gold inequality it is the gold's variable
			if s := c.fresh(x, true); s != "" {
				return neq("the candidate's set is in %s, a variable the gold does not have", s), true
			}
		}
		return eq("same set of reals", "ends compared exactly"), true
	}
	return neq("different sets of reals"), true
}

func article(n expr.Node) string {
	k := kind(n)
	switch k[0] {
	case 'a', 'e', 'i', 'o', 'u':
		return "an " + k
	}
	return "a " + k
}

// realSet converts n to a set of reals (errNotSet when it is not one).
func (c *comparer) realSet(n expr.Node, depth int) (realSet, error) {
	if depth > 30 {
		return realSet{}, errNotSet
	}
	switch t := n.(type) {
	case *expr.SetOp:
		if len(t.Args) == 0 {
			return realSet{}, errNotSet
		}
		acc, err := c.realSet(t.Args[0], depth+1)
		if err != nil {
			return realSet{}, err
		}
		for _, a := range t.Args[1:] {
			s, err := c.realSet(a, depth+1)
			if err != nil {
				return realSet{}, err
			}
			var op func(x, y bool) bool
			switch t.Op {
			case "cup":
				op = func(x, y bool) bool { return x || y }
			case "cap":
				op = func(x, y bool) bool { return x && y }
			default:
				op = func(x, y bool) bool { return x && !y }
			}
			if acc, err = c.combine(acc, s, op); err != nil {
				return realSet{}, err
			}
		}
		return acc, nil
	case *expr.Tuple:
		if len(t.Items) != 2 || t.Open == "<" {
			return realSet{}, errNotSet
		}
		var lo, hi *endpt
		var err error
		if infSign(t.Items[0]) == -1 && t.Open == "[" || infSign(t.Items[1]) == 1 && t.Close == "]" {
			return realSet{}, errClosedInf
		}
		switch infSign(t.Items[0]) {
		case -1:
		case 1:
			return realSet{}, errNotSet
		default:
			if lo, err = c.endpoint(t.Items[0]); err != nil {
				return realSet{}, err
			}
		}
		switch infSign(t.Items[1]) {
		case 1:
		case -1:
			return realSet{}, errNotSet
		default:
			if hi, err = c.endpoint(t.Items[1]); err != nil {
				return realSet{}, err
			}
		}
		return c.interval(lo, hi, t.Open == "[", t.Close == "]")
	case *expr.Set:
		acc := fullSet(false)
		items, _ := elements(t)
		for _, it := range items {
			p, err := c.endpoint(it)
			if err != nil {
				return realSet{}, err
			}
			pt := realSet{pts: []*endpt{p}, in: []bool{false, true, false}}
			if acc, err = c.combine(acc, pt, func(x, y bool) bool { return x || y }); err != nil {
				return realSet{}, err
			}
		}
		return acc, nil
	case *expr.List:
		join := inequalityList(t)
		if join == "" {
			return realSet{}, errNotSet
		}
		if join == "," {
			// "x < -1, x > 1": a union or a conjunction; only a reading
			// that does not depend on the choice is taken
			u, err := c.joinSets(t.Items, depth, false)
			if err != nil {
				return realSet{}, err
			}
			in, err := c.joinSets(t.Items, depth, true)
			if err != nil {
				return realSet{}, err
			}
			if same, err := c.sameSet(u, in); err != nil || !same {
				return realSet{}, errUnsure
			}
			return u, nil
		}
		return c.joinSets(t.Items, depth, join == "and")
	case *expr.Rel:
		if relKind(t) == "membership" {
			if !isSimpleVar(t.Sides[0]) {
				return realSet{}, errNotSet
			}
			return c.realSet(t.Sides[1], depth+1)
		}
		if s, ok, err := c.rangeOf(t); ok || err != nil {
			return s, err
		}
		return c.solve(t)
	}
	if isReals(n) {
		return fullSet(true), nil
	}
	return realSet{}, errNotSet
}

// joinSets is the union (or the intersection) of the sets of items.
func (c *comparer) joinSets(items []expr.Node, depth int, and bool) (realSet, error) {
	acc := fullSet(and)
	for _, it := range items {
		s, err := c.realSet(it, depth+1)
		if err != nil {
			return realSet{}, err
		}
		op := func(x, y bool) bool { return x || y }
		if and {
			op = func(x, y bool) bool { return x && y }
		}
		if acc, err = c.combine(acc, s, op); err != nil {
			return realSet{}, err
		}
	}
	return acc, nil
}

// rangeOf reads "a < E < b" and "E < b" with constant ends, where E names
// a quantity (x, f(x)): the range of E is the interval, whatever E is.
func (c *comparer) rangeOf(r *expr.Rel) (realSet, bool, error) {
	if relKind(r) != "inequality" {
		return realSet{}, false, nil
	}
	o := orient(r)
	constEnd := func(n expr.Node) bool { return len(expr.FreeVars(n)) == 0 }
	var lo, hi expr.Node
	var loC, hiC bool
	switch {
	case len(o.Sides) == 3 && isTarget(o.Sides[1]) && constEnd(o.Sides[0]) && constEnd(o.Sides[2]):
		lo, hi, loC, hiC = o.Sides[0], o.Sides[2], o.Ops[0] == "<=", o.Ops[1] == "<="
	case len(o.Sides) == 2 && isTarget(o.Sides[0]) && constEnd(o.Sides[1]):
		hi, hiC = o.Sides[1], o.Ops[0] == "<="
	case len(o.Sides) == 2 && isTarget(o.Sides[1]) && constEnd(o.Sides[0]):
		lo, loC = o.Sides[0], o.Ops[0] == "<="
	default:
		return realSet{}, false, nil
	}
	var a, b *endpt
	var err error
	if lo != nil {
		if a, err = c.endpoint(lo); err != nil {
			return realSet{}, false, err
		}
	}
	if hi != nil {
		if b, err = c.endpoint(hi); err != nil {
			return realSet{}, false, err
		}
	}
	s, err := c.interval(a, b, loC, hiC)
	return s, true, err
}

// ---- inequalities in one variable ----

// solve returns the set of values of the one variable of r for which the
// relation holds, exactly: the breakpoints are the real roots of the
// numerators and denominators of the differences of the sides (and of the
// arguments of absolute values), found exactly, and the relation is
// decided at each breakpoint and at a rational point of each gap.
func (c *comparer) solve(r *expr.Rel) (realSet, error) {
	vars := expr.FreeVars(r)
	if len(vars) != 1 {
		return realSet{}, errNotSet
	}
	var v string
	for k := range vars {
		v = k
	}
	for _, op := range r.Ops {
		switch op {
		case "<", "<=", ">", ">=", "!=", "=":
		default:
			return realSet{}, errNotSet
		}
	}
	// absolute values of expressions in v split the line further
	var absArgs []expr.Node
	for _, s := range r.Sides {
		expr.Walk(s, func(m expr.Node) bool {
			if cl, ok := m.(*expr.Call); ok && cl.Fn == "abs" && len(cl.Args) == 1 && len(expr.FreeVars(cl.Args[0])) > 0 {
				absArgs = append(absArgs, cl.Args[0])
			}
			return true
		})
	}
	if len(absArgs) > 3 {
		return realSet{}, errUnsure
	}
	fb := c.forms()
	var crit [][]*big.Rat
	addPoly := func(n expr.Node) error {
		f, err := fb.Form(n)
		if err != nil {
			if c.limitErr(err) {
				return err
			}
			return errUnsure
		}
		num, den, ok := f.Univariate(v)
		if !ok {
			return errUnsure
		}
		crit = append(crit, num, den)
		return nil
	}
	for _, a := range absArgs {
		if err := addPoly(a); err != nil {
			return realSet{}, err
		}
	}
	for mask := 0; mask < 1<<len(absArgs); mask++ {
		k := 0
		for i := 0; i+1 < len(r.Sides); i++ {
			d := &expr.Add{Terms: []expr.Node{replaceAbs(r.Sides[i+1], absArgs, mask, &k), &expr.Neg{X: replaceAbs(r.Sides[i], absArgs, mask, &k)}}}
			k = 0
			if err := addPoly(d); err != nil {
				return realSet{}, err
			}
		}
	}
	// breakpoints
	var pts []*endpt
	for _, p := range crit {
		p = trimPoly(p)
		if len(p) == 0 {
			continue // identically zero: no breakpoint of its own
		}
		roots, ok := realRoots(p)
		if !ok {
			return realSet{}, errUnsure
		}
		for _, rt := range roots {
			e, err := c.endpoint(rt)
			if err != nil {
				if errors.Is(err, errNotSet) {
					return realSet{}, errUnsure
				}
				return realSet{}, err
			}
			var err2 error
			if pts, err2 = c.insertPoint(pts, e); err2 != nil {
				return realSet{}, err2
			}
		}
	}
	in := make([]bool, 2*len(pts)+1)
	for k := range in {
		var at expr.Node
		if k%2 == 1 {
			at = pts[k/2].node
		} else {
			at = &expr.Num{V: gapPoint(pts, k/2)}
		}
		holds, err := c.holdsAt(r, v, at)
		if err != nil {
			return realSet{}, err
		}
		in[k] = holds
	}
	return realSet{pts: pts, in: in}, nil
}

// replaceAbs replaces the absolute values of absArgs by ±their argument,
// by the bits of mask.
func replaceAbs(n expr.Node, absArgs []expr.Node, mask int, k *int) expr.Node {
	switch t := n.(type) {
	case *expr.Call:
		if t.Fn == "abs" && len(t.Args) == 1 && len(expr.FreeVars(t.Args[0])) > 0 {
			for i, a := range absArgs {
				if a == t.Args[0] {
					if mask>>i&1 == 1 {
						return &expr.Neg{X: t.Args[0]}
					}
					return t.Args[0]
				}
			}
		}
		args := make([]expr.Node, len(t.Args))
		for i, a := range t.Args {
			args[i] = replaceAbs(a, absArgs, mask, k)
		}
		return &expr.Call{Fn: t.Fn, Args: args}
	case *expr.Neg:
		return &expr.Neg{X: replaceAbs(t.X, absArgs, mask, k)}
	case *expr.Add:
		out := make([]expr.Node, len(t.Terms))
		for i, a := range t.Terms {
			out[i] = replaceAbs(a, absArgs, mask, k)
		}
		return &expr.Add{Terms: out}
	case *expr.Mul:
		out := make([]expr.Node, len(t.Factors))
		for i, a := range t.Factors {
			out[i] = replaceAbs(a, absArgs, mask, k)
		}
		return &expr.Mul{Factors: out}
	case *expr.Pow:
		return &expr.Pow{Base: replaceAbs(t.Base, absArgs, mask, k), Exp: replaceAbs(t.Exp, absArgs, mask, k)}
	}
	return n
}

// insertPoint adds a breakpoint to a sorted list (no duplicates).
func (c *comparer) insertPoint(pts []*endpt, e *endpt) ([]*endpt, error) {
	for i, p := range pts {
		o, err := c.order(e, p)
		if err != nil {
			return nil, err
		}
		if o == 0 {
			return pts, nil
		}
		if o < 0 {
			out := append([]*endpt{}, pts[:i]...)
			out = append(out, e)
			return append(out, pts[i:]...), nil
		}
	}
	return append(pts, e), nil
}

// gapPoint returns a rational point of gap k (before point k; k = len
// after the last).
func gapPoint(pts []*endpt, k int) *big.Rat {
	switch {
	case len(pts) == 0:
		return new(big.Rat)
	case k == 0:
		r, _ := new(big.Float).Sub(pts[0].val, new(big.Float).Add(big.NewFloat(1), new(big.Float).Abs(pts[0].val))).Rat(nil)
		return r
	case k == len(pts):
		last := pts[len(pts)-1].val
		r, _ := new(big.Float).Add(last, new(big.Float).Add(big.NewFloat(1), new(big.Float).Abs(last))).Rat(nil)
		return r
	}
	m := new(big.Float).SetPrec(precHi).Add(pts[k-1].val, pts[k].val)
	m.Quo(m, big.NewFloat(2))
	r, _ := m.Rat(nil)
	return r
}

// holdsAt decides the relation at v = at exactly: each difference of
// consecutive sides is zero by its canonical form, or of a certain sign.
// A side undefined there makes the relation false.
func (c *comparer) holdsAt(r *expr.Rel, v string, at expr.Node) (bool, error) {
	fb := c.forms()
	for i, op := range r.Ops {
		d := &expr.Add{Terms: []expr.Node{expr.Substitute(r.Sides[i+1], v, at), &expr.Neg{X: expr.Substitute(r.Sides[i], v, at)}}}
		f, err := fb.Form(d)
		if err != nil {
			if c.limitErr(err) {
				return false, err
			}
			if errors.Is(err, expr.ErrDomain) {
				return false, nil
			}
			return false, errUnsure
		}
		// a side undefined at the point (a zero denominator) is caught here
		for _, s := range []expr.Node{r.Sides[i], r.Sides[i+1]} {
			if sf, err := fb.Form(expr.Substitute(s, v, at)); err != nil {
				if errors.Is(err, expr.ErrDomain) {
					return false, nil
				}
			} else if _, err := fb.Approx(sf, nil); errors.Is(err, expr.ErrDomain) {
				return false, nil
			}
		}
		sign := 0
		if !f.IsZero() {
			s, ok, err := fb.Sign(f)
			if err != nil {
				c.limitErr(err)
				return false, err
			}
			if !ok {
				return false, errUnsure
			}
			sign = s
		}
		// d = right - left
		var holds bool
		switch op {
		case "<":
			holds = sign > 0
		case "<=":
			holds = sign >= 0
		case ">":
			holds = sign < 0
		case ">=":
			holds = sign <= 0
		case "!=":
			holds = sign != 0
		case "=":
			holds = sign == 0
		}
		if !holds {
			return false, nil
		}
	}
	return true, nil
}

// ---- set expressions with symbolic parts ----

// cmpSetOps compares unions, intersections and differences that are not
// sets of reals with exact ends: the same operation on equal arguments.
func (c *comparer) cmpSetOps(g *expr.SetOp, x expr.Node, depth int) Result {
	xop, ok := x.(*expr.SetOp)
	if !ok {
		return neq("gold is a set expression, candidate %s", article(x))
	}
	if g.Op != xop.Op {
		return undec("different set operations with symbolic parts")
	}
	if g.Op == "setminus" {
		return c.cmpOrdered(g.Args, xop.Args, depth, "set difference")
	}
	return c.cmpUnordered(g.Args, xop.Args, false, depth)
}

// setBuilder reports whether n is a set written in set-builder notation,
// whose variable is bound (\{y \mid y > 3\} is the set x > 3 names).
func setBuilder(n expr.Node) bool {
	r, ok := n.(*expr.Rel)
	return ok && r.Bound != ""
}
