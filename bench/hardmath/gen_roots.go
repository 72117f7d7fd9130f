package hardmath

import (
	"context"
	"fmt"
	"math"
	"math/cmplx"
	"math/rand/v2"
	"strings"

	"github.com/matheval/matheval/numeric"
)

// TypeRootCorrections is the question type of the root-correction problems.
const TypeRootCorrections = "polynomial_roots_corrections"

// approxRoot is one root of a dominant balance: its LaTeX in epsilon and its value.
type approxRoot struct {
	latex string
	val   func(eps float64) complex128
}

// powerRoots returns the k roots of x^k = sigma R, R = 1/epsilon when
// withEps, else 1: x_j = R^{1/k} e^{i pi m_j / k}, m_j = 2j (+1 when sigma < 0),
// angles taken in (-pi, pi].
func powerRoots(k, sigma int, withEps bool) []approxRoot {
	var out []approxRoot
	for j := 0; j < k; j++ {
		m := 2 * j
		if sigma < 0 {
			m++
		}
		m %= 2 * k
		if m > k {
			m -= 2 * k
		}
		mm, kk := m, k
		ang := math.Pi * float64(m) / float64(k)
		mag := ""
		if withEps {
			switch k {
			case 1:
				mag = `\frac{1}{\epsilon}`
			case 2:
				mag = `\sqrt{\frac{1}{\epsilon}}`
			default:
				mag = fmt.Sprintf(`\sqrt[%d]{\frac{1}{\epsilon}}`, k)
			}
		}
		g := gcd(mm, kk)
		if g == 0 {
			g = 1
		}
		p, q := mm/g, kk/g
		var om string
		switch {
		case p == 0:
			om = "1"
		case p == 1 && q == 1:
			om = "-1"
		case p == 1 && q == 2:
			om = "i"
		case p == -1 && q == 2:
			om = "-i"
		default:
			num := "i \\pi"
			if a := abs(p); a != 1 {
				num = fmt.Sprintf("%d i \\pi", a)
			}
			sign := ""
			if p < 0 {
				sign = "- "
			}
			om = fmt.Sprintf(`e^{%s\frac{%s}{%d}}`, sign, num, q)
		}
		var l string
		switch {
		case mag == "" && om == "-i":
			l = "- i"
		case mag == "":
			l = om
		case om == "1":
			l = mag
		case om == "-1":
			l = "- " + mag
		case om == "i":
			l = "i " + mag
		case om == "-i":
			l = "- i " + mag
		default:
			l = mag + " " + om
		}
		we := withEps
		kf := float64(k)
		out = append(out, approxRoot{latex: l, val: func(eps float64) complex128 {
			r := 1.0
			if we {
				r = math.Pow(1/eps, 1/kf)
			}
			return complex(r, 0) * cmplx.Exp(complex(0, ang))
		}})
	}
	return out
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// rootsProblem is eps x^n1 + s2 x^n2 + s3 with its dominant balances.
type rootsProblem struct {
	n1, n2, s2, s3 int
	small, large   []approxRoot
	text           strings.Builder // the solution's balance-by-balance part
}

func (rp *rootsProblem) coeffs(eps float64) []float64 {
	c := make([]float64, rp.n1+1)
	c[rp.n1] = eps
	c[rp.n2] += float64(rp.s2)
	c[0] += float64(rp.s3)
	return c
}

func (rp *rootsProblem) polyLatex() string {
	t := func(s int, body string) string {
		if s < 0 {
			return " - " + body
		}
		return " + " + body
	}
	xn2 := "x"
	if rp.n2 > 1 {
		xn2 = fmt.Sprintf("x^{%d}", rp.n2)
	}
	return fmt.Sprintf(`\epsilon x^{%d}`, rp.n1) + t(rp.s2, xn2) + t(rp.s3, "1")
}

// newRootsProblem draws a polynomial and works out its three balances,
// keeping each balance's roots in the regimes where the balance is
// self-consistent: the neglected term's share must shrink as epsilon goes to
// the limit (checked by substituting the roots at two values of epsilon).
func newRootsProblem(rng *rand.Rand) (*rootsProblem, error) {
	rp := &rootsProblem{n1: 3 + rng.IntN(8), s2: 1 - 2*rng.IntN(2), s3: 1 - 2*rng.IntN(2)}
	rp.n2 = 1 + rng.IntN(rp.n1-1)
	terms := func(x complex128, eps float64) [3]float64 {
		return [3]float64{eps * cmplx.Abs(cmplx.Pow(x, complex(float64(rp.n1), 0))), cmplx.Abs(cmplx.Pow(x, complex(float64(rp.n2), 0))), 1}
	}
	type balance struct {
		name       string
		keep       [2]int
		drop       int
		eq         string
		roots      []approxRoot
		validSmall bool
		validLarge bool
	}
	xn2 := fmt.Sprintf("x^{%d}", rp.n2)
	if rp.n2 == 1 {
		xn2 = "x"
	}
	sgn := func(s int) string {
		if s < 0 {
			return "-"
		}
		return "+"
	}
	bals := []balance{
		{name: "A+B", keep: [2]int{0, 1}, drop: 2, eq: fmt.Sprintf(`\epsilon x^{%d} %s %s=0`, rp.n1, sgn(rp.s2), xn2),
			roots: powerRoots(rp.n1-rp.n2, -rp.s2, true)},
		{name: "B+C", keep: [2]int{1, 2}, drop: 0, eq: strings.TrimPrefix(fmt.Sprintf(`%s %s %s 1=0`, sgn(rp.s2), xn2, sgn(rp.s3)), "+ "),
			roots: powerRoots(rp.n2, -rp.s3*rp.s2, false)},
		{name: "A+C", keep: [2]int{0, 2}, drop: 1, eq: fmt.Sprintf(`\epsilon x^{%d} %s 1=0`, rp.n1, sgn(rp.s3)),
			roots: powerRoots(rp.n1, -rp.s3, true)},
	}
	ratio := func(b balance, eps float64) float64 {
		worst := 0.0
		for _, r := range b.roots {
			t := terms(r.val(eps), eps)
			worst = math.Max(worst, t[b.drop]/math.Min(t[b.keep[0]], t[b.keep[1]]))
		}
		return worst
	}
	letters := []string{"A", "B", "C"}
	for i := range bals {
		b := &bals[i]
		b.validSmall = ratio(*b, 1e-8) < 0.999*ratio(*b, 1e-4)
		b.validLarge = ratio(*b, 1e8) < 0.999*ratio(*b, 1e4)
		var ls []string
		for _, r := range b.roots {
			ls = append(ls, r.latex)
		}
		fmt.Fprintf(&rp.text, "\nWe examine the balance $%s=0$, assuming that $|%s|$ is negligible when compared to $|%s|$ and $|%s|$. Solving $%s$ for $x$ gives %d non-zero roots: $\\boxed{x=\\left[ %s\\right]}.$ "+
			"Substituting these roots back into $A$, $B$ and $C$, we find that the balance is self-consistent for small $\\epsilon$: %v, and for large $\\epsilon$: %v.\n",
			b.name, letters[b.drop], letters[b.keep[0]], letters[b.keep[1]], b.eq, len(b.roots), strings.Join(ls, `, \  `), b.validSmall, b.validLarge)
		if b.validSmall {
			rp.small = append(rp.small, b.roots...)
		}
		if b.validLarge {
			rp.large = append(rp.large, b.roots...)
		}
	}
	if len(rp.small) != rp.n1 || len(rp.large) != rp.n1 {
		return nil, fmt.Errorf("balances give %d small and %d large roots for degree %d", len(rp.small), len(rp.large), rp.n1)
	}
	return rp, nil
}

func rootPoints(o GenOptions) (float64, float64) {
	if o.Compat {
		return 0.1, 10
	}
	return 0.01, 100
}

// matchRoots pairs each approximation with a distinct numerical root,
// nearest first, and returns the numerical partner of each.
func matchRoots(approx, exact []complex128) ([]complex128, bool) {
	if len(approx) != len(exact) {
		return nil, false
	}
	out := make([]complex128, len(approx))
	used := make([]bool, len(exact))
	done := make([]bool, len(approx))
	for range approx {
		bi, bj, bd := -1, -1, math.Inf(1)
		for i, a := range approx {
			if done[i] {
				continue
			}
			for j, e := range exact {
				if !used[j] && cmplx.Abs(a-e) < bd {
					bi, bj, bd = i, j, cmplx.Abs(a-e)
				}
			}
		}
		if bi < 0 {
			return nil, false
		}
		done[bi], used[bj] = true, true
		out[bi] = exact[bj]
	}
	return out, true
}

func genRoots(ctx context.Context, rng *rand.Rand, o GenOptions) (Row, error) {
	rp, err := newRootsProblem(rng)
	if err != nil {
		return Row{}, err
	}
	es, el := rootPoints(o)
	row := Row{QuestionType: strp(TypeRoots), AnswerType: "list",
		Question: fmt.Sprintf("Consider the polynomial\\[P(x) =%s.\\] \nFind approximate expressions for all roots of the polynomials in the limit of small positive $\\epsilon$ and large positive $\\epsilon$. Only a single term approximation to the root is required. ", rp.polyLatex())}
	lists := map[string]string{}
	for _, reg := range []struct {
		name  string
		eps   float64
		roots []approxRoot
	}{{"small", es, rp.small}, {"large", el, rp.large}} {
		exact, err := numeric.PolyRoots(ctx, rp.coeffs(reg.eps))
		if err != nil {
			return Row{}, err
		}
		var approx []complex128
		var ls []string
		for _, r := range reg.roots {
			approx = append(approx, r.val(reg.eps))
			ls = append(ls, r.latex)
		}
		partner, ok := matchRoots(approx, exact)
		if !ok {
			return Row{}, fmt.Errorf("root count mismatch")
		}
		for i := range approx {
			if cmplx.Abs(approx[i]-partner[i]) > Tolerance*cmplx.Abs(partner[i]) {
				return Row{}, fmt.Errorf("%s-epsilon root %s is %.3g off at epsilon=%g", reg.name, ls[i], cmplx.Abs(approx[i]-partner[i])/cmplx.Abs(partner[i]), reg.eps)
			}
		}
		lists[reg.name] = `\left[ ` + strings.Join(ls, `, \  `) + `\right]`
		an, nu := pyComplexList(approx), pyComplexList(exact)
		if reg.name == "small" {
			row.SmallEvalPoint, row.SmallAnalytical, row.SmallNumerical = ptrF(reg.eps), &an, &nu
		} else {
			row.LargeEvalPoint, row.LargeAnalytical, row.LargeNumerical = ptrF(reg.eps), &an, &nu
		}
	}
	row.AnswerVal = lists["small"]
	row.Solution = fmt.Sprintf("Consider the problem to be of form $A+B+C=0$, with $A$, $B$, and $C$ the three terms of $P(x)$. We consider the three possible dominant balances, solving for the roots in each case and checking whether each balance holds for small or for large $\\epsilon$.\\vspace{1em}\n%s\n"+
		"In each regime we find %d roots, the degree of $P(x)$. So, the roots of $P(x)$ for large positive  $\\epsilon$ are $ \\boxed{ %s} $ and the roots of $P(x)$ for small positive  $\\epsilon$ are $ \\boxed{ %s} $ ",
		rp.text.String(), rp.n1, lists["large"], lists["small"])
	return row, nil
}

// correction returns the order-1 (Newton) or order-2 correction delta to an
// approximate root x0: the smallest solution of the Taylor expansion of P
// around x0 truncated after delta^order.
func correction(c []float64, x0 complex128, order int) complex128 {
	var p, d1, d2 complex128
	for k := len(c) - 1; k >= 0; k-- {
		d2 = d2*x0 + 2*d1
		d1 = d1*x0 + p
		p = p*x0 + complex(c[k], 0)
	}
	// The Horner recurrences leave P, P' and P'' in p, d1, d2.
	half := d2 / 2
	d1n := -p / d1
	if order == 1 || half == 0 {
		return d1n
	}
	disc := cmplx.Sqrt(d1*d1 - 4*half*p)
	r1 := (-d1 + disc) / (2 * half)
	r2 := (-d1 - disc) / (2 * half)
	if cmplx.Abs(r1-d1n) < cmplx.Abs(r2-d1n) {
		return r1
	}
	return r2
}

func genRootCorrections(ctx context.Context, rng *rand.Rand, o GenOptions) (Row, error) {
	rp, err := newRootsProblem(rng)
	if err != nil {
		return Row{}, err
	}
	order := 1 + rng.IntN(2)
	es, el := rootPoints(o)
	row := Row{QuestionType: strp(TypeRootCorrections), AnswerType: "list",
		Question: fmt.Sprintf("Consider the polynomial\\[P(x) =%s.\\] \nFind approximate expressions for all roots of the polynomial in the limit of small positive $\\epsilon$ and large positive $\\epsilon$. "+
			"Use a series expansion to calculate improved formulae for these roots to order %d i.e. calculate $\\mathcal{O}(%d)$ corrections for each root. "+
			"Give the corrections $\\delta$ as numbers, evaluated at $\\epsilon = %g$ for the small-$\\epsilon$ roots and at $\\epsilon = %g$ for the large-$\\epsilon$ roots.",
			rp.polyLatex(), order, order, es, el)}
	lists := map[string]string{}
	var steps strings.Builder
	for _, reg := range []struct {
		name  string
		eps   float64
		roots []approxRoot
	}{{"small", es, rp.small}, {"large", el, rp.large}} {
		c := rp.coeffs(reg.eps)
		exact, err := numeric.PolyRoots(ctx, c)
		if err != nil {
			return Row{}, err
		}
		var x0s, corrected []complex128
		var ds []string
		for _, r := range reg.roots {
			x0s = append(x0s, r.val(reg.eps))
		}
		partner, ok := matchRoots(x0s, exact)
		if !ok {
			return Row{}, fmt.Errorf("root count mismatch")
		}
		for i, x0 := range x0s {
			d := correction(c, x0, order)
			truth := partner[i] - x0
			if cmplx.Abs(truth) <= 1e-9*cmplx.Abs(x0) {
				// The correction is below what double precision resolves
				// (x0 = 1/eps is nearly exact for eps x^{n+1} - x^n + 1).
				return Row{}, fmt.Errorf("correction at root %s below double precision", reg.roots[i].latex)
			}
			if cmplx.Abs(d-truth) > Tolerance*cmplx.Abs(truth) {
				return Row{}, fmt.Errorf("order-%d correction %.3g vs %.3g at root %s", order, d, truth, reg.roots[i].latex)
			}
			corrected = append(corrected, x0+d)
			ds = append(ds, latexComplex(d, 6))
			fmt.Fprintf(&steps, "For the %s-$\\epsilon$ root $x_0 = %s$, at $\\epsilon = %g$: $\\delta \\approx %s$.\n", reg.name, reg.roots[i].latex, reg.eps, latexComplex(d, 6))
		}
		lists[reg.name] = `\left[ ` + strings.Join(ds, `, \  `) + `\right]`
		an, nu := pyComplexList(corrected), pyComplexList(exact)
		if reg.name == "small" {
			row.SmallEvalPoint, row.SmallAnalytical, row.SmallNumerical = ptrF(reg.eps), &an, &nu
		} else {
			row.LargeEvalPoint, row.LargeAnalytical, row.LargeNumerical = ptrF(reg.eps), &an, &nu
		}
	}
	method := "keeping terms of order one in $\\delta$, $P(x_0) + P'(x_0)\\delta = 0$, so $\\delta = -P(x_0)/P'(x_0)$"
	if order == 2 {
		method = "keeping terms up to order two in $\\delta$, $P(x_0) + P'(x_0)\\delta + \\frac{1}{2}P''(x_0)\\delta^{2} = 0$, and taking the solution closest to the first-order one"
	}
	row.AnswerVal = lists["small"]
	row.Solution = fmt.Sprintf("We first find the roots by dominant balance.\\vspace{1em}\n%s\nWe then write each root as $x = x_0 + \\delta$ and expand $P(x_0+\\delta)$, %s.\n%s\n"+
		"So, the corrections for the roots of $P(x)$ for large positive  $\\epsilon$ are $ \\boxed{ %s} $ and for the roots of $P(x)$ for small positive  $\\epsilon$ are $ \\boxed{ %s} $ ",
		rp.text.String(), method, steps.String(), lists["large"], lists["small"])
	row.Solution = strings.Replace(row.Solution, "for the roots of $P(x)$ for small positive", "the roots of $P(x)$ for small positive", 1)
	return row, nil
}
