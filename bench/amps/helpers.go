package amps

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strings"
	"time"

	"github.com/matheval/matheval/cas"
	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/numeric"
)

// Shorthands for building answers and checks.

var (
	X = cas.V("x")
	Y = cas.V("y")
	Z = cas.V("z")
)

func q(n int64) cas.Q        { return cas.Int(n) }
func qf(n, d int64) cas.Q    { return cas.Frac(n, d) }
func e(n int64) cas.Expr     { return cas.I(n) }
func m(s string) string      { return "$" + s + "$" }
func tex(e cas.Expr) string  { return cas.TeX(e) }
func py(e cas.Expr) string   { return cas.Py(e) }
func pyQ(v cas.Q) string     { return "Rational(" + v.Num().String() + ", " + v.Den().String() + ")" }
func ptex(p cas.Poly) string { return p.TeX("x") }
func ppy(p cas.Poly) string  { return p.Py("x") }

// numNode is a rational as an expr tree.
func numNode(v cas.Q) expr.Node { return cas.ToExpr(cas.N(v)) }

// setNum sets a rational answer.
func (p *Problem) setNum(v cas.Q) {
	p.Answer = v.TeX()
	p.Reprint = numNode(v)
	p.sym("answer", pyQ(v))
}

// setExpr sets an expression answer.
func (p *Problem) setExpr(v cas.Expr) {
	p.Answer = tex(v)
	p.Reprint = cas.ToExpr(v)
	p.sym("answer", py(v))
}

// setList sets an answer of several values (compared as a set by the
// grader; the sympy data lists them in order).
func (p *Problem) setList(vs ...cas.Expr) {
	parts := make([]string, len(vs))
	nodes := make([]expr.Node, len(vs))
	pys := make([]string, len(vs))
	for i, v := range vs {
		parts[i], nodes[i], pys[i] = tex(v), cas.ToExpr(v), py(v)
	}
	p.Answer = strings.Join(parts, ", ")
	if len(vs) == 1 {
		p.Reprint = nodes[0]
	} else {
		p.Reprint = &expr.List{Items: nodes}
	}
	p.sym("answer", "["+strings.Join(pys, ", ")+"]")
}

// setTuple sets an ordered answer: a point or a vector written (a, b, c).
func (p *Problem) setTuple(vs ...cas.Expr) {
	parts := make([]string, len(vs))
	nodes := make([]expr.Node, len(vs))
	pys := make([]string, len(vs))
	for i, v := range vs {
		parts[i], nodes[i], pys[i] = tex(v), cas.ToExpr(v), py(v)
	}
	p.Answer = `\left(` + strings.Join(parts, ", ") + `\right)`
	p.Reprint = &expr.Tuple{Items: nodes, Open: "(", Close: ")"}
	p.sym("answer", "["+strings.Join(pys, ", ")+"]")
}

// setMatrix sets a matrix answer of expressions.
func (p *Problem) setMatrix(rows [][]cas.Expr) {
	var sb strings.Builder
	sb.WriteString(`\begin{pmatrix}`)
	nodes := make([][]expr.Node, len(rows))
	var pyRows []string
	for i, row := range rows {
		if i > 0 {
			sb.WriteString(` \\ `)
		}
		nodes[i] = make([]expr.Node, len(row))
		var pr []string
		for j, v := range row {
			if j > 0 {
				sb.WriteString(" & ")
			}
			sb.WriteString(tex(v))
			nodes[i][j] = cas.ToExpr(v)
			pr = append(pr, py(v))
		}
		pyRows = append(pyRows, "["+strings.Join(pr, ", ")+"]")
	}
	sb.WriteString(`\end{pmatrix}`)
	p.Answer = sb.String()
	p.Reprint = &expr.Matrix{Rows: nodes}
	p.sym("answer", "Matrix(["+strings.Join(pyRows, ", ")+"])")
}

// setMat sets a rational matrix answer.
func (p *Problem) setMat(a cas.Mat) {
	rows := make([][]cas.Expr, a.R)
	for i := range rows {
		rows[i] = make([]cas.Expr, a.C)
		for j := range rows[i] {
			rows[i][j] = cas.N(a.At(i, j))
		}
	}
	p.setMatrix(rows)
}

// setText sets a word answer.
func (p *Problem) setText(s string) {
	p.Answer = `\text{` + s + `}`
	p.Reprint = &expr.Text{S: s}
	p.sym("answer", "'"+s+"'")
}

// setEquation sets an equation answer lhs = rhs.
func (p *Problem) setEquation(lhs, rhs cas.Expr) {
	p.Answer = tex(lhs) + " = " + tex(rhs)
	p.Reprint = &expr.Rel{Sides: []expr.Node{cas.ToExpr(lhs), cas.ToExpr(rhs)}, Ops: []string{"="}}
	p.sym("answer", py(rhs))
}

// sym records one sympy datum.
func (p *Problem) sym(k, v string) {
	if p.Sympy == nil {
		p.Sympy = map[string]string{}
	}
	p.Sympy[k] = v
}

// Checks.

func errf(format string, a ...any) error { return fmt.Errorf(format, a...) }

// near reports whether a and b agree to a relative 1e-9 (absolute near 0).
func near(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) {
		return false
	}
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// nearTol is near with a given relative tolerance.
func nearTol(a, b, tol float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) {
		return false
	}
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// val evaluates a constant expression in floating point.
func val(e cas.Expr) float64 { return cas.Eval(e, nil) }

// at evaluates e at x = v.
func at(e cas.Expr, v float64) float64 { return cas.Eval(e, map[string]float64{"x": v}) }

// checkCtx bounds a numeric check. The deadline is far above what a check
// takes; reaching it stops the generation (ErrOverloaded), it never drops
// a problem, so that timing cannot change the output.
func checkCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 10*time.Second)
}

// quad integrates f over [a, b] with package numeric.
func quad(f func(float64) float64, a, b float64) (float64, error) {
	ctx, cancel := checkCtx()
	defer cancel()
	r, err := numeric.Integrate(ctx, f, a, b, numeric.QuadOptions{AbsTol: 1e-11, RelTol: 1e-11, MaxEvals: 50000})
	if err != nil {
		return 0, err
	}
	return r.Value, nil
}

// checkIntegral compares an exact definite integral with numeric quadrature.
func checkIntegral(f func(float64) float64, a, b float64, exact cas.Expr) error {
	v, err := quad(f, a, b)
	if err != nil {
		return err
	}
	if !nearTol(v, val(exact), 1e-8) {
		return errf("quadrature gives %v, the exact value %s is %v", v, tex(exact), val(exact))
	}
	return nil
}

// polyRoots returns the complex roots of p from package numeric.
func polyRoots(p cas.Poly) ([]complex128, error) {
	c := make([]float64, p.Deg()+1)
	for i := range c {
		c[i] = p.Coef(i).Float()
	}
	ctx, cancel := checkCtx()
	defer cancel()
	return numeric.PolyRoots(ctx, c)
}

// checkRootsNumeric checks that each exact real root is within tol of a
// numeric root of p.
func checkRootsNumeric(p cas.Poly, roots []float64) error {
	nr, err := polyRoots(p)
	if err != nil {
		return err
	}
	for _, r := range roots {
		ok := false
		for _, z := range nr {
			if math.Abs(imag(z)) < 1e-6 && nearTol(real(z), r, 1e-6) {
				ok = true
			}
		}
		if !ok {
			return errf("root %v is not among the numeric roots %v", r, nr)
		}
	}
	return nil
}

// sameExpr checks two expressions agree at a few points (and exactly when
// cas can show it): the second path for symbolic answers.
func sameExpr(a, b cas.Expr, vars ...string) error {
	if cas.Equal(a, b) {
		return nil
	}
	pts := [][]float64{{0.37, 1.21, 0.83}, {1.13, 0.59, 1.47}, {0.71, 1.93, 0.29}, {1.61, 0.41, 1.07}}
	for _, pt := range pts {
		env := map[string]float64{}
		for i, v := range vars {
			env[v] = pt[i]
		}
		x, y := cas.Eval(a, env), cas.Eval(b, env)
		if !nearTol(x, y, 1e-9) {
			return errf("%s and %s differ at %v: %v vs %v", tex(a), tex(b), env, x, y)
		}
	}
	return nil
}

// numDeriv is a central-difference derivative of f at env along the
// variable v, with one Richardson step (error O(h^4)).
func numDeriv(f cas.Expr, v string, env map[string]float64) float64 {
	return numDerivH(f, v, env, 1e-4*math.Max(1, math.Abs(env[v])))
}

// numDerivH is numDeriv with the step h; env is restored before it returns.
func numDerivH(f cas.Expr, v string, env map[string]float64, h float64) float64 {
	x0 := env[v]
	defer func() { env[v] = x0 }()
	d := func(h float64) float64 {
		env[v] = x0 + h
		fp := cas.Eval(f, env)
		env[v] = x0 - h
		return (fp - cas.Eval(f, env)) / (2 * h)
	}
	return (4*d(h/2) - d(h)) / 3
}

// checkDerivNumeric compares a symbolic derivative with differences at two
// points. Where they disagree, a second step size tells a nearby pole or
// cancellation (the two step sizes disagree too: the point is skipped and
// another taken) from a wrong derivative.
func checkDerivNumeric(f, df cas.Expr, v string, vars ...string) error {
	pts := [][]float64{{0.37, 1.21, 0.83}, {1.13, 0.59, 1.47}, {0.71, 1.93, 0.29}, {1.61, 0.43, 1.09}, {0.53, 1.37, 0.61}}
	checked := 0
	env := map[string]float64{}
	for _, pt := range pts {
		for i, w := range vars {
			env[w] = pt[i]
		}
		h := 1e-4 * math.Max(1, math.Abs(env[v]))
		want := numDerivH(f, v, env, h)
		got := cas.Eval(df, env)
		if !nearTol(got, want, 1e-6) {
			if alt := numDerivH(f, v, env, 2*h); !nearTol(want, alt, 1e-7) || math.IsNaN(want) || math.IsInf(want, 0) {
				continue // differences are unstable here
			}
			return errf("d/d%s of %s: %v at %v, differences give %v", v, tex(f), got, env, want)
		}
		checked++
		if checked == 2 {
			return nil
		}
	}
	return errf("no two points where differences are stable for d/d%s of %s", v, tex(f))
}

// joinTeX joins expressions as "a, b and c".
func joinTeX(es []cas.Expr) string {
	parts := make([]string, len(es))
	for i, v := range es {
		parts[i] = m(tex(v))
	}
	return andList(parts)
}

func andList(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// bigPow returns a^k as a big integer.
func bigPow(a, k int64) *big.Int { return new(big.Int).Exp(big.NewInt(a), big.NewInt(k), nil) }

// poly builds a polynomial from integer coefficients, highest degree first.
func poly(c ...int64) cas.Poly {
	r := make([]int64, len(c))
	for i, v := range c {
		r[len(c)-1-i] = v
	}
	return cas.PolyInts(r...)
}

// randPoly returns a polynomial of exactly degree d with integer
// coefficients in [-b, b] (leading coefficient nonzero).
func (g *G) randPoly(d int, b int64) cas.Poly {
	c := make([]int64, d+1)
	for i := range c {
		c[i] = g.Int(-b, b)
	}
	c[d] = g.NZ(-b, b)
	return cas.PolyInts(c...)
}

// monicLinear returns x - r.
func monicLinear(r cas.Q) cas.Poly { return cas.Linear(q(1), r.Neg()) }

// fx writes "f(x) = ...".
func fx(name string, e cas.Expr) string { return m(name + "(x) = " + tex(e)) }

func sqrtF(x float64) float64 { return math.Sqrt(x) }

// sup writes an exponent, nothing for 1 (x^{1} is written x).
func sup(k int64) string {
	if k == 1 {
		return ""
	}
	return "^{" + itoa(k) + "}"
}

// overTeX writes num/den as a fraction, num alone over 1.
func overTeX(num, den string) string {
	if den == "1" {
		return num
	}
	return `\frac{` + num + "}{" + den + "}"
}

// indexTuple writes (v_{1}, v_{2}, ..., v_{n}), with an ellipsis only past four
// components.
func indexTuple(v string, n int) string {
	var parts []string
	if n <= 4 {
		for i := 1; i <= n; i++ {
			parts = append(parts, v+"_{"+itoa(int64(i))+"}")
		}
	} else {
		parts = []string{v + "_{1}", v + "_{2}", `\ldots`, v + "_{" + itoa(int64(n)) + "}"}
	}
	return strings.Join(parts, ", ")
}

// chain joins the sides of an equation, leaving out a side that repeats
// the one before it (a fraction already in lowest terms is not "reduced"
// to itself).
func chain(sides ...string) string {
	var out []string
	for _, s := range sides {
		if len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == strings.TrimSpace(s) {
			continue
		}
		out = append(out, s)
	}
	return strings.Join(out, " = ")
}
