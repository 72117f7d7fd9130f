package answer

import (
	"fmt"
	"strings"
	"testing"
)

// compoundUnit is a product of unit symbols with integer exponents, for
// rendering in the ways a reply writes it.
type compoundUnit []struct {
	sym string
	exp int
}

// compoundRenderings write one compound unit after a value: inside one
// upright group with the exponents inside (\mathrm{m\,s^{-1}}), one group
// per symbol with the exponents outside (\mathrm{m}\,\mathrm{s}^{-1}), a
// quotient (\mathrm{m/s^{2}}), one \text group, and a \frac of \text groups.
var compoundRenderings = []func(compoundUnit) string{
	func(u compoundUnit) string { return `\,\mathrm{` + u.join(`\,`, "^{%d}", false) + `}` },
	func(u compoundUnit) string { return `\,\mathrm{` + u.join(`\cdot `, "^{%d}", false) + `}` },
	func(u compoundUnit) string { return `\,` + u.joinGroups(`\mathrm{`, `\,`) },
	func(u compoundUnit) string { return `\text{ ` + u.join(" ", "^{%d}", false) + `}` },
	func(u compoundUnit) string { return `\,\mathrm{` + u.join(`\,`, "^{%d}", true) + `}` },
	func(u compoundUnit) string { return `\text{ ` + u.join(" ", "^%d", true) + `}` },
	func(u compoundUnit) string { return `\,` + u.fraction() },
}

// fraction writes the unit as \frac{\text{m}}{\text{s}^{2}}, one \text
// group a symbol (a unit with no negative power as its product).
func (u compoundUnit) fraction() string {
	var num, den []string
	for _, a := range u {
		e := a.exp
		if e < 0 {
			e = -e
		}
		g := `\text{` + a.sym + `}`
		if e != 1 {
			g += fmt.Sprintf("^{%d}", e)
		}
		if a.exp < 0 {
			den = append(den, g)
		} else {
			num = append(num, g)
		}
	}
	if len(den) == 0 || len(num) == 0 {
		return u.joinGroups(`\mathrm{`, `\,`)
	}
	return `\frac{` + strings.Join(num, `\,`) + `}{` + strings.Join(den, `\,`) + `}`
}

// join writes the symbols apart with sep, each with its power; quotient
// writes the negative powers after a "/" as positive ones (only where the
// positive ones come first).
func (u compoundUnit) join(sep, pow string, quotient bool) string {
	var num, den []string
	for _, a := range u {
		e := a.exp
		if quotient && e < 0 {
			e = -e
		}
		s := a.sym
		if e != 1 {
			s += fmt.Sprintf(pow, e)
		}
		if quotient && a.exp < 0 {
			den = append(den, s)
		} else {
			num = append(num, s)
		}
	}
	if len(den) == 0 || len(num) == 0 {
		if quotient {
			return u.join(sep, pow, false)
		}
		return strings.Join(append(num, den...), sep)
	}
	return strings.Join(num, sep) + "/" + strings.Join(den, sep)
}

func (u compoundUnit) joinGroups(cmd, sep string) string {
	var parts []string
	for _, a := range u {
		s := cmd + a.sym + "}"
		if a.exp != 1 {
			s += fmt.Sprintf("^{%d}", a.exp)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, sep)
}

func cu(pairs ...any) compoundUnit {
	var u compoundUnit
	for i := 0; i < len(pairs); i += 2 {
		u = append(u, struct {
			sym string
			exp int
		}{pairs[i].(string), pairs[i+1].(int)})
	}
	return u
}

// TestCompoundUnitRenderings: a compound unit is read the same in every
// rendering (m s^{-1} inside one \mathrm group or one group per symbol, or
// as a quotient) and two different compound units are never Equal in any
// pair of renderings. \mathrm{m\,s^{-1}} was read as the variables m and s,
// and \mathrm{m}\,\mathrm{s}^{-1} was unparsable.
func TestCompoundUnitRenderings(t *testing.T) {
	units := []compoundUnit{
		cu("m", 1, "s", -1), cu("m", 1, "s", -2), cu("km", 1, "h", -1), cu("kg", 1, "m", 2),
		cu("kg", 1, "m", 2, "s", -2), cu("N", 1, "m", 1), cu("m", 2), cu("m", 3), cu("mol", 1, "L", -1),
		cu("kg", 1, "m", -3), cu("g", 1, "cm", -3), cu("W", 1, "m", -2), cu("J", 1, "s", -1), cu("m", 1, "s", 1),
	}
	// the same physical quantity, another way: N m is kg m^2 s^-2 (a joule), J/s is W
	same := map[[2]int]bool{{4, 5}: true, {5, 4}: true}
	var tally renderingTally
	for i, a := range units {
		for j, b := range units {
			for _, ra := range compoundRenderings {
				for _, rb := range compoundRenderings {
					gold, reply := "3"+ra(a), "3"+rb(b)
					tally.add(i == j || same[[2]int{i, j}], gold, reply, Grade(MATH, gold, reply, ""))
				}
			}
		}
	}
	tally.check(t, "compound units")
}

// renderingTally counts the pairs of a rendering property: a pair of two
// different units must never be Equal, a pair of the same unit always.
type renderingTally struct {
	pairs, falseEq, same, sameEq int
	bad                          []string
}

func (r *renderingTally) add(same bool, gold, reply string, v Verdict) {
	if same {
		r.same++
		if v.Kind == Correct {
			r.sameEq++
		} else if len(r.bad) < 20 {
			r.bad = append(r.bad, fmt.Sprintf("miss: %s <- %q: %s (%s)", gold, reply, v.Kind, v.Reason))
		}
		return
	}
	r.pairs++
	if v.Kind == Correct {
		r.falseEq++
		if len(r.bad) < 20 {
			r.bad = append(r.bad, fmt.Sprintf("FALSE EQUAL %s <- %q (%s)", gold, reply, v.Reason))
		}
	}
}

func (r *renderingTally) check(t *testing.T, what string) {
	t.Helper()
	t.Logf("%s: %d of %d different pairs Equal; the same %d of %d Equal", what, r.falseEq, r.pairs, r.sameEq, r.same)
	if r.falseEq > 0 || r.sameEq < r.same {
		t.Errorf("%s: %d false Equal, %d of %d same pairs not Equal:\n%s", what, r.falseEq, r.same-r.sameEq, r.same, strings.Join(r.bad, "\n"))
	}
}

// TestBinaryPrefixes: KiB, MiB, GiB are powers of 1024 bytes (IEC 80000-13),
// kB and MB powers of 1000; KB, which means either, is not converted.
func TestBinaryPrefixes(t *testing.T) {
	checkMATH(t, []gradeCase{
		{`1\text{ KiB}`, `1024\text{ bytes}`, true},
		{`1\text{ MiB}`, `1024\text{ KiB}`, true},
		{`1\text{ MiB}`, `1000\text{ KiB}`, false},
		{`1\text{ GiB}`, `1024\text{ MiB}`, true},
		{`1\text{ kB}`, `1000\text{ bytes}`, true},
		{`1\text{ kB}`, `1024\text{ bytes}`, false},
		{`1\text{ KiB}`, `1\text{ kB}`, false},
		{`1\text{ KiB}`, `1024\text{ bits}`, false},
		{`1\text{ Kibit}`, `1024\text{ bits}`, true},
		{`1\text{ kibibyte}`, `1024\text{ bytes}`, true},
		{`1\text{ KB}`, `1000\text{ bytes}`, false},
		{`1\text{ KB}`, `1024\text{ bytes}`, false},
	})
}

// TestExclamationMark: an exclamation mark ending a sentence of prose
// after a number is punctuation ("The answer is 12!"); a "!" that the
// sentence goes on after ("4! ways", "12! = …") and every "!" inside math
// is a factorial.
func TestExclamationMark(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"12", "The answer is 12!", true},
		{"12", "Therefore, the answer is **12**!", true},
		{"12", "Yay, we got 12!", true},
		{"12", "She has 12 apples left!\nThat was fun.", true},
		{"479001600", "The answer is 12!", false},
		{"12", "The answer is $12!$.", false},
		{"479001600", "The answer is $12!$.", true},
		{"4", "There are 4! ways to seat them.", false},
		{"24", "There are 4! = 24 ways.", true},
		{"12", "The answer is 12!!", false},
		{"12", "The answer is 11! + 12!", false},
		{"518918400", "The answer is 11! + 12!", true},
		{"12", "Find the largest prime divisor of 11! + 12!", false},
		{"24", "The answer is 2 \\cdot 12!", false},
	})
}

// TestCoefficientApartFromPower: in a plain reply a number written apart
// from a letter raised to a power is the letter's coefficient ("-8 x^4 +
// 7x^2"), unless the letter is a unit the table reads ("5 m^2", which the
// unit rules then read: a lone letter after a number is a variable there).
func TestCoefficientApartFromPower(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"-8x^4+7x^2-7x+8", "After the substitution the equation gives us -8 x^4+7x^2-7x+8", true},
		{"2x^3-10x^2-24x+72", "We get 2 x^3-10x^2-24x+72.", true},
		{"x^3-10x^2-24x+72", "We get 2 x^3-10x^2-24x+72.", false},
		{"3a^2", "We get 3 a^2.", true},
		{`5\text{ cm}^2`, "So the area is 5 cm^2", true},
	})
}

// TestReasonAfterAnswer: a clause giving the reason for the answer just
// stated ("…$45, since 3 shirts cost $15 each", "12 ways, not 10") is no
// part of it: the answer is the value before it, never a number of the
// reason. A clause followed by a comma goes on to a result.
func TestReasonAfterAnswer(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"45", "The total cost is $45, since 3 shirts cost $15 each.", true},
		{"15", "The total cost is $45, since 3 shirts cost $15 each.", false},
		{"15", "So it costs $45 because each of the 3 shirts is $15.", false},
		{"6", "Each child gets 6 candies, because 24 candies are shared among 4 children.", true},
		{"4", "Each child gets 6 candies because there are 4 children.", false},
		{"12", "He has $30 now, since he started with $12.", false},
		{"30", "He has 30 marbles now, since he started with 12.", true},
		{"8", "She needs 8 more boxes, as each box holds 6 eggs.", true},
		{"578833", "They sold 578,833 color stamps, as well as 523,776 black-and-white ones.", false},
		{"12", "There are 12 ways, not 10.", true},
		{"10", "There are 12 ways, not 10.", false},
		{"-3", "The minimum value is -3, attained at x = 2.", true},
		{"20", "The answer is 20, because 4 × 5 = 20.", true},
		{"7", "The final answer is 7 because 3 + 4 = 7.", true},
		{"9", "We have 2 cases, since x = 3, we get 9.", true},
		{"2", "We have 2 cases, since x = 3, we get 9.", false},
	})
}

// TestLoneLabelAgainstLetter: a label alone, "(D)" or "D)", against the gold
// letter is that choice.
func TestLoneLabelAgainstLetter(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"D", "D)", true}, {"C", "D)", false}, {"D", "(D)", true}, {"B", "(D)", false}, {"D", "The answer is D).", true},
		{"12", "D)", false},
	})
}

// TestGSMAnswerLine: GSM8K's "#### <answer>" line states the answer; a
// remark after it never does.
func TestGSMAnswerLine(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"1000", "#### 1000\n\nI hope this helps! Let me know if you have 2 more questions.", true},
		{"2", "#### 1000\n\nI hope this helps! Let me know if you have 2 more questions.", false},
		{"18", "#### 18\nThat's 3 more than yesterday.", true},
		{"3", "#### 18\nThat's 3 more than yesterday.", false},
		{"1250", "#### $1,250.00", true},
		{"18", "She sells each for $2 and earns 18 dollars.\n#### 18", true},
		{"18", "#### 18\nCheck: 18 + 6 = 24.", true},
		{"4", "Total = 6 * 3 = 18.\n#### 18\nHope that helps with all 4 parts!", false},
		{"3", "#### 1. Small epsilon\nThe root is 3.\n#### 2. Large epsilon\nThe root is 5.", false},
		{"5", "#### 1. Small epsilon\nThe root is 3.\n#### 2. Large epsilon\nThe root is 5.", true},
	})
}

// TestRetractedWithNothing: a final answer the reply takes back with no
// value after it is no answer; a retraction word negated, asked about or
// said of something else is none.
func TestRetractedWithNothing(t *testing.T) {
	for _, c := range []struct {
		reply string
		want  Kind
	}{
		{"\\boxed{5}\n\nWait, that's wrong.", NoAnswer},
		{"\\boxed{5}\n\nHmm, that doesn't seem right.", NoAnswer},
		{"\\boxed{5}\n\nActually, this is incorrect.", NoAnswer},
		{"So the answer is \\boxed{5}. No wait, that's not right; I need to redo this.", NoAnswer},
		{"The answer is \\boxed{5}, but this is wrong.", NoAnswer},
		{"The answer is \\boxed{5}. There is no mistake.", Correct},
		{"The answer is \\boxed{5}. Is that wrong? No.", Correct},
		{"The answer is \\boxed{5}. Nothing wrong here.", Correct},
		{"\\boxed{3} is wrong. Wait, \\boxed{5}.", Correct},
		{"\\boxed{5}\n\nOption (B) is wrong because it ignores the constraint.", Correct},
		{"Thus:\n\\[\n\\boxed{5}.\n\\]\n\nThis correction highlights the focus on the leading term.", Correct},
		{"**Final Grade:**\n\\[\n\\boxed{5}\n\\]\n\n**Error Reason:**\nThe coefficient in the final solution is slightly off.", Correct},
	} {
		if v := Grade(MATH, "5", c.reply, ""); v.Kind != c.want {
			t.Errorf("%q: %s (%s), want %s", c.reply, v.Kind, v.Reason, c.want)
		}
	}
}

// TestFractionUnits: a \frac of unit groups after a value is a unit
// quotient; a \frac of bare letters is a quotient of variables.
func TestFractionUnits(t *testing.T) {
	checkMATH(t, []gradeCase{
		{`3\,\mathrm{m/s}`, `3\,\frac{\text{m}}{\text{s}}`, true},
		{`9.8\,\mathrm{m/s^2}`, `9.8\,\frac{\text{m}}{\text{s}^2}`, true},
		{`9.8\,\mathrm{m/s^2}`, `9.8\,\frac{\mathrm{m}}{\mathrm{s}}`, false},
		{`10\text{ m/s}`, `36\,\dfrac{\text{km}}{\text{h}}`, true},
		{`10\text{ m/s}`, `10\,\dfrac{\text{km}}{\text{h}}`, false},
		{`3\text{ m/s}`, `3\ \frac{m}{s}`, false},
		{`5\text{ J}`, `5\,\frac{\text{kg}\,\text{m}^2}{\text{s}^2}`, true},
		{`5\text{ J}`, `5\,\frac{\text{kg}\,\text{m}}{\text{s}^2}`, false},
	})
}

// TestChoicePhrases: a choice named as the correct one ("The correct
// option is (C).") and a label after the word option, with a comma before
// its value; "I choose" states no answer.
func TestChoicePhrases(t *testing.T) {
	checkMATH(t, []gradeCase{
		{"2", "In how many ways can I choose 2 cooks? I choose a random integer $n$ between $1$ and $10$.", false},
		{"B", "The correct option is (B).", true},
		{"B", "The correct choice is B", true},
		{"B", "The answer is option (B), 12.", true},
		{"12", "The answer is option (B) 12.", true},
		{"13", "The answer is option (B), 12.", false},
		{"12", "(B), 12", true},
		{"B", "(A), (B)", false},
	})
}

// gradeCase is a gold, a reply and whether MATH's policy must grade the
// reply correct.
type gradeCase struct {
	gold, reply string
	want        bool
}

// checkMATH grades each case under MATH's policy and reports every one
// whose verdict is not the one wanted.
func checkMATH(t *testing.T, cases []gradeCase) {
	t.Helper()
	checkPolicy(t, MATH, cases)
}

// checkPolicy is checkMATH under any policy.
func checkPolicy(t *testing.T, p Policy, cases []gradeCase) {
	t.Helper()
	for _, c := range cases {
		if v := Grade(p, c.gold, c.reply, ""); (v.Kind == Correct) != c.want {
			t.Errorf("%s: gold %q <- %q: %s %q (%s), want equivalent=%v", p.Name, c.gold, c.reply, v.Kind, v.Extracted, v.Reason, c.want)
		}
	}
}
