package hardmath

// This file holds an INTERIM LaTeX formula evaluator, private to HARDMath
// grading, written while the shared latex/expr engine was being built. It
// parses the formula subset HARDMath answers use (\frac, \sqrt[n]{}, powers,
// implicit products, elementary functions, \epsilon, a_{1}, y', i, e, \pi)
// and evaluates it in complex arithmetic at a point. Grading only needs the
// value at a point, so this stays the fallback even once latex/expr land.

import (
	"fmt"
	"math"
	"math/cmplx"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// evalOptions select the branch conventions.
type evalOptions struct {
	// realRoots makes x^(p/q) with q odd, and \sqrt[q]{x}, real for
	// negative real x (the convention of the released ODE answers);
	// otherwise powers take the principal complex branch (the roots answers).
	realRoots bool
}

// formula is a parsed formula.
type formula struct {
	root *fnode
	src  string
}

type fnode struct {
	op   string // "num", "var", "+", "-", "*", "/", "^", "neg", "fn", "root", "abs", "fact"
	val  complex128
	name string
	kids []*fnode
}

const maxFormulaLen = 20000
const maxDepth = 200

// parseFormula parses a LaTeX formula. It never panics.
func parseFormula(src string) (f *formula, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("cannot parse %q: %v", short(src), r)
		}
	}()
	if len(src) > maxFormulaLen {
		return nil, fmt.Errorf("formula longer than %d characters", maxFormulaLen)
	}
	toks, err := tokenize(normalizeLatex(src))
	if err != nil {
		return nil, err
	}
	if len(toks) == 0 {
		return nil, fmt.Errorf("empty formula")
	}
	p := &parser{toks: toks}
	n := p.parseExpr()
	if p.err != nil {
		return nil, fmt.Errorf("cannot parse %q: %v", short(src), p.err)
	}
	if p.pos < len(p.toks) {
		return nil, fmt.Errorf("cannot parse %q: unexpected %q", short(src), p.toks[p.pos].s)
	}
	return &formula{root: n, src: src}, nil
}

func short(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// normalizeLatex removes spacing and sizing commands and unifies synonyms.
func normalizeLatex(s string) string {
	// \operatorname{atan} is sympy's way of writing \arctan.
	s = operatornameRe.ReplaceAllString(s, `\$1`)
	r := strings.NewReplacer(
		`\left`, "", `\right`, "", `\bigl`, "", `\bigr`, "", `\Bigl`, "", `\Bigr`, "", `\big`, "", `\Big`, "",
		`\displaystyle`, "", `\,`, " ", `\;`, " ", `\:`, " ", `\!`, "", `\quad`, " ", `\qquad`, " ",
		`\cdot`, "*", `\times`, "*", `\ast`, "*", `\dfrac`, `\frac`, `\tfrac`, `\frac`,
		`\varepsilon`, `\epsilon`, `\mathrm{e}`, "e", `\mathrm`, "",
		`$`, " ", `\\`, " ", "\n", " ", `\ `, " ", `\{`, "(", `\}`, ")", `\lbrace`, "(", `\rbrace`, ")",
		`\lvert`, "|", `\rvert`, "|", `\vert`, "|",
	)
	return r.Replace(s)
}

type token struct {
	kind byte // 'n' number, 'i' identifier/command, 's' symbol
	s    string
}

func tokenize(s string) ([]token, error) {
	var toks []token
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '~':
			i++
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
			j := i
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.') {
				j++
			}
			// Scientific notation only when written compactly (1.5e-09).
			if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
				k := j + 1
				if k < len(s) && (s[k] == '-' || s[k] == '+') {
					k++
				}
				if k < len(s) && s[k] >= '0' && s[k] <= '9' {
					for k < len(s) && s[k] >= '0' && s[k] <= '9' {
						k++
					}
					j = k
				}
			}
			toks = append(toks, token{'n', s[i:j]})
			i = j
		case c == '\\':
			j := i + 1
			for j < len(s) && unicode.IsLetter(rune(s[j])) {
				j++
			}
			if j == i+1 {
				return nil, fmt.Errorf("stray backslash at %d", i)
			}
			toks = append(toks, token{'i', s[i:j]})
			i = j
		case unicode.IsLetter(rune(c)):
			toks = append(toks, token{'i', string(c)})
			i++
		case strings.IndexByte("+-*/^_(){}[],!'|=<>", c) >= 0:
			toks = append(toks, token{'s', string(c)})
			i++
		default:
			return nil, fmt.Errorf("unexpected character %q", c)
		}
	}
	return toks, nil
}

type parser struct {
	toks  []token
	pos   int
	err   error
	depth int
}

func (p *parser) peek() token {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return token{}
}

func (p *parser) next() token {
	t := p.peek()
	p.pos++
	return t
}

func (p *parser) fail(format string, args ...any) *fnode {
	if p.err == nil {
		p.err = fmt.Errorf(format, args...)
	}
	p.pos = len(p.toks)
	return &fnode{op: "num"}
}

func (p *parser) expect(s string) {
	if t := p.next(); t.s != s {
		p.fail("expected %q, found %q", s, t.s)
	}
}

func (p *parser) parseExpr() *fnode {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		return p.fail("formula nested too deeply")
	}
	var n *fnode
	if t := p.peek(); t.s == "-" || t.s == "+" {
		p.next()
		n = p.parseTerm()
		if t.s == "-" {
			n = &fnode{op: "neg", kids: []*fnode{n}}
		}
	} else {
		n = p.parseTerm()
	}
	for p.err == nil {
		t := p.peek()
		if t.s != "+" && t.s != "-" {
			break
		}
		p.next()
		n = &fnode{op: t.s, kids: []*fnode{n, p.parseTerm()}}
	}
	return n
}

// startsFactor reports whether t can begin an implicit product factor.
func startsFactor(t token) bool {
	switch t.kind {
	case 'n':
		return true
	case 'i':
		return t.s != `\approx` && t.s != `\implies` && t.s != `\to`
	}
	return t.s == "(" || t.s == "{" || t.s == "["
}

func (p *parser) parseTerm() *fnode {
	n := p.parseUnary()
	for p.err == nil {
		t := p.peek()
		switch {
		case t.s == "*" || t.s == "/":
			p.next()
			n = &fnode{op: t.s, kids: []*fnode{n, p.parseUnary()}}
		case startsFactor(t):
			n = &fnode{op: "*", kids: []*fnode{n, p.parsePower()}}
		default:
			return n
		}
	}
	return n
}

func (p *parser) parseUnary() *fnode {
	if t := p.peek(); t.s == "-" || t.s == "+" {
		p.next()
		n := p.parseUnary()
		if t.s == "-" {
			return &fnode{op: "neg", kids: []*fnode{n}}
		}
		return n
	}
	return p.parsePower()
}

func (p *parser) parsePower() *fnode {
	base := p.parsePostfix()
	if p.peek().s == "^" {
		p.next()
		exp := p.parseScript()
		return &fnode{op: "^", kids: []*fnode{base, exp}}
	}
	return base
}

// parseScript reads a superscript: a braced group, a single digit, a
// letter or command, or a signed version of those.
func (p *parser) parseScript() *fnode {
	t := p.peek()
	switch {
	case t.s == "{":
		return p.parseGroup("{", "}")
	case t.s == "(":
		return p.parseGroup("(", ")")
	case t.kind == 'n':
		p.next()
		if len(t.s) > 1 && !strings.Contains(t.s, ".") {
			// x^23 means x^2 * 3 in LaTeX: split the digits.
			p.toks = append(p.toks[:p.pos], append([]token{{'n', t.s[1:]}}, p.toks[p.pos:]...)...)
			t.s = t.s[:1]
		}
		return numNode(t.s, p)
	case t.s == "-":
		p.next()
		return &fnode{op: "neg", kids: []*fnode{p.parseScript()}}
	}
	return p.parsePostfix()
}

func (p *parser) parsePostfix() *fnode {
	n := p.parsePrimary()
	for p.peek().s == "!" {
		p.next()
		n = &fnode{op: "fact", kids: []*fnode{n}}
	}
	return n
}

func (p *parser) parseGroup(open, close string) *fnode {
	p.expect(open)
	n := p.parseExpr()
	p.expect(close)
	return n
}

func numNode(s string, p *parser) *fnode {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return p.fail("bad number %q", s)
	}
	return &fnode{op: "num", val: complex(v, 0)}
}

var operatornameRe = regexp.MustCompile(`\\operatorname\s*\{\s*([a-zA-Z]+)\s*\}`)

var functions = map[string]bool{
	"atan": true, "asin": true, "acos": true,
	"sin": true, "cos": true, "tan": true, "sec": true, "csc": true, "cot": true,
	"sinh": true, "cosh": true, "tanh": true, "exp": true, "log": true, "ln": true,
	"arcsin": true, "arccos": true, "arctan": true, "erf": true, "Gamma": true,
}

func (p *parser) parsePrimary() *fnode {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxDepth {
		return p.fail("formula nested too deeply")
	}
	t := p.next()
	switch {
	case t.kind == 'n':
		return numNode(t.s, p)
	case t.s == "(":
		n := p.parseExpr()
		p.expect(")")
		return n
	case t.s == "{":
		n := p.parseExpr()
		p.expect("}")
		return n
	case t.s == "[":
		n := p.parseExpr()
		p.expect("]")
		return n
	case t.s == "|":
		n := p.parseExpr()
		p.expect("|")
		return &fnode{op: "abs", kids: []*fnode{n}}
	case t.kind == 'i':
		name := strings.TrimPrefix(t.s, `\`)
		switch name {
		case "frac":
			num := p.parseArg()
			den := p.parseArg()
			return &fnode{op: "/", kids: []*fnode{num, den}}
		case "sqrt":
			var idx *fnode
			if p.peek().s == "[" {
				idx = p.parseGroup("[", "]")
			}
			arg := p.parseArg()
			if idx == nil {
				idx = &fnode{op: "num", val: 2}
			}
			return &fnode{op: "root", kids: []*fnode{arg, idx}}
		case "pi":
			return &fnode{op: "num", val: math.Pi}
		case "infty":
			return &fnode{op: "num", val: complex(math.Inf(1), 0)}
		}
		if functions[name] {
			// \sin^{2} x is (\sin x)^2.
			var pw *fnode
			if p.peek().s == "^" {
				p.next()
				pw = p.parseScript()
			}
			var arg *fnode
			if s := p.peek().s; s == "(" || s == "{" || s == "[" {
				arg = p.parsePrimary()
			} else {
				arg = p.parsePower()
			}
			n := &fnode{op: "fn", name: name, kids: []*fnode{arg}}
			if pw != nil {
				n = &fnode{op: "^", kids: []*fnode{n, pw}}
			}
			return n
		}
		if len(name) > 1 && t.s[0] == '\\' {
			switch name {
			case "epsilon", "alpha", "beta", "gamma", "delta", "lambda", "mu", "tau", "theta", "sigma", "omega", "xi", "eta", "nu":
			default:
				return p.fail("unsupported command %s", t.s)
			}
		}
		// Subscripted names: a_{1}, a_1, x_0.
		if p.peek().s == "_" {
			p.next()
			st := p.next()
			sub := st.s
			if st.s == "{" {
				var b strings.Builder
				for p.pos < len(p.toks) && p.peek().s != "}" {
					b.WriteString(strings.TrimPrefix(p.next().s, `\`))
				}
				p.expect("}")
				sub = b.String()
			}
			name += "_" + sub
		}
		for p.peek().s == "'" {
			p.next()
			name += "'"
		}
		return &fnode{op: "var", name: name}
	}
	return p.fail("unexpected %q", t.s)
}

// parseArg reads a command argument: a braced group or a single token.
func (p *parser) parseArg() *fnode {
	t := p.peek()
	if t.s == "{" {
		return p.parseGroup("{", "}")
	}
	if t.kind == 'n' && len(t.s) > 1 {
		p.next()
		p.toks = append(p.toks[:p.pos], append([]token{{'n', t.s[1:]}}, p.toks[p.pos:]...)...)
		return numNode(t.s[:1], p)
	}
	return p.parsePrimary()
}

// vars lists the free variable names of f.
func (f *formula) vars() []string {
	seen := map[string]bool{}
	var out []string
	var walk func(n *fnode)
	walk = func(n *fnode) {
		if n.op == "var" && !seen[n.name] && n.name != "e" && n.name != "i" {
			seen[n.name] = true
			out = append(out, n.name)
		}
		for _, k := range n.kids {
			walk(k)
		}
	}
	walk(f.root)
	return out
}

// eval evaluates f with the given variable values. The letters e and i are
// Euler's number and the imaginary unit unless vars binds them.
func (f *formula) eval(vars map[string]complex128, o evalOptions) (complex128, error) {
	return evalNode(f.root, vars, o)
}

func evalNode(n *fnode, vars map[string]complex128, o evalOptions) (complex128, error) {
	switch n.op {
	case "num":
		return n.val, nil
	case "var":
		if v, ok := vars[n.name]; ok {
			return v, nil
		}
		switch n.name {
		case "e":
			return math.E, nil
		case "i", "j":
			return 1i, nil
		}
		return 0, fmt.Errorf("unknown variable %q", n.name)
	}
	args := make([]complex128, len(n.kids))
	for i, k := range n.kids {
		v, err := evalNode(k, vars, o)
		if err != nil {
			return 0, err
		}
		args[i] = v
	}
	switch n.op {
	case "+":
		return args[0] + args[1], nil
	case "-":
		return args[0] - args[1], nil
	case "*":
		return args[0] * args[1], nil
	case "/":
		if args[1] == 0 {
			return 0, fmt.Errorf("division by zero")
		}
		return args[0] / args[1], nil
	case "neg":
		return -args[0], nil
	case "abs":
		return complex(cmplx.Abs(args[0]), 0), nil
	case "^":
		return power(args[0], args[1], o), nil
	case "root":
		if args[1] == 0 {
			return 0, fmt.Errorf("zeroth root")
		}
		return power(args[0], 1/args[1], o), nil
	case "fact":
		if imag(args[0]) != 0 || real(args[0]) < 0 || real(args[0]) > 170 {
			return 0, fmt.Errorf("factorial of %v", args[0])
		}
		return complex(math.Gamma(real(args[0])+1), 0), nil
	case "fn":
		return applyFn(n.name, args[0])
	}
	return 0, fmt.Errorf("unknown node %q", n.op)
}

// power computes b^x: exactly for real non-negative bases and integer
// exponents, with the real odd root when asked, else the principal branch.
func power(b, x complex128, o evalOptions) complex128 {
	// A negated real carries a -0 imaginary part, which would select the
	// other side of the branch cut; sympy's principal branch uses +0.
	if imag(b) == 0 {
		b = complex(real(b), 0)
	}
	if imag(b) == 0 && imag(x) == 0 {
		rb, rx := real(b), real(x)
		if rb >= 0 || rx == math.Trunc(rx) {
			return complex(math.Pow(rb, rx), 0)
		}
		if o.realRoots {
			// rx = p/q with q odd: the real root exists.
			for q := 1; q <= 15; q += 2 {
				pq := rx * float64(q)
				if math.Abs(pq-math.Round(pq)) < 1e-9 {
					v := math.Pow(-rb, rx)
					if int64(math.Round(pq))%2 != 0 {
						v = -v
					}
					return complex(v, 0)
				}
			}
		}
	}
	if b == 0 {
		if real(x) > 0 {
			return 0
		}
		return complex(math.Inf(1), 0)
	}
	return cmplx.Pow(b, x)
}

func applyFn(name string, z complex128) (complex128, error) {
	real0 := imag(z) == 0
	x := real(z)
	switch name {
	case "sin":
		if real0 {
			return complex(math.Sin(x), 0), nil
		}
		return cmplx.Sin(z), nil
	case "cos":
		if real0 {
			return complex(math.Cos(x), 0), nil
		}
		return cmplx.Cos(z), nil
	case "tan":
		return cmplx.Tan(z), nil
	case "sec":
		return 1 / cmplx.Cos(z), nil
	case "csc":
		return 1 / cmplx.Sin(z), nil
	case "cot":
		return cmplx.Cot(z), nil
	case "sinh":
		return cmplx.Sinh(z), nil
	case "cosh":
		return cmplx.Cosh(z), nil
	case "tanh":
		return cmplx.Tanh(z), nil
	case "exp":
		if real0 {
			return complex(math.Exp(x), 0), nil
		}
		return cmplx.Exp(z), nil
	case "log", "ln":
		if real0 && x > 0 {
			return complex(math.Log(x), 0), nil
		}
		return cmplx.Log(z), nil
	case "arcsin":
		return cmplx.Asin(z), nil
	case "arccos":
		return cmplx.Acos(z), nil
	case "arctan", "atan":
		if real0 {
			return complex(math.Atan(x), 0), nil
		}
		return cmplx.Atan(z), nil
	case "asin":
		return cmplx.Asin(z), nil
	case "acos":
		return cmplx.Acos(z), nil
	case "erf":
		if real0 {
			return complex(math.Erf(x), 0), nil
		}
	case "Gamma":
		if real0 {
			return complex(math.Gamma(x), 0), nil
		}
	}
	return 0, fmt.Errorf("cannot evaluate %s at %v", name, z)
}

// evalLatex parses and evaluates a formula at a point in one call.
func evalLatex(src string, vars map[string]complex128, o evalOptions) (complex128, error) {
	f, err := parseFormula(src)
	if err != nil {
		return 0, err
	}
	return f.eval(vars, o)
}
