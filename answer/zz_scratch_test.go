package answer

import "testing"

func TestZZScratch(t *testing.T) {
	r := "We simplify step by step.\n\nTherefore, the answer is $\\boxed{$$ \\boxed{\\epsilon=\\dfrac{a_{1}}{a_{3}}} $$}$."
	ex := Extract(r, MATH.Extraction)
	for _, c := range ex.Candidates {
		t.Logf("%+v", c)
	}
	t.Logf("earlier %+v", ex.Earlier)
	g := "$$ \\boxed{\\epsilon=\\frac{a_{1}}{a_{3}}} $$"
	t.Logf("gold %q", GoldAnswer(HARDMathGeneric, g))
}
