package hardmath

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"

	"github.com/matheval/matheval/numeric"
)

// odeSpec is y”' = s1 y/Q1(x) + y'^k + s3 y”/Q3(x) + forcing(x), with
// denominators positive on x >= 0 (so the problem is well posed up to the
// blow-up the y'^k term causes).
type odeSpec struct {
	q1, q3   map[int]int
	s1, s3   int
	k        int
	fkind    int // 0: c e^{-x}, 1: c / (Q4(x) + cos x), 2: constant c
	fc       int
	q4       map[int]int
	y0       [3]int
	compatY3 bool
}

func randPosPoly(rng *rand.Rand, minC0 int) map[int]int {
	q := map[int]int{0: minC0 + rng.IntN(6)}
	deg := rng.IntN(5)
	for p := 1; p <= deg; p++ {
		if rng.IntN(2) == 0 {
			q[p] = 1 + rng.IntN(5)
		}
	}
	return q
}

// evalIntPoly evaluates by Horner's rule over the powers in order (not in
// map order, which would make the floating-point sums, and so the output,
// vary from run to run).
func evalIntPoly(q map[int]int, x float64) float64 {
	deg := 0
	for p := range q {
		deg = max(deg, p)
	}
	s := 0.0
	for p := deg; p >= 0; p-- {
		s = s*x + float64(q[p])
	}
	return s
}

func (s *odeSpec) rhs(x float64, y []float64) float64 {
	v := float64(s.s1)*y[0]/evalIntPoly(s.q1, x) + math.Pow(y[1], float64(s.k)) + float64(s.s3)*y[2]/evalIntPoly(s.q3, x)
	switch s.fkind {
	case 0:
		v += float64(s.fc) * math.Exp(-x)
	case 1:
		v += float64(s.fc) / (evalIntPoly(s.q4, x) + math.Cos(x))
	default:
		v += float64(s.fc)
	}
	return v
}

// y3 is y”'(0) exactly: the full right-hand side (paper), or only the
// y-term balance (the released data's small-x answers).
func (s *odeSpec) y3() *big.Rat {
	r := big.NewRat(int64(s.s1*s.y0[0]), int64(s.q1[0]))
	if s.compatY3 {
		return r
	}
	yp := new(big.Int).Exp(big.NewInt(int64(s.y0[1])), big.NewInt(int64(s.k)), nil)
	r.Add(r, new(big.Rat).SetInt(yp))
	r.Add(r, big.NewRat(int64(s.s3*s.y0[2]), int64(s.q3[0])))
	switch s.fkind {
	case 0, 2:
		r.Add(r, big.NewRat(int64(s.fc), 1))
	case 1:
		r.Add(r, big.NewRat(int64(s.fc), int64(s.q4[0]+1)))
	}
	return r
}

func signed(first bool, neg bool, body string) string {
	switch {
	case first && neg:
		return "- " + body
	case first:
		return body
	case neg:
		return " - " + body
	}
	return " + " + body
}

func (s *odeSpec) latex() string {
	var b strings.Builder
	b.WriteString(signed(true, s.s1 < 0, fmt.Sprintf(`\frac{y}{%s}`, polyLatex(s.q1, "x"))))
	b.WriteString(fmt.Sprintf(" + y'^{%d}", s.k))
	b.WriteString(signed(false, s.s3 < 0, fmt.Sprintf(`\frac{y''}{%s}`, polyLatex(s.q3, "x"))))
	a := abs(s.fc)
	coef := ""
	if a != 1 {
		coef = fmt.Sprintf("%d ", a)
	}
	switch s.fkind {
	case 0:
		b.WriteString(signed(false, s.fc < 0, coef+`e^{- x}`))
	case 1:
		b.WriteString(signed(false, s.fc < 0, fmt.Sprintf(`\frac{%d}{%s + \cos{\left(x \right)}}`, a, polyLatex(s.q4, "x"))))
	default:
		b.WriteString(signed(false, s.fc < 0, fmt.Sprint(a)))
	}
	return b.String()
}

// ratTerm writes r x^p as a LaTeX term with its sign.
func ratTerm(first bool, r *big.Rat, p int) string {
	if r.Sign() == 0 {
		return ""
	}
	a := new(big.Rat).Abs(r)
	xs := ""
	switch p {
	case 0:
	case 1:
		xs = "x"
	default:
		xs = fmt.Sprintf("x^{%d}", p)
	}
	var body string
	switch {
	case a.IsInt() && p == 0:
		body = a.Num().String()
	case a.IsInt() && a.Num().Cmp(big.NewInt(1)) == 0:
		body = xs
	case a.IsInt():
		body = a.Num().String() + " " + xs
	case p == 0:
		body = fmt.Sprintf(`\frac{%s}{%s}`, a.Num(), a.Denom())
	case a.Num().Cmp(big.NewInt(1)) == 0:
		body = fmt.Sprintf(`\frac{%s}{%s}`, xs, a.Denom())
	default:
		body = fmt.Sprintf(`\frac{%s %s}{%s}`, a.Num(), xs, a.Denom())
	}
	return signed(first, r.Sign() < 0, body)
}

func genODE(ctx context.Context, rng *rand.Rand, o GenOptions) (Row, error) {
	ks := []int{2, 4, 5, 6}
	s := &odeSpec{q1: randPosPoly(rng, 1), q3: randPosPoly(rng, 1), s1: 1 - 2*rng.IntN(2), s3: 1 - 2*rng.IntN(2),
		k: ks[rng.IntN(len(ks))], fkind: rng.IntN(3), fc: (1 + rng.IntN(5)) * (1 - 2*rng.IntN(2)), q4: randPosPoly(rng, 2),
		y0: [3]int{1 + rng.IntN(3), rng.IntN(4), rng.IntN(4)}, compatY3: o.Compat}
	f := func(x float64, y, dy []float64) { dy[0], dy[1], dy[2] = y[1], y[2], s.rhs(x, y) }
	y0 := []float64{float64(s.y0[0]), float64(s.y0[1]), float64(s.y0[2])}
	sol, err := numeric.SolveODE(ctx, f, 0, y0, 30, numeric.ODEOptions{RelTol: 1e-10, AbsTol: 1e-12, BlowUp: 1e8})
	if err != nil {
		return Row{}, err
	}
	if !sol.BlowUp || sol.BlowUpX < 0.5 {
		return Row{}, fmt.Errorf("no blow-up in (0.5, 30)")
	}
	xs := sol.BlowUpX
	// Small x: the Taylor polynomial to third order.
	c := []*big.Rat{big.NewRat(int64(s.y0[0]), 1), big.NewRat(int64(s.y0[1]), 1), big.NewRat(int64(s.y0[2]), 2), new(big.Rat).Quo(s.y3(), big.NewRat(6, 1))}
	var small strings.Builder
	for p := 0; p <= 3; p++ {
		small.WriteString(ratTerm(small.Len() == 0, c[p], p))
	}
	smallF := func(x float64) float64 {
		v := 0.0
		for p := 3; p >= 0; p-- {
			cf, _ := c[p].Float64()
			v = v*x + cf
		}
		return v
	}
	// Large x: y = alpha (x* - x)^p + C from the balance y''' = y'^k.
	k := float64(s.k)
	p := (k - 3) / (k - 1)
	rhs := math.Pow(-1, k+1) * (p - 1) * (p - 2) / math.Pow(p, k-1)
	var alpha float64
	if s.k%2 == 0 { // odd root: unique real alpha
		alpha = math.Copysign(math.Pow(math.Abs(rhs), 1/(k-1)), rhs)
	} else {
		if rhs <= 0 {
			return Row{}, fmt.Errorf("no real alpha")
		}
		alpha = math.Pow(rhs, 1/(k-1))
	}
	xe := xs - 0.01*xs
	xf := xs - 0.02*xs
	ye, err := sol.At(xe)
	if err != nil {
		return Row{}, err
	}
	if s.k%2 == 1 && -alpha*p*ye[1] < 0 {
		// y' = -alpha p (x*-x)^{p-1} must have the numerical solution's sign.
		alpha = -alpha
	}
	yf, err := sol.At(xf)
	if err != nil {
		return Row{}, err
	}
	C := yf[0] - alpha*math.Pow(xs-xf, p)
	largeF := func(x float64) float64 { return alpha*math.Pow(xs-x, p) + C }
	ysm, _ := sol.At(0.1)
	if !relClose(smallF(0.1), ysm[0], Tolerance) {
		return Row{}, fmt.Errorf("small-x answer off")
	}
	if !relClose(largeF(xe), ye[0], Tolerance) {
		return Row{}, fmt.Errorf("large-x answer %.4g vs %.4g", largeF(xe), ye[0])
	}
	cs := "+ " + sig(C, 10)
	if C < 0 {
		cs = "- " + sig(-C, 10)
	}
	large := fmt.Sprintf(`%s (%s - x)^{%s} %s`, sig(alpha, 10), sig(xs, 12), fracLatex(s.k-3, s.k-1), cs)
	// The answer as written must evaluate to what was validated.
	if v, err := evalLatex(ctx, large, map[string]complex128{"x": complex(xe, 0)}, evalOptions{realRoots: true}); err != nil || !relClose(real(v), largeF(xe), 1e-6) {
		return Row{}, fmt.Errorf("large-x answer does not evaluate as computed: %v", err)
	}
	q := fmt.Sprintf("Consider the following third-order ordinary differential equation:  $$y''' = %s$$\n\n\\text{with initial conditions at } x = 0:\n\\begin{align*}\ny(0) &= %d.00 \\\\\ny'(0) &= %d.00 \\\\\ny''(0) &= %d.00\n\\end{align*}\n\nFind analytical expressions that approximate the solution of $y(x)$ in the small $x$ and large $x$ regimes.\n\n",
		s.latex(), s.y0[0], s.y0[1], s.y0[2])
	smallMethod := "Near $x = 0$ the solution is its Taylor polynomial to third order, with $y'''(0)$ from the equation and the initial conditions"
	if o.Compat {
		smallMethod = "Near $x = 0$ the dominant balance is $y''' = " + signed(true, s.s1 < 0, fmt.Sprintf(`\frac{y}{%s}`, polyLatex(s.q1, "x"))) + "$, solved with the initial conditions"
	}
	sol1 := fmt.Sprintf("%s: $y'''(0) = %s$, so $ y = %s$ in the small $x$ regime.\n\n"+
		"For large $x$ the solution diverges at a finite point $x^*$; near it the dominant balance is $y''' = (y')^{%d}$. With the ansatz $y = \\alpha (x^* - x)^p$, matching powers gives $p - 3 = %d(p - 1)$, so $p = %s$, and matching coefficients gives $\\alpha = %s$. "+
		"The divergence point from the numerical solution is $x^* \\approx %s$, and fitting the constant $C$ to the numerical solution at $x = %s$ gives $C = %s$, so $ y = %s$ near the divergence point.\n\n"+
		"Thus, the solution is given by $\\boxed{[y = %s, y = %s]}$\n",
		smallMethod, s.y3().RatString(), small.String(), s.k, s.k, fracLatex(s.k-3, s.k-1), sig(alpha, 10), sig(xs, 12), sig(xf, 8), sig(C, 10), large, small.String(), large)
	esc := func(t string) string { return strings.ReplaceAll(t, `\`, `\\`) }
	return Row{Question: q, Solution: sol1, QuestionType: strp(TypeODE), AnswerType: "list",
		AnswerVal:       fmt.Sprintf("['y = %s', 'y = %s']", esc(small.String()), esc(large)),
		SmallEvalPoint:  ptrF(0.1),
		SmallAnalytical: ptrS(pyFloat(smallF(0.1))), SmallNumerical: ptrS(pyFloat(ysm[0])),
		LargeEvalPoint:  ptrF(xe),
		LargeAnalytical: ptrS(pyFloat(largeF(xe))), LargeNumerical: ptrS(pyFloat(ye[0])),
	}, nil
}
