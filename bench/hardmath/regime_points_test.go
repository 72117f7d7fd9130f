package hardmath

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/matheval/matheval/bench"
	"github.com/matheval/matheval/internal/testenv"
)

// Large x: half credit needs every point. The reference -6/(x - 3.2) + 2
// changes fast near its pole; 1.3 times its value at x_L = 3.119 is within
// 50% there and far off at 0.95 x_L and 0.9 x_L, so it earns nothing. An answer 20% off at all three points keeps half credit, and
// the reference itself full credit.
func TestODELargeHalfCreditNeedsEveryPoint(t *testing.T) {
	ctx := context.Background()
	ref := `-\frac{6}{x - 3.2} + 2`
	g := Regime{Name: "large_x", Var: "x", Point: 3.119, HasPoint: true, Refs: []string{ref}}
	atXL := -6/(3.119-3.2) + 2
	constant := strings.TrimSpace(fmtC(complex(atXL*1.3, 0)))
	cases := []struct {
		pred string
		want float64
	}{
		{ref, 1},
		{`1.2 \left(` + ref + `\right)`, 0.5},
		{constant, 0},
	}
	for _, c := range cases {
		s, why, _ := gradeODELarge(ctx, g, c.pred, defaultEvaluator)
		if s != c.want {
			t.Errorf("%s: score %v, want %v (%s)", c.pred, s, c.want, why)
		}
	}
}

// A Laplace-type formula is judged at x_L, 1.1 x_L and 1.25 x_L: the
// constant pi/4 crosses 11.7273 e^{0.004256 x}/x near x = 1000 (the
// archive's llama3 0-shot #350) and is refused further out; the released
// formula with rounded digits passes.
func TestFormulaJudgedBeyondThePoint(t *testing.T) {
	ctx := context.Background()
	g := Regime{Name: "large_x", Var: "x", Point: 1000, HasPoint: true,
		Refs: []string{`\frac{11.7273060243126 e^{0.004256 x}}{x}`}}
	atXL := 11.7273060243126 * math.Exp(4.256) / 1000
	if math.Abs(atXL-math.Pi/4) > 0.1*atXL {
		t.Fatalf("premise: pi/4 should be within 10%% of %g", atXL)
	}
	if s, why, _ := gradeFormula(ctx, g, `\frac{\pi}{4}`, defaultEvaluator); s != 0 || !strings.Contains(why, "shape") {
		t.Errorf("pi/4: score %v (%s), want 0 for the shape", s, why)
	}
	if s, why, _ := gradeFormula(ctx, g, `\frac{11.727 e^{0.004256 x}}{x}`, defaultEvaluator); s != 1 {
		t.Errorf("rounded reference: score %v (%s), want 1", s, why)
	}
}

// Values beyond float64 are compared in arbitrary precision, not skipped:
// e^{0.7 x} overflows at x = 1100, and the released Laplace answer
// -0.809 e^{-4.105 x}/x of HARDMath-mini row 247 is 1e-320 at its own
// x_L = 178.2, where float64 keeps two digits and every constant of that
// size used to match it.
func TestFormulaBeyondFloat64(t *testing.T) {
	ctx := context.Background()
	over := Regime{Name: "large_x", Var: "x", Point: 1000, HasPoint: true, Refs: []string{`\frac{e^{0.7 x}}{x}`}}
	under := Regime{Name: "large_x", Var: "x", Point: 178.17, HasPoint: true, Refs: []string{`- \frac{0.80906316759487 e^{- 4.1054837834021 x}}{x}`}}
	cases := []struct {
		g    Regime
		pred string
		want float64
	}{
		{over, `e^{0.7 x} x^{-1}`, 1},
		{over, `\frac{e^{0.7 x}}{2 x}`, 0},
		{under, `-\frac{0.8091 e^{-4.10548 x}}{x}`, 1},
		{under, `-\frac{0.6 e^{-4.1054837834021 x}}{x}`, 0},
		{under, `-9.57 \cdot 10^{-321}`, 0},
		{under, `0`, 0},
	}
	for _, c := range cases {
		s, why, _ := gradeFormula(ctx, c.g, c.pred, defaultEvaluator)
		if s != c.want {
			t.Errorf("%s against %s: score %v, want %v (%s)", c.pred, c.g.Refs[0], s, c.want, why)
		}
		if s == 1 && !strings.Contains(why, "arbitrary precision") {
			t.Errorf("%s: the reason should say the values were compared in arbitrary precision: %q", c.pred, why)
		}
	}
}

// HARDMath-mini row 205 gives y = -\sqrt{2}\sqrt[4]{3}(x - 4.9505)^{1/2} + 2.907
// at x_L = 4.901 < x^*: not real there, while the released value is the real
// 2.907 + \sqrt{2}\sqrt[4]{3}\sqrt{x^* - x} = 3.3211. The answer key itself
// keeps full credit, the real reading gets it too, and the other real
// reading (the opposite sign, 25% off at x_L and 64% at 0.9 x_L) gets none.
func TestODELargeComplexKeyReadReal(t *testing.T) {
	ctx := context.Background()
	g := Regime{Name: "large_x", Var: "x", Point: 4.900990099009901, HasPoint: true,
		Refs:       []string{`- \sqrt{2} \cdot \sqrt[4]{3} (x - 4.95049504950495)^{\frac{1}{2}} + (2.90699842647289)`},
		Analytical: "0.222497079744992*sqrt(2)*3**(1/4) + 2.90699842647289"}
	cases := []struct {
		pred string
		want float64
		why  string
	}{
		{g.Refs[0], 1, ""},
		{`2.907 + \sqrt{2} \sqrt[4]{3} \sqrt{4.9505 - x}`, 1, "real reading"},
		{`2.907 - \sqrt{2} \sqrt[4]{3} \sqrt{4.9505 - x}`, 0, "real reading"},
		{`0`, 0, "real reading"},
	}
	for _, c := range cases {
		s, why, _ := gradeODELarge(ctx, g, c.pred, defaultEvaluator)
		if s != c.want || !strings.Contains(why, c.why) {
			t.Errorf("%s: score %v (%s), want %v with %q", c.pred, s, why, c.want, c.why)
		}
	}
}

// Over every released large-x ODE answer and Laplace answer (HARDMath-mini
// and the older 436-item file), the constant equal to the answer's value
// at x_L (the released value where the formula is not real there) never
// earns full credit, and on a Laplace integral earns nothing: one point
// cannot tell a formula from a constant that crosses it there. (On 10
// mini ODEs whose large-x solution varies slowly near x_L, such a constant
// is "not far" from it at every point and keeps the rubric's half credit.)
func TestConstantAtTheEvaluationPoint(t *testing.T) {
	ctx := context.Background()
	for f, refs := range releasedReferences(t) {
		n := 0
		for _, r := range refs {
			it, ref := r.it, r.ref
			laplace := ref.Type == TypeIntegral && ref.Subtype == "laplace"
			if ref.Type != TypeODE && !laplace {
				continue
			}
			g := ref.Regimes[len(ref.Regimes)-1]
			if g.Name != "large_x" || !g.HasPoint {
				continue
			}
			f, err := parseFormula(g.Refs[0])
			if err != nil {
				continue // not a formula: the grader says so
			}
			v, err := f.evalBig(ctx, map[string]complex128{g.Var: complex(g.Point, 0)}, evalOptions{realRoots: true})
			if err != nil {
				continue // not evaluable there: the grader says so
			}
			c := sciLatex(v.Re)
			if v.Im.Sign() != 0 {
				if g.Analytical == "" {
					continue
				}
				a, err := defaultEvaluator(ctx, g.Analytical, nil, true)
				if err != nil {
					t.Fatalf("%s: released value %q: %v", it.ID, g.Analytical, err)
				}
				c = sciLatex(new(big.Float).SetFloat64(real(a)))
			}
			var s float64
			var why string
			if laplace {
				s, why, _ = gradeFormula(ctx, g, c, defaultEvaluator)
			} else {
				s, why, _ = gradeODELarge(ctx, g, c, defaultEvaluator)
			}
			n++
			if s == 1 || (laplace && s != 0) {
				t.Errorf("%s: the constant %s scored %v against %s: %s", it.ID, c, s, g.Refs[0], why)
			}
		}
		if n < 100 {
			t.Errorf("%s: %d large-x answers checked, want the file's ODE and Laplace items", f, n)
		}
	}
}

// sciLatex writes x as LaTeX, m \cdot 10^{e}, at any exponent.
func sciLatex(x *big.Float) string {
	m, e, _ := strings.Cut(x.Text('e', 17), "e")
	return m + ` \cdot 10^{` + strings.TrimPrefix(e, "+") + `}`
}

// Over every released small-x ODE answer in both data files: the key as
// written gets small-x credit, and so does the key with its departure from
// y(0) off by 0.4% (a coefficient to three significant digits); the key
// with its departure off by 3% or 8% (1 - 41x^3/48 for 1 - 5x^3/6) gets
// none, whatever its value at the point.
func TestODESmallKeyMutants(t *testing.T) {
	ctx := context.Background()
	for f, refs := range releasedReferences(t) {
		n := 0
		for _, r := range refs {
			it, ref := r.it, r.ref
			if ref.Type != TypeODE {
				continue
			}
			g := ref.Regimes[0]
			y0, err := defaultEvaluator(ctx, g.Refs[0], map[string]complex128{g.Var: 0}, true)
			if err != nil {
				continue // a removable singularity at 0: TestMiniGoldScoresOne covers the key
			}
			n++
			for scale, want := range map[string]float64{"1": 1, "1.004": 1, "0.996": 1, "1.03": 0, "0.97": 0, "1.08": 0} {
				// y0 + s (key - y0), the departure scaled by s.
				m := fmt.Sprintf(`%s \cdot \left(%s\right) + (1 - %s) \cdot (%.17g)`, scale, g.Refs[0], scale, real(y0))
				s, why, _ := gradeODESmall(ctx, g, m, defaultEvaluator)
				if s != want {
					t.Errorf("%s: small x of the key with its departure scaled by %s: %g, want %g (%s)", it.ID, scale, s, want, why)
				}
			}
		}
		if n < 50 {
			t.Errorf("%s: %d ODE small-x keys checked, want all of them (at least 50)", f, n)
		}
	}
}

// itemRef is a loaded item with its reference.
type itemRef struct {
	it  bench.Item
	ref Reference
}

// releasedReferences loads HARDMath-mini and the older 436-item file from
// ../shared, keyed by file name, each item with its reference.
func releasedReferences(t *testing.T) map[string][]itemRef {
	t.Helper()
	out := map[string][]itemRef{}
	for _, f := range []string{"HARDMath_mini.json", "eval_HARDMath-436-9b2ec01.json"} {
		items, _, err := New().Load(context.Background(), testenv.Shared(t, "data", "hardmath", f), bench.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range items {
			ref, err := referenceFromItem(it.Extra)
			if err != nil {
				t.Fatal(err)
			}
			out[f] = append(out[f], itemRef{it, ref})
		}
	}
	return out
}
