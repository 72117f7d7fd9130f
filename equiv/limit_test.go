package equiv_test

import (
	"testing"

	"github.com/matheval/matheval/equiv"
)

// Limits are graded by their proved values (expr/limit.go): a limit
// equals its value, in either order, and a wrong value is never Equal.
func TestLimitValuesCompare(t *testing.T) {
	for _, p := range []pair{
		{`1`, `\lim_{x\to0}\frac{\sin x}{x}`},
		{`\lim_{x\to0}\frac{\sin x}{x}`, `1`},
		{`2`, `\lim_{n\to\infty}\frac{2n+1}{n}`},
		{`\frac12`, `\lim_{x\to0}\frac{1-\cos x}{x^2}`},
		{`4`, `\lim_{x\to2}\frac{x^2-4}{x-2}`},
		{`e`, `\lim_{n\to\infty}\left(1+\frac1n\right)^n`},
		{`\lim_{x\to0}\frac{\tan 3x}{x}`, `\lim_{x\to0}\frac{\sin 3x}{x}`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome != equiv.Equal {
			t.Errorf("Compare(%q, %q) = %v (%s), want Equal", p.gold, p.cand, r.Outcome, r.Reason)
		}
	}
	for _, p := range []pair{
		{`2`, `\lim_{x\to0}\frac{\sin x}{x}`},
		{`1`, `\lim_{n\to\infty}\frac{2n+1}{n}`},
		{`0`, `\lim_{x\to0}\frac{1-\cos x}{x^2}`},
		{`3`, `\lim_{n\to\infty}\left(1+\frac1n\right)^n`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome != equiv.NotEqual {
			t.Errorf("Compare(%q, %q) = %v (%s), want NotEqual", p.gold, p.cand, r.Outcome, r.Reason)
		}
	}
	// no limit, or none proved: never Equal to any value
	for _, p := range []pair{
		{`0`, `\lim_{x\to0}\sin\frac1x`},
		{`1`, `\lim_{x\to0}\frac{|x|}{x}`},
		{`\infty`, `\lim_{x\to0}\frac1x`},
		{`1`, `\lim_{x\to1}\lfloor x\rfloor`},
		{`1`, `\lim_{x\to0} x^x`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome == equiv.Equal {
			t.Errorf("Compare(%q, %q) = %v (%s), want not Equal", p.gold, p.cand, r.Outcome, r.Reason)
		}
	}
}
