package cas

import (
	"errors"
	"math"
)

// D returns the derivative of e with respect to the variable x, by the sum,
// product, power and chain rules and the derivatives of the elementary
// functions.
func D(e Expr, x string) Expr {
	switch t := e.(type) {
	case *Num, *Const:
		return I(0)
	case *Var:
		if t.Name == x {
			return I(1)
		}
		return I(0)
	case *Add:
		ds := make([]Expr, len(t.Terms))
		for i, u := range t.Terms {
			ds[i] = D(u, x)
		}
		return Sum(ds...)
	case *Mul:
		var terms []Expr
		for i, f := range t.Factors {
			df := D(f, x)
			if isZero(df) {
				continue
			}
			fs := make([]Expr, 0, len(t.Factors))
			fs = append(fs, t.Factors[:i]...)
			fs = append(fs, df)
			fs = append(fs, t.Factors[i+1:]...)
			terms = append(terms, Product(fs...))
		}
		return Sum(terms...)
	case *Pow:
		hasB, hasE := Has(t.Base, x), Has(t.Exp, x)
		switch {
		case !hasB && !hasE:
			return I(0)
		case !hasE: // u^c: c u^(c-1) u'
			return Product(t.Exp, Power(t.Base, Sum(t.Exp, I(-1))), D(t.Base, x))
		case !hasB: // a^v: a^v ln(a) v'
			return Product(t, Call("ln", t.Base), D(t.Exp, x))
		default: // u^v (v' ln u + v u'/u)
			return Product(t, Sum(Product(D(t.Exp, x), Call("ln", t.Base)),
				Product(t.Exp, D(t.Base, x), Power(t.Base, I(-1)))))
		}
	case *Fn:
		if a, ok := t.Arg.(*Fn); ok && t.Name == "ln" && a.Name == "abs" { // (ln|u|)' = u'/u
			return Product(D(a.Arg, x), Power(a.Arg, I(-1)))
		}
		du := D(t.Arg, x)
		if isZero(du) {
			return I(0)
		}
		u := t.Arg
		var outer Expr
		switch t.Name {
		case "sin":
			outer = Call("cos", u)
		case "cos":
			outer = Neg(Call("sin", u))
		case "tan":
			outer = Power(Call("cos", u), I(-2))
		case "sec":
			outer = Product(Call("sec", u), Call("tan", u))
		case "exp":
			outer = t
		case "ln":
			outer = Power(u, I(-1))
		case "arctan":
			outer = Power(Sum(I(1), Power(u, I(2))), I(-1))
		case "arcsin":
			outer = Power(Diff(I(1), Power(u, I(2))), F(-1, 2))
		case "arccos":
			outer = Neg(Power(Diff(I(1), Power(u, I(2))), F(-1, 2)))
		case "sinh":
			outer = Call("cosh", u)
		case "cosh":
			outer = Call("sinh", u)
		case "tanh":
			outer = Power(Call("cosh", u), I(-2))
		case "abs":
			outer = Product(u, Power(t, I(-1)))
		default:
			panic("cas: no derivative for " + t.Name)
		}
		return Product(outer, du)
	}
	panic("cas: unknown expression")
}

// Subst replaces the variable x by v and simplifies.
func Subst(e Expr, x string, v Expr) Expr {
	switch t := e.(type) {
	case *Var:
		if t.Name == x {
			return v
		}
		return e
	case *Add:
		ts := make([]Expr, len(t.Terms))
		for i, u := range t.Terms {
			ts[i] = Subst(u, x, v)
		}
		return Sum(ts...)
	case *Mul:
		fs := make([]Expr, len(t.Factors))
		for i, u := range t.Factors {
			fs[i] = Subst(u, x, v)
		}
		return Product(fs...)
	case *Pow:
		return Power(Subst(t.Base, x, v), Subst(t.Exp, x, v))
	case *Fn:
		return Call(t.Name, Subst(t.Arg, x, v))
	}
	return e
}

// Expand distributes products over sums and expands positive integer
// powers of sums (up to the 12th), inside function arguments too.
func Expand(e Expr) Expr {
	switch t := e.(type) {
	case *Add:
		ts := make([]Expr, len(t.Terms))
		for i, u := range t.Terms {
			ts[i] = Expand(u)
		}
		return Sum(ts...)
	case *Mul:
		acc := []Expr{I(1)} // terms of the running product
		for _, f := range t.Factors {
			fe := Expand(f)
			var fts []Expr
			if a, ok := fe.(*Add); ok {
				fts = a.Terms
			} else {
				fts = []Expr{fe}
			}
			if len(acc)*len(fts) > 4096 {
				panic(ErrLimit)
			}
			next := make([]Expr, 0, len(acc)*len(fts))
			for _, a := range acc {
				for _, b := range fts {
					next = append(next, Product(a, b))
				}
			}
			acc = next
		}
		return Sum(acc...)
	case *Pow:
		b := Expand(t.Base)
		ex := Expand(t.Exp)
		if n, ok := IsNum(ex); ok && n.IsInt() && n.Sign() > 0 {
			k, _ := n.Int64()
			if _, isAdd := b.(*Add); isAdd && k <= 12 {
				r := Expr(I(1))
				for i := int64(0); i < k; i++ {
					r = distribute(r, b)
				}
				return r
			}
		}
		return Power(b, ex)
	case *Fn:
		return Call(t.Name, Expand(t.Arg))
	}
	return e
}

// distribute multiplies two expanded expressions term by term.
func distribute(a, b Expr) Expr {
	ta, tb := termsOf(a), termsOf(b)
	if len(ta)*len(tb) > 4096 {
		panic(ErrLimit)
	}
	out := make([]Expr, 0, len(ta)*len(tb))
	for _, u := range ta {
		for _, v := range tb {
			out = append(out, Product(u, v))
		}
	}
	return Sum(out...)
}

func termsOf(e Expr) []Expr {
	if a, ok := e.(*Add); ok {
		return a.Terms
	}
	return []Expr{e}
}

// Eval evaluates e in floating point with the variables of env. It is the
// numeric cross-check of cas's own values; answers read from text are
// evaluated by expr.
func Eval(e Expr, env map[string]float64) float64 {
	switch t := e.(type) {
	case *Num:
		return t.V.Float()
	case *Var:
		v, ok := env[t.Name]
		if !ok {
			return math.NaN()
		}
		return v
	case *Const:
		if t.Name != "pi" {
			return math.NaN()
		}
		return math.Pi
	case *Add:
		s := 0.0
		for _, u := range t.Terms {
			s += Eval(u, env)
		}
		return s
	case *Mul:
		p := 1.0
		for _, u := range t.Factors {
			p *= Eval(u, env)
		}
		return p
	case *Pow:
		b, x := Eval(t.Base, env), Eval(t.Exp, env)
		if b < 0 && x != math.Trunc(x) {
			// a real odd root of a negative number
			if q, ok := IsNum(t.Exp); ok {
				if d, ok := q.DenInt64(); ok && d%2 == 1 {
					n, _ := q.NumInt64()
					r := math.Pow(-b, x)
					if n%2 != 0 {
						return -r
					}
					return r
				}
			}
		}
		return math.Pow(b, x)
	case *Fn:
		u := Eval(t.Arg, env)
		switch t.Name {
		case "sin":
			return math.Sin(u)
		case "cos":
			return math.Cos(u)
		case "tan":
			return math.Tan(u)
		case "sec":
			return 1 / math.Cos(u)
		case "exp":
			return math.Exp(u)
		case "ln":
			return math.Log(u)
		case "arctan":
			return math.Atan(u)
		case "arcsin":
			return math.Asin(u)
		case "arccos":
			return math.Acos(u)
		case "sinh":
			return math.Sinh(u)
		case "cosh":
			return math.Cosh(u)
		case "tanh":
			return math.Tanh(u)
		case "abs":
			return math.Abs(u)
		}
	}
	return math.NaN()
}

// Equal reports whether a and b are equal expressions: equal keys, or equal
// keys after expanding both. It never says equal when they are not; it may
// say not equal for equal expressions outside the forms Expand normalises.
func Equal(a, b Expr) bool {
	if a.Key() == b.Key() {
		return true
	}
	return Expand(Diff(a, b)).Key() == "0"
}

// ToPoly returns e as a polynomial in x when it is one with rational
// coefficients (after expansion).
func ToPoly(e Expr, x string) (Poly, bool) {
	e = Expand(e)
	var terms []Expr
	if a, ok := e.(*Add); ok {
		terms = a.Terms
	} else {
		terms = []Expr{e}
	}
	p := Poly{}
	for _, t := range terms {
		c, rest := splitCoef(t)
		k := 0
		switch r := rest.(type) {
		case nil:
		case *Var:
			if r.Name != x {
				return Poly{}, false
			}
			k = 1
		case *Pow:
			v, ok := r.Base.(*Var)
			n, ok2 := IsNum(r.Exp)
			if !ok || !ok2 || v.Name != x || !n.IsInt() || n.Sign() < 0 {
				return Poly{}, false
			}
			kk, _ := n.Int64()
			if kk > MaxDegree {
				panic(ErrLimit)
			}
			k = int(kk)
		default:
			return Poly{}, false
		}
		p = p.Add(Monomial(c, k))
	}
	return p, true
}

// FromPoly returns the polynomial p in the variable x as an expression.
func FromPoly(p Poly, x string) Expr {
	ts := make([]Expr, 0, len(p.c))
	for i, c := range p.c {
		if !c.IsZero() {
			ts = append(ts, Product(N(c), Power(V(x), I(int64(i)))))
		}
	}
	return Sum(ts...)
}

// FromRatFunc returns r in the variable x as an expression.
func FromRatFunc(r RatFunc, x string) Expr {
	return r.Expr(x)
}

// ErrNotRational reports an expression that is not a rational function.
var ErrNotRational = errors.New("cas: not a rational function")

// ToRatFunc returns e as a rational function of x when it is one.
func ToRatFunc(e Expr, x string) (RatFunc, error) {
	switch t := e.(type) {
	case *Num:
		return PolyRF(ConstPoly(t.V)), nil
	case *Var:
		if t.Name != x {
			return RatFunc{}, ErrNotRational
		}
		return PolyRF(Monomial(Int(1), 1)), nil
	case *Add:
		s := PolyRF(Poly{})
		for _, u := range t.Terms {
			r, err := ToRatFunc(u, x)
			if err != nil {
				return r, err
			}
			s = s.Add(r)
		}
		return s, nil
	case *Mul:
		s := PolyRF(ConstPoly(Int(1)))
		for _, u := range t.Factors {
			r, err := ToRatFunc(u, x)
			if err != nil {
				return r, err
			}
			s = s.Mul(r)
		}
		return s, nil
	case *Pow:
		n, ok := IsNum(t.Exp)
		if !ok || !n.IsInt() {
			return RatFunc{}, ErrNotRational
		}
		k, _ := n.Int64()
		if k > MaxDegree || k < -MaxDegree {
			return RatFunc{}, ErrLimit
		}
		b, err := ToRatFunc(t.Base, x)
		if err != nil {
			return b, err
		}
		r := PolyRF(ConstPoly(Int(1)))
		for i := int64(0); i < abs(k); i++ {
			r = r.Mul(b)
		}
		if k < 0 {
			if r.Num.IsZero() {
				return RatFunc{}, ErrNotRational
			}
			r = NewRatFunc(r.Den, r.Num)
		}
		return r, nil
	}
	return RatFunc{}, ErrNotRational
}
