package amps

import (
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/matheval/matheval/cas"
	"github.com/matheval/matheval/expr"
)

// The tree inspections behind CheckForm. Each check takes the parsed answer
// (the stated side of an equation for most forms, see onSide) and returns
// "" when it is in form, or why not. They read the tree as package latex
// builds it: a quotient a/b is a product with the factor b^{-1} (the
// exponent the literal -1), a written negative exponent x^{-2} is x to the
// negation of 2, \sqrt[k]{n} is n^{1/k}.

// Size limits of the checks: exponents and degrees past them make a check
// undecided instead of computing.
const (
	maxFormExp = 1000 // an integer exponent read from a tree
	maxFormDeg = 256  // the degree of a polynomial built from a tree
)

// onSide applies a check to the stated answer: the last side of an
// equation ("f(g(x)) = ...", "x^{2} - 1 = (x - 1)(x + 1)") or the tree itself.
func onSide(check func(expr.Node) (string, error)) func(expr.Node) (string, error) {
	return func(n expr.Node) (string, error) { return check(lastSide(n)) }
}

func lastSide(n expr.Node) expr.Node {
	r, ok := n.(*expr.Rel)
	if !ok || len(r.Sides) < 2 {
		return n
	}
	for _, op := range r.Ops {
		if op != "=" {
			return n
		}
	}
	return r.Sides[len(r.Sides)-1]
}

// ---- products and sums ----

// factor is one non-numeric factor of a product: base^exp, exp negative
// for a divisor. A power whose exponent is not an integer (a root) is a
// factor whose base is the whole power, to the exponent ±1.
type factor struct {
	base expr.Node
	exp  int
	// negWritten: the exponent was written negative (x^{-2}), not
	// obtained by dividing.
	negWritten bool
}

// product is a tree read as ±(numeric literals)/(numeric literals) times
// factors.
type product struct {
	neg  bool
	nums []*expr.Num // literal factors of the numerator (nonnegative)
	dens []*expr.Num // literal factors of the denominator (nonnegative)
	fs   []factor
}

func splitProduct(n expr.Node) product {
	var p product
	p.add(n, false)
	return p
}

func (p *product) add(n expr.Node, den bool) {
	switch t := n.(type) {
	case *expr.Neg:
		p.neg = !p.neg
		p.add(t.X, den)
	case *expr.Mul:
		for _, f := range t.Factors {
			p.add(f, den)
		}
	case *expr.Num:
		if t.V.Sign() < 0 {
			p.neg = !p.neg
			t = &expr.Num{V: new(big.Rat).Neg(t.V), Dec: t.Dec, Places: t.Places}
		}
		if den {
			p.dens = append(p.dens, t)
		} else {
			p.nums = append(p.nums, t)
		}
	case *expr.Pow:
		if isDivision(t) {
			p.add(t.Base, !den)
			return
		}
		if k, written, ok := intExp(t.Exp); ok {
			if den {
				k = -k
			}
			p.fs = append(p.fs, factor{base: t.Base, exp: k, negWritten: written})
			return
		}
		p.fs = append(p.fs, factor{base: t, exp: sign(den)})
	default:
		p.fs = append(p.fs, factor{base: n, exp: sign(den)})
	}
}

func sign(den bool) int {
	if den {
		return -1
	}
	return 1
}

// isDivision: b^{-1} as the parser writes a quotient (the literal -1).
func isDivision(p *expr.Pow) bool {
	n, ok := p.Exp.(*expr.Num)
	return ok && !n.Dec && n.V.IsInt() && n.V.Num().IsInt64() && n.V.Num().Int64() == -1
}

// intExp reads an integer exponent: k, whether it was written negative,
// and whether it is one.
func intExp(e expr.Node) (k int, written, ok bool) {
	neg := false
	if n, isNeg := e.(*expr.Neg); isNeg {
		neg, e = true, n.X
	}
	n, isNum := e.(*expr.Num)
	if !isNum || n.Dec || !n.V.IsInt() || !n.V.Num().IsInt64() {
		return 0, false, false
	}
	v := n.V.Num().Int64()
	if v > maxFormExp || v < -maxFormExp {
		return 0, false, false
	}
	if neg {
		v = -v
	}
	return int(v), v < 0, true
}

// coef is the product's numeric value: ± prod nums / prod dens (false for
// a zero divisor).
func (p product) coef() (*big.Rat, bool) {
	r := big.NewRat(1, 1)
	for _, n := range p.nums {
		r.Mul(r, n.V)
	}
	for _, d := range p.dens {
		if d.V.Sign() == 0 {
			return nil, false
		}
		r.Quo(r, d.V)
	}
	if p.neg {
		r.Neg(r)
	}
	return r, true
}

// literalCoef says why the numbers of a term are not one coefficient
// (more than one number multiplied or divided, a 1 as in \frac{1}{4}x
// aside), or "".
func (p product) literalCoef(term expr.Node) string {
	notOne := func(ns []*expr.Num) int {
		k := 0
		for _, n := range ns {
			if n.V.Cmp(big.NewRat(1, 1)) != 0 {
				k++
			}
		}
		return k
	}
	if notOne(p.nums) > 1 || notOne(p.dens) > 1 {
		return fmt.Sprintf("the numbers of %s are not multiplied out", term)
	}
	return ""
}

// terms flattens a sum: nested and negated sums give their terms.
func terms(n expr.Node) []expr.Node {
	switch t := n.(type) {
	case *expr.Add:
		var out []expr.Node
		for _, s := range t.Terms {
			out = append(out, terms(s)...)
		}
		return out
	case *expr.Neg:
		if _, ok := t.X.(*expr.Add); ok {
			var out []expr.Node
			for _, s := range terms(t.X) {
				out = append(out, &expr.Neg{X: s})
			}
			return out
		}
	}
	return []expr.Node{n}
}

// sumTerms is terms, also for a sum over (or times) a number:
// \frac{12 - 3\sqrt{5}}{11} gives 12 and -3\sqrt{5}.
func sumTerms(n expr.Node) []expr.Node {
	ts := terms(n)
	if len(ts) > 1 {
		return ts
	}
	p := splitProduct(n)
	if len(p.fs) == 1 && p.fs[0].exp == 1 {
		if _, ok := p.fs[0].base.(*expr.Add); ok {
			return terms(p.fs[0].base)
		}
	}
	return ts
}

func isSym(n expr.Node, name string) bool {
	s, ok := n.(*expr.Sym)
	return ok && s.Name == name
}

func hasI(n expr.Node) bool {
	found := false
	expr.Walk(n, func(m expr.Node) bool {
		if isSym(m, expr.I) {
			found = true
		}
		return !found
	})
	return found
}

// onlyVar returns the one variable of n ("" when it has none); false when
// it has several.
func onlyVar(n expr.Node) (string, bool) {
	var vs []string
	for v := range expr.FreeVars(n) {
		vs = append(vs, v)
	}
	switch len(vs) {
	case 0:
		return "", true
	case 1:
		return vs[0], true
	}
	return "", false
}

// maxRatBits bounds the numbers ratValue computes.
const maxRatBits = 1 << 14

// ratValue is the value of a tree of numeric literals, sums, products and
// small integer powers (false for anything else, and for numbers past
// maxRatBits).
func ratValue(n expr.Node) (*big.Rat, bool) {
	v, ok := ratValue1(n)
	if !ok || v.Num().BitLen()+v.Denom().BitLen() > maxRatBits {
		return nil, false
	}
	return v, true
}

func ratValue1(n expr.Node) (*big.Rat, bool) {
	switch t := n.(type) {
	case *expr.Num:
		return new(big.Rat).Set(t.V), true
	case *expr.Neg:
		v, ok := ratValue(t.X)
		if !ok {
			return nil, false
		}
		return v.Neg(v), true
	case *expr.Add:
		s := new(big.Rat)
		for _, u := range t.Terms {
			v, ok := ratValue(u)
			if !ok {
				return nil, false
			}
			s.Add(s, v)
		}
		return s, true
	case *expr.Mul:
		s := big.NewRat(1, 1)
		for _, u := range t.Factors {
			v, ok := ratValue(u)
			if !ok {
				return nil, false
			}
			s.Mul(s, v)
		}
		return s, true
	case *expr.Pow:
		k, _, ok := intExp(t.Exp)
		if !ok || k > 64 || k < -64 {
			return nil, false
		}
		b, ok := ratValue(t.Base)
		if !ok || (b.Sign() == 0 && k < 0) || (b.Num().BitLen()+b.Denom().BitLen())*max(k, -k) > maxRatBits {
			return nil, false
		}
		if k < 0 {
			b.Inv(b)
			k = -k
		}
		r := big.NewRat(1, 1)
		for range k {
			r.Mul(r, b)
		}
		return r, true
	}
	return nil, false
}

// algebraicReal: a real number written with numeric literals, sums,
// products, quotients, integer powers and roots of nonnegative rationals
// (no i, no constant, no function, no variable).
func algebraicReal(n expr.Node) bool {
	switch t := n.(type) {
	case *expr.Num:
		return true
	case *expr.Neg:
		return algebraicReal(t.X)
	case *expr.Add:
		for _, u := range t.Terms {
			if !algebraicReal(u) {
				return false
			}
		}
		return true
	case *expr.Mul:
		for _, u := range t.Factors {
			if !algebraicReal(u) {
				return false
			}
		}
		return true
	case *expr.Pow:
		if _, _, ok := intExp(t.Exp); ok || isDivision(t) {
			return algebraicReal(t.Base)
		}
		e, ok := ratValue(t.Exp)
		if !ok {
			return false
		}
		b, ok := ratValue(t.Base)
		return ok && b.Sign() >= 0 && e.Sign() != 0
	}
	return false
}

// ---- polynomials ----

// polyOf reads a polynomial in x with rational coefficients from a tree of
// numbers, x, sums, products, nonnegative integer powers and division by
// nonzero constants; false for anything else. It runs under cas's size
// limits (the caller guards).
func polyOf(n expr.Node, x string) (cas.Poly, bool) {
	switch t := n.(type) {
	case *expr.Num:
		return cas.ConstPoly(cas.FromBig(t.V)), true
	case *expr.Sym:
		if t.Name == x && x != "" {
			return cas.Monomial(cas.Int(1), 1), true
		}
	case *expr.Neg:
		p, ok := polyOf(t.X, x)
		return p.Neg(), ok
	case *expr.Add:
		acc := cas.ConstPoly(cas.Int(0))
		for _, u := range t.Terms {
			p, ok := polyOf(u, x)
			if !ok {
				return cas.Poly{}, false
			}
			acc = acc.Add(p)
		}
		return acc, true
	case *expr.Mul:
		acc := cas.ConstPoly(cas.Int(1))
		for _, u := range t.Factors {
			p, ok := polyOf(u, x)
			if !ok || acc.Deg()+p.Deg() > maxFormDeg {
				return cas.Poly{}, false
			}
			acc = acc.Mul(p)
		}
		return acc, true
	case *expr.Pow:
		k, _, ok := intExp(t.Exp)
		if !ok {
			return cas.Poly{}, false
		}
		b, ok := polyOf(t.Base, x)
		if !ok {
			return cas.Poly{}, false
		}
		if k >= 0 {
			if b.Deg()*k > maxFormDeg || (b.Deg() == 0 && k > 64) {
				return cas.Poly{}, false
			}
			return b.Pow(k), true
		}
		if b.Deg() != 0 || k < -64 {
			return cas.Poly{}, false // a polynomial divided by a polynomial
		}
		return cas.ConstPoly(b.Coef(0).Inv().PowInt(-k)), true
	}
	return cas.Poly{}, false
}

// irreducible decides whether p (degree >= 1) is irreducible over Q:
// degree 1 always; degree 2 by its discriminant; higher degrees by cas's
// factorization, which is complete for the coefficients and degrees it
// accepts (otherwise undecided).
func irreducible(p cas.Poly) (bool, error) {
	switch {
	case p.Deg() <= 0:
		return false, nil
	case p.Deg() == 1:
		return true, nil
	case p.Deg() == 2:
		a, b, c := p.Coef(2), p.Coef(1), p.Coef(0)
		return !ratSquare(b.Mul(b).Sub(a.Mul(c).MulInt(4))), nil
	}
	pp := p.Primitive()
	for _, c := range pp.Coeffs() {
		if v, ok := c.Int64(); !ok || v > 1<<61 || v < -(1<<61) {
			return false, fmt.Errorf("%w: the coefficients of %s are too large to factor", errFormUndecided, pp.TeX("x"))
		}
	}
	fz, err := cas.FactorQ(pp)
	if err != nil {
		return false, fmt.Errorf("%w: factoring %s: %v", errFormUndecided, pp.TeX("x"), err)
	}
	return len(fz.Factors) == 1 && fz.Factors[0].K == 1, nil
}

// ratSquare reports whether a rational is the square of a rational.
func ratSquare(v cas.Q) bool {
	if v.Sign() < 0 {
		return false
	}
	return intSquare(v.Num()) && intSquare(v.Den())
}

func intSquare(n *big.Int) bool {
	r := new(big.Int).Sqrt(n)
	return r.Mul(r, r).Cmp(n) == 0
}

// guarded runs a check that computes with cas: a size limit makes it
// undecided.
func guarded(check func() (string, error)) (why string, err error) {
	err = cas.Guard(func() error {
		var e error
		why, e = check()
		return e
	})
	if err != nil && !errors.Is(err, errFormUndecided) {
		return "", fmt.Errorf("%w: %v", errFormUndecided, err)
	}
	return why, err
}

// ---- the forms ----

// plainTerms flattens parenthesised sums but not negated ones: -(a + b)
// is a product left to distribute.
func plainTerms(n expr.Node) []expr.Node {
	if a, ok := n.(*expr.Add); ok {
		var out []expr.Node
		for _, s := range a.Terms {
			out = append(out, plainTerms(s)...)
		}
		return out
	}
	return []expr.Node{n}
}

func checkExpanded(n expr.Node) (string, error) {
	seen := map[string]bool{}
	for _, t := range plainTerms(n) {
		p := splitProduct(t)
		if why := p.literalCoef(t); why != "" {
			return why, nil
		}
		vars := map[string]bool{}
		var key []string
		for _, f := range p.fs {
			s, ok := f.base.(*expr.Sym)
			switch {
			case !ok || expr.IsConst(s.Name):
				return fmt.Sprintf("the term %s is not a monomial: it holds %s", t, f.base), nil
			case f.exp <= 0:
				return fmt.Sprintf("the term %s divides by %s", t, s), nil
			case vars[s.Name]:
				return fmt.Sprintf("the variable %s appears twice in the term %s", s, t), nil
			}
			vars[s.Name] = true
			if f.exp == 1 {
				key = append(key, s.Name)
			} else {
				key = append(key, fmt.Sprintf("%s^%d", s.Name, f.exp))
			}
		}
		sort.Strings(key)
		k := strings.Join(key, "*")
		if seen[k] {
			if k == "" {
				return "two constant terms are not combined", nil
			}
			return fmt.Sprintf("like terms in %s are not combined", strings.ReplaceAll(k, "*", " ")), nil
		}
		seen[k] = true
	}
	return "", nil
}

func checkFactored(n expr.Node) (string, error) {
	x, ok := onlyVar(n)
	if !ok {
		return fmt.Sprintf("%s is not a polynomial in one variable", n), nil
	}
	return guarded(func() (string, error) {
		p := splitProduct(n)
		for _, f := range p.fs {
			if f.exp < 0 {
				return fmt.Sprintf("it divides by %s: a quotient, not a product of polynomials", f.base), nil
			}
			if f.exp == 0 {
				continue
			}
			poly, ok := polyOf(f.base, x)
			if !ok {
				return fmt.Sprintf("the factor %s is not a polynomial with rational coefficients", f.base), nil
			}
			if poly.Deg() <= 0 {
				continue
			}
			irr, err := irreducible(poly)
			if err != nil {
				return "", err
			}
			if !irr {
				return fmt.Sprintf("the factor %s factors further over Q", f.base), nil
			}
		}
		return "", nil
	})
}

func checkLowestTerms(n expr.Node) (string, error) {
	x, ok := onlyVar(n)
	if !ok {
		return fmt.Sprintf("%s is not a rational function of one variable", n), nil
	}
	return guarded(func() (string, error) {
		if len(terms(n)) > 1 {
			if _, ok := polyOf(n, x); ok {
				return "", nil // a polynomial
			}
			return fmt.Sprintf("%s is a sum, not one fraction", n), nil
		}
		p := splitProduct(n)
		num, den := cas.ConstPoly(cas.Int(1)), cas.ConstPoly(cas.Int(1))
		for _, f := range p.fs {
			poly, ok := polyOf(f.base, x)
			if !ok {
				return fmt.Sprintf("%s is not a polynomial", f.base), nil
			}
			k := f.exp
			if k < 0 {
				k = -k
			}
			if poly.Deg()*k+num.Deg()+den.Deg() > maxFormDeg {
				return "", fmt.Errorf("%w: degree above %d", errFormUndecided, maxFormDeg)
			}
			if f.exp > 0 {
				num = num.Mul(poly.Pow(k))
			} else {
				den = den.Mul(poly.Pow(k))
			}
		}
		if num.IsZero() || den.IsZero() {
			return "", nil
		}
		if g := cas.GCD(num, den); g.Deg() > 0 {
			return fmt.Sprintf("the numerator and the denominator share the factor %s", g.Monic().TeX(x)), nil
		}
		return "", nil
	})
}

func checkPartialFractions(n expr.Node) (string, error) {
	x, ok := onlyVar(n)
	if !ok {
		return fmt.Sprintf("%s is not a rational function of one variable", n), nil
	}
	return guarded(func() (string, error) {
		seen := map[string]bool{}
		for _, t := range terms(n) {
			p := splitProduct(t)
			c, ok := p.coef()
			if !ok {
				return fmt.Sprintf("the term %s divides by zero", t), nil
			}
			num, den := cas.ConstPoly(cas.FromBig(c)), cas.ConstPoly(cas.Int(1))
			for _, f := range p.fs {
				poly, ok := polyOf(f.base, x)
				if !ok {
					return fmt.Sprintf("the term %s is not a polynomial over a polynomial", t), nil
				}
				k := max(f.exp, -f.exp)
				if poly.Deg()*k+num.Deg()+den.Deg() > maxFormDeg {
					return "", fmt.Errorf("%w: degree above %d", errFormUndecided, maxFormDeg)
				}
				if f.exp > 0 {
					num = num.Mul(poly.Pow(k))
				} else {
					den = den.Mul(poly.Pow(k))
				}
			}
			if den.Deg() <= 0 || num.IsZero() {
				continue // the polynomial part
			}
			var F cas.Poly
			k := 0
			for i, s := range cas.SquareFree(den) {
				if s.Deg() <= 0 {
					continue
				}
				if k != 0 {
					return fmt.Sprintf("the denominator of %s is not a power of one irreducible polynomial", t), nil
				}
				F, k = s, i+1
			}
			irr, err := irreducible(F)
			if err != nil {
				return "", err
			}
			if !irr {
				return fmt.Sprintf("the denominator of %s factors further over Q", t), nil
			}
			if num.Deg() >= F.Deg() {
				return fmt.Sprintf("in %s the numerator's degree is not below that of %s", t, F.TeX(x)), nil
			}
			key := fmt.Sprintf("(%s)^%d", F.Py(x), k)
			if seen[key] {
				return fmt.Sprintf("two terms over (%s)^%d are not combined", F.TeX(x), k), nil
			}
			seen[key] = true
		}
		return "", nil
	})
}

// numberLiteral: a term that is one number written out (sign, at most one
// literal over at most one literal).
func numberLiteral(t expr.Node) bool {
	p := splitProduct(t)
	return len(p.fs) == 0 && p.literalCoef(t) == ""
}

func checkCompletedSquare(n expr.Node) (string, error) {
	x, ok := onlyVar(n)
	if !ok || x == "" {
		return fmt.Sprintf("%s is not a polynomial in one variable", n), nil
	}
	return guarded(func() (string, error) {
		squares, consts := 0, 0
		for _, t := range terms(n) {
			if len(expr.FreeVars(t)) == 0 {
				if !numberLiteral(t) {
					return fmt.Sprintf("the constant %s is not worked out", t), nil
				}
				consts++
				continue
			}
			p := splitProduct(t)
			if why := p.literalCoef(t); why != "" {
				return why, nil
			}
			if len(p.fs) != 1 || p.fs[0].exp != 2 {
				return fmt.Sprintf("the term %s is not a number times the square of %s - h", t, x), nil
			}
			lin, ok := polyOf(p.fs[0].base, x)
			if !ok || lin.Deg() != 1 || !lin.Coef(1).Abs().IsOne() {
				return fmt.Sprintf("the squared %s is not %s - h", p.fs[0].base, x), nil
			}
			squares++
		}
		switch {
		case squares != 1:
			return fmt.Sprintf("%d terms hold %s; a(%s - h)^2 + k has one", squares, x, x), nil
		case consts > 1:
			return "the constants are not combined into k", nil
		}
		return "", nil
	})
}

func checkRadical(n expr.Node) (string, error) {
	seen := map[string]bool{}
	for _, t := range sumTerms(n) {
		p := splitProduct(t)
		key := ""
		for _, f := range p.fs {
			root, rad, ok := asRoot(f.base)
			if !ok {
				return fmt.Sprintf("the term %s is not a number times a root of an integer", t), nil
			}
			switch {
			case f.exp < 0:
				return fmt.Sprintf("the radical %s is in a denominator", f.base), nil
			case f.exp != 1:
				return fmt.Sprintf("the radical %s is raised to a power", f.base), nil
			case key != "":
				return fmt.Sprintf("the term %s multiplies two radicals", t), nil
			}
			if why, err := powerFree(rad, root); why != "" || err != nil {
				return why, err
			}
			key = fmt.Sprintf("%s^(1/%d)", rad, root)
		}
		if seen[key] {
			if key == "" {
				return "the rational terms are not combined", nil
			}
			return fmt.Sprintf("like radicals (%s) are not combined", key), nil
		}
		seen[key] = true
	}
	return "", nil
}

// asRoot reads n^{1/k} with n a literal integer and k >= 2.
func asRoot(n expr.Node) (k int, rad *big.Int, ok bool) {
	pw, isPow := n.(*expr.Pow)
	if !isPow {
		return 0, nil, false
	}
	b, isNum := pw.Base.(*expr.Num)
	e, isRat := ratValue(pw.Exp)
	if !isNum || b.Dec || !b.V.IsInt() || !isRat || e.Sign() <= 0 || !e.Num().IsInt64() || e.Num().Int64() != 1 || !e.Denom().IsInt64() {
		return 0, nil, false
	}
	d := e.Denom().Int64()
	if d < 2 || d > 64 {
		return 0, nil, false
	}
	return int(d), new(big.Int).Set(b.V.Num()), true
}

// powerFree says why the radicand n is not free of k-th powers, or "".
func powerFree(n *big.Int, k int) (string, error) {
	if n.Sign() <= 0 || n.Cmp(big.NewInt(1)) == 0 {
		return fmt.Sprintf("the radicand %s is not an integer above 1", n), nil
	}
	if !n.IsUint64() || n.Uint64() > 1<<62 {
		return "", fmt.Errorf("%w: the radicand %s is too large to factor", errFormUndecided, n)
	}
	for _, pp := range cas.FactorInt(n.Uint64()) {
		if pp.K >= k {
			return fmt.Sprintf("the radicand %s has the factor %d^%d", n, pp.P, k), nil
		}
	}
	return "", nil
}

// checkNumeral: one number written out, each entry of a structure.
func checkNumeral(n expr.Node, decimals bool) string {
	var items []expr.Node
	switch t := n.(type) {
	case *expr.Matrix:
		for _, r := range t.Rows {
			items = append(items, r...)
		}
	case *expr.Tuple:
		items = t.Items
	case *expr.List:
		items = t.Items
	default:
		return numeralWhy(n, decimals)
	}
	for _, it := range items {
		if why := numeralWhy(it, decimals); why != "" {
			return why
		}
	}
	return ""
}

func numeralWhy(n expr.Node, decimals bool) string {
	p := splitProduct(n)
	if len(p.fs) > 0 || len(p.nums) != 1 || len(p.dens) > 1 {
		return fmt.Sprintf("%s is not one number written out", n)
	}
	a := p.nums[0]
	if a.Dec && !decimals {
		return fmt.Sprintf("%s is a decimal, not a fraction", n)
	}
	if len(p.dens) == 0 {
		return ""
	}
	b := p.dens[0]
	switch {
	case a.Dec || b.Dec || !a.V.IsInt() || !b.V.IsInt():
		return fmt.Sprintf("%s is not a fraction of integers", n)
	case b.V.Cmp(big.NewRat(1, 1)) <= 0:
		return fmt.Sprintf("%s has the denominator %s", n, b)
	case new(big.Int).GCD(nil, nil, a.V.Num(), b.V.Num()).Cmp(big.NewInt(1)) != 0:
		return fmt.Sprintf("the fraction %s is not in lowest terms", n)
	}
	return ""
}

func checkPrimeFactorization(n expr.Node) (string, error) {
	p := splitProduct(n)
	if p.neg || len(p.dens) > 0 {
		return fmt.Sprintf("%s is not a product of primes", n), nil
	}
	prime := func(v *expr.Num) bool {
		return !v.Dec && v.V.IsInt() && v.V.Num().IsUint64() && cas.IsPrime(v.V.Num().Uint64())
	}
	for _, v := range p.nums {
		if !prime(v) {
			return fmt.Sprintf("%s is not prime", v), nil
		}
	}
	for _, f := range p.fs {
		b, ok := f.base.(*expr.Num)
		if !ok || f.exp < 1 {
			return fmt.Sprintf("%s is not a prime or a power of a prime", f.base), nil
		}
		if !prime(b) {
			return fmt.Sprintf("%s is not prime", b), nil
		}
	}
	return "", nil
}

func checkRectangular(n expr.Node) (string, error) {
	reals, imags := 0, 0
	for _, t := range sumTerms(n) {
		if !hasI(t) {
			if !algebraicReal(t) {
				return fmt.Sprintf("the term %s is not a real number written with numbers and roots", t), nil
			}
			reals++
			continue
		}
		p := splitProduct(t)
		is := 0
		for _, f := range p.fs {
			switch {
			case isSym(f.base, expr.I):
				if f.exp != 1 {
					return fmt.Sprintf("i is divided by or raised to a power in %s", t), nil
				}
				is++
			case hasI(f.base):
				return fmt.Sprintf("%s holds i inside %s", t, f.base), nil
			case !algebraicReal(f.base):
				return fmt.Sprintf("the term %s is not a real number times i", t), nil
			}
		}
		if is != 1 {
			return fmt.Sprintf("the term %s is not a real number times i", t), nil
		}
		imags++
	}
	if reals > 1 || imags > 1 {
		return "the real parts or the imaginary parts are not combined", nil
	}
	return "", nil
}

func checkPolar(n expr.Node) (string, error) {
	cis := n
	if len(terms(n)) == 1 {
		p := splitProduct(n)
		if p.neg {
			return fmt.Sprintf("%s has a negative modulus", n), nil
		}
		cis = nil
		for _, f := range p.fs {
			if _, ok := f.base.(*expr.Add); ok && f.exp == 1 && cis == nil {
				cis = f.base
				continue
			}
			if hasI(f.base) || !algebraicReal(f.base) {
				return fmt.Sprintf("%s is not a modulus r", f.base), nil
			}
		}
		if cis == nil {
			return fmt.Sprintf("%s is not r(\\cos\\theta + i\\sin\\theta)", n), nil
		}
	}
	ts := terms(cis)
	if len(ts) != 2 {
		return fmt.Sprintf("%s is not \\cos\\theta + i\\sin\\theta", cis), nil
	}
	var cosArg, sinArg expr.Node
	for _, t := range ts {
		if c, ok := t.(*expr.Call); ok && c.Fn == "cos" && len(c.Args) == 1 {
			cosArg = c.Args[0]
			continue
		}
		p := splitProduct(t)
		if p.neg || len(p.nums)+len(p.dens) > 0 || len(p.fs) != 2 {
			continue
		}
		var s *expr.Call
		hasUnit := false
		for _, f := range p.fs {
			if c, ok := f.base.(*expr.Call); ok && c.Fn == "sin" && len(c.Args) == 1 && f.exp == 1 {
				s = c
			} else if isSym(f.base, expr.I) && f.exp == 1 {
				hasUnit = true
			}
		}
		if s != nil && hasUnit {
			sinArg = s.Args[0]
		}
	}
	if cosArg == nil || sinArg == nil {
		return fmt.Sprintf("%s is not \\cos\\theta + i\\sin\\theta", cis), nil
	}
	a, why := piMultiple(cosArg)
	if why != "" {
		return why, nil
	}
	b, why := piMultiple(sinArg)
	if why != "" {
		return why, nil
	}
	switch {
	case a.Cmp(b) != 0:
		return fmt.Sprintf("the cosine and the sine are of different angles (%s, %s)", cosArg, sinArg), nil
	case a.Sign() < 0 || a.Cmp(big.NewRat(2, 1)) >= 0:
		return fmt.Sprintf("the angle %s is outside [0, 2\\pi)", cosArg), nil
	}
	return "", nil
}

// piMultiple reads an angle q\pi (or 0) and returns q.
func piMultiple(a expr.Node) (*big.Rat, string) {
	if v, ok := ratValue(a); ok && v.Sign() == 0 {
		return v, ""
	}
	p := splitProduct(a)
	c, ok := p.coef()
	if !ok || len(p.fs) != 1 || !isSym(p.fs[0].base, expr.Pi) || p.fs[0].exp != 1 {
		return nil, fmt.Sprintf("the angle %s is not a rational multiple of \\pi", a)
	}
	return c, ""
}

func checkPositiveExponents(n expr.Node) (string, error) {
	p := splitProduct(n)
	if why := p.literalCoef(n); why != "" {
		return why, nil
	}
	seen := map[string]bool{}
	for _, f := range p.fs {
		s, ok := f.base.(*expr.Sym)
		switch {
		case !ok || expr.IsConst(s.Name):
			return fmt.Sprintf("%s is not one variable to a power", f.base), nil
		case f.negWritten:
			return fmt.Sprintf("%s has a negative exponent", s), nil
		case f.exp == 0:
			return fmt.Sprintf("%s has the exponent 0", s), nil
		case seen[s.Name]:
			return fmt.Sprintf("the variable %s appears twice", s), nil
		}
		seen[s.Name] = true
	}
	return "", nil
}

func checkSlopeIntercept(n expr.Node) (string, error) {
	rhs := n
	if r, ok := n.(*expr.Rel); ok {
		switch {
		case len(r.Sides) != 2 || r.Ops[0] != "=":
			return fmt.Sprintf("%s is not an equation y = mx + b", n), nil
		case isSym(r.Sides[0], "y"):
			rhs = r.Sides[1]
		case isSym(r.Sides[1], "y"):
			rhs = r.Sides[0]
		default:
			return fmt.Sprintf("%s does not have y alone on one side", n), nil
		}
	}
	xs, cs := 0, 0
	for _, t := range terms(rhs) {
		p := splitProduct(t)
		if why := p.literalCoef(t); why != "" {
			return why, nil
		}
		switch {
		case len(p.fs) == 0:
			cs++
		case len(p.fs) == 1 && isSym(p.fs[0].base, "x") && p.fs[0].exp == 1:
			xs++
		default:
			return fmt.Sprintf("the term %s is neither mx nor b", t), nil
		}
	}
	if xs > 1 || cs > 1 {
		return "the terms of mx + b are not combined", nil
	}
	return "", nil
}

func checkInterval(n expr.Node) (string, error) {
	if r, ok := n.(*expr.Rel); ok && len(r.Sides) == 2 && r.Ops[0] == "in" {
		n = r.Sides[1]
	}
	return intervalWhy(n), nil
}

func intervalWhy(n expr.Node) string {
	switch t := n.(type) {
	case *expr.Tuple:
		if len(t.Items) == 2 && (t.Open == "(" || t.Open == "[") && (t.Close == ")" || t.Close == "]") &&
			len(expr.FreeVars(t.Items[0])) == 0 && len(expr.FreeVars(t.Items[1])) == 0 {
			return ""
		}
	case *expr.SetOp:
		if t.Op == "cup" {
			for _, a := range t.Args {
				if why := intervalWhy(a); why != "" {
					return why
				}
			}
			return ""
		}
	}
	return fmt.Sprintf("%s is not an interval or a union of intervals", n)
}

func checkExact(n expr.Node) (string, error) {
	why := ""
	expr.Walk(n, func(m expr.Node) bool {
		switch t := m.(type) {
		case *expr.Num:
			if t.Dec && why == "" {
				why = fmt.Sprintf("the decimal %s is a rounded value", t)
			}
		case *expr.Rel:
			for _, op := range t.Ops {
				if op == "~" && why == "" {
					why = "it states an approximation"
				}
			}
		}
		return why == ""
	})
	return why, nil
}
