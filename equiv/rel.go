package equiv

import (
	"math/big"
	"sort"

	"github.com/matheval/matheval/expr"
)

// ---- relations ----

func relKind(r *expr.Rel) string {
	switch {
	case allOps(r, "="):
		return "equation"
	case allOps(r, "<", "<=") || allOps(r, ">", ">="):
		return "inequality"
	case allOps(r, "!="):
		return "inequation"
	case len(r.Ops) == 1 && r.Ops[0] == "in":
		return "membership"
	case allOps(r, "=", "~"):
		return "equation"
	}
	return "relation"
}

func isAssignment(r *expr.Rel) bool {
	return len(r.Sides) == 2 && (r.Ops[0] == "=" || r.Ops[0] == "~") && isTarget(r.Sides[0])
}

// cmpRel compares a gold relation with a candidate.
func (c *comparer) cmpRel(g *expr.Rel, x expr.Node, depth int) Result {
	gk := relKind(g)
	if gk == "membership" {
		if xr, ok := x.(*expr.Rel); ok && relKind(xr) == "membership" {
			// x \in S against y \in S: the names of plain variables do not
			// matter, anything else on the left must agree
			if !(isSimpleVar(g.Sides[0]) && isSimpleVar(xr.Sides[0])) {
				if r := c.cmp(g.Sides[0], xr.Sides[0], depth+1); r.Outcome != Equal {
					r.Reason = "left sides differ: " + r.Reason
					return r
				}
			}
			return c.cmp(g.Sides[1], xr.Sides[1], depth+1)
		}
		if xr, ok := x.(*expr.Rel); ok {
			if r, ok := c.relAgainstSet(xr, g.Sides[1], depth, true); ok {
				return r
			}
		}
		return c.cmp(g.Sides[1], x, depth+1)
	}
	xr, ok := x.(*expr.Rel)
	if !ok {
		if gk == "inequality" {
			if r, ok := c.relAgainstSet(g, x, depth, false); ok {
				return r
			}
		}
		return neq("gold is an %s, candidate a %s", gk, kind(x))
	}
	xk := relKind(xr)
	if xk == "membership" {
		if r, ok := c.relAgainstSet(g, xr.Sides[1], depth, false); ok {
			return r
		}
		return neq("gold is an %s, candidate a membership", gk)
	}
	if gk != xk {
		return neq("gold is an %s, candidate an %s", gk, xk)
	}
	switch gk {
	case "equation":
		if len(g.Sides) != 2 || len(xr.Sides) != 2 {
			return neq("different chains of equations")
		}
		return c.cmpEquations(g, xr, false, false)
	case "inequation":
		if len(g.Sides) != 2 || len(xr.Sides) != 2 {
			return neq("different relations")
		}
		return c.cmpEquations(g, xr, false, false)
	case "inequality":
		if len(g.Sides) == 2 && len(xr.Sides) == 2 {
			gs, xs := strictness(g.Ops[0]), strictness(xr.Ops[0])
			if gs != xs {
				return neq("strict and non-strict inequalities")
			}
			return c.cmpEquations(orient(g), orient(xr), true, true)
		}
		// chains: compare as sets over their variable, else side by side
		if r, ok := c.chainSets(g, xr, depth); ok {
			return r
		}
		go1, xo := orient(g), orient(xr)
		if len(go1.Sides) != len(xo.Sides) {
			return neq("chains of different lengths")
		}
		for i := range go1.Ops {
			if go1.Ops[i] != xo.Ops[i] {
				return neq("inequality %d differs", i+1)
			}
		}
		return c.cmpOrdered(go1.Sides, xo.Sides, depth, "chain")
	}
	return neq("different relations")
}

func strictness(op string) bool { return op == "<" || op == ">" }

// orient rewrites a chain with > / >= into one with < / <= (reversed).
func orient(r *expr.Rel) *expr.Rel {
	if len(r.Ops) == 0 || (r.Ops[0] != ">" && r.Ops[0] != ">=") {
		return r
	}
	out := &expr.Rel{}
	for i := len(r.Sides) - 1; i >= 0; i-- {
		out.Sides = append(out.Sides, r.Sides[i])
	}
	for i := len(r.Ops) - 1; i >= 0; i-- {
		out.Ops = append(out.Ops, map[string]string{">": "<", ">=": "<="}[r.Ops[i]])
	}
	return out
}

// cmpEquations compares L1 op R1 with L2 op R2: R-L must be proportional,
// with a positive factor for inequalities (oriented to < / <=).
func (c *comparer) cmpEquations(g, x *expr.Rel, positive bool, oriented bool) Result {
	gd := &expr.Add{Terms: []expr.Node{g.Sides[1], &expr.Neg{X: g.Sides[0]}}}
	xd := &expr.Add{Terms: []expr.Node{x.Sides[1], &expr.Neg{X: x.Sides[0]}}}
	vars := expr.FreeVars(gd)
	for k := range expr.FreeVars(xd) {
		vars[k] = true
	}
	names := sortedNames(vars)
	var ratioLo, ratioHi *expr.Complex
	var r0lo, r0hi expr.Complex
	agree := 0
	for attempt := 0; attempt < 16 && agree < c.opts.Points; attempt++ {
		if c.expired() {
			c.limitHit = true
			return undec("deadline reached comparing equations")
		}
		env := c.point(names, c.positivePoint(attempt, 8))
		glo, ghi, err1 := c.twoPrec(gd, env)
		xlo, xhi, err2 := c.twoPrec(xd, env)
		if err1 != nil || err2 != nil {
			if c.limitErr(err1) || c.limitErr(err2) {
				return undec("size limit reached comparing equations")
			}
			continue
		}
		gz, xz := isZeroVal(glo, ghi), isZeroVal(xlo, xhi)
		if gz && xz {
			if len(names) == 0 {
				return eq("both relations hold identically")
			}
			continue
		}
		if gz != xz {
			return neq("the relations differ at %s", fmtEnv(names, env))
		}
		// ratio at both precisions
		e := func(a, b expr.Complex) expr.Complex {
			q, _ := expr.Eval(c.ctx, &expr.Mul{Factors: []expr.Node{cnode(a), &expr.Pow{Base: cnode(b), Exp: expr.Int(-1)}}}, precHi, nil, expr.EvalOptions{})
			return q
		}
		rlo, rhi := e(glo, xlo), e(ghi, xhi)
		if ratioLo == nil {
			r0lo, r0hi = rlo, rhi
			ratioLo, ratioHi = &r0lo, &r0hi
			if positive && (rhi.Re.Sign() <= 0 || !rhi.IsReal()) {
				return neq("inequalities point in opposite directions")
			}
		} else if !sameValue(*ratioLo, *ratioHi, rlo, rhi) {
			return neq("the relations are not multiples of each other")
		}
		agree++
	}
	if agree >= c.opts.Points || (len(names) == 0 && agree > 0) {
		if positive {
			return eq("same inequality up to a positive factor")
		}
		return eq("same relation up to a nonzero factor")
	}
	return undec("could not evaluate the relations at enough points")
}

// cnode wraps a complex value as a constant expression (for ratios).
func cnode(v expr.Complex) expr.Node {
	re, _ := v.Re.Rat(nil)
	if v.IsReal() {
		return &expr.Num{V: re}
	}
	im, _ := v.Im.Rat(nil)
	return &expr.Add{Terms: []expr.Node{&expr.Num{V: re}, &expr.Mul{Factors: []expr.Node{&expr.Num{V: im}, &expr.Sym{Name: expr.I}}}}}
}

// ---- sets of reals ----

// interval is one component of a set of reals.
type interval struct {
	lo, hi             *big.Float // nil = infinite
	loClosed, hiClosed bool
}

// realSet converts an interval, a union, a finite set or \mathbb{R} into
// sorted disjoint intervals. ok is false when it is not such a set.
func (c *comparer) realSet(n expr.Node) ([]interval, bool) {
	var comps []interval
	var add func(n expr.Node) bool
	add = func(n expr.Node) bool {
		switch t := n.(type) {
		case *expr.SetOp:
			if t.Op != "cup" {
				return false
			}
			for _, a := range t.Args {
				if !add(a) {
					return false
				}
			}
			return true
		case *expr.Tuple:
			if len(t.Items) != 2 || t.Open == "<" {
				return false
			}
			lo, ok1 := c.endpoint(t.Items[0], -1)
			hi, ok2 := c.endpoint(t.Items[1], 1)
			if !ok1 || !ok2 {
				return false
			}
			comps = append(comps, interval{lo, hi, t.Open == "[" && lo != nil, t.Close == "]" && hi != nil})
			return true
		case *expr.Set:
			for _, it := range t.Items {
				v, ok := c.endpoint(it, 0)
				if !ok || v == nil {
					return false
				}
				comps = append(comps, interval{v, v, true, true})
			}
			return true
		case *expr.Sym:
			if isReals(t) {
				comps = append(comps, interval{nil, nil, false, false})
				return true
			}
		}
		return false
	}
	if !add(n) {
		return nil, false
	}
	return normalizeSet(comps), true
}

// endpoint evaluates an interval end; infinite ends give nil. want is the
// side (-1 low, 1 high, 0 a point) that an infinity may take.
func (c *comparer) endpoint(n expr.Node, want int) (*big.Float, bool) {
	if s := infSign(n); s != 0 {
		if want == 0 || s != want {
			return nil, false
		}
		return nil, true
	}
	if len(expr.FreeVars(n)) > 0 {
		return nil, false
	}
	v, err := expr.Eval(c.ctx, n, precHi, nil, expr.EvalOptions{Limits: c.lim})
	if err != nil || !v.IsReal() {
		c.limitErr(err)
		return nil, false
	}
	return v.Re, true
}

func closeEnough(a, b *big.Float) bool {
	if a == nil || b == nil {
		return a == b
	}
	d := new(big.Float).SetPrec(precHi).Sub(a, b)
	d.Abs(d)
	if d.Sign() == 0 {
		return true
	}
	m := new(big.Float).Abs(a)
	if m.Cmp(big.NewFloat(1)) < 0 {
		m = big.NewFloat(1)
	}
	return d.Cmp(new(big.Float).SetMantExp(m, -(precHi-40))) <= 0
}

// cmpLo orders low ends (nil = -inf first).
func cmpF(a, b *big.Float, nilLow bool) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		if nilLow {
			return -1
		}
		return 1
	case b == nil:
		if nilLow {
			return 1
		}
		return -1
	}
	if closeEnough(a, b) {
		return 0
	}
	return a.Cmp(b)
}

func normalizeSet(comps []interval) []interval {
	sort.Slice(comps, func(i, j int) bool {
		k := cmpF(comps[i].lo, comps[j].lo, true)
		if k != 0 {
			return k < 0
		}
		return comps[i].loClosed && !comps[j].loClosed
	})
	var out []interval
	for _, cp := range comps {
		// drop empty intervals like (1,1)
		if cp.lo != nil && cp.hi != nil {
			k := cmpF(cp.lo, cp.hi, true)
			if k > 0 || k == 0 && !(cp.loClosed && cp.hiClosed) {
				continue
			}
		}
		if len(out) > 0 {
			last := &out[len(out)-1]
			k := cmpF(cp.lo, last.hi, true)
			if last.hi == nil || k < 0 || k == 0 && (cp.loClosed || last.hiClosed) {
				// overlap or touch: merge
				h := cmpF(cp.hi, last.hi, false)
				if h > 0 {
					last.hi, last.hiClosed = cp.hi, cp.hiClosed
				} else if h == 0 {
					last.hiClosed = last.hiClosed || cp.hiClosed
				}
				if k == 0 && cmpF(cp.lo, last.lo, true) == 0 {
					last.loClosed = last.loClosed || cp.loClosed
				}
				continue
			}
		}
		out = append(out, cp)
	}
	return out
}

func (c *comparer) cmpSets(g, x expr.Node, depth int) Result {
	gs, ok1 := c.realSet(g)
	xs, ok2 := c.realSet(x)
	if !ok1 || !ok2 {
		gop, gIs := g.(*expr.SetOp)
		xop, xIs := x.(*expr.SetOp)
		if gIs && xIs && gop.Op == xop.Op && gop.Op != "cup" {
			if gop.Op == "setminus" {
				return c.cmpOrdered(gop.Args, xop.Args, depth, "set difference")
			}
			return c.cmpUnordered(gop.Args, xop.Args, depth)
		}
		// symbolic ends: compare the components as a set
		ga, gx := setComponents(g), setComponents(x)
		if len(ga) > 0 && len(gx) > 0 {
			return c.cmpUnordered(ga, gx, depth)
		}
		if c.limitHit {
			return undec("limit reached evaluating set ends")
		}
		return neq("gold is a %s, candidate a %s", kind(g), kind(x))
	}
	if len(gs) != len(xs) {
		return neq("sets have %d and %d components", len(gs), len(xs))
	}
	for i := range gs {
		a, b := gs[i], xs[i]
		if cmpF(a.lo, b.lo, true) != 0 || cmpF(a.hi, b.hi, false) != 0 {
			return neq("component %d has different ends", i+1)
		}
		if a.loClosed != b.loClosed || a.hiClosed != b.hiClosed {
			return neq("interval ends differ in openness (component %d)", i+1)
		}
	}
	return eq("same set of reals")
}

func setComponents(n expr.Node) []expr.Node {
	if s, ok := n.(*expr.SetOp); ok && s.Op == "cup" {
		var out []expr.Node
		for _, a := range s.Args {
			out = append(out, setComponents(a)...)
		}
		return out
	}
	return []expr.Node{n}
}

// relAgainstSet compares an inequality (chain) in one variable with a set
// of reals, by the set each describes. ok is false when it does not apply.
func (c *comparer) relAgainstSet(r *expr.Rel, set expr.Node, depth int, relIsCand bool) (Result, bool) {
	if relKind(r) == "membership" {
		if relIsCand {
			return c.cmp(set, r.Sides[1], depth+1), true
		}
		return c.cmp(r.Sides[1], set, depth+1), true
	}
	if relKind(r) != "inequality" {
		return Result{}, false
	}
	o := orient(r)
	// a < E < b with constant ends: the interval (a, b) for whatever E is
	if len(o.Sides) == 3 && len(expr.FreeVars(o.Sides[0])) == 0 && len(expr.FreeVars(o.Sides[2])) == 0 && len(expr.FreeVars(o.Sides[1])) > 0 {
		// the middle names the quantity (x, f(x)): its range is the interval
		if isSimpleVar(o.Sides[1]) || isTarget(o.Sides[1]) {
			{
				t := &expr.Tuple{Items: []expr.Node{o.Sides[0], o.Sides[2]}, Open: map[bool]string{true: "(", false: "["}[o.Ops[0] == "<"], Close: map[bool]string{true: ")", false: "]"}[o.Ops[1] == "<"]}
				if relIsCand {
					return c.cmpSets(set, t, depth), true
				}
				return c.cmpSets(t, set, depth), true
			}
		}
	}
	// x op a, a op x: a half line
	if len(o.Sides) == 2 {
		var t *expr.Tuple
		if isSimpleVar(o.Sides[0]) && len(expr.FreeVars(o.Sides[1])) == 0 {
			t = &expr.Tuple{Items: []expr.Node{&expr.Neg{X: &expr.Sym{Name: expr.Inf}}, o.Sides[1]}, Open: "(", Close: map[bool]string{true: ")", false: "]"}[o.Ops[0] == "<"]}
		} else if isSimpleVar(o.Sides[1]) && len(expr.FreeVars(o.Sides[0])) == 0 {
			t = &expr.Tuple{Items: []expr.Node{o.Sides[0], &expr.Sym{Name: expr.Inf}}, Open: map[bool]string{true: "(", false: "["}[o.Ops[0] == "<"], Close: ")"}
		}
		if t != nil {
			if relIsCand {
				return c.cmpSets(set, t, depth), true
			}
			return c.cmpSets(t, set, depth), true
		}
	}
	// general one-variable inequality: compare membership at test points
	vars := expr.FreeVars(r)
	if len(vars) != 1 {
		return Result{}, false
	}
	comps, ok := c.realSet(set)
	if !ok {
		return Result{}, false
	}
	var name string
	for k := range vars {
		name = k
	}
	pts := testPoints(comps)
	for _, pt := range pts {
		in1, ok1 := c.holds(o, name, pt)
		if !ok1 {
			return undec("could not evaluate the inequality at %s", pt.RatString()), true
		}
		in2 := member(comps, pt)
		if in1 != in2 {
			return neq("the inequality and the set differ at %s=%s", name, pt.RatString()), true
		}
	}
	return eq("inequality and set agree at %d test points", len(pts)), true
}

func isSimpleVar(n expr.Node) bool {
	s, ok := n.(*expr.Sym)
	return ok && !expr.IsConst(s.Name)
}

// testPoints: every finite end, points just beside each, midpoints, far points.
func testPoints(comps []interval) []*big.Rat {
	var ends []*big.Rat
	for _, cp := range comps {
		for _, e := range []*big.Float{cp.lo, cp.hi} {
			if e != nil {
				r, _ := e.Rat(nil)
				ends = append(ends, r)
			}
		}
	}
	eps := big.NewRat(1, 1000003)
	var pts []*big.Rat
	for _, e := range ends {
		pts = append(pts, e, new(big.Rat).Add(e, eps), new(big.Rat).Sub(e, eps))
	}
	for i := 0; i+1 < len(ends); i++ {
		m := new(big.Rat).Add(ends[i], ends[i+1])
		pts = append(pts, m.Quo(m, big.NewRat(2, 1)))
	}
	pts = append(pts, big.NewRat(0, 1), big.NewRat(1000003, 7), big.NewRat(-1000003, 7))
	return pts
}

func member(comps []interval, x *big.Rat) bool {
	xf := new(big.Float).SetPrec(precHi).SetRat(x)
	for _, cp := range comps {
		okLo := cp.lo == nil || xf.Cmp(cp.lo) > 0 || cp.loClosed && closeEnough(xf, cp.lo)
		okHi := cp.hi == nil || xf.Cmp(cp.hi) < 0 || cp.hiClosed && closeEnough(xf, cp.hi)
		if cp.lo != nil && !cp.loClosed && closeEnough(xf, cp.lo) {
			okLo = false
		}
		if cp.hi != nil && !cp.hiClosed && closeEnough(xf, cp.hi) {
			okHi = false
		}
		if okLo && okHi {
			return true
		}
	}
	return false
}

// holds evaluates an oriented chain (< / <=) at var = x.
func (c *comparer) holds(o *expr.Rel, name string, x *big.Rat) (bool, bool) {
	env := map[string]*big.Rat{name: x}
	vals := make([][2]expr.Complex, len(o.Sides))
	for i, s := range o.Sides {
		lo, hi, err := c.twoPrec(s, env)
		if err != nil || !hi.IsReal() {
			return false, false
		}
		vals[i] = [2]expr.Complex{lo, hi}
	}
	for i, op := range o.Ops {
		a, b := vals[i], vals[i+1]
		if sameValue(a[0], a[1], b[0], b[1]) {
			if op == "<" {
				return false, true
			}
			continue
		}
		if a[1].Re.Cmp(b[1].Re) > 0 {
			return false, true
		}
	}
	return true, true
}

// chainSets compares two inequality chains as sets over their variable.
func (c *comparer) chainSets(g, x *expr.Rel, depth int) (Result, bool) {
	gt, ok1 := chainInterval(orient(g))
	xt, ok2 := chainInterval(orient(x))
	if !ok1 || !ok2 {
		return Result{}, false
	}
	return c.cmpSets(gt, xt, depth), true
}

func chainInterval(o *expr.Rel) (*expr.Tuple, bool) {
	if len(o.Sides) != 3 || !isSimpleVar(o.Sides[1]) || len(expr.FreeVars(o.Sides[0])) > 0 || len(expr.FreeVars(o.Sides[2])) > 0 {
		return nil, false
	}
	return &expr.Tuple{Items: []expr.Node{o.Sides[0], o.Sides[2]}, Open: map[bool]string{true: "(", false: "["}[o.Ops[0] == "<"], Close: map[bool]string{true: ")", false: "]"}[o.Ops[1] == "<"]}, true
}
