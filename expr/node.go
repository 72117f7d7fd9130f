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

// FreeVars returns the names of the variables of n (symbols that are not
// constants), excluding variables bound by sums and products.
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
			if (t.Fn == "sum" || t.Fn == "prod") && len(t.Args) == 4 {
				if v, ok := t.Args[1].(*Sym); ok {
					nb := map[string]bool{v.Name: true}
					for k := range bound {
						nb[k] = true
					}
					rec(t.Args[0], nb)
					rec(t.Args[2], bound)
					rec(t.Args[3], bound)
					return
				}
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
