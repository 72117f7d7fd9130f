package expr_test

import (
	"context"
	"math"
	"math/big"
	"math/cmplx"
	"testing"

	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
)

// Compile agrees with EvalComplex, both branches, on formulas of the kinds
// numerical methods evaluate (ODE right-hand sides, integrands, roots).
func TestCompileAgreesWithEval(t *testing.T) {
	ctx := context.Background()
	srcs := []string{
		`- \frac{y}{24 x^{4} + 6 x^{2} + 3} + y'^{2} - \frac{y''}{5 x^{3} - 2 x^{2} - x + 2} - \frac{1}{12 x^{2} - \cos{\left(x \right)} + 11}`,
		`\sqrt[5]{-\frac{1}{x}}`, `\frac{\sqrt[5]{-\frac{1}{x}} \left(-1 + \sqrt{5} - \sqrt{2} \sqrt{-5 - \sqrt{5}}\right)}{4}`,
		`(-x)^{\frac{2}{3}} + x^{-2}`, `e^{- x} \sin{\left(x \right)} + \operatorname{atan}{\left(x \right)}`, `\log{\left(x \right)} + \ln{\left(2 x \right)}`,
		`-6 (x - 4.98049804980498)^{-1} + (-7.0586830402894)`, `\sqrt[3]{30} (x - 9.27092709270927)^{\frac{1}{3}} + (2.52870954143885)`,
		`x^{y}`, `\exp\left(\frac{2 i \pi}{5}\right) x^{\frac{1}{10}}`, `\left|x - 3\right| + \cosh{\left(x \right)} - \tanh{\left(y \right)}`,
	}
	points := [][3]float64{{0.3, 1.1, -0.7}, {-2.5, 0.4, 2}, {7.1, -1.3, 0.2}}
	for _, src := range srcs {
		n, err := latex.Parse(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		vars := []string{"x", "y", "y'", "y''"}
		for _, br := range []expr.Branch{expr.RealRoots, expr.Principal} {
			opt := expr.EvalOptions{Branch: br, NaturalLog: true}
			f, err := expr.Compile(ctx, n, vars, opt)
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			for _, p := range points {
				env := map[string]*big.Rat{}
				args := []complex128{complex(p[0], 0), complex(p[1], 0), complex(p[1], 0), complex(p[2], 0)}
				for i, v := range vars {
					env[v] = new(big.Rat).SetFloat64(real(args[i]))
				}
				want, errW := expr.Eval(ctx, n, 80, env, opt)
				got, errG := f(args)
				if (errW != nil) != (errG != nil) {
					t.Errorf("%s at %v (branch %d): Eval error %v, Compile error %v", src, p, br, errW, errG)
					continue
				}
				if errW != nil {
					continue
				}
				wr, _ := want.Re.Float64()
				wi, _ := want.Im.Float64()
				w := complex(wr, wi)
				if cmplx.Abs(got-w) > 1e-9*math.Max(1, cmplx.Abs(w)) {
					t.Errorf("%s at %v (branch %d): Compile %v, Eval %v", src, p, br, got, w)
				}
			}
		}
	}
}

func TestCompileRefuses(t *testing.T) {
	for _, src := range []string{`f(x)`, `z + 1`, `\max(x, 2)`} {
		n, err := latex.Parse(src)
		if err != nil {
			continue
		}
		if _, err := expr.Compile(context.Background(), n, []string{"x"}, expr.EvalOptions{}); err == nil {
			t.Errorf("%s compiled", src)
		}
	}
	n, _ := latex.Parse(`\frac{1}{x}`)
	f, _ := expr.Compile(context.Background(), n, []string{"x"}, expr.EvalOptions{})
	if _, err := f([]complex128{0}); err == nil {
		t.Error("1/x at 0 gave no error")
	}
}
