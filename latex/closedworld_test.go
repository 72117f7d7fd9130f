package latex

import (
	"strings"
	"testing"

	"github.com/matheval/matheval/expr"
)

// Issue 28, items 3 and 6: every token is read by a rule with a known
// meaning, or the answer does not parse with a reason naming what was not
// read.

func TestRepeatingDecimals(t *testing.T) {
	for in, want := range map[string]string{
		`0.\dot{3}`:            `\frac{1}{3}`,
		`0.\dot{6}`:            `\frac{2}{3}`,
		`0.1\dot{6}`:           `\frac{1}{6}`,
		`0.\dot{1}4285\dot{7}`: `\frac{1}{7}`,
		`1.\dot 3`:             `\frac{4}{3}`,
		`0.\overline{3}`:       `\frac{1}{3}`,
		`0.(3)`:                `\frac{1}{3}`,
		`2.(142857)`:           `\frac{15}{7}`,
		`0.\bar{3}`:            `\frac{1}{3}`, // \bar over a decimal's digits is the vinculum
		`0.1\bar{6}`:           `\frac{1}{6}`,
		`0.\bar 3`:             `\frac{1}{3}`,
	} {
		if got := value(t, in); got != want {
			t.Errorf("%s = %s, want %s", in, got, want)
		}
	}
	for in, why := range map[string]string{
		`0.\dot{1}42`:     "needs one over its last digit",
		`0.1(6)`:          "ambiguous",
		`0.\overline{ab}`: "no digits",
		`0.\dot{x}`:       "no digits",
		`0.\bar{x}`:       "no digits",
	} {
		wantError(t, in, why)
	}
}

func wantError(t *testing.T, in, why string) {
	t.Helper()
	n, err := Parse(in)
	if err == nil {
		t.Errorf("Parse(%q) = %v, want an error saying %q", in, n, why)
		return
	}
	if !strings.Contains(err.Error(), why) {
		t.Errorf("Parse(%q): %v, want an error saying %q", in, err, why)
	}
}

func TestDecorationsReadOrRefused(t *testing.T) {
	for in, why := range map[string]string{
		`\cancel{7}`:      `\cancel is not read`,
		`\underline{7}`:   `\underline is not read`,
		`\hat{3}`:         `\hat{3} is not read`,
		`\vec{2}`:         `\vec{2} is not read`,
		`\zzz`:            `\zzz is not read`,
		`5\zzz`:           `\zzz is not read`,
		`\mathcal{12}`:    `\mathcal around anything but one letter`,
		`\mathbb{12}`:     `\mathbb{12} is not read (a blackboard letter`,
		`2‰`:              `'‰' (U+2030) is not read`,
		`3 ∠ 4`:           `'∠' (U+2220) is not read`,
		`\int_0^1 x`:      "without its differential",
		`\lim x`:          "without its subscript",
		`\lim_{xy \to 0}`: "one letter",
		`\sum k`:          "without its index",
		`\sum_{k} k`:      "must be index = lower bound",
		`\sum_{k=1} k`:    "without its upper bound",
	} {
		wantError(t, in, why)
	}
	// accents over letters make another symbol, never the letter itself
	for in, want := range map[string]string{
		`\vec{v}`:         `\vec{v}`,
		`\hat{x}`:         `\hat{x}`,
		`\overline{AB}`:   `\overline{AB}`,
		`\mathcal{L}`:     `\mathcal{L}`,
		`\overline{3+4i}`: `\overline{3+4 \cdot i}`,
		`\bar{z}`:         `\overline{z}`,
	} {
		n, err := Parse(in)
		if err != nil || n.String() != want {
			t.Errorf("Parse(%q) = %v, %v, want %s", in, n, err, want)
		}
	}
	wantError(t, `\bar{3}`, "ambiguous")
	wantError(t, `\overline{-5}`, "ambiguous")
}

func TestUprightConstantsAndNamedFunctions(t *testing.T) {
	for in, want := range map[string]string{
		`3+4\mathrm{i}`:             `3 + 4i`,
		`3+4\operatorname{i}`:       `3 + 4i`,
		`2\mathrm{e}`:               `tree:2 \cdot e`,
		`\mathit{e}`:                `tree:e`,
		`\mathrm{\pi}`:              `tree:\pi`,
		`\uppi`:                     `tree:\pi`,
		`\textpi`:                   `tree:\pi`,
		`2\textpi`:                  `tree:2 \cdot \pi`,
		`\mathrm{lcm}(12,18)`:       `36`,
		`\operatorname{lcm}(12,18)`: `36`,
		`\mathrm{hcf}(12,18)`:       `6`,
		`\operatorname{sgn}(-3)`:    `-1`,
		`\gcd(12,18)`:               `6`,
		`\Gamma(5)`:                 `24`,
		`\binom{5}{2}`:              `10`,
		`7 \bmod 3`:                 `1`,
	} {
		if got := value(t, in); got != want {
			t.Errorf("%s = %s, want %s", in, got, want)
		}
	}
	for in, want := range map[string]string{
		`x \equiv 3 \pmod{5}`:                    `x = 3 \pmod{5}`,
		`x \equiv 3 (\mathrm{mod}\ 5)`:           `x = 3 \pmod{5}`,
		`x \equiv 3 (\text{mod } 5)`:             `x = 3 \pmod{5}`,
		`x \equiv 3 \pmod 12`:                    `x = 3 \pmod{12}`,
		`x \equiv 3 \mod 12`:                     `x = 3 \pmod{12}`,
		`A^{\top}`:                               `A^{\top}`,
		`A^{\mathsf T}`:                          `A^{\top}`,
		`A^T`:                                    `A^{\top}`,
		`x^T`:                                    `x^{T}`,
		`3+4\text{i}`:                            `3+4 \cdot i`,
		`2\textrm{e}`:                            `2 \cdot e`,
		`\begin{pmatrix}1&2\\3&4\end{pmatrix}^T`: `\begin{pmatrix}1 & 3 \\ 2 & 4\end{pmatrix}`,
		`1 = \zzz = x = 0`:                       `1 = \zzz = x = 0`,
	} {
		n, err := Parse(in)
		if err != nil || n.String() != want {
			t.Errorf("Parse(%q) = %v, %v, want %s", in, n, err, want)
		}
	}
}

func TestUnicodeReadWhole(t *testing.T) {
	for in, want := range map[string]string{
		"2¹⁰":    "1024",
		"1¾":     `\frac{7}{4}`,
		"2½":     `\frac{5}{2}`,
		"¾":      `\frac{3}{4}`,
		"¹⁄₂":    `\frac{1}{2}`,
		"³⁄₁₆":   `\frac{3}{16}`,
		"1³⁄₄":   `\frac{7}{4}`,
		"√26":    `\sqrt{26}`,
		"3√26":   `3\sqrt{26}`,
		"√(4+5)": "3",
		"∛8":     "2",
		"∜16":    "2",
		"１２":     "12",
		"−3":     "-3",
		"3 – 1":  "2",
		"6 × 7":  "42",
		"6 ÷ 4":  `\frac{3}{2}`,
		"ⅈ":      "i",
		"3+4ⅈ":   "3 + 4i",
	} {
		if got := value(t, in); got != want {
			t.Errorf("%s = %s, want %s", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"x²³":           `x^{23}`,
		"√x":            `\sqrt{x}`,
		"ℯ":             `e`,
		"ℝ":             `\mathbb{R}`,
		"x ≤ 2":         `x \le 2`,
		"aₙ₊₁":          `a_{n+1}`,        // the subscript letters, read whole with the digits and signs
		"x ≡ 2 (mod 5)": `x = 2 \pmod{5}`, // a congruence: the residue class of 2
		"xᵢ":            `x_i`,
		"1, 2, …":       `1, 2, \dots`,
	} {
		n, err := Parse(in)
		if err != nil || n.String() != want {
			t.Errorf("Parse(%q) = %v, %v, want %s", in, n, err, want)
		}
	}
	wantError(t, "√x²", "ambiguous")
}

func TestBinders(t *testing.T) {
	for in, want := range map[string]string{
		`\sum_{k=1}^{10} k`:                "55",
		`\prod_{k=1}^{5} k`:                "120",
		`\int_0^1 x\,dx`:                   `\frac{1}{2}`,
		`\int_0^1 x^2+1 dx`:                `\frac{4}{3}`,
		`\int_{0}^{2} 3t^2 \, \mathrm{d}t`: "8",
		`\int_{-1}^{1} x^3 \,dx`:           "0",
	} {
		if got := value(t, in); got != want {
			t.Errorf("%s = %s, want %s", in, got, want)
		}
	}
	for in, want := range map[string]string{
		`\int x\,dx`:                    `\int x \, dx`,
		`\lim_{x\to0} \frac{\sin x}{x}`: `\lim_{x \to 0}\frac{\sin\left(x\right)}{x}`,
		`\sum_{k=1}^n k`:                `\sum_{k=1}^{n}k`,
		// a function's operand without parentheses ends at the differential
		`\int_0^\pi \sin x\,dx`: `\int_{0}^{\pi}\sin\left(x\right) \, dx`,
	} {
		n, err := Parse(in)
		if err != nil || n.String() != want {
			t.Errorf("Parse(%q) = %v, %v, want %s", in, n, err, want)
		}
	}
}

// TestNoOpsVanish checks the table against the reader: every no-op
// command and wrapper leaves the value it stands beside or holds.
func TestNoOpsVanish(t *testing.T) {
	if len(NoOps) < 50 {
		t.Fatalf("NoOps holds %d constructs", len(NoOps))
	}
	for _, op := range NoOps {
		var in string
		switch op.Kind {
		case NoOpCommand:
			if op.Construct == "$" || op.Construct == "(" || op.Construct == ")" || op.Construct == "[" || op.Construct == "]" {
				in = `\` + op.Construct + `57`
			} else if isLetter(op.Construct[0]) {
				in = `57\` + op.Construct + ` `
			} else {
				in = `57\` + op.Construct
			}
		case NoOpCommandArg:
			in = `57\` + op.Construct + `{1}`
		case NoOpWrapper:
			in = `\` + op.Construct + `{57}`
		case NoOpFirstArg:
			in = `\` + op.Construct + `{red}{57}`
		case NoOpEnvironment:
			in = `\begin{` + op.Construct + `}57\end{` + op.Construct + `}`
		case NoOpChar:
			in = "57" + op.Construct
		case NoOpOptionalArg:
			if op.Construct == "cfrac" {
				if got := value(t, `\cfrac[l]{1}{2}`); got != `\frac{1}{2}` {
					t.Errorf(`\cfrac[l]{1}{2} reads as %s`, got)
				}
				continue
			}
			in = `\` + op.Construct + `[2cm]{57}`
		case NoOpPrefix:
			in = `\` + op.Construct + ` 57`
		case NoOpSuffix:
			switch op.Construct {
			case ".", `\\`:
				in = "57" + op.Construct
			default:
				for _, s := range []string{"57" + op.Construct, `57^{\text{` + op.Construct + `}}`} {
					if got := value(t, s); got != "57" {
						t.Errorf("suffix %s reads as %s", s, got)
					}
				}
				continue
			}
		default:
			t.Errorf("unknown kind %q", op.Kind)
			continue
		}
		if got := value(t, in); got != "57" {
			t.Errorf("no-op %s %q: %s reads as %s", op.Kind, op.Construct, in, got)
		}
	}
	if IsNoOp(NoOpWrapper, "cancel") || !IsNoOp(NoOpWrapper, "boxed") {
		t.Errorf("IsNoOp disagrees with the table")
	}
}

// TestNoLeftSide: a relation with nothing on its left states no answer
// (issue 28: only the no-op table may vanish), except in a gold answer,
// which may state its value approximately (Config.GoldApprox).
func TestNoLeftSide(t *testing.T) {
	for _, in := range []string{`\approx 2`, `\boxed{\approx 2}`, `\sim -1`, `\simeq \frac{2}{9}`, `\thickapprox 15 \pi`,
		"≈12", "≈(-\\frac{3}{2},6)", `= 5`, `\le 3`, `< 3`, `\approx \begin{pmatrix} 3 \\ 1 \end{pmatrix}`} {
		wantError(t, in, "a relation with no left side")
	}
	for in, want := range map[string]string{
		`\epsilon \approx0.72`: `\epsilon \approx 0.72`,
		`x \sim 2`:             `x \approx 2`,
	} {
		n, err := Parse(in)
		if err != nil || n.String() != want {
			t.Errorf("Parse(%q) = %v, %v, want %s", in, n, err, want)
		}
	}
	for in, want := range map[string]string{`\approx 8.24 \text{ mph}`: "8.24", `\sim 10`: "10"} {
		n, err := ParseWith(in, Config{GoldApprox: true})
		if err != nil || n.String() != want {
			t.Errorf("ParseWith(%q, GoldApprox) = %v, %v, want %s", in, n, err, want)
		}
	}
}

// TestNumberSign: \# before an amount is on the no-op table; after or
// inside one it is not read.
func TestNumberSign(t *testing.T) {
	for _, in := range []string{`\#5`, `\# 5`, `\#\#\#\# 5`} {
		if got := value(t, in); got != "5" {
			t.Errorf("%s = %s, want 5", in, got)
		}
	}
	for _, in := range []string{`20\#`, `4343_6\#`, `\frac{31}{32}\#`, `6\sqrt{26}\#`, `20 \# 3`, `\epsilon \approx0.72\#`} {
		wantError(t, in, `\# after a value is not read`)
	}
}

// TestUprightConstantPowers: an upright constant after a factor keeps its
// exponent (issue 28's surface rows: \frac{7 \mathrm{\pi}^3}{8}).
func TestUprightConstantPowers(t *testing.T) {
	for in, want := range map[string]string{
		`5\mathrm{e}^2`:         `5 \cdot e^{2}`,
		`7 \mathrm{\pi}^3`:      `7 \cdot \pi^{3}`,
		`3\text{i}^2`:           `3 \cdot i^{2}`,
		`2\mathrm{e}^{x}`:       `2 \cdot e^{x}`,
		`\frac{\uppi^3}{32}`:    `\frac{\pi^{3}}{32}`,
		`4\operatorname{i}^{3}`: `4 \cdot i^{3}`,
	} {
		n, err := Parse(in)
		if err != nil || n.String() != want {
			t.Errorf("Parse(%q) = %v, %v, want %s", in, n, err, want)
		}
	}
}

// TestNumberAfterFactor: a number after a factor is no coefficient, so
// that \pi 0, 3 is never the list 0, 3 (a coefficient is written first).
func TestNumberAfterFactor(t *testing.T) {
	for _, in := range []string{`\pi 0`, `\pi 0,1`, "π0, 3, -1, 4", `(1+2)3`, `\sqrt{2}3`, `2^{3}4`, `e2`} {
		wantError(t, in, "is not read as a product")
	}
	for in, want := range map[string]string{`2\pi`: `2 \cdot \pi`, `0\pi`: `0 \cdot \pi`, `x \cdot 2`: `x \cdot 2`,
		`2(x+1)`: `2 \cdot \left(x+1\right)`, `2^{1/2} 3^{1/3}`: `2^{\frac{1}{2}} \cdot 3^{\frac{1}{3}}`, `x2`: `x \cdot 2`,
		`3!\,6!`: `3! \cdot 6!`} {
		n, err := Parse(in)
		if err != nil || n.String() != want {
			t.Errorf("Parse(%q) = %v, %v, want %s", in, n, err, want)
		}
	}
}

// TestTupleTranspose: (a, b)^T and (a, b)^\top are the column of the
// coordinates (a tuple has no power); a power of anything else stays one.
func TestTupleTranspose(t *testing.T) {
	for in, want := range map[string]string{
		`(1,2)^T`:        `\begin{pmatrix}1 \\ 2\end{pmatrix}`,
		`[1, 2, 3]^\top`: `\begin{pmatrix}1 \\ 2 \\ 3\end{pmatrix}`,
		`(x+1)^T`:        `\left(x+1\right)^{T}`,
	} {
		n, err := Parse(in)
		if err != nil || n.String() != want {
			t.Errorf("Parse(%q) = %v, %v, want %s", in, n, err, want)
		}
	}
}

// TestTextConstantInFormula: \text{e} and \text{i} inside a formula are
// the constants (\text{e}^2, 1+\text{i}); alone, the whole answer, they
// stay a choice letter as \text{E} is.
func TestTextConstantInFormula(t *testing.T) {
	for in, want := range map[string]string{
		`\text{e}^2`:   `e^{2}`,
		`1+\textrm{i}`: `1+i`,
		`\mbox{e}+1`:   `e+1`,
		`\text{e}`:     `\text{E}`,
	} {
		n, err := Parse(in)
		if err != nil || n.String() != want {
			t.Errorf("Parse(%q) = %v, %v, want %s", in, n, err, want)
		}
	}
}

// TestDifferentialOverDenominator: \int \frac{dx}{Q} is the integral of 1/Q
// in x; a fraction whose numerator holds more than the differential is
// read as a body as before (and then needs its own differential).
func TestDifferentialOverDenominator(t *testing.T) {
	for _, in := range []string{
		`\int_1^2 \frac{dx}{x}`,
		`\int_0^1 \frac{\mathrm{d}t}{1+t^2}`,
		`\int_{-\infty}^{\infty}\dfrac{dx}{1+x^2}`,
	} {
		n, err := Parse(in)
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		c, ok := n.(*expr.Call)
		if !ok || c.Fn != "int" {
			t.Errorf("%s: parsed as %s, want an integral", in, n)
			continue
		}
		if p, ok := c.Args[0].(*expr.Pow); !ok || p.Exp.String() != "-1" {
			t.Errorf("%s: body %s, want a reciprocal", in, c.Args[0])
		}
	}
	if _, err := Parse(`\int_0^1 \frac{x}{2}`); err == nil {
		t.Errorf(`\int_0^1 \frac{x}{2} parsed without a differential`)
	}
}

// TestDerivativeOperator: \frac{d}{dx} before an expression is the
// derivative operator, never the fraction d/(dx) times it (which the free
// symbol d happened to keep from being Equal to x for x^2).
func TestDerivativeOperator(t *testing.T) {
	for _, in := range []string{`\frac{d}{dx}x^2`, `\frac{\mathrm{d}}{\mathrm{d}x}\left(x e^x\right)`, `\dfrac{d}{dt}\sin t`, `\frac{d}{dx}{x^3+1}`} {
		n, err := Parse(in)
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		if c, ok := n.(*expr.Call); !ok || c.Fn != "diff" {
			t.Errorf("%s: parsed as %s, want a derivative", in, n)
		}
	}
	// dy/dx of an unnamed function is no operator applied to anything
	if n, err := Parse(`\frac{dy}{dx}`); err == nil {
		if c, ok := n.(*expr.Call); ok && c.Fn == "diff" {
			t.Errorf(`\frac{dy}{dx} read as a derivative: %s`, n)
		}
	}
}
