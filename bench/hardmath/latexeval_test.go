package hardmath

import (
	"math"
	"math/cmplx"
	"testing"
)

func TestEvalLatex(t *testing.T) {
	cases := []struct {
		src  string
		vars map[string]complex128
		real bool
		want complex128
	}{
		{`\frac{a_{1} \left(\frac{a_{3}}{a_{2}}\right)^{\frac{7}{2}}}{a_{3}}`, map[string]complex128{"a_1": 2, "a_2": 8, "a_3": 5}, false, complex(2*math.Pow(5.0/8, 3.5)/5, 0)},
		{`\sqrt[5]{- \frac{1}{\epsilon}}`, map[string]complex128{"epsilon": 0.1}, false, cmplx.Pow(-10, 0.2)},
		{`\frac{\left(-1 + \sqrt{3} i\right) \sqrt[9]{\frac{1}{\epsilon}}}{2}`, map[string]complex128{"epsilon": 10}, false, complex(-0.5, math.Sqrt(3)/2) * complex(math.Pow(0.1, 1.0/9), 0)},
		{`- \sqrt[9]{\frac{1}{\epsilon}} e^{\frac{i \pi}{9}}`, map[string]complex128{"epsilon": 10}, false, -complex(math.Pow(0.1, 1.0/9), 0) * cmplx.Exp(complex(0, math.Pi/9))},
		{`1 - \frac{x^{3}}{18}`, map[string]complex128{"x": 0.1}, false, complex(1-0.001/18, 0)},
		{`\sqrt[3]{30} (x - 9.27092709270927)^{\frac{1}{3}} + (2.52870954143885)`, map[string]complex128{"x": 9.178217821782178}, true, complex(2.52870954143885-math.Cbrt(9.27092709270927-9.178217821782178)*math.Cbrt(30), 0)},
		{`-6 (x - 11.4511451145115)^{-1} + (-2.7342001057336)`, map[string]complex128{"x": 11.336633663366335}, false, complex(-6/(11.336633663366335-11.4511451145115)-2.7342001057336, 0)},
		{`\frac{0.322997637046038 e^{0.206864144662938 x}}{x}`, map[string]complex128{"x": 2}, false, complex(0.322997637046038*math.Exp(0.206864144662938*2)/2, 0)},
		{`\sin{\left(\frac{\pi}{18} \right)} - i \cos{\left(\frac{\pi}{18} \right)}`, nil, false, complex(math.Sin(math.Pi/18), -math.Cos(math.Pi/18))},
		{`x^23`, map[string]complex128{"x": 2}, false, 12},
		{`2\cdot 3!`, nil, false, 12},
		{`4.6e-09 x`, map[string]complex128{"x": 2}, false, 9.2e-9},
		{`\frac12 + \sin^{2} x + \cos^2 x`, map[string]complex128{"x": 0.7}, false, 1.5},
		{`- \frac{y}{24 x^{4} + 6 x^{2} + 3} + y'^{2} - \frac{y''}{5 x^{3} - 2 x^{2} - x + 2}`, map[string]complex128{"x": 1, "y": 2, "y'": 3, "y''": 4}, false, complex(-2.0/33+9-4.0/4, 0)},
		{`\sqrt{\pi} \frac{e^{- x}}{\sqrt{x}}`, map[string]complex128{"x": 4}, false, complex(math.Sqrt(math.Pi)*math.Exp(-4)/2, 0)},
	}
	for _, c := range cases {
		got, err := evalLatex(c.src, c.vars, evalOptions{realRoots: c.real})
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if cmplx.Abs(got-c.want) > 1e-9*math.Max(1, cmplx.Abs(c.want)) {
			t.Errorf("%s: got %v want %v", c.src, got, c.want)
		}
	}
	for _, bad := range []string{`\frac{1}{`, `x +`, `\unknowncmd{x}`, `)`, ``} {
		if _, err := evalLatex(bad, map[string]complex128{"x": 1}, evalOptions{}); err == nil {
			t.Errorf("%q: expected an error", bad)
		}
	}
	if _, err := evalLatex(`z + 1`, nil, evalOptions{}); err == nil {
		t.Error("unbound variable should fail")
	}
}
