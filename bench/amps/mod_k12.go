package amps

import (
	"slices"
	"sort"
	"strings"

	"github.com/matheval/matheval/cas"
	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
)

func init() {
	for _, m := range []*Module{
		{Name: "fraction_add", Form: FormNumeral, Area: "k12", Steps: true, gen: genFractionAdd,
			Description: "Add or subtract fractions with a common denominator found by the least common multiple",
			Extrapolate: "four to eight fractions and larger denominators"},
		{Name: "fraction_multiply", Form: FormNumeral, Area: "k12", Steps: true, gen: genFractionMul,
			Description: "Multiply or divide fractions, cancelling common factors",
			Extrapolate: "larger numerators and denominators"},
		{Name: "mixed_numbers", Form: FormFraction, Area: "k12", Steps: true, gen: genMixed,
			Description: "Add mixed numbers, answer as an improper fraction",
			Extrapolate: "larger whole parts and denominators"},
		{Name: "percent_of", Form: FormNumeral, Area: "k12", Steps: true, gen: genPercentOf,
			Description: "A percentage of a number",
			Extrapolate: "larger numbers and fractional percentages"},
		{Name: "percent_change", Area: "k12", Steps: true, gen: genPercentChange,
			Description: "Percentage change from one value to another",
			Extrapolate: "larger values"},
		{Name: "exponent_rules", Form: FormPositiveExponents, Area: "k12", Steps: true, gen: genExponentRules,
			Description: "Simplify a quotient of powers of monomials with the laws of exponents",
			Extrapolate: "larger exponents and more variables"},
		{Name: "order_of_operations", Form: FormNumeral, Area: "k12", Steps: true, gen: genOrderOps,
			Description: "Evaluate an arithmetic expression with parentheses, powers and fractions",
			Extrapolate: "longer expressions (more operations)"},
		{Name: "linear_equation", Area: "k12", Steps: true, gen: genLinearEq,
			Description: "Solve a linear equation in one unknown",
			Extrapolate: "larger coefficients and fractional solutions"},
		{Name: "linear_system_2x2", Area: "k12", Steps: true, gen: genSystem2,
			Description: "Solve a system of two linear equations by elimination",
			Extrapolate: "larger coefficients"},
		{Name: "quadratic_factoring", Area: "k12", Steps: true, gen: genQuadFactoring,
			Description: "Solve a quadratic equation with rational roots by factoring",
			Extrapolate: "larger roots and leading coefficients"},
		{Name: "quadratic_formula", Form: FormExact, Area: "k12", Steps: true, gen: genQuadFormula,
			Description: "Solve a quadratic equation with irrational roots by the quadratic formula",
			Extrapolate: "larger coefficients"},
		{Name: "arithmetic_sequence", Area: "k12", Steps: true, gen: genArithSeq,
			Description: "Term or partial sum of an arithmetic sequence",
			Extrapolate: "more terms and larger differences"},
		{Name: "geometric_sequence", Area: "k12", Steps: true, gen: genGeoSeq,
			Description: "Term of a geometric sequence",
			Extrapolate: "later terms and fractional ratios"},
		{Name: "counting_arrangements", Form: FormNumeral, Area: "k12", Steps: true, gen: genCounting,
			Description: "Permutations and combinations of n objects taken k at a time",
			Extrapolate: "larger n"},
		{Name: "dice_sum_probability", Area: "k12", Steps: true, gen: genDiceSum,
			Description: "Probability that the sum of fair dice equals a value",
			Extrapolate: "four dice"},
		{Name: "same_color_probability", Area: "k12", Steps: true, gen: genSameColor,
			Description: "Probability that two marbles drawn without replacement have the same colour",
			Extrapolate: "more colours and marbles"},
		{Name: "proportion", Area: "k12", gen: genProportion,
			Description: "Solve a proportion a/b = x/c",
			Extrapolate: "larger numbers"},
		{Name: "compound_interest", Area: "k12", Steps: true, gen: genCompound,
			Description: "Amount after compound interest, exactly",
			Extrapolate: "more periods"},
		{Name: "line_through_points", Form: FormSlopeIntercept, Area: "k12", Steps: true, gen: genLineThrough,
			Description: "Equation y = mx + b of the line through two points",
			Extrapolate: "larger coordinates"},
		{Name: "word_arrangements", Area: "k12", Steps: true, gen: genWordArrangements,
			Description: "Number of distinct arrangements of the letters of a word",
			Extrapolate: "longer words"},
		{Name: "linear_inequality", Form: FormInterval, Area: "k12", Steps: true, gen: genLinearInequality,
			Description: "Solve a linear inequality, answer in interval notation",
			Extrapolate: "larger coefficients"},
	} {
		register(m)
	}
}

// fraction draws a proper or improper fraction that is not an integer (a
// "fraction" 4/2 would be printed 2, and arithmetic on it is not fraction
// arithmetic).
func (g *G) fraction(maxDen int64) cas.Q {
	for {
		d := g.Int(2, maxDen)
		if f := qf(g.NZ(-2*d, 2*d), d); !f.IsInt() {
			return f
		}
	}
}

func genFractionAdd(g *G) (*Problem, error) {
	n := int(g.ByLevel(2, 2, 2, 3, 3, 4))
	maxDen := g.ByLevel(6, 9, 12, 15, 20)
	var fs []cas.Q
	for i := 0; i < n; i++ {
		d := g.Int(2, maxDen)
		num := g.Int(1, 2*d)
		for num%d == 0 {
			num = g.Int(1, 2*d) // not an integer in disguise
		}
		if g.Level >= 2 && g.IntN(3) == 0 {
			num = -num
		}
		fs = append(fs, qf(num, d))
	}
	lcm := int64(1)
	for _, f := range fs {
		d, _ := f.DenInt64()
		lcm, _ = cas.LCMInt(lcm, d)
	}
	sum := q(0)
	var text, conv []string
	numSum := int64(0)
	for i, f := range fs {
		sum = sum.Add(f)
		t := f.Abs().TeX()
		switch {
		case i == 0 && f.Sign() < 0:
			t = "-" + t
		case i > 0 && f.Sign() < 0:
			t = " - " + t
		case i > 0:
			t = " + " + t
		}
		text = append(text, t)
		nn, _ := f.Mul(q(lcm)).Int64()
		numSum += nn
		conv = append(conv, `\frac{`+itoa(nn)+"}{"+itoa(lcm)+"}")
	}
	p := &Problem{Problem: "Compute " + m(strings.Join(text, "")) + "."}
	p.Echo = firstMath(p.Problem)
	p.Steps = []string{
		"The least common denominator is " + m(itoa(lcm)) + "; the fractions become " + m(strings.Join(conv, ", ")) + ".",
		"Adding the numerators gives " + m(`\frac{`+itoa(numSum)+"}{"+itoa(lcm)+"}") + ", which reduces to " + m(sum.TeX()) + ".",
	}
	p.setNum(sum)
	p.sym("f", pyQs(fs))
	p.Check = func() error {
		// cross multiplication pairwise
		acc := fs[0]
		for _, f := range fs[1:] {
			an, _ := acc.NumInt64()
			ad, _ := acc.DenInt64()
			fn, _ := f.NumInt64()
			fd, _ := f.DenInt64()
			acc = qf(an*fd+fn*ad, ad*fd)
		}
		if !acc.Equal(sum) || !qf(numSum, lcm).Equal(sum) {
			return errf("cross multiplication gives %s", acc)
		}
		return nil
	}
	return p, nil
}

func genFractionMul(g *G) (*Problem, error) {
	maxDen := g.ByLevel(6, 9, 12, 15, 20)
	a, b := g.fraction(maxDen), g.fraction(maxDen)
	div := g.Bool()
	var r cas.Q
	op := `\cdot`
	if div {
		r, op = a.Div(b), `\div`
	} else {
		r = a.Mul(b)
	}
	p := &Problem{Problem: "Compute " + m(paren(a)+" "+op+" "+paren(b)) + "."}
	p.Echo = firstMath(p.Problem)
	if div {
		p.Steps = append(p.Steps, "Dividing by "+m(b.TeX())+" is multiplying by its reciprocal "+m(b.Inv().TeX())+".")
		b = b.Inv()
	}
	an, _ := a.NumInt64()
	ad, _ := a.DenInt64()
	bn, _ := b.NumInt64()
	bd, _ := b.DenInt64()
	p.Steps = append(p.Steps, "Multiply numerators and denominators: "+m(`\frac{`+itoa(an*bn)+"}{"+itoa(ad*bd)+"}")+", which reduces to "+m(r.TeX())+".")
	p.setNum(r)
	p.sym("expr", "("+pyQ(a)+")"+map[bool]string{true: "/", false: "*"}[div]+"("+pyQ(map[bool]cas.Q{true: b.Inv(), false: b}[div])+")")
	p.Check = func() error {
		if !qf(an*bn, ad*bd).Equal(r) {
			return errf("the product of numerators over denominators differs")
		}
		return nil
	}
	return p, nil
}

func mixedTeX(v cas.Q) string {
	w := v.Floor()
	fr := v.Sub(w)
	if fr.IsZero() {
		return w.TeX()
	}
	return w.TeX() + fr.TeX()
}

func genMixed(g *G) (*Problem, error) {
	maxDen := g.ByLevel(5, 8, 10, 12, 15)
	mk := func() cas.Q {
		d := g.Int(2, maxDen)
		return q(g.Int(1, g.ByLevel(5, 8, 10, 15, 20))).Add(qf(g.Int(1, d-1), d))
	}
	a, b := mk(), mk()
	sum := a.Add(b)
	p := &Problem{Problem: "Compute " + m(mixedTeX(a)+" + "+mixedTeX(b)) + ". Give the answer as an improper fraction."}
	p.Echo = firstMath(p.Problem)
	p.Steps = []string{
		"As improper fractions: " + m(mixedTeX(a)+" = "+a.TeX()) + " and " + m(mixedTeX(b)+" = "+b.TeX()) + ".",
		"Their sum is " + m(sum.TeX()) + ".",
	}
	if a.Equal(b) {
		p.Steps[0] = "As an improper fraction, " + m(mixedTeX(a)+" = "+a.TeX()) + "."
	}
	p.setNum(sum)
	p.sym("a", pyQ(a))
	p.sym("b", pyQ(b))
	p.Check = func() error {
		// whole parts and fractional parts separately
		wa, wb := a.Floor(), b.Floor()
		if !wa.Add(wb).Add(a.Sub(wa)).Add(b.Sub(wb)).Equal(sum) {
			return errf("adding the parts separately differs")
		}
		return nil
	}
	return p, nil
}

// decimalOrFrac prints a rational as a terminating decimal when it is one.
func decimalOrFrac(v cas.Q) string {
	if s, ok := v.Decimal(); ok {
		return s
	}
	return v.TeX()
}

func genPercentOf(g *G) (*Problem, error) {
	pct := q(g.Int(1, g.ByLevel(50, 100, 150, 200, 300)))
	if g.Level >= 4 && g.Bool() {
		pct = qf(g.Int(1, 999), 10)
	}
	n := q(g.Int(2, g.ByLevel(100, 200, 500, 1000, 5000))) // a percentage of 1 is the fraction itself
	r := pct.Div(q(100)).Mul(n)
	p := &Problem{Problem: "What is " + m(decimalOrFrac(pct)+`\%`) + " of " + m(n.String()) + "?"}
	p.Steps = []string{m(decimalOrFrac(pct)+`\% = `+pct.Div(q(100)).TeX()) + ", and " + m(pct.Div(q(100)).TeX()+`\cdot `+n.String()+" = "+r.TeX()) + "."}
	p.Answer = decimalOrFrac(r)
	p.Reprint = numNode(r)
	p.sym("answer", pyQ(r))
	p.sym("pct", pyQ(pct))
	p.sym("n", n.String())
	p.Check = func() error {
		if !pct.Mul(n).Equal(r.Mul(q(100))) {
			return errf("pct times n is not 100 r")
		}
		return nil
	}
	return p, nil
}

func genPercentChange(g *G) (*Problem, error) {
	a := g.Int(1, g.ByLevel(20, 50, 100, 200, 500)) * 4
	b := g.Int(1, g.ByLevel(20, 50, 100, 200, 500)) * 4
	if a == b {
		b += 4
	}
	ch := qf(100*(b-a), a)
	word := "an increase"
	if b < a {
		word = "a decrease"
	}
	p := &Problem{Problem: "A price changes from " + m(itoa(a)) + " to " + m(itoa(b)) + " dollars. By what percentage did it change? (Give a negative number for a decrease.)"}
	p.Steps = []string{"The change is " + m(itoa(b-a)) + ", " + word + " of " + m(`\frac{`+itoa(b-a)+"}{"+itoa(a)+`}\cdot 100\% = `+decimalOrFrac(ch)+`\%`) + "."}
	p.Answer = decimalOrFrac(ch)
	p.Reprint = numNode(ch)
	p.sym("a", itoa(a))
	p.sym("b", itoa(b))
	p.sym("answer", pyQ(ch))
	p.Check = func() error {
		if !q(a).Mul(q(1).Add(ch.Div(q(100)))).Equal(q(b)) {
			return errf("applying the change does not give the new price")
		}
		return nil
	}
	return p, nil
}

func genExponentRules(g *G) (*Problem, error) {
	vars := []string{"x", "y", "z"}[:2+g.IntN(2)]
	maxE := g.ByLevel(3, 4, 5, 6, 8)
	mono := func() (cas.Q, []int64) {
		es := make([]int64, len(vars))
		for i := range es {
			es[i] = g.Int(-1, maxE)
		}
		return q(g.NZ(-6, 6)), es
	}
	c1, e1 := mono()
	c2, e2 := mono()
	k := g.Int(2, g.ByLevel(2, 2, 3, 3, 4))
	build := func(c cas.Q, es []int64) cas.Expr {
		fs := []cas.Expr{cas.N(c)}
		for i, v := range vars {
			fs = append(fs, cas.Power(cas.V(v), e(es[i])))
		}
		return cas.Product(fs...)
	}
	if !slices.ContainsFunc(e2, func(v int64) bool { return v != 0 }) {
		// A denominator without a variable: \frac{...}{1} at c2 = 1, and
		// no quotient rule to apply at any c2.
		return nil, errf("trivial: the denominator has no variable")
	}
	A, B := build(c1, e1), build(c2, e2)
	ans := cas.Quot(cas.Power(A, e(k)), B)
	p := &Problem{Problem: "Simplify " + m(`\frac{\left(`+tex(A)+`\right)^{`+itoa(k)+"}}{"+tex(B)+"}") + ", writing the result with positive exponents."}
	p.Echo = firstMath(p.Problem)
	var es []string
	for i, v := range vars {
		// the power of a power multiplies (k times e1), the quotient subtracts e2
		es = append(es, m(v+"^{"+itoa(k*e1[i])+" - "+paren(q(e2[i]))+"} = "+v+sup(k*e1[i]-e2[i])))
	}
	p.Steps = []string{
		"Raise the numerator to the power " + m(itoa(k)) + " (the coefficient becomes " + m(c1.PowInt(int(k)).TeX()) + "), then divide: " + strings.Join(es, ", ") + ".",
		"With the coefficient " + m(c1.PowInt(int(k)).Div(c2).TeX()) + " this is " + m(tex(ans)) + ".",
	}
	p.setExpr(ans)
	p.sym("expr", "("+py(A)+")**"+itoa(k)+"/("+py(B)+")")
	p.Check = func() error { return sameExpr(ans, cas.Quot(cas.Power(A, e(k)), B), "x", "y", "z") }
	return p, nil
}

// arith is a node of an arithmetic expression for order_of_operations.
type arith struct {
	op   byte // 0 for a number, + - * / ^
	v    cas.Q
	l, r *arith
}

func (g *G) arithTree(depth int) *arith {
	if depth == 0 || g.IntN(3) == 0 {
		return &arith{v: q(g.Int(1, g.ByLevel(9, 12, 15, 20, 25)))}
	}
	ops := "+-*/"
	if g.Level >= 2 {
		ops += "^"
	}
	op := ops[g.IntN(len(ops))]
	if op == '^' {
		return &arith{op: '^', l: &arith{v: q(g.Int(2, 5))}, r: &arith{v: q(g.Int(2, 3))}}
	}
	return &arith{op: op, l: g.arithTree(depth - 1), r: g.arithTree(depth - 1)}
}

func prec(op byte) int {
	switch op {
	case '+', '-':
		return 1
	case '*', '/':
		return 2
	case '^':
		return 3
	}
	return 4
}

func (a *arith) tex() string {
	if a.op == 0 {
		return paren(a.v)
	}
	l, r := a.l.tex(), a.r.tex()
	if a.l.op != 0 && prec(a.l.op) < prec(a.op) {
		l = `\left(` + l + `\right)`
	}
	if a.r.op != 0 && (prec(a.r.op) < prec(a.op) || prec(a.r.op) == prec(a.op) && a.op != '^') {
		r = `\left(` + r + `\right)`
	}
	switch a.op {
	case '*':
		return l + ` \times ` + r
	case '/':
		return l + ` \div ` + r
	case '^':
		return l + "^{" + r + "}"
	}
	return l + " " + string(a.op) + " " + r
}

func (a *arith) eval() (cas.Q, bool) {
	if a.op == 0 {
		return a.v, true
	}
	l, ok1 := a.l.eval()
	r, ok2 := a.r.eval()
	if !ok1 || !ok2 {
		return cas.Q{}, false
	}
	switch a.op {
	case '+':
		return l.Add(r), true
	case '-':
		return l.Sub(r), true
	case '*':
		return l.Mul(r), true
	case '/':
		if r.IsZero() {
			return cas.Q{}, false
		}
		return l.Div(r), true
	}
	k, _ := r.Int64()
	return l.PowInt(int(k)), true
}

// step reduces the first operation whose operands are numbers, in the
// order a person works: powers first, then products and quotients, then
// sums, leftmost first (by evaluation order of the tree).
func (a *arith) step() bool {
	if a.op == 0 {
		return false
	}
	if a.l.op == 0 && a.r.op == 0 {
		v, _ := a.eval()
		*a = arith{v: v}
		return true
	}
	if a.l.step() {
		return true
	}
	return a.r.step()
}

func genOrderOps(g *G) (*Problem, error) {
	t := g.arithTree(int(g.ByLevel(2, 2, 3, 3, 3, 4)))
	if t.op == 0 {
		t = &arith{op: '+', l: t, r: g.arithTree(1)}
	}
	v, ok := t.eval()
	if !ok {
		return nil, errf("division: by zero")
	}
	text := t.tex()
	p := &Problem{Problem: "Evaluate " + m(text) + "."}
	p.Echo = firstMath(p.Problem)
	w := *t
	for w.step() {
		p.Steps = append(p.Steps, "Evaluating the innermost operation gives "+m(w.tex())+".")
	}
	p.setNum(v)
	p.sym("expr", strings.NewReplacer(`\times`, "*", `\div`, "/", `\left(`, "(", `\right)`, ")", "^{", "**(", "}", ")").Replace(text))
	p.Check = func() error {
		// read the printed expression with the project's parser and evaluate it exactly
		n, err := latex.Parse(strings.NewReplacer(`\times`, `\cdot`).Replace(text))
		if err != nil {
			return err
		}
		ctx, cancel := checkCtx()
		defer cancel()
		r, err := expr.Rational(ctx, n, expr.Limits{})
		if err != nil {
			return err
		}
		if cas.FromBig(r).Cmp(v) != 0 {
			return errf("expr evaluates the expression to %s", r.RatString())
		}
		return nil
	}
	return p, nil
}

func genLinearEq(g *G) (*Problem, error) {
	b := g.ByLevel(5, 8, 10, 12, 15)
	a, c := g.NZ(-b, b), g.Int(-b, b)
	for c == a {
		c++
	}
	x := q(g.Int(-b, b))
	if g.Level >= 3 && g.Bool() {
		x = qf(g.Int(-b, b), g.Int(2, 5))
	}
	// a x + k = c x + d with the solution x
	k := q(g.Int(-b, b))
	d := q(a - c).Mul(x).Add(k)
	lhs := cas.Sum(cas.Product(e(a), X), cas.N(k))
	rhs := cas.Sum(cas.Product(e(c), X), cas.N(d))
	p := &Problem{Problem: "Solve " + m(tex(lhs)+" = "+tex(rhs)) + "."}
	p.Steps = []string{
		"Collect the terms in " + m("x") + " on the left and the constants on the right: " + m(tex(cas.Product(e(a-c), X))+" = "+d.Sub(k).TeX()) + ".",
		"Divide by " + m(itoa(a-c)) + ": " + m("x = "+x.TeX()) + ".",
	}
	p.setNum(x)
	p.sym("lhs", py(lhs))
	p.sym("rhs", py(rhs))
	p.Check = func() error {
		if !q(a).Mul(x).Add(k).Equal(q(c).Mul(x).Add(d)) {
			return errf("substitution fails")
		}
		return nil
	}
	return p, nil
}

func genSystem2(g *G) (*Problem, error) {
	b := g.ByLevel(4, 6, 8, 10, 12)
	a1, b1, a2, b2 := g.NZ(-b, b), g.NZ(-b, b), g.NZ(-b, b), g.NZ(-b, b)
	det := a1*b2 - a2*b1
	if det == 0 {
		return nil, errf("singular: parallel lines")
	}
	x, y := q(g.Int(-b, b)), q(g.Int(-b, b))
	if g.Level >= 4 && g.Bool() {
		x = qf(g.Int(-b, b), 2)
	}
	c1 := q(a1).Mul(x).Add(q(b1).Mul(y))
	c2 := q(a2).Mul(x).Add(q(b2).Mul(y))
	l1 := cas.Sum(cas.Product(e(a1), X), cas.Product(e(b1), Y))
	l2 := cas.Sum(cas.Product(e(a2), X), cas.Product(e(b2), Y))
	p := &Problem{Problem: "Solve the system " + m(tex(l1)+" = "+c1.TeX()) + " and " + m(tex(l2)+" = "+c2.TeX()) + "."}
	p.Steps = []string{
		"Multiply the first equation by " + m(itoa(b2)) + " and the second by " + m(itoa(b1)) + " and subtract to eliminate " + m("y") + ": " +
			m(tex(cas.Product(e(det), X))+" = "+c1.MulInt(b2).Sub(c2.MulInt(b1)).TeX()) + map[bool]string{true: "", false: ", so " + m("x = "+x.TeX())}[det == 1] + ".",
		"Substituting back gives " + m("y = "+y.TeX()) + ".",
	}
	p.setTuple(cas.N(x), cas.N(y))
	p.sym("eqs", "["+py(l1)+" - ("+pyQ(c1)+"), "+py(l2)+" - ("+pyQ(c2)+")]")
	p.Check = func() error {
		// Cramer's rule
		cx := c1.MulInt(b2).Sub(c2.MulInt(b1)).Div(q(det))
		cy := q(a1).Mul(c2).Sub(q(a2).Mul(c1)).Div(q(det))
		if !cx.Equal(x) || !cy.Equal(y) {
			return errf("Cramer's rule gives (%s, %s)", cx, cy)
		}
		return nil
	}
	return p, nil
}

func genQuadFactoring(g *G) (*Problem, error) {
	b := g.ByLevel(5, 7, 9, 11, 13)
	r1, r2 := g.Int(-b, b), g.Int(-b, b)
	a := int64(1)
	var f1, f2 cas.Poly
	if g.Level >= 3 && g.Bool() {
		a = g.Int(2, 3)
		f1, f2 = cas.PolyInts(-r1, a), cas.PolyInts(-r2, 1)
	} else {
		f1, f2 = cas.PolyInts(-r1, 1), cas.PolyInts(-r2, 1)
	}
	P := f1.Mul(f2)
	roots := []cas.Q{qf(r1, a), q(r2)}
	sort.Slice(roots, func(i, j int) bool { return roots[i].Cmp(roots[j]) < 0 })
	var vs []cas.Expr
	seen := map[string]bool{}
	for _, r := range roots {
		if !seen[r.String()] {
			seen[r.String()] = true
			vs = append(vs, cas.N(r))
		}
	}
	fz, _ := cas.FactorQ(P)
	p := &Problem{Problem: "Solve " + m(ptex(P)+" = 0") + "."}
	p.Steps = []string{"Factor: " + m(fz.TeX("x")+" = 0") + ".", "Setting each factor to zero gives " + joinTeX(vs) + "."}
	p.setList(vs...)
	p.sym("p", ppy(P))
	p.Check = func() error {
		for _, r := range roots {
			if !P.Eval(r).IsZero() {
				return errf("%s is not a root", r)
			}
		}
		var fl []float64
		for _, r := range roots {
			fl = append(fl, r.Float())
		}
		return checkRootsNumeric(P, fl)
	}
	return p, nil
}

func genQuadFormula(g *G) (*Problem, error) {
	b := g.ByLevel(5, 7, 9, 11, 13)
	a := int64(1)
	if g.Level >= 3 {
		a = g.NZ(-3, 3)
	}
	bb, c := g.Int(-b, b), g.Int(-b, b)
	disc := bb*bb - 4*a*c
	for tries := 0; disc <= 0 || isSq(disc); tries++ {
		if tries == 50 {
			return nil, errf("discriminant: not a positive non-square")
		}
		bb, c = g.Int(-b, b), g.Int(-b, b)
		disc = bb*bb - 4*a*c
	}
	P := cas.PolyInts(c, bb, a)
	rad := cas.Product(cas.F(1, 2*a), cas.Sqrt(e(disc)))
	mid := cas.F(-bb, 2*a)
	r1, r2 := cas.Diff(mid, rad), cas.Sum(mid, rad)
	if val(r1) > val(r2) {
		r1, r2 = r2, r1
	}
	p := &Problem{Problem: "Solve " + m(ptex(P)+" = 0") + " exactly."}
	p.Steps = []string{
		"The discriminant is " + m(`b^{2} - 4ac = `+itoa(disc)) + ", which is not a perfect square.",
		"By the quadratic formula, " + m(`x = \frac{`+itoa(-bb)+` \pm \sqrt{`+itoa(disc)+`}}{`+itoa(2*a)+"}") + ", that is " + joinTeX([]cas.Expr{r1, r2}) + ".",
	}
	p.setList(r1, r2)
	p.sym("p", ppy(P))
	p.Check = func() error {
		pe := cas.FromPoly(P, "x")
		for _, r := range []cas.Expr{r1, r2} {
			if !cas.Equal(cas.Expand(cas.Subst(pe, "x", r)), e(0)) {
				return errf("%s is not a root", tex(r))
			}
		}
		return checkRootsNumeric(P, []float64{val(r1), val(r2)})
	}
	return p, nil
}

func genArithSeq(g *G) (*Problem, error) {
	a := g.Int(-g.ByLevel(10, 20, 30, 50, 100), g.ByLevel(10, 20, 30, 50, 100))
	d := g.NZ(-g.ByLevel(5, 8, 10, 15, 20), g.ByLevel(5, 8, 10, 15, 20))
	n := g.Int(5, g.ByLevel(20, 30, 50, 80, 100))
	sum := g.Bool()
	terms := itoa(a) + ", " + itoa(a+d) + ", " + itoa(a+2*d) + `, \ldots`
	p := &Problem{}
	var ans int64
	if sum {
		ans = n * (2*a + (n-1)*d) / 2
		p.Problem = "Find the sum of the first " + m(itoa(n)) + " terms of the arithmetic sequence " + m(terms) + "."
		p.Steps = []string{"The first term is " + m(itoa(a)) + " and the common difference " + m(itoa(d)) + "; the " + m(itoa(n)) + "th term is " + m(itoa(a+(n-1)*d)) + ".",
			m(`S_{n} = \frac{n\left(a_{1} + a_{n}\right)}{2} = \frac{`+itoa(n)+`\left(`+itoa(a)+" + "+paren(q(a+(n-1)*d))+`\right)}{2} = `+itoa(ans)) + "."}
	} else {
		ans = a + (n-1)*d
		p.Problem = "Find the " + m(itoa(n)) + "th term of the arithmetic sequence " + m(terms) + "."
		p.Steps = []string{"The common difference is " + m(itoa(d)) + ", so " + m(`a_{n} = a_{1} + (n - 1)d = `+itoa(a)+" + "+itoa(n-1)+`\cdot `+paren(q(d))+" = "+itoa(ans)) + "."}
	}
	p.setNum(q(ans))
	p.sym("a", itoa(a))
	p.sym("d", itoa(d))
	p.sym("n", itoa(n))
	p.sym("what", map[bool]string{true: "sum", false: "term"}[sum])
	p.Check = func() error {
		t, s := a, int64(0)
		for i := int64(1); i <= n; i++ {
			s += t
			if i < n {
				t += d
			}
		}
		if (sum && s != ans) || (!sum && t != ans) {
			return errf("stepping through the terms gives another value")
		}
		return nil
	}
	return p, nil
}

func genGeoSeq(g *G) (*Problem, error) {
	a := g.NZ(-g.ByLevel(5, 8, 10, 12, 15), g.ByLevel(5, 8, 10, 12, 15))
	r := q(g.NZ(-3, 3))
	if r.Abs().IsOne() {
		r = r.MulInt(2)
	}
	if g.Level >= 3 && g.Bool() {
		r = qf(g.NZ(-3, 3), g.Int(2, 4))
	}
	n := int(g.Int(4, g.ByLevel(6, 8, 10, 12, 14)))
	term := q(a).Mul(r.PowInt(n - 1))
	p := &Problem{Problem: "Find the " + m(itoa(int64(n))) + "th term of the geometric sequence " + m(q(a).TeX()+", "+q(a).Mul(r).TeX()+", "+q(a).Mul(r).Mul(r).TeX()+`, \ldots`) + "."}
	p.Steps = []string{"The common ratio is " + m(r.TeX()) + ", so " + m(`a_{n} = a_{1}r^{n - 1} = `+itoa(a)+`\cdot`+paren(r)+"^{"+itoa(int64(n-1))+"} = "+term.TeX()) + "."}
	p.setNum(term)
	p.sym("a", itoa(a))
	p.sym("r", pyQ(r))
	p.sym("n", itoa(int64(n)))
	p.Check = func() error {
		t := q(a)
		for i := 1; i < n; i++ {
			t = t.Mul(r)
		}
		if !t.Equal(term) {
			return errf("stepping gives %s", t)
		}
		return nil
	}
	return p, nil
}

func genCounting(g *G) (*Problem, error) {
	n := g.Int(3, g.ByLevel(8, 10, 12, 15, 20))
	k := g.Int(1, n)
	perm := g.Bool()
	things := g.Pick("books", "students", "flags", "songs", "paintings")
	var ans cas.Q
	p := &Problem{}
	if perm {
		ans = cas.Factorial(n).Div(cas.Factorial(n - k))
		p.Problem = "In how many ways can " + m(itoa(k)) + " of " + m(itoa(n)) + " different " + things + " be arranged in a row?"
		p.Steps = []string{"Order matters: " + m(`P(`+itoa(n)+", "+itoa(k)+`) = \frac{`+itoa(n)+"!}{"+itoa(n-k)+"!} = "+ans.String()) + "."}
	} else {
		ans = cas.Binomial(n, k)
		p.Problem = "In how many ways can " + m(itoa(k)) + " of " + m(itoa(n)) + " different " + things + " be chosen?"
		p.Steps = []string{"Order does not matter: " + m(`\binom{`+itoa(n)+"}{"+itoa(k)+`} = \frac{`+itoa(n)+"!}{"+itoa(k)+"!"+itoa(n-k)+"!} = "+ans.String()) + "."}
	}
	p.setNum(ans)
	p.sym("n", itoa(n))
	p.sym("k", itoa(k))
	p.sym("what", map[bool]string{true: "perm", false: "comb"}[perm])
	p.Check = func() error {
		// the multiplicative formula, and a count of subsets for small n
		v := q(1)
		for i := int64(0); i < k; i++ {
			v = v.MulInt(n - i)
		}
		if !perm {
			v = v.Div(cas.Factorial(k))
		}
		if !v.Equal(ans) {
			return errf("the multiplicative formula gives %s", v)
		}
		if n <= 12 {
			c := int64(0)
			for mask := 0; mask < 1<<n; mask++ {
				if int64(popcount(mask)) == k {
					c++
				}
			}
			if perm {
				c *= mustFact(k)
			}
			if !q(c).Equal(ans) {
				return errf("enumeration counts %d", c)
			}
		}
		return nil
	}
	return p, nil
}

func popcount(x int) int {
	c := 0
	for ; x > 0; x &= x - 1 {
		c++
	}
	return c
}

func mustFact(k int64) int64 {
	v, _ := cas.Factorial(k).Int64()
	return v
}

func genDiceSum(g *G) (*Problem, error) {
	nd := int(min(g.ByLevel(2, 2, 3, 3, 3, 4), 4))
	faces := int64(6)
	if g.Level >= 4 && g.Bool() {
		faces = []int64{4, 8, 10, 12}[g.IntN(4)]
	}
	if g.Bool() {
		faces = []int64{4, 6, 8}[g.IntN(3)]
	}
	s := g.Int(int64(nd), int64(nd)*faces)
	// the generating polynomial (x + ... + x^faces)^nd
	die := cas.PolyInts(0)
	for f := int64(1); f <= faces; f++ {
		die = die.Add(cas.Monomial(q(1), int(f)))
	}
	atLeast := g.Bool()
	gp := die.Pow(nd)
	ways := gp.Coef(int(s))
	if atLeast {
		ways = q(0)
		for k := s; k <= int64(nd)*faces; k++ {
			ways = ways.Add(gp.Coef(int(k)))
		}
	}
	total := cas.FromBigInt(bigPow(faces, int64(nd)))
	pr := ways.Div(total)
	rel, rtex := "is "+m(itoa(s)), "= "+itoa(s)
	if atLeast {
		rel, rtex = "is at least "+m(itoa(s)), `\ge `+itoa(s)
	}
	p := &Problem{Problem: "Roll " + m(itoa(int64(nd))) + " fair dice, each with faces " + m("1") + " to " + m(itoa(faces)) + ". Find the probability that their total " + rel + "."}
	p.Steps = []string{
		"There are " + m(itoa(faces)+"^{"+itoa(int64(nd))+"} = "+total.String()) + " equally likely outcomes.",
		"The number of outcomes with sum " + m(rtex) + " is read from the coefficients of " + m(`\left(x + x^{2} + \cdots + x^{`+itoa(faces)+`}\right)^{`+itoa(int64(nd))+"}") + ": " + m(ways.String()) + ".",
	}
	p.setNum(pr)
	p.sym("n", itoa(int64(nd)))
	p.sym("faces", itoa(faces))
	p.sym("s", itoa(s))
	p.sym("atleast", map[bool]string{true: "yes", false: "no"}[atLeast])
	p.Check = func() error {
		// inclusion-exclusion: sum_j (-1)^j C(n, j) C(s - j f - 1, n - 1) for each sum
		ie := q(0)
		top := s
		if atLeast {
			top = int64(nd) * faces
		}
		for ss := s; ss <= top; ss++ {
			for j := int64(0); j <= int64(nd); j++ {
				t := cas.Binomial(int64(nd), j).Mul(cas.Binomial(ss-j*faces-1, int64(nd-1)))
				if j%2 == 1 {
					t = t.Neg()
				}
				ie = ie.Add(t)
			}
		}
		if !ie.Equal(ways) {
			return errf("inclusion-exclusion counts %s", ie)
		}
		if total.Cmp(q(20000)) > 0 {
			return nil
		}
		c := int64(0)
		var rec func(k int, acc int64)
		rec = func(k int, acc int64) {
			if k == nd {
				if acc == s || (atLeast && acc > s) {
					c++
				}
				return
			}
			for f := int64(1); f <= faces; f++ {
				rec(k+1, acc+f)
			}
		}
		rec(0, 0)
		if !q(c).Equal(ways) {
			return errf("enumeration counts %d", c)
		}
		return nil
	}
	return p, nil
}

func genSameColor(g *G) (*Problem, error) {
	k := int(min(g.ByLevel(2, 2, 3, 3, 4, 5), 5))
	colors := []string{"red", "blue", "green", "yellow", "white"}[:k]
	counts := make([]int64, k)
	total := int64(0)
	var parts []string
	for i := range counts {
		counts[i] = g.Int(1, g.ByLevel(12, 14, 16, 18, 20))
		total += counts[i]
		parts = append(parts, m(itoa(counts[i]))+" "+colors[i])
	}
	num := int64(0)
	var terms []string
	for _, c := range counts {
		num += c * (c - 1)
		terms = append(terms, itoa(c)+`\cdot `+itoa(c-1))
	}
	pr := qf(num, total*(total-1))
	p := &Problem{Problem: "A bag holds " + andList(parts) + " marbles. Two of them are taken out at random, one after the other, without putting the first back. Find the probability that both have the same colour."}
	p.Steps = []string{
		"There are " + m(itoa(total)+`\cdot `+itoa(total-1)+" = "+itoa(total*(total-1))) + " ordered draws.",
		"Same-colour ordered draws: " + m(strings.Join(terms, " + ")+" = "+itoa(num)) + ", so the probability is " + m(pr.TeX()) + ".",
	}
	p.setNum(pr)
	p.sym("counts", pyInts(counts))
	p.Check = func() error {
		// unordered pairs: sum C(c, 2) / C(total, 2)
		s := q(0)
		for _, c := range counts {
			s = s.Add(cas.Binomial(c, 2))
		}
		if !s.Div(cas.Binomial(total, 2)).Equal(pr) {
			return errf("unordered pairs give another probability")
		}
		return nil
	}
	return p, nil
}

func genProportion(g *G) (*Problem, error) {
	// b and c at least 2: a denominator 1 is not a proportion a textbook writes
	hi := g.ByLevel(12, 30, 80, 200, 600)
	a, b, c := g.Int(1, hi), g.Int(2, hi), g.Int(2, hi)
	x := qf(a*c, b)
	p := &Problem{Problem: "Solve for " + m("x") + ": " + m(`\frac{`+itoa(a)+"}{"+itoa(b)+`} = \frac{x}{`+itoa(c)+"}") + "."}
	p.Steps = []string{"Multiplying both sides by " + m(itoa(c)) + ": " + m(chain(`x = \frac{`+itoa(a)+`(`+itoa(c)+`)}{`+itoa(b)+`}`, `\frac{`+itoa(a*c)+`}{`+itoa(b)+`}`, x.TeX())) + "."}
	p.setNum(x)
	p.sym("a", itoa(a))
	p.sym("b", itoa(b))
	p.sym("c", itoa(c))
	p.Check = func() error {
		if !x.MulInt(b).Equal(q(a * c)) {
			return errf("cross products differ")
		}
		return nil
	}
	return p, nil
}

func genCompound(g *G) (*Problem, error) {
	P := g.Int(1, g.ByLevel(10, 20, 50, 100, 200)) * 100
	rate := g.Int(1, g.ByLevel(5, 8, 10, 12, 15))
	years := g.Int(1, g.ByLevel(2, 3, 4, 5, 6))
	amt := q(P).Mul(q(1).Add(qf(rate, 100)).PowInt(int(years)))
	p := &Problem{Problem: "An amount of " + m(`\$`+itoa(P)) + " earns " + m(itoa(rate)+`\%`) + " interest per year, compounded yearly. What is the exact amount after " + m(itoa(years)) + " years?"}
	p.Steps = []string{m(`A = P\left(1 + r\right)^{t} = `+itoa(P)+`\cdot `+decimalOrFrac(q(1).Add(qf(rate, 100)))+sup(years)+" = "+decimalOrFrac(amt)) + "."}
	p.Answer = decimalOrFrac(amt)
	p.Reprint = numNode(amt)
	p.sym("P", itoa(P))
	p.sym("rate", itoa(rate))
	p.sym("years", itoa(years))
	p.sym("answer", pyQ(amt))
	p.Check = func() error {
		a := q(P)
		for y := int64(0); y < years; y++ {
			a = a.Add(a.Mul(qf(rate, 100)))
		}
		if !a.Equal(amt) {
			return errf("year by year gives %s", a)
		}
		return nil
	}
	return p, nil
}

func genLineThrough(g *G) (*Problem, error) {
	b := g.ByLevel(5, 8, 10, 12, 15)
	x1, y1, x2, y2 := g.Int(-b, b), g.Int(-b, b), g.Int(-b, b), g.Int(-b, b)
	if x1 == x2 {
		return nil, errf("vertical: the line is x = c")
	}
	slope := qf(y2-y1, x2-x1)
	icpt := q(y1).Sub(slope.MulInt(x1))
	line := cas.Sum(cas.Product(cas.N(slope), X), cas.N(icpt))
	p := &Problem{Problem: "Find the equation of the line through " + m(`\left(`+itoa(x1)+", "+itoa(y1)+`\right)`) + " and " + m(`\left(`+itoa(x2)+", "+itoa(y2)+`\right)`) + " in the form " + m("y = mx + b") + "."}
	p.Steps = []string{
		"The slope is " + m(`m = \frac{`+itoa(y2)+" - "+paren(q(y1))+"}{"+itoa(x2)+" - "+paren(q(x1))+"} = "+slope.TeX()) + ".",
		"Then " + m("b = y_{1} - mx_{1} = "+icpt.TeX()) + ".",
	}
	p.setEquation(cas.V("y"), line)
	p.sym("p1", "["+itoa(x1)+", "+itoa(y1)+"]")
	p.sym("p2", "["+itoa(x2)+", "+itoa(y2)+"]")
	p.Check = func() error {
		for _, pt := range [][2]int64{{x1, y1}, {x2, y2}} {
			if !slope.MulInt(pt[0]).Add(icpt).Equal(q(pt[1])) {
				return errf("(%d, %d) is not on the line", pt[0], pt[1])
			}
		}
		return nil
	}
	return p, nil
}

var words = []string{"BANANA", "LETTER", "PEPPER", "ALGEBRA", "GAMMA", "COOKIE", "BALLOON", "SUCCESS", "MISSISSIPPI", "COMMITTEE",
	"TATTOO", "APPLE", "LEVEL", "STATISTICS", "ADDRESS", "BOOKKEEPER", "REFERENCE", "PARALLEL", "DIFFERENCE", "ASSESS",
	"MAMMAL", "PUPPY", "KAYAK", "RADAR", "ERROR", "ARRAY", "BUBBLE", "COFFEE", "GEESE", "LLAMA", "MOMMA", "NOON", "PAPA",
	"ROTOR", "SASS", "TOOTH", "ALPHA", "CANCEL", "DEEDED", "FOOD", "GOOGOL", "HOOD", "INDIA", "JAZZ", "KIOSK", "LILAC",
	"MIMIC", "NANNY", "OBOE", "PIPPIN", "QUEUE", "REVIVE", "SEEDS", "TENET", "UTTER", "VIVID", "WOOD", "YUMMY", "ZIGZAG",
	"CIRCLE", "MATRIX", "VECTOR", "RATIO", "PRIME", "DIGIT", "ANGLE", "CUBE", "SQUARE", "TRIANGLE", "ELLIPSE", "INTEGER"}

func genWordArrangements(g *G) (*Problem, error) {
	maxLen := int(g.ByLevel(6, 6, 7, 8, 9, 12))
	var cand []string
	for _, w := range words {
		if len(w) <= maxLen {
			cand = append(cand, w)
		}
	}
	w := cand[g.IntN(len(cand))]
	// Half the problems ask for the arrangements that begin with a given
	// letter of the word: the arrangements of the other letters.
	full, first := w, ""
	if g.Bool() {
		first = string(w[g.IntN(len(w))])
		w = strings.Replace(w, first, "", 1)
	}
	counts := map[rune]int64{}
	for _, r := range w {
		counts[r]++
	}
	ans := cas.Factorial(int64(len(w)))
	var den []string
	var letters []string
	for r := range counts {
		letters = append(letters, string(r))
	}
	sort.Strings(letters)
	for _, l := range letters {
		c := counts[rune(l[0])]
		ans = ans.Div(cas.Factorial(c))
		if c > 1 {
			den = append(den, itoa(c)+"!")
		}
	}
	p := &Problem{Problem: "How many distinct arrangements of the letters of the word " + m(`\text{`+w+"}") + " are there?"}
	if first != "" {
		p.Problem = "How many distinct arrangements of the letters of the word " + m(`\text{`+full+"}") + " begin with the letter " + m(`\text{`+first+"}") + "?"
	}
	if len(den) == 0 {
		p.Steps = []string{"The " + m(itoa(int64(len(w)))) + " letters are all different, so every order is a different arrangement: " + m(itoa(int64(len(w)))+"! = "+ans.String()) + "."}
	} else {
		var reps []string
		for _, l := range letters {
			if c := counts[rune(l[0])]; c > 1 {
				reps = append(reps, m(`\text{`+l+"}")+" "+map[bool]string{true: "twice", false: m(itoa(c)) + " times"}[c == 2])
			}
		}
		p.Steps = []string{"The word has " + m(itoa(int64(len(w)))) + " letters, with " + andList(reps) + ".",
			"Swapping equal letters gives the same arrangement, so divide " + m(itoa(int64(len(w)))+"!") + " by the factorials of the repeat counts: " +
				m(`\frac{`+itoa(int64(len(w)))+"!}{"+strings.Join(den, `\,`)+"} = "+ans.String()) + "."}
	}
	if first != "" {
		p.Steps[0] = strings.Replace(strings.Replace(p.Steps[0], "The word has", "Those are", 1), "letters are all different", "letters left are all different", 1)
		p.Steps = append([]string{"With " + m(`\text{`+first+"}") + " first, the other letters, " + m(`\text{`+w+"}") + ", are arranged freely after it."}, p.Steps...)
	}
	p.setNum(ans)
	p.sym("word", "'"+w+"'")
	p.Check = func() error {
		if len(full) > 7 {
			// multinomial as a product of binomials
			v, left := q(1), int64(len(w))
			for _, l := range letters {
				c := counts[rune(l[0])]
				v = v.Mul(cas.Binomial(left, c))
				left -= c
			}
			if !v.Equal(ans) {
				return errf("the product of binomials gives %s", v)
			}
			return nil
		}
		// enumerate distinct permutations
		seen := map[string]bool{}
		b := []byte(full)
		var rec func(k int)
		rec = func(k int) {
			if k == len(b) {
				if first == "" || string(b[0]) == first {
					seen[string(b)] = true
				}
				return
			}
			for i := k; i < len(b); i++ {
				b[k], b[i] = b[i], b[k]
				rec(k + 1)
				b[k], b[i] = b[i], b[k]
			}
		}
		rec(0)
		if !q(int64(len(seen))).Equal(ans) {
			return errf("enumeration finds %d", len(seen))
		}
		return nil
	}
	return p, nil
}

func genLinearInequality(g *G) (*Problem, error) {
	b := g.ByLevel(6, 9, 12, 15, 20)
	a, c := g.NZ(-b, b), g.Int(-b, b)
	d := g.Int(-b, b)
	ops := []string{"<", ">", `\le`, `\ge`}
	oi := g.IntN(4)
	lin := cas.Sum(cas.Product(e(a), X), e(c))
	bound := qf(d-c, a)
	// dividing by a < 0 flips the direction
	less := oi == 0 || oi == 2
	if a < 0 {
		less = !less
	}
	strict := oi < 2
	p := &Problem{Problem: "Solve " + m(tex(lin)+" "+ops[oi]+" "+itoa(d)) + ". Give the answer in interval notation."}
	p.Echo = firstMath(p.Problem)
	move := "Subtract " + m(itoa(c))
	if c < 0 {
		move = "Add " + m(itoa(-c))
	}
	p.Steps = []string{move + " and divide by " + m(itoa(a)) + map[bool]string{true: " (reversing the inequality, since it is negative)", false: ""}[a < 0] + ": " +
		m("x "+map[bool]string{true: "<", false: ">"}[less]+map[bool]string{true: "", false: "="}[strict]+" "+bound.TeX()) + "."}
	if !strict {
		p.Steps[0] = strings.Replace(p.Steps[0], "<=", `\le`, 1)
		p.Steps[0] = strings.Replace(p.Steps[0], ">=", `\ge`, 1)
	}
	inf := &expr.Sym{Name: expr.Inf}
	bn := numNode(bound)
	if less {
		cl := ")"
		if !strict {
			cl = "]"
		}
		p.Answer = `\left(-\infty, ` + bound.TeX() + `\right` + cl
		p.Reprint = &expr.Tuple{Items: []expr.Node{&expr.Neg{X: inf}, bn}, Open: "(", Close: cl}
	} else {
		op := "("
		if !strict {
			op = "["
		}
		p.Answer = `\left` + op + bound.TeX() + `, \infty\right)`
		p.Reprint = &expr.Tuple{Items: []expr.Node{bn, inf}, Open: op, Close: ")"}
	}
	p.sym("lin", py(lin))
	p.sym("op", []string{"<", ">", "<=", ">="}[oi])
	p.sym("d", itoa(d))
	p.sym("answer", map[bool]string{true: "Interval(-oo, " + pyQ(bound) + ", True, " + map[bool]string{true: "True", false: "False"}[strict] + ")",
		false: "Interval(" + pyQ(bound) + ", oo, " + map[bool]string{true: "True", false: "False"}[strict] + ", True)"}[less])
	p.Check = func() error {
		for _, dx := range []cas.Q{q(-1), qf(-1, 1000), q(0), qf(1, 1000), q(1)} {
			xv := bound.Add(dx)
			v := q(a).Mul(xv).Add(q(c))
			cmp := v.Cmp(q(d))
			holds := [4]bool{cmp < 0, cmp > 0, cmp <= 0, cmp >= 0}[oi]
			in := (less && dx.Sign() < 0) || (!less && dx.Sign() > 0) || (!strict && dx.IsZero())
			if holds != in {
				return errf("the interval and the inequality disagree at %s", xv)
			}
		}
		return nil
	}
	return p, nil
}
