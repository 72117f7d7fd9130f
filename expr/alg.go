package expr

import (
	"context"
	"errors"
	"math/big"
	"sort"
	"strings"
)

// Exact arithmetic in multiquadratic fields Q(i, sqrt(n1), sqrt(n2), ...):
// every value is a sum of c * i^a * sqrt(n) with rational c, a in {0,1} and
// n a squarefree positive integer. Such sums are a basis over Q, so the form
// is canonical: equal numbers have equal forms, radicals are simplified
// (sqrt(12) = 2 sqrt(3)) and denominators rationalised (1/(1+sqrt 2) =
// sqrt 2 - 1), and i*i = -1 gives exact complex numbers.

// ErrNotAlgebraic means the expression is outside the supported field
// (nested radicals, cube roots of non-cubes, pi, e, variables).
var ErrNotAlgebraic = errors.New("not in a quadratic field")

// Limits of the field arithmetic.
const (
	maxAlgTerms = 256
	// radicands are reduced by trial division up to this bound; a larger
	// square factor stays inside (the form may then not be canonical,
	// which can only make equal numbers look different, never the reverse)
	trialBound = 5000
)

type radical struct {
	i bool     // times the imaginary unit
	n *big.Int // squarefree positive radicand (1 for none)
}

func (r radical) key() string {
	s := r.n.String()
	if r.i {
		return "i" + s
	}
	return s
}

// Alg is an exact number in a multiquadratic field.
type Alg struct {
	terms map[string]*big.Rat
	rads  map[string]radical
}

func newAlg() *Alg { return &Alg{terms: map[string]*big.Rat{}, rads: map[string]radical{}} }

func algRat(r *big.Rat) *Alg {
	a := newAlg()
	if r.Sign() != 0 {
		one := radical{false, big.NewInt(1)}
		a.terms[one.key()] = new(big.Rat).Set(r)
		a.rads[one.key()] = one
	}
	return a
}

func (a *Alg) addTerm(r radical, c *big.Rat) {
	if c.Sign() == 0 {
		return
	}
	k := r.key()
	if e, ok := a.terms[k]; ok {
		e.Add(e, c)
		if e.Sign() == 0 {
			delete(a.terms, k)
			delete(a.rads, k)
		}
		return
	}
	a.terms[k] = new(big.Rat).Set(c)
	a.rads[k] = r
}

func (a *Alg) add(b *Alg, sign int) *Alg {
	out := newAlg()
	for k, c := range a.terms {
		out.addTerm(a.rads[k], c)
	}
	for k, c := range b.terms {
		d := new(big.Rat).Set(c)
		if sign < 0 {
			d.Neg(d)
		}
		out.addTerm(b.rads[k], d)
	}
	return out
}

// mulRad multiplies two basis elements: i^a sqrt(n) * i^b sqrt(m).
func mulRad(r, s radical) (radical, *big.Rat) {
	g := new(big.Int).GCD(nil, nil, r.n, s.n)
	n := new(big.Int).Quo(r.n, g)
	n.Mul(n, new(big.Int).Quo(s.n, g))
	c := new(big.Rat).SetInt(g)
	if r.i && s.i {
		c.Neg(c)
	}
	return radical{r.i != s.i, n}, c
}

func (a *Alg) mul(b *Alg, lim *state) (*Alg, error) {
	if len(a.terms)*len(b.terms) > maxAlgTerms*4 {
		return nil, ErrLimit
	}
	out := newAlg()
	for k1, c1 := range a.terms {
		for k2, c2 := range b.terms {
			r, c := mulRad(a.rads[k1], b.rads[k2])
			c.Mul(c, c1)
			c.Mul(c, c2)
			if err := lim.fits(c); err != nil {
				return nil, err
			}
			out.addTerm(r, c)
		}
	}
	if len(out.terms) > maxAlgTerms {
		return nil, ErrLimit
	}
	return out, lim.check()
}

// Equal reports whether a and b are the same number.
func (a *Alg) Equal(b *Alg) bool {
	if len(a.terms) != len(b.terms) {
		return false
	}
	for k, c := range a.terms {
		d, ok := b.terms[k]
		if !ok || c.Cmp(d) != 0 {
			return false
		}
	}
	return true
}

// IsZero reports whether a is 0.
func (a *Alg) IsZero() bool { return len(a.terms) == 0 }

// Rational returns the value when it is rational.
func (a *Alg) Rational() (*big.Rat, bool) {
	if len(a.terms) == 0 {
		return new(big.Rat), true
	}
	if len(a.terms) == 1 {
		if c, ok := a.terms["1"]; ok {
			return c, true
		}
	}
	return nil, false
}

// generators returns a coprime basis of the radicands (and "i" if used):
// every radicand is a product of some of them.
func (a *Alg) generators() (gens []*big.Int, usesI bool) {
	var set []*big.Int
	for _, r := range a.rads {
		if r.i {
			usesI = true
		}
		if r.n.Cmp(big.NewInt(1)) != 0 {
			set = append(set, new(big.Int).Set(r.n))
		}
	}
	// refine to pairwise coprime factors
	for changed := true; changed; {
		changed = false
	outer:
		for i := 0; i < len(set); i++ {
			for j := i + 1; j < len(set); j++ {
				if set[i].Cmp(set[j]) == 0 {
					set = append(set[:j], set[j+1:]...)
					changed = true
					break outer
				}
				g := new(big.Int).GCD(nil, nil, set[i], set[j])
				if g.Cmp(big.NewInt(1)) != 0 {
					a, b := new(big.Int).Quo(set[i], g), new(big.Int).Quo(set[j], g)
					rest := append(append([]*big.Int{}, set[:i]...), set[i+1:j]...)
					rest = append(rest, set[j+1:]...)
					for _, x := range []*big.Int{g, a, b} {
						if x.Cmp(big.NewInt(1)) != 0 {
							rest = append(rest, x)
						}
					}
					set = rest
					changed = true
					break outer
				}
			}
		}
	}
	return set, usesI
}

// conj negates the terms containing generator g (or i when g is nil).
func (a *Alg) conj(g *big.Int) *Alg {
	out := newAlg()
	for k, c := range a.terms {
		r := a.rads[k]
		has := false
		if g == nil {
			has = r.i
		} else {
			has = new(big.Int).Rem(r.n, g).Sign() == 0
		}
		d := new(big.Rat).Set(c)
		if has {
			d.Neg(d)
		}
		out.addTerm(r, d)
	}
	return out
}

// inv returns 1/a by multiplying with conjugates until the denominator is
// rational.
func (a *Alg) inv(lim *state) (*Alg, error) {
	if a.IsZero() {
		return nil, ErrDomain
	}
	gens, usesI := a.generators()
	if len(gens) > 8 {
		return nil, ErrLimit
	}
	num := algRat(big.NewRat(1, 1))
	den := a
	all := append([]*big.Int{}, gens...)
	if usesI {
		all = append(all, nil)
	}
	for _, g := range all {
		cj := den.conj(g)
		var err error
		if num, err = num.mul(cj, lim); err != nil {
			return nil, err
		}
		if den, err = den.mul(cj, lim); err != nil {
			return nil, err
		}
	}
	r, ok := den.Rational()
	if !ok || r.Sign() == 0 {
		return nil, ErrNotAlgebraic
	}
	return num.mul(algRat(new(big.Rat).Inv(r)), lim)
}

// sqrtRat returns sqrt(r) in the field: s*sqrt(t) with t squarefree.
func sqrtRat(r *big.Rat) *Alg {
	neg := r.Sign() < 0
	num := new(big.Int).Abs(r.Num())
	den := r.Denom()
	// sqrt(p/q) = sqrt(p q) / q
	x := new(big.Int).Mul(num, den)
	out, in := squarePart(x)
	c := new(big.Rat).SetFrac(out, den)
	a := newAlg()
	a.addTerm(radical{neg, in}, c)
	return a
}

// squarePart writes x = out^2 * in with small square factors removed.
func squarePart(x *big.Int) (out, in *big.Int) {
	out, in = big.NewInt(1), new(big.Int).Set(x)
	if in.Sign() == 0 {
		return big.NewInt(0), big.NewInt(1)
	}
	if r, ok := intRoot(in, 2); ok {
		return r, big.NewInt(1)
	}
	m := new(big.Int)
	for p := int64(2); p < trialBound; p++ {
		pp := big.NewInt(p * p)
		if pp.Cmp(in) > 0 {
			break
		}
		for {
			q, r := new(big.Int).QuoRem(in, pp, m)
			if r.Sign() != 0 {
				break
			}
			in = q
			out.Mul(out, big.NewInt(p))
		}
		if p > 2 {
			p++ // odd numbers only after 2
		}
	}
	if r, ok := intRoot(in, 2); ok {
		return out.Mul(out, r), big.NewInt(1)
	}
	return out, in
}

// String prints the canonical form in LaTeX.
func (a *Alg) String() string {
	if a.IsZero() {
		return "0"
	}
	keys := make([]string, 0, len(a.terms))
	for k := range a.terms {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		ri, rj := a.rads[keys[i]], a.rads[keys[j]]
		if ri.i != rj.i {
			return !ri.i
		}
		return ri.n.Cmp(rj.n) < 0
	})
	var b strings.Builder
	for idx, k := range keys {
		c := a.terms[k]
		r := a.rads[k]
		neg := c.Sign() < 0
		if idx > 0 {
			if neg {
				b.WriteString(" - ")
			} else {
				b.WriteString(" + ")
			}
		} else if neg {
			b.WriteString("-")
		}
		ac := new(big.Rat).Abs(c)
		var body string
		if r.n.Cmp(big.NewInt(1)) != 0 {
			body = "\\sqrt{" + r.n.String() + "}"
		}
		if r.i {
			body = "i" + body
		}
		numS := ac.Num().String()
		if numS == "1" && body != "" {
			numS = ""
		}
		top := numS + body
		if ac.Denom().Cmp(big.NewInt(1)) == 0 {
			b.WriteString(top)
		} else {
			b.WriteString("\\frac{" + top + "}{" + ac.Denom().String() + "}")
		}
	}
	return b.String()
}

// Algebraic evaluates n exactly in a multiquadratic field.
func Algebraic(ctx context.Context, n Node, lim Limits) (*Alg, error) {
	return newState(ctx, lim).alg(n)
}

func (l *state) alg(n Node) (*Alg, error) {
	if err := l.check(); err != nil {
		return nil, err
	}
	switch t := n.(type) {
	case *Num:
		return algRat(t.V), nil
	case *Sym:
		if t.Name == I {
			a := newAlg()
			a.addTerm(radical{true, big.NewInt(1)}, big.NewRat(1, 1))
			return a, nil
		}
		return nil, ErrNotAlgebraic
	case *Neg:
		x, err := l.alg(t.X)
		if err != nil {
			return nil, err
		}
		return newAlg().add(x, -1), nil
	case *Add:
		acc := newAlg()
		for _, x := range t.Terms {
			v, err := l.alg(x)
			if err != nil {
				return nil, err
			}
			acc = acc.add(v, 1)
			if len(acc.terms) > maxAlgTerms {
				return nil, ErrLimit
			}
		}
		return acc, nil
	case *Mul:
		acc := algRat(big.NewRat(1, 1))
		for _, x := range t.Factors {
			v, err := l.alg(x)
			if err != nil {
				return nil, err
			}
			if acc, err = acc.mul(v, l); err != nil {
				return nil, err
			}
		}
		return acc, nil
	case *Pow:
		return l.algPow(t)
	case *Call:
		if t.Fn == "sin" || t.Fn == "cos" || t.Fn == "tan" {
			return l.algTrig(t)
		}
		if t.Fn == "sqrt" && len(t.Args) == 1 {
			return l.algPow(&Pow{Base: t.Args[0], Exp: &Num{V: big.NewRat(1, 2)}})
		}
	}
	r, err := l.rat(n)
	if err == nil {
		return algRat(r), nil
	}
	if err == ErrLimit || err == ErrDeadline {
		return nil, err
	}
	return nil, ErrNotAlgebraic
}

func (l *state) algPow(t *Pow) (*Alg, error) {
	if r, err := l.rat(t); err == nil {
		return algRat(r), nil
	} else if err == ErrLimit || err == ErrDeadline {
		return nil, err
	}
	e, err := l.rat(t.Exp)
	if err != nil {
		if err == ErrLimit || err == ErrDeadline {
			return nil, err
		}
		return nil, ErrNotAlgebraic
	}
	var base *Alg
	num := e.Num()
	switch {
	case e.IsInt():
		base, err = l.alg(t.Base)
		if err != nil {
			return nil, err
		}
	case e.Denom().Cmp(big.NewInt(2)) == 0:
		r, err := l.rat(t.Base)
		if err != nil {
			if err == ErrLimit || err == ErrDeadline {
				return nil, err
			}
			return nil, ErrNotAlgebraic
		}
		base = sqrtRat(r)
	default:
		return nil, ErrNotAlgebraic
	}
	if !num.IsInt64() || num.Int64() > 64 || num.Int64() < -64 {
		return nil, ErrLimit
	}
	k := num.Int64()
	if k < 0 {
		if base, err = base.inv(l); err != nil {
			return nil, err
		}
		k = -k
	}
	acc := algRat(big.NewRat(1, 1))
	for i := int64(0); i < k; i++ {
		if acc, err = acc.mul(base, l); err != nil {
			return nil, err
		}
	}
	return acc, nil
}

// algTrig gives sin, cos, tan at multiples of pi/12 (15 degrees), and
// those values at multiples of pi/10 and pi/8 that lie in the field
// (algTrigFifths).
func (l *state) algTrig(t *Call) (*Alg, error) {
	if len(t.Args) != 1 {
		return nil, ErrNotAlgebraic
	}
	var q *big.Rat
	if d, ok := t.Args[0].(*Call); ok && d.Fn == "deg" && len(d.Args) == 1 {
		v, err := l.rat(d.Args[0])
		if err != nil {
			return nil, ErrNotAlgebraic
		}
		q = new(big.Rat).Quo(v, big.NewRat(180, 1))
	} else if v, ok := l.piMultiple(t.Args[0]); ok {
		q = v
	} else {
		return nil, ErrNotAlgebraic
	}
	k12 := new(big.Rat).Mul(q, big.NewRat(12, 1))
	if !k12.IsInt() {
		return algTrigFifths(t.Fn, q, l)
	}
	k := new(big.Int).Mod(k12.Num(), big.NewInt(24)).Int64() // angle = k * 15 degrees
	s, err := sin15(k, l)
	if err != nil {
		return nil, err
	}
	c, err := sin15((k+6)%24, l)
	if err != nil {
		return nil, err
	}
	switch t.Fn {
	case "sin":
		return s, nil
	case "cos":
		return c, nil
	}
	ci, err := c.inv(l)
	if err != nil {
		return nil, err
	}
	return s.mul(ci, l)
}

// sin15 returns sin(k * 15 degrees).
func sin15(k int64, l *state) (*Alg, error) {
	sign := int64(1)
	if k >= 12 {
		k -= 12
		sign = -1
	}
	if k > 6 {
		k = 12 - k
	}
	// k in 0..6
	var a *Alg
	switch k {
	case 0:
		a = algRat(new(big.Rat))
	case 1: // (sqrt6 - sqrt2)/4
		a = sqrtRat(big.NewRat(6, 16)).add(sqrtRat(big.NewRat(2, 16)), -1)
	case 2:
		a = algRat(big.NewRat(1, 2))
	case 3:
		a = sqrtRat(big.NewRat(1, 2))
	case 4:
		a = sqrtRat(big.NewRat(3, 4))
	case 5:
		a = sqrtRat(big.NewRat(6, 16)).add(sqrtRat(big.NewRat(2, 16)), 1)
	case 6:
		a = algRat(big.NewRat(1, 1))
	}
	if sign < 0 {
		a = newAlg().add(a, -1)
	}
	return a, nil
}

// algTrigFifths gives the values at multiples of pi/10 and pi/8 that are
// sums of square roots: cos(j pi/5) (cos 36° = (1+√5)/4, cos 72° =
// (√5-1)/4), sin at odd multiples of pi/10 (sin 18° = cos 72°), and tan
// at odd multiples of pi/8 (tan 22.5° = √2-1). The others (sin 36° =
// √(10-2√5)/4, cos 22.5° = √(2+√2)/2) are nested radicals, outside the
// field: not algebraic here.
func algTrigFifths(fn string, q *big.Rat, l *state) (*Alg, error) {
	m10 := new(big.Rat).Mul(q, big.NewRat(10, 1))
	if m10.IsInt() && fn != "tan" {
		m := new(big.Int).Mod(m10.Num(), big.NewInt(20)).Int64() // angle = m * 18 degrees
		if fn == "sin" {
			m = ((5-m)%20 + 20) % 20 // sin x = cos(90° - x)
		}
		if m%2 != 0 {
			return nil, ErrNotAlgebraic
		}
		j := m / 2 // cos(j * 36 degrees), j in 0..9
		if j > 5 {
			j = 10 - j
		}
		sqrt5 := sqrtRat(big.NewRat(5, 16)) // √5/4
		quarter := algRat(big.NewRat(1, 4))
		switch j {
		case 0:
			return algRat(big.NewRat(1, 1)), nil
		case 1:
			return sqrt5.add(quarter, 1), nil
		case 2:
			return sqrt5.add(quarter, -1), nil
		case 3:
			return quarter.add(sqrt5, -1), nil
		case 4:
			return newAlg().add(sqrt5, -1).add(quarter, -1), nil
		default:
			return algRat(big.NewRat(-1, 1)), nil
		}
	}
	m8 := new(big.Rat).Mul(q, big.NewRat(8, 1))
	if m8.IsInt() && fn == "tan" {
		m := new(big.Int).Mod(m8.Num(), big.NewInt(8)).Int64() // tan has period 180 degrees
		one, sqrt2 := algRat(big.NewRat(1, 1)), sqrtRat(big.NewRat(2, 1))
		switch m {
		case 1:
			return sqrt2.add(one, -1), nil
		case 3:
			return sqrt2.add(one, 1), nil
		case 5:
			return newAlg().add(sqrt2, -1).add(one, -1), nil
		case 7:
			return one.add(sqrt2, -1), nil
		}
	}
	return nil, ErrNotAlgebraic
}
