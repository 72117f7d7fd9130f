package cas

import (
	"math/big"
	"strings"

	"github.com/matheval/matheval/expr"
)

// TeX prints e in LaTeX the way a textbook writes it: terms by descending
// degree, coefficients in front, negative powers as fractions, radicals as
// \sqrt, exp(u) as e^{u}, functions with parenthesised arguments.
func TeX(e Expr) string {
	var sb strings.Builder
	texSum(&sb, e)
	return sb.String()
}

func texSum(sb *strings.Builder, e Expr) {
	a, ok := e.(*Add)
	if !ok {
		texSigned(sb, e, true)
		return
	}
	for i, t := range a.Terms {
		texSigned(sb, t, i == 0)
	}
}

// texSigned writes one term with its sign joined to what precedes.
func texSigned(sb *strings.Builder, t Expr, first bool) {
	c, rest := splitCoef(t)
	texProduct(sb, writeSign(sb, c, first), rest)
}

// factorsOf lists the factors of a coefficient-free product.
func factorsOf(rest Expr) []Expr {
	if rest == nil {
		return nil
	}
	if m, ok := rest.(*Mul); ok {
		return m.Factors
	}
	return []Expr{rest}
}

func isNumRadical(f Expr) bool {
	if p, ok := f.(*Pow); ok {
		_, ok := IsNum(p.Base)
		return ok
	}
	return false
}

// texProduct writes c * rest for c >= 0.
func texProduct(sb *strings.Builder, c Q, rest Expr) {
	var num, den []Expr
	for _, f := range factorsOf(rest) {
		if p, ok := f.(*Pow); ok {
			if q, ok := IsNum(p.Exp); ok && q.Sign() < 0 {
				den = append(den, Power(p.Base, N(q.Neg())))
				continue
			}
		}
		num = append(num, f)
	}
	cn := c.Num().String()
	cd := c.Den().String()
	if len(den) == 0 {
		// numeric radicals and pi go over the coefficient's denominator:
		// \frac{\sqrt{3}}{2}x, \frac{5\pi}{6}
		var front, rest []Expr
		for _, f := range num {
			if _, isConst := f.(*Const); isNumRadical(f) || (isConst && f != ImagUnit) {
				front = append(front, f)
			} else {
				rest = append(rest, f)
			}
		}
		switch {
		case len(num) == 0:
			sb.WriteString(c.TeX())
		case !c.IsInt() && len(front) > 0:
			sb.WriteString(`\frac{`)
			writeFactors(sb, omitOne(cn), front, true)
			sb.WriteString("}{" + cd + "}")
			writeFactors(sb, "", rest, false)
		case c.IsOne():
			writeFactors(sb, "", num, false)
		default:
			writeFactors(sb, c.TeX(), num, false)
		}
		return
	}
	sb.WriteString(`\frac{`)
	if len(num) == 0 {
		sb.WriteString(cn)
	} else {
		writeFactors(sb, omitOne(cn), num, true)
	}
	sb.WriteString("}{")
	writeFactors(sb, omitOne(cd), den, true)
	sb.WriteString("}")
}

func omitOne(s string) string {
	if s == "1" {
		return ""
	}
	return s
}

// writeFactors writes lead (a coefficient, possibly empty) and the factors
// side by side: a \cdot between two digits, a space between a letter and a
// letter (x y, \pi x), nothing otherwise. bare drops the parentheses of a
// lone sum (the whole numerator or denominator of a fraction).
func writeFactors(sb *strings.Builder, lead string, fs []Expr, bare bool) {
	if bare && lead == "" && len(fs) == 1 {
		if a, ok := fs[0].(*Add); ok {
			sb.WriteString(TeX(a)) // the only factor of a numerator or denominator
			return
		}
	}
	prev := lead
	sb.WriteString(lead)
	for _, f := range fs {
		s := texFactor(f)
		if prev != "" && s != "" {
			pl, sf := prev[len(prev)-1], s[0]
			switch {
			case isDigitB(pl) && isDigitB(sf):
				sb.WriteString(` \cdot `)
			case isLetterB(pl) && isLetterB(sf):
				sb.WriteString(" ")
			}
		}
		sb.WriteString(s)
		prev = s
	}
}

func isDigitB(c byte) bool  { return c >= '0' && c <= '9' }
func isLetterB(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// texFactor prints one factor of a product.
func texFactor(f Expr) string {
	switch t := f.(type) {
	case *Add:
		return `\left(` + TeX(t) + `\right)`
	case *Num:
		if t.V.Sign() < 0 || !t.V.IsInt() {
			return `\left(` + t.V.TeX() + `\right)`
		}
		return t.V.String()
	}
	return texAtom(f)
}

// texAtom prints a non-sum, non-product expression.
func texAtom(e Expr) string {
	switch t := e.(type) {
	case *Num:
		return t.V.TeX()
	case *Var:
		return t.Name
	case *Const:
		if t.Name == "i" {
			return "i"
		}
		return `\pi`
	case *Pow:
		q, isNum := IsNum(t.Exp)
		if isNum && q.Sign() > 0 && !q.IsInt() {
			n, _ := q.NumInt64()
			d, _ := q.DenInt64()
			if bn, ok := IsNum(t.Base); ok && n > 1 {
				// numeric radical n^(p/m): \sqrt[m]{n^p}
				inner := bn.PowInt(int(n)).String()
				return root(inner, d)
			}
			if n == 1 {
				return root(TeX(t.Base), d)
			}
		}
		if isNum && q.Sign() < 0 {
			var sb strings.Builder
			texProduct(&sb, Int(1), e)
			return sb.String()
		}
		if f, ok := t.Base.(*Fn); ok && isNum && q.IsInt() && q.Sign() > 0 && f.Name != "exp" && f.Name != "abs" {
			// \sin^{2}\left(x\right)
			return `\` + f.Name + "^{" + q.String() + `}\left(` + TeX(f.Arg) + `\right)`
		}
		base := texAtomOrParen(t.Base)
		return base + "^{" + TeX(t.Exp) + "}"
	case *Fn:
		switch t.Name {
		case "exp":
			if n, ok := t.Arg.(*Num); ok && n.V.Equal(Int(1)) {
				return "e" // e^{1} is written e
			}
			return "e^{" + TeX(t.Arg) + "}"
		case "abs":
			return `\left|` + TeX(t.Arg) + `\right|`
		}
		return `\` + t.Name + `\left(` + TeX(t.Arg) + `\right)`
	case *Add, *Mul:
		return `\left(` + TeX(e) + `\right)`
	}
	return TeX(e)
}

func root(inner string, d int64) string {
	if d == 2 {
		return `\sqrt{` + inner + "}"
	}
	return `\sqrt[` + big.NewInt(d).String() + "]{" + inner + "}"
}

// texAtomOrParen prints a power's base, parenthesised unless it is a
// variable, a constant or a nonnegative integer.
func texAtomOrParen(b Expr) string {
	switch t := b.(type) {
	case *Var, *Const:
		return texAtom(b)
	case *Num:
		if t.V.Sign() >= 0 && t.V.IsInt() {
			return t.V.String()
		}
	}
	return `\left(` + TeX(b) + `\right)`
}

// Py prints e in Python/sympy syntax (rationals as (p/q), which sympify
// reads exactly).
func Py(e Expr) string {
	switch t := e.(type) {
	case *Num:
		return "(" + t.V.String() + ")"
	case *Var:
		return t.Name
	case *Const:
		if t.Name == "i" {
			return "I"
		}
		return "pi"
	case *Add:
		parts := make([]string, len(t.Terms))
		for i, u := range t.Terms {
			parts[i] = Py(u)
		}
		return "(" + strings.Join(parts, " + ") + ")"
	case *Mul:
		parts := make([]string, len(t.Factors))
		for i, u := range t.Factors {
			parts[i] = Py(u)
		}
		return "(" + strings.Join(parts, "*") + ")"
	case *Pow:
		return "(" + Py(t.Base) + ")**(" + Py(t.Exp) + ")"
	case *Fn:
		name := map[string]string{"ln": "log", "arctan": "atan", "arcsin": "asin", "arccos": "acos", "abs": "Abs"}[t.Name]
		if name == "" {
			name = t.Name
		}
		return name + "(" + Py(t.Arg) + ")"
	}
	return "?"
}

// ToExpr converts e to an expr tree, the tree the grader and the evaluator
// of package expr work on.
func ToExpr(e Expr) expr.Node {
	switch t := e.(type) {
	case *Num:
		if t.V.Sign() < 0 {
			return &expr.Neg{X: &expr.Num{V: t.V.Neg().Big()}}
		}
		return &expr.Num{V: t.V.Big()}
	case *Var:
		return &expr.Sym{Name: t.Name}
	case *Const:
		if t.Name == "i" {
			return &expr.Sym{Name: expr.I}
		}
		return &expr.Sym{Name: expr.Pi}
	case *Add:
		ts := make([]expr.Node, len(t.Terms))
		for i, u := range t.Terms {
			ts[i] = ToExpr(u)
		}
		return &expr.Add{Terms: ts}
	case *Mul:
		c, rest := splitCoef(t)
		if c.Sign() < 0 {
			return &expr.Neg{X: ToExpr(withCoef(c.Neg(), rest))}
		}
		fs := make([]expr.Node, len(t.Factors))
		for i, u := range t.Factors {
			fs[i] = ToExpr(u)
		}
		return &expr.Mul{Factors: fs}
	case *Pow:
		return &expr.Pow{Base: ToExpr(t.Base), Exp: ToExpr(t.Exp)}
	case *Fn:
		arg := ToExpr(t.Arg)
		switch t.Name {
		case "exp":
			return &expr.Pow{Base: &expr.Sym{Name: expr.E}, Exp: arg}
		case "arctan":
			return &expr.Call{Fn: "atan", Args: []expr.Node{arg}}
		case "arcsin":
			return &expr.Call{Fn: "asin", Args: []expr.Node{arg}}
		case "arccos":
			return &expr.Call{Fn: "acos", Args: []expr.Node{arg}}
		}
		return &expr.Call{Fn: t.Name, Args: []expr.Node{arg}}
	}
	panic("cas: unknown expression")
}
