package equiv_test

import (
	"context"
	"testing"
	"time"

	"github.com/matheval/matheval/equiv"
)

// The engine's side of the adversarial sweep of issue 28
// (grader/mutation's TestAdversary): each row is a pair the sweep found
// graded wrongly, reduced to the engine.

func TestAdversaryFalseEquals(t *testing.T) {
	for _, p := range []pair{
		// a subscript on an expression was dropped
		{`\frac{49}{64}`, `\left(\frac{49}{64}\right)_{2}`},
		{`\frac{49}{64}`, `\left(\frac{49}{64}\right)_{n}`},
		{`x+1`, `(x+1)_n`},
		{`\{1,2\}`, `\{1,2\}_2`},
		// three dots were a full stop: 1, 2, ... goes on
		{`1, 2`, `1, 2, ...`},
		{`1, 2`, `1, 2 , ...`},
		{`1, 2, n`, `1, 2, ..., n`},
		// a leading minus is the sign of the residue's operand: -2 mod 7 is 5
		{`-2`, `-2 \bmod 7`},
		{`-4`, `-4 \bmod 7`},
		{`-4`, `-4 \mod 7`},
		// an approximation suffix is a qualifier, never a unit
		{`2`, `2\text{ish}`},
		{`2.5`, `2.5\text{ish}`},
		{`3`, `3\text{-ish}`},
		{`3`, `3\text{ circa}`},
		{`12`, `12\text{ (estimated)}`},
		{`2`, `2\text{ (rounded)}`},
		{`2`, `2\text{ (truncated)}`},
		{`2`, `2\text{ (rough estimate)}`},
		// ordinal fractions and multiples are no units
		{`2`, `2 fifteenths`},
		{`5`, `5 thirtieths`},
		{`5`, `5\text{ sixteenths}`},
		{`5`, `5 grand`},
		{`5`, `5\text{ negated}`},
		// \varpi is a letter of its own, never \pi
		{`9\pi`, `9\varpi`},
		{`\frac{\pi}{2}`, `\frac{\varpi}{2}`},
		// |A| = A only where A is proved nonnegative
		{`x^3`, `|x^3|`},
		{`x^2-1`, `\lvert x^2-1\rvert`},
		{`-\frac{3x^2}{2}`, `\lvert\frac{3x^2}{2}\rvert`},
		{`x^2+2x+1`, `|x^2+2x+1|`},
		{`x^2 y`, `|x^2 y|`},
		// linearity reads constants out of a limit or an integral, never
		// a discontinuity or a non-polynomial rest
		{`1`, `\lim_{x\to 1}\frac{\sqrt{2}}{x-1}`},
		{`\sqrt{2}`, `\int_0^1 \frac{\sqrt{2}}{x}\,dx`},
		{`\frac{15\sqrt{7}}{14}`, `\int_0^1 \frac{15\sqrt{7}x}{14}\,dx`},
		{`8+i`, `\overline{\overline{8-i}}`},
		// siunitx reads a comma as a decimal marker: \num{1,500} is 1.5
		{`1500`, `\num{1,500}`},
		// a dash between two numbers is a range
		{`-2`, `5–7`},
		{`-2`, `5—7`},
		// the sign policy drops one sign, never two
		{`5`, `5\%\%`},
		{`5`, `5^\circ{}^\circ`},
		// a closed bracket at infinity is no set of reals
		{`[6,\infty)`, `[6,\infty]`},
		{`(-\infty,3)`, `[-\infty,3)`},
		{`x \ge 6`, `\left[6, \infty\right]`},
		{`(-\infty,1)\cup(2,\infty)`, `(-\infty,1]\cup(2,\infty]`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome == equiv.Equal {
			t.Errorf("Compare(%q, %q) = %v (%s), want not Equal", p.gold, p.cand, r.Outcome, r.Reason)
		}
	}
}

func TestAdversaryFalseNotEquals(t *testing.T) {
	for _, p := range []pair{
		{`5`, `-2 \bmod 7`},
		{`3`, `-17 \bmod 5`},
		{`1, 2, \ldots`, `1, 2, ...`},
		{`1, 2, \ldots, n`, `1, 2, ..., n`},
		{`2`, `2.`},
		{`\frac13`, `0.3333...`},
		// linearity of limits and integrals over constants
		{`8-i`, `\int_0^1 \left(8-i\right)\,dx`},
		{`8-i`, `\lim_{x \to 0} \left(8-i + x\right)`},
		{`\frac{15\sqrt{7}}{28}`, `\int_0^1 \frac{15\sqrt{7}x}{14}\,dx`},
		{`\frac{\pi}{2}`, `\int_0^1 \pi x\,dx`},
		{`\sqrt{2}`, `\lim_{x\to 1} \sqrt{2}x^2`},
		{`-\frac{\sqrt{2}}{2y}`, `\int_0^1 -\frac{\sqrt{2}x}{y}\,dx`},
		// a binomial with a small lower index is cheap, however large n
		{`33840`, `\binom{33840}{1}`},
		{`4999950000`, `\binom{100000}{2}`},
		// conjugation is an involution
		{`8-i`, `\overline{\overline{8-i}}`},
		// |3x^2/2| = 3x^2/2 for every real x: a positive coefficient times
		// an even power, proved nonnegative (variables are real)
		{`\frac{3x^2}{2}`, `\lvert\frac{3x^2}{2}\rvert`},
		{`3x^2/2`, `\left|\frac{3x^2}{-2}\right|`},
		{`x^2+1`, `|x^2+1|`},
		// siunitx's \num is its number; a percent sign in a text group
		{`1500`, `\num{1500}`},
		{`1500`, `\num{1.5e3}`},
		{`2.5`, `\num{2.5}`},
		{`25\%`, `25\text{\%}`},
		{`0.25`, `25\mbox{%}`},
		{`x-1`, `x–1`},
		{`-5`, `–5`},
		{`0.0005`, `5\%\%`},
		// coins stay a unit (ASDiv's "9 (quarters)"), though "3 quarters"
		// may be 3/4: the unit reading is the documented one
		{`9`, `9 quarters`},
		// a text answer in another text font
		{`\text{June 20}`, `\textrm{June 20}`},
		{`\text{June 20}`, `\textbf{June 20}`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome != equiv.Equal {
			t.Errorf("Compare(%q, %q) = %v (%s), want Equal", p.gold, p.cand, r.Outcome, r.Reason)
		}
	}
}

// TestAdversaryBinomLimit: a binomial whose value is too large is refused
// within the size limits whatever its n; one with a small lower index (or
// upper minus lower) is computed.
func TestAdversaryBinomLimit(t *testing.T) {
	for _, c := range []string{`\binom{1000000000000}{500000}`, `\binom{1000000}{5000}`, `\binom{1000000000000}{999999999999}`} {
		r := equiv.Compare(context.Background(), `1`, c, equiv.Options{Timeout: 2 * time.Second})
		if c == `\binom{1000000000000}{999999999999}` {
			if r.Outcome != equiv.NotEqual {
				t.Errorf("Compare(1, %q) = %v (%s), want NotEqual (the value is 10^12)", c, r.Outcome, r.Reason)
			}
		} else if r.Outcome == equiv.Equal {
			t.Errorf("Compare(1, %q) = %v (%s)", c, r.Outcome, r.Reason)
		}
	}
}
