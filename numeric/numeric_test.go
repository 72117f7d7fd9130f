package numeric

import (
	"context"
	"math"
	"math/cmplx"
	"testing"
	"time"
)

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return c
}

func TestKronrodRuleExactness(t *testing.T) {
	// The 21-point Kronrod rule is exact for degree 31, the embedded
	// 10-point Gauss rule for degree 19; a wrong constant breaks this.
	for k := 0; k <= 31; k++ {
		sK, sG := gkW[10]*pow0(0, k), 0.0
		for j := 0; j < 10; j++ {
			v := math.Pow(gkX[j], float64(k)) + math.Pow(-gkX[j], float64(k))
			sK += gkW[j] * v
			if j%2 == 1 {
				sG += gW[j/2] * v
			}
		}
		want := 0.0
		if k%2 == 0 {
			want = 2 / float64(k+1)
		}
		if math.Abs(sK-want) > 1e-14 {
			t.Errorf("Kronrod x^%d: %v want %v", k, sK, want)
		}
		if k <= 19 && math.Abs(sG-want) > 1e-14 {
			t.Errorf("Gauss x^%d: %v want %v", k, sG, want)
		}
	}
}

func pow0(x float64, k int) float64 {
	if k == 0 {
		return 1
	}
	return math.Pow(x, float64(k))
}

func TestIntegrateKnown(t *testing.T) {
	cases := []struct {
		name string
		f    func(float64) float64
		a, b float64
		want float64
	}{
		{"sin 0..pi", math.Sin, 0, math.Pi, 2},
		{"exp 0..inf", func(x float64) float64 { return math.Exp(-x) }, 0, math.Inf(1), 1},
		{"1/(1+x^2) -inf..inf", func(x float64) float64 { return 1 / (1 + x*x) }, math.Inf(-1), math.Inf(1), math.Pi},
		{"gaussian -inf..0", func(x float64) float64 { return math.Exp(-x * x) }, math.Inf(-1), 0, math.Sqrt(math.Pi) / 2},
		{"x^-1/2 0..1", func(x float64) float64 { return 1 / math.Sqrt(x) }, 0, 1, 2},
		{"log x 0..1", math.Log, 0, 1, -1},
		{"1/(1e-3+x^8) 0..83", func(x float64) float64 { return 1 / (1e-3 + math.Pow(x, 8)) }, 0, 83, 0},
		{"reversed", math.Cos, math.Pi / 2, 0, -1},
		{"oscillatory long", func(x float64) float64 { return math.Cos(x) * math.Exp(-x/50) }, 0, 1000, 0},
	}
	// Closed forms computed independently.
	// int_0^inf 1/(e+x^8) = e^{-7/8} (pi/8)/sin(pi/8); the tail beyond 83 is ~83^-7/7.
	cases[6].want = math.Pow(1e-3, -7.0/8) * (math.Pi / 8) / math.Sin(math.Pi/8)
	tail := 0.0
	for k := 0; k < 6; k++ { // series for int_83^inf 1/(x^8(1+e/x^8)) dx
		tail += math.Pow(-1e-3, float64(k)) * math.Pow(83, -7-8*float64(k)) / (7 + 8*float64(k))
	}
	cases[6].want -= tail
	// int_0^L cos x e^{-x/c} = Re[(1 - e^{(i-1/c)L})/(1/c - i)]
	z := complex(1.0/50, -1)
	cases[8].want = real((1 - cmplx.Exp(-z*1000)) / z)
	for _, c := range cases {
		r, err := Integrate(ctx(t), c.f, c.a, c.b, QuadOptions{AbsTol: 1e-13, RelTol: 1e-13})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		d := math.Abs(r.Value - c.want)
		if d > 1e-10*math.Max(1, math.Abs(c.want)) {
			t.Errorf("%s: got %.15g want %.15g (diff %.3g, est %.3g, evals %d)", c.name, r.Value, c.want, d, r.AbsErr, r.Evals)
		}
		t.Logf("%-22s error %.2g (estimate %.2g, %d evaluations)", c.name, d, r.AbsErr, r.Evals)
	}
}

func TestTanhSinh(t *testing.T) {
	cases := []struct {
		f          func(float64) float64
		a, b, want float64
	}{
		{func(x float64) float64 { return math.Pow(x, -0.9) }, 0, 1, 10},
		{math.Log, 0, 1, -1},
		{func(x float64) float64 { return 1 / math.Sqrt(x*(2-x)) }, 0, 1, math.Pi / 2},
		{math.Exp, 0, 1, math.E - 1},
	}
	for i, c := range cases {
		r, err := TanhSinh(ctx(t), c.f, c.a, c.b, QuadOptions{})
		if err != nil {
			t.Errorf("case %d: %v", i, err)
			continue
		}
		if math.Abs(r.Value-c.want) > 1e-10*math.Max(1, math.Abs(c.want)) {
			t.Errorf("case %d: got %.15g want %.15g", i, r.Value, c.want)
		}
	}
}

func TestIntegrateLimit(t *testing.T) {
	_, err := Integrate(ctx(t), func(x float64) float64 { return math.Sin(1/x) / x }, 0, 1, QuadOptions{MaxEvals: 500})
	if err == nil {
		t.Fatal("expected a limit error for a wildly oscillating integrand with 500 evaluations")
	}
	c, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Integrate(c, func(x float64) float64 { return math.Sin(1 / x) }, 0, 1, QuadOptions{}); err == nil {
		t.Fatal("expected a cancelled context to stop the quadrature")
	}
}

func TestODEClosedForms(t *testing.T) {
	// y'' = -y, y(0)=0, y'(0)=1: y = sin x.
	sol, err := SolveODE(ctx(t), func(x float64, y, dy []float64) { dy[0], dy[1] = y[1], -y[0] }, 0, []float64{0, 1}, 10, ODEOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []float64{0.3, 1, 2.5, 7.77, 10} {
		y, err := sol.At(x)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(y[0]-math.Sin(x)) > 1e-6 || math.Abs(y[1]-math.Cos(x)) > 1e-6 {
			t.Errorf("sin at %g: got %v", x, y)
		}
	}
	// y' = -2xy, y(0)=1: exp(-x^2), solved backwards from 0 to -3.
	sol, err = SolveODE(ctx(t), func(x float64, y, dy []float64) { dy[0] = -2 * x * y[0] }, 0, []float64{1}, -3, ODEOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []float64{-0.5, -1.3, -3} {
		y, _ := sol.At(x)
		if math.Abs(y[0]-math.Exp(-x*x)) > 1e-6 {
			t.Errorf("gaussian at %g: %v want %v", x, y[0], math.Exp(-x*x))
		}
	}
	// Third order: y''' = y, y=y'=y''=1 at 0 gives e^x.
	sol, err = SolveODE(ctx(t), func(x float64, y, dy []float64) { dy[0], dy[1], dy[2] = y[1], y[2], y[0] }, 0, []float64{1, 1, 1}, 5, ODEOptions{})
	if err != nil {
		t.Fatal(err)
	}
	y, _ := sol.At(4.2)
	if math.Abs(y[0]-math.Exp(4.2))/math.Exp(4.2) > 1e-6 {
		t.Errorf("exp at 4.2: %v", y[0])
	}
}

func TestODEBlowUp(t *testing.T) {
	// y' = y^2, y(0) = 1: y = 1/(1-x), singular at x = 1.
	sol, err := SolveODE(ctx(t), func(x float64, y, dy []float64) { dy[0] = y[0] * y[0] }, 0, []float64{1}, 2, ODEOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !sol.BlowUp {
		t.Fatalf("no blow-up detected; ended at %g", sol.XEnd)
	}
	if math.Abs(sol.BlowUpX-1) > 1e-6 {
		t.Errorf("blow-up at %.12g, want 1", sol.BlowUpX)
	}
	t.Logf("y'=y^2: blow-up at %.15g (error %.2g, %d steps)", sol.BlowUpX, math.Abs(sol.BlowUpX-1), sol.Steps)
	y, err := sol.At(0.9)
	if err != nil || math.Abs(y[0]-10) > 1e-6*10 {
		t.Errorf("y(0.9) = %v (%v), want 10", y, err)
	}
	if _, err := sol.At(1.5); err == nil {
		t.Error("At beyond the blow-up should fail")
	}
	// A third-order blow-up: y''' = 6 y^4 ... y = 1/(1-x)^{?}; use y' = y^3, y(0)=1:
	// y = 1/sqrt(1-2x), singular at 0.5.
	sol, err = SolveODE(ctx(t), func(x float64, y, dy []float64) { dy[0] = y[0] * y[0] * y[0] }, 0, []float64{1}, 2, ODEOptions{})
	if err != nil || !sol.BlowUp || math.Abs(sol.BlowUpX-0.5) > 1e-6 {
		t.Errorf("y'=y^3: blow-up %v at %.12g err %v, want 0.5", sol.BlowUp, sol.BlowUpX, err)
	}
}

func TestODEStiff(t *testing.T) {
	// y' = -1000 (y - cos x) - sin x has the solution y = cos x for y(0)=1;
	// its stiffness must trigger the Rosenbrock fallback.
	f := func(x float64, y, dy []float64) { dy[0] = -1000*(y[0]-math.Cos(x)) - math.Sin(x) }
	sol, err := SolveODE(ctx(t), f, 0, []float64{1}, 20, ODEOptions{RelTol: 1e-8, AbsTol: 1e-10})
	t.Logf("stiff: %d steps, %d evaluations, switched at x=%g", sol.Steps, sol.Evals, sol.StiffX)
	if err != nil {
		t.Fatal(err)
	}
	if !sol.Stiff {
		t.Errorf("stiffness not detected (steps %d)", sol.Steps)
	}
	for _, x := range []float64{5, 13.3, 20} {
		y, _ := sol.At(x)
		if math.Abs(y[0]-math.Cos(x)) > 1e-5 {
			t.Errorf("stiff at %g: %v want %v", x, y[0], math.Cos(x))
		}
	}
}

func TestPolyRootsWilkinson(t *testing.T) {
	// (x-1)(x-2)...(x-10), coefficients ascending.
	c := []float64{1}
	for k := 1; k <= 10; k++ {
		next := make([]float64, len(c)+1)
		for i, v := range c {
			next[i+1] += v
			next[i] -= float64(k) * v
		}
		c = next
	}
	roots, err := PolyRoots(ctx(t), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(roots) != 10 {
		t.Fatalf("got %d roots", len(roots))
	}
	worst := 0.0
	for i, r := range roots {
		d := cmplx.Abs(r - complex(float64(i+1), 0))
		worst = math.Max(worst, d)
		if d > 1e-8 {
			t.Errorf("root %d: %v", i+1, r)
		}
	}
	t.Logf("Wilkinson degree 10: worst root error %.2g", worst)
}

func TestPolyRootsComplex(t *testing.T) {
	// x^4 - 1 and 0.1 x^9 + x^4 - 1 (a HARDMath row): check P(root) ~ 0.
	roots, err := PolyRoots(ctx(t), []float64{-1, 0, 0, 0, 1})
	if err != nil || len(roots) != 4 {
		t.Fatal(roots, err)
	}
	want := []complex128{-1, -1i, 1i, 1}
	for i := range want {
		if cmplx.Abs(roots[i]-want[i]) > 1e-12 {
			t.Errorf("x^4-1 root %d: %v want %v", i, roots[i], want[i])
		}
	}
	p := []float64{-1, 0, 0, 0, 1, 0, 0, 0, 0, 0.1}
	roots, _ = PolyRoots(ctx(t), p)
	if len(roots) != 9 {
		t.Fatalf("got %d roots", len(roots))
	}
	for _, r := range roots {
		if cmplx.Abs(EvalPoly(p, r)) > 1e-10 {
			t.Errorf("residual at %v: %v", r, EvalPoly(p, r))
		}
	}
	roots, _ = PolyRoots(ctx(t), []float64{0, 0, 2, 0})
	if len(roots) != 2 || roots[0] != 0 || roots[1] != 0 {
		t.Errorf("2x^2 roots: %v", roots)
	}
	if _, err := PolyRoots(ctx(t), []float64{0, 0}); err == nil {
		t.Error("zero polynomial should fail")
	}
}

func TestBrent(t *testing.T) {
	r, err := Brent(ctx(t), func(x float64) float64 { return x*x*x - 2*x - 5 }, 2, 3, 0, 0)
	if err != nil || math.Abs(r-2.0945514815423265) > 1e-13 {
		t.Errorf("Brent: %v %v", r, err)
	}
	r, err = Brent(ctx(t), math.Cos, 0, 3, 0, 0)
	if err != nil || math.Abs(r-math.Pi/2) > 1e-13 {
		t.Errorf("Brent cos: %v %v", r, err)
	}
	if _, err := Brent(ctx(t), math.Exp, 0, 1, 0, 0); err == nil {
		t.Error("no bracket should fail")
	}
}

func TestGlobalExtremum(t *testing.T) {
	f := func(x float64) float64 { return math.Sin(3*x) + 0.1*x*x }
	d := func(x float64) float64 { return 3*math.Cos(3*x) + 0.2*x }
	for _, deriv := range []func(float64) float64{nil, d} {
		e, err := GlobalMin(ctx(t), f, -4, 4, ExtremumOptions{Deriv: deriv})
		if err != nil {
			t.Fatal(err)
		}
		// The global minimum is the critical point near -0.52.
		if math.Abs(d(e.X)) > 1e-6 || e.Endpoint || math.Abs(e.X+0.5150) > 0.01 {
			t.Errorf("min at %v (f=%v, f'=%v)", e.X, e.F, d(e.X))
		}
	}
	e, _ := GlobalMax(ctx(t), func(x float64) float64 { return -0.7 * math.Sin(x) }, -1, 0.3, ExtremumOptions{})
	if !e.Endpoint || e.X != -1 {
		t.Errorf("max of -0.7 sin on [-1,0.3] at %v, want the endpoint -1", e.X)
	}
}
