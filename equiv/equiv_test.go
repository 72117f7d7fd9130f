package equiv

import (
	"context"
	"testing"
	"time"
)

func TestCompareCases(t *testing.T) {
	cases := []struct {
		gold, cand string
		want       Outcome
	}{
		{"\\frac{1}{2004!}", "\\frac{1}{2006!}", NotEqual},
		{"\\frac{1}{2004!}", "\\frac{2005\\cdot 2006}{2006!}", Equal},
		{"1-\\frac{1}{\\mathrm{e}}", "1+\\frac{1}{\\mathrm{e}}", NotEqual},
		{"1-\\frac{1}{e}", "\\frac{e-1}{e}", Equal},
		{"x+2h", "x+2", NotEqual},
		{"123456789123456789", "123456789123456788", NotEqual},
		{"123456789123456789", "123,456,789,123,456,789", Equal},
		{"\\frac{\\sqrt{3}}{2}", "\\sin(\\pi/3)", Equal},
		{"\\sin(\\pi)", "0", Equal},
		{"e^{i\\pi}", "-1", Equal},
		{"\\sqrt{8}", "2\\sqrt{2}", Equal},
		{"\\frac{1}{\\sqrt{2}}", "\\frac{\\sqrt{2}}{2}", Equal},
		{"\\log_2 8", "3", Equal},
		{"\\ln(e^2)", "2", Equal},
		{"\\binom{10}{3}", "120", Equal},
		{"0.\\overline{3}", "\\frac13", Equal},
		{"6.02\\times10^{23}", "6.02e23", Equal},
		{"2\\frac{1}{2}", "\\frac52", Equal},
		{"\\pm 3", "\\{3,-3\\}", Equal},
		{"1 \\pm \\sqrt{2}", "1+\\sqrt2, 1-\\sqrt2", Equal},
		{"1 \\pm \\sqrt{2}", "1+\\sqrt2", NotEqual},
		{"\\{1,2,3\\}", "\\{3,2,1\\}", Equal},
		{"\\{1,2,3\\}", "\\{1,2\\}", NotEqual},
		{"(1,2)", "(2,1)", NotEqual},
		{"[1,2)", "[1,2]", NotEqual},
		{"(-\\infty,1]\\cup[2,\\infty)", "(-\\infty,1]\\cup[2,\\infty)", Equal},
		{"[0,2]", "[0,1]\\cup[1,2]", Equal},
		{"x^2-1", "(x-1)(x+1)", Equal},
		{"x^2-1", "(x-1)^2", NotEqual},
		{"\\frac{x^2-1}{x-1}", "x+1", Equal},
		{"y=2x+1", "2x-y+1=0", Equal},
		{"y=2x+1", "y=2x-1", NotEqual},
		{"x > 3", "3 < x", Equal},
		{"x > 3", "x \\ge 3", NotEqual},
		{"\\begin{pmatrix}1\\\\2\\end{pmatrix}", "\\begin{pmatrix}1\\\\2\\end{pmatrix}", Equal},
		{"\\begin{pmatrix}1&2\\end{pmatrix}", "\\begin{pmatrix}1\\\\2\\end{pmatrix}", Equal},
		{"\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", "\\begin{pmatrix}1&2\\\\3&5\\end{pmatrix}", NotEqual},
		{"\\text{(C)}", "C", Equal},
		{"\\text{(C)}", "D", NotEqual},
		{"28\\%", "0.28", Equal},
		{"30^\\circ", "\\frac{\\pi}{6}", Equal},
		{"\\frac13", "0.33", NotEqual}, // 2 significant digits: a coarse guess
		{"\\frac13", "0.3333", Equal},
		{"\\frac13", "0.3", NotEqual},
		{"\\frac13", "0.34", NotEqual},
		{"\\sqrt{2}", "1.414", Equal},
		{"\\sqrt{2}", "1.41", NotEqual},
		{"\\sqrt{2}", "1.415", NotEqual},
		{"1011_2", "11", Equal},
		{"2^{10}", "1024", Equal},
		{"\\frac{a}{b}", "a/b", Equal},
		{"\\sqrt{x^2}", "x", NotEqual}, // variables have either sign
		{"\\sqrt{x^2}", "|x|", Equal},  // for real x
		{"f(x)", "f(y)", NotEqual},
		{"x = 1 \\text{ or } x = 2", "x \\in \\{1,2\\}", Equal},
		{"x=1, y=2", "(1,2)", Equal},
		{"", "1", Unparsable},
		{"1", "\\frac{1}{", Unparsable},
	}
	for _, c := range cases {
		r := Compare(context.Background(), c.gold, c.cand, Options{Timeout: testTimeout})
		if r.Outcome != c.want {
			t.Errorf("Compare(context.Background(), %q, %q) = %s (%s), want %s", c.gold, c.cand, r.Outcome, r.Reason, c.want)
		}
		if r.Reason == "" {
			t.Errorf("Compare(context.Background(), %q, %q): empty reason", c.gold, c.cand)
		}
	}
}

func TestGuards(t *testing.T) {
	// hostile sizes never hang and never give Equal
	hostile := [][2]string{
		{"2^{10^9}", "2^{10^9}+1"},
		{"2^{2^{2^{2^{2}}}}", "3"},
		{"(10^6)!", "1"},
		{"10^{10^{10}}", "10^{10^{10}}+1"},
		{"\\sqrt{2}^{10^{12}}", "2^{5\\cdot 10^{11}}"},
		{"(10^{100000})!", "5"},
	}
	for _, h := range hostile {
		start := time.Now()
		r := Compare(context.Background(), h[0], h[1], Options{Timeout: 50 * time.Millisecond})
		el := time.Since(start)
		if r.Outcome == Equal {
			t.Errorf("Compare(context.Background(), %q, %q) = Equal (%s)", h[0], h[1], r.Reason)
		}
		if el > 2*time.Second {
			t.Errorf("Compare(context.Background(), %q, %q) took %v", h[0], h[1], el)
		}
	}
	r := Compare(context.Background(), "2^{10^9}", "2^{10^9}+1", Options{})
	if r.Outcome != Undecided {
		t.Errorf("2^{10^9}: got %s (%s), want undecided", r.Outcome, r.Reason)
	}
}

func TestPolicies(t *testing.T) {
	abs := Options{Decimal: DecimalAbs, AbsTol: 1e-3}
	if r := Compare(context.Background(), "2.7778", "2.78", abs); r.Outcome != NotEqual {
		t.Errorf("abs tol: %v", r)
	}
	if r := Compare(context.Background(), "2.7778", "2.7781", abs); r.Outcome != Equal {
		t.Errorf("abs tol: %v", r)
	}
	if r := Compare(context.Background(), "\\frac12", "0.5", Options{Decimal: DecimalExact}); r.Outcome != Equal {
		t.Errorf("exact: %v", r)
	}
	if r := Compare(context.Background(), "\\frac13", "0.333", Options{Decimal: DecimalExact}); r.Outcome != NotEqual {
		t.Errorf("exact: %v", r)
	}
	if r := Compare(context.Background(), "100", "101", Options{Decimal: DecimalRel, RelTol: 0.02}); r.Outcome != NotEqual {
		t.Errorf("rel tol applies to decimals only: %v", r)
	}
	if r := Compare(context.Background(), "100", "101.0", Options{Decimal: DecimalRel, RelTol: 0.02}); r.Outcome != Equal {
		t.Errorf("rel tol: %v", r)
	}
}

func TestAlgebraicExact(t *testing.T) {
	cases := []struct {
		gold, cand string
		want       Outcome
	}{
		{"\\sqrt{10^{100}+1}", "10^{50}", NotEqual},
		{"\\frac{1}{1+\\sqrt{2}}", "\\sqrt{2}-1", Equal},
		{"\\frac{1}{\\sqrt{2}+\\sqrt{3}}", "\\sqrt{3}-\\sqrt{2}", Equal},
		{"(1+i)^2", "2i", Equal},
		{"\\frac{1}{i}", "-i", Equal},
		{"\\sqrt{-4}", "2i", Equal},
		{"\\sin(15^\\circ)", "\\frac{\\sqrt{6}-\\sqrt{2}}{4}", Equal},
		{"\\tan(\\pi/3)", "\\sqrt{3}", Equal},
		{"\\sqrt{12}", "2\\sqrt{3}", Equal},
		{"\\sqrt{12}", "3\\sqrt{2}", NotEqual},
	}
	for _, c := range cases {
		r := Compare(context.Background(), c.gold, c.cand, Options{Timeout: testTimeout})
		if r.Outcome != c.want {
			t.Errorf("Compare(context.Background(), %q, %q) = %s (%s), want %s", c.gold, c.cand, r.Outcome, r.Reason, c.want)
		}
	}
}

func TestTextShortcutKeepsStructure(t *testing.T) {
	for _, p := range [][2]string{{"\\frac{1}{23}", "\\frac{12}{3}"}, {"2^{10}", "2^1 0"}, {"\\sqrt{2}3", "\\sqrt{23}"}, {"12 3", "123"}, {"2^10", "2^1 0"}} {
		if r := Compare(context.Background(), p[0], p[1], Options{Timeout: testTimeout}); r.Outcome == Equal {
			t.Errorf("Compare(context.Background(), %q, %q) = Equal (%s)", p[0], p[1], r.Reason)
		}
	}
}

func TestDecimalRules(t *testing.T) {
	cases := []struct {
		gold, cand string
		want       Outcome
	}{
		{"0.15", "0.16", NotEqual},
		{"4.5", "4.6", NotEqual},
		{"\\frac{1}{3}", "0.3333", Equal},
		{"\\frac{2}{3}", "0.6666", NotEqual}, // truncated, not rounded
		{"\\frac{2}{3}", "0.6667", Equal},    // rounded
		{"0.6667", "\\frac{2}{3}", Equal},    // a gold of 4 significant digits may be rounded
		{"0.6666", "\\frac{2}{3}", NotEqual}, // a gold is rounded, not truncated
		{"0.15", "0.1549", NotEqual},         // a short decimal gold is exact
		{"0.15", "0.1599", NotEqual},
		{"2.7778", "2.77777778", NotEqual}, // two different terminating decimals are different numbers
		{"2.7778", "\\frac{25}{9}", Equal}, // a rounded gold for an exact value that does not terminate
		{"2.7778", "2.7777", NotEqual},
		{"2.7778", "2.77775", NotEqual},
		{"58,500", "\\boxed{58,500}", Equal},
	}
	for _, c := range cases {
		r := Compare(context.Background(), c.gold, c.cand, Options{Timeout: testTimeout})
		if r.Outcome != c.want {
			t.Errorf("Compare(context.Background(), %q, %q) = %s (%s), want %s", c.gold, c.cand, r.Outcome, r.Reason, c.want)
		}
	}
}

func TestInequalitySets(t *testing.T) {
	cases := []struct {
		gold, cand string
		want       Outcome
	}{
		{"0<f(x)<1", "(0,1)", Equal},
		{"0<2x<1", "(0,1)", NotEqual},
		{"0<2x<1", "(0,\\frac12)", Equal},
		{"x \\ge 2", "[2,\\infty)", Equal},
		{"x > 2", "[2,\\infty)", NotEqual},
		{"|x| < 1", "(-1,1)", Equal},
		{"x^2 \\ge 4", "(-\\infty,-2]\\cup[2,\\infty)", Equal},
		// the same set in another variable: the candidate's y is a symbol
		// the gold does not have (issue 28, freshGuard)
		{"x \\in [0,1]", "y \\in [0,1]", NotEqual},
		{"x > 3", "y > 3", NotEqual},
		{"(3, \\infty)", "y > 3", Equal},
		{"x \\in [0,1]", "[0,1]", Equal},
		{"x \\in [0,1]", "2x \\in [0,1]", NotEqual},
	}
	for _, c := range cases {
		r := Compare(context.Background(), c.gold, c.cand, Options{Timeout: testTimeout})
		if r.Outcome != c.want {
			t.Errorf("Compare(context.Background(), %q, %q) = %s (%s), want %s", c.gold, c.cand, r.Outcome, r.Reason, c.want)
		}
	}
}

// testTimeout is generous: a loaded CI machine can stall a goroutine past
// the 100 ms default, and these tests are about verdicts, not the guard.
const testTimeout = 2 * time.Second

// TestAnySign: AnySign is kept for compatibility and changes nothing:
// variables have either sign by default.
func TestAnySign(t *testing.T) {
	for _, o := range []Options{{Timeout: testTimeout}, {Timeout: testTimeout, AnySign: true}} {
		if r := Compare(context.Background(), "x", "\\sqrt{x^2}", o); r.Outcome != NotEqual {
			t.Errorf("AnySign=%v: %v", o.AnySign, r)
		}
	}
}
