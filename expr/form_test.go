package expr_test

import (
	"context"
	"testing"

	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
)

func sameForm(t *testing.T, a, b string, opt expr.FormOptions) (bool, string, string) {
	t.Helper()
	fb := expr.NewFormBuilder(context.Background(), opt)
	fa, err := fb.Form(latex.MustParse(a))
	if err != nil {
		t.Fatalf("Form(%q): %v", a, err)
	}
	fc, err := fb.Form(latex.MustParse(b))
	if err != nil {
		t.Fatalf("Form(%q): %v", b, err)
	}
	eq, err := fb.Equal(fa, fc)
	if err != nil {
		t.Fatalf("Equal(%q, %q): %v", a, b, err)
	}
	return eq, fa.String(), fc.String()
}

// TestFormIdentities: equal values get equal forms across radicals, pi,
// exponentials, trigonometric values at rational multiples of pi,
// logarithms of rationals and rational functions.
func TestFormIdentities(t *testing.T) {
	for _, c := range [][2]string{
		{`\sqrt{8}`, `2\sqrt{2}`},
		{`\frac{1}{\sqrt{2}}`, `\frac{\sqrt{2}}{2}`},
		{`\frac{1}{1+\sqrt{2}}`, `\sqrt{2}-1`},
		{`\sqrt{6}`, `\sqrt{2}\sqrt{3}`},
		{`\sqrt[3]{16}`, `2\sqrt[3]{2}`},
		{`\sqrt{3+2\sqrt{2}}`, `1+\sqrt{2}`},
		{`\sqrt{3-2\sqrt{2}}`, `\sqrt{2}-1`},
		{`\sqrt{2+\sqrt{3}}`, `\frac{\sqrt{6}+\sqrt{2}}{2}`},
		{`\sqrt{100 + 16\sqrt{6}}`, `2 + 4\sqrt{6}`},
		{`\sqrt{5+2\sqrt{6}}`, `\sqrt{2}+\sqrt{3}`},
		{`2^{1/2} 2^{1/3}`, `2^{5/6}`},
		{`\sqrt[3]{-8}`, `-2`},
		{`\sqrt{-4}`, `2i`},
		{`(1+i)^2`, `2i`},
		{`|3+4i|`, `5`},
		{`|1+i|`, `\sqrt{2}`},
		{`|(1+2i)^2|`, `5`},
		{`\frac{1}{i}`, `-i`},
		{`e^{i\pi}`, `-1`},
		{`e^{i\pi/3}`, `\frac{1}{2}+\frac{\sqrt{3}}{2}i`},
		{`\cos 40^\circ`, `\sin 50^\circ`},
		{`\tan 15^\circ`, `2-\sqrt{3}`},
		{`\sin(\pi/3)`, `\frac{\sqrt{3}}{2}`},
		{`\cos(2\pi/9)`, `\cos(-2\pi/9)`},
		{`\sin(20^\circ)`, `\cos(70^\circ)`},
		{`\cos(100^\circ)`, `-\cos(80^\circ)`},
		{`\sin^2 x + \cos^2 x`, `1`},
		{`\sin 2x`, `2\sin x\cos x`},
		{`2 \sin 5x \cos x`, `\sin 6x + \sin 4x`},
		{`\tan x`, `\frac{\sin x}{\cos x}`},
		{`\cosh^2 x - \sinh^2 x`, `1`},
		{`e^{x}e^{y}`, `e^{x+y}`},
		{`(e^{x})^2`, `e^{2x}`},
		{`e^{\ln 2}`, `2`},
		{`2^{x} 2^{x}`, `4^{x}`},
		{`\ln 8`, `3\ln 2`},
		{`\log_2 8`, `3`},
		{`\log_4 8`, `\frac{3}{2}`},
		{`\log 6`, `\log 2 + \log 3`},
		{`\ln(e^2)`, `2`},
		{`\pi^{200}+1-\pi^{200}`, `1`},
		{`\sqrt{\pi}\sqrt{\pi}`, `\pi`},
		{`\frac{x^2-1}{x-1}`, `x+1`},
		{`\frac{1}{x}+\frac{1}{y}`, `\frac{x+y}{xy}`},
		{`\sqrt{x}\sqrt{x}`, `x`},
		{`\frac{1}{\sqrt{x}}`, `\frac{\sqrt{x}}{x}`},
		{`\frac{1}{\sqrt{x+1}}`, `\frac{\sqrt{x+1}}{x+1}`},
		{`x\sqrt{x}`, `x^{3/2}`},
		{`\binom{n+1}{2}`, `\frac{n(n+1)}{2}`},
		{`|2-x|`, `|x-2|`},
		{`\sqrt{x^2}`, `|x|`}, // variables are real
		{`|x|^2`, `x^2`},
		{`|x^3 y|`, `x^2 |x| |y|`},
		{`\max(x, 3)`, `\frac{x + 3 + |x - 3|}{2}`},
		{`\min(a, b)`, `\frac{a + b - |b - a|}{2}`},
		{`|2x|`, `2|x|`},
		{`|1-\sqrt{2}|`, `\sqrt{2}-1`},
		{`\arctan 1`, `\frac{\pi}{4}`},
		{`\arcsin \frac{\sqrt{3}}{2}`, `\frac{\pi}{3}`},
		{`30^\circ`, `\frac{\pi}{6}`},
		{`\lfloor \sqrt{2} \rfloor`, `1`},
		{`\max(\sqrt{2}, \frac{3}{2})`, `\frac{3}{2}`},
		{`e + \frac{1}{3000!}`, `\frac{1}{3000!} + e`},
		{`f(1+1)`, `f(2)`},
		{`\sum_{k=1}^{3} k x`, `6x`},
	} {
		if ok, fa, fb := sameForm(t, c[0], c[1], expr.FormOptions{}); !ok {
			t.Errorf("%s and %s: forms differ: %s vs %s", c[0], c[1], fa, fb)
		}
	}
}

// TestFormDistinct: different values never share a form, and identities
// that need an assumption stay apart without it.
func TestFormDistinct(t *testing.T) {
	for _, c := range [][2]string{
		{`e + \frac{1}{3000!}`, `e + \frac{1}{3001!}`},
		{`\pi^{200}`, `\pi^{200}+1`},
		{`\sqrt{x^2}`, `x`},
		{`\sqrt{x^3}`, `x^{3/2}`},
		{`\sqrt{xy}`, `\sqrt{x}\sqrt{y}`},
		{`\ln(xy)`, `\ln x + \ln y`},
		{`|x-2|`, `2-x`},
		{`|3+4i|`, `4`},
		{`\sin x`, `|\sin x|`},
		{`\arcsin(\sin x)`, `x`},
		{`\min(x,3)`, `x`},
		{`\csc x`, `\sqrt{1+\cot^2 x}`},
		{`\sqrt[3]{2}`, `\sqrt{2}`},
		{`\sqrt{3+2\sqrt{2}}`, `\sqrt{2}-1`},
		{`f(x)`, `f(y)`},
		{`x^3`, `(x^2)^{3/2}`},
	} {
		if ok, fa, fb := sameForm(t, c[0], c[1], expr.FormOptions{}); ok {
			t.Errorf("%s and %s: same form %s = %s", c[0], c[1], fa, fb)
		}
	}
	// under Positive these are identities
	for _, c := range [][2]string{
		{`\sqrt{x^2}`, `x`},
		{`\sqrt{xy}`, `\sqrt{x}\sqrt{y}`},
		{`\ln(xy)`, `\ln x + \ln y`},
		{`|a|`, `a`},
		{`\frac{|x|}{x}`, `1`},
	} {
		if ok, fa, fb := sameForm(t, c[0], c[1], expr.FormOptions{Positive: true}); !ok {
			t.Errorf("Positive: %s and %s: forms differ: %s vs %s", c[0], c[1], fa, fb)
		}
	}
}

// TestFormApproxRefutes: the difference of two forms is evaluated after
// its exact cancellations, so a tiny true difference is certainly nonzero.
func TestFormApproxRefutes(t *testing.T) {
	fb := expr.NewFormBuilder(context.Background(), expr.FormOptions{})
	for _, c := range [][2]string{
		{`e + \frac{1}{3000!}`, `e + \frac{1}{3001!}`},
		{`\pi + 10^{-200}`, `\pi`},
		{`\sqrt{2}`, `1.41421356237309504880168872420969807856967187537694`},
	} {
		a, _ := fb.Form(latex.MustParse(c[0]))
		b, _ := fb.Form(latex.MustParse(c[1]))
		d, err := fb.Sub(a, b)
		if err != nil {
			t.Fatal(err)
		}
		ap, err := fb.Approx(d, nil)
		if err != nil {
			t.Fatalf("%s - %s: %v", c[0], c[1], err)
		}
		if !ap.NonZero() {
			t.Errorf("%s - %s = %s (err %s): not certainly nonzero", c[0], c[1], ap.V, ap.Err.Text('g', 5))
		}
	}
}
