package equiv

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
)

// FuzzCompare: Compare never panics, always gives a reason, respects its
// deadline, every Equal names its proof, an answer always equals itself,
// and two exact numbers are Equal only when their values are.
func FuzzCompare(f *testing.F) {
	for _, p := range [][2]string{{"\\frac{1}{2}", "0.5"}, {"x^2-1", "(x-1)(x+1)"}, {"[0,1)", "(0,1]"}, {"\\pm 2", "\\{2,-2\\}"},
		{"\\frac{1}{2004!}", "\\frac{1}{2006!}"}, {"y=2x", "2x-y=0"}, {"2^{10^9}", "2^{10^9}+1"},
		{"(-\\infty,-2)\\cup(2,\\infty)", "\\{x \\mid x^2>4\\}"}, {"g(2)", "2g"}, {"1000.99", "1000,99"},
		{"\\cos 40^\\circ", "\\sin 50^\\circ"}, {"e+\\frac{1}{3000!}", "e+\\frac{1}{3001!}"}, {"2,5,5", "5,2"},
		{"x = \\frac{3}{2}", "y = \\frac{3}{2}"}, {"0.101_{2}", "\\frac58"}, {"\\text{not }28", "28"},
		{"\\max(x,3)", "\\frac{x+3+|x-3|}{2}"}, {"x \\ne 3", "\\mathbb{R}\\setminus\\{3\\}"}, {"|x| \\le 2", "[-2,2]"},
		{"(a+b+c+d+f)^{20}", "(a+b+c+d+f)^{19}(a+b+c+d+f)"}, {"\\frac{2}{3}", "0.6667"},
		// bound variables: sums, products, a function's parameters
		{"\\sum_{k=1}^n k^2", "\\frac{n(n+1)(2n+1)}{6}"}, {"\\sum_{i=1}^{n}\\sum_{j=1}^{i} j", "\\prod_{k=2}^{n+1} k"},
		{"f(t)=x^2", "f(x)=x^2"}, {"g(x,y)=x-y", "g(y,x)=y-x"}, {"0.\\dot{3}", "0.\\dot{6}"},
		// integrals and series in closed form (expr/antideriv.go, series.go)
		{"2", "\\int_0^\\pi x\\sin x\\,dx"}, {"\\pi", "\\int_{-\\infty}^\\infty\\frac{dx}{1+x^2}"},
		{"\\frac{\\pi^2}{6}", "\\sum_{n=1}^\\infty \\frac{1}{n^2}"}, {"1", "\\sum_{n=1}^{\\infty}\\frac{1}{n(n+1)}"},
		{"\\sqrt\\pi", "\\Gamma(1/2)"}, {"0", "\\int_{-1}^{1}\\frac{dx}{x}"},
		// matrix powers and inverses, determinants, antiderivatives, choices
		{"\\begin{pmatrix}-2&1\\\\1.5&-0.5\\end{pmatrix}", "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}^{-1}"},
		{"\\begin{pmatrix}1&-a\\\\0&1\\end{pmatrix}", "\\begin{pmatrix}1&a\\\\0&1\\end{pmatrix}^{-3}"},
		{"-2", "\\det\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}"}, {"x^2+C", "(x+1)^2+K"}} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		st := time.Now()
		r := Compare(context.Background(), a, b, Options{Timeout: 20 * time.Millisecond})
		if el := time.Since(st); el > 2*time.Second {
			t.Fatalf("Compare(context.Background(), %.200q, %.200q) took %v", a, b, el)
		}
		if r.Reason == "" {
			t.Fatalf("Compare(context.Background(), %.200q, %.200q): no reason", a, b)
		}
		if strings.HasPrefix(r.Reason, "internal error") {
			t.Fatalf("Compare(context.Background(), %.200q, %.200q): %s", a, b, r.Reason)
		}
		if r.Outcome < Equal || r.Outcome > Unparsable {
			t.Fatalf("bad outcome %d", r.Outcome)
		}
		if r.Outcome == Equal && !strings.HasPrefix(r.Reason, "equal: ") {
			t.Fatalf("Compare(%.200q, %.200q): Equal without its proof: %s", a, b, r.Reason)
		}
		if r.Outcome == Equal {
			// two exact numbers: Equal must mean the same value (the decimal
			// and sign policies aside)
			ga, err1 := latex.Parse(a)
			gb, err2 := latex.Parse(b)
			if err1 == nil && err2 == nil && !strings.Contains(r.Reason, "decimal policy") && !strings.Contains(r.Reason, "sign policy") {
				va, e1 := expr.Rational(context.Background(), ga, expr.Limits{})
				vb, e2 := expr.Rational(context.Background(), gb, expr.Limits{})
				if e1 == nil && e2 == nil && va.Cmp(vb) != 0 {
					t.Fatalf("Compare(%.200q, %.200q) = Equal (%s) but the values are %s and %s", a, b, r.Reason, va.RatString(), vb.RatString())
				}
			}
		}
		if r := Compare(context.Background(), a, b, Options{Timeout: 20 * time.Millisecond, DecimalComma: true}); strings.HasPrefix(r.Reason, "internal error") {
			t.Fatalf("Compare(context.Background(), %.200q, %.200q, DecimalComma): %s", a, b, r.Reason)
		}
		if self := Compare(context.Background(), a, a, Options{Timeout: 20 * time.Millisecond}); self.Outcome == NotEqual {
			t.Fatalf("Compare(context.Background(), %.200q, itself) = %v", a, self)
		}
	})
}
