package answer

import "testing"

// TestIssue28Answer holds issue 28's examples on the answer side: what
// NormalizeMATH and extraction used to drop or cut (each was Equal), each
// beside a pair that must stay Equal so the fix is no blanket refusal.
func TestIssue28Answer(t *testing.T) {
	cases := []struct {
		name       string
		gold, pred string
		want       bool
	}{
		// an upright constant is no unit
		{"upright", `2`, `$2\mathrm{e}$`, false},
		{"upright", `2`, `$2\mathrm{i}$`, false},
		{"upright", `2\mathrm{e}`, `$2\mathrm{e}$`, true},
		// units by meaning: SI prefixes are factors
		{"prefix", `5\text{ kJ}`, `$5\text{ J}$`, false},
		{"prefix", `5\text{ kJ}`, `$5000\text{ J}$`, true},
		{"prefix", `5\text{ kPa}`, `$5\text{ Pa}$`, false},
		{"prefix", `5\text{ kPa}`, `$5000\text{ Pa}$`, true},
		{"prefix", `5\text{ MHz}`, `$5\text{ Hz}$`, false},
		{"prefix", `3\text{ MHz}`, `$3000\text{ kHz}$`, true},
		{"prefix", `2\text{ g}`, `$2000\text{ mg}$`, true},
		{"prefix", `2\text{ kg}`, `$2\text{ g}$`, false},
		{"prefix", `3\text{ ms}`, `$3000\text{ µs}$`, true},
		{"prefix", `3\text{ ms}`, `$3\text{ µs}$`, false},
		{"prefix", `2\text{ km}`, `$2000\text{ m}$`, true},
		{"prefix", `2\text{ cm}`, `$20\text{ mm}$`, true},
		{"prefix", `2\text{ cm}`, `$2\text{ mm}$`, false},
		// kinds never interchangeable
		{"bits", `5\text{ bits}`, `$5\text{ bytes}$`, false},
		{"bits", `8\text{ bits}`, `$1\text{ byte}$`, false},
		{"currency", `5\text{ USD}`, `$5\text{ EUR}$`, false},
		{"currency", `\$5`, `5€`, false},
		{"currency", `£5`, `\$5`, false},
		{"currency", `\$5`, `$5\text{ USD}$`, true},
		{"temperature", `100^\circ\text{F}`, `$100^\circ\text{C}$`, false},
		{"temperature", `100^\circ\text{F}`, `100°C`, false},
		{"temperature", `100^\circ\text{C}`, `100°C`, true},
		{"temperature", `100^\circ\text{C}`, `$373\text{ K}$`, false},
		{"temperature", `100^\circ\text{C}`, `$100^\circ$`, false},
		// compound units and Unicode powers
		{"compound", `5\text{ cm}^2`, `5 cm²`, true},
		{"compound", `5\text{ cm}^2`, `5 cm³`, false},
		{"compound", `1\text{ m}^2`, `$10000\text{ cm}^2$`, true},
		{"compound", `12\text{ m/s}`, `12 m/s`, true},
		{"compound", `12\text{ m/s}`, `12 km/h`, false},
		{"compound", `36\text{ km/h}`, `$10\text{ m/s}$`, true},
		{"compound", `60\text{ mph}`, `$60\text{ miles per hour}$`, true},
		{"compound", `5\text{ N}\cdot\text{m}`, `$5\text{ N m}$`, true},
		{"compound", `5\text{ N}\cdot\text{m}`, `$5\text{ J}$`, true}, // the same dimension and factor
		{"compound", `5\text{ N}\cdot\text{m}`, `$5\text{ N}$`, false},
		// a unit the table does not read agrees only with its own text
		{"unknown", `5\text{ zorks}`, `$5\text{ blips}$`, false},
		{"unknown", `5\text{ zorks}`, `$5\text{ zorks}$`, true},
		{"unknown", `5\text{ Zk}`, `$5\text{ Zq}$`, false},
		{"unknown", `5`, `$5\text{ Zq}$`, false}, // a symbol the gold omits, not in the table
		{"unknown", `5\text{ Zq}`, `$5$`, true},  // the candidate omits the gold's unit
		{"unknown", `2`, `$2\text{ apples}$`, true},
		// plain replies: the last whole expression
		{"plain", `36`, `Thus the sphere has radius 3, so the volume is 36π.`, false},
		{"plain", `36\pi`, `Thus the sphere has radius 3, so the volume is 36π.`, true},
		{"plain", `3`, `Simplifying, we get 2√3.`, false},
		{"plain", `2\sqrt{3}`, `Simplifying, we get 2√3.`, true},
		{"plain", `10`, `So we get 10i.`, false},
		{"plain", `3`, `So we get 3x.`, false},
		{"plain", `2`, `So we get 2^{10}.`, false},
		{"plain", `10`, `So we get 2^{10}.`, false},
		{"plain", `1024`, `So we get 2^{10}.`, true},
		{"plain", `4`, `So the angle is π/4.`, false},
		{"plain", `\frac{\pi}{4}`, `So the angle is π/4.`, true},
		{"plain", `15`, `So he is 15-year-old.`, true},
		{"plain", `3`, `He finished 3rd.`, true},
		// a remark after the answer, and several values with no rule
		{"remark", `15`, `So Anna has 15 apples, which is 3 more than Tom's 12.`, true},
		{"remark", `12`, `So Anna has 15 apples, which is 3 more than Tom's 12.`, false},
		{"several", `12`, `So Anna has 15 apples and Tom has 12.`, false},
		{"several", `5`, `So x = 3 and y = 5.`, false},
		{"several", `7`, `So 3 + 4 = 7.`, true},
		{"several", `7`, `He had 3 apples and now he has 7.`, true},
		// the same in an answer statement and after a formula; a box beside
		// a factor keeps its content, as MATH's solutions box a
		// coefficient ("= \boxed{-15}x^3" answers -15)
		{"box-coefficient", `-15`, `The coefficient: $-5\cdot 3x^3 = \boxed{-15}x^3$`, true},
		{"anchor", `36`, `The answer is 36π.`, false},
		{"anchor", `3`, `The answer is 2√3.`, false},
		{"anchor", `15`, `The answer is 15 apples, which is 3 more than Tom's 12.`, true},
		{"anchor", `12`, `The answer is 15 apples, which is 3 more than Tom's 12.`, false},
		{"attached", `36`, `The volume is $36$π.`, false},
		{"attached", `36\pi`, `The volume is $36$π.`, true},
		{"attached", `5`, `So it is the $5$th term.`, true},
		// units inside the answer and before a sentence's period
		{"inner", `30^\circ.`, `Final Answer: The final answer is $30\text{ radians}.$. I hope it is correct.`, false},
		{"inner", `(6,235^\circ)`, `Final Answer: The final answer is $(6,235\text{ radians})$. I hope it is correct.`, false},
		{"inner", `(6,235^\circ)`, `Final Answer: The final answer is $(6,235^\circ)$. I hope it is correct.`, true},
		{"inner", `30^\circ.`, `The answer is $30^\circ$.`, true},
		// clock times and names
		{"clock", `3:30 p.m.`, `3:30 pm`, true},
		{"clock", `3:30 p.m.`, `The answer is 3:30 am.`, false},
		{"clock", `3:30 p.m.`, `The answer is 15:30.`, true},
		{"names", `\text{Mrs. Hilt}`, `$\boxed{\text{mrs. hilt}}$`, true},
		{"names", `\text{Mrs. Hilt}`, `$\boxed{\text{Mr. Hilt}}$`, false},
	}
	for _, c := range cases {
		v := Equivalent(MATH, c.gold, c.pred)
		if got := v.Kind == Correct; got != c.want {
			t.Errorf("%s: gold %q pred %q: %s %q (%s), want equivalent=%v", c.name, c.gold, c.pred, v.Kind, v.Extracted, v.Reason, c.want)
		}
	}
}

// TestNoAnswerWhenSeveral: a plain reply whose last sentence lists values
// has no answer, and the verdict says why.
func TestNoAnswerWhenSeveral(t *testing.T) {
	v := Grade(MATH, "12", "So Anna has 15 apples and Tom has 12.", "stop")
	if v.Kind != NoAnswer || !containsAll(v.Reason, "several values") {
		t.Errorf("got %s (%s), want no_answer naming several values", v.Kind, v.Reason)
	}
}

func containsAll(s string, subs ...string) bool {
	for _, x := range subs {
		if !contains(s, x) {
			return false
		}
	}
	return true
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// TestDanglingOperatorIsNoUnit: a product or quotient sign after a unit
// ends no unit tail; before, `110^\circ\cdot` was split into 110 and the
// "unit" °\cdot, which agreed with the gold's ° (a closed-world false Equal
// of the mutation suite, closed:latex-binop).
func TestDanglingOperatorIsNoUnit(t *testing.T) {
	for _, c := range []struct{ gold, pred string }{
		{`110^\circ`, `\boxed{110^\circ\cdot}`},
		{`110^\circ`, `\boxed{110^\circ/}`},
		{`5\text{ cm}`, `\boxed{5\text{ cm}\times}`},
	} {
		if v := Grade(MATH, c.gold, c.pred, "stop"); v.Kind == Correct {
			t.Errorf("gold %q pred %q: correct (%s), want not equal", c.gold, c.pred, v.Reason)
		}
	}
	if v := Grade(MATH, `110^\circ`, `\boxed{110^\circ}`, "stop"); v.Kind != Correct {
		t.Errorf("110° against itself: %s (%s)", v.Kind, v.Reason)
	}
}
