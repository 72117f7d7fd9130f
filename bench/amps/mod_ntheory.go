package amps

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/matheval/matheval/cas"
)

func init() {
	for _, m := range []*Module{
		{Name: "modular_inverse", Area: "number_theory", Steps: true, gen: genModInverse,
			Description: "Inverse of a modulo m by the extended Euclidean algorithm",
			Extrapolate: "larger moduli"},
		{Name: "crt", Area: "number_theory", Steps: true, gen: genCRT,
			Description: "Smallest nonnegative solution of a system of congruences (Chinese remainder theorem)",
			Extrapolate: "four congruences with larger moduli"},
		{Name: "totient", Area: "number_theory", Steps: true, gen: genTotient,
			Description: "Euler's totient of an integer from its prime factorization",
			Extrapolate: "numbers up to 10^9"},
		{Name: "linear_diophantine", Area: "number_theory", Steps: true, gen: genDiophantine,
			Description: "Solution of ax + by = c with the smallest positive x",
			Extrapolate: "larger coefficients"},
		{Name: "gcd_lcm", Form: FormNumeral, Area: "number_theory", Steps: true, gen: genGCDLCM,
			Description: "Greatest common divisor (Euclid) or least common multiple of two integers",
			Extrapolate: "larger numbers"},
		{Name: "num_divisors", Area: "number_theory", Steps: true, gen: genNumDivisors,
			Description: "Number of positive divisors of an integer",
			Extrapolate: "numbers up to 10^9"},
		{Name: "sum_divisors", Area: "number_theory", Steps: true, gen: genSumDivisors,
			Description: "Sum of the positive divisors of an integer",
			Extrapolate: "numbers up to 10^8"},
		{Name: "modular_exponentiation", Form: FormNumeral, Area: "number_theory", Steps: true, gen: genModExp,
			Description: "a^k mod m by repeated squaring",
			Extrapolate: "larger exponents and moduli"},
		{Name: "base_conversion", Area: "number_theory", gen: genBaseConversion,
			Description: "Write a decimal integer in another base",
			Extrapolate: "larger numbers"},
		{Name: "multiplicative_order", Area: "number_theory", gen: genOrder,
			Description: "Multiplicative order of a modulo n",
			Extrapolate: "larger moduli"},
		{Name: "legendre_symbol", Area: "number_theory", gen: genLegendre,
			Description: "Legendre symbol (a/p) by Euler's criterion",
			Extrapolate: "larger primes"},
		{Name: "prime_factorization", Form: FormPrimeFactorization, Area: "number_theory", gen: genFactorization,
			Description: "Prime factorization of an integer",
			Extrapolate: "numbers up to 10^9"},
	} {
		register(m)
	}
}

func genModInverse(g *G) (*Problem, error) {
	mod := g.Int(5, g.ByLevel(30, 100, 500, 2000, 10000))
	a := g.Int(2, mod-1)
	for tries := 0; cas.GCDInt(a, mod) != 1; tries++ {
		if tries == 50 {
			return nil, errf("gcd: no unit found modulo %d", mod)
		}
		a = g.Int(2, mod-1)
	}
	inv, err := cas.ModInverse(a, mod)
	if err != nil {
		return nil, err
	}
	_, x, y, steps := cas.ExtEuclid(mod, a)
	p := &Problem{Problem: "Find the inverse of " + m(itoa(a)) + " modulo " + m(itoa(mod)) + ", as an integer between " + m("0") + " and " + m(itoa(mod-1)) + "."}
	var ds []string
	for _, s := range steps {
		ds = append(ds, m(itoa(s.A)+" = "+itoa(s.Q)+`\cdot `+itoa(s.B)+" + "+itoa(s.R)))
	}
	p.Steps = []string{
		"Euclid's algorithm: " + strings.Join(ds, ", ") + ".",
		"Back-substituting gives " + m(paren(q(x))+`\cdot `+itoa(mod)+" + "+paren(q(y))+`\cdot `+itoa(a)+" = 1") + ", so " + m(`a^{-1} \equiv `+itoa(y)+` \equiv `+itoa(inv)+` \pmod{`+itoa(mod)+"}") + ".",
	}
	p.setNum(q(inv))
	p.sym("a", itoa(a))
	p.sym("m", itoa(mod))
	p.Check = func() error {
		if cas.Mod(a*inv, mod) != 1 || x*mod+y*a != 1 {
			return errf("a times the inverse is not 1 mod m")
		}
		// Euler: a^(phi(m) - 1) mod m
		if int64(cas.PowMod(uint64(a), cas.Totient(uint64(mod))-1, uint64(mod))) != inv {
			return errf("Euler's theorem gives another inverse")
		}
		return nil
	}
	return p, nil
}

func genCRT(g *G) (*Problem, error) {
	k := int(g.ByLevel(2, 2, 3, 3, 3, 4))
	hi := g.ByLevel(7, 11, 13, 17, 23)
	var mods, rems []int64
	for len(mods) < k {
		mm := g.Int(2, hi)
		ok := true
		for _, o := range mods {
			if cas.GCDInt(o, mm) != 1 {
				ok = false
			}
		}
		if ok {
			mods = append(mods, mm)
			rems = append(rems, g.Int(0, mm-1))
		}
	}
	x, M, err := cas.CRT(rems, mods)
	if err != nil {
		return nil, err
	}
	var eqs []string
	for i := range mods {
		eqs = append(eqs, `x \equiv `+itoa(rems[i])+` \pmod{`+itoa(mods[i])+"}")
	}
	p := &Problem{Problem: "Find the smallest nonnegative integer " + m("x") + " with " + m(strings.Join(eqs, `,\quad `)) + "."}
	cur, cm := rems[0], mods[0]
	for i := 1; i < k; i++ {
		nx, nm, _ := cas.CRT([]int64{cur, rems[i]}, []int64{cm, mods[i]})
		p.Steps = append(p.Steps, "Combining "+m(`x \equiv `+itoa(cur)+` \pmod{`+itoa(cm)+"}")+" with "+m(`x \equiv `+itoa(rems[i])+` \pmod{`+itoa(mods[i])+"}")+
			": write "+m("x = "+itoa(cur)+" + "+itoa(cm)+"t")+" and solve for "+m("t")+" modulo "+m(itoa(mods[i]))+", giving "+m(`x \equiv `+itoa(nx)+` \pmod{`+itoa(nm)+"}")+".")
		cur, cm = nx, nm
	}
	p.setNum(q(x))
	p.sym("r", pyInts(rems))
	p.sym("m", pyInts(mods))
	p.Check = func() error {
		for i := range mods {
			if cas.Mod(x, mods[i]) != rems[i] {
				return errf("x does not satisfy congruence %d", i+1)
			}
		}
		// minimal: search below x when the product is small
		if M <= 1_000_000 {
			for y := int64(0); y < x; y++ {
				all := true
				for i := range mods {
					if y%mods[i] != rems[i] {
						all = false
						break
					}
				}
				if all {
					return errf("%d is a smaller solution", y)
				}
			}
		}
		return nil
	}
	return p, nil
}

func factorTeX(n uint64) string {
	var fs []string
	for _, pp := range cas.FactorInt(n) {
		t := strconv.FormatUint(pp.P, 10)
		if pp.K > 1 {
			t += "^{" + strconv.Itoa(pp.K) + "}"
		}
		fs = append(fs, t)
	}
	return strings.Join(fs, ` \cdot `)
}

// compositeN draws an integer with several small prime factors.
func (g *G) compositeN(limit int64) uint64 {
	primes := []uint64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47}
	n := uint64(1)
	for i := 0; i < 2+g.IntN(4); i++ {
		p := primes[g.IntN(min(len(primes), 7+g.Size))]
		if n*p > uint64(limit) {
			break
		}
		n *= p
	}
	if n == 1 {
		n = primes[g.IntN(5)]
	}
	return n
}

func genTotient(g *G) (*Problem, error) {
	n := g.compositeN(g.ByLevel(2000, 5000, 10000, 100000, 1000000, 1000000000))
	phi := cas.Totient(n)
	p := &Problem{Problem: "Compute Euler's totient " + m(`\varphi(`+strconv.FormatUint(n, 10)+")") + "."}
	var fs []string
	for _, pp := range cas.FactorInt(n) {
		fs = append(fs, `\left(1 - \frac{1}{`+strconv.FormatUint(pp.P, 10)+`}\right)`)
	}
	p.Steps = []string{
		"Factor: " + m(strconv.FormatUint(n, 10)+" = "+factorTeX(n)) + ".",
		m(`\varphi(n) = n\prod_{p \mid n}\left(1 - \frac{1}{p}\right) = `+strconv.FormatUint(n, 10)+strings.Join(fs, "")+" = "+strconv.FormatUint(phi, 10)) + ".",
	}
	p.setNum(cas.FromBigInt(new(big.Int).SetUint64(phi)))
	p.sym("n", strconv.FormatUint(n, 10))
	p.Check = func() error {
		if n <= 20000 {
			c := uint64(0)
			for k := uint64(1); k <= n; k++ {
				if cas.GCDInt(int64(k), int64(n)) == 1 {
					c++
				}
			}
			if c != phi {
				return errf("counting gives %d", c)
			}
			return nil
		}
		// Gauss: the totients of the divisors add up to n
		s := uint64(0)
		for _, d := range cas.Divisors(n) {
			s += cas.Totient(d)
		}
		if s != n {
			return errf("sum of phi(d) over divisors is %d", s)
		}
		return nil
	}
	return p, nil
}

func genDiophantine(g *G) (*Problem, error) {
	hi := g.ByLevel(20, 40, 60, 100, 200)
	a, b := g.Int(2, hi), g.Int(2, hi)
	gg := cas.GCDInt(a, b)
	c := gg * g.Int(1, g.ByLevel(5, 10, 20, 30, 50))
	x0, y0, dx, dy, err := cas.Diophantine(a, b, c)
	if err != nil {
		return nil, err
	}
	// smallest positive x: x = x0 + dx t with dx = b/g > 0
	t := floorDivI(1-x0+dx-1, dx)
	x, y := x0+dx*t, y0+dy*t
	p := &Problem{Problem: "Find the integer solution " + m(`\left(x, y\right)`) + " of " + m(itoa(a)+"x + "+itoa(b)+"y = "+itoa(c)) + " with the smallest positive " + m("x") + "."}
	_, s, tt, _ := cas.ExtEuclid(a, b)
	p.Steps = []string{
		"By the extended Euclidean algorithm, " + m(`\gcd(`+itoa(a)+", "+itoa(b)+") = "+itoa(gg)+" = "+itoa(a)+`\cdot `+paren(q(s))+" + "+itoa(b)+`\cdot `+paren(q(tt))) + ".",
		"Multiplying by " + m(itoa(c/gg)) + " gives the particular solution " + m(`\left(`+itoa(x0)+", "+itoa(y0)+`\right)`) + "; all solutions are " + m(`\left(`+tex(cas.Sum(e(x0), cas.Product(e(dx), cas.V("t"))))+", "+tex(cas.Sum(e(y0), cas.Product(e(dy), cas.V("t"))))+`\right)`) + ".",
		"The smallest positive " + m("x") + " comes at " + m("t = "+itoa(t)) + ".",
	}
	p.setTuple(e(x), e(y))
	p.sym("a", itoa(a))
	p.sym("b", itoa(b))
	p.sym("c", itoa(c))
	p.Check = func() error {
		if a*x+b*y != c || x <= 0 || x-dx > 0 {
			return errf("not a solution, or x not the smallest positive")
		}
		return nil
	}
	return p, nil
}

func floorDivI(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func genGCDLCM(g *G) (*Problem, error) {
	c := g.Int(1, g.ByLevel(10, 20, 50, 100, 200))
	a, b := c*g.Int(1, g.ByLevel(20, 50, 100, 200, 500)), c*g.Int(1, g.ByLevel(20, 50, 100, 200, 500))
	gg := cas.GCDInt(a, b)
	lcm, _ := cas.LCMInt(a, b)
	wantLCM := g.Bool()
	p := &Problem{}
	_, _, _, steps := cas.ExtEuclid(max(a, b), min(a, b))
	var ds []string
	for _, s := range steps {
		ds = append(ds, m(itoa(s.A)+" = "+itoa(s.Q)+`\cdot `+itoa(s.B)+" + "+itoa(s.R)))
	}
	p.Steps = []string{"Euclid's algorithm: " + strings.Join(ds, ", ") + "; the last nonzero remainder is " + m(itoa(gg)) + "."}
	if wantLCM {
		p.Problem = "Find the least common multiple of " + m(itoa(a)) + " and " + m(itoa(b)) + "."
		p.Steps = append(p.Steps, m(`\operatorname{lcm} = `+overTeX(itoa(a)+`\cdot `+itoa(b), itoa(gg))+" = "+itoa(lcm))+".")
		p.setNum(q(lcm))
	} else {
		p.Problem = "Find the greatest common divisor of " + m(itoa(a)) + " and " + m(itoa(b)) + "."
		p.setNum(q(gg))
	}
	p.sym("a", itoa(a))
	p.sym("b", itoa(b))
	p.sym("what", map[bool]string{true: "lcm", false: "gcd"}[wantLCM])
	p.Check = func() error {
		// prime exponents: min for the gcd, max for the lcm
		fa, fb := map[uint64]int{}, map[uint64]int{}
		for _, pp := range cas.FactorInt(uint64(a)) {
			fa[pp.P] = pp.K
		}
		for _, pp := range cas.FactorInt(uint64(b)) {
			fb[pp.P] = pp.K
		}
		G, L := big.NewInt(1), big.NewInt(1)
		for p, k := range fa {
			G.Mul(G, new(big.Int).Exp(new(big.Int).SetUint64(p), big.NewInt(int64(min(k, fb[p]))), nil))
		}
		for p := range fb {
			fa[p] = max(fa[p], 0)
		}
		for p, k := range fa {
			L.Mul(L, new(big.Int).Exp(new(big.Int).SetUint64(p), big.NewInt(int64(max(k, fb[p]))), nil))
		}
		if G.Int64() != gg || L.Int64() != lcm {
			return errf("prime exponents give gcd %s, lcm %s", G, L)
		}
		return nil
	}
	return p, nil
}

func genNumDivisors(g *G) (*Problem, error) {
	n := g.compositeN(g.ByLevel(2000, 5000, 10000, 100000, 1000000, 1000000000))
	t := int64(1)
	var parts []string
	for _, pp := range cas.FactorInt(n) {
		t *= int64(pp.K + 1)
		parts = append(parts, `\left(`+strconv.Itoa(pp.K)+` + 1\right)`)
	}
	p := &Problem{Problem: "How many positive divisors does " + m(strconv.FormatUint(n, 10)) + " have?"}
	p.Steps = []string{
		"Factor: " + m(strconv.FormatUint(n, 10)+" = "+factorTeX(n)) + ".",
		"The number of divisors is the product of the exponents plus one: " + m(strings.Join(parts, "")+" = "+itoa(t)) + ".",
	}
	p.setNum(q(t))
	p.sym("n", strconv.FormatUint(n, 10))
	p.Check = func() error {
		if n <= 200000 {
			c := int64(0)
			for d := uint64(1); d <= n; d++ {
				if n%d == 0 {
					c++
				}
			}
			if c != t {
				return errf("trial division counts %d", c)
			}
		} else if int64(len(cas.Divisors(n))) != t {
			return errf("the divisor list has %d entries", len(cas.Divisors(n)))
		}
		return nil
	}
	return p, nil
}

func genSumDivisors(g *G) (*Problem, error) {
	n := g.compositeN(g.ByLevel(2000, 5000, 10000, 100000, 1000000, 100000000))
	s := big.NewInt(1)
	var parts []string
	for _, pp := range cas.FactorInt(n) {
		// (p^(k+1) - 1)/(p - 1)
		t := new(big.Int).Exp(new(big.Int).SetUint64(pp.P), big.NewInt(int64(pp.K+1)), nil)
		t.Sub(t, big.NewInt(1))
		t.Quo(t, new(big.Int).SetUint64(pp.P-1))
		s.Mul(s, t)
		parts = append(parts, overTeX(strconv.FormatUint(pp.P, 10)+"^{"+strconv.Itoa(pp.K+1)+"} - 1", strconv.FormatUint(pp.P-1, 10)))
	}
	p := &Problem{Problem: "Find the sum of the positive divisors of " + m(strconv.FormatUint(n, 10)) + "."}
	p.Steps = []string{
		"Factor: " + m(strconv.FormatUint(n, 10)+" = "+factorTeX(n)) + ".",
		"The divisor sum is multiplicative: " + m(strings.Join(parts, `\cdot `)+" = "+s.String()) + ".",
	}
	p.setNum(cas.FromBigInt(s))
	p.sym("n", strconv.FormatUint(n, 10))
	p.Check = func() error {
		t := new(big.Int)
		for _, d := range cas.Divisors(n) {
			t.Add(t, new(big.Int).SetUint64(d))
		}
		if t.Cmp(s) != 0 {
			return errf("adding the divisors gives %s", t)
		}
		return nil
	}
	return p, nil
}

func genModExp(g *G) (*Problem, error) {
	mod := g.Int(3, g.ByLevel(20, 50, 100, 1000, 10000))
	a := g.Int(2, max(mod-1, 2))
	k := g.Int(2, g.ByLevel(20, 50, 200, 1000, 10000))
	r := cas.PowMod(uint64(a), uint64(k), uint64(mod))
	p := &Problem{Problem: "Find the remainder when " + m(itoa(a)+"^{"+itoa(k)+"}") + " is divided by " + m(itoa(mod)) + "."}
	var sq []string
	cur := uint64(a) % uint64(mod)
	for e := int64(1); e <= k && len(sq) < 12; e *= 2 {
		if e > 1 { // a^{1} is a itself
			sq = append(sq, m(itoa(a)+"^{"+itoa(e)+`} \equiv `+strconv.FormatUint(cur, 10)))
		}
		cur = cur * cur % uint64(mod)
	}
	p.Steps = []string{
		"Square repeatedly modulo " + m(itoa(mod)) + ": " + strings.Join(sq, ", ") + ".",
		"The binary digits of " + m(itoa(k)) + " are " + m(strconv.FormatInt(k, 2)) + "; multiplying the matching powers gives " + m(strconv.FormatUint(r, 10)) + ".",
	}
	p.setNum(q(int64(r)))
	p.sym("a", itoa(a))
	p.sym("k", itoa(k))
	p.sym("m", itoa(mod))
	p.Check = func() error {
		w := new(big.Int).Exp(big.NewInt(a), big.NewInt(k), big.NewInt(mod))
		if w.Uint64() != r {
			return errf("math/big gives %s", w)
		}
		return nil
	}
	return p, nil
}

func genBaseConversion(g *G) (*Problem, error) {
	n := g.Int(2, g.ByLevel(100, 500, 2000, 10000, 100000))
	base := g.Int(2, 9)
	s := strconv.FormatInt(n, int(base))
	p := &Problem{Problem: "Write the decimal number " + m(itoa(n)) + " in base " + m(itoa(base)) + "."}
	var terms []string
	for i, ch := range s {
		d, k := string(ch), int64(len(s)-1-i)
		switch {
		case d == "0":
			continue
		case k == 0:
			terms = append(terms, d)
		case d == "1":
			terms = append(terms, itoa(base)+sup(k))
		default:
			terms = append(terms, d+` \cdot `+itoa(base)+sup(k))
		}
	}
	if len(s) > 1 && strings.Join(terms, " + ") != itoa(n) {
		p.Steps = []string{"Dividing by " + m(itoa(base)) + " repeatedly and reading the remainders from the last to the first gives the digits: " +
			m(itoa(n)+" = "+strings.Join(terms, " + ")) + "."}
	}
	p.Answer = s
	digits, _ := new(big.Int).SetString(s, 10) // the base-b digits read as a decimal numeral
	p.Reprint = numNode(cas.FromBigInt(digits))
	p.sym("n", itoa(n))
	p.sym("base", itoa(base))
	p.sym("answer", "'"+s+"'")
	p.Check = func() error {
		v := int64(0)
		for _, ch := range s {
			v = v*base + int64(ch-'0')
		}
		if v != n {
			return errf("the digits read back as %d", v)
		}
		return nil
	}
	return p, nil
}

func genOrder(g *G) (*Problem, error) {
	n := g.Int(3, g.ByLevel(30, 200, 2000, 20000, 100000))
	a := g.Int(2, n-1)
	for tries := 0; cas.GCDInt(a, n) != 1; tries++ {
		if tries == 50 {
			return nil, errf("gcd: no unit found modulo %d", n)
		}
		a = g.Int(2, n-1)
	}
	ord := int64(1)
	for x := a % n; x != 1; x = x * a % n {
		ord++
	}
	p := &Problem{Problem: "Find the multiplicative order of " + m(itoa(a)) + " modulo " + m(itoa(n)) + "."}
	phi := int64(cas.Totient(uint64(n)))
	p.Steps = []string{"The order divides " + m(chain(`\varphi(`+itoa(n)+`)`, itoa(phi))) + ", and the smallest divisor " + m("d") + " of it with " +
		m(itoa(a)+`^{d} \equiv 1 \pmod{`+itoa(n)+`}`) + " is " + m(itoa(ord)) + "."}
	p.setNum(q(ord))
	p.sym("a", itoa(a))
	p.sym("n", itoa(n))
	p.Check = func() error {
		phi := int64(cas.Totient(uint64(n)))
		if phi%ord != 0 || cas.PowMod(uint64(a), uint64(ord), uint64(n)) != 1 {
			return errf("the order does not divide phi(n) or a^order is not 1")
		}
		for _, d := range cas.Divisors(uint64(ord)) {
			if int64(d) < ord && cas.PowMod(uint64(a), d, uint64(n)) == 1 {
				return errf("a smaller exponent %d gives 1", d)
			}
		}
		return nil
	}
	return p, nil
}

func genLegendre(g *G) (*Problem, error) {
	var pr int64
	for {
		pr = g.Int(3, g.ByLevel(30, 200, 2000, 20000, 200000))
		if cas.IsPrime(uint64(pr)) {
			break
		}
	}
	a := g.Int(1, pr-1)
	e := cas.PowMod(uint64(a), uint64((pr-1)/2), uint64(pr))
	sym := int64(1)
	if e == uint64(pr-1) {
		sym = -1
	}
	p := &Problem{Problem: "Compute the Legendre symbol " + m(`\left(\frac{`+itoa(a)+"}{"+itoa(pr)+`}\right)`) + "."}
	res := "1"
	if sym == -1 {
		res = "-1"
	}
	p.Steps = []string{"By Euler's criterion the symbol is " + m(`a^{\frac{p - 1}{2}}`) + " modulo " + m("p") + ": " +
		m(itoa(a)+sup((pr-1)/2)+` \equiv `+res+` \pmod{`+itoa(pr)+`}`) + "."}
	p.setNum(q(sym))
	p.sym("a", itoa(a))
	p.sym("p", itoa(pr))
	p.Check = func() error {
		isRes := false
		for x := int64(1); x < pr; x++ {
			if x*x%pr == a {
				isRes = true
				break
			}
		}
		if isRes != (sym == 1) {
			return errf("squaring every residue disagrees")
		}
		return nil
	}
	return p, nil
}

func genFactorization(g *G) (*Problem, error) {
	n := g.compositeN(g.ByLevel(2000, 5000, 10000, 100000, 1000000, 1000000000))
	if cas.IsPrime(n) {
		n *= 2
	}
	fz := cas.FactorInt(n)
	var fs []cas.Expr
	for _, pp := range fz {
		fs = append(fs, cas.Power(cas.N(cas.FromBigInt(new(big.Int).SetUint64(pp.P))), e(int64(pp.K))))
	}
	p := &Problem{Problem: "Find the prime factorization of " + m(strconv.FormatUint(n, 10)) + "."}
	rest := n
	for _, pp := range fz {
		pk := uint64(1)
		for range pp.K {
			pk *= pp.P
		}
		if rest == pk {
			break
		}
		rest /= pk
		p.Steps = append(p.Steps, "Dividing out "+m(strconv.FormatUint(pp.P, 10)+sup(int64(pp.K)))+" leaves "+m(strconv.FormatUint(rest, 10))+".")
	}
	p.Echo = firstMath(p.Problem)
	p.Answer = factorTeX(n)
	p.Reprint = numNode(cas.FromBigInt(new(big.Int).SetUint64(n)))
	p.sym("n", strconv.FormatUint(n, 10))
	var dict []string
	for _, pp := range fz {
		dict = append(dict, strconv.FormatUint(pp.P, 10)+": "+strconv.Itoa(pp.K))
	}
	p.sym("answer", "{"+strings.Join(dict, ", ")+"}")
	_ = fs
	p.Check = func() error {
		prod := uint64(1)
		for _, pp := range fz {
			if !cas.IsPrime(pp.P) {
				return errf("%d is not prime", pp.P)
			}
			for i := 0; i < pp.K; i++ {
				prod *= pp.P
			}
		}
		if prod != n {
			return errf("the factors multiply to %d", prod)
		}
		return nil
	}
	return p, nil
}
