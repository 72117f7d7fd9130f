package equiv_test

import (
	"testing"

	"github.com/matheval/matheval/equiv"
)

// TestBinderWithoutValueUndecided: a limit, sum or integral the engine has
// no value for is Undecided against a number, never Not Equal: nothing is
// known of its value (lim sin x/x at ∞ is 0; it was "wrong" because one
// side had a value and the other not).
func TestBinderWithoutValueUndecided(t *testing.T) {
	for _, p := range []pair{
		{`0`, `\lim_{x\to\infty}\frac{\sin x}{x}`},
		{`\lim_{x\to\infty}\frac{\sin x}{x}`, `0`},
		{`\frac{\sqrt\pi}{2}`, `\int_0^\infty e^{-x^2}\,dx`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome != equiv.Undecided {
			t.Errorf("Compare(%q, %q) = %v (%s), want Undecided", p.gold, p.cand, r.Outcome, r.Reason)
		}
	}
	// a value the engine does compute is still refuted
	wantNotEqual(t, []pair{{`1`, `\lim_{x\to\infty}(1+1/x)^x`}, {`2`, `\lim_{x\to0}\frac{\sin x}{x}`}})
}
