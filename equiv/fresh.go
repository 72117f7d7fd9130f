package equiv

import (
	"strings"

	"github.com/matheval/matheval/expr"
)

// Symbols the gold does not have.
//
// Equal requires every free symbol of the candidate to occur in the gold
// (issue 28). ω·0 is 0 and x - 3z = 0υ is the relation x - 3z = 0, but a
// candidate that brings in a symbol the question never mentioned is not an
// answer to it: \Gamma\begin{pmatrix}0&0\\0&0\end{pmatrix}, ω0,4 and
// 0\cdots are no readings of the zero matrix, of 0,4 or of 0. So is y > 3
// of the gold x > 3. Bound variables are no free symbols: the index of a
// sum or product, the variable of an integral or a limit (expr.FreeVars),
// and a function's parameters, which cmpNamed renames to the gold's names
// or to '#' names before the bodies are compared. A symbol may occur
// anywhere in the gold, bound or free, for the candidate to use it, so
// the rule refutes only what the gold cannot have meant. The variable of a
// set of reals written as an inequality is bound too: x > 3 is the gold
// (3, \infty); against a gold inequality it must be the gold's variable,
// unless either side names its variable in set-builder notation
// (\{y \mid y > 3\}: expr.Rel.Bound).

// goldNames returns the name of every symbol of n, free or bound.
func goldNames(n expr.Node) map[string]bool {
	out := map[string]bool{}
	expr.Walk(n, func(m expr.Node) bool {
		if s, ok := m.(*expr.Sym); ok {
			out[s.Name] = true
		}
		return true
	})
	return out
}

// fresh returns the first (in sorted order) free symbol of x that does not
// occur in the gold, or "". A set of numbers (\mathbb{R}) counts only
// where it is a value, not where sets is true (x \in \mathbb{R} is a set):
// x + y = 0\mathbb{R} is no reading of x + y = 0.
//
// The variable of a derivative is exempt: \frac{d}{dx} 5 is 0, which the
// comparison proved, and the x it names is no symbol of the answer.
func (c *comparer) fresh(x expr.Node, sets bool) string {
	diffVars := map[string]bool{}
	expr.Walk(x, func(m expr.Node) bool {
		if d, ok := m.(*expr.Call); ok && d.Fn == "diff" && len(d.Args) == 2 {
			if v, ok := d.Args[1].(*expr.Sym); ok {
				diffVars[v.Name] = true
			}
		}
		return true
	})
	for _, name := range sortedNames(expr.FreeVars(x)) {
		if strings.Contains(name, "#") || sets && strings.HasPrefix(name, `\mathbb`) || diffVars[name] {
			// a bound name given by alphaNormal or sameName
			continue
		}
		if !c.gold[name] {
			return name
		}
	}
	return ""
}

// freshGuard turns an Equal into NotEqual when the candidate has a free
// symbol the gold does not have.
func (c *comparer) freshGuard(r Result, x expr.Node) Result {
	if r.Outcome != Equal || c.gold == nil {
		return r
	}
	if s := c.fresh(x, false); s != "" {
		return neq("the candidate has the symbol %s, which the gold does not have (%s)", s, strings.TrimPrefix(r.Reason, "equal: "))
	}
	return r
}
