package equiv

import (
	"context"
	"testing"
)

// Options.Positive: identities that hold for positive symbols are Equal,
// and only positive points are ever drawn.
func TestPositiveSymbols(t *testing.T) {
	pos := Options{Timeout: testTimeout, Positive: true}
	any := Options{Timeout: testTimeout, AnySign: true}
	cases := []struct{ gold, cand string }{
		{"x", "\\sqrt{x^2}"},
		{"a", "|a|"},
		{"\\frac{|x|}{x}", "1"},
		{"\\sqrt{xy}", "\\sqrt{x}\\sqrt{y}"},
		{"\\log(ab)", "\\log a + \\log b"},
	}
	for _, c := range cases {
		if r := Compare(context.Background(), c.gold, c.cand, pos); r.Outcome != Equal {
			t.Errorf("Positive: Compare(context.Background(), %q, %q) = %v (%s), want equal", c.gold, c.cand, r.Outcome, r.Reason)
		}
		// the same pair differs at negative values: AnySign must see it,
		// so the Equal above comes from the assumption, not a blind probe
		if r := Compare(context.Background(), c.gold, c.cand, any); r.Outcome != NotEqual {
			t.Errorf("AnySign: Compare(context.Background(), %q, %q) = %v (%s), want not_equal", c.gold, c.cand, r.Outcome, r.Reason)
		}
		// Positive takes precedence over AnySign
		both := pos
		both.AnySign = true
		if r := Compare(context.Background(), c.gold, c.cand, both); r.Outcome != Equal {
			t.Errorf("Positive+AnySign: Compare(context.Background(), %q, %q) = %v (%s), want equal", c.gold, c.cand, r.Outcome, r.Reason)
		}
	}
	// Positive is an assumption, not a blanket pass.
	for _, c := range [][2]string{{"x", "-x"}, {"a", "|a|+1"}, {"\\sqrt{x^2}", "x^2"}} {
		if r := Compare(context.Background(), c[0], c[1], pos); r.Outcome != NotEqual {
			t.Errorf("Positive: Compare(context.Background(), %q, %q) = %v (%s), want not_equal", c[0], c[1], r.Outcome, r.Reason)
		}
	}
}

// Where no positive probe point is in the domain (1/floor(x/4) with small
// positive x), the default finds a difference at a negative x, and
// Positive proves the two equal from |x| = x: no probe is needed for that.
func TestPositiveNeverProbesNegative(t *testing.T) {
	g, x := "\\frac{|x|}{\\lfloor x/4 \\rfloor}", "\\frac{x}{\\lfloor x/4 \\rfloor}"
	if r := Compare(context.Background(), g, x, Options{Timeout: testTimeout}); r.Outcome != NotEqual {
		t.Errorf("default: %v (%s), want not_equal from a negative point", r.Outcome, r.Reason)
	}
	if r := Compare(context.Background(), g, x, Options{Timeout: testTimeout, Positive: true}); r.Outcome != Equal {
		t.Errorf("Positive: %v (%s), want equal", r.Outcome, r.Reason)
	}
	// relations use the same points
	if r := Compare(context.Background(), "y = \\sqrt{x^2}", "y = x", Options{Timeout: testTimeout, Positive: true}); r.Outcome != Equal {
		t.Errorf("Positive equation: %v (%s), want equal", r.Outcome, r.Reason)
	}
	if r := Compare(context.Background(), "y = \\sqrt{x^2}", "y = x", Options{Timeout: testTimeout, AnySign: true}); r.Outcome != NotEqual {
		t.Errorf("AnySign equation: %v (%s), want not_equal", r.Outcome, r.Reason)
	}
}

// HARDMath's nondimensionalization answers: epsilon = a_1 (a_3/a_2)^{n1/n2}
// / a_3 for a_1 x^{n1} + a_2 x^{n2} + a_3, written in the many equivalent
// ways a model writes it; all are equal for positive coefficients, and a
// wrong exponent is not.
func TestPositiveNondimChain(t *testing.T) {
	pos := Options{Timeout: testTimeout, Positive: true}
	chains := []struct {
		gold  string
		equal []string
		wrong []string
	}{
		{
			gold: "\\frac{a_{1} \\left(\\frac{a_{3}}{a_{2}}\\right)^{\\frac{7}{2}}}{a_{3}}",
			equal: []string{
				"\\epsilon = \\frac{a_1 a_3^{5/2}}{a_2^{7/2}}",
				"a_1 a_3^{\\frac{5}{2}} a_2^{-\\frac{7}{2}}",
				"\\frac{a_1 a_3^2 \\sqrt{a_3}}{a_2^3 \\sqrt{a_2}}",
				"\\frac{a_1}{a_3}\\sqrt{\\left(\\frac{a_3}{a_2}\\right)^{7}}",
				"\\frac{a_1}{a_3} \\cdot \\frac{a_3^{7/2}}{a_2^{7/2}}",
			},
			wrong: []string{
				"\\frac{a_1 a_3^{7/2}}{a_2^{7/2}}",
				"\\frac{a_1 a_3^{5/2}}{a_2^{5/2}}",
				"\\frac{a_3 a_1^{5/2}}{a_2^{7/2}}",
			},
		},
		{
			gold: "\\frac{a_{1} \\left(\\frac{a_{3}}{a_{2}}\\right)^{\\frac{9}{8}}}{a_{3}}",
			equal: []string{
				"\\frac{a_1 a_3^{1/8}}{a_2^{9/8}}",
				"a_1 \\sqrt[8]{\\frac{a_3}{a_2^{9}}}",
				"\\frac{a_1}{a_2}\\left(\\frac{a_3}{a_2}\\right)^{1/8}",
			},
			wrong: []string{
				"\\frac{a_1 a_3^{1/8}}{a_2^{8/9}}",
				"a_1 \\left(\\frac{a_3}{a_2}\\right)^{9/8}",
			},
		},
	}
	for _, ch := range chains {
		for _, c := range ch.equal {
			if r := Compare(context.Background(), ch.gold, c, pos); r.Outcome != Equal {
				t.Errorf("Compare(context.Background(), %q, %q) = %v (%s), want equal", ch.gold, c, r.Outcome, r.Reason)
			}
		}
		for _, c := range ch.wrong {
			if r := Compare(context.Background(), ch.gold, c, pos); r.Outcome != NotEqual {
				t.Errorf("Compare(context.Background(), %q, %q) = %v (%s), want not_equal", ch.gold, c, r.Outcome, r.Reason)
			}
		}
	}
}
