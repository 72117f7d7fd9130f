package equiv_test

import (
	"fmt"
	"testing"

	"github.com/matheval/matheval/answer"
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

// TestIssue28Choices: a choice label is read, never a variable: against a
// lone-label gold the label decides, against a value gold the value after
// the label does; a bare label needs spacing and a value after it, or
// (A)(B), (A)^2 and (A) - 3 are formulas in A.
func TestIssue28Choices(t *testing.T) {
	for _, c := range []struct {
		gold, reply string
		want        answer.Kind
	}{
		{`\text{(C)}`, `The answer is $\boxed{\textbf{(C)}\ 12}$`, answer.Correct},
		{`\text{(C)}`, `The answer is (C) 12.`, answer.Correct},
		{`\text{(C)}`, `\boxed{\textbf{(B)}\ 12}`, answer.Wrong},
		{`\text{(C)}`, `\boxed{(B)}`, answer.Wrong},
		{`12`, `\boxed{\textbf{(B) }12}`, answer.Correct},
		{`12`, `\boxed{\textbf{(B)}~12}`, answer.Correct},
		{`12`, `The answer is (B) 12.`, answer.Correct},
		{`-3`, `\boxed{(A) -3}`, answer.Correct},
		{`12`, `\boxed{(B) 13}`, answer.Wrong},
		{`12B`, `\boxed{(B) 12}`, answer.Wrong},
		{`\textbf{(D) }7`, `\boxed{D}`, answer.Correct},
		{`\textbf{(D) }7`, `\boxed{7}`, answer.Correct},
		{`\textbf{(D) }7`, `\boxed{(C) 7}`, answer.Wrong},
		{`AB`, `\boxed{(A)(B)}`, answer.Correct},
		{`A^2`, `\boxed{(A)^2}`, answer.Correct},
		{`A-3`, `\boxed{(A) - 3}`, answer.Correct},
		{`\text{(C)}`, `\boxed{\text{(C)}\text{(D)}}`, answer.Unparsable},
		{`\text{(C)}`, `The answer is (C) or (D).`, answer.Unparsable},
	} {
		v := answer.Grade(answer.MATH, c.gold, c.reply, "stop")
		if v.Kind != c.want {
			t.Errorf("Grade(%q, %q) = %v (%s), want %v", c.gold, c.reply, v.Kind, v.Reason, c.want)
		}
	}
}

// TestIssue28TextMod: the word mod in a text group is \bmod: the remainder
// between two numbers, the modulus on the right of \equiv.
func TestIssue28TextMod(t *testing.T) {
	wantEqual(t, []pair{
		{`3`, `17 \text{ mod } 7`},
		{`3`, `17 \mathrm{mod}\ 7`},
		{`x \equiv 3 \pmod 7`, `x \equiv 3 \text{ mod } 7`},
		{`x \equiv 3 \pmod 7`, `x \equiv 10 \text{ mod } 7`},
	})
	wantNotEqual(t, []pair{
		{`4`, `17 \text{ mod } 7`},
		{`x \equiv 4 \pmod 7`, `x \equiv 10 \text{ mod } 7`},
		{`17`, `17 \text{ mod } 7`},
	})
}

// TestIssue28Prescripts: {}^{n}C_{r} and its spellings are combinations,
// {}^{n}P_{r} permutations; any other prescript is refused.
func TestIssue28Prescripts(t *testing.T) {
	wantEqual(t, []pair{
		{`10`, `{}^5C_2`},
		{`10`, `{}_{5}C_{2}`},
		{`120`, `^{10}C_{3}`},
		{`10`, `\,_5C_2`},
		{`10`, `₅C₂`},
		{`20`, `{}^5P_2`},
		{`\binom{n}{2}`, `{}^nC_2`},
	})
	wantNotEqual(t, []pair{
		{`11`, `{}^5C_2`},
		{`10`, `{}^5P_2`},
		{`2`, `^2`},
		{`5`, `_5`},
		{`10`, `{}^5Q_2`},
	})
}

// TestIssue28Antiderivatives: an antiderivative's arbitrary constant may be
// named C, c, K, C_1; two antiderivatives in one variable are Equal when
// the derivative of their difference is proved 0. Anything else keeps C a
// variable.
func TestIssue28Antiderivatives(t *testing.T) {
	wantEqual(t, []pair{
		{`\frac{x^3}{3}+C`, `\frac{1}{3}x^3 + c`},
		{`-\ln |\csc x+\cot x|+C`, `\ln|\csc x - \cot x| + C`},
		{`x / 2-\sin (2 x) / 4+C`, `\frac{x}{2} - \frac{\sin x\cos x}{2} + C`},
		{`\frac{x^3}{3}+C`, `\frac{x^3}{3}+5+K`},
		{`\frac{-1}{t-3}+C`, `\frac{1}{3-t}+C`},
		{`(1 / 2) e^{x^{2}}+C`, `\frac{e^{x^2}}{2} + C_1`},
		{`\ln \left|x+\sqrt{1+x^{2}}\right|+C`, `\sinh^{-1} x + C`},
		{`\ln|x|+C`, `\ln|3x|+C`},
	})
	wantNotEqual(t, []pair{
		{`x / 2-\sin (2 x) / 4+C`, `\frac{x}{2} + \frac{\sin 2x}{4} + C`},
		{`\frac{x^3}{3}+C`, `\frac{x^3}{3}`},
		{`\frac{x^3}{3}+C`, `\frac{x^3}{3}+x+C`},
		{`-\cos (\tan x)+C`, `\cos(\tan x)+C`},
		{`A+B+C`, `A+B+c`},                   // two variables: no antiderivative
		{`x+y+C`, `x+y+c`},                   // likewise
		{`x^2+C`, `x^2+C+c`},                 // two constants
		{`x^2+Cx`, `x^2+cx`},                 // not an additive constant
		{`\frac{x^3}{3}`, `\frac{x^3}{3}+C`}, // a gold without one
	})
}

// TestIssue28InverseHyperbolic: \sinh^{-1} is arsinh, as \sin^{-1} is
// arcsin, and the inverse hyperbolic functions are their logarithms.
func TestIssue28InverseHyperbolic(t *testing.T) {
	wantEqual(t, []pair{
		{`\ln(2+\sqrt5)`, `\sinh^{-1}(2)`},
		{`\ln(2+\sqrt5)`, `\operatorname{arsinh} 2`},
		{`\frac{\ln 3}{2}`, `\operatorname{artanh}(1/2)`},
		{`\ln(2+\sqrt3)`, `\cosh^{-1} 2`},
		{`\frac{1}{\sinh 2}`, `(\sinh 2)^{-1}`},
	})
	wantNotEqual(t, []pair{
		{`\frac{1}{\sinh 2}`, `\sinh^{-1} 2`},
		{`\ln(2+\sqrt3)`, `\sinh^{-1} 2`},
	})
}
