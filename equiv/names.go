package equiv

import (
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/matheval/matheval/expr"
)

// Names: assignments (x = 3), chains (x = 5+5+1 = 11), equations, and
// lists of named values (a = 1, b = 4). Names matter when both sides give
// them; a bare gold against a named candidate compares the value; a named
// gold against a bare candidate compares the values in the gold's order.

// assignment returns the name and the value of "name = value" (also a
// chain "name = ... = value", the value being the side after the last "=").
func assignment(n expr.Node) (lhs, val expr.Node, ok bool) {
	r, isRel := n.(*expr.Rel)
	if !isRel || !allOps(r, "=", "~") || !isTarget(r.Sides[0]) {
		return nil, nil, false
	}
	return r.Sides[0], chainValue(r), true
}

// chainValue is the value an equation chain states: the side after the
// last "=" (an "≈" after it is a rounding remark).
func chainValue(r *expr.Rel) expr.Node {
	last := -1
	for i, op := range r.Ops {
		if op == "=" {
			last = i
		}
	}
	if last < 0 {
		return r.Sides[len(r.Sides)-1]
	}
	return r.Sides[last+1]
}

func allOps(r *expr.Rel, ops ...string) bool {
	for _, o := range r.Ops {
		ok := false
		for _, a := range ops {
			if o == a {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// isTarget reports whether n names what is being asked for (x, a_1, f(x),
// (p,q), S_1:S_2, \frac{NO}{BO}, AB) rather than being an expression to
// solve.
func isTarget(n expr.Node) bool {
	switch t := n.(type) {
	case *expr.Sym:
		return !expr.IsConst(t.Name) || t.Name == expr.E || t.Name == expr.I
	case *expr.Mul:
		for _, f := range t.Factors {
			if p, ok := f.(*expr.Pow); ok {
				if e, ok := p.Exp.(*expr.Num); ok && e.V.Cmp(big.NewRat(-1, 1)) == 0 {
					f = p.Base
				}
			}
			if !isTarget(f) {
				return false
			}
		}
		return true
	case *expr.Tuple:
		for _, it := range t.Items {
			if !isTarget(it) {
				return false
			}
		}
		return true
	case *expr.Ratio:
		for _, it := range t.Items {
			if !isTarget(it) {
				return false
			}
		}
		return true
	case *expr.Call:
		// f(x) written as a call of an unknown function, or \angle ABC
		return !knownFn[t.Fn]
	}
	return false
}

// mentions reports whether n holds the symbol name.
func mentions(n expr.Node, name string) bool {
	found := false
	expr.Walk(n, func(m expr.Node) bool {
		if s, ok := m.(*expr.Sym); ok && s.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// chainHolds reports whether no two number literals side by side in a
// chain of equations differ (y = 3 = 5 states nothing). Only literals are
// compared: a computation may use the problem's own operators (3 * 10 =
// 26 for a defined *) or round (100000/1.06^5 = 74726).
func (c *comparer) chainHolds(r *expr.Rel, depth int) bool {
	for i := 0; i+1 < len(r.Sides); i++ {
		if r.Ops[i] == "=" && literal(r.Sides[i]) && literal(r.Sides[i+1]) &&
			c.cmp(r.Sides[i], r.Sides[i+1], depth+1).Outcome == NotEqual {
			return false
		}
	}
	return true
}

// literal reports whether n is an integer written as one literal (5, -3),
// not a computation, nor a decimal that may carry a dropped unit (0.054 =
// 5.4\text{ cents}).
func literal(n expr.Node) bool {
	if ng, ok := n.(*expr.Neg); ok {
		n = ng.X
	}
	v, ok := n.(*expr.Num)
	return ok && !v.Dec && v.V.IsInt()
}

var knownFn = map[string]bool{"sin": true, "cos": true, "tan": true, "cot": true, "sec": true, "csc": true, "asin": true,
	"acos": true, "atan": true, "ln": true, "log": true, "exp": true, "abs": true, "floor": true, "ceil": true,
	"fact": true, "fact2": true, "binom": true, "modclass": true, "percent": true, "deg": true, "pm": true, "gcd": true, "lcm": true, "max": true,
	"min": true, "sinh": true, "cosh": true, "tanh": true, "sum": true, "prod": true, "mod": true, "sqrt": true,
	"re": true, "im": true, "sgn": true, "diff": true, "gamma": true}

// sameName reports whether two left sides name the same thing. Two
// applications of one function to distinct plain variables (W(n), W(x))
// name the same function, and the head binds its variables: gren and xren
// rename the gold's and the candidate's parameters to common names, so
// that the bodies can be compared. The candidate's parameters take the
// gold's names unless that would capture a variable of the candidate's
// body (f(t) = x^2 against f(x) = x^2: the candidate's x is free, not its
// parameter); then both sides' parameters take fresh names. A different
// function name (f against g) is a different answer: the question named
// the function.
func sameName(g, x expr.Node, xBody expr.Node) (ok bool, gren, xren map[string]string) {
	if expr.Key(g) == expr.Key(x) {
		return true, nil, nil
	}
	gc, ok1 := g.(*expr.Call)
	xc, ok2 := x.(*expr.Call)
	// a function given by its rule alone (x \mapsto x^2) names none: it
	// matches the definition of any function of as many parameters
	unnamed := ok1 && ok2 && (gc.Fn == expr.MapsTo || xc.Fn == expr.MapsTo)
	if !ok1 || !ok2 || gc.Fn != xc.Fn && !unnamed || len(gc.Args) != len(xc.Args) {
		return false, nil, nil
	}
	xren = map[string]string{}
	gseen := map[string]bool{}
	for i := range gc.Args {
		a, okA := gc.Args[i].(*expr.Sym)
		b, okB := xc.Args[i].(*expr.Sym)
		if !okA || !okB || expr.IsConst(a.Name) || expr.IsConst(b.Name) {
			return false, nil, nil
		}
		if _, seen := xren[b.Name]; seen || gseen[a.Name] {
			// g(x, x) is no list of parameters: nothing to rename
			return false, nil, nil
		}
		gseen[a.Name] = true
		xren[b.Name] = a.Name
	}
	captured := false
	if xBody != nil {
		for v := range expr.FreeVars(xBody) {
			if _, param := xren[v]; !param && gseen[v] {
				captured = true
			}
		}
	}
	if !captured {
		return true, nil, xren
	}
	gren = map[string]string{}
	for i := range gc.Args {
		fresh := "#" + strconv.Itoa(i+1)
		gren[gc.Args[i].(*expr.Sym).Name] = fresh
		xren[xc.Args[i].(*expr.Sym).Name] = fresh
	}
	return true, gren, xren
}

// renamed says in a result's reason that the function's parameters were
// renamed (#1, #2 are the fresh names of the first and second parameter).
func renamed(r Result, gren, xren map[string]string) Result {
	if len(gren) == 0 && len(xren) == 0 {
		return r
	}
	if r.Outcome == Equal {
		r.Reason += " (the function's parameters renamed)"
	} else {
		r.Reason = "with the function's parameters renamed: " + r.Reason
	}
	return r
}

// rename substitutes variables simultaneously (through temporary names,
// so that a swap x <-> y works).
func rename(n expr.Node, ren map[string]string) expr.Node {
	if len(ren) == 0 {
		return n
	}
	keys := make([]string, 0, len(ren))
	for k := range ren {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		n = expr.Substitute(n, k, &expr.Sym{Name: "\x00tmp" + string(rune('a'+i))})
	}
	for i, k := range keys {
		n = expr.Substitute(n, "\x00tmp"+string(rune('a'+i)), &expr.Sym{Name: ren[k]})
	}
	return n
}

// namedItem is one item of an answer list: a value with an optional name.
type namedItem struct {
	name expr.Node // nil for a bare value
	val  expr.Node
}

// namedList returns the items of a list (or a single answer) whose every
// item is an assignment. ok is false when some item is bare.
func namedList(n expr.Node) ([]namedItem, bool) {
	var items []expr.Node
	if l, ok := n.(*expr.List); ok {
		items = flattenList(l)
	} else {
		items = []expr.Node{n}
	}
	out := make([]namedItem, 0, len(items))
	for _, it := range items {
		lhs, val, ok := assignment(it)
		if !ok {
			return nil, false
		}
		if isTupleTarget(lhs) {
			// (y,x) = (1,2) names each item: y = 1 and x = 2, so that the
			// names are compared, never dropped (it was the tuple (1,2))
			parts, ok := tupleNames(lhs, val)
			if !ok {
				return nil, false
			}
			out = append(out, parts...)
			continue
		}
		out = append(out, namedItem{lhs, val})
	}
	return out, true
}

// tupleNames splits (p,q) = (3,2) into p = 3 and q = 2 when the target is
// a tuple of distinct plain names and the value a tuple of as many items.
func tupleNames(lhs, val expr.Node) ([]namedItem, bool) {
	lt, ok1 := lhs.(*expr.Tuple)
	vt, ok2 := val.(*expr.Tuple)
	if !ok1 || !ok2 || len(lt.Items) != len(vt.Items) || len(lt.Items) < 2 || isInterval(lt) || isInterval(vt) {
		return nil, false
	}
	seen := map[string]bool{}
	out := make([]namedItem, len(lt.Items))
	for i, n := range lt.Items {
		s, ok := n.(*expr.Sym)
		if !ok || seen[s.Name] {
			return nil, false
		}
		seen[s.Name] = true
		out[i] = namedItem{n, vt.Items[i]}
	}
	return out, true
}

// isTupleTarget: (p,q) = (3,2) names a tuple.
func isTupleTarget(n expr.Node) bool {
	_, ok := n.(*expr.Tuple)
	return ok
}

func flattenList(l *expr.List) []expr.Node {
	var out []expr.Node
	for _, it := range l.Items {
		if sub, ok := it.(*expr.List); ok {
			out = append(out, flattenList(sub)...)
			continue
		}
		out = append(out, it)
	}
	return out
}

// stripNames replaces every assignment in a list by its value. It is used
// only where the other side holds no relation (see hasRelations): there a
// bare value stands for the value of the name.
func stripNames(n expr.Node) expr.Node {
	switch t := n.(type) {
	case *expr.List:
		out := &expr.List{Items: make([]expr.Node, len(t.Items)), Seps: t.Seps}
		for i, it := range t.Items {
			if _, group := it.(*expr.List); group {
				out.Items[i] = it // a group keeps its names: it is one point
				continue
			}
			out.Items[i] = stripNames(it)
		}
		return out
	}
	if _, v, ok := assignment(n); ok {
		return v
	}
	return n
}

func hasNames(n expr.Node) bool {
	if l, ok := n.(*expr.List); ok {
		for _, it := range flattenList(l) {
			if _, _, ok := assignment(it); ok {
				return true
			}
		}
		return false
	}
	_, _, ok := assignment(n)
	return ok
}

// hasRelations reports whether a list (or a single answer) holds a
// relation that is not an assignment: 2AB = 9, a+1 = 1, x^2 = 1. Names are
// dropped from the other side only when it has none, so that the value of
// "AB = 9" is never compared with the last side of "2AB = 9".
func hasRelations(n expr.Node) bool {
	items := []expr.Node{n}
	if l, ok := n.(*expr.List); ok {
		items = flattenList(l)
	}
	for _, it := range items {
		if _, ok := it.(*expr.Rel); !ok {
			continue
		}
		if _, _, named := assignment(it); !named {
			return true
		}
	}
	return false
}

// cmpNamed compares answers where a side is a relation or names its
// values. ok is false when neither is.
func (c *comparer) cmpNamed(g, x expr.Node, depth int) (Result, bool) {
	gr, gIsRel := g.(*expr.Rel)
	xr, xIsRel := x.(*expr.Rel)
	gEq := gIsRel && relKind(gr) == "equation"
	xEq := xIsRel && relKind(xr) == "equation"
	switch {
	case gEq && xEq:
		gl, gv, gA := assignment(g)
		xl, xv, xA := assignment(x)
		if gA && xA && len(gr.Sides) == 2 && len(xr.Sides) == 2 {
			// (x,y) = (1,2) and (y,x) = (2,1): the same values by name
			if gn, ok := tupleNames(gl, gv); ok {
				if xn, ok := tupleNames(xl, xv); ok {
					return c.cmpNamedItems(gn, xn, depth), true
				}
			}
		}
		if gA && xA {
			if same, gren, xren := sameName(gl, xl, xv); same {
				r := c.cmp(rename(gv, gren), rename(xv, xren), depth+1)
				return renamed(r, gren, xren), true
			}
		}
		if len(gr.Sides) == 2 && len(xr.Sides) == 2 {
			r := c.cmpEquations(gr, xr, false, depth)
			if r.Outcome != Equal && gA && xA {
				return neq("different names: %s vs %s", gl, xl), true
			}
			return r, true
		}
		if gA && xA {
			return neq("different names: %s vs %s", gl, xl), true
		}
		// chains: by the values they state
		if len(gr.Sides) > 2 || len(xr.Sides) > 2 {
			if !c.chainHolds(xr, depth) {
				return neq("the candidate's chain %s states two different values", xr), true
			}
			return c.cmp(chainValue(gr), chainValue(xr), depth+1), true
		}
		return neq("different equations"), true
	case gEq && !xIsRel:
		if _, gv, ok := assignment(g); ok {
			if hasNames(x) {
				return Result{}, false
			}
			return c.cmp(gv, x, depth+1), true
		}
		if len(gr.Sides) > 2 {
			// 1 = \zzz = x = 0: the chain states its last value
			return c.cmp(chainValue(gr), x, depth+1), true
		}
		return neq("gold is an equation, candidate a %s", kind(x)), true
	case xEq && !gIsRel:
		// a bare gold: the candidate's equation states its last side
		// (x^3 = 12, \cos\angle ABC = -7/25 answer 12 and -7/25) when its
		// left side names a quantity; 2x = 2, x + 1 = 2 and 6 = 5 are
		// equations solved for something else, or false, and state no value
		if hasNames(g) {
			return Result{}, false
		}
		if gt, ok := g.(*expr.Tuple); ok && len(xr.Sides) == 2 && !isInterval(gt) {
			// (y,x) = (1,2) against (1,2): the names say which item is
			// which (y is 1), as for y = 1, x = 2
			if xn, ok := tupleNames(xr.Sides[0], xr.Sides[1]); ok {
				return c.namedAgainstTuple(gt, xn, depth), true
			}
		}
		if !c.chainHolds(xr, depth) {
			return neq("the candidate's chain %s states two different values", xr), true
		}
		if u := c.opts.Unknown; u != "" && mentions(xr.Sides[0], u) {
			if s, ok := xr.Sides[0].(*expr.Sym); !ok || s.Name != u {
				return neq("the candidate states %s, not %s", xr.Sides[0], u), true
			}
		}
		// Any left side names the quantity the right side is the value of
		// (n + 1 = 10 and 4x = 4(40) = 160 answer 10 and 160: a question may
		// ask for n + 1 or 4x, and reference solutions end this way), except
		// numbers: between plain numbers the equation must hold (20/18 =
		// 10/9 states 10/9, a false 6 = 5 states nothing).
		if len(xr.Sides) == 2 && literal(xr.Sides[0]) && literal(xr.Sides[1]) && allOps(xr, "=") {
			if r := c.cmp(xr.Sides[0], xr.Sides[1], depth+1); r.Outcome == NotEqual {
				return neq("the candidate %s sets two different numbers equal", xr), true
			}
		}
		return c.cmp(g, chainValue(xr), depth+1), true
	}
	// lists of named values
	gn, gNamed := namedList(g)
	xn, xNamed := namedList(x)
	_, gList := g.(*expr.List)
	_, xList := x.(*expr.List)
	if !gList && !xList {
		return Result{}, false
	}
	switch {
	case gNamed && xNamed:
		return c.cmpNamedItems(gn, xn, depth), true
	case gNamed && !hasNames(x):
		// the gold names its values, the candidate gives them bare: a
		// tuple in the gold's order when the names are distinct (a point)
		if xt, ok := x.(*expr.Tuple); ok && !isInterval(xt) {
			for _, it := range xt.Items {
				if _, _, named := assignment(it); named {
					return neq("gold is a list of named values, candidate a tuple of equations"), true
				}
			}
			if !distinctNames(gn) {
				return neq("gold is a list of values of one name, candidate a tuple"), true
			}
			vals := make([]expr.Node, len(gn))
			for i, it := range gn {
				vals[i] = it.val
			}
			return c.cmpOrdered(vals, xt.Items, depth, "named values against a tuple"), true
		}
		if hasGroups(g) {
			return c.groupsAgainst(g, x, depth), true
		}
		if hasRelations(x) {
			// 2AB = 9 is a relation, not a name: it is compared whole
			// with the gold's AB = 9 (see elements), not by its last side
			return Result{}, false
		}
		return c.cmp(stripNames(g), x, depth+1), true
	case xNamed && !hasNames(g):
		if gt, ok := g.(*expr.Tuple); ok && !isInterval(gt) {
			return c.namedAgainstTuple(gt, xn, depth), true
		}
		if _, ok := g.(*expr.Tuple); ok {
			return neq("gold is an interval, candidate a list of values"), true
		}
		if hasGroups(x) {
			return c.groupsAgainst(g, x, depth), true
		}
		if hasRelations(g) {
			return Result{}, false
		}
		return c.cmp(g, stripNames(x), depth+1), true
	}
	return Result{}, false
}

func hasGroups(n expr.Node) bool {
	if l, ok := n.(*expr.List); ok {
		for _, it := range l.Items {
			if _, ok := it.(*expr.List); ok {
				return true
			}
		}
	}
	return false
}

// groupsAgainst compares two collections where one is made of groups of
// named values ("p=5, q=2; p=7, q=2"): each group is one answer.
func (c *comparer) groupsAgainst(g, x expr.Node, depth int) Result {
	ge, ok := elements(g)
	if !ok {
		ge = []expr.Node{g}
	}
	xe, ok := elements(x)
	if !ok {
		xe = []expr.Node{x}
	}
	return c.cmpUnordered(ge, xe, c.repeats(ge, depth), depth)
}

// cmpNamedItems matches two lists of named values: each gold item needs a
// candidate item with the same name and an equal value.
func (c *comparer) cmpNamedItems(gn, xn []namedItem, depth int) Result {
	if len(gn) != len(xn) {
		return neq("%d named values against %d", len(gn), len(xn))
	}
	used := make([]bool, len(xn))
	undecided := false
	var proofs []string
	for _, a := range gn {
		found := false
		for j, b := range xn {
			if used[j] {
				continue
			}
			same, gren, xren := sameName(a.name, b.name, b.val)
			if !same {
				continue
			}
			r := renamed(c.cmp(rename(a.val, gren), rename(b.val, xren), depth+1), gren, xren)
			if r.Outcome == Equal {
				used[j], found = true, true
				proofs = append(proofs, proofOf(r))
				break
			}
			if r.Outcome == Undecided {
				undecided = true
			}
		}
		if !found {
			if undecided || c.limitHit {
				return undec("could not decide the value of %s", a.name)
			}
			return neq("%s = %s is not among the candidate's named values", a.name, a.val)
		}
	}
	return eq(joinProofs(proofs), "the same %d named values", len(gn))
}

// namedAgainstTuple compares named values with an unnamed tuple: in the
// written order when that is the alphabetical order of the names, else only
// when both orders give the same verdict.
func (c *comparer) namedAgainstTuple(g *expr.Tuple, xn []namedItem, depth int) Result {
	if len(g.Items) != len(xn) {
		return neq("a tuple of %d against %d named values", len(g.Items), len(xn))
	}
	names := map[string]bool{}
	for _, it := range xn {
		names[expr.Key(it.name)] = true
	}
	if len(names) != len(xn) {
		return neq("gold is a tuple, candidate a list of values of one name")
	}
	written := make([]expr.Node, len(xn))
	for i, it := range xn {
		written[i] = it.val
	}
	sorted := append([]namedItem{}, xn...)
	sort.SliceStable(sorted, func(i, j int) bool { return nameKey(sorted[i].name) < nameKey(sorted[j].name) })
	alpha := make([]expr.Node, len(xn))
	inOrder := true
	for i, it := range sorted {
		alpha[i] = it.val
		if it.name != xn[i].name {
			inOrder = false
		}
	}
	r := c.cmpOrdered(g.Items, written, depth, "tuple against named values")
	if inOrder {
		return r
	}
	r2 := c.cmpOrdered(g.Items, alpha, depth, "tuple against named values")
	if r.Outcome == r2.Outcome {
		return r
	}
	return undec("the candidate's names are not in alphabetical order, so which tuple they mean is unclear")
}

func distinctNames(items []namedItem) bool {
	seen := map[string]bool{}
	for _, it := range items {
		k := expr.Key(it.name)
		if seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}

// nameKey orders names alphabetically, ignoring backslashes (\theta sorts
// as theta).
func nameKey(n expr.Node) string {
	return strings.ToLower(strings.ReplaceAll(n.String(), "\\", ""))
}

// joinProofs names the distinct proofs of the parts of a structure.
func joinProofs(ps []string) string {
	seen := map[string]bool{}
	var out []string
	for _, p := range ps {
		if p != "" && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return "identical expressions"
	}
	sort.Strings(out)
	return strings.Join(out, "; ")
}
