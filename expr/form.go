package expr

import (
	"errors"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// Canonical forms: a scalar expression as a quotient of two sums of terms,
// each term a rational coefficient times a monomial in "atoms":
//
//   - variables (exponents in ½Z: \sqrt{x} is x^{1/2});
//   - \pi (any rational exponent: \sqrt{\pi} is \pi^{1/2});
//   - positive integer bases to fractional exponents in (0,1) (radicals of
//     rationals: \sqrt{12} is 2 * 3^{1/2}, \sqrt[3]{4} is 2^{2/3});
//   - ln p for the prime factors p of logarithms of rationals;
//   - the imaginary unit (i^2 = -1);
//   - one exponential factor e^{P} per term, P itself a form (e is e^{1},
//     \sin x is (e^{ix} - e^{-ix})/(2i), 2^x is e^{x ln 2}; e^{i \pi q} with
//     12q an integer is written with radicals, other roots of unity stay
//     exponentials, with the sign and i of the term folded into them);
//   - roots \sqrt[k]{B} and logarithms of other forms B, and opaque atoms
//     (|x|, \lfloor x \rfloor, \arcsin x, f(x), ...) keyed by the canonical
//     form of their arguments.
//
// Every rewriting step is an identity (for the principal branch, and for
// real odd roots of negative rationals), so two expressions with the same
// form are equal wherever both are defined: equal forms prove equality.
// Different forms prove nothing by themselves (the atoms are not always
// independent: \cos 20^\circ - \cos 40^\circ - \cos 80^\circ = 0 is a relation
// between ninth roots of unity, which FormBuilder.Zero finds by cyclotomic
// reduction, cyclo.go); the difference of two forms is what package equiv
// evaluates to refute.

// ErrForm means the expression has no form (an infinity, a structure).
var ErrForm = errors.New("no canonical form")

// Size limits of forms.
const (
	MaxFormTerms = 2000
	maxFormExp   = 1000 // |exponent| of one atom in one term
	maxFormDepth = 40   // nesting of forms inside atoms
)

// frac is a small exact exponent n/d (d > 0, reduced).
type frac struct{ n, d int64 }

func mkFrac(n, d int64) (frac, error) {
	if d == 0 {
		return frac{}, ErrDomain
	}
	if d < 0 {
		n, d = -n, -d
	}
	g := gcd64(abs64(n), d)
	if g > 1 {
		n, d = n/g, d/g
	}
	if abs64(n) > 1<<40 || d > 1<<40 {
		return frac{}, ErrLimit
	}
	return frac{n, d}, nil
}

func gcd64(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	if a == 0 {
		return 1
	}
	return a
}

func (a frac) add(b frac) (frac, error) {
	switch {
	case a.isZero():
		return frac{b.n, max(b.d, 1)}, nil
	case b.isZero():
		return a, nil
	}
	return mkFrac(a.n*b.d+b.n*a.d, a.d*b.d)
}

func (a frac) mul(b frac) (frac, error) {
	if a.isZero() || b.isZero() {
		return frac{0, 1}, nil
	}
	return mkFrac(a.n*b.n, a.d*b.d)
}
func (a frac) isInt() bool  { return a.d == 1 }
func (a frac) isZero() bool { return a.n == 0 }

// floor returns the integer part (towards -inf).
func (a frac) floor() int64 {
	q := a.n / a.d
	if a.n%a.d != 0 && a.n < 0 {
		q--
	}
	return q
}

func (a frac) rat() *big.Rat { return big.NewRat(a.n, a.d) }

func (a frac) String() string {
	if a.d == 1 {
		return strconv.FormatInt(a.n, 10)
	}
	return strconv.FormatInt(a.n, 10) + "/" + strconv.FormatInt(a.d, 10)
}

type atomKind uint8

const (
	atVar    atomKind = iota // a variable
	atPi                     // \pi
	atLog                    // ln b, b a positive integer (prime or unsplit cofactor)
	atRad                    // b^f, b a positive integer, 0 < f < 1
	atRoot                   // k-th root of a form (principal, or real for odd k)
	atLn                     // natural logarithm of a form
	atOpaque                 // any other function application
	atAbs                    // |A| of a form that is not a constant
)

// atom is an indivisible factor of a monomial.
type atom struct {
	kind   atomKind
	key    string
	b      *big.Int // atLog, atRad
	k      int64    // atRoot
	arg    *Form    // atRoot, atLn: the argument
	node   Node     // atVar, atOpaque: the tree to evaluate
	hasVar bool
}

type factor struct {
	a *atom
	e frac
}

// mono is a monomial: atoms with exponents, the imaginary unit or a root
// of unity, and at most one exponential factor.
type mono struct {
	fs []factor // sorted by atom key, no zero exponents
	i  bool
	// rou is q of a root of unity e^{i pi q}: q in (-1/2, 1/2], 12q not an
	// integer (those are written in radicals), and never with i (i is
	// folded into it: i e^{i pi q} = e^{i pi (q + 1/2)}); zero for none
	rou frac
	exp *Form // e^{exp}; nil for none
	key string
}

func (m *mono) computeKey() {
	var b strings.Builder
	if m.i {
		b.WriteString("i;")
	}
	if !m.rou.isZero() {
		b.WriteString("w^")
		b.WriteString(m.rou.String())
		b.WriteByte(';')
	}
	for _, f := range m.fs {
		b.WriteString(f.a.key)
		if f.e != (frac{1, 1}) {
			b.WriteByte('^')
			b.WriteString(f.e.String())
		}
		b.WriteByte(';')
	}
	if m.exp != nil {
		b.WriteString("E[")
		b.WriteString(m.exp.Key())
		b.WriteString("];")
	}
	m.key = b.String()
}

var oneMono = &mono{rou: frac{0, 1}}

// keyed computes and returns the key.
func (m *mono) keyed() string {
	m.computeKey()
	return m.key
}

func (m *mono) isOne() bool { return len(m.fs) == 0 && !m.i && m.rou.isZero() && m.exp == nil }

func (m *mono) hasVar() bool {
	for _, f := range m.fs {
		if f.a.hasVar {
			return true
		}
	}
	return m.exp != nil && m.exp.HasVar()
}

type term struct {
	c *big.Rat
	m *mono
}

// sum is a sum of terms with distinct monomials and nonzero coefficients.
type sum struct {
	ts map[string]*term
}

func newSum() *sum { return &sum{ts: map[string]*term{}} }

func constSum(r *big.Rat) *sum {
	s := newSum()
	if r.Sign() != 0 {
		s.ts[""] = &term{new(big.Rat).Set(r), oneMono}
	}
	return s
}

func (s *sum) isZero() bool { return len(s.ts) == 0 }

// constant returns the value of a sum with no atoms.
func (s *sum) constant() (*big.Rat, bool) {
	switch len(s.ts) {
	case 0:
		return new(big.Rat), true
	case 1:
		if t, ok := s.ts[""]; ok {
			return t.c, true
		}
	}
	return nil, false
}

func (s *sum) addTerm(c *big.Rat, m *mono) {
	if c.Sign() == 0 {
		return
	}
	if t, ok := s.ts[m.key]; ok {
		t.c.Add(t.c, c)
		if t.c.Sign() == 0 {
			delete(s.ts, m.key)
		}
		return
	}
	s.ts[m.key] = &term{new(big.Rat).Set(c), m}
}

func (s *sum) copy() *sum {
	out := &sum{ts: make(map[string]*term, len(s.ts))}
	for k, t := range s.ts {
		out.ts[k] = &term{new(big.Rat).Set(t.c), t.m}
	}
	return out
}

func (s *sum) keys() []string {
	ks := make([]string, 0, len(s.ts))
	for k := range s.ts {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func (s *sum) key() string {
	if len(s.ts) == 0 {
		return "0"
	}
	var b strings.Builder
	for i, k := range s.keys() {
		if i > 0 {
			b.WriteByte('+')
		}
		b.WriteString(s.ts[k].c.RatString())
		b.WriteByte('*')
		b.WriteString(k)
	}
	return b.String()
}

// Form is the canonical form of a scalar expression: Num/Den (Den nil is 1).
type Form struct {
	num, den *sum
	key      string
}

// Key is a canonical spelling: equal keys mean equal values.
func (f *Form) Key() string {
	if f.key == "" {
		f.key = f.num.key()
		if f.den != nil {
			f.key = "(" + f.key + ")/(" + f.den.key() + ")"
		}
	}
	return f.key
}

// IsZero reports whether the form is exactly zero.
func (f *Form) IsZero() bool { return f.num.isZero() }

// Rational returns the value of a form that is a rational number.
func (f *Form) Rational() (*big.Rat, bool) {
	if f.den != nil {
		return nil, false
	}
	return f.num.constant()
}

// HasVar reports whether the form depends on a variable.
func (f *Form) HasVar() bool {
	for _, s := range []*sum{f.num, f.den} {
		if s == nil {
			continue
		}
		for _, t := range s.ts {
			if t.m.hasVar() {
				return true
			}
		}
	}
	return false
}

// Terms is the number of terms of the numerator.
func (f *Form) Terms() int { return len(f.num.ts) }

// Feature bits of a form: what its proof of equality rests on.
const (
	FeatVar     = 1 << iota // variables
	FeatRadical             // radicals of rationals
	FeatI                   // the imaginary unit
	FeatPi                  // \pi
	FeatExp                 // exponentials (e, e^x, trigonometric functions, roots of unity)
	FeatLog                 // logarithms
	FeatRoot                // roots of non-rational forms
	FeatOpaque              // opaque applications
	FeatDen                 // a denominator that is not a single term
)

// Features returns the feature bits of f.
func (f *Form) Features() int {
	k := 0
	if f.den != nil {
		k |= FeatDen
	}
	for _, s := range []*sum{f.num, f.den} {
		if s == nil {
			continue
		}
		for _, t := range s.ts {
			k |= t.m.features()
		}
	}
	return k
}

func (m *mono) features() int {
	k := 0
	if m.i {
		k |= FeatI
	}
	if !m.rou.isZero() {
		k |= FeatExp
	}
	if m.exp != nil {
		k |= FeatExp | m.exp.Features()&^FeatDen
	}
	for _, f := range m.fs {
		switch f.a.kind {
		case atVar:
			k |= FeatVar
			if !f.e.isInt() {
				k |= FeatRoot
			}
		case atPi:
			k |= FeatPi
		case atRad:
			k |= FeatRadical
		case atLog, atLn:
			k |= FeatLog
			if f.a.arg != nil {
				k |= f.a.arg.Features() &^ FeatDen
			}
		case atRoot:
			k |= FeatRoot | f.a.arg.Features()&^FeatDen
		case atOpaque, atAbs:
			k |= FeatOpaque
			if f.a.hasVar {
				k |= FeatVar
			}
		}
	}
	return k
}

// String prints the form in LaTeX (for reasons; not parseable back in
// general: opaque atoms print by their key).
func (f *Form) String() string {
	n := f.num.String()
	if f.den == nil {
		return n
	}
	return "\\frac{" + n + "}{" + f.den.String() + "}"
}

func (s *sum) String() string {
	if len(s.ts) == 0 {
		return "0"
	}
	var b strings.Builder
	for idx, k := range s.keys() {
		t := s.ts[k]
		neg := t.c.Sign() < 0
		a := new(big.Rat).Abs(t.c)
		if idx > 0 {
			if neg {
				b.WriteString(" - ")
			} else {
				b.WriteString(" + ")
			}
		} else if neg {
			b.WriteString("-")
		}
		body := t.m.String()
		switch {
		case body == "":
			b.WriteString((&Num{V: a}).String())
		case a.Cmp(ratOne) == 0:
			b.WriteString(body)
		case a.IsInt():
			b.WriteString(a.Num().String() + " " + body)
		default:
			b.WriteString("\\frac{" + a.Num().String() + "}{" + a.Denom().String() + "} " + body)
		}
	}
	return b.String()
}

func (m *mono) String() string {
	var parts []string
	if m.i {
		parts = append(parts, "i")
	}
	if !m.rou.isZero() {
		parts = append(parts, "e^{"+m.rou.String()+" \\pi i}")
	}
	for _, f := range m.fs {
		var base string
		switch f.a.kind {
		case atVar:
			base = f.a.node.String()
		case atPi:
			base = "\\pi"
		case atLog:
			base = "\\ln " + f.a.b.String()
		case atRad:
			base = f.a.b.String()
		case atRoot:
			base = "\\sqrt[" + strconv.FormatInt(f.a.k, 10) + "]{" + f.a.arg.String() + "}"
		case atLn:
			base = "\\ln\\left(" + f.a.arg.String() + "\\right)"
		default:
			base = f.a.node.String()
		}
		if f.e == (frac{1, 1}) {
			parts = append(parts, base)
		} else {
			if f.a.kind != atVar && f.a.kind != atPi && f.a.kind != atRad {
				base = "\\left(" + base + "\\right)"
			}
			parts = append(parts, base+"^{"+f.e.String()+"}")
		}
	}
	if m.exp != nil {
		parts = append(parts, "e^{"+m.exp.String()+"}")
	}
	return strings.Join(parts, " ")
}

// CoprimeRadicals reports whether the bases of the radicals in f are
// pairwise coprime, which makes its distinct radical monomials linearly
// independent over the rationals (Besicovitch): a nonzero combination of
// them is then a nonzero number.
func (f *Form) CoprimeRadicals() bool {
	var bases []*big.Int
	seen := map[string]bool{}
	for _, s := range []*sum{f.num, f.den} {
		if s == nil {
			continue
		}
		for _, t := range s.ts {
			for _, fc := range t.m.fs {
				if fc.a.kind == atRad && !seen[fc.a.key] {
					seen[fc.a.key] = true
					bases = append(bases, fc.a.b)
				}
			}
		}
	}
	one := big.NewInt(1)
	for i := range bases {
		for j := i + 1; j < len(bases); j++ {
			if new(big.Int).GCD(nil, nil, bases[i], bases[j]).Cmp(one) != 0 {
				return false
			}
		}
	}
	return true
}

// Univariate returns the numerator and the denominator of f as polynomials
// in the one variable v with rational coefficients, lowest degree first
// (negative powers of v are cleared into both). ok is false when f has any
// other atom.
func (f *Form) Univariate(v string) (num, den []*big.Rat, ok bool) {
	key := "v:" + v
	minE := int64(0)
	parts := []*sum{f.num}
	if f.den != nil {
		parts = append(parts, f.den)
	}
	for _, s := range parts {
		for _, t := range s.ts {
			m := t.m
			if m.i || !m.rou.isZero() || m.exp != nil || len(m.fs) > 1 {
				return nil, nil, false
			}
			if len(m.fs) == 1 {
				fc := m.fs[0]
				if fc.a.key != key || !fc.e.isInt() {
					return nil, nil, false
				}
				minE = min(minE, fc.e.n)
			}
		}
	}
	conv := func(s *sum) []*big.Rat {
		var out []*big.Rat
		for _, t := range s.ts {
			e := -minE
			if len(t.m.fs) == 1 {
				e += t.m.fs[0].e.n
			}
			for int64(len(out)) <= e {
				out = append(out, new(big.Rat))
			}
			out[e].Add(out[e], t.c)
		}
		return out
	}
	num = conv(f.num)
	if f.den != nil {
		den = conv(f.den)
	} else {
		den = make([]*big.Rat, -minE+1)
		for i := range den {
			den[i] = new(big.Rat)
		}
		den[-minE].SetInt64(1)
	}
	return num, den, true
}
