package expr

import (
	"context"
	"math"
	"math/big"
	"math/cmplx"
	"math/rand/v2"
	"testing"
)

// Every square root gaussRoot writes as a polynomial in ζ_N is √p when the
// polynomial is evaluated at e^{2iπ/N} in floating point: the signs of the
// Gauss sums are checked against the math package, not against the
// reasoning in cyclo.go.
func TestGaussRootValues(t *testing.T) {
	found := 0
	for n := int64(1); n <= maxCycloOrder; n++ {
		for _, p := range []int64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79} {
			g := gaussRoot(big.NewInt(p), n)
			if g == nil {
				continue
			}
			found++
			var v complex128
			for j, c := range g {
				if c != nil {
					f, _ := c.Float64()
					v += complex(f, 0) * cmplx.Exp(complex(0, 2*math.Pi*float64(j)/float64(n)))
				}
			}
			if cmplx.Abs(v-complex(math.Sqrt(float64(p)), 0)) > 1e-9 {
				t.Errorf("N=%d: the polynomial for √%d is %v", n, p, v)
			}
		}
	}
	if found < 100 {
		t.Errorf("only %d square roots written", found)
	}
}

// Φ_N has degree φ(N) and vanishes at e^{2iπ/N}.
func TestCyclotomicPoly(t *testing.T) {
	for n := int64(1); n <= maxCycloOrder; n++ {
		phi := cyclotomicPoly(n)
		tot := int64(0)
		for k := int64(1); k <= n; k++ {
			if gcd64(k, n) == 1 {
				tot++
			}
		}
		if int64(len(phi)-1) != tot {
			t.Errorf("Φ_%d has degree %d, want φ = %d", n, len(phi)-1, tot)
		}
		var v complex128
		z := cmplx.Exp(complex(0, 2*math.Pi/float64(n)))
		for j := len(phi) - 1; j >= 0; j-- {
			v = v*z + complex(float64(phi[j]), 0)
		}
		if cmplx.Abs(v) > 1e-6 {
			t.Errorf("Φ_%d(ζ) = %v", n, v)
		}
	}
}

// The zero test is sound: over random sums of rational multiples of
// products of sines and cosines at rational multiples of π, square roots
// of small primes and i, it says zero only where the value is zero to 60
// digits, and it proves the identities built to be zero (a sum minus the
// same sum rewritten by angle identities).
func TestCyclotomicZeroSound(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(43, 1))
	dens := []int64{5, 7, 8, 9, 10, 15, 16, 20, 24, 30}
	angle := func(a, d int64) Node { return &Mul{Factors: []Node{&Num{V: big.NewRat(a, d)}, &Sym{Name: Pi}}} }
	trig := func(fn string, a, d int64) Node { return &Call{Fn: fn, Args: []Node{angle(a, d)}} }
	randTerm := func() Node {
		fs := []Node{&Num{V: big.NewRat(int64(rng.IntN(7)-3), int64(rng.IntN(3)+1))}}
		d := dens[rng.IntN(len(dens))]
		for k := rng.IntN(3) + 1; k > 0; k-- {
			fs = append(fs, trig([]string{"sin", "cos"}[rng.IntN(2)], int64(rng.IntN(int(4*d)))-2*d, d))
		}
		switch rng.IntN(4) {
		case 0:
			fs = append(fs, &Pow{Base: Int([]int64{2, 3, 5, 7}[rng.IntN(4)]), Exp: &Num{V: big.NewRat(1, 2)}})
		case 1:
			fs = append(fs, &Sym{Name: I})
		}
		return &Mul{Factors: fs}
	}
	// rewrite gives the same value by an identity: cos x = sin(π/2 - x),
	// sin x = 2 sin(x/2) cos(x/2), cos x = 1 - 2 sin²(x/2)
	rewrite := func(n Node) Node {
		m, ok := n.(*Mul)
		if !ok {
			return n
		}
		out := &Mul{}
		for _, f := range m.Factors {
			c, ok := f.(*Call)
			if !ok {
				out.Factors = append(out.Factors, f)
				continue
			}
			q := c.Args[0].(*Mul).Factors[0].(*Num).V
			half := angle(q.Num().Int64(), 2*q.Denom().Int64())
			switch {
			case c.Fn == "cos" && rng.IntN(2) == 0:
				r := new(big.Rat).Sub(big.NewRat(1, 2), q)
				out.Factors = append(out.Factors, trig("sin", r.Num().Int64(), r.Denom().Int64()))
			case c.Fn == "cos":
				s := &Pow{Base: &Call{Fn: "sin", Args: []Node{half}}, Exp: Int(2)}
				out.Factors = append(out.Factors, &Add{Terms: []Node{Int(1), &Mul{Factors: []Node{Int(-2), s}}}})
			default:
				out.Factors = append(out.Factors, Int(2), &Call{Fn: "sin", Args: []Node{half}}, &Call{Fn: "cos", Args: []Node{half}})
			}
		}
		return out
	}
	proved, plain, zeros, nonzero := 0, 0, 0, 0
	for trial := 0; trial < 1500; trial++ {
		var terms []Node
		for k := rng.IntN(4) + 1; k > 0; k-- {
			terms = append(terms, randTerm())
		}
		var n Node = &Add{Terms: terms}
		identity := trial%2 == 0
		if identity {
			var rw []Node
			for _, x := range terms {
				rw = append(rw, rewrite(x))
			}
			n = &Add{Terms: []Node{n, &Neg{X: &Add{Terms: rw}}}}
		}
		v, err := Eval(ctx, n, 220, nil, EvalOptions{})
		if err != nil {
			continue
		}
		isZero := v.Re.MantExp(nil) < -180 && v.Im.MantExp(nil) < -180 || (v.Re.Sign() == 0 && v.Im.Sign() == 0)
		if !isZero {
			re, _ := v.Re.Float64()
			im, _ := v.Im.Float64()
			isZero = math.Abs(re) < 1e-50 && math.Abs(im) < 1e-50
		}
		b := NewFormBuilder(ctx, FormOptions{})
		f, err := b.Form(n)
		if err != nil {
			continue
		}
		z := b.Zero(f)
		switch {
		case z && !isZero:
			t.Errorf("shown zero but its value is %v: %v", v, n)
		case isZero:
			zeros++
			if z {
				proved++
			}
			if f.IsZero() {
				plain++ // without the reduction
			}
		default:
			nonzero++
		}
	}
	t.Logf("%d zero (%d proved, %d without cyclotomic reduction), %d nonzero", zeros, proved, plain, nonzero)
	if nonzero < 300 || zeros < 300 {
		t.Errorf("too few cases: %d zero, %d nonzero", zeros, nonzero)
	}
	if proved < zeros*9/10 {
		t.Errorf("only %d of %d identities proved", proved, zeros)
	}
}

// A power of a unit times a rational (unitPow) has the value the evaluator
// gives the power, the principal one: over bases ±c, ±ci and c e^{iπa/d},
// integer exponents up to 10^6 and fractional ones.
func TestUnitPowValues(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(43, 2))
	checked := 0
	for trial := 0; trial < 600; trial++ {
		c := &Num{V: big.NewRat(int64(rng.IntN(3)+1)*int64(1-2*rng.IntN(2)), int64(rng.IntN(3)+1))}
		var unit Node = &Sym{Name: I}
		if rng.IntN(2) == 0 {
			d := []int64{5, 7, 8, 9}[rng.IntN(4)]
			a := int64(rng.IntN(int(2*d))) - d
			if a%d == 0 {
				a++ // a real base is ratPow's (and a negative one sits on the evaluator's branch cut)
			}
			unit = &Pow{Base: &Sym{Name: E}, Exp: &Mul{Factors: []Node{&Num{V: big.NewRat(a, d)}, &Sym{Name: I}, &Sym{Name: Pi}}}}
		}
		var q *big.Rat
		switch rng.IntN(3) {
		case 0:
			q = big.NewRat(int64(rng.IntN(2_000_000)-1_000_000), 1)
		case 1:
			q = big.NewRat(int64(rng.IntN(40)-20), 1)
		default:
			q = big.NewRat(int64(rng.IntN(9)-4), int64(rng.IntN(5)+2))
		}
		if c.V.Cmp(big.NewRat(1, 1)) != 0 && c.V.Cmp(big.NewRat(-1, 1)) != 0 && new(big.Rat).Abs(q).Cmp(big.NewRat(50, 1)) > 0 {
			c = &Num{V: big.NewRat(int64(1-2*rng.IntN(2)), 1)} // keep |c|^q small
		}
		n := &Pow{Base: &Mul{Factors: []Node{c, unit}}, Exp: &Num{V: q}}
		b := NewFormBuilder(ctx, FormOptions{})
		f, err := b.Form(n)
		if err != nil {
			continue
		}
		got, err1 := b.Approx(f, nil)
		want, err2 := Eval(ctx, n, 200, nil, EvalOptions{})
		if err1 != nil || err2 != nil {
			continue
		}
		dr := new(big.Float).Sub(got.V.Re, want.Re)
		di := new(big.Float).Sub(got.V.Im, want.Im)
		x, _ := dr.Float64()
		y, _ := di.Float64()
		if math.Abs(x) > 1e-30 || math.Abs(y) > 1e-30 {
			t.Errorf("%v: form %v, evaluator %v", n, got.V, want)
		}
		checked++
	}
	if checked < 400 {
		t.Errorf("only %d powers checked", checked)
	}
}
