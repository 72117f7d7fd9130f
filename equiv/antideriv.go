package equiv

import (
	"github.com/matheval/matheval/expr"
)

// Antiderivatives. An indefinite integral's answer ends in an arbitrary
// constant, "+ C", and two antiderivatives are the same answer when they
// differ by a constant: -\ln|\csc x+\cot x|+C is \ln|\csc x-\cot x|+C, and
// \frac{x^3}{3}+C is \frac13 x^3+c. Two answers are Equal under this rule
// only when
//   - the gold is a sum with the term C (or C_0, C_1) that occurs nowhere
//     else in it, and the candidate a sum with one such term, named C, c,
//     K, C_0 or C_1;
//   - what is left of the gold holds exactly one variable, and what is left
//     of the candidate no other: an antiderivative in x (a sum of three
//     angles A+B+C is no antiderivative);
//   - the derivative of the difference of the rest, in that variable, is
//     proved zero by the canonical form.
// Otherwise the pair goes to the other rules, in which C and c are two
// variables. A candidate without a constant is not an antiderivative
// family, and is compared as written (so x^2/2 against x^2/2 + C differs).

var goldConstNames = map[string]bool{"C": true, "C_0": true, "C_1": true, "C_{0}": true, "C_{1}": true}

var candConstNames = map[string]bool{"C": true, "c": true, "K": true, "C_0": true, "C_1": true, "C_{0}": true, "C_{1}": true}

// splitConstant returns the sum n without its arbitrary-constant term, and
// the constant's name, when n is a sum with one such term named in names
// that occurs nowhere else.
func splitConstant(n expr.Node, names map[string]bool) (expr.Node, string, bool) {
	a, ok := n.(*expr.Add)
	if !ok || len(a.Terms) < 2 {
		return nil, "", false
	}
	at, name := -1, ""
	for i, t := range a.Terms {
		if s, ok := t.(*expr.Sym); ok && names[s.Name] {
			if at >= 0 {
				return nil, "", false
			}
			at, name = i, s.Name
		}
	}
	if at < 0 {
		return nil, "", false
	}
	rest := make([]expr.Node, 0, len(a.Terms)-1)
	rest = append(rest, a.Terms[:at]...)
	rest = append(rest, a.Terms[at+1:]...)
	var r expr.Node = &expr.Add{Terms: rest}
	if len(rest) == 1 {
		r = rest[0]
	}
	if expr.FreeVars(r)[name] {
		return nil, "", false
	}
	return r, name, true
}

// antiderivatives applies the rule above; ok is false when it does not
// apply.
func (c *comparer) antiderivatives(g, x expr.Node) (Result, bool) {
	gr, gname, ok := splitConstant(g, goldConstNames)
	if !ok {
		return Result{}, false
	}
	xr, _, ok := splitConstant(x, candConstNames)
	if !ok {
		return Result{}, false
	}
	gv := expr.FreeVars(gr)
	if len(gv) != 1 {
		return Result{}, false
	}
	var v string
	for name := range gv {
		v = name
	}
	for name := range expr.FreeVars(xr) {
		if name != v {
			return Result{}, false
		}
	}
	if r := c.cmp(gr, xr, 1); r.Outcome == Equal {
		return eq("antiderivatives, the same up to their constants", "%s; the gold's constant %s", proofOf(r), gname), true
	}
	diff := &expr.Call{Fn: "diff", Args: []expr.Node{&expr.Add{Terms: []expr.Node{gr, &expr.Neg{X: xr}}}, &expr.Sym{Name: v}}}
	f, err := c.forms().Form(diff)
	if err != nil {
		if c.limitErr(err) {
			return undec("size limit reached differentiating the antiderivatives"), true
		}
		return undec("antiderivatives whose difference could not be differentiated exactly: %v", err), true
	}
	if f.IsZero() {
		return eq("antiderivatives that differ by a constant", "the derivative of their difference is 0 in canonical form"), true
	}
	// a nonzero canonical form of the derivative is not yet a proof that it
	// is nonzero (the form may miss an identity): the values decide
	return c.scalar(&expr.Call{Fn: "diff", Args: []expr.Node{gr, &expr.Sym{Name: v}}}, &expr.Call{Fn: "diff", Args: []expr.Node{xr, &expr.Sym{Name: v}}}), true
}
