package expr

import (
	"context"
	"math/big"
	"strings"
	"testing"
	"time"
)

// digits of reference constants
const (
	piDigits  = "3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798"
	eDigits   = "2.71828182845904523536028747135266249775724709369995957496696762772407663035354759457138217852516642742"
	ln2Digits = "0.69314718055994530941723212145817656807550013436025525412068000949339362196969471560586332699641868754"
)

func agree(t *testing.T, name string, got *big.Float, want string, digits int) {
	t.Helper()
	s := got.Text('f', digits+5)
	if !strings.HasPrefix(s, want[:digits]) {
		t.Errorf("%s = %s, want %s", name, s, want[:digits])
	}
}

func TestConstants(t *testing.T) {
	agree(t, "pi", PiFloat(340), piDigits, 100)
	e, err := Eval(context.Background(), &Sym{Name: E}, 340, nil, EvalOptions{})
	if err != nil {
		t.Fatal(err)
	}
	agree(t, "e", e.Re, eDigits, 100)
	agree(t, "ln2", ln2Float(340), ln2Digits, 100)
}

func evalS(t *testing.T, n Node) Complex {
	t.Helper()
	v, err := Eval(context.Background(), n, 200, nil, EvalOptions{})
	if err != nil {
		t.Fatalf("Eval(%s): %v", n, err)
	}
	return v
}

func TestElementary(t *testing.T) {
	x := &Num{V: big.NewRat(7, 10)}
	// sin^2 + cos^2 = 1, exp(log x) = x, 4 atan 1 = pi, asin(sin x) = x
	s := evalS(t, &Call{Fn: "sin", Args: []Node{x}})
	c := evalS(t, &Call{Fn: "cos", Args: []Node{x}})
	one := new(big.Float).SetPrec(200).Add(new(big.Float).Mul(s.Re, s.Re), new(big.Float).Mul(c.Re, c.Re))
	agree(t, "sin^2+cos^2", one, "1.0000000000000000000000000000000000000000000000000", 50)
	el := evalS(t, &Call{Fn: "exp", Args: []Node{&Call{Fn: "ln", Args: []Node{x}}}})
	agree(t, "exp(ln 0.7)", el.Re, "0.700000000000000000000000000000000000000000000000000", 50)
	at := evalS(t, &Mul{Factors: []Node{Int(4), &Call{Fn: "atan", Args: []Node{Int(1)}}}})
	agree(t, "4 atan 1", at.Re, piDigits, 55)
	as := evalS(t, &Call{Fn: "asin", Args: []Node{&Call{Fn: "sin", Args: []Node{x}}}})
	agree(t, "asin(sin 0.7)", as.Re, "0.70000000000000000000000000000000000000000000000", 45)
	big1 := evalS(t, &Call{Fn: "sin", Args: []Node{Int(1000000)}})
	agree(t, "sin(10^6)", big1.Re, "-0.34999350217129295", 18)
	// e^{i pi} = -1
	v := evalS(t, &Pow{Base: &Sym{Name: E}, Exp: &Mul{Factors: []Node{&Sym{Name: I}, &Sym{Name: Pi}}}})
	if f := v.Float64(); f > -0.9999999 || f < -1.0000001 {
		t.Errorf("e^{i pi} = %s", v)
	}
	// real cube root of a negative number
	cr := evalS(t, &Pow{Base: Int(-8), Exp: &Num{V: big.NewRat(1, 3)}})
	if f := cr.Float64(); f != -2 || !cr.IsReal() {
		t.Errorf("cbrt(-8) = %s", cr)
	}
}

func TestExactAndLimits(t *testing.T) {
	r, err := Rational(context.Background(), &Pow{Base: Int(2), Exp: Int(100)}, Limits{})
	if err != nil || r.Num().String() != "1267650600228229401496703205376" {
		t.Errorf("2^100 = %v, %v", r, err)
	}
	if _, err := Rational(context.Background(), &Pow{Base: Int(2), Exp: &Pow{Base: Int(10), Exp: Int(9)}}, Limits{}); err != ErrLimit {
		t.Errorf("2^(10^9): err %v, want ErrLimit", err)
	}
	if _, err := Rational(context.Background(), &Call{Fn: "fact", Args: []Node{Int(1000000)}}, Limits{}); err != ErrLimit {
		t.Errorf("(10^6)!: err %v, want ErrLimit", err)
	}
	if _, err := Eval(context.Background(), &Pow{Base: Int(2), Exp: &Pow{Base: Int(10), Exp: Int(9)}}, 100, nil, EvalOptions{}); err != ErrLimit {
		t.Errorf("numeric 2^(10^9): err %v, want ErrLimit", err)
	}
	// the deadline stops a long computation
	deep := Node(Int(2))
	for i := 0; i < 200; i++ {
		deep = &Call{Fn: "sin", Args: []Node{&Add{Terms: []Node{deep, Int(1)}}}}
	}
	ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	_, err = Eval(ctx, deep, 5000, nil, EvalOptions{})
	if err != ErrDeadline {
		t.Errorf("expired deadline: err %v", err)
	}
	// so does a cancelled context
	ctx2, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if _, err := Eval(ctx2, deep, 5000, nil, EvalOptions{}); err != ErrDeadline {
		t.Errorf("cancelled context: err %v", err)
	}
}

func TestCanonical(t *testing.T) {
	x := &Sym{Name: "x"}
	cases := []struct {
		n    Node
		want string
	}{
		{&Mul{Factors: []Node{Int(6), &Pow{Base: Int(4), Exp: Int(-1)}}}, "\\frac{3}{2}"},
		{&Pow{Base: &Add{Terms: []Node{Int(1), &Pow{Base: Int(2), Exp: &Num{V: big.NewRat(1, 2)}}}}, Exp: Int(-1)}, "-1 + \\sqrt{2}"},
		{&Pow{Base: &Add{Terms: []Node{x, Int(1)}}, Exp: Int(2)}, "1 + 2x + x^{2}"},
	}
	for _, c := range cases {
		if got := Canonical(context.Background(), c.n, Limits{}); got != c.want {
			t.Errorf("Canonical(%s) = %s, want %s", c.n, got, c.want)
		}
	}
}

func TestEvaluateAPI(t *testing.T) {
	v, err := Evaluate(context.Background(), &Mul{Factors: []Node{Int(12), Int(34)}}, 10)
	if err != nil || v.Float64() != 408 {
		t.Errorf("12*34 = %v, %v", v, err)
	}
}

func TestSums(t *testing.T) {
	i := &Sym{Name: I}
	sum := &Call{Fn: "sum", Args: []Node{&Pow{Base: i, Exp: Int(2)}, i, Int(1), Int(10)}}
	r, err := Rational(context.Background(), sum, Limits{})
	if err != nil || r.Cmp(big.NewRat(385, 1)) != 0 {
		t.Errorf("sum i^2, i=1..10 = %v, %v", r, err)
	}
	v, err := Eval(context.Background(), sum, 100, nil, EvalOptions{})
	if err != nil || v.Float64() != 385 {
		t.Errorf("numeric sum = %v, %v", v, err)
	}
}
