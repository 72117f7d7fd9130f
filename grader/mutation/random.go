package mutation

import (
	"fmt"
	"math/big"
	"math/rand"
	"sort"
	"strings"
)

// Randomized differential cases. Each seed gives one case: a random
// expression (a polynomial, a rational function, a number with square roots,
// trigonometric values at multiples of pi/12, exponentials and logarithms)
// printed to LaTeX, and either an equal rewrite (expanded, factored,
// rationalised, reordered, evaluated) or a near miss (a coefficient moved by
// one, an exponent changed, an angle moved, a tiny exact term added). Whether
// the two are equal is known by construction, from this file's own exact
// arithmetic; each side is also printed in sympy's syntax so that an
// independent computer algebra system can confirm it (the sympy test skips
// when python3 with sympy is absent).

// Case is one randomized differential case.
type Case struct {
	Seed           int64
	Kind           string // poly, ratfunc, radical, trig, explog
	Gold, Cand     string // LaTeX
	GoldPy, CandPy string // sympy syntax
	Equal          bool   // true for a rewrite, false for a near miss
	Note           string
}

// CaseKinds lists the kinds in the order seeds cycle through them.
var CaseKinds = []string{"poly", "ratfunc", "radical", "trig", "explog", "branch", "matrix", "trigvar", "nested", "bigpoly"}

// RandomCase returns the case of a seed.
func RandomCase(seed int64) Case {
	r := rand.New(rand.NewSource(seed))
	kind := CaseKinds[int(uint64(seed)%uint64(len(CaseKinds)))]
	equal := r.Intn(2) == 0
	var c Case
	switch kind {
	case "poly":
		c = polyCase(r, equal)
	case "ratfunc":
		c = ratfuncCase(r, equal)
	case "radical":
		c = radicalCase(r, equal)
	case "trig":
		c = trigCase(r, equal)
	case "branch":
		c = branchCase(r, equal)
	case "matrix":
		c = matrixCase(r, equal)
	case "trigvar":
		c = trigvarCase(r, equal)
	case "nested":
		c = nestedCase(r, equal)
	case "bigpoly":
		c = bigpolyCase(r, equal)
	default:
		c = explogCase(r, equal)
	}
	c.Seed, c.Kind, c.Equal = seed, kind, equal
	return c
}

// ---- polynomials with integer coefficients

// ipoly is a polynomial in one variable, coefficients by degree.
type ipoly []*big.Int

func ipolyOf(cs ...int64) ipoly {
	p := make(ipoly, len(cs))
	for i, c := range cs {
		p[i] = big.NewInt(c)
	}
	return p.trim()
}

func (p ipoly) trim() ipoly {
	for len(p) > 0 && p[len(p)-1].Sign() == 0 {
		p = p[:len(p)-1]
	}
	return p
}

func (p ipoly) mul(q ipoly) ipoly {
	if len(p) == 0 || len(q) == 0 {
		return nil
	}
	out := make(ipoly, len(p)+len(q)-1)
	for i := range out {
		out[i] = new(big.Int)
	}
	for i, a := range p {
		for j, b := range q {
			out[i+j].Add(out[i+j], new(big.Int).Mul(a, b))
		}
	}
	return out.trim()
}

func (p ipoly) clone() ipoly {
	out := make(ipoly, len(p))
	for i, c := range p {
		out[i] = new(big.Int).Set(c)
	}
	return out
}

// texPoly prints p in x, highest degree first (or lowest first when asc).
func texPoly(p ipoly, x string, asc bool, r *rand.Rand) string {
	var terms []string
	idx := make([]int, 0, len(p))
	for i := range p {
		idx = append(idx, i)
	}
	if !asc {
		sort.Sort(sort.Reverse(sort.IntSlice(idx)))
	}
	braces := r != nil && r.Intn(2) == 0
	for _, k := range idx {
		c := p[k]
		if c.Sign() == 0 {
			continue
		}
		var mon string
		switch {
		case k == 0:
			mon = ""
		case k == 1:
			mon = x
		case braces:
			mon = fmt.Sprintf("%s^{%d}", x, k)
		default:
			mon = fmt.Sprintf("%s^%d", x, k)
			if k >= 10 {
				mon = fmt.Sprintf("%s^{%d}", x, k)
			}
		}
		a := new(big.Int).Abs(c)
		var t string
		switch {
		case mon == "":
			t = a.String()
		case a.Cmp(big.NewInt(1)) == 0:
			t = mon
		default:
			t = a.String() + mon
		}
		if c.Sign() < 0 {
			t = "- " + t
		} else {
			t = "+ " + t
		}
		terms = append(terms, t)
	}
	if len(terms) == 0 {
		return "0"
	}
	s := strings.Join(terms, " ")
	s = strings.TrimPrefix(s, "+ ")
	if strings.HasPrefix(s, "- ") {
		s = "-" + s[2:]
	}
	return s
}

func pyPoly(p ipoly, x string) string {
	var terms []string
	for k := len(p) - 1; k >= 0; k-- {
		if p[k].Sign() == 0 {
			continue
		}
		terms = append(terms, fmt.Sprintf("(%s)*%s**%d", p[k], x, k))
	}
	if len(terms) == 0 {
		return "0"
	}
	return strings.Join(terms, " + ")
}

// linear factors c(x - r1)(x - r2)...
func texFactors(c int64, roots []int64, x string) string {
	var b strings.Builder
	switch c {
	case 1:
	case -1:
		b.WriteString("-")
	default:
		b.WriteString(fmt.Sprint(c))
	}
	for _, rt := range roots {
		switch {
		case rt == 0:
			b.WriteString(x)
		case rt > 0:
			fmt.Fprintf(&b, "(%s - %d)", x, rt)
		default:
			fmt.Fprintf(&b, "(%s + %d)", x, -rt)
		}
	}
	s := b.String()
	if s == "" || s == "-" {
		s += "1"
	}
	return s
}

func pyFactors(c int64, roots []int64, x string) string {
	s := fmt.Sprintf("(%d)", c)
	for _, rt := range roots {
		s += fmt.Sprintf("*(%s - (%d))", x, rt)
	}
	return s
}

func expandRoots(c int64, roots []int64) ipoly {
	p := ipolyOf(c)
	for _, rt := range roots {
		p = p.mul(ipolyOf(-rt, 1))
	}
	return p
}

var varNames = []string{"x", "t", "a", "y"}

func randRoots(r *rand.Rand, n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(r.Intn(11) - 5)
	}
	return out
}

func randLead(r *rand.Rand) int64 {
	c := int64(r.Intn(3) + 1)
	if r.Intn(2) == 0 {
		c = -c
	}
	return c
}

// nearMiss changes a polynomial so that it is surely different: one
// coefficient moved by one, or one term's exponent raised by one.
func nearMiss(p ipoly, r *rand.Rand) (ipoly, string) {
	q := p.clone()
	if r.Intn(2) == 0 || len(p) == 0 {
		k := r.Intn(len(p) + 1)
		for len(q) <= k {
			q = append(q, new(big.Int))
		}
		d := int64(1)
		if r.Intn(2) == 0 {
			d = -1
		}
		q[k].Add(q[k], big.NewInt(d))
		return q.trim(), fmt.Sprintf("coefficient of degree %d moved by %d", k, d)
	}
	var nz []int
	for k, c := range p {
		if c.Sign() != 0 {
			nz = append(nz, k)
		}
	}
	k := nz[r.Intn(len(nz))]
	q = append(q, new(big.Int))
	c := new(big.Int).Set(q[k])
	q[k].SetInt64(0)
	q[k+1].Add(q[k+1], c)
	return q.trim(), fmt.Sprintf("exponent %d of one term raised to %d", k, k+1)
}

func polyCase(r *rand.Rand, equal bool) Case {
	x := varNames[r.Intn(len(varNames))]
	c := randLead(r)
	roots := randRoots(r, 1+r.Intn(4))
	p := expandRoots(c, roots)
	gold, goldPy := texFactors(c, roots, x), pyFactors(c, roots, x)
	if equal {
		switch r.Intn(3) {
		case 0:
			return Case{Gold: gold, GoldPy: goldPy, Cand: texPoly(p, x, false, r), CandPy: pyPoly(p, x), Note: "expanded"}
		case 1:
			return Case{Gold: texPoly(p, x, false, r), GoldPy: pyPoly(p, x), Cand: texPoly(p, x, true, r), CandPy: pyPoly(p, x), Note: "terms reordered"}
		default:
			rev := append([]int64{}, roots...)
			for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
				rev[i], rev[j] = rev[j], rev[i]
			}
			return Case{Gold: texPoly(p, x, false, r), GoldPy: pyPoly(p, x), Cand: texFactors(c, rev, x), CandPy: pyFactors(c, rev, x), Note: "factored"}
		}
	}
	switch r.Intn(3) {
	case 0, 1:
		q, note := nearMiss(p, r)
		return Case{Gold: gold, GoldPy: goldPy, Cand: texPoly(q, x, r.Intn(2) == 0, r), CandPy: pyPoly(q, x), Note: note}
	default:
		return Case{Gold: gold, GoldPy: goldPy, Cand: texPoly(p, x, false, r) + ` + \frac{1}{10^{30}}`,
			CandPy: pyPoly(p, x) + " + Rational(1, 10**30)", Note: "tiny term added"}
	}
}

// ---- rational functions

func ratfuncCase(r *rand.Rand, equal bool) Case {
	x := varNames[r.Intn(len(varNames))]
	c := randLead(r)
	nr := randRoots(r, 1+r.Intn(2))
	// denominator roots apart from the numerator's, so N/D is reduced
	var dr []int64
	for len(dr) < 1+r.Intn(2) {
		v := int64(r.Intn(13) - 6)
		ok := true
		for _, w := range nr {
			if w == v {
				ok = false
			}
		}
		if ok {
			dr = append(dr, v)
		}
	}
	common := int64(r.Intn(9) - 4)
	N := expandRoots(c, nr)
	D := expandRoots(1, dr)
	NL := N.mul(ipolyOf(-common, 1))
	DL := D.mul(ipolyOf(-common, 1))
	gold := `\frac{` + texFactors(c, nr, x) + `}{` + texFactors(1, dr, x) + `}`
	goldPy := "(" + pyFactors(c, nr, x) + ")/(" + pyFactors(1, dr, x) + ")"
	if equal {
		return Case{Gold: gold, GoldPy: goldPy,
			Cand:   `\frac{` + texPoly(NL, x, false, r) + `}{` + texPoly(DL, x, false, r) + `}`,
			CandPy: "(" + pyPoly(NL, x) + ")/(" + pyPoly(DL, x) + ")", Note: "common factor multiplied out"}
	}
	if r.Intn(2) == 0 {
		q, note := nearMiss(NL, r)
		return Case{Gold: gold, GoldPy: goldPy,
			Cand:   `\frac{` + texPoly(q, x, false, r) + `}{` + texPoly(DL, x, false, r) + `}`,
			CandPy: "(" + pyPoly(q, x) + ")/(" + pyPoly(DL, x) + ")", Note: "numerator: " + note}
	}
	q, note := nearMiss(DL, r)
	if len(q) == 0 {
		q = ipolyOf(1)
	}
	return Case{Gold: gold, GoldPy: goldPy,
		Cand:   `\frac{` + texPoly(NL, x, false, r) + `}{` + texPoly(q, x, false, r) + `}`,
		CandPy: "(" + pyPoly(NL, x) + ")/(" + pyPoly(q, x) + ")", Note: "denominator: " + note}
}

// ---- numbers in Q(sqrt 2, sqrt 3): coefficients of 1, sqrt2, sqrt3, sqrt6

type q23 [4]*big.Rat

func q23Of(a, b, c, d *big.Rat) q23 { return q23{a, b, c, d} }

func rat(n, d int64) *big.Rat { return big.NewRat(n, d) }

func (u q23) add(v q23) q23 {
	var w q23
	for i := range w {
		w[i] = new(big.Rat).Add(u[i], v[i])
	}
	return w
}

func (u q23) scale(k *big.Rat) q23 {
	var w q23
	for i := range w {
		w[i] = new(big.Rat).Mul(u[i], k)
	}
	return w
}

func (u q23) mul(v q23) q23 {
	// basis products: 1,r2,r3,r6 with r2*r2=2, r3*r3=3, r6*r6=6, r2*r3=r6, r2*r6=2r3, r3*r6=3r2
	type term struct {
		idx int
		k   int64
	}
	table := [4][4]term{
		{{0, 1}, {1, 1}, {2, 1}, {3, 1}},
		{{1, 1}, {0, 2}, {3, 1}, {2, 2}},
		{{2, 1}, {3, 1}, {0, 3}, {1, 3}},
		{{3, 1}, {2, 2}, {1, 3}, {0, 6}},
	}
	w := q23{new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat)}
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			t := table[i][j]
			p := new(big.Rat).Mul(u[i], v[j])
			p.Mul(p, big.NewRat(t.k, 1))
			w[t.idx].Add(w[t.idx], p)
		}
	}
	return w
}

func (u q23) equal(v q23) bool {
	for i := range u {
		if u[i].Cmp(v[i]) != 0 {
			return false
		}
	}
	return true
}

var q23Roots = []string{"", `\sqrt{2}`, `\sqrt{3}`, `\sqrt{6}`}
var q23Py = []string{"1", "sqrt(2)", "sqrt(3)", "sqrt(6)"}

func (u q23) tex() string {
	var terms []string
	for i, c := range u {
		if c.Sign() == 0 {
			continue
		}
		a := new(big.Rat).Abs(c)
		var t string
		switch {
		case i == 0:
			t = texRat(a)
		case a.Cmp(big.NewRat(1, 1)) == 0:
			t = q23Roots[i]
		case a.IsInt():
			t = a.Num().String() + q23Roots[i]
		default:
			num := a.Num().String()
			if num == "1" {
				num = ""
			}
			t = `\frac{` + num + q23Roots[i] + `}{` + a.Denom().String() + `}`
		}
		if c.Sign() < 0 {
			t = "- " + t
		} else {
			t = "+ " + t
		}
		terms = append(terms, t)
	}
	if len(terms) == 0 {
		return "0"
	}
	s := strings.TrimPrefix(strings.Join(terms, " "), "+ ")
	if strings.HasPrefix(s, "- ") {
		s = "-" + s[2:]
	}
	return s
}

func (u q23) py() string {
	var terms []string
	for i, c := range u {
		if c.Sign() != 0 {
			terms = append(terms, fmt.Sprintf("Rational(%s, %s)*%s", c.Num(), c.Denom(), q23Py[i]))
		}
	}
	if len(terms) == 0 {
		return "0"
	}
	return strings.Join(terms, " + ")
}

func texRat(a *big.Rat) string {
	if a.IsInt() {
		return a.Num().String()
	}
	if a.Sign() < 0 {
		return `-\frac{` + new(big.Int).Neg(a.Num()).String() + `}{` + a.Denom().String() + `}`
	}
	return `\frac{` + a.Num().String() + `}{` + a.Denom().String() + `}`
}

func radicalCase(r *rand.Rand, equal bool) Case {
	// p / (q + s sqrt(c)) with c in {2, 3, 6}, rationalised:
	// p (q - s sqrt c) / (q^2 - s^2 c)
	cs := []int{1, 2, 3}
	ci := cs[r.Intn(3)]
	cval := []int64{1, 2, 3, 6}[ci]
	p := int64(r.Intn(9) + 1)
	if r.Intn(2) == 0 {
		p = -p
	}
	q := int64(r.Intn(9) + 1)
	s := int64(r.Intn(5) + 1)
	if r.Intn(2) == 0 {
		s = -s
	}
	den := q*q - s*s*cval
	if den == 0 {
		q++
		den = q*q - s*s*cval
	}
	root := q23Roots[ci]
	sign := "+"
	if s < 0 {
		sign = "-"
	}
	sabs := s
	if sabs < 0 {
		sabs = -sabs
	}
	scoef := fmt.Sprint(sabs)
	if sabs == 1 {
		scoef = ""
	}
	gold := fmt.Sprintf(`\frac{%d}{%d %s %s%s}`, p, q, sign, scoef, root)
	goldPy := fmt.Sprintf("Rational(%d)/(%d + (%d)*%s)", p, q, s, q23Py[ci])
	val := q23{rat(p*q, den), new(big.Rat), new(big.Rat), new(big.Rat)}
	val[1], val[2], val[3] = new(big.Rat), new(big.Rat), new(big.Rat)
	val[ci] = rat(-p*s, den)
	if equal {
		if r.Intn(3) == 0 {
			// the rationalised form written over one denominator
			num := q23{rat(p*q, 1), new(big.Rat), new(big.Rat), new(big.Rat)}
			num[ci] = rat(-p*s, 1)
			return Case{Gold: gold, GoldPy: goldPy, Cand: `\frac{` + num.tex() + `}{` + fmt.Sprint(den) + `}`,
				CandPy: "(" + num.py() + ")/" + fmt.Sprint(den), Note: "rationalised over one denominator"}
		}
		return Case{Gold: gold, GoldPy: goldPy, Cand: val.tex(), CandPy: val.py(), Note: "rationalised"}
	}
	switch r.Intn(3) {
	case 0:
		w := val.add(q23{rat(1, 1), new(big.Rat), new(big.Rat), new(big.Rat)}.scale(rat(1, den)))
		return Case{Gold: gold, GoldPy: goldPy, Cand: w.tex(), CandPy: w.py(), Note: "rational part moved by 1/den"}
	case 1:
		// the radicand changed: sqrt(c) -> another root
		w := q23{new(big.Rat).Set(val[0]), new(big.Rat), new(big.Rat), new(big.Rat)}
		w[1+ci%3] = new(big.Rat).Set(val[ci])
		return Case{Gold: gold, GoldPy: goldPy, Cand: w.tex(), CandPy: w.py(), Note: "other radicand"}
	default:
		return Case{Gold: gold, GoldPy: goldPy, Cand: val.tex() + ` + \frac{1}{10^{40}}`, CandPy: val.py() + " + Rational(1, 10**40)", Note: "tiny term added"}
	}
}

// ---- trigonometric values at multiples of pi/12

// sinTable[k] is sin(k pi/12) for k = 0..6 in Q(sqrt2, sqrt3).
var sinTable = []q23{
	{rat(0, 1), rat(0, 1), rat(0, 1), rat(0, 1)},
	{rat(0, 1), rat(-1, 4), rat(0, 1), rat(1, 4)}, // (sqrt6 - sqrt2)/4
	{rat(1, 2), rat(0, 1), rat(0, 1), rat(0, 1)},
	{rat(0, 1), rat(1, 2), rat(0, 1), rat(0, 1)},
	{rat(0, 1), rat(0, 1), rat(1, 2), rat(0, 1)},
	{rat(0, 1), rat(1, 4), rat(0, 1), rat(1, 4)}, // (sqrt6 + sqrt2)/4
	{rat(1, 1), rat(0, 1), rat(0, 1), rat(0, 1)},
}

// sinK is sin(k pi/12) for any integer k.
func sinK(k int) q23 {
	k = ((k % 24) + 24) % 24
	neg := false
	if k >= 12 {
		k -= 12
		neg = true
	}
	if k > 6 {
		k = 12 - k
	}
	v := sinTable[k]
	if neg {
		return v.scale(rat(-1, 1))
	}
	return v
}

func cosK(k int) q23 { return sinK(6 - k) }

// angleTex prints k pi/12 as LaTeX (reduced), in radians or degrees.
func angleTex(k int, deg bool) (string, string) {
	py := fmt.Sprintf("%d*pi/12", k)
	if deg {
		return fmt.Sprintf(`%d^\circ`, 15*k), py
	}
	g := gcd(int64(k), 12)
	n, d := int64(k)/g, 12/g
	if n == 0 {
		return "0", "0"
	}
	num := fmt.Sprintf(`%d\pi`, n)
	if n == 1 {
		num = `\pi`
	}
	if n == -1 {
		num = `-\pi`
	}
	if d == 1 {
		return num, py
	}
	if n < 0 {
		return `-\frac{` + strings.TrimPrefix(num, "-") + `}{` + fmt.Sprint(d) + `}`, py
	}
	return `\frac{` + num + `}{` + fmt.Sprint(d) + `}`, py
}

func trigCase(r *rand.Rand, equal bool) Case {
	deg := r.Intn(4) == 0
	type term struct {
		c  int64
		fn string
		k  int
	}
	n := 1 + r.Intn(2)
	var ts []term
	for i := 0; i < n; i++ {
		c := int64(r.Intn(4) + 1)
		if r.Intn(3) == 0 {
			c = -c
		}
		fn := []string{"sin", "cos"}[r.Intn(2)]
		ts = append(ts, term{c, fn, r.Intn(25)})
	}
	value := func(ts []term) q23 {
		v := q23{new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat)}
		for _, t := range ts {
			f := sinK(t.k)
			if t.fn == "cos" {
				f = cosK(t.k)
			}
			v = v.add(f.scale(rat(t.c, 1)))
		}
		return v
	}
	print := func(ts []term) (string, string) {
		var b, p strings.Builder
		for i, t := range ts {
			a, apy := angleTex(t.k, deg)
			c := t.c
			switch {
			case i > 0 && c < 0:
				b.WriteString(" - ")
				c = -c
			case i > 0:
				b.WriteString(" + ")
			case c < 0:
				b.WriteString("-")
				c = -c
			}
			if c != 1 {
				fmt.Fprint(&b, c)
			}
			fmt.Fprintf(&b, `\%s\left(%s\right)`, t.fn, a)
			if i > 0 {
				p.WriteString(" + ")
			}
			fmt.Fprintf(&p, "(%d)*%s(%s)", t.c, t.fn, apy)
		}
		return b.String(), p.String()
	}
	gold, goldPy := print(ts)
	v := value(ts)
	if equal {
		return Case{Gold: gold, GoldPy: goldPy, Cand: v.tex(), CandPy: v.py(), Note: "evaluated exactly"}
	}
	switch r.Intn(3) {
	case 0:
		// move one angle until the value changes
		for tries := 0; tries < 24; tries++ {
			ms := append([]term{}, ts...)
			i := r.Intn(len(ms))
			ms[i].k += 1 + r.Intn(3)
			if !value(ms).equal(v) {
				return Case{Gold: gold, GoldPy: goldPy, Cand: value(ms).tex(), CandPy: value(ms).py(), Note: "value of a moved angle"}
			}
		}
		fallthrough
	case 1:
		w := v.add(q23{rat(1, 1), new(big.Rat), new(big.Rat), new(big.Rat)})
		return Case{Gold: gold, GoldPy: goldPy, Cand: w.tex(), CandPy: w.py(), Note: "value plus one"}
	default:
		return Case{Gold: gold, GoldPy: goldPy, Cand: gold + ` + \frac{1}{10^{35}}`, CandPy: goldPy + " + Rational(1, 10**35)", Note: "tiny term added"}
	}
}

// ---- exponentials and logarithms

func explogCase(r *rand.Rand, equal bool) Case {
	a := int64(r.Intn(8) + 2)
	b := int64(r.Intn(8) + 2)
	k := int64(r.Intn(5) + 2)
	switch r.Intn(7) {
	case 5: // e + 1/n! against e + 1/(n+1)!
		n := int64(1000 + r.Intn(2000))
		gold, goldPy := fmt.Sprintf(`e+\frac{1}{%d!}`, n), fmt.Sprintf("E + 1/factorial(%d)", n)
		if equal {
			return Case{Gold: gold, GoldPy: goldPy, Cand: fmt.Sprintf(`\frac{1}{%d!}+e`, n), CandPy: fmt.Sprintf("1/factorial(%d) + E", n), Note: "terms swapped"}
		}
		return Case{Gold: gold, GoldPy: goldPy, Cand: fmt.Sprintf(`e+\frac{1}{%d!}`, n+1), CandPy: fmt.Sprintf("E + 1/factorial(%d)", n+1), Note: "factorial plus one"}
	case 6: // pi^n against pi^n + 1
		n := int64(100 + r.Intn(200))
		gold, goldPy := fmt.Sprintf(`\pi^{%d}`, n), fmt.Sprintf("pi**%d", n)
		if equal {
			return Case{Gold: gold, GoldPy: goldPy, Cand: fmt.Sprintf(`\pi^{%d}\cdot\pi^{%d}`, n/2, n-n/2), CandPy: fmt.Sprintf("pi**%d*pi**%d", n/2, n-n/2), Note: "power split"}
		}
		return Case{Gold: gold, GoldPy: goldPy, Cand: fmt.Sprintf(`\pi^{%d}+1`, n), CandPy: fmt.Sprintf("pi**%d + 1", n), Note: "plus one on a huge number"}
	case 0: // ln(ab) = ln a + ln b
		gold, goldPy := fmt.Sprintf(`\ln %d + \ln %d`, a, b), fmt.Sprintf("log(%d) + log(%d)", a, b)
		if equal {
			return Case{Gold: gold, GoldPy: goldPy, Cand: fmt.Sprintf(`\ln %d`, a*b), CandPy: fmt.Sprintf("log(%d)", a*b), Note: "log of the product"}
		}
		return Case{Gold: gold, GoldPy: goldPy, Cand: fmt.Sprintf(`\ln %d`, a*b+1), CandPy: fmt.Sprintf("log(%d)", a*b+1), Note: "log of the product plus one"}
	case 1: // log_b(b^k) = k
		gold, goldPy := fmt.Sprintf(`\log_{%d} %d`, a, pow64(a, k)), fmt.Sprintf("log(%d, %d)", pow64(a, k), a)
		if equal {
			return Case{Gold: gold, GoldPy: goldPy, Cand: fmt.Sprint(k), CandPy: fmt.Sprint(k), Note: "log of a power of the base"}
		}
		return Case{Gold: gold, GoldPy: goldPy, Cand: fmt.Sprint(k + 1), CandPy: fmt.Sprint(k + 1), Note: "exponent plus one"}
	case 2: // k ln a = ln(a^k)
		gold, goldPy := fmt.Sprintf(`%d\ln %d`, k, a), fmt.Sprintf("%d*log(%d)", k, a)
		if equal {
			return Case{Gold: gold, GoldPy: goldPy, Cand: fmt.Sprintf(`\ln\left(%d^{%d}\right)`, a, k), CandPy: fmt.Sprintf("log(%d**%d)", a, k), Note: "power into the log"}
		}
		return Case{Gold: gold, GoldPy: goldPy, Cand: fmt.Sprintf(`\ln\left(%d^{%d}\right)`, a, k+1), CandPy: fmt.Sprintf("log(%d**%d)", a, k+1), Note: "power plus one"}
	case 3: // e^a e^b = e^{a+b}, with a variable
		x := varNames[r.Intn(len(varNames))]
		gold, goldPy := fmt.Sprintf(`e^{%d%s} e^{%d%s}`, a, x, b, x), fmt.Sprintf("exp(%d*%s)*exp(%d*%s)", a, x, b, x)
		if equal {
			return Case{Gold: gold, GoldPy: goldPy, Cand: fmt.Sprintf(`e^{%d%s}`, a+b, x), CandPy: fmt.Sprintf("exp(%d*%s)", a+b, x), Note: "exponents added"}
		}
		return Case{Gold: gold, GoldPy: goldPy, Cand: fmt.Sprintf(`e^{%d%s}`, a+b+1, x), CandPy: fmt.Sprintf("exp(%d*%s)", a+b+1, x), Note: "exponent plus one"}
	default: // e^{ln a} + pi^k: exact, then a tiny term
		gold, goldPy := fmt.Sprintf(`e^{\ln %d} + \pi^{%d}`, a, k), fmt.Sprintf("exp(log(%d)) + pi**%d", a, k)
		if equal {
			return Case{Gold: gold, GoldPy: goldPy, Cand: fmt.Sprintf(`\pi^{%d} + %d`, k, a), CandPy: fmt.Sprintf("pi**%d + %d", k, a), Note: "exp of a log"}
		}
		return Case{Gold: gold, GoldPy: goldPy, Cand: fmt.Sprintf(`\pi^{%d} + %d + \frac{1}{10^{40}}`, k, a), CandPy: fmt.Sprintf("pi**%d + %d + Rational(1, 10**40)", k, a), Note: "tiny term added"}
	}
}

func pow64(a, k int64) int64 {
	p := int64(1)
	for i := int64(0); i < k; i++ {
		p *= a
	}
	return p
}

// ---- kinks and branches: functions equal on part of the line only

// branchCase pairs a function with one that agrees with it on an interval
// (positive x, x below a constant, the principal branch) but not everywhere:
// a grader that probes too narrowly calls them equal.
func branchCase(r *rand.Rand, equal bool) Case {
	x := varNames[r.Intn(len(varNames))]
	a := int64(r.Intn(9) + 1)
	type pair struct{ g, gpy, c, cpy, note string }
	var eqs = []pair{
		{fmt.Sprintf(`|%s - %d|`, x, a), fmt.Sprintf("Abs(%s - %d)", x, a), fmt.Sprintf(`|%d - %s|`, a, x), fmt.Sprintf("Abs(%d - %s)", a, x), "abs of the negation"},
		{fmt.Sprintf(`\sqrt{(%s - %d)^2}`, x, a), fmt.Sprintf("sqrt((%s - %d)**2)", x, a), fmt.Sprintf(`|%s - %d|`, x, a), fmt.Sprintf("Abs(%s - %d)", x, a), "root of a square"},
		{fmt.Sprintf(`\max(%s, %d)`, x, a), fmt.Sprintf("Max(%s, %d)", x, a), fmt.Sprintf(`\frac{%s + %d + |%s - %d|}{2}`, x, a, x, a), fmt.Sprintf("(%s + %d + Abs(%s - %d))/2", x, a, x, a), "max as a formula"},
		{fmt.Sprintf(`\sin^2 %s + \cos^2 %s`, x, x), fmt.Sprintf("sin(%s)**2 + cos(%s)**2", x, x), "1", "1", "Pythagoras"},
		{fmt.Sprintf(`\csc %s`, x), fmt.Sprintf("csc(%s)", x), fmt.Sprintf(`\frac{1}{\sin %s}`, x), fmt.Sprintf("1/sin(%s)", x), "cosecant"},
		{fmt.Sprintf(`|%d%s|`, a, x), fmt.Sprintf("Abs(%d*%s)", a, x), fmt.Sprintf(`%d|%s|`, a, x), fmt.Sprintf("%d*Abs(%s)", a, x), "constant out of abs"},
	}
	var misses = []pair{
		{fmt.Sprintf(`|%s - %d|`, x, a), fmt.Sprintf("Abs(%s - %d)", x, a), fmt.Sprintf(`%d - %s`, a, x), fmt.Sprintf("%d - %s", a, x), "abs dropped (right of the kink)"},
		{fmt.Sprintf(`|%s - %d|`, x, a), fmt.Sprintf("Abs(%s - %d)", x, a), fmt.Sprintf(`%s - %d`, x, a), fmt.Sprintf("%s - %d", x, a), "abs dropped (left of the kink)"},
		{fmt.Sprintf(`\sqrt{%s^2}`, x), fmt.Sprintf("sqrt(%s**2)", x), x, x, "root of a square"},
		{fmt.Sprintf(`\min(%s, %d)`, x, a), fmt.Sprintf("Min(%s, %d)", x, a), x, x, "min dropped"},
		{fmt.Sprintf(`\max(%s, %d)`, x, a), fmt.Sprintf("Max(%s, %d)", x, a), x, x, "max dropped"},
		{fmt.Sprintf(`\arcsin(\sin %s)`, x), fmt.Sprintf("asin(sin(%s))", x), x, x, "principal branch"},
		{fmt.Sprintf(`\arctan(\tan %s)`, x), fmt.Sprintf("atan(tan(%s))", x), x, x, "principal branch"},
		{fmt.Sprintf(`\csc %s`, x), fmt.Sprintf("csc(%s)", x), fmt.Sprintf(`\sqrt{1+\cot^2 %s}`, x), fmt.Sprintf("sqrt(1 + cot(%s)**2)", x), "sign of the cosecant"},
		{fmt.Sprintf(`\sin %s`, x), fmt.Sprintf("sin(%s)", x), fmt.Sprintf(`|\sin %s|`, x), fmt.Sprintf("Abs(sin(%s))", x), "abs of a sine"},
		{fmt.Sprintf(`(%s^{2})^{\frac{1}{2}}`, x), fmt.Sprintf("(%s**2)**Rational(1, 2)", x), x, x, "power of a power"},
	}
	ps := misses
	if equal {
		ps = eqs
	}
	p := ps[r.Intn(len(ps))]
	return Case{Gold: p.g, GoldPy: p.gpy, Cand: p.c, CandPy: p.cpy, Note: p.note}
}

// ---- products of matrices (not commutative)

type mat2 [2][2]int64

func randMat(r *rand.Rand) mat2 {
	var m mat2
	for i := range m {
		for j := range m[i] {
			m[i][j] = int64(r.Intn(11) - 5)
		}
	}
	return m
}

func (a mat2) mul(b mat2) mat2 {
	var c mat2
	for i := 0; i < 2; i++ {
		for j := 0; j < 2; j++ {
			c[i][j] = a[i][0]*b[0][j] + a[i][1]*b[1][j]
		}
	}
	return c
}

func (a mat2) tex() string {
	return fmt.Sprintf(`\begin{pmatrix} %d & %d \\ %d & %d \end{pmatrix}`, a[0][0], a[0][1], a[1][0], a[1][1])
}

func (a mat2) py() string {
	return fmt.Sprintf("Matrix([[%d, %d], [%d, %d]])", a[0][0], a[0][1], a[1][0], a[1][1])
}

// matrixCase: a product of two matrices against its value, or against the
// product in the other order (which differs: the pair is drawn until it does).
func matrixCase(r *rand.Rand, equal bool) Case {
	var a, b mat2
	for {
		a, b = randMat(r), randMat(r)
		if a.mul(b) != b.mul(a) {
			break
		}
	}
	gold, goldPy := a.tex()+b.tex(), a.py()+"*"+b.py()
	if equal {
		return Case{Gold: gold, GoldPy: goldPy, Cand: a.mul(b).tex(), CandPy: a.mul(b).py(), Note: "product evaluated"}
	}
	if r.Intn(2) == 0 {
		return Case{Gold: gold, GoldPy: goldPy, Cand: b.tex() + a.tex(), CandPy: b.py() + "*" + a.py(), Note: "product in the other order"}
	}
	return Case{Gold: gold, GoldPy: goldPy, Cand: b.mul(a).tex(), CandPy: b.mul(a).py(), Note: "value of the other order"}
}

// ---- identities with a variable, and shifts too small for numerics

func trigvarCase(r *rand.Rand, equal bool) Case {
	x := varNames[r.Intn(len(varNames))]
	k := r.Intn(4) + 1
	kx, kpy := x, x
	if k > 1 {
		kx, kpy = fmt.Sprintf("%d%s", k, x), fmt.Sprintf("%d*%s", k, x)
	}
	k2x, k2py := fmt.Sprintf("%d%s", 2*k, x), fmt.Sprintf("%d*%s", 2*k, x)
	k3x, k3py := fmt.Sprintf("%d%s", 3*k, x), fmt.Sprintf("%d*%s", 3*k, x)
	type pair struct{ g, gpy, c, cpy, note string }
	eqs := []pair{
		{`\sin(` + k2x + `)`, "sin(" + k2py + ")", `2\sin(` + kx + `)\cos(` + kx + `)`, "2*sin(" + kpy + ")*cos(" + kpy + ")", "double angle"},
		{`\cos(` + k2x + `)`, "cos(" + k2py + ")", `\cos^2(` + kx + `) - \sin^2(` + kx + `)`, "cos(" + kpy + ")**2 - sin(" + kpy + ")**2", "double angle"},
		{`\cos(` + k2x + `)`, "cos(" + k2py + ")", `1 - 2\sin^2(` + kx + `)`, "1 - 2*sin(" + kpy + ")**2", "double angle"},
		{`\tan(` + kx + `)`, "tan(" + kpy + ")", `\frac{\sin(` + kx + `)}{\cos(` + kx + `)}`, "sin(" + kpy + ")/cos(" + kpy + ")", "tangent"},
		{`\sin\left(` + kx + ` + \frac{\pi}{2}\right)`, "sin(" + kpy + " + pi/2)", `\cos(` + kx + `)`, "cos(" + kpy + ")", "shift by a quarter turn"},
		{`\sin(` + k3x + `)`, "sin(" + k3py + ")", `3\sin(` + kx + `) - 4\sin^3(` + kx + `)`, "3*sin(" + kpy + ") - 4*sin(" + kpy + ")**3", "triple angle"},
		{`e^{` + kx + `}e^{` + kx + `}`, "exp(" + kpy + ")*exp(" + kpy + ")", `e^{` + k2x + `}`, "exp(" + k2py + ")", "exponents added"},
	}
	misses := []pair{
		{`\sin(` + k2x + `)`, "sin(" + k2py + ")", `2\sin(` + kx + `)\cos(` + k2x + `)`, "2*sin(" + kpy + ")*cos(" + k2py + ")", "wrong angle in a factor"},
		{`\cos(` + k2x + `)`, "cos(" + k2py + ")", `\cos^2(` + kx + `) + \sin^2(` + kx + `)`, "cos(" + kpy + ")**2 + sin(" + kpy + ")**2", "sign of a term"},
		{`\sin(` + k3x + `)`, "sin(" + k3py + ")", `3\sin(` + kx + `) - 3\sin^3(` + kx + `)`, "3*sin(" + kpy + ") - 3*sin(" + kpy + ")**3", "coefficient"},
		{`\sin(` + kx + `)`, "sin(" + kpy + ")", `\sin\left(` + kx + ` + 10^{-30}\right)`, "sin(" + kpy + " + Rational(1, 10**30))", "argument shifted by 10^-30"},
		{`\\sin(` + kx + `)`, "sin(" + kpy + ")", `\\sin\\left(` + kx + ` + 10^{-150}\\right)`, "sin(" + kpy + " + Rational(1, 10**150))", "argument shifted by 10^-150 (below 320 bits)"},
		{`\cos(` + kx + `)`, "cos(" + kpy + ")", `\cos(` + kx + `) + 10^{-40}` + x, "cos(" + kpy + ") + Rational(1, 10**40)*" + x, "a tiny multiple of the variable added"},
		{`e^{` + kx + `}`, "exp(" + kpy + ")", `e^{` + kx + ` + 10^{-40}}`, "exp(" + kpy + " + Rational(1, 10**40))", "exponent shifted by 10^-40"},
		{`\sin(` + kx + `)`, "sin(" + kpy + ")", fmt.Sprintf(`\sin(%d%s)`, k+1, x), fmt.Sprintf("sin(%d*%s)", k+1, x), "frequency plus one"},
	}
	ps := misses
	if equal {
		ps = eqs
	}
	p := ps[r.Intn(len(ps))]
	return Case{Gold: p.g, GoldPy: p.gpy, Cand: p.c, CandPy: p.cpy, Note: p.note}
}

// ---- nested radicals and cube roots

func nestedCase(r *rand.Rand, equal bool) Case {
	a := int64(r.Intn(5) + 1)
	b := int64(r.Intn(4) + 1)
	c := []int64{2, 3, 5, 6, 7}[r.Intn(5)]
	k := int64(r.Intn(5) + 2)
	m := []int64{2, 3, 5, 7}[r.Intn(4)]
	// sqrt(a^2 + b^2 c + 2ab sqrt c) = a + b sqrt c
	in := a*a + b*b*c
	tb := 2 * a * b
	gold := fmt.Sprintf(`\sqrt{%d + %d\sqrt{%d}}`, in, tb, c)
	goldPy := fmt.Sprintf("sqrt(%d + %d*sqrt(%d))", in, tb, c)
	val := fmt.Sprintf(`%d + %d\sqrt{%d}`, a, b, c)
	valPy := fmt.Sprintf("%d + %d*sqrt(%d)", a, b, c)
	if b == 1 {
		val = fmt.Sprintf(`%d + \sqrt{%d}`, a, c)
	}
	cube := fmt.Sprintf(`\sqrt[3]{%d}`, k*k*k*m)
	cubePy := fmt.Sprintf("cbrt(%d)", k*k*k*m)
	switch r.Intn(3) {
	case 0:
		if equal {
			return Case{Gold: gold, GoldPy: goldPy, Cand: val, CandPy: valPy, Note: "denested"}
		}
		if r.Intn(2) == 0 {
			return Case{Gold: gold, GoldPy: goldPy, Cand: fmt.Sprintf(`%d + %d\sqrt{%d}`, a+1, b, c), CandPy: fmt.Sprintf("%d + %d*sqrt(%d)", a+1, b, c), Note: "denested, rational part plus one"}
		}
		return Case{Gold: fmt.Sprintf(`\sqrt{%d + %d\sqrt{%d} + 10^{-60}}`, in, tb, c), GoldPy: fmt.Sprintf("sqrt(%d + %d*sqrt(%d) + Rational(1, 10**60))", in, tb, c),
			Cand: val, CandPy: valPy, Note: "radicand plus 10^-60"}
	case 1:
		if equal {
			return Case{Gold: cube, GoldPy: cubePy, Cand: fmt.Sprintf(`%d\sqrt[3]{%d}`, k, m), CandPy: fmt.Sprintf("%d*cbrt(%d)", k, m), Note: "cube factor out of the root"}
		}
		return Case{Gold: cube, GoldPy: cubePy, Cand: fmt.Sprintf(`%d\sqrt[3]{%d}`, k, m+1), CandPy: fmt.Sprintf("%d*cbrt(%d)", k, m+1), Note: "radicand plus one"}
	default:
		g := fmt.Sprintf(`\frac{1}{\sqrt[3]{%d}}`, m)
		gpy := fmt.Sprintf("1/cbrt(%d)", m)
		if equal {
			return Case{Gold: g, GoldPy: gpy, Cand: fmt.Sprintf(`\frac{\sqrt[3]{%d}}{%d}`, m*m, m), CandPy: fmt.Sprintf("cbrt(%d)/%d", m*m, m), Note: "cube root rationalised"}
		}
		return Case{Gold: g, GoldPy: gpy, Cand: fmt.Sprintf(`\frac{\sqrt[3]{%d}}{%d}`, m*m+1, m), CandPy: fmt.Sprintf("cbrt(%d)/%d", m*m+1, m), Note: "cube root rationalised, radicand plus one"}
	}
}

// ---- large polynomials: binomial expansions in two variables, products
// of many linear factors

func bigpolyCase(r *rand.Rand, equal bool) Case {
	if r.Intn(2) == 0 {
		n := int64(r.Intn(10) + 6)
		x, y := "x", "y"
		gold, goldPy := fmt.Sprintf(`(%s + %s)^{%d}`, x, y, n), fmt.Sprintf("(%s + %s)**%d", x, y, n)
		coef := make([]*big.Int, n+1)
		for k := int64(0); k <= n; k++ {
			coef[k] = new(big.Int).Binomial(n, k)
		}
		note := "binomial expansion"
		if !equal {
			k := r.Int63n(n + 1)
			coef[k] = new(big.Int).Add(coef[k], big.NewInt(1))
			note = fmt.Sprintf("binomial expansion, coefficient of x^%d y^%d plus one", n-k, k)
		}
		var tex, py []string
		for k := int64(0); k <= n; k++ {
			mon := ""
			if n-k > 0 {
				mon += x
				if n-k > 1 {
					mon += fmt.Sprintf("^{%d}", n-k)
				}
			}
			if k > 0 {
				mon += " " + y
				if k > 1 {
					mon += fmt.Sprintf("^{%d}", k)
				}
			}
			c := coef[k].String()
			if c == "1" {
				c = ""
			}
			tex = append(tex, strings.TrimSpace(c+mon))
			py = append(py, fmt.Sprintf("%s*%s**%d*%s**%d", coef[k], x, n-k, y, k))
		}
		return Case{Gold: gold, GoldPy: goldPy, Cand: strings.Join(tex, " + "), CandPy: strings.Join(py, " + "), Note: note}
	}
	x := varNames[r.Intn(len(varNames))]
	roots := randRoots(r, 6+r.Intn(7))
	p := expandRoots(1, roots)
	gold, goldPy := texFactors(1, roots, x), pyFactors(1, roots, x)
	if equal {
		return Case{Gold: gold, GoldPy: goldPy, Cand: texPoly(p, x, false, r), CandPy: pyPoly(p, x), Note: "many factors expanded"}
	}
	q, note := nearMiss(p, r)
	return Case{Gold: gold, GoldPy: goldPy, Cand: texPoly(q, x, false, r), CandPy: pyPoly(q, x), Note: "many factors expanded, " + note}
}
