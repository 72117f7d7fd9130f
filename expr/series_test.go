package expr

import (
	"context"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

func seriesCall(body Node, lo int64) *Call {
	return &Call{Fn: "sum", Args: []Node{body, &Sym{Name: "n"}, Int(lo), &Sym{Name: Inf}}}
}

// TestSeriesAgainstPartialSums: random geometric series P(n)·r^n (|r| ≤
// 2/3, P of degree ≤ 3, any start) and random telescoping rational series
// (simple roots differing by integers, deg D - deg N ≥ 2) have closed forms
// that agree with long partial sums (to 1e-9 for geometric ones, within
// the tail bound for rational ones). A wrong Stirling weight, shift or
// partial-fraction residue fails it.
func TestSeriesAgainstPartialSums(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 11))
	n := &Sym{Name: "n"}
	ctx := context.Background()
	eval := func(x Node, env map[string]*big.Rat) float64 {
		c, err := Eval(ctx, x, 64, env, EvalOptions{})
		if err != nil {
			t.Fatalf("evaluating %s: %v", x, err)
		}
		return c.Float64()
	}
	for k := 0; k < 60; k++ {
		// geometric
		deg := rng.IntN(4)
		var terms []Node
		P := make([]float64, deg+1)
		for d := 0; d <= deg; d++ {
			c := rng.Int64N(7) - 3
			P[d] = float64(c)
			terms = append(terms, &Mul{Factors: []Node{Int(c), &Pow{Base: n, Exp: Int(int64(d))}}})
		}
		num, den := rng.Int64N(5)-2, rng.Int64N(2)+3 // r in [-2/3, 2/3], not 0
		if num == 0 {
			num = 1
		}
		r := float64(num) / float64(den)
		lo := rng.Int64N(5) - 2
		body := &Mul{Factors: []Node{&Add{Terms: terms}, &Pow{Base: Rat(big.NewRat(num, den)), Exp: n}}}
		l := newState(ctx, Limits{})
		v, err := l.infiniteSum(seriesCall(body, lo))
		if err != nil {
			t.Errorf("Σ_{n≥%d} %s: %v", lo, body, err)
			continue
		}
		got := eval(v, nil)
		want := 0.0
		for m := lo; m < lo+400; m++ {
			p := 0.0
			for d := deg; d >= 0; d-- {
				p = p*float64(m) + P[d]
			}
			want += p * math.Pow(r, float64(m))
		}
		if math.Abs(got-want) > 1e-9*(1+math.Abs(want)) {
			t.Errorf("Σ_{n≥%d} %s = %.15g in closed form, %.15g by partial sums", lo, body, got, want)
		}
	}
	for k := 0; k < 60; k++ {
		// telescoping: D = Π (n + c_i) (c_i distinct integers, maybe with a
		// half shift (2n + 2c_i + 1)), N of degree ≤ deg D - 2
		m := 2 + rng.IntN(3)
		half := rng.IntN(2) == 1
		seen := map[int64]bool{}
		var facs []Node
		var cs []int64
		for len(cs) < m {
			c := rng.Int64N(7) - 2
			if seen[c] {
				continue
			}
			seen[c] = true
			cs = append(cs, c)
			if half {
				facs = append(facs, &Add{Terms: []Node{&Mul{Factors: []Node{Int(2), n}}, Int(2*c + 1)}})
			} else {
				facs = append(facs, &Add{Terms: []Node{n, Int(c)}})
			}
		}
		minC := cs[0]
		for _, c := range cs {
			minC = min(minC, c)
		}
		lo := 1 - minC + rng.Int64N(3) // every factor positive from lo on
		var nt []Node
		for d := 0; d <= m-2; d++ {
			nt = append(nt, &Mul{Factors: []Node{Int(rng.Int64N(5) - 2), &Pow{Base: n, Exp: Int(int64(d))}}})
		}
		body := &Mul{Factors: []Node{&Add{Terms: nt}, &Pow{Base: &Mul{Factors: facs}, Exp: Int(-1)}}}
		l := newState(ctx, Limits{})
		v, err := l.infiniteSum(seriesCall(body, lo))
		if err != nil {
			t.Errorf("Σ_{n≥%d} %s: %v", lo, body, err)
			continue
		}
		got := eval(v, nil)
		const M = 200000
		want := 0.0
		for j := lo; j < lo+M; j++ {
			want += eval(body, map[string]*big.Rat{"n": big.NewRat(j, 1)})
			if j-lo > 300 {
				break // the rest is summed in float64 below
			}
		}
		// the rest in float64 from the factors directly
		f := func(x float64) float64 {
			num := 0.0
			for d := len(nt) - 1; d >= 0; d-- {
				c, _ := nt[d].(*Mul).Factors[0].(*Num).V.Float64()
				num = num*x + c
			}
			den := 1.0
			for _, c := range cs {
				if half {
					den *= 2*x + float64(2*c+1)
				} else {
					den *= x + float64(c)
				}
			}
			return num / den
		}
		for j := lo + 302; j < lo+M; j++ {
			want += f(float64(j))
		}
		tail := 50.0 / float64(M) // |f| ≤ ~C/n² beyond M
		if math.Abs(got-want) > tail {
			t.Errorf("Σ_{n≥%d} %s = %.12g in closed form, %.12g by partial sums", lo, body, got, want)
		}
	}
}

// TestSeriesRefusals: a divergent or oscillating series, one with a pole
// in its range, one whose value needs a constant the engine does not
// write exactly (ζ(3), ln 2) has no value: never a partial sum.
func TestSeriesRefusals(t *testing.T) {
	n := &Sym{Name: "n"}
	inv := func(x Node) Node { return &Pow{Base: x, Exp: Int(-1)} }
	lin := func(a, b int64) Node { return &Add{Terms: []Node{&Mul{Factors: []Node{Int(a), n}}, Int(b)}} }
	cases := []struct {
		name string
		body Node
		lo   int64
	}{
		{"harmonic", inv(n), 1},
		{"ζ(3)", &Pow{Base: n, Exp: Int(-3)}, 1},
		{"2^n", &Pow{Base: Int(2), Exp: n}, 0},
		{"(-1)^n", &Pow{Base: Int(-1), Exp: n}, 0},
		{"n/(n+1)", &Mul{Factors: []Node{n, inv(lin(1, 1))}}, 1},
		{"pole at 0", inv(&Mul{Factors: []Node{n, lin(1, 1)}}), 0},
		{"pole at 3", inv(&Mul{Factors: []Node{lin(1, -2), lin(1, -3)}}), 1},
		{"ln 2 (roots not congruent)", inv(&Mul{Factors: []Node{n, lin(2, 1)}}), 1},
		{"1/(n 2^n)", &Mul{Factors: []Node{inv(n), &Pow{Base: Int(2), Exp: &Neg{X: n}}}}, 1},
		{"repeated root", inv(&Pow{Base: lin(1, 1), Exp: Int(2)}), 1},
		{"polynomial", n, 1},
		{"e^{-n}", &Pow{Base: &Sym{Name: E}, Exp: &Neg{X: n}}, 0},
	}
	for _, c := range cases {
		l := newState(context.Background(), Limits{})
		if v, err := l.infiniteSum(seriesCall(c.body, c.lo)); err == nil {
			t.Errorf("%s: Σ_{n≥%d} %s = %s, want no value", c.name, c.lo, c.body, v)
		}
	}
}

// TestSeriesValues: classical sums proved equal to their values.
func TestSeriesValues(t *testing.T) {
	n := &Sym{Name: "n"}
	pi := &Sym{Name: Pi}
	inv := func(x Node) Node { return &Pow{Base: x, Exp: Int(-1)} }
	cases := []struct {
		body Node
		lo   int64
		want Node
	}{
		{&Pow{Base: n, Exp: Int(-2)}, 1, &Mul{Factors: []Node{Rat(big.NewRat(1, 6)), &Pow{Base: pi, Exp: Int(2)}}}},
		{&Pow{Base: n, Exp: Int(-4)}, 1, &Mul{Factors: []Node{Rat(big.NewRat(1, 90)), &Pow{Base: pi, Exp: Int(4)}}}},
		{&Pow{Base: n, Exp: Int(-6)}, 1, &Mul{Factors: []Node{Rat(big.NewRat(1, 945)), &Pow{Base: pi, Exp: Int(6)}}}},
		{&Pow{Base: n, Exp: Int(-2)}, 2, &Add{Terms: []Node{&Mul{Factors: []Node{Rat(big.NewRat(1, 6)), &Pow{Base: pi, Exp: Int(2)}}}, Int(-1)}}},
		{inv(&Mul{Factors: []Node{n, &Add{Terms: []Node{n, Int(1)}}}}), 1, Int(1)},
		{&Mul{Factors: []Node{n, &Pow{Base: Int(2), Exp: &Neg{X: n}}}}, 1, Int(2)},
		{&Mul{Factors: []Node{&Pow{Base: n, Exp: Int(2)}, &Pow{Base: Int(2), Exp: &Neg{X: n}}}}, 1, Int(6)},
	}
	ctx := context.Background()
	for _, c := range cases {
		b := NewFormBuilder(ctx, FormOptions{})
		fs, err := b.Form(seriesCall(c.body, c.lo))
		if err != nil {
			t.Errorf("Σ_{n≥%d} %s: %v", c.lo, c.body, err)
			continue
		}
		fw, err := b.Form(c.want)
		if err != nil {
			t.Fatal(err)
		}
		if eq, err := b.Equal(fs, fw); err != nil || !eq {
			t.Errorf("Σ_{n≥%d} %s: not proved equal to %s", c.lo, c.body, c.want)
		}
	}
}

// TestFiniteSumClosedForms: the closed forms of Σ_{k=a}^{N} P(k)·r^k and of
// telescoping rational summands, at N = a-1 … a+12, equal the sums added
// term by term, exactly (rationals, no tolerance).
func TestFiniteSumClosedForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 13))
	k, N := &Sym{Name: "k"}, &Sym{Name: "N"}
	ctx := context.Background()
	check := func(body Node, a int64) {
		t.Helper()
		l := newState(ctx, Limits{})
		c := &Call{Fn: "sum", Args: []Node{body, k, Int(a), N}}
		F, err := l.finiteSum(c)
		if err != nil {
			t.Errorf("Σ_{k=%d}^N %s: %v", a, body, err)
			return
		}
		direct := new(big.Rat)
		for n := a - 1; n <= a+12; n++ {
			if n >= a {
				x, err := l.rat(Substitute(body, "k", Int(n)))
				if err != nil {
					t.Fatalf("term %d of %s: %v", n, body, err)
				}
				direct.Add(direct, x)
			}
			got, err := l.rat(Substitute(F, "N", Int(n)))
			if err != nil {
				t.Errorf("Σ_{k=%d}^{%d} %s: closed form %s: %v", a, n, body, F, err)
				return
			}
			if got.Cmp(direct) != 0 {
				t.Errorf("Σ_{k=%d}^{%d} %s = %s, closed form gives %s", a, n, body, direct.RatString(), got.RatString())
				return
			}
		}
	}
	for i := 0; i < 40; i++ {
		var terms []Node
		terms = append(terms, Int(rng.Int64N(7)-3)) // (never k^0: 0^0 at k = 0)
		for d := 1; d <= rng.IntN(4); d++ {
			terms = append(terms, &Mul{Factors: []Node{Int(rng.Int64N(7) - 3), &Pow{Base: k, Exp: Int(int64(d))}}})
		}
		num := rng.Int64N(7) - 3
		if num == 0 || num == 1 {
			num = 2
		}
		den := rng.Int64N(3) + 1
		if num == den {
			den++
		}
		check(&Mul{Factors: []Node{&Add{Terms: terms}, &Pow{Base: Rat(big.NewRat(num, den)), Exp: k}}}, rng.Int64N(5)-2)
	}
	for i := 0; i < 40; i++ {
		m := 2 + rng.IntN(3)
		seen := map[int64]bool{}
		var facs []Node
		minC := int64(100)
		for len(facs) < m {
			c := rng.Int64N(7) - 2
			if seen[c] {
				continue
			}
			seen[c] = true
			minC = min(minC, c)
			if i%2 == 0 {
				facs = append(facs, &Add{Terms: []Node{&Mul{Factors: []Node{Int(2), k}}, Int(2*c + 1)}})
			} else {
				facs = append(facs, &Add{Terms: []Node{k, Int(c)}})
			}
		}
		nt := []Node{Int(rng.Int64N(5) - 2)}
		for d := 1; d <= m-2; d++ {
			nt = append(nt, &Mul{Factors: []Node{Int(rng.Int64N(5) - 2), &Pow{Base: k, Exp: Int(int64(d))}}})
		}
		body := &Mul{Factors: []Node{&Add{Terms: nt}, &Pow{Base: &Mul{Factors: facs}, Exp: Int(-1)}}}
		check(body, 1-minC+rng.Int64N(3))
	}
}

// TestFiniteProdClosedForms: \prod_{k=a}^{N} of constants and powers of
// k + b, in closed form through factorials, equals the product taken term
// by term at N = a-1 … a+8; a factor that vanishes or changes sign in the
// range has no closed form here.
func TestFiniteProdClosedForms(t *testing.T) {
	k, N := &Sym{Name: "k"}, &Sym{Name: "N"}
	ctx := context.Background()
	lin := func(b int64) Node { return &Add{Terms: []Node{k, Int(b)}} }
	cases := []struct {
		body Node
		a    int64
	}{
		{k, 1},
		{k, 3},
		{lin(2), 1},
		{&Pow{Base: k, Exp: Int(2)}, 1},
		{&Mul{Factors: []Node{Int(2), k}}, 1},
		{&Mul{Factors: []Node{Rat(big.NewRat(-1, 3)), &Pow{Base: lin(-1), Exp: Int(3)}, lin(4)}}, 2},
		{&Pow{Base: k, Exp: Int(-1)}, 1},
	}
	for _, c := range cases {
		l := newState(ctx, Limits{})
		F, err := l.finiteProd(&Call{Fn: "prod", Args: []Node{c.body, k, Int(c.a), N}})
		if err != nil {
			t.Errorf("Π_{k=%d}^N %s: %v", c.a, c.body, err)
			continue
		}
		direct := big.NewRat(1, 1)
		for n := c.a - 1; n <= c.a+8; n++ {
			if n >= c.a {
				x, err := l.rat(Substitute(c.body, "k", Int(n)))
				if err != nil {
					t.Fatal(err)
				}
				direct.Mul(direct, x)
			}
			got, err := l.rat(Substitute(F, "N", Int(n)))
			if err != nil || got.Cmp(direct) != 0 {
				t.Errorf("Π_{k=%d}^{%d} %s = %s, closed form %s gives %v (%v)", c.a, n, c.body, direct.RatString(), F, got, err)
				break
			}
		}
	}
	for _, c := range []struct {
		body Node
		a    int64
	}{{k, 0}, {lin(-3), 1}, {&Mul{Factors: []Node{Int(2), k, Int(1)}}, -1}, {&Pow{Base: k, Exp: k}, 1}, {&Add{Terms: []Node{&Pow{Base: k, Exp: Int(2)}, Int(1)}}, 1}} {
		l := newState(ctx, Limits{})
		if F, err := l.finiteProd(&Call{Fn: "prod", Args: []Node{c.body, k, Int(c.a), N}}); err == nil {
			t.Errorf("Π_{k=%d}^N %s = %s, want no closed form", c.a, c.body, F)
		}
	}
}
