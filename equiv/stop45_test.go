package equiv_test

import (
	"fmt"
	"testing"

	"github.com/matheval/matheval/equiv"
)

// TestPowerOfBigOperator: a power on a bracketed sum is not a power on
// each term. The printed key of \sum_{k=1}^{10} k^2 and of
// (\sum_{k=1}^{10} k)^2 was one string, and the pair was "identical
// expressions". Every summand, bound and power below gives two different
// values, so no pair may be Equal, in either order and either bracket.
func TestPowerOfBigOperator(t *testing.T) {
	summands := []string{`k`, `(k+1)`, `(2k-1)`, `k^2`}
	bounds := []string{`_{k=1}^{10}`, `_{k=1}^{n}`, `_{k=2}^{m}`}
	powers := []string{`2`, `3`, `{-1}`, `{1/2}`}
	for _, f := range summands {
		for _, b := range bounds {
			for _, p := range powers {
				termwise := fmt.Sprintf(`\sum%s %s^%s`, b, f, p)
				for _, whole := range []string{
					fmt.Sprintf(`\left(\sum%s %s\right)^%s`, b, f, p),
					fmt.Sprintf(`(\sum%s %s)^%s`, b, f, p),
					fmt.Sprintf(`\Big(\sum%s %s\Big)^%s`, b, f, p),
				} {
					wantNotEqual(t, []pair{{termwise, whole}, {whole, termwise}})
				}
			}
		}
	}
	// a factor outside the sum is not a factor of each term when it is
	// the index's own letter, free outside
	wantNotEqual(t, []pair{
		{`\left(\sum_{k=1}^{n} k\right) k`, `\sum_{k=1}^{n} k\cdot k`},
		{`\left(\int_0^1 x\,dx\right) x`, `\int_0^1 x\cdot x\,dx`},
		{`\left(\lim_{x\to 1} x\right)^2 x`, `\lim_{x\to 1} x^2 x`},
	})
	// the true identities stay Equal
	wantEqual(t, []pair{
		{`\sum_{k=1}^{10} k^2`, `385`}, {`\left(\sum_{k=1}^{10} k\right)^2`, `3025`},
		{`\sum_{k=1}^{n} k^2`, `\sum_{i=1}^{n} i^2`}, {`\left(\sum_{k=1}^{n} k\right)^2`, `\left(\sum_{j=1}^{n} j\right)^2`},
		{`\prod_{k=1}^{5} k^2`, `14400`}, {`n\sum_{k=1}^{n} k`, `\sum_{k=1}^{n} nk`},
	})
}

// TestIteratedIntegrals: in \int_a^b\int_c^d f\,dx\,dy the inner integral
// is over x with y a constant. Both binders were renamed to one fresh
// name, so the body read f(x, x): \int_0^1\int_0^1 xy\,dx\,dy was 1/3
// (Equal to a wrong 1/3, and wrong against the true 1/4).
func TestIteratedIntegrals(t *testing.T) {
	for _, c := range []struct{ integral, value, wrong string }{
		{`\int_0^1\int_0^1 xy\,dx\,dy`, `\frac14`, `\frac13`},
		{`\int_0^1\left(\int_0^1 xy\,dx\right)dy`, `\frac14`, `\frac13`},
		{`\int_0^1\int_0^1 st\,ds\,dt`, `\frac14`, `\frac13`},
		{`\int_0^1\int_0^2 y\,dx\,dy`, `1`, `2`},
		{`\int_0^3\int_1^2 x^2y^2\,dx\,dy`, `21`, `\frac{93}{5}`},
		{`\int_0^1\int_0^1 (x^2+xy)\,dx\,dy`, `\frac{7}{12}`, `\frac23`},
		{`\int_0^1\int_0^x xy\,dy\,dx`, `\frac18`, `\frac16`},
		{`\int_0^1\int_0^y 1\,dx\,dy`, `\frac12`, `1`},
		{`\int_0^1\int_0^1\int_0^1 xyz\,dx\,dy\,dz`, `\frac18`, `\frac14`},
		{`\int_0^1\int_0^1 x\,\mathrm{d}x\,\mathrm{d}y`, `\frac12`, `\frac13`},
	} {
		if r := compare(c.value, c.integral); r.Outcome != equiv.Equal {
			t.Errorf("Compare(%q, %q) = %v (%s), want Equal", c.value, c.integral, r.Outcome, r.Reason)
		}
		wantNotEqual(t, []pair{{c.wrong, c.integral}})
	}
}

// TestParameterMembership (stop 45, probe 25): in "x = \frac{\pi}{4}+k\pi,
// k\in\mathbb{Z}" the membership says what the parameter k is; a
// membership of another variable was Equal to it, because the name of a
// membership's plain variable does not matter on its own.
func TestParameterMembership(t *testing.T) {
	gold := `x = \frac{\pi}{4}+k\pi, k\in\mathbb{Z}`
	for _, cand := range []string{
		`x = \frac{\pi}{4}+k\pi, x\in\mathbb{Z}`, `x = \frac{\pi}{4}+k\pi, \theta\in\mathbb{Z}`,
		`x = \frac{\pi}{4}+k\pi, \mathbb{Z}`, `x = \frac{\pi}{4}+k\pi, k\in\mathbb{R}`,
	} {
		wantNotEqual(t, []pair{{gold, cand}})
	}
	wantEqual(t, []pair{
		{gold, `x = k\pi+\frac{\pi}{4}, k\in\mathbb{Z}`},
		{gold, `k\in\mathbb{Z}, x = \frac{\pi}{4}+k\pi`},
		{`x \in [0,1]`, `x \in [0,1]`},
	})
}

// TestDerivativeNotation (stop 45, probe 20): \frac{d^n}{dx^n} f and
// \frac{d f}{dx} are derivatives. They were read with d a variable and
// graded wrong against the derivative's value (\frac{d^2}{dx^2}x^3 was
// d²x³/(dx²), not 6x); the variable of a derivative is no symbol of the
// answer (\frac{d}{dx}5 is 0).
func TestDerivativeNotation(t *testing.T) {
	wantEqual(t, []pair{
		{`6x`, `\frac{d^2}{dx^2}x^3`}, {`6`, `\frac{d^3}{dx^3}x^3`}, {`0`, `\frac{d^4}{dx^4}x^3`},
		{`-\sin x`, `\frac{d^2}{dx^2}\sin x`}, {`3x^2`, `\frac{d x^3}{dx}`}, {`\cos x`, `\frac{d\sin x}{dx}`},
		{`2x`, `\frac{d(x^2)}{dx}`}, {`0`, `\frac{d}{dx}5`}, {`6x`, `\frac{d}{dx}\left(\frac{d}{dx}x^3\right)`},
		{`\frac{dy}{dx}`, `\frac{dy}{dx}`},
	})
	wantNotEqual(t, []pair{
		{`3x^2`, `\frac{d^2}{dx^2}x^3`}, {`6x`, `\frac{d^3}{dx^3}x^3`}, {`5`, `\frac{d}{dx}5`},
		{`\sin x`, `\frac{d\sin x}{dx}`}, {`x^2`, `\frac{d(x^2)}{dx}`}, {`\frac12`, `\frac{d}{2}`},
	})
}

// TestUnicodeArrow: → is \to, read in a limit's subscript; outside one it
// is still refused, never dropped.
func TestUnicodeArrow(t *testing.T) {
	wantEqual(t, []pair{{`1`, `\lim_{x→0} \frac{\sin x}{x}`}, {`4`, `\lim_{x→2} x^2`}})
	wantNotEqual(t, []pair{{`5`, `5→`}, {`6`, `5 → 6`}, {`1`, `\lim_{x→0} \frac{\sin 2x}{x}`}})
}

// TestSubscriptIndex (stop 45, probe 28): a symbol subscripted with a
// binder's variable depends on it (every letter of a subscript is an
// index: a_{ij}); it was a constant, so \sum_{i=1}^3 a_{ii} was 3a_{ii},
// a sum over j Equal to the same over i, and \int_0^1 a_x\,dx was a_x.
func TestSubscriptIndex(t *testing.T) {
	wantNotEqual(t, []pair{
		{`\sum_{j=1}^{n} a_{ij}`, `\sum_{i=1}^{n} a_{ij}`}, {`\sum_{i=1}^{3} a_{ii}`, `3a_{ii}`},
		{`\sum_{i=1}^2\sum_{j=1}^2 a_{ij}`, `4a_{ij}`}, {`\sum_{k=1}^n a_{ik}b_{kj}`, `na_{ik}b_{kj}`},
		{`0`, `\lim_{n\to\infty}\frac{s_n}{n}`}, {`a_n`, `\lim_{n\to\infty} a_n`}, {`a_x`, `\int_0^1 a_x\,dx`},
		{`\int_0^1 u_{xt}\,dx`, `\int_0^1 u_{xt}\,dt`}, {`\prod_{i=1}^n p_{ii}`, `p_{ii}^n`},
	})
	wantEqual(t, []pair{
		{`\sum_{j=1}^{n} a_{ij}`, `\sum_{k=1}^{n} a_{ik}`}, {`\sum_{k=1}^{n} a_k`, `\sum_{i=1}^{n} a_i`},
		{`\sum_{k=1}^{3} k`, `6`},
	})
}
