package equiv

import (
	"context"
	"strings"
	"testing"
)

// unreadCases: a symbol the parser kept without a meaning (an unknown
// command, a decoration over digits, an operator it does not read) never
// lets a canonical form or a reordered product prove two answers equal.
// Each Undecided row was Equal before.
var unreadCases = []struct {
	gold, cand string
	want       Outcome
}{
	// a decoration over digits was read as a variable (0 times a symbol)
	// and these compared Equal; latex now reads them for their meaning or
	// refuses them, so they are decided on their values or unparsable
	{`0.\dot{3}`, `0.\dot{6}`, NotEqual},
	{`\int_0^1 x\,dx`, `x\int_0^1 dx`, NotEqual},
	{`\int_0^1 x^2\,dx`, `x^2\int_0^1 dx`, NotEqual},
	{`\int_0^1 2x\,dx`, `2\int_0^1 x\,dx`, Equal}, // both are 1, exactly
	{`y = \zzz x`, `y = x \zzz`, Unparsable},
	{`x > \dot{3}`, `x > \dot{3} + 0`, Unparsable},
	// written alike: the same thing on both sides
	{`\int_0^1 x\,dx`, `\int_0^1 x\, dx`, Equal},
	{`a = \dot{3}, b = 2`, `b = 2, a = \dot{3}`, Unparsable}, // \dot over a lone digit: refused by latex
	{`\{\dot{3}, 1\}`, `\{1, \dot{3}\}`, Unparsable},
	// the name holding the symbol is dropped against a bare value: the
	// values, which hold none, are compared as usual
	{`-\frac{7}{25}`, `\cos \angle ABC = -\frac{7}{25}`, Equal},
	// names made of letters are read: Greek letters, vectors, segments
	{`\vec{v}+\vec{w}`, `\vec{w}+\vec{v}`, Equal},
	{`2\overline{AB}`, `\overline{AB}+\overline{AB}`, Equal},
	{`\theta_1 + 1`, `1+\theta_1`, Equal},
	{`\mathbb{R}`, `(-\infty,\infty)`, Equal},
	// nor is such a symbol probed with a value: a limit read as a symbol
	// "differed" from its renamed copy at \lim_x\to0=0.70346
	{`\lim_{x\to0} \frac{\sin x}{x}`, `\lim_{t\to0} \frac{\sin t}{t}`, Equal}, // alpha-equivalent: the bound variable renamed
	{`\lim_{x\to0} \frac{\sin x}{x}`, `1`, Equal},                             // the limit is proved by exact series (expr/limit.go)
	{`\lim_{x\to0} \frac{\sin(1/x)}{x}`, `1`, Undecided},                      // no limit: never probed as a symbol
	{`\int_0^1 x\,dx`, `\frac12`, Equal},                                      // latex evaluates polynomial integrals exactly
}

func TestUnreadSymbols(t *testing.T) {
	for _, tc := range unreadCases {
		r := Compare(context.Background(), tc.gold, tc.cand, Options{})
		if r.Outcome != tc.want {
			t.Errorf("%s vs %s: got %s (%s), want %s", tc.gold, tc.cand, r.Outcome, r.Reason, tc.want)
		}
		if tc.want == Undecided && !strings.Contains(r.Reason, "no meaning the grader reads") && !strings.Contains(r.Reason, "unknown function") {
			t.Errorf("%s vs %s: reason %q does not name the unread symbol", tc.gold, tc.cand, r.Reason)
		}
	}
}

func TestUnreadSym(t *testing.T) {
	for name, want := range map[string]bool{
		`\pi`: false, `\theta`: false, `\alpha_1`: false, `\mathbb{R}`: false, `\overline{AB}`: false,
		`\vec{v}`: false, `x`: false, `a_1`: false,
		`\dot{3}`: true, `\overline{3}`: true, `\cancel`: true, `\int_0`: true, `\int`: true,
		`\lim_x\to0`: true, `\zzz`: true, `\vec{v+w}`: true,
	} {
		if got := unreadSym(name); got != want {
			t.Errorf("unreadSym(%q) = %v, want %v", name, got, want)
		}
	}
}
