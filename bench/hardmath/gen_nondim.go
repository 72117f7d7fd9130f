package hardmath

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
)

// genNondim draws a nondimensionalization problem (paper A.2): the
// polynomial a1 x^n1 + a2 x^n2 + a3 becomes eps y^n1 + y^n2 + 1 with
// x = y (a3/a2)^{1/n2}, so eps = a1 (a3/a2)^{n1/n2} / a3. Half the problems
// are symbolic (eps as a function of a1, a2, a3), half numeric (integer
// coefficients, eps to two decimals; kept only when the rounded value is
// within 10% of the exact one).
func genNondim(ctx context.Context, rng *rand.Rand, o GenOptions) (Row, error) {
	n1 := 3 + rng.IntN(8)
	n2 := 1 + rng.IntN(n1-1)
	xp := func(v string, n int) string {
		if n == 1 {
			return v
		}
		return fmt.Sprintf("%s^{%d}", v, n)
	}
	expo := fracLatex(n1, n2)
	if rng.IntN(2) == 0 {
		ans := fmt.Sprintf(`\frac{a_{1} \left(\frac{a_{3}}{a_{2}}\right)^{%s}}{a_{3}}`, expo)
		// Validate by substituting numbers: the transformed polynomial's
		// coefficients must be (eps, 1, 1).
		for _, a := range [][3]float64{{1.7, 0.6, 2.9}, {0.35, 4.1, 1.2}} {
			s := math.Pow(a[2]/a[1], 1/float64(n2))
			c1 := a[0] * math.Pow(s, float64(n1)) / a[2]
			c2 := a[1] * math.Pow(s, float64(n2)) / a[2]
			v, err := evalLatex(ctx, ans, map[string]complex128{"a_1": complex(a[0], 0), "a_2": complex(a[1], 0), "a_3": complex(a[2], 0)}, evalOptions{})
			if err != nil || !relClose(real(v), c1, 1e-9) || !relClose(c2, 1, 1e-12) {
				return Row{}, fmt.Errorf("symbolic epsilon does not validate")
			}
		}
		q := fmt.Sprintf(`Nondimensionalize the polynomial\[a_{1} %s + a_{2} %s + a_{3}\]into one of the form $\epsilon %s + %s + 1.$Express $\epsilon$ as a function of $a_1$, $a_2$, and $a_3.$`,
			xp("x", n1), xp("x", n2), xp("y", n1), xp("y", n2))
		sub := fmt.Sprintf(`\left(\frac{a_{3}}{a_{2}}\right)^{%s}`, fracLatex(1, n2))
		if n2 == 1 {
			sub = `\frac{a_{3}}{a_{2}}`
		}
		sol := fmt.Sprintf(`We begin with the substitution $x=y %s.$ `+"\n"+
			`This gives the expression $a_{1} %s \left(\frac{a_{3}}{a_{2}}\right)^{%s} + a_{3} %s + a_{3}.$ `+"\n"+
			`Dividing by the coefficient remaining in front of the constant, $a_{3}$, leaves the nondimensionalized polynomial $\frac{a_{1} %s \left(\frac{a_{3}}{a_{2}}\right)^{%s}}{a_{3}} + %s + 1.$ `+
			`By inspection, $\boxed{\epsilon=%s}.$ `, sub, xp("y", n1), expo, xp("y", n2), xp("y", n1), expo, xp("y", n2), ans)
		return Row{Question: q, Solution: sol, QuestionType: strp(TypeNondimSymbolic), AnswerType: "math_expression", AnswerVal: ans}, nil
	}
	c := map[int]int{}
	for _, p := range []int{n1, n2, 0} {
		v := 1 + rng.IntN(10)
		if rng.IntN(3) == 0 {
			v = -v
		}
		c[p] = v
	}
	a1, a2, a3 := math.Abs(float64(c[n1])), math.Abs(float64(c[n2])), math.Abs(float64(c[0]))
	eps := a1 * math.Pow(a3/a2, float64(n1)/float64(n2)) / a3
	rounded := math.Round(eps*100) / 100
	if rounded == 0 || !relClose(rounded, eps, Tolerance) || eps > 1e6 {
		return Row{}, fmt.Errorf("epsilon %.3g does not survive rounding to two decimals", eps)
	}
	ans := strconv.FormatFloat(rounded, 'f', 2, 64)
	// Independent check: the question's polynomial read back gives the same epsilon.
	q := fmt.Sprintf(`Nondimensionalize the polynomial \[P(x) = %s\] into a polynomial of the form $\epsilon %s \pm %s \pm 1$. Solve for $\epsilon$.`,
		polyLatex(c, "x"), xp("y", n1), xp("y", n2))
	if p, err := ParseEpsPoly(q); err != nil || !relClose(NondimEpsilon(p.Terms), eps, 1e-12) {
		return Row{}, fmt.Errorf("question does not read back: %v", err)
	}
	sol := fmt.Sprintf(`For now, we ignore the numeric values of the coefficients and instead call them $a_1, a_2, a_3$. Our polynomial is then: $a_{1} %s + a_{2} %s + a_{3}.$ `+
		`Using the substitution $x=y \left(\frac{a_{3}}{a_{2}}\right)^{%s}$ and dividing all terms by the coefficient remaining in front of the constant term gives $\frac{a_{1} %s \left(\frac{a_{3}}{a_{2}}\right)^{%s}}{a_{3}} + %s + 1.$ `+
		`Substituting the absolute values of the coefficients, $a_1 = %g$, $a_2 = %g$, $a_3 = %g$ (their signs are absorbed in the $\pm$), we get $\epsilon = %s \implies \boxed{\epsilon \approx %s}.$ `,
		xp("x", n1), xp("x", n2), fracLatex(1, n2), xp("y", n1), expo, xp("y", n2), a1, a2, a3, sig(eps, 6), ans)
	return Row{Question: q, Solution: sol, QuestionType: strp(TypeNondimNumeric), AnswerType: "float", AnswerVal: ans, Precision: ptrI(2)}, nil
}
