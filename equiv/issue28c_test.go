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

// TestMapsTo: a function given by its rule (x \mapsto x^2, ↦) is the
// definition of a function the answer leaves unnamed; it matches the
// definition of any named function with as many parameters, its
// parameters bound like a head's. Against a bare gold, its rule is the
// value it states, as for f(t) = x^2 (a definition whose head does not bind
// its rule's variable, P(x) = εy^5 + y^4 + 1, is how real replies write the
// value).
func TestMapsTo(t *testing.T) {
	wantEqual(t, []pair{
		{`x^2`, `x\mapsto x^2`},
		{`f(x)=x^2`, `x\mapsto x^2`},
		{`f(x)=x^2`, `t\mapsto t^2`},
		{`f(x)=x^2`, `t↦t^2`},
		{`f(x,y)=x-y`, `(a,b)\mapsto a-b`},
		{`f(x)=2x`, `x\longmapsto 2x`},
		{`x\mapsto x^2`, `f(t)=t^2`},
		{`ax+b`, `f(x)=ax+b`},
		{`12`, `f(3)=12`},
	})
	wantNotEqual(t, []pair{
		{`f(x)=x^2`, `t\mapsto x^2`},
		{`f(x,y)=x-y`, `(y,x)\mapsto x-y`},
		{`x^2`, `x\mapsto x^3`},
	})
	for _, bad := range []string{`2\mapsto 4`, `x\mapsto x^2 \mapsto 3`, `x\mapsto x^2=4`, `(x,x)\mapsto x`} {
		if r := compare(`f(x)=x^2`, bad); r.Outcome != equiv.Unparsable {
			t.Errorf("Compare(f(x)=x^2, %q) = %v (%s), want Unparsable", bad, r.Outcome, r.Reason)
		}
	}
}
