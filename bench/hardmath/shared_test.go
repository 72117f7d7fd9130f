package hardmath

import (
	"context"
	"math"
	"math/cmplx"
	"testing"

	"github.com/matheval/matheval/bench"
)

// The conventions HARDMath needs from the shared engine.
func TestFormulaConventions(t *testing.T) {
	cases := []struct {
		src  string
		vars map[string]complex128
		real bool
		want complex128
	}{
		{`\sqrt[5]{-\frac{1}{\epsilon}}`, map[string]complex128{"epsilon": 0.1}, false, cmplx.Pow(-10, 0.2)},
		{`\sqrt[5]{-\frac{1}{\epsilon}}`, map[string]complex128{"epsilon": 0.1}, true, complex(-math.Pow(10, 0.2), 0)},
		{`\sqrt{3} I`, nil, false, complex(0, math.Sqrt(3))},
		{`(1/epsilon)**(1/6)*exp(I*pi/3)`, map[string]complex128{"epsilon": 0.5}, false, complex(math.Pow(2, 1.0/6), 0) * cmplx.Exp(complex(0, math.Pi/3))},
		{`\log{\left(e \right)}`, nil, true, 1},
		{`\frac{a_{1} a_{3}^{1.5}}{a_{2}^{2.5}}`, map[string]complex128{"a_1": 2, "a_2": 4, "a_3": 9}, false, 2 * 27 / 32.0},
		{`y'^{2} + y''`, map[string]complex128{"y'": 3, "y''": 1}, true, 10},
	}
	for _, c := range cases {
		got, err := SharedEvaluator(context.Background(), c.src, c.vars, c.real)
		if err != nil || cmplx.Abs(got-c.want) > 1e-12*math.Max(1, cmplx.Abs(c.want)) {
			t.Errorf("%s (realRoots %v): %v, %v; want %v", c.src, c.real, got, err, c.want)
		}
	}
	for _, bad := range []string{`f(x)`, `y = f(x)_{small}`, `z + 1`} {
		if v, err := SharedEvaluator(context.Background(), bad, map[string]complex128{"x": 0.1}, true); err == nil {
			t.Errorf("%s: evaluated to %v, want an error", bad, v)
		}
	}
}

// Every reference formula of HARDMath-mini evaluates at its point.
func TestSharedEngineEvaluatesEveryReference(t *testing.T) {
	items := miniItems(t, bench.LoadOptions{})
	n := 0
	for _, it := range items {
		ref, _ := referenceFromItem(it.Extra)
		for _, g := range ref.Regimes {
			if !g.HasPoint {
				continue
			}
			vars := map[string]complex128{g.Var: complex(g.Point, 0)}
			for _, r := range g.Refs {
				n++
				if _, err := SharedEvaluator(context.Background(), r, vars, ref.Type != TypeRoots); err != nil {
					t.Errorf("%s %s: %s: %v", it.ID, g.Name, r, err)
				}
			}
		}
	}
	t.Logf("%d reference formulas evaluated", n)
}
