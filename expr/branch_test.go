package expr_test

import (
	"context"
	"errors"
	"math"
	"math/big"
	"math/cmplx"
	"testing"

	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
)

func evalAt(t *testing.T, src string, vars map[string]complex128, opt expr.EvalOptions) (complex128, error) {
	t.Helper()
	n, err := latex.ParseWith(src, latex.Config{SymPyNames: true})
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	env := map[string]expr.Complex{}
	for k, v := range vars {
		env[k] = expr.Complex{Re: big.NewFloat(real(v)), Im: big.NewFloat(imag(v))}
	}
	c, err := expr.EvalComplex(context.Background(), n, 64, env, opt)
	if err != nil {
		return 0, err
	}
	re, _ := c.Re.Float64()
	im, _ := c.Im.Float64()
	return complex(re, im), nil
}

// TestPrincipalBranch: the Principal option gives the values of the
// principal branch (those of Go's math/cmplx and of SymPy), RealRoots the
// real odd roots of school mathematics.
func TestPrincipalBranch(t *testing.T) {
	pr := expr.EvalOptions{Branch: expr.Principal, NaturalLog: true}
	cases := []struct {
		src  string
		vars map[string]complex128
		want complex128
	}{
		{`\sqrt[5]{-\frac{1}{\epsilon}}`, map[string]complex128{`\epsilon`: 0.1}, cmplx.Pow(-10, 0.2)},
		{`(-8)^{1/3}`, nil, cmplx.Pow(-8, 1.0/3)},
		{`(-8)^{2/3}`, nil, cmplx.Pow(-8, 2.0/3)},
		{`\sqrt{-4}`, nil, 2i},
		// on a branch cut the values of SymPy and Mathematica (Go's
		// math/cmplx takes the other side for these two)
		{`\arcsin 2`, nil, complex(math.Pi/2, -math.Acosh(2))},
		{`\arctan(2 I)`, nil, complex(math.Pi/2, math.Atanh(0.5))},
		{`\arccos(-3)`, nil, cmplx.Acos(-3)},
		{`\arctan(1 + I)`, nil, cmplx.Atan(1 + 1i)},
		{`\arcsin(x)`, map[string]complex128{"x": 0.5 + 0.25i}, cmplx.Asin(0.5 + 0.25i)},
		{`\log(-2)`, nil, cmplx.Log(-2)},
		{`x^{3} + I x`, map[string]complex128{"x": 1 + 1i}, (1+1i)*(1+1i)*(1+1i) + 1i*(1+1i)},
		{`e^{I \pi / 3}`, nil, cmplx.Exp(1i * math.Pi / 3)},
	}
	for _, c := range cases {
		got, err := evalAt(t, c.src, c.vars, pr)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if cmplx.Abs(got-c.want) > 1e-12*math.Max(1, cmplx.Abs(c.want)) {
			t.Errorf("%s = %v, want %v", c.src, got, c.want)
		}
	}
	// the default: real odd roots, no complex inverse sines, \log is base 10
	if v, err := evalAt(t, `(-8)^{1/3}`, nil, expr.EvalOptions{}); err != nil || v != -2 {
		t.Errorf("RealRoots cube root of -8 = %v, %v", v, err)
	}
	if _, err := evalAt(t, `\arcsin 2`, nil, expr.EvalOptions{}); !errors.Is(err, expr.ErrDomain) {
		t.Errorf("RealRoots arcsin 2: %v", err)
	}
	if v, err := evalAt(t, `\log 100`, nil, expr.EvalOptions{}); err != nil || math.Abs(real(v)-2) > 1e-15 {
		t.Errorf("log 100 = %v, %v", v, err)
	}
}

// TestNoOpaque: a caller that wants a value can refuse unknown functions.
func TestNoOpaque(t *testing.T) {
	if _, err := evalAt(t, `f(x) + 1`, map[string]complex128{"x": 1}, expr.EvalOptions{NoOpaque: true}); !errors.Is(err, expr.ErrUnknownFunction) {
		t.Errorf("NoOpaque: %v", err)
	}
	if _, err := evalAt(t, `f(x) + 1`, map[string]complex128{"x": 1}, expr.EvalOptions{}); err != nil {
		t.Errorf("opaque allowed: %v", err)
	}
}

// TestLimitsStayUnchanged: evaluation never writes into the caller's
// Limits (issue 19.5: settings apart from per-evaluation state).
func TestLimitsStayUnchanged(t *testing.T) {
	lim := expr.Limits{}
	n := latex.MustParse(`\sin(2) + 3!`)
	if _, err := expr.Eval(context.Background(), n, 64, nil, expr.EvalOptions{Limits: lim}); err != nil {
		t.Fatal(err)
	}
	if _, err := expr.Rational(context.Background(), latex.MustParse(`3!`), lim); err != nil {
		t.Fatal(err)
	}
	if lim != (expr.Limits{}) {
		t.Errorf("limits changed to %+v", lim)
	}
}

// TestDoubleFactorial: n!! is n (n-2) (n-4) ...
func TestDoubleFactorial(t *testing.T) {
	for in, want := range map[string]string{`7!!`: "105", `8!!`: "384", `0!!`: "1", `1!!`: "1"} {
		r, err := expr.Rational(context.Background(), latex.MustParse(in), expr.Limits{})
		if err != nil || r.RatString() != want {
			t.Errorf("%s = %v, %v, want %s", in, r, err, want)
		}
	}
	if _, err := expr.Rational(context.Background(), latex.MustParse(`100000!!`), expr.Limits{}); !errors.Is(err, expr.ErrLimit) {
		t.Errorf("100000!!: %v, want ErrLimit", err)
	}
}
