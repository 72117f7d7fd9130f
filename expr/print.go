package expr

import (
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// Printing back to LaTeX. The same printer, with sorted operands, gives the
// canonical key of a tree (Key): two trees that differ only in the order of
// commutative operands print alike.

func (n *Num) String() string {
	if n.Dec && n.Places > 0 {
		if n.Trail {
			return n.V.FloatString(n.Places) + `\ldots`
		}
		return n.V.FloatString(n.Places)
	}
	if n.V.IsInt() {
		if n.Radix > 1 && n.V.Sign() >= 0 {
			d := strings.ToUpper(n.V.Num().Text(n.Radix))
			if d[0] > '9' {
				d = "\\text{" + d + "}" // B7_{12} would read B times 7
			}
			return d + "_{" + strconv.Itoa(n.Radix) + "}"
		}
		return n.V.Num().String()
	}
	num := n.V.Num()
	if num.Sign() < 0 {
		return "-\\frac{" + new(big.Int).Neg(num).String() + "}{" + n.V.Denom().String() + "}"
	}
	return "\\frac{" + num.String() + "}{" + n.V.Denom().String() + "}"
}

func (s *Sym) String() string {
	// a_{12}: brace subscripts longer than one character
	if i := strings.IndexByte(s.Name, '_'); i > 0 && len(s.Name)-i-1 > 1 && !strings.HasPrefix(s.Name[i+1:], "{") {
		return s.Name[:i+1] + "{" + s.Name[i+1:] + "}"
	}
	return s.Name
}
func (n *Neg) String() string { return "-" + wrap(n.X, precMul) }
func (a *Add) String() string { return printAdd(a.Terms, false) }
func (m *Mul) String() string { return printMul(m.Factors, false) }
func (p *Pow) String() string { return printPow(p, false) }
func (c *Call) String() string {
	return printCall(c, false)
}
func (r *Rel) String() string   { return printRel(r, false) }
func (t *Tuple) String() string { return printTuple(t, false) }
func (s *Set) String() string   { return printSet(s.Items, false) }
func (s *SetOp) String() string { return printSetOp(s, false) }
func (m *Matrix) String() string {
	return printMatrix(m, false)
}
func (l *List) String() string  { return joinNodes(l.Items, ", ", false) }
func (r *Ratio) String() string { return joinNodes(r.Items, ":", false) }
func (t *Text) String() string  { return "\\text{" + textBody(t.S) + "}" }

// textBody is a text answer as it may stand inside \text{...}: without
// braces, dollars or a backslash that starts no command, which would end
// the group or the math early when the answer is read again.
func textBody(s string) string {
	if !strings.ContainsAny(s, "{}$\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '{' || c == '}' || c == '$':
		case c == '\\' && (i+1 == len(s) || !isASCIILetter(s[i+1])):
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// Key returns a canonical printing of n: commutative operands are sorted, so
// that a+b and b+a, or F_kF_j and F_jF_k, have the same key.
func Key(n Node) string { return pr(n, true) }

const (
	precAdd  = 1
	precMul  = 2
	precPow  = 3
	precAtom = 4
)

func prec(n Node) int {
	switch t := n.(type) {
	case *Add, *Rel, *List, *SetOp, *Ratio:
		return precAdd
	case *Neg:
		return precAdd
	case *Mul:
		return precMul
	case *Pow:
		return precPow
	case *Num:
		if t.V.Sign() < 0 || !t.V.IsInt() && !t.Dec {
			return precMul
		}
	case *Call:
		if prefixOperator(t) {
			return precAdd
		}
	}
	return precAtom
}

// prefixOperator reports whether c prints as an operator written before
// an operand that runs to the right (\sum_{k=1}^{n} k^{2}, \int x \, dx,
// \lim_{x \to 0} f, \pm x). Such a printing binds loosest: as the base of
// a power or a factor of a product it must be bracketed, or
// (\sum k)^2 and \sum k^2 print, and key, alike.
func prefixOperator(c *Call) bool {
	switch c.Fn {
	case "sum", "prod":
		return len(c.Args) == 4
	case "int":
		return len(c.Args) == 4 || len(c.Args) == 2
	case "lim":
		return len(c.Args) == 3
	case "modclass":
		return len(c.Args) == 2
	case "diff":
		return len(c.Args) == 2
	case "pm":
		return true
	}
	return false
}

func wrap(n Node, min int) string { return wrapC(n, min, false) }

func wrapC(n Node, min int, canon bool) string {
	s := pr(n, canon)
	if prec(n) < min {
		return "\\left(" + s + "\\right)"
	}
	return s
}

func pr(n Node, canon bool) string {
	if !canon {
		return n.String()
	}
	switch t := n.(type) {
	case *Neg:
		return "-" + wrapC(t.X, precMul, true)
	case *Add:
		return printAdd(t.Terms, true)
	case *Mul:
		return printMul(t.Factors, true)
	case *Pow:
		return printPow(t, true)
	case *Call:
		return printCall(t, true)
	case *Rel:
		return printRel(t, true)
	case *Tuple:
		return printTuple(t, true)
	case *Set:
		return printSet(t.Items, true)
	case *SetOp:
		return printSetOp(t, true)
	case *Matrix:
		return printMatrix(t, true)
	case *List:
		return "\\{" + joinSorted(t.Items, ", ") + "\\}"
	case *Ratio:
		return joinNodes(t.Items, ":", true)
	case *Text:
		return "\\text{" + strings.ToLower(textBody(t.S)) + "}"
	}
	return n.String()
}

func joinNodes(items []Node, sep string, canon bool) string {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = pr(it, canon)
	}
	return strings.Join(parts, sep)
}

func joinSorted(items []Node, sep string) string {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = pr(it, true)
	}
	sort.Strings(parts)
	return strings.Join(parts, sep)
}

func printAdd(terms []Node, canon bool) string {
	parts := make([]string, len(terms))
	for i, t := range terms {
		parts[i] = wrapC(t, precAdd, canon)
	}
	if canon {
		sort.Strings(parts)
	}
	var b strings.Builder
	for i, p := range parts {
		if i > 0 && !strings.HasPrefix(p, "-") && !strings.HasPrefix(p, "\\pm") {
			b.WriteString("+")
		}
		b.WriteString(p)
	}
	return b.String()
}

func printMul(factors []Node, canon bool) string {
	var num, den []string
	for _, f := range factors {
		if p, ok := f.(*Pow); ok {
			if e, ok := p.Exp.(*Num); ok && e.V.Sign() < 0 {
				if e.V.Cmp(minusOne) == 0 {
					den = append(den, wrapC(p.Base, precMul, canon))
				} else {
					neg := &Pow{Base: p.Base, Exp: &Num{V: new(big.Rat).Neg(e.V)}}
					den = append(den, wrapC(neg, precMul, canon))
				}
				continue
			}
		}
		num = append(num, wrapC(f, precPow, canon))
	}
	if canon && !hasMatrix(factors) {
		// products of matrices do not commute: A B is not B A
		sort.Strings(num)
		sort.Strings(den)
	}
	ns := strings.Join(num, " \\cdot ")
	if len(num) == 0 {
		ns = "1"
	}
	if len(den) == 0 {
		return ns
	}
	return "\\frac{" + ns + "}{" + strings.Join(den, " \\cdot ") + "}"
}

// hasMatrix reports whether any of ns holds a matrix.
func hasMatrix(ns []Node) bool {
	found := false
	for _, n := range ns {
		Walk(n, func(m Node) bool {
			if _, ok := m.(*Matrix); ok {
				found = true
			}
			return !found
		})
	}
	return found
}

func printPow(p *Pow, canon bool) string {
	if e, ok := p.Exp.(*Num); ok && e.V.Cmp(half) == 0 {
		return "\\sqrt{" + pr(p.Base, canon) + "}"
	}
	return wrapC(p.Base, precAtom, canon) + "^{" + pr(p.Exp, canon) + "}"
}

func printCall(c *Call, canon bool) string {
	switch c.Fn {
	case "abs":
		return "\\left|" + pr(c.Args[0], canon) + "\\right|"
	case "fact":
		if len(c.Args) != 1 {
			break
		}
		return wrapC(c.Args[0], precAtom, canon) + "!"
	case "fact2":
		if len(c.Args) == 1 {
			return wrapC(c.Args[0], precAtom, canon) + "!!"
		}
	case "modclass":
		if len(c.Args) == 2 {
			return wrapC(c.Args[0], precMul, canon) + " \\pmod{" + pr(c.Args[1], canon) + "}"
		}
	case "percent":
		return wrapC(c.Args[0], precPow, canon) + "\\%"
	case "deg":
		return wrapC(c.Args[0], precPow, canon) + "^\\circ"
	case "pm":
		return "\\pm " + wrapC(c.Args[0], precMul, canon)
	case "floor":
		return "\\lfloor " + pr(c.Args[0], canon) + "\\rfloor"
	case "ceil":
		return "\\lceil " + pr(c.Args[0], canon) + "\\rceil"
	case "binom":
		if len(c.Args) == 2 {
			return "\\binom{" + pr(c.Args[0], canon) + "}{" + pr(c.Args[1], canon) + "}"
		}
	case "log":
		if len(c.Args) == 2 {
			return "\\log_{" + pr(c.Args[1], canon) + "}\\left(" + pr(c.Args[0], canon) + "\\right)"
		}
	case "int":
		switch len(c.Args) {
		case 4:
			return "\\int_{" + pr(c.Args[2], canon) + "}^{" + pr(c.Args[3], canon) + "}" + wrapC(c.Args[0], precMul, canon) + " \\, d" + pr(c.Args[1], canon)
		case 2:
			return "\\int " + wrapC(c.Args[0], precMul, canon) + " \\, d" + pr(c.Args[1], canon)
		}
	case "lim":
		if len(c.Args) == 3 {
			return "\\lim_{" + pr(c.Args[1], canon) + " \\to " + pr(c.Args[2], canon) + "}" + wrapC(c.Args[0], precMul, canon)
		}
	case "diff":
		if len(c.Args) == 2 {
			return "\\frac{d}{d" + pr(c.Args[1], canon) + "}" + wrapC(c.Args[0], precPow, canon)
		}
	case "conj":
		if len(c.Args) == 1 {
			return "\\overline{" + pr(c.Args[0], canon) + "}"
		}
	case "gamma":
		if len(c.Args) == 1 {
			return "\\Gamma\\left(" + pr(c.Args[0], canon) + "\\right)"
		}
	case "transpose":
		if len(c.Args) == 1 {
			return wrapC(c.Args[0], precAtom, canon) + "^{\\top}"
		}
	case "sum", "prod":
		if len(c.Args) == 4 {
			return "\\" + c.Fn + "_{" + pr(c.Args[1], canon) + "=" + pr(c.Args[2], canon) + "}^{" + pr(c.Args[3], canon) + "}" + wrapC(c.Args[0], precMul, canon)
		}
	}
	name := c.Fn
	if knownLatexFn[name] {
		name = "\\" + name
	} else if name == "asin" || name == "acos" || name == "atan" {
		name = "\\arc" + name[1:]
	} else {
		name = "\\operatorname{" + name + "}"
	}
	return name + "\\left(" + joinNodes(c.Args, ", ", canon) + "\\right)"
}

var knownLatexFn = map[string]bool{"sin": true, "cos": true, "tan": true, "cot": true, "sec": true, "csc": true,
	"sinh": true, "cosh": true, "tanh": true, "ln": true, "log": true, "exp": true, "gcd": true, "max": true, "min": true}

var relLatex = map[string]string{"=": "=", "<": "<", "<=": "\\le", ">": ">", ">=": "\\ge", "!=": "\\ne", "~": "\\approx", "in": "\\in"}

func printRel(r *Rel, canon bool) string {
	var b strings.Builder
	for i, s := range r.Sides {
		if i > 0 {
			b.WriteString(" " + relLatex[r.Ops[i-1]] + " ")
		}
		b.WriteString(pr(s, canon))
	}
	return b.String()
}

func printTuple(t *Tuple, canon bool) string {
	open, close := t.Open, t.Close
	if open == "<" {
		open, close = "\\langle ", "\\rangle"
	}
	return "\\left" + open + joinNodes(t.Items, ", ", canon) + "\\right" + close
}

func printSet(items []Node, canon bool) string {
	if len(items) == 0 {
		return "\\emptyset"
	}
	if canon {
		return "\\{" + joinSorted(items, ", ") + "\\}"
	}
	return "\\{" + joinNodes(items, ", ", false) + "\\}"
}

func printSetOp(s *SetOp, canon bool) string {
	parts := make([]string, len(s.Args))
	for i, a := range s.Args {
		parts[i] = pr(a, canon)
	}
	if canon && s.Op != "setminus" {
		sort.Strings(parts)
	}
	return strings.Join(parts, " \\"+s.Op+" ")
}

func printMatrix(m *Matrix, canon bool) string {
	rows := make([]string, len(m.Rows))
	for i, r := range m.Rows {
		rows[i] = joinNodes(r, " & ", canon)
	}
	return "\\begin{pmatrix}" + strings.Join(rows, " \\\\ ") + "\\end{pmatrix}"
}
