package mutation

import (
	"fmt"
	"math/big"
	"strings"
)

// Families from an adversarial sweep over every MATH gold (stop 26): each
// was graded Equal somewhere before its fix. They run over every gold, so
// the fixes hold as properties of all data, not of a few examples.

// plainNumber reports whether the gold is one number other than 0 and ±1
// (a value a scale word, a square or a sign change moves), and returns it.
func (c *gen) plainNumber() (*big.Rat, bool) {
	if c.gv == nil || c.gv.Kind != "scalar" || c.gv.Tag != "" || c.gv.Num == nil || c.gv.Num.R == nil || c.gv.Num.Var {
		return nil, false
	}
	r := c.gv.Num.R
	if r.Sign() == 0 || new(big.Rat).Abs(r).Cmp(big.NewRat(1, 1)) == 0 {
		return nil, false
	}
	if strings.ContainsAny(c.core, "=<>,;") {
		return nil, false
	}
	return r, true
}

// valueWords change the number they follow: a scale, an operation, a time
// of day, a verdict. None of them is a unit to drop.
var valueWords = []struct{ tex, prose string }{
	{`\text{ thousand}`, "thousand"},
	{`\text{ dozen}`, "dozen"},
	{`\text{ million}`, "million"},
	{`\text{ squared}`, "squared"},
	{`\text{ halves}`, "halves"},
	{`\text{ cubed}`, "cubed"},
	{`\text{ (wrong)}`, "(wrong)"},
	{`\text{ excluded}`, "excluded"},
	{`\text{ a.m.}`, "a.m."},
}

// valueWord writes the gold followed by a word that changes its value.
func (c *gen) valueWord() {
	if _, ok := c.plainNumber(); !ok {
		return
	}
	g := c.core
	for k := 0; k < len(valueWords) && c.count["value-word"] < c.cap; k++ {
		w := valueWords[(k+c.pick(len(valueWords)))%len(valueWords)]
		var cand string
		switch {
		case c.g.Prose:
			cand = "The answer is " + g + " " + w.prose + "."
		case c.pick(3) == 0:
			cand = `\boxed{` + g + w.tex + `}`
		case c.pick(2) == 0:
			cand = "The answer is $" + g + w.tex + "$."
		default:
			cand = g + w.tex
		}
		c.emit("value-word", cand, MustDiffer, w.prose+" after the gold")
	}
}

// notEqual states that something is not the gold: x \not= g.
func (c *gen) notEqual() {
	if _, ok := c.plainNumber(); !ok || c.g.Prose {
		return
	}
	g := c.core
	c.emit("not-equal", `x \not= `+g, MustDiffer, `x \not= gold`)
	c.emit("not-equal", `The answer is $x \not= `+g+`$.`, MustDiffer, `x \not= gold in a reply`)
	c.emit("not-equal", `\boxed{x \not= `+g+`}`, MustDiffer, `x \not= gold boxed`)
}

// lineBreak writes a different answer across two lines of a bare reply,
// the gold's text on the last line: it is one answer, never that line.
func (c *gen) lineBreak() {
	if _, ok := c.plainNumber(); !ok || c.g.Prose || c.g.Tol != nil || strings.Contains(c.core, "\n") {
		return
	}
	g := c.core
	c.emit("line-break", "-\n"+g, MustDiffer, "minus on the line before")
	c.emit("line-break", "\\frac{1}\n{"+g+"}", MustDiffer, "the reciprocal across two lines")
	c.emit("line-break", "x^3+\n"+g, MustDiffer, "an expression ending in the gold on the next line")
}

// contrast gives a different answer "rather than" the gold, and the gold
// rather than a different answer.
func (c *gen) contrast() {
	m, ok := c.wrongValue()
	if !ok || c.g.Prose {
		return
	}
	g := c.core
	c.emit("contrast", `So the answer is $\boxed{`+m+`}$ rather than $\boxed{`+g+`}$.`, MustDiffer, "other rather than gold")
	c.emit("contrast", `We get $\boxed{`+m+`}$ instead of $\boxed{`+g+`}$.`, MustDiffer, "other instead of gold")
	c.emit("contrast-keep", `So the answer is $\boxed{`+g+`}$ rather than $\boxed{`+m+`}$.`, MustEqual, "gold rather than other")
}

// denial writes the gold only to turn it down, as a box, in math or in
// words, and a different value as the one the reply keeps.
func (c *gen) denial() {
	m, ok := c.wrongValue()
	if !ok {
		return
	}
	g := c.core
	if c.g.Prose {
		c.emit("denial", "We get "+m+" instead of "+g+".", MustDiffer, "other instead of gold, in words")
		c.emit("denial", "The answer is "+m+", not "+g+".", MustDiffer, "other, not gold, in words")
		return
	}
	c.emit("denial", `The answer is not $\boxed{`+g+`}$.`, MustDiffer, "not the gold, boxed")
	c.emit("denial", `Is the answer $\boxed{`+g+`}$? No.`, MustDiffer, "a question answered no")
	c.emit("denial", `I get $`+m+`$ instead of $`+g+`$.`, MustDiffer, "other instead of gold, in math")
	c.emit("denial", `The result is $`+m+`$, not $`+g+`$.`, MustDiffer, "other, not gold, in math")
}

// boxOperand writes the gold boxed as an operand of a larger formula:
// the formula is the answer, not the box.
func (c *gen) boxOperand() {
	if _, ok := c.plainNumber(); !ok || c.g.Prose || c.g.Tol != nil {
		return
	}
	g := c.core
	c.emit("box-operand", `$-\boxed{`+g+`}$`, MustDiffer, "minus outside the box")
	c.emit("box-operand", `The answer is $\boxed{`+g+`}\times 10^{3}$.`, MustDiffer, "a power of ten outside the box")
	c.emit("box-operand", `$\frac{1}{\boxed{`+g+`}}$`, MustDiffer, "the box in a denominator")
	c.emit("box-keep", `So $x = \boxed{`+g+`}$.`, MustEqual, "x = box")
}

// operandWords writes the gold as the operand of an operation said in
// words, in a one-line reply with no math: the number is not the answer.
func (c *gen) operandWords() {
	r, ok := c.plainNumber()
	if !ok || c.g.Prose || c.g.Tol != nil || !r.IsInt() || r.Sign() < 0 || strings.ContainsAny(c.core, "_{") {
		return // (a base subscript, 8_9, is a numeral of its own)
	}
	g := c.core
	c.emit("operand-words", "square root of "+g, MustDiffer, "square root of the gold")
	c.emit("operand-words", "twice "+g, MustDiffer, "twice the gold")
	c.emit("operand-words", "7 times "+g, MustDiffer, "7 times the gold")
	c.emit("operand-words", g+" and a half", MustDiffer, "the gold and a half")
}

// statedAnswers are ways replies state their answer; each is followed by
// a remark that mentions the gold.
var statedAnswers = []string{"The correct answer is %s.", "My answer is %s.", "The answer should be %s.",
	"The result is %s.", "Final: %s.", "# Answer\n\n%s", "**Answer**\n\n%s", "<answer>%s</answer>",
	"The answer is $%s$ hundred.", "The answer is $\\boxed{%s}$ (wrong)."}

// statedThenGold states a different answer, then mentions the gold.
func (c *gen) statedThenGold() {
	m, ok := c.wrongValue()
	if !ok || c.g.Prose || c.g.Tol != nil || strings.Contains(c.core, `\boxed`) || strings.Contains(c.core, "$") {
		return // (a gold written with its own box is no remark)
	}
	for k := 0; k < len(statedAnswers) && c.count["stated-then-gold"] < c.cap; k++ {
		f := statedAnswers[(k+c.pick(len(statedAnswers)))%len(statedAnswers)]
		c.emit("stated-then-gold", fmt.Sprintf(f, m)+"\n\nThis used "+c.core+".", MustDiffer, "another answer stated, then the gold mentioned")
	}
}

// solutionTails are endings of a worked reply: %[1]s is the gold, %[2]s a
// different answer, which is the reply's last word on it.
var solutionTails = []string{
	"So $x=\\boxed{%[1]s}$.\n\nChecking: this fails the second condition. Hence the value must change.\n\nThe answer is $\\boxed{%[2]s}$.",
	"So the sum is $\\boxed{%[1]s}$.\n\nCorrection :\nthe sum is $\\boxed{%[2]s}$.",
	"So $\\boxed{%[2]s}$ is the correct answer.\n\nLet me verify: plugging in, we get $\\boxed{%[1]s}$.",
	"We get $f = %[1]s$. Thus, the answer is $",
	"So, the answer is $%[1]s$.\n\nWait, that is wrong. So the final result is $%[2]s$.",
}

// solutionTail ends a worked reply with a different answer while the gold
// stands earlier in it.
func (c *gen) solutionTail() {
	m, ok := c.wrongValue()
	if !ok || c.g.Prose || c.g.Tol != nil {
		return
	}
	for _, f := range solutionTails {
		c.emit("solution-tail", fmt.Sprintf(f, c.core, m), MustDiffer, "the gold stated, then another final answer or none")
	}
}

// unknownPower states a power of HARDMath's \epsilon equal to the gold.
func (c *gen) unknownPower() {
	if c.g.Bench != "hardmath" || strings.ContainsAny(c.core, "=$") || strings.Contains(c.core, `\boxed`) || strings.Contains(c.core, `\approx`) {
		return
	}
	c.emit("unknown-power", `\epsilon^{-1} = `+c.core, MustDiffer, "epsilon^-1 = gold")
	c.emit("unknown-power", `\epsilon^{2} = `+c.core, MustDiffer, "epsilon^2 = gold")
}

// moreDigits writes a decimal gold with one more nonzero digit: two
// different terminating decimals are different numbers.
func (c *gen) moreDigits() {
	for _, l := range literals(c.core) {
		if !l.decimal || l.grouped {
			continue
		}
		c.mutant("more-digits", c.core[:l.hi]+"1"+c.core[l.hi:], "a digit appended to "+l.digits)
	}
}

// unitSwaps are pairs of different units of one kind.
var unitSwaps = [][2]string{{"inches", "feet"}, {"inch", "foot"}, {"feet", "inches"}, {"cm", "m"}, {"meters", "centimeters"},
	{"cents", "dollars"}, {"dollars", "cents"}, {"hours", "minutes"}, {"minutes", "seconds"}, {"miles", "feet"},
	{"a.m.", "p.m."}, {"p.m.", "a.m."}, {"AM", "PM"}, {"PM", "AM"}, {`^\circ`, `\text{ radians}`}, {`^{\circ}`, `\text{ rad}`}}

// unitSwap names a different unit (or half of the day) than the gold does.
func (c *gen) unitSwap() {
	if c.g.Prose {
		return
	}
	for _, u := range unitSwaps {
		i := strings.Index(c.core, u[0])
		if i < 0 {
			continue
		}
		end := i + len(u[0])
		if isLetter(u[0][0]) && (i > 0 && isLetter(c.core[i-1]) || end < len(c.core) && isLetter(c.core[end])) {
			continue // part of a longer word
		}
		if u[0][0] == '^' && strings.Contains(c.core, `\\`) {
			continue // a degree sign inside a trigonometric function is no unit
		}
		c.certain("unit-swap", c.core[:i]+u[1]+c.core[end:], u[0]+" -> "+u[1])
	}
}
