package mutation

import (
	"math/big"
	"testing"
)

func TestOracleCompare(t *testing.T) {
	cases := []struct {
		a, b string
		want Verdict
	}{
		// numbers, exactly
		{`\frac{1}{2}`, `0.5`, Same},
		{`\frac{1}{3}`, `0.333`, Different},
		{`2^{100}`, `2^{100}+1`, Different},
		{`10,080`, `10080`, Same},
		{`222,\!222`, `222222`, Same},
		{`0^3`, `0^4`, Same},
		{`\binom{5}{2}`, `\binom{5}{3}`, Same},
		{`5!`, `120`, Same},
		{`{7 \choose 2}`, `21`, Same},
		{`{x^23}`, `3x^2`, Same},
		{`5!!`, `15`, Same},
		{`\sqrt{8}`, `2\sqrt{2}`, Same},
		{`\sqrt[3]{-8}`, `-2`, Same},
		{`\log_2 8`, `3`, Same},
		{`25\%`, `\frac{1}{4}`, Same},
		{`\$4.50`, `4.5`, Same},
		// floats: zero up to rounding is the same; a clear gap is different
		{`\sin(2\pi)`, `\sin(3\pi)`, Same},
		{`\pi`, `3.14`, Different},
		{`\cos 40^\circ`, `\sin 50^\circ`, Same},
		{`\cos^2\alpha`, `\cos(\alpha)^{2}`, Same},
		{`e^{i\pi}`, `-1`, Same},
		// variables
		{`x^2-1`, `(x-1)(x+1)`, Same},
		{`x^2-1`, `(x-1)(x+2)`, Different},
		{`2x`, `2t`, Different},
		// structures
		{`(1,2)`, `[1,2]`, Different},
		{`(1,2)`, `\{1,2\}`, Different},
		{`1, 2`, `2, 1`, Same},
		{`1, 2`, `(1,2)`, Different},
		{`1, 2, 2`, `1, 2`, Different},
		{`\{1, 2, 2\}`, `\{2, 1\}`, Same},
		{`\{1, 2\}`, `1, 2`, Unknown},
		{`3 \pm \sqrt{2}`, `3+\sqrt{2}, 3-\sqrt{2}`, Same},
		{`(0,2]\cup[2,3)`, `(0,3)`, Same},
		{`(0,2)\cup(2,3)`, `(0,3)`, Different},
		{`(-\infty,1)\cup(1,\infty)`, `(-\infty,1]\cup(1,\infty)`, Different},
		{`\begin{pmatrix} 1 \\ 2 \end{pmatrix}`, `\begin{pmatrix} 1 \\ 3 \end{pmatrix}`, Different},
		{`\begin{pmatrix} 5/3 \\ 1 \end{pmatrix}`, `\begin{pmatrix}\frac{5}{3} \\ 1\end{pmatrix}`, Same},
		// relations
		{`x = 3`, `y = 3`, Different},
		{`x = 3`, `x = 4`, Different},
		{`y = 2x+3`, `2x - y + 3 = 0`, Same},
		{`y = 2x+3`, `y = 2t+3`, Different},
		{`x+y=1`, `y+x=1`, Same},
		{`x < 3`, `2x < 6`, Same},
		{`0.56 = 56\%`, `0.57 = 56\%`, Unknown},
		// bases
		{`1010_2`, `10`, Same},
		{`1010_2`, `1010_3`, Different},
		{`1_2`, `1_3`, Same},
		{`152A_{11}`, `1968`, Same},
		// words
		{`\text{Evelyn}`, `\text{evelyn}`, Same},
		{`\text{(C)}`, `\text{C}`, Same},
		{`Ted`, `Fred`, Different},
		{`5\text{ cm}`, `6\text{ cm}`, Different},
		{`5\text{ cm}`, `5\text{ m}`, Unknown},
		{`5\text{ cm}^2`, `5\text{ cm}^3`, Unknown},
	}
	for _, c := range cases {
		a, err := Read(c.a)
		if err != nil {
			t.Errorf("Read(%q): %v", c.a, err)
			continue
		}
		b, err := Read(c.b)
		if err != nil {
			t.Errorf("Read(%q): %v", c.b, err)
			continue
		}
		if got := Compare(a, b, nil); got != c.want {
			t.Errorf("Compare(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestOracleTolerance(t *testing.T) {
	tol := big.NewRat(1, 1000)
	for _, c := range []struct {
		a, b string
		want Verdict
	}{
		{`0.1928`, `0.1929`, Same},
		{`0.1928`, `0.1938`, Different},
		{`12`, `12.0009`, Same},
	} {
		a, _ := Read(c.a)
		b, _ := Read(c.b)
		if got := Compare(a, b, tol); got != c.want {
			t.Errorf("Compare(%q, %q, 1e-3) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestOracleRefuses(t *testing.T) {
	// what the oracle does not read it refuses, so that no mutant of it is asserted
	for _, s := range []string{`2\frac{1}{2}`, `\int_0^1 x\,dx`, `\text{B7}_{12}`, `\overline{CD}`, `x \in [1,2]`, `1/0`, `(1,2`, `\begin{vmatrix} 1 \end{vmatrix}`} {
		if v, err := Read(s); err == nil {
			t.Errorf("Read(%q) = %+v, want an error", s, v)
		}
	}
}

func FuzzOracle(f *testing.F) {
	for _, s := range []string{`\frac{1}{2}`, `(1,2]\cup[3,4)`, `x^2 = 3`, `\begin{pmatrix}1&2\\3&4\end{pmatrix}`, `5!!`, `\sqrt[3]{-8}`, `2^{-1000}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Read(s)
		if err == nil {
			Compare(v, v, nil)
		}
		(Generator{}).Pairs(Gold{Bench: "math", ID: "fuzz", Text: s}, nil)
	})
}

// The oracle reads the Unicode notation of the surface family by the
// characters' meaning.
func TestOracleUnicode(t *testing.T) {
	cases := []struct {
		a, b string
		want Verdict
	}{
		{`√26`, `\sqrt{26}`, Same},
		{`3√26`, `3\sqrt{26}`, Same},
		{`√(x+1)`, `\sqrt{x+1}`, Same},
		{`√2x`, `\sqrt{2}x`, Same},
		{`∛2`, `\sqrt[3]{2}`, Same},
		{`2¹⁰`, `1024`, Same},
		{`2¹⁰`, `2`, Different},
		{`10⁻³`, `0.001`, Same},
		{`1¾`, `\frac{7}{4}`, Same},
		{`-1¾`, `-\frac{7}{4}`, Same},
		{`½`, `0.5`, Same},
		{`１２`, `12`, Same},
		{`36π`, `36\pi`, Same},
		{`−5`, `-5`, Same},
		{`2×3·4`, `24`, Same},
		{`x ≤ 3`, `x \le 3`, Same},
		{`a₁`, `a_1`, Same},
		{`1010₂`, `10`, Same},
		{`30°`, `30^\circ`, Same},
		{`3+4\mathrm{i}`, `3+4i`, Same},
		{`\operatorname{i}`, `i`, Same},
		{`2\mathrm{\pi}`, `2\pi`, Same},
		{`\uppi`, `\pi`, Same},
	}
	for _, c := range cases {
		a, err := Read(c.a)
		if err != nil {
			t.Errorf("Read(%q): %v", c.a, err)
			continue
		}
		b, err := Read(c.b)
		if err != nil {
			t.Errorf("Read(%q): %v", c.b, err)
			continue
		}
		if got := Compare(a, b, nil); got != c.want {
			t.Errorf("Compare(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	// what it does not know it refuses
	for _, s := range []string{`5…`, `√`, `x ∈ ℝ`, `1.5½`, `√×`} {
		if v, err := Read(s); err == nil && v.Kind != "text" {
			t.Errorf("Read(%q) = %+v, want an error", s, v)
		}
	}
}
