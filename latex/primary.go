package latex

import (
	"math/big"
	"strings"

	"github.com/matheval/matheval/expr"
	"github.com/matheval/matheval/texscan"
)

// funcNames maps function names (LaTeX commands and plain words) to expr
// function names.
var funcNames = map[string]string{
	"sin": "sin", "cos": "cos", "tan": "tan", "cot": "cot", "sec": "sec", "csc": "csc", "cosec": "csc",
	"arcsin": "asin", "arccos": "acos", "arctan": "atan", "arccot": "acot", "arcsec": "asec", "arccsc": "acsc",
	"asin": "asin", "acos": "acos", "atan": "atan", "sinh": "sinh", "cosh": "cosh", "tanh": "tanh", "coth": "coth",
	"sech": "sech", "csch": "csch", "arsinh": "asinh", "arcsinh": "asinh", "asinh": "asinh", "arcosh": "acosh",
	"arccosh": "acosh", "acosh": "acosh", "artanh": "atanh", "arctanh": "atanh", "atanh": "atanh", "ln": "ln", "log": "log", "lg": "log", "exp": "exp", "sqrt": "sqrt",
	"abs": "abs", "floor": "floor", "ceil": "ceil", "gcd": "gcd", "lcm": "lcm", "max": "max", "min": "min",
	"det": "det", "arg": "arg", "tg": "tan", "ctg": "cot", "mod": "mod", "tr": "tr", "trace": "tr",
	// the highest common factor is the gcd; Re, Im (also \Re, \Im) and
	// sgn have values (expr)
	"hcf": "gcd", "re": "re", "im": "im", "Re": "re", "Im": "im", "sgn": "sgn",
	// cis θ = cos θ + i sin θ (parseFunction writes e^{iθ})
	"cis": "cis",
}

// greekFuncs are the Greek letters that, written before a parenthesis, are
// functions by convention: Γ, the Riemann ζ, and number theory's φ
// (Euler's totient), σ (the sum of divisors), τ (the number of divisors),
// which have exact values at integers (expr/named.go), and μ, ω, Ω, Λ,
// ψ, χ, Φ, Ψ, which are applications with no value here. The other
// letters before a parenthesis multiply it (\pi(r+1), \alpha(x-1),
// \lambda(x+1)), as they do in the MATH answers.
var greekFuncs = map[string]string{"Gamma": "gamma", "zeta": "zeta", "phi": "totient", "varphi": "totient",
	"sigma": "divsum", "tau": "divcount", "mu": "\\mu", "omega": "\\omega", "Omega": "\\Omega", "Lambda": "\\Lambda",
	"psi": "\\psi", "Psi": "\\Psi", "chi": "\\chi", "Phi": "\\Phi"}

var inverseTrig = map[string]string{"sin": "asin", "cos": "acos", "tan": "atan", "cot": "acot", "sec": "asec", "csc": "acsc",
	"sinh": "asinh", "cosh": "acosh", "tanh": "atanh"}

// inverseHyperbolic is the principal inverse hyperbolic function as the
// logarithm that defines it: arsinh z = ln(z + √(z²+1)), arcosh z =
// ln(z + √(z+1)√(z-1)), artanh z = ½(ln(1+z) - ln(1-z)). The engine has
// no other reading of them, so none can disagree with this one.
func inverseHyperbolic(fn string, z expr.Node) expr.Node {
	half := &expr.Num{V: big.NewRat(1, 2)}
	sqrt := func(n expr.Node) expr.Node { return &expr.Pow{Base: n, Exp: half} }
	ln := func(n expr.Node) expr.Node { return &expr.Call{Fn: "ln", Args: []expr.Node{n}} }
	switch fn {
	case "asinh":
		return ln(&expr.Add{Terms: []expr.Node{z, sqrt(&expr.Add{Terms: []expr.Node{&expr.Pow{Base: z, Exp: expr.Int(2)}, expr.Int(1)}})}})
	case "acosh":
		return ln(&expr.Add{Terms: []expr.Node{z, &expr.Mul{Factors: []expr.Node{sqrt(&expr.Add{Terms: []expr.Node{z, expr.Int(1)}}),
			sqrt(&expr.Add{Terms: []expr.Node{z, expr.Int(-1)}})}}}})
	}
	return &expr.Mul{Factors: []expr.Node{half, &expr.Add{Terms: []expr.Node{ln(&expr.Add{Terms: []expr.Node{expr.Int(1), z}}),
		&expr.Neg{X: ln(&expr.Add{Terms: []expr.Node{expr.Int(1), &expr.Neg{X: z}}})}}}}}
}

var greek = map[string]bool{"alpha": true, "beta": true, "gamma": true, "delta": true, "epsilon": true,
	"varepsilon": true, "zeta": true, "eta": true, "theta": true, "vartheta": true, "iota": true, "kappa": true,
	"lambda": true, "mu": true, "nu": true, "xi": true, "rho": true, "varrho": true, "sigma": true, "tau": true,
	"upsilon": true, "phi": true, "varphi": true, "chi": true, "psi": true, "omega": true, "Gamma": true, "Delta": true,
	"Theta": true, "Lambda": true, "Xi": true, "Pi": true, "Sigma": true, "Phi": true, "Psi": true, "Omega": true,
	"ell": true, "hbar": true, "aleph": true}

func isFuncWord(w string) bool { _, ok := funcNames[strings.ToLower(w)]; return ok }

// knownWord: plain words with a mathematical meaning.
func knownWord(w string) bool {
	switch strings.ToLower(w) {
	case "pi", "inf", "infty", "infinity", "percent", "pct", "percentage", "degrees", "degree", "deg", "and", "or",
		"thousand", "million", "billion", "trillion", "sqrt":
		return true
	}
	return greek[w]
}

// textAnswer recognises a whole answer that is words (Evelyn, Mrs. Hilt,
// odd, (C)), returning its text or "".
func textAnswer(s string) string {
	t := strings.TrimSpace(s)
	t = strings.Trim(t, "$")
	t = strings.TrimSpace(t)
	wrapped := false
	for _, w := range []string{"\\boxed{", "\\text{", "\\textbf{", "\\mathrm{", "\\mbox{", "\\textnormal{", "\\textit{"} {
		if strings.HasPrefix(t, w) && strings.HasSuffix(t, "}") {
			wrapped = w != "\\boxed{" && closesAtEnd(t, len(w)-1)
			t = strings.TrimSpace(t[len(w) : len(t)-1])
		}
	}
	if wrapped && hasQualifier(t) && strings.IndexFunc(t, func(r rune) bool { return r >= '0' && r <= '9' }) >= 0 {
		// "\text{9 a.m.}", "\text{at least 8}": a number with words that
		// change it is the text of the answer, as "9\text{ a.m.}" is.
		return t
	}
	t = strings.TrimSuffix(t, ".")
	if t == "" || !isWordText(t) {
		return ""
	}
	// a multiple-choice letter: (C), C
	c := strings.Trim(t, "() ")
	if len(c) == 1 && isLetter(c[0]) && (strings.HasPrefix(t, "(") || strings.Contains(s, "\\text")) {
		return strings.ToUpper(c)
	}
	words := strings.FieldsFunc(t, func(r rune) bool { return r == ' ' || r == '.' || r == '-' || r == '\'' })
	long := false
	for _, w := range words {
		if isFuncWord(w) || knownWord(w) || UnitWord(w) {
			return ""
		}
		if len(w) >= 3 {
			long = true
		}
	}
	if !long || strings.ContainsAny(t, "()/") {
		return ""
	}
	return t
}

// closesAtEnd reports whether the brace group opened at s[open] closes at
// the end of s.
func closesAtEnd(s string, open int) bool {
	g, err := texscan.Match(s, open, texscan.Braces, texscan.Limits{})
	return err == nil && g.End == len(s)
}

// baseNumber reads a number in a base above ten written with capital
// digits: 152A_{11}, 1F_{16}, A5_{11}. It returns nil when the text is
// not one. A numeral that starts with a letter needs a digit after it, so
// that A_{12} stays an indexed name.
func (p *parser) baseNumber(t token) expr.Node {
	letterLed := t.kind == tWord && isUpperASCII(t.text)
	if !allDigits(t.text) && !letterLed {
		return nil
	}
	// digits and capital letters, then _
	k, digit := t.end, false
	for d := p.tok(k); d.Kind == texscan.Number && allDigits(d.Text) || d.Kind == texscan.Word && isUpperASCII(d.Text); d = p.tok(k) {
		digit = digit || d.Kind == texscan.Number
		k = d.End()
	}
	if k == t.end || !isPunct(p.tok(k), '_') || letterLed && !digit {
		return nil
	}
	save := p.pos
	p.pos = k + 1
	raw, ok := p.rawArg()
	base, ok2 := baseOf(raw)
	if ok && ok2 && base > 10 {
		if v, ok := new(big.Int).SetString(p.s[t.start:k], int(base)); ok {
			p.cacheOK = false
			return &expr.Num{V: new(big.Rat).SetInt(v), Radix: int(base)}
		}
	}
	p.pos = save
	p.cacheOK = false
	return nil
}

// isUpperASCII reports whether w is capital ASCII letters (the digits
// above nine of a base numeral).
func isUpperASCII(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'A' || w[i] > 'Z' {
			return false
		}
	}
	return w != ""
}

// textDigits reports whether w could be \text{B7}-style digits of a base
// above ten: ASCII letters and digits only.
func textDigits(w string) bool {
	for i := 0; i < len(w); i++ {
		if !isDigit(w[i]) && !isLetter(w[i]) {
			return false
		}
	}
	return w != ""
}

func (p *parser) numberNode(t token) expr.Node {
	v, dec, places, ok := numValue(t.text)
	if !ok {
		p.failf(t.start, "bad number %q", t.text)
	}
	n := &expr.Num{V: v, Dec: dec, Places: places}
	if allDigits(t.text) || isPlainDecimal(t.text) {
		p.lastNum, p.lastNumText = n, t.text
	}
	return n
}

// isPlainDecimal: digits with one point (0.101), nothing else.
func isPlainDecimal(s string) bool {
	a, b, ok := strings.Cut(s, ".")
	return ok && (a == "" || allDigits(a)) && allDigits(b)
}

// numValue converts a number literal: separators, decimals, repeating
// decimals (0.1\overline{6}) and exponents (6.02e23).
func numValue(s string) (*big.Rat, bool, int, bool) {
	if len(s) <= 18 && allDigits(s) {
		// the common case, a plain integer: no separators to strip and no
		// big.Rat string parser (a fifth of the time of a \dfrac gold)
		var n int64
		for i := 0; i < len(s); i++ {
			n = n*10 + int64(s[i]-'0')
		}
		return new(big.Rat).SetInt64(n), false, 0, true
	}
	for _, sep := range []string{"{,}", "{, }", ",\\!", "\\,", ",", " "} {
		s = strings.ReplaceAll(s, sep, "")
	}
	s = strings.ReplaceAll(s, "\\!", "")
	rep := ""
	if i := strings.Index(s, "\\overline"); i >= 0 {
		rep = strings.Trim(s[i+len("\\overline"):], "{} ")
		s = s[:i]
	} else if i := strings.Index(s, "\\bar"); i >= 0 {
		rep = strings.Trim(s[i+len("\\bar"):], "{} ")
		s = s[:i]
	} else if i := strings.Index(s, "\\dot"); i >= 0 {
		// 0.\dot{1}4285\dot{7}: the digits from the first dot to the last
		rep = strings.NewReplacer("\\dot", "", "{", "", "}", "", " ", "").Replace(s[i:])
		s = s[:i]
	} else if i := strings.IndexByte(s, '('); i >= 0 {
		rep = strings.Trim(s[i:], "()")
		s = s[:i]
	}
	exp := ""
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		exp = s[i+1:]
		s = s[:i]
	}
	s = strings.TrimSuffix(s, ".")
	if s == "" || strings.HasPrefix(s, ".") {
		s = "0" + s // .5 and .\dot{3}
	}
	v, ok := new(big.Rat).SetString(s)
	if !ok {
		return nil, false, 0, false
	}
	places := 0
	if i := strings.IndexByte(s, '.'); i >= 0 {
		places = len(s) - i - 1
	}
	dec := places > 0
	if rep != "" {
		// value += rep / (10^places * (10^len(rep) - 1))
		r, ok := new(big.Int).SetString(rep, 10)
		if !ok {
			return nil, false, 0, false
		}
		d := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(len(rep))), nil)
		d.Sub(d, big.NewInt(1))
		d.Mul(d, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(places)), nil))
		v.Add(v, new(big.Rat).SetFrac(r, d))
		dec = false
	}
	if exp != "" {
		e, ok := new(big.Int).SetString(exp, 10)
		if !ok || !e.IsInt64() || e.Int64() > 400 || e.Int64() < -400 {
			return nil, false, 0, false
		}
		k := e.Int64()
		pow := new(big.Int).Exp(big.NewInt(10), big.NewInt(abs(k)), nil)
		if k >= 0 {
			v.Mul(v, new(big.Rat).SetInt(pow))
		} else {
			v.Quo(v, new(big.Rat).SetInt(pow))
		}
		places -= int(k)
		if places < 0 {
			places = 0
		}
	}
	return v, dec, places, true
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func (p *parser) letterSym(l string) expr.Node {
	switch l {
	case "e":
		return &expr.Sym{Name: expr.E}
	case "i":
		return &expr.Sym{Name: expr.I}
	case "E":
		if p.cfg.SymPyNames {
			return &expr.Sym{Name: expr.E}
		}
	case "I":
		if p.cfg.SymPyNames {
			return &expr.Sym{Name: expr.I}
		}
	}
	return &expr.Sym{Name: l}
}

// parseGroup parses {...} as one expression (a brace group with commas is a set).
func (p *parser) parseGroup() expr.Node {
	t := p.next()
	if !(t.kind == tOp && t.text == "{") {
		p.failf(t.start, "expected {")
	}
	p.bracket++
	n := p.parseList(func(t token) bool { return t.kind == tOp && t.text == "}" || t.kind == tEOF })
	p.bracket--
	c := p.next()
	if !(c.kind == tOp && c.text == "}") {
		p.failf(c.start, "missing }")
	}
	if l, ok := n.(*expr.List); ok {
		return &expr.Set{Items: l.Items}
	}
	return n
}

// parseArg parses a macro argument: {group}, a command, or one character.
func (p *parser) parseArg() expr.Node {
	p.enter()
	defer p.leave()
	t := p.peek()
	switch t.kind {
	case tOp:
		if t.text == "{" {
			return p.parseGroup()
		}
		if t.text == "(" {
			return p.parsePrimary()
		}
	case tNum:
		p.pos = t.start + 1
		return expr.Int(int64(p.s[t.start] - '0'))
	case tWord:
		p.pos = t.start + 1
		return p.letterSym(p.s[t.start : t.start+1])
	case tCmd:
		return p.parsePrimary()
	}
	p.failf(t.start, "missing argument")
	return nil
}

func (p *parser) parsePrimary() expr.Node {
	p.enter()
	defer p.leave()
	t := p.peek()
	switch t.kind {
	case tEOF:
		p.failf(t.start, "unexpected end of answer")
	case tNum:
		if n := p.baseNumber(t); n != nil {
			return n
		}
		p.pos = t.end
		return p.numberNode(t)
	case tWord:
		if n := p.baseNumber(t); n != nil {
			return n
		}
		return p.parseWord(t)
	case tCmd:
		return p.parseCommand(t)
	case tOp:
		switch t.text {
		case "(", "[":
			return p.parseBracket(t)
		case "{":
			if c := p.tok(t.end); c.Kind == texscan.Close && (isPunct(p.tok(c.End()), '^') || isPunct(p.tok(c.End()), '_')) {
				return p.prescriptChoose(t)
			}
			return p.parseGroup()
		case "^", "_":
			return p.prescriptChoose(t)
		case "|":
			p.pos = t.end
			return p.parseAbs("|")
		case "-":
			p.pos = t.end
			return &expr.Neg{X: p.parseUnary()}
		case "+":
			p.pos = t.end
			return p.parseUnary()
		}
	}
	p.failf(t.start, "unexpected %q", t.text)
	return nil
}

// prescriptChoose reads the prescript notation of combinations and
// permutations at an operand: {}^{n}C_{r}, {}_nC_r, ^nP_r, _{n}P_{r} are
// binom(n, r) and n!/(n-r)!. Any other prescript is refused: a lone
// superscript or subscript has no base to raise.
func (p *parser) prescriptChoose(at token) expr.Node {
	if t := p.peek(); t.kind == tOp && t.text == "{" {
		p.pos = t.end
		p.next() // the } of the empty group
	}
	p.next() // ^ or _
	n := p.parseSubArg()
	w := p.next()
	s2 := p.next()
	if w.kind != tWord || (w.text != "C" && w.text != "P") || !(s2.kind == tOp && (s2.text == "_" || s2.text == "^")) {
		p.failf(at.start, "a superscript or subscript before a value is not read (only the prescripts of {}^{n}C_{r} and {}^{n}P_{r} are)")
	}
	r := p.parseSubArg()
	if w.text == "C" {
		return &expr.Call{Fn: "binom", Args: []expr.Node{n, r}}
	}
	return &expr.Mul{Factors: []expr.Node{&expr.Call{Fn: "fact", Args: []expr.Node{n}},
		&expr.Pow{Base: &expr.Call{Fn: "fact", Args: []expr.Node{&expr.Add{Terms: []expr.Node{n, &expr.Neg{X: r}}}}}, Exp: expr.Int(-1)}}}
}

func (p *parser) parseWord(t token) expr.Node {
	w := t.text
	lw := strings.ToLower(w)
	if qualifierWords[lw] && len(w) >= 3 {
		p.words() // "not 5", "less than 2"
	}
	if fn, ok := funcNames[lw]; ok {
		p.pos = t.end
		return p.parseFunction(fn, t)
	}
	if w == "oo" && p.cfg.SymPyNames {
		p.pos = t.end
		return &expr.Sym{Name: expr.Inf}
	}
	switch lw {
	case "pi":
		p.pos = t.end
		return &expr.Sym{Name: expr.Pi}
	case "inf", "infty", "infinity":
		p.pos = t.end
		return &expr.Sym{Name: expr.Inf}
	}
	if greek[w] && !p.latexMode {
		p.pos = t.end
		return &expr.Sym{Name: "\\" + w}
	}
	// f(x), g(2), f^{-1}(3), f'(x): an application of a function, not the
	// product f*x (which made g(2) equal to 2g). Only f and g: they name
	// functions in every MATH gold that writes them before a parenthesis,
	// while h(a+b) or p(1-p) are as often products.
	if end, ok := p.funcAppAt(t.start); ok && (t.start == 0 || !isLetter(p.s[t.start-1])) {
		head := p.s[t.start:end]
		fn := head[:1]
		if strings.Contains(head, "^") {
			fn += "^{-1}" // one spelling of the inverse, however written
		}
		fn += strings.Repeat("'", strings.Count(head, "'"))
		p.pos = end
		p.cacheOK = false
		return p.parseFunction(fn, t)
	}
	// a run of letters is a product of one-letter variables
	p.pos = t.start + 1
	return p.letterSym(w[:1])
}

// parseFunction parses the arguments of a named function after its name:
// optional ^power / ^{-1}, optional _base (log), then (args), {arg}, or an
// implicit product (\sin 2x).
func (p *parser) parseFunction(fn string, at token) expr.Node {
	var power expr.Node
	var base expr.Node
	for i := 0; i < 2; i++ {
		t := p.peek()
		if t.kind == tOp && t.text == "^" {
			p.pos = t.end
			power = p.parseExponent()
			if n, ok := power.(*expr.Neg); ok {
				if one, ok := n.X.(*expr.Num); ok && one.V.Cmp(big.NewRat(1, 1)) == 0 {
					if inv, ok := inverseTrig[fn]; ok {
						fn, power = inv, nil
					}
				}
			}
			continue
		}
		if t.kind == tOp && t.text == "_" && (fn == "log") {
			p.pos = t.end
			base = p.parseSubArg()
			continue
		}
		break
	}
	// plain-text "log 2(71)": the base written before the parenthesis
	if fn == "log" && base == nil && !p.latexMode {
		if t := p.peek(); t.kind == tNum && allDigits(t.text) {
			q := t.end
			if onlySpaces(p.tok(q)) {
				q = p.tok(q).End()
			}
			if isPunct(p.tok(q), '(') {
				p.pos = t.end
				base = p.numberNode(t)
			}
		}
	}
	var args []expr.Node
	t := p.peek()
	switch {
	case t.kind == tOp && t.text == "(":
		p.pos = t.end
		p.bracket++
		l := p.parseList(func(t token) bool { return t.kind == tOp && t.text == ")" || t.kind == tEOF })
		p.bracket--
		c := p.next()
		if !(c.kind == tOp && c.text == ")") {
			p.failf(c.start, "missing ) after arguments of %s", fn)
		}
		if ls, ok := l.(*expr.List); ok {
			args = ls.Items
		} else {
			args = []expr.Node{l}
		}
	case t.kind == tOp && t.text == "{":
		args = []expr.Node{p.parseGroup()}
	default:
		args = []expr.Node{p.parseFuncOperand()}
	}
	var n expr.Node
	switch fn {
	case "sqrt":
		if len(args) != 1 {
			p.failf(at.start, "sqrt takes one argument")
		}
		n = &expr.Pow{Base: args[0], Exp: &expr.Num{V: big.NewRat(1, 2)}}
	case "log":
		if base != nil {
			args = append(args[:1:1], base)
		}
		n = &expr.Call{Fn: fn, Args: args}
	case "abs", "floor", "ceil":
		n = &expr.Call{Fn: fn, Args: args[:1]}
	case "asinh", "acosh", "atanh":
		if len(args) != 1 {
			p.failf(at.start, "%s takes one argument", fn)
		}
		n = inverseHyperbolic(fn, args[0])
	case "cis":
		// cis θ is cos θ + i sin θ, that is e^{iθ}
		if len(args) != 1 {
			p.failf(at.start, "cis takes one argument")
		}
		n = &expr.Pow{Base: &expr.Sym{Name: expr.E}, Exp: &expr.Mul{Factors: []expr.Node{&expr.Sym{Name: expr.I}, args[0]}}}
	default:
		n = &expr.Call{Fn: fn, Args: args}
	}
	if power != nil {
		n = &expr.Pow{Base: n, Exp: power}
	}
	return n
}

// parseSubArg parses a subscript argument: a group, or one token (a whole
// number in plain text: log_10(x)).
func (p *parser) parseSubArg() expr.Node {
	t := p.peek()
	if t.kind == tNum && !p.latexMode {
		p.pos = t.end
		return p.numberNode(t)
	}
	return p.parseArg()
}

// parseFuncOperand parses an argument without parentheses: a product of
// factors that are not themselves functions (\sin 2x, \log 8, \ln \frac12).
func (p *parser) parseFuncOperand() expr.Node {
	factors := []expr.Node{p.parsePow()}
	for {
		t := p.peek()
		if p.inIntegral > 0 && (t.kind == tWord && t.text[0] == 'd' || t.kind == tCmd) && p.atDifferential() {
			break // \int_0^\pi \sin x\,dx: the operand ends at the differential
		}
		ok := false
		switch t.kind {
		case tNum:
			ok = true
		case tWord:
			_, isFn := funcNames[strings.ToLower(t.text)]
			ok = !isFn && !knownWord(t.text) && len(t.text) < 4
		case tCmd:
			ok = t.text == "pi" || greek[t.text] || t.text == "frac" || t.text == "sqrt" || t.text == "dfrac"
		}
		if !ok {
			break
		}
		factors = append(factors, p.parsePow())
	}
	if len(factors) == 1 {
		return factors[0]
	}
	return &expr.Mul{Factors: factors}
}

// parseBracket parses ( ... ) or [ ... ]: a group, a tuple or an interval.
func (p *parser) parseBracket(open token) expr.Node {
	p.pos = open.end
	p.bracket++
	saveItems := p.listItems
	closing := func(t token) bool {
		return t.kind == tOp && (t.text == ")" || t.text == "]") || t.kind == tEOF
	}
	l := p.parseList(closing)
	p.bracket--
	p.listItems = saveItems
	c := p.next()
	if !(c.kind == tOp && (c.text == ")" || c.text == "]")) {
		p.failf(c.start, "missing closing bracket for %s at column %d", open.text, open.start+1)
	}
	if ls, ok := l.(*expr.List); ok {
		return &expr.Tuple{Items: ls.Items, Open: open.text, Close: c.text}
	}
	if open.text == "(" && c.text == ")" || open.text == "[" && c.text == "]" {
		return l
	}
	p.failf(c.start, "mismatched brackets %s...%s", open.text, c.text)
	return nil
}

// parseAbs parses |x| (or \lvert x \rvert, \| x \|) after the opening bar.
func (p *parser) parseAbs(closer string) expr.Node {
	p.absDepth++
	x := p.parseAdd()
	p.absDepth--
	c := p.next()
	ok := false
	switch closer {
	case "|":
		ok = c.kind == tOp && c.text == "|" || c.kind == tCmd && (c.text == "rvert" || c.text == "vert" || c.text == "|")
	default:
		ok = c.kind == tCmd && c.text == closer || c.kind == tCmd && c.text == "|" || c.kind == tOp && c.text == "|"
	}
	if !ok {
		p.failf(c.start, "missing closing | for absolute value")
	}
	return &expr.Call{Fn: "abs", Args: []expr.Node{x}}
}

var textCmds = map[string]bool{"text": true, "mbox": true, "textnormal": true, "textrm": true, "textbf": true,
	"textit": true, "hbox": true, "textsf": true, "texttt": true, "emph": true, "textup": true}

// fontCmds are the style fonts: \mathbf{5} is 5 and \mathbf{v} is v (on
// the no-op table). The letter fonts (letterFontCmds) make another symbol.
var fontCmds = map[string]bool{"mathrm": true, "mathbf": true, "mathit": true, "mathsf": true, "boldsymbol": true,
	"bm": true, "mathnormal": true, "mathtt": true, "pmb": true, "mathup": true}

// letterFontCmds write another alphabet: \mathcal{L} is not L, and a font of
// this kind around anything but letters is refused.
var letterFontCmds = map[string]bool{"mathcal": true, "mathscr": true, "mathfrak": true}

// wrapperCmds mark the answer and are read as their argument (on the no-op
// table).
var wrapperCmds = map[string]bool{"boxed": true, "fbox": true, "framebox": true, "ensuremath": true, "bbox": true, "smash": true}

// decorCmds are accents and decorations. Over letters they make another
// symbol (\vec{v}, \hat{x}, \overline{AB}); \overline and \bar over a
// number or an expression are its complex conjugate, \overline and \dot
// inside a decimal mark its repeating digits (scanNumber); anywhere else
// they are refused.
var decorCmds = map[string]bool{"vec": true, "hat": true, "bar": true, "tilde": true, "widehat": true, "widetilde": true,
	"overrightarrow": true, "overleftrightarrow": true, "overline": true, "dot": true, "ddot": true, "check": true,
	"overarc": true, "arc": true, "wideparen": true, "acute": true, "grave": true, "breve": true, "mathring": true,
	"overleftarrow": true, "underbar": true}

// strikeCmds strike out or underline what they hold: \cancel{7} is not 7,
// and nothing says what it is, so it is refused.
var strikeCmds = map[string]bool{"cancel": true, "bcancel": true, "xcancel": true, "sout": true, "cancelto": true,
	"underline": true, "st": true, "xout": true, "uline": true}

// symbolCmds are commands read as named symbols: a triangle or an angle
// named by its vertices (\triangle ABC), and letterlike symbols.
var symbolCmds = map[string]bool{"triangle": true, "angle": true, "measuredangle": true, "ell": true, "hbar": true,
	"aleph": true, "beth": true}

// uprightConsts are the upright spellings of the constants.
var uprightConsts = map[string]string{"uppi": expr.Pi, "upi": expr.Pi, "muppi": expr.Pi, "textpi": expr.Pi, "ue": expr.E}

// accentSynonyms are the accents written two ways for one meaning.
var accentSynonyms = map[string]string{"widehat": "hat", "widetilde": "tilde", "overrightarrow": "vec"}

// decorated reads an accent or decoration (see decorCmds) after its name.
func (p *parser) decorated(name string, at token) expr.Node {
	save := p.pos
	raw, ok := p.rawArg()
	if !ok {
		p.failf(at.start, "missing argument of \\%s", name)
	}
	p.cacheOK = false
	w := strings.Join(strings.Fields(raw), "")
	letters := w != ""
	for i := 0; i < len(w); i++ {
		if !isLetter(w[i]) {
			letters = false
		}
	}
	greekArg := strings.HasPrefix(w, "\\") && greek[w[1:]]
	switch {
	case (name == "overline" || name == "bar") && len(w) == 1 && letters:
		// \bar{z}: the conjugate of z
		return &expr.Call{Fn: "conj", Args: []expr.Node{p.letterSym(w)}}
	case letters || greekArg:
		// the wide accents are the accents, and an arrow over a name is
		// its vector: \widehat{x} is \hat{x}, \overrightarrow{AB} is \vec{AB}
		if n, ok := accentSynonyms[name]; ok {
			name = n
		}
		return &expr.Sym{Name: "\\" + name + "{" + w + "}"}
	case name == "overline" || name == "bar":
		// \overline{3+4i}: the complex conjugate
		p.pos = save
		p.cacheOK = false
		arg := p.parseArg()
		x := arg
		if neg, ok := x.(*expr.Neg); ok {
			x = neg.X
		}
		if _, real := x.(*expr.Num); real {
			// \overline{5} is a residue class, a repeating digit or a
			// conjugate: no reading is agreed on
			p.failf(at.start, "\\%s{%s} of a real number is ambiguous (a residue class, a repeating digit or a conjugate)", name, w)
		}
		return &expr.Call{Fn: "conj", Args: []expr.Node{arg}}
	}
	p.failf(at.start, "\\%s{%s} is not read (an accent over anything but a letter has no agreed meaning)", name, w)
	return nil
}

func (p *parser) parseCommand(t token) expr.Node {
	name := t.text
	p.pos = t.end
	switch name {
	case "frac", "dfrac", "tfrac", "cfrac", "nicefrac", "sfrac":
		if name == "cfrac" {
			// optional [l] alignment
			p.skipOptional()
		}
		if v, ok := p.derivativeOperator(); ok {
			// \frac{d}{dx} f: the derivative of what follows (a group or a
			// function's operand), never the fraction d/(dx)
			var body expr.Node
			if t := p.peek(); t.kind == tOp && t.text == "{" {
				body = p.parseGroup()
			} else {
				body = p.parseFuncOperand()
			}
			return &expr.Call{Fn: "diff", Args: []expr.Node{body, v}}
		}
		if d, ok := p.leibniz(); ok {
			return d
		}
		if n, ok := p.derivativeOf(); ok {
			return n
		}
		p.fracArg++
		num := p.parseArg()
		den := p.parseArg()
		p.fracArg--
		n := &expr.Mul{Factors: []expr.Node{num, &expr.Pow{Base: den, Exp: expr.Int(-1)}}}
		a, ok1 := num.(*expr.Num)
		b, ok2 := den.(*expr.Num)
		if ok1 && ok2 && a.V.IsInt() && b.V.IsInt() && !a.Dec && !b.Dec && b.V.Sign() != 0 {
			p.intFrac[n] = true
		}
		return n
	case "sqrt":
		var idx expr.Node
		q := p.pos
		if onlySpaces(p.tok(q)) {
			q = p.tok(q).End()
		}
		if isPunct(p.tok(q), '[') {
			p.pos = q + 1
			p.cacheOK = false
			p.bracket++
			idx = p.parseAdd()
			p.bracket--
			c := p.next()
			if !(c.kind == tOp && c.text == "]") {
				p.failf(c.start, "missing ] in \\sqrt[n]")
			}
		}
		x := p.parseArg()
		var e expr.Node = &expr.Num{V: big.NewRat(1, 2)}
		if idx != nil {
			if n, ok := idx.(*expr.Num); ok && n.V.IsInt() && n.V.Sign() > 0 {
				e = &expr.Num{V: new(big.Rat).Inv(n.V)}
			} else {
				e = &expr.Pow{Base: idx, Exp: expr.Int(-1)}
			}
		}
		return &expr.Pow{Base: x, Exp: e}
	case "binom", "dbinom", "tbinom":
		a := p.parseArg()
		b := p.parseArg()
		return &expr.Call{Fn: "binom", Args: []expr.Node{a, b}}
	case "pi":
		return &expr.Sym{Name: expr.Pi}
	case "varpi":
		// ϖ is a letter of its own (the lemniscate constant, an angular
		// frequency), never π: a letter, as \varphi is not \phi
		return &expr.Sym{Name: `\varpi`}
	case "infty", "infin", "infinity":
		return &expr.Sym{Name: expr.Inf}
	case "emptyset", "varnothing", "empty":
		return &expr.Set{}
	case "imath", "jmath":
		// dotless i and j are letters for accents (\hat{\imath} is a
		// unit vector), never the imaginary unit
		return &expr.Sym{Name: "\\" + name}
	case "mathbb", "Bbb", "mathbbm":
		raw, _ := p.rawArg()
		p.cacheOK = false
		w := strings.TrimSpace(raw)
		if w == "" || strings.IndexFunc(w, func(r rune) bool { return !(r < 0x80 && (isLetter(byte(r)) || r >= '0' && r <= '9')) }) >= 0 ||
			len(w) > 1 && !strings.ContainsFunc(w, func(r rune) bool { return r < 0x80 && isLetter(byte(r)) }) {
			// a blackboard letter (\mathbb{R}, \mathbb{1}, \mathbb{RP}); anything else
			// inside is not read, nor several digits (\mathbb{12} is no set)
			p.failf(t.start, "\\%s{%s} is not read (a blackboard letter is expected)", name, w)
		}
		return &expr.Sym{Name: "\\mathbb{" + w + "}"}
	case "R", "N", "Z", "Q", "C", "reals":
		return &expr.Sym{Name: "\\mathbb{" + name[:1] + "}"}
	case "left", "right":
		return p.parsePrimary()
	case "lvert", "vert", "|", "lVert", "Vert":
		closer := "rvert"
		if name == "|" || name == "lVert" || name == "Vert" {
			closer = "rVert"
		}
		return p.parseAbs(closer)
	case "lfloor", "lceil":
		x := p.parseAdd()
		c := p.next()
		want := "rfloor"
		fn := "floor"
		if name == "lceil" {
			want, fn = "rceil", "ceil"
		}
		if !(c.kind == tCmd && c.text == want) {
			p.failf(c.start, "missing \\%s", want)
		}
		return &expr.Call{Fn: fn, Args: []expr.Node{x}}
	case "langle":
		p.bracket++
		l := p.parseList(func(t token) bool { return t.kind == tCmd && t.text == "rangle" || t.kind == tEOF })
		p.bracket--
		c := p.next()
		if !(c.kind == tCmd && c.text == "rangle") {
			p.failf(c.start, "missing \\rangle")
		}
		if ls, ok := l.(*expr.List); ok {
			return &expr.Tuple{Items: ls.Items, Open: "<", Close: ">"}
		}
		return &expr.Tuple{Items: []expr.Node{l}, Open: "<", Close: ">"}
	case "{", "lbrace":
		p.bracket++
		if nt := p.peek(); nt.kind == tCmd && (nt.text == "}" || nt.text == "rbrace") {
			p.pos = nt.end
			p.bracket--
			return &expr.Set{}
		}
		if n, ok := p.trySetBuilder(); ok {
			p.bracket--
			return n
		}
		l := p.parseList(func(t token) bool {
			return t.kind == tCmd && (t.text == "}" || t.text == "rbrace" || t.text == "mid") || t.kind == tEOF || t.kind == tOp && t.text == "|"
		})
		p.bracket--
		c := p.next()
		if !(c.kind == tCmd && (c.text == "}" || c.text == "rbrace")) {
			p.failf(c.start, "missing \\} (set-builder notation is not supported)")
		}
		if ls, ok := l.(*expr.List); ok {
			return &expr.Set{Items: ls.Items}
		}
		return &expr.Set{Items: []expr.Node{l}}
	case "begin":
		return p.parseEnv(t)
	case "dots", "ldots", "cdots", "dotsc", "dotsb":
		return &expr.Sym{Name: "\\dots"}
	case "sum", "prod":
		return p.parseBigOp(name)
	case "int":
		return p.parseIntegral(t)
	case "lim":
		return p.parseLimit(t)
	case "operatorname", "operatorname*":
		raw, _ := p.rawArg()
		p.cacheOK = false
		w := strings.Join(strings.Fields(raw), "")
		switch w {
		case "e", "i", "\\pi":
			// \operatorname{i}: the upright constant
			return p.letterSym(strings.TrimPrefix(w, "\\"))
		case "Gamma", "\\Gamma":
			return p.parseFunction("gamma", t)
		}
		if fn, ok := funcNames[strings.ToLower(w)]; ok {
			return p.parseFunction(fn, t)
		}
		return p.parseFunction(w, t)
	case "$":
		return p.parsePrimary()
	case "textcolor", "colorbox", "raisebox":
		p.rawArg()
		p.cacheOK = false
		return p.parseArg()
	}
	if fn, ok := funcNames[name]; ok {
		return p.parseFunction(fn, t)
	}
	if textCmds[name] || fontCmds[name] {
		return p.parseTextCmd(name, t)
	}
	if name == "num" {
		// siunitx's \num{1500}, \num{1.5e3}: the number. siunitx reads a
		// comma as a decimal marker (\num{1,5} is 1.5), which this reader
		// does not: a comma inside is refused, never a thousands separator
		save := p.pos
		raw, ok := p.rawArg()
		if !ok || strings.Contains(raw, ",") {
			p.failf(t.start, `\num with a comma is not read (siunitx's comma is a decimal marker)`)
		}
		p.pos = save
		p.cacheOK = false
		return p.parseArg()
	}
	if wrapperCmds[name] {
		if name == "framebox" || name == "bbox" || name == "smash" {
			p.skipOptional()
		}
		if nt := p.peek(); nt.kind == tOp && nt.text == "{" {
			// \boxed{58,500}, \boxed{1, 2}: the box is not a set brace
			p.pos = nt.end
			n := p.parseList(func(t token) bool { return t.kind == tOp && t.text == "}" || t.kind == tEOF })
			c := p.next()
			if !(c.kind == tOp && c.text == "}") {
				p.failf(c.start, "missing } after \\%s", name)
			}
			return n
		}
		return p.parseArg()
	}
	if decorCmds[name] {
		return p.decorated(name, t)
	}
	if strikeCmds[name] {
		p.failf(t.start, "\\%s is not read: what it strikes out or underlines is not the answer", name)
	}
	if letterFontCmds[name] {
		raw, ok := p.rawArg()
		w := strings.TrimSpace(raw)
		if !ok || len(w) != 1 || !isLetter(w[0]) {
			p.failf(t.start, "\\%s around anything but one letter is not read", name)
		}
		p.cacheOK = false
		return &expr.Sym{Name: "\\" + name + "{" + w + "}"}
	}
	if fn, ok := greekFuncs[name]; ok {
		if nt := p.peek(); nt.kind == tOp && nt.text == "(" {
			// \Gamma(5), \zeta(2), \varphi(10): the function, never
			// the product of a symbol and the parenthesis (\zeta(2) is
			// not 2\zeta)
			return p.parseFunction(fn, t)
		}
	}
	if c, ok := uprightConsts[name]; ok {
		return &expr.Sym{Name: c}
	}
	if greek[name] || symbolCmds[name] {
		return &expr.Sym{Name: "\\" + name}
	}
	if name == "pm" || name == "mp" {
		p.failf(t.start, "\\%s with nothing after it", name) // (as an operand: "\sqrt{\pm}")
	}
	if len(name) > 1 && isLetter(name[0]) && p.betweenRelations(t) {
		// "1 = \zzz = x = 0": a whole side of an equation chain is a
		// named quantity, an opaque symbol equal only to itself (it
		// multiplies nothing and nothing vanishes)
		return &expr.Sym{Name: "\\" + name}
	}
	// closed world: a command no rule reads is refused, never kept as an
	// opaque symbol that could stand for anything
	p.failf(t.start, "the command \\%s is not read", name)
	return nil
}

// betweenRelations reports whether the command token t stands alone
// between two relation signs (= \zzz =).
func (p *parser) betweenRelations(t token) bool {
	pt := p.prevTok(t.start)
	for isBlank(pt) {
		pt = p.prevTok(pt.Pos)
	}
	if !isPunct(pt, '=') && !isPunct(pt, '<') && !isPunct(pt, '>') {
		return false
	}
	nt := p.peek()
	_, rel := p.relOp(nt)
	return rel
}

func (p *parser) skipOptional() {
	q := p.skipSpacesAt(p.pos)
	if !isPunct(p.tok(q), '[') {
		return
	}
	// up to the first ] (an optional argument holds no brackets)
	for k := q + 1; k < len(p.s); {
		t := p.tok(k)
		if isPunct(t, ']') {
			p.pos = t.End()
			p.cacheOK = false
			return
		}
		k = t.End()
	}
}

// parseTextCmd handles \text{...} and font commands at an operand position.
func (p *parser) parseTextCmd(name string, at token) expr.Node {
	save := p.pos
	raw, ok := p.rawArg()
	if !ok {
		p.failf(at.start, "missing argument of \\%s", name)
	}
	p.cacheOK = false
	w := strings.TrimSpace(raw)
	if w == "" {
		return p.parsePrimary()
	}
	fn, ok := funcNames[w]
	if l := strings.ToLower(w); !ok && (l == "lcm" || l == "gcd") {
		fn, ok = l, true // \text{LCM}(12,18)
	}
	if ok && (name == "mathrm" || name == "text" || name == "textrm" || name == "mathit") && fn != "sqrt" && fn != "abs" {
		// \mathrm{lcm}(12,18): a function written upright
		if fn == "mod" {
			p.failf(at.start, "\\%s{mod} outside a congruence is not read", name)
		}
		return p.parseFunction(fn, at)
	}
	// digits of a base above ten in text: \text{B7}_{12}
	if textDigits(w) && isPunct(p.tok(p.pos), '_') {
		at := token{start: p.pos}
		p.pos++
		sub, ok := p.rawArg()
		base, ok2 := baseOf(sub)
		if !ok || !ok2 {
			p.failf(at.start, "a subscript on text digits that is not a base")
		}
		p.cacheOK = false
		return p.inBase(strings.ToUpper(w), base, at)
	}
	if (w == "e" || w == "i") && textCmds[name] {
		// \text{e}^2, 1+\text{i}: the constant inside a formula; the
		// whole answer \text{e} stays a choice letter, as \text{E} is
		if rest := p.skipSpacesAt(p.pos); at.start > 0 || p.tok(rest).Kind != texscan.EOF {
			return p.letterSym(w)
		}
	}
	if textCmds[name] || name == "mathrm" && len(w) > 1 {
		c := strings.Trim(w, "() ")
		if len(c) == 1 && isLetter(c[0]) && (strings.HasPrefix(w, "(") || textCmds[name]) {
			return &expr.Text{S: strings.ToUpper(c)}
		}
		if isWordText(w) && !isFuncWord(w) {
			// words before more of the answer ("\text{not }28", "\text{at
			// least }8") are part of it
			nt := p.peek()
			_, _, sep := p.isSep(nt)
			if nt.kind != tEOF && !sep && p.canStartFactor(nt) {
				p.words()
			}
			return &expr.Text{S: w}
		}
	}
	// math inside: parse the content in place
	p.pos = p.skipSpacesAt(save)
	if p.tok(p.pos).Kind == texscan.Open {
		p.pos++
		p.cacheOK = false
		p.bracket++
		n := p.parseList(func(t token) bool { return t.kind == tOp && t.text == "}" || t.kind == tEOF })
		p.bracket--
		c := p.next()
		if !(c.kind == tOp && c.text == "}") {
			p.failf(c.start, "missing }")
		}
		return n
	}
	p.cacheOK = false
	return p.parseArg()
}

// parseBigOp parses \sum_{k=a}^{b} body (or \prod).
func (p *parser) parseBigOp(name string) expr.Node {
	var v expr.Node = &expr.Sym{Name: "k"}
	var lo, hi expr.Node = &expr.Sym{Name: "?"}, &expr.Sym{Name: "?"}
	for i := 0; i < 2; i++ {
		t := p.peek()
		if t.kind == tOp && t.text == "_" {
			p.pos = t.end
			sub := p.parseArg()
			r, ok := sub.(*expr.Rel)
			if !ok || len(r.Sides) != 2 || r.Ops[0] != "=" {
				// \sum_{k \in S}, \sum_{k}: no range to read
				p.failf(t.start, "the subscript of \\%s must be index = lower bound", name)
			}
			v, lo = r.Sides[0], r.Sides[1]
			continue
		}
		if t.kind == tOp && t.text == "^" {
			p.pos = t.end
			hi = p.parseExponent()
			continue
		}
		break
	}
	if s, ok := lo.(*expr.Sym); ok && s.Name == "?" {
		p.failf(p.pos, "a \\%s without its index and lower bound (_{k=1}) is not read", name)
	}
	if s, ok := hi.(*expr.Sym); ok && s.Name == "?" {
		p.failf(p.pos, "a \\%s without its upper bound (^{n}) is not read", name)
	}
	if _, ok := v.(*expr.Sym); !ok {
		p.failf(p.pos, "the index of a \\%s must be one variable", name)
	}
	body := p.parseMul()
	return &expr.Call{Fn: name, Args: []expr.Node{body, v, lo, hi}}
}

var matrixEnvs = map[string]bool{"pmatrix": true, "bmatrix": true, "Bmatrix": true, "vmatrix": true, "Vmatrix": true,
	"matrix": true, "smallmatrix": true, "array": true, "cases": true, "psmallmatrix": true, "bsmallmatrix": true}

func (p *parser) parseEnv(at token) expr.Node {
	env, end := p.envNameAt(p.pos)
	if env == "" {
		p.failf(at.start, "\\begin without environment name")
	}
	p.pos = end
	p.cacheOK = false
	if !matrixEnvs[env] {
		p.failf(at.start, "unsupported environment %s", env)
	}
	if env == "array" {
		p.rawArg() // column specification
		p.cacheOK = false
	}
	p.inMatrix++
	saveBracket := p.bracket
	p.bracket = 1
	var rows [][]expr.Node
	var row []expr.Node
	for {
		t := p.peek()
		if t.kind == tEOF {
			p.failf(t.start, "missing \\end{%s}", env)
		}
		if t.kind == tCmd && t.text == "end" {
			e2, endPos := p.envNameAt(t.end)
			if e2 != env {
				p.failf(t.start, "\\end{%s} closes \\begin{%s}", e2, env)
			}
			p.pos = endPos
			p.cacheOK = false
			break
		}
		if t.kind == tOp && t.text == "&" {
			p.pos = t.end
			row = append(row, nil)
			continue
		}
		if t.kind == tOp && t.text == "\\\\" {
			p.pos = t.end
			rows = append(rows, row)
			row = nil
			continue
		}
		cell := p.parseRel()
		if len(row) > 0 && row[len(row)-1] == nil {
			row[len(row)-1] = cell
		} else {
			row = append(row, cell)
		}
		nt := p.peek()
		if !(nt.kind == tOp && (nt.text == "&" || nt.text == "\\\\") || nt.kind == tCmd && nt.text == "end") {
			p.failf(nt.start, "unexpected %q in matrix", nt.text)
		}
	}
	if len(row) > 0 {
		rows = append(rows, row)
	}
	p.inMatrix--
	p.bracket = saveBracket
	// drop empty rows; a nil cell is an error
	out := &expr.Matrix{}
	for _, r := range rows {
		if len(r) == 0 {
			continue
		}
		for _, c := range r {
			if c == nil {
				p.failf(at.start, "empty matrix cell")
			}
		}
		out.Rows = append(out.Rows, r)
	}
	if len(out.Rows) == 0 {
		p.failf(at.start, "empty matrix")
	}
	w := len(out.Rows[0])
	for _, r := range out.Rows {
		if len(r) != w {
			p.failf(at.start, "matrix rows have different lengths")
		}
	}
	if env == "vmatrix" || env == "Vmatrix" {
		// bars around the entries: a determinant (or a norm), a number,
		// never the matrix itself
		return &expr.Call{Fn: "det", Args: []expr.Node{out}}
	}
	return out
}

// funcAppAt reads the head of an application of f or g at i: the name,
// an optional inverse mark ^{-1} (spaces allowed inside the braces) or
// ^-1, or up to three primes, then "(" or "\left(". It returns the end of
// the head (before the parenthesis).
func (p *parser) funcAppAt(i int) (int, bool) {
	f := p.tok(i)
	if f.Text != "f" && f.Text != "g" {
		return 0, false
	}
	k := f.End()
	if isPunct(p.tok(k), '^') {
		if isPunct(p.tok(k+1), '-') && p.tok(k+2).Text == "1" {
			k += 3
		} else if j := p.skipSpacesAt(k + 1); p.tok(j).Kind == texscan.Open {
			j = p.skipSpacesAt(j + 1)
			if !isPunct(p.tok(j), '-') {
				return 0, false
			}
			if j = p.skipSpacesAt(j + 1); p.tok(j).Text != "1" {
				return 0, false
			}
			if j = p.skipSpacesAt(j + 1); p.tok(j).Kind != texscan.Close {
				return 0, false
			}
			k = j + 1
		} else {
			return 0, false
		}
	}
	for n := 0; n < 3 && isPunct(p.tok(k), '\''); n++ {
		k++
	}
	if isPunct(p.tok(k), '(') {
		return k, true
	}
	if j := p.skipSpacesAt(k); p.tok(j).Is("left") && isPunct(p.tok(p.skipSpacesAt(j+len(`\left`))), '(') {
		return k, true
	}
	return 0, false
}

// setBuilderHeadAt reads the head of a set-builder set after \{ at i: one
// letter variable, optionally "\in \mathbb{R}" (the reals only: over Z or
// N the set is discrete and is not the interval its condition describes),
// then the separator \mid, |, :, \colon or \vert (after an optional
// \middle). It returns the variable and the offset after the separator.
func (p *parser) setBuilderHeadAt(i int) (string, int, bool) {
	k := p.skipSpacesAt(i)
	v := p.tok(k)
	if v.Kind != texscan.Word || len(v.Text) != 1 {
		return "", 0, false
	}
	k = p.skipSpacesAt(v.End())
	if p.tok(k).Is("in") {
		e, ok := p.realsAt(p.skipSpacesAt(k + len(`\in`)))
		if !ok {
			return "", 0, false
		}
		k = p.skipSpacesAt(e)
	}
	if p.tok(k).Is("middle") {
		k = p.skipSpacesAt(k + len(`\middle`))
	}
	switch t := p.tok(k); {
	case t.Is("mid") || t.Is("vert") || t.Is("colon"):
		if e := t.End(); e < len(p.s) && (isDigit(p.s[e]) || p.s[e] == '_') {
			return "", 0, false // \mid2: no word boundary, as the pattern had it
		}
		return v.Text, t.End(), true
	case isPunct(t, '|') || isPunct(t, ':'):
		return v.Text, t.End(), true
	}
	return "", 0, false
}

// realsAt reads a name of the reals at i: \mathbb{R}, \mathbb R, \mathbbR,
// \Bbb{R} (braces optional), \R, \mathbf{R} or ℝ. It returns the offset
// after it.
func (p *parser) realsAt(i int) (int, bool) {
	t := p.tok(i)
	// r reads the R of a name at k, in braces when braced says so
	// (optional when it is -1)
	r := func(k int, braced int) (int, bool) {
		k = p.skipSpacesAt(k)
		open := p.tok(k).Kind == texscan.Open
		if open && braced == 0 || !open && braced == 1 {
			return 0, false
		}
		if open {
			k = p.skipSpacesAt(k + 1)
		}
		if p.tok(k).Text != "R" {
			return 0, false
		}
		k++
		if !open {
			if braced == -1 {
				if j := p.skipSpacesAt(k); p.tok(j).Kind == texscan.Close {
					return j + 1, true
				}
			}
			return k, true
		}
		k = p.skipSpacesAt(k)
		if p.tok(k).Kind != texscan.Close {
			if braced == -1 {
				return k, true // \Bbb{R: each brace of \Bbb is optional
			}
			return 0, false
		}
		return k + 1, true
	}
	switch {
	case t.Is("mathbbR") || t.Text == "ℝ":
		return t.End(), true
	case t.Is("BbbR"):
		if j := p.skipSpacesAt(t.End()); p.tok(j).Kind == texscan.Close {
			return j + 1, true
		}
		return t.End(), true
	case t.Is("R"):
		if e := t.End(); e < len(p.s) && (isDigit(p.s[e]) || p.s[e] == '_') {
			return 0, false
		}
		return t.End(), true
	case t.Is("mathbb"):
		if e, ok := r(t.End(), 1); ok {
			return e, true
		}
		return r(t.End(), 0)
	case t.Is("Bbb"):
		return r(t.End(), -1)
	case t.Is("mathbf"):
		return r(t.End(), 1)
	}
	return 0, false
}

// trySetBuilder parses the set-builder set \{x \mid cond\} (also with |, :,
// and x \in \mathbb{R}) after the opening \{. The set of reals it denotes
// is what its condition says of x, so it becomes the condition itself: one
// inequality, a chain (2 < x < 5) or a membership (x \in [2, 5)), with x
// free in it; equiv already compares such relations with intervals and with
// other relations by the set they describe. Anything else (a conjunction
// "x > 1 and x < 5", an equation whose solutions are a finite set, another
// element form) is left to the plain set parser, which rejects a \mid or |
// separator: never a guess.
func (p *parser) trySetBuilder() (expr.Node, bool) {
	name, end, ok := p.setBuilderHeadAt(p.pos)
	if !ok {
		return nil, false
	}
	start := p.pos
	if p.s[end-1] == ':' && end < len(p.s) && p.s[end] == '=' {
		return nil, false // ":=" is an assignment, not a separator
	}
	p.pos = end
	p.cacheOK = false
	cond := p.parseList(func(t token) bool {
		return t.kind == tCmd && (t.text == "}" || t.text == "rbrace") || t.kind == tEOF
	})
	c := p.next()
	if !(c.kind == tCmd && (c.text == "}" || c.text == "rbrace")) {
		p.failf(c.start, "missing \\} after set-builder condition")
	}
	r, ok := cond.(*expr.Rel)
	if !ok {
		// not a condition ({a : b} is a set holding a ratio): parse as before
		p.pos, p.cacheOK = start, false
		return nil, false
	}
	ineq := true
	for _, op := range r.Ops {
		if op != "<" && op != "<=" && op != ">" && op != ">=" {
			ineq = false
		}
	}
	member := len(r.Ops) == 1 && r.Ops[0] == "in"
	if member {
		if s, ok := r.Sides[0].(*expr.Sym); !ok || s.Name != name {
			member = false
		}
	}
	if !ineq && !member || !expr.FreeVars(r)[name] {
		p.pos, p.cacheOK = start, false
		return nil, false
	}
	r.Bound = name
	return r, true
}
