package amps

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/matheval/matheval/cas"
)

// Families after DeepMind's mathematics_dataset (Saxton et al. 2019):
// comparison (sort, k-th largest, closest, pair), measurement (unit and
// time conversion), numbers (is_prime, is_factor, remainders, place value,
// rounding), polynomials (evaluation, collecting terms), sequences (next
// term, n-th term formula) and composed problems, where a quantity one
// module defines is used by another. Each answer is computed exactly and
// checked by a second, independent path (brute force, trial division, a
// different order of evaluation).

func init() {
	for _, m := range []*Module{
		{Name: "compare_sort", Area: "k12", Steps: true, gen: genCompareSort,
			Description: "Sort a list of integers, fractions and decimals in increasing or decreasing order",
			Extrapolate: "longer lists of larger numbers"},
		{Name: "compare_kth_largest", Area: "k12", Steps: true, gen: genCompareKth,
			Description: "The k-th largest or smallest value of a list",
			Extrapolate: "longer lists"},
		{Name: "compare_closest", Area: "k12", Steps: true, gen: genCompareClosest,
			Description: "The value of a list closest to a given number",
			Extrapolate: "longer lists"},
		{Name: "compare_pair", Area: "k12", Steps: true, gen: genComparePair,
			Description: "The larger or smaller of two fractions or decimals",
			Extrapolate: "closer values with larger denominators"},
		{Name: "unit_conversion", Area: "k12", Steps: true, gen: genUnitConversion,
			Description: "Convert a length, mass, volume or area between metric and imperial units",
			Extrapolate: "chains of two conversions and larger values"},
		{Name: "time_conversion", Area: "k12", Steps: true, gen: genTimeConversion,
			Description: "Convert between seconds, minutes, hours, days and weeks, or the minutes between two clock times",
			Extrapolate: "larger amounts and spans across midnight"},
		{Name: "is_prime", Area: "number_theory", Steps: true, gen: genIsPrime,
			Description: "Decide whether a number is prime (trial division up to its square root)",
			Extrapolate: "larger numbers"},
		{Name: "is_factor", Area: "number_theory", Steps: true, gen: genIsFactor,
			Description: "Decide whether one number is a factor of another",
			Extrapolate: "larger numbers"},
		{Name: "remainder_division", Area: "number_theory", Steps: true, gen: genRemainder,
			Description: "The remainder of a division of integers",
			Extrapolate: "larger dividends and divisors"},
		{Name: "place_value", Area: "k12", Steps: true, gen: genPlaceValue,
			Description: "A digit of a number by its place (units, tens, ..., millions, tenths, hundredths)",
			Extrapolate: "longer numbers"},
		{Name: "rounding", Area: "k12", Steps: true, gen: genRounding,
			Description: "Round a decimal to a number of decimal places or to the nearest ten, hundred or thousand",
			Extrapolate: "longer decimals"},
		{Name: "poly_evaluate", Area: "algebra", Steps: true, gen: genPolyEvaluate,
			Description: "Evaluate a polynomial at an integer",
			Extrapolate: "higher degrees and larger arguments"},
		{Name: "poly_collect", Area: "algebra", Steps: true, gen: genPolyCollect,
			Description: "Collect the like terms of a sum of monomials",
			Extrapolate: "more terms and higher degrees"},
		{Name: "sequence_next_term", Area: "k12", Steps: true, gen: genSequenceNext,
			Description: "The next term of a sequence given by a polynomial in n (differences)",
			Extrapolate: "higher-degree sequences"},
		{Name: "sequence_nth_term", Area: "k12", Steps: true, gen: genSequenceNth,
			Description: "A formula for the n-th term of a linear or quadratic sequence",
			Extrapolate: "larger coefficients"},
		{Name: "composed_evaluate_remainder", Area: "number_theory", Steps: true, gen: genComposedRemainder,
			Description: "Composed: a number defined by evaluating a polynomial, then its remainder on division",
			Extrapolate: "higher degrees and larger divisors"},
		{Name: "composed_function_value", Area: "algebra", Steps: true, gen: genComposedValue,
			Description: "Composed: the value f(g(a)) of two functions at an integer",
			Extrapolate: "higher degrees"},
		{Name: "composed_solve_then_evaluate", Area: "algebra", Steps: true, gen: genComposedSolve,
			Description: "Composed: solve a linear equation for a, then evaluate a polynomial at a",
			Extrapolate: "larger coefficients and degrees"},
		{Name: "composed_gcd_of_values", Area: "number_theory", Steps: true, gen: genComposedGCD,
			Description: "Composed: the greatest common divisor of two numbers defined by expressions",
			Extrapolate: "larger values"},
	} {
		register(m)
	}
}

// listNum is a number of a comparison list, as written and as a value.
type listNum struct {
	tex string
	v   cas.Q
}

func (g *G) listNumber() listNum {
	hi := g.ByLevel(10, 20, 50, 100, 1000)
	switch k := g.IntN(3); {
	case k == 0 || g.Level == 1:
		v := g.Int(-hi, hi)
		return listNum{itoa(v), q(v)}
	case k == 1:
		d := g.Int(2, g.ByLevel(3, 5, 7, 9, 12))
		v := qf(g.NZ(-hi, hi), d)
		return listNum{v.TeX(), v}
	}
	places := g.Int(1, min(3, g.ByLevel(1, 1, 2, 2, 3)))
	scale := int64(math.Pow10(int(places)))
	n := g.Int(-hi*scale, hi*scale)
	v := qf(n, scale)
	s, _ := v.Decimal()
	return listNum{s, v}
}

func (g *G) distinctList(n int) []listNum {
	var out []listNum
	for tries := 0; len(out) < n && tries < 100; tries++ {
		c := g.listNumber()
		dup := false
		for _, o := range out {
			dup = dup || o.v.Equal(c.v)
		}
		if !dup {
			out = append(out, c)
		}
	}
	return out
}

func numListTeX(xs []listNum) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = x.tex
	}
	return strings.Join(parts, ", ")
}

func pyList(xs []listNum) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = pyQ(x.v)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// setListNum sets a value of a list as the answer, written as in the list.
func (p *Problem) setListNum(x listNum) {
	p.Answer = x.tex
	p.Reprint = numNode(x.v)
	p.sym("answer", pyQ(x.v))
}

func genCompareSort(g *G) (*Problem, error) {
	n := int(g.ByLevel(3, 4, 5, 6, 7))
	xs := g.distinctList(n)
	if len(xs) < n {
		return nil, errf("list: too few distinct values")
	}
	desc := g.Bool()
	sorted := append([]listNum(nil), xs...)
	sort.Slice(sorted, func(i, j int) bool { return (sorted[i].v.Cmp(sorted[j].v) < 0) != desc })
	order := map[bool]string{true: "decreasing", false: "increasing"}[desc]
	p := &Problem{Problem: "Sort " + m(numListTeX(xs)) + " in " + order + " order."}
	p.Steps = []string{"Compare the values as decimals: " + numValues(xs) + ".", "In " + order + " order: " + m(numListTeX(sorted)) + "."}
	items := make([]cas.Expr, len(sorted))
	for i, x := range sorted {
		items[i] = cas.N(x.v)
	}
	p.setTuple(items...)
	parts := make([]string, len(sorted))
	for i, x := range sorted {
		parts[i] = x.tex
	}
	p.Answer = `\left(` + strings.Join(parts, ", ") + `\right)`
	p.sym("xs", pyList(xs))
	p.sym("desc", map[bool]string{true: "1", false: "0"}[desc])
	p.Check = func() error {
		// every value is beaten by exactly its position's count of others
		for i, x := range sorted {
			beaten := 0
			for _, y := range xs {
				if (y.v.Cmp(x.v) < 0) != desc && !y.v.Equal(x.v) {
					beaten++
				}
			}
			if beaten != i {
				return errf("%s is not in place %d", x.tex, i+1)
			}
		}
		return nil
	}
	return p, nil
}

// numValues writes the values of a list as decimals to three places, for
// comparing.
func numValues(xs []listNum) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		s := strconv.FormatFloat(x.v.Float(), 'f', 3, 64)
		parts[i] = m(x.tex + `\approx ` + s)
		if d, ok := x.v.Decimal(); ok && d == x.tex {
			parts[i] = m(x.tex)
		}
	}
	return strings.Join(parts, ", ")
}

func genCompareKth(g *G) (*Problem, error) {
	n := int(g.ByLevel(3, 4, 5, 6, 8))
	xs := g.distinctList(n)
	if len(xs) < n {
		return nil, errf("list: too few distinct values")
	}
	k := g.Int(1, int64(min(n, 3)))
	big := g.Bool()
	sorted := append([]listNum(nil), xs...)
	sort.Slice(sorted, func(i, j int) bool { return (sorted[i].v.Cmp(sorted[j].v) < 0) != big })
	ans := sorted[k-1]
	word := map[bool]string{true: "largest", false: "smallest"}[big]
	what := word
	if k > 1 {
		what = ordinalN(int(k)) + " " + word
	}
	p := &Problem{Problem: "What is the " + what + " value in " + m(numListTeX(xs)) + "?"}
	p.Steps = []string{"Compare the values as decimals: " + numValues(xs) + ".",
		"From the " + word + " down: " + m(numListTeX(sorted)) + "; the " + what + " is " + m(ans.tex) + "."}
	p.setListNum(ans)
	p.sym("xs", pyList(xs))
	p.sym("k", itoa(k))
	p.sym("big", map[bool]string{true: "1", false: "0"}[big])
	p.Check = func() error {
		beyond := 0
		for _, y := range xs {
			if (y.v.Cmp(ans.v) > 0) == big && !y.v.Equal(ans.v) {
				beyond++
			}
		}
		if beyond != int(k-1) {
			return errf("%d values are beyond the answer", beyond)
		}
		return nil
	}
	return p, nil
}

func genCompareClosest(g *G) (*Problem, error) {
	n := int(g.ByLevel(3, 4, 5, 6, 8))
	xs := g.distinctList(n)
	t := g.listNumber()
	if len(xs) < n {
		return nil, errf("list: too few distinct values")
	}
	best := 0
	for i, x := range xs {
		if x.v.Sub(t.v).Abs().Cmp(xs[best].v.Sub(t.v).Abs()) < 0 {
			best = i
		}
	}
	for i, x := range xs {
		if i != best && x.v.Sub(t.v).Abs().Equal(xs[best].v.Sub(t.v).Abs()) {
			return nil, errf("closest: a tie")
		}
	}
	p := &Problem{Problem: "Which of " + m(numListTeX(xs)) + " is closest to " + m(t.tex) + "?"}
	var ds []string
	for _, x := range xs {
		ds = append(ds, m(`\left|`+x.tex+" - "+parenTeX(t)+`\right| = `+x.v.Sub(t.v).Abs().TeX()))
	}
	p.Steps = []string{"The distances are " + strings.Join(ds, ", ") + ".", "The smallest is " + m(xs[best].v.Sub(t.v).Abs().TeX()) + ", for " + m(xs[best].tex) + "."}
	p.setListNum(xs[best])
	p.sym("xs", pyList(xs))
	p.sym("t", pyQ(t.v))
	p.Check = func() error {
		for _, x := range xs {
			if math.Abs(x.v.Float()-t.v.Float()) < math.Abs(xs[best].v.Float()-t.v.Float())-1e-12 {
				return errf("%s is closer", x.tex)
			}
		}
		return nil
	}
	return p, nil
}

func parenTeX(x listNum) string {
	if x.v.Sign() < 0 {
		return `\left(` + x.tex + `\right)`
	}
	return x.tex
}

func genComparePair(g *G) (*Problem, error) {
	d1, d2 := g.Int(2, g.ByLevel(5, 8, 12, 20, 40)), g.Int(2, g.ByLevel(5, 8, 12, 20, 40))
	a := qf(g.NZ(-3*d1, 3*d1), d1)
	b := qf(g.NZ(-3*d2, 3*d2), d2)
	if a.Equal(b) || a.IsInt() || b.IsInt() {
		return nil, errf("pair: equal or integer values")
	}
	big := g.Bool()
	word := map[bool]string{true: "greater", false: "smaller"}[big]
	ans := a
	if (b.Cmp(a) > 0) == big {
		ans = b
	}
	l := cas.LCMInt
	c, _ := l(a.Den().Int64(), b.Den().Int64())
	an, bn := a.MulInt(c), b.MulInt(c)
	p := &Problem{Problem: "Which is " + word + ": " + m(a.TeX()) + " or " + m(b.TeX()) + "?"}
	p.Steps = []string{"Over the common denominator " + m(itoa(c)) + " they are " + m(`\frac{`+an.TeX()+"}{"+itoa(c)+"}") + " and " + m(`\frac{`+bn.TeX()+"}{"+itoa(c)+"}") + ".",
		"Comparing the numerators, the " + word + " is " + m(ans.TeX()) + "."}
	p.setNum(ans)
	p.sym("a", pyQ(a))
	p.sym("b", pyQ(b))
	p.sym("big", map[bool]string{true: "1", false: "0"}[big])
	p.Check = func() error {
		if (a.Float() > b.Float()) == big && !ans.Equal(a) || (b.Float() > a.Float()) == big && !ans.Equal(b) {
			return errf("floating point disagrees")
		}
		return nil
	}
	return p, nil
}

// unit is a unit of measure with its size in the base unit of its kind.
type unit struct {
	name, kind string
	size       cas.Q
}

var units = []unit{
	{"millimetres", "length", qf(1, 1000)}, {"centimetres", "length", qf(1, 100)}, {"metres", "length", q(1)}, {"kilometres", "length", q(1000)},
	{"inches", "length", qf(254, 10000)}, {"feet", "length", qf(3048, 10000)}, {"yards", "length", qf(9144, 10000)},
	{"milligrams", "mass", qf(1, 1000)}, {"grams", "mass", q(1)}, {"kilograms", "mass", q(1000)}, {"tonnes", "mass", q(1000000)},
	{"millilitres", "volume", qf(1, 1000)}, {"litres", "volume", q(1)}, {"cubic centimetres", "volume", qf(1, 1000)}, {"cubic metres", "volume", q(1000)},
	{"square centimetres", "area", qf(1, 10000)}, {"square metres", "area", q(1)}, {"hectares", "area", q(10000)}, {"square kilometres", "area", q(1000000)},
}

func genUnitConversion(g *G) (*Problem, error) {
	a := units[g.IntN(len(units))]
	var bs []unit
	for _, u := range units {
		if u.kind == a.kind && u.name != a.name && (g.Level >= 3 || (!strings.Contains(u.name, "inch") && !strings.Contains(u.name, "feet") && !strings.Contains(u.name, "yard"))) {
			bs = append(bs, u)
		}
	}
	if len(bs) == 0 {
		return nil, errf("units: no partner")
	}
	b := bs[g.IntN(len(bs))]
	places := g.Int(0, g.ByLevel(0, 1, 1, 2, 3))
	scale := int64(math.Pow10(int(places)))
	x := qf(g.Int(1, g.ByLevel(20, 100, 500, 2000, 10000)*scale), scale)
	ans := x.Mul(a.size).Div(b.size)
	xs, _ := x.Decimal()
	p := &Problem{Problem: "How many " + b.name + " are there in " + m(xs) + " " + a.name + "?"}
	f := a.size.Div(b.size)
	p.Steps = []string{"One of the " + a.name + " is " + m(decimalOrFrac(f)) + " " + b.name + ".",
		"So " + m(xs) + " " + a.name + " is " + m(xs+`\cdot `+decimalOrFrac(f)+" = "+decimalOrFrac(ans)) + " " + b.name + "."}
	p.Answer = decimalOrFrac(ans)
	p.Reprint = numNode(ans)
	p.sym("x", pyQ(x))
	p.sym("from", pyQ(a.size))
	p.sym("to", pyQ(b.size))
	p.sym("answer", pyQ(ans))
	p.Check = func() error {
		// through the base unit in two steps, in floating point
		if !nearTol(x.Float()*a.size.Float()/b.size.Float(), ans.Float(), 1e-12) {
			return errf("the conversion through the base unit differs")
		}
		return nil
	}
	return p, nil
}

func genTimeConversion(g *G) (*Problem, error) {
	p := &Problem{}
	if g.Bool() {
		h1, m1 := g.Int(0, 23), g.Int(0, 59)
		span := g.Int(1, g.ByLevel(120, 300, 600, 1000, 1439))
		t2 := (h1*60 + m1 + span) % 1440
		h2, m2 := t2/60, t2%60
		clock := func(h, mm int64) string { return strconv.FormatInt(h, 10) + ":" + strconv.FormatInt(100+mm, 10)[1:] }
		p.Problem = "How many minutes are there from " + m(clock(h1, m1)) + " to the next " + m(clock(h2, m2)) + " (24-hour clock)?"
		next := ""
		if t2 < h1*60+m1 {
			next = " the next day"
		}
		p.Steps = []string{m(clock(h1, m1)) + " is " + m(itoa(h1*60+m1)) + " minutes after midnight and " + m(clock(h2, m2)) + " is " + m(itoa(t2)) + " minutes after midnight" + next + ".",
			"The difference is " + m(chain(itoa(t2+map[bool]int64{true: 1440, false: 0}[next != ""])+" - "+itoa(h1*60+m1), itoa(span))) + " minutes."}
		p.setNum(q(span))
		p.sym("t1", itoa(h1*60+m1))
		p.sym("t2", itoa(t2))
		p.Check = func() error {
			n := int64(0)
			for t := h1*60 + m1; t%1440 != t2 || n == 0; t++ {
				n++
				if n > 1440 {
					return errf("counting minutes does not reach the end")
				}
			}
			if n != span {
				return errf("counting gives %d minutes", n)
			}
			return nil
		}
		return p, nil
	}
	names := []string{"seconds", "minutes", "hours", "days", "weeks"}
	sizes := []int64{1, 60, 3600, 86400, 604800}
	i := g.IntN(len(names))
	j := g.IntN(len(names))
	if i == j {
		return nil, errf("same unit")
	}
	x := q(g.Int(1, g.ByLevel(10, 30, 100, 500, 2000)))
	if g.Level >= 3 && g.Bool() {
		x = qf(g.Int(1, g.ByLevel(10, 30, 100, 500, 2000)*4), 4)
	}
	ans := x.MulInt(sizes[i]).Div(q(sizes[j]))
	xs := decimalOrFrac(x)
	p.Problem = "How many " + names[j] + " are there in " + m(xs) + " " + names[i] + "?"
	f := qf(sizes[i], sizes[j])
	p.Steps = []string{"One of the " + names[i] + " is " + m(decimalOrFrac(f)) + " " + names[j] + ", so " + m(xs+`\cdot `+decimalOrFrac(f)+" = "+decimalOrFrac(ans)) + "."}
	p.Answer = decimalOrFrac(ans)
	p.Reprint = numNode(ans)
	p.sym("x", pyQ(x))
	p.sym("from", itoa(sizes[i]))
	p.sym("to", itoa(sizes[j]))
	p.sym("answer", pyQ(ans))
	p.Check = func() error {
		if !ans.MulInt(sizes[j]).Equal(x.MulInt(sizes[i])) {
			return errf("the seconds differ")
		}
		return nil
	}
	return p, nil
}

func genIsPrime(g *G) (*Problem, error) {
	hi := g.ByLevel(100, 1000, 10000, 100000, 1000000)
	n := g.Int(11, hi)
	if g.Bool() { // as many primes as composites that are not obviously so
		for !cas.IsPrime(uint64(n)) {
			n++
		}
	} else if n%2 == 0 || n%5 == 0 {
		n++
	}
	prime := cas.IsPrime(uint64(n))
	p := &Problem{Problem: "Is " + m(itoa(n)) + " prime? Answer yes or no."}
	r := int64(math.Sqrt(float64(n)))
	if prime {
		p.Steps = []string{"Since " + m(itoa(r)+"^{2} \\le "+itoa(n)+" < "+itoa(r+1)+"^{2}") + ", a factor would be a prime up to " + m(itoa(r)) + "; none of them divides " + m(itoa(n)) + "."}
		p.setText("yes")
	} else {
		f := int64(2)
		for n%f != 0 {
			f++
		}
		p.Steps = []string{m(itoa(n)+" = "+itoa(f)+`\cdot `+itoa(n/f)) + ", so it has the factor " + m(itoa(f)) + "."}
		p.setText("no")
	}
	p.sym("n", itoa(n))
	p.Check = func() error {
		td := n > 1
		for f := int64(2); f*f <= n; f++ {
			if n%f == 0 {
				td = false
				break
			}
		}
		if td != prime {
			return errf("trial division disagrees")
		}
		return nil
	}
	return p, nil
}

func genIsFactor(g *G) (*Problem, error) {
	d := g.Int(2, g.ByLevel(12, 30, 60, 150, 500))
	n := d * g.Int(2, g.ByLevel(20, 50, 200, 1000, 5000))
	if g.Bool() {
		n += g.Int(1, d-1)
	}
	yes := n%d == 0
	p := &Problem{Problem: g.Pick("Is "+m(itoa(d))+" a factor of "+m(itoa(n))+"?", "Does "+m(itoa(d))+" divide "+m(itoa(n))+"?") + " Answer yes or no."}
	qq, r := n/d, n%d
	p.Steps = []string{"Dividing, " + m(itoa(n)+" = "+itoa(d)+`\cdot `+itoa(qq)+map[bool]string{true: "", false: " + " + itoa(r)}[yes]) + ", so the remainder is " + m(itoa(r)) + "."}
	p.setText(map[bool]string{true: "yes", false: "no"}[yes])
	p.sym("n", itoa(n))
	p.sym("d", itoa(d))
	p.Check = func() error {
		s := int64(0)
		for s+d <= n {
			s += d
		}
		if (s == n) != yes {
			return errf("repeated addition disagrees")
		}
		return nil
	}
	return p, nil
}

func genRemainder(g *G) (*Problem, error) {
	d := g.Int(2, g.ByLevel(10, 30, 100, 500, 2000))
	n := g.Int(d+1, g.ByLevel(200, 2000, 20000, 200000, 2000000))
	if g.Level >= 4 && g.Bool() {
		n = -n
	}
	r := cas.Mod(n, d)
	qq := (n - r) / d
	p := &Problem{Problem: "What is the remainder when " + m(itoa(n)) + " is divided by " + m(itoa(d)) + "?"}
	p.Steps = []string{"The quotient is " + m(itoa(qq)) + ": " + m(itoa(n)+" = "+itoa(d)+`\cdot `+paren(q(qq))+map[bool]string{true: "", false: " + " + itoa(r)}[r == 0]) + ", with " + m(`0 \le `+itoa(r)+" < "+itoa(d)) + "."}
	p.setNum(q(r))
	p.sym("n", itoa(n))
	p.sym("d", itoa(d))
	p.Check = func() error {
		if math.Mod(math.Mod(float64(n), float64(d))+float64(d), float64(d)) != float64(r) {
			return errf("floating-point remainder differs")
		}
		return nil
	}
	return p, nil
}

var placeNames = []string{"units", "tens", "hundreds", "thousands", "ten thousands", "hundred thousands", "millions", "ten millions", "hundred millions", "billions"}

func genPlaceValue(g *G) (*Problem, error) {
	digits := min(int(g.ByLevel(3, 4, 5, 7, 8)), len(placeNames))
	n := g.Int(int64(math.Pow10(digits-1)), int64(math.Pow10(digits))-1)
	dec := g.Level >= 3 && g.Bool()
	p := &Problem{}
	if dec {
		places := g.Int(1, 3)
		s := strconv.FormatInt(n, 10)
		txt := s[:len(s)-int(places)] + "." + s[len(s)-int(places):]
		k := g.Int(1, places)
		dig := s[len(s)-int(places)+int(k)-1 : len(s)-int(places)+int(k)]
		name := []string{"tenths", "hundredths", "thousandths"}[k-1]
		p.Problem = "What is the " + name + " digit of " + m(txt) + "?"
		p.Steps = []string{"The " + name + " digit is the " + ordinalN(int(k)) + " after the decimal point: " + m(dig) + "."}
		v, _ := strconv.ParseInt(dig, 10, 64)
		p.setNum(q(v))
		p.sym("x", "'"+txt+"'")
		p.sym("k", itoa(-k))
		p.Check = func() error {
			f, _ := strconv.ParseFloat(txt, 64)
			if int64(math.Floor(f*math.Pow10(int(k))+1e-6))%10 != v {
				return errf("arithmetic gives another digit")
			}
			return nil
		}
		return p, nil
	}
	k := g.Int(0, int64(digits-1))
	v := n / int64(math.Pow10(int(k))) % 10
	p.Problem = "What is the " + placeNames[k] + " digit of " + m(itoa(n)) + "?"
	s := strconv.FormatInt(n, 10)
	p.Steps = []string{"The " + placeNames[k] + " digit is the " + ordinalN(int(k+1)) + " digit from the right of " + m(s) + ": " + m(string(s[len(s)-1-int(k)])) + "."}
	p.setNum(q(v))
	p.sym("x", "'"+s+"'")
	p.sym("k", itoa(k))
	p.Check = func() error {
		if int64(s[len(s)-1-int(k)]-'0') != v {
			return errf("the digit differs")
		}
		return nil
	}
	return p, nil
}

func genRounding(g *G) (*Problem, error) {
	places := min(g.Int(2, g.ByLevel(3, 4, 5, 6, 7)), 8)
	scale := int64(math.Pow10(int(places)))
	x := qf(g.Int(1, min(g.ByLevel(100, 1000, 10000, 100000, 1000000), 1e8)*scale), scale)
	if g.Level >= 3 && g.Bool() {
		x = x.Neg()
	}
	xs, _ := x.Decimal()
	var to int64 // decimal places; negative: tens (-1), hundreds (-2), ...
	if g.Bool() || x.Abs().Cmp(q(10)) < 0 {
		to = g.Int(0, places-1)
	} else {
		to = -g.Int(1, min(3, int64(len(x.Abs().Floor().String()))-1))
	}
	unitQ := q(1)
	if to >= 0 {
		unitQ = qf(1, int64(math.Pow10(int(to))))
	} else {
		unitQ = q(int64(math.Pow10(int(-to))))
	}
	// round half away from zero, as schools do
	k := x.Abs().Div(unitQ).Add(qf(1, 2)).Floor()
	ans := k.Mul(unitQ)
	if x.Sign() < 0 {
		ans = ans.Neg()
	}
	what := map[int64]string{-1: "the nearest ten", -2: "the nearest hundred", -3: "the nearest thousand", 0: "the nearest whole number", 1: "one decimal place"}[to]
	if to >= 2 {
		what = itoa(to) + " decimal places"
	}
	p := &Problem{Problem: "Round " + m(xs) + " to " + what + "."}
	as, _ := ans.Decimal()
	if to > 0 {
		// keep the trailing zeros the places ask for
		if i := strings.IndexByte(as, '.'); i < 0 {
			as += "." + strings.Repeat("0", int(to))
		} else if have := len(as) - i - 1; have < int(to) {
			as += strings.Repeat("0", int(to)-have)
		}
	}
	p.Steps = []string{"The digit after the place kept decides: it rounds " + map[bool]string{true: "up", false: "down"}[ans.Abs().Cmp(x.Abs()) > 0] + " to " + m(as) + "."}
	p.Answer = as
	p.Reprint = numNode(ans)
	p.sym("x", "'"+xs+"'")
	p.sym("to", itoa(to))
	p.sym("answer", pyQ(ans))
	p.Check = func() error {
		f := x.Float()
		want := math.Round(f*math.Pow10(int(to))) / math.Pow10(int(to))
		if !nearTol(want, ans.Float(), 1e-12) {
			return errf("math.Round gives %v", want)
		}
		return nil
	}
	return p, nil
}

func genPolyEvaluate(g *G) (*Problem, error) {
	P := g.randPoly(int(g.ByLevel(1, 2, 2, 3, 4)), g.ByLevel(5, 8, 10, 12, 15))
	a := g.NZ(-g.ByLevel(3, 4, 5, 6, 8), g.ByLevel(3, 4, 5, 6, 8))
	v := P.Eval(q(a))
	name := g.Pick("f", "g", "h", "p", "q")
	p := &Problem{Problem: "Let " + m(name+"(x) = "+ptex(P)) + ". What is " + m(name+"("+itoa(a)+")") + "?"}
	var sb strings.Builder
	for i := P.Deg(); i >= 0; i-- {
		c := P.Coef(i)
		if c.IsZero() {
			continue
		}
		switch {
		case sb.Len() == 0 && c.Sign() < 0:
			sb.WriteString("-")
		case sb.Len() > 0 && c.Sign() < 0:
			sb.WriteString(" - ")
		case sb.Len() > 0:
			sb.WriteString(" + ")
		}
		ac := c.Abs()
		switch {
		case i == 0:
			sb.WriteString(ac.TeX())
		case ac.IsOne():
			sb.WriteString(paren(q(a)) + sup(int64(i)))
		default:
			sb.WriteString(ac.TeX() + `\cdot ` + paren(q(a)) + sup(int64(i)))
		}
	}
	if sb.String() == v.TeX() {
		return nil, errf("poly: nothing to substitute into")
	}
	p.Steps = []string{"Substitute " + m("x = "+itoa(a)) + ": " + m(sb.String()+" = "+v.TeX()) + "."}
	p.setNum(v)
	p.sym("p", ppy(P))
	p.sym("a", itoa(a))
	p.Check = func() error {
		// Horner's rule
		acc := q(0)
		for i := P.Deg(); i >= 0; i-- {
			acc = acc.MulInt(a).Add(P.Coef(i))
		}
		if !acc.Equal(v) {
			return errf("Horner's rule gives %s", acc)
		}
		return nil
	}
	return p, nil
}

func genPolyCollect(g *G) (*Problem, error) {
	deg := int(g.ByLevel(2, 2, 3, 3, 4))
	n := int(g.ByLevel(4, 5, 6, 7, 9))
	b := g.ByLevel(5, 8, 10, 12, 20)
	v := g.Pick("x", "y", "t", "n")
	var terms []string
	var pairs [][2]int64 // coefficient, power
	sum := cas.PolyInts(0)
	seenDeg := map[int]int{}
	for i := 0; i < n; i++ {
		c := g.NZ(-b, b)
		k := g.IntN(deg + 1)
		seenDeg[k]++
		pairs = append(pairs, [2]int64{c, int64(k)})
		sum = sum.Add(cas.PolyInts(c).Mul(monomial(k)))
		t := tex(cas.Product(e(c), cas.Power(cas.V(v), e(int64(k)))))
		if i > 0 {
			if c < 0 {
				t = " - " + tex(cas.Product(e(-c), cas.Power(cas.V(v), e(int64(k)))))
			} else {
				t = " + " + t
			}
		}
		terms = append(terms, t)
	}
	like := false
	for _, c := range seenDeg {
		like = like || c > 1
	}
	if !like || sum.IsZero() {
		return nil, errf("nothing to collect")
	}
	p := &Problem{Problem: "Collect the terms of " + m(strings.Join(terms, "")) + "."}
	var groups []string
	for k := deg; k >= 0; k-- {
		if seenDeg[k] > 1 {
			groups = append(groups, "the terms in "+m(tex(cas.Power(cas.V(v), e(int64(k)))))+" add to "+m(tex(cas.Product(cas.N(sum.Coef(k)), cas.Power(cas.V(v), e(int64(k)))))))
		}
	}
	p.Steps = []string{"Add the coefficients of like powers: " + andList(groups) + "."}
	ans := cas.FromPoly(sum, v)
	p.setExpr(ans)
	var pys []string
	for _, pr := range pairs {
		pys = append(pys, "("+itoa(pr[0])+", "+itoa(pr[1])+")")
	}
	p.sym("terms", "["+strings.Join(pys, ", ")+"]")
	p.sym("var", "'"+v+"'")
	p.Check = func() error {
		// evaluate the written terms one by one and the answer at two points
		for _, x := range []int64{2, -3} {
			s := q(0)
			for _, pr := range pairs {
				s = s.Add(q(pr[0]).Mul(q(x).PowInt(int(pr[1]))))
			}
			if !cas.Equal(cas.Subst(ans, v, e(x)), cas.N(s)) {
				return errf("the collected form differs at %d", x)
			}
		}
		return nil
	}
	return p, nil
}

func monomial(k int) cas.Poly {
	c := make([]int64, k+1)
	c[k] = 1
	return cas.PolyInts(c...)
}

func genSequenceNext(g *G) (*Problem, error) {
	deg := int(g.ByLevel(1, 2, 2, 3, 3))
	P := g.randPoly(deg, g.ByLevel(5, 6, 8, 10, 12))
	k := 2 + deg + g.IntN(2)
	var ts []string
	vals := make([]cas.Q, k+1)
	for i := 1; i <= k+1; i++ {
		vals[i-1] = P.Eval(q(int64(i)))
	}
	for _, v := range vals[:k] {
		ts = append(ts, v.TeX())
	}
	ans := vals[k]
	p := &Problem{Problem: "What is the next term of the sequence " + m(strings.Join(ts, ", ")) + "?"}
	// the difference table
	row := vals[:k]
	for lev := 1; lev <= deg; lev++ {
		var nxt []cas.Q
		for i := 0; i+1 < len(row); i++ {
			nxt = append(nxt, row[i+1].Sub(row[i]))
		}
		var s []string
		for _, v := range nxt {
			s = append(s, v.TeX())
		}
		p.Steps = append(p.Steps, "The "+ordinalN(lev)+" differences are "+m(strings.Join(s, ", "))+map[bool]string{true: ", which are constant.", false: "."}[lev == deg])
		row = nxt
	}
	p.Steps = append(p.Steps, "Extending the table back up gives the next term "+m(ans.TeX())+".")
	p.setNum(ans)
	var pys []string
	for _, v := range vals[:k] {
		pys = append(pys, pyQ(v))
	}
	p.sym("terms", "["+strings.Join(pys, ", ")+"]")
	p.Check = func() error {
		// Lagrange interpolation through the given terms, at k+1
		x := float64(k + 1)
		s := 0.0
		for i := 0; i < k; i++ {
			l := 1.0
			for j := 0; j < k; j++ {
				if j != i {
					l *= (x - float64(j+1)) / float64(i-j)
				}
			}
			s += l * vals[i].Float()
		}
		if !nearTol(s, ans.Float(), 1e-9) {
			return errf("interpolation gives %v", s)
		}
		return nil
	}
	return p, nil
}

func genSequenceNth(g *G) (*Problem, error) {
	deg := int(g.ByLevel(1, 1, 2, 2, 2))
	P := g.randPoly(deg, g.ByLevel(5, 8, 8, 10, 12))
	var ts []string
	for i := int64(1); i <= 5; i++ {
		ts = append(ts, P.Eval(q(i)).TeX())
	}
	ans := cas.FromPoly(P, "n")
	p := &Problem{Problem: "Find a formula for the " + m("n") + "th term of the sequence " + m(strings.Join(ts, `, `)+`, \ldots`) + ", starting at " + m("n = 1") + ", as a polynomial in " + m("n") + " of the lowest degree."}
	d1 := P.Eval(q(2)).Sub(P.Eval(q(1)))
	if deg == 1 {
		p.Steps = []string{"The terms go up by " + m(d1.TeX()) + " each time, so the " + m("n") + "th term is " + m(chain(tex(cas.Sum(cas.N(P.Eval(q(1))), cas.Product(cas.N(d1), cas.V("(n - 1)")))), tex(ans))) + "."}
	} else {
		a := P.Coef(2)
		p.Steps = []string{"The second differences are constant, " + m(a.MulInt(2).TeX()) + ", so the leading term is " + m(tex(cas.Product(cas.N(a), cas.Power(cas.V("n"), e(2))))) + ".",
			"Subtracting it leaves a linear sequence, " + m(ptexIn(P.Sub(cas.NewPoly(q(0), q(0), a)), "n")) + "; together " + m(tex(ans)) + "."}
	}
	p.setExpr(ans)
	p.sym("p", ppy(P))
	p.Check = func() error {
		for i := int64(1); i <= 5; i++ {
			if !cas.Equal(cas.Subst(ans, "n", e(i)), cas.N(P.Eval(q(i)))) {
				return errf("the formula misses term %d", i)
			}
		}
		return nil
	}
	return p, nil
}

func ptexIn(P cas.Poly, v string) string { return P.TeX(v) }

func genComposedRemainder(g *G) (*Problem, error) {
	P := g.randPoly(int(g.ByLevel(1, 2, 2, 3, 3)), g.ByLevel(5, 8, 10, 12, 15))
	a := g.Int(2, g.ByLevel(5, 6, 8, 10, 12))
	v, _ := P.Eval(q(a)).Int64()
	d := g.Int(2, g.ByLevel(7, 10, 15, 25, 50))
	if v < d && v > -d {
		return nil, errf("composed: the value is smaller than the divisor")
	}
	r := cas.Mod(v, d)
	p := &Problem{Problem: "Let " + m("f(x) = "+ptex(P)) + " and let " + m("a = f("+itoa(a)+")") + ". What is the remainder when " + m("a") + " is divided by " + m(itoa(d)) + "?"}
	p.Steps = []string{"First " + m("a = f("+itoa(a)+") = "+itoa(v)) + ".", "Then " + m(itoa(v)+" = "+itoa(d)+`\cdot `+paren(q((v-r)/d))+map[bool]string{true: "", false: " + " + itoa(r)}[r == 0]) + ", so the remainder is " + m(itoa(r)) + "."}
	p.setNum(q(r))
	p.sym("p", ppy(P))
	p.sym("a", itoa(a))
	p.sym("d", itoa(d))
	p.Check = func() error {
		// evaluate modulo d throughout (Horner's rule on residues)
		acc := int64(0)
		for i := P.Deg(); i >= 0; i-- {
			c, _ := P.Coef(i).Int64()
			acc = cas.Mod(acc*a+c, d)
		}
		if acc != r {
			return errf("Horner's rule modulo %d gives %d", d, acc)
		}
		return nil
	}
	return p, nil
}

func genComposedValue(g *G) (*Problem, error) {
	F := g.randPoly(int(g.ByLevel(1, 1, 2, 2, 3)), g.ByLevel(4, 5, 6, 8, 10))
	G2 := g.randPoly(int(g.ByLevel(1, 2, 1, 2, 2)), g.ByLevel(4, 5, 6, 8, 10))
	a := g.Int(-g.ByLevel(3, 3, 4, 5, 6), g.ByLevel(3, 3, 4, 5, 6))
	ga := G2.Eval(q(a))
	ans := F.Eval(ga)
	p := &Problem{Problem: "Let " + m("f(x) = "+ptex(F)) + " and " + m("g(x) = "+ptex(G2)) + ". What is " + m("f(g("+itoa(a)+"))") + "?"}
	p.Steps = []string{"First " + m("g("+itoa(a)+") = "+ga.TeX()) + ".", "Then " + m("f("+ga.TeX()+") = "+ans.TeX()) + "."}
	p.setNum(ans)
	p.sym("f", ppy(F))
	p.sym("g", ppy(G2))
	p.sym("a", itoa(a))
	p.Check = func() error {
		// compose the polynomials first, then evaluate
		comp := cas.Subst(cas.FromPoly(F, "x"), "x", cas.FromPoly(G2, "x"))
		if !cas.Equal(cas.Expand(cas.Subst(comp, "x", e(a))), cas.N(ans)) {
			return errf("the composed polynomial gives another value")
		}
		return nil
	}
	return p, nil
}

func genComposedSolve(g *G) (*Problem, error) {
	sol := g.Int(-g.ByLevel(5, 6, 8, 10, 12), g.ByLevel(5, 6, 8, 10, 12))
	c := g.NZ(-g.ByLevel(5, 6, 8, 10, 12), g.ByLevel(5, 6, 8, 10, 12))
	d := g.Int(-20, 20)
	rhs := c*sol + d
	P := g.randPoly(int(g.ByLevel(1, 2, 2, 3, 3)), g.ByLevel(4, 5, 6, 8, 10))
	ans := P.Eval(q(sol))
	lhs := tex(cas.Sum(cas.Product(e(c), cas.V("a")), e(d)))
	p := &Problem{Problem: "Suppose " + m(lhs+" = "+itoa(rhs)) + ". Let " + m("h(x) = "+ptex(P)) + ". What is " + m("h(a)") + "?"}
	solve := "Solving, " + m(tex(cas.Product(e(c), cas.V("a")))+" = "+itoa(rhs-d)) + ", so " + m("a = "+itoa(sol)) + "."
	if c == 1 {
		solve = "Solving, " + m("a = "+itoa(sol)) + "."
	}
	p.Steps = []string{solve, "Then " + m("h("+itoa(sol)+") = "+ans.TeX()) + "."}
	p.setNum(ans)
	p.sym("c", itoa(c))
	p.sym("d", itoa(d))
	p.sym("rhs", itoa(rhs))
	p.sym("p", ppy(P))
	p.Check = func() error {
		if c*sol+d != rhs {
			return errf("a does not solve the equation")
		}
		acc := q(0)
		for i := P.Deg(); i >= 0; i-- {
			acc = acc.MulInt(sol).Add(P.Coef(i))
		}
		if !acc.Equal(ans) {
			return errf("Horner's rule gives %s", acc)
		}
		return nil
	}
	return p, nil
}

func genComposedGCD(g *G) (*Problem, error) {
	k := g.Int(2, g.ByLevel(6, 10, 15, 25, 40))
	x, y := k*g.Int(2, g.ByLevel(10, 20, 40, 60, 100)), k*g.Int(2, g.ByLevel(10, 20, 40, 60, 100))
	// write x and y as small expressions a*b + c
	mk := func(v int64) (string, int64) {
		b := g.Int(2, 9)
		a := v / b
		c := v - a*b
		s := itoa(a) + `\cdot ` + itoa(b)
		if c > 0 {
			s += " + " + itoa(c)
		}
		return s, v
	}
	sx, _ := mk(x)
	sy, _ := mk(y)
	gg := cas.GCDInt(x, y)
	p := &Problem{Problem: "Let " + m("u = "+sx) + " and " + m("v = "+sy) + ". What is the greatest common divisor of " + m("u") + " and " + m("v") + "?"}
	var st []string
	a, b := max(x, y), min(x, y)
	for b != 0 {
		st = append(st, m(itoa(a)+" = "+itoa(a/b)+`\cdot `+itoa(b)+" + "+itoa(a%b)))
		a, b = b, a%b
	}
	p.Steps = []string{"First " + m("u = "+itoa(x)) + " and " + m("v = "+itoa(y)) + ".", "Euclid's algorithm: " + strings.Join(st, ", ") + "; the last nonzero remainder is " + m(itoa(gg)) + "."}
	p.setNum(q(gg))
	p.sym("u", itoa(x))
	p.sym("v", itoa(y))
	p.Check = func() error {
		for d := min(x, y); d >= 1; d-- {
			if x%d == 0 && y%d == 0 {
				if d != gg {
					return errf("the largest common divisor by search is %d", d)
				}
				return nil
			}
		}
		return errf("no common divisor")
	}
	return p, nil
}
