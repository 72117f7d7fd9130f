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
		// second sweep: a value written only to be turned down
		{"denial", `2`, `The answer is not $\boxed{2}$.`, false},
		{"denial", `2`, `The answer isn't $\boxed{2}$.`, false},
		{"denial", `2`, `The answer cannot be $\boxed{2}$.`, false},
		{"denial", `2`, `Is the answer $\boxed{2}$? No.`, false},
		{"denial", `2`, `I get $3$ instead of $2$.`, false},
		{"denial", `2`, `The result is $3$, not $2$.`, false},
		{"denial", `2`, `So we get 3 instead of 2.`, false},
		{"denial", `2`, `Since $x$ is not zero, we get $x = 2$.`, true},
		{"denial", `2`, `The answer is $\boxed{2}$.`, true},
		// units of angle, and more unit pairs
		{"units", `39^\circ`, `39\text{ radians}`, false},
		{"units", `39^\circ`, `39 radians`, false},
		{"units", `39\text{ degrees}`, `39\text{ rad}`, false},
		{"units", `\frac{\pi}{6}\text{ radians}`, `\frac{\pi}{6}^\circ`, false},
		{"units", `2\text{ cm}`, `2\text{ m}`, false},
		{"units", `2\text{ s}`, `2\text{ ms}`, false},
		{"units", `2\text{ kg}`, `2\text{ g}`, false},
		{"units", `45\text{ units}^2`, `45\text{ units}^3`, false},
		{"units", `39^\circ`, `39\text{ degrees}`, true},
		{"units", `39^\circ`, `39`, true},
		{"units", `\cos 30^\circ`, `\frac{\sqrt{3}}{2}`, true},
		// bars are a determinant, two choices are not one, a chain must hold
		{"vmatrix", `\begin{pmatrix}3&2\\0&-7\end{pmatrix}`, `\begin{vmatrix}3&2\\0&-7\end{vmatrix}`, false},
		{"choices", `\text{(C)}`, `\text{(C)}\text{(D)}`, false},
		{"choices", `\text{(C)}`, `\text{(C)}`, true},
		{"chain", `5`, `y = 3 = 5`, false},
		{"chain", `5`, `x = 2 + 3 = 5`, true},
		// a box that is an operand of its formula
		{"box-operand", `2`, `$-\boxed{2}$`, false},
		{"box-operand", `2.5`, `The answer is $\boxed{2.5}\times 10^{3}$.`, false},
		{"box-operand", `2500`, `The answer is $\boxed{2.5}\times 10^{3}$.`, true},
		{"box-operand", `2`, `$\frac{1}{\boxed{2}}$`, false},
		{"box-operand", `2`, `So $x = \boxed{2}$.`, true},
		// third sweep: a number that is an operand of words
		{"operand", `5`, `square root of 5`, false},
		{"operand", `5`, `log 5`, false},
		{"operand", `2`, `5 choose 2`, false},
		{"operand", `7`, `5 times 7`, false},
		{"operand", `3`, `3 and a half`, false},
		{"operand", `40`, `twice \$40`, false},
		{"operand", `5`, `So the total is 5.`, true},
		{"operand", `5`, `We get a total of 5 apples.`, true},
		// other ways of stating the answer, then a remark with the gold
		{"stated", `5`, "The correct answer is 7.\n\nThis used 5.", false},
		{"stated", `5`, "# Answer\n\n7\n\nThis used 5.", false},
		{"stated", `5`, "<answer>7</answer>\n\nThis used 5.", false},
		{"stated", `5`, "\\framebox{7}\n\nThis used 5.", false},
		{"stated", `7`, "<answer>7</answer>", true},
		// a word after the math that changes the value
		{"word-after", `5`, `The answer is $5$ hundred.`, false},
		{"word-after", `500`, `The answer is $5$ hundred.`, true},
		// (after a box only a verdict is read: the box holds the answer,
		// "$\boxed{2.2}$ million tons" answers 2.2)
		{"word-after", `2.2`, `So it is $\boxed{2.2}$ million tons.`, true},
		{"word-after", `5`, `The answer is $\boxed{5}$ (wrong).`, false},
		{"word-after", `5`, `\boxed{5\text{ (too large)}}`, false},
		{"word-after", `5`, `5 sevenths`, false},
		// two names are not one
		{"names", `\text{Bob}`, `\text{Bob} \text{Alice}`, false},
		// and is not or
		{"connective", `x>1 \text{ and } x<3`, `x>1 \text{ or } x<3`, false},
		{"connective", `x>1 \text{ and } x<3`, `x<3 \text{ and } x>1`, true},
		// fourth sweep, whole solutions: a line that is no exercise label
		// does not cut the reply; what follows a check decides; a reply
		// that stops inside a formula has no answer
		{"solution", `7`, "So the sum is $\\boxed{7}$.\n\n- OR -\n\nThe sum is $\\boxed{8}$.", false},
		{"solution", `7`, "So the sum is $\\boxed{7}$.\n\nCorrection :\nthe sum is $\\boxed{8}$.", false},
		{"solution", `3`, "So $x=\\boxed{3}$.\n\nChecking: $2\\cdot 3 = 6$, but we need $8$. Hence $x = 4$.\n\nThe answer is $\\boxed{4}$.", false},
		{"solution", `3`, "So $x=\\boxed{3}$. Checking, this value works.\n\nAnswer: 4", false},
		{"solution", `2`, "So $\\boxed{3}$ is the correct answer.\n\nLet me verify: plugging in, we get $\\boxed{2}$.", false},
		{"solution", `3`, "So, the answer is $3$.\n\nWait, that is wrong. So the final result is $4$.", false},
		{"solution", `3`, "We get $x=3$.\n\nSo the final result is four.", false},
		{"solution", `65`, "We get $f = 65$. Thus, the flat fee is $", false},
		{"solution", `3`, "So we get $0 = x - 3 \\Rightarrow x", false},
		{"solution", `12`, "The answer is 12.\n\nLet's verify: 3 * 4 = 12, and 12 - 11 = 1, so the answer is 1 more than 11.", true},
		{"solution", `4`, "The answer is four.", true},
		{"solution", `108`, "$$6x^\\circ = 6(18^\\circ)=\\boxed{108}^\\circ.$$", true},
		{"solution", `77`, "our final answer is $75+2=77$.\n$m+n=\\boxed{77}$", true},
		// fifth sweep: turn-downs with fillers, cross marks, units after the
		// math, more value words
		{"denial", `5`, `The answer isn't actually $\boxed{5}$.`, false},
		{"denial", `5`, `Is the answer $\boxed{5}$? Nope.`, false},
		{"denial", `5`, `The answer is $\boxed{5}$ ❌`, false},
		{"denial", `5`, `$\boxed{5}$ ✓`, true},
		{"units", `5\text{ feet}`, `The answer is $5$ yards.`, false},
		{"units", `5\text{ feet}`, `The answer is $5$ feet.`, true},
		{"units", `5`, `The answer is $5$ in the end.`, true},
		{"word-after", `5`, `The answer is $5$ lakh.`, false},
		// the statement goes on past the closing dollar
		{"continued", `5`, `The answer is $5$/$2$.`, false},
		{"continued", `\frac52`, `The answer is $5$/$2$.`, true},
		{"continued", `5`, `The answer is $5$ (or $6$).`, false},
		{"continued", `5`, `The answer is $5$–$6$.`, false},
		{"continued", `5`, `The answer is $5$. Then $x$ is $2$.`, true},
		// a "Final Answer" heading is over the answer's line
		{"heading", `8`, "### Final Answer\n(4!)!\n(previously 8)", false},
		{"heading", `9`, "**Final Answer**\n\n9", true},
	}
	for _, c := range cases {
		v := Equivalent(MATH, c.gold, c.pred)
		if got := v.Kind == Correct; got != c.want {
			t.Errorf("%s: gold %q pred %q: %s extracted %q (%s), want equivalent=%v",
				c.pattern, c.gold, c.pred, v.Kind, v.Extracted, v.Reason, c.want)
		}
	}
}

// The same sweep on the ASDiv and MATH 401 policies: a value the reply turns
// down, or changes with a word after it, is not its answer.
func TestSweepFalseEqualsOtherPolicies(t *testing.T) {
	cases := []struct {
		p          Policy
		gold, pred string
		want       bool
	}{
		{ASDiv, "9 (apples)", "The answer is 9 thousand.", false},
		{ASDiv, "9 (apples)", "The answer is 9 squared.", false},
		{ASDiv, "9 (apples)", "The answer is 9 (wrong).", false},
		{ASDiv, "9 (apples)", "We get 8 instead of 9.", false},
		{ASDiv, "9 (apples)", "The answer is negative 9.", false},
		{ASDiv, "17 (years old); 12 (years old)", "We get 18, 12 instead of 17, 12.", false},
		{ASDiv, "1.35 (dollars)", "1.35 cents", false},
		{ASDiv, "3 (feet)", "3 inches", false},
		{ASDiv, "41 (pairs)", "The answer is 41 pairs.", true},
		{ASDiv, "9 (quarters)", "9 quarters", true},
		{ASDiv, "3:30 p.m.", "3:30 p.m.", true},
		{ASDiv, "3 (feet)", "So he has 3 feet of rope left.", true},
		{ASDiv, "17 (years old); 12 (years old)", "They are 17 and 12 years old.", true},
		{MATH401, "5", `x \not= 5`, false},
		{MATH401, "5", `Is the answer $\boxed{5}$? No.`, false},
		{MATH401, "5", `The answer is 5 thousand.`, false},
		{MATH401, "5", `The answer is 5.`, true},
		{HARDMathGeneric, `\frac{a_{1} a_{3}}{a_{2}^{2}}`, `\epsilon^{-1} = \frac{a_{1} a_{3}}{a_{2}^{2}}`, false},
		{HARDMathGeneric, `\frac{a_{1} a_{3}}{a_{2}^{2}}`, `\epsilon^{2} = \frac{a_{1} a_{3}}{a_{2}^{2}}`, false},
		{HARDMathGeneric, `\frac{a_{1} a_{3}}{a_{2}^{2}}`, `\epsilon = \frac{a_{1} a_{3}}{a_{2}^{2}}`, true},
		{ASDiv, "5 (times)", "He went 5 times.", true},
		{ASDiv, "45 (miles per hour)", "45 mph", true},
		{ASDiv, "3 (milligrams)", "3 grams", false},
	}
	for _, c := range cases {
		v := Equivalent(c.p, c.gold, c.pred)
		if got := v.Kind == Correct; got != c.want {
			t.Errorf("%s: gold %q pred %q: %s extracted %q (%s), want equivalent=%v", c.p.Name, c.gold, c.pred, v.Kind, v.Extracted, v.Reason, c.want)
		}
	}
}

// ASDiv's and MATH 401's last-number rules read a number without parsing
// the answer whole: a character the parser reads by no rule (12↳, ≈12)
// makes the answer unparsable there too, instead of vanishing around the
// number (issue 28's closed world; mutation family closed:uni-*).
func TestLastNumberRulesClosedWorld(t *testing.T) {
	for _, c := range []struct {
		p          Policy
		gold, cand string
	}{
		{ASDiv, "12 (inches of snow)", "Answer: 12↳"},
		{ASDiv, "4 (plums)", `\boxed{↕4}`},
		{ASDiv, "7 (friends)", "Answer: 7‰"},
		{MATH401, "12", "The result is ⇑12"},
	} {
		if v := Equivalent(c.p, c.gold, c.cand); v.Kind == Correct {
			t.Errorf("%s: %q against %q is correct (%s)", c.p.Name, c.cand, c.gold, v.Reason)
		}
	}
	// what the parser reads still counts: π, ×, −, ½ and the degree sign
	for _, c := range []struct {
		p          Policy
		gold, cand string
	}{
		{ASDiv, "12 (apples)", "Answer: 12"},
		{ASDiv, "-3 (degrees)", "Answer: −3"},
		{MATH401, "-8", "−6 + (−2) = −8"},
	} {
		if v := Equivalent(c.p, c.gold, c.cand); v.Kind != Correct {
			t.Errorf("%s: %q against %q is %s (%s), want correct", c.p.Name, c.cand, c.gold, v.Kind, v.Reason)
		}
	}
}
