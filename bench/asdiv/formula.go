package asdiv

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"unicode"
)

// This file holds a small exact evaluator for ASDiv's annotated formulas.
// Values are affine forms over the formula's declared variables (c0 + Σ ci·xi)
// with big.Rat coefficients, so the same code evaluates plain arithmetic
// ("(5-2)*3") and turns the algebra items' equations into linear systems.
// Everything is bounded: operand size, exponent size and step count.

// Limits that keep one formula's evaluation small whatever the input.
const (
	maxFormulaLen = 2000 // characters in one formula
	maxRatBits    = 4096 // bits of a numerator or denominator
	maxExponent   = 64   // |n| in a^n
	maxSteps      = 20000
)

var errLimit = errors.New("size limit reached")

// affine is c + Σ coef[v]·v.
type affine struct {
	c    *big.Rat
	coef map[string]*big.Rat
}

func constant(r *big.Rat) affine { return affine{c: r} }

func (a affine) isConst() bool {
	for _, v := range a.coef {
		if v.Sign() != 0 {
			return false
		}
	}
	return true
}

func (a affine) add(b affine, sign int) affine {
	out := affine{c: new(big.Rat), coef: map[string]*big.Rat{}}
	if sign > 0 {
		out.c.Add(a.c, b.c)
	} else {
		out.c.Sub(a.c, b.c)
	}
	for k, v := range a.coef {
		out.coef[k] = new(big.Rat).Set(v)
	}
	for k, v := range b.coef {
		cur, ok := out.coef[k]
		if !ok {
			cur = new(big.Rat)
			out.coef[k] = cur
		}
		if sign > 0 {
			cur.Add(cur, v)
		} else {
			cur.Sub(cur, v)
		}
	}
	return out
}

func (a affine) scale(r *big.Rat) affine {
	out := affine{c: new(big.Rat).Mul(a.c, r), coef: map[string]*big.Rat{}}
	for k, v := range a.coef {
		out.coef[k] = new(big.Rat).Mul(v, r)
	}
	return out
}

func (a affine) String() string {
	if a.isConst() {
		return ratString(a.c)
	}
	var b strings.Builder
	b.WriteString(ratString(a.c))
	for k, v := range a.coef {
		if v.Sign() != 0 {
			fmt.Fprintf(&b, " + %s·%s", ratString(v), k)
		}
	}
	return b.String()
}

// ratString prints a rational as an integer, a short decimal or a fraction.
func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	// A terminating decimal of modest length reads better than a fraction.
	d := new(big.Int).Set(r.Denom())
	for _, p := range []int64{2, 5} {
		bp := big.NewInt(p)
		m := new(big.Int)
		for {
			q, rem := new(big.Int).QuoRem(d, bp, m)
			if rem.Sign() != 0 {
				break
			}
			d = q
		}
	}
	if d.Cmp(big.NewInt(1)) == 0 {
		s := r.FloatString(12)
		s = strings.TrimRight(s, "0")
		return strings.TrimSuffix(s, ".")
	}
	return r.String()
}

// parser is a recursive-descent parser over one side of an equation.
type parser struct {
	s     []rune
	pos   int
	vars  map[string]bool     // declared single-letter variables
	env   map[string]*big.Rat // values substituted for variables, if any
	steps int
}

func (p *parser) fail(format string, args ...any) error {
	return fmt.Errorf("at %d in %q: %s", p.pos, string(p.s), fmt.Sprintf(format, args...))
}

func (p *parser) skip() {
	for p.pos < len(p.s) && unicode.IsSpace(p.s[p.pos]) {
		p.pos++
	}
}

func (p *parser) peek() rune {
	p.skip()
	if p.pos >= len(p.s) {
		return 0
	}
	return p.s[p.pos]
}

func (p *parser) tick() error {
	p.steps++
	if p.steps > maxSteps {
		return errLimit
	}
	return nil
}

func checkSize(r *big.Rat) error {
	if r.Num().BitLen() > maxRatBits || r.Denom().BitLen() > maxRatBits {
		return errLimit
	}
	return nil
}

// evalExpr parses a whole string as one expression.
func evalExpr(s string, vars map[string]bool) (affine, error) {
	return evalExprEnv(s, vars, nil)
}

// evalExprEnv is evalExpr with values put in for some variables.
func evalExprEnv(s string, vars map[string]bool, env map[string]*big.Rat) (affine, error) {
	if len(s) > maxFormulaLen {
		return affine{}, errLimit
	}
	p := &parser{s: []rune(s), vars: vars, env: env}
	v, err := p.expr()
	if err != nil {
		return affine{}, err
	}
	if p.peek() != 0 {
		return affine{}, p.fail("unexpected %q", string(p.peek()))
	}
	return v, nil
}

func (p *parser) expr() (affine, error) {
	if err := p.tick(); err != nil {
		return affine{}, err
	}
	v, err := p.term()
	if err != nil {
		return v, err
	}
	for {
		switch p.peek() {
		case '+', '-':
			op := p.s[p.pos]
			p.pos++
			w, err := p.term()
			if err != nil {
				return v, err
			}
			if op == '+' {
				v = v.add(w, 1)
			} else {
				v = v.add(w, -1)
			}
		default:
			return v, nil
		}
	}
}

// startsAtom reports whether r can begin an operand (for implicit products
// such as "2x", "7(10x+y)" or "(x-5)(y+3)").
func (p *parser) startsAtom(r rune) bool {
	return r == '(' || r == '[' || unicode.IsDigit(r) || r == '.' || unicode.IsLetter(r)
}

func (p *parser) term() (affine, error) {
	v, err := p.unary()
	if err != nil {
		return v, err
	}
	for {
		if err := p.tick(); err != nil {
			return v, err
		}
		r := p.peek()
		switch {
		case r == '*' || r == '×' || r == 'x' && !p.vars["x"] && p.isTimesX():
			p.pos++
			w, err := p.unary()
			if err != nil {
				return v, err
			}
			if v, err = mul(v, w); err != nil {
				return v, p.fail("%v", err)
			}
		case r == '/' || r == '÷':
			p.pos++
			w, err := p.unary()
			if err != nil {
				return v, err
			}
			if v, err = div(v, w); err != nil {
				return v, p.fail("%v", err)
			}
		case r != 0 && p.startsAtom(r):
			w, err := p.power()
			if err != nil {
				return v, err
			}
			if v, err = mul(v, w); err != nil {
				return v, p.fail("%v", err)
			}
		default:
			return v, nil
		}
	}
}

// isTimesX is never true: 'x' is only a variable in ASDiv formulas. Kept as a
// hook so the rule is in one place should a dataset use x for times.
func (p *parser) isTimesX() bool { return false }

func mul(a, b affine) (affine, error) {
	switch {
	case a.isConst():
		out := b.scale(a.c)
		return out, checkSize(out.c)
	case b.isConst():
		out := a.scale(b.c)
		return out, checkSize(out.c)
	}
	return affine{}, errNonlinear
}

var errNonlinear = errors.New("nonlinear in the unknowns")

func div(a, b affine) (affine, error) {
	if !b.isConst() {
		return affine{}, errNonlinear
	}
	if b.c.Sign() == 0 {
		return affine{}, errors.New("division by zero")
	}
	out := a.scale(new(big.Rat).Inv(b.c))
	return out, checkSize(out.c)
}

func (p *parser) unary() (affine, error) {
	switch p.peek() {
	case '-', '−':
		p.pos++
		v, err := p.unary()
		if err != nil {
			return v, err
		}
		return v.scale(big.NewRat(-1, 1)), nil
	case '+':
		p.pos++
		return p.unary()
	}
	return p.power()
}

func (p *parser) power() (affine, error) {
	base, err := p.atom()
	if err != nil {
		return base, err
	}
	if p.peek() != '^' {
		return base, nil
	}
	p.pos++
	exp, err := p.unary()
	if err != nil {
		return base, err
	}
	if !base.isConst() || !exp.isConst() {
		return base, p.fail("power of an unknown")
	}
	r, err := ratPow(base.c, exp.c)
	if err != nil {
		return base, p.fail("%v", err)
	}
	return constant(r), nil
}

// ratPow computes b^e exactly for integer e, and for e = 1/n when b is a
// perfect n-th power (64^(1/2) = 8).
func ratPow(b, e *big.Rat) (*big.Rat, error) {
	if e.IsInt() {
		if e.Num().BitLen() > 7 || abs64(e.Num().Int64()) > maxExponent {
			return nil, errLimit
		}
		n := e.Num().Int64()
		if n < 0 && b.Sign() == 0 {
			return nil, errors.New("division by zero")
		}
		num := new(big.Int).Exp(b.Num(), big.NewInt(abs64(n)), nil)
		den := new(big.Int).Exp(b.Denom(), big.NewInt(abs64(n)), nil)
		r := new(big.Rat).SetFrac(num, den)
		if n < 0 {
			r.Inv(r)
		}
		return r, checkSize(r)
	}
	if e.Num().Cmp(big.NewInt(1)) == 0 && e.Denom().BitLen() <= 7 && b.Sign() >= 0 {
		n := e.Denom().Int64()
		num, ok1 := intRoot(b.Num(), n)
		den, ok2 := intRoot(b.Denom(), n)
		if ok1 && ok2 {
			return new(big.Rat).SetFrac(num, den), nil
		}
	}
	return nil, errors.New("irrational power")
}

func intRoot(x *big.Int, n int64) (*big.Int, bool) {
	if n == 2 {
		r := new(big.Int).Sqrt(x)
		return r, new(big.Int).Mul(r, r).Cmp(x) == 0
	}
	// Small n and small x only: a float guess checked exactly.
	f, _ := new(big.Float).SetInt(x).Float64()
	g := int64(0)
	if f > 0 {
		g = int64(math.Pow(f, 1/float64(n)) + 0.5)
	}
	for _, c := range []int64{g - 1, g, g + 1} {
		if c < 0 {
			continue
		}
		if new(big.Int).Exp(big.NewInt(c), big.NewInt(n), nil).Cmp(x) == 0 {
			return big.NewInt(c), true
		}
	}
	return nil, false
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

func (p *parser) atom() (affine, error) {
	if err := p.tick(); err != nil {
		return affine{}, err
	}
	r := p.peek()
	switch {
	case r == '(' || r == '[':
		closeR := ')'
		if r == '[' {
			closeR = ']'
		}
		p.pos++
		v, err := p.expr()
		if err != nil {
			return v, err
		}
		if p.peek() != closeR {
			return v, p.fail("missing %q", string(closeR))
		}
		p.pos++
		return p.percent(v)
	case unicode.IsDigit(r) || r == '.':
		start := p.pos
		// No thousands separators: formulas never use them, and commas
		// separate GCD/LCM arguments ("LCM[72,108]").
		for p.pos < len(p.s) && (unicode.IsDigit(p.s[p.pos]) || p.s[p.pos] == '.') {
			p.pos++
		}
		lit := string(p.s[start:p.pos])
		v, ok := new(big.Rat).SetString(lit)
		if !ok {
			return affine{}, p.fail("bad number %q", lit)
		}
		return p.percent(constant(v))
	case unicode.IsLetter(r):
		start := p.pos
		for p.pos < len(p.s) && unicode.IsLetter(p.s[p.pos]) {
			p.pos++
		}
		word := string(p.s[start:p.pos])
		up := strings.ToUpper(word)
		if (up == "GCD" || up == "LCM") && (p.peek() == '(' || p.peek() == '[') {
			return p.gcdlcm(up)
		}
		word = p.declaredCase(word)
		if v, ok := p.env[word]; ok {
			return constant(v), nil
		}
		if p.env != nil && len(word) > 1 {
			// "xy" with both known: their product
			prod := big.NewRat(1, 1)
			ok := true
			for _, c := range word {
				v, has := p.env[string(c)]
				if !has {
					ok = false
					break
				}
				prod.Mul(prod, v)
			}
			if ok {
				return constant(prod), nil
			}
		}
		if p.vars[word] {
			return affine{c: new(big.Rat), coef: map[string]*big.Rat{word: big.NewRat(1, 1)}}, nil
		}
		// Several declared one-letter variables written together ("xy").
		allVars := true
		for _, c := range word {
			if !p.vars[string(c)] {
				allVars = false
			}
		}
		if allVars && len(word) > 1 {
			return affine{}, p.fail("product of unknowns %q: %v", word, errNonlinear)
		}
		return affine{}, p.fail("unknown name %q", word)
	}
	if r == 0 {
		return affine{}, p.fail("unexpected end")
	}
	return affine{}, p.fail("unexpected %q", string(r))
}

func (p *parser) percent(v affine) (affine, error) {
	if p.peek() == '%' {
		p.pos++
		return v.scale(big.NewRat(1, 100)), nil
	}
	return v, nil
}

func (p *parser) gcdlcm(fn string) (affine, error) {
	openR := p.s[p.pos]
	closeR := ')'
	if openR == '[' {
		closeR = ']'
	}
	p.pos++
	var args []*big.Int
	for {
		v, err := p.expr()
		if err != nil {
			return v, err
		}
		if !v.isConst() || !v.c.IsInt() {
			return affine{}, p.fail("%s of a non-integer", fn)
		}
		args = append(args, new(big.Int).Abs(v.c.Num()))
		switch p.peek() {
		case ',':
			p.pos++
			continue
		case closeR:
			p.pos++
		default:
			return affine{}, p.fail("missing %q", string(closeR))
		}
		break
	}
	acc := new(big.Int).Set(args[0])
	for _, a := range args[1:] {
		g := new(big.Int).GCD(nil, nil, acc, a)
		if fn == "GCD" {
			acc = g
		} else if g.Sign() != 0 {
			acc.Mul(acc, a)
			acc.Quo(acc, g)
		}
	}
	return constant(new(big.Rat).SetInt(acc)), nil
}

// declaredCase maps a one-letter name to the declared variable of the other
// case when only that one is declared ("12%X" with "x:" declared).
func (p *parser) declaredCase(w string) string {
	if len([]rune(w)) != 1 || p.vars[w] {
		return w
	}
	for _, alt := range []string{strings.ToLower(w), strings.ToUpper(w)} {
		if p.vars[alt] {
			return alt
		}
	}
	return w
}
