package expr

import (
	"context"
	"errors"
	"math"
	"math/big"
	"testing"
)

func sumK(index string, hi Node) *Call {
	return &Call{Fn: "sum", Args: []Node{&Sym{Name: index}, &Sym{Name: index}, Int(1), hi}}
}

// A binder's variable is bound: renaming it gives the same canonical form,
// and with symbolic bounds the binder has no numeric value, so that it is
// never probed as if its index were free.
func TestBindersAreAlphaEquivalent(t *testing.T) {
	ctx := context.Background()
	n := &Sym{Name: "n"}
	b := NewFormBuilder(ctx, FormOptions{})
	f1, err1 := b.Form(sumK("k", n))
	f2, err2 := b.Form(sumK("i", n))
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	d, err := b.Sub(f1, f2)
	if err != nil || !d.IsZero() {
		t.Errorf("sum_k k - sum_i i = %v, %v; want 0", d, err)
	}
	// a different body is a different atom
	f3, _ := b.Form(&Call{Fn: "sum", Args: []Node{&Pow{Base: &Sym{Name: "i"}, Exp: Int(2)}, &Sym{Name: "i"}, Int(1), n}})
	if d, _ := b.Sub(f1, f3); d.IsZero() {
		t.Errorf("sum k and sum i^2 share a form")
	}
	if fv := FreeVars(sumK("k", n)); fv["k"] || !fv["n"] {
		t.Errorf("FreeVars = %v, want only n", fv)
	}
	_, err = Eval(ctx, sumK("k", n), 100, map[string]*big.Rat{"n": big.NewRat(7, 10)}, EvalOptions{})
	if !errors.Is(err, ErrUnknownFunction) {
		t.Errorf("sum to n = 0.7 evaluated: %v, want ErrUnknownFunction", err)
	}
	sinc := &Mul{Factors: []Node{&Call{Fn: "sin", Args: []Node{&Sym{Name: "x"}}}, &Pow{Base: &Sym{Name: "x"}, Exp: Int(-1)}}}
	lim := &Call{Fn: "lim", Args: []Node{sinc, &Sym{Name: "x"}, Int(0)}}
	// its value is proved by series (limit.go), never read at the point
	if v, err := Eval(ctx, lim, 100, nil, EvalOptions{}); err != nil || v.Re.Cmp(big.NewFloat(1)) != 0 || v.Im.Sign() != 0 {
		t.Errorf("lim sin(x)/x = %v, %v; want exactly 1", v, err)
	}
	// closed forms of polynomial summands: sum_{i=1}^n a i^2 is
	// a n(n+1)(2n+1)/6, with the index spelled like the imaginary unit
	a := &Sym{Name: "a"}
	sq := &Call{Fn: "sum", Args: []Node{&Mul{Factors: []Node{a, &Pow{Base: &Sym{Name: I}, Exp: Int(2)}}}, &Sym{Name: I}, Int(1), n}}
	n1 := &Add{Terms: []Node{n, Int(1)}}
	n2 := &Add{Terms: []Node{&Mul{Factors: []Node{Int(2), n}}, Int(1)}}
	want := &Mul{Factors: []Node{a, n, n1, n2, &Pow{Base: Int(6), Exp: Int(-1)}}}
	fs, err1 := b.Form(sq)
	fw, err2 := b.Form(want)
	if d, err := b.Sub(fs, fw); err1 != nil || err2 != nil || err != nil || !d.IsZero() {
		t.Errorf("sum a i^2 is not a n(n+1)(2n+1)/6: %v %v %v %v", d, err1, err2, err)
	}
	if v, err := Rational(ctx, sumK("k", Int(1000000)), Limits{}); err != nil || v.Cmp(big.NewRat(500000500000, 1)) != 0 {
		t.Errorf("sum to a million = %v, %v", v, err)
	}
	// a limit where the body is continuous is its value; 0/0 is
	// cancelled exactly
	x := &Sym{Name: "x"}
	cont := &Call{Fn: "lim", Args: []Node{&Mul{Factors: []Node{x, &Pow{Base: &Add{Terms: []Node{x, Int(2)}}, Exp: Int(-1)}}}, x, Int(1)}}
	if v, err := Rational(ctx, cont, Limits{}); err != nil || v.Cmp(big.NewRat(1, 3)) != 0 {
		t.Errorf("lim x/(x+2) at 1 = %v, %v", v, err)
	}
	hole := &Call{Fn: "lim", Args: []Node{&Mul{Factors: []Node{&Add{Terms: []Node{&Pow{Base: x, Exp: Int(2)}, Int(-1)}}, &Pow{Base: &Add{Terms: []Node{x, Int(-1)}}, Exp: Int(-1)}}}, x, Int(1)}}
	if v, err := Rational(ctx, hole, Limits{}); err != nil || v.Cmp(big.NewRat(2, 1)) != 0 {
		t.Errorf("lim (x^2-1)/(x-1) at 1 = %v, %v; want 2", v, err)
	}
	// nested binders: the inner index is renamed by its own depth
	inner := func(a, b string) Node {
		return &Call{Fn: "sum", Args: []Node{&Call{Fn: "sum", Args: []Node{&Mul{Factors: []Node{&Sym{Name: a}, &Sym{Name: b}}}, &Sym{Name: b}, Int(1), &Sym{Name: a}}}, &Sym{Name: a}, Int(1), n}}
	}
	if Key(AlphaNormal(inner("k", "j"))) != Key(AlphaNormal(inner("i", "m"))) {
		t.Errorf("nested sums differ after renaming: %s vs %s", Key(AlphaNormal(inner("k", "j"))), Key(AlphaNormal(inner("i", "m"))))
	}
}

func TestIntegralsGammaConjugates(t *testing.T) {
	ctx := context.Background()
	x := &Sym{Name: "x"}
	a := &Sym{Name: "a"}
	integral := &Call{Fn: "int", Args: []Node{&Mul{Factors: []Node{a, &Pow{Base: x, Exp: Int(2)}}}, x, Int(0), Int(3)}}
	b := NewFormBuilder(ctx, FormOptions{})
	f, err := b.Form(integral)
	g, _ := b.Form(&Mul{Factors: []Node{Int(9), a}})
	if d, err2 := b.Sub(f, g); err != nil || err2 != nil || !d.IsZero() {
		t.Errorf("int_0^3 a x^2 dx is not 9a: %v %v %v", d, err, err2)
	}
	if v, err := Rational(ctx, &Call{Fn: "gamma", Args: []Node{Int(5)}}, Limits{}); err != nil || v.Cmp(big.NewRat(24, 1)) != 0 {
		t.Errorf("Gamma(5) = %v, %v", v, err)
	}
	if _, err := Rational(ctx, &Call{Fn: "gamma", Args: []Node{Int(0)}}, Limits{}); !errors.Is(err, ErrDomain) {
		t.Errorf("Gamma(0): %v, want ErrDomain", err)
	}
	// conj(3+4i) = 3-4i, proved by forms
	z := &Add{Terms: []Node{Int(3), &Mul{Factors: []Node{Int(4), &Sym{Name: I}}}}}
	zc := &Add{Terms: []Node{Int(3), &Neg{X: &Mul{Factors: []Node{Int(4), &Sym{Name: I}}}}}}
	f1, err1 := b.Form(&Call{Fn: "conj", Args: []Node{z}})
	f2, err2 := b.Form(zc)
	if d, err := b.Sub(f1, f2); err1 != nil || err2 != nil || err != nil || !d.IsZero() {
		t.Errorf("conj(3+4i) is not 3-4i: %v %v %v %v", d, err1, err2, err)
	}
	if d, _ := b.Sub(f1, b.mustForm(t, z)); d.IsZero() {
		t.Errorf("conj(3+4i) = 3+4i")
	}
	// √(-4) = 2i: conjugation by substitution would leave it; it is not
	// conjugated by forms at all
	if c, ok := conjugateTree(&Pow{Base: Int(-4), Exp: &Num{V: big.NewRat(1, 2)}}); ok {
		t.Errorf("conjugated a root of a negative number: %v", c)
	}
}

func (b *FormBuilder) mustForm(t *testing.T, n Node) *Form {
	t.Helper()
	f, err := b.Form(n)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestGammaHalfIntegers: Γ at every half-integer in [-20.5, 20.5] is
// c·√π exactly, and agrees with math.Gamma; other non-integers have no
// value.
func TestGammaHalfIntegers(t *testing.T) {
	ctx := context.Background()
	for k := -41; k <= 41; k += 2 {
		x := big.NewRat(int64(k), 2)
		c := &Call{Fn: "gamma", Args: []Node{Rat(x)}}
		v, err := Eval(ctx, c, 80, nil, EvalOptions{})
		if err != nil {
			t.Errorf("Γ(%s): %v", x.RatString(), err)
			continue
		}
		xf, _ := x.Float64()
		want := math.Gamma(xf)
		if got := v.Float64(); math.Abs(got-want) > 1e-12*math.Abs(want) {
			t.Errorf("Γ(%s) = %g, want %g", x.RatString(), got, want)
		}
	}
	l := newState(ctx, Limits{})
	for _, x := range []*big.Rat{big.NewRat(1, 3), big.NewRat(5, 4)} {
		if v, err := l.gammaHalf(&Call{Fn: "gamma", Args: []Node{Rat(x)}}); err == nil {
			t.Errorf("Γ(%s) = %s, want no value", x.RatString(), v)
		}
	}
}
