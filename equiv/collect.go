package equiv

import (
	"fmt"

	"github.com/matheval/matheval/expr"
)

// Collections: lists of answers, sets, \pm; tuples and intervals.

// elements returns the members of a collection answer: a list, a set, or a
// scalar with \pm (both signs). ok is false for anything else.
func elements(n expr.Node) ([]expr.Node, bool) {
	switch t := n.(type) {
	case *expr.List:
		var out []expr.Node
		for _, it := range t.Items {
			if _, group := it.(*expr.List); group {
				// a group "p=5, q=2" of "p=5, q=2; p=7, q=2" is one answer
				out = append(out, it)
				continue
			}
			// an item keeps its name: "AB = 9" against "2AB = 9" compares
			// the two relations, not 9 with the last side of the other
			// (the name of an assignment is dropped item by item, in cmp,
			// only against a bare value)
			out = append(out, expandItem(it)...)
		}
		return out, true
	case *expr.Set:
		var out []expr.Node
		for _, it := range t.Items {
			if sub, ok := expandPM(it); ok {
				out = append(out, sub...)
			} else {
				out = append(out, it)
			}
		}
		return out, true
	}
	if sub, ok := expandPM(n); ok {
		return sub, true
	}
	if _, _, ok := assignment(n); ok {
		// x = \pm 2 is the two answers x = 2 and x = -2
		if sub := expandItem(n); len(sub) > 1 {
			return sub, true
		}
	}
	return nil, false
}

// expandItem expands the \pm of a list item: x = \pm 2 gives x = 2 and
// x = -2, a bare 1 \pm \sqrt 2 its two values.
func expandItem(it expr.Node) []expr.Node {
	if lhs, val, ok := assignment(it); ok {
		sub, ok := expandPM(val)
		if !ok {
			return []expr.Node{it}
		}
		out := make([]expr.Node, len(sub))
		for i, v := range sub {
			out[i] = &expr.Rel{Sides: []expr.Node{lhs, v}, Ops: []string{"="}}
		}
		return out
	}
	if sub, ok := expandPM(it); ok {
		return sub
	}
	return []expr.Node{it}
}

// expandPM replaces each \pm by + and by - (at most 4 of them).
func expandPM(n expr.Node) ([]expr.Node, bool) {
	count := 0
	expr.Walk(n, func(m expr.Node) bool {
		if cl, ok := m.(*expr.Call); ok && cl.Fn == "pm" {
			count++
		}
		return true
	})
	if count == 0 || count > 4 || !expr.IsScalar(n) {
		return nil, false
	}
	var out []expr.Node
	for mask := 0; mask < 1<<count; mask++ {
		k := 0
		out = append(out, replacePM(n, mask, &k))
	}
	return out, true
}

func replacePM(n expr.Node, mask int, k *int) expr.Node {
	switch t := n.(type) {
	case *expr.Call:
		if t.Fn == "pm" && len(t.Args) == 1 {
			bit := mask >> *k & 1
			*k++
			a := replacePM(t.Args[0], mask, k)
			if bit == 1 {
				return &expr.Neg{X: a}
			}
			return a
		}
		args := make([]expr.Node, len(t.Args))
		for i, a := range t.Args {
			args[i] = replacePM(a, mask, k)
		}
		return &expr.Call{Fn: t.Fn, Args: args}
	case *expr.Neg:
		return &expr.Neg{X: replacePM(t.X, mask, k)}
	case *expr.Add:
		return &expr.Add{Terms: replaceAll(t.Terms, mask, k)}
	case *expr.Mul:
		return &expr.Mul{Factors: replaceAll(t.Factors, mask, k)}
	case *expr.Pow:
		b := replacePM(t.Base, mask, k)
		return &expr.Pow{Base: b, Exp: replacePM(t.Exp, mask, k)}
	}
	return n
}

func replaceAll(ns []expr.Node, mask int, k *int) []expr.Node {
	out := make([]expr.Node, len(ns))
	for i, x := range ns {
		out[i] = replacePM(x, mask, k)
	}
	return out
}

// cmpCollections compares answers where a side is a list, a set or a
// \pm expression. ok is false when neither is.
func (c *comparer) cmpCollections(g, x expr.Node, depth int) (Result, bool) {
	if gc, xc := connective(g), connective(x); gc != "" && xc != "" && gc != xc {
		// x > 1 and x < 3 is an interval, x > 1 or x < 3 every real
		return neq("inequalities joined by %q against %q", gc, xc), true
	}
	ge, gColl := elements(g)
	xe, xColl := elements(x)
	if !gColl && !xColl {
		return Result{}, false
	}
	if gColl && xColl {
		multi := c.repeats(ge, depth)
		if !multi {
			if _, xSet := x.(*expr.Set); !xSet {
				// a root listed twice claims a double root: a bare list that
				// repeats a number the gold lists once is not the gold (a set
				// in braces, or a list of points, may repeat harmlessly)
				if v, ok := c.repeatedScalar(xe, depth); ok {
					return neq("the candidate lists %s more than once, the gold once", v), true
				}
			}
		}
		return c.cmpUnordered(ge, xe, multi, depth), true
	}
	if !gColl {
		// gold is one answer: a list of several is not it, even when they
		// are equal (the candidate said it twice; answer extraction decides
		// what a reply that repeats itself means)
		if len(xe) == 1 {
			return c.cmp(g, xe[0], depth+1), true
		}
		return neq("gold is one answer, candidate gives a list of %d", len(xe)), true
	}
	// candidate is one answer
	if _, ok := x.(*expr.Tuple); ok {
		return neq("gold is a %s, candidate a %s", kind(g), kind(x)), true
	}
	if c.repeats(ge, depth) {
		return neq("gold lists %d answers (with repeats), candidate gives one", len(ge)), true
	}
	if d := c.distinct(ge, depth); len(d) == 1 {
		return c.cmp(d[0], x, depth+1), true
	}
	return neq("gold has %d answers, candidate gives one", len(c.distinct(ge, depth))), true
}

// repeats reports whether a gold collection lists a value twice (then it
// is a multiset: roots with multiplicity).
func (c *comparer) repeats(items []expr.Node, depth int) bool {
	if len(items) > 50 {
		return false
	}
	for i := range items {
		for j := i + 1; j < len(items); j++ {
			if c.cmp(items[i], items[j], depth+1).Outcome == Equal {
				return true
			}
		}
	}
	return false
}

// repeatedScalar finds a single value (not a tuple or other structure)
// that a collection lists twice.
func (c *comparer) repeatedScalar(items []expr.Node, depth int) (expr.Node, bool) {
	if len(items) > 50 {
		return nil, false
	}
	for i := range items {
		ni, vi, ok := scalarItem(items[i])
		if !ok {
			continue
		}
		for j := i + 1; j < len(items); j++ {
			nj, vj, ok := scalarItem(items[j])
			if !ok || ni != nj {
				continue // x = 2, y = 2 give two names one value
			}
			if c.cmp(vi, vj, depth+1).Outcome == Equal {
				return items[i], true
			}
		}
	}
	return nil, false
}

// scalarItem returns the value of a list item that is a single value, bare
// or named (x = 2), with the key of its name ("" for a bare value): a value
// repeats when it comes twice under one name, or twice bare.
func scalarItem(n expr.Node) (name string, val expr.Node, ok bool) {
	if lhs, v, named := assignment(n); named {
		return expr.Key(lhs), v, expr.IsScalar(v)
	}
	return "", n, expr.IsScalar(n)
}

// distinct drops items equal to an earlier one.
func (c *comparer) distinct(items []expr.Node, depth int) []expr.Node {
	var out []expr.Node
	for _, it := range items {
		dup := false
		for _, o := range out {
			if expr.Key(o) == expr.Key(it) || len(items) <= 50 && c.cmp(o, it, depth+1).Outcome == Equal {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, it)
		}
	}
	return out
}

// cmpUnordered matches two collections as sets, or as multisets (each
// candidate item used once, the counts equal) when multiset is set.
func (c *comparer) cmpUnordered(ge, xe []expr.Node, multiset bool, depth int) Result {
	if len(ge) > 200 || len(xe) > 200 {
		return undec("too many answers to match")
	}
	if multiset && len(ge) != len(xe) {
		return neq("gold lists %d answers with multiplicity, candidate %d", len(ge), len(xe))
	}
	ge, xe = pinParameters(ge), pinParameters(xe)
	used := make([]bool, len(xe))
	undecided := false
	var proofs []string
	for _, a := range ge {
		found := false
		for j, b := range xe {
			if used[j] {
				continue
			}
			r := c.cmp(a, b, depth+1)
			if r.Outcome == Equal {
				used[j], found = true, true
				proofs = append(proofs, proofOf(r))
				break
			}
			if r.Outcome == Undecided {
				undecided = true
			}
		}
		if !found && !multiset {
			// a gold value listed twice matches one candidate item
			for j, b := range xe {
				if used[j] && c.cmp(a, b, depth+1).Outcome == Equal {
					found = true
					break
				}
			}
		}
		if !found {
			if undecided || c.limitHit {
				return undec("could not decide the answer %s", a)
			}
			return neq("gold answer %s is missing from the candidate", a)
		}
	}
	for j, b := range xe {
		if used[j] {
			continue
		}
		if multiset {
			return neq("candidate answer %s is extra", b)
		}
		extra := true
		for _, a := range ge {
			if c.cmp(a, b, depth+1).Outcome == Equal {
				extra = false
				break
			}
		}
		if extra {
			if undecided {
				return undec("could not decide the candidate answer %s", b)
			}
			return neq("candidate answer %s is not in the gold answer", b)
		}
	}
	what := "set"
	if multiset {
		what = "multiset"
	}
	return eq(joinProofs(proofs), "the same %s of %d answers", what, len(ge))
}

func (c *comparer) cmpOrdered(ga, xa []expr.Node, depth int, what string) Result {
	if len(ga) != len(xa) {
		return neq("%s: %d items vs %d", what, len(ga), len(xa))
	}
	var proofs []string
	for i := range ga {
		r := c.cmp(ga[i], xa[i], depth+1)
		if r.Outcome != Equal {
			r.Reason = fmt.Sprintf("item %d: %s", i+1, r.Reason)
			return r
		}
		proofs = append(proofs, proofOf(r))
	}
	return eq(joinProofs(proofs), "%s: %d items equal in order", what, len(ga))
}

// ---- tuples and intervals ----

// isInterval reports whether a bracketed pair is certainly an interval: a
// square bracket, or an infinite end. (a, b) is a pair or an open
// interval; the gold decides.
func isInterval(t *expr.Tuple) bool {
	if len(t.Items) != 2 || t.Open == "<" {
		return false
	}
	if t.Open == "[" && t.Close == "]" && !numericItems(t.Items) {
		return false // a list of symbolic roots [a, b]
	}
	if t.Open != "(" || t.Close != ")" {
		return true
	}
	return infSign(t.Items[0]) != 0 || infSign(t.Items[1]) != 0
}

// isListBracket: under Options.RootLists, [a, b, c] and [a, b] of
// symbolic items are unordered lists of values (HARDMath's roots).
func isListBracket(t *expr.Tuple) bool {
	return t.Open == "[" && t.Close == "]" && (len(t.Items) != 2 || !numericItems(t.Items))
}

func numericItems(items []expr.Node) bool {
	for _, it := range items {
		if len(expr.FreeVars(it)) > 0 {
			return false
		}
	}
	return true
}

func isReals(n expr.Node) bool {
	s, ok := n.(*expr.Sym)
	return ok && (s.Name == "\\mathbb{R}")
}

func (c *comparer) cmpTuple(g *expr.Tuple, x expr.Node, depth int) Result {
	switch xv := x.(type) {
	case *expr.Tuple:
		if len(g.Items) != len(xv.Items) {
			return neq("tuples of different lengths: %d vs %d", len(g.Items), len(xv.Items))
		}
		if c.opts.RootLists && isListBracket(g) && isListBracket(xv) {
			// a bracketed list of symbolic roots: [a, b] and [b, a]
			return c.cmpUnordered(g.Items, xv.Items, c.repeats(g.Items, depth), depth)
		}
		if g.Open == "<" || xv.Open == "<" {
			if g.Open != xv.Open {
				return neq("a vector against a %s", kind(map[bool]expr.Node{true: x, false: g}[g.Open == "<"]))
			}
			return c.cmpOrdered(g.Items, xv.Items, depth, "vector")
		}
		if g.Open != xv.Open || g.Close != xv.Close {
			return neq("brackets differ: %s%s vs %s%s", g.Open, g.Close, xv.Open, xv.Close)
		}
		return c.cmpOrdered(g.Items, xv.Items, depth, "tuple")
	case *expr.Matrix:
		return c.cmpMatrix(xv, g, depth)
	}
	return neq("gold is a %s, candidate a %s", kind(g), kind(x))
}

func matrixItems(n expr.Node) (rows [][]expr.Node, ok bool) {
	switch t := n.(type) {
	case *expr.Matrix:
		return t.Rows, true
	case *expr.Tuple:
		// a tuple stands for a column vector
		for _, it := range t.Items {
			rows = append(rows, []expr.Node{it})
		}
		return rows, true
	}
	return nil, false
}

func (c *comparer) cmpMatrix(g expr.Node, x expr.Node, depth int) Result {
	gr, _ := matrixItems(g)
	xr, ok := matrixItems(x)
	if !ok {
		return neq("gold is a matrix, candidate a %s", kind(x))
	}
	// a row vector against a column vector: compare entries in order
	if len(gr) == 1 && len(xr) == len(gr[0]) && len(xr) > 1 && len(xr[0]) == 1 || len(xr) == 1 && len(gr) == len(xr[0]) && len(gr) > 1 && len(gr[0]) == 1 {
		return c.cmpOrdered(flatten(gr), flatten(xr), depth, "vector")
	}
	if len(gr) != len(xr) || len(gr[0]) != len(xr[0]) {
		return neq("matrix shapes differ: %dx%d vs %dx%d", len(gr), len(gr[0]), len(xr), len(xr[0]))
	}
	var proofs []string
	for i := range gr {
		for j := range gr[i] {
			r := c.cmp(gr[i][j], xr[i][j], depth+1)
			if r.Outcome != Equal {
				r.Reason = fmt.Sprintf("entry (%d,%d): %s", i+1, j+1, r.Reason)
				return r
			}
			proofs = append(proofs, proofOf(r))
		}
	}
	return eq(joinProofs(proofs), "matrices equal entry by entry")
}

func flatten(rows [][]expr.Node) []expr.Node {
	var out []expr.Node
	for _, r := range rows {
		out = append(out, r...)
	}
	return out
}

// connective returns "and" or "or" for a list of inequalities joined only
// by that word, "" for anything else (commas say neither).
func connective(n expr.Node) string {
	l, ok := n.(*expr.List)
	if !ok || len(l.Items) < 2 || len(l.Seps) == 0 {
		return ""
	}
	for _, it := range l.Items {
		r, ok := it.(*expr.Rel)
		if !ok || allOps(r, "=") {
			return ""
		}
	}
	k := l.Seps[0]
	for _, s := range l.Seps {
		if s != k {
			return ""
		}
	}
	if k != "and" && k != "or" {
		return ""
	}
	return k
}

// pinParameters returns items with each membership "v \in S" whose
// variable v is free in another item made to name v: its left side is
// param(v), which only the same v matches. In "x = \frac{\pi}{4}+k\pi,
// k\in\mathbb{Z}" the membership says what k is; "x\in\mathbb{Z}" says
// something else, and was Equal to it because the names of a membership's
// plain variable do not matter on their own (x \in [0, 1] is y \in [0, 1]).
func pinParameters(items []expr.Node) []expr.Node {
	var out []expr.Node
	for i, it := range items {
		r, ok := it.(*expr.Rel)
		if !ok || len(r.Ops) != 1 || r.Ops[0] != "in" {
			continue
		}
		v, ok := r.Sides[0].(*expr.Sym)
		if !ok {
			continue
		}
		free := false
		for j, other := range items {
			if j != i && expr.FreeVars(other)[v.Name] {
				free = true
				break
			}
		}
		if !free {
			continue
		}
		if out == nil {
			out = append([]expr.Node(nil), items...)
		}
		out[i] = &expr.Rel{Sides: []expr.Node{&expr.Call{Fn: "param", Args: []expr.Node{v}}, r.Sides[1]}, Ops: r.Ops}
	}
	if out == nil {
		return items
	}
	return out
}
