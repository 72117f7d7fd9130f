// Package expr holds the expression trees of parsed answers and the
// computations on them: exact rational arithmetic on math/big, canonical
// forms (Form, built by a FormBuilder: equal forms prove equal values),
// arbitrary-precision (complex) numeric evaluation with real odd roots or
// the principal branch (EvalOptions), and printing back to LaTeX. Every
// computation takes a context.Context, polled every few steps, and Limits
// (size settings only, never written to), so that a hostile answer
// (2^{10^9}, 10^6!) fails fast with ErrLimit or ErrDeadline instead of
// hanging.
//
// The package imports only the standard library; latex builds trees of it and
// equiv compares them.
package expr

import (
	"math/big"
	"strings"
)

// Node is one node of an expression tree. String prints it back as LaTeX.
type Node interface {
	String() string
}

// Num is an exact rational literal. Dec records that it was written as a
// decimal and Places how many digits followed the point, so that equiv can
// apply a tolerance policy to rounded answers without losing exactness.
type Num struct {
	V      *big.Rat
	Dec    bool
	Places int
	// Trail marks a decimal written with an ellipsis (0.3333…, 0.25...):
	// its digits go on past those shown, so it is no terminating value.
	Trail bool
	// Radix is the base a literal was written in with a subscript
	// (1011_2, 152A_{11}); 0 for a decimal literal. A gold in base b asks
	// for an answer in base b (equiv reads a bare numeral against it so).
	Radix int
}

// Sym is a variable or a named constant. The constants are Pi, E, I, Inf.
type Sym struct {
	Name string
}

// Names of the constants among symbols.
const (
	Pi  = "\\pi"
	E   = "e"
	I   = "i"
	Inf = "\\infty"
)

// Neg is unary minus.
type Neg struct{ X Node }

// Add is a sum of terms.
type Add struct{ Terms []Node }

// Mul is a product of factors; a quotient is a factor with exponent -1.
type Mul struct{ Factors []Node }

// Pow is Base^Exp; roots are powers with rational exponents.
type Pow struct{ Base, Exp Node }

// MapsTo is the name of the function an answer gives by its rule alone
// (x \mapsto x^2): the definition MapsTo(x) = x^2 of a function it leaves
// unnamed, which matches the definition of any named one (f(t) = t^2).
const MapsTo = "\\mapsto"

// Cross is the name of the cross product u × v of two vectors, which the
// parser writes as a call so that it never commutes.
const Cross = "cross"

// Call applies a named function. Known names are listed in funcs (eval.go);
// any other name is an uninterpreted function that numeric evaluation maps to
// a pseudo-random value derived from its canonical form.
type Call struct {
	Fn   string
	Args []Node
}

// Rel is a relation or a chain of them: Sides[0] Ops[0] Sides[1] Ops[1] ...
// Ops are "=", "<", "<=", ">", ">=", "!=", "~" (approximately) and "in".
type Rel struct {
	Sides []Node
	Ops   []string
	// Bound is the variable that a set-builder binds (\{x \mid x > 3\} is
	// the relation x > 3 with Bound "x"), or "": the set is the same in any
	// other name of its variable.
	Bound string
}

// Tuple is an ordered bracketed list, also an interval: Open and Close are the
// brackets as written ("(", "[", ")", "]"; "<" ">" for angle brackets).
type Tuple struct {
	Items       []Node
	Open, Close string
}

// Set is a set written with braces (or \emptyset when empty).
type Set struct{ Items []Node }

// SetOp is a union, intersection or difference of sets ("cup", "cap", "setminus").
type SetOp struct {
	Op   string
	Args []Node
}

// Matrix is a matrix or a vector written with a matrix environment.
type Matrix struct{ Rows [][]Node }

// List is several answers ("1, 2 and 3"): compared as a set. Seps, when
// set, holds the separator written before each item after the first: ",",
// ";", "and" or "or" (the word separators make a list of inequalities a
// conjunction or a union).
type List struct {
	Items []Node
	Seps  []string
}

// Ratio is a:b(:c...).
type Ratio struct{ Items []Node }

// Text is a word answer (\text{Evelyn}, a multiple-choice letter).
type Text struct{ S string }

// Int returns an integer literal.
func Int(v int64) *Num { return &Num{V: new(big.Rat).SetInt64(v)} }

// Rat returns an exact rational literal (the value is copied).
func Rat(v *big.Rat) *Num { return &Num{V: new(big.Rat).Set(v)} }

// Walk calls f on n and on every node below it, depth first, stopping the
// descent below a node for which f returns false.
func Walk(n Node, f func(Node) bool) {
	if n == nil || !f(n) {
		return
	}
	for _, c := range Children(n) {
		Walk(c, f)
	}
}

// Children returns the direct sub-nodes of n.
func Children(n Node) []Node {
	switch t := n.(type) {
	case *Neg:
		return []Node{t.X}
	case *Add:
		return t.Terms
	case *Mul:
		return t.Factors
	case *Pow:
		return []Node{t.Base, t.Exp}
	case *Call:
		return t.Args
	case *Rel:
		return t.Sides
	case *Tuple:
		return t.Items
	case *Set:
		return t.Items
	case *SetOp:
		return t.Args
	case *List:
		return t.Items
	case *Ratio:
		return t.Items
	case *Matrix:
		var out []Node
		for _, r := range t.Rows {
			out = append(out, r...)
		}
		return out
	}
	return nil
}

// Size counts the nodes of a tree.
func Size(n Node) int {
	k := 0
	Walk(n, func(Node) bool { k++; return true })
	return k
}

// Binders. A sum, a product, an integral and a limit bind a variable: the
// index of \sum_{k=1}^{n} k is not a variable of the answer, and renaming
// it changes nothing (\sum_{k=1}^n k is \sum_{i=1}^n i). They are Calls
// whose second argument is the bound variable (a *Sym) and whose first
// argument, the body, is its only scope:
//
//	Call{Fn: "sum",  Args: [body, index, lo, hi]}   \sum_{index=lo}^{hi} body (also "prod")
//	Call{Fn: "int",  Args: [body, var, lo, hi]}     \int_{lo}^{hi} body \, d var
//	Call{Fn: "int",  Args: [body, var]}             \int body \, d var (an antiderivative)
//	Call{Fn: "lim",  Args: [body, var, point]}      \lim_{var \to point} body
//
// The bounds and the point are outside the scope. FreeVars leaves the bound
// variable out, Substitute never replaces it inside the body, and the
// canonical key of a binder (AlphaNormal) names it by its depth, so that
// forms of renamed binders are identical. With numeric bounds a sum or a
// product is evaluated term by term and an integral of a polynomial
// exactly; otherwise a binder has no value (ErrUnknownFunction): its bound
// variable is never probed as if it were free, and its comparisons are
// proved by identical forms or left undecided.

// BoundVar returns the variable a binder binds (see Binders), or false when
// c is no binder.
func BoundVar(c *Call) (string, bool) {
	switch {
	case (c.Fn == "sum" || c.Fn == "prod") && len(c.Args) == 4,
		c.Fn == "int" && (len(c.Args) == 4 || len(c.Args) == 2),
		c.Fn == "lim" && len(c.Args) == 3:
		if v, ok := c.Args[1].(*Sym); ok {
			return v.Name, true
		}
	}
	return "", false
}

// AlphaNormal returns n with the variable of every binder renamed after its
// nesting depth ("#1", "#2", ...: names no parsed answer holds), so that
// binders that differ only in the names of their bound variables are the
// same tree.
func AlphaNormal(n Node) Node { return alphaNormal(n, 0) }

func alphaNormal(n Node, depth int) Node {
	c, isCall := n.(*Call)
	if isCall {
		if v, ok := BoundVar(c); ok {
			name := "#" + string(rune('0'+depth%10)) + strings.Repeat("'", depth/10)
			args := make([]Node, len(c.Args))
			args[0] = alphaNormal(renameSubscripts(Substitute(c.Args[0], v, &Sym{Name: name}), v, name), depth+1)
			args[1] = &Sym{Name: name}
			for i := 2; i < len(c.Args); i++ {
				args[i] = alphaNormal(c.Args[i], depth)
			}
			return &Call{Fn: c.Fn, Args: args}
		}
	}
	if len(Children(n)) == 0 {
		return n
	}
	return mapChildren(n, func(x Node) Node { return alphaNormal(x, depth) })
}

// mapChildren returns a copy of n with f applied to its direct sub-nodes.
func mapChildren(n Node, f func(Node) Node) Node {
	all := func(xs []Node) []Node {
		out := make([]Node, len(xs))
		for i, x := range xs {
			out[i] = f(x)
		}
		return out
	}
	switch t := n.(type) {
	case *Neg:
		return &Neg{X: f(t.X)}
	case *Add:
		return &Add{Terms: all(t.Terms)}
	case *Mul:
		return &Mul{Factors: all(t.Factors)}
	case *Pow:
		return &Pow{Base: f(t.Base), Exp: f(t.Exp)}
	case *Call:
		return &Call{Fn: t.Fn, Args: all(t.Args)}
	case *Rel:
		return &Rel{Sides: all(t.Sides), Ops: t.Ops, Bound: t.Bound}
	case *Tuple:
		return &Tuple{Items: all(t.Items), Open: t.Open, Close: t.Close}
	case *Set:
		return &Set{Items: all(t.Items)}
	case *SetOp:
		return &SetOp{Op: t.Op, Args: all(t.Args)}
	case *List:
		return &List{Items: all(t.Items), Seps: t.Seps}
	case *Ratio:
		return &Ratio{Items: all(t.Items)}
	case *Matrix:
		rows := make([][]Node, len(t.Rows))
		for i, r := range t.Rows {
			rows[i] = all(r)
		}
		return &Matrix{Rows: rows}
	}
	return n
}

// FreeVars returns the names of the variables of n (symbols that are not
// constants), excluding variables bound by binders (sums, products,
// integrals, limits) inside their bodies.
func FreeVars(n Node) map[string]bool {
	out := map[string]bool{}
	var rec func(n Node, bound map[string]bool)
	rec = func(n Node, bound map[string]bool) {
		switch t := n.(type) {
		case *Sym:
			if !IsConst(t.Name) && !bound[t.Name] {
				out[t.Name] = true
			}
			return
		case *Call:
			if v, ok := BoundVar(t); ok {
				nb := map[string]bool{v: true}
				for k := range bound {
					nb[k] = true
				}
				rec(t.Args[0], nb)
				for _, a := range t.Args[2:] {
					rec(a, bound)
				}
				return
			}
		}
		for _, c := range Children(n) {
			rec(c, bound)
		}
	}
	rec(n, map[string]bool{})
	return out
}

// IsConst reports whether a symbol name is a mathematical constant.
func IsConst(name string) bool {
	switch name {
	case Pi, E, I, Inf:
		return true
	}
	return false
}

// IsScalar reports whether n denotes a single number (or expression), as
// opposed to a structure (tuple, set, relation, list, matrix, text).
func IsScalar(n Node) bool {
	switch n.(type) {
	case *Rel, *Tuple, *Set, *SetOp, *Matrix, *List, *Ratio, *Text:
		return false
	}
	return true
}

// renameSubscripts renames the bound variable v to name where it stands in
// the subscripts of symbols (RenameInSubscript): \int_0^1 u_{xt}\,dx and
// \int_0^1 u_{xt}\,dt are not one tree.
func renameSubscripts(n Node, v, name string) Node {
	if s, ok := n.(*Sym); ok {
		if r, ok := RenameInSubscript(s.Name, v, name); ok {
			return &Sym{Name: r}
		}
		return s
	}
	if c, ok := n.(*Call); ok {
		if w, ok := BoundVar(c); ok && w == v {
			return c // an inner binder of the same name binds its own
		}
	}
	if len(Children(n)) == 0 {
		return n
	}
	return mapChildren(n, func(x Node) Node { return renameSubscripts(x, v, name) })
}
