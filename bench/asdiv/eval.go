package asdiv

import (
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
)

// This file reads one statement of a formula with latex.Parse and computes
// its sides with expr. A side's value is a linear form in the unknowns
// (c + Σ coef·x, from expr.RationalFunction), so the same code checks plain
// arithmetic ("(5-2)*3=9") and turns the algebra items' equations into
// linear systems.

// limits bounds every computation: ASDiv's numbers are small, so a formula
// whose numbers pass 4096 bits is not one of them.
var limits = expr.Limits{MaxBits: 4096}

var (
	errNonlinear = errors.New("nonlinear in the unknowns")
	errBadRatio  = errors.New("bad ratio")
)

func isNonlinear(err error) bool { return errors.Is(err, errNonlinear) }

// linear is c + Σ coef[i]·x_i over the unknowns in declaration order (a nil
// coefficient is zero).
type linear struct {
	c    *big.Rat
	coef []*big.Rat
}

func (l linear) isConst() bool {
	for _, v := range l.coef {
		if v != nil && v.Sign() != 0 {
			return false
		}
	}
	return true
}

// sub returns l - m.
func (l linear) sub(m linear) linear {
	out := linear{c: new(big.Rat).Sub(l.c, m.c), coef: make([]*big.Rat, max(len(l.coef), len(m.coef)))}
	for i := range out.coef {
		out.coef[i] = new(big.Rat)
		if i < len(l.coef) && l.coef[i] != nil {
			out.coef[i].Add(out.coef[i], l.coef[i])
		}
		if i < len(m.coef) && m.coef[i] != nil {
			out.coef[i].Sub(out.coef[i], m.coef[i])
		}
	}
	return out
}

// scale returns l·k.
func (l linear) scale(k *big.Rat) linear {
	out := linear{c: new(big.Rat).Mul(l.c, k), coef: make([]*big.Rat, len(l.coef))}
	for i, v := range l.coef {
		if v != nil {
			out.coef[i] = new(big.Rat).Mul(v, k)
		}
	}
	return out
}

// at evaluates l with x_i = x[i].
func (l linear) at(x []*big.Rat) *big.Rat {
	s := new(big.Rat).Set(l.c)
	for i, v := range l.coef {
		if v != nil {
			s.Add(s, new(big.Rat).Mul(v, x[i]))
		}
	}
	return s
}

// statement is one parsed statement: a chain of sides joined by "=", or two
// chains joined by a comparison.
type statement struct {
	text  string // as written, units stripped
	chain []expr.Node
	op    string // "<", ">" or "equals" between chain and right; "" for one chain
	right []expr.Node
}

var equalsRe = regexp.MustCompile(`\s*\bequals\b\s*`)

// parseStatement reads a statement with latex.Parse. The word "equals"
// compares two chains ("5/6=0.833 equals 10/12=0.833"); "<" and ">" come
// out of the parser as relations.
func parseStatement(s string) (statement, error) {
	st := statement{text: strings.TrimSpace(s)}
	var chains [][]expr.Node
	var ops []string
	for i, part := range equalsRe.Split(s, -1) {
		if i > 0 {
			ops = append(ops, "equals")
		}
		// an empty side ("7+2=") is left out, as the annotators meant
		n, err := latex.Parse(strings.Trim(part, " ="))
		if err != nil {
			return st, err
		}
		cs, more, err := chainsOf(n)
		if err != nil {
			return st, err
		}
		chains, ops = append(chains, cs...), append(ops, more...)
	}
	if len(ops) > 1 {
		return st, errors.New("more than one comparison")
	}
	st.chain = chains[0]
	if len(ops) == 1 {
		st.op, st.right = ops[0], chains[1]
	}
	return st, nil
}

// chainsOf splits a parsed statement at its comparisons: "a=b<c=d" is the
// chains [a b] and [c d] with the comparison "<".
func chainsOf(n expr.Node) (chains [][]expr.Node, ops []string, err error) {
	rel, ok := n.(*expr.Rel)
	if !ok {
		if !expr.IsScalar(n) && !isRatio(n) {
			return nil, nil, fmt.Errorf("not arithmetic: %s", n)
		}
		return [][]expr.Node{{n}}, nil, nil
	}
	cur := []expr.Node{rel.Sides[0]}
	for i, op := range rel.Ops {
		switch op {
		case "=":
			cur = append(cur, rel.Sides[i+1])
		case "<", ">":
			chains, ops = append(chains, cur), append(ops, op)
			cur = []expr.Node{rel.Sides[i+1]}
		default:
			return nil, nil, fmt.Errorf("relation %q", op)
		}
	}
	return append(chains, cur), ops, nil
}

func isRatio(n expr.Node) bool { _, ok := n.(*expr.Ratio); return ok }

// eval computes a side as a linear form in the unknowns (env's values put
// in).
func (c *checker) eval(n expr.Node) (linear, error) {
	n, err := c.bind(n)
	if err != nil {
		return linear{}, err
	}
	if v, err := expr.Rational(c.ctx, n, limits); err == nil {
		return linear{c: v}, nil
	} else if !errors.Is(err, expr.ErrNotRational) || len(expr.FreeVars(n)) == 0 {
		return linear{}, err // a size limit, or no unknown: 74^(1/2) is irrational
	}
	rf, err := expr.RationalFunction(c.ctx, n, limits)
	if err != nil {
		return linear{}, err
	}
	k, coef, ok := rf.Linear()
	if !ok {
		return linear{}, errNonlinear
	}
	out := linear{c: k, coef: make([]*big.Rat, len(c.varOrder))}
	for name, v := range coef {
		i, err := strconv.Atoi(strings.TrimPrefix(name, unknownPrefix))
		if err != nil || i < 0 || i >= len(out.coef) {
			return linear{}, fmt.Errorf("unknown name %q", name)
		}
		out.coef[i] = v
	}
	return out, nil
}

// unknownPrefix names the unknowns in the trees handed to expr ("#0" is
// the first declared unknown): no name latex reads starts with it, and
// "e" or "i" declared as unknowns are not taken for constants.
const unknownPrefix = "#"

// bind rewrites a parsed side for expr: each name must be an unknown (a
// one-letter name of the other case stands for the declared one: "12%X"
// with "x:" declared); env's values replace their unknowns, the others get
// their position as name; "LCM[5,7]" (one bracketed list) becomes lcm(5,7).
func (c *checker) bind(n expr.Node) (expr.Node, error) {
	switch t := n.(type) {
	case *expr.Sym:
		name, ok := c.unknown(t.Name)
		if !ok {
			return nil, fmt.Errorf("unknown name %q", t.Name)
		}
		if v, ok := c.env[name]; ok {
			return expr.Rat(v), nil
		}
		for i, v := range c.varOrder {
			if v == name {
				return &expr.Sym{Name: unknownPrefix + strconv.Itoa(i)}, nil
			}
		}
	case *expr.Neg:
		x, err := c.bind(t.X)
		return &expr.Neg{X: x}, err
	case *expr.Add:
		terms, err := c.bindAll(t.Terms)
		return &expr.Add{Terms: terms}, err
	case *expr.Mul:
		fs, err := c.bindAll(t.Factors)
		return &expr.Mul{Factors: fs}, err
	case *expr.Pow:
		bs, err := c.bindAll([]expr.Node{t.Base, t.Exp})
		if err != nil {
			return nil, err
		}
		return &expr.Pow{Base: bs[0], Exp: bs[1]}, nil
	case *expr.Call:
		args := t.Args
		if len(args) == 1 && (t.Fn == "gcd" || t.Fn == "lcm") {
			if tu, ok := args[0].(*expr.Tuple); ok {
				args = tu.Items
			}
		}
		args, err := c.bindAll(args)
		return &expr.Call{Fn: t.Fn, Args: args}, err
	}
	return n, nil
}

func (c *checker) bindAll(ns []expr.Node) ([]expr.Node, error) {
	out := make([]expr.Node, len(ns))
	for i, x := range ns {
		b, err := c.bind(x)
		if err != nil {
			return nil, err
		}
		out[i] = b
	}
	return out, nil
}

// unknown maps a name to the unknown it stands for.
func (c *checker) unknown(name string) (string, bool) {
	if c.vars[name] {
		return name, true
	}
	if len(name) == 1 {
		for _, alt := range []string{strings.ToLower(name), strings.ToUpper(name)} {
			if c.vars[alt] {
				return alt, true
			}
		}
	}
	return "", false
}

// sideValue evaluates one side of an equation: an expression or a ratio a:b.
func (c *checker) sideValue(side expr.Node) (value, linear, error) {
	if r, ok := side.(*expr.Ratio); ok {
		if len(r.Items) != 2 {
			return value{}, linear{}, errBadRatio
		}
		a, err1 := c.eval(r.Items[0])
		b, err2 := c.eval(r.Items[1])
		if err := firstErr(err1, err2); err != nil {
			return value{}, linear{}, err
		}
		if !a.isConst() || !b.isConst() || b.c.Sign() == 0 {
			return value{}, linear{}, errBadRatio
		}
		q := new(big.Rat).Quo(a.c, b.c)
		return value{v: q, ratio: true, text: ratioText(r), terms: []*big.Rat{a.c, b.c}}, linear{c: q}, nil
	}
	a, err := c.eval(side)
	if err != nil {
		return value{}, linear{}, err
	}
	return value{v: a.c, tol: tolerance(side)}, a, nil
}

// chainValue evaluates "a=b=c" (the last side is the value), for comparisons.
func (c *checker) chainValue(sides []expr.Node) (value, error) {
	var last value
	for i, side := range sides {
		v, a, err := c.sideValue(side)
		if err != nil {
			return v, err
		}
		if !a.isConst() {
			return v, errNonlinear
		}
		if i > 0 && !closeEnough(last, v) {
			return v, fmt.Errorf("%s = %s is false", showVal(last), showVal(v))
		}
		last = v
	}
	return last, nil
}

// ratioEquation turns "x:y=5:6" into 6x-5y = 0 (one side must be known).
func (c *checker) ratioEquation(l, r *expr.Ratio) (linear, bool) {
	var pairs [2][2]linear
	for i, side := range []*expr.Ratio{l, r} {
		if len(side.Items) != 2 {
			return linear{}, false
		}
		for j, item := range side.Items {
			v, err := c.eval(item)
			if err != nil {
				return linear{}, false
			}
			pairs[i][j] = v
		}
	}
	a, b, p, q := pairs[0][0], pairs[0][1], pairs[1][0], pairs[1][1]
	if a.isConst() && b.isConst() && p.isConst() && q.isConst() {
		return linear{}, false // plain arithmetic: the general path checks it
	}
	if !(p.isConst() && q.isConst()) {
		a, b, p, q = p, q, a, b
	}
	if !(p.isConst() && q.isConst()) {
		return linear{}, false
	}
	return a.scale(q.c).sub(b.scale(p.c)), true
}

// isRemainder reports whether a side is a quotient with remainder, "11 r6"
// (which latex reads as the product 11·r·6, r not being an unknown).
func (c *checker) isRemainder(n expr.Node) bool {
	m, ok := n.(*expr.Mul)
	if !ok || len(m.Factors) != 3 {
		return false
	}
	r, ok := m.Factors[1].(*expr.Sym)
	if !ok || r.Name != "r" {
		return false
	}
	_, isUnknown := c.unknown("r")
	return !isUnknown && isWhole(m.Factors[0]) && isWhole(m.Factors[2])
}

func isWhole(n expr.Node) bool {
	num, ok := n.(*expr.Num)
	return ok && !num.Dec && num.V.IsInt() && num.V.Sign() >= 0
}

// remainderParts returns q and m of "q r m" (see isRemainder).
func remainderParts(n expr.Node) (q, m *big.Int) {
	fs := n.(*expr.Mul).Factors
	return fs[0].(*expr.Num).V.Num(), fs[2].(*expr.Num).V.Num()
}

// dividendDivisor reads a/b as two integers: "a/b/c" divides a by b·c (the
// remainder is a's: "(21600+60)/60/60=6 r60"), and every factor after the
// first division is the divisor's.
func (c *checker) dividendDivisor(n expr.Node) (*big.Int, *big.Int, bool) {
	m, ok := n.(*expr.Mul)
	if !ok {
		return nil, nil, false
	}
	at := -1
	for i, f := range m.Factors {
		if isReciprocal(f) {
			at = i
			break
		}
	}
	if at <= 0 {
		return nil, nil, false
	}
	divisor := make([]expr.Node, 0, len(m.Factors)-at)
	for _, f := range m.Factors[at:] {
		if isReciprocal(f) {
			f = f.(*expr.Pow).Base
		}
		divisor = append(divisor, f)
	}
	a, err1 := c.eval(&expr.Mul{Factors: m.Factors[:at]})
	b, err2 := c.eval(&expr.Mul{Factors: divisor})
	if err1 != nil || err2 != nil || !a.isConst() || !b.isConst() || !a.c.IsInt() || !b.c.IsInt() || b.c.Sign() <= 0 {
		return nil, nil, false
	}
	return a.c.Num(), b.c.Num(), true
}

// isReciprocal reports whether n is x^-1, how latex writes "/x".
func isReciprocal(n expr.Node) bool {
	p, ok := n.(*expr.Pow)
	if !ok {
		return false
	}
	e, ok := p.Exp.(*expr.Num)
	return ok && e.V.Cmp(big.NewRat(-1, 1)) == 0
}

// tolerance: a side written as a rounded decimal ("0.833", "83.3%") stands
// for anything within one unit of its last digit.
func tolerance(n expr.Node) *big.Rat {
	if neg, ok := n.(*expr.Neg); ok {
		n = neg.X
	}
	pct := false
	if call, ok := n.(*expr.Call); ok && call.Fn == "percent" && len(call.Args) == 1 {
		n, pct = call.Args[0], true
	}
	num, ok := n.(*expr.Num)
	if !ok || !num.Dec || num.Places == 0 {
		return nil
	}
	t := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(num.Places)), nil))
	if pct {
		t.Quo(t, big.NewRat(100, 1))
	}
	return t
}

// ratioText prints a ratio side as written: its numbers as literals,
// anything else in parentheses ("(7-3):10").
func ratioText(r *expr.Ratio) string {
	parts := make([]string, len(r.Items))
	for i, it := range r.Items {
		if num, ok := it.(*expr.Num); ok {
			if num.Dec {
				parts[i] = num.V.FloatString(num.Places)
			} else {
				parts[i] = num.V.RatString()
			}
			continue
		}
		parts[i] = "(" + it.String() + ")"
	}
	return strings.Join(parts, ":")
}
