package answer

import "testing"

// TestMutationFindings holds the minimal examples of the mutation suite's
// findings (FINDINGS.md of the mutation branch, sections A1-A4, E7 and F1)
// that belong to extraction and the policies, graded the way the suite does
// (Equivalent, so the gold side is extracted too).
func TestMutationFindings(t *testing.T) {
	cases := []struct {
		finding string
		p       Policy
		gold    string
		pred    string
		want    bool
	}{
		// A1 hedged replies
		{"A1", MATH, "4", `The answer is $\boxed{4}$ or $\boxed{5}$.`, false},
		{"A1", MATH, "4", `The answer is $\boxed{5}$ or $\boxed{4}$.`, false},
		{"A1", MATH, "4", `The answer is either $4$ or $5$.`, false},
		{"A1", ASDiv, "4", `The answer is either $4$ or $5$.`, false},
		{"A1", ASDiv, "5", `The answer is either $4$ or $5$.`, false},
		{"A1", MATH401, "4", `The answer is either $4$ or $5$.`, false},
		{"A1", MATH401, "5", `The answer is $\boxed{4}$ or $\boxed{5}$.`, false},
		{"A1", HARDMathGeneric, "4", `The answer is $\boxed{5}$ or $\boxed{4}$.`, false},
		// A2 a check after the answer
		{"A2", MATH, "2", "The final answer is $3$.\n\nCheck: $\\boxed{2}$ ✓", false},
		{"A2", MATH, "1", "**Answer:** $\\boxed{2}$\n\n**Verification:** the remaining part is $\\boxed{1}$.", false},
		{"A2", MATH, "2", "**Answer:** $\\boxed{2}$\n\n**Verification:** the remaining part is $\\boxed{3}$.", true},
		// A3 a next exercise after the answer
		{"A3", MATH, "2", "The answer is $\\boxed{3}$.\n\nExercise 2. A box holds some marbles ... How many are there now?\nSolution: The answer is $\\boxed{2}$.", false},
		{"A3", MATH, "-8", "The answer is $\\boxed{-9}$.\n\n练习 2：求值。答案是 $\\boxed{-8}$。", false},
		{"A3", MATH, "4", "The answer is $\\boxed{4}$.\n\nNext problem: Compute the value of the expression below.\nThe final answer is $5$.", true},
		{"A3", MATH, "4", "The answer is $\\boxed{4}$.\n\nEjercicio 2: Calcula el valor.\nLa respuesta es $\\boxed{5}$.", true},
		{"A3", MATH, "4", "The answer is $\\boxed{4}$.\n\nPractice: What is 2+3?\nThe answer is $\\boxed{5}$.", true},
		{"A3", MATH, "4", "The answer is $\\boxed{4}$.\n\nFollow-up question: What is 2+3? The answer is 5.", true},
		// A4 signs with currency
		{"A4", MATH, `\$3800`, `-\$3800`, false},
		{"A4", MATH, `-\$0.50`, `\$0.50`, false},
		{"A4", MATH, `-\$0.50`, `\boxed{-\$0.50}`, true},
		{"A4", ASDiv, "-(1/3)", "-(-1/3)", false},
		{"A4", ASDiv, "-(1/3)", "So she owes 1/3.\n#### -(1/3)", true},
		{"A4", ASDiv, "-(1/3)", `The answer is -\left(1/3\right).`, true},
		// E7 at the policy level
		{"E7", MATH401, "62252.0000", `\boxed{197 \text{ y } 316}`, false},
		{"E7", ASDiv, "54 (pieces)", "The answer is 不是 54.", false},
		// the suite's second run (main @ fc74aae + answer @ dfdffef)
		{"A1", MATH, "0,1", "The answer is either $0,1$ or $1,1$.", false},
		{"A1", MATH, "0,1, 1,1", "The answer is either $0,1$ or $1,1$.", false},
		{"wrap", ASDiv, "288 (t-shirts)", "The answer is 288 t-shirts.", true},
		{"wrap", HARDMathGeneric, `$$ \boxed{\epsilon=\frac{a_{1}}{a_{3}}} $$`,
			"Therefore, the answer is $\\boxed{$$ \\boxed{\\epsilon=\\dfrac{a_{1}}{a_{3}}} $$}$.", true},
		{"verify-keep", MATH, `90\text{ square units}`, "The answer is 90\\text{ square\nunits}.\nCheck: 91\\text{ square\nunits}", true},
		// the suite's third run: qualifiers the policies drop themselves
		{"qualifier", MATH, "2", `\text{不是 }2`, false},
		{"qualifier", MATH, "9", `\text{не }9`, false},
		{"qualifier", ASDiv, "9 (apples)", "The answer is at least 9.", false},
		{"qualifier", ASDiv, "9 (apples)", "There are 9 or more apples.", false},
		{"qualifier", MATH401, "0", `The answer is $\text{не }0$.`, false},
		{"qualifier", MATH401, "7", "The answer is not 7.", false},
		{"qualifier", MATH401, "-0.0000", `The answer is $\text{less than }-0.0000$.`, false},
		{"qualifier", ASDiv, "15 (balls)", "The answer is no es 15.", false},
		{"qualifier", MATH401, "0", `The answer is $\text{no es }0$.`, false},
		{"qualifier", MATH, "1000.99", "not it's not 10 it's 1,000.99", true}, // the "not" has its own number
		{"wrap", ASDiv, "350 (g)", "The answer is 350 g.", true},
		{"wrap", ASDiv, "4 (m)", "Answer: 4 m", true},
		// F1 a bare answer with \triangle
		{"F1", MATH, `\frac{1}{7}\triangle ABC`, `\dfrac{1}{7}\triangle ABC`, true},
	}
	// E7: a qualifier is no unit; NormalizeMATH keeps it for the engine.
	for _, q := range []string{`5\text{ or more}`, `8\text{ at least}`, `28\text{ (not prime)}`, `3\text{ maximum}`} {
		if got := NormalizeMATH(q); got != q {
			t.Errorf("NormalizeMATH(%q) = %q: a qualifier was dropped as a unit", q, got)
		}
	}
	if got := NormalizeMATH(`5\text{ cm}^2`); got != "5" {
		t.Errorf("NormalizeMATH drops units no more: %q", got)
	}
	for _, c := range cases {
		v := Equivalent(c.p, c.gold, c.pred)
		if got := v.Kind == Correct; got != c.want {
			t.Errorf("%s %s: gold %q pred %q: %s extracted %q (%s), want equivalent=%v",
				c.finding, c.p.Name, c.gold, c.pred, v.Kind, v.Extracted, v.Reason, c.want)
		}
	}
}
