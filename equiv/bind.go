package equiv

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/matheval/matheval/expr"
)

// Bound variables.
//
// The index of a sum or a product (expr.Call "sum" and "prod", Args: body,
// index, from, to) is bound: \sum_{k=1}^n k and \sum_{i=1}^n i are one
// answer. Compare renames every index to a name fixed by its nesting depth
// (alphaNormal) before anything else looks at the trees, so that
// alpha-equivalent answers have one key and one canonical form: the proof
// is then "identical expressions" or an equal canonical form, as for any
// other pair.
//
// A sum whose bounds are not numbers (\sum_{k=1}^n k, \sum_{k=1}^\infty
// 1/k^2) has no value the engine computes: its canonical form is an opaque
// atom, and numeric evaluation would give it a pseudo-random value, which
// refutes nothing. Such answers are refuted only at integer values of the
// variables in the bounds (n bounds a sum, so it is an integer), where the
// sum is evaluated exactly; otherwise they are Undecided unless their
// forms are equal.

// boundPrefix starts the names alphaNormal gives to indices. '#' is TeX's
// parameter character: no answer the parser reads has a symbol with it.
const boundPrefix = "#i"

// indexedSuffix marks a sum or product whose body subscripts a symbol with
// its index (\sum_{k=1}^3 a_k). The engine would take a_k for one symbol
// and give 3a_k; so alphaNormal renames the function (sum#indexed), which
// the engine does not evaluate or expand: such a sum is Equal only to one
// of the same tree, and otherwise Undecided (binderGuard).
const indexedSuffix = "#indexed"

// isBinder reports whether n is a sum or product with its index.
func isBinder(n expr.Node) (*expr.Call, *expr.Sym, bool) {
	t, ok := n.(*expr.Call)
	if !ok || (t.Fn != "sum" && t.Fn != "prod") || len(t.Args) != 4 {
		return nil, nil, false
	}
	v, ok := t.Args[1].(*expr.Sym)
	return t, v, ok
}

// hasBinder reports whether a sum or a product occurs in n.
func hasBinder(n expr.Node) bool {
	found := false
	expr.Walk(n, func(m expr.Node) bool {
		if c, ok := m.(*expr.Call); ok && isBigOp(c.Fn) {
			found = true
		}
		return !found
	})
	return found
}

// isBigOp reports whether a function name is a sum or product, indexed
// (indexedSuffix) or not.
func isBigOp(fn string) bool {
	fn = strings.TrimSuffix(fn, indexedSuffix)
	return fn == "sum" || fn == "prod"
}

// subscripted renames the symbols of n subscripted with the index v (a_k,
// a_{k}) to subscripts of name, stopping at an inner sum over the same
// index; it reports whether it renamed any.
func subscripted(n expr.Node, v, name string) (expr.Node, bool) {
	changed := false
	var rec func(n expr.Node) expr.Node
	recAll := func(ns []expr.Node) []expr.Node {
		out := make([]expr.Node, len(ns))
		for i, m := range ns {
			out[i] = rec(m)
		}
		return out
	}
	rec = func(n expr.Node) expr.Node {
		switch t := n.(type) {
		case *expr.Sym:
			if s, ok := expr.RenameInSubscript(t.Name, v, name); ok {
				changed = true
				return &expr.Sym{Name: s}
			}
			return t
		case *expr.Neg:
			return &expr.Neg{X: rec(t.X)}
		case *expr.Add:
			return &expr.Add{Terms: recAll(t.Terms)}
		case *expr.Mul:
			return &expr.Mul{Factors: recAll(t.Factors)}
		case *expr.Pow:
			return &expr.Pow{Base: rec(t.Base), Exp: rec(t.Exp)}
		case *expr.Call:
			if _, iv, ok := isBinder(t); ok && iv.Name == v {
				return t
			}
			return &expr.Call{Fn: t.Fn, Args: recAll(t.Args)}
		}
		return n
	}
	out := rec(n)
	return out, changed
}

// alphaNormal returns n with the index of every sum and product renamed to
// boundPrefix and its nesting depth (the tree is copied; Compare calls it
// only on a tree that holds a sum or product).
func alphaNormal(n expr.Node) expr.Node { return alphaRec(n, 1) }

func alphaRec(n expr.Node, depth int) expr.Node {
	if t, v, ok := isBinder(n); ok {
		name := boundPrefix + strconv.Itoa(depth)
		lo := t.Args[2]
		if r, ok := lo.(*expr.Rel); ok && len(r.Ops) == 1 && r.Ops[0] == "in" {
			// \sum_{j \in S}: the parser's index is a placeholder; j is bound
			if w, ok := r.Sides[0].(*expr.Sym); ok {
				v = w
				lo = &expr.Rel{Sides: []expr.Node{&expr.Sym{Name: name}, r.Sides[1]}, Ops: r.Ops}
			}
		} else if w, ok := lo.(*expr.Sym); ok && mentions(t.Args[3], "?") && !expr.IsConst(w.Name) {
			// \sum_j: the subscript names the index, the range is not given
			v, lo = w, &expr.Sym{Name: "?"}
		}
		body, indexed := subscripted(t.Args[0], v.Name, name)
		body = expr.Substitute(body, v.Name, &expr.Sym{Name: name})
		fn := t.Fn
		if indexed {
			fn += indexedSuffix
		}
		return &expr.Call{Fn: fn, Args: []expr.Node{
			alphaRec(body, depth+1), &expr.Sym{Name: name},
			alphaRec(lo, depth), alphaRec(t.Args[3], depth)}}
	}
	switch t := n.(type) {
	case *expr.Neg:
		return &expr.Neg{X: alphaRec(t.X, depth)}
	case *expr.Add:
		return &expr.Add{Terms: alphaAll(t.Terms, depth)}
	case *expr.Mul:
		return &expr.Mul{Factors: alphaAll(t.Factors, depth)}
	case *expr.Pow:
		return &expr.Pow{Base: alphaRec(t.Base, depth), Exp: alphaRec(t.Exp, depth)}
	case *expr.Call:
		return &expr.Call{Fn: t.Fn, Args: alphaAll(t.Args, depth)}
	case *expr.Rel:
		return &expr.Rel{Sides: alphaAll(t.Sides, depth), Ops: t.Ops, Bound: t.Bound}
	case *expr.Tuple:
		return &expr.Tuple{Items: alphaAll(t.Items, depth), Open: t.Open, Close: t.Close}
	case *expr.Set:
		return &expr.Set{Items: alphaAll(t.Items, depth)}
	case *expr.SetOp:
		return &expr.SetOp{Op: t.Op, Args: alphaAll(t.Args, depth)}
	case *expr.List:
		return &expr.List{Items: alphaAll(t.Items, depth), Seps: t.Seps}
	case *expr.Ratio:
		return &expr.Ratio{Items: alphaAll(t.Items, depth)}
	case *expr.Matrix:
		rows := make([][]expr.Node, len(t.Rows))
		for i, r := range t.Rows {
			rows[i] = alphaAll(r, depth)
		}
		return &expr.Matrix{Rows: rows}
	}
	return n
}

func alphaAll(ns []expr.Node, depth int) []expr.Node {
	out := make([]expr.Node, len(ns))
	for i, m := range ns {
		out[i] = alphaRec(m, depth)
	}
	return out
}

// openBinders reports whether n holds a sum or product that the engine
// cannot evaluate (bounds that are not integers, a malformed index), and
// the free variables of the bounds of those.
//
// An indexed sum (indexedSuffix), a sum with a missing bound (the parser's
// "?": \sum_k) or one over a set (\sum_{k \in S}) is open with nothing to
// enumerate: enumerable is then false, and no integer point can refute.
func (c *comparer) openBinders(n expr.Node) (open bool, rangeVars map[string]bool, enumerable bool) {
	rangeVars = map[string]bool{}
	enumerable = true
	expr.Walk(n, func(m expr.Node) bool {
		t, ok := m.(*expr.Call)
		if !ok || !isBigOp(t.Fn) {
			return true
		}
		if _, _, ok := isBinder(t); !ok {
			open, enumerable = true, false
			return true
		}
		if t.Fn == "sum" && len(t.Args) == 4 && c.isIntegerConst(t.Args[2]) {
			if inf, ok := t.Args[3].(*expr.Sym); ok && inf.Name == expr.Inf {
				if _, err := expr.InfiniteSum(c.ctx, t, c.lim); err == nil {
					return true // a series with a closed form (expr/series.go)
				}
			}
		}
		for _, b := range t.Args[2:] {
			if !c.isIntegerConst(b) {
				open = true
				if !expr.IsScalar(b) || mentions(b, "?") {
					enumerable = false
				}
				for v := range expr.FreeVars(b) {
					rangeVars[v] = true
				}
			}
		}
		return true
	})
	return open, rangeVars, enumerable
}

// isIntegerConst reports whether a bound is an integer: a constant, or an
// expression in the indices of enclosing sums that is an integer wherever
// they are (\sum_{j=1}^{i} under \sum_{i=1}^{n}; checked at i = 1, 2, 3).
func (c *comparer) isIntegerConst(n expr.Node) bool {
	var idx []string
	for v := range expr.FreeVars(n) {
		if !strings.HasPrefix(v, boundPrefix) {
			return false
		}
		idx = append(idx, v)
	}
	if len(idx) == 0 {
		v, err := expr.Rational(c.ctx, n, c.lim)
		return err == nil && v.IsInt()
	}
	for k := int64(1); k <= 3; k++ {
		m := n
		for _, v := range idx {
			m = expr.Substitute(m, v, expr.Int(k))
		}
		v, err := expr.Rational(c.ctx, m, c.lim)
		if err != nil || !v.IsInt() {
			return false
		}
	}
	return true
}

// integerValues are the values refuteIntegers gives a variable that bounds
// a sum: small, since a sum's terms are computed one by one.
var integerValues = []int64{1, 2, 3, 4, 5, 7, 10, 6, 9, 12}

// refuteIntegers tries to tell apart two answers that hold a sum or product
// with symbolic bounds, at integer values of the variables in those bounds
// (where every sum has integer bounds and is computed exactly; a point
// where a sum would run backwards, from 5 to 2, is skipped, since
// conventions for empty sums differ). It never answers Equal: agreement at
// some integers proves nothing about the closed form.
func (c *comparer) refuteIntegers(g, x expr.Node, rangeVars map[string]bool) Result {
	names := sortedNames(rangeVars)
	if len(names) == 0 {
		return undec("a sum or product whose bounds are not integers has no value the engine computes (it is not probed as if its index were free)")
	}
	agreed := 0
	for i := 0; i < len(integerValues); i++ {
		if c.expired() {
			c.limitHit = true
			return undec("deadline reached after %d integer points", agreed)
		}
		gs, xs := g, x
		var at []string
		for j, name := range names {
			v := integerValues[(i+3*j)%len(integerValues)]
			gs = expr.Substitute(gs, name, expr.Int(v))
			xs = expr.Substitute(xs, name, expr.Int(v))
			at = append(at, name+"="+strconv.FormatInt(v, 10))
		}
		if !c.forwardBounds(gs) || !c.forwardBounds(xs) {
			continue
		}
		if o1, _, _ := c.openBinders(gs); o1 {
			continue
		}
		if o2, _, _ := c.openBinders(xs); o2 {
			continue
		}
		r := c.scalar(gs, xs)
		switch r.Outcome {
		case NotEqual:
			return neq("differ at %s (integers: they bound a sum or product): %s", strings.Join(at, ", "), r.Reason)
		case Equal:
			agreed++
		}
		if c.limitHit {
			return undec("size or time limit reached at integer points")
		}
	}
	return undec("a sum or product with symbolic bounds is not evaluated in closed form; the answers agree at %d integer points of %s", agreed, strings.Join(names, ", "))
}

// forwardBounds reports whether every sum and product in n runs from a
// lower bound to an upper bound at least one below it (the empty sum from
// n+1 to n is allowed).
func (c *comparer) forwardBounds(n expr.Node) bool {
	ok := true
	expr.Walk(n, func(m expr.Node) bool {
		t, _, isB := isBinder(m)
		if !isB || !ok {
			return ok
		}
		lo, err1 := expr.Rational(c.ctx, t.Args[2], c.lim)
		hi, err2 := expr.Rational(c.ctx, t.Args[3], c.lim)
		if err1 == nil && err2 == nil && new(big.Rat).Sub(hi, lo).Cmp(big.NewRat(-1, 1)) < 0 {
			ok = false
		}
		return ok
	})
	return ok
}

// hasOpenBinder reports whether either answer holds a sum or product the
// engine cannot evaluate.
func (c *comparer) hasOpenBinder(g, x expr.Node) bool {
	if !hasBinder(g) && !hasBinder(x) {
		return false
	}
	o1, _, _ := c.openBinders(g)
	o2, _, _ := c.openBinders(x)
	return o1 || o2
}

// binderGuard stands between two answers whose forms differ and the
// numeric refutation: when either holds a sum or product the engine cannot
// evaluate, only integer points may refute (see refuteIntegers).
func (c *comparer) binderGuard(g, x expr.Node) (Result, bool) {
	if !hasBinder(g) && !hasBinder(x) {
		return Result{}, false
	}
	o1, r1, e1 := c.openBinders(g)
	o2, r2, e2 := c.openBinders(x)
	if !o1 && !o2 {
		return Result{}, false
	}
	if !e1 || !e2 {
		return undec("a sum or product over a subscripted sequence, a set or a missing bound has no value the engine computes (it is not probed as if its index were free)"), true
	}
	for v := range r2 {
		r1[v] = true
	}
	if r, ok := c.proveSum(g, x, r1); ok {
		return r, true
	}
	return c.refuteIntegers(g, x, r1), true
}
