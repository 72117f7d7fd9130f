package expr_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/latex"
)

// TestLinear: affine rational functions give their coefficients; anything
// of higher degree, with an unknown in a denominator or a product of
// unknowns, is refused.
func TestLinear(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		in   string
		c    string
		coef map[string]string
	}{
		{"3x+15-(6x-10)", "25", map[string]string{"x": "-3"}},
		{"(2x+4)/2", "2", map[string]string{"x": "1"}},
		{"7(10x+y)-4(10y+x)", "0", map[string]string{"x": "66", "y": "-33"}},
		{"x - x + 5", "5", map[string]string{}},
		{"\\frac{1}{2} \\cdot 8 (2x+5x)", "0", map[string]string{"x": "28"}},
		{"12", "12", map[string]string{}},
	} {
		rf, err := expr.RationalFunction(ctx, latex.MustParse(c.in), expr.Limits{})
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		k, coef, ok := rf.Linear()
		if !ok {
			t.Errorf("%s: not linear", c.in)
			continue
		}
		if want, _ := new(big.Rat).SetString(c.c); k.Cmp(want) != 0 {
			t.Errorf("%s: constant %s, want %s", c.in, k.RatString(), c.c)
		}
		if len(coef) != len(c.coef) {
			t.Errorf("%s: coefficients %v, want %v", c.in, coef, c.coef)
		}
		for v, s := range c.coef {
			want, _ := new(big.Rat).SetString(s)
			if got, ok := coef[v]; !ok || got.Cmp(want) != 0 {
				t.Errorf("%s: coefficient of %s = %v, want %s", c.in, v, got, s)
			}
		}
	}
	for _, in := range []string{"2xy", "x^2+1", "\\frac{x}{y+2}", "\\frac{1}{x}", "(x+1)(x-1)"} {
		rf, err := expr.RationalFunction(ctx, latex.MustParse(in), expr.Limits{})
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if _, _, ok := rf.Linear(); ok {
			t.Errorf("%s read as linear", in)
		}
	}
	if _, _, ok := (expr.RatFunc{}).Linear(); ok {
		t.Error("zero RatFunc read as linear")
	}
}
