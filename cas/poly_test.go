package cas

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestQAgainstBigRat checks every operation of Q against math/big on random
// operands, small ones and ones near the int64 boundary (where Q switches
// to big.Rat).
func TestQAgainstBigRat(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pick := func() (Q, *big.Rat) {
		var n, d int64
		switch r.IntN(3) {
		case 0:
			n, d = r.Int64N(41)-20, r.Int64N(20)+1
		case 1:
			n, d = r.Int64()-math.MaxInt64/2, r.Int64N(math.MaxInt64-1)+1
		default:
			n, d = math.MaxInt64-r.Int64N(3), math.MaxInt64-r.Int64N(3)
			if r.IntN(2) == 0 {
				n = -n
			}
		}
		return Frac(n, d), big.NewRat(n, d)
	}
	for i := 0; i < 20000; i++ {
		a, ab := pick()
		b, bb := pick()
		check := func(op string, got Q, want *big.Rat) {
			t.Helper()
			if got.Big().Cmp(want) != 0 {
				t.Fatalf("%s %s %s: got %s, want %s", a, op, b, got, want.RatString())
			}
		}
		check("+", a.Add(b), new(big.Rat).Add(ab, bb))
		check("-", a.Sub(b), new(big.Rat).Sub(ab, bb))
		check("*", a.Mul(b), new(big.Rat).Mul(ab, bb))
		if !b.IsZero() {
			check("/", a.Div(b), new(big.Rat).Quo(ab, bb))
		}
		if a.Cmp(b) != ab.Cmp(bb) {
			t.Fatalf("cmp %s %s", a, b)
		}
		if a.Equal(b) != (ab.Cmp(bb) == 0) {
			t.Fatalf("equal %s %s", a, b)
		}
		fl := new(big.Int).Div(ab.Num(), ab.Denom())
		check("floor", a.Floor(), new(big.Rat).SetInt(fl))
	}
	if got := Frac(6, -4); got.String() != "-3/2" || got.TeX() != `-\frac{3}{2}` {
		t.Fatalf("Frac(6,-4) = %s %s", got, got.TeX())
	}
	if s, ok := Frac(13, 4).Decimal(); !ok || s != "3.25" {
		t.Fatalf("decimal 13/4 = %q %v", s, ok)
	}
	if _, ok := Frac(1, 3).Decimal(); ok {
		t.Fatal("1/3 is not a terminating decimal")
	}
}

func TestQLimit(t *testing.T) {
	err := Guard(func() error {
		x := Int(3)
		for i := 0; i < 20; i++ {
			x = x.Mul(x) // 3^(2^20) has far more than MaxBits bits
		}
		return nil
	})
	if !errors.Is(err, ErrLimit) {
		t.Fatalf("want ErrLimit, got %v", err)
	}
}

func TestPolyArithmetic(t *testing.T) {
	p := PolyInts(1, -3, 2) // 2x^2 - 3x + 1
	q := PolyInts(-1, 1)    // x - 1
	quo, rem := p.DivMod(q)
	if !quo.Equal(PolyInts(-1, 2)) || !rem.IsZero() {
		t.Fatalf("divmod: %s r %s", quo.TeX("x"), rem.TeX("x"))
	}
	if got := p.TeX("x"); got != "2x^{2} - 3x + 1" {
		t.Fatalf("TeX: %q", got)
	}
	if got := NewPoly(Frac(-1, 2), Int(0), Frac(3, 4)).TeX("t"); got != `\frac{3}{4}t^{2} - \frac{1}{2}` {
		t.Fatalf("TeX: %q", got)
	}
	if !p.Deriv().Equal(PolyInts(-3, 4)) || !p.Deriv().Integral().Equal(p.Sub(ConstPoly(Int(1)))) {
		t.Fatal("deriv/integral")
	}
	if !p.Compose(q).Equal(PolyInts(0, 1, 2).Sub(ConstPoly(Int(0)))) {
		// p(x-1) = 2(x-1)^2 - 3(x-1) + 1 = 2x^2 - 7x + 6
		if !p.Compose(q).Equal(PolyInts(6, -7, 2)) {
			t.Fatalf("compose: %s", p.Compose(q).TeX("x"))
		}
	}
	if p.Eval(Frac(1, 2)).Sign() != 0 || p.Eval(Int(3)).String() != "10" {
		t.Fatal("eval")
	}
}

func TestGCDAndExtGCD(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 300; i++ {
		g := randPoly(r, 1+r.IntN(3))
		a := randPoly(r, r.IntN(4))
		b := randPoly(r, r.IntN(4))
		p, q := g.Mul(a), g.Mul(b)
		d, s, u := ExtGCD(p, q)
		if !s.Mul(p).Add(u.Mul(q)).Equal(d) {
			t.Fatal("Bezout identity fails")
		}
		// g divides d, and d divides both
		if _, rr := d.DivMod(g); !rr.IsZero() {
			t.Fatalf("gcd %s not a multiple of %s", d.TeX("x"), g.TeX("x"))
		}
		for _, x := range []Poly{p, q} {
			if _, rr := x.DivMod(d); !rr.IsZero() {
				t.Fatal("gcd does not divide")
			}
		}
		if !GCD(p, q).Equal(d) || !d.Lead().IsOne() {
			t.Fatal("GCD differs from ExtGCD or is not monic")
		}
	}
}

func randPoly(r *rand.Rand, deg int) Poly {
	for {
		c := make([]int64, deg+1)
		for i := range c {
			c[i] = r.Int64N(11) - 5
		}
		if c[deg] != 0 {
			return PolyInts(c...)
		}
	}
}

func TestSquareFree(t *testing.T) {
	// (x-1)^3 (x+2)^2 (x^2+1)
	p := PolyInts(-1, 1).Pow(3).Mul(PolyInts(2, 1).Pow(2)).Mul(PolyInts(1, 0, 1)).Scale(Int(3))
	sf := SquareFree(p)
	if len(sf) != 3 || !sf[0].Equal(PolyInts(1, 0, 1)) || !sf[1].Equal(PolyInts(2, 1)) || !sf[2].Equal(PolyInts(-1, 1)) {
		var got []string
		for _, f := range sf {
			got = append(got, f.TeX("x"))
		}
		t.Fatalf("square-free parts: %q", got)
	}
}

func TestFactorQ(t *testing.T) {
	cases := []struct {
		p    Poly
		want string
	}{
		{PolyInts(-6, 1, 1), `\left(x + 3\right)\left(x - 2\right)`},
		{PolyInts(1, 0, 1), `x^{2} + 1`},
		{PolyInts(0, 0, 2), `2x^{2}`},
		{PolyInts(-1, 0, 0, 0, 1), `\left(x + 1\right)\left(x - 1\right)\left(x^{2} + 1\right)`},
		{PolyInts(4, 0, 5, 0, 1), `\left(x^{2} + 1\right)\left(x^{2} + 4\right)`},
		{PolyInts(2, 0, 0, 0, 1), `x^{4} + 2`},
		{NewPoly(Frac(1, 2), Frac(-3, 2), Int(1)), `\frac{1}{2}\left(2x - 1\right)\left(x - 1\right)`},
		{PolyInts(-2, 0, 1).Mul(PolyInts(-3, 0, 1)).Mul(PolyInts(1, 2)).Scale(Int(-1)), `-\left(2x + 1\right)\left(x^{2} - 3\right)\left(x^{2} - 2\right)`},
		{PolyInts(1, 1, 1).Pow(2).Mul(PolyInts(-5, 3)), `\left(3x - 5\right)\left(x^{2} + x + 1\right)^{2}`},
	}
	for _, c := range cases {
		f, err := FactorQ(c.p)
		if err != nil {
			t.Fatalf("%s: %v", c.p.TeX("x"), err)
		}
		if !f.Expand().Equal(c.p) {
			t.Fatalf("%s: factorization does not multiply back", c.p.TeX("x"))
		}
		if got := f.TeX("x"); got != c.want {
			t.Errorf("%s: factored as %q, want %q", c.p.TeX("x"), got, c.want)
		}
	}
	// products of random linear and quadratic factors multiply back and split completely
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 200; i++ {
		p := ConstPoly(Int(r.Int64N(5) + 1))
		nf := 0
		for k := 0; k < 1+r.IntN(3); k++ {
			var f Poly
			if r.IntN(2) == 0 {
				f = PolyInts(r.Int64N(13)-6, r.Int64N(3)+1)
			} else {
				b := r.Int64N(7) - 3
				c := b*b/4 + 1 + r.Int64N(6) // b^2 - 4c < 0: irreducible
				f = PolyInts(c, b, 1)
			}
			p = p.Mul(f)
			nf++
		}
		fz, err := FactorQ(p)
		if err != nil {
			t.Fatal(err)
		}
		if !fz.Expand().Equal(p) {
			t.Fatalf("%s: does not multiply back", p.TeX("x"))
		}
		tot := 0
		for _, f := range fz.Factors {
			tot += f.K
			if f.P.Deg() > 2 {
				t.Fatalf("%s: factor %s of degree > 2 left", p.TeX("x"), f.P.TeX("x"))
			}
		}
		if tot != nf {
			t.Fatalf("%s: %d factors, want %d", p.TeX("x"), tot, nf)
		}
	}
	got, _ := FactorQ(PolyInts(-6, 1, 1))
	if s := got.TeX("x"); s != `\left(x + 3\right)\left(x - 2\right)` {
		t.Fatalf("TeX %q", s)
	}
}

func TestRationalRoots(t *testing.T) {
	p := FromRoots(Int(6), Frac(1, 2), Frac(-2, 3), Int(4), Int(0))
	got := RationalRoots(p.Mul(PolyInts(1, 0, 1)))
	want := []Q{Frac(-2, 3), Int(0), Frac(1, 2), Int(4)}
	if len(got) != len(want) {
		t.Fatalf("roots %v", got)
	}
	for i := range got {
		if !got[i].Equal(want[i]) {
			t.Fatalf("roots %v want %v", got, want)
		}
	}
}

func TestPartialFractions(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 200; i++ {
		den := ConstPoly(Int(1))
		for k := 0; k < 1+r.IntN(3); k++ {
			if r.IntN(3) > 0 {
				den = den.Mul(PolyInts(r.Int64N(9)-4, 1).Pow(1 + r.IntN(2)))
			} else {
				den = den.Mul(PolyInts(r.Int64N(4)+1, 0, 1))
			}
		}
		num := randPoly(r, r.IntN(den.Deg()+2))
		rf := NewRatFunc(num, den)
		pf, err := Decompose(rf)
		if err != nil {
			t.Fatal(err)
		}
		if !pf.Sum().Equal(rf) {
			t.Fatalf("%s: decomposition %s does not add back", rf.TeX("x"), pf.TeX("x"))
		}
		for _, tm := range pf.Terms {
			if tm.Numer.Deg() >= tm.Factor.Deg() {
				t.Fatal("numerator degree not below the factor's")
			}
		}
	}
	pf, _ := Decompose(NewRatFunc(PolyInts(5, 1), PolyInts(-2, -1, 1))) // (x+5)/((x-2)(x+1))
	if got := pf.TeX("x"); got != `-\frac{4}{3\left(x + 1\right)} + \frac{7}{3\left(x - 2\right)}` {
		t.Fatalf("TeX %q", got)
	}
}

func TestNumberTheory(t *testing.T) {
	if x, err := ModInverse(17, 43); err != nil || 17*x%43 != 1 {
		t.Fatalf("modinv %d %v", x, err)
	}
	if _, err := ModInverse(6, 9); !errors.Is(err, ErrNoInverse) {
		t.Fatal("6 has no inverse mod 9")
	}
	x, m, err := CRT([]int64{2, 3, 2}, []int64{3, 5, 7})
	if err != nil || x != 23 || m != 105 {
		t.Fatalf("crt %d %d %v", x, m, err)
	}
	if _, _, err := CRT([]int64{1, 2}, []int64{4, 6}); !errors.Is(err, ErrNoSolution) {
		t.Fatal("x=1 mod 4, x=2 mod 6 has no solution")
	}
	for n := uint64(1); n < 3000; n++ {
		c := uint64(0)
		for k := uint64(1); k <= n; k++ {
			if gcd64(k, n) == 1 {
				c++
			}
		}
		if Totient(n) != c {
			t.Fatalf("phi(%d) = %d, want %d", n, Totient(n), c)
		}
	}
	big := uint64(1000000007) * 998244353
	f := FactorInt(big)
	if len(f) != 2 || f[0].P != 998244353 || f[1].P != 1000000007 {
		t.Fatalf("factor %v", f)
	}
	if !IsPrime(18446744073709551557) || IsPrime(3215031751) {
		t.Fatal("Miller-Rabin")
	}
	x0, y0, dx, dy, err := Diophantine(12, 18, 30)
	if err != nil || 12*x0+18*y0 != 30 || 12*dx+18*dy != 0 {
		t.Fatalf("diophantine %d %d %d %d %v", x0, y0, dx, dy, err)
	}
	if ds := Divisors(36); len(ds) != 9 || ds[8] != 36 {
		t.Fatalf("divisors %v", ds)
	}
}

// TestContent: dividing by the content leaves integer coefficients with gcd
// 1 and a positive leading coefficient, on the small-number path and the
// big one alike.
func TestContent(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	for i := 0; i < 500; i++ {
		c := make([]Q, 1+r.IntN(5))
		for j := range c {
			if r.IntN(4) == 0 {
				c[j] = FromBig(new(big.Rat).SetFrac(new(big.Int).Lsh(big.NewInt(r.Int64N(9)-4), 70), big.NewInt(r.Int64N(7)+1)))
			} else {
				c[j] = Frac(r.Int64N(41)-20, r.Int64N(12)+1)
			}
		}
		p := NewPoly(c...)
		if p.IsZero() {
			continue
		}
		q := p.Primitive()
		g := new(big.Int)
		for k := 0; k <= q.Deg(); k++ {
			v := q.Coef(k)
			if !v.IsInt() {
				t.Fatalf("%s: primitive part has %s", p.TeX("x"), v)
			}
			g.GCD(nil, nil, g, new(big.Int).Abs(v.Num()))
		}
		if g.Cmp(big.NewInt(1)) != 0 || q.Lead().Sign() <= 0 || !q.Scale(p.Content()).Equal(p) {
			t.Fatalf("%s: primitive part %s, content %s", p.TeX("x"), q.TeX("x"), p.Content())
		}
	}
}
