package equiv_test

import (
	"fmt"
	"testing"

	"github.com/matheval/matheval/equiv"
)

// Stop 40's rows of issue 28: determinants and traces, the argument of a
// complex number, ζ and the number-theoretic functions, Leibniz
// derivatives, and the Unicode and decimal notations that were refused.

func wantEqual(t *testing.T, ps []pair) {
	t.Helper()
	for _, p := range ps {
		if r := compare(p.gold, p.cand); r.Outcome != equiv.Equal {
			t.Errorf("Compare(%q, %q) = %v (%s), want Equal", p.gold, p.cand, r.Outcome, r.Reason)
		}
	}
}

func wantNotEqual(t *testing.T, ps []pair) {
	t.Helper()
	for _, p := range ps {
		if r := compare(p.gold, p.cand); r.Outcome == equiv.Equal {
			t.Errorf("Compare(%q, %q) = Equal (%s), want not Equal", p.gold, p.cand, r.Reason)
		}
	}
}

func TestIssue28MatrixFunctions(t *testing.T) {
	wantEqual(t, []pair{
		{`-2`, `\det\begin{pmatrix}1&2\\3&4\end{pmatrix}`},
		{`-2`, `\begin{vmatrix}1&2\\3&4\end{vmatrix}`},
		{`ad-bc`, `\begin{vmatrix}a&b\\c&d\end{vmatrix}`},
		{`0`, `\det\begin{bmatrix}1&2&3\\4&5&6\\7&8&9\end{bmatrix}`},
		{`-306`, `\det\begin{pmatrix}6&1&1\\4&-2&5\\2&8&7\end{pmatrix}`},
		{`x^3`, `\begin{vmatrix}x&1&0\\0&x&1\\0&0&x\end{vmatrix}`},
		{`5`, `\operatorname{tr}\begin{pmatrix}1&2\\3&4\end{pmatrix}`},
		{`a+d`, `\mathrm{tr}\begin{pmatrix}a&1\\2&d\end{pmatrix}`},
	})
	wantNotEqual(t, []pair{
		{`2`, `\det\begin{pmatrix}1&2\\3&4\end{pmatrix}`},
		{`-2`, `\begin{pmatrix}1&2\\3&4\end{pmatrix}`},
		{`ad+bc`, `\begin{vmatrix}a&b\\c&d\end{vmatrix}`},
		{`-3`, `\begin{vmatrix}-3\end{vmatrix}`}, // one cell: |x| or det, not read
		{`3`, `\begin{vmatrix}-3\end{vmatrix}`},
		{`4`, `\operatorname{tr}\begin{pmatrix}1&2\\3&4\end{pmatrix}`},
		{`\det A`, `\det B`},
	})
}

// TestDeterminantProperty: for every 3×3 matrix with entries in -2..2 in a
// sample, the exact determinant is Equal to the Leibniz sum written out and
// never Equal to it plus one.
func TestDeterminantProperty(t *testing.T) {
	n := 0
	for seed := 0; seed < 60; seed++ {
		var e [9]int
		x := seed*7919 + 13
		for i := range e {
			x = (x*1103515245 + 12345) & 0x7fffffff
			e[i] = x%5 - 2
		}
		d := e[0]*(e[4]*e[8]-e[5]*e[7]) - e[1]*(e[3]*e[8]-e[5]*e[6]) + e[2]*(e[3]*e[7]-e[4]*e[6])
		m := fmt.Sprintf(`\begin{vmatrix}%d&%d&%d\\%d&%d&%d\\%d&%d&%d\end{vmatrix}`, e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8])
		wantEqual(t, []pair{{fmt.Sprint(d), m}})
		wantNotEqual(t, []pair{{fmt.Sprint(d + 1), m}})
		n++
	}
	if n != 60 {
		t.Fatalf("checked %d matrices", n)
	}
}

func TestIssue28ArgAndNumberTheory(t *testing.T) {
	wantEqual(t, []pair{
		{`\frac{\pi}{4}`, `\arg(1+i)`},
		{`\frac{3\pi}{4}`, `\arg(-1+i)`},
		{`-\frac{\pi}{2}`, `\arg(-2i)`},
		{`\pi`, `\arg(-5)`},
		{`\frac{3\pi}{4}`, `\arg\left(\frac{(1+i)^3}{2}\right)`},
		{`0`, `\arg\left(\frac{(1+i)^3}{-2+2i}\right)`},
		{`\arctan 2`, `\arg(1+2i)`},
		{`\frac{\pi^2}{6}`, `\zeta(2)`},
		{`\frac{\pi^4}{90}`, `\zeta(4)`},
		{`-\frac12`, `\zeta(0)`},
		{`4`, `\varphi(10)`},
		{`4`, `\phi(10)`},
		{`12`, `\sigma(6)`},
		{`4`, `\tau(6)`},
		{`\zeta(3)`, `\zeta(3)`},
	})
	wantNotEqual(t, []pair{
		{`\frac{\pi}{2}`, `\arg(1+i)`},
		{`-\frac{3\pi}{4}`, `\arg(-1+i)`},
		{`2\zeta`, `\zeta(2)`},
		{`10\varphi`, `\varphi(10)`},
		{`10\phi`, `\phi(10)`},
		{`6\sigma`, `\sigma(6)`},
		{`6\tau`, `\tau(6)`},
		{`6\mu`, `\mu(6)`},
		{`x\omega`, `\omega(x)`},
		{`5`, `\varphi(10)`},
		{`\frac{\pi^2}{3}`, `\zeta(2)`},
		{`1.2020569`, `\zeta(3)`}, // no value is proved: undecided
		{`0`, `\zeta(1)`},
	})
}

func TestIssue28Leibniz(t *testing.T) {
	wantEqual(t, []pair{
		{`\frac{dy}{dx}=2x`, `\dfrac{\mathrm{d}y}{\mathrm{d}x} = 2x`},
		{`\frac{d^2y}{dx^2}+y=0`, `\frac{d^{2}y}{dx^{2}} = -y`},
	})
	wantNotEqual(t, []pair{
		{`\frac{y}{x}`, `\frac{dy}{dx}`},
		{`\frac{dy}{dx}=2x`, `\frac{dy}{dt}=2x`},
		{`\frac{d^2y}{dx^2}+y=0`, `\frac{dy}{dx}+y=0`},
		{`y'=2x`, `\frac{dy}{dx}=2x`}, // y' names no variable
	})
}

func TestIssue28UnicodeDigitsAndSigns(t *testing.T) {
	wantEqual(t, []pair{
		{`12`, `١٢`},
		{`12`, `۱۲`},
		{`12`, `𝟏𝟐`},
		{`12`, `𝟙𝟚`},
		{`-3`, `﹣3`},
		{`45^\circ`, `45º`},
		{`45^\circ`, `45˚`},
		{`\lfloor x \rfloor`, `⌊x⌋`},
		{`3`, `⌊π⌋`},
		{`4`, `⌈π⌉`},
		{`e^x`, `eˣ`},
		{`2^{n+1}`, `2ⁿ⁺¹`},
		{`\frac12`, `∫₀¹ x dx`},
		{`\frac13`, `.\dot{3}`},
		{`\frac13`, `.\overline{3}`},
	})
	wantNotEqual(t, []pair{
		{`13`, `١٢`},
		{`e^x`, `eʸ`},
		{`e`, `eˣ`},
		{`46^\circ`, `45º`},
		{`x`, `xº`}, // after a letter, read by no rule
		{`\frac13`, `∫₀¹ x dx`},
		{`\frac13`, `.\dot{6}`},
		{`5`, `5‐7`}, // a range
	})
}
