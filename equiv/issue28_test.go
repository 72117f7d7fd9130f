package equiv_test

import (
	"context"
	"testing"
	"time"

	"github.com/matheval/matheval/answer"
	"github.com/matheval/matheval/equiv"
)

// Issue 28's examples, both directions: each false Equal of the issue must
// be NotEqual or unparsable, each false NotEqual must be Equal. The engine
// rows go through equiv.Compare; the unit rows through answer.MATH, whose
// unit rule compares the units the parser leaves out of the value.

type pair struct{ gold, cand string }

func compare(gold, cand string) equiv.Result {
	return equiv.Compare(context.Background(), gold, cand, equiv.Options{Timeout: 2 * time.Second})
}

func TestIssue28FalseEquals(t *testing.T) {
	for _, p := range []pair{
		// an upright constant is the constant, never a unit
		{`2`, `2\mathrm{e}`},
		{`\frac35`, `\frac35+\frac45\mathrm{i}`},
		{`\frac75`, `\frac35+\frac45\mathrm{i}`},
		// Unicode read whole
		{`6\sqrt{2}`, `√26`},
		{`1`, `2¹⁰`},
		{`2`, `2¹⁰`},
		{`\frac34`, `1¾`},
		// a function's head binds its variables
		{`f(x)=x^2`, `f(t)=x^2`},
		{`f(x)=x^2`, `g(x)=x^2`},
		// a decoration is read or refused
		{`0.\dot{3}`, `0.\dot{6}`},
		{`7`, `\cancel{7}`},
		{`3`, `\hat{3}`},
		// a relation with no left side (closed-world rows)
		{`2`, `\approx 2`},
		{`-1`, `\sim -1`},
		{`12`, `≈12`},
		{`117`, `\thickapprox 117`},
		{`\frac{2}{9}`, `\simeq \frac{2}{9}`},
		{`(-\frac{3}{2},6)`, `≈(-\frac{3}{2},6)`},
		{`\begin{pmatrix} 3 \\ 1 \\ -2 \end{pmatrix}`, `\approx \begin{pmatrix} 3 \\ 1 \\ -2 \end{pmatrix}`},
		// a number sign after a value
		{`20`, `20\#`},
		{`4343_6`, `4343_6\#`},
		{`\epsilon \approx0.72`, `\epsilon \approx0.72\#`},
		// a free symbol the gold does not have, even times zero
		{`\begin{pmatrix} 0 & 0 \\ 0 & 0 \end{pmatrix}`, `\Gamma \begin{pmatrix} 0 & 0 \\ 0 & 0 \end{pmatrix}`},
		{`\begin{pmatrix} 0 & 0 & 0 \\ 0 & 0 & 0 \\ 0 & 0 & 0 \end{pmatrix}`, `\jmath \begin{pmatrix} 0 & 0 & 0 \\ 0 & 0 & 0 \\ 0 & 0 & 0 \end{pmatrix}`},
		{`0,4`, `ω0,4`},
		{`0,-3`, `\ell 0,-3`},
		{`0, \pi, 2 \pi`, `\Psi 0, \pi, 2 \pi`},
		{`x - 3z = 0`, `x - 3z = 0υ`},
		{`x + y + z = 0`, `x + y + z = 0ℝ`},
		{`2x - y + 3z + 8 = 0`, `2x - y + 3z + 8 = 0ℚ`},
		{`0`, `0\mathbb{N}`},
		{`0`, `0\cdots`},
		{`0`, `0\dotsc`},
		{`0`, `x - x`},
		{`x > 3`, `y > 3`},
		{`x \in [0,1]`, `y \in [0,1]`},
		// sums: the index is bound, the bounds are not
		{`\sum_{k=1}^n k`, `\sum_{i=1}^m i`},
		// congruences and named functions
		{`2 \pmod{5}`, `3 \pmod{5}`},
		{`x \equiv 2 \pmod{5}`, `x \equiv 3 \bmod 5`},
		{`x \equiv 2 \pmod{5}`, `x \equiv 2 \bmod 10`},
		{`36`, `\mathrm{lcm}(12,16)`},
		{`24`, `\Gamma(4)`},
		{`3+4i`, `\overline{3+4i}`},
		{`4`, `|3+4i|`},
		{`\sqrt{3}`, `|1+i|`},
		{`\begin{pmatrix}1&2\\3&4\end{pmatrix}`, `\begin{pmatrix}1&2\\3&4\end{pmatrix}^T`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome == equiv.Equal {
			t.Errorf("Compare(%q, %q) = %v (%s), want not Equal", p.gold, p.cand, r.Outcome, r.Reason)
		}
	}
}

func TestIssue28FalseNotEquals(t *testing.T) {
	for _, p := range []pair{
		{`3+4i`, `3+4\mathrm{i}`},
		{`i`, `\operatorname{i}`},
		{`\sqrt{26}`, `√26`},
		{`6\sqrt{26}`, `6√26`},
		{`1024`, `2¹⁰`},
		{`\frac74`, `1¾`},
		{`\sqrt[3]{2}`, `∛2`},
		{`12`, `１２`},
		{`9\text{ a.m.}`, `９\text{ a.m.}`},
		{`\text{Bob}`, `\text{Ｂｏｂ}`},
		{`\mathbb{R}`, `ℝ`},
		{`(-\infty,\infty)`, `ℝ`},
		{`1, 2, \ldots`, `1, 2, …`},
		{`2 \pmod{5}`, `2 \mod 5`},
		{`2 \pmod{5}`, `2 \; (\mathrm{mod}\ 5)`},
		{`x \equiv 2 \pmod{5}`, `x \equiv 2 \bmod 5`},
		{`x \equiv 2 \pmod{5}`, `x \equiv 7 \bmod 5`},
		{`x \equiv 2 \pmod{5}`, `x \equiv 2 \ (\bmod 5)`},
		{`2`, `17 \bmod 5`},
		{`6`, `\text{LCM}(2,3)`},
		{`1`, `\mathrm{GCD}(2,3)`},
		{`36`, `\mathrm{lcm}(12,18)`},
		{`36`, `\operatorname{lcm}(12,18)`},
		{`6`, `\gcd(12,18)`},
		{`24`, `\Gamma(5)`},
		{`10`, `\binom{5}{2}`},
		{`3-4i`, `\overline{3+4i}`},
		{`5`, `|3+4i|`},
		{`\sqrt{2}`, `|1+i|`},
		{`\frac{5}{2}`, `\left|\frac{3}{2}+2i\right|`},
		{`\frac12`, `\int_0^1 x\,dx`},
		{`\sum_{k=1}^n k`, `\sum_{i=1}^n i`},
		{`\frac{n(n+1)}{2}`, `\sum_{i=1}^n i`},
		{`55`, `\sum_{i=1}^{10} i`},
		{`\begin{pmatrix}1&3\\2&4\end{pmatrix}`, `\begin{pmatrix}1&2\\3&4\end{pmatrix}^T`},
		{`\begin{pmatrix}1&3\\2&4\end{pmatrix}`, `\begin{pmatrix}1&2\\3&4\end{pmatrix}^{\top}`},
		{`\text{yes}`, `\textrm{yes}`},
		{`f(x)=x^2`, `f(t)=t^2`},
		{`\frac{\pi}{4}`, `π/4`},
		{`36\pi`, `36π`},
		{`2\sqrt{3}`, `2√3`},
		{`e^3`, `e³`},
		{`10i`, `10ⅈ`},
		{`\sqrt{x+1}`, `√(x+1)`},
		{`3\sqrt{26}`, `3√26`},
		{`2 \times 3`, `2×3`},
		{`\frac{6}{4}`, `6÷4`},
		{`6`, `2·3`},
		{`x \le 3`, `x ≤ 3`},
		{`x \ne 3`, `x ≠ 3`},
		{`-3`, `−3`},
		{`0.\overline{3}`, `\frac13`},
		{`0.\dot{3}`, `\frac13`},
		{`0.1\dot{6}`, `\frac16`},
		{`\frac17`, `0.\dot{1}4285\dot{7}`},
		{`\frac13`, `0.(3)`},
		{`\left[ \frac{\pi^2}{4}, \frac{9 \pi^2}{4} \right]`, `\left[ \frac{\mathrm{\pi}^2}{4}, \frac{9 \mathrm{\pi}^2}{4} \right]`},
		{`\left[ \frac{\pi^3}{32}, \frac{7 \pi^3}{8} \right]`, `\left[ \frac{\uppi^3}{32}, \frac{7 \mathrm{\pi}^3}{8} \right]`},
		{`5e^2`, `5\mathrm{e}^2`},
		// a relation keeps its left side; a gold may state a value
		// approximately
		{`\epsilon \approx0.72`, `\epsilon \approx 0.72`},
		{`\approx 8.24 \text{ mph}`, `8.24`},
		// the free-symbol rule leaves names, parameters and bound
		// variables alone
		{`3`, `x = 3`},
		{`-\frac{7}{25}`, `\cos\angle ABC = -\frac{7}{25}`},
		{`x^2`, `f(x) = x^2`},
		{`(3,\infty)`, `y > 3`},
		{`\{x \mid x > 3\}`, `\{y \mid y > 3\}`},
		{`x > 3`, `\{y : y > 3\}`},
		{`(-\infty,\infty)`, `x \in \mathbb{R}`},
		{`\frac12`, `\int_0^1 t\,dt`},
		{`\#5`, `5`},
		{`5`, `\#5`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome != equiv.Equal {
			t.Errorf("Compare(%q, %q) = %v (%s), want Equal", p.gold, p.cand, r.Outcome, r.Reason)
		}
	}
}

// TestIssue28Units: units by meaning under the MATH policy (SI prefixes
// as factors, temperature scales never interchangeable), and by their
// exact text when the table does not know them.
func TestIssue28Units(t *testing.T) {
	for _, c := range []struct {
		gold, reply string
		want        answer.Kind
	}{
		{`5\text{ kJ}`, `5\text{ J}`, answer.Wrong},
		{`5\text{ kJ}`, `5000\text{ J}`, answer.Correct},
		{`100^\circ\text{F}`, `100^\circ\text{C}`, answer.Wrong},
		{`5\text{ kPa}`, `5\text{ Pa}`, answer.Wrong},
		{`5\text{ MHz}`, `5\text{ Hz}`, answer.Wrong},
		{`8\text{ bits}`, `8\text{ bytes}`, answer.Wrong},
		{`5\text{ cm}^2`, `5 cm²`, answer.Correct},
		{`12\text{ m/s}`, `12 m/s`, answer.Correct},
		{`8\text{ cm}`, `8\text{ m}`, answer.Wrong},
		// \mu before a unit group is the micro prefix, never μ times it
		{`5\,\mu\text{m}`, `5 µm`, answer.Correct},
		{`5\ \mu\text{m}`, `5000\text{ nm}`, answer.Correct},
		{`5\,\mu\text{m}`, `5\text{ mm}`, answer.Wrong},
		{`3\mu\mathrm{s}`, `3\text{ ms}`, answer.Wrong},
		// full-width digits keep their unit; letterlike symbols are math
		{`8\text{ cm}`, `８\text{ m}`, answer.Wrong},
		{`90^\circ`, `９０\text{ radians}`, answer.Wrong},
		{`8\text{ cm}`, `８\text{ cm}`, answer.Correct},
		{`440\text{ cm}^2`, `４４０\text{ m}^２`, answer.Wrong},
		{`45^\circ, 135^\circ`, `４５\text{ radians}, １３５^\circ`, answer.Wrong},
		{`\frac{3}{4}\pi\text{ inches}`, `\frac{3}{4}π\text{ feet}`, answer.Wrong},
		{`99\pi \text{ square inches}`, `99\mathrm{\pi} \text{ square feet}`, answer.Wrong},
		{`99\pi \text{ square inches}`, `99\mathrm{\pi} \text{ square inches}`, answer.Correct},
		{`\mathbb{R}`, `ℝ`, answer.Correct},
		{`x \in \mathbb{R}`, `x ∈ ℝ`, answer.Correct},
		{`e^3`, `ℯ³`, answer.Correct},
	} {
		v := answer.Grade(answer.MATH, c.gold, c.reply, "stop")
		if v.Kind != c.want {
			t.Errorf("MATH %q <- %q: %v (%s), want %v", c.gold, c.reply, v.Kind, v.Reason, c.want)
		}
	}
}

// TestIssue28Integrals: definite integrals beyond polynomials are
// evaluated exactly (expr/antideriv.go) where the integrand is continuous
// between the bounds, and refuted when their value differs; an integral
// over a pole has no value, so it is never Equal to the number its
// antiderivative would give (\int_{-1}^{1} dx/x "= 0", \int_0^2
// (x-1)^{-2} dx "= -2").
func TestIssue28Integrals(t *testing.T) {
	for _, p := range []pair{
		{`2`, `\int_0^\pi \sin x\,dx`},
		{`1`, `\int_1^e \frac{1}{x}dx`},
		{`e-1`, `\int_0^1 e^x dx`},
		{`1`, `\int_0^\infty e^{-x}\,dx`},
		{`2`, `\int_0^\infty x^2 e^{-x}\,dx`},
		{`\frac{\pi}{4}`, `\int_0^1 \frac{1}{1+x^2}\,dx`},
		{`\pi`, `\int_{-\infty}^{\infty} \frac{dx}{1+x^2}`},
		{`\frac{\pi}{2}`, `\int_0^1 \frac{dx}{\sqrt{1-x^2}}`},
		{`\frac{\pi}{2}`, `\int_0^\pi \sin^2 x\,dx`},
		{`\pi`, `\int_0^\pi x\sin x\,dx`},
		{`\frac{e^2+1}{4}`, `\int_1^e x\ln x\,dx`},
		{`\frac12`, `\int_0^{\pi/2}\sin x\cos x\,dx`},
		{`\frac{1}{\ln 2}`, `\int_0^1 2^x\,dx`},
		{`\frac32+\ln 2`, `\int_1^2 \frac{x^2+1}{x}\,dx`},
		{`2`, `\int_0^1 \frac{dx}{\sqrt{x}}`},
		{`\frac{a^2}{2}`, `\int_0^a x\,dx`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome != equiv.Equal {
			t.Errorf("Compare(%q, %q) = %v (%s), want Equal", p.gold, p.cand, r.Outcome, r.Reason)
		}
	}
	for _, p := range []pair{
		{`3`, `\int_0^\pi \sin x\,dx`},
		{`0`, `\int_{-1}^{1} \frac{dx}{x}`},
		{`-2`, `\int_0^2 \frac{dx}{(x-1)^2}`},
		{`\frac{\pi}{2}`, `\int_0^2 \frac{dx}{\sqrt{1-x^2}}`},
		{`0`, `\int_0^\infty \sin x\,dx`},
		{`\ln 3`, `\int_1^2 \frac{dt}{t}`},
		{`e`, `\int_0^1 e^x dx`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome == equiv.Equal {
			t.Errorf("Compare(%q, %q) = Equal (%s), want not Equal", p.gold, p.cand, r.Reason)
		}
	}
}

// TestIssue28Derivatives: \frac{d}{dx} f is differentiated exactly
// (expr/deriv.go) and compared like any answer.
func TestIssue28Derivatives(t *testing.T) {
	for _, p := range []pair{
		{`2x`, `\frac{d}{dx}x^2`},
		{`3x^2`, `\frac{\mathrm{d}}{\mathrm{d}x}x^3`},
		{`\cos x`, `\frac{d}{dx}\sin x`},
		{`e^x(x+1)`, `\frac{d}{dx}\left(xe^x\right)`},
		{`\frac{1}{2\sqrt x}`, `\frac{d}{dx}\sqrt{x}`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome != equiv.Equal {
			t.Errorf("Compare(%q, %q) = %v (%s), want Equal", p.gold, p.cand, r.Outcome, r.Reason)
		}
	}
	for _, p := range []pair{
		{`x`, `\frac{d}{dx}x^2`},
		{`6`, `\frac{d}{dx}(x^2+3x)`},
		{`\sin x`, `\frac{d}{dx}\cos x`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome == equiv.Equal {
			t.Errorf("Compare(%q, %q) = Equal (%s), want not Equal", p.gold, p.cand, r.Reason)
		}
	}
}

// TestIssue28NamedFunctions: hcf is the gcd; Re, Im and sgn of constants
// have their values; of a variable (which may be complex) none is proved.
func TestIssue28NamedFunctions(t *testing.T) {
	for _, p := range []pair{
		{`6`, `\mathrm{hcf}(12,18)`},
		{`3`, `\operatorname{Re}(3+4i)`},
		{`4`, `\operatorname{Im}(3+4i)`},
		{`-\frac12`, `\Re\left(\frac{-1+\sqrt3 i}{2}\right)`},
		{`-1`, `\operatorname{sgn}(-3)`},
		{`n!`, `\Gamma(n+1)`},
		{`\sqrt\pi`, `\Gamma(\tfrac12)`},
		{`\frac{3\sqrt\pi}{4}`, `\Gamma(5/2)`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome != equiv.Equal {
			t.Errorf("Compare(%q, %q) = %v (%s), want Equal", p.gold, p.cand, r.Outcome, r.Reason)
		}
	}
	for _, p := range []pair{
		{`4i`, `\operatorname{Im}(3+4i)`},
		{`3+4i`, `\operatorname{Re}(3+4i)`},
		{`x`, `\operatorname{Re}(x)`},
		{`1`, `\operatorname{sgn}(-3)`},
		{`(n+1)!`, `\Gamma(n+1)`},
		{`\sqrt\pi`, `\Gamma(3/2)`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome == equiv.Equal {
			t.Errorf("Compare(%q, %q) = Equal (%s), want not Equal", p.gold, p.cand, r.Reason)
		}
	}
}

// TestIssue28ParametricLimits: a limit of a rational function holding
// other variables (a difference quotient) is the ratio of the lowest
// coefficients in the limit variable; a pole has no value.
func TestIssue28ParametricLimits(t *testing.T) {
	for _, p := range []pair{
		{`2x`, `\lim_{h\to0}\frac{(x+h)^2-x^2}h`},
		{`3x^2`, `\lim_{h\to 0}\frac{(x+h)^3-x^3}{h}`},
		{`-\frac{1}{x^2}`, `\lim_{h\to0}\frac{\frac{1}{x+h}-\frac1x}{h}`},
		{`y`, `\lim_{t\to 1}\frac{(t^2-1)y}{2(t-1)}`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome != equiv.Equal {
			t.Errorf("Compare(%q, %q) = %v (%s), want Equal", p.gold, p.cand, r.Outcome, r.Reason)
		}
	}
	for _, p := range []pair{
		{`x`, `\lim_{h\to0}\frac{(x+h)^2-x^2}h`},
		{`0`, `\lim_{h\to0}\frac{x}{h}`},
		{`x`, `\lim_{h\to0}\frac{x}{h^2}`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome == equiv.Equal {
			t.Errorf("Compare(%q, %q) = Equal (%s), want not Equal", p.gold, p.cand, r.Reason)
		}
	}
}

// TestIssue28TrailingDecimals: a decimal written with an ellipsis
// (0.3333…, 0.25..., 0.6666\ldots) goes on past its digits: the decimal
// policy reads it (rounded or truncated, at least 4 significant digits),
// and it is never a terminating value (0.25... was read as 0.25 and a full
// stop, and 0.3333\ldots as 0.3333 times a symbol).
func TestIssue28TrailingDecimals(t *testing.T) {
	for _, p := range []pair{
		{`\frac13`, `0.3333...`},
		{`\frac13`, `0.3333…`},
		{`\frac23`, `0.6666\ldots`},
		{`\frac23`, `0.6667\ldots`},
		{`-\frac23`, `-0.6666\ldots`},
		{`\pi`, `3.14159\ldots`},
		{`\sqrt2`, `1.4142...`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome != equiv.Equal {
			t.Errorf("Compare(%q, %q) = %v (%s), want Equal", p.gold, p.cand, r.Outcome, r.Reason)
		}
	}
	for _, p := range []pair{
		{`0.25`, `0.25...`},
		{`0.25`, `0.25\ldots`},
		{`\frac14`, `0.25…`},
		{`\frac13`, `0.333...`},
		{`\frac23`, `0.6665\ldots`},
		{`1`, `0.999\ldots`},
		{`0.3`, `0.3333...`},
	} {
		if r := compare(p.gold, p.cand); r.Outcome == equiv.Equal {
			t.Errorf("Compare(%q, %q) = Equal (%s), want not Equal", p.gold, p.cand, r.Reason)
		}
	}
}
