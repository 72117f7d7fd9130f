package answer

import "testing"

// TestSweepFalseEquals holds the minimal examples of an adversarial sweep
// over every MATH and MATH-500 gold answer (169,290 mutants, each checked
// against an independent 40-digit evaluation): every one was graded
// "equivalent" before, and none is. Beside each, a pair that must stay
// equal, so the fix is not a blanket refusal.
func TestSweepFalseEquals(t *testing.T) {
	cases := []struct {
		pattern    string
		gold, pred string
		want       bool
	}{
		// a time of day is not a unit
		{"time", `9\text{ a.m.}`, `9\text{ p.m.}`, false},
		{"time", `4\!:\!51\!:\!06 \text{ p.m.}`, `4\!:\!51\!:\!06 \text{ a.m.}`, false},
		{"time", `9 AM`, `9 PM`, false},
		{"time", `12\text{ noon}`, `12\text{ midnight}`, false},
		{"time", `9\text{ a.m.}`, `9\text{ a.m.}`, true},
		// words that change the value are not units
		{"scale", `7`, `7\text{ thousand}`, false},
		{"scale", `7`, `\boxed{7\text{ million}}`, false},
		{"scale", `3\text{ million}`, `3`, false},
		{"scale", `3\text{ million}`, `3,000,000`, true},
		{"scale", `7000`, `7\text{ thousand}`, true},
		{"scale", `5`, `5\text{ dozen}`, false},
		{"scale", `60`, `5\text{ dozen}`, true},
		{"word", `5`, `5\text{ squared}`, false},
		{"word", `5`, `5\text{ inverse}`, false},
		{"word", `5`, `5\text{ halves}`, false},
		{"word", `5`, `5\text{ cubed}`, false},
		{"word", `5`, `5\text{ k}`, false},
		{"verdict", `2`, `2 \text{ (wrong)}`, false},
		{"verdict", `2`, `2 \text{ (incorrect)}`, false},
		{"verdict", `2`, `2 \text{ excluded}`, false},
		{"unit", `2`, `2\text{ apples}`, true},
		// \not= is an inequation
		{"not", `5`, `x \not= 5`, false},
		{"not", `5`, `6 \not= 5`, false},
		{"not", `5`, `The answer is $x \not= 5$.`, false},
		{"not", `x \ne 5`, `x \not= 5`, true},
		// an answer broken across lines is one answer
		{"lines", `2`, "\\frac{1}\n{2}", false},
		{"lines", `2`, "-\n2", false},
		{"lines", `2`, "x^3+\n2", false},
		{"lines", `2`, "10^{-\n2}", false},
		{"lines", `90`, "-(90\\text{ square\nunits})", false},
		{"lines", `90`, "\\sqrt{\n90}", false},
		{"lines", `3`, "x=2 \\text{ or }\nx=3", false},
		{"lines", `\frac12`, "\\frac{1}\n{2}", true},
		// two numbers side by side are neither a product nor one number
		{"juxtaposed", `6`, `2 3`, false},
		{"juxtaposed", `23`, `2 3`, false},
		{"juxtaposed", `\frac{23}{4}`, `5 3/4`, true},
		// the answer turned down
		{"contrast", `2`, `So the answer is $\boxed{3}$ rather than $\boxed{2}$.`, false},
		{"contrast", `3`, `So the answer is $\boxed{3}$ rather than $\boxed{2}$.`, true},
		{"contrast", `2`, `We get $\boxed{3}$ instead of $\boxed{2}$.`, false},
		{"contrast", `2`, `We get $\boxed{3}$. Actually, the answer is $\boxed{2}$.`, true},
		// different units
		{"units", `5\text{ inches}`, `5\text{ feet}`, false},
		{"units", `5\text{ cm}^2`, `5\text{ cm}^3`, false},
		{"units", `\$2`, `2\text{ cents}`, false},
		{"units", `\$2`, `2\text{ dollars}`, true},
		{"units", `5\text{ cm}^2`, `5\text{ square centimeters}`, true},
		{"units", `60\text{ mph}`, `60\text{ miles per hour}`, true},
		{"units", `12\text{ square units}`, `12`, true},
	}
	for _, c := range cases {
		v := Equivalent(MATH, c.gold, c.pred)
		if got := v.Kind == Correct; got != c.want {
			t.Errorf("%s: gold %q pred %q: %s extracted %q (%s), want equivalent=%v",
				c.pattern, c.gold, c.pred, v.Kind, v.Extracted, v.Reason, c.want)
		}
	}
}
