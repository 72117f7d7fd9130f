package equiv

import (
	"math/big"

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

// cmpRel compares a gold relation with a candidate (equations are handled
// by cmpNamed, sets of reals by cmpRealSets before this).
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
		if pinned(g.Sides[0]) {
			return neq("gold states what its parameter is (a membership), candidate a %s", kind(x))
		}
		return c.cmp(g.Sides[1], x, depth+1)
	}
	xr, ok := x.(*expr.Rel)
	if !ok {
		return neq("gold is an %s, candidate a %s", gk, kind(x))
	}
	xk := relKind(xr)
	if xk == "membership" {
		if pinned(xr.Sides[0]) {
			return neq("candidate states what its parameter is (a membership), gold an %s", gk)
		}
		return c.cmp(g, xr.Sides[1], depth+1)
	}
	if gk != xk {
		return neq("gold is an %s, candidate an %s", gk, xk)
	}
	switch gk {
	case "equation", "inequation":
		if len(g.Sides) != 2 || len(xr.Sides) != 2 {
			return neq("different relations")
		}
		return c.cmpEquations(g, xr, false, depth)
	case "inequality":
		if len(g.Sides) == 2 && len(xr.Sides) == 2 {
			gs, xs := strictness(g.Ops[0]), strictness(xr.Ops[0])
			if gs != xs {
				return neq("strict and non-strict inequalities")
			}
			return c.cmpEquations(orient(g), orient(xr), true, depth)
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

func isSimpleVar(n expr.Node) bool {
	s, ok := n.(*expr.Sym)
	return ok && !expr.IsConst(s.Name)
}

// cmpEquations compares L1 op R1 with L2 op R2: the relations are the same
// when R1-L1 is a constant multiple of R2-L2 (a positive one for
// inequalities, oriented to < / <=). The factor is found and checked on
// the canonical forms; numerics only refute. Relations without variables
// are statements about numbers and compare side by side (cmpConstRelations).
func (c *comparer) cmpEquations(g, x *expr.Rel, positive bool, depth int) Result {
	return c.freshGuard(c.unreadGuard(c.cmpRelations(g, x, positive, depth), g, x), x)
}

func (c *comparer) cmpRelations(g, x *expr.Rel, positive bool, depth int) Result {
	if !hasVars(g) && !hasVars(x) {
		return c.cmpConstRelations(g, x, !positive, depth)
	}
	gd := &expr.Add{Terms: []expr.Node{g.Sides[1], &expr.Neg{X: g.Sides[0]}}}
	xd := &expr.Add{Terms: []expr.Node{x.Sides[1], &expr.Neg{X: x.Sides[0]}}}
	fb := c.forms()
	fg, err1 := fb.Form(gd)
	fx, err2 := fb.Form(xd)
	if c.limitErr(err1) || c.limitErr(err2) {
		return undec("size or time limit reached comparing the relations")
	}
	if err1 == nil && err2 == nil {
		gz, xz := fg.IsZero(), fx.IsZero()
		switch {
		case gz && xz:
			return eq(proofKind(fg, fx), "both relations hold identically")
		case gz != xz:
			if !fg.HasVar() && !fx.HasVar() && !c.hasOpenBinder(g, x) {
				return neq("one relation holds identically, the other does not")
			}
		default:
			k, ok, err := fb.Proportional(fg, fx)
			if c.limitErr(err) {
				return undec("size or time limit reached comparing the relations")
			}
			if ok && !isRationalForm(k) && c.hasOpenBinder(g, x) {
				// a factor holding a sum the engine does not evaluate may be
				// zero, and its sign is unknown
				return undec("the relations differ by a factor holding a sum or product with symbolic bounds")
			}
			if ok {
				if !positive {
					return eq(proofKind(fg, fx), "the same relation up to the constant factor %s", shortForm(k))
				}
				s, known, err := fb.Sign(k)
				if c.limitErr(err) {
					return undec("size or time limit reached comparing the relations")
				}
				switch {
				case known && s > 0:
					return eq(proofKind(fg, fx), "the same inequality up to the positive factor %s", shortForm(k))
				case known && s < 0:
					return neq("the inequalities point in opposite directions")
				}
				return undec("could not decide the sign of the factor %s", shortForm(k))
			}
		}
	}
	if c.hasOpenBinder(g, x) {
		return undec("a sum or product with symbolic bounds is not evaluated: the relations are not probed")
	}
	return c.refuteRelations(gd, xd)
}

// hasVars reports whether a relation has a variable on some side.
func hasVars(r *expr.Rel) bool {
	for _, s := range r.Sides {
		if len(expr.FreeVars(s)) > 0 {
			return true
		}
	}
	return false
}

// cmpConstRelations compares two relations between numbers (2 < 3,
// 0.56 = 56\%, \frac23 \approx 0.67) side by side: the same operator, the
// left sides equal and the right sides equal, each by the normal rules;
// symmetric ones (=, \approx, \ne) also with the sides swapped;
// inequalities come oriented to < / <=. Any two nonzero numbers are
// multiples of each other, so the rule "the same relation up to a
// constant factor" would make 2 = 3 the same as 5 = 7.
func (c *comparer) cmpConstRelations(g, x *expr.Rel, symmetric bool, depth int) Result {
	if len(g.Sides) != 2 || len(x.Sides) != 2 || g.Ops[0] != x.Ops[0] {
		return neq("different relations between numbers")
	}
	orders := [][2]int{{0, 1}}
	if symmetric {
		orders = append(orders, [2]int{1, 0})
	}
	undecided := ""
	for _, o := range orders {
		l := c.cmp(g.Sides[0], x.Sides[o[0]], depth+1)
		if l.Outcome == Equal {
			r := c.cmp(g.Sides[1], x.Sides[o[1]], depth+1)
			if r.Outcome == Equal {
				return eq(joinProofs([]string{proofOf(l), proofOf(r)}), "the same relation between numbers, side by side")
			}
			if r.Outcome == Undecided {
				undecided = r.Reason
			}
		} else if l.Outcome == Undecided {
			undecided = l.Reason
		}
	}
	if undecided != "" {
		return undec("could not compare the sides of the relations: %s", undecided)
	}
	return neq("relations between different numbers")
}

// refuteRelations shows two relations different at probe points: where one
// side holds with equality and the other not, or where the ratio of the
// two differences changes.
func (c *comparer) refuteRelations(gd, xd expr.Node) Result {
	vars := expr.FreeVars(gd)
	for k := range expr.FreeVars(xd) {
		vars[k] = true
	}
	names := sortedNames(vars)
	if s := unreadName(names); s != "" {
		return undec("%s has no meaning the grader reads: it is not probed as if it were a variable", s)
	}
	var ratio *approxVal
	n := c.opts.Points
	if len(names) == 0 {
		n = 1
	}
	for i := 0; i < n; i++ {
		if c.expired() {
			c.limitHit = true
			return undec("deadline reached comparing the relations")
		}
		var env map[string]*big.Rat
		if len(names) > 0 {
			env = c.point(names, i)
		}
		ga, err1 := c.approx(gd, env)
		xa, err2 := c.approx(xd, env)
		if err1 != nil || err2 != nil {
			if c.limitErr(err1) || c.limitErr(err2) {
				return undec("size or time limit reached comparing the relations")
			}
			continue
		}
		zero := approxVal{expr.Complex{Re: new(big.Float), Im: new(big.Float)}, new(big.Float)}
		gnz, xnz := differ(ga, zero), differ(xa, zero)
		if gnz != xnz {
			if gnz && !differ(xa, zero) || xnz && !differ(ga, zero) {
				// one side vanishes (to the precision), the other certainly not
				if cabs(ga.v, zero.v).Cmp(new(big.Float).Mul(ga.err, big.NewFloat(4))) <= 0 || cabs(xa.v, zero.v).Cmp(new(big.Float).Mul(xa.err, big.NewFloat(4))) <= 0 {
					where := ""
					if len(names) > 0 {
						where = " at " + fmtEnv(names, env)
					}
					return neq("one relation holds%s and the other does not", where)
				}
			}
			continue
		}
		if !gnz {
			continue
		}
		q, err := c.quotient(ga, xa)
		if err != nil {
			continue
		}
		if ratio == nil {
			ratio = &q
			continue
		}
		if differ(*ratio, q) {
			return neq("the relations are not multiples of each other")
		}
	}
	return undec("could not prove the relations the same")
}

// quotient divides two approximations (with a crude error bound).
func (c *comparer) quotient(a, b approxVal) (approxVal, error) {
	q, err := expr.Eval(c.ctx, &expr.Mul{Factors: []expr.Node{cnode(a.v), &expr.Pow{Base: cnode(b.v), Exp: expr.Int(-1)}}}, precHi, nil, expr.EvalOptions{})
	if err != nil {
		return approxVal{}, err
	}
	bm := cabs(b.v, expr.Complex{Re: new(big.Float), Im: new(big.Float)})
	rel := new(big.Float).Quo(a.err, maxF(cabs(a.v, expr.Complex{Re: new(big.Float), Im: new(big.Float)}), a.err))
	rel.Add(rel, new(big.Float).Quo(b.err, bm))
	e := new(big.Float).Mul(rel, cabs(q, expr.Complex{Re: new(big.Float), Im: new(big.Float)}))
	return approxVal{q, e}, nil
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

func isRationalForm(f *expr.Form) bool {
	_, ok := f.Rational()
	return ok
}

// pinned reports whether n is the left side pinParameters gives a
// membership that names a list's parameter.
func pinned(n expr.Node) bool {
	c, ok := n.(*expr.Call)
	return ok && c.Fn == "param"
}
