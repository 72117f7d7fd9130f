package answer

import (
	"strings"
	"testing"
)

// TestPlainWholeExpression: with no box and no answer statement, the
// answer of a reply is the last whole expression (issue 28, item 4),
// read on texscan tokens: never a bare number cut out of it, a Unicode
// value read whole, and a remark or a listing after the answer kept apart.
func TestPlainWholeExpression(t *testing.T) {
	cases := []struct{ reply, want string }{
		{"Putting everything together:\n\n(-2,3)", "(-2,3)"},
		{"Simplifying, we get 3p^3 - 6p^2 - 3p + 10.", "3p^3 - 6p^2 - 3p + 10"},
		{"Simplifying, we get ¼.", "¼"},
		{"After the substitution the equation gives us 137 ½", "137 ½"},
		{"So the value is (−∞,3) ∪ (3,∞).", "(−∞,3) ∪ (3,∞)"},
		{"So the value is (−∞,0]∪[4,∞).", "(−∞,0]∪[4,∞)"},
		{"Putting everything together:\n\n9z(z^2 - 3z + 3)", "9z(z^2 - 3z + 3)"},
		{"Simplifying, we get 18 √2.", "18 √2"},
		{"After the substitution the equation gives us 36 · ∛6", "36 · ∛6"},
		{"Therefore the value is 27°, 63°, 99°, 135°, 171°.", "27°, 63°, 99°, 135°, 171°"},
		{"Putting everything together:\n\n7(x+3) (x-3)", "7(x+3) (x-3)"},
		{"Putting everything together:\n\np+q-r", "p+q-r"},
		{"Putting everything together:\n\n21a^5 - 7a^4 - 16a^2 + 32a", "21a^5 - 7a^4 - 16a^2 + 32a"},
		{"Simplifying, we get .35625.", ".35625"},
		{"Putting everything together:\n\n7 π", "7 π"},
		{"So y = −½ x² + 4x − 6", "y = −½ x² + 4x − 6"},
		{"Simplifying, we get 1 : 2.", "1 : 2"},
		{"So the interval is [0, 1).", "[0, 1)"},
		{"The speed is 12 m/s.", "12 m/s"},
		{"It costs -$7.", "-$7"},
		// a closing remark after the answer says nothing of its value
		{"We obtain e³, as required.", "e³"},
		{"Thus the sum is 2√3, as desired.", "2√3"},
		{"This gives x^2+1 as expected.", "x^2+1"},
		// a closing bracket of the prose is not the expression's
		{"(so the value is 5).", "5"},
		// a remark after the answer, words after it, a bracketed aside
		{"So Anna has 15 apples, which is 3 more than Tom's 12.", "15"},
		{"So there are 15 apples in all.", "15"},
		{"So 9 apples (7 red, 2 green).", "9"},
		{"He eats 5 a day.", "5"},
	}
	for _, c := range cases {
		s, e, amb, ok := plainNumber(c.reply)
		if !ok {
			t.Errorf("%q: no candidate (%s), want %q", c.reply, amb, c.want)
			continue
		}
		if got := c.reply[s:e]; got != c.want {
			t.Errorf("%q: got %q, want %q", c.reply, got, c.want)
		}
	}
}

// TestPlainNoAnswer: a last sentence listing several values, or a last
// expression the parser refuses, is no answer, and the reason says why.
func TestPlainNoAnswer(t *testing.T) {
	cases := []struct{ reply, reason string }{
		{"So Anna has 15 apples and Tom has 12.", "several values"},
		{"So x = 3 and y = 5.", "several values"},
		{"So we get ↢65.", "does not parse"},
		{"So we get 2↪.", "does not parse"},
		// a remark after the answer with no marker the remark rule knows:
		// several values, and nothing says the last is the result
		{"The trip takes 6 hours, twice as long as the 3 hours before.", "several values"},
		{"The final price is \\$100, a 20% discount from \\$125.", "several values"},
		{"Tom ends up with 15 stickers, 3 fewer than Ann's 18.", "several values"},
		{"The farmer has 72 legs in total, counting 18 animals with 4 legs each.", "several values"},
		{"He is 7 years old now (in 3 years he will be 10).", "several values"},
	}
	for _, c := range cases {
		s, e, amb, ok := plainNumber(c.reply)
		if ok || !strings.Contains(amb, c.reason) {
			t.Errorf("%q: got %v %q (%s), want no candidate naming %q", c.reply, ok, c.reply[s:e], amb, c.reason)
		}
	}
}

// TestPlainGraded: the plain-reply rows of the surface family (issue 28)
// graded under the MATH policy, Equal to their gold, and their meaning-
// changing neighbours not.
func TestPlainGraded(t *testing.T) {
	cases := []struct {
		gold, reply string
		want        bool
	}{
		{`(-2,3)`, "Putting everything together:\n\n(-2,3)", true},
		{`3`, "Putting everything together:\n\n(-2,3)", false},
		{`\frac{1}{4}`, "Simplifying, we get ¼.", true},
		{`137 \frac{1}{2}`, "After the substitution the equation gives us 137 ½", true},
		{`137`, "After the substitution the equation gives us 137 ½", false},
		{`(-\infty,3) \cup (3,\infty)`, "So the value is (−∞,3) ∪ (3,∞).", true},
		{`18 \sqrt{2}`, "Simplifying, we get 18 √2.", true},
		{`\sqrt{2}`, "Simplifying, we get 18 √2.", false},
		{`36 \cdot \sqrt[3]{6}`, "After the substitution the equation gives us 36 · ∛6", true},
		{`9z(z^2 - 3z + 3)`, "Putting everything together:\n\n9z(z^2 - 3z + 3)", true},
		{`7 \pi`, "Putting everything together:\n\n7 π", true},
		{`\pi`, "Putting everything together:\n\n7 π", false},
		{`A`, "Putting everything together:\n\nA", true},
		{`.3`, "After the substitution the equation gives us .3", true},
		{`3`, "After the substitution the equation gives us .3", false},
		{`e^3`, "So the answer is e³, as required.", true},
		{`e^3`, "We obtain e³, as required.", true},
		{`3`, "We obtain e³, as required.", false},
		// several values, and words saying the last is the result
		{`3`, "He gives 2 to Mary, so he has 3 left.", true},
		{`20`, "5 boxes of 4 apples make 20 apples.", true},
		{`5`, "Half of 10 is 5.", true},
		{`\frac16`, "Therefore the probability is 1/6 ≈ 0.1667.", true},
		{`1000.99`, "not it's not 10 it's 1,000.99", true},
		// and none: never the last value cut out of the remark
		{`3`, "The trip takes 6 hours, twice as long as the 3 hours before.", false},
		{`18`, "Tom ends up with 15 stickers, 3 fewer than Ann's 18.", false},
		{`10`, "He is 7 years old now (in 3 years he will be 10).", false},
	}
	for _, c := range cases {
		v := Equivalent(MATH, c.gold, c.reply)
		if got := v.Kind == Correct; got != c.want {
			t.Errorf("gold %q reply %q: %s %q (%s), want equivalent=%v", c.gold, c.reply, v.Kind, v.Extracted, v.Reason, c.want)
		}
	}
}

// TestUnitAfterFullWidthDigits: a unit after a number written in
// full-width digits is read and compared, never dropped (issue 28: two
// different unit texts never agree), and one letter written onto a number
// with a power is a variable.
func TestUnitAfterFullWidthDigits(t *testing.T) {
	cases := []struct {
		gold, cand string
		want       bool
	}{
		{`90^\circ`, `\boxed{９０\text{ radians}}`, false},
		{`90^\circ`, `\boxed{９０^\circ}`, true},
		{`135\text{ square feet}`, `$１３５\text{ square inches}$`, false},
		{`135\text{ square feet}`, `$１３５\text{ square feet}$`, true},
		{`8\text{ cm}`, `８\text{ m}`, false},
		{`3s^2`, `$3s²$`, true},
		{`3`, `$3s²$`, false},
		{`9\text{ m}^2`, `9 m²`, true},
		{`100^\circ\text{C}`, `100°C`, true},
	}
	for _, c := range cases {
		v := Equivalent(MATH, c.gold, c.cand)
		if got := v.Kind == Correct; got != c.want {
			t.Errorf("gold %q cand %q: %s %q (%s), want equivalent=%v", c.gold, c.cand, v.Kind, v.Extracted, v.Reason, c.want)
		}
	}
}

// TestPlainRelationLeftSide: a plain reply that ends on a relation keeps
// its left side when it names something ("tB", "AB", "xy"), as a box
// holding the relation does, so "tB=12+12√3" is not graded as the gold
// AB=12+12√3 by dropping the tB; a prose word before "=" is still no
// left side.
func TestPlainRelationLeftSide(t *testing.T) {
	cases := []struct{ reply, want string }{
		{`Simplifying, this gives us tB=12+12\sqrt{3}`, `tB=12+12\sqrt{3}`},
		{"Simplifying, this gives us tB=12+12√3", "tB=12+12√3"},
		{"So the distance is tB = 12+12√3.", "tB = 12+12√3"},
		{"Thus AB=12+12√3", "AB=12+12√3"},
		{"So xy=6", "xy=6"},
		{"So we get t=4", "t=4"},
		{"So we get t = 4 hours.", `t = 4\text{ hours}`}, // the unit is read, not dropped
		{"This gives us = 4", "4"},
		{"The sum is=6", "6"},
		{"So 5cm=50", "50"},
	}
	for _, c := range cases {
		if got, _ := ExtractAnswer(MATH, c.reply); got != c.want {
			t.Errorf("ExtractAnswer(%q) = %q, want %q", c.reply, got, c.want)
		}
	}
	grades := []struct {
		gold, reply string
		want        Kind
	}{
		{`AB=12+12\sqrt{3}`, `Simplifying, this gives us tB=12+12\sqrt{3}`, Wrong},
		{`AB=12+12\sqrt{3}`, "Simplifying, this gives us tB=12+12√3", Wrong},
		{`AB=12+12\sqrt{3}`, "Thus AB=12+12√3", Correct},
		// the same verdicts as the boxed relation's
		{`AB=12+12\sqrt{3}`, `The answer is $\boxed{tB=12+12\sqrt{3}}$`, Wrong},
		{`4`, "So we get t=4", Correct},
		{`4`, `The answer is $\boxed{t=4}$`, Correct},
	}
	for _, g := range grades {
		if v := Grade(MATH, g.gold, g.reply, ""); v.Kind != g.want {
			t.Errorf("Grade(gold %q, %q) = %s (%s), want %s", g.gold, g.reply, v.Kind, v.Reason, g.want)
		}
	}
}

// TestPlainRelationLeftSideSpaced: a lowercase word is a left side only
// when it touches its "=" ("xy=6"); "day = 4" is prose (GSM8K writes
// "$8 / $2/day = <<8/2=4>>4 days").
func TestPlainRelationLeftSideSpaced(t *testing.T) {
	l := newExprLine("so 2/day = 4 and xy=6 and AB = 2", 0, len("so 2/day = 4 and xy=6 and AB = 2"), false)
	want := map[string]bool{"so": false, "day": false, "and": false, "xy": true, "AB": true}
	for i, tk := range l.toks {
		if w, ok := want[tk.Text]; ok && l.relationName(i) != w {
			t.Errorf("relationName(%q) = %v, want %v", tk.Text, !w, w)
		}
	}
}
